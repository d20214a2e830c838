//! The text of the UCI protocol, both ways: the commands sent, and a tolerant reading of
//! the `info` and `bestmove` lines that come back. Moves are written and read in
//! coordinates by the core ([`Position::uci`], [`Position::parse_uci`]).

use std::fmt::Write as _;

use crate::review::Eval;
use hotseat_chess::{Game, Position};

use super::Limit;

/// A score as the engine gives it: from the side to move's point of view.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Score {
    /// Centipawns.
    Cp(i32),
    /// Mate in `n` moves for the side to move (`n < 0`: it is mated in `-n`).
    Mate(i32),
}

impl Score {
    /// The score from White's point of view, in a position where `position` is to move.
    pub fn eval(self, position: &Position) -> Eval {
        let eval = match self {
            Score::Cp(cp) => Eval::Cp(cp),
            Score::Mate(n) => Eval::Mate(n),
        };
        match position.turn() {
            hotseat_chess::Color::White => eval,
            hotseat_chess::Color::Black => eval.flipped(),
        }
    }
}

/// What an `info` line says that matters to a review; the rest is skipped.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Info {
    /// `depth`.
    pub depth: Option<u32>,
    /// `multipv` (1 when absent).
    pub multipv: u32,
    /// `score cp N` or `score mate N`.
    pub score: Option<Score>,
    /// Whether the score is only a bound (`lowerbound`, `upperbound`).
    pub bound: bool,
    /// The first move of `pv`, as written.
    pub pv_first: Option<String>,
}

/// The numbers an engine may print, within reason: a score beyond ±10^7 centipawns or a
/// mate beyond 10^4 moves is nonsense, and so is a mate in 0 (`mate 0`, `mate -0`): the
/// engine is only asked about positions with moves to play, and the review says itself
/// which positions are mated.
const MAX_CP: i64 = 10_000_000;
const MAX_MATE: i64 = 10_000;

/// Reads an `info` line, or `None` for any other line. Unknown fields, and fields
/// whose values are missing or not numbers, are skipped.
pub fn parse_info(line: &str) -> Option<Info> {
    let mut tokens = line.split_whitespace();
    if tokens.next()? != "info" {
        return None;
    }
    let mut info = Info { multipv: 1, ..Info::default() };
    let tokens: Vec<&str> = tokens.collect();
    let mut i = 0;
    while i < tokens.len() {
        match tokens[i] {
            // The rest of the line is free text.
            "string" => break,
            "depth" => {
                info.depth = tokens.get(i + 1).and_then(|t| t.parse().ok());
                i += 2;
            }
            "multipv" => {
                info.multipv = tokens.get(i + 1).and_then(|t| t.parse().ok()).unwrap_or(1);
                i += 2;
            }
            "score" => {
                let value = tokens.get(i + 2).and_then(|t| t.parse::<i64>().ok());
                info.score = match (tokens.get(i + 1).copied(), value) {
                    (Some("cp"), Some(cp)) if cp.abs() <= MAX_CP => Some(Score::Cp(cp as i32)),
                    (Some("mate"), Some(n)) if n != 0 && n.abs() <= MAX_MATE => Some(Score::Mate(n as i32)),
                    _ => info.score,
                };
                i += 3;
            }
            "lowerbound" | "upperbound" => {
                info.bound = true;
                i += 1;
            }
            "pv" => {
                info.pv_first = tokens.get(i + 1).map(|t| (*t).to_owned());
                break;
            }
            _ => i += 1,
        }
    }
    Some(info)
}

/// Reads a `bestmove` line: `Some(Some(move))`, `Some(None)` for `(none)` or `0000` (no
/// move in the position), `None` for any other line.
pub fn parse_bestmove(line: &str) -> Option<Option<&str>> {
    let mut tokens = line.split_whitespace();
    if tokens.next()? != "bestmove" {
        return None;
    }
    Some(tokens.next().filter(|m| !matches!(*m, "(none)" | "0000" | "none")))
}

