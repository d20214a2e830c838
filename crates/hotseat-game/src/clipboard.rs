//! Copying to the clipboard through the terminal: the OSC 52 escape sequence.
//!
//! The terminal itself puts the text on the clipboard, so it works over SSH and needs
//! no system library. Terminals that do not allow it ignore the sequence; there is no
//! answer to tell the two apart.

use std::io::{self, Write};

/// The most text sent in one sequence; some terminals drop longer ones (xterm's
/// default limit is about 100,000 bytes of base64).
pub const MAX_BYTES: usize = 74_000;

/// Why text was not copied.
#[derive(Debug, thiserror::Error)]
pub enum CopyError {
    /// The text is longer than terminals accept in one sequence.
    #[error("too long to copy through the terminal ({0} bytes)")]
    TooLong(usize),
    /// Writing to the terminal failed.
    #[error("cannot write to the terminal: {0}")]
    Write(#[from] io::Error),
}

/// Asks the terminal on `out` to put `text` on the clipboard.
pub fn copy(out: &mut impl Write, text: &str) -> Result<(), CopyError> {
    if text.len() > MAX_BYTES {
        return Err(CopyError::TooLong(text.len()));
    }
    out.write_all(osc52(text).as_bytes())?;
    out.flush()?;
    Ok(())
}

/// The escape sequence that sets the clipboard to `text`: `ESC ] 52 ; c ; <base64> BEL`.
///
/// ```
/// assert_eq!(hotseat_game::clipboard::osc52("e4"), "\x1b]52;c;ZTQ=\x07");
/// ```
pub fn osc52(text: &str) -> String {
    format!("\x1b]52;c;{}\x07", base64(text.as_bytes()))
}

/// Standard base64 (RFC 4648, with `=` padding).
pub fn base64(bytes: &[u8]) -> String {
    const ALPHABET: &[u8; 64] = b"ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/";
    let mut out = String::with_capacity(bytes.len().div_ceil(3) * 4);
    for chunk in bytes.chunks(3) {
        let b = [chunk[0], chunk.get(1).copied().unwrap_or(0), chunk.get(2).copied().unwrap_or(0)];
        let n = u32::from(b[0]) << 16 | u32::from(b[1]) << 8 | u32::from(b[2]);
        for i in 0..4 {
            if i <= chunk.len() {
                out.push(char::from(ALPHABET[(n >> (18 - 6 * i) & 63) as usize]));
            } else {
                out.push('=');
            }
        }
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn base64_matches_the_rfc_4648_test_vectors() {
        for (plain, encoded) in [
            ("", ""),
            ("f", "Zg=="),
            ("fo", "Zm8="),
            ("foo", "Zm9v"),
            ("foob", "Zm9vYg=="),
            ("fooba", "Zm9vYmE="),
            ("foobar", "Zm9vYmFy"),
        ] {
            assert_eq!(base64(plain.as_bytes()), encoded, "{plain:?}");
        }
        assert_eq!(base64(&[0xff, 0xfe, 0xfd]), "//79");
        assert_eq!(base64("½".as_bytes()), "wr0=");
    }

    #[test]
    fn copying_writes_one_osc_52_sequence_and_refuses_what_is_too_long() {
        let mut out = Vec::new();
        copy(&mut out, "1. e4 *").expect("copied");
        assert_eq!(out, b"\x1b]52;c;MS4gZTQgKg==\x07");
        let long = "x".repeat(MAX_BYTES + 1);
        assert!(matches!(copy(&mut Vec::new(), &long), Err(CopyError::TooLong(_))));
    }
}
