//! Differential test against shakmaty, an independent implementation of the rules.
//!
//! Seeded random games, from the standard start and from Chess960 start positions, are
//! played in both libraries side by side. In every position they must agree on the set
//! of legal moves, the SAN of each, the FEN, and whether the game is over (checkmate,
//! stalemate, insufficient material). Games run until they end, so those endings occur.

use std::collections::{BTreeMap, HashMap};

use crate::common::{Rng, chess960_fen};
use hotseat_chess::{Color as HColor, Game, Outcome as HOutcome, Position as HPosition, Reason};
use shakmaty::fen::Fen;
use shakmaty::san::SanPlus;
use shakmaty::{CastlingMode, Chess, Color as SColor, EnPassantMode, KnownOutcome, Outcome, Position};

/// The two libraries' views of one position.
struct Pair {
    ours: HPosition,
    theirs: Chess,
}

fn shakmaty_from_fen(fen: &str) -> Chess {
    fen.parse::<Fen>()
        .unwrap_or_else(|e| panic!("shakmaty reads {fen}: {e}"))
        .into_position(CastlingMode::Chess960)
        .unwrap_or_else(|e| panic!("shakmaty accepts {fen}: {e}"))
}

impl Pair {
    fn from_fen(fen: &str) -> Pair {
        Pair { ours: HPosition::from_fen(fen).expect("valid fen"), theirs: shakmaty_from_fen(fen) }
    }

    fn castling_mode(&self) -> CastlingMode {
        if self.ours.is_chess960() { CastlingMode::Chess960 } else { CastlingMode::Standard }
    }

    /// shakmaty's legal moves by their UCI text, written as hotseat writes castling.
    fn their_moves(&self) -> BTreeMap<String, shakmaty::Move> {
        let mode = self.castling_mode();
        self.theirs.legal_moves().into_iter().map(|m| (m.to_uci(mode).to_string(), m)).collect()
    }

    /// Checks everything the two libraries can be compared on; returns shakmaty's
    /// moves, keyed by UCI, for the caller to pick from.
    fn compare(&self, context: &str) -> BTreeMap<String, shakmaty::Move> {
        let ours = &self.ours;
        let theirs = self.their_moves();
        let fen = ours.fen();
        let at = || format!("{context}: {fen}");

        // Legal moves, as sets of UCI strings.
        let our_moves: BTreeMap<String, hotseat_chess::Move> =
            ours.legal_moves().iter().map(|&m| (ours.uci(m), m)).collect();
        assert_eq!(our_moves.len(), ours.legal_moves().len(), "{}: two moves share a UCI text", at());
        assert_eq!(
            our_moves.keys().collect::<Vec<_>>(),
            theirs.keys().collect::<Vec<_>>(),
            "{}: legal moves differ",
            at()
        );
        assert_eq!(ours.count_legal_moves(), theirs.len() as u64, "{}", at());

        // SAN of every legal move, and hotseat reads shakmaty's SAN and UCI back.
        for (uci, &m) in &our_moves {
            let their_san = SanPlus::from_move(self.theirs.clone(), theirs[uci]).to_string();
            assert_eq!(ours.san(m), their_san, "{}: SAN of {uci}", at());
            assert_eq!(ours.parse_san(&their_san), Ok(m), "{}: reading {their_san}", at());
            assert_eq!(ours.parse_uci(uci), Ok(m), "{}: reading {uci}", at());
        }

        // FEN: identical, except that Chess960 castling rights are written as rook files
        // by hotseat (Shredder-FEN) and as X-FEN by shakmaty; those compare as rook sets.
        let their_fen = Fen::from_position(&self.theirs, EnPassantMode::Legal).to_string();
        if ours.is_chess960() {
            let without_castling = |f: &str| {
                f.split(' ').enumerate().filter(|&(i, _)| i != 2).map(|(_, w)| w).collect::<String>()
            };
            assert_eq!(without_castling(&fen), without_castling(&their_fen), "{}: FEN differs", at());
            assert_eq!(
                ours.castling_rooks().0,
                self.theirs.castles().castling_rights().0,
                "{}: castling rights differ from shakmaty's {their_fen}",
                at()
            );
            let reread = shakmaty_from_fen(&fen);
            assert_eq!(
                Fen::from_position(&reread, EnPassantMode::Legal).to_string(),
                their_fen,
                "{}: shakmaty reads hotseat's Shredder-FEN as a different position",
                at()
            );
        } else {
            assert_eq!(fen, their_fen, "{}: FEN differs", at());
        }
        let mut reread =
            HPosition::from_fen(&fen).unwrap_or_else(|e| panic!("{}: reading own FEN: {e}", at()));
        // The FEN does not say whether a position with standard-looking castling rights
        // came from a Chess960 game; that flag only changes how castling is written.
        reread.set_chess960(ours.is_chess960());
        assert_eq!(&reread, ours, "{}: FEN round trip", at());

        // Check, checkmate, stalemate, insufficient material (both sides), outcome.
        assert_eq!(ours.is_check(), self.theirs.is_check(), "{}: check", at());
        assert_eq!(ours.checkers().0, self.theirs.checkers().0, "{}: checkers", at());
        assert_eq!(ours.is_checkmate(), self.theirs.is_checkmate(), "{}: checkmate", at());
        assert_eq!(ours.is_stalemate(), self.theirs.is_stalemate(), "{}: stalemate", at());
        // Both mean "neither side can ever mate": shakmaty's per-side rule differs from
        // hotseat's (it calls K+B v K+R hopeless for the bishop), but when both sides
        // are insufficient the two rules agree.
        assert_eq!(
            ours.is_insufficient_material(),
            self.theirs.is_insufficient_material(),
            "{}: insufficient material",
            at()
        );
        theirs
    }
}

