//! How long `hotseat games` takes to list a folder of 1,000 saved games.
//!
//! Run with `cargo bench --bench library`. It writes 1,000 game files into a temporary
//! games folder, as hotseat writes them (the seven tags, `ECO` and `Opening`, a time
//! control and a `%clk` comment after every move; 10 to 97 plies of a real game, about
//! 2.5 KB each; two in five unfinished), then times what the library does before its
//! first frame: list the folder and read each file's summary ([`shelf::scan`]),
//! build the screen's state and draw it at 100x32. The first run is reported apart
//! (the files were just written, so they are in the page cache either way), then the
//! median and the slowest of 30 more.

use std::fmt::Write as _;
use std::fs::File;
use std::path::PathBuf;
use std::time::{Duration, Instant, SystemTime};

use hotseat::library::Library;
use hotseat::records::shelf;
use hotseat::ui::library::render;
use hotseat::ui::{ColorSupport, Look, PieceSet, theme};
use ratatui::buffer::Buffer;
use ratatui::layout::Rect;

const GAMES: usize = 1_000;
const RUNS: usize = 30;
const GAME: &str = include_str!("../data/games/nepomniachtchi-liren-game1.pgn");

/// The game's moves, without numbers or result.
fn moves() -> Vec<&'static str> {
    let movetext = GAME.split("\n\n").nth(1).expect("a movetext");
    movetext
        .split_whitespace()
        .filter(|token| !token.ends_with('.') && !token.contains('-') || token.starts_with('O'))
        .collect()
}

fn game_file(n: usize, sans: &[&str]) -> String {
    let plies = 10 + n * 7 % (sans.len() - 9);
    let unfinished = n % 5 < 2;
    let result = if unfinished { "*" } else { ["1-0", "0-1", "1/2-1/2"][n % 3] };
    let mut text = String::new();
    for (name, value) in [
        ("Event", "Casual game".to_owned()),
        ("Site", "?".to_owned()),
        ("Date", format!("2025.{:02}.{:02}", 1 + n % 12, 1 + n % 28)),
        ("Round", "-".to_owned()),
        ("White", format!("Player {}", n % 37)),
        ("Black", format!("Player {}", n % 41)),
        ("Result", result.to_owned()),
        ("TimeControl", "600+5".to_owned()),
        ("ECO", "C84".to_owned()),
        ("Opening", "Ruy Lopez: Closed".to_owned()),
    ] {
        writeln!(text, "[{name} \"{value}\"]").expect("write");
    }
    text.push('\n');
    for (i, san) in sans[..plies].iter().enumerate() {
        if i % 2 == 0 {
            write!(text, "{}. ", i / 2 + 1).expect("write");
        }
        let left = 600 - i;
        write!(text, "{san} {{[%clk 0:{:02}:{:02}]}} ", left / 60, left % 60).expect("write");
    }
    text.push_str(result);
    text.push('\n');
    text
}

fn main() {
    let dir = std::env::temp_dir().join(format!("hotseat-bench-library-{}", std::process::id()));
    let games = dir.join("games");
    std::fs::create_dir_all(&games).expect("a games folder");
    let sans = moves();
    let start = SystemTime::now() - Duration::from_secs(GAMES as u64 * 60);
    let mut bytes = 0;
    for n in 0..GAMES {
        let text = game_file(n, &sans);
        bytes += text.len();
        let path: PathBuf = games.join(format!("game-{n:04}.pgn"));
        std::fs::write(&path, &text).expect("write a game");
        let when = start + Duration::from_secs(n as u64 * 60);
        File::options().write(true).open(&path).and_then(|f| f.set_modified(when)).expect("date it");
    }
    let look = Look {
        theme: theme::WOOD,
        colors: ColorSupport::TrueColor,
        pieces: PieceSet::Glyphs,
        ..Look::default()
    };
    let area = Rect::new(0, 0, 100, 32);
    let list = || {
        let started = Instant::now();
        let shelf = shelf::scan(&games).expect("the folder lists");
        let listed = shelf.entries.len();
        let library = Library::new(shelf);
        let mut buf = Buffer::empty(area);
        render(area, &mut buf, &library, "games", &look);
        (started.elapsed(), listed, library)
    };
    let (first, listed, library) = list();
    assert_eq!(listed, GAMES, "every game is listed");
    assert_eq!(library.shelf().entries.iter().filter(|e| e.is_unfinished()).count(), GAMES * 2 / 5);
    let mut times: Vec<Duration> = (0..RUNS).map(|_| list().0).collect();
    times.sort();
    println!(
        "{GAMES} games ({} KB): first listing {:.1} ms; then median {:.1} ms, slowest {:.1} ms of {RUNS}",
        bytes / 1000,
        first.as_secs_f64() * 1e3,
        times[RUNS / 2].as_secs_f64() * 1e3,
        times[RUNS - 1].as_secs_f64() * 1e3,
    );
    let _ = std::fs::remove_dir_all(&dir);
}
