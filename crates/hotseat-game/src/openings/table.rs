//! The opening table, read from the two files `tests/it/openings/generate.rs` makes from
//! `assets/openings/*.tsv` (do not edit them; run `OPENINGS_UPDATE=1 cargo test --test
//! openings` to make them again):
//!
//! - `table.bin`: four lengths (`u32`), then, little-endian: the positions' hashes
//!   ([`Position::hash`](hotseat_chess::Position::hash), `u64`, ascending); for each, its
//!   row (`u32`: the ECO code as `100 * letter + number`, << 16, | its name); where each
//!   name's parts start (`u16`, one more than there are names); the parts of each name
//!   (`u16`: family, variation, ...); where each part ends in the text (`u16`).
//! - `table.txt`: the parts, one after the other.

static BYTES: &[u8] = include_bytes!("table.bin");

/// The name parts, one after the other.
pub(super) static TEXT: &str = include_str!("table.txt");

/// The `n`th length of the header.
const fn length(n: usize) -> usize {
    u32::from_le_bytes([BYTES[4 * n], BYTES[4 * n + 1], BYTES[4 * n + 2], BYTES[4 * n + 3]]) as usize
}

/// How many positions the table names.
pub(super) const KEYS: usize = length(0);
const STARTS: usize = length(1);
const PARTS: usize = length(2);
const ENDS: usize = length(3);

const KEYS_AT: usize = 16;
const ROWS_AT: usize = KEYS_AT + 8 * KEYS;
const STARTS_AT: usize = ROWS_AT + 4 * KEYS;
const PARTS_AT: usize = STARTS_AT + 2 * STARTS;
const ENDS_AT: usize = PARTS_AT + 2 * PARTS;
const _: () = assert!(ENDS_AT + 2 * ENDS == BYTES.len(), "the sections fill the file");

fn bytes<const N: usize>(at: usize) -> [u8; N] {
    let mut out = [0; N];
    out.copy_from_slice(&BYTES[at..at + N]);
    out
}

/// The hash of the `i`th position, in ascending order.
pub(super) fn key(i: usize) -> u64 {
    u64::from_le_bytes(bytes(KEYS_AT + 8 * i))
}

/// The row of the `i`th position.
pub(super) fn row(i: usize) -> u32 {
    u32::from_le_bytes(bytes(ROWS_AT + 4 * i))
}

/// The parts of name `name`, as numbers of parts.
pub(super) fn name_parts(name: usize) -> impl Iterator<Item = usize> {
    let start = |n: usize| usize::from(u16::from_le_bytes(bytes(STARTS_AT + 2 * n)));
    (start(name)..start(name + 1)).map(|i| usize::from(u16::from_le_bytes(bytes(PARTS_AT + 2 * i))))
}

/// Part `part` of the names.
pub(super) fn part(part: usize) -> &'static str {
    let end = |n: usize| usize::from(u16::from_le_bytes(bytes(ENDS_AT + 2 * n)));
    let start = if part == 0 { 0 } else { end(part - 1) };
    TEXT.get(start..end(part)).unwrap_or_default()
}

/// How many names, parts and part ends the table holds, for its own checks.
#[cfg(test)]
pub(super) const fn sizes() -> (usize, usize, usize) {
    (STARTS - 1, PARTS, ENDS)
}

/// Where the last part ends.
#[cfg(test)]
pub(super) fn text_end() -> usize {
    usize::from(u16::from_le_bytes(bytes(ENDS_AT + 2 * (ENDS - 1))))
}
