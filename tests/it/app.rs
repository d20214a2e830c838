//! The game screen's behaviour, driven through the real key tables and mouse mapping.

use crate::common;

use common::driver::{app_from, error, play, press, press_all, sans, send, type_move, type_text};
use crossterm::event::{Event, KeyCode, KeyEvent, KeyModifiers, MouseButton, MouseEvent, MouseEventKind};
use hotseat::app::{Action, App, Command, Effect, Mode, Point, Pointer, Question, Reading};
use hotseat::chess::{Color, Game, Move, Outcome, Position, Reason, Role, Square};
use hotseat::input::{self, Key};
use hotseat::tui;
use hotseat::ui::{self, Look};
use ratatui::Terminal;
use ratatui::backend::TestBackend;
use ratatui::layout::Rect;

const SCREEN: Rect = Rect { x: 0, y: 0, width: 100, height: 32 };

/// A mouse event at a screen cell through the real mouse mapping of a 100×32 screen;
/// says whether it meant anything.
fn mouse_at(app: &mut App, kind: MouseEventKind, column: u16, row: u16) -> bool {
    let event = Event::Mouse(MouseEvent { kind, column, row, modifiers: KeyModifiers::NONE });
    let action = input::action_for_event(&event, app.mode(), |x, y| ui::hit_test(SCREEN, app, x, y));
    action.map(|action| app.update(action)).is_some()
}

/// A mouse event in the middle of a square.
fn mouse(app: &mut App, kind: MouseEventKind, sq: Square) {
    let layout = ui::layout(SCREEN, app.flipped()).expect("fits");
    let rect = layout.board.square_rect(sq);
    mouse_at(app, kind, rect.x + rect.width / 2, rect.y + rect.height / 2);
}

fn click(app: &mut App, sq: Square) {
    mouse(app, MouseEventKind::Down(MouseButton::Left), sq);
    mouse(app, MouseEventKind::Up(MouseButton::Left), sq);
}

fn message(app: &App) -> Option<&str> {
    app.message().map(|m| m.text.as_str())
}

#[test]
fn typed_san_plays_moves_and_shows_them_in_the_record() {
    let mut app = App::new(Game::new());
    play(&mut app, "e4 e5 Nf3 Nc6 Bb5");
    assert_eq!(sans(&app), ["e4", "e5", "Nf3", "Nc6", "Bb5"]);
    assert_eq!(app.input(), "");
}

#[test]
fn coordinates_and_forgiving_forms_are_accepted() {
    let mut app = App::new(Game::new());
    play(&mut app, "e2e4 g8f6 ng1-f3");
    assert_eq!(sans(&app)[..3], ["e4", "Nf6", "Nf3"]);
    let mut app = App::new(Game::new());
    play(&mut app, "e4 e5 Nf3 Nc6 Bc4 Bc5 0-0");
    assert_eq!(sans(&app).last(), Some(&"O-O"));
}

#[test]
fn an_illegal_move_is_refused_with_the_reason_and_a_suggestion_and_nothing_changes() {
    let mut app = App::new(Game::new());
    let why = "Illegal move: Nf4 (no knight can reach f4) — did you mean Nf3?";
    type_text(&mut app, "Nf4");
    let Reading::Refused(hint) = app.reading() else { panic!("refused: {:?}", app.reading()) };
    assert_eq!(hint.to_string(), why, "the hint says what Enter will say");
    press(&mut app, Key::Enter);
    assert_eq!(error(&app), why);
    assert_eq!(app.game().ply(), 0);
    assert_eq!(app.input(), "Nf4", "the text stays, to mend");
    press(&mut app, Key::Esc);
    type_move(&mut app, "e9");
    assert!(error(&app).starts_with("Not a move: \"e9\""), "{}", error(&app));
    assert_eq!(app.game().ply(), 0);
}

#[test]
fn a_refused_move_can_be_mended_and_played() {
    let mut app = App::new(Game::new());
    type_move(&mut app, "Nf4");
    press(&mut app, Key::Backspace);
    type_move(&mut app, "3");
    assert_eq!(sans(&app), ["Nf3"]);
    assert_eq!(app.input(), "");
}

#[test]
fn an_ambiguous_move_names_the_candidates() {
    let mut app = app_from("4k3/8/8/8/8/8/8/N1N1K3 w - - 0 1");
    type_text(&mut app, "Nb3");
    assert_eq!(
        app.reading(),
        Reading::Ambiguous(vec![Move::normal(Square::A1, Square::B3), Move::normal(Square::C1, Square::B3)])
    );
    press(&mut app, Key::Enter);
    assert_eq!(error(&app), "Ambiguous: Nab3 or Ncb3?");
    assert_eq!(app.game().ply(), 0);
}

