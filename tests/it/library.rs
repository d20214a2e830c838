//! The library of saved games (`hotseat games`): the folder read (sorting, filtering,
//! summaries of odd files, hostile entries), the screen's state machine, its drawing at
//! any size, the README picture, and the real binary in a pseudo-terminal.

use std::fs::{self, File};
use std::path::{Path, PathBuf};
use std::process::{Command, Stdio};
use std::time::{Duration, Instant, SystemTime, UNIX_EPOCH};

use hotseat::app::{Message, MessageKind};
use hotseat::library::{Action, Effect, Library, Mode, Motion, OpenAs};
use hotseat::records::shelf::{self, Content, DeleteRefused, Entry, Shelf, Summary};
use hotseat::records::store::GameLock;
use hotseat::ui::library::render;
use hotseat::ui::{ColorSupport, Look, PieceSet, theme};
use ratatui::buffer::Buffer;
use ratatui::layout::Rect;

use common::TempDir;
use common::pty::Pty;
use common::svg::svg;

use crate::common;

fn game_text(white: &str, black: &str, moves: &str, result: &str, extra: &str) -> String {
    format!(
        "[Event \"Casual game\"]\n[White \"{white}\"]\n[Black \"{black}\"]\n[Result \"{result}\"]\n{extra}\n{moves} {result}\n"
    )
}

/// Writes a game file last written `age` seconds after the epoch's base.
fn write_game(dir: &Path, name: &str, text: &str, seconds: u64) -> PathBuf {
    let path = dir.join(name);
    fs::write(&path, text).expect("write a game");
    let when = UNIX_EPOCH + Duration::from_secs(1_750_000_000 + seconds);
    File::options().write(true).open(&path).expect("open").set_modified(when).expect("set the time");
    path
}

fn games_dir(name: &str) -> (TempDir, PathBuf) {
    let temp = TempDir::new(&format!("library-{name}"));
    let dir = temp.path().join("games");
    fs::create_dir_all(&dir).expect("games folder");
    (temp, dir)
}

fn names(shelf: &Shelf) -> Vec<&str> {
    shelf.entries.iter().map(|e| e.name.as_str()).collect()
}

// ----- the folder read -----

#[test]
fn unfinished_games_come_first_and_each_group_newest_first() {
    let (_temp, dir) = games_dir("order");
    write_game(&dir, "old-unfinished.pgn", &game_text("A", "B", "1. e4", "*", ""), 10);
    write_game(&dir, "new-finished.pgn", &game_text("C", "D", "1. f3 e5 2. g4 Qh4#", "0-1", ""), 40);
    write_game(&dir, "new-unfinished.pgn", &game_text("E", "F", "1. d4 d5", "*", ""), 30);
    write_game(&dir, "old-finished.pgn", &game_text("G", "H", "1. e4", "1-0", ""), 5);
    write_game(&dir, "junk.pgn", "\u{1}\u{2}{{{", 50);
    fs::write(dir.join("notes.txt"), "not a game").expect("write");
    fs::write(dir.join(".2025.pgn.123-abc.tmp"), "a save's leftover").expect("write");
    let shelf = shelf::scan(&dir).expect("readable");
    assert_eq!(
        names(&shelf),
        ["new-unfinished.pgn", "old-unfinished.pgn", "new-finished.pgn", "old-finished.pgn", "junk.pgn"]
    );
    let first = shelf.entries[0].summary().expect("a game");
    assert_eq!((first.players().as_str(), first.moves, first.is_unfinished()), ("E – F", 1, true));
    assert_eq!(shelf.entries[2].summary().expect("a game").moves, 2);
    assert_eq!(shelf.skipped, 0);
    assert_eq!(shelf::scan(&dir.join("missing")).expect("nothing yet"), Shelf::default());
}

