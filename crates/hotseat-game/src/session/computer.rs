//! The engine across the board: one more source feeding a seat ([`FEEDER`]).
//!
//! One engine process plays the whole game ([`Player`], on a thread of its own). The
//! session asks the engine's [`Bench`] between frames what its seats do
//! ([`Computer::play`]): it starts a search when it is an engine's turn, and when the
//! answer has come, it hands back the move (and, first, an answer to a draw offer, a
//! claim, a resignation) as deeds, each judged at the session's door as a key's would
//! be. Nothing here ever waits on the engine. A search whose position has gone (a
//! take-back, a new game) is stopped and never played.

mod bench;
mod choose;
mod coach;
pub mod levels;
pub mod strings;

use std::path::Path;
use std::time::{Duration, Instant};

use super::Feeder;
use super::sources::Arrival;
use crate::app::{App, Ask, Deed, Message};
use crate::engine::{self, EngineError, Greeting, Player, Reply, Score, Search, Stopper, Timeouts};
use hotseat_chess::{ByColor, Color, Game};

pub use bench::Bench;
pub use choose::{Chooser, candidates, centipawns, choose};
pub use coach::{COACH_TIME, Coach};
pub use levels::{DEFAULT_LEVEL, MAX_LEVEL, MIN_LEVEL, Plan, Strength, plan};

/// The source that feeds the engine's seats.
pub const FEEDER: Feeder = Feeder::Engine;

/// How often the loop looks for the engine's move while it is the engine's turn:
/// often enough that its move shows at once (and its clock is charged no more than
/// its thought), seldom enough to cost nothing.
pub const LOOK_EVERY: Duration = Duration::from_millis(20);

/// The least an engine is given to think when the clock is short.
const LEAST: Duration = Duration::from_millis(20);

/// The engine's evaluation at or below which it accepts a draw offer: a pawn's half
/// worse for it, or a position it stands to lose.
pub const ACCEPTS_DRAW_AT: i32 = -50;

/// The evaluation at or below which an engine that resigns (at its own strength:
/// level 5 and up, or an `--elo` from its floor up) gives up,
/// when its last two searches both say so, or it is mated by force.
pub const RESIGNS_AT: i32 = -1000;

/// The engine offers a draw after its move when its last [`LEVEL_SEARCHES`] searches all
/// found the position level, within this many centipawns either way...
pub const LEVEL_WITHIN: i32 = 15;

/// ... that many searches in a row ...
pub const LEVEL_SEARCHES: usize = 3;

/// ... from this move on (a position level so late is a dead draw, not an opening) ...
pub const OFFERS_FROM_MOVE: u32 = 30;

/// ... and no sooner than this many of its moves after its last offer.
pub const OFFERS_EVERY: usize = 10;

/// The tag that says a coach was on in a game, and for which sides.
pub const COACH_TAG: &str = "Coach";

/// The tag that counts the coach's hints to each side.
pub const HINTS_TAG: &str = "CoachHints";

/// The [`HINTS_TAG`] value: `White 2, Black 0`.
pub fn hints_tag(hints: ByColor<u32>) -> String {
    format!("White {}, Black {}", hints.white, hints.black)
}

/// A hint asked for with no coach in the game.
pub const NO_COACH: &str = strings::NO_COACH;

/// The tags that say who plays each side (PGN's `WhiteType` and `BlackType`:
/// [`PROGRAM`] or [`HUMAN`]), written by the session from the sides the engine plays
/// now, so a game resumed later knows which sides to hand it again.
pub const TYPE_TAGS: ByColor<&str> = ByColor { white: "WhiteType", black: "BlackType" };

/// A [`TYPE_TAGS`] value: the side is the engine's.
pub const PROGRAM: &str = "program";

/// A [`TYPE_TAGS`] value: the side is a person's.
pub const HUMAN: &str = "human";

/// The tag that says at which strength the engine plays ([`Strength::label`]).
pub const STRENGTH_TAG: &str = "EngineStrength";

