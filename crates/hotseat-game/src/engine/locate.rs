//! Finding the engine: the path given, then the `HOTSEAT_ENGINE` variable, then
//! `stockfish` on `PATH`, then the places packages put it.

use std::ffi::OsString;
use std::path::{Path, PathBuf};

use super::{ENGINE_VARIABLE, EngineError};

/// Where packages install Stockfish outside `PATH`: Debian and Ubuntu
/// (`apt-get install stockfish`), then Homebrew on Apple silicon and on Intel Macs.
pub const PACKAGE_PATHS: [&str; 3] =
    ["/usr/games/stockfish", "/opt/homebrew/bin/stockfish", "/usr/local/bin/stockfish"];

/// Finds the engine: `explicit` (the engine the player named) if given, else the program named by
/// `HOTSEAT_ENGINE` if set, else `stockfish` on `PATH`, else [`PACKAGE_PATHS`]. A
/// path given or named must be there: it is not silently replaced by another engine.
pub fn locate(explicit: Option<&Path>) -> Result<PathBuf, EngineError> {
    locate_with(explicit, |name| std::env::var_os(name), &PACKAGE_PATHS.map(Path::new))
}

/// [`locate`] with the environment read through `var` and the package places given.
pub fn locate_with(
    explicit: Option<&Path>,
    var: impl Fn(&str) -> Option<OsString>,
    package_paths: &[&Path],
) -> Result<PathBuf, EngineError> {
    let mut tried = Vec::new();
    let path_var = var("PATH");
    let named = explicit
        .map(Path::to_path_buf)
        .or_else(|| var(ENGINE_VARIABLE).filter(|v| !v.is_empty()).map(PathBuf::from));
    if let Some(named) = named {
        return find_program(&named, path_var.as_deref(), &mut tried).ok_or(EngineError::NotFound { tried });
    }
    if let Some(found) = find_program(Path::new("stockfish"), path_var.as_deref(), &mut tried) {
        return Ok(found);
    }
    for place in package_paths {
        tried.push(place.to_path_buf());
        if is_executable(place) {
            return Ok(place.to_path_buf());
        }
    }
    Err(EngineError::NotFound { tried })
}

/// A program by path, or by bare name on `PATH` as a shell would find it.
fn find_program(
    program: &Path,
    path_var: Option<&std::ffi::OsStr>,
    tried: &mut Vec<PathBuf>,
) -> Option<PathBuf> {
    if program.components().count() > 1 || program.is_absolute() {
        tried.push(program.to_path_buf());
        return is_executable(program).then(|| program.to_path_buf());
    }
    let Some(path_var) = path_var else {
        tried.push(program.to_path_buf());
        return None;
    };
    let mut any = false;
    for dir in std::env::split_paths(path_var).filter(|d| !d.as_os_str().is_empty()) {
        any = true;
        let candidate = dir.join(program);
        if is_executable(&candidate) {
            return Some(candidate);
        }
    }
    // Named once, as the player would look for it, rather than once per folder.
    tried.push(if any {
        PathBuf::from(format!("{} on PATH", program.display()))
    } else {
        program.to_path_buf()
    });
    None
}

/// A regular file the user may run (with any execute bit, on Unix).
fn is_executable(path: &Path) -> bool {
    let Ok(meta) = std::fs::metadata(path) else { return false };
    if !meta.is_file() {
        return false;
    }
    #[cfg(unix)]
    {
        use std::os::unix::fs::PermissionsExt;
        meta.permissions().mode() & 0o111 != 0
    }
    #[cfg(not(unix))]
    {
        true
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn temp_dir(name: &str) -> PathBuf {
        let dir = std::env::temp_dir().join(format!("hotseat-locate-{name}-{}", std::process::id()));
        let _ = std::fs::remove_dir_all(&dir);
        std::fs::create_dir_all(&dir).expect("temporary folder");
        dir
    }

    fn program(dir: &Path, name: &str) -> PathBuf {
        use std::os::unix::fs::PermissionsExt;
        let path = dir.join(name);
        std::fs::write(&path, "#!/bin/sh\n").expect("write");
        std::fs::set_permissions(&path, std::fs::Permissions::from_mode(0o755)).expect("chmod");
        path
    }

    #[test]
    fn the_order_is_explicit_variable_path_then_packages() {
        let dir = temp_dir("order");
        let explicit = program(&dir, "mine");
        let variable = program(&dir, "theirs");
        let bin = dir.join("bin");
        std::fs::create_dir_all(&bin).expect("bin");
        let on_path = program(&bin, "stockfish");
        let package = program(&dir, "packaged");
        let env = |with_var: bool, with_path: bool| {
            let variable = variable.clone();
            let bin = bin.clone();
            move |name: &str| match name {
                ENGINE_VARIABLE if with_var => Some(variable.clone().into_os_string()),
                "PATH" if with_path => Some(bin.clone().into_os_string()),
                _ => None,
            }
        };
        let packages = [package.as_path()];
        assert_eq!(locate_with(Some(&explicit), env(true, true), &packages), Ok(explicit.clone()));
        assert_eq!(locate_with(None, env(true, true), &packages), Ok(variable.clone()));
        assert_eq!(locate_with(None, env(false, true), &packages), Ok(on_path));
        assert_eq!(locate_with(None, env(false, false), &packages), Ok(package));
        let _ = std::fs::remove_dir_all(&dir);
    }

    #[test]
    fn a_named_engine_that_is_missing_is_not_replaced() {
        let dir = temp_dir("missing");
        let bin = dir.join("bin");
        std::fs::create_dir_all(&bin).expect("bin");
        program(&bin, "stockfish");
        let env = |name: &str| (name == "PATH").then(|| bin.clone().into_os_string());
        let gone = dir.join("gone");
        let err = locate_with(Some(&gone), env, &[]).expect_err("no such engine");
        assert_eq!(err, EngineError::NotFound { tried: vec![gone] });
        // Not executable: not an engine.
        let plain = dir.join("plain");
        std::fs::write(&plain, "").expect("write");
        assert!(locate_with(Some(&plain), env, &[]).is_err());
        let _ = std::fs::remove_dir_all(&dir);
    }

    #[test]
    fn with_none_found_the_message_names_the_places() {
        let err = locate_with(None, |_| None, &[Path::new("/nowhere/stockfish")]).expect_err("nothing");
        let EngineError::NotFound { tried } = &err else { panic!("{err:?}") };
        assert_eq!(tried, &[PathBuf::from("stockfish"), PathBuf::from("/nowhere/stockfish")]);
        // The cures (install one, --engine, HOTSEAT_ENGINE) are the edge's words:
        // app::strings::engine_failed, tested there and through the binary.
        let text = err.to_string();
        assert!(text.contains("/nowhere/stockfish"), "{text}");
    }
}
