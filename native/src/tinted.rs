//! Snort, Col and black-white Node Kayles on graphs of up to 64 vertices, in the tint
//! reading of seed 003 (`003_b9b71f74cb16b358.txt` L369): a position is the set of
//! vertices Left (Black) may still play and the set Right (White) may; playing a vertex
//! deletes it, and its neighbours are then reserved for the mover (Snort, seed 001
//! L1400-1401), reserved for the opponent (Col, seed 003 L67-69) or deleted too
//! (black-white Node Kayles, seed 003 L538).  Canonical values in a `Store`.
//!
//! A position splits into components along the edges that matter (between vertices of
//! opposite players in Snort, of a common player in Col, any in Node Kayles), played as
//! a sum.  Components are memoised under their exact masks; exchanging the tints
//! exchanges the players, so (black, white) and (white, black) share one entry, the
//! second negated.  An uncoloured Col component (both may play every vertex) is its own
//! conjugate, so its value, x or x + * (seed 003 L69) with x = −x, is 0 or *: the kernel
//! then only asks whether the first player wins, by a search that stops at the first
//! winning move.
//!
//! Digraph Placement (Clow & McKay 2024, arXiv:2407.12219, as cgt-tools plays it) is
//! black-white Node Kayles on a directed graph: playing a vertex deletes it and its
//! out-neighbours; its components follow the arcs either way.

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
    /// A move deletes the neighbours (black-white Node Kayles).
    NodeKayles,
    /// A move deletes the out-neighbours (Digraph Placement): the graph stays directed.
    DigraphPlacement,
}

