//! The whole screen, drawn headless on ratatui's `TestBackend`, compared with the screens
//! kept as text at two sizes (`tests/it/snapshots`, see [`crate::snapshot`]); and the
//! README picture, an SVG made from the same buffer with its colours (refresh it with
//! `UPDATE_SCREENSHOT=1 cargo test --test it screen::`).

use std::fmt::Write as _;

use crate::common;
use crate::snapshot::assert_screen;

use common::driver::{app_from, play, press_all, type_move, type_text};
use common::screen::{draw, draw_view, text};
use common::svg::svg;
use hotseat::app::{Action, App, Mode, Show};
use hotseat::chess::{ByColor, Game};
use hotseat::input::{self, Key};
use hotseat::records::{self, Destination};
use hotseat::session::Recorder;
use hotseat::ui::{self, ColorSupport, Look, PieceSet, View, theme};
use ratatui::buffer::Buffer;
use ratatui::style::Modifier;

/// The classic terminal and a roomier one.
const SIZES: [(u16, u16); 2] = [(80, 24), (120, 40)];

/// Compares the screen at both sizes with the kept ones.
fn snapshot(name: &str, app: &App, look: &Look) {
    for (w, h) in SIZES {
        assert_screen(format!("{name}_{w}x{h}"), text(&draw(app, look, w, h)));
    }
}

fn colour() -> Look {
    Look::default()
}

#[test]
fn start_position() {
    snapshot("start", &App::new(Game::new()), &colour());
}

#[test]
fn selection_with_quiet_moves_and_captures() {
    let mut app = App::new(Game::new());
    play(&mut app, "e4 d5 Nc3 Nf6");
    // White's turn starts on c3, the last piece White moved; walk to e4 and pick up the pawn.
    press_all(&mut app, &[Key::Up, Key::Right, Key::Right, Key::Enter]);
    assert_eq!(app.selection().map(|s| s.from.to_string()).as_deref(), Some("e4"));
    snapshot("selection", &app, &colour());
    let mono = Look { colors: ColorSupport::None, ..colour() };
    assert_screen("selection_no_colour_80x24", text(&draw(&app, &mono, 80, 24)));
    let ascii = Look { pieces: PieceSet::Letters, ..colour() };
    assert_screen("selection_ascii_80x24", text(&draw(&app, &ascii, 80, 24)));
}

#[test]
fn promotion_picker() {
    let mut app = app_from("8/P6k/8/8/8/8/8/K7 w - - 0 1");
    type_move(&mut app, "a8");
    snapshot("promotion", &app, &colour());
}

#[test]
fn check() {
    let mut app = App::new(Game::new());
    play(&mut app, "e4 f5 Qh5+");
    snapshot("check", &app, &colour());
}

#[test]
fn typing_shows_the_moves_that_fit() {
    let mut app = App::new(Game::new());
    play(&mut app, "e4 e5");
    type_text(&mut app, "N");
    assert_screen("typing_80x24", text(&draw(&app, &colour(), 80, 24)));
    type_move(&mut app, "f4");
    assert_screen("illegal_move_80x24", text(&draw(&app, &colour(), 80, 24)));
}

#[test]
fn end_banners() {
    let cases: [(&str, &str, &str, &[Key]); 9] = [
        ("checkmate", "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1", "f3 e5 g4 Qh4#", &[]),
        ("stalemate", "7k/8/6Q1/8/8/8/8/K7 w - - 0 1", "Qf7", &[]),
        ("insufficient_material", "4k3/8/8/8/8/8/3p4/4K3 w - - 0 1", "Kxd2", &[]),
        (
            "fivefold_repetition",
            "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1",
            "Nf3 Nf6 Ng1 Ng8 Nf3 Nf6 Ng1 Ng8 Nf3 Nf6 Ng1 Ng8 Nf3 Nf6 Ng1 Ng8",
            &[],
        ),
        ("seventy_five_moves", "4k3/8/8/8/8/8/8/R3K3 w - - 149 100", "Ra2", &[]),
        (
            "threefold_claimed",
            "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1",
            "Nf3 Nf6 Ng1 Ng8 Nf3 Nf6 Ng1 Ng8",
            &[Key::Ctrl('d')],
        ),
        ("fifty_moves_claimed", "4k3/8/8/8/8/8/8/R3K3 w - - 99 80", "Ra2", &[Key::Ctrl('d')]),
        (
            "agreement",
            "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1",
            "d4 d5",
            &[Key::Ctrl('o'), Key::Char('y')],
        ),
        (
            "resignation",
            "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1",
            "d4",
            &[Key::Ctrl('r'), Key::Char('y')],
        ),
    ];
    for (name, fen, moves, keys) in cases {
        let mut app = app_from(fen);
        play(&mut app, moves);
        press_all(&mut app, keys);
        assert!(app.game().is_over(), "{name}");
        snapshot(&format!("end_{name}"), &app, &colour());
    }
}

