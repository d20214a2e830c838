//! The config file: the options a player would type each time, written down once.
//!
//! `$XDG_CONFIG_HOME/hotseat/config.toml` (else `~/.config/hotseat/config.toml`), or
//! the file `HOTSEAT_CONFIG` names (set and empty: no file). Its settings are long
//! options of `hotseat` by name (`clock = "5+3"`), each checked by the option's own
//! parser, and they become options placed before the command line's, so the command
//! line wins and every rule of the options (their conflicts, the clocks' checks) holds
//! for the file too. A `[keys]` table binds command words to keys. Everything wrong is
//! refused before the terminal is touched, with the file, the line and why.

use std::ffi::{OsStr, OsString};
use std::fmt::Write as _;
use std::io::{Read, Write};
use std::path::{Path, PathBuf};

use clap::parser::ValueSource;
use clap::{ArgMatches, Args, CommandFactory};
use serde::de::value::SeqAccessDeserializer;
use serde::de::{Deserialize, Deserializer, MapAccess, SeqAccess, Visitor};
use toml::Spanned;

use super::strings;
use super::{Cli, GameOptions};
use crate::input::{BINDABLE, Bindable, Key, KeymapError, Keys};

/// The variable that names the config file instead (set and empty: none is read).
pub const CONFIG_VARIABLE: &str = "HOTSEAT_CONFIG";

/// The most of a config file read: a file of settings is a few hundred bytes.
const MOST: u64 = 1 << 20;

/// `hotseat config`'s arguments.
#[derive(Debug, clap::Args)]
pub struct ConfigArgs {
    /// Write a commented default file where the config file is read from (never over
    /// an existing one), to edit.
    #[arg(long)]
    pub write: bool,
}

/// How a setting's value is written.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Kind {
    /// `true` or `false`: an on/off option.
    Switch,
    /// A whole number: `level = 3`.
    Number,
    /// Text: `clock = "5+3"` (a number is taken too: `clock = 5`).
    Text,
}

/// A setting the config file may hold: a long option of a game.
#[derive(Clone, Copy, Debug)]
struct Setting {
    name: &'static str,
    kind: Kind,
    /// A value to show in the default file.
    example: &'static str,
    /// Only for a new game: a game continued (`--resume`, `--pgn`) keeps its own.
    new_game: bool,
}

const fn setting(name: &'static str, kind: Kind, example: &'static str, new_game: bool) -> Setting {
    Setting { name, kind, example, new_game }
}

/// The settings, in the order of `hotseat --help`. Options that choose the game itself
/// (`--fen`, `--pgn`, `--resume`, `--save`, `--chess960`, `--game`) are for the
/// command line only.
const SETTINGS: &[Setting] = &[
    setting("ascii", Kind::Switch, "true", false),
    setting("theme", Kind::Text, "\"contrast\"", false),
    setting("colors", Kind::Text, "\"256\"", false),
    setting("auto-flip", Kind::Switch, "true", false),
    setting("white", Kind::Text, "\"Anna\"", true),
    setting("black", Kind::Text, "\"Ben\"", true),
    setting("clock", Kind::Text, "\"5+3\"", true),
    setting("black-clock", Kind::Text, "\"3+2\"", true),
    setting("clock-start", Kind::Text, "\"white\"", true),
    setting("bell", Kind::Switch, "true", false),
    setting("delay", Kind::Text, "2", true),
    setting("bronstein", Kind::Text, "2", true),
    setting("engine", Kind::Text, "\"/usr/games/stockfish\"", false),
    setting("plain", Kind::Switch, "true", false),
    setting("announce", Kind::Text, "\"nato\"", false),
    setting("computer", Kind::Text, "\"black\"", false),
    setting("level", Kind::Number, "3", false),
    setting("elo", Kind::Number, "1800", false),
    setting("coach", Kind::Text, "\"white\"", false),
];

/// Options of a game that choose the game itself: the command line's alone.
const NOT_SETTINGS: &[&str] = &["fen", "chess960", "save", "resume", "pgn", "game", "as", "ssh"];

