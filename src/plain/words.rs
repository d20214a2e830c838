//! The plain face's commands and sentences. The commands that change the game come
//! from the app's own table ([`crate::app::words`]), shared with the board's move
//! line; those here only read the game out.

use std::io::{self, Write};

use super::Announce;
use crate::app::words::{WORDS, Word, command_word};
use crate::app::{App, Question, read_typed, strings, suggestion};
use hotseat_chess::{DrawClaim, Game, Illegality, MoveText};

/// What a command word asks for.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Said {
    /// One of the app's commands (undo, draw, resign, help...).
    App(&'static Word),
    /// The position, rank by rank.
    Board,
    /// A side's pieces, or both sides'.
    Pieces,
    /// One rank.
    Rank,
    /// One file.
    File,
    /// One square.
    Square,
    /// The legal moves, of one piece or all.
    Moves,
    /// The last move.
    Last,
    /// The opening's name.
    Opening,
    /// Both clocks.
    Clock,
    /// Turning the board, which has no meaning here.
    Flip,
    /// The position as FEN.
    Fen,
    /// The game as PGN.
    Pgn,
    /// Leave the game.
    Quit,
}

/// A command that reads the game out, with its short forms and what it takes.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct PlainWord {
    /// The word.
    pub name: &'static str,
    /// Other spellings taken for it.
    pub short: &'static [&'static str],
    /// What follows it, for the help.
    pub takes: &'static str,
    /// What it does, for the help.
    pub what: &'static str,
    /// What it asks for.
    pub said: Said,
}

/// The plain face's own commands, in the order the help lists them.
pub const PLAIN_WORDS: [PlainWord; 13] = [
    PlainWord {
        name: "board",
        short: &["pos"],
        takes: "",
        what: "the position, rank by rank from rank 8",
        said: Said::Board,
    },
    PlainWord {
        name: "pieces",
        short: &["pcs"],
        takes: " [white|black]",
        what: "where each side's pieces are",
        said: Said::Pieces,
    },
    PlainWord {
        name: "rank",
        short: &[],
        takes: " N",
        what: "the pieces on one rank (1 to 8)",
        said: Said::Rank,
    },
    PlainWord {
        name: "file",
        short: &[],
        takes: " X",
        what: "the pieces on one file (a to h)",
        said: Said::File,
    },
    PlainWord {
        name: "square",
        short: &["sqr"],
        takes: " e4",
        what: "what stands on one square",
        said: Said::Square,
    },
    PlainWord {
        name: "moves",
        short: &["legal"],
        takes: " [square]",
        what: "the legal moves, of one piece or all",
        said: Said::Moves,
    },
    PlainWord {
        name: "last",
        short: &[],
        takes: "",
        what: "the last move, and what the record says of it (its sign and comment)",
        said: Said::Last,
    },
    PlainWord {
        name: "opening",
        short: &["eco"],
        takes: "",
        what: "the opening's name, from the last named position",
        said: Said::Opening,
    },
    PlainWord { name: "clock", short: &["time"], takes: "", what: "both clocks", said: Said::Clock },
    PlainWord {
        name: "flip",
        short: &[],
        takes: "",
        what: "(turns the board on screen; nothing to turn here)",
        said: Said::Flip,
    },
    PlainWord { name: "fen", short: &[], takes: "", what: "the position as FEN", said: Said::Fen },
    PlainWord { name: "pgn", short: &[], takes: "", what: "the game as PGN", said: Said::Pgn },
    PlainWord {
        name: "quit",
        short: &["exit"],
        takes: "",
        what: "leave (the game is saved)",
        said: Said::Quit,
    },
];

/// The command a word names, if any: the app's commands first.
pub fn said(word: &str) -> Option<Said> {
    if let Some(word) = command_word(word) {
        return Some(Said::App(word));
    }
    PLAIN_WORDS.iter().find(|w| w.name == word || w.short.contains(&word)).map(|w| w.said)
}

/// Prints the commands, from the tables.
pub fn help(out: &mut impl Write) -> io::Result<()> {
    writeln!(out, "Type a move as SAN (Nf3, exd5, O-O, e8=Q) or from and to squares (g1f3).")?;
    writeln!(out, "Commands:")?;
    for word in &WORDS {
        writeln!(out, "  {}{}: {}.", word.name, shorts(word.short), word.what)?;
    }
    for word in &PLAIN_WORDS {
        writeln!(out, "  {}{}{}: {}.", word.name, word.takes, shorts(word.short), word.what)?;
    }
    writeln!(out, "An empty line says whose turn it is, or repeats the question.")
}

fn shorts(short: &[&str]) -> String {
    if short.is_empty() { String::new() } else { format!(" (or {})", short.join(", ")) }
}

pub(super) const PROMOTION: &str =
    "Which piece does the pawn become: queen, rook, bishop or knight? (cancel takes the move back)";