/// Which sides a saved game says the engine played when it was left, and at which
/// strength (the default level when the tag is missing or unreadable); `None` when
/// it played none.
pub fn played(tags: &crate::records::pgn::Tags) -> Option<(Sides, Strength)> {
    let program = |color: Color| tags.get(TYPE_TAGS[color]).is_some_and(|value| value.trim() == PROGRAM);
    let sides = match (program(Color::White), program(Color::Black)) {
        (true, true) => Sides::Both,
        (true, false) => Sides::White,
        (false, true) => Sides::Black,
        (false, false) => return None,
    };
    let strength =
        tags.get(STRENGTH_TAG).and_then(Strength::from_label).unwrap_or(Strength::Level(DEFAULT_LEVEL));
    Some((sides, strength))
}

/// Which sides the engine plays.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Sides {
    /// White only.
    White,
    /// Black only.
    Black,
    /// Both: two engine seats to watch.
    Both,
}

impl Sides {
    /// The sides, as a tag's value: `White`, `Black`, `both`.
    pub fn name(self) -> &'static str {
        match self {
            Sides::White => "White",
            Sides::Black => "Black",
            Sides::Both => "both",
        }
    }

    /// Which of the two it takes.
    pub fn plays(self) -> ByColor<bool> {
        ByColor { white: self != Sides::Black, black: self != Sides::White }
    }
}

/// A search on its way.
#[derive(Debug)]
struct Thinking {
    id: u64,
    /// The position it is about (see [`key`]).
    key: String,
    /// Its answer, once it came: kept while a question holds the board.
    answer: Option<(Vec<engine::Line>, Option<String>)>,
}

/// The engine's seats, and the engine playing them.
#[derive(Debug)]
pub struct Computer {
    player: Option<Player>,
    /// The engine's name, as it gave it (or its file's name).
    engine: String,
    strength: Strength,
    plan: Plan,
    plays: ByColor<bool>,
    next_id: u64,
    thinking: Option<Thinking>,
    chooser: Chooser,
    /// The engine's own scores of its last searches, newest last.
    scores: Vec<Score>,
    /// The number of moves in the game when it last offered a draw.
    offered_at: Option<usize>,
}

/// The position a search is about: its place in the game and its history since the
/// last capture or pawn move (the position command itself).
pub(crate) fn key(game: &Game) -> String {
    format!("{} {}", game.ply(), engine::position_of(game))
}

/// Why the engine could not take its seat; the players read it through its
/// `Display`, worded by the strings.
#[derive(Debug)]
pub enum StartError {
    /// No engine was found, or it did not start, greet or answer.
    Engine(EngineError),
    /// A rating `engine` cannot be asked to play at: hotseat's own levels go from `min`,
    /// the engine's own (when it has `UCI_Elo`, `engine_elo`) up to `top`.
    OutOfRange {
        /// The engine's name.
        engine: String,
        /// The rating asked for.
        elo: u32,
        /// The lowest rating hotseat's own levels play.
        min: u32,
        /// The highest rating that can be asked for.
        top: i64,
        /// Whether the engine offers `UCI_Elo`.
        engine_elo: bool,
    },
}

impl From<EngineError> for StartError {
    fn from(err: EngineError) -> StartError {
        StartError::Engine(err)
    }
}

impl std::fmt::Display for StartError {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            StartError::Engine(err) => f.write_str(&crate::app::strings::engine_failed(err)),
            StartError::OutOfRange { engine, elo, min, top, engine_elo } => {
                f.write_str(&strings::elo_out_of_range(engine, *elo, *min, *top, *engine_elo))
            }
        }
    }
}

impl std::error::Error for StartError {}

impl Computer {
    /// Starts the engine at `path` for a game from `start` and greets it: called before
    /// the terminal is touched, so a failure is one clear line on a normal terminal.
    pub fn start(
        path: &Path,
        strength: Strength,
        sides: Sides,
        chess960: bool,
        chooser: Chooser,
    ) -> Result<Computer, StartError> {
        Computer::start_stoppable(path, strength, sides, chess960, chooser, &Stopper::default())
    }

