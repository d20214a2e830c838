//! Chess clocks in the game: started, charged, paused, taken back, flagged, saved and
//! restored, driven through the real key tables with made-up instants (nothing
//! sleeps), and the real loop with a scripted clock.

use std::io;
use std::time::{Duration, Instant};

use crossterm::event::{Event, KeyCode, KeyEvent, KeyModifiers};
use hotseat::app::{Action, App, Effect, Mode};
use hotseat::chess::{ByColor, Color, Game, Outcome, Position, Reason};
use hotseat::clock::{ClockStart, TimeControl};
use hotseat::input::Key;
use hotseat::records::pgn;
use hotseat::records::{self, Destination, fresh_tags};
use hotseat::session::Recorder;
use hotseat::session::{Input, Polled};
use hotseat::tui;
use hotseat::ui::{self, Look, View};
use ratatui::Terminal;
use ratatui::backend::TestBackend;

use crate::common;
use common::driver::{press, press_all, type_move, type_text};

fn secs(s: f64) -> Duration {
    Duration::from_secs_f64(s)
}

fn control(text: &str) -> TimeControl {
    text.parse().expect("valid time control")
}

/// A game from `fen` (the usual start when `None`) with `white` and `black` clocks,
/// and the time it starts at.
fn app_with(fen: Option<&str>, white: &str, black: &str) -> (App, Instant) {
    let pos = fen.map_or_else(Position::startpos, |f| Position::from_fen(f).expect("valid fen"));
    let t0 = Instant::now();
    let controls = ByColor { white: control(white), black: control(black) };
    let app = App::new(Game::from_position(pos)).with_clocks(controls, &[], t0);
    (app, t0)
}

/// Types `text` and presses Enter at `at`, as the loop does: a tick, then the keys.
fn move_at(app: &mut App, at: Instant, text: &str) {
    app.update(Action::Tick(at));
    type_move(app, text);
    assert!(
        app.game().san_moves().last().is_some_and(|s| s.starts_with(text)),
        "{text}: {:?}",
        app.message()
    );
}

fn left(app: &App, color: Color) -> Duration {
    app.clock_face(color).expect("clocks").left
}

/// The status line, drawn as the players see it.
fn screen(app: &App) -> String {
    let mut terminal = Terminal::new(TestBackend::new(100, 32)).expect("test terminal");
    terminal.draw(|frame| ui::render(frame, app, &View::default(), &Look::default())).expect("draws");
    let buf = terminal.backend().buffer();
    (0..buf.area.height)
        .map(|y| (0..buf.area.width).map(|x| buf[(x, y)].symbol()).collect::<String>())
        .collect::<Vec<_>>()
        .join("\n")
}

#[test]
fn the_clocks_start_with_blacks_first_move() {
    let (mut app, t0) = app_with(None, "1+0", "1+0");
    move_at(&mut app, t0 + secs(20.0), "e4");
    app.update(Action::Tick(t0 + secs(30.0)));
    assert_eq!((left(&app, Color::White), left(&app, Color::Black)), (secs(60.0), secs(60.0)));
    assert!(!app.clock_face(Color::Black).expect("clocks").running);
    move_at(&mut app, t0 + secs(45.0), "e5");
    app.update(Action::Tick(t0 + secs(48.5)));
    assert_eq!(left(&app, Color::White), secs(56.5), "White's clock runs from Black's first move");
    assert_eq!(left(&app, Color::Black), secs(60.0));
    assert!(app.clock_face(Color::White).expect("clocks").running);
    assert!(screen(&app).contains("0:56"), "{}", screen(&app));
}

#[test]
fn the_increment_is_added_after_each_timed_move() {
    let (mut app, t0) = app_with(None, "1+2", "1+2");
    move_at(&mut app, t0, "e4");
    move_at(&mut app, t0, "e5");
    move_at(&mut app, t0 + secs(5.0), "Nf3");
    app.update(Action::Tick(t0 + secs(6.0)));
    assert_eq!(left(&app, Color::White), secs(57.0));
    assert_eq!(left(&app, Color::Black), secs(59.0));
}

#[test]
fn time_odds_give_black_its_own_clock() {
    let (mut app, t0) = app_with(None, "5+3", "3+2");
    move_at(&mut app, t0, "d4");
    move_at(&mut app, t0, "d5");
    move_at(&mut app, t0 + secs(10.0), "c4");
    app.update(Action::Tick(t0 + secs(20.0)));
    assert_eq!(left(&app, Color::White), secs(293.0));
    assert_eq!(left(&app, Color::Black), secs(170.0));
}

