//! The protocol between the hosted game and its views, version 3: lines of text,
//! versioned on connect (`hello`); a peer speaking another version (2, before the
//! seat's token) is refused in one line that names both and says to update the older.
//! A view sends what its player did at its door (the move, the offer, the
//! resignation), never what it infers from its copy; the host
//! sends what was done (`did`), the clocks, a flag, and the whole game only when a
//! view attaches (or asks again, or a new game starts). Every line from a peer is
//! hostile until [read](Request::read): bounded in length ([`LineReader`]) and in rate
//! ([`Rate`]), and anything unknown or malformed is an error that closes that
//! connection with a message. Lines are sent through an [`Outbox`]: a writer of its
//! own with a bounded buffer, so a peer that stops reading is dropped, never waited
//! for.
//!
//! From a view to the host:
//!
//! ```text
//! hello hotseat 3 play [TOKEN]   the first line, once: to play (TOKEN: the seat's,
//!                                from an earlier welcome, to have it back)
//! hello hotseat 3 watch          ... or to watch
//! ready                          the player has the game and keeps its token: from
//!                                now on the seat is kept for it when it goes
//! move e2e4                      a move in coordinates (UCI), promotions with a piece
//! claim [e2e4]                   a draw claimed (with the move that makes it)
//! offer                          a draw (after one's move, or with one's next)
//! accept | decline               the other's offer or request, answered
//! takeback                       ask to take back one's own last move
//! resign                         one's own side resigns
//! rematch                        after the game: a new one, colours swapped
//! sync                           the whole game again, please
//! say <text>                     one line of chat
//! bye
//! ```
//!
//! From the host to a view:
//!
//! ```text
//! welcome hotseat 3 white|black TOKEN | watch
//! game <asked -|draw-white|...> <the game as PGN, escaped>
//! did white|black <deed>         a deed done: move e2e4, claim [e2e4], offer,
//!                                accept, decline, takeback, redo, resign, rematch
//! flag white|black               a flag fell
//! clocks <white ms> <black ms> <paused 0|1>
//! say <who> <text>               chat, or news ("Black left")
//! refused <why> [e2e4]           what the view asked, refused, and why
//! end <text>                     the game is over for views: where it was saved
//! ```
//!
//! The seat belongs to its player: it is given only to a view still there, with a
//! token in the welcome. A player that said `ready` and goes has the seat kept for
//! it (its clocks stopped while it is to move), and has it back by presenting the
//! token in its next hello; anyone else who comes to play meanwhile watches. A view
//! that goes before `ready` leaves the seat open, as it found it.

use std::fmt::{self, Write as _};
use std::io::{self, BufRead, Write};
use std::sync::Arc;
use std::sync::atomic::{AtomicBool, AtomicUsize, Ordering};
use std::sync::mpsc::{self, Sender};
use std::thread;
use std::time::{Duration, Instant};

use crate::app::{Ask, Asked, Deed, Refusal};
use hotseat_chess::{Color, Move, Position, Role, Square};

/// The protocol's version: a peer with another is refused with a message.
pub const VERSION: u32 = 3;

/// The longest line a view may send, in bytes: a chat line fits with room to spare.
pub const MAX_REQUEST: usize = 1024;

/// The longest line the host may send, in bytes: a whole game, comments and all.
pub const MAX_REPORT: usize = 8 << 20;

/// The longest `game` line a host sends, in bytes: a game whose line would be longer
/// is refused at `hotseat host`, and a view that would need it is told why. A
/// thousand-move game with a comment on every move fits many times over.
pub const MAX_GAME: usize = 1 << 20;

/// The most characters of a chat line.
pub const MAX_CHAT: usize = 200;

/// The most bytes waiting to go to one peer before it is dropped as not reading: one
/// whole game and a backlog of lines behind it.
pub const MAX_OUTBOX: usize = MAX_GAME + (256 << 10);

/// The longest a clock may show on the wire, in milliseconds (a year): more is no
/// clock.
const MAX_CLOCK_MS: u64 = 366 * 24 * 3600 * 1000;

/// How a view comes: to play (taking the open seat, watching when it is taken) or only
/// to watch.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Coming {
    /// Take the open seat.
    Play,
    /// Watch.
    Watch,
}

/// A deed in the protocol's words: moves in coordinates, read against the game where
/// and when they are done; a resignation is the side's that says it (or that the
/// host names).
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum WireDeed {
    /// A move.
    Move(String),
    /// A move and the draw it makes, claimed.
    ClaimWith(String),
    /// The draw the position allows, claimed.
    Claim,
    /// A draw offered.
    Offer,
    /// Yes to the other's offer or request.
    Accept,
    /// No to the other's offer or request.
    Decline,
    /// A take-back of one's own last move, asked (or done).
    TakeBack,
    /// What was taken back, played again (between seats that agree to anything).
    Redo,
    /// The side resigns.
    Resign,
    /// A new game: after a game played apart, a rematch asked.
    Rematch,
}

impl WireDeed {
    /// `deed`, in the protocol's words, in the game at `pos`; `None` for what never
    /// crosses (the clocks' pause, the engine, the coach).
    pub fn of(deed: Deed, pos: &Position) -> Option<WireDeed> {
        Some(match deed {
            Deed::Move(m, _) => WireDeed::Move(pos.uci(m)),
            Deed::ClaimWith(m) => WireDeed::ClaimWith(pos.uci(m)),
            Deed::Claim => WireDeed::Claim,
            Deed::Offer => WireDeed::Offer,
            Deed::Answer(true) => WireDeed::Accept,
            Deed::Answer(false) => WireDeed::Decline,
            Deed::TakeBack => WireDeed::TakeBack,
            Deed::Redo => WireDeed::Redo,
            Deed::Resign(_) => WireDeed::Resign,
            Deed::NewGame => WireDeed::Rematch,
            Deed::Pause | Deed::HandOver | Deed::Hint => return None,
        })
    }

