//! Large pieces for large squares: small pixel drawings shown with half-block
//! characters, two pixels to a cell (a cell is about twice as tall as it is wide, so
//! the pixels come out about square).
//!
//! A one-cell glyph in a square twenty cells wide is lost; from squares nine cells
//! wide the board draws these instead, scaled by whole numbers so they stay crisp.

use ratatui::buffer::Buffer;
use ratatui::layout::Rect;
use ratatui::style::{Color, Style};

use super::text::put;
use hotseat_chess::Role;

/// A drawing of a piece: rows of pixels, `#` set and `.` clear, an even number of
/// rows of equal width.
#[derive(Clone, Copy, Debug)]
pub struct Sprite(&'static [&'static str]);

impl Sprite {
    fn width(self) -> u16 {
        self.0[0].len() as u16
    }

    fn height_px(self) -> u16 {
        self.0.len() as u16
    }

    fn pixel(self, x: u16, y: u16) -> bool {
        self.0.get(usize::from(y)).and_then(|row| row.as_bytes().get(usize::from(x))) == Some(&b'#')
    }
}

/// Pieces 7 pixels wide and 8 high (7 × 4 cells), in role order: pawn first. The
/// top row is empty so that pieces on neighbouring ranks do not touch.
const MEDIUM: [Sprite; 6] = [
    Sprite(&[".......", "...#...", "..###..", "...#...", "..###..", "..###..", ".#####.", ".#####."]),
    Sprite(&[".......", "..#.#..", ".#####.", "##.####", "...####", "..####.", ".#####.", "#######"]),
    Sprite(&[".......", "...#...", ".##.##.", ".#.###.", "..###..", "...#...", "..###..", "#######"]),
    Sprite(&[".......", ".#.#.#.", ".#####.", "..###..", "..###..", "..###..", ".#####.", "#######"]),
    Sprite(&[".......", "#..#..#", ".#.#.#.", ".#####.", "..###..", "..###..", ".#####.", "#######"]),
    Sprite(&[".......", "...#...", "..###..", "...#...", "#######", ".#####.", "..###..", "#######"]),
];

/// Pieces 9 pixels wide and 10 high (9 × 5 cells), in role order: pawn first.
const LARGE: [Sprite; 6] = [
    Sprite(&[
        ".........",
        "...###...",
        "...###...",
        "....#....",
        "...###...",
        "...###...",
        "..#####..",
        "..#####..",
        ".#######.",
        ".#######.",
    ]),
    Sprite(&[
        ".........",
        "....#.#..",
        "..######.",
        ".##.#####",
        "#########",
        "###.#####",
        "#...#####",
        "....####.",
        "...#####.",
        "#########",
    ]),
    Sprite(&[
        ".........",
        "....#....",
        "...###...",
        "..###.#..",
        ".###.###.",
        ".##.####.",
        "...###...",
        "....#....",
        ".#######.",
        "#########",
    ]),
    Sprite(&[
        ".........",
        ".##.#.##.",
        ".#######.",
        ".#######.",
        "..#####..",
        "..#####..",
        "..#####..",
        ".#######.",
        "#########",
        "#########",
    ]),
    Sprite(&[
        ".........",
        "#...#...#",
        ".#..#..#.",
        ".#.###.#.",
        ".#######.",
        "..#####..",
        "...###...",
        "..#####..",
        ".#######.",
        "#########",
    ]),
    Sprite(&[
        ".........",
        "....#....",
        "...###...",
        "....#....",
        ".##.#.##.",
        "#########",
        ".#######.",
        "..#####..",
        ".#######.",
        "#########",
    ]),
];

/// The largest drawing of `role`, and its scale, that fits a square of `width` ×
/// `height` cells with a column free at each side; `None` for small squares.
pub fn fit(role: Role, width: u16, height: u16) -> Option<(Sprite, u16)> {
    [LARGE, MEDIUM]
        .iter()
        .map(|set| set[role as usize])
        .filter_map(|sprite| {
            let by_width = width.saturating_sub(2) / sprite.width();
            let by_height = (2 * height) / sprite.height_px();
            let scale = by_width.min(by_height);
            (scale >= 1).then_some((sprite, scale))
        })
        .max_by_key(|(sprite, scale)| sprite.width() * scale)
}

/// Draws a sprite centred in `square`, in `color`, over what the square shows.
pub fn draw(
    buf: &mut Buffer,
    square: Rect,
    sprite: Sprite,
    scale: u16,
    color: Option<Color>,
    background: Style,
) {
    let width = sprite.width() * scale;
    let rows = (sprite.height_px() * scale).div_ceil(2);
    let left = square.x + (square.width.saturating_sub(width)) / 2;
    let top = square.y + (square.height.saturating_sub(rows)).div_ceil(2);
    let ink = |x: u16, y: u16| sprite.pixel(x / scale, y / scale);
    for row in 0..rows {
        for col in 0..width {
            let (upper, lower) = (ink(col, 2 * row), ink(col, 2 * row + 1));
            let symbol = match (upper, lower) {
                (true, true) => "█",
                (true, false) => "▀",
                (false, true) => "▄",
                (false, false) => continue,
            };
            let style = match color {
                Some(c) => background.fg(c),
                None => background,
            };
            put(buf, left + col, top + row, symbol, style);
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_drawing_is_a_rectangle_of_pixels_with_an_even_height() {
        for set in [MEDIUM, LARGE] {
            for sprite in set {
                assert_eq!(sprite.height_px() % 2, 0, "{sprite:?}");
                assert!(sprite.0.iter().all(|row| row.len() == usize::from(sprite.width())), "{sprite:?}");
                assert!(sprite.0.iter().all(|row| row.bytes().all(|b| b == b'#' || b == b'.')), "{sprite:?}");
            }
        }
    }

    #[test]
    fn small_squares_keep_glyphs_and_large_ones_scale_by_whole_numbers() {
        assert!(fit(Role::Queen, 7, 3).is_none());
        assert_eq!(fit(Role::Queen, 9, 4).map(|(s, k)| (s.width(), k)), Some((7, 1)));
        assert_eq!(fit(Role::Queen, 11, 5).map(|(s, k)| (s.width(), k)), Some((9, 1)));
        assert_eq!(fit(Role::Queen, 21, 10).map(|(s, k)| (s.width(), k)), Some((9, 2)));
        assert_eq!(fit(Role::Queen, 49, 24).map(|(s, k)| (s.width(), k)), Some((7, 6)));
    }
}
