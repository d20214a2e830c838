//! The hosting side: the game's own process, the referee. It wraps the real
//! [`Host`] (the saving, the engine) and adds the views: a thread takes connections
//! on the game's socket, a thread per view reads its lines (bounded, rated, checked),
//! and the game's loop hears them as [`Arrival`]s between its own keys, so a view's
//! action goes through the seats and the same [`App`] as a key. Views are told the
//! whole game when it changes, through an [`Outbox`] each: a view that stops reading
//! is dropped, never waited for.

use std::collections::BTreeMap;
use std::io::BufReader;
use std::net::Shutdown;
use std::os::unix::net::UnixStream;
use std::sync::mpsc::{self, Receiver, Sender};
use std::thread;
use std::time::{Duration, Instant};

use super::protocol::{
    Ask, Coming, LineError, LineReader, MAX_REQUEST, Outbox, Rate, Report, Request, State, VERSION,
};
use super::socket::{self, Hosted};
use super::strings;
use crate::app::{Action, Answer, App, Command, Effect, Message, MessageKind, Mode, Question, Show};
use crate::session::{Arrival, Feeder, Host, Seats, Waker};
use hotseat_chess::{Color, Move, Outcome};

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
    Seated(Color),
    /// It watches.
    Watching,
}

/// A connected view.
struct View {
    outbox: Outbox,
    standing: Standing,
}

/// What a view sees change: when it does, the views are sent the whole game.
type Fingerprint = (usize, Option<Outcome>, Option<Question>, Option<Color>, bool, Option<Move>, bool);

fn fingerprint(app: &App) -> Fingerprint {
    let paused = app.clocks().is_some_and(crate::clock::Clocks::is_paused);
    let over = app.should_quit();
    (
        app.game().ply(),
        app.game().outcome(),
        app.question(),
        app.draw_offer(),
        paused,
        app.game().moves().last().copied(),
        over,
    )
}

/// The referee's [`Host`]: the real one (`inner`), and the views.
pub struct Referee<H: Host> {
    inner: H,
    remote: Color,
    heard: Receiver<Heard>,
    views: BTreeMap<u32, View>,
    /// The view holding the remote seat, if one does.
    player: Option<u32>,
    /// The clocks were stopped here because the player to move is away.
    paused_for_away: bool,
    /// A pause or resume to ask of the app at the next look.
    toggle_pause: bool,
    /// What the views were last sent.
    sent: Option<Fingerprint>,
    /// A move from the remote player not yet seen played: its view, and the ply
    /// before it.
    pending_move: Option<(u32, usize)>,
    /// The question open at the last look (a rematch asked, to see it granted).
    asked: Option<Question>,
    /// The board here is to be turned to face the host's new side.
    turn_board: bool,
    /// The last line the referee itself put on the host's screen (news, a move
    /// played elsewhere): told already, not to be echoed to the views.
    own_words: Option<String>,
    waker: Waker,
    _hosted: Hosted,
}

