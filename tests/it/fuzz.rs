//! A fuzz harness for everything a player can hand the program: FEN, SAN, UCI and PGN.
//!
//! Inputs are random bytes, random text from a chess alphabet, and mutations of the
//! files in `tests/data/` (bytes and tokens inserted, deleted, replaced, duplicated and
//! spliced; huge numbers, control characters, very long tokens). Whatever a reader
//! accepts is carried on as a game: loaded into the app, given clocks, played a few
//! moves (with take-backs, redos, pauses, resignations and fallen flags), saved, read
//! back and resumed. Nothing may panic; what is read back must be what was saved, and
//! the resumed clocks must show what they showed at the last move.
//!
//! `cargo test` runs a quick budget. The long one, a million inputs per target, is
//! ignored by default:
//!
//! ```text
//! cargo test --release --test it fuzz:: -- --ignored --nocapture
//! ```
//!
//! Every run is seeded: `HOTSEAT_FUZZ_SEED` picks other inputs, `HOTSEAT_FUZZ_INPUTS`
//! another count. A failure names the target, the input's number and the input itself;
//! `HOTSEAT_FUZZ_ONLY=N` runs input N alone.

use crate::common;

use std::fmt::Write as _;
use std::fs;
use std::panic::{self, AssertUnwindSafe};
use std::path::{Path, PathBuf};
use std::sync::OnceLock;
use std::time::{Duration, Instant, UNIX_EPOCH};

use common::{
    Rng, TempDir, chess960_fen, data_path, random_game, read_epd_file, read_perft_file, suite_path,
};
use hotseat::app::{Action, Answer, App, Command, Edit, Effect, Mode};
use hotseat::chess::{Color, Game, MoveText, Position, Reason, STARTING_FEN, Strictness};
use hotseat::clock::Clocks;
use hotseat::records::pgn::{self, PgnFile, PgnGame};
use hotseat::records::{self, Destination, fresh_tags};
use hotseat::session::{Farewell, Recorder};

// ----- the budgets -----

/// How much fuzzing one run does.
#[derive(Clone, Copy, Debug)]
struct Budget {
    /// Inputs per target.
    inputs: u64,
    /// About one game in this many is saved to a real file and opened from it.
    disk_every: usize,
    /// The longest input, in bytes.
    max_len: usize,
    /// The most things done in the app with each accepted input.
    max_steps: usize,
}

/// About a second per target in a debug build: a smoke test that every way in is
/// fuzzed at all (CI's release run takes 200,000 inputs per target).
const QUICK: Budget = Budget { inputs: 2_000, disk_every: 25, max_len: 4_096, max_steps: 6 };

/// A million inputs per target, in release.
const LONG: Budget = Budget { inputs: 1_000_000, disk_every: 1_000, max_len: 4_096, max_steps: 6 };

/// The four ways in: what is fuzzed, and how it is read.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Target {
    Fen,
    San,
    Uci,
    Pgn,
}

impl Target {
    fn name(self) -> &'static str {
        match self {
            Target::Fen => "FEN",
            Target::San => "SAN",
            Target::Uci => "UCI",
            Target::Pgn => "PGN",
        }
    }

    /// Each target's own stream of inputs, from the run's seed `base`.
    fn seed(self, base: u64) -> u64 {
        base ^ match self {
            Target::Fen => 0xf3_0000_0000,
            Target::San => 0x5a_0000_0000,
            Target::Uci => 0x0c_0000_0000,
            Target::Pgn => 0x96_0000_0000,
        }
    }

    /// The inputs to mutate.
    fn corpus(self) -> &'static [Vec<u8>] {
        let seeds = seeds();
        match self {
            Target::Fen => &seeds.fens,
            Target::San => &seeds.sans,
            Target::Uci => &seeds.ucis,
            Target::Pgn => &seeds.pgns,
        }
    }

    /// The pieces random text is made of.
    fn alphabet(self) -> &'static [&'static str] {
        match self {
            Target::Fen => FEN_ALPHABET,
            Target::San | Target::Uci => MOVE_ALPHABET,
            Target::Pgn => PGN_ALPHABET,
        }
    }

    /// About how long random inputs are: in bytes, or in pieces of the alphabet.
    fn typical_len(self) -> usize {
        match self {
            Target::Fen => 80,
            Target::San | Target::Uci => 12,
            Target::Pgn => 400,
        }
    }
}

/// The seed of every run: `HOTSEAT_FUZZ_SEED`, or always the same.
fn base_seed() -> u64 {
    std::env::var("HOTSEAT_FUZZ_SEED").ok().and_then(|s| s.parse().ok()).unwrap_or(0x686f_7473)
}

// ----- the seeds -----

/// What the inputs are made from, read once from `tests/data/`.
struct Seeds {
    fens: Vec<Vec<u8>>,
    sans: Vec<Vec<u8>>,
    ucis: Vec<Vec<u8>>,
    /// Whole files and their games one by one.
    pgns: Vec<Vec<u8>>,
    /// Games to read moves in, with their history: the start, the seed positions,
    /// the seed games part of the way through, and random games.
    games: Vec<Game>,
}

fn seeds() -> &'static Seeds {
    static SEEDS: OnceLock<Seeds> = OnceLock::new();
    SEEDS.get_or_init(Seeds::read)
}