/// One graph, one rule, and the components solved so far.
pub struct Tinted {
    pub store: Store,
    rule: Rule,
    /// the neighbours a move at v acts on (out-neighbours under Digraph Placement)
    adjacency: Vec<u64>,
    /// the neighbours either way, along which components split
    links: Vec<u64>,
    /// (black, white) with black ≤ white -> value of that component
    table: HashMap<(u64, u64), Id>,
    /// (black, white, Left to move) with black ≤ white, one component -> does the
    /// player to move win?  (the uncoloured Col search)
    wins: HashMap<(u64, u64, bool), bool>,
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
    /// The game on this graph (`adjacency[v]` = neighbours of v; made symmetric here,
    /// except under Digraph Placement, where they are v's out-neighbours).
    pub fn new(rule: Rule, adjacency: &[u64]) -> Result<Self, String> {
        let n = adjacency.len();
        if n > MAX_VERTICES {
            return Err(format!(
                "tinted graph kernels take at most {MAX_VERTICES} vertices, got {n}"
            ));
        }
        let everything = if n == 64 { u64::MAX } else { (1u64 << n) - 1 };
        let mut symmetric = adjacency.to_vec();
        let mut directed = adjacency.to_vec();
        for (v, &row) in adjacency.iter().enumerate() {
            if row & !everything != 0 {
                return Err(format!("vertex {v} has a neighbour past vertex {}", n - 1));
            }
            for u in bits(row) {
                symmetric[u] |= 1 << v;
            }
            directed[v] &= !(1 << v);
        }
        for (v, row) in symmetric.iter_mut().enumerate() {
            *row &= !(1 << v);
        }
        Ok(Tinted {
            store: Store::new(),
            rule,
            adjacency: if rule == Rule::DigraphPlacement {
                directed
            } else {
                symmetric.clone()
            },
            links: symmetric,
            table: HashMap::new(),
            wins: HashMap::new(),
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
                let near = self.links[v];
                let (b, w) = (black >> v & 1 == 1, white >> v & 1 == 1);
                next |= match self.rule {
                    Rule::Snort => {
                        (if b { near & white } else { 0 }) | (if w { near & black } else { 0 })
                    }
                    Rule::Col => {
                        (if b { near & black } else { 0 }) | (if w { near & white } else { 0 })
                    }
                    Rule::NodeKayles | Rule::DigraphPlacement => near & (black | white),
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
                let value = if self.rule == Rule::Col && black == white {
                    if self.wins_first(black, white, true, budget)? {
                        self.store.nimber(1)
                    } else {
                        Store::ZERO
                    }
                } else {
                    budget.tick()?;
                    self.expand(key.0, key.1, budget)?
                };
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

    /// The position after Left (`left`) or Right plays vertex `v`.
    fn after(&self, black: u64, white: u64, v: usize, left: bool) -> (u64, u64) {
        let (gone, near) = (1u64 << v, self.adjacency[v]);
        let (own, other) = if left { (black, white) } else { (white, black) };
        let (own, other) = match self.rule {
            Rule::Snort => (own & !gone, other & !(gone | near)),
            Rule::Col => (own & !(gone | near), other & !gone),
            Rule::NodeKayles | Rule::DigraphPlacement => {
                (own & !(gone | near), other & !(gone | near))
            }
        };
        if left {
            (own, other)
        } else {
            (other, own)
        }
    }

    /// {values after each Left move | values after each Right move}.
    fn expand(&mut self, black: u64, white: u64, budget: &mut Budget) -> Result<Id, Stop> {
        let mut lefts = Vec::with_capacity(black.count_ones() as usize);
        for v in bits(black) {
            let (b, w) = self.after(black, white, v, true);
            lefts.push(self.value(b, w, budget)?);
        }
        let mut rights = Vec::with_capacity(white.count_ones() as usize);
        for v in bits(white) {
            let (b, w) = self.after(black, white, v, false);
            rights.push(self.value(b, w, budget)?);
        }
        Ok(self.store.of(lefts, rights))
    }

    /// Does Left (`left`) or Right win moving first?  A sum of several components, or a
    /// component already valued, is read off its value; otherwise a search that stops
    /// at the first move to a position the opponent loses moving first.
    fn wins_first(
        &mut self,
        black: u64,
        white: u64,
        left: bool,
        budget: &mut Budget,
    ) -> Result<bool, Stop> {
        let alive = black | white;
        let (lo, hi) = (black.min(white), black.max(white));
        let known = self.table.get(&(lo, hi)).copied();
        if known.is_some() || self.component(alive & alive.wrapping_neg(), black, white) != alive {
            let value = match known {
                Some(value) if black <= white => value,
                Some(value) => self.store.neg(value),
                None => self.value(black, white, budget)?,
            };
            // Left wins moving first unless G ≤ 0, Right unless G ≥ 0.
            return Ok(if left {
                !self.store.le(value, Store::ZERO)
            } else {
                !self.store.le(Store::ZERO, value)
            });
        }
        // the conjugate has the other player to move; in a self-conjugate one either
        let key = (
            lo,
            hi,
            if black == white {
                true
            } else {
                left == (black <= white)
            },
        );
        if let Some(&won) = self.wins.get(&key) {
            return Ok(won);
        }
        budget.tick()?;
        let mut won = false;
        for v in bits(if left { black } else { white }) {
            let (b, w) = self.after(black, white, v, left);
            if !self.wins_first(b, w, !left, budget)? {
                won = true;
                break;
            }
        }
        self.wins.insert(key, won);
        Ok(won)
    }
}

#[cfg(test)]
mod tests {
    use super::{bits, Rule, Tinted};
    use crate::budget::unlimited;
    use crate::canonical::{Dyadic, Id, Store};
    use crate::node_kayles::NodeKayles;
    use hashbrown::HashMap;

    const RULES: [Rule; 4] = [
        Rule::Snort,
        Rule::Col,
        Rule::NodeKayles,
        Rule::DigraphPlacement,
    ];

    /// {Left options | Right options} by plain recursion over the moves, memoised on
    /// the exact masks: no components, no conjugates, no win/loss shortcut.
    fn naive(game: &mut Tinted, black: u64, white: u64) -> Id {
        fn go(game: &mut Tinted, memo: &mut HashMap<(u64, u64), Id>, b: u64, w: u64) -> Id {
            if let Some(&known) = memo.get(&(b, w)) {
                return known;
            }
            let mut sides = [Vec::new(), Vec::new()];
            for (side, left) in [(0, true), (1, false)] {
                for v in bits(if left { b } else { w }) {
                    let (b2, w2) = game.after(b, w, v, left);
                    let value = go(game, memo, b2, w2);
                    sides[side].push(value);
                }
            }
            let [lefts, rights] = sides;
            let value = game.store.of(lefts, rights);
            memo.insert((b, w), value);
            value
        }
        go(game, &mut HashMap::new(), black, white)
    }

    /// A random graph on at most `most` vertices (about one edge in three) and random
    /// tints: each vertex playable by Left, by Right, or by both (about half).
    fn random_position(next: &mut impl FnMut() -> u64, most: u64) -> (Vec<u64>, u64, u64) {
        let n = (next() % (most + 1)) as usize;
        let mut adjacency = vec![0u64; n];
        let (mut black, mut white) = (0, 0);
        for (a, row) in adjacency.iter_mut().enumerate() {
            for b in 0..n {
                // arcs both ways: symmetric for the undirected rules, directed otherwise
                if b != a && next().is_multiple_of(4) {
                    *row |= 1 << b;
                }
            }
            match next() % 4 {
                0 => black |= 1 << a,
                1 => white |= 1 << a,
                _ => (black, white) = (black | 1 << a, white | 1 << a),
            }
        }
        (adjacency, black, white)
    }

    fn generator(mut state: u64) -> impl FnMut() -> u64 {
        move || {
            state = state
                .wrapping_mul(6364136223846793005)
                .wrapping_add(1442695040888963407);
            state >> 33
        }
    }

    #[test]
    fn every_rule_agrees_with_the_definition_on_random_tinted_graphs() {
        let mut next = generator(2024);
        for rule in RULES {
            for _ in 0..150 {
                let (adjacency, black, white) = random_position(&mut next, 8);
                let mut game = Tinted::new(rule, &adjacency).expect("small");
                let value = unlimited(|b| game.value(black, white, b)).expect("unlimited");
                assert_eq!(
                    value,
                    naive(&mut game, black, white),
                    "{rule:?} {adjacency:?}"
                );
            }
        }
    }

    #[test]
    fn the_col_shortcut_agrees_with_the_definition_on_uncoloured_graphs() {
        let mut next = generator(7);
        for _ in 0..150 {
            let (adjacency, black, white) = random_position(&mut next, 9);
            let all = black | white;
            let mut game = Tinted::new(Rule::Col, &adjacency).expect("small");
            let value = unlimited(|b| game.value(all, all, b)).expect("unlimited");
            assert!(!game.wins.is_empty() || all == 0, "the shortcut ran");
            assert_eq!(value, naive(&mut game, all, all), "{adjacency:?}");
            for left in [true, false] {
                let won = unlimited(|b| game.wins_first(black, white, left, b));
                let zero = Store::ZERO;
                let exact = naive(&mut game, black, white);
                let expected = if left {
                    !game.store.le(exact, zero)
                } else {
                    !game.store.le(zero, exact)
                };
                assert_eq!(won.expect("unlimited"), expected, "{adjacency:?}");
            }
        }
    }

    #[test]
    fn untinted_black_white_node_kayles_is_node_kayles() {
        let mut next = generator(99);
        for _ in 0..100 {
            let (adjacency, black, white) = random_position(&mut next, 12);
            let all = black | white;
            let mut game = Tinted::new(Rule::NodeKayles, &adjacency).expect("small");
            let value = unlimited(|b| game.value(all, all, b)).expect("unlimited");
            let mut kayles = NodeKayles::new(&adjacency).expect("small");
            let grundy = unlimited(|b| kayles.grundy(all, b)).expect("unlimited");
            assert_eq!(value, game.store.nimber(grundy), "{adjacency:?}");
        }
    }

    fn path(n: usize) -> Vec<u64> {
        (0..n)
            .map(|v| if v + 1 < n { 1u64 << (v + 1) } else { 0 })
            .collect()
    }

    #[test]
    fn one_vertex_is_a_star_and_tints_give_integers() {
        for rule in RULES {
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

    #[test]
    fn digraph_placement_arcs_point_one_way() {
        // 0 -> 1: Left (black) at 0 deletes 1 too; Right (white) at 1 leaves 0.
        let mut game = Tinted::new(Rule::DigraphPlacement, &[0b10, 0]).expect("small");
        let value = unlimited(|b| game.value(0b01, 0b10, b)).expect("unlimited");
        // Left: {0}; Right: {1} (Left keeps vertex 0): {0 | 1} = 1/2.
        assert_eq!(game.store.number_value(value), Some(Dyadic::new(1, 1)));
    }

    #[test]
    fn digraph_placement_two_down_star_from_cgt_tools() {
        // cgt-tools `digraph_placement.rs`, test `two_down_star`: vertices 0, 1 red
        // (Right's), 2, 3, 4 blue (Left's); arcs 1>0, 2>0, 3>0, 4>0, 2>1, 3>1, 4>1,
        // 1>4, 2>4, 3>4; the value is 2v*, that is 2 + ↓ + * (CGSuite's notation).
        let arcs = [
            (1, 0),
            (2, 0),
            (3, 0),
            (4, 0),
            (2, 1),
            (3, 1),
            (4, 1),
            (1, 4),
            (2, 4),
        ];
        let mut adjacency = vec![0u64; 5];
        for (a, b) in arcs.into_iter().chain([(3, 4)]) {
            adjacency[a] |= 1 << b;
        }
        let mut game = Tinted::new(Rule::DigraphPlacement, &adjacency).expect("small");
        let value = unlimited(|b| game.value(0b11100, 0b00011, b)).expect("unlimited");
        let down = {
            let star = game.store.nimber(1);
            let up = game.store.of(vec![Store::ZERO], vec![star]);
            game.store.neg(up)
        };
        let two = game.store.number(Dyadic::integer(2));
        let star = game.store.nimber(1);
        let down_star = game.store.add(down, star);
        assert_eq!(value, game.store.add(two, down_star));
    }
}