#[test]
fn when_whites_flag_falls_black_wins_on_time() {
    let (mut app, t0) = app_with(None, "0.05+0", "0.05+0");
    move_at(&mut app, t0, "e4");
    move_at(&mut app, t0, "e5");
    app.update(Action::Tick(t0 + secs(2.9)));
    assert!(!app.game().is_over());
    assert!(screen(&app).contains(" 0.1 "), "tenths under ten seconds: {}", screen(&app));
    let effects = app.update(Action::Tick(t0 + secs(3.0)));
    assert_eq!(app.game().outcome(), Some(Outcome::win(Color::Black, Reason::Timeout)));
    assert_eq!(effects, [Effect::Save], "the loss on time is saved");
    assert!(screen(&app).contains("Black wins on time 0-1"), "{}", screen(&app));
    assert_eq!(left(&app, Color::White), Duration::ZERO);
    assert!(app.until_next_tick(t0 + secs(4.0)).is_none(), "the clocks have stopped");
    move_at_refused(&mut app, "Nf3");
}

fn move_at_refused(app: &mut App, text: &str) {
    type_move(app, text);
    assert!(app.message().is_some_and(|m| m.text.starts_with("The game is over")), "{:?}", app.message());
}

#[test]
fn when_blacks_flag_falls_white_wins_on_time_even_in_a_question() {
    let (mut app, t0) = app_with(None, "1+0", "1+0");
    move_at(&mut app, t0, "e4");
    move_at(&mut app, t0, "e5");
    move_at(&mut app, t0 + secs(1.0), "Nf3");
    press(&mut app, Key::Ctrl('o'));
    assert_eq!(app.mode(), Mode::Question);
    app.update(Action::Tick(t0 + secs(61.0)));
    assert_eq!(app.mode(), Mode::Play, "the draw offer is moot");
    assert!(screen(&app).contains("White wins on time 1-0"), "{}", screen(&app));
}

#[test]
fn a_flag_against_a_bare_king_is_a_draw() {
    // White has only the king left: Black's flag falls, but White could never mate.
    let (mut app, t0) = app_with(Some("4k3/3r4/8/8/8/8/8/4K3 b - - 0 1"), "1+0", "1+0");
    move_at(&mut app, t0, "Rc7");
    move_at(&mut app, t0, "Ke2");
    app.update(Action::Tick(t0 + secs(60.0)));
    assert_eq!(app.game().outcome(), Some(Outcome::draw(Reason::TimeoutWithInsufficientMaterial)));
    assert!(screen(&app).contains("Draw: time out with insufficient material 1/2-1/2"), "{}", screen(&app));
}

#[test]
fn the_pause_key_stops_both_clocks_and_a_move_starts_them_again() {
    let (mut app, t0) = app_with(None, "1+0", "1+0");
    press(&mut app, Key::Ctrl('p'));
    assert!(!app.clocks_paused(), "nothing runs yet: {:?}", app.message());
    move_at(&mut app, t0, "e4");
    move_at(&mut app, t0, "e5");
    app.update(Action::Tick(t0 + secs(10.0)));
    press(&mut app, Key::Ctrl('p'));
    assert!(app.clocks_paused());
    assert!(screen(&app).contains("clocks paused: Ctrl-P or a move starts them"), "{}", screen(&app));
    app.update(Action::Tick(t0 + secs(1000.0)));
    assert_eq!(left(&app, Color::White), secs(50.0));
    assert_eq!(app.until_next_tick(t0 + secs(1000.0)), None, "a paused game sleeps");
    press(&mut app, Key::Ctrl('p'));
    app.update(Action::Tick(t0 + secs(1005.0)));
    assert_eq!(left(&app, Color::White), secs(45.0));
    press(&mut app, Key::Ctrl('p'));
    move_at(&mut app, t0 + secs(2000.0), "Nf3");
    assert!(!app.clocks_paused(), "the move starts the clocks");
    app.update(Action::Tick(t0 + secs(2004.0)));
    assert_eq!(left(&app, Color::White), secs(45.0));
    assert_eq!(left(&app, Color::Black), secs(56.0));
}

