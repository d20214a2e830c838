//! The screen as an SVG picture with its colours, for the README and the manual: one rectangle per
//! run of background colour and one text element per character.

use std::fmt::Write as _;

use ratatui::buffer::Buffer;
use ratatui::style::{Color, Modifier};

/// Cell size in the SVG: a terminal cell is about twice as tall as wide.
const CELL_W: f32 = 9.6;
const CELL_H: f32 = 20.0;
const FOREGROUND: (u8, u8, u8) = (0xd8, 0xd8, 0xd8);
const BACKGROUND: (u8, u8, u8) = (0x1c, 0x1c, 0x1c);

fn hex((r, g, b): (u8, u8, u8)) -> String {
    format!("#{r:02x}{g:02x}{b:02x}")
}

fn rgb(color: Color, default: (u8, u8, u8)) -> (u8, u8, u8) {
    match color {
        Color::Rgb(r, g, b) => (r, g, b),
        // The 16 basic colours as xterm shows them by default.
        Color::Black => (0, 0, 0),
        Color::Red => (0xcd, 0, 0),
        Color::Green => (0, 0xcd, 0),
        Color::Yellow => (0xcd, 0xcd, 0),
        Color::Blue => (0, 0, 0xee),
        Color::Magenta => (0xcd, 0, 0xcd),
        Color::Cyan => (0, 0xcd, 0xcd),
        Color::Gray => (0xe5, 0xe5, 0xe5),
        Color::DarkGray => (0x7f, 0x7f, 0x7f),
        Color::LightRed => (0xff, 0, 0),
        Color::LightGreen => (0, 0xff, 0),
        Color::LightYellow => (0xff, 0xff, 0),
        Color::LightBlue => (0x5c, 0x5c, 0xff),
        Color::LightMagenta => (0xff, 0, 0xff),
        Color::LightCyan => (0, 0xff, 0xff),
        Color::White => (0xff, 0xff, 0xff),
        Color::Indexed(i) => xterm_rgb(i),
        Color::Reset => default,
    }
}

/// The RGB of an xterm 256-colour index from the cube or the grey ramp.
fn xterm_rgb(i: u8) -> (u8, u8, u8) {
    const LEVELS: [u8; 6] = [0, 95, 135, 175, 215, 255];
    match i {
        16..=231 => {
            let i = i - 16;
            (LEVELS[usize::from(i / 36)], LEVELS[usize::from(i / 6 % 6)], LEVELS[usize::from(i % 6)])
        }
        232.. => {
            let v = 8 + 10 * (i - 232);
            (v, v, v)
        }
        _ => rgb(
            [
                Color::Black,
                Color::Red,
                Color::Green,
                Color::Yellow,
                Color::Blue,
                Color::Magenta,
                Color::Cyan,
                Color::Gray,
                Color::DarkGray,
                Color::LightRed,
                Color::LightGreen,
                Color::LightYellow,
                Color::LightBlue,
                Color::LightMagenta,
                Color::LightCyan,
                Color::White,
            ][usize::from(i)],
            (0, 0, 0),
        ),
    }
}

fn escape(s: &str) -> String {
    s.replace('&', "&amp;").replace('<', "&lt;").replace('>', "&gt;")
}

/// Converts a buffer to SVG: one rectangle per run of background colour, one text
/// element per character so that every glyph sits in its cell whatever the font.
pub fn svg(buf: &Buffer) -> String {
    let area = buf.area;
    let (width, height) = (f32::from(area.width) * CELL_W, f32::from(area.height) * CELL_H);
    let mut out = String::new();
    writeln!(
        out,
        r#"<svg xmlns="http://www.w3.org/2000/svg" width="{width}" height="{height}" viewBox="0 0 {width} {height}" shape-rendering="crispEdges">"#
    )
    .expect("write");
    writeln!(
        out,
        r#"<style>text{{font-family:"DejaVu Sans Mono","Menlo","Consolas",monospace;font-size:16px;white-space:pre}}.b{{font-weight:bold}}.d{{opacity:.55}}</style>"#
    )
    .expect("write");
    writeln!(out, r#"<rect width="100%" height="100%" fill="{}"/>"#, hex(BACKGROUND)).expect("write");
    for y in 0..area.height {
        let mut x = 0;
        while x < area.width {
            let bg = colours(&buf[(x, y)]).1;
            let start = x;
            while x < area.width && colours(&buf[(x, y)]).1 == bg {
                x += 1;
            }
            if bg != BACKGROUND {
                writeln!(
                    out,
                    r#"<rect x="{}" y="{}" width="{}" height="{CELL_H}" fill="{}"/>"#,
                    f32::from(start) * CELL_W,
                    f32::from(y) * CELL_H,
                    f32::from(x - start) * CELL_W,
                    hex(bg)
                )
                .expect("write");
            }
        }
    }
    for y in 0..area.height {
        for x in 0..area.width {
            let cell = &buf[(x, y)];
            let symbol = cell.symbol();
            if symbol.trim().is_empty() {
                continue;
            }
            let (fg, _) = colours(cell);
            let (left, top) = (f32::from(x) * CELL_W, f32::from(y) * CELL_H);
            // Block characters as rectangles, so large pieces stay crisp in any font.
            let block = match symbol {
                "█" => Some((0.0, 1.0)),
                "▀" => Some((0.0, 0.5)),
                "▄" => Some((0.5, 0.5)),
                _ => None,
            };
            if let Some((offset, part)) = block {
                writeln!(
                    out,
                    r#"<rect x="{left:.1}" y="{:.1}" width="{CELL_W}" height="{:.1}" fill="{}"/>"#,
                    top + offset * CELL_H,
                    part * CELL_H,
                    hex(fg)
                )
                .expect("write");
                continue;
            }
            let mut class = Vec::new();
            if cell.modifier.contains(Modifier::BOLD) {
                class.push("b");
            }
            if cell.modifier.contains(Modifier::DIM) {
                class.push("d");
            }
            let class =
                if class.is_empty() { String::new() } else { format!(r#" class="{}""#, class.join(" ")) };
            writeln!(
                out,
                r#"<text x="{:.1}" y="{:.1}" fill="{}"{class}>{}</text>"#,
                f32::from(x) * CELL_W,
                f32::from(y) * CELL_H + CELL_H * 0.75,
                hex(fg),
                escape(symbol)
            )
            .expect("write");
        }
    }
    out.push_str("</svg>\n");
    out
}

/// A cell's foreground and background, reverse video applied.
fn colours(cell: &ratatui::buffer::Cell) -> ((u8, u8, u8), (u8, u8, u8)) {
    let fg = rgb(cell.fg, FOREGROUND);
    let bg = rgb(cell.bg, BACKGROUND);
    if cell.modifier.contains(Modifier::REVERSED) { (bg, fg) } else { (fg, bg) }
}

/// Checks that the README picture `assets/<name>` is `fresh`, the picture drawn now;
/// with `UPDATE_SCREENSHOT` set, writes it instead. `test` names the test binary that
/// draws it, for the message.
pub fn assert_picture_current(name: &str, fresh: &str, test: &str) {
    let path = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("assets").join(name);
    if std::env::var_os("UPDATE_SCREENSHOT").is_some() {
        std::fs::create_dir_all(path.parent().expect("assets")).expect("the assets folder");
        std::fs::write(&path, fresh).expect("write the picture");
        return;
    }
    let stored = std::fs::read_to_string(&path).unwrap_or_default();
    assert!(
        stored == fresh,
        "assets/{name} is out of date: run `UPDATE_SCREENSHOT=1 cargo test --test it {test}::` and commit it"
    );
}
