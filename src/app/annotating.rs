//! What is said about the moves, from the keyboard: the comment editor (a move's
//! comment and its sign, `!` to `?!`), a sign typed alone on the move line, and
//! browsing the variations of a move (shown, never played into).
//!
//! A comment is one line of text with no `}` (which PGN cannot write inside a
//! comment) and no control character; the commands programs keep in comments
//! (`[%clk …]`, `[%eval …]`) are not shown in the editor and are kept as they were;
//! one typed there is kept as words (`[ %clk`), not read as a command.

use super::{Action, App, Browse, Edit, Effect, Focus, Show};
use crate::chess::{Annotations, Line, MAX_VARIATION_DEPTH, Move, Nag, Position};

/// The longest comment the editor takes, in characters.
pub const MAX_COMMENT: usize = 1000;

/// The signs Tab goes through in the editor, none first.
const SIGNS: [Option<Nag>; 7] = [
    None,
    Some(Nag::GOOD_MOVE),
    Some(Nag::MISTAKE),
    Some(Nag::BRILLIANT_MOVE),
    Some(Nag::BLUNDER),
    Some(Nag::SPECULATIVE_MOVE),
    Some(Nag::DUBIOUS_MOVE),
];

/// A comment being written.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Draft {
    /// The move it is about: its index in the game (0 for the first).
    pub index: usize,
    /// The words so far.
    pub text: String,
    /// The sign chosen for the move, if any.
    pub nag: Option<Nag>,
    /// Where the player was, to go back to.
    pub under: Focus,
}

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
    /// The comment being written, if the editor is open.
    pub fn draft(&self) -> Option<&Draft> {
        match &self.round.focus {
            Focus::Commenting(draft) => Some(draft),
            _ => None,
        }
    }

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

    /// The move whose position is on the board, as an index in the game, if it is a
    /// move of the game (not the start, not a variation).
    pub fn shown_move(&self) -> Option<usize> {
        if self.variation().is_some() {
            return None;
        }
        self.shown_ply().checked_sub(1)
    }

    /// Changes what is said about the move at `index` (0 is the first) from outside
    /// the keys: an engine's evaluation as a `[%eval …]` comment, a NAG, a better move
    /// as a variation (from the position before that move; it is cut at its first
    /// illegal move, and nested at most [`MAX_VARIATION_DEPTH`] deep). Returns
    /// the effects to carry out (a save), none when there is no such move. A
    /// variation on the board is left for the game's position, as it may change.
    pub fn annotate(&mut self, index: usize, change: impl FnOnce(&mut Annotations)) -> Vec<Effect> {
        let Some(before) = self.game().position_at(index).cloned() else { return Vec::new() };
        let Some(notes) = self.round.timeline.annotations_mut(index) else { return Vec::new() };
        change(notes);
        // What others add is held to the rules, as a file's variations are.
        notes.limit_depth(MAX_VARIATION_DEPTH);
        notes.drop_illegal(&before);
        if let Focus::Variation(view) = &self.round.focus {
            self.round.focus = Focus::Browsing(view.index + 1);
        }
        vec![Effect::Save]
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

    /// The keys of the comment editor.
    pub(super) fn update_comment(&mut self, action: Action) {
        match action {
            Action::Edit(edit) => self.edit_comment(edit),
            Action::Cancel => self.cancel_comment(),
            Action::Show(Show::Help) => self.open_help(),
            _ => {}
        }
    }

    /// Ctrl-K: opens the editor on the move shown on the board, with its comment and
    /// sign.
    pub(super) fn open_comment_editor(&mut self) {
        if self.variation().is_some() {
            return self.error("Comments are written on the moves of the game: Esc leaves the variation.");
        }
        let Some(index) = self.shown_move() else {
            return self.error("There is no move to comment on yet.");
        };
        let notes = self.timeline().annotations(index).cloned().unwrap_or_default();
        let under = match &self.round.focus {
            Focus::Browsing(ply) => Focus::Browsing(*ply),
            _ => Focus::Idle,
        };
        let mut text = notes.remark();
        if text.chars().any(|c| c == '}' || c.is_control()) {
            text = text.chars().map(|c| if c == '}' || c.is_control() { ' ' } else { c }).collect();
        }
        self.round.focus = Focus::Commenting(Box::new(Draft { index, text, nag: notes.assessment(), under }));
        self.round.message = None;
    }

    /// Keys in the editor: text, Backspace, Tab for the next sign, Enter to keep.
    pub(super) fn edit_comment(&mut self, edit: Edit) {
        let Focus::Commenting(draft) = &mut self.round.focus else { return };
        match edit {
            Edit::Type(c) => {
                if c == '}' {
                    return self.error("A comment cannot hold } (PGN has no way to write it).");
                }
                if !c.is_control() && draft.text.chars().count() < MAX_COMMENT {
                    draft.text.push(c);
                }
            }
            Edit::Paste(text) => {
                let refused = text.contains('}');
                for c in text.chars().filter(|&c| c != '}') {
                    if draft.text.chars().count() >= MAX_COMMENT {
                        break;
                    }
                    draft.text.push(if c.is_control() { ' ' } else { c });
                }
                if refused {
                    self.error("A comment cannot hold }: it was left out.");
                }
            }
            Edit::Backspace => {
                draft.text.pop();
            }
            Edit::Complete => {
                let at = SIGNS.iter().position(|s| *s == draft.nag).unwrap_or(0);
                draft.nag = SIGNS[(at + 1) % SIGNS.len()];
            }
            Edit::Submit => self.keep_comment(),
        }
    }

    /// Enter in the editor: the comment and sign are the move's.
    fn keep_comment(&mut self) {
        let Focus::Commenting(draft) = std::mem::take(&mut self.round.focus) else { return };
        let Draft { index, text, nag, under } = *draft;
        self.round.focus = under;
        let label = self.game().label(index).unwrap_or_default();
        let Some(notes) = self.round.timeline.annotations_mut(index) else { return };
        let before = notes.clone();
        // `[%` opens a command for programs (`[%clk 0:01:00]` would be read back as a
        // clock time); a player's words are words.
        let words = text.replace("[%", "[ %");
        // What is unchanged is left as the record had it (its comments and NAGs in
        // their order), so an editor opened and closed changes nothing.
        if notes.remark() != words.split_whitespace().collect::<Vec<_>>().join(" ") {
            notes.set_remark(&words);
        }
        if notes.assessment() != nag {
            notes.set_assessment(nag);
        }
        let changed = *notes != before;
        let said = if notes.remark().is_empty() { "no comment" } else { "the comment" };
        let sign = nag.and_then(Nag::suffix).map_or_else(String::new, |s| format!(" and the sign {s}"));
        if changed {
            self.info(format!("{label}: {said}{sign} kept."));
            self.effects.push(Effect::Save);
        } else {
            self.info(format!("{label}: nothing changed."));
        }
    }

    /// Esc in the editor: nothing changes.
    pub(super) fn cancel_comment(&mut self) {
        if let Focus::Commenting(draft) = std::mem::take(&mut self.round.focus) {
            self.round.focus = draft.under;
            self.info("The comment was left as it was.");
        }
    }

    /// A sign typed alone on the move line (`!?`, `$5`; `$0` takes it off), for the
    /// last move.
    pub(super) fn mark_last_move(&mut self, nag: Nag) {
        let nag = (nag.0 > 0).then_some(nag);
        self.round.focus = Focus::Idle;
        let Some(index) = self.game().ply().checked_sub(1) else {
            return self.error("There is no move to mark yet.");
        };
        let label = self.game().label(index).unwrap_or_default();
        let Some(notes) = self.round.timeline.annotations_mut(index) else { return };
        match nag {
            Some(nag) if nag.suffix().is_some() => notes.set_assessment(Some(nag)),
            Some(nag) if !notes.nags.contains(&nag) => notes.nags.push(nag),
            Some(_) => {}
            None => notes.set_assessment(None),
        }
        let text = match nag {
            Some(nag) => {
                format!("{label} is marked {}.", nag.suffix().map_or_else(|| nag.to_string(), str::to_owned))
            }
            None => format!("{label} has no sign now."),
        };
        self.info(text);
        self.effects.push(Effect::Save);
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
                None => return self.error("There is no move on the board whose variations to show."),
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
            return self.error(format!("{label} has no variation."));
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
            return self.error("That variation has no move.");
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
                self.info("Back in the game, where the variation starts.");
            }
            Browse::Forward if step < len => self.show_variation((index, line, &path), step + 1),
            Browse::Forward => self.info("This is the end of the variation."),
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
            self.info("Back in the game.");
        }
        true
    }
}

