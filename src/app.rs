//! The game screen as a state machine: one state struct ([`App`]), one [`Action`]
//! enum and one [`App::update`].
//!
//! The app knows chess (through [`crate::chess`]) and nothing of terminals: keys and
//! mouse clicks arrive already translated into actions by the `input` module, and the
//! `ui` module draws an `&App`. A player's mistake (an illegal typed move, say) never
//! becomes an `Err`: it becomes a [`Message`] on screen and the game is unchanged.
//!
//! ```
//! use hotseat::app::{Action, App};
//! use hotseat::chess::Game;
//! let mut app = App::new(Game::new());
//! for c in "e4".chars() {
//!     app.update(Action::Type(c));
//! }
//! app.update(Action::Submit);
//! assert_eq!(app.game().san_moves(), ["e4"]);
//! ```

mod clocks;

use std::time::Instant;

use crate::chess::{
    ByColor, Color, File, Game, Move, Outcome, Position, Rank, ReadMoveError, Role, SanError, Square, Undone,
};

/// The longest move text we keep; nothing legal is longer than `Nb1xc3+` or `e7e8q`.
const MAX_INPUT: usize = 16;

/// Something a player asked for, already translated from a key or the mouse.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Action {
    /// Add a character to the move being typed.
    Type(char),
    /// Delete the last typed character.
    Backspace,
    /// Fill in the typed move as far as the legal moves that fit agree.
    Complete,
    /// Play the typed move; with nothing typed, pick up or put down at the cursor.
    Submit,
    /// Pick up or put down at the cursor.
    Select,
    /// Move the square cursor (or the promotion choice) one step on screen.
    Cursor(Direction),
    /// Close, cancel or clear the innermost thing: help, a picker, the typed text, the
    /// selection, browsing, the message.
    Cancel,
    /// The mouse button went down on something.
    PointerDown(Pointer),
    /// The mouse moved with the button held, over something or nothing.
    PointerDrag(Option<Pointer>),
    /// The mouse button came up over something or nothing.
    PointerUp(Option<Pointer>),
    /// Take back the last move (or a recorded result such as a resignation).
    Undo,
    /// Play again what was last taken back.
    Redo,
    /// Show the position one move earlier, without changing the game.
    Back,
    /// Show the position one move later.
    Forward,
    /// Show the starting position.
    First,
    /// Return to the live position.
    Live,
    /// Turn the board around.
    Flip,
    /// Switch turning the board after every move on or off.
    ToggleAutoFlip,
    /// The side to move offers a draw; the other player is asked.
    OfferDraw,
    /// Claim a draw by threefold repetition or the fifty-move rule.
    ClaimDraw,
    /// Ask who resigns (either player may, whoever is to move), then ask to confirm.
    Resign,
    /// Name a side, in answer to a question about one (who resigns).
    Side(Color),
    /// Start a new game from the same starting position (after a confirmation).
    NewGame,
    /// Choose the piece a pawn promotes to.
    Choose(Role),
    /// Answer yes to the question on screen.
    Yes,
    /// Answer no to the question on screen.
    No,
    /// Open or close the help screen.
    Help,
    /// Open or close the game record: the position as FEN, the game as PGN.
    ShowRecord,
    /// Copy the FEN or the PGN to the clipboard (done outside the app: see [`Change::Copy`]).
    Copy(Notation),
    /// Pause both clocks, or start them again.
    Pause,
    /// Time has passed: the clocks are read at this instant, and a flag may fall. The
    /// loop sends it before every other action and whenever the shown time changes.
    Tick(Instant),
    /// Leave the program.
    Quit,
}

/// A way of writing down chess that players copy and paste.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Notation {
    /// The position on the board, in Forsyth-Edwards Notation.
    Fen,
    /// The whole game, in Portable Game Notation.
    Pgn,
}

impl Notation {
    /// The name players know it by.
    pub fn name(self) -> &'static str {
        match self {
            Notation::Fen => "FEN",
            Notation::Pgn => "PGN",
        }
    }
}

/// A direction on screen; the app turns it into a board direction.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Direction {
    /// Towards the top of the screen.
    Up,
    /// Towards the bottom of the screen.
    Down,
    /// Towards the left of the screen.
    Left,
    /// Towards the right of the screen.
    Right,
}

/// What the mouse can point at.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Pointer {
    /// A square of the board.
    Square(Square),
    /// A piece in the promotion picker.
    Promotion(Role),
    /// A move in the move list: the position after `ply` half-moves.
    Ply(usize),
}

