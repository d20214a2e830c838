//! The command line: what can be asked for, parsed and checked before the terminal is
//! touched, so `--help`, `--version` and mistakes print to a normal terminal.

use std::hash::{BuildHasher, RandomState};
use std::io::Write;
use std::path::PathBuf;
use std::process::ExitCode;
use std::time::{Duration, SystemTime};

use clap::builder::RangedU64ValueParser;
use clap::error::ErrorKind;
use clap::{CommandFactory, FromArgMatches, Parser, Subcommand};
use clap_complete::Shell;

use crate::clock::{ClockStart, TimeControl};
use crate::input::Keys;
use crate::plain::Announce;
use crate::session::computer::{DEFAULT_LEVEL, MAX_LEVEL, MIN_LEVEL, Sides, Strength};
use crate::ui::{ColorSupport, Look, PieceSet, THEMES, Theme};
use hotseat_chess::Position;

pub mod analyse;
mod clocks;
mod computer;
pub mod config;
pub mod face;
mod game;
pub mod games;
pub mod man;
mod open;
pub mod perft;
#[cfg(unix)]
pub mod remote;
mod strings;

pub use analyse::AnalyseArgs;
pub use clocks::ClockOptionError;
pub use computer::{Restored, SEED_VARIABLE, restore_computer, start_coach, start_computer};
pub use game::game_screen;
pub use open::{Opened, choose_game, open_game};

/// Chess in a terminal: two players at one keyboard, or each at a terminal of their
/// own (over SSH too), against a chess engine with a coach if you like, on a board or in
/// plain text for screen readers.
#[derive(Debug, Parser)]
#[command(name = "hotseat", version, about, long_about = None, args_conflicts_with_subcommands = true)]
#[command(after_help = strings::AFTER_HELP)]
pub struct Cli {
    /// What to do instead of playing.
    #[command(subcommand)]
    pub command: Option<Command>,

    /// The options of a game.
    #[command(flatten)]
    pub game: GameOptions,
}

/// How the board looks on this terminal: `hotseat`, `host`, `join`, `watch` and
/// `games` take these.
#[derive(Clone, Debug, clap::Args)]
pub struct LookOptions {
    /// Draw pieces as letters (for fonts and consoles without chess glyphs).
    #[arg(long, overrides_with = "no_ascii")]
    pub ascii: bool,

    /// Chess glyphs after all, when the config file says ascii.
    #[arg(long, overrides_with = "ascii", hide = true)]
    pub no_ascii: bool,

    /// Board colours: wood or contrast.
    #[arg(long, value_name = "NAME", default_value = "wood", value_parser = parse_theme)]
    pub theme: Theme,

    /// Colours to use: truecolor, 256, 16 or none (default: detected from the
    /// terminal; `NO_COLOR` is honoured).
    #[arg(long, value_name = "WHICH", value_parser = parse_colors)]
    pub colors: Option<ColorSupport>,

    /// The command keys as the config file's `[keys]` table binds them.
    #[arg(skip)]
    pub keys: Keys,
}

/// The options of a game: `hotseat` and `hotseat host` take them all.
#[derive(Clone, Debug, clap::Args)]
#[expect(clippy::struct_excessive_bools, reason = "on/off command-line switches are bools")]
pub struct GameOptions {
    /// How the board looks.
    #[command(flatten)]
    pub look: LookOptions,

    /// Turn the board after every move so the side to move sits at the bottom.
    #[arg(long, overrides_with = "no_auto_flip")]
    pub auto_flip: bool,

    /// A board that stays put, when the config file says auto-flip.
    #[arg(long, overrides_with = "auto_flip", hide = true)]
    pub no_auto_flip: bool,

    /// Start from this position instead of the initial one.
    #[arg(long, value_name = "FEN", conflicts_with_all = ["chess960"], value_parser = parse_fen)]
    pub fen: Option<Position>,

    /// Start a Chess960 game from position N (0-959; 518 is the usual set-up), or a
    /// random one.
    #[arg(long, value_name = "N", num_args = 0..=1, default_missing_value = "random", value_parser = parse_chess960)]
    pub chess960: Option<Chess960>,

    /// White's name, on screen and in the saved game (default: White, or the name in
    /// the game loaded).
    #[arg(long, value_name = "NAME", value_parser = parse_name)]
    pub white: Option<String>,

