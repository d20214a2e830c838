//! The side panel: the two players with what each has captured, the opening of the
//! position shown, and the move list.

use ratatui::buffer::Buffer;
use ratatui::layout::Rect;
use ratatui::style::Style;
use ratatui::text::{Line, Span};
use ratatui::widgets::{Block, Borders, Widget};

use super::notes;
use super::text;
use super::theme::Look;
use super::written;
use crate::annotations::Nag;
use crate::app::{App, Ply};
use crate::openings::{self, Opening};
use crate::review::Mark;
use hotseat_chess::{Color, Game, Position, Role};

/// Width of a move in the list: `Nbxd7+` and `exd8=Q#` fit with a space.
const SAN_WIDTH: u16 = 8;

/// Draws the panel into `area`.
pub fn render(area: Rect, buf: &mut Buffer, app: &App, look: &Look) {
    let mut block = Block::new().borders(Borders::ALL).border_style(look.dim()).title(" Moves ");
    if app.game().start().is_chess960() {
        let title =
            app.chess960_number().map_or_else(|| " Chess960 ".to_owned(), |n| format!(" Chess960 #{n} "));
        block = block.title(Line::from(title).right_aligned());
    }
    if app.auto_flip() {
        block = block.title_bottom(Line::from(" auto-flip ").right_aligned());
    }
    if let Some(control) = app.time_control() {
        block = block.title_bottom(Line::styled(format!(" {control} "), look.dim()).left_aligned());
    }
    let inner = block.inner(area);
    block.render(area, buf);
    if inner.height < 3 {
        return;
    }
    let (top, bottom) =
        if app.flipped() { (Color::White, Color::Black) } else { (Color::Black, Color::White) };
    // The clock first, at the right end of the player's row; the player's line (name,
    // captures, lead) in what it leaves, so the clock never hides the lead.
    for (side, y) in [(top, inner.y), (bottom, inner.bottom() - 1)] {
        let row = Rect { y, height: 1, ..inner };
        let clock = super::clocks::render(row, buf, app, side, look);
        let width = usize::from(inner.width.saturating_sub(clock));
        player_line(app, side, width, look)
            .render(Rect { width: row.width.saturating_sub(clock), ..row }, buf);
    }
    let (opening, rest) = opening_and_rest(inner, app);
    let (list, notes_area, review) = list_area(rest, app);
    super::review::render_section(review, buf, app, look);
    if let Some((rows, lines)) = opening {
        for (i, line) in lines.into_iter().enumerate() {
            // The ECO code, dim, before the name.
            let line = match line.split_once(' ') {
                Some((eco, name)) if i == 0 => {
                    Line::from(vec![Span::styled(format!("{eco} "), look.dim()), Span::raw(name.to_owned())])
                }
                _ => Line::raw(line),
            };
            line.render(Rect { y: rows.y + i as u16, height: 1, ..rows }, buf);
        }
    }
    let lines = MoveLines::of_app(app);
    let offset = lines.scroll(app.shown_ply(), list.height);
    for (row, index) in (offset..lines.len()).take(list.height as usize).enumerate() {
        let line = lines.line(index, app, look, usize::from(list.width));
        line.render(Rect { y: list.y + row as u16, height: 1, ..list }, buf);
    }
    let notes = notes::lines(app, look, usize::from(inner.width), usize::from(notes_area.height));
    for (row, line) in notes.into_iter().enumerate() {
        line.render(Rect { y: notes_area.y + row as u16, height: 1, ..notes_area }, buf);
    }
}

/// The rows between the two players inside the panel's border: the opening of the
/// position shown at the top, when it has a name and the list keeps a few rows (two
/// rows for a long name when the list has many), and the rows under it.
fn opening_and_rest(inner: Rect, app: &App) -> (Option<(Rect, Vec<String>)>, Rect) {
    // The moves keep at least this many rows before the opening's name goes, and
    // this many before a long name is cut to one row.
    const LIST_AT_LEAST: u16 = 3;
    const ROOM_FOR_TWO: u16 = 12;
    let between = Rect { y: inner.y + 1, height: inner.height.saturating_sub(2), ..inner };
    // The position on the board is named, a variation's too.
    let opening = match app.variation() {
        Some(view) => openings::classify_variation(app.game(), view.index, app.variation_moves()),
        None => openings::classify_at(app.game(), app.shown_ply()),
    };
    let Some(opening) = opening else {
        return (None, between);
    };
    // The engine's review, when there is one, takes rows of its own under the list.
    let room = between.height.saturating_sub(super::review::rows(app, between.height, between.width));
    if room <= LIST_AT_LEAST {
        return (None, between);
    }
    let rows = if room >= ROOM_FOR_TWO { 2 } else { 1 };
    let lines = opening_lines(&opening, usize::from(between.width), rows);
    let height = lines.len() as u16;
    (
        Some((Rect { height, ..between }, lines)),
        Rect { y: between.y + height, height: between.height - height, ..between },
    )
}

