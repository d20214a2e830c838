//! The sentences the app says to the players, in one place: the core gives the facts
//! (lowercase, as values), and these put them in a chess player's words. The screen
//! uses them too, so a hint and the message Enter gives read the same.

use super::{Question, Reviewing, Step};
use crate::review::{ENGINE_VARIABLE, EngineError};
use hotseat_chess::{
    ByColor, Color, Game, Illegality, Move, NoClaim, Outcome, Piece, Position, Reason, Role, Square,
};

pub(crate) const NO_QUESTION: &str = "There is no question to answer.";
pub(crate) const AUTO_FLIP_ON: &str = "The board now turns after every move.";
pub(crate) const AUTO_FLIP_OFF: &str = "The board no longer turns after every move.";
pub(crate) const NOTHING_TO_UNDO: &str = "Nothing to take back: no move has been played.";
pub(crate) const NOTHING_TO_REDO: &str = "Nothing to redo.";
pub(crate) const NO_DRAW_TO_CLAIM: &str =
    "No draw to claim: that needs a threefold repetition or 50 moves each without a capture or pawn move.";
/// A draw claimed with the move `san` does not hold: nothing was played.
pub(crate) fn claim_does_not_hold(san: &str, why: NoClaim) -> String {
    match why {
        NoClaim::Illegal => format!("No draw to claim with {san}: it cannot be played now."),
        NoClaim::Ends(outcome) => {
            format!("No draw to claim with {san}: that move ends the game ({outcome}); Enter plays it.")
        }
        // The rule nearer to holding is the one the player had in mind; short enough
        // for one line of the board's screen.
        NoClaim::Short { halfmoves, .. } if halfmoves >= 80 => {
            let moves = halfmoves / 2;
            format!(
                "No draw to claim with {san} (not played): after it, {moves} moves each without capture or pawn move, not 50."
            )
        }
        NoClaim::Short { repetitions, .. } => {
            let nth = match repetitions {
                1 => "1st".to_owned(),
                2 => "2nd".to_owned(),
                n => format!("{n}th"),
            };
            format!(
                "No draw to claim with {san} (not played): after it the position stands for the {nth} time, not the 3rd."
            )
        }
    }
}

pub(crate) const AT_THE_START: &str = "This is the starting position.";
pub(crate) const AT_THE_LIVE_POSITION: &str = "This is the live position.";
pub(crate) const BACK_TO_LIVE: &str = "Back to the live position.";
pub(crate) const CLOCKS_PAUSED_ON_LOAD: &str = "The clocks are paused: a move starts them again.";
/// The clocks asked of a game that has none.
pub const NO_CLOCKS: &str = "This game has no clocks: start one with a time control, such as --clock 5+3.";
pub(crate) const CLOCKS_STOPPED: &str = "The game is over: the clocks have stopped.";
pub(crate) const CLOCKS_RUNNING: &str = "The clocks are running again.";
pub(crate) const CLOCKS_PAUSED: &str = "The clocks are paused.";
pub(crate) const CLOCKS_PAUSED_WHILE_STOPPED: &str =
    "The clocks were paused while the game was stopped: a move starts them again.";
pub(crate) const CLOCKS_NOT_STARTED: &str =
    "Nothing to pause yet: the clocks start once both sides have made their first move.";
pub(crate) const PROMOTION_CANCELLED: &str = "Promotion cancelled: the pawn has not moved.";
pub(crate) const NOTHING_TO_REVIEW: &str = "Nothing to review yet: no move has been played.";
pub(crate) const ALREADY_REVIEWED: &str = "The engine has reviewed this game already.";
pub(crate) const COMMENT_ON_GAME_MOVES: &str =
    "Comments are written on the moves of the game: Esc leaves the variation.";
pub(crate) const NO_MOVE_TO_COMMENT: &str = "There is no move to comment on yet.";
pub(crate) const NO_BRACE_IN_COMMENT: &str = "A comment cannot hold } (PGN has no way to write it).";
pub(crate) const BRACE_LEFT_OUT: &str = "A comment cannot hold }: it was left out.";
pub(crate) const COMMENT_UNCHANGED: &str = "The comment was left as it was.";
pub(crate) const NO_MOVE_TO_MARK: &str = "There is no move to mark yet.";
pub(crate) const NO_VARIATIONS_TO_SHOW: &str = "There is no move on the board whose variations to show.";
pub(crate) const EMPTY_VARIATION: &str = "That variation has no move.";
pub(crate) const BACK_WHERE_THE_VARIATION_STARTS: &str = "Back in the game, where the variation starts.";
pub(crate) const END_OF_VARIATION: &str = "This is the end of the variation.";
pub(crate) const BACK_IN_THE_GAME: &str = "Back in the game.";
pub(crate) const REVIEW_STARTED: &str =
    "The engine is reviewing the game; play on or browse meanwhile (asking again stops it).";
