//! The rules of chess, one test per rule, each named for it. These add to the unit tests
//! inside `src/` (fool's mate, repetition, the clocks, dead positions, SAN forms)
//! without repeating them.

use hotseat_chess::{
    CastlingSide, Color, DrawClaim, Game, Move, Outcome, Piece, Position, ReadMoveError, Reason, Role,
    SanError, Square, Strictness, Undone,
};

fn pos(fen: &str) -> Position {
    Position::from_fen(fen).expect("valid fen")
}

fn game(fen: &str) -> Game {
    Game::from_position(pos(fen))
}

fn play_all(game: &mut Game, moves: &str) {
    for text in moves.split_whitespace() {
        game.play_san(text).unwrap_or_else(|e| panic!("{text} in {}: {e}", game.position().fen()));
    }
}

/// The reason a typed move is refused, or a panic if it is accepted.
fn refusal(pos: &Position, text: &str) -> String {
    match pos.parse_san(text) {
        Err(ReadMoveError::San(SanError::Illegal { reason, .. })) => reason.to_string(),
        other => panic!("{text} in {}: expected an illegal move, got {other:?}", pos.fen()),
    }
}

fn white(role: Role) -> Piece {
    role.of(Color::White)
}

// Castling.

#[test]
fn castling_is_forbidden_out_of_check() {
    let p = pos("4k3/4r3/8/8/8/8/8/R3K2R w KQ - 0 1");
    assert!(p.is_check());
    assert!(!p.is_legal(Move::castle(Square::E1, Square::H1)));
    assert!(!p.is_legal(Move::castle(Square::E1, Square::A1)));
    assert_eq!(refusal(&p, "O-O"), "you cannot castle out of check");
    assert_eq!(refusal(&p, "O-O-O"), "you cannot castle out of check");
}

#[test]
fn castling_is_forbidden_through_an_attacked_square() {
    // The rook on f8 watches f1, which the king would cross.
    let p = pos("4kr2/8/8/8/8/8/8/R3K2R w KQ - 0 1");
    assert!(!p.is_check());
    assert!(!p.is_legal(Move::castle(Square::E1, Square::H1)));
    assert_eq!(refusal(&p, "O-O"), "the king would pass through check");
    assert!(p.is_legal(Move::castle(Square::E1, Square::A1)), "the other side is unaffected");
}

#[test]
fn castling_is_forbidden_into_check() {
    let p = pos("4k1r1/8/8/8/8/8/8/R3K2R w KQ - 0 1");
    assert!(!p.is_legal(Move::castle(Square::E1, Square::H1)));
    assert_eq!(refusal(&p, "O-O"), "the king would castle into check");
    assert!(p.is_legal(Move::castle(Square::E1, Square::A1)));
}

#[test]
fn castling_is_allowed_when_only_the_rook_crosses_an_attacked_square() {
    // b1 is attacked, but only the rook passes it on the way to d1.
    let p = pos("1r2k3/8/8/8/8/8/8/R3K2R w KQ - 0 1");
    let m = p.parse_san("O-O-O").expect("legal");
    assert_eq!(m, Move::castle(Square::E1, Square::A1));
    let mut after = p.clone();
    after.play(m);
    assert_eq!(
        (after.piece_at(Square::C1), after.piece_at(Square::D1)),
        (Some(white(Role::King)), Some(white(Role::Rook)))
    );
}

#[test]
fn castling_is_forbidden_after_the_king_has_moved_and_moved_back() {
    let mut g = game("r3k2r/8/8/8/8/8/8/R3K2R w KQkq - 0 1");
    play_all(&mut g, "Kf1 Kf8 Ke1 Ke8");
    let p = g.position();
    assert_eq!(p.piece_at(Square::E1), Some(white(Role::King)));
    assert_eq!(p.castling_rooks().count(), 0);
    assert!(!p.is_legal(Move::castle(Square::E1, Square::H1)));
    assert!(!p.is_legal(Move::castle(Square::E1, Square::A1)));
    assert_eq!(refusal(p, "O-O"), "you no longer have the right to castle king-side");
    assert_eq!(p.fen(), "r3k2r/8/8/8/8/8/8/R3K2R w - - 4 3");
}

