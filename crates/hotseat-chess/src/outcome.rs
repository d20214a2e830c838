//! How a game ends: the result in PGN terms, the reason, and the two together, with
//! the words a banner shows.

use std::fmt;

use super::Color;

/// The result of a finished game, in PGN terms.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum GameResult {
    /// `1-0`.
    WhiteWins,
    /// `0-1`.
    BlackWins,
    /// `1/2-1/2`.
    Draw,
}

impl GameResult {
    /// The PGN result token.
    pub const fn pgn(self) -> &'static str {
        match self {
            GameResult::WhiteWins => "1-0",
            GameResult::BlackWins => "0-1",
            GameResult::Draw => "1/2-1/2",
        }
    }

    /// The winner, if any.
    pub const fn winner(self) -> Option<Color> {
        match self {
            GameResult::WhiteWins => Some(Color::White),
            GameResult::BlackWins => Some(Color::Black),
            GameResult::Draw => None,
        }
    }

    /// A win for `color`.
    pub const fn win(color: Color) -> GameResult {
        match color {
            Color::White => GameResult::WhiteWins,
            Color::Black => GameResult::BlackWins,
        }
    }
}

/// Why a game ended.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Reason {
    /// The side to move is checkmated.
    Checkmate,
    /// The side to move has no legal move and is not in check.
    Stalemate,
    /// Neither side can checkmate by any series of legal moves.
    InsufficientMaterial,
    /// The same position occurred five times (automatic).
    FivefoldRepetition,
    /// 75 moves by each side without a capture or pawn move (automatic).
    SeventyFiveMoveRule,
    /// A draw claimed after the same position occurred three times.
    ThreefoldRepetition,
    /// A draw claimed after 50 moves by each side without a capture or pawn move.
    FiftyMoveRule,
    /// The players agreed to a draw.
    Agreement,
    /// A player resigned.
    Resignation,
    /// A player's clock ran out.
    Timeout,
    /// A player's clock ran out, but the opponent could not have checkmated.
    TimeoutWithInsufficientMaterial,
    /// A record gives the result but not the reason (a PGN without a `Termination` tag).
    Unspecified,
}

impl Reason {
    /// Words for a player: `checkmate`, `fivefold repetition`.
    pub const fn describe(self) -> &'static str {
        match self {
            Reason::Checkmate => "checkmate",
            Reason::Stalemate => "stalemate",
            Reason::InsufficientMaterial => "insufficient material",
            Reason::FivefoldRepetition => "fivefold repetition",
            Reason::SeventyFiveMoveRule => "the seventy-five-move rule",
            Reason::ThreefoldRepetition => "threefold repetition",
            Reason::FiftyMoveRule => "the fifty-move rule",
            Reason::Agreement => "agreement",
            Reason::Resignation => "resignation",
            Reason::Timeout => "time",
            Reason::TimeoutWithInsufficientMaterial => "time out with insufficient material",
            Reason::Unspecified => "an unrecorded reason",
        }
    }

    /// Whether a result with this reason is decided by the players or read from a
    /// record rather than from the position: claims, agreement, resignation, time,
    /// and a result a record gives without a reason. Those are taken back on their
    /// own ([`Game::undo`](crate::Game::undo)); the automatic endings go with the move
    /// that brought them.
    pub const fn is_declared(self) -> bool {
        match self {
            Reason::Unspecified
            | Reason::ThreefoldRepetition
            | Reason::FiftyMoveRule
            | Reason::Agreement
            | Reason::Resignation
            | Reason::Timeout
            | Reason::TimeoutWithInsufficientMaterial => true,
            Reason::Checkmate
            | Reason::Stalemate
            | Reason::InsufficientMaterial
            | Reason::FivefoldRepetition
            | Reason::SeventyFiveMoveRule => false,
        }
    }
}

/// How a game ended: the result and the reason.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Outcome {
    /// Who won, or a draw.
    pub result: GameResult,
    /// Why.
    pub reason: Reason,
}

impl Outcome {
    /// A win for `winner`.
    pub const fn win(winner: Color, reason: Reason) -> Outcome {
        Outcome { result: GameResult::win(winner), reason }
    }

    /// A draw.
    pub const fn draw(reason: Reason) -> Outcome {
        Outcome { result: GameResult::Draw, reason }
    }
}

impl fmt::Display for Outcome {
    /// A banner for players: `Checkmate — Black wins 0-1`, `Draw by fivefold repetition`.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let result = self.result.pgn();
        match (self.reason, self.result.winner()) {
            (Reason::Checkmate, Some(w)) => write!(f, "Checkmate — {w} wins {result}"),
            (Reason::Resignation, Some(w)) => write!(f, "{} resigns — {w} wins {result}", !w),
            (Reason::Timeout, Some(w)) => write!(f, "{w} wins on time {result}"),
            (Reason::Unspecified, Some(w)) => write!(f, "{w} wins {result}"),
            (Reason::Unspecified, None) => write!(f, "Draw {result}"),
            (reason, Some(w)) => write!(f, "{w} wins by {} {result}", reason.describe()),
            (Reason::Stalemate, None) => write!(f, "Stalemate — draw {result}"),
            (Reason::TimeoutWithInsufficientMaterial, None) => {
                write!(f, "Draw: time out with insufficient material {result}")
            }
            (reason, None) => write!(f, "Draw by {} {result}", reason.describe()),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn only_results_decided_by_the_players_or_a_record_are_declared() {
        let declared = [
            Reason::Unspecified,
            Reason::ThreefoldRepetition,
            Reason::FiftyMoveRule,
            Reason::Agreement,
            Reason::Resignation,
            Reason::Timeout,
            Reason::TimeoutWithInsufficientMaterial,
        ];
        let automatic = [
            Reason::Checkmate,
            Reason::Stalemate,
            Reason::InsufficientMaterial,
            Reason::FivefoldRepetition,
            Reason::SeventyFiveMoveRule,
        ];
        assert!(declared.iter().all(|r| r.is_declared()));
        assert!(automatic.iter().all(|r| !r.is_declared()));
    }
}