#[test]
fn undo_restores_the_times_shown_at_the_position_returned_to_and_redo_brings_them_back() {
    let (mut app, t0) = app_with(None, "1+1", "1+1");
    move_at(&mut app, t0, "e4");
    move_at(&mut app, t0, "e5");
    move_at(&mut app, t0 + secs(10.0), "Nf3"); // White 51
    move_at(&mut app, t0 + secs(30.0), "Nc6"); // Black 41
    app.update(Action::Tick(t0 + secs(40.0)));
    press(&mut app, Key::Ctrl('z'));
    assert_eq!((left(&app, Color::White), left(&app, Color::Black)), (secs(51.0), secs(60.0)));
    app.update(Action::Tick(t0 + secs(45.0)));
    assert_eq!(left(&app, Color::Black), secs(55.0), "Black's clock runs from there");
    press(&mut app, Key::Ctrl('z'));
    assert_eq!((left(&app, Color::White), left(&app, Color::Black)), (secs(60.0), secs(60.0)));
    press(&mut app, Key::Ctrl('y'));
    assert_eq!((left(&app, Color::White), left(&app, Color::Black)), (secs(51.0), secs(60.0)));
    press(&mut app, Key::Ctrl('y'));
    assert_eq!((left(&app, Color::White), left(&app, Color::Black)), (secs(51.0), secs(41.0)));
}

#[test]
fn taking_back_a_loss_on_time_starts_the_turn_over() {
    let (mut app, t0) = app_with(None, "1+0", "1+0");
    move_at(&mut app, t0, "e4");
    move_at(&mut app, t0, "e5");
    move_at(&mut app, t0 + secs(10.0), "Nf3");
    app.update(Action::Tick(t0 + secs(70.0)));
    assert!(app.game().is_over());
    press(&mut app, Key::Ctrl('z'));
    assert!(!app.game().is_over());
    assert_eq!(app.game().san_moves().len(), 3, "only the result is taken back");
    assert_eq!(left(&app, Color::Black), secs(60.0));
    app.update(Action::Tick(t0 + secs(71.0)));
    assert_eq!(left(&app, Color::Black), secs(59.0));
    press(&mut app, Key::Ctrl('y'));
    assert_eq!(app.game().outcome(), Some(Outcome::win(Color::White, Reason::Timeout)));
    assert_eq!(left(&app, Color::Black), Duration::ZERO);
}

#[test]
fn every_ending_stops_the_clocks_and_a_new_game_resets_them() {
    let (mut app, t0) = app_with(None, "1+0", "1+0");
    for (i, san) in ["f3", "e5", "g4"].into_iter().enumerate() {
        move_at(&mut app, t0 + secs(i as f64), san);
    }
    move_at(&mut app, t0 + secs(5.0), "Qh4#");
    assert!(app.game().is_over());
    app.update(Action::Tick(t0 + secs(500.0)));
    assert_eq!(
        (left(&app, Color::White), left(&app, Color::Black)),
        (secs(59.0), secs(57.0)),
        "stopped at mate"
    );
    assert_eq!(app.until_next_tick(t0 + secs(500.0)), None);

    let (mut app, t0) = app_with(None, "1+0", "1+0");
    move_at(&mut app, t0, "d4");
    move_at(&mut app, t0, "d5");
    app.update(Action::Tick(t0 + secs(5.0)));
    // White is to move, so Ctrl-R names White.
    press_all(&mut app, &[Key::Ctrl('r'), Key::Char('y')]);
    assert_eq!(app.game().outcome(), Some(Outcome::win(Color::Black, Reason::Resignation)));
    app.update(Action::Tick(t0 + secs(500.0)));
    assert_eq!(left(&app, Color::White), secs(55.0), "stopped at the resignation");
    assert_eq!(press(&mut app, Key::Ctrl('n')), [Effect::NewGame]);
    assert_eq!(app.game().ply(), 0);
    assert_eq!((left(&app, Color::White), left(&app, Color::Black)), (secs(60.0), secs(60.0)));
    move_at(&mut app, t0 + secs(501.0), "e4");
    move_at(&mut app, t0 + secs(502.0), "e5");
    app.update(Action::Tick(t0 + secs(503.0)));
    assert_eq!(left(&app, Color::White), secs(59.0), "the new game's clocks run as before");
}

#[test]
fn browsing_leaves_the_clocks_alone() {
    let (mut app, t0) = app_with(None, "1+0", "1+0");
    move_at(&mut app, t0, "e4");
    move_at(&mut app, t0, "e5");
    app.update(Action::Tick(t0 + secs(5.0)));
    press(&mut app, Key::PageUp);
    press(&mut app, Key::Home);
    app.update(Action::Tick(t0 + secs(8.0)));
    assert!(app.is_browsing());
    assert_eq!(left(&app, Color::White), secs(52.0));
    assert!(app.clock_face(Color::White).expect("clocks").running);
}

