//! A game: a start position, the moves played since, and how it ended.

use std::fmt;

use super::{Color, Illegality, Move, Outcome, PlayError, Position, Reason, Role, Square};

/// What [`Game::undo`] took back.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Undone {
    /// A declared result (a claim, agreement, resignation, time, or one a record gave);
    /// the moves are unchanged.
    Result(Outcome),
    /// The last move, and any automatic ending it brought.
    Move(Move),
}

/// The number of a move and who plays it: `12.` for White's twelfth move, `12…` for
/// Black's.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct MoveNumber {
    /// The fullmove number, as in FEN: 1 for the first pair of moves.
    pub fullmove: u64,
    /// Who plays the move.
    pub color: Color,
}

impl fmt::Display for MoveNumber {
    /// `12.` for White, `12…` for Black.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self.color {
            Color::White => write!(f, "{}.", self.fullmove),
            Color::Black => write!(f, "{}…", self.fullmove),
        }
    }
}

/// A draw the side to move may claim now.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum DrawClaim {
    /// The current position has occurred at least three times.
    ThreefoldRepetition,
    /// Fifty moves by each side without a capture or pawn move.
    FiftyMoveRule,
}

impl DrawClaim {
    /// The reason declared when the claim is made.
    pub const fn reason(self) -> Reason {
        match self {
            DrawClaim::ThreefoldRepetition => Reason::ThreefoldRepetition,
            DrawClaim::FiftyMoveRule => Reason::FiftyMoveRule,
        }
    }
}

/// Why a draw cannot be claimed with a move (FIDE 9.2.1.1, 9.3.1.1).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum NoClaim {
    /// The move cannot be played: it is illegal, or the game is over.
    Illegal,
    /// The move ends the game by itself (checkmate, stalemate, fivefold repetition...).
    Ends(Outcome),
    /// The position after the move falls short of both rules: it will have occurred
    /// this many times, and this many half-moves will have passed since the last capture
    /// or pawn move.
    Short {
        /// Occurrences of the position after the move, that one included.
        repetitions: usize,
        /// Half-moves since the last capture or pawn move, after the move.
        halfmoves: u32,
    },
}

/// A game: where it started, every move since, and any result the players declared.
///
/// Automatic endings (checkmate, stalemate, dead position, fivefold repetition, the
/// seventy-five-move rule) are derived from the position; results that need a
/// player's decision (claims, agreement, resignation, time) are declared.
#[derive(Clone, Debug)]
pub struct Game {
    /// `positions[0]` is the start; `positions[i + 1]` follows `moves[i]`.
    positions: Vec<Position>,
    moves: Vec<Move>,
    sans: Vec<String>,
    declared: Option<Outcome>,
}

impl Default for Game {
    fn default() -> Game {
        Game::new()
    }
}

impl Game {
    /// A game from the standard starting position.
    ///
    /// ```
    /// use hotseat_chess::Game;
    /// let mut game = Game::new();
    /// game.play_san("e4").expect("legal");
    /// game.play_san("Nf6").expect("legal");
    /// assert_eq!(game.ply(), 2);
    /// assert!(!game.is_over());
    /// ```
    pub fn new() -> Game {
        Game::from_position(Position::startpos())
    }

    /// A game from any valid position.
    pub fn from_position(start: Position) -> Game {
        Game { positions: vec![start], moves: Vec::new(), sans: Vec::new(), declared: None }
    }

    /// The position now.
    pub fn position(&self) -> &Position {
        self.positions.last().expect("a game always has its start position")
    }

    /// The position the game started from.
    pub fn start(&self) -> &Position {
        &self.positions[0]
    }

    /// The position after `ply` half-moves (0 is the start), if the game is that long.
    pub fn position_at(&self, ply: usize) -> Option<&Position> {
        self.positions.get(ply)
    }

    /// The moves played, in order.
    pub fn moves(&self) -> &[Move] {
        &self.moves
    }

    /// The moves played, in SAN.
    pub fn san_moves(&self) -> &[String] {
        &self.sans
    }

    /// How many half-moves have been played.
    pub fn ply(&self) -> usize {
        self.moves.len()
    }

    /// The side to move.
    pub fn turn(&self) -> Color {
        self.position().turn()
    }

