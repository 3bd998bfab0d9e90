//! Fission (cgt-tools' library, `cgt/short/partizan/games/fission.rs`; Winning Ways
//! vol. 1 ch. 2): Left splits a stone into the two empty cells just above and below it,
//! Right into the two just left and right of it.
//!
//! A board is two bitmasks (bit `r * width + c` is cell (r, c)): the stones and the cells
//! out of play.  Reflections keep the value and a transpose exchanges the players, so
//! boards are memoised under the least of their eight images, those through a transpose
//! standing for the conjugate (value negated), as the Python ruleset's `signed_key` does.

use crate::budget::{Budget, Stop};
use crate::canonical::{Id, Store};
use crate::konane::image;
use crate::symmetric::{symmetric_kernel, Position, Symmetric, Tables};

/// The most cells a board may have (one bit per cell).
pub const MAX_CELLS: usize = 64;

/// A board: its shape, its stones and its cells out of play.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub(crate) struct Board {
    height: u8,
    width: u8,
    stones: u64,
    blocked: u64,
}

/// The empty board marks the empty slots of the kernel's table.
impl Position for Board {
    const NONE: Self = Board {
        height: 0,
        width: 0,
        stones: 0,
        blocked: 0,
    };
}

impl Board {
    /// The memo key and whether it stands for the conjugate (the board transposed).
    fn key(&self) -> (Board, bool) {
        let (h, w) = (self.height as usize, self.width as usize);
        let mut best = (*self, false);
        for s in 1..8u8 {
            let (height, width) = if s & 4 != 0 { (w, h) } else { (h, w) };
            let board = Board {
                height: height as u8,
                width: width as u8,
                stones: image(h, w, self.stones, s),
                blocked: image(h, w, self.blocked, s),
            };
            best = best.min((board, s & 4 != 0));
        }
        best
    }

    /// The stones after each split, above and below (`vertical`) or left and right.
    fn splits(&self, vertical: bool, out: &mut Vec<u64>) {
        let (h, w) = (self.height as usize, self.width as usize);
        let empty = !(self.stones | self.blocked);
        let mut rest = self.stones;
        while rest != 0 {
            let cell = rest.trailing_zeros() as usize;
            rest &= rest - 1;
            let (r, c) = (cell / w, cell % w);
            let (before, after) = if vertical {
                if r == 0 || r + 1 >= h {
                    continue;
                }
                (cell - w, cell + w)
            } else {
                if c == 0 || c + 1 >= w {
                    continue;
                }
                (cell - 1, cell + 1)
            };
            let pair = (1u64 << before) | (1u64 << after);
            if empty & pair == pair {
                out.push(self.stones & !(1u64 << cell) | pair);
            }
        }
    }
}

/// Fission values, keeping the boards solved so far and their canonical games.
pub struct Fission {
    pub store: Store,
    tables: Tables<Board>,
}

symmetric_kernel!(Fission, Board);

impl Fission {
    /// The value of a key position, from the values of its options.
    fn expand(&mut self, key: &Board, budget: &mut Budget) -> Result<Id, Stop> {
        let mut children = Vec::new();
        key.splits(true, &mut children);
        let count = children.len();
        key.splits(false, &mut children);
        let mut sides = [Vec::with_capacity(count), Vec::new()];
        for (i, &stones) in children.iter().enumerate() {
            let child = Board { stones, ..*key };
            sides[usize::from(i >= count)].push(self.solve(&child, budget)?);
        }
        let [lefts, rights] = sides;
        Ok(self.store.of(lefts, rights))
    }
}

impl Default for Fission {
    fn default() -> Self {
        Self::new()
    }
}

impl Fission {
    pub fn new() -> Self {
        Fission {
            store: Store::new(),
            tables: Tables::default(),
        }
    }

    /// Boards solved so far.
    pub fn table_size(&self) -> usize {
        self.tables.size()
    }

    /// The value of a `height` by `width` board with stones on `stones` and the cells
    /// `blocked` out of play.
    pub fn value(
        &mut self,
        height: usize,
        width: usize,
        stones: u64,
        blocked: u64,
        budget: &mut Budget,
    ) -> Result<Id, Stop> {
        assert!(height * width <= MAX_CELLS, "board too large");
        assert!(stones & blocked == 0, "a stone on a cell out of play");
        let cells = height * width;
        let on_board = if cells == 64 {
            u64::MAX
        } else {
            (1 << cells) - 1
        };
        assert!((stones | blocked) & !on_board == 0, "a cell off the board");
        self.solve(
            &Board {
                height: height as u8,
                width: width as u8,
                stones,
                blocked,
            },
            budget,
        )
    }
}

#[cfg(test)]
mod tests {
    use super::Fission;
    use crate::budget::unlimited;
    use crate::canonical::{Dyadic, Id, Store};

    /// The board written as rows of 'x', '#' and '.' joined by '|'.
    fn value(game: &mut Fission, text: &str) -> Id {
        let rows: Vec<&str> = text.split('|').collect();
        let (mut stones, mut blocked) = (0, 0);
        for (i, cell) in rows.concat().chars().enumerate() {
            match cell {
                'x' => stones |= 1 << i,
                '#' => blocked |= 1 << i,
                _ => {}
            }
        }
        let (h, w) = (rows.len(), rows[0].len());
        unlimited(|b| game.value(h, w, stones, blocked, b)).expect("unlimited")
    }

    #[test]
    fn small_boards() {
        let mut g = Fission::new();
        let one = g.store.number(Dyadic::integer(1));
        assert_eq!(value(&mut g, "x"), Store::ZERO);
        assert_eq!(value(&mut g, ".|x|."), one); // Left splits once; then nobody moves
        assert_eq!(value(&mut g, ".x."), g.store.neg(one)); // the transpose

        // Each split leaves the opponent two stones to split on the edge rows (columns):
        // {-2 | 2}.
        let two = g.store.number(Dyadic::integer(2));
        let minus_two = g.store.neg(two);
        let hot = g.store.of(vec![minus_two], vec![two]);
        assert_eq!(value(&mut g, "...|.x.|..."), hot);
    }

    #[test]
    fn cgt_tools_canonical_forms() {
        // Values asserted by cgt-tools' `fission.rs` test `canonical_form`.
        let mut g = Fission::new();
        assert_eq!(value(&mut g, "....|..x.|....|...."), Store::ZERO);
        let minus_two = g.store.number(Dyadic::integer(-2));
        assert_eq!(value(&mut g, "..x.|....|..x.|...."), minus_two);
        let minus_one = g.store.number(Dyadic::integer(-1));
        assert_eq!(value(&mut g, ".x.x|....|..x.|...."), minus_one);
        assert_eq!(value(&mut g, "....|..x.|....|#..#"), Store::ZERO);
        let minus_four = g.store.number(Dyadic::integer(-4));
        let switch = g.store.of(vec![minus_one], vec![minus_four]);
        assert_eq!(value(&mut g, ".x.x|..x.|....|..x."), switch);
    }
}
