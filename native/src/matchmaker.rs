//! Stubborn Matchmaker by profiles: every profile value V of the boards of up to n
//! candidates a side, level by level, and Burke's Tables 5.1-5.4 from them (Burke 2009,
//! §5.3; seed `004_d08755248cee49c5.txt` L1200-1325).
//!
//! The profile theorem and its proof are in `grundy.rulesets.matchmaker.nimberizer`: a
//! board's nimber is V(P, Q) xor its crossing parity, where P and Q hold one bit per
//! unmatched candidate (the parity of the matched ones of its side ranked above it) and
//! V(P, Q) = mex over i, j of V(P - i, Q - j) xor P_i xor Q_j.
//!
//! A side of x unmatched candidates whose bit string changes c times along 0, P_0, P_1, ...
//! needs c matched candidates, so the boards of at most n a side have the profiles whose
//! two strings change at most n - x times ([`allowed`]), and matching one pair keeps a
//! profile within that bound.  The values are computed bottom-up in dense tables, one per
//! x, indexed by the ranks of the two strings: no hashing, and the row
//! R(P', Q) = {V(P', Q - j) xor Q_j : j} is shared by every P with P - i = P'.  For
//! n = 20 the largest level (x = 14) has 6,476² profiles.

use crate::budget::{Budget, Stop};
use hashbrown::HashMap;

/// The largest board (candidates a side) the tables cover: at 20 the levels hold 127
/// million profiles, a byte each, and the largest shared-row table 150 MB.
pub const MAX_SIDE: usize = 20;

/// A set of values, bit v for value v (profile values stay below 32: checked as they are
/// made).
type Set = u32;

/// Bits 0, 2, 4, ...: swaps each value v of a set with v xor 1.
const EVEN: Set = 0x5555_5555;

/// The profile bits of x unmatched candidates after the i-th is matched: bit i goes and
/// the bits after it flip (those candidates have one more matched candidate above them).
pub fn drop(bits: u32, i: usize, x: usize) -> u32 {
    let after = bits >> (i + 1);
    let flip = (1u32 << (x - i - 1)) - 1;
    (bits & ((1 << i) - 1)) | ((after ^ flip) << i)
}

/// The changes along 0, b_0, ..., b_{x-1}: the fewest matched candidates a side with
/// these profile bits has.
pub fn changes(bits: u32, x: usize) -> u32 {
    ((bits ^ (bits << 1)) & ((1u32 << x) - 1)).count_ones()
}

/// Whether a side of x unmatched candidates with these bits fits a board of n a side.
pub fn allowed(bits: u32, x: usize, n: usize) -> bool {
    x <= n && bits >> x == 0 && changes(bits, x) as usize <= n - x
}

/// One level: the strings of x bits allowed on boards of n, their ranks, and V of every
/// pair of them (row: West string, column: East string).
struct Level {
    strings: Vec<u32>,
    /// rank of each x-bit string among `strings` (`u32::MAX` when not allowed)
    rank: Vec<u32>,
    values: Vec<u8>,
}

/// Every profile value of the boards of at most `n` candidates a side.
pub struct Profiles {
    n: usize,
    levels: Vec<Level>,
}

impl Profiles {
    /// Value every profile of boards of up to `n` a side (at most `MAX_SIDE`); each
    /// profile is one position of the budget.
    pub fn build(n: usize, budget: &mut Budget) -> Result<Profiles, Stop> {
        assert!(n <= MAX_SIDE, "boards of at most {MAX_SIDE} a side");
        let mut levels: Vec<Level> = Vec::with_capacity(n + 1);
        for x in 0..=n {
            let strings: Vec<u32> = (0..1u32 << x).filter(|&b| allowed(b, x, n)).collect();
            let mut rank = vec![u32::MAX; 1 << x];
            for (r, &s) in strings.iter().enumerate() {
                rank[s as usize] = r as u32;
            }
            let values = match levels.last() {
                None => {
                    budget.tick()?;
                    vec![0]
                }
                Some(below) => level_values(x, &strings, below, budget)?,
            };
            levels.push(Level {
                strings,
                rank,
                values,
            });
        }
        Ok(Profiles { n, levels })
    }