#[test]
fn while_typing_the_legal_moves_that_fit_are_listed_and_tab_completes() {
    let mut app = App::new(Game::new());
    press(&mut app, Key::Char('N'));
    let Reading::Incomplete(fits) = app.reading() else {
        panic!("N is the start of a move: {:?}", app.reading())
    };
    let mut fits: Vec<String> = fits.into_iter().map(|m| app.game().position().san(m)).collect();
    fits.sort_unstable();
    assert_eq!(fits, ["Na3", "Nc3", "Nf3", "Nh3"]);
    press(&mut app, Key::Char('f'));
    assert_eq!(app.reading(), Reading::Incomplete(vec![Move::normal(Square::G1, Square::F3)]));
    press(&mut app, Key::Tab);
    assert_eq!(app.input(), "Nf3", "one move fits: Tab completes it");
    press_all(&mut app, &[Key::Backspace, Key::Backspace]);
    assert_eq!(app.input(), "N");
    press_all(&mut app, &[Key::Backspace, Key::Char('e'), Key::Char('4'), Key::Tab]);
    assert_eq!(app.input(), "e4");
    assert_eq!(app.preview().map(Move::to), Some(Square::E4));
    press(&mut app, Key::Esc);
    assert_eq!(app.input(), "");
    assert_eq!(app.reading(), Reading::Empty);
    assert_eq!(app.game().ply(), 0);
}

#[test]
fn question_mark_and_space_are_text_once_something_is_typed() {
    let mut app = App::new(Game::new());
    type_text(&mut app, "Nf3!?");
    assert_eq!((app.mode(), app.input()), (Mode::Play, "Nf3!?"), "? in typed text does not open the help");
    press(&mut app, Key::Enter);
    assert_eq!(sans(&app), ["Nf3"]);
    type_text(&mut app, "d5 ");
    assert_eq!(app.input(), "d5 ", "a space in typed text is text");
    assert!(app.selection().is_none(), "and picks nothing up");
    press(&mut app, Key::Enter);
    assert_eq!(sans(&app), ["Nf3", "d5"]);
}

#[test]
fn question_mark_on_an_empty_line_and_f1_open_the_help_and_close_it() {
    let mut app = App::new(Game::new());
    press(&mut app, Key::Char('?'));
    assert_eq!(app.mode(), Mode::Help);
    press(&mut app, Key::Char('?'));
    assert_eq!(app.mode(), Mode::Play);
    press(&mut app, Key::F(1));
    assert_eq!(app.mode(), Mode::Help);
    press(&mut app, Key::F(1));
    assert_eq!(app.mode(), Mode::Play);
    type_text(&mut app, "e");
    press(&mut app, Key::F(1));
    assert_eq!(app.mode(), Mode::Help, "F1 opens the help over typed text");
    press(&mut app, Key::Esc);
    assert_eq!((app.mode(), app.input()), (Mode::Play, "e"), "and the text is still there after");
}

#[test]
fn the_help_scrolls_by_lines_and_pages_and_to_either_end() {
    let mut app = App::new(Game::new());
    press(&mut app, Key::F(1));
    press_all(&mut app, &[Key::Down, Key::Down]);
    assert_eq!(app.help_scroll(), 2);
    press(&mut app, Key::PageDown);
    assert_eq!(app.help_scroll(), 12);
    press(&mut app, Key::PageUp);
    assert_eq!(app.help_scroll(), 2);
    press(&mut app, Key::PageUp);
    assert_eq!(app.help_scroll(), 0, "never above the top");
    press(&mut app, Key::End);
    assert!(app.help_scroll() > 12, "the end: {}", app.help_scroll());
    press(&mut app, Key::Home);
    assert_eq!(app.help_scroll(), 0);
    assert!(!app.is_browsing(), "paging keys in the help do not browse the game");
}

#[test]
fn the_cursor_picks_up_and_puts_down_pieces() {
    let mut app = App::new(Game::new());
    assert_eq!(app.cursor(), Square::E2);
    press(&mut app, Key::Enter);
    assert_eq!(app.selection().map(|s| s.from), Some(Square::E2));
    press_all(&mut app, &[Key::Up, Key::Up, Key::Char(' ')]);
    assert_eq!(sans(&app), ["e4"]);
    // Black's first turn starts on the king's pawn, a piece that can move.
    assert_eq!(app.cursor(), Square::E7);
    press_all(&mut app, &[Key::Enter, Key::Down, Key::Down, Key::Enter]);
    assert_eq!(sans(&app), ["e4", "e5"]);
    // Later turns start on the piece that side moved last, or, the e-pawn being
    // blocked, on the piece nearest it that can move.
    assert_eq!(app.cursor(), Square::D2);
}

