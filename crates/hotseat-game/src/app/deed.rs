//! What an action does to the game: a [`Deed`], resolved from a key, a typed word, a
//! line of plain text, another terminal's request or the engine's decision before it
//! is done, so that one door (the session's seats) judges every change to the game
//! the same way, whoever asked for it. Keys that only edit the move line, move the
//! cursor or look at the game resolve to no deed and need no seat.
//!
//! The app resolves ([`App::resolve`]) and does ([`App::perform`]); between the two,
//! the door says whether the side asking may, and for which side it is done.

use super::{Action, Answer, App, Command, Edit, Effect, Focus, Mode, Point, Pointer, Question, Reading};
use crate::annotations::Nag;
use hotseat_chess::{Color, Move};

/// Something that changes the game, whoever asked for it.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Deed {
    /// Play this move (the side to move's), with the sign typed after it, if any.
    Move(Move, Option<Nag>),
    /// Play this move and claim the draw it makes (FIDE 9.2.1.1, 9.3.1.1).
    ClaimWith(Move),
    /// Claim the draw the position allows (threefold repetition, fifty moves).
    Claim,
    /// Offer a draw: after one's own move, or with one's next move (FIDE 9.1.2.2).
    Offer,
    /// Answer the other side's offer or request: yes or no.
    Answer(bool),
    /// Take back the last move (asked of the other side where the players are apart).
    TakeBack,
    /// Play again what was taken back.
    Redo,
    /// This side resigns.
    Resign(Color),
    /// A new game: abandoning this one (after the players said so), or, after a game
    /// played apart, a rematch asked of the other side.
    NewGame,
    /// Pause both clocks, or start them again.
    Pause,
    /// Hand a side to the engine, or take back the sides it plays.
    HandOver,
    /// The coach's move for the side to move.
    Hint,
}

/// An offer or a request that waits for the other side's answer.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Ask {
    /// A draw.
    Draw,
    /// Taking back the asker's last move.
    TakeBack,
    /// A new game after this one, colours swapped.
    Rematch,
}

/// One [`Ask`], and the side that asked.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Asked {
    /// What is asked.
    pub what: Ask,
    /// Who asks.
    pub by: Color,
}

/// Why a deed is refused: by the rules (the app's [`App::perform`]) or by the door
/// (the seats). Worded for the players by [`App::refusal_text`], where the names and
/// the position are known (on another terminal, by its own copy of the game).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Refusal {
    /// The game is over.
    GameOver,
    /// The move cannot be played in this position.
    CannotPlay(Move),
    /// The move makes no draw to claim.
    ClaimDoesNotHold(Move),
    /// The position allows no claim.
    NoDrawToClaim,
    /// This side's draw offer stands already.
    OfferStands,
    /// The other side's draw offer stands: it is to be answered.
    AnswerTheirOffer,
    /// This side offers a draw with its next move already.
    OfferWithMoveStands,
    /// There is no offer or request to answer.
    NothingAsked,
    /// This side's own offer or request waits for the other's answer.
    OwnAskWaits(Ask),
    /// No move to take back.
    NothingToUndo,
    /// Nothing to play again.
    NothingToRedo,
    /// It is the other side's move (named with the side to move).
    NotYourMove,
    /// The asker plays no side: it only watches.
    Watching,
    /// Between people in two places, only by agreement (a redo, a new game mid-game).
    ByAgreement,
    /// A take-back is asked by the side that just moved, of its own move.
    TakeBackYourOwn,
    /// One resigns only for the side one plays.
    ResignOnlyYours,
    /// Only the players at the board's own terminal may do it (the engine, the coach).
    OnlyHere,
}

/// What the door says of a deed asked for.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Verdict {
    /// Done, for this side.
    Do {
        /// The side it is done for (who moves, offers, answers, resigns).
        by: Color,
    },
    /// Refused, and why.
    Refused(Refusal),
    /// Taken to be done elsewhere (by the host of a game joined from another
    /// terminal), which will say what came of it: here, only what was typed or held
    /// for it goes.
    Sent,
}

