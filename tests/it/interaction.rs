//! The rules a player relies on where the parts of the game screen meet: a question
//! open while a move is typed, the live hint against Enter, pasted moves, keys on a
//! screen too small to play on, and the order of drawing and saving.

use crate::common;

use std::cell::RefCell;
use std::rc::Rc;

use common::driver::{app_from, error, play, press, press_all, sans, send, type_move, type_text};
use crossterm::event::{Event, KeyCode, KeyEvent, KeyModifiers};
use hotseat::app::{Action, App, Command, Edit, Effect, Focus, Message, Mode, Reading};
use hotseat::chess::{Color, Game, Move, Reason, Square};
use hotseat::input::Key;
use hotseat::session::Effects;
use hotseat::tui;
use hotseat::ui::{self, Look, View};
use ratatui::Terminal;
use ratatui::backend::{Backend, ClearType, TestBackend, WindowSize};
use ratatui::buffer::{Buffer, Cell};
use ratatui::layout::{Position, Rect, Size};

const AFTER_E4_E5: &str = "rnbqkbnr/pppp1ppp/8/4p3/4P3/8/PPPP1PPP/RNBQKBNR w KQkq - 0 2";

// ----- questions never eat a move -----

#[test]
fn a_move_typed_after_a_draw_offer_is_played_and_declines_the_offer() {
    let mut app = app_from(AFTER_E4_E5);
    press(&mut app, Key::Ctrl('o'));
    assert_eq!(app.mode(), Mode::Question);
    type_move(&mut app, "Qe2");
    assert_eq!(sans(&app), ["Qe2"]);
    assert!(!app.game().is_over(), "Enter is not a yes: {:?}", app.game().outcome());
    assert_eq!(app.draw_offer(), None);
    assert!(app.message().is_some_and(|m| m.text.contains("draw offer is declined")), "{:?}", app.message());
}

#[test]
fn a_knight_move_typed_after_a_draw_offer_keeps_its_n() {
    let mut app = app_from(AFTER_E4_E5);
    press(&mut app, Key::Ctrl('o'));
    type_move(&mut app, "Nc3");
    assert_eq!(sans(&app), ["Nc3"], "N is the knight, not an answer");
}

#[test]
fn a_move_typed_after_ctrl_r_resigns_nobody() {
    let mut app = app_from(AFTER_E4_E5);
    press(&mut app, Key::Ctrl('r'));
    assert_eq!(app.mode(), Mode::Resign);
    type_move(&mut app, "Nf3");
    assert_eq!(sans(&app), ["Nf3"]);
    assert!(!app.game().is_over());
}

#[test]
fn a_move_typed_after_ctrl_n_does_not_abandon_the_game() {
    let mut app = app_from("rnbqkbnr/pppp1ppp/4p3/8/2PP4/8/PP2PPPP/RNBQKBNR b KQkq - 0 2");
    play(&mut app, "a6");
    press(&mut app, Key::Ctrl('n'));
    assert_eq!(app.question(), Some(hotseat::app::Question::NewGame));
    type_move(&mut app, "Nc3");
    assert_eq!(sans(&app), ["a6", "Nc3"], "the game goes on");
    press(&mut app, Key::Ctrl('n'));
    type_move(&mut app, "Bb4");
    assert_eq!(sans(&app), ["a6", "Nc3", "Bb4"]);
}

#[test]
fn enter_alone_answers_no_question_and_says_which_keys_do() {
    let mut app = app_from(AFTER_E4_E5);
    for question_key in [Key::Ctrl('o'), Key::Ctrl('r')] {
        press(&mut app, question_key);
        press(&mut app, Key::Enter);
        assert!(!app.game().is_over(), "{question_key:?} then Enter decided the game");
        assert!(error(&app).contains("Y to"), "{:?}", app.message());
        press(&mut app, Key::Esc);
        assert_eq!(app.mode(), Mode::Play);
    }
    play(&mut app, "Nf3");
    press(&mut app, Key::Ctrl('n'));
    press(&mut app, Key::Enter);
    assert_eq!(sans(&app), ["Nf3"], "Enter did not start a new game");
}

