//! The real `hotseat` binary, through pipes and pseudo-terminals: what only a real
//! process, terminal or engine shows.

#[path = "../common/mod.rs"]
mod common;

mod analyse;
mod cli;
mod computer;
mod computer_stockfish;
mod config;
mod e2e;
mod files;
mod files_hostile;
mod levels;
mod otb;
mod peers;
mod practice;
mod remote;
mod review_e2e;
mod screen_e2e;
mod seams;
mod ssh;
mod stockfish;

/// The longest wait of these tests (the host's real ten-second deadlines for a hello and
/// for a line), at the root so that it sorts first: libtest starts tests in the order
/// of their names, and this one, started last, kept the whole run waiting five seconds
/// more. Its body is with the other hostile peers (`peers.rs`).
#[test]
fn a_connection_trickling_a_byte_every_three_seconds_is_closed_within_twelve() {
    peers::a_connection_trickling_a_byte_every_three_seconds_is_closed_within_twelve();
}