    /// [`Computer::start`] on a thread of its own, which `stopper` may end from another
    /// (a hand-over called off, the game closed meanwhile).
    pub fn start_stoppable(
        path: &Path,
        strength: Strength,
        sides: Sides,
        chess960: bool,
        chooser: Chooser,
        stopper: &Stopper,
    ) -> Result<Computer, StartError> {
        let setup = |greeting: &Greeting| {
            let offered = matches!(greeting.option("UCI_Chess960"), Some(engine::EngineOption::Check { .. }));
            if chess960 && offered {
                vec![("UCI_Chess960".to_owned(), "true".to_owned())]
            } else {
                Vec::new()
            }
        };
        let (player, greeting) = Player::start_stoppable(path, Timeouts::default(), setup, stopper)?;
        let engine = greeting.name.clone().unwrap_or_else(|| {
            path.file_name().map_or_else(|| "the engine".to_owned(), |n| n.to_string_lossy().into_owned())
        });
        let plan = plan(strength, &greeting, &engine)?;
        Ok(Computer {
            player: Some(player),
            engine,
            strength,
            plan,
            plays: sides.plays(),
            next_id: 0,
            thinking: None,
            chooser,
            scores: Vec::new(),
            offered_at: None,
        })
    }

    /// How the saved game names the engine's seat: `Stockfish 15.1, level 2`.
    pub fn seat_name(&self) -> String {
        strings::seat_name(&self.engine, &self.strength_said())
    }

    /// The strength as the players are told it: a rating below the engine's floor is
    /// said to be hotseat's own (`800 Elo by hotseat's levels`).
    fn strength_said(&self) -> String {
        let label = self.strength.label();
        if self.plan.made { strings::made_strength(&label) } else { label }
    }

    /// The strength it plays at.
    pub fn strength(&self) -> Strength {
        self.strength
    }

    /// Whether the engine plays `color`.
    pub fn plays(&self, color: Color) -> bool {
        self.plays[color] && self.player.is_some()
    }

    /// Whether it is an engine's turn to think or move in the game as `app` has it.
    pub fn is_due(&self, app: &App) -> bool {
        let game = app.game();
        self.plays(game.turn()) && !game.is_over() && !app.clocks_paused()
    }

    /// Whether its engine was lost (crashed, hung, talked nonsense) and is gone.
    pub fn is_gone(&self) -> bool {
        self.player.is_none()
    }

    /// The engine's process id while it runs (for the tests that it never outlives
    /// hotseat).
    pub fn engine_id(&self) -> Option<u32> {
        self.player.as_ref().and_then(Player::engine_id)
    }

    /// Takes back the sides the engine plays, or, when it plays none, hands it
    /// `side`; says so.
    pub fn hand_over(&mut self, side: Color) -> Message {
        if self.is_gone() {
            return Message::error(strings::ENGINE_GONE);
        }
        if self.plays.white || self.plays.black {
            self.plays = ByColor { white: false, black: false };
            return Message::info(strings::taken_back_from(&self.engine));
        }
        self.plays[side] = true;
        self.playing()
    }

    /// Whether the engine plays any side.
    pub fn plays_any(&self) -> bool {
        self.plays(Color::White) || self.plays(Color::Black)
    }

    /// Says which sides the engine plays.
    pub fn playing(&self) -> Message {
        let sides: Vec<Color> = [Color::White, Color::Black].into_iter().filter(|&c| self.plays(c)).collect();
        Message::info(strings::plays(&sides, &self.engine, &self.strength_said()))
    }