/// Which set of keys applies now.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Mode {
    /// Playing: typing moves, pointing at squares, game commands.
    Play,
    /// Choosing the piece a pawn promotes to.
    Promotion,
    /// Answering a yes-or-no question.
    Prompt,
    /// Saying who resigns, then confirming it.
    Resign,
    /// Reading the help screen.
    Help,
    /// Reading the game record (FEN and PGN), to copy it.
    Record,
}

/// A question for the players.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Prompt {
    /// `by` offers a draw; the other side answers.
    DrawOffer {
        /// Who offers.
        by: Color,
    },
    /// A player is resigning: first who, then whether they are sure.
    Resign {
        /// Who resigns, once named.
        by: Option<Color>,
    },
    /// Abandon the game in progress and start again.
    NewGame,
}

impl Prompt {
    /// The question, for players.
    pub fn question(self) -> String {
        match self {
            Prompt::DrawOffer { by } => format!("{by} offers a draw. {}, do you accept?", !by),
            Prompt::Resign { by: None } => "Who resigns? That side loses the game.".to_owned(),
            Prompt::Resign { by: Some(by) } => format!("{by} resigns and loses the game. Are you sure?"),
            Prompt::NewGame => "Abandon this game and start a new one?".to_owned(),
        }
    }
}

/// The open promotion picker: a pawn's move waiting for its piece.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct PromotionChoice {
    /// The pawn's square.
    pub from: Square,
    /// The square it promotes on.
    pub to: Square,
    /// The highlighted choice, an index into [`Role::PROMOTIONS`].
    pub highlighted: usize,
}

impl PromotionChoice {
    /// The highlighted piece.
    pub fn role(&self) -> Role {
        Role::PROMOTIONS[self.highlighted]
    }
}

/// How a message on screen should look.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum MessageKind {
    /// Something happened as asked.
    Info,
    /// Something was refused, with the reason.
    Error,
}

/// A line of feedback for the players.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Message {
    /// Info or error.
    pub kind: MessageKind,
    /// The words.
    pub text: String,
}

/// What a highlighted destination square means for the selected piece.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum TargetKind {
    /// A move to an empty square.
    Quiet,
    /// A capture (en passant included).
    Capture,
    /// Castling: the king's destination, or its own rook.
    Castle,
}

/// A piece picked up, with where it may go.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Selection {
    /// The piece's square.
    pub from: Square,
    moves: Vec<Move>,
    targets: Vec<(Square, TargetKind)>,
}

impl Selection {
    /// The squares the piece may go to, each with its kind.
    pub fn targets(&self) -> &[(Square, TargetKind)] {
        &self.targets
    }

    /// The legal moves that put the piece down on `to`: one move, four promotions,
    /// or castling when `to` is the king's destination or its own rook.
    fn moves_to(&self, to: Square) -> Vec<Move> {
        let exact: Vec<Move> = self.moves.iter().copied().filter(|m| m.to() == to).collect();
        if !exact.is_empty() {
            return exact;
        }
        self.moves.iter().copied().filter(|m| m.is_castle() && m.destination() == to).collect()
    }
}

/// A change to the game record, for whoever keeps it (an autosave, say), or something
/// the players asked of the world outside the app.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Change {
    /// A move was played (typed, pointed at or redone); it may have ended the game.
    Moved(Move),
    /// The last move, or a recorded result, was taken back.
    TakenBack,
    /// A result was recorded: a draw by agreement or claim, or a resignation.
    Recorded(Outcome),
    /// A new game replaced the old one.
    NewGame,
    /// Not a change to the game: the players asked to copy the FEN of the position on
    /// the board, or the game's PGN, to the clipboard. The app does no I/O, so whoever
    /// runs it does the copying (and may say so with [`App::notify`]).
    Copy(Notation),
}

/// Something taken back that [`Action::Redo`] can restore.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Redo {
    Move(Move),
    Outcome(Outcome),
}

/// A mouse press on the board, remembered until the button comes up.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
struct Press {
    from: Square,
    /// The piece was already picked up before this press, so a click puts it back.
    was_selected: bool,
}

