//! Colours, what the terminal can show of them, and how pieces are drawn.

use ratatui::style::{Color, Modifier, Style};

use crate::input::Keys;
use hotseat_chess::{Color as Side, Piece, Role};

/// How many colours the terminal shows.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum ColorSupport {
    /// 24-bit colour.
    TrueColor,
    /// The xterm 256-colour palette.
    Ansi256,
    /// The 16 basic colours, whose exact shades the terminal decides.
    Ansi16,
    /// No colour at all (`NO_COLOR`): the board is drawn with reverse video,
    /// underlines, shading and markers.
    None,
}

impl ColorSupport {
    /// Reads the environment through `var`: `NO_COLOR` (any non-empty value) turns
    /// colour off; `COLORTERM=truecolor` or `24bit` means 24-bit colour; a `TERM`
    /// containing `256color` means 256 colours; `TERM=dumb` means none; otherwise 16.
    pub fn detect(var: impl Fn(&str) -> Option<String>) -> ColorSupport {
        let set = |name: &str| var(name).filter(|v| !v.is_empty());
        if set("NO_COLOR").is_some() {
            return ColorSupport::None;
        }
        let colorterm = set("COLORTERM").unwrap_or_default().to_ascii_lowercase();
        if colorterm == "truecolor" || colorterm == "24bit" {
            return ColorSupport::TrueColor;
        }
        let term = set("TERM").unwrap_or_default();
        if term.contains("256color") {
            ColorSupport::Ansi256
        } else if term == "dumb" {
            ColorSupport::None
        } else {
            ColorSupport::Ansi16
        }
    }

    /// Names accepted on the command line, best first.
    pub const NAMES: [&'static str; 4] = ["truecolor", "256", "16", "none"];

    /// Reads a name from [`NAMES`](Self::NAMES).
    pub fn from_name(name: &str) -> Option<ColorSupport> {
        match name {
            "truecolor" | "24bit" => Some(ColorSupport::TrueColor),
            "256" => Some(ColorSupport::Ansi256),
            "16" => Some(ColorSupport::Ansi16),
            "none" => Some(ColorSupport::None),
            _ => None,
        }
    }
}

/// One colour of a theme: its exact shade, and the basic colour that stands in for it
/// on a 16-colour terminal.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Shade {
    rgb: (u8, u8, u8),
    basic: Color,
}

const fn shade(hex: u32, basic: Color) -> Shade {
    Shade { rgb: ((hex >> 16) as u8, (hex >> 8) as u8, hex as u8), basic }
}

/// A set of board colours.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Theme {
    /// The name used with `--theme`.
    pub name: &'static str,
    light: Shade,
    dark: Shade,
    white_piece: Shade,
    black_piece: Shade,
    last_move_light: Shade,
    last_move_dark: Shade,
    selected: Shade,
    cursor: Shade,
    target: Shade,
    capture: Shade,
    check: Shade,
    /// The engine's better move, instead of a marked one.
    better: Shade,
    accent: Shade,
    error: Shade,
}

/// Warm brown squares of middle brightness, so that both white and black pieces stand
/// out (about 3:1 against the square they are hardest to see on). With 16 colours the
/// squares are the two basic colours nearest the middle (light blue and magenta: in
/// xterm's colours both pieces stand at 4.4:1 or more on both, the most 16 colours
/// allow), not a bright green and yellow on which white pieces vanish.
pub const WOOD: Theme = Theme {
    name: "wood",
    light: shade(0xB88B5B, Color::LightBlue),
    dark: shade(0x7D502D, Color::Magenta),
    white_piece: shade(0xFFFFFF, Color::White),
    black_piece: shade(0x000000, Color::Black),
    last_move_light: shade(0xCDB04E, Color::Cyan),
    last_move_dark: shade(0xA08528, Color::Cyan),
    selected: shade(0x6F9A3C, Color::Green),
    cursor: shade(0x3D7FC4, Color::Yellow),
    target: shade(0xA9E34B, Color::LightCyan),
    capture: shade(0xC4452E, Color::Red),
    check: shade(0xF01E1E, Color::LightRed),
    better: shade(0x9B59B6, Color::LightMagenta),
    accent: shade(0xE8B860, Color::Yellow),
    error: shade(0xFF6B5B, Color::LightRed),
};