#[test]
fn each_turn_starts_the_cursor_on_a_piece_of_the_side_to_move_that_can_move() {
    let mut app = App::new(Game::new());
    play(&mut app, "Nf3 d5 Nc3 d4");
    assert_eq!(app.cursor(), Square::C3, "White's last piece moved");
    play(&mut app, "Nb5");
    assert_eq!(app.cursor(), Square::D4, "Black's last piece moved");
    // A piece that can no longer move is passed over for the nearest one that can.
    let app = app_from("4k3/8/8/8/8/4p3/4P3/4K3 w - - 0 1");
    assert_eq!(app.cursor(), Square::E1, "e2 is blocked: the king, next to it");
    // After a move by mouse too.
    let mut app = App::new(Game::new());
    send(&mut app, Action::Point(Point::Down(Pointer::Square(Square::G1))));
    send(&mut app, Action::Point(Point::Up(Some(Pointer::Square(Square::G1)))));
    send(&mut app, Action::Point(Point::Down(Pointer::Square(Square::F3))));
    send(&mut app, Action::Point(Point::Up(Some(Pointer::Square(Square::F3)))));
    assert_eq!(sans(&app), ["Nf3"]);
    assert_eq!(app.cursor(), Square::E7);
    press_all(&mut app, &[Key::Enter, Key::Down, Key::Down, Key::Enter]);
    assert_eq!(sans(&app), ["Nf3", "e5"]);
    assert_eq!(app.cursor(), Square::F3, "the keyboard follows the knight the mouse moved");
}

#[test]
fn arrows_follow_the_screen_when_the_board_is_flipped() {
    let mut app = App::new(Game::new());
    press(&mut app, Key::Ctrl('f'));
    assert!(app.flipped());
    press_all(&mut app, &[Key::Up, Key::Left]);
    assert_eq!(app.cursor(), Square::F1);
}

#[test]
fn esc_puts_the_piece_back_and_pointing_at_the_wrong_piece_says_why() {
    let mut app = App::new(Game::new());
    press_all(&mut app, &[Key::Enter, Key::Esc]);
    assert!(app.selection().is_none());
    press_all(&mut app, &[Key::Up, Key::Up, Key::Up, Key::Up, Key::Up, Key::Enter]);
    assert_eq!(error(&app), "The pawn on e7 is Black's. White to move.");
    press_all(&mut app, &[Key::Down, Key::Down, Key::Down, Key::Down, Key::Down, Key::Down, Key::Enter]);
    assert_eq!(error(&app), "The king on e1 has no legal move.");
    press_all(&mut app, &[Key::Up, Key::Enter, Key::Up, Key::Up, Key::Up, Key::Enter]);
    assert_eq!(error(&app), "Illegal move e2–e5: the pawn on e2 cannot reach e5.");
    assert_eq!(app.selection().map(|s| s.from), Some(Square::E2), "the piece stays in hand");
}

#[test]
fn castling_by_moving_the_king_two_squares_or_onto_its_rook() {
    let fen = "r3k2r/pppppppp/8/8/8/8/PPPPPPPP/R3K2R w KQkq - 0 1";
    let mut app = app_from(fen);
    press_all(&mut app, &[Key::Down, Key::Enter, Key::Right, Key::Right, Key::Enter]);
    assert_eq!(sans(&app), ["O-O"]);
    assert_eq!(app.game().position().piece_at(Square::F1).map(|p| p.role), Some(Role::Rook));

    let mut app = app_from(fen);
    click(&mut app, Square::E1);
    click(&mut app, Square::A1);
    assert_eq!(sans(&app), ["O-O-O"], "the king onto its own rook castles, it does not capture");
}

#[test]
fn chess960_castling_by_putting_the_king_on_its_rook() {
    let mut start = Position::from_fen("6k1/8/8/8/8/8/8/RK5R w HA - 0 1").expect("valid fen");
    start.set_chess960(true);
    // The king on b1 steps to c1 when pointed at c1, and castles when put on its rook.
    let mut app = App::new(Game::from_position(start.clone()));
    click(&mut app, Square::B1);
    click(&mut app, Square::C1);
    assert_eq!(sans(&app), ["Kc1"]);
    let mut app = App::new(Game::from_position(start));
    click(&mut app, Square::B1);
    click(&mut app, Square::A1);
    assert_eq!(sans(&app), ["O-O-O"]);
    let pos = app.game().position();
    assert_eq!(pos.piece_at(Square::C1).map(|p| p.role), Some(Role::King));
    assert_eq!(pos.piece_at(Square::D1).map(|p| p.role), Some(Role::Rook));
    assert!(
        App::new(Game::from_position(Position::chess960(0).expect("0 to 959")))
            .game()
            .position()
            .is_chess960()
    );
}

