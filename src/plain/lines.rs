//! Where the plain face's input lines come from: any `BufRead` (for scripts and tests),
//! or standard input read on a thread of its own through the session's [`Feed`], so
//! the clocks can be told while a player thinks. Both are an [`Input`] of lines.

use std::io::{self, BufRead, IsTerminal};
use std::time::Duration;

use crate::session::{Feed, Input, Polled, signals, terminal_gone};

/// The longest line read, in bytes: the rest of a longer one is discarded, so a line
/// without end (a stream gone wrong, a hostile one) never fills the memory.
pub const MAX_LINE: usize = 64 * 1024;

/// A line of input, as read: the text, with what was wrong with it, if anything.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Line {
    /// The text, without its line ending (decoded as far as it goes when it is not
    /// readable).
    pub text: String,
    /// Whether it was UTF-8 text.
    pub readable: bool,
    /// Whether it was longer than [`MAX_LINE`], and cut there.
    pub cut: bool,
}

impl From<String> for Line {
    fn from(text: String) -> Line {
        Line { text, readable: true, cut: false }
    }
}

/// Lines from any reader, at the real time. Reading blocks, so a clock's warnings
/// come with the next line (scripts, tests).
pub struct Reader<R>(pub R);

impl<R: BufRead> Input<Line> for Reader<R> {
    fn wait(&mut self, _timeout: Option<Duration>) -> io::Result<Polled<Line>> {
        Ok(read_line(&mut self.0)?.map_or(Polled::Closed, Polled::Input))
    }
}

/// The next line, as bytes up to [`MAX_LINE`] (the rest of a longer one read and
/// dropped), decoded; `None` at the end of the input, or when its terminal hung up.
fn read_line(reader: &mut impl BufRead) -> io::Result<Option<Line>> {
    let mut bytes = Vec::new();
    let mut cut = false;
    let mut any = false;
    loop {
        let buffer = match reader.fill_buf() {
            Ok(buffer) => buffer,
            Err(err) if err.kind() == io::ErrorKind::Interrupted => continue,
            // The terminal hung up: that is the end of the input.
            Err(err) if terminal_gone(&err) => return Ok(None),
            Err(err) => return Err(err),
        };
        if buffer.is_empty() {
            if !any {
                return Ok(None);
            }
            break;
        }
        any = true;
        let end = buffer.iter().position(|&b| b == b'\n');
        let chunk = &buffer[..end.unwrap_or(buffer.len())];
        let room = MAX_LINE - bytes.len();
        cut |= chunk.len() > room;
        bytes.extend_from_slice(&chunk[..chunk.len().min(room)]);
        let used = end.map_or(buffer.len(), |end| end + 1);
        reader.consume(used);
        if end.is_some() {
            break;
        }
    }
    if bytes.last() == Some(&b'\r') {
        bytes.pop();
    }
    Ok(Some(decoded(bytes, cut)))
}

/// `bytes` as a line: UTF-8 text, or not readable. A line cut at [`MAX_LINE`] may end
/// in the middle of a character, which is dropped.
fn decoded(mut bytes: Vec<u8>, cut: bool) -> Line {
    if let Err(err) = std::str::from_utf8(&bytes)
        && cut
        && err.error_len().is_none()
    {
        bytes.truncate(err.valid_up_to());
    }
    match String::from_utf8(bytes) {
        Ok(text) => Line { text, readable: true, cut },
        Err(err) => Line { text: String::from_utf8_lossy(err.as_bytes()).into_owned(), readable: false, cut },
    }
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
    feed: Feed<Line>,
}

impl StdinLines {
    /// Starts reading standard input, and turns the ending signals into its end.
    pub fn start() -> io::Result<StdinLines> {
        let stdin = io::stdin();
        let terminal = stdin.is_terminal();
        let feed = Feed::start("stdin", move || read_line(&mut stdin.lock()), || {}, terminal)?;
        Ok(StdinLines { feed })
    }

    /// What wakes the loop reading these lines from another thread.
    pub fn waker(&self) -> crate::session::Waker {
        self.feed.waker()
    }

    /// The signal that ended the input, if one did: the program should exit with
    /// status 128 plus its number.
    pub fn stopped_by(&self) -> Option<i32> {
        self.feed.stopped_by()
    }
}

impl Input<Line> for StdinLines {
    fn wait(&mut self, timeout: Option<Duration>) -> io::Result<Polled<Line>> {
        // Lines need no terminal taken again after a stop.
        self.feed.wait(timeout, || Ok(None))
    }

    fn suspend(&mut self) -> io::Result<Polled<Line>> {
        signals::stop();
        Ok(Polled::TimedOut)
    }

    fn stopped_by(&self) -> Option<i32> {
        self.feed.stopped_by()
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn lines(input: &[u8]) -> Vec<Line> {
        let mut reader = input;
        std::iter::from_fn(|| read_line(&mut reader).expect("read")).collect()
    }

    #[test]
    fn a_line_that_is_not_utf8_is_read_as_unreadable_and_the_next_goes_on() {
        let read = lines(b"e4\r\n\xe9\ne5");
        assert_eq!(read[0], Line::from("e4".to_owned()));
        assert!(!read[1].readable && read[1].text == "\u{fffd}", "{:?}", read[1]);
        assert_eq!(read[2], Line::from("e5".to_owned()));
    }

    #[test]
    fn a_line_longer_than_the_limit_is_cut_and_the_rest_dropped() {
        let mut input = "é".repeat(MAX_LINE).into_bytes();
        input.extend_from_slice(b"\nquit\n");
        let read = lines(&input);
        assert_eq!(read.len(), 2);
        assert!(read[0].cut && read[0].readable, "a character split at the limit is dropped");
        assert_eq!(read[0].text.len(), MAX_LINE);
        assert_eq!(read[1], Line::from("quit".to_owned()));
    }
}
