//! The hosting side: the game's own process, the referee. It is one more [`Source`]
//! of the session (the remote seat's player, whose requests come to the door as
//! deeds) and its [`Views`] (every terminal joined, told what was done): a thread
//! takes connections on the game's socket, a thread per view reads its lines
//! (bounded, rated, checked), and the game's loop hears them between its own keys.
//! Views are told through an [`Outbox`] each: a view that stops reading is dropped,
//! never waited for. The game's whole record crosses only when a view attaches (or
//! asks again, or a new game starts); after that, what was done.

use std::collections::{BTreeMap, VecDeque};
use std::io::BufReader;
use std::net::Shutdown;
use std::os::unix::net::UnixStream;
use std::sync::mpsc::{self, Receiver, Sender};
use std::thread;
use std::time::{Duration, Instant};

use super::protocol::{
    Coming, LineError, LineReader, MAX_REQUEST, Outbox, Rate, Report, Request, VERSION, WireDeed,
};
use super::socket::{self, Hosted};
use super::strings;
use crate::app::{App, Message, Refusal};
use crate::session::{Arrival, Elsewhere, Feeder, News, Seats, Source, Views, Waker};
use hotseat_chess::{ByColor, Color, Outcome, Reason};

/// The feeder of the remote seat.
pub const REMOTE: Feeder = Feeder::Other(1);

/// The most views at once (the player and the spectators).
pub const MAX_VIEWS: usize = 16;

/// How long a connection may wait before its hello: one that says nothing does not
/// keep a place among the views.
pub const HELLO_WAIT: Duration = Duration::from_secs(10);

/// What the threads of the socket tell the game's loop.
enum Heard {
    /// A view connected (its uid checked).
    Came(u32, UnixStream),
    /// A line from a view, checked.
    Line(u32, Request),
    /// A view sent a bad line: it is dropped with this reason.
    Broken(u32, String),
    /// A view went.
    Left(u32),
}

/// Where a connected view stands.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Standing {
    /// It has not said hello yet.
    Greeting,
    /// It holds the remote seat.
    Seated,
    /// It watches.
    Watching,
}

/// A connected view.
struct View {
    outbox: Outbox,
    standing: Standing,
    /// Whether it has the game whole (after its hello, or a `sync`, it is sent it).
    attached: bool,
}

/// What the views were last told, to tell them what changed.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
struct Told {
    /// The number of new games started, as the app counts them.
    games: u64,
    outcome: Option<Outcome>,
    paused: bool,
}

/// The referee: the remote seat's source, and the views.
pub struct Referee {
    remote: Color,
    heard: Receiver<Heard>,
    /// What the threads heard, not yet handed over: a deed at a time, each done before
    /// the next line is read against the game.
    waiting: VecDeque<Heard>,
    views: BTreeMap<u32, View>,
    /// The view holding the remote seat, if one does.
    player: Option<u32>,
    /// The sides the engine plays: a seat it holds is nobody else's.
    engine: ByColor<bool>,
    /// The clocks were stopped here because the player to move is away.
    held: bool,
    told: Option<Told>,
    waker: Waker,
    _hosted: Hosted,
}

impl Referee {
    /// Hosts the game on `hosted`, its remote seat `remote`; `waker` wakes the game's
    /// loop when a view says something.
    pub fn start(hosted: Hosted, remote: Color, waker: Waker) -> std::io::Result<Referee> {
        let (sender, heard) = mpsc::channel();
        let listener = hosted.listener().try_clone()?;
        let wake = waker.clone();
        thread::Builder::new().name("host-accept".to_owned()).spawn(move || {
            let mut next = 0u32;
            for stream in listener.incoming() {
                let Ok(stream) = stream else { continue };
                // Another user's process is refused before a byte is read.
                if !socket::is_ours(&stream) {
                    let _ = stream.shutdown(Shutdown::Both);
                    continue;
                }
                next = next.wrapping_add(1);
                let Ok(reading) = stream.try_clone() else { continue };
                if sender.send(Heard::Came(next, stream)).is_err() {
                    break;
                }
                read_view(next, reading, sender.clone(), wake.clone(), HELLO_WAIT);
                wake();
            }
        })?;
        Ok(Referee {
            remote,
            heard,
            waiting: VecDeque::new(),
            views: BTreeMap::new(),
            player: None,
            engine: ByColor { white: false, black: false },
            held: false,
            told: None,
            waker,
            _hosted: hosted,
        })
    }