pub(crate) const REVIEW_MID_GAME: &str = "Both players will see the engine's verdicts (best moves, mates, mistakes) while the game goes on. Start the review?";
pub(crate) const NO_REVIEW: &str = "No review yet: ask the engine for one first.";
pub(crate) const NOTHING_TO_WRITE: &str = "The review has no evaluation of this game's moves to write yet.";
pub(crate) const REVIEW_DONE_OUT_OF_DATE: &str = "Review done, but the moves changed meanwhile: it holds up to the first change; review again for the rest.";
pub(crate) const NO_LATER_MARK: &str = "No marked move after this one.";
pub(crate) const NO_EARLIER_MARK: &str = "No marked move before this one.";
pub(crate) const PROMOTION_KEYS: &str = "Choose the piece the pawn becomes, or Esc to cancel the move.";

/// A player as the players are told of them: `Anna (White)`, or `White` for a player
/// who goes by the colour's name.
fn player(players: &ByColor<String>, color: Color) -> String {
    named(&players[color], color)
}

/// The result, with the players' names where they are named: `Ben (Black) resigns —
/// Anna (White) wins 0-1`; a draw names nobody.
pub fn outcome(outcome: Outcome, players: &ByColor<String>) -> String {
    let Some(winner) = outcome.result.winner() else { return outcome.to_string() };
    let (won, lost) = (player(players, winner), player(players, !winner));
    let result = outcome.result.pgn();
    match outcome.reason {
        Reason::Checkmate => format!("Checkmate — {won} wins {result}"),
        Reason::Resignation => format!("{lost} resigns — {won} wins {result}"),
        Reason::Timeout => format!("{won} wins on time {result}"),
        Reason::Unspecified => format!("{won} wins {result}"),
        reason => format!("{won} wins by {} {result}", reason.describe()),
    }
}

/// What an undo took back: the result, or the move labelled `label`.
pub(crate) fn taken_back(step: Step, label: &str, players: &ByColor<String>) -> String {
    match step {
        Step::Move(_) => format!("Taken back: {label}."),
        Step::Result(result) => format!("Taken back: {}.", outcome(result, players)),
    }
}

pub(crate) fn game_over(result: Outcome, players: &ByColor<String>) -> String {
    format!("The game is over: {}.", outcome(result, players))
}

/// The most characters of a player's name a sentence says; the record keeps it whole.
const NAME_IN_SENTENCE: usize = 40;

/// `Anna (White)`, or `White` when the player goes by the colour's name. A name longer
/// than [`NAME_IN_SENTENCE`] is cut, ending in `…`: a name of thousands of characters
/// would otherwise fill a question's box and hide the question.
pub(crate) fn named(name: &str, color: Color) -> String {
    if name == color.name() {
        return name.to_owned();
    }
    if name.chars().nth(NAME_IN_SENTENCE).is_none() {
        return format!("{name} ({color})");
    }
    let kept: String = name.chars().take(NAME_IN_SENTENCE - 1).collect();
    format!("{kept}… ({color})")
}

/// `who` said no to the draw offered to them.
pub(crate) fn draw_declined(who: &str) -> String {
    format!("{who} declines the draw.")
}

/// `who` played a move while `by`'s draw offer stood: that declines it.
pub(crate) fn draw_declined_by_moving(who: &str, by: &str) -> String {
    format!("{who} plays on: {by}'s draw offer is declined.")
}

/// `who` is asked to confirm resigning.
pub(crate) fn resigns_sure(who: &str) -> String {
    format!("{who} resigns and loses the game. Are you sure?")
}

pub(crate) const WHO_RESIGNS: &str = "Who resigns? That side loses the game.";
pub(crate) const ABANDON_GAME: &str = "Abandon this game and start a new one?";

/// `by` offers a draw to `to`, who is to move.
/// `by` asks `to` for a take-back.
pub(crate) fn takeback_asked(by: &str, to: &str) -> String {
    format!("{by} asks to take back their last move. {to}, do you allow it? (a move declines it)")
}

