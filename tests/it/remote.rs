//! Two terminals, in-process: a view's copy of the game read from the host's record,
//! and the README's picture of the two boards side by side.

use crate::common;
use common::driver::play;
use common::screen::{draw, text};
use common::svg::svg;
use hotseat::app::App;
use hotseat::chess::Game;
use hotseat::records::pgn::PgnGame;
use hotseat::remote::client::copy_of;
use hotseat::ui::{ColorSupport, Look, PieceSet, theme};
use ratatui::buffer::Buffer;
use ratatui::layout::Rect;

const SICILIAN: &str = "e4 c5 Nf3 d6 d4 cxd4 Nxd4 Nf6 Nc3";

/// The host's game, and the record it sends a view that attaches.
fn hosted() -> (App, String) {
    let mut app = App::new(Game::new()).with_players("Anna", "Ben").with_takeback_by_consent(true);
    play(&mut app, SICILIAN);
    let mut record = PgnGame::new(app.game().clone());
    record.tags.set("White", "Anna");
    record.tags.set("Black", "Ben");
    (app, record.to_pgn())
}

#[test]
fn a_view_rebuilds_the_whole_game_facing_its_own_side() {
    let (host, pgn) = hosted();
    let view = copy_of(&pgn, None, true).expect("the host's game reads");
    assert_eq!(view.game().moves(), host.game().moves());
    assert_eq!(
        (view.player(hotseat::chess::Color::White), view.player(hotseat::chess::Color::Black)),
        ("Anna", "Ben")
    );
    assert!(view.takeback_by_consent(), "a take-back is asked of the host");
    let look = Look {
        theme: theme::WOOD,
        colors: ColorSupport::TrueColor,
        pieces: PieceSet::Letters,
        ..Look::default()
    };
    assert!(text(&draw(&view, &look, 100, 32)).replace(' ', "").contains("hgfedcba"), "Black's board");
    assert!(text(&draw(&host, &look, 100, 32)).replace(' ', "").contains("abcdefgh"), "White's board");
}

#[test]
fn a_view_refuses_a_state_that_is_not_a_game() {
    for pgn in ["", "garbage", "1. e5", "[White \"x\"]\n\n1. e4 e4 *"] {
        assert!(copy_of(pgn, None, false).is_err(), "{pgn:?}");
    }
}

/// The host's board (White) and the joined view (Black), side by side.
fn picture() -> String {
    let (mut host, pgn) = hosted();
    host.notify("Black joined");
    let mut view = copy_of(&pgn, None, true).expect("the host's game reads");
    view.notify("Joined as Black");
    let look = Look {
        theme: theme::WOOD,
        colors: ColorSupport::TrueColor,
        pieces: PieceSet::Glyphs,
        ..Look::default()
    };
    let (width, height, gap) = (100, 32, 2);
    let left = draw(&host, &look, width, height);
    let right = draw(&view, &look, width, height);
    let mut both = Buffer::empty(Rect::new(0, 0, 2 * width + gap, height));
    for y in 0..height {
        for x in 0..width {
            both[(x, y)] = left[(x, y)].clone();
            both[(x + width + gap, y)] = right[(x, y)].clone();
        }
    }
    svg(&both)
}

#[test]
fn the_readme_picture_of_two_terminals_is_current() {
    common::svg::assert_picture_current("two-terminals.svg", &picture(), "remote");
}
