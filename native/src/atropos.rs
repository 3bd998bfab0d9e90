//! Atropos win/loss search on abstract states (Burke 2009, Def 3.2.2-3.2.3; seed
//! `004_d08755248cee49c5.txt` L440, L448).
//!
//! The state is the one of `grundy/rulesets/atropos/search.py`, which documents it and
//! stays the reference: the uncoloured open circles, for each of them the colours that
//! would complete a bad triangle (4 bits per circle, bit `c` for colour `c`), for each
//! smallest triangle with one coloured circle that colour (2 bits per triangle), and the
//! circles the player to move may colour.  Suicidal moves are never searched (they lose
//! at once), so a state is lost exactly when every safe move leads to a won state.
//!
//! The board's geometry (neighbours, triangles through each circle, the 36 symmetries of
//! board and colours) comes from Python, so both engines play on the same tables.

use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::{Mutex, MutexGuard};

use hashbrown::HashMap;

use crate::budget::{Budget, Stop};
use crate::flat::{advise_huge_pages, prefetch};

/// Circles up to 64 (boards up to n = 10), triangles up to 128 (n = 9).
pub const MAX_CIRCLES: usize = 64;
pub const MAX_TRIANGLES: usize = 128;
/// At most this many search threads (the machine's cores are the useful limit).
pub const MAX_THREADS: usize = 64;

/// An abstract state; `forbidden` holds 4 bits per circle, `single` 2 bits per triangle.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord, Default)]
pub struct State {
    pub uncoloured: u64,
    pub candidates: u64,
    pub forbidden: [u64; 4],
    pub single: [u64; 4],
}

impl State {
    #[inline]
    fn forbidden_of(&self, u: usize) -> u64 {
        (self.forbidden[u / 16] >> (4 * (u % 16))) & 15
    }

    #[inline]
    fn forbid(&mut self, u: usize, colour: u64) {
        self.forbidden[u / 16] |= 1 << (4 * (u % 16) + colour as usize);
    }

    #[inline]
    fn clear_forbidden(&mut self, u: usize) {
        self.forbidden[u / 16] &= !(15 << (4 * (u % 16)));
    }

    #[inline]
    fn single_of(&self, t: usize) -> u64 {
        (self.single[t / 32] >> (2 * (t % 32))) & 3
    }

    #[inline]
    fn set_single(&mut self, t: usize, colour: u64) {
        let (limb, shift) = (t / 32, 2 * (t % 32));
        self.single[limb] = (self.single[limb] & !(3 << shift)) | (colour << shift);
    }
}

/// One symmetry: images of circles and triangles, and a permutation of colours 0..=3.
#[derive(Clone, Debug)]
pub struct Symmetry {
    pub cells: Vec<u8>,
    pub triangles: Vec<u8>,
    pub colours: [u8; 4],
}

/// The fixed tables of one board size.
#[derive(Clone, Debug)]
pub struct Geometry {
    pub neighbours: Vec<u64>,
    /// `at[u]`: (triangle, v, w) for each smallest triangle through circle u, where v and
    /// w are the other two circles' indices or -1 for a border circle.
    pub at: Vec<Vec<(u8, i8, i8)>>,
    pub symmetries: Vec<Symmetry>,
    pub restricted: bool,
}

impl Geometry {
    /// Check the tables' sizes; the error names what is out of range.
    pub fn new(
        neighbours: Vec<u64>,
        at: Vec<Vec<(u8, i8, i8)>>,
        symmetries: Vec<Symmetry>,
        restricted: bool,
    ) -> Result<Self, String> {
        let size = neighbours.len();
        if size > MAX_CIRCLES || at.len() != size {
            return Err(format!(
                "an Atropos board for the native kernel has at most {MAX_CIRCLES} open circles \
                 (n <= 10) and one triangle list per circle; got {size} and {}",
                at.len()
            ));
        }
        let bad_triangle = at.iter().flatten().any(|&(t, v, w)| {
            t as usize >= MAX_TRIANGLES || v as i64 >= size as i64 || w as i64 >= size as i64
        });
        let bad_symmetry = symmetries.iter().any(|s| {
            s.cells.len() != size
                || s.cells.iter().any(|&c| c as usize >= size)
                || s.triangles.iter().any(|&t| t as usize >= MAX_TRIANGLES)
                || s.colours.iter().any(|&c| c > 3)
        });
        if bad_triangle || bad_symmetry {
            return Err("inconsistent Atropos geometry tables".to_string());
        }
        Ok(Geometry {
            neighbours,
            at,
            symmetries,
            restricted,
        })
    }

    fn candidates(&self, uncoloured: u64, last: usize) -> u64 {
        if self.restricted {
            let near = self.neighbours[last] & uncoloured;
            if near != 0 {
                return near;
            }
        }
        uncoloured
    }

    /// The state after safely colouring open circle `u` with colour `x` (1, 2 or 3).
    pub fn play(&self, state: &State, u: usize, x: u64) -> State {
        let mut next = *state;
        next.uncoloured &= !(1 << u);
        let uncoloured = next.uncoloured;
        let open = |c: i8| c >= 0 && uncoloured >> c & 1 == 1;
        for &(t, v, w) in &self.at[u] {
            let t = t as usize;
            let (v_open, w_open) = (open(v), open(w));
            if v_open && w_open {
                next.set_single(t, x);
            } else if v_open || w_open {
                let other = next.single_of(t);
                next.set_single(t, 0);
                if other != x {
                    next.forbid(if v_open { v as usize } else { w as usize }, 6 - x - other);
                }
            }
        }
        next.clear_forbidden(u);
        next.candidates = self.candidates(next.uncoloured, u);
        next
    }

