//! The floors of hotseat between the rules core (`hotseat-chess`) and the faces: the
//! annotations of a record, the clock, the openings, the review, the app, the records,
//! the engine, the session, the library and the games between terminals. See the `hotseat` crate's docs for the floors.

pub mod annotations;
pub mod app;
pub mod clipboard;
pub mod clock;
pub mod engine;
pub mod library;
pub mod openings;
pub mod printable;
pub mod records;
#[cfg(unix)]
pub mod remote;
pub mod review;
pub mod session;
