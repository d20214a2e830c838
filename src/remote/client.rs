//! The joining side: a view of a game hosted elsewhere. The view keeps a copy of the
//! game (an [`App`] rebuilt from the host's state), drawn with this terminal's own
//! look and facing its own side; its player's keys work that copy as they would the
//! real game, and what changed in it (a move, a resignation, a draw offered or
//! answered) goes to the host as a request. The host, the referee, answers with the
//! game as it now stands, which replaces the copy: nothing the view does counts until
//! the host has taken it.

use std::io::{BufReader, Read, Write};
use std::sync::mpsc::{self, Receiver, RecvTimeoutError};
use std::sync::{Arc, Mutex};
use std::thread;
use std::time::{Duration, Instant};

use super::protocol::{Ask, Coming, LineReader, MAX_REPORT, Outbox, Report, Request, State, VERSION};
use super::strings;
use crate::app::{Action, App, Command, Effect, Message, Question};
use crate::records::{self, pgn};
use crate::session::{Arrival, Feeder, Host, Seats, Waker};
use hotseat_chess::{Color, Game, Reason};

/// The feeder of the other seat, as a view sees it: the player at the host.
const ELSEWHERE: Feeder = Feeder::Other(1);

/// How long a view waits for the host's first words.
pub const HELLO_WAIT: Duration = Duration::from_secs(15);

/// A connection to the host: what to read, what to write, and how to cut it.
pub struct Link {
    /// The host's lines.
    pub read: Box<dyn Read + Send>,
    /// Where the view's lines go.
    pub write: Box<dyn Write + Send>,
    /// Cuts the connection (ends a write stuck on a host that does not read).
    pub shut: Box<dyn FnOnce() + Send>,
}

/// What the reading thread hands over: a report, or why there will be no more.
type Heard = Result<Report, String>;

/// The view's [`Host`]: it saves nothing (the host does), and trades the changes in
/// its copy of the game for requests, and the host's state for a new copy.
pub struct Viewer {
    seat: Option<Color>,
    heard: Receiver<Heard>,
    outbox: Outbox,
    /// The game as the host last said it is.
    host: State,
    host_game: Game,
    /// The request sent since the host's last state, not to send it twice.
    sent: Option<Request>,
    /// The copy went where the host cannot follow: it is rebuilt from the host's state.
    resync: bool,
    waker: Arc<Mutex<Option<Waker>>>,
    /// Why the view ended, to say once the terminal is back.
    farewell: Option<String>,
    /// What to say when the copy is put back.
    note: Option<&'static str>,
    /// The seat changed (a rematch): the next copy faces the new one.
    turned: bool,
}

/// The game as the host's state has it, for a view facing `flipped`.
pub fn copy_of(state: &State, flipped: bool) -> Result<App, String> {
    let record = pgn::read_game(&state.pgn).map_err(|err| err.to_string())?;
    let (white, black) = records::player_names(&record.tags, None, None);
    let clocks = records::clocks(&record, None).map(|(controls, times)| (controls, times.to_vec()));
    let left = records::turn_clock(&record);
    let start = records::clock_start(&record);
    let now = Instant::now();
    let mut app = App::new(record.game)
        .with_annotations(record.annotations, record.trailing)
        .with_players(white, black)
        .with_flipped(flipped)
        .with_takeback_by_consent(true);
    if let Some((controls, times)) = clocks {
        app = app.with_clocks_starting(&controls, start, &times, now);
        if let Some(left) = left {
            app = app.with_time_left(left);
        }
    }
    // The host's clocks, running or stopped as the host has them.
    let mut app = app.with_clocks_paused(state.paused, now);
    app.update(Action::Tick(now));
    match state.asked {
        Some((Ask::Draw, by)) if by != app.game().turn() => {
            app.update(Action::Command(Command::OfferDraw));
        }
        Some((Ask::Takeback, by)) if by != app.game().turn() => {
            app.update(Action::Command(Command::Undo));
        }
        Some((Ask::Rematch, by)) if app.game().is_over() => {
            app.update(Action::Command(Command::NewGame));
            app.update(Action::Answer(crate::app::Answer::Side(by)));
        }
        _ => {}
    }
    Ok(app)
}

