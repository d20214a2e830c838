//! A key as the tables name it, with its names for the help screen and the hint bar,
//! read from crossterm's key events.

use crossterm::event::{KeyCode, KeyEvent, KeyModifiers};

/// A key as the tables name it.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Key {
    /// A printable character without Ctrl or Alt (Shift is part of the character).
    Char(char),
    /// Ctrl with a letter, stored in lower case.
    Ctrl(char),
    /// Any printable character no other binding claims: the text of a move.
    Text,
    /// Enter (Return).
    Enter,
    /// Escape.
    Esc,
    /// Tab.
    Tab,
    /// Backspace.
    Backspace,
    /// Arrow up.
    Up,
    /// Arrow down.
    Down,
    /// Arrow left.
    Left,
    /// Arrow right.
    Right,
    /// Page up.
    PageUp,
    /// Page down.
    PageDown,
    /// Home.
    Home,
    /// End.
    End,
    /// A function key, F1 to F12.
    F(u8),
    /// Delete (Del).
    Delete,
    /// Any key no other binding of the table claims.
    Other,
}

impl Key {
    /// The name for the help screen: `Ctrl-Z`, `PgUp`, `←`, `Space`.
    pub fn name(self) -> String {
        match self {
            Key::Ctrl(c) => format!("Ctrl-{}", c.to_ascii_uppercase()),
            other => other.short_name(),
        }
    }

    /// The short name for the hint bar: `^Z`, `PgUp`, `←`.
    pub fn short_name(self) -> String {
        match self {
            Key::Char(' ') => "Space".to_owned(),
            Key::Char(c) => c.to_string(),
            Key::Ctrl(c) => format!("^{}", c.to_ascii_uppercase()),
            Key::Text => "a–h 1–8 N B R Q K x = O - + #".to_owned(),
            Key::Enter => "Enter".to_owned(),
            Key::Esc => "Esc".to_owned(),
            Key::Tab => "Tab".to_owned(),
            Key::Backspace => "Backspace".to_owned(),
            Key::Up => "↑".to_owned(),
            Key::Down => "↓".to_owned(),
            Key::Left => "←".to_owned(),
            Key::Right => "→".to_owned(),
            Key::PageUp => "PgUp".to_owned(),
            Key::PageDown => "PgDn".to_owned(),
            Key::Home => "Home".to_owned(),
            Key::End => "End".to_owned(),
            Key::F(n) => format!("F{n}"),
            Key::Delete => "Del".to_owned(),
            Key::Other => "any other key".to_owned(),
        }
    }

    /// Reads a crossterm key event; `None` for keys no table can name.
    pub(crate) fn from_event(key: &KeyEvent) -> Option<Key> {
        let ctrl = key.modifiers.contains(KeyModifiers::CONTROL);
        let alt = key.modifiers.contains(KeyModifiers::ALT);
        Some(match key.code {
            KeyCode::Char(c) if ctrl && !alt => Key::Ctrl(c.to_ascii_lowercase()),
            KeyCode::Char(_) if ctrl || alt => return None,
            KeyCode::Char(c) => Key::Char(c),
            KeyCode::Enter => Key::Enter,
            KeyCode::Esc => Key::Esc,
            KeyCode::Tab => Key::Tab,
            KeyCode::Backspace => Key::Backspace,
            KeyCode::Up => Key::Up,
            KeyCode::Down => Key::Down,
            KeyCode::Left => Key::Left,
            KeyCode::Right => Key::Right,
            KeyCode::PageUp => Key::PageUp,
            KeyCode::PageDown => Key::PageDown,
            KeyCode::Home => Key::Home,
            KeyCode::End => Key::End,
            KeyCode::F(n) => Key::F(n),
            KeyCode::Delete => Key::Delete,
            _ => return None,
        })
    }
}
