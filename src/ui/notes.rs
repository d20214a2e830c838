//! Under the move list: what is said about the move on the board (its sign, its
//! comment, an engine's evaluation); or, while a variation is on the board, that
//! variation whole with its move on the board highlighted.
//! Text is cut at word boundaries; nothing is drawn when the list has no room.

use ratatui::style::Style;
use ratatui::text::{Line, Span};

use super::text;
use super::theme::Look;
use super::written;
use crate::annotations::{Annotations, Line as Variation, Nag};
use crate::app::App;
use hotseat_chess::Position;

/// How a word is drawn.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Tone {
    Plain,
    Dim,
    Accent,
    Highlight,
}

type Words = Vec<(String, Tone)>;

/// The most rows the notes take.
const MOST_ROWS: usize = 8;

/// How many rows the notes for the board's move take under a list of `rows` rows,
/// `width` columns wide: at most half of them, none when the list is small.
pub fn rows_for(app: &App, width: usize, rows: usize) -> usize {
    if rows < 6 || width < 12 {
        return 0;
    }
    wrap(&paragraphs(app, width.saturating_mul(MOST_ROWS)), width, (rows / 2).min(MOST_ROWS)).len()
}

/// The rows, drawn.
pub fn lines(app: &App, look: &Look, width: usize, rows: usize) -> Vec<Line<'static>> {
    let style = |tone| match tone {
        Tone::Plain => Style::new(),
        Tone::Dim => look.dim(),
        Tone::Accent => look.accent(),
        Tone::Highlight => look.highlight(),
    };
    wrap(&paragraphs(app, width.saturating_mul(rows)), width, rows)
        .into_iter()
        .map(|row| {
            let mut spans = Vec::new();
            for (i, (word, tone)) in row.into_iter().enumerate() {
                if i > 0 {
                    spans.push(Span::raw(" "));
                }
                spans.push(Span::styled(word, style(tone)));
            }
            Line::from(spans)
        })
        .collect()
}

/// What to say, as paragraphs of words, about `columns` columns of a variation's
/// moves at most.
fn paragraphs(app: &App, columns: usize) -> Vec<Words> {
    let game = app.game();
    if let (Some(view), Some(line), Some(start)) =
        (app.variation(), app.variation_line(), app.variation_start())
    {
        let total = app.variation_count();
        let depth = match view.path.len() {
            0 => String::new(),
            1 => " inside a variation".to_owned(),
            n => format!(" {} variations deep", n + 1),
        };
        let mut head = vec![(format!("Variation {} of {total}{depth}:", view.which() + 1), Tone::Accent)];
        head.extend(line_words(&start, line, Some(view.step), columns));
        let mut out = vec![head];
        if let Some(node) = line.moves.get(view.step.saturating_sub(1)) {
            out.extend(note_words(&node.annotations, Vec::new()));
        }
        return out;
    }
    let Some(index) = app.shown_move() else { return Vec::new() };
    let Some(notes) = app.timeline().annotations(index) else { return Vec::new() };
    let label = game.label(index).unwrap_or_default();
    // The variations are in the list, under the move.
    note_words(notes, vec![(label, Tone::Accent)]).into_iter().collect()
}

/// The sign, the comment and the evaluation of a move, after `lead`; `None` when
/// nothing is said.
fn note_words(notes: &Annotations, lead: Words) -> Option<Words> {
    let mut words = lead;
    let start = words.len();
    if let Some(sign) = notes.assessment().and_then(Nag::suffix) {
        match words.last_mut() {
            // Right after the move, as in the list: `2. Qh5?!`.
            Some((label, _)) => label.push_str(sign),
            None => words.push((sign.to_owned(), Tone::Accent)),
        }
    }
    words.extend(notes.remark().split_whitespace().map(|w| (clean(w), Tone::Plain)));
    for command in notes.commands() {
        if let Some(eval) = command.strip_prefix("[%eval").and_then(|c| c.strip_suffix(']')) {
            words.push((format!("(eval {})", clean(eval.trim())), Tone::Dim));
        }
    }
    (words.len() > start || notes.assessment().is_some_and(|n| n.suffix().is_some())).then_some(words)
}

/// The moves of `line` from `start`, numbered, with the variations inside it in
/// brackets; the move `current` (from 1) highlighted; about `columns` columns of
/// them at most.
fn line_words(start: &Position, line: &Variation, current: Option<usize>, columns: usize) -> Words {
    let mut words: Words = written::words(start, line, columns)
        .into_iter()
        .map(|word| {
            let tone = if word.step.is_some() && word.step.map(|s| s + 1) == current {
                Tone::Highlight
            } else {
                Tone::Dim
            };
            (word.text, tone)
        })
        .collect();
    if words.is_empty() {
        words.push(("…".to_owned(), Tone::Dim));
    }
    words
}

/// A word as it may be drawn: no control character.
fn clean(word: &str) -> String {
    word.chars().filter(|c| !c.is_control()).collect()
}

/// Packs the paragraphs' words into at most `rows` rows of `width` columns, each
/// paragraph from a new row; what does not fit ends in `…`.
fn wrap(paragraphs: &[Words], width: usize, rows: usize) -> Vec<Words> {
    let mut out: Vec<Words> = Vec::new();
    let mut cut = false;
    'paragraphs: for paragraph in paragraphs {
        let mut row: Words = Vec::new();
        let mut used = 0;
        for (word, tone) in paragraph {
            let w = text::width(word);
            if !row.is_empty() && used + 1 + w > width {
                if out.len() + 1 >= rows {
                    out.push(row);
                    cut = true;
                    break 'paragraphs;
                }
                out.push(std::mem::take(&mut row));
                used = 0;
            }
            used += w + usize::from(!row.is_empty());
            row.push((text::shorten(word, width), *tone));
        }
        if out.len() >= rows {
            cut = true;
            break;
        }
        out.push(row);
    }
    if cut && let Some(last) = out.last_mut() {
        let used: usize = last.iter().map(|(w, _)| text::width(w) + 1).sum();
        if used < width {
            last.push(("…".to_owned(), Tone::Dim));
        } else if let Some((word, _)) = last.last_mut() {
            *word = text::shorten(&format!("{word}…"), text::width(word));
        }
    }
    out.truncate(rows);
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    fn words(text: &str) -> Words {
        text.split(' ').map(|w| (w.to_owned(), Tone::Plain)).collect()
    }

    fn shown(rows: &[Words]) -> Vec<String> {
        rows.iter().map(|r| r.iter().map(|(w, _)| w.as_str()).collect::<Vec<_>>().join(" ")).collect()
    }

    #[test]
    fn words_wrap_at_boundaries_and_what_does_not_fit_ends_in_an_ellipsis() {
        let text = words("a fine move that wins a pawn");
        assert_eq!(shown(&wrap(std::slice::from_ref(&text), 12, 5)), ["a fine move", "that wins a", "pawn"]);
        let two = shown(&wrap(std::slice::from_ref(&text), 12, 2));
        assert_eq!(two.len(), 2);
        assert!(two[1].ends_with('…') && two[1].chars().count() <= 12, "{two:?}");
        let rows = wrap(&[text.clone(), words("(2. Nf3)")], 40, 1);
        assert_eq!(rows.len(), 1);
        assert!(shown(&rows)[0].ends_with('…'), "{:?}", shown(&rows));
        assert!(wrap(&[text], 40, 0).is_empty());
    }
}
