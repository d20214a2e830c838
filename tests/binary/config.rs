//! The config file, the man page and the help, through the real binary: settings in
//! force in a game, the command line winning over them, a bad file refused with its
//! name and line, a key bound in `[keys]` doing its command on a real terminal.

use std::io::Write;
use std::path::Path;
use std::process::{Command, Output, Stdio};

use crate::common::TempDir;
use crate::common::pty::Pty;

/// Runs the binary in `dir` (its data and config folders there) with `stdin` as the
/// players' lines, and any more variables.
fn run(dir: &Path, args: &[&str], stdin: &str, env: &[(&str, &str)]) -> Output {
    let mut command = Command::new(env!("CARGO_BIN_EXE_hotseat"));
    command
        .args(args)
        .current_dir(dir)
        .env("HOTSEAT_DATA_DIR", dir.join("data"))
        .env("XDG_CONFIG_HOME", dir.join("config"))
        .env("HOME", dir)
        .env("HOTSEAT_RUNTIME_DIR", dir.join("run"))
        .env_remove("HOTSEAT_CONFIG")
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped());
    for (name, value) in env {
        command.env(name, value);
    }
    let mut child = command.spawn().expect("the binary runs");
    // A start refused at once may end before it reads a line: its input then is gone.
    if let Err(err) = child.stdin.take().expect("stdin").write_all(stdin.as_bytes()) {
        assert_eq!(err.kind(), std::io::ErrorKind::BrokenPipe, "lines written");
    }
    child.wait_with_output().expect("the binary ends")
}

/// Writes the config file where `$XDG_CONFIG_HOME` under `dir` puts it.
fn write_config(dir: &Path, text: &str) -> std::path::PathBuf {
    let path = dir.join("config/hotseat/config.toml");
    std::fs::create_dir_all(path.parent().expect("a folder")).expect("the config folder");
    std::fs::write(&path, text).expect("the config file");
    path
}

fn saved(dir: &Path, name: &str) -> String {
    std::fs::read_to_string(dir.join(name)).expect("the saved game")
}

fn stderr(out: &Output) -> String {
    String::from_utf8_lossy(&out.stderr).into_owned()
}

#[test]
fn the_config_files_names_and_clock_are_in_the_saved_game() {
    let dir = TempDir::new("config-tags");
    write_config(dir.path(), "white = \"Ann\"\nblack = \"Bob\"\nclock = \"5+3\"\n");
    let out = run(dir.path(), &["--save", "g.pgn"], "e4\ne5\nquit\n", &[]);
    assert!(out.status.success(), "{}", stderr(&out));
    let pgn = saved(dir.path(), "g.pgn");
    for tag in ["[White \"Ann\"]", "[Black \"Bob\"]", "[TimeControl \"300+3\"]"] {
        assert!(pgn.contains(tag), "{tag} in:\n{pgn}");
    }
    assert!(pgn.contains("1. e4"), "{pgn}");

    // The command line wins over the file.
    let out = run(dir.path(), &["--save", "h.pgn", "--white", "Zed"], "e4\nquit\n", &[]);
    assert!(out.status.success(), "{}", stderr(&out));
    let pgn = saved(dir.path(), "h.pgn");
    assert!(pgn.contains("[White \"Zed\"]") && pgn.contains("[Black \"Bob\"]"), "{pgn}");
}

