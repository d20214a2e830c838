//! The world outside the app, as the loop of every face sees it: a [`Host`] that
//! carries out the app's effects, and the steps each loop takes with it (a tick and
//! what the engine brought, the effects of one action with one save, a stop).

use std::time::{Duration, Instant};

use super::seats::{Feeder, Seats};
use crate::app::{Action, App, Effect, Message};

/// What the loop needs from the world outside the app: someone to carry out the
/// app's effects (saving, copying, starting an engine) and to write the game as PGN
/// for the record screen; and, while work it started goes on (an engine reviewing
/// the game), what that work has brought since the loop last asked.
pub trait Host {
    /// Carries out an effect the app asked for; what came of it, if anything, for the
    /// players (a failed save, a copy done).
    fn carry_out(&mut self, app: &App, effect: Effect) -> Option<Message>;

    /// The game as PGN, for the record screen.
    fn pgn(&self, app: &App) -> Option<String>;

    /// Whether work goes on that the loop should ask about ([`Host::poll`]) every
    /// [`POLL_EVERY`] even with no input.
    fn busy(&self) -> bool {
        false
    }

    /// What the work going on has brought since the last call, as actions for the app
    /// (an engine's findings); never waits.
    fn poll(&mut self) -> Vec<Action> {
        Vec::new()
    }

    /// How soon the loop should look again whatever comes, in the game as `app` has
    /// it (an engine's turn: soon, so its search starts and its move shows at once).
    fn next_look(&self, _app: &App) -> Option<Duration> {
        None
    }

    /// Who feeds each seat now: both from here, unless the host has other sources (a
    /// player on another terminal, an engine).
    fn seats(&self) -> Seats {
        Seats::shared()
    }

    /// What the seats fed from elsewhere do in the game as `app` has it (an engine's
    /// move), as actions already checked against the seats; never waits.
    fn play(&mut self, _app: &App, _now: Instant) -> Vec<Action> {
        Vec::new()
    }

    /// The actions an action from here stands for (a take-back against an engine
    /// takes back its answer too); itself, usually.
    fn expand(&self, _app: &App, action: Action) -> Vec<Action> {
        vec![action]
    }

    /// What came from the other sources since the loop last asked, for the game as
    /// `app` has it; never waits. The loop hands it to the app through
    /// [`arrivals`], asking the seats first.
    fn arrived(&mut self, _app: &App) -> Vec<Arrival> {
        Vec::new()
    }

    /// An action from `feeder` was taken by the app (`allowed`) or refused by the
    /// seats; what to show the players instead of the app's own line, if anything.
    fn heard(&mut self, _app: &App, _feeder: Feeder, _action: &Action, _allowed: bool) -> Option<Message> {
        None
    }

    /// The game as it is after a step of the loop, for those who show it elsewhere.
    fn shown(&mut self, _app: &App) {}

    /// Sends a line of chat typed here to the players elsewhere; what to show here,
    /// or `None` when there is nobody elsewhere to say it to (the line is then the
    /// app's, as typed).
    fn say(&mut self, _app: &App, _text: &str) -> Option<Message> {
        None
    }
}

/// What came from another source.
#[derive(Clone, Debug)]
pub enum Arrival {
    /// An action from a source that feeds a seat (or none: a spectator's chat).
    Act(Feeder, Action),
    /// The whole game, as the referee elsewhere has it: a view's app is replaced.
    Replace(Box<App>),
}

/// Hands what came from the host's other sources to the app: each action the seats
/// allow, and a game replaced whole; adds what the app asks for to `effects`. Whether
/// anything came.
pub fn arrivals(app: &mut App, host: &mut impl Host, effects: &mut Effects) -> bool {
    let arrived = host.arrived(app);
    let any = !arrived.is_empty();
    for arrival in arrived {
        match arrival {
            Arrival::Act(feeder, action) => {
                let allowed = host.seats().allows(app, feeder, &action);
                if allowed {
                    effects.add(app.update(action.clone()));
                }
                if let Some(message) = host.heard(app, feeder, &action, allowed) {
                    app.update(Action::Report(message));
                }
            }
            Arrival::Replace(replaced) => *app = *replaced,
        }
    }
    any
}

/// How often the loop asks a [busy](Host::busy) host what its work has brought: often
/// enough for a progress bar to move smoothly, seldom enough to cost nothing.
pub const POLL_EVERY: Duration = Duration::from_millis(100);

