//! Carrying out what the app asks of the world outside it ([`Effect`]s: a save, a
//! copy, the bell, the engine's review), one concern of the session's three: the
//! sources that feed seats and the views told elsewhere are the others
//! ([`super::sources`]).

use hotseat_chess::Color;

use crate::app::{Action, App, Effect, Message};
use crate::records::pgn::PgnGame;

/// Carries out the app's effects (saving, copying, the bell, the engine reviewing
/// the game), and writes the game as PGN for the record screen.
pub trait Effects {
    /// Carries out an effect the app asked for; what came of it, if anything, for the
    /// players (a failed save, a copy done).
    fn carry_out(&mut self, app: &App, effect: Effect) -> Option<Message>;

    /// The game as PGN, for the record screen and for a view that attaches: by
    /// default the game as the app has it (its moves, comments and players' names),
    /// for effects that keep no record of their own (another terminal's view).
    fn pgn(&self, app: &App) -> Option<String> {
        let mut record = PgnGame::new(app.game().clone());
        record.annotations = app.timeline().all_annotations();
        record.tags.set("White", app.player(Color::White));
        record.tags.set("Black", app.player(Color::Black));
        Some(record.to_pgn())
    }

    /// Whether work it started goes on (an engine reviewing the game), to be asked
    /// about ([`Effects::poll`]) every [`POLL_EVERY`] even with no input.
    fn busy(&self) -> bool {
        false
    }

    /// What the work going on has brought since the last call, as actions for the app
    /// (an engine's findings); never waits.
    fn poll(&mut self) -> Vec<Action> {
        Vec::new()
    }

    /// Says in the record, after `ply` moves, something that happened which the moves
    /// do not show (a side handed to the engine, or back).
    fn note(&mut self, _ply: usize, _text: String) {}

    /// Sets a tag of the record from the next save on (the coach's hints counted).
    fn tag(&mut self, _name: &str, _value: &str) {}
}

/// How often the loop asks busy effects what their work has brought: often enough for
/// a progress bar to move smoothly, seldom enough to cost nothing.
pub const POLL_EVERY: std::time::Duration = std::time::Duration::from_millis(100);

/// Effects that keep nothing and copy nothing, for tests and for a game that is not
/// recorded: it counts the effects it was asked for.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Counting {
    /// The effects asked for, oldest first.
    pub effects: Vec<Effect>,
}

impl Effects for Counting {
    fn carry_out(&mut self, _app: &App, effect: Effect) -> Option<Message> {
        self.effects.push(effect);
        None
    }

    fn pgn(&self, _app: &App) -> Option<String> {
        None
    }
}

/// The effects the app asked for since the loop last carried them out: those of one
/// action, and of the tick and the sources' deeds before it. A save asked for twice
/// (a flag fell, then a move) is one save: the one rule, for every face.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Pending(Vec<Effect>);

impl Pending {
    /// Adds effects, keeping one save.
    pub fn add(&mut self, effects: impl IntoIterator<Item = Effect>) {
        for effect in effects {
            if effect != Effect::Save || !self.0.contains(&Effect::Save) {
                self.0.push(effect);
            }
        }
    }

    /// Whether `effect` is among them.
    pub fn contains(&self, effect: &Effect) -> bool {
        self.0.contains(effect)
    }

    /// Whether there are none.
    pub fn is_empty(&self) -> bool {
        self.0.is_empty()
    }

    /// Takes them all, leaving none.
    pub fn take(&mut self) -> Vec<Effect> {
        std::mem::take(&mut self.0)
    }
}
