//! The floors of the program (see the docs in `src/lib.rs`) as a fact. The crates are
//! a fact of the compiler: `hotseat-game` cannot name the faces of `hotseat` above it,
//! nor the core either of them. Within the crates, each room names in its code only
//! rooms on floors below it, never one beside or above; the faces name the rooms of the
//! middle crate as `crate::session` too, through the re-exports of `src/lib.rs`.

use std::path::{Path, PathBuf};

/// The middle crate's sources, under the faces.
const GAME: &str = "crates/hotseat-game/src";
/// The faces' and the command line's sources: the `hotseat` package.
const FACES: &str = "src";

/// Every room of the two crates above the core, its crate's sources and its floor, from
/// the ground up.
const FLOORS: &[(&str, &str, u8)] = &[
    (GAME, "annotations", 1),
    (GAME, "printable", 1),
    (GAME, "clipboard", 1),
    (GAME, "clock", 2),
    (GAME, "openings", 2),
    (GAME, "review", 2),
    (GAME, "app", 3),
    (GAME, "records", 3),
    (GAME, "engine", 3),
    (GAME, "session", 4),
    (GAME, "library", 4),
    (GAME, "remote", 5),
    (FACES, "input", 6),
    (FACES, "plain", 6),
    (FACES, "ui", 7),
    (FACES, "tui", 8),
    (FACES, "cli", 9),
];

fn root(sources: &str) -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join(sources)
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
fn every_room_of_each_crate_has_a_floor_in_it() {
    let mut missing = Vec::new();
    for crate_sources in [GAME, FACES] {
        for entry in std::fs::read_dir(root(crate_sources)).expect("the sources readable").flatten() {
            let name = entry.file_name().to_string_lossy().trim_end_matches(".rs").to_owned();
            let listed = FLOORS.iter().any(|(sources, room, _)| *sources == crate_sources && *room == name);
            if !["lib", "main"].contains(&name.as_str()) && !listed {
                missing.push(format!("{crate_sources}/{name}"));
            }
        }
    }
    missing.dedup();
    assert!(missing.is_empty(), "rooms with no floor in their crate: {missing:?}");
}

#[test]
fn no_room_names_one_beside_or_above_it() {
    let floor = |room: &str| FLOORS.iter().find(|(_, r, _)| *r == room).map(|(_, _, f)| *f);
    let mut wrong = Vec::new();
    for &(crate_sources, room, own) in FLOORS {
        let mut files = vec![root(crate_sources).join(format!("{room}.rs"))];
        sources(&root(crate_sources).join(room), &mut files);
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
