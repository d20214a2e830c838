//! The board: squares, pieces, labels and highlights.

use ratatui::buffer::Buffer;
use ratatui::layout::Rect;

use super::layout::BoardGeometry;
use super::sprites;
use super::text::put;
use super::theme::{Look, Mark};
use crate::app::{App, Mode, TargetKind};
use hotseat_chess::{Move, Position, Square};

/// What the board shows, gathered from the app.
pub struct BoardView<'a> {
    /// The position on the board.
    pub position: &'a Position,
    /// The move that led to it.
    pub last_move: Option<Move>,
    /// The engine's better move instead of the last one, when the review marked it.
    pub better: Option<Move>,
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
        // Browsing, the cursor would stand on a square of the live game: it is hidden.
        let cursor = (app.mode() == Mode::Play && app.input().is_empty() && !app.is_browsing())
            .then_some(app.cursor());
        // The review's better move is for the game's position, never a variation's.
        let better = app.reviewed_ply().and_then(|shown| app.reviewing()?.better(shown.checked_sub(1)?));
        BoardView { position, last_move: app.shown_last_move(), better, cursor, selected, targets }
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
        } else if self.better.is_some_and(|m| m.from() == sq || m.destination() == sq) {
            Mark::Better
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

#[cfg(test)]
mod tests {
    use ratatui::style::{Color, Modifier};

    use super::*;
    use crate::ui::layout::layout;
    use crate::ui::theme::{ColorSupport, PieceSet, THEMES};
    use hotseat_chess::Move;

    /// The highlights a square can carry, and one without any.
    #[derive(Clone, Copy, Debug, PartialEq, Eq)]
    enum Highlight {
        Plain,
        Cursor,
        Selected,
        QuietTarget,
        CaptureTarget,
        LastMove,
        Better,
        Check,
    }

    const HIGHLIGHTS: [Highlight; 8] = [
        Highlight::Plain,
        Highlight::Cursor,
        Highlight::Selected,
        Highlight::QuietTarget,
        Highlight::CaptureTarget,
        Highlight::LastMove,
        Highlight::Better,
        Highlight::Check,
    ];

    /// What tells a square apart: with colour, its background; without, its modifiers
    /// and the characters either side of the middle; and whether the middle holds the
    /// target dot (in what colour).
    #[derive(Clone, Debug, PartialEq, Eq)]
    enum Appearance {
        Colour { background: Color, dot: Option<Color> },
        Monochrome { modifiers: Modifier, markers: (String, String), dot: bool },
    }

    /// `highlight` on `sq` (d1, a light square, or e1, a dark one), with a piece there
    /// unless the highlight is a move to an empty square.
    fn board(highlight: Highlight, sq: Square) -> (Position, BoardView<'static>) {
        let fen = match (highlight, sq) {
            (Highlight::QuietTarget, _) => "k7/8/8/8/8/8/8/7K w - - 0 1",
            (Highlight::CaptureTarget, _) => "k7/8/8/8/8/8/8/3nn2K w - - 0 1",
            (Highlight::Check, Square::D1) => "k7/8/8/8/8/8/8/r2K4 w - - 0 1",
            (Highlight::Check, _) => "k7/8/8/8/8/8/8/r3K3 w - - 0 1",
            _ => "k7/8/8/8/8/8/8/3NN2K w - - 0 1",
        };
        let position = Position::from_fen(fen).expect("valid fen");
        let mut view = BoardView {
            position: Box::leak(Box::new(position.clone())),
            last_move: None,
            better: None,
            cursor: None,
            selected: None,
            targets: Vec::new(),
        };
        match highlight {
            Highlight::Plain | Highlight::Check => {}
            Highlight::Cursor => view.cursor = Some(sq),
            Highlight::Selected => view.selected = Some(sq),
            Highlight::QuietTarget => view.targets = vec![(sq, TargetKind::Quiet)],
            Highlight::CaptureTarget => view.targets = vec![(sq, TargetKind::Capture)],
            Highlight::LastMove => view.last_move = Some(Move::normal(Square::H4, sq)),
            Highlight::Better => view.better = Some(Move::normal(Square::H4, sq)),
        }
        (position, view)
    }

    fn appearance(look: &Look, width: u16, height: u16, highlight: Highlight, sq: Square) -> Appearance {
        let area = Rect::new(0, 0, width, height);
        let geometry = layout(area, false).expect("the board fits").board;
        let mut buf = Buffer::empty(area);
        let (_, view) = board(highlight, sq);
        render(&geometry, &mut buf, &view, look);
        let rect = geometry.square_rect(sq);
        let (cx, cy) = (rect.x + rect.width / 2, rect.y + rect.height / 2);
        let corner = &buf[(rect.x, rect.y)];
        let centre = &buf[(cx, cy)];
        let dot = centre.symbol() == look.target().0;
        if look.monochrome() {
            let markers = (buf[(cx - 1, cy)].symbol().to_owned(), buf[(cx + 1, cy)].symbol().to_owned());
            Appearance::Monochrome { modifiers: corner.modifier, markers, dot }
        } else {
            Appearance::Colour { background: corner.bg, dot: dot.then_some(centre.fg) }
        }
    }

    #[test]
    fn every_highlight_looks_different_on_light_and_dark_squares_in_every_theme_and_colour_depth() {
        let depths =
            [ColorSupport::TrueColor, ColorSupport::Ansi256, ColorSupport::Ansi16, ColorSupport::None];
        let mut problems = Vec::new();
        for theme in THEMES {
            for colors in depths {
                let look = Look { theme, colors, pieces: PieceSet::Glyphs, ..Look::default() };
                for (width, height) in [(51, 13), (80, 24), (120, 40)] {
                    for sq in [Square::D1, Square::E1] {
                        let shade = if sq.is_light() { "light" } else { "dark" };
                        let seen: Vec<(Highlight, Appearance)> = HIGHLIGHTS
                            .iter()
                            .map(|&h| (h, appearance(&look, width, height, h, sq)))
                            .collect();
                        let plain = [Square::D1, Square::E1]
                            .map(|sq| appearance(&look, width, height, Highlight::Plain, sq));
                        for (h, seen) in &seen {
                            let Appearance::Colour { background, dot } = seen else { continue };
                            let what = format!("{} {colors:?} {width}x{height} {shade}: {h:?}", theme.name);
                            if dot.is_some_and(|dot| dot == *background) {
                                problems.push(format!("{what} has a dot the colour of its square"));
                            }
                            let like_plain = plain.iter().any(
                                |p| matches!(p, Appearance::Colour { background: b, .. } if b == background),
                            );
                            if like_plain && ![Highlight::Plain, Highlight::QuietTarget].contains(h) {
                                problems.push(format!("{what} has the background of a plain square"));
                            }
                        }
                        for (i, (a, look_a)) in seen.iter().enumerate() {
                            for (b, look_b) in &seen[i + 1..] {
                                let what = format!(
                                    "{} {colors:?} {width}x{height} {shade}: {a:?} and {b:?}",
                                    theme.name
                                );
                                if look_a == look_b {
                                    problems.push(format!("{what} look the same: {look_a:?}"));
                                }
                                // Only the quiet target, a dot, keeps the plain background.
                                if let (
                                    Appearance::Colour { background: bg_a, .. },
                                    Appearance::Colour { background: bg_b, .. },
                                ) = (look_a, look_b)
                                    && bg_a == bg_b
                                    && ![*a, *b].contains(&Highlight::QuietTarget)
                                {
                                    problems.push(format!("{what} share the background {bg_a:?}"));
                                }
                            }
                        }
                    }
                }
            }
        }
        assert!(problems.is_empty(), "{}", problems.join("\n"));
    }
}
