//! The joining side: a view of a game hosted elsewhere. The view keeps a copy of the
//! game (an [`App`] read from the host's record once, when it attaches), drawn with
//! this terminal's own look and facing its own side. What its player does goes
//! through the view's own door, and what the door lets through is sent to the host,
//! the referee, as what it is (the move, the offer, the resignation); nothing counts
//! until the host has done it and said so (`did`), and the copy then does it too.

use std::collections::VecDeque;
use std::io::{BufReader, Read, Write};
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::mpsc::{self, Receiver, RecvTimeoutError};
use std::sync::{Arc, Mutex};
use std::thread;
use std::time::{Duration, Instant};

use super::protocol::{Coming, LineReader, MAX_REPORT, Outbox, Report, Request, Token, VERSION, WireDeed};
use super::strings;
use crate::app::{App, Asked, Effect, Message, Refusal};
use crate::records::{self, pgn};
use crate::session::{Arrival, Effects, Elsewhere, Feeder, News, Ruling, Seats, Source, Views, Waker};
use hotseat_chess::{ByColor, Color};

/// The feeder of the other seat, as a view sees it: the player at the host.
const ELSEWHERE: Feeder = Feeder::Other(1);

/// How long a view waits for the host's first words.
pub const HELLO_WAIT: Duration = Duration::from_secs(15);

/// The host's lines read ahead of the game's loop: the reader waits while they wait.
const QUEUE: usize = 256;

/// The most of the host's lines the game's loop takes before it draws again.
const PER_LOOK: usize = 64;

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

/// Why a view could not attach.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum AttachError {
    /// The host is gone (or never answered the hello).
    #[error("{}", strings::HOST_GONE)]
    Gone,
    /// The host said nothing in time.
    #[error("{}", strings::NO_ANSWER)]
    NoAnswer,
    /// The host ended the connection, with its words.
    #[error("{0}")]
    Refused(String),
    /// The host spoke out of turn, or nonsense.
    #[error("{}", strings::broken(.0))]
    Broken(String),
    /// The host's game could not be read.
    #[error("{}", strings::hosts_game_unreadable(.0))]
    Game(String),
    /// No thread to read the host's lines.
    #[error("cannot read from the host: {0}")]
    Thread(String),
}

impl AttachError {
    /// Whether the link itself ended or went quiet before the game began (what
    /// carries it, ssh say, may know why).
    pub fn is_link_lost(&self) -> bool {
        matches!(self, AttachError::Gone | AttachError::NoAnswer)
    }
}

/// The view: a source of the host's rulings and news, and its views (the host, which
/// is sent what this terminal's player did).
pub struct Viewer {
    seat: Option<Color>,
    /// What has the seat back, from the host's welcome.
    token: Option<Token>,
    heard: Receiver<Heard>,
    /// What the host said (or why it will say no more), not yet handed over, in order:
    /// a ruling at a time where it names a move, done on the copy before the next is
    /// read against it.
    waiting: VecDeque<Heard>,
    /// Whether the host may have said more than the loop took.
    behind: bool,
    outbox: Outbox,
    waker: Arc<Mutex<Option<Waker>>>,
    /// Whether the loop was woken and has not looked yet.
    woken: Arc<AtomicBool>,
    /// Why the view ended, to say once the terminal is back.
    farewell: Option<String>,
}

/// The game a `game` report holds, for a view facing `flipped`.
pub fn copy_of(pgn_text: &str, asked: Option<Asked>, flipped: bool) -> Result<App, String> {
    let record = pgn::read_game(pgn_text).map_err(|err| err.to_string())?;
    let (white, black) = records::player_names(&record.tags, None, None);
    let clocks = records::clocks(&record, None).map(|(controls, times)| (controls, times.to_vec()));
    let start = records::clock_start(&record);
    let now = Instant::now();
    let mut app = App::new(record.game)
        .with_annotations(record.annotations, record.trailing)
        .with_players(white, black)
        .with_flipped(flipped)
        .with_takeback_by_consent(true)
        .with_flags_called_elsewhere(true)
        .with_asked(asked);
    if let Some((controls, times)) = clocks {
        // Set as the host has them by the `clocks` that follows.
        app = app.with_clocks_starting(&controls, start, &times, now).with_clocks_paused(false, now);
    }
    Ok(app)
}

