//! The keys of the comment editor (`Ctrl-K`): the comment is text, Tab chooses the
//! move's sign, Enter keeps both, Esc leaves the move as it was.

use super::{Binding, Does, Key, QUIT, REPAINT, act};
use crate::app::{Action, Edit, Show};

/// Writing a comment: every printable character is text (`}` is refused by the
/// app, as PGN cannot write it in a comment).
pub(super) const COMMENT: &[Binding] = &[
    Binding {
        keys: &[(Key::Text, Does::TypeChar)],
        help: "type the comment on the move (any text but })",
        hint: None,
    },
    Binding {
        keys: &[act(Key::Tab, Action::Edit(Edit::Complete))],
        help: "the move's sign, in turn: none, ! ? !! ?? !? ?!",
        hint: Some("sign"),
    },
    Binding {
        keys: &[act(Key::Backspace, Action::Edit(Edit::Backspace))],
        help: "delete the last character",
        hint: None,
    },
    Binding {
        keys: &[act(Key::Enter, Action::Edit(Edit::Submit))],
        help: "keep the comment and the sign (an empty comment removes it)",
        hint: Some("keep"),
    },
    Binding {
        keys: &[act(Key::Esc, Action::Cancel)],
        help: "cancel: the move keeps what it had",
        hint: Some("cancel"),
    },
    REPAINT,
    Binding { keys: &[act(Key::F(1), Action::Show(Show::Help))], help: "show the help", hint: Some("help") },
    QUIT,
];
