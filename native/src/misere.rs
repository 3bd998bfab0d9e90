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
//!
//! Below the check is the solver that finds the quotients (`extend`): Plambeck & Siegel's
//! method as Siegel's MisereSolver runs it, one heap at a time, described at `extend` and
//! in the Python module's docstring.

use hashbrown::{HashMap, HashSet};

use crate::budget::{unlimited, Budget, Stop};

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

// -- the solver: Plambeck & Siegel's method, as Siegel's MisereSolver runs it ------------

/// A pretension for the heaps 0..=n: a finite commutative monoid, generated by the heaps'
/// elements and held as their actions (`act[h][x]` = x·φ(h)), with a P-portion `p`.
/// Element 0 is the identity; heap 0 and every heap without moves act as the identity.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Pretension {
    pub size: usize,
    pub act: Vec<Vec<u32>>,
    pub p: Vec<bool>,
}

impl Pretension {
    /// A one-line message when the arrays do not describe a pretension for the heaps
    /// 0..act.len()−1 whose next heap's options are among `options`.
    pub fn check(&self, options: &HeapOptions) -> Result<(), String> {
        let size = self.size;
        if size == 0 || size > MAX_TRIAL {
            return Err(format!(
                "a pretension of {size} elements: give 1 to {MAX_TRIAL}"
            ));
        }
        if self.act.is_empty() || self.p.len() != size {
            return Err(format!(
                "{} P-flags and {} heaps: give one flag per element and heaps 0 and up",
                self.p.len(),
                self.act.len()
            ));
        }
        if self
            .act
            .iter()
            .any(|row| row.len() != size || row.iter().any(|&y| y as usize >= size))
        {
            return Err(format!(
                "a heap's action is not a list of {size} elements below {size}"
            ));
        }
        if options.len() <= self.act.len() {
            return Err(format!(
                "options for {} heaps: give the options of heaps 0..={} at least",
                options.len(),
                self.act.len()
            ));
        }
        for (h, listed) in options.iter().enumerate() {
            if listed
                .iter()
                .flatten()
                .any(|&part| part as usize >= h.max(1))
            {
                return Err(format!(
                    "heap {h} has an option with a heap of size {h} or more: give smaller heaps"
                ));
            }
        }
        Ok(())
    }
}

/// The options of each heap 0..=n, each a list of (smaller) heaps.
pub type HeapOptions = [Vec<Vec<u32>>];

/// x·φ(h1)·φ(h2)··· for the heaps of `parts`.
fn times(act: &[Vec<u32>], x: u32, parts: &[u32]) -> u32 {
    parts.iter().fold(x, |y, &h| act[h as usize][y as usize])
}

/// Compares two words (exponents of heaps 0..=n) in the order the solver visits them:
/// by the exponent of the largest heap, then the next, and so on.  Every option of a sum
/// of heaps comes before it (a move lowers one heap's exponent and raises only smaller
/// heaps'), so outcomes can be found in this order.
pub fn word_order(a: &[u32], b: &[u32]) -> std::cmp::Ordering {
    a.iter().rev().cmp(b.iter().rev())
}

fn sorted_union(set: &mut Vec<u32>) {
    set.sort_unstable();
    set.dedup();
}

/// Whether the sorted set `small` lies in the sorted set `big`.
fn is_subset(small: &[u32], big: &[u32]) -> bool {
    let mut rest = big.iter();
    small.len() <= big.len() && small.iter().all(|x| rest.any(|y| y == x))
}

/// A set of elements with a 256-bit summary (bit x mod 256 for each x), which answers
/// most subset questions at once.
#[derive(Clone, Debug)]
struct Summarised {
    mask: [u64; 4],
    set: Vec<u32>,
}

impl Summarised {
    fn new(set: &[u32]) -> Self {
        let mut mask = [0u64; 4];
        for &x in set {
            mask[(x as usize >> 6) & 3] |= 1 << (x & 63);
        }
        Summarised {
            mask,
            set: set.to_vec(),
        }
    }

    fn within(&self, other: &Summarised) -> bool {
        self.mask.iter().zip(&other.mask).all(|(a, b)| a & !b == 0)
            && is_subset(&self.set, &other.set)
    }
}

enum Walk {
    Go,
    Prune,
    Halt,
}

/// What a walk over the sums of heaps does at each word.
trait Walker {
    /// Whether the walk needs the elements of each word's options.
    const OPTIONS: bool;
    /// Whether a word reached by adding one heap is pruned for its element alone (asked
    /// before its options' elements are found).
    fn known(&self, _elem: u32) -> bool {
        false
    }
    /// A word reached by adding one heap: go on below it, prune it (skip it, the words with
    /// more of this heap and those adding smaller heaps) or halt the walk.
    fn admit(&mut self, word: &[u32], elem: u32, options: &[u32]) -> Walk;
    /// Each word not pruned, in order; true halts the walk.
    fn visit(&mut self, word: &[u32], elem: u32, options: &[u32]) -> bool;
}

