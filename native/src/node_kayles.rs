//! Node Kayles on graphs of up to 64 vertices (seed 000, `000_7d67923f02e8dd4e.txt`
//! L233-237): a move deletes the closed neighbourhood N[v] of a remaining vertex v.
//!
//! A position is the bitmask of the remaining vertices.  It splits into connected
//! components inside the kernel, played as a sum (XOR of values, seed 002 L63); each
//! connected component is memoised under its vertex mask, which is a cheap and exact key
//! (measured against canonical labelling in docs/benchmarks.md).  Cliques are *1.

use crate::budget::{Budget, Stop};
use crate::memo::Memo;
use crate::mex::ValueSet;

/// The most vertices a graph may have (one bit per vertex).
pub const MAX_VERTICES: usize = 64;

/// A graph and the values of its connected induced subgraphs solved so far.
pub struct NodeKayles {
    /// Closed neighbourhoods N[v] as bitmasks.
    closed: Vec<u64>,
    /// Vertex mask of a connected component -> Grundy value.
    table: Memo<u64>,
}

impl NodeKayles {
    /// The game on this graph (`adjacency[v]` = neighbours of v; made symmetric here).
    pub fn new(adjacency: &[u64]) -> Result<Self, String> {
        let n = adjacency.len();
        if n > MAX_VERTICES {
            return Err(format!(
                "node kayles kernel takes at most {MAX_VERTICES} vertices, got {n}"
            ));
        }
        let everything = if n == 64 { u64::MAX } else { (1u64 << n) - 1 };
        let mut closed: Vec<u64> = (0..n).map(|v| 1u64 << v).collect();
        for (v, &row) in adjacency.iter().enumerate() {
            if row & !everything != 0 {
                return Err(format!("vertex {v} has a neighbour past vertex {}", n - 1));
            }
            closed[v] |= row;
            for u in bits(row) {
                closed[u] |= 1 << v;
            }
        }
        Ok(NodeKayles {
            closed,
            table: Memo::default(),
        })
    }

    /// Connected components solved so far.
    pub fn table_size(&self) -> usize {
        self.table.size()
    }

    /// The table of solved components, for the store.
    pub fn memo(&mut self) -> &mut Memo<u64> {
        &mut self.table
    }

    /// Vertices of the graph.
    pub fn vertices(&self) -> usize {
        self.closed.len()
    }

    /// The Grundy value of the position whose remaining vertices are `alive`.
    pub fn grundy(&mut self, alive: u64, budget: &mut Budget) -> Result<u32, Stop> {
        let mut value = 0;
        let mut rest = alive;
        while rest != 0 {
            let part = self.component(rest & rest.wrapping_neg(), rest);
            rest ^= part;
            value ^= self.connected(part, budget)?;
        }
        Ok(value)
    }

    /// The connected component of `rest` containing the vertices of `seed`.
    #[inline]
    fn component(&self, seed: u64, rest: u64) -> u64 {
        let mut part = seed;
        let mut frontier = seed;
        while frontier != 0 {
            let mut reached = 0;
            for v in bits(frontier) {
                reached |= self.closed[v];
            }
            frontier = reached & rest & !part;
            part |= frontier;
        }
        part
    }

    fn connected(&mut self, part: u64, budget: &mut Budget) -> Result<u32, Stop> {
        if part.count_ones() <= 2 || bits(part).all(|v| self.closed[v] & part == part) {
            return Ok(1); // a clique: every move deletes all of it
        }
        if let Some(value) = self.table.get(&part) {
            return Ok(u32::from(value));
        }
        budget.tick()?;
        let mut seen = ValueSet::new();
        let mut tried: u64 = 0; // vertices whose move is already covered by a twin
        for v in bits(part) {
            if tried >> v & 1 != 0 {
                continue;
            }
            let here = self.closed[v] & part;
            // closed twins (same N[v] within the part) leave the same position
            for u in bits(here) {
                if self.closed[u] & part == here {
                    tried |= 1 << u;
                }
            }
            seen.insert(self.grundy(part & !here, budget)?);
        }
        let value = seen.mex();
        self.table.insert(part, value as u8);
        Ok(value)
    }
}

/// The indices of the set bits of `mask`, lowest first.
#[inline]
pub fn bits(mut mask: u64) -> impl Iterator<Item = usize> {
    std::iter::from_fn(move || {
        if mask == 0 {
            return None;
        }
        let v = mask.trailing_zeros() as usize;
        mask &= mask - 1;
        Some(v)
    })
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::budget::unlimited;

    fn path(n: usize) -> Vec<u64> {
        (0..n)
            .map(|v| {
                let left = if v > 0 { 1u64 << (v - 1) } else { 0 };
                let right = if v + 1 < n { 1u64 << (v + 1) } else { 0 };
                left | right
            })
            .collect()
    }

    /// Plain memo-free recursion, the definition itself.
    fn naive(closed: &[u64], alive: u64) -> u32 {
        let mut seen = ValueSet::new();
        for v in bits(alive) {
            seen.insert(naive(closed, alive & !closed[v]));
        }
        seen.mex()
    }

    #[test]
    fn paths_are_dawsons_kayles() {
        // Node Kayles on a path of n vertices is the octal game 0.137 on a heap of n.
        let chess = [0, 1, 1, 2, 0, 3, 1, 1, 0, 3, 3, 2, 2, 4, 0, 5, 2, 2, 3, 3];
        for (n, &expected) in chess.iter().enumerate() {
            let mut game = NodeKayles::new(&path(n)).unwrap();
            let everything = (1u64 << n) - 1;
            let value = unlimited(|b| game.grundy(everything, b)).unwrap();
            assert_eq!(value, expected, "path of {n}");
        }
    }

    #[test]
    fn agrees_with_the_definition_on_random_graphs() {
        let mut state = 12345u64;
        let mut next = move || {
            state = state
                .wrapping_mul(6364136223846793005)
                .wrapping_add(1442695040888963407);
            state >> 33
        };
        for _ in 0..200 {
            let n = (next() % 11) as usize;
            let mut adj = vec![0u64; n];
            for a in 0..n {
                for b in a + 1..n {
                    if next() % 3 == 0 {
                        adj[a] |= 1 << b;
                        adj[b] |= 1 << a;
                    }
                }
            }
            let mut game = NodeKayles::new(&adj).unwrap();
            let alive = (1u64 << n) - 1;
            let value = unlimited(|b| game.grundy(alive, b)).unwrap();
            assert_eq!(value, naive(&game.closed, alive));
        }
    }

    #[test]
    fn sixty_four_vertices_fit_and_sixty_five_do_not() {
        let mut game = NodeKayles::new(&path(64)).unwrap();
        let value = unlimited(|b| game.grundy(u64::MAX, b)).unwrap();
        let kayles = unlimited(|b| {
            crate::heaps::octal_sequence(&crate::heaps::parse_octal("0.137").unwrap(), 64, b)
        })
        .unwrap();
        assert_eq!(value, kayles[64]);
        assert!(NodeKayles::new(&vec![0; 65]).is_err());
    }
}
