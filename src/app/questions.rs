//! Questions (a draw offer, who resigns, a new game) and the screens opened over the
//! board (help, the game record).
//!
//! Only an explicit yes (`Y`) accepts a draw, resigns or abandons a game; Enter alone
//! never does. A question takes its own keys; the text of a move closes it (a move
//! typed while a draw offer stands declines the offer once it is played, as over the
//! board), and any other key says what the question takes, so nothing is dropped
//! silently.

use super::{Action, Answer, App, Direction, Edit, Focus, Point, Question, Show, strings};
use hotseat_chess::Game;

/// More lines than the help screen has; the drawing code stops at its end.
const HELP_LINES: u16 = 200;
/// More lines than a long game's record has; the drawing code stops at its end.
const RECORD_LINES: u16 = 4000;

impl App {
    /// Opens a question, unless the game is over (then only a new game can be asked).
    pub(super) fn ask(&mut self, question: Question) {
        self.leave_browsing();
        let after_the_game = matches!(question, Question::NewGame | Question::Rematch { .. });
        if !after_the_game && self.refuse_if_over() {
            return;
        }
        let question = match question {
            // Whoever is to move is named first; Tab names the other side.
            Question::Resign { by: None } => Question::Resign { by: Some(self.game().turn()) },
            other => other,
        };
        if let Question::DrawOffer { by } = question {
            self.round.draw_offer = Some(by);
        }
        self.round.focus = Focus::Question(question);
        self.round.message = None;
    }

    /// The open question, in words, with the players named.
    pub fn question_text(&self) -> Option<String> {
        let question = self.question()?;
        Some(match question {
            Question::DrawOffer { by } => strings::draw_offered(&self.named(by), &self.named(!by)),
            Question::Resign { by: Some(by) } => strings::resigns_sure(&self.named(by)),
            Question::Takeback { by } => strings::takeback_asked(&self.named(by), &self.named(!by)),
            Question::Rematch { by: Some(by) } => strings::rematch_asked(&self.named(by), &self.named(!by)),
            other => other.text(),
        })
    }

    pub(super) fn update_question(&mut self, action: Action) {
        let Focus::Question(question) = self.round.focus else { return };
        match action {
            Action::Answer(Answer::Yes) => self.answer_yes(question),
            Action::Cancel | Action::Answer(Answer::No) => self.answer_no(question),
            Action::Answer(Answer::Side(side)) => {
                if let Question::Resign { .. } = question {
                    self.round.focus = Focus::Question(Question::Resign { by: Some(side) });
                }
                if let Question::Rematch { .. } = question {
                    self.round.focus = Focus::Question(Question::Rematch { by: Some(side) });
                }
            }
            Action::Answer(Answer::OtherSide) => {
                if let Question::Resign { by: Some(side) } = question {
                    self.round.focus = Focus::Question(Question::Resign { by: Some(!side) });
                }
            }
            // The text of a move: the players play on. A draw offer stands until the
            // move is played; the other questions are answered no.
            Action::Edit(Edit::Type('?')) | Action::Show(Show::Help) => self.open_help(),
            Action::Edit(Edit::Type(c)) if c != ' ' => {
                if !matches!(question, Question::DrawOffer { .. }) {
                    self.round.draw_offer = None;
                }
                self.round.focus = Focus::Idle;
                self.edit(Edit::Type(c));
            }
            Action::Edit(Edit::Paste(text)) => {
                self.round.focus = Focus::Idle;
                self.edit(Edit::Paste(text));
            }
            Action::Point(Point::Down(pointer)) => {
                self.round.focus = Focus::Idle;
                self.point(Point::Down(pointer));
            }
            _ => self.error(strings::question_keys(question)),
        }
    }

    fn answer_yes(&mut self, question: Question) {
        self.round.focus = Focus::Idle;
        match question {
            Question::DrawOffer { .. } => {
                self.round.draw_offer = None;
                self.decide(Game::agree_draw);
            }
            Question::Resign { by: Some(color) } => self.decide(|game| game.resign(color)),
            Question::Resign { by: None } => {}
            Question::NewGame => self.new_game(),
            Question::Review => self.start_review(),
            Question::Takeback { .. } => self.undo(),
            Question::Rematch { .. } => self.rematch(),
        }
    }

    fn answer_no(&mut self, question: Question) {
        self.round.focus = Focus::Idle;
        self.round.message = None;
        if let Question::DrawOffer { by } = question {
            self.round.draw_offer = None;
            self.info(strings::draw_declined(&self.named(!by)));
        }
        if let Question::Takeback { by } = question {
            self.info(strings::takeback_declined(&self.named(!by)));
        }
        if let Question::Rematch { by: Some(by) } = question {
            self.info(strings::rematch_declined(&self.named(!by)));
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
