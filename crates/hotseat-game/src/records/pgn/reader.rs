//! From tokens to games: splitting a file into games, then playing a game's moves.
//!
//! Splitting reads the text once and keeps, per game, its tags and where its text
//! is; loading a game reads its text again. So a file costs its text and its tags in
//! memory, whatever the length of its movetext.

use std::collections::HashSet;
use std::fmt;
use std::sync::Arc;

use super::lexer::{Lexer, Location, Token, TokenKind};
use super::movetext;
use super::time_control::{clock_in_comment, time_control_tag_out_of_bounds};
use super::{PgnError, PgnErrorKind, PgnGame, Tags};
use crate::printable::{QUOTE_LIMIT, printable};
use hotseat_chess::{CastlingSide, Color, File, Game, GameResult, Outcome, Position, Reason, Strictness};

/// The most games one file may hold. Each game listed costs about a hundred bytes
/// beyond its text, so a file of nothing but `* * * ...` would otherwise cost fifty
/// times its size; real files under the size limit hold far fewer.
pub const MAX_GAMES: usize = 1_000_000;

/// A PGN file split into games, whose tags can be read before any game is loaded.
///
/// Splitting reads the whole text once, so a comment or variation that is never
/// closed, or a garbled tag, refuses the file; moves are only checked when a game is
/// [loaded](GameEntry::load), so one game with an illegal move does not hide the others.
#[derive(Clone, Debug, Default)]
pub struct PgnFile {
    games: Vec<GameEntry>,
}

/// One game of a [`PgnFile`]: its tags, and where its text is, to play it.
#[derive(Clone)]
pub struct GameEntry {
    /// The whole file's text, shared by its games.
    text: Arc<String>,
    number: usize,
    /// Where the game's first token stands, as a place and as a byte offset.
    at: Location,
    start: usize,
    /// The byte offset just past the game's last token.
    end: usize,
    tags: Tags,
    /// How many moves (and null moves) the movetext holds.
    plies: usize,
    /// The result token that ended the movetext, if there was one.
    result: Option<ResultToken>,
    /// Whether the movetext holds an annotation glyph, a variation or a comment
    /// other than a clock time.
    annotated: bool,
}

impl fmt::Debug for GameEntry {
    /// Everything but the file's text, which may be large.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_struct("GameEntry")
            .field("number", &self.number)
            .field("at", &self.at)
            .field("bytes", &(self.start..self.end))
            .field("tags", &self.tags)
            .field("plies", &self.plies)
            .field("result", &self.result)
            .field("annotated", &self.annotated)
            .finish_non_exhaustive()
    }
}

/// A result token: `*`, or a decided result.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum ResultToken {
    Unfinished,
    Decided(GameResult),
}

impl PgnFile {
    /// Splits PGN text into games. A leading byte-order mark is skipped.
    pub fn parse(text: &str) -> Result<PgnFile, PgnError> {
        PgnFile::parse_owned(text.to_owned())
    }

    fn parse_owned(mut text: String) -> Result<PgnFile, PgnError> {
        if text.starts_with('\u{feff}') {
            text.drain(..'\u{feff}'.len_utf8());
        }
        Ok(PgnFile { games: group(&Arc::new(text))? })
    }

    /// Splits a file's bytes into games. The bytes are read as UTF-8 (with or without a
    /// byte-order mark), or as Latin-1 when they are not valid UTF-8, as older
    /// programs write it.
    pub fn from_bytes(bytes: &[u8]) -> Result<PgnFile, PgnError> {
        PgnFile::from_owned_bytes(bytes.to_vec())
    }

    /// [`PgnFile::from_bytes`] without a copy of UTF-8 text.
    pub(crate) fn from_owned_bytes(bytes: Vec<u8>) -> Result<PgnFile, PgnError> {
        if bytes.starts_with(&[0xff, 0xfe]) || bytes.starts_with(&[0xfe, 0xff]) {
            return Err(PgnError {
                line: 1,
                column: 1,
                kind: PgnErrorKind::Unexpected("UTF-16 text (save the file as UTF-8)".to_owned()),
            });
        }
        match String::from_utf8(bytes) {
            Ok(text) => PgnFile::parse_owned(text),
            Err(err) => PgnFile::parse_owned(err.as_bytes().iter().map(|&b| char::from(b)).collect()),
        }
    }

