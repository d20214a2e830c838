//! The plain-text face: the same game as the board, for screen readers, braille
//! displays and scripts. No alternate screen, no cursor movement, no colour: a line
//! of text for each event, a line read for each input (with the terminal's own line
//! editing).
//!
//! It drives the same [`App`] with the same [`Action`]s, and hands the app's effects
//! to the same [`Host`] as the board does (the saving), through the same session, so
//! the rules, the questions, the clocks and the records are the board's own; this
//! module owns only its reading and its printing. The loop is generic over where lines
//! and the time come from (a [`Source`] of lines) and where the text goes, so tests run
//! whole games as transcripts.

mod lines;
mod speech;
mod words;

use std::io::{self, Write};
use std::marker::PhantomData;
use std::time::{Duration, Instant};

pub use lines::{Line, MAX_LINE, Reader, StdinLines};
pub use speech::Announce;
pub use words::{PLAIN_WORDS, PlainWord, Said};

use crate::app::{Action, Answer, App, Deed, Edit, MessageKind, Question, Reading};
use crate::clock::format_display;
use crate::printable::{QUOTE_LIMIT, acts_on_terminal, printable};
use crate::session::{self, Effects, Face, Input, Polled, Read, Session};
use hotseat_chess::{ByColor, Color, MoveText, Role};

/// The clock warnings, in seconds: a clock falling under each is told once.
const WARNINGS: [u64; 3] = [60, 30, 10];

/// The most characters of a move's comment told at once (the editor takes 1000).
const MAX_NOTE: usize = 1200;

/// Runs a game at one keyboard in plain text until the players quit or the input
/// ends, printing every event to `out` and handing the app's effects to `effects`.
pub fn run<L: Into<Line>>(
    app: &mut App,
    source: &mut impl Input<L>,
    out: &mut impl Write,
    effects: &mut dyn Effects,
    announce: Announce,
) -> io::Result<()> {
    let mut session = Session::new(app, effects);
    play(&mut session, source, out, announce)
}

/// Runs `session` in plain text, its lines read from `source` and its events told
/// to `out`, until the players quit or the input ends.
pub fn play<L: Into<Line>>(
    session: &mut Session,
    source: &mut impl Input<L>,
    out: &mut impl Write,
    announce: Announce,
) -> io::Result<()> {
    let mut face = Lines {
        source,
        out: io::BufWriter::new(out),
        told: Told { announce, warned: ByColor { white: None, black: None } },
        seen: None,
        line: PhantomData,
    };
    session::run(session, &mut face)?;
    face.out.flush()
}

/// The plain face: lines read from a source, the game told as lines to `out`. What is
/// told goes out when the loop next waits, after the effects of the step (a move is
/// heard once it is saved, as before a board's next frame).
struct Lines<'a, L, S, W: Write> {
    source: &'a mut S,
    out: io::BufWriter<&'a mut W>,
    told: Told,
    /// What the players were last told about; `None` before the greeting.
    seen: Option<Seen>,
    line: PhantomData<L>,
}

impl<L: Into<Line>, S: Input<L>, W: Write> Face<Session<'_>> for Lines<'_, L, S, W> {
    type Input = L;

    fn wait(&mut self, timeout: Option<Duration>) -> io::Result<Polled<L>> {
        self.out.flush()?;
        self.source.wait(timeout)
    }

    fn now(&mut self) -> Instant {
        self.source.now()
    }

    fn suspend(&mut self) -> io::Result<Polled<L>> {
        self.out.flush()?;
        self.source.suspend()
    }

    fn read(&mut self, line: L, session: &Session) -> io::Result<Vec<Read>> {
        self.told.read(session, &line.into(), &mut self.out)
    }

