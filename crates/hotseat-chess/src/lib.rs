//! The rules core: a pure chess library with no terminal or command-line code.
//!
//! The layers, from the bottom: coordinates ([`Square`], [`File`], [`Rank`],
//! [`Color`], [`Role`]) and [`Bitboard`]s; attack tables; [`Position`] with FEN,
//! legal move generation and move making; notation (SAN and UCI); and [`Game`],
//! which adds history, repetition, the clocks of the draw rules and the outcome.
//!
//! ```
//! use hotseat_chess::{Game, Outcome, Reason, Color};
//! let mut game = Game::new();
//! for san in ["f3", "e5", "g4", "Qh4#"] {
//!     game.play_san(san).expect("legal move");
//! }
//! assert_eq!(game.outcome(), Some(Outcome::win(Color::Black, Reason::Checkmate)));
//! ```

pub mod attacks;
mod bitboard;
mod chess960;
mod color;
mod fen;
mod game;
mod illegality;
mod movegen;
mod moves;
mod outcome;
mod perft;
mod position;
mod role;
mod san;
mod square;
mod typed;
mod uci;
mod zobrist;

pub use bitboard::Bitboard;
pub use color::{ByColor, Color};
pub use fen::{FenError, FenField, FenReason, Impossibility, STARTING_FEN, Strictness};
pub use game::{DrawClaim, Game, MoveNumber, NoClaim, Undone};
pub use illegality::Illegality;
pub use moves::{CastlingSide, MAX_MOVES, Move, MoveKind, MoveList};
pub use outcome::{GameResult, Outcome, Reason};
pub use perft::{perft, perft_divide};
pub use position::{PlayError, Position};
pub use role::{ByRole, Piece, Role};
pub use san::{ParseSanError, ReadMoveError, SanError};
pub use square::{File, ParseCoordError, ParseSquareError, Rank, Square};
pub use typed::{ANNOTATION_SUFFIXES, MAX_MOVE_TEXT, MoveText};

// The README's example is compiled and run with the documentation tests.
#[cfg(doctest)]
#[doc = include_str!("../README.md")]
struct ReadmeExample;
