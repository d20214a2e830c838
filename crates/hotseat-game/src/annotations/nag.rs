//! Numeric Annotation Glyphs: what a record says of a move in one number (`$1`, `!`).

use std::fmt;

use hotseat_chess::ANNOTATION_SUFFIXES;

/// A Numeric Annotation Glyph, as PGN writes a comment on a move: `$1` for `!`.
///
/// ```
/// use hotseat_game::annotations::Nag;
/// assert_eq!(Nag::from_suffix("!?"), Some(Nag::SPECULATIVE_MOVE));
/// assert_eq!(Nag::SPECULATIVE_MOVE.suffix(), Some("!?"));
/// assert_eq!(Nag(5).to_string(), "$5");
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct Nag(pub u8);

impl Nag {
    /// `!` (`$1`).
    pub const GOOD_MOVE: Nag = Nag(1);
    /// `?` (`$2`).
    pub const MISTAKE: Nag = Nag(2);
    /// `!!` (`$3`).
    pub const BRILLIANT_MOVE: Nag = Nag(3);
    /// `??` (`$4`).
    pub const BLUNDER: Nag = Nag(4);
    /// `!?` (`$5`).
    pub const SPECULATIVE_MOVE: Nag = Nag(5);
    /// `?!` (`$6`).
    pub const DUBIOUS_MOVE: Nag = Nag(6);

    /// The suffixes of glyphs 1 to 6, in order: the annotations the core reads after a
    /// typed move.
    const SUFFIXES: [&'static str; 6] = ANNOTATION_SUFFIXES;

    /// The glyph written as a move suffix (`!`, `?`, `!!`, `??`, `!?`, `?!`), if `suffix` is one.
    pub fn from_suffix(suffix: &str) -> Option<Nag> {
        let i = Nag::SUFFIXES.iter().position(|s| *s == suffix)?;
        Some(Nag(i as u8 + 1))
    }

    /// The move suffix for glyphs 1 to 6; `None` for the others, which have none.
    pub fn suffix(self) -> Option<&'static str> {
        Nag::SUFFIXES.get(usize::from(self.0).checked_sub(1)?).copied()
    }
}

impl fmt::Display for Nag {
    /// `$n`, as PGN writes it.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "${}", self.0)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn glyphs_1_to_6_are_the_six_suffixes_and_the_others_have_none() {
        for (suffix, nag) in [("!", 1), ("?", 2), ("!!", 3), ("??", 4), ("!?", 5), ("?!", 6)] {
            assert_eq!(Nag(nag).suffix(), Some(suffix));
            assert_eq!(Nag::from_suffix(suffix), Some(Nag(nag)));
        }
        assert_eq!(Nag(7).suffix(), None);
        assert_eq!(Nag(0).suffix(), None);
        assert_eq!(Nag::from_suffix("!!!"), None);
        assert_eq!(Nag::BLUNDER.to_string(), "$4");
    }
}