/// The state of the game screen.
#[derive(Clone, Debug)]
pub struct App {
    game: Game,
    redo: Vec<Redo>,
    /// `Some(ply)` while browsing the position after `ply` half-moves.
    view: Option<usize>,
    cursor: Square,
    selection: Option<Selection>,
    press: Option<Press>,
    promotion: Option<PromotionChoice>,
    prompt: Option<Prompt>,
    help: bool,
    /// How many lines of the help screen are scrolled out of view.
    help_scroll: u16,
    input: String,
    /// The legal moves that fit the typed text, with their SAN.
    matches: Vec<(Move, String)>,
    message: Option<Message>,
    flipped: bool,
    auto_flip: bool,
    quit: bool,
    changes: Vec<Change>,
    /// The chess clocks, when the game has them, and the time of the last tick.
    timing: Option<clocks::Timing>,
    /// The players' names, for the screen (and the record kept outside).
    players: ByColor<String>,
    /// Whether the game record (FEN and PGN) is open, and how far it is scrolled.
    record_open: bool,
    record_scroll: u16,
    /// The game as PGN, as kept outside the app (the app knows no PGN).
    record_text: Option<String>,
}

impl App {
    /// A screen for `game`, which may already have moves (a game loaded from a record).
    pub fn new(game: Game) -> App {
        let cursor = Square::from_coords(File::E, Rank::Second.relative_to(game.turn()));
        App {
            game,
            redo: Vec::new(),
            view: None,
            cursor,
            selection: None,
            press: None,
            promotion: None,
            prompt: None,
            help: false,
            help_scroll: 0,
            input: String::new(),
            matches: Vec::new(),
            message: None,
            flipped: false,
            auto_flip: false,
            quit: false,
            changes: Vec::new(),
            timing: None,
            players: ByColor::new_with(|color| color.name().to_owned()),
            record_open: false,
            record_scroll: 0,
            record_text: None,
        }
    }

    /// Names the players (shown on screen; `White` and `Black` until named).
    #[must_use]
    pub fn with_players(mut self, white: impl Into<String>, black: impl Into<String>) -> App {
        self.players = ByColor { white: white.into(), black: black.into() };
        self
    }

    /// Turns the board after every move so the side to move sits at the bottom.
    #[must_use]
    pub fn with_auto_flip(mut self, on: bool) -> App {
        self.auto_flip = on;
        self.orient();
        self
    }

    /// Starts with the board turned (Black at the bottom).
    #[must_use]
    pub fn with_flipped(mut self, flipped: bool) -> App {
        self.flipped = flipped;
        self
    }

    // ----- reading the state -----

    /// The game, live: every move played so far.
    pub fn game(&self) -> &Game {
        &self.game
    }

    /// Which keys apply now.
    pub fn mode(&self) -> Mode {
        if self.help {
            Mode::Help
        } else if self.record_open {
            Mode::Record
        } else if let Some(prompt) = self.prompt {
            if matches!(prompt, Prompt::Resign { .. }) { Mode::Resign } else { Mode::Prompt }
        } else if self.promotion.is_some() {
            Mode::Promotion
        } else {
            Mode::Play
        }
    }

    /// The half-move whose position is on the board (the game's length when live).
    pub fn shown_ply(&self) -> usize {
        self.view.unwrap_or(self.game.ply())
    }

    /// The position on the board: the live one, or an earlier one while browsing.
    pub fn shown_position(&self) -> &Position {
        self.game.position_at(self.shown_ply()).unwrap_or_else(|| self.game.position())
    }

    /// The move that led to the position on the board, if any.
    pub fn shown_last_move(&self) -> Option<Move> {
        let ply = self.shown_ply();
        ply.checked_sub(1).and_then(|i| self.game.moves().get(i).copied())
    }

    /// Whether an earlier position is on the board.
    pub fn is_browsing(&self) -> bool {
        self.view.is_some()
    }

    /// The square cursor.
    pub fn cursor(&self) -> Square {
        self.cursor
    }

    /// The piece picked up, if any.
    pub fn selection(&self) -> Option<&Selection> {
        self.selection.as_ref()
    }

    /// The move the typed text would play, when exactly one legal move fits it.
    pub fn preview(&self) -> Option<Move> {
        match self.matches.as_slice() {
            [(m, _)] if !self.input.trim().is_empty() => Some(*m),
            _ => None,
        }
    }

    /// The text typed so far.
    pub fn input(&self) -> &str {
        &self.input
    }

    /// The legal moves (in SAN) that fit the typed text, empty when nothing is typed.
    pub fn input_matches(&self) -> impl ExactSizeIterator<Item = &str> {
        self.matches.iter().map(|(_, san)| san.as_str())
    }

    /// The last message for the players.
    pub fn message(&self) -> Option<&Message> {
        self.message.as_ref()
    }

    /// The open promotion picker.
    pub fn promotion(&self) -> Option<&PromotionChoice> {
        self.promotion.as_ref()
    }

    /// The open question.
    pub fn prompt(&self) -> Option<Prompt> {
        self.prompt
    }