#[test]
fn summaries_read_the_opening_tags_and_say_why_a_file_is_not_a_game() {
    let opening = "[ECO \"B90\"]\n[Opening \"Sicilian\"]\n[Variation \"Najdorf\"]\n";
    let Content::Game(s) = shelf::summarize(game_text("Anna", "?", "1. e4 c5", "*", opening).as_bytes())
    else {
        panic!("a game");
    };
    assert_eq!(s.opening_line(), "B90 Sicilian: Najdorf");
    assert_eq!(s.black, "?");
    let Content::Game(plain) = shelf::summarize(b"1. e4 e5 2. Nf3 *") else { panic!("a game") };
    assert_eq!((plain.opening_line().as_str(), plain.white.as_str()), ("", "?"));
    let Content::Game(two) = shelf::summarize(b"1. e4 *\n\n1. d4 *\n") else { panic!("games") };
    assert_eq!(two.games, 2);
    // Moves are counted, not played: an illegal one is still a game to list.
    let Content::Game(illegal) = shelf::summarize(b"1. e4 e5 2. Ke4 *") else { panic!("a game") };
    assert_eq!(illegal.moves, 2);
    for junk in [&b""[..], b"   \n", b"{ never closed", b"\xff\xfe\x00U", b"[White \"unclosed"] {
        assert!(matches!(shelf::summarize(junk), Content::Unreadable(_)), "{junk:?}");
    }
}

#[test]
fn hostile_entries_are_skipped_or_listed_as_unreadable_and_nothing_blocks() {
    let (temp, dir) = games_dir("hostile");
    write_game(&dir, "good.pgn", &game_text("Anna", "Ben", "1. e4", "*", ""), 10);
    // A named pipe: opening it to read would wait for a writer forever.
    let made = Command::new("mkfifo").arg(dir.join("pipe.pgn")).status().expect("mkfifo runs");
    assert!(made.success());
    // Links, in and out of the folder, a dangling one, and a folder.
    let outside = temp.path().join("outside.pgn");
    fs::write(&outside, game_text("Eve", "Mallory", "1. e4", "*", "")).expect("write");
    std::os::unix::fs::symlink(&outside, dir.join("out.pgn")).expect("symlink");
    std::os::unix::fs::symlink(dir.join("good.pgn"), dir.join("in.pgn")).expect("symlink");
    std::os::unix::fs::symlink(dir.join("nowhere"), dir.join("dangling.pgn")).expect("symlink");
    fs::create_dir(dir.join("folder.pgn")).expect("folder");
    // A huge file, binary junk, a name that is not UTF-8, and control characters.
    let huge = File::create(dir.join("huge.pgn")).expect("create");
    huge.set_len(64 << 20).expect("a sparse 64 MiB file");
    fs::write(dir.join("junk.pgn"), (0..=255u8).cycle().take(10_000).collect::<Vec<u8>>()).expect("write");
    let odd_name = <std::ffi::OsStr as std::os::unix::ffi::OsStrExt>::from_bytes(b"caf\xe9\x1b[2J.pgn");
    fs::write(dir.join(odd_name), game_text("\u{1b}]0;pwned\u{7}", "Ben", "1. d4", "*", "")).expect("write");
    let unreadable = write_game(&dir, "locked.pgn", &game_text("A", "B", "1. e4", "*", ""), 1);
    let mut perms = fs::metadata(&unreadable).expect("stat").permissions();
    std::os::unix::fs::PermissionsExt::set_mode(&mut perms, 0o000);
    fs::set_permissions(&unreadable, perms).expect("chmod");
    let root = fs::read(&unreadable).is_ok();

    let started = Instant::now();
    let shelf = shelf::scan(&dir).expect("the folder can be listed");
    assert!(started.elapsed() < Duration::from_secs(5), "listing blocked for {:?}", started.elapsed());
    assert_eq!(shelf.skipped, 5, "the pipe, the three links and the folder: {shelf:?}");
    let listed = names(&shelf);
    assert!(!listed.iter().any(|n| ["pipe.pgn", "out.pgn", "in.pgn"].contains(n)), "{listed:?}");
    let entry = |name: &str| shelf.entries.iter().find(|e| e.name == name).expect(name);
    assert!(matches!(&entry("huge.pgn").content, Content::Unreadable(why) if why.contains("too large")));
    assert!(matches!(entry("junk.pgn").content, Content::Unreadable(_)));
    let odd = shelf.entries.iter().find(|e| e.name.starts_with("caf")).expect("the odd name is listed");
    assert!(!odd.name.contains('\u{1b}') && odd.name.contains('\u{fffd}'), "{:?}", odd.name);
    let summary = odd.summary().expect("a game");
    assert!(!summary.white.chars().any(char::is_control), "{:?}", summary.white);
    if !root {
        assert!(matches!(&entry("locked.pgn").content, Content::Unreadable(why) if why.contains("denied")));
    }
}

