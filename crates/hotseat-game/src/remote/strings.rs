//! What the two-terminal game says to players: every sentence in one place.

use std::path::Path;

use crate::printable::{QUOTE_LIMIT, printable};

fn shown(path: &Path) -> String {
    printable(&path.display().to_string(), usize::MAX).into_owned()
}

/// The folder of the sockets is not safe to use.
pub fn unsafe_folder(dir: &Path) -> String {
    format!(
        "{} is not a folder of yours closed to others (it must be yours, mode 0700); set HOTSEAT_RUNTIME_DIR to another",
        shown(dir)
    )
}

/// The folder of the sockets cannot be made or read.
pub fn no_folder(dir: &Path) -> String {
    format!("cannot use the folder {}", shown(dir))
}

/// A game of that name is hosted already.
pub fn already_hosted(name: &str) -> String {
    format!("a game called {name} is hosted already (join it with: hotseat join {name})")
}

/// No game is hosted (by that name) in the folder of the sockets, `dir`: named, since
/// a host under another `XDG_RUNTIME_DIR` (sshd's, say) puts its games elsewhere.
pub fn none_hosted(name: Option<&str>, dir: &Path) -> String {
    match name {
        Some(name) => format!(
            "no game called {name} is hosted in {} (hotseat join, without a name, finds the one there is)",
            shown(dir)
        ),
        None => format!(
            "no game is hosted in {} (start one with: hotseat host; a host whose XDG_RUNTIME_DIR differs \
             puts its games elsewhere: set HOTSEAT_RUNTIME_DIR to the same folder for both)",
            shown(dir)
        ),
    }
}

/// Several games are hosted and none was named.
pub fn several_hosted(names: &[String]) -> String {
    format!("several games are hosted: {}; say which, as in: hotseat join {}", names.join(", "), names[0])
}

/// `HOTSEAT_RUNTIME_DIR` set to no absolute folder.
pub fn bad_runtime_dir(dir: &str) -> String {
    if dir.is_empty() {
        "HOTSEAT_RUNTIME_DIR is set but empty: set it to an absolute folder, or unset it".to_owned()
    } else {
        format!(
            "HOTSEAT_RUNTIME_DIR must be an absolute folder, not {dir:?}: the games would depend on the folder you are in"
        )
    }
}

/// A name no game could have.
pub fn bad_name(name: &str) -> String {
    format!("{name:?} is not a game's name (letters, digits, '.', '_' and '-')")
}

/// How to join, on the host's screen.
pub fn how_to_join(name: &str, seat: &str) -> String {
    format!(
        "Hosting {name}: {seat} joins with `hotseat join {name}` (or over SSH: `hotseat join --ssh HOST {name}`)"
    )
}

/// How to watch, on the host's screen, when the engine holds the other seat.
pub fn how_to_watch(name: &str, engine_seat: &str) -> String {
    format!(
        "Hosting {name}: the engine plays {engine_seat}; others watch with `hotseat join {name}` (or over SSH: `hotseat join --ssh HOST {name}`)"
    )
}

/// `hotseat host --computer both`: no seat is left for anyone elsewhere.
pub const HOST_COMPUTER_BOTH: &str = "hotseat host --computer both leaves no seat to join: name the side the engine plays (white or black); the others watch";

/// `hotseat host --as SIDE --computer SIDE`: the engine cannot take the side played here.
pub fn host_computer_here(side: &str) -> String {
    format!(
        "--computer {} is the side played here (--as): the engine takes the other seat, and those who join watch",
        side.to_lowercase()
    )
}

/// A player came.
pub fn joined(side: &str) -> String {
    format!("{side} joined")
}

/// A player left (the seat is kept).
pub fn left(side: &str) -> String {
    format!("{side} left; the seat is kept for them to join again")
}

/// A player left before it had the game: the seat is open again.
pub fn left_open(side: &str) -> String {
    format!("{side} left before the game reached them; the seat is open")
}

/// On the host's screen: someone came to play while the seat's player is away.
pub fn kept_here(side: &str) -> String {
    format!(
        "Someone came to play {side} while {side}'s player is away: the seat is kept for them, so this one watches"
    )
}

/// On the screen of one who came to play while the seat's player is away.
pub fn kept_there(side: &str) -> String {
    format!(
        "The seat of {side} is kept for its player, who is away: you watch (the player has it back by joining again from where they played)"
    )
}

/// To a view of the player, when the player joined again from elsewhere.
pub const JOINED_AGAIN: &str = "You joined this game again from elsewhere: this view is closed";

