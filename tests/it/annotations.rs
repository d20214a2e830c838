//! What is said about the moves: comments, NAGs, variations, `%eval` and `%clk`
//! commands, a game's opening and closing comments. Every game file the tests hold is
//! read, written and read again, and the whole tree (not just the main line) must
//! come back; and what we write is read by an independent reader, niklasf's
//! `pgn-reader`, as the same tree.

use std::ops::ControlFlow;
use std::path::{Path, PathBuf};
use std::time::Duration;

use crate::common::thread_cpu_time;
use hotseat::annotations::{Annotations, Line, Nag};
use hotseat::chess::{Game, Position};
use hotseat::records::pgn::{PgnErrorKind, PgnFile, PgnGame, read_game};
use pgn_reader::{RawComment, RawTag, Reader, SanPlus, Visitor};

/// A move of a tree as both readers can say it: SAN, with what is said about it.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
struct Move {
    san: String,
    before: Vec<String>,
    nags: Vec<u8>,
    comments: Vec<String>,
    variations: Vec<Branch>,
}

/// A line of moves, with the comments at its end that no move follows.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
struct Branch {
    moves: Vec<Move>,
    trailing: Vec<String>,
}

/// A game: the main line as a branch, and its result token.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
struct Tree {
    main: Branch,
    result: String,
}

// ----- our reader's tree -----

fn ours(record: &PgnGame) -> Tree {
    let game = &record.game;
    let none = Annotations::default();
    let moves = game
        .moves()
        .iter()
        .enumerate()
        .map(|(i, _)| {
            let before = game.position_at(i).expect("a position");
            move_of(before, &game.san_moves()[i], record.annotations(i).unwrap_or(&none))
        })
        .collect();
    let result = game.outcome().map_or("*", |o| o.result.pgn()).to_owned();
    Tree { main: Branch { moves, trailing: record.trailing.clone() }, result }
}

fn move_of(before: &Position, san: &str, notes: &Annotations) -> Move {
    Move {
        san: san.to_owned(),
        before: notes.before.clone(),
        nags: notes.nags.iter().map(|n| n.0).collect(),
        comments: notes.comments.clone(),
        variations: notes.variations.iter().map(|line| branch_of(before, line)).collect(),
    }
}

fn branch_of(start: &Position, line: &Line) -> Branch {
    let mut pos = start.clone();
    let mut moves = Vec::new();
    for node in &line.moves {
        let san = pos.san(node.mv);
        moves.push(move_of(&pos, &san, &node.annotations));
        pos.play(node.mv);
    }
    Branch { moves, trailing: line.trailing.clone() }
}

// ----- pgn-reader's tree -----

/// A comment as a record keeps it: trimmed, lines ended by LF, other control
/// characters as spaces.
fn clean(raw: &[u8]) -> String {
    let text = String::from_utf8_lossy(raw).replace("\r\n", "\n").replace('\r', "\n");
    text.chars()
        .map(|c| if c.is_control() && c != '\n' { ' ' } else { c })
        .collect::<String>()
        .trim()
        .to_owned()
}

/// An open line while pgn-reader reads: its moves, and whether a variation closed
/// since its last move (a comment then goes before the next move).
#[derive(Default)]
struct Open {
    branch: Branch,
    pending: Vec<String>,
    after_variation: bool,
}

/// Builds the tree as pgn-reader visits the movetext, with the same rules for where a
/// comment goes; moves are kept as the text pgn-reader read, normalised by shakmaty.
struct TreeBuilder;

impl Visitor for TreeBuilder {
    type Tags = ();
    type Movetext = (Vec<Open>, String, Vec<String>);
    type Output = Result<Tree, String>;

    fn begin_tags(&mut self) -> ControlFlow<Self::Output> {
        ControlFlow::Continue(())
    }

    fn tag(&mut self, (): &mut (), _: &[u8], _: RawTag<'_>) -> ControlFlow<Self::Output> {
        ControlFlow::Continue(())
    }

    fn begin_movetext(&mut self, (): ()) -> ControlFlow<Self::Output, Self::Movetext> {
        ControlFlow::Continue((vec![Open::default()], "*".to_owned(), Vec::new()))
    }

    fn san(&mut self, (open, ..): &mut Self::Movetext, san: SanPlus) -> ControlFlow<Self::Output> {
        let top = open.last_mut().expect("a line");
        let before = std::mem::take(&mut top.pending);
        // The SAN as written by us, with its check mark.
        top.branch.moves.push(Move { san: san.to_string(), before, ..Move::default() });
        top.after_variation = false;
        ControlFlow::Continue(())
    }

    fn nag(&mut self, (open, ..): &mut Self::Movetext, nag: pgn_reader::Nag) -> ControlFlow<Self::Output> {
        if let Some(last) = open.last_mut().and_then(|top| top.branch.moves.last_mut()) {
            last.nags.push(nag.0);
        }
        ControlFlow::Continue(())
    }

    fn partial_comment(&mut self, _: &mut Self::Movetext, _: RawComment<'_>) -> ControlFlow<Self::Output> {
        ControlFlow::Break(Err("a comment longer than pgn-reader's buffer".to_owned()))
    }