#[test]
fn deleting_takes_only_a_game_file_in_the_folder_that_no_one_has_open() {
    let (temp, dir) = games_dir("delete");
    let game = write_game(&dir, "game.pgn", &game_text("A", "B", "1. e4", "*", ""), 10);
    let junk = write_game(&dir, "junk.pgn", "\u{0}\u{0}", 10);
    let outside = temp.path().join("outside.pgn");
    fs::write(&outside, game_text("A", "B", "1. e4", "*", "")).expect("write");
    let link = dir.join("link.pgn");
    std::os::unix::fs::symlink(&outside, &link).expect("symlink");

    assert!(matches!(shelf::delete(&dir, &outside), Err(DeleteRefused::NotInFolder)));
    assert!(matches!(shelf::delete(&dir, &link), Err(DeleteRefused::NotAFile)));
    assert!(matches!(shelf::delete(&dir, &junk), Err(DeleteRefused::NotAGame)));
    let held = GameLock::acquire(&game).expect("lock");
    let refused = shelf::delete(&dir, &game).expect_err("open in another hotseat");
    assert!(refused.to_string().contains("open in another hotseat"), "{refused}");
    drop(held);
    shelf::delete(&dir, &game).expect("deleted");
    assert!(!game.exists() && outside.exists() && link.symlink_metadata().is_ok() && junk.exists());
    assert_eq!(TempDir::names_of(&dir), ["junk.pgn", "link.pgn"], "no lock file is left behind");
}

#[test]
fn continuing_takes_one_unfinished_game_whole_and_locks_it() {
    let (_temp, dir) = games_dir("continue");
    let open = write_game(&dir, "open.pgn", &game_text("A", "B", "1. e4 e5", "*", ""), 1);
    let done = write_game(&dir, "done.pgn", &game_text("A", "B", "1. f3 e5 2. g4 Qh4#", "*", ""), 1);
    let noted = write_game(&dir, "noted.pgn", &game_text("A", "B", "1. e4 {a comment} e5", "*", ""), 1);
    let resumed = shelf::continue_file(&open).expect("continues");
    assert_eq!(resumed.record.game.san_moves(), ["e4", "e5"]);
    assert!(shelf::continue_file(&open).is_err(), "held by the first");
    drop(resumed);
    assert!(shelf::continue_file(&done).expect_err("checkmate").to_string().contains("is over"));
    let kept = shelf::continue_file(&noted).expect("an annotated game continues");
    assert_eq!(
        kept.record.annotations.first().map(|a| a.comments.clone()),
        Some(vec!["a comment".to_owned()])
    );
}

// ----- the state machine -----

fn entry(name: &str, white: &str, result: &str, seconds: u64) -> Entry {
    Entry {
        path: PathBuf::from("/games").join(name),
        name: name.to_owned(),
        modified: UNIX_EPOCH + Duration::from_secs(1_750_000_000 + seconds),
        content: Content::Game(Summary {
            white: white.to_owned(),
            black: "Ben".to_owned(),
            result: result.to_owned(),
            moves: 12,
            eco: "C50".to_owned(),
            opening: "Italian Game".to_owned(),
            date: "2025.06.15".to_owned(),
            games: 1,
        }),
    }
}

fn shelf_of(entries: Vec<Entry>) -> Shelf {
    Shelf { entries, skipped: 0 }
}

fn type_text(library: &mut Library, text: &str) {
    for c in text.chars() {
        library.update(Action::Type(c));
    }
}

#[test]
fn typing_filters_by_players_opening_date_and_file_name_ignoring_case() {
    let unreadable = Entry { content: Content::Unreadable("junk".into()), ..entry("junk.pgn", "", "", 1) };
    let mut library = Library::new(shelf_of(vec![
        entry("a.pgn", "Anna", "*", 3),
        entry("b.pgn", "Zoe", "1-0", 2),
        unreadable,
    ]));
    type_text(&mut library, "ZOE");
    assert_eq!(library.shown().map(|e| e.name.as_str()).collect::<Vec<_>>(), ["b.pgn"]);
    library.update(Action::Cancel);
    type_text(&mut library, "italian c50 anna");
    assert_eq!(library.shown().len(), 1, "every word must match");
    library.update(Action::Cancel);
    type_text(&mut library, "2025-06-15");
    assert_eq!(library.shown().len(), 3, "the date saved matches all");
    library.update(Action::Cancel);
    type_text(&mut library, "JUNK.P");
    assert_eq!(library.shown().len(), 1);
    library.update(Action::Backspace);
    library.update(Action::Backspace);
    type_text(&mut library, "x");
    assert_eq!(library.shown().len(), 0);
    assert_eq!(library.update(Action::Open), [], "nothing to open");
    // Esc clears the filter first, and leaves only when there is none.
    library.update(Action::Cancel);
    assert!(!library.should_quit() && library.filter().is_empty());
    library.update(Action::Cancel);
    assert!(library.should_quit());
}

