//! The command line without a terminal: listing the games of a file, refusing bad
//! files and bad positions with one line and a non-zero exit, completion scripts.
//! Nothing here may write an escape sequence.

use std::path::{Path, PathBuf};
use std::process::{Command, Output, Stdio};

fn data(name: &str) -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/data/games").join(name)
}

/// Runs the binary with no terminal anywhere and an empty data directory.
fn run(args: &[&str]) -> Output {
    let data_dir = std::env::temp_dir().join(format!("hotseat-cli-{}", std::process::id()));
    Command::new(env!("CARGO_BIN_EXE_hotseat"))
        .args(args)
        .env("HOTSEAT_DATA_DIR", &data_dir)
        .env("HOTSEAT_CONFIG", "")
        .stdin(Stdio::null())
        .output()
        .expect("the binary runs")
}

/// The one line of error, after checking the exit and that the terminal was left alone.
fn refused(args: &[&str]) -> String {
    let out = run(args);
    let stderr = String::from_utf8_lossy(&out.stderr).into_owned();
    assert!(!out.status.success(), "{args:?} must fail: {stderr}");
    assert_eq!(stderr.trim_end().lines().count(), 1, "{args:?}: one line of error: {stderr}");
    assert!(stderr.starts_with("hotseat: "), "{stderr}");
    for stream in [&out.stdout, &out.stderr] {
        assert!(!stream.contains(&0x1b), "{args:?} wrote an escape sequence: {stream:?}");
    }
    stderr.trim_end().to_owned()
}

#[test]
fn several_games_without_game_n_are_listed_and_the_player_told_to_choose() {
    let file = data("kasparov-deep-blue-1997.pgn");
    let out = run(&["--pgn", file.to_str().expect("utf-8 path")]);
    let stdout = String::from_utf8_lossy(&out.stdout);
    let lines: Vec<&str> = stdout.lines().collect();
    assert_eq!(lines.len(), 7, "{stdout}");
    assert!(lines[0].ends_with("kasparov-deep-blue-1997.pgn holds 6 games:"), "{stdout}");
    assert!(lines[1].starts_with("1. Garry Kasparov – Deep Blue (Computer)"), "{stdout}");
    assert!(
        lines[6].starts_with("6. Deep Blue (Computer) – Garry Kasparov")
            && lines[6].ends_with("1-0, 19 moves")
    );
    let error = refused(&["--pgn", file.to_str().expect("utf-8 path")]);
    assert!(error.ends_with("holds 6 games: choose one with --game N"), "{error}");
}

#[test]
fn bad_files_are_refused_with_the_place_and_the_problem() {
    for (name, problem) in [
        ("malformed/illegal-move.pgn", "line 9, col 23: illegal move Nf6 (no knight can reach f6)"),
        ("malformed/unclosed-comment.pgn", "line 4, col 10: comment is never closed (missing })"),
        ("malformed/binary.pgn", "line 3, col 1: unexpected character '\\0'"),
    ] {
        let path = data(name);
        let error = refused(&["--pgn", path.to_str().expect("utf-8 path")]);
        assert_eq!(error, format!("hotseat: {}: {problem}", path.display()));
    }
    let error = refused(&["--pgn", "/no/such/file.pgn"]);
    assert_eq!(error, "hotseat: cannot read /no/such/file.pgn: No such file or directory (os error 2)");
    let games = data("kasparov-deep-blue-1997.pgn");
    let error = refused(&["--pgn", games.to_str().expect("utf-8 path"), "--game", "7"]);
    assert!(error.ends_with("holds 6 games, so there is no game 7"), "{error}");
    let error =
        refused(&["--pgn", games.to_str().expect("utf-8 path"), "--save", games.to_str().expect("utf-8")]);
    assert!(
        error.ends_with("holds 6 games, which saving would write over; choose another file for --save"),
        "{error}"
    );
}

