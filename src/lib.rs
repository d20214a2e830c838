//! hotseat: chess in a terminal, for two people at one keyboard or at two terminals, or
//! one against an engine.
//!
//! The floors, from the ground up; each uses only those below it:
//!
//! 1. [`chess`], the rules core: the crate `hotseat-chess` of this workspace (no
//!    terminal, no files, no time), which the floors above name as `hotseat_chess`
//!    and which is re-exported here as `hotseat::chess` for the crate's users;
//!    [`printable`], text from outside made safe to print; [`clipboard`], copying
//!    through the terminal's own bytes.
//! 2. [`clock`]: chess clocks, on time handed in; [`openings`]: opening names, looked
//!    up by position; [`review`]: the review of a game (evaluations, marked moves,
//!    accuracy, and why an engine could not fill it), a pure model over the core.
//! 3. [`app`]: the game screen as a state machine: where the player is, the game's one
//!    history, and the effects it asks of the world outside (saving, copying, the
//!    engine). Beside it, knowing nothing of it: [`records`], saved games (the PGN
//!    format, the files on disk, the games folder, a game to play from them), and
//!    [`engine`], the UCI engine that fills a review, a child process on its own thread.
//! 4. [`session`], the face-neutral runner between the app and the faces: the two
//!    seats, the effects carried out (saving through the recorder, the engine, the
//!    bell, the clipboard), one save per action, the clocks' ticks, stops and signals,
//!    and one source of input of any kind. Beside it, [`library`]: the library screen
//!    as a state machine over the games folder that [`records::shelf`] reads. In the
//!    session's wing, [`session::computer`]: the engine's seats and the coach, sources
//!    the session's seats are fed from, with the engine playing through [`engine`].
//!
//! With the default `tui` feature, the faces and the command line above them:
//!
//! 5. [`input`] turns keys into actions through one table per mode; [`plain`] is the
//!    plain-text face, the game in lines (screen readers, braille displays, scripts);
//!    [`remote`] (on Unix) is a game between terminals: the socket, the protocol, the
//!    referee feeding a seat from another terminal, and the view that joins.
//! 6. [`ui`] draws an `&App` (and the library), its help generated from the key tables.
//! 7. [`tui`], the board's face: it owns the terminal and reads its events, drawing
//!    with [`ui`]. No face imports another.
//! 8. [`cli`] reads the command line, opens the game and words its errors; the
//!    commands that run a face of their own (`host`, `join`, `watch`) start it here.
//! 9. The `hotseat` binary: parse, open, pick a face, say farewell.
//!
//! Without the feature, the crate is the floors that know no terminal (1 to 4).

pub use hotseat_chess as chess;

// The floors under the faces are the crate `hotseat-game` of this workspace; named here
// as before, so that `crate::session` and `hotseat::app` keep their meaning.
#[cfg(unix)]
pub use hotseat_game::remote;
pub use hotseat_game::{
    app, clipboard, clock, engine, library, openings, printable, records, review, session,
};

#[cfg(feature = "tui")]
pub mod cli;
#[cfg(feature = "tui")]
pub mod input;
#[cfg(feature = "tui")]
pub mod plain;
#[cfg(feature = "tui")]
pub mod tui;
#[cfg(feature = "tui")]
pub mod ui;