    fn comment(
        &mut self,
        (open, ..): &mut Self::Movetext,
        comment: RawComment<'_>,
    ) -> ControlFlow<Self::Output> {
        let text = clean(comment.as_bytes());
        let top = open.last_mut().expect("a line");
        match top.branch.moves.last_mut() {
            Some(last) if !top.after_variation => last.comments.push(text),
            _ => top.pending.push(text),
        }
        ControlFlow::Continue(())
    }

    fn begin_variation(
        &mut self,
        (open, ..): &mut Self::Movetext,
    ) -> ControlFlow<Self::Output, pgn_reader::Skip> {
        open.push(Open::default());
        ControlFlow::Continue(pgn_reader::Skip(false))
    }

    fn end_variation(&mut self, (open, _, errors): &mut Self::Movetext) -> ControlFlow<Self::Output> {
        if open.len() < 2 {
            errors.push("a ) with no (".to_owned());
            return ControlFlow::Continue(());
        }
        let mut done = open.pop().expect("a variation");
        done.branch.trailing = done.pending;
        let top = open.last_mut().expect("a line");
        match top.branch.moves.last_mut() {
            Some(last) => last.variations.push(done.branch),
            None => errors.push("a variation before any move".to_owned()),
        }
        top.after_variation = true;
        ControlFlow::Continue(())
    }

    fn outcome(
        &mut self,
        (open, result, _): &mut Self::Movetext,
        outcome: pgn_reader::Outcome,
    ) -> ControlFlow<Self::Output> {
        if open.len() == 1 {
            result_text(outcome).clone_into(result);
        }
        ControlFlow::Continue(())
    }

    fn end_game(&mut self, (mut open, result, errors): Self::Movetext) -> Self::Output {
        if !errors.is_empty() || open.len() != 1 {
            return Err(format!("{errors:?}, {} lines open", open.len()));
        }
        let mut main = open.pop().expect("the main line");
        main.branch.trailing = main.pending;
        Ok(Tree { main: main.branch, result })
    }
}

fn theirs(text: &str) -> Vec<Result<Tree, String>> {
    let mut reader = Reader::new(text.as_bytes());
    let mut games = Vec::new();
    while let Some(read) = reader.read_game(&mut TreeBuilder).expect("reading from memory cannot fail") {
        games.push(read);
    }
    games
}

/// The tree with every move's text blanked: for a file as it came, whose moves may be
/// written otherwise than we write them (`e2e4`, no check marks).
fn shape(branch: &Branch) -> Branch {
    let moves = branch
        .moves
        .iter()
        .map(|m| Move {
            san: String::new(),
            variations: m.variations.iter().map(shape).collect(),
            ..m.clone()
        })
        .collect();
    Branch { moves, trailing: branch.trailing.clone() }
}

fn result_text(outcome: pgn_reader::Outcome) -> &'static str {
    use pgn_reader::KnownOutcome;
    match outcome {
        pgn_reader::Outcome::Known(KnownOutcome::Decisive { winner: shakmaty::Color::White }) => "1-0",
        pgn_reader::Outcome::Known(KnownOutcome::Decisive { winner: shakmaty::Color::Black }) => "0-1",
        pgn_reader::Outcome::Known(KnownOutcome::Draw) => "1/2-1/2",
        pgn_reader::Outcome::Unknown => "*",
    }
}

// ----- the files -----

fn game_files() -> Vec<PathBuf> {
    let root = Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/data");
    let mut files = Vec::new();
    for dir in ["games", "annotated"] {
        for entry in std::fs::read_dir(root.join(dir)).expect("a folder of games") {
            let path = entry.expect("an entry").path();
            if path.extension().is_some_and(|e| e == "pgn") {
                files.push(path);
            }
        }
    }
    files.sort();
    files
}

fn annotated(name: &str) -> String {
    let path = Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/data/annotated").join(name);
    std::fs::read_to_string(path).expect("an annotated game")
}

#[test]
fn every_game_file_reads_writes_and_reads_back_as_the_same_tree_for_both_readers() {
    let mut games = 0;
    let mut annotated_games = 0;
    for path in game_files() {
        let name = path.file_name().expect("a name").to_string_lossy().into_owned();
        let file = PgnFile::from_bytes(&std::fs::read(&path).expect("readable")).expect("splits");
        for entry in file.games() {
            // The null move of anastasian-lewis.pgn is refused: nothing to write.
            let Ok(record) = entry.load() else { continue };
            let what = format!("{name} game {}", entry.number());
            let tree = ours(&record);
            let text = record.to_pgn();
            let again = read_game(&text).unwrap_or_else(|e| panic!("{what}: {e}\n{text}"));
            assert_eq!(ours(&again), tree, "{what}: our reader, after writing\n{text}");
            assert_eq!(again.to_pgn(), text, "{what}: writing is stable");
            let read = theirs(&text);
            assert_eq!(read.len(), 1, "{what}: one game in\n{text}");
            let their_tree = read[0].clone().unwrap_or_else(|e| panic!("{what}: {e}\n{text}"));
            assert_eq!(their_tree, tree, "{what}: pgn-reader's tree of what we wrote\n{text}");
            // And pgn-reader reads the file as it came as the same tree: nothing of it
            // was dropped on the way.
            if let Ok(original) = std::str::from_utf8(&std::fs::read(&path).expect("readable"))
                && file.len() == 1
                && !original.contains(';')
            {
                let first = theirs(original).remove(0).unwrap_or_else(|e| panic!("{what}: {e}"));
                assert_eq!(
                    shape(&first.main),
                    shape(&tree.main),
                    "{what}: pgn-reader's tree of the file as it came"
                );
            }
            games += 1;
            annotated_games += usize::from(record.annotations.iter().any(|a| !a.is_empty()));
        }
    }
    assert!(games >= 20, "{games} games");
    assert!(annotated_games >= 5, "{annotated_games} annotated games");
}

