//! Keys and the mouse, turned into [`Action`]s through one table per [`Mode`].
//!
//! The tables are the single source of truth for the keys: the event handler looks
//! keys up in them, and the hint bar and the help screen are drawn from them, so what
//! the screen says and what the keys do cannot drift apart.
//!
//! Command keys never collide with move text: in play, every printable character
//! other than `?` and Space goes to the move being typed, and commands sit on Ctrl
//! combinations, function keys, `?`, Esc, Tab and the arrow and paging keys.
//!
//! crossterm's types stop here: the rest of the program sees [`Key`] and [`Action`].

mod annotating;
mod key;
pub mod keymap;
pub mod library;

use crossterm::event::{Event, KeyEventKind, MouseButton, MouseEvent, MouseEventKind};

use crate::app::{Action, Answer, Browse, Command, Direction, Edit, Mode, Notation, Point, Pointer, Show};
use hotseat_chess::{Color, Role};

pub use key::{Key, KeyNameError};
pub use keymap::{BINDABLE, Bindable, KeymapError, Keys};

/// What a key does.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Does {
    /// The key stands for this action.
    Act(Action),
    /// The key's character is added to the move being typed.
    TypeChar,
}

/// Keys that share one line of help, each with what it does.
#[derive(Clone, Copy, Debug)]
pub struct Binding {
    /// The keys and what they do.
    pub keys: &'static [(Key, Does)],
    /// One line for the help screen.
    pub help: &'static str,
    /// A word or two for the hint bar, if the binding is shown there.
    pub hint: Option<&'static str>,
}

impl Binding {
    /// The keys as the help screen names them: `PgUp / PgDn`, `↑ ↓ ← →`.
    pub fn key_names(&self) -> String {
        self.join(Key::name)
    }

    /// The keys as the hint bar names them, briefly: `^Z`, `PgUp/PgDn`, and only the
    /// first of several keys that do the same (`?` for `? / F1`).
    pub fn short_key_names(&self) -> String {
        let Some((first, does)) = self.keys.first() else { return String::new() };
        if self.keys.iter().all(|(_, d)| d == does) {
            first.short_name()
        } else {
            self.keys.iter().map(|(k, _)| k.short_name()).collect::<Vec<_>>().join("/")
        }
    }

    fn join(&self, name: fn(Key) -> String) -> String {
        let names: Vec<String> = self.keys.iter().map(|(key, _)| name(*key)).collect();
        let separator = if names.iter().all(|n| n.chars().count() == 1) { " " } else { " / " };
        names.join(separator)
    }

    /// The first action the binding stands for (what the hint bar advertises).
    pub fn action(&self) -> Option<Action> {
        self.keys.iter().find_map(|(_, does)| match does {
            Does::Act(action) => Some(action.clone()),
            Does::TypeChar => None,
        })
    }
}

const fn act(key: Key, action: Action) -> (Key, Does) {
    (key, Does::Act(action))
}

const QUIT: Binding = Binding {
    keys: &[act(Key::Ctrl('q'), Action::Quit), act(Key::Ctrl('c'), Action::Quit)],
    help: "quit (the game is saved; its file is named on the way out)",
    hint: Some("quit"),
};

const REPAINT: Binding = Binding {
    keys: &[act(Key::Ctrl('l'), Action::Show(Show::Repaint))],
    help: "draw the whole screen again",
    hint: None,
};

const TEXT: Binding = Binding {
    keys: &[(Key::Text, Does::TypeChar)],
    help: "type a move: e4, Nf3, exd5, O-O, e8=Q or e2e4 (with ! ? + # e.p. if you like)",
    hint: None,
};

/// A line typed after a quote is chat for the players at the other terminals: shown in
/// the help and the key bar only in a game with another terminal.
pub const CHAT: Binding = Binding {
    keys: &[(Key::Char('"'), Does::TypeChar)],
    help: "chat: a quote, then the line, then Enter, for the players at the other terminals",
    hint: Some("chat"),
};

impl Binding {
    /// Whether this is the chat binding ([`CHAT`]).
    pub fn is_chat(&self) -> bool {
        self.help == CHAT.help
    }
}