#[test]
fn claimable_draw_is_announced_with_its_key() {
    let mut app = App::new(Game::new());
    play(&mut app, "Nf3 Nf6 Ng1 Ng8 Nf3 Nf6 Ng1 Ng8");
    assert_screen("claimable_threefold_80x24", text(&draw(&app, &colour(), 80, 24)));
}

#[test]
fn help_overlay() {
    let mut app = App::new(Game::new());
    press_all(&mut app, &[Key::Char('?')]);
    snapshot("help", &app, &colour());
}

#[test]
fn the_key_bar_offers_the_engine_and_the_coach_where_they_apply() {
    let app = App::new(Game::new());
    let bar = |view: &View<'_>| {
        let screen = text(&draw_view(&app, view, &colour(), 140, 40));
        screen.lines().find(|line| line.contains("^Q quit")).unwrap_or_default().to_owned()
    };
    let plain = bar(&View::default());
    assert!(!plain.contains("engine") && !plain.contains("hint"), "{plain}");
    let with = bar(&View { engine: true, coach: true, ..View::default() });
    assert!(with.contains("^B engine") && with.contains("^A hint"), "{with}");
}

#[test]
fn a_terminal_that_may_not_play_is_offered_no_move_offer_or_resignation() {
    let app = App::new(Game::new());
    let watching = |action: &Action| !matches!(action, Action::Command(_));
    let view = View { may: Some(&watching), company: true, ..View::default() };
    let screen = text(&draw_view(&app, &view, &colour(), 140, 40));
    let bar = screen.lines().find(|line| line.contains("^Q quit")).unwrap_or_default();
    for never in ["undo", "offer draw", "resign", "new", "claim"] {
        assert!(!bar.contains(never), "{never}: {bar}");
    }
    assert!(bar.contains("chat") && bar.contains("flip"), "{bar}");
}

#[test]
fn chat_is_in_the_help_only_where_others_are_in_the_game() {
    let mut app = App::new(Game::new());
    press_all(&mut app, &[Key::Char('?')]);
    let alone = text(&draw(&app, &colour(), 200, 100));
    let together = text(&draw_view(&app, &View { company: true, ..View::default() }, &colour(), 200, 100));
    assert!(!alone.contains(input::CHAT.help), "{alone}");
    assert!(together.contains(input::CHAT.help), "{together}");
}

#[test]
fn help_wraps_its_lines_on_the_smallest_terminal_instead_of_cutting_them() {
    let mut app = App::new(Game::new());
    press_all(&mut app, &[Key::Char('?')]);
    assert_screen("help_51x13", text(&draw(&app, &colour(), 51, 13)));
    // With other terminals in the game, so that chat is listed too.
    let company = View { company: true, ..View::default() };
    let draw = |app: &App, look: &Look, width, height| draw_view(app, &company, look, width, height);
    // Scrolled a line at a time to its end, every help text shows whole in some window.
    let mut windows = Vec::new();
    let mut last_screen = String::new();
    for _ in 0..400 {
        let screen = text(&draw(&app, &colour(), 51, 13));
        if screen == last_screen {
            break;
        }
        let inside: Vec<&str> = screen
            .lines()
            .filter_map(|line| line.strip_prefix('│')?.strip_suffix('│'))
            .map(str::trim)
            .collect();
        windows.push(inside.join(" ").split_whitespace().collect::<Vec<_>>().join(" "));
        last_screen = screen;
        press_all(&mut app, &[Key::Down]);
    }
    // The help lists the keys of every mode.
    for binding in Mode::ALL.into_iter().flat_map(input::bindings) {
        assert!(
            windows.iter().any(|w| w.contains(binding.help)),
            "{:?} is never shown whole:\n{}",
            binding.help,
            windows.join("\n")
        );
    }
}

#[test]
fn draw_offer_question() {
    let mut app = App::new(Game::new());
    play(&mut app, "e4");
    press_all(&mut app, &[Key::Ctrl('o')]);
    snapshot("draw_offer", &app, &colour());
}