    /// The largest board covered.
    pub fn max_side(&self) -> usize {
        self.n
    }

    /// Profiles valued.
    pub fn count(&self) -> usize {
        self.levels.iter().map(|l| l.values.len()).sum()
    }

    /// V of the profile (x, west, east), or None when no board of at most n a side has it.
    pub fn value(&self, x: usize, west: u32, east: u32) -> Option<u8> {
        if !(allowed(west, x, self.n) && allowed(east, x, self.n)) {
            return None;
        }
        let level = &self.levels[x];
        let (p, q) = (level.rank[west as usize], level.rank[east as usize]);
        Some(level.values[p as usize * level.strings.len() + q as usize])
    }
}

/// V of every pair of `strings` (x bits each) from the level below.
fn level_values(
    x: usize,
    strings: &[u32],
    below: &Level,
    budget: &mut Budget,
) -> Result<Vec<u8>, Stop> {
    let (len, below_len) = (strings.len(), below.strings.len());
    // moves[s * x + i]: the rank below of string s after its i-th candidate is matched,
    // and that candidate's bit
    let moves: Vec<(u32, u8)> = strings
        .iter()
        .flat_map(|&s| (0..x).map(move |i| (drop(s, i, x), (s >> i & 1) as u8)))
        .map(|(after, bit)| (below.rank[after as usize], bit))
        .collect();
    // rows[p * len + q] = R(p, q): p a string below (West, after its move), q one here
    let mut rows: Vec<Set> = vec![0; below_len * len];
    for (p, row) in rows.chunks_exact_mut(len).enumerate() {
        let v = &below.values[p * below_len..(p + 1) * below_len];
        for (q, set) in row.iter_mut().enumerate() {
            for &(r, bit) in &moves[q * x..(q + 1) * x] {
                *set |= 1 << (v[r as usize] ^ bit);
            }
        }
    }
    let mut values = vec![0u8; len * len];
    let mut seen: Vec<Set> = vec![0; len];
    for (p, out) in values.chunks_exact_mut(len).enumerate() {
        seen.fill(0);
        for &(r, bit) in &moves[p * x..(p + 1) * x] {
            let row = &rows[r as usize * len..(r as usize + 1) * len];
            for (s, &set) in seen.iter_mut().zip(row) {
                *s |= if bit == 1 {
                    ((set & EVEN) << 1) | ((set >> 1) & EVEN)
                } else {
                    set
                };
            }
        }
        for (value, &s) in out.iter_mut().zip(&seen) {
            budget.tick()?;
            let mex = s.trailing_ones();
            assert!(
                mex < Set::BITS - 1,
                "a profile value past {}",
                Set::BITS - 2
            );
            *value = mex as u8;
        }
    }
    Ok(values)
}

// -- Tables 5.1-5.4 ------------------------------------------------------------------------

/// The strings of one side (bit k set when rank k + 1 is matched) that share loners and
/// profile bits; `reach` has bit a set when an unmatched candidate has a matched ones above
/// it (two unmatched candidates pair without crossing iff their a agree).
struct Group {
    loners: u32,
    bits: u32,
    reach: u32,
    strings: Vec<(u32, u32)>,
}