/// "B90 Sicilian Defense: Najdorf…": the ECO code and the name in at most `rows`
/// lines of `width`, broken and cut at words.
fn opening_lines(opening: &Opening, width: usize, rows: u16) -> Vec<String> {
    let whole = format!("{} {}", opening.eco(), opening.name());
    let mut texts = Vec::new();
    let mut rest = whole.as_str();
    while texts.len() + 1 < usize::from(rows) && text::width(rest) > width {
        // Break after the family or a variation (`Sicilian Defense:`) if one fits,
        // else at the last space that fits.
        let fitting: Vec<usize> = rest
            .char_indices()
            .filter(|&(i, c)| c == ' ' && i > 0 && text::width(&rest[..i]) <= width)
            .map(|(i, _)| i)
            .collect();
        let after_part = fitting.iter().rev().find(|&&i| rest[..i].ends_with([':', ',']));
        let Some(&space) = after_part.or(fitting.last()) else {
            break;
        };
        texts.push(rest[..space].to_owned());
        rest = rest[space + 1..].trim_start();
    }
    let mut last = text::fit_words(rest, width);
    // `Alekhine Defense…` rather than `Alekhine Defense:…`.
    if let Some(cut) = last.strip_suffix(":…").or_else(|| last.strip_suffix(",…")) {
        last = format!("{cut}…");
    }
    texts.push(last);
    texts
}

/// The rows of the move list among `rows` (under the opening, above the bottom
/// player); under it what is said about the move on the board, then the rows of the
/// engine's review.
fn list_area(rows: Rect, app: &App) -> (Rect, Rect, Rect) {
    let review = super::review::rows(app, rows.height, rows.width);
    let left = rows.height - review;
    let notes = notes::rows_for(app, usize::from(rows.width), usize::from(left));
    let notes = u16::try_from(notes).unwrap_or(left).min(left);
    let list = Rect { height: left - notes, ..rows };
    let notes = Rect { y: list.bottom(), height: notes, ..rows };
    (list, notes, Rect { y: notes.bottom(), height: review, ..rows })
}

/// The ply whose move is drawn at (`x`, `y`), counting from 1 for the first move, or
/// whose position's column of the review's graph is there.
pub fn ply_at(panel: Rect, app: &App, x: u16, y: u16) -> Option<usize> {
    let inner = Block::new().borders(Borders::ALL).inner(panel);
    let (list, _, review) = list_area(opening_and_rest(inner, app).1, app);
    if !list.contains((x, y).into()) {
        return super::review::graph_position_at(review, app, x, y).filter(|&p| p <= app.game().ply());
    }
    let lines = MoveLines::of_app(app);
    let index = lines.scroll(app.shown_ply(), list.height) + usize::from(y - list.y);
    let column = usize::from((x - list.x).saturating_sub(lines.number_width()) / SAN_WIDTH);
    let ply = lines.ply_at(index, column.min(1))?;
    Some(ply + 1)
}

