//! The game screen as a state machine: one state struct ([`App`]), one [`Action`]
//! enum and one [`App::update`], which returns the [`Effect`]s for the world outside.
//!
//! The app knows chess (through [`hotseat_chess`]) and nothing of terminals, files or
//! the time: keys, the mouse and pastes arrive already translated into actions by the
//! `input` module, the `ui` module draws an `&App`, and the loop carries out the
//! effects (saving, copying) after the frame is drawn. A player's mistake (an illegal
//! typed move, say) never becomes an `Err`: it becomes a [`Message`] on screen and the
//! game is unchanged.
//!
//! The state is split by concern: where the player is ([`Focus`], one value for every
//! mode and overlay), the game's one history ([`Timeline`]), and a file for each kind
//! of work: typing, pointing, questions and overlays, and the clocks.
//!
//! ```
//! use hotseat_game::app::{Action, App, Edit, Effect};
//! use hotseat_chess::Game;
//! let mut app = App::new(Game::new());
//! for c in "e4".chars() {
//!     app.update(Action::Edit(Edit::Type(c)));
//! }
//! let effects = app.update(Action::Edit(Edit::Submit));
//! assert_eq!(app.game().san_moves(), ["e4"]);
//! assert_eq!(effects, [Effect::Save]);
//! ```

mod action;
mod annotating;
mod browsing;
mod clocks;
mod deed;
mod focus;
mod pointing;
mod practice;
mod questions;
mod review;
pub mod strings;
mod timeline;
mod typing;
pub mod words;

use std::time::Instant;

pub use action::{
    Action, Answer, Browse, Command, Direction, Edit, Effect, Message, MessageKind, Notation, Point, Pointer,
    Show,
};
pub use annotating::{Draft, MAX_COMMENT, note_of};
pub use browsing::VariationView;
pub use deed::{Acted, Ask, Asked, Deed, Refusal, Verdict};
pub use focus::{Focus, Mode, PromotionChoice, Question, Selection, TargetKind};
pub use practice::{Practice, PracticeWord, practice_word};
pub use review::{EngineReport, ReviewState, Reviewing};
pub use timeline::{Ply, Step, Timeline};
pub use typing::{Reading, Refused, read_typed, suggestion};

use crate::annotations::{Annotations, Nag};
use crate::clock::Clocks;
use hotseat_chess::{ByColor, Color, File, Game, Move, Position, Rank, Square};

/// Everything that belongs to one game: a new game replaces it whole, so nothing of
/// the old game can linger.
#[derive(Clone, Debug)]
struct Round {
    timeline: Timeline,
    /// The chess clocks, when the game has them: their running state only.
    clocks: Option<Clocks>,
    focus: Focus,
    /// Enter refused the typed text: it stays to be mended with Backspace, but the
    /// next character typed starts a new text.
    refused: bool,
    cursor: Square,
    message: Option<Message>,
    /// The last remark ([`Action::Remark`]): the move it is about (its index) and what
    /// was said.
    remark: Option<(usize, Move, Message)>,
    /// An offer or a request standing for the other side's answer (a draw offer also
    /// until a move is played).
    asked: Option<Asked>,
    /// A draw offered with this side's next move (made on its own turn).
    offer_with_move: Option<Color>,
    /// The engine's review of this game, once asked for.
    review: Option<Reviewing>,
    /// Practice on the review's mistakes and blunders, while it is on.
    practice: Option<Practice>,
    /// The number of the Chess960 start, when the game has one.
    chess960: Option<u16>,
}

impl Round {
    fn new(game: Game) -> Round {
        let cursor = start_of_turn(&game);
        let chess960 = game.start().chess960_number();
        Round {
            timeline: Timeline::new(game),
            clocks: None,
            focus: Focus::Idle,
            refused: false,
            cursor,
            message: None,
            remark: None,
            asked: None,
            offer_with_move: None,
            review: None,
            practice: None,
            chess960,
        }
    }
}

/// Where the square cursor starts a turn: on a piece of the side to move that can
/// move, so pointing a move takes a few keys. The piece that side moved last, when it
/// still can; else the one nearest the king's pawn's square (e2, or e7 for Black), the
/// king last.
fn start_of_turn(game: &Game) -> Square {
    let pos = game.position();
    let turn = pos.turn();
    let can_move = |sq: Square| {
        pos.piece_at(sq).is_some_and(|p| p.color == turn) && !pos.legal_moves_from(sq).is_empty()
    };
    let home = Square::from_coords(File::E, Rank::Second.relative_to(turn));
    let last_own = game.ply().checked_sub(2).and_then(|i| game.moves().get(i)).map(|m| m.destination());
    if let Some(sq) = last_own.filter(|&sq| can_move(sq)) {
        return sq;
    }
    // The king last: it is seldom the piece a player means to move.
    let distance = |sq: Square| {
        let files = sq.file().index().abs_diff(home.file().index());
        let ranks = sq.rank().index().abs_diff(home.rank().index());
        (pos.king_of(turn) == sq, files.max(ranks), files + ranks, sq.index())
    };
    pos.by_color(turn).into_iter().filter(|&sq| can_move(sq)).min_by_key(|&sq| distance(sq)).unwrap_or(home)
}