    /// The deed these words say, done by `by` in the game at `pos`: a move the
    /// position does not allow is refused, named as it was sent; one of the side not
    /// to move is handed on as written, for the door to say whose move it is.
    pub fn deed(&self, by: Color, pos: &Position) -> Result<Deed, Refusal> {
        let played = |text: &str| match pos.parse_uci(text) {
            Ok(m) => Ok(m),
            Err(_) if pos.turn() != by => Ok(coordinates(text)),
            Err(_) => Err(Refusal::CannotPlay(coordinates(text))),
        };
        Ok(match self {
            WireDeed::Move(text) => Deed::Move(played(text)?, None),
            WireDeed::ClaimWith(text) => Deed::ClaimWith(played(text)?),
            WireDeed::Claim => Deed::Claim,
            WireDeed::Offer => Deed::Offer,
            WireDeed::Accept => Deed::Answer(true),
            WireDeed::Decline => Deed::Answer(false),
            WireDeed::TakeBack => Deed::TakeBack,
            WireDeed::Redo => Deed::Redo,
            WireDeed::Resign => Deed::Resign(by),
            WireDeed::Rematch => Deed::NewGame,
        })
    }

    fn read(verb: &str, rest: &str) -> Option<WireDeed> {
        let bare = |deed| rest.is_empty().then_some(deed);
        match verb {
            "move" if is_coordinates(rest) => Some(WireDeed::Move(rest.to_owned())),
            "claim" if rest.is_empty() => Some(WireDeed::Claim),
            "claim" if is_coordinates(rest) => Some(WireDeed::ClaimWith(rest.to_owned())),
            "offer" => bare(WireDeed::Offer),
            "accept" => bare(WireDeed::Accept),
            "decline" => bare(WireDeed::Decline),
            "takeback" => bare(WireDeed::TakeBack),
            "redo" => bare(WireDeed::Redo),
            "resign" => bare(WireDeed::Resign),
            "rematch" => bare(WireDeed::Rematch),
            _ => None,
        }
    }
}

impl fmt::Display for WireDeed {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            WireDeed::Move(m) => write!(f, "move {m}"),
            WireDeed::ClaimWith(m) => write!(f, "claim {m}"),
            WireDeed::Claim => f.write_str("claim"),
            WireDeed::Offer => f.write_str("offer"),
            WireDeed::Accept => f.write_str("accept"),
            WireDeed::Decline => f.write_str("decline"),
            WireDeed::TakeBack => f.write_str("takeback"),
            WireDeed::Redo => f.write_str("redo"),
            WireDeed::Resign => f.write_str("resign"),
            WireDeed::Rematch => f.write_str("rematch"),
        }
    }
}

/// The move that coordinates name, square to square (a promotion with its piece), as
/// they were written: for saying that it cannot be played.
fn coordinates(text: &str) -> Move {
    let square =
        |at: usize| text.get(at..at + 2).and_then(|s| s.parse::<Square>().ok()).unwrap_or(Square::A1);
    let (from, to) = (square(0), square(2));
    match text.get(4..5).and_then(|c| c.chars().next()).and_then(Role::from_char) {
        Some(role) => Move::promotion(from, to, role),
        None => Move::normal(from, to),
    }
}

/// What has a seat back: given to its player in the welcome, presented in the hello
/// of a player coming back. 32 hexadecimal digits, from the system's randomness.
#[derive(Clone, PartialEq, Eq)]
pub struct Token(String);

impl Token {
    /// The number of hexadecimal digits.
    pub const DIGITS: usize = 32;

    /// A new token, from `/dev/urandom` (or, where it cannot be read, from the
    /// process's random hash keys and the time).
    pub fn new() -> Token {
        let mut bytes = [0u8; Token::DIGITS / 2];
        let read =
            std::fs::File::open("/dev/urandom").and_then(|mut f| io::Read::read_exact(&mut f, &mut bytes));
        if read.is_err() {
            use std::hash::{BuildHasher, Hasher};
            for (i, chunk) in bytes.chunks_mut(8).enumerate() {
                let mut hasher = std::collections::hash_map::RandomState::new().build_hasher();
                hasher.write_usize(i);
                hasher.write_u128(
                    std::time::SystemTime::now()
                        .duration_since(std::time::UNIX_EPOCH)
                        .unwrap_or_default()
                        .as_nanos(),
                );
                chunk.copy_from_slice(&hasher.finish().to_le_bytes()[..chunk.len()]);
            }
        }
        Token(bytes.iter().fold(String::with_capacity(Token::DIGITS), |mut out, b| {
            let _ = write!(out, "{b:02x}");
            out
        }))
    }

    /// A token read from a line or a file: exactly [`Token::DIGITS`] lowercase
    /// hexadecimal digits.
    pub fn read(text: &str) -> Option<Token> {
        let fits =
            text.len() == Token::DIGITS && text.bytes().all(|b| matches!(b, b'0'..=b'9' | b'a'..=b'f'));
        fits.then(|| Token(text.to_owned()))
    }

    /// Whether `other` is this token, compared in a time that does not say how much
    /// of it matched.
    pub fn matches(&self, other: &Token) -> bool {
        self.0.len() == other.0.len()
            && self.0.bytes().zip(other.0.bytes()).fold(0u8, |d, (a, b)| d | (a ^ b)) == 0
    }
}

impl Default for Token {
    fn default() -> Token {
        Token::new()
    }
}

impl fmt::Display for Token {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.0)
    }
}

impl fmt::Debug for Token {
    /// Never the token itself, in a log or an assertion.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str("Token(..)")
    }
}

/// A line from a view to the host.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Request {
    /// The first line: the version and how the view comes.
    Hello {
        /// The view's protocol version.
        version: u32,
        /// To play or to watch.
        coming: Coming,
        /// The seat's token, from an earlier welcome: a player coming back.
        token: Option<Token>,
    },
    /// The player has the game and keeps its seat's token: the seat is kept for it
    /// from now on, when it goes.
    Ready,
    /// What the view's player did at its door, for its own side.
    Do(WireDeed),
    /// The whole game again: the view's copy went out of step.
    Sync,
    /// One line of chat.
    Say(String),
    /// The view leaves.
    Bye,
}

