//! Where everything goes on a screen of a given size, and which square is under a cell.
//!
//! The drawing code and the mouse handling both use this, so a click lands on the
//! square that was drawn there.

use ratatui::layout::Rect;

use hotseat_chess::{File, Rank, Square};

/// Rows below the board: status, input, message and key hints.
const CHROME_ROWS: u16 = 4;
/// The narrowest side panel that still shows a move pair and the captured pieces.
const PANEL_MIN_WIDTH: u16 = 24;
/// The side panel's width on a screen of usual size; it grows with a wide screen
/// (a quarter of it), so long names, captures and clocks all fit.
const PANEL_MAX_WIDTH: u16 = 40;
/// Wider than this, the side panel only wastes space.
const PANEL_WIDEST: u16 = 72;
/// The lowest panel under the board (when the terminal is tall and narrow).
const PANEL_MIN_HEIGHT: u16 = 6;
/// The highest panel under the board.
const PANEL_MAX_HEIGHT: u16 = 14;
/// The columns left of the squares for the rank labels.
const RANK_LABEL_WIDTH: u16 = 2;

/// The smallest screen with the board and the panel side by side.
pub const MIN_WIDTH: u16 = board_width(1) + 1 + PANEL_MIN_WIDTH;
/// The smallest screen height with the board and the panel side by side.
pub const MIN_HEIGHT: u16 = board_height(1) + CHROME_ROWS;

/// Columns of the board for squares `k` rows high, labels included. A square is
/// `2k + 1` columns wide: a terminal cell is about twice as tall as it is wide, and
/// an odd width puts the piece in the middle.
const fn board_width(k: u16) -> u16 {
    RANK_LABEL_WIDTH + 8 * (2 * k + 1)
}

/// Rows of the board for squares `k` rows high, the file labels included.
const fn board_height(k: u16) -> u16 {
    8 * k + 1
}

/// The largest square height that fits a board into `width` × `height` (0 if none).
fn square_height_for(width: u16, height: u16) -> u16 {
    let by_height = height.saturating_sub(1) / 8;
    let by_width = (width.saturating_sub(RANK_LABEL_WIDTH) / 8).saturating_sub(1) / 2;
    by_height.min(by_width)
}

/// The board's place on screen and the size of its squares.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct BoardGeometry {
    /// The whole board, labels included.
    pub area: Rect,
    /// Columns per square.
    pub square_width: u16,
    /// Rows per square.
    pub square_height: u16,
    /// Black at the bottom.
    pub flipped: bool,
}

impl BoardGeometry {
    /// Column and row (0 to 7, from the top left on screen) of a square.
    fn grid(&self, sq: Square) -> (u16, u16) {
        let file = sq.file().index() as u16;
        let rank = sq.rank().index() as u16;
        if self.flipped { (7 - file, rank) } else { (file, 7 - rank) }
    }

    /// The cells a square covers.
    pub fn square_rect(&self, sq: Square) -> Rect {
        let (col, row) = self.grid(sq);
        Rect::new(
            self.area.x + RANK_LABEL_WIDTH + col * self.square_width,
            self.area.y + row * self.square_height,
            self.square_width,
            self.square_height,
        )
    }

    /// The square under a screen cell.
    pub fn square_at(&self, x: u16, y: u16) -> Option<Square> {
        let left = self.area.x + RANK_LABEL_WIDTH;
        if x < left || y < self.area.y {
            return None;
        }
        let col = (x - left) / self.square_width;
        let row = (y - self.area.y) / self.square_height;
        if col >= 8 || row >= 8 {
            return None;
        }
        let (file, rank) = if self.flipped { (7 - col, row) } else { (col, 7 - row) };
        Some(Square::from_coords(File::new(u32::from(file)), Rank::new(u32::from(rank))))
    }

    /// Where the label of screen row `row` (0 at the top) goes.
    pub fn rank_label_at(&self, row: u16) -> (u16, u16, Rank) {
        let rank = if self.flipped { row } else { 7 - row };
        (
            self.area.x,
            self.area.y + row * self.square_height + self.square_height / 2,
            Rank::new(u32::from(rank)),
        )
    }

    /// Where the label of screen column `col` (0 at the left) goes.
    pub fn file_label_at(&self, col: u16) -> (u16, u16, File) {
        let file = if self.flipped { 7 - col } else { col };
        let x = self.area.x + RANK_LABEL_WIDTH + col * self.square_width + self.square_width / 2;
        (x, self.area.y + 8 * self.square_height, File::new(u32::from(file)))
    }

    /// The eight-by-eight squares, without the labels.
    pub fn squares(&self) -> Rect {
        Rect::new(self.area.x + RANK_LABEL_WIDTH, self.area.y, 8 * self.square_width, 8 * self.square_height)
    }
}

/// The parts of the game screen.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct ScreenLayout {
    /// The board.
    pub board: BoardGeometry,
    /// The side panel: players, captures and the move list.
    pub panel: Rect,
    /// One column beside the squares for the engine's evaluation bar (no width when
    /// there is no room for it).
    pub gauge: Rect,
    /// Whose turn, check, claimable draws, the result.
    pub status: Rect,
    /// The move being typed.
    pub input: Rect,
    /// Feedback: errors, what happened, browsing.
    pub message: Rect,
    /// The key hints.
    pub hints: Rect,
}