/// Walks the sums of heaps in `word_order`, carrying each word's element and the elements
/// of its options; Ok(true) when the walker halted it.
fn walk<W: Walker>(
    pretension: &Pretension,
    options: &HeapOptions,
    walker: &mut W,
    budget: &mut Budget<'_>,
) -> Result<bool, Stop> {
    let n = pretension.act.len() - 1;
    let mut word = vec![0u32; n + 1];
    descend(pretension, options, walker, budget, &mut word, n, 0, &[])
}

#[allow(clippy::too_many_arguments)]
fn descend<W: Walker>(
    pretension: &Pretension,
    options: &HeapOptions,
    walker: &mut W,
    budget: &mut Budget<'_>,
    word: &mut [u32],
    depth: usize,
    mut elem: u32,
    reached: &[u32],
) -> Result<bool, Stop> {
    if depth == 0 {
        return Ok(walker.visit(word, elem, reached));
    }
    let act = &pretension.act;
    let mut halted = false;
    let mut owned: Option<Vec<u32>> = None;
    loop {
        let current = owned.as_deref().unwrap_or(reached);
        if descend(
            pretension,
            options,
            walker,
            budget,
            word,
            depth - 1,
            elem,
            current,
        )? {
            halted = true;
            break;
        }
        if options[depth].is_empty() {
            break;
        }
        budget.tick()?;
        let product = act[depth][elem as usize];
        if walker.known(product) {
            break;
        }
        word[depth] += 1;
        let mut next = Vec::new();
        if W::OPTIONS {
            let step = &act[depth];
            next.extend(current.iter().map(|&t| step[t as usize]));
            next.extend(options[depth].iter().map(|o| times(act, elem, o)));
            sorted_union(&mut next);
        }
        elem = product;
        let verdict = walker.admit(word, elem, &next);
        owned = Some(next);
        match verdict {
            Walk::Go => {}
            Walk::Prune => break,
            Walk::Halt => {
                halted = true;
                break;
            }
        }
    }
    word[depth] = 0;
    Ok(halted)
}

/// The least word of each element (in `word_order`), and with `mark` the P-portion found
/// by the misère rule inside the monoid: each element takes the outcome of its least word,
/// a P-position exactly when that word has a move and none to a P-element (its options
/// come first, so their elements are marked already).
struct Marker {
    least: Vec<Option<Vec<u32>>>,
    p: Vec<bool>,
}

impl Walker for Marker {
    const OPTIONS: bool = true;
    fn known(&self, elem: u32) -> bool {
        self.least[elem as usize].is_some()
    }
    fn admit(&mut self, _: &[u32], _: u32, _: &[u32]) -> Walk {
        Walk::Go
    }
    fn visit(&mut self, word: &[u32], elem: u32, reached: &[u32]) -> bool {
        let x = elem as usize;
        self.least[x] = Some(word.to_vec());
        self.p[x] = !reached.is_empty() && !reached.iter().any(|&t| self.p[t as usize]);
        false
    }
}

/// The P-portion of a monoid for the heaps' elements, each element taking the misère outcome
/// its least word has inside the monoid (`Marker`), and the least words.
fn mark(
    pretension: &Pretension,
    options: &HeapOptions,
    budget: &mut Budget<'_>,
) -> Result<(Vec<bool>, Vec<Vec<u32>>), Stop> {
    let mut marker = Marker {
        least: vec![None; pretension.size],
        p: vec![false; pretension.size],
    };
    walk(pretension, options, &mut marker, budget)?;
    let least = marker
        .least
        .into_iter()
        .map(Option::unwrap_or_default)
        .collect();
    Ok((marker.p, least))
}

/// Looks for the least word whose element is outside P although the word has moves and
/// none to a P-element (an N-failure), below `bound`.  A word whose element and option
/// elements contain those of an earlier word with the same element is pruned: each of its
/// extensions has the options of the earlier word's extension and more, so fails only if
/// that one does.  `antichains` keeps, for each element, the minimal option sets seen
/// (the lower bounds the fast test of `extend` reads).
struct NFailure<'a> {
    p: &'a [bool],
    bound: Option<&'a [u32]>,
    antichains: Vec<Vec<Summarised>>,
    found: Option<Vec<u32>>,
}

impl Walker for NFailure<'_> {
    const OPTIONS: bool = true;
    fn admit(&mut self, word: &[u32], elem: u32, reached: &[u32]) -> Walk {
        if self.bound.is_some_and(|b| word_order(word, b).is_ge()) {
            return Walk::Halt;
        }
        let list = &mut self.antichains[elem as usize];
        let reached = Summarised::new(reached);
        if list.iter().any(|known| known.within(&reached)) {
            return Walk::Prune;
        }
        list.retain(|known| !reached.within(known));
        list.push(reached);
        Walk::Go
    }
    fn visit(&mut self, word: &[u32], elem: u32, reached: &[u32]) -> bool {
        let wrong = !reached.is_empty()
            && !self.p[elem as usize]
            && !reached.iter().any(|&t| self.p[t as usize]);
        if wrong {
            self.found = Some(word.to_vec());
        }
        wrong
    }
}

