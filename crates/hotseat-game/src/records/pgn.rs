//! Game records in Portable Game Notation: reading as real programs write it, and
//! writing as every reader expects it.
//!
//! A [`PgnGame`] is a [`Game`] (the start position, every move since and how it
//! ended) with its tags, the clock time after each move, when known, and what is
//! said about each move ([`Annotations`]: comments, NAGs, variations).
//! [`PgnFile`] reads a file that may hold many games and lists them before any is
//! loaded; [`PgnGame::to_pgn`] writes one back.
//!
//! ```
//! use hotseat_game::records::pgn::{PgnFile, PgnGame};
//! use hotseat_chess::{Game, Reason};
//!
//! let text = "[White \"Anna\"]\n[Black \"Ben\"]\n\n1. e4 {best by test} e5 2. Nf3 (2. f4) Nc6 1-0\n";
//! let file = PgnFile::parse(text).expect("valid pgn");
//! let record = file.game(1).expect("one game").load().expect("legal moves");
//! assert_eq!(record.game.san_moves(), ["e4", "e5", "Nf3", "Nc6"]);
//! // No Termination tag: the result stands, the reason is not invented.
//! assert_eq!(record.game.outcome().map(|o| o.reason), Some(Reason::Unspecified));
//! // What is said about the moves is kept, and written back.
//! assert_eq!(record.annotations[0].comments, ["best by test"]);
//! assert!(record.to_pgn().contains("1. e4 {best by test} 1... e5 2. Nf3 (2. f4) 2... Nc6 1-0"));
//!
//! let err = PgnFile::parse("1. e4 e5 2. Nf6 *").expect("lexes").games()[0].load().unwrap_err();
//! assert_eq!(err.to_string(), "line 1, col 13: illegal move Nf6 (no knight can reach f6)");
//! ```

mod date;
mod lexer;
mod movetext;
mod reader;
mod time_control;
mod writer;

use std::fmt;
use std::time::{Duration, SystemTime};

use crate::annotations::{Annotations, MAX_VARIATION_DEPTH};
use crate::printable::{QUOTE_LIMIT, echo, printable};
use hotseat_chess::{Game, GameResult, Position, ReadMoveError, SanError};

pub(crate) use date::UtcTime;
pub use date::pgn_date;
pub use lexer::Location;
pub use movetext::MAX_ANNOTATIONS;
pub use reader::{GameEntry, MAX_GAMES, PgnFile};
pub use time_control::{
    BLACK_TIME_CONTROL_TAG, CLOCK_START_TAG, TIME_DELAY_TAG, TURN_CLOCK_TAG, controls_from_tags,
    read_clock_start, read_time_control, read_turn_clock, time_control_tag, time_control_tags,
    turn_clock_tag,
};

/// The tags every PGN game carries, in the order they are written.
pub const SEVEN_TAG_ROSTER: [&str; 7] = ["Event", "Site", "Date", "Round", "White", "Black", "Result"];

/// A PGN file was refused: where, and why.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
#[error("line {line}, col {column}: {kind}")]
pub struct PgnError {
    /// The line, from 1.
    pub line: usize,
    /// The column, from 1, counted in characters.
    pub column: usize,
    /// What is wrong there.
    pub kind: PgnErrorKind,
}

impl PgnError {
    /// Where the problem is.
    pub fn location(&self) -> Location {
        Location { line: self.line, column: self.column }
    }
}

