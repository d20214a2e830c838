//! A game being played: the app, its seats and the sources feeding them, the effects
//! carried out, and what those elsewhere are told. Every action, whoever feeds it,
//! reaches the app through [`Session::act`], which shows each deed to the door
//! ([`Seats::judge`]) before the app does it; the loop ([`super::run`]) only orders
//! the steps.

use std::path::PathBuf;
use std::time::{Duration, Instant};

use super::computer::{self, Bench, Coach, Computer, Strength};
use super::effects::{Effects, POLL_EVERY, Pending};
use super::seats::{Feeder, Seats};
use super::sources::{Arrival, Elsewhere, News, Ruling, Source};
use crate::app::{Action, App, Command, Deed, Effect, Message, Refusal, Verdict};
use hotseat_chess::{ByColor, Color};

/// What a face read from its input, for the session.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Read {
    /// An action of the players here: a key, a typed word, a line's command.
    Act(Action),
    /// A line of chat for the players elsewhere.
    Say(String),
}

/// A game being played, for every face.
pub struct Session<'a> {
    app: &'a mut App,
    effects: &'a mut dyn Effects,
    /// The seats as fed from here and elsewhere, before the engine takes any.
    base: Seats,
    /// The engine's seats: the engine at the board, or on its way, and how to start one.
    bench: Bench,
    coach: Option<Coach>,
    elsewhere: Option<&'a mut dyn Elsewhere>,
    pending: Pending,
    news: News,
    /// Whether the last carried-out effects asked for the whole screen drawn again.
    repaint: bool,
}