/// `by` asks `to` for a rematch with the colours swapped.
pub(crate) fn rematch_asked(by: &str, to: &str) -> String {
    format!("{by} asks for a rematch with the colours swapped. {to}, do you accept?")
}

/// `who` said no to a rematch.
pub(crate) fn rematch_declined(who: &str) -> String {
    format!("{who} declines the rematch.")
}

/// `who` said no to a take-back.
pub(crate) fn takeback_declined(who: &str) -> String {
    format!("{who} declines the take-back.")
}

/// `by`, to move, offers a draw with the move it is about to make.
pub(crate) fn offers_with_move(by: &str) -> String {
    format!("{by} offers a draw with the next move: play it, and the offer is made.")
}

/// A draw offered by this side stands already.
pub(crate) const OFFER_STANDS: &str = "Your draw offer stands: the other side has not answered yet.";

/// A draw offered with this side's next move is on its way already.
pub(crate) const OFFER_WITH_MOVE_STANDS: &str =
    "You offer a draw with your next move already: play the move.";

/// The other side's draw offer stands: it is to be answered, not offered back.
pub(crate) fn answer_their_offer(by: &str) -> String {
    format!("{by} offers a draw already: Y accepts it, a move declines it.")
}

/// An answer with nothing asked.
pub(crate) const NOTHING_ASKED: &str = "Nothing is asked: there is no offer or request to answer.";

/// This side's own offer or request waits for the other side's answer.
pub(crate) fn own_ask_waits(what: super::Ask) -> String {
    let what = match what {
        super::Ask::Draw => "draw offer",
        super::Ask::TakeBack => "take-back request",
        super::Ask::Rematch => "rematch request",
    };
    format!("Your {what} waits for the other side's answer.")
}

/// The game is over (its result not known here yet).
pub(crate) const GAME_OVER: &str = "The game is over.";

/// Something only the side to move may do, asked for the other side.
pub(crate) fn not_your_move(player: &str) -> String {
    format!("{player} is to move.")
}

/// Something only a player may do, asked at a terminal that plays no side.
pub(crate) const WATCHING: &str = "You are watching: only the players can do that.";

/// A new game or a redo asked by one of two players in two places, during a game.
pub(crate) const BY_AGREEMENT: &str =
    "Only by agreement: a take-back is asked, and a rematch once the game is over.";

/// A take-back asked for the other side's move.
pub(crate) const TAKE_BACK_YOUR_OWN: &str =
    "A take-back is asked by the player who just moved, of their own move.";

/// The engine or the coach asked for from another terminal.
pub(crate) const ONLY_HERE: &str = "Only the players at the hosting terminal can do that.";

/// A move the position does not allow, named in coordinates.
pub(crate) fn cannot_play(uci: &str) -> String {
    format!("{uci} cannot be played in this position.")
}

/// The resignation dialog names only a side played here.
pub(crate) const RESIGN_ONLY_YOURS: &str = "You may resign only for the side you play.";

/// Resigning at a terminal that plays no side.
pub(crate) const ONLY_PLAYERS_RESIGN: &str = "Only a player can resign: this terminal plays no side.";

pub(crate) fn draw_offered(by: &str, to: &str) -> String {
    format!("{by} offers a draw. {to}, do you accept? (a move declines it)")
}

pub(crate) fn no_piece_on(sq: Square, turn: Color) -> String {
    format!("There is no piece on {sq}. {turn} to move.")
}

pub(crate) fn not_yours(piece: Piece, sq: Square, turn: Color) -> String {
    format!("The {} on {sq} is {}'s. {turn} to move.", piece.role, piece.color)
}

pub(crate) fn no_legal_move_for(role: Role, sq: Square, in_check: bool) -> String {
    let why = if in_check { " (your king is in check)" } else { "" };
    format!("The {role} on {sq} has no legal move{why}.")
}

/// Why the piece on `from` cannot be put down on `to`, as the core explains it.
pub(crate) fn illegal_pointed_move(game: &Game, from: Square, to: Square) -> String {
    let reason = game.explain(from, to).map_or_else(|| format!("it cannot go to {to}"), |r| r.to_string());
    format!("Illegal move {from}–{to}: {reason}.")
}

/// A typed move the rules refuse: `Illegal move: Nf4 (no knight can reach f4)`.
pub(crate) fn illegal_move(text: &str, reason: Illegality) -> String {
    format!("Illegal move: {text} ({reason})")
}

