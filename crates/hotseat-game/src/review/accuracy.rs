//! lichess's accuracy: of a move, from the fall in the mover's winning chances, and of
//! a game, as the mean of a volatility-weighted mean and a harmonic mean of the moves'.

use hotseat_chess::Color;

/// The accuracy of a move that takes the mover's winning chances from `before` to
/// `after` (both 0 to 100, the mover's): 100 when they do not fall, else
/// `103.1668100711649 * exp(-0.04354415386753951 * drop) - 3.166924740191411`, plus 1
/// for the engine's own uncertainty, bounded to 0..=100.
pub(super) fn move_accuracy(before: f64, after: f64) -> f64 {
    if after >= before {
        return 100.0;
    }
    let drop = before - after;
    let raw =
        103.166_810_071_164_9 * super::exp::exp(-0.043_544_153_867_539_51 * drop) - 3.166_924_740_191_411;
    (raw + 1.0).clamp(0.0, 100.0)
}

/// The game accuracy of `color` from White's winning chances in every position
/// (`wins[0]` the start, `first` to move there), or `None` when `color` made no move.
///
/// Each move is weighted by the volatility around it: the standard deviation of the
/// winning chances in a window of `plies / 10` positions (2 to 8) ending after it,
/// bounded to 0.5..=12, the first moves sharing the first window. The result is the
/// mean of the weighted mean and the harmonic mean (each accuracy taken as at least 1)
/// of the player's move accuracies.
pub(super) fn game_accuracy(wins: &[f64], first: Color, color: Color) -> Option<f64> {
    let plies = wins.len().checked_sub(1)?;
    if plies == 0 {
        return None;
    }
    let window = (plies / 10).clamp(2, 8).min(wins.len());
    let weight_at = |ply: usize| {
        // The window that ends with the position after the move, or the first one.
        let end = (ply + 2).max(window);
        let start = end - window;
        deviation(&wins[start..end]).clamp(0.5, 12.0)
    };
    let (mut weighted, mut weights, mut reciprocals, mut count) = (0.0, 0.0, 0.0, 0usize);
    for ply in 0..plies {
        let mover = if ply.is_multiple_of(2) { first } else { !first };
        if mover != color {
            continue;
        }
        let (before, after) = match mover {
            Color::White => (wins[ply], wins[ply + 1]),
            Color::Black => (100.0 - wins[ply], 100.0 - wins[ply + 1]),
        };
        let accuracy = move_accuracy(before, after);
        let weight = weight_at(ply);
        weighted += accuracy * weight;
        weights += weight;
        reciprocals += 1.0 / accuracy.max(1.0);
        count += 1;
    }
    if count == 0 {
        return None;
    }
    let weighted_mean = weighted / weights;
    let harmonic_mean = count as f64 / reciprocals;
    Some(f64::midpoint(weighted_mean, harmonic_mean))
}

/// The population standard deviation.
fn deviation(values: &[f64]) -> f64 {
    let n = values.len() as f64;
    let mean = values.iter().sum::<f64>() / n;
    (values.iter().map(|v| (v - mean).powi(2)).sum::<f64>() / n).sqrt()
}