/// The state of the game screen.
#[derive(Clone, Debug)]
#[expect(
    clippy::struct_excessive_bools,
    reason = "independent switches: flipped, auto-flip, the bell, looking through, quitting"
)]
pub struct App {
    round: Round,
    /// The time of the last tick: the clocks are read at it.
    now: Option<Instant>,
    players: ByColor<String>,
    flipped: bool,
    auto_flip: bool,
    /// Whether the app asks for the bell ([`Effect::Bell`]).
    bell: bool,
    /// The game is only looked through, not played: the engine may review it at once.
    looking_through: bool,
    quit: bool,
    /// A new game draws a new random Chess960 start (the game began with one).
    random_chess960: bool,
    /// A take-back is asked of the other side, not done at once (players apart).
    takeback_by_consent: bool,
    /// The sides played at this terminal: a question asked of one of them opens here,
    /// and only they are named in the resignation dialog.
    sides_here: ByColor<bool>,
    /// A flag falls when the referee elsewhere says so, not on this copy's clock.
    flags_called_elsewhere: bool,
    /// The new games started since this app was made (a rematch, Ctrl-N).
    games_played: u64,
    effects: Vec<Effect>,
}

impl App {
    /// A screen for `game`, which may already have moves (a game loaded from a record).
    pub fn new(game: Game) -> App {
        App {
            round: Round::new(game),
            now: None,
            players: ByColor::new_with(|color| color.name().to_owned()),
            flipped: false,
            auto_flip: false,
            bell: false,
            looking_through: false,
            quit: false,
            random_chess960: false,
            takeback_by_consent: false,
            sides_here: ByColor { white: true, black: true },
            flags_called_elsewhere: false,
            games_played: 0,
            effects: Vec::new(),
        }
    }

    /// Leaves the flags to the referee of the game elsewhere (a view's host): this
    /// copy's clocks run down to 0:00, and the game ends when the referee says so.
    #[must_use]
    pub fn with_flags_called_elsewhere(mut self, on: bool) -> App {
        self.flags_called_elsewhere = on;
        self
    }

    /// Whether a flag falls only when the referee elsewhere says so.
    pub fn flags_called_elsewhere(&self) -> bool {
        self.flags_called_elsewhere
    }

    /// The offer or request standing when the game was handed over whole (a view's
    /// copy of its host's game).
    #[must_use]
    pub fn with_asked(mut self, asked: Option<Asked>) -> App {
        self.round.asked =
            asked.filter(|_| !self.game().is_over() || asked.is_some_and(|a| a.what == Ask::Rematch));
        self
    }

    /// The new games started since this app was made.
    pub fn games_played(&self) -> u64 {
        self.games_played
    }

    /// The sides played at this terminal (both, at one keyboard): a question asked of
    /// one of them opens here, and only they may be named in the resignation dialog.
    #[must_use]
    pub fn with_sides_here(mut self, sides: ByColor<bool>) -> App {
        self.sides_here = sides;
        self
    }

    /// Says which sides are played at this terminal now (a side handed to the engine,
    /// a rematch with the colours swapped): an offer or a request standing for a side
    /// now played here is asked here.
    pub fn set_sides_here(&mut self, sides: ByColor<bool>) {
        self.sides_here = sides;
        match (self.round.asked, &self.round.focus) {
            (Some(asked), Focus::Idle) if sides[!asked.by] => {
                self.round.focus = Focus::Question(Question::of(asked));
            }
            (Some(asked), Focus::Question(question)) if !sides[!asked.by] && question.asked().is_some() => {
                self.round.focus = Focus::Idle;
            }
            _ => {}
        }
    }

    /// Turns the board to have Black at the bottom, or White.
    pub fn set_flipped(&mut self, flipped: bool) {
        self.flipped = flipped;
    }

    /// The sides played at this terminal.
    pub fn sides_here(&self) -> ByColor<bool> {
        self.sides_here
    }

    /// Makes a take-back a question for the other side (`Y` allows it) instead of
    /// done at once: for players who do not share a keyboard.
    #[must_use]
    pub fn with_takeback_by_consent(mut self, on: bool) -> App {
        self.takeback_by_consent = on;
        self
    }

    /// Whether a take-back is asked of the other side rather than done at once.
    pub fn takeback_by_consent(&self) -> bool {
        self.takeback_by_consent
    }

    /// Makes each new game start from a new random Chess960 position, as this one did.
    #[must_use]
    pub fn with_random_chess960(mut self, on: bool) -> App {
        self.random_chess960 = on;
        self
    }

    /// The number of the game's Chess960 start (0 to 959), when it has one.
    pub fn chess960_number(&self) -> Option<u16> {
        self.round.chess960
    }

    /// Names the players (shown on screen; `White` and `Black` until named).
    #[must_use]
    pub fn with_players(mut self, white: impl Into<String>, black: impl Into<String>) -> App {
        self.players = ByColor { white: white.into(), black: black.into() };
        self
    }