    /// Every safe (circle, colour) for the player to move.
    pub fn safe_moves(&self, state: &State) -> impl Iterator<Item = (usize, u64)> + '_ {
        let state = *state;
        let mut rest = state.candidates;
        std::iter::from_fn(move || {
            if rest == 0 {
                return None;
            }
            let u = rest.trailing_zeros() as usize;
            rest &= rest - 1;
            Some(u)
        })
        .flat_map(move |u| {
            let banned = state.forbidden_of(u);
            (1..=3u64)
                .filter(move |x| banned >> x & 1 == 0)
                .map(move |x| (u, x))
        })
    }

    /// How many safe moves the player to move has (`safe_moves(state).count()`).
    #[inline]
    pub fn safe_move_count(&self, state: &State) -> u32 {
        let mut count = 0;
        let mut rest = state.candidates;
        while rest != 0 {
            let u = rest.trailing_zeros() as usize;
            rest &= rest - 1;
            count += 3 - (state.forbidden_of(u) & 14).count_ones();
        }
        count
    }

    /// The least image of `state` under the symmetries (board × colours).
    pub fn canonical(&self, state: &State) -> State {
        let mut best = *state;
        for s in &self.symmetries {
            let mut image = State::default();
            let mut rest = state.uncoloured;
            while rest != 0 {
                let u = rest.trailing_zeros() as usize;
                rest &= rest - 1;
                let to = s.cells[u] as usize;
                image.uncoloured |= 1 << to;
                if state.candidates >> u & 1 == 1 {
                    image.candidates |= 1 << to;
                }
                let banned = state.forbidden_of(u);
                for x in 1..=3u64 {
                    if banned >> x & 1 == 1 {
                        image.forbid(to, s.colours[x as usize] as u64);
                    }
                }
            }
            for (t, &to) in s.triangles.iter().enumerate() {
                let colour = state.single_of(t);
                if colour != 0 {
                    image.set_single(to as usize, s.colours[colour as usize] as u64);
                }
            }
            if image < best {
                best = image;
            }
        }
        best
    }
}

/// What the search needs of a transposition table: the single-threaded `Table`, or a
/// `SharedTable` seen from one of several threads (which also marks the states near the
/// root being searched, so the other threads try other moves first, and carries the stop
/// flag).  `depth` is the state's distance from the search's root.
pub trait Transpositions {
    /// True when several threads search (then `busy`, `enter`, `leave` and `stopped` work).
    const SHARED: bool = false;
    /// What a state is looked up by: the state itself, or (`HashTable`) its fingerprint,
    /// computed once for each state generated.
    type Key: Copy + Default;
    fn key(&self, state: &State) -> Self::Key;
    /// Start bringing the entry of `key` into the cache (a hint; by default nothing).
    #[inline]
    fn prefetch(&self, _key: Self::Key) {}
    fn get(&self, key: Self::Key, depth: usize) -> Option<bool>;
    /// Keep the result of a state whose search expanded `work` states.
    fn insert(&mut self, key: Self::Key, won: bool, depth: usize, work: u64);
    /// Is another thread searching this state?
    fn busy(&self, _key: &Self::Key) -> bool {
        false
    }
    fn enter(&self, _key: &Self::Key) {}
    fn leave(&self, _key: &Self::Key) {}
    /// Has another thread finished (or stopped) the search?
    fn stopped(&self) -> bool {
        false
    }
}

/// A transposition table of bounded size: when the current generation is full it becomes
/// the old one (the older one is dropped), so recent results survive and memory is bounded.
/// Values are win/loss (`bool`, the outcome search) or nimbers (`u8`, `nimber`).
pub struct Table<V = bool> {
    current: HashMap<State, V>,
    old: HashMap<State, V>,
    capacity: usize,
}

impl<V: Copy> Table<V> {
    pub fn new(capacity: usize) -> Self {
        Table {
            current: HashMap::new(),
            old: HashMap::new(),
            capacity: capacity.max(1),
        }
    }

    pub fn len(&self) -> usize {
        self.current.len() + self.old.len()
    }

    pub fn is_empty(&self) -> bool {
        self.len() == 0
    }

    #[inline]
    fn lookup(&self, state: &State) -> Option<V> {
        self.current
            .get(state)
            .or_else(|| self.old.get(state))
            .copied()
    }

    #[inline]
    fn keep(&mut self, state: State, value: V) {
        if self.current.len() >= self.capacity {
            self.old = std::mem::take(&mut self.current);
        }
        self.current.insert(state, value);
    }
}

impl Transpositions for Table {
    type Key = State;

    #[inline]
    fn key(&self, state: &State) -> State {
        *state
    }

    #[inline]
    fn get(&self, state: State, _depth: usize) -> Option<bool> {
        self.lookup(&state)
    }

    #[inline]
    fn insert(&mut self, state: State, won: bool, _depth: usize, _work: u64) {
        self.keep(state, won);
    }
}

/// A transposition table of bounded memory: up to `1 << bits` slots of 16 bytes in buckets
/// of four (one cache line), each slot a 120-bit fingerprint of a state (`fingerprint`),
/// the work its search took (6 bits: the number of binary digits of the states expanded)
/// and its result (the low bit), 0 for an empty slot.  It starts small and grows fourfold
/// when half full, up to its bound (or until memory cannot be had); a new entry goes to the
/// front of its bucket and, in a full bucket, the one of least work among the three behind
/// it falls out (the oldest of those on a tie): the newest result is always kept, and an
/// expensive one outlives many cheap ones.
/// Keys are not stored, so two states with one fingerprint would share an entry: with
/// independent 120-bit fingerprints the chance of any such pair among 10^9 look-ups is
/// below 10^-18.
pub struct HashTable {
    slots: Vec<Bucket>,
    mask: usize,
    len: usize,
    max_buckets: usize,
}

/// Four slots on one cache line of 64 bytes.
#[derive(Clone, Copy, Default)]
#[repr(align(64))]
struct Bucket([u128; 4]);