/// A line from the host to a view.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Report {
    /// The answer to `hello`: the seat the view has and its token, or `None` to
    /// watch; said again when a rematch swaps the seats.
    Welcome {
        /// The host's protocol version.
        version: u32,
        /// The view's seat, and the token that has it back; `None` to watch.
        seat: Option<(Color, Token)>,
    },
    /// The whole game as it stands.
    Game {
        /// An offer or a request waiting for an answer, and who made it.
        asked: Option<Asked>,
        /// The game as PGN: moves, annotations, clocks, the result.
        pgn: String,
    },
    /// A deed done, and the side it was done for.
    Did(Color, WireDeed),
    /// A flag fell.
    Flag(Color),
    /// The clocks as the host has them.
    Clocks {
        /// White's time left.
        white: Duration,
        /// Black's time left.
        black: Duration,
        /// Whether they are paused.
        paused: bool,
    },
    /// A line of chat or news, and who says it.
    Say {
        /// Who: a player's name, or `hotseat` for news.
        who: String,
        /// What.
        text: String,
    },
    /// What the view asked was refused, and why.
    Refused(Refusal),
    /// The game ends for the views, with the words to show.
    End(String),
}

/// Why a peer's line was refused; the connection is closed with it.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum LineError {
    /// Longer than the protocol allows.
    #[error("a line longer than {0} bytes")]
    TooLong(usize),
    /// Not UTF-8, or holding control characters.
    #[error("a line that is not text")]
    NotText,
    /// A word the protocol does not know, or one used wrongly.
    #[error("a line the protocol does not know: {0}")]
    Unknown(String),
    /// Another version of the protocol.
    #[error("protocol version {0}, this is {VERSION}: update the older hotseat")]
    Version(u32),
    /// More lines than a person could send.
    #[error("too many lines too fast")]
    Flood,
}

fn unknown(line: &str) -> LineError {
    // Quoted in an error, so cut and made harmless.
    LineError::Unknown(crate::printable::printable(line, 40).into_owned())
}

fn color_name(color: Color) -> &'static str {
    match color {
        Color::White => "white",
        Color::Black => "black",
    }
}

fn color_named(name: &str) -> Option<Color> {
    match name {
        "white" => Some(Color::White),
        "black" => Some(Color::Black),
        _ => None,
    }
}

/// Whether `text` has the shape of a move in coordinates: `e2e4`, `e7e8q`.
fn is_coordinates(text: &str) -> bool {
    let b = text.as_bytes();
    let square = |f: u8, r: u8| (b'a'..=b'h').contains(&f) && (b'1'..=b'8').contains(&r);
    match b {
        [f1, r1, f2, r2] => square(*f1, *r1) && square(*f2, *r2),
        [f1, r1, f2, r2, p] => square(*f1, *r1) && square(*f2, *r2) && b"qrbn".contains(p),
        _ => false,
    }
}

/// Whether `text` is fit for a line: no control characters (tabs neither).
fn is_clean(text: &str) -> bool {
    !text.chars().any(crate::printable::acts_on_terminal)
}

/// The version in a `hello` or a `welcome`: another is refused in one line that says
/// which to update.
fn version(text: &str, line: &str) -> Result<u32, LineError> {
    let version: u32 = text.parse().map_err(|_| unknown(line))?;
    if version == VERSION { Ok(version) } else { Err(LineError::Version(version)) }
}

impl Request {
    /// Reads one line from a view (without its newline).
    pub fn read(line: &str) -> Result<Request, LineError> {
        if line.len() > MAX_REQUEST {
            return Err(LineError::TooLong(MAX_REQUEST));
        }
        if !is_clean(line) {
            return Err(LineError::NotText);
        }
        let (verb, rest) = line.split_once(' ').unwrap_or((line, ""));
        match verb {
            "hello" => {
                let words: Vec<&str> = rest.split(' ').collect();
                let (name, number, coming, token) = match words[..] {
                    [name, number, coming] => (name, number, coming, None),
                    [name, number, coming, token] => (name, number, coming, Some(token)),
                    _ => return Err(unknown(line)),
                };
                if name != "hotseat" {
                    return Err(unknown(line));
                }
                let version = version(number, line)?;
                let (coming, token) = match (coming, token) {
                    ("play", None) => (Coming::Play, None),
                    ("play", Some(token)) => {
                        (Coming::Play, Some(Token::read(token).ok_or_else(|| unknown(line))?))
                    }
                    ("watch", None) => (Coming::Watch, None),
                    _ => return Err(unknown(line)),
                };
                Ok(Request::Hello { version, coming, token })
            }
            "ready" if rest.is_empty() => Ok(Request::Ready),
            "sync" if rest.is_empty() => Ok(Request::Sync),
            "bye" if rest.is_empty() => Ok(Request::Bye),
            "say" if !rest.trim().is_empty() && rest.chars().count() <= MAX_CHAT => {
                Ok(Request::Say(rest.trim().to_owned()))
            }
            // A redo is between seats that agree to anything: never a view's.
            "redo" => Err(unknown(line)),
            verb => WireDeed::read(verb, rest).map(Request::Do).ok_or_else(|| unknown(line)),
        }
    }
}

impl fmt::Display for Request {
    /// The line, without its newline.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Request::Hello { version, coming, token } => {
                let word = if *coming == Coming::Play { "play" } else { "watch" };
                write!(f, "hello hotseat {version} {word}")?;
                match token {
                    Some(token) if *coming == Coming::Play => write!(f, " {token}"),
                    _ => Ok(()),
                }
            }
            Request::Ready => f.write_str("ready"),
            Request::Do(deed) => write!(f, "{deed}"),
            Request::Sync => f.write_str("sync"),
            // Sent text is made one clean line here, so a line read back is one too.
            Request::Say(text) => {
                write!(
                    f,
                    "say {}",
                    crate::printable::printable(text.trim(), MAX_CHAT).replace('\u{fffd}', " ")
                )
            }
            Request::Bye => f.write_str("bye"),
        }
    }
}

