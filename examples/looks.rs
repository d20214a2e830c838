//! Draws one mid-game position (a knight picked up) in every theme and colour mode, at
//! three sizes, as SVG pictures of the screen, for a person to look at:
//!
//! ```text
//! cargo run --example looks -- /tmp/looks
//! ```
//!
//! It writes `THEME-COLOURS-WxH.svg` files into the folder given (made if need be).

#[path = "../tests/common/screen.rs"]
#[allow(dead_code)]
mod screen;
#[path = "../tests/common/svg.rs"]
#[allow(dead_code)]
mod svg;

use std::path::PathBuf;
use std::process::ExitCode;

use hotseat::app::App;
use hotseat::chess::Game;
use hotseat::input::{self, Key};
use hotseat::ui::{self, ColorSupport, Look, PieceSet};

const MOVES: &str = "e4 e5 Nf3 Nc6 Bb5 a6 Ba4 Nf6 O-O b5 Bb3 d6 c3 Bg4 h3 Bh5";

fn main() -> ExitCode {
    let Some(dir) = std::env::args_os().nth(1).map(PathBuf::from) else {
        eprintln!("usage: cargo run --example looks -- FOLDER");
        return ExitCode::FAILURE;
    };
    if let Err(err) = std::fs::create_dir_all(&dir) {
        eprintln!("cannot make {}: {err}", dir.display());
        return ExitCode::FAILURE;
    }
    let mut game = Game::new();
    for san in MOVES.split_whitespace() {
        game.play_san(san).expect("a legal move");
    }
    let mut app = App::new(game);
    // The cursor walked to a piece and the piece picked up, so its moves are marked.
    for key in [Key::Down, Key::Down, Key::Left, Key::Left, Key::Enter] {
        if let Some(action) = input::action_for_key(app.mode(), key) {
            app.update(action);
        }
    }
    let mut written = 0;
    for theme in ui::THEMES {
        for (colors, name) in [
            (ColorSupport::TrueColor, "truecolor"),
            (ColorSupport::Ansi256, "256"),
            (ColorSupport::Ansi16, "16"),
            (ColorSupport::None, "none"),
        ] {
            let look = Look { theme, colors, pieces: PieceSet::Glyphs, ..Look::default() };
            for (w, h) in [(80, 24), (100, 30), (120, 40)] {
                let file = dir.join(format!("{}-{name}-{w}x{h}.svg", theme.name));
                if let Err(err) = std::fs::write(&file, svg::svg(&screen::draw(&app, &look, w, h))) {
                    eprintln!("cannot write {}: {err}", file.display());
                    return ExitCode::FAILURE;
                }
                written += 1;
            }
        }
    }
    println!("{written} pictures in {}", dir.display());
    ExitCode::SUCCESS
}