/// A spectator's chat line over the limit of all spectators together.
pub const TOO_MUCH_CHAT: &str =
    "The spectators are chatting faster than the game allows: this line was not sent";

/// Refused at the door: too many connections, or too fast.
pub const TOO_MANY_AT_ONCE: &str = "Too many connections to this game at once; try again in a moment";

/// A line begun and not ended in time.
pub const LINE_SLOW: &str = "a line took too long to come";

/// A game whose whole record is too long for the wire.
pub fn game_too_big(bytes: usize, max: usize) -> String {
    format!(
        "The game is too big to send to another terminal ({} KiB; at most {} KiB)",
        bytes.div_ceil(1024),
        max / 1024
    )
}

/// A spectator came or went.
pub fn watching(count: usize) -> String {
    match count {
        0 => "Nobody is watching now".to_owned(),
        1 => "A spectator is watching".to_owned(),
        n => format!("{n} spectators are watching"),
    }
}

/// The clocks stopped because the player to move is away.
pub const CLOCKS_STOPPED: &str = "The clocks are stopped while the player to move is away";

/// A view was refused for a bad line.
pub fn dropped(why: &str) -> String {
    format!("The connection is closed: {}", printable(why, QUOTE_LIMIT))
}

/// The host ended: where the game is.
pub fn host_ended(saved: &str) -> String {
    format!("{HOST_ENDED} {saved}")
}

/// How the host's farewell begins.
const HOST_ENDED: &str = "The host ended the game.";

/// Whether the host's last words say it ended the game (not that it let this view go).
pub fn is_host_ended(said: &str) -> bool {
    said.starts_with(HOST_ENDED)
}

/// The host went away without a word.
pub const HOST_GONE: &str =
    "The host is gone; the game is where the host saved it (hotseat host --resume continues it)";

/// A chat line, as shown; the host's news as it is.
pub fn said(who: &str, text: &str) -> String {
    if who == "hotseat" {
        return printable(text, 200).into_owned();
    }
    format!("{}: {}", printable(who, QUOTE_LIMIT), printable(text, 200))
}

/// A view's player left (Ctrl-Q, quit): the game goes on at the host.
pub fn left_here(seated: bool) -> String {
    if seated {
        "You left the game; it goes on at the host, your seat kept for you (hotseat join comes back to it)."
            .to_owned()
    } else {
        "You stopped watching; the game goes on at the host.".to_owned()
    }
}

/// What a view says on screen when it starts.
pub fn view_of(seat: &str, name: &str) -> String {
    format!("Joined {name} as {seat}")
}

/// The host's game could not be read: the host's, not a local file's.
pub fn hosts_game_unreadable(why: &str) -> String {
    format!("The host's game could not be read: {}", printable(why, QUOTE_LIMIT))
}

/// The peer refused a protocol line of ours, or sent a bad one.
pub fn broken(why: &str) -> String {
    format!("The connection to the host broke: {}", printable(why, QUOTE_LIMIT))
}

/// Too many views.
pub const TOO_MANY: &str = "Too many views of this game already";

/// The host said nothing in time.
pub const NO_ANSWER: &str = "The host did not answer";

/// A view has no engine of its own.
pub const NO_ENGINE_HERE: &str = "The engine's review is for the host's screen";

/// A forced command was asked to run something other than the relay.
pub fn only_relay(asked: &str) -> String {
    format!(
        "this key only joins the game (or relays it: hotseat relay [NAME]); refused: {}",
        printable(asked, QUOTE_LIMIT)
    )
}

/// A destination that would read as an option of ssh.
pub fn bad_destination(destination: &str) -> String {
    format!("{} is not a host to join", printable(destination, QUOTE_LIMIT))
}

/// `join --ssh`: the link ended before the game began, and what ssh (or the host's
/// `hotseat relay`) said last.
pub fn ssh_ended(said: &str) -> String {
    format!("The link through ssh ended before the game began: {}", printable(said, 300))
}

/// How ssh ended, when it said nothing.
pub fn ssh_status(code: Option<i32>, signal: Option<i32>) -> String {
    match (code, signal) {
        (Some(code), _) => format!("ssh exited with status {code}, saying nothing"),
        (None, Some(signal)) => format!("ssh was ended by signal {signal}"),
        (None, None) => "ssh said nothing and did not end".to_owned(),
    }
}

/// A connection said nothing in time.
pub const NO_HELLO: &str = "no hello in time";
