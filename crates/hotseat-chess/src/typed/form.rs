//! The shape of typed move text, before any position is consulted: the decorations
//! (`+`, `#`, `e.p.`, an annotation) taken off, then the move's form read.

use super::ANNOTATION_SUFFIXES;
use crate::{CastlingSide, File, Rank, Role, Square};

/// The shape of a complete move, before the position is consulted.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(super) enum Form {
    /// `O-O`, `0-0-0`, …
    Castle(CastlingSide),
    /// Any other form.
    Piece {
        /// The piece letter, if one was written. Without one, a full origin square
        /// makes coordinates (whatever piece stands there); otherwise it is a pawn.
        role: Option<Role>,
        file: Option<File>,
        rank: Option<Rank>,
        to: Square,
        promotion: Option<Role>,
    },
}

impl Form {
    /// Whether this is coordinates: no piece letter and a full origin square.
    pub(super) fn is_coordinates(self) -> bool {
        matches!(self, Form::Piece { role: None, file: Some(_), rank: Some(_), .. })
    }
}

/// Typed text with its decorations taken off.
pub(super) struct Decorated<'a> {
    /// The move itself.
    pub(super) body: &'a str,
    /// The annotation typed after it.
    pub(super) suffix: Option<&'static str>,
    /// Whether a check mark, an annotation or `e.p.` followed: such text says it is
    /// complete, so it is never the start of something longer.
    pub(super) marked: bool,
}

/// Splits `move [e.p.] [+|#] [annotation]`; `None` when the trailing run of `!` and `?`
/// is not one of the six annotations.
pub(super) fn decorations(text: &str) -> Option<Decorated<'_>> {
    let s = text.trim();
    let unannotated = s.trim_end_matches(['!', '?']);
    let suffix = if unannotated.len() < s.len() {
        let typed = &s[unannotated.len()..];
        Some(*ANNOTATION_SUFFIXES.iter().find(|known| **known == typed)?)
    } else {
        None
    };
    let s = unannotated.trim_end();
    let (s, check) = match s.strip_suffix(['+', '#']) {
        Some(rest) => (rest.trim_end(), true),
        None => (s, false),
    };
    let (body, ep) = match strip_en_passant(s, &["e.p.", "e.p", "ep"]) {
        Some(rest) => (rest, true),
        None => (s, false),
    };
    Some(Decorated { body, suffix, marked: suffix.is_some() || check || ep })
}

/// `s` without a trailing en-passant remark from `suffixes` (any case), when the
/// remark follows a square: `exd6 e.p.`, `exd6ep`.
pub(super) fn strip_en_passant<'a>(s: &'a str, suffixes: &[&str]) -> Option<&'a str> {
    suffixes.iter().find_map(|suffix| {
        let cut = s.len().checked_sub(suffix.len())?;
        let (rest, tail) = (s.get(..cut)?, s.get(cut..)?);
        let rest = rest.trim_end();
        (tail.eq_ignore_ascii_case(suffix) && rest.ends_with(|c: char| c.is_ascii_digit())).then_some(rest)
    })
}

/// Reads the shape of a complete move. `bishop_for_b` says how to read a lower-case
/// `b` at the start: as the bishop, or as the b-file.
#[allow(clippy::many_single_char_names)] // f, r, b, c: files, ranks and bytes read best short
pub(super) fn parse_form(s: &str, bishop_for_b: bool) -> Option<Form> {
    let b = s.as_bytes();
    if !b.is_ascii() || b.len() < 2 {
        return None;
    }
    if b.iter().all(|c| matches!(c, b'O' | b'o' | b'0' | b'-')) {
        return match b.iter().filter(|c| **c != b'-').count() {
            2 => Some(Form::Castle(CastlingSide::KingSide)),
            3 => Some(Form::Castle(CastlingSide::QueenSide)),
            _ => None,
        };
    }
    let mut b = b;
    // Promotion at the end: =Q, Q, q, (Q).
    let mut promotion = None;
    if let [rest @ .., b'(', p, b')'] = b {
        promotion = Some(Role::from_char(*p as char)?);
        b = rest;
    } else if let [rest @ .., last] = b
        && last.is_ascii_alphabetic()
    {
        promotion = Some(Role::from_char(*last as char)?);
        b = rest.strip_suffix(b"=").unwrap_or(rest);
    }
    if matches!(promotion, Some(Role::Pawn | Role::King)) {
        return None;
    }
    let [rest @ .., f, r] = b else { return None };
    let to = Square::from_ascii(&[*f, *r])?;
    let mut rest = rest;
    let mut role = None;
    if let [first, tail @ ..] = rest {
        let piece = match first {
            b'N' | b'n' => Some(Role::Knight),
            b'B' => Some(Role::Bishop),
            b'b' if bishop_for_b => Some(Role::Bishop),
            b'R' | b'r' => Some(Role::Rook),
            b'Q' | b'q' => Some(Role::Queen),
            b'K' | b'k' => Some(Role::King),
            b'P' | b'p' => Some(Role::Pawn),
            _ => None,
        };
        if piece.is_some() {
            role = piece;
            rest = tail;
        }
    }
    if let [head @ .., b'x' | b'X' | b'-' | b':'] = rest {
        rest = head;
    }
    let (mut file, mut rank) = (None, None);
    match rest {
        [] => {}
        [c] if c.is_ascii_digit() => rank = Some(Rank::from_char(*c as char)?),
        [c] => file = Some(File::from_char(*c as char)?),
        [f, r] => {
            file = Some(File::from_char(*f as char)?);
            rank = Some(Rank::from_char(*r as char)?);
        }
        _ => return None,
    }
    if promotion.is_some() && role.is_some_and(|r| r != Role::Pawn) {
        return None;
    }
    Some(Form::Piece { role, file, rank, to, promotion })
}

/// Whether some ending would make `body` a complete move form.
pub(super) fn could_become_a_move(body: &str) -> bool {
    ["", "1", "a1", "Q", "=Q", "O", "-O"].iter().any(|ending| {
        let text = format!("{body}{ending}");
        parse_form(&text, false).is_some() || parse_form(&text, true).is_some()
    })
}