/// Typed text that is no move at all.
pub fn not_a_move(text: &str) -> String {
    format!("Not a move: {:?} (try SAN like Nf3 or coordinates like e2e4)", crate::printable::echo(text))
}

/// A refusal with the nearest legal move, when one is close.
pub(crate) fn did_you_mean(refusal: String, san: Option<String>) -> String {
    match san {
        Some(san) => format!("{refusal} — did you mean {san}?"),
        None => refusal,
    }
}

pub(crate) fn cannot_promote_to(role: Role) -> String {
    format!("A pawn cannot promote to a {role}.")
}

pub(crate) fn question_keys(question: Question) -> String {
    let what = match question {
        Question::DrawOffer { .. } => "accept the draw, or play a move to decline it",
        Question::Resign { .. } => "resign",
        Question::NewGame => "start a new game",
        Question::Review => "start the engine's review",
        Question::Takeback { .. } => "allow the take-back",
        Question::Rematch { .. } => "start the rematch",
    };
    format!("That key does not answer the question: Y to {what}, Esc for no.")
}

/// Several legal moves fit the typed text: "Ambiguous: Nbd2 or Nfd2?".
pub fn ambiguous(pos: &Position, moves: &[Move]) -> String {
    format!("Ambiguous: {}?", sans(pos, moves).join(" or "))
}

/// Enter on `text`, the start of these legal moves: the first few of them.
pub(crate) fn incomplete(text: &str, pos: &Position, moves: &[Move]) -> String {
    const SHOWN: usize = 6;
    let mut list = sans(pos, moves.get(..SHOWN).unwrap_or(moves)).join(", ");
    if moves.len() > SHOWN {
        list.push_str(", …");
    }
    format!("Not a whole move yet: {text} could become {list}.")
}

/// The live hint while typing: the legal moves the text could become, in SAN.
pub fn could_become(pos: &Position, moves: &[Move]) -> String {
    sans(pos, moves).join(" ")
}

fn sans(pos: &Position, moves: &[Move]) -> Vec<String> {
    moves.iter().map(|&m| pos.san(m)).collect()
}

pub(crate) fn paste_needs_promotion(token: &str) -> String {
    format!("{token} does not say which piece the pawn becomes (=Q, =R, =B or =N)")
}

pub(crate) fn paste_stopped(played: usize, token: &str, why: &str) -> String {
    let moves = if played == 1 { "1 move".to_owned() } else { format!("{played} moves") };
    format!("Pasted {moves}; stopped at {token}: {why}")
}

pub(crate) fn pasted(played: usize) -> String {
    if played == 1 { "Pasted 1 move.".to_owned() } else { format!("Pasted {played} moves.") }
}

/// The review was stopped with `done` of `all` positions analysed.
pub(crate) fn review_stopped(done: usize, all: usize) -> String {
    format!("Review stopped: {done} of {all} positions analysed.")
}

/// The review failed: the engine's reason, and the reassurance.
pub(crate) fn review_failed(why: &EngineError) -> String {
    format!("No review, the game goes on: {}", engine_failed(why))
}

/// Why the engine cannot review, with what to do about it when there is none.
pub fn engine_failed(err: &EngineError) -> String {
    match err {
        EngineError::NotFound { .. } => format!(
            "{err} Install Stockfish (`apt-get install stockfish` on Debian and Ubuntu, `brew install stockfish` on macOS), or point to a UCI engine with --engine PATH or the {ENGINE_VARIABLE} variable."
        ),
        _ => err.to_string(),
    }
}

/// The review is done: each side's accuracy and mistakes, by name.
pub(crate) fn review_done(review: &Reviewing, players: &ByColor<String>) -> String {
    let side = |color: Color| {
        let accuracy = review.accuracy(color).map_or_else(|| "–".to_owned(), |a| format!("{a:.0}%"));
        let counts = review.counts(color).unwrap_or_default();
        format!("{} {accuracy} ({})", player(players, color), mark_counts(counts))
    };
    format!("Review done. Accuracy: {}, {}.", side(Color::White), side(Color::Black))
}

/// `1 inaccuracy, 2 blunders`, or `no mistakes`.
pub(crate) fn mark_counts(counts: [usize; 3]) -> String {
    let names = [("inaccuracy", "inaccuracies"), ("mistake", "mistakes"), ("blunder", "blunders")];
    let parts: Vec<String> = counts
        .iter()
        .zip(names)
        .filter(|(n, _)| **n > 0)
        .map(|(n, (one, many))| format!("{n} {}", if *n == 1 { one } else { many }))
        .collect();
    if parts.is_empty() { "no mistakes".to_owned() } else { parts.join(", ") }
}

