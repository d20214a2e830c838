//! The session: what the loop of every face does for the game that is not about a
//! terminal. It stands between the [`app`](crate::app) and the faces (the board in
//! `tui`, the lines of `plain`), and owns, once:
//!
//! - the [`Host`] that carries out the app's effects, and the real one, the [`World`]:
//!   saving through the [`Recorder`], the engine's [`Reviewer`], the bell and the
//!   clipboard;
//! - the steps every loop takes with it: the [`tick`] before any input (with what the
//!   engine brought), the [`Effects`] of one action with one save, a stop
//!   ([`suspend`]), and how long to wait ([`wait_limit`]);
//! - the input, of any kind: one [`Source`] trait and one [`Polled`], and the [`Feed`]
//!   that reads on a thread of its own beside the [`signals`], and the terminal's
//!   output ([`Tty`]), which may go away under the game;
//! - the [`Seats`]: White and Black, each fed by a source of actions, and what a seat
//!   may do, and the [`computer`]: the engine, one more source feeding a seat, and
//!   the coach.
//!
//! A face only reads its input and presents the game.

pub mod computer;
mod host;
mod recorder;
mod reviewer;
mod seats;
pub mod signals;
mod source;
pub mod strings;
mod tty;
mod world;

pub use host::{
    Arrival, Counting, Effects, Host, POLL_EVERY, act, arrivals, carry_out, carry_out_one, reports, suspend,
    tick, wait_limit,
};
pub use recorder::{Farewell, Recorder};
pub use reviewer::Reviewer;
pub use seats::{Feeder, Seats, may};
pub use source::{Feed, Polled, Source, Waker};
pub use tty::{Tty, terminal_gone};
pub use world::World;