/// What came of an action handed to [`App::act`].
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Acted {
    /// What the world outside must do about it, in order (one save at most).
    pub effects: Vec<Effect>,
    /// The deeds done, each with the side it was done for.
    pub done: Vec<(Deed, Color)>,
    /// The deeds sent to be done elsewhere.
    pub sent: Vec<Deed>,
    /// Why the action (or the rest of it) was refused, by the door or by the rules.
    pub refused: Option<Refusal>,
}

impl Deed {
    /// The side that does this deed where both sides sit at one keyboard: the side to
    /// move plays, claims and takes back; the side that just moved offers (after its
    /// move, FIDE 9.1.2.2); the side asked answers; a resignation names its side.
    pub fn side_shared(self, app: &App) -> Color {
        let turn = app.game().turn();
        match self {
            // A take-back is of the last move, the side not to move's.
            Deed::Offer | Deed::TakeBack => !turn,
            Deed::Answer(_) => app.asked().map_or(turn, |asked| !asked.by),
            Deed::Resign(color) => color,
            Deed::Move(..)
            | Deed::ClaimWith(_)
            | Deed::Claim
            | Deed::Redo
            | Deed::NewGame
            | Deed::Pause
            | Deed::HandOver
            | Deed::Hint => turn,
        }
    }

    /// Whether the deed is a move on the board (with a claim or not).
    pub fn is_move(self) -> bool {
        matches!(self, Deed::Move(..) | Deed::ClaimWith(_))
    }
}

impl App {
    /// Hands one action to the app through a door: each deed the action stands for
    /// ([`App::resolve`]) is shown to `door`, which lets it through for a side, refuses
    /// it or sends it elsewhere, before it is done; an action that is no deed is done
    /// at once. `here` when the action was asked at this terminal: a refusal is then
    /// shown here (otherwise it is only returned, for whoever asked).
    pub fn act(&mut self, action: Action, here: bool, door: &mut dyn FnMut(&App, Deed) -> Verdict) -> Acted {
        let deeds = self.resolve(&action);
        let mut acted = Acted::default();
        if deeds.is_empty() {
            self.look(action);
            acted.effects = self.take_effects();
            return acted;
        }
        // A line of moves says how far it went.
        let line = match &action {
            Action::Edit(Edit::Paste(text)) => Some(text.clone()),
            Action::Edit(Edit::Submit) if self.is_line_of_moves() => Some(self.input().to_owned()),
            Action::Edit(Edit::Line(text)) if self.line_of_moves(text) => Some(text.clone()),
            _ => None,
        };
        let question = self.question();
        for deed in deeds {
            let refused = match door(self, deed) {
                Verdict::Do { by } => match self.perform(deed, by, here) {
                    Ok(()) => {
                        acted.done.push((deed, by));
                        None
                    }
                    Err(why) => Some(why),
                },
                Verdict::Refused(why) => Some(why),
                Verdict::Sent => {
                    self.sent();
                    acted.sent.push(deed);
                    None
                }
            };
            if let Some(why) = refused {
                if here {
                    self.refused_here(why, deed);
                }
                acted.refused = Some(why);
                break;
            }
        }
        if let Some(text) = line
            && acted.refused.is_none()
            && acted.sent.is_empty()
        {
            self.report_line(&text, acted.done.len());
        }
        // A question answered here that the door turned away stays open to answer.
        if here && acted.refused.is_some() && question.is_some_and(|q| q.asked().is_some()) {
            self.round.focus = question.map_or(Focus::Idle, Focus::Question);
        }
        acted.effects = self.take_effects();
        acted
    }

    /// What `action` would do to the game, in the order it would be done: nothing for
    /// an action that only edits the move line, moves the cursor, browses or opens a
    /// screen; a move for Enter on a typed move or a piece put down; several moves for a
    /// pasted line. Never changes the app: [`App::perform`] does the deeds.
    pub fn resolve(&self, action: &Action) -> Vec<Deed> {
        match action {
            Action::Do(deed) => vec![*deed],
            Action::Quit
            | Action::Tick(_)
            | Action::Suspend(_)
            | Action::Report(_)
            | Action::Remark { .. }
            | Action::Engine(_)
            | Action::Unbound => Vec::new(),
            action => match self.mode() {
                Mode::Help | Mode::Record | Mode::Comment => Vec::new(),
                Mode::Question | Mode::Resign => self.resolve_in_question(action),
                Mode::Promotion => self.resolve_promotion(action).into_iter().collect(),
                Mode::Play => self.resolve_in_play(action),
            },
        }
    }