#[test]
fn without_clocks_nothing_ticks() {
    let mut app = App::new(Game::new());
    let now = Instant::now();
    app.update(Action::Tick(now));
    assert!(app.clock_face(Color::White).is_none());
    assert_eq!(app.until_next_tick(now), None);
    press(&mut app, Key::Ctrl('p'));
    assert!(app.message().is_some_and(|m| m.text.contains("--clock")), "{:?}", app.message());
}

#[test]
fn clock_times_are_saved_as_pgn_and_restored_with_the_time_control() {
    let (mut app, t0) = app_with(None, "5+3", "3+2");
    move_at(&mut app, t0, "e4");
    move_at(&mut app, t0 + secs(1.0), "e5");
    move_at(&mut app, t0 + secs(11.5), "Nf3");
    move_at(&mut app, t0 + secs(21.5), "Nc6");
    let recorder =
        Recorder::new(Destination::File("unused.pgn".into()), fresh_tags(std::time::SystemTime::now()));
    let text = recorder.record(&app).to_pgn();
    for expected in [
        "[TimeControl \"300+3\"]",
        "[BlackTimeControl \"180+2\"]",
        "1. e4 {[%clk 0:05:00]}",
        "e5 {[%clk 0:03:00]}",
        "2. Nf3 {[%clk 0:04:52.5]}",
        "Nc6 {[%clk 0:02:52]}",
    ] {
        assert!(text.contains(expected), "{expected} in:\n{text}");
    }

    let record = pgn::read_game(&text).expect("reads back");
    let (controls, times) = records::clocks(&record, None).expect("the record has a time control");
    assert_eq!(controls, ByColor { white: control("5+3"), black: control("3+2") });
    let later = t0 + secs(1000.0);
    let mut resumed = App::new(record.game.clone()).with_clocks(controls, times, later);
    assert!(resumed.clocks_paused(), "a resumed game waits for the players");
    assert_eq!(left(&resumed, Color::White), secs(292.5));
    assert_eq!(left(&resumed, Color::Black), secs(172.0));
    move_at(&mut resumed, later + secs(100.0), "Bb5");
    resumed.update(Action::Tick(later + secs(104.0)));
    assert_eq!(left(&resumed, Color::White), secs(295.5), "the move started the clocks, charging nothing");
    assert_eq!(left(&resumed, Color::Black), secs(168.0));
    press_all(&mut resumed, &[Key::Ctrl('z'), Key::Ctrl('z')]);
    assert_eq!(left(&resumed, Color::Black), secs(180.0), "undo goes back through the recorded times");
}

#[test]
fn a_time_control_from_the_command_line_starts_a_loaded_game_with_fresh_clocks() {
    let text =
        "[TimeControl \"180+2\"]\n\n1. e4 {[%clk 0:03:00]} c5 {[%clk 0:03:00]} 2. Nf3 {[%clk 0:02:58.5]} *\n";
    let record = pgn::read_game(text).expect("valid pgn");
    let (controls, times) = records::clocks(&record, None).expect("the record's control");
    assert_eq!(controls.white, control("3+2"));
    assert_eq!(times[2], Some(secs(178.5)));
    let given = ByColor { white: control("1+0"), black: control("1+0") };
    let (controls, times) = records::clocks(&record, Some(given)).expect("the given control");
    assert_eq!(controls, given);
    assert!(times.is_empty(), "the record's times are not read against another control: {times:?}");
    let t0 = Instant::now();
    let app = App::new(record.game.clone()).with_clocks(controls, times, t0);
    assert_eq!((left(&app, Color::White), left(&app, Color::Black)), (secs(60.0), secs(60.0)));
    let untimed = pgn::read_game("1. e4 e5 *").expect("valid pgn");
    assert!(records::clocks(&untimed, None).is_none(), "no time control, no clocks");
}

#[test]
fn a_delay_game_keeps_its_delay_through_the_record() {
    let white = control("1").with_bonus(hotseat::clock::Bonus::Delay(secs(2.0)));
    let t0 = Instant::now();
    let mut app = App::new(Game::new()).with_clocks(ByColor { white, black: white }, &[], t0);
    move_at(&mut app, t0, "e4");
    move_at(&mut app, t0, "e5");
    move_at(&mut app, t0 + secs(1.5), "d4");
    assert_eq!(left(&app, Color::White), secs(60.0), "a move inside the delay costs nothing");
    let recorder =
        Recorder::new(Destination::File("unused.pgn".into()), fresh_tags(std::time::SystemTime::now()));
    let text = recorder.record(&app).to_pgn();
    assert!(text.contains("[TimeDelay \"simple 2\"]"), "{text}");
    let record = pgn::read_game(&text).expect("reads back");
    let (controls, _) = records::clocks(&record, None).expect("a time control");
    assert_eq!(controls.white, white);
}