impl Seeds {
    fn read() -> Seeds {
        let mut fens = vec![STARTING_FEN.to_owned(), chess960_fen(0), chess960_fen(518), chess960_fen(959)];
        for name in ["standard.epd", "fischer.epd"] {
            fens.extend(read_epd_file(&suite_path(name)).into_iter().map(|case| case.fen));
        }
        for name in ["tricky.perft", "tricky-python-chess.perft", "chess960.perft"] {
            fens.extend(read_perft_file(&suite_path(name)).into_iter().map(|case| case.fen));
        }

        let mut files: Vec<PathBuf> = Vec::new();
        for dir in ["games", "games/malformed"] {
            let entries = fs::read_dir(data_path(dir)).expect("the games folder is readable");
            files.extend(
                entries
                    .map(|e| e.expect("a directory entry").path())
                    .filter(|p| p.extension().is_some_and(|ext| ext == "pgn")),
            );
        }
        files.sort();
        assert!(files.len() >= 10, "the PGN seeds are missing: {files:?}");

        let mut pgns = Vec::new();
        let mut records = Vec::new();
        let mut sans = Vec::new();
        let mut ucis = Vec::new();
        for path in &files {
            let bytes = fs::read(path).expect("a readable seed file");
            let text = String::from_utf8_lossy(&bytes).into_owned();
            // One game at a time too, so that most inputs stay short.
            let starts: Vec<usize> = text.match_indices("\n[Event ").map(|(i, _)| i + 1).collect();
            if !starts.is_empty() {
                let mut from = 0;
                for start in starts.into_iter().chain([text.len()]) {
                    pgns.push(text.as_bytes()[from..start].to_vec());
                    from = start;
                }
            }
            // The movetext of files that do not load, word by word, as moves to mutate.
            for line in text.lines().filter(|l| !l.starts_with(['[', '%'])) {
                sans.extend(line.split_whitespace().map(str::to_owned));
            }
            if let Ok(file) = PgnFile::from_bytes(&bytes) {
                for entry in file.games() {
                    if let Some(fen) = entry.tags().get("FEN") {
                        fens.push(fen.to_owned());
                    }
                    if let Ok(record) = entry.load() {
                        records.push(record);
                    }
                }
            }
            pgns.push(bytes);
        }
        assert!(records.len() >= 8, "too few seed games load: {}", records.len());

        let mut games = vec![Game::new()];
        for fen in &fens {
            if let Ok(pos) = Position::from_fen(fen) {
                games.push(Game::from_position(pos));
            }
        }
        for record in &records {
            let game = &record.game;
            for (i, (&m, san)) in game.moves().iter().zip(game.san_moves()).enumerate() {
                sans.push(san.clone());
                let pos = game.position_at(i).expect("a position before every move");
                ucis.push(pos.uci(m));
            }
            let n = game.ply();
            for ply in [0, n / 3, n / 2, 2 * n / 3, n] {
                let mut prefix = Game::from_position(game.start().clone());
                for &m in &game.moves()[..ply] {
                    prefix.play(m);
                }
                games.push(prefix);
            }
        }
        let mut rng = Rng::new(0x5eed);
        for _ in 0..64 {
            let start = games[rng.below(games.len())].position().clone();
            let game = random_game(start, rng.below(120), &mut rng);
            for (i, &m) in game.moves().iter().enumerate() {
                let pos = game.position_at(i).expect("a position before every move");
                sans.push(pos.san(m));
                ucis.push(pos.uci(m));
            }
            games.push(game);
        }
        sans.sort();
        sans.dedup();
        ucis.sort();
        ucis.dedup();

        let bytes = |texts: Vec<String>| texts.into_iter().map(String::into_bytes).collect();
        Seeds { fens: bytes(fens), sans: bytes(sans), ucis: bytes(ucis), pgns, games }
    }
}

// ----- the inputs -----

const FEN_ALPHABET: &[&str] = &[
    "p", "n", "b", "r", "q", "k", "P", "N", "B", "R", "Q", "K", "1", "2", "3", "4", "5", "6", "7", "8", "9",
    "0", "/", " ", " ", "w", "b", "-", "KQkq", "HAha", "a", "c", "d", "e", "f", "g", "h", "A", "C", "E", "G",
    "3", "6", "8/", "rnbqkbnr", "PPPPPPPP",
];

const MOVE_ALPHABET: &[&str] = &[
    "K", "Q", "R", "B", "N", "P", "a", "b", "c", "d", "e", "f", "g", "h", "1", "2", "3", "4", "5", "6", "7",
    "8", "x", "+", "#", "=", "-", ":", "O-O", "O-O-O", "0-0", "o-o", "!", "?", "!?", " ", "e.p.", "q", "n",
    "r", "Z0", "--", "♘", "♛", "½", "…", "=Q", "e7e8q",
];

const PGN_ALPHABET: &[&str] = &[
    "!?",
    "?!",
    "$255",
    "$300",
    "(1... c5)",
    "{[%eval 0.3]}",
    "((((",
    "))",
    "[",
    "]",
    "\"",
    "{",
    "}",
    "(",
    ")",
    ";",
    "%",
    "$",
    "$1",
    "*",
    "1-0",
    "0-1",
    "1/2-1/2",
    "\n",
    "\n\n",
    "\r\n",
    " ",
    " ",
    " ",
    ".",
    "...",
    "1.",
    "12.",
    "Event",
    "White",
    "FEN",
    "SetUp",
    "Variant",
    "Result",
    "TimeControl",
    "Termination",
    "[%clk 0:05:00]",
    "[%clk ",
    "e4",
    "e5",
    "Nf3",
    "Nc6",
    "Bb5",
    "a6",
    "O-O",
    "exd5",
    "Qxd8+",
    "e8=Q",
    "Kxe8",
    "!",
    "?",
    "e2e4",
    "g8f6",
    "\\",
    "Chess960",
];

