//! The typed move: the text, the live hint, Enter, completion and pasted moves.
//!
//! The hint and Enter cannot disagree: both come from [`App::reading`], one reading of
//! the text by the rules core.

use super::words::{Word, WordAction, command_word};
use super::{App, Edit, Focus, strings};
use crate::annotations::Nag;
use hotseat_chess::{Game, Move, MoveText};

/// The longest text kept, in bytes: a line of moves typed (or pasted by a terminal
/// without bracketed paste, key by key) as long as a long game's whole record. One
/// move is at most [`hotseat_chess::MAX_MOVE_TEXT`] characters; the core reads no more of it.
const MAX_INPUT: usize = 128 * 1024;

/// What the typed text means now: what the hint shows and what Enter does.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Reading {
    /// Nothing is typed.
    Empty,
    /// Exactly one legal move, with the annotation typed after it: Enter plays it.
    Move(Move, Option<Nag>),
    /// A pawn's move to the last rank with no piece named: Enter opens the picker.
    Promotion(Move),
    /// Several legal moves fit the whole text: Enter names them.
    Ambiguous(Vec<Move>),
    /// Not a whole move yet, but the start of these legal moves.
    Incomplete(Vec<Move>),
    /// Neither a legal move nor the start of one, and why, for the players.
    Refused(String),
    /// A command typed in words (`resign`, `undo`): Enter does it. No command word
    /// can be read as a move.
    Command(&'static Word),
    /// A sign alone (`!?`, `$5`): Enter marks the last move with it; `$0` takes its
    /// sign off.
    Sign(Nag),
    /// Exactly one legal move with a draw offered with it (`e4 draw`, `e4 (=)`): Enter
    /// plays it and offers the draw (FIDE 9.1.2.2: the offer is made with the move).
    Offering(Move, Option<Nag>),
}

impl App {
    /// The text typed so far.
    pub fn input(&self) -> &str {
        match self.round.focus.base() {
            Focus::Typing(text) => text,
            _ => "",
        }
    }

    /// What the typed text means: the live hint, and what Enter will do.
    pub fn reading(&self) -> Reading {
        read(self.game(), self.input())
    }

    /// What `text` would mean typed on the move line.
    pub fn reading_of(&self, text: &str) -> Reading {
        read(self.game(), text)
    }

    /// Whether the typed text is a line of several moves (`1. e4 e5 2. Nf3`), which
    /// Enter plays one by one as a paste: a terminal without bracketed paste sends a
    /// pasted line as keys.
    pub fn is_line_of_moves(&self) -> bool {
        self.line_of_moves(self.input())
    }

    /// Whether `text`, entered, is a line of several moves.
    pub(super) fn line_of_moves(&self, text: &str) -> bool {
        text.split_whitespace().filter_map(move_token).nth(1).is_some()
            && !matches!(
                read(self.game(), text),
                Reading::Move(..)
                    | Reading::Promotion(_)
                    | Reading::Command(_)
                    | Reading::Sign(_)
                    | Reading::Offering(..)
            )
    }

    /// The move the typed text would play, when exactly one legal move fits it.
    pub fn preview(&self) -> Option<Move> {
        match self.reading() {
            Reading::Move(m, _) => Some(m),
            _ => None,
        }
    }

    pub(super) fn edit(&mut self, edit: Edit) {
        match edit {
            Edit::Type(c) => self.type_char(c),
            Edit::Backspace => {
                self.round.refused = false;
                if let Focus::Typing(text) = &mut self.round.focus {
                    text.pop();
                    if text.is_empty() {
                        self.round.focus = Focus::Idle;
                    }
                }
            }
            Edit::Complete => self.complete(),
            Edit::Submit => {
                if self.input().trim().is_empty() {
                    self.select(self.round.cursor);
                } else {
                    self.submit();
                }
            }
            // A paste that played nothing: why its first word is no move.
            Edit::Paste(text) => self.report_line(&text, 0),
            // A line entered at once that is no deed: as the move line reads it on Enter;
            // what it leaves typed is not kept to mend.
            Edit::Line(text) => {
                self.leave_browsing();
                self.round.focus = Focus::Typing(text.chars().take(MAX_INPUT).collect());
                self.submit();
                if matches!(self.round.focus, Focus::Typing(_)) {
                    self.round.focus = Focus::Idle;
                }
                self.round.refused = false;
            }
        }
    }

    /// A character typed in play. On an empty line, `?` opens the help and a space
    /// picks up or puts down at the cursor; in typed text, both are text.
    pub(super) fn type_char(&mut self, c: char) {
        if c.is_control() {
            return;
        }
        if self.input().is_empty() {
            match c {
                '?' => return self.open_help(),
                ' ' => return self.select(self.round.cursor),
                _ => {}
            }
        }
        let refused = std::mem::take(&mut self.round.refused);
        if !matches!(self.round.focus, Focus::Typing(_)) {
            self.leave_browsing();
            self.round.focus = Focus::Typing(String::new());
        } else if refused {
            self.round.focus = Focus::Typing(String::new());
        }
        if let Focus::Typing(text) = &mut self.round.focus
            && text.len() + c.len_utf8() <= MAX_INPUT
        {
            text.push(c);
        }
    }