    /// Whether the help screen is open.
    pub fn help_open(&self) -> bool {
        self.help
    }

    /// How far the help screen is scrolled, in lines (the screen stops at its end).
    pub fn help_scroll(&self) -> u16 {
        self.help_scroll
    }

    /// The name of the player of `color`.
    pub fn player(&self, color: Color) -> &str {
        &self.players[color]
    }

    /// Whether the game record (FEN and PGN) is open.
    pub fn record_open(&self) -> bool {
        self.record_open
    }

    /// How far the game record is scrolled, in lines (the drawing stops at its end).
    pub fn record_scroll(&self) -> u16 {
        self.record_scroll
    }

    /// The game as PGN, as last handed over with [`App::set_record_text`].
    pub fn record_text(&self) -> Option<&str> {
        self.record_text.as_deref()
    }

    /// Hands over the game as PGN, for the players to read and copy. Whoever keeps the
    /// record calls it whenever the game changes (the app knows no PGN).
    pub fn set_record_text(&mut self, pgn: impl Into<String>) {
        self.record_text = Some(pgn.into());
    }

    /// Whether Black is at the bottom of the board.
    pub fn flipped(&self) -> bool {
        self.flipped
    }

    /// Whether the board turns after every move.
    pub fn auto_flip(&self) -> bool {
        self.auto_flip
    }

    /// Whether the player asked to leave.
    pub fn should_quit(&self) -> bool {
        self.quit
    }

    /// Whether something was taken back that can be redone.
    pub fn can_redo(&self) -> bool {
        !self.redo.is_empty()
    }

    /// Changes to the game record since the last call, oldest first.
    pub fn take_changes(&mut self) -> Vec<Change> {
        std::mem::take(&mut self.changes)
    }

    /// Shows a line of information from outside the app (an autosave, say).
    pub fn notify(&mut self, text: impl Into<String>) {
        self.info(text);
    }

    /// Shows an error from outside the app (a failed autosave, say).
    pub fn report_error(&mut self, text: impl Into<String>) {
        self.error(text);
    }

    // ----- changing the state -----

    /// Applies one action.
    pub fn update(&mut self, action: Action) {
        if action == Action::Quit {
            self.quit = true;
            return;
        }
        if let Action::Tick(now) = action {
            self.tick(now);
            return;
        }
        match self.mode() {
            Mode::Help => self.update_help(action),
            Mode::Record => self.update_record(action),
            Mode::Prompt => self.update_prompt(action),
            Mode::Resign => self.update_resign(action),
            Mode::Promotion => self.update_promotion(action),
            Mode::Play => self.update_play(action),
        }
    }

    fn update_help(&mut self, action: Action) {
        /// More lines than the help screen has; the drawing code stops at its end.
        const MAX_SCROLL: u16 = 64;
        match action {
            Action::Help | Action::Cancel | Action::Submit | Action::No => {
                self.help = false;
                self.help_scroll = 0;
            }
            Action::Cursor(Direction::Up) => self.help_scroll = self.help_scroll.saturating_sub(1),
            Action::Cursor(Direction::Down) => self.help_scroll = (self.help_scroll + 1).min(MAX_SCROLL),
            Action::Back => self.help_scroll = self.help_scroll.saturating_sub(10),
            Action::Forward => self.help_scroll = (self.help_scroll + 10).min(MAX_SCROLL),
            _ => {}
        }
    }

    fn update_record(&mut self, action: Action) {
        /// More lines than a long game's record has; the drawing code stops at its end.
        const MAX_SCROLL: u16 = 2000;
        match action {
            Action::ShowRecord | Action::Cancel | Action::Submit | Action::No => {
                self.record_open = false;
                self.record_scroll = 0;
            }
            Action::Copy(notation) => self.changes.push(Change::Copy(notation)),
            Action::Cursor(Direction::Up) => self.record_scroll = self.record_scroll.saturating_sub(1),
            Action::Cursor(Direction::Down) => self.record_scroll = (self.record_scroll + 1).min(MAX_SCROLL),
            Action::Back => self.record_scroll = self.record_scroll.saturating_sub(10),
            Action::Forward => self.record_scroll = (self.record_scroll + 10).min(MAX_SCROLL),
            Action::First => self.record_scroll = 0,
            Action::Live => self.record_scroll = MAX_SCROLL,
            _ => {}
        }
    }