    /// Gives the moves what the record says about them: comments, NAGs and variations
    /// (`annotations[i]` about move `i`), and the comments at its end that no move
    /// follows.
    #[must_use]
    pub fn with_annotations(mut self, annotations: Vec<Annotations>, trailing: Vec<String>) -> App {
        self.round.timeline.set_annotations(annotations, trailing);
        self
    }

    /// Marks the game as opened only to look through (a finished game from the
    /// library, say): the engine reviews it without asking the players first.
    #[must_use]
    pub fn looking_through(mut self, on: bool) -> App {
        self.looking_through = on;
        self
    }

    /// Rings the bell on a refused move ([`Effect::Bell`]).
    #[must_use]
    pub fn with_bell(mut self, on: bool) -> App {
        self.bell = on;
        self
    }

    /// Turns the board after every move so the side to move sits at the bottom.
    #[must_use]
    pub fn with_auto_flip(mut self, on: bool) -> App {
        self.auto_flip = on;
        self.orient();
        self
    }

    /// Starts with the board turned (Black at the bottom).
    #[must_use]
    pub fn with_flipped(mut self, flipped: bool) -> App {
        self.flipped = flipped;
        self
    }

    // ----- reading the state -----

    /// The game, live: every move played so far.
    pub fn game(&self) -> &Game {
        self.round.timeline.game()
    }

    /// The game with its history: what each move left behind, and what can be redone.
    pub fn timeline(&self) -> &Timeline {
        &self.round.timeline
    }

    /// Where the player is.
    pub fn focus(&self) -> &Focus {
        &self.round.focus
    }

    /// Which keys apply now.
    pub fn mode(&self) -> Mode {
        self.round.focus.mode()
    }

    /// The half-move whose position is on the board (the game's length when live).
    pub fn shown_ply(&self) -> usize {
        match self.round.focus.base() {
            Focus::Browsing(ply) => *ply,
            // The game's move the variation could have replaced.
            Focus::Variation(view) => view.index + 1,
            _ => self.game().ply(),
        }
    }

    /// The position on the board: the live one, or an earlier one while browsing, or
    /// one of a variation.
    pub fn shown_position(&self) -> &Position {
        if let Some(view) = self.variation() {
            return &view.position;
        }
        self.game().position_at(self.shown_ply()).unwrap_or_else(|| self.game().position())
    }

    /// The move that led to the position on the board, if any.
    pub fn shown_last_move(&self) -> Option<Move> {
        if let Some(view) = self.variation() {
            return Some(view.last);
        }
        let ply = self.shown_ply();
        ply.checked_sub(1).and_then(|i| self.game().moves().get(i).copied())
    }

    /// Whether an earlier position is on the board, or one of a variation.
    pub fn is_browsing(&self) -> bool {
        matches!(self.round.focus.base(), Focus::Browsing(_) | Focus::Variation(_))
    }

    /// The square cursor.
    pub fn cursor(&self) -> Square {
        self.round.cursor
    }

    /// The piece picked up, if any.
    pub fn selection(&self) -> Option<&Selection> {
        match self.round.focus.base() {
            Focus::Holding(selection) => Some(selection),
            _ => None,
        }
    }

    /// The open promotion picker.
    pub fn promotion(&self) -> Option<&PromotionChoice> {
        match self.round.focus.base() {
            Focus::Promotion(choice) => Some(choice),
            _ => None,
        }
    }

    /// The open question.
    pub fn question(&self) -> Option<Question> {
        match self.round.focus.base() {
            Focus::Question(question) => Some(*question),
            _ => None,
        }
    }

    /// How far the help screen is scrolled, in lines (the drawing stops at its end).
    pub fn help_scroll(&self) -> u16 {
        match &self.round.focus {
            Focus::Help { scroll, .. } => *scroll,
            _ => 0,
        }
    }

    /// How far the game record is scrolled, in lines (the drawing stops at its end).
    pub fn record_scroll(&self) -> u16 {
        match &self.round.focus {
            Focus::Record { scroll, .. } => *scroll,
            _ => 0,
        }
    }

    /// The last message for the players.
    pub fn message(&self) -> Option<&Message> {
        self.round.message.as_ref()
    }

    /// The last remark on a move ([`Action::Remark`]) while that move, or the answer
    /// to it, is the last in the game; to show when no newer message is.
    pub fn remark(&self) -> Option<&Message> {
        let (index, m, message) = self.round.remark.as_ref()?;
        let game = self.game();
        let still = game.moves().get(*index) == Some(m) && game.ply() <= index + 2;
        still.then_some(message)
    }

    fn keep_remark(&mut self, after: usize, message: Message) {
        if let Some(index) = after.checked_sub(1)
            && let Some(&m) = self.game().moves().get(index)
        {
            self.round.remark = Some((index, m, message.clone()));
        }
        self.round.message = Some(message);
    }

    /// The name of the player of `color`.
    pub fn player(&self, color: Color) -> &str {
        &self.players[color]
    }