    /// Tab: fills in the typed move as far as the moves it could become agree, or
    /// takes the "did you mean" of a refused text.
    fn complete(&mut self) {
        if let Reading::Refused(_) = self.reading() {
            if let Some(m) = suggestion(self.game(), self.input()) {
                self.round.refused = false;
                self.round.focus = Focus::Typing(self.game().position().san(m));
            }
            return;
        }
        let Reading::Incomplete(moves) = self.reading() else { return };
        let pos = self.game().position();
        let sans: Vec<String> = moves.into_iter().map(|m| pos.san(m)).collect();
        let mut rest = sans.iter().map(String::as_str);
        let Some(first) = rest.next() else { return };
        let common = rest.fold(first, |common, san| {
            let same = common.bytes().zip(san.bytes()).take_while(|(a, b)| a == b).count();
            // SAN is ASCII, so a byte count is a character boundary.
            common.get(..same).unwrap_or_default()
        });
        let typed = self.input().trim().to_owned();
        // Only complete what extends the text as typed; `e2e4` stays coordinates.
        if common.len() > typed.len() && common.starts_with(&typed) {
            self.round.focus = Focus::Typing(common.to_owned());
        }
    }

    /// Enter on typed text that is no deed ([`App::resolve`]): a command word that
    /// opens a question or a screen, a sign for the last move, the promotion picker, or
    /// why the text is no move (kept to mend). Typed moves and commands that change the
    /// game are deeds, done once the door has let them through.
    fn submit(&mut self) {
        self.round.refused = false;
        if let Reading::Command(word) = self.reading() {
            // For players who do not know the keys.
            self.round.focus = Focus::Idle;
            match word.action {
                WordAction::Command(command) => self.command(command),
                WordAction::Help => self.open_help(),
            }
            return;
        }
        if let Reading::Sign(nag) = self.reading() {
            return self.mark_last_move(nag);
        }
        if self.is_line_of_moves() {
            let line = self.input().to_owned();
            self.round.focus = Focus::Idle;
            return self.report_line(&line, 0);
        }
        if self.refuse_if_over() {
            return;
        }
        match self.reading() {
            Reading::Promotion(m) => self.open_promotion(m.from(), m.to()),
            Reading::Empty
            | Reading::Command(_)
            | Reading::Sign(_)
            | Reading::Move(..)
            | Reading::Offering(..) => {}
            Reading::Ambiguous(moves) => {
                self.refuse_typed(strings::ambiguous(self.game().position(), &moves));
            }
            Reading::Incomplete(moves) => {
                self.refuse_typed(strings::incomplete(self.input().trim(), self.game().position(), &moves));
            }
            Reading::Refused(why) => self.refuse_typed(why),
        }
    }

    /// Whether the typed text is what Enter refused (the message line says why); the
    /// next character typed starts a new text.
    pub fn is_refused(&self) -> bool {
        self.round.refused
    }

    /// Enter refused the typed text: it stays to mend, until a new one is typed.
    fn refuse_typed(&mut self, why: String) {
        self.round.refused = true;
        self.refuse_move(why);
    }

    /// A pasted line of moves (move numbers, results and `e.p.` are skipped) was
    /// played as far as `played` moves ([`App::resolve`] made them deeds): says so, or
    /// why the next word of it could not be played.
    pub(super) fn report_line(&mut self, text: &str, played: usize) {
        let is_sign = |token: &str| super::annotating::typed_sign(token).is_some();
        let mut tokens = text.split_whitespace().filter_map(move_token);
        let mut skipped = 0;
        while skipped < played {
            match tokens.next() {
                Some(token) if is_sign(token) => {}
                Some(_) => skipped += 1,
                None => break,
            }
        }
        // The signs after the last move played were the move's.
        let next = tokens.find(|token| played == 0 || !is_sign(token));
        let Some(token) = next else {
            if played > 0 {
                self.info(strings::pasted(played));
            }
            return;
        };
        if let Some(outcome) = self.game().outcome() {
            self.error(strings::game_over(outcome, &self.players));
            return;
        }
        let pos = self.game().position();
        let why = match read(self.game(), token) {
            Reading::Ambiguous(moves) => strings::ambiguous(pos, &moves),
            Reading::Incomplete(moves) => strings::incomplete(token, pos, &moves),
            Reading::Promotion(_) => strings::paste_needs_promotion(token),
            Reading::Refused(why) => why,
            Reading::Command(word) => strings::not_a_move(word.name),
            Reading::Move(..) | Reading::Empty | Reading::Sign(_) | Reading::Offering(..) => String::new(),
        };
        self.error(strings::paste_stopped(played, token, &why));
    }
}

