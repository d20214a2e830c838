//! A game with an engine's review written into it: after every move of the main line,
//! the evaluation as `[%eval 0.35]` / `[%eval #-3]`; after a marked move, its glyph
//! (`$6` inaccuracy, `$2` mistake, `$4` blunder) and the engine's better move as a
//! variation.

use crate::chess::Color;
use crate::review::Review;

use super::pgn::{MoveNote, PgnGame};

/// The notes for each move of `pgn`'s game from `review` (a move whose position after
/// it is not evaluated gets none).
pub fn review_notes(pgn: &PgnGame, review: &Review) -> Vec<MoveNote> {
    let game = &pgn.game;
    (0..game.ply())
        .map(|ply| {
            let mark = review.mark(ply);
            let variation = review.better(ply).and_then(|better| {
                let position = game.position_at(ply)?;
                position.is_legal(better).then(|| {
                    let number = game.move_number(ply);
                    let dots = if number.color == Color::White { "." } else { "..." };
                    format!("{}{dots} {}", number.fullmove, position.san(better))
                })
            });
            MoveNote {
                nag: mark.map(crate::review::Mark::nag),
                comment: review.eval(ply + 1).map(|eval| format!("[%eval {}]", eval.pgn())),
                variation,
            }
        })
        .collect()
}

/// `pgn` in PGN with `review` written into it (see the module's documentation).
pub fn reviewed_pgn(pgn: &PgnGame, review: &Review) -> String {
    pgn.to_pgn_noted(&review_notes(pgn, review))
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::chess::{Game, Move, Square};
    use crate::records::pgn::read_game;
    use crate::review::Eval;

    #[test]
    fn evals_glyphs_and_better_moves_are_written() {
        let mut game = Game::new();
        for san in ["e4", "e5", "Qh5", "Nc6", "Bc4", "Nf6", "Qxf7#"] {
            game.play_san(san).expect("legal");
        }
        let mut review = Review::of(&game);
        for (i, cp) in [30, 25, 30, 10, 40].into_iter().enumerate() {
            review.set(i, Eval::Cp(cp), None);
        }
        review.set(5, Eval::Cp(30), Some(Move::normal(Square::G7, Square::G6)));
        review.set(6, Eval::Mate(1), None);
        review.set(7, Eval::Mate(0), None);
        let pgn = PgnGame::new(game);
        let text = reviewed_pgn(&pgn, &review);
        let movetext: String = text.lines().skip_while(|l| !l.is_empty()).collect::<Vec<_>>().join(" ");
        assert_eq!(
            movetext.trim(),
            "1. e4 {[%eval 0.25]} 1... e5 {[%eval 0.30]} 2. Qh5 {[%eval 0.10]} 2... Nc6 {[%eval 0.40]} 3. Bc4 \
             {[%eval 0.30]} 3... Nf6 $4 {[%eval #1]} (3... g6) 4. Qxf7# {[%eval #0]} 1-0"
        );
        // It reads back as the same game.
        let read = read_game(&text).expect("reads back");
        assert_eq!(read.game.moves(), pgn.game.moves());
    }

    #[test]
    fn a_partial_review_writes_what_it_has() {
        let mut game = Game::new();
        game.play_san("d4").expect("legal");
        let review = Review::of(&game);
        let text = reviewed_pgn(&PgnGame::new(game), &review);
        assert!(text.ends_with("\n1. d4 *\n"), "{text}");
    }
}