const fn cursor(key: Key, direction: Direction) -> (Key, Does) {
    act(key, Action::Point(Point::Cursor(direction)))
}

const fn command(key: Key, command: Command) -> (Key, Does) {
    act(key, Action::Command(command))
}

/// Play: typing and pointing first, then the commands; the hint bar shows the commands
/// in this order and drops them from the end (but never help or quit) when it is short
/// of room.
const PLAY: &[Binding] = &[
    TEXT,
    CHAT,
    Binding {
        keys: &[act(Key::Enter, Action::Edit(Edit::Submit))],
        help: "play the typed move, or pick up / put down at the cursor",
        hint: None,
    },
    Binding {
        keys: &[act(Key::Backspace, Action::Edit(Edit::Backspace))],
        help: "delete the last typed character",
        hint: None,
    },
    Binding {
        keys: &[act(Key::Tab, Action::Edit(Edit::Complete))],
        help: "complete the typed move, or take the move suggested",
        hint: None,
    },
    Binding {
        keys: &[
            cursor(Key::Up, Direction::Up),
            cursor(Key::Down, Direction::Down),
            cursor(Key::Left, Direction::Left),
            cursor(Key::Right, Direction::Right),
        ],
        help: "move the square cursor",
        hint: None,
    },
    Binding {
        keys: &[(Key::Char(' '), Does::TypeChar)],
        help: "pick up the piece at the cursor, then put it down (a space in typed text is text)",
        hint: None,
    },
    Binding {
        keys: &[act(Key::Esc, Action::Cancel)],
        help: "cancel: clear the typing, put the piece back, stop browsing",
        hint: None,
    },
    Binding {
        keys: &[command(Key::Ctrl('e'), Command::Review)],
        help: "have a chess engine review the game in the background, or stop the review",
        hint: Some("review"),
    },
    Binding {
        keys: &[
            act(Key::F(5), Action::Browse(Browse::PreviousMark)),
            act(Key::F(6), Action::Browse(Browse::NextMark)),
        ],
        help: "the previous / next move the engine's review marked (?! inaccuracy, ? mistake, ?? blunder)",
        hint: Some("marks"),
    },
    Binding {
        keys: &[command(Key::F(7), Command::Practice)],
        help: "practise the moves the review marked as mistakes and blunders: find a better move (F7 again stops)",
        hint: None,
    },
    Binding {
        keys: &[command(Key::Ctrl('w'), Command::WriteReview)],
        help: "write the engine's review into the saved game: [%eval] comments, $6 $2 $4, better moves as variations",
        hint: None,
    },
    Binding {
        keys: &[command(Key::Ctrl('p'), Command::Pause)],
        help: "pause both clocks, or start them again",
        hint: Some("pause"),
    },
    Binding {
        keys: &[command(Key::Ctrl('d'), Command::ClaimDraw)],
        help: "claim a draw (threefold repetition, fifty-move rule)",
        hint: Some("claim draw"),
    },
    Binding {
        keys: &[command(Key::Ctrl('z'), Command::Undo)],
        help: "take back the last move",
        hint: Some("undo"),
    },
    Binding {
        keys: &[command(Key::Ctrl('o'), Command::OfferDraw)],
        help: "offer a draw",
        hint: Some("offer draw"),
    },
    Binding {
        keys: &[command(Key::Ctrl('r'), Command::Resign)],
        help: "resign your side (at one keyboard: the side to move, or Tab for the other)",
        hint: Some("resign"),
    },
    Binding {
        keys: &[command(Key::Ctrl('n'), Command::NewGame)],
        help: "start a new game",
        hint: Some("new"),
    },
    Binding {
        keys: &[
            act(Key::PageUp, Action::Browse(Browse::Back)),
            act(Key::PageDown, Action::Browse(Browse::Forward)),
        ],
        help: "step through earlier positions (the game is kept)",
        hint: Some("browse"),
    },
    Binding {
        keys: &[act(Key::Home, Action::Browse(Browse::First)), act(Key::End, Action::Browse(Browse::Live))],
        help: "the starting position / back to the live position",
        hint: None,
    },
    Binding {
        keys: &[act(Key::F(4), Action::Browse(Browse::Variation))],
        help: "show a variation of the move on the board, then the next (Esc leaves it)",
        hint: None,
    },
    Binding {
        keys: &[command(Key::Ctrl('k'), Command::Comment)],
        help: "comment on the move on the board, and give it a sign (! ? !! ?? !? ?!)",
        hint: None,
    },
    Binding {
        keys: &[command(Key::Ctrl('b'), Command::HandOver)],
        help: "hand the other side to the engine (--computer, --level), or take it back",
        hint: Some("engine"),
    },
    Binding {
        keys: &[command(Key::Ctrl('a'), Command::Hint)],
        help: "ask the coach for a move (--coach; once a move, counted)",
        hint: Some("hint"),
    },
    Binding {
        keys: &[command(Key::Ctrl('y'), Command::Redo)],
        help: "redo what was taken back",
        hint: Some("redo"),
    },
    Binding {
        keys: &[act(Key::Ctrl('f'), Action::Show(Show::Flip))],
        help: "turn the board around",
        hint: Some("flip"),
    },
    Binding {
        keys: &[act(Key::Ctrl('t'), Action::Show(Show::AutoFlip))],
        help: "turn the board after every move: on / off",
        hint: None,
    },
    Binding {
        keys: &[act(Key::F(2), Action::Show(Show::Record)), act(Key::Ctrl('g'), Action::Show(Show::Record))],
        help: "show the position as FEN and the game as PGN, to copy",
        hint: Some("FEN/PGN"),
    },
    REPAINT,
    Binding {
        keys: &[(Key::Char('?'), Does::TypeChar), act(Key::F(1), Action::Show(Show::Help))],
        help: "show this help (? on an empty move line; after a move, ? is text)",
        hint: Some("help"),
    },
    QUIT,
];

