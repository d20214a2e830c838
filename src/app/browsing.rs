//! Browsing: looking at earlier positions of the game (and, through the review, at
//! its marked moves) without changing it.

use super::{App, Browse, Focus, strings};

impl App {
    pub(super) fn browse(&mut self, browse: Browse) {
        if self.browse_variation(browse) {
            return;
        }
        let live = self.game().ply();
        let target = match browse {
            Browse::Variation => return self.enter_variation(),
            Browse::Back => self.shown_ply().checked_sub(1),
            Browse::Forward => Some(self.shown_ply() + 1),
            Browse::First => Some(0),
            Browse::Live => Some(live),
            Browse::NextMark | Browse::PreviousMark => {
                self.jump_to_mark(browse == Browse::NextMark);
                return;
            }
        };
        self.browse_to(target);
    }

    /// Shows the position after `ply` half-moves; the game's length means live.
    pub(super) fn browse_to(&mut self, ply: Option<usize>) {
        let live = self.game().ply();
        match ply {
            None => self.info(strings::AT_THE_START),
            Some(ply) if ply >= live => {
                if !self.is_browsing() && ply > live {
                    self.info(strings::AT_THE_LIVE_POSITION);
                }
                self.round.focus = Focus::Idle;
            }
            Some(ply) => {
                self.round.focus = Focus::Browsing(ply);
                self.round.message = None;
                self.review_looks_at(ply);
            }
        }
    }

    /// Leaves browsing for the live position, saying so.
    pub(super) fn leave_browsing(&mut self) {
        if self.is_browsing() {
            self.round.focus = Focus::Idle;
            self.info(strings::BACK_TO_LIVE);
        }
    }
}