/// Events at made-up instants: each step is an event, or a wait that times out.
struct ScriptedTime {
    now: Instant,
    steps: std::vec::IntoIter<(Duration, Option<Event>)>,
    /// The timeouts the loop asked for, in order (`None` for a blocking read).
    waits: Vec<Option<Duration>>,
}

impl Input<Event> for ScriptedTime {
    fn wait(&mut self, timeout: Option<Duration>) -> io::Result<Polled<Event>> {
        self.waits.push(timeout);
        let Some(timeout) = timeout else {
            return Ok(self
                .steps
                .next()
                .and_then(|(after, event)| {
                    self.now += after;
                    event
                })
                .map_or(Polled::Closed, Polled::Input));
        };
        Ok(match self.steps.next() {
            Some((_, Some(event))) => Polled::Input(event),
            Some((_, None)) => {
                self.now += timeout;
                Polled::TimedOut
            }
            None => Polled::Closed,
        })
    }

    fn now(&mut self) -> Instant {
        self.now
    }
}

fn key(c: char) -> Event {
    Event::Key(KeyEvent::new(KeyCode::Char(c), KeyModifiers::NONE))
}

fn enter() -> Event {
    Event::Key(KeyEvent::new(KeyCode::Enter, KeyModifiers::NONE))
}

#[test]
fn the_real_loop_waits_for_the_next_visible_change_and_the_flag_falls_on_its_own() {
    let t0 = Instant::now();
    let mut steps: Vec<(Duration, Option<Event>)> = Vec::new();
    for text in ["e4", "e5"] {
        steps.extend(text.chars().map(|c| (Duration::ZERO, Some(key(c)))));
        steps.push((Duration::ZERO, Some(enter())));
    }
    // Twelve seconds on White's clock: timeouts only, not a key pressed.
    steps.extend(std::iter::repeat_n((Duration::ZERO, None), 102));
    let mut events = ScriptedTime { now: t0, steps: steps.into_iter(), waits: Vec::new() };
    let controls = ByColor { white: control("0.2+0"), black: control("0.2+0") };
    let mut app = App::new(Game::new()).with_clocks(controls, &[], t0);
    let mut terminal = Terminal::new(TestBackend::new(100, 32)).expect("test terminal");
    let mut host = hotseat::session::Counting::default();
    tui::run(&mut terminal, &mut events, &mut app, &Look::default(), &mut host).expect("the loop runs");
    assert_eq!(app.game().outcome(), Some(Outcome::win(Color::Black, Reason::Timeout)));
    assert_eq!(host.effects, [Effect::Save; 3], "two moves, then the flag: each saved");
    assert!(events.waits[..6].iter().all(Option::is_none), "blocking reads before the clocks start");
    let timed: Vec<Duration> = events.waits.iter().flatten().copied().collect();
    assert_eq!(timed[..3], [secs(1.0), secs(1.0), secs(0.1)], "seconds, then tenths from 0:10");
    assert_eq!(timed.len(), 2 + 100, "12 s: two whole seconds, then a hundred tenths");
    assert_eq!(events.waits.last(), Some(&None), "the game is over: the loop blocks again");
    let screen: String =
        terminal.backend().buffer().content().iter().map(ratatui::buffer::Cell::symbol).collect();
    assert!(screen.contains("Black wins on time 0-1"), "{screen}");
}

// ----- a stop (Ctrl-Z, SIGTSTP): the time away is nobody's -----

/// Input at made-up instants with a stop in it, as the terminal's source announces
/// one: [`Polled::Suspend`], then, once the loop has paused the clocks, the program
/// stays stopped for `away` and the time reads that much later when it is back.
struct StoppedAway<T> {
    now: Instant,
    steps: std::collections::VecDeque<Step<T>>,
    away: Duration,
}

enum Step<T> {
    Input(T),
    /// A stop that lasts this long.
    Stop(Duration),
}

impl<T> StoppedAway<T> {
    fn new(steps: impl IntoIterator<Item = Step<T>>) -> StoppedAway<T> {
        StoppedAway { now: Instant::now(), steps: steps.into_iter().collect(), away: Duration::ZERO }
    }
}