/// Where the config file is read from: the file `HOTSEAT_CONFIG` names (`None` when it
/// is set and empty), else `$XDG_CONFIG_HOME/hotseat/config.toml`, else
/// `~/.config/hotseat/config.toml`; `None` without a home either.
pub fn location(var: impl Fn(&str) -> Option<OsString>) -> Option<PathBuf> {
    if let Some(named) = var(CONFIG_VARIABLE) {
        return (!named.is_empty()).then(|| PathBuf::from(named));
    }
    let absolute = |name: &str| var(name).map(PathBuf::from).filter(|dir| dir.is_absolute());
    let base = absolute("XDG_CONFIG_HOME").or_else(|| absolute("HOME").map(|home| home.join(".config")))?;
    Some(base.join("hotseat").join("config.toml"))
}

/// What is wrong with a config file: the file, the line when there is one, and why.
#[derive(Debug, thiserror::Error)]
#[error("{}", strings::config_error(path, *line, problem))]
pub struct ConfigError {
    /// The file.
    pub path: PathBuf,
    /// The line, counting from 1.
    pub line: Option<usize>,
    /// What is wrong.
    pub problem: String,
}

/// A value as the file writes it, ready to become an option's value.
#[derive(Clone, Debug, PartialEq)]
enum Value {
    Switch(bool),
    Text(String),
}

/// A setting as read, with its line.
#[derive(Clone, Debug)]
struct Given {
    setting: Setting,
    value: Value,
    /// How the file wrote it, to show it again.
    written: String,
    line: usize,
}

/// A key binding as read, with its line.
#[derive(Clone, Debug)]
struct Binding {
    word: &'static str,
    key: Key,
    line: usize,
}

/// A config file, read and checked.
#[derive(Clone, Debug)]
pub struct Config {
    path: PathBuf,
    settings: Vec<Given>,
    keys: Vec<Binding>,
    /// The key tables with the bindings in place, made once.
    keymap: Keys,
}

/// An entry at the top of the file: a setting's value, or the `[keys]` table with the
/// place of each of its entries.
enum Entry {
    Value(toml::Value),
    Table(Vec<(Spanned<String>, Spanned<toml::Value>)>),
}

/// The file's entries, each with its place. Read by hand (no derive): a map whose
/// `keys` entry, when a table, keeps the places of its own entries.
struct Entries(Vec<(Spanned<String>, Spanned<Entry>)>);

impl<'de> Deserialize<'de> for Entries {
    fn deserialize<D: Deserializer<'de>>(deserializer: D) -> Result<Entries, D::Error> {
        deserializer.deserialize_map(EntriesVisitor)
    }
}

struct EntriesVisitor;

impl<'de> Visitor<'de> for EntriesVisitor {
    type Value = Entries;

    fn expecting(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str("settings")
    }

    fn visit_map<A: MapAccess<'de>>(self, mut map: A) -> Result<Entries, A::Error> {
        let mut entries = Vec::new();
        while let Some(name) = map.next_key::<Spanned<String>>()? {
            let entry = if name.get_ref() == "keys" {
                let table = map.next_value::<Spanned<Table>>()?;
                let span = table.span();
                let entry = match table.into_inner() {
                    Table::Entries(entries) => Entry::Table(entries),
                    Table::Value(value) => Entry::Value(value),
                };
                Spanned::new(span, entry)
            } else {
                let value = map.next_value::<Spanned<toml::Value>>()?;
                Spanned::new(value.span(), Entry::Value(value.into_inner()))
            };
            entries.push((name, entry));
        }
        Ok(Entries(entries))
    }
}

/// The `[keys]` table's entries with their places, or what stood there instead.
enum Table {
    Entries(Vec<(Spanned<String>, Spanned<toml::Value>)>),
    Value(toml::Value),
}

impl<'de> Deserialize<'de> for Table {
    fn deserialize<D: Deserializer<'de>>(deserializer: D) -> Result<Table, D::Error> {
        deserializer.deserialize_any(TableVisitor)
    }
}

struct TableVisitor;

impl<'de> Visitor<'de> for TableVisitor {
    type Value = Table;

    fn expecting(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str("a table of keys")
    }

    fn visit_bool<E: serde::de::Error>(self, v: bool) -> Result<Table, E> {
        Ok(Table::Value(toml::Value::Boolean(v)))
    }

    fn visit_i64<E: serde::de::Error>(self, v: i64) -> Result<Table, E> {
        Ok(Table::Value(toml::Value::Integer(v)))
    }

    fn visit_f64<E: serde::de::Error>(self, v: f64) -> Result<Table, E> {
        Ok(Table::Value(toml::Value::Float(v)))
    }

