//! In-process tests: the library's API driven as the faces drive it, headless screens
//! (compared with the screens kept in `snapshots/`), scripted input through the real loops.

#[path = "../common/mod.rs"]
mod common;

mod annotations;
mod app;
mod clock_records;
mod clocks;
mod engine;
mod fuzz;
mod interaction;
mod layers;
mod library;
mod openings;
mod parsers_never_panic;
mod pgn;
mod pgn_interop;
mod plain;
mod records;
mod remote;
mod review;
mod screen;
mod snapshot;
mod store;
