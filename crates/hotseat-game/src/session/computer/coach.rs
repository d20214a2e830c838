//! The coach: a second engine, at full strength for a short time a position, that
//! follows the game in the background and, after each move of a coached side, says
//! how good it was in lichess's terms (best, good, inaccuracy, mistake, blunder: judged
//! by the review's own rule, [`mark_move`], mates and all) with the better move, and
//! the mate it was when there was one ("g4# was mate");
//! and gives a hint before a move when asked (once a move, counted). It never
//! delays a move: it thinks about each position as it comes, and its verdict comes
//! when it is ready.

use std::collections::{HashMap, VecDeque};
use std::path::Path;
use std::time::Duration;

use super::StartError;
use super::{key, strings};
use crate::app::{Action, App, Message};
use crate::engine::{self, Player, Reply, Search, Timeouts};
use crate::review::{Eval, mark_move};
use hotseat_chess::{ByColor, Color, Game, Move};

/// How long the coach thinks about each position.
pub const COACH_TIME: Duration = Duration::from_millis(300);

/// The most positions the coach keeps what it found about.
const MAX_KNOWN: usize = 4096;

/// What the coach found about one position.
#[derive(Clone, Copy, Debug)]
struct Found {
    /// From White's point of view.
    eval: Eval,
    best: Option<Move>,
}

/// The coach of one game.
#[derive(Debug)]
pub struct Coach {
    player: Option<Player>,
    engine: String,
    sides: ByColor<bool>,
    known: HashMap<String, Found>,
    /// Positions waiting for the engine: their key and the game up to them.
    queue: VecDeque<(String, Game)>,
    /// The search on its way: its number, and the position's key and game.
    searching: Option<(u64, String, Game)>,
    next_id: u64,
    /// The positions after a move already judged.
    judged: Vec<String>,
    /// A hint asked for in the position with this key, to give once it is known.
    wanted: Option<String>,
    /// The positions a hint was given in.
    hinted: Vec<String>,
    hints: ByColor<u32>,
    /// The sides the engine plays at the board: their moves are not judged.
    engine_plays: ByColor<bool>,
}

impl Coach {
    /// Starts the coach's engine at `path` for the sides in `sides` (before the
    /// terminal is touched).
    pub fn start(path: &Path, sides: ByColor<bool>, chess960: bool) -> Result<Coach, StartError> {
        let (player, greeting) = Player::start(path, Timeouts::default(), |greeting| {
            let offered = greeting.option("UCI_Chess960").is_some();
            if chess960 && offered {
                vec![("UCI_Chess960".to_owned(), "true".to_owned())]
            } else {
                Vec::new()
            }
        })?;
        Ok(Coach {
            player: Some(player),
            engine: greeting.name.unwrap_or_else(|| "the engine".to_owned()),
            sides,
            known: HashMap::new(),
            queue: VecDeque::new(),
            searching: None,
            next_id: 0,
            judged: Vec::new(),
            wanted: None,
            hinted: Vec::new(),
            hints: ByColor { white: 0, black: 0 },
            engine_plays: ByColor { white: false, black: false },
        })
    }

    /// Which sides it coaches.
    pub fn sides(&self) -> ByColor<bool> {
        self.sides
    }

    /// The hints given to each side so far.
    pub fn hints(&self) -> ByColor<u32> {
        self.hints
    }

    /// Tells it which sides the engine plays now: a coach judges a person's moves, not
    /// the engine's (a coached side handed to the engine is not coached meanwhile).
    pub fn set_engine_sides(&mut self, sides: ByColor<bool>) {
        self.engine_plays = sides;
    }

    /// A new game: no move of it judged, no hint given in it yet. What it found about
    /// positions still holds.
    pub fn new_game(&mut self) {
        self.judged.clear();
        self.hinted.clear();
        self.wanted = None;
        self.hints = ByColor { white: 0, black: 0 };
    }

    /// The coach engine's process id while it runs.
    pub fn engine_id(&self) -> Option<u32> {
        self.player.as_ref().and_then(Player::engine_id)
    }

