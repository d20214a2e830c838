//! A fake UCI engine for the tests: a `/bin/sh` script, written by [`fake_engine`], that
//! speaks just enough UCI and answers each position as it is told to, so the engine
//! client, its deadlines and the review it fills are tested without a real engine.
//!
//! The script answers `uci` with `id` lines and `uciok`, `isready` with `readyok`,
//! remembers the last `position` command and answers `go` with the scripted `info`
//! line and `bestmove` for that position, or the default. A position is known by its
//! ply in a game from the usual start: `2 * (fullmove - 1)`, plus 1 with Black to move,
//! plus the moves after the FEN. It can be told to crash, hang, print garbage or answer slowly, and it adds
//! its process id to a file and every command it reads to a log, which several copies of it
//! running at once (a review in parts) share.

use std::fmt::Write as _;
use std::fs;
use std::path::{Path, PathBuf};
use std::time::Duration;

/// When a fake engine stops answering, by replacing itself with `sleep 600` (same
/// process id, no child left behind when it is killed).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Hang {
    /// On `uci`.
    Handshake,
    /// On `isready`.
    Ready,
    /// On the `go` with this number, counting from 1 (each copy of the engine counts
    /// its own).
    Go(usize),
    /// On the `go` for any position with this ply or a later one: the same positions
    /// answered however many copies share the game.
    From(usize),
}

/// What the fake engine says about one position.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Answer {
    /// The `info` lines before `bestmove`.
    pub infos: Vec<String>,
    /// The move of `bestmove` (`(none)` for none).
    pub best: String,
}

impl Answer {
    /// `info depth 10 score cp CP pv BEST` then `bestmove BEST`.
    pub fn cp(cp: i32, best: &str) -> Answer {
        Answer {
            infos: vec![format!("info depth 10 seldepth 14 score cp {cp} nodes 100 pv {best}")],
            best: best.into(),
        }
    }

    /// `info depth 10 score mate N pv BEST` then `bestmove BEST`.
    pub fn mate(n: i32, best: &str) -> Answer {
        Answer { infos: vec![format!("info depth 10 score mate {n} pv {best}")], best: best.into() }
    }
}

/// The fake engine's part.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct FakeScript {
    /// Answers by the position's ply (its index in a game from the usual start).
    pub answers: Vec<(usize, Answer)>,
    /// The answer for any other position: `score cp 0` and `bestmove 0000` unless set.
    pub default: Option<Answer>,
    /// Exit with status 3, without a word, on the `go` with this number (from 1).
    pub crash_on_go: Option<usize>,
    /// Stop answering.
    pub hang: Option<Hang>,
    /// Print junk before every answer: escape sequences, bad UTF-8, half lines, a
    /// 200 KB line, `info` lines with nonsense in them.
    pub garbage: bool,
    /// Wait this long before answering each `go`.
    pub delay: Option<Duration>,
    /// Ignore `quit` and the end of its input: sleep instead, until killed.
    pub stubborn: bool,
    /// Exit with status 3, without a word, when asked to search the position with this ply.
    pub crash_at: Option<usize>,
    /// Before answering the position with the first ply, wait until some copy of the
    /// engine has answered the one with the second (to make parts finish out of order).
    pub answer_after: Option<(usize, usize)>,
    /// More `option` lines for its greeting (it always offers `UCI_Chess960`).
    pub options: Vec<String>,
}

impl FakeScript {
    /// A script answering these positions so.
    pub fn answering(answers: impl IntoIterator<Item = (usize, Answer)>) -> FakeScript {
        FakeScript { answers: answers.into_iter().collect(), ..FakeScript::default() }
    }
}

/// Where the fake engine in `dir` writes its process id.
pub fn pid_file(dir: &Path) -> PathBuf {
    dir.join("fake-engine.pid")
}

/// Where the fake engine in `dir` logs the commands it reads, one a line.
pub fn log_file(dir: &Path) -> PathBuf {
    dir.join("fake-engine.log")
}

/// The process id the fake engine in `dir` wrote, once it has started (the first one
/// started, when several run).
pub fn fake_pid(dir: &Path) -> Option<u32> {
    fake_pids(dir).first().copied()
}