    fn present(&mut self, session: &Session, acted: bool) -> io::Result<()> {
        let app = session.app();
        let seen = if let Some(seen) = self.seen.take() {
            seen
        } else {
            writeln!(
                self.out,
                "hotseat, in plain text: {} against {}.",
                player(app, Color::White),
                player(app, Color::Black)
            )?;
            writeln!(self.out, "Type a move, or help for the commands.")?;
            Seen::start(app)
        };
        self.told.tell(app, &seen, acted, &mut self.out)?;
        self.seen = Some(Seen::of(app));
        Ok(())
    }

    fn wipe(&mut self) -> io::Result<()> {
        Ok(())
    }

    fn closed(&mut self, session: &Session) -> io::Result<()> {
        self.present(session, false)?;
        let app = session.app();
        if app.question().is_some() || app.promotion().is_some() {
            writeln!(self.out, "{}", words::END_IN_A_QUESTION)?;
        }
        self.out.flush()
    }

    fn takes_turns(&self) -> bool {
        true
    }

    fn stopped(&self) -> bool {
        self.source.stopped_by().is_some()
    }
}

/// What the players were last told about, to tell only what changed.
struct Seen {
    ply: usize,
    outcome: Option<hotseat_chess::Outcome>,
    question: Option<Question>,
    message: Option<crate::app::Message>,
    promotion: bool,
    /// Nothing has been told yet: whose turn it is, say, even though nothing changed.
    start: bool,
}

impl Seen {
    fn of(app: &App) -> Seen {
        Seen {
            ply: app.game().ply(),
            outcome: app.game().outcome(),
            question: app.question(),
            message: app.message().cloned(),
            promotion: app.promotion().is_some(),
            start: false,
        }
    }

    /// Before the first telling: the game as it starts, its turn still to tell.
    fn start(app: &App) -> Seen {
        Seen {
            ply: app.game().ply(),
            outcome: None,
            question: None,
            message: None,
            promotion: false,
            start: true,
        }
    }
}

/// The plain face's own state: how it speaks, and the clock warnings already given.
struct Told {
    announce: Announce,
    /// The lowest warning (in seconds) given for each clock.
    warned: ByColor<Option<u64>>,
}

impl Told {
    /// Reads one line as it came: one that is not text is said to be unreadable and
    /// left out; one cut at [`MAX_LINE`] is said to be, and read as far as it goes.
    fn read(&mut self, session: &Session, line: &Line, out: &mut impl Write) -> io::Result<Vec<Read>> {
        if !line.readable {
            writeln!(out, "{}", words::unreadable(&printable(&line.text, QUOTE_LIMIT)))?;
            return Ok(Vec::new());
        }
        if line.cut {
            writeln!(out, "{}", words::CUT)?;
        }
        self.handle(session, &line.text, out)
    }

