//! The real binary in a pseudo-terminal, for what a player meets typing, pointing and
//! reading the screen (issue 18, section 4).

use common::DataDir;
use common::pty::Pty;

use crate::common;

/// The binary with `args`, saving into a data directory of its own.
fn start(name: &str, args: &[&str]) -> (Pty, DataDir) {
    let data = DataDir::new(&format!("screen-{name}"));
    let pty = Pty::start(args, None, &data.env());
    (pty, data)
}

#[test]
fn after_a_refused_move_the_next_key_starts_a_new_text_and_tab_takes_the_suggestion() {
    let (mut s, _data) = start("refused", &[]);
    s.wait_for("White to move");
    s.send("Nf4\r");
    s.wait_for("Illegal move: Nf4");
    assert!(s.contents().contains("Move: Nf4"), "the refused text stays to mend:\n{}", s.contents());
    s.send("e5");
    s.wait_for("Move: e5");
    assert!(!s.contents().contains("Nf4e5"), "a new text, not appended:\n{}", s.contents());
    s.send("\r");
    s.wait_for("did you mean e4?");
    s.send("\t");
    s.wait_for("Move: e4");
    s.send("\r");
    s.wait_for("1. e4");
    s.quit();
}

#[test]
fn a_line_of_moves_typed_without_bracketed_paste_is_taken_whole() {
    let (mut s, _data) = start("line", &[]);
    s.wait_for("White to move");
    // Sent as keys, as a terminal without bracketed paste sends a pasted line.
    let line = "1. e4 e5 2. Nf3 Nc6 3. Bb5 a6 4. Ba4 Nf6 5. O-O Be7 6. Re1 b5 7. Bb3 d6";
    assert!(line.len() > 64);
    s.send(line);
    s.wait_for("Enter: play these moves one by one");
    s.send("\r");
    s.wait_for("Pasted 14 moves.");
    s.wait_for("7. Bb3");
    s.quit();
}

#[test]
fn the_result_banner_names_the_players_with_their_colours() {
    let (mut s, _data) = start("names", &["--white", "Anna", "--black", "Ben"]);
    s.wait_for("Anna");
    s.send("e4\r");
    s.wait_for("1. e4");
    // Ctrl-R proposes the side to move, Black; Y confirms.
    s.send("\x12");
    s.wait_for("Are you sure?");
    s.send("y");
    s.wait_for("Ben (Black) resigns — Anna (White) wins 1-0");
    // Enter on a finished game says so by name too.
    s.send("Nf3\r");
    s.wait_for("The game is over: Ben (Black) resigns — Anna (White) wins 1-0.");
    s.quit();
}

#[test]
fn a_message_too_long_for_its_line_goes_on_over_a_second_at_100x32() {
    let (mut s, _data) = start("wrap", &[]);
    s.wait_for("White to move");
    // Ctrl-D with no draw to claim: a sentence longer than the 99 columns it has.
    s.send("\x04");
    s.wait_for("No draw to claim");
    s.wait_for("\nmove.");
    assert!(!s.contents().contains('…'), "nothing is cut:\n{}", s.contents());
    s.wait_for("^Q quit");
    s.quit();
}

#[test]
fn the_time_control_is_shown_with_the_stage_a_staged_one_is_in() {
    let (mut s, _data) = start("control", &["--clock", "3+2"]);
    s.wait_for(" 3+2 ");
    s.quit();
    let (mut s, _data) = start("stages", &["--clock", "2/3:6"]);
    s.wait_for("stage 1 of 2");
    for (san, shown) in
        [("e4", "1. e4"), ("e5", "White to move"), ("Nf3", "2. Nf3"), ("Nc6", "White to move")]
    {
        s.play(san, shown);
    }
    s.wait_for("stage 2 of 2");
    s.quit();
}

// ----- plain text: nothing from outside acts on the terminal (issue 19, item 11) -----