#[test]
fn save_refuses_a_file_that_already_holds_a_game_and_leaves_it_alone() {
    let dir = std::env::temp_dir().join(format!("hotseat-cli-save-{}", std::process::id()));
    std::fs::create_dir_all(&dir).expect("a temporary folder");
    let path = dir.join("g.pgn");
    let game = "[Event \"Casual game\"]\n[Result \"*\"]\n\n1. e4 e5 *\n";
    std::fs::write(&path, game).expect("an earlier game");
    let shown = path.to_str().expect("utf-8 path");
    let error = refused(&["--save", shown]);
    assert_eq!(
        error,
        format!(
            "hotseat: {shown} already holds a game; continue it with --pgn {shown} --save {shown}, or choose another file"
        )
    );
    assert_eq!(std::fs::read_to_string(&path).expect("the game"), game, "the earlier game is untouched");
    // Continuing in place passes the check: with no terminal, it is played in plain
    // text, and with no input, nothing is added.
    let out = run(&["--pgn", shown, "--save", shown]);
    assert!(out.status.success(), "{out:?}");
    // Saved when it starts, as on the board: the same game, with every tag written.
    let text = std::fs::read_to_string(&path).expect("the game");
    let saved = hotseat::records::pgn::read_game(&text).expect("the saved file parses");
    assert_eq!(saved.game.san_moves(), ["e4", "e5"]);
    std::fs::remove_dir_all(&dir).expect("clean up");
}

#[test]
fn bad_fens_name_the_bad_field() {
    let start = "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR";
    for (fen, says) in [
        ("rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP w KQkq - 0 1", "board"),
        (&format!("{start} x KQkq - 0 1"), "side to move"),
        (&format!("{start} w KQkqZ - 0 1"), "castling"),
        (&format!("{start} w KQkq e9 0 1"), "en-passant square"),
        (&format!("{start} w KQkq - x 1"), "halfmove clock"),
        (&format!("{start} w KQkq - 0 x"), "fullmove number"),
        ("8/8/8/8/8/8/8/8 w - - 0 1", "White has 0 kings"),
        ("", "expected 4 to 6 fields"),
    ] {
        let error = refused(&["--fen", fen]);
        assert!(error.contains(says), "{fen:?}: {error}");
    }
}

#[test]
fn arguments_that_do_not_go_together_are_refused_on_one_line() {
    let error = refused(&["--game", "2"]);
    assert!(error.contains("--pgn <FILE>"), "{error}");
    let error = refused(&["--resume", "--fen", "8/8/8/8/8/8/8/K6k w - - 0 1"]);
    assert!(error.contains("cannot be used with"), "{error}");
    let error = refused(&["--white", " "]);
    assert!(error.contains("a player's name cannot be empty"), "{error}");
    let error = refused(&["--pgn", "x.pgn", "--game", "0"]);
    assert!(error.contains("--game <N>"), "{error}");
}

#[test]
fn resume_with_nothing_to_resume_says_so() {
    let error = refused(&["--resume"]);
    assert!(error.starts_with("hotseat: no unfinished game to resume in "), "{error}");
}

#[test]
fn completions_are_printed_for_bash() {
    let out = run(&["completions", "bash"]);
    assert!(out.status.success());
    let script = String::from_utf8_lossy(&out.stdout);
    assert!(script.contains("_hotseat()"), "{script}");
    for option in ["--pgn", "--resume", "--white", "--save", "perft", "completions"] {
        assert!(script.contains(option), "{option} is completed");
    }
    let error = refused(&["completions", "tcsh"]);
    assert!(error.contains("tcsh"), "{error}");
}

#[cfg(unix)]
#[test]
fn an_endless_file_is_refused_before_it_is_read() {
    let error = refused(&["--pgn", "/dev/zero"]);
    assert_eq!(error, "hotseat: cannot read /dev/zero: it is a character device, not a regular file");
}

/// A scratch folder of its own for one test, removed afterwards.
struct Scratch(PathBuf);

impl Scratch {
    fn new(name: &str) -> Scratch {
        let path = std::env::temp_dir().join(format!("hotseat-cli-{name}-{}", std::process::id()));
        let _ = std::fs::remove_dir_all(&path);
        std::fs::create_dir_all(&path).expect("a scratch folder");
        Scratch(path)
    }

    fn write(&self, name: &str, contents: impl AsRef<[u8]>) -> String {
        let path = self.0.join(name);
        std::fs::write(&path, contents).expect("write a file");
        path.to_str().expect("utf-8 path").to_owned()
    }
}

impl Drop for Scratch {
    fn drop(&mut self) {
        let _ = std::fs::remove_dir_all(&self.0);
    }
}