/// What is wrong with a PGN file at the place a [`PgnError`] names.
///
/// The text quoted from the file is kept as it was; the messages quote it through
/// [`printable`], so no escape sequence and no line of megabytes is ever printed.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum PgnErrorKind {
    /// A character that has no place in PGN outside a comment.
    #[error("unexpected character {}", quote_char(*.0))]
    UnexpectedChar(char),
    /// A token that has no place where it stands: a stray `)` or `}`.
    #[error("unexpected {}", printable(.0, QUOTE_LIMIT))]
    Unexpected(String),
    /// A `{` comment that runs to the end of the file.
    #[error("comment is never closed (missing }})")]
    UnclosedComment,
    /// A `(` variation that runs to the end of the file or into the next game's tags.
    #[error("variation is never closed (missing ))")]
    UnclosedVariation,
    /// A tag that is not `[Name "value"]`: the tag's name, and what is wrong.
    #[error("{}", .problem.describe(&printable(.name, QUOTE_LIMIT)))]
    BadTag {
        /// The tag's name as written, empty when there is none.
        name: String,
        /// What is wrong with it.
        problem: TagProblem,
    },
    /// The `FEN` tag does not describe a legal position.
    #[error("invalid FEN: {}", printable(&.err.in_fen(.fen).to_string(), 2 * QUOTE_LIMIT))]
    BadFen {
        /// Why it was refused.
        err: hotseat_chess::FenError,
        /// The tag's value, which the reason quotes from.
        fen: String,
    },
    /// A `Variant` tag names a game other than chess or Chess960.
    #[error("variant \"{}\" is not supported (only standard chess and Chess960)", printable(.0, QUOTE_LIMIT))]
    UnsupportedVariant(String),
    /// A move that cannot be played in the position it stands in.
    #[error("{}", describe_move_error(.err, .text, .sans))]
    Move {
        /// Why it cannot be played.
        err: ReadMoveError,
        /// The move as written.
        text: String,
        /// The legal moves an ambiguous move could be, in SAN (none for another error).
        sans: Vec<String>,
    },
    /// A move written after the game had already ended.
    #[error("move {} comes after the game has ended ({outcome})", printable(.text, QUOTE_LIMIT))]
    AfterEnd {
        /// The move as written.
        text: String,
        /// How the game had ended, for a player.
        outcome: String,
    },
    /// A null move (`Z0`, `--`): a turn passed without moving, which the rules
    /// of a real game do not allow.
    #[error("null move {} is not supported (a player cannot pass a turn)", printable(.0, QUOTE_LIMIT))]
    NullMove(String),
    /// Variations nested deeper than [`MAX_VARIATION_DEPTH`].
    #[error("variations nested more than {MAX_VARIATION_DEPTH} deep")]
    TooDeep,
    /// More comments, NAGs, variations and moves in variations than one game may hold
    /// ([`MAX_ANNOTATIONS`]).
    #[error("more than {MAX_ANNOTATIONS} comments, NAGs and moves in variations in one game")]
    TooManyAnnotations,
    /// A `(` before any move of the line it is in: a variation replaces a move.
    #[error("a variation must follow the move it replaces")]
    VariationBeforeMove,
    /// A NAG before any move of the line it is in: it judges no move, and there is
    /// nowhere to keep it.
    #[error("a NAG must follow the move it judges")]
    NagBeforeMove,
    /// `$256` and up: PGN's NAGs go from `$0` to `$255`.
    #[error("{} is not a NAG (they go from $0 to $255)", printable(.0, QUOTE_LIMIT))]
    NagOutOfRange(String),
    /// A run of `!` and `?` that is none of PGN's six move suffixes (`!!!`).
    #[error("{} is not a sign PGN defines (! ? !! ?? !? ?!, or $0 to $255)", printable(.0, QUOTE_LIMIT))]
    UnknownGlyph(String),
    /// A result (`1-0`, `*`) inside a variation: only the game has one.
    #[error("a result inside a variation (only the game itself has one)")]
    ResultInVariation,
    /// The text holds no game at all.
    #[error("no game found")]
    NoGame,
    /// A `%clk` time larger than a clock can show
    /// ([`MAX_CLOCK_TIME`](crate::clock::MAX_CLOCK_TIME)).
    #[error("clock time {0} is more than a day, the most a clock can show")]
    ClockTooLarge(String),
    /// A time-control tag in a form this program plays, with times it cannot set.
    #[error("{tag} {value:?}: {reason}")]
    TimeControlOutOfBounds {
        /// The tag's name: `TimeControl`, `BlackTimeControl` or `TimeDelay`.
        tag: String,
        /// The tag's value.
        value: String,
        /// What is out of bounds: `the base time must be at most a day`.
        reason: &'static str,
    },
    /// The text holds more games than [`MAX_GAMES`]; this one would be the next.
    #[error("more than {MAX_GAMES} games in one file")]
    TooManyGames,
}

