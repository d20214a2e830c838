//! Where a face's input, and the time, come from: one [`Input`] trait for input of
//! any kind (a terminal's events, lines of text, a script in a test), and one
//! [`Feed`], the input read on a thread of its own and handed to the loop through the
//! same channel as the signals, so the loop waits in one place.

use std::io;
use std::sync::Arc;
use std::sync::atomic::{AtomicUsize, Ordering};
use std::sync::mpsc::{self, Receiver, RecvTimeoutError, Sender, TryRecvError};
use std::thread;
use std::time::{Duration, Instant};

use super::signals::{self, Signalled};

/// What waiting a limited time for input brought.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Polled<T> {
    /// A piece of input: a terminal event, a line.
    Input(T),
    /// Nothing, in the time given.
    TimedOut,
    /// There will be no more input.
    Closed,
    /// The program is asked to stop (SIGTSTP) : the loop pauses the clocks, so the
    /// time away is nobody's, then calls [`Input::suspend`].
    Suspend,
}

/// Where input, and the time, come from.
pub trait Input<T> {
    /// Waits for the next input, at most `timeout` when there is one (while a clock
    /// runs). A source that cannot time out may wait for the input all the same.
    fn wait(&mut self, timeout: Option<Duration>) -> io::Result<Polled<T>>;

    /// The time now, for the clocks; a test source may make it up.
    fn now(&mut self) -> Instant {
        Instant::now()
    }

    /// Carries out a stop the source announced with [`Polled::Suspend`] (the clocks
    /// are paused by then), and returns what came after it. Sources that never
    /// announce one need not say otherwise.
    fn suspend(&mut self) -> io::Result<Polled<T>> {
        Ok(Polled::TimedOut)
    }

    /// The signal that ended the input, if one did.
    fn stopped_by(&self) -> Option<i32> {
        None
    }
}

/// Scripted input, for tests: any iterator, at the real time, never timing out.
impl<T, I: Iterator<Item = T>> Input<T> for I {
    fn wait(&mut self, _timeout: Option<Duration>) -> io::Result<Polled<T>> {
        Ok(self.next().map_or(Polled::Closed, Polled::Input))
    }
}

/// What the threads hand over.
enum Incoming<T> {
    /// Input read, or the end of it (`None`), or why it could not be read.
    Input(io::Result<Option<T>>),
    /// A signal, already sorted.
    Signal(Signalled),
    /// Something else came for the loop (from another source): it should look.
    Wake,
}

/// Wakes a loop waiting on a [`Feed`], from any thread: news from another source
/// (another terminal) is looked at at once, not at the next tick.
pub type Waker = Arc<dyn Fn() + Send + Sync>;

/// The thread that reads, before it starts: where it hands over, its name, and how it
/// reads (the next input, `None` at its end).
struct Reading<T> {
    sender: Sender<Incoming<T>>,
    name: &'static str,
    read: Box<dyn FnMut() -> io::Result<Option<T>> + Send>,
}

/// Input read on a thread of its own, and the signals that would stop or end the
/// program (on Unix), through one channel: the loop blocks until something happens, so
/// an idle game costs no CPU, and while a clock runs it waits no longer than the next
/// visible change.
///
/// - A signal whose default action would end the program ([`signals::ending`]: SIGTERM,
///   SIGHUP, SIGINT...) ends the input, so the game ends as a quit does; the signal is
///   kept for the exit status ([`Feed::stopped_by`]). A second one, or one that comes
///   when nobody reads the input any more, ends the program at once (see
///   [`signals::watch`]).
/// - The end of the input counts as the signal that ended it, whichever reaches the
///   loop first (a script killed, and its pipe closed just after; a terminal that
///   hangs up): the signal is recorded by its handler, as it comes.
/// - SIGTSTP reads as [`Polled::Suspend`]; SIGCONT is handed to the face, which may
///   have a terminal to take again.
pub struct Feed<T> {
    incoming: Receiver<Incoming<T>>,
    /// Kept until the first wait, which starts the thread that reads (a terminal is in
    /// raw mode by then).
    reader: Option<Reading<T>>,
    stopped_by: Option<i32>,
    /// The last ending signal, set by its handler as it comes (0: none yet).
    signalled: Arc<AtomicUsize>,
    /// Whether the input is a terminal, which may hang up.
    terminal: bool,
    /// For [`Feed::waker`].
    wake: Sender<Incoming<T>>,
}

