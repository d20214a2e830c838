//! Builds `src/openings/table.bin` and `table.txt` from the lichess openings TSV files, by replaying
//! each row's moves with the rules core and keying its final position by its hash.
//! The benchmark (`tests/bench/openings.rs`) uses the reading and replaying only.

#![allow(dead_code)]

use std::collections::BTreeMap;

use hotseat::chess::Game;

/// One row of the data set.
#[derive(Clone, Debug)]
pub struct Row {
    /// The file and line, for messages.
    pub origin: String,
    pub eco: String,
    pub name: String,
    /// The moves in SAN, without move numbers.
    pub sans: Vec<String>,
}

/// Reads the rows of one TSV file (`eco<TAB>name<TAB>pgn`, with a header line).
pub fn read_rows(file: &str, text: &str) -> Vec<Row> {
    let mut lines = text.lines().enumerate();
    assert_eq!(lines.next().map(|(_, l)| l), Some("eco\tname\tpgn"), "{file}: header");
    lines
        .map(|(i, line)| {
            let origin = format!("{file}:{}", i + 1);
            let mut fields = line.split('\t');
            let (Some(eco), Some(name), Some(pgn), None) =
                (fields.next(), fields.next(), fields.next(), fields.next())
            else {
                panic!("{origin}: not three fields: {line:?}");
            };
            let sans = pgn.split_whitespace().filter(|t| !t.ends_with('.')).map(str::to_owned).collect();
            Row { origin, eco: eco.to_owned(), name: name.to_owned(), sans }
        })
        .collect()
}

/// The game a row's moves reach from the standard start.
pub fn replay(row: &Row) -> Game {
    let mut game = Game::new();
    for san in &row.sans {
        game.play_san(san).unwrap_or_else(|e| panic!("{}: {san}: {e}", row.origin));
    }
    assert_eq!(game.san_moves(), &row.sans[..], "{}: the core writes the moves differently", row.origin);
    game
}

/// `B01` as 100 * letter + number.
fn eco_number(origin: &str, eco: &str) -> u32 {
    let bytes = eco.as_bytes();
    assert!(
        bytes.len() == 3 && (b'A'..=b'E').contains(&bytes[0]) && bytes[1..].iter().all(u8::is_ascii_digit),
        "{origin}: bad ECO code {eco:?}"
    );
    u32::from(bytes[0] - b'A') * 100 + u32::from(bytes[1] - b'0') * 10 + u32::from(bytes[2] - b'0')
}

/// A name's parts: the family, then the variations (`Family: Variation, Subvariation`).
fn parts(name: &str) -> Vec<&str> {
    match name.split_once(": ") {
        Some((family, rest)) => std::iter::once(family).chain(rest.split(", ")).collect(),
        None => vec![name],
    }
}

/// The generated table for `rows`, and the rows whose position another row reached
/// first (their names are not in the table).
pub fn generate(rows: &[Row]) -> (Table, Vec<String>) {
    // Names and their parts, each stored once, numbered in order of first use.
    let mut words: Vec<&str> = Vec::new();
    let mut word_index: BTreeMap<&str, u16> = BTreeMap::new();
    let mut names: Vec<Vec<u16>> = Vec::new();
    let mut name_index: BTreeMap<&str, u32> = BTreeMap::new();
    // Position key -> (row packed, origin of the row).
    let mut keys: BTreeMap<u64, (u32, &str)> = BTreeMap::new();
    let mut shadowed = Vec::new();
    for row in rows {
        let game = replay(row);
        let eco = eco_number(&row.origin, &row.eco);
        let name = *name_index.entry(&row.name).or_insert_with(|| {
            let indices = parts(&row.name)
                .into_iter()
                .map(|part| {
                    *word_index.entry(part).or_insert_with(|| {
                        words.push(part);
                        u16::try_from(words.len() - 1).expect("fewer than 65,536 parts")
                    })
                })
                .collect();
            names.push(indices);
            u32::try_from(names.len() - 1).expect("few names")
        });
        assert!(name < 1 << 16, "names fit in 16 bits");
        let packed = eco << 16 | name;
        match keys.get(&game.position().hash()) {
            Some(&(first, origin)) if first != packed => {
                shadowed.push(format!("{} (same position as {origin})", row.origin));
            }
            Some(_) => {}
            None => {
                keys.insert(game.position().hash(), (packed, &row.origin));
            }
        }
    }
    let text_len: usize = words.iter().map(|w| w.len()).sum();
    assert!(text_len < 1 << 16, "the name parts fit in 16-bit offsets");
    // The sections of `table.bin`, little-endian, after a header of their lengths.
    let mut starts = vec![0u16];
    for name in &names {
        let last = *starts.last().expect("a start");
        starts.push(last + u16::try_from(name.len()).expect("few parts"));
    }
    let parts: Vec<u16> = names.iter().flatten().copied().collect();
    let mut end = 0u16;
    let ends: Vec<u16> = words
        .iter()
        .map(|w| {
            end += u16::try_from(w.len()).expect("short");
            end
        })
        .collect();
    let mut bytes = Vec::new();
    for count in [keys.len(), starts.len(), parts.len(), ends.len()] {
        bytes.extend(u32::try_from(count).expect("a count").to_le_bytes());
    }
    bytes.extend(keys.keys().flat_map(|k| k.to_le_bytes()));
    bytes.extend(keys.values().flat_map(|(packed, _)| packed.to_le_bytes()));
    for section in [&starts, &parts, &ends] {
        bytes.extend(section.iter().flat_map(|v| v.to_le_bytes()));
    }
    let mut text = String::new();
    for word in &words {
        assert!(!word.contains('\n'), "plain text: {word:?}");
        text.push_str(word);
    }
    (Table { bytes, text }, shadowed)
}

/// What the generator writes: `src/openings/table.bin` and `table.txt`.
pub struct Table {
    /// The numbers: a header of four lengths, then the keys, the rows, the names'
    /// starts, the names' parts and the parts' ends.
    pub bytes: Vec<u8>,
    /// The name parts, one after the other.
    pub text: String,
}