    fn resolve_in_play(&self, action: &Action) -> Vec<Deed> {
        // Practice is no move in the game: what is typed then is its own.
        let typed = match action {
            Action::Edit(Edit::Line(text)) => Some(text.as_str()),
            Action::Edit(Edit::Submit) => Some(self.input()),
            _ => None,
        };
        if let Some(text) = typed
            && (self.practising() && super::words::command_word(text).is_none()
                || super::practice_word(text, self.practising()).is_some())
        {
            return Vec::new();
        }
        match action {
            Action::Edit(Edit::Submit) if self.input().trim().is_empty() => {
                self.resolve_select(self.cursor()).into_iter().collect()
            }
            Action::Edit(Edit::Type(' ')) if self.input().is_empty() => {
                self.resolve_select(self.cursor()).into_iter().collect()
            }
            Action::Edit(Edit::Submit) => self.resolve_typed(self.input()),
            Action::Edit(Edit::Line(text)) => self.resolve_typed(text),
            Action::Edit(Edit::Paste(text)) => self.resolve_line(text),
            Action::Point(Point::Select) => self.resolve_select(self.cursor()).into_iter().collect(),
            Action::Point(Point::Down(Pointer::Square(sq))) => {
                let held = self.selection().map(|s| s.from);
                match held {
                    Some(from) if from != *sq => self.resolve_put_down(*sq).into_iter().collect(),
                    _ => Vec::new(),
                }
            }
            Action::Point(Point::Up(Some(Pointer::Square(sq)))) => {
                let pressed = self.selection().is_some_and(|s| s.pressed.is_some() && s.from != *sq);
                if pressed { self.resolve_put_down(*sq).into_iter().collect() } else { Vec::new() }
            }
            Action::Command(command) => self.resolve_command(*command).into_iter().collect(),
            _ => Vec::new(),
        }
    }

    /// What a command key does to the game, if anything: asking who resigns, or
    /// whether to abandon the game, is only a question on this screen until it is
    /// answered.
    fn resolve_command(&self, command: Command) -> Option<Deed> {
        Some(match command {
            Command::Undo => Deed::TakeBack,
            Command::Redo => Deed::Redo,
            Command::OfferDraw => Deed::Offer,
            Command::ClaimDraw => return self.resolve_claim(),
            Command::NewGame => {
                // Abandoning a game under way is asked on this screen first; a new game
                // after the last, or one asked of a player elsewhere, is a deed now.
                let under_way = self.game().ply() > 0 && !self.game().is_over();
                if under_way && !self.takeback_by_consent() {
                    return None;
                }
                Deed::NewGame
            }
            Command::Pause => Deed::Pause,
            Command::HandOver => Deed::HandOver,
            Command::Hint => Deed::Hint,
            Command::Resign
            | Command::Review
            | Command::WriteReview
            | Command::Comment
            | Command::Practice => return None,
        })
    }

    /// Ctrl-D: the claim the position allows, or the claim made with the move typed;
    /// none while the typed text is no move (the app says why).
    fn resolve_claim(&self) -> Option<Deed> {
        if matches!(self.focus().base(), Focus::Typing(_)) {
            match self.reading() {
                // A pawn's move never makes a repetition nor completes fifty moves.
                Reading::Move(m, _) | Reading::Promotion(m) | Reading::Offering(m, _) => {
                    return Some(Deed::ClaimWith(m));
                }
                Reading::Ambiguous(_) | Reading::Incomplete(_) | Reading::Refused(_)
                    if !self.game().is_over() =>
                {
                    return None;
                }
                _ => {}
            }
        }
        Some(Deed::Claim)
    }