/// "▸ White  ♟♟♞  +3": the player, whose turn it is, what they took, who is ahead,
/// in `width` columns. When room is short the name is shortened with `…` first, then
/// the side's name and the captured pieces go; the material lead is never cut.
fn player_line<'a>(app: &App, side: Color, width: usize, look: &Look) -> Line<'a> {
    // The name keeps at least a few letters before the extras go.
    const NAME_AT_LEAST: usize = 4;
    let position = app.shown_position();
    let to_move = position.turn() == side && app.game().outcome().is_none();
    let marker = if to_move { "▸ " } else { "  " };
    let lead = material(position, side) as i64 - material(position, !side) as i64;
    let lead = if lead > 0 { format!(" +{lead}") } else { String::new() };
    let taken: String =
        captured(app.game().start(), position, !side).iter().map(|&r| look.role_symbol(r, !side)).collect();
    let mut taken = if taken.is_empty() { String::new() } else { format!(" {taken}") };
    let mut label = if app.player(side) == side.name() { String::new() } else { format!("({side}) ") };
    let name = app.player(side);
    let fixed = |label: &str, taken: &str| {
        [marker, " ", label, taken, &lead].iter().map(|s| text::width(s)).sum::<usize>()
    };
    if width < fixed(&label, &taken) + NAME_AT_LEAST.min(text::width(name)) {
        label.clear();
    }
    if width < fixed(&label, &taken) + NAME_AT_LEAST.min(text::width(name)) {
        taken.clear();
    }
    let name = text::shorten(name, width.saturating_sub(fixed(&label, &taken)));
    let mut spans = vec![
        Span::raw(marker),
        Span::styled(name, if to_move { look.accent() } else { Style::new() }),
        Span::raw(" "),
    ];
    if !label.is_empty() {
        spans.push(Span::styled(label, look.dim()));
    }
    if !taken.is_empty() {
        spans.push(Span::raw(taken));
    }
    if !lead.is_empty() {
        spans.push(Span::styled(lead, look.accent()));
    }
    Line::from(spans)
}

/// The material of `side` in pawns.
fn material(position: &Position, side: Color) -> u32 {
    Role::ALL.iter().map(|&role| position.by_piece(role.of(side)).count() * role.value()).sum()
}

/// The pieces of `victim` missing from `now` compared with `start`, strongest first.
/// A pawn that promoted is not counted as captured: each piece beyond the starting
/// number of its kind came from a pawn.
fn captured(start: &Position, now: &Position, victim: Color) -> Vec<Role> {
    let count = |pos: &Position, role: Role| pos.by_piece(role.of(victim)).count();
    let mut promoted = 0;
    let mut out = Vec::new();
    for role in [Role::Queen, Role::Rook, Role::Bishop, Role::Knight] {
        let (before, after) = (count(start, role), count(now, role));
        promoted += after.saturating_sub(before);
        out.extend(std::iter::repeat_n(role, before.saturating_sub(after) as usize));
    }
    let pawns_gone = count(start, Role::Pawn).saturating_sub(count(now, Role::Pawn));
    out.extend(std::iter::repeat_n(Role::Pawn, pawns_gone.saturating_sub(promoted) as usize));
    out
}

/// The most variations of one move the list shows, each on a row of its own.
const SHOWN_VARIATIONS: usize = 3;

/// A row of the move list.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Row {
    /// A numbered pair of moves: the `n`th pair.
    Moves(usize),
    /// Variation `line` of the move at `ply`, dimmed, in brackets.
    Variation { ply: usize, line: usize },
    /// How many more variations the move at `ply` has than are shown.
    More { count: usize },
    /// The result.
    Result,
}

/// The move list in numbered pairs, `12. Nf3 Nc6`, each followed by the variations of
/// its moves, with the result at the end.
struct MoveLines<'a> {
    game: &'a Game,
    /// 1 when the game started with Black to move (the first line is `1… e5`).
    offset: usize,
    first_number: usize,
    rows: Vec<Row>,
}