/// What shakmaty says about the end of the game, in hotseat's terms, for the
/// endings both libraries know (shakmaty does not track repetition or the clocks).
fn expected_outcome(theirs: &Chess) -> Option<HOutcome> {
    match theirs.outcome() {
        Outcome::Known(KnownOutcome::Decisive { winner }) => {
            let winner = if winner == SColor::White { HColor::White } else { HColor::Black };
            Some(HOutcome::win(winner, Reason::Checkmate))
        }
        Outcome::Known(KnownOutcome::Draw) => Some(HOutcome::draw(if theirs.is_stalemate() {
            Reason::Stalemate
        } else {
            Reason::InsufficientMaterial
        })),
        Outcome::Unknown => None,
    }
}

#[derive(Default, Debug)]
struct Tally {
    positions: usize,
    games: usize,
    endings: HashMap<String, usize>,
}

/// Plays one random game from `start` in both libraries until it ends or `max_plies`
/// moves are played, comparing every position.
fn play_game(start: &str, seed: u64, max_plies: usize, tally: &mut Tally, hashes: &mut HashMap<u64, String>) {
    let mut rng = Rng::new(seed);
    let mut pair = Pair::from_fen(start);
    let mut game = Game::from_position(pair.ours.clone());
    for ply in 0..=max_plies {
        let context = format!("seed {seed}, ply {ply}");
        let theirs = pair.compare(&context);
        tally.positions += 1;
        assert_eq!(game.position(), &pair.ours, "{context}: the game's position");

        // Equal hashes mean equal positions for repetition (pieces, turn, castling,
        // legal en passant), which the first four fields of the FEN capture.
        let key: String = pair.ours.fen().split(' ').take(4).collect::<Vec<_>>().join(" ");
        let previous = hashes.entry(pair.ours.hash()).or_insert_with(|| key.clone());
        assert_eq!(previous, &key, "{context}: two positions share a hash");

        if let Some(outcome) = game.outcome() {
            match outcome.reason {
                Reason::FivefoldRepetition | Reason::SeventyFiveMoveRule => {
                    assert_eq!(expected_outcome(&pair.theirs), None, "{context}: {outcome}");
                }
                _ => assert_eq!(Some(outcome), expected_outcome(&pair.theirs), "{context}"),
            }
            *tally.endings.entry(format!("{:?}", outcome.reason)).or_default() += 1;
            break;
        }
        assert_eq!(expected_outcome(&pair.theirs), None, "{context}: shakmaty says the game is over");
        if ply == max_plies {
            break;
        }
        let (uci, their_move) = theirs.iter().nth(rng.below(theirs.len())).expect("a legal move");
        let m = pair.ours.parse_uci(uci).expect("a legal move");
        game.play(m);
        pair.ours.play(m);
        pair.theirs.play_unchecked(*their_move);
    }
    tally.games += 1;
}

#[test]
fn hotseat_agrees_with_shakmaty_over_random_games() {
    let mut tally = Tally::default();
    let mut hashes = HashMap::new();
    let mut rng = Rng::new(0x5eed);
    for game in 0..20u64 {
        play_game(hotseat_chess::STARTING_FEN, rng.next_u64() ^ game, 600, &mut tally, &mut hashes);
    }
    for game in 0..20u64 {
        let start = chess960_fen(rng.below(960));
        play_game(&start, rng.next_u64() ^ game, 600, &mut tally, &mut hashes);
    }
    println!("{tally:?}");
    assert!(tally.positions >= 10_000, "only {} positions compared", tally.positions);
    for ending in ["Checkmate", "Stalemate", "InsufficientMaterial"] {
        assert!(tally.endings.contains_key(ending), "no game ended by {ending}: {tally:?}");
    }
}

#[test]
fn every_chess960_start_position_agrees_with_shakmaty() {
    let mut tally = Tally::default();
    let mut hashes = HashMap::new();
    for index in 0..960 {
        // A few plies each, enough to open lines for castling in some of them.
        play_game(&chess960_fen(index), index as u64, 6, &mut tally, &mut hashes);
    }
    assert!(tally.positions >= 960 * 6);
}