#[test]
fn a_lichess_export_keeps_its_evaluations_clocks_termination_and_tags() {
    let record = read_game(&annotated("lichess-export.pgn")).expect("reads");
    assert_eq!(record.annotations[0].comments, ["[%eval 0.18] [%clk 0:03:00]"]);
    assert_eq!(record.clock(0), Some(Duration::from_secs(180)), "%clk is also the clock time");
    assert_eq!(record.annotations[2].nags, [Nag::DUBIOUS_MOVE]);
    assert_eq!(
        record.annotations[2].comments,
        ["(0.20 → -0.40) Inaccuracy. Nf3 was best.", "[%eval -0.4] [%clk 0:02:59]"]
    );
    assert_eq!(record.annotations[2].variations.len(), 1);
    assert_eq!(record.annotations[6].comments, ["[%clk 0:02:54]", "White wins by checkmate."]);
    let text = record.to_pgn().split_whitespace().collect::<Vec<_>>().join(" ");
    for kept in [
        "[Termination \"Normal\"]",
        "[WhiteRatingDiff \"+6\"]",
        "[Annotator \"lichess.org\"]",
        "[Opening \"King's Pawn Game: Wayward Queen Attack\"]",
        "2. Qh5 $6 {(0.20 → -0.40) Inaccuracy. Nf3 was best.} {[%eval -0.4] [%clk 0:02:59]}",
        "(2. Nf3 Nc6 3. Bb5)",
        "3... Nf6 $4 {(-0.30 → #1) Blunder. g6 was best.} {[%eval #1] [%clk 0:02:55]}",
        "4. Qxf7# {[%clk 0:02:54]} {White wins by checkmate.} 1-0",
    ] {
        assert!(text.contains(kept), "{kept} in\n{text}");
    }
}

#[test]
fn comments_go_where_a_reader_of_the_game_expects_them() {
    let record = read_game(&annotated("commented.pgn")).expect("reads");
    assert_eq!(record.annotations[0].before, ["Anna's notes on a sharp Italian game."]);
    assert_eq!(record.annotations[0].nags, [Nag::GOOD_MOVE]);
    // After the variations of 3. Bc4, a comment goes before the next move.
    assert_eq!(record.annotations[4].variations.len(), 2);
    assert_eq!(record.annotations[5].before, ["After the Italian bishop move:"]);
    let spanish = &record.annotations[4].variations[0];
    assert_eq!(spanish.moves[0].annotations.comments, ["the Spanish"]);
    assert_eq!(spanish.moves[1].annotations.variations[0].moves[0].annotations.nags, [Nag::SPECULATIVE_MOVE]);
    let text = record.to_pgn();
    assert!(text.contains("{After the Italian bishop move:} 3... Bc5"), "{text}");
    assert!(
        text.starts_with("[Event") && text.contains("\n\n{Anna's notes on a sharp Italian game.} 1. e4 $1")
    );
    assert!(text.contains("[MyOwnTag \"kept as it is\"]"), "unknown tags are kept: {text}");
}

#[test]
fn a_comment_with_a_closing_brace_is_written_as_a_line_comment() {
    let record = read_game("1. e4 ; a {braced} remark\ne5 *").expect("reads");
    assert_eq!(record.annotations[0].comments, ["a {braced} remark"]);
    let text = record.to_pgn();
    assert!(text.contains("1. e4 ;a {braced} remark\n1... e5 *"), "{text}");
    assert_eq!(read_game(&text).expect("reads back").annotations, record.annotations);
    // In a variation too, the `)` after it on a line of its own.
    let record = read_game("1. e4 (1. d4 ; ends {here}\n) e5 *").expect("reads");
    let again = read_game(&record.to_pgn()).expect("reads back");
    assert_eq!(again.annotations, record.annotations, "{}", record.to_pgn());
}

#[test]
fn a_variation_with_an_illegal_move_is_refused_where_it_stands() {
    let err = read_game("1. e4 e5 (1... Nf6 2. Qxf7) 2. Nf3 *").expect_err("illegal");
    assert_eq!(err.to_string(), "line 1, col 23: illegal move Qxf7 (no queen can reach f7)");
    let err = read_game("1. e4 ((1. d4)) *").expect_err("a variation of nothing");
    assert_eq!(err.to_string(), "line 1, col 8: a variation must follow the move it replaces");
    let err = read_game("1. e4 (1. d4 --) *").expect_err("a null move");
    assert!(matches!(err.kind, PgnErrorKind::NullMove(_)), "{err}");
}

