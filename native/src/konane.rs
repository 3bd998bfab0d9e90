//! Konane (Ernst 1995, "Playing Konane mathematically", §1; cited by seed 001,
//! `001_56c9c94dd1ec088e.wrapped.txt` L1538-1540): a stone jumps an adjacent enemy
//! stone into the empty cell beyond, taking it, and may go on jumping in the same
//! direction; each stop is a move of its own.  Left plays black, Right white.
//!
//! A board is two bitmasks (bit `r * width + c` is cell (r, c)).  The rules are the same
//! for every rotation and reflection of the board and for both colours, so boards are
//! memoised under the least of their eight images and of the eight images with the
//! colours exchanged, which stand for the conjugate (value negated), as the Python
//! ruleset's `signed_key` does.  Konane does not fall apart into a sum (a jump may land
//! anywhere empty), so the whole board is one game.

use crate::budget::{Budget, Stop};
use crate::canonical::{Id, Store};
use crate::symmetric::{symmetric_kernel, Position, Symmetric, Tables};

/// The most cells a board may have (one bit per cell).
pub const MAX_CELLS: usize = 64;

/// A board: its shape and the cells of each colour.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub(crate) struct Board {
    pub(crate) height: u8,
    pub(crate) width: u8,
    pub(crate) black: u64,
    pub(crate) white: u64,
}

/// The empty board marks the empty slots of the kernel's table.
impl Position for Board {
    const NONE: Self = Board {
        height: 0,
        width: 0,
        black: 0,
        white: 0,
    };
}

/// `mask`'s cells on a `height` by `width` board under symmetry `s` (bit 4: transpose,
/// bit 2: flip top-bottom, bit 1: mirror left-right).
pub(crate) fn image(height: usize, width: usize, mask: u64, s: u8) -> u64 {
    let (h, w) = if s & 4 != 0 {
        (width, height)
    } else {
        (height, width)
    };
    let mut out = 0;
    let mut rest = mask;
    while rest != 0 {
        let bit = rest.trailing_zeros() as usize;
        rest &= rest - 1;
        let (mut r, mut c) = (bit / width, bit % width);
        if s & 4 != 0 {
            (r, c) = (c, r);
        }
        if s & 2 != 0 {
            r = h - 1 - r;
        }
        if s & 1 != 0 {
            c = w - 1 - c;
        }
        out |= 1 << (r * w + c);
    }
    out
}

impl Board {
    fn cells(&self) -> usize {
        self.height as usize * self.width as usize
    }

    /// The memo key and whether it stands for the conjugate (the colours exchanged).
    pub(crate) fn key(&self) -> (Board, bool) {
        let (h, w) = (self.height as usize, self.width as usize);
        let mut best = (*self, false);
        for s in 0..8u8 {
            let (height, width) = if s & 4 != 0 { (w, h) } else { (h, w) };
            let black = image(h, w, self.black, s);
            let white = image(h, w, self.white, s);
            let shape = |black, white| Board {
                height: height as u8,
                width: width as u8,
                black,
                white,
            };
            best = best.min((shape(black, white), false));
            best = best.min((shape(white, black), true));
        }
        best
    }

    /// The boards after each move of the player whose stones are `mine` (the other
    /// colour is `theirs`), as (mine, theirs) after the move.
    fn jumps(&self, mine: u64, theirs: u64, out: &mut Vec<(u64, u64)>) {
        let (h, w) = (self.height as isize, self.width as isize);
        let empty = !(mine | theirs);
        let mut rest = mine;
        while rest != 0 {
            let start = rest.trailing_zeros() as isize;
            rest &= rest - 1;
            let (r0, c0) = (start / w, start % w);
            for (dr, dc) in [(0, 1), (1, 0), (0, -1), (-1, 0)] {
                let (mut r, mut c) = (r0, c0);
                let mut taken = 0u64;
                loop {
                    let (r1, c1, r2, c2) = (r + dr, c + dc, r + 2 * dr, c + 2 * dc);
                    if r2 < 0 || r2 >= h || c2 < 0 || c2 >= w {
                        break;
                    }
                    let (jumped, landing) = (1u64 << (r1 * w + c1), 1u64 << (r2 * w + c2));
                    if theirs & jumped == 0 || empty & landing == 0 {
                        break;
                    }
                    taken |= jumped;
                    out.push((mine & !(1 << start) | landing, theirs & !taken));
                    (r, c) = (r2, c2);
                }
            }
        }
    }
}

/// Konane values, keeping the boards solved so far and their canonical games.
pub struct Konane {
    pub store: Store,
    tables: Tables<Board>,
}

symmetric_kernel!(Konane, Board);

impl Default for Konane {
    fn default() -> Self {
        Self::new()
    }
}

impl Konane {
    pub fn new() -> Self {
        Konane {
            store: Store::new(),
            tables: Tables::default(),
        }
    }

    /// Boards solved so far.
    pub fn table_size(&self) -> usize {
        self.tables.size()
    }

