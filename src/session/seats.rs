//! The two seats at the board, White and Black, each fed by a source of actions.
//!
//! Today both seats are fed by the one keyboard (or the one stream of lines) of this
//! terminal. A seat could be fed from elsewhere (another terminal, an engine): the
//! session asks [`Seats::allows`] before an action goes to the app, so neither the app
//! nor the faces need know where an action came from. What a seat may do is decided
//! here, in [`may`], and nowhere else.

use crate::app::{Action, Answer, App, Command, Edit, Mode, Point, Pointer, Question};
use hotseat_chess::{ByColor, Color};

/// Where a seat's actions come from.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Feeder {
    /// This terminal: its keys, or its lines of text.
    Here,
    /// Another source, by a number its session gives it (a joined terminal).
    Other(u8),
    /// The engine playing at the board: a program, which agrees to whatever its
    /// opponent takes back or plays again.
    Engine,
}

/// Which source feeds each seat.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Seats {
    by: ByColor<Feeder>,
}

impl Default for Seats {
    fn default() -> Seats {
        Seats::shared()
    }
}

impl Seats {
    /// Both seats fed from here: two people sharing one terminal.
    pub const fn shared() -> Seats {
        Seats { by: ByColor { white: Feeder::Here, black: Feeder::Here } }
    }

    /// `white` and `black` fed as given.
    pub const fn fed(white: Feeder, black: Feeder) -> Seats {
        Seats { by: ByColor { white, black } }
    }

    /// Who feeds `color`'s seat.
    pub fn feeder(&self, color: Color) -> Feeder {
        self.by[color]
    }

    /// Whether an action from `feeder` may go to the app: some seat it feeds
    /// [may](may) take it.
    ///
    /// This terminal feeding no seat (two engines playing, to watch) may do what every
    /// seat may: look, browse, read help, hand the sides back; never a side's own.
    pub fn allows(&self, app: &App, feeder: Feeder, action: &Action) -> bool {
        // Sides fed by people in two places change the game's past only by agreement:
        // a take-back is asked of the other (when the app asks it), and nothing is
        // redone or started afresh by one side alone. An engine agrees to anything.
        let apart =
            self.by.white != self.by.black && ![self.by.white, self.by.black].contains(&Feeder::Engine);
        // A new game after the last is asked of the other as a rematch.
        let rematch = app.takeback_by_consent() && app.game().is_over();
        let rewrites = match action {
            Action::Command(Command::NewGame) => !rematch,
            Action::Command(Command::Redo) => true,
            Action::Command(Command::Undo) => !app.takeback_by_consent(),
            _ => false,
        };
        if apart && rewrites {
            return false;
        }
        let seats = [Color::White, Color::Black];
        if feeder == Feeder::Here && !seats.iter().any(|&seat| self.by[seat] == feeder) {
            return seats.into_iter().all(|seat| may(app, seat, action));
        }
        seats.into_iter().any(|seat| self.by[seat] == feeder && may(app, seat, action))
    }
}

/// Whether `seat` may take `action` in the game as `app` has it: its own moves (when
/// it is its turn), its own resignation, answering the other side's draw offer;
/// everything that is not a side's own (looking at the board, browsing, help, quitting)
/// either seat may do.
pub fn may(app: &App, seat: Color, action: &Action) -> bool {
    let turn = app.game().turn();
    match (app.mode(), action) {
        // A move handed in whole is the side to move's, whatever is open.
        (_, Action::Play(_)) => seat == turn,
        (Mode::Question | Mode::Resign, Action::Answer(answer)) => match (app.question(), answer) {
            // Who resigns, or asks for a rematch, names itself.
            (Some(Question::Resign { .. } | Question::Rematch { by: None }), Answer::Side(side)) => {
                seat == *side
            }
            // An offer or a request is answered by the other side.
            (
                Some(
                    Question::DrawOffer { by }
                    | Question::Takeback { by }
                    | Question::Rematch { by: Some(by) },
                ),
                _,
            ) => seat != by,
            (Some(Question::Resign { by: Some(by) }), Answer::Yes) => seat == by,
            _ => true,
        },
        // Typing a comment, or reading help or the record, plays nothing.
        (Mode::Comment | Mode::Help | Mode::Record, _) => true,
        // A line of chat (typed after a quote) plays nothing: either seat may type it.
        (_, Action::Edit(edit)) if chatting(app, edit) => true,
        (_, Action::Edit(edit)) => !moves(edit) || seat == turn,
        (_, Action::Point(point)) => !plays(point) || seat == turn,
        (_, Action::Answer(Answer::Choose(_)) | Action::Command(Command::ClaimDraw)) => seat == turn,
        // A draw is offered after one's own move (FIDE 9.1.2.2); a take-back that
        // needs consent is asked by the side that just moved.
        (_, Action::Command(Command::OfferDraw)) => seat != turn,
        (_, Action::Command(Command::Undo)) if app.takeback_by_consent() => seat != turn,
        _ => true,
    }
}

