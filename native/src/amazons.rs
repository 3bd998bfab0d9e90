//! Amazons (Berlekamp 2000, "Sums of N x 2 Amazons", §1; cited by seed 001,
//! `001_56c9c94dd1ec088e.wrapped.txt` L1625): an amazon moves like a chess queen over
//! empty cells, then shoots an arrow like a queen from where it lands; the arrow's cell
//! is burnt.  Left plays black, Right white.
//!
//! A region is a bounding box with three bitmasks (bit `r * width + c` is cell (r, c)):
//! the cells not burnt, the black amazons and the white ones.  Burnt cells stop queens
//! and no move unburns one, so the unburnt cells joined by king steps are independent
//! regions played as a sum, and a region without an amazon is dead (0), as in the Python
//! ruleset's `components`.  Regions are memoised under the least of their eight images
//! and of the eight images with the colours exchanged, which stand for the conjugate
//! (value negated), as the Python ruleset's `signed_key` does.

use crate::budget::{Budget, Stop};
use crate::canonical::{Id, Store};
use crate::konane::image;
use crate::symmetric::{symmetric_kernel, Position, Symmetric, Tables};

/// The most cells a board may have (one bit per cell).
pub const MAX_CELLS: usize = 64;

/// The eight queen (and king) steps.
const STEPS: [(isize, isize); 8] = [
    (0, 1),
    (1, 1),
    (1, 0),
    (1, -1),
    (0, -1),
    (-1, -1),
    (-1, 0),
    (-1, 1),
];

/// A region cropped to the bounding box of its unburnt cells.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub(crate) struct Region {
    height: u8,
    width: u8,
    open: u64,
    black: u64,
    white: u64,
}

/// The empty board marks the empty slots of the kernel's table.
impl Position for Region {
    const NONE: Self = Region {
        height: 0,
        width: 0,
        open: 0,
        black: 0,
        white: 0,
    };
}

fn low_bits(n: usize) -> u64 {
    if n >= 64 {
        u64::MAX
    } else {
        (1 << n) - 1
    }
}

impl Region {
    /// The cells king-next to `cells` on this region's board.
    fn near(&self, cells: u64) -> u64 {
        let w = self.width as usize;
        let full = low_bits(self.height as usize * w);
        let first = (0..self.height as usize).fold(0u64, |m, r| m | 1 << (r * w));
        let last = first << (w - 1);
        let row = cells | (cells << 1) & !first | (cells >> 1) & !last;
        (row | row.checked_shl(w as u32).unwrap_or(0) | row.checked_shr(w as u32).unwrap_or(0))
            & full
    }

    /// The cells `mask` of this region's board cut to the box of rows `top..=bottom`
    /// and columns `left..left + width`.
    fn cut(&self, mask: u64, top: usize, bottom: usize, left: usize, width: usize) -> u64 {
        let w = self.width as usize;
        (top..=bottom).fold(0, |m, r| {
            m | (mask >> (r * w) >> left & low_bits(width)) << ((r - top) * width)
        })
    }

    /// The part of this region on the unburnt cells `cells`, cropped to their box.
    fn crop(&self, cells: u64) -> Region {
        let w = self.width as usize;
        let top = cells.trailing_zeros() as usize / w;
        let bottom = (63 - cells.leading_zeros() as usize) / w;
        let span = (top..=bottom).fold(0, |m, r| m | cells >> (r * w) & low_bits(w));
        let left = span.trailing_zeros() as usize;
        let width = 64 - span.leading_zeros() as usize - left;
        Region {
            height: (bottom - top + 1) as u8,
            width: width as u8,
            open: self.cut(cells, top, bottom, left, width),
            black: self.cut(self.black & cells, top, bottom, left, width),
            white: self.cut(self.white & cells, top, bottom, left, width),
        }
    }

    /// The live regions: the unburnt cells joined by king steps, each holding an amazon.
    fn split(&self, parts: &mut Vec<Region>) {
        let mut rest = self.open;
        while rest != 0 {
            let mut seen = rest & rest.wrapping_neg();
            loop {
                let grown = seen | self.near(seen) & rest;
                if grown == seen {
                    break;
                }
                seen = grown;
            }
            rest &= !seen;
            if seen & (self.black | self.white) != 0 {
                parts.push(self.crop(seen));
            }
        }
    }

    /// The memo key and whether it stands for the conjugate (the colours exchanged).
    fn key(&self) -> (Region, bool) {
        let (h, w) = (self.height as usize, self.width as usize);
        let mut best = (*self, false);
        for s in 0..8u8 {
            let (height, width) = if s & 4 != 0 { (w, h) } else { (h, w) };
            let open = image(h, w, self.open, s);
            let black = image(h, w, self.black, s);
            let white = image(h, w, self.white, s);
            let shape = |black, white| Region {
                height: height as u8,
                width: width as u8,
                open,
                black,
                white,
            };
            best = best.min((shape(black, white), false));
            best = best.min((shape(white, black), true));
        }
        best
    }

    /// The cells a queen on `from` reaches over the `empty` cells.
    fn reach(&self, from: usize, empty: u64) -> u64 {
        let (h, w) = (self.height as isize, self.width as isize);
        let (r0, c0) = (from as isize / w, from as isize % w);
        let mut found = 0;
        for (dr, dc) in STEPS {
            let (mut r, mut c) = (r0 + dr, c0 + dc);
            while (0..h).contains(&r) && (0..w).contains(&c) {
                let cell = 1u64 << (r * w + c);
                if empty & cell == 0 {
                    break;
                }
                found |= cell;
                (r, c) = (r + dr, c + dc);
            }
        }
        found
    }