const PROMOTION: &[Binding] = &[
    Binding {
        keys: &[
            act(Key::Char('Q'), Action::Answer(Answer::Choose(Role::Queen))),
            act(Key::Char('R'), Action::Answer(Answer::Choose(Role::Rook))),
            act(Key::Char('B'), Action::Answer(Answer::Choose(Role::Bishop))),
            act(Key::Char('N'), Action::Answer(Answer::Choose(Role::Knight))),
        ],
        help: "promote to a queen, rook, bishop or knight",
        hint: Some("choose"),
    },
    Binding {
        keys: &[cursor(Key::Left, Direction::Left), cursor(Key::Right, Direction::Right)],
        help: "highlight another piece",
        hint: None,
    },
    Binding {
        keys: &[
            act(Key::Enter, Action::Edit(Edit::Submit)),
            act(Key::Char(' '), Action::Point(Point::Select)),
        ],
        help: "promote to the highlighted piece",
        hint: Some("promote"),
    },
    Binding { keys: &[act(Key::Esc, Action::Cancel)], help: "cancel the move", hint: Some("cancel") },
    REPAINT,
    Binding {
        keys: &[act(Key::Char('?'), Action::Show(Show::Help)), act(Key::F(1), Action::Show(Show::Help))],
        help: "show the help",
        hint: Some("help"),
    },
    QUIT,
];

/// A yes-or-no question. Only `Y` says yes; Enter answers nothing, and the text of a
/// move closes the question and is typed (a draw offer is declined once the move is
/// played), so a move typed after a stray Ctrl key cannot answer it.
const QUESTION: &[Binding] = &[
    Binding { keys: &[act(Key::Char('Y'), Action::Answer(Answer::Yes))], help: "yes", hint: Some("yes") },
    Binding { keys: &[act(Key::Esc, Action::Answer(Answer::No))], help: "no", hint: Some("no") },
    Binding {
        keys: &[(Key::Text, Does::TypeChar)],
        help: "the text of a move: play on (a draw offer is declined by the move)",
        hint: None,
    },
    REPAINT,
    Binding { keys: &[act(Key::F(1), Action::Show(Show::Help))], help: "show the help", hint: Some("help") },
    QUIT,
    UNBOUND,
];