/// The least word predicted wrongly: a P-failure (predicted P with an option predicted P)
/// read off the least words, or an N-failure found by a walk bounded by it; None when the
/// pretension predicts every outcome (by induction in `word_order`).  Also the antichains
/// of the walk when it ran to the end.
#[allow(clippy::type_complexity)]
fn least_failure(
    pretension: &Pretension,
    options: &HeapOptions,
    least: &[Vec<u32>],
    budget: &mut Budget<'_>,
) -> Result<(Option<Vec<u32>>, Vec<Vec<Summarised>>), Stop> {
    let act = &pretension.act;
    let p = &pretension.p;
    let mut p_failure: Option<Vec<u32>> = None;
    for (x, word) in least.iter().enumerate() {
        budget.tick()?;
        for (h, heap_options) in options.iter().enumerate() {
            let y = act[h][x] as usize;
            if p[y]
                && heap_options
                    .iter()
                    .any(|o| p[times(act, x as u32, o) as usize])
            {
                let mut failure = word.clone();
                failure[h] += 1;
                if p_failure
                    .as_ref()
                    .is_none_or(|f| word_order(&failure, f).is_lt())
                {
                    p_failure = Some(failure);
                }
            }
        }
    }
    let mut walker = NFailure {
        p,
        bound: p_failure.as_deref(),
        antichains: vec![Vec::new(); pretension.size],
        found: None,
    };
    walk(pretension, options, &mut walker, budget)?;
    let antichains = std::mem::take(&mut walker.antichains);
    Ok((walker.found.or(p_failure), antichains))
}

/// x times the element of a word.
fn apply(pretension: &Pretension, x: u32, word: &[u32]) -> u32 {
    let mut y = x;
    for (h, &e) in word.iter().enumerate() {
        for _ in 0..e {
            y = pretension.act[h][y as usize];
        }
    }
    y
}

/// The element a word stands for.
fn element(pretension: &Pretension, word: &[u32]) -> usize {
    apply(pretension, 0, word) as usize
}

/// The elements the heaps `letters` reach from the identity, breadth first, and each
/// element's place in that list (`u32::MAX` for an element not reached).
fn reachable(
    act: &[Vec<u32>],
    letters: &[usize],
    size: usize,
    budget: &mut Budget<'_>,
) -> Result<(Vec<u32>, Vec<u32>), Stop> {
    let mut index = vec![u32::MAX; size];
    let mut reach = vec![0u32];
    index[0] = 0;
    let mut i = 0;
    while i < reach.len() {
        budget.tick()?;
        let x = reach[i] as usize;
        for &h in letters {
            let y = act[h][x] as usize;
            if index[y] == u32::MAX {
                index[y] = reach.len() as u32;
                reach.push(y as u32);
            }
        }
        i += 1;
    }
    Ok((reach, index))
}

/// The minimal pretension: the submonoid the heaps generate, its elements merged when no
/// sum of heaps tells them apart (Moore's refinement, the heaps as letters), identity first.
pub fn reduce(pretension: &Pretension, budget: &mut Budget<'_>) -> Result<Pretension, Stop> {
    let act = &pretension.act;
    let mut letters: Vec<usize> = Vec::new();
    let mut seen_images = HashSet::new();
    for (h, step) in act.iter().enumerate() {
        if seen_images.insert(step[0]) {
            letters.push(h);
        }
    }
    // the elements the heaps reach from the identity
    let (reach, index) = reachable(act, &letters, pretension.size, budget)?;
    let mut block: Vec<u32> = reach
        .iter()
        .map(|&x| u32::from(pretension.p[x as usize]))
        .collect();
    let mut count = block.iter().collect::<HashSet<_>>().len();
    // each element's successors, as indices into `reach`
    let width = letters.len();
    let successors: Vec<u32> = reach
        .iter()
        .flat_map(|&x| {
            let index = &index;
            letters
                .iter()
                .map(move |&h| index[act[h][x as usize] as usize])
        })
        .collect();
    let mut keys = vec![0u32; reach.len() * (width + 1)];
    loop {
        budget.charge(reach.len() as u64)?;
        for (i, key) in keys.chunks_exact_mut(width + 1).enumerate() {
            key[0] = block[i];
            for (k, &j) in key[1..]
                .iter_mut()
                .zip(&successors[i * width..(i + 1) * width])
            {
                *k = block[j as usize];
            }
        }
        let mut signatures: HashMap<&[u32], u32> = HashMap::with_capacity(count * 2);
        let next: Vec<u32> = keys
            .chunks_exact(width + 1)
            .map(|key| {
                let fresh = signatures.len() as u32;
                *signatures.entry(key).or_insert(fresh)
            })
            .collect();
        let found = signatures.len();
        block = next;
        if found == count {
            break;
        }
        count = found;
    }
    // the identity's block is 0 (it is met first); a representative of each block
    let mut rep = vec![u32::MAX; count];
    for (i, &x) in reach.iter().enumerate() {
        let b = block[i] as usize;
        if rep[b] == u32::MAX {
            rep[b] = x;
        }
    }
    let class = |x: u32| block[index[x as usize] as usize];
    Ok(Pretension {
        size: count,
        act: act
            .iter()
            .map(|step| rep.iter().map(|&x| class(step[x as usize])).collect())
            .collect(),
        p: rep.iter().map(|&x| pretension.p[x as usize]).collect(),
    })
}