/// Reads an `option name NAME type spin default D min A max B` line: the option's name
/// and its largest value, or `None` for any other line (other option types included).
pub(super) fn parse_spin_option(line: &str) -> Option<(&str, u64)> {
    let rest = line.trim().strip_prefix("option name ")?;
    let (name, rest) = rest.split_once(" type ")?;
    let mut tokens = rest.split_whitespace();
    if tokens.next()? != "spin" {
        return None;
    }
    let mut max = None;
    while let Some(token) = tokens.next() {
        if token == "max" {
            max = tokens.next().and_then(|t| t.parse().ok());
        }
    }
    Some((name.trim(), max?))
}

/// `position fen FEN moves ...` for the position after `index` moves of `game`: the
/// position after the last capture or pawn move before it (or the start), and the
/// moves since, which is all the history the engine needs to see repetitions. So the
/// command stays short (the draw rules bound it to 150 moves) however long the game,
/// and a whole game's commands take linear time.
pub(super) fn position_command(game: &Game, index: usize) -> String {
    let index = index.min(game.moves().len());
    let Some(target) = game.position_at(index) else { return format!("position fen {}", game.start().fen()) };
    let from = index.saturating_sub(target.halfmoves() as usize);
    let from_position = game.position_at(from).unwrap_or_else(|| game.start());
    let mut command = format!("position fen {}", from_position.fen());
    let moves = &game.moves()[from..index];
    if !moves.is_empty() {
        command.push_str(" moves");
        for (ply, m) in moves.iter().enumerate() {
            let position = game.position_at(from + ply).unwrap_or_else(|| game.start());
            let _ = write!(command, " {}", position.uci(*m));
        }
    }
    command
}

/// `go depth N` or `go movetime MS`.
pub(super) fn go_command(limit: Limit) -> String {
    match limit {
        Limit::Depth(depth) => format!("go depth {}", depth.max(1)),
        Limit::MoveTime(time) => format!("go movetime {}", time.as_millis().max(1)),
    }
}

/// The verdict of a search: the deepest exact score of the first line, or a bound when
/// nothing better came.
#[derive(Debug, Default)]
pub(super) struct Verdict {
    pub(super) score: Option<Score>,
    pub(super) depth: u32,
    pub(super) exact: bool,
    pub(super) pv_first: Option<String>,
}