    /// The player of `color` as the players are told of them: the name, with the
    /// colour after it when the name is not the colour's (`Anna (White)`).
    pub fn named(&self, color: Color) -> String {
        strings::named(self.player(color), color)
    }

    /// The game's result for the players, by name where they are named (`Ben (Black)
    /// resigns — Anna (White) wins 0-1`), once the game is over.
    pub fn outcome_text(&self) -> Option<String> {
        self.game().outcome().map(|outcome| strings::outcome(outcome, &self.players))
    }

    /// Whether Black is at the bottom of the board.
    pub fn flipped(&self) -> bool {
        self.flipped
    }

    /// Whether the board turns after every move.
    pub fn auto_flip(&self) -> bool {
        self.auto_flip
    }

    /// Whether the player asked to leave.
    pub fn should_quit(&self) -> bool {
        self.quit
    }

    /// Whether `action` would do something now: the hint bar dims the keys of those
    /// that would not, and the keys of a question offer only these.
    pub fn can(&self, action: &Action) -> bool {
        let game = self.game();
        let over = game.is_over();
        match action {
            Action::Command(command) => match command {
                Command::Undo => self.timeline().can_undo(),
                Command::Redo => self.timeline().can_redo(),
                Command::ClaimDraw => {
                    !over
                        && (game.claimable_draw().is_some()
                            || self.preview().is_some_and(|m| game.claimable_with(m).is_ok()))
                }
                Command::OfferDraw | Command::Resign => !over,
                Command::NewGame | Command::HandOver | Command::Hint => true,
                Command::Pause => self.clocks().is_some() && !over,
                Command::Review => game.ply() > 0,
                Command::WriteReview => self.reviewing().is_some_and(|r| r.review().analysed() > 0),
                Command::Comment => self.shown_move().is_some(),
                Command::Practice => self.practising() || self.reviewing().is_some_and(|r| !r.is_running()),
            },
            Action::Browse(Browse::NextMark) => self.has_mark(true),
            Action::Browse(Browse::PreviousMark) => self.has_mark(false),
            Action::Browse(Browse::Variation) => self.can_show_variation(),
            Action::Browse(Browse::Back | Browse::First) => self.shown_ply() > 0,
            Action::Browse(Browse::Forward | Browse::Live) => self.is_browsing(),
            // Naming the other side in the resignation dialog, where both are played here.
            Action::Answer(Answer::Side(_) | Answer::OtherSide) => {
                matches!(self.question(), Some(Question::Resign { .. }))
                    && self.sides_here.white
                    && self.sides_here.black
            }
            Action::Answer(Answer::Yes) => {
                self.question().is_some_and(|q| q != Question::Resign { by: None })
            }
            _ => true,
        }
    }

    /// Shows a line of information from outside the app.
    pub fn notify(&mut self, text: impl Into<String>) {
        self.round.message = Some(Message::info(text));
    }

    // ----- changing the state -----

    /// Applies one action as at one keyboard, where both sides may do anything that
    /// is theirs to do, and returns what the world outside must do about it (save the
    /// game, copy to the clipboard), in order, for after the frame is drawn. A face
    /// whose seats are fed from elsewhere hands its actions to [`App::act`] instead,
    /// with the session's door.
    pub fn update(&mut self, action: Action) -> Vec<Effect> {
        self.act(action, true, &mut |app: &App, deed: Deed| Verdict::Do { by: deed.side_shared(app) }).effects
    }

    /// Applies an action that does nothing to the game ([`App::resolve`] finds no
    /// deed in it): typing, pointing, browsing, screens, and what the world outside
    /// reports (the time, an engine's findings, a save that failed).
    fn look(&mut self, action: Action) {
        match action {
            Action::Quit => self.quit = true,
            Action::Tick(now) => self.tick(now),
            Action::Suspend(now) => self.suspend(now),
            Action::Report(message) => self.round.message = Some(message),
            Action::Remark { after, message } => self.keep_remark(after, message),
            Action::Engine(report) => self.engine_report(report),
            Action::Show(Show::Repaint) => self.effects.push(Effect::Repaint),
            Action::Do(_) => {}
            action => match self.mode() {
                Mode::Help => self.update_help(action),
                Mode::Record => self.update_record(action),
                Mode::Question | Mode::Resign => self.update_question(action),
                Mode::Promotion => self.update_promotion(&action),
                Mode::Comment => self.update_comment(action),
                Mode::Play => self.update_play(action),
            },
        }
    }

    /// The effects asked for since the last call, with one save for them all.
    fn take_effects(&mut self) -> Vec<Effect> {
        let mut effects = std::mem::take(&mut self.effects);
        let mut saved = false;
        effects.retain(|e| *e != Effect::Save || !std::mem::replace(&mut saved, true));
        effects
    }

