//! Draws the library screen: a title, the filter, the list of saved games in columns,
//! a line for messages and questions, and the key hints from the library's key table.
//!
//! Like the game screen, drawing reads the state and changes nothing; the list scrolls
//! so the selected line is on screen, which follows from the selection and the height.

use ratatui::buffer::Buffer;
use ratatui::layout::{Alignment, Rect};
use ratatui::style::{Modifier, Style};
use ratatui::text::{Line, Span};
use ratatui::widgets::{Paragraph, Widget, Wrap};

use super::text;
use super::theme::Look;
use crate::app::MessageKind;
use crate::input::library::bindings;
use crate::library::{Content, Entry, Library, Mode};

/// The smallest screen the library is drawn on; a smaller one says so.
pub const MIN_WIDTH: u16 = 36;
/// The fewest rows: the chrome and three games.
pub const MIN_HEIGHT: u16 = 8;

/// Rows above the list (title, filter, column heads) and below it (message, hints).
const ABOVE: u16 = 3;
const BELOW: u16 = 2;

/// How many games the list shows at once on a screen of `area`.
pub fn list_rows(area: Rect) -> usize {
    usize::from(area.height.saturating_sub(ABOVE + BELOW)).max(1)
}

/// Draws the library into `area`; `folder` is the games folder, as it is named.
pub fn render(area: Rect, buf: &mut Buffer, library: &Library, folder: &str, look: &Look) {
    if area.width < MIN_WIDTH || area.height < MIN_HEIGHT {
        render_too_small(area, buf, look);
        return;
    }
    let row = |y: u16| Rect::new(area.x, area.y + y, area.width, 1);
    title_line(library, folder, look).render(row(0), buf);
    filter_line(library, look).render(row(1), buf);
    let columns = Columns::for_width(area.width);
    columns.heads(row(2), buf, look);
    let rows = list_rows(area);
    let list = Rect::new(area.x, area.y + ABOVE, area.width, rows as u16);
    render_list(list, buf, library, &columns, look);
    // A message too long for its row (a refusal with its reason and what to do) goes on
    // over the hints' row rather than lose its end; the hints come back with the next key.
    if let Some([first, second]) = long_message(library, look, usize::from(area.width)) {
        first.render(row(area.height - 2), buf);
        second.render(row(area.height - 1), buf);
    } else {
        message_line(library, look).render(row(area.height - 2), buf);
        hint_line(library, look).render(row(area.height - 1), buf);
    }
}

/// The message in two rows, when it is one and does not fit in one.
fn long_message(library: &Library, look: &Look, columns: usize) -> Option<[Line<'static>; 2]> {
    let message = library.message().filter(|_| library.asking().is_none())?;
    let columns = columns.saturating_sub(1);
    if text::width(&message.text) <= columns {
        return None;
    }
    let style = if message.kind == MessageKind::Error { look.error() } else { look.accent() };
    let mut rows =
        text::wrap(&message.text, columns, 2).into_iter().map(|row| Line::styled(format!(" {row}"), style));
    Some([rows.next()?, rows.next().unwrap_or_default()])
}

fn render_too_small(area: Rect, buf: &mut Buffer, look: &Look) {
    let lines = vec![
        Line::styled("Terminal too small", look.error()),
        Line::raw(format!(
            "{}×{} here; the library needs {MIN_WIDTH}×{MIN_HEIGHT}.",
            area.width, area.height
        )),
        Line::raw("Enlarge the window, or press Esc to leave."),
    ];
    Paragraph::new(lines).alignment(Alignment::Center).wrap(Wrap { trim: true }).render(area, buf);
}

fn title_line(library: &Library, folder: &str, look: &Look) -> Line<'static> {
    let entries = &library.shelf().entries;
    let unfinished = entries.iter().filter(|e| e.is_unfinished()).count();
    let count = match entries.len() {
        1 => "1 saved game".to_owned(),
        n => format!("{n} saved games"),
    };
    let mut spans = vec![
        Span::styled(" Library ", look.accent()),
        Span::raw(format!("— {count}, {unfinished} unfinished")),
    ];
    let skipped = library.shelf().skipped;
    if skipped > 0 {
        let what = if skipped == 1 { "entry" } else { "entries" };
        spans.push(Span::raw(format!(", {skipped} {what} skipped (not regular files)")));
    }
    spans.push(Span::styled(format!(" — {folder}"), look.dim()));
    Line::from(spans)
}

fn filter_line(library: &Library, look: &Look) -> Line<'static> {
    if library.filter().is_empty() {
        return Line::styled(" Type to filter by players, opening, date or file name.", look.dim());
    }
    let shown = library.shown().len();
    Line::from(vec![
        Span::styled(" Filter: ", look.accent()),
        Span::raw(library.filter().to_owned()),
        Span::styled("▏", Style::new().add_modifier(Modifier::SLOW_BLINK)),
        Span::styled(format!("  {shown} match{}", if shown == 1 { "" } else { "es" }), look.dim()),
    ])
}

/// Where each column goes on a screen this wide: the opening and the date give way
/// first when it is narrow.
struct Columns {
    players: (u16, u16),
    date: Option<(u16, u16)>,
    result: (u16, u16),
    moves: (u16, u16),
    opening: Option<(u16, u16)>,
}

impl Columns {
    const DATE: u16 = 16;
    const RESULT: u16 = 10;
    const MOVES: u16 = 5;