#[test]
fn the_promotion_picker_waits_for_a_piece_and_never_promotes_silently() {
    let fen = "8/P6k/8/8/8/8/8/K7 w - - 0 1";
    let mut app = app_from(fen);
    click(&mut app, Square::A7);
    click(&mut app, Square::A8);
    assert_eq!(app.mode(), Mode::Promotion);
    assert_eq!(app.game().ply(), 0, "no move until a piece is chosen");
    press(&mut app, Key::Esc);
    assert_eq!(app.mode(), Mode::Play);
    assert_eq!(app.game().ply(), 0);

    type_text(&mut app, "a8");
    assert!(matches!(app.reading(), Reading::Promotion(_)), "{:?}", app.reading());
    press(&mut app, Key::Enter);
    assert_eq!(app.mode(), Mode::Promotion);
    press(&mut app, Key::Char('n'));
    assert_eq!(sans(&app), ["a8=N"]);

    let mut app = app_from(fen);
    type_move(&mut app, "a7a8");
    press_all(&mut app, &[Key::Right, Key::Enter]);
    assert_eq!(sans(&app), ["a8=R"]);

    let mut app = app_from(fen);
    type_move(&mut app, "a8=B");
    assert_eq!(app.mode(), Mode::Play, "a typed piece skips the picker");
    assert_eq!(sans(&app), ["a8=B"]);
}

#[test]
fn the_promotion_picker_works_with_the_mouse() {
    let mut app = app_from("8/P6k/8/8/8/8/8/K7 w - - 0 1");
    mouse(&mut app, MouseEventKind::Down(MouseButton::Left), Square::A7);
    mouse(&mut app, MouseEventKind::Drag(MouseButton::Left), Square::A8);
    mouse(&mut app, MouseEventKind::Up(MouseButton::Left), Square::A8);
    assert_eq!(app.mode(), Mode::Promotion);
    let layout = ui::layout(SCREEN, false).expect("fits");
    let (x, y) = (0..SCREEN.width)
        .flat_map(|x| (0..SCREEN.height).map(move |y| (x, y)))
        .find(|&(x, y)| ui::hit_test(SCREEN, &app, x, y) == Some(Pointer::Promotion(Role::Bishop)))
        .expect("the bishop is in the picker");
    assert!(layout.board.area.contains((x, y).into()), "the picker is over the board");
    assert!(mouse_at(&mut app, MouseEventKind::Down(MouseButton::Left), x, y), "a click on the picker");
    assert_eq!(sans(&app), ["a8=B"]);
}

#[test]
fn mouse_click_click_and_drag_and_drop_both_move() {
    let mut app = App::new(Game::new());
    click(&mut app, Square::G1);
    assert_eq!(app.selection().map(|s| s.from), Some(Square::G1));
    click(&mut app, Square::F3);
    assert_eq!(sans(&app), ["Nf3"]);
    mouse(&mut app, MouseEventKind::Down(MouseButton::Left), Square::E7);
    mouse(&mut app, MouseEventKind::Drag(MouseButton::Left), Square::E6);
    mouse(&mut app, MouseEventKind::Drag(MouseButton::Left), Square::E5);
    mouse(&mut app, MouseEventKind::Up(MouseButton::Left), Square::E5);
    assert_eq!(sans(&app), ["Nf3", "e5"]);
    // A second click on the piece in hand puts it back.
    click(&mut app, Square::B1);
    click(&mut app, Square::B1);
    assert!(app.selection().is_none());
}

#[test]
fn undo_takes_back_and_redo_plays_again() {
    let mut app = App::new(Game::new());
    play(&mut app, "e4 e5 Nf3");
    press(&mut app, Key::Ctrl('z'));
    press(&mut app, Key::Ctrl('z'));
    assert_eq!(sans(&app), ["e4"]);
    press(&mut app, Key::Ctrl('y'));
    assert_eq!(sans(&app), ["e4", "e5"]);
    press(&mut app, Key::Ctrl('y'));
    assert_eq!(sans(&app), ["e4", "e5", "Nf3"]);
    press(&mut app, Key::Ctrl('y'));
    assert_eq!(error(&app), "Nothing to redo.");
    // A different move after a takeback forgets what was taken back.
    press(&mut app, Key::Ctrl('z'));
    assert!(app.can(&Action::Command(Command::Redo)));
    play(&mut app, "Nc3");
    assert!(!app.can(&Action::Command(Command::Redo)));
    assert!(!app.timeline().can_redo());
}

#[test]
fn undo_takes_back_a_resignation_without_the_move_before_it() {
    let mut app = App::new(Game::new());
    play(&mut app, "e4");
    press_all(&mut app, &[Key::Ctrl('r'), Key::Char('y')]);
    assert_eq!(app.game().outcome(), Some(Outcome::win(Color::White, Reason::Resignation)));
    press(&mut app, Key::Ctrl('z'));
    assert_eq!(app.game().outcome(), None);
    assert_eq!(sans(&app), ["e4"]);
    press(&mut app, Key::Ctrl('y'));
    assert_eq!(app.game().outcome(), Some(Outcome::win(Color::White, Reason::Resignation)));
}

