//! A game record with an engine's review written into its annotations, move by move
//! as [`Review::annotate`] writes one: after every move of the main line, the
//! evaluation as a `[%eval 0.35]` / `[%eval #-3]` comment; on a marked move, its glyph
//! (`$6` inaccuracy, `$2` mistake, `$4` blunder) unless the players gave it their own,
//! and the engine's better move as a variation; and, as a game saved on the board gets
//! them, the `ECO` and `Opening` tags of the table's name for it, unless it came with its
//! own. Everything the record said is kept, except the value of an older `[%eval]`.

use crate::annotations::Annotations;
use crate::review::{Review, Written};

use super::opening_tags::OpeningTags;
use super::pgn::PgnGame;

/// Writes `review` into `pgn`'s annotations, and names its opening in its tags unless
/// it has its own name; what it did, summed over the moves.
pub fn annotate(pgn: &mut PgnGame, review: &Review) -> Written {
    OpeningTags::of(&pgn.tags).settle(&pgn.tags, &pgn.game).write(&mut pgn.tags, &pgn.game);
    let plies = pgn.game.ply();
    if pgn.annotations.len() < plies {
        pgn.annotations.resize(plies, Annotations::default());
    }
    let mut total = Written::default();
    for (ply, notes) in pgn.annotations.iter_mut().enumerate().take(plies) {
        let Some(before) = pgn.game.position_at(ply) else { break };
        total.add(review.annotate(ply, before, notes));
    }
    total
}

/// `pgn` in PGN with `review` written into it.
pub fn reviewed_pgn(pgn: &PgnGame, review: &Review) -> String {
    let mut reviewed = pgn.clone();
    annotate(&mut reviewed, review);
    reviewed.to_pgn()
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::records::pgn::read_game;
    use crate::review::Eval;
    use hotseat_chess::{Game, Move, Square};

    fn legal_review(game: &Game) -> Review {
        let mut review = Review::of(game);
        for (i, cp) in [30, 25, 30, 10, 40].into_iter().enumerate() {
            review.set(i, Eval::Cp(cp), None);
        }
        review.set(5, Eval::Cp(30), Some(Move::normal(Square::G7, Square::G6)));
        review.set(6, Eval::Mate(1), None);
        review.set(7, Eval::Mate(0), None);
        review
    }

    fn movetext(text: &str) -> String {
        text.split("\n\n").nth(1).expect("movetext").replace('\n', " ").trim().to_owned()
    }

    #[test]
    fn the_opening_is_named_in_the_tags_unless_the_game_names_its_own() {
        let mut plain = read_game("1. e4 e5 2. Nf3 d6 *").expect("a game");
        let review = Review::of(&plain.game);
        annotate(&mut plain, &review);
        assert_eq!(
            (plain.tags.get("ECO"), plain.tags.get("Opening")),
            (Some("C41"), Some("Philidor Defense"))
        );
        let mut own = read_game("[Opening \"Legal's trap line\"]\n\n1. e4 e5 2. Nf3 d6 *").expect("a game");
        annotate(&mut own, &review);
        assert_eq!((own.tags.get("ECO"), own.tags.get("Opening")), (None, Some("Legal's trap line")));
    }

    #[test]
    fn evals_glyphs_and_better_moves_are_written() {
        let mut game = Game::new();
        for san in ["e4", "e5", "Qh5", "Nc6", "Bc4", "Nf6", "Qxf7#"] {
            game.play_san(san).expect("legal");
        }
        let review = legal_review(&game);
        let pgn = PgnGame::new(game);
        let text = reviewed_pgn(&pgn, &review);
        assert_eq!(
            movetext(&text),
            "1. e4 {[%eval 0.25]} 1... e5 {[%eval 0.30]} 2. Qh5 {[%eval 0.10]} 2... Nc6 {[%eval 0.40]} 3. Bc4 \
             {[%eval 0.30]} 3... Nf6 $4 {[%eval #1]} (3... g6) 4. Qxf7# {[%eval #0]} 1-0"
        );
        // It reads back as the same game, and reviewing it again changes nothing.
        let mut annotated = pgn.clone();
        let written = annotate(&mut annotated, &review);
        assert_eq!(written, Written { evals: 7, marks: 1, kept: 0, lines: 1 });
        let read = read_game(&text).expect("reads back");
        assert_eq!(read.game.moves(), pgn.game.moves());
        assert_eq!(reviewed_pgn(&read, &review), text);
    }

    #[test]
    fn what_the_record_said_is_kept() {
        // The old eval gets the new value; the players' own $2 stays over the review's $4.
        let text = "[Result \"1-0\"]\n\n1. e4 {[%clk 0:05:00] a classic} 1... e5 2. Qh5 $1 {[%eval 9.99]} 2... Nc6 \
                    3. Bc4 (3. Qxe5+ Nxe5) 3... Nf6 $2 {played in haste} (3... g6 $1) 4. Qxf7# 1-0\n";
        let pgn = read_game(text).expect("an annotated game");
        let review = legal_review(&pgn.game);
        let out = movetext(&reviewed_pgn(&pgn, &review));
        assert_eq!(
            out,
            "1. e4 {[%eval 0.25]} {[%clk 0:05:00] a classic} 1... e5 {[%eval 0.30]} 2. Qh5 $1 {[%eval 0.10]} \
             2... Nc6 {[%eval 0.40]} 3. Bc4 {[%eval 0.30]} (3. Qxe5+ Nxe5) 3... Nf6 $2 {[%eval #1]} \
             {played in haste} (3... g6 $1) 4. Qxf7# {[%eval #0]} 1-0"
        );
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