    /// What the engine's seats do now, in the game as `app` has it: starts a search on
    /// an engine's turn, and hands back what a finished one decided. Never waits.
    pub fn play(&mut self, app: &App, now: Instant) -> Vec<Arrival> {
        let mut out = Vec::new();
        let Some(player) = &self.player else { return out };
        for reply in player.poll() {
            match reply {
                Reply::Failed(err) => {
                    self.lost(&err, &mut out);
                    return out;
                }
                Reply::Searched { id, lines, best } => {
                    if let Some(thinking) = self.thinking.as_mut().filter(|t| t.id == id) {
                        thinking.answer = Some((lines, best));
                    }
                }
            }
        }
        let game = app.game();
        let turn = game.turn();
        if !self.plays(turn) || game.is_over() || app.clocks_paused() {
            if self.thinking.take().is_some() {
                player.cancel();
            }
            return out;
        }
        let key = key(game);
        if self.thinking.as_ref().is_some_and(|t| t.key != key) {
            // The position it thought about has gone (taken back).
            self.thinking = None;
        }
        let Some(thinking) = &mut self.thinking else {
            self.search(app, key, now);
            return out;
        };
        let Some((lines, best)) = thinking.answer.take() else { return out };
        // A question of the players' own (who resigns, a new game): the move waits.
        if app.question().is_some_and(|question| question.asked().is_none()) {
            thinking.answer = Some((lines, best));
            return out;
        }
        self.thinking = None;
        self.decide(app, &lines, best.as_deref(), &mut out);
        out
    }

    /// Starts thinking at once when it is an engine's turn and no search about this
    /// position is on its way: called as soon as a move is made, so the search does not
    /// wait for the loop's next look. Never waits.
    pub fn think(&mut self, app: &App, now: Instant) {
        if self.player.is_none() || !self.is_due(app) {
            return;
        }
        let key = key(app.game());
        if self.thinking.as_ref().is_some_and(|thinking| thinking.key == key) {
            return;
        }
        self.search(app, key, now);
    }

    /// Has `wake` called on the engine's thread whenever its answer is ready, so the
    /// loop shows it when it comes.
    pub fn wake_with(&self, wake: super::Waker) {
        if let Some(player) = &self.player {
            player.wake_with(wake);
        }
    }

    fn search(&mut self, app: &App, key: String, now: Instant) {
        let Some(player) = &self.player else { return };
        let turn = app.game().turn();
        // Within its time: a thirtieth of what is left, never more than the level's.
        let movetime =
            app.clocks().filter(|clocks| clocks.is_timing()).map_or(self.plan.movetime, |clocks| {
                (clocks.remaining(turn, now) / 30).clamp(LEAST, self.plan.movetime)
            });
        self.next_id += 1;
        player.search(Search {
            id: self.next_id,
            options: self.plan.options.clone(),
            position: engine::position_of(app.game()),
            movetime,
            depth: self.plan.depth,
        });
        self.thinking = Some(Thinking { id: self.next_id, key, answer: None });
    }

    /// Turns a finished search into deeds: an answer to a draw offer, a claim or a
    /// resignation where the rules above allow them, else a move.
    fn decide(&mut self, app: &App, lines: &[engine::Line], best: Option<&str>, out: &mut Vec<Arrival>) {
        let deed = |deed: Deed| Arrival::Deed(FEEDER, deed);
        let score = lines.first().map(|line| line.score);
        if let Some(score) = score {
            self.scores.push(score);
            if self.scores.len() > 4 {
                self.scores.remove(0);
            }
        }
        let cp = score.map(centipawns);
        // Said last, so that what the answer and the move say does not hide it.
        let mut answered = None;
        let turn = app.game().turn();
        if app.asked().is_some_and(|asked| asked.what == Ask::Draw && asked.by != turn) {
            let accepts = cp.is_some_and(|cp| cp <= f64::from(ACCEPTS_DRAW_AT));
            out.push(deed(Deed::Answer(accepts)));
            let said = Arrival::News(Message::info(strings::draw_answer(&self.engine, accepts)));
            if accepts {
                out.push(said);
                return;
            }
            answered = Some(said);
        }
        self.decide_move(app, lines, best, cp, out);
        out.extend(answered);
    }