#[test]
fn browsing_shows_earlier_positions_without_changing_the_game() {
    let mut app = App::new(Game::new());
    play(&mut app, "e4 e5 Nf3 Nc6");
    press_all(&mut app, &[Key::PageUp, Key::PageUp]);
    assert!(app.is_browsing());
    assert_eq!(app.shown_ply(), 2);
    assert_eq!(app.shown_position(), app.game().position_at(2).expect("ply 2"));
    assert_eq!(app.game().ply(), 4, "browsing keeps every move");
    press(&mut app, Key::Home);
    assert_eq!(app.shown_ply(), 0);
    press(&mut app, Key::PageUp);
    assert_eq!(app.shown_ply(), 0);
    press(&mut app, Key::PageDown);
    assert_eq!(app.shown_ply(), 1);
    press(&mut app, Key::End);
    assert!(!app.is_browsing());

    // Playing while browsing plays on the live position, after saying so.
    press_all(&mut app, &[Key::PageUp, Key::PageUp, Key::PageUp]);
    type_move(&mut app, "Bb5");
    assert!(!app.is_browsing());
    assert_eq!(sans(&app), ["e4", "e5", "Nf3", "Nc6", "Bb5"]);

    // Clicking a move in the list shows the position after it.
    let mut shown = None;
    for x in 0..SCREEN.width {
        for y in 0..SCREEN.height {
            if ui::hit_test(SCREEN, &app, x, y) == Some(Pointer::Ply(2)) {
                shown = Some((x, y));
            }
        }
    }
    let (x, y) = shown.expect("the move e5 is in the list");
    assert!(mouse_at(&mut app, MouseEventKind::Down(MouseButton::Left), x, y), "a click on the list");
    assert_eq!(app.shown_ply(), 2);
    assert_eq!(app.game().ply(), 5);
}

#[test]
fn a_draw_offer_is_accepted_with_y_or_declined_with_esc_by_the_other_player() {
    let mut app = App::new(Game::new());
    play(&mut app, "e4");
    // White has just moved: the offer is White's, made after the move (FIDE 9.1.2.2).
    press(&mut app, Key::Ctrl('o'));
    assert_eq!(app.question(), Some(Question::DrawOffer { by: Color::White }));
    assert_eq!(app.mode(), Mode::Question);
    press(&mut app, Key::Esc);
    assert_eq!(app.game().outcome(), None);
    assert_eq!(app.draw_offer(), None);
    assert_eq!(message(&app), Some("Black declines the draw."));
    press_all(&mut app, &[Key::Ctrl('o'), Key::Char('y')]);
    assert_eq!(app.game().outcome(), Some(Outcome::draw(Reason::Agreement)));
    type_move(&mut app, "e5");
    assert!(error(&app).starts_with("The game is over"), "{}", error(&app));
}

#[test]
fn a_move_typed_during_a_draw_offer_keeps_the_offer_until_it_is_played() {
    let mut app = App::new(Game::new());
    play(&mut app, "e4");
    press(&mut app, Key::Ctrl('o'));
    type_text(&mut app, "e");
    assert_eq!((app.mode(), app.input()), (Mode::Play, "e"), "the text of a move is typed");
    assert_eq!(app.draw_offer(), Some(Color::White), "the offer stands while the move is typed");
    // Esc clears the typing and asks again: the offer still waits for its answer.
    press(&mut app, Key::Esc);
    assert_eq!(app.question(), Some(Question::DrawOffer { by: Color::White }));
    assert_eq!(app.input(), "");
    type_move(&mut app, "e5");
    assert_eq!(sans(&app), ["e4", "e5"]);
    assert_eq!((app.draw_offer(), app.game().outcome()), (None, None));
    assert_eq!(message(&app), Some("Black plays on: White's draw offer is declined."));
}

#[test]
fn a_draw_offer_names_who_offers_and_who_answers_by_name() {
    let mut app = App::new(Game::new()).with_players("Anna", "Ben");
    play(&mut app, "e4 e5");
    press(&mut app, Key::Ctrl('o'));
    assert_eq!(app.question(), Some(Question::DrawOffer { by: Color::Black }), "Ben has just moved");
    assert_eq!(
        app.question_text().as_deref(),
        Some("Ben (Black) offers a draw. Anna (White), do you accept? (a move declines it)")
    );
    press(&mut app, Key::Esc);
    assert_eq!(message(&app), Some("Anna (White) declines the draw."));
    // The plain `draw` word is the same offer.
    type_move(&mut app, "draw");
    assert_eq!(app.question(), Some(Question::DrawOffer { by: Color::Black }));
    press(&mut app, Key::Char('y'));
    assert_eq!(app.game().outcome(), Some(Outcome::draw(Reason::Agreement)));
}

#[test]
fn the_resign_question_and_a_standing_offer_name_the_players() {
    let mut app = App::new(Game::new()).with_players("Anna", "Ben");
    play(&mut app, "e4");
    press(&mut app, Key::Ctrl('r'));
    assert_eq!(app.question(), Some(Question::Resign { by: Some(Color::Black) }));
    assert_eq!(app.question_text().as_deref(), Some("Ben (Black) resigns and loses the game. Are you sure?"));
    press(&mut app, Key::Esc);
    // An offer left standing while the player to move types: the status line names who made it.
    press(&mut app, Key::Ctrl('o'));
    type_text(&mut app, "e");
    assert_eq!(app.draw_offer(), Some(Color::White));
    let screen = common::screen::text(&common::screen::draw(&app, &Look::default(), 120, 40));
    assert!(screen.contains("Anna (White) offers a draw: Esc to answer"), "{screen}");
}