    /// Black's name, on screen and in the saved game (default: Black, or the name in
    /// the game loaded).
    #[arg(long, value_name = "NAME", value_parser = parse_name)]
    pub black: Option<String>,

    /// Save the game to this PGN file when it starts and after every move (default: a
    /// new file in the data directory for each game). A file that already holds a game
    /// is refused, except the --pgn file itself, to continue its one game in place.
    #[arg(long, value_name = "PATH")]
    pub save: Option<PathBuf>,

    /// Continue the most recent unfinished game, saving it to the same file.
    #[arg(long, conflicts_with_all = ["fen", "chess960", "pgn", "save"])]
    pub resume: bool,

    /// Load a game from a PGN file and continue from its last position (the file is
    /// not written to, unless it is also the --save file).
    #[arg(long, value_name = "FILE", conflicts_with_all = ["fen", "chess960"])]
    pub pgn: Option<PathBuf>,

    /// Which game of the --pgn file to load, counting from 1 (asked when the file
    /// holds several games).
    #[arg(long, value_name = "N", requires = "pgn", value_parser = RangedU64ValueParser::<usize>::new().range(1..))]
    pub game: Option<usize>,

    /// Play with clocks: minutes each, plus a Fischer increment in seconds per move
    /// (5+3; fractions of minutes too: 0.5+0). From a second to a day (1440), with an
    /// increment of 0 or from 0.1 to 3600 seconds. Stages: MOVES/MIN+SEC, separated by
    /// commas, the last for the rest of the game: 40/90+30,30+30 is 90 minutes for 40
    /// moves, then 30 more, with 30 seconds a move. The PGN time-control tag's form, in
    /// seconds with colons between stages, is read too: 40/5400+30:1800+30. A game
    /// loaded with --resume or --pgn keeps its own clocks without this, and starts
    /// fresh ones with it.
    #[arg(long, value_name = "MIN+SEC", value_parser = clocks::parse_time_control)]
    pub clock: Option<TimeControl>,

    /// Black's own time control, for time odds (White's is --clock); stages too.
    #[arg(long, value_name = "MIN+SEC", value_parser = clocks::parse_time_control)]
    pub black_clock: Option<TimeControl>,

    /// When the clocks start: after-first-moves (the default: neither side's first
    /// move is timed, as on lichess) or white (over the board: White's clock runs from
    /// the start, and the increment is added from move 1).
    #[arg(long, value_name = "WHEN", value_parser = clocks::parse_clock_start)]
    pub clock_start: Option<ClockStart>,

    /// Ring the terminal bell when a clock falls under 10 seconds, when a flag falls,
    /// and when a move is refused.
    #[arg(long, overrides_with = "no_bell")]
    pub bell: bool,

    /// No bell, when the config file says bell.
    #[arg(long, overrides_with = "bell", hide = true)]
    pub no_bell: bool,

    /// A simple (US) delay of SEC seconds (0.1 to 3600) each move, for both sides,
    /// instead of an increment: the clock waits that long before it runs.
    #[arg(long, value_name = "SEC", conflicts_with = "bronstein", value_parser = clocks::parse_delay)]
    pub delay: Option<Duration>,

    /// A Bronstein delay of SEC seconds each move, for both sides, instead of an
    /// increment: the time used is given back after the move, up to SEC.
    #[arg(long, value_name = "SEC", value_parser = clocks::parse_delay)]
    pub bronstein: Option<Duration>,

    /// The UCI chess engine (such as Stockfish) that plays (--computer), coaches
    /// (--coach) and reviews the game (Ctrl-E) (default: `HOTSEAT_ENGINE`, else
    /// `stockfish` on the PATH or where packages put it).
    #[arg(long, value_name = "PATH")]
    pub engine: Option<PathBuf>,

    /// Play in lines of plain text, for screen readers, braille displays and scripts:
    /// no screen drawing, no colour. Also what runs when standard input or output is
    /// not a terminal.
    #[arg(long, overrides_with = "no_plain")]
    pub plain: bool,

    /// The board, when the config file says plain (on a terminal).
    #[arg(long, overrides_with = "plain", hide = true)]
    pub no_plain: bool,

    /// How the plain-text mode says moves and squares: san (Nxf3+), words (knight
    /// takes f 3, check) or nato (knight takes foxtrot 3, check).
    #[arg(long, value_name = "HOW", default_value = "words", value_parser = parse_announce)]
    pub announce: Announce,