/// Values that have broken parsers elsewhere: huge numbers, control characters,
/// clock times and tags at and past their bounds.
const SPECIALS: &[&str] = &[
    "4294967295",
    "4294967296",
    "18446744073709551615",
    "340282366920938463463374607431768211456",
    "5124095576030431:00:15",
    "-1",
    "0",
    "000000000000000000001",
    "1e308",
    "NaN",
    "{[%clk 5124095576030431:00:15]}",
    "{[%clk 4294967295:59:59.999]}",
    "{[%clk 23:59:59.9999999999]}",
    "{[%clk 24:00:00]}",
    "{[%clk 24:00:00.001]}",
    "{[%clk 0:00:00]}",
    "{[%clk -1:00:00]}",
    "{[%clk 0:0:0.]}",
    "{[%emt 0:00:01][%clk 1:00:00]}",
    "[TimeControl \"4294967295\"]",
    "[TimeControl \"86400+3600\"]",
    "[TimeControl \"86400.001\"]",
    "[TimeControl \"1+0\"]",
    "[TimeControl \"0.001\"]",
    "[TimeControl \"10+0.05\"]",
    "[TimeControl \"40/9000:300\"]",
    "[BlackTimeControl \"18446744073709551615+1\"]",
    "[BlackTimeControl \"60\"]",
    "[TimeDelay \"simple 3600\"]",
    "[TimeDelay \"Bronstein 0.001\"]",
    "[FEN \"4k3/8/8/8/8/8/8/4K2R w K - 0 1\"]",
    "[FEN \"8/8/8/8/8/8/8/8 w - - 0 1\"]",
    "[FEN \"4k3/8/8/8/8/8/8/4K3 w - - 150 100000\"]",
    "[SetUp \"1\"]",
    "[SetUp \"0\"]",
    "[Variant \"Chess960\"]",
    "[Variant \"crazyhouse\"]",
    "[Termination \"time forfeit\"]",
    "[Termination \"unterminated\"]",
    "[Termination \"abandoned\"]",
    "[Result \"1-0\"]",
    "[Result \"1/2-1/2\"]",
    "[PlyCount \"4294967295\"]",
    "[Date \"9999-99-99\"]",
    "[White \"\\\"\\\\\"]",
    "[Event \"The \"Big\" Game\"]",
    "\u{0}",
    "\u{7}",
    "\u{1b}[2J",
    "\r",
    "\r\n",
    "\t",
    "\u{7f}",
    "\u{85}",
    "\u{a0}",
    "\u{feff}",
    "\u{202e}",
    "\u{fffd}",
    "\u{10ffff}",
    "é",
    "♞",
    "½-½",
    "…",
    "$255",
    "$99999999999999999999",
    "((",
    "))",
    "{",
    "}",
    "[",
    "]",
    "\"",
    "\\",
    "%",
    ";",
    "@@@@",
    "Z0",
    "--",
    "0000",
    "e8=Q",
    "exd6 e.p.",
    "O-O-O",
    "0-0-0",
    "Kxe8",
    "a1=K",
    "h8=P",
    "e1g1",
    "e1h1",
    "e7e8k",
    "1-0",
    "*",
    "1. e4 e5 2. Ke2 Ke7 3. Ke1 Ke8 4. Ke2 Ke7 5. Ke1 Ke8 6. Ke2 Ke7 7. Ke1 Ke8 8. Ke2 Ke7 9. Ke1 Ke8",
];

/// Pieces repeated into a very long token.
const LONG_PIECES: &[&str] =
    &["a", "9", "e4 ", "Nf3 Nf6 Ng1 Ng8 ", "(", "{", "[", "%", "/", "8/", "\u{0}", "♞", "-"];

fn random_bytes(rng: &mut Rng, len: usize) -> Vec<u8> {
    (0..len).map(|_| rng.next_u64() as u8).collect()
}

fn random_text(target: Target, rng: &mut Rng, pieces: usize) -> Vec<u8> {
    let mut out = Vec::new();
    for _ in 0..pieces {
        let piece = if rng.chance(5) { *rng.pick(SPECIALS) } else { *rng.pick(target.alphabet()) };
        out.extend_from_slice(piece.as_bytes());
    }
    out
}

fn long_token(rng: &mut Rng, max_len: usize) -> Vec<u8> {
    let piece = rng.pick(LONG_PIECES).as_bytes();
    let times = 1 + rng.below(max_len / piece.len());
    piece.repeat(times)
}

/// Something to put into an input: a piece of the alphabet, a special value, random
/// bytes, a very long token, or a run of another seed.
fn insertion(target: Target, rng: &mut Rng, max_len: usize) -> Vec<u8> {
    match rng.below(10) {
        0..=3 => rng.pick(target.alphabet()).as_bytes().to_vec(),
        4..=6 => rng.pick(SPECIALS).as_bytes().to_vec(),
        7 => {
            let len = 1 + rng.below(4);
            random_bytes(rng, len)
        }
        8 => long_token(rng, max_len),
        _ => {
            let other = rng.pick(target.corpus());
            let start = rng.below(other.len() + 1);
            let end = start + rng.below(other.len() - start + 1).min(64);
            other[start..end].to_vec()
        }
    }
}

/// The byte ranges of the input's words (runs of anything but ASCII white space).
fn words(bytes: &[u8]) -> Vec<(usize, usize)> {
    let mut spans = Vec::new();
    let mut start = None;
    for (i, b) in bytes.iter().enumerate() {
        match (b.is_ascii_whitespace(), start) {
            (false, None) => start = Some(i),
            (true, Some(s)) => {
                spans.push((s, i));
                start = None;
            }
            _ => {}
        }
    }
    if let Some(s) = start {
        spans.push((s, bytes.len()));
    }
    spans
}

/// One mutation, of bytes or of whole words.
fn mutate(input: &mut Vec<u8>, target: Target, rng: &mut Rng, max_len: usize) {
    let len = input.len();
    let at = rng.below(len + 1);
    let longest = if rng.chance(80) { 8 } else { len.max(1) };
    let span = 1 + rng.below(longest);
    let end = (at + span).min(len);
    let spans = words(input);
    match rng.below(12) {
        0 => input.insert(at, rng.next_u64() as u8),
        1 | 2 => {
            let piece = insertion(target, rng, max_len);
            input.splice(at..at, piece);
        }
        3 => {
            input.drain(at..end);
        }
        4 if len > 0 => {
            let i = rng.below(len);
            input[i] = if rng.chance(50) { rng.next_u64() as u8 } else { *rng.pick(b" \n0123456789/-+=x#") };
        }
        5 => {
            let copy = input[at..end].to_vec();
            let to = rng.below(len + 1);
            input.splice(to..to, copy);
        }
        6 => {
            // Splice: the rest of the input comes from another seed.
            let other = rng.pick(target.corpus());
            let from = rng.below(other.len() + 1);
            input.truncate(at);
            input.extend_from_slice(&other[from..]);
        }
        7 if !spans.is_empty() => {
            let (s, e) = *rng.pick(&spans);
            input.drain(s..e);
        }
        8 if !spans.is_empty() => {
            let (s, e) = *rng.pick(&spans);
            let word = input[s..e].to_vec();
            let mut copy = vec![b' '];
            copy.extend(word);
            input.splice(e..e, copy);
        }
        9 if spans.len() > 1 => {
            let (a, b) = (rng.below(spans.len()), rng.below(spans.len()));
            let ((s1, e1), (s2, e2)) = (spans[a.min(b)], spans[a.max(b)]);
            if s2 >= e1 {
                let (first, second) = (input[s1..e1].to_vec(), input[s2..e2].to_vec());
                input.splice(s2..e2, first);
                input.splice(s1..e1, second);
            }
        }
        10 if !spans.is_empty() => {
            let (s, e) = *rng.pick(&spans);
            let piece = insertion(target, rng, max_len);
            input.splice(s..e, piece);
        }
        _ => {
            // A number in place of a number: counters, move numbers, clock times.
            let digits: Vec<usize> = (0..len).filter(|&i| input[i].is_ascii_digit()).collect();
            if let Some(&i) = digits.get(rng.below(digits.len().max(1))) {
                let number =
                    *rng.pick(&["4294967295", "18446744073709551615", "0", "99999", "151", "100001"]);
                input.splice(i..=i, number.bytes());
            }
        }
    }
}