    fn update_prompt(&mut self, action: Action) {
        let Some(prompt) = self.prompt else { return };
        let yes = match action {
            Action::Yes | Action::Submit => true,
            Action::No | Action::Cancel => false,
            _ => return,
        };
        self.prompt = None;
        match (prompt, yes) {
            (Prompt::DrawOffer { .. }, true) => self.record(Game::agree_draw),
            (Prompt::DrawOffer { by }, false) => self.info(format!("{} declines the draw.", !by)),
            (Prompt::NewGame, true) => self.new_game(),
            // Resigning has keys of its own (`update_resign`).
            (Prompt::NewGame | Prompt::Resign { .. }, _) => self.message = None,
        }
    }

    /// Who resigns is named with a side's key, then confirmed with yes. Enter answers
    /// neither, so a move typed after an accidental Ctrl-R cannot resign.
    fn update_resign(&mut self, action: Action) {
        let Some(Prompt::Resign { by }) = self.prompt else { return };
        match (by, action) {
            (None, Action::Side(color)) => self.prompt = Some(Prompt::Resign { by: Some(color) }),
            (Some(color), Action::Yes) => {
                self.prompt = None;
                self.record(|game| game.resign(color));
            }
            (_, Action::No | Action::Cancel) => {
                self.prompt = None;
                self.message = None;
            }
            _ => {}
        }
    }

    fn update_promotion(&mut self, action: Action) {
        let Some(mut choice) = self.promotion else { return };
        match action {
            Action::Choose(role) | Action::PointerDown(Pointer::Promotion(role)) => self.promote(role),
            Action::Submit | Action::Select => self.promote(choice.role()),
            Action::Cursor(direction) => {
                let n = Role::PROMOTIONS.len();
                choice.highlighted = match direction {
                    Direction::Left | Direction::Up => (choice.highlighted + n - 1) % n,
                    Direction::Right | Direction::Down => (choice.highlighted + 1) % n,
                };
                self.promotion = Some(choice);
            }
            Action::Cancel | Action::PointerDown(_) => {
                self.promotion = None;
                self.info("Promotion cancelled: the pawn has not moved.");
            }
            Action::Help => self.help = true,
            _ => {}
        }
    }

    fn update_play(&mut self, action: Action) {
        match action {
            Action::Type(c) => self.type_char(c),
            Action::Backspace => {
                self.input.pop();
                self.refresh_matches();
            }
            Action::Complete => self.complete(),
            Action::Submit => {
                if self.input.trim().is_empty() {
                    self.point(self.cursor);
                } else {
                    self.submit_text();
                }
            }
            Action::Select => self.point(self.cursor),
            Action::Cursor(direction) => self.move_cursor(direction),
            Action::Cancel => self.cancel(),
            Action::PointerDown(pointer) => self.pointer_down(pointer),
            Action::PointerDrag(pointer) => {
                if let (Some(_), Some(Pointer::Square(sq))) = (self.press, pointer) {
                    self.cursor = sq;
                }
            }
            Action::PointerUp(pointer) => self.pointer_up(pointer),
            Action::Undo => self.undo(),
            Action::Redo => self.redo(),
            Action::Back => self.browse_to(self.shown_ply().checked_sub(1)),
            Action::Forward => self.browse_to(Some(self.shown_ply() + 1)),
            Action::First => self.browse_to(Some(0)),
            Action::Live => self.browse_to(Some(self.game.ply())),
            Action::Flip => self.flipped = !self.flipped,
            Action::ToggleAutoFlip => {
                self.auto_flip = !self.auto_flip;
                self.orient();
                self.info(if self.auto_flip {
                    "The board now turns after every move."
                } else {
                    "The board no longer turns after every move."
                });
            }
            Action::OfferDraw => {
                if self.refuse_if_over() {
                    return;
                }
                self.prompt = Some(Prompt::DrawOffer { by: self.game.turn() });
            }
            Action::ClaimDraw => self.claim_draw(),
            Action::Resign => {
                if self.refuse_if_over() {
                    return;
                }
                self.prompt = Some(Prompt::Resign { by: None });
            }
            Action::NewGame => {
                if self.game.ply() > 0 && !self.game.is_over() {
                    self.prompt = Some(Prompt::NewGame);
                } else {
                    self.new_game();
                }
            }
            Action::Help => self.help = true,
            Action::ShowRecord => {
                self.record_open = true;
                self.message = None;
            }
            Action::Copy(notation) => self.changes.push(Change::Copy(notation)),
            Action::Pause => self.toggle_pause(),
            Action::Choose(_)
            | Action::Side(_)
            | Action::Yes
            | Action::No
            | Action::Tick(_)
            | Action::Quit => {}
        }
    }

    // ----- typing -----