/// Two independent 64-bit hashes of the state's ten words (multiply-rotate rounds, then
/// the SplitMix64 finaliser on each), as one 128-bit word whose low byte is `FINGERPRINT`'s
/// marker bit (so it is never 0), leaving the bits of `WORK` and `WON` clear.
fn fingerprint(state: &State) -> u128 {
    fn finish(mut z: u64) -> u64 {
        z = (z ^ (z >> 30)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
        z = (z ^ (z >> 27)).wrapping_mul(0x94D0_49BB_1331_11EB);
        z ^ (z >> 31)
    }
    let words = [state.uncoloured, state.candidates]
        .into_iter()
        .chain(state.forbidden)
        .chain(state.single);
    let (mut a, mut b) = (0x243F_6A88_85A3_08D3u64, 0x1319_8A2E_0370_7344u64);
    for w in words {
        a = (a ^ w).wrapping_mul(0x9E37_79B9_7F4A_7C15).rotate_left(29);
        b = (b ^ w.rotate_left(32))
            .wrapping_mul(0xC2B2_AE3D_27D4_EB4F)
            .rotate_left(31);
    }
    (u128::from(finish(a)) << 64 | u128::from(finish(b))) & FINGERPRINT | 0x80
}

/// A `HashTable` slot: the fingerprint (bits 7 to 127, bit 7 always set), the work (bits 1
/// to 6) and the result (bit 0).
const FINGERPRINT: u128 = !0x7F;
const WORK: u128 = 0x7E;
const WON: u128 = 1;

/// The number of binary digits of `work` (0 to 64), capped to fit `WORK`.
fn work_bits(work: u64) -> u128 {
    u128::from((64 - work.leading_zeros()).min(63))
}

impl HashTable {
    /// A table of at most `1 << bits` slots (`bits` from 2 to 40).
    pub fn new(bits: u32) -> Self {
        let max_buckets = 1usize << (bits.clamp(2, 40) - 2);
        let buckets = max_buckets.min(1 << 10);
        HashTable {
            slots: vec![Bucket::default(); buckets],
            mask: buckets - 1,
            len: 0,
            max_buckets,
        }
    }

    /// Slots in use.
    pub fn len(&self) -> usize {
        self.len
    }

    pub fn is_empty(&self) -> bool {
        self.len == 0
    }

    #[inline]
    fn bucket(&self, key: u128) -> usize {
        (key >> 64) as usize & self.mask
    }

    /// Four times the buckets (at most the bound), every entry moved to its new bucket; if
    /// the memory cannot be had the table keeps its size from then on.  (Fourfold, not
    /// twofold: the tables left behind add up to a third of the last one, not all of it,
    /// which the process has to touch and hold while moving.)
    fn grow(&mut self) {
        let buckets = (4 * self.slots.len()).min(self.max_buckets);
        let mut slots = Vec::new();
        if slots.try_reserve_exact(buckets).is_err() {
            self.max_buckets = self.slots.len();
            return;
        }
        advise_huge_pages(&mut slots);
        slots.resize(buckets, Bucket::default());
        let old = std::mem::replace(&mut self.slots, slots);
        self.mask = buckets - 1;
        self.len = 0;
        for bucket in old {
            // Oldest first, so that each bucket keeps its most recent entries in front.
            for slot in bucket.0.into_iter().rev().filter(|&slot| slot != 0) {
                self.place(slot);
            }
        }
    }

    /// Put `slot` at the front of its bucket, the others shifted back over the slot that
    /// makes way: the state's old entry if it has one, else an empty slot, else the entry of
    /// least work behind the front one (the last of those on a tie).
    fn place(&mut self, slot: u128) {
        let index = self.bucket(slot);
        let bucket = &mut self.slots[index].0;
        let end = bucket
            .iter()
            .position(|&old| old == 0 || old & FINGERPRINT == slot & FINGERPRINT)
            .unwrap_or_else(|| {
                (1..4)
                    .rev()
                    .min_by_key(|&k| bucket[k] & WORK)
                    .expect("a bucket has four slots")
            });
        if bucket[end] == 0 {
            self.len += 1;
        }
        bucket.copy_within(0..end, 1);
        bucket[0] = slot;
    }
}

impl Transpositions for HashTable {
    type Key = u128;

    #[inline]
    fn key(&self, state: &State) -> u128 {
        fingerprint(state)
    }

    #[inline]
    fn prefetch(&self, key: u128) {
        prefetch(&self.slots[self.bucket(key)]);
    }

    #[inline]
    fn get(&self, key: u128, _depth: usize) -> Option<bool> {
        self.slots[self.bucket(key)]
            .0
            .iter()
            .find(|&&slot| slot & FINGERPRINT == key)
            .map(|&slot| slot & WON == WON)
    }

    #[inline]
    fn insert(&mut self, key: u128, won: bool, _depth: usize, work: u64) {
        if self.len >= 2 * self.slots.len() && self.slots.len() < self.max_buckets {
            self.grow();
        }
        self.place(key | work_bits(work) << 1 | u128::from(won));
    }
}

/// States nearer the root than this go to the shared table, and are marked busy while a
/// thread searches them; deeper ones go to each thread's own table.  Locking the shared
/// table costs more than an expansion (n = 7: sharing every state, two threads used 1.7x
/// the CPU time of one and were no faster), and deep subtrees are small enough to be
/// searched twice now and then (n = 7: 24% more states expanded, shared up to depth 12).
pub const BUSY_DEPTH: usize = 12;

/// One lock-striped part of a `SharedTable`: its results and the states being searched
/// (with how many threads search each).
struct Shard {
    table: Table,
    busy: HashMap<State, u32>,
}

/// The tables of a threaded search: for states near the root, `SHARDS` tables behind their
/// own locks, chosen by the state's hash; for deeper ones, one table per thread (each of
/// a share of the capacity).  All are kept between searches.
pub struct SharedTable {
    shards: Vec<Padded>,
    own: Vec<Mutex<Table>>,
    stop: AtomicBool,
}

const SHARDS: usize = 64;

/// A shard on cache lines of its own, so that threads locking neighbouring shards do not
/// contend for one line.
#[repr(align(128))]
struct Padded(Mutex<Shard>);

impl SharedTable {
    pub fn new(capacity: usize, threads: usize) -> Self {
        let threads = threads.max(1);
        let shards = (0..SHARDS)
            .map(|_| {
                Padded(Mutex::new(Shard {
                    table: Table::new(capacity / SHARDS),
                    busy: HashMap::new(),
                }))
            })
            .collect();
        SharedTable {
            shards,
            own: (0..threads)
                .map(|_| Mutex::new(Table::new(capacity / threads)))
                .collect(),
            stop: AtomicBool::new(false),
        }
    }

    fn shard(&self, state: &State) -> MutexGuard<'_, Shard> {
        // A mix of the fields of its own, so the shard's map (hashing the state with its own
        // hasher) sees all its hash bits vary.
        let mixed = [state.uncoloured, state.candidates]
            .iter()
            .chain(&state.forbidden)
            .chain(&state.single)
            .fold(0u64, |h, &x| {
                (h.rotate_left(23) ^ x).wrapping_mul(0x9E37_79B9_7F4A_7C15)
            });
        // A thread that panicked holding a lock left a consistent map (inserts are whole):
        // the panic itself is reported by the scope, so a poisoned lock is simply taken.
        self.shards[(mixed >> 58) as usize % SHARDS]
            .0
            .lock()
            .unwrap_or_else(|poisoned| poisoned.into_inner())
    }

    pub fn len(&self) -> usize {
        self.shards
            .iter()
            .map(|s| s.0.lock().unwrap_or_else(|p| p.into_inner()).table.len())
            .chain(
                self.own
                    .iter()
                    .map(|t| t.lock().unwrap_or_else(|p| p.into_inner()).len()),
            )
            .sum()
    }

    pub fn is_empty(&self) -> bool {
        self.len() == 0
    }
}