/// An input for `target`: random bytes, random text, a very long token, or a seed as
/// it is or mutated. Moves are often aimed at `aim`: one of its legal moves, mutated
/// or not.
fn input(target: Target, rng: &mut Rng, max_len: usize, aim: Option<&Game>) -> Vec<u8> {
    let typical = target.typical_len();
    let len = rng.below(typical * 2);
    let kind = rng.below(20);
    let seed = |rng: &mut Rng| match aim {
        Some(game) if rng.chance(60) && !game.position().legal_moves().is_empty() => {
            let pos = game.position();
            let m = *rng.pick(&pos.legal_moves());
            let text = if target == Target::Uci { pos.uci(m) } else { pos.san(m) };
            text.into_bytes()
        }
        _ => rng.pick(target.corpus()).clone(),
    };
    let mut input = match kind {
        0 | 1 => random_bytes(rng, len),
        2 | 3 => random_text(target, rng, len / 2),
        4 => long_token(rng, max_len),
        5..=8 => seed(rng),
        _ => {
            let mut input = seed(rng);
            let most = if target == Target::Pgn { 8 } else { 3 };
            let times = if rng.chance(50) { 1 } else { 1 + rng.below(most) };
            for _ in 0..times {
                mutate(&mut input, target, rng, max_len);
            }
            input
        }
    };
    input.truncate(max_len);
    input
}

// ----- running -----

/// What one target's run came to.
#[derive(Debug, Default)]
struct Tally {
    inputs: u64,
    /// Inputs a reader accepted.
    accepted: u64,
    /// Games carried on through the app, saving and resuming.
    carried: u64,
    /// Of those, saved to a file and opened from it.
    on_disk: u64,
    /// The slowest input: its time, length and number.
    slowest: (Duration, usize, u64),
}

/// What every input is run with.
struct Context<'a> {
    budget: Budget,
    dir: &'a Path,
    index: u64,
    tally: &'a mut Tally,
}

impl Context<'_> {
    /// The file to save the game carried on now to, now and then.
    fn disk(&self, rng: &mut Rng) -> Option<PathBuf> {
        (rng.below(self.budget.disk_every) == 0)
            .then(|| self.dir.join(format!("game-{}-{}.pgn", self.index, self.tally.carried)))
    }
}

/// An input, shortened and escaped for a failure message.
fn shown(input: &[u8]) -> String {
    const MAX: usize = 600;
    let text = String::from_utf8_lossy(&input[..input.len().min(MAX)]).into_owned();
    let more = if input.len() > MAX { format!(" … ({} bytes in all)", input.len()) } else { String::new() };
    format!("{text:?}{more}")
}

fn panic_text(payload: &(dyn std::any::Any + Send)) -> String {
    payload
        .downcast_ref::<String>()
        .cloned()
        .or_else(|| payload.downcast_ref::<&str>().map(|s| (*s).to_owned()))
        .unwrap_or_else(|| "a panic without a message".to_owned())
}

/// Runs `budget` inputs of `target`, then prints how it went; panics with the failing
/// inputs (the first few).
fn fuzz(target: Target, budget: Budget) {
    let budget = Budget {
        inputs: std::env::var("HOTSEAT_FUZZ_INPUTS")
            .ok()
            .and_then(|n| n.parse().ok())
            .unwrap_or(budget.inputs),
        ..budget
    };
    let dir = TempDir::new(&format!("fuzz-{}", target.name()));
    let mut tally = Tally::default();
    let mut failures = Vec::new();
    let started = Instant::now();
    // `HOTSEAT_FUZZ_ONLY=N` runs input N alone, to look into a failure.
    let only: Option<u64> = std::env::var("HOTSEAT_FUZZ_ONLY").ok().and_then(|n| n.parse().ok());
    for index in only.map_or(0..budget.inputs, |n| n..n + 1) {
        let began = Instant::now();
        let (input, outcome) = one_input(target, base_seed(), index, budget, dir.path(), &mut tally);
        let took = began.elapsed();
        tally.inputs += 1;
        if took > tally.slowest.0 {
            tally.slowest = (took, input.len(), index);
        }
        if let Err(payload) = outcome {
            failures.push(format!(
                "{} input #{index} (run it alone with HOTSEAT_FUZZ_SEED={} HOTSEAT_FUZZ_ONLY={index}): {}\n  \
                 input: {}",
                target.name(),
                base_seed(),
                panic_text(payload.as_ref()),
                shown(&input)
            ));
            if failures.len() >= 5 {
                break;
            }
        }
    }
    let elapsed = started.elapsed();
    let (slowest, len, index) = tally.slowest;
    println!(
        "fuzz {}: {} inputs in {:.1} s ({} accepted, {} carried on, {} through a file); \
         slowest: #{index}, {len} bytes, {} ms",
        target.name(),
        tally.inputs,
        elapsed.as_secs_f64(),
        tally.accepted,
        tally.carried,
        tally.on_disk,
        slowest.as_millis(),
    );
    assert!(failures.is_empty(), "{} failing input(s):\n{}", failures.len(), failures.join("\n\n"));
}

