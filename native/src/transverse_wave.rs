//! Transverse Wave (seed 000, `000_7d67923f02e8dd4e.txt` L57-59) on grids of up to 64
//! columns, one bitmask per row (bit j set when cell j is purple).
//!
//! Choosing a column j with a green cell turns every row purple in j all purple and
//! column j purple.  A position is kept as the set of *live* columns (not purple in every
//! row) and the rows restricted to them, reduced as the Python ruleset does
//! (`grundy.rulesets.transverse_wave.rules`): all-purple rows dropped, rows containing
//! another row dropped (`minimal_rows`), rows sorted.  The move in column j then just
//! drops the rows purple in j and column j.  Theorem 1 as corrected in docs/errata.md
//! (`closed_form`) ends the search wherever it applies.

use std::sync::OnceLock;

use crate::budget::{Budget, Stop};
use crate::memo::Memo;
use crate::mex::ValueSet;
use crate::node_kayles::bits;

/// The most columns a grid may have (one bit per column).
pub const MAX_COLUMNS: usize = 64;

/// A transposition table of reduced grids, shared by every grid solved with it.
#[derive(Default)]
pub struct TransverseWave {
    /// `[live columns, rows...]` -> Grundy value.
    table: Memo<Box<[u64]>>,
}

/// G'(p, k) of Theorem 1 by the recurrence of Figure 3's caption (000 L134), with the
/// erratum G'(0, 0) = 0: G'(1, k) = 0, and for p ≥ 2
/// G'(p, k) = mex({G'(p-1, k-1) if k ≥ 1} ∪ {G'(p-1, k) ⊕ 1 if k < p}).
/// Rows of pairwise disjoint non-empty purple sets number at most 64 here.
pub fn triangle(p: usize, k: usize) -> u32 {
    static TABLE: OnceLock<Vec<Vec<u32>>> = OnceLock::new();
    let table = TABLE.get_or_init(|| {
        let mut table = vec![vec![0u32], vec![0, 0]];
        for q in 2..=MAX_COLUMNS {
            let last = &table[q - 1];
            let next = (0..=q)
                .map(|j| {
                    let mut seen = ValueSet::new();
                    if j >= 1 {
                        seen.insert(last[j - 1]);
                    }
                    if j < q {
                        seen.insert(last[j] ^ 1);
                    }
                    seen.mex()
                })
                .collect();
            table.push(next);
        }
        table
    });
    table[p][k]
}

/// The value where a closed form gives it (docs/errata.md, Theorem 1 corrected):
/// a row with no purple cell makes every play last one move per live column; rows
/// with pairwise disjoint purple cells give G'(p, k) ⊕ (all-green columns mod 2).
fn closed_form(live: u64, rows: &[u64]) -> Option<u32> {
    if rows.is_empty() {
        return Some(0);
    }
    if rows.contains(&0) {
        return Some(live.count_ones() & 1);
    }
    let (mut union, mut total, mut odd) = (0u64, 0u32, 0usize);
    for &row in rows {
        union |= row;
        total += row.count_ones();
        odd += (row.count_ones() & 1) as usize;
    }
    (total == union.count_ones())
        .then(|| triangle(rows.len(), odd) ^ ((live.count_ones() - total) & 1))
}

/// Reduce rows in place: drop all-purple rows, then dead columns from `live`, then
/// mask, sort and deduplicate; with `antichain` false also drop rows containing another.
fn reduce(live: &mut u64, rows: &mut Vec<u64>, antichain: bool) {
    rows.retain(|&row| row & *live != *live);
    if rows.is_empty() {
        return;
    }
    let dead = rows.iter().fold(*live, |acc, &row| acc & row);
    *live &= !dead;
    for row in rows.iter_mut() {
        *row &= *live;
    }
    rows.sort_unstable();
    rows.dedup();
    if !antichain {
        let all = rows.clone();
        rows.retain(|&row| {
            !all.iter()
                .any(|&small| small != row && small & row == small)
        });
    }
}

impl TransverseWave {
    pub fn new() -> Self {
        Self::default()
    }

    /// Reduced grids solved so far.
    pub fn table_size(&self) -> usize {
        self.table.size()
    }

    /// The table of solved reduced grids (live columns, then rows), for the store.
    pub fn memo(&mut self) -> &mut Memo<Box<[u64]>> {
        &mut self.table
    }

