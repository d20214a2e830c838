//! Saving games: atomic writes that survive failures and kills, the autosave folder,
//! and picking the game to resume. Every test works in its own temporary directory.

use std::ffi::OsString;
use std::fs;
use std::io;
use std::path::{Path, PathBuf};
use std::process::{Command, Stdio};
use std::time::{Duration, Instant, UNIX_EPOCH};

use hotseat::chess::{Color, Game};
use hotseat::records::pgn::PgnGame;
use hotseat::records::store::{
    DATA_DIR_ENV, GameLock, GameStore, Platform, STALE_AFTER, StoreError, data_dir, read_pgn_file, save_game,
    save_target, write_atomic, write_atomic_with,
};

use crate::common;
use common::TempDir;

fn unfinished(moves: &[&str]) -> PgnGame {
    let mut game = Game::new();
    for san in moves {
        game.play_san(san).expect("legal");
    }
    PgnGame::new(game).with_tag("White", "Anna").with_tag("Black", "Ben")
}

fn set_modified(path: &Path, secs: u64) {
    let file = fs::File::options().write(true).open(path).expect("open to set mtime");
    file.set_modified(UNIX_EPOCH + Duration::from_secs(secs)).expect("set mtime");
}

// --- Atomic writes ----------------------------------------------------------------------

#[test]
fn an_atomic_write_creates_then_replaces_the_file_and_leaves_nothing_else() {
    let dir = TempDir::new("store-replace");
    let target = dir.path().join("game.pgn");
    write_atomic(&target, b"first").expect("write");
    assert_eq!(fs::read(&target).expect("read"), b"first");
    write_atomic(&target, b"second, longer").expect("overwrite");
    assert_eq!(fs::read(&target).expect("read"), b"second, longer");
    assert_eq!(dir.names(), ["game.pgn"], "no temporary file is left behind");
}

#[test]
fn a_write_that_fails_halfway_leaves_the_previous_file_whole() {
    let dir = TempDir::new("store-failing");
    let target = dir.path().join("game.pgn");
    write_atomic(&target, b"the previous complete game").expect("write");
    let err = write_atomic_with(&target, |out| {
        out.write_all(b"half a ga")?;
        Err(io::Error::other("disk full"))
    })
    .expect_err("the writer failed");
    assert_eq!(err.to_string(), "disk full");
    assert_eq!(fs::read(&target).expect("read"), b"the previous complete game");
    assert_eq!(dir.names(), ["game.pgn"], "the temporary file is removed");
}

#[test]
fn saving_into_a_missing_directory_fails_without_creating_anything() {
    let dir = TempDir::new("store-missing");
    let target = dir.path().join("no-such-dir").join("game.pgn");
    let err = save_game(&target, &unfinished(&["e4"])).expect_err("no directory");
    assert!(matches!(err, StoreError::Write { .. }));
    assert!(err.to_string().starts_with(&format!("cannot write {}: ", target.display())), "{err}");
    assert!(dir.names().is_empty());
}

#[test]
fn a_reader_only_ever_sees_a_complete_file() {
    let dir = TempDir::new("store-reader");
    let target = dir.path().join("game.pgn");
    let a = vec![b'a'; 64 * 1024];
    let b = vec![b'b'; 96 * 1024];
    write_atomic(&target, &a).expect("write");
    let writer = {
        let (target, a, b) = (target.clone(), a.clone(), b.clone());
        std::thread::spawn(move || {
            for i in 0..60 {
                write_atomic(&target, if i % 2 == 0 { &b } else { &a }).expect("write");
            }
        })
    };
    let mut reads = 0;
    while !writer.is_finished() {
        let seen = fs::read(&target).expect("the target always exists");
        assert!(seen == a || seen == b, "torn read of {} bytes", seen.len());
        reads += 1;
    }
    writer.join().expect("writer thread");
    assert!(reads > 0);
    assert_eq!(dir.names(), ["game.pgn"]);
}

const CHILD_TARGET_ENV: &str = "HOTSEAT_TEST_KILLED_SAVER_TARGET";

fn version(n: usize) -> Vec<u8> {
    // Different lengths and contents, so any mix of two versions shows.
    let mut v = format!("version {n}\n").into_bytes();
    v.resize(50_000 + n * 25_000, b'0' + n as u8);
    v
}

