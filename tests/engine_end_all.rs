//! `engine::end_all`, alone in its test binary: it kills every engine of the process,
//! so the other tests' engines must not share it.

mod common;

use std::time::{Duration, Instant};

use common::TempDir;
use common::fake_engine::{FakeScript, Hang, fake_engine, is_alive};
use hotseat::chess::Game;
use hotseat::engine::{Analysis, Limit, Settings};

/// Two engines, for the game's two parts.
fn start(engine: &std::path::Path, game: &Game) -> Analysis {
    Analysis::start_with(
        engine,
        game,
        &Settings { limit: Limit::Depth(10), engines: Some(2), part_len: Some(2), ..Settings::default() },
    )
}

#[test]
fn end_all_kills_every_running_engine() {
    let dirs = [TempDir::new("engine-end-all-1"), TempDir::new("engine-end-all-2")];
    let mut game = Game::new();
    for san in ["e4", "e5", "Nf3"] {
        game.play_san(san).expect("legal move");
    }
    let script = FakeScript { hang: Some(Hang::Go(1)), ..FakeScript::default() };
    let analyses: Vec<Analysis> =
        dirs.iter().map(|dir| start(&fake_engine(dir.path(), &script), &game)).collect();
    let deadline = Instant::now() + Duration::from_secs(5);
    while analyses.iter().any(|a| a.engine_ids().len() < 2) {
        assert!(Instant::now() < deadline, "the engines never started");
        std::thread::sleep(Duration::from_millis(10));
    }
    let pids: Vec<u32> = analyses.iter().flat_map(Analysis::engine_ids).collect();
    assert_eq!(pids.len(), 4);
    hotseat::engine::end_all();
    for pid in pids {
        assert!(!is_alive(pid), "engine {pid} survived end_all");
    }
    drop(analyses);
}
