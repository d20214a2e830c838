//! The ladder, measured: the engine's eight levels play fixed reference opponents and
//! each other through the plain face of the real release binary, and a Bradley–Terry
//! (Elo) fit gives each a strength with a 95 % interval; then the time from the
//! player's Enter to the engine's move on the screen, level by level.
//!
//! Run with `cargo bench --bench levels` (Stockfish, or the engine `HOTSEAT_ENGINE`
//! names, must be installed). `-- ladder` or `-- latency` runs one part;
//! `HOTSEAT_LADDER_SCALE=0.5` plays half as many games of each pairing, and
//! `HOTSEAT_LADDER_JOBS=2` two games at a time (one by default: the machine is shared),
//! `HOTSEAT_LADDER_UPTO=3` only the pairings of levels up to 3,
//! `HOTSEAT_LADDER_ONLY=1-g,7-8` only these pairings (`r` the random mover, `g` the
//! greedy grabber, `s` and `d` Stockfish at depth 1 with and without random moves, `a`
//! the anchor, `1` to `8` the levels), and
//! `HOTSEAT_LADDER_PRIOR=FILE` counts the games an earlier run's output lists (its
//! lines `12/178 level 5 (White) against level 6: 0-1 in 80 plies`) and plays only the
//! rest. A game that cannot be played (an engine that did not greet or answer in time
//! on a loaded machine) is said and played again at the end, twice at most, else left
//! out, not counted.
//!
//! Every game is one process of `hotseat --plain --computer SIDE --level N`, its
//! lines piped: the bench types the opponent's moves and reads the engine's from what
//! the plain face says (`Black: e5.`). A level against a level is two such processes,
//! each told the other's moves. The reference opponents:
//!
//! - the **random mover**: a legal move, chosen at random;
//! - the **greedy grabber**, a beginner who takes whatever can be taken: the most
//!   valuable piece it can capture, else a check, else a random move;
//! - **Stockfish to depth 1**, playing a random legal move 1 time in 3 instead (a
//!   player who sees what hangs now and then), and **Stockfish to depth 1** itself: two
//!   rungs between the grabber and the anchor, fitted like the levels;
//! - **Stockfish** with `UCI_LimitStrength` at `UCI_Elo` 1350, 100 ms a move, taken as
//!   1350: the scale's anchor, the only rating assumed.
//!
//! A game the bench's own copy of the rules finds drawn by repetition or the fifty-move
//! rule (which a player could claim), or still going after 300 plies, is scored a draw.
//! The fit gives every pairing played one draw more than was played (a weak prior, as
//! `BayesElo`'s), so a sweep (8-0) gives a finite strength; the interval comes from the
//! fit's curvature (the inverse of the Fisher information), the anchor held fixed.

#[path = "../common/opponents.rs"]
mod opponents;
#[path = "../common/pty.rs"]
#[allow(dead_code)]
mod pty;
#[path = "release.rs"]
mod release;

use std::collections::BTreeMap;
use std::io::{BufRead, BufReader, Write};
use std::path::{Path, PathBuf};
use std::process::{Child, ChildStdin, Command, Stdio};
use std::sync::mpsc::{self, Receiver};
use std::sync::{Arc, Mutex};
use std::time::{Duration, Instant};

use hotseat::chess::{Color, Game, Move};
use release::release_binary;

/// Plies after which a game is scored a draw.
const MAX_PLIES: usize = 300;
/// How long a side may take for one move before the game is called off.
const MOVE_DEADLINE: Duration = Duration::from_secs(30);
/// The anchor's rating.
const ANCHOR_ELO: f64 = 1350.0;

/// Who plays one side.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord)]
enum Player {
    Random,
    Greedy,
    /// Stockfish to depth 1, a random legal move instead 1 time in so many (0: never).
    Depth1(u8),
    Anchor,
    Level(u8),
}

impl Player {
    fn name(self) -> String {
        match self {
            Player::Random => "random mover".into(),
            Player::Greedy => "greedy grabber".into(),
            Player::Depth1(0) => "Stockfish depth 1".into(),
            Player::Depth1(n) => format!("Stockfish depth 1, 1 move in {n} random"),
            Player::Anchor => "Stockfish UCI_Elo 1350, 100 ms".into(),
            Player::Level(level) => format!("level {level}"),
        }
    }