#[test]
fn castling_is_forbidden_after_the_rook_has_moved_and_moved_back() {
    let mut g = game("r3k2r/8/8/8/8/8/8/R3K2R w KQkq - 0 1");
    play_all(&mut g, "Rh2 Rh7 Rh1 Rh8");
    let p = g.position();
    assert_eq!(p.castling_rook(Color::White, CastlingSide::KingSide), None);
    assert_eq!(p.castling_rook(Color::White, CastlingSide::QueenSide), Some(Square::A1));
    assert!(!p.is_legal(Move::castle(Square::E1, Square::H1)));
    assert!(p.is_legal(Move::castle(Square::E1, Square::A1)), "the other rook keeps its right");
    assert_eq!(p.fen(), "r3k2r/8/8/8/8/8/8/R3K2R w Qq - 4 3");
}

#[test]
fn castling_is_forbidden_after_the_rook_was_captured() {
    let mut g = game("r3k2r/p7/8/8/8/8/1B6/R3K2R w KQkq - 0 1");
    play_all(&mut g, "Bxh8 a6");
    let after_capture = g.position_at(1).expect("played");
    assert_eq!(after_capture.castling_rook(Color::Black, CastlingSide::KingSide), None);
    assert_eq!(after_capture.fen(), "r3k2B/p7/8/8/8/8/8/R3K2R b KQq - 0 1");
    // A white rook arriving on h8 later brings no right back for Black either.
    play_all(&mut g, "Bd4 Ra7 Rh8+ Kd7");
    assert_eq!(g.position().castling_rook(Color::Black, CastlingSide::KingSide), None);
}

#[test]
fn chess960_castling_swaps_a_king_and_rook_that_stand_side_by_side() {
    let mut p = pos("4k3/8/8/8/8/8/8/5KR1 w G - 0 1");
    assert!(p.is_chess960());
    let m = p.parse_san("O-O").expect("legal");
    assert_eq!(m, Move::castle(Square::F1, Square::G1));
    assert_eq!(p.uci(m), "f1g1");
    p.play(m);
    assert_eq!(
        (p.piece_at(Square::G1), p.piece_at(Square::F1)),
        (Some(white(Role::King)), Some(white(Role::Rook)))
    );
}

#[test]
fn chess960_castling_with_the_king_already_on_its_destination_moves_only_the_rook() {
    let mut p = pos("4k3/8/8/8/8/8/8/6KR w H - 0 1");
    let m = p.parse_san("O-O").expect("legal");
    assert_eq!(p.uci(m), "g1h1", "Chess960 castling is written as the king taking its rook");
    assert_eq!(p.san(m), "O-O");
    p.play(m);
    assert_eq!(
        (p.piece_at(Square::G1), p.piece_at(Square::F1)),
        (Some(white(Role::King)), Some(white(Role::Rook)))
    );
    assert_eq!(p.piece_at(Square::H1), None);
    assert_eq!(p.castling_rooks().count(), 0);
}

#[test]
fn chess960_castling_with_the_rook_on_the_kings_destination_is_legal() {
    // Queen side: the rook stands on c1, where the king goes.
    let mut p = pos("4k3/8/8/8/8/8/8/2R2K2 w C - 0 1");
    let m = p.parse_san("O-O-O").expect("legal");
    p.play(m);
    assert_eq!(
        (p.piece_at(Square::C1), p.piece_at(Square::D1)),
        (Some(white(Role::King)), Some(white(Role::Rook)))
    );
    assert_eq!(p.piece_at(Square::F1), None);
    // King side: the rook stands on g1.
    let mut p = pos("4k3/8/8/8/8/8/8/1K4R1 w G - 0 1");
    let m = p.parse_san("O-O").expect("legal");
    p.play(m);
    assert_eq!(
        (p.piece_at(Square::G1), p.piece_at(Square::F1)),
        (Some(white(Role::King)), Some(white(Role::Rook)))
    );
    assert_eq!(p.piece_at(Square::B1), None);
}

