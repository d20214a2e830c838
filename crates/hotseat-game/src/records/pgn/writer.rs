//! PGN out, in the export format every reader accepts: the Seven Tag Roster first,
//! SAN with move numbers, lines of at most 80 columns, the result token last.

use std::borrow::Cow;
use std::time::Duration;

use super::reader::{claim_available, reason_for, variant_is_chess960};
use super::time_control::clock_text;
use super::{PgnGame, SEVEN_TAG_ROSTER};
use crate::annotations::{Annotations, Line};
use hotseat_chess::{Bitboard, CastlingSide, Color, Position, Rank, Reason, Role, STARTING_FEN};

/// The longest line the movetext may have.
const MAX_LINE: usize = 80;

/// Tags the writer derives from the game instead of copying.
const DERIVED: [&str; 5] = ["SetUp", "FEN", "Variant", "Chess960", "Termination"];

pub(crate) fn write(pgn: &PgnGame) -> String {
    let mut out = String::new();
    for (name, value) in tags(pgn) {
        // A tag name is letters, digits and `_`; anything else would not read back.
        let name: String = name.chars().filter(|c| c.is_ascii_alphanumeric() || *c == '_').collect();
        if name.is_empty() {
            continue;
        }
        out.push('[');
        out.push_str(&name);
        out.push_str(" \"");
        out.push_str(&escape(&value));
        out.push_str("\"]\n");
    }
    out.push('\n');
    for line in wrap(&movetext(pgn)) {
        out.push_str(&line);
        out.push('\n');
    }
    out
}

/// Every tag to write, in order: the roster, then how the game was set up, then the
/// other tags as they stand, then how it ended.
fn tags(pgn: &PgnGame) -> Vec<(String, String)> {
    let game = &pgn.game;
    let stored = &pgn.tags;
    let mut out: Vec<(String, String)> = Vec::new();
    let mut push = |name: &str, value: String| out.push((name.to_owned(), value));
    for name in SEVEN_TAG_ROSTER {
        let value = match name {
            "Result" => game.outcome().map_or("*", |o| o.result.pgn()).to_owned(),
            "Date" => date_value(stored.get("Date")),
            // Blank once written (control characters become spaces): unknown.
            _ => stored.get(name).filter(|v| !escape(v).trim().is_empty()).unwrap_or("?").to_owned(),
        };
        push(name, value);
    }
    let start = game.start();
    if start.is_chess960() {
        push("Variant", "Chess960".to_owned());
        // The start's number, for players who set the pieces up by it (518 is the usual).
        if let Some(number) = start.chess960_number() {
            push("Chess960", number.to_string());
        }
    } else if let Some(variant) = stored.get("Variant").filter(|v| variant_is_chess960(v) == Some(false)) {
        push("Variant", variant.to_owned());
    }
    let fen = start_fen(start);
    if start.is_chess960() || fen != STARTING_FEN {
        push("SetUp", "1".to_owned());
        push("FEN", fen);
    }
    for (name, value) in stored.iter() {
        if SEVEN_TAG_ROSTER.contains(&name) || DERIVED.contains(&name) {
            continue;
        }
        let value = if name == "PlyCount" { game.ply().to_string() } else { value.to_owned() };
        push(name, value);
    }
    if let Some(termination) = termination(pgn) {
        push("Termination", termination);
    }
    out
}

/// The `Termination` tag: kept as written when it still fits how the game ended,
/// otherwise PGN's customary value for an ending the moves do not show by
/// themselves (`time forfeit` for time, `normal` for resignation, agreement and
/// claims; `Game drawn by agreement` where a draw could have been claimed), and none
/// for an unfinished game or one the moves ended.
fn termination(pgn: &PgnGame) -> Option<String> {
    let stored = pgn.tags.get("Termination");
    let lower = stored.map(str::to_ascii_lowercase);
    let Some(outcome) = pgn.game.outcome() else {
        return stored.filter(|_| lower.as_deref() == Some("unterminated")).map(str::to_owned);
    };
    let automatic = matches!(
        outcome.reason,
        Reason::Checkmate
            | Reason::Stalemate
            | Reason::InsufficientMaterial
            | Reason::FivefoldRepetition
            | Reason::SeventyFiveMoveRule
    );
    if automatic {
        let fits = lower.as_deref().is_some_and(|t| !t.contains("time") && t != "unterminated");
        return stored.filter(|_| fits).map(str::to_owned);
    }
    let claim = claim_available(&pgn.game);
    if let Some(stored) = stored
        && reason_for(outcome.result, Some(stored), claim) == outcome.reason
    {
        return Some(stored.to_owned());
    }
    if outcome.reason == Reason::Unspecified {
        return None;
    }
    Some(
        match outcome.reason {
            Reason::Timeout | Reason::TimeoutWithInsufficientMaterial => "time forfeit",
            // A `normal` draw reads back as the claim the position allows.
            Reason::Agreement if claim.is_some() => "Game drawn by agreement",
            _ => "normal",
        }
        .to_owned(),
    )
}