#[test]
fn resign_question_names_the_side_to_move_then_the_other_side() {
    let mut app = App::new(Game::new());
    play(&mut app, "e4");
    press_all(&mut app, &[Key::Ctrl('r')]);
    assert_screen("resign_who_80x24", text(&draw(&app, &colour(), 80, 24)));
    press_all(&mut app, &[Key::Tab]);
    assert_screen("resign_sure_80x24", text(&draw(&app, &colour(), 80, 24)));
}

/// Whether the hint for `word` on the key hint line (the lowest line with text) is
/// dimmed; `None` when it is not shown.
fn hint_dimmed(buf: &Buffer, word: &str) -> Option<bool> {
    let area = buf.area;
    let row =
        (0..area.height).rev().find(|&y| (0..area.width).any(|x| !buf[(x, y)].symbol().trim().is_empty()))?;
    let line: Vec<&str> = (0..area.width).map(|x| buf[(x, row)].symbol()).collect();
    let at = line.join("").find(&format!(" {word}  "))? + 1;
    Some(buf[(area.x + at as u16, row)].modifier.contains(Modifier::DIM))
}

#[test]
fn hints_for_what_cannot_be_done_now_are_dimmed_and_the_rest_are_not() {
    let mut app = App::new(Game::new());
    let screen = draw(&app, &colour(), 120, 40);
    assert_eq!(hint_dimmed(&screen, "undo"), Some(true), "nothing to take back:\n{}", text(&screen));
    assert_eq!(hint_dimmed(&screen, "resign"), Some(false));
    assert_eq!(hint_dimmed(&screen, "pause"), None, "a game without clocks never pauses");
    play(&mut app, "e4");
    let screen = draw(&app, &colour(), 120, 40);
    assert_eq!(hint_dimmed(&screen, "undo"), Some(false), "{}", text(&screen));
    // Short of room, the dimmed hints go first.
    let screen = draw(&App::new(Game::new()), &colour(), 80, 24);
    assert_eq!(hint_dimmed(&screen, "undo"), None, "{}", text(&screen));
    assert_eq!(hint_dimmed(&screen, "flip"), Some(false), "{}", text(&screen));
}

#[test]
fn browsing_an_earlier_position() {
    let mut app = App::new(Game::new());
    play(&mut app, "e4 e5 Nf3 Nc6 Bb5 a6");
    press_all(&mut app, &[Key::PageUp, Key::PageUp, Key::PageUp]);
    assert_screen("browsing_80x24", text(&draw(&app, &colour(), 80, 24)));
}

#[test]
fn browsing_says_whose_move_it_was_there_and_hides_the_cursor() {
    let mut app = App::new(Game::new());
    play(&mut app, "e4 e5 Nf3");
    // The wood theme's cursor colour, on the board's squares (the move list marks the
    // move shown with it too).
    let cursor_cells = |app: &App| {
        let buf = draw(app, &colour(), 100, 32);
        let squares = ui::layout(buf.area, false).expect("fits").board.squares();
        squares.positions().filter(|&p| buf[p].bg == ratatui::style::Color::Rgb(0x3D, 0x7F, 0xC4)).count()
    };
    assert!(cursor_cells(&app) > 0, "live, the cursor shows");
    assert!(text(&draw(&app, &colour(), 100, 32)).contains("Black to move"));
    press_all(&mut app, &[Key::PageUp]);
    let screen = text(&draw(&app, &colour(), 100, 32));
    assert!(screen.contains("White to move in the position shown · live: Black to move"), "{screen}");
    assert_eq!(cursor_cells(&app), 0, "browsing, the cursor of the live game is hidden");
}

#[test]
fn the_opening_of_the_position_shown_is_in_the_panel_broken_or_cut_at_a_word() {
    let mut app = App::new(Game::new());
    play(&mut app, "e4 c5 Nf3 d6 d4 cxd4 Nxd4 Nf6 Nc3 a6 Be3 e5");
    // The last named position is 6. Be3, the English Attack; 6... e5 is not named.
    // `B90 Sicilian Defense: Najdorf Variation, English Attack`: on two rows, broken at
    // a word, where the panel is tall; cut at a word on one row where it is short.
    let tall = text(&draw(&app, &colour(), 100, 32));
    assert!(tall.contains("│B90 Sicilian Defense: "), "{tall}");
    assert!(tall.contains("│Najdorf Variation, English Attack "), "{tall}");
    let short = text(&draw(&app, &colour(), 80, 16));
    assert!(short.contains("│B90 Sicilian Defense: Najdorf…"), "{short}");
    press_all(&mut app, &[Key::PageUp; 10]);
    assert_eq!(app.shown_ply(), 2);
    let browsing = text(&draw(&app, &colour(), 80, 24));
    assert!(browsing.contains("│B20 Sicilian Defense ") && !browsing.contains("Najdorf"), "{browsing}");
    press_all(&mut app, &[Key::Home]);
    assert_eq!(app.shown_ply(), 0);
    assert!(!text(&draw(&app, &colour(), 80, 24)).contains("B00"), "the start has no name");
}