impl Viewer {
    /// Says hello over `link` (with the seat's `token` from an earlier welcome, to
    /// have it back) and waits for the host's welcome and game: the view, and its copy
    /// of the game. Once the player keeps the token ([`Viewer::token`]), the view
    /// says it is [ready](Viewer::ready).
    pub fn attach(link: Link, coming: Coming, token: Option<Token>) -> Result<(Viewer, App), AttachError> {
        let Link { read, write, shut } = link;
        let mut outbox = Outbox::start(write, shut);
        outbox.send(&Request::Hello { version: VERSION, coming, token }).map_err(|_| AttachError::Gone)?;
        let (sender, heard) = mpsc::sync_channel(QUEUE);
        let waker: Arc<Mutex<Option<Waker>>> = Arc::new(Mutex::new(None));
        let wake = Arc::clone(&waker);
        let woken = Arc::new(AtomicBool::new(false));
        let once = Arc::clone(&woken);
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
                    // The loop is woken once, however much comes before it looks.
                    if !once.swap(true, Ordering::SeqCst)
                        && let Some(wake) = wake.lock().ok().and_then(|w| w.clone())
                    {
                        wake();
                    }
                    if done {
                        break;
                    }
                }
            })
            .map_err(|err| AttachError::Thread(err.to_string()))?;
        let deadline = Instant::now() + HELLO_WAIT;
        let next = || match heard.recv_timeout(deadline.saturating_duration_since(Instant::now())) {
            Ok(Ok(report)) => Ok(report),
            Ok(Err(why)) if why == strings::HOST_GONE => Err(AttachError::Gone),
            Ok(Err(why)) => Err(AttachError::Refused(why)),
            Err(RecvTimeoutError::Timeout) => Err(AttachError::NoAnswer),
            Err(RecvTimeoutError::Disconnected) => Err(AttachError::Gone),
        };
        let (seat, token) = match next()? {
            Report::Welcome { seat, .. } => {
                seat.map_or((None, None), |(seat, token)| (Some(seat), Some(token)))
            }
            Report::End(why) => {
                return Err(AttachError::Refused(crate::printable::printable(&why, 400).into_owned()));
            }
            _ => return Err(AttachError::Broken("no welcome".to_owned())),
        };
        let Report::Game { asked, pgn } = next()? else {
            return Err(AttachError::Broken("no game".to_owned()));
        };
        let app = copy_of(&pgn, asked, seat == Some(Color::Black)).map_err(AttachError::Game)?;
        let viewer = Viewer {
            seat,
            token,
            heard,
            waiting: VecDeque::new(),
            behind: false,
            outbox,
            waker,
            woken,
            farewell: None,
        };
        Ok((viewer, app))
    }

    /// The view's seat, or `None` when it watches.
    pub fn seat(&self) -> Option<Color> {
        self.seat
    }

    /// What has the seat back, when the view has one: to keep, and to present when
    /// joining again.
    pub fn token(&self) -> Option<&Token> {
        self.token.as_ref()
    }

    /// Tells the host the player has the game and keeps the token: the seat is kept
    /// for it from now on.
    pub fn ready(&mut self) {
        if self.seat.is_some() {
            self.request(&Request::Ready);
        }
    }

    /// Whether the host ended the game (not only this view's part in it, nor by going
    /// away): the seat's token is no use any more.
    pub fn ended_by_host(&self) -> bool {
        self.farewell.as_deref().is_some_and(strings::is_host_ended)
    }

    /// Lets the game's loop be woken when the host says something.
    pub fn wake_with(&self, waker: Waker) {
        if let Ok(mut slot) = self.waker.lock() {
            *slot = Some(waker);
        }
    }

    /// Leaves: says goodbye (unless the host ended first), and returns what to tell
    /// the player: why the game ended here, or that the player left it going on.
    pub fn leave(mut self) -> String {
        let farewell = self.farewell.take().unwrap_or_else(|| {
            let _ = self.outbox.send(&Request::Bye);
            strings::left_here(self.seat.is_some())
        });
        self.outbox.finish(Duration::from_secs(1));
        farewell
    }

    fn request(&mut self, request: &Request) {
        if self.outbox.send(request).is_err() && self.farewell.is_none() {
            self.farewell = Some(strings::HOST_GONE.to_owned());
        }
    }

    /// One report of the host's, for the loop: what it rules, or says.
    fn heard(&mut self, report: Report, app: &App, out: &mut Vec<Arrival>) {
        match report {
            Report::Welcome { seat, .. } => {
                // Welcomed again: a rematch gave this view the other seat.
                self.seat = seat.as_ref().map(|(seat, _)| *seat);
                if let Some((_, token)) = seat {
                    self.token = Some(token);
                }
                out.push(Arrival::Ruled(Ruling::Seat(self.seat)));
            }
            Report::Game { asked, pgn } => match copy_of(&pgn, asked, app.flipped()) {
                Ok(copy) => out.push(Arrival::Ruled(Ruling::Game(Box::new(copy)))),
                Err(why) => self.end(strings::hosts_game_unreadable(&why), out),
            },
            Report::Did(side, deed) => match deed.deed(side, app.game().position()) {
                Ok(deed) => out.push(Arrival::Ruled(Ruling::Did(deed, side))),
                // Out of step with the host: the game whole, again.
                Err(_) => self.out_of_step(),
            },
            Report::Flag(side) => out.push(Arrival::Ruled(Ruling::Flag(side))),
            Report::Clocks { white, black, paused } => {
                out.push(Arrival::Ruled(Ruling::Clocks { left: ByColor { white, black }, paused }));
            }
            Report::Say { who, text } => out.push(Arrival::News(Message::info(strings::said(&who, &text)))),
            Report::Refused(refusal) => out.push(Arrival::News(Message::error(app.refusal_text(refusal)))),
            Report::End(why) => self.end(crate::printable::printable(&why, 400).into_owned(), out),
        }
    }

    /// The game ends for this view, with `why` said once the terminal is back (the
    /// first word stands: the host's own, before the end of the line).
    fn end(&mut self, why: String, out: &mut Vec<Arrival>) {
        if self.farewell.is_none() {
            self.farewell = Some(why);
        }
        out.push(Arrival::Ended);
    }
}

