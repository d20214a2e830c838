//! Screens kept as text in `tests/it/snapshots/NAME.txt`, compared with what a test draws.
//!
//! A screen that differs from its file, or has none yet, fails the test with the first
//! differing line and both screens whole, and is written beside the file as
//! `NAME.txt.new`. Look at it; when it is right, move it over the old one:
//! `for f in tests/it/snapshots/*.new; do mv "$f" "${f%.new}"; done`.

use std::fs;
use std::path::PathBuf;

fn path(name: &str) -> PathBuf {
    PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("tests/it/snapshots").join(format!("{name}.txt"))
}

/// Fails unless `screen` is the screen kept under `name` (trailing blank lines aside).
#[track_caller]
pub fn assert_screen(name: impl AsRef<str>, screen: impl AsRef<str>) {
    let (name, screen) = (name.as_ref(), screen.as_ref());
    let file = path(name);
    let kept = fs::read_to_string(&file).ok();
    let (screen, expected) =
        (screen.trim_end_matches('\n'), kept.as_deref().map(|kept| kept.trim_end_matches('\n')));
    if expected == Some(screen) {
        return;
    }
    let new = file.with_extension("txt.new");
    fs::write(&new, format!("{screen}\n")).expect("write the new screen beside the kept one");
    let Some(expected) = expected else {
        panic!("no screen kept as {}; this one is in {}:\n{screen}", file.display(), new.display());
    };
    let (mut wanted, mut got) = (expected.lines(), screen.lines());
    let mut line = 1;
    let first = loop {
        match (wanted.next(), got.next()) {
            (Some(a), Some(b)) if a == b => line += 1,
            (a, b) => break (a.unwrap_or("(no line)"), b.unwrap_or("(no line)")),
        }
    };
    panic!(
        "the screen differs from {} at line {line}:\n  kept: {}\n  drawn: {}\n\nkept:\n{expected}\n\ndrawn (in {}):\n{screen}",
        file.display(),
        first.0,
        first.1,
        new.display(),
    );
}
