//! The keys as the player bound them: the config file's `[keys]` table names a command
//! word (`flip`) and a key (`"f9"`), and the key takes the place of the command's own
//! keys in every table where they stand for it. The tables stay the one source of
//! truth: a [`Keys`] is those tables with the keys replaced, so what the hint bar and
//! the help say is still what the keys do.

use super::{Binding, Does, Key, bindings};
use crate::app::{Action, Browse, Command, Mode, Show};

/// A command a key can be bound to in the config file.
#[derive(Clone, Debug)]
pub struct Bindable {
    /// Its word in the config file (the typed command's word where there is one).
    pub word: &'static str,
    /// What it does.
    pub action: Action,
    /// Its own keys, which a binding replaces.
    pub keys: &'static [Key],
}

const fn bindable(word: &'static str, action: Action, keys: &'static [Key]) -> Bindable {
    Bindable { word, action, keys }
}

/// Every command a key can be bound to, in the order of the help screen. The words
/// are the typed commands' where the board has one (`undo`, `draw`, `resign`...).
pub const BINDABLE: &[Bindable] = &[
    bindable("review", Action::Command(Command::Review), &[Key::Ctrl('e')]),
    bindable("previous-mark", Action::Browse(Browse::PreviousMark), &[Key::F(5)]),
    bindable("next-mark", Action::Browse(Browse::NextMark), &[Key::F(6)]),
    bindable("write-review", Action::Command(Command::WriteReview), &[Key::Ctrl('w')]),
    bindable("practice", Action::Command(Command::Practice), &[Key::F(7)]),
    bindable("pause", Action::Command(Command::Pause), &[Key::Ctrl('p')]),
    bindable("claim", Action::Command(Command::ClaimDraw), &[Key::Ctrl('d')]),
    bindable("undo", Action::Command(Command::Undo), &[Key::Ctrl('z')]),
    bindable("draw", Action::Command(Command::OfferDraw), &[Key::Ctrl('o')]),
    bindable("resign", Action::Command(Command::Resign), &[Key::Ctrl('r')]),
    bindable("new", Action::Command(Command::NewGame), &[Key::Ctrl('n')]),
    bindable("variation", Action::Browse(Browse::Variation), &[Key::F(4)]),
    bindable("comment", Action::Command(Command::Comment), &[Key::Ctrl('k')]),
    bindable("computer", Action::Command(Command::HandOver), &[Key::Ctrl('b')]),
    bindable("hint", Action::Command(Command::Hint), &[Key::Ctrl('a')]),
    bindable("redo", Action::Command(Command::Redo), &[Key::Ctrl('y')]),
    bindable("flip", Action::Show(Show::Flip), &[Key::Ctrl('f')]),
    bindable("auto-flip", Action::Show(Show::AutoFlip), &[Key::Ctrl('t')]),
    bindable("record", Action::Show(Show::Record), &[Key::F(2), Key::Ctrl('g')]),
    bindable("redraw", Action::Show(Show::Repaint), &[Key::Ctrl('l')]),
    bindable("help", Action::Show(Show::Help), &[Key::F(1)]),
    bindable("quit", Action::Quit, &[Key::Ctrl('q')]),
];

impl Bindable {
    /// The command with this word, if any.
    pub fn named(word: &str) -> Option<&'static Bindable> {
        BINDABLE.iter().find(|b| b.word == word)
    }

    /// What the command does, as the help screen says it.
    pub fn what(&self) -> &'static str {
        bindings(Mode::Play)
            .iter()
            .find(|b| b.keys.iter().any(|(_, does)| *does == Does::Act(self.action.clone())))
            .map_or("", |b| b.help)
    }
}

/// Why a set of bindings cannot be used.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum KeymapError {
    /// No command has this word.
    #[error("no command is called {0:?}")]
    UnknownWord(String),
    /// This key cannot be bound: Ctrl-C always quits, and a terminal sends some Ctrl
    /// keys as others (Ctrl-I as Tab, Ctrl-M as Enter).
    #[error("{} cannot be bound", .key.name())]
    Reserved {
        /// The command it was bound to.
        word: &'static str,
        /// The key.
        key: Key,
    },
    /// One key would do two things.
    #[error("{} is bound to {} but is also {}", .key.name(), .bound, .other)]
    Shared {
        /// The key.
        key: Key,
        /// The command bound to it.
        bound: &'static str,
        /// The other command (or what the key does) it would do.
        other: &'static str,
    },
}

