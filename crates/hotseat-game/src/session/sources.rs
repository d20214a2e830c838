//! The session's two other concerns beside carrying out effects: a [`Source`] feeding
//! seats from elsewhere (another terminal, the engine), whose deeds go through the
//! door; and the [`Views`], those elsewhere who are told what happened here (the
//! terminals joined to a hosted game, or, from a view, the host it joined).

use std::time::{Duration, Instant};

use crate::app::{App, Deed, Message, Refusal};
use hotseat_chess::{ByColor, Color};

use super::Feeder;

/// What came from a source since the loop last asked.
#[derive(Clone, Debug)]
pub enum Arrival {
    /// A deed of a seat the source feeds: judged at the door like a key.
    Deed(Feeder, Deed),
    /// What the referee of the game decided, done as it says, without the door: a
    /// view's copy following its host.
    Ruled(Ruling),
    /// Something for the players here to read (a player joined, left; chat).
    News(Message),
    /// The clocks are to stop (`true`) or go on (`false`) whoever is to move: the
    /// player to move went away, or came back.
    HoldClocks(bool),
    /// The game goes on without this terminal: the host ended it, or the link broke.
    Ended,
}

/// What the referee of a game (the host, for a view) decided: the view's copy does it
/// as said.
#[derive(Clone, Debug)]
pub enum Ruling {
    /// `by` did `deed`.
    Did(Deed, Color),
    /// `color`'s flag fell.
    Flag(Color),
    /// The clocks show these times, running or stopped as said.
    Clocks {
        /// Each side's time left.
        left: ByColor<Duration>,
        /// Whether the clocks are paused.
        paused: bool,
    },
    /// The whole game, as the referee has it (on attaching, after a new game).
    Game(Box<App>),
    /// This terminal now plays this seat, or none (a rematch swapped the colours).
    Seat(Option<Color>),
}

/// A source feeding seats from elsewhere: another terminal, the engine.
pub trait Source {
    /// What it did since the loop last asked, in the game as `app` has it at `now`;
    /// never waits.
    fn poll(&mut self, app: &App, now: Instant) -> Vec<Arrival>;

    /// How soon the loop should look again whatever comes (an engine's turn: soon, so
    /// its move shows at once).
    fn next_look(&self, app: &App) -> Option<Duration>;

    /// A deed it fed was refused at the door or by the rules: why, for the one who
    /// asked (another terminal is told on its own screen).
    fn refused(&mut self, app: &App, feeder: Feeder, refusal: Refusal);
}

/// What one step of the loop did, for those elsewhere.
#[derive(Clone, Debug, Default)]
pub struct News {
    /// The deeds done, each with its side and who fed it.
    pub done: Vec<(Deed, Color, Feeder)>,
    /// The deeds this terminal's player asked for that are the referee's to do (on a
    /// view: to send to the host).
    pub sent: Vec<(Deed, Color)>,
}

impl News {
    /// Whether nothing happened.
    pub fn is_empty(&self) -> bool {
        self.done.is_empty() && self.sent.is_empty()
    }
}

/// Those elsewhere who are told what happens here: the terminals joined to a hosted
/// game, or the host a view joined.
pub trait Views {
    /// Tells them what one step did, and the game as it now is; `pgn` writes the whole
    /// game, for a view that needs it whole (one attaching, a new game).
    fn tell(&mut self, app: &App, news: &News, pgn: &dyn Fn() -> Option<String>);

    /// Sends a line of chat typed here; what to show here, or `None` when there is
    /// nobody elsewhere to say it to.
    fn say(&mut self, app: &App, text: &str) -> Option<Message>;
}

/// Another terminal in the game: a source of deeds, and views to tell.
pub trait Elsewhere: Source + Views {
    /// Whether the game's referee is elsewhere (a view's host): the deeds this
    /// terminal's player asks for are sent to it, not done here.
    fn refereed_elsewhere(&self) -> bool;

    /// The seats as they stand now (a view's seat changes with a rematch).
    fn seats(&self) -> super::Seats;

    /// The seats fed from elsewhere that nobody holds now (no player joined, or the
    /// player left): the engine may take them.
    fn open_seats(&self) -> ByColor<bool>;

    /// The engine plays these sides now: a seat it holds is no player's to take.
    fn engine_plays(&mut self, sides: ByColor<bool>);

    /// The copy here went out of step with the referee's game (a ruling could not be
    /// done on it): it asks for the game whole.
    fn out_of_step(&mut self) {}
}