/// For low vision: both white and black pieces at 4.5:1 or more (WCAG AA) on every
/// plain square. That needs squares of one brightness, the middle one, so the two kinds
/// of square differ in hue (a grey and a blue, each exact in the 256-colour palette
/// too), with loud, clearly different highlights.
pub const CONTRAST: Theme = Theme {
    name: "contrast",
    light: shade(0x767676, Color::LightBlue),
    dark: shade(0x5F5FFF, Color::Magenta),
    white_piece: shade(0xFFFFFF, Color::White),
    black_piece: shade(0x000000, Color::Black),
    last_move_light: shade(0xB9B96A, Color::LightYellow),
    last_move_dark: shade(0x85853A, Color::Yellow),
    selected: shade(0xE0A800, Color::Green),
    cursor: shade(0x00B8E6, Color::LightCyan),
    target: shade(0x3CFF3C, Color::LightGreen),
    capture: shade(0xFF4FA0, Color::Red),
    check: shade(0xFF1010, Color::LightRed),
    better: shade(0xA05AFF, Color::LightMagenta),
    accent: shade(0x00D7FF, Color::LightCyan),
    error: shade(0xFF5F5F, Color::LightRed),
};

/// Every theme, the default first.
pub const THEMES: [Theme; 2] = [WOOD, CONTRAST];

impl Theme {
    /// The theme called `name`.
    pub fn named(name: &str) -> Option<Theme> {
        THEMES.into_iter().find(|t| t.name.eq_ignore_ascii_case(name))
    }
}

/// How pieces are written.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum PieceSet {
    /// Chess glyphs.
    Glyphs,
    /// FEN letters: upper case for White, lower case for Black (`--ascii`).
    Letters,
}

/// A highlight a square can carry, weakest first.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord)]
pub enum Mark {
    /// Nothing special.
    Plain,
    /// One of the two squares of the last move.
    LastMove,
    /// One of the two squares of the engine's better move, instead of the last one.
    Better,
    /// The king of the side to move, in check.
    Check,
    /// A square the selected piece can capture on.
    Capture,
    /// The rook the selected king can castle with.
    CastleRook,
    /// The selected piece.
    Selected,
    /// The square cursor.
    Cursor,
}

/// Everything about how the screen looks: theme, colour support and pieces.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Look {
    /// The colours.
    pub theme: Theme,
    /// What the terminal can show.
    pub colors: ColorSupport,
    /// Glyphs or letters.
    pub pieces: PieceSet,
    /// The command keys, as the player bound them: the hint bar and the help name
    /// these, and the loop reads keys with them.
    pub keys: Keys,
}

impl Default for Look {
    fn default() -> Look {
        Look { theme: WOOD, colors: ColorSupport::TrueColor, pieces: PieceSet::Glyphs, keys: Keys::default() }
    }
}

impl Look {
    fn color(&self, shade: Shade) -> Option<Color> {
        let (r, g, b) = shade.rgb;
        match self.colors {
            ColorSupport::TrueColor => Some(Color::Rgb(r, g, b)),
            ColorSupport::Ansi256 => Some(Color::Indexed(xterm_index(r, g, b))),
            ColorSupport::Ansi16 => Some(shade.basic),
            ColorSupport::None => None,
        }
    }

    fn fg(&self, shade: Shade) -> Style {
        self.color(shade).map_or_else(Style::new, |c| Style::new().fg(c))
    }

    fn bg(&self, shade: Shade) -> Style {
        self.color(shade).map_or_else(Style::new, |c| Style::new().bg(c))
    }

    /// Whether colours are off, so that shapes and markers must carry everything.
    pub fn monochrome(&self) -> bool {
        self.colors == ColorSupport::None
    }

    /// The background of a square with a mark. In monochrome, reverse video stands for
    /// the cursor, an underline for the last move, and [`Look::marks`] add the rest.
    pub fn square(&self, light: bool, mark: Mark) -> Style {
        let t = &self.theme;
        if self.monochrome() {
            return match mark {
                Mark::Cursor => Style::new().add_modifier(Modifier::REVERSED),
                Mark::LastMove => Style::new().add_modifier(Modifier::UNDERLINED),
                Mark::Selected | Mark::Check => Style::new().add_modifier(Modifier::BOLD),
                _ => Style::new(),
            };
        }
        let shade = match mark {
            Mark::Plain if light => t.light,
            Mark::Plain => t.dark,
            Mark::Capture => t.capture,
            Mark::LastMove if light => t.last_move_light,
            Mark::LastMove => t.last_move_dark,
            Mark::Check => t.check,
            Mark::Better => t.better,
            Mark::CastleRook | Mark::Selected => t.selected,
            Mark::Cursor => t.cursor,
        };
        self.bg(shade)
    }