    /// The games, in file order.
    pub fn games(&self) -> &[GameEntry] {
        &self.games
    }

    /// Game `number`, counting from 1 as `--game N` does.
    pub fn game(&self, number: usize) -> Option<&GameEntry> {
        number.checked_sub(1).and_then(|i| self.games.get(i))
    }

    /// How many games the file holds.
    pub fn len(&self) -> usize {
        self.games.len()
    }

    /// Whether the file holds no game.
    pub fn is_empty(&self) -> bool {
        self.games.is_empty()
    }
}

impl GameEntry {
    /// A game whose first token is `first`, numbered `number`.
    fn new(text: &Arc<String>, number: usize, first: &Token<'_>) -> Result<GameEntry, PgnError> {
        if number > MAX_GAMES {
            return Err(PgnError {
                line: first.at.line,
                column: first.at.column,
                kind: PgnErrorKind::TooManyGames,
            });
        }
        Ok(GameEntry {
            text: Arc::clone(text),
            number,
            at: first.at,
            start: first.start,
            end: first.end,
            tags: Tags::new(),
            plies: 0,
            result: None,
            annotated: false,
        })
    }

    /// The game's tokens, from its first to its last.
    fn tokens(&self) -> impl Iterator<Item = Result<Token<'_>, PgnError>> {
        let mut lexer = Lexer::resume(&self.text, self.start, self.at);
        let end = self.end;
        std::iter::from_fn(move || lexer.next_token().transpose())
            .take_while(move |token| token.as_ref().map_or(true, |t| t.start < end))
    }

    /// The game's number in its file, from 1.
    pub fn number(&self) -> usize {
        self.number
    }

    /// The line on which the game starts.
    pub fn line(&self) -> usize {
        self.at.line
    }

    /// The tags as read.
    pub fn tags(&self) -> &Tags {
        &self.tags
    }

    /// How many half-moves the movetext holds (counted, not yet checked).
    pub fn plies(&self) -> usize {
        self.plies
    }

    /// Whether the movetext holds a comment other than a clock time, an annotation
    /// glyph (`$1`, `!?`) or a variation (all of which [`GameEntry::load`] keeps).
    pub fn has_annotations(&self) -> bool {
        self.annotated
    }

    /// The result as written: the token ending the movetext, else the `Result` tag,
    /// else `*`.
    pub fn result_text(&self) -> &str {
        match self.result {
            Some(ResultToken::Decided(result)) => result.pgn(),
            Some(ResultToken::Unfinished) => "*",
            None => match self.tags.get("Result") {
                Some(r @ ("1-0" | "0-1" | "1/2-1/2")) => r,
                _ => "*",
            },
        }
    }

    /// One line for a list of games:
    /// `Kasparov – Deep Blue, IBM Man-Machine, New York USA, 1997.05.11, 1-0, 45 moves`.
    /// Ready to print: each value is [`printable`] and at most [`QUOTE_LIMIT`] long.
    pub fn summary(&self) -> String {
        let known = |name: &str| {
            self.tags
                .get(name)
                .map(str::trim)
                .filter(|v| !v.is_empty() && !v.chars().all(|c| "?.".contains(c)))
                .map(|v| printable(v, QUOTE_LIMIT).into_owned())
        };
        let unknown = || "?".to_owned();
        let mut parts = vec![format!(
            "{} – {}",
            known("White").unwrap_or_else(unknown),
            known("Black").unwrap_or_else(unknown)
        )];
        parts.extend(["Event", "Site", "Date"].into_iter().filter_map(known));
        parts.push(self.result_text().to_owned());
        let moves = self.plies().div_ceil(2);
        parts.push(format!("{moves} move{}", if moves == 1 { "" } else { "s" }));
        parts.join(", ")
    }

    /// Plays the game's moves and records its result.
    ///
    /// A recorded result that the moves do not produce by themselves becomes an
    /// outcome on the [`Game`]: the reason comes from a `Termination` tag when there is
    /// one (`time forfeit` is a loss on time); otherwise a decisive result is a
    /// resignation and a draw is a claim when one is available, else an agreement.
    /// When the moves end the game by themselves (checkmate, say), they win over
    /// whatever result is written.
    ///
    /// Clock times are refused past [`MAX_CLOCK_TIME`](crate::clock::MAX_CLOCK_TIME), and time-control tags in a
    /// form this program plays but with times past the command line's upper bounds
    /// (a base time over a day, say), so that no recorded time can overflow the
    /// clocks.
    pub fn load(&self) -> Result<PgnGame, PgnError> {
        let game = Game::from_position(self.start_position()?);
        if let Some((tag, reason)) = time_control_tag_out_of_bounds(|name| self.tags.get(name)) {
            let at = self.value_at(tag);
            let value = self.tags.get(tag).unwrap_or_default().to_owned();
            let kind = PgnErrorKind::TimeControlOutOfBounds { tag: tag.to_owned(), value, reason };
            return Err(PgnError { line: at.line, column: at.column, kind });
        }
        let movetext::Movetext { mut game, clocks, annotations, trailing } =
            movetext::read(game, self.tokens())?;
        let written = match self.result {
            Some(ResultToken::Decided(result)) => Some(result),
            Some(ResultToken::Unfinished) => None,
            None => match self.tags.get("Result") {
                Some("1-0") => Some(GameResult::WhiteWins),
                Some("0-1") => Some(GameResult::BlackWins),
                Some("1/2-1/2") => Some(GameResult::Draw),
                _ => None,
            },
        };
        if let Some(result) = written
            && !game.is_over()
        {
            let reason = reason_for(result, self.tags.get("Termination"), claim_available(&game));
            game.declare(Outcome { result, reason });
        }
        Ok(PgnGame { tags: self.tags.clone(), game, clocks, annotations, trailing })
    }

    /// Where the value of tag `name` stands, to point at a bad `FEN` or `Variant`;
    /// found by reading the game's tags again, as it is only needed for an error.
    fn value_at(&self, name: &str) -> Location {
        let mut found = self.at;
        for token in self.tokens() {
            if let Ok(Token { kind: TokenKind::Tag { name: n, value_at, .. }, .. }) = token
                && n == name
            {
                found = value_at;
            }
        }
        found
    }

    /// The start position from the `FEN`, `SetUp` and `Variant` tags.
    fn start_position(&self) -> Result<Position, PgnError> {
        let located = |name: &str, kind| {
            let at = self.value_at(name);
            PgnError { line: at.line, column: at.column, kind }
        };
        let chess960 = match self.tags.get("Variant") {
            None => false,
            Some(v) => match variant_is_chess960(v) {
                Some(chess960) => chess960,
                None => return Err(located("Variant", PgnErrorKind::UnsupportedVariant(v.to_owned()))),
            },
        };
        let mut pos = match self.tags.get("FEN") {
            Some(fen) if self.tags.get("SetUp") != Some("0") => {
                // As strict as a FEN on the command line: a position no game can reach
                // is refused the same whichever way it comes.
                Position::from_fen_with(fen, Strictness::Strict)
                    .map_err(|err| located("FEN", PgnErrorKind::BadFen { err, fen: fen.to_owned() }))?
            }
            _ => Position::startpos(),
        };
        if chess960 || has_chess960_castling(&pos) {
            pos.set_chess960(true);
        }
        Ok(pos)
    }
}