    /// Reads one line: an answer, a command or a move, as what it asks of the game
    /// (judged at the session's door); what only reads the game out is printed here.
    fn handle(&mut self, session: &Session, line: &str, out: &mut impl Write) -> io::Result<Vec<Read>> {
        let app = session.app();
        let text = line.trim();
        let lower = text.to_lowercase();
        let act = |action: Action| Ok(vec![Read::Act(action)]);
        if text.is_empty() {
            writeln!(out, "{}", Told::prompt(app))?;
            return Ok(Vec::new());
        }
        // `say good luck`: chat for the players elsewhere.
        if let Some(said) = text.strip_prefix("say ").filter(|_| session.has_company()) {
            return Ok(vec![Read::Say(said.to_owned())]);
        }
        // While a pawn waits for its piece, the commands that read the game out (and
        // help, and quit) still work; anything else asks again.
        let reads_out = |lower: &str| {
            lower.split_whitespace().next().and_then(words::said).is_some_and(|said| match said {
                Said::App(word) => word.action == crate::app::words::WordAction::Help,
                _ => true,
            })
        };
        if app.promotion().is_some() && !reads_out(&lower) {
            if lower == "cancel" {
                return act(Action::Cancel);
            }
            if let Some(role) = promotion_role(&lower) {
                return act(Action::Answer(Answer::Choose(role)));
            }
            writeln!(out, "{}", words::PROMOTION)?;
            return Ok(Vec::new());
        }
        if let Some(question) = app.question() {
            let answer = match (lower.as_str(), question) {
                ("yes" | "y", _) => Some(Answer::Yes),
                ("no" | "n", _) => Some(Answer::No),
                ("white", Question::Resign { .. }) => Some(Answer::Side(Color::White)),
                ("black", Question::Resign { .. }) => Some(Answer::Side(Color::Black)),
                _ => None,
            };
            if let Some(answer) = answer {
                return act(Action::Answer(answer));
            }
        }
        let mut parts = lower.split_whitespace();
        let first = parts.next().unwrap_or_default();
        let argument = parts.next();
        // Practice: its words, and every line that is no command while it is on (a
        // move tried), go to the app, which reads them as the move line does.
        if crate::app::practice_word(text, app.practising()).is_some()
            || (app.practising() && words::said(first).is_none())
        {
            return act(Action::Edit(Edit::Line(text.to_owned())));
        }
        if let Some(said) = words::said(first) {
            if parts.next().is_some() {
                // `claim` takes one move: "takes nothing" would be untrue of it.
                let claim = matches!(said, Said::App(word)
                    if word.action == crate::app::words::WordAction::Command(crate::app::Command::ClaimDraw));
                writeln!(
                    out,
                    "{}",
                    if claim { words::CLAIM_USAGE.to_owned() } else { words::too_many(first) }
                )?;
                return Ok(Vec::new());
            }
            // `claim Ng8`: the claim made with the move that makes the draw, as the
            // board takes a typed move and Ctrl-D (the move as typed, in its case).
            // Taken while a question is open too, as a move is: a draw offer still
            // stands if the claim fails, and is declined by the move if it holds.
            if let (Said::App(word), Some(typed)) = (said, text.split_whitespace().nth(1))
                && word.action == crate::app::words::WordAction::Command(crate::app::Command::ClaimDraw)
            {
                return match app.reading_of(typed) {
                    Reading::Move(m, _) | Reading::Promotion(m) => act(Action::Do(Deed::ClaimWith(m))),
                    _ => {
                        let refusal = words::refusal(self.announce, app.game(), typed)
                            .unwrap_or_else(|| words::CLAIM_USAGE.to_owned());
                        writeln!(out, "{refusal}")?;
                        Ok(Vec::new())
                    }
                };
            }
            return self.command(session, said, argument, out);
        }
        // `?` on an empty move line opens the board's help screen; here it is the help.
        if text == "?" {
            words::help(out)?;
            return Ok(Vec::new());
        }
        let is_move = !matches!(crate::app::read_typed(app.game(), text), MoveText::Invalid(_))
            || matches!(app.reading_of(text), Reading::Offering(..));
        if let Some(question) = app.question()
            && !is_move
        {
            writeln!(out, "{}", words::answer_first(app, question))?;
            return Ok(Vec::new());
        }
        if !is_move && (text.chars().all(char::is_alphabetic) || text.starts_with('?')) {
            writeln!(out, "{}", words::unknown(&printable(text, QUOTE_LIMIT)))?;
            return Ok(Vec::new());
        }
        if matches!(
            app.reading_of(text),
            Reading::Refused(_) | Reading::Ambiguous(_) | Reading::Incomplete(_)
        ) && let Some(refusal) = words::refusal(self.announce, app.game(), text)
        {
            writeln!(out, "{refusal}")?;
            return Ok(Vec::new());
        }
        act(Action::Edit(Edit::Line(text.to_owned())))
    }

