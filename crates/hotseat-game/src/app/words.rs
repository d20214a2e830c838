//! The game's commands as words, shared by every face: the board's move line takes
//! `resign` or `undo` typed in place of a move, and the plain-text face reads its
//! commands from the same table, so the two cannot disagree on a word.
//!
//! No word, nor any short form, can be read as a move (a test checks each one against
//! the core's reading of move text), so a command never shadows a move.

use super::{Action, Command, Show};

/// A command the players may type, with its short forms.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Word {
    /// The word.
    pub name: &'static str,
    /// Other spellings taken for it (none shorter than three letters).
    pub short: &'static [&'static str],
    /// What it asks of the app.
    pub action: WordAction,
    /// What it does, for the help.
    pub what: &'static str,
}

/// What a typed command word asks for.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum WordAction {
    /// A command that changes the game.
    Command(Command),
    /// The help.
    Help,
}

impl WordAction {
    /// The action the app takes for it.
    pub fn action(self) -> Action {
        match self {
            WordAction::Command(command) => Action::Command(command),
            WordAction::Help => Action::Show(Show::Help),
        }
    }
}

/// The commands every face takes as typed words.
pub const WORDS: [Word; 11] = [
    Word {
        name: "undo",
        short: &["takeback"],
        action: WordAction::Command(Command::Undo),
        what: "take back the last move",
    },
    Word {
        name: "redo",
        short: &[],
        action: WordAction::Command(Command::Redo),
        what: "play again what was taken back",
    },
    Word {
        name: "draw",
        short: &["offer"],
        action: WordAction::Command(Command::OfferDraw),
        what: "offer a draw; the other player answers yes or no",
    },
    Word {
        name: "claim",
        short: &[],
        action: WordAction::Command(Command::ClaimDraw),
        what: "claim a draw by threefold repetition or the fifty-move rule (claim Ng8 claims with the move that makes it)",
    },
    Word {
        name: "resign",
        short: &[],
        action: WordAction::Command(Command::Resign),
        what: "resign (you are asked to confirm)",
    },
    Word {
        name: "pause",
        short: &[],
        action: WordAction::Command(Command::Pause),
        what: "pause both clocks, or start them again",
    },
    Word {
        name: "review",
        short: &["analyse", "analyze"],
        action: WordAction::Command(Command::Review),
        what: "have a chess engine review the game (marks, accuracy), or stop the review",
    },
    Word {
        name: "new",
        short: &["newgame", "rematch"],
        action: WordAction::Command(Command::NewGame),
        what: "start a new game (a game in progress asks first; from two terminals, a rematch)",
    },
    Word {
        name: "computer",
        short: &["engine", "bot"],
        action: WordAction::Command(Command::HandOver),
        what: "hand the other side to the engine, or take it back",
    },
    Word {
        name: "hint",
        short: &[],
        action: WordAction::Command(Command::Hint),
        what: "ask the coach for a move (with --coach; once a move, counted)",
    },
    Word { name: "help", short: &["commands"], action: WordAction::Help, what: "list the commands" },
];

/// The command `text` names (whole, in any case, spaces around it ignored), if any.
pub fn command_word(text: &str) -> Option<&'static Word> {
    let text = text.trim();
    WORDS.iter().find(|word| {
        word.name.eq_ignore_ascii_case(text)
            || word.short.iter().any(|short| short.eq_ignore_ascii_case(text))
    })
}