    fn visit_str<E: serde::de::Error>(self, v: &str) -> Result<Table, E> {
        Ok(Table::Value(toml::Value::String(v.to_owned())))
    }

    fn visit_seq<A: SeqAccess<'de>>(self, seq: A) -> Result<Table, A::Error> {
        toml::Value::deserialize(SeqAccessDeserializer::new(seq)).map(Table::Value)
    }

    fn visit_map<A: MapAccess<'de>>(self, mut map: A) -> Result<Table, A::Error> {
        let mut entries = Vec::new();
        while let Some(key) = map.next_key::<Spanned<String>>()? {
            entries.push((key, map.next_value::<Spanned<toml::Value>>()?));
        }
        Ok(Table::Entries(entries))
    }
}

impl Config {
    /// Reads the file at `path`; `None` when there is none (no error: the defaults
    /// hold). `home` expands a leading `~/` in the engine's path.
    pub fn read(path: &Path, home: Option<&Path>) -> Result<Option<Config>, ConfigError> {
        let whole = |problem: String| ConfigError { path: path.to_owned(), line: None, problem };
        let file = match std::fs::File::open(path) {
            Ok(file) => file,
            Err(err) if err.kind() == std::io::ErrorKind::NotFound => return Ok(None),
            Err(err) => return Err(whole(strings::cannot_read(&err))),
        };
        if file.metadata().is_ok_and(|m| m.is_dir()) {
            return Err(whole(strings::CONFIG_IS_A_FOLDER.to_owned()));
        }
        let mut bytes = Vec::new();
        file.take(MOST + 1).read_to_end(&mut bytes).map_err(|err| whole(strings::cannot_read(&err)))?;
        if bytes.len() as u64 > MOST {
            return Err(whole(strings::CONFIG_TOO_LARGE.to_owned()));
        }
        let text = String::from_utf8(bytes).map_err(|_| whole(strings::CONFIG_NOT_TEXT.to_owned()))?;
        Config::parse(path, &text, home).map(Some)
    }

    /// Reads the text of a config file, named `path` in what it says.
    pub fn parse(path: &Path, text: &str, home: Option<&Path>) -> Result<Config, ConfigError> {
        let at = |start: usize, problem: String| ConfigError {
            path: path.to_owned(),
            line: Some(line_of(text, start)),
            problem,
        };
        let toml_error = |err: toml::de::Error| {
            let line = err.span().map(|span| line_of(text, span.start));
            ConfigError { path: path.to_owned(), line, problem: strings::not_toml(err.message()) }
        };
        let Entries(mut entries) = toml::from_str(text).map_err(toml_error)?;
        // In the file's order, so the first mistake is the one said.
        entries.sort_by_key(|(name, _)| name.span().start);
        let mut settings = Vec::new();
        let mut table = Vec::new();
        for (name, value) in &entries {
            let start = name.span().start;
            let setting = SETTINGS.iter().find(|s| s.name == name.get_ref());
            let (setting, value) = match (name.get_ref().as_str(), setting, value.get_ref()) {
                ("keys", _, Entry::Table(entries)) => {
                    table = entries.iter().collect();
                    continue;
                }
                ("keys", _, Entry::Value(_)) => return Err(at(start, strings::KEYS_IS_A_TABLE.to_owned())),
                (_, None, _) => return Err(at(start, unknown_setting(name.get_ref()))),
                (_, Some(setting), Entry::Table(_)) => {
                    return Err(at(start, strings::takes_text(setting.name, setting.example)));
                }
                (_, Some(setting), Entry::Value(value)) => (setting, value),
            };
            let (value, written) = value_of(*setting, value, home).map_err(|problem| at(start, problem))?;
            check(*setting, &value)
                .map_err(|why| at(start, strings::bad_value(setting.name, &written, &why)))?;
            settings.push(Given { setting: *setting, value, written, line: line_of(text, start) });
        }
        let mut keys = Vec::new();
        table.sort_by_key(|(word, _)| word.span().start);
        for (word, name) in table {
            let line = line_of(text, word.span().start);
            let bindable = Bindable::named(word.get_ref())
                .ok_or_else(|| at(word.span().start, unknown_word(word.get_ref())))?;
            let toml::Value::String(name) = name.get_ref() else {
                return Err(at(word.span().start, strings::takes_a_key(bindable.word)));
            };
            let key =
                Key::from_name(name).map_err(|err| at(word.span().start, strings::bad_key_name(&err)))?;
            keys.push(Binding { word: bindable.word, key, line });
        }
        let mut config = Config { path: path.to_owned(), settings, keys, keymap: Keys::default() };
        config.keymap = config.bind()?;
        Ok(config)
    }

