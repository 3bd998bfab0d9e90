//! Ski-Jumps (Winning Ways vol. 1 ch. 2; cgt-tools `cgt/short/partizan/games/ski_jumps.rs`):
//! Left's skiers slide east along their rows, Right's west, any number of empty cells or
//! off the slope; a jumper may jump an opponent's skier just below it onto the empty cell
//! below that, and the skier jumped becomes a slipper.
//!
//! A slope is three bitmasks (bit `r * width + c` is cell (r, c)): Left's skiers, Right's
//! skiers and the jumpers among them.  Mirroring the slope and exchanging the colours
//! gives the conjugate, so slopes are memoised under the lesser of the two, as the
//! Python ruleset's `signed_key` does.  Where no jump can ever come and no skiers of
//! opposite colours face each other in a row, the value is the integer sum of the
//! skiers' distances to their edges (the ruleset's `fast_value`).

use crate::budget::{Budget, Stop};
use crate::canonical::{Dyadic, Id, Store};
use crate::symmetric::{symmetric_kernel, Position, Symmetric, Tables};

/// The most cells a slope may have (one bit per cell).
pub const MAX_CELLS: usize = 64;

/// A slope: its shape, each player's skiers and the jumpers.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub(crate) struct Slope {
    height: u8,
    width: u8,
    left: u64,
    right: u64,
    jumpers: u64,
}

/// The empty board marks the empty slots of the kernel's table.
impl Position for Slope {
    const NONE: Self = Slope {
        height: 0,
        width: 0,
        left: 0,
        right: 0,
        jumpers: 0,
    };
}

fn bits(mut mask: u64) -> impl Iterator<Item = usize> {
    std::iter::from_fn(move || {
        (mask != 0).then(|| {
            let v = mask.trailing_zeros() as usize;
            mask &= mask - 1;
            v
        })
    })
}

impl Slope {
    /// `mask` with every row reversed.
    fn mirrored(&self, mask: u64) -> u64 {
        let w = self.width as usize;
        bits(mask).fold(0, |out, cell| {
            let (r, c) = (cell / w, cell % w);
            out | 1 << (r * w + w - 1 - c)
        })
    }

    /// The memo key and whether it stands for the conjugate.
    fn key(&self) -> (Slope, bool) {
        let conjugate = Slope {
            left: self.mirrored(self.right),
            right: self.mirrored(self.left),
            jumpers: self.mirrored(self.jumpers),
            ..*self
        };
        (*self, false).min((conjugate, true))
    }

    /// The slopes after each move of Left (`left`) or Right, as (mine, theirs, jumpers).
    fn moves(&self, left: bool, out: &mut Vec<(u64, u64, u64)>) {
        let (h, w) = (self.height as usize, self.width as usize);
        let (mine, theirs) = if left {
            (self.left, self.right)
        } else {
            (self.right, self.left)
        };
        let empty = !(mine | theirs);
        for cell in bits(mine) {
            let (r, c) = (cell / w, cell % w);
            let from = 1u64 << cell;
            let jumper = self.jumpers & from != 0;
            let carry = |to: u64| {
                if jumper {
                    self.jumpers & !from | to
                } else {
                    self.jumpers
                }
            };
            let mut column = c;
            loop {
                let next = if left {
                    (column + 1 < w).then_some(column + 1)
                } else {
                    column.checked_sub(1)
                };
                let Some(next) = next else {
                    out.push((mine & !from, theirs, self.jumpers & !from));
                    break;
                };
                let to = 1u64 << (r * w + next);
                if empty & to == 0 {
                    break;
                }
                out.push((mine & !from | to, theirs, carry(to)));
                column = next;
            }
            if jumper && r + 2 < h {
                let (below, landing) = (from << w, from << (2 * w));
                if theirs & below != 0 && empty & landing != 0 {
                    let jumpers = (self.jumpers & !(from | below)) | landing;
                    out.push((mine & !from | landing, theirs, jumpers));
                }
            }
        }
    }

    /// The integer value where no jump can ever come (no jumper has an opponent's skier
    /// in the row below) and no two skiers of opposite colours face each other in a row;
    /// None otherwise.
    fn integer(&self) -> Option<i64> {
        let (h, w) = (self.height as usize, self.width as usize);
        let row = |mask: u64, r: usize| (mask >> (r * w)) & ((1u64 << w) - 1);
        let mut total = 0i64;
        for r in 0..h {
            let (lefts, rights) = (row(self.left, r), row(self.right, r));
            if r + 1 < h {
                let jumpers = row(self.jumpers, r);
                let (below_left, below_right) = (row(self.left, r + 1), row(self.right, r + 1));
                if (jumpers & lefts != 0 && below_right != 0)
                    || (jumpers & rights != 0 && below_left != 0)
                {
                    return None;
                }
            }
            // a Left skier west of a Right one: they may meet
            if lefts != 0 && rights != 0 && lefts.trailing_zeros() < 63 - rights.leading_zeros() {
                return None;
            }
            total += bits(lefts).map(|c| (w - c) as i64).sum::<i64>();
            total -= bits(rights).map(|c| (c + 1) as i64).sum::<i64>();
        }
        Some(total)
    }
}

