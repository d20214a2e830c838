//! The lines under the board: status, the move being typed, messages and key hints.

use ratatui::buffer::Buffer;
use ratatui::style::{Modifier, Style};
use ratatui::text::{Line, Span};
use ratatui::widgets::Widget;

use super::View;
use super::layout::ScreenLayout;
use super::text;
use super::theme::Look;
use crate::annotations::Nag;
use crate::app::{Action, App, Ask, Browse, Command, MessageKind, Mode, Reading, strings};
use crate::input::{self, Key};
use hotseat_chess::DrawClaim;

/// Draws the four lines. A message too long for its line goes on over a second one:
/// the row under the hints when the screen has it (the hints move down), else the
/// hints' own, which come back with the next short message.
pub fn render(screen: &ScreenLayout, buf: &mut Buffer, app: &App, view: &View<'_>, look: &Look) {
    fit_line(status_line(app, look), usize::from(screen.status.width)).render(screen.status, buf);
    input_line(app, look, usize::from(screen.input.width)).render(screen.input, buf);
    let lines = message_lines(app, look, usize::from(screen.message.width));
    let mut hints = screen.hints;
    for (row, line) in lines.into_iter().enumerate() {
        let y = screen.message.y + row as u16;
        line.render(ratatui::layout::Rect { y, ..screen.message }, buf);
        if y == hints.y {
            hints.y += 1;
        }
    }
    if hints.bottom() <= buf.area.bottom() {
        hint_line(app, view, look, hints.width).render(hints, buf);
    }
}

/// The name of the key for `action` in play, for sentences on screen.
fn key_name(look: &Look, action: &Action) -> String {
    look.keys.key_for(Mode::Play, action).map_or_else(|| "?".to_owned(), Key::name)
}

/// `line` in `width` columns without cutting a word (a key's name above all): the notes
/// at its end go whole, the first part is shortened at a word.
fn fit_line(mut line: Line<'static>, width: usize) -> Line<'static> {
    while line.width() > width && line.spans.len() > 1 {
        line.spans.pop();
    }
    if let Some(first) = line.spans.first_mut()
        && first.width() > width
    {
        first.content = text::fit_words(&first.content, width).into();
    }
    line
}

/// The result banner, or whose turn it is with check and claimable draws.
fn status_line(app: &App, look: &Look) -> Line<'static> {
    let game = app.game();
    if let Some(outcome) = app.outcome_text() {
        return Line::styled(format!(" {outcome} "), look.banner());
    }
    if app.is_browsing() {
        // The position on the board is not the live one: whose move it was there.
        let shown = app.shown_position();
        let mut spans =
            vec![Span::styled(format!("{} to move in the position shown", shown.turn()), look.accent())];
        if shown.is_check() {
            spans.push(Span::styled(" — check", look.check()));
        }
        spans.push(Span::styled(format!(" · live: {} to move", game.turn()), look.dim()));
        return Line::from(spans);
    }
    let turn = game.turn();
    let mut spans = vec![Span::styled(format!("{turn} to move"), look.accent())];
    if game.position().is_check() {
        spans.push(Span::styled(" — check!", look.check()));
    }
    if let Some(claim) = game.claimable_draw() {
        let rule = match claim {
            DrawClaim::ThreefoldRepetition => "threefold repetition",
            DrawClaim::FiftyMoveRule => "the fifty-move rule",
        };
        spans.push(Span::raw(format!(
            " · {turn} may claim a draw by {rule}: press {}",
            key_name(look, &Action::Command(Command::ClaimDraw))
        )));
    }
    let here = app.sides_here();
    if let (Some(asked), Mode::Play) = (app.asked(), app.mode()) {
        let what = match asked.what {
            Ask::Draw => "offers a draw",
            Ask::TakeBack => "asks to take back a move",
            Ask::Rematch => "asks for a rematch",
        };
        let said = if here[!asked.by] {
            format!(" · {} {what}: Esc to answer", app.named(asked.by))
        } else {
            format!(" · {} {what}: waiting for {}'s answer", app.named(asked.by), app.named(!asked.by))
        };
        spans.push(Span::styled(said, look.accent()));
    }
    if let Some(by) = app.offer_with_move() {
        spans.push(Span::styled(
            format!(" · {} offers a draw with the next move", app.named(by)),
            look.accent(),
        ));
    }
    if app.clocks_paused() {
        spans.push(Span::styled(
            format!(
                " · clocks paused: {} or a move starts them",
                key_name(look, &Action::Command(Command::Pause))
            ),
            look.accent(),
        ));
    }
    Line::from(spans)
}