    /// The file read.
    pub fn path(&self) -> &Path {
        &self.path
    }

    /// The keys as the file binds them.
    pub fn keymap(&self) -> Keys {
        self.keymap
    }

    /// The key tables with the file's bindings, or what is wrong with them (two
    /// commands on one key, a key that cannot be bound), at the line of the binding.
    fn bind(&self) -> Result<Keys, ConfigError> {
        let bound: Vec<(&str, Key)> = self.keys.iter().map(|b| (b.word, b.key)).collect();
        Keys::bound(&bound).map_err(|err| {
            let word = match &err {
                KeymapError::UnknownWord(_) => None,
                KeymapError::Reserved { word, .. } => Some(*word),
                KeymapError::Shared { bound, .. } => Some(*bound),
            };
            let line = word.and_then(|w| self.keys.iter().rev().find(|b| b.word == w)).map(|b| b.line);
            ConfigError { path: self.path.clone(), line, problem: strings::bad_binding(&err) }
        })
    }

    /// The options the file adds to a command line that parsed as `given` for
    /// `command`: those of its settings that `command` takes, that the command line did
    /// not set, and that conflict with nothing it set; names, clocks and delays only
    /// for a new game (no `--resume`, no `--pgn`).
    pub fn arguments(&self, command: &clap::Command, given: &ArgMatches) -> Vec<OsString> {
        let on_command_line = |arg: &clap::Arg| {
            given.try_contains_id(arg.get_id().as_str()).unwrap_or(false)
                && given.value_source(arg.get_id().as_str()) == Some(ValueSource::CommandLine)
        };
        let set: Vec<&clap::Arg> = command.get_arguments().filter(|a| on_command_line(a)).collect();
        let continued = set.iter().any(|a| matches!(a.get_long(), Some("resume" | "pgn")));
        let mut out = Vec::new();
        for read in &self.settings {
            let Some(arg) = command.get_arguments().find(|a| a.get_long() == Some(read.setting.name)) else {
                continue;
            };
            let conflicts = |other: &&clap::Arg| {
                command.get_arg_conflicts_with(arg).iter().any(|c| c.get_id() == other.get_id())
                    || command.get_arg_conflicts_with(other).iter().any(|c| c.get_id() == arg.get_id())
            };
            if on_command_line(arg) || set.iter().any(conflicts) || (read.setting.new_game && continued) {
                continue;
            }
            match &read.value {
                Value::Switch(true) => out.push(OsString::from(format!("--{}", read.setting.name))),
                Value::Switch(false) => {}
                Value::Text(text) => out.push(OsString::from(format!("--{}={text}", read.setting.name))),
            }
        }
        out
    }

    /// What `hotseat config` prints: the settings in force (the file's, else the
    /// defaults), then the keys.
    pub fn describe(config: Option<&Config>) -> String {
        let command = game_command();
        let mut out = String::new();
        for setting in SETTINGS {
            let read = config.and_then(|c| c.settings.iter().find(|r| r.setting.name == setting.name));
            let (line, whence) = match read {
                Some(read) => (format!("{} = {}", setting.name, read.written), strings::from_line(read.line)),
                None => match default_of(&command, setting) {
                    Some(default) => (format!("{} = {default}", setting.name), strings::DEFAULT.to_owned()),
                    None => (format!("# {}", setting.name), strings::NOT_SET.to_owned()),
                },
            };
            let _ = writeln!(out, "{line:<34} # {whence}");
        }
        out.push_str("\n[keys]\n");
        let keys = config.map_or_else(Keys::default, Config::keymap);
        for bindable in BINDABLE {
            let bound = config.and_then(|c| c.keys.iter().rev().find(|b| b.word == bindable.word));
            let names: Vec<String> =
                keys.keys_of(bindable).iter().map(|k| format!("\"{}\"", k.config_name())).collect();
            let line = format!("{} = {}", bindable.word, names.join(", "));
            let whence = bound.map_or_else(|| strings::DEFAULT.to_owned(), |b| strings::from_line(b.line));
            let _ = writeln!(out, "{line:<34} # {whence}");
        }
        out
    }
}

