//! Domineering (seed 001, `001_56c9c94dd1ec088e.wrapped.txt` L132, L901): Left places
//! vertical dominoes, Right horizontal ones; canonical values in a `Store`.
//!
//! A region is the bitmask of its empty cells, cropped to its bounding box (bit
//! `r * width + c` is cell (r, c)).  After each move the empty cells where no domino fits
//! any more are dropped and the rest falls apart into regions (flood fill), played as a
//! sum.  Regions are memoised under the least of their eight images: mirroring keeps
//! each player's dominoes, transposing exchanges them, so a transposed image stands for
//! the conjugate (value negated), as the Python ruleset's `signed_key` does.

use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::{mpsc, Arc};
use std::time::Duration;

use crate::budget::{Budget, Stop};
use crate::canonical::{Id, Store};
use crate::sharing::{Claimed, Link, Shared};
use crate::symmetric::{symmetric_kernel, Position, Symmetric, Tables, MISSING};

/// The most cells a board may have (one bit per cell).
pub const MAX_CELLS: usize = 64;

/// A region cropped to its bounding box.  Packed (10 bytes, alignment 1), so that a
/// region and its value fill 16 bytes of the kernel's table instead of 24 and more of
/// the table's entries share a cache line.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord)]
#[repr(C, packed)]
pub(crate) struct Region {
    pub(crate) height: u8,
    pub(crate) width: u8,
    pub(crate) cells: u64,
}

/// The empty board marks the empty slots of the kernel's table.
impl Position for Region {
    const NONE: Self = Region {
        height: 0,
        width: 0,
        cells: 0,
    };
}

pub(crate) fn shl(x: u64, s: usize) -> u64 {
    if s >= 64 {
        0
    } else {
        x << s
    }
}

pub(crate) fn shr(x: u64, s: usize) -> u64 {
    if s >= 64 {
        0
    } else {
        x >> s
    }
}

pub(crate) fn low_bits(n: usize) -> u64 {
    if n >= 64 {
        u64::MAX
    } else {
        (1 << n) - 1
    }
}

/// The masks of a `height` by `width` shape: the cells with a left neighbour, every cell.
pub(crate) fn shape(height: usize, width: usize) -> (u64, u64) {
    let full = low_bits(height * width);
    let first_column = (0..height).fold(0, |m, r| m | 1 << (r * width));
    (full & !first_column, full)
}

/// The cells next to `cells` (masked to the board).
pub(crate) fn near(cells: u64, width: usize, inner: u64, full: u64) -> u64 {
    (shl(cells, 1) & inner | shr(cells & inner, 1) | shl(cells, width) | shr(cells, width)) & full
}

impl Region {
    fn row(&self, r: usize) -> u64 {
        let w = self.width as usize;
        shr(self.cells, r * w) & low_bits(w)
    }

    /// The cells of a `width`-wide board cropped to their bounding box.
    pub(crate) fn crop(width: usize, cells: u64) -> Region {
        let mask = low_bits(width);
        let top = cells.trailing_zeros() as usize / width;
        let bottom = (63 - cells.leading_zeros() as usize) / width;
        let span = (top..=bottom).fold(0, |m, r| m | shr(cells, r * width) & mask);
        let shift = span.trailing_zeros() as usize;
        let new_width = 64 - span.leading_zeros() as usize - shift;
        let cropped = (top..=bottom).fold(0, |m, r| {
            m | shl(
                (shr(cells, r * width) & mask) >> shift,
                (r - top) * new_width,
            )
        });
        Region {
            height: (bottom - top + 1) as u8,
            width: new_width as u8,
            cells: cropped,
        }
    }

    /// The same shape with its cells rebuilt row by row from `row_of(r)`.
    fn with_rows(&self, row_of: impl Fn(usize) -> u64) -> Region {
        let w = self.width as usize;
        let cells = (0..self.height as usize).fold(0, |m, r| m | shl(row_of(r), r * w));
        Region { cells, ..*self }
    }