/// The child side of the kill test: saves two versions of a file in turn until killed.
/// Run only by `a_killed_saver_leaves_the_old_or_the_new_file`, which sets the target.
#[test]
#[ignore = "run as a child process by a_killed_saver_leaves_the_old_or_the_new_file"]
fn child_saver_loop() {
    let Some(target) = std::env::var_os(CHILD_TARGET_ENV) else { return };
    let target = PathBuf::from(target);
    let start = Instant::now();
    let mut i = 1;
    while start.elapsed() < Duration::from_secs(20) {
        write_atomic(&target, &version(i % 2 + 1)).expect("save");
        i += 1;
    }
}

#[test]
fn a_killed_saver_leaves_the_old_or_the_new_file() {
    let dir = TempDir::new("store-killed");
    let target = dir.path().join("game.pgn");
    let versions = [version(0), version(1), version(2)];
    for round in 0..4u64 {
        write_atomic(&target, &versions[0]).expect("initial version");
        let mut child = Command::new(std::env::current_exe().expect("test binary"))
            .args(["--exact", "store::child_saver_loop", "--ignored", "--test-threads=1"])
            .env(CHILD_TARGET_ENV, &target)
            .stdout(Stdio::null())
            .stderr(Stdio::null())
            .spawn()
            .expect("spawn the saver");
        // Wait for the child's first save, then kill it at some point in its loop.
        let deadline = Instant::now() + Duration::from_secs(15);
        while fs::read(&target).expect("target exists") == versions[0] {
            assert!(Instant::now() < deadline, "the saver never saved");
            std::thread::sleep(Duration::from_millis(2));
        }
        std::thread::sleep(Duration::from_millis(5 + round * 13));
        child.kill().expect("kill the saver");
        child.wait().expect("reap the saver");
        let left = fs::read(&target).expect("the target survives the kill");
        assert!(
            left == versions[1] || left == versions[2],
            "round {round}: torn file of {} bytes",
            left.len()
        );
    }
    // A kill mid-save may leave a hidden temporary file; the store never lists it.
    let store_dir = dir.path().join("data");
    fs::create_dir_all(store_dir.join("games")).expect("games dir");
    for name in dir.names().into_iter().filter(|n| n.starts_with('.')) {
        fs::rename(dir.path().join(&name), store_dir.join("games").join(name)).expect("move temp file");
    }
    assert!(GameStore::new(&store_dir).saved_games().expect("list").is_empty());
}

#[cfg(unix)]
#[test]
fn a_planted_temporary_name_neither_blocks_nor_redirects_a_save() {
    let dir = TempDir::new("store-planted");
    let target = dir.path().join("game.pgn");
    let victim = dir.path().join("victim.txt");
    fs::write(&victim, "precious").expect("write");
    // Every name a save by this process could once have used, as links to the victim.
    for n in 0..2_000 {
        let planted = dir.path().join(format!(".game.pgn.{}-{n}.tmp", std::process::id()));
        std::os::unix::fs::symlink(&victim, planted).expect("plant a link");
    }
    write_atomic(&target, b"the game").expect("the save goes ahead");
    assert_eq!(fs::read(&target).expect("read"), b"the game");
    assert_eq!(fs::read(&victim).expect("read"), b"precious", "nothing was written through a planted link");
}