/// One thread's view of a `SharedTable`: the shared part and its own table.
struct Shared<'a>(&'a SharedTable, &'a mut Table);

impl Transpositions for Shared<'_> {
    const SHARED: bool = true;
    type Key = State;

    #[inline]
    fn key(&self, state: &State) -> State {
        *state
    }

    #[inline]
    fn get(&self, state: State, depth: usize) -> Option<bool> {
        if depth < BUSY_DEPTH {
            self.0.shard(&state).table.get(state, depth)
        } else {
            self.1.get(state, depth)
        }
    }

    #[inline]
    fn insert(&mut self, state: State, won: bool, depth: usize, work: u64) {
        if depth < BUSY_DEPTH {
            self.0.shard(&state).table.insert(state, won, depth, work);
        } else {
            self.1.insert(state, won, depth, work);
        }
    }

    fn busy(&self, state: &State) -> bool {
        self.0.shard(state).busy.contains_key(state)
    }

    fn enter(&self, state: &State) {
        *self.0.shard(state).busy.entry(*state).or_insert(0) += 1;
    }

    fn leave(&self, state: &State) {
        let mut shard = self.0.shard(state);
        if let Some(count) = shard.busy.get_mut(state) {
            *count -= 1;
            if *count == 0 {
                shard.busy.remove(state);
            }
        }
    }

    #[inline]
    fn stopped(&self) -> bool {
        self.0.stop.load(Ordering::Relaxed)
    }
}

/// States within this many plies of the search's root are keyed up to symmetry.
pub const SYMMETRY_DEPTH: usize = 3;

/// Does the player to move win from `state`?  Iterative (an explicit stack), first win
/// cut-off, children already known lost are looked up before any is searched.
pub fn wins<T: Transpositions>(
    geometry: &Geometry,
    table: &mut T,
    root: State,
    budget: &mut Budget,
) -> Result<bool, Stop> {
    search(geometry, table, root, budget)
}

/// `wins` on as many threads as `table` has (`SharedTable::new`).  Every thread runs the
/// same search, sharing the results near the root; there, a thread that meets a reply
/// (other than the first) another thread is searching tries its other replies first and
/// comes back to it at the end, by when it is usually solved (Weill 1996's ABDADA
/// scheme).  The calling thread keeps `budget` (its node and time limits and interrupt
/// hook); the others have the same limits, each counting its own expansions.  The first
/// thread to finish or stop stops the others; the result is that thread's, and the
/// budget's node count is the sum over threads.
pub fn wins_threaded(
    geometry: &Geometry,
    table: &SharedTable,
    root: State,
    budget: &mut Budget,
    limits: (Option<u64>, Option<f64>),
) -> Result<bool, Stop> {
    table.stop.store(false, Ordering::Relaxed);
    let first: Mutex<Option<Result<bool, Stop>>> = Mutex::new(None);
    let finish = |result: Result<bool, Stop>| {
        let mut first = first.lock().unwrap_or_else(|p| p.into_inner());
        if first.is_none()
            && !(result == Err(Stop::Interrupted) && table.stop.load(Ordering::Relaxed))
        {
            *first = Some(result);
        }
        table.stop.store(true, Ordering::Relaxed);
    };
    let own = |thread: usize| table.own[thread].lock().unwrap_or_else(|p| p.into_inner());
    let helpers = std::thread::scope(|scope| {
        let helpers: Vec<_> = (1..table.own.len())
            .map(|thread| {
                scope.spawn(move || {
                    let mut never = || false;
                    let mut budget = Budget::new(limits.0, limits.1, &mut never);
                    let mut view = Shared(table, &mut own(thread));
                    finish(search(geometry, &mut view, root, &mut budget));
                    budget.nodes
                })
            })
            .collect();
        finish(search(
            geometry,
            &mut Shared(table, &mut own(0)),
            root,
            budget,
        ));
        helpers
            .into_iter()
            .map(|h| {
                h.join()
                    .unwrap_or_else(|panic| std::panic::resume_unwind(panic))
            })
            .sum::<u64>()
    });
    budget.nodes += helpers;
    for shard in &table.shards {
        shard
            .0
            .lock()
            .unwrap_or_else(|p| p.into_inner())
            .busy
            .clear();
    }
    first
        .into_inner()
        .unwrap_or_else(|p| p.into_inner())
        .expect("the stop flag is set only after a result is kept")
}