#[test]
fn a_draw_is_claimed_with_the_move_that_repeats_the_position() {
    let mut app = App::new(Game::new());
    play(&mut app, "Nf3 Nf6 Ng1 Ng8 Nf3 Nf6 Ng1");
    // Black writes Ng8 down and claims with it (FIDE 9.2.1.1): played and recorded.
    type_text(&mut app, "Ng8");
    assert!(app.can(&Action::Command(Command::ClaimDraw)));
    press(&mut app, Key::Ctrl('d'));
    assert_eq!(sans(&app).last(), Some(&"Ng8"), "the move is played");
    assert_eq!(app.game().outcome(), Some(Outcome::draw(Reason::ThreefoldRepetition)));
    // Undo takes back the draw, then the move.
    press(&mut app, Key::Ctrl('z'));
    assert_eq!((app.game().ply(), app.game().outcome()), (8, None));
}

#[test]
fn a_claim_with_a_move_that_makes_no_draw_plays_nothing_and_says_why() {
    let mut app = App::new(Game::new());
    play(&mut app, "Nf3 Nf6 Ng1 Ng8 Nf3 Nf6 Ng1");
    type_text(&mut app, "Nc6");
    assert!(!app.can(&Action::Command(Command::ClaimDraw)));
    press(&mut app, Key::Ctrl('d'));
    assert_eq!(app.game().ply(), 7, "nothing is played");
    assert_eq!(app.game().outcome(), None);
    let why = error(&app);
    assert_eq!(
        why,
        "No draw to claim with Nc6 (not played): after it the position stands for the 1st time, not the 3rd."
    );
    assert_eq!(app.input(), "Nc6", "the text stays, to play it with Enter or mend it");
}

#[test]
fn a_draw_is_claimed_with_the_move_that_completes_fifty_moves() {
    let mut app = app_from("4k3/8/8/8/8/8/8/R3K3 w - - 99 80");
    type_text(&mut app, "Ra2");
    press(&mut app, Key::Ctrl('d'));
    assert_eq!(sans(&app), ["Ra2"]);
    assert_eq!(app.game().outcome(), Some(Outcome::draw(Reason::FiftyMoveRule)));
    let mut app = app_from("4k3/8/8/8/8/8/8/R3K3 w - - 97 80");
    type_text(&mut app, "Ra2");
    press(&mut app, Key::Ctrl('d'));
    assert_eq!(app.game().ply(), 0, "nothing is played");
    assert_eq!(
        error(&app),
        "No draw to claim with Ra2 (not played): after it, 49 moves each without capture or pawn move, not 50."
    );
}

#[test]
fn the_engine_review_of_a_game_being_played_waits_for_a_yes() {
    let mut app = App::new(Game::new());
    play(&mut app, "e4 e5");
    let effects = press(&mut app, Key::Ctrl('e'));
    assert_eq!(app.question(), Some(Question::Review));
    assert!(
        app.question_text().is_some_and(|q| q.contains("Both players will see")),
        "{:?}",
        app.question_text()
    );
    assert!(!effects.contains(&Effect::Analyse), "nothing starts before the yes");
    press(&mut app, Key::Esc);
    assert!(app.reviewing().is_none());
    press(&mut app, Key::Ctrl('e'));
    let effects = press(&mut app, Key::Char('y'));
    assert!(effects.contains(&Effect::Analyse), "{effects:?}");
    assert!(app.reviewing().is_some());
}

#[test]
fn the_engine_review_starts_at_once_after_the_game_or_when_only_looking_through() {
    let mut app = App::new(Game::new());
    play(&mut app, "f3 e5 g4 Qh4#");
    assert!(app.game().is_over());
    let effects = press(&mut app, Key::Ctrl('e'));
    assert!(effects.contains(&Effect::Analyse), "{effects:?}");
    let mut game = Game::new();
    game.play_san("e4").expect("legal");
    let mut app = App::new(game).looking_through(true);
    let effects = press(&mut app, Key::Ctrl('e'));
    assert_eq!(app.question(), None);
    assert!(effects.contains(&Effect::Analyse), "{effects:?}");
}

#[test]
fn n_in_a_question_is_move_text_and_answers_no() {
    let mut app = App::new(Game::new());
    play(&mut app, "e4");
    press(&mut app, Key::Ctrl('n'));
    assert_eq!(app.question(), Some(Question::NewGame));
    type_move(&mut app, "Nf6");
    assert_eq!(sans(&app), ["e4", "Nf6"], "the game goes on with the move typed");
    assert_eq!(app.question(), None);
}