/// Makes input `index` of `target` in the run seeded `base`, and runs it: the input,
/// and how it went.
fn one_input(
    target: Target,
    base: u64,
    index: u64,
    budget: Budget,
    dir: &Path,
    tally: &mut Tally,
) -> (Vec<u8>, std::thread::Result<()>) {
    let mut rng = Rng::new(target.seed(base).wrapping_add(index));
    // The games a move is read in, chosen first so that the input can aim at one.
    let games = &seeds().games;
    let picks = [0, rng.below(games.len()), rng.below(games.len())].map(|i| &games[i]);
    let aim = matches!(target, Target::San | Target::Uci).then(|| picks[1 + rng.below(2)]);
    let input = input(target, &mut rng, budget.max_len, aim);
    let mut context = Context { budget, dir, index, tally };
    let outcome = panic::catch_unwind(AssertUnwindSafe(|| match target {
        Target::Fen => fuzz_fen(&String::from_utf8_lossy(&input), &mut rng, &mut context),
        Target::San | Target::Uci => {
            fuzz_move(&String::from_utf8_lossy(&input), picks, &mut rng, &mut context);
        }
        Target::Pgn => fuzz_pgn(&input, &mut rng, &mut context),
    }));
    (input, outcome)
}

// ----- the targets -----

fn fuzz_fen(text: &str, rng: &mut Rng, context: &mut Context<'_>) {
    let strict = Position::from_fen(text);
    let lenient = Position::from_fen_with(text, Strictness::Lenient);
    if let Ok(pos) = &strict {
        assert!(lenient.as_ref().is_ok_and(|p| p == pos), "loads strictly but not the same leniently");
    }
    for (strictness, read) in [(Strictness::Strict, &strict), (Strictness::Lenient, &lenient)] {
        match read {
            Ok(pos) => {
                let fen = pos.fen();
                let again = Position::from_fen_with(&fen, strictness)
                    .unwrap_or_else(|e| panic!("its FEN {fen:?} does not load {strictness:?}: {e}"));
                assert!(again == *pos, "its FEN {fen:?} loads {strictness:?} as another position: {again:?}");
            }
            Err(err) => {
                let _ = (err.to_string(), err.fen_field());
            }
        }
    }
    // Only a position the game itself accepts (`--fen` and a PGN's FEN tag read
    // strictly) is played on: the suites' impossible positions read only leniently.
    if let Ok(pos) = strict {
        context.tally.accepted += 1;
        let record = record_of(Game::from_position(pos), rng);
        carry_on(&record, rng, context);
    }
}

fn fuzz_move(text: &str, picks: [&Game; 3], rng: &mut Rng, context: &mut Context<'_>) {
    let mut carried = false;
    for game in picks {
        let pos = game.position();
        let reading = game.read_move_text(text);
        let parsed = game.parse_move(text);
        for m in [pos.parse_move(text), pos.parse_san(text), pos.parse_uci(text)].into_iter().flatten() {
            assert!(pos.is_legal(m), "read as the illegal {m:?} in {}", pos.fen());
        }
        match (&reading, &parsed) {
            (MoveText::Move { mv, .. }, Ok(m)) => assert_eq!(mv, m, "the hint and Enter disagree"),
            (MoveText::Move { .. }, Err(_)) | (_, Ok(_)) => {
                panic!("the hint ({reading:?}) and Enter ({parsed:?}) disagree in {}", pos.fen())
            }
            (_, Err(err)) => {
                let _ = err.to_string();
            }
        }
        let mut played = game.clone();
        match played.play_san(text) {
            Ok(m) => {
                assert_eq!(Ok(m), parsed, "playing and reading disagree");
                assert_eq!(played.ply(), game.ply() + 1);
                context.tally.accepted += 1;
                if !carried {
                    carried = true;
                    let record = record_of(played, rng);
                    carry_on(&record, rng, context);
                }
            }
            Err(err) => {
                let _ = err.to_string();
                assert_eq!(played.ply(), game.ply(), "a refused move changed the game");
            }
        }
    }

    // The same text typed at the keyboard, and pasted.
    let game = picks[1];
    let mut app = App::new(game.clone());
    for c in text.chars().take(64) {
        app.update(Action::Edit(Edit::Type(c)));
    }
    let _ = app.reading();
    let typed_whole = text.chars().count() <= hotseat::chess::MAX_MOVE_TEXT
        && !text.starts_with(['?', ' '])
        && !text.chars().any(char::is_control)
        && !text.trim().is_empty();
    // A line of several moves typed is played as the same line pasted would be.
    let line = app.is_line_of_moves().then(|| app.input().to_owned());
    app.update(Action::Edit(Edit::Submit));
    match (game.parse_move(text.trim()), line) {
        (Ok(m), None) if typed_whole => {
            assert_eq!(app.game().moves().last(), Some(&m), "typed and Enter, the move is not played");
        }
        (_, Some(line)) => {
            let mut pasted = App::new(game.clone());
            pasted.update(Action::Edit(Edit::Paste(line)));
            assert_eq!(app.game().moves(), pasted.game().moves(), "a typed line is played as pasted");
        }
        _ => assert!(app.game().ply() <= game.ply() + 1),
    }
    let mut app = App::new(picks[2].clone());
    app.update(Action::Edit(Edit::Paste(text.to_owned())));
    assert!(app.game().ply() >= picks[2].ply());
}

