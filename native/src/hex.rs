//! Hex on an n×n rhombus (n ≤ 11): does the player to move win?  A win/loss search
//! with a transposition table that first fills dead cells (red) and captured pairs (the
//! capturer's colour), the same search as Python's `grundy.rulesets.grids.hex_search`
//! (whose docstring proves the reductions) and tested against it.
//!
//! Cell (r, c) is bit r·n + c of a `u128`; red joins top and bottom, blue left and right.

use hashbrown::HashMap;

use crate::budget::{Budget, Stop};

/// Largest board side (n² ≤ 128 bits).
pub const MAX_SIDE: usize = 11;

/// A neighbour that is not a cell: an edge of red or of blue, or the corner that
/// belongs to nobody.
const RED_EDGE: i16 = -1;
const BLUE_EDGE: i16 = -2;
const NOBODY: i16 = -3;

/// Right, up-right, up-left, left, down-left, down-right: a cyclic order round a cell.
const DIRECTIONS: [(i32, i32); 6] = [(0, 1), (-1, 1), (-1, 0), (0, -1), (1, -1), (1, 0)];

/// A neighbour's state for one player: theirs, empty, or of no use to them.
const MINE: usize = 0;
const FREE: usize = 1;
const OTHER: usize = 2;

/// Is a cell useless to the player whose neighbour states (cyclic) these are: every two
/// neighbours that may be theirs are consecutive or joined by an arc of their own?
fn useless(states: [usize; 6]) -> bool {
    let joined = |i: usize, j: usize| {
        let forward = (j + 6 - i) % 6;
        if forward == 1 || forward == 5 {
            return true;
        }
        let all_mine = |start: usize, len: usize, step: usize| {
            (1..len).all(|k| states[(start + step * k) % 6] == MINE)
        };
        all_mine(i, forward, 1) || all_mine(i, 6 - forward, 5)
    };
    (0..6).all(|i| (i + 1..6).all(|j| states[i] == OTHER || states[j] == OTHER || joined(i, j)))
}

/// One board side's geometry and transposition table.
pub struct Hex {
    pub(crate) full: u128,
    rings: Vec<[i16; 6]>,
    /// Each cell's ring code (`code`) with every neighbouring cell empty, for red and for
    /// blue; a neighbour's stone moves its digit from FREE by -weight (the code's
    /// player's) or +weight (the other's).
    free_codes: Vec<[usize; 2]>,
    /// Each cell's neighbouring cells with their digits' weights (3^direction).
    weights: Vec<Vec<(usize, usize)>>,
    pub(crate) neighbours: Vec<u128>,
    /// `useless[code]` for each base-3 ring code (neighbour i the i-th digit).
    useless: Vec<bool>,
    pub(crate) top: u128,
    pub(crate) bottom: u128,
    pub(crate) left: u128,
    pub(crate) right: u128,
    /// The cells nearest the centre first.
    pub(crate) order: Vec<usize>,
    /// (red, blue, red to move) of reduced boards -> does the player to move win?
    table: HashMap<(u128, u128, bool), bool>,
}

impl Hex {
    /// The board of side `n` (1..=MAX_SIDE).
    pub fn new(n: usize) -> Result<Self, String> {
        if !(1..=MAX_SIDE).contains(&n) {
            return Err(format!("Hex kernel takes sides 1 to {MAX_SIDE}, got {n}"));
        }
        let side = n as i32;
        let mut rings = Vec::with_capacity(n * n);
        let mut neighbours = Vec::with_capacity(n * n);
        for r in 0..side {
            for c in 0..side {
                let mut ring = [0i16; 6];
                let mut mask = 0u128;
                for (slot, (dr, dc)) in ring.iter_mut().zip(DIRECTIONS) {
                    let (row, col) = (r + dr, c + dc);
                    let off_rows = !(0..side).contains(&row);
                    let off_cols = !(0..side).contains(&col);
                    *slot = match (off_rows, off_cols) {
                        (true, true) => NOBODY,
                        (true, false) => RED_EDGE,
                        (false, true) => BLUE_EDGE,
                        (false, false) => {
                            mask |= 1u128 << (row * side + col);
                            (row * side + col) as i16
                        }
                    };
                }
                rings.push(ring);
                neighbours.push(mask);
            }
        }
        let free_code = |ring: &[i16; 6], my_edge: i16| {
            ring.iter().rev().fold(0, |code, &slot| {
                3 * code
                    + match slot {
                        s if s >= 0 => FREE,
                        s if s == my_edge => MINE,
                        _ => OTHER,
                    }
            })
        };
        let free_codes = rings
            .iter()
            .map(|ring| [free_code(ring, RED_EDGE), free_code(ring, BLUE_EDGE)])
            .collect();
        let weights = rings
            .iter()
            .map(|ring| {
                (0..6)
                    .filter(|&k| ring[k] >= 0)
                    .map(|k| (ring[k] as usize, 3usize.pow(k as u32)))
                    .collect()
            })
            .collect();
        let useless = (0..729)
            .map(|code: usize| {
                let mut states = [0; 6];
                for (i, state) in states.iter_mut().enumerate() {
                    *state = code / 3usize.pow(i as u32) % 3;
                }
                useless(states)
            })
            .collect();
        let row = (1u128 << n) - 1;
        let column = (0..n).fold(0u128, |m, r| m | 1u128 << (r * n));
        let middle = (n as f64 - 1.0) / 2.0;
        let distance = |i: usize| {
            let (r, c) = ((i / n) as f64, (i % n) as f64);
            (r - middle).abs() + (c - middle).abs() + (r + c - 2.0 * middle).abs()
        };
        let mut order: Vec<usize> = (0..n * n).collect();
        order.sort_by(|&a, &b| distance(a).total_cmp(&distance(b)).then(a.cmp(&b)));
        Ok(Hex {
            full: if n * n == 128 {
                u128::MAX
            } else {
                (1u128 << (n * n)) - 1
            },
            rings,
            free_codes,
            weights,
            neighbours,
            useless,
            top: row,
            bottom: row << (n * (n - 1)),
            left: column,
            right: column << (n - 1),
            order,
            table: HashMap::new(),
        })
    }

