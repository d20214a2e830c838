//! The engine's review inside the game, at the app's level: a review filled by hand
//! through the same actions the loop sends (`Action::Engine`), the keys that start,
//! stop and browse it, what the screen shows of it, and how it meets the rest of the
//! game (typing, questions, take-backs, a new game, an engine that fails).
//!
//! A changed screen is written beside the kept one (see [`crate::snapshot`]).

use crate::common;
use crate::snapshot::assert_screen;

use common::screen::{draw, text};

use common::driver::{error, play, press, press_all, send, type_text};
use crossterm::event::{Event, KeyCode, KeyEvent, KeyModifiers};
use hotseat::app::{Action, App, Effect, EngineReport, MessageKind, Point, Pointer, ReviewState};
use hotseat::chess::{Game, Move, Square};
use hotseat::input::Key;
use hotseat::records::{self, Destination};
use hotseat::review::{EngineError, Eval, Mark};
use hotseat::session::Recorder;
use hotseat::ui::{self, ColorSupport, Look};
use hotseat::{plain, tui};
use ratatui::Terminal;
use ratatui::backend::TestBackend;
use ratatui::buffer::Buffer;
use ratatui::layout::Rect;

/// Eight plies in which White's seventh (Nxe5, ply 6) throws the game away.
const MOVES: &str = "e4 e5 Nf3 Nc6 Bc4 Nd4 Nxe5 Qg5";
/// White's point of view, for the positions after 0 to 8 plies.
const EVALS: [i32; 9] = [30, 30, 30, 35, 30, 35, 80, -600, -590];

/// The engine's better move in the position before the blunder: Nxd4.
fn nxd4() -> Move {
    Move::normal(Square::F3, Square::D4)
}

fn played() -> App {
    let mut app = App::new(Game::new());
    play(&mut app, MOVES);
    app
}

/// What the loop sends while the engine works: every position, then the end.
fn report_all(app: &mut App) {
    for (index, cp) in EVALS.into_iter().enumerate() {
        let best = (index == 6).then(nxd4);
        send(app, Action::Engine(EngineReport::Analysed { index, eval: Eval::Cp(cp), best }));
    }
    send(app, Action::Engine(EngineReport::Done));
}

/// The review key, and yes when the game is still being played and the players are
/// asked first.
fn review_key(app: &mut App) -> Vec<Effect> {
    let mut effects = press(app, Key::Ctrl('e'));
    if app.question() == Some(hotseat::app::Question::Review) {
        effects.extend(press(app, Key::Char('y')));
    }
    effects
}

fn reviewed() -> App {
    let mut app = played();
    assert_eq!(review_key(&mut app), [Effect::Analyse]);
    report_all(&mut app);
    app
}

fn screen(app: &App) -> String {
    text(&draw(app, &Look::default(), 80, 24))
}

#[test]
fn the_review_marks_the_blunder_in_the_move_list_and_gives_each_sides_accuracy() {
    let app = reviewed();
    let review = app.reviewing().expect("a review");
    assert_eq!(review.state(), &ReviewState::Done);
    assert_eq!(review.mark(6), Some(Mark::Blunder));
    let screen = screen(&app);
    assert!(screen.contains("Nxe5??"), "{screen}");
    assert!(screen.contains("Reviewed: ^W writes it in the PGN"), "{screen}");
    let white = review.accuracy(hotseat::chess::Color::White).expect("White's accuracy");
    assert!(screen.contains(&format!("White {white:.0}%")), "{screen}");
    assert!(screen.contains("?? 1"), "White's blunder is counted: {screen}");
    let message = app.message().expect("a summary").text.clone();
    assert!(message.starts_with("Review done. Accuracy: White"), "{message}");
    assert!(message.contains("1 blunder"), "{message}");
}

#[test]
fn the_review_summary_names_the_players() {
    let mut app = played().with_players("Anna", "Ben");
    assert_eq!(review_key(&mut app), [Effect::Analyse]);
    report_all(&mut app);
    let message = app.message().expect("a summary").text.clone();
    assert!(message.starts_with("Review done. Accuracy: Anna (White) "), "{message}");
    assert!(message.contains(", Ben (Black) "), "{message}");
}