#[test]
fn hostile_nesting_is_refused_quickly_without_overflowing_the_stack() {
    // Processor time, not wall time: the bound holds on a machine busy with other work.
    let start = thread_cpu_time();
    // A hundred thousand `(`, never closed, then closed.
    for text in [
        format!("1. e4 {}", "(".repeat(100_000)),
        format!("1. e4 {} *", "(".repeat(100_000) + &")".repeat(100_000)),
        format!("1. e4 {}*", "(1. d4 ".repeat(100_000) + &")".repeat(100_000)),
    ] {
        let err = PgnFile::parse(&text).and_then(|file| file.games()[0].load());
        assert!(err.is_err(), "refused");
    }
    let deepest = format!("1. e4 {}*", "(1. d4 ".repeat(100) + &")".repeat(100));
    let record = read_game(&deepest).expect("a hundred deep is read");
    assert_eq!(record.annotations[0].depth(), 100);
    assert_eq!(read_game(&record.to_pgn()).expect("and written").annotations, record.annotations);
    let too_deep = format!("1. e4 {}*", "(1. d4 ".repeat(101) + &")".repeat(101));
    let err = read_game(&too_deep).expect_err("101 deep");
    assert_eq!(err.kind, PgnErrorKind::TooDeep);
    // A file of nothing but comments, or of variations, costs a bounded amount.
    for piece in ["{a}", "(1. d4)", "$1 "] {
        let text = format!("1. e4 {} *", piece.repeat(1_000_001));
        let err = read_game(&text).expect_err("too many");
        assert_eq!(err.kind, PgnErrorKind::TooManyAnnotations, "{piece}");
    }
    let used = thread_cpu_time().saturating_sub(start);
    assert!(used < Duration::from_secs(20), "{used:?}");
}

#[test]
fn a_typed_annotation_is_written_with_the_move() {
    let mut game = Game::new();
    game.play_san("Nf3").expect("legal");
    let mut record = PgnGame::new(game);
    let mut notes = Annotations::default();
    notes.set_assessment(Some(Nag::SPECULATIVE_MOVE));
    record.annotations.push(notes);
    assert!(record.to_pgn().contains("1. Nf3 $5 *"), "{}", record.to_pgn());
}

// ----- through the real binary -----

use crate::common;
use common::TempDir;
use common::pty::Pty;

/// The tree of the moves a game file had before, in the game saved after it.
fn assert_kept(before: &str, after: &Path, new_move: &str) {
    let before = read_game(before).expect("the game as it was");
    let text = std::fs::read_to_string(after).expect("the saved game");
    let after = read_game(&text).expect("the saved game reads");
    let (old, new) = (ours(&before), ours(&after));
    let plies = old.main.moves.len();
    assert_eq!(new.main.moves[..plies], old.main.moves[..], "every move kept as it was:\n{text}");
    assert_eq!(new.main.moves[plies].san, new_move, "{text}");
    for name in ["Event", "Annotator", "MyOwnTag"] {
        assert_eq!(after.tags.get(name), before.tags.get(name), "{name}");
    }
}

#[test]
fn a_game_continued_in_its_own_file_keeps_its_comments_nags_and_variations() {
    let dir = TempDir::new("annotations-in-place");
    let d = dir.path();
    let original =
        annotated("deep-variations.pgn").replace("[Round \"-\"]", "[Round \"-\"]\n[MyOwnTag \"mine\"]");
    std::fs::write(d.join("deep.pgn"), &original).expect("write");
    let mut s = Pty::start(
        &["--pgn", "deep.pgn", "--save", "deep.pgn"],
        Some(d),
        &[("HOTSEAT_DATA_DIR", &d.join("data"))],
    );
    s.wait_for("Loaded from deep.pgn");
    s.play("Bg5", "Black to move");
    s.quit();
    assert_kept(&original, &d.join("deep.pgn"), "Bg5");

    // And --resume, from the store.
    let games = d.join("data/games");
    std::fs::create_dir_all(&games).expect("the store");
    std::fs::write(games.join("2025-01-01_10-00-00Z.pgn"), &original).expect("write");
    let mut s = Pty::start(&["--resume"], Some(d), &[("HOTSEAT_DATA_DIR", &d.join("data"))]);
    s.wait_for("Resumed the game");
    s.play("Be2", "Black to move");
    s.quit();
    assert_kept(&original, &games.join("2025-01-01_10-00-00Z.pgn"), "Be2");
}

// ----- from the keyboard -----

use common::driver::{error, play, press, press_all, type_move, type_text};
use hotseat::app::{App, Effect, Focus, Mode, Question};
use hotseat::input::Key;
use hotseat::records::{Destination, fresh_tags};
use hotseat::session::Recorder;

/// The PGN the app's game is saved as.
fn saved(app: &App) -> String {
    Recorder::new(Destination::File(PathBuf::from("unused.pgn")), fresh_tags(std::time::UNIX_EPOCH))
        .record(app)
        .to_pgn()
}