fn search<T: Transpositions>(
    geometry: &Geometry,
    table: &mut T,
    root: State,
    budget: &mut Budget,
) -> Result<bool, Stop> {
    /// A state being searched; its replies are `children[start..end]`, tried in order.
    struct Frame<K> {
        key: K,
        start: usize,
        end: usize,
        next: usize,
        /// Children from `first_pass` on were put off because another thread had them.
        first_pass: usize,
        /// the budget's count of expansions when this state was expanded
        expanded_at: u64,
    }
    #[derive(Clone, Copy)]
    struct Child<K> {
        state: State,
        key: K,
        /// safe moves the child leaves its player
        replies: u32,
    }
    let key_of = |table: &T, state: &State, depth: usize| {
        if depth < SYMMETRY_DEPTH {
            table.key(&geometry.canonical(state))
        } else {
            table.key(state)
        }
    };
    // The replies of every state on the stack, one after another (the deepest last).
    let mut children: Vec<Child<T::Key>> = Vec::new();
    let open = |state: State,
                key: T::Key,
                depth: usize,
                table: &T,
                children: &mut Vec<Child<T::Key>>|
     -> Result<Frame<T::Key>, bool> {
        if let Some(known) = table.get(key, depth) {
            return Err(known);
        }
        let start = children.len();
        for (u, x) in geometry.safe_moves(&state) {
            let child = geometry.play(&state, u, x);
            let replies = geometry.safe_move_count(&child);
            if replies == 0 {
                // A reply that leaves the opponent no safe move wins at once: no key, no
                // look-up.
                children.truncate(start);
                return Err(true);
            }
            children.push(Child {
                state: child,
                key: T::Key::default(),
                replies,
            });
        }
        // Every reply's entry is asked for before any is looked up, so the memory accesses
        // overlap (and the sort below runs meanwhile).
        for child in &mut children[start..] {
            child.key = key_of(table, &child.state, depth + 1);
            table.prefetch(child.key);
        }
        // Replies that leave the opponent fewest safe moves first: a win found early cuts
        // the rest.
        children[start..].sort_by_key(|child| child.replies);
        if children[start..]
            .iter()
            .any(|child| table.get(child.key, depth + 1) == Some(false))
        {
            children.truncate(start);
            return Err(true);
        }
        Ok(Frame {
            key,
            start,
            end: children.len(),
            next: start,
            first_pass: children.len(),
            expanded_at: 0,
        })
    };
    let tick = |budget: &mut Budget, table: &T| {
        budget.tick()?;
        if T::SHARED && table.stopped() {
            return Err(Stop::Interrupted);
        }
        Ok(())
    };
    let mut stack: Vec<Frame<T::Key>> = Vec::new();
    let root_key = key_of(table, &root, 0);
    let mut answer = match open(root, root_key, 0, table, &mut children) {
        Err(known) => return Ok(known),
        Ok(mut frame) => {
            tick(budget, table)?;
            frame.expanded_at = budget.nodes;
            if T::SHARED {
                table.enter(&frame.key);
            }
            stack.push(frame);
            None
        }
    };
    loop {
        let depth = stack.len() - 1;
        let frame = stack
            .last_mut()
            .expect("the stack holds the root until it is solved");
        // `answer` is the value of the child just solved (for its mover).
        let won = match answer.take() {
            Some(false) => Some(true),
            _ if frame.next == frame.end => Some(false),
            _ => None,
        };
        if let Some(won) = won {
            let (key, start) = (frame.key, frame.start);
            let work = budget.nodes + 1 - frame.expanded_at;
            stack.pop();
            children.truncate(start);
            if T::SHARED && depth < BUSY_DEPTH {
                table.leave(&key);
            }
            table.insert(key, won, depth, work);
            if stack.is_empty() {
                return Ok(won);
            }
            answer = Some(won);
            continue;
        }
        let child = children[frame.next];
        frame.next += 1;
        if T::SHARED
            && frame.next > frame.start + 1
            && frame.next <= frame.first_pass
            && depth + 1 < BUSY_DEPTH
            && table.busy(&child.key)
        {
            // The top frame's replies end the list: put this one off to the end.
            children.push(child);
            frame.end += 1;
            continue;
        }
        match open(child.state, child.key, depth + 1, table, &mut children) {
            Err(known) => answer = Some(known),
            Ok(mut child_frame) => {
                tick(budget, table)?;
                child_frame.expanded_at = budget.nodes;
                if T::SHARED && depth + 1 < BUSY_DEPTH {
                    table.enter(&child_frame.key);
                }
                stack.push(child_frame);
            }
        }
    }
}

/// What a `nimber` search saw: for each nimber, how many states it expanded with that value
/// and the safe moves (circle, colour) from the root to the first of them.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Census {
    pub counts: Vec<u64>,
    pub witnesses: Vec<Vec<(u8, u8)>>,
}

impl Census {
    fn record(&mut self, value: u8, path: impl FnOnce() -> Vec<(u8, u8)>) {
        let v = value as usize;
        if self.counts.len() <= v {
            self.counts.resize(v + 1, 0);
            self.witnesses.resize(v + 1, Vec::new());
        }
        if self.counts[v] == 0 {
            self.witnesses[v] = path();
        }
        self.counts[v] += 1;
    }
}

/// Does the player to move have a suicidal move (a candidate circle with a colour that
/// completes a bad triangle)?
fn has_suicidal(state: &State) -> bool {
    let mut rest = state.candidates;
    while rest != 0 {
        let u = rest.trailing_zeros() as usize;
        rest &= rest - 1;
        if state.forbidden_of(u) != 0 {
            return true;
        }
    }
    false
}

