//! `hotseat analyse FILE.pgn`: one game reviewed by a UCI engine without the board. A
//! progress bar on standard error (when it is a terminal), the annotated game to
//! `--out` or standard output, and a summary per player on standard error.

use std::fmt::Write as _;
use std::io::{IsTerminal, Write};
use std::path::{Path, PathBuf};
use std::process::ExitCode;
use std::sync::Arc;
use std::sync::atomic::{AtomicUsize, Ordering};
use std::time::Duration;

use anyhow::{Context, Result, anyhow, bail};
use clap::Args;
use clap::builder::RangedU64ValueParser;

use crate::app::strings::engine_failed;
use crate::engine::{self, Analysis, Event, Limit};
use crate::printable::{QUOTE_LIMIT, printable};
use crate::records::{self, store};
use crate::review::{Mark, Review};
use hotseat_chess::Color;

/// The arguments of `hotseat analyse`.
#[derive(Debug, Args)]
pub struct AnalyseArgs {
    /// The PGN file holding the game.
    #[arg(value_name = "FILE.pgn")]
    pub file: PathBuf,

    /// Which game of the file, counting from 1 (needed when it holds several).
    #[arg(long, value_name = "N", value_parser = RangedU64ValueParser::<usize>::new().range(1..))]
    pub game: Option<usize>,

    /// How deep the engine searches each position, in plies (default: 18).
    #[arg(long, value_name = "D", conflicts_with = "movetime", value_parser = RangedU64ValueParser::<u32>::new().range(1..=99))]
    pub depth: Option<u32>,

    /// How long the engine thinks about each position, in milliseconds, instead of a
    /// depth.
    #[arg(long, value_name = "MS", value_parser = RangedU64ValueParser::<u64>::new().range(1..=3_600_000))]
    pub movetime: Option<u64>,

    /// The UCI engine to run (default: `$HOTSEAT_ENGINE`, else stockfish on PATH or
    /// where packages put it).
    #[arg(long, value_name = "PATH")]
    pub engine: Option<PathBuf>,

    /// Write the annotated game here instead of to standard output.
    #[arg(long, value_name = "OUT")]
    pub out: Option<PathBuf>,
}

impl AnalyseArgs {
    /// The search limit asked for.
    pub fn limit(&self) -> Limit {
        match (self.movetime, self.depth) {
            (Some(ms), _) => Limit::MoveTime(Duration::from_millis(ms)),
            (None, Some(depth)) => Limit::Depth(depth),
            (None, None) => Limit::default(),
        }
    }
}

/// Runs `hotseat analyse`. A signal that would end the program ends the engine first,
/// then the program, with status 128 plus its number.
pub fn run(args: &AnalyseArgs) -> Result<ExitCode> {
    let shown = |path: &Path| printable(&path.display().to_string(), usize::MAX).into_owned();
    let file = records::read_games(&args.file)
        .map_err(|err| anyhow!("{}", printable(&err.to_string(), usize::MAX)))?;
    let number = match (args.game, file.len()) {
        (Some(n), _) => n,
        (None, 1) => 1,
        (None, count) => bail!("{} holds {count} games: choose one with --game N", shown(&args.file)),
    };
    let pgn = records::load(&args.file, &file, number)
        .map_err(|err| anyhow!("{}", printable(&err.to_string(), usize::MAX)))?;
    // The same care as --save, before the engine starts: no game written over but the
    // one analysed (in its own file of one game), and no file a hotseat has open. The
    // lock is held until the annotated game is written.
    let out = match &args.out {
        Some(out) => Some(claim_out(out, &args.file)?),
        None => None,
    };
    let engine = engine::locate(args.engine.as_deref()).map_err(|err| anyhow!(engine_failed(&err)))?;
    let signal = watch_signals()?;
    let mut review = Review::of(&pgn.game);
    let mut analysis = Analysis::start(&engine, &pgn.game, args.limit());
    let mut bar = Bar::new(std::io::stderr().is_terminal());
    loop {
        let events = analysis.wait(Duration::from_millis(100));
        if let Some(code) = stopped_by(&signal) {
            drop(analysis);
            bar.clear();
            return Ok(code);
        }
        let mut done = false;
        for event in events {
            match event {
                Event::Analysed { index, eval, best, .. } => review.set(index, eval, best),
                Event::Done => done = true,
                Event::Failed(err) => {
                    bar.clear();
                    // A signal sent to the engine as well as to this program (to every
                    // process of the user, or of a service) may end the engine before
                    // this program has seen its own: an engine ended by a signal that
                    // would end this program is the analysis stopped by that signal.
                    let engine_signal = analysis
                        .ended_by_signal()
                        .filter(|signal| ending_signals().contains(signal))
                        .and_then(|signal| usize::try_from(signal).ok());
                    if let Some(code) = stopped_by(&signal).or_else(|| engine_signal.map(stopped)) {
                        return Ok(code);
                    }
                    return Err(anyhow!("the analysis stopped: {}", after_colon(&err.to_string())));
                }
            }
        }
        bar.show(analysis.progress(), analysis.eta());
        if done {
            break;
        }
    }
    drop(analysis);
    bar.clear();
    let text = records::reviewed_pgn(&pgn, &review);
    if let Some((mut out, lock)) = out {
        lock.check(out.path())
            .and_then(|()| out.save(text.as_bytes()))
            .map_err(|err| anyhow!("{}", printable(&err.to_string(), usize::MAX)))?;
    } else {
        let mut stdout = std::io::stdout().lock();
        stdout.write_all(text.as_bytes()).and_then(|()| stdout.flush()).context("cannot write the game")?;
    }
    let mut stderr = std::io::stderr().lock();
    for color in Color::ALL {
        let name = pgn.tags.get(color.name()).filter(|n| !n.trim().is_empty() && *n != "?");
        let _ = writeln!(stderr, "{}", summary_line(&review, color, name));
    }
    Ok(ExitCode::SUCCESS)
}