/// `Move: Nf█  Nf3 Nh3` — the text typed so far and the legal moves it could become;
/// while a question or the promotion picker is open, the keys that answer it.
fn input_line(app: &App, look: &Look, width: usize) -> Line<'static> {
    if let Some(draft) = app.draft() {
        return comment_line(app, draft, look, width);
    }
    let label = match app.mode() {
        Mode::Question | Mode::Resign => Some("Answer: "),
        Mode::Promotion => Some("Promote: "),
        Mode::Play | Mode::Help | Mode::Record | Mode::Comment => None,
    };
    if let Some(label) = label {
        let mut spans = vec![Span::styled(label, look.dim())];
        spans.extend(answer_keys(app, look, "   "));
        return Line::from(spans);
    }
    let mut spans = vec![Span::styled("Move: ", look.dim())];
    let typed = app.input();
    if typed.is_empty() {
        spans.push(Span::raw("█"));
        let here = app.sides_here();
        let watching = !here.white && !here.black;
        let hint = if watching {
            " you are watching: a quote, a line and Enter chat with the players; ^Q leaves".to_owned()
        } else if app.game().is_over() && app.takeback_by_consent() {
            // Played from two terminals: the next game is a rematch both agree to.
            format!(
                " the game is over: {} to ask for a rematch with the colours swapped",
                key_name(look, &Action::Command(Command::NewGame))
            )
        } else if app.game().is_over() {
            format!(
                " the game is over: {} takes back a move, {} starts a new game",
                key_name(look, &Action::Command(Command::Undo)),
                key_name(look, &Action::Command(Command::NewGame))
            )
        } else {
            " type a move (e4, Nf3, O-O) and Enter, or point with the arrows and Space".to_owned()
        };
        spans.push(Span::styled(hint, look.dim()));
        return Line::from(spans);
    }
    // A long line of moves shows its end, where the typing is.
    let room = width.saturating_sub(text::width("Move: █") + 1);
    let shown = if text::width(typed) > room { tail(typed, room) } else { typed.to_owned() };
    spans.push(Span::styled(shown, Style::new().add_modifier(Modifier::BOLD)));
    spans.push(Span::raw("█"));
    let position = app.game().position();
    if app.is_line_of_moves() {
        let used: usize = spans.iter().map(Span::width).sum();
        let hint = "  Enter: play these moves one by one";
        spans.push(Span::styled(text::fit_words(hint, width.saturating_sub(used)), look.dim()));
        return Line::from(spans);
    }
    if app.is_refused() {
        // The message line below says why; this one says what can be done about it,
        // rather than say it twice.
        let mend = " · Backspace mends it · a new move replaces it";
        let hint = match crate::app::suggestion(app.game(), typed) {
            Some(m) => format!("  Tab takes {}{mend}", position.san(m)),
            None => format!("  {}", &mend[" · ".len()..]),
        };
        let used: usize = spans.iter().map(Span::width).sum();
        spans.push(Span::styled(text::fit_words(&hint, width.saturating_sub(used)), look.dim()));
        return Line::from(spans);
    }
    let (hint, style) = match app.reading() {
        Reading::Empty => (String::new(), look.dim()),
        Reading::Move(m, nag) => {
            (format!("  {}{}", position.san(m), nag.and_then(Nag::suffix).unwrap_or_default()), look.dim())
        }
        Reading::Offering(m, nag) => (
            format!(
                "  {}{}, offering a draw",
                position.san(m),
                nag.and_then(Nag::suffix).unwrap_or_default()
            ),
            look.dim(),
        ),
        Reading::Promotion(_) => ("  Enter: choose the piece".to_owned(), look.dim()),
        Reading::Ambiguous(moves) => (format!("  {}", strings::ambiguous(position, &moves)), look.error()),
        Reading::Incomplete(moves) => (format!("  {}", strings::could_become(position, &moves)), look.dim()),
        Reading::Refused(why) => (format!("  {why}"), look.error()),
        Reading::Command(word) => (format!("  Enter: {}", word.what), look.dim()),
        Reading::Sign(nag) => {
            let last = app.game().ply().checked_sub(1).and_then(|i| app.game().label(i));
            match last {
                None => ("  there is no move to mark yet".to_owned(), look.error()),
                Some(last) if nag.0 == 0 => (format!("  Enter: take the sign off {last}"), look.dim()),
                Some(last) => {
                    let sign = nag.suffix().map_or_else(|| nag.to_string(), str::to_owned);
                    (format!("  Enter: mark {last} {sign}"), look.dim())
                }
            }
        }
    };
    let used: usize = spans.iter().map(Span::width).sum();
    spans.push(Span::styled(text::fit_words(&hint, width.saturating_sub(used)), style));
    Line::from(spans)
}