/// Whether a `Variant` tag means Chess960 (`Some(true)`), standard chess
/// (`Some(false)`), or something this program does not play (`None`).
pub(crate) fn variant_is_chess960(variant: &str) -> Option<bool> {
    let key: String =
        variant.chars().filter(|c| c.is_alphanumeric()).map(|c| c.to_ascii_lowercase()).collect();
    match key.as_str() {
        "chess960" | "960" | "fischerandom" | "fischerrandom" | "fischerrandomchess" | "frc" => Some(true),
        "" | "standard" | "chess" | "normal" | "fromposition" | "classical" => Some(false),
        _ => None,
    }
}

/// Whether castling rights name a king or rook off the standard squares, which only
/// Chess960 allows.
fn has_chess960_castling(pos: &Position) -> bool {
    Color::ALL.into_iter().any(|color| {
        CastlingSide::ALL.into_iter().any(|side| {
            pos.castling_rook(color, side).is_some_and(|rook| {
                let rook_file = match side {
                    CastlingSide::KingSide => File::H,
                    CastlingSide::QueenSide => File::A,
                };
                pos.king_of(color).file() != File::E || rook.file() != rook_file
            })
        })
    })
}

/// The draw the side to move could claim in the game's final position, whether or
/// not a result has been recorded since (unlike [`Game::claimable_draw`]).
pub(crate) fn claim_available(game: &Game) -> Option<Reason> {
    if game.repetitions() >= 3 {
        Some(Reason::ThreefoldRepetition)
    } else if game.position().halfmoves() >= 100 {
        Some(Reason::FiftyMoveRule)
    } else {
        None
    }
}

