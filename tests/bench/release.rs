//! What the benchmarks that drive the real binary share: the release build, as it
//! ships. (Each includes this file; the pseudo-terminal is the tests' own,
//! `tests/common/pty.rs`.)

use std::path::{Path, PathBuf};
use std::process::Command;

/// Builds the release binary and says where it is.
pub fn release_binary() -> PathBuf {
    let built = Command::new(env!("CARGO"))
        .args(["build", "--release", "--bin", "hotseat"])
        .current_dir(env!("CARGO_MANIFEST_DIR"))
        .status()
        .expect("cargo runs");
    assert!(built.success(), "cargo build --release failed");
    let target = std::env::var_os("CARGO_TARGET_DIR")
        .map_or_else(|| Path::new(env!("CARGO_MANIFEST_DIR")).join("target"), PathBuf::from);
    let binary = target.join("release").join("hotseat");
    assert!(binary.is_file(), "no release binary at {}", binary.display());
    binary
}
