//! The floors of the crate (see its docs in `src/lib.rs`) as a fact: each room of
//! `src/` names in its code only rooms on floors below it, never one beside or above.

use std::path::{Path, PathBuf};

/// Every room of `src/` and its floor, from the ground up.
const FLOORS: &[(&str, u8)] = &[
    ("printable", 1),
    ("clipboard", 1),
    ("clock", 2),
    ("openings", 2),
    ("review", 2),
    ("app", 3),
    ("records", 3),
    ("engine", 3),
    ("session", 4),
    ("library", 4),
    ("input", 5),
    ("plain", 5),
    ("remote", 5),
    ("ui", 6),
    ("tui", 7),
    ("cli", 8),
];

/// The sources of the crates with floors: the faces' and the one under them.
fn roots() -> [PathBuf; 2] {
    let top = Path::new(env!("CARGO_MANIFEST_DIR"));
    [top.join("src"), top.join("crates/hotseat-game/src")]
}

fn sources(dir: &Path, out: &mut Vec<PathBuf>) {
    let Ok(entries) = std::fs::read_dir(dir) else { return };
    for entry in entries.flatten() {
        let path = entry.path();
        if path.is_dir() {
            sources(&path, out);
        } else if path.extension().is_some_and(|e| e == "rs") {
            out.push(path);
        }
    }
}

/// The rooms a file's code (not its comments) names as `crate::room`.
fn named(text: &str) -> Vec<String> {
    let mut rooms = Vec::new();
    for line in text.lines().filter(|l| !l.trim_start().starts_with("//")) {
        for (at, _) in line.match_indices("crate::") {
            if at > 0 && line[..at].ends_with(|c: char| c.is_alphanumeric() || c == '_' || c == '$') {
                continue;
            }
            let room: String =
                line[at + 7..].chars().take_while(|c| c.is_ascii_alphanumeric() || *c == '_').collect();
            rooms.push(room);
        }
    }
    rooms
}

#[test]
fn every_room_of_the_crate_has_a_floor() {
    let mut missing = Vec::new();
    for entry in roots().iter().flat_map(|root| std::fs::read_dir(root).expect("src/ readable").flatten()) {
        let name = entry.file_name().to_string_lossy().trim_end_matches(".rs").to_owned();
        if !["lib", "main"].contains(&name.as_str()) && !FLOORS.iter().any(|(room, _)| *room == name) {
            missing.push(name);
        }
    }
    missing.dedup();
    assert!(missing.is_empty(), "rooms with no floor: {missing:?}");
}

#[test]
fn no_room_names_one_beside_or_above_it() {
    let floor = |room: &str| FLOORS.iter().find(|(r, _)| *r == room).map(|(_, f)| *f);
    let mut wrong = Vec::new();
    for &(room, own) in FLOORS {
        let mut files = Vec::new();
        for root in roots() {
            files.push(root.join(format!("{room}.rs")));
            sources(&root.join(room), &mut files);
        }
        for file in files.into_iter().filter(|f| f.exists()) {
            let text = std::fs::read_to_string(&file).expect("source readable");
            for other in named(&text) {
                if other != room && floor(&other).is_none_or(|f| f >= own) {
                    wrong.push(format!("{} names crate::{other}", file.display()));
                }
            }
        }
    }
    assert!(wrong.is_empty(), "arrows that run sideways or back up:\n{}", wrong.join("\n"));
}
