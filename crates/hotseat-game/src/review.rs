//! The review of a finished game: an engine's evaluation of every position, the moves
//! marked as inaccuracies, mistakes and blunders, and each player's accuracy.
//!
//! A pure model over the rules core: it holds what an engine said and works out the
//! rest with lichess's formulas ([`win_percent`], [`Mark`], [`Review::accuracy`]); it
//! runs no process and knows no terminal. The engine that fills it is [`crate::engine`];
//! why that engine could not ([`EngineError`]) is a value kept here, below the app
//! that shows it.
//!
//! ```
//! use hotseat_chess::Color;
//! use hotseat_game::review::{Eval, Mark, Review};
//! let mut review = Review::new(2);
//! review.set(0, Eval::Cp(20), None);
//! review.set(1, Eval::Cp(30), None);
//! review.set(2, Eval::Cp(900), None); // Black's reply throws the game away
//! assert_eq!(review.mark(0), None);
//! assert_eq!(review.mark(1), Some(Mark::Blunder));
//! assert_eq!(review.counts(Color::Black), [0, 0, 1]);
//! ```

mod accuracy;
mod annotate;
mod engine_error;
mod exp;

use std::fmt;

use hotseat_chess::{Color, Game, Move};

pub use annotate::Written;
pub use engine_error::{ENGINE_VARIABLE, EngineError};

/// An engine's evaluation of a position, always from White's point of view.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Eval {
    /// Centipawns: positive is good for White.
    Cp(i32),
    /// Mate in `n` moves: for White if `n > 0`, for Black if `n < 0`. `Mate(0)`: the
    /// side to move is checkmated (the value alone does not say which side that is;
    /// [`Review`] knows it from the position's index).
    Mate(i32),
}

/// The centipawn bound of lichess's model: evaluations beyond it, and every mate, count
/// as this much.
pub const CP_CEILING: i32 = 1000;

/// lichess's slope of winning chances per centipawn (lila pull request 11148).
const SLOPE: f64 = -0.003_682_08;

impl Eval {
    /// The evaluation from the other side's point of view.
    pub fn flipped(self) -> Eval {
        match self {
            Eval::Cp(cp) => Eval::Cp(cp.saturating_neg()),
            Eval::Mate(n) => Eval::Mate(n.saturating_neg()),
        }
    }

    /// The evaluation as centipawns for lichess's model: bounded by [`CP_CEILING`], a
    /// mate as the bound with its sign (`Mate(0)` as 0, since it does not say who).
    pub fn ceiled_cp(self) -> i32 {
        match self {
            Eval::Cp(cp) => cp.clamp(-CP_CEILING, CP_CEILING),
            Eval::Mate(n) => CP_CEILING * n.signum(),
        }
    }

    /// The evaluation as PGN's `[%eval]` command writes it: pawns with two decimals
    /// (`0.35`, `-1.20`) or a mate (`#3`, `#-2`, `#0`).
    pub fn pgn(self) -> String {
        match self {
            Eval::Cp(cp) => {
                let sign = if cp < 0 { "-" } else { "" };
                let abs = cp.unsigned_abs();
                format!("{sign}{}.{:02}", abs / 100, abs % 100)
            }
            Eval::Mate(n) => format!("#{n}"),
        }
    }
}

impl fmt::Display for Eval {
    /// As a player reads it: `+0.35`, `-1.20`, `0.00`, `#3`, `#-2`.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Eval::Cp(cp) if *cp > 0 => write!(f, "+{}", self.pgn()),
            _ => f.write_str(&self.pgn()),
        }
    }
}

/// White's winning chances in percent, 0 to 100, in lichess's model:
/// `50 + 50 * (2 / (1 + exp(-0.00368208 * cp)) - 1)`, with `cp` bounded by ±1000 and a
/// mate counted as ±1000 ([`Eval::ceiled_cp`]).
pub fn win_percent(eval: Eval) -> f64 {
    let cp = f64::from(eval.ceiled_cp());
    let chances = (2.0 / (1.0 + exp::exp(SLOPE * cp)) - 1.0).clamp(-1.0, 1.0);
    50.0 + 50.0 * chances
}