/// Keys a question does not take are not dropped silently: the question says which
/// keys it takes.
const UNBOUND: Binding = Binding {
    keys: &[act(Key::Other, Action::Unbound)],
    help: "says which keys answer the question",
    hint: None,
};

/// Resigning: whoever is to move is named first; Tab or the arrows name the other
/// side; only `Y` resigns.
const RESIGN: &[Binding] = &[
    Binding {
        keys: &[
            act(Key::Tab, Action::Answer(Answer::OtherSide)),
            act(Key::Left, Action::Answer(Answer::Side(Color::White))),
            act(Key::Right, Action::Answer(Answer::Side(Color::Black))),
        ],
        help: "name the side that resigns: Tab for the other, ← White, → Black",
        hint: Some("other side"),
    },
    Binding {
        keys: &[act(Key::Char('Y'), Action::Answer(Answer::Yes))],
        help: "yes, resign",
        hint: Some("resign"),
    },
    Binding {
        keys: &[act(Key::Esc, Action::Answer(Answer::No))],
        help: "cancel, nobody resigns",
        hint: Some("cancel"),
    },
    Binding {
        keys: &[(Key::Text, Does::TypeChar)],
        help: "the text of a move: play on, nobody resigns",
        hint: None,
    },
    REPAINT,
    Binding { keys: &[act(Key::F(1), Action::Show(Show::Help))], help: "show the help", hint: Some("help") },
    QUIT,
    UNBOUND,
];

const HELP: &[Binding] = &[
    Binding {
        keys: &[cursor(Key::Up, Direction::Up), cursor(Key::Down, Direction::Down)],
        help: "scroll",
        hint: Some("scroll"),
    },
    Binding {
        keys: &[
            act(Key::PageUp, Action::Show(Show::Scroll(-10))),
            act(Key::PageDown, Action::Show(Show::Scroll(10))),
        ],
        help: "scroll a page",
        hint: None,
    },
    Binding {
        keys: &[
            act(Key::Home, Action::Show(Show::ScrollTo(false))),
            act(Key::End, Action::Show(Show::ScrollTo(true))),
        ],
        help: "scroll to the top / to the end",
        hint: None,
    },
    Binding {
        keys: &[
            act(Key::Esc, Action::Cancel),
            act(Key::F(1), Action::Show(Show::Help)),
            act(Key::Char('?'), Action::Show(Show::Help)),
            act(Key::Enter, Action::Edit(Edit::Submit)),
        ],
        help: "close the help",
        hint: Some("close"),
    },
    REPAINT,
    QUIT,
];

const RECORD: &[Binding] = &[
    Binding {
        keys: &[act(Key::Char('F'), Action::Show(Show::Copy(Notation::Fen)))],
        help: "copy the FEN to the clipboard",
        hint: Some("copy FEN"),
    },
    Binding {
        keys: &[act(Key::Char('P'), Action::Show(Show::Copy(Notation::Pgn)))],
        help: "copy the PGN to the clipboard",
        hint: Some("copy PGN"),
    },
    Binding {
        keys: &[cursor(Key::Up, Direction::Up), cursor(Key::Down, Direction::Down)],
        help: "scroll",
        hint: Some("scroll"),
    },
    Binding {
        keys: &[
            act(Key::PageUp, Action::Show(Show::Scroll(-10))),
            act(Key::PageDown, Action::Show(Show::Scroll(10))),
        ],
        help: "scroll a page",
        hint: None,
    },
    Binding {
        keys: &[
            act(Key::Home, Action::Show(Show::ScrollTo(false))),
            act(Key::End, Action::Show(Show::ScrollTo(true))),
        ],
        help: "scroll to the top / to the end",
        hint: None,
    },
    Binding {
        keys: &[
            act(Key::Esc, Action::Show(Show::Record)),
            act(Key::F(2), Action::Show(Show::Record)),
            act(Key::Ctrl('g'), Action::Show(Show::Record)),
            act(Key::Enter, Action::Show(Show::Record)),
        ],
        help: "close",
        hint: Some("close"),
    },
    REPAINT,
    Binding { keys: &[act(Key::F(1), Action::Show(Show::Help))], help: "show the help", hint: Some("help") },
    QUIT,
];