    /// Ends hosting: the views, to be told the end.
    pub fn close(self) -> Farewells {
        Farewells(self.views.into_values().map(|view| view.outbox).collect())
    }

    /// The remote seat.
    pub fn remote(&self) -> Color {
        self.remote
    }

    fn send(&mut self, id: u32, report: &Report) {
        let gone = self.views.get_mut(&id).is_some_and(|view| view.outbox.send(report).is_err());
        if gone {
            // A view that cannot be written to is gone: dropped now, its seat free.
            self.views.remove(&id);
            if self.player == Some(id) {
                self.player = None;
            }
        }
    }

    /// The views that have the game whole.
    fn attached(&self) -> Vec<u32> {
        self.views.iter().filter(|(_, view)| view.attached).map(|(id, _)| *id).collect()
    }

    fn tell_all(&mut self, report: &Report, but: Option<u32>) {
        for id in self.attached() {
            if Some(id) != but {
                self.send(id, report);
            }
        }
    }

    fn watching(&self) -> usize {
        self.views.values().filter(|v| v.standing == Standing::Watching).count()
    }

    fn side(&self) -> &'static str {
        self.remote.name()
    }

    /// News for everyone: the host's screen and the views.
    fn news(&mut self, text: String, out: &mut Vec<Arrival>, but: Option<u32>) {
        self.tell_all(&Report::Say { who: "hotseat".to_owned(), text: text.clone() }, but);
        out.push(Arrival::News(Message::info(text)));
    }

    fn left(&mut self, id: u32, app: &App, out: &mut Vec<Arrival>) {
        let Some(view) = self.views.remove(&id) else { return };
        // Its last words (why it is dropped) go on a thread of their own.
        let outbox = view.outbox;
        let _ = thread::Builder::new()
            .name("host-bye".to_owned())
            .spawn(move || outbox.finish(Duration::from_secs(1)));
        if self.player == Some(id) {
            self.player = None;
            let mut text = strings::left(self.side());
            if self.away(app) {
                // The clocks stop first, so the news is the last word on the screen.
                out.push(Arrival::HoldClocks(true));
                self.held = true;
                text = format!("{text}. {}", strings::CLOCKS_STOPPED);
            }
            self.news(text, out, None);
        } else if view.standing == Standing::Watching {
            let count = self.watching();
            self.news(strings::watching(count), out, None);
        }
    }

    /// Whether the clocks should stop: the player to move is away.
    fn away(&self, app: &App) -> bool {
        let running = app.clocks().is_some_and(crate::clock::Clocks::is_running);
        self.player.is_none()
            && !self.engine[self.remote]
            && running
            && app.game().turn() == self.remote
            && !app.game().is_over()
    }

    fn hello(&mut self, id: u32, coming: Coming, out: &mut Vec<Arrival>) {
        // The seat goes only to a view still there, and only while nobody holds it.
        let seated = coming == Coming::Play && self.player.is_none() && !self.engine[self.remote];
        let Some(view) = self.views.get_mut(&id) else { return };
        view.standing = if seated { Standing::Seated } else { Standing::Watching };
        if seated {
            self.player = Some(id);
            if std::mem::take(&mut self.held) {
                // The clocks go on first, so the news is the last word on the screen.
                out.push(Arrival::HoldClocks(false));
            }
            self.news(strings::joined(self.side()), out, Some(id));
        } else {
            let count = self.watching();
            self.news(strings::watching(count), out, Some(id));
        }
    }

    /// A line from a view; a deed of the remote seat's player goes to the door.
    fn heard_line(&mut self, id: u32, request: Request, app: &App, out: &mut Vec<Arrival>) {
        let Some(standing) = self.views.get(&id).map(|view| view.standing) else { return };
        match (standing, request) {
            (Standing::Greeting, Request::Hello { coming, .. }) => self.hello(id, coming, out),
            (Standing::Greeting, _) | (_, Request::Hello { .. }) => {
                self.broken(id, "hello first, and once", app, out);
            }
            (_, Request::Bye) => self.left(id, app, out),
            (_, Request::Sync) => {
                if let Some(view) = self.views.get_mut(&id) {
                    view.attached = false;
                }
            }
            (standing, Request::Say(text)) => {
                let who = match standing {
                    Standing::Seated => app.player(self.remote).to_owned(),
                    _ => "spectator".to_owned(),
                };
                self.tell_all(&Report::Say { who: who.clone(), text: text.clone() }, Some(id));
                out.push(Arrival::News(Message::info(strings::said(&who, &text))));
            }
            (Standing::Seated, Request::Do(deed)) => match deed.deed(self.remote, app.game().position()) {
                Ok(deed) => out.push(Arrival::Deed(REMOTE, deed)),
                Err(refusal) => self.send(id, &Report::Refused(refusal)),
            },
            (Standing::Watching, Request::Do(_)) => self.send(id, &Report::Refused(Refusal::Watching)),
        }
    }

    fn broken(&mut self, id: u32, why: &str, app: &App, out: &mut Vec<Arrival>) {
        self.send(id, &Report::End(strings::dropped(why)));
        self.left(id, app, out);
    }

    fn came(&mut self, id: u32, stream: UnixStream) {
        let shut = stream.try_clone();
        let outbox = Outbox::start(stream, move || {
            if let Ok(stream) = shut {
                let _ = stream.shutdown(Shutdown::Both);
            }
        });
        let mut view = View { outbox, standing: Standing::Greeting, attached: false };
        if self.views.len() >= MAX_VIEWS {
            let _ = view.outbox.send(&Report::End(strings::TOO_MANY.to_owned()));
            // Its last words go on a thread of their own: the game never waits.
            let outbox = view.outbox;
            let _ = thread::Builder::new()
                .name("host-bye".to_owned())
                .spawn(move || outbox.finish(Duration::from_secs(1)));
            return;
        }
        self.views.insert(id, view);
    }

    /// Sends `id` the game whole: its seat, the record, the clocks.
    fn attach(&mut self, id: u32, app: &App, pgn: &dyn Fn() -> Option<String>) {
        let seat = (self.player == Some(id)).then_some(self.remote);
        self.send(id, &Report::Welcome { version: VERSION, seat });
        self.send(id, &Report::Game { asked: app.asked(), pgn: pgn().unwrap_or_default() });
        if let Some(clocks) = clocks_of(app) {
            self.send(id, &clocks);
        }
        if let Some(view) = self.views.get_mut(&id) {
            view.attached = true;
        }
    }
}