/// The strings of n candidates with x unmatched, grouped by (loners, profile bits), the
/// groups in the order their first strings come when the unmatched ranks run through
/// their combinations in lexicographic order.
fn sides(n: usize, x: usize) -> Vec<Group> {
    let mut groups: Vec<Group> = Vec::new();
    let mut index: HashMap<(u32, u32), usize> = HashMap::new();
    let interior = if n >= 3 {
        ((1u32 << (n - 2)) - 1) << 1
    } else {
        0
    };
    let mut free: Vec<usize> = (0..x).collect();
    loop {
        let matched = free.iter().fold((1u32 << n) - 1, |m, &k| m & !(1 << k));
        let loners = (matched & !(matched << 1) & !(matched >> 1) & interior).count_ones();
        let (mut bits, mut reach) = (0, 0);
        for (u, &k) in free.iter().enumerate() {
            let above = (matched & ((1 << k) - 1)).count_ones();
            bits |= (above & 1) << u;
            reach |= 1 << above;
        }
        let g = *index.entry((loners, bits)).or_insert_with(|| {
            groups.push(Group {
                loners,
                bits,
                reach: 0,
                strings: Vec::new(),
            });
            groups.len() - 1
        });
        groups[g].reach |= reach;
        groups[g].strings.push((matched, reach));
        // the next combination of x of 0..n, in lexicographic order
        let Some(i) = (0..x).rev().find(|&i| free[i] < n - x + i) else {
            return groups;
        };
        free[i] += 1;
        for k in i + 1..x {
            free[k] = free[k - 1] + 1;
        }
    }
}

/// The cross-free board of two sides: the matched candidates paired in rank order
/// (`board[w - 1]` the partner of West w, 0 when unmatched).
fn board(n: usize, west: u32, east: u32) -> Vec<u8> {
    let mut partners = (0..n).filter(|&k| east >> k & 1 == 1);
    (0..n)
        .map(|k| match west >> k & 1 {
            1 => partners.next().map_or(0, |e| e as u8 + 1),
            _ => 0,
        })
        .collect()
}

/// A value of a cell of the tables: (x, min loners, max loners), the value, and the first
/// board met with it.
pub type CellValue = ((u32, u32, u32), u8, Vec<u8>);

/// Tables 5.1-5.4 from the profile values, as `grundy.rulesets.matchmaker.nimberizer.
/// class_tables` builds them (the same cells, the same witnesses): every cross-free board
/// of up to `max_n` a side (at most the profiles' n), or with `smallest` only the boards
/// of x + max(y, z) a side; `strict`, only boards where some unmatched pair could match
/// without crossing.  Boards are grouped per side by loners and profile bits, so the work
/// is pairs of groups; each pair is one position of the budget.
pub fn class_tables(
    profiles: &Profiles,
    max_n: usize,
    strict: bool,
    smallest: bool,
    budget: &mut Budget,
) -> Result<Vec<CellValue>, Stop> {
    assert!(max_n <= profiles.n, "tables within the profiles' boards");
    let mut found: HashMap<(u32, u32, u32), Set> = HashMap::new();
    let mut cells: Vec<CellValue> = Vec::new();
    for n in 1..=max_n {
        for x in 0..=n {
            let groups = sides(n, x);
            let level = &profiles.levels[x];
            let len = level.strings.len();
            for g in &groups {
                if smallest && g.loners as usize > n - x {
                    continue;
                }
                let row = level.rank[g.bits as usize] as usize * len;
                for h in &groups {
                    if smallest && g.loners.max(h.loners) as usize != n - x {
                        continue;
                    }
                    if strict && x > 0 && g.reach & h.reach == 0 {
                        continue; // every unmatched pair would cross a matched pair
                    }
                    budget.tick()?;
                    let value = level.values[row + level.rank[h.bits as usize] as usize];
                    let cell = (x as u32, g.loners.min(h.loners), g.loners.max(h.loners));
                    let set = found.entry(cell).or_insert(0);
                    if *set >> value & 1 == 0 {
                        *set |= 1 << value;
                        cells.push((cell, value, witness(n, g, h, strict && x > 0)));
                    }
                }
            }
        }
    }
    Ok(cells)
}