    /// Entries in the transposition table.
    pub fn len(&self) -> usize {
        self.table.len()
    }

    /// Is the table empty?
    pub fn is_empty(&self) -> bool {
        self.table.is_empty()
    }

    /// The cells of `stones` connected to those of `start`.
    pub(crate) fn spread(&self, stones: u128, start: u128) -> u128 {
        let mut seen = start & stones;
        let mut frontier = seen;
        while frontier != 0 {
            let mut grown = 0u128;
            let mut rest = frontier;
            while rest != 0 {
                grown |= self.neighbours[rest.trailing_zeros() as usize];
                rest &= rest - 1;
            }
            frontier = grown & stones & !seen;
            seen |= frontier;
        }
        seen
    }

    /// Some(true) if red has joined top and bottom, Some(false) if blue has joined left
    /// and right, None if neither has.
    pub fn winner(&self, red: u128, blue: u128) -> Option<bool> {
        if self.spread(red, self.top) & self.bottom != 0 {
            Some(true)
        } else if self.spread(blue, self.left) & self.right != 0 {
            Some(false)
        } else {
            None
        }
    }

    /// The base-3 code of `cell`'s ring for one player (red if `for_red`), who owns
    /// `mine`: digit k is neighbour k's state, MINE, FREE or OTHER (edges: MINE if the
    /// player's, else OTHER).
    fn code(&self, cell: usize, mine: u128, theirs: u128, for_red: bool) -> usize {
        let mut code = self.free_codes[cell][usize::from(!for_red)];
        for &(neighbour, weight) in &self.weights[cell] {
            code += weight * (theirs >> neighbour & 1) as usize;
            code -= weight * (mine >> neighbour & 1) as usize;
        }
        code
    }

    fn is_dead(&self, cell: usize, red: u128, blue: u128) -> bool {
        self.useless[self.code(cell, red, blue, true)]
            && self.useless[self.code(cell, blue, red, false)]
    }

    /// The empty cells of `within` useless to both players.
    pub fn dead_cells(&self, red: u128, blue: u128, within: u128) -> u128 {
        let mut dead = 0u128;
        let mut empty = within & self.full & !(red | blue);
        while empty != 0 {
            let cell = empty.trailing_zeros() as usize;
            empty &= empty - 1;
            if self.is_dead(cell, red, blue) {
                dead |= 1u128 << cell;
            }
        }
        dead
    }

