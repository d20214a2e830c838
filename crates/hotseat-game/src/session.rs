//! The session: what the loop of every face does for the game that is not about a
//! terminal. It stands between the [`app`](crate::app) and the faces (the board in
//! `tui`, the lines of `plain`), and owns, once:
//!
//! - the one loop ([`run`]), generic over a [`Face`] that only reads its input and
//!   presents, and over what it runs: a game ([`Session`]), or the library;
//! - the one door: every deed, whoever feeds it (a key, a typed word, a line of plain
//!   text, another terminal, the engine), is judged by the [`Seats`] in
//!   [`Session::act`] before the app does it;
//! - its three concerns, apart: [`Effects`] carried out (the [`World`]: saving through
//!   the [`Recorder`], the engine's [`Reviewer`], the bell and the clipboard); the
//!   [`Source`]s feeding seats from elsewhere (the engine's [`computer::Bench`], another
//!   terminal); and the [`Views`] told what happened (another terminal);
//! - the input, of any kind: one [`Input`] trait and one [`Polled`], the [`Feed`] that
//!   reads on a thread of its own beside the [`signals`], and the terminal's output
//!   ([`Tty`]), which may go away under the game.

pub mod computer;
mod effects;
mod playing;
mod recorder;
mod reviewer;
mod run;
mod seats;
pub mod signals;
mod source;
pub mod sources;
pub mod strings;
mod tty;
mod world;

pub use effects::{Counting, Effects, POLL_EVERY, Pending};
pub use playing::{Read, Session};
pub use recorder::{Farewell, Recorder};
pub use reviewer::Reviewer;
pub use run::{Face, Runner, run};
pub use seats::{Feeder, Seats};
pub use source::{Feed, Input, Polled, Waker};
pub use sources::{Arrival, Elsewhere, News, Ruling, Source, Views};
pub use tty::{Tty, terminal_gone};
pub use world::World;