#[test]
fn a_move_typed_with_a_sign_is_saved_with_its_nag() {
    let mut app = App::new(Game::new());
    play(&mut app, "e4 e5 Nf3!?");
    assert!(saved(&app).contains("1. e4 e5 2. Nf3 $5 *"), "{}", saved(&app));
    // A sign alone marks the last move; `$0` takes it off.
    assert_eq!(type_move(&mut app, "??"), Vec::<Effect>::new(), "?? on an empty line opens the help");
    press(&mut app, Key::Esc);
    assert_eq!(type_move(&mut app, "!!"), [Effect::Save]);
    assert!(saved(&app).contains("2. Nf3 $3 *"), "{}", saved(&app));
    assert_eq!(type_move(&mut app, "$0"), [Effect::Save]);
    assert!(saved(&app).contains("2. Nf3 *"), "{}", saved(&app));
    assert_eq!(type_move(&mut app, "$14"), [Effect::Save]);
    assert!(saved(&app).contains("2. Nf3 $14 *"), "{}", saved(&app));
    let mut fresh = App::new(Game::new());
    type_move(&mut fresh, "!?");
    assert_eq!(error(&fresh), "There is no move to mark yet.");
}

#[test]
fn ctrl_k_writes_changes_and_removes_the_comment_and_sign_of_the_move_on_the_board() {
    let mut app = App::new(Game::new());
    play(&mut app, "e4 e5 Nf3");
    press(&mut app, Key::Ctrl('k'));
    assert_eq!(app.mode(), Mode::Comment);
    type_text(&mut app, "develops}, and attacks e5");
    assert_eq!(error(&app), "A comment cannot hold } (PGN has no way to write it).");
    press_all(&mut app, &[Key::Tab, Key::Tab]);
    assert_eq!(app.draft().map(|d| d.nag), Some(Some(Nag::MISTAKE)));
    press(&mut app, Key::Tab);
    assert_eq!(press(&mut app, Key::Enter), [Effect::Save]);
    assert_eq!(app.mode(), Mode::Play);
    assert!(saved(&app).contains("2. Nf3 $3 {develops, and attacks e5} *"), "{}", saved(&app));

    // On a move shown while browsing; Esc leaves it as it was.
    press_all(&mut app, &[Key::PageUp, Key::PageUp, Key::Ctrl('k')]);
    assert_eq!(app.draft().map(|d| d.index), Some(0), "1. e4, the move on the board");
    type_text(&mut app, "best by test");
    press(&mut app, Key::Esc);
    assert_eq!(app.focus(), &Focus::Browsing(1), "back to browsing");
    assert!(app.timeline().annotations(0).is_some_and(Annotations::is_empty));
    press(&mut app, Key::Ctrl('k'));
    type_text(&mut app, "best by test");
    press(&mut app, Key::Enter);
    assert_eq!(app.focus(), &Focus::Browsing(1));
    assert!(saved(&app).contains("1. e4 {best by test} 1... e5"), "{}", saved(&app));

    // An empty comment and no sign remove them.
    press(&mut app, Key::End);
    press(&mut app, Key::Ctrl('k'));
    assert_eq!(app.draft().map(|d| d.text.as_str()), Some("develops, and attacks e5"));
    press_all(&mut app, &[Key::Tab; 4]);
    for _ in 0..30 {
        press(&mut app, Key::Backspace);
    }
    press(&mut app, Key::Enter);
    assert!(saved(&app).contains("1... e5 2. Nf3 *"), "{}", saved(&app));

    // Nothing to comment on at the start.
    let mut fresh = App::new(Game::new());
    press(&mut fresh, Key::Ctrl('k'));
    assert_eq!(error(&fresh), "There is no move to comment on yet.");
}

#[test]
fn a_comment_keeps_the_commands_programs_wrote_in_it() {
    let record = read_game(&annotated("lichess-export.pgn")).expect("reads");
    let mut app = App::new(record.game).with_annotations(record.annotations, record.trailing);
    press_all(&mut app, &[Key::PageUp, Key::PageUp, Key::PageUp, Key::PageUp, Key::Ctrl('k')]);
    assert_eq!(app.draft().map(|d| d.index), Some(2), "2. Qh5");
    assert_eq!(app.shown_ply(), 3, "the move commented on stays on the board");
    assert_eq!(app.draft().map(|d| d.text.as_str()), Some("(0.20 → -0.40) Inaccuracy. Nf3 was best."));
    for _ in 0..60 {
        press(&mut app, Key::Backspace);
    }
    type_text(&mut app, "too early");
    press(&mut app, Key::Enter);
    let notes = app.timeline().annotations(2).expect("Qh5");
    assert_eq!(notes.comments, ["[%eval -0.4] [%clk 0:02:59]", "too early"]);
    assert_eq!(notes.variations.len(), 1, "the variation stays");
}