/// The key tables with the player's keys in place of the commands' own.
#[derive(Debug)]
pub struct Keymap {
    tables: [&'static [Binding]; Mode::ALL.len()],
    bound: Vec<(&'static Bindable, Key)>,
}

static DEFAULT: Keymap = Keymap {
    tables: [
        super::PLAY,
        super::PROMOTION,
        super::QUESTION,
        super::RESIGN,
        super::annotating::COMMENT,
        super::HELP,
        super::RECORD,
    ],
    bound: Vec::new(),
};

/// The keys in force on a board: the tables, with the player's bindings. Cheap to copy;
/// made once at the start.
#[derive(Clone, Copy, Debug)]
pub struct Keys(&'static Keymap);

impl Default for Keys {
    fn default() -> Keys {
        Keys(&DEFAULT)
    }
}

impl PartialEq for Keys {
    fn eq(&self, other: &Keys) -> bool {
        self.0.bound.iter().map(|(b, k)| (b.word, *k)).eq(other.0.bound.iter().map(|(b, k)| (b.word, *k)))
    }
}

impl Eq for Keys {}

fn index(mode: Mode) -> usize {
    Mode::ALL.iter().position(|m| *m == mode).expect("every mode is in Mode::ALL")
}

impl Keys {
    /// The tables with each command in `bound` on its key instead of its own keys, or
    /// why that cannot be: a key no table may take, or a key that would do two things
    /// in one table. Made once for the process: the tables live as long as it.
    pub fn bound(bound: &[(&str, Key)]) -> Result<Keys, KeymapError> {
        if bound.is_empty() {
            return Ok(Keys::default());
        }
        let mut chosen: Vec<(&'static Bindable, Key)> = Vec::new();
        for (word, key) in bound {
            let bindable =
                Bindable::named(word).ok_or_else(|| KeymapError::UnknownWord((*word).to_owned()))?;
            if !key.can_be_bound() {
                return Err(KeymapError::Reserved { word: bindable.word, key: *key });
            }
            if let Some((other, _)) = chosen.iter().find(|(_, k)| k == key) {
                return Err(KeymapError::Shared { key: *key, bound: bindable.word, other: other.word });
            }
            chosen.retain(|(b, _)| b.word != bindable.word);
            chosen.push((bindable, *key));
        }
        let mut tables = DEFAULT.tables;
        for (i, table) in DEFAULT.tables.iter().enumerate() {
            let rebound = rebind(table, &chosen)?;
            tables[i] = Vec::leak(rebound);
        }
        Ok(Keys(Box::leak(Box::new(Keymap { tables, bound: chosen }))))
    }

    /// The player's own bindings: each command and its key.
    pub fn rebound(&self) -> impl Iterator<Item = (&'static str, Key)> + '_ {
        self.0.bound.iter().map(|(b, key)| (b.word, *key))
    }

    /// The keys of a command as they are now: the one bound to it, or its own.
    pub fn keys_of(&self, bindable: &Bindable) -> Vec<Key> {
        match self.0.bound.iter().find(|(b, _)| b.word == bindable.word) {
            Some((_, key)) => vec![*key],
            None => bindable.keys.to_vec(),
        }
    }

    /// The key table for `mode`.
    pub fn bindings(&self, mode: Mode) -> &'static [Binding] {
        self.0.tables[index(mode)]
    }

    /// The first key that stands for `action` in `mode`, to name it on screen.
    pub fn key_for(&self, mode: Mode, action: &Action) -> Option<Key> {
        super::first_key(self.bindings(mode), action)
    }

    /// What a key means in `mode`, if anything.
    pub fn action_for_key(&self, mode: Mode, key: Key) -> Option<Action> {
        super::lookup(self.bindings(mode), key)
    }
}

/// `table` with the keys of each command in `chosen` replaced by the key chosen for
/// it, or the first key that would then do two things.
fn rebind(table: &[Binding], chosen: &[(&'static Bindable, Key)]) -> Result<Vec<Binding>, KeymapError> {
    let mut seen: Vec<(Key, &'static str)> = Vec::new();
    let mut out = Vec::with_capacity(table.len());
    for binding in table {
        let mut keys: Vec<(Key, Does)> = Vec::with_capacity(binding.keys.len());
        for (key, does) in binding.keys {
            let replaced =
                chosen.iter().find(|(b, _)| b.keys.contains(key) && *does == Does::Act(b.action.clone()));
            let (key, word) = match replaced {
                Some((b, new)) => (*new, b.word),
                None => (*key, owner(*key, does).unwrap_or(binding.help)),
            };
            if keys.iter().any(|(k, _)| *k == key) {
                continue;
            }
            if let Some((_, first)) = seen.iter().find(|(k, _)| *k == key) {
                let is_bound = |word: &str| chosen.iter().any(|(b, _)| b.word == word);
                let (bound, other) = if is_bound(word) { (word, *first) } else { (*first, word) };
                return Err(KeymapError::Shared { key, bound, other });
            }
            seen.push((key, word));
            keys.push((key, does.clone()));
        }
        out.push(Binding { keys: Vec::leak(keys), ..*binding });
    }
    Ok(out)
}

/// The command word whose own key `key` is, doing `does`.
fn owner(key: Key, does: &Does) -> Option<&'static str> {
    BINDABLE.iter().find(|b| b.keys.contains(&key) && *does == Does::Act(b.action.clone())).map(|b| b.word)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn each_command_word_names_its_own_keys_in_the_play_table() {
        for bindable in BINDABLE {
            for key in bindable.keys {
                assert_eq!(
                    super::super::action_for_key(Mode::Play, *key).as_ref(),
                    Some(&bindable.action),
                    "{}: {key:?}",
                    bindable.word
                );
            }
            assert!(!bindable.what().is_empty(), "{} has a line of help", bindable.word);
        }
    }

    #[test]
    fn every_command_key_of_the_board_can_be_bound_elsewhere() {
        // Ctrl keys and function keys are the commands' keys: each belongs to a word,
        // but Ctrl-C, which always quits.
        for binding in bindings(Mode::Play) {
            for (key, does) in binding.keys {
                if matches!(key, Key::Ctrl(_) | Key::F(_)) && *key != Key::Ctrl('c') {
                    assert!(owner(*key, does).is_some(), "{key:?} has no command word");
                }
            }
        }
    }

    #[test]
    fn the_typed_command_words_are_the_words_of_the_keys_too() {
        for word in crate::app::words::WORDS {
            assert!(Bindable::named(word.name).is_some(), "{} can be bound", word.name);
        }
    }

    #[test]
    fn a_bound_key_takes_the_place_of_the_commands_own_in_every_table() {
        let keys = Keys::bound(&[("flip", Key::F(9)), ("help", Key::Alt('h'))]).expect("fine");
        assert_eq!(keys.action_for_key(Mode::Play, Key::F(9)), Some(Action::Show(Show::Flip)));
        assert_eq!(keys.action_for_key(Mode::Play, Key::Ctrl('f')), None);
        assert_eq!(keys.key_for(Mode::Play, &Action::Show(Show::Flip)), Some(Key::F(9)));
        for mode in [Mode::Play, Mode::Question, Mode::Help, Mode::Record] {
            assert_eq!(keys.action_for_key(mode, Key::Alt('h')), Some(Action::Show(Show::Help)), "{mode:?}");
        }
        // `?` stays: it is text first, the help on an empty line.
        let help = keys.bindings(Mode::Play).iter().find(|b| b.hint == Some("help")).expect("help");
        assert_eq!(help.key_names(), "? / Alt-h");
        assert_eq!(Keys::default().bindings(Mode::Play).len(), keys.bindings(Mode::Play).len());
    }

    #[test]
    fn two_keys_of_a_command_become_its_one_key() {
        let keys = Keys::bound(&[("record", Key::F(10))]).expect("fine");
        let record = keys.bindings(Mode::Play).iter().find(|b| b.hint == Some("FEN/PGN")).expect("record");
        assert_eq!(record.key_names(), "F10");
        assert_eq!(keys.action_for_key(Mode::Play, Key::Ctrl('g')), None);
        // In the record itself, Esc and Enter still close it.
        assert_eq!(keys.action_for_key(Mode::Record, Key::Esc), Some(Action::Show(Show::Record)));
        assert_eq!(keys.action_for_key(Mode::Record, Key::F(10)), Some(Action::Show(Show::Record)));
    }

    #[test]
    fn a_key_that_would_do_two_things_is_refused() {
        assert_eq!(
            Keys::bound(&[("flip", Key::Ctrl('z'))]).unwrap_err(),
            KeymapError::Shared { key: Key::Ctrl('z'), bound: "flip", other: "undo" }
        );
        assert_eq!(
            Keys::bound(&[("flip", Key::F(9)), ("undo", Key::F(9))]).unwrap_err(),
            KeymapError::Shared { key: Key::F(9), bound: "undo", other: "flip" }
        );
        // Moving undo away frees its key.
        assert!(Keys::bound(&[("flip", Key::Ctrl('z')), ("undo", Key::Ctrl('u'))]).is_ok());
        assert!(matches!(Keys::bound(&[("quit", Key::Ctrl('c'))]), Err(KeymapError::Reserved { .. })));
        assert!(matches!(Keys::bound(&[("flip", Key::Ctrl('i'))]), Err(KeymapError::Reserved { .. })));
        assert_eq!(Keys::bound(&[("flop", Key::F(9))]).unwrap_err(), KeymapError::UnknownWord("flop".into()));
    }
}