    fn update_play(&mut self, action: Action) {
        // Practice reads what is typed first: its words, and the moves it tries.
        let typed = match &action {
            Action::Edit(Edit::Line(text)) => Some(text.clone()),
            Action::Edit(Edit::Submit) if !self.input().trim().is_empty() => Some(self.input().to_owned()),
            _ => None,
        };
        if let Some(text) = typed {
            if let Some(word) = practice_word(&text, self.practising()) {
                self.round.focus = Focus::Idle;
                return self.practice_command(word);
            }
            if self.practising() && words::command_word(&text).is_none() {
                self.round.focus = Focus::Idle;
                return self.practice_try(&text);
            }
        }
        match action {
            Action::Edit(edit) => self.edit(edit),
            Action::Point(point) => self.point(point),
            Action::Browse(browse) => self.browse(browse),
            Action::Command(command) => self.command(command),
            Action::Show(show) => self.show(show),
            Action::Cancel => self.cancel(),
            Action::Answer(_) => self.error(strings::NO_QUESTION),
            Action::Tick(_)
            | Action::Suspend(_)
            | Action::Report(_)
            | Action::Remark { .. }
            | Action::Engine(_)
            | Action::Unbound
            | Action::Do(_)
            | Action::Quit => {}
        }
    }

    /// A command that changes nothing in the game yet: a question on this screen (who
    /// resigns, whether to abandon the game), or the review and the record's notes.
    /// The commands that change the game are deeds ([`App::perform`]).
    fn command(&mut self, command: Command) {
        match command {
            Command::Resign => self.open_resign(),
            Command::NewGame => self.ask(Question::NewGame),
            Command::Review => self.toggle_review(),
            Command::WriteReview => self.write_review(),
            Command::Comment => self.open_comment_editor(),
            Command::ClaimDraw => self.claim_draw(),
            Command::Practice => self.toggle_practice(),
            Command::Undo
            | Command::Redo
            | Command::OfferDraw
            | Command::Pause
            | Command::HandOver
            | Command::Hint => {}
        }
    }

    /// Asks to confirm a resignation: the side to move's when it is played here,
    /// otherwise the side played here (Tab names the other side only where both are).
    fn open_resign(&mut self) {
        let turn = self.game().turn();
        let side = if self.sides_here[turn] { turn } else { !turn };
        if !self.sides_here[side] {
            self.error(strings::ONLY_PLAYERS_RESIGN);
            return;
        }
        self.ask(Question::Resign { by: Some(side) });
    }

    fn show(&mut self, show: Show) {
        match show {
            Show::Flip => self.flipped = !self.flipped,
            Show::AutoFlip => {
                self.auto_flip = !self.auto_flip;
                self.orient();
                self.info(if self.auto_flip { strings::AUTO_FLIP_ON } else { strings::AUTO_FLIP_OFF });
            }
            Show::Help => self.open_help(),
            Show::Record => self.open_record(),
            Show::Copy(notation) => self.effects.push(Effect::Copy(notation)),
            Show::Scroll(_) | Show::ScrollTo(_) => {}
            Show::Repaint => self.effects.push(Effect::Repaint),
        }
    }

    // ----- the game's history -----

    /// Plays a legal move, however it was entered (typed, with the annotation typed
    /// after it).
    fn play(&mut self, m: Move, nag: Option<Nag>) {
        if !self.game().position().is_legal(m) || self.game().is_over() {
            self.refuse_if_over();
            return;
        }
        let mover = self.game().turn();
        // A move answers whatever the other side asked: a draw offer is declined by
        // it (FIDE 9.1.2.3), a take-back or a rematch goes with the position.
        let declined = self.round.asked.take().filter(|asked| asked.what == Ask::Draw).map(|asked| asked.by);
        let offers = self.round.offer_with_move.take() == Some(mover);
        let times = self.clocks_before_move();
        let redone = self.round.timeline.play(m, times, nag);
        self.clocks_after_move(redone);
        self.after_change();
        if let Some(by) = declined.filter(|&by| by != mover) {
            self.info(strings::draw_declined_by_moving(&self.named(!by), &self.named(by)));
        }
        if offers && !self.game().is_over() {
            self.stand(Ask::Draw, mover, true);
        }
        self.effects.push(Effect::Save);
    }

    /// Records a result decided by the players (`decide` has the game record it: a
    /// draw, a resignation).
    fn decide(&mut self, decide: impl FnOnce(&mut Game)) {
        let Some(outcome) = self.round.timeline.decide(decide) else { return };
        self.round.focus = Focus::Idle;
        self.round.message = None;
        self.clocks_after_result(outcome);
        self.effects.push(Effect::Save);
    }

    fn undo(&mut self) {
        self.undo_plies(1);
    }

    /// Takes back the last `plies` moves (a recorded result counts as one), saying
    /// every move taken back: `Taken back: 4. Bc4 a6.`
    fn undo_plies(&mut self, plies: usize) {
        self.leave_browsing();
        let game = self.game();
        let first = game.ply().saturating_sub(plies);
        let label = match game.label(first) {
            Some(label) => {
                let rest = game.san_moves().get(first + 1..game.ply()).unwrap_or_default().join(" ");
                if rest.is_empty() { label } else { format!("{label} {rest}") }
            }
            None => String::new(),
        };
        let mut taken = None;
        for _ in 0..plies {
            match self.round.timeline.undo() {
                Some(step) => taken = taken.or(Some(step)),
                None => break,
            }
        }
        self.round.asked = None;
        self.round.offer_with_move = None;
        match taken {
            Some(step) => {
                self.clocks_after_step();
                self.after_change();
                self.info(strings::taken_back(step, &label, &self.players));
                self.effects.push(Effect::Save);
            }
            None => self.error(strings::NOTHING_TO_UNDO),
        }
    }

