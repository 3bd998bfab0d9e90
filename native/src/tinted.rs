//! Snort and Col on graphs of up to 64 vertices, in the tint reading of seed 003
//! (`003_b9b71f74cb16b358.txt` L369): a position is the set of vertices Left (Black) may
//! still play and the set Right (White) may; playing a vertex deletes it, and its
//! neighbours are then reserved for the mover (Snort, seed 001 L1400-1401) or for the
//! opponent (Col, seed 003 L67-69).  Canonical values in a `Store`.
//!
//! A position splits into components along the edges that matter (between vertices of
//! opposite players in Snort, of a common player in Col), played as a sum.  Components
//! are memoised under their exact masks; exchanging the tints exchanges the players, so
//! (black, white) and (white, black) share one entry, the second negated.

use hashbrown::HashMap;

use crate::budget::{Budget, Stop};
use crate::canonical::{Id, Store};

/// The most vertices a graph may have (one bit per vertex).
pub const MAX_VERTICES: usize = 64;

/// Which placement game.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Rule {
    /// A move reserves the neighbours for the mover.
    Snort,
    /// A move reserves the neighbours for the opponent.
    Col,
}

/// One graph, one rule, and the components solved so far.
pub struct Tinted {
    pub store: Store,
    rule: Rule,
    adjacency: Vec<u64>,
    /// (black, white) with black ≤ white -> value of that component
    table: HashMap<(u64, u64), Id>,
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

impl Tinted {
    /// The game on this graph (`adjacency[v]` = neighbours of v; made symmetric here).
    pub fn new(rule: Rule, adjacency: &[u64]) -> Result<Self, String> {
        let n = adjacency.len();
        if n > MAX_VERTICES {
            return Err(format!(
                "snort and col kernels take at most {MAX_VERTICES} vertices, got {n}"
            ));
        }
        let everything = if n == 64 { u64::MAX } else { (1u64 << n) - 1 };
        let mut symmetric = adjacency.to_vec();
        for (v, &row) in adjacency.iter().enumerate() {
            if row & !everything != 0 {
                return Err(format!("vertex {v} has a neighbour past vertex {}", n - 1));
            }
            for u in bits(row) {
                symmetric[u] |= 1 << v;
            }
            symmetric[v] &= !(1 << v);
        }
        Ok(Tinted {
            store: Store::new(),
            rule,
            adjacency: symmetric,
            table: HashMap::new(),
        })
    }

    /// Components solved so far.
    pub fn table_size(&self) -> usize {
        self.table.len()
    }

    /// Vertices of the graph.
    pub fn vertices(&self) -> usize {
        self.adjacency.len()
    }

    /// The value of the position where Left may play `black` and Right `white`.
    pub fn value(&mut self, black: u64, white: u64, budget: &mut Budget) -> Result<Id, Stop> {
        let mut total = Store::ZERO;
        let mut alive = black | white;
        while alive != 0 {
            let part = self.component(alive & alive.wrapping_neg(), black, white);
            alive &= !part;
            let value = self.connected(black & part, white & part, budget)?;
            total = self.store.add(total, value);
        }
        Ok(total)
    }

    /// The vertices linked to `seed` along the edges that matter.
    fn component(&self, seed: u64, black: u64, white: u64) -> u64 {
        let (mut seen, mut frontier) = (seed, seed);
        while frontier != 0 {
            let mut next = 0;
            for v in bits(frontier) {
                let near = self.adjacency[v];
                let (b, w) = (black >> v & 1 == 1, white >> v & 1 == 1);
                next |= match self.rule {
                    Rule::Snort => {
                        (if b { near & white } else { 0 }) | (if w { near & black } else { 0 })
                    }
                    Rule::Col => {
                        (if b { near & black } else { 0 }) | (if w { near & white } else { 0 })
                    }
                };
            }
            frontier = next & !seen;
            seen |= frontier;
        }
        seen
    }

    /// The value of one component.
    fn connected(&mut self, black: u64, white: u64, budget: &mut Budget) -> Result<Id, Stop> {
        let (key, swapped) = if black <= white {
            ((black, white), false)
        } else {
            ((white, black), true)
        };
        let value = match self.table.get(&key) {
            Some(&value) => value,
            None => {
                budget.tick()?;
                let value = self.expand(key.0, key.1, budget)?;
                self.table.insert(key, value);
                value
            }
        };
        Ok(if swapped {
            self.store.neg(value)
        } else {
            value
        })
    }

    /// {values after each Left move | values after each Right move}.
    fn expand(&mut self, black: u64, white: u64, budget: &mut Budget) -> Result<Id, Stop> {
        let mut lefts = Vec::with_capacity(black.count_ones() as usize);
        for v in bits(black) {
            let (gone, near) = (1u64 << v, self.adjacency[v]);
            let (b, w) = match self.rule {
                Rule::Snort => (black & !gone, white & !(gone | near)),
                Rule::Col => (black & !(gone | near), white & !gone),
            };
            lefts.push(self.value(b, w, budget)?);
        }
        let mut rights = Vec::with_capacity(white.count_ones() as usize);
        for v in bits(white) {
            let (gone, near) = (1u64 << v, self.adjacency[v]);
            let (b, w) = match self.rule {
                Rule::Snort => (black & !(gone | near), white & !gone),
                Rule::Col => (black & !gone, white & !(gone | near)),
            };
            rights.push(self.value(b, w, budget)?);
        }
        Ok(self.store.of(lefts, rights))
    }
}

#[cfg(test)]
mod tests {
    use super::{Rule, Tinted};
    use crate::budget::unlimited;
    use crate::canonical::{Dyadic, Store};

    fn path(n: usize) -> Vec<u64> {
        (0..n)
            .map(|v| if v + 1 < n { 1u64 << (v + 1) } else { 0 })
            .collect()
    }

    #[test]
    fn one_vertex_is_a_star_and_tints_give_integers() {
        for rule in [Rule::Snort, Rule::Col] {
            let mut game = Tinted::new(rule, &path(1)).expect("small");
            let star = unlimited(|b| game.value(1, 1, b)).expect("unlimited");
            assert_eq!(star, game.store.nimber(1));
            let one = unlimited(|b| game.value(1, 0, b)).expect("unlimited");
            assert_eq!(game.store.number_value(one), Some(Dyadic::integer(1)));
        }
    }

    #[test]
    fn uncoloured_col_is_zero_or_star() {
        for n in 1..10 {
            let mut game = Tinted::new(Rule::Col, &path(n)).expect("small");
            let all = (1u64 << n) - 1;
            let value = unlimited(|b| game.value(all, all, b)).expect("unlimited");
            let star = game.store.nimber(1);
            assert!(value == Store::ZERO || value == star, "P{n}");
        }
    }
}
