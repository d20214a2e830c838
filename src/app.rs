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
//! use hotseat::app::{Action, App, Edit, Effect};
//! use hotseat::chess::Game;
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
mod focus;
mod pointing;
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
pub use focus::{Focus, Mode, PromotionChoice, Question, Selection, TargetKind};
pub use review::{EngineReport, ReviewState, Reviewing};
pub use timeline::{Ply, Step, Timeline};
pub use typing::{Reading, read_typed, suggestion};

use crate::clock::Clocks;
use hotseat_chess::{Annotations, ByColor, Color, File, Game, Move, Nag, Position, Rank, Square};

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
    /// A draw offered by this side stands until it is answered or a move is played.
    draw_offer: Option<Color>,
    /// The engine's review of this game, once asked for.
    review: Option<Reviewing>,
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
            draw_offer: None,
            review: None,
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
            effects: Vec::new(),
        }
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

    /// The side whose draw offer stands, unanswered.
    pub fn draw_offer(&self) -> Option<Color> {
        self.round.draw_offer
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
            },
            Action::Browse(Browse::NextMark) => self.has_mark(true),
            Action::Browse(Browse::PreviousMark) => self.has_mark(false),
            Action::Browse(Browse::Variation) => self.can_show_variation(),
            Action::Browse(Browse::Back | Browse::First) => self.shown_ply() > 0,
            Action::Browse(Browse::Forward | Browse::Live) => self.is_browsing(),
            Action::Answer(Answer::Side(_)) => matches!(
                self.question(),
                Some(Question::Resign { by: None } | Question::Rematch { by: None })
            ),
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

    /// Applies one action, and returns what the world outside must do about it (save
    /// the game, copy to the clipboard), in order, for after the frame is drawn.
    pub fn update(&mut self, action: Action) -> Vec<Effect> {
        match action {
            Action::Quit => self.quit = true,
            Action::Tick(now) => self.tick(now),
            Action::Suspend(now) => self.suspend(now),
            Action::Report(message) => self.round.message = Some(message),
            Action::Remark { after, message } => self.keep_remark(after, message),
            Action::Engine(report) => self.engine_report(report),
            Action::Show(Show::Repaint) => self.effects.push(Effect::Repaint),
            Action::Play(m) => self.play_for_seat(m),
            action => match self.mode() {
                Mode::Help => self.update_help(action),
                Mode::Record => self.update_record(action),
                Mode::Question | Mode::Resign => self.update_question(action),
                Mode::Promotion => self.update_promotion(&action),
                Mode::Comment => self.update_comment(action),
                Mode::Play => self.update_play(action),
            },
        }
        let mut effects = std::mem::take(&mut self.effects);
        // One save covers every change an action made.
        let mut saved = false;
        effects.retain(|e| *e != Effect::Save || !std::mem::replace(&mut saved, true));
        effects
    }

    fn update_play(&mut self, action: Action) {
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
            | Action::Play(_)
            | Action::Quit => {}
        }
    }

    fn command(&mut self, command: Command) {
        match command {
            // The side that just moved asks to take its move back.
            Command::Undo if self.takeback_by_consent && self.timeline().can_undo() => {
                self.ask(Question::Takeback { by: !self.game().turn() });
            }
            Command::Undo => self.undo(),
            Command::Redo => self.redo(),
            // The offer is made after one's own move (FIDE 9.1.2.2): the player who
            // just moved offers, and the player to move accepts, or declines by moving.
            Command::OfferDraw => self.ask(Question::DrawOffer { by: !self.game().turn() }),
            Command::ClaimDraw => self.claim_draw(),
            Command::Resign => self.ask(Question::Resign { by: None }),
            // Played from two terminals, the next game is a rematch both agree to.
            Command::NewGame if self.takeback_by_consent && self.game().is_over() => {
                self.ask(Question::Rematch { by: None });
            }
            Command::NewGame => {
                if self.game().ply() > 0 && !self.game().is_over() {
                    self.ask(Question::NewGame);
                } else {
                    self.new_game();
                }
            }
            Command::Pause => self.toggle_pause(),
            Command::Review => self.toggle_review(),
            Command::WriteReview => self.write_review(),
            Command::Comment => self.open_comment_editor(),
            Command::HandOver => self.effects.push(Effect::HandOver),
            Command::Hint => self.effects.push(Effect::Hint),
        }
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
        let declined = self.round.draw_offer.take();
        let times = self.clocks_before_move();
        let redone = self.round.timeline.play(m, times, nag);
        self.clocks_after_move(redone);
        self.after_change();
        if let Some(by) = declined {
            self.info(strings::draw_declined_by_moving(&self.named(!by), &self.named(by)));
        }
        self.effects.push(Effect::Save);
    }

    /// A move from a seat fed from elsewhere ([`Action::Play`]): what the players here
    /// were looking at or typing stays open over the new position.
    fn play_for_seat(&mut self, m: Move) {
        let kept = match &self.round.focus {
            Focus::Help { .. }
            | Focus::Record { .. }
            | Focus::Browsing(_)
            | Focus::Commenting(_)
            | Focus::Typing(_) => Some(self.round.focus.clone()),
            _ => None,
        };
        let ply = self.game().ply();
        self.play(m, None);
        if let Some(focus) = kept.filter(|_| self.game().ply() > ply) {
            self.round.focus = focus;
        }
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
        self.leave_browsing();
        let last = self.game().ply().checked_sub(1).and_then(|i| self.game().label(i));
        match self.round.timeline.undo() {
            Some(step) => {
                self.clocks_after_step();
                self.after_change();
                self.info(strings::taken_back(step, last.as_deref().unwrap_or_default(), &self.players));
                self.effects.push(Effect::Save);
            }
            None => self.error(strings::NOTHING_TO_UNDO),
        }
    }

    fn redo(&mut self) {
        self.leave_browsing();
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

    /// Ctrl-D: claims the draw the position allows, or, with a move typed, the draw
    /// that move makes (FIDE 9.2.1.1, 9.3.1.1): the move is played and the draw
    /// recorded with it when the claim holds; otherwise nothing is played, and the
    /// players are told why.
    fn claim_draw(&mut self) {
        self.leave_browsing();
        if self.refuse_if_over() {
            return;
        }
        if matches!(self.round.focus, Focus::Typing(_)) {
            match self.reading() {
                Reading::Move(m, nag) => return self.claim_with(m, nag),
                // A pawn's move never makes a repetition nor completes fifty moves.
                Reading::Promotion(m) => return self.claim_with(m, None),
                Reading::Ambiguous(moves) => {
                    return self.refuse_move(strings::ambiguous(self.game().position(), &moves));
                }
                Reading::Incomplete(moves) => {
                    let why = strings::incomplete(self.input().trim(), self.game().position(), &moves);
                    return self.refuse_move(why);
                }
                Reading::Refused(why) => return self.refuse_move(why),
                Reading::Empty | Reading::Command(_) | Reading::Sign(_) => {}
            }
        }
        if self.game().claimable_draw().is_some() {
            self.decide(|game| {
                game.claim_draw();
            });
        } else {
            self.error(strings::NO_DRAW_TO_CLAIM);
        }
    }

    /// A claim made with the move `m` (and the sign typed after it).
    fn claim_with(&mut self, m: Move, nag: Option<Nag>) {
        let san = self.game().position().san(m);
        match self.game().claimable_with(m) {
            Ok(_) => {
                self.play(m, nag);
                self.decide(|game| {
                    game.claim_draw();
                });
            }
            Err(why) => self.refuse_move(strings::claim_does_not_hold(&san, why)),
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
    /// message; a draw offer that still stands is asked again.
    fn cancel(&mut self) {
        if self.round.draw_offer.is_none() && self.leave_variation() {
            return;
        }
        match (&self.round.focus, self.round.draw_offer) {
            (_, Some(by)) => self.round.focus = Focus::Question(Question::DrawOffer { by }),
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