    fn type_char(&mut self, c: char) {
        if self.input.chars().count() >= MAX_INPUT || c.is_control() {
            return;
        }
        if self.input.is_empty() {
            self.return_to_live();
            self.selection = None;
        }
        self.input.push(c);
        self.refresh_matches();
    }

    fn refresh_matches(&mut self) {
        let text = self.input.trim();
        self.matches = if text.is_empty() {
            Vec::new()
        } else {
            let pos = self.game.position();
            pos.moves_matching_prefix(text).into_iter().map(|m| (m, pos.san(m))).collect()
        };
    }

    fn complete(&mut self) {
        let mut sans = self.matches.iter().map(|(_, san)| san.as_str());
        let Some(first) = sans.next() else { return };
        let common = sans.fold(first, |common, san| {
            let same = common.bytes().zip(san.bytes()).take_while(|(a, b)| a == b).count();
            // SAN is ASCII, so a byte count is a character boundary.
            common.get(..same).unwrap_or_default()
        });
        // Only complete what extends the text as typed; `e2e4` stays coordinates.
        if common.len() > self.input.trim().len() && common.starts_with(self.input.trim()) {
            self.input = common.to_owned();
            self.refresh_matches();
        }
    }

    fn submit_text(&mut self) {
        self.return_to_live();
        let text = self.input.trim().to_owned();
        self.input.clear();
        self.matches.clear();
        if self.refuse_if_over() {
            return;
        }
        let pos = self.game.position();
        match self.game.parse_move(&text) {
            Ok(m) => self.play(m),
            Err(ReadMoveError::San(SanError::MissingPromotion { from, to, .. })) => {
                self.open_promotion(from, to);
            }
            Err(err) => {
                let hint = match &err {
                    ReadMoveError::San(SanError::Ambiguous { .. }) => None,
                    _ => pos.suggest(&text).map(|m| pos.san(m)),
                };
                let err = refusal(&err);
                self.error(match hint {
                    Some(san) => format!("{err} — did you mean {san}?"),
                    None => err,
                });
            }
        }
    }

    // ----- pointing -----

    fn move_cursor(&mut self, direction: Direction) {
        let (df, dr) = match direction {
            Direction::Up => (0, 1),
            Direction::Down => (0, -1),
            Direction::Left => (-1, 0),
            Direction::Right => (1, 0),
        };
        let sign = if self.flipped { -1 } else { 1 };
        if let Some(sq) = self.cursor.offset(df * sign, dr * sign) {
            self.cursor = sq;
        }
    }

    /// Enter or Space on a square: pick up, put down, or say why not.
    fn point(&mut self, sq: Square) {
        self.cursor = sq;
        self.return_to_live();
        if self.refuse_if_over() {
            return;
        }
        if let Some(sel) = &self.selection {
            if sel.from == sq {
                self.selection = None;
                return;
            }
            if self.put_down(sq) {
                return;
            }
            if self.owns(sq) {
                self.pick_up(sq);
            } else {
                self.explain_illegal(sq);
            }
        } else {
            self.pick_up(sq);
        }
    }

    fn pointer_down(&mut self, pointer: Pointer) {
        match pointer {
            Pointer::Square(sq) => {
                self.cursor = sq;
                self.return_to_live();
                if self.refuse_if_over() {
                    return;
                }
                let was_selected = self.selection.as_ref().is_some_and(|s| s.from == sq);
                if !was_selected && self.selection.is_some() && self.put_down(sq) {
                    return;
                }
                if self.owns(sq) {
                    if !was_selected {
                        self.pick_up(sq);
                    }
                    if self.selection.is_some() {
                        self.press = Some(Press { from: sq, was_selected });
                    }
                } else if self.selection.is_some() {
                    self.explain_illegal(sq);
                    self.selection = None;
                } else {
                    self.pick_up(sq);
                }
            }
            Pointer::Ply(ply) => self.browse_to(Some(ply)),
            Pointer::Promotion(_) => {}
        }
    }

    fn pointer_up(&mut self, pointer: Option<Pointer>) {
        let Some(press) = self.press.take() else { return };
        let Some(Pointer::Square(sq)) = pointer else { return };
        if self.selection.as_ref().is_none_or(|s| s.from != press.from) {
            return;
        }
        if sq == press.from {
            if press.was_selected {
                self.selection = None;
            }
        } else {
            self.cursor = sq;
            if !self.put_down(sq) {
                self.explain_illegal(sq);
            }
        }
    }

    fn owns(&self, sq: Square) -> bool {
        self.game.position().piece_at(sq).is_some_and(|p| p.color == self.game.turn())
    }