    /// Play against the engine (--engine, else Stockfish where it is found): it takes
    /// white, black, or both (to watch); none for no engine at the board.
    #[arg(long, value_name = "SIDE", value_parser = parse_seats)]
    pub computer: Option<Seats>,

    /// The engine's strength, 1 (a beginner, who hangs pieces; about 400 Elo on hotseat's
    /// ladder) to 8 (the engine at full strength for a second a move), aimed 250 Elo
    /// apart (docs/engine.md says where each lands), with --computer or when a side is handed
    /// to it mid-game (Ctrl-B, or computer in plain text).
    #[arg(long, value_name = "N", default_value_t = DEFAULT_LEVEL,
          value_parser = clap::value_parser!(u8).range(i64::from(MIN_LEVEL)..=i64::from(MAX_LEVEL)))]
    pub level: u8,

    /// The engine's strength as an Elo rating, instead of --level: from 500 to the
    /// engine's top (Stockfish 15.1: 2850); the engine's own `UCI_Elo` from its floor
    /// (1350) up, hotseat's own levels, interpolated, below it.
    #[arg(long, value_name = "N", conflicts_with = "level")]
    pub elo: Option<u32>,

    /// A coach for white, black or both, in any game (hot-seat too): after each move of
    /// a coached side, how good it was (best, good, inaccuracy, mistake, blunder) and
    /// the better move; a hint before a move on Ctrl-A (hint in plain text). None: no
    /// coach.
    #[arg(long, value_name = "SIDE", value_parser = parse_seats)]
    pub coach: Option<Seats>,
}

/// The sides `--computer` or `--coach` names, or none (which turns off what the config
/// file asks for).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Seats(pub Option<Sides>);

fn parse_seats(name: &str) -> Result<Seats, String> {
    if name.eq_ignore_ascii_case("none") {
        return Ok(Seats(None));
    }
    parse_sides(name).map(|sides| Seats(Some(sides)))
}

fn parse_sides(name: &str) -> Result<Sides, String> {
    match name.to_ascii_lowercase().as_str() {
        "white" | "w" => Ok(Sides::White),
        "black" | "b" => Ok(Sides::Black),
        "both" => Ok(Sides::Both),
        _ => Err(format!("unknown side {name:?} (choose white, black, both or none)")),
    }
}

/// Subcommands.
#[derive(Debug, Subcommand)]
pub enum Command {
    /// Count the leaf nodes of the legal move tree (a move-generator test).
    Perft {
        /// How many plies deep to count.
        depth: u32,
        /// The position to count from (default: the initial position).
        #[arg(long, value_name = "FEN")]
        fen: Option<String>,
        /// Print the count below each legal move as `<uci>: <nodes>`.
        #[arg(long)]
        divide: bool,
    },
    /// List the saved games: continue an unfinished one, look through a finished one,
    /// or delete one. Type to filter; Enter opens; Del deletes (after Y); Esc leaves.
    Games(games::LibraryOptions),
    /// Review a game with a chess engine: evaluations, mistakes marked, accuracy.
    ///
    /// A UCI engine (Stockfish by default) evaluates every position. The game goes to
    /// standard output or --out with an evaluation after every move, the inaccuracies
    /// (?!), mistakes (?) and blunders (??) marked and the engine's better move for
    /// each; a summary per player goes to standard error.
    Analyse(AnalyseArgs),
    /// Print a completion script for a shell, e.g. `hotseat completions bash >
    /// ~/.local/share/bash-completion/completions/hotseat`.
    Completions {
        /// The shell: bash, elvish, fish, powershell or zsh.
        shell: Shell,
    },
    /// Print the manual page, e.g. `hotseat man > ~/.local/share/man/man1/hotseat.1`;
    /// with a command's name, that command's page (`hotseat man host`).
    Man {
        /// The command whose page to print (default: hotseat's own).
        command: Option<String>,
    },
    /// Say where the config file is read from and the settings in force; --write
    /// writes a commented default file there (never over an existing one).
    Config(config::ConfigArgs),
    /// Play a game here with the other seat open to a player on another terminal
    /// (`hotseat join`), here or over SSH; spectators may watch. Takes every option of
    /// a game (--clock, --save, --resume...), and --as white|black for the side played
    /// here.
    #[cfg(unix)]
    Host(Box<remote::HostArgs>),
    /// Join a hosted game: take its open seat, or watch when it is taken.
    #[cfg(unix)]
    Join(remote::JoinArgs),
    /// Watch a hosted game: see everything, chat, leave.
    #[cfg(unix)]
    Watch(remote::JoinArgs),
    /// Join standard input and output to a hosted game (what `join --ssh` runs on the
    /// host's machine).
    #[cfg(unix)]
    Relay {
        /// The game, when several are hosted.
        name: Option<String>,
    },
}