    /// The player a tag names.
    fn tagged(tag: &str) -> Option<Player> {
        Player::all().into_iter().find(|p| p.tag() == tag)
    }

    /// Every player the bench knows.
    fn all() -> Vec<Player> {
        [Player::Random, Player::Greedy, Player::Anchor]
            .into_iter()
            .chain([0, 3, 5, 8, 12].map(Player::Depth1))
            .chain((1..=8).map(Player::Level))
            .collect()
    }

    /// The short name `HOTSEAT_LADDER_ONLY` gives it: `r`, `g`, `a`, `d` (depth 1), `d3`
    /// to `d12` (depth 1 with random moves), `1` to `8`.
    fn tag(self) -> String {
        match self {
            Player::Random => "r".into(),
            Player::Greedy => "g".into(),
            Player::Depth1(0) => "d".into(),
            Player::Depth1(n) => format!("d{n}"),
            Player::Anchor => "a".into(),
            Player::Level(level) => level.to_string(),
        }
    }
}

/// A small seeded generator (`SplitMix64`).
struct Rng(u64);

impl Rng {
    fn below(&mut self, n: usize) -> usize {
        self.0 = self.0.wrapping_add(0x9e37_79b9_7f4a_7c15);
        let mut z = self.0;
        z = (z ^ (z >> 30)).wrapping_mul(0xbf58_476d_1ce4_e5b9);
        z = (z ^ (z >> 27)).wrapping_mul(0x94d0_49bb_1331_11eb);
        ((z ^ (z >> 31)) % n.max(1) as u64) as usize
    }
}

/// Stockfish driven here directly as a reference opponent: the anchor (`UCI_Elo` 1350,
/// 100 ms a move), or Stockfish to depth 1, with a share of random moves or none.
struct Reference {
    child: Child,
    input: ChildStdin,
    output: Receiver<String>,
    /// What it is told to search: `movetime 100`, `depth 1`.
    go: &'static str,
    /// The chance in 1000 of a random legal move instead, and the dice.
    random: usize,
    rng: Rng,
}

impl Reference {
    fn start(engine: &Path, player: Player, seed: u64) -> Reference {
        let mut child = Command::new("nice")
            .args(["-n", "10"])
            .arg(engine)
            .stdin(Stdio::piped())
            .stdout(Stdio::piped())
            .stderr(Stdio::null())
            .spawn()
            .expect("the engine starts");
        let input = child.stdin.take().expect("its input");
        let output = lines_of(child.stdout.take().expect("its output"));
        let (go, random) = match player {
            Player::Depth1(n) => ("depth 1", if n == 0 { 0 } else { 1000 / usize::from(n) }),
            _ => ("movetime 100", 0),
        };
        let mut anchor = Reference { child, input, output, go, random, rng: Rng(seed) };
        anchor.say("uci");
        anchor.until(|line| line == "uciok");
        if player == Player::Anchor {
            anchor.say("setoption name UCI_LimitStrength value true");
            anchor.say("setoption name UCI_Elo value 1350");
        }
        anchor.say("ucinewgame");
        anchor.say("isready");
        anchor.until(|line| line == "readyok");
        anchor
    }

    fn say(&mut self, line: &str) {
        writeln!(self.input, "{line}").expect("the engine reads");
    }

    fn until(&mut self, done: impl Fn(&str) -> bool) -> String {
        loop {
            let line = self.output.recv_timeout(MOVE_DEADLINE).expect("the engine answers");
            if done(&line) {
                return line;
            }
        }
    }

    fn best(&mut self, game: &Game) -> Move {
        if self.random > 0 && self.rng.below(1000) < self.random {
            let moves = game.position().legal_moves();
            return moves[self.rng.below(moves.len())];
        }
        let moves: Vec<String> = uci_moves(game);
        self.say(&format!("position startpos moves {}", moves.join(" ")));
        self.say(&format!("go {}", self.go));
        let line = self.until(|line| line.starts_with("bestmove"));
        let text = line.split_whitespace().nth(1).expect("a best move");
        game.position().parse_uci(text).expect("a legal best move")
    }
}

