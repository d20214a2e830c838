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
