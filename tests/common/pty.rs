//! The real binary in a pseudo-terminal, for the tests about what only a real terminal
//! shows, and for the benchmarks that time it: keys are written to the terminal and
//! its output is read back on a thread of its own, each chunk stamped with the moment
//! it was read (so parsing the screen never adds to a figure), through a vt100 parser.

use std::io::{Read, Write};
use std::path::Path;
use std::sync::mpsc::{self, Receiver, RecvTimeoutError};
use std::thread;
use std::time::{Duration, Instant};

use portable_pty::{Child, CommandBuilder, MasterPty, PtySize, native_pty_system};

/// The terminal's size.
pub const ROWS: u16 = 32;
/// The terminal's width.
pub const COLS: u16 = 100;
/// How long to wait for anything the binary should show.
pub const PATIENCE: Duration = Duration::from_secs(20);

/// The binary running in a pseudo-terminal, and everything it has written.
pub struct Pty {
    /// Kept open: the terminal hangs up when its master side is closed.
    pub master: Box<dyn MasterPty + Send>,
    /// The binary.
    pub child: Box<dyn Child + Send + Sync>,
    writer: Box<dyn Write + Send>,
    output: Receiver<(Instant, Vec<u8>)>,
    /// Every byte written so far.
    pub raw: Vec<u8>,
    /// The screen those bytes draw.
    pub screen: vt100::Parser,
    /// When the last chunk of output was read from the terminal.
    pub last_output: Option<Instant>,
    /// How many chunks of output have been read.
    pub chunks: usize,
}

impl Pty {
    /// Starts the binary with `args`, in `dir` when given, with these environment
    /// variables, which must include `HOTSEAT_DATA_DIR` so no test ever saves a game
    /// in the player's real data directory.
    pub fn start(args: &[&str], dir: Option<&Path>, env: &[(&str, &Path)]) -> Pty {
        Pty::start_as(args, dir, env, true)
    }

    /// Starts the binary as [`Pty::start`] does, but in a session of its own without
    /// a controlling terminal: the pseudo-terminal is only its standard input and
    /// output, and it gets no SIGHUP when the terminal hangs up.
    #[allow(dead_code)]
    pub fn start_detached(args: &[&str], dir: Option<&Path>, env: &[(&str, &Path)]) -> Pty {
        Pty::start_as(args, dir, env, false)
    }

    fn start_as(args: &[&str], dir: Option<&Path>, env: &[(&str, &Path)], controlling: bool) -> Pty {
        assert!(env.iter().any(|(name, _)| *name == "HOTSEAT_DATA_DIR"), "never the real data directory");
        Pty::start_program(env!("CARGO_BIN_EXE_hotseat"), args, dir, env, controlling)
    }

    /// Starts another program than the binary (`ssh`, to reach the binary through it).
    #[allow(dead_code)]
    pub fn start_program(
        program: &str,
        args: &[&str],
        dir: Option<&Path>,
        env: &[(&str, &Path)],
        controlling: bool,
    ) -> Pty {
        let pty = native_pty_system()
            .openpty(PtySize { rows: ROWS, cols: COLS, pixel_width: 0, pixel_height: 0 })
            .expect("a pseudo-terminal");
        let mut cmd = CommandBuilder::new(program);
        cmd.args(args);
        if let Some(dir) = dir {
            cmd.cwd(dir);
        }
        cmd.env("TERM", "xterm-256color");
        cmd.env("COLORTERM", "truecolor");
        cmd.env_remove("NO_COLOR");
        // Never the player's own config file (a test that wants one names it).
        cmd.env("HOTSEAT_CONFIG", "");
        cmd.set_controlling_tty(controlling);
        for (name, value) in env {
            cmd.env(name, value);
        }
        let child = pty.slave.spawn_command(cmd).expect("the binary starts");
        // Only the child holds the terminal's other end now, so reads end when it exits.
        drop(pty.slave);
        let mut reader = pty.master.try_clone_reader().expect("a reader");
        let (send, output) = mpsc::channel();
        thread::spawn(move || {
            let mut chunk = [0; 4096];
            while let Ok(n @ 1..) = reader.read(&mut chunk) {
                if send.send((Instant::now(), chunk[..n].to_vec())).is_err() {
                    break;
                }
            }
        });
        let writer = pty.master.take_writer().expect("a writer");
        let screen = vt100::Parser::new(ROWS.try_into().expect("rows"), COLS.try_into().expect("cols"), 0);
        Pty {
            master: pty.master,
            child,
            writer,
            output,
            raw: Vec::new(),
            screen,
            last_output: None,
            chunks: 0,
        }
    }