#[test]
fn chess960_castling_is_forbidden_when_the_rooks_destination_is_occupied() {
    // The king's path (c1) is free, but the rook must reach d1.
    let p = pos("4k3/8/8/8/8/8/8/RK1N4 w A - 0 1");
    assert!(!p.is_legal(Move::castle(Square::B1, Square::A1)));
    assert_eq!(refusal(&p, "O-O-O"), "pieces stand between the king and the rook");
}

#[test]
fn chess960_castling_is_forbidden_when_the_moving_rook_uncovers_an_attack_on_the_king() {
    // The rook on b1 shields c1 from the rook on a1; once it castles to d1, the king
    // on c1 would stand in check.
    let p = pos("4k3/8/8/8/8/8/8/rR3K2 w B - 0 1");
    assert!(!p.is_check());
    assert!(!p.is_legal(Move::castle(Square::F1, Square::B1)));
    assert!(p.parse_san("O-O-O").is_err());
}

// En passant.

#[test]
fn en_passant_is_allowed_only_on_the_very_next_move() {
    let mut g = game("4k3/3p4/8/4P3/8/8/8/4K3 b - - 0 1");
    play_all(&mut g, "d5");
    let capture = Move::en_passant(Square::E5, Square::D6);
    assert_eq!(g.position().ep_square(), Some(Square::D6));
    assert!(g.position().is_legal(capture), "right after the double push");
    play_all(&mut g, "Ke2 Ke7");
    assert_eq!(g.position().ep_square(), None);
    assert!(!g.position().is_legal(capture), "one move pair later");
    assert!(g.play_san("exd6").is_err());
}

#[test]
fn en_passant_removes_the_pawn_that_passed() {
    let mut g = game("4k3/3p4/8/4P3/8/8/8/4K3 b - - 0 1");
    play_all(&mut g, "d5 exd6");
    let p = g.position();
    assert_eq!(p.piece_at(Square::D6), Some(white(Role::Pawn)));
    assert_eq!(p.piece_at(Square::D5), None);
    assert_eq!(p.piece_at(Square::E5), None);
    assert_eq!(g.san_moves(), ["d5", "exd6"]);
}

#[test]
fn en_passant_that_exposes_the_king_along_a_rank_is_illegal() {
    // Both pawns leave the fifth rank, opening it from the rook on h5 to the king on a5.
    let mut g = game("8/3p4/8/K3P2r/8/8/8/4k3 b - - 0 1");
    play_all(&mut g, "d5");
    let p = g.position();
    assert!(!p.is_legal(Move::en_passant(Square::E5, Square::D6)));
    assert_eq!(p.ep_square(), None, "no legal capture, so no en-passant square");
    // (The reason given is "no pawn can reach d6": the position keeps no en-passant
    // square when the capture is illegal, so it cannot say the king would be exposed.)
    refusal(p, "exd6");
    // Without the rook the same capture is legal.
    let mut g = game("8/3p4/8/K3P3/8/8/8/4k3 b - - 0 1");
    play_all(&mut g, "d5");
    assert!(g.position().is_legal(Move::en_passant(Square::E5, Square::D6)));
}

// Promotion.

#[test]
fn a_pawn_may_underpromote_to_a_rook_a_bishop_or_a_knight() {
    let p = pos("8/1P6/2k5/8/8/8/8/4K3 w - - 0 1");
    let promotions: Vec<Role> = p
        .legal_moves()
        .iter()
        .filter(|m| m.from() == Square::B7)
        .filter_map(|m| m.promotion_role())
        .collect();
    assert_eq!(promotions.len(), 4);
    for (text, role, san) in [
        ("b8=R", Role::Rook, "b8=R"),
        ("b8=B", Role::Bishop, "b8=B"),
        ("b8=N", Role::Knight, "b8=N+"),
        ("b8=Q", Role::Queen, "b8=Q"),
    ] {
        let m = p.parse_san(text).expect(text);
        assert!(promotions.contains(&role));
        assert_eq!(p.san(m), san, "only the knight gives check from b8");
        let mut after = p.clone();
        after.play(m);
        assert_eq!(after.piece_at(Square::B8), Some(white(role)));
        assert_eq!(after.piece_at(Square::B7), None);
        assert_eq!(after.halfmoves(), 0);
    }
}