#[test]
fn enter_answers_no_question_and_says_which_keys_do() {
    for (keys, question) in [
        (&[Key::Ctrl('o')][..], Question::DrawOffer { by: Color::White }),
        (&[Key::Ctrl('n')][..], Question::NewGame),
        (&[Key::Ctrl('r')][..], Question::Resign { by: Some(Color::Black) }),
    ] {
        let mut app = App::new(Game::new());
        play(&mut app, "e4");
        press_all(&mut app, keys);
        assert_eq!(app.question(), Some(question));
        press(&mut app, Key::Enter);
        assert_eq!(app.question(), Some(question), "Enter does not answer {question:?}");
        assert_eq!((app.game().ply(), app.game().outcome()), (1, None));
        let text = error(&app);
        assert!(text.contains('Y') && text.contains("Esc"), "{question:?}: {text}");
    }
}

#[test]
fn a_draw_is_claimed_by_repetition_and_refused_when_not_claimable() {
    let mut app = App::new(Game::new());
    press(&mut app, Key::Ctrl('d'));
    assert!(error(&app).starts_with("No draw to claim"));
    play(&mut app, "Nf3 Nf6 Ng1 Ng8 Nf3 Nf6 Ng1");
    press(&mut app, Key::Ctrl('d'));
    assert_eq!(app.game().outcome(), None);
    play(&mut app, "Ng8");
    assert_eq!(app.game().outcome(), None, "threefold repetition does not end the game by itself");
    press(&mut app, Key::Ctrl('d'));
    assert_eq!(app.game().outcome(), Some(Outcome::draw(Reason::ThreefoldRepetition)));
}

#[test]
fn resigning_names_the_side_to_move_then_asks_whether_they_are_sure() {
    let mut app = App::new(Game::new());
    press(&mut app, Key::Ctrl('r'));
    assert_eq!(
        (app.mode(), app.question()),
        (Mode::Resign, Some(Question::Resign { by: Some(Color::White) }))
    );
    assert_eq!(
        app.question().map(Question::text).as_deref(),
        Some("White resigns and loses the game. Are you sure?")
    );
    press(&mut app, Key::Tab);
    assert_eq!(app.question(), Some(Question::Resign { by: Some(Color::Black) }), "Tab names the other side");
    press(&mut app, Key::Tab);
    assert_eq!(app.question(), Some(Question::Resign { by: Some(Color::White) }));
    press(&mut app, Key::Right);
    assert_eq!(app.question(), Some(Question::Resign { by: Some(Color::Black) }), "→ names Black");
    press(&mut app, Key::Left);
    assert_eq!(app.question(), Some(Question::Resign { by: Some(Color::White) }), "← names White");
    // N is move text: nobody resigns, and the move is being typed.
    press(&mut app, Key::Char('n'));
    assert_eq!((app.mode(), app.input(), app.game().outcome()), (Mode::Play, "n", None));
    press_all(&mut app, &[Key::Esc, Key::Ctrl('r'), Key::Esc]);
    assert_eq!((app.mode(), app.game().outcome()), (Mode::Play, None));
    press_all(&mut app, &[Key::Ctrl('r'), Key::Char('Y')]);
    assert_eq!(app.game().outcome(), Some(Outcome::win(Color::Black, Reason::Resignation)));
}

#[test]
fn the_player_who_just_moved_can_resign_too() {
    let mut app = App::new(Game::new());
    play(&mut app, "e4");
    press_all(&mut app, &[Key::Ctrl('r'), Key::Tab, Key::Char('y')]);
    assert_eq!(app.game().outcome(), Some(Outcome::win(Color::Black, Reason::Resignation)));
    assert_eq!(sans(&app), ["e4"], "Black is to move and wins without moving");
}

#[test]
fn a_move_typed_after_an_accidental_resign_key_resigns_nobody() {
    for text in ["Bb5", "b4", "e4", "Nf3", "O-O", "Qxb7", "exd5"] {
        let mut app = App::new(Game::new());
        play(&mut app, "e4 e5 Nf3 Nc6");
        press(&mut app, Key::Ctrl('r'));
        // Enter and Space answer nothing.
        press_all(&mut app, &[Key::Enter, Key::Char(' ')]);
        assert_eq!(app.question(), Some(Question::Resign { by: Some(Color::White) }), "{text}");
        type_move(&mut app, text);
        press(&mut app, Key::Char(' '));
        assert_eq!((app.mode(), app.question()), (Mode::Play, None), "{text}: the move closes the question");
        assert_eq!(app.game().outcome(), None, "{text}");
    }
}

#[test]
fn a_new_game_asks_when_a_game_is_in_progress() {
    let mut app = App::new(Game::new());
    play(&mut app, "e4");
    press_all(&mut app, &[Key::Ctrl('n'), Key::Esc]);
    assert_eq!(app.game().ply(), 1);
    press_all(&mut app, &[Key::Ctrl('n'), Key::Enter]);
    assert_eq!(app.game().ply(), 1, "Enter does not abandon the game");
    let effects = press(&mut app, Key::Char('y'));
    assert_eq!(app.game().ply(), 0);
    assert_eq!(effects.last(), Some(&Effect::NewGame));
}