/// What is wrong with a tag.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum TagProblem {
    /// `[` is not followed by a name.
    NoName,
    /// The value is not in double quotes.
    Unquoted,
    /// The value's closing quote is missing.
    ValueNotClosed,
    /// The closing `]` is missing.
    NotClosed,
}

impl TagProblem {
    /// The message, naming the tag `name`.
    fn describe(self, name: &str) -> String {
        match self {
            TagProblem::NoName => "expected a tag name after [".to_owned(),
            TagProblem::Unquoted => format!("the value of tag {name} must be in double quotes"),
            TagProblem::ValueNotClosed => format!("the value of tag {name} is not closed (missing \")"),
            TagProblem::NotClosed => format!("tag {name} is not closed (missing ])"),
        }
    }
}

/// A character as Rust quotes it (`'\u{1b}'`), with a bidi control shown by its code
/// as well: the quoting leaves those as they are.
fn quote_char(c: char) -> String {
    let quoted = format!("{c:?}");
    if printable(&quoted, QUOTE_LIMIT) == quoted { quoted } else { format!("'\\u{{{:x}}}'", u32::from(c)) }
}

/// The reason a move was refused, in the lower-case style of the other PGN errors:
/// `illegal move Nf6 (no knight can reach f6)`.
fn describe_move_error(err: &ReadMoveError, text: &str, sans: &[String]) -> String {
    let text = printable(&echo(text), QUOTE_LIMIT).into_owned();
    match err {
        ReadMoveError::Syntax(_) => format!("not a move: {text}"),
        ReadMoveError::San(SanError::Illegal { reason }) => format!("illegal move {text} ({reason})"),
        ReadMoveError::San(SanError::Ambiguous { .. }) => {
            format!("ambiguous move {text} (could be {})", sans.join(" or "))
        }
        ReadMoveError::San(SanError::MissingPromotion { .. }) => {
            format!("move {text} does not say what the pawn promotes to")
        }
    }
}

impl PgnErrorKind {
    /// The error for `text`, a move that cannot be played in `pos` for `err`.
    pub(crate) fn bad_move(pos: &Position, text: &str, err: ReadMoveError) -> PgnErrorKind {
        let sans = match &err {
            ReadMoveError::San(SanError::Ambiguous { candidates }) => {
                candidates.iter().map(|&m| pos.san(m)).collect()
            }
            _ => Vec::new(),
        };
        PgnErrorKind::Move { err, text: text.to_owned(), sans }
    }
}

/// The tags of a game, in the order they were read or set.
///
/// Names are case-sensitive, as in PGN. Setting a tag that exists replaces its value
/// in place.
///
/// The names and values share one buffer, so a game with a hundred thousand tiny tags
/// (a file made to hurt) costs a few times its text, not a few allocations per tag.
#[derive(Clone, Default)]
pub struct Tags {
    /// The names and values, one after the other; replaced and removed ones stay
    /// until [`Tags::compact`] drops them.
    text: String,
    /// Each tag's place in `text`, in order.
    entries: Vec<TagEntry>,
}

/// Where one tag's name and value stand in [`Tags::text`]: the name at `start`, the
/// value right after it.
#[derive(Clone, Copy, Debug)]
struct TagEntry {
    start: usize,
    name_len: usize,
    value_len: usize,
}