#[test]
fn the_filter_matches_the_result_column_whole() {
    let unreadable = Entry { content: Content::Unreadable("junk".into()), ..entry("junk.pgn", "", "", 1) };
    let mut library = Library::new(shelf_of(vec![
        entry("a.pgn", "Anna", "*", 3),
        entry("b.pgn", "Zoe", "1-0", 2),
        entry("c.pgn", "Yann", "1/2-1/2", 4),
        // Saved on 2021-01-05: `1-0` is in its date, not in its result.
        Entry { modified: UNIX_EPOCH + Duration::from_secs(1_609_855_000), ..entry("d.pgn", "Xi", "0-1", 0) },
        unreadable,
    ]));
    let shown = |library: &Library| library.shown().map(|e| e.name.clone()).collect::<Vec<_>>();
    for (filter, expected) in [
        ("unfinished", vec!["a.pgn"]),
        ("UNFIN", vec!["a.pgn"]),
        ("1-0", vec!["b.pgn"]),
        ("0-1", vec!["d.pgn"]),
        ("½-½", vec!["c.pgn"]),
        ("1/2-1/2 yann", vec!["c.pgn"]),
        ("unreadable", vec!["junk.pgn"]),
    ] {
        type_text(&mut library, filter);
        assert_eq!(shown(&library), expected, "{filter}");
        library.update(Action::Cancel);
    }
}

#[test]
fn enter_continues_an_unfinished_game_and_opens_a_finished_one_to_look_through() {
    let unreadable = Entry { content: Content::Unreadable("junk".into()), ..entry("junk.pgn", "", "", 1) };
    let mut library = Library::new(shelf_of(vec![
        entry("a.pgn", "Anna", "*", 3),
        entry("b.pgn", "Zoe", "1-0", 2),
        unreadable,
    ]));
    assert_eq!(library.update(Action::Open), [Effect::Open("/games/a.pgn".into(), OpenAs::Continue)]);
    library.update(Action::Move(Motion::Down));
    assert_eq!(library.update(Action::Open), [Effect::Open("/games/b.pgn".into(), OpenAs::Browse)]);
    library.update(Action::Move(Motion::Last));
    assert_eq!(library.update(Action::Open), []);
    assert_eq!(library.message().map(|m| m.kind), Some(MessageKind::Error));
    library.update(Action::Delete);
    assert_eq!(library.mode(), Mode::List, "junk is not offered for deleting");
}

#[test]
fn deleting_asks_first_and_only_y_deletes() {
    let mut library =
        Library::new(shelf_of(vec![entry("a.pgn", "Anna", "*", 3), entry("b.pgn", "Zoe", "*", 2)]));
    library.update(Action::Move(Motion::Down));
    assert_eq!(library.update(Action::Delete), []);
    assert_eq!(library.mode(), Mode::Asking);
    for other in [Action::Open, Action::Type('n'), Action::Unbound, Action::Move(Motion::Up), Action::Delete]
    {
        assert_eq!(library.update(other), []);
        assert_eq!(library.mode(), Mode::Asking, "still asking");
    }
    library.update(Action::Cancel);
    assert_eq!(library.mode(), Mode::List);
    assert!(library.message().is_some_and(|m| m.text.contains("Kept b.pgn")));
    library.update(Action::Delete);
    assert_eq!(library.update(Action::Yes), [Effect::Delete("/games/b.pgn".into())]);
    // The folder read again without it: the selection stays on the line it was on.
    library.update(Action::Shelved(shelf_of(vec![entry("a.pgn", "Anna", "*", 3)])));
    assert_eq!(library.selected_entry().map(|e| e.name.as_str()), Some("a.pgn"));
}

