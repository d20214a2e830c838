//! The game record over the board: the position as FEN and the game as PGN, to read
//! and to copy.

use ratatui::buffer::Buffer;
use ratatui::layout::Rect;
use ratatui::text::Line;
use ratatui::widgets::{Block, Borders, Clear, Paragraph, Widget};

use super::View;
use super::layout::ScreenLayout;
use super::theme::Look;
use crate::app::App;

/// Draws the record over the board and the panel, leaving the lines under them (where
/// the copy keys and the messages are) in view.
pub fn render(screen: &ScreenLayout, buf: &mut Buffer, app: &App, view: &View<'_>, look: &Look) {
    let top = screen.board.area.y.min(screen.panel.y);
    let frame = Rect::new(screen.status.x, top, screen.status.width, screen.status.y.saturating_sub(top));
    Clear.render(frame, buf);
    let mut block = Block::new().borders(Borders::ALL).border_style(look.accent()).title(" Game record ");
    let inner = block.inner(frame);
    let inner = Rect { x: inner.x + 1, width: inner.width.saturating_sub(2), ..inner };
    let lines = record_lines(app, view, usize::from(inner.width.max(1)), look);
    let hidden = (lines.len() as u16).saturating_sub(inner.height);
    let scroll = app.record_scroll().min(hidden);
    if scroll < hidden {
        block = block.title_bottom(Line::from(" more ↓ ").right_aligned());
    }
    block.render(frame, buf);
    Paragraph::new(lines).scroll((scroll, 0)).render(inner, buf);
}

/// The FEN and the PGN, each under a heading, cut to `width` columns.
fn record_lines(app: &App, view: &View<'_>, width: usize, look: &Look) -> Vec<Line<'static>> {
    let mut lines = vec![Line::styled("FEN of the position on the board", look.accent())];
    lines.extend(wrap(&app.shown_position().fen(), width).into_iter().map(Line::raw));
    lines.push(Line::default());
    lines.push(Line::styled("PGN", look.accent()));
    match view.pgn {
        Some(pgn) => {
            // The tags line by line, then the movetext wrapped afresh to the width here.
            let (tags, movetext) = pgn.split_once("\n\n").unwrap_or((pgn, ""));
            lines.extend(tags.lines().flat_map(|line| wrap(line, width)).map(Line::raw));
            lines.push(Line::default());
            lines.extend(wrap_movetext(movetext, width).into_iter().map(Line::raw));
        }
        None => lines.push(Line::styled("(this game is not being recorded)", look.dim())),
    }
    lines
}

/// Movetext in lines of at most `width` characters, keeping each move number with
/// the move after it (`12. Nf3`, `12... Nc6`).
fn wrap_movetext(movetext: &str, width: usize) -> Vec<String> {
    let mut units: Vec<String> = Vec::new();
    for token in movetext.split_whitespace() {
        match units.last_mut() {
            Some(last) if last.ends_with('.') => {
                last.push(' ');
                last.push_str(token);
            }
            _ => units.push(token.to_owned()),
        }
    }
    wrap_words(units.iter().map(String::as_str), width)
}

/// `text` in lines of at most `width` characters, broken at spaces where possible.
pub(super) fn wrap(text: &str, width: usize) -> Vec<String> {
    wrap_words(text.split(' '), width)
}

/// `words` with a space between each two, in lines of at most `width` characters;
/// a word longer than a line is cut.
fn wrap_words<'a>(words: impl Iterator<Item = &'a str>, width: usize) -> Vec<String> {
    let mut out = Vec::new();
    let mut line = String::new();
    for word in words {
        let needed = line.chars().count() + usize::from(!line.is_empty()) + word.chars().count();
        if needed > width && !line.is_empty() {
            out.push(std::mem::take(&mut line));
        }
        if !line.is_empty() {
            line.push(' ');
        }
        line.push_str(word);
        while line.chars().count() > width {
            let cut = line.char_indices().nth(width).map_or(line.len(), |(i, _)| i);
            let rest = line.split_off(cut);
            out.push(std::mem::replace(&mut line, rest));
        }
    }
    out.push(line);
    out
}

#[cfg(test)]
mod tests {
    use super::{wrap, wrap_movetext};

    #[test]
    fn wrapping_breaks_at_spaces_and_cuts_words_longer_than_a_line() {
        assert_eq!(wrap("1. e4 e5 2. Nf3", 8), ["1. e4 e5", "2. Nf3"]);
        assert_eq!(wrap("rnbqkbnr/pppppppp w", 8), ["rnbqkbnr", "/ppppppp", "p w"]);
        assert_eq!(wrap("", 8), [""]);
        assert_eq!(wrap("[Event \"é\"]", 40), ["[Event \"é\"]"]);
    }

    #[test]
    fn movetext_is_wrapped_afresh_with_move_numbers_kept_with_their_moves() {
        let text = "1. e4 e5 2. Nf3 Nc6\n3. Bb5 *\n";
        assert_eq!(wrap_movetext(text, 12), ["1. e4 e5", "2. Nf3 Nc6", "3. Bb5 *"]);
        assert_eq!(wrap_movetext("12... Nc6 13. d4 1-0", 9), ["12... Nc6", "13. d4", "1-0"]);
    }
}