#[test]
fn the_mark_keys_browse_to_the_marked_move_and_show_the_better_move_in_san() {
    let mut app = reviewed();
    press(&mut app, Key::Home);
    press(&mut app, Key::F(6));
    assert_eq!(app.shown_ply(), 7, "the position after the blunder");
    let screen = screen(&app);
    assert!(screen.contains("-6.00  4. Nxe5?? best Nxd4"), "{screen}");
    press(&mut app, Key::F(6));
    assert_eq!(app.shown_ply(), 7);
    assert_eq!(app.message().expect("a message").text, "No marked move after this one.");
    press(&mut app, Key::F(5));
    assert_eq!(app.message().expect("a message").text, "No marked move before this one.");
    press(&mut app, Key::End);
    press(&mut app, Key::F(5));
    assert_eq!(app.shown_ply(), 7, "back from the live position");
}

#[test]
fn the_better_move_is_drawn_on_the_board_in_a_colour_of_its_own() {
    let mut app = reviewed();
    press_all(&mut app, &[Key::Home, Key::F(6)]);
    // Without colours the squares carry braces; with them, a background of their own.
    let mono = Look { colors: ColorSupport::None, ..Look::default() };
    let area = Rect::new(0, 0, 80, 24);
    let board = ui::layout(area, false).expect("fits").board;
    let buf = draw(&app, &mono, 80, 24);
    for sq in [Square::F3, Square::D4] {
        let r = board.square_rect(sq);
        let (cx, cy) = (r.x + r.width / 2, r.y + r.height / 2);
        assert_eq!((buf[(cx - 1, cy)].symbol(), buf[(cx + 1, cy)].symbol()), ("{", "}"), "{sq}");
    }
    let buf = draw(&app, &Look::default(), 80, 24);
    let bg = |sq: Square| buf[(board.square_rect(sq).x, board.square_rect(sq).y)].bg;
    assert_eq!(bg(Square::F3), bg(Square::D4));
    assert_ne!(bg(Square::F3), bg(Square::E5), "the move played looks different");
    press(&mut app, Key::PageUp);
    let buf = draw(&app, &mono, 80, 24);
    let r = board.square_rect(Square::D4);
    assert_ne!(buf[(r.x + r.width / 2 - 1, r.y + r.height / 2)].symbol(), "{", "only on the marked move");
}

#[test]
fn the_evaluation_bar_shows_whites_share_of_the_position_shown() {
    let mut app = reviewed();
    let area = Rect::new(0, 0, 80, 24);
    let gauge = ui::layout(area, false).expect("fits").gauge;
    assert_eq!(gauge.width, 1);
    let filled =
        |buf: &Buffer| (gauge.top()..gauge.bottom()).filter(|&y| buf[(gauge.x, y)].symbol() == "█").count();
    // -5.90: Black is winning, White's share is small.
    let live = filled(&draw(&app, &Look::default(), 80, 24));
    press(&mut app, Key::Home);
    let start = filled(&draw(&app, &Look::default(), 80, 24));
    assert!(live < 3, "{live}");
    assert!((7..=9).contains(&start), "about half of 16 rows: {start}");
    // Turned around, White's share is at the top: Black's fills the bar from below.
    press_all(&mut app, &[Key::End, Key::Ctrl('f')]);
    let flipped = filled(&draw(&app, &Look::default(), 80, 24));
    assert!(flipped > 13, "{flipped}");
}

#[test]
fn the_review_key_is_hinted_once_the_game_is_over_and_always_in_the_help() {
    let mut app = played();
    let hints = |app: &App| {
        let screen = text(&draw(app, &Look::default(), 120, 40));
        screen.lines().find(|line| line.contains("^Q quit")).unwrap_or_default().to_owned()
    };
    assert!(!hints(&app).contains("review"), "{}", hints(&app));
    press_all(&mut app, &[Key::Ctrl('r'), Key::Char('y')]);
    assert!(app.game().is_over());
    assert!(hints(&app).contains("^E review"), "{}", hints(&app));
    press(&mut app, Key::F(1));
    let help = text(&draw(&app, &Look::default(), 120, 60));
    assert!(help.contains("Ctrl-E"), "{help}");
    assert!(help.contains("F5 / F6"), "{help}");
}