/// The nimber (Sprague-Grundy value, the mex of the options' values) of `root`.  The
/// options are the safe moves; with `suicide`, a suicidal move is one more option, to the
/// finished game of value 1 (Burke 2009, Def 2.1.6, L364), which only adds 1 to the set
/// whose mex is taken.  Iterative (an explicit stack), every option valued (a nimber has
/// no cut-off), states within `SYMMETRY_DEPTH` plies keyed up to symmetry.  With a
/// `census`, every state expanded is counted under its value, with a path to the first one
/// of each value.  Running time: linear in the states reachable from `root` (exponential
/// in the board), each expansion O(n) per option.
pub fn nimber(
    geometry: &Geometry,
    table: &mut Table<u8>,
    root: State,
    suicide: bool,
    budget: &mut Budget,
    mut census: Option<&mut Census>,
) -> Result<u8, Stop> {
    struct Frame {
        key: State,
        state: State,
        moves: Vec<(u8, u8)>,
        next: usize,
        /// bit v set: some option has value v (options number at most 3 * 64 + 1)
        seen: [u64; 4],
        /// the move that led here from the frame below
        via: (u8, u8),
    }
    let key_of = |state: &State, depth: usize| {
        if depth < SYMMETRY_DEPTH {
            geometry.canonical(state)
        } else {
            *state
        }
    };
    let open = |state: State, key: State, via: (u8, u8)| Frame {
        key,
        state,
        moves: geometry
            .safe_moves(&state)
            .map(|(u, x)| (u as u8, x as u8))
            .collect(),
        next: 0,
        seen: [
            if suicide && has_suicidal(&state) {
                2
            } else {
                0
            },
            0,
            0,
            0,
        ],
        via,
    };
    let mark = |seen: &mut [u64; 4], v: u8| seen[v as usize / 64] |= 1 << (v % 64);
    let mex = |seen: &[u64; 4]| {
        let limb = seen.iter().position(|&l| l != u64::MAX).unwrap_or(3);
        (64 * limb + seen[limb].trailing_ones() as usize) as u8
    };
    let key = key_of(&root, 0);
    if let Some(value) = table.lookup(&key) {
        return Ok(value);
    }
    budget.tick()?;
    let mut stack = vec![open(root, key, (0, 0))];
    loop {
        let depth = stack.len() - 1;
        let frame = stack
            .last_mut()
            .expect("the stack holds the root until it is valued");
        if frame.next == frame.moves.len() {
            let value = mex(&frame.seen);
            let (key, via) = (frame.key, frame.via);
            stack.pop();
            table.keep(key, value);
            if let Some(census) = census.as_deref_mut() {
                census.record(value, || {
                    let below = stack.iter().skip(1).map(|f| f.via);
                    below.chain((depth > 0).then_some(via)).collect()
                });
            }
            match stack.last_mut() {
                None => return Ok(value),
                Some(parent) => mark(&mut parent.seen, value),
            }
            continue;
        }
        let (u, x) = frame.moves[frame.next];
        frame.next += 1;
        let child = geometry.play(&frame.state, u as usize, x as u64);
        let key = key_of(&child, depth + 1);
        match table.lookup(&key) {
            Some(value) => mark(&mut frame.seen, value),
            None => {
                budget.tick()?;
                stack.push(open(child, key, (u, x)));
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::budget::unlimited;

    /// The board of size n built here the way `grundy/rulesets/atropos/board.py` builds
    /// it, without symmetries (the search is the same, only slower).
    fn geometry(n: usize, restricted: bool) -> (Geometry, State) {
        let cells: Vec<(usize, usize)> = (1..=n)
            .flat_map(|j| (1..=n - j + 1).map(move |i| (j, i)))
            .collect();
        let index = |c: (usize, usize)| cells.iter().position(|&d| d == c);
        let mut border = std::collections::HashMap::new();
        for i in 1..=n + 1 {
            border.insert((0, i), if i % 2 == 1 { 1 } else { 2 });
        }
        for j in 1..=n + 1 {
            border.insert((j, 0), if j % 2 == 1 { 3 } else { 1 });
            border.insert((j, n + 2 - j), if j % 2 == 1 { 2 } else { 3 });
        }
        let circle = |c: (usize, usize)| index(c).is_some() || border.contains_key(&c);
        let neighbours: Vec<u64> = cells
            .iter()
            .map(|&(j, i)| {
                let around = [
                    (j, i.wrapping_sub(1)),
                    (j, i + 1),
                    (j - 1, i),
                    (j - 1, i + 1),
                    (j + 1, i.wrapping_sub(1)),
                    (j + 1, i),
                ];
                around
                    .iter()
                    .filter_map(|&c| index(c))
                    .fold(0, |m, k| m | 1 << k)
            })
            .collect();
        let mut triangles = Vec::new();
        for j in 0..n + 2 {
            for i in 0..n + 3 {
                for t in [
                    [(j, i), (j, i + 1), (j + 1, i)],
                    [(j, i + 1), (j + 1, i), (j + 1, i + 1)],
                ] {
                    if t.iter().all(|&c| circle(c)) {
                        triangles.push(t);
                    }
                }
            }
        }
        let mut at = vec![Vec::new(); cells.len()];
        let mut start = State {
            uncoloured: (1 << cells.len()) - 1,
            ..State::default()
        };
        for (t, tri) in triangles.iter().enumerate() {
            let slots: Vec<i8> = tri
                .iter()
                .map(|&c| index(c).map_or(-1, |k| k as i8))
                .collect();
            for (k, &s) in slots.iter().enumerate() {
                if s >= 0 {
                    let others: Vec<i8> = (0..3).filter(|&m| m != k).map(|m| slots[m]).collect();
                    at[s as usize].push((t as u8, others[0], others[1]));
                }
            }
            let colours: Vec<u64> = tri.iter().filter_map(|c| border.get(c).copied()).collect();
            let open: Vec<usize> = slots
                .iter()
                .filter(|&&s| s >= 0)
                .map(|&s| s as usize)
                .collect();
            if open.len() == 1 && colours[0] != colours[1] {
                start.forbid(open[0], 6 - colours[0] - colours[1]);
            } else if open.len() == 2 {
                start.set_single(t, colours[0]);
            }
        }
        start.candidates = start.uncoloured;
        (
            Geometry::new(neighbours, at, Vec::new(), restricted).unwrap(),
            start,
        )
    }

    fn first_player_wins(n: usize, restricted: bool) -> bool {
        let (g, start) = geometry(n, restricted);
        let mut table = Table::new(1 << 20);
        unlimited(|b| wins(&g, &mut table, start, b)).unwrap()
    }

    #[test]
    fn outcomes_from_the_start_match_the_python_solver() {
        // As computed by grundy's Python solver (Burke 2009, Conjecture 5.2.1).
        let expected = [false, false, true, true, false];
        for (n, &first) in (1..).zip(&expected) {
            assert_eq!(first_player_wins(n, true), first, "n = {n}");
        }
        for (n, &first) in (1..).zip(&expected[..4]) {
            assert_eq!(first_player_wins(n, false), first, "unrestricted, n = {n}");
        }
    }

    #[test]
    fn a_tiny_table_gives_the_same_answers() {
        let (g, start) = geometry(4, true);
        let mut table = Table::new(8);
        assert_eq!(unlimited(|b| wins(&g, &mut table, start, b)), Ok(true));
        assert!(table.len() <= 16);
    }

    #[test]
    fn the_fixed_table_gives_the_answers_of_the_exact_one() {
        for restricted in [true, false] {
            let (g, _) = geometry(5, restricted);
            for state in random_states(5, restricted, 20, 4) {
                let mut exact = Table::new(1 << 20);
                let won = unlimited(|b| wins(&g, &mut exact, state, b)).unwrap();
                for bits in [2, 8, 20] {
                    let mut table = HashTable::new(bits);
                    assert_eq!(unlimited(|b| wins(&g, &mut table, state, b)), Ok(won));
                    assert!(table.len() <= 1 << bits);
                    // Asked again, the root is answered from the table (or searched again).
                    assert_eq!(unlimited(|b| wins(&g, &mut table, state, b)), Ok(won));
                }
            }
        }
    }

    #[test]
    fn the_count_of_safe_moves_is_the_length_of_their_list() {
        for restricted in [true, false] {
            let (g, _) = geometry(6, restricted);
            for state in random_states(6, restricted, 200, 9) {
                assert_eq!(
                    g.safe_move_count(&state) as usize,
                    g.safe_moves(&state).count()
                );
            }
        }
    }

    #[test]
    fn a_table_grown_past_the_huge_page_size_keeps_every_entry() {
        // 2^18 entries: the table grows to 2^18 buckets of 64 bytes (16 MB), the last
        // allocations advised to use 2 MB pages.  A bucket that overflows drops its oldest
        // entries, but every entry the table counts is found with its value.
        let mut table = HashTable::new(22);
        let mut seed = 0x0123_4567_89AB_CDEFu64;
        let states: Vec<(State, bool)> = (0..1 << 18)
            .map(|_| {
                let mut word = || {
                    seed ^= seed << 13;
                    seed ^= seed >> 7;
                    seed ^= seed << 17;
                    seed
                };
                let state = State {
                    uncoloured: word(),
                    candidates: word(),
                    ..State::default()
                };
                (state, word() & 1 == 1)
            })
            .collect();
        for &(state, won) in &states {
            table.insert(table.key(&state), won, 0, 1);
        }
        assert!(table.slots.len() * std::mem::size_of::<Bucket>() >= 8 << 20);
        let mut found = 0;
        for &(state, won) in &states {
            if let Some(value) = table.get(table.key(&state), 0) {
                assert_eq!(value, won);
                found += 1;
            }
        }
        assert_eq!(found, table.len());
        assert!(
            10 * found >= 9 * states.len(),
            "{found} of {} kept",
            states.len()
        );
    }

    #[test]
    fn a_full_bucket_keeps_the_newest_and_the_most_expensive_entries() {
        // One bucket of four slots: every key lands in it.
        let mut table = HashTable::new(2);
        let state = |k: u64| State {
            uncoloured: k,
            ..State::default()
        };
        let expensive = table.key(&state(1000));
        table.insert(expensive, true, 0, 1 << 20);
        for k in 0..10 {
            table.insert(table.key(&state(k)), k % 2 == 0, 0, 3);
            assert_eq!(table.get(table.key(&state(k)), 0), Some(k % 2 == 0));
            assert_eq!(table.get(expensive, 0), Some(true), "after {k}");
        }
        assert_eq!(table.len(), 4);
        // Of the cheap ones, the newest stay.
        assert_eq!(table.get(table.key(&state(8)), 0), Some(true));
        assert_eq!(table.get(table.key(&state(0)), 0), None);
        // A state solved again keeps one entry, with its new work.
        table.insert(table.key(&state(9)), false, 0, 1 << 30);
        assert_eq!(table.len(), 4);
        table.insert(table.key(&state(20)), true, 0, 1);
        assert_eq!(table.get(table.key(&state(9)), 0), Some(false));
    }

    #[test]
    fn fingerprints_differ_on_states_one_bit_apart() {
        let base = State::default();
        let mut seen = std::collections::HashSet::new();
        assert!(seen.insert(fingerprint(&base)));
        for bit in 0..64 {
            for field in 0..10 {
                let mut state = base;
                let word = match field {
                    0 => &mut state.uncoloured,
                    1 => &mut state.candidates,
                    2..=5 => &mut state.forbidden[field - 2],
                    _ => &mut state.single[field - 6],
                };
                *word ^= 1 << bit;
                assert!(
                    seen.insert(fingerprint(&state) | 1),
                    "field {field}, bit {bit}"
                );
            }
        }
    }

    #[test]
    fn the_budget_stops_the_search() {
        let (g, start) = geometry(5, true);
        let mut table = Table::new(1 << 20);
        let mut never = || false;
        let mut budget = Budget::new(Some(10), None, &mut never);
        assert_eq!(wins(&g, &mut table, start, &mut budget), Err(Stop::Nodes));
    }

    fn threaded(g: &Geometry, table: &SharedTable, state: State) -> bool {
        unlimited(|b| wins_threaded(g, table, state, b, (None, None))).unwrap()
    }

    #[test]
    fn threads_sharing_a_table_agree_with_one_thread() {
        for restricted in [true, false] {
            for n in 1..=5 {
                let (g, start) = geometry(n, restricted);
                for threads in [2, 3] {
                    let table = SharedTable::new(1 << 20, threads);
                    let answer = threaded(&g, &table, start);
                    assert_eq!(answer, first_player_wins(n, restricted), "n = {n}");
                    // Asked again, the root is answered from the shared table.
                    assert_eq!(threaded(&g, &table, start), answer);
                }
            }
        }
    }

    #[test]
    fn threads_agree_on_random_mid_game_states() {
        let (g, start) = geometry(5, true);
        let mut seed = 0x2545_F491_4F6C_DD1Du64;
        let mut random = move |below: usize| {
            seed ^= seed << 13;
            seed ^= seed >> 7;
            seed ^= seed << 17;
            seed as usize % below
        };
        for _ in 0..40 {
            let mut state = start;
            for _ in 0..random(8) {
                let moves: Vec<_> = g.safe_moves(&state).collect();
                if moves.is_empty() {
                    break;
                }
                let (u, x) = moves[random(moves.len())];
                state = g.play(&state, u, x);
            }
            let mut table = Table::new(1 << 16);
            let single = unlimited(|b| wins(&g, &mut table, state, b)).unwrap();
            let shared = SharedTable::new(1 << 16, 2);
            assert_eq!(threaded(&g, &shared, state), single);
        }
    }

    #[test]
    fn a_tiny_shared_table_gives_the_same_answers() {
        let (g, start) = geometry(4, true);
        let table = SharedTable::new(8, 2);
        assert!(threaded(&g, &table, start));
        // Two generations of at most one entry per shard, of four per thread's own table.
        assert!(table.len() <= 2 * SHARDS + 2 * 2 * 4);
    }

    #[test]
    fn the_budget_stops_every_thread() {
        let (g, start) = geometry(5, true);
        let table = SharedTable::new(1 << 20, 2);
        let mut never = || false;
        let mut budget = Budget::new(Some(10), None, &mut never);
        let limits = (Some(10), None);
        let stopped = wins_threaded(&g, &table, start, &mut budget, limits);
        assert_eq!(stopped, Err(Stop::Nodes));
        assert!(budget.nodes <= 2 * 11);
        let mut always = || true;
        let mut budget = Budget::new(None, None, &mut always);
        let stopped = wins_threaded(&g, &table, start, &mut budget, (None, None));
        assert_eq!(stopped, Err(Stop::Interrupted));
        // The stopped searches left nothing marked busy, and the table still answers.
        assert!(table
            .shards
            .iter()
            .all(|s| s.0.lock().unwrap().busy.is_empty()));
        assert!(!threaded(&g, &table, start));
    }

    /// The nimber by the plain recursion, no table: the definition the kernel is checked on.
    fn naive_nimber(g: &Geometry, state: &State, suicide: bool) -> u8 {
        let mut values: Vec<u8> = g
            .safe_moves(state)
            .map(|(u, x)| naive_nimber(g, &g.play(state, u, x), suicide))
            .collect();
        if suicide && has_suicidal(state) {
            values.push(1);
        }
        (0..).find(|v| !values.contains(v)).unwrap()
    }

    /// Random states of the size-n board: `plies` random safe moves from the start (fewer if
    /// the game ends).
    fn random_states(n: usize, restricted: bool, count: usize, plies: usize) -> Vec<State> {
        let (g, start) = geometry(n, restricted);
        let mut seed = 0x9E37_79B9_7F4A_7C15u64 ^ n as u64;
        let mut random = move |below: usize| {
            seed ^= seed << 13;
            seed ^= seed >> 7;
            seed ^= seed << 17;
            seed as usize % below
        };
        (0..count)
            .map(|_| {
                let mut state = start;
                for _ in 0..plies {
                    let moves: Vec<_> = g.safe_moves(&state).collect();
                    if moves.is_empty() {
                        break;
                    }
                    let (u, x) = moves[random(moves.len())];
                    state = g.play(&state, u, x);
                }
                state
            })
            .collect()
    }

    #[test]
    fn nimbers_agree_with_the_plain_recursion_and_the_outcome() {
        for restricted in [true, false] {
            let (g, _) = geometry(4, restricted);
            let plies = if restricted { 5 } else { 6 };
            for state in random_states(4, restricted, 30, plies) {
                let mut wins_table = Table::new(1 << 16);
                let won = unlimited(|b| wins(&g, &mut wins_table, state, b)).unwrap();
                for suicide in [false, true] {
                    let mut table = Table::new(1 << 16);
                    let value =
                        unlimited(|b| nimber(&g, &mut table, state, suicide, b, None)).unwrap();
                    assert_eq!(value, naive_nimber(&g, &state, suicide));
                    assert_eq!(
                        value != 0,
                        won,
                        "a nimber is 0 exactly when the mover loses"
                    );
                }
            }
        }
    }

    #[test]
    fn a_census_counts_every_state_and_its_witnesses_have_their_values() {
        let (g, start) = geometry(3, true);
        for suicide in [false, true] {
            let mut table = Table::new(usize::MAX);
            let mut census = Census::default();
            let value = unlimited(|b| nimber(&g, &mut table, start, suicide, b, Some(&mut census)))
                .unwrap();
            assert_eq!(census.counts.iter().sum::<u64>(), table.len() as u64);
            assert!(census.counts[value as usize] > 0, "the root is counted");
            for (v, path) in census.witnesses.iter().enumerate() {
                if census.counts[v] == 0 {
                    continue;
                }
                let state = path.iter().fold(start, |s, &(u, x)| {
                    assert!(g.safe_moves(&s).any(|m| m == (u as usize, x as u64)));
                    g.play(&s, u as usize, x as u64)
                });
                assert_eq!(naive_nimber(&g, &state, suicide) as usize, v);
            }
        }
    }

    #[test]
    fn a_tiny_nimber_table_gives_the_same_values() {
        for state in random_states(4, true, 10, 3) {
            let (g, _) = geometry(4, true);
            let mut big = Table::new(1 << 16);
            let mut tiny = Table::new(4);
            let a = unlimited(|b| nimber(&g, &mut big, state, true, b, None));
            assert_eq!(
                unlimited(|b| nimber(&g, &mut tiny, state, true, b, None)),
                a
            );
            assert!(tiny.len() <= 8);
        }
    }
}