// The end of the game.

#[test]
fn stalemate_is_no_legal_move_without_check_and_is_not_checkmate() {
    for fen in ["k7/2Q5/1K6/8/8/8/8/8 b - - 0 1", "8/8/8/8/8/5k2/5p2/5K2 w - - 0 1"] {
        let p = pos(fen);
        assert!(p.legal_moves().is_empty(), "{fen}");
        assert!(!p.is_check(), "{fen}");
        assert!(p.is_stalemate(), "{fen}");
        assert!(!p.is_checkmate(), "{fen}");
        assert_eq!(Game::from_position(p).outcome(), Some(Outcome::draw(Reason::Stalemate)), "{fen}");
    }
}

#[test]
fn threefold_repetition_counts_only_positions_with_the_same_castling_rights() {
    let mut g = game("r3k2r/8/8/8/8/8/8/R3K2R w KQkq - 0 1");
    let cycle = "Rh2 Rh7 Rh1 Rh8";
    play_all(&mut g, cycle);
    assert_eq!(g.repetitions(), 1, "the start had more castling rights");
    play_all(&mut g, cycle);
    assert_eq!(g.repetitions(), 2);
    assert_eq!(g.claimable_draw(), None);
    play_all(&mut g, cycle);
    assert_eq!(g.repetitions(), 3);
    assert_eq!(g.claimable_draw(), Some(DrawClaim::ThreefoldRepetition));
    assert_eq!(g.outcome(), None, "threefold repetition is not automatic");
}

#[test]
fn a_claimed_fifty_move_draw_ends_the_game() {
    let mut g = game("4k3/8/8/8/8/8/4P3/R3K3 w - - 100 80");
    assert_eq!(g.outcome(), None, "fifty moves are not automatic");
    assert_eq!(g.claim_draw(), Some(Outcome::draw(Reason::FiftyMoveRule)));
    assert_eq!(g.outcome(), Some(Outcome::draw(Reason::FiftyMoveRule)));
    assert!(g.play_san("Ra2").is_err(), "no moves after the draw");
}

#[test]
fn a_pawn_move_on_the_hundredth_ply_prevents_the_fifty_move_claim() {
    let mut g = game("4k3/8/8/8/8/8/4P3/R3K3 w - - 99 80");
    play_all(&mut g, "e4");
    assert_eq!(g.position().halfmoves(), 0);
    assert_eq!(g.claimable_draw(), None);
    assert_eq!(g.claim_draw(), None);
}

#[test]
fn the_seventy_five_move_rule_ends_the_game_without_a_claim() {
    let mut g = game("4k3/8/8/8/8/8/8/R3K3 b - - 148 100");
    play_all(&mut g, "Kd7");
    assert_eq!(g.outcome(), None, "149 plies");
    play_all(&mut g, "Ra2");
    assert_eq!(g.outcome(), Some(Outcome::draw(Reason::SeventyFiveMoveRule)));
}