fn ask_name(ask: Ask) -> &'static str {
    match ask {
        Ask::Draw => "draw",
        Ask::TakeBack => "takeback",
        Ask::Rematch => "rematch",
    }
}

fn ask_named(name: &str) -> Option<Ask> {
    match name {
        "draw" => Some(Ask::Draw),
        "takeback" => Some(Ask::TakeBack),
        "rematch" => Some(Ask::Rematch),
        _ => None,
    }
}

/// A refusal in the protocol's words: `not-your-move`, `cannot-play e2e9`.
fn refusal_words(refusal: Refusal) -> String {
    let uci = |m: Move| {
        let mut text = format!("{}{}", m.from(), m.to());
        if let Some(role) = m.promotion_role() {
            text.push(role.char());
        }
        text
    };
    match refusal {
        Refusal::GameOver => "game-over".to_owned(),
        Refusal::CannotPlay(m) => format!("cannot-play {}", uci(m)),
        Refusal::ClaimDoesNotHold(m) => format!("claim-does-not-hold {}", uci(m)),
        Refusal::NoDrawToClaim => "no-draw-to-claim".to_owned(),
        Refusal::OfferStands => "offer-stands".to_owned(),
        Refusal::AnswerTheirOffer => "answer-their-offer".to_owned(),
        Refusal::OfferWithMoveStands => "offer-with-move-stands".to_owned(),
        Refusal::NothingAsked => "nothing-asked".to_owned(),
        Refusal::OwnAskWaits(ask) => format!("own-ask-waits {}", ask_name(ask)),
        Refusal::NothingToUndo => "nothing-to-undo".to_owned(),
        Refusal::NothingToRedo => "nothing-to-redo".to_owned(),
        Refusal::NotYourMove => "not-your-move".to_owned(),
        Refusal::Watching => "watching".to_owned(),
        Refusal::ByAgreement => "by-agreement".to_owned(),
        Refusal::TakeBackYourOwn => "take-back-your-own".to_owned(),
        Refusal::ResignOnlyYours => "resign-only-yours".to_owned(),
        Refusal::OnlyHere => "only-here".to_owned(),
    }
}

fn refusal_read(text: &str) -> Option<Refusal> {
    let (word, rest) = text.split_once(' ').unwrap_or((text, ""));
    let bare = |refusal| rest.is_empty().then_some(refusal);
    match word {
        "game-over" => bare(Refusal::GameOver),
        "cannot-play" if is_coordinates(rest) => Some(Refusal::CannotPlay(coordinates(rest))),
        "claim-does-not-hold" if is_coordinates(rest) => Some(Refusal::ClaimDoesNotHold(coordinates(rest))),
        "no-draw-to-claim" => bare(Refusal::NoDrawToClaim),
        "offer-stands" => bare(Refusal::OfferStands),
        "answer-their-offer" => bare(Refusal::AnswerTheirOffer),
        "offer-with-move-stands" => bare(Refusal::OfferWithMoveStands),
        "nothing-asked" => bare(Refusal::NothingAsked),
        "own-ask-waits" => ask_named(rest).map(Refusal::OwnAskWaits),
        "nothing-to-undo" => bare(Refusal::NothingToUndo),
        "nothing-to-redo" => bare(Refusal::NothingToRedo),
        "not-your-move" => bare(Refusal::NotYourMove),
        "watching" => bare(Refusal::Watching),
        "by-agreement" => bare(Refusal::ByAgreement),
        "take-back-your-own" => bare(Refusal::TakeBackYourOwn),
        "resign-only-yours" => bare(Refusal::ResignOnlyYours),
        "only-here" => bare(Refusal::OnlyHere),
        _ => None,
    }
}

/// Text on one line: backslashes, line breaks and every other control character
/// written as escapes (`\\`, `\n`, `\xHH`).
pub fn escape(text: &str) -> String {
    let mut out = String::with_capacity(text.len() + 16);
    for c in text.chars() {
        match c {
            '\\' => out.push_str("\\\\"),
            '\n' => out.push_str("\\n"),
            c if (c as u32) < 0x20 || c == '\u{7f}' => {
                let _ = write!(out, "\\x{:02x}", c as u32);
            }
            c => out.push(c),
        }
    }
    out
}

/// The text [`escape`] wrote; `None` for a lone or unknown escape.
pub fn unescape(text: &str) -> Option<String> {
    let mut out = String::with_capacity(text.len());
    let mut chars = text.chars();
    while let Some(c) = chars.next() {
        if c != '\\' {
            out.push(c);
            continue;
        }
        match chars.next()? {
            '\\' => out.push('\\'),
            'n' => out.push('\n'),
            'x' => {
                let hex: String = chars.by_ref().take(2).collect();
                let code = u8::from_str_radix(&hex, 16).ok().filter(|_| hex.len() == 2)?;
                out.push(char::from(code));
            }
            _ => return None,
        }
    }
    Some(out)
}

