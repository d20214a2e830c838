//! The real world outside the game, for every face: the game saved as it is played
//! (the [`Recorder`]), the engine reviewing it (the [`Reviewer`]), and the bell and
//! the clipboard, both through the terminal's own bytes on standard output.

use std::io::Write;
use std::path::PathBuf;

use super::effects::Effects;
use super::recorder::Recorder;
use super::reviewer::Reviewer;
use super::strings;
use crate::app::{Action, App, Effect, Message};
use crate::clipboard;
use crate::engine::Limit;

/// The effects of a real game, carried out.
pub struct World<'r> {
    recorder: &'r mut Recorder,
    /// A game opened to look through: nothing is saved, and the players are told so.
    read_only: bool,
    reviewer: Reviewer,
}

impl<'r> World<'r> {
    /// The world of a game saved by `recorder` (never, when `read_only`), reviewed by
    /// the engine at `engine` when one is named (otherwise the first one found).
    pub fn new(recorder: &'r mut Recorder, read_only: bool, engine: Option<PathBuf>) -> World<'r> {
        World { recorder, read_only, reviewer: Reviewer::new(engine, Limit::default()) }
    }
}

impl Effects for World<'_> {
    fn carry_out(&mut self, app: &App, effect: Effect) -> Option<Message> {
        if matches!(
            effect,
            Effect::Analyse | Effect::StopAnalysis | Effect::AnalyseNext(_) | Effect::Judge { .. }
        ) {
            return self.reviewer.carry_out(app, effect);
        }
        if effect == Effect::Bell {
            // BEL, between frames: the terminal rings, or flashes, as it is set to.
            let mut out = std::io::stdout();
            let _ = out.write_all(b"\x07").and_then(|()| out.flush());
            return None;
        }
        if self.read_only && matches!(effect, Effect::Save | Effect::NewGame) {
            return Some(Message::info(strings::ONLY_LOOKING));
        }
        let Effect::Copy(notation) = effect else {
            return self.recorder.carry_out(app, effect);
        };
        let text = self.recorder.text(app, notation);
        Some(match clipboard::copy(&mut std::io::stdout(), &text) {
            Ok(()) => Message::info(strings::copied(notation)),
            Err(err) => Message::error(strings::not_copied(notation, &err)),
        })
    }

    fn pgn(&self, app: &App) -> Option<String> {
        Some(self.recorder.record(app).to_pgn())
    }

    fn busy(&self) -> bool {
        self.reviewer.busy()
    }

    fn poll(&mut self) -> Vec<Action> {
        self.reviewer.poll()
    }

    fn note(&mut self, ply: usize, text: String) {
        self.recorder.note(ply, text);
    }

    fn tag(&mut self, name: &str, value: &str) {
        self.recorder.set_tag(name, value);
    }
}
