//! Boxes drawn over the board: help, the promotion picker, questions, and the message
//! shown instead of everything when the terminal is too small.

use ratatui::buffer::Buffer;
use ratatui::layout::{Alignment, Rect};
use ratatui::style::{Modifier, Style};
use ratatui::text::{Line, Span};
use ratatui::widgets::{Block, Borders, Clear, Paragraph, Widget, Wrap};

use super::bars;
use super::layout::{MIN_HEIGHT, MIN_WIDTH, ScreenLayout};
use super::sprites;
use super::text::put;
use super::theme::{Look, Mark};
use crate::app::{Action, App, Mode};
use crate::input::{Binding, Key};
use hotseat_chess::Role;

/// A `width` × `height` rectangle centred in `outer`, clipped to it.
fn centered(outer: Rect, width: u16, height: u16) -> Rect {
    let width = width.min(outer.width);
    let height = height.min(outer.height);
    Rect::new(outer.x + (outer.width - width) / 2, outer.y + (outer.height - height) / 2, width, height)
}

/// Says the terminal is too small and how big it needs to be.
pub fn render_too_small(area: Rect, buf: &mut Buffer, look: &Look) {
    let lines = vec![
        Line::styled("Terminal too small", look.error()),
        Line::raw(format!("{}×{} here; hotseat needs {MIN_WIDTH}×{MIN_HEIGHT}.", area.width, area.height)),
        Line::raw(format!(
            "Enlarge the window, or press {} to quit.",
            look.keys.key_for(Mode::Play, &Action::Quit).map_or_else(String::new, Key::name)
        )),
    ];
    let text_height = if area.width >= 44 { 3 } else { 6 };
    let inner = centered(area, area.width, text_height);
    Paragraph::new(lines).alignment(Alignment::Center).wrap(Wrap { trim: true }).render(inner, buf);
}

/// The four tiles of the promotion picker, queen first, over the middle of the board.
pub fn promotion_tiles(screen: &ScreenLayout) -> [Rect; 4] {
    let frame = promotion_box(screen);
    let inner = Block::new().borders(Borders::ALL).inner(frame);
    let tile_w = (inner.width.saturating_sub(3)) / 4;
    std::array::from_fn(|i| Rect::new(inner.x + i as u16 * (tile_w + 1), inner.y, tile_w, inner.height))
}

fn promotion_box(screen: &ScreenLayout) -> Rect {
    let board = &screen.board;
    let tile_w = board.square_width.max(5);
    let tile_h = board.square_height + 1;
    centered(board.area, 4 * tile_w + 3 + 2, tile_h + 2)
}

/// The promotion picker: four pieces of the mover's colour, the highlighted one marked,
/// each with its key.
pub fn render_promotion(screen: &ScreenLayout, buf: &mut Buffer, app: &App, look: &Look) {
    let Some(choice) = app.promotion() else { return };
    let side = app.game().turn();
    let frame = promotion_box(screen);
    Clear.render(frame, buf);
    Block::new().borders(Borders::ALL).title(" Promote to ").border_style(look.accent()).render(frame, buf);
    let keys = look.keys.bindings(Mode::Promotion)[0].keys;
    let tiles = promotion_tiles(screen);
    let labels: Vec<(String, String)> = Role::PROMOTIONS
        .iter()
        .enumerate()
        .map(|(i, role)| {
            let key = keys.get(i).map_or(String::new(), |(k, _)| k.name());
            (format!("{key} {}", role.name()), key)
        })
        .collect();
    // Names only if every one fits, so the four tiles look alike.
    let named = labels.iter().all(|(long, _)| long.chars().count() <= usize::from(tiles[0].width));
    for (i, tile) in tiles.into_iter().enumerate() {
        let role = Role::PROMOTIONS[i];
        let highlighted = choice.role() == role;
        let square = look.square(i % 2 == 0, if highlighted { Mark::Cursor } else { Mark::Plain });
        let art = Rect { height: tile.height.saturating_sub(1), ..tile };
        for y in art.top()..art.bottom() {
            for x in art.left()..art.right() {
                put(buf, x, y, " ", square);
            }
        }
        if let Some((sprite, scale)) =
            sprites::fit(role, art.width, art.height).filter(|_| look.large_pieces())
        {
            sprites::draw(buf, art, sprite, scale, look.piece_color(side), square);
        } else {
            let (symbol, style) = look.piece(role.of(side));
            put(buf, art.x + art.width / 2, art.y + art.height / 2, symbol, square.patch(style));
        }
        let (long, short) = &labels[i];
        let label = if named { long.clone() } else { short.clone() };
        let label_style = if highlighted { look.highlight() } else { look.dim() };
        Line::styled(label, label_style)
            .centered()
            .render(Rect { y: tile.bottom() - 1, height: 1, ..tile }, buf);
    }
}