#[test]
fn flipped_board() {
    let mut app = App::new(Game::new());
    play(&mut app, "d4 Nf6 c4 e6");
    press_all(&mut app, &[Key::Ctrl('f')]);
    snapshot("flipped", &app, &colour());
}

#[test]
fn clocks_beside_the_board() {
    use std::time::{Duration, Instant};
    let control = "1+0".parse().expect("valid time control");
    let t0 = Instant::now();
    let mut app = App::new(Game::new()).with_clocks(ByColor { white: control, black: control }, &[], t0);
    for (at, san) in [(0, "e4"), (0, "e5"), (5, "Nf3"), (56, "Nc6")] {
        app.update(Action::Tick(t0 + Duration::from_secs(at)));
        play(&mut app, san);
    }
    // White's clock runs (0:50); Black's is low (9.0) and stands.
    app.update(Action::Tick(t0 + Duration::from_millis(60_300)));
    snapshot("clocks", &app, &colour());
}

#[test]
fn too_small() {
    let app = App::new(Game::new());
    for (w, h) in [(30, 10), (50, 12)] {
        assert_screen(format!("too_small_{w}x{h}"), text(&draw(&app, &colour(), w, h)));
    }
}

#[test]
fn a_tall_narrow_terminal_puts_the_moves_under_the_board() {
    let mut app = App::new(Game::new());
    play(&mut app, "e4 c5 Nf3 d6 d4 cxd4 Nxd4 Nf6 Nc3 a6");
    assert_screen("tall_narrow_44x40", text(&draw(&app, &colour(), 44, 40)));
}

#[test]
fn long_games_scroll_the_move_list_to_the_latest_move() {
    let mut app = App::new(Game::new());
    play(&mut app, "a3 a6 b3 b6 c3 c6 d3 d6 e3 e6 f3 f6 g3 g6 h3 h6");
    play(&mut app, "a4 a5 b4 b5 c4 c5 d4 d5 e4 e5 f4 f5 g4 g5 h4 h5");
    // Sixteen move pairs: more than the small panel has rows.
    let screen = text(&draw(&app, &colour(), 80, 24));
    assert!(screen.contains("16. h4      h5"), "{screen}");
    assert!(!screen.contains(" 1. a3"), "{screen}");
}

#[test]
fn any_size_draws_the_promotion_picker_without_panicking() {
    let mut app = app_from("8/P6k/8/8/8/8/8/K7 w - - 0 1");
    type_move(&mut app, "a8");
    for (w, h) in [(1, 1), (51, 13), (26, 19), (500, 200), (250, 70), (u16::MAX / 64, u16::MAX / 256)] {
        draw(&app, &colour(), w, h);
    }
}

#[test]
fn any_size_draws_without_panicking() {
    let mut app = App::new(Game::new());
    play(&mut app, "e4 e5");
    press_all(&mut app, &[Key::Enter]);
    for (w, h) in [(1, 1), (2, 3), (10, 5), (51, 13), (52, 14), (26, 19), (60, 45), (500, 200), (250, 70)] {
        for mode in
            [&[][..], &[Key::Char('?')][..], &[Key::Ctrl('o')][..], &[Key::Ctrl('r')][..], &[Key::F(2)][..]]
        {
            let mut app = app.clone();
            press_all(&mut app, mode);
            draw(&app, &colour(), w, h);
            draw(&app, &Look { colors: ColorSupport::None, ..colour() }, w, h);
        }
    }
}

#[test]
fn game_record_overlay() {
    let file =
        std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/data/games/kasparov-deep-blue-1997.pgn");
    let games = records::read_games(&file).expect("the file splits into games");
    let record = records::load(&file, &games, 1).expect("game 1 loads");
    let mut app = App::new(record.game.clone()).with_players("Kasparov", "Deep Blue");
    let recorder = Recorder::new(Destination::File("unused.pgn".into()), record.tags);
    let pgn = recorder.record(&app).to_pgn();
    let view = View { pgn: Some(&pgn), ..View::default() };
    press_all(&mut app, &[Key::PageUp, Key::F(2)]);
    for (w, h) in SIZES {
        assert_screen(format!("game_record_{w}x{h}"), text(&draw_view(&app, &view, &colour(), w, h)));
    }
    press_all(&mut app, &[Key::End]);
    assert_screen("game_record_end_80x24", text(&draw_view(&app, &view, &colour(), 80, 24)));
}