/// The end of `text` in `width` columns, after `…`.
fn tail(text: &str, width: usize) -> String {
    let mut kept = Vec::new();
    let mut used = 1;
    for c in text.chars().rev() {
        let w = text::width(c.encode_utf8(&mut [0; 4]));
        if used + w > width {
            break;
        }
        used += w;
        kept.push(c);
    }
    std::iter::once('…').chain(kept.into_iter().rev()).collect()
}

/// `12. Nf3 !? Comment: a fine move█` — the comment editor, showing the end of a
/// long text.
fn comment_line(app: &App, draft: &crate::app::Draft, look: &Look, width: usize) -> Line<'static> {
    let label = app.game().label(draft.index).unwrap_or_default();
    let head = match draft.nag.and_then(Nag::suffix) {
        Some(sign) => format!("{label}{sign} — comment: "),
        None => format!("{label} (no sign) — comment: "),
    };
    let room = width.saturating_sub(text::width(&head) + 1);
    let chars: Vec<char> = draft.text.chars().collect();
    let mut start = chars.len();
    let mut used = 0;
    while start > 0 {
        let w = text::width(&chars[start - 1].to_string());
        if used + w > room {
            break;
        }
        used += w;
        start -= 1;
    }
    let shown: String = chars[start..].iter().collect();
    Line::from(vec![
        Span::styled(head, look.accent()),
        Span::styled(shown, Style::new().add_modifier(Modifier::BOLD)),
        Span::raw("█"),
    ])
}

/// The last message, or where browsing is, or else the coach's remark on the last
/// move but one (which the answer to it does not hide), on one line or two.
fn message_lines(app: &App, look: &Look, width: usize) -> Vec<Line<'static>> {
    let remark = app.remark().filter(|_| !app.is_browsing());
    if let Some(message) = app.message().or(remark) {
        let style = match message.kind {
            MessageKind::Error => look.error(),
            MessageKind::Info => Style::new(),
        };
        return text::wrap(&message.text, width, 2)
            .into_iter()
            .map(|line| Line::styled(line, style))
            .collect();
    }
    let line = browsing_line(app, look);
    text::wrap(&line, width, 2).into_iter().map(|line| Line::styled(line, look.accent())).collect()
}