#[test]
fn the_selection_moves_by_lines_and_pages_and_stays_in_the_list() {
    let entries = (0..50).map(|i| entry(&format!("{i:02}.pgn"), "A", "*", 100 - i)).collect();
    let mut library = Library::new(shelf_of(entries));
    library.update(Action::Rows(10));
    library.update(Action::Move(Motion::Up));
    assert_eq!(library.selected(), Some(0));
    library.update(Action::Move(Motion::PageDown));
    assert_eq!(library.selected(), Some(9));
    library.update(Action::Move(Motion::Last));
    assert_eq!(library.selected(), Some(49));
    library.update(Action::Move(Motion::Down));
    library.update(Action::Move(Motion::PageDown));
    assert_eq!(library.selected(), Some(49));
    library.update(Action::Move(Motion::PageUp));
    assert_eq!(library.selected(), Some(40));
    library.update(Action::Move(Motion::First));
    assert_eq!(library.selected(), Some(0));
}

// ----- the screen -----

fn draw(library: &Library, width: u16, height: u16) -> Buffer {
    let area = Rect::new(0, 0, width, height);
    let mut buf = Buffer::empty(area);
    let look = Look {
        theme: theme::WOOD,
        colors: ColorSupport::TrueColor,
        pieces: PieceSet::Glyphs,
        ..Look::default()
    };
    render(area, &mut buf, library, "~/.local/share/hotseat/games", &look);
    buf
}

fn text_of(buf: &Buffer) -> String {
    let area = buf.area;
    (0..area.height)
        .map(|y| (0..area.width).map(|x| buf[(x, y)].symbol()).collect::<String>() + "\n")
        .collect()
}

#[test]
fn a_message_too_long_for_its_row_goes_on_over_the_hints_and_keeps_its_end() {
    let why = "Not opened: cannot lock /home/anna/.local/share/hotseat/games/.unfinished-game.pgn.lock: \
               another hotseat (process 4242) has it open; finish that game first";
    let library =
        Library::new(shelf_of(vec![entry("a.pgn", "Anna", "*", 10)])).with_message(Message::error(why));
    let screen = text_of(&draw(&library, 100, 32));
    let rows: Vec<&str> = screen.lines().collect();
    let shown = format!("{} {}", rows[30].trim(), rows[31].trim());
    assert_eq!(shown, why, "{screen}");
    // A short one keeps its row, and the hints stay.
    let library = Library::new(shelf_of(vec![entry("a.pgn", "Anna", "*", 10)]))
        .with_message(Message::error("Deleted."));
    let screen = text_of(&draw(&library, 100, 32));
    assert!(screen.lines().nth(30).is_some_and(|row| row.trim() == "Deleted."), "{screen}");
    assert!(screen.lines().nth(31).is_some_and(|row| row.contains("Esc")), "{screen}");
}

fn picture_library() -> Library {
    let game =
        |name: &str, white: &str, black: &str, result: &str, moves: usize, opening: (&str, &str), at: u64| {
            Entry {
                path: PathBuf::from("/games").join(name),
                name: name.to_owned(),
                modified: UNIX_EPOCH + Duration::from_secs(at),
                content: Content::Game(Summary {
                    white: white.to_owned(),
                    black: black.to_owned(),
                    result: result.to_owned(),
                    moves,
                    eco: opening.0.to_owned(),
                    opening: opening.1.to_owned(),
                    date: String::new(),
                    games: 1,
                }),
            }
        };
    let day = 86_400;
    let base = 1_750_000_000;
    let shelf = Shelf {
        entries: vec![
            game("2025-06-15_18-02-11Z.pgn", "Anna", "Ben", "*", 23, ("C50", "Italian Game"), base + 3 * day),
            game(
                "2025-06-14_20-40-03Z.pgn",
                "Chloe",
                "Dev",
                "*",
                9,
                ("B90", "Sicilian Defense: Najdorf Variation"),
                base + 2 * day,
            ),
            game(
                "2025-06-14_19-11-45Z.pgn",
                "Anna",
                "Chloe",
                "1-0",
                41,
                ("D37", "Queen's Gambit Declined"),
                base + 2 * day - 7_000,
            ),
            game("2025-06-13_21-05-30Z.pgn", "Ben", "Dev", "1/2-1/2", 57, ("", ""), base + day),
            game("2025-06-12_17-30-00Z.pgn", "Dev", "Anna", "0-1", 2, ("A00", "Barnes Opening"), base),
        ],
        skipped: 0,
    };
    let mut library = Library::new(shelf);
    library.update(Action::Move(Motion::Down));
    library
}