    /// Carries out a command word: what it asks of the game, or what it reads out.
    fn command(
        &mut self,
        session: &Session,
        said: Said,
        argument: Option<&str>,
        out: &mut impl Write,
    ) -> io::Result<Vec<Read>> {
        let app = session.app();
        let say = self.announce;
        let pos = app.game().position();
        let needs_none = |out: &mut dyn Write, word: &str| -> io::Result<bool> {
            if argument.is_some() {
                writeln!(out, "{}", words::too_many(word))?;
                return Ok(false);
            }
            Ok(true)
        };
        match said {
            Said::App(word) => {
                if !needs_none(out, word.name)? {
                    return Ok(Vec::new());
                }
                if let Some(question) = app.question()
                    && word.action != crate::app::words::WordAction::Help
                {
                    writeln!(out, "{}", words::answer_first(app, question))?;
                    return Ok(Vec::new());
                }
                match word.action {
                    crate::app::words::WordAction::Help => words::help(out)?,
                    action @ crate::app::words::WordAction::Command(_) => {
                        return Ok(vec![Read::Act(action.action())]);
                    }
                }
            }
            Said::Board => {
                if needs_none(out, "board")? {
                    for rank in hotseat_chess::Rank::ALL.iter().rev() {
                        writeln!(out, "{}", say.rank(pos, *rank))?;
                    }
                    if crate::openings::classify(app.game()).is_some() {
                        writeln!(out, "{}", opening_line(app))?;
                    }
                }
            }
            Said::Pieces => match argument {
                None => {
                    writeln!(out, "{}", say.pieces(pos, Color::White))?;
                    writeln!(out, "{}", say.pieces(pos, Color::Black))?;
                }
                Some("white" | "w") => writeln!(out, "{}", say.pieces(pos, Color::White))?,
                Some("black" | "b") => writeln!(out, "{}", say.pieces(pos, Color::Black))?,
                Some(_) => writeln!(out, "{}", words::usage("pieces"))?,
            },
            Said::Rank => match argument.and_then(|a| a.parse::<hotseat_chess::Rank>().ok()) {
                Some(rank) => writeln!(out, "{}", say.rank(pos, rank))?,
                None => writeln!(out, "{}", words::usage("rank"))?,
            },
            Said::File => match argument.and_then(file_named) {
                Some(file) => writeln!(out, "{}", say.file_line(pos, file))?,
                None => writeln!(out, "{}", words::usage("file"))?,
            },
            Said::Square => match argument.and_then(|a| a.parse::<hotseat_chess::Square>().ok()) {
                Some(sq) => match pos.piece_at(sq) {
                    Some(piece) => writeln!(out, "{}.", capitalised(&say.piece_on(piece, sq)))?,
                    None => writeln!(out, "{} is empty.", capitalised(&say.square(sq)))?,
                },
                None => writeln!(out, "{}", words::usage("square"))?,
            },
            Said::Moves => self.moves(app, argument, out)?,
            Said::Last => match app.game().ply().checked_sub(1) {
                Some(index) => {
                    let game = app.game();
                    let before = game.position_at(index).expect("a position before every move");
                    let mover = before.turn();
                    let number = game.move_number(index);
                    let spoken = say.move_in(before, game.moves()[index]);
                    writeln!(out, "Last move: {number} {mover}: {spoken}.")?;
                    // What the record says of it (a loaded game's sign and comment).
                    let note = app.timeline().annotations(index).map(crate::app::note_of).unwrap_or_default();
                    if !note.is_empty() {
                        writeln!(out, "Noted: {}", printable(&note, MAX_NOTE))?;
                    }
                }
                None => writeln!(out, "No move has been played yet.")?,
            },
            Said::Opening => {
                if needs_none(out, "opening")? {
                    writeln!(out, "{}", opening_line(app))?;
                }
            }
            Said::Clock => {
                if needs_none(out, "clock")? {
                    writeln!(out, "{}", clock_line(app))?;
                }
            }
            Said::Flip => writeln!(out, "{}", words::FLIP)?,
            Said::Fen => writeln!(out, "{}", pos.fen())?,
            Said::Pgn => match session.pgn() {
                Some(pgn) => print_pgn(out, &pgn)?,
                None => writeln!(out, "{}", words::NO_RECORD)?,
            },
            Said::Quit => return Ok(vec![Read::Act(Action::Quit)]),
        }
        Ok(Vec::new())
    }

