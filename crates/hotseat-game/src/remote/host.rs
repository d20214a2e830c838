//! The hosting side: the game's own process, the referee. It is one more [`Source`]
//! of the session (the remote seat's player, whose requests come to the door as
//! deeds) and its [`Views`] (every terminal joined, told what was done): a thread
//! takes connections on the game's socket, a thread per connection reads its lines
//! (bounded, rated, checked, each within a deadline), and the game's loop hears them
//! between its own keys. Views are told through an [`Outbox`] each: a view that
//! stops reading is dropped, never waited for. The game's whole record crosses only
//! when a view attaches (or asks again, or a new game starts); after that, what was
//! done.
//!
//! Bounded as a whole, not per connection, so that no peer (nor many) can stall the
//! game or fill the memory:
//!
//! - connections are taken at most [`ACCEPT_BURST`] at once and [`ACCEPT_PER_SECOND`]
//!   after that, and at most [`MAX_CONNECTIONS`] live, before a thread is spent on
//!   them; of those that have not said hello yet at most [`MAX_GREETING`] wait, the
//!   oldest let go for a newer one;
//! - the hello comes within [`HELLO_WAIT`] of the connection, and every line within
//!   [`LINE_WAIT`] of its first byte, however slowly its bytes trickle;
//! - the threads hand the game's loop what they read through a queue of [`QUEUE`]
//!   lines (a reader waits while it is full), and the loop takes at most [`PER_LOOK`]
//!   of them before it draws; news wakes the loop once, however much comes;
//! - at most [`MAX_VIEWS`] views, a place always kept for the seat's player; what
//!   waits for each is at most [`MAX_OUTBOX`] bytes; spectators' chat, all together,
//!   at most [`CHAT_BURST`] lines at once and [`CHAT_PER_SECOND`] after that.
//!
//! So what peers can make the host hold is about [`MAX_VIEWS`] × [`MAX_OUTBOX`]
//! (20 MiB with the largest game; a few hundred kilobytes with a usual one), the
//! queue's [`QUEUE`] × [`MAX_REQUEST`], and a reading buffer per connection.
//!
//! The seat belongs to its player: see [`super::protocol`].

use std::collections::{BTreeMap, VecDeque};
use std::io::{self, BufReader, Read, Write};
use std::net::Shutdown;
use std::os::unix::net::UnixStream;
use std::sync::atomic::{AtomicBool, AtomicUsize, Ordering};
use std::sync::mpsc::{self, Receiver, SyncSender, TrySendError};
use std::sync::{Arc, Mutex, PoisonError};
use std::thread;
use std::time::{Duration, Instant};

use super::protocol::{
    Coming, LineError, LineReader, MAX_GAME, MAX_OUTBOX, MAX_REQUEST, Outbox, Rate, Report, Request, Token,
    VERSION, WireDeed,
};
use super::socket::{self, Hosted};
use super::strings;
use crate::app::{App, Message, Refusal};
use crate::session::{Arrival, Elsewhere, Feeder, News, Seats, Source, Views, Waker};
use hotseat_chess::{ByColor, Color, Outcome, Reason};

/// The feeder of the remote seat.
pub const REMOTE: Feeder = Feeder::Other(1);

/// The most views at once: the seat's player, and the spectators.
pub const MAX_VIEWS: usize = 16;

/// The most spectators: a place among the views is always kept for the player.
pub const MAX_SPECTATORS: usize = MAX_VIEWS - 1;

/// The most connections waiting for their hello: a newer one lets the oldest go.
pub const MAX_GREETING: usize = 16;

/// The most connections at once, each with a thread reading it: the views, those
/// waiting for their hello, and a few on their way out.
pub const MAX_CONNECTIONS: usize = MAX_VIEWS + MAX_GREETING + 8;

/// Connections taken at once before the rate counts.
pub const ACCEPT_BURST: f64 = 64.0;

/// Connections taken a second, over time.
pub const ACCEPT_PER_SECOND: f64 = 50.0;

/// How long a connection may take to say hello, from the moment it connects.
pub const HELLO_WAIT: Duration = Duration::from_secs(10);

