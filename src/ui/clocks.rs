//! The chess clocks, at the right end of each player's line in the side panel.
//!
//! The time shown is the app's, as of its last tick: drawing never reads the clock.

use ratatui::buffer::Buffer;
use ratatui::layout::Rect;
use ratatui::style::{Modifier, Style};
use ratatui::text::{Line, Span};
use ratatui::widgets::Widget;

use super::theme::Look;
use crate::app::App;
use crate::clock::{ClockFace, format_display};
use hotseat_chess::Color;

/// Draws `side`'s clock at the right end of `row` (one line), if the game has clocks.
/// Beside it, dimmed: the moves left in a stage with a move count (`12 to go`), and a
/// simple delay counting down before the time runs (`d3.2`).
/// Returns the columns it took (none without clocks), which the player's line leaves
/// free.
pub fn render(row: Rect, buf: &mut Buffer, app: &App, side: Color, look: &Look) -> u16 {
    let Some(face) = app.clock_face(side) else { return 0 };
    let mut spans = Vec::with_capacity(3);
    if let Some(to_go) = face.to_go {
        spans.push(Span::styled(format!("{to_go} to go"), look.dim()));
    }
    if let Some(delay) = face.delay {
        spans.push(Span::styled(format!(" d{}", format_display(delay)), look.dim()));
    }
    let clock = clock_span(face, app.clocks_paused(), look);
    // On a narrow panel the clock alone, rather than nothing.
    spans.push(clock);
    let mut line = Line::from(spans);
    if line.width() >= usize::from(row.width) {
        line = Line::from(line.spans.split_off(line.spans.len() - 1));
    }
    let width = line.width() as u16;
    if row.width <= width || row.height == 0 {
        return 0;
    }
    line.render(Rect { x: row.right() - width, width, ..row }, buf);
    width
}

/// ` 4:59 `: the running clock in the banner's colours, a low clock in the warning
/// colour and underlined (readable without colour too), a paused one dimmed.
fn clock_span(face: ClockFace, paused: bool, look: &Look) -> Span<'static> {
    let text = format!(" {} ", format_display(face.left));
    let mut style = if face.running {
        look.banner()
    } else if paused {
        look.dim()
    } else {
        Style::new()
    };
    if face.low {
        let warn = look.error().add_modifier(Modifier::UNDERLINED);
        style = if face.running { warn.add_modifier(Modifier::REVERSED) } else { style.patch(warn) };
    }
    Span::styled(text, style)
}

#[cfg(test)]
mod tests {
    use std::time::{Duration, Instant};

    use ratatui::style::Modifier;

    use super::*;
    use crate::app::{Action, Edit};
    use hotseat_chess::{ByColor, Game};

    fn app_with_clocks(control: &str, t0: Instant) -> App {
        let control = control.parse().expect("valid time control");
        let controls = ByColor { white: control, black: control };
        let mut app = App::new(Game::new()).with_clocks(controls, &[], t0);
        for san in ["e4", "e5"] {
            for c in san.chars() {
                app.update(Action::Edit(Edit::Type(c)));
            }
            app.update(Action::Edit(Edit::Submit));
        }
        app
    }

    fn row_text(buf: &Buffer, y: u16) -> String {
        (0..buf.area.width).map(|x| buf[(x, y)].symbol()).collect()
    }

    #[test]
    fn the_running_clock_is_reversed_and_a_low_clock_underlined_even_without_colour() {
        let look = Look { colors: crate::ui::ColorSupport::None, ..Look::default() };
        let t0 = Instant::now();
        let mut app = app_with_clocks("1+0", t0);
        app.update(Action::Tick(t0 + Duration::from_millis(52_500)));
        let mut buf = Buffer::empty(Rect::new(0, 0, 20, 2));
        render(Rect::new(0, 0, 20, 1), &mut buf, &app, Color::White, &look);
        render(Rect::new(0, 1, 20, 1), &mut buf, &app, Color::Black, &look);
        assert_eq!(row_text(&buf, 0), format!("{:>20}", " 7.5 "));
        assert_eq!(row_text(&buf, 1), format!("{:>20}", " 1:00 "));
        let white = buf[(16, 0)].modifier;
        assert!(white.contains(Modifier::REVERSED | Modifier::UNDERLINED), "{white:?}");
        assert!(!buf[(16, 1)].modifier.contains(Modifier::REVERSED));
    }

    #[test]
    fn no_clocks_draw_nothing() {
        let app = App::new(Game::new());
        let mut buf = Buffer::empty(Rect::new(0, 0, 20, 1));
        render(buf.area, &mut buf, &app, Color::White, &Look::default());
        assert_eq!(row_text(&buf, 0).trim(), "");
    }

    #[test]
    fn a_stage_shows_the_moves_to_go_and_a_delay_counts_down_beside_the_clock() {
        let t0 = Instant::now();
        let mut app = app_with_clocks("40/90+30,30+30", t0);
        app.update(Action::Tick(t0));
        let mut buf = Buffer::empty(Rect::new(0, 0, 24, 1));
        render(buf.area, &mut buf, &app, Color::White, &Look::default());
        assert_eq!(row_text(&buf, 0), format!("{:>24}", "39 to go 1:30:00 "), "one of 40 moves made");
        let mut narrow = Buffer::empty(Rect::new(0, 0, 12, 1));
        render(narrow.area, &mut narrow, &app, Color::White, &Look::default());
        assert_eq!(
            row_text(&narrow, 0),
            format!("{:>12}", " 1:30:00 "),
            "the clock alone when both cannot fit"
        );
        let control = crate::clock::TimeControl::new(
            Duration::from_secs(60),
            crate::clock::Bonus::Delay(Duration::from_secs(3)),
        );
        let mut app = App::new(Game::new()).with_clocks(ByColor { white: control, black: control }, &[], t0);
        for san in ["e4", "e5"] {
            for c in san.chars() {
                app.update(Action::Edit(Edit::Type(c)));
            }
            app.update(Action::Edit(Edit::Submit));
        }
        app.update(Action::Tick(t0 + Duration::from_millis(800)));
        let mut buf = Buffer::empty(Rect::new(0, 0, 24, 1));
        render(buf.area, &mut buf, &app, Color::White, &Look::default());
        assert_eq!(row_text(&buf, 0), format!("{:>24}", " d2.2 1:00 "));
    }
}