    fn for_width(width: u16) -> Columns {
        let with_date = width >= 60;
        let with_opening = width >= 80;
        let fixed = Self::RESULT + Self::MOVES + 2 + 3 + if with_date { Self::DATE + 2 } else { 0 };
        let flexible = width.saturating_sub(fixed + 1);
        let players_w = if with_opening { (flexible * 2 / 5).clamp(16, 40) } else { flexible };
        let mut x = 1;
        let mut next = |w: u16| {
            let at = (x, w);
            x += w + 2;
            at
        };
        let players = next(players_w);
        let date = with_date.then(|| next(Self::DATE));
        let result = next(Self::RESULT);
        let moves = next(Self::MOVES);
        let opening = with_opening.then(|| (x, width.saturating_sub(x + 1)));
        Columns { players, date, result, moves, opening }
    }

    fn heads(&self, area: Rect, buf: &mut Buffer, look: &Look) {
        let style = look.label().add_modifier(Modifier::BOLD);
        Self::put(area, buf, self.players, "Players", style);
        if let Some(date) = self.date {
            Self::put(area, buf, date, "Saved (UTC)", style);
        }
        Self::put(area, buf, self.result, "Result", style);
        Self::put_right(area, buf, self.moves, "Moves", style);
        if let Some(opening) = self.opening {
            Self::put(area, buf, opening, "Opening", style);
        }
    }

    fn put(area: Rect, buf: &mut Buffer, (x, w): (u16, u16), text: &str, style: Style) {
        if x < area.width {
            let w = w.min(area.width - x);
            buf.set_stringn(area.x + x, area.y, text, usize::from(w), style);
        }
    }

    fn put_right(area: Rect, buf: &mut Buffer, (x, w): (u16, u16), text: &str, style: Style) {
        let pad = usize::from(w).saturating_sub(text.chars().count());
        Self::put(area, buf, (x, w), &format!("{}{text}", " ".repeat(pad)), style);
    }

    fn entry(&self, area: Rect, buf: &mut Buffer, entry: &Entry, style: Style) {
        match &entry.content {
            Content::Game(game) => {
                Self::put(area, buf, self.players, &game.players(), style);
                let result = if game.is_unfinished() { "unfinished" } else { game.result.as_str() };
                Self::put(area, buf, self.result, result, style);
                Self::put_right(area, buf, self.moves, &game.moves.to_string(), style);
                if let Some(opening) = self.opening {
                    let text = match game.games {
                        1 => game.opening_line(),
                        n => format!("({n} games in the file)"),
                    };
                    Self::put(area, buf, opening, &text, style);
                }
            }
            Content::Unreadable(why) => {
                let dim = style.add_modifier(Modifier::DIM);
                Self::put(area, buf, self.players, &entry.name, dim);
                Self::put(area, buf, self.result, "unreadable", dim);
                if let Some(opening) = self.opening {
                    Self::put(area, buf, opening, why, dim);
                }
            }
        }
        if let Some(date) = self.date {
            Self::put(area, buf, date, &entry.saved_at(), style);
        }
    }
}

fn render_list(area: Rect, buf: &mut Buffer, library: &Library, columns: &Columns, look: &Look) {
    let rows = usize::from(area.height);
    let Some(selected) = library.selected() else {
        let text = if library.shelf().entries.is_empty() {
            " No saved games yet: play one with hotseat, and it is kept here."
        } else {
            " No game matches the filter: Backspace or Esc to widen it."
        };
        Line::styled(text, look.dim()).render(Rect::new(area.x, area.y, area.width, 1), buf);
        return;
    };
    // The selected line is always on screen, as low as it needs to be.
    let offset = (selected + 1).saturating_sub(rows);
    for (i, entry) in library.shown().enumerate().skip(offset).take(rows) {
        let line = Rect::new(area.x, area.y + (i - offset) as u16, area.width, 1);
        let style = if i == selected {
            buf.set_style(line, look.highlight());
            look.highlight()
        } else {
            Style::new()
        };
        columns.entry(line, buf, entry, style);
    }
}

fn message_line(library: &Library, look: &Look) -> Line<'static> {
    if let Some(path) = library.asking() {
        let entry = library.shelf().entries.iter().find(|e| &e.path == path);
        let what = entry.map_or_else(String::new, |e| {
            let game = e.summary().map_or_else(String::new, |s| {
                let result = if s.is_unfinished() { "unfinished" } else { s.result.as_str() };
                let moves = if s.moves == 1 { "move" } else { "moves" };
                format!(" ({}, {result}, {} {moves})", s.players(), s.moves)
            });
            format!("{}{game}", e.name)
        });
        return Line::from(vec![
            Span::styled(format!(" Delete {what}? "), look.error()),
            Span::raw("Y deletes it, Esc keeps it."),
        ]);
    }
    if let Some(message) = library.message() {
        let style = if message.kind == MessageKind::Error { look.error() } else { look.accent() };
        return Line::styled(format!(" {}", message.text), style);
    }
    match library.selected_entry() {
        Some(entry) => {
            let what = match entry.summary() {
                Some(s) if s.games == 1 && s.is_unfinished() => "Enter continues it",
                Some(s) if s.games == 1 => "Enter opens it to look through (nothing is saved)",
                _ => "cannot be opened",
            };
            Line::styled(format!(" {}: {what}", entry.name), look.dim())
        }
        None => Line::raw(""),
    }
}

fn hint_line(library: &Library, look: &Look) -> Line<'static> {
    let mode = library.mode();
    let mut spans = Vec::new();
    for binding in bindings(mode) {
        let Some(hint) = binding.hint else { continue };
        let keys = if mode == Mode::List && hint == "choose" {
            "↑↓".to_owned()
        } else {
            binding.short_key_names()
        };
        spans.push(Span::styled(if spans.is_empty() { format!(" {keys}") } else { keys }, look.accent()));
        spans.push(Span::raw(format!(" {hint}  ")));
    }
    Line::from(spans)
}