impl<T> Input<T> for StoppedAway<T> {
    fn wait(&mut self, _timeout: Option<Duration>) -> io::Result<Polled<T>> {
        Ok(match self.steps.pop_front() {
            Some(Step::Input(input)) => Polled::Input(input),
            Some(Step::Stop(away)) => {
                self.away = away;
                Polled::Suspend
            }
            None => Polled::Closed,
        })
    }

    fn now(&mut self) -> Instant {
        self.now
    }

    fn suspend(&mut self) -> io::Result<Polled<T>> {
        self.now += std::mem::take(&mut self.away);
        Ok(Polled::TimedOut)
    }
}

const TEN_MINUTES: Duration = Duration::from_secs(600);

#[test]
fn on_the_board_ten_minutes_stopped_cost_the_clock_nothing_and_a_move_starts_the_clocks_again() {
    let typed = |text: &str| text.chars().map(key).chain([enter()]).map(Step::Input).collect::<Vec<_>>();
    let mut steps = Vec::new();
    for san in ["e4", "e5", "Nf3"] {
        steps.extend(typed(san));
    }
    // Black's clock runs (a minute for the game); the program is stopped for ten.
    steps.push(Step::Stop(TEN_MINUTES));
    let mut events = StoppedAway::new(steps);
    let controls = ByColor { white: control("1+0"), black: control("1+0") };
    let mut app = App::new(Game::new()).with_clocks(controls, &[], events.now);
    let mut terminal = Terminal::new(TestBackend::new(100, 32)).expect("test terminal");
    let mut host = hotseat::session::Counting::default();
    tui::run(&mut terminal, &mut events, &mut app, &Look::default(), &mut host).expect("the loop runs");
    assert!(!app.game().is_over(), "no flag fell: {:?}", app.game().outcome());
    assert_eq!(left(&app, Color::Black), secs(60.0), "the time away is not charged");
    let clocks = app.clocks().expect("clocks");
    assert!(clocks.is_paused(), "paused until a move");
    let screen: String =
        terminal.backend().buffer().content().iter().map(ratatui::buffer::Cell::symbol).collect();
    assert!(screen.contains("The clocks were paused while the game was stopped"), "{screen}");
    // Black's move, after the stop, starts the clocks again: White's runs from then.
    let back = events.now + secs(5.0);
    move_at(&mut app, back, "Nc6");
    assert_eq!(left(&app, Color::Black), secs(60.0), "a move while paused is not timed");
    app.update(Action::Tick(back + secs(5.0)));
    assert_eq!(left(&app, Color::White), secs(55.0), "White's clock runs again");
}

#[test]
fn in_plain_text_ten_minutes_stopped_cost_the_clock_nothing() {
    let lines = ["e4", "e5", "Nf3"].map(|san| Step::Input(san.to_owned()));
    let steps = lines.into_iter().chain([Step::Stop(TEN_MINUTES), Step::Input("clock".to_owned())]);
    let mut source = StoppedAway::new(steps);
    let controls = ByColor { white: control("1+0"), black: control("1+0") };
    let mut app = App::new(Game::new()).with_clocks(controls, &[], source.now);
    let mut out = Vec::new();
    let mut host = hotseat::session::Counting::default();
    hotseat::plain::run(&mut app, &mut source, &mut out, &mut host, hotseat::plain::Announce::San)
        .expect("the loop runs");
    let said = String::from_utf8(out).expect("text");
    assert!(said.contains("The clocks were paused while the game was stopped"), "{said}");
    assert!(said.contains("White 1:00, Black 1:00"), "the time away is not charged:\n{said}");
    assert!(!said.contains("on time"), "{said}");
    assert_eq!(left(&app, Color::Black), secs(60.0));
}

// ----- stages, when the clocks start, and the bell -----