impl Drop for Reference {
    fn drop(&mut self) {
        let _ = writeln!(self.input, "quit");
        let _ = self.child.kill();
        let _ = self.child.wait();
    }
}

fn uci_moves(game: &Game) -> Vec<String> {
    let mut replay = Game::new();
    game.moves()
        .iter()
        .map(|&m| {
            let text = replay.position().uci(m);
            replay.play(m);
            text
        })
        .collect()
}

/// A thread reading `from` line by line into a channel.
fn lines_of(from: impl std::io::Read + Send + 'static) -> Receiver<String> {
    let (send, lines) = mpsc::channel();
    std::thread::spawn(move || {
        for line in BufReader::new(from).lines() {
            let Ok(line) = line else { break };
            if send.send(line).is_err() {
                break;
            }
        }
    });
    lines
}

/// What a hotseat process said its engine did.
enum Said {
    Move(String),
    /// The game ended there (a resignation, a claim, an agreed draw): the result, 1 for
    /// White's win, 0.5 a draw, 0 Black's.
    Ended(f64),
}

/// One `hotseat --plain` process, its engine playing `side` at `level`.
struct Hotseat {
    child: Child,
    input: Option<ChildStdin>,
    output: Receiver<String>,
    side: Color,
    /// Every line it wrote, for a game that goes wrong.
    transcript: Vec<String>,
}

impl Hotseat {
    fn start(binary: &Path, engine: &Path, data: &Path, level: u8, side: Color, seed: u64) -> Hotseat {
        let side_name = if side == Color::White { "white" } else { "black" };
        // A data folder of its own: two games started in the same second would
        // otherwise name their files alike.
        let data = data.join(format!("{seed}-{side_name}"));
        std::fs::create_dir_all(&data).expect("the game's data folder");
        let errors = std::fs::File::create(data.join("stderr")).expect("a file for its errors");
        let mut child = Command::new("nice")
            .args(["-n", "10"])
            .arg(binary)
            .args(["--plain", "--announce", "san", "--engine"])
            .arg(engine)
            .args(["--computer", side_name, "--level", &level.to_string()])
            .env("HOTSEAT_DATA_DIR", &data)
            .env("XDG_CONFIG_HOME", &data)
            .stdin(Stdio::piped())
            .stdout(Stdio::piped())
            .stderr(errors)
            .spawn()
            .expect("hotseat starts");
        let input = child.stdin.take();
        let output = lines_of(child.stdout.take().expect("its output"));
        Hotseat { child, input, output, side, transcript: Vec::new() }
    }

    fn tell(&mut self, san: &str) {
        if let Some(input) = &mut self.input {
            let _ = writeln!(input, "{san}");
        }
    }

    /// The engine's next move, or the end of the game, as the plain face says it.
    fn answer(&mut self) -> Said {
        let mover = if self.side == Color::White { "White: " } else { "Black: " };
        let deadline = Instant::now() + MOVE_DEADLINE;
        loop {
            let wait = deadline.saturating_duration_since(Instant::now());
            let Ok(line) = self.output.recv_timeout(wait) else {
                panic!("no answer from hotseat:\n{}", self.transcript.join("\n"));
            };
            self.transcript.push(line.clone());
            if let Some(result) = result_in(&line) {
                return Said::Ended(result);
            }
            if let Some(san) = line.strip_prefix(mover) {
                return Said::Move(san.trim_end_matches('.').to_owned());
            }
        }
    }
}

impl Drop for Hotseat {
    fn drop(&mut self) {
        if let Some(mut input) = self.input.take() {
            let _ = writeln!(input, "quit");
        }
        let deadline = Instant::now() + Duration::from_secs(5);
        while Instant::now() < deadline {
            if matches!(self.child.try_wait(), Ok(Some(_))) {
                return;
            }
            std::thread::sleep(Duration::from_millis(20));
        }
        let _ = self.child.kill();
        let _ = self.child.wait();
    }
}

/// The result a line of the plain face announces, if it does.
fn result_in(line: &str) -> Option<f64> {
    if line.starts_with("White: ") || line.starts_with("Black: ") {
        return None;
    }
    if line.contains("1/2-1/2") {
        Some(0.5)
    } else if line.contains("1-0") {
        Some(1.0)
    } else if line.contains("0-1") {
        Some(0.0)
    } else {
        None
    }
}