    pub(crate) fn mirrored(&self) -> Region {
        let w = self.width as usize;
        self.with_rows(|r| self.row(r).reverse_bits() >> (64 - w))
    }

    pub(crate) fn flipped(&self) -> Region {
        let h = self.height as usize;
        self.with_rows(|r| self.row(h - 1 - r))
    }

    pub(crate) fn transposed(&self) -> Region {
        let (h, w) = (self.height as usize, self.width as usize);
        let mut cells = 0;
        let mut rest = self.cells;
        while rest != 0 {
            let bit = rest.trailing_zeros() as usize;
            rest &= rest - 1;
            let (r, c) = (bit / w, bit % w);
            cells |= 1 << (c * h + r);
        }
        Region {
            height: w as u8,
            width: h as u8,
            cells,
        }
    }

    /// The least of the region's four mirror images.
    fn least_mirror(&self) -> Region {
        let mirrored = self.mirrored();
        (*self)
            .min(mirrored)
            .min(self.flipped())
            .min(mirrored.flipped())
    }

    /// The memo key and whether it stands for the conjugate (the transposed region).
    fn key(&self) -> (Region, bool) {
        let straight = self.least_mirror();
        let transposed = self.transposed().least_mirror();
        if transposed < straight {
            (transposed, true)
        } else {
            (straight, false)
        }
    }

    /// The regions (connected live cells) of `cells` on this region's board.
    pub(crate) fn split(&self, cells: u64, parts: &mut Vec<Region>) {
        let (h, w) = (self.height as usize, self.width as usize);
        let (inner, full) = shape(h, w);
        // a region meeting all four sides of the board is its own bounding box
        let first_column = full & !inner;
        let last_column = shl(first_column, w - 1);
        let (first_row, last_row) = (low_bits(w), shl(low_bits(w), (h - 1) * w));
        let mut live = cells & near(cells, w, inner, full);
        while live != 0 {
            let mut seen = live & live.wrapping_neg();
            let mut frontier = seen;
            while frontier != 0 {
                frontier = near(frontier, w, inner, full) & live & !seen;
                seen |= frontier;
            }
            let sides = [first_column, last_column, first_row, last_row];
            parts.push(if sides.iter().all(|&side| seen & side != 0) {
                Region {
                    cells: seen,
                    ..*self
                }
            } else {
                Region::crop(w, seen)
            });
            live &= !seen;
        }
    }
}

/// Domineering values, keeping the regions solved so far and their canonical games.
pub struct Domineering {
    pub store: Store,
    tables: Tables<Region>,
    /// lists for `expand` to reuse (at most one per level of its recursion)
    scratch: Vec<Scratch>,
    /// since this kernel last solved a board with other threads (`value_on_threads`):
    /// what they share
    link: Option<Link<Region>>,
    /// the kernels of the other threads sharing `link`'s table
    helpers: Vec<Domineering>,
    /// tests only: the threads `value_on_threads` starts panic at their first expansion
    #[cfg(test)]
    panics: bool,
}

/// An expansion's regions left by the moves, where each move's end, and their values.
type Scratch = (Vec<Region>, Vec<usize>, Vec<Id>);

symmetric_kernel!(Domineering, Region);

impl Default for Domineering {
    fn default() -> Self {
        Self::new()
    }
}

impl Domineering {
    pub fn new() -> Self {
        Domineering {
            store: Store::new(),
            tables: Tables::default(),
            scratch: Vec::new(),
            link: None,
            helpers: Vec::new(),
            #[cfg(test)]
            panics: false,
        }
    }

    /// Regions solved so far.
    pub fn table_size(&self) -> usize {
        self.tables.size()
    }

    /// The value of a `height` by `width` board whose empty cells are `empty`.
    pub fn value(
        &mut self,
        height: usize,
        width: usize,
        empty: u64,
        budget: &mut Budget,
    ) -> Result<Id, Stop> {
        assert!(height * width <= MAX_CELLS, "board too large");
        let board = Region {
            height: height as u8,
            width: width as u8,
            cells: empty & low_bits(height * width),
        };
        let mut parts = Vec::new();
        board.split(board.cells, &mut parts);
        self.sum(&parts, budget)
    }