    /// Reads what comes within `wait`; whether anything came.
    pub fn read_for(&mut self, wait: Duration) -> bool {
        self.next_chunk(wait).is_ok()
    }

    /// Reads the next chunk of output, waiting up to `wait` for it; when it was read
    /// from the terminal.
    pub fn next_chunk(&mut self, wait: Duration) -> Result<Instant, RecvTimeoutError> {
        let (at, bytes) = self.output.recv_timeout(wait)?;
        self.screen.process(&bytes);
        self.raw.extend_from_slice(&bytes);
        self.last_output = Some(at);
        self.chunks += 1;
        Ok(at)
    }

    /// The text on the screen.
    pub fn contents(&self) -> String {
        self.screen.screen().contents()
    }

    /// Everything written, as text.
    pub fn raw(&self) -> String {
        String::from_utf8_lossy(&self.raw).into_owned()
    }

    /// Reads output until the screen shows `text`.
    pub fn wait_for(&mut self, text: &str) {
        let deadline = Instant::now() + PATIENCE;
        while !self.contents().contains(text) {
            assert!(Instant::now() < deadline, "the screen never showed {text:?}:\n{}", self.contents());
            self.read_for(Duration::from_millis(50));
        }
    }

    /// Writes keys to the terminal; when they were written.
    pub fn send(&mut self, keys: &str) -> Instant {
        let sent = Instant::now();
        self.writer.write_all(keys.as_bytes()).expect("keys written");
        self.writer.flush().expect("keys sent");
        sent
    }

    /// Types a move and waits until the screen shows `shown`.
    pub fn play(&mut self, san: &str, shown: &str) {
        self.send(san);
        self.wait_for(&format!("Move: {san}"));
        self.send("\r");
        self.wait_for(shown);
    }

    /// Quits with Ctrl-Q and waits for the binary to exit.
    pub fn quit(&mut self) {
        self.send("\x11");
        assert!(self.wait_for_exit().success(), "{}", self.raw());
    }

    /// Waits for the binary to exit, reading everything it wrote.
    pub fn wait_for_exit(&mut self) -> portable_pty::ExitStatus {
        let deadline = Instant::now() + PATIENCE;
        loop {
            if let Some(status) = self.child.try_wait().expect("child status") {
                while self.read_for(Duration::from_millis(200)) {}
                return status;
            }
            assert!(Instant::now() < deadline, "the binary did not exit:\n{}", self.contents());
            self.read_for(Duration::from_millis(50));
        }
    }

    /// Closes the terminal's master side, as closing a terminal window does, and waits
    /// for the binary to exit; its status, and everything it wrote before.
    ///
    /// The terminal hangs up once every copy of the master is closed, the one the
    /// reading thread holds too: that thread lets go at the binary's next output (the
    /// binary must still be drawing, a running clock say). Dropping the writer first
    /// types a newline and the end-of-file character, as portable-pty does.
    #[allow(dead_code)]
    pub fn hang_up(self) -> (portable_pty::ExitStatus, Vec<u8>) {
        let Pty { master, mut child, writer, output, mut raw, .. } = self;
        drop(writer);
        // What came before the hangup, then no more reading.
        while let Ok((_, bytes)) = output.recv_timeout(Duration::from_millis(200)) {
            raw.extend_from_slice(&bytes);
        }
        drop(output);
        drop(master);
        let deadline = Instant::now() + PATIENCE;
        loop {
            if let Some(status) = child.try_wait().expect("child status") {
                return (status, raw);
            }
            assert!(Instant::now() < deadline, "the binary did not exit after the hangup");
            thread::sleep(Duration::from_millis(50));
        }
    }

    /// The terminal's local modes, such as `ICANON | ECHO`, as text.
    pub fn local_modes(&self) -> String {
        let termios = self.master.get_termios().expect("terminal settings");
        format!("{:?}", termios.local_flags)
    }
}