#[test]
fn plain_text_prints_file_names_and_tags_without_escapes() {
    use std::io::Write;
    use std::process::{Command, Stdio};
    let data = DataDir::new("escapes");
    let games = data.0.join("games");
    std::fs::create_dir_all(&games).expect("the games folder");
    let game = "[Event \"\u{202e}Casual\"]\n[Site \"?\"]\n[Date \"2025.01.01\"]\n[Round \"-\"]\n\
                [White \"A\"]\n[Black \"B\"]\n[Result \"*\"]\n\n1. e4 *\n";
    let name = "a\x1b]52;c;ZXZpbA==\x07b.pgn";
    std::fs::write(games.join(name), game).expect("a game file");
    let copy = data.0.join("c\x1b]0;title\x07d.pgn");
    std::fs::write(&copy, game).expect("a game file");
    for args in [vec!["--resume", "--plain"], vec!["--pgn", copy.to_str().expect("utf-8"), "--plain"]] {
        let mut child = Command::new(env!("CARGO_BIN_EXE_hotseat"))
            .args(&args)
            .env("HOTSEAT_DATA_DIR", &data.0)
            .stdin(Stdio::piped())
            .stdout(Stdio::piped())
            .stderr(Stdio::piped())
            .spawn()
            .expect("the binary starts");
        child.stdin.take().expect("stdin").write_all(b"pgn\nquit\n").expect("input");
        let out = child.wait_with_output().expect("the binary ends");
        let text = String::from_utf8_lossy(&out.stdout).into_owned() + &String::from_utf8_lossy(&out.stderr);
        assert!(text.contains("[Event"), "{args:?}: the pgn command ran:\n{text}");
        assert!(text.contains("ZXZpbA==") || text.contains("title"), "{args:?}: the file is named:\n{text}");
        for c in ['\x1b', '\x07', '\u{202e}'] {
            assert!(!text.contains(c), "{args:?}: {c:?} reached the terminal:\n{text:?}");
        }
    }
}

/// The number in the panel's ` Chess960 #N ` title.
fn chess960_number(screen: &str) -> Option<u16> {
    let at = screen.find("Chess960 #")? + "Chess960 #".len();
    screen[at..].split(|c: char| !c.is_ascii_digit()).next()?.parse().ok()
}

#[test]
fn a_random_chess960_start_shows_its_number_and_a_new_game_draws_another() {
    let (mut s, data) = start("chess960", &["--chess960"]);
    s.wait_for("Chess960 #");
    let first = chess960_number(&s.contents()).expect("the number on screen");
    s.play("a3", "1. a3");
    s.send("\x0e");
    s.wait_for("start a new one?");
    s.send("y");
    s.wait_for("White to move");
    // A new random start each time: the same one five times running would be a
    // chance of one in 960 to the fifth.
    let mut numbers = vec![first];
    for _ in 0..5 {
        let deadline = std::time::Instant::now() + common::pty::PATIENCE;
        while s.contents().contains("1. a3") {
            assert!(std::time::Instant::now() < deadline, "no new game:\n{}", s.contents());
            s.read_for(std::time::Duration::from_millis(50));
        }
        numbers.push(chess960_number(&s.contents()).expect("the number on screen"));
        if numbers.iter().any(|&n| n != first) {
            break;
        }
        s.send("\x0e");
        s.read_for(std::time::Duration::from_millis(200));
    }
    assert!(numbers.iter().any(|&n| n != first), "always the same start: {numbers:?}");
    s.quit();
    let games = data.0.join("games");
    let saved: Vec<String> = std::fs::read_dir(&games)
        .expect("the games folder")
        .filter_map(|e| std::fs::read_to_string(e.ok()?.path()).ok())
        .collect();
    assert!(
        saved.iter().any(|pgn| pgn.contains(&format!("[Chess960 \"{first}\"]")) && pgn.contains("1. a3")),
        "the saved game names its start {first}: {saved:?}"
    );
}

#[test]
fn a_long_result_banner_is_shortened_at_a_word_not_cut() {
    let long = "Alexandra Konstantinopolskaya-Wiśniewska of the Grand Duchy";
    let (mut s, _data) =
        start("banner", &["--white", long, "--black", "Bartholomew Featherstonehaugh-Montgomery"]);
    s.wait_for("White to move");
    s.send("\x12");
    s.wait_for("Are you sure?");
    s.send("y");
    s.wait_for("resigns —");
    let screen = s.contents();
    let banner = screen.lines().find(|l| l.contains("resigns —")).expect("the banner").trim_end();
    assert!(banner.ends_with('…') || banner.ends_with("0-1"), "{banner:?}");
    s.quit();
}