/// A host that keeps nothing and copies nothing, for tests and for a game that is not
/// recorded: it counts the effects it was asked for.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Counting {
    /// The effects asked for, oldest first.
    pub effects: Vec<Effect>,
}

impl Host for Counting {
    fn carry_out(&mut self, _app: &App, effect: Effect) -> Option<Message> {
        self.effects.push(effect);
        None
    }

    fn pgn(&self, _app: &App) -> Option<String> {
        None
    }
}

/// The effects the app asked for since the loop last carried them out: those of one
/// action, and of the tick and the engine's reports before it. A save asked for twice
/// (a flag fell, then a move) is one save: the one rule, for every face.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Effects(Vec<Effect>);

impl Effects {
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
}

impl IntoIterator for Effects {
    type Item = Effect;
    type IntoIter = std::vec::IntoIter<Effect>;

    fn into_iter(self) -> Self::IntoIter {
        self.0.into_iter()
    }
}

/// How long the loop may wait for input: until the clocks next change on screen, or
/// until a busy host is next asked what it brought; `None` to wait for input alone.
pub fn wait_limit(app: &App, host: &impl Host, now: Instant) -> Option<Duration> {
    let busy = host.busy().then_some(POLL_EVERY);
    let busy = match (busy, host.next_look(app)) {
        (Some(b), Some(n)) => Some(b.min(n)),
        (b, n) => b.or(n),
    };
    app.until_next_tick(now).map_or(busy, |t| Some(busy.map_or(t, |b| b.min(t))))
}

/// What comes before any input is read: the clocks told the time (a flag that fell
/// before a key counts first, and is saved like a move), and what the host's work
/// brought since. Returns the effects asked for, and whether the work brought anything.
pub fn tick(app: &mut App, host: &mut impl Host, now: Instant) -> (Effects, bool) {
    let mut effects = Effects::default();
    effects.add(app.update(Action::Tick(now)));
    let mut found = reports(app, host, &mut effects);
    for action in host.play(app, now) {
        effects.add(app.update(action));
        found = true;
    }
    (effects, found)
}

/// Hands what the host's work brought to the app, adding what it asks for to
/// `effects`; whether there was anything.
pub fn reports(app: &mut App, host: &mut impl Host, effects: &mut Effects) -> bool {
    let reports = host.poll();
    let any = !reports.is_empty();
    for report in reports {
        effects.add(app.update(report));
    }
    any
}

/// Hands an action from here to the app, if a seat fed from here may take it, as the
/// actions it stands for ([`Host::expand`]); whether the screen changed (it went, or
/// the line under the board now says why not).
pub fn act(app: &mut App, host: &impl Host, action: Action, effects: &mut Effects) -> bool {
    if !host.seats().allows(app, super::Feeder::Here, &action) {
        // Refused because it is the other seat's to do, or because it would change the
        // game without the other's word: said, not dropped silently.
        let turn = app.game().turn();
        let ours = host.seats().feeder(turn) == super::Feeder::Here;
        if super::seats::may(app, turn, &action) && !app.game().is_over() {
            let said = if ours {
                Message::info(super::strings::BY_AGREEMENT)
            } else {
                Message::info(super::strings::not_yours(&app.named(turn)))
            };
            if app.message() != Some(&said) {
                effects.add(app.update(Action::Report(said)));
                return true;
            }
        }
        return false;
    }
    for action in host.expand(app, action) {
        effects.add(app.update(action));
    }
    true
}

/// Carries out one effect; what came of it goes to the app. Whether there was news.
pub fn carry_out_one(app: &mut App, host: &mut impl Host, effect: Effect) -> bool {
    match host.carry_out(app, effect) {
        Some(message) => {
            app.update(Action::Report(message));
            true
        }
        None => false,
    }
}

/// Carries out the effects, in order; whether any brought news for the players.
pub fn carry_out(app: &mut App, host: &mut impl Host, effects: Effects) -> bool {
    let mut news = false;
    for effect in effects {
        news |= carry_out_one(app, host, effect);
    }
    news
}

/// A stop announced ([`Polled::Suspend`](super::Polled::Suspend)): the clocks paused so
/// the time away is nobody's, and a flag that fell just before it recorded and saved,
/// with `effects` still to carry out.
pub fn suspend(app: &mut App, host: &mut impl Host, now: Instant, mut effects: Effects) {
    effects.add(app.update(Action::Suspend(now)));
    carry_out(app, host, effects);
}
