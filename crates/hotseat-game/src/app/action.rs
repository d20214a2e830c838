//! What the players ask of the app ([`Action`]), and what the app asks of the world
//! outside it ([`Effect`]).

use std::time::Instant;

use super::review::EngineReport;
use hotseat_chess::{Color, Role, Square};

/// Something a player asked for, already translated from a key, the mouse or a paste;
/// or something the world outside reports back (the time, the result of an effect).
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Action {
    /// Work on the move being typed.
    Edit(Edit),
    /// Point at squares with the cursor or the mouse.
    Point(Point),
    /// Look at earlier positions without changing the game.
    Browse(Browse),
    /// Change the game: take back, offer, claim, resign, start again, pause.
    Command(Command),
    /// Answer the open question or the promotion picker.
    Answer(Answer),
    /// Change what is shown: the board's side, help, the game record.
    Show(Show),
    /// Close, cancel or clear the innermost thing: help, a picker, a question, the
    /// typed text, the piece in hand, browsing, the message.
    Cancel,
    /// Time has passed: the clocks are read at this instant, and a flag may fall. The
    /// loop sends it before every other action and whenever the shown time changes.
    Tick(Instant),
    /// The program is about to be stopped (SIGTSTP) at this instant: running clocks are
    /// paused, so the time away is nobody's.
    Suspend(Instant),
    /// What the engine reviewing the game found (the loop polls it between frames).
    Engine(EngineReport),
    /// The outcome of an [`Effect`] carried out outside the app (a save that failed, a
    /// copy that worked), to show the players.
    Report(Message),
    /// What a helper at the board (the coach) says about the move that made the
    /// position after `after` moves: shown as a report, and on the board it stays
    /// when a newer message goes, while that position or the answer to it is on the
    /// board (until the same side moves again).
    Remark {
        /// The number of moves in the game after the move remarked on.
        after: usize,
        /// What is said.
        message: Message,
    },
    /// A key that means nothing where the player is; where keys must not be dropped
    /// silently (a question), the app says which keys do mean something.
    Unbound,
    /// Leave the program.
    Quit,
    /// A deed from a source that feeds a seat (another terminal, the engine), handed
    /// in as what it does: judged at the door like any other; done whatever the
    /// players here are looking at, which stays open (help, the record, an earlier
    /// position, a move being typed).
    Do(super::Deed),
}

/// Typing a move.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Edit {
    /// Add a character to the move being typed.
    Type(char),
    /// Delete the last typed character.
    Backspace,
    /// Fill in the typed move as far as the legal moves that fit agree.
    Complete,
    /// Play the typed move; with nothing typed, pick up or put down at the cursor.
    Submit,
    /// Text pasted into the terminal: moves, with or without move numbers, played one
    /// by one until one cannot be.
    Paste(String),
    /// A whole line typed and entered at once (a line of plain text): read as the
    /// move line reads it on Enter, and not kept to mend when it is refused.
    Line(String),
}

/// Pointing at the board.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Point {
    /// Move the square cursor one step on screen.
    Cursor(Direction),
    /// Pick up or put down at the cursor.
    Select,
    /// The mouse button went down on something.
    Down(Pointer),
    /// The mouse moved with the button held, over something or nothing.
    Drag(Option<Pointer>),
    /// The mouse button came up over something or nothing.
    Up(Option<Pointer>),
}

/// Browsing the positions of the game.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Browse {
    /// One move earlier.
    Back,
    /// One move later.
    Forward,
    /// The starting position.
    First,
    /// The live position.
    Live,
    /// The position after the next move the engine's review marked.
    NextMark,
    /// The position after the previous move the engine's review marked.
    PreviousMark,
    /// The first variation of the move on the board, or the next variation of the
    /// one on the board: a line that could have been played instead, to look at.
    Variation,
}

/// Commands that change the game.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Command {
    /// Take back the last move (or a recorded result such as a resignation).
    Undo,
    /// Play again what was last taken back.
    Redo,
    /// The player who just moved offers a draw; the player to move is asked, and
    /// declines by playing a move.
    OfferDraw,
    /// Claim a draw by threefold repetition or the fifty-move rule.
    ClaimDraw,
    /// Ask to confirm resigning (for the side to move at one keyboard, which Tab
    /// changes; for the side played here where the other plays elsewhere).
    Resign,
    /// Start a new game from the same starting position (after a confirmation).
    NewGame,
    /// Pause both clocks, or start them again.
    Pause,
    /// Have an engine review the game in the background (asking both players first
    /// while the game is being played), or stop the review at work.
    Review,
    /// Write the engine's review into the game record (evaluations, marks, better
    /// moves), to be saved with the game.
    WriteReview,
    /// Write or change the comment and sign of the move on the board.
    Comment,
    /// Hand the other side (not the one to move) to the engine, or take back the
    /// sides it plays (done outside: [`Effect::HandOver`]).
    HandOver,
    /// Ask the coach for a move (done outside: [`Effect::Hint`]).
    Hint,
    /// Practise the moves the review marked as mistakes and blunders, or stop.
    Practice,
}