#[test]
fn f4_shows_a_variation_on_the_board_and_esc_goes_back_to_the_game() {
    let record = read_game(&annotated("commented.pgn")).expect("reads");
    let mut app = App::new(record.game.clone()).with_annotations(record.annotations, record.trailing);
    // To 3. Bc4, which has two variations.
    press(&mut app, Key::Home);
    press_all(&mut app, &[Key::PageDown; 5]);
    assert_eq!(app.shown_move(), Some(4));
    press(&mut app, Key::F(4));
    let bb5 = record.game.position_at(4).expect("a position").parse_san("Bb5").expect("legal");
    assert_eq!(app.shown_last_move(), Some(bb5));
    assert_eq!(app.variation().map(|v| (v.line, v.step)), Some((0, 1)));
    press_all(&mut app, &[Key::PageDown, Key::PageDown, Key::PageDown]);
    assert_eq!(app.variation().map(|v| v.step), Some(3), "to its end, no further");
    assert_eq!(
        app.shown_position().fen().split(' ').next(),
        Some("r1bqkbnr/1ppp1ppp/p1n5/4p3/B3P3/5N2/PPPP1PPP/RNBQK2R")
    );
    press(&mut app, Key::F(4));
    assert_eq!(app.variation().map(|v| (v.line, v.step)), Some((1, 1)), "the next variation: 3. d4");
    assert!(app.game().ply() > 5, "the game is unchanged");
    press(&mut app, Key::Esc);
    assert_eq!(app.focus(), &Focus::Browsing(5));
    // A move without variations says so.
    press(&mut app, Key::PageDown);
    press(&mut app, Key::F(4));
    assert!(error(&app).ends_with("has no variation."), "{}", error(&app));
    // Typing leaves a variation for the live game.
    press_all(&mut app, &[Key::PageUp, Key::F(4)]);
    assert!(app.variation().is_some());
    type_text(&mut app, "e");
    assert_eq!(app.variation(), None);
    assert_eq!(app.shown_ply(), app.game().ply());
}

#[test]
fn a_question_open_or_a_clock_running_and_the_comment_editor_keep_apart() {
    let mut app = App::new(Game::new());
    play(&mut app, "e4");
    press(&mut app, Key::Ctrl('o'));
    assert!(matches!(app.question(), Some(Question::DrawOffer { .. })));
    press(&mut app, Key::Ctrl('k'));
    assert_ne!(app.mode(), Mode::Comment, "a question is answered first");
    press(&mut app, Key::Esc);
    press(&mut app, Key::Ctrl('k'));
    assert_eq!(app.mode(), Mode::Comment);
    // Letters are text here, never a move or an answer.
    type_text(&mut app, "Y e5");
    assert_eq!(app.game().ply(), 1);
    press(&mut app, Key::Enter);
    assert_eq!(app.timeline().annotations(0).map(Annotations::remark).as_deref(), Some("Y e5"));
    // The comment survives a take-back and a redo; another move keeps the old as a variation.
    play(&mut app, "e5");
    press(&mut app, Key::Ctrl('z'));
    press(&mut app, Key::Ctrl('z'));
    press(&mut app, Key::Ctrl('y'));
    assert_eq!(app.timeline().annotations(0).map(Annotations::remark).as_deref(), Some("Y e5"));
    play(&mut app, "c5");
    assert!(saved(&app).contains("1. e4 {Y e5} 1... c5 (1... e5) *"), "{}", saved(&app));
}

#[test]
fn an_engine_can_annotate_a_move_through_the_app() {
    let mut app = App::new(Game::new());
    play(&mut app, "e4 e5 Qh5");
    let nf3 = app.game().position_at(2).expect("a position").parse_san("Nf3").expect("legal");
    let effects = app.annotate(2, |notes| {
        notes.comments.push("[%eval -0.4]".to_owned());
        notes.set_assessment(Some(Nag::DUBIOUS_MOVE));
        notes.variations.push(Line::of([hotseat::annotations::Node::new(nf3)]));
    });
    assert_eq!(effects, [Effect::Save]);
    assert!(saved(&app).contains("2. Qh5 $6 {[%eval -0.4]} (2. Nf3) *"), "{}", saved(&app));
    assert!(app.annotate(9, |_| {}).is_empty(), "no such move");
    // A line with an illegal move is cut there, never a panic when it is drawn or saved.
    let twice = [hotseat::annotations::Node::new(nf3), hotseat::annotations::Node::new(nf3)];
    app.annotate(2, |notes| notes.variations.push(Line::of(twice)));
    assert_eq!(app.timeline().annotations(2).expect("Qh5").variations[1].moves.len(), 1);
    let _ = draw(&app, 100, 32);
    assert!(saved(&app).contains("(2. Nf3) (2. Nf3) *"), "{}", saved(&app));
}

#[test]
fn a_move_typed_with_a_sign_and_a_comment_are_saved_by_the_real_binary() {
    let dir = TempDir::new("annotations-keys");
    let d = dir.path();
    let mut s = Pty::start(&["--save", "g.pgn"], Some(d), &[("HOTSEAT_DATA_DIR", &d.join("data"))]);
    s.wait_for("White to move");
    s.play("e4", "Black to move");
    s.play("Nf6!?", "White to move");
    s.send("\x0b");
    s.wait_for("comment:");
    s.send("Alekhine's defence\r");
    s.wait_for("the comment and the sign !? kept");
    s.quit();
    let text = std::fs::read_to_string(d.join("g.pgn")).expect("saved");
    assert!(text.contains("1. e4 Nf6 $5 {Alekhine's defence} *"), "{text}");
}

// ----- on screen -----

use common::svg::svg;
use hotseat::ui::{ColorSupport, Look, PieceSet, theme};
use ratatui::buffer::Buffer;