/// The review was written into the record.
pub(crate) fn review_written(written: crate::review::Written) -> String {
    let kept = if written.kept > 0 {
        format!(" ({} of your own annotations kept)", written.kept)
    } else {
        String::new()
    };
    format!(
        "Review written into the game record: {} evaluations, {} marks, {} better moves{kept}.",
        written.evals, written.marks, written.lines
    )
}

/// A comment kept: `12. Nf3: the comment and the sign !? kept.`
pub(crate) fn comment_kept(label: &str, said: &str, sign: &str) -> String {
    format!("{label}: {said}{sign} kept.")
}

/// A comment closed with nothing changed.
pub(crate) fn comment_unchanged(label: &str) -> String {
    format!("{label}: nothing changed.")
}

/// A sign typed alone for the last move: `12. Nf3 is marked !?.`
pub(crate) fn marked(label: &str, sign: &str) -> String {
    format!("{label} is marked {sign}.")
}

/// The sign of the last move taken off.
pub(crate) fn unmarked(label: &str) -> String {
    format!("{label} has no sign now.")
}

/// F4 on a move without variations.
pub(crate) fn no_variation(label: &str) -> String {
    format!("{label} has no variation.")
}

/// Practice asked for before a review.
pub(crate) const PRACTICE_NEEDS_REVIEW: &str =
    "Practice goes through the moves a review marked: review the game first (Ctrl-E, or review).";

/// Practice asked for while the review is at work.
pub(crate) const PRACTICE_REVIEW_RUNNING: &str = "The review is still at work; practice once it is done.";

/// A review with no mistake or blunder to practise.
pub(crate) fn nothing_to_practise(side: Option<Color>) -> String {
    match side {
        Some(side) => format!("The review marked no mistake or blunder of {side}'s to practise."),
        None => "The review marked no mistake or blunder to practise.".to_owned(),
    }
}

/// Practice ended by the players.
pub(crate) const PRACTICE_STOPPED: &str = "Practice stopped; back to the game.";

/// Practice went through every move.
pub(crate) const PRACTICE_DONE: &str = "Practice done: no more mistakes to go through; back to the game.";

/// The question practice asks.
pub(crate) fn find_better(number: usize, of: usize, label: &str, turn: Color) -> String {
    format!(
        "Practice {number} of {of}: {turn} to move. Find a better move than {label} (show for the engine's, skip, stop)."
    )
}

/// `show` in practice.
pub(crate) fn engine_best(san: &str, eval: crate::review::Eval) -> String {
    format!("The engine's move: {san} ({eval}). Type it, skip, or stop.")
}

/// A line in practice that is no single move.
pub(crate) const PRACTICE_ONE_MOVE: &str = "Type one move to try (or show, skip, stop).";

/// A move tried, sent to the engine.
pub(crate) fn practice_judging(san: &str) -> String {
    format!("{san}: the engine is judging it.")
}

/// The engine's judgement of a move tried.
pub(crate) fn practice_good(san: &str, good: bool) -> String {
    if good {
        format!("{san} is good: as good as the engine's best. skip for the next one, or stop.")
    } else {
        format!("{san} is not good enough; try another move, or show for the engine's.")
    }
}

/// The engine could not judge a move tried.
pub(crate) const PRACTICE_NO_ENGINE: &str = "The engine could not judge that move; try again, or show.";

#[cfg(test)]
mod tests {
    use std::path::PathBuf;

    use super::*;

    #[test]
    fn with_no_engine_found_the_players_are_told_the_places_and_the_cures() {
        let err = EngineError::NotFound {
            tried: vec![PathBuf::from("stockfish"), PathBuf::from("/nowhere/stockfish")],
        };
        let text = engine_failed(&err);
        for needle in [
            "No chess engine found",
            "/nowhere/stockfish",
            "apt-get install stockfish",
            "brew install stockfish",
            "--engine PATH",
            "HOTSEAT_ENGINE",
        ] {
            assert!(text.contains(needle), "{text}");
        }
        assert!(!err.to_string().contains("--engine"), "the engine names no flag: {err}");
        assert!(review_failed(&err).ends_with(&text), "the review's failure gives the cure too");
    }
}