impl Report {
    /// Reads one line from the host (without its newline).
    pub fn read(line: &str) -> Result<Report, LineError> {
        if line.len() > MAX_REPORT {
            return Err(LineError::TooLong(MAX_REPORT));
        }
        if !is_clean(line) {
            return Err(LineError::NotText);
        }
        let (verb, rest) = line.split_once(' ').unwrap_or((line, ""));
        let color = |name: &str| color_named(name).ok_or_else(|| unknown(line));
        match verb {
            "welcome" => {
                let words: Vec<&str> = rest.split(' ').collect();
                let version = match words[..] {
                    ["hotseat", number, ..] => version(number, line)?,
                    _ => return Err(unknown(line)),
                };
                let seat = match words[2..] {
                    ["watch"] => None,
                    [seat, token] => Some((color(seat)?, Token::read(token).ok_or_else(|| unknown(line))?)),
                    _ => return Err(unknown(line)),
                };
                Ok(Report::Welcome { version, seat })
            }
            "game" => {
                let (asked, pgn) = rest.split_once(' ').ok_or_else(|| unknown(line))?;
                let asked = match asked {
                    "-" => None,
                    asked => {
                        let (what, by) = asked.split_once('-').ok_or_else(|| unknown(line))?;
                        let what = ask_named(what).ok_or_else(|| unknown(line))?;
                        Some(Asked { what, by: color(by)? })
                    }
                };
                let pgn = unescape(pgn).ok_or_else(|| unknown(line))?;
                Ok(Report::Game { asked, pgn })
            }
            "did" => {
                let (side, deed) = rest.split_once(' ').ok_or_else(|| unknown(line))?;
                let (verb, rest) = deed.split_once(' ').unwrap_or((deed, ""));
                let deed = WireDeed::read(verb, rest).ok_or_else(|| unknown(line))?;
                Ok(Report::Did(color(side)?, deed))
            }
            "flag" => Ok(Report::Flag(color(rest)?)),
            "clocks" => {
                let words: Vec<&str> = rest.split(' ').collect();
                let [white, black, paused] = words[..] else { return Err(unknown(line)) };
                let ms = |text: &str| {
                    text.parse::<u64>().ok().filter(|ms| *ms <= MAX_CLOCK_MS).map(Duration::from_millis)
                };
                let (Some(white), Some(black)) = (ms(white), ms(black)) else { return Err(unknown(line)) };
                let paused = match paused {
                    "0" => false,
                    "1" => true,
                    _ => return Err(unknown(line)),
                };
                Ok(Report::Clocks { white, black, paused })
            }
            "say" => {
                let (who, text) = rest.split_once(' ').ok_or_else(|| unknown(line))?;
                Ok(Report::Say { who: unescape(who).ok_or_else(|| unknown(line))?, text: text.to_owned() })
            }
            "end" => Ok(Report::End(rest.to_owned())),
            "refused" => refusal_read(rest).map(Report::Refused).ok_or_else(|| unknown(line)),
            _ => Err(unknown(line)),
        }
    }
}

/// A word or sentence made fit for one line: control characters become spaces.
fn one_line(text: &str) -> String {
    text.chars().map(|c| if crate::printable::acts_on_terminal(c) { ' ' } else { c }).collect()
}

impl fmt::Display for Report {
    /// The line, without its newline.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Report::Welcome { version, seat } => match seat {
                Some((color, token)) => write!(f, "welcome hotseat {version} {} {token}", color_name(*color)),
                None => write!(f, "welcome hotseat {version} watch"),
            },
            Report::Game { asked, pgn } => {
                let asked = asked.map_or("-".to_owned(), |asked| {
                    format!("{}-{}", ask_name(asked.what), color_name(asked.by))
                });
                write!(f, "game {asked} {}", escape(pgn))
            }
            Report::Did(side, deed) => write!(f, "did {} {deed}", color_name(*side)),
            Report::Flag(side) => write!(f, "flag {}", color_name(*side)),
            Report::Clocks { white, black, paused } => {
                let ms = |d: &Duration| u64::try_from(d.as_millis()).unwrap_or(u64::MAX).min(MAX_CLOCK_MS);
                write!(f, "clocks {} {} {}", ms(white), ms(black), u8::from(*paused))
            }
            // The speaker's name may hold spaces: escaped as one word.
            Report::Say { who, text } => {
                write!(f, "say {} {}", escape(&one_line(who)).replace(' ', "\\x20"), one_line(text))
            }
            Report::End(text) => write!(f, "end {}", one_line(text)),
            Report::Refused(refusal) => write!(f, "refused {}", refusal_words(*refusal)),
        }
    }
}

/// Reads lines of at most `max` bytes from a peer: a longer one is an error as soon
/// as it is seen, without reading the rest of it.
pub struct LineReader<R> {
    inner: R,
    max: usize,
    line: Vec<u8>,
}

impl<R: BufRead> LineReader<R> {
    /// Lines from `inner`, each at most `max` bytes.
    pub fn new(inner: R, max: usize) -> LineReader<R> {
        LineReader { inner, max, line: Vec::new() }
    }

    /// The reader the lines come from.
    pub fn inner_mut(&mut self) -> &mut R {
        &mut self.inner
    }

    /// The next line without its newline (`\n`, or `\r\n`); `None` at the end.
    ///
    /// # Errors
    ///
    /// The reader's own, or an [`io::ErrorKind::InvalidData`] wrapping a
    /// [`LineError`] for a line too long or not UTF-8.
    pub fn next_line(&mut self) -> io::Result<Option<String>> {
        self.line.clear();
        loop {
            let buf = self.inner.fill_buf()?;
            if buf.is_empty() {
                // A last line without its newline is no line: the peer went mid-way.
                return Ok(None);
            }
            let (taken, done) = match buf.iter().position(|&b| b == b'\n') {
                Some(i) => (i + 1, true),
                None => (buf.len(), false),
            };
            // Room for the line, and its `\r\n`.
            if self.line.len() + taken > self.max + if done { 2 } else { 1 } {
                return Err(io::Error::new(io::ErrorKind::InvalidData, LineError::TooLong(self.max)));
            }
            self.line.extend_from_slice(&buf[..taken]);
            self.inner.consume(taken);
            if done {
                break;
            }
        }
        self.line.pop();
        if self.line.last() == Some(&b'\r') {
            self.line.pop();
        }
        if self.line.len() > self.max {
            return Err(io::Error::new(io::ErrorKind::InvalidData, LineError::TooLong(self.max)));
        }
        match String::from_utf8(std::mem::take(&mut self.line)) {
            Ok(line) => Ok(Some(line)),
            Err(_) => Err(io::Error::new(io::ErrorKind::InvalidData, LineError::NotText)),
        }
    }
}

/// The most lines a peer may send: a burst of [`Rate::BURST`], then
/// [`Rate::PER_SECOND`] a second (a token bucket). A person types far fewer. The same
/// bucket, with other figures ([`Rate::of`]), bounds what comes from every peer at
/// once: connections, spectators' chat.
#[derive(Clone, Debug)]
pub struct Rate {
    tokens: f64,
    last: Instant,
    burst: f64,
    per_second: f64,
}

