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
    /// Alt (Meta, Option) with a character, letters stored in lower case.
    Alt(char),
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
            Key::Alt(c) => format!("Alt-{c}"),
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
            KeyCode::Char(c) if alt && !ctrl => Key::Alt(c.to_ascii_lowercase()),
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

/// A key name the config file cannot use.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
#[error("unknown key name {name:?}")]
pub struct KeyNameError {
    /// The name as written.
    pub name: String,
    /// The name meant, where one is near.
    pub near: Option<String>,
}

impl Key {
    /// Reads a key's name as the config file writes it: `f1` to `f12`, `ctrl-a` to
    /// `ctrl-z`, `alt-` and a character (`alt-x`, `alt-1`); any case, `+` for `-` too.
    pub fn from_name(name: &str) -> Result<Key, KeyNameError> {
        let lower = name.trim().to_lowercase().replace('+', "-");
        let refused = |near: Option<String>| KeyNameError { name: name.to_owned(), near };
        if let Some(n) = lower.strip_prefix('f').and_then(|n| n.parse::<u8>().ok()) {
            return if (1..=12).contains(&n) { Ok(Key::F(n)) } else { Err(refused(None)) };
        }
        let (modifier, rest) = match lower.split_once('-') {
            Some((modifier, rest)) if !rest.is_empty() => (modifier, rest),
            // `alt--`: Alt with the minus sign.
            _ if lower.ends_with("--") => (lower.trim_end_matches('-'), "-"),
            _ => return Err(refused(None)),
        };
        let mut chars = rest.chars();
        let (Some(c), None) = (chars.next(), chars.next()) else { return Err(refused(None)) };
        let near = |form: &str| Some(format!("{form}-{c}"));
        match modifier {
            "ctrl" if c.is_ascii_lowercase() => Ok(Key::Ctrl(c)),
            "alt" if c.is_ascii_graphic() => Ok(Key::Alt(c)),
            "control" | "ctl" | "c" | "^" => Err(refused(near("ctrl"))),
            "meta" | "m" | "a" | "option" | "opt" | "esc" => Err(refused(near("alt"))),
            _ => Err(refused(None)),
        }
    }

    /// Whether the config file may bind a command to this key: Ctrl-C always quits,
    /// and a terminal sends Ctrl-H, Ctrl-I, Ctrl-J and Ctrl-M as Backspace, Tab and
    /// Enter, so they cannot be told apart.
    pub fn can_be_bound(self) -> bool {
        match self {
            Key::Ctrl(c) => !matches!(c, 'c' | 'h' | 'i' | 'j' | 'm'),
            Key::Alt(_) | Key::F(_) => true,
            _ => false,
        }
    }

    /// The name the config file writes: `f9`, `ctrl-t`, `alt-x`.
    pub fn config_name(self) -> String {
        match self {
            Key::Ctrl(c) => format!("ctrl-{c}"),
            Key::Alt(c) => format!("alt-{c}"),
            Key::F(n) => format!("f{n}"),
            other => other.name().to_lowercase(),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn key_names_of_the_config_file_read_back() {
        for (name, key) in [
            ("f9", Key::F(9)),
            ("F12", Key::F(12)),
            ("ctrl-t", Key::Ctrl('t')),
            ("Ctrl+T", Key::Ctrl('t')),
            ("alt-x", Key::Alt('x')),
            ("alt-1", Key::Alt('1')),
        ] {
            assert_eq!(Key::from_name(name), Ok(key), "{name}");
            assert_eq!(Key::from_name(&key.config_name()), Ok(key));
        }
        for name in ["f13", "f0", "ctrl-", "ctrl-1", "hyper-x", "", "enter"] {
            assert!(Key::from_name(name).is_err(), "{name}");
        }
        assert_eq!(Key::from_name("control-t").unwrap_err().near.as_deref(), Some("ctrl-t"));
        assert_eq!(Key::from_name("meta-x").unwrap_err().near.as_deref(), Some("alt-x"));
    }
}
