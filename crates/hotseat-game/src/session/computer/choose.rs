//! hotseat's choice among the engine's lines, for the levels below the engine's own
//! floor: each line is as likely as `exp(-drop / temperature)`, where `drop` is how
//! many centipawns worse than the best line it is; so a worse line is chosen less
//! often, and less often still at a higher level (a lower temperature). Seeded, so a
//! test, or a game replayed with the same seed, chooses the same.

use hotseat_chess::{Move, Position};

use crate::engine::{Line, Score};

/// A small seeded generator (SplitMix64): enough to choose a move, the same for a seed.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Chooser(u64);

impl Chooser {
    /// A chooser with this seed.
    pub const fn seeded(seed: u64) -> Chooser {
        Chooser(seed)
    }

    /// A chooser seeded differently each run.
    pub fn random() -> Chooser {
        let key = std::hash::BuildHasher::hash_one(&std::collections::hash_map::RandomState::new(), 22u8);
        Chooser(key)
    }

    fn next(&mut self) -> u64 {
        self.0 = self.0.wrapping_add(0x9e37_79b9_7f4a_7c15);
        let mut z = self.0;
        z = (z ^ (z >> 30)).wrapping_mul(0xbf58_476d_1ce4_e5b9);
        z = (z ^ (z >> 27)).wrapping_mul(0x94d0_49bb_1331_11eb);
        z ^ (z >> 31)
    }

    /// A number in `[0, 1)`.
    pub fn unit(&mut self) -> f64 {
        (self.next() >> 11) as f64 / (1u64 << 53) as f64
    }

    /// A number below `n` (`n > 0`).
    pub fn below(&mut self, n: usize) -> usize {
        (self.next() % n.max(1) as u64) as usize
    }
}

/// A score as centipawns for ranking lines: a mate beyond any material.
pub fn centipawns(score: Score) -> f64 {
    match score {
        Score::Cp(cp) => f64::from(cp),
        Score::Mate(n) if n > 0 => 100_000.0 - f64::from(n),
        Score::Mate(n) => -100_000.0 - f64::from(n),
    }
}

/// The legal moves of `lines` in `position`, each with its score; lines whose move is
/// not legal there (an engine's slip) are left out, and so are repeats.
pub fn candidates(position: &Position, lines: &[Line]) -> Vec<(Move, Score)> {
    let mut out: Vec<(Move, Score)> = Vec::new();
    for line in lines {
        if let Ok(m) = position.parse_uci(&line.first)
            && !out.iter().any(|(seen, _)| *seen == m)
        {
            out.push((m, line.score));
        }
    }
    out
}

/// Chooses one of `candidates` (the best first, as the engine ranks them) at
/// `temperature` centipawns; `None` when there are none.
pub fn choose(candidates: &[(Move, Score)], temperature: f64, chooser: &mut Chooser) -> Option<Move> {
    let best = candidates.iter().map(|(_, score)| centipawns(*score)).fold(f64::NEG_INFINITY, f64::max);
    let temperature = temperature.max(1.0);
    let weights: Vec<f64> =
        candidates.iter().map(|(_, score)| (-(best - centipawns(*score)) / temperature).exp()).collect();
    let total: f64 = weights.iter().sum();
    if candidates.is_empty() || total.partial_cmp(&0.0) != Some(std::cmp::Ordering::Greater) {
        return candidates.first().map(|(m, _)| *m);
    }
    let mut at = chooser.unit() * total;
    for ((m, _), weight) in candidates.iter().zip(&weights) {
        if at < *weight {
            return Some(*m);
        }
        at -= weight;
    }
    candidates.last().map(|(m, _)| *m)
}

#[cfg(test)]
mod tests {
    use super::*;
    use hotseat_chess::Game;

    fn lines(scores: &[(&str, i32)]) -> Vec<Line> {
        scores
            .iter()
            .zip(1..)
            .map(|((first, cp), rank)| Line { rank, score: Score::Cp(*cp), first: (*first).into(), depth: 5 })
            .collect()
    }

    fn counts(temperature: f64, seed: u64) -> Vec<usize> {
        let game = Game::new();
        let lines = lines(&[("e2e4", 30), ("d2d4", 25), ("b1c3", -20), ("g2g4", -400)]);
        let candidates = candidates(game.position(), &lines);
        let mut chooser = Chooser::seeded(seed);
        let mut counts = vec![0; candidates.len()];
        for _ in 0..2000 {
            let m = choose(&candidates, temperature, &mut chooser).expect("a move");
            counts[candidates.iter().position(|(c, _)| *c == m).expect("one of them")] += 1;
        }
        counts
    }

    #[test]
    fn a_worse_line_is_chosen_less_often_and_less_often_at_a_higher_level() {
        let level1 = counts(300.0, 7);
        let level3 = counts(60.0, 7);
        assert!(level1[0] > level1[2] && level1[2] > level1[3], "{level1:?}");
        assert!(level1[3] > 100, "level 1 throws a rook's worth away now and then: {level1:?}");
        assert!(level3[3] < 5, "level 3 all but never does: {level3:?}");
        assert!(level3[0] > level1[0]);
    }

    #[test]
    fn the_same_seed_chooses_the_same() {
        assert_eq!(counts(150.0, 42), counts(150.0, 42));
        assert_ne!(counts(150.0, 42), counts(150.0, 43));
    }

    #[test]
    fn illegal_and_repeated_lines_are_left_out_and_mates_rank_first() {
        let game = Game::new();
        let mut given = lines(&[("e2e4", 30), ("e2e5", 900), ("e2e4", 10), ("zz", 5)]);
        given.push(Line { rank: 5, score: Score::Mate(-2), first: "f2f3".into(), depth: 5 });
        let found = candidates(game.position(), &given);
        assert_eq!(found.len(), 2, "{found:?}");
        assert!(centipawns(Score::Mate(3)) > centipawns(Score::Cp(5000)));
        assert!(centipawns(Score::Mate(-3)) < centipawns(Score::Cp(-5000)));
        assert!(centipawns(Score::Mate(2)) > centipawns(Score::Mate(3)));
        assert!(choose(&[], 100.0, &mut Chooser::seeded(1)).is_none());
    }
}