/// The clocks as the app has them, for the views.
fn clocks_of(app: &App) -> Option<Report> {
    let (white, black) = (app.clock_face(Color::White)?, app.clock_face(Color::Black)?);
    Some(Report::Clocks { white: white.left, black: black.left, paused: app.clocks_paused() })
}

/// The side whose flag fell, when the game was lost (or drawn) on time.
fn flag_of(outcome: Outcome, turn: Color) -> Option<Color> {
    match outcome.reason {
        Reason::Timeout => outcome.result.winner().map(|winner| !winner),
        Reason::TimeoutWithInsufficientMaterial => Some(turn),
        _ => None,
    }
}

/// Reads a view's lines on a thread of its own: each bounded, rated and checked, so
/// only well-formed requests reach the game.
fn read_view(id: u32, stream: UnixStream, heard: Sender<Heard>, wake: Waker, hello_wait: Duration) {
    let spawned = thread::Builder::new().name("host-view".to_owned()).spawn(move || {
        // The hello must come in time; after it, a view may be quiet as long as it likes.
        let timer = stream.try_clone().ok();
        if let Some(timer) = &timer {
            let _ = timer.set_read_timeout(Some(hello_wait));
        }
        let mut lines = LineReader::new(BufReader::new(stream), MAX_REQUEST);
        let mut rate = Rate::new(Instant::now());
        let mut first = true;
        loop {
            let line = lines.next_line();
            if std::mem::take(&mut first)
                && let Some(timer) = &timer
            {
                let _ = timer.set_read_timeout(None);
            }
            let said = match line {
                Ok(None) => Heard::Left(id),
                Ok(Some(line)) => match rate.count(Instant::now()).and_then(|()| Request::read(&line)) {
                    Ok(request) => Heard::Line(id, request),
                    Err(err) => Heard::Broken(id, err.to_string()),
                },
                Err(err)
                    if matches!(
                        err.kind(),
                        std::io::ErrorKind::WouldBlock | std::io::ErrorKind::TimedOut
                    ) =>
                {
                    Heard::Broken(id, strings::NO_HELLO.to_owned())
                }
                Err(err) => match err.get_ref().and_then(|e| e.downcast_ref::<LineError>()) {
                    Some(line) => Heard::Broken(id, line.to_string()),
                    None => Heard::Left(id),
                },
            };
            let done = !matches!(said, Heard::Line(..));
            if heard.send(said).is_err() {
                break;
            }
            wake();
            if done {
                break;
            }
        }
    });
    drop(spawned);
}