    fn sum(&mut self, parts: &[Region], budget: &mut Budget) -> Result<Id, Stop> {
        let mut values = Vec::new();
        self.values_of(parts, &mut values, budget)?;
        Ok(values
            .into_iter()
            .fold(Store::ZERO, |total, value| self.store.add(total, value)))
    }

    /// The value of a `height` by `width` board whose empty cells are `empty`, solved by
    /// `threads` threads (at most 64): this kernel and `threads - 1` others (each with
    /// its store, caches and table, kept for the next call like this kernel's), which
    /// share the regions they solve (`crate::sharing`).  Each thread takes a position's
    /// regions in its own order (every second thread last first), leaves those another
    /// thread is expanding for last, and imports those another has solved.  The answer
    /// is this kernel's; the others stop when it has it.  The calling thread watches
    /// `budget`'s clock and interrupt hook; each thread may expand what is left of the
    /// node budget, and the regions all expanded are charged to it.  A panic in a
    /// thread stops the others and is raised here.  One thread: `value`.
    pub fn value_on_threads(
        &mut self,
        height: usize,
        width: usize,
        empty: u64,
        threads: usize,
        budget: &mut Budget,
    ) -> Result<Id, Stop> {
        if threads <= 1 {
            self.link = None;
            self.helpers.clear();
            return self.value(height, width, empty, budget);
        }
        assert!(height * width <= MAX_CELLS, "board too large");
        assert!(threads <= 64, "at most 64 threads");
        if self.link.is_none() || self.helpers.len() != threads - 1 {
            let shared = Arc::new(Shared::default());
            self.link = Some(Link::new(Arc::clone(&shared), 0));
            self.helpers = (1..threads)
                .map(|i| Domineering {
                    link: Some(Link::new(Arc::clone(&shared), i as u8)),
                    #[cfg(test)]
                    panics: self.panics,
                    ..Domineering::new()
                })
                .collect();
        }
        // kept again only if no thread panics (then the next call starts afresh)
        let mut helpers = std::mem::take(&mut self.helpers);
        let shared = Arc::clone(&self.link.as_ref().expect("a team").shared);
        let stop = &shared.stop;
        stop.store(false, Ordering::Relaxed);
        let allowed = budget.nodes_left();
        let (done, finished) = mpsc::channel();
        /// Tells the calling thread that its thread ended, and stops the others if it
        /// ended by a panic or with the answer.
        struct Ending<'a>(&'a AtomicBool, mpsc::Sender<()>, bool);
        impl Drop for Ending<'_> {
            fn drop(&mut self) {
                if self.2 || std::thread::panicking() {
                    self.0.store(true, Ordering::Relaxed);
                }
                let _ = self.1.send(()); // the receiver outlives the threads
            }
        }
        let work = |kernel: &mut Domineering, ending: Ending| {
            let _ending = ending;
            let mut halted = || stop.load(Ordering::Relaxed);
            let mut own = Budget::new(Some(allowed), None, &mut halted);
            let result = kernel.value(height, width, empty, &mut own);
            (own.nodes, result)
        };
        let (watched, outcomes) = std::thread::scope(|scope| {
            let ending = Ending(stop, done.clone(), true);
            let mut workers = vec![scope.spawn(|| work(self, ending))];
            for kernel in &mut helpers {
                let ending = Ending(stop, done.clone(), false);
                workers.push(scope.spawn(|| work(kernel, ending)));
            }
            let mut watched = Ok(());
            let mut running = threads;
            while running > 0 {
                match finished.recv_timeout(Duration::from_millis(10)) {
                    Ok(()) => running -= 1,
                    Err(mpsc::RecvTimeoutError::Timeout) => {}
                    Err(mpsc::RecvTimeoutError::Disconnected) => break,
                }
                if watched.is_ok() {
                    if let Err(why) = budget.poll() {
                        stop.store(true, Ordering::Relaxed);
                        watched = Err(why);
                    }
                }
            }
            let outcomes: Vec<_> = workers
                .into_iter()
                .map(|w| w.join().unwrap_or_else(|p| std::panic::resume_unwind(p)))
                .collect();
            (watched, outcomes)
        });
        self.helpers = helpers;
        let over = outcomes
            .iter()
            .map(|&(nodes, _)| budget.charge(nodes))
            .fold(Ok(()), Result::and);
        watched?;
        // the answer, if the first thread has it; else why it stopped (the node budget
        // if the threads together passed it)
        let (_, answer) = outcomes[0];
        answer.map_err(|why| over.err().unwrap_or(why))
    }

    /// The values of `positions` (`solve_all`; while the kernel shares its work with
    /// other threads, each by `solve_shared`, the regions another thread is expanding
    /// last).
    fn values_of(
        &mut self,
        positions: &[Region],
        values: &mut Vec<Id>,
        budget: &mut Budget,
    ) -> Result<(), Stop> {
        let Some(link) = &self.link else {
            return self.solve_all(positions, values, budget);
        };
        let reversed = link.reversed();
        self.tables.look_up_all(positions, values);
        let mut busy = Vec::new();
        for step in 0..positions.len() {
            let i = if reversed {
                positions.len() - 1 - step
            } else {
                step
            };
            if values[i] == MISSING {
                match self.solve_shared(&positions[i], budget, true)? {
                    Some(value) => values[i] = value,
                    None => busy.push(i),
                }
            }
        }
        for i in busy {
            values[i] = self
                .solve_shared(&positions[i], budget, false)?
                .expect("expanded when not deferred");
        }
        Ok(())
    }

    /// `Symmetric::solve` while other threads solve the same board: a key another thread
    /// has solved is imported from it; one another thread is expanding is left (None)
    /// when `defer`, else expanded here too.
    fn solve_shared(
        &mut self,
        position: &Region,
        budget: &mut Budget,
        defer: bool,
    ) -> Result<Option<Id>, Stop> {
        if let Some(value) = self.tables.known(position) {
            return Ok(Some(value));
        }
        let (key, conjugate) = position.key();
        let value = match self.tables.known(&key) {
            Some(value) => value,
            None => {
                let link = self.link.as_mut().expect("sharing");
                let value = match link.claim(&key) {
                    Claimed::Solved(game) => link.import(&mut self.store, game),
                    Claimed::Busy if defer => return Ok(None),
                    Claimed::Busy | Claimed::Mine => {
                        if link.stopped() {
                            return Err(Stop::Interrupted);
                        }
                        budget.tick()?;
                        let value = self.expand(&key, budget)?;
                        let link = self.link.as_mut().expect("sharing");
                        link.settle(&self.store, &key, value);
                        value
                    }
                };
                self.tables.remember(key, value, true);
                value
            }
        };
        let value = if conjugate {
            self.store.neg(value)
        } else {
            value
        };
        self.tables.remember(*position, value, false);
        Ok(Some(value))
    }

    /// {values after each vertical domino | values after each horizontal domino}: the
    /// regions left by every move first, then their values (`solve_all`), then the sums.
    fn expand(&mut self, region: &Region, budget: &mut Budget) -> Result<Id, Stop> {
        #[cfg(test)]
        assert!(
            !(self.panics && self.link.as_ref().is_some_and(Link::reversed)),
            "a test panic in a helper thread"
        );
        let w = region.width as usize;
        let (inner, _) = shape(region.height as usize, w);
        let cells = region.cells;
        let vertical = cells & shr(cells, w);
        let horizontal = cells & shr(cells, 1) & shr(inner, 1);
        // the regions left by the moves, where each move's regions end in them (Left's
        // moves, then Right's), their values: lists of an earlier expansion, reused
        let (mut parts, mut ends, mut values) = self.scratch.pop().unwrap_or_default();
        parts.clear();
        ends.clear();
        for (starts, pair) in [(vertical, 1 | shl(1, w)), (horizontal, 3)] {
            let mut rest = starts;
            while rest != 0 {
                let cell = rest.trailing_zeros() as usize;
                rest &= rest - 1;
                region.split(cells & !(pair << cell), &mut parts);
                ends.push(parts.len());
            }
        }
        self.values_of(&parts, &mut values, budget)?;
        let mut start = 0;
        let mut options = Vec::with_capacity(ends.len());
        for &end in &ends {
            let sum = values[start..end]
                .iter()
                .fold(Store::ZERO, |total, &value| self.store.add(total, value));
            options.push(sum);
            start = end;
        }
        let rights = options.split_off(vertical.count_ones() as usize);
        self.scratch.push((parts, ends, values));
        Ok(self.store.of(options, rights))
    }
}

