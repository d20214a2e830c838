//! The engine's review on screen: the evaluation bar beside the board, and in the side
//! panel the progress, each side's accuracy, the shown position's evaluation with the
//! better move, and a graph of the whole game with the shown position marked.

use std::time::Duration;

use ratatui::buffer::Buffer;
use ratatui::layout::Rect;
use ratatui::style::Style;
use ratatui::text::{Line, Span};
use ratatui::widgets::Widget;

use super::text::{self, put};
use super::theme::Look;
use crate::app::{Action, App, Command, Mode, ReviewState, Reviewing, strings};
use crate::review::Mark;
use hotseat_chess::Color;

/// Blocks filling a cell from the bottom, by eighths (none to all).
const EIGHTHS: [&str; 9] = [" ", "▁", "▂", "▃", "▄", "▅", "▆", "▇", "█"];
/// The rows of moves the panel keeps before the review takes any.
const MOVES_AT_LEAST: u16 = 3;
/// The rows of the graph when there is room.
const GRAPH_ROWS: u16 = 3;

/// `20 s`, `3 min`: a rough time, as an estimate deserves.
fn rough(duration: Duration) -> String {
    let secs = duration.as_secs();
    if secs < 90 { format!("{} s", secs.max(1)) } else { format!("{} min", secs.div_ceil(60)) }
}

/// White's share of a column of `eighths` eighths, rounded, for White's winning
/// chances `win` (0 to 100).
fn white_eighths(win: f64, eighths: u32) -> u32 {
    let share = (win / 100.0).clamp(0.0, 1.0);
    // The share is within 0..=1, so the product is within 0..=eighths.
    (share * f64::from(eighths)).round() as u32
}

/// A column of `area` filled from the bottom by `filled` of its eighths: the bottom
/// part in `bottom`'s style, the rest in `top`'s.
fn column(buf: &mut Buffer, x: u16, area: Rect, filled: u32, (bottom, top): (Style, Style)) {
    let mut left = filled;
    for y in (area.top()..area.bottom()).rev() {
        let here = left.min(8);
        left -= here;
        put(buf, x, y, EIGHTHS[here as usize], bottom.patch(top_bg(top)));
    }
}

/// A style's foreground as a background, for the unfilled part of a cell.
fn top_bg(top: Style) -> Style {
    top.fg.map_or(top, |c| Style::new().bg(c))
}

/// The styles of White's part and Black's part of a bar.
fn sides(look: &Look) -> (Style, Style) {
    match look.gauge() {
        Some((white, black)) => (Style::new().fg(white), Style::new().fg(black)),
        None => (Style::new(), Style::new()),
    }
}

/// The evaluation bar beside the board: White's winning chances in the position shown,
/// White's share on White's side of the board.
pub fn render_gauge(area: Rect, buf: &mut Buffer, app: &App, look: &Look) {
    if area.is_empty() {
        return;
    }
    let Some(win) = app.reviewed_ply().and_then(|ply| app.reviewing()?.win_percent(ply)) else { return };
    let eighths = u32::from(area.height) * 8;
    let white = white_eighths(win, eighths);
    let (white_style, black_style) = sides(look);
    if app.flipped() {
        column(buf, area.x, area, eighths - white, (black_style, white_style));
    } else {
        column(buf, area.x, area, white, (white_style, black_style));
    }
}

/// The rows of the move list's area, `width` wide, the review takes, from the bottom.
pub fn rows(app: &App, list_height: u16, width: u16) -> u16 {
    let Some(review) = app.reviewing() else { return 0 };
    if let ReviewState::Failed(why) = review.state() {
        let lines = super::record::wrap(&strings::engine_failed(why), usize::from(width.max(1))).len();
        let wanted = u16::try_from(lines).unwrap_or(u16::MAX).saturating_add(1);
        return wanted.min(list_height.saturating_sub(MOVES_AT_LEAST));
    }
    let accuracy = if review.accuracy(Color::White).is_some() || review.accuracy(Color::Black).is_some() {
        2
    } else {
        0
    };
    let wanted = 2 + GRAPH_ROWS + accuracy;
    wanted.min(list_height.saturating_sub(MOVES_AT_LEAST))
}