/// Where browsing is, or nothing.
fn browsing_line(app: &App, look: &Look) -> String {
    if app.is_browsing() {
        let ply = app.shown_ply();
        let at = match ply.checked_sub(1).and_then(|index| app.game().label(index)) {
            Some(label) => format!("the position after {label}"),
            None => "the starting position".to_owned(),
        };
        let live = key_name(look, &Action::Browse(Browse::Live));
        let text = if let Some(view) = app.variation() {
            match view.path.len() {
                0 => format!(
                    "Viewing a variation — Esc returns to the game's move, {live} to the live position"
                ),
                _ => format!(
                    "Viewing a variation inside a variation — Esc returns to the move it replaces, {live} to the live position"
                ),
            }
        } else if app.can(&Action::Browse(Browse::Variation)) {
            let key = key_name(look, &Action::Browse(Browse::Variation));
            format!("Viewing {at} — {key} shows its variations, {live} returns to the game")
        } else {
            format!("Viewing {at} — {live} returns to the game, which is unchanged")
        };
        return text;
    }
    String::new()
}

/// The keys that answer the open question (or work the promotion picker), each with
/// its word: only those that would do something now, and neither help nor quit.
pub(super) fn answer_keys(app: &App, look: &Look, gap: &str) -> Vec<Span<'static>> {
    look.keys
        .bindings(app.mode())
        .iter()
        .filter(|b| {
            b.action().is_some_and(|a| {
                !matches!(a, Action::Quit | Action::Show(crate::app::Show::Help | crate::app::Show::Repaint))
                    && app.can(&a)
            })
        })
        .filter_map(|b| Some((b.key_names(), b.hint?)))
        .flat_map(|(keys, word)| [Span::styled(keys, look.accent()), Span::raw(format!(" {word}{gap}"))])
        .collect()
}

/// The hints of the current key table that apply to this game, as many as fit: those
/// that would do nothing now are dimmed, and are the first to go when room is short; then hints go from the end
/// of the table, but help and quit (the last two) stay.
fn hint_line(app: &App, view: &View<'_>, look: &Look, width: u16) -> Line<'static> {
    // What this terminal may do, by the session's door; after the game, nothing that
    // needs a game on, and in a question no answer it does not take (Tab where one
    // resigns only for oneself); chat only with others in the game.
    let dims = !app.game().is_over() && app.mode() == Mode::Play;
    let offered = |b: &&input::Binding| {
        b.action().is_none_or(|a| applies(app, view, &a) && view.may(&a) && (app.can(&a) || dims))
            && (!b.is_chat() || view.company)
    };
    let mut hints: Vec<(String, &str, bool)> = look
        .keys
        .bindings(app.mode())
        .iter()
        .filter(offered)
        .filter_map(|b| Some((b.short_key_names(), b.hint?, b.action().is_none_or(|a| app.can(&a)))))
        .collect();
    let width_of = |hints: &[(String, &str, bool)]| -> usize {
        hints.iter().map(|(key, word, _)| key.chars().count() + 1 + word.chars().count() + 2).sum()
    };
    while width_of(&hints) > usize::from(width) + 2 && hints.len() > 2 {
        let removable = hints.len() - 2;
        let unavailable = hints[..removable].iter().rposition(|(_, _, on)| !on);
        hints.remove(unavailable.unwrap_or(removable - 1));
    }
    let mut spans = Vec::new();
    for (key, word, on) in hints {
        if on {
            spans.push(Span::styled(key, look.accent()));
            spans.push(Span::raw(format!(" {word}  ")));
        } else {
            spans.push(Span::styled(key, look.dim()));
            spans.push(Span::styled(format!(" {word}  "), look.dim()));
        }
    }
    Line::from(spans)
}

/// Whether an action is worth a hint in this game: pausing needs clocks; a review is
/// offered once the game is over (or while one is at work, to stop it), and the
/// marks once there is a review; the engine's key while an engine plays, the coach's
/// while a coach is on.
fn applies(app: &App, view: &View<'_>, action: &Action) -> bool {
    match action {
        Action::Command(Command::Pause) => app.clocks().is_some(),
        Action::Command(Command::HandOver) => view.engine,
        Action::Command(Command::Hint) => view.coach,
        Action::Command(Command::Review) => app.game().is_over() || app.reviewing().is_some(),
        Action::Browse(Browse::PreviousMark | Browse::NextMark) => app.reviewing().is_some(),
        _ => true,
    }
}
