//! Where a joining player keeps its seat's token between one `hotseat join` and the
//! next: a file per game joined, in a folder of the runtime folder (private to the
//! user, and gone when the user logs out, which is as long as a token is worth
//! keeping). A token kept for a game that ended, or one hosted again since, is no
//! longer the seat's: presented, it is only ignored.

use std::fs;
use std::io::{self, Write};
use std::os::unix::fs::{DirBuilderExt, OpenOptionsExt};
use std::path::{Path, PathBuf};

use super::protocol::Token;
use super::socket;

/// The most characters of a key.
const MAX_KEY: usize = 120;

/// The key of a game joined on this machine, by its name.
pub fn here(name: &str) -> String {
    key(&format!("here-{name}"))
}

/// The key of a game joined over SSH: the destination and the name as the player
/// typed them (the same words find the same game).
pub fn over_ssh(destination: &str, name: Option<&str>) -> String {
    key(&format!("ssh-{destination}-{}", name.unwrap_or("")))
}

/// `text` made a file's name: letters, digits, `.`, `_`, `-` and `@`; anything else
/// becomes `_`.
fn key(text: &str) -> String {
    text.chars()
        .map(|c| if c.is_ascii_alphanumeric() || matches!(c, '.' | '_' | '-' | '@') { c } else { '_' })
        .take(MAX_KEY)
        .collect()
}

fn folder(dir: &Path) -> PathBuf {
    dir.join("seats")
}

/// The token kept for `key`, if there is one.
pub fn load(dir: &Path, key: &str) -> Option<Token> {
    let text = fs::read_to_string(folder(dir).join(key)).ok()?;
    Token::read(text.trim())
}

/// Keeps `token` for `key`, replacing what was kept (atomically: a new file renamed
/// over the old, readable by the user only).
pub fn keep(dir: &Path, key: &str, token: &Token) -> io::Result<()> {
    socket::prepare(dir).map_err(io::Error::other)?;
    let seats = folder(dir);
    fs::DirBuilder::new().recursive(true).mode(0o700).create(&seats)?;
    let temporary = seats.join(format!(".{key}.{}", std::process::id()));
    let mut file =
        fs::OpenOptions::new().write(true).create(true).truncate(true).mode(0o600).open(&temporary)?;
    writeln!(file, "{token}")?;
    drop(file);
    fs::rename(&temporary, seats.join(key)).inspect_err(|_| {
        let _ = fs::remove_file(&temporary);
    })
}

/// Forgets the token kept for `key`: its game ended.
pub fn forget(dir: &Path, key: &str) {
    let _ = fs::remove_file(folder(dir).join(key));
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_token_is_kept_found_and_forgotten_by_its_game() {
        let dir = std::env::temp_dir().join(format!("hotseat-tokens-test-{}", std::process::id()));
        let _ = fs::remove_dir_all(&dir);
        let token = Token::new();
        let key = over_ssh("anna@example.org", Some("friday"));
        assert_eq!(load(&dir, &key), None);
        keep(&dir, &key, &token).expect("kept");
        assert!(load(&dir, &key).is_some_and(|kept| kept.matches(&token)));
        assert_eq!(load(&dir, &here("friday")), None, "another game's key");
        forget(&dir, &key);
        assert_eq!(load(&dir, &key), None);
        let _ = fs::remove_dir_all(&dir);
    }

    #[test]
    fn keys_are_file_names() {
        assert_eq!(over_ssh("../../etc", None), "ssh-.._.._etc-");
        assert!(!here(&"x/".repeat(200)).contains('/'));
        assert!(here(&"x".repeat(500)).len() <= MAX_KEY);
    }
}
