//! Where the plain face's input lines come from: any `BufRead` (for scripts and tests),
//! or standard input read on a thread of its own through the session's [`Feed`], so
//! the clocks can be told while a player thinks. Both are a [`Source`] of lines.

use std::io::{self, BufRead, IsTerminal};
use std::time::Duration;

use crate::session::{Feed, Polled, Source, signals, terminal_gone};

/// Lines from any reader, at the real time. Reading blocks, so a clock's warnings
/// come with the next line (scripts, tests).
pub struct Reader<R>(pub R);

impl<R: BufRead> Source<String> for Reader<R> {
    fn wait(&mut self, _timeout: Option<Duration>) -> io::Result<Polled<String>> {
        Ok(read_line(&mut self.0)?.map_or(Polled::Closed, Polled::Input))
    }
}

/// The next line, without its line ending; `None` at the end of the input.
fn read_line(reader: &mut impl BufRead) -> io::Result<Option<String>> {
    let mut line = String::new();
    match reader.read_line(&mut line) {
        Ok(0) => return Ok(None),
        Ok(_) => {}
        // The terminal hung up: that is the end of the input.
        Err(err) if terminal_gone(&err) => return Ok(None),
        Err(err) => return Err(err),
    }
    let line = line.strip_suffix('\n').unwrap_or(&line);
    Ok(Some(line.strip_suffix('\r').unwrap_or(line).to_owned()))
}

/// Standard input, read line by line on a thread of its own, so the clocks are told
/// (and a flag falls) while a player thinks.
///
/// A signal that would end the program (Ctrl-C, SIGTERM, SIGHUP: the
/// [ending signals](signals::ending)) ends the input instead, on Unix, so the game
/// ends as a quit does and the players are told where it is saved; a second one ends
/// the program at once. A stop (Ctrl-Z, SIGTSTP) pauses the clocks before the program
/// stops.
pub struct StdinLines {
    feed: Feed<String>,
}

impl StdinLines {
    /// Starts reading standard input, and turns the ending signals into its end.
    pub fn start() -> io::Result<StdinLines> {
        let stdin = io::stdin();
        let terminal = stdin.is_terminal();
        let feed = Feed::start("stdin", move || read_line(&mut stdin.lock()), || {}, terminal)?;
        Ok(StdinLines { feed })
    }

    /// The signal that ended the input, if one did: the program should exit with
    /// status 128 plus its number.
    pub fn stopped_by(&self) -> Option<i32> {
        self.feed.stopped_by()
    }
}

impl Source<String> for StdinLines {
    fn wait(&mut self, timeout: Option<Duration>) -> io::Result<Polled<String>> {
        // Lines need no terminal taken again after a stop.
        self.feed.wait(timeout, || Ok(None))
    }

    fn suspend(&mut self) -> io::Result<Polled<String>> {
        signals::stop();
        Ok(Polled::TimedOut)
    }
}