impl Viewer {
    /// Says hello over `link` and waits for the host's welcome and state: the view,
    /// and its first copy of the game.
    pub fn attach(link: Link, coming: Coming) -> Result<(Viewer, App), String> {
        let Link { read, write, shut } = link;
        let mut outbox = Outbox::start(write, shut);
        outbox
            .send(&Request::Hello { version: VERSION, coming })
            .map_err(|_| strings::HOST_GONE.to_owned())?;
        let (sender, heard) = mpsc::channel();
        let waker: Arc<Mutex<Option<Waker>>> = Arc::new(Mutex::new(None));
        let wake = Arc::clone(&waker);
        thread::Builder::new()
            .name("view-in".to_owned())
            .spawn(move || {
                let mut lines = LineReader::new(BufReader::new(read), MAX_REPORT);
                loop {
                    let said = match lines.next_line() {
                        Ok(Some(line)) => {
                            Report::read(&line).map_err(|err| strings::broken(&err.to_string()))
                        }
                        Ok(None) => Err(strings::HOST_GONE.to_owned()),
                        Err(err) => Err(strings::broken(&err.to_string())),
                    };
                    let done = said.is_err();
                    if sender.send(said).is_err() {
                        break;
                    }
                    if let Some(wake) = wake.lock().ok().and_then(|w| w.clone()) {
                        wake();
                    }
                    if done {
                        break;
                    }
                }
            })
            .map_err(|err| err.to_string())?;
        let deadline = Instant::now() + HELLO_WAIT;
        let next = || match heard.recv_timeout(deadline.saturating_duration_since(Instant::now())) {
            Ok(heard) => heard,
            Err(RecvTimeoutError::Timeout) => Err(strings::NO_ANSWER.to_owned()),
            Err(RecvTimeoutError::Disconnected) => Err(strings::HOST_GONE.to_owned()),
        };
        let seat = match next()? {
            Report::Welcome { seat, .. } => seat,
            Report::End(why) => return Err(why),
            _ => return Err(strings::broken("no welcome")),
        };
        let Report::State(state) = next()? else { return Err(strings::broken("no game")) };
        let app = copy_of(&state, seat == Some(Color::Black))?;
        let host_game = app.game().clone();
        let viewer = Viewer {
            seat,
            heard,
            outbox,
            host: state,
            host_game,
            sent: None,
            resync: false,
            waker,
            farewell: None,
            note: None,
            turned: false,
        };
        Ok((viewer, app))
    }

    /// The view's seat, or `None` when it watches.
    pub fn seat(&self) -> Option<Color> {
        self.seat
    }

    /// Lets the game's loop be woken when the host says something.
    pub fn wake_with(&self, waker: Waker) {
        if let Ok(mut slot) = self.waker.lock() {
            *slot = Some(waker);
        }
    }

    /// Leaves: says goodbye (unless the host ended first), and returns what to tell
    /// the player.
    pub fn leave(mut self) -> Option<String> {
        if self.farewell.is_none() {
            let _ = self.outbox.send(&Request::Bye);
        }
        self.outbox.finish(Duration::from_secs(1));
        self.farewell
    }

    fn request(&mut self, request: Request) {
        if self.sent.as_ref() == Some(&request) {
            return;
        }
        if self.outbox.send(&request).is_err() {
            self.farewell = Some(strings::HOST_GONE.to_owned());
        }
        self.sent = Some(request);
    }

    /// What the copy's change since the host's state asks of the host.
    fn request_for(&self, app: &App) -> Option<Result<Request, ()>> {
        let (mine, theirs) = (app.game(), &self.host_game);
        let Some(seat) = self.seat else {
            let changed = mine.moves() != theirs.moves() || mine.outcome() != theirs.outcome();
            return changed.then_some(Err(()));
        };
        // The other's rematch said yes to here: the copy started the new game.
        if self.host.asked == Some((Ask::Rematch, !seat)) && theirs.is_over() {
            let started = mine.moves().is_empty() && !mine.is_over();
            if started {
                return Some(Ok(Request::Accept));
            }
        }
        if mine.moves() == theirs.moves() {
            if mine.outcome() != theirs.outcome() {
                let offered_by_other = self.host.asked == Some((Ask::Draw, !seat));
                let lost_here = mine.outcome().is_some_and(|o| o.result.winner() == Some(!seat));
                return Some(match mine.outcome().map(|o| o.reason) {
                    // Only this seat's own resignation, and only the other's offer.
                    Some(Reason::Resignation) if lost_here => Ok(Request::Resign),
                    Some(Reason::Agreement) if offered_by_other => Ok(Request::Accept),
                    Some(Reason::ThreefoldRepetition | Reason::FiftyMoveRule) => Ok(Request::Claim),
                    // A flag falls on the host's clock, which will say so.
                    Some(Reason::Timeout | Reason::TimeoutWithInsufficientMaterial) => return None,
                    _ => Err(()),
                });
            }
            let asked = self.host.asked;
            if asked.is_none() {
                if app.draw_offer() == Some(seat) {
                    return Some(Ok(Request::Ask(Ask::Draw)));
                }
                if app.question() == Some(Question::Takeback { by: seat }) {
                    return Some(Ok(Request::Ask(Ask::Takeback)));
                }
                if app.question() == Some(Question::Rematch { by: Some(seat) }) {
                    return Some(Ok(Request::Ask(Ask::Rematch)));
                }
                // Asked for the other side's move: that is the other's to ask.
                if app.question() == Some(Question::Takeback { by: !seat }) {
                    return Some(Err(()));
                }
            }
            // The other's offer or request, no longer asked here: said no to.
            let open_here = match asked {
                Some((Ask::Draw, _)) => app.draw_offer().is_some(),
                Some((Ask::Takeback, by)) => app.question() == Some(Question::Takeback { by }),
                Some((Ask::Rematch, by)) => app.question() == Some(Question::Rematch { by: Some(by) }),
                _ => true,
            };
            if asked.is_some_and(|(_, by)| by != seat) && !open_here {
                return Some(Ok(Request::Decline));
            }
            return None;
        }
        let played =
            mine.moves().len() == theirs.moves().len() + 1 && mine.moves().starts_with(theirs.moves());
        let taken_back =
            mine.moves().len() + 1 == theirs.moves().len() && theirs.moves().starts_with(mine.moves());
        if taken_back && self.host.asked == Some((Ask::Takeback, !seat)) {
            return Some(Ok(Request::Accept));
        }
        match mine.moves().last() {
            Some(&m) if played => Some(Ok(Request::Move(theirs.position().uci(m)))),
            _ => Some(Err(())),
        }
    }