/// The first board of two groups that counts under the convention.
fn witness(n: usize, g: &Group, h: &Group, strict: bool) -> Vec<u8> {
    for &(west, a) in &g.strings {
        for &(east, b) in &h.strings {
            if !strict || a & b != 0 {
                return board(n, west, east);
            }
        }
    }
    unreachable!("groups are paired only when some of their strings meet")
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::mex::ValueSet;

    fn unlimited<T>(f: impl FnOnce(&mut Budget) -> Result<T, Stop>) -> T {
        let mut never = || false;
        f(&mut Budget::new(None, None, &mut never)).expect("no limit")
    }

    /// V by its definition, memoised in a map (the slow path).
    fn naive(x: usize, p: u32, q: u32, memo: &mut HashMap<(usize, u32, u32), u32>) -> u32 {
        if let Some(&v) = memo.get(&(x, p, q)) {
            return v;
        }
        let mut set = ValueSet::new();
        for i in 0..x {
            for j in 0..x {
                let v = naive(x - 1, drop(p, i, x), drop(q, j, x), memo);
                set.insert(v ^ (p >> i & 1) ^ (q >> j & 1));
            }
        }
        let v = set.mex();
        memo.insert((x, p, q), v);
        v
    }

    #[test]
    fn drops_and_changes() {
        assert_eq!(drop(0b100, 0, 3), 0b01);
        assert_eq!(drop(0b001, 1, 3), 0b11);
        assert_eq!(changes(0b0110, 4), 2);
        assert_eq!(changes(0b1, 1), 1);
        assert!(allowed(0b1, 1, 2) && !allowed(0b1, 1, 1) && !allowed(0b10, 1, 5));
    }

    #[test]
    fn every_profile_of_boards_of_seven_against_the_definition() {
        let profiles = unlimited(|b| Profiles::build(7, b));
        let mut memo = HashMap::new();
        let mut checked = 0;
        for x in 0..=7 {
            for p in 0..1u32 << x {
                for q in 0..1u32 << x {
                    match profiles.value(x, p, q) {
                        Some(v) => {
                            assert_eq!(u32::from(v), naive(x, p, q, &mut memo), "{x} {p} {q}");
                            checked += 1;
                        }
                        None => assert!(!allowed(p, x, 7) || !allowed(q, x, 7)),
                    }
                }
            }
        }
        assert_eq!(checked, profiles.count());
    }

    #[test]
    fn a_smaller_table_agrees_with_a_larger_one() {
        let small = unlimited(|b| Profiles::build(8, b));
        let large = unlimited(|b| Profiles::build(11, b));
        for x in 0..=8 {
            for p in small.levels[x].strings.iter().copied() {
                for q in small.levels[x].strings.iter().copied() {
                    assert_eq!(small.value(x, p, q), large.value(x, p, q));
                }
            }
        }
    }

    #[test]
    fn empty_boards() {
        // the empty boards of 1..8 a side are worth 1, 2, 0, 1, 3, 0, 2, 0
        let profiles = unlimited(|b| Profiles::build(8, b));
        let values: Vec<u8> = (1..=8).map(|x| profiles.value(x, 0, 0).unwrap()).collect();
        assert_eq!(values, [1, 2, 0, 1, 3, 0, 2, 0]);
    }

    #[test]
    fn groups_cover_every_string_once() {
        for n in 1..=9 {
            for x in 0..=n {
                let groups = sides(n, x);
                let strings: usize = groups.iter().map(|g| g.strings.len()).sum();
                let binomial = (0..x).fold(1usize, |c, k| c * (n - k) / (k + 1));
                assert_eq!(strings, binomial);
                for g in &groups {
                    assert!(g
                        .strings
                        .iter()
                        .all(|&(m, _)| m.count_ones() as usize == n - x));
                }
            }
        }
    }

    #[test]
    fn boards_pair_in_rank_order() {
        assert_eq!(board(5, 0b00101, 0b11000), vec![4, 0, 5, 0, 0]);
    }

    #[test]
    fn a_budget_stops_the_build() {
        let mut never = || false;
        let mut budget = Budget::new(Some(100), None, &mut never);
        assert!(matches!(Profiles::build(10, &mut budget), Err(Stop::Nodes)));
    }
}