/// Which Chess960 starting position to play.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Chess960 {
    /// The position with this number in the standard numbering (0-959).
    Number(u16),
    /// One chosen at random.
    Random,
}

impl GameOptions {
    /// The engine's strength asked for: `--elo`, else `--level`.
    pub fn strength(&self) -> Strength {
        self.elo.map_or(Strength::Level(self.level), Strength::Elo)
    }

    /// The sides the engine plays, if any (`--computer`).
    pub fn computer(&self) -> Option<Sides> {
        self.computer.and_then(|seats| seats.0)
    }

    /// The sides the coach follows, if any (`--coach`).
    pub fn coach(&self) -> Option<Sides> {
        self.coach.and_then(|seats| seats.0)
    }

    /// The position the game starts from.
    pub fn start_position(&self) -> Position {
        if let Some(pos) = &self.fen {
            return pos.clone();
        }
        match self.chess960 {
            Some(Chess960::Number(n)) => Position::chess960(n).expect("--chess960 takes 0 to 959"),
            Some(Chess960::Random) => Position::chess960(random_below(960)).expect("below 960"),
            None => Position::startpos(),
        }
    }

    /// How the board looks, with colour support read from the environment through
    /// `var` unless `--colors` says otherwise.
    pub fn look(&self, var: impl Fn(&str) -> Option<String>) -> Look {
        self.look.to_look(var)
    }
}

impl LookOptions {
    /// How the board looks, with colour support read from the environment through
    /// `var` unless `--colors` says otherwise, and the keys as bound.
    pub fn to_look(&self, var: impl Fn(&str) -> Option<String>) -> Look {
        Look {
            theme: self.theme,
            colors: self.colors.unwrap_or_else(|| ColorSupport::detect(var)),
            pieces: if self.ascii { PieceSet::Letters } else { PieceSet::Glyphs },
            keys: self.keys,
        }
    }
}

fn parse_theme(name: &str) -> Result<Theme, String> {
    Theme::named(name).ok_or_else(|| {
        let names: Vec<&str> = THEMES.iter().map(|t| t.name).collect();
        format!("no theme called {name:?} (choose {})", names.join(" or "))
    })
}

fn parse_announce(name: &str) -> Result<Announce, String> {
    Announce::named(name).ok_or_else(|| {
        format!("unknown way to announce moves {name:?} (choose {})", Announce::NAMES.join(", "))
    })
}

fn parse_colors(name: &str) -> Result<ColorSupport, String> {
    ColorSupport::from_name(name)
        .ok_or_else(|| format!("unknown colour setting {name:?} (choose {})", ColorSupport::NAMES.join(", ")))
}

fn parse_name(name: &str) -> Result<String, String> {
    let name = name.trim();
    if name.is_empty() {
        Err("a player's name cannot be empty".to_owned())
    } else if name.chars().any(char::is_control) {
        Err("a player's name cannot hold control characters".to_owned())
    } else {
        Ok(name.to_owned())
    }
}

/// Writes the completion script for `shell` to `out`.
pub fn write_completions(shell: Shell, out: &mut dyn Write) {
    clap_complete::generate(shell, &mut Cli::command(), "hotseat", out);
}

fn parse_fen(fen: &str) -> Result<Position, String> {
    Position::from_fen(fen).map_err(|err| err.in_fen(fen).to_string())
}

fn parse_chess960(text: &str) -> Result<Chess960, String> {
    if text == "random" {
        return Ok(Chess960::Random);
    }
    match text.parse::<u16>() {
        Ok(n) if n < 960 => Ok(Chess960::Number(n)),
        _ => Err("expected a position number from 0 to 959, or nothing for a random one".to_owned()),
    }
}

