//! The library's loop, on the same terminal and events as the game's: the screen is
//! drawn, a key becomes an action, and the effects are carried out, until the player
//! leaves or chooses a game to open.

use std::path::{Path, PathBuf};

use ratatui::Terminal;
use ratatui::backend::Backend;

use super::{EventSource, LoopError, wipe};
use crate::input::library::action_for_event;
use crate::library::{Action, Effect, Library, Opening};
use crate::ui::Look;
use crate::ui::library::{MIN_HEIGHT, MIN_WIDTH, list_rows, render};

/// How the library was left.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Left {
    /// The player left (or the events ended: a signal, the terminal gone).
    Quit,
    /// The player chose this game to open, so.
    Open(PathBuf, Opening),
}

/// Runs the library until the player leaves it or chooses a game. `delete` carries
/// out a deletion the player confirmed and says what came of it, as actions (a
/// report, the folder read again). `folder` names the games folder on screen.
pub fn run<B, E>(
    terminal: &mut Terminal<B>,
    events: &mut E,
    library: &mut Library,
    folder: &str,
    look: &Look,
    mut delete: impl FnMut(&Path) -> Vec<Action>,
) -> Result<Left, LoopError<B::Error>>
where
    B: Backend,
    B::Error: std::error::Error,
    E: EventSource,
{
    let draw = |terminal: &mut Terminal<B>, library: &mut Library| {
        let area = terminal.draw(|frame| render(frame.area(), frame.buffer_mut(), library, folder, look));
        let area = area.map_err(LoopError::Draw)?.area;
        library.update(Action::Rows(list_rows(area)));
        Ok(area)
    };
    let mut area = draw(terminal, library)?;
    while !library.should_quit() {
        let Some(event) = events.next_event().map_err(LoopError::Events)? else { break };
        if matches!(event, crossterm::event::Event::Resize(..)) {
            wipe(terminal)?;
        }
        let fits = area.width >= MIN_WIDTH && area.height >= MIN_HEIGHT;
        for action in action_for_event(&event, library.mode()) {
            // On a screen too small to show it, keys do nothing but leave.
            if !fits && !matches!(action, Action::Quit | Action::Cancel) {
                continue;
            }
            let action = if fits { action } else { Action::Quit };
            for effect in library.update(action) {
                match effect {
                    Effect::Open(path, how) => return Ok(Left::Open(path, how)),
                    Effect::Delete(path) => {
                        for outcome in delete(&path) {
                            library.update(outcome);
                        }
                    }
                }
            }
        }
        area = draw(terminal, library)?;
    }
    Ok(Left::Quit)
}
