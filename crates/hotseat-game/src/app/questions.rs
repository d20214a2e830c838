//! Questions (a draw offer, who resigns, a new game) and the screens opened over the
//! board (help, the game record).
//!
//! Only an explicit yes (`Y`) accepts a draw, resigns or abandons a game; Enter alone
//! never does. A question takes its own keys; the text of a move closes it (a move
//! typed while a draw offer stands declines the offer once it is played, as over the
//! board), and any other key says what the question takes, so nothing is dropped
//! silently.

use super::{Action, Answer, App, Ask, Asked, Direction, Edit, Focus, Point, Question, Show, strings};
use hotseat_chess::Color;

/// More lines than the help screen has; the drawing code stops at its end.
const HELP_LINES: u16 = 200;
/// More lines than a long game's record has; the drawing code stops at its end.
const RECORD_LINES: u16 = 4000;

impl App {
    /// Opens a question on this screen, unless the game is over (then only a new game
    /// can be asked).
    pub(super) fn ask(&mut self, question: Question) {
        self.leave_browsing();
        let after_the_game = matches!(question, Question::NewGame | Question::Rematch { .. });
        if !after_the_game && self.refuse_if_over() {
            return;
        }
        self.round.focus = Focus::Question(question);
        self.round.message = None;
    }

    /// The offer or request standing for the other side to answer, if one does.
    pub fn asked(&self) -> Option<Asked> {
        self.round.asked
    }

    /// The side whose draw offer stands, unanswered.
    pub fn draw_offer(&self) -> Option<Color> {
        self.round.asked.filter(|asked| asked.what == Ask::Draw).map(|asked| asked.by)
    }

    /// The side that offers a draw with its next move, if one does.
    pub fn offer_with_move(&self) -> Option<Color> {
        self.round.offer_with_move
    }

    /// `by` offers or asks `what` of the other side: it stands until answered (a draw
    /// offer also until a move is played), and it is asked on this screen when the
    /// other side plays here.
    pub(super) fn stand(&mut self, what: Ask, by: Color, here: bool) {
        let asked = Asked { what, by };
        self.round.asked = Some(asked);
        let open = self.sides_here[!by]
            && (here
                || !matches!(
                    self.round.focus,
                    Focus::Help { .. } | Focus::Record { .. } | Focus::Commenting(_)
                ));
        if open {
            self.leave_browsing();
            self.round.focus = Focus::Question(Question::of(asked));
            self.round.message = None;
        } else if matches!(self.round.focus, Focus::Question(q) if q.asked().is_some()) {
            self.round.focus = Focus::Idle;
        }
    }

    /// The standing offer or request is answered, or goes with the position it was
    /// made in: its question closes.
    pub(super) fn unstand(&mut self) {
        self.round.asked = None;
        if let Focus::Question(question) = self.round.focus
            && question.asked().is_some()
        {
            self.round.focus = Focus::Idle;
        }
    }

    /// The open question, in words, with the players named.
    pub fn question_text(&self) -> Option<String> {
        let question = self.question()?;
        Some(match question {
            Question::DrawOffer { by } => strings::draw_offered(&self.named(by), &self.named(!by)),
            Question::Resign { by: Some(by) } => strings::resigns_sure(&self.named(by)),
            Question::Takeback { by } => strings::takeback_asked(&self.named(by), &self.named(!by)),
            Question::Rematch { by } => strings::rematch_asked(&self.named(by), &self.named(!by)),
            other => other.text(),
        })
    }

    pub(super) fn update_question(&mut self, action: Action) {
        let Focus::Question(question) = self.round.focus else { return };
        match action {
            // An answer to the other side's offer or request is a deed, done by
            // `perform`; here, only the questions of this screen.
            Action::Answer(Answer::Yes) => {
                self.round.focus = Focus::Idle;
                match question {
                    Question::Review => self.start_review(),
                    Question::NewGame => self.new_game(),
                    _ => {}
                }
            }
            Action::Cancel | Action::Answer(Answer::No) => {
                self.round.focus = Focus::Idle;
                self.round.message = None;
            }
            Action::Answer(Answer::Side(side)) => {
                if let Question::Resign { .. } = question {
                    self.name_resigning(side);
                }
            }
            Action::Answer(Answer::OtherSide) => {
                if let Question::Resign { by: Some(side) } = question {
                    self.name_resigning(!side);
                }
            }
            // The text of a move: the players play on. An offer or a request stands
            // (a draw offer until the move is played); the other questions are
            // answered no.
            Action::Edit(Edit::Type('?')) | Action::Show(Show::Help) => self.open_help(),
            Action::Edit(Edit::Type(c)) if c != ' ' => {
                self.round.focus = Focus::Idle;
                self.edit(Edit::Type(c));
            }
            Action::Edit(edit @ (Edit::Paste(_) | Edit::Line(_))) => {
                self.round.focus = Focus::Idle;
                self.edit(edit);
            }
            Action::Point(Point::Down(pointer)) => {
                self.round.focus = Focus::Idle;
                self.point(Point::Down(pointer));
            }
            _ => self.error(strings::question_keys(question)),
        }
    }

    /// Names the side that resigns in the open dialog: a side played here only.
    fn name_resigning(&mut self, side: Color) {
        if self.sides_here[side] {
            self.round.focus = Focus::Question(Question::Resign { by: Some(side) });
        } else {
            self.error(strings::RESIGN_ONLY_YOURS);
        }
    }

    // ----- help and the game record -----

    pub(super) fn open_help(&mut self) {
        let under = Box::new(std::mem::take(&mut self.round.focus));
        self.round.focus = Focus::Help { scroll: 0, under };
    }

    pub(super) fn open_record(&mut self) {
        let under = Box::new(std::mem::take(&mut self.round.focus));
        self.round.focus = Focus::Record { scroll: 0, under };
        self.round.message = None;
    }

    /// Closes the help screen or the record: back to where the player was.
    fn close_overlay(&mut self) {
        if let Focus::Help { under, .. } | Focus::Record { under, .. } = std::mem::take(&mut self.round.focus)
        {
            self.round.focus = *under;
        }
    }

    pub(super) fn update_help(&mut self, action: Action) {
        match action {
            Action::Show(Show::Help) | Action::Cancel | Action::Edit(Edit::Submit) => self.close_overlay(),
            action => self.scroll(&action, HELP_LINES),
        }
    }

    pub(super) fn update_record(&mut self, action: Action) {
        match action {
            Action::Show(Show::Record) | Action::Cancel | Action::Edit(Edit::Submit) => self.close_overlay(),
            Action::Show(Show::Copy(notation)) => self.effects.push(super::Effect::Copy(notation)),
            Action::Show(Show::Help) => self.open_help(),
            action => self.scroll(&action, RECORD_LINES),
        }
    }

    fn scroll(&mut self, action: &Action, lines: u16) {
        let (Focus::Help { scroll, .. } | Focus::Record { scroll, .. }) = &mut self.round.focus else {
            return;
        };
        let by = match action {
            Action::Point(Point::Cursor(Direction::Up)) => -1,
            Action::Point(Point::Cursor(Direction::Down)) => 1,
            Action::Show(Show::Scroll(by)) => *by,
            Action::Show(Show::ScrollTo(end)) => {
                *scroll = if *end { lines } else { 0 };
                return;
            }
            _ => return,
        };
        *scroll = scroll.saturating_add_signed(by).min(lines);
    }
}