    /// `moves` and `moves e2`: the legal moves, of one piece or all.
    fn moves(&self, app: &App, argument: Option<&str>, out: &mut impl Write) -> io::Result<()> {
        let say = self.announce;
        let pos = app.game().position();
        if app.game().is_over() {
            return writeln!(out, "The game is over: there are no moves.");
        }
        let (moves, what) = match argument {
            None => {
                let lines = say.moves_by_piece(pos);
                let count = pos.legal_moves().iter().count();
                writeln!(out, "Legal moves ({count}), by piece:")?;
                return lines.iter().try_for_each(|line| writeln!(out, "{line}"));
            }
            Some(arg) => {
                let Ok(sq) = arg.parse::<hotseat_chess::Square>() else {
                    return writeln!(out, "{}", words::usage("moves"));
                };
                match pos.piece_at(sq) {
                    None => {
                        return writeln!(out, "{}", words::moves_to(&say.square(sq), &say.moves_to(pos, sq)));
                    }
                    Some(piece) if piece.color != pos.turn() => {
                        return writeln!(
                            out,
                            "{}: {} is to move.",
                            capitalised(&say.piece_on(piece, sq)),
                            pos.turn()
                        );
                    }
                    Some(piece) => (pos.legal_moves_from(sq), capitalised(&say.piece_on(piece, sq))),
                }
            }
        };
        if moves.iter().next().is_none() {
            return writeln!(out, "{what}: none.");
        }
        let said: Vec<String> = moves.iter().map(|m| say.what_it_does(pos, *m)).collect();
        writeln!(out, "{what} ({}): {}.", said.len(), said.join("; "))
    }

    /// What an empty line gets: the question again, or whose turn it is.
    fn prompt(app: &App) -> String {
        if app.promotion().is_some() {
            return words::PROMOTION.to_owned();
        }
        if let Some(question) = app.question() {
            return words::question(app, question);
        }
        match app.outcome_text() {
            Some(outcome) => format!("{}. Type pgn for the record, or quit.", printed(&outcome)),
            None => format!("{} Type a move, or help for the commands.", turn_line(app)),
        }
    }

    /// Tells what changed since `seen`: the moves played, the app's message, the
    /// result, the question, whose turn it is, a draw to claim, the clocks.
    fn tell(&mut self, app: &App, seen: &Seen, sent: bool, out: &mut impl Write) -> io::Result<()> {
        let game = app.game();
        let ply = game.ply();
        if ply > seen.ply {
            for index in seen.ply..ply {
                let before = game.position_at(index).expect("a position before every move");
                writeln!(out, "{}: {}.", before.turn(), self.announce.move_in(before, game.moves()[index]))?;
            }
        }
        let message = app.message();
        let repeated = sent && message.is_some_and(|m| m.kind == MessageKind::Error);
        if let Some(message) = message
            && (Some(message) != seen.message.as_ref() || repeated)
        {
            writeln!(out, "{}", printed(&message.text))?;
        }
        let outcome = game.outcome();
        if outcome != seen.outcome
            && let Some(said) = app.outcome_text()
        {
            writeln!(out, "{}.", printed(&said))?;
        }
        let question = app.question();
        if let Some(asked) = question
            && question != seen.question
        {
            writeln!(out, "{}", words::question(app, asked))?;
        }
        let promotion = app.promotion().is_some();
        if promotion && !seen.promotion {
            writeln!(out, "{}", words::PROMOTION)?;
        }
        let changed = ply != seen.ply || outcome != seen.outcome || seen.start;
        if outcome.is_none()
            && question.is_none()
            && !promotion
            && (changed || seen.question.is_some() || seen.promotion)
        {
            writeln!(out, "{}", turn_line(app))?;
            if changed && let Some(claim) = game.claimable_draw() {
                writeln!(out, "{}", words::claimable(claim))?;
            }
        }
        self.warn(app, out)
    }