    /// Plays a legal move, recording its SAN.
    ///
    /// # Panics
    ///
    /// Panics if the move is illegal or the game is over; use
    /// [`try_play`](Game::try_play) for moves from outside.
    pub fn play(&mut self, m: Move) {
        assert!(
            self.position().is_legal(m) && !self.is_over(),
            "move {m:?} cannot be played: illegal or the game is over"
        );
        self.push(m);
    }

    /// Plays a move if it is legal and the game is not over; otherwise changes nothing
    /// and says why.
    pub fn try_play(&mut self, m: Move) -> Result<(), PlayError> {
        let reason = match self.outcome() {
            Some(outcome) => Illegality::GameOver(outcome),
            None if self.position().is_legal(m) => {
                self.push(m);
                return Ok(());
            }
            None => self.explain(m.from(), m.to()).unwrap_or(Illegality::NotLegalHere),
        };
        Err(PlayError::new(m, reason))
    }

    /// The square a pawn skipped over if the last move was its double step: a
    /// position keeps its en-passant square only while the capture is legal, so only
    /// the game can say that taking en passant would expose the king.
    pub(super) fn skipped(&self) -> Option<Square> {
        let last = *self.moves.last()?;
        let before = &self.positions[self.positions.len().checked_sub(2)?];
        let double_push = before.piece_at(last.from()).is_some_and(|p| p.role == Role::Pawn)
            && last.from().index().abs_diff(last.to().index()) == 16;
        double_push.then(|| Square::new(u32::midpoint(last.from() as u32, last.to() as u32)))
    }

    pub(super) fn push(&mut self, m: Move) {
        let pos = self.position();
        let san = pos.san(m);
        let mut next = pos.clone();
        next.play_unchecked(m);
        self.positions.push(next);
        self.moves.push(m);
        self.sans.push(san);
    }

    /// Takes back one step: a declared result on its own (the moves stay, and
    /// [`declare`](Game::declare) puts it back), otherwise the last move together with
    /// any automatic ending it brought. `None` when there is nothing to take back.
    ///
    /// ```
    /// use hotseat_chess::{Color, Game, Undone};
    /// let mut game = Game::new();
    /// game.play_san("e4").expect("legal");
    /// game.resign(Color::Black);
    /// let resigned = game.outcome().expect("over");
    /// assert_eq!(game.undo(), Some(Undone::Result(resigned)));
    /// assert_eq!(game.ply(), 1);
    /// assert!(matches!(game.undo(), Some(Undone::Move(_))));
    /// assert_eq!(game.undo(), None);
    /// ```
    pub fn undo(&mut self) -> Option<Undone> {
        if let Some(outcome) = self.declared.take() {
            return Some(Undone::Result(outcome));
        }
        let m = self.moves.pop()?;
        self.positions.pop();
        self.sans.pop();
        Some(Undone::Move(m))
    }

    /// The result the players declared (or a record gave), if any, as opposed to an
    /// ending read from the position.
    pub fn declared(&self) -> Option<Outcome> {
        self.declared
    }

    /// The number of the move at `index` (0 is the first move of the game) and who
    /// plays it, counting from the start position's fullmove number and side to move.
    /// Any index has a number, played or not.
    ///
    /// ```
    /// use hotseat_chess::{Color, Game, MoveNumber, Position};
    /// let start = Position::from_fen("4k3/8/8/8/8/8/8/R3K3 b - - 0 30").expect("valid fen");
    /// let game = Game::from_position(start);
    /// assert_eq!(game.move_number(0), MoveNumber { fullmove: 30, color: Color::Black });
    /// assert_eq!(game.move_number(1), MoveNumber { fullmove: 31, color: Color::White });
    /// ```
    pub fn move_number(&self, index: usize) -> MoveNumber {
        let start = self.start();
        let index = index as u64 + u64::from(start.turn() == Color::Black);
        let color = if index.is_multiple_of(2) { Color::White } else { Color::Black };
        MoveNumber { fullmove: u64::from(start.fullmoves()).saturating_add(index / 2), color }
    }