impl Tags {
    /// No tags.
    pub fn new() -> Tags {
        Tags::default()
    }

    fn name_of(&self, entry: TagEntry) -> &str {
        &self.text[entry.start..entry.start + entry.name_len]
    }

    fn value_of(&self, entry: TagEntry) -> &str {
        let start = entry.start + entry.name_len;
        &self.text[start..start + entry.value_len]
    }

    fn position(&self, name: &str) -> Option<usize> {
        self.entries.iter().position(|&e| self.name_of(e) == name)
    }

    /// The value of the tag `name`, if set.
    pub fn get(&self, name: &str) -> Option<&str> {
        self.position(name).map(|i| self.value_of(self.entries[i]))
    }

    /// Sets the tag `name`, replacing its value if it is already set.
    pub fn set(&mut self, name: impl Into<String>, value: impl Into<String>) {
        let (name, value) = (name.into(), value.into());
        let entry = self.store(&name, &value);
        match self.position(&name) {
            Some(i) => self.entries[i] = entry,
            None => self.entries.push(entry),
        }
        self.compact();
    }

    /// Adds a tag the caller knows is not set yet, without looking for it: the reader
    /// checks names with a set of its own, so a game's tags are read in linear time.
    pub(crate) fn push_new(&mut self, name: &str, value: &str) {
        let entry = self.store(name, value);
        self.entries.push(entry);
    }

    fn store(&mut self, name: &str, value: &str) -> TagEntry {
        let start = self.text.len();
        self.text.push_str(name);
        self.text.push_str(value);
        TagEntry { start, name_len: name.len(), value_len: value.len() }
    }

    /// Removes the tag `name`, returning its value.
    pub fn remove(&mut self, name: &str) -> Option<String> {
        let i = self.position(name)?;
        let entry = self.entries.remove(i);
        let value = self.value_of(entry).to_owned();
        self.compact();
        Some(value)
    }

    /// Drops the text of replaced and removed tags once it outweighs the rest, so
    /// setting a tag again and again does not grow the buffer without end.
    fn compact(&mut self) {
        let live: usize = self.entries.iter().map(|e| e.name_len + e.value_len).sum();
        if self.text.len() <= 2 * live + 256 {
            return;
        }
        let mut tags = Tags { text: String::with_capacity(live), entries: Vec::with_capacity(self.len()) };
        for (name, value) in self.iter() {
            tags.push_new(name, value);
        }
        *self = tags;
    }

    /// The tags as `(name, value)` pairs, in order.
    pub fn iter(&self) -> impl Iterator<Item = (&str, &str)> {
        self.entries.iter().map(|&e| (self.name_of(e), self.value_of(e)))
    }

    /// How many tags are set.
    pub fn len(&self) -> usize {
        self.entries.len()
    }

    /// Whether no tag is set.
    pub fn is_empty(&self) -> bool {
        self.entries.is_empty()
    }
}

impl PartialEq for Tags {
    fn eq(&self, other: &Tags) -> bool {
        self.iter().eq(other.iter())
    }
}

impl Eq for Tags {}

impl fmt::Debug for Tags {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_map().entries(self.iter()).finish()
    }
}

impl<N: Into<String>, V: Into<String>> FromIterator<(N, V)> for Tags {
    fn from_iter<I: IntoIterator<Item = (N, V)>>(iter: I) -> Tags {
        let mut tags = Tags::new();
        for (name, value) in iter {
            tags.set(name, value);
        }
        tags
    }
}