/// Answers to a question or to the promotion picker.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Answer {
    /// Yes to the question on screen.
    Yes,
    /// No to the question on screen.
    No,
    /// A side, in answer to a question about one (who resigns).
    Side(Color),
    /// The other side, in answer to a question about one (who resigns).
    OtherSide,
    /// The piece a pawn promotes to.
    Choose(Role),
}

/// Changes to what is shown.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Show {
    /// Turn the board around.
    Flip,
    /// Switch turning the board after every move on or off.
    AutoFlip,
    /// Open or close the help screen.
    Help,
    /// Open or close the game record: the position as FEN, the game as PGN.
    Record,
    /// Copy the FEN or the PGN to the clipboard (done outside: [`Effect::Copy`]).
    Copy(Notation),
    /// Scroll an open screen (help, the record) by lines; negative is up.
    Scroll(i16),
    /// Scroll an open screen to its top (`false`) or its end (`true`).
    ScrollTo(bool),
    /// Draw the whole screen again (done by the loop: the app is unchanged).
    Repaint,
}

/// A way of writing down chess that players copy and paste.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Notation {
    /// The position on the board, in Forsyth-Edwards Notation.
    Fen,
    /// The whole game, in Portable Game Notation.
    Pgn,
}

impl Notation {
    /// The name players know it by.
    pub fn name(self) -> &'static str {
        match self {
            Notation::Fen => "FEN",
            Notation::Pgn => "PGN",
        }
    }
}

/// A direction on screen; the app turns it into a board direction.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Direction {
    /// Towards the top of the screen.
    Up,
    /// Towards the bottom of the screen.
    Down,
    /// Towards the left of the screen.
    Left,
    /// Towards the right of the screen.
    Right,
}

/// What the mouse can point at.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Pointer {
    /// A square of the board.
    Square(Square),
    /// A piece in the promotion picker.
    Promotion(Role),
    /// A move in the move list: the position after `ply` half-moves.
    Ply(usize),
}

/// How a message on screen should look.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum MessageKind {
    /// Something happened as asked.
    Info,
    /// Something was refused, with the reason.
    Error,
}

/// A line of feedback for the players.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Message {
    /// Info or error.
    pub kind: MessageKind,
    /// The words.
    pub text: String,
}

impl Message {
    /// A line of information.
    pub fn info(text: impl Into<String>) -> Message {
        Message { kind: MessageKind::Info, text: text.into() }
    }

    /// A line saying what was refused, and why.
    pub fn error(text: impl Into<String>) -> Message {
        Message { kind: MessageKind::Error, text: text.into() }
    }
}

/// Something the app asks of the world outside it, returned by
/// [`App::update`](super::App::update) for the loop to carry out after the frame is
/// drawn. What came of it comes back as an [`Action::Report`].
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Effect {
    /// The game record changed (a move, a take-back, a result): save it.
    Save,
    /// A new game replaced the old one: it goes to a file of its own.
    NewGame,
    /// Copy the FEN of the position on the board, or the game's PGN, to the clipboard.
    Copy(Notation),
    /// Draw the whole screen again, not just what changed.
    Repaint,
    /// Ring the terminal bell (asked for only by players who want it: `--bell`).
    Bell,
    /// Start an engine on every position of the game as it is now (the position on
    /// the board first); what it finds comes back as [`Action::Engine`].
    Analyse,
    /// Stop the engine reviewing the game.
    StopAnalysis,
    /// The players look at the position after this many half-moves, which the engine
    /// reviewing the game has not reached yet: it should take it next.
    AnalyseNext(usize),
    /// Hand the side not to move to the engine, or take back the sides it plays.
    HandOver,
    /// The coach's move for the side to move.
    Hint,
    /// Practice: the engine's evaluation of the position after `tried` is played in
    /// the position after `ply` half-moves; it comes back as
    /// [`EngineReport::Judged`](super::EngineReport::Judged).
    Judge {
        /// The position: the game's after this many half-moves.
        ply: usize,
        /// The move tried there.
        tried: hotseat_chess::Move,
    },
}