    /// The move at `index` with its number, for players: `12. Nf3`, `12… Nc6`; `None`
    /// past the last move.
    ///
    /// ```
    /// use hotseat_chess::Game;
    /// let mut game = Game::new();
    /// game.play_san("e4").expect("legal");
    /// game.play_san("e5").expect("legal");
    /// assert_eq!(game.label(1).as_deref(), Some("1… e5"));
    /// assert_eq!(game.label(2), None);
    /// ```
    pub fn label(&self, index: usize) -> Option<String> {
        let san = self.sans.get(index)?;
        Some(format!("{} {san}", self.move_number(index)))
    }

    /// How many times the current position has occurred, this time included.
    ///
    /// Positions count as the same by FIDE's definition: the same pieces on the same
    /// squares, the same side to move, the same castling rights and the same legal
    /// en-passant captures.
    pub fn repetitions(&self) -> usize {
        let now = self.position();
        // Only positions since the last capture or pawn move can repeat.
        let window = (now.halfmoves() as usize).min(self.positions.len() - 1);
        let first = self.positions.len() - 1 - window;
        self.positions[first..]
            .iter()
            .rev()
            .step_by(2)
            .filter(|p| p.hash() == now.hash() && same_for_repetition(p, now))
            .count()
    }

    /// The outcome, if the game is over: a declared result, or an automatic ending.
    pub fn outcome(&self) -> Option<Outcome> {
        self.declared.or_else(|| self.automatic_outcome())
    }

    /// Whether the game is over.
    pub fn is_over(&self) -> bool {
        self.outcome().is_some()
    }

    fn automatic_outcome(&self) -> Option<Outcome> {
        let pos = self.position();
        if pos.count_legal_moves() == 0 {
            return Some(if pos.is_check() {
                Outcome::win(!pos.turn(), Reason::Checkmate)
            } else {
                Outcome::draw(Reason::Stalemate)
            });
        }
        if pos.is_insufficient_material() {
            return Some(Outcome::draw(Reason::InsufficientMaterial));
        }
        if self.repetitions() >= 5 {
            return Some(Outcome::draw(Reason::FivefoldRepetition));
        }
        if pos.halfmoves() >= 150 {
            return Some(Outcome::draw(Reason::SeventyFiveMoveRule));
        }
        None
    }

    /// The draw the side to move may claim now, if any (repetition first).
    pub fn claimable_draw(&self) -> Option<DrawClaim> {
        if self.is_over() {
            None
        } else if self.repetitions() >= 3 {
            Some(DrawClaim::ThreefoldRepetition)
        } else if self.position().halfmoves() >= 100 {
            Some(DrawClaim::FiftyMoveRule)
        } else {
            None
        }
    }

    /// The draw the side to move may claim by writing `m` down and playing it: the
    /// position after `m` will have occurred three times, or `m` completes fifty moves
    /// each without a capture or pawn move (FIDE 9.2.1.1, 9.3.1.1). A move that ends
    /// the game by itself claims nothing: the game ends with it.
    pub fn claimable_with(&self, m: Move) -> Result<DrawClaim, NoClaim> {
        if self.is_over() || !self.position().is_legal(m) {
            return Err(NoClaim::Illegal);
        }
        let mut after = self.clone();
        after.push(m);
        if let Some(outcome) = after.outcome() {
            return Err(NoClaim::Ends(outcome));
        }
        after.claimable_draw().ok_or(NoClaim::Short {
            repetitions: after.repetitions(),
            halfmoves: after.position().halfmoves(),
        })
    }

    /// Claims a draw if one is claimable, declaring it. Returns the outcome.
    pub fn claim_draw(&mut self) -> Option<Outcome> {
        let claim = self.claimable_draw()?;
        let outcome = Outcome::draw(claim.reason());
        self.declared = Some(outcome);
        Some(outcome)
    }

    /// Declares that `color` resigned (ignored once the game is over).
    pub fn resign(&mut self, color: Color) {
        self.declare(Outcome::win(!color, Reason::Resignation));
    }

    /// Declares a draw by agreement (ignored once the game is over).
    pub fn agree_draw(&mut self) {
        self.declare(Outcome::draw(Reason::Agreement));
    }

    /// Declares that `color`'s clock ran out: a loss, or a draw when the opponent could
    /// not checkmate by any series of legal moves.
    pub fn flag(&mut self, color: Color) {
        let outcome = if self.position().has_insufficient_material(!color) {
            Outcome::draw(Reason::TimeoutWithInsufficientMaterial)
        } else {
            Outcome::win(!color, Reason::Timeout)
        };
        self.declare(outcome);
    }

