//! A game's movetext, from tokens to the moves played and what is said about them:
//! comments, NAGs and variations, each put where a reader of the game expects it.
//!
//! A comment goes with the move it follows, unless a variation closed since that
//! move: then it goes before the next move (or, when none follows, at the end of the
//! line). A NAG goes with the move it follows; one before any move of its line, like a
//! result inside a variation, has nowhere to be kept and is refused where it stands. A
//! variation is a line of moves that could have been played instead of the move it
//! follows, read from the position before that move: its moves are checked as strictly
//! as the main line's, and an illegal one is refused where it stands. Variations nest
//! up to [`MAX_VARIATION_DEPTH`]; the reader keeps one frame per open variation, so a
//! file of a hundred thousand `(` costs neither the stack nor quadratic time.

use std::time::Duration;

use super::lexer::{Location, Token, TokenKind};
use super::time_control::clock_in_comment;
use super::{PgnError, PgnErrorKind};
use crate::annotations::{Annotations, Line, MAX_VARIATION_DEPTH, Node};
use crate::clock::MAX_CLOCK_TIME;
use hotseat_chess::{Game, Position};

/// The most comments, NAGs, variations and moves in variations one game may hold:
/// each costs a few dozen bytes kept, so a file made of nothing but `{}` or `(1. e4)`
/// would otherwise cost twenty times its size; real games hold far fewer.
pub const MAX_ANNOTATIONS: usize = 1_000_000;

/// The main line as read: the moves played on a game, and what is said about them.
pub(crate) struct Movetext {
    /// The game with every move of the main line played (no result recorded yet).
    pub game: Game,
    /// The `%clk` time after each move, where a comment after it says.
    pub clocks: Vec<Option<Duration>>,
    /// What is said about each move of the main line (`annotations[i]` about move `i`).
    pub annotations: Vec<Annotations>,
    /// Comments at the end of the main line that no move follows.
    pub trailing: Vec<String>,
}

/// Where comments go in a line being read.
#[derive(Default)]
struct Place {
    /// Comments waiting for the next move.
    pending: Vec<String>,
    /// Whether a variation closed since the line's last move.
    after_variation: bool,
}

/// An open variation.
struct Variation {
    line: Line,
    /// The position after the line's last move.
    pos: Position,
    /// The position before its last move: where a variation of that move starts.
    before_last: Position,
    place: Place,
}

/// A comment's text as it is kept: without the blank space around it (`{ text }` is
/// `text`), line ends as LF, and any other control character (a tab, an escape
/// sequence's ESC) a space, so that it never reaches a terminal and means the same
/// after saving.
pub(crate) fn clean_comment(text: &str) -> String {
    let mut out = String::with_capacity(text.len());
    // Runs of characters kept as they are go over whole (a comment may be megabytes).
    let mut run = 0;
    let mut chars = text.char_indices().peekable();
    while let Some((at, c)) = chars.next() {
        if c == '\n' || !c.is_control() {
            continue;
        }
        out.push_str(&text[run..at]);
        run = at + c.len_utf8();
        if c == '\r' {
            if let Some(&(lf, '\n')) = chars.peek() {
                chars.next();
                run = lf + 1;
            }
            out.push('\n');
        } else {
            out.push(' ');
        }
    }
    out.push_str(&text[run..]);
    let end = out.trim_end().len();
    out.truncate(end);
    let start = out.len() - out.trim_start().len();
    out.drain(..start);
    out
}

