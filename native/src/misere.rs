//! The finite check behind misère quotients of heap games (Plambeck & Siegel 2008): does
//! a candidate commutative monoid C with a subset P and an element for each heap predict
//! the misère outcome of every sum of heaps?
//!
//! A position Y has the state (φ(Y), D(Y), t(Y)): φ(Y) ∈ C the product of its heaps'
//! elements, D(Y) = {z ∈ C : φ(Y')·z ∈ P for some option Y' of Y} and t(Y) whether Y has a
//! move.  Adding a heap h (element a, options with elements o) moves the state to
//!
//! ```text
//! (φ·a, {z : a·z ∈ D} ∪ {z : φ·o·z ∈ P for an option o}, t or h has a move)
//! ```
//!
//! and the candidate is right exactly when every state reachable from the empty position
//! has φ ∈ P ⟺ (t and 1 ∉ D) (the Python module `grundy.search.misere_quotient` states
//! the proof; its `_predicts` is the oracle these functions are tested against).
//!
//! Running time: O(states · letters · |C|) word operations, D held as |C|-bit words.

use hashbrown::HashSet;

use crate::budget::{Budget, Stop};

/// One heap as the check sees it: its element and the elements of its options.
pub type Letter = (u32, Vec<u32>);

/// A candidate: `size` elements, `table[x * size + y]` = x·y (0 the identity).
pub struct Candidate<'a> {
    pub size: usize,
    pub table: &'a [u32],
    pub p_portion: &'a [u32],
}

impl Candidate<'_> {
    /// A one-line message when the arrays do not describe a candidate.
    pub fn check(&self, letters: &[Letter]) -> Result<(), String> {
        let size = self.size;
        if size == 0 || size > 1 << 16 {
            return Err(format!("a candidate of {size} elements: give 1 to 65536"));
        }
        if self.table.len() != size * size {
            return Err(format!(
                "the table has {} entries for {size} elements: give size * size",
                self.table.len()
            ));
        }
        let inside = |x: &u32| (*x as usize) < size;
        if !self.table.iter().all(inside)
            || !self.p_portion.iter().all(inside)
            || !letters
                .iter()
                .all(|(a, opts)| inside(a) && opts.iter().all(inside))
        {
            return Err(format!(
                "an element outside 0..{size} in the table, the P-portion or the letters"
            ));
        }
        Ok(())
    }
}

/// Q × ⟨g | g^(index+period) = g^index⟩ of a table `base` of `size` elements: element
/// (y, k) is k·size + y.
pub fn with_generator(base: &[u32], size: usize, index: usize, period: usize) -> Vec<u32> {
    let length = index + period;
    let power = |k: usize| {
        if k < length {
            k
        } else {
            index + (k - index) % period
        }
    };
    let big = size * length;
    let mut table = vec![0u32; big * big];
    for k1 in 0..length {
        for y1 in 0..size {
            let row = &mut table[(k1 * size + y1) * big..(k1 * size + y1 + 1) * big];
            for k2 in 0..length {
                let offset = power(k1 + k2) * size;
                for y2 in 0..size {
                    row[k2 * size + y2] = (base[y1 * size + y2] as usize + offset) as u32;
                }
            }
        }
    }
    table
}

/// Whether the candidate predicts every misère outcome of sums of heaps given by
/// `letters` (see the module docs); Err when the budget stops it (one tick per state).
pub fn predicts(
    candidate: &Candidate<'_>,
    letters: &[Letter],
    budget: &mut Budget<'_>,
) -> Result<bool, Stop> {
    let size = candidate.size;
    let table = candidate.table;
    let words = size.div_ceil(64);
    let mut in_p = vec![false; size];
    for &x in candidate.p_portion {
        in_p[x as usize] = true;
    }
    // p_inverse[x] = {z : x·z ∈ P}
    let mut p_inverse = vec![0u64; size * words];
    for x in 0..size {
        for z in 0..size {
            if in_p[table[x * size + z] as usize] {
                p_inverse[x * words + z / 64] |= 1 << (z % 64);
            }
        }
    }
    // a state is the words of D, then φ and t packed in one more word
    let start: Box<[u64]> = vec![0u64; words + 1].into_boxed_slice();
    let mut seen: HashSet<Box<[u64]>> = HashSet::new();
    seen.insert(start.clone());
    let mut queue = vec![start];
    let mut head = 0;
    let mut next = vec![0u64; words + 1];
    while head < queue.len() {
        budget.tick()?;
        let state = queue[head].clone();
        head += 1;
        let phi = (state[words] >> 1) as usize;
        let moves = state[words] & 1 == 1;
        let d = &state[..words];
        if in_p[phi] != (moves && d[0] & 1 == 0) {
            return Ok(false);
        }
        let row = &table[phi * size..(phi + 1) * size];
        for (a, opts) in letters {
            let a = *a as usize;
            next.iter_mut().for_each(|w| *w = 0);
            for &o in opts {
                let x = row[o as usize] as usize;
                for (w, p) in next[..words]
                    .iter_mut()
                    .zip(&p_inverse[x * words..(x + 1) * words])
                {
                    *w |= p;
                }
            }
            let shift = &table[a * size..(a + 1) * size];
            for (z, &y) in shift.iter().enumerate() {
                let y = y as usize;
                if d[y / 64] >> (y % 64) & 1 == 1 {
                    next[z / 64] |= 1 << (z % 64);
                }
            }
            let product = row[a] as u64;
            next[words] = product << 1 | u64::from(moves || !opts.is_empty());
            if !seen.contains(next.as_slice()) {
                let boxed: Box<[u64]> = next.clone().into_boxed_slice();
                seen.insert(boxed.clone());
                queue.push(boxed);
            }
        }
    }
    Ok(true)
}