    /// Enter on typed text: a command word's deed, a move, or the moves of a line.
    fn resolve_typed(&self, text: &str) -> Vec<Deed> {
        if self.line_of_moves(text) {
            return self.resolve_line(text);
        }
        match super::typing::read(self.game(), text) {
            Reading::Command(word) => match word.action {
                super::words::WordAction::Command(command) => {
                    self.resolve_command(command).into_iter().collect()
                }
                super::words::WordAction::Help => Vec::new(),
            },
            Reading::Move(m, nag) if !self.game().is_over() => vec![Deed::Move(m, nag)],
            // `e4 draw`: the move, and a draw offered with it.
            Reading::Offering(m, nag) if !self.game().is_over() => vec![Deed::Move(m, nag), Deed::Offer],
            _ => Vec::new(),
        }
    }

    /// The moves of a pasted line, as far as they can be played one after another.
    fn resolve_line(&self, text: &str) -> Vec<Deed> {
        let mut game = self.game().clone();
        let mut deeds = Vec::new();
        for token in text.split_whitespace().filter_map(super::typing::move_token) {
            if game.is_over() {
                break;
            }
            match super::typing::read(&game, token) {
                Reading::Move(m, nag) => {
                    if game.try_play(m).is_err() {
                        break;
                    }
                    deeds.push(Deed::Move(m, nag));
                }
                // A sign between pasted moves (`1. e4 $1 e5`) is the last move's.
                Reading::Sign(nag) => match deeds.last_mut() {
                    Some(Deed::Move(_, sign)) => *sign = Some(nag),
                    _ => break,
                },
                _ => break,
            }
        }
        deeds
    }

    /// Enter or Space on a square: a move when the piece in hand goes there.
    fn resolve_select(&self, sq: hotseat_chess::Square) -> Option<Deed> {
        match self.selection() {
            Some(selection) if selection.from != sq => self.resolve_put_down(sq),
            _ => None,
        }
    }

    /// The move that putting the piece in hand down on `to` plays, when it is one
    /// move (not a promotion, which asks for its piece first).
    fn resolve_put_down(&self, to: hotseat_chess::Square) -> Option<Deed> {
        if self.game().is_over() {
            return None;
        }
        let moves = self.selection()?.moves_to(to);
        match moves.as_slice() {
            [] => None,
            [m] => Some(Deed::Move(*m, None)),
            [m, ..] if m.promotion_role().is_some() => None,
            [m, ..] => Some(Deed::Move(moves.iter().copied().find(|m| !m.is_castle()).unwrap_or(*m), None)),
        }
    }

    fn resolve_promotion(&self, action: &Action) -> Option<Deed> {
        let choice = self.promotion()?;
        let role = match action {
            Action::Answer(Answer::Choose(role)) | Action::Point(Point::Down(Pointer::Promotion(role))) => {
                *role
            }
            Action::Edit(Edit::Submit) | Action::Point(Point::Select) => choice.role(),
            _ => return None,
        };
        self.game()
            .position()
            .legal_moves_from(choice.from)
            .iter()
            .copied()
            .find(|m| m.to() == choice.to && m.promotion_role() == Some(role))
            .map(|m| Deed::Move(m, None))
    }

    fn resolve_in_question(&self, action: &Action) -> Vec<Deed> {
        let Some(question) = self.question() else { return Vec::new() };
        let answered = match question {
            Question::DrawOffer { .. } | Question::Takeback { .. } | Question::Rematch { .. } => true,
            Question::Resign { .. } | Question::NewGame | Question::Review => false,
        };
        match action {
            Action::Answer(Answer::Yes) => match question {
                _ if answered => vec![Deed::Answer(true)],
                Question::Resign { by: Some(side) } => vec![Deed::Resign(side)],
                Question::NewGame => vec![Deed::NewGame],
                _ => Vec::new(),
            },
            Action::Answer(Answer::No) | Action::Cancel if answered => vec![Deed::Answer(false)],
            // The text of a move closes the question, and is typed; a paste plays, and a
            // line entered at once is read as typed.
            Action::Edit(Edit::Paste(text)) => self.resolve_line(text),
            Action::Edit(Edit::Line(text)) => self.resolve_typed(text),
            _ => Vec::new(),
        }
    }
}