impl<H: Host> Referee<H> {
    /// Hosts the game on `hosted`, its remote seat `remote`; `inner` carries out the
    /// app's effects; `waker` wakes the game's loop when a view says something.
    pub fn start(inner: H, hosted: Hosted, remote: Color, waker: Waker) -> std::io::Result<Referee<H>> {
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
            inner,
            remote,
            heard,
            views: BTreeMap::new(),
            player: None,
            paused_for_away: false,
            toggle_pause: false,
            sent: None,
            pending_move: None,
            asked: None,
            turn_board: false,
            own_words: None,
            waker,
            _hosted: hosted,
        })
    }

    /// Ends hosting: the real host back, and the views, to be told the end.
    pub fn close(self) -> (H, Views) {
        (self.inner, Views(self.views.into_values().map(|view| view.outbox).collect()))
    }

    fn state(&self, app: &App) -> State {
        let paused = app.clocks().is_some_and(crate::clock::Clocks::is_paused);
        let asked = match app.question() {
            Some(Question::Takeback { by }) => Some((Ask::Takeback, by)),
            Some(Question::Rematch { by: Some(by) }) => Some((Ask::Rematch, by)),
            _ => app.draw_offer().map(|by| (Ask::Draw, by)),
        };
        State { paused, asked, pgn: self.inner.pgn(app).unwrap_or_default() }
    }

    fn send(&mut self, id: u32, report: &Report) {
        let gone = self.views.get_mut(&id).is_some_and(|view| view.outbox.send(report).is_err());
        if gone {
            self.views.remove(&id);
            if self.player == Some(id) {
                self.player = None;
            }
        }
    }

    fn tell_all(&mut self, report: &Report, but: Option<u32>) {
        let ids: Vec<u32> = self
            .views
            .iter()
            .filter(|(id, v)| v.standing != Standing::Greeting && Some(**id) != but)
            .map(|(id, _)| *id)
            .collect();
        for id in ids {
            self.send(id, report);
        }
    }

    fn watching(&self) -> usize {
        self.views.values().filter(|v| v.standing == Standing::Watching).count()
    }

    fn side(&self) -> &'static str {
        self.remote.name()
    }

    /// News for everyone: the host's screen (an action from here) and the views.
    fn news(&mut self, text: String, out: &mut Vec<Arrival>, but: Option<u32>) {
        self.tell_all(&Report::Say { who: "hotseat".to_owned(), text: text.clone() }, but);
        self.own_words = Some(text.clone());
        out.push(Arrival::Act(Feeder::Here, Action::Report(Message::info(text))));
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
            self.away(app);
            let mut text = strings::left(self.side());
            if std::mem::take(&mut self.toggle_pause) {
                // The clocks stop first, so the news is the last word on the screen.
                out.push(Arrival::Act(Feeder::Here, Action::Command(Command::Pause)));
                text = format!("{text}. {}", strings::CLOCKS_STOPPED);
            }
            self.news(text, out, None);
        } else if view.standing == Standing::Watching {
            let count = self.watching();
            self.news(strings::watching(count), out, None);
        }
    }

    /// Stops the clocks when the player to move is away.
    fn away(&mut self, app: &App) {
        let running = app.clocks().is_some_and(crate::clock::Clocks::is_running);
        if self.player.is_none() && running && app.game().turn() == self.remote && !app.game().is_over() {
            self.toggle_pause = true;
            self.paused_for_away = true;
        }
    }

    fn hello(&mut self, id: u32, coming: Coming, app: &App, out: &mut Vec<Arrival>) {
        let seat = (coming == Coming::Play && self.player.is_none()).then_some(self.remote);
        if let Some(view) = self.views.get_mut(&id) {
            view.standing = seat.map_or(Standing::Watching, Standing::Seated);
        }
        self.send(id, &Report::Welcome { version: VERSION, seat });
        let state = Report::State(self.state(app));
        self.send(id, &state);
        if seat.is_some() {
            self.player = Some(id);
            let paused = app.clocks().is_some_and(crate::clock::Clocks::is_paused);
            if std::mem::take(&mut self.paused_for_away) && paused {
                // The clocks go on first, so the news is the last word on the screen.
                out.push(Arrival::Act(Feeder::Here, Action::Command(Command::Pause)));
            }
            self.news(strings::joined(self.side()), out, Some(id));
        } else {
            let count = self.watching();
            self.news(strings::watching(count), out, Some(id));
        }
    }

    /// A line from the remote player, as actions for the app.
    fn play(&mut self, id: u32, request: Request, app: &App, out: &mut Vec<Arrival>) {
        let act = |action| Arrival::Act(REMOTE, action);
        let mode = app.mode();
        let free = mode == Mode::Play;
        match request {
            // A move is played underneath whatever the host's screen shows (help, the
            // record, a comment half typed), as an engine's is: handed in whole.
            Request::Move(text) => {
                let turn = app.game().turn();
                match app.game().position().parse_uci(&text) {
                    Ok(m) => {
                        self.pending_move = Some((id, app.game().ply()));
                        out.push(act(Action::Play(m)));
                    }
                    Err(_) if turn != self.remote => {
                        self.send(id, &Report::Refused(not_yours(app)));
                    }
                    Err(err) => self.send(id, &Report::Refused(err.to_string())),
                }
            }
            Request::Resign if free => out.extend([
                act(Action::Command(Command::Resign)),
                act(Action::Answer(Answer::Side(self.remote))),
                act(Action::Answer(Answer::Yes)),
            ]),
            Request::Ask(Ask::Draw) if free => out.push(act(Action::Command(Command::OfferDraw))),
            Request::Claim if free => out.push(act(Action::Command(Command::ClaimDraw))),
            Request::Ask(Ask::Takeback) if free => out.push(act(Action::Command(Command::Undo))),
            Request::Ask(Ask::Rematch) if free && app.game().is_over() => out.extend([
                act(Action::Command(Command::NewGame)),
                act(Action::Answer(Answer::Side(self.remote))),
            ]),
            Request::Accept | Request::Decline => {
                let answer = if request == Request::Accept { Answer::Yes } else { Answer::No };
                if matches!(
                    app.question(),
                    Some(Question::DrawOffer { .. } | Question::Takeback { .. } | Question::Rematch { .. })
                ) {
                    out.push(act(Action::Answer(answer)));
                } else {
                    self.send(id, &Report::Refused(strings::NOTHING_ASKED.to_owned()));
                }
            }
            Request::Ask(_) => self.send(id, &Report::Refused(strings::NOT_YET.to_owned())),
            _ => self.send(id, &Report::Refused(strings::HOST_BUSY.to_owned())),
        }
    }

    fn heard_line(&mut self, id: u32, request: Request, app: &App, out: &mut Vec<Arrival>) {
        let Some(standing) = self.views.get(&id).map(|view| view.standing) else { return };
        match (standing, request) {
            (Standing::Greeting, Request::Hello { coming, .. }) => self.hello(id, coming, app, out),
            (Standing::Greeting, _) | (_, Request::Hello { .. }) => {
                self.broken(id, "hello first, and once", app, out);
            }
            (_, Request::Bye) => self.left(id, app, out),
            (standing, Request::Say(text)) => {
                let who = match standing {
                    Standing::Seated(color) => app.player(color).to_owned(),
                    _ => "spectator".to_owned(),
                };
                self.tell_all(&Report::Say { who: who.clone(), text: text.clone() }, Some(id));
                out.push(Arrival::Act(
                    Feeder::Here,
                    Action::Report(Message::info(strings::said(&who, &text))),
                ));
            }
            (Standing::Seated(_), request) => self.play(id, request, app, out),
            (Standing::Watching, _) => self.send(id, &Report::Refused(strings::ONLY_WATCHING.to_owned())),
        }
    }

    fn broken(&mut self, id: u32, why: &str, app: &App, out: &mut Vec<Arrival>) {
        self.send(id, &Report::End(strings::dropped(why)));
        self.left(id, app, out);
    }
}