// ----- the README picture -----

/// A mid-game position with a piece picked up, as an SVG of the screen with its colours.
fn screenshot() -> String {
    let mut app = App::new(Game::new());
    play(&mut app, "e4 e5 Nf3 Nc6 Bb5 a6 Ba4 Nf6 O-O b5 Bb3 d6 c3 Bg4 h3 Bh5");
    // White's turn starts on h3, the pawn White moved last: walk to f3 and pick up
    // the knight, which can capture on e5.
    press_all(&mut app, &[Key::Left, Key::Left, Key::Enter]);
    assert_eq!(app.selection().map(|s| s.from.to_string()).as_deref(), Some("f3"));
    let look = Look {
        theme: theme::WOOD,
        colors: ColorSupport::TrueColor,
        pieces: PieceSet::Glyphs,
        ..Look::default()
    };
    svg(&draw(&app, &look, 120, 40))
}

#[test]
fn the_readme_picture_is_current() {
    common::svg::assert_picture_current("screenshot.svg", &screenshot(), "screen");
}

// ----- the key tables of the README and the manual -----

/// The key tables as Markdown, for the manual (every mode) or the README (play alone).
fn key_table(modes: &[Mode]) -> String {
    let mut out = String::from("| Keys | What they do |\n|---|---|\n");
    for (mode, title) in [
        (Mode::Play, ""),
        (Mode::Promotion, "Promotion picker: "),
        (Mode::Question, "Questions: "),
        (Mode::Resign, "Resigning: "),
        (Mode::Comment, "Comment editor: "),
        (Mode::Record, "Game record: "),
    ] {
        if !modes.contains(&mode) {
            continue;
        }
        for binding in input::bindings(mode) {
            // Quit and repaint work everywhere: listed once, with the keys of play.
            let everywhere = matches!(binding.action(), Some(Action::Quit | Action::Show(Show::Repaint)));
            if mode != Mode::Play && everywhere {
                continue;
            }
            writeln!(out, "| `{}` | {title}{} |", binding.key_names(), binding.help).expect("write");
        }
    }
    out
}

fn read_doc(name: &str) -> String {
    let path = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join(name);
    std::fs::read_to_string(&path).unwrap_or_else(|err| panic!("{}: {err}", path.display()))
}

#[test]
fn the_readme_and_the_manual_key_tables_match_the_keys() {
    let table = key_table(&[Mode::Play]);
    assert!(
        read_doc("README.md").contains(&table),
        "the README's key table is out of date; it should read:\n\n{table}"
    );
    let table = key_table(&Mode::ALL);
    assert!(
        read_doc("docs/playing.md").contains(&table),
        "docs/playing.md's key table is out of date; it should read:\n\n{table}"
    );
}

#[test]
fn the_manuals_table_of_command_words_matches_the_keys() {
    let mut table = String::from("| Word | Its own keys | What it does |\n|---|---|---|\n");
    for bindable in input::BINDABLE {
        let keys: Vec<String> = bindable.keys.iter().map(|k| format!("`{}`", k.config_name())).collect();
        writeln!(table, "| `{}` | {} | {} |", bindable.word, keys.join(", "), bindable.what())
            .expect("write");
    }
    assert!(
        read_doc("docs/options.md").contains(&table),
        "docs/options.md's table of command words is out of date; it should read:\n\n{table}"
    );
}

// ----- text from strangers -----

/// A name from a file may hold bidi overrides or controls (the records keep them):
/// none of them reaches a cell of the screen, where a terminal would act on it.
#[test]
fn no_cell_carries_a_character_a_terminal_would_act_on() {
    let app =
        App::new(Game::new()).with_players("\u{202e}Anna\u{2066}x\u{2069}", "Ben\u{200f}\u{61c}\u{1b}[2J");
    for (w, h) in SIZES {
        let buf = draw(&app, &colour(), w, h);
        let bad: Vec<String> = buf
            .content
            .iter()
            .map(|cell| cell.symbol().to_owned())
            .filter(|s| {
                s.chars().any(|c| {
                    c.is_control()
                        || matches!(c, '\u{061c}' | '\u{200e}' | '\u{200f}' | '\u{202a}'..='\u{202e}' | '\u{2066}'..='\u{2069}')
                })
            })
            .collect();
        assert!(bad.is_empty(), "{w}x{h}: cells {bad:?}");
        assert!(text(&buf).contains("Anna"), "the name is still shown:\n{}", text(&buf));
    }
}
