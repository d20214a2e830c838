//! Draws an [`App`] into a terminal frame.
//!
//! Rendering reads the app by shared reference and never changes it, reads a clock or
//! does I/O: the same app and the same size always give the same screen. The
//! [`hit_test`] for the mouse uses the same [`layout()`] as the drawing code.

mod bars;
mod board;
mod clocks;
pub mod layout;
pub mod library;
mod notes;
mod overlay;
mod panel;
mod record;
mod review;
mod sprites;
mod text;
pub mod theme;
mod written;

use ratatui::Frame;
use ratatui::buffer::Buffer;
use ratatui::layout::Rect;

use crate::app::{Action, App, Mode, Pointer};
use crate::printable::acts_on_terminal;
use hotseat_chess::Role;

pub use layout::{MIN_HEIGHT, MIN_WIDTH, ScreenLayout, layout};
pub use theme::{ColorSupport, Look, PieceSet, THEMES, Theme};

/// What the screen shows beyond the app, handed to [`render`] by the loop for each
/// frame (nothing outside the app writes into it).
#[derive(Clone, Copy, Default)]
pub struct View<'a> {
    /// The game as PGN, for the record screen; the loop builds it only while that
    /// screen is open.
    pub pgn: Option<&'a str>,
    /// Whether this terminal may do an action, by the session's door: the key bar and
    /// the help offer only what it may. `None`: everything (one keyboard).
    pub may: Option<&'a dyn Fn(&Action) -> bool>,
    /// Whether other terminals are in the game (chat reaches someone).
    pub company: bool,
    /// Whether an engine plays a side (Ctrl-B takes it back).
    pub engine: bool,
    /// Whether a coach is on (Ctrl-A asks it).
    pub coach: bool,
}

impl View<'_> {
    /// Whether this terminal may do `action` at all.
    pub fn may(&self, action: &Action) -> bool {
        self.may.is_none_or(|may| may(action))
    }
}

impl std::fmt::Debug for View<'_> {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("View")
            .field("pgn", &self.pgn)
            .field("company", &self.company)
            .field("engine", &self.engine)
            .field("coach", &self.coach)
            .finish_non_exhaustive()
    }
}

/// Draws the whole screen into a frame.
pub fn render(frame: &mut Frame<'_>, app: &App, view: &View<'_>, look: &Look) {
    let area = frame.area();
    render_buffer(area, frame.buffer_mut(), app, view, look);
    neutralise(frame.buffer_mut());
}

/// Takes out of every cell the characters a terminal could act on (bidi overrides
/// and marks, controls), whatever text put them there: a name or a comment from a
/// file keeps them in the record, never on the screen. They take no column, so the
/// layout stays as drawn.
pub fn neutralise(buf: &mut Buffer) {
    for cell in &mut buf.content {
        if cell.symbol().chars().any(acts_on_terminal) {
            let kept: String = cell.symbol().chars().filter(|&c| !acts_on_terminal(c)).collect();
            cell.set_symbol(if kept.is_empty() { " " } else { &kept });
        }
    }
}

/// Whether the screen of `area` is big enough for the game; a smaller one shows only
/// how big it must be, and the keys do nothing but quit.
pub fn fits(area: Rect) -> bool {
    layout(area, false).is_some()
}

/// Draws the whole screen into `area` of a buffer.
pub fn render_buffer(area: Rect, buf: &mut Buffer, app: &App, view: &View<'_>, look: &Look) {
    let Some(screen) = layout(area, app.flipped()) else {
        overlay::render_too_small(area, buf, look);
        return;
    };
    board::render(&screen.board, buf, &board::BoardView::of(app), look);
    review::render_gauge(screen.gauge, buf, app, look);
    panel::render(screen.panel, buf, app, look);
    bars::render(&screen, buf, app, view, look);
    match app.mode() {
        Mode::Play | Mode::Comment => {}
        Mode::Promotion => overlay::render_promotion(&screen, buf, app, look),
        Mode::Question | Mode::Resign => overlay::render_prompt(&screen, buf, app, look),
        Mode::Help => overlay::render_help(area, buf, app.help_scroll(), view, look),
        Mode::Record => record::render(&screen, buf, app, view, look),
    }
}

/// What is drawn at screen cell (`x`, `y`) that the mouse can act on.
pub fn hit_test(area: Rect, app: &App, x: u16, y: u16) -> Option<Pointer> {
    let screen = layout(area, app.flipped())?;
    if app.promotion().is_some() {
        let tiles = overlay::promotion_tiles(&screen);
        if let Some(i) = tiles.iter().position(|t| t.contains((x, y).into())) {
            return Some(Pointer::Promotion(Role::PROMOTIONS[i]));
        }
    }
    if let Some(sq) = screen.board.square_at(x, y) {
        return Some(Pointer::Square(sq));
    }
    panel::ply_at(screen.panel, app, x, y).map(Pointer::Ply)
}