fn fuzz_pgn(bytes: &[u8], rng: &mut Rng, context: &mut Context<'_>) {
    let file = PgnFile::from_bytes(bytes);
    let mut first = None;
    match &file {
        Ok(file) => {
            for (i, entry) in file.games().iter().enumerate().take(4) {
                let _ = (entry.summary(), entry.has_annotations(), entry.result_text(), entry.plies());
                match entry.load() {
                    Ok(record) => {
                        context.tally.accepted += 1;
                        if i < 2 {
                            carry_on(&record, rng, context);
                        }
                        if i == 0 {
                            first = Some(record);
                        }
                    }
                    Err(err) => {
                        let _ = (err.to_string(), err.location());
                    }
                }
            }
        }
        Err(err) => {
            let _ = err.to_string();
        }
    }
    // Text read as text and as bytes reads the same.
    if let Ok(text) = std::str::from_utf8(bytes) {
        let _ = pgn::read_games(text);
        match (pgn::read_game(text), first) {
            (Ok(read), Some(first)) => {
                assert_eq!(read.game.san_moves(), first.game.san_moves());
                assert_eq!(read.tags, first.tags);
            }
            (Ok(_), None) => panic!("read_game reads a first game that PgnFile::from_bytes does not"),
            (Err(_), _) => {}
        }
    }
}

// ----- carrying on -----

/// Time controls for the games that come from a FEN or a move, as tags.
const TIME_CONTROLS: &[&[(&str, &str)]] = &[
    &[("TimeControl", "300+3")],
    &[("TimeControl", "60")],
    &[("TimeControl", "1")],
    &[("TimeControl", "10+0.05")],
    &[("TimeControl", "86400+3600")],
    &[("TimeControl", "180+2"), ("BlackTimeControl", "60")],
    &[("TimeControl", "300"), ("TimeDelay", "simple 2")],
    &[("TimeControl", "300"), ("TimeDelay", "Bronstein 1.5")],
    &[("TimeControl", "40/9000")],
    &[("TimeControl", "-")],
];

const NAMES: &[&str] = &["Anna", "  ", "?", "\"Quoted\" \\ name", "名前", "tab\tand\nline", "Ben "];

/// Comments typed in the comment editor.
const COMMENTS: &[&str] = &[
    "a fine move",
    "",
    "}",
    "{nested} } braces",
    "\u{1b}[2J\t\r\n",
    "[%eval 0.3] [%clk 0:01:00]",
    "(1. d4) $1 ;",
    "名前 ♘f3 \u{202e}",
];

/// A record of a game that came from a FEN or a move: fresh tags, and sometimes a
/// time control and odd names.
fn record_of(game: Game, rng: &mut Rng) -> PgnGame {
    let mut record = PgnGame::new(game);
    record.tags = fresh_tags(UNIX_EPOCH);
    if rng.chance(60) {
        for &(name, value) in *rng.pick(TIME_CONTROLS) {
            record.tags.set(name, value);
        }
    }
    if rng.chance(20) {
        record.tags.set("White", *rng.pick(NAMES));
        record.tags.set("Black", *rng.pick(NAMES));
    }
    record
}

/// The instant the made-up times count from.
fn t0() -> Instant {
    static T0: OnceLock<Instant> = OnceLock::new();
    *T0.get_or_init(Instant::now)
}

/// How long the players think: mostly seconds, sometimes with a fraction of a
/// millisecond (which a record does not keep), sometimes long enough for a flag to fall.
fn thinking(rng: &mut Rng) -> Duration {
    match rng.below(10) {
        0..=5 => Duration::from_millis(rng.below(5_000) as u64),
        6 => Duration::from_nanos(rng.next_u64() % 5_000_000_000),
        7 | 8 => Duration::from_millis(rng.below(600_000) as u64),
        _ => Duration::from_secs(86_400 + rng.below(200_000) as u64),
    }
}

/// Loads `record` into the app, plays on a little, saves, reads back and resumes.
fn carry_on(record: &PgnGame, rng: &mut Rng, context: &mut Context<'_>) {
    let disk = context.disk(rng);
    context.tally.carried += 1;
    let mut now = t0() + Duration::from_millis(rng.below(1_000) as u64);
    let (white, black) = records::player_names(&record.tags, None, None);
    let mut app = App::new(record.game.clone())
        .with_annotations(record.annotations.clone(), record.trailing.clone())
        .with_players(white, black)
        .with_auto_flip(rng.chance(20));
    if let Some((controls, times)) = records::clocks(record, None) {
        app = app.with_clocks(controls, times, now);
    }
    let destination = Destination::File(disk.clone().unwrap_or_else(|| "unused.pgn".into()));
    let mut recorder = Recorder::new(destination, record.tags.clone());
    if disk.is_some() {
        let message = recorder.start(&app).expect("the temporary folder takes a game");
        assert_eq!(message, None, "saving the loaded game");
    }
    for _ in 0..rng.below(context.budget.max_steps + 1) {
        now += thinking(rng);
        let mut effects = app.update(Action::Tick(now));
        effects.extend(step(&mut app, rng));
        assert_eq!(app.timeline().plies().len(), app.game().ply());
        if disk.is_some() {
            for effect in effects {
                let message = recorder.carry_out(&app, effect);
                assert_eq!(message, None, "saving after {effect:?}");
            }
        }
    }

    let saved = recorder.record(&app);
    let text = saved.to_pgn();
    let reloaded = match &disk {
        Some(path) => {
            context.tally.on_disk += 1;
            if app.game().ply() == 0 {
                // A game with no move is not kept, whatever ended it (a position given
                // already mated, a result declared before any move): the file this run
                // made goes.
                assert_eq!(recorder.finish(&app), Farewell::NothingPlayed { previous: None });
                assert!(!path.exists(), "the empty game's file is removed");
                assert_same_record(&saved, &pgn::read_game(&text).expect("reads back"), &text);
                return;
            }
            assert_eq!(recorder.finish(&app), Farewell::Saved(path.clone()));
            let on_disk = fs::read_to_string(path).expect("the saved file");
            assert_eq!(on_disk, text, "the file does not hold the game as it stands (a change not saved?)");
            let loaded = records::read_games(path)
                .and_then(|file| records::load(path, &file, 1))
                .unwrap_or_else(|e| panic!("the saved file does not open: {e}\n{text}"));
            records::refuse_losing_a_game(path, Some(path))
                .unwrap_or_else(|e| panic!("the game cannot go on in its own file: {e}\n{text}"));
            fs::remove_file(path).expect("remove the saved file");
            loaded
        }
        None => {
            pgn::read_game(&text).unwrap_or_else(|e| panic!("the saved game does not read back: {e}\n{text}"))
        }
    };
    assert_same_record(&saved, &reloaded, &text);
    resume(&app, &saved, &reloaded, now, rng);
}