#[test]
fn the_graph_spans_the_game_and_a_click_on_it_browses_there() {
    let app = reviewed();
    let area = Rect::new(0, 0, 80, 24);
    let panel = ui::layout(area, false).expect("fits").panel;
    // The graph is the last rows of the panel above the bottom player's line.
    let buf = draw(&app, &Look::default(), 80, 24);
    let row = panel.bottom() - 3;
    let first = panel.x + 1;
    assert_eq!(ui::hit_test(area, &app, first, row), Some(Pointer::Ply(0)));
    assert_eq!(ui::hit_test(area, &app, panel.right() - 2, row), Some(Pointer::Ply(8)));
    assert_ne!(buf[(first, row)].symbol(), " ", "the start is drawn");
    let mut app = app;
    send(&mut app, Action::Point(Point::Down(Pointer::Ply(0))));
    assert_eq!(app.shown_ply(), 0, "a click on the graph browses");
}

#[test]
fn starting_and_stopping_are_effects_and_reports_after_a_stop_are_dropped() {
    let mut app = App::new(Game::new());
    assert!(review_key(&mut app).is_empty());
    assert!(error(&app).contains("no move has been played"));
    let mut app = played();
    assert_eq!(review_key(&mut app), [Effect::Analyse]);
    send(&mut app, Action::Engine(EngineReport::Analysed { index: 0, eval: Eval::Cp(20), best: None }));
    send(&mut app, Action::Engine(EngineReport::Progress { eta: Some(std::time::Duration::from_secs(40)) }));
    let shown = screen(&app);
    assert!(shown.contains("1/9 ~40 s"), "{shown}");
    assert_eq!(review_key(&mut app), [Effect::StopAnalysis]);
    assert_eq!(app.message().expect("a message").text, "Review stopped: 1 of 9 positions analysed.");
    send(&mut app, Action::Engine(EngineReport::Analysed { index: 1, eval: Eval::Cp(20), best: None }));
    assert_eq!(app.reviewing().expect("kept").progress(), (1, 9));
    let shown = screen(&app);
    assert!(shown.contains("Review stopped at 1/9"), "{shown}");
    // Asked again, it starts afresh, with what it had found shown meanwhile.
    assert_eq!(review_key(&mut app), [Effect::Analyse]);
    assert_eq!(app.reviewing().expect("a new one").progress(), (1, 9));
    assert!(app.reviewing().expect("a new one").is_running());
}

fn super_screen_contains(app: &App, what: &str) -> bool {
    screen(app).contains(what)
}

#[test]
fn an_up_to_date_review_is_not_started_again() {
    let mut app = reviewed();
    assert!(review_key(&mut app).is_empty());
    assert_eq!(app.message().expect("a message").text, "The engine has reviewed this game already.");
}

#[test]
fn reports_leave_the_typed_move_and_an_open_question_alone() {
    let mut app = played();
    review_key(&mut app);
    type_text(&mut app, "Nf");
    send(&mut app, Action::Engine(EngineReport::Analysed { index: 0, eval: Eval::Cp(20), best: None }));
    assert_eq!(app.input(), "Nf");
    press(&mut app, Key::Esc);
    press(&mut app, Key::Ctrl('o'));
    let question = app.question().expect("a draw offer");
    report_all(&mut app);
    assert_eq!(app.question(), Some(question), "the question stays open");
    assert_eq!(app.reviewing().expect("a review").state(), &ReviewState::Done);
}

#[test]
fn a_new_game_stops_the_review_and_drops_it() {
    let mut app = played();
    review_key(&mut app);
    let effects = press_all(&mut app, &[Key::Ctrl('n'), Key::Char('y')]);
    assert!(effects.contains(&Effect::StopAnalysis), "{effects:?}");
    assert!(effects.contains(&Effect::NewGame), "{effects:?}");
    assert!(app.reviewing().is_none());
    report_all(&mut app);
    assert!(app.reviewing().is_none(), "the old engine's last words change nothing");
}

#[test]
fn a_take_back_keeps_the_review_for_the_moves_that_stand_and_says_it_is_out_of_date() {
    let mut app = reviewed();
    press(&mut app, Key::Ctrl('z'));
    let review = app.reviewing().expect("kept");
    assert!(!review.is_current());
    assert_eq!(review.mark(6), Some(Mark::Blunder), "Nxe5 still stands");
    assert_eq!(review.eval(8), None, "the position taken back");
    assert_eq!(review.accuracy(hotseat::chess::Color::White), None, "not for a game that changed");
    assert!(super_screen_contains(&app, "Out of date: the moves changed"));
    press(&mut app, Key::Ctrl('z'));
    play(&mut app, "Nxd4");
    let review = app.reviewing().expect("kept");
    assert_eq!(review.mark(6), None, "the blunder was taken back");
    assert!(!screen(&app).contains("??"));
    // Played again, the review holds again.
    press_all(&mut app, &[Key::Ctrl('z')]);
    play(&mut app, "Nxe5 Qg5");
    assert!(app.reviewing().expect("kept").is_current());
    assert!(review_key(&mut app).is_empty(), "and needs no new review");
}

