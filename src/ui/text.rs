//! Writing text into the screen: single cells, and words fitted into a width (text
//! is shortened at a word boundary or with `…`, never cut in the middle of a word or a
//! number).

use ratatui::buffer::Buffer;
use ratatui::style::Style;
use ratatui::text::Span;

/// The columns `text` takes on screen (a chess glyph with its text-style selector is
/// one column, a wide character two).
pub fn width(text: &str) -> usize {
    Span::raw(text).width()
}

/// The longest start of `text` that fits in `columns`.
fn start_within(text: &str, columns: usize) -> &str {
    let mut end = 0;
    for (i, c) in text.char_indices() {
        let next = i + c.len_utf8();
        if width(&text[..next]) > columns {
            break;
        }
        end = next;
    }
    &text[..end]
}

/// Writes one cell's symbol if the cell is inside the buffer.
pub fn put(buf: &mut Buffer, x: u16, y: u16, symbol: &str, style: Style) {
    if let Some(cell) = buf.cell_mut((x, y)) {
        cell.set_symbol(symbol);
        cell.set_style(style);
    }
}

/// `text` in at most `width` columns: whole when it fits, else cut at the last space
/// that leaves room for `…` (or, for one long word, cut before `…`).
pub fn fit_words(text: &str, columns: usize) -> String {
    if width(text) <= columns {
        return text.to_owned();
    }
    if columns == 0 {
        return String::new();
    }
    let room = start_within(text, columns - 1);
    let cut = match room.rfind(' ') {
        Some(space) if space > 0 => room[..space].trim_end(),
        _ => room,
    };
    format!("{cut}…")
}

/// `text` broken at spaces into at most `rows` lines of `columns`, the last fitted with
/// [`fit_words`] when even those are too few.
pub fn wrap(text: &str, columns: usize, rows: usize) -> Vec<String> {
    let mut lines = Vec::new();
    let mut rest = text.trim();
    while lines.len() + 1 < rows && width(rest) > columns {
        let room = start_within(rest, columns);
        // Break at the last space that fits (a word longer than the line is cut).
        let at = if rest[room.len()..].starts_with(' ') {
            room.len()
        } else {
            room.rfind(' ').filter(|&i| i > 0).unwrap_or(room.len())
        };
        if at == 0 {
            break;
        }
        lines.push(rest[..at].trim_end().to_owned());
        rest = rest[at..].trim_start();
    }
    lines.push(fit_words(rest, columns));
    lines
}

/// `name` in at most `width` columns, its end replaced by `…` when it does not fit.
pub fn shorten(name: &str, columns: usize) -> String {
    if width(name) <= columns {
        return name.to_owned();
    }
    match columns {
        0 => String::new(),
        columns => format!("{}…", start_within(name, columns - 1).trim_end()),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_message_too_long_is_cut_at_a_word_boundary() {
        assert_eq!(fit_words("Illegal move: Nf4 (no knight can reach f4)", 24), "Illegal move: Nf4 (no…");
        assert_eq!(fit_words("short", 24), "short");
        assert_eq!(fit_words("Unbreakablewordthatgoeson", 10), "Unbreakab…");
        assert!(fit_words("a b c d e f g h", 6).chars().count() <= 6);
    }

    #[test]
    fn a_long_message_wraps_at_spaces_into_the_rows_it_has() {
        let text = "No draw to claim: that needs a threefold repetition or 50 moves each";
        assert_eq!(
            wrap(text, 40, 2),
            ["No draw to claim: that needs a threefold", "repetition or 50 moves each"]
        );
        assert_eq!(wrap(text, 40, 1), ["No draw to claim: that needs a…"]);
        assert_eq!(wrap("short", 40, 2), ["short"]);
        assert_eq!(wrap("Unbreakablewordthatgoeson and on", 10, 2), ["Unbreakabl", "ewordthat…"]);
    }

    #[test]
    fn a_long_name_ends_in_an_ellipsis() {
        assert_eq!(shorten("Magnus Carlsen", 8), "Magnus…");
        assert_eq!(shorten("Anna", 8), "Anna");
        assert_eq!(shorten("Anna", 0), "");
        assert_eq!(
            shorten("♟\u{fe0e}♟\u{fe0e} Anna", 7),
            "♟\u{fe0e}♟\u{fe0e} Anna",
            "a glyph and its selector are one column"
        );
        assert_eq!(shorten("国際象棋", 5), "国際…");
    }
}
