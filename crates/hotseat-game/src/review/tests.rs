use super::*;
use hotseat_chess::Square;

fn close(a: f64, b: f64) -> bool {
    (a - b).abs() < 1e-6
}

fn review_of(first: Color, evals: &[Eval]) -> Review {
    let mut review = Review::starting(evals.len() - 1, first);
    for (i, e) in evals.iter().enumerate() {
        review.set(i, *e, None);
    }
    review
}

#[test]
fn win_percent_follows_lichess_curve() {
    assert!(close(win_percent(Eval::Cp(0)), 50.0));
    // 50 + 50 * (2 / (1 + exp(-0.00368208 * 100)) - 1)
    assert!((win_percent(Eval::Cp(100)) - 59.103).abs() < 0.001, "{}", win_percent(Eval::Cp(100)));
    assert!(close(win_percent(Eval::Cp(-100)), 100.0 - win_percent(Eval::Cp(100))));
    // Bounded at 1000 centipawns; a mate counts as the bound.
    assert!(close(win_percent(Eval::Cp(5000)), win_percent(Eval::Cp(1000))));
    assert!(close(win_percent(Eval::Mate(3)), win_percent(Eval::Cp(1000))));
    assert!(close(win_percent(Eval::Mate(-1)), win_percent(Eval::Cp(-1000))));
    assert!(win_percent(Eval::Cp(i32::MIN)) >= 0.0);
    assert!(win_percent(Eval::Cp(i32::MAX)) <= 100.0);
}

#[test]
fn marks_carry_their_glyphs() {
    assert_eq!(Mark::ALL.map(Mark::nag), [6, 2, 4]);
    assert_eq!(Mark::ALL.map(Mark::suffix), ["?!", "?", "??"]);
    assert_eq!(Mark::for_drop(4.99), None);
    assert_eq!(Mark::for_drop(5.0), Some(Mark::Inaccuracy));
    assert_eq!(Mark::for_drop(10.0), Some(Mark::Mistake));
    assert_eq!(Mark::for_drop(15.0), Some(Mark::Blunder));
}

#[test]
fn evals_print_as_pgn_and_for_players() {
    assert_eq!(Eval::Cp(35).pgn(), "0.35");
    assert_eq!(Eval::Cp(-120).pgn(), "-1.20");
    assert_eq!(Eval::Cp(-5).pgn(), "-0.05");
    assert_eq!(Eval::Cp(i32::MIN).pgn(), "-21474836.48");
    assert_eq!(Eval::Mate(-3).pgn(), "#-3");
    assert_eq!(Eval::Cp(35).to_string(), "+0.35");
    assert_eq!(Eval::Cp(0).to_string(), "0.00");
    assert_eq!(Eval::Mate(2).to_string(), "#2");
}

#[test]
fn a_drop_in_the_movers_chances_is_marked_by_its_size() {
    // White: 0 -> -70 cp is about 6.4 points (inaccuracy); Black then drops from -70 to
    // +120 (about 17.3 points for Black: blunder); White 120 -> 120 nothing.
    let review = review_of(Color::White, &[Eval::Cp(0), Eval::Cp(-70), Eval::Cp(120), Eval::Cp(120)]);
    assert_eq!(review.mark(0), Some(Mark::Inaccuracy));
    assert_eq!(review.mark(1), Some(Mark::Blunder));
    assert_eq!(review.mark(2), None);
    assert_eq!(review.mark(3), None, "no move after the last position");
    assert_eq!(review.counts(Color::White), [1, 0, 0]);
    assert_eq!(review.counts(Color::Black), [0, 0, 1]);
}

#[test]
fn a_rise_in_the_movers_chances_is_never_marked() {
    let review = review_of(Color::White, &[Eval::Cp(0), Eval::Cp(300), Eval::Cp(900)]);
    assert_eq!(review.mark(0), None);
    assert_eq!(review.mark(1), Some(Mark::Blunder), "Black let White's lead grow");
}

#[test]
fn black_first_games_count_moves_for_the_right_side() {
    let review = review_of(Color::Black, &[Eval::Cp(0), Eval::Cp(400), Eval::Cp(400)]);
    assert_eq!(review.turn(0), Color::Black);
    assert_eq!(review.mark(0), Some(Mark::Blunder));
    assert_eq!(review.counts(Color::Black), [0, 0, 1]);
    assert_eq!(review.counts(Color::White), [0, 0, 0]);
}

#[test]
fn mates_follow_lichess_rules() {
    // A mate allowed from a level position is a blunder; from a lost one, less.
    let level = review_of(Color::White, &[Eval::Cp(0), Eval::Mate(-3)]);
    assert_eq!(level.mark(0), Some(Mark::Blunder));
    let lost = review_of(Color::White, &[Eval::Cp(-800), Eval::Mate(-3)]);
    assert_eq!(lost.mark(0), Some(Mark::Mistake));
    let hopeless = review_of(Color::White, &[Eval::Cp(-1500), Eval::Mate(-3)]);
    assert_eq!(hopeless.mark(0), Some(Mark::Inaccuracy));
    // A mate let go for a mere advantage, or for a winning one.
    let let_go = review_of(Color::White, &[Eval::Mate(2), Eval::Cp(300)]);
    assert_eq!(let_go.mark(0), Some(Mark::Blunder));
    let still_winning = review_of(Color::White, &[Eval::Mate(2), Eval::Cp(1200)]);
    assert_eq!(still_winning.mark(0), Some(Mark::Inaccuracy));
    // A slower mate is no mistake; nor is the mating move itself.
    let slower = review_of(Color::White, &[Eval::Mate(2), Eval::Mate(5)]);
    assert_eq!(slower.mark(0), None);
    let mated = review_of(Color::White, &[Eval::Mate(1), Eval::Mate(0)]);
    assert_eq!(mated.mark(0), None);
    assert_eq!(mated.win_percent(1), Some(100.0), "Black to move is mated");
    // Black's mate let go.
    let black = review_of(Color::Black, &[Eval::Mate(-2), Eval::Cp(0)]);
    assert_eq!(black.mark(0), Some(Mark::Blunder));
}