/// One thing done in the app: mostly a move typed at the keyboard, sometimes a
/// take-back, a redo, a pause, a resignation, a draw or a pasted line.
fn step(app: &mut App, rng: &mut Rng) -> Vec<Effect> {
    let mut effects = Vec::new();
    // Back to the board with nothing typed: help, questions and typing are closed.
    for _ in 0..4 {
        if app.mode() == Mode::Play && app.input().is_empty() {
            break;
        }
        effects.extend(app.update(Action::Cancel));
    }
    let over = app.game().is_over();
    let ply = app.game().ply();
    let roll = match rng.below(100) {
        // Once the game is over, the moves become take-backs.
        roll if over && roll < 60 => 60 + roll % 10,
        roll => roll,
    };
    match roll {
        0..=59 => {
            let pos = app.game().position().clone();
            let moves = pos.legal_moves();
            let m = *rng.pick(&moves);
            let mut text = if rng.chance(25) { pos.uci(m) } else { pos.san(m) };
            if rng.chance(10) {
                // With a sign, as players write them: kept with the move.
                let sign: &&str = rng.pick(&["!", "!?", "?!", "??", "!!", "?"]);
                text.push_str(sign);
            }
            for c in text.chars() {
                effects.extend(app.update(Action::Edit(Edit::Type(c))));
            }
            effects.extend(app.update(Action::Edit(Edit::Submit)));
            assert_eq!(app.game().ply(), ply + 1, "{text} typed in {} was not played", pos.fen());
            assert_eq!(app.game().moves().last(), Some(&m), "{text} played another move");
        }
        60..=69 => effects.extend(app.update(Action::Command(Command::Undo))),
        70..=77 => effects.extend(app.update(Action::Command(Command::Redo))),
        78..=82 => effects.extend(app.update(Action::Command(Command::Pause))),
        83..=87 => {
            effects.extend(app.update(Action::Command(Command::Resign)));
            let side = if rng.chance(50) { Color::White } else { Color::Black };
            effects.extend(app.update(Action::Answer(Answer::Side(side))));
            effects.extend(app.update(Action::Answer(Answer::Yes)));
            assert!(app.game().is_over(), "a resignation did not end the game");
        }
        88..=91 => {
            effects.extend(app.update(Action::Command(Command::OfferDraw)));
            let answer = if rng.chance(50) { Answer::Yes } else { Answer::No };
            effects.extend(app.update(Action::Answer(answer)));
        }
        92..=93 => effects.extend(app.update(Action::Command(Command::ClaimDraw))),
        94 => {
            // A comment on the move on the board, hostile text included.
            effects.extend(app.update(Action::Command(Command::Comment)));
            let text = *rng.pick(COMMENTS);
            effects.extend(app.update(Action::Edit(Edit::Paste(text.repeat(1 + rng.below(3))))));
            for _ in 0..rng.below(3) {
                effects.extend(app.update(Action::Edit(Edit::Complete)));
            }
            let done = if rng.chance(80) { Action::Edit(Edit::Submit) } else { Action::Cancel };
            effects.extend(app.update(done));
        }
        _ => {
            // A line of legal moves, pasted with move numbers.
            let mut game = app.game().clone();
            let mut line = String::new();
            for _ in 0..=rng.below(3) {
                if game.is_over() {
                    break;
                }
                let moves = game.position().legal_moves();
                let m = *rng.pick(&moves);
                let number = game.move_number(game.ply());
                let _ = write!(line, "{}. {} ", number.fullmove, game.position().san(m));
                game.play(m);
            }
            effects.extend(app.update(Action::Edit(Edit::Paste(line.clone()))));
            if !over {
                assert_eq!(app.game().san_moves(), game.san_moves(), "pasting {line:?}");
            }
        }
    }
    effects
}

/// A comment without its `[%clk …]` times (written to the millisecond) and with its
/// spaces evened out.
fn without_clock(comment: &str) -> String {
    let mut out = String::new();
    let mut rest = comment;
    while let Some(start) = rest.find("[%clk") {
        let Some(len) = rest[start..].find(']') else { break };
        out.push_str(&rest[..start]);
        rest = &rest[start + len + 1..];
    }
    out.push_str(rest);
    out.split_whitespace().collect::<Vec<_>>().join(" ")
}

/// A time as a record keeps it: to the millisecond.
fn to_millis(time: Duration) -> Duration {
    Duration::from_millis(time.as_millis() as u64)
}

/// The game read back is the game saved: the same moves, result, tags and clock times.
fn assert_same_record(saved: &PgnGame, reloaded: &PgnGame, text: &str) {
    let context = || format!("saved as:\n{text}");
    assert_eq!(reloaded.game.san_moves(), saved.game.san_moves(), "moves; {}", context());
    assert!(reloaded.game.start() == saved.game.start(), "start position; {}", context());
    assert!(reloaded.game.position() == saved.game.position(), "position; {}", context());
    assert_eq!(reloaded.game.outcome(), saved.game.outcome(), "outcome; {}", context());
    for ply in 0..saved.game.ply() {
        assert_eq!(
            reloaded.clock(ply),
            saved.clock(ply).map(to_millis),
            "clock after ply {ply}; {}",
            context()
        );
    }
    // Tags the writer keeps as they are (it derives the others from the game).
    for (name, value) in saved.tags.iter() {
        let derived =
            ["Result", "Date", "PlyCount", "SetUp", "FEN", "Variant", "Termination"].contains(&name);
        let roster = pgn::SEVEN_TAG_ROSTER.contains(&name);
        if derived || (roster && value.trim().is_empty()) || value.chars().any(char::is_control) {
            continue;
        }
        assert_eq!(reloaded.tags.get(name), Some(value), "tag {name}; {}", context());
    }
    // What is said about the moves comes back (a clock time is written as a comment).
    for ply in 0..saved.game.ply() {
        let (a, b) = (
            saved.annotations(ply).cloned().unwrap_or_default(),
            reloaded.annotations(ply).cloned().unwrap_or_default(),
        );
        assert_eq!(
            (&a.before, &a.nags, &a.variations),
            (&b.before, &b.nags, &b.variations),
            "ply {ply}; {}",
            context()
        );
        let words = |comments: &[String]| -> Vec<String> {
            comments.iter().map(|c| without_clock(c)).filter(|c| !c.is_empty()).collect()
        };
        assert_eq!(words(&a.comments), words(&b.comments), "comments of ply {ply}; {}", context());
    }
    assert_eq!(reloaded.trailing, saved.trailing, "trailing comments; {}", context());
    // And what was read back writes as it was read: nothing drifts from save to save.
    assert_eq!(reloaded.to_pgn(), text, "written again, the game reads differently");
}