    /// Declares any outcome, as read from a game record (ignored once the game is over).
    /// [`undo`](Game::undo) takes it back on its own, whatever its reason; the reasons
    /// meant for this are those where [`Reason::is_declared`] holds.
    pub fn declare(&mut self, outcome: Outcome) {
        if !self.is_over() {
            self.declared = Some(outcome);
        }
    }
}

fn same_for_repetition(a: &Position, b: &Position) -> bool {
    a.turn == b.turn
        && a.by_color == b.by_color
        && a.by_role == b.by_role
        && a.castling == b.castling
        && a.ep_square == b.ep_square
}

#[cfg(test)]
mod tests {
    use super::*;

    fn play_all(game: &mut Game, moves: &str) {
        for san in moves.split_whitespace() {
            game.play_san(san).unwrap_or_else(|e| panic!("{san}: {e}"));
        }
    }

    #[test]
    fn en_passant_that_exposes_the_king_says_so() {
        let mut game =
            Game::from_position(Position::from_fen("8/8/8/8/k2p3R/8/4P3/4K3 w - - 0 1").expect("valid fen"));
        play_all(&mut game, "e4");
        for typed in ["dxe3", "d4e3"] {
            let err = game.play_san(typed).expect_err("the capture would expose the king");
            assert_eq!(
                err.to_string(),
                "illegal move: taking en passant would leave your king in check",
                "{typed}"
            );
        }
        assert_eq!(game.ply(), 1);
    }

    #[test]
    fn fools_mate_is_checkmate_and_black_wins() {
        let mut game = Game::new();
        play_all(&mut game, "f3 e5 g4 Qh4#");
        let outcome = game.outcome().expect("game over");
        assert_eq!(outcome, Outcome::win(Color::Black, Reason::Checkmate));
        assert_eq!(outcome.to_string(), "Checkmate — Black wins 0-1");
        assert!(game.play_san("a3").is_err());
        assert_eq!(game.ply(), 4);
    }

    #[test]
    fn stalemate_is_a_draw() {
        let mut game =
            Game::from_position(Position::from_fen("7k/8/6Q1/8/8/8/8/K7 w - - 0 1").expect("valid fen"));
        play_all(&mut game, "Qf7");
        assert_eq!(game.outcome(), Some(Outcome::draw(Reason::Stalemate)));
        assert_eq!(game.outcome().expect("over").to_string(), "Stalemate — draw 1/2-1/2");
    }

    #[test]
    fn threefold_repetition_is_claimable_not_automatic_and_fivefold_ends_the_game() {
        let mut game = Game::new();
        let cycle = "Nf3 Nf6 Ng1 Ng8";
        play_all(&mut game, cycle);
        assert_eq!(game.repetitions(), 2);
        assert_eq!(game.claimable_draw(), None);
        play_all(&mut game, cycle);
        assert_eq!(game.repetitions(), 3);
        assert_eq!(game.claimable_draw(), Some(DrawClaim::ThreefoldRepetition));
        assert_eq!(game.outcome(), None);
        play_all(&mut game, cycle);
        play_all(&mut game, cycle);
        assert_eq!(game.repetitions(), 5);
        assert_eq!(game.outcome(), Some(Outcome::draw(Reason::FivefoldRepetition)));
        assert_eq!(game.outcome().expect("over").to_string(), "Draw by fivefold repetition 1/2-1/2");
    }

    #[test]
    fn a_draw_is_claimed_with_the_move_that_makes_it_and_not_with_one_that_does_not() {
        let mut game = Game::new();
        play_all(&mut game, "Nf3 Nf6 Ng1 Ng8 Nf3 Nf6 Ng1");
        let ng8 = game.position().parse_san("Ng8").expect("legal");
        let nc6 = game.position().parse_san("Nc6").expect("legal");
        assert_eq!(game.claimable_draw(), None, "not yet, without the move");
        assert_eq!(game.claimable_with(ng8), Ok(DrawClaim::ThreefoldRepetition));
        assert_eq!(game.claimable_with(nc6), Err(NoClaim::Short { repetitions: 1, halfmoves: 8 }));
        assert_eq!(game.ply(), 7, "asking plays nothing");
        let pos = Position::from_fen("4k3/8/8/8/8/8/8/R3K3 w - - 99 80").expect("valid fen");
        let game = Game::from_position(pos);
        let ra2 = game.position().parse_san("Ra2").expect("legal");
        assert_eq!(game.claimable_with(ra2), Ok(DrawClaim::FiftyMoveRule));
        let pos = Position::from_fen("7k/8/6K1/8/8/8/8/R7 w - - 99 80").expect("valid fen");
        let game = Game::from_position(pos);
        let mate = game.position().parse_san("Ra8").expect("legal");
        assert_eq!(
            game.claimable_with(mate),
            Err(NoClaim::Ends(Outcome::win(Color::White, Reason::Checkmate)))
        );
    }

