//! What the command line says about the config file, the man page and the help: every
//! sentence in one place.

use std::path::Path;

use crate::input::{KeyNameError, KeymapError};
use crate::printable::printable;

fn shown(path: &Path) -> String {
    printable(&path.display().to_string(), usize::MAX).into_owned()
}

/// Under `hotseat --help`: where the rest is.
pub const AFTER_HELP: &str = "Settings you would type each time go in the config file: hotseat config \
says where it is and what is in force. More in the manual page (hotseat man) and the manual (docs/ in \
hotseat's source).";

/// A config file's error: the file, the line, what is wrong.
pub fn config_error(path: &Path, line: Option<usize>, problem: &str) -> String {
    match line {
        Some(line) => format!("{}: line {line}: {problem}", shown(path)),
        None => format!("{}: {problem}", shown(path)),
    }
}

/// The file could not be read.
pub fn cannot_read(err: &std::io::Error) -> String {
    format!("cannot read it: {err}")
}

/// The config file's name is a folder's.
pub const CONFIG_IS_A_FOLDER: &str = "it is a folder, not a config file";

/// The config file is too large to be one.
pub const CONFIG_TOO_LARGE: &str = "it is larger than 1 MiB, which no config file is";

/// The config file is not text.
pub const CONFIG_NOT_TEXT: &str = "it is not UTF-8 text";

/// The TOML reader's complaint.
pub fn not_toml(message: &str) -> String {
    let message = message.trim().trim_end_matches('.');
    format!("{message} (the file is TOML: setting = value, a line each)")
}

/// A value its option refuses.
pub fn bad_value(name: &str, written: &str, why: &str) -> String {
    format!("{name} = {}: {why}", printable(written, 60))
}

/// An on/off setting given something else.
pub fn takes_a_switch(name: &str) -> String {
    format!("{name} takes true or false")
}

/// A number setting given something else.
pub fn takes_a_number(name: &str, example: &str) -> String {
    format!("{name} takes a number, such as {name} = {example}")
}

/// A text setting given a table, a list or a date.
pub fn takes_text(name: &str, example: &str) -> String {
    format!("{name} takes a value such as {name} = {example}")
}

/// An option that chooses the game itself, written in the file.
pub fn command_line_only(name: &str) -> String {
    format!("{name} is for the command line (--{name}): it chooses the game, not how you play")
}

/// `keys` written as a setting.
pub const KEYS_IS_A_TABLE: &str = "keys is a table: [keys] on a line of its own, then a line for each key";

/// A key binding given something else than a key's name.
pub fn takes_a_key(word: &str) -> String {
    format!("{word} takes a key's name, such as {word} = \"f9\"")
}

/// A setting no option has.
pub fn unknown_setting(name: &str, near: Option<&str>) -> String {
    let name = printable(name, 60);
    match near {
        Some(near) => format!("unknown setting {name} (did you mean {near}?)"),
        None => format!(
            "unknown setting {name} (the settings are the long options of hotseat --help, such as clock, \
theme, level; and a [keys] table)"
        ),
    }
}

/// A command word no key can be bound to.
pub fn unknown_word(word: &str, near: Option<&str>) -> String {
    let word = printable(word, 60);
    match near {
        Some(near) => format!("no command is called {word} (did you mean {near}?)"),
        None => format!("no command is called {word} (hotseat config lists them, under [keys])"),
    }
}

/// A key's name the file cannot use.
pub fn bad_key_name(err: &KeyNameError) -> String {
    let name = printable(&err.name, 60);
    match &err.near {
        Some(near) => format!("unknown key name {name:?} (did you mean {near}?)"),
        None => format!(
            "unknown key name {name:?} (keys are named f1 to f12, ctrl-a to ctrl-z, or alt- and a character)"
        ),
    }
}

/// A binding that cannot be.
pub fn bad_binding(err: &KeymapError) -> String {
    match err {
        KeymapError::UnknownWord(word) => unknown_word(word, None),
        KeymapError::Reserved { word, key } => format!(
            "{word} cannot be bound to {}: Ctrl-C always quits, and a terminal sends Ctrl-H, Ctrl-I, Ctrl-J \
and Ctrl-M as Backspace, Tab and Enter",
            key.name()
        ),
        KeymapError::Shared { key, bound, other } => match crate::input::Bindable::named(other) {
            Some(_) => format!(
                "{bound} is bound to {}, which is {other}'s key: bind {other} to another key too, or {bound} elsewhere",
                key.name()
            ),
            None => format!("{bound} is bound to {}, which already does this: {other}", key.name()),
        },
    }
}

/// A setting in force by default.
pub const DEFAULT: &str = "default";

/// A setting neither the file nor a default sets.
pub const NOT_SET: &str = "not set";

/// A setting in force from the file.
pub fn from_line(line: usize) -> String {
    format!("the file, line {line}")
}

