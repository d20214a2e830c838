//! The engine's process: started with piped standard streams in a process group of
//! its own, its output read line by line on a thread of its own, and the whole group
//! killed and the process reaped on every way out. The group is what ends an engine
//! started through a wrapper script (a shell that runs it without `exec`): killing
//! the shell alone would leave the engine running, holding its output open.
//!
//! On a way out no code of hotseat's runs (`kill -9`, a crash), the system ends the
//! engine: on Linux it is started with SIGKILL as its parent-death signal, from a
//! thread that lives as long as the program (the signal follows the thread that
//! started the process, not the program). That signal reaches the engine's own
//! process only, not what it starts: a wrapper script should `exec` the engine (as
//! `exec stockfish "$@"`) so that the engine is the process the signal reaches; an
//! engine that leaves its process group (`setsid`) is beyond it.

use std::io::{BufRead, BufReader, ErrorKind, Read, Write};
use std::path::Path;
use std::process::{Child, ChildStdin, Command, ExitStatus, Stdio};
use std::sync::mpsc::SyncSender;
use std::sync::{Arc, Mutex, MutexGuard, PoisonError, Weak};
use std::thread;
use std::time::{Duration, Instant};

use super::EngineError;

/// What reaches the analysis thread: the engine's lines (read here), and word from the
/// analysis.
#[derive(Debug)]
pub(crate) enum Control {
    /// A line of the engine's output.
    Line(String),
    /// The engine's output ended.
    Eof,
    /// Analyse this position next, if it is waiting.
    Prefer(usize),
    /// Stop now.
    Stop,
}

/// The longest line kept from the engine, in bytes; the rest of a longer line is read
/// and dropped. A principal variation of a hundred moves fits many times over.
pub(super) const MAX_LINE: usize = 16 * 1024;

/// The one owner of the engine's process, shared by the analysis (which may kill it at
/// any moment) and its thread (which starts it and ends it when done).
#[derive(Clone)]
pub(super) struct Killer(Arc<Mutex<Slot>>);

/// Every killer alive, for [`end_all`].
static LIVE: Mutex<Vec<Weak<Mutex<Slot>>>> = Mutex::new(Vec::new());

impl Default for Killer {
    fn default() -> Killer {
        let slot = Arc::new(Mutex::new(Slot::default()));
        let mut live = LIVE.lock().unwrap_or_else(PoisonError::into_inner);
        live.retain(|weak| weak.strong_count() > 0);
        live.push(Arc::downgrade(&slot));
        Killer(slot)
    }
}

/// Kills and reaps every engine this program runs, and lets no more start: for a way
/// out that skips the destructors (`std::process::exit` after a second signal, say).
pub fn end_all() {
    let live: Vec<Killer> = {
        let live = LIVE.lock().unwrap_or_else(PoisonError::into_inner);
        live.iter().filter_map(Weak::upgrade).map(Killer).collect()
    };
    for killer in live {
        killer.kill();
    }
}

#[derive(Default)]
struct Slot {
    /// Set once: no process may start after it.
    stopped: bool,
    child: Option<Child>,
    /// How often the program was found busy being written, and tried again.
    busy_retries: u32,
    /// The signal that ended the process by itself, before it was killed here.
    ended_by: Option<i32>,
}