#[test]
fn hotseat_config_names_another_file() {
    let dir = TempDir::new("config-named");
    write_config(dir.path(), "white = \"Ann\"\n");
    let other = dir.path().join("other.toml");
    std::fs::write(&other, "white = \"Olga\"\nclock = 10\n").expect("another file");
    let other = other.to_str().expect("utf-8 path");
    let out = run(dir.path(), &["--save", "g.pgn"], "e4\nquit\n", &[("HOTSEAT_CONFIG", other)]);
    assert!(out.status.success(), "{}", stderr(&out));
    let pgn = saved(dir.path(), "g.pgn");
    assert!(pgn.contains("[White \"Olga\"]") && pgn.contains("[TimeControl \"600\"]"), "{pgn}");
    // Set and empty: no file at all.
    let out = run(dir.path(), &["--save", "h.pgn"], "e4\nquit\n", &[("HOTSEAT_CONFIG", "")]);
    assert!(out.status.success(), "{}", stderr(&out));
    assert!(saved(dir.path(), "h.pgn").contains("[White \"?\"]"));
    // No file where the variables point: no error, the defaults.
    let out = run(dir.path(), &["--save", "i.pgn"], "e4\nquit\n", &[("XDG_CONFIG_HOME", "/nonexistent")]);
    assert!(out.status.success(), "{}", stderr(&out));
}

#[test]
fn a_bad_config_file_stops_the_start_with_its_name_and_line() {
    let dir = TempDir::new("config-bad");
    let path = write_config(dir.path(), "white = \"Ann\"\nclock = \"banana\"\n");
    let out = run(dir.path(), &["--save", "g.pgn"], "e4\nquit\n", &[]);
    assert_eq!(out.status.code(), Some(2), "{}", stderr(&out));
    let error = stderr(&out);
    assert!(
        error.starts_with(&format!("hotseat: {}: line 2: clock = \"banana\": ", path.display())),
        "{error}"
    );
    assert_eq!(error.lines().count(), 1, "{error}");
    assert!(!dir.path().join("g.pgn").exists(), "no game was started");

    write_config(dir.path(), "theme = \"wood\"\n\ncolour = \"256\"\n");
    let out = run(dir.path(), &[], "", &[]);
    assert_eq!(
        stderr(&out).trim_end(),
        format!("hotseat: {}: line 3: unknown setting colour (did you mean colors?)", path.display())
    );

    write_config(dir.path(), "[keys]\nflip = \"f9\"\nundo = \"f9\"\n");
    let error = stderr(&run(dir.path(), &[], "", &[]));
    assert!(error.contains("config.toml: line 3: ") && error.contains("F9"), "{error}");

    // A setting the command line would refuse together with another is refused with
    // the file named.
    write_config(dir.path(), "delay = 2\n");
    let error = stderr(&run(dir.path(), &["--clock", "5+3"], "", &[]));
    assert!(
        error.contains("--delay is used instead of an increment") && error.contains("config.toml"),
        "{error}"
    );
}

#[test]
fn a_key_bound_in_the_config_file_does_its_command() {
    let dir = TempDir::new("config-keys");
    let config = dir.path().join("keys.toml");
    std::fs::write(&config, "[keys]\nflip = \"f9\"\n").expect("the config file");
    let data = dir.path().join("data");
    let mut pty = Pty::start(&[], None, &[("HOTSEAT_DATA_DIR", &data), ("HOTSEAT_CONFIG", &config)]);
    pty.wait_for("F9 flip");
    let files = "a      b      c      d      e      f      g      h";
    pty.wait_for(files);
    // Ctrl-F is free now: nothing turns (a letter typed after it shows that it was read).
    pty.send("\x06e");
    pty.wait_for("Move: e");
    assert!(pty.contents().contains(files), "Ctrl-F did not turn the board:\n{}", pty.contents());
    pty.send("\x7f");
    pty.wait_for("type a move");
    // F9, as xterm sends it.
    pty.send("\x1b[20~");
    pty.wait_for("h      g      f      e      d      c      b      a");
    pty.quit();
}