/// A number below `bound` that differs from run to run: the standard library's hasher
/// keys are random per process, and the clock adds more.
fn random_below(bound: u16) -> u16 {
    let now = SystemTime::now().duration_since(SystemTime::UNIX_EPOCH).unwrap_or_default();
    (RandomState::new().hash_one(now) % u64::from(bound)) as u16
}

/// The error and its causes on one line, leaving out a cause whose words the line
/// already holds (many errors name their cause in their own message).
pub fn one_line(err: &anyhow::Error) -> String {
    let mut line = String::new();
    for cause in err.chain() {
        let text = cause.to_string();
        if !line.contains(&text) {
            if !line.is_empty() {
                line.push_str(": ");
            }
            line.push_str(&text);
        }
    }
    line
}

/// How a game ends on the command line, once the terminal is back: where it was saved
/// (or, when it could not be, the game itself on standard output), then the loop's error
/// if it had one, else the exit status for `signal`.
pub fn say_farewell(
    farewell: &crate::session::Farewell,
    result: anyhow::Result<()>,
    signal: Option<i32>,
) -> anyhow::Result<ExitCode> {
    use std::io::Write;
    if let crate::session::Farewell::NotSaved { pgn, .. } = farewell {
        let _ = write!(std::io::stdout(), "{pgn}");
        result?;
        anyhow::bail!("{farewell} (the game is printed above)");
    }
    // A hung-up terminal cannot show it; the game is saved all the same.
    // It names a file, whose name may come from a folder anyone can write to.
    let _ = writeln!(std::io::stdout(), "{}", crate::printable::printable(&farewell.to_string(), usize::MAX));
    result?;
    Ok(exit_code(signal))
}

/// The exit status: 128 plus the number of the signal that ended the game, as a shell
/// reports a program killed by it; else success.
pub fn exit_code(signal: Option<i32>) -> ExitCode {
    signal.map_or(ExitCode::SUCCESS, |signal| ExitCode::from((128 + signal) as u8))
}

/// Parses the process arguments, with the config file's settings for what the
/// command line does not say. `--help` and `--version` print and exit; a bad argument,
/// or a bad config file, prints one line to standard error and exits with status 2.
/// Nothing here touches the terminal's modes.
pub fn parse() -> Cli {
    let argv: Vec<std::ffi::OsString> = std::env::args_os().collect();
    let given = Cli::command().try_get_matches_from(&argv).unwrap_or_else(|err| refuse(&err, None));
    let subcommand = given.subcommand_name().map(str::to_owned);
    let sub = subcommand.as_deref();
    let config = if config::applies_to(sub) { read_config() } else { None };
    let Some(config) = config else {
        return Cli::from_arg_matches(&given).and_then(Cli::checked).unwrap_or_else(|err| refuse(&err, None));
    };
    let command = config::command_for(sub);
    let given_here = sub.and_then(|name| given.subcommand_matches(name)).unwrap_or(&given);
    let options = config.arguments(&command, given_here);
    let argv = config::with_options(&argv, sub, options);
    let with_file = Some(config.path());
    let matches = Cli::command().try_get_matches_from(&argv).unwrap_or_else(|err| refuse(&err, with_file));
    let mut cli =
        Cli::from_arg_matches(&matches).and_then(Cli::checked).unwrap_or_else(|err| refuse(&err, with_file));
    let keys = config.keymap();
    if let Some(look) = cli.look_mut() {
        look.keys = keys;
    }
    cli
}

/// The config file for a game, if there is one; a bad one ends the program with why.
fn read_config() -> Option<config::Config> {
    let path = config::location(|name| std::env::var_os(name))?;
    let home = std::env::var_os("HOME").map(PathBuf::from);
    config::Config::read(&path, home.as_deref()).unwrap_or_else(|err| refuse_config(&err))
}

fn refuse_config(err: &config::ConfigError) -> ! {
    eprintln!("hotseat: {}", crate::printable::printable(&err.to_string(), usize::MAX));
    std::process::exit(2);
}