#[cfg(test)]
mod tests {
    use super::{predicts, with_generator, Candidate, Letter};
    use crate::budget::unlimited;

    /// Misère nim with heaps of size 1 only: C = {1, a}, a² = 1, P = {a}.
    #[test]
    fn misere_nim_on_single_tokens_is_predicted() {
        let table = [0, 1, 1, 0];
        let candidate = Candidate {
            size: 2,
            table: &table,
            p_portion: &[1],
        };
        let letters: Vec<Letter> = vec![(1, vec![0])];
        assert!(unlimited(|b| predicts(&candidate, &letters, b)).unwrap());
        // the wrong P-portion (normal play's) is refused
        let wrong = Candidate {
            size: 2,
            table: &table,
            p_portion: &[0],
        };
        assert!(!unlimited(|b| predicts(&wrong, &letters, b)).unwrap());
    }

    /// The tame quotient of *, *2 (order 6: a² = 1, b³ = b) predicts misère nim on heaps
    /// of sizes 1 and 2, built as the trivial monoid × ⟨a⟩ × ⟨b⟩.
    #[test]
    fn the_tame_quotient_of_two_heaps_is_predicted() {
        let a = with_generator(&[0], 1, 0, 2); // {1, a}
        let ab = with_generator(&a, 2, 1, 2); // × {1, b, b²}, b³ = b
        assert_eq!(ab.len(), 36);
        // element (y, k) = 2k + y: a = 1, b = 2, ab = 3, b² = 4, ab² = 5; P = {a, b²}
        let candidate = Candidate {
            size: 6,
            table: &ab,
            p_portion: &[1, 4],
        };
        let letters: Vec<Letter> = vec![(1, vec![0]), (2, vec![0, 1])];
        assert!(candidate.check(&letters).is_ok());
        assert!(unlimited(|b| predicts(&candidate, &letters, b)).unwrap());
        let wrong = Candidate {
            size: 6,
            table: &ab,
            p_portion: &[1, 5],
        };
        assert!(!unlimited(|b| predicts(&wrong, &letters, b)).unwrap());
    }

    #[test]
    fn malformed_candidates_are_named() {
        let candidate = Candidate {
            size: 2,
            table: &[0, 1, 1],
            p_portion: &[1],
        };
        assert!(candidate.check(&[]).unwrap_err().contains("size * size"));
        let outside = Candidate {
            size: 2,
            table: &[0, 1, 1, 0],
            p_portion: &[2],
        };
        assert!(outside.check(&[]).unwrap_err().contains("outside"));
    }

    /// with_generator is a commutative monoid with identity 0 on random small bases of
    /// cyclic groups (a deterministic generator of cases, no external crate).
    #[test]
    fn with_generator_keeps_the_monoid_laws() {
        let mut base = vec![0u32];
        let mut size = 1;
        for (index, period) in [(0, 2), (1, 2), (2, 1), (0, 3)] {
            base = with_generator(&base, size, index, period);
            size *= index + period;
            for x in 0..size {
                assert_eq!(base[x] as usize, x);
                for y in 0..size {
                    assert_eq!(base[x * size + y], base[y * size + x]);
                    for z in (0..size).step_by(5) {
                        let xy = base[x * size + y] as usize;
                        let yz = base[y * size + z] as usize;
                        assert_eq!(base[xy * size + z], base[x * size + yz]);
                    }
                }
            }
        }
    }
}