impl Killer {
    fn slot(&self) -> MutexGuard<'_, Slot> {
        // A panic elsewhere while holding the lock leaves the slot usable.
        self.0.lock().unwrap_or_else(PoisonError::into_inner)
    }

    /// Starts the engine, its output going to `lines` from a reader thread; `None` when
    /// the analysis was stopped first.
    pub(super) fn spawn(
        &self,
        path: &Path,
        lines: SyncSender<Control>,
    ) -> Result<Option<ChildStdin>, EngineError> {
        let mut tries = 0;
        let (mut slot, mut child) = loop {
            let slot = self.slot();
            if slot.stopped {
                return Ok(None);
            }
            let mut command = Command::new(path);
            command.stdin(Stdio::piped()).stdout(Stdio::piped()).stderr(Stdio::null());
            // Its own group: a Ctrl-C at the terminal is hotseat's to handle, and the
            // engine's own children end with it.
            #[cfg(unix)]
            std::os::unix::process::CommandExt::process_group(&mut command, 0);
            match lasting::spawn(command) {
                Ok(child) => break (slot, child),
                // The program was being written when another thread forked: the
                // child holds it open for writing until it runs a program of its
                // own, a moment later.
                Err(err) if err.kind() == ErrorKind::ExecutableFileBusy && tries < BUSY_TRIES => {
                    let mut slot = slot;
                    slot.busy_retries += 1;
                    drop(slot);
                    tries += 1;
                    thread::sleep(BUSY_PAUSE);
                }
                Err(err) => {
                    return Err(EngineError::Spawn { path: path.to_path_buf(), reason: err.to_string() });
                }
            }
        };
        let (Some(stdin), Some(stdout)) = (child.stdin.take(), child.stdout.take()) else {
            kill_group(&mut child);
            return Err(EngineError::Exited);
        };
        let reader =
            thread::Builder::new().name("engine output".into()).spawn(move || read_lines(stdout, &lines));
        if let Err(err) = reader {
            kill_group(&mut child);
            return Err(EngineError::Spawn { path: path.to_path_buf(), reason: err.to_string() });
        }
        slot.child = Some(child);
        Ok(Some(stdin))
    }

    /// Whether the analysis was stopped from outside.
    pub(super) fn is_stopped(&self) -> bool {
        self.slot().stopped
    }

    /// How often the program was found busy being written and tried again.
    pub(super) fn busy_retries(&self) -> u32 {
        self.slot().busy_retries
    }

    /// The signal that ended the process before it was asked to end or killed here,
    /// once it has ended so and been reaped.
    pub(super) fn ended_by(&self) -> Option<i32> {
        self.slot().ended_by
    }

    /// The process's id, while it runs.
    pub(super) fn id(&self) -> Option<u32> {
        self.slot().child.as_ref().map(Child::id)
    }

    /// Kills the process now, if there is one, and waits for it to be gone; none may
    /// start after this.
    pub(super) fn kill(&self) {
        self.slot().stopped = true;
        self.kill_child();
    }

    fn kill_child(&self) {
        let child = self.slot().child.take();
        if let Some(mut child) = child {
            kill_group(&mut child);
        }
    }

    /// Gives the process `grace` to end by itself (its input is closed, or it was told
    /// to quit), then kills it; reaped either way.
    pub(super) fn end(&self, grace: Duration) {
        let deadline = Instant::now() + grace;
        loop {
            let mut slot = self.slot();
            let Some(child) = slot.child.as_mut() else { return };
            if has_ended(child) {
                // Anything the engine left in its group (an engine behind a wrapper
                // script) ends now, before the leader is reaped.
                let status = kill_group(child);
                slot.ended_by = status.and_then(signal_of);
                slot.child = None;
                return;
            }
            if Instant::now() >= deadline {
                break;
            }
            drop(slot);
            thread::sleep(Duration::from_millis(5));
        }
        self.kill_child();
    }
}

/// Starting engines from a thread that lasts as long as the program, tied to its life.
#[cfg(target_os = "linux")]
mod lasting {
    use std::io;
    use std::process::{Child, Command};
    use std::sync::mpsc::{self, Sender};
    use std::sync::{Mutex, OnceLock, PoisonError};

    /// A command to start, and where its child goes.
    type Order = (Command, Sender<io::Result<Child>>);

    /// The thread that starts every engine: it never ends while the program runs.
    static STARTER: OnceLock<Mutex<Option<Sender<Order>>>> = OnceLock::new();

    /// Starts `command` with SIGKILL as its parent-death signal, from the starting
    /// thread: the engine ends when hotseat does, however hotseat ends.
    pub(super) fn spawn(mut command: Command) -> io::Result<Child> {
        tie_to_parent(&mut command);
        let starter = STARTER.get_or_init(|| {
            let (orders, taken) = mpsc::channel::<Order>();
            let started = std::thread::Builder::new().name("engine-starter".into()).spawn(move || {
                for (mut command, reply) in taken {
                    let _ = reply.send(command.spawn());
                }
            });
            Mutex::new(started.ok().map(|_| orders))
        });
        let orders = starter.lock().unwrap_or_else(PoisonError::into_inner).clone();
        let Some(orders) = orders else {
            // No thread to start from: started here, tied to this thread's life.
            return command.spawn();
        };
        let (reply, child) = mpsc::channel();
        orders.send((command, reply)).map_err(|_| io::Error::other("the engine starter is gone"))?;
        child.recv().map_err(|_| io::Error::other("the engine starter is gone"))?
    }

    /// Asks the system to kill the child when the thread that starts it ends (with
    /// the program, as [`spawn`] starts it from a thread that lasts), checking that the
    /// program did not end before the request was made.
    #[allow(unsafe_code)]
    fn tie_to_parent(command: &mut Command) {
        use rustix::process::{Signal, getppid, set_parent_process_death_signal};
        let parent = rustix::process::getpid();
        // Safety: the closure runs in the child between `fork` and `exec`, where only
        // async-signal-safe calls are allowed: it makes two system calls (`prctl` and
        // `getppid`, through rustix, which neither allocates nor takes a lock) and
        // builds an `io::Error` from a raw error number, which allocates nothing.
        // A measured need, not speed: no safe API sets the parent-death signal in the
        // child, and without it `kill -9` of hotseat leaves a running engine behind.
        unsafe {
            std::os::unix::process::CommandExt::pre_exec(command, move || {
                set_parent_process_death_signal(Some(Signal::KILL))
                    .map_err(|err| io::Error::from_raw_os_error(err.raw_os_error()))?;
                // The program ended before the request was made: nobody is left to
                // end this engine, so it does not start.
                if getppid() != Some(parent) {
                    return Err(io::Error::from_raw_os_error(rustix::io::Errno::SRCH.raw_os_error()));
                }
                Ok(())
            });
        }
    }
}

/// Starting engines where no parent-death signal exists: from the thread that asks.
#[cfg(not(target_os = "linux"))]
mod lasting {
    use std::io;
    use std::process::{Child, Command};