/// Why a game ended with `result` when the moves alone do not end it.
///
/// The `Termination` tag decides when it says (`time forfeit`, `normal`, or wordings
/// like `White won by resignation`, `Game drawn by repetition`). A `normal` decisive
/// result is a resignation and a `normal` draw the claim the final position allows
/// (`claim`), or else an agreement. Without a tag that says, a draw is the claim the
/// position allows if any; otherwise the reason is [`Reason::Unspecified`] rather
/// than an invented one.
pub(crate) fn reason_for(result: GameResult, termination: Option<&str>, claim: Option<Reason>) -> Reason {
    let term = termination.unwrap_or("").to_ascii_lowercase();
    let says = |word: &str| term.contains(word);
    match result {
        GameResult::Draw if says("time") => Reason::TimeoutWithInsufficientMaterial,
        GameResult::Draw if says("repetition") => Reason::ThreefoldRepetition,
        GameResult::Draw if says("fifty") || says("50") => Reason::FiftyMoveRule,
        GameResult::Draw if says("agree") => Reason::Agreement,
        GameResult::Draw if says("normal") => claim.unwrap_or(Reason::Agreement),
        GameResult::Draw => claim.unwrap_or(Reason::Unspecified),
        _ if says("time") => Reason::Timeout,
        _ if says("resign") || says("normal") => Reason::Resignation,
        _ => Reason::Unspecified,
    }
}

/// Whether a comment says nothing but a clock time: `[%clk 0:04:57]`.
fn is_clock_only(comment: &str) -> bool {
    let Some(start) = comment.find("[%clk") else { return comment.trim().is_empty() };
    let Some(len) = comment[start..].find(']') else { return false };
    clock_in_comment(comment).is_some()
        && comment[..start].trim().is_empty()
        && comment[start + len + 1..].trim().is_empty()
}