/// The process ids of every fake engine started in `dir`, in the order they started.
pub fn fake_pids(dir: &Path) -> Vec<u32> {
    let text = fs::read_to_string(pid_file(dir)).unwrap_or_default();
    text.lines().filter_map(|line| line.trim().parse().ok()).collect()
}

/// Whether the process `pid` exists, as anything but a zombie (it is reaped once gone
/// from `/proc`; a zombie is not yet reaped and counts as alive here).
pub fn is_alive(pid: u32) -> bool {
    Path::new(&format!("/proc/{pid}")).exists()
}

/// Waits until the process `pid` is gone (reaped), up to five seconds; whether it is.
/// An engine left behind waits for words it never gets, and is still there then.
pub fn wait_gone(pid: u32) -> bool {
    let deadline = std::time::Instant::now() + Duration::from_secs(5);
    while is_alive(pid) {
        if std::time::Instant::now() > deadline {
            return false;
        }
        std::thread::sleep(Duration::from_millis(10));
    }
    true
}

/// Whether the process `pid` is still running: a zombie (ended, not yet reaped by
/// whoever adopted it) counts as ended.
pub fn is_running(pid: u32) -> bool {
    let Ok(stat) = fs::read_to_string(format!("/proc/{pid}/stat")) else { return false };
    // The state follows the command name, which is in parentheses.
    let state = stat.rsplit_once(')').and_then(|(_, rest)| rest.trim_start().chars().next());
    !matches!(state, Some('Z' | 'X'))
}

/// Writes the fake engine into `dir` (as `fake-engine`, executable) and returns its path.
pub fn fake_engine(dir: &Path, script: &FakeScript) -> PathBuf {
    fs::create_dir_all(dir).expect("create the fake engine's folder");
    let path = dir.join("fake-engine");
    let pid = pid_file(dir);
    let log = log_file(dir);
    let _ = fs::remove_file(&pid);
    let _ = fs::remove_file(&log);
    for entry in fs::read_dir(dir).into_iter().flatten().flatten() {
        if entry.file_name().to_string_lossy().starts_with("answered-") {
            let _ = fs::remove_file(entry.path());
        }
    }
    let mut text = String::new();
    let q = |p: &Path| shell_quote(&p.to_string_lossy());
    // `--probe` runs nothing: it shows the script can be run (see `wait_until_runnable`).
    let _ = writeln!(
        text,
        "#!/bin/sh\n[ \"$1\" = --probe ] && exit 0\nset -f\necho $$ >> {}\ngo_count=0\nindex=0",
        q(&pid),
    );
    text.push_str("answer() {\n  case \"$index\" in\n");
    for (index, answer) in &script.answers {
        let _ = writeln!(text, "    {index})\n{}      ;;", answer_lines(answer));
    }
    let default = script.default.clone().unwrap_or_else(|| Answer::cp(0, "0000"));
    let _ = writeln!(text, "    *)\n{}      ;;\n  esac\n}}", answer_lines(&default));
    text.push_str("garbage() {\n");
    if script.garbage {
        text.push_str(concat!(
            "  printf '\\033]0;pwned\\007\\033[2J info depth 3 score cp 77 pv e2e4\\n'\n",
            "  printf '\\377\\376\\375 not utf-8\\n'\n",
            "  printf 'info depth x score cp y pv\\ninfo score mate\\ninfo depth 99999999999999 score cp 123456789012345\\n'\n",
            "  printf 'bestmovie e2e4\\nreadyok\\nuciok\\n\\n   \\n'\n",
            "  head -c 200000 /dev/zero | tr '\\000' 'x'; echo\n",
        ));
    }
    text.push_str("  :\n}\n");
    let hang = |what: Hang| if script.hang == Some(what) { "exec sleep 600; " } else { "" };
    let _ = writeln!(
        text,
        "while IFS= read -r line; do\n  printf '%s\\n' \"$line\" >> {log}\n  case \"$line\" in\n    uci) {}echo 'id name Fake Engine'; echo 'id author hotseat tests'; echo 'option name UCI_Chess960 type check default false'; {options}echo uciok ;;\n    isready) {}echo readyok ;;\n    position*) set -- $line; n=0; if [ $# -gt 9 ]; then n=$(($# - 9)); fi; side=0; if [ \"$4\" = b ]; then side=1; fi; index=$((2 * ($8 - 1) + side + n)) ;;",
        hang(Hang::Handshake),
        hang(Hang::Ready),
        log = q(&log),
        options = script
            .options
            .iter()
            .map(|line| ["echo ", &shell_quote(line), "; "].concat())
            .collect::<String>(),
    );
    text.push_str("    go*)\n      go_count=$((go_count + 1))\n");
    // Before any hang, so one copy may die while another hangs.
    if let Some(at) = script.crash_at {
        let _ = writeln!(text, "      if [ \"$index\" -eq {at} ]; then exit 3; fi");
    }
    if let Some(n) = script.crash_on_go {
        let _ = writeln!(text, "      if [ \"$go_count\" -eq {n} ]; then exit 3; fi");
    }
    if let Some(Hang::Go(n)) = script.hang {
        let _ = writeln!(text, "      if [ \"$go_count\" -eq {n} ]; then exec sleep 600; fi");
    }
    if let Some(Hang::From(ply)) = script.hang {
        let _ = writeln!(text, "      if [ \"$index\" -ge {ply} ]; then exec sleep 600; fi");
    }
    let answered = |index: &str| q(&dir.join(format!("answered-{index}")));
    if let Some((first, then)) = script.answer_after {
        let _ = writeln!(
            text,
            "      if [ \"$index\" -eq {first} ]; then while [ ! -e {} ]; do sleep 0.01; done; fi",
            answered(&then.to_string())
        );
    }
    if let Some(delay) = script.delay {
        let _ = writeln!(text, "      sleep {}.{:03}", delay.as_secs(), delay.subsec_millis());
    }
    let end = if script.stubborn { "exec sleep 600" } else { "exit 0" };
    let _ = write!(
        text,
        "      garbage\n      answer\n      : > {} ;;\n    quit) {end} ;;\n  esac\ndone\n{end}\n",
        answered("$index").replace("$index", "'\"$index\"'")
    );
    write_program(&path, &text);
    path
}