#[test]
fn an_engine_that_fails_says_why_and_the_game_goes_on() {
    let mut app = played();
    review_key(&mut app);
    send(&mut app, Action::Engine(EngineReport::Analysed { index: 0, eval: Eval::Cp(20), best: None }));
    send(&mut app, Action::Engine(EngineReport::Failed(EngineError::Timeout("bestmove"))));
    let message = app.message().expect("a message");
    assert_eq!(message.kind, MessageKind::Error);
    assert_eq!(
        message.text,
        "No review, the game goes on: The engine did not answer in time (waiting for bestmove)."
    );
    assert_eq!(
        app.reviewing().expect("kept").state(),
        &ReviewState::Failed(EngineError::Timeout("bestmove"))
    );
    assert!(super_screen_contains(&app, "(waiting for bestmove)."));
    play(&mut app, "Bxf7+");
    assert!(super_screen_contains(&app, "Out of date"));
}

#[test]
fn a_review_draws_at_any_size_and_either_way_up() {
    let mut app = reviewed();
    let mut running = played();
    review_key(&mut running);
    send(&mut running, Action::Engine(EngineReport::Analysed { index: 3, eval: Eval::Mate(-2), best: None }));
    let mut failed = running.clone();
    let nowhere = vec![std::path::PathBuf::from("/no/chess/engine/found"); 20];
    send(&mut failed, Action::Engine(EngineReport::Failed(EngineError::NotFound { tried: nowhere })));
    for app in [&mut app, &mut running, &mut failed] {
        for keys in [&[][..], &[Key::Home, Key::F(6)][..], &[Key::Ctrl('f')][..], &[Key::F(1)][..]] {
            let mut app = app.clone();
            press_all(&mut app, keys);
            for (w, h) in
                [(1, 1), (10, 5), (51, 13), (52, 14), (26, 19), (44, 40), (60, 45), (80, 24), (500, 200)]
            {
                draw(&app, &Look::default(), w, h);
                draw(&app, &Look { colors: ColorSupport::None, ..Look::default() }, w, h);
            }
        }
    }
}

#[test]
fn the_review_screen_at_80x24() {
    let mut app = reviewed();
    press_all(&mut app, &[Key::Home, Key::F(6)]);
    assert_screen("review_marked_move_80x24", screen(&app));
    let mut running = played();
    review_key(&mut running);
    for index in 0..4 {
        send(&mut running, Action::Engine(EngineReport::Analysed { index, eval: Eval::Cp(30), best: None }));
    }
    send(
        &mut running,
        Action::Engine(EngineReport::Progress { eta: Some(std::time::Duration::from_secs(12)) }),
    );
    assert_screen("review_running_80x24", screen(&running));
}

/// A host whose "engine" answers at once from a script: what the loop and the plain
/// face do with a busy host, without a process.
#[derive(Default)]
struct ScriptedHost {
    asked: Vec<Effect>,
    pending: Vec<EngineReport>,
    script: Vec<EngineReport>,
}

impl ScriptedHost {
    fn answering(script: Vec<EngineReport>) -> ScriptedHost {
        ScriptedHost { script, ..ScriptedHost::default() }
    }
}

impl hotseat::session::Effects for ScriptedHost {
    fn carry_out(&mut self, _app: &App, effect: Effect) -> Option<hotseat::app::Message> {
        self.asked.push(effect);
        match effect {
            Effect::Analyse => self.pending = std::mem::take(&mut self.script),
            Effect::StopAnalysis => self.pending.clear(),
            _ => {}
        }
        None
    }

    fn pgn(&self, _app: &App) -> Option<String> {
        None
    }

    fn busy(&self) -> bool {
        !self.pending.is_empty()
    }

    fn poll(&mut self) -> Vec<Action> {
        std::mem::take(&mut self.pending).into_iter().map(Action::Engine).collect()
    }
}