/// A cyclic monoid ⟨g | g^(index+period) = g^index⟩: g^k ↦ g^(k+1).
fn cyclic_step(index: usize, period: usize) -> Vec<u32> {
    (0..index + period)
        .map(|k| if k + 1 < index + period { k + 1 } else { index } as u32)
        .collect()
}

/// The index of the powers of a heap's element (its action `act` applied from the
/// identity): the least i with x^i = x^(i+k) for some k ≥ 1.
fn power_index(act: &[u32]) -> usize {
    let mut seen: HashMap<u32, usize> = HashMap::new();
    let mut x = 0u32;
    loop {
        let k = seen.len();
        if let Some(&i) = seen.get(&x) {
            return i;
        }
        seen.insert(x, k);
        x = act[x as usize];
    }
}

/// The trial pretension in which the heaps `freed` are freed: the submonoid the other heaps'
/// elements generate, times a cyclic monoid for each freed heap (given by its index and
/// period), the P-portion marked inside it (`mark`), then reduced.
fn free_heaps(
    base: &Pretension,
    freed: &[(usize, usize, usize)],
    options: &HeapOptions,
    budget: &mut Budget<'_>,
) -> Result<Pretension, Failed> {
    let n = base.act.len() - 1;
    let is_freed = |h: usize| freed.iter().any(|&(f, _, _)| f == h);
    // the submonoid of the other heaps
    let kept: Vec<usize> = (0..=n).filter(|&h| !is_freed(h)).collect();
    let (reach, index) = reachable(&base.act, &kept, base.size, budget)?;
    let mut size = reach.len();
    let mut act: Vec<Vec<u32>> = (0..=n)
        .map(|h| {
            if is_freed(h) {
                (0..size as u32).collect()
            } else {
                reach
                    .iter()
                    .map(|&x| index[base.act[h][x as usize] as usize])
                    .collect()
            }
        })
        .collect();
    // times each cyclic component: element y + size·k
    for &(heap, cindex, period) in freed {
        let length = cindex + period;
        let step = cyclic_step(cindex, period);
        if size.saturating_mul(length) > MAX_TRIAL {
            return Err(Failed::TooLarge(size.saturating_mul(length)));
        }
        for (h, row) in act.iter_mut().enumerate() {
            *row = if h == heap {
                step.iter()
                    .flat_map(|&next| (0..size).map(move |y| (y + size * next as usize) as u32))
                    .collect()
            } else {
                (0..length)
                    .flat_map(|k| row.iter().map(move |&y| y + (size * k) as u32))
                    .collect()
            };
        }
        size *= length;
    }
    let mut trial = Pretension {
        size,
        act,
        p: vec![false; size],
    };
    trial.p = mark(&trial, options, budget)?.0;
    Ok(reduce(&trial, budget)?)
}

/// The index and period of the cyclic component that frees a heap: the index of its
/// element's powers or one less than its exponent in the failing word, whichever is larger,
/// and a period of 2, or of about the index when that is large (as MisereSolver chooses).
fn component(trial: &Pretension, heap: usize, exponent: u32) -> (usize, usize, usize) {
    let index = power_index(&trial.act[heap]).max(exponent.saturating_sub(1) as usize);
    let period = if index >= 8 { 2 * ((index - 4) / 2) } else { 2 };
    (heap, index, period)
}

/// Recalibrates a trial pretension at its least failing word: frees the images of the heaps
/// in that word, one heap, then two, and so on (sets of a size in colexicographic order),
/// until the trial predicts the word right.
fn recalibrate(
    trial: &Pretension,
    failure: &[u32],
    options: &HeapOptions,
    budget: &mut Budget<'_>,
) -> Result<Pretension, Failed> {
    let truth = !trial.p[element(trial, failure)];
    let involved: Vec<usize> = (1..failure.len()).filter(|&h| failure[h] > 0).collect();
    for count in 1..=involved.len() {
        let mut chosen: Vec<usize> = (0..count).collect();
        loop {
            let freed: Vec<(usize, usize, usize)> = chosen
                .iter()
                .map(|&i| component(trial, involved[i], failure[involved[i]]))
                .collect();
            let next = free_heaps(trial, &freed, options, budget)?;
            if next.p[element(&next, failure)] == truth {
                return Ok(next);
            }
            // the next subset of `count` heaps in colexicographic order (the largest heap
            // changes last, so sets of smaller heaps come first), as MisereSolver tries them
            let Some(i) = (0..count)
                .find(|&i| chosen[i] + 1 < chosen.get(i + 1).copied().unwrap_or(involved.len()))
            else {
                break;
            };
            chosen[i] += 1;
            for (j, c) in chosen[..i].iter_mut().enumerate() {
                *c = j;
            }
        }
    }
    Err(Failed::NoRecalibration)
}