#[test]
fn hotseat_config_says_what_is_in_force_and_writes_a_file_once() {
    let dir = TempDir::new("config-command");
    let out = run(dir.path(), &["config"], "", &[]);
    let said = String::from_utf8_lossy(&out.stdout);
    assert!(out.status.success() && said.contains("config/hotseat/config.toml"), "{said}");
    assert!(said.contains("level = 2") && said.contains("flip = \"ctrl-f\""), "{said}");
    let out = run(dir.path(), &["config", "--write"], "", &[]);
    assert!(out.status.success(), "{}", stderr(&out));
    let written = std::fs::read_to_string(dir.path().join("config/hotseat/config.toml")).expect("written");
    assert!(written.contains("# clock = \"5+3\""), "{written}");
    let out = run(dir.path(), &["config", "--write"], "", &[]);
    assert!(!out.status.success() && stderr(&out).contains("exists already"), "{}", stderr(&out));
    assert_eq!(
        std::fs::read_to_string(dir.path().join("config/hotseat/config.toml")).expect("kept"),
        written
    );
    // The file written is a good config file: the game starts with it.
    let out = run(dir.path(), &["--save", "g.pgn"], "e4\nquit\n", &[]);
    assert!(out.status.success(), "{}", stderr(&out));
}

#[test]
fn the_help_says_what_hotseat_is_and_what_each_command_takes() {
    let dir = TempDir::new("config-help");
    let out = run(dir.path(), &["--help"], "", &[]);
    let help = String::from_utf8_lossy(&out.stdout);
    let first = help.lines().next().expect("a first line");
    assert!(first.starts_with("Chess in a terminal") && first.contains("engine"), "{first}");
    let out = run(dir.path(), &["host", "--help"], "", &[]);
    let help = String::from_utf8_lossy(&out.stdout);
    assert!(help.contains("--clock <MIN+SEC>") && help.contains("--as <SIDE>"), "{help}");
    let out = run(dir.path(), &["host", "--bogus"], "", &[]);
    assert!(stderr(&out).contains("try hotseat host --help"), "{}", stderr(&out));
    let out = run(dir.path(), &["--help"], "", &[]);
    assert!(
        String::from_utf8_lossy(&out.stdout).contains("plays (--computer), coaches (--coach) and reviews")
    );
}

#[test]
fn join_with_nothing_hosted_names_the_folder_it_looked_in() {
    let dir = TempDir::new("config-join");
    let out = run(dir.path(), &["join"], "", &[]);
    assert!(!out.status.success());
    let folder = dir.path().join("run");
    assert!(stderr(&out).contains(&format!("no game is hosted in {}", folder.display())), "{}", stderr(&out));
}

#[test]
fn hotseat_man_prints_a_page_that_lists_the_options() {
    let dir = TempDir::new("config-man");
    let out = run(dir.path(), &["man"], "", &[]);
    let page = String::from_utf8_lossy(&out.stdout);
    assert!(out.status.success() && page.contains(".TH hotseat 1"), "{page}");
    assert!(page.contains("\\fB\\-\\-clock\\fR"), "{page}");
    let out = run(dir.path(), &["man", "host"], "", &[]);
    assert!(String::from_utf8_lossy(&out.stdout).contains(".TH hotseat-host 1"));
}

/// `man -l -` renders the page; `.ci/run` installs man-db and runs this by name.
#[test]
#[ignore = "needs man (man-db); .ci/run runs it"]
fn man_renders_the_page() {
    let dir = TempDir::new("config-man-render");
    let page = run(dir.path(), &["man"], "", &[]).stdout;
    let mut man = Command::new("man")
        .args(["-l", "-"])
        .env("MANWIDTH", "80")
        .env("MANPAGER", "cat")
        .env("PAGER", "cat")
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .expect("man runs (install man-db)");
    man.stdin.take().expect("stdin").write_all(&page).expect("the page written");
    let out = man.wait_with_output().expect("man ends");
    let shown = String::from_utf8_lossy(&out.stdout);
    assert!(out.status.success(), "{}", String::from_utf8_lossy(&out.stderr));
    assert!(
        shown.contains("--clock") && shown.contains("SYNOPSIS") && shown.contains("HOTSEAT_CONFIG"),
        "{shown}"
    );
}