/// `White (Anna): accuracy 87%, 2 inaccuracies, 1 mistake, 0 blunders`.
pub fn summary_line(review: &Review, color: Color, name: Option<&str>) -> String {
    let who = match name {
        Some(name) => format!("{} ({})", color.name(), printable(name, QUOTE_LIMIT)),
        None => color.name().to_owned(),
    };
    let accuracy =
        review.accuracy(color).map_or_else(|| "no moves".to_owned(), |a| format!("accuracy {}%", a.round()));
    let counts = review.counts(color);
    let marks: Vec<String> = Mark::ALL
        .iter()
        .zip(counts)
        .map(|(mark, n)| {
            let name = mark.name();
            let plural =
                if mark == &Mark::Inaccuracy { "inaccuracies".to_owned() } else { format!("{name}s") };
            format!("{n} {}", if n == 1 { name.to_owned() } else { plural })
        })
        .collect();
    format!("{who}: {accuracy}, {}", marks.join(", "))
}

/// Takes the `--out` file `out` for the annotated game of `source` as `--save` takes
/// its file: locked, then refused if it holds anything writing would lose (a game, a
/// file of games, or anything but blank space), unless it is `source` itself, of one
/// game; the file to write is noted now, so one put at its name meanwhile is not
/// written over.
fn claim_out(out: &Path, source: &Path) -> Result<(store::GameFile, store::GameLock)> {
    use records::OpenError::{SaveHoldsAGame, SaveHoldsGames, SaveHoldsSomethingElse};
    let refused = |err: records::OpenError| {
        let holds =
            matches!(err, SaveHoldsAGame { .. } | SaveHoldsGames { .. } | SaveHoldsSomethingElse { .. });
        let line = printable(&err.to_string(), usize::MAX).into_owned();
        if holds { anyhow!("--out {line}; choose another file") } else { anyhow!("{line}") }
    };
    let lock = records::claim_save_file(out, Some(source)).map_err(refused)?;
    let file = store::GameFile::take(out).map_err(|err| refused(err.into()))?;
    Ok((file, lock))
}

/// Signals that would end the program are noted instead, through the session's own
/// watch of them (the same signals, the same rule for a second one: it ends the
/// engines and the program at once), so the engine can be ended first (it would
/// otherwise outlive a SIGTERM). A stop (SIGTSTP) stops: there is no terminal to
/// give back.
fn watch_signals() -> Result<Arc<AtomicUsize>> {
    use crate::session::signals::{self, Signalled};
    let flag = Arc::new(AtomicUsize::new(0));
    let noted = Arc::clone(&flag);
    signals::watch(
        move |signalled| match signalled {
            Signalled::Ending(signal) => {
                noted.store(usize::try_from(signal).unwrap_or(0), Ordering::SeqCst);
                true
            }
            Signalled::Suspend => false,
            Signalled::Continued => true,
        },
        || {},
    )
    .context("cannot watch for signals")?;
    Ok(flag)
}

/// The signals whose default action would end the program.
fn ending_signals() -> Vec<i32> {
    #[cfg(unix)]
    {
        crate::session::signals::ending()
    }
    #[cfg(not(unix))]
    {
        Vec::new()
    }
}

