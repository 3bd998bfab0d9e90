//! Outcomes of a finite loopy game graph by retrograde analysis (Siegel 2013, Ch. VI;
//! `grundy.values.loopy.outcomes` is the Python original and the test oracle).
//!
//! States are (position, mover): `2v` with Left to move, `2v + 1` with Right to move.
//! A mover with no move loses; a state with a move to a state its mover's opponent
//! loses is won; a state all of whose moves reach states won by the opponent is lost;
//! what is never labelled is a draw.  Time and memory linear in the edges.

use crate::budget::{Budget, Stop};

/// The winner of a state: Left, Right, or a draw (infinite play).
pub const LEFT: u8 = 0;
pub const RIGHT: u8 = 1;
pub const DRAW: u8 = 2;

/// A graph in compressed rows: the Left options of position `v` are
/// `left_targets[left_offsets[v]..left_offsets[v + 1]]`, and the same on the right.
pub struct Graph<'a> {
    pub left_offsets: &'a [u32],
    pub left_targets: &'a [u32],
    pub right_offsets: &'a [u32],
    pub right_targets: &'a [u32],
}

impl Graph<'_> {
    /// The number of positions, or the problem with the arrays (one line).
    pub fn check(&self) -> Result<usize, String> {
        let n = self.left_offsets.len().saturating_sub(1);
        if self.left_offsets.is_empty() || self.right_offsets.len() != n + 1 {
            return Err(
                "the offsets need one entry per position and one more, alike on \
                        both sides"
                    .into(),
            );
        }
        for (offsets, targets) in [
            (self.left_offsets, self.left_targets),
            (self.right_offsets, self.right_targets),
        ] {
            if offsets[0] != 0
                || offsets.windows(2).any(|w| w[0] > w[1])
                || offsets[n] as usize != targets.len()
            {
                return Err("the offsets must rise from 0 to the number of targets".into());
            }
            if targets.iter().any(|&t| t as usize >= n) {
                return Err("an option points outside the graph".into());
            }
        }
        Ok(n)
    }

    fn options(&self, state: usize) -> &[u32] {
        let v = state / 2;
        if state.is_multiple_of(2) {
            &self.left_targets[self.left_offsets[v] as usize..self.left_offsets[v + 1] as usize]
        } else {
            &self.right_targets[self.right_offsets[v] as usize..self.right_offsets[v + 1] as usize]
        }
    }
}

/// The winner of every state (`2v`: Left to move at `v`, `2v + 1`: Right to move); one
/// budget tick per state.  `graph` must have passed `check`.
pub fn outcomes(graph: &Graph, budget: &mut Budget) -> Result<Vec<u8>, Stop> {
    let n = graph.left_offsets.len() - 1;
    let states = 2 * n;
    // predecessors in compressed rows: a move from state s to position w reaches the
    // state of w with the other player to move
    let mut count = vec![0u32; states + 1];
    for s in 0..states {
        budget.tick()?;
        for &w in graph.options(s) {
            count[2 * w as usize + (1 - s % 2)] += 1;
        }
    }
    let mut start = vec![0usize; states + 1];
    for s in 0..states {
        start[s + 1] = start[s] + count[s] as usize;
    }
    let mut fill = start.clone();
    let mut preds = vec![0u32; start[states]];
    for s in 0..states {
        for &w in graph.options(s) {
            let t = 2 * w as usize + (1 - s % 2);
            preds[fill[t]] = s as u32;
            fill[t] += 1;
        }
    }
    let mover = |s: usize| if s.is_multiple_of(2) { LEFT } else { RIGHT };
    let mut winner = vec![DRAW; states];
    let mut waiting: Vec<u32> = (0..states).map(|s| graph.options(s).len() as u32).collect();
    let mut queue: Vec<usize> = Vec::new();
    for s in 0..states {
        if waiting[s] == 0 {
            winner[s] = 1 - mover(s);
            queue.push(s);
        }
    }
    let mut head = 0;
    while head < queue.len() {
        let s = queue[head];
        head += 1;
        for &p in &preds[start[s]..start[s + 1]] {
            let p = p as usize;
            if winner[p] != DRAW {
                continue;
            }
            if mover(p) == winner[s] {
                winner[p] = winner[s];
                queue.push(p);
            } else {
                waiting[p] -= 1;
                if waiting[p] == 0 {
                    winner[p] = winner[s];
                    queue.push(p);
                }
            }
        }
    }
    Ok(winner)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::budget::unlimited;

    /// The definition iterated to a fixed point: the oracle.
    fn naive(left: &[Vec<u32>], right: &[Vec<u32>]) -> Vec<u8> {
        let n = left.len();
        let mut winner = vec![DRAW; 2 * n];
        for _ in 0..2 * n + 2 {
            for s in 0..2 * n {
                if winner[s] != DRAW {
                    continue;
                }
                let (me, options) = if s % 2 == 0 {
                    (LEFT, &left[s / 2])
                } else {
                    (RIGHT, &right[s / 2])
                };
                let answers: Vec<u8> = options
                    .iter()
                    .map(|&w| winner[2 * w as usize + (1 - s % 2)])
                    .collect();
                if answers.contains(&me) {
                    winner[s] = me;
                } else if answers.iter().all(|&a| a == 1 - me) {
                    winner[s] = 1 - me;
                }
            }
        }
        winner
    }

    fn compress(rows: &[Vec<u32>]) -> (Vec<u32>, Vec<u32>) {
        let mut offsets = vec![0u32];
        let mut targets = Vec::new();
        for row in rows {
            targets.extend_from_slice(row);
            offsets.push(targets.len() as u32);
        }
        (offsets, targets)
    }

    #[test]
    fn matches_the_definition_on_random_graphs() {
        let mut state = 2026u64;
        let mut next = move || {
            state = state
                .wrapping_mul(6364136223846793005)
                .wrapping_add(1442695040888963407);
            state >> 33
        };
        for _ in 0..500 {
            let n = 1 + (next() % 8) as usize;
            let mut row = || -> Vec<u32> {
                (0..next() % 3)
                    .map(|_| (next() % n as u64) as u32)
                    .collect()
            };
            let left: Vec<Vec<u32>> = (0..n).map(|_| row()).collect();
            let right: Vec<Vec<u32>> = (0..n).map(|_| row()).collect();
            let (lo, lt) = compress(&left);
            let (ro, rt) = compress(&right);
            let graph = Graph {
                left_offsets: &lo,
                left_targets: &lt,
                right_offsets: &ro,
                right_targets: &rt,
            };
            assert_eq!(graph.check(), Ok(n));
            let found = unlimited(|b| outcomes(&graph, b)).unwrap();
            assert_eq!(found, naive(&left, &right));
        }
    }

    #[test]
    fn bad_arrays_are_refused() {
        let graph = Graph {
            left_offsets: &[0, 1],
            left_targets: &[3],
            right_offsets: &[0, 0],
            right_targets: &[],
        };
        assert!(graph.check().is_err());
        let graph = Graph {
            left_offsets: &[0, 2],
            left_targets: &[0],
            right_offsets: &[0, 0],
            right_targets: &[],
        };
        assert!(graph.check().is_err());
    }
}