/// Whether `bytes` hold nothing a terminal would act on: no C0 control but the line
/// feed, no DEL, no C1 control (U+0080 to U+009F, in UTF-8 or as raw bytes).
fn only_printable(bytes: &[u8]) -> bool {
    let text = String::from_utf8_lossy(bytes);
    !text.chars().any(|c| (c.is_control() && c != '\n') || ('\u{80}'..='\u{9f}').contains(&c))
        && !bytes.iter().any(|b| (0x80..=0x9f).contains(b) && std::str::from_utf8(bytes).is_err())
}

#[test]
fn control_characters_in_a_file_never_reach_the_terminal() {
    let scratch = Scratch::new("controls");
    // An event that would set the window title, clear the screen and fill the
    // clipboard; a player that would reverse the rest of the line; a C1 CSI.
    let evil = "[Event \"\x1b]0;pwned\x07\x1b[2J\x1b]52;c;cm0gLXJmIH4=\x07\"]\n\
                [White \"Anna \u{202e}neB\"]\n[Black \"\u{9b}31mRed\"]\n\n1. e4 *\n\n\
                [Event \"Second\"]\n\n1. d4 *\n";
    let path = scratch.write("evil.pgn", evil);
    let out = run(&["--pgn", &path]);
    assert!(only_printable(&out.stdout), "the listing: {:?}", String::from_utf8_lossy(&out.stdout));
    assert!(only_printable(&out.stderr), "the error: {:?}", String::from_utf8_lossy(&out.stderr));
    let listing = String::from_utf8_lossy(&out.stdout);
    // Control characters are read as spaces (as saving writes them); a bidi override,
    // which is no control character, is shown as �.
    for shown in ["1. Anna �neB", "31mRed", "]0;pwned", "[2J", "]52;c;cm0gLXJmIH4="] {
        assert!(listing.contains(shown), "{shown}: {listing}");
    }

    // Errors quote what they refuse, also made harmless.
    for (name, text) in [
        ("bad-move.pgn", "1. e4 \x1b]0;x\x07 *\n"),
        ("bad-variant.pgn", "[Variant \"\x1b[2Jcrazy\"]\n\n1. e4 *\n"),
        ("bad-tag.pgn", "[Event \"x\x1b[2J\n"),
        ("bad-result.pgn", "1. e4 @@\x1b *\n"),
    ] {
        let path = scratch.write(name, text);
        let out = run(&["--pgn", &path]);
        assert!(!out.status.success(), "{name}");
        assert!(only_printable(&out.stderr), "{name}: {:?}", String::from_utf8_lossy(&out.stderr));
    }
}

#[test]
fn a_huge_bad_token_is_quoted_short() {
    let scratch = Scratch::new("long-token");
    let token = "x".repeat(1_000_000);
    for (name, text) in [
        ("move.pgn", format!("1. e4 {token} *\n")),
        ("variant.pgn", format!("[Variant \"{token}\"]\n\n1. e4 *\n")),
        ("fen.pgn", format!("[FEN \"4k3/8/8/8/8/8/8/4K3 {token} - - 0 1\"]\n\n1. e4 *\n")),
        ("tag.pgn", format!("[{token} 1]\n")),
        ("after-end.pgn", format!("1. f3 e5 2. g4 Qh4# {token} *\n")),
    ] {
        let path = scratch.write(name, text);
        let error = refused(&["--pgn", &path]);
        assert!(error.chars().count() < path.len() + 200, "{name}: {} characters", error.chars().count());
        assert!(error.contains("xxx…"), "{name}: {error}");
    }
}

#[test]
fn a_position_refused_on_the_command_line_is_refused_in_a_file_too() {
    let scratch = Scratch::new("strict-fen");
    // Black to move in check from two bishops at once, which no last move can give.
    let impossible = "B6b/8/8/8/2K5/5k2/8/b6B b - - 0 1";
    let from_option = refused(&["--fen", impossible]);
    assert!(from_option.contains("impossible position"), "{from_option}");
    let path =
        scratch.write("impossible.pgn", format!("[SetUp \"1\"]\n[FEN \"{impossible}\"]\n\n1... Kg4 *\n"));
    let from_file = refused(&["--pgn", &path]);
    assert!(
        from_file.starts_with(&format!("hotseat: {path}: line 2, col 6: invalid FEN: impossible position")),
        "{from_file}"
    );
}

