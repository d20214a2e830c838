//! The signals that would stop or end the program, turned into input for the loop (on
//! Unix), the same for every face.

use std::io;

/// A signal, sorted by what the loop does about it.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Signalled {
    /// One of the [`ending`] signals: the game ends as a quit does.
    Ending(i32),
    /// SIGTSTP (`kill -TSTP`; Ctrl-Z at a shell): pause the clocks, then stop.
    Suspend,
    /// SIGCONT: the program goes on after a stop.
    Continued,
}

/// The signals that end the game as a quit does, instead of killing the program with
/// the terminal left raw (on Unix): every signal whose default action is to end the
/// program, except those that report a fault in the program itself (SIGSEGV, SIGBUS,
/// SIGILL, SIGFPE, SIGTRAP, SIGSYS, and SIGABRT from `abort`: a handler that returns
/// would only run into the fault again; the panic hook restores the terminal on the
/// way to most of them), SIGPIPE, which Rust programs ignore so that writing to a
/// closed pipe is an error to report, and SIGXFSZ, which a save past the file-size
/// limit raises: the store catches it, so the save fails as on a full disk. Real-time
/// signals are left alone too: their numbers depend on the C library, which uses some
/// itself.
#[cfg(unix)]
pub fn ending() -> Vec<i32> {
    use signal_hook::consts::signal::{
        SIGALRM, SIGHUP, SIGINT, SIGPROF, SIGQUIT, SIGTERM, SIGUSR1, SIGUSR2, SIGVTALRM, SIGXCPU,
    };
    let mut signals =
        vec![SIGTERM, SIGHUP, SIGINT, SIGQUIT, SIGUSR1, SIGUSR2, SIGALRM, SIGVTALRM, SIGPROF, SIGXCPU];
    // SIGIO (SIGPOLL) ends a program on Linux; elsewhere it is ignored.
    #[cfg(any(target_os = "linux", target_os = "android"))]
    signals.push(signal_hook::consts::signal::SIGIO);
    // SIGSTKFLT and SIGPWR, which signal-hook does not name, by their numbers on the
    // architectures that share the kernel's generic ones (not MIPS, SPARC, Alpha...).
    #[cfg(all(
        any(target_os = "linux", target_os = "android"),
        any(
            target_arch = "x86",
            target_arch = "x86_64",
            target_arch = "arm",
            target_arch = "aarch64",
            target_arch = "riscv32",
            target_arch = "riscv64",
            target_arch = "loongarch64",
            target_arch = "powerpc",
            target_arch = "powerpc64",
            target_arch = "s390x"
        )
    ))]
    signals.extend([16, 30]);
    signals
}

/// From now on, the [`ending`] signals, SIGTSTP and SIGCONT are handed to `hand` on a
/// thread of their own instead of acting (on Unix); `hand` says whether someone took
/// the signal. A second ending signal, or one nobody takes (the loop has ended), calls
/// `leave` (which puts a terminal back) and exits at once with status 128 plus the
/// signal's number, as a shell reports a program killed by a signal; a SIGTSTP nobody
/// takes calls `leave` and stops the program at once.
///
/// Not every second signal is a second request, though: a hangup repeats SIGHUP, and
/// a closing window or a session manager sends SIGHUP and SIGTERM together. Those are
/// one request, and the game on its way out is saved first: only a signal that comes
/// [`SAME_REQUEST`] or more after the first, and is not SIGHUP, ends it at once.
pub fn watch(hand: impl Fn(Signalled) -> bool + Send + 'static, leave: fn()) -> io::Result<()> {
    #[cfg(unix)]
    {
        use signal_hook::consts::signal::{SIGCONT, SIGTSTP};
        let mut handled = ending();
        handled.extend([SIGTSTP, SIGCONT]);
        let mut signals = signal_hook::iterator::Signals::new(handled)?;
        std::thread::Builder::new().name("signals".to_owned()).spawn(move || {
            let mut asked: Option<std::time::Instant> = None;
            for signal in signals.forever() {
                match signal {
                    SIGCONT => {
                        hand(Signalled::Continued);
                    }
                    SIGTSTP => {
                        if !hand(Signalled::Suspend) {
                            leave();
                            stop();
                        }
                    }
                    _ => {
                        if asked.is_none() && hand(Signalled::Ending(signal)) {
                            asked = Some(std::time::Instant::now());
                            continue;
                        }
                        // A terminal that hangs up sends SIGHUP more than once (to the
                        // session's leader and to the group in front), and SIGTERM may
                        // come with it: that is still the one request, and the game on
                        // its way out is saved first.
                        if signal == SIGHUP || asked.is_some_and(|first| first.elapsed() < SAME_REQUEST) {
                            continue;
                        }
                        leave();
                        // The destructors are skipped: the engines end here.
                        crate::engine::end_all();
                        std::process::exit(128 + signal);
                    }
                }
            }
        })?;
    }
    #[cfg(not(unix))]
    let _ = (hand, leave);
    Ok(())
}