/// The largest trial monoid (before its reduction) the solver builds.
pub const MAX_TRIAL: usize = 1 << 24;

/// Why `extend` found no pretension.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Failed {
    /// The budget stopped it.
    Stop(Stop),
    /// A trial monoid would have had this many elements (more than `MAX_TRIAL`).
    TooLarge(usize),
    /// No set of freed heaps predicts the least failing word right (MisereSolver's method
    /// has no such case known).
    NoRecalibration,
    /// The trials allowed were made and the last one still fails; what it proves about the
    /// quotient sought (`lower_bound`).
    Trials(Stalled),
    /// The budget stopped it after a trial failed: what the last failing trial proves.
    Interrupted(Stop, Stalled),
}

/// What the last trial of a step stopped after `trials` trials proves: every sum before its
/// least failing word is predicted right, so sums it tells apart there are different classes.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Stalled {
    /// The trials made.
    pub trials: usize,
    /// The heaps of the quotient sought have at least this many classes.
    pub classes: usize,
    /// A heap with the most powers that the trial tells apart below that word.
    pub heap: usize,
    /// How many powers of that heap (its 0th, 1st, ...) are pairwise told apart.
    pub powers: usize,
}

impl From<Stop> for Failed {
    fn from(stop: Stop) -> Self {
        Failed::Stop(stop)
    }
}

/// Numbers the distinct keys in the order first met: each key's number, and how many.
fn labels(keys: impl Iterator<Item = Vec<u32>>) -> (Vec<u32>, usize) {
    let mut seen: HashMap<Vec<u32>, u32> = HashMap::new();
    let label = keys
        .map(|key| {
            let fresh = seen.len() as u32;
            *seen.entry(key).or_insert(fresh)
        })
        .collect();
    (label, seen.len())
}

/// What a failing trial proves about the quotient it aims at.  Let t be the largest heap of
/// its least failing word and e the exponent of t there: every sum of heaps up to t with
/// fewer than e copies of t comes before that word, so the trial predicts its outcome
/// right (by induction in `word_order`).  E_j, "the same predicted outcome in every
/// context of heaps up to t with at most j copies of t", is Moore's refinement over the
/// heaps below t for j = 0, and E_j(x) = (E_0(x), E_(j−1)(x·t)) after.  Sums with at most
/// a copies of t in different classes of E_(e−1−a) are told apart by the game itself, so
/// the quotient has at least as many classes; returned is the most over a, and the heap
/// below t with the most pairwise distinct powers by E_(e−1), and their number.
/// Running time: O((e + refinement rounds) · |trial| · heaps).
pub fn lower_bound(
    trial: &Pretension,
    failure: &[u32],
    budget: &mut Budget<'_>,
) -> Result<(usize, usize, usize), Stop> {
    let size = trial.size;
    let Some(top) = (1..failure.len()).rev().find(|&h| failure[h] > 0) else {
        return Ok((1, 0, 1));
    };
    let e = failure[top] as usize;
    let mut letters: Vec<usize> = Vec::new();
    for h in 1..top {
        if trial.act[h][0] != 0 && letters.iter().all(|&k| trial.act[k][0] != trial.act[h][0]) {
            letters.push(h);
        }
    }
    let (mut e0, mut count) = labels((0..size).map(|x| vec![u32::from(trial.p[x])]));
    loop {
        budget.charge(size as u64)?;
        let (next, found) = labels((0..size).map(|x| {
            std::iter::once(e0[x])
                .chain(letters.iter().map(|&h| e0[trial.act[h][x] as usize]))
                .collect()
        }));
        e0 = next;
        if found == count {
            break;
        }
        count = found;
    }
    // refined[j] = E_j
    let mut refined = vec![e0.clone()];
    for j in 1..e {
        budget.charge(size as u64)?;
        let last = &refined[j - 1];
        let step = &trial.act[top];
        refined.push(labels((0..size).map(|x| vec![e0[x], last[step[x] as usize]])).0);
    }
    // A_a: the elements of sums with at most a copies of t
    let mut reached = vec![false; size];
    let mut list: Vec<u32> = Vec::new();
    let mut start = vec![0u32];
    let mut classes = 0;
    for a in 0..e {
        for x in start {
            if !reached[x as usize] {
                reached[x as usize] = true;
                list.push(x);
            }
        }
        let mut i = 0;
        while i < list.len() {
            budget.tick()?;
            let x = list[i] as usize;
            for &h in &letters {
                let y = trial.act[h][x];
                if !reached[y as usize] {
                    reached[y as usize] = true;
                    list.push(y);
                }
            }
            i += 1;
        }
        let told = &refined[e - 1 - a];
        classes = classes.max(
            list.iter()
                .map(|&x| told[x as usize])
                .collect::<HashSet<_>>()
                .len(),
        );
        start = list.iter().map(|&x| trial.act[top][x as usize]).collect();
    }
    let told = &refined[e - 1];
    let (mut heap, mut powers) = (0, 1);
    for &h in &letters {
        let mut seen = HashSet::new();
        let mut x = 0usize;
        while seen.insert(told[x]) {
            x = trial.act[h][x] as usize;
        }
        if seen.len() > powers {
            (heap, powers) = (h, seen.len());
        }
    }
    Ok((classes, heap, powers))
}

