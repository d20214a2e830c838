//! Where the plain face's input lines, and the time, come from: any `BufRead` (for
//! scripts and tests), or standard input read on a thread of its own, so the clocks can
//! be told while a player thinks.

use std::io::{self, BufRead};
use std::sync::mpsc::{self, Receiver, RecvTimeoutError};
use std::thread;
use std::time::{Duration, Instant};

/// Where input lines, and the time, come from.
pub trait LineSource {
    /// Waits for the next line, at most `timeout` when there is one (while a clock
    /// runs). A source that cannot time out may wait for the line all the same.
    fn next_line(&mut self, timeout: Option<Duration>) -> io::Result<Polled>;

    /// The time now, for the clocks; a test source may make it up.
    fn now(&mut self) -> Instant {
        Instant::now()
    }

    /// Carries out a stop the source announced with [`Polled::Suspend`] (the clocks
    /// are paused and the players told by then). Sources that never announce one
    /// need not say otherwise.
    fn suspend(&mut self) {}
}

/// What waiting for a line brought.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Polled {
    /// A line, without its line ending.
    Line(String),
    /// Nothing, in the time given.
    TimedOut,
    /// There will be no more lines.
    Closed,
    /// The program is asked to stop (SIGTSTP, Ctrl-Z at a shell): the loop pauses the
    /// clocks, so the time away is nobody's, then calls [`LineSource::suspend`].
    Suspend,
}

/// Lines from any reader, at the real time. Reading blocks, so a clock's warnings
/// come with the next line (scripts, tests).
pub struct Reader<R>(pub R);

impl<R: BufRead> LineSource for Reader<R> {
    fn next_line(&mut self, _timeout: Option<Duration>) -> io::Result<Polled> {
        read_line(&mut self.0)
    }
}

fn read_line(reader: &mut impl BufRead) -> io::Result<Polled> {
    let mut line = String::new();
    if reader.read_line(&mut line)? == 0 {
        return Ok(Polled::Closed);
    }
    let line = line.strip_suffix('\n').unwrap_or(&line);
    Ok(Polled::Line(line.strip_suffix('\r').unwrap_or(line).to_owned()))
}

/// Standard input, read line by line on a thread of its own, so the clocks are told
/// (and a flag falls) while a player thinks.
///
/// A signal that would end the program (Ctrl-C, SIGTERM, SIGHUP: [`ending_signals`])
/// ends the input instead, on Unix, so the game ends as a quit does and the players are
/// told where it is saved; a second one ends the program at once. A stop (Ctrl-Z,
/// SIGTSTP) pauses the clocks before the program stops.
///
/// [`ending_signals`]: crate::tui::ending_signals
pub struct StdinLines {
    lines: Receiver<Incoming>,
    stopped_by: Option<i32>,
}

/// What the threads hand over.
enum Incoming {
    Line(io::Result<Polled>),
    /// A signal that ends the game.
    Signal(i32),
    /// SIGTSTP: pause the clocks, then stop.
    Suspend,
}

impl StdinLines {
    /// Starts reading standard input, and turns the ending signals into its end.
    pub fn start() -> io::Result<StdinLines> {
        let (sender, lines) = mpsc::channel();
        #[cfg(unix)]
        {
            use signal_hook::consts::signal::SIGTSTP;
            let mut wanted = crate::tui::ending_signals();
            wanted.push(SIGTSTP);
            let mut signals = signal_hook::iterator::Signals::new(wanted)?;
            let sender = sender.clone();
            thread::Builder::new().name("signals".to_owned()).spawn(move || {
                let mut asked = false;
                for signal in signals.forever() {
                    if signal == SIGTSTP {
                        // With no loop to pause the clocks (it has ended), stop at once.
                        if sender.send(Incoming::Suspend).is_err() {
                            crate::tui::stop();
                        }
                        continue;
                    }
                    if !asked && sender.send(Incoming::Signal(signal)).is_ok() {
                        asked = true;
                        continue;
                    }
                    // The destructors are skipped: the engines end here.
                    crate::engine::end_all();
                    std::process::exit(128 + signal);
                }
            })?;
        }
        thread::Builder::new().name("stdin".to_owned()).spawn(move || {
            let mut stdin = io::stdin().lock();
            loop {
                let line = read_line(&mut stdin);
                let done = !matches!(line, Ok(Polled::Line(_)));
                if sender.send(Incoming::Line(line)).is_err() || done {
                    break;
                }
            }
        })?;
        Ok(StdinLines { lines, stopped_by: None })
    }

    /// The signal that ended the input, if one did: the program should exit with
    /// status 128 plus its number.
    pub fn stopped_by(&self) -> Option<i32> {
        self.stopped_by
    }
}

impl LineSource for StdinLines {
    fn next_line(&mut self, timeout: Option<Duration>) -> io::Result<Polled> {
        let incoming = match timeout {
            None => self.lines.recv().map_err(|_| RecvTimeoutError::Disconnected),
            Some(timeout) => self.lines.recv_timeout(timeout),
        };
        match incoming {
            Ok(Incoming::Line(line)) => line,
            Ok(Incoming::Signal(signal)) => {
                self.stopped_by = Some(signal);
                Ok(Polled::Closed)
            }
            Ok(Incoming::Suspend) => Ok(Polled::Suspend),
            Err(RecvTimeoutError::Timeout) => Ok(Polled::TimedOut),
            Err(RecvTimeoutError::Disconnected) => Ok(Polled::Closed),
        }
    }

    fn suspend(&mut self) {
        crate::tui::stop();
    }
}