/// `hotseat config` with the config file read, or none there.
pub fn read_from(path: &Path, read: bool) -> String {
    if read {
        format!("Config file: {} (a command-line option wins over it). In force:", shown(path))
    } else {
        format!(
            "Config file: {} (there is none: the defaults are in force; hotseat config --write writes one to edit). \
In force:",
            shown(path)
        )
    }
}

/// `hotseat config` with no file to read (`HOTSEAT_CONFIG` empty, or no home).
pub fn no_config_file() -> String {
    "No config file is read (HOTSEAT_CONFIG is set and empty, or there is no HOME). In force:".to_owned()
}

/// `hotseat config --write` with nowhere to write.
pub const NOWHERE_TO_WRITE: &str =
    "no config file to write: HOTSEAT_CONFIG is set and empty, or there is no HOME to put one in";

/// The default file was written.
pub fn wrote(path: &Path) -> String {
    format!("Wrote {}: every setting is there, commented out; remove the # of those you want.", shown(path))
}

/// The default file would be written over a file.
pub fn exists_already(path: &Path) -> String {
    format!("{} exists already; edit it, or move it away to write a new one", shown(path))
}

/// The default file could not be written.
pub fn cannot_write(path: &Path, err: &std::io::Error) -> String {
    format!("cannot write {}: {err}", shown(path))
}

/// An error of the options once the config file's are added.
pub fn with_config_file(path: &Path) -> String {
    format!("with the settings of {}", shown(path))
}

/// The head of the default config file.
pub const DEFAULT_FILE_HEAD: &str = "\
# hotseat's config file: the options you would type each time, written down once.
# Each setting is a long option of hotseat (hotseat --help, man hotseat) without its
# dashes, and an option given on the command line wins over it. Remove the # at the
# start of a line to use it. Names, clocks and delays are for new games: a game
# continued with --resume or --pgn keeps its own. hotseat config says what is in force.
";

/// The head of the default config file's `[keys]` table.
pub const DEFAULT_FILE_KEYS: &str = "
[keys]
# The command keys of the board: a command's word, and the key that does it instead of
# its own: \"f1\" to \"f12\", \"ctrl-a\" to \"ctrl-z\" (but c, h, i, j and m), or \"alt-\" and a
# character. No key may do two things: binding one command to another's key means
# binding that one elsewhere too. Letters, digits and signs stay the move's text.
";

/// The man page's FILES section: each file, and what it is.
pub const MAN_FILES: &[(&str, &str)] = &[
    (
        "~/.config/hotseat/config.toml",
        "The config file ($XDG_CONFIG_HOME/hotseat/config.toml when XDG_CONFIG_HOME is set, or the file \
HOTSEAT_CONFIG names): the long options by name (clock = \"5+3\", level = 3), and a [keys] table binding \
command words to keys (flip = \"f9\"). A command-line option wins over it. hotseat config says where it is \
read from and what is in force; hotseat config --write writes a commented one.",
    ),
    (
        "~/.local/share/hotseat/games/",
        "The saved games, a PGN file each ($XDG_DATA_HOME/hotseat/games, or HOTSEAT_DATA_DIR/games); hotseat \
games lists them.",
    ),
    (
        "$XDG_RUNTIME_DIR/hotseat/",
        "The sockets of hosted games (HOTSEAT_RUNTIME_DIR instead, else /tmp/hotseat-UID), mode 0700.",
    ),
];

/// The man page's ENVIRONMENT section: each variable, and what it does.
pub const MAN_ENVIRONMENT: &[(&str, &str)] = &[
    ("HOTSEAT_CONFIG", "The config file to read instead; set and empty, none is read."),
    ("HOTSEAT_DATA_DIR", "The folder of the saved games' games/ folder."),
    ("HOTSEAT_ENGINE", "The UCI engine to run when --engine is not given."),
    ("HOTSEAT_RUNTIME_DIR", "The folder of the hosted games' sockets."),
    ("HOTSEAT_SSH", "The command join --ssh runs instead of ssh, split as git splits GIT_SSH_COMMAND."),
    ("HOTSEAT_SEED", "A number that makes the engine's low levels choose the same moves again."),
    ("NO_COLOR", "When set, no colours: shading, reverse video and markers instead."),
    (
        "COLORTERM, TERM",
        "How many colours the terminal shows (truecolor or 24bit; 256color), unless --colors says.",
    ),
];

/// The man page's SEE ALSO section.
pub const MAN_SEE_ALSO: &str = "hotseat-host(1), hotseat-join(1), hotseat-watch(1), hotseat-games(1), \
hotseat-analyse(1), hotseat-config(1), stockfish(6), ssh(1), sshd(8); the manual, docs/ in hotseat's source.";

/// `hotseat man NAME` for a command there is not.
pub fn no_such_command(name: &str) -> String {
    format!("there is no command {} to print the page of (hotseat --help lists them)", printable(name, 60))
}