/// The command of a game's options alone, to look their arguments up.
fn game_command() -> clap::Command {
    GameOptions::augment_args(clap::Command::new("hotseat"))
}

/// The default a setting has when neither the file nor the command line sets it, as
/// the file would write it.
fn default_of(command: &clap::Command, setting: &Setting) -> Option<String> {
    if setting.kind == Kind::Switch {
        return Some("false".to_owned());
    }
    let arg = command.get_arguments().find(|a| a.get_long() == Some(setting.name))?;
    let value = arg.get_default_values().first()?.to_string_lossy().into_owned();
    Some(if setting.kind == Kind::Number { value } else { format!("{value:?}") })
}

/// The value of a setting as an option's value, and as the file wrote it.
fn value_of(setting: Setting, value: &toml::Value, home: Option<&Path>) -> Result<(Value, String), String> {
    let text = match (setting.kind, value) {
        (Kind::Switch, toml::Value::Boolean(on)) => return Ok((Value::Switch(*on), on.to_string())),
        (Kind::Switch, _) => return Err(strings::takes_a_switch(setting.name)),
        (_, toml::Value::String(text)) => text.clone(),
        (_, toml::Value::Integer(n)) => n.to_string(),
        (Kind::Text, toml::Value::Float(x)) => x.to_string(),
        (Kind::Number, _) => return Err(strings::takes_a_number(setting.name, setting.example)),
        (Kind::Text, _) => return Err(strings::takes_text(setting.name, setting.example)),
    };
    let written = if matches!(value, toml::Value::String(_)) { format!("{text:?}") } else { text.clone() };
    // A path in the file is not seen by a shell: `~/` is the home folder all the same.
    let text = match (setting.name, text.strip_prefix("~/"), home) {
        ("engine", Some(rest), Some(home)) => home.join(rest).to_string_lossy().into_owned(),
        _ => text,
    };
    Ok((Value::Text(text), written))
}

/// Checks a value with its option's own parser; the reason when it refuses it.
fn check(setting: Setting, value: &Value) -> Result<(), String> {
    let Value::Text(text) = value else { return Ok(()) };
    let command = game_command();
    let Some(arg) = command.get_arguments().find(|a| a.get_long() == Some(setting.name)) else {
        return Ok(());
    };
    // The option alone: its conflicts and requirements name options not here.
    let alone = clap::Arg::new("value").long(setting.name).value_parser(arg.get_value_parser().clone());
    let parsed = clap::Command::new("hotseat")
        .no_binary_name(true)
        .arg(alone)
        .try_get_matches_from([OsString::from(format!("--{}={text}", setting.name))]);
    parsed.map(drop).map_err(|err| {
        std::error::Error::source(&err).map_or_else(
            || err.to_string().lines().next().unwrap_or_default().trim_start_matches("error: ").to_owned(),
            ToString::to_string,
        )
    })
}

/// The line, counting from 1, of the byte at `start` of `text`.
fn line_of(text: &str, start: usize) -> usize {
    text.get(..start).map_or(1, |before| before.matches('\n').count() + 1)
}

fn unknown_setting(name: &str) -> String {
    if NOT_SETTINGS.contains(&name) {
        return strings::command_line_only(name);
    }
    let names = SETTINGS.iter().map(|s| s.name).chain(["keys"]);
    strings::unknown_setting(name, near(name, names))
}

fn unknown_word(word: &str) -> String {
    strings::unknown_word(word, near(word, BINDABLE.iter().map(|b| b.word)))
}

/// The name among `names` nearest `typed`, if near enough to be a slip: a few
/// letters changed, or `_` for `-`.
fn near<'a>(typed: &str, names: impl Iterator<Item = &'a str>) -> Option<&'a str> {
    let typed = typed.to_lowercase().replace('_', "-");
    names
        .map(|name| (edits(&typed, name), name))
        .filter(|(d, name)| *d <= 2.max(name.len() / 4) && *d < name.len())
        .min_by_key(|(d, _)| *d)
        .map(|(_, name)| name)
}