    /// Picks up the piece on `sq`, or says why it cannot be.
    fn pick_up(&mut self, sq: Square) {
        let pos = self.game.position();
        let turn = pos.turn();
        let Some(piece) = pos.piece_at(sq) else {
            self.selection = None;
            self.error(format!("There is no piece on {sq}. {turn} to move."));
            return;
        };
        if piece.color != turn {
            self.selection = None;
            self.error(format!("The {} on {sq} is {}'s. {turn} to move.", piece.role, piece.color));
            return;
        }
        let moves = pos.legal_moves_from(sq).to_vec();
        if moves.is_empty() {
            self.selection = None;
            let why = if pos.is_check() { " (your king is in check)" } else { "" };
            self.error(format!("The {} on {sq} has no legal move{why}.", piece.role));
            return;
        }
        let mut targets = Vec::with_capacity(moves.len() + 2);
        for &m in &moves {
            if m.is_castle() {
                targets.push((m.destination(), TargetKind::Castle));
                targets.push((m.to(), TargetKind::Castle));
            } else if m.is_en_passant() || pos.piece_at(m.to()).is_some() {
                targets.push((m.to(), TargetKind::Capture));
            } else {
                targets.push((m.to(), TargetKind::Quiet));
            }
        }
        targets.dedup();
        self.message = None;
        self.selection = Some(Selection { from: sq, moves, targets });
    }

    /// Puts the selected piece down on `to` if that is legal; returns whether it was.
    fn put_down(&mut self, to: Square) -> bool {
        let Some(sel) = &self.selection else { return false };
        let moves = sel.moves_to(to);
        match moves.as_slice() {
            [] => false,
            [m] => {
                self.play(*m);
                true
            }
            [m, ..] if m.promotion_role().is_some() => {
                self.open_promotion(m.from(), m.to());
                true
            }
            // Castling with the king's destination also reachable by a plain king move
            // (Chess960): the plain move is what was pointed at.
            [m, ..] => {
                let m = moves.iter().copied().find(|m| !m.is_castle()).unwrap_or(*m);
                self.play(m);
                true
            }
        }
    }

    fn explain_illegal(&mut self, to: Square) {
        let Some(sel) = &self.selection else { return };
        let from = sel.from;
        let reason = match self.game.explain(from, to) {
            Some(reason) => reason.to_string(),
            None => format!("it cannot go to {to}"),
        };
        self.error(format!("Illegal move {from}–{to}: {reason}."));
    }

    fn open_promotion(&mut self, from: Square, to: Square) {
        self.selection = None;
        self.promotion = Some(PromotionChoice { from, to, highlighted: 0 });
        self.message = None;
    }

    fn promote(&mut self, role: Role) {
        let Some(choice) = self.promotion.take() else { return };
        let m = self
            .game
            .position()
            .legal_moves_from(choice.from)
            .iter()
            .copied()
            .find(|m| m.to() == choice.to && m.promotion_role() == Some(role));
        match m {
            Some(m) => self.play(m),
            None => self.error(format!("A pawn cannot promote to a {role}.")),
        }
    }

    // ----- the game record -----

    fn play(&mut self, m: Move) {
        if let Err(err) = self.game.try_play(m) {
            self.error(err.to_string());
            return;
        }
        if self.redo.last() == Some(&Redo::Move(m)) {
            self.redo.pop();
            self.clocks_moved(true);
        } else {
            self.redo.clear();
            self.clocks_moved(false);
        }
        self.after_move_change();
        // The cursor follows the game, so the next player starts pointing from the
        // move just made, however it was entered.
        self.cursor = m.destination();
        self.changes.push(Change::Moved(m));
    }

    fn after_move_change(&mut self) {
        self.selection = None;
        self.press = None;
        self.promotion = None;
        self.input.clear();
        self.matches.clear();
        self.message = None;
        self.view = None;
        self.orient();
    }

    fn orient(&mut self) {
        if self.auto_flip {
            self.flipped = self.game.turn() == Color::Black;
        }
    }

    fn undo(&mut self) {
        self.return_to_live();
        let label = self.game.ply().checked_sub(1).map(|i| self.move_label(i));
        match self.game.undo() {
            Some(Undone::Result(outcome)) => {
                self.redo.push(Redo::Outcome(outcome));
                self.clocks_result_taken_back();
                self.after_move_change();
                self.info(format!("Taken back: {outcome}."));
                self.changes.push(Change::TakenBack);
            }
            Some(Undone::Move(m)) => {
                self.redo.push(Redo::Move(m));
                self.clocks_move_taken_back();
                self.after_move_change();
                self.info(format!("Taken back: {}.", label.unwrap_or_default()));
                self.changes.push(Change::TakenBack);
            }
            None => self.error("Nothing to take back: no move has been played."),
        }
    }