#[cfg(unix)]
#[test]
fn an_atomic_write_follows_symlinks_and_refuses_what_is_not_a_file() {
    use std::os::unix::fs::PermissionsExt;
    let dir = TempDir::new("store-targets");
    let d = dir.path();
    fs::write(d.join("real.pgn"), "old").expect("write");
    fs::set_permissions(d.join("real.pgn"), fs::Permissions::from_mode(0o640)).expect("chmod");
    std::os::unix::fs::symlink("real.pgn", d.join("link.pgn")).expect("symlink");
    std::os::unix::fs::symlink("made.pgn", d.join("dangling.pgn")).expect("symlink");
    write_atomic(&d.join("link.pgn"), b"new").expect("through the link");
    write_atomic(&d.join("dangling.pgn"), b"made").expect("through the dangling link");
    assert_eq!(fs::read_to_string(d.join("real.pgn")).expect("read"), "new");
    assert_eq!(fs::read_to_string(d.join("made.pgn")).expect("read"), "made");
    assert!(fs::symlink_metadata(d.join("link.pgn")).expect("stat").file_type().is_symlink());
    assert!(fs::symlink_metadata(d.join("dangling.pgn")).expect("stat").file_type().is_symlink());
    assert_eq!(fs::metadata(d.join("real.pgn")).expect("stat").permissions().mode() & 0o777, 0o640);

    assert!(Command::new("mkfifo").arg(d.join("fifo")).status().expect("mkfifo").success());
    fs::create_dir(d.join("folder")).expect("mkdir");
    std::os::unix::fs::symlink("fifo", d.join("to-fifo")).expect("symlink");
    for (name, what) in
        [("fifo", "a FIFO (named pipe)"), ("folder", "a directory"), ("to-fifo", "a FIFO (named pipe)")]
    {
        let err = write_atomic(&d.join(name), b"x").expect_err("not a file");
        assert_eq!(err.kind(), io::ErrorKind::InvalidInput, "{name}");
        assert_eq!(err.to_string(), format!("it is {what}, not a regular file"));
        let err = save_target(&d.join(name)).expect_err("not a file");
        assert!(matches!(err, StoreError::NotAFile { .. }), "{name}: {err}");
    }
    assert_eq!(save_target(&d.join("link.pgn")).expect("a file"), d.join("real.pgn"));
    assert_eq!(save_target(&d.join("dangling.pgn")).expect("nothing yet"), d.join("made.pgn"));
    assert_eq!(
        dir.names(),
        ["dangling.pgn", "fifo", "folder", "link.pgn", "made.pgn", "real.pgn", "to-fifo"]
    );
}

#[test]
fn leftover_temporary_files_of_dead_saves_are_removed_when_the_folder_is_used() {
    let dir = TempDir::new("store-leftovers");
    let store = GameStore::new(dir.path());
    fs::create_dir_all(store.dir()).expect("games dir");
    let plant = |name: &str, age: Duration| {
        let path = store.dir().join(name);
        fs::write(&path, "half a ga").expect("write");
        let file = fs::File::options().write(true).open(&path).expect("open");
        file.set_modified(std::time::SystemTime::now() - age).expect("set mtime");
    };
    let old = STALE_AFTER + Duration::from_secs(60);
    plant(".2024-01-01_10-00-00Z.pgn.4000000-0123abcd0123abcd.tmp", old);
    plant(".2024-01-01_11-00-00Z.pgn.4000001-7.tmp", old);
    plant(".2024-01-01_12-00-00Z.pgn.4000002-0123abcd0123abcd.tmp", Duration::ZERO);
    plant(&format!(".2024-01-01_13-00-00Z.pgn.{}-0123abcd0123abcd.tmp", std::process::id()), old);
    plant(".notes.tmp", old);
    store.create_game_file(UNIX_EPOCH).expect("a new game");
    let mut left = TempDir::names_of(store.dir());
    left.retain(|n| n.starts_with('.'));
    assert_eq!(
        left,
        [
            ".2024-01-01_12-00-00Z.pgn.4000002-0123abcd0123abcd.tmp".to_owned(),
            format!(".2024-01-01_13-00-00Z.pgn.{}-0123abcd0123abcd.tmp", std::process::id()),
            ".notes.tmp".to_owned(),
        ],
        "a recent one may be a live save's, one of ours is, and a stranger's is not a save's"
    );
}

// --- Saving and reading games ---------------------------------------------------------------

#[test]
fn a_saved_game_reads_back_with_its_moves_and_tags() {
    let dir = TempDir::new("store-save");
    let path = dir.path().join("game.pgn");
    let mut record = unfinished(&["e4", "c5", "Nf3"]);
    save_game(&path, &record).expect("save");
    record.game.resign(Color::Black);
    save_game(&path, &record).expect("save again after the result");
    let file = read_pgn_file(&path).expect("read");
    let again = file.game(1).expect("one game").load().expect("loads");
    assert_eq!(again.game.san_moves(), ["e4", "c5", "Nf3"]);
    assert_eq!(again.tags.get("White"), Some("Anna"));
    assert_eq!(again.game.outcome(), record.game.outcome());
}