impl<'a> MoveLines<'a> {
    /// The list of the app's game, with the variations its timeline keeps.
    fn of_app(app: &'a App) -> MoveLines<'a> {
        let timeline = app.timeline();
        MoveLines::of(app.game(), |ply| timeline.annotations(ply).map_or(0, |n| n.variations.len()))
    }

    /// The list of `game`, whose move at each ply has `variations(ply)` variations.
    fn of(game: &'a Game, variations: impl Fn(usize) -> usize) -> MoveLines<'a> {
        let first = game.move_number(0);
        let mut lines = MoveLines {
            game,
            offset: usize::from(first.color == Color::Black),
            first_number: first.fullmove as usize,
            rows: Vec::new(),
        };
        let mut rows = Vec::with_capacity(lines.move_lines() + 1);
        for pair in 0..lines.move_lines() {
            rows.push(Row::Moves(pair));
            for column in 0..2 {
                let Some(ply) = lines.pair_ply(pair, column) else { continue };
                let count = variations(ply);
                rows.extend((0..count.min(SHOWN_VARIATIONS)).map(|line| Row::Variation { ply, line }));
                if count > SHOWN_VARIATIONS {
                    rows.push(Row::More { count: count - SHOWN_VARIATIONS });
                }
            }
        }
        if game.is_over() {
            rows.push(Row::Result);
        }
        lines.rows = rows;
        lines
    }

    fn move_lines(&self) -> usize {
        (self.game.ply() + self.offset).div_ceil(2)
    }

    fn len(&self) -> usize {
        self.rows.len()
    }

    fn number_width(&self) -> u16 {
        let last = self.first_number + self.move_lines();
        last.to_string().len() as u16 + 2
    }

    /// The ply index (0 for the first move) in `column` (0 White, 1 Black) of a pair.
    fn pair_ply(&self, pair: usize, column: usize) -> Option<usize> {
        (pair * 2 + column).checked_sub(self.offset).filter(|&i| i < self.game.ply())
    }

    /// The ply index in `column` of a row, when it is a row of moves.
    fn ply_at(&self, row: usize, column: usize) -> Option<usize> {
        match self.rows.get(row)? {
            Row::Moves(pair) => self.pair_ply(*pair, column),
            _ => None,
        }
    }

    /// The first row to show so that the shown position's move is in view.
    fn scroll(&self, shown_ply: usize, rows: u16) -> usize {
        let target = if shown_ply == self.game.ply() && self.game.is_over() {
            self.len().saturating_sub(1)
        } else {
            let index = shown_ply.saturating_sub(1) + self.offset;
            let pair = index / 2;
            self.rows.iter().position(|row| *row == Row::Moves(pair)).unwrap_or(0)
        };
        (target + 1).saturating_sub(usize::from(rows))
    }

    fn line(&self, index: usize, app: &App, look: &Look, width: usize) -> Line<'static> {
        let indent = self.number_width() as usize;
        let pair = match self.rows.get(index) {
            Some(Row::Moves(pair)) => *pair,
            Some(Row::Result) | None => {
                let outcome = self.game.outcome().map(|o| o.result.pgn()).unwrap_or_default();
                return Line::styled(format!("{:>indent$}{outcome}", ""), look.accent());
            }
            Some(Row::More { count }) => {
                let more = format!("{:>indent$}(and {count} more)", "");
                return Line::styled(text::fit_words(&more, width), look.dim());
            }
            Some(&Row::Variation { ply, line }) => {
                let shown = app.variation().is_some_and(|v| v.index == ply && v.line == line);
                let text = variation_text(app, ply, line, width.saturating_sub(indent));
                let style = if shown { look.highlight() } else { look.dim() };
                return Line::from(vec![Span::raw(" ".repeat(indent)), Span::styled(text, style)]);
            }
        };
        let number = self.first_number + pair;
        let mut spans = vec![Span::styled(format!("{:>w$}", format!("{number}. "), w = indent), look.dim())];
        for column in 0..2 {
            let text = match self.pair_ply(pair, column) {
                Some(ply) => {
                    // The move with the players' own sign (`Nf3!?`), or else the mark
                    // the engine's review gave it (`Qd2??`), in the review's colours: as
                    // the review is written into the record, which keeps the players'.
                    let san = &self.game.san_moves()[ply];
                    let nag = app.timeline().plies().get(ply).and_then(Ply::nag).and_then(Nag::suffix);
                    let mark = app.reviewing().and_then(|r| r.mark(ply)).filter(|_| nag.is_none());
                    let suffix = nag.or(mark.map(Mark::suffix)).unwrap_or_default();
                    let pad =
                        (SAN_WIDTH as usize).saturating_sub(san.chars().count() + suffix.chars().count());
                    let shown = ply + 1 == app.shown_ply();
                    let style = if shown { look.highlight() } else { Style::new() };
                    let suffix_style = match mark {
                        Some(mark) if !shown => super::review::mark_style(mark, look),
                        _ => style,
                    };
                    spans.push(Span::styled(san.clone(), style));
                    spans.push(Span::styled(suffix.to_owned(), suffix_style));
                    Span::styled(" ".repeat(pad), style)
                }
                None if column == 0 && pair == 0 && self.offset == 1 => {
                    Span::styled(format!("{:<w$}", "…", w = SAN_WIDTH as usize), look.dim())
                }
                None => continue,
            };
            spans.push(text);
        }
        Line::from(spans)
    }
}

/// `(12. Nd2 Nc6 (12… d5) 13. e4)`: variation `line` of the move at `ply`, with
/// the variations inside it, in at most `width` columns; only as many moves are
/// written as can show.
fn variation_text(app: &App, ply: usize, line: usize, width: usize) -> String {
    let (Some(start), Some(variation)) =
        (app.game().position_at(ply), app.timeline().annotations(ply).and_then(|n| n.variations.get(line)))
    else {
        return String::new();
    };
    let words: Vec<_> = written::words(start, variation, width).into_iter().map(|w| w.text).collect();
    text::fit_words(&format!("({})", words.join(" ")), width)
}

#[cfg(test)]
mod tests {
    use super::*;