#[test]
fn bishops_all_on_one_colour_are_insufficient_material_but_other_minor_pieces_are_not() {
    let drawn = [
        "4k3/8/8/8/8/4B3/8/2B1K3 w - - 0 1",  // two bishops on dark squares
        "4kb2/8/8/8/8/4B3/8/2B1K3 w - - 0 1", // and a third for Black, also dark
        "4k3/8/8/8/8/8/8/4K1n1 w - - 0 1",    // a knight alone, for Black
        "4k3/8/8/8/8/8/8/4K1b1 b - - 0 1",    // a bishop alone, for Black
        "3bk3/8/8/8/8/8/8/2B1K3 w - - 0 1",   // one dark bishop each
    ];
    for fen in drawn {
        let p = pos(fen);
        assert!(p.is_insufficient_material(), "{fen}");
        assert_eq!(
            Game::from_position(p).outcome(),
            Some(Outcome::draw(Reason::InsufficientMaterial)),
            "{fen}"
        );
    }
    let playable = [
        "4k3/8/8/8/8/8/8/2B1KB2 w - - 0 1",  // bishops on both colours
        "4k3/8/8/8/8/8/8/2B1KN2 w - - 0 1",  // bishop and knight
        "4k1b1/8/8/8/8/8/8/2B1K3 w - - 0 1", // bishops on opposite colours
        "4kn2/8/8/8/8/8/8/2B1K3 w - - 0 1",  // bishop against knight
        "4k3/8/8/8/8/8/4P3/4K3 w - - 0 1",   // a pawn
        "4k3/8/8/8/8/8/8/R3K3 w - - 0 1",    // a rook
    ];
    for fen in playable {
        let p = pos(fen);
        assert!(!p.is_insufficient_material(), "{fen}");
        assert_eq!(Game::from_position(p).outcome(), None, "{fen}");
    }
}

// Clocks and undo.

#[test]
fn the_halfmove_clock_resets_on_captures_and_pawn_moves_and_counts_everything_else() {
    let mut g = Game::new();
    let expected = [("Nf3", 1), ("Nc6", 2), ("e4", 0), ("Nd4", 1), ("Nxd4", 0), ("Nf6", 1), ("Bc4", 2)];
    for (san, clock) in expected {
        play_all(&mut g, san);
        assert_eq!(g.position().halfmoves(), clock, "after {san}");
    }
    play_all(&mut g, "Nxe4 O-O");
    assert_eq!(g.position().halfmoves(), 1, "castling counts");
    assert_eq!(g.position().fullmoves(), 5);
}

#[test]
fn undo_restores_the_exact_position_and_hash() {
    // Castling, en passant, promotion with capture, and quiet moves.
    let mut g = game("r3k2r/1P6/8/8/3p4/8/4P3/R3K2R w KQkq - 3 20");
    let mut seen = vec![g.position().clone()];
    for san in ["e4", "dxe3", "bxa8=N", "O-O", "O-O-O", "Rf2", "Rd7", "Rf1+", "Rxf1"] {
        play_all(&mut g, san);
        seen.push(g.position().clone());
    }
    while let Some(Undone::Move(m)) = g.undo() {
        seen.pop();
        let before = seen.last().expect("the start remains");
        assert_eq!(g.position(), before, "after undoing {m:?}");
        assert_eq!(g.position().hash(), before.hash());
        assert_eq!(g.position().hash(), g.position().compute_hash());
        assert_eq!(g.position().fen(), before.fen());
    }
    assert_eq!(g.ply(), 0);
    assert_eq!(g.position().fen(), "r3k2r/1P6/8/8/3p4/8/4P3/R3K2R w KQkq - 3 20");
}

// Loading positions.

#[test]
fn a_check_given_or_uncovered_by_a_double_push_loads_strictly() {
    // The pawn that just moved gives check.
    assert!(Position::from_fen("8/8/8/4k3/3P4/8/8/4K3 b - d3 0 1").expect("valid fen").is_check());
    // The push uncovered the bishop on c1.
    assert!(Position::from_fen("8/8/7k/8/3P4/8/8/2B1K3 b - d3 0 1").expect("valid fen").is_check());
    // A check that was there before the push cannot be.
    let before = "8/8/7k/8/3P4/4B3/8/4K3 b - d3 0 1";
    assert!(Position::from_fen(before).is_err());
    assert!(Position::from_fen_with(before, Strictness::Lenient).expect("valid fen").is_check());
}

#[test]
fn a_lenient_position_with_more_than_218_moves_lists_them_all() {
    let p =
        Position::from_fen_with("kBQQQQQQ/BR5Q/Q6Q/Q6Q/Q6Q/Q6Q/Q6Q/KQQQQQQQ w - - 0 1", Strictness::Lenient)
            .expect("valid fen");
    assert_eq!(p.legal_moves().len(), 270);
    assert_eq!(p.count_legal_moves(), 270);
}