    fn redo(&mut self) {
        self.leave_browsing();
        self.round.asked = None;
        self.round.offer_with_move = None;
        match self.round.timeline.redo() {
            Some(step) => {
                match step {
                    Step::Result(outcome) => self.clocks_after_result(outcome),
                    Step::Move(_) => self.clocks_after_step(),
                }
                self.after_change();
                self.effects.push(Effect::Save);
            }
            None => self.error(strings::NOTHING_TO_REDO),
        }
    }

    /// Ctrl-D with typed text that is no move: says why (a claim with a move, or
    /// without one, is a deed: [`App::perform`]).
    fn claim_draw(&mut self) {
        self.leave_browsing();
        if self.refuse_if_over() {
            return;
        }
        match self.reading() {
            Reading::Ambiguous(moves) => self.refuse_move(strings::ambiguous(self.game().position(), &moves)),
            Reading::Incomplete(moves) => {
                let why = strings::incomplete(self.input().trim(), self.game().position(), &moves);
                self.refuse_move(why);
            }
            Reading::Refused(why) => self.refuse_move(why.to_string()),
            _ => {}
        }
    }

    // ----- deeds -----

    /// Does `deed` for the side `by`, as the door let it through; `here` when it was
    /// asked at this terminal (what the players here are looking at or typing stays
    /// open under a deed from elsewhere). Nothing changes when the rules refuse it:
    /// why, for whoever asked.
    pub fn perform(&mut self, deed: Deed, by: Color, here: bool) -> Result<(), Refusal> {
        self.check(deed, by)?;
        let kept = match &self.round.focus {
            Focus::Help { .. }
            | Focus::Record { .. }
            | Focus::Browsing(_)
            | Focus::Commenting(_)
            | Focus::Typing(_)
                if !here
                    && !matches!(deed, Deed::TakeBack | Deed::Redo | Deed::NewGame | Deed::Answer(true)) =>
            {
                Some(self.round.focus.clone())
            }
            _ => None,
        };
        let turn = self.game().turn();
        // A draw offered with the next move (Ctrl-O while it is typed, or a piece in
        // hand) leaves the move as it is, to be played; the word `draw` typed goes.
        let with_the_move =
            deed == Deed::Offer && by == turn && !matches!(self.reading(), Reading::Command(_));
        if here
            && !with_the_move
            && matches!(self.round.focus, Focus::Typing(_) | Focus::Holding(_) | Focus::Promotion(_))
        {
            self.round.focus = Focus::Idle;
        }
        match deed {
            Deed::Move(m, nag) => self.play(m, nag),
            Deed::ClaimWith(m) => {
                self.play(m, None);
                self.decide(|game| {
                    game.claim_draw();
                });
            }
            Deed::Claim => self.decide(|game| {
                game.claim_draw();
            }),
            // The offer is made after one's own move (FIDE 9.1.2.2); made on one's own
            // turn, it goes with the next move.
            Deed::Offer if by == turn => {
                self.round.offer_with_move = Some(by);
                self.info(strings::offers_with_move(&self.named(by)));
            }
            Deed::Offer => self.stand(Ask::Draw, by, here),
            Deed::Answer(yes) => self.answer(yes),
            Deed::TakeBack if self.takeback_by_consent => self.stand(Ask::TakeBack, by, here),
            Deed::TakeBack => self.take_back_for(by),
            Deed::Redo => self.redo_for(by),
            Deed::Resign(color) => {
                self.round.focus = Focus::Idle;
                self.decide(|game| game.resign(color));
            }
            Deed::NewGame if self.takeback_by_consent && self.game().is_over() => {
                self.stand(Ask::Rematch, by, here);
            }
            Deed::NewGame => {
                self.round.focus = Focus::Idle;
                self.new_game();
            }
            Deed::Pause => self.toggle_pause(),
            Deed::HandOver => self.effects.push(Effect::HandOver),
            Deed::Hint => self.effects.push(Effect::Hint),
        }
        if let Some(focus) = kept
            && matches!(self.round.focus, Focus::Idle)
        {
            self.round.focus = focus;
        }
        Ok(())
    }