pub(super) const FLIP: &str =
    "There is no board on screen to turn here: board reads the position from rank 8 to rank 1.";
pub(super) const NO_RECORD: &str = "No record is kept of this game.";
pub(super) const NO_OPENING: &str = "No opening name yet: no position of this game is in the opening table.";
pub(super) const NO_OPENING_960: &str = "Chess960 games have no opening names.";
pub(super) const END_IN_A_QUESTION: &str =
    "The input ended with the question unanswered: the game is left as it stands.";

/// A question, with how to answer it here.
pub(super) fn question(app: &App, question: Question) -> String {
    let how = match question {
        Question::Resign { by: Some(by) } => {
            format!("Answer yes or no (or {}, if it is {} who resigns).", (!by).name().to_lowercase(), !by)
        }
        _ => "Answer yes or no.".to_owned(),
    };
    // Names come from files too: nothing in them may act on the terminal.
    let text: String = app.question_text().unwrap_or_else(|| question.text());
    let text: String = text.chars().filter(|&c| !crate::printable::acts_on_terminal(c)).collect();
    let text = text
        .strip_suffix(" (a move declines it)")
        .map_or(text.clone(), |t| format!("{t} A move declines it."));
    format!("{text} {how}")
}

/// A command typed while a question waits.
pub(super) fn answer_first(app: &App, q: Question) -> String {
    format!("First answer the question. {}", question(app, q))
}

pub(super) fn claimable(claim: DrawClaim) -> String {
    let why = match claim {
        DrawClaim::ThreefoldRepetition => "the same position has occurred three times",
        DrawClaim::FiftyMoveRule => "fifty moves each without a capture or a pawn move",
    };
    format!("A draw can be claimed ({why}): type claim.")
}

/// `moves b5` on an empty square: the moves that end there.
pub(super) fn moves_to(square: &str, moves: &[String]) -> String {
    let square = super::speech::capitalised(square);
    match moves {
        [] => format!("{square} is empty; no move ends there."),
        [one] => format!("{square} is empty; one move ends there: {one}."),
        many => format!("{square} is empty; {} moves end there: {}.", many.len(), many.join("; ")),
    }
}

/// Why typed `text` is no move, said as `say` speaks (for words and NATO; SAN keeps
/// the board's sentences): the candidates of an ambiguous or unfinished move, the
/// squares of an illegal one, and the move meant.
pub(super) fn refusal(say: Announce, game: &Game, text: &str) -> Option<String> {
    const SHOWN: usize = 6;
    if say == Announce::San {
        return None;
    }
    let pos = game.position();
    let spoken =
        |moves: &[hotseat_chess::Move]| moves.iter().map(|m| say.move_from(pos, *m)).collect::<Vec<_>>();
    let meant = || {
        suggestion(game, text)
            .map_or_else(String::new, |m| format!(" — did you mean {}?", say.move_from(pos, m)))
    };
    match read_typed(game, text) {
        MoveText::Ambiguous(moves) => Some(format!("Ambiguous: {}?", spoken(&moves).join(", or "))),
        MoveText::Incomplete(moves) => {
            let list = spoken(&moves[..moves.len().min(SHOWN)]).join("; ");
            let more = if moves.len() > SHOWN { "; and more" } else { "" };
            Some(format!("Not a whole move yet: {text} could become {list}{more}."))
        }
        // Nothing refused (the app plays it, or asks for the piece), or the game is
        // over, which the board's sentence says.
        MoveText::Illegal(Illegality::GameOver(_))
        | MoveText::Empty
        | MoveText::Move { .. }
        | MoveText::Promotion { .. } => None,
        MoveText::Illegal(reason) => {
            Some(format!("Illegal move: {text} ({}){}", say.squares_in(&reason.to_string()), meant()))
        }
        MoveText::Invalid(_) => {
            suggestion(game, text).map(|_| format!("{}{}", strings::not_a_move(text), meant()))
        }
    }
}

pub(super) fn unknown(text: &str) -> String {
    format!("Neither a move nor a command: {text:?}. Type help for the commands.")
}

/// `claim` said with more than one move after it.
pub(super) const CLAIM_USAGE: &str =
    "Say it as: claim, or claim and the one move that makes the draw (claim Ng8).";

pub(super) fn too_many(word: &str) -> String {
    format!("{word} takes nothing after it.")
}

pub(super) fn usage(word: &str) -> String {
    let takes = PLAIN_WORDS.iter().find(|w| w.name == word).map_or("", |w| w.takes);
    format!("Say it as: {word}{takes}.")
}

/// A line that is not UTF-8 text, quoted as far as it could be read.
pub(super) fn unreadable(text: &str) -> String {
    format!("That line is not readable text (not UTF-8), so it was left out: {text:?}.")
}

/// A line longer than [`MAX_LINE`](super::MAX_LINE).
pub(super) const CUT: &str = "That line is longer than 64 KiB: the rest of it was discarded.";