    /// Nothing was played since the copy was last replaced: what is open here and the
    /// host has not yet heard is put back on its new copy, and what the screen said
    /// still holds. (Not an offer the host had heard and has now answered.)
    fn keep_open(&self, app: &App, copy: &mut App, heard: &[(Ask, Color)]) {
        // A draw offered here.
        if let Some(seat) = self.seat
            && app.draw_offer() == Some(seat)
            && copy.draw_offer().is_none()
            && !heard.contains(&(Ask::Draw, seat))
        {
            copy.update(Action::Command(Command::OfferDraw));
        }
        // A take-back asked here.
        if let Some(seat) = self.seat
            && app.question() == Some(Question::Takeback { by: seat })
            && copy.question().is_none()
            && !heard.contains(&(Ask::Takeback, seat))
        {
            copy.update(Action::Command(Command::Undo));
        }
        // This side's resignation being asked here.
        if let Some(seat) = self.seat
            && app.question() == Some(Question::Resign { by: Some(seat) })
            && copy.question().is_none()
            && !copy.game().is_over()
        {
            copy.update(Action::Command(Command::Resign));
            copy.update(Action::Answer(crate::app::Answer::Side(seat)));
        }
        // A resignation here, the host's word on the move before
        // it come since.
        let resigned_here = self.seat.is_some_and(|seat| {
            app.game()
                .outcome()
                .is_some_and(|o| o.reason == Reason::Resignation && o.result.winner() == Some(!seat))
        });
        if let Some(seat) = self.seat
            && resigned_here
            && !copy.game().is_over()
        {
            copy.update(Action::Command(Command::Resign));
            copy.update(Action::Answer(crate::app::Answer::Side(seat)));
            copy.update(Action::Answer(crate::app::Answer::Yes));
        }
        // A rematch asked here, the game over there too.
        if let Some(seat) = self.seat
            && app.question() == Some(Question::Rematch { by: Some(seat) })
            && copy.game().is_over()
            && copy.question().is_none()
            && !heard.contains(&(Ask::Rematch, seat))
        {
            copy.update(Action::Command(Command::NewGame));
            copy.update(Action::Answer(crate::app::Answer::Side(seat)));
        }
        if copy.message().is_none()
            && let Some(message) = app.message().cloned()
        {
            copy.update(Action::Report(message));
        }
    }
}

impl Host for Viewer {
    fn carry_out(&mut self, _app: &App, effect: Effect) -> Option<Message> {
        match effect {
            Effect::Bell => {
                let mut out = std::io::stdout();
                let _ = out.write_all(b"\x07").and_then(|()| out.flush());
                None
            }
            Effect::Analyse => Some(Message::info(strings::NO_ENGINE_HERE)),
            _ => None,
        }
    }

    fn pgn(&self, _app: &App) -> Option<String> {
        Some(self.host.pgn.clone())
    }

    /// On the copy, a player's view feeds its own seat only: a move for the other side
    /// is refused here at once, naming whose move it is, with no round trip. What the
    /// view's own seat does is still the host's to judge. A spectator's copy takes
    /// anything, and is put back as the host has it.
    fn seats(&self) -> Seats {
        match self.seat {
            Some(Color::White) => Seats::fed(Feeder::Here, ELSEWHERE),
            Some(Color::Black) => Seats::fed(ELSEWHERE, Feeder::Here),
            None => Seats::shared(),
        }
    }