    #[test]
    fn claiming_threefold_declares_the_draw_and_undo_takes_it_back() {
        let mut game = Game::new();
        play_all(&mut game, "Nf3 Nf6 Ng1 Ng8 Nf3 Nf6 Ng1 Ng8");
        let claimed = Outcome::draw(Reason::ThreefoldRepetition);
        assert_eq!(game.claim_draw(), Some(claimed));
        assert!(game.is_over());
        assert_eq!(game.undo(), Some(Undone::Result(claimed)));
        assert!(!game.is_over());
        assert_eq!(game.ply(), 8, "the moves stay");
    }

    #[test]
    fn undo_takes_back_a_declared_result_on_its_own_and_declare_puts_it_back() {
        let mut game = Game::new();
        play_all(&mut game, "e4 e5");
        let resigned = Outcome::win(Color::White, Reason::Resignation);
        game.resign(Color::Black);
        assert_eq!(game.declared(), Some(resigned));
        assert_eq!(game.undo(), Some(Undone::Result(resigned)));
        assert_eq!((game.ply(), game.outcome()), (2, None));
        game.declare(resigned);
        assert_eq!(game.outcome(), Some(resigned));
        assert_eq!(game.undo(), Some(Undone::Result(resigned)));
        assert_eq!(game.undo(), Some(Undone::Move(Move::normal(Square::E7, Square::E5))));
        assert_eq!(game.undo(), Some(Undone::Move(Move::normal(Square::E2, Square::E4))));
        assert_eq!(game.undo(), None);
    }

    #[test]
    fn a_result_declared_before_any_move_is_taken_back_too() {
        let mut game = Game::new();
        game.agree_draw();
        assert_eq!(game.undo(), Some(Undone::Result(Outcome::draw(Reason::Agreement))));
        assert_eq!(game.undo(), None);
    }

    #[test]
    fn checkmate_goes_with_the_move_that_gave_it() {
        let mut game = Game::new();
        play_all(&mut game, "f3 e5 g4 Qh4#");
        assert_eq!(game.declared(), None);
        assert_eq!(game.undo(), Some(Undone::Move(Move::normal(Square::D8, Square::H4))));
        assert_eq!((game.ply(), game.outcome()), (3, None));
    }

    #[test]
    fn moves_are_numbered_from_the_start_position_whoever_moves_first() {
        let mut game = Game::new();
        play_all(&mut game, "e4 e5 Nf3");
        assert_eq!(game.move_number(0), MoveNumber { fullmove: 1, color: Color::White });
        assert_eq!(game.move_number(1), MoveNumber { fullmove: 1, color: Color::Black });
        assert_eq!(game.move_number(2), MoveNumber { fullmove: 2, color: Color::White });
        assert_eq!(game.label(0).as_deref(), Some("1. e4"));
        assert_eq!(game.label(1).as_deref(), Some("1… e5"));
        assert_eq!(game.label(2).as_deref(), Some("2. Nf3"));
        assert_eq!(game.label(3), None);
        let start = Position::from_fen("4k3/8/8/8/8/8/8/R3K3 b - - 0 12").expect("valid fen");
        let mut game = Game::from_position(start);
        play_all(&mut game, "Kd7 Ra2 Kd6");
        let labels: Vec<String> = (0..3).filter_map(|i| game.label(i)).collect();
        assert_eq!(labels, ["12… Kd7", "13. Ra2", "13… Kd6"]);
        assert_eq!(game.move_number(2).to_string(), "13…");
        // The numbering agrees with the positions' own fullmove numbers.
        for ply in 0..game.ply() {
            let pos = game.position_at(ply).expect("a position before every move");
            let number = game.move_number(ply);
            assert_eq!((number.fullmove, number.color), (u64::from(pos.fullmoves()), pos.turn()));
        }
    }