#[test]
fn reading_a_broken_file_names_the_file_and_the_place() {
    let dir = TempDir::new("store-broken");
    let path = dir.path().join("broken.pgn");
    fs::write(&path, "[Event \"x\"]\n\n1. e4 {never closed\n").expect("write");
    let err = read_pgn_file(&path).expect_err("unclosed comment");
    assert_eq!(
        err.to_string(),
        format!("{}: line 3, col 7: comment is never closed (missing }})", path.display())
    );
    let missing = read_pgn_file(&dir.path().join("absent.pgn")).expect_err("no such file");
    assert!(matches!(missing, StoreError::Read { .. }), "{missing}");
}

// --- The autosave folder ---------------------------------------------------------------------

#[test]
fn the_store_keeps_games_in_the_games_folder_of_the_data_directory() {
    let store = GameStore::new("/data/hotseat");
    assert_eq!(store.dir(), Path::new("/data/hotseat/games"));
}

#[test]
fn new_game_files_are_named_by_start_time_and_never_collide() {
    let dir = TempDir::new("store-names");
    let store = GameStore::new(dir.path());
    let started = UNIX_EPOCH + Duration::from_secs(1_714_000_000);
    let first = store.create_game_file(started).expect("create");
    let second = store.create_game_file(started).expect("create");
    let third = store.create_game_file(started + Duration::from_secs(1)).expect("create");
    let name = |p: &Path| p.file_name().expect("name").to_string_lossy().into_owned();
    assert_eq!(name(&first), "2024-04-24_23-06-40Z.pgn");
    assert_eq!(name(&second), "2024-04-24_23-06-40Z_2.pgn");
    assert_eq!(name(&third), "2024-04-24_23-06-41Z.pgn");
    let mut sorted = vec![name(&third), name(&second), name(&first)];
    sorted.sort();
    assert_eq!(sorted, [name(&first), name(&second), name(&third)], "names sort by start time");
    assert_eq!(first.parent(), Some(store.dir()));
}

#[test]
fn the_most_recent_unfinished_game_is_the_one_to_resume() {
    let dir = TempDir::new("store-resume");
    let store = GameStore::new(dir.path());
    let games = store.dir().to_owned();
    fs::create_dir_all(&games).expect("games dir");
    let write = |name: &str, text: &str, secs: u64| {
        let path = games.join(name);
        fs::write(&path, text).expect("write");
        set_modified(&path, secs);
        path
    };
    write("older-unfinished.pgn", &unfinished(&["d4"]).to_pgn(), 1_000);
    let wanted = write("newer-unfinished.pgn", &unfinished(&["e4", "e5"]).to_pgn(), 2_000);
    let mut finished = unfinished(&["f4"]);
    finished.game.resign(Color::White);
    write("finished.pgn", &finished.to_pgn(), 3_000);
    write("illegal.pgn", "1. e4 e5 2. Nf6 *\n", 4_000);
    write("garbled.pgn", "[Event \"x\n", 5_000);
    write("mated.pgn", "1. f3 e5 2. g4 Qh4# *\n", 5_500);
    write("empty.pgn", "", 6_000);
    // A game left, or killed, before its first move; and a file of two games, which
    // saving the one resumed would lose.
    write("no-moves.pgn", &unfinished(&[]).to_pgn(), 6_500);
    write(
        "two-games.pgn",
        &format!("{}\n{}", unfinished(&["e4"]).to_pgn(), unfinished(&["d4"]).to_pgn()),
        6_600,
    );
    write(".hidden.pgn", &unfinished(&["c4"]).to_pgn(), 7_000);
    write("notes.txt", &unfinished(&["c4"]).to_pgn(), 8_000);
    fs::create_dir(games.join("folder.pgn")).expect("a directory named like a game");

    let listed: Vec<String> = store
        .saved_games()
        .expect("list")
        .iter()
        .map(|g| g.path.file_name().expect("name").to_string_lossy().into_owned())
        .collect();
    assert_eq!(
        listed,
        [
            "two-games.pgn",
            "no-moves.pgn",
            "empty.pgn",
            "mated.pgn",
            "garbled.pgn",
            "illegal.pgn",
            "finished.pgn",
            "newer-unfinished.pgn",
            "older-unfinished.pgn"
        ]
    );
    let (path, record) = store.latest_unfinished().expect("readable").expect("a game to resume");
    assert_eq!(path, wanted);
    assert_eq!(record.game.san_moves(), ["e4", "e5"]);
    assert_eq!(record.tags.get("White"), Some("Anna"));

    // The newer files passed over, and why; finished games are simply not to resume.
    let search = store.find_resumable().expect("readable");
    assert_eq!(search.found.map(|(path, _)| path), Some(wanted));
    let passed_over: Vec<(String, String)> = search
        .passed_over
        .iter()
        .map(|p| (p.path.file_name().expect("name").to_string_lossy().into_owned(), p.why.to_string()))
        .collect();
    let passed_over: Vec<(&str, &str)> = passed_over.iter().map(|(n, w)| (n.as_str(), w.as_str())).collect();
    assert_eq!(
        passed_over,
        [
            ("two-games.pgn", "it holds 2 games, which saving one would lose"),
            ("no-moves.pgn", "no move was played in it"),
            ("empty.pgn", "it holds no game"),
            (
                "garbled.pgn",
                "it cannot be played: line 1, col 8: the value of tag Event is not closed (missing \")"
            ),
            ("illegal.pgn", "it cannot be played: line 1, col 13: illegal move Nf6 (no knight can reach f6)"),
        ]
    );
}

