//! Text from a file, made safe to print.
//!
//! A file is written by anyone. Printed raw, a tag value or a bad token could carry
//! escape sequences that retitle the window, clear the screen or fill the clipboard
//! (OSC 52), or bidi overrides that make a line read backwards; and a 10 MB token
//! would make a 10 MB error line. Everything from a file that reaches standard
//! output or standard error goes through [`printable`] first.

use std::borrow::Cow;

/// The most characters of a value from a file that a message quotes.
pub const QUOTE_LIMIT: usize = 60;

/// The most characters of typed text that a refusal echoes back.
pub const ECHO_LIMIT: usize = 32;

/// Typed text as a refusal echoes it: trimmed, and cut to [`ECHO_LIMIT`] characters,
/// the last of them `…`, when it is longer. Nothing is replaced: quote it (`{:?}`) or
/// pass it through [`printable`] to print it.
///
/// ```
/// use hotseat_game::printable::echo;
/// assert_eq!(echo(" e9 "), "e9");
/// assert_eq!(echo(&"x".repeat(100)).chars().count(), 32);
/// ```
pub fn echo(text: &str) -> Cow<'_, str> {
    let text = text.trim();
    if text.chars().nth(ECHO_LIMIT).is_none() {
        return Cow::Borrowed(text);
    }
    let mut out: String = text.chars().take(ECHO_LIMIT - 1).collect();
    out.push('…');
    Cow::Owned(out)
}

/// `text` with every character a terminal could act on replaced by `�`, and cut to
/// at most `max_chars` characters, the last of them `…`, when it is longer.
///
/// Replaced: the C0 controls (escape, bell, line breaks and tabs among them), DEL,
/// the C1 controls (U+0080 to U+009F, which some terminals read as escapes) and the
/// bidirectional overrides, embeddings, isolates and marks.
///
/// ```
/// use hotseat_game::printable::{QUOTE_LIMIT, printable};
/// assert_eq!(printable("Anna\x1b]0;pwned\x07", QUOTE_LIMIT), "Anna�]0;pwned�");
/// assert_eq!(printable("abcdef", 4), "abc…");
/// assert_eq!(printable("Müller", QUOTE_LIMIT), "Müller");
/// ```
pub fn printable(text: &str, max_chars: usize) -> Cow<'_, str> {
    let too_long = text.chars().nth(max_chars).is_some();
    if !too_long && !text.chars().any(acts_on_terminal) {
        return Cow::Borrowed(text);
    }
    // Room for the ellipsis: the first `max_chars - 1` characters.
    let kept = text.chars().take(if too_long { max_chars.saturating_sub(1) } else { max_chars });
    let mut out: String = kept.map(|c| if acts_on_terminal(c) { '\u{fffd}' } else { c }).collect();
    if too_long {
        out.push('…');
    }
    Cow::Owned(out)
}

/// Whether a terminal may do something with `c` other than draw it: a control, or a
/// bidirectional override, embedding, isolate or mark.
pub fn acts_on_terminal(c: char) -> bool {
    c.is_control()
        || matches!(c, '\u{061c}' | '\u{200e}' | '\u{200f}' | '\u{202a}'..='\u{202e}' | '\u{2066}'..='\u{2069}')
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn controls_of_every_kind_are_replaced() {
        assert_eq!(printable("a\x1b[2Jb\x07c\td\ne\x7f", 100), "a�[2Jb�c�d�e�");
        assert_eq!(printable("\u{9b}31m", 100), "�31m");
        assert_eq!(printable("Anna \u{202e}neB \u{2067}x\u{2069}", 100), "Anna �neB �x�");
    }

    #[test]
    fn long_text_is_cut_with_an_ellipsis_on_a_character_boundary() {
        assert_eq!(printable(&"é".repeat(100), 10), format!("{}…", "é".repeat(9)));
        assert_eq!(printable(&"x".repeat(60), 60), "x".repeat(60));
        assert_eq!(printable(&"x".repeat(61), 60).chars().count(), 60);
        assert_eq!(printable("\x1b".repeat(61).as_str(), 60), format!("{}…", "�".repeat(59)));
    }

    #[test]
    fn plain_text_is_not_copied() {
        assert!(matches!(printable("Kasparov", QUOTE_LIMIT), Cow::Borrowed("Kasparov")));
    }
}