#[cfg(test)]
mod tests {
    use super::Domineering;
    use crate::budget::{unlimited, Budget, Stop};
    use crate::canonical::{Dyadic, Id, Store};
    use std::collections::HashMap;
    use std::panic::{catch_unwind, AssertUnwindSafe};

    fn value(height: usize, width: usize, empty: u64) -> (Domineering, u32) {
        let mut game = Domineering::new();
        let id = unlimited(|b| game.value(height, width, empty, b)).expect("unlimited");
        (game, id)
    }

    #[test]
    fn small_boards() {
        let (mut g, two_by_two) = value(2, 2, 0b1111);
        let (one, minus_one) = (
            g.store.number(Dyadic::integer(1)),
            g.store.number(Dyadic::integer(-1)),
        );
        assert_eq!(g.store.left(two_by_two), [one]);
        assert_eq!(g.store.right(two_by_two), [minus_one]);
        let (g, column) = value(3, 1, 0b111);
        assert_eq!(g.store.number_value(column), Some(Dyadic::integer(1)));
        let (g, row) = value(1, 4, 0b1111);
        assert_eq!(g.store.number_value(row), Some(Dyadic::integer(-2)));
        let (_, nothing) = value(3, 3, 0b101_010_101);
        assert_eq!(nothing, Store::ZERO);
    }