/// Why a view's action for the side to move is refused, named as the players know it
/// (`Anna (White) is to move.`).
fn not_yours(app: &App) -> String {
    crate::session::strings::not_yours(&app.named(app.game().turn()))
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

impl<H: Host> Host for Referee<H> {
    fn carry_out(&mut self, app: &App, effect: Effect) -> Option<Message> {
        self.inner.carry_out(app, effect)
    }

    fn pgn(&self, app: &App) -> Option<String> {
        self.inner.pgn(app)
    }

    fn busy(&self) -> bool {
        self.inner.busy()
    }

    fn poll(&mut self) -> Vec<Action> {
        self.inner.poll()
    }

    /// A resignation or a rematch asked from here is the host's side's own.
    fn expand(&self, app: &App, action: Action) -> Vec<Action> {
        let rematch =
            action == Action::Command(Command::NewGame) && app.takeback_by_consent() && app.game().is_over();
        if rematch || action == Action::Command(Command::Resign) {
            return vec![action, Action::Answer(Answer::Side(!self.remote))];
        }
        vec![action]
    }

    fn seats(&self) -> Seats {
        match self.remote {
            Color::White => Seats::fed(REMOTE, Feeder::Here),
            Color::Black => Seats::fed(Feeder::Here, REMOTE),
        }
    }

    fn arrived(&mut self, app: &App) -> Vec<Arrival> {
        let mut out = Vec::new();
        while let Ok(heard) = self.heard.try_recv() {
            match heard {
                Heard::Came(id, stream) => {
                    let shut = stream.try_clone();
                    let outbox = Outbox::start(stream, move || {
                        if let Ok(stream) = shut {
                            let _ = stream.shutdown(Shutdown::Both);
                        }
                    });
                    let mut view = View { outbox, standing: Standing::Greeting };
                    if self.views.len() >= MAX_VIEWS {
                        let _ = view.outbox.send(&Report::End(strings::TOO_MANY.to_owned()));
                        // Its last words go on a thread of their own: the game never waits.
                        let outbox = view.outbox;
                        let _ = thread::Builder::new()
                            .name("host-bye".to_owned())
                            .spawn(move || outbox.finish(Duration::from_secs(1)));
                        continue;
                    }
                    self.views.insert(id, view);
                }
                Heard::Line(id, request) => self.heard_line(id, request, app, &mut out),
                Heard::Broken(id, why) => self.broken(id, &why, app, &mut out),
                Heard::Left(id) => self.left(id, app, &mut out),
            }
        }
        if std::mem::take(&mut self.turn_board) {
            out.push(Arrival::Act(Feeder::Here, Action::Show(Show::Flip)));
        }
        if std::mem::take(&mut self.toggle_pause) {
            out.push(Arrival::Act(Feeder::Here, Action::Command(Command::Pause)));
            if self.paused_for_away {
                out.push(Arrival::Act(Feeder::Here, Action::Report(Message::info(strings::CLOCKS_STOPPED))));
            }
        }
        out
    }

    fn heard(&mut self, app: &App, feeder: Feeder, action: &Action, allowed: bool) -> Option<Message> {
        if feeder != REMOTE {
            return None;
        }
        let player = self.player?;
        let pending = matches!(action, Action::Play(_)).then(|| self.pending_move.take()).flatten();
        if !allowed {
            self.send(player, &Report::Refused(not_yours(app)));
            return None;
        }
        let (id, before) = pending?;
        if app.game().ply() > before {
            let label = app.game().label(before).unwrap_or_default();
            let text = strings::played(self.side(), &label);
            self.own_words = Some(text.clone());
            return Some(Message::info(text));
        }
        let why = app.message().map_or_else(|| not_yours(app), |m| m.text.clone());
        self.send(id, &Report::Refused(why));
        None
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

    fn shown(&mut self, app: &App) {
        // A rematch granted (asked at the last look, and now a new game): the people
        // change colours, and the player elsewhere is told its new seat first.
        let was = std::mem::replace(&mut self.asked, app.question());
        if matches!(was, Some(Question::Rematch { .. })) && app.game().ply() == 0 && !app.game().is_over() {
            self.remote = !self.remote;
            self.turn_board = true;
            self.paused_for_away = false;
            (self.waker)();
            if let Some(player) = self.player {
                if let Some(view) = self.views.get_mut(&player) {
                    view.standing = Standing::Seated(self.remote);
                }
                self.send(player, &Report::Welcome { version: VERSION, seat: Some(self.remote) });
            }
        }
        self.away(app);
        if self.toggle_pause {
            (self.waker)();
        }
        let now = fingerprint(app);
        if self.sent.as_ref() != Some(&now) {
            self.sent = Some(now);
            let state = Report::State(self.state(app));
            self.tell_all(&state, None);
            // What the change said on the host's screen (a draw or a take-back
            // declined) is said on the views' too.
            let own = |m: &&Message| self.own_words.as_deref() == Some(m.text.as_str());
            if let Some(message) = app.message().filter(|m| m.kind == MessageKind::Info).filter(|m| !own(m)) {
                let said = Report::Say { who: "hotseat".to_owned(), text: message.text.clone() };
                self.tell_all(&said, None);
            }
        }
    }
}

/// The views of a game that ended, to be told where it is.
pub struct Views(Vec<Outbox>);

impl Views {
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
        theirs.write_all(b"hello hotseat 1 watch\n").expect("sent");
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