    fn redo(&mut self) {
        self.return_to_live();
        match self.redo.pop() {
            Some(Redo::Move(m)) => {
                // `play` pops the redo stack when the move played is its top.
                self.redo.push(Redo::Move(m));
                self.play(m);
            }
            Some(Redo::Outcome(outcome)) => {
                self.game.record(outcome);
                self.clocks_result_recorded(outcome);
                self.after_move_change();
                self.changes.push(Change::Recorded(outcome));
            }
            None => self.error("Nothing to redo."),
        }
    }

    /// `12. Nf3` or `12… Nc6` for the move at index `i`.
    fn move_label(&self, i: usize) -> String {
        let start = self.game.start();
        let first_black = usize::from(start.turn() == Color::Black);
        let index = i + first_black;
        let number = start.fullmoves() as usize + index / 2;
        let dots = if index % 2 == 0 { "." } else { "…" };
        format!("{number}{dots} {}", self.game.san_moves()[i])
    }

    fn record(&mut self, f: impl FnOnce(&mut Game)) {
        f(&mut self.game);
        self.redo.clear();
        if let Some(outcome) = self.game.outcome() {
            self.message = None;
            self.clocks_result_recorded(outcome);
            self.changes.push(Change::Recorded(outcome));
        }
    }

    fn claim_draw(&mut self) {
        self.return_to_live();
        if self.refuse_if_over() {
            return;
        }
        if self.game.claimable_draw().is_some() {
            self.record(|game| {
                game.claim_draw();
            });
        } else {
            self.error(
                "No draw to claim: that needs a threefold repetition or 50 moves each without a capture or pawn move.",
            );
        }
    }

    fn new_game(&mut self) {
        let start = self.game.start().clone();
        let mut changes = std::mem::take(&mut self.changes);
        changes.push(Change::NewGame);
        let players = std::mem::take(&mut self.players);
        let timing = self.fresh_timing();
        *self =
            App::new(Game::from_position(start)).with_flipped(self.flipped).with_auto_flip(self.auto_flip);
        self.changes = changes;
        self.players = players;
        self.timing = timing;
    }

    fn refuse_if_over(&mut self) -> bool {
        if let Some(outcome) = self.game.outcome() {
            self.selection = None;
            self.error(format!("The game is over: {outcome}."));
            true
        } else {
            false
        }
    }

    // ----- browsing -----

    /// Shows the position after `ply` half-moves; the game's length means live.
    fn browse_to(&mut self, ply: Option<usize>) {
        let Some(ply) = ply else {
            self.info("This is the starting position.");
            return;
        };
        if ply >= self.game.ply() {
            if self.view.is_none() && ply > self.game.ply() {
                self.info("This is the live position.");
            }
            self.view = None;
        } else {
            self.view = Some(ply);
            self.message = None;
        }
        self.selection = None;
        self.promotion = None;
        self.input.clear();
        self.matches.clear();
    }

    fn return_to_live(&mut self) {
        if self.view.take().is_some() {
            self.info("Back to the live position.");
        }
    }

    fn cancel(&mut self) {
        self.press = None;
        if !self.input.is_empty() {
            self.input.clear();
            self.matches.clear();
        } else if self.selection.is_some() {
            self.selection = None;
        } else if self.view.is_some() {
            self.view = None;
        } else {
            self.message = None;
        }
    }

    fn info(&mut self, text: impl Into<String>) {
        self.message = Some(Message { kind: MessageKind::Info, text: text.into() });
    }

    fn error(&mut self, text: impl Into<String>) {
        self.message = Some(Message { kind: MessageKind::Error, text: text.into() });
    }
}

/// The player's sentence for a refused move. (Interim: the core's errors are lower
/// case and carry data; the player-facing wording belongs with the app's strings.)
fn refusal(err: &ReadMoveError) -> String {
    match err {
        ReadMoveError::Syntax(err) => {
            format!("Not a move: {:?} (try SAN like Nf3 or coordinates like e2e4)", err.text())
        }
        ReadMoveError::San(SanError::Illegal { text, reason }) => format!("Illegal move: {text} ({reason})"),
        ReadMoveError::San(SanError::Ambiguous { sans, .. }) => format!("Ambiguous: {}?", sans.join(" or ")),
        ReadMoveError::San(SanError::MissingPromotion { text, .. }) => {
            format!("{text}: choose a promotion piece (=Q, =R, =B or =N)")
        }
    }
}
