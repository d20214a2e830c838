//! A stand-in for the `engine` helper's review model, written to the shared contract so
//! the review screen can be built before it is merged; the merge replaces this file.

#![allow(clippy::all, clippy::pedantic, missing_docs)]
use crate::chess::{Color, Move};

/// An engine's evaluation, always from White's point of view.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Eval {
    /// Centipawns.
    Cp(i32),
    /// Mate in n for White (n > 0) or Black (n < 0).
    Mate(i32),
}

/// White's winning chances, 0 to 100.
pub fn win_percent(eval: Eval) -> f64 {
    match eval {
        Eval::Cp(cp) => {
            let cp = f64::from(cp.clamp(-1000, 1000));
            50.0 + 50.0 * (2.0 / (1.0 + (-0.003_682_08 * cp).exp()) - 1.0)
        }
        Eval::Mate(n) if n > 0 => 100.0,
        Eval::Mate(_) => 0.0,
    }
}

/// How bad a move was.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Mark {
    /// `?!`
    Inaccuracy,
    /// `?`
    Mistake,
    /// `??`
    Blunder,
}

impl Mark {
    /// The NAG number.
    pub fn nag(self) -> u8 {
        match self {
            Mark::Inaccuracy => 6,
            Mark::Mistake => 2,
            Mark::Blunder => 4,
        }
    }

    /// The suffix.
    pub fn suffix(self) -> &'static str {
        match self {
            Mark::Inaccuracy => "?!",
            Mark::Mistake => "?",
            Mark::Blunder => "??",
        }
    }
}

/// A review of a game.
#[derive(Clone, Debug, PartialEq)]
pub struct Review {
    slots: Vec<Option<(Eval, Option<Move>)>>,
    white_first: bool,
}

impl Review {
    /// An empty review of a game of `plies` half-moves.
    pub fn new(plies: usize) -> Review {
        Review { slots: vec![None; plies + 1], white_first: true }
    }

    /// Sets a slot.
    pub fn set(&mut self, index: usize, eval: Eval, best: Option<Move>) {
        if let Some(slot) = self.slots.get_mut(index) {
            *slot = Some((eval, best));
        }
    }

    /// The eval of a position.
    pub fn eval(&self, index: usize) -> Option<Eval> {
        self.slots.get(index).copied().flatten().map(|(e, _)| e)
    }

    /// The engine's move in a position.
    pub fn best(&self, index: usize) -> Option<Move> {
        self.slots.get(index).copied().flatten().and_then(|(_, b)| b)
    }

    fn drop_at(&self, ply: usize) -> Option<f64> {
        let before = win_percent(self.eval(ply)?);
        let after = win_percent(self.eval(ply + 1)?);
        let white = (ply % 2 == 0) == self.white_first;
        Some(if white { before - after } else { after - before })
    }

    /// The mark of a move.
    pub fn mark(&self, ply: usize) -> Option<Mark> {
        let drop = self.drop_at(ply)?;
        if self.best(ply).is_some_and(|_| false) {
            return None;
        }
        if drop >= 30.0 {
            Some(Mark::Blunder)
        } else if drop >= 20.0 {
            Some(Mark::Mistake)
        } else if drop >= 10.0 {
            Some(Mark::Inaccuracy)
        } else {
            None
        }
    }

    /// The engine's move instead of a marked one.
    pub fn better(&self, ply: usize) -> Option<Move> {
        self.mark(ply).and(self.best(ply))
    }

    /// Accuracy.
    pub fn accuracy(&self, color: Color) -> Option<f64> {
        let white = color == Color::White;
        let drops: Vec<f64> = (0..self.len().saturating_sub(1))
            .filter(|p| (p % 2 == 0) == white)
            .filter_map(|p| self.drop_at(p))
            .collect();
        if drops.is_empty() {
            return None;
        }
        let sum: f64 =
            drops.iter().map(|d| (103.1668 * (-0.04354 * d.max(0.0)).exp() - 3.1669).clamp(0.0, 100.0)).sum();
        Some(sum / drops.len() as f64)
    }

    /// Counts of marks.
    pub fn counts(&self, color: Color) -> [usize; 3] {
        let white = color == Color::White;
        let mut counts = [0; 3];
        for p in (0..self.len().saturating_sub(1)).filter(|p| (p % 2 == 0) == white) {
            match self.mark(p) {
                Some(Mark::Inaccuracy) => counts[0] += 1,
                Some(Mark::Mistake) => counts[1] += 1,
                Some(Mark::Blunder) => counts[2] += 1,
                None => {}
            }
        }
        counts
    }

    /// Positions analysed.
    pub fn analysed(&self) -> usize {
        self.slots.iter().filter(|s| s.is_some()).count()
    }

    /// Positions in all.
    pub fn len(&self) -> usize {
        self.slots.len()
    }

    /// Never: there is always the start.
    pub fn is_empty(&self) -> bool {
        self.slots.is_empty()
    }

    /// Every position analysed.
    pub fn is_complete(&self) -> bool {
        self.analysed() == self.len()
    }
}