impl Rate {
    /// Lines at once before the rate counts.
    pub const BURST: f64 = 40.0;
    /// Lines a second, over time.
    pub const PER_SECOND: f64 = 20.0;

    /// A full bucket at `now`, for one peer's lines.
    pub fn new(now: Instant) -> Rate {
        Rate::of(Rate::BURST, Rate::PER_SECOND, now)
    }

    /// A full bucket at `now`: `burst` at once, then `per_second`.
    pub fn of(burst: f64, per_second: f64, now: Instant) -> Rate {
        Rate { tokens: burst, last: now, burst, per_second }
    }

    /// Counts one that came at `now`; [`LineError::Flood`] when it is one too many.
    pub fn count(&mut self, now: Instant) -> Result<(), LineError> {
        let gained = now.saturating_duration_since(self.last).as_secs_f64() * self.per_second;
        self.tokens = (self.tokens + gained).min(self.burst);
        self.last = now;
        if self.tokens < 1.0 {
            return Err(LineError::Flood);
        }
        self.tokens -= 1.0;
        Ok(())
    }
}

/// Lines on their way to one peer, written by a thread of its own so the game never
/// waits on a peer. More than [`MAX_OUTBOX`] bytes waiting means the peer stopped
/// reading: the outbox closes, and [`Outbox::send`] says so.
pub struct Outbox {
    lines: Option<Sender<Vec<u8>>>,
    waiting: Arc<AtomicUsize>,
    done: Arc<AtomicBool>,
    max: usize,
    /// Unblocks a write stuck on a peer that does not read (a socket's shutdown).
    shut: Option<Box<dyn FnOnce() + Send>>,
}

/// The peer is gone, or was dropped for not reading.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Gone;

impl Outbox {
    /// An outbox writing to `out` (a socket, a pipe) on a thread of its own; `shut`
    /// is called when the peer is dropped, to end a write stuck on it.
    pub fn start(out: impl Write + Send + 'static, shut: impl FnOnce() + Send + 'static) -> Outbox {
        Outbox::with_limit(out, shut, MAX_OUTBOX)
    }

    /// [`Outbox::start`] with room for `max` bytes.
    pub fn with_limit(
        mut out: impl Write + Send + 'static,
        shut: impl FnOnce() + Send + 'static,
        max: usize,
    ) -> Outbox {
        let (sender, lines) = mpsc::channel::<Vec<u8>>();
        let waiting = Arc::new(AtomicUsize::new(0));
        let done = Arc::new(AtomicBool::new(false));
        let (left, ended) = (Arc::clone(&waiting), Arc::clone(&done));
        let spawned = thread::Builder::new().name("peer-out".to_owned()).spawn(move || {
            for line in lines {
                let n = line.len();
                if out.write_all(&line).and_then(|()| out.flush()).is_err() {
                    break;
                }
                left.fetch_sub(n, Ordering::SeqCst);
            }
            ended.store(true, Ordering::SeqCst);
        });
        let lines = spawned.is_ok().then_some(sender);
        Outbox { lines, waiting, done, max, shut: Some(Box::new(shut)) }
    }

    /// An outbox to a peer already gone: every send says so.
    pub fn closed() -> Outbox {
        Outbox {
            lines: None,
            waiting: Arc::new(AtomicUsize::new(0)),
            done: Arc::new(AtomicBool::new(true)),
            max: 0,
            shut: None,
        }
    }

    /// Queues one line (its newline added); never waits. A peer with more than the
    /// limit waiting, or gone, is dropped: [`Gone`]. One line, however long, always
    /// fits when nothing waits.
    pub fn send(&mut self, line: &impl fmt::Display) -> Result<(), Gone> {
        let mut bytes = line.to_string().into_bytes();
        bytes.push(b'\n');
        let n = bytes.len();
        let waiting = self.waiting.load(Ordering::SeqCst);
        let full = waiting > 0 && waiting.saturating_add(n) > self.max;
        let sent = !full
            && !self.done.load(Ordering::SeqCst)
            && self.lines.as_ref().is_some_and(|lines| {
                self.waiting.fetch_add(n, Ordering::SeqCst);
                lines.send(bytes).is_ok()
            });
        if sent {
            Ok(())
        } else {
            self.drop_peer();
            Err(Gone)
        }
    }

    /// Whether lines can still go.
    pub fn is_open(&self) -> bool {
        self.lines.is_some() && !self.done.load(Ordering::SeqCst)
    }

    /// Drops the peer now, whatever is still waiting.
    pub fn drop_peer(&mut self) {
        self.lines = None;
        if let Some(shut) = self.shut.take() {
            shut();
        }
    }

    /// Closes without waiting: what is queued still goes, by the writer's thread,
    /// which ends then (a write stuck on a peer that does not read ends with the
    /// peer's own write timeout).
    pub fn close(mut self) {
        self.lines = None;
        self.shut = None;
    }