/// The move in one word of a pasted line: `12.e4` is `e4`; `12.`, `12...`, `e.p.`
/// and results are not moves.
pub(super) fn move_token(word: &str) -> Option<&str> {
    let word = word.trim_start_matches(|c: char| c.is_ascii_digit()).trim_start_matches(['.', '…']);
    let word = if word.is_empty() { return None } else { word };
    match word {
        "e.p." | "ep" | "1-0" | "0-1" | "1/2-1/2" | "½-½" | "*" => None,
        word => Some(word),
    }
}

/// Reads typed text as the core does, and when that finds no move, once more with its
/// capitalised squares in lower case (`E4`, `E2E4`, `Exd5`, as dictation and phone
/// keyboards write them). A square is never a piece letter, so this is taken only
/// where the letter is followed by a rank; `Bc4` stays a bishop.
pub fn read_typed(game: &Game, text: &str) -> MoveText {
    let reading = game.read_move_text(text);
    if !matches!(reading, MoveText::Invalid(_) | MoveText::Illegal(_)) {
        return reading;
    }
    let Some(lowered) = squares_lowered(text) else { return reading };
    match game.read_move_text(&lowered) {
        MoveText::Invalid(_) | MoveText::Illegal(_) => reading,
        found => found,
    }
}

/// `text` with every capital file letter that starts a square (`E4`), or a pawn's
/// capture (`Exd5`), in lower case; `None` when there is none. `B` before `x` is a
/// bishop, so it stays.
fn squares_lowered(text: &str) -> Option<String> {
    let chars: Vec<char> = text.chars().collect();
    let mut changed = false;
    let lowered = chars
        .iter()
        .enumerate()
        .map(|(i, &c)| {
            let next = chars.get(i + 1).copied().unwrap_or(' ');
            let square = ('A'..='H').contains(&c) && ('1'..='8').contains(&next);
            let pawn_takes = i == 0 && ('A'..='H').contains(&c) && c != 'B' && matches!(next, 'x' | 'X');
            if square || pawn_takes {
                changed = true;
                c.to_ascii_lowercase()
            } else {
                c
            }
        })
        .collect();
    changed.then_some(lowered)
}

/// The legal move close to refused text that the refusal offers ("did you mean"), and
/// Tab takes.
pub fn suggestion(game: &Game, text: &str) -> Option<Move> {
    let text = text.trim();
    match read_typed(game, text) {
        MoveText::Illegal(hotseat_chess::Illegality::GameOver(_)) => None,
        MoveText::Illegal(_) | MoveText::Invalid(_) => game.position().suggest(text),
        _ => None,
    }
}

/// `e4 draw`, `e4 offer` or `e4 (=)`: a move typed with a draw offered with it, read
/// as the move alone reads.
fn with_offer(game: &Game, text: &str) -> Option<(Move, Option<Nag>)> {
    let (before, after) = text.trim().rsplit_once(char::is_whitespace)?;
    let offers = after == "(=)"
        || command_word(after)
            .is_some_and(|word| word.action == WordAction::Command(super::Command::OfferDraw));
    match read(game, before) {
        Reading::Move(m, nag) if offers => Some((m, nag)),
        _ => None,
    }
}

/// The core's one reading of typed text, in a player's words.
pub(super) fn read(game: &Game, text: &str) -> Reading {
    let pos = game.position();
    let nearest = |text: &str| suggestion(game, text).map(|m| pos.san(m));
    let text = text.trim();
    if let Some(sign) = super::annotating::typed_sign(text) {
        return Reading::Sign(sign);
    }
    if let Some(word) = command_word(text) {
        return Reading::Command(word);
    }
    if let Some((m, nag)) = with_offer(game, text) {
        return Reading::Offering(m, nag);
    }
    match read_typed(game, text) {
        MoveText::Empty => Reading::Empty,
        MoveText::Move { mv, suffix } => Reading::Move(mv, suffix.and_then(Nag::from_suffix)),
        MoveText::Promotion { from, to } => {
            match pos.legal_moves_from(from).iter().copied().find(|m| m.to() == to) {
                Some(m) => Reading::Promotion(m),
                None => Reading::Refused(strings::not_a_move(text)),
            }
        }
        MoveText::Ambiguous(moves) => Reading::Ambiguous(moves),
        MoveText::Incomplete(moves) => Reading::Incomplete(moves),
        MoveText::Illegal(reason) => {
            let refusal = strings::illegal_move(text, reason);
            match reason {
                hotseat_chess::Illegality::GameOver(_) => Reading::Refused(refusal),
                _ => Reading::Refused(strings::did_you_mean(refusal, nearest(text))),
            }
        }
        MoveText::Invalid(_) => {
            Reading::Refused(strings::did_you_mean(strings::not_a_move(text), nearest(text)))
        }
    }
}
