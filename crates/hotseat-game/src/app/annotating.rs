//! What is said about the moves, from the keyboard: the comment editor (a move's
//! comment and its sign, `!` to `?!`) and a sign typed alone on the move line. The
//! variations are browsed in [`browsing`](super::browsing).
//!
//! A comment is one line of text with no `}` (which PGN cannot write inside a
//! comment) and no control character; the commands programs keep in comments
//! (`[%clk …]`, `[%eval …]`) are not shown in the editor and are kept as they were;
//! one typed there is kept as words (`[ %clk`), not read as a command.

use super::{Action, App, Edit, Effect, Focus, Show, strings};
use crate::annotations::{Annotations, MAX_VARIATION_DEPTH, Nag};

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

impl App {
    /// The comment being written, if the editor is open.
    pub fn draft(&self) -> Option<&Draft> {
        match &self.round.focus {
            Focus::Commenting(draft) => Some(draft),
            _ => None,
        }
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
            return self.error(strings::COMMENT_ON_GAME_MOVES);
        }
        let Some(index) = self.shown_move() else {
            return self.error(strings::NO_MOVE_TO_COMMENT);
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
                    return self.error(strings::NO_BRACE_IN_COMMENT);
                }
                if !c.is_control() && draft.text.chars().count() < MAX_COMMENT {
                    draft.text.push(c);
                }
            }
            Edit::Paste(text) | Edit::Line(text) => {
                let refused = text.contains('}');
                for c in text.chars().filter(|&c| c != '}') {
                    if draft.text.chars().count() >= MAX_COMMENT {
                        break;
                    }
                    draft.text.push(if c.is_control() { ' ' } else { c });
                }
                if refused {
                    self.error(strings::BRACE_LEFT_OUT);
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
            self.info(strings::comment_kept(&label, said, &sign));
            self.effects.push(Effect::Save);
        } else {
            self.info(strings::comment_unchanged(&label));
        }
    }

    /// Esc in the editor: nothing changes.
    pub(super) fn cancel_comment(&mut self) {
        if let Focus::Commenting(draft) = std::mem::take(&mut self.round.focus) {
            self.round.focus = draft.under;
            self.info(strings::COMMENT_UNCHANGED);
        }
    }

    /// A sign typed alone on the move line (`!?`, `$5`; `$0` takes it off), for the
    /// last move.
    pub(super) fn mark_last_move(&mut self, nag: Nag) {
        let nag = (nag.0 > 0).then_some(nag);
        self.round.focus = Focus::Idle;
        let Some(index) = self.game().ply().checked_sub(1) else {
            return self.error(strings::NO_MOVE_TO_MARK);
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
                strings::marked(&label, &nag.suffix().map_or_else(|| nag.to_string(), str::to_owned))
            }
            None => strings::unmarked(&label),
        };
        self.info(text);
        self.effects.push(Effect::Save);
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