#[test]
fn the_move_that_completes_a_stage_adds_the_next_stage_and_undo_takes_it_away_again() {
    // Two moves in 3 seconds, then 6 seconds more for the rest, per side.
    let (mut app, t0) = app_with(None, "2/0.05,0.1", "2/0.05,0.1");
    move_at(&mut app, t0, "e4");
    move_at(&mut app, t0, "e5");
    assert_eq!(app.clock_face(Color::White).expect("clocks").to_go, Some(1));
    move_at(&mut app, t0 + secs(1.0), "Nf3");
    assert_eq!(left(&app, Color::White), secs(8.0), "3 - 1, and the next stage's 6 s");
    assert_eq!(app.clock_face(Color::White).expect("clocks").to_go, None, "the last stage");
    assert!(screen(&app).contains("1 to go"), "Black's last move of the stage:\n{}", screen(&app));
    move_at(&mut app, t0 + secs(3.5), "Nc6");
    assert_eq!(left(&app, Color::Black), secs(6.5), "3 - 2.5 + 6");
    app.update(Action::Tick(t0 + secs(4.0)));
    press(&mut app, Key::Ctrl('z'));
    assert_eq!((left(&app, Color::White), left(&app, Color::Black)), (secs(8.0), secs(3.0)));
    press(&mut app, Key::Ctrl('z'));
    assert_eq!(left(&app, Color::White), secs(3.0), "the stage's time is taken away again");
    assert_eq!(app.clock_face(Color::White).expect("clocks").to_go, Some(1), "back in the first stage");
    app.update(Action::Tick(t0 + secs(6.9)));
    assert!(!app.game().is_over(), "White has 3 s from the take-back at 4 s");
    press(&mut app, Key::Ctrl('y'));
    assert_eq!(left(&app, Color::White), secs(8.0), "redo brings the stage's time back");
    press(&mut app, Key::Ctrl('y'));
    assert_eq!((left(&app, Color::White), left(&app, Color::Black)), (secs(8.0), secs(6.5)));
    app.update(Action::Tick(t0 + secs(6.9 + 8.0)));
    assert_eq!(
        app.game().outcome(),
        Some(Outcome::win(Color::Black, Reason::Timeout)),
        "a flag in the last stage"
    );
}

#[test]
fn a_flag_falls_in_the_first_stage_too() {
    let (mut app, t0) = app_with(None, "2/0.05,0.1", "2/0.05,0.1");
    move_at(&mut app, t0, "e4");
    move_at(&mut app, t0, "e5");
    app.update(Action::Tick(t0 + secs(3.0)));
    assert_eq!(app.game().outcome(), Some(Outcome::win(Color::Black, Reason::Timeout)));
}

#[test]
fn clocks_started_by_white_run_from_the_start_and_say_so_in_the_record() {
    let t0 = Instant::now();
    let controls = ByColor { white: control("1+2"), black: control("1+2") };
    let mut app = App::new(Game::new()).with_clocks_starting(&controls, ClockStart::White, &[], t0);
    assert!(
        app.clocks().is_some_and(hotseat::clock::Clocks::is_running) && !app.clocks_paused(),
        "a new game starts at once"
    );
    move_at(&mut app, t0 + secs(5.0), "e4");
    assert_eq!(left(&app, Color::White), secs(57.0), "timed, with the increment from move 1");
    move_at(&mut app, t0 + secs(8.0), "e5");
    assert_eq!(left(&app, Color::Black), secs(59.0));
    let recorder =
        Recorder::new(Destination::File("unused.pgn".into()), fresh_tags(std::time::SystemTime::now()));
    let text = recorder.record(&app).to_pgn();
    assert!(text.contains("[ClockStart \"white\"]"), "{text}");
    let record = pgn::read_game(&text).expect("reads back");
    assert_eq!(records::clock_start(&record), ClockStart::White);
    let (controls, times) = records::clocks(&record, None).expect("a time control");
    let mut resumed = App::new(record.game.clone()).with_clocks_starting(
        &controls,
        records::clock_start(&record),
        times,
        t0,
    );
    assert_eq!(resumed.clocks().map(hotseat::clock::Clocks::clock_start), Some(ClockStart::White));
    press(&mut resumed, Key::Ctrl('n'));
    assert_eq!(
        resumed.clocks().map(hotseat::clock::Clocks::clock_start),
        Some(ClockStart::White),
        "a new game too"
    );
    let default = App::new(Game::new()).with_clocks(controls, &[], t0);
    let text = recorder.record(&default).to_pgn();
    assert!(!text.contains("ClockStart"), "the default is not written:\n{text}");
}