    /// The text used to shade empty parts of dark squares when there is no colour.
    pub fn dark_fill(&self) -> Option<&'static str> {
        self.monochrome().then_some("░")
    }

    /// The colour of `side`'s pieces, if there are colours.
    pub fn piece_color(&self, side: Side) -> Option<Color> {
        self.color(side.fold(self.theme.white_piece, self.theme.black_piece))
    }

    /// Whether large squares may show large pieces drawn with blocks: only with
    /// glyphs and with colour, since a silhouette alone does not tell the sides apart.
    pub fn large_pieces(&self) -> bool {
        self.pieces == PieceSet::Glyphs && !self.monochrome()
    }

    /// How a piece is written and coloured.
    pub fn piece(&self, piece: Piece) -> (&'static str, Style) {
        let style = self
            .fg(piece.color.fold(self.theme.white_piece, self.theme.black_piece))
            .add_modifier(Modifier::BOLD);
        (self.piece_symbol(piece), style)
    }

    /// The symbol for a piece.
    ///
    /// With colour, both sides share one glyph shape, the filled one, coloured per
    /// side: a filled silhouette carries its colour far better than thin outlines.
    /// The pawn is U+265F followed by U+FE0E (text presentation), because U+265F alone
    /// is the one chess symbol that is also an emoji, which some fonts draw in colour
    /// and double width; U+265A–U+265E have no emoji form. Without colour the shape must
    /// tell the sides apart, so White takes the outlined set (U+2654–U+2659, none of
    /// them emoji) and Black the filled one.
    pub fn piece_symbol(&self, piece: Piece) -> &'static str {
        const FILLED: [&str; 6] = ["♟\u{FE0E}", "♞", "♝", "♜", "♛", "♚"];
        const OUTLINED: [&str; 6] = ["♙", "♘", "♗", "♖", "♕", "♔"];
        const WHITE_LETTERS: [&str; 6] = ["P", "N", "B", "R", "Q", "K"];
        const BLACK_LETTERS: [&str; 6] = ["p", "n", "b", "r", "q", "k"];
        let i = piece.role as usize;
        match (self.pieces, piece.color) {
            (PieceSet::Letters, Side::White) => WHITE_LETTERS[i],
            (PieceSet::Letters, Side::Black) => BLACK_LETTERS[i],
            (PieceSet::Glyphs, Side::White) if self.monochrome() => OUTLINED[i],
            (PieceSet::Glyphs, _) => FILLED[i],
        }
    }

    /// A role drawn in the text colour (for the captured pieces in the side panel,
    /// whose background is the terminal's own).
    pub fn role_symbol(&self, role: Role, side: Side) -> &'static str {
        self.piece_symbol(role.of(side))
    }

    /// The dot on an empty square the selected piece can move to.
    pub fn target(&self) -> (&'static str, Style) {
        ("•", self.fg(self.theme.target).add_modifier(Modifier::BOLD))
    }

    /// Without colour, the characters either side of the piece that carry a mark:
    /// `[♛]` selected, `(♛)` can be captured, `!♚!` in check.
    pub fn marks(&self, mark: Mark) -> Option<(&'static str, &'static str)> {
        if !self.monochrome() {
            return None;
        }
        match mark {
            Mark::Selected | Mark::CastleRook => Some(("[", "]")),
            Mark::Capture => Some(("(", ")")),
            Mark::Check => Some(("!", "!")),
            Mark::Better => Some(("{", "}")),
            _ => None,
        }
    }

    /// Rank and file labels.
    pub fn label(&self) -> Style {
        Style::new().add_modifier(Modifier::DIM)
    }

    /// Headings and the side to move.
    pub fn accent(&self) -> Style {
        self.fg(self.theme.accent).add_modifier(Modifier::BOLD)
    }

    /// Refusals and warnings.
    pub fn error(&self) -> Style {
        self.fg(self.theme.error).add_modifier(Modifier::BOLD)
    }

    /// A colour of its own for the engine's review (the better move, the marks).
    pub fn review(&self) -> Style {
        self.fg(self.theme.better).add_modifier(Modifier::BOLD)
    }

    /// White's share of the evaluation bar and graph, over Black's: (foreground,
    /// background) colours, when there are colours.
    pub fn gauge(&self) -> Option<(Color, Color)> {
        Some((self.color(self.theme.white_piece)?, self.color(self.theme.black_piece)?))
    }

    /// Check warnings.
    pub fn check(&self) -> Style {
        self.fg(self.theme.check).add_modifier(Modifier::BOLD)
    }

    /// The end-of-game banner.
    pub fn banner(&self) -> Style {
        if self.monochrome() {
            Style::new().add_modifier(Modifier::REVERSED | Modifier::BOLD)
        } else {
            self.bg(self.theme.accent)
                .fg(self.color(self.theme.black_piece).unwrap_or(Color::Black))
                .add_modifier(Modifier::BOLD)
        }
    }

    /// The highlighted entry of a list or picker.
    pub fn highlight(&self) -> Style {
        if self.monochrome() {
            Style::new().add_modifier(Modifier::REVERSED)
        } else {
            self.bg(self.theme.cursor).add_modifier(Modifier::BOLD)
        }
    }

    /// Text that matters less.
    pub fn dim(&self) -> Style {
        Style::new().add_modifier(Modifier::DIM)
    }
}