/// A `Date` value in PGN's `YYYY.MM.DD` form, with `?` for unknown parts; dates
/// written with `-` or `/` are converted, a date in any other form (`1992`, `July
/// 1997`) is kept as written, and none (or a blank one) is `????.??.??`.
fn date_value(stored: Option<&str>) -> String {
    let unknown = "????.??.??".to_owned();
    let Some(written) = stored.filter(|v| !escape(v).trim().is_empty()) else { return unknown };
    let date = written.trim().replace(['-', '/'], ".");
    let parts: Vec<&str> = date.split('.').collect();
    let valid = parts.len() == 3
        && parts.iter().zip([4, 2, 2]).all(|(part, len)| {
            part.len() == len && (part.bytes().all(|b| b.is_ascii_digit()) || part.bytes().all(|b| b == b'?'))
        });
    if valid { date } else { written.to_owned() }
}

/// A tag value with `\` and `"` escaped and line breaks flattened.
fn escape(value: &str) -> String {
    let mut out = String::with_capacity(value.len());
    for c in value.chars() {
        match c {
            '\\' => out.push_str("\\\\"),
            '"' => out.push_str("\\\""),
            c if c.is_control() => out.push(' '),
            c => out.push(c),
        }
    }
    out
}

/// The start position's FEN, with X-FEN castling rights for Chess960 (`KQkq` for the
/// outermost rooks, a file letter for an inner one), which more readers accept
/// than Shredder-FEN.
fn start_fen(start: &Position) -> String {
    let fen = start.fen();
    if !start.is_chess960() {
        return fen;
    }
    let castling = x_fen_castling(start);
    let mut fields: Vec<&str> = fen.split(' ').collect();
    if fields.len() > 2 {
        fields[2] = &castling;
    }
    fields.join(" ")
}

fn x_fen_castling(pos: &Position) -> String {
    let mut out = String::new();
    for color in Color::ALL {
        let rooks = pos.by_piece(Role::Rook.of(color)) & Bitboard::relative_rank(color, Rank::First);
        for side in CastlingSide::ALL {
            let Some(rook) = pos.castling_rook(color, side) else { continue };
            let outer_rook = rooks.into_iter().any(|r| match side {
                CastlingSide::KingSide => r.file() > rook.file(),
                CastlingSide::QueenSide => r.file() < rook.file(),
            });
            let letter = match (outer_rook, side) {
                (true, _) => rook.file().char(),
                (false, CastlingSide::KingSide) => 'k',
                (false, CastlingSide::QueenSide) => 'q',
            };
            out.push(match color {
                Color::White => letter.to_ascii_uppercase(),
                Color::Black => letter,
            });
        }
    }
    if out.is_empty() { "-".to_owned() } else { out }
}

/// The movetext as units that are never split across lines: `12. Nf3 $5`, `Nc6`,
/// `{[%clk 0:05:00]}`, a variation's first move with its `(`, the result.
fn movetext(pgn: &PgnGame) -> Vec<String> {
    let game = &pgn.game;
    let mut units = Vec::with_capacity(game.ply() + 1);
    let mut numbered = true;
    let none = Annotations::default();
    for (ply, san) in game.san_moves().iter().enumerate() {
        let Some(before) = game.position_at(ply) else { break };
        let notes = pgn.annotations(ply).unwrap_or(&none);
        let comments = with_clock(&notes.comments, pgn.clock(ply));
        write_move(&mut units, before, san, notes, &comments, &mut numbered);
    }
    units.extend(pgn.trailing.iter().map(|c| comment(c)));
    units.push(game.outcome().map_or("*", |o| o.result.pgn()).to_owned());
    units
}

/// Writes one move played from `before` as `san`, with what is said about it (its
/// comments given apart, a clock time merged in) and its variations. `numbered`
/// says whether a Black move needs its number (at the start of a line, after a
/// comment or a variation), and is updated for the next move.
fn write_move(
    units: &mut Vec<String>,
    before: &Position,
    san: &str,
    notes: &Annotations,
    comments: &[String],
    numbered: &mut bool,
) {
    units.extend(notes.before.iter().map(|c| comment(c)));
    *numbered |= !notes.before.is_empty();
    let fullmove = before.fullmoves();
    let mut unit = match before.turn() {
        Color::White => format!("{fullmove}. {san}"),
        Color::Black if *numbered => format!("{fullmove}... {san}"),
        Color::Black => san.to_owned(),
    };
    for nag in &notes.nags {
        unit.push(' ');
        unit.push_str(&nag.to_string());
    }
    units.push(unit);
    units.extend(comments.iter().map(|c| comment(c)));
    *numbered = !comments.is_empty() || !notes.variations.is_empty();
    for line in &notes.variations {
        write_line(units, before, line);
    }
}