/// Resumes the reloaded game as `--pgn` or `--resume` would, at a later instant: its
/// clocks show what they showed at the last move, the same as the game saved
/// resumed at that instant, and the players can play on.
fn resume(app: &App, saved: &PgnGame, reloaded: &PgnGame, now: Instant, rng: &mut Rng) {
    let later = now + Duration::from_millis(rng.below(10_000_000) as u64);
    let mut resumed = App::new(reloaded.game.clone());
    let clocks = records::clocks(reloaded, None);
    assert_eq!(
        clocks.as_ref().map(|(controls, _)| *controls),
        app.clocks().map(Clocks::controls),
        "the time controls read back"
    );
    if let Some((controls, times)) = clocks {
        resumed = resumed.with_clocks(controls, times, later);
        let (controls, times) = records::clocks(saved, None).expect("the saved game has clocks");
        let resumed_saved = App::new(saved.game.clone()).with_clocks(controls, times, later);
        let stood = app.clock_times_at(app.game().ply()).expect("the game has clocks");
        // A flag that fell shows 0:00: it fell after the last move.
        let fallen = app.game().outcome().and_then(|outcome| match outcome.reason {
            Reason::Timeout => outcome.result.winner().map(|winner| !winner),
            Reason::TimeoutWithInsufficientMaterial => Some(app.game().turn()),
            _ => None,
        });
        for color in Color::ALL {
            let stood = if fallen == Some(color) { Duration::ZERO } else { stood[color] };
            let face = resumed.clock_face(color).expect("the resumed game has clocks");
            let face_saved = resumed_saved.clock_face(color).expect("the saved game has clocks");
            assert_eq!(face.left, to_millis(stood), "{color:?}'s clock as it stood at the last move");
            assert_eq!(
                face.left,
                to_millis(face_saved.left),
                "{color:?}'s clock, resumed from the saved game"
            );
            assert!(!face.running, "{color:?}'s clock runs before the players are back");
        }
    }
    let mut later = later + Duration::from_millis(rng.below(5_000) as u64);
    let mut effects = Vec::new();
    for _ in 0..2 {
        resumed.update(Action::Tick(later));
        if resumed.game().is_over() {
            break;
        }
        let ply = resumed.game().ply();
        let moves = resumed.game().position().legal_moves();
        let san = resumed.game().position().san(*rng.pick(&moves));
        for c in san.chars() {
            effects.extend(resumed.update(Action::Edit(Edit::Type(c))));
        }
        effects.extend(resumed.update(Action::Edit(Edit::Submit)));
        assert_eq!(resumed.game().ply(), ply + 1, "{san} was not played in the resumed game");
        later += thinking(rng);
    }
    // The game played on after resuming saves and reads back as well.
    if !effects.is_empty() {
        let saved =
            Recorder::new(Destination::File("unused.pgn".into()), reloaded.tags.clone()).record(&resumed);
        let text = saved.to_pgn();
        let reloaded = pgn::read_game(&text)
            .unwrap_or_else(|e| panic!("the resumed game does not read back: {e}\n{text}"));
        assert_same_record(&saved, &reloaded, &text);
    }
}

// ----- the tests -----

#[test]
fn random_and_mutated_fens_load_play_save_and_resume_without_a_panic() {
    fuzz(Target::Fen, QUICK);
}

#[test]
fn random_and_mutated_san_is_read_played_saved_and_resumed_without_a_panic() {
    fuzz(Target::San, QUICK);
}

#[test]
fn random_and_mutated_uci_is_read_played_saved_and_resumed_without_a_panic() {
    fuzz(Target::Uci, QUICK);
}

#[test]
fn random_and_mutated_pgn_loads_plays_saves_and_resumes_without_a_panic() {
    fuzz(Target::Pgn, QUICK);
}

/// Inputs that once failed a long run, kept in `tests/data/fuzz/` as the run made
/// them: (target, the run's seed, the input's number, the file).
const ONCE_FAILED: &[(Target, u64, u64, &str, Budget)] = &[
    // A redone move kept clock times from before an earlier move was timed again:
    // Black's clock came back 3 s fuller after take-backs (issue 18).
    (Target::Pgn, 1_752_134_771, 351_596, "pgn-1752134771-351596.pgn", LONG),
];

#[test]
fn inputs_that_once_failed_a_long_run_pass() {
    let dir = TempDir::new("fuzz-once-failed");
    for &(target, base, index, file, budget) in ONCE_FAILED {
        let kept = fs::read(data_path(&format!("fuzz/{file}"))).expect("the kept input");
        let (input, outcome) = one_input(target, base, index, budget, dir.path(), &mut Tally::default());
        assert!(input == kept, "the seeds changed: {file} is no longer what input #{index} makes");
        if let Err(payload) = outcome {
            panic!("{file}: {}", panic_text(payload.as_ref()));
        }
    }
}

#[test]
#[ignore = "a million inputs: run in release with --ignored"]
fn a_million_fens() {
    fuzz(Target::Fen, LONG);
}

#[test]
#[ignore = "a million inputs: run in release with --ignored"]
fn a_million_san_moves() {
    fuzz(Target::San, LONG);
}

#[test]
#[ignore = "a million inputs: run in release with --ignored"]
fn a_million_uci_moves() {
    fuzz(Target::Uci, LONG);
}

#[test]
#[ignore = "a million inputs: run in release with --ignored"]
fn a_million_pgn_files() {
    fuzz(Target::Pgn, LONG);
}