/// How many letters must be added, removed or changed to turn `a` into `b`.
fn edits(a: &str, b: &str) -> usize {
    let b: Vec<char> = b.chars().collect();
    let mut row: Vec<usize> = (0..=b.len()).collect();
    for (i, ca) in a.chars().enumerate() {
        let mut previous = row[0];
        row[0] = i + 1;
        for (j, cb) in b.iter().enumerate() {
            let replaced = previous + usize::from(ca != *cb);
            previous = row[j + 1];
            row[j + 1] = replaced.min(row[j] + 1).min(previous + 1);
        }
    }
    row[b.len()]
}

/// The commented file `hotseat config --write` writes: every setting and key with its
/// help and an example, each commented out.
pub fn default_file() -> String {
    let command = game_command();
    let mut out = String::from(strings::DEFAULT_FILE_HEAD);
    for setting in SETTINGS {
        let help = command
            .get_arguments()
            .find(|a| a.get_long() == Some(setting.name))
            .and_then(|a| a.get_help())
            .map(ToString::to_string)
            .unwrap_or_default();
        out.push('\n');
        for line in wrap(&help, 86) {
            let _ = writeln!(out, "# {line}");
        }
        let _ = writeln!(out, "# {} = {}", setting.name, setting.example);
    }
    out.push_str(strings::DEFAULT_FILE_KEYS);
    for bindable in BINDABLE {
        let keys: Vec<String> = bindable.keys.iter().map(|k| format!("\"{}\"", k.config_name())).collect();
        let _ = writeln!(out, "\n# {}: {}", bindable.word, bindable.what());
        let _ = writeln!(out, "# {} = {}", bindable.word, keys[0]);
    }
    out
}

fn wrap(text: &str, width: usize) -> Vec<String> {
    let mut lines = vec![String::new()];
    for word in text.split_whitespace() {
        let line = lines.last_mut().expect("a line");
        if !line.is_empty() && line.len() + 1 + word.len() > width {
            lines.push(word.to_owned());
        } else {
            if !line.is_empty() {
                line.push(' ');
            }
            line.push_str(word);
        }
    }
    lines
}

/// `hotseat config`: where the file is read from and the settings in force; with
/// `--write`, a commented default file there.
pub fn run(args: &ConfigArgs, out: &mut dyn Write) -> anyhow::Result<std::process::ExitCode> {
    let var = |name: &str| std::env::var_os(name);
    let home = var("HOME").map(PathBuf::from);
    let Some(path) = location(var) else {
        if args.write {
            anyhow::bail!("{}", strings::NOWHERE_TO_WRITE);
        }
        writeln!(out, "{}", strings::no_config_file())?;
        write!(out, "\n{}", Config::describe(None))?;
        return Ok(std::process::ExitCode::SUCCESS);
    };
    if args.write {
        write_default(&path)?;
        writeln!(out, "{}", strings::wrote(&path))?;
        return Ok(std::process::ExitCode::SUCCESS);
    }
    let config = Config::read(&path, home.as_deref())?;
    let read = config.is_some();
    writeln!(out, "{}", strings::read_from(&path, read))?;
    write!(out, "\n{}", Config::describe(config.as_ref()))?;
    Ok(std::process::ExitCode::SUCCESS)
}

/// Writes the default file at `path`, making its folder; never over a file there.
fn write_default(path: &Path) -> anyhow::Result<()> {
    if let Some(folder) = path.parent().filter(|p| !p.as_os_str().is_empty()) {
        std::fs::create_dir_all(folder).map_err(|err| anyhow::anyhow!(strings::cannot_write(path, &err)))?;
    }
    let mut file = std::fs::OpenOptions::new().write(true).create_new(true).open(path).map_err(|err| {
        if err.kind() == std::io::ErrorKind::AlreadyExists {
            anyhow::anyhow!(strings::exists_already(path))
        } else {
            anyhow::anyhow!(strings::cannot_write(path, &err))
        }
    })?;
    file.write_all(default_file().as_bytes())
        .map_err(|err| anyhow::anyhow!(strings::cannot_write(path, &err)))?;
    Ok(())
}

/// Whether the config file applies to `command` (`None`: a game of `hotseat` itself).
pub fn applies_to(command: Option<&str>) -> bool {
    matches!(command, None | Some("host" | "join" | "watch" | "games" | "analyse"))
}

