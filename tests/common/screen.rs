//! The game screen drawn headless on ratatui's `TestBackend`, and read back as text.

use hotseat::app::App;
use hotseat::ui::{self, Look, View};
use ratatui::Terminal;
use ratatui::backend::TestBackend;
use ratatui::buffer::Buffer;

/// The screen of `app` in `width` x `height` cells, with what the loop hands over
/// beyond the app (`view`: the PGN).
pub fn draw_view(app: &App, view: &View<'_>, look: &Look, width: u16, height: u16) -> Buffer {
    let mut terminal = Terminal::new(TestBackend::new(width, height)).expect("test terminal");
    terminal.draw(|frame| ui::render(frame, app, view, look)).expect("draws");
    terminal.backend().buffer().clone()
}

/// The screen of `app` in `width` x `height` cells.
pub fn draw(app: &App, look: &Look, width: u16, height: u16) -> Buffer {
    draw_view(app, &View::default(), look, width, height)
}

/// The buffer as lines of text, trailing blanks trimmed, each ending in a line break.
pub fn text(buf: &Buffer) -> String {
    let area = buf.area;
    let mut out = String::new();
    for y in 0..area.height {
        let line: String = (0..area.width).map(|x| buf[(x, y)].symbol()).collect();
        out.push_str(line.trim_end());
        out.push('\n');
    }
    out
}