/// The mark of a move by `mover` from a position worth `before` to one worth `after`
/// (both from White's point of view), by lichess's rules: the fall in the mover's
/// winning chances ([`Mark::for_drop`]); a mate allowed where there was none, or the
/// mover's own mate let go, is marked by the evaluation on the other side of it (an
/// inaccuracy beyond 999 centipawns, a mistake beyond 700, else a blunder); a mate that
/// becomes slower is not marked, nor is the move that mates. The one rule the review
/// and the coach judge by.
pub fn mark_move(mover: Color, before: Eval, after: Eval) -> Option<Mark> {
    // From the mover's point of view.
    let pov = |e: Eval| if mover == Color::White { e } else { e.flipped() };
    // The move that mates is never a mistake.
    if after == Eval::Mate(0) {
        return None;
    }
    match (pov(before), pov(after)) {
        (Eval::Cp(_), Eval::Cp(_)) => {
            let chances =
                |e: Eval| if mover == Color::White { win_percent(e) } else { 100.0 - win_percent(e) };
            Mark::for_drop(chances(before) - chances(after))
        }
        // A mate against the mover, where there was none.
        (Eval::Cp(cp), Eval::Mate(n)) if n < 0 => Some(if cp < -999 {
            Mark::Inaccuracy
        } else if cp < -700 {
            Mark::Mistake
        } else {
            Mark::Blunder
        }),
        // The mover's mate let go.
        (Eval::Mate(m), after) if m > 0 && !matches!(after, Eval::Mate(n) if n > 0) => {
            let cp = match after {
                Eval::Cp(cp) => cp,
                Eval::Mate(_) => -CP_CEILING,
            };
            Some(if cp > 999 {
                Mark::Inaccuracy
            } else if cp > 700 {
                Mark::Mistake
            } else {
                Mark::Blunder
            })
        }
        _ => None,
    }
}

/// How bad a move was, by how much it lowered the mover's winning chances.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum Mark {
    /// `?!`: winning chances down by 5 points of 100 or more (lichess's 0.1 on its
    /// -1..+1 scale).
    Inaccuracy,
    /// `?`: down by 10 points or more.
    Mistake,
    /// `??`: down by 15 points or more.
    Blunder,
}

impl Mark {
    /// The three marks, from the mildest.
    pub const ALL: [Mark; 3] = [Mark::Inaccuracy, Mark::Mistake, Mark::Blunder];

    /// The numeric annotation glyph of PGN: `$6`, `$2`, `$4`.
    pub fn nag(self) -> u8 {
        match self {
            Mark::Inaccuracy => 6,
            Mark::Mistake => 2,
            Mark::Blunder => 4,
        }
    }

    /// The suffix a move list shows: `?!`, `?`, `??`.
    pub fn suffix(self) -> &'static str {
        match self {
            Mark::Inaccuracy => "?!",
            Mark::Mistake => "?",
            Mark::Blunder => "??",
        }
    }

    /// The word for it: `inaccuracy`, `mistake`, `blunder`.
    pub fn name(self) -> &'static str {
        match self {
            Mark::Inaccuracy => "inaccuracy",
            Mark::Mistake => "mistake",
            Mark::Blunder => "blunder",
        }
    }

    /// The mark for a fall in the mover's winning chances, in points of 100.
    pub fn for_drop(drop: f64) -> Option<Mark> {
        if drop >= 15.0 {
            Some(Mark::Blunder)
        } else if drop >= 10.0 {
            Some(Mark::Mistake)
        } else if drop >= 5.0 {
            Some(Mark::Inaccuracy)
        } else {
            None
        }
    }

    fn index(self) -> usize {
        match self {
            Mark::Inaccuracy => 0,
            Mark::Mistake => 1,
            Mark::Blunder => 2,
        }
    }
}

/// What the engine said about one position.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
struct Slot {
    eval: Eval,
    best: Option<Move>,
}

/// The review of one game: a slot per position, index 0 the start and index `plies` the
/// position after the last move, filled in any order as the engine answers.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Review {
    /// The side to move in the position at index 0.
    first: Color,
    slots: Vec<Option<Slot>>,
    /// The moves played, when known: the engine's move is no better move when it is
    /// the one played (a shallow search can find its own move worse a ply later).
    played: Vec<Move>,
}

impl Review {
    /// An empty review of a game of `plies` half-moves whose first move is White's.
    pub fn new(plies: usize) -> Review {
        Review::starting(plies, Color::White)
    }

    /// An empty review of a game of `plies` half-moves whose first move is `first`'s.
    pub fn starting(plies: usize, first: Color) -> Review {
        Review { first, slots: vec![None; plies.saturating_add(1)], played: Vec::new() }
    }