    #[test]
    fn a_forgetful_comparison_cache_gives_the_same_values() {
        // a cache of 16 comparisons forgets nearly all of them and makes them again
        for (h, w) in [(3, 4), (4, 4), (3, 5), (4, 5)] {
            let (full, id) = value(h, w, (1 << (h * w)) - 1);
            let mut forgetful = Domineering {
                store: Store::forgetful(2),
                ..Domineering::new()
            };
            let again = unlimited(|b| forgetful.value(h, w, (1 << (h * w)) - 1, b));
            assert_eq!(again, Ok(id));
            assert_eq!(forgetful.store.len(), full.store.len());
            assert_eq!(forgetful.table_size(), full.table_size());
        }
    }

    /// Game `g` of store `from` rebuilt in store `to` (the same game: its id there).
    fn carried(from: &Store, g: Id, to: &mut Store) -> Id {
        let mut ids = HashMap::new();
        for (game, left, right) in from.closure(g) {
            let here = |options: Vec<Id>| options.iter().map(|o| ids[o]).collect();
            let id = to.adopt(here(left), here(right), from.uptimal_value(game));
            ids.insert(game, id);
        }
        ids[&g]
    }

    #[test]
    fn threads_sharing_regions_give_the_single_thread_values() {
        // the rectangles up to 4×5 and random boards of up to 5×6 with a quarter of the
        // cells filled; the values are compared as games (each store has its own ids)
        let mut boards: Vec<(usize, usize, u64)> = [(3, 4), (4, 4), (4, 5), (5, 4), (2, 7)]
            .iter()
            .map(|&(h, w)| (h, w, (1 << (h * w)) - 1))
            .collect();
        let mut x: u64 = 99;
        for _ in 0..12 {
            x = x.wrapping_mul(6_364_136_223_846_793_005).wrapping_add(1);
            let (h, w) = (3 + (x >> 60) as usize % 3, 4 + (x >> 56) as usize % 3);
            let filled = (x >> 3) & (x >> 17) & ((1 << (h * w)) - 1);
            boards.push((h, w, ((1 << (h * w)) - 1) & !filled));
        }
        for (h, w, empty) in boards {
            let (mut single, id) = value(h, w, empty);
            for threads in [2, 3] {
                let mut parallel = Domineering::new();
                let got = unlimited(|b| parallel.value_on_threads(h, w, empty, threads, b));
                let got = got.expect("unlimited");
                assert_eq!(carried(&parallel.store, got, &mut single.store), id);
                assert_eq!(parallel.helpers.len(), threads - 1);
                // the kernels keep their tables: the same board again costs no expansion
                let mut never = || false;
                let mut again = Budget::new(Some(0), None, &mut never);
                assert_eq!(
                    parallel.value_on_threads(h, w, empty, threads, &mut again),
                    Ok(got)
                );
                assert_eq!(again.nodes, 0);
            }
        }
    }