/// Splits a text into games. A game ends at its result token, at a tag after its
/// movetext began, or at a tag it already has (a game with tags but no movetext).
fn group(text: &Arc<String>) -> Result<Vec<GameEntry>, PgnError> {
    let mut lexer = Lexer::new(text);
    let mut games: Vec<GameEntry> = Vec::new();
    let mut current: Option<GameEntry> = None;
    // The current game's tag names: a set, so that a game of many tags is read in
    // linear time.
    let mut names: HashSet<&str> = HashSet::new();
    let mut in_movetext = false;
    // How many variations are open: what stands inside one belongs to the game it is
    // in, and never starts or ends one.
    let mut depth = 0usize;
    while let Some(token) = lexer.next_token()? {
        let inside = depth > 0;
        match token.kind {
            TokenKind::VariationStart => depth += 1,
            TokenKind::VariationEnd => depth = depth.saturating_sub(1),
            _ => {}
        }
        let game = match &token.kind {
            TokenKind::Tag { name, .. } => {
                if in_movetext || names.contains(name) {
                    games.extend(current.take());
                    names.clear();
                    in_movetext = false;
                }
                Some(&mut current)
            }
            _ if inside => current.is_some().then_some(&mut current),
            TokenKind::Result(_) | TokenKind::Move(_) | TokenKind::Null(_) | TokenKind::MoveNumber => {
                Some(&mut current)
            }
            TokenKind::Comment(_)
            | TokenKind::Nag(_)
            | TokenKind::Annotation
            | TokenKind::VariationStart
            | TokenKind::VariationEnd => current.is_some().then_some(&mut current),
        };
        let Some(slot) = game else { continue };
        let game = match slot {
            Some(game) => game,
            None => slot.insert(GameEntry::new(text, games.len() + 1, &token)?),
        };
        game.end = token.end;
        if inside {
            game.annotated = true;
            continue;
        }
        match token.kind {
            TokenKind::Tag { name, value, .. } => {
                game.tags.push_new(name, &value);
                names.insert(name);
            }
            TokenKind::Result(result) => {
                game.result = Some(result.map_or(ResultToken::Unfinished, ResultToken::Decided));
                games.extend(current.take());
                names.clear();
                in_movetext = false;
            }
            TokenKind::Move(_) | TokenKind::Null(_) => {
                game.plies += 1;
                in_movetext = true;
            }
            TokenKind::MoveNumber => in_movetext = true,
            TokenKind::Comment(comment) => game.annotated |= !is_clock_only(comment),
            TokenKind::Nag(_)
            | TokenKind::Annotation
            | TokenKind::VariationStart
            | TokenKind::VariationEnd => {
                game.annotated = true;
            }
        }
    }
    games.extend(current);
    Ok(games)
}

#[cfg(test)]
mod tests {
    use super::*;
    use std::time::Duration;

    use super::super::time_control::parse_clock;
    use crate::clock::MAX_CLOCK_TIME;

    #[test]
    fn clock_times_read_in_every_common_form() {
        assert_eq!(parse_clock("1:23:45"), Some(Duration::from_secs(5025)));
        assert_eq!(parse_clock(" 0:00:07.3 "), Some(Duration::from_millis(7300)));
        assert_eq!(parse_clock("2:05"), Some(Duration::from_secs(125)));
        assert_eq!(parse_clock("0:00:01.2345"), Some(Duration::from_millis(1234)));
        assert_eq!(parse_clock("a:00"), None);
        assert_eq!(parse_clock("1:2:3:4"), None);
        assert_eq!(parse_clock(""), None);
        let clock = clock_in_comment(" [%eval 0.2] [%clk  0:03:00 ] ").expect("a clock");
        assert_eq!((clock.written, clock.at, clock.time), ("0:03:00", 20, Duration::from_secs(180)));
    }

    #[test]
    fn clock_times_too_large_to_hold_saturate_instead_of_panicking() {
        let most = Duration::from_millis(u64::MAX);
        assert_eq!(parse_clock("5124095576030431:00:15"), Some(most));
        assert_eq!(parse_clock("5124095576030431:00:15.5"), Some(most), "this one panicked");
        assert_eq!(parse_clock(&"9".repeat(100)), Some(most));
        assert_eq!(parse_clock("24:00:00.0009"), Some(Duration::from_secs(86_400)));
    }

    fn load(text: &str) -> Result<PgnGame, PgnError> {
        PgnFile::parse(text).expect("lexes").games()[0].load()
    }