fn draw(app: &App, width: u16, height: u16) -> Buffer {
    let look = Look {
        theme: theme::WOOD,
        colors: ColorSupport::TrueColor,
        pieces: PieceSet::Glyphs,
        ..Look::default()
    };
    common::screen::draw(app, &look, width, height)
}

/// The lichess game browsed back to 2. Qh5?!, its comment, evaluation and variation
/// under the move list.
fn annotated_app() -> App {
    let record = read_game(&annotated("lichess-export.pgn")).expect("reads");
    let mut app = App::new(record.game).with_annotations(record.annotations, record.trailing);
    press_all(&mut app, &[Key::PageUp; 4]);
    app
}

#[test]
fn the_comment_sign_evaluation_and_variations_of_the_move_on_the_board_are_shown() {
    let app = annotated_app();
    for (width, height) in [(120, 40), (100, 32), (80, 24)] {
        let text = common::screen::text(&draw(&app, width, height));
        assert!(text.contains("2. Qh5?! (0.20 → -0.40)"), "{width}x{height}:\n{text}");
        assert!(text.contains("(2. Nf3 Nc6 3. Bb5)"), "{width}x{height}:\n{text}");
        assert!(text.contains("2. Qh5?!"), "the sign in the move list, {width}x{height}:\n{text}");
    }
    let text = common::screen::text(&draw(&app, 120, 40));
    assert!(text.contains("(eval -0.4)"), "{text}");
    // A tiny screen draws what fits, and nothing breaks.
    let _ = draw(&app, 20, 10);
    let _ = draw(&app, 300, 100);
}

#[test]
fn the_readme_picture_of_an_annotated_game_is_current() {
    common::svg::assert_picture_current(
        "annotations.svg",
        &svg(&draw(&annotated_app(), 120, 40)),
        "annotations",
    );
}

#[test]
fn a_large_analysis_reads_and_writes_in_time_in_proportion_to_its_size() {
    let timed = |count: usize| {
        let text = format!("1. e4 {} e5 *", "(1. d4 {a line} d5 $1 2. c4 (2. Nf3 Nf6)) ".repeat(count));
        // Processor time, so that other work on the machine does not skew the ratio.
        let start = thread_cpu_time();
        let record = read_game(&text).expect("reads");
        let written = record.to_pgn();
        assert_eq!(read_game(&written).expect("reads back").annotations, record.annotations);
        thread_cpu_time().saturating_sub(start)
    };
    let (small, large) = (timed(2_000), timed(16_000));
    // Eight times the text takes about eight times as long, far from sixty-four.
    assert!(
        large < small * 24 + Duration::from_millis(200),
        "{small:?} for 2,000 lines, {large:?} for 16,000"
    );
    eprintln!("{small:?} for 2,000 variations, {large:?} for 16,000");
}

// ----- variations inside variations -----

/// commented.pgn at 3. Bc4, whose first variation `(3. Bb5 a6 (3... Nf6 4. O-O) 4. Ba4)`
/// holds another.
fn at_bc4() -> (App, Game) {
    let record = read_game(&annotated("commented.pgn")).expect("reads");
    let mut app = App::new(record.game.clone()).with_annotations(record.annotations, record.trailing);
    press(&mut app, Key::Home);
    press_all(&mut app, &[Key::PageDown; 5]);
    assert_eq!(app.shown_move(), Some(4));
    (app, record.game)
}

fn said(app: &App) -> String {
    app.message().map(|m| m.text.clone()).unwrap_or_default()
}

fn board(app: &App) -> String {
    app.shown_position().fen().split(' ').next().unwrap_or_default().to_owned()
}

#[test]
fn f4_on_a_variations_move_shows_the_variation_inside_it() {
    let (mut app, game) = at_bc4();
    press_all(&mut app, &[Key::F(4), Key::PageDown]);
    assert_eq!(app.variation().map(|v| (v.line, v.step)), Some((0, 2)), "3. Bb5 a6");
    press(&mut app, Key::F(4));
    assert_eq!(app.variation().map(|v| (v.path.clone(), v.step)), Some((vec![(1, 0)], 1)), "{}", said(&app));
    let mut berlin = game.position_at(4).expect("a position").clone();
    for san in ["Bb5", "Nf6"] {
        let m = berlin.parse_san(san).expect("legal");
        berlin.play(m);
    }
    assert_eq!(board(&app), berlin.fen().split(' ').next().unwrap_or_default());
    assert_eq!(
        app.variation_line().map(|l| l.moves.len()),
        Some(2),
        "the line on the board is the inner one"
    );
    assert!(said(&app).contains("inside a variation"), "{}", said(&app));
    assert!(said(&app).starts_with("Variation 1 of 1"), "{}", said(&app));
    press(&mut app, Key::PageDown);
    assert_eq!(app.variation().map(|v| v.step), Some(2), "4. O-O");
    assert_eq!(board(&app), "r1bqkb1r/pppp1ppp/2n2n2/1B2p3/4P3/5N2/PPPP1PPP/RNBQ1RK1");
    // F4 again, on a move without variations: the next at that level, the same one.
    press(&mut app, Key::F(4));
    assert_eq!(app.variation().map(|v| (v.path.clone(), v.step)), Some((vec![(1, 0)], 1)));
    assert!(app.game().ply() > 5, "the game is unchanged");
}