    #[test]
    fn threads_stopped_and_resumed_give_the_single_thread_values() {
        // in steps of 150 expansions a thread, as the Python side runs the kernel: each
        // step starts where the threads stopped (their claims and tables kept)
        for (h, w) in [(4, 5), (5, 4), (3, 7)] {
            let full = (1 << (h * w)) - 1;
            let (mut single, id) = value(h, w, full);
            let mut parallel = Domineering::new();
            let mut never = || false;
            let (mut steps, mut nodes) = (0, 0);
            let got = loop {
                steps += 1;
                let mut step = Budget::new(Some(150), None, &mut never);
                let answer = parallel.value_on_threads(h, w, full, 2, &mut step);
                nodes += step.nodes;
                match answer {
                    Ok(got) => break got,
                    Err(why) => assert_eq!(why, Stop::Nodes),
                }
            };
            assert!(steps > 3 && nodes >= single.table_size() as u64);
            assert_eq!(carried(&parallel.store, got, &mut single.store), id);
        }
    }

    #[test]
    fn budgets_stop_the_threads() {
        let full = (1 << 25) - 1;
        let mut game = Domineering::new();
        let (mut never, mut always) = (|| false, || true);
        let mut budget = Budget::new(Some(100), None, &mut never);
        assert_eq!(
            game.value_on_threads(5, 5, full, 2, &mut budget),
            Err(Stop::Nodes)
        );
        assert!(budget.nodes > 100);
        let mut budget = Budget::new(None, Some(0.0), &mut never);
        assert_eq!(
            game.value_on_threads(5, 5, full, 2, &mut budget),
            Err(Stop::Seconds)
        );
        let mut budget = Budget::new(None, None, &mut always);
        assert_eq!(
            game.value_on_threads(5, 5, full, 2, &mut budget),
            Err(Stop::Interrupted)
        );
    }

    #[test]
    fn a_panic_in_a_helper_thread_reaches_the_caller() {
        let mut game = Domineering {
            panics: true,
            ..Domineering::new()
        };
        let panicked = catch_unwind(AssertUnwindSafe(|| {
            unlimited(|b| game.value_on_threads(5, 5, (1 << 25) - 1, 2, b))
        }));
        let payload = panicked.expect_err("the helper's panic");
        assert_eq!(
            payload.downcast_ref::<&str>(),
            Some(&"a test panic in a helper thread")
        );
    }

    #[test]
    fn transposed_boards_are_conjugates() {
        for (h, w) in [(2, 3), (3, 4), (2, 5)] {
            let (mut g, id) = value(h, w, (1 << (h * w)) - 1);
            let conjugate = g.value(
                w,
                h,
                (1 << (h * w)) - 1,
                &mut crate::budget::Budget::new(None, None, &mut || false),
            );
            assert_eq!(Ok(g.store.neg(id)), conjugate);
        }
    }
}