/// Prints `err` (help and version as they are; a mistake on one line, with the config
/// file when its settings were in it) and exits.
fn refuse(err: &clap::Error, config: Option<&std::path::Path>) -> ! {
    if matches!(err.kind(), ErrorKind::DisplayHelp | ErrorKind::DisplayVersion) {
        err.exit();
    }
    // The first paragraph, on one line: some errors list the arguments on the
    // lines after "...were not provided:".
    let rendered = err.to_string();
    let first: Vec<&str> = rendered.lines().map(str::trim).take_while(|line| !line.is_empty()).collect();
    let first = first.join(" ");
    let first = first.strip_prefix("error: ").unwrap_or(&first);
    // The command whose usage it was: `hotseat host --bogus` is host's mistake.
    let command = match err.get(clap::error::ContextKind::Usage) {
        Some(clap::error::ContextValue::StyledStr(usage)) => usage_command(&usage.to_string()),
        _ => "hotseat".to_owned(),
    };
    match config {
        Some(path) => {
            eprintln!("hotseat: {first} ({}); try {command} --help", strings::with_config_file(path));
        }
        None => eprintln!("hotseat: {first}; try {command} --help"),
    }
    std::process::exit(err.exit_code());
}

/// The command a usage line is for: `hotseat host` of `Usage: hotseat host [OPTIONS]`.
fn usage_command(usage: &str) -> String {
    let words: Vec<&str> = usage
        .split_whitespace()
        .skip_while(|w| w.ends_with(':'))
        .take_while(|w| w.chars().all(|c| c.is_ascii_alphanumeric() || c == '-'))
        .collect();
    if words.is_empty() { "hotseat".to_owned() } else { words.join(" ") }
}

impl Cli {
    /// Checks what clap cannot: the options that make no sense together.
    pub fn checked(self) -> Result<Cli, clap::Error> {
        let game = match &self.command {
            None => &self.game,
            #[cfg(unix)]
            Some(Command::Host(host)) => &host.game,
            Some(_) => return Ok(self),
        };
        match game.time_controls() {
            Ok(_) => Ok(self),
            Err(err) => Err(Cli::command().error(ErrorKind::ArgumentConflict, err)),
        }
    }

    /// How the board is to look, for the commands that draw one.
    fn look_mut(&mut self) -> Option<&mut LookOptions> {
        match &mut self.command {
            None => Some(&mut self.game.look),
            #[cfg(unix)]
            Some(Command::Host(host)) => Some(&mut host.game.look),
            #[cfg(unix)]
            Some(Command::Join(join) | Command::Watch(join)) => Some(&mut join.look),
            Some(Command::Games(games)) => Some(&mut games.look),
            Some(_) => None,
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn bad_arguments_are_refused_with_a_reason() {
        let err = Cli::try_parse_from(["hotseat", "--theme", "neon"]).unwrap_err();
        assert!(err.to_string().contains("no theme called \"neon\""), "{err}");
        let err = Cli::try_parse_from(["hotseat", "--fen", "not a fen"]).unwrap_err();
        assert_eq!(err.kind(), ErrorKind::ValueValidation);
        let err = Cli::try_parse_from(["hotseat", "--chess960", "960"]).unwrap_err();
        assert_eq!(err.kind(), ErrorKind::ValueValidation);
        let cli = Cli::try_parse_from(["hotseat", "--chess960"]).expect("random chess960");
        assert_eq!(cli.game.chess960, Some(Chess960::Random));
        assert!(cli.game.start_position().is_chess960());
    }

    #[test]
    fn the_host_takes_the_options_of_a_game_and_refuses_others() {
        let cli = Cli::try_parse_from(["hotseat", "host", "--clock", "5+3", "--as", "black"]).expect("fine");
        let Some(Command::Host(host)) = cli.command else { panic!("host") };
        assert!(host.game.clock.is_some());
        assert_eq!(host.side, Some(hotseat_chess::Color::Black));
        let err = Cli::try_parse_from(["hotseat", "host", "--bogus"]).unwrap_err();
        assert!(err.to_string().contains("hotseat host"), "host's own usage: {err}");
        let err = Cli::try_parse_from(["hotseat", "--clock", "5+3", "host"]).unwrap_err();
        assert!(!err.to_string().is_empty(), "a game's options go after the command");
    }

    #[test]
    fn none_turns_the_engine_and_the_coach_off() {
        let cli = Cli::try_parse_from(["hotseat", "--computer", "black", "--coach", "none"]).expect("fine");
        assert_eq!(cli.game.computer(), Some(Sides::Black));
        assert_eq!(cli.game.coach(), None);
    }
}