/// A side of a game being played.
enum Side {
    Random(Rng),
    Greedy(Rng),
    Engine(Box<Reference>),
    Level(Box<Hotseat>),
}

impl Side {
    fn new(player: Player, color: Color, seed: u64, setup: &Setup) -> Side {
        match player {
            Player::Random => Side::Random(Rng(seed)),
            Player::Greedy => Side::Greedy(Rng(seed)),
            Player::Depth1(_) | Player::Anchor => {
                Side::Engine(Box::new(Reference::start(&setup.engine, player, seed)))
            }
            Player::Level(level) => Side::Level(Box::new(Hotseat::start(
                &setup.binary,
                &setup.engine,
                &setup.data,
                level,
                color,
                seed,
            ))),
        }
    }
}

struct Setup {
    binary: PathBuf,
    engine: PathBuf,
    data: PathBuf,
}

/// Plays one game; its result for White (1, 0.5 or 0) and its length in plies.
fn play(white: Player, black: Player, seed: u64, setup: &Setup) -> (f64, usize) {
    let mut sides =
        [Side::new(white, Color::White, seed, setup), Side::new(black, Color::Black, seed + 7, setup)];
    let mut game = Game::new();
    loop {
        if let Some(outcome) = game.outcome() {
            let result = match outcome.result.winner() {
                Some(Color::White) => 1.0,
                Some(Color::Black) => 0.0,
                None => 0.5,
            };
            return (result, game.ply());
        }
        if game.claimable_draw().is_some() || game.ply() >= MAX_PLIES {
            return (0.5, game.ply());
        }
        let index = usize::from(game.turn() == Color::Black);
        let m = match &mut sides[index] {
            Side::Random(rng) => {
                let moves = game.position().legal_moves();
                moves[rng.below(moves.len())]
            }
            Side::Greedy(rng) => opponents::greedy(game.position(), &mut |n| rng.below(n)),
            Side::Engine(anchor) => anchor.best(&game),
            Side::Level(hotseat) => match hotseat.answer() {
                Said::Ended(result) => return (result, game.ply()),
                Said::Move(san) => game.position().parse_san(&san).unwrap_or_else(|err| {
                    panic!("hotseat played {san:?} ({err}):\n{}", hotseat.transcript.join("\n"))
                }),
            },
        };
        let san = game.position().san(m);
        game.play(m);
        // The other side hears of it (a level's own process knows its move).
        if let Side::Level(other) = &mut sides[1 - index] {
            other.tell(&san);
        }
    }
}

/// The games each pairing plays (at scale 1), colours alternating: each level against
/// its neighbours and against the reference opponents near it, so that every level is
/// tied to the anchor by a short chain (the bottom through Stockfish at depth 1, with
/// and without random moves, which are fitted like the levels).
fn schedule() -> Vec<(Player, Player, u32)> {
    use Player::{Anchor, Depth1, Greedy, Level, Random};
    let (shaky, steady, depth1) = (Depth1(3), Depth1(8), Depth1(0));
    vec![
        (Level(1), Random, 6),
        (Level(1), Greedy, 12),
        (Greedy, Random, 6),
        (Greedy, shaky, 8),
        (Level(1), shaky, 8),
        (Level(2), shaky, 10),
        (Level(3), shaky, 6),
        (shaky, steady, 6),
        (Level(2), steady, 8),
        (Level(3), steady, 10),
        (Level(4), steady, 10),
        (steady, depth1, 6),
        (steady, Anchor, 10),
        (Level(4), depth1, 8),
        (Level(5), depth1, 6),
        (depth1, Anchor, 10),
        (Level(1), Level(2), 10),
        (Level(2), Level(3), 10),
        (Level(3), Level(4), 10),
        (Level(3), Anchor, 6),
        (Level(4), Anchor, 10),
        (Level(4), Level(5), 20),
        (Level(5), Anchor, 10),
        (Level(5), Level(6), 20),
        (Level(6), Anchor, 10),
        (Level(6), Level(7), 20),
        (Level(7), Level(8), 18),
    ]
}

/// The results of every game played: (white, black, result for White).
type Results = Vec<(Player, Player, f64)>;