/// Writes a wrapper script around `engine` into `dir` (as `wrapper`) that runs it
/// without `exec`, as a shell script that sets something up first would: the shell
/// stays, the engine its child.
pub fn wrapper(dir: &Path, engine: &Path) -> PathBuf {
    let path = dir.join("wrapper");
    write_program(&path, &format!("#!/bin/sh\n{} \"$@\"\n", shell_quote(&engine.to_string_lossy())));
    path
}

/// Writes an executable script, and returns once it can be run.
fn write_program(path: &Path, text: &str) {
    fs::write(path, text).expect("write the script");
    #[cfg(unix)]
    {
        use std::os::unix::fs::PermissionsExt;
        fs::set_permissions(path, fs::Permissions::from_mode(0o755)).expect("make the script executable");
    }
    wait_until_runnable(path);
}

/// Runs the script at `path` with `--probe` until it runs. A script just written may
/// not run at once ("Text file busy", ETXTBSY): a thread of the tests that forked
/// while the file was open for writing left a child holding it open until that child
/// runs its own program. Once one run succeeds, no such child is left.
fn wait_until_runnable(path: &Path) {
    for _ in 0..200 {
        match std::process::Command::new(path).arg("--probe").status() {
            Err(err) if err.kind() == std::io::ErrorKind::ExecutableFileBusy => {
                std::thread::sleep(Duration::from_millis(10));
            }
            _ => return,
        }
    }
    panic!("{} stayed busy (ETXTBSY)", path.display());
}

fn answer_lines(answer: &Answer) -> String {
    let mut out = String::new();
    for info in &answer.infos {
        let _ = writeln!(out, "      echo {}", shell_quote(info));
    }
    let _ = writeln!(out, "      echo {}", shell_quote(&format!("bestmove {}", answer.best)));
    out
}

fn shell_quote(text: &str) -> String {
    format!("'{}'", text.replace('\'', "'\\''"))
}