    /// What the coach has to say now about the game as `app` has it, as reports for
    /// the players; it queues the positions it must think about. Never waits.
    pub fn play(&mut self, app: &App) -> Vec<Action> {
        let mut out = Vec::new();
        let Some(player) = &self.player else { return out };
        for reply in player.poll() {
            match reply {
                Reply::Failed(err) => {
                    self.player = None;
                    out.push(Action::Report(Message::error(strings::coach_lost(&err))));
                    return out;
                }
                Reply::Searched { id, lines, best } => {
                    let Some((_, key, game)) = self.searching.take_if(|(searching, ..)| *searching == id)
                    else {
                        continue;
                    };
                    let position = game.position();
                    let Some(score) = lines.first().map(|line| line.score) else { continue };
                    let best = best.and_then(|text| position.parse_uci(&text).ok());
                    if self.known.len() >= MAX_KNOWN {
                        self.known.clear();
                    }
                    self.known.insert(key, Found { eval: score.eval(position), best });
                }
            }
        }
        let game = app.game();
        // The engine's move is set aside as it comes, while the engine still plays its
        // side: an engine lost a moment later must not have its last move judged.
        let mover = !game.turn();
        if game.ply() > 0 && self.engine_plays[mover] {
            let after = key(game);
            if !self.judged.contains(&after) {
                self.judged.push(after);
            }
        }
        if !game.is_over() {
            self.want(game.clone());
        }
        // The last move, and the one before it: an answer played at once (an engine's)
        // must not hide the verdict on the move it answered.
        let mut earlier = game.clone();
        if earlier.declared().is_none()
            && earlier.undo().is_some()
            && let Some(verdict) = self.verdict(&earlier)
        {
            out.push(Action::Remark { after: earlier.ply(), message: Message::info(verdict) });
        }
        if let Some(verdict) = self.verdict(game) {
            out.push(Action::Remark { after: game.ply(), message: Message::info(verdict) });
        }
        if let Some(hint) = self.wanted.clone().and_then(|wanted| self.hint_now(game, &wanted)) {
            out.push(Action::Report(hint));
        }
        self.next_search();
        out
    }

    /// The verdict on the last move, once the coach knows the positions before and
    /// after it, if a coached side played it and it was not judged yet.
    fn verdict(&mut self, game: &Game) -> Option<String> {
        let ply = game.ply().checked_sub(1)?;
        let mover = !game.turn();
        if !self.sides[mover] || self.engine_plays[mover] || game.declared().is_some() {
            return None;
        }
        let after_key = key(game);
        if self.judged.contains(&after_key) {
            return None;
        }
        self.want(game.clone());
        let mut before = game.clone();
        before.undo()?;
        let before_key = key(&before);
        let (Some(was), Some(now)) =
            (self.known.get(&before_key).copied(), self.known.get(&after_key).copied())
        else {
            self.want(before);
            return None;
        };
        self.judged.push(after_key);
        let played = *game.moves().get(ply)?;
        let label = game.label(ply)?;
        let better = was.best.filter(|&best| best != played).map(|best| before.position().san(best));
        // The mate the mover had, in moves, if the coach saw one.
        let mate = match was.eval {
            Eval::Mate(n) if (n > 0) == (mover == Color::White) && n != 0 => Some(n.unsigned_abs()),
            _ => None,
        };
        let judged = match (mark_move(mover, was.eval, now.eval), &better) {
            (Some(mark), _) => mark.name(),
            (None, None) => "the best move",
            (None, Some(_)) => "good",
        };
        Some(strings::verdict(&label, judged, better.as_deref(), mate))
    }

    /// Asks the coach about `game`'s position, unless it knows it or will.
    fn want(&mut self, game: Game) {
        let key = key(&game);
        let waiting = self.queue.iter().any(|(queued, _)| *queued == key)
            || self.searching.as_ref().is_some_and(|(_, searching, _)| *searching == key);
        if !waiting && !self.known.contains_key(&key) {
            self.queue.push_back((key, game));
            // Positions long gone from the board (two engines playing fast) are no
            // use to anyone: only the latest few wait.
            if self.queue.len() > 4 {
                self.queue.pop_front();
            }
        }
    }

    fn next_search(&mut self) {
        let Some(player) = &self.player else { return };
        if self.searching.is_some() {
            return;
        }
        // The position on the board first: a hint may be waiting for it.
        let Some((key, game)) = self.queue.pop_back() else { return };
        self.next_id += 1;
        player.search(Search {
            id: self.next_id,
            options: Vec::new(),
            position: engine::position_of(&game),
            movetime: COACH_TIME,
            depth: None,
        });
        self.searching = Some((self.next_id, key, game));
    }

    /// A hint asked for (the `hint` command): the coach's move for the side to move,
    /// once a move; said at once if the coach knows it, else when it does.
    pub fn hint(&mut self, app: &App) -> Message {
        let game = app.game();
        let turn = game.turn();
        if self.player.is_none() {
            return Message::error(strings::COACH_GONE);
        }
        if !self.sides[turn] {
            return Message::error(strings::not_coached(turn));
        }
        if self.engine_plays[turn] {
            return Message::error(strings::no_hint_for_the_engine(turn));
        }
        if game.is_over() {
            return Message::error(strings::NO_HINT_GAME_OVER);
        }
        let key = key(game);
        if self.hinted.contains(&key) {
            return Message::error(strings::ONE_HINT_A_MOVE);
        }
        self.hinted.push(key.clone());
        self.hints[turn] += 1;
        self.want(game.clone());
        self.hint_now(game, &key).unwrap_or_else(|| {
            self.wanted = Some(key);
            Message::info(strings::HINT_COMING)
        })
    }

    /// The hint for the position `key`, if it is still on the board and known.
    fn hint_now(&mut self, game: &Game, wanted: &str) -> Option<Message> {
        if key(game) != wanted {
            // The move was made before the hint came: it is no use now.
            self.wanted = None;
            return None;
        }
        let found = self.known.get(wanted)?;
        self.wanted = None;
        let best = found.best?;
        Some(Message::info(strings::hint(&game.position().san(best), &self.engine)))
    }
}