/// What a line typed alone means as a sign for the last move: `!`, `!!`, `!?` (and
/// `?`, `??`, `?!` when pasted), or `$n`; `$0`, PGN's null annotation, takes the
/// sign off.
pub(super) fn typed_sign(text: &str) -> Option<Nag> {
    if let Some(nag) = Nag::from_suffix(text) {
        return Some(nag);
    }
    Some(Nag(text.strip_prefix('$')?.parse().ok()?))
}

/// What is said about a move, for a screen line: its sign's suffix and its remark.
pub fn note_of(notes: &Annotations) -> String {
    let sign = notes.assessment().and_then(Nag::suffix).unwrap_or_default();
    let remark = notes.remark();
    match (sign.is_empty(), remark.is_empty()) {
        (_, true) => sign.to_owned(),
        (true, false) => remark,
        (false, false) => format!("{sign} {remark}"),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn signs_typed_alone_are_read() {
        assert_eq!(typed_sign("!?"), Some(Nag::SPECULATIVE_MOVE));
        assert_eq!(typed_sign("$4"), Some(Nag::BLUNDER));
        assert_eq!(typed_sign("$14"), Some(Nag(14)));
        assert_eq!(typed_sign("$0"), Some(Nag(0)));
        assert_eq!(typed_sign("$256"), None);
        assert_eq!(typed_sign("Nf3!?"), None);
        assert_eq!(typed_sign("!!!"), None);
    }
}
