//! Where the player is: one value ([`Focus`]) for the modes and overlays, each variant
//! carrying its own state, so two cannot be open at once by accident.

use super::annotating::Draft;
use super::browsing::VariationView;
use hotseat_chess::{Color, Move, Role, Square};

/// Where the player is, with what belongs there.
#[derive(Clone, Debug, PartialEq, Eq, Default)]
pub enum Focus {
    /// Playing, with nothing typed and nothing in hand.
    #[default]
    Idle,
    /// A move is being typed.
    Typing(String),
    /// A piece is picked up.
    Holding(Selection),
    /// An earlier position is on the board: the one after this many half-moves.
    Browsing(usize),
    /// A position of a variation is on the board: a line that could have been played.
    Variation(Box<VariationView>),
    /// The comment and sign of a move are being written.
    Commenting(Box<Draft>),
    /// A pawn's move waits for the piece it becomes.
    Promotion(PromotionChoice),
    /// A question waits for its answer.
    Question(Question),
    /// The help screen is open over what was there before.
    Help {
        /// How many lines are scrolled out of view.
        scroll: u16,
        /// Where the player was, to go back to.
        under: Box<Focus>,
    },
    /// The game record (FEN and PGN) is open over what was there before.
    Record {
        /// How many lines are scrolled out of view.
        scroll: u16,
        /// Where the player was, to go back to.
        under: Box<Focus>,
    },
}

impl Focus {
    /// Which key table applies.
    pub fn mode(&self) -> Mode {
        match self {
            Focus::Idle | Focus::Typing(_) | Focus::Holding(_) | Focus::Browsing(_) | Focus::Variation(_) => {
                Mode::Play
            }
            Focus::Commenting(_) => Mode::Comment,
            Focus::Promotion(_) => Mode::Promotion,
            Focus::Question(Question::Resign { .. }) => Mode::Resign,
            Focus::Question(_) => Mode::Question,
            Focus::Help { .. } => Mode::Help,
            Focus::Record { .. } => Mode::Record,
        }
    }

    /// The focus underneath the help screen, the record or the comment editor; this
    /// one otherwise.
    pub fn base(&self) -> &Focus {
        match self {
            Focus::Help { under, .. } | Focus::Record { under, .. } => under.base(),
            // The editor writes on the move on the board, which stays there.
            Focus::Commenting(draft) => draft.under.base(),
            other => other,
        }
    }
}

/// Which set of keys applies now: one key table for each.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Mode {
    /// Playing: typing moves, pointing at squares, browsing, game commands.
    Play,
    /// Choosing the piece a pawn promotes to.
    Promotion,
    /// Answering a yes-or-no question.
    Question,
    /// Saying who resigns, then confirming it.
    Resign,
    /// Reading the help screen.
    Help,
    /// Reading the game record (FEN and PGN), to copy it.
    Record,
    /// Writing the comment on a move and choosing its sign (`!`, `?!`...).
    Comment,
}

impl Mode {
    /// Every mode, in the order the help screen lists them.
    pub const ALL: [Mode; 7] =
        [Mode::Play, Mode::Promotion, Mode::Question, Mode::Resign, Mode::Comment, Mode::Help, Mode::Record];

    /// A heading for the help screen.
    pub fn title(self) -> &'static str {
        match self {
            Mode::Play => "Playing",
            Mode::Promotion => "Choosing a promotion piece",
            Mode::Question => "Answering a question (a draw offer, a new game, an engine review)",
            Mode::Resign => "Resigning",
            Mode::Help => "This help",
            Mode::Record => "The game record (FEN and PGN)",
            Mode::Comment => "Commenting on a move",
        }
    }
}

/// A question for the players.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Question {
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
    /// Have the engine review a game still being played, its verdicts shown to both.
    Review,
    /// `by` asks to take back its last move; the other side answers (a game whose
    /// take-backs need consent: played from two terminals).
    Takeback {
        /// Who asks.
        by: Color,
    },
    /// After a game played from two terminals, `by` asks for a new one with the
    /// colours swapped; the other side answers.
    Rematch {
        /// Who asks.
        by: Color,
    },
}

impl Question {
    /// The question that shows a standing offer or request.
    pub fn of(asked: super::Asked) -> Question {
        let by = asked.by;
        match asked.what {
            super::Ask::Draw => Question::DrawOffer { by },
            super::Ask::TakeBack => Question::Takeback { by },
            super::Ask::Rematch => Question::Rematch { by },
        }
    }

    /// The standing offer or request this question shows, if it shows one.
    pub fn asked(self) -> Option<super::Asked> {
        let (what, by) = match self {
            Question::DrawOffer { by } => (super::Ask::Draw, by),
            Question::Takeback { by } => (super::Ask::TakeBack, by),
            Question::Rematch { by } => (super::Ask::Rematch, by),
            Question::Resign { .. } | Question::NewGame | Question::Review => return None,
        };
        Some(super::Asked { what, by })
    }

    /// The question, for players.
    pub fn text(self) -> String {
        match self {
            Question::DrawOffer { by } => super::strings::draw_offered(by.name(), (!by).name()),
            Question::Resign { by: None } => super::strings::WHO_RESIGNS.to_owned(),
            Question::Resign { by: Some(by) } => super::strings::resigns_sure(by.name()),
            Question::NewGame => super::strings::ABANDON_GAME.to_owned(),
            Question::Review => super::strings::REVIEW_MID_GAME.to_owned(),
            Question::Takeback { by } => super::strings::takeback_asked(by.name(), (!by).name()),
            Question::Rematch { by } => super::strings::rematch_asked(by.name(), (!by).name()),
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

/// What a highlighted destination square means for the piece in hand.
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
    pub(super) moves: Vec<Move>,
    pub(super) targets: Vec<(Square, TargetKind)>,
    /// The mouse button is down on the piece (a drag may follow); `true` when the
    /// piece was already in hand before the press, so a click puts it back.
    pub(super) pressed: Option<bool>,
}

impl Selection {
    /// The squares the piece may go to, each with its kind.
    pub fn targets(&self) -> &[(Square, TargetKind)] {
        &self.targets
    }

    /// The legal moves that put the piece down on `to`: one move, four promotions,
    /// or castling when `to` is the king's destination or its own rook.
    pub(super) fn moves_to(&self, to: Square) -> Vec<Move> {
        let exact: Vec<Move> = self.moves.iter().copied().filter(|m| m.to() == to).collect();
        if !exact.is_empty() {
            return exact;
        }
        self.moves.iter().copied().filter(|m| m.is_castle() && m.destination() == to).collect()
    }
}
