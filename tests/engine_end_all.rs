//! `engine::end_all`, alone in its test binary: it kills every engine of the process,
//! so the other tests' engines must not share it.

mod common;

use std::time::{Duration, Instant};

use common::TempDir;
use common::fake_engine::{FakeScript, Hang, fake_engine, is_alive};
use hotseat::chess::Game;
use hotseat::engine::{Analysis, Limit};

fn start(engine: &std::path::Path, game: &Game) -> Analysis {
    Analysis::start(engine, game, Limit::Depth(10))
}

#[test]
fn end_all_kills_every_running_engine() {
    let dirs = [TempDir::new("engine-end-all-1"), TempDir::new("engine-end-all-2")];
    let script = FakeScript { hang: Some(Hang::Go(1)), ..FakeScript::default() };
    let analyses: Vec<Analysis> =
        dirs.iter().map(|dir| start(&fake_engine(dir.path(), &script), &Game::new())).collect();
    let deadline = Instant::now() + Duration::from_secs(5);
    while analyses.iter().any(|a| a.engine_id().is_none()) {
        assert!(Instant::now() < deadline, "the engines never started");
        std::thread::sleep(Duration::from_millis(10));
    }
    let pids: Vec<u32> = analyses.iter().filter_map(Analysis::engine_id).collect();
    hotseat::engine::end_all();
    for pid in pids {
        assert!(!is_alive(pid), "engine {pid} survived end_all");
    }
    drop(analyses);
}