/// A game record: the tags, the game with its full history, and the clock times.
///
/// The [`Game`] is the truth about the moves and the result: the writer takes the
/// `Result`, `SetUp`, `FEN`, `Variant` and `Termination` tags (and the value of a
/// `PlyCount` tag) from it, and keeps every other tag as it is. What is said about
/// the moves (comments, NAGs, variations) is kept in [`PgnGame::annotations`], and
/// written back.
#[derive(Clone, Debug)]
pub struct PgnGame {
    /// The tags, in order. The writer puts the Seven Tag Roster first whatever the
    /// order here, and fills in `?` for any that are missing.
    pub tags: Tags,
    /// The game: start position, moves and outcome.
    pub game: Game,
    /// The time left on the mover's clock after each move (`clocks[i]` after
    /// `game.moves()[i]`), when known; written as `{[%clk h:mm:ss]}` comments.
    /// Missing entries count as unknown; times are kept to the millisecond.
    pub clocks: Vec<Option<Duration>>,
    /// What is said about each move of the game (`annotations[i]` about
    /// `game.moves()[i]`): comments (with any `[%clk …]` or `[%eval …]` in them, as
    /// written), NAGs and variations. Missing entries say nothing.
    pub annotations: Vec<Annotations>,
    /// Comments at the end of the movetext that no move follows (a comment in a game
    /// with no move, or one after the last move's variations).
    pub trailing: Vec<String>,
}

impl PgnGame {
    /// A record of `game` with no tags yet.
    pub fn new(game: Game) -> PgnGame {
        PgnGame { tags: Tags::new(), game, clocks: Vec::new(), annotations: Vec::new(), trailing: Vec::new() }
    }

    /// Sets a tag, builder style: `PgnGame::new(game).with_tag("White", "Anna")`.
    #[must_use]
    pub fn with_tag(mut self, name: impl Into<String>, value: impl Into<String>) -> PgnGame {
        self.tags.set(name, value);
        self
    }

    /// Sets the `Date` tag to the (UTC) day of `when`, as `YYYY.MM.DD`.
    #[must_use]
    pub fn with_date(mut self, when: SystemTime) -> PgnGame {
        self.tags.set("Date", pgn_date(when));
        self
    }

    /// The result, if the game is over.
    pub fn result(&self) -> Option<GameResult> {
        self.game.outcome().map(|o| o.result)
    }

    /// Whether the game is over (its PGN result is not `*`).
    pub fn is_finished(&self) -> bool {
        self.game.is_over()
    }

    /// The clock time recorded after the move at `ply` (0 is the first move), if any:
    /// in [`PgnGame::clocks`], or else in a `[%clk …]` comment after the move, which
    /// is written as it is.
    pub fn clock(&self, ply: usize) -> Option<Duration> {
        self.clocks.get(ply).copied().flatten().or_else(|| {
            let comments = &self.annotations.get(ply)?.comments;
            comments.iter().rev().find_map(|c| time_control::clock_in_comment(c)).map(|clock| clock.time)
        })
    }

    /// What is said about the move at `ply` (0 is the first move), if anything.
    pub fn annotations(&self, ply: usize) -> Option<&Annotations> {
        self.annotations.get(ply)
    }

    /// The game in PGN, ending with a newline.
    pub fn to_pgn(&self) -> String {
        writer::write(self)
    }
}

impl fmt::Display for PgnGame {
    /// The game in PGN, as [`PgnGame::to_pgn`] writes it.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.to_pgn())
    }
}

/// Reads every game in `text`; the first error in any game refuses the whole text.
pub fn read_games(text: &str) -> Result<Vec<PgnGame>, PgnError> {
    PgnFile::parse(text)?.games().iter().map(GameEntry::load).collect()
}

/// Reads the first game in `text`.
pub fn read_game(text: &str) -> Result<PgnGame, PgnError> {
    let file = PgnFile::parse(text)?;
    match file.games().first() {
        Some(entry) => entry.load(),
        None => Err(PgnError { line: 1, column: 1, kind: PgnErrorKind::NoGame }),
    }
}

/// Writes several games, one after the other, separated by blank lines.
pub fn write_games(games: &[PgnGame]) -> String {
    let texts: Vec<String> = games.iter().map(PgnGame::to_pgn).collect();
    texts.join("\n")
}
