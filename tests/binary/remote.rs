//! Two terminals, one game (issue 21): a host and the views that join it, each a real
//! `hotseat` process in a pseudo-terminal of its own, meeting on the game's socket;
//! and hostile clients on that socket while a game goes on.

use std::io::{BufRead, BufReader, Write};
use std::os::unix::net::UnixStream;
use std::path::{Path, PathBuf};
use std::time::{Duration, Instant};

use crate::common::TempDir;
use crate::common::pty::{PATIENCE, Pty};

/// A folder for one test: the games and the sockets.
pub struct Place {
    dir: TempDir,
    data: PathBuf,
    run: PathBuf,
}

impl Place {
    pub fn new(name: &str) -> Place {
        let dir = TempDir::new(&format!("remote-{name}"));
        let data = dir.path().join("data");
        let run = dir.path().join("run");
        Place { dir, data, run }
    }

    pub fn env(&self) -> [(&'static str, &Path); 2] {
        [("HOTSEAT_DATA_DIR", self.data.as_path()), ("HOTSEAT_RUNTIME_DIR", self.run.as_path())]
    }

    /// The one game saved, in the data folder.
    pub fn save(&self) -> PathBuf {
        let games = self.data.join("games");
        let mut found: Vec<PathBuf> = std::fs::read_dir(&games)
            .map(|entries| entries.map(|e| e.expect("entry").path()).collect())
            .unwrap_or_default();
        found.retain(|p| p.extension().is_some_and(|e| e == "pgn"));
        assert_eq!(found.len(), 1, "one game saved: {found:?}");
        found.remove(0)
    }

    /// `hotseat host` with `more` options, once it is hosting.
    pub fn host(&self, more: &[&str]) -> Pty {
        let mut args = vec!["host"];
        args.extend_from_slice(more);
        let mut host = Pty::start(&args, None, &self.env());
        host.wait_for("hotseat join");
        host
    }

    /// `hotseat join` or `watch` (`how`), once it shows the game.
    pub fn view(&self, how: &str, shown: &str) -> Pty {
        let mut view = Pty::start(&[how], None, &self.env());
        view.wait_for(shown);
        view
    }

    /// The socket of the one game hosted.
    pub fn socket(&self) -> PathBuf {
        let stem = self.save().file_stem().expect("a name").to_string_lossy().into_owned();
        self.run.join(format!("{}.sock", hotseat::remote::socket::game_name(Path::new(&stem))))
    }

    pub fn saved_moves(&self) -> Vec<String> {
        let text = std::fs::read_to_string(self.save()).expect("the saved game");
        hotseat::records::pgn::read_game(&text).expect("the saved file parses").game.san_moves().to_vec()
    }

    /// Waits until the game is saved with `moves`.
    pub fn wait_saved(&self, moves: &[&str]) {
        let deadline = Instant::now() + PATIENCE;
        while self.saved_moves() != moves {
            assert!(Instant::now() < deadline, "never saved with {moves:?}: {:?}", self.saved_moves());
            std::thread::sleep(Duration::from_millis(20));
        }
    }
}

/// `kill -9`: no word to anyone.
pub fn kill_hard(pty: &mut Pty) {
    let pid = pty.child.process_id().expect("a pid");
    let killed = std::process::Command::new("kill").args(["-KILL", &pid.to_string()]).status();
    assert!(killed.expect("kill runs").success());
    assert!(!pty.wait_for_exit().success());
}

/// Types a move on a view's board and presses Enter.
pub fn type_move(pty: &mut Pty, san: &str) {
    pty.send(san);
    pty.wait_for(&format!("Move: {san}"));
    pty.send("\r");
}

/// Waits until the screen no longer shows `text`.
pub fn wait_gone(pty: &mut Pty, text: &str) {
    let deadline = Instant::now() + PATIENCE;
    while pty.contents().contains(text) {
        assert!(Instant::now() < deadline, "the screen still shows {text:?}:\n{}", pty.contents());
        pty.read_for(Duration::from_millis(50));
    }
}

#[test]
fn a_whole_game_is_played_from_two_terminals_each_board_facing_its_player() {
    let place = Place::new("whole");
    let mut white = place.host(&[]);
    let mut black = place.view("join", "Joined");
    white.wait_for("Black joined");
    // Each board faces its player: White's files read a to h, Black's h to a.
    let files = |pty: &Pty| pty.contents().replace(' ', "");
    assert!(files(&white).contains("abcdefgh"), "{}", white.contents());
    assert!(files(&black).contains("hgfedcba"), "{}", black.contents());
    type_move(&mut white, "f3");
    black.wait_for("1. f3");
    type_move(&mut black, "e5");
    white.wait_for("e5");
    type_move(&mut white, "g4");
    black.wait_for("2. g4");
    type_move(&mut black, "Qh4#");
    white.wait_for("Black wins");
    black.wait_for("Black wins");
    place.wait_saved(&["f3", "e5", "g4", "Qh4#"]);
    white.quit();
    // The view is told where the game was saved, and ends cleanly.
    assert!(black.wait_for_exit().success());
    assert!(black.raw().contains("The host ended the game"), "{}", black.raw());
    let saved = place.save().display().to_string();
    assert!(black.raw().replace("\r\n", "").contains(&saved), "{}", black.raw());
}

/// Stops (`STOP`) or continues (`CONT`) a process, as a shell's `kill -s` does.
pub fn signal(pty: &Pty, name: &str) {
    let pid = pty.child.process_id().expect("a pid");
    let sent = std::process::Command::new("kill").args(["-s", name, &pid.to_string()]).status();
    assert!(sent.expect("kill runs").success());
}

#[test]
fn a_move_for_the_other_side_is_refused_on_the_joiners_own_board_naming_whose_move_it_is() {
    let place = Place::new("wrong-side");
    let mut white = place.host(&[]);
    let mut black = place.view("join", "Joined");
    white.wait_for("Black joined");
    // With the host stopped, no answer can come from it: the joiner's own door
    // refuses White's move, as a player would say it. Typing it is no move (the door
    // judges what a key does, and editing the move line does nothing to the game):
    // Enter is refused, and the text stays to mend.
    signal(&white, "STOP");
    black.send("e4\r");
    black.wait_for("White is to move");
    assert!(black.contents().contains("Backspace mends it"), "{}", black.contents());
    signal(&white, "CONT");
    type_move(&mut white, "d4");
    black.wait_for("1. d4");
    // Nothing is taken back without the other's consent: not from the host's keys (a
    // take-back is asked of Black, whose move declines it), not from the view's (a
    // take-back of White's move is not Black's to ask).
    black.send("\x1a");
    black.wait_for("asked by the player who just moved");
    white.send("\x1a");
    black.wait_for("asks to take back");
    type_move(&mut black, "d5");
    white.wait_for("d5");
    white.quit();
    assert!(black.wait_for_exit().success());
    assert_eq!(place.saved_moves(), ["d4", "d5"]);
}

#[test]
fn a_move_for_the_other_side_from_a_bare_client_is_refused_by_the_host_naming_whose_move_it_is() {
    let place = Place::new("wrong-side-bare");
    let mut white = place.host(&[]);
    let mut black = raw_client(&place);
    black.write_all(b"hello hotseat 3 play\nmove e7e5\n").expect("sent");
    let mut lines = BufReader::new(black.try_clone().expect("clone")).lines();
    let welcome = lines.next().expect("a line").expect("read");
    // The seat, and the token that has it back.
    assert!(welcome.starts_with("welcome hotseat 3 black "), "{welcome}");
    // The reason, as the protocol names it: the view words it with its own copy.
    let refused = lines.map_while(Result::ok).find(|l| l.starts_with("refused")).expect("refused");
    assert_eq!(refused, "refused not-your-move");
    white.wait_for("Black joined");
    drop(black);
    white.quit();
}

#[test]
fn a_move_from_the_other_terminal_is_played_under_whatever_the_hosts_screen_shows() {
    let place = Place::new("busy");
    let mut white = place.host(&[]);
    let mut black = place.view("join", "Joined");
    white.wait_for("Black joined");
    type_move(&mut white, "e4");
    black.wait_for("1. e4");
    // White reads the help (F1): Black's move is played underneath it, not refused.
    white.send("\x1bOP");
    white.wait_for("Keys");
    type_move(&mut black, "e5");
    place.wait_saved(&["e4", "e5"]);
    assert!(!black.contents().contains("busy"), "{}", black.contents());
    assert!(white.contents().contains("Keys"), "the help is still open:\n{}", white.contents());
    white.send("\x1b");
    white.wait_for("e5");
    white.quit();
    assert!(black.wait_for_exit().success());
}

#[test]
fn a_draw_is_offered_from_one_terminal_and_accepted_on_the_other() {
    let place = Place::new("draw");
    let mut white = place.host(&[]);
    let mut black = place.view("join", "Joined");
    white.wait_for("Black joined");
    type_move(&mut white, "e4");
    black.wait_for("1. e4");
    type_move(&mut black, "e5");
    white.wait_for("e5");
    // Black just moved: Black offers; White is asked, and says yes.
    black.send("\x0f");
    white.wait_for("offers a draw");
    white.send("Y");
    white.wait_for("Draw");
    black.wait_for("Draw");
    white.quit();
    assert!(black.wait_for_exit().success());
    let text = std::fs::read_to_string(place.save()).expect("saved");
    assert!(text.contains("1/2-1/2"), "{text}");
}

#[test]
fn a_player_resigns_only_for_itself_from_the_other_terminal() {
    let place = Place::new("resign");
    let mut white = place.host(&[]);
    let mut black = place.view("join", "Joined");
    white.wait_for("Black joined");
    type_move(&mut white, "e4");
    black.wait_for("1. e4");
    type_move(&mut black, "e5");
    white.wait_for("e5");
    // Black's own move has come back from the host before it resigns.
    black.wait_for("White to move");
    // Black resigns on its own board, White to move: Ctrl-R names Black, not the side
    // to move; Y.
    black.send("\x12");
    black.wait_for("Black resigns");
    black.send("Y");
    white.wait_for("White wins");
    black.wait_for("White wins");
    white.quit();
    assert!(black.wait_for_exit().success());
    let text = std::fs::read_to_string(place.save()).expect("saved");
    assert!(text.contains("1-0"), "{text}");
}

#[test]
fn a_spectator_sees_the_game_and_cannot_play() {
    let place = Place::new("watch");
    let mut white = place.host(&[]);
    let mut black = place.view("join", "Joined");
    let mut watcher = place.view("watch", "Joined");
    white.wait_for("spectator");
    // A spectator's key bar offers what a spectator can do: look, chat and leave (read
    // once drawn to its end).
    watcher.wait_for("^Q quit");
    black.wait_for("^Q quit");
    let bar = |pty: &Pty| pty.contents().lines().last().unwrap_or_default().to_owned();
    for offered in ["chat", "flip", "help", "quit"] {
        assert!(bar(&watcher).contains(offered), "{offered}: {}", bar(&watcher));
    }
    for never in ["undo", "offer draw", "resign", "new"] {
        assert!(!bar(&watcher).contains(never), "{never}: {}", bar(&watcher));
    }
    assert!(watcher.contents().contains("you are watching"), "{}", watcher.contents());
    // A player's bar offers the chat too, as a game with another terminal has it.
    assert!(bar(&black).contains("chat") && bar(&black).contains("resign"), "{}", bar(&black));
    type_move(&mut white, "e4");
    watcher.wait_for("1. e4");
    type_move(&mut watcher, "e5");
    watcher.wait_for("You are watching");
    wait_gone(&mut watcher, "Move: e5");
    black.wait_for("1. e4");
    type_move(&mut black, "c5");
    watcher.wait_for("c5");
    // Leaving is said: the game goes on at the host.
    watcher.quit();
    assert!(watcher.raw().contains("You stopped watching"), "{}", watcher.raw());
    black.send("\x11");
    assert!(black.wait_for_exit().success());
    assert!(black.raw().contains("You left the game"), "{}", black.raw());
    white.wait_for("Black left");
    white.quit();
    assert_eq!(place.saved_moves(), ["e4", "c5"]);
}

#[test]
fn a_question_mark_on_the_joiner_opens_the_help_while_the_other_side_is_to_move() {
    let place = Place::new("joiner-help");
    let mut white = place.host(&[]);
    let mut black = place.view("join", "Joined");
    white.wait_for("Black joined");
    // White is to move: `?` on Black's empty move line is the help, not a refused move.
    black.send("?");
    black.wait_for("Keys");
    assert!(!black.contents().contains("is to move."), "{}", black.contents());
    black.send("\x1b");
    wait_gone(&mut black, "Keys");
    white.quit();
    assert!(black.wait_for_exit().success());
}

#[test]
fn a_spectator_cannot_ask_for_a_rematch() {
    let place = Place::new("watch-rematch");
    let mut white = place.host(&[]);
    let mut black = place.view("join", "Joined");
    let mut watcher = place.view("watch", "Joined");
    white.wait_for("spectator");
    type_move(&mut white, "e4");
    black.wait_for("1. e4");
    black.send("\x12");
    black.wait_for("resigns");
    black.send("Y");
    watcher.wait_for("1-0");
    watcher.send("\x0e");
    watcher.wait_for("You are watching");
    // Black's chat comes after anything the spectator could have sent: no rematch
    // was asked of anyone.
    black.send("\"gg");
    black.wait_for("Move: \"gg");
    black.send("\r");
    white.wait_for("Black: gg");
    assert!(!white.contents().contains("asks for a rematch"), "{}", white.contents());
    assert!(!black.contents().contains("asks for a rematch"), "{}", black.contents());
    white.quit();
    assert!(black.wait_for_exit().success());
    assert!(watcher.wait_for_exit().success());
}

#[test]
fn the_joiners_clocks_tick_as_the_hosts_between_its_words() {
    let place = Place::new("ticking");
    let mut white = place.host(&["--clock", "5+0"]);
    let mut black = place.view("join", "Joined");
    white.wait_for("Black joined");
    type_move(&mut white, "e4");
    black.wait_for("1. e4");
    type_move(&mut black, "e5");
    white.wait_for("e5");
    // White's clock runs on the host; on the joiner's board too, with nothing said
    // by the host in between (not paused as a game loaded from a file is).
    black.wait_for("4:58");
    assert!(!black.contents().contains("paused"), "{}", black.contents());
    white.quit();
    assert!(black.wait_for_exit().success());
}

#[test]
fn a_joiner_killed_keeps_its_seat_the_clocks_stop_and_it_rejoins_where_it_was() {
    let place = Place::new("rejoin");
    let mut white = place.host(&["--clock", "5+0", "--clock-start", "white"]);
    let mut black = place.view("join", "Joined");
    white.wait_for("Black joined");
    type_move(&mut white, "e4");
    black.wait_for("1. e4");
    kill_hard(&mut black);
    white.wait_for("Black left");
    white.wait_for("clocks are stopped");
    white.wait_for("clocks paused");
    let mut again = place.view("join", "1. e4");
    white.wait_for("Black joined");
    type_move(&mut again, "e5");
    white.wait_for("e5");
    white.quit();
    assert!(again.wait_for_exit().success());
    assert_eq!(place.saved_moves(), ["e4", "e5"]);
}

#[test]
fn a_host_killed_is_resumed_and_joined_again() {
    let place = Place::new("resume");
    let mut white = place.host(&[]);
    let mut black = place.view("join", "Joined");
    white.wait_for("Black joined");
    type_move(&mut white, "d4");
    black.wait_for("1. d4");
    type_move(&mut black, "d5");
    white.wait_for("d5");
    // Saved after the frame that shows it: killed only once it is on disk.
    place.wait_saved(&["d4", "d5"]);
    kill_hard(&mut white);
    // The view is told the host is gone, and ends cleanly.
    assert!(black.wait_for_exit().success());
    assert!(black.raw().contains("The host is gone"), "{}", black.raw());
    let mut white = place.host(&["--resume"]);
    let mut black = place.view("join", "1. d4");
    black.wait_for("d5");
    type_move(&mut white, "c4");
    black.wait_for("2. c4");
    white.quit();
    assert!(black.wait_for_exit().success());
    assert_eq!(place.saved_moves(), ["d4", "d5", "c4"]);
}

/// A raw client on the game's socket.
pub fn raw_client(place: &Place) -> UnixStream {
    let stream = UnixStream::connect(place.socket()).expect("the socket answers");
    stream.set_read_timeout(Some(PATIENCE)).expect("a timeout");
    stream
}

/// The lines a raw client reads until the host closes it.
pub fn read_to_end(stream: UnixStream) -> Vec<String> {
    BufReader::new(stream).lines().map_while(Result::ok).collect()
}

#[test]
fn hostile_clients_are_dropped_while_the_game_goes_on() {
    let place = Place::new("hostile");
    let mut white = place.host(&[]);
    let mut black = place.view("join", "Joined");
    white.wait_for("Black joined");

    // One that never reads: it says hello, and then nothing.
    let mut deaf = raw_client(&place);
    deaf.write_all(b"hello hotseat 3 watch\n").expect("sent");

    // Garbage, as a browser would send.
    let mut garbage = raw_client(&place);
    garbage.write_all(b"GET / HTTP/1.1\r\nHost: x\r\n\r\n").expect("sent");
    let said = read_to_end(garbage);
    assert!(said.iter().any(|l| l.starts_with("end ") && l.contains("closed")), "{said:?}");

    // A line of 10 MB: refused as soon as it is too long.
    let mut long = raw_client(&place);
    let chunk = vec![b'x'; 1 << 20];
    for _ in 0..10 {
        if long.write_all(&chunk).is_err() {
            break;
        }
    }
    let said = read_to_end(long);
    assert!(said.iter().any(|l| l.contains("longer than")), "{said:?}");

    // A flood of lines.
    let mut flood = raw_client(&place);
    flood.write_all(b"hello hotseat 3 watch\n").expect("sent");
    for _ in 0..500 {
        if flood.write_all(b"say hi\n").is_err() {
            break;
        }
    }
    let said = read_to_end(flood);
    assert!(said.iter().any(|l| l.contains("too many lines")), "{said:?}");

    // A move for the wrong side, from a client that is not the player: refused.
    let mut stranger = raw_client(&place);
    stranger.write_all(b"hello hotseat 3 play\nmove e7e5\n").expect("sent");
    let mut lines = BufReader::new(stranger.try_clone().expect("clone")).lines();
    let welcome = lines.next().expect("a line").expect("read");
    assert_eq!(welcome, "welcome hotseat 3 watch", "the seat is taken: it watches");
    let refused = lines.map_while(Result::ok).find(|l| l.starts_with("refused")).expect("refused");
    assert_eq!(refused, "refused watching");
    drop(stranger);

    // The game goes on, through all of it.
    type_move(&mut white, "e4");
    black.wait_for("1. e4");
    type_move(&mut black, "e5");
    white.wait_for("e5");
    drop(deaf);
    white.quit();
    assert!(black.wait_for_exit().success());
    assert_eq!(place.saved_moves(), ["e4", "e5"]);
}

#[test]
fn a_takeback_is_asked_refused_then_granted_across_and_never_taken_without_consent() {
    let place = Place::new("takeback");
    let mut white = place.host(&[]);
    let mut black = place.view("join", "Joined");
    white.wait_for("Black joined");
    type_move(&mut white, "e4");
    black.wait_for("1. e4");
    type_move(&mut black, "e5");
    white.wait_for("e5");
    place.wait_saved(&["e4", "e5"]);
    // Black's own move is on its board once the host has played it.
    black.wait_for("White to move");
    // Black asks; White says no (Esc): nothing is taken back.
    black.send("\x1a");
    white.wait_for("asks to take back");
    white.send("\x1b");
    white.wait_for("declines the take-back");
    black.wait_for("declines the take-back");
    // Black asks again; White allows it (Y).
    black.send("\x1a");
    white.wait_for("asks to take back");
    white.send("Y");
    place.wait_saved(&["e4"]);
    black.wait_for("Black to move");
    white.wait_for("Black to move");
    // White asks for its own move; Black allows it.
    white.send("\x1a");
    black.wait_for("asks to take back");
    black.send("Y");
    place.wait_saved(&[]);
    white.quit();
    assert!(black.wait_for_exit().success());
}

#[test]
fn a_line_of_chat_goes_each_way_from_the_board() {
    let place = Place::new("chat");
    let mut white = place.host(&["--white", "Anna"]);
    let mut black = place.view("join", "Joined");
    white.wait_for("Black joined");
    // A quote starts a line of chat; Enter sends it.
    white.send("\"good luck");
    white.wait_for("Move: \"good luck");
    white.send("\r");
    black.wait_for("Anna: good luck");
    black.send("\"you too");
    black.wait_for("Move: \"you too");
    black.send("\r");
    white.wait_for("Black: you too");
    // Chat is no move.
    type_move(&mut white, "e4");
    black.wait_for("1. e4");
    white.quit();
    assert!(black.wait_for_exit().success());
    place.wait_saved(&["e4"]);
}

#[test]
fn a_joiner_without_a_terminal_plays_and_chats_in_plain_text() {
    use std::process::{Command, Stdio};
    let place = Place::new("plain-join");
    let mut white = place.host(&[]);
    let mut command = Command::new(env!("CARGO_BIN_EXE_hotseat"));
    command.arg("join").stdin(Stdio::piped()).stdout(Stdio::piped()).stderr(Stdio::piped());
    for (name, value) in place.env() {
        command.env(name, value);
    }
    let mut black = command.spawn().expect("the binary starts");
    let mut said = BufReader::new(black.stdout.take().expect("its output")).lines();
    let mut typed = black.stdin.take().expect("its input");
    let mut wait_line = |text: &str| {
        let line = said.by_ref().map_while(Result::ok).find(|line| line.contains(text));
        assert!(line.is_some(), "never said {text:?}");
    };
    wait_line("in plain text");
    white.wait_for("Black joined");
    type_move(&mut white, "e4");
    wait_line("e 4");
    typed.write_all(b"say hello from the pipe\n").expect("typed");
    white.wait_for("Black: hello from the pipe");
    typed.write_all(b"c5\n").expect("typed");
    white.wait_for("c5");
    white.quit();
    wait_line("The host ended the game");
    drop(typed);
    assert!(black.wait().expect("it ends").success());
    place.wait_saved(&["e4", "c5"]);
}

#[test]
fn a_draw_by_repetition_is_claimed_from_the_joining_terminal() {
    let place = Place::new("claim");
    let mut white = place.host(&[]);
    let mut black = place.view("join", "Joined");
    white.wait_for("Black joined");
    let moves = ["Nf3", "Nf6", "Ng1", "Ng8", "Nf3", "Nf6", "Ng1", "Ng8", "Nf3"];
    for (ply, san) in moves.iter().enumerate() {
        let (mover, other) = if ply % 2 == 0 { (&mut white, &mut black) } else { (&mut black, &mut white) };
        type_move(mover, san);
        let next = if ply % 2 == 0 { "Black to move" } else { "White to move" };
        // Both screens read up to this move, so neither shows an older turn.
        mover.wait_for(next);
        other.wait_for(next);
    }
    place.wait_saved(&moves);
    // The position after 5. Nf3 stands for the third time: Black, to move, claims.
    black.send("\x04");
    white.wait_for("Draw");
    black.wait_for("Draw");
    white.quit();
    assert!(black.wait_for_exit().success());
    let text = std::fs::read_to_string(place.save()).expect("saved");
    assert!(text.contains("1/2-1/2"), "{text}");
}

#[test]
fn a_rematch_is_asked_refused_then_granted_and_the_people_change_colours() {
    let place = Place::new("rematch");
    let mut host = place.host(&["--white", "Anna", "--black", "Ben"]);
    let mut joiner = place.view("join", "Joined");
    host.wait_for("Black joined");
    // During the game, Ctrl-N starts nothing: it is said why, not whose move it is.
    host.send("\x0e");
    host.wait_for("Only by agreement");
    type_move(&mut host, "e4");
    joiner.wait_for("1. e4");
    joiner.send("\x12");
    joiner.wait_for("resigns");
    joiner.send("Y");
    host.wait_for("resigns");
    joiner.wait_for("1-0");
    // Ben asks (Ctrl-N, as for a new game); Anna says no (Esc): nothing happens.
    joiner.send("\x0e");
    host.wait_for("Ben (Black) asks for a rematch");
    host.send("\x1b");
    joiner.wait_for("declines the rematch");
    wait_gone(&mut joiner, "Ben (Black) asks");
    wait_gone(&mut host, "Ben (Black) asks");
    assert!(host.contents().contains("1-0"), "{}", host.contents());
    // Anna asks; Ben says yes: a new game, Ben now White, and he moves first.
    host.send("\x0e");
    joiner.wait_for("Anna (White) asks for a rematch");
    joiner.send("Y");
    host.wait_for("Ben (White)");
    joiner.wait_for("Ben (White)");
    // Each board turns to face its player's new side.
    let files = |pty: &Pty| pty.contents().replace(' ', "");
    wait_until(&mut joiner, |pty| files(pty).contains("abcdefgh"));
    wait_until(&mut host, |pty| files(pty).contains("hgfedcba"));
    host.send("d4\r");
    host.wait_for("Ben (White) is to move");
    type_move(&mut joiner, "d4");
    host.wait_for("1. d4");
    type_move(&mut host, "d5");
    joiner.wait_for("d5");
    host.quit();
    assert!(joiner.wait_for_exit().success());
    // Both games are in the library: the first as it ended, the rematch with the
    // names swapped.
    let games = place.data.join("games");
    let mut texts: Vec<String> = std::fs::read_dir(&games)
        .expect("the games")
        .map(|e| e.expect("entry").path())
        .filter(|p| p.extension().is_some_and(|e| e == "pgn"))
        .map(|p| std::fs::read_to_string(p).expect("saved"))
        .collect();
    texts.sort_by_key(|t| !t.contains("1-0"));
    assert_eq!(texts.len(), 2, "{texts:?}");
    assert!(texts[0].contains("[White \"Anna\"]") && texts[0].contains("1-0"), "{}", texts[0]);
    assert!(texts[1].contains("[White \"Ben\"]") && texts[1].contains("[Black \"Anna\"]"), "{}", texts[1]);
    assert!(texts[1].contains("1. d4 d5"), "{}", texts[1]);
}

/// Waits until `holds` holds of the screen.
pub fn wait_until(pty: &mut Pty, holds: impl Fn(&Pty) -> bool) {
    let deadline = Instant::now() + PATIENCE;
    while !holds(pty) {
        assert!(Instant::now() < deadline, "never came:\n{}", pty.contents());
        pty.read_for(Duration::from_millis(50));
    }
}

// ----- one door: a word typed acts for the one who types it, on either terminal -----

#[test]
fn words_typed_on_the_board_act_only_for_the_side_that_types_them_on_either_terminal() {
    let place = Place::new("words-board");
    let mut white = place.host(&["--white", "Anna", "--black", "Ben"]);
    let mut black = place.view("join", "Joined");
    white.wait_for("Black joined");
    type_move(&mut white, "e4");
    black.wait_for("1. e4");
    type_move(&mut black, "e5");
    white.wait_for("e5");
    // White to move, on the host: `draw` is Anna's own offer, made with her next move;
    // `undo` would take back Ben's move, which is Ben's to ask; `new` abandons nothing.
    type_move(&mut white, "draw");
    white.wait_for("Anna (White) offers a draw with the next move");
    type_move(&mut white, "undo");
    white.wait_for("asked by the player who just moved");
    type_move(&mut white, "new");
    white.wait_for("Only by agreement");
    // Ben was asked nothing, and nothing changed.
    assert!(!black.contents().contains("offers a draw"), "{}", black.contents());
    assert!(!black.contents().contains("asks to take back"), "{}", black.contents());
    assert_eq!(place.saved_moves(), ["e4", "e5"]);
    // Ctrl-R asks Anna about her own side only: Tab names no other.
    white.send("\x12");
    white.wait_for("Anna (White) resigns");
    assert!(!white.contents().contains("other side"), "{}", white.contents());
    white.send("\t");
    white.wait_for("You may resign only for the side you play.");
    white.send("\x1b");
    wait_gone(&mut white, "Anna (White) resigns");
    // The offer goes with Anna's move: now Ben is asked.
    type_move(&mut white, "Nf3");
    black.wait_for("Anna (White) offers a draw. Ben");
    // Black to move, on the joiner: the same words act for Ben alone. His `draw` is no
    // offer back (Anna's stands, to answer); `undo` and `new` change nothing.
    type_move(&mut black, "draw");
    black.wait_for("offers a draw already");
    type_move(&mut black, "undo");
    black.wait_for("asked by the player who just moved");
    type_move(&mut black, "new");
    black.wait_for("Only by agreement");
    assert!(!white.contents().contains("Ben (Black) offers"), "{}", white.contents());
    assert!(!white.contents().contains("Ben (Black) asks"), "{}", white.contents());
    assert_eq!(place.saved_moves(), ["e4", "e5", "Nf3"]);
    // Ben declines by moving, as over the board.
    type_move(&mut black, "Nc6");
    white.wait_for("declined");
    place.wait_saved(&["e4", "e5", "Nf3", "Nc6"]);
    white.quit();
    assert!(black.wait_for_exit().success());
    let saved = std::fs::read_to_string(place.save()).expect("saved");
    assert!(saved.contains("[Result \"*\"]"), "{saved}");
}

#[test]
fn words_typed_in_plain_text_on_the_host_act_only_for_the_host_s_side() {
    let place = Place::new("words-plain");
    let mut white = place.host(&["--plain", "--white", "Anna", "--black", "Ben"]);
    let mut black = place.view("join", "Joined");
    white.wait_for("Black joined");
    white.send("e4\r");
    black.wait_for("1. e4");
    type_move(&mut black, "e5");
    white.wait_for("Black: pawn to e 5.");
    white.send("draw\r");
    white.wait_for("Anna (White) offers a draw with the next move");
    white.send("undo\r");
    white.wait_for("asked by the player who just moved");
    white.send("new\r");
    white.wait_for("Only by agreement");
    white.send("resign\r");
    // The resignation asked for is Anna's own, never Ben's, whatever she answers.
    white.wait_for("Anna (White) resigns and loses the game. Are you sure?");
    white.send("black\r");
    white.wait_for("You may resign only for the side you play.");
    white.send("no\r");
    assert!(!black.contents().contains("offers a draw"), "{}", black.contents());
    assert_eq!(place.saved_moves(), ["e4", "e5"]);
    white.send("quit\r");
    assert!(white.wait_for_exit().success());
    assert!(black.wait_for_exit().success());
}

#[test]
fn words_typed_in_plain_text_on_the_joiner_act_only_for_the_joiner_s_side() {
    let place = Place::new("words-plain-join");
    let mut white = place.host(&["--white", "Anna", "--black", "Ben"]);
    let mut black = Pty::start(&["join", "--plain"], None, &place.env());
    black.wait_for("Joined");
    white.wait_for("Black joined");
    type_move(&mut white, "e4");
    black.wait_for("White: pawn to e 4.");
    // Black to move, on the joiner: `undo` would take back Anna's move; `new` abandons
    // nothing; `draw` is Ben's own, with his next move.
    black.send("undo\r");
    black.wait_for("asked by the player who just moved");
    black.send("new\r");
    black.wait_for("Only by agreement");
    black.send("draw\r");
    black.wait_for("Ben (Black) offers a draw with the next move");
    assert!(!white.contents().contains("offers a draw"), "{}", white.contents());
    black.send("e5\r");
    white.wait_for("Ben (Black) offers a draw. Anna");
    white.send("\x1b");
    black.wait_for("declines the draw");
    assert_eq!(place.saved_moves(), ["e4", "e5"]);
    white.quit();
    assert!(black.wait_for_exit().success());
}

/// `host --coach white` (issue 31: accepted and doing nothing): the coach sits beside
/// the host's player, judges the host's moves on the host's own screen, and none of
/// it reaches the player who joined, whose moves it does not judge.
#[test]
fn the_hosts_coach_judges_the_hosts_moves_on_the_hosts_screen_only() {
    use crate::common::fake_engine::{Answer, FakeScript, fake_engine};
    let place = Place::new("coach");
    // e4 is best at the start; after White's move, Black stands three pawns better.
    let engine = fake_engine(
        place.dir.path(),
        &FakeScript::answering([(0, Answer::cp(30, "e2e4")), (1, Answer::cp(300, "e7e5"))]),
    );
    let engine = engine.to_str().expect("a UTF-8 path");
    let mut white = place.host(&["--plain", "--coach", "white", "--engine", engine]);
    let mut black = place.view("join", "Joined");
    white.wait_for("Black joined");
    white.send("a3\r");
    white.wait_for("Coach: 1. a3 was");
    white.wait_for("better was e4");
    black.wait_for("1. a3");
    type_move(&mut black, "e5");
    white.wait_for("White to move");
    white.send("quit\r");
    assert!(black.wait_for_exit().success());
    assert!(!black.contents().contains("Coach"), "the coach is the host's only:\n{}", black.contents());
    let text = std::fs::read_to_string(place.save()).expect("saved");
    assert!(text.contains("[Coach \"White\"]"), "{text}");
}