    pub(super) fn spawn(mut command: Command) -> io::Result<Child> {
        command.spawn()
    }
}

/// How often a program busy being written is tried again, and how long apart: a
/// second in all.
const BUSY_TRIES: u32 = 50;
const BUSY_PAUSE: Duration = Duration::from_millis(20);

/// Kills the engine's whole process group, then the engine (should it have left the
/// group), and reaps it. The group is killed first, while its leader is not yet
/// reaped, so its number cannot have been given to anyone else.
fn kill_group(child: &mut Child) -> Option<ExitStatus> {
    end_group(child.id());
    let _ = child.kill();
    child.wait().ok()
}

/// The signal that ended a process, when one did.
fn signal_of(status: ExitStatus) -> Option<i32> {
    #[cfg(unix)]
    {
        std::os::unix::process::ExitStatusExt::signal(&status)
    }
    #[cfg(not(unix))]
    {
        let _ = status;
        None
    }
}

/// Whether the engine's own process has ended, leaving it to be reaped: until it is,
/// its number (its group's too) cannot be given to another process.
fn has_ended(child: &mut Child) -> bool {
    #[cfg(unix)]
    {
        use rustix::process::{Pid, WaitId, WaitIdOptions, waitid};
        let Some(pid) = i32::try_from(child.id()).ok().and_then(Pid::from_raw) else { return true };
        let options = WaitIdOptions::EXITED | WaitIdOptions::NOHANG | WaitIdOptions::NOWAIT;
        !matches!(waitid(WaitId::Pid(pid), options), Ok(None))
    }
    #[cfg(not(unix))]
    !matches!(child.try_wait(), Ok(None))
}

/// Kills every process left in the group the engine `id` led (none left is no error).
fn end_group(id: u32) {
    #[cfg(unix)]
    if let Some(group) = i32::try_from(id).ok().and_then(rustix::process::Pid::from_raw) {
        let _ = rustix::process::kill_process_group(group, rustix::process::Signal::KILL);
    }
}

/// Writes one command and a newline; a closed pipe means the engine is gone.
pub(super) fn send(stdin: &mut ChildStdin, command: &str) -> Result<(), EngineError> {
    let mut line = String::with_capacity(command.len() + 1);
    line.push_str(command);
    line.push('\n');
    stdin.write_all(line.as_bytes()).and_then(|()| stdin.flush()).map_err(|_| EngineError::Exited)
}

/// Sends each line of `output` to `lines` (cut to [`MAX_LINE`] bytes, invalid UTF-8
/// replaced), then [`Control::Eof`]. Ends early when nobody listens any more.
fn read_lines(output: impl Read, lines: &SyncSender<Control>) {
    let mut reader = BufReader::new(output);
    while let Some(line) = read_bounded_line(&mut reader) {
        if lines.send(Control::Line(line)).is_err() {
            return;
        }
    }
    let _ = lines.send(Control::Eof);
}

/// One line without its ending, at most [`MAX_LINE`] bytes of it; `None` at the end of
/// the output (or on an error reading it).
pub(super) fn read_bounded_line(reader: &mut impl BufRead) -> Option<String> {
    let mut kept: Vec<u8> = Vec::new();
    let mut any = false;
    loop {
        let buf = match reader.fill_buf() {
            Ok(buf) => buf,
            Err(err) if err.kind() == std::io::ErrorKind::Interrupted => continue,
            Err(_) => return None,
        };
        if buf.is_empty() {
            if !any {
                return None;
            }
            break;
        }
        any = true;
        let (chunk, used, ended) = match buf.iter().position(|&b| b == b'\n') {
            Some(at) => (&buf[..at], at + 1, true),
            None => (buf, buf.len(), false),
        };
        let room = MAX_LINE.saturating_sub(kept.len());
        kept.extend_from_slice(&chunk[..chunk.len().min(room)]);
        reader.consume(used);
        if ended {
            break;
        }
    }
    if kept.last() == Some(&b'\r') {
        kept.pop();
    }
    Some(String::from_utf8_lossy(&kept).into_owned())
}

#[cfg(test)]
mod tests {
    use super::*;

    fn lines(bytes: &[u8]) -> Vec<String> {
        let mut reader = std::io::BufReader::with_capacity(7, bytes);
        std::iter::from_fn(|| read_bounded_line(&mut reader)).collect()
    }

    #[test]
    fn lines_are_split_cut_and_made_text() {
        assert_eq!(lines(b"uciok\r\nreadyok\n\nlast"), ["uciok", "readyok", "", "last"]);
        assert_eq!(lines(b"bad \xff\xfe bytes\n"), ["bad \u{fffd}\u{fffd} bytes"]);
        let mut huge = vec![b'x'; MAX_LINE * 3];
        huge.extend_from_slice(b"\nbestmove e2e4\n");
        let read = lines(&huge);
        assert_eq!(read.len(), 2);
        assert_eq!(read[0].len(), MAX_LINE);
        assert_eq!(read[1], "bestmove e2e4");
        assert!(lines(b"").is_empty());
    }
}