#[test]
fn checkmate_ends_the_game_and_undo_takes_it_back() {
    let mut app = App::new(Game::new());
    play(&mut app, "f3 e5 g4 Qh4#");
    assert_eq!(app.game().outcome().map(|o| o.to_string()).as_deref(), Some("Checkmate — Black wins 0-1"));
    press(&mut app, Key::Ctrl('z'));
    assert_eq!(app.game().outcome(), None);
}

#[test]
fn auto_flip_turns_the_board_to_the_side_to_move() {
    let mut app = App::new(Game::new()).with_auto_flip(true);
    assert!(!app.flipped());
    play(&mut app, "e4");
    assert!(app.flipped());
    press(&mut app, Key::Ctrl('z'));
    assert!(!app.flipped());
    press(&mut app, Key::Ctrl('t'));
    play(&mut app, "e4");
    assert!(!app.flipped(), "switched off");
}

#[test]
fn every_change_to_the_record_asks_for_a_save() {
    let mut app = App::new(Game::new());
    let mut effects = play(&mut app, "e4 e5");
    effects.extend(press(&mut app, Key::Ctrl('z')));
    effects.extend(press_all(&mut app, &[Key::Ctrl('o'), Key::Char('y')]));
    assert_eq!(effects, [Effect::Save; 4], "two moves, a take-back and a result");
    assert!(press_all(&mut app, &[Key::Ctrl('f'), Key::PageUp]).is_empty(), "nothing else asks for a save");
}

#[test]
fn ctrl_c_quits_from_every_mode() {
    /// A name, a start position, moves and keys, and how to tell the state is reached.
    type State = (&'static str, &'static str, &'static str, &'static [Key], fn(&App) -> bool);
    let ctrl_c = Event::Key(KeyEvent::new(KeyCode::Char('c'), KeyModifiers::CONTROL));
    let promotion = "8/P6k/8/8/8/8/8/K7 w - - 0 1";
    let start = "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1";
    let states: [State; 10] = [
        ("playing", start, "", &[], |app| app.mode() == Mode::Play),
        ("typing", start, "", &[Key::Char('N'), Key::Char('f')], |app| app.input() == "Nf"),
        ("selection", start, "", &[Key::Enter], |app| app.selection().is_some()),
        ("promotion picker", promotion, "", &[Key::Char('a'), Key::Char('8'), Key::Enter], |app| {
            app.mode() == Mode::Promotion
        }),
        ("question", start, "e4", &[Key::Ctrl('o')], |app| app.mode() == Mode::Question),
        ("who resigns", start, "e4", &[Key::Ctrl('r'), Key::Tab], |app| app.mode() == Mode::Resign),
        ("help", start, "", &[Key::Char('?')], |app| app.mode() == Mode::Help),
        ("game record", start, "e4", &[Key::F(2)], |app| app.mode() == Mode::Record),
        ("browsing", start, "e4 e5", &[Key::PageUp], |app| app.is_browsing()),
        ("game over", start, "f3 e5 g4 Qh4#", &[], |app| app.game().is_over()),
    ];
    for (name, fen, moves, keys, in_state) in states {
        let mut app = app_from(fen);
        play(&mut app, moves);
        press_all(&mut app, keys);
        assert!(in_state(&app), "{name}: not in the state to test");
        let action = input::action_for_event(&ctrl_c, app.mode(), |_, _| None).expect("an action");
        app.update(action);
        assert!(app.should_quit(), "{name}: Ctrl-C must quit");
    }
}

#[test]
fn the_real_loop_plays_fools_mate_from_scripted_keys() {
    let mut events: Vec<Event> = Vec::new();
    for text in ["f3", "e5", "g4", "Qh4#"] {
        for c in text.chars() {
            events.push(Event::Key(KeyEvent::new(KeyCode::Char(c), KeyModifiers::NONE)));
        }
        events.push(Event::Key(KeyEvent::new(KeyCode::Enter, KeyModifiers::NONE)));
    }
    events.push(Event::Resize(60, 20));
    let mut terminal = Terminal::new(TestBackend::new(100, 32)).expect("test terminal");
    let mut app = App::new(Game::new());
    let mut host = hotseat::session::Counting::default();
    tui::run(&mut terminal, &mut events.into_iter(), &mut app, &Look::default(), &mut host)
        .expect("the loop runs");
    assert_eq!(app.game().outcome(), Some(Outcome::win(Color::Black, Reason::Checkmate)));
    assert_eq!(host.effects, [Effect::Save; 4], "the host saves after every move");
    let screen: String =
        terminal.backend().buffer().content().iter().map(ratatui::buffer::Cell::symbol).collect();
    assert!(screen.contains("Checkmate — Black wins 0-1"), "{screen}");
}