fn whole_script() -> Vec<EngineReport> {
    let mut script: Vec<EngineReport> = EVALS
        .into_iter()
        .enumerate()
        .map(|(index, cp)| EngineReport::Analysed {
            index,
            eval: Eval::Cp(cp),
            best: (index == 6).then(nxd4),
        })
        .collect();
    script.push(EngineReport::Done);
    script
}

fn key_event(code: KeyCode, modifiers: KeyModifiers) -> Event {
    Event::Key(KeyEvent::new(code, modifiers))
}

#[test]
fn the_loop_hands_the_engines_findings_to_the_app_and_draws_them() {
    let mut app = played();
    let mut host = ScriptedHost::answering(whole_script());
    let events = vec![
        key_event(KeyCode::Char('e'), KeyModifiers::CONTROL),
        // The game is still being played: both players agree first.
        key_event(KeyCode::Char('y'), KeyModifiers::NONE),
        key_event(KeyCode::Home, KeyModifiers::NONE),
    ];
    let mut terminal = Terminal::new(TestBackend::new(100, 32)).expect("test terminal");
    tui::run(&mut terminal, &mut events.into_iter(), &mut app, &Look::default(), &mut host)
        .expect("the loop runs");
    assert_eq!(host.asked, [Effect::Analyse]);
    assert_eq!(app.reviewing().expect("a review").state(), &ReviewState::Done);
    let screen = text(terminal.backend().buffer());
    assert!(screen.contains("Nxe5??"), "{screen}");
    assert!(screen.contains("Reviewed: ^W writes it in the PGN"), "{screen}");
}

#[test]
fn the_plain_face_takes_the_review_word_and_tells_the_summary() {
    let mut app = played();
    let mut host = ScriptedHost::answering(whole_script());
    let mut out = Vec::new();
    let mut lines = plain::Reader(&b"review\r\nyes\r\n\r\n"[..]);
    plain::run(&mut app, &mut lines, &mut out, &mut host, plain::Announce::San).expect("the loop runs");
    let out = String::from_utf8(out).expect("text");
    assert_eq!(host.asked, [Effect::Analyse]);
    assert!(out.contains("Review done. Accuracy: White"), "{out}");
    assert!(out.contains("1 blunder"), "{out}");
}

#[test]
fn browsing_during_a_review_asks_the_engine_for_the_position_shown_next() {
    let mut app = played();
    review_key(&mut app);
    send(&mut app, Action::Engine(EngineReport::Analysed { index: 8, eval: Eval::Cp(20), best: None }));
    assert_eq!(press(&mut app, Key::PageUp), [Effect::AnalyseNext(7)]);
    send(&mut app, Action::Engine(EngineReport::Analysed { index: 6, eval: Eval::Cp(20), best: None }));
    press(&mut app, Key::PageUp);
    assert_eq!(press(&mut app, Key::PageUp), [Effect::AnalyseNext(5)], "6 is done already");
    review_key(&mut app);
    assert!(press(&mut app, Key::PageUp).is_empty(), "no engine at work");
}

fn recorder_pgn(app: &App) -> String {
    Recorder::new(
        Destination::File("unused.pgn".into()),
        records::fresh_tags(std::time::SystemTime::UNIX_EPOCH),
    )
    .record(app)
    .to_pgn()
}

fn pgn_of(app: &App) -> String {
    let recorder = Recorder::new(
        Destination::File("unused.pgn".into()),
        records::fresh_tags(std::time::SystemTime::UNIX_EPOCH),
    );
    // One line, so a wrap does not matter.
    recorder.record(app).to_pgn().replace('\n', " ")
}

#[test]
fn the_review_is_written_into_the_record_only_when_asked_and_only_once() {
    let mut app = reviewed();
    assert!(!pgn_of(&app).contains("%eval"), "never silently");
    assert_eq!(press(&mut app, Key::Ctrl('w')), [Effect::Save]);
    let message = app.message().expect("a message").text.clone();
    assert_eq!(message, "Review written into the game record: 8 evaluations, 1 marks, 1 better moves.");
    let pgn = pgn_of(&app);
    assert!(pgn.contains("1. e4 {[%eval 0.30]} 1... e5 {[%eval 0.30]}"), "{pgn}");
    assert!(pgn.contains("4. Nxe5 $4 {[%eval -6.00]} (4. Nxd4) 4... Qg5 {[%eval -5.90]}"), "{pgn}");
    press(&mut app, Key::Ctrl('w'));
    assert_eq!(pgn_of(&app), pgn, "written again, nothing doubles");
    // It reads back as it was written.
    let back = records::pgn::read_game(&recorder_pgn(&app)).expect("the PGN reads back");
    assert_eq!(back.game.san_moves(), app.game().san_moves());
}