fn ladder(setup: &Setup) {
    let scale: f64 = std::env::var("HOTSEAT_LADDER_SCALE").ok().and_then(|s| s.parse().ok()).unwrap_or(1.0);
    let jobs: usize = std::env::var("HOTSEAT_LADDER_JOBS").ok().and_then(|s| s.parse().ok()).unwrap_or(1);
    let upto: u8 = std::env::var("HOTSEAT_LADDER_UPTO").ok().and_then(|s| s.parse().ok()).unwrap_or(8);
    let within = |p: Player| !matches!(p, Player::Level(level) if level > upto);
    // `HOTSEAT_LADDER_ONLY=5-6,7-8,1-g`: only these pairings (by their tags), as many
    // games as the schedule gives them, or 6 for a pairing it does not have.
    let pairings: Vec<(Player, Player, u32)> = match std::env::var("HOTSEAT_LADDER_ONLY") {
        Err(_) => schedule(),
        Ok(list) => list
            .split(',')
            .filter_map(|pair| pair.trim().split_once('-'))
            .map(|(a, b)| {
                let (Some(a), Some(b)) = (Player::tagged(a), Player::tagged(b)) else {
                    panic!("HOTSEAT_LADDER_ONLY: no player {a:?} or {b:?}");
                };
                let count = schedule()
                    .into_iter()
                    .find(|(x, y, _)| (*x, *y) == (a, b) || (*x, *y) == (b, a))
                    .map_or(6, |(_, _, count)| count);
                (a, b, count)
            })
            .collect(),
    };
    let prior: Results = std::env::var("HOTSEAT_LADDER_PRIOR")
        .ok()
        .map(|paths| {
            // One file or several, `:` between them.
            let texts =
                paths.split(':').map(|path| std::fs::read_to_string(path).expect("an earlier run's output"));
            texts.flat_map(|text| text.lines().filter_map(game_line).collect::<Vec<_>>()).collect()
        })
        .unwrap_or_default();
    let mut games = Vec::new();
    for (a, b, count) in pairings.into_iter().filter(|(a, b, _)| within(*a) && within(*b)) {
        #[allow(clippy::cast_possible_truncation, clippy::cast_sign_loss)]
        let count = ((f64::from(count) * scale).round() as u32).max(2);
        let done = prior.iter().filter(|(w, k, _)| (*w, *k) == (a, b) || (*w, *k) == (b, a)).count();
        for n in u32::try_from(done).unwrap_or(count)..count {
            let seed = u64::from(n) + 1000 * games.len() as u64;
            games.push((n, if n % 2 == 0 { (a, b, seed, 0u8) } else { (b, a, seed, 0u8) }));
        }
    }
    // The pairings taken in turn (the queue is played from its end), so that a run
    // stopped early, or read while it plays, has some games of each.
    games.sort_by_key(|(n, _)| std::cmp::Reverse(*n));
    let games: Vec<(Player, Player, u64, u8)> = games.into_iter().map(|(_, game)| game).collect();
    let total = games.len();
    println!("\nthe ladder: {total} games, {jobs} at a time\n");
    let queue = Arc::new(Mutex::new(games));
    let counted = prior.len();
    println!("{counted} games counted from the earlier run");
    let results: Arc<Mutex<Results>> = Arc::new(Mutex::new(prior));
    let started = Instant::now();
    std::thread::scope(|scope| {
        for _ in 0..jobs {
            let (queue, results) = (Arc::clone(&queue), Arc::clone(&results));
            scope.spawn(move || {
                loop {
                    let Some((white, black, seed, tries)) = queue.lock().expect("the queue").pop() else {
                        break;
                    };
                    let game_started = Instant::now();
                    let played = std::panic::catch_unwind(std::panic::AssertUnwindSafe(|| {
                        play(white, black, seed, setup)
                    }));
                    let Ok((result, plies)) = played else {
                        // A game called off (a machine so loaded, or a process stopped
                        // so long, that a side did not answer in time) is played again
                        // at the end of the run, twice at most.
                        let again = tries < 2;
                        eprintln!(
                            "  a game of {} against {} could not be played; {}",
                            white.name(),
                            black.name(),
                            if again { "played again later" } else { "left out" }
                        );
                        if again {
                            queue.lock().expect("the queue").insert(0, (white, black, seed + 500, tries + 1));
                        }
                        continue;
                    };
                    let mut results = results.lock().expect("the results");
                    results.push((white, black, result));
                    eprintln!(
                        "  {:>3}/{total} {} (White) against {}: {} in {plies} plies, {:.1} s",
                        results.len() - counted,
                        white.name(),
                        black.name(),
                        match result {
                            1.0 => "1-0",
                            0.0 => "0-1",
                            _ => "1/2-1/2",
                        },
                        game_started.elapsed().as_secs_f64()
                    );
                }
            });
        }
    });
    let results = results.lock().expect("the results").clone();
    println!("{} games in {:.1} minutes\n", results.len(), started.elapsed().as_secs_f64() / 60.0);
    report(&results);
}