    fn game(fen: &str, moves: &str) -> Game {
        let mut game = Game::from_position(Position::from_fen(fen).expect("valid fen"));
        for san in moves.split_whitespace() {
            game.play_san(san).expect("legal");
        }
        game
    }

    #[test]
    fn captures_are_read_from_the_position_and_promotions_are_not_captures() {
        let g = game("4k3/P7/8/8/8/8/1p6/R3K3 w - - 0 1", "a8=Q+ Kd7 Qh8 bxa1=N");
        let now = g.position();
        assert_eq!(captured(g.start(), now, Color::White), vec![Role::Rook]);
        assert_eq!(captured(g.start(), now, Color::Black), Vec::<Role>::new());
        assert_eq!(material(now, Color::White), 9);
        assert_eq!(material(now, Color::Black), 3);
    }

    #[test]
    fn a_long_opening_name_breaks_after_a_part_then_is_cut_at_a_word() {
        let mut g = Game::new();
        for san in "e4 c5 Nf3 d6 d4 cxd4 Nxd4 Nf6 Nc3 a6 Be3 Ng4".split_whitespace() {
            g.play_san(san).expect("legal");
        }
        let opening = openings::classify(&g).expect("named");
        assert_eq!(opening.name(), "Sicilian Defense: Najdorf Variation, English Attack, Anti-English");
        assert_eq!(
            opening_lines(&opening, 38, 2),
            ["B90 Sicilian Defense:", "Najdorf Variation, English Attack…"]
        );
        assert_eq!(opening_lines(&opening, 38, 1), ["B90 Sicilian Defense: Najdorf…"]);
        assert_eq!(
            opening_lines(&opening, 80, 2),
            [format!("B90 {}", opening.name())],
            "one row when it fits"
        );
        assert_eq!(opening_lines(&opening, 3, 2), ["B90", "Si…"]);
        assert_eq!(opening_lines(&opening, 0, 2), [""]);
    }

    #[test]
    fn move_lines_number_pairs_and_start_with_black_when_the_game_does() {
        let g = game("4k3/8/8/8/8/8/8/R3K3 b - - 0 30", "Kd7 Ra2 Kd6");
        let lines = MoveLines::of(&g, |_| 0);
        assert_eq!(lines.len(), 2);
        assert_eq!(lines.ply_at(0, 0), None);
        assert_eq!(lines.ply_at(0, 1), Some(0));
        assert_eq!(lines.ply_at(1, 0), Some(1));
        assert_eq!(lines.ply_at(1, 1), Some(2));
        assert_eq!(lines.scroll(3, 1), 1);
        assert_eq!(lines.scroll(1, 1), 0);
    }

    #[test]
    fn the_variations_of_a_move_follow_its_pair_a_few_at_most() {
        let g = game("4k3/8/8/8/8/8/8/R3K3 w - - 0 1", "Ra2 Kd7 Ra3 Kd6");
        let lines = MoveLines::of(&g, |ply| [0, 2, 0, 5][ply]);
        assert_eq!(
            lines.rows,
            [
                Row::Moves(0),
                Row::Variation { ply: 1, line: 0 },
                Row::Variation { ply: 1, line: 1 },
                Row::Moves(1),
                Row::Variation { ply: 3, line: 0 },
                Row::Variation { ply: 3, line: 1 },
                Row::Variation { ply: 3, line: 2 },
                Row::More { count: 2 },
            ]
        );
        assert_eq!(lines.ply_at(3, 1), Some(3));
        assert_eq!(lines.ply_at(4, 0), None, "a variation's row holds no move of the game");
        assert_eq!(lines.scroll(3, 2), 2, "the pair of the move on the board is in view");
    }
}