impl<T: Send + 'static> Feed<T> {
    /// Watches the signals from now on, and reads with `read` on a thread named `name`
    /// from the first wait on. `leave` puts the terminal back before the program
    /// stops or exits on a signal the loop cannot take (see [`signals::watch`]).
    ///
    /// With `terminal`, standard input is a terminal, watched on a thread of its own:
    /// when it hangs up (the window closed, the other end of a pseudo-terminal closed),
    /// the input ends as a SIGHUP would end it, whether or not one comes (a terminal
    /// that is not the program's controlling terminal sends none, and a reader may
    /// never learn of it).
    pub fn start(
        name: &'static str,
        read: impl FnMut() -> io::Result<Option<T>> + Send + 'static,
        leave: fn(),
        terminal: bool,
    ) -> io::Result<Feed<T>> {
        let (sender, incoming) = mpsc::channel();
        let handed = sender.clone();
        signals::watch(move |signal| handed.send(Incoming::Signal(signal)).is_ok(), leave)?;
        let signalled = Arc::new(AtomicUsize::new(0));
        signals::record_ending(&signalled)?;
        if terminal {
            let hung_up = sender.clone();
            signals::on_hangup(move || {
                let _ = hung_up.send(Incoming::Signal(Signalled::Ending(signals::SIGHUP)));
            })?;
        }
        let wake = sender.clone();
        Ok(Feed {
            incoming,
            reader: Some(Reading { sender, name, read: Box::new(read) }),
            stopped_by: None,
            signalled,
            terminal,
            wake,
        })
    }

    /// What wakes this feed's loop from another thread: its wait returns
    /// [`Polled::TimedOut`], and the loop looks at its other sources.
    pub fn waker(&self) -> Waker {
        let wake = self.wake.clone();
        Arc::new(move || {
            let _ = wake.send(Incoming::Wake);
        })
    }

    /// The signal that ended the input, if one did: the program should exit with
    /// status 128 plus its number.
    pub fn stopped_by(&self) -> Option<i32> {
        self.stopped_by
    }

    fn start_reading(&mut self) -> io::Result<()> {
        let Some(Reading { sender, name, mut read }) = self.reader.take() else { return Ok(()) };
        thread::Builder::new().name(name.to_owned()).spawn(move || {
            loop {
                let input = read();
                let done = !matches!(input, Ok(Some(_)));
                if sender.send(Incoming::Input(input)).is_err() || done {
                    break;
                }
            }
        })?;
        Ok(())
    }

    /// The signal that ended the input, when its end came first: the one its handler
    /// recorded, or the one on its way to the loop, or a hangup of the terminal.
    fn ended_by(&mut self) -> Option<i32> {
        let recorded = self.signalled.load(Ordering::SeqCst);
        if recorded != 0 {
            return i32::try_from(recorded).ok();
        }
        loop {
            match self.incoming.try_recv() {
                Ok(Incoming::Signal(Signalled::Ending(signal))) => return Some(signal),
                Ok(_) => {}
                Err(TryRecvError::Empty | TryRecvError::Disconnected) => break,
            }
        }
        (self.terminal && signals::hung_up()).then_some(signals::SIGHUP)
    }

    /// Waits for what the threads hand over, at most `timeout` if there is one: input,
    /// the end of it (an ending signal ends it too), a stop, or nothing in the time
    /// given. A SIGCONT goes to `continued`, which says what it brings, if anything.
    pub fn wait(
        &mut self,
        timeout: Option<Duration>,
        mut continued: impl FnMut() -> io::Result<Option<Polled<T>>>,
    ) -> io::Result<Polled<T>> {
        self.start_reading()?;
        // A deadline too far to count is no deadline.
        let deadline = timeout.and_then(|timeout| Instant::now().checked_add(timeout));
        loop {
            let incoming = match deadline {
                None => self.incoming.recv().map_err(|_| RecvTimeoutError::Disconnected),
                Some(deadline) => {
                    self.incoming.recv_timeout(deadline.saturating_duration_since(Instant::now()))
                }
            };
            let incoming = match incoming {
                Ok(incoming) => incoming,
                Err(RecvTimeoutError::Timeout) => return Ok(Polled::TimedOut),
                Err(RecvTimeoutError::Disconnected) => return Ok(Polled::Closed),
            };
            match incoming {
                Incoming::Input(Ok(None)) => {
                    if self.stopped_by.is_none() {
                        self.stopped_by = self.ended_by();
                    }
                    return Ok(Polled::Closed);
                }
                Incoming::Input(input) => {
                    return input.map(|input| input.map_or(Polled::Closed, Polled::Input));
                }
                Incoming::Signal(Signalled::Ending(signal)) => {
                    self.stopped_by = Some(signal);
                    return Ok(Polled::Closed);
                }
                Incoming::Signal(Signalled::Suspend) => return Ok(Polled::Suspend),
                Incoming::Wake => return Ok(Polled::TimedOut),
                Incoming::Signal(Signalled::Continued) => {
                    if let Some(polled) = continued()? {
                        return Ok(polled);
                    }
                }
            }
        }
    }
}