/// The key table for `mode`, with the keys as the tables have them (the player's:
/// [`Keys::bindings`]).
pub fn bindings(mode: Mode) -> &'static [Binding] {
    match mode {
        Mode::Play => PLAY,
        Mode::Promotion => PROMOTION,
        Mode::Question => QUESTION,
        Mode::Resign => RESIGN,
        Mode::Help => HELP,
        Mode::Record => RECORD,
        Mode::Comment => annotating::COMMENT,
    }
}

/// The first key that stands for `action` in `mode` (with the keys as the tables
/// have them), to name it on screen.
pub fn key_for(mode: Mode, action: &Action) -> Option<Key> {
    Keys::default().key_for(mode, action)
}

/// What a key means in `mode` (with the keys as the tables have them), if anything.
pub fn action_for_key(mode: Mode, key: Key) -> Option<Action> {
    Keys::default().action_for_key(mode, key)
}

fn first_key(table: &[Binding], action: &Action) -> Option<Key> {
    table
        .iter()
        .flat_map(|b| b.keys)
        .find(|(_, does)| matches!(does, Does::Act(a) if a == action))
        .map(|(key, _)| *key)
}

fn lookup(table: &[Binding], key: Key) -> Option<Action> {
    let same = |bound: Key| match (bound, key) {
        // Letters in tables match either case: `Y` and `y`.
        (Key::Char(a), Key::Char(b)) => a.eq_ignore_ascii_case(&b),
        (a, b) => a == b,
    };
    let bound = table.iter().flat_map(|b| b.keys).find(|(k, _)| same(*k));
    let has = |wanted: Key| table.iter().flat_map(|b| b.keys).any(|(k, _)| *k == wanted);
    match bound {
        Some((_, Does::Act(action))) => Some(action.clone()),
        Some((_, Does::TypeChar)) | None => match key {
            Key::Char(c) if !c.is_control() && has(Key::Text) => Some(Action::Edit(Edit::Type(c))),
            _ if has(Key::Other) => Some(Action::Unbound),
            _ => None,
        },
    }
}

/// Turns a terminal event into an action in `mode`, with the keys as the tables have
/// them ([`Keys::action_for_event`] with the player's).
pub fn action_for_event(
    event: &Event,
    mode: Mode,
    hit: impl Fn(u16, u16) -> Option<Pointer>,
) -> Option<Action> {
    Keys::default().action_for_event(event, mode, hit)
}

impl Keys {
    /// Turns a terminal event into an action in `mode`.
    ///
    /// `hit` says what is drawn at a screen cell (column, row), for the mouse. Only key
    /// presses count: releases and repeats (which some platforms report) are ignored.
    /// Ctrl-C quits in every mode. A paste (with bracketed paste on) is one action.
    pub fn action_for_event(
        &self,
        event: &Event,
        mode: Mode,
        hit: impl Fn(u16, u16) -> Option<Pointer>,
    ) -> Option<Action> {
        action_for_event_in(*self, event, mode, hit)
    }
}

fn action_for_event_in(
    keys: Keys,
    event: &Event,
    mode: Mode,
    hit: impl Fn(u16, u16) -> Option<Pointer>,
) -> Option<Action> {
    match event {
        Event::Key(key) if key.kind == KeyEventKind::Press => {
            let key = Key::from_event(key)?;
            if key == Key::Ctrl('c') {
                return Some(Action::Quit);
            }
            keys.action_for_key(mode, key)
        }
        Event::Mouse(mouse) => action_for_mouse(*mouse, mode, hit),
        Event::Paste(text) if matches!(mode, Mode::Play | Mode::Question | Mode::Resign | Mode::Comment) => {
            Some(Action::Edit(Edit::Paste(text.clone())))
        }
        _ => None,
    }
}