    #[test]
    fn a_control_character_in_a_tag_value_means_the_same_before_and_after_saving() {
        let text = "[White \"Anna\u{1b}[2J\"]\n[TimeControl \"\u{1a}10+0.05\"]\n\n1. e4 *\n";
        let record = load(text).expect("loads");
        assert_eq!(record.tags.get("White"), Some("Anna [2J"), "no escape sequence reaches a terminal");
        let again = load(&record.to_pgn()).expect("reads back");
        for name in ["White", "TimeControl"] {
            assert_eq!(again.tags.get(name), record.tags.get(name), "{name}");
        }
        let controls = |r: &PgnGame| crate::records::pgn::controls_from_tags(|name| r.tags.get(name));
        assert!(controls(&record).is_some(), "the time control is played, before saving as after");
    }

    #[test]
    fn a_clock_time_past_a_day_is_refused_where_it_stands() {
        let text =
            "[TimeControl \"60+1\"]\n\n1. e4 {[%clk 24:00:00]} e5 { [%clk 5124095576030431:00:15]} *\n";
        let err = load(text).expect_err("refused");
        assert_eq!(
            err.to_string(),
            "line 3, col 36: clock time 5124095576030431:00:15 is more than a day, the most a clock can show"
        );
        let on_a_later_line = "1. e4 {a comment\r\non two lines [%clk 24:00:01]} *";
        assert_eq!(load(on_a_later_line).expect_err("refused").location(), Location { line: 2, column: 20 });
        let record = load(&text.replace("5124095576030431:00:15", "23:59:59.999")).expect("within a day");
        assert_eq!(record.clocks, [Some(MAX_CLOCK_TIME), Some(Duration::from_millis(86_399_999))]);
        assert!(record.to_pgn().contains("1. e4 {[%clk 24:00:00]} 1... e5 {[%clk 23:59:59.999]} *"));
        let before_any_move =
            load("{[%clk 99:00:00]} 1. e4 *").expect("a clock before the moves is not read");
        assert_eq!(before_any_move.clocks, [None]);
    }

    #[test]
    fn a_time_control_tag_out_of_bounds_is_refused_where_it_stands() {
        for (tags, expected) in [
            (
                "[TimeControl \"99999999999+1\"]",
                "line 1, col 14: TimeControl \"99999999999+1\": the base time must be at most a day",
            ),
            (
                "[TimeControl \"300\"]\n[BlackTimeControl \"300+3601\"]",
                "line 2, col 19: BlackTimeControl \"300+3601\": the increment must be at most an hour",
            ),
            (
                "[TimeControl \"300+1e-9\"]\n[TimeDelay \"simple 7200\"]",
                "line 2, col 12: TimeDelay \"simple 7200\": the delay must be at most an hour",
            ),
        ] {
            let err = load(&format!("{tags}\n\n1. e4 *")).expect_err(tags);
            assert_eq!(err.to_string(), expected);
        }
        for playable_or_not_ours in ["300+3", "10+0.05", "0.5", "40/9000:300", "?", "0", "300+x"] {
            load(&format!("[TimeControl \"{playable_or_not_ours}\"]\n\n1. e4 *"))
                .expect(playable_or_not_ours);
        }
    }

    #[test]
    fn only_a_clock_time_is_not_an_annotation() {
        assert!(is_clock_only("[%clk 0:03:00]"));
        assert!(is_clock_only(" [%clk 0:00:07.3] "));
        assert!(is_clock_only(""));
        assert!(!is_clock_only("[%clk 0:03:00] a fine move"));
        assert!(!is_clock_only("[%eval 0.2] [%clk 0:03:00]"));
        assert!(!is_clock_only("[%clk soon]"));
        assert!(!is_clock_only("best by test"));
    }

    #[test]
    fn variant_names_are_read_loosely() {
        assert_eq!(variant_is_chess960("fischerandom"), Some(true));
        assert_eq!(variant_is_chess960("Chess960"), Some(true));
        assert_eq!(variant_is_chess960("Fischer Random"), Some(true));
        assert_eq!(variant_is_chess960("From Position"), Some(false));
        assert_eq!(variant_is_chess960("crazyhouse"), None);
    }
}