#[test]
fn a_players_own_annotation_is_kept_over_the_reviews_mark() {
    let mut app = App::new(Game::new());
    play(&mut app, "e4 e5 Nf3 Nc6 Bc4 Nd4 Nxe5!? Qg5");
    review_key(&mut app);
    report_all(&mut app);
    press(&mut app, Key::Ctrl('w'));
    assert!(app.message().expect("a message").text.contains("1 of your own annotations kept"));
    let pgn = pgn_of(&app);
    assert!(pgn.contains("4. Nxe5 $5 {[%eval -6.00]} (4. Nxd4)"), "{pgn}");
}

#[test]
fn writing_needs_a_review() {
    let mut app = played();
    assert!(press(&mut app, Key::Ctrl('w')).is_empty());
    assert!(error(&app).starts_with("No review yet"));
}

#[test]
fn a_review_that_ends_after_the_moves_changed_says_so_instead_of_a_summary() {
    let mut app = played();
    review_key(&mut app);
    press(&mut app, Key::Ctrl('z'));
    report_all(&mut app);
    let message = app.message().expect("a message").text.clone();
    assert!(message.starts_with("Review done, but the moves changed meanwhile"), "{message}");
    assert_eq!(app.reviewing().expect("kept").mark(6), Some(Mark::Blunder), "what still holds is shown");
    // Asked again after a take-back, every position is one it saw: no engine needed.
    assert!(review_key(&mut app).is_empty());
    let again = app.reviewing().expect("a new review");
    assert_eq!(again.review().len(), 8, "of the game as it is");
    assert!(again.is_whole());
    assert!(app.message().expect("a summary").text.starts_with("Review done. Accuracy:"));
    // After a different move, only the new position is missing; what held shows at once.
    play(&mut app, "Qe7");
    assert_eq!(review_key(&mut app), [Effect::Analyse]);
    let again = app.reviewing().expect("a new review");
    assert_eq!(again.eval(7), Some(Eval::Cp(-600)));
    assert_eq!(again.progress(), (8, 9));
}

/// The Blackburne Shilling gambit as Stockfish 15.1 saw it at depth 18 (the review
/// `hotseat` wrote into this game's PGN; the start's +0.20, which a PGN has no place
/// for, is a stand-in), for the README's picture.
fn shilling_gambit() -> App {
    let mut app = App::new(Game::new());
    play(&mut app, "e4 e5 Nf3 Nc6 Bc4 Nd4 Nxe5 Qg5 Nxf7 Qxg2 Rf1 Qxe4+ Be2 Nf3#");
    review_key(&mut app);
    let cp = [20, 25, 40, 43, 29, 11, 121, -74, -65, -487, -563, -651, -655];
    let mut evals: Vec<Eval> = cp.into_iter().map(Eval::Cp).collect();
    evals.extend([Eval::Mate(-1), Eval::Mate(0)]);
    let better = |index: usize| -> Option<Move> {
        let uci = match index {
            5 => "f8c5",
            6 => "f3d4",
            8 => "c4f7",
            12 => "d1e2",
            _ => return None,
        };
        app.game().position_at(index)?.parse_uci(uci).ok()
    };
    let reports: Vec<EngineReport> = evals
        .into_iter()
        .enumerate()
        .map(|(index, eval)| EngineReport::Analysed { index, eval, best: better(index) })
        .collect();
    for report in reports {
        send(&mut app, Action::Engine(report));
    }
    send(&mut app, Action::Engine(EngineReport::Done));
    press_all(&mut app, &[Key::Home, Key::F(6), Key::F(6)]);
    app
}

#[test]
fn the_readme_picture_of_a_reviewed_game_is_current() {
    let app = shilling_gambit();
    assert_eq!(app.shown_ply(), 7, "the first blunder, 4. Nxe5");
    common::svg::assert_picture_current(
        "review.svg",
        &common::svg::svg(&draw(&app, &Look::default(), 100, 32)),
        "review",
    );
}