#[test]
fn only_y_resigns_and_tab_names_the_other_side() {
    let mut app = app_from(AFTER_E4_E5);
    press_all(&mut app, &[Key::Ctrl('r'), Key::Tab, Key::Char('y')]);
    let outcome = app.game().outcome().expect("Black resigned");
    assert_eq!((outcome.result.winner(), outcome.reason), (Some(Color::White), Reason::Resignation));
}

#[test]
fn escape_after_typing_during_a_draw_offer_asks_again() {
    let mut app = app_from(AFTER_E4_E5);
    press(&mut app, Key::Ctrl('o'));
    type_text(&mut app, "Qh");
    assert_eq!(app.mode(), Mode::Play);
    press(&mut app, Key::Esc);
    assert_eq!(app.mode(), Mode::Question, "the offer still stands");
    press(&mut app, Key::Char('Y'));
    assert_eq!(app.game().outcome().map(|o| o.reason), Some(Reason::Agreement));
}

// ----- the live hint and Enter agree -----

#[test]
fn an_ambiguous_move_is_named_by_the_hint_and_by_enter_and_the_text_stays() {
    let mut app = app_from("4k3/8/8/8/8/8/8/1N2KN2 w - - 0 1");
    type_text(&mut app, "Nd2");
    assert_eq!(
        app.reading(),
        Reading::Ambiguous(vec![Move::normal(Square::B1, Square::D2), Move::normal(Square::F1, Square::D2)])
    );
    press(&mut app, Key::Enter);
    assert_eq!(error(&app), "Ambiguous: Nbd2 or Nfd2?");
    assert_eq!(app.input(), "Nd2", "the text stays to be mended");
    press(&mut app, Key::Backspace);
    press(&mut app, Key::Backspace);
    type_move(&mut app, "fd2");
    assert_eq!(sans(&app), ["Nfd2"]);
}

#[test]
fn decorated_moves_are_read_alike_by_the_hint_and_by_enter() {
    let cases = [
        ("4k3/3N4/5p2/8/8/8/8/4K3 w - - 0 1", "Nd7xf6!", "Nxf6+"),
        ("4k3/p7/8/8/8/5N2/P7/4K3 w - - 0 1", "Ng5!!", "Ng5"),
        ("4k3/1P6/8/8/8/8/8/4K3 w - - 0 1", "b8q", "b8=Q+"),
        ("4k3/1P6/8/8/8/8/8/4K3 w - - 0 1", "b8=q", "b8=Q+"),
        ("4k3/8/8/3pP3/8/8/8/4K3 w - d6 0 1", "exd6e.p.", "exd6"),
        ("4k3/8/8/3pP3/8/8/8/4K3 w - d6 0 1", "exd6 e.p.", "exd6"),
        ("4k3/8/8/8/8/2p5/3B4/4K3 w - - 0 1", "bd2xc3", "Bxc3"),
        ("4k3/p7/8/8/8/5N2/P7/4K3 w - - 0 1", "Nf3-g5!?", "Ng5"),
    ];
    for (fen, typed, san) in cases {
        let mut app = app_from(fen);
        type_text(&mut app, typed);
        assert!(matches!(app.reading(), Reading::Move(..)), "{typed}: the hint says {:?}", app.reading());
        press(&mut app, Key::Enter);
        assert_eq!(sans(&app), [san], "{typed}: {:?}", app.message());
    }
}

#[test]
fn the_true_reason_for_a_refused_en_passant_reaches_the_hint_and_enter() {
    let mut app = app_from("4k3/3p4/8/K3P2r/8/8/8/8 b - - 0 1");
    play(&mut app, "d5");
    type_text(&mut app, "exd6");
    let Reading::Refused(why) = app.reading() else { panic!("refused: {:?}", app.reading()) };
    assert!(why.contains("en passant would leave your king in check"), "{why}");
    press(&mut app, Key::Enter);
    assert_eq!(error(&app), why);
}