fn action_for_mouse(
    mouse: MouseEvent,
    mode: Mode,
    hit: impl Fn(u16, u16) -> Option<Pointer>,
) -> Option<Action> {
    let target = || hit(mouse.column, mouse.row);
    let point = |p| Some(Action::Point(p));
    match (mouse.kind, mode) {
        (
            MouseEventKind::Down(MouseButton::Left),
            Mode::Play | Mode::Promotion | Mode::Question | Mode::Resign,
        ) => target().map(|t| Action::Point(Point::Down(t))),
        (MouseEventKind::Drag(MouseButton::Left), Mode::Play) => point(Point::Drag(target())),
        (MouseEventKind::Up(MouseButton::Left), Mode::Play) => point(Point::Up(target())),
        (MouseEventKind::ScrollUp, Mode::Play) => Some(Action::Browse(Browse::Back)),
        (MouseEventKind::ScrollDown, Mode::Play) => Some(Action::Browse(Browse::Forward)),
        (MouseEventKind::ScrollUp, Mode::Record | Mode::Help) => point(Point::Cursor(Direction::Up)),
        (MouseEventKind::ScrollDown, Mode::Record | Mode::Help) => point(Point::Cursor(Direction::Down)),
        _ => None,
    }
}

#[cfg(test)]
mod tests {
    use crossterm::event::{KeyCode, KeyEvent, KeyModifiers};

    use super::*;

    #[test]
    fn every_character_that_can_begin_or_continue_a_move_is_typed() {
        for c in "abcdefgh12345678NBRQKnbrqkx=O0-+#o".chars() {
            assert_eq!(action_for_key(Mode::Play, Key::Char(c)), Some(Action::Edit(Edit::Type(c))), "{c}");
        }
    }

    #[test]
    fn no_two_bindings_in_a_table_share_a_key() {
        for mode in Mode::ALL {
            let keys: Vec<Key> = bindings(mode).iter().flat_map(|b| b.keys).map(|(k, _)| *k).collect();
            for (i, a) in keys.iter().enumerate() {
                assert!(!keys[i + 1..].contains(a), "{mode:?}: {a:?} is bound twice");
            }
        }
    }

    #[test]
    fn releases_and_repeats_are_ignored() {
        let mut key = KeyEvent::new(KeyCode::Char('e'), KeyModifiers::NONE);
        assert_eq!(
            action_for_event(&Event::Key(key), Mode::Play, |_, _| None),
            Some(Action::Edit(Edit::Type('e')))
        );
        key.kind = KeyEventKind::Release;
        assert_eq!(action_for_event(&Event::Key(key), Mode::Play, |_, _| None), None);
        key.kind = KeyEventKind::Repeat;
        assert_eq!(action_for_event(&Event::Key(key), Mode::Play, |_, _| None), None);
    }

    #[test]
    fn ctrl_c_quits_in_every_mode() {
        let key = Event::Key(KeyEvent::new(KeyCode::Char('c'), KeyModifiers::CONTROL));
        for mode in [Mode::Play, Mode::Promotion, Mode::Question, Mode::Resign, Mode::Help, Mode::Record] {
            assert_eq!(action_for_event(&key, mode, |_, _| None), Some(Action::Quit));
        }
    }

    #[test]
    fn key_names_read_well() {
        assert_eq!(Key::Ctrl('z').name(), "Ctrl-Z");
        assert_eq!(Key::Ctrl('z').short_name(), "^Z");
        let cursor = PLAY
            .iter()
            .find(|b| b.action() == Some(Action::Point(Point::Cursor(Direction::Up))))
            .expect("a cursor binding");
        assert_eq!(cursor.key_names(), "↑ ↓ ← →");
        let browse =
            PLAY.iter().find(|b| b.action() == Some(Action::Browse(Browse::Back))).expect("a browse binding");
        assert_eq!(browse.short_key_names(), "PgUp/PgDn");
        assert_eq!(key_for(Mode::Play, &Action::Command(Command::ClaimDraw)), Some(Key::Ctrl('d')));
    }
}