#[test]
fn esc_goes_back_up_one_level_then_out_to_the_game() {
    let (mut app, _) = at_bc4();
    press_all(&mut app, &[Key::F(4), Key::PageDown, Key::F(4), Key::PageDown]);
    assert_eq!(app.variation().map(|v| v.path.len()), Some(1));
    press(&mut app, Key::Esc);
    assert_eq!(
        app.variation().map(|v| (v.line, v.path.clone(), v.step)),
        Some((0, vec![], 2)),
        "back on 3... a6, the move the inner line stands in for"
    );
    assert_eq!(board(&app), "r1bqkbnr/1ppp1ppp/p1n5/1B2p3/4P3/5N2/PPPP1PPP/RNBQK2R");
    assert!(!said(&app).contains("inside"), "{}", said(&app));
    press(&mut app, Key::Esc);
    assert_eq!(app.focus(), &Focus::Browsing(5));
}

#[test]
fn pgup_at_an_inner_lines_first_move_goes_back_before_the_move_it_replaces() {
    let (mut app, _) = at_bc4();
    press_all(&mut app, &[Key::F(4), Key::PageDown, Key::F(4)]);
    assert_eq!(app.variation().map(|v| v.path.len()), Some(1));
    press(&mut app, Key::PageUp);
    assert_eq!(app.variation().map(|v| (v.path.clone(), v.step)), Some((vec![], 1)), "after 3. Bb5");
    assert_eq!(board(&app), "r1bqkbnr/pppp1ppp/2n5/1B2p3/4P3/5N2/PPPP1PPP/RNBQK2R");
    press(&mut app, Key::PageUp);
    assert_eq!(app.focus(), &Focus::Browsing(4), "before 3. Bc4, where the variation starts");
}

#[test]
fn the_move_list_and_the_notes_write_an_inner_variation_in_brackets() {
    let (mut app, _) = at_bc4();
    let text = common::screen::text(&draw(&app, 120, 40));
    assert!(text.contains("(3. Bb5 a6 (3… Nf6!? 4. O-O) 4.…"), "cut to the width:\n{text}");
    // Under the list, the line on the board whole, the one inside it in brackets.
    press(&mut app, Key::F(4));
    let text = common::screen::text(&draw(&app, 120, 40));
    assert!(text.contains("Variation 1 of 2: 3. Bb5 a6 (3… Nf6!?"), "{text}");
    assert!(text.contains("4. O-O) 4. Ba4"), "{text}");
    press_all(&mut app, &[Key::PageDown, Key::F(4)]);
    let text = common::screen::text(&draw(&app, 120, 40));
    assert!(text.contains("Variation 1 of 1 inside a variation:"), "{text}");
    assert!(text.contains("3… Nf6!? 4. O-O"), "{text}");
    for (width, height) in [(80, 24), (20, 10), (12, 6), (1, 1), (300, 100)] {
        let _ = draw(&app, width, height);
    }
    let text = common::screen::text(&draw(&app, 80, 24));
    assert!(text.contains("(3. Bb5 a6 (3…"), "cut to the width:\n{text}");
}

#[test]
fn a_dozen_levels_deep_f4_goes_down_esc_up_one_and_pgup_out_through_first_moves() {
    let record = read_game(&annotated("deep-variations.pgn")).expect("reads");
    let mut app = App::new(record.game).with_annotations(record.annotations, record.trailing);
    press(&mut app, Key::Home);
    press(&mut app, Key::PageDown);
    assert_eq!(app.shown_move(), Some(0), "1. e4");
    // Down through 1. d4, 1. c4 … to 1. c3, each the first move of the line above's first move.
    press_all(&mut app, &[Key::F(4); 11]);
    assert_eq!(app.variation().map(|v| (v.path.len(), v.step)), Some((10, 1)), "{}", said(&app));
    let c3 = Position::default().parse_san("c3").expect("legal");
    assert_eq!(app.shown_last_move(), Some(c3));
    assert!(said(&app).contains("11 variations deep"), "{}", said(&app));
    // Its reply has variations of its own: one more level.
    press_all(&mut app, &[Key::PageDown, Key::F(4)]);
    assert_eq!(app.variation().map(|v| (v.path.len(), v.step)), Some((11, 1)), "1... d5");
    let text = common::screen::text(&draw(&app, 80, 24));
    assert!(text.contains("12 variations deep"), "{text}");
    press(&mut app, Key::Esc);
    assert_eq!(app.variation().map(|v| (v.path.len(), v.step)), Some((10, 2)), "back on 1... e5");
    press(&mut app, Key::Esc);
    let d3 = Position::default().parse_san("d3").expect("legal");
    assert_eq!(app.shown_last_move(), Some(d3), "back on 1. d3, one level up");
    // PgUp at 1. d3, a first move replacing first moves: out to the start of the game.
    press(&mut app, Key::PageUp);
    assert_eq!(app.focus(), &Focus::Browsing(0));
    let _ = draw(&app, 20, 10);
}
