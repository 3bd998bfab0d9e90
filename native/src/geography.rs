//! Vertex Geography on digraphs of up to 64 vertices (seed 002, `002_8bc4c30c443a0021.txt`
//! L40): a token on a vertex; a move deletes that vertex and moves the token along an arc
//! to a remaining vertex.
//!
//! Only the part of the graph the token can still reach matters, so a position is keyed
//! by the token and that reachable vertex set (as the Python ruleset keys larger parts).

use crate::budget::{Budget, Stop};
use crate::memo::Memo;
use crate::mex::ValueSet;
use crate::node_kayles::bits;

/// The most vertices a graph may have (one bit per vertex).
pub const MAX_VERTICES: usize = 64;

/// A digraph and the values of the positions solved so far.
pub struct Geography {
    /// Out-neighbours as bitmasks.
    out: Vec<u64>,
    /// (token, vertices reachable from it, token excluded) -> Grundy value.
    table: Memo<(u8, u64)>,
}

impl Geography {
    /// The game on this digraph (`out[v]` = out-neighbours of v; an undirected graph is
    /// given with both arcs of every edge).
    pub fn new(out: &[u64]) -> Result<Self, String> {
        let n = out.len();
        if n > MAX_VERTICES {
            return Err(format!(
                "geography kernel takes at most {MAX_VERTICES} vertices, got {n}"
            ));
        }
        if let Some(v) = (0..n).find(|&v| n < 64 && out[v] >> n != 0) {
            return Err(format!("vertex {v} has an arc past vertex {}", n - 1));
        }
        Ok(Geography {
            out: out.to_vec(),
            table: Memo::default(),
        })
    }

    /// Vertices of the graph.
    pub fn vertices(&self) -> usize {
        self.out.len()
    }

    /// Positions solved so far.
    pub fn table_size(&self) -> usize {
        self.table.size()
    }

    /// The table of solved positions, for the store.
    pub fn memo(&mut self) -> &mut Memo<(u8, u64)> {
        &mut self.table
    }

    /// The vertices of `alive` the token at `token` can reach.
    fn reachable(&self, token: usize, alive: u64) -> u64 {
        let mut part = 0;
        let mut frontier = self.out[token] & alive;
        while frontier != 0 {
            part |= frontier;
            let mut next = 0;
            for v in bits(frontier) {
                next |= self.out[v];
            }
            frontier = next & alive & !part;
        }
        part
    }

    /// The Grundy value with the token on `token` and `removed` deleted.
    pub fn grundy(&mut self, token: usize, removed: u64, budget: &mut Budget) -> Result<u32, Stop> {
        let alive = !removed & !(1u64 << token);
        let part = self.reachable(token, alive);
        self.solve(token, part, budget)
    }

    fn solve(&mut self, token: usize, part: u64, budget: &mut Budget) -> Result<u32, Stop> {
        let targets = self.out[token] & part;
        if targets == 0 {
            return Ok(0);
        }
        if bits(targets).all(|t| self.out[t] & part & !(1u64 << t) == 0) {
            return Ok(1); // every move leaves the opponent stuck
        }
        if let Some(value) = self.table.get(&(token as u8, part)) {
            return Ok(u32::from(value));
        }
        budget.tick()?;
        let mut seen = ValueSet::new();
        for t in bits(targets) {
            let child = self.reachable(t, part & !(1u64 << t));
            seen.insert(self.solve(t, child, budget)?);
        }
        let value = seen.mex();
        self.table.insert((token as u8, part), value as u8);
        Ok(value)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::budget::unlimited;

    fn naive(out: &[u64], token: usize, removed: u64) -> u32 {
        let gone = removed | 1 << token;
        let mut seen = ValueSet::new();
        for t in bits(out[token] & !gone) {
            seen.insert(naive(out, t, gone));
        }
        seen.mex()
    }

    #[test]
    fn agrees_with_the_definition_on_random_digraphs() {
        let mut state = 7u64;
        let mut next = move || {
            state = state
                .wrapping_mul(6364136223846793005)
                .wrapping_add(1442695040888963407);
            state >> 33
        };
        for round in 0..300 {
            let n = 1 + (next() % 9) as usize;
            let mut out = vec![0u64; n];
            for a in 0..n {
                for b in 0..n {
                    if a != b && next() % 4 == 0 {
                        out[a] |= 1 << b;
                        if round % 2 == 0 {
                            out[b] |= 1 << a; // undirected
                        }
                    }
                }
            }
            let token = (next() % n as u64) as usize;
            let mut game = Geography::new(&out).unwrap();
            let value = unlimited(|b| game.grundy(token, 0, b)).unwrap();
            assert_eq!(value, naive(&out, token, 0));
        }
    }

    #[test]
    fn a_directed_path_alternates() {
        let out: Vec<u64> = (0..64)
            .map(|v| if v < 63 { 1u64 << (v + 1) } else { 0 })
            .collect();
        let mut game = Geography::new(&out).unwrap();
        assert_eq!(unlimited(|b| game.grundy(0, 0, b)).unwrap(), 1); // 63 moves: odd
        assert_eq!(unlimited(|b| game.grundy(1, 1, b)).unwrap(), 0);
        assert!(Geography::new(&vec![0; 65]).is_err());
    }
}
