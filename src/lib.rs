//! hotseat: chess in a terminal, for two people at one keyboard or at two terminals, or
//! one against an engine.
//!
//! The program is three crates of one workspace, each using only those below it, and
//! within each, floors, each using only those below it:
//!
//! `hotseat-chess` (`crates/hotseat-chess`), the rules core, re-exported here as
//! [`chess`]: positions, moves, notation, history and the draw rules; no terminal, no
//! files, no time.
//!
//! `hotseat-game` (`crates/hotseat-game`), the floors under the faces, which know no
//! terminal and no command line (`.ci/run` checks its dependencies); re-exported here by
//! name, so that `hotseat::session` and `crate::session` keep their meaning:
//!
//! 1. [`annotations`], what a game record says about its moves besides the moves
//!    (comments and the commands in them, NAGs, variations); [`printable`], text from
//!    outside made safe to print; [`clipboard`], copying through the terminal's own
//!    bytes.
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
//! 5. [`remote`] (on Unix), a game between terminals: the socket, the protocol, the
//!    referee feeding a seat from another terminal, and the view that joins; sources
//!    of the session's seats, as the engine's are, and no face.
//!
//! `hotseat`, this crate: the faces and the command line.
//!
//! 6. [`input`] turns keys into actions through one table per mode; [`plain`] is the
//!    plain-text face, the game in lines (screen readers, braille displays, scripts).
//! 7. [`ui`] draws an `&App` (and the library), its help generated from the key tables.
//! 8. [`tui`], the board's face: it owns the terminal and reads its events, drawing
//!    with [`ui`]. No face imports another.
//! 9. [`cli`] reads the command line, opens the game and words its errors; the
//!    commands that run a face of their own (`host`, `join`, `watch`) start it here.
//! 10. The `hotseat` binary: parse, open, pick a face, say farewell.

pub use hotseat_chess as chess;

#[cfg(unix)]
pub use hotseat_game::remote;
pub use hotseat_game::{
    annotations, app, clipboard, clock, engine, library, openings, printable, records, review, session,
};

pub mod cli;
pub mod input;
pub mod plain;
pub mod tui;
pub mod ui;