#[test]
fn the_screen_works_from_tiny_to_huge_and_says_when_it_is_too_small() {
    let library = picture_library();
    for (w, h) in [(1, 1), (20, 5), (35, 20), (36, 8), (60, 10), (100, 32), (400, 150)] {
        let text = text_of(&draw(&library, w, h));
        if w >= 36 && h >= 8 {
            assert!(text.contains("Chloe – Dev"), "{w}×{h}:\n{text}");
        } else if w >= 20 {
            assert!(text.contains("too small"), "{w}×{h}:\n{text}");
        }
    }
    // A long list scrolls so the selection is on screen.
    let entries =
        (0..500).map(|i| entry(&format!("{i:03}.pgn"), &format!("P{i:03}"), "*", 1000 - i)).collect();
    let mut long = Library::new(shelf_of(entries));
    long.update(Action::Move(Motion::Last));
    let text = text_of(&draw(&long, 80, 12));
    assert!(text.contains("P499") && !text.contains("P000"), "{text}");
}

#[test]
fn the_question_names_the_game_to_delete() {
    let mut library = picture_library();
    library.update(Action::Delete);
    let text = text_of(&draw(&library, 100, 12));
    assert!(
        text.contains("Delete 2025-06-14_20-40-03Z.pgn (Chloe – Dev, unfinished, 9 moves)? Y deletes it"),
        "{text}"
    );
}

fn picture() -> String {
    svg(&draw(&picture_library(), 100, 12))
}

#[test]
fn the_readme_picture_is_current() {
    common::svg::assert_picture_current("library.svg", &picture(), "library");
}

// ----- the real binary -----

fn data_dir(name: &str) -> (TempDir, PathBuf) {
    let temp = TempDir::new(&format!("library-bin-{name}"));
    let games = temp.path().join("games");
    fs::create_dir_all(&games).expect("games folder");
    (temp, games)
}

#[test]
fn the_library_lists_filters_continues_and_deletes_in_a_terminal() {
    let (temp, games) = data_dir("pty");
    let now = SystemTime::now().duration_since(UNIX_EPOCH).expect("after 1970").as_secs() - 1_750_000_000;
    let open = write_game(&games, "open.pgn", &game_text("Anna", "Ben", "1. e4 e5", "*", ""), now - 100);
    let done = write_game(
        &games,
        "done.pgn",
        &game_text("Chloe", "Dev", "1. f3 e5 2. g4 Qh4#", "0-1", ""),
        now - 50,
    );
    let other = write_game(&games, "other.pgn", &game_text("Eve", "Finn", "1. d4", "*", ""), now - 200);
    let before = fs::read_to_string(&open).expect("read");
    let mut s = Pty::start(&["games"], None, &[("HOTSEAT_DATA_DIR", temp.path())]);
    s.wait_for("3 saved games, 2 unfinished");
    s.wait_for("Anna – Ben");
    // Filter by typing: only Chloe's game is left.
    s.send("chlo");
    s.wait_for("1 match");
    assert!(!s.contents().contains("Anna – Ben"), "{}", s.contents());
    // Enter on a finished game: the board, looking through it; nothing is saved.
    s.send("\r");
    s.wait_for("nothing is saved");
    s.send("\x11");
    s.wait_for("Closed");
    assert!(s.contents().contains("3 saved games"), "back in the library: {}", s.contents());
    assert_eq!(
        fs::read_to_string(&done).expect("read"),
        game_text("Chloe", "Dev", "1. f3 e5 2. g4 Qh4#", "0-1", "")
    );
    // Enter continues the unfinished game, selected first: a move, then back.
    s.send("anna\r");
    s.wait_for("Continuing the game");
    s.play("Nf3", "2. Nf3");
    s.send("\x11");
    s.wait_for("Game saved to");
    let after = fs::read_to_string(&open).expect("read");
    assert!(after.len() > before.len() && after.contains("2. Nf3"), "{after}");
    // Delete asks, a stray key does not answer, and Y deletes.
    s.send("eve");
    s.wait_for("1 match");
    s.send("\x1b[3~");
    s.wait_for("Delete other.pgn (Eve – Finn, unfinished, 1 move)?");
    s.send("n");
    assert!(other.exists());
    s.send("Y");
    s.wait_for("Deleted other.pgn.");
    assert!(!other.exists() && open.exists() && done.exists());
    // Esc clears the filter, then leaves; the terminal is given back.
    s.send("\x1b");
    s.wait_for("Type to filter");
    s.send("\x1b");
    let status = s.wait_for_exit();
    assert!(status.success(), "{}", s.raw());
    assert!(s.raw().contains("\x1b[?1049l"), "the main screen is back");
    assert!(s.local_modes().contains("ICANON"), "raw mode is off: {}", s.local_modes());
}