/// The command line with the config file's options put in: after the subcommand's
/// name when there is one (the options are the subcommand's), else first.
pub fn with_options(argv: &[OsString], subcommand: Option<&str>, options: Vec<OsString>) -> Vec<OsString> {
    let at = match subcommand {
        Some(name) if argv.get(1).map(OsString::as_os_str) == Some(OsStr::new(name)) => 2,
        Some(_) => argv.len(),
        None => 1.min(argv.len()),
    };
    let mut out = argv[..at].to_vec();
    out.extend(options);
    out.extend_from_slice(&argv[at..]);
    out
}

/// The command of `hotseat`, for the config's options to be checked against.
pub fn command_for(subcommand: Option<&str>) -> clap::Command {
    let command = Cli::command();
    match subcommand {
        Some(name) => command.find_subcommand(name).cloned().unwrap_or(command),
        None => command,
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn parsed(text: &str) -> Result<Config, ConfigError> {
        Config::parse(Path::new("config.toml"), text, Some(Path::new("/home/anna")))
    }

    fn refused(text: &str) -> String {
        parsed(text).expect_err("refused").to_string()
    }

    #[test]
    fn the_file_is_found_where_the_variables_say() {
        let vars = |pairs: &'static [(&'static str, &'static str)]| {
            move |name: &str| pairs.iter().find(|(n, _)| *n == name).map(|(_, v)| OsString::from(v))
        };
        assert_eq!(
            location(vars(&[("HOME", "/home/a")])),
            Some(PathBuf::from("/home/a/.config/hotseat/config.toml"))
        );
        assert_eq!(
            location(vars(&[("HOME", "/home/a"), ("XDG_CONFIG_HOME", "/c")])),
            Some(PathBuf::from("/c/hotseat/config.toml"))
        );
        assert_eq!(
            location(vars(&[("HOME", "/home/a"), ("XDG_CONFIG_HOME", "relative")])),
            Some(PathBuf::from("/home/a/.config/hotseat/config.toml")),
            "a relative XDG_CONFIG_HOME is ignored, as the spec says"
        );
        assert_eq!(
            location(vars(&[("HOME", "/home/a"), (CONFIG_VARIABLE, "/x.toml")])),
            Some(PathBuf::from("/x.toml"))
        );
        assert_eq!(location(vars(&[("HOME", "/home/a"), (CONFIG_VARIABLE, "")])), None);
        assert_eq!(location(vars(&[])), None);
    }

    #[test]
    fn every_setting_is_a_long_option_of_a_game() {
        let command = game_command();
        for setting in SETTINGS {
            let arg = command.get_arguments().find(|a| a.get_long() == Some(setting.name));
            let arg = arg.unwrap_or_else(|| panic!("{} is an option", setting.name));
            assert_eq!(setting.kind == Kind::Switch, !arg.get_action().takes_values(), "{}", setting.name);
        }
    }

    #[test]
    fn settings_become_options_before_the_command_line() {
        let config = parsed("white = \"Ann\"\nclock = \"5+3\"\nlevel = 3\nascii = true\nplain = false\n")
            .expect("fine");
        let command = command_for(None);
        let given = command.clone().try_get_matches_from(["hotseat", "--white", "Zed"]).expect("parses");
        let options = config.arguments(&command, &given);
        assert_eq!(options, ["--clock=5+3", "--level=3", "--ascii"].map(OsString::from));
        // A continued game keeps its own names and clocks.
        let given = command.clone().try_get_matches_from(["hotseat", "--resume"]).expect("parses");
        assert_eq!(config.arguments(&command, &given), ["--level=3", "--ascii"].map(OsString::from));
        // --elo on the command line wins over the file's level, which it conflicts with.
        let given = command.clone().try_get_matches_from(["hotseat", "--elo", "1800"]).expect("parses");
        assert!(!config.arguments(&command, &given).contains(&OsString::from("--level=3")));
        let argv = ["hotseat", "host", "--as", "black"].map(OsString::from);
        assert_eq!(
            with_options(&argv, Some("host"), vec![OsString::from("--clock=5+3")]),
            ["hotseat", "host", "--clock=5+3", "--as", "black"].map(OsString::from)
        );
    }

    #[test]
    fn a_bad_value_is_refused_with_the_line_and_why() {
        let error = refused("white = \"Ann\"\nclock = \"banana\"\n");
        assert!(error.starts_with("config.toml: line 2: clock = \"banana\": "), "{error}");
        let error = refused("level = 9\n");
        assert!(error.starts_with("config.toml: line 1: level = 9: "), "{error}");
        let error = refused("\n\nascii = \"yes\"\n");
        assert!(error.starts_with("config.toml: line 3: ascii takes true or false"), "{error}");
        let error = refused("level = \"three\"\n");
        assert!(error.contains("line 1: level = \"three\""), "{error}");
        let error = refused("clock = \"5+3\n");
        assert!(error.starts_with("config.toml: line 1: "), "{error}");
        let error = refused("white = \"Ann\"\nclock = [5, 3]\n");
        assert!(error.starts_with("config.toml: line 2: clock takes a value such as"), "{error}");
        let error = refused("keys = \"f9\"\n");
        assert!(error.contains("line 1: keys is a table"), "{error}");
        let error = refused("[keys]\nflip = 9\n");
        assert!(error.contains("line 2: flip takes a key's name"), "{error}");
        let error = refused("when = 1979-05-27\n");
        assert!(error.contains("line 1: unknown setting when"), "{error}");
    }

    #[test]
    fn an_unknown_setting_is_refused_with_a_suggestion() {
        assert_eq!(
            refused("theme = \"wood\"\ncolour = \"256\"\n"),
            "config.toml: line 2: unknown setting colour (did you mean colors?)"
        );
        assert_eq!(
            refused("auto_flip = true\n"),
            "config.toml: line 1: unknown setting auto_flip (did you mean auto-flip?)"
        );
        assert!(
            refused("fen = \"8/8\"\n").contains("fen is for the command line"),
            "{}",
            refused("fen = \"8/8\"\n")
        );
        let far = refused("zzzzzz = 1\n");
        assert!(far.contains("unknown setting zzzzzz (the settings are"), "{far}");
    }

    #[test]
    fn keys_are_bound_and_their_mistakes_refused_by_line() {
        let config = parsed("[keys]\nflip = \"f9\"\nundo = \"ctrl-u\"\n").expect("fine");
        let keys = config.keymap();
        assert_eq!(keys.rebound().collect::<Vec<_>>(), [("flip", Key::F(9)), ("undo", Key::Ctrl('u'))]);
        let error = refused("[keys]\nflip = \"f9\"\nundo = \"f9\"\n");
        assert!(error.starts_with("config.toml: line 3: "), "{error}");
        assert!(error.contains("F9"), "{error}");
        let error = refused("[keys]\nflip = \"ctrl-z\"\n");
        assert!(error.starts_with("config.toml: line 2: ") && error.contains("undo"), "{error}");
        assert_eq!(
            refused("[keys]\nflp = \"f9\"\n"),
            "config.toml: line 2: no command is called flp (did you mean flip?)"
        );
        let error = refused("[keys]\nflip = \"control-t\"\n");
        assert!(error.contains("line 2") && error.contains("did you mean ctrl-t?"), "{error}");
        let error = refused("[keys]\nquit = \"ctrl-c\"\n");
        assert!(error.contains("line 2") && error.contains("Ctrl-C"), "{error}");
    }

    #[test]
    fn the_default_file_reads_back_with_every_line_taken_in() {
        let file = default_file();
        let config = parsed(&file).expect("the default file reads");
        assert!(config.settings.is_empty() && config.keys.is_empty(), "all of it is commented out");
        let uncommented: String = file
            .lines()
            .map(|line| match line.strip_prefix("# ") {
                Some(rest) if rest.contains(" = ") && !rest.contains(':') => format!("{rest}\n"),
                _ => format!("{line}\n"),
            })
            .collect();
        // Every example is a good value; only level and elo conflict, as on the
        // command line, and that is for the parse of the options to say.
        let config = parsed(&uncommented).expect("every example reads");
        assert_eq!(config.settings.len(), SETTINGS.len());
        assert_eq!(config.keys.len(), BINDABLE.len());
    }

    #[test]
    fn the_engine_path_may_start_at_home() {
        let config = parsed("engine = \"~/bin/lc0\"\n").expect("fine");
        assert_eq!(config.settings[0].value, Value::Text("/home/anna/bin/lc0".to_owned()));
        assert_eq!(config.settings[0].written, "\"~/bin/lc0\"");
    }
}