#[test]
fn ties_in_modification_time_go_to_the_later_start() {
    let dir = TempDir::new("store-ties");
    let store = GameStore::new(dir.path());
    let first = store.create_game_file(UNIX_EPOCH + Duration::from_secs(100)).expect("create");
    let second = store.create_game_file(UNIX_EPOCH + Duration::from_secs(200)).expect("create");
    for path in [&first, &second] {
        save_game(path, &unfinished(&["e4"])).expect("save");
        set_modified(path, 5_000);
    }
    let (path, _) = store.latest_unfinished().expect("readable").expect("a game");
    assert_eq!(path, second);
}

#[test]
fn an_empty_or_missing_store_has_nothing_to_resume() {
    let dir = TempDir::new("store-empty");
    let store = GameStore::new(dir.path().join("not-created-yet"));
    assert!(store.saved_games().expect("a missing folder is empty").is_empty());
    assert!(store.latest_unfinished().expect("readable").is_none());
    assert!(!store.dir().exists(), "looking does not create the folder");
}

#[test]
fn data_directories_follow_each_platform_and_the_override_wins() {
    fn env(vars: &[(&str, &str)]) -> impl Fn(&str) -> Option<OsString> {
        let vars: Vec<(String, String)> =
            vars.iter().map(|(k, v)| ((*k).to_owned(), (*v).to_owned())).collect();
        move |name| vars.iter().find(|(k, _)| k == name).map(|(_, v)| OsString::from(v))
    }
    /// A platform, its environment, and the data directory expected there.
    type Case<'a> = (Platform, Vec<(&'a str, &'a str)>, Option<&'a str>);
    let home = ("HOME", "/home/anna");
    let cases: [Case; 9] = [
        (Platform::Unix, vec![home], Some("/home/anna/.local/share/hotseat")),
        (Platform::Unix, vec![home, ("XDG_DATA_HOME", "/xdg")], Some("/xdg/hotseat")),
        (Platform::Unix, vec![home, ("XDG_DATA_HOME", "relative")], Some("/home/anna/.local/share/hotseat")),
        (Platform::Unix, vec![home, ("XDG_DATA_HOME", "")], Some("/home/anna/.local/share/hotseat")),
        (Platform::Unix, vec![home, (DATA_DIR_ENV, "/tmp/e2e")], Some("/tmp/e2e")),
        (Platform::MacOs, vec![home], Some("/home/anna/Library/Application Support/hotseat")),
        (Platform::Windows, vec![home, ("APPDATA", "/appdata")], Some("/appdata/hotseat")),
        (Platform::Windows, vec![home], None),
        (Platform::Unix, vec![], None),
    ];
    for (platform, vars, expected) in cases {
        assert_eq!(data_dir(platform, env(&vars)), expected.map(PathBuf::from), "{platform:?} {vars:?}");
    }
}

