//! Pointing: the square cursor, a piece in hand, the mouse, and the promotion picker.

use super::{Answer, App, Direction, Focus, Point, Pointer, PromotionChoice, Selection, TargetKind, strings};
use hotseat_chess::{Role, Square};

impl App {
    pub(super) fn point(&mut self, point: Point) {
        match point {
            Point::Cursor(direction) => self.move_cursor(direction),
            Point::Select => self.select(self.round.cursor),
            Point::Down(pointer) => self.pointer_down(pointer),
            Point::Drag(pointer) => {
                if let (Some(Pointer::Square(sq)), true) = (pointer, self.pressed().is_some()) {
                    self.round.cursor = sq;
                }
            }
            Point::Up(pointer) => self.pointer_up(pointer),
        }
    }

    fn move_cursor(&mut self, direction: Direction) {
        let (df, dr) = match direction {
            Direction::Up => (0, 1),
            Direction::Down => (0, -1),
            Direction::Left => (-1, 0),
            Direction::Right => (1, 0),
        };
        let sign = if self.flipped { -1 } else { 1 };
        if let Some(sq) = self.round.cursor.offset(df * sign, dr * sign) {
            self.round.cursor = sq;
        }
    }

    /// Enter or Space on a square: pick up, put down, or say why not.
    pub(super) fn select(&mut self, sq: Square) {
        self.round.cursor = sq;
        self.leave_browsing();
        if self.refuse_if_over() {
            return;
        }
        let Some(from) = self.selection().map(|s| s.from) else {
            self.pick_up(sq);
            return;
        };
        if from == sq {
            self.round.focus = Focus::Idle;
        } else if !self.put_down(sq) {
            if self.owns(sq) {
                self.pick_up(sq);
            } else {
                self.explain_illegal(from, sq);
            }
        }
    }

    /// Whether the mouse button is down on the piece in hand, and if so whether the
    /// piece was already in hand before the press.
    fn pressed(&self) -> Option<bool> {
        self.selection().and_then(|s| s.pressed)
    }

    fn pointer_down(&mut self, pointer: Pointer) {
        let sq = match pointer {
            Pointer::Square(sq) => sq,
            Pointer::Ply(ply) => return self.browse_to(Some(ply)),
            Pointer::Promotion(_) => return,
        };
        self.round.cursor = sq;
        self.leave_browsing();
        if self.refuse_if_over() {
            return;
        }
        let held = self.selection().map(|s| s.from);
        let was_selected = held == Some(sq);
        if held.is_some() && !was_selected && self.put_down(sq) {
            return;
        }
        if self.owns(sq) {
            if !was_selected {
                self.pick_up(sq);
            }
            if let Focus::Holding(selection) = &mut self.round.focus {
                selection.pressed = Some(was_selected);
            }
        } else if let Some(from) = held {
            self.explain_illegal(from, sq);
            self.round.focus = Focus::Idle;
        } else {
            self.pick_up(sq);
        }
    }

    fn pointer_up(&mut self, pointer: Option<Pointer>) {
        let Focus::Holding(selection) = &mut self.round.focus else { return };
        let Some(was_selected) = selection.pressed.take() else { return };
        let from = selection.from;
        let Some(Pointer::Square(sq)) = pointer else { return };
        if sq == from {
            if was_selected {
                self.round.focus = Focus::Idle;
            }
        } else {
            self.round.cursor = sq;
            if !self.put_down(sq) {
                self.explain_illegal(from, sq);
            }
        }
    }

    fn owns(&self, sq: Square) -> bool {
        self.game().position().piece_at(sq).is_some_and(|p| p.color == self.game().turn())
    }

    /// Picks up the piece on `sq`, or says why it cannot be.
    fn pick_up(&mut self, sq: Square) {
        let pos = self.game().position();
        let refusal = match pos.piece_at(sq) {
            None => Some(strings::no_piece_on(sq, pos.turn())),
            Some(piece) if piece.color != pos.turn() => Some(strings::not_yours(piece, sq, pos.turn())),
            Some(piece) if pos.legal_moves_from(sq).is_empty() => {
                Some(strings::no_legal_move_for(piece.role, sq, pos.is_check()))
            }
            Some(_) => None,
        };
        if let Some(refusal) = refusal {
            if matches!(self.round.focus, Focus::Holding(_)) {
                self.round.focus = Focus::Idle;
            }
            self.error(refusal);
            return;
        }
        let moves = pos.legal_moves_from(sq).to_vec();
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
        self.round.message = None;
        self.round.focus = Focus::Holding(Selection { from: sq, moves, targets, pressed: None });
    }

    /// Whether the piece in hand may go down on `to`; a promotion asks for its piece.
    /// The move itself is a deed ([`App::resolve`]), played once the door lets it
    /// through, never here.
    fn put_down(&mut self, to: Square) -> bool {
        let Some(selection) = self.selection() else { return false };
        let moves = selection.moves_to(to);
        match moves.as_slice() {
            [] => false,
            [m, _, ..] if m.promotion_role().is_some() => {
                self.open_promotion(m.from(), m.to());
                true
            }
            _ => true,
        }
    }

    fn explain_illegal(&mut self, from: Square, to: Square) {
        let text = strings::illegal_pointed_move(self.game(), from, to);
        self.refuse_move(text);
    }

    pub(super) fn open_promotion(&mut self, from: Square, to: Square) {
        self.round.focus = Focus::Promotion(PromotionChoice { from, to, highlighted: 0 });
        self.round.message = None;
    }

    pub(super) fn update_promotion(&mut self, action: &super::Action) {
        use super::Action;
        let Focus::Promotion(choice) = &mut self.round.focus else { return };
        let choice_now = *choice;
        match action {
            Action::Answer(Answer::Choose(role)) | Action::Point(Point::Down(Pointer::Promotion(role))) => {
                self.promote(choice_now, *role);
            }
            Action::Edit(super::Edit::Submit) | Action::Point(Point::Select) => {
                self.promote(choice_now, choice_now.role());
            }
            &Action::Point(Point::Cursor(direction)) => {
                let n = Role::PROMOTIONS.len();
                choice.highlighted = match direction {
                    Direction::Left | Direction::Up => (choice.highlighted + n - 1) % n,
                    Direction::Right | Direction::Down => (choice.highlighted + 1) % n,
                };
            }
            Action::Cancel | Action::Point(Point::Down(_)) => {
                self.round.focus = Focus::Idle;
                self.info(strings::PROMOTION_CANCELLED);
            }
            Action::Show(super::Show::Help) => self.open_help(),
            _ => self.error(strings::PROMOTION_KEYS),
        }
    }

    /// A promotion to `role` that is no move here (the move itself is a deed, played
    /// once the door lets it through): why.
    fn promote(&mut self, _choice: PromotionChoice, role: Role) {
        self.error(strings::cannot_promote_to(role));
    }
}