    /// The move, or a resignation or a claim instead, where the rules above allow them.
    fn decide_move(
        &mut self,
        app: &App,
        lines: &[engine::Line],
        best: Option<&str>,
        cp: Option<f64>,
        out: &mut Vec<Arrival>,
    ) {
        let deed = |deed: Deed| Arrival::Deed(FEEDER, deed);
        let game = app.game();
        if self.plan.resigns && self.hopeless() {
            out.push(deed(Deed::Resign(game.turn())));
            out.push(Arrival::News(Message::info(strings::resigns(&self.engine))));
            return;
        }
        if game.claimable_draw().is_some() && cp.is_some_and(|cp| cp <= 0.0) {
            out.push(deed(Deed::Claim));
            return;
        }
        let position = game.position();
        let found = candidates(position, lines);
        // A beginner's random move, among the choices the engine's lines offer: never in
        // place of a mate the engine saw (even the weakest level takes a mate in one, so
        // it beats a player who never tries), and never where the engine gave one line
        // only (an engine without MultiPV: its best is played).
        let sees_mate = lines.first().is_some_and(|line| matches!(line.score, Score::Mate(n) if n > 0));
        let chosen = if self.plan.random > 0
            && found.len() >= 2
            && !sees_mate
            && self.chooser.below(1000) < self.plan.random as usize
        {
            let moves = position.legal_moves();
            moves.get(self.chooser.below(moves.len())).copied()
        } else if let Some(temperature) = self.plan.temperature {
            choose(&found, temperature, &mut self.chooser)
        } else {
            None
        };
        let chosen = chosen
            .or_else(|| best.and_then(|text| position.parse_uci(text).ok()))
            .or_else(|| found.first().map(|(m, _)| *m));
        if let Some(m) = chosen {
            out.push(deed(Deed::Move(m, None)));
            if self.offers_draw(game, m) {
                // Made with the move: asked of the player to move once it is played (a
                // move declines it).
                out.push(deed(Deed::Offer));
            }
        } else {
            let said = best
                .map_or_else(|| "no move".to_owned(), |b| crate::printable::printable(b, 20).into_owned());
            self.lost(&EngineError::Garbage(format!("{said} as its move")), out);
        }
    }

    /// Whether the engine offers a draw with its move `m`: the position dead level by
    /// its last searches late in the game, no offer of its own for a while, and the
    /// game not over with the move.
    fn offers_draw(&mut self, game: &Game, m: hotseat_chess::Move) -> bool {
        let level = |score: &Score| matches!(score, Score::Cp(cp) if cp.abs() <= LEVEL_WITHIN);
        let lately = self.scores.iter().rev().take(LEVEL_SEARCHES);
        let dead_level = self.scores.len() >= LEVEL_SEARCHES && lately.clone().all(level);
        let late = game.position().fullmoves() >= OFFERS_FROM_MOVE;
        let ply = game.ply() + 1;
        // A game taken back before the offer, or a new one, may have one again.
        let quiet = self.offered_at.is_none_or(|at| ply <= at || ply >= at + 2 * OFFERS_EVERY);
        let mut after = game.clone();
        if !(dead_level && late && quiet) || after.try_play(m).is_err() || after.is_over() {
            return false;
        }
        self.offered_at = Some(ply);
        true
    }

    /// Whether the engine's last two searches both found it lost.
    fn hopeless(&self) -> bool {
        let lost = |score: &Score| match score {
            Score::Mate(n) => *n < 0,
            Score::Cp(cp) => *cp <= RESIGNS_AT,
        };
        let last_two = self.scores.iter().rev().take(2);
        self.scores.len() >= 2 && last_two.clone().all(lost)
            || self.scores.last().is_some_and(|s| matches!(s, Score::Mate(n) if *n < 0))
    }

    /// The engine is gone: its seats go back to the players here.
    fn lost(&mut self, why: &EngineError, out: &mut Vec<Arrival>) {
        self.player = None;
        self.thinking = None;
        self.plays = ByColor { white: false, black: false };
        out.push(Arrival::News(Message::error(strings::engine_lost(&self.engine, why))));
    }
}