    /// Whether the rules let `by` do `deed` now; why not.
    fn check(&self, deed: Deed, by: Color) -> Result<(), Refusal> {
        let game = self.game();
        let over = game.is_over();
        let own = |asked: Option<Asked>| asked.filter(|asked| asked.by == by);
        let refused = match deed {
            Deed::Move(..) | Deed::ClaimWith(_) | Deed::Claim | Deed::Offer | Deed::Resign(_) if over => {
                Some(Refusal::GameOver)
            }
            Deed::Move(m, _) | Deed::ClaimWith(m) if !game.position().is_legal(m) => {
                Some(Refusal::CannotPlay(m))
            }
            Deed::ClaimWith(m) if game.claimable_with(m).is_err() => Some(Refusal::ClaimDoesNotHold(m)),
            Deed::Claim if game.claimable_draw().is_none() => Some(Refusal::NoDrawToClaim),
            Deed::Offer => match self.round.asked {
                Some(Asked { what: Ask::Draw, by: offered }) if offered == by => Some(Refusal::OfferStands),
                Some(Asked { what: Ask::Draw, .. }) => Some(Refusal::AnswerTheirOffer),
                _ if self.round.offer_with_move == Some(by) => Some(Refusal::OfferWithMoveStands),
                _ => None,
            },
            Deed::Answer(_) => match self.round.asked {
                None => Some(Refusal::NothingAsked),
                Some(asked) if asked.by == by => Some(Refusal::OwnAskWaits(asked.what)),
                Some(_) => None,
            },
            Deed::TakeBack if !self.timeline().can_undo() => Some(Refusal::NothingToUndo),
            Deed::TakeBack if self.takeback_by_consent => {
                own(self.round.asked).map(|a| Refusal::OwnAskWaits(a.what))
            }
            Deed::Redo if !self.timeline().can_redo() => Some(Refusal::NothingToRedo),
            Deed::NewGame if self.takeback_by_consent && over => {
                own(self.round.asked).map(|a| Refusal::OwnAskWaits(a.what))
            }
            _ => None,
        };
        refused.map_or(Ok(()), Err)
    }

    /// Why a deed was refused, in a player's words, with the players named and the
    /// position as this app has it.
    pub fn refusal_text(&self, refusal: Refusal) -> String {
        let game = self.game();
        match refusal {
            Refusal::GameOver => match game.outcome() {
                Some(outcome) => strings::game_over(outcome, &self.players),
                None => strings::GAME_OVER.to_owned(),
            },
            Refusal::CannotPlay(m) => strings::cannot_play(&game.position().uci(m)),
            Refusal::ClaimDoesNotHold(m) => match game.claimable_with(m) {
                Err(why) if game.position().is_legal(m) => {
                    strings::claim_does_not_hold(&game.position().san(m), why)
                }
                _ => strings::cannot_play(&game.position().uci(m)),
            },
            Refusal::NoDrawToClaim => strings::NO_DRAW_TO_CLAIM.to_owned(),
            Refusal::OfferStands => strings::OFFER_STANDS.to_owned(),
            Refusal::AnswerTheirOffer => {
                strings::answer_their_offer(&self.draw_offer().map_or_else(String::new, |by| self.named(by)))
            }
            Refusal::OfferWithMoveStands => strings::OFFER_WITH_MOVE_STANDS.to_owned(),
            Refusal::NothingAsked => strings::NOTHING_ASKED.to_owned(),
            Refusal::OwnAskWaits(what) => strings::own_ask_waits(what),
            Refusal::NothingToUndo => strings::NOTHING_TO_UNDO.to_owned(),
            Refusal::NothingToRedo => strings::NOTHING_TO_REDO.to_owned(),
            Refusal::NotYourMove => strings::not_your_move(&self.named(game.turn())),
            Refusal::Watching => strings::WATCHING.to_owned(),
            Refusal::ByAgreement => strings::BY_AGREEMENT.to_owned(),
            Refusal::TakeBackYourOwn => strings::TAKE_BACK_YOUR_OWN.to_owned(),
            Refusal::ResignOnlyYours => strings::RESIGN_ONLY_YOURS.to_owned(),
            Refusal::OnlyHere => strings::ONLY_HERE.to_owned(),
        }
    }

    /// An answer to the standing offer or request.
    fn answer(&mut self, yes: bool) {
        let Some(asked) = self.round.asked else { return };
        self.unstand();
        let (asker, answerer) = (self.named(asked.by), self.named(!asked.by));
        match (asked.what, yes) {
            (Ask::Draw, true) => self.decide(Game::agree_draw),
            (Ask::TakeBack, true) => self.undo(),
            (Ask::Rematch, true) => self.rematch(),
            (Ask::Draw, false) => self.info(strings::draw_declined(&answerer)),
            (Ask::TakeBack, false) => self.info(strings::takeback_declined(&answerer)),
            (Ask::Rematch, false) => self.info(strings::rematch_declined(&answerer)),
        }
        let _ = asker;
    }

    /// A take-back asked by `by`, done at once (the other side agrees, or plays at
    /// this keyboard too). Where this terminal plays one side against a program, it
    /// is that side's turn again after it: the program's answer goes too.
    fn take_back_for(&mut self, by: Color) {
        let game = self.game();
        let one_side = self.sides_here.white != self.sides_here.black;
        let twice = one_side
            && self.sides_here[by]
            && self.timeline().declared().is_none()
            && game.ply() >= 2
            && !self.sides_here[!game.turn()]
            && self.sides_here[game.turn()];
        self.undo_plies(if twice { 2 } else { 1 });
    }