/// A game as a run's output lists it: `  12/178 level 5 (White) against level 6: 0-1 in 80 plies, 3.1 s`.
fn game_line(line: &str) -> Option<(Player, Player, f64)> {
    let (_, rest) = line.trim().split_once(' ')?;
    let (white, rest) = rest.split_once(" (White) against ")?;
    let (black, rest) = rest.split_once(": ")?;
    let result = match rest.split_whitespace().next()? {
        "1-0" => 1.0,
        "0-1" => 0.0,
        "1/2-1/2" => 0.5,
        _ => return None,
    };
    let player = |name: &str| Player::all().into_iter().find(|p| p.name() == name);
    Some((player(white)?, player(black)?, result))
}

/// Prints each pairing's score and the fitted strengths with their 95 % intervals.
fn report(results: &Results) {
    let mut pairings: BTreeMap<(Player, Player), [f64; 2]> = BTreeMap::new();
    for &(white, black, result) in results {
        let (a, b, score) = if white < black { (white, black, result) } else { (black, white, 1.0 - result) };
        let entry = pairings.entry((a, b)).or_default();
        entry[0] += score;
        entry[1] += 1.0;
    }
    println!("| pairing | games | score of the first |");
    println!("|---|---|---|");
    for ((a, b), [score, games]) in &pairings {
        println!(
            "| {} against {} | {games} | {score} ({:.0} %) |",
            a.name(),
            b.name(),
            100.0 * score / games
        );
    }
    let players: Vec<Player> = {
        let mut all: Vec<Player> = pairings.keys().flat_map(|(a, b)| [*a, *b]).collect();
        all.sort();
        all.dedup();
        all
    };
    let fit = fit(&players, &pairings);
    println!("\n| player | games | strength | 95 % interval |");
    println!("|---|---|---|---|");
    for (i, player) in players.iter().enumerate() {
        let games: f64 =
            pairings.iter().filter(|((a, b), _)| a == player || b == player).map(|(_, [_, g])| g).sum();
        let (strength, error) = fit[i];
        let error = if *player == Player::Anchor { "(anchor)".to_owned() } else { format!("± {error:.0}") };
        println!("| {} | {games} | {strength:.0} | {error} |", player.name());
    }
    println!("\nadjacent levels (the difference and its 95 % interval):");
    for level in 1..8u8 {
        let (Some(i), Some(j)) = (
            players.iter().position(|p| *p == Player::Level(level)),
            players.iter().position(|p| *p == Player::Level(level + 1)),
        ) else {
            continue;
        };
        let (diff, error) = difference(&players, &pairings, i, j);
        println!("  level {} - level {level}: {diff:.0} ± {error:.0}", level + 1);
    }
}

/// The logistic expectation of a player `diff` Elo stronger.
fn expected(diff: f64) -> f64 {
    1.0 / (1.0 + 10f64.powf(-diff / 400.0))
}