    /// A resignation or a rematch asked here is this view's side's own; a spectator
    /// asks nothing.
    fn expand(&self, app: &App, action: Action) -> Vec<Action> {
        let rematch = action == Action::Command(Command::NewGame) && app.game().is_over();
        let own = rematch || action == Action::Command(Command::Resign);
        match self.seat {
            Some(seat) if own => vec![action, Action::Answer(crate::app::Answer::Side(seat))],
            None if rematch => vec![Action::Report(Message::error(strings::ONLY_WATCHING))],
            _ => vec![action],
        }
    }

    fn arrived(&mut self, app: &App) -> Vec<Arrival> {
        let mut out = Vec::new();
        let mut state = None;
        let mut heard: Vec<(Ask, Color)> = self.host.asked.into_iter().collect();
        while let Ok(said) = self.heard.try_recv() {
            match said {
                Ok(Report::State(new)) => {
                    // Several states may come at once: what any of them asked, the
                    // host has heard (and may since have answered).
                    heard.extend(new.asked);
                    state = Some(new);
                }
                Ok(Report::Say { who, text }) => {
                    out.push(Arrival::Act(
                        Feeder::Here,
                        Action::Report(Message::info(strings::said(&who, &text))),
                    ));
                }
                Ok(Report::Refused(why)) => {
                    self.resync = true;
                    out.push(Arrival::Act(
                        Feeder::Here,
                        Action::Report(Message::error(strings::said("host", &why))),
                    ));
                }
                Ok(Report::End(why)) | Err(why) => {
                    // The first word stands: the host's own, before the end of the line.
                    if self.farewell.is_none() {
                        self.farewell = Some(crate::printable::printable(&why, 400).into_owned());
                    }
                    out.push(Arrival::Act(Feeder::Here, Action::Quit));
                }
                // Welcomed again: a rematch gave this view the other seat, and
                // its board turns to face it.
                Ok(Report::Welcome { seat, .. }) => {
                    if seat.is_some() && seat != self.seat {
                        self.seat = seat;
                        self.turned = true;
                    }
                }
            }
        }
        if let Some(new) = state {
            let flipped = if std::mem::take(&mut self.turned) {
                self.seat == Some(Color::Black)
            } else {
                app.flipped()
            };
            match copy_of(&new, flipped) {
                Ok(mut copy) => {
                    // The game as the host has it, before what is still open here is
                    // put back on the copy.
                    let host_game = copy.game().clone();
                    if copy.game().moves() == app.game().moves() {
                        self.keep_open(app, &mut copy, &heard);
                    }
                    // A move half typed stays typed (in a question, typing goes on
                    // as it would have: the question closes).
                    for c in app.input().chars() {
                        copy.update(Action::Edit(crate::app::Edit::Type(c)));
                    }
                    self.host_game = host_game;
                    self.host = new;
                    self.sent = None;
                    self.resync = false;
                    out.insert(0, Arrival::Replace(Box::new(copy)));
                }
                Err(why) => {
                    self.farewell = Some(strings::broken(&why));
                    out.push(Arrival::Act(Feeder::Here, Action::Quit));
                }
            }
        } else if std::mem::take(&mut self.resync)
            && let Ok(copy) = copy_of(&self.host, app.flipped())
        {
            self.sent = None;
            out.insert(0, Arrival::Replace(Box::new(copy)));
            if let Some(note) = self.note.take() {
                out.push(Arrival::Act(Feeder::Here, Action::Report(Message::error(note))));
            }
        }
        out
    }

    fn say(&mut self, app: &App, text: &str) -> Option<Message> {
        let text: String = text.trim().chars().take(super::protocol::MAX_CHAT).collect();
        if text.is_empty() {
            return None;
        }
        if self.outbox.send(&Request::Say(text.clone())).is_err() {
            return Some(Message::error(strings::HOST_GONE));
        }
        let who = self.seat.map_or("spectator", |seat| app.player(seat)).to_owned();
        Some(Message::info(strings::said(&who, &text)))
    }

    fn shown(&mut self, app: &App) {
        if app.should_quit() {
            return;
        }
        match self.request_for(app) {
            Some(Ok(request)) => self.request(request),
            Some(Err(())) if self.sent.is_none() => {
                // The copy went where the host does not follow (a take-back asked with
                // the undo key, a new game): it is put back as the host has it.
                self.resync = true;
                if self.seat.is_none() {
                    self.note = Some(strings::ONLY_WATCHING);
                }
                if let Some(wake) = self.waker.lock().ok().and_then(|w| w.clone()) {
                    wake();
                }
            }
            _ => {}
        }
    }
}