#[test]
fn the_real_store_is_where_the_environment_says() {
    // Only reads the environment; this test never writes anywhere.
    let expected = data_dir(Platform::current(), |name| std::env::var_os(name));
    match GameStore::from_env() {
        Ok(store) => assert_eq!(Some(store.dir().to_owned()), expected.map(|d| d.join("games"))),
        Err(err) => {
            assert!(expected.is_none());
            assert!(err.to_string().contains(DATA_DIR_ENV));
        }
    }
}

// --- The lock on an open game -----------------------------------------------------------

#[test]
fn a_game_file_is_locked_once_and_says_by_whom() {
    let dir = TempDir::new("store-lock");
    let game = dir.path().join("g.pgn");
    let lock = GameLock::acquire(&game).expect("a free file");
    assert_eq!(lock.sidecar(), dir.path().join(".g.pgn.lock"));
    assert_eq!(fs::read_to_string(lock.sidecar()).expect("the holder"), format!("{}\n", std::process::id()));
    // A second claim is refused, even from the same process: the lock is per open file.
    let err = GameLock::acquire(&game).expect_err("held");
    assert!(matches!(err, StoreError::Locked { pid: Some(pid), .. } if pid == std::process::id()), "{err}");
    assert_eq!(
        err.to_string(),
        format!("{} is open in another hotseat (process {})", game.display(), std::process::id())
    );
    drop(lock);
    assert_eq!(dir.names(), Vec::<String>::new(), "the lock file goes with the lock");
    let again = GameLock::acquire(&game).expect("free again");
    drop(again);
}

#[cfg(unix)]
#[test]
fn a_symlink_and_its_target_share_one_lock() {
    let dir = TempDir::new("store-lock-link");
    std::os::unix::fs::symlink("real.pgn", dir.path().join("link.pgn")).expect("symlink");
    let _lock = GameLock::acquire(&dir.path().join("real.pgn")).expect("a free file");
    let err = GameLock::acquire(&dir.path().join("link.pgn")).expect_err("the same file");
    assert!(matches!(err, StoreError::Locked { .. }), "{err}");
}

#[test]
fn a_lock_file_left_by_a_killed_process_is_taken_over() {
    let dir = TempDir::new("store-lock-stale");
    fs::write(dir.path().join(".g.pgn.lock"), "999999999\n").expect("a stale lock file");
    let lock = GameLock::acquire(&dir.path().join("g.pgn")).expect("no one holds it");
    assert_eq!(fs::read_to_string(lock.sidecar()).expect("the holder"), format!("{}\n", std::process::id()));
}

/// Runs `f` on a thread of its own and returns what it gives, failing when it takes
/// longer than a test's patience (a read waiting on a pipe no one writes, say).
fn without_waiting<T: Send + 'static>(f: impl FnOnce() -> T + Send + 'static) -> T {
    let (done, result) = std::sync::mpsc::channel();
    std::thread::spawn(move || {
        let _ = done.send(f());
    });
    result.recv_timeout(common::pty::PATIENCE).expect("it waited on the file")
}

#[cfg(unix)]
#[test]
fn a_saved_game_swapped_for_a_pipe_or_a_link_is_not_one_to_resume_and_nothing_waits() {
    use hotseat::records::store::{NotAFile, Unresumable, resumable_game};
    let dir = TempDir::new("store-resume-swapped");
    let d = dir.path().to_owned();
    save_game(&d.join("real.pgn"), &unfinished(&["e4"])).expect("saved");
    assert!(Command::new("mkfifo").arg(d.join("fifo.pgn")).status().expect("mkfifo").success());
    std::os::unix::fs::symlink("real.pgn", d.join("link.pgn")).expect("symlink");
    for (name, what) in [("fifo.pgn", NotAFile::Fifo), ("link.pgn", NotAFile::Link)] {
        let path = d.join(name);
        let why = without_waiting(move || resumable_game(&path).expect_err("not one to resume"));
        assert!(
            matches!(&why, Unresumable::Unreadable(StoreError::NotReadable { what: found, .. }) if *found == what),
            "{name}: {why}"
        );
    }
    assert_eq!(resumable_game(&d.join("real.pgn")).expect("a game").game.san_moves(), ["e4"]);
}