    /// Disjoint captured pairs of adjacent empty cells of `within`: (red's, blue's).
    pub fn captured_pairs(&self, red: u128, blue: u128, within: u128) -> (u128, u128) {
        let empty = within & self.full & !(red | blue);
        // Each empty cell's ring codes for red and for blue; a stone on its neighbour
        // in direction k changes digit k from FREE to MINE (-3^k) or to OTHER (+3^k).
        let mut codes = [(0usize, 0usize); 128];
        let mut rest = empty;
        while rest != 0 {
            let cell = rest.trailing_zeros() as usize;
            rest &= rest - 1;
            codes[cell] = (
                self.code(cell, red, blue, true),
                self.code(cell, blue, red, false),
            );
        }
        // Is `cell` dead once its neighbour in direction k is red (or blue)?
        let dead_after = |cell: usize, k: usize, red_took: bool| {
            let (for_red, for_blue) = codes[cell];
            let step = 3usize.pow(k as u32);
            if red_took {
                self.useless[for_red - step] && self.useless[for_blue + step]
            } else {
                self.useless[for_red + step] && self.useless[for_blue - step]
            }
        };
        let (mut taken, mut red_gain, mut blue_gain) = (0u128, 0u128, 0u128);
        let mut rest = empty;
        while rest != 0 {
            let a = rest.trailing_zeros() as usize;
            rest &= rest - 1;
            for (k, &b) in self.rings[a][..3].iter().enumerate() {
                if b < 0 || empty >> b & 1 == 0 {
                    continue;
                }
                let (bit_a, bit_b) = (1u128 << a, 1u128 << b);
                let b = b as usize;
                if taken & (bit_a | bit_b) != 0 {
                    continue;
                }
                // b is a's neighbour in direction k, a is b's in the opposite one.
                if dead_after(a, k, true) && dead_after(b, k + 3, true) {
                    red_gain |= bit_a | bit_b;
                } else if dead_after(a, k, false) && dead_after(b, k + 3, false) {
                    blue_gain |= bit_a | bit_b;
                } else {
                    continue;
                }
                taken |= bit_a | bit_b;
            }
        }
        (red_gain, blue_gain)
    }

    /// Fill dead cells red and captured pairs with the capturer's colour until none is left.
    pub fn reduce(&self, mut red: u128, mut blue: u128) -> (u128, u128) {
        loop {
            let dead = self.dead_cells(red, blue, self.full);
            let (red_gain, blue_gain) = self.captured_pairs(red | dead, blue, self.full);
            if dead | red_gain | blue_gain == 0 {
                return (red, blue);
            }
            red |= dead | red_gain;
            blue |= blue_gain;
        }
    }

    /// Does the player to move win?  Nobody moves once someone has joined their sides.
    pub fn wins(
        &mut self,
        red: u128,
        blue: u128,
        red_moves: bool,
        budget: &mut Budget,
    ) -> Result<bool, Stop> {
        if red & blue != 0 || (red | blue) & !self.full != 0 {
            panic!("a Hex board with a cell of both colours or off the board");
        }
        if self.winner(red, blue).is_some() {
            return Ok(false);
        }
        self.search(red, blue, red_moves, budget)
    }

    fn search(
        &mut self,
        red: u128,
        blue: u128,
        red_moves: bool,
        budget: &mut Budget,
    ) -> Result<bool, Stop> {
        let (red, blue) = self.reduce(red, blue);
        if let Some(red_won) = self.winner(red, blue) {
            return Ok(red_won == red_moves);
        }
        if let Some(&won) = self.table.get(&(red, blue, red_moves)) {
            return Ok(won);
        }
        budget.tick()?;
        let empty = self.full & !(red | blue);
        let children: Vec<(u128, u128)> = self
            .order
            .iter()
            .filter(|&&cell| empty >> cell & 1 != 0)
            .map(|&cell| {
                let bit = 1u128 << cell;
                if red_moves {
                    (red | bit, blue)
                } else {
                    (red, blue | bit)
                }
            })
            .collect();
        let mut won = children.iter().any(|&(r, b)| self.winner(r, b).is_some());
        if !won {
            for &(r, b) in &children {
                if !self.search(r, b, !red_moves, budget)? {
                    won = true;
                    break;
                }
            }
        }
        self.table.insert((red, blue, red_moves), won);
        Ok(won)
    }
}

#[cfg(test)]
mod tests {
    use super::{useless, Hex, FREE, MINE, OTHER};
    use crate::budget::unlimited;

    #[test]
    fn four_in_a_row_is_useless_and_an_open_ring_is_not() {
        assert!(useless([MINE, MINE, MINE, MINE, FREE, FREE]));
        assert!(useless([OTHER, OTHER, OTHER, OTHER, FREE, FREE]));
        assert!(!useless([MINE, FREE, MINE, FREE, MINE, FREE]));
    }

    #[test]
    fn the_first_player_wins_small_empty_boards() {
        for n in 1..=4 {
            let mut hex = Hex::new(n).unwrap();
            for red_moves in [true, false] {
                assert!(unlimited(|b| hex.wins(0, 0, red_moves, b)).unwrap());
            }
        }
    }

    #[test]
    fn a_red_column_has_won_and_a_centre_stone_wins_three_by_three() {
        let hex = Hex::new(3).unwrap();
        assert_eq!(hex.winner(0b001_001_001, 0), Some(true));
        let (red, blue) = hex.reduce(1 << 4, 0);
        assert_eq!(hex.winner(red, blue), Some(true));
        assert!(Hex::new(12).is_err());
    }
}
