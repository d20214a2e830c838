//! Browsing: looking at earlier positions of the game (and, through the review, at
//! its marked moves), and at the variations of its moves (shown, never played
//! into), without changing it.

use super::{App, Browse, Focus, strings};
use crate::annotations::Line;
use hotseat_chess::{Move, Position};

/// A variation on the board.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct VariationView {
    /// The move of the game the variation could have replaced: its index.
    pub index: usize,
    /// Which of that move's variations (0 for the first).
    pub line: usize,
    /// The variations inside it, down to the one on the board (empty when it is
    /// `line` itself): for each, the index of the move it could have replaced in
    /// the line above and which of that move's variations it is.
    pub path: Vec<(usize, usize)>,
    /// How many of the line's moves are on the board, from 1 (of the innermost line).
    pub step: usize,
    /// The position after them.
    pub position: Position,
    /// The last of them.
    pub last: Move,
}

impl VariationView {
    /// Which of its move's variations the line on the board is (0 for the first).
    pub fn which(&self) -> usize {
        self.path.last().map_or(self.line, |&(_, which)| which)
    }
}

/// Where a line stands: the game's move at `index`, its variation `line`, and
/// the path down to a variation inside it.
type Place<'a> = (usize, usize, &'a [(usize, usize)]);

impl App {
    /// The variation on the board, if one is.
    pub fn variation(&self) -> Option<&VariationView> {
        match self.round.focus.base() {
            Focus::Variation(view) => Some(view),
            _ => None,
        }
    }

    /// The line of the variation on the board, if one is: the innermost one.
    pub fn variation_line(&self) -> Option<&Line> {
        let view = self.variation()?;
        self.line_at((view.index, view.line, &view.path))
    }

    /// The position the variation on the board starts from (before its first move).
    pub fn variation_start(&self) -> Option<Position> {
        let view = self.variation()?;
        self.start_of((view.index, view.line, &view.path))
    }

    /// How many variations the move that the variation on the board could have
    /// replaced has (the variation's own among them).
    pub fn variation_count(&self) -> usize {
        let Some(view) = self.variation() else { return 0 };
        self.siblings((view.index, view.line, &view.path)).map_or(0, <[Line]>::len)
    }

    /// The moves from the game's position the variation on the board starts at to the
    /// position on the board: those of the lines above it before it, then its own.
    pub fn variation_moves(&self) -> Vec<Move> {
        let Some(view) = self.variation() else { return Vec::new() };
        let mut out = Vec::new();
        let mut line = self.timeline().annotations(view.index).and_then(|n| n.variations.get(view.line));
        for &(node, which) in &view.path {
            let Some(l) = line else { return out };
            out.extend(l.moves.iter().take(node).map(|n| n.mv));
            line = l.moves.get(node).and_then(|n| n.annotations.variations.get(which));
        }
        out.extend(line.into_iter().flat_map(|l| l.moves.iter().take(view.step).map(|n| n.mv)));
        out
    }

    /// The line at `place`, if there is one.
    fn line_at(&self, (index, line, path): Place) -> Option<&Line> {
        let mut at = self.timeline().annotations(index)?.variations.get(line)?;
        for &(node, which) in path {
            at = at.moves.get(node)?.annotations.variations.get(which)?;
        }
        Some(at)
    }

    /// The line at `place` and its sibling variations.
    fn siblings(&self, (index, line, path): Place) -> Option<&[Line]> {
        match path.split_last() {
            None => Some(&self.timeline().annotations(index)?.variations),
            Some((&(node, _), up)) => {
                Some(&self.line_at((index, line, up))?.moves.get(node)?.annotations.variations)
            }
        }
    }

    /// The position the line at `place` starts from, replayed from the game's.
    fn start_of(&self, (index, line, path): Place) -> Option<Position> {
        let mut position = self.game().position_at(index)?.clone();
        let mut at = self.timeline().annotations(index)?.variations.get(line)?;
        for &(node, which) in path {
            for n in at.moves.iter().take(node) {
                position.play(n.mv);
            }
            at = at.moves.get(node)?.annotations.variations.get(which)?;
        }
        Some(position)
    }
    /// Whether `F4` has a variation to show: one is on the board, or the move on the
    /// board has some.
    pub(super) fn can_show_variation(&self) -> bool {
        self.variation().is_some()
            || self
                .shown_move()
                .and_then(|i| self.timeline().annotations(i))
                .is_some_and(|n| !n.variations.is_empty())
    }
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