/// Plays the movetext of `tokens` on `game`, keeping every comment, NAG and variation.
pub(crate) fn read<'t>(
    game: Game,
    tokens: impl Iterator<Item = Result<Token<'t>, PgnError>>,
) -> Result<Movetext, PgnError> {
    let mut main = Movetext { game, clocks: Vec::new(), annotations: Vec::new(), trailing: Vec::new() };
    let mut main_place = Place::default();
    let mut open: Vec<Variation> = Vec::new();
    let mut kept = 0usize;
    for token in tokens {
        let token = token?;
        let located = |kind| PgnError { line: token.at.line, column: token.at.column, kind };
        let costs = match &token.kind {
            TokenKind::Move(_) => !open.is_empty(),
            TokenKind::Comment(_) | TokenKind::Nag(_) | TokenKind::VariationStart => true,
            _ => false,
        };
        kept += usize::from(costs);
        if kept > MAX_ANNOTATIONS {
            return Err(located(PgnErrorKind::TooManyAnnotations));
        }
        match &token.kind {
            TokenKind::Move(text) => match open.last_mut() {
                None => {
                    if let Some(outcome) = main.game.outcome() {
                        return Err(located(PgnErrorKind::AfterEnd {
                            text: text.clone().into_owned(),
                            outcome: outcome.to_string(),
                        }));
                    }
                    main.game
                        .play_san(text)
                        .map_err(|e| located(PgnErrorKind::bad_move(main.game.position(), text, e)))?;
                    main.clocks.push(None);
                    let before = std::mem::take(&mut main_place.pending);
                    main.annotations.push(Annotations { before, ..Annotations::default() });
                    main_place.after_variation = false;
                }
                Some(var) => {
                    let mv = var
                        .pos
                        .parse_san(text)
                        .map_err(|e| located(PgnErrorKind::bad_move(&var.pos, text, e)))?;
                    var.before_last = var.pos.clone();
                    var.pos.play(mv);
                    let before = std::mem::take(&mut var.place.pending);
                    var.line
                        .moves
                        .push(Node { mv, annotations: Annotations { before, ..Annotations::default() } });
                    var.place.after_variation = false;
                }
            },
            TokenKind::Null(text) => return Err(located(PgnErrorKind::NullMove((*text).to_owned()))),
            TokenKind::Comment(text) => {
                if open.is_empty() {
                    read_clock(&mut main.clocks, &token, text)?;
                }
                let text = clean_comment(text);
                let (last, place) = top(&mut main, &mut main_place, &mut open);
                match last {
                    Some(last) if !place.after_variation => last.comments.push(text),
                    _ => place.pending.push(text),
                }
            }
            TokenKind::Nag(nag) => match top(&mut main, &mut main_place, &mut open) {
                (Some(last), _) => last.nags.push(*nag),
                // It judges no move, and there is nowhere to keep it: refused, not dropped.
                (None, _) => return Err(located(PgnErrorKind::NagBeforeMove)),
            },
            TokenKind::VariationStart => {
                if open.len() >= MAX_VARIATION_DEPTH {
                    return Err(located(PgnErrorKind::TooDeep));
                }
                let start = match open.last() {
                    None => {
                        main.game.ply().checked_sub(1).and_then(|ply| main.game.position_at(ply)).cloned()
                    }
                    Some(var) => (!var.line.moves.is_empty()).then(|| var.before_last.clone()),
                };
                let Some(start) = start else { return Err(located(PgnErrorKind::VariationBeforeMove)) };
                open.push(Variation {
                    line: Line::default(),
                    pos: start.clone(),
                    before_last: start,
                    place: Place::default(),
                });
            }
            TokenKind::VariationEnd => {
                // The lexer pairs every `)` with a `(`, and a variation only opens after
                // a move of the line it is in.
                let Some(mut var) = open.pop() else { continue };
                var.line.trailing = var.place.pending;
                let (last, place) = top(&mut main, &mut main_place, &mut open);
                if let Some(last) = last {
                    last.variations.push(var.line);
                }
                place.after_variation = true;
            }
            // A result inside a variation ends nothing and has nowhere to be kept.
            TokenKind::Result(_) if !open.is_empty() => return Err(located(PgnErrorKind::ResultInVariation)),
            // The main line's result is read by the caller, with the tags; `e.p.` and a
            // check sign standing apart say nothing the move does not.
            TokenKind::Result(_) | TokenKind::Tag { .. } | TokenKind::MoveNumber | TokenKind::Annotation => {}
        }
    }
    main.trailing = main_place.pending;
    Ok(main)
}

/// The annotations of the last move of the innermost open line, if it has one, and
/// where that line's comments go.
fn top<'m>(
    main: &'m mut Movetext,
    main_place: &'m mut Place,
    open: &'m mut [Variation],
) -> (Option<&'m mut Annotations>, &'m mut Place) {
    match open.last_mut() {
        None => (main.annotations.last_mut(), main_place),
        Some(var) => (var.line.moves.last_mut().map(|node| &mut node.annotations), &mut var.place),
    }
}

/// Reads a `[%clk …]` time in a comment of the main line as the time after its last
/// move, refusing one past what a clock can show.
fn read_clock(clocks: &mut [Option<Duration>], token: &Token<'_>, text: &str) -> Result<(), PgnError> {
    let (Some(slot), Some(clock)) = (clocks.last_mut(), clock_in_comment(text)) else { return Ok(()) };
    if clock.time > MAX_CLOCK_TIME {
        // The comment's text starts after its `{` or `;`.
        let start = Location { column: token.at.column.saturating_add(1), ..token.at };
        let at = location_after(start, &text[..clock.at]);
        let kind = PgnErrorKind::ClockTooLarge(clock.written.to_owned());
        return Err(PgnError { line: at.line, column: at.column, kind });
    }
    *slot = Some(clock.time);
    Ok(())
}

/// Where `text` ends when it starts at `at`, counting lines as the lexer does: an LF
/// ends a line, and so does a CR that no LF follows.
fn location_after(at: Location, text: &str) -> Location {
    let mut chars = text.chars().peekable();
    let mut at = at;
    while let Some(c) = chars.next() {
        match c {
            '\n' => at = Location { line: at.line.saturating_add(1), column: 1 },
            '\r' if chars.peek() != Some(&'\n') => {
                at = Location { line: at.line.saturating_add(1), column: 1 }
            }
            '\r' => {}
            _ => at.column = at.column.saturating_add(1),
        }
    }
    at
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn comments_keep_their_lines_and_lose_other_control_characters() {
        assert_eq!(clean_comment(" a\r\nb\rc\nd\te\u{1b}[2J\t"), "a\nb\nc\nd e [2J");
        // At the ends: a CR alone, a CRLF, a control character that becomes a space.
        assert_eq!(clean_comment("\u{1}é½\r"), "é½");
        assert_eq!(clean_comment("x\r\n\r\ny\u{85}z\r\n"), "x\n\ny z");
        assert_eq!(clean_comment("\r\r\n\u{7f}"), "");
        assert_eq!(clean_comment("plain"), "plain");
    }
}