    /// A redo asked by `by`: where this terminal plays one side against a program, the
    /// program's answer comes back with the move.
    fn redo_for(&mut self, by: Color) {
        let one_side = self.sides_here.white != self.sides_here.black;
        let turn = self.game().turn();
        let twice =
            one_side && self.sides_here[by] && self.sides_here[turn] && self.timeline().redo_depth() >= 2;
        self.redo();
        if twice {
            self.redo();
        }
    }

    /// What this terminal asked for went to be done elsewhere (by the host of the
    /// game): what was typed or held for it goes, as it would had it been done here.
    fn sent(&mut self) {
        if matches!(
            self.round.focus,
            Focus::Typing(_) | Focus::Holding(_) | Focus::Promotion(_) | Focus::Question(_)
        ) {
            self.round.focus = Focus::Idle;
        }
        self.round.refused = false;
    }

    /// The door or the rules refused what was asked here: said, with the bell for a
    /// move; the typed text stays to mend, and the next character starts a new one.
    fn refused_here(&mut self, why: Refusal, deed: Deed) {
        // One who only watches has nothing to mend: what was typed goes.
        let watching = why == Refusal::Watching;
        let why = Message::error(self.refusal_text(why));
        if matches!(self.round.focus, Focus::Typing(_)) {
            self.round.refused = true;
            if watching {
                self.round.focus = Focus::Idle;
            }
        }
        if matches!(self.round.focus, Focus::Question(q) if q.asked().is_none()) {
            self.round.focus = Focus::Idle;
        }
        self.round.message = Some(why);
        if deed.is_move() {
            self.ring();
        }
    }

    fn new_game(&mut self) {
        let start = if self.random_chess960 {
            // A process-random key each time: no two new games need the same start.
            let n = std::hash::BuildHasher::hash_one(&std::collections::hash_map::RandomState::new(), 960u16)
                % 960;
            hotseat_chess::Position::chess960(n as u16).unwrap_or_else(|| self.game().start().clone())
        } else {
            self.game().start().clone()
        };
        let controls = self.clocks().map(|clocks| (clocks.controls(), clocks.clock_start()));
        self.stop_review_for_new_game();
        self.round = Round::new(Game::from_position(start));
        self.games_played += 1;
        if let (Some((controls, clock_start)), Some(now)) = (controls, self.now) {
            self.start_clocks(&controls, clock_start, &[], now);
        }
        self.orient();
        self.effects.push(Effect::NewGame);
    }

    /// A new game with the colours swapped: the names follow the people (a side
    /// named only by its colour stays so named).
    fn rematch(&mut self) {
        let named = |color: Color, name: &String| (name != color.name()).then(|| name.clone());
        let white = named(Color::White, &self.players.white);
        let black = named(Color::Black, &self.players.black);
        self.players.white = black.unwrap_or_else(|| Color::White.name().to_owned());
        self.players.black = white.unwrap_or_else(|| Color::Black.name().to_owned());
        self.new_game();
    }

    /// After a move or a take-back: back to playing, nothing typed or in hand, and the
    /// cursor on a piece of the side to move, however the last move was entered.
    fn after_change(&mut self) {
        self.round.focus = Focus::Idle;
        self.round.message = None;
        self.round.cursor = start_of_turn(self.game());
        self.review_follows_the_game();
        self.orient();
    }

    fn orient(&mut self) {
        if self.auto_flip {
            self.flipped = self.game().turn() == Color::Black;
        }
    }

    /// Says the game is over and returns `true` if it is.
    fn refuse_if_over(&mut self) -> bool {
        match self.game().outcome() {
            Some(outcome) => {
                if matches!(self.round.focus, Focus::Holding(_)) {
                    self.round.focus = Focus::Idle;
                }
                self.error(strings::game_over(outcome, &self.players));
                true
            }
            None => false,
        }
    }

    /// Esc: clears the typing, puts the piece back, stops browsing, or clears the
    /// message; an offer or a request still waiting for an answer here is asked again.
    fn cancel(&mut self) {
        let reopen = self.round.asked.filter(|asked| self.sides_here[!asked.by]);
        if reopen.is_none() && self.leave_variation() {
            return;
        }
        match (&self.round.focus, reopen) {
            (_, Some(asked)) => self.round.focus = Focus::Question(Question::of(asked)),
            (Focus::Idle, None) => self.round.message = None,
            (_, None) => self.round.focus = Focus::Idle,
        }
    }

    fn info(&mut self, text: impl Into<String>) {
        self.round.message = Some(Message::info(text));
    }

    fn error(&mut self, text: impl Into<String>) {
        self.round.message = Some(Message::error(text));
    }

    /// A move was refused: says why, and rings the bell for players who want it.
    fn refuse_move(&mut self, text: impl Into<String>) {
        self.error(text);
        self.ring();
    }

    /// Asks for the bell, if the players want it.
    fn ring(&mut self) {
        if self.bell {
            self.effects.push(Effect::Bell);
        }
    }
}