/// From now on, each [`ending`] signal is recorded in `signalled` (its number) by its
/// handler, as it comes (on Unix): whatever reaches the loop first, the end of the
/// input or the signal's word, the loop can tell the input ended on a signal.
pub fn record_ending(signalled: &std::sync::Arc<std::sync::atomic::AtomicUsize>) -> io::Result<()> {
    #[cfg(unix)]
    for signal in ending() {
        signal_hook::flag::register_usize(signal, std::sync::Arc::clone(signalled), signal as usize)?;
    }
    #[cfg(not(unix))]
    let _ = signalled;
    Ok(())
}

/// How soon after the first ending signal another is taken as part of the same request
/// (SIGHUP and SIGTERM sent together), not as a second asking to end at once.
pub const SAME_REQUEST: std::time::Duration = std::time::Duration::from_secs(1);

/// The number of SIGHUP, which a terminal that hangs up sends (it is 1 everywhere).
pub const SIGHUP: i32 = 1;

/// Calls `hung_up`, on a thread of its own, once standard input (a terminal) hangs up
/// (on Unix): its window closed, or the other end of its pseudo-terminal. The thread
/// sleeps until then, so a game that goes on costs nothing.
pub fn on_hangup(hung_up: impl FnOnce() + Send + 'static) -> io::Result<()> {
    #[cfg(unix)]
    std::thread::Builder::new().name("hangup".to_owned()).spawn(move || {
        if wait_for_hangup(0, -1) {
            hung_up();
        }
    })?;
    #[cfg(not(unix))]
    let _ = hung_up;
    Ok(())
}

/// Whether standard input (a terminal) has hung up, at once: for a face that meets an
/// error on its terminal and must tell a terminal gone from a real failure.
pub fn hung_up() -> bool {
    #[cfg(unix)]
    return wait_for_hangup(0, 0);
    #[cfg(not(unix))]
    false
}

/// Waits at most `timeout` milliseconds (-1: for ever) until `fd` reports a hangup (or
/// an error, or that it is no longer open); whether it did.
#[cfg(unix)]
#[allow(unsafe_code)]
fn wait_for_hangup(fd: i32, timeout: i32) -> bool {
    // Asking for no event at all: the kernel reports a hangup and errors anyway.
    let mut watched = libc::pollfd { fd, events: 0, revents: 0 };
    loop {
        // Safety: `watched` is one valid `pollfd` that lives through the call, and the
        // count says one.
        let ready = unsafe { libc::poll(&raw mut watched, 1, timeout) };
        if ready < 0 {
            if io::Error::last_os_error().kind() == io::ErrorKind::Interrupted {
                continue;
            }
            return false;
        }
        if watched.revents & (libc::POLLHUP | libc::POLLERR | libc::POLLNVAL) != 0 {
            return true;
        }
        if timeout >= 0 {
            return false;
        }
    }
}

/// Stops the program, as SIGTSTP does by default, until a SIGCONT.
pub fn stop() {
    #[cfg(unix)]
    let _ = signal_hook::low_level::emulate_default_handler(signal_hook::consts::signal::SIGTSTP);
}