/// How long a line may take, from its first byte to its end.
pub const LINE_WAIT: Duration = Duration::from_secs(10);

/// How long a write to a peer may wait for it to read.
pub const WRITE_WAIT: Duration = Duration::from_secs(10);

/// The lines on their way from the readers to the game's loop.
pub const QUEUE: usize = 256;

/// The most lines the game's loop takes before it draws again.
pub const PER_LOOK: usize = 64;

/// Spectators' chat, all together: lines at once.
pub const CHAT_BURST: f64 = 10.0;

/// Spectators' chat, all together: lines a second, over time.
pub const CHAT_PER_SECOND: f64 = 2.0;

/// What the threads of the socket tell the game's loop.
enum Heard {
    /// A connection said hello (its uid checked, its hello well-formed): it wants to
    /// play (presenting a token, maybe) or to watch.
    Hello { id: u32, coming: Coming, token: Option<Token>, stream: UnixStream },
    /// A line from a view, checked.
    Line(u32, Request),
    /// A view sent a bad line, or too slowly: it is dropped with this reason.
    Broken(u32, String),
    /// A view went.
    Left(u32),
}

/// A connected view.
struct View {
    outbox: Outbox,
    /// Whether it holds the remote seat (it watches otherwise).
    seated: bool,
    /// Whether it has the game whole (after its hello, or a `sync`, it is sent it).
    attached: bool,
    /// Found gone while being told: dropped at the next look.
    gone: bool,
    /// News for it alone, once it has the game.
    note: Option<String>,
    stream: UnixStream,
}

/// Whose the remote seat is, beyond the view that holds it now.
struct Keeper {
    /// What has the seat back.
    token: Token,
    /// Whether the seat is kept for the token when its view goes: its player said it
    /// has the game (`ready`). Until then, a view that goes leaves the seat open.
    kept: bool,
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
    /// Whether the threads may have more than the loop took.
    behind: bool,
    views: BTreeMap<u32, View>,
    /// The view holding the remote seat, if one does.
    player: Option<u32>,
    /// The seat's token, once a player took it.
    keeper: Option<Keeper>,
    /// The sides the engine plays: a seat it holds is nobody else's.
    engine: ByColor<bool>,
    /// The clocks were stopped here because the player to move is away.
    held: bool,
    told: Option<Told>,
    /// Spectators' chat, all together.
    chat: Rate,
    /// Whether the loop was woken and has not looked yet: the threads wake it once.
    woken: Arc<AtomicBool>,
    waker: Waker,
    _hosted: Hosted,
}

/// Wakes the game's loop once, however many threads have news before it looks.
fn waking(waker: Waker, woken: Arc<AtomicBool>) -> Waker {
    Arc::new(move || {
        if !woken.swap(true, Ordering::SeqCst) {
            waker();
        }
    })
}