    /// The value of a `height` by `width` board with black (Left's) stones on `black`
    /// and white (Right's) on `white`.
    pub fn value(
        &mut self,
        height: usize,
        width: usize,
        black: u64,
        white: u64,
        budget: &mut Budget,
    ) -> Result<Id, Stop> {
        assert!(height * width <= MAX_CELLS, "board too large");
        assert!(black & white == 0, "a cell holds two stones");
        let cells = height * width;
        let on_board = if cells == 64 {
            u64::MAX
        } else {
            (1 << cells) - 1
        };
        assert!((black | white) & !on_board == 0, "a stone off the board");
        self.solve(
            &Board {
                height: height as u8,
                width: width as u8,
                black,
                white,
            },
            budget,
        )
    }

    /// {values after each black jump | values after each white jump}.
    fn expand(&mut self, board: &Board, budget: &mut Budget) -> Result<Id, Stop> {
        debug_assert!(board.cells() <= MAX_CELLS);
        let mut children = Vec::new();
        board.jumps(board.black, board.white, &mut children);
        let count = children.len();
        board.jumps(board.white, board.black, &mut children);
        let mut sides = [Vec::with_capacity(count), Vec::new()];
        for (i, &(mine, theirs)) in children.iter().enumerate() {
            let (black, white) = if i < count {
                (mine, theirs)
            } else {
                (theirs, mine)
            };
            let child = Board {
                black,
                white,
                ..*board
            };
            sides[usize::from(i >= count)].push(self.solve(&child, budget)?);
        }
        let [lefts, rights] = sides;
        Ok(self.store.of(lefts, rights))
    }
}

#[cfg(test)]
mod tests {
    use super::{image, Board, Konane};
    use crate::budget::unlimited;
    use crate::canonical::{Dyadic, Id, Store};

    /// The board written as rows of 'x', 'o' and '.' joined by '/'.
    fn parse(text: &str) -> (usize, usize, u64, u64) {
        let rows: Vec<&str> = text.split('/').collect();
        let width = rows[0].len();
        let (mut black, mut white) = (0, 0);
        for (i, cell) in rows.concat().chars().enumerate() {
            match cell {
                'x' => black |= 1 << i,
                'o' => white |= 1 << i,
                _ => {}
            }
        }
        (rows.len(), width, black, white)
    }

    fn value(game: &mut Konane, text: &str) -> Id {
        let (h, w, black, white) = parse(text);
        unlimited(|b| game.value(h, w, black, white, b)).expect("unlimited")
    }

    #[test]
    fn single_and_multiple_jumps_in_one_direction() {
        let (h, w, black, white) = parse("xo.o./.o...");
        let board = Board {
            height: h as u8,
            width: w as u8,
            black,
            white,
        };
        let mut out = Vec::new();
        board.jumps(black, white, &mut out);
        // x at (0,0): over (0,1) to (0,2), on over (0,3) to (0,4); nothing downwards.
        assert_eq!(out, [(1 << 2, white & !2), (1 << 4, white & !0b1010)]);
        out.clear();
        board.jumps(white, black, &mut out);
        assert!(out.is_empty()); // no white stone has a black one beside it and room beyond
    }

    #[test]
    fn small_boards() {
        let mut g = Konane::new();
        let one = g.store.number(Dyadic::integer(1));
        assert_eq!(value(&mut g, "xo."), one); // {0 | } = 1
        assert_eq!(value(&mut g, ".ox"), one); // its mirror image
        assert_eq!(value(&mut g, "x/o/."), one); // and its transpose
        assert_eq!(value(&mut g, ".xo"), g.store.neg(one));
        assert_eq!(value(&mut g, "xo"), Store::ZERO);
        assert_eq!(value(&mut g, ""), Store::ZERO);
        // Each jumps the other: {0 | 0} = *.
        let star = g.store.nimber(1);
        assert_eq!(value(&mut g, ".xo."), star);
        // Left lands in the middle (..xo., where each jumps the other: *) or jumps on to
        // the end (0); Right has no jump: {*, 0 | } = 1.
        assert_eq!(value(&mut g, "xo.o."), one);
        // Right cannot move; each of Left's jumps leaves Right one: {-1 | } = 0.
        assert_eq!(value(&mut g, "xo.ox"), Store::ZERO);
    }

    #[test]
    fn exchanged_colours_are_conjugates() {
        let mut g = Konane::new();
        for (text, swapped) in [
            ("xoxo/o.ox/xoxo", "oxox/x.xo/oxox"),
            ("xox./o.o./.o..", "oxo./x.x./.x.."),
        ] {
            let id = value(&mut g, text);
            let other = value(&mut g, swapped);
            assert_eq!(g.store.neg(id), other);
        }
    }

    #[test]
    fn images_are_the_eight_symmetries() {
        // Cell (0, 1) of a 2 by 3 board: 3 * 2 * 2 = 8 images, each a single cell.
        let cells: Vec<u64> = (0..8).map(|s| image(2, 3, 0b10, s)).collect();
        assert_eq!(cells[0], 0b10);
        assert_eq!(cells[1], 0b10); // mirrored: (0, 1) stays
        assert_eq!(cells[2], 0b10_000); // flipped: (1, 1)
        assert_eq!(cells[4], 0b100); // transposed onto 3 by 2: (1, 0)
        assert!(cells.iter().all(|m| m.count_ones() == 1));
    }
}