impl Source for Referee {
    fn poll(&mut self, app: &App, _now: Instant) -> Vec<Arrival> {
        while let Ok(heard) = self.heard.try_recv() {
            self.waiting.push_back(heard);
        }
        let mut out = Vec::new();
        while let Some(heard) = self.waiting.pop_front() {
            // A view that says hello is sent the game whole (when the views are next
            // told) before anything else it says is answered.
            let hello = matches!(heard, Heard::Line(_, Request::Hello { .. }));
            match heard {
                Heard::Came(id, stream) => self.came(id, stream),
                Heard::Line(id, request) => self.heard_line(id, request, app, &mut out),
                Heard::Broken(id, why) => self.broken(id, &why, app, &mut out),
                Heard::Left(id) => self.left(id, app, &mut out),
            }
            // A deed is done before the next line is read against the game.
            if hello || out.iter().any(|arrival| matches!(arrival, Arrival::Deed(..))) {
                break;
            }
        }
        // The engine took the seat of a player away: its clocks go on, for it to move.
        if self.held && self.engine[self.remote] {
            self.held = false;
            out.push(Arrival::HoldClocks(false));
        }
        // The player to move is away (it left before its turn came): the clocks stop.
        if self.away(app) && !self.held && !out.iter().any(|a| matches!(a, Arrival::Deed(..))) {
            self.held = true;
            out.push(Arrival::HoldClocks(true));
            out.push(Arrival::News(Message::info(strings::CLOCKS_STOPPED)));
        }
        out
    }

    fn next_look(&self, _app: &App) -> Option<Duration> {
        (!self.waiting.is_empty()).then_some(Duration::ZERO)
    }

    fn refused(&mut self, _app: &App, feeder: Feeder, refusal: Refusal) {
        if feeder == REMOTE
            && let Some(player) = self.player
        {
            self.send(player, &Report::Refused(refusal));
        }
    }
}