    /// The regions after each move of the amazons `mine` (black when `left`).
    fn moves(&self, left: bool, out: &mut Vec<Region>) {
        let mine = if left { self.black } else { self.white };
        let empty = self.open & !(self.black | self.white);
        let mut amazons = mine;
        while amazons != 0 {
            let from = amazons.trailing_zeros() as usize;
            amazons &= amazons - 1;
            let mut landings = self.reach(from, empty);
            while landings != 0 {
                let to = landings.trailing_zeros() as usize;
                landings &= landings - 1;
                let moved = mine & !(1 << from) | 1 << to;
                let mut arrows = self.reach(to, empty & !(1 << to) | 1 << from);
                while arrows != 0 {
                    let arrow = arrows.trailing_zeros() as u64;
                    arrows &= arrows - 1;
                    let (black, white) = if left {
                        (moved, self.white)
                    } else {
                        (self.black, moved)
                    };
                    out.push(Region {
                        open: self.open & !(1 << arrow),
                        black,
                        white,
                        ..*self
                    });
                }
            }
        }
    }
}

/// Amazons values, keeping the regions solved so far and their canonical games.
pub struct Amazons {
    pub store: Store,
    tables: Tables<Region>,
}

symmetric_kernel!(Amazons, Region);

impl Default for Amazons {
    fn default() -> Self {
        Self::new()
    }
}

impl Amazons {
    pub fn new() -> Self {
        Amazons {
            store: Store::new(),
            tables: Tables::default(),
        }
    }

    /// Regions solved so far.
    pub fn table_size(&self) -> usize {
        self.tables.size()
    }

    /// The value of a `height` by `width` board whose unburnt cells are `open`, with
    /// black (Left's) amazons on `black` and white (Right's) on `white`.
    pub fn value(
        &mut self,
        height: usize,
        width: usize,
        open: u64,
        black: u64,
        white: u64,
        budget: &mut Budget,
    ) -> Result<Id, Stop> {
        assert!(height * width <= MAX_CELLS, "board too large");
        assert!(black & white == 0, "a cell holds two amazons");
        assert!((black | white) & !open == 0, "an amazon on a burnt cell");
        let open = open & low_bits(height * width);
        if open == 0 {
            return Ok(Store::ZERO);
        }
        let board = Region {
            height: height as u8,
            width: width as u8,
            open,
            black,
            white,
        };
        self.sum(&board, budget)
    }

    /// The sum of the values of `board`'s live regions.
    fn sum(&mut self, board: &Region, budget: &mut Budget) -> Result<Id, Stop> {
        let mut parts = Vec::new();
        board.split(&mut parts);
        let mut total = Store::ZERO;
        for part in &parts {
            let value = self.solve(part, budget)?;
            total = self.store.add(total, value);
        }
        Ok(total)
    }

    /// {values after each black move | values after each white move}.
    fn expand(&mut self, region: &Region, budget: &mut Budget) -> Result<Id, Stop> {
        let mut sides = [Vec::new(), Vec::new()];
        let mut children = Vec::new();
        for (side, left) in [(0, true), (1, false)] {
            children.clear();
            region.moves(left, &mut children);
            for child in &children {
                let value = self.sum(child, budget)?;
                sides[side].push(value);
            }
        }
        let [lefts, rights] = sides;
        Ok(self.store.of(lefts, rights))
    }
}

#[cfg(test)]
mod tests {
    use super::{Amazons, Region};
    use crate::budget::unlimited;
    use crate::canonical::{Dyadic, Id, Store};

    /// The board written as rows of 'x', 'o', '.' and '#' joined by '/'.
    fn parse(text: &str) -> Region {
        let rows: Vec<&str> = text.split('/').collect();
        let (mut open, mut black, mut white) = (0, 0, 0);
        for (i, cell) in rows.concat().chars().enumerate() {
            open |= u64::from(cell != '#') << i;
            black |= u64::from(cell == 'x') << i;
            white |= u64::from(cell == 'o') << i;
        }
        Region {
            height: rows.len() as u8,
            width: rows[0].len() as u8,
            open,
            black,
            white,
        }
    }

    fn value(game: &mut Amazons, text: &str) -> Id {
        let b = parse(text);
        unlimited(|budget| {
            game.value(
                b.height as usize,
                b.width as usize,
                b.open,
                b.black,
                b.white,
                budget,
            )
        })
        .expect("unlimited")
    }

    #[test]
    fn a_lone_amazon_in_a_row_moves_once_per_free_cell() {
        let mut g = Amazons::new();
        for n in 1..7 {
            let row = format!("x{}", ".".repeat(n));
            let n = g.store.number(Dyadic::integer(n as i64));
            assert_eq!(value(&mut g, &row), n);
        }
    }

    #[test]
    fn small_boards() {
        let mut g = Amazons::new();
        assert_eq!(value(&mut g, "x.o"), g.store.nimber(1));
        assert_eq!(value(&mut g, "..."), Store::ZERO);
        assert_eq!(value(&mut g, "#"), Store::ZERO);
        // Regions split by burnt cells add up: 2 + (-1) = 1.
        let one = g.store.number(Dyadic::integer(1));
        assert_eq!(value(&mut g, "x..#o."), one);
    }

    #[test]
    fn moves_burn_one_cell_and_may_shoot_back_where_the_amazon_stood() {
        let board = parse("x.");
        let mut out = Vec::new();
        board.moves(true, &mut out);
        assert_eq!(out.len(), 1);
        assert_eq!((out[0].black, out[0].open), (0b10, 0b10));
        out.clear();
        board.moves(false, &mut out);
        assert!(out.is_empty());
    }

    #[test]
    fn exchanged_colours_are_conjugates() {
        let mut g = Amazons::new();
        let id = value(&mut g, "x../..o/.#.");
        let swapped = value(&mut g, "o../..x/.#.");
        assert_eq!(g.store.neg(id), swapped);
    }
}
