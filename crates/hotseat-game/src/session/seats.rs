//! The two seats at the board, White and Black, each fed by a source of actions (this
//! terminal's keys or lines, another terminal, the engine), and the one door every
//! deed goes through: [`Seats::judge`]. Whoever asks, and however (a key, a typed
//! word, a line of plain text, a request from another terminal, the engine's
//! decision), what changes the game is judged here, once, as the deed it is; the app
//! does not know where an action came from.

use crate::app::{App, Deed, Refusal, Verdict};
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

    /// The seats `feeder` feeds.
    pub fn of(&self, feeder: Feeder) -> ByColor<bool> {
        ByColor { white: self.by.white == feeder, black: self.by.black == feeder }
    }

    /// Whether the seats are fed by people in two places, who change the game's past
    /// only by agreement (an engine agrees to anything).
    pub fn apart(&self) -> bool {
        self.by.white != self.by.black && ![self.by.white, self.by.black].contains(&Feeder::Engine)
    }

    /// The one door: whether `feeder` may do `deed` in the game as `app` has it, and
    /// for which side. A feeder of both seats does a deed for the side whose it is
    /// ([`Deed::side_shared`]); a feeder of one, for that side only; a feeder of none
    /// only watches. What the rules say of the deed itself (a legal move, a claim that
    /// holds) is the app's to say when it does it.
    pub fn judge(&self, app: &App, feeder: Feeder, deed: Deed) -> Verdict {
        let fed = self.of(feeder);
        let game = app.game();
        let turn = game.turn();
        let side = match (fed.white, fed.black) {
            (true, true) => deed.side_shared(app),
            (true, false) => Color::White,
            (false, true) => Color::Black,
            // Watching two engines here: the engine and the clocks are still this
            // terminal's to hand back and to pause; a side's own deeds never are.
            (false, false) if feeder == Feeder::Here && matches!(deed, Deed::HandOver | Deed::Pause) => turn,
            (false, false) => return Verdict::Refused(Refusal::Watching),
        };
        let refused = match deed {
            // Only the side to move moves, and claims (FIDE 9.2.1, 9.3.1); after the
            // game nobody does, and the rules say so (the game is over).
            Deed::Move(..) | Deed::ClaimWith(_) | Deed::Claim if side != turn && !game.is_over() => {
                Some(Refusal::NotYourMove)
            }
            // Between people apart, the past changes only by agreement.
            Deed::Redo if self.apart() => Some(Refusal::ByAgreement),
            Deed::NewGame if self.apart() && !game.is_over() => Some(Refusal::ByAgreement),
            // A take-back is asked by the side that just moved, of its own move.
            Deed::TakeBack if self.apart() && side == turn => Some(Refusal::TakeBackYourOwn),
            Deed::Resign(color) if !fed[color] => Some(Refusal::ResignOnlyYours),
            // The engine and the coach belong to the players at this terminal; the coach
            // hints no move of a person elsewhere (it says itself that it gives the
            // engine none).
            Deed::HandOver | Deed::Hint if feeder != Feeder::Here => Some(Refusal::OnlyHere),
            Deed::Hint if !fed[turn] && self.by[turn] != Feeder::Engine => Some(Refusal::NotYourMove),
            _ => None,
        };
        match refused {
            Some(refusal) => Verdict::Refused(refusal),
            None => Verdict::Do { by: side },
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::app::{Action, Ask, Deed, Edit};
    use hotseat_chess::Game;

    fn typed(app: &mut App, text: &str) {
        app.update(Action::Edit(Edit::Line(text.to_owned())));
    }

    fn e4(app: &App) -> Deed {
        Deed::Move(app.game().position().parse_uci("e2e4").expect("legal"), None)
    }

    const APART: Seats = Seats::fed(Feeder::Here, Feeder::Other(1));

    #[test]
    fn a_seat_plays_only_its_own_moves() {
        let mut app = App::new(Game::new());
        assert_eq!(APART.judge(&app, Feeder::Here, e4(&app)), Verdict::Do { by: Color::White });
        assert_eq!(APART.judge(&app, Feeder::Other(1), e4(&app)), Verdict::Refused(Refusal::NotYourMove));
        typed(&mut app, "e4");
        let e5 = Deed::Move(app.game().position().parse_uci("e7e5").expect("legal"), None);
        assert_eq!(APART.judge(&app, Feeder::Here, e5), Verdict::Refused(Refusal::NotYourMove));
        assert_eq!(APART.judge(&app, Feeder::Other(1), e5), Verdict::Do { by: Color::Black });
        let Deed::Move(m, _) = e5 else { unreachable!("a move") };
        for deed in [Deed::Claim, Deed::ClaimWith(m)] {
            assert_eq!(
                APART.judge(&app, Feeder::Here, deed),
                Verdict::Refused(Refusal::NotYourMove),
                "{deed:?}"
            );
        }
    }

    #[test]
    fn at_one_keyboard_each_deed_is_the_side_s_whose_it_is() {
        let mut app = App::new(Game::new());
        typed(&mut app, "e4");
        let shared = Seats::shared();
        // The side that just moved offers (FIDE 9.1.2.2); the side to move plays.
        assert_eq!(shared.judge(&app, Feeder::Here, Deed::Offer), Verdict::Do { by: Color::White });
        assert_eq!(shared.judge(&app, Feeder::Here, Deed::Claim), Verdict::Do { by: Color::Black });
        assert_eq!(
            shared.judge(&app, Feeder::Here, Deed::Resign(Color::White)),
            Verdict::Do { by: Color::White }
        );
        assert_eq!(shared.judge(&app, Feeder::Here, Deed::Redo), Verdict::Do { by: Color::Black });
    }

    #[test]
    fn apart_each_deed_is_the_feeder_s_own_side() {
        let mut app = App::new(Game::new()).with_takeback_by_consent(true);
        typed(&mut app, "e4");
        // Black to move: what White does from here is White's, whoever's turn it is.
        assert_eq!(APART.judge(&app, Feeder::Here, Deed::Offer), Verdict::Do { by: Color::White });
        assert_eq!(APART.judge(&app, Feeder::Other(1), Deed::Offer), Verdict::Do { by: Color::Black });
        assert_eq!(APART.judge(&app, Feeder::Here, Deed::Answer(true)), Verdict::Do { by: Color::White });
    }

    #[test]
    fn people_apart_change_the_past_only_by_agreement() {
        let mut app = App::new(Game::new()).with_takeback_by_consent(true);
        typed(&mut app, "e4");
        for feeder in [Feeder::Here, Feeder::Other(1)] {
            assert_eq!(APART.judge(&app, feeder, Deed::Redo), Verdict::Refused(Refusal::ByAgreement));
            assert_eq!(APART.judge(&app, feeder, Deed::NewGame), Verdict::Refused(Refusal::ByAgreement));
        }
        // A take-back is asked by the side that just moved, of its own move.
        assert_eq!(APART.judge(&app, Feeder::Here, Deed::TakeBack), Verdict::Do { by: Color::White });
        assert_eq!(
            APART.judge(&app, Feeder::Other(1), Deed::TakeBack),
            Verdict::Refused(Refusal::TakeBackYourOwn)
        );
        // An engine agrees to anything: a take-back is done, a redo too.
        let engine = Seats::fed(Feeder::Here, Feeder::Engine);
        assert!(!engine.apart());
        assert_eq!(engine.judge(&app, Feeder::Here, Deed::Redo), Verdict::Do { by: Color::White });
        assert_eq!(engine.judge(&app, Feeder::Here, Deed::TakeBack), Verdict::Do { by: Color::White });
        // After the game, a new one is asked of the other: a rematch.
        app.update(Action::Do(Deed::Resign(Color::Black)));
        assert!(app.game().is_over());
        assert_eq!(APART.judge(&app, Feeder::Other(1), Deed::NewGame), Verdict::Do { by: Color::Black });
    }

    #[test]
    fn one_resigns_only_for_oneself() {
        let app = App::new(Game::new());
        assert_eq!(
            APART.judge(&app, Feeder::Here, Deed::Resign(Color::White)),
            Verdict::Do { by: Color::White }
        );
        assert_eq!(
            APART.judge(&app, Feeder::Here, Deed::Resign(Color::Black)),
            Verdict::Refused(Refusal::ResignOnlyYours)
        );
        assert_eq!(
            APART.judge(&app, Feeder::Other(1), Deed::Resign(Color::White)),
            Verdict::Refused(Refusal::ResignOnlyYours)
        );
    }

    #[test]
    fn a_terminal_that_feeds_no_seat_only_watches() {
        let app = App::new(Game::new());
        let watched = Seats::fed(Feeder::Other(1), Feeder::Other(1));
        for deed in [e4(&app), Deed::Offer, Deed::Resign(Color::White), Deed::NewGame, Deed::Answer(true)] {
            assert_eq!(
                watched.judge(&app, Feeder::Here, deed),
                Verdict::Refused(Refusal::Watching),
                "{deed:?}"
            );
        }
    }

    #[test]
    fn the_engine_and_the_coach_are_asked_for_only_here() {
        let app = App::new(Game::new());
        for deed in [Deed::HandOver, Deed::Hint] {
            assert_eq!(
                APART.judge(&app, Feeder::Other(1), deed),
                Verdict::Refused(Refusal::OnlyHere),
                "{deed:?}"
            );
        }
        let engine = Seats::fed(Feeder::Engine, Feeder::Here);
        assert_eq!(engine.judge(&app, Feeder::Engine, Deed::HandOver), Verdict::Refused(Refusal::OnlyHere));
        // A hint is for no move of a person elsewhere.
        let apart = Seats::fed(Feeder::Other(1), Feeder::Here);
        assert_eq!(apart.judge(&app, Feeder::Here, Deed::Hint), Verdict::Refused(Refusal::NotYourMove));
        // Watching two engines, this terminal hands them the sides back, and pauses.
        let both = Seats::fed(Feeder::Engine, Feeder::Engine);
        assert_eq!(both.judge(&app, Feeder::Here, Deed::HandOver), Verdict::Do { by: Color::White });
        assert_eq!(both.judge(&app, Feeder::Here, Deed::Pause), Verdict::Do { by: Color::White });
        assert_eq!(both.judge(&app, Feeder::Here, e4(&app)), Verdict::Refused(Refusal::Watching));
    }

    #[test]
    fn a_typed_word_goes_through_the_door_as_the_command_it_becomes() {
        // White, here, types `draw` on its own turn: White's offer, with its next move,
        // never Black's.
        let mut app =
            App::new(Game::new()).with_takeback_by_consent(true).with_sides_here(APART.of(Feeder::Here));
        let acted = app.act(Action::Edit(Edit::Line("draw".to_owned())), true, &mut |app, deed| {
            APART.judge(app, Feeder::Here, deed)
        });
        assert_eq!(acted.done, [(Deed::Offer, Color::White)]);
        assert_eq!(app.offer_with_move(), Some(Color::White));
        assert_eq!(app.asked(), None, "nothing is asked of Black before White moves");
        typed(&mut app, "e4");
        assert_eq!(app.asked().map(|asked| (asked.what, asked.by)), Some((Ask::Draw, Color::White)));
    }
}