#[test]
fn a_staged_control_is_saved_in_the_standard_syntax_and_resumed_in_its_stage() {
    let (mut app, t0) = app_with(None, "2/0.05+1,0.1+1", "2/0.05+1,0.1+1");
    for (i, san) in ["e4", "e5", "Nf3", "Nc6", "Bb5"].into_iter().enumerate() {
        move_at(&mut app, t0 + secs(i as f64 * 0.5), san);
    }
    let recorder =
        Recorder::new(Destination::File("unused.pgn".into()), fresh_tags(std::time::SystemTime::now()));
    let text = recorder.record(&app).to_pgn();
    assert!(text.contains("[TimeControl \"2/3+1:6+1\"]"), "{text}");
    let record = pgn::read_game(&text).expect("reads back");
    let (controls, times) = records::clocks(&record, None).expect("a time control");
    let resumed = App::new(record.game.clone()).with_clocks(controls, times, t0);
    assert_eq!(controls.white, control("2/0.05+1,0.1+1"));
    assert_eq!(left(&resumed, Color::White), left(&app, Color::White));
    assert_eq!(left(&resumed, Color::Black), left(&app, Color::Black));
    assert_eq!(resumed.clock_face(Color::Black).expect("clocks").to_go, None, "Black is in the last stage");
}

#[test]
fn a_staged_game_from_another_program_resumes_in_the_right_stage() {
    let moves = "1. Nf3 Nf6 2. Ng1 Ng8 3. Nf3 Nf6 4. Ng1 Ng8";
    let text = format!("[TimeControl \"3/7200:3600\"]\n\n{moves} 5. e4 {{[%clk 1:20:00]}} *\n");
    let record = pgn::read_game(&text).expect("valid pgn");
    let (controls, times) = records::clocks(&record, None).expect("a staged control");
    assert_eq!(controls.white, control("3/120,60"));
    let t0 = Instant::now();
    let app = App::new(record.game.clone()).with_clocks(controls, times, t0);
    assert_eq!(left(&app, Color::White), secs(4800.0), "the clock time the record gives");
    assert_eq!(left(&app, Color::Black), secs(10_800.0), "no time recorded: 2 h, and 1 h for the stage done");
    assert_eq!(app.clock_face(Color::Black).expect("clocks").to_go, None);

    let fide = pgn::read_game(&format!("[TimeControl \"40/7200:3600\"]\n\n{moves} *\n")).expect("valid pgn");
    let (controls, times) = records::clocks(&fide, None).expect("a staged control");
    let app = App::new(fide.game.clone()).with_clocks(controls, times, t0);
    assert_eq!(left(&app, Color::White), secs(7200.0));
    assert_eq!(app.clock_face(Color::White).expect("clocks").to_go, Some(36), "four of 40 moves made");
}

#[test]
fn with_the_bell_a_refused_move_a_clock_under_ten_seconds_and_a_flag_ring_it() {
    let t0 = Instant::now();
    let controls = ByColor { white: control("0.25+0"), black: control("0.25+0") };
    let mut app = App::new(Game::new()).with_bell(true).with_clocks(controls, &[], t0);
    type_text(&mut app, "e5");
    assert_eq!(press(&mut app, Key::Enter), [Effect::Bell], "an illegal move");
    press_all(&mut app, &[Key::Backspace, Key::Backspace]);
    move_at(&mut app, t0, "e4");
    move_at(&mut app, t0, "e5");
    assert_eq!(app.update(Action::Tick(t0 + secs(5.0))), [], "15 s left");
    assert_eq!(app.update(Action::Tick(t0 + secs(5.05))), [Effect::Bell], "under 10 s");
    assert_eq!(app.update(Action::Tick(t0 + secs(6.0))), [], "once");
    let effects = app.update(Action::Tick(t0 + secs(15.0)));
    assert!(effects.contains(&Effect::Bell) && effects.contains(&Effect::Save), "the flag: {effects:?}");

    let mut quiet = App::new(Game::new()).with_clocks(controls, &[], t0);
    type_text(&mut quiet, "e5");
    assert_eq!(press(&mut quiet, Key::Enter), [], "no bell without --bell");
    press_all(&mut quiet, &[Key::Backspace, Key::Backspace]);
    move_at(&mut quiet, t0, "e4");
    move_at(&mut quiet, t0, "e5");
    assert!(!quiet.update(Action::Tick(t0 + secs(15.0))).contains(&Effect::Bell));
}

#[test]
fn with_the_bell_a_refused_pointed_move_rings_it_and_picking_up_does_not() {
    use hotseat::app::{Point, Pointer};
    let square = |name: &str| Pointer::Square(name.parse().expect("a square"));
    let mut app = App::new(Game::new()).with_bell(true);
    assert_eq!(app.update(Action::Point(Point::Down(square("e2")))), []);
    assert_eq!(app.update(Action::Point(Point::Up(Some(square("e2"))))), []);
    assert_eq!(app.update(Action::Point(Point::Down(square("e5")))), [Effect::Bell], "e2-e5 is refused");
    assert!(app.message().is_some_and(|m| m.text.contains("e5")), "{:?}", app.message());
}