/// Ski-Jumps values, keeping the slopes solved so far and their canonical games.
pub struct SkiJumps {
    pub store: Store,
    tables: Tables<Slope>,
}

symmetric_kernel!(SkiJumps, Slope);

impl SkiJumps {
    /// The value of a key position, from the values of its options.
    fn expand(&mut self, key: &Slope, budget: &mut Budget) -> Result<Id, Stop> {
        if let Some(value) = key.integer() {
            return Ok(self.store.number(Dyadic::integer(value)));
        }
        let mut children = Vec::new();
        key.moves(true, &mut children);
        let count = children.len();
        key.moves(false, &mut children);
        let mut sides = [Vec::with_capacity(count), Vec::new()];
        for (i, &(mine, theirs, jumpers)) in children.iter().enumerate() {
            let (left, right) = if i < count {
                (mine, theirs)
            } else {
                (theirs, mine)
            };
            let child = Slope {
                left,
                right,
                jumpers,
                ..*key
            };
            sides[usize::from(i >= count)].push(self.solve(&child, budget)?);
        }
        let [lefts, rights] = sides;
        Ok(self.store.of(lefts, rights))
    }
}

impl Default for SkiJumps {
    fn default() -> Self {
        Self::new()
    }
}

impl SkiJumps {
    pub fn new() -> Self {
        SkiJumps {
            store: Store::new(),
            tables: Tables::default(),
        }
    }

    /// Slopes solved so far.
    pub fn table_size(&self) -> usize {
        self.tables.size()
    }

    /// The value of a `height` by `width` slope with Left's skiers on `left`, Right's on
    /// `right`, and `jumpers` the jumpers among them.
    pub fn value(
        &mut self,
        height: usize,
        width: usize,
        left: u64,
        right: u64,
        jumpers: u64,
        budget: &mut Budget,
    ) -> Result<Id, Stop> {
        assert!(height * width <= MAX_CELLS, "slope too large");
        assert!(left & right == 0, "a cell holds two skiers");
        assert!(jumpers & !(left | right) == 0, "a jumper on an empty cell");
        let cells = height * width;
        let on_board = if cells == 64 {
            u64::MAX
        } else {
            (1 << cells) - 1
        };
        assert!((left | right) & !on_board == 0, "a skier off the slope");
        self.solve(
            &Slope {
                height: height as u8,
                width: width as u8,
                left,
                right,
                jumpers,
            },
            budget,
        )
    }
}

#[cfg(test)]
mod tests {
    use super::SkiJumps;
    use crate::budget::unlimited;
    use crate::canonical::{Dyadic, Id};

    /// The slope written as rows of 'L', 'l', 'R', 'r' and '.' joined by '|'.
    fn value(game: &mut SkiJumps, text: &str) -> Id {
        let rows: Vec<&str> = text.split('|').collect();
        let (mut left, mut right, mut jumpers) = (0, 0, 0);
        for (i, cell) in rows.concat().chars().enumerate() {
            match cell {
                'L' | 'l' => left |= 1 << i,
                'R' | 'r' => right |= 1 << i,
                _ => {}
            }
            if cell == 'L' || cell == 'R' {
                jumpers |= 1 << i;
            }
        }
        let (h, w) = (rows.len(), rows[0].len());
        unlimited(|b| game.value(h, w, left, right, jumpers, b)).expect("unlimited")
    }

    #[test]
    fn cgt_tools_winning_ways_examples() {
        // Values asserted by cgt-tools' `ski_jumps.rs` test `winning_ways_examples`.
        let mut g = SkiJumps::new();
        for (text, num, exp) in [
            ("...L....|..R.....|........", 2, 0),
            ("........|...l....|.......R|........|......L.", -1, 0),
            (".L...|.R...|.....", 5, 1),
            ("...R.|...L.|.....", -5, 1),
            ("L....|....R|.....", 1, 1),
            ("L....|R....|.....", 9, 1),
            ("L....|....R|l....", 5, 0),
        ] {
            let expected = g.store.number(Dyadic::new(num, exp));
            assert_eq!(value(&mut g, text), expected, "{text}");
        }
    }

    #[test]
    fn facing_skiers_make_a_star() {
        let mut g = SkiJumps::new();
        let star = g.store.nimber(1);
        assert_eq!(value(&mut g, "L.R"), star);
        let zero = g.store.number(Dyadic::integer(0));
        assert_eq!(value(&mut g, "R.L"), zero); // one move each, away from each other
    }
}