/// Writes a variation from `start`, in parentheses.
fn write_line(units: &mut Vec<String>, start: &Position, line: &Line) {
    let first = units.len();
    let mut pos = start.clone();
    let mut numbered = true;
    for node in &line.moves {
        let san = pos.san(node.mv);
        write_move(units, &pos, &san, &node.annotations, &node.annotations.comments, &mut numbered);
        pos.play(node.mv);
    }
    units.extend(line.trailing.iter().map(|c| comment(c)));
    match units.get_mut(first..) {
        Some([]) | None => units.push("()".to_owned()),
        Some([.., last]) if last.ends_with('\n') => {
            units[first].insert(0, '(');
            units.push(")".to_owned());
        }
        Some([.., last]) => {
            last.push(')');
            units[first].insert(0, '(');
        }
    }
}

/// A comment as PGN writes it: `{text}`; a text holding `}` (which nothing in braces
/// can escape) as a `;` comment, which runs to the end of its line, and with its
/// `}` made `)` in the one case that cannot take, a text of several lines.
fn comment(text: &str) -> String {
    if !text.contains('}') {
        format!("{{{text}}}")
    } else if !text.contains('\n') {
        format!(";{text}\n")
    } else {
        format!("{{{}}}", text.replace('}', ")"))
    }
}

/// The comments after a move with the clock time written in: in place of the time
/// in the first `[%clk …]` there is, or else as a comment of its own, first.
fn with_clock(comments: &[String], clock: Option<Duration>) -> Cow<'_, [String]> {
    let Some(clock) = clock else { return Cow::Borrowed(comments) };
    let text = clock_text(clock);
    let mut out = comments.to_vec();
    let found = out.iter_mut().find_map(|c| {
        let start = c.find("[%clk")? + "[%clk".len();
        let end = start + c[start..].find(']')?;
        Some((c, start, end))
    });
    match found {
        Some((c, start, end)) => c.replace_range(start..end, &format!(" {text}")),
        None => out.insert(0, format!("[%clk {text}]")),
    }
    Cow::Owned(out)
}

/// Joins units with spaces into lines of at most [`MAX_LINE`] characters; a unit
/// ending in a line break (a `;` comment) ends its line.
fn wrap(units: &[String]) -> Vec<String> {
    let mut lines = Vec::new();
    let mut line = String::new();
    for unit in units {
        if !line.is_empty() && line.chars().count() + 1 + unit.chars().count() > MAX_LINE {
            lines.push(std::mem::take(&mut line));
        }
        if !line.is_empty() {
            line.push(' ');
        }
        match unit.strip_suffix('\n') {
            Some(unit) => {
                line.push_str(unit);
                lines.push(std::mem::take(&mut line));
            }
            None => line.push_str(unit),
        }
    }
    if !line.is_empty() || lines.is_empty() {
        lines.push(line);
    }
    lines
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn clock_text_shows_hours_minutes_seconds_and_any_fraction() {
        assert_eq!(clock_text(Duration::from_secs(5025)), "1:23:45");
        assert_eq!(clock_text(Duration::from_millis(7300)), "0:00:07.3");
        assert_eq!(clock_text(Duration::from_millis(61_025)), "0:01:01.025");
    }

    #[test]
    fn dates_are_normalised_to_dots() {
        assert_eq!(date_value(Some("1997.??.??")), "1997.??.??");
        assert_eq!(date_value(Some("2016-07-28")), "2016.07.28");
        assert_eq!(date_value(Some("July 1997")), "July 1997", "kept as written");
        assert_eq!(date_value(Some("1992")), "1992");
        assert_eq!(date_value(Some(" \t")), "????.??.??");
        assert_eq!(date_value(None), "????.??.??");
    }

    #[test]
    fn a_roster_tag_of_control_characters_is_written_as_unknown() {
        let record = PgnGame::new(hotseat_chess::Game::new()).with_tag("Round", "\u{17}\t");
        assert!(write(&record).contains("[Round \"?\"]"), "{}", write(&record));
    }

    #[test]
    fn a_draw_agreed_where_a_repetition_could_be_claimed_reads_back_as_agreed() {
        let mut game = hotseat_chess::Game::new();
        for san in ["Nf3", "Nf6", "Ng1", "Ng8", "Nf3", "Nf6", "Ng1", "Ng8"] {
            game.play_san(san).expect("legal");
        }
        game.agree_draw();
        let text = write(&PgnGame::new(game));
        let read = super::super::read_game(&text).expect("reads back");
        assert_eq!(read.game.outcome(), Some(hotseat_chess::Outcome::draw(Reason::Agreement)), "{text}");
    }

    #[test]
    fn wrapping_never_exceeds_eighty_columns() {
        let units: Vec<String> = (1..60).map(|n| format!("{n}. Nf3")).collect();
        let lines = wrap(&units);
        assert!(lines.len() > 1);
        assert!(lines.iter().all(|l| l.len() <= MAX_LINE));
        assert_eq!(lines.join(" "), units.join(" "));
    }
}
