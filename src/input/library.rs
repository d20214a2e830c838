//! The library's keys: one table per [`Mode`], from which the hint bar is drawn too.
//!
//! Typing filters the list, so every printable character is text there; the commands
//! are Enter, the arrow and paging keys, Del and Esc. A question takes `Y` (either
//! case) and Esc; any other key makes it say which keys answer it.

use crossterm::event::{Event, KeyEventKind, MouseEventKind};

use super::Key;
use crate::library::{Action, Mode, Motion};

/// Keys that share one line of help, with what each does; `None` is typed text.
#[derive(Clone, Copy, Debug)]
pub struct Binding {
    /// The keys and what they do.
    pub keys: &'static [(Key, Option<Action>)],
    /// One line for the README.
    pub help: &'static str,
    /// A word or two for the hint bar, if the binding is shown there.
    pub hint: Option<&'static str>,
}

impl Binding {
    /// The keys as the hint bar names them: `↑↓`, `Enter`, `Del`.
    pub fn short_key_names(&self) -> String {
        let names: Vec<String> = self.keys.iter().map(|(key, _)| key.short_name()).collect();
        if names.iter().all(|n| n.chars().count() == 1) { names.concat() } else { names.join("/") }
    }
}

const QUIT: Binding = Binding {
    keys: &[(Key::Ctrl('q'), Some(Action::Quit)), (Key::Ctrl('c'), Some(Action::Quit))],
    help: "leave the library",
    hint: None,
};

const LIST: &[Binding] = &[
    Binding {
        keys: &[(Key::Up, Some(Action::Move(Motion::Up))), (Key::Down, Some(Action::Move(Motion::Down)))],
        help: "choose a game",
        hint: Some("choose"),
    },
    Binding {
        keys: &[
            (Key::PageUp, Some(Action::Move(Motion::PageUp))),
            (Key::PageDown, Some(Action::Move(Motion::PageDown))),
            (Key::Home, Some(Action::Move(Motion::First))),
            (Key::End, Some(Action::Move(Motion::Last))),
        ],
        help: "a page up / down, the first / the last game",
        hint: None,
    },
    Binding {
        keys: &[(Key::Enter, Some(Action::Open))],
        help: "continue the unfinished game, or open the finished one to look through",
        hint: Some("open"),
    },
    Binding {
        keys: &[(Key::Delete, Some(Action::Delete)), (Key::Ctrl('d'), Some(Action::Delete))],
        help: "delete the game (asks first; only Y deletes)",
        hint: Some("delete"),
    },
    Binding { keys: &[(Key::Text, None)], help: "filter: players, opening, date, file name", hint: None },
    Binding {
        keys: &[(Key::Backspace, Some(Action::Backspace))],
        help: "delete the last character of the filter",
        hint: None,
    },
    Binding {
        keys: &[(Key::Esc, Some(Action::Cancel))],
        help: "clear the filter, or leave when there is none",
        hint: Some("leave"),
    },
    QUIT,
];

const ASKING: &[Binding] = &[
    Binding { keys: &[(Key::Char('Y'), Some(Action::Yes))], help: "yes, delete it", hint: Some("delete") },
    Binding { keys: &[(Key::Esc, Some(Action::Cancel))], help: "no, keep it", hint: Some("keep") },
    QUIT,
    Binding {
        keys: &[(Key::Other, Some(Action::Unbound))],
        help: "says which keys answer the question",
        hint: None,
    },
];

/// The key table for `mode`.
pub fn bindings(mode: Mode) -> &'static [Binding] {
    match mode {
        Mode::List => LIST,
        Mode::Asking => ASKING,
    }
}

/// What a key means in `mode`, if anything.
pub fn action_for_key(mode: Mode, key: Key) -> Option<Action> {
    let table = bindings(mode);
    let same = |bound: Key| match (bound, key) {
        (Key::Char(a), Key::Char(b)) => a.eq_ignore_ascii_case(&b),
        (a, b) => a == b,
    };
    let keys = || table.iter().flat_map(|b| b.keys);
    match keys().find(|(k, _)| same(*k)) {
        Some((_, Some(action))) => Some(action.clone()),
        Some((_, None)) | None => match key {
            Key::Char(c) if !c.is_control() && keys().any(|(k, _)| *k == Key::Text) => Some(Action::Type(c)),
            _ if keys().any(|(k, _)| *k == Key::Other) => Some(Action::Unbound),
            _ => None,
        },
    }
}

/// Turns a terminal event into library actions in `mode`: key presses (not releases
/// or repeats), with Ctrl-C leaving everywhere; a paste is typed into the filter; the
/// mouse wheel moves the selection.
pub fn action_for_event(event: &Event, mode: Mode) -> Vec<Action> {
    match event {
        Event::Key(key) if key.kind == KeyEventKind::Press => {
            let Some(key) = Key::from_event(key) else { return Vec::new() };
            if key == Key::Ctrl('c') {
                return vec![Action::Quit];
            }
            action_for_key(mode, key).into_iter().collect()
        }
        // At most a line of it: a paste is typing, and a huge one would only slow
        // the filter down.
        Event::Paste(text) if mode == Mode::List => {
            text.chars().filter(|c| !c.is_control()).take(200).map(Action::Type).collect()
        }
        Event::Mouse(mouse) if mode == Mode::List => match mouse.kind {
            MouseEventKind::ScrollUp => vec![Action::Move(Motion::Up)],
            MouseEventKind::ScrollDown => vec![Action::Move(Motion::Down)],
            _ => Vec::new(),
        },
        _ => Vec::new(),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn letters_filter_and_only_y_answers_the_question() {
        assert_eq!(action_for_key(Mode::List, Key::Char('q')), Some(Action::Type('q')));
        assert_eq!(action_for_key(Mode::List, Key::Char('Y')), Some(Action::Type('Y')));
        assert_eq!(action_for_key(Mode::Asking, Key::Char('y')), Some(Action::Yes));
        assert_eq!(action_for_key(Mode::Asking, Key::Enter), Some(Action::Unbound));
        assert_eq!(action_for_key(Mode::Asking, Key::Char('n')), Some(Action::Unbound));
    }

    #[test]
    fn the_wheel_moves_the_selection_and_a_paste_is_typed() {
        use crossterm::event::{KeyModifiers, MouseEvent};
        let wheel =
            |kind| Event::Mouse(MouseEvent { kind, column: 0, row: 0, modifiers: KeyModifiers::NONE });
        assert_eq!(
            action_for_event(&wheel(MouseEventKind::ScrollDown), Mode::List),
            [Action::Move(Motion::Down)]
        );
        assert_eq!(action_for_event(&wheel(MouseEventKind::ScrollUp), Mode::Asking), []);
        let paste = Event::Paste("ab\x1bc".to_owned());
        assert_eq!(
            action_for_event(&paste, Mode::List),
            [Action::Type('a'), Action::Type('b'), Action::Type('c')]
        );
        assert_eq!(action_for_event(&paste, Mode::Asking), []);
    }

    #[test]
    fn no_two_bindings_in_a_table_share_a_key() {
        for mode in [Mode::List, Mode::Asking] {
            let keys: Vec<Key> = bindings(mode).iter().flat_map(|b| b.keys).map(|(k, _)| *k).collect();
            for (i, a) in keys.iter().enumerate() {
                assert!(!keys[i + 1..].contains(a), "{mode:?}: {a:?} is bound twice");
            }
        }
    }
}