impl Verdict {
    /// Takes in one `info` line.
    pub(super) fn note(&mut self, info: Info) {
        let Some(score) = info.score else { return };
        if info.multipv != 1 {
            return;
        }
        let depth = info.depth.unwrap_or(0);
        // An exact score replaces a bound, and a deeper or later one of its own kind; a
        // bound never replaces an exact score.
        let better = if info.bound { !self.exact } else { !self.exact || depth >= self.depth };
        if better {
            self.score = Some(score);
            self.depth = depth;
            self.exact = !info.bound;
            if info.pv_first.is_some() {
                self.pv_first = info.pv_first;
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn info_lines_are_read_tolerantly() {
        let info =
            parse_info("info depth 12 seldepth 18 multipv 1 score cp -35 nodes 1234 nps 100 pv e7e5 g1f3")
                .expect("an info line");
        assert_eq!(info.depth, Some(12));
        assert_eq!(info.score, Some(Score::Cp(-35)));
        assert_eq!(info.pv_first.as_deref(), Some("e7e5"));
        assert!(!info.bound);
        let mate = parse_info("info depth 5 score mate -3 lowerbound pv h7h8").expect("an info line");
        assert_eq!(mate.score, Some(Score::Mate(-3)));
        assert!(mate.bound);
        assert_eq!(parse_info("info string score cp 900"), Some(Info { multipv: 1, ..Info::default() }));
        assert_eq!(parse_info("info depth"), Some(Info { multipv: 1, ..Info::default() }));
        assert_eq!(parse_info("info score cp"), Some(Info { multipv: 1, ..Info::default() }));
        assert_eq!(parse_info("info score cp 99999999999999999999").expect("info").score, None);
        assert_eq!(parse_info("info score banana 3").expect("info").score, None);
        assert_eq!(parse_info("informal"), None);
        assert_eq!(parse_info(""), None);
        assert_eq!(parse_info("bestmove e2e4"), None);
    }

    #[test]
    fn bestmove_lines_are_read_tolerantly() {
        assert_eq!(parse_bestmove("bestmove e2e4 ponder e7e5"), Some(Some("e2e4")));
        assert_eq!(parse_bestmove("bestmove (none)"), Some(None));
        assert_eq!(parse_bestmove("bestmove"), Some(None));
        assert_eq!(parse_bestmove("bestmoves e2e4"), None);
    }

    #[test]
    fn scores_turn_to_whites_point_of_view() {
        let mut game = Game::new();
        game.play_san("e4").expect("legal");
        assert_eq!(Score::Cp(30).eval(game.start()), Eval::Cp(30));
        assert_eq!(Score::Cp(30).eval(game.position()), Eval::Cp(-30));
        assert_eq!(Score::Mate(-2).eval(game.position()), Eval::Mate(2));
    }

    #[test]
    fn commands_carry_the_moves_since_the_last_capture_or_pawn_move() {
        let mut game = Game::new();
        for san in ["Nf3", "Nf6", "Ng1", "Ng8", "e4", "e5", "Nf3", "Nc6"] {
            game.play_san(san).expect("legal");
        }
        let start = game.start().fen();
        assert_eq!(position_command(&game, 0), format!("position fen {start}"));
        assert_eq!(position_command(&game, 4), format!("position fen {start} moves g1f3 g8f6 f3g1 f6g8"));
        let after_e5 = game.position_at(6).expect("ply 6").fen();
        assert_eq!(position_command(&game, 6), format!("position fen {after_e5}"));
        assert_eq!(position_command(&game, 8), format!("position fen {after_e5} moves g1f3 b8c6"));
        assert_eq!(position_command(&game, 99), position_command(&game, 8));
        assert_eq!(go_command(Limit::Depth(12)), "go depth 12");
        assert_eq!(go_command(Limit::MoveTime(std::time::Duration::from_millis(250))), "go movetime 250");
    }

    #[test]
    fn a_long_game_gives_short_commands() {
        // A seeded random game, as long as it lasts (the draw rules end it).
        let mut game = Game::new();
        let mut seed: u64 = 0x9e37_79b9_7f4a_7c15;
        while !game.is_over() && game.ply() < 2000 {
            let moves = game.position().legal_moves();
            seed = seed.wrapping_mul(6_364_136_223_846_793_005).wrapping_add(1_442_695_040_888_963_407);
            let m = moves[(seed >> 33) as usize % moves.len()];
            game.play(m);
        }
        assert!(game.ply() > 200, "{}", game.ply());
        let longest = (0..=game.ply()).map(|i| position_command(&game, i).len()).max().expect("some");
        // At most 150 moves of at most 5 characters since the last capture or pawn move.
        assert!(longest <= "position fen  moves".len() + 90 + 150 * 6, "{longest}");
    }

    #[test]
    fn the_verdict_prefers_deep_exact_scores() {
        let mut verdict = Verdict::default();
        for line in [
            "info depth 1 score cp 10 pv e2e4",
            "info depth 2 score cp 50 lowerbound pv d2d4",
            "info depth 2 multipv 2 score cp -300 pv a2a3",
            "info depth 2 score cp 20 pv g1f3",
            "info depth 3 score cp 90 upperbound pv c2c4",
        ] {
            verdict.note(parse_info(line).expect("info"));
        }
        assert_eq!(verdict.score, Some(Score::Cp(20)));
        assert_eq!(verdict.depth, 2);
        assert_eq!(verdict.pv_first.as_deref(), Some("g1f3"));
    }

    #[test]
    fn spin_options_give_their_name_and_largest_value() {
        let hash = "option name Hash type spin default 16 min 1 max 33554432";
        assert_eq!(parse_spin_option(hash), Some(("Hash", 33_554_432)));
        let threads = "option name Threads type spin default 1 min 1 max 1024";
        assert_eq!(parse_spin_option(threads), Some(("Threads", 1024)));
        assert_eq!(
            parse_spin_option("option name Move Overhead type spin default 10 min 0 max 5000"),
            Some(("Move Overhead", 5000))
        );
        assert_eq!(parse_spin_option("option name UCI_Chess960 type check default false"), None);
        assert_eq!(parse_spin_option("option name Hash type spin default 16"), None, "no max");
        assert_eq!(parse_spin_option("id name Stockfish"), None);
    }
}