impl Referee {
    /// Hosts the game on `hosted`, its remote seat `remote`; `waker` wakes the game's
    /// loop when a view says something.
    pub fn start(hosted: Hosted, remote: Color, waker: Waker) -> io::Result<Referee> {
        let (sender, heard) = mpsc::sync_channel(QUEUE);
        let listener = hosted.listener().try_clone()?;
        let woken = Arc::new(AtomicBool::new(false));
        let waker = waking(waker, Arc::clone(&woken));
        let wake = waker.clone();
        thread::Builder::new().name("host-accept".to_owned()).spawn(move || {
            let mut door = Door::new(sender, wake, Waits::default());
            for stream in listener.incoming() {
                match stream {
                    Ok(stream) => door.came(stream),
                    // Out of file descriptors, say: a moment, rather than a busy loop.
                    Err(_) => thread::sleep(Duration::from_millis(10)),
                }
            }
        })?;
        Ok(Referee {
            remote,
            heard,
            waiting: VecDeque::new(),
            behind: false,
            views: BTreeMap::new(),
            player: None,
            keeper: None,
            engine: ByColor { white: false, black: false },
            held: false,
            told: None,
            chat: Rate::of(CHAT_BURST, CHAT_PER_SECOND, Instant::now()),
            woken,
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

    /// Sends `id` a line; a view that cannot be written to is gone, and dropped at
    /// the next look (its seat freed, the clocks stopped if it was to move).
    fn send(&mut self, id: u32, report: &Report) {
        let Some(view) = self.views.get_mut(&id) else { return };
        if view.gone || view.outbox.send(report).is_ok() {
            return;
        }
        view.gone = true;
        (self.waker)();
    }

    /// The views that have the game whole.
    fn attached(&self) -> Vec<u32> {
        self.views.iter().filter(|(_, view)| view.attached && !view.gone).map(|(id, _)| *id).collect()
    }

    fn tell_all(&mut self, report: &Report, but: Option<u32>) {
        for id in self.attached() {
            if Some(id) != but {
                self.send(id, report);
            }
        }
    }

    fn watching(&self) -> usize {
        self.views.values().filter(|v| !v.seated).count()
    }

    fn side(&self) -> &'static str {
        self.remote.name()
    }

    /// News for everyone: the host's screen and the views.
    fn news(&mut self, text: String, out: &mut Vec<Arrival>, but: Option<u32>) {
        self.tell_all(&Report::Say { who: "hotseat".to_owned(), text: text.clone() }, but);
        out.push(Arrival::News(Message::info(text)));
    }

    /// Lets a view go: what is queued for it still goes, and its reading ends.
    fn let_go(view: View) {
        let _ = view.stream.shutdown(Shutdown::Read);
        view.outbox.close();
    }

    fn left(&mut self, id: u32, app: &App, out: &mut Vec<Arrival>) {
        let Some(view) = self.views.remove(&id) else { return };
        Referee::let_go(view);
        if self.player == Some(id) {
            self.player = None;
            let kept = self.keeper.as_ref().is_some_and(|keeper| keeper.kept);
            let mut text = if kept {
                strings::left(self.side())
            } else {
                // Gone before it had the game: the seat is open, as it found it.
                self.keeper = None;
                strings::left_open(self.side())
            };
            if self.away(app) {
                // The clocks stop first, so the news is the last word on the screen.
                out.push(Arrival::HoldClocks(true));
                self.held = true;
                text = format!("{text}. {}", strings::CLOCKS_STOPPED);
            }
            self.news(text, out, None);
        } else {
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

    /// The seat for a view that comes to play with `token`: whether it takes it.
    fn seats(&self, token: Option<&Token>) -> Seating {
        if self.engine[self.remote] {
            return Seating::Engine;
        }
        match (&self.keeper, token) {
            (Some(keeper), Some(token)) if keeper.kept && keeper.token.matches(token) => Seating::Back,
            (_, _) if self.player.is_some() => Seating::Taken,
            (Some(keeper), _) if keeper.kept => Seating::Kept,
            _ => Seating::New,
        }
    }

    fn hello(
        &mut self,
        id: u32,
        coming: Coming,
        token: Option<&Token>,
        stream: UnixStream,
        app: &App,
        out: &mut Vec<Arrival>,
    ) {
        let outbox = outbox(&stream);
        let view = View { outbox, seated: false, attached: false, gone: false, note: None, stream };
        // A seat goes only to a view still there: one gone before its welcome is let
        // go without a word.
        if !is_there(&view.stream) {
            Referee::let_go(view);
            return;
        }
        // The view holding the seat may be gone without a word yet: it goes first.
        if let Some(player) = self.player
            && self.views.get(&player).is_none_or(|view| view.gone || !is_there(&view.stream))
        {
            self.left(player, app, out);
        }
        let seating = if coming == Coming::Play { self.seats(token) } else { Seating::Watch };
        if seating.seated() {
            self.views.insert(id, View { seated: true, ..view });
            if let Some(before) = self.player.replace(id) {
                // The player came back from elsewhere: the old view goes.
                self.send(before, &Report::End(strings::JOINED_AGAIN.to_owned()));
                if let Some(old) = self.views.remove(&before) {
                    Referee::let_go(old);
                }
            }
            if seating == Seating::New {
                self.keeper = Some(Keeper { token: Token::new(), kept: false });
            }
            if std::mem::take(&mut self.held) {
                // The clocks go on first, so the news is the last word on the screen.
                out.push(Arrival::HoldClocks(false));
            }
            self.news(strings::joined(self.side()), out, Some(id));
            return;
        }
        if self.watching() >= MAX_SPECTATORS {
            let mut view = view;
            let _ = view.outbox.send(&Report::End(strings::TOO_MANY.to_owned()));
            Referee::let_go(view);
            return;
        }
        let kept = seating == Seating::Kept;
        // Said on both screens: the seat is its player's, who is away.
        let note = kept.then(|| strings::kept_there(self.side()));
        self.views.insert(id, View { note, ..view });
        let text = if kept { strings::kept_here(self.side()) } else { strings::watching(self.watching()) };
        self.news(text, out, Some(id));
    }

    /// A line from a view; a deed of the remote seat's player goes to the door.
    fn heard_line(&mut self, id: u32, request: Request, app: &App, out: &mut Vec<Arrival>) {
        let Some(seated) = self.views.get(&id).map(|view| view.seated) else { return };
        match (seated, request) {
            (_, Request::Hello { .. }) => self.broken(id, "hello first, and once", app, out),
            (_, Request::Bye) => self.left(id, app, out),
            (true, Request::Ready) => {
                if let Some(keeper) = &mut self.keeper {
                    keeper.kept = true;
                }
            }
            (false, Request::Ready) => {}
            (_, Request::Sync) => {
                if let Some(view) = self.views.get_mut(&id) {
                    view.attached = false;
                }
            }
            (seated, Request::Say(text)) => {
                if !seated && self.chat.count(Instant::now()).is_err() {
                    let hush =
                        Report::Say { who: "hotseat".to_owned(), text: strings::TOO_MUCH_CHAT.to_owned() };
                    self.send(id, &hush);
                    return;
                }
                let who = if seated { app.player(self.remote).to_owned() } else { "spectator".to_owned() };
                self.tell_all(&Report::Say { who: who.clone(), text: text.clone() }, Some(id));
                out.push(Arrival::News(Message::info(strings::said(&who, &text))));
            }
            (true, Request::Do(deed)) => match deed.deed(self.remote, app.game().position()) {
                Ok(deed) => out.push(Arrival::Deed(REMOTE, deed)),
                Err(refusal) => self.send(id, &Report::Refused(refusal)),
            },
            (false, Request::Do(_)) => self.send(id, &Report::Refused(Refusal::Watching)),
        }
    }

    fn broken(&mut self, id: u32, why: &str, app: &App, out: &mut Vec<Arrival>) {
        self.send(id, &Report::End(strings::dropped(why)));
        self.left(id, app, out);
    }

    /// Sends `id` the game whole: its seat, the record, the clocks. A game too big to
    /// send is said so, and the view let go.
    fn attach(&mut self, id: u32, app: &App, pgn: &dyn Fn() -> Option<String>) {
        let seat = (self.player == Some(id))
            .then(|| self.keeper.as_ref().map(|keeper| (self.remote, keeper.token.clone())))
            .flatten();
        let game = Report::Game { asked: app.asked(), pgn: pgn().unwrap_or_default() };
        let line = game.to_string();
        if line.len() > MAX_GAME {
            self.send(id, &Report::End(strings::game_too_big(line.len(), MAX_GAME)));
            if let Some(view) = self.views.get_mut(&id) {
                view.gone = true;
            }
            return;
        }
        self.send(id, &Report::Welcome { version: VERSION, seat });
        self.send(id, &game);
        if let Some(clocks) = clocks_of(app) {
            self.send(id, &clocks);
        }
        let note = self.views.get_mut(&id).and_then(|view| {
            view.attached = true;
            view.note.take()
        });
        if let Some(text) = note {
            self.send(id, &Report::Say { who: "hotseat".to_owned(), text });
        }
    }
}

/// What a view that comes to play gets.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Seating {
    /// The open seat, with a new token.
    New,
    /// Its own seat back: it presented the token.
    Back,
    /// The seat is held by a view here now: it watches.
    Taken,
    /// The seat is kept for its player, who is away: it watches, and is told so.
    Kept,
    /// The engine holds the seat: it watches.
    Engine,
    /// It came to watch.
    Watch,
}

impl Seating {
    fn seated(self) -> bool {
        matches!(self, Seating::New | Seating::Back)
    }
}

/// An outbox writing to `stream`, a write waiting at most [`WRITE_WAIT`] for the peer.
fn outbox(stream: &UnixStream) -> Outbox {
    let writing = stream.try_clone();
    let shut = stream.try_clone();
    let Ok(writing) = writing else {
        // No descriptor left for it: an outbox that says the peer is gone.
        return Outbox::closed();
    };
    let _ = writing.set_write_timeout(Some(WRITE_WAIT));
    Outbox::with_limit(
        writing,
        move || {
            if let Ok(stream) = shut {
                let _ = stream.shutdown(Shutdown::Both);
            }
        },
        MAX_OUTBOX,
    )
}

/// Whether the peer at the other end of `stream` is still there: it has not closed
/// its end (anything it sent and nobody read yet says it was there to send it).
fn is_there(stream: &UnixStream) -> bool {
    use rustix::net::{RecvFlags, recv};
    let mut byte = [0u8; 1];
    match recv(stream, &mut byte, RecvFlags::PEEK | RecvFlags::DONTWAIT) {
        Ok((_, n)) => n > 0,
        Err(err) => err == rustix::io::Errno::AGAIN || err == rustix::io::Errno::INTR,
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

/// How long a connection may take: its hello, and each line.
#[derive(Clone, Copy, Debug)]
struct Waits {
    hello: Duration,
    line: Duration,
}

impl Default for Waits {
    fn default() -> Waits {
        Waits { hello: HELLO_WAIT, line: LINE_WAIT }
    }
}

/// The connections waiting for their hello, oldest first: a newer one lets the oldest
/// go when there are too many.
type Greeting = Arc<Mutex<VecDeque<(u32, UnixStream)>>>;

/// Where connections come in, on the accepting thread: each counted against the rate
/// and the live connections before a thread is spent on it.
struct Door {
    heard: SyncSender<Heard>,
    wake: Waker,
    waits: Waits,
    rate: Rate,
    live: Arc<AtomicUsize>,
    greeting: Greeting,
    next: u32,
}

impl Door {
    fn new(heard: SyncSender<Heard>, wake: Waker, waits: Waits) -> Door {
        Door {
            heard,
            wake,
            waits,
            rate: Rate::of(ACCEPT_BURST, ACCEPT_PER_SECOND, Instant::now()),
            live: Arc::new(AtomicUsize::new(0)),
            greeting: Arc::new(Mutex::new(VecDeque::new())),
            next: 0,
        }
    }

    fn came(&mut self, stream: UnixStream) {
        // Another user's process is refused before a byte is read.
        if !socket::is_ours(&stream) {
            let _ = stream.shutdown(Shutdown::Both);
            return;
        }
        if self.rate.count(Instant::now()).is_err() || self.live.load(Ordering::SeqCst) >= MAX_CONNECTIONS {
            say_end(&stream, strings::TOO_MANY_AT_ONCE, Duration::from_millis(10));
            return;
        }
        self.next = self.next.wrapping_add(1);
        let id = self.next;
        let Ok(waiting) = stream.try_clone() else { return };
        {
            let mut greeting = self.greeting.lock().unwrap_or_else(PoisonError::into_inner);
            while greeting.len() >= MAX_GREETING {
                if let Some((_, oldest)) = greeting.pop_front() {
                    let _ = oldest.shutdown(Shutdown::Both);
                }
            }
            greeting.push_back((id, waiting));
        }
        let live = Live::count(&self.live);
        let reader = Reader {
            id,
            stream,
            heard: self.heard.clone(),
            wake: self.wake.clone(),
            greeting: Arc::clone(&self.greeting),
            waits: self.waits,
            live,
        };
        if thread::Builder::new().name("host-view".to_owned()).spawn(move || reader.run()).is_err() {
            greeted(&self.greeting, id);
        }
    }
}

/// One live connection counted, until dropped.
struct Live(Arc<AtomicUsize>);

impl Live {
    fn count(live: &Arc<AtomicUsize>) -> Live {
        live.fetch_add(1, Ordering::SeqCst);
        Live(Arc::clone(live))
    }
}

impl Drop for Live {
    fn drop(&mut self) {
        self.0.fetch_sub(1, Ordering::SeqCst);
    }
}

/// The connection `id` waits for its hello no more.
fn greeted(greeting: &Greeting, id: u32) {
    greeting.lock().unwrap_or_else(PoisonError::into_inner).retain(|(waiting, _)| *waiting != id);
}

/// A last line to a peer that is let go, written at most `within`; then the
/// connection is closed.
fn say_end(stream: &UnixStream, why: &str, within: Duration) {
    let mut stream = stream;
    let _ = stream.set_write_timeout(Some(within));
    let _ = writeln!(stream, "{}", Report::End(why.to_owned()));
    let _ = stream.shutdown(Shutdown::Both);
}

/// A connection read with deadlines that hold: the hello by a moment fixed when it
/// connected, and each line by a moment fixed at its first byte, however slowly the
/// bytes trickle (a timeout per read would start again with each byte).
struct Timed {
    stream: UnixStream,
    /// When the hello must have come by; `None` once it has.
    hello_by: Option<Instant>,
    /// When the line under way began (its first byte), if one is.
    line_since: Option<Instant>,
    line_wait: Duration,
}

impl Timed {
    fn deadline(&self) -> Option<Instant> {
        let line = self.line_since.map(|since| since + self.line_wait);
        [self.hello_by, line].into_iter().flatten().min()
    }
}

impl Read for Timed {
    fn read(&mut self, buf: &mut [u8]) -> io::Result<usize> {
        let timeout = match self.deadline() {
            None => None,
            Some(deadline) => {
                let left = deadline.saturating_duration_since(Instant::now());
                if left < Duration::from_millis(1) {
                    return Err(io::ErrorKind::TimedOut.into());
                }
                Some(left)
            }
        };
        self.stream.set_read_timeout(timeout)?;
        let n = match self.stream.read(buf) {
            Err(err) if err.kind() == io::ErrorKind::WouldBlock => return Err(io::ErrorKind::TimedOut.into()),
            read => read?,
        };
        if n > 0 {
            let now = Instant::now();
            match buf[..n].iter().rposition(|&b| b == b'\n') {
                // The bytes end a line: none is under way.
                Some(last) if last + 1 == n => self.line_since = None,
                // A new line began after the last one ended, now.
                Some(_) => self.line_since = Some(now),
                None => {
                    self.line_since.get_or_insert(now);
                }
            }
        }
        Ok(n)
    }
}

/// The thread reading one connection: its hello (or why it is let go, said by the
/// thread itself, so a connection that never says hello costs the game nothing),
/// then its lines, each bounded, rated and checked, so only well-formed requests
/// reach the game.
struct Reader {
    id: u32,
    stream: UnixStream,
    heard: SyncSender<Heard>,
    wake: Waker,
    greeting: Greeting,
    waits: Waits,
    /// Counted while the thread runs.
    live: Live,
}

impl Reader {
    fn run(self) {
        let Reader { id, stream, heard, wake, greeting, waits, live: _live } = self;
        let Ok(reading) = stream.try_clone() else {
            greeted(&greeting, id);
            return;
        };
        let timed = Timed {
            stream: reading,
            hello_by: Some(Instant::now() + waits.hello),
            line_since: None,
            line_wait: waits.line,
        };
        let mut lines = LineReader::new(BufReader::new(timed), MAX_REQUEST);
        let mut rate = Rate::new(Instant::now());
        let first = lines.next_line();
        greeted(&greeting, id);
        let hello = match first {
            Ok(Some(line)) => {
                rate.count(Instant::now()).and_then(|()| Request::read(&line)).map_err(|err| err.to_string())
            }
            // Gone before a word, or let go for a newer connection.
            Ok(None) => return,
            Err(err) => match why_broken(&err, true) {
                Some(why) => Err(why),
                None => return,
            },
        };
        let said = match hello {
            Ok(Request::Hello { coming, token, .. }) => Heard::Hello { id, coming, token, stream },
            refused => {
                let why = refused.err().unwrap_or_else(|| "hello first, and once".to_owned());
                say_end(&stream, &strings::dropped(&why), Duration::from_secs(1));
                return;
            }
        };
        lines.inner_mut().get_mut().hello_by = None;
        if !hand(&heard, &wake, said) {
            return;
        }
        loop {
            let said = match lines.next_line() {
                Ok(None) => Heard::Left(id),
                Ok(Some(line)) => match rate.count(Instant::now()).and_then(|()| Request::read(&line)) {
                    Ok(request) => Heard::Line(id, request),
                    Err(err) => Heard::Broken(id, err.to_string()),
                },
                Err(err) => why_broken(&err, false).map_or(Heard::Left(id), |why| Heard::Broken(id, why)),
            };
            let done = !matches!(said, Heard::Line(..));
            if !hand(&heard, &wake, said) || done {
                break;
            }
        }
    }
}

/// Hands the game's loop what was heard, waiting while its queue is full; whether the
/// loop still listens.
fn hand(heard: &SyncSender<Heard>, wake: &Waker, said: Heard) -> bool {
    let handed = match heard.try_send(said) {
        Ok(()) => true,
        Err(TrySendError::Full(said)) => {
            // The loop is behind: it is woken, and this reader waits its turn (and so
            // does its peer, whose lines wait unread).
            wake();
            heard.send(said).is_ok()
        }
        Err(TrySendError::Disconnected(_)) => false,
    };
    wake();
    handed
}

/// Why reading a connection failed, to tell it; `None` when it simply went.
fn why_broken(err: &io::Error, greeting: bool) -> Option<String> {
    if err.kind() == io::ErrorKind::TimedOut {
        return Some(if greeting { strings::NO_HELLO } else { strings::LINE_SLOW }.to_owned());
    }
    err.get_ref().and_then(|e| e.downcast_ref::<LineError>()).map(ToString::to_string)
}

impl Source for Referee {
    fn poll(&mut self, app: &App, _now: Instant) -> Vec<Arrival> {
        self.woken.store(false, Ordering::SeqCst);
        let mut out = Vec::new();
        // Views found gone while being told go first.
        let gone: Vec<u32> = self.views.iter().filter(|(_, view)| view.gone).map(|(id, _)| *id).collect();
        for id in gone {
            self.left(id, app, &mut out);
        }
        let mut taken = 0;
        while taken < PER_LOOK {
            let heard = match self.waiting.pop_front() {
                Some(heard) => heard,
                None => match self.heard.try_recv() {
                    Ok(heard) => heard,
                    Err(_) => break,
                },
            };
            taken += 1;
            // A view that says hello is sent the game whole (when the views are next
            // told) before anything else it says is answered.
            let hello = matches!(heard, Heard::Hello { .. });
            match heard {
                Heard::Hello { id, coming, token, stream } => {
                    self.hello(id, coming, token.as_ref(), stream, app, &mut out);
                }
                Heard::Line(id, request) => self.heard_line(id, request, app, &mut out),
                Heard::Broken(id, why) => self.broken(id, &why, app, &mut out),
                Heard::Left(id) => self.left(id, app, &mut out),
            }
            // A deed is done before the next line is read against the game.
            if hello || out.iter().any(|arrival| matches!(arrival, Arrival::Deed(..))) {
                break;
            }
        }
        // More may wait: the loop looks again at once, after it draws.
        self.behind = taken > 0;
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
        let gone = self.views.values().any(|view| view.gone);
        (self.behind || gone || !self.waiting.is_empty()).then_some(Duration::ZERO)
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
        let fresh: Vec<u32> =
            self.views.iter().filter(|(_, view)| !view.attached && !view.gone).map(|(id, _)| *id).collect();
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

    /// A reader of `ours`, waiting as `waits` says.
    fn reading(ours: UnixStream, waits: Waits) -> Receiver<Heard> {
        let (sender, heard) = mpsc::sync_channel(QUEUE);
        let live = Arc::new(AtomicUsize::new(0));
        let reader = Reader {
            id: 7,
            stream: ours,
            heard: sender,
            wake: Arc::new(|| {}),
            greeting: Arc::default(),
            waits,
            live: Live::count(&live),
        };
        thread::spawn(move || reader.run());
        heard
    }

    fn said_to(theirs: UnixStream) -> String {
        let _ = theirs.set_read_timeout(Some(Duration::from_secs(10)));
        let mut text = String::new();
        let _ = BufReader::new(theirs).read_to_string(&mut text);
        text
    }

    #[test]
    fn a_connection_that_never_says_hello_is_let_go_with_why() {
        let (ours, theirs) = UnixStream::pair().expect("a pair");
        let _heard = reading(ours, Waits { hello: Duration::from_millis(50), line: Duration::from_secs(10) });
        let said = said_to(theirs);
        assert!(said.contains(strings::NO_HELLO), "{said:?}");
    }

    #[test]
    fn a_hello_trickled_a_byte_at_a_time_is_let_go_by_its_deadline() {
        let (ours, mut theirs) = UnixStream::pair().expect("a pair");
        let waits = Waits { hello: Duration::from_millis(300), line: Duration::from_secs(10) };
        let _heard = reading(ours, waits);
        let start = Instant::now();
        let listen = theirs.try_clone().expect("a clone");
        let reading = thread::spawn(move || said_to(listen));
        for byte in b"hello hotseat 3 watc" {
            if theirs.write_all(&[*byte]).is_err() {
                break;
            }
            thread::sleep(Duration::from_millis(100));
        }
        let said = reading.join().expect("read");
        assert!(said.contains(strings::NO_HELLO), "{said:?}");
        assert!(start.elapsed() < Duration::from_secs(3), "{:?}", start.elapsed());
    }

    #[test]
    fn after_the_hello_a_view_may_be_quiet_but_a_line_has_a_deadline_from_its_first_byte() {
        let (ours, mut theirs) = UnixStream::pair().expect("a pair");
        let heard =
            reading(ours, Waits { hello: Duration::from_millis(200), line: Duration::from_millis(300) });
        theirs.write_all(b"hello hotseat 3 watch\n").expect("sent");
        assert!(matches!(heard.recv_timeout(Duration::from_secs(10)), Ok(Heard::Hello { id: 7, .. })));
        // Quiet for longer than the hello and a line may take: still there.
        assert!(heard.recv_timeout(Duration::from_millis(500)).is_err());
        // A line begun and never ended, a byte now and then: broken by its deadline.
        for byte in b"say hel" {
            let _ = theirs.write_all(&[*byte]);
            thread::sleep(Duration::from_millis(60));
        }
        let said = heard.recv_timeout(Duration::from_secs(10));
        assert!(
            matches!(said, Ok(Heard::Broken(7, ref why)) if why == strings::LINE_SLOW),
            "a line too slow"
        );
    }

    #[test]
    fn a_bad_first_line_never_reaches_the_game() {
        let (ours, mut theirs) = UnixStream::pair().expect("a pair");
        let heard = reading(ours, Waits::default());
        theirs.write_all(b"move e2e4\n").expect("sent");
        let said = said_to(theirs);
        assert!(said.contains("hello first"), "{said:?}");
        assert!(heard.recv_timeout(Duration::from_millis(200)).is_err());
    }

    #[test]
    fn a_peer_that_closed_its_end_is_not_there() {
        let (ours, theirs) = UnixStream::pair().expect("a pair");
        assert!(is_there(&ours));
        drop(theirs);
        assert!(!is_there(&ours));
        let (ours, mut theirs) = UnixStream::pair().expect("a pair");
        theirs.write_all(b"x").expect("sent");
        assert!(is_there(&ours));
    }
}
