//! The board: squares, pieces, labels and highlights.

use ratatui::buffer::Buffer;
use ratatui::layout::Rect;
use ratatui::style::Style;

use super::layout::BoardGeometry;
use super::sprites;
use super::theme::{Look, Mark};
use crate::app::{App, Mode, TargetKind};
use crate::chess::{Move, Position, Square};

/// What the board shows, gathered from the app.
pub struct BoardView<'a> {
    /// The position on the board.
    pub position: &'a Position,
    /// The move that led to it.
    pub last_move: Option<Move>,
    /// The square cursor, when it means something.
    pub cursor: Option<Square>,
    /// The piece picked up (or the piece the typed move would move).
    pub selected: Option<Square>,
    /// Where it can go.
    pub targets: Vec<(Square, TargetKind)>,
}

impl<'a> BoardView<'a> {
    /// The board as the app has it now.
    pub fn of(app: &'a App) -> BoardView<'a> {
        let position = app.shown_position();
        let (selected, targets) = if let Some(sel) = app.selection() {
            (Some(sel.from), sel.targets().to_vec())
        } else if let Some(m) = app.preview() {
            let kind = if m.is_castle() {
                TargetKind::Castle
            } else if m.is_en_passant() || position.piece_at(m.to()).is_some() {
                TargetKind::Capture
            } else {
                TargetKind::Quiet
            };
            (Some(m.from()), vec![(m.destination(), kind)])
        } else if let Some(choice) = app.promotion() {
            (Some(choice.from), vec![(choice.to, TargetKind::Quiet)])
        } else {
            (None, Vec::new())
        };
        let cursor = (app.mode() == Mode::Play && app.input().is_empty()).then_some(app.cursor());
        BoardView { position, last_move: app.shown_last_move(), cursor, selected, targets }
    }

    fn target(&self, sq: Square) -> Option<TargetKind> {
        self.targets.iter().find(|(s, _)| *s == sq).map(|(_, kind)| *kind)
    }

    /// The strongest highlight on a square.
    fn mark(&self, sq: Square) -> Mark {
        let occupied = self.position.piece_at(sq).is_some();
        if self.cursor == Some(sq) && self.selected != Some(sq) {
            Mark::Cursor
        } else if self.selected == Some(sq) {
            Mark::Selected
        } else if occupied && self.target(sq) == Some(TargetKind::Castle) {
            Mark::CastleRook
        } else if self.target(sq) == Some(TargetKind::Capture) {
            Mark::Capture
        } else if self.position.is_check() && sq == self.position.king_of(self.position.turn()) {
            Mark::Check
        } else if self.last_move.is_some_and(|m| m.from() == sq || m.destination() == sq) {
            Mark::LastMove
        } else {
            Mark::Plain
        }
    }
}

/// Draws the board, its labels and highlights.
pub fn render(geometry: &BoardGeometry, buf: &mut Buffer, view: &BoardView<'_>, look: &Look) {
    for sq in Square::ALL {
        render_square(geometry.square_rect(sq), buf, view, sq, look);
    }
    for i in 0..8 {
        let (x, y, rank) = geometry.rank_label_at(i);
        put(buf, x, y, &rank.char().to_string(), look.label());
        let (x, y, file) = geometry.file_label_at(i);
        put(buf, x, y, &file.char().to_string(), look.label());
    }
}

fn render_square(rect: Rect, buf: &mut Buffer, view: &BoardView<'_>, sq: Square, look: &Look) {
    let light = sq.is_light();
    let mark = view.mark(sq);
    let base = look.square(light, mark);
    let fill = if light { None } else { look.dark_fill() };
    for y in rect.top()..rect.bottom() {
        for x in rect.left()..rect.right() {
            put(buf, x, y, fill.unwrap_or(" "), base);
        }
    }
    let (cx, cy) = (rect.x + rect.width / 2, rect.y + rect.height / 2);
    if let Some(piece) = view.position.piece_at(sq) {
        if let Some((sprite, scale)) =
            sprites::fit(piece.role, rect.width, rect.height).filter(|_| look.large_pieces())
        {
            sprites::draw(buf, rect, sprite, scale, look.piece_color(piece.color), base);
        } else {
            let (symbol, style) = look.piece(piece);
            put(buf, cx, cy, symbol, base.patch(style));
        }
    } else if view.target(sq).is_some() {
        let (symbol, style) = look.target();
        put(buf, cx, cy, symbol, base.patch(style));
    }
    if let Some((left, right)) = look.marks(mark) {
        put(buf, cx - 1, cy, left, base);
        put(buf, cx + 1, cy, right, base);
    }
}

/// Writes one cell's symbol if the cell is inside the buffer.
pub(super) fn put(buf: &mut Buffer, x: u16, y: u16, symbol: &str, style: Style) {
    if let Some(cell) = buf.cell_mut((x, y)) {
        cell.set_symbol(symbol);
        cell.set_style(style);
    }
}