#[test]
fn a_question_mark_after_a_move_is_text_and_help_opens_only_from_an_empty_line() {
    let mut app = app_from(AFTER_E4_E5);
    type_text(&mut app, "Nf3!?");
    assert_eq!((app.mode(), app.input()), (Mode::Play, "Nf3!?"));
    press(&mut app, Key::Enter);
    assert_eq!(sans(&app), ["Nf3"]);
    press(&mut app, Key::Char('?'));
    assert_eq!(app.mode(), Mode::Help);
    press(&mut app, Key::F(1));
    assert_eq!(app.mode(), Mode::Play, "F1 closes the help it opens");
    press(&mut app, Key::F(1));
    assert_eq!(app.mode(), Mode::Help);
}

#[test]
fn a_space_in_typed_text_is_text() {
    let mut app = app_from("4k3/8/8/3pP3/8/8/8/4K3 w - d6 0 1");
    type_text(&mut app, "exd6 e.p.");
    assert_eq!(app.input(), "exd6 e.p.");
    press(&mut app, Key::Enter);
    assert_eq!(sans(&app), ["exd6"]);
}

#[test]
fn the_king_moved_two_squares_castles_in_standard_chess() {
    for (typed, san) in [("Kg1", "O-O"), ("Kc1", "O-O-O"), ("Kh1", "O-O"), ("Ka1", "O-O-O")] {
        let mut app = app_from("r3k2r/8/8/8/8/8/8/R3K2R w KQkq - 0 1");
        type_move(&mut app, typed);
        assert_eq!(sans(&app), [san], "{typed}: {:?}", app.message());
    }
}

// ----- pasting -----

#[test]
fn a_pasted_line_of_moves_is_played_move_by_move() {
    let mut app = App::new(Game::new());
    send(&mut app, Action::Edit(Edit::Paste("1. e4 e5 2. Nf3 Nc6 3.Bb5".to_owned())));
    assert_eq!(sans(&app), ["e4", "e5", "Nf3", "Nc6", "Bb5"]);
}

#[test]
fn a_paste_stops_at_the_first_move_that_cannot_be_played_and_says_why() {
    let mut app = App::new(Game::new());
    let effects = send(&mut app, Action::Edit(Edit::Paste("e4 e5 Ke3 Nf3".to_owned())));
    assert_eq!(sans(&app), ["e4", "e5"]);
    let why = error(&app);
    assert!(why.contains("Ke3") && why.contains("king cannot reach e3"), "{why}");
    assert_eq!(effects, [Effect::Save], "one save for the whole paste");
}

// ----- what the screen offers is what works -----

#[test]
fn undo_is_not_offered_for_a_game_loaded_in_stalemate() {
    let app = app_from("7k/5Q2/6K1/8/8/8/8/8 b - - 0 1");
    assert!(app.game().is_over());
    assert!(!app.can(&Action::Command(Command::Undo)));
}

/// A backend that writes down when it is asked to draw, for checking what happens
/// before and after a frame.
struct Logged {
    inner: TestBackend,
    log: Rc<RefCell<Vec<String>>>,
}

impl Backend for Logged {
    type Error = <TestBackend as Backend>::Error;

    fn draw<'a, I: Iterator<Item = (u16, u16, &'a Cell)>>(&mut self, content: I) -> Result<(), Self::Error> {
        self.log.borrow_mut().push("draw".to_owned());
        self.inner.draw(content)
    }
    fn hide_cursor(&mut self) -> Result<(), Self::Error> {
        self.inner.hide_cursor()
    }
    fn show_cursor(&mut self) -> Result<(), Self::Error> {
        self.inner.show_cursor()
    }
    fn get_cursor_position(&mut self) -> Result<Position, Self::Error> {
        self.inner.get_cursor_position()
    }
    fn set_cursor_position<P: Into<Position>>(&mut self, position: P) -> Result<(), Self::Error> {
        self.inner.set_cursor_position(position)
    }
    fn clear(&mut self) -> Result<(), Self::Error> {
        self.log.borrow_mut().push("clear".to_owned());
        self.inner.clear()
    }
    fn clear_region(&mut self, clear_type: ClearType) -> Result<(), Self::Error> {
        if clear_type == ClearType::All {
            self.log.borrow_mut().push("clear".to_owned());
        }
        self.inner.clear_region(clear_type)
    }
    fn size(&self) -> Result<Size, Self::Error> {
        self.inner.size()
    }
    fn window_size(&mut self) -> Result<WindowSize, Self::Error> {
        self.inner.window_size()
    }
    fn flush(&mut self) -> Result<(), Self::Error> {
        self.inner.flush()
    }
}