/// Whether an edit enters a move (all do but backspace, which only mends the text).
fn moves(edit: &Edit) -> bool {
    !matches!(edit, Edit::Backspace)
}

/// Whether an edit goes into a line of chat: one typed after a quote (`"good luck`).
fn chatting(app: &App, edit: &Edit) -> bool {
    let typed = app.input();
    match edit {
        _ if typed.starts_with('"') => true,
        Edit::Type('"') => typed.is_empty(),
        Edit::Paste(text) => typed.is_empty() && text.starts_with('"'),
        _ => false,
    }
}

/// Whether pointing plays on the board (pointing at the move list only browses).
fn plays(point: &Point) -> bool {
    !matches!(point, Point::Down(Pointer::Ply(_)) | Point::Up(Some(Pointer::Ply(_))))
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::app::{Browse, Show};
    use hotseat_chess::{Game, Role, Square};

    fn typed(app: &mut App, text: &str) {
        for c in text.chars() {
            app.update(Action::Edit(Edit::Type(c)));
        }
        app.update(Action::Edit(Edit::Submit));
    }

    #[test]
    fn a_seat_plays_only_its_own_moves() {
        let mut app = App::new(Game::new());
        let type_e = Action::Edit(Edit::Type('e'));
        assert!(may(&app, Color::White, &type_e));
        assert!(!may(&app, Color::Black, &type_e));
        let click = Action::Point(Point::Down(Pointer::Square(Square::E2)));
        assert!(!may(&app, Color::Black, &click));
        typed(&mut app, "e4");
        assert!(may(&app, Color::Black, &type_e));
        assert!(!may(&app, Color::White, &type_e));
        assert!(!may(&app, Color::White, &Action::Answer(Answer::Choose(Role::Queen))));
        assert!(!may(&app, Color::White, &Action::Command(Command::ClaimDraw)));
        assert!(may(&app, Color::White, &Action::Command(Command::OfferDraw)), "White just moved");
        assert!(!may(&app, Color::Black, &Action::Command(Command::OfferDraw)), "Black is to move");
        let play = Action::Play(app.game().position().parse_uci("e7e5").expect("legal"));
        assert!(may(&app, Color::Black, &play) && !may(&app, Color::White, &play));
    }

    #[test]
    fn a_draw_offer_is_answered_by_the_other_side_only() {
        let mut app = App::new(Game::new());
        app.update(Action::Command(Command::OfferDraw));
        let Some(Question::DrawOffer { by }) = app.question() else { panic!("a draw offer is asked") };
        for answer in [Answer::Yes, Answer::No] {
            assert!(may(&app, !by, &Action::Answer(answer)), "{answer:?}");
            assert!(!may(&app, by, &Action::Answer(answer)), "{answer:?}");
        }
    }

    #[test]
    fn a_draw_is_offered_by_the_side_that_just_moved() {
        let mut app = App::new(Game::new());
        let offer = Action::Command(Command::OfferDraw);
        assert!(!may(&app, Color::White, &offer));
        assert!(may(&app, Color::Black, &offer));
        typed(&mut app, "e4");
        assert!(may(&app, Color::White, &offer));
        assert!(!may(&app, Color::Black, &offer));
        assert!(
            Seats::shared().allows(&app, Feeder::Here, &offer),
            "sharing a terminal, one of them just moved"
        );
    }

    #[test]
    fn a_seat_resigns_only_for_itself() {
        let mut app = App::new(Game::new());
        app.update(Action::Command(Command::Resign));
        assert!(may(&app, Color::Black, &Action::Answer(Answer::Side(Color::Black))));
        assert!(!may(&app, Color::White, &Action::Answer(Answer::Side(Color::Black))));
        app.update(Action::Answer(Answer::Side(Color::Black)));
        assert_eq!(app.question(), Some(Question::Resign { by: Some(Color::Black) }));
        assert!(may(&app, Color::Black, &Action::Answer(Answer::Yes)));
        assert!(!may(&app, Color::White, &Action::Answer(Answer::Yes)));
    }

    #[test]
    fn looking_and_leaving_are_for_either_seat() {
        let app = App::new(Game::new());
        for action in
            [Action::Browse(Browse::Back), Action::Show(Show::Help), Action::Show(Show::Flip), Action::Quit]
        {
            assert!(may(&app, Color::White, &action) && may(&app, Color::Black, &action), "{action:?}");
        }
    }

    #[test]
    fn seats_fed_from_two_places_take_nothing_back_without_consent() {
        let mut app = App::new(Game::new());
        typed(&mut app, "e4");
        let apart = Seats::fed(Feeder::Here, Feeder::Other(1));
        for command in [Command::Undo, Command::Redo, Command::NewGame] {
            let action = Action::Command(command);
            assert!(!apart.allows(&app, Feeder::Here, &action), "{command:?}");
            assert!(!apart.allows(&app, Feeder::Other(1), &action), "{command:?}");
            assert!(Seats::shared().allows(&app, Feeder::Here, &action), "{command:?}");
            // An engine agrees to whatever its opponent takes back or plays again.
            let engine = Seats::fed(Feeder::Here, Feeder::Engine);
            assert!(engine.allows(&app, Feeder::Here, &action), "{command:?}");
        }
        // Asked, and answered by the other side only.
        let mut app = app.with_takeback_by_consent(true);
        let undo = Action::Command(Command::Undo);
        assert!(apart.allows(&app, Feeder::Here, &undo), "White just moved: White may ask");
        assert!(!apart.allows(&app, Feeder::Other(1), &undo), "Black may not ask for White's move");
        app.update(undo);
        assert_eq!(app.question(), Some(Question::Takeback { by: Color::White }));
        assert_eq!(app.game().ply(), 1, "asked, not taken back");
        assert!(!apart.allows(&app, Feeder::Here, &Action::Answer(Answer::Yes)));
        assert!(apart.allows(&app, Feeder::Other(1), &Action::Answer(Answer::Yes)));
        app.update(Action::Answer(Answer::No));
        assert_eq!(app.game().ply(), 1, "no take-back without consent");
        app.update(Action::Command(Command::Undo));
        app.update(Action::Answer(Answer::Yes));
        assert_eq!(app.game().ply(), 0, "taken back with consent");
    }

    #[test]
    fn a_seat_fed_from_elsewhere_is_not_played_from_here() {
        let app = App::new(Game::new());
        let type_e = Action::Edit(Edit::Type('e'));
        assert!(Seats::shared().allows(&app, Feeder::Here, &type_e));
        let engine_plays_white = Seats::fed(Feeder::Other(1), Feeder::Here);
        assert!(!engine_plays_white.allows(&app, Feeder::Here, &type_e));
        assert!(engine_plays_white.allows(&app, Feeder::Other(1), &type_e));
        assert!(engine_plays_white.allows(&app, Feeder::Here, &Action::Quit));
        assert_eq!(engine_plays_white.feeder(Color::White), Feeder::Other(1));
    }

    #[test]
    fn a_rematch_is_asked_by_one_seat_and_answered_by_the_other() {
        let mut app = App::new(Game::new()).with_takeback_by_consent(true);
        for c in "e4".chars() {
            app.update(Action::Edit(Edit::Type(c)));
        }
        app.update(Action::Edit(Edit::Submit));
        app.update(Action::Command(Command::Resign));
        app.update(Action::Answer(Answer::Yes));
        assert!(app.game().is_over(), "{:?}", app.question());
        let apart = Seats::fed(Feeder::Other(1), Feeder::Here);
        let new = Action::Command(Command::NewGame);
        assert!(apart.allows(&app, Feeder::Here, &new));
        app.update(new);
        assert_eq!(app.question(), Some(Question::Rematch { by: None }));
        let side = Action::Answer(Answer::Side(Color::Black));
        assert!(apart.allows(&app, Feeder::Here, &side));
        assert!(!apart.allows(&app, Feeder::Other(1), &side));
        app.update(side);
        assert_eq!(app.question(), Some(Question::Rematch { by: Some(Color::Black) }));
        let yes = Action::Answer(Answer::Yes);
        assert!(!apart.allows(&app, Feeder::Here, &yes), "not the asker");
        assert!(apart.allows(&app, Feeder::Other(1), &yes));
        app.update(yes);
        assert_eq!(app.game().ply(), 0, "a new game");
        assert!(!app.game().is_over());
    }
}
