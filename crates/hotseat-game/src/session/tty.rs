//! Standard output as a terminal that may go away under the game.

use std::io::{self, Write};
use std::sync::atomic::{AtomicBool, Ordering};

/// Standard output as the game's terminal, for every face. Once the terminal is gone (a write fails
/// with EIO or EPIPE: the window closed, the other end of a pseudo-terminal closed),
/// what is written to it is dropped as if written, so neither drawing nor putting the
/// terminal back ever fails, or panics, on a terminal that is not there; the loop
/// learns of the hangup from the input's side, and ends the game as a SIGHUP does.
///
/// Only for a terminal: a pipe's reader that has gone (EPIPE) ends a plain game with
/// an error instead.
#[derive(Clone, Copy, Debug, Default)]
pub struct Tty;

/// Whether the terminal has gone away.
static GONE: AtomicBool = AtomicBool::new(false);

impl Tty {
    /// Whether a write to the terminal found it gone.
    pub fn gone() -> bool {
        GONE.load(Ordering::SeqCst)
    }

    /// `result`, unless it says the terminal is gone: then `done`.
    fn tolerant<T>(result: io::Result<T>, done: T) -> io::Result<T> {
        match result {
            Err(err) if terminal_gone(&err) => {
                GONE.store(true, Ordering::SeqCst);
                Ok(done)
            }
            result => result,
        }
    }
}

impl Write for Tty {
    fn write(&mut self, buf: &[u8]) -> io::Result<usize> {
        if Tty::gone() {
            return Ok(buf.len());
        }
        Tty::tolerant(io::stdout().write(buf), buf.len())
    }

    fn flush(&mut self) -> io::Result<()> {
        if Tty::gone() {
            return Ok(());
        }
        Tty::tolerant(io::stdout().flush(), ())
    }
}

/// Whether `err` says the terminal (or the pipe) written to is gone: EIO, EPIPE, ENXIO.
pub fn terminal_gone(err: &io::Error) -> bool {
    #[cfg(unix)]
    if matches!(err.raw_os_error(), Some(libc::EIO | libc::ENXIO)) {
        return true;
    }
    err.kind() == io::ErrorKind::BrokenPipe
}