/// A yes-or-no question over the board, with its keys.
pub fn render_prompt(screen: &ScreenLayout, buf: &mut Buffer, app: &App, look: &Look) {
    let Some(question) = app.question_text() else { return };
    let answers = bars::answer_keys(app, look, "    ");
    let answer_width: usize = answers.iter().map(Span::width).sum();
    let outer = screen.board.area;
    let width = (question.chars().count().max(answer_width) as u16 + 4).min(outer.width);
    let text_width = width.saturating_sub(4).max(1);
    let question_rows = (question.chars().count() as u16).div_ceil(text_width) + 1;
    let frame = centered(outer, width, question_rows + 4);
    Clear.render(frame, buf);
    let block = Block::new().borders(Borders::ALL).border_style(look.accent()).title(" Question ");
    let inner = block.inner(frame);
    block.render(frame, buf);
    let inner = Rect { x: inner.x + 1, width: inner.width.saturating_sub(2), ..inner };
    let text = vec![
        Line::styled(question, Style::new().add_modifier(Modifier::BOLD)),
        Line::default(),
        Line::from(answers),
    ];
    Paragraph::new(text).wrap(Wrap { trim: true }).render(inner, buf);
}

/// The help screen, drawn from the same key tables the keys are read with: every
/// mode's keys, each under its heading.
pub fn render_help(area: Rect, buf: &mut Buffer, scroll: u16, view: &super::View<'_>, look: &Look) {
    let key_width = Mode::ALL
        .iter()
        .flat_map(|&mode| look.keys.bindings(mode))
        .map(|b| b.key_names().chars().count())
        .filter(|&w| w <= 16)
        .max()
        .unwrap_or(8);
    // The lines as wide as they like, to size the box; then wrapped to the box, which a
    // small terminal makes narrower. Quit and repaint work everywhere: listed once.
    let help_lines = |width: usize| {
        let mut lines = Vec::new();
        for mode in Mode::ALL {
            if mode != Mode::Play {
                lines.push(Line::default());
            }
            lines.push(Line::styled(mode.title(), look.accent()));
            let everywhere = |b: &&Binding| {
                mode != Mode::Play
                    && matches!(b.action(), Some(Action::Quit | Action::Show(crate::app::Show::Repaint)))
            };
            // Only what this terminal may do: a spectator's help lists no move, offer or
            // resignation; chat only where others are in the game.
            let may =
                |b: &&Binding| b.action().is_none_or(|a| view.may(&a)) && (!b.is_chat() || view.company);
            for binding in look.keys.bindings(mode).iter().filter(|b| !everywhere(b)).filter(may) {
                lines.extend(binding_lines(binding, key_width, width, look));
            }
        }
        lines.push(Line::default());
        lines.push(Line::styled("Mouse", look.accent()));
        for text in [
            "click a piece, then a square; or drag the piece there",
            "click a move in the list to view that position",
            "the wheel steps through earlier positions",
            "paste a line of moves (1. e4 e5 2. Nf3) to play them one by one",
        ] {
            lines.extend(described(Span::raw(String::new()), text, key_width, width));
        }
        lines
    };
    let natural = help_lines(usize::MAX).iter().map(Line::width).max().unwrap_or(0) as u16;
    let width = (natural + 4).min(area.width);
    let lines = help_lines(usize::from(width.saturating_sub(4)));
    let frame = centered(area, width, lines.len() as u16 + 2);
    Clear.render(frame, buf);
    let mut block = Block::new().borders(Borders::ALL).border_style(look.accent()).title(" Keys ");
    let inner = block.inner(frame);
    let hidden = (lines.len() as u16).saturating_sub(inner.height);
    let footer: Vec<String> = look
        .keys
        .bindings(Mode::Help)
        .iter()
        .filter(|b| {
            hidden > 0
                || b.action() != Some(Action::Point(crate::app::Point::Cursor(crate::app::Direction::Up)))
        })
        .filter_map(|b| Some(format!("{} {}", b.short_key_names(), b.hint?)))
        .collect();
    block = block.title_bottom(Line::from(format!(" {} ", footer.join(" · "))).right_aligned());
    block.render(frame, buf);
    let inner = Rect { x: inner.x + 1, width: inner.width.saturating_sub(2), ..inner };
    Paragraph::new(lines).scroll((scroll.min(hidden), 0)).render(inner, buf);
}

/// A binding as help lines, at most `width` wide: the keys right-aligned in a column,
/// then what they do; keys too long for the column get a line of their own.
fn binding_lines(binding: &Binding, key_width: usize, width: usize, look: &Look) -> Vec<Line<'static>> {
    let keys = binding.key_names();
    if keys.chars().count() > key_width {
        let mut lines = vec![Line::styled(keys, look.accent())];
        lines.extend(described(Span::raw(String::new()), binding.help, key_width, width));
        lines
    } else {
        described(Span::styled(format!("{keys:>key_width$}"), look.accent()), binding.help, key_width, width)
    }
}

/// `keys` right-aligned in a column `key_width` wide, then `text`, its words wrapped
/// to lines at most `width` wide that start under the text's first word.
fn described(keys: Span<'static>, text: &str, key_width: usize, width: usize) -> Vec<Line<'static>> {
    let indent = key_width + 2;
    let room = width.saturating_sub(indent).max(8);
    let mut rows: Vec<String> = Vec::new();
    for word in text.split(' ') {
        match rows.last_mut() {
            Some(row) if row.chars().count() + 1 + word.chars().count() <= room => {
                row.push(' ');
                row.push_str(word);
            }
            _ => rows.push(word.to_owned()),
        }
    }
    let mut keys = Some(keys);
    rows.into_iter()
        .map(|row| {
            let column = keys.take().unwrap_or_default();
            let pad = " ".repeat(indent - column.width());
            Line::from(vec![column, Span::raw(pad), Span::raw(row)])
        })
        .collect()
}
