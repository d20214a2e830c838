//! The reference opponents the engine's levels are measured against, shared by the
//! level tests (`tests/binary/levels.rs`) and the ladder bench (`tests/bench/levels.rs`).

use hotseat::chess::{Move, Position, Role};

/// A piece's value to the greedy grabber, in pawns (the king: more than all).
fn value(role: Role) -> u32 {
    match role {
        Role::Pawn => 1,
        Role::Knight | Role::Bishop => 3,
        Role::Rook => 5,
        Role::Queen => 9,
        Role::King => 100,
    }
}

/// The greedy grabber's move, a beginner who takes whatever can be taken: the most
/// valuable piece it can capture, else a check, else a random move. `below(n)` draws a
/// number under `n`.
pub fn greedy(position: &Position, below: &mut impl FnMut(usize) -> usize) -> Move {
    let moves: Vec<Move> = position.legal_moves().iter().copied().collect();
    let taken = |m: Move| {
        if m.is_en_passant() {
            Some(1)
        } else if m.is_castle() {
            None
        } else {
            position.piece_at(m.to()).filter(|p| p.color != position.turn()).map(|p| value(p.role))
        }
    };
    if let Some(most) = moves.iter().filter_map(|&m| taken(m)).max() {
        let best: Vec<Move> = moves.iter().copied().filter(|&m| taken(m) == Some(most)).collect();
        return best[below(best.len())];
    }
    let checks: Vec<Move> = moves
        .iter()
        .copied()
        .filter(|&m| {
            let mut after = position.clone();
            after.play(m);
            after.is_check()
        })
        .collect();
    let pool = if checks.is_empty() { moves } else { checks };
    pool[below(pool.len())]
}