/// Where each part of the review goes in its `area` (see [`rows`]). When rows are
/// short, the shown position goes first, then where the review stands, then the
/// graph, then the accuracies.
struct Parts {
    state: Option<Rect>,
    accuracy: [Option<Rect>; 2],
    shown: Option<Rect>,
    graph: Option<Rect>,
}

impl Parts {
    fn of(area: Rect) -> Parts {
        let mut left = area.height;
        let mut take = |n: u16| {
            let n = n.min(left);
            left -= n;
            n
        };
        let (shown, state, graph, accuracy) = (take(1), take(1), take(GRAPH_ROWS), take(2));
        let mut y = area.y;
        let mut next = |rows: u16| {
            let rect = Rect::new(area.x, y, area.width, rows);
            y += rows;
            (rows > 0).then_some(rect)
        };
        let state = next(state);
        let accuracy = [next(accuracy.min(1)), next(accuracy.saturating_sub(1))];
        let shown = next(shown);
        let graph = next(graph);
        Parts { state, accuracy, shown, graph }
    }
}

/// Draws the review into the bottom of the panel: `area` has [`rows`] rows.
pub fn render_section(area: Rect, buf: &mut Buffer, app: &App, look: &Look) {
    let Some(review) = app.reviewing() else { return };
    let width = usize::from(area.width);
    if let ReviewState::Failed(why) = review.state() {
        // Why, in full: the message line has room for its start only.
        let lines = std::iter::once(state_line(review, look, width)).chain(
            super::record::wrap(&strings::engine_failed(why), width.max(1))
                .into_iter()
                .map(|l| Line::styled(l, look.error())),
        );
        for (y, line) in (area.top()..area.bottom()).zip(lines) {
            line.render(Rect::new(area.x, y, area.width, 1), buf);
        }
        return;
    }
    let parts = Parts::of(area);
    if let Some(rect) = parts.state {
        state_line(review, look, width).render(rect, buf);
    }
    for (rect, color) in parts.accuracy.into_iter().zip([Color::White, Color::Black]) {
        if let Some(rect) = rect {
            accuracy_line(app, review, color, look, width).render(rect, buf);
        }
    }
    if let Some(rect) = parts.shown {
        shown_line(app, review, look, width).render(rect, buf);
    }
    if let Some(rect) = parts.graph {
        render_graph(rect, buf, app, look);
    }
}

/// Where the review stands: a progress bar with the time left while the engine works.
fn state_line(review: &Reviewing, look: &Look, width: usize) -> Line<'static> {
    let (done, all) = review.progress();
    if !review.is_current() {
        return Line::styled(text::shorten("Out of date: the moves changed", width), look.dim());
    }
    let text = match review.state() {
        ReviewState::Running { eta } => {
            let count = format!(" {done}/{all}");
            let eta = eta.map(|eta| format!(" ~{}", rough(eta))).unwrap_or_default();
            let label = "Engine ";
            let bar = width.saturating_sub(label.len() + count.len() + eta.len() + 2).min(20);
            let filled = (done * bar).checked_div(all).unwrap_or(0);
            let spans = vec![
                Span::styled(label, look.dim()),
                Span::raw("▕"),
                Span::styled("█".repeat(filled), look.review()),
                Span::styled("░".repeat(bar - filled), look.dim()),
                Span::raw("▏"),
                Span::raw(count),
                Span::styled(eta, look.dim()),
            ];
            return Line::from(spans);
        }
        ReviewState::Done => {
            let key = look.keys.key_for(Mode::Play, &Action::Command(Command::WriteReview));
            key.map_or_else(
                || "Reviewed".to_owned(),
                |key| format!("Reviewed: {} writes it in the PGN", key.short_name()),
            )
        }
        ReviewState::Stopped => format!("Review stopped at {done}/{all}"),
        ReviewState::Failed(_) => format!("Review failed at {done}/{all}"),
    };
    Line::styled(text::shorten(&text, width), look.dim())
}