#[test]
fn a_game_piped_in_from_a_file_is_played_and_saved() {
    let dir = std::env::temp_dir().join(format!("hotseat-cli-pipe-{}", std::process::id()));
    std::fs::create_dir_all(&dir).expect("a temporary folder");
    let moves = ["e4", "e5", "Nf3", "Nc6", "Bb5", "a6", "Bxc6", "dxc6", "O-O"];
    let input = dir.join("moves.txt");
    std::fs::write(&input, moves.join("\n") + "\nlast\n").expect("the moves");
    let save = dir.join("piped.pgn");
    let out = Command::new(env!("CARGO_BIN_EXE_hotseat"))
        .args(["--save", save.to_str().expect("utf-8 path"), "--announce", "san", "--white", "Ann"])
        .env("HOTSEAT_DATA_DIR", dir.join("data"))
        .stdin(std::fs::File::open(&input).expect("the moves file"))
        .output()
        .expect("the binary runs");
    let stdout = String::from_utf8_lossy(&out.stdout);
    assert!(out.status.success(), "{out:?}");
    assert!(!out.stdout.contains(&0x1b), "no escape sequence: {stdout}");
    assert!(stdout.contains("hotseat, in plain text: Ann against Black.\n"), "{stdout}");
    assert!(stdout.contains("White: Bxc6.\nBlack to move.\nBlack: dxc6.\n"), "{stdout}");
    assert!(stdout.contains("Last move: 5. White: O-O.\n"), "{stdout}");
    let text = std::fs::read_to_string(&save).expect("the saved game");
    let saved = hotseat::records::pgn::read_game(&text).expect("the saved file parses");
    assert_eq!(saved.game.san_moves(), moves);
    assert!(text.contains("[White \"Ann\"]"), "{text}");
    std::fs::remove_dir_all(&dir).expect("clean up");
}

/// Plays in plain text with `input` on standard input (from a file); what came of it.
fn plain_with_input(name: &str, input: &[u8]) -> (Output, String) {
    let dir = std::env::temp_dir().join(format!("hotseat-cli-{name}-{}", std::process::id()));
    std::fs::create_dir_all(&dir).expect("a temporary folder");
    let file = dir.join("input.txt");
    std::fs::write(&file, input).expect("the input");
    let out = Command::new(env!("CARGO_BIN_EXE_hotseat"))
        .args(["--plain", "--announce", "san"])
        .env("HOTSEAT_DATA_DIR", dir.join("data"))
        .stdin(std::fs::File::open(&file).expect("the input file"))
        .output()
        .expect("the binary runs");
    std::fs::remove_dir_all(&dir).expect("clean up");
    let stdout = String::from_utf8_lossy(&out.stdout).into_owned();
    (out, stdout)
}

#[test]
fn quit_in_plain_text_does_not_say_the_last_refusal_again() {
    let (out, stdout) = plain_with_input("stale-refusal", b"e5\nxyz\nquit\n");
    assert!(out.status.success(), "{out:?}");
    assert_eq!(stdout.matches("Illegal move: e5").count(), 1, "{stdout}");
    assert_eq!(stdout.matches("Neither a move nor a command: \"xyz\"").count(), 1, "{stdout}");
}

#[test]
fn a_plain_line_that_is_not_utf8_is_said_unreadable_and_the_game_goes_on() {
    let (out, stdout) = plain_with_input("not-utf8", b"e4\n\xe9t\xe9\ne5\nquit\n");
    assert!(out.status.success(), "{out:?}");
    assert!(stdout.contains("That line is not readable text (not UTF-8)"), "{stdout}");
    assert!(stdout.contains("\"\u{fffd}t\u{fffd}\""), "quoted as far as it reads: {stdout}");
    assert!(stdout.contains("Black: e5.\n"), "the game goes on: {stdout}");
}

#[test]
fn a_plain_line_is_read_up_to_64_kib_and_quoted_back_at_most_60_characters() {
    let mut input = "x".repeat(200 * 1024).into_bytes();
    input.extend_from_slice(b"\ne4\nquit\n");
    let (out, stdout) = plain_with_input("long-line", &input);
    assert!(out.status.success(), "{out:?}");
    assert!(
        stdout.contains("That line is longer than 64 KiB: the rest of it was discarded.\n"),
        "{stdout:.400}"
    );
    let refusal = stdout.lines().find(|l| l.starts_with("Neither a move nor a command")).expect("refused");
    let quoted = refusal.split('"').nth(1).expect("a quote");
    assert_eq!(quoted.chars().count(), 60, "{refusal}");
    assert!(stdout.contains("White: e4.\n"), "the game goes on: {stdout:.400}");
}