/// A host that writes down each save in the same log, with the moves the game had.
struct LoggingHost(Rc<RefCell<Vec<String>>>);

impl Effects for LoggingHost {
    fn carry_out(&mut self, app: &App, effect: Effect) -> Option<Message> {
        self.0.borrow_mut().push(format!("{effect:?} after {} moves", app.game().ply()));
        None
    }
    fn pgn(&self, _app: &App) -> Option<String> {
        None
    }
}

fn key(code: KeyCode) -> Event {
    Event::Key(KeyEvent::new(code, KeyModifiers::NONE))
}

fn typed(text: &str) -> Vec<Event> {
    let mut events: Vec<Event> = text.chars().map(|c| key(KeyCode::Char(c))).collect();
    events.push(key(KeyCode::Enter));
    events
}

fn run_logged(width: u16, height: u16, events: Vec<Event>) -> (App, Vec<String>, Buffer) {
    let log = Rc::new(RefCell::new(Vec::new()));
    let backend = Logged { inner: TestBackend::new(width, height), log: Rc::clone(&log) };
    let mut terminal = Terminal::new(backend).expect("a terminal");
    let mut app = App::new(Game::new());
    tui::run(
        &mut terminal,
        &mut events.into_iter(),
        &mut app,
        &Look::default(),
        &mut LoggingHost(Rc::clone(&log)),
    )
    .expect("the loop runs");
    let buffer = terminal.backend().inner.buffer().clone();
    let log = log.borrow().clone();
    (app, log, buffer)
}

#[test]
fn the_frame_showing_a_move_is_drawn_before_the_move_is_saved() {
    let (app, log, _) = run_logged(100, 32, typed("e4"));
    assert_eq!(sans(&app), ["e4"]);
    let save = log.iter().position(|l| l == "Save after 1 moves").expect("saved");
    assert_eq!(log[save - 1], "draw", "{log:?}");
}

#[test]
fn keys_do_nothing_but_quit_while_the_screen_is_too_small() {
    let (app, log, buffer) = run_logged(50, 12, typed("e4"));
    assert!(sans(&app).is_empty(), "a move was played blind");
    assert!(!log.iter().any(|l| l.starts_with("Save")), "{log:?}");
    let text: String = buffer.content().iter().map(Cell::symbol).collect();
    assert!(text.contains("too small"), "{text}");
    let mut events = typed("e4");
    events.push(Event::Key(KeyEvent::new(KeyCode::Char('q'), KeyModifiers::CONTROL)));
    events.extend(typed("d4"));
    let (app, _, _) = run_logged(50, 12, events);
    assert!(app.should_quit(), "Ctrl-Q still quits");
}

#[test]
fn ctrl_l_draws_the_whole_screen_again() {
    let mut app = App::new(Game::new());
    assert_eq!(press(&mut app, Key::Ctrl('l')), [Effect::Repaint]);
    let events = vec![Event::Key(KeyEvent::new(KeyCode::Char('l'), KeyModifiers::CONTROL))];
    let (_, log, _) = run_logged(100, 32, events);
    let clear = log.iter().position(|l| l == "clear").expect("the screen is cleared");
    assert_eq!(log.get(clear + 1).map(String::as_str), Some("draw"), "{log:?}");
}

// ----- the screen fits what it says -----

fn screen_text(app: &App, width: u16, height: u16) -> Vec<String> {
    let area = Rect::new(0, 0, width, height);
    let mut buf = Buffer::empty(area);
    ui::render_buffer(area, &mut buf, app, &View::default(), &Look::default());
    (0..height).map(|y| (0..width).map(|x| buf[(x, y)].symbol()).collect::<String>()).collect()
}