    /// The Grundy value of a `width`-column grid (`rows[i]` bit j = cell (i, j) purple).
    pub fn grundy(&mut self, width: usize, rows: &[u64], budget: &mut Budget) -> Result<u32, Stop> {
        assert!(
            width <= MAX_COLUMNS,
            "grid wider than {MAX_COLUMNS} columns"
        );
        let mut live = if width == 64 {
            u64::MAX
        } else {
            (1u64 << width) - 1
        };
        let mut rows = rows.to_vec();
        reduce(&mut live, &mut rows, false);
        self.solve(live, rows, budget)
    }

    fn solve(&mut self, live: u64, rows: Vec<u64>, budget: &mut Budget) -> Result<u32, Stop> {
        if let Some(value) = closed_form(live, &rows) {
            return Ok(value);
        }
        let mut key = Vec::with_capacity(rows.len() + 1);
        key.push(live);
        key.extend_from_slice(&rows);
        if let Some(value) = self.table.get(key.as_slice()) {
            return Ok(u32::from(value));
        }
        budget.tick()?;
        let mut seen = ValueSet::new();
        let mut contents: Vec<u64> = Vec::new(); // columns already tried, by their purple rows
        let feasible = live & !rows.iter().fold(live, |acc, &row| acc & row);
        for j in bits(feasible) {
            let bit = 1u64 << j;
            // columns with the same purple rows give the same child
            if rows.len() <= 64 {
                let content = rows
                    .iter()
                    .enumerate()
                    .fold(0u64, |acc, (i, &row)| acc | ((row >> j) & 1) << i);
                if contents.contains(&content) {
                    continue;
                }
                contents.push(content);
            }
            let mut child_live = live & !bit;
            let mut child: Vec<u64> = rows.iter().copied().filter(|&row| row & bit == 0).collect();
            reduce(&mut child_live, &mut child, true);
            seen.insert(self.solve(child_live, child, budget)?);
        }
        let value = seen.mex();
        self.table.insert(key.into_boxed_slice(), value as u8);
        Ok(value)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::budget::unlimited;

    /// The move as the rules state it, without any reduction or memo.
    fn naive(width: usize, rows: &[u64]) -> u32 {
        let full = (1u64 << width) - 1;
        let mut seen = ValueSet::new();
        for j in 0..width {
            let bit = 1u64 << j;
            if rows.iter().any(|&row| row & bit == 0) {
                let child: Vec<u64> = rows
                    .iter()
                    .map(|&row| if row & bit != 0 { full } else { row | bit })
                    .collect();
                seen.insert(naive(width, &child));
            }
        }
        seen.mex()
    }

    #[test]
    fn triangle_matches_the_printed_closed_form_for_p_at_least_one() {
        for p in 1..40 {
            for k in 0..=p {
                let printed = if p == 2 * k {
                    2
                } else if (k % 2 == 0) == (p > 2 * k) {
                    0
                } else {
                    1
                };
                assert_eq!(triangle(p, k), printed, "G'({p}, {k})");
            }
        }
        assert_eq!(triangle(0, 0), 0); // the erratum: printed *2
    }

    #[test]
    fn agrees_with_the_rules_on_random_grids() {
        let mut state = 99u64;
        let mut next = move || {
            state = state
                .wrapping_mul(6364136223846793005)
                .wrapping_add(1442695040888963407);
            state >> 33
        };
        let mut game = TransverseWave::new();
        for _ in 0..300 {
            let height = 1 + (next() % 5) as usize;
            let width = 1 + (next() % 7) as usize;
            let rows: Vec<u64> = (0..height)
                .map(|_| {
                    (0..width)
                        .filter(|_| next() % 10 < 3)
                        .fold(0, |a, j| a | 1 << j)
                })
                .collect();
            let value = unlimited(|b| game.grundy(width, &rows, b)).unwrap();
            assert_eq!(value, naive(width, &rows), "{width} {rows:?}");
        }
    }

    #[test]
    fn errata_examples() {
        let mut game = TransverseWave::new();
        let mut solve = |width, rows: &[u64]| unlimited(|b| game.grundy(width, rows, b)).unwrap();
        assert_eq!(solve(1, &[1]), 0); // P: printed *2
        assert_eq!(solve(2, &[1, 0]), 0); // PG/GG: printed *3
        assert_eq!(solve(4, &[1, 2, 4]), 1); // Figure 2(a): *, not 0
        assert_eq!(solve(4, &[0b1001, 0b1110, 0b1111]), 2); // Figure 2(b)
        assert_eq!(solve(64, &[u64::MAX >> 1, 1 << 63]), solve(2, &[1, 2]));
    }
}