impl<'a> Session<'a> {
    /// A game for `app`, played at this terminal (both seats fed from here), its
    /// effects carried out by `effects`.
    pub fn new(app: &'a mut App, effects: &'a mut dyn Effects) -> Session<'a> {
        let mut session = Session {
            app,
            effects,
            base: Seats::shared(),
            bench: Bench::new(None, Strength::Level(computer::DEFAULT_LEVEL)),
            coach: None,
            elsewhere: None,
            pending: Pending::default(),
            news: News::default(),
            repaint: false,
        };
        session.seated();
        session
    }

    /// The same game with the engine at `engine` (the first one found when `None`) for
    /// the sides handed to it later, at `strength`.
    #[must_use]
    pub fn with_engine(mut self, engine: Option<PathBuf>, strength: Strength) -> Session<'a> {
        self.bench = Bench::new(engine, strength).with_computer(self.bench.take());
        self
    }

    /// The same game with an engine playing at the board from the start.
    #[must_use]
    pub fn with_computer(mut self, computer: Option<Computer>) -> Session<'a> {
        self.bench = std::mem::take(&mut self.bench).with_computer(computer);
        self.seated();
        self
    }

    /// The same session with `waker` woken on the engine's thread when its answer is
    /// ready, so the face shows the move when it comes.
    #[must_use]
    pub fn with_waker(mut self, waker: super::Waker) -> Session<'a> {
        self.bench.wake_with(waker);
        self
    }

    /// The same game with a coach.
    #[must_use]
    pub fn with_coach(mut self, coach: Option<Coach>) -> Session<'a> {
        self.coach = coach;
        self
    }

    /// The same game with another terminal in it: the views of a hosted game, or the
    /// host of a game joined.
    #[must_use]
    pub fn with_elsewhere(mut self, elsewhere: &'a mut dyn Elsewhere) -> Session<'a> {
        self.base = elsewhere.seats();
        self.elsewhere = Some(elsewhere);
        self.seated();
        self
    }

    /// The game.
    pub fn app(&self) -> &App {
        self.app
    }

    /// The seats as they stand: the engine's over those fed from here and elsewhere.
    pub fn seats(&self) -> Seats {
        let sides = self.bench.sides();
        let feeder = |color: Color| if sides[color] { Feeder::Engine } else { self.base.feeder(color) };
        Seats::fed(feeder(Color::White), feeder(Color::Black))
    }

    /// The engine playing at the board, if one is.
    pub fn computer(&self) -> Option<&Computer> {
        self.bench.computer()
    }

    /// The game as PGN, for the record screen.
    pub fn pgn(&self) -> Option<String> {
        self.effects.pgn(self.app)
    }

    /// Whether an engine is to move (its search under way, or about to be).
    pub fn engine_due(&self) -> bool {
        self.bench.due(self.app)
    }

    /// Whether input that waits its turn waits now: an engine is to move in a game a
    /// side of which is played here (watching two engines, nothing waits).
    pub fn holds_input(&self) -> bool {
        let here = self.seats().of(Feeder::Here);
        self.engine_due() && (here.white || here.black)
    }

    /// Whether what this terminal may do is refused at the door: for the key bar and
    /// the help, so they offer only what this terminal can do.
    pub fn may(&self, action: &Action) -> bool {
        let seats = self.seats();
        let elsewhere = self.refereed_elsewhere();
        let here = seats.of(Feeder::Here);
        // What a key that first asks on this screen leads to: a resignation of a side
        // played here, a new game.
        let deeds = match action {
            Action::Command(Command::Resign) => {
                let side = if here[self.app.game().turn()] {
                    self.app.game().turn()
                } else {
                    !self.app.game().turn()
                };
                vec![Deed::Resign(side)]
            }
            Action::Command(Command::NewGame) => vec![Deed::NewGame],
            action => self.app.resolve(action),
        };
        deeds.into_iter().all(|deed| {
            matches!(door(seats, self.app, Feeder::Here, elsewhere, deed), Verdict::Do { .. } | Verdict::Sent)
        })
    }

    fn refereed_elsewhere(&self) -> bool {
        self.elsewhere.as_deref().is_some_and(Elsewhere::refereed_elsewhere)
    }

    /// The seats changed: the app knows which sides are played here, and those
    /// elsewhere which the engine plays.
    fn seated(&mut self) {
        let seats = self.seats();
        self.app.set_sides_here(seats.of(Feeder::Here));
        if let Some(coach) = &mut self.coach {
            coach.set_engine_sides(self.bench.sides());
        }
        if let Some(elsewhere) = self.elsewhere.as_deref_mut() {
            elsewhere.engine_plays(self.bench.sides());
        }
        self.tag_sides();
    }

    /// Says in the saved game who plays each side now, and at which strength the
    /// engine does, so that the game resumed later brings the engine back for its
    /// sides. A game the engine never sat in is left without these tags.
    fn tag_sides(&mut self) {
        let Some(computer) = self.bench.computer() else { return };
        let sides = self.bench.sides();
        for color in [Color::White, Color::Black] {
            let who = if sides[color] { computer::PROGRAM } else { computer::HUMAN };
            self.effects.tag(computer::TYPE_TAGS[color], who);
        }
        self.effects.tag(computer::STRENGTH_TAG, &computer.strength().label());
    }

    // ----- the steps of the loop -----

    /// How long the loop may wait for input: until the clocks next change on screen,
    /// the engine is to be looked at again, or busy effects are to be asked what they
    /// brought; `None` to wait for input alone.
    pub fn wait_limit(&self, now: Instant) -> Option<Duration> {
        let looks = [
            self.effects.busy().then_some(POLL_EVERY),
            self.bench.next_look(self.app),
            self.coach.is_some().then_some(POLL_EVERY),
            self.elsewhere.as_deref().and_then(|e| e.next_look(self.app)),
            self.app.until_next_tick(now),
        ];
        looks.into_iter().flatten().min()
    }

    /// What comes before any input is read: the clocks told the time (a flag that fell
    /// before a key counts first, and is saved like a move), what the effects' work
    /// brought (the engine's review), and what the sources did since (the engine's
    /// move, another terminal's). Whether anything changed for the players.
    pub fn tick(&mut self, now: Instant) -> bool {
        let before = self.app.game().outcome();
        self.pending.add(self.app.update(Action::Tick(now)));
        let mut changed = self.app.game().outcome() != before;
        for report in self.effects.poll() {
            self.pending.add(self.app.update(report));
            changed = true;
        }
        changed | self.arrivals(now)
    }

    /// What the sources did since the loop last asked, through the door.
    fn arrivals(&mut self, now: Instant) -> bool {
        let seats_before = self.bench.sides();
        let mut arrived = self.bench.poll(self.app, now);
        if let Some(elsewhere) = self.elsewhere.as_deref_mut() {
            arrived.extend(elsewhere.poll(self.app, now));
        }
        let any = !arrived.is_empty();
        for arrival in arrived {
            self.arrive(arrival);
        }
        if self.bench.sides() != seats_before {
            self.hands_changed(seats_before);
        }
        if let Some(coach) = &mut self.coach {
            let engine_sides = self.bench.sides();
            coach.set_engine_sides(engine_sides);
            for remark in coach.play(self.app) {
                self.pending.add(self.app.update(remark));
            }
        }
        any
    }

    fn arrive(&mut self, arrival: Arrival) {
        match arrival {
            Arrival::Deed(feeder, deed) => {
                self.act(feeder, Action::Do(deed));
            }
            Arrival::Ruled(ruling) => self.rule(ruling),
            Arrival::News(message) => {
                self.app.update(Action::Report(message));
            }
            Arrival::HoldClocks(hold) => {
                if self.app.hold_clocks(hold) {
                    self.pending.add([Effect::Save]);
                }
            }
            Arrival::Ended => {
                self.app.update(Action::Quit);
            }
        }
    }

    /// What the referee elsewhere decided, done as it says.
    fn rule(&mut self, ruling: Ruling) {
        match ruling {
            Ruling::Did(deed, by) => {
                if self.app.perform(deed, by, false).is_err()
                    && let Some(elsewhere) = self.elsewhere.as_deref_mut()
                {
                    // The copy went out of step with the referee: it asks for the game whole.
                    elsewhere.out_of_step();
                }
            }
            Ruling::Flag(color) => self.app.flag(color),
            Ruling::Clocks { left, paused } => self.app.set_clocks(left, paused),
            Ruling::Game(app) => {
                let flipped = self.app.flipped();
                let message = self.app.message().cloned();
                *self.app = app.with_flipped(flipped);
                if let Some(message) = message
                    && self.app.message().is_none()
                {
                    self.app.update(Action::Report(message));
                }
                self.seated();
            }
            Ruling::Seat(seat) => {
                if let Some(elsewhere) = self.elsewhere.as_deref() {
                    self.base = elsewhere.seats();
                }
                if let Some(seat) = seat {
                    self.app.set_flipped(seat == Color::Black);
                }
                self.seated();
            }
        }
    }

    /// Hands one action from `feeder` to the app through the door; whether it went to
    /// the app (leaving does not: the last refusal is not said again on the way out).
    pub fn act(&mut self, feeder: Feeder, action: Action) -> bool {
        let seats = self.seats();
        let here = feeder == Feeder::Here;
        let elsewhere = here && self.refereed_elsewhere();
        let went = action != Action::Quit;
        let acted = self
            .app
            .act(action, here, &mut |app: &App, deed: Deed| door(seats, app, feeder, elsewhere, deed));
        self.pending.add(acted.effects);
        // A move made: the engine, if its turn has come, thinks from now, not from the
        // loop's next look.
        self.bench.think(self.app, Instant::now());
        for (deed, by) in acted.done {
            self.news.done.push((deed, by, feeder));
        }
        for deed in acted.sent {
            let by = seats.of(Feeder::Here);
            let side = if by.white { Color::White } else { Color::Black };
            self.news.sent.push((deed, side));
        }
        if let Some(refusal) = acted.refused
            && !here
        {
            match feeder {
                Feeder::Engine => self.bench.refused(self.app, feeder, refusal),
                _ => {
                    if let Some(elsewhere) = self.elsewhere.as_deref_mut() {
                        elsewhere.refused(self.app, feeder, refusal);
                    }
                }
            }
        }
        went
    }

    /// What a face read: an action, or a line of chat for the players elsewhere
    /// (without anyone elsewhere, the line is the app's, as typed).
    pub fn read(&mut self, read: Read) -> bool {
        match read {
            Read::Act(action) => self.act(Feeder::Here, action),
            Read::Say(text) => {
                let said = self.elsewhere.as_deref_mut().and_then(|elsewhere| elsewhere.say(self.app, &text));
                let said = said.unwrap_or_else(|| Message::error(super::strings::NOBODY_TO_TELL));
                self.app.update(Action::Cancel);
                self.app.update(Action::Report(said));
                true
            }
        }
    }

    /// Whether a coach is on.
    pub fn has_coach(&self) -> bool {
        self.coach.is_some()
    }

    /// Whether chat typed here reaches anyone.
    pub fn has_company(&self) -> bool {
        self.elsewhere.is_some()
    }

    /// Carries out the effects asked for since the last call, in order, after the frame
    /// that shows what asked for them: whether any brought news for the players. An
    /// engine that could not start for a review says so at once.
    pub fn carry_out(&mut self) -> bool {
        let effects = self.pending.take();
        let started = effects.contains(&Effect::Analyse);
        let mut news = false;
        for effect in effects {
            news |= self.carry_out_one(effect);
        }
        if started {
            for report in self.effects.poll() {
                self.pending.add(self.app.update(report));
                news = true;
            }
            for effect in self.pending.take() {
                news |= self.carry_out_one(effect);
            }
        }
        news
    }

    fn carry_out_one(&mut self, effect: Effect) -> bool {
        let said = match effect {
            Effect::Repaint => {
                self.repaint = true;
                return true;
            }
            Effect::HandOver => Some(self.hand_over()),
            Effect::Hint => Some(self.hint()),
            Effect::NewGame => {
                if let Some(coach) = &mut self.coach {
                    // The coach stays on for the new game (and its tag with it, kept by
                    // the recorder), with its hints counted afresh.
                    coach.new_game();
                }
                let said = self.effects.carry_out(self.app, effect);
                // The new game's tags are fresh: who plays it is said again.
                self.tag_sides();
                said
            }
            effect => self.effects.carry_out(self.app, effect),
        };
        match said {
            Some(message) => {
                self.app.update(Action::Report(message));
                true
            }
            None => false,
        }
    }

    /// Whether the last effects carried out asked for the whole screen drawn again;
    /// asked once.
    pub fn take_repaint(&mut self) -> bool {
        std::mem::take(&mut self.repaint)
    }

    /// A stop announced (SIGTSTP): the clocks paused so the time away is nobody's, and
    /// a flag that fell just before it recorded and saved.
    pub fn suspend(&mut self, now: Instant) {
        self.pending.add(self.app.update(Action::Suspend(now)));
        self.carry_out();
    }

    /// Tells those elsewhere what this step did.
    pub fn tell(&mut self) {
        let news = std::mem::take(&mut self.news);
        let Some(elsewhere) = self.elsewhere.as_deref_mut() else { return };
        let effects = &*self.effects;
        let app = &*self.app;
        elsewhere.tell(app, &news, &|| effects.pgn(app));
        let seats = elsewhere.seats();
        if seats != self.base {
            // A rematch swapped the colours: the board here turns to face its side.
            self.base = seats;
            let here = seats.of(Feeder::Here);
            if here.white != here.black {
                self.app.set_flipped(here.black);
            }
            self.seated();
        }
    }

    // ----- the engine and the coach -----

    /// Ctrl-B: hands the engine a side, or takes back the sides it plays. At one
    /// keyboard the side handed is the one not to move; in a game with another
    /// terminal, the seat fed from elsewhere. A seat a person elsewhere holds is
    /// theirs: the engine takes only a seat fed from here or one nobody has taken.
    fn hand_over(&mut self) -> Message {
        let open = self.open_seats();
        let here = self.base.of(Feeder::Here);
        let side = match (here.white, here.black) {
            (true, false) => Color::Black,
            (false, true) => Color::White,
            _ => !self.app.game().turn(),
        };
        let before = self.bench.sides();
        let said = self.bench.hand_over(self.app, side, open);
        if self.bench.sides() != before {
            return self.hands_changed(before).unwrap_or(said);
        }
        said
    }

    /// The seats the engine may take: those fed from here, and those nobody elsewhere
    /// has taken.
    fn open_seats(&self) -> ByColor<bool> {
        let free =
            self.elsewhere.as_deref().map_or(ByColor { white: false, black: false }, Elsewhere::open_seats);
        ByColor {
            white: self.base.feeder(Color::White) == Feeder::Here || free.white,
            black: self.base.feeder(Color::Black) == Feeder::Here || free.black,
        }
    }

    /// The engine took sides or gave them back since `before`: said in the saved game
    /// where it happened, and the seats as they now stand. What a failed save says.
    fn hands_changed(&mut self, before: ByColor<bool>) -> Option<Message> {
        let after = self.bench.sides();
        for color in [Color::White, Color::Black] {
            if before[color] == after[color] {
                continue;
            }
            let text = match self.bench.seat_name() {
                Some(name) if after[color] => computer::strings::played_by_engine_from_here(color, &name),
                _ => computer::strings::played_by_a_person_from_here(color),
            };
            self.effects.note(self.app.game().ply(), text);
        }
        self.seated();
        self.effects.carry_out(self.app, Effect::Save)
    }

    /// A hint asked for: the coach's, counted in the saved game's tags.
    fn hint(&mut self) -> Message {
        let Some(coach) = &mut self.coach else { return Message::error(computer::NO_COACH) };
        let said = coach.hint(self.app);
        let hints = coach.hints();
        self.effects.tag(computer::HINTS_TAG, &computer::hints_tag(hints));
        said
    }
}

/// The door: what `feeder`'s deed comes to under `seats`, the one place the seats
/// judge a deed (the key bar and the help ask it too, to show what may be done). A
/// view's player asks the host (`elsewhere`), which does it (or not) and says so; what
/// the host does not carry is refused here.
fn door(seats: Seats, app: &App, feeder: Feeder, elsewhere: bool, deed: Deed) -> Verdict {
    match seats.judge(app, feeder, deed) {
        Verdict::Do { .. } if elsewhere && carried(deed) => Verdict::Sent,
        Verdict::Do { .. } if elsewhere => Verdict::Refused(Refusal::OnlyHere),
        verdict => verdict,
    }
}

/// Whether a view's player may ask the host for `deed` (the protocol carries it): the
/// engine, the coach, the clocks' pause and a redo belong to the host's terminal.
fn carried(deed: Deed) -> bool {
    !matches!(deed, Deed::Redo | Deed::Pause | Deed::HandOver | Deed::Hint)
}