    /// Lets what is waiting go for at most `within`, then closes.
    pub fn finish(mut self, within: Duration) {
        self.lines = None;
        let deadline = Instant::now() + within;
        while !self.done.load(Ordering::SeqCst) && Instant::now() < deadline {
            thread::sleep(Duration::from_millis(2));
        }
        self.drop_peer();
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use std::io::Cursor;

    fn lines(bytes: &[u8], max: usize) -> Vec<Result<String, String>> {
        let mut reader = LineReader::new(Cursor::new(bytes.to_vec()), max);
        let mut out = Vec::new();
        loop {
            match reader.next_line() {
                Ok(Some(line)) => out.push(Ok(line)),
                Ok(None) => break,
                Err(err) => {
                    out.push(Err(err.to_string()));
                    break;
                }
            }
        }
        out
    }

    #[test]
    fn requests_round_trip() {
        for request in [
            Request::Hello { version: VERSION, coming: Coming::Play, token: None },
            Request::Hello { version: VERSION, coming: Coming::Play, token: Some(Token::new()) },
            Request::Hello { version: VERSION, coming: Coming::Watch, token: None },
            Request::Ready,
            Request::Do(WireDeed::Move("e2e4".to_owned())),
            Request::Do(WireDeed::Move("e7e8q".to_owned())),
            Request::Do(WireDeed::ClaimWith("g1f3".to_owned())),
            Request::Do(WireDeed::Claim),
            Request::Do(WireDeed::Resign),
            Request::Do(WireDeed::Offer),
            Request::Do(WireDeed::Accept),
            Request::Do(WireDeed::Decline),
            Request::Do(WireDeed::TakeBack),
            Request::Do(WireDeed::Rematch),
            Request::Sync,
            Request::Say("good luck, have fun".to_owned()),
            Request::Bye,
        ] {
            assert_eq!(Request::read(&request.to_string()), Ok(request.clone()), "{request}");
        }
    }

    #[test]
    fn reports_round_trip() {
        let pgn = "[White \"A \\\"B\\\"\"]\n\n1. e4 {a\\b\ttab} e5 *\n".to_owned();
        for report in [
            Report::Welcome { version: VERSION, seat: Some((Color::Black, Token::new())) },
            Report::Welcome { version: VERSION, seat: None },
            Report::Game { asked: Some(Asked { what: Ask::TakeBack, by: Color::White }), pgn: pgn.clone() },
            Report::Game { asked: None, pgn },
            Report::Did(Color::Black, WireDeed::Move("e7e5".to_owned())),
            Report::Did(Color::White, WireDeed::Resign),
            Report::Did(Color::White, WireDeed::Redo),
            Report::Flag(Color::White),
            Report::Clocks { white: Duration::from_millis(299_500), black: Duration::ZERO, paused: true },
            Report::Say { who: "Anna Maria".to_owned(), text: "hi there".to_owned() },
            Report::End("The game is saved in /tmp/x.pgn".to_owned()),
            Report::Refused(Refusal::NotYourMove),
            Report::Refused(Refusal::OwnAskWaits(Ask::Rematch)),
            Report::Refused(Refusal::CannotPlay(Move::normal(Square::E2, Square::E5))),
        ] {
            let line = report.to_string();
            assert!(!line.contains('\n'), "{line}");
            assert_eq!(Report::read(&line), Ok(report.clone()), "{line}");
        }
    }

    #[test]
    fn every_refusal_crosses_the_wire() {
        let m = Move::promotion(Square::E7, Square::E8, Role::Knight);
        for refusal in [
            Refusal::GameOver,
            Refusal::CannotPlay(m),
            Refusal::ClaimDoesNotHold(Move::normal(Square::G1, Square::F3)),
            Refusal::NoDrawToClaim,
            Refusal::OfferStands,
            Refusal::AnswerTheirOffer,
            Refusal::OfferWithMoveStands,
            Refusal::NothingAsked,
            Refusal::OwnAskWaits(Ask::Draw),
            Refusal::NothingToUndo,
            Refusal::NothingToRedo,
            Refusal::NotYourMove,
            Refusal::Watching,
            Refusal::ByAgreement,
            Refusal::TakeBackYourOwn,
            Refusal::ResignOnlyYours,
            Refusal::OnlyHere,
        ] {
            let line = Report::Refused(refusal).to_string();
            assert_eq!(Report::read(&line), Ok(Report::Refused(refusal)), "{line}");
        }
    }

    #[test]
    fn a_sent_chat_line_is_one_clean_line() {
        let line = Request::Say("hi\u{1b}]0;pwned\u{7}\nmove e2e4".to_owned()).to_string();
        assert!(!line.contains('\n') && !line.contains('\u{1b}'), "{line:?}");
        assert!(matches!(Request::read(&line), Ok(Request::Say(_))));
    }

    #[test]
    fn hostile_requests_are_refused() {
        for line in [
            "",
            "garbage",
            "GET / HTTP/1.1",
            "move",
            "move e2e9",
            "move e2e4 e7e5",
            "move e7e8k",
            "move Nf3",
            "claim Nf3",
            "resign now",
            "redo",
            "sync now",
            "say",
            "say    ",
            "hello hotseat",
            "hello hotseat x play",
            "hello chess 2 play",
            "hello hotseat 3 referee",
            "hello hotseat 3 watch 0123456789abcdef0123456789abcdef",
            "hello hotseat 3 play 0123",
            "hello hotseat 3 play 0123456789ABCDEF0123456789ABCDEF",
            "hello hotseat 3 play 0123456789abcdef0123456789abcdef x",
            "ready now",
            "say \u{1b}[2J",
            "say a\tb",
            "\u{0}",
        ] {
            assert!(Request::read(line).is_err(), "{line:?}");
        }
        assert_eq!(Request::read("hello hotseat 1 play"), Err(LineError::Version(1)));
        assert_eq!(Request::read("hello hotseat 2 play"), Err(LineError::Version(2)));
        assert_eq!(Request::read("hello hotseat 4 play"), Err(LineError::Version(4)));
        assert_eq!(Request::read(&"say x".repeat(300)), Err(LineError::TooLong(MAX_REQUEST)));
        assert!(Request::read(&format!("say {}", "é".repeat(MAX_CHAT + 1))).is_err());
    }

    #[test]
    fn a_peer_speaking_an_older_version_is_told_to_update_in_one_line() {
        for old in [1, 2] {
            let why = Request::read(&format!("hello hotseat {old} play")).expect_err("refused").to_string();
            assert_eq!(why, format!("protocol version {old}, this is 3: update the older hotseat"));
            assert!(!why.contains('\n'));
        }
        // A host of version 2 answers a view of 3 with its refusal; a view of 2 cannot
        // read a welcome of 3, and says so.
        assert_eq!(
            Report::read("welcome hotseat 2 black"),
            Err(LineError::Version(2)),
            "an older host's welcome"
        );
    }

    #[test]
    fn tokens_are_random_and_read_back_exactly() {
        let (a, b) = (Token::new(), Token::new());
        assert!(!a.matches(&b));
        assert!(Token::read(&a.to_string()).is_some_and(|read| read.matches(&a)));
        assert_eq!(a.to_string().len(), Token::DIGITS);
        assert_eq!(format!("{a:?}"), "Token(..)", "never printed");
    }

    #[test]
    fn an_unknown_line_is_quoted_harmlessly() {
        let Err(LineError::Unknown(quoted)) = Request::read(&format!("x{}", "y".repeat(500))) else {
            panic!("unknown")
        };
        assert!(quoted.chars().count() <= 40);
    }

    #[test]
    fn hostile_reports_are_refused() {
        for line in [
            "",
            "game",
            "game x y",
            "game draw-red x",
            "game - \\q",
            "game - a\\x4",
            "did",
            "did white",
            "did white castle",
            "did red move e2e4",
            "flag",
            "flag red",
            "clocks 1 2",
            "clocks -1 2 0",
            "clocks 1 2 3",
            "clocks 99999999999999999999 0 0",
            "refused",
            "refused because",
            "welcome hotseat 3 red",
            "welcome hotseat 3 red 0123456789abcdef0123456789abcdef",
            "welcome hotseat 3 white",
            "welcome hotseat 3 watch 0123456789abcdef0123456789abcdef",
            "welcome hotseat 1 white",
            "say",
            "boom",
            "end \u{1b}c",
        ] {
            assert!(Report::read(line).is_err(), "{line:?}");
        }
    }

    #[test]
    fn escapes_hide_every_control_character() {
        let text: String = (0u8..=127).map(char::from).collect();
        let escaped = escape(&text);
        assert!(!escaped.chars().any(crate::printable::acts_on_terminal), "{escaped:?}");
        assert_eq!(unescape(&escaped), Some(text));
        assert_eq!(unescape("\\"), None);
        assert_eq!(unescape("\\xzz"), None);
    }

    #[test]
    fn lines_are_read_whole_and_bounded() {
        assert_eq!(lines(b"move e2e4\r\nbye\n", 16), [Ok("move e2e4".to_owned()), Ok("bye".to_owned())]);
        // A last line cut off is no line.
        assert_eq!(lines(b"bye\nmov", 16), [Ok("bye".to_owned())]);
        assert_eq!(lines(b"xxxxxxxxxxxxxxxxx\n", 16), [Err(LineError::TooLong(16).to_string())]);
        assert_eq!(lines(&[b'x'; 18], 16), [Err(LineError::TooLong(16).to_string())]);
        assert_eq!(lines(b"\xff\xfe\n", 16), [Err(LineError::NotText.to_string())]);
    }

    #[test]
    fn a_ten_megabyte_line_is_refused_without_reading_it_all() {
        /// Counts the bytes read from an endless line.
        struct Endless(usize);
        impl io::Read for Endless {
            fn read(&mut self, buf: &mut [u8]) -> io::Result<usize> {
                buf.fill(b'x');
                self.0 += buf.len();
                Ok(buf.len())
            }
        }
        let mut endless = Endless(0);
        let mut reader = LineReader::new(io::BufReader::new(&mut endless), MAX_REQUEST);
        assert!(reader.next_line().is_err());
        drop(reader);
        assert!(endless.0 < 64 * 1024, "read {} bytes", endless.0);
    }

    #[test]
    fn a_flood_is_stopped_and_a_person_is_not() {
        let start = Instant::now();
        let mut rate = Rate::new(start);
        for _ in 0..40 {
            rate.count(start).expect("a burst is fine");
        }
        assert_eq!(rate.count(start), Err(LineError::Flood));
        // A line a second for an hour is a person.
        let mut rate = Rate::new(start);
        for s in 0..3600 {
            rate.count(start + Duration::from_secs(s)).expect("a person");
        }
    }

    #[test]
    fn a_peer_that_does_not_read_is_dropped_not_waited_for() {
        /// A peer that never reads: every write blocks until shut.
        struct Stuck(Arc<AtomicBool>);
        impl Write for Stuck {
            fn write(&mut self, _buf: &[u8]) -> io::Result<usize> {
                while !self.0.load(Ordering::SeqCst) {
                    thread::sleep(Duration::from_millis(1));
                }
                Err(io::ErrorKind::BrokenPipe.into())
            }
            fn flush(&mut self) -> io::Result<()> {
                Ok(())
            }
        }
        let shut = Arc::new(AtomicBool::new(false));
        let flag = Arc::clone(&shut);
        let mut outbox =
            Outbox::with_limit(Stuck(Arc::clone(&shut)), move || flag.store(true, Ordering::SeqCst), 1000);
        let line = "x".repeat(99);
        // Ten lines fit (the first may be in the writer's hands), the next do not.
        let sent = (0..20).take_while(|_| outbox.send(&line).is_ok()).count();
        assert!((10..=11).contains(&sent), "{sent}");
        assert!(shut.load(Ordering::SeqCst), "the stuck write is ended");
        assert!(!outbox.is_open());
        assert_eq!(outbox.send(&"more"), Err(Gone));
    }

    #[test]
    fn what_is_sent_arrives_in_order() {
        #[derive(Clone, Default)]
        struct Shared(Arc<std::sync::Mutex<Vec<u8>>>);
        impl Write for Shared {
            fn write(&mut self, buf: &[u8]) -> io::Result<usize> {
                self.0.lock().expect("not poisoned").extend_from_slice(buf);
                Ok(buf.len())
            }
            fn flush(&mut self) -> io::Result<()> {
                Ok(())
            }
        }
        let out = Shared::default();
        let mut outbox = Outbox::start(out.clone(), || {});
        outbox.send(&Request::Do(WireDeed::Resign)).expect("open");
        outbox.send(&Request::Bye).expect("open");
        outbox.finish(Duration::from_secs(5));
        assert_eq!(&*out.0.lock().expect("not poisoned"), b"resign\nbye\n");
    }
}