/// The least word of each element of a pretension.
fn least_words(
    pretension: &Pretension,
    options: &HeapOptions,
    budget: &mut Budget<'_>,
) -> Result<Vec<Vec<u32>>, Stop> {
    struct Least(Vec<Option<Vec<u32>>>);
    impl Walker for Least {
        const OPTIONS: bool = false;
        fn known(&self, elem: u32) -> bool {
            self.0[elem as usize].is_some()
        }
        fn admit(&mut self, _: &[u32], _: u32, _: &[u32]) -> Walk {
            Walk::Go
        }
        fn visit(&mut self, word: &[u32], elem: u32, _: &[u32]) -> bool {
            self.0[elem as usize] = Some(word.to_vec());
            false
        }
    }
    let mut least = Least(vec![None; pretension.size]);
    walk(pretension, options, &mut least, budget)?;
    Ok(least.0.into_iter().map(Option::unwrap_or_default).collect())
}

/// The misère quotient of the heaps 0..=n from the quotient `q` of the heaps 0..n−1 (its
/// `act` holds heaps 0..n−1), as MisereSolver finds it.  First heap n is tried as each
/// element x of q (q does not grow): x must be a P-element exactly when heap n is a misère
/// P-position, no z with z·x ∈ P may have an option z·o ∈ P (no P-failure), and no sum
/// may fail as an N-position (no N-failure), which holds at once when heap n's option
/// elements contain those of a sum of smaller heaps with element x (its sums then have the
/// options of that sum's, and more), else by a walk.  Otherwise heap n is freed (q times a
/// cyclic monoid of index 2 and period 2), the P-portion marked inside the monoid and the
/// trial reduced; then, while some word is predicted wrongly, the trial is recalibrated at
/// the least such word (`recalibrate`).  The result predicts every outcome (no P- nor
/// N-failure, by induction in `word_order`) and is reduced, so it is the misère quotient.
/// The order of each trial checked (reduced) is pushed on `trials`; after `max_trials`
/// failing trials the step stops with what the last one proves (`Failed::Trials`), and a
/// step the budget stops after a failing trial says the same (`Failed::Interrupted`, found
/// past the budget: O(e · |trial| · heaps), see `lower_bound`).
pub fn extend(
    q: &Pretension,
    options: &HeapOptions,
    budget: &mut Budget<'_>,
    trials: &mut Vec<usize>,
    max_trials: Option<usize>,
) -> Result<Pretension, Failed> {
    let n = q.act.len();
    let options = &options[..=n];
    let mut act = q.act.clone();
    if options[n].is_empty() {
        act.push((0..q.size as u32).collect());
        return Ok(Pretension { act, ..q.clone() });
    }
    let least = least_words(q, &options[..n], budget)?;
    let mut reached: Vec<u32> = options[n].iter().map(|o| times(&q.act, 0, o)).collect();
    sorted_union(&mut reached);
    let heap_is_p = !reached.iter().any(|&t| q.p[t as usize]);
    let (_, antichains) = least_failure(q, &options[..n], &least, budget)?;
    let mut candidates = Vec::new();
    for x in (0..q.size as u32).filter(|&x| q.p[x as usize] == heap_is_p) {
        let step: Vec<u32> = least.iter().map(|z| apply(q, x, z)).collect();
        let p_failure = (0..q.size).any(|z| {
            q.p[step[z] as usize]
                && options[n]
                    .iter()
                    .any(|o| q.p[times(&q.act, z as u32, o) as usize])
        });
        if p_failure {
            continue;
        }
        let summary = Summarised::new(&reached);
        if antichains[x as usize]
            .iter()
            .any(|known| known.within(&summary))
        {
            act.push(step);
            return Ok(Pretension { act, ..q.clone() });
        }
        candidates.push(step);
    }
    for step in candidates {
        act.push(step);
        let trial = Pretension { act, ..q.clone() };
        let least = least_words(&trial, options, budget)?;
        if least_failure(&trial, options, &least, budget)?.0.is_none() {
            return Ok(trial);
        }
        act = trial.act;
        act.pop();
    }
    act.push((0..q.size as u32).collect());
    let base = Pretension { act, ..q.clone() };
    let mut trial = free_heaps(&base, &[(n, 2, 2)], options, budget)?;
    // the last failing trial and its least failing word, for what they prove when stopped
    let mut failing: Option<(Pretension, Vec<u32>)> = None;
    let stopped = |stop: Stop, failing: &Option<(Pretension, Vec<u32>)>, trials: usize| {
        let proved = failing
            .as_ref()
            .and_then(|(trial, failure)| unlimited(|b| lower_bound(trial, failure, b)).ok());
        match proved {
            Some((classes, heap, powers)) => Failed::Interrupted(
                stop,
                Stalled {
                    trials,
                    classes,
                    heap,
                    powers,
                },
            ),
            None => Failed::Stop(stop),
        }
    };
    loop {
        trials.push(trial.size);
        let found = least_words(&trial, options, budget)
            .and_then(|least| least_failure(&trial, options, &least, budget));
        let failure = match found {
            Ok((None, _)) => return Ok(trial),
            Ok((Some(failure), _)) => failure,
            Err(stop) => return Err(stopped(stop, &failing, trials.len() - 1)),
        };
        if max_trials.is_some_and(|m| trials.len() >= m) {
            let (classes, heap, powers) = lower_bound(&trial, &failure, budget)?;
            return Err(Failed::Trials(Stalled {
                trials: trials.len(),
                classes,
                heap,
                powers,
            }));
        }
        let next = recalibrate(&trial, &failure, options, budget);
        failing = Some((trial, failure));
        trial = match next {
            Ok(next) => next,
            Err(Failed::Stop(stop)) => return Err(stopped(stop, &failing, trials.len())),
            Err(other) => return Err(other),
        };
    }
}