/// `White 87%  ?! 1  ? 0  ?? 1`.
fn accuracy_line(app: &App, review: &Reviewing, color: Color, look: &Look, width: usize) -> Line<'static> {
    let Some(accuracy) = review.accuracy(color) else { return Line::default() };
    let counts = review.counts(color).unwrap_or_default();
    let name = text::shorten(app.player(color), width.saturating_sub(22).max(4));
    let mut spans =
        vec![Span::raw(format!("{name} ")), Span::styled(format!("{accuracy:.0}%"), look.accent())];
    for (mark, n) in [Mark::Inaccuracy, Mark::Mistake, Mark::Blunder].into_iter().zip(counts) {
        spans.push(Span::styled(format!("  {}", mark.suffix()), mark_style(mark, look)));
        spans.push(Span::raw(format!(" {n}")));
    }
    Line::from(spans)
}

/// The shown position's evaluation, and for a marked move the engine's better one:
/// `-1.50  14…Qd2?? best Nf3`.
fn shown_line(app: &App, review: &Reviewing, look: &Look, width: usize) -> Line<'static> {
    let Some(ply) = app.reviewed_ply() else {
        return Line::styled(text::fit_words("A variation: not reviewed", width), look.dim());
    };
    let eval = review.eval(ply).map_or_else(|| "…".to_owned(), |eval| eval.to_string());
    let mut spans = vec![Span::styled(eval, look.accent())];
    if let Some(index) = ply.checked_sub(1)
        && let Some(mark) = review.mark(index)
    {
        let label = app.game().label(index).unwrap_or_default();
        spans.push(Span::raw(format!("  {label}")));
        spans.push(Span::styled(mark.suffix(), mark_style(mark, look)));
        let before = app.game().position_at(index);
        if let (Some(better), Some(before)) = (review.better(index), before) {
            spans.push(Span::styled(" best ", look.dim()));
            spans.push(Span::styled(before.san(better), look.review()));
        }
    }
    let used: usize = spans.iter().map(Span::width).sum();
    if used > width {
        spans.truncate(1);
    }
    Line::from(spans)
}

/// How a mark is coloured: a blunder as an error, the others in the review's colour.
pub fn mark_style(mark: Mark, look: &Look) -> Style {
    match mark {
        Mark::Blunder => look.error(),
        Mark::Mistake | Mark::Inaccuracy => look.review(),
    }
}

/// The position (an index of the review) drawn in column `x` of a graph `width` wide
/// for a game of `positions` positions.
fn position_at_column(x: u16, width: u16, positions: usize) -> usize {
    usize::from(x) * positions / usize::from(width.max(1))
}

/// The graph of White's winning chances across the game: White's share from the
/// bottom, the shown position's column highlighted above it.
fn render_graph(area: Rect, buf: &mut Buffer, app: &App, look: &Look) {
    let Some(review) = app.reviewing() else { return };
    let positions = review.positions();
    let shown = app.shown_ply();
    let eighths = u32::from(area.height) * 8;
    let (white, black) = sides(look);
    for dx in 0..area.width {
        let index = position_at_column(dx, area.width, positions);
        let next = position_at_column(dx + 1, area.width, positions).max(index + 1);
        let x = area.x + dx;
        let top = if (index..next).contains(&shown) { highlight_fg(look) } else { black };
        let win = review.win_percent(index);
        column(buf, x, area, win.map_or(0, |win| white_eighths(win, eighths)), (white, top));
        if win.is_none() {
            put(buf, x, area.bottom() - 1, "·", look.dim().patch(top_bg(top)));
        }
    }
}

/// The highlight's background as a foreground, for [`column`]; reverse video without
/// colours.
fn highlight_fg(look: &Look) -> Style {
    let highlight = look.highlight();
    match highlight.bg {
        Some(bg) => Style::new().fg(bg),
        None => highlight,
    }
}

/// The position whose column of the graph is at (`x`, `y`), for the mouse; `area` is
/// the review's part of the panel.
pub fn graph_position_at(area: Rect, app: &App, x: u16, y: u16) -> Option<usize> {
    let review = app.reviewing().filter(|r| !matches!(r.state(), ReviewState::Failed(_)))?;
    let graph = Parts::of(area).graph?;
    graph.contains((x, y).into()).then(|| position_at_column(x - graph.x, graph.width, review.positions()))
}
