//! A flood of short connections against a hosted game: how long a key on the host's
//! own terminal takes to be drawn, and how much memory the host holds, during the
//! flood and after it (issue 31).
//!
//! Run with `cargo bench --bench flood`. It builds the release binary, hosts a game in
//! a 100x32 pseudo-terminal (the shared helper of `tests/common/pty.rs`), joins it
//! from another as Black, and then, from one thread of this process, makes 100,000
//! connections to the game's socket, each saying `hello hotseat 3 watch` and a line of
//! chat and closing at once, as fast as it can. Meanwhile a key is typed on the host
//! every 20 ms (a letter, then Backspace) and timed from the write until the frame
//! that shows it has been read back; the host's resident set (`VmRSS`) is sampled
//! every 50 ms. After the flood, the keys are timed again once the host's threads are
//! back to what they were, and its resident set read.
//!
//! Most of such a flood is turned away at the door (a connection rate the host sets),
//! so a second round stays within what the door takes: fifteen spectators each
//! chatting as fast as one connection may (20 lines a second, reading what comes so
//! none is dropped as deaf) and 50 short connections a second, for ten seconds.

#[path = "../common/pty.rs"]
#[allow(dead_code)]
mod pty;
#[path = "release.rs"]
mod release;

use std::io::Write;
use std::os::unix::net::UnixStream;
use std::path::Path;
use std::process::Command;
use std::sync::Arc;
use std::sync::atomic::{AtomicBool, AtomicU64, Ordering};
use std::thread;
use std::time::{Duration, Instant};

use pty::Pty;
use release::release_binary;

/// The connections of the flood.
const CONNECTIONS: u64 = 100_000;
/// Between two keys.
const KEY_GAP: Duration = Duration::from_millis(20);

/// A field of `/proc/PID/status`, in its unit (kB for sizes).
fn status(pid: u32, field: &str) -> u64 {
    let text = std::fs::read_to_string(format!("/proc/{pid}/status")).unwrap_or_default();
    let value = text.lines().find_map(|line| line.strip_prefix(field)).unwrap_or("0");
    value.trim().trim_end_matches("kB").trim().parse().unwrap_or(0)
}

/// Types one key on `host` and reads until the move line shows what it did: how long
/// that took. `typed` says whether the line now holds a letter.
fn key(host: &mut Pty, typed: &mut bool) -> Duration {
    let (keys, shown) = if *typed { ("\x7f", false) } else { ("e", true) };
    let sent = Instant::now();
    host.send(keys);
    let deadline = sent + Duration::from_secs(60);
    loop {
        let line =
            host.contents().lines().find(|line| line.starts_with("Move:")).unwrap_or_default().to_owned();
        if line.starts_with("Move: e") == shown {
            *typed = shown;
            return sent.elapsed();
        }
        assert!(Instant::now() < deadline, "the key was never drawn:\n{}", host.contents());
        host.read_for(Duration::from_millis(50));
    }
}

fn report(what: &str, mut figures: Vec<Duration>) {
    figures.sort();
    let at = |q: f64| figures[((figures.len() - 1) as f64 * q).round() as usize];
    println!(
        "{what}: {} keys, median {:.2} ms, p99 {:.2} ms, max {:.2} ms",
        figures.len(),
        at(0.5).as_secs_f64() * 1e3,
        at(0.99).as_secs_f64() * 1e3,
        figures[figures.len() - 1].as_secs_f64() * 1e3
    );
}