    #[test]
    fn repetition_needs_the_same_legal_en_passant_rights() {
        // After 1. e4 ... the position with a legal en-passant capture differs from the
        // same placement without one.
        let mut game = Game::from_position(
            Position::from_fen("4k3/8/8/8/3p4/8/4P3/4K1N1 w - - 0 1").expect("valid fen"),
        );
        play_all(&mut game, "e4");
        let with_ep = game.position().hash();
        assert!(game.position().ep_square().is_some());
        play_all(&mut game, "Kd7 Nf3 Ke8 Ng1 Kd7 Nf3 Ke8 Ng1");
        assert_ne!(game.position().hash(), with_ep);
        assert_eq!(game.repetitions(), 2, "the first occurrence had an en-passant right and does not count");
    }

    #[test]
    fn fifty_move_rule_is_claimable_at_100_plies_and_75_moves_end_the_game() {
        let pos = Position::from_fen("4k3/8/8/8/8/8/8/R3K3 w - - 99 80").expect("valid fen");
        let mut game = Game::from_position(pos);
        assert_eq!(game.claimable_draw(), None);
        play_all(&mut game, "Ra2");
        assert_eq!(game.claimable_draw(), Some(DrawClaim::FiftyMoveRule));
        let pos = Position::from_fen("4k3/8/8/8/8/8/8/R3K3 w - - 149 100").expect("valid fen");
        let mut game = Game::from_position(pos);
        play_all(&mut game, "Ra2");
        assert_eq!(game.outcome(), Some(Outcome::draw(Reason::SeventyFiveMoveRule)));
    }

    #[test]
    fn checkmate_on_the_seventy_fifth_move_still_wins() {
        let pos = Position::from_fen("6k1/5ppp/8/8/8/8/8/R5K1 w - - 149 100").expect("valid fen");
        let mut game = Game::from_position(pos);
        play_all(&mut game, "Ra8#");
        assert_eq!(game.outcome(), Some(Outcome::win(Color::White, Reason::Checkmate)));
    }

    #[test]
    fn dead_positions_are_drawn_by_insufficient_material() {
        for fen in [
            "4k3/8/8/8/8/8/8/4K3 w - - 0 1",
            "4k3/8/8/8/8/8/8/4KN2 w - - 0 1",
            "4k3/8/8/8/8/8/8/4KB2 w - - 0 1",
            "4kb2/8/8/8/8/8/8/2B1K3 w - - 0 1",
        ] {
            let game = Game::from_position(Position::from_fen(fen).expect("valid fen"));
            assert_eq!(game.outcome(), Some(Outcome::draw(Reason::InsufficientMaterial)), "{fen}");
        }
        for fen in [
            "4k3/8/8/8/8/8/8/3NKN2 w - - 0 1",
            "4kb2/8/8/8/8/8/8/3BK3 w - - 0 1",
            "4kn2/8/8/8/8/8/8/4KN2 w - - 0 1",
        ] {
            let game = Game::from_position(Position::from_fen(fen).expect("valid fen"));
            assert_eq!(game.outcome(), None, "{fen}");
        }
    }

    #[test]
    fn agreement_resignation_and_time_are_declared() {
        let mut game = Game::new();
        game.agree_draw();
        assert_eq!(game.outcome(), Some(Outcome::draw(Reason::Agreement)));
        let mut game = Game::new();
        game.resign(Color::White);
        assert_eq!(game.outcome().expect("over").to_string(), "White resigns — Black wins 0-1");
        let mut game = Game::new();
        game.flag(Color::White);
        assert_eq!(game.outcome().expect("over").to_string(), "Black wins on time 0-1");
        let mut game = Game::new();
        game.declare(Outcome::win(Color::White, Reason::Unspecified));
        assert_eq!(game.outcome().expect("over").to_string(), "White wins 1-0");
        let mut bare =
            Game::from_position(Position::from_fen("4k3/8/8/8/8/8/8/3QK3 w - - 0 1").expect("valid fen"));
        bare.flag(Color::White);
        assert_eq!(
            bare.outcome().expect("over").to_string(),
            "Draw: time out with insufficient material 1/2-1/2"
        );
    }
}