#[cfg(test)]
mod tests {
    use super::{element, extend, predicts, Candidate, Failed, Letter, Pretension};
    use crate::budget::{unlimited, Budget};
    use hashbrown::{HashMap, HashSet};

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

    /// The tame quotient of *, *2 (order 6: a² = 1, b³ = b, P = {a, b²}) predicts misère
    /// nim on heaps of sizes 1 and 2; element a^y·b^k is 2k + y.
    #[test]
    fn the_tame_quotient_of_two_heaps_is_predicted() {
        let power = |k: usize| if k < 3 { k } else { 1 + (k - 1) % 2 };
        let table: Vec<u32> = (0..36)
            .map(|i| {
                let (x, y) = (i / 6, i % 6);
                ((x % 2 + y % 2) % 2 + 2 * power(x / 2 + y / 2)) as u32
            })
            .collect();
        let candidate = Candidate {
            size: 6,
            table: &table,
            p_portion: &[1, 4],
        };
        let letters: Vec<Letter> = vec![(1, vec![0]), (2, vec![0, 1])];
        assert!(candidate.check(&letters).is_ok());
        assert!(unlimited(|b| predicts(&candidate, &letters, b)).unwrap());
        let wrong = Candidate {
            size: 6,
            table: &table,
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

    /// The quotient of the heaps 1..=n of a heap game, heap by heap.
    fn quotient(options: &[Vec<Vec<u32>>]) -> Pretension {
        let mut q = Pretension {
            size: 1,
            act: vec![vec![0]],
            p: vec![false],
        };
        for _ in 1..options.len() {
            q = unlimited(|b| extend(&q, options, b, &mut Vec::new(), None)).unwrap();
        }
        q
    }

    /// Misère nim on heaps of 1, 2 and 3: the tame quotient of order 6 with a P-portion of 2.
    #[test]
    fn misere_nim_to_three_is_tame() {
        let options: Vec<Vec<Vec<u32>>> = (0..4u32)
            .map(|h| {
                (0..h)
                    .map(|k| if k == 0 { vec![] } else { vec![k] })
                    .collect()
            })
            .collect();
        let q = quotient(&options);
        assert_eq!((q.size, q.p.iter().filter(|&&p| p).count()), (6, 2));
    }

    /// `count` pseudo-random heap games on the heaps 0..=`top`: each heap's options are sums
    /// of at most two smaller heaps.
    fn random_games(count: usize, top: u32) -> Vec<Vec<Vec<Vec<u32>>>> {
        let mut seed = 0x9e37_79b9_7f4a_7c15u64;
        let mut next = move |m: u64| {
            seed ^= seed << 13;
            seed ^= seed >> 7;
            seed ^= seed << 17;
            seed % m
        };
        (0..count)
            .map(|_| {
                let mut options: Vec<Vec<Vec<u32>>> = vec![vec![]];
                for h in 1..=top {
                    let mut listed: Vec<Vec<u32>> = Vec::new();
                    for _ in 0..next(4) {
                        let mut parts: Vec<u32> = (0..next(3))
                            .map(|_| next(u64::from(h)) as u32)
                            .filter(|&x| x > 0)
                            .collect();
                        if parts.iter().sum::<u32>() < h {
                            parts.sort_unstable();
                            listed.push(parts);
                        }
                    }
                    options.push(listed);
                }
                options
            })
            .collect()
    }

    /// A step stopped after one failing trial claims no more classes than the quotient it
    /// aims at has, and no more distinct powers of a heap than that heap's element has.
    /// The heaps 0..=`top` of the take-and-break game with the digits `code` (digit k: bit
    /// 0 takes k tokens leaving nothing, bit 1 leaving one heap, bit 2 leaving two).
    fn take_and_break(code: &[u32], top: u32) -> Vec<Vec<Vec<u32>>> {
        (0..=top)
            .map(|n| {
                let mut listed: Vec<Vec<u32>> = Vec::new();
                for (k, &digit) in code.iter().enumerate() {
                    let Some(rest) = n.checked_sub(k as u32).filter(|_| n > 0) else {
                        continue;
                    };
                    if digit & 1 == 1 && rest == 0 {
                        listed.push(vec![]);
                    }
                    if digit & 2 == 2 && rest > 0 {
                        listed.push(vec![rest]);
                    }
                    for a in (1..=rest / 2).filter(|_| digit & 4 == 4) {
                        listed.push(vec![a, rest - a]);
                    }
                }
                listed
            })
            .collect()
    }

    /// A step stopped after its first (or fourth) failing trial, or by a node budget after
    /// some failing trial, claims no more classes than the quotient it aims at has, and no
    /// more distinct powers of a heap than that heap's element has (Dawson's Kayles 0.07 to heap 27, 4.07 to 16, 0.72 to 20, and
    /// pseudo-random games).
    #[test]
    fn a_stalled_trial_bounds_the_quotient_from_below() {
        let (mut stalled, mut interrupted) = (0, 0);
        let octal = [
            take_and_break(&[0, 0, 7], 27),
            take_and_break(&[4, 0, 7], 16),
            take_and_break(&[0, 7, 2], 20),
        ];
        for options in octal.into_iter().chain(random_games(60, 9)) {
            let mut q = Pretension {
                size: 1,
                act: vec![vec![0]],
                p: vec![false],
            };
            for _ in 1..options.len() {
                let mut capped: Vec<_> = [1, 4]
                    .iter()
                    .map(|&m| unlimited(|b| extend(&q, &options, b, &mut Vec::new(), Some(m))))
                    .collect();
                // stopped by a node budget instead, after some failing trial
                for nodes in [3_000, 30_000] {
                    let mut never = || false;
                    let mut budget = Budget::new(Some(nodes), None, &mut never);
                    let stopped = extend(&q, &options, &mut budget, &mut Vec::new(), None);
                    if let Err(Failed::Interrupted(_, s)) = stopped {
                        interrupted += 1;
                        capped.push(Err(Failed::Trials(s)));
                    }
                }
                q = unlimited(|b| extend(&q, &options, b, &mut Vec::new(), None)).unwrap();
                for s in capped.into_iter().filter_map(|c| match c {
                    Err(Failed::Trials(s)) => Some(s),
                    _ => None,
                }) {
                    stalled += 1;
                    assert!(1 <= s.classes && s.classes <= q.size, "{s:?} {}", q.size);
                    let mut powers = HashSet::new();
                    let mut x = 0u32;
                    while powers.insert(x) {
                        x = q.act[s.heap][x as usize];
                    }
                    assert!(s.powers <= powers.len(), "{s:?}");
                }
            }
        }
        assert!(
            stalled >= 16 && interrupted >= 4,
            "{stalled} steps stopped, {interrupted} by the budget"
        );
    }

    /// On pseudo-random heap games (each heap's options: sums of at most two smaller
    /// heaps), the quotient's outcome of every sum of at most three heaps and twelve
    /// tokens is the misère outcome found by plain search.
    #[test]
    fn quotients_agree_with_plain_search() {
        for options in random_games(40, 7) {
            let top = 7u32;
            let q = quotient(&options);
            let mut memo: HashMap<Vec<u32>, bool> = HashMap::new();
            for a in 1..=top {
                for b in 0..=a {
                    for c in 0..=b {
                        let position: Vec<u32> = [a, b, c].into_iter().filter(|&x| x > 0).collect();
                        if position.iter().sum::<u32>() > 12 {
                            continue;
                        }
                        let word = {
                            let mut w = vec![0u32; top as usize + 1];
                            position.iter().for_each(|&h| w[h as usize] += 1);
                            w
                        };
                        assert_eq!(
                            q.p[element(&q, &word)],
                            misere_p(&position, &options, &mut memo)
                        );
                    }
                }
            }
        }
    }

    /// Plain misère search: is the sum of heaps a P-position?
    fn misere_p(
        position: &[u32],
        options: &[Vec<Vec<u32>>],
        memo: &mut HashMap<Vec<u32>, bool>,
    ) -> bool {
        if let Some(&p) = memo.get(position) {
            return p;
        }
        let mut moves = false;
        let mut to_p = false;
        for (i, &h) in position.iter().enumerate() {
            for parts in &options[h as usize] {
                moves = true;
                let mut option: Vec<u32> = position[..i]
                    .iter()
                    .chain(&position[i + 1..])
                    .chain(parts)
                    .copied()
                    .collect();
                option.sort_unstable();
                to_p |= misere_p(&option, options, memo);
            }
        }
        let p = moves && !to_p;
        memo.insert(position.to_vec(), p);
        p
    }
}