#[test]
fn the_better_move_is_given_only_for_a_marked_move() {
    let mut review = Review::new(2);
    let e4 = Move::normal(Square::E2, Square::E4);
    let e5 = Move::normal(Square::E7, Square::E5);
    review.set(0, Eval::Cp(20), Some(e4));
    review.set(1, Eval::Cp(20), Some(e5));
    review.set(2, Eval::Cp(400), None);
    assert_eq!(review.best(0), Some(e4));
    assert_eq!(review.better(0), None);
    assert_eq!(review.better(1), Some(e5));
}

#[test]
fn slots_fill_in_any_order_and_bad_indexes_are_ignored() {
    let mut review = Review::new(3);
    assert_eq!((review.len(), review.analysed(), review.is_complete()), (4, 0, false));
    review.set(2, Eval::Cp(10), None);
    review.set(99, Eval::Cp(10), None);
    review.set(usize::MAX, Eval::Cp(10), None);
    assert_eq!(review.analysed(), 1);
    assert_eq!(review.eval(2), Some(Eval::Cp(10)));
    assert_eq!(review.eval(1), None);
    assert_eq!(review.mark(usize::MAX), None);
    assert_eq!(review.accuracy(Color::White), None, "not until complete");
    for i in [0, 1, 3] {
        review.set(i, Eval::Cp(10), None);
    }
    assert!(review.is_complete());
    assert!(review.accuracy(Color::White).is_some());
}

#[test]
fn move_accuracy_is_lichess_curve() {
    let review = review_of(Color::White, &[Eval::Cp(0), Eval::Cp(-100), Eval::Cp(-100)]);
    let drop = 50.0 - win_percent(Eval::Cp(-100));
    let expected =
        103.166_810_071_164_9 * (-0.043_544_153_867_539_51 * drop).exp() - 3.166_924_740_191_411 + 1.0;
    assert!(close(review.move_accuracy(0).expect("both known"), expected));
    assert!(close(review.move_accuracy(1).expect("both known"), 100.0), "no drop for Black");
}

#[test]
fn a_flawless_game_is_accurate_and_a_blunder_costs() {
    let flawless = review_of(Color::White, &[Eval::Cp(20); 11]);
    assert!(close(flawless.accuracy(Color::White).expect("complete"), 100.0));
    assert!(close(flawless.accuracy(Color::Black).expect("complete"), 100.0));
    let mut evals = vec![Eval::Cp(20); 11];
    for e in &mut evals[5..] {
        *e = Eval::Cp(-600); // White's third move (ply 4) throws away the game
    }
    let blunder = review_of(Color::White, &evals);
    let white = blunder.accuracy(Color::White).expect("complete");
    let black = blunder.accuracy(Color::Black).expect("complete");
    assert!(white < 60.0, "{white}");
    assert!(close(black, 100.0), "{black}");
    assert_eq!(blunder.counts(Color::White), [0, 0, 1]);
}

#[test]
fn accuracy_matches_a_hand_computed_game() {
    // Three plies, window 2: the weights are the deviations of (w0,w1), (w1,w2), (w2,w3).
    let evals = [Eval::Cp(0), Eval::Cp(-200), Eval::Cp(-200), Eval::Cp(-300)];
    let review = review_of(Color::White, &evals);
    let w: Vec<f64> = evals.iter().map(|e| win_percent(*e)).collect();
    let acc = |b: f64, a: f64| accuracy::move_accuracy(b, a);
    let dev = |a: f64, b: f64| ((a - b).abs() / 2.0).clamp(0.5, 12.0);
    let (a0, a2) = (acc(w[0], w[1]), acc(w[2], w[3]));
    let (k0, k2) = (dev(w[0], w[1]), dev(w[2], w[3]));
    let weighted = (a0 * k0 + a2 * k2) / (k0 + k2);
    let harmonic = 2.0 / (1.0 / a0 + 1.0 / a2);
    let white = review.accuracy(Color::White).expect("complete");
    assert!(close(white, f64::midpoint(weighted, harmonic)), "{white}");
    assert!(close(review.accuracy(Color::Black).expect("complete"), 100.0));
}

#[test]
fn a_player_without_moves_has_no_accuracy() {
    let review = review_of(Color::White, &[Eval::Cp(0), Eval::Cp(0)]);
    assert!(review.accuracy(Color::White).is_some());
    assert_eq!(review.accuracy(Color::Black), None);
    assert_eq!(review_of(Color::White, &[Eval::Cp(0)]).accuracy(Color::White), None);
}

#[test]
fn a_review_of_a_game_knows_who_moved_first() {
    let game = Game::from_position(
        hotseat_chess::Position::from_fen("4k3/8/8/8/8/8/8/4K2R b K - 0 1").expect("valid fen"),
    );
    let review = Review::of(&game);
    assert_eq!(review.len(), 1);
    assert_eq!(review.turn(0), Color::Black);
}