/// Lays out a screen of `area`, or `None` when it is too small for the board.
///
/// The board takes the largest squares that fit, with the panel beside it, or under
/// it when that gives bigger squares (a tall, narrow terminal). Everything is
/// centred, so very large terminals show a large board in the middle.
pub fn layout(area: Rect, flipped: bool) -> Option<ScreenLayout> {
    let rows = area.height.saturating_sub(CHROME_ROWS);
    let side = square_height_for(area.width.saturating_sub(1 + PANEL_MIN_WIDTH), rows);
    let stacked = square_height_for(area.width, rows.saturating_sub(PANEL_MIN_HEIGHT));
    if side == 0 && stacked == 0 {
        return None;
    }
    let geometry = |k: u16, x: u16, y: u16| BoardGeometry {
        area: Rect::new(x, y, board_width(k), board_height(k)),
        square_width: 2 * k + 1,
        square_height: k,
        flipped,
    };
    if side >= stacked {
        let (board_w, board_h) = (board_width(side), board_height(side));
        let panel_w = (area.width - board_w - 1).min(PANEL_MAX_WIDTH.max(area.width / 4).min(PANEL_WIDEST));
        let width = board_w + 1 + panel_w;
        let height = board_h + CHROME_ROWS;
        let x = area.x + (area.width - width) / 2;
        let y = area.y + (area.height - height) / 2;
        let below = y + board_h;
        Some(ScreenLayout {
            board: geometry(side, x, y),
            panel: Rect::new(x + board_w + 1, y, panel_w, board_h),
            gauge: Rect::new(x + board_w, y, 1, board_h - 1),
            status: Rect::new(x, below, width, 1),
            input: Rect::new(x, below + 1, width, 1),
            message: Rect::new(x, below + 2, width, 1),
            hints: Rect::new(x, below + 3, width, 1),
        })
    } else {
        let (board_w, board_h) = (board_width(stacked), board_height(stacked));
        let panel_h = (rows - board_h).min(PANEL_MAX_HEIGHT);
        let width = area.width.min(board_w.max(PANEL_MAX_WIDTH + 8));
        let height = board_h + panel_h + CHROME_ROWS;
        let x = area.x + (area.width - width) / 2;
        let y = area.y + (area.height - height) / 2;
        let below = y + board_h + panel_h;
        let board_x = x + (width - board_w) / 2;
        // The gauge goes right of the board when the screen has a column to spare.
        let gauge_w = u16::from(board_x + board_w < x + width);
        Some(ScreenLayout {
            board: geometry(stacked, board_x, y),
            gauge: Rect::new(board_x + board_w, y, gauge_w, board_h - 1),
            panel: Rect::new(x, y + board_h, width, panel_h),
            status: Rect::new(x, below, width, 1),
            input: Rect::new(x, below + 1, width, 1),
            message: Rect::new(x, below + 2, width, 1),
            hints: Rect::new(x, below + 3, width, 1),
        })
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn squares_are_about_twice_as_wide_as_high_and_grow_with_the_screen() {
        let small = layout(Rect::new(0, 0, 80, 24), false).expect("fits");
        assert_eq!((small.board.square_width, small.board.square_height), (5, 2));
        let big = layout(Rect::new(0, 0, 250, 70), false).expect("fits");
        assert_eq!((big.board.square_width, big.board.square_height), (17, 8));
    }

    #[test]
    fn too_small_screens_have_no_layout_and_any_size_is_safe() {
        assert_eq!(layout(Rect::new(0, 0, 30, 10), false), None);
        assert_eq!(layout(Rect::new(0, 0, 1, 1), false), None);
        assert_eq!(layout(Rect::new(0, 0, 0, 0), false), None);
        assert!(layout(Rect::new(0, 0, MIN_WIDTH, MIN_HEIGHT), false).is_some());
        for (w, h) in [(500, 200), (u16::MAX, u16::MAX), (26, 19), (MIN_WIDTH - 1, MIN_HEIGHT)] {
            let area = Rect::new(0, 0, w, h);
            if let Some(l) = layout(area, true) {
                for part in [l.board.area, l.panel, l.gauge, l.status, l.input, l.message, l.hints] {
                    assert_eq!(area.intersection(part), part, "{w}x{h}: {part:?} is off screen");
                }
            }
        }
    }

    #[test]
    fn every_square_is_found_where_it_is_drawn() {
        for flipped in [false, true] {
            let l = layout(Rect::new(3, 2, 100, 32), flipped).expect("fits");
            for sq in Square::ALL {
                let r = l.board.square_rect(sq);
                assert_eq!(l.board.square_at(r.x, r.y), Some(sq));
                assert_eq!(l.board.square_at(r.right() - 1, r.bottom() - 1), Some(sq));
            }
            let a = l.board.area;
            assert_eq!(l.board.square_at(a.x, a.y), None, "the rank labels are not a square");
            assert_eq!(l.board.square_at(a.x + 2, a.bottom() - 1), None, "nor the file labels");
        }
    }

    #[test]
    fn the_panel_grows_with_a_wide_terminal() {
        let width = |w, h| layout(Rect::new(0, 0, w, h), false).expect("fits").panel.width;
        assert_eq!(width(100, 32), 40);
        assert_eq!(width(120, 40), 40);
        assert_eq!(width(200, 50), 50);
        assert_eq!(width(250, 70), 62);
        assert_eq!(width(500, 70), 72);
    }

    #[test]
    fn a_tall_narrow_terminal_puts_the_panel_under_the_board() {
        let l = layout(Rect::new(0, 0, 60, 45), false).expect("fits");
        assert!(l.panel.y > l.board.area.y, "{l:?}");
        assert_eq!(l.board.square_height, 3);
    }
}