impl Views for Referee {
    fn tell(&mut self, app: &App, news: &News, pgn: &dyn Fn() -> Option<String>) {
        let now =
            Told { games: app.games_played(), outcome: app.game().outcome(), paused: app.clocks_paused() };
        let before = self.told.replace(now);
        // A new game (a rematch, the colours swapped): every view is sent it whole,
        // the player first its new seat.
        if before.is_some_and(|before| before.games != now.games) {
            self.remote = !self.remote;
            self.held = false;
            (self.waker)();
            for view in self.views.values_mut() {
                view.attached = false;
            }
        }
        let fresh: Vec<u32> = self
            .views
            .iter()
            .filter(|(_, view)| !view.attached && view.standing != Standing::Greeting)
            .map(|(id, _)| *id)
            .collect();
        let attached = self.attached();
        let pos = app.game().position();
        let mut lines: Vec<Report> = news
            .done
            .iter()
            .filter_map(|&(deed, by, _)| WireDeed::of(deed, pos).map(|deed| Report::Did(by, deed)))
            .collect();
        if let Some(before) = before
            && before.outcome != now.outcome
            && let Some(fallen) = now.outcome.and_then(|outcome| flag_of(outcome, app.game().turn()))
        {
            lines.push(Report::Flag(fallen));
        }
        let moved = news.done.iter().any(|(deed, ..)| deed.is_move());
        if moved || before.is_some_and(|before| before.paused != now.paused) {
            lines.extend(clocks_of(app));
        }
        for id in attached {
            for line in &lines {
                self.send(id, line);
            }
        }
        for id in fresh {
            self.attach(id, app, pgn);
        }
        if self.away(app) && !self.held {
            // Stopped at the next look, as the player to move is away.
            (self.waker)();
        }
    }

    fn say(&mut self, app: &App, text: &str) -> Option<Message> {
        let text = text.trim();
        if text.is_empty() {
            return None;
        }
        let who = app.player(!self.remote).to_owned();
        let text: String = text.chars().take(super::protocol::MAX_CHAT).collect();
        self.tell_all(&Report::Say { who: who.clone(), text: text.clone() }, None);
        Some(Message::info(strings::said(&who, &text)))
    }
}

impl Elsewhere for Referee {
    fn refereed_elsewhere(&self) -> bool {
        false
    }

    fn seats(&self) -> Seats {
        match self.remote {
            Color::White => Seats::fed(REMOTE, Feeder::Here),
            Color::Black => Seats::fed(Feeder::Here, REMOTE),
        }
    }

    fn open_seats(&self) -> ByColor<bool> {
        let open = self.player.is_none();
        ByColor { white: open && self.remote == Color::White, black: open && self.remote == Color::Black }
    }

    fn engine_plays(&mut self, sides: ByColor<bool>) {
        self.engine = sides;
    }
}

/// The views of a game that ended, to be told where it is.
pub struct Farewells(Vec<Outbox>);

impl Farewells {
    /// Tells every view the game ended, with `farewell` (where it was saved), and
    /// lets the words go for at most a second.
    pub fn end(self, farewell: &str) {
        let deadline = Instant::now() + Duration::from_secs(1);
        for mut outbox in self.0 {
            let _ = outbox.send(&Report::End(strings::host_ended(farewell)));
            outbox.finish(deadline.saturating_duration_since(Instant::now()));
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_connection_that_never_says_hello_is_let_go() {
        let (ours, theirs) = UnixStream::pair().expect("a pair");
        let (sender, heard) = mpsc::channel();
        read_view(7, ours, sender, std::sync::Arc::new(|| {}), Duration::from_millis(50));
        let said = heard.recv_timeout(Duration::from_secs(10)).expect("heard in time");
        assert!(
            matches!(said, Heard::Broken(7, ref why) if why == strings::NO_HELLO),
            "a hello is waited for"
        );
        drop(theirs);
    }

    #[test]
    fn after_the_hello_a_view_may_be_quiet() {
        use std::io::Write as _;
        let (ours, mut theirs) = UnixStream::pair().expect("a pair");
        let (sender, heard) = mpsc::channel();
        read_view(8, ours, sender, std::sync::Arc::new(|| {}), Duration::from_millis(50));
        theirs.write_all(b"hello hotseat 2 watch\n").expect("sent");
        assert!(matches!(
            heard.recv_timeout(Duration::from_secs(10)),
            Ok(Heard::Line(8, Request::Hello { .. }))
        ));
        // Quiet for longer than the hello may take: still there.
        assert!(heard.recv_timeout(Duration::from_millis(300)).is_err());
        drop(theirs);
        assert!(matches!(heard.recv_timeout(Duration::from_secs(10)), Ok(Heard::Left(8))));
    }
}