/// The nearest colour of the xterm 256-colour palette: the 6×6×6 cube or the grey ramp.
pub fn xterm_index(r: u8, g: u8, b: u8) -> u8 {
    const LEVELS: [u8; 6] = [0, 95, 135, 175, 215, 255];
    let nearest_level =
        |v: u8| (0..6).min_by_key(|&i| (i32::from(LEVELS[i]) - i32::from(v)).abs()).expect("six levels");
    let distance = |(r2, g2, b2): (u8, u8, u8)| {
        let d = |a: u8, b: u8| (i32::from(a) - i32::from(b)).pow(2);
        d(r, r2) + d(g, g2) + d(b, b2)
    };
    let (ri, gi, bi) = (nearest_level(r), nearest_level(g), nearest_level(b));
    let cube = (LEVELS[ri], LEVELS[gi], LEVELS[bi]);
    let cube_index = 16 + 36 * ri as u8 + 6 * gi as u8 + bi as u8;
    let average = (u32::from(r) + u32::from(g) + u32::from(b)) / 3;
    let grey_step = ((average.saturating_sub(3)) / 10).min(23) as u8;
    let grey = 8 + 10 * grey_step;
    if distance((grey, grey, grey)) < distance(cube) { 232 + grey_step } else { cube_index }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn env<'a>(pairs: &'a [(&'a str, &'a str)]) -> impl Fn(&str) -> Option<String> + 'a {
        move |name| pairs.iter().find(|(k, _)| *k == name).map(|(_, v)| (*v).to_owned())
    }

    #[test]
    fn colour_support_is_read_from_the_environment() {
        assert_eq!(
            ColorSupport::detect(env(&[("COLORTERM", "truecolor"), ("TERM", "xterm")])),
            ColorSupport::TrueColor
        );
        assert_eq!(ColorSupport::detect(env(&[("COLORTERM", "24bit")])), ColorSupport::TrueColor);
        assert_eq!(ColorSupport::detect(env(&[("TERM", "xterm-256color")])), ColorSupport::Ansi256);
        assert_eq!(ColorSupport::detect(env(&[("TERM", "linux")])), ColorSupport::Ansi16);
        assert_eq!(ColorSupport::detect(env(&[])), ColorSupport::Ansi16);
        assert_eq!(ColorSupport::detect(env(&[("TERM", "dumb")])), ColorSupport::None);
        let no_color = env(&[("NO_COLOR", "1"), ("COLORTERM", "truecolor")]);
        assert_eq!(ColorSupport::detect(no_color), ColorSupport::None);
        assert_eq!(
            ColorSupport::detect(env(&[("NO_COLOR", ""), ("TERM", "xterm-256color")])),
            ColorSupport::Ansi256
        );
    }

    #[test]
    fn xterm_palette_picks_the_nearest_cube_or_grey() {
        assert_eq!(xterm_index(0, 0, 0), 16);
        assert_eq!(xterm_index(255, 255, 255), 231);
        assert_eq!(xterm_index(255, 0, 0), 196);
        assert_eq!(xterm_index(128, 128, 128), 244);
        assert_eq!(xterm_index(0x87, 0xaf, 0xd7), 110);
    }

    /// WCAG's relative luminance of an sRGB colour.
    fn luminance((r, g, b): (u8, u8, u8)) -> f64 {
        let lin = |c: u8| {
            let c = f64::from(c) / 255.0;
            if c <= 0.040_45 { c / 12.92 } else { ((c + 0.055) / 1.055).powf(2.4) }
        };
        0.2126 * lin(r) + 0.7152 * lin(g) + 0.0722 * lin(b)
    }

    /// WCAG's contrast ratio of two colours.
    fn ratio(a: (u8, u8, u8), b: (u8, u8, u8)) -> f64 {
        let (a, b) = (luminance(a), luminance(b));
        (a.max(b) + 0.05) / (a.min(b) + 0.05)
    }

    /// What a terminal shows for `color`: xterm's default palette for the 16 basic
    /// colours (a terminal may differ), the cube or grey ramp for 256.
    fn shown(color: Color) -> (u8, u8, u8) {
        const BASIC: [(u8, u8, u8); 16] = [
            (0, 0, 0),
            (205, 0, 0),
            (0, 205, 0),
            (205, 205, 0),
            (0, 0, 238),
            (205, 0, 205),
            (0, 205, 205),
            (229, 229, 229),
            (127, 127, 127),
            (255, 0, 0),
            (0, 255, 0),
            (255, 255, 0),
            (92, 92, 255),
            (255, 0, 255),
            (0, 255, 255),
            (255, 255, 255),
        ];
        let basic = [
            Color::Black,
            Color::Red,
            Color::Green,
            Color::Yellow,
            Color::Blue,
            Color::Magenta,
            Color::Cyan,
            Color::Gray,
            Color::DarkGray,
            Color::LightRed,
            Color::LightGreen,
            Color::LightYellow,
            Color::LightBlue,
            Color::LightMagenta,
            Color::LightCyan,
            Color::White,
        ];
        match color {
            Color::Rgb(r, g, b) => (r, g, b),
            Color::Indexed(i @ 16..=231) => {
                let level = |n: u8| if n == 0 { 0 } else { 55 + 40 * n };
                let i = i - 16;
                (level(i / 36), level(i / 6 % 6), level(i % 6))
            }
            Color::Indexed(i @ 232..) => (8 + 10 * (i - 232), 8 + 10 * (i - 232), 8 + 10 * (i - 232)),
            other => basic.iter().position(|&c| c == other).map_or((0, 0, 0), |i| BASIC[i]),
        }
    }

    /// The lower contrast of the two sides' pieces on each plain square, light first.
    fn piece_contrast(theme: Theme, colors: ColorSupport) -> [f64; 2] {
        let look = Look { theme, colors, pieces: PieceSet::Glyphs, ..Look::default() };
        let rgb = |shade| shown(look.color(shade).expect("a colour"));
        let (white, black) = (rgb(theme.white_piece), rgb(theme.black_piece));
        [theme.light, theme.dark].map(|square| ratio(white, rgb(square)).min(ratio(black, rgb(square))))
    }

    #[test]
    fn pieces_stand_out_on_their_squares_as_far_as_each_palette_allows() {
        let round = |ratios: [f64; 2]| ratios.map(|r| format!("{r:.2}"));
        // The contrast theme meets WCAG AA (4.5:1) for both sides on both squares.
        assert_eq!(round(piece_contrast(CONTRAST, ColorSupport::TrueColor)), ["4.54", "4.57"]);
        assert_eq!(round(piece_contrast(CONTRAST, ColorSupport::Ansi256)), ["4.54", "4.57"]);
        // With 16 colours no basic colour gives both 4.5:1 (in xterm's colours): light
        // blue and magenta come nearest, 4.43 and 4.48, in both themes.
        assert_eq!(round(piece_contrast(CONTRAST, ColorSupport::Ansi16)), ["4.43", "4.48"]);
        assert_eq!(round(piece_contrast(WOOD, ColorSupport::Ansi16)), ["4.43", "4.48"]);
        // Wood keeps its brown squares, about 3:1 (its truecolor and 256 shades).
        assert_eq!(round(piece_contrast(WOOD, ColorSupport::TrueColor)), ["3.05", "3.06"]);
        for colors in [ColorSupport::TrueColor, ColorSupport::Ansi256, ColorSupport::Ansi16] {
            let [light, dark] = piece_contrast(WOOD, colors);
            assert!(light > 2.5 && dark > 2.5, "{colors:?}: {light:.2} {dark:.2}");
        }
    }

    #[test]
    fn themes_are_found_by_name() {
        assert_eq!(Theme::named("wood"), Some(WOOD));
        assert_eq!(Theme::named("Contrast"), Some(CONTRAST));
        assert_eq!(Theme::named("neon"), None);
    }

    #[test]
    fn without_colour_the_sides_have_different_shapes() {
        let look = Look { colors: ColorSupport::None, ..Look::default() };
        assert_ne!(
            look.piece_symbol(Role::Queen.of(Side::White)),
            look.piece_symbol(Role::Queen.of(Side::Black))
        );
        let look = Look::default();
        assert_eq!(
            look.piece_symbol(Role::Queen.of(Side::White)),
            look.piece_symbol(Role::Queen.of(Side::Black))
        );
    }
}