fn stopped_by(flag: &AtomicUsize) -> Option<ExitCode> {
    match flag.load(Ordering::SeqCst) {
        0 => None,
        signal => Some(stopped(signal)),
    }
}

/// Says the analysis was stopped by `signal`; the exit status for it.
fn stopped(signal: usize) -> ExitCode {
    eprintln!("hotseat: the analysis was stopped by a signal");
    ExitCode::from((128 + signal).min(255) as u8)
}

/// The progress bar, redrawn in place on a terminal, silent elsewhere.
struct Bar {
    on: bool,
    drawn: bool,
}

impl Bar {
    const WIDTH: usize = 24;

    fn new(on: bool) -> Bar {
        Bar { on, drawn: false }
    }

    fn show(&mut self, (done, total): (usize, usize), eta: Option<Duration>) {
        if !self.on {
            return;
        }
        // Cut to the terminal's width: a line that wrapped could not be redrawn in place.
        let columns = crossterm::terminal::size().map_or(80, |(columns, _)| usize::from(columns));
        let text: String = bar_text(done, total, eta).chars().take(columns.saturating_sub(1)).collect();
        let _ = write!(std::io::stderr(), "\r\x1b[2K{text}");
        self.drawn = true;
    }

    fn clear(&mut self) {
        if self.drawn {
            let _ = write!(std::io::stderr(), "\r\x1b[2K");
            self.drawn = false;
        }
    }
}

/// `Analysing [#########...............] 30/81 positions, about 1:05 left`.
pub fn bar_text(done: usize, total: usize, eta: Option<Duration>) -> String {
    let filled = (done * Bar::WIDTH).checked_div(total).unwrap_or(0).min(Bar::WIDTH);
    let mut text = format!(
        "Analysing [{}{}] {done}/{total} positions",
        "#".repeat(filled),
        ".".repeat(Bar::WIDTH - filled)
    );
    if let Some(eta) = eta {
        let secs = eta.as_secs();
        let _ = write!(text, ", about {}:{:02} left", secs / 60, secs % 60);
    }
    text
}

/// A sentence as it reads after a colon inside another: its first letter in lower case,
/// unless the word is an abbreviation ("UCI").
fn after_colon(sentence: &str) -> String {
    let mut chars = sentence.chars();
    match (chars.next(), chars.next()) {
        (Some(first), Some(second)) if first.is_uppercase() && !second.is_uppercase() => {
            first.to_lowercase().chain(sentence[first.len_utf8()..].chars()).collect()
        }
        _ => sentence.to_owned(),
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::review::Eval;

    #[test]
    fn the_help_gives_the_real_default_depth() {
        use clap::CommandFactory;
        let mut command = crate::cli::Cli::command();
        let help = command.find_subcommand_mut("analyse").expect("analyse").render_help().to_string();
        assert!(help.contains(&format!("(default: {})", Limit::DEFAULT_DEPTH)), "{help}");
    }

    #[test]
    fn the_bar_fills_and_counts_down() {
        assert_eq!(bar_text(0, 81, None), format!("Analysing [{}] 0/81 positions", ".".repeat(24)));
        assert_eq!(
            bar_text(40, 80, Some(Duration::from_secs(65))),
            format!("Analysing [{}{}] 40/80 positions, about 1:05 left", "#".repeat(12), ".".repeat(12))
        );
        assert_eq!(bar_text(1, 0, None), format!("Analysing [{}] 1/0 positions", ".".repeat(24)));
    }

    #[test]
    fn the_summary_counts_each_mark() {
        let mut review = Review::new(2);
        for (i, cp) in [0, 0, 900].into_iter().enumerate() {
            review.set(i, Eval::Cp(cp), None);
        }
        assert_eq!(
            summary_line(&review, Color::White, Some("Anna")),
            "White (Anna): accuracy 100%, 0 inaccuracies, 0 mistakes, 0 blunders"
        );
        let black = summary_line(&review, Color::Black, None);
        assert!(black.starts_with("Black: accuracy "), "{black}");
        assert!(black.ends_with(", 0 inaccuracies, 0 mistakes, 1 blunder"), "{black}");
    }

    #[test]
    fn a_sentence_after_a_colon_starts_in_lower_case_but_for_an_abbreviation() {
        assert_eq!(after_colon("The engine stopped unexpectedly."), "the engine stopped unexpectedly.");
        assert_eq!(after_colon("UCI_Elo is not offered."), "UCI_Elo is not offered.");
        assert_eq!(after_colon("É"), "É");
        assert_eq!(after_colon(""), "");
    }
}