    /// An empty review of `game`: its moves, from its start position.
    pub fn of(game: &Game) -> Review {
        Review { played: game.moves().to_vec(), ..Review::starting(game.ply(), game.start().turn()) }
    }

    /// Records the engine's evaluation and move for the position at `index`; an index
    /// past the game's end is ignored.
    pub fn set(&mut self, index: usize, eval: Eval, best: Option<Move>) {
        if let Some(slot) = self.slots.get_mut(index) {
            *slot = Some(Slot { eval, best });
        }
    }

    /// The evaluation of the position at `index`, once the engine has given it.
    pub fn eval(&self, index: usize) -> Option<Eval> {
        self.slot(index).map(|s| s.eval)
    }

    /// The engine's move in the position at `index`.
    pub fn best(&self, index: usize) -> Option<Move> {
        self.slot(index).and_then(|s| s.best)
    }

    /// The side to move in the position at `index`.
    pub fn turn(&self, index: usize) -> Color {
        if index.is_multiple_of(2) { self.first } else { !self.first }
    }

    /// White's winning chances in the position at `index`, 0 to 100 ([`win_percent`];
    /// a checkmated side to move has none).
    pub fn win_percent(&self, index: usize) -> Option<f64> {
        let eval = self.eval(index)?;
        Some(match eval {
            Eval::Mate(0) => match self.turn(index) {
                Color::White => 0.0,
                Color::Black => 100.0,
            },
            _ => win_percent(eval),
        })
    }

    /// The mark of the move from the position at `ply` to the one after, once both are
    /// evaluated: by the fall in the mover's winning chances, with lichess's rules for
    /// mates (a mate allowed or a mate let go is marked by the evaluation on the other
    /// side of it; a slower mate is not marked).
    pub fn mark(&self, ply: usize) -> Option<Mark> {
        mark_move(self.turn(ply), self.eval(ply)?, self.eval(ply.checked_add(1)?)?)
    }

    /// The engine's move instead of a marked one, unless it is the move played.
    pub fn better(&self, ply: usize) -> Option<Move> {
        self.mark(ply)?;
        self.best(ply).filter(|best| self.played.get(ply) != Some(best))
    }

    /// The player's accuracy over the game, 0 to 100, in lichess's model (see
    /// [`Review::move_accuracy`] and docs/review.md): once every position is evaluated and
    /// the player has made a move.
    pub fn accuracy(&self, color: Color) -> Option<f64> {
        if !self.is_complete() {
            return None;
        }
        let wins: Vec<f64> = (0..self.slots.len()).map(|i| self.win_percent(i)).collect::<Option<_>>()?;
        accuracy::game_accuracy(&wins, self.first, color)
    }

    /// The accuracy of the move from the position at `ply`, 0 to 100: lichess's
    /// `103.1668 * exp(-0.04354 * drop) - 3.1669 + 1`, bounded, where `drop` is the
    /// fall in the mover's winning chances.
    pub fn move_accuracy(&self, ply: usize) -> Option<f64> {
        let before = self.win_percent(ply)?;
        let after = self.win_percent(ply.checked_add(1)?)?;
        Some(match self.turn(ply) {
            Color::White => accuracy::move_accuracy(before, after),
            Color::Black => accuracy::move_accuracy(100.0 - before, 100.0 - after),
        })
    }

    /// How many of the player's moves are marked: inaccuracies, mistakes, blunders.
    pub fn counts(&self, color: Color) -> [usize; 3] {
        let mut counts = [0; 3];
        for ply in 0..self.plies() {
            if self.turn(ply) == color
                && let Some(mark) = self.mark(ply)
            {
                counts[mark.index()] += 1;
            }
        }
        counts
    }

    /// How many positions are evaluated.
    pub fn analysed(&self) -> usize {
        self.slots.iter().filter(|s| s.is_some()).count()
    }

    /// How many positions the game has (its plies plus one).
    pub fn len(&self) -> usize {
        self.slots.len()
    }

    /// Never: a game has at least its start position.
    pub fn is_empty(&self) -> bool {
        self.slots.is_empty()
    }

    /// How many moves the game has.
    pub fn plies(&self) -> usize {
        self.slots.len() - 1
    }

    /// Whether every position is evaluated.
    pub fn is_complete(&self) -> bool {
        self.slots.iter().all(Option::is_some)
    }

    fn slot(&self, index: usize) -> Option<&Slot> {
        self.slots.get(index).and_then(Option::as_ref)
    }
}

#[cfg(test)]
mod tests;