    /// F4: shows the first variation of the move on the board: a game's move, or a
    /// variation's move that has variations itself; else the next variation beside
    /// the one on the board (back to the first after the last).
    pub(super) fn enter_variation(&mut self) {
        let (index, line, mut path) = match self.variation() {
            Some(view) => {
                let (index, line, mut path) = (view.index, view.line, view.path.clone());
                let current = self.variation_line().and_then(|l| l.moves.get(view.step.saturating_sub(1)));
                if current.is_some_and(|n| !n.annotations.variations.is_empty()) {
                    path.push((view.step - 1, 0));
                    return self.show_variation((index, line, &path), 1);
                }
                match path.last_mut() {
                    Some((_, which)) => *which += 1,
                    None => return self.next_top_variation(index, line + 1),
                }
                (index, line, path)
            }
            None => match self.shown_move() {
                Some(index) => return self.next_top_variation(index, 0),
                None => return self.error(strings::NO_VARIATIONS_TO_SHOW),
            },
        };
        let count = self.siblings((index, line, &path)).map_or(0, <[Line]>::len);
        if let (Some((_, which)), true) = (path.last_mut(), count > 0) {
            *which %= count;
        }
        self.show_variation((index, line, &path), 1);
    }

    /// Shows variation `line` (modulo their number) of the game's move at `index`.
    fn next_top_variation(&mut self, index: usize, line: usize) {
        let count = self.timeline().annotations(index).map_or(0, |n| n.variations.len());
        if count == 0 {
            let label = self.game().label(index).unwrap_or_default();
            return self.error(strings::no_variation(&label));
        }
        self.show_variation((index, line % count, &[]), 1);
    }

    /// Shows `step` moves of the line at `place`.
    fn show_variation(&mut self, place: Place, step: usize) {
        let (index, line, path) = place;
        let (Some(start), Some(moves)) = (self.start_of(place), self.line_at(place)) else { return };
        let count = moves.moves.len();
        let mut position = start;
        let mut last = None;
        for node in moves.moves.iter().take(step) {
            position.play(node.mv);
            last = Some(node.mv);
        }
        let Some(last) = last else {
            return self.error(strings::EMPTY_VARIATION);
        };
        let total = self.siblings(place).map_or(0, <[Line]>::len);
        let which = path.last().map_or(line, |&(_, which)| which);
        let (depth, back) = match path.len() {
            0 => (String::new(), "Esc goes back to the game"),
            1 => (" inside a variation".to_owned(), "Esc goes back up to the variation"),
            n => (format!(" {} variations deep", n + 1), "Esc goes back up one variation"),
        };
        let step = step.min(count);
        self.round.focus = Focus::Variation(Box::new(VariationView {
            index,
            line,
            path: path.to_vec(),
            step,
            position,
            last,
        }));
        self.info(format!(
            "Variation {} of {total}{depth}, move {step} of {count}: PgUp/PgDn walk it, {back}.",
            which + 1,
        ));
    }

    /// `PgUp`, `PgDn`, `Home` and `End` inside a variation. `PgUp` before its first
    /// move leaves it for the position it starts from: in the line above, or the
    /// game's; `Home` and `End` go to the game's start and live position.
    pub(super) fn browse_variation(&mut self, browse: Browse) -> bool {
        let Some(view) = self.variation() else { return false };
        let (index, line, mut path, step) = (view.index, view.line, view.path.clone(), view.step);
        let len = self.variation_line().map_or(0, |l| l.moves.len());
        match browse {
            Browse::Back if step > 1 => self.show_variation((index, line, &path), step - 1),
            Browse::Back => {
                // Up through the lines whose first move the line replaces.
                while let Some((node, _)) = path.pop() {
                    if node > 0 {
                        self.show_variation((index, line, &path), node);
                        return true;
                    }
                }
                self.round.focus = Focus::Browsing(index);
                self.info(strings::BACK_WHERE_THE_VARIATION_STARTS);
            }
            Browse::Forward if step < len => self.show_variation((index, line, &path), step + 1),
            Browse::Forward => self.info(strings::END_OF_VARIATION),
            Browse::First | Browse::Live | Browse::NextMark | Browse::PreviousMark => return false,
            Browse::Variation => self.enter_variation(),
        }
        true
    }

    /// Esc in a variation: back to the move it could have replaced, in the line
    /// above or in the game.
    pub(super) fn leave_variation(&mut self) -> bool {
        let Some(view) = self.variation() else { return false };
        let (index, line, mut path) = (view.index, view.line, view.path.clone());
        if let Some((node, _)) = path.pop() {
            self.show_variation((index, line, &path), node + 1);
        } else {
            self.round.focus = Focus::Browsing(index + 1);
            self.info(strings::BACK_IN_THE_GAME);
        }
        true
    }
}