impl Source for Viewer {
    fn poll(&mut self, app: &App, _now: Instant) -> Vec<Arrival> {
        self.woken.store(false, Ordering::SeqCst);
        let mut out = Vec::new();
        let mut taken = 0;
        while taken < PER_LOOK {
            let Some(heard) = self.waiting.pop_front().or_else(|| self.heard.try_recv().ok()) else { break };
            taken += 1;
            let report = match heard {
                Ok(report) => report,
                Err(why) => {
                    self.end(why, &mut out);
                    break;
                }
            };
            // A ruling that names a move is done before the next is read against it.
            let names_a_move = matches!(report, Report::Did(..) | Report::Game { .. });
            self.heard(report, app, &mut out);
            if names_a_move {
                break;
            }
        }
        self.behind = taken > 0;
        out
    }

    fn next_look(&self, _app: &App) -> Option<Duration> {
        (self.behind || !self.waiting.is_empty()).then_some(Duration::ZERO)
    }

    fn refused(&mut self, _app: &App, _feeder: Feeder, _refusal: Refusal) {
        // The host is the referee here: it does not ask the view's door.
    }
}

impl Views for Viewer {
    /// Sends the host what this terminal's player did at its door.
    fn tell(&mut self, app: &App, news: &News, _pgn: &dyn Fn() -> Option<String>) {
        for &(deed, _) in &news.sent {
            if let Some(deed) = WireDeed::of(deed, app.game().position()) {
                self.request(&Request::Do(deed));
            }
        }
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
}

impl Elsewhere for Viewer {
    fn refereed_elsewhere(&self) -> bool {
        true
    }

    fn seats(&self) -> Seats {
        match self.seat {
            Some(Color::White) => Seats::fed(Feeder::Here, ELSEWHERE),
            Some(Color::Black) => Seats::fed(ELSEWHERE, Feeder::Here),
            None => Seats::fed(ELSEWHERE, ELSEWHERE),
        }
    }

    fn open_seats(&self) -> ByColor<bool> {
        ByColor { white: false, black: false }
    }

    fn engine_plays(&mut self, _sides: ByColor<bool>) {}

    fn out_of_step(&mut self) {
        // What the host said since, read against the copy, is out of step too: only
        // its end, if it came, is kept.
        self.waiting.clear();
        while let Ok(heard) = self.heard.try_recv() {
            if heard.is_err() {
                self.waiting.push_back(heard);
                break;
            }
        }
        self.request(&Request::Sync);
    }
}

/// A view's effects: it saves nothing (the host does) and has no engine; it rings
/// its own bell, and its PGN is the game as its copy has it.
#[derive(Clone, Copy, Debug, Default)]
pub struct ViewEffects;

impl Effects for ViewEffects {
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
}