/// Maximum-likelihood strengths (Newton's method), the anchor at [`ANCHOR_ELO`], and
/// the inverse information matrix; the players' indices are theirs in `players`.
#[allow(clippy::many_single_char_names)]
fn solve(players: &[Player], pairings: &BTreeMap<(Player, Player), [f64; 2]>) -> (Vec<f64>, Vec<Vec<f64>>) {
    let index = |p: Player| players.iter().position(|q| *q == p).expect("a player");
    let anchor = players.iter().position(|p| *p == Player::Anchor);
    let games: Vec<(usize, usize, f64, f64)> = pairings
        .iter()
        .map(|(&(a, b), &[score, games])| (index(a), index(b), score + 0.5, games + 1.0))
        .collect();
    let n = players.len();
    let mut r = vec![ANCHOR_ELO; n];
    let k = 10f64.ln() / 400.0;
    let free: Vec<usize> = (0..n).filter(|&i| Some(i) != anchor).collect();
    let mut inverse = vec![vec![0.0; free.len()]; free.len()];
    for _ in 0..100 {
        let mut gradient = vec![0.0; n];
        let mut hessian = vec![vec![0.0; n]; n];
        for &(a, b, score, count) in &games {
            let e = expected(r[a] - r[b]);
            gradient[a] += k * (score - count * e);
            gradient[b] -= k * (score - count * e);
            let w = k * k * count * e * (1.0 - e);
            hessian[a][a] += w;
            hessian[b][b] += w;
            hessian[a][b] -= w;
            hessian[b][a] -= w;
        }
        // Without an anchor (none played it), the first player is held at the anchor's value.
        let free: Vec<usize> =
            (0..n).filter(|&i| Some(i) != anchor && (anchor.is_some() || i != 0)).collect();
        let info: Vec<Vec<f64>> =
            free.iter().map(|&i| free.iter().map(|&j| hessian[i][j]).collect()).collect();
        inverse = invert(info);
        let mut step = 0.0f64;
        for (x, &i) in free.iter().enumerate() {
            let delta: f64 = free.iter().enumerate().map(|(y, &j)| inverse[x][y] * gradient[j]).sum();
            let delta = delta.clamp(-400.0, 400.0);
            r[i] += delta;
            step = step.max(delta.abs());
        }
        if step < 0.01 {
            break;
        }
    }
    // The inverse as a full matrix over all players (zero for the fixed one).
    let free: Vec<usize> = (0..n).filter(|&i| Some(i) != anchor && (anchor.is_some() || i != 0)).collect();
    let mut covariance = vec![vec![0.0; n]; n];
    for (x, &i) in free.iter().enumerate() {
        for (y, &j) in free.iter().enumerate() {
            covariance[i][j] = inverse[x][y];
        }
    }
    (r, covariance)
}

fn fit(players: &[Player], pairings: &BTreeMap<(Player, Player), [f64; 2]>) -> Vec<(f64, f64)> {
    let (r, covariance) = solve(players, pairings);
    (0..players.len()).map(|i| (r[i], 1.96 * covariance[i][i].max(0.0).sqrt())).collect()
}

fn difference(
    players: &[Player],
    pairings: &BTreeMap<(Player, Player), [f64; 2]>,
    i: usize,
    j: usize,
) -> (f64, f64) {
    let (r, c) = solve(players, pairings);
    (r[j] - r[i], 1.96 * (c[i][i] + c[j][j] - 2.0 * c[i][j]).max(0.0).sqrt())
}

/// Gauss–Jordan inversion of a small symmetric positive matrix.
fn invert(mut a: Vec<Vec<f64>>) -> Vec<Vec<f64>> {
    let n = a.len();
    let mut inv: Vec<Vec<f64>> =
        (0..n).map(|i| (0..n).map(|j| f64::from(u8::from(i == j))).collect()).collect();
    for col in 0..n {
        let pivot = (col..n).max_by(|&x, &y| a[x][col].abs().total_cmp(&a[y][col].abs())).expect("a row");
        a.swap(col, pivot);
        inv.swap(col, pivot);
        let p = a[col][col];
        assert!(p.abs() > 1e-12, "the games do not connect every player");
        for j in 0..n {
            a[col][j] /= p;
            inv[col][j] /= p;
        }
        for row in 0..n {
            if row != col {
                let f = a[row][col];
                for j in 0..n {
                    a[row][j] -= f * a[col][j];
                    inv[row][j] -= f * inv[col][j];
                }
            }
        }
    }
    inv
}

