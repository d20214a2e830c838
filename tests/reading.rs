//! Reading files that are big on purpose: time linear in the size, memory a small
//! multiple of it, and a limit on how much is read at all.
//!
//! This test binary counts every allocation (a global allocator that delegates to the
//! system's), so the memory a read takes is a number, not a guess. The tests take a
//! lock so that one test's allocations never count towards another's.

use std::alloc::{GlobalAlloc, Layout, System};
use std::fmt::Write as _;
use std::fs;
use std::sync::Mutex;
use std::sync::atomic::{AtomicUsize, Ordering};

use hotseat::records::pgn::PgnFile;
use hotseat::records::store::{MAX_FILE_SIZE, StoreError, read_pgn_file};

mod common;
use common::TempDir;

/// The system allocator, counting the bytes in use and their peak.
struct Counting;

static IN_USE: AtomicUsize = AtomicUsize::new(0);
static PEAK: AtomicUsize = AtomicUsize::new(0);

// Safety: every call goes straight to the system allocator with the same arguments;
// the counters are only arithmetic on the side.
#[allow(unsafe_code)]
unsafe impl GlobalAlloc for Counting {
    unsafe fn alloc(&self, layout: Layout) -> *mut u8 {
        let ptr = unsafe { System.alloc(layout) };
        if !ptr.is_null() {
            let now = IN_USE.fetch_add(layout.size(), Ordering::Relaxed) + layout.size();
            PEAK.fetch_max(now, Ordering::Relaxed);
        }
        ptr
    }

    unsafe fn dealloc(&self, ptr: *mut u8, layout: Layout) {
        unsafe { System.dealloc(ptr, layout) };
        IN_USE.fetch_sub(layout.size(), Ordering::Relaxed);
    }

    unsafe fn realloc(&self, ptr: *mut u8, layout: Layout, new_size: usize) -> *mut u8 {
        let new = unsafe { System.realloc(ptr, layout, new_size) };
        if !new.is_null() {
            IN_USE.fetch_sub(layout.size(), Ordering::Relaxed);
            let now = IN_USE.fetch_add(new_size, Ordering::Relaxed) + new_size;
            PEAK.fetch_max(now, Ordering::Relaxed);
        }
        new
    }
}

#[global_allocator]
static ALLOCATOR: Counting = Counting;

/// One test at a time, so the counters see one test's allocations.
static ONE_AT_A_TIME: Mutex<()> = Mutex::new(());

/// The most memory `work` had allocated at once beyond what was in use before it.
fn peak_of<T>(work: impl FnOnce() -> T) -> (T, usize) {
    let before = IN_USE.load(Ordering::Relaxed);
    PEAK.store(before, Ordering::Relaxed);
    let result = work();
    (result, PEAK.load(Ordering::Relaxed) - before)
}

#[test]
fn two_hundred_thousand_tags_are_read_in_one_pass() {
    let _one = ONE_AT_A_TIME.lock().unwrap_or_else(std::sync::PoisonError::into_inner);
    let mut text = String::new();
    for n in 0..200_000 {
        writeln!(text, "[Tag{n} \"value {n}\"]").expect("writing to a string");
    }
    text.push_str("\n1. e4 *\n");
    // Looking up every tag already read before adding the next one took minutes here.
    let (file, peak) = peak_of(|| PgnFile::parse(&text).expect("many tags are still PGN"));
    let game = file.game(1).expect("one game");
    assert_eq!(game.tags().len(), 200_000);
    assert_eq!(game.tags().get("Tag199999"), Some("value 199999"));
    assert_eq!(game.plies(), 1);
    assert!(peak < 4 * text.len(), "{peak} bytes to read {} bytes of tags", text.len());
}

#[test]
fn a_ten_megabyte_movetext_is_read_in_a_small_multiple_of_its_size() {
    let _one = ONE_AT_A_TIME.lock().unwrap_or_else(std::sync::PoisonError::into_inner);
    let dir = TempDir::new("reading-movetext");
    let path = dir.path().join("big.pgn");
    let unit = "1. Nf3 {[%clk 0:05:00]} Nf6 2. Ng1 Ng8 ";
    let mut text = String::from("[Event \"Knights out and back\"]\n\n");
    while text.len() < 10 << 20 {
        text.push_str(unit);
    }
    text.push_str("*\n");
    fs::write(&path, &text).expect("write the file");
    let size = text.len();
    drop(text);

    let (file, peak) = peak_of(|| read_pgn_file(&path).expect("the file splits into games"));
    assert_eq!(file.len(), 1);
    assert!(file.game(1).expect("one game").plies() > 1_000_000);
    // The text itself, and a copy while it is checked as UTF-8; the moves are not
    // copied out of it.
    assert!(peak <= 5 * size / 2, "{peak} bytes to read a {size}-byte file");

    // Loading plays the moves until fivefold repetition ends the game, then stops.
    let (err, peak) = peak_of(|| file.game(1).expect("one game").load().expect_err("a move after the end"));
    assert!(err.to_string().contains("comes after the game has ended"), "{err}");
    assert!(peak < size / 10, "{peak} bytes to load a game of 16 moves");
}

#[test]
fn a_file_larger_than_the_limit_is_refused_before_it_is_read() {
    let _one = ONE_AT_A_TIME.lock().unwrap_or_else(std::sync::PoisonError::into_inner);
    let dir = TempDir::new("reading-too-large");
    let path = dir.path().join("huge.pgn");
    // A sparse file: large, and costing no disk space.
    let file = fs::File::create(&path).expect("create");
    file.set_len(MAX_FILE_SIZE + 1).expect("grow");
    drop(file);
    let (err, peak) = peak_of(|| read_pgn_file(&path).expect_err("too large"));
    assert!(matches!(err, StoreError::TooLarge { .. }), "{err}");
    assert_eq!(err.to_string(), format!("{} is larger than 64 MiB", path.display()));
    assert!(peak < 1 << 20, "{peak} bytes allocated to refuse it");
}

#[cfg(unix)]
#[test]
fn an_endless_stream_is_refused_before_it_is_read() {
    let _one = ONE_AT_A_TIME.lock().unwrap_or_else(std::sync::PoisonError::into_inner);
    let (err, peak) = peak_of(|| read_pgn_file(std::path::Path::new("/dev/zero")).expect_err("endless"));
    assert_eq!(err.to_string(), "cannot read /dev/zero: it is a character device, not a regular file");
    assert!(peak < 1 << 20, "{peak} bytes allocated to refuse it");
}
