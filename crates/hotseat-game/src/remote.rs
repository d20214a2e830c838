//! Two terminals, one game: a hosted game's seat fed from another terminal, on this
//! machine through a Unix socket private to the user, or from anywhere through
//! OpenSSH. The host process is the referee (the rules, the clocks, the saving stay
//! there); every player and spectator elsewhere is a view, and what a view asks goes
//! through the session's [`Seats`](crate::session::Seats) and the same
//! [`App`](crate::app::App) as a key.

pub mod client;
pub mod host;
pub mod protocol;
pub mod socket;
pub mod strings;
pub mod tokens;