/// The time from the player's Enter to the engine's move on the screen, per level:
/// the plain face in a pseudo-terminal, White's moves random quiet ones.
fn latency(setup: &Setup) {
    println!("\nEnter to the engine's move on the screen (plain text in a pseudo-terminal):\n");
    println!("| level | moves | median ms | p90 ms | max ms | the level's move time |");
    println!("|---|---|---|---|---|---|");
    for level in 1..=8u8 {
        let level_text = level.to_string();
        let engine = setup.engine.to_str().expect("a UTF-8 path");
        let args = [
            "--plain",
            "--announce",
            "san",
            "--engine",
            engine,
            "--computer",
            "black",
            "--level",
            &level_text,
        ];
        let mut term = pty::Pty::start_program(
            setup.binary.to_str().expect("a UTF-8 path"),
            &args,
            None,
            &[("HOTSEAT_DATA_DIR", &setup.data), ("XDG_CONFIG_HOME", &setup.data)],
            true,
        );
        term.wait_for("White to move");
        let mut game = Game::new();
        let mut rng = Rng(u64::from(level));
        let mut times = Vec::new();
        for _ in 0..16 {
            let moves: Vec<Move> = game.position().legal_moves().iter().copied().collect();
            let quiet: Vec<Move> =
                moves.iter().copied().filter(|&m| !game.position().is_capture(m)).collect();
            let pool = if quiet.is_empty() { moves } else { quiet };
            let m = pool[rng.below(pool.len())];
            let san = game.position().san(m);
            game.play(m);
            if game.is_over() {
                break;
            }
            let said = term.raw().matches("Black: ").count();
            let enter = term.send(&format!("{san}\r"));
            let deadline = Instant::now() + MOVE_DEADLINE;
            let shown = loop {
                if let Ok(at) = term.next_chunk(Duration::from_millis(200))
                    && term.raw().matches("Black: ").count() > said
                {
                    break at;
                }
                assert!(Instant::now() < deadline, "no answer:\n{}", term.raw());
            };
            times.push(shown.duration_since(enter));
            let raw = term.raw();
            let reply = raw.rsplit("Black: ").next().and_then(|rest| rest.split(['.', '\r', '\n']).next());
            let Some(reply) = reply.and_then(|san| game.position().parse_san(san.trim()).ok()) else { break };
            game.play(reply);
            if game.is_over() {
                break;
            }
        }
        term.send("quit\r");
        let _ = term.wait_for_exit();
        times.sort_unstable();
        let ms = |d: Duration| d.as_secs_f64() * 1000.0;
        if times.is_empty() {
            continue;
        }
        println!(
            "| {level} | {} | {:.0} | {:.0} | {:.0} | {} |",
            times.len(),
            ms(times[times.len() / 2]),
            ms(times[times.len() * 9 / 10]),
            ms(*times.last().expect("a time")),
            ["depth 2", "depth 3", "depth 4", "depth 5", "300", "300", "300", "1000"][usize::from(level - 1)]
        );
    }
}

fn main() {
    let args: Vec<String> = std::env::args().collect();
    if !args.iter().any(|a| a == "--bench") {
        println!("levels: a benchmark; run it with `cargo bench --bench levels`");
        return;
    }
    let engine = hotseat::engine::locate(None).expect("an engine (Stockfish) to measure");
    // A folder of this run's own: a second run at the same time (some pairings while
    // others play) must not clear the first one's games.
    let data = Path::new(env!("CARGO_TARGET_TMPDIR")).join(format!("levels-bench-{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&data);
    std::fs::create_dir_all(&data).expect("the bench's data folder");
    let setup = Setup { binary: release_binary(), engine, data };
    let only = |part: &str| args.iter().any(|a| a == part);
    let all = !only("ladder") && !only("latency");
    println!(
        "commit {}, {} cores, {}",
        command_line("git", &["rev-parse", "--short", "HEAD"]),
        std::thread::available_parallelism().map_or(0, std::num::NonZero::get),
        command_line("/usr/games/stockfish", &[]).lines().next().unwrap_or("").to_owned()
    );
    if all || only("latency") {
        latency(&setup);
    }
    if all || only("ladder") {
        ladder(&setup);
    }
    let _ = std::fs::remove_dir_all(&setup.data);
}

fn command_line(program: &str, args: &[&str]) -> String {
    Command::new(program)
        .args(args)
        .stdin(Stdio::null())
        .output()
        .map(|out| String::from_utf8_lossy(&out.stdout).trim().to_owned())
        .unwrap_or_default()
}