#[test]
fn resume_continues_the_newest_and_says_how_to_see_the_others() {
    let (temp, games) = data_dir("resume");
    write_game(&games, "old.pgn", &game_text("A", "B", "1. e4", "*", ""), 10);
    write_game(&games, "older.pgn", &game_text("A", "B", "1. d4", "*", ""), 5);
    let newest = write_game(&games, "new.pgn", &game_text("A", "B", "1. c4", "*", ""), 20);
    let out = Command::new(env!("CARGO_BIN_EXE_hotseat"))
        .arg("--resume")
        .env("HOTSEAT_DATA_DIR", temp.path())
        .stdin(Stdio::null())
        .output()
        .expect("runs");
    let text = String::from_utf8_lossy(&out.stdout);
    assert!(out.status.success(), "{text}");
    assert!(text.contains("2 other unfinished games: hotseat games."), "{text}");
    assert!(text.contains(&format!("Game saved to {}", newest.display())), "{text}");
}

#[test]
fn the_library_needs_a_terminal() {
    let (temp, _games) = data_dir("no-terminal");
    let out = Command::new(env!("CARGO_BIN_EXE_hotseat"))
        .arg("games")
        .env("HOTSEAT_DATA_DIR", temp.path())
        .stdin(Stdio::null())
        .output()
        .expect("runs");
    assert!(!out.status.success());
    assert!(String::from_utf8_lossy(&out.stderr).contains("the library needs a terminal"));
}

#[test]
fn a_signal_in_the_library_gives_the_terminal_back() {
    let (temp, games) = data_dir("signal");
    write_game(&games, "open.pgn", &game_text("Anna", "Ben", "1. e4 e5", "*", ""), 10);
    let mut s = Pty::start(&["games"], None, &[("HOTSEAT_DATA_DIR", temp.path())]);
    s.wait_for("Anna – Ben");
    let pid = s.child.process_id().expect("a process id");
    let killed = Command::new("kill").args(["-TERM", &pid.to_string()]).status().expect("kill runs");
    assert!(killed.success());
    let status = s.wait_for_exit();
    assert_eq!(status.exit_code(), 128 + 15, "{}", s.raw());
    assert!(s.raw().contains("\x1b[?1049l"), "the main screen is back");
    assert!(s.local_modes().contains("ICANON"), "raw mode is off: {}", s.local_modes());
}

#[test]
fn a_game_continued_from_the_library_keeps_its_clocks_as_resume_does() {
    let (temp, games) = data_dir("clocks");
    let moves = "1. e4 {[%clk 0:01:00]} e5 {[%clk 0:01:00]} 2. Nf3 {[%clk 0:00:58]}";
    let tags = "[TimeControl \"60+0\"]\n[TurnClock \"0:00:42\"]\n";
    let path = write_game(&games, "timed.pgn", &game_text("Anna", "Ben", moves, "*", tags), 10);
    let mut s = Pty::start(&["games"], None, &[("HOTSEAT_DATA_DIR", temp.path())]);
    s.wait_for("Anna – Ben");
    s.send("\r");
    s.wait_for("Continuing the game");
    s.wait_for("paused");
    assert!(s.contents().contains("0:42"), "Black's clock goes on from where it stood:\n{}", s.contents());
    assert!(!s.contents().contains("1:00 "), "and does not start again:\n{}", s.contents());
    s.send("\x11");
    s.wait_for("Game saved to");
    s.send("\x11");
    assert!(s.wait_for_exit().success(), "{}", s.raw());
    let saved = fs::read_to_string(&path).expect("read");
    assert!(
        saved.contains("[TimeControl \"60\"]")
            && saved.contains("[TurnClock \"0:00:42\"]")
            && saved.contains("2. Nf3"),
        "{saved}"
    );
}