#[test]
fn help_lists_the_keys_of_every_mode() {
    let mut app = App::new(Game::new());
    press(&mut app, Key::F(1));
    // Tall enough to show the whole help.
    let text = screen_text(&app, 120, 120).join("\n");
    for words in
        ["Answering a question", "Resigning", "yes, resign", "The game record", "copy the PGN", "Ctrl-L"]
    {
        assert!(text.contains(words), "help lacks {words:?}:\n{text}");
    }
}

#[test]
fn a_long_message_is_cut_at_a_word_and_not_in_the_middle_of_one() {
    let mut app = App::new(Game::new());
    type_move(&mut app, "Qxd8");
    let message = error(&app);
    let lines = screen_text(&app, 80, 24);
    let shown = lines.iter().find(|l| l.trim_start().starts_with("Illegal move")).expect("the message");
    let shown = shown.trim_end();
    if message.chars().count() > 80 {
        assert!(shown.ends_with('…'), "{shown:?}");
        let kept = shown.trim_end_matches('…');
        assert!(
            message.starts_with(kept) && message[kept.len()..].starts_with(' '),
            "{shown:?} of {message:?}"
        );
    } else {
        assert_eq!(shown, message);
    }
}

#[test]
fn a_long_name_is_shortened_before_the_material_lead_is_cut() {
    let app = app_from("4k3/8/8/8/8/8/8/QQ2K3 w - - 0 1").with_players("Alexandra Konstantinopolskaya", "Bo");
    assert_eq!(app.focus(), &Focus::Idle);
    let lines = screen_text(&app, 80, 24);
    let white = lines.iter().find(|l| l.contains("Alexandra")).expect("White's line");
    assert!(white.contains("+18"), "{white:?}");
    assert!(white.contains('…'), "{white:?}");
}

#[test]
fn with_clocks_a_long_name_never_hides_the_captures_or_the_lead_and_the_panel_grows() {
    // White has taken a pawn and the queen, Black two pawns: White leads by 8.
    let mut app = App::new(Game::new()).with_players("Alexandra Konstantinopolskaya-Wiśniewska", "Bo");
    play(&mut app, "e4 d5 exd5 Qxd5 Nc3 Qxg2 Bxg2");
    let t0 = std::time::Instant::now();
    let control = "5+3".parse().expect("valid time control");
    let mut app = app.with_clocks(hotseat::chess::ByColor { white: control, black: control }, &[], t0);
    send(&mut app, Action::Tick(t0));
    for (w, h) in [(80, 24), (100, 32), (250, 70)] {
        let lines = screen_text(&app, w, h);
        let white = lines.iter().find(|l| l.contains("Alexandra")).expect("White's line");
        let black = lines.iter().find(|l| l.contains(" Bo ")).expect("Black's line");
        assert!(white.contains("5:00") && black.contains("5:00"), "{w}x{h}: the clocks\n{white}\n{black}");
        assert!(white.contains("+8"), "{w}x{h}: the lead is shown\n{white}");
        assert!(white.contains('♛'), "{w}x{h}: the captures are shown\n{white}");
        if w == 250 {
            assert!(white.contains("Konstantinopolskaya"), "the panel grows: {white}");
        }
    }
}

#[test]
fn an_annotation_typed_with_a_move_is_kept_and_shown_in_the_move_list() {
    let mut app = app_from(AFTER_E4_E5);
    type_move(&mut app, "Nf3!?");
    assert_eq!(app.timeline().plies()[0].nag(), Some(hotseat::annotations::Nag::SPECULATIVE_MOVE));
    let lines = screen_text(&app, 100, 32);
    assert!(lines.iter().any(|l| l.contains("Nf3!?")), "{}", lines.join("\n"));
    press(&mut app, Key::Ctrl('z'));
    press(&mut app, Key::Ctrl('y'));
    assert_eq!(
        app.timeline().plies()[0].nag(),
        Some(hotseat::annotations::Nag::SPECULATIVE_MOVE),
        "redo keeps it"
    );
}