    /// Tells a clock falling under a minute, 30 seconds and 10 seconds, once each (and
    /// again if time given back, by an undo say, lifts it over).
    fn warn(&mut self, app: &App, out: &mut impl Write) -> io::Result<()> {
        for color in [Color::White, Color::Black] {
            let Some(face) = app.clock_face(color) else { return Ok(()) };
            let level = WARNINGS.iter().copied().filter(|w| face.left < Duration::from_secs(*w)).min();
            let warned = &mut self.warned[color];
            if let Some(seconds) = level
                && (warned.is_none() || level < *warned)
                && app.game().outcome().is_none()
            {
                let left = format_display(face.left);
                let limit = if seconds == 60 { "a minute".to_owned() } else { format!("{seconds} seconds") };
                writeln!(out, "{color}'s clock is under {limit}: {left} left.")?;
            }
            *warned = level;
        }
        Ok(())
    }
}

/// A player's name as printed: a name from a file keeps its bidi marks and controls
/// in the record, never on the terminal.
fn player(app: &App, color: Color) -> String {
    printed(app.player(color))
}

/// The game as PGN, whose tags may come from a file: each line as printed.
fn print_pgn(out: &mut impl Write, pgn: &str) -> io::Result<()> {
    pgn.trim_end().lines().try_for_each(|line| writeln!(out, "{}", printed(line)))
}

/// Text that may hold something from outside (a name, a file's name, a tag) as
/// printed: without what a terminal would act on, as the board's screen draws it.
fn printed(text: &str) -> String {
    text.chars().filter(|&c| !acts_on_terminal(c)).collect()
}

/// `White to move.`, with the player's name when it is not the colour's.
fn turn_line(app: &App) -> String {
    let turn = app.game().turn();
    let name = player(app, turn);
    let check = if app.game().position().is_check() { ", in check" } else { "" };
    if name == turn.name() {
        format!("{turn} to move{check}.")
    } else {
        format!("{turn} ({name}) to move{check}.")
    }
}

/// Both clocks, and whether they run.
/// `Opening: B01 Scandinavian Defense.`, or why there is none.
fn opening_line(app: &App) -> String {
    match crate::openings::classify(app.game()) {
        Some(opening) => format!("Opening: {opening}."),
        None if app.game().start().is_chess960() => words::NO_OPENING_960.to_owned(),
        None => words::NO_OPENING.to_owned(),
    }
}

fn clock_line(app: &App) -> String {
    let (Some(white), Some(black)) = (app.clock_face(Color::White), app.clock_face(Color::Black)) else {
        return crate::app::strings::NO_CLOCKS.to_owned();
    };
    let state = if app.game().is_over() {
        "the clocks have stopped".to_owned()
    } else if app.clocks_paused() {
        "the clocks are paused".to_owned()
    } else if white.running || black.running {
        format!("{}'s clock is running", if white.running { Color::White } else { Color::Black })
    } else {
        "the clocks start once both sides have moved".to_owned()
    };
    let control = app.time_control().map_or_else(String::new, |control| format!(" Time control: {control}."));
    format!("White {}, Black {}; {state}.{control}", format_display(white.left), format_display(black.left))
}

/// The piece named in answer to the promotion question.
fn promotion_role(word: &str) -> Option<Role> {
    match word {
        "queen" | "q" => Some(Role::Queen),
        "rook" | "r" => Some(Role::Rook),
        "bishop" | "b" => Some(Role::Bishop),
        "knight" | "n" => Some(Role::Knight),
        _ => None,
    }
}

/// A file by its letter or its NATO name.
fn file_named(name: &str) -> Option<hotseat_chess::File> {
    hotseat_chess::File::ALL
        .into_iter()
        .find(|file| Announce::San.file(*file) == name || Announce::Nato.file(*file) == name)
}

fn capitalised(text: &str) -> String {
    let mut chars = text.chars();
    chars.next().map_or_else(String::new, |c| c.to_uppercase().chain(chars).collect())
}
