//! Choosing the face, once, for `hotseat`, `host` and `join`: the board where standard
//! input and output are both a terminal and plain text was not asked for, plain text
//! otherwise; and running a game's session with it.

use std::io::{IsTerminal, Write};

use anyhow::{Context, Result};

use crate::plain::{self, Announce, StdinLines};
use crate::session::{Session, Tty, Waker};
use crate::tui::Screen;
use crate::ui::Look;

/// This terminal's face, set up: the board (the terminal taken) or plain text (lines
/// read from standard input).
pub enum Faced {
    /// The board, on the terminal.
    Board(Screen),
    /// Plain text: lines read on a thread of their own, and where they are told.
    Lines(StdinLines, Box<dyn Write>),
}

impl Faced {
    /// The face for this terminal: plain text when `plain` is asked for, or when
    /// standard input or output is not a terminal; the board otherwise.
    pub fn start(plain: bool) -> Result<Faced> {
        let plain = plain || !std::io::stdin().is_terminal() || !std::io::stdout().is_terminal();
        if plain {
            let lines = StdinLines::start().context("cannot read standard input")?;
            // A terminal may go away under the game; a pipe's reader going is an error.
            let out: Box<dyn Write> =
                if std::io::stdout().is_terminal() { Box::new(Tty) } else { Box::new(std::io::stdout()) };
            return Ok(Faced::Lines(lines, out));
        }
        Ok(Faced::Board(Screen::start().context("cannot set up the terminal")?))
    }

    /// What wakes the face's loop from another thread (another terminal's news).
    pub fn waker(&self) -> Waker {
        match self {
            Faced::Board(screen) => screen.waker(),
            Faced::Lines(lines, _) => lines.waker(),
        }
    }

    /// Runs `session` with this face until the players quit or the input ends; the
    /// board draws with `look`, plain text speaks as `announce` says.
    pub fn play(&mut self, session: &mut Session, look: &Look, announce: Announce) -> Result<()> {
        match self {
            Faced::Board(screen) => screen.play(session, look).map_err(anyhow::Error::from),
            Faced::Lines(lines, out) => {
                plain::play(session, lines, out, announce).context("cannot play in plain text")
            }
        }
    }

    /// The signal that ended the game, if one did: the program should exit with status
    /// 128 plus its number, once the terminal is put back.
    pub fn stopped_by(&self) -> Option<i32> {
        match self {
            Faced::Board(screen) => screen.stopped_by(),
            Faced::Lines(lines, _) => lines.stopped_by(),
        }
    }
}