fn main() {
    let binary = release_binary();
    let binary = binary.to_str().expect("a path");
    let place = std::env::temp_dir().join(format!("hotseat-bench-flood-{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&place);
    let (data, run) = (place.join("data"), place.join("run"));
    let env = [("HOTSEAT_DATA_DIR", data.as_path()), ("HOTSEAT_RUNTIME_DIR", run.as_path())];
    let mut host = Pty::start_program(binary, &["host"], None, &env, true);
    host.wait_for("hotseat join");
    let mut black = Pty::start_program(binary, &["join"], None, &env, true);
    black.wait_for("as Black");
    host.wait_for("Black joined");
    let pid = host.child.process_id().expect("a pid");
    let socket = std::fs::read_dir(&run)
        .expect("the sockets")
        .map(|entry| entry.expect("an entry").path())
        .find(|path| path.extension().is_some_and(|e| e == "sock"))
        .expect("the game's socket");
    let threads_before = status(pid, "Threads:");
    let rss_before = status(pid, "VmRSS:");
    let mut typed = false;
    let idle: Vec<Duration> = (0..100)
        .map(|_| {
            thread::sleep(KEY_GAP);
            key(&mut host, &mut typed)
        })
        .collect();

    // The flood, from one thread of this process.
    let done = Arc::new(AtomicBool::new(false));
    let made = Arc::new(AtomicU64::new(0));
    let flood = {
        let (done, made, socket) = (Arc::clone(&done), Arc::clone(&made), socket.clone());
        thread::spawn(move || {
            let start = Instant::now();
            for _ in 0..CONNECTIONS {
                if let Ok(mut stream) = UnixStream::connect(&socket) {
                    let _ = stream.write_all(b"hello hotseat 3 watch\nsay flood flood flood\n");
                    made.fetch_add(1, Ordering::SeqCst);
                }
            }
            done.store(true, Ordering::SeqCst);
            start.elapsed()
        })
    };
    let mut during = Vec::new();
    let mut peak = 0;
    let mut last_sample = Instant::now();
    while !done.load(Ordering::SeqCst) {
        thread::sleep(KEY_GAP);
        during.push(key(&mut host, &mut typed));
        if last_sample.elapsed() >= Duration::from_millis(50) {
            peak = peak.max(status(pid, "VmRSS:"));
            last_sample = Instant::now();
        }
        // The joiner's screen is read too, so its output never waits.
        black.read_for(Duration::ZERO);
    }
    let took = flood.join().expect("flooded");
    peak = peak.max(status(pid, "VmRSS:"));
    let hwm = status(pid, "VmHWM:");

    // After: once the flood's threads have ended (their deadlines are 10 s at most).
    let settled = Instant::now();
    while status(pid, "Threads:") > threads_before && settled.elapsed() < Duration::from_secs(30) {
        thread::sleep(Duration::from_millis(100));
        black.read_for(Duration::ZERO);
    }
    let settle = settled.elapsed();
    let threads_after = status(pid, "Threads:");
    let after: Vec<Duration> = (0..100)
        .map(|_| {
            thread::sleep(KEY_GAP);
            key(&mut host, &mut typed)
        })
        .collect();
    let rss_after = status(pid, "VmRSS:");

    // The second round: as much as the door lets in.
    let (lines, busy, busy_peak) = second_round(&socket, &mut host, &mut typed, &mut black, pid);

    println!("commit {}", git_head());
    println!("machine: {}", machine());
    println!(
        "flood: {} connections made of {CONNECTIONS} tried in {:.1} s, from one thread",
        made.load(Ordering::SeqCst),
        took.as_secs_f64()
    );
    report("keys before the flood", idle);
    report("keys during the flood", during);
    report("keys after the flood", after);
    println!(
        "host's resident set: {rss_before} kB before, {peak} kB at most during (VmHWM {hwm} kB), \
         {rss_after} kB after; threads {threads_before} before, {threads_after} after ({:.1} s to settle)",
        settle.as_secs_f64()
    );
    println!(
        "second round, 10 s: {} chat lines from 15 spectators, {} short connections",
        lines[..15].iter().sum::<u64>(),
        lines[15]
    );
    report("keys during the second round", busy);
    println!("host's resident set at most {busy_peak} kB during the second round");
    host.send("\x11");
    host.wait_for_exit();
    black.wait_for_exit();
    let _ = std::fs::remove_dir_all(&place);
}

/// The second round, for ten seconds: fifteen spectators chatting at one connection's
/// limit and 50 short connections a second, keys typed on `host` meanwhile. The chat
/// lines and connections made (the connections last), the keys' times, and the
/// host's largest resident set.
fn second_round(
    socket: &Path,
    host: &mut Pty,
    typed: &mut bool,
    black: &mut Pty,
    pid: u32,
) -> (Vec<u64>, Vec<Duration>, u64) {
    let stop = Arc::new(AtomicBool::new(false));
    let mut chatting: Vec<thread::JoinHandle<u64>> = (0..15)
        .map(|_| {
            let (socket, stop) = (socket.to_owned(), Arc::clone(&stop));
            thread::spawn(move || {
                let Ok(mut stream) = UnixStream::connect(&socket) else { return 0 };
                let mut reading = stream.try_clone().expect("a clone");
                thread::spawn(move || std::io::copy(&mut reading, &mut std::io::sink()));
                let _ = stream.write_all(b"hello hotseat 3 watch\n");
                let mut said = 0;
                while !stop.load(Ordering::SeqCst) && stream.write_all(b"say chatting along\n").is_ok() {
                    said += 1;
                    thread::sleep(Duration::from_millis(50));
                }
                said
            })
        })
        .collect();
    chatting.push({
        let (socket, stop) = (socket.to_owned(), Arc::clone(&stop));
        thread::spawn(move || {
            let mut made = 0;
            while !stop.load(Ordering::SeqCst) {
                if let Ok(mut stream) = UnixStream::connect(&socket) {
                    let _ = stream.write_all(b"hello hotseat 3 watch\nsay hello and goodbye\n");
                    made += 1;
                }
                thread::sleep(Duration::from_millis(20));
            }
            made
        })
    });
    let round = Instant::now();
    let mut busy = Vec::new();
    let mut busy_peak = 0;
    while round.elapsed() < Duration::from_secs(10) {
        thread::sleep(KEY_GAP);
        busy.push(key(host, typed));
        busy_peak = busy_peak.max(status(pid, "VmRSS:"));
        black.read_for(Duration::ZERO);
    }
    stop.store(true, Ordering::SeqCst);
    let lines: Vec<u64> = chatting.into_iter().map(|t| t.join().expect("chatted")).collect();
    (lines, busy, busy_peak)
}

fn git_head() -> String {
    Command::new("git")
        .args(["rev-parse", "--short", "HEAD"])
        .current_dir(env!("CARGO_MANIFEST_DIR"))
        .output()
        .map(|out| String::from_utf8_lossy(&out.stdout).trim().to_owned())
        .unwrap_or_default()
}

fn machine() -> String {
    let cpu = std::fs::read_to_string("/proc/cpuinfo")
        .unwrap_or_default()
        .lines()
        .find_map(|line| {
            line.strip_prefix("model name").map(|m| m.trim_start_matches([' ', '\t', ':']).to_owned())
        })
        .unwrap_or_default();
    let cores = thread::available_parallelism().map_or(0, std::num::NonZero::get);
    let load = std::fs::read_to_string("/proc/loadavg").unwrap_or_default();
    format!("{cpu}, {cores} cores, load average {}", load.split(' ').take(3).collect::<Vec<_>>().join(" "))
}
