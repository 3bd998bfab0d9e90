//! Positions solved by one thread, for the other threads solving the same board: the
//! parallel mode of a board kernel (`Symmetric`).
//!
//! Each thread keeps its own kernel (store, caches, table), so the single-thread path is
//! untouched; what the threads share is a table of the keys claimed or solved so far and
//! a log of the games their values need.  A thread about to expand a key claims it here;
//! one that meets a key another thread has solved imports its value (the game's options
//! from the log, interned in its own store once, no canonical form recomputed) instead
//! of expanding it; one that meets a key another thread is still expanding leaves it for
//! last, and expands it itself only if it is still unsolved by then.  The games of the
//! log are numbered in the order they were published (global ids); each thread maps its
//! own ids to global ones and back.  A game may be published twice (by two threads):
//! both global ids import to the one local id, since a canonical form is unique.  A
//! search stopped by its budget leaves the keys its threads were expanding claimed:
//! each claim names its thread, which takes the key up again as its own, while the
//! others leave it for last as before.

use std::hash::Hash;
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::{Arc, Mutex, MutexGuard, PoisonError, RwLock};

use crate::canonical::{Id, Store, Uptimal};
use crate::flat::{hash_of, Entry, Table};
use crate::symmetric::Position;

/// The shards of the table of keys (each under a lock of its own, so that two threads
/// seldom wait for each other).
const SHARDS: usize = 64;

/// A game's number in the log.
type Global = u32;

/// Marks a global id not known (no log holds 2^32 − 1 games).
const UNKNOWN: Global = Global::MAX;

/// Marks, in a thread's maps, a game met on the walk under way (not yet mapped).
const PENDING: u32 = u32::MAX - 1;

/// The game of a key claimed by thread t whose value is not yet published: `BUSY + t`
/// (published games have smaller global ids).
const BUSY: Global = PENDING - 256;

/// A key and the global id of its value, or `BUSY` and the thread expanding it.
#[derive(Clone, Copy)]
struct Claim<P> {
    position: P,
    game: Global,
}

impl<P: Position> Entry for Claim<P> {
    type Key = P;
    const VACANT: Self = Claim {
        position: P::NONE,
        game: UNKNOWN,
    };
    fn key(&self) -> P {
        self.position
    }
    fn hash(key: &P) -> u64 {
        hash_of(key)
    }
}

/// The published games, in one array (a game's options are read, copied or written at
/// once, and two allocations a game would cost more than the copy).
#[derive(Default)]
struct Log {
    /// game g: its number of Left options, of Right options, then their global ids,
    /// from `starts[g]` on
    words: Vec<u32>,
    starts: Vec<usize>,
    /// the `x + n·↑ + *m` form of the published games known to be one that are not
    /// numbers (a store finds numbers and nimbers from the options, not the others)
    uptimals: hashbrown::HashMap<Global, Uptimal>,
}

impl Log {
    fn len(&self) -> usize {
        self.starts.len()
    }

    /// Game g's Left options and Right options.
    fn options(&self, g: Global) -> (&[Global], &[Global]) {
        let start = self.starts[g as usize];
        let (left, right) = (self.words[start] as usize, self.words[start + 1] as usize);
        let options = &self.words[start + 2..start + 2 + left + right];
        options.split_at(left)
    }
}

/// What the shared table says of a key.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) enum Claimed {
    /// Solved: the global id of its value.
    Solved(Global),
    /// Another thread is expanding it.
    Busy,
    /// No other thread had claimed it (or the caller had, in a search stopped since):
    /// the caller has, and publishes its value when solved.
    Mine,
}

/// The table of keys and the log of games the threads of one search share.
pub(crate) struct Shared<P> {
    shards: Box<[Mutex<Table<Claim<P>>>]>,
    /// read by imports (several at once), written by publishing
    games: RwLock<Log>,
    /// set when the threads are to stop (read before each expansion: a budget's hook
    /// is polled only every few thousand, and a thread that stops long after another
    /// runs alone meanwhile)
    pub(crate) stop: AtomicBool,
}

/// The data under a lock, even if a thread panicked while holding it (here and for the
/// log): a panic stops the whole search (its result is never used), so what the others
/// read meanwhile only has to be memory-safe, which Rust guarantees.
fn locked<T>(mutex: &Mutex<T>) -> MutexGuard<'_, T> {
    mutex.lock().unwrap_or_else(PoisonError::into_inner)
}

impl<P: Position> Default for Shared<P> {
    fn default() -> Self {
        Shared {
            shards: (0..SHARDS).map(|_| Mutex::new(Table::default())).collect(),
            games: RwLock::new(Log::default()),
            stop: AtomicBool::new(false),
        }
    }
}

impl<P: Position + Hash> Shared<P> {
    fn shard(&self, key: &P) -> &Mutex<Table<Claim<P>>> {
        // the table's slot is chosen by the hash's low bits, the shard by its high ones
        &self.shards[(hash_of(key) >> 58) as usize % SHARDS]
    }

    /// The key's value if solved; else whether another thread than `thread` is
    /// expanding it; else it is claimed for `thread`.
    fn claim(&self, key: &P, thread: u8) -> Claimed {
        let mut shard = locked(self.shard(key));
        let mine = BUSY + Global::from(thread);
        match shard.get(key) {
            Some(claim) if claim.game == mine => Claimed::Mine,
            Some(claim) if claim.game >= BUSY => Claimed::Busy,
            Some(claim) => Claimed::Solved(claim.game),
            None => {
                shard.insert(Claim {
                    position: *key,
                    game: mine,
                });
                Claimed::Mine
            }
        }
    }

    /// Record the key's value (a value already recorded by another thread is kept: it
    /// is the same game).
    fn settle(&self, key: &P, game: Global) {
        let mut shard = locked(self.shard(key));
        if shard.get(key).is_none_or(|claim| claim.game >= BUSY) {
            shard.insert(Claim {
                position: *key,
                game,
            });
        }
    }
}

/// One thread's side of the sharing: the shared table and log, and the maps between its
/// store's ids and the log's.
pub(crate) struct Link<P> {
    pub(crate) shared: Arc<Shared<P>>,
    /// local id -> global id (`UNKNOWN` if not published nor imported)
    global: Vec<Global>,
    /// global id -> local id (`UNKNOWN` if not yet met)
    local: Vec<Id>,
    /// this thread's number among those sharing `shared`
    thread: u8,
    /// scratch list of `import`: the options of the games copied from the log
    copied: Vec<Global>,
}

impl<P: Position + Hash> Link<P> {
    pub(crate) fn new(shared: Arc<Shared<P>>, thread: u8) -> Self {
        Link {
            shared,
            global: Vec::new(),
            local: Vec::new(),
            thread,
            copied: Vec::new(),
        }
    }

    /// Whether this thread takes a position's options last first (every second thread,
    /// so that two threads start on different parts of the board).
    pub(crate) fn reversed(&self) -> bool {
        self.thread % 2 == 1
    }

    /// Whether the threads are to stop.
    pub(crate) fn stopped(&self) -> bool {
        self.shared.stop.load(Ordering::Relaxed)
    }

    pub(crate) fn claim(&self, key: &P) -> Claimed {
        self.shared.claim(key, self.thread)
    }

    /// Record that the key this thread expanded has value `value` (publishing the games
    /// it needs that the log does not hold yet).
    pub(crate) fn settle(&mut self, store: &Store, key: &P, value: Id) {
        let game = self.publish(store, value);
        self.shared.settle(key, game);
    }

    fn global_of(&self, g: Id) -> Global {
        self.global.get(g as usize).copied().unwrap_or(UNKNOWN)
    }

    /// The global id of local game `root`, published with every game it reaches that the
    /// log does not hold yet (options first).
    fn publish(&mut self, store: &Store, root: Id) -> Global {
        let known = self.global_of(root);
        if known != UNKNOWN {
            return known;
        }
        // the games to publish, each after its options (found without the lock)
        if self.global.len() < store.len() {
            self.global.resize(store.len(), UNKNOWN);
        }
        let mut order = Vec::new();
        let mut stack = vec![(root, false)];
        while let Some((g, expanded)) = stack.pop() {
            if expanded {
                order.push(g);
                continue;
            }
            if self.global[g as usize] != UNKNOWN {
                continue; // published, or met already on this walk (`PENDING`)
            }
            self.global[g as usize] = PENDING;
            stack.push((g, true));
            for &o in store.left(g).iter().chain(store.right(g)) {
                stack.push((o, false));
            }
        }
        let mut games = self
            .shared
            .games
            .write()
            .unwrap_or_else(PoisonError::into_inner);
        for &g in &order {
            let id = games.len() as Global;
            assert!(
                id < BUSY,
                "the shared log holds fewer than 2^32 − 258 games"
            );
            let (left, right) = (store.left(g), store.right(g));
            let start = games.words.len();
            games.starts.push(start);
            games.words.extend([left.len() as u32, right.len() as u32]);
            games
                .words
                .extend(left.iter().chain(right).map(|&o| self.global[o as usize]));
            if let (None, Some(form)) = (store.number_value(g), store.uptimal_value(g)) {
                games.uptimals.insert(id, form);
            }
            self.global[g as usize] = id;
        }
        drop(games);
        for &g in &order {
            self.remember(g, self.global[g as usize]);
        }
        self.global[root as usize]
    }

    fn remember(&mut self, local: Id, global: Global) {
        let i = global as usize;
        if self.local.len() <= i {
            self.local
                .resize((2 * self.local.len()).max(i + 1), UNKNOWN);
        }
        self.local[i] = local;
        if self.global.len() <= local as usize {
            self.global.resize(local as usize + 1, UNKNOWN);
        }
        if self.global[local as usize] == UNKNOWN {
            self.global[local as usize] = global;
        }
    }

    fn local_of(&self, g: Global) -> Id {
        self.local.get(g as usize).copied().unwrap_or(UNKNOWN)
    }

    /// The local id of published game `root`: interned here (options first) if this
    /// thread has not met it yet.
    pub(crate) fn import(&mut self, store: &mut Store, root: Global) -> Id {
        let known = self.local_of(root);
        if known != UNKNOWN {
            return known;
        }
        // the games not met yet, each after its options, copied out under the lock:
        // (global id, where its options start in `copied`, how many are Left's, uptimal)
        let mut order = Vec::new();
        let mut copied = std::mem::take(&mut self.copied);
        copied.clear();
        {
            let games = self
                .shared
                .games
                .read()
                .unwrap_or_else(PoisonError::into_inner);
            if self.local.len() < games.len() {
                self.local.resize(games.len(), UNKNOWN);
            }
            let mut stack = vec![(root, false)];
            while let Some((g, expanded)) = stack.pop() {
                let (left, right) = games.options(g);
                if expanded {
                    let uptimal = games.uptimals.get(&g).copied();
                    order.push((g, copied.len(), left.len(), right.len(), uptimal));
                    copied.extend_from_slice(left);
                    copied.extend_from_slice(right);
                    continue;
                }
                if self.local[g as usize] != UNKNOWN {
                    continue; // met before, or already on this walk (`PENDING`)
                }
                self.local[g as usize] = PENDING;
                stack.push((g, true));
                for &o in left.iter().chain(right) {
                    stack.push((o, false));
                }
            }
        }
        for (g, start, left, right, uptimal) in order {
            let to_local = |o: &Global| self.local[*o as usize];
            let options = &copied[start..start + left + right];
            let (left, right) = options.split_at(left);
            let left = left.iter().map(to_local).collect();
            let right = right.iter().map(to_local).collect();
            let id = store.adopt(left, right, uptimal);
            self.remember(id, g);
        }
        self.copied = copied;
        self.local[root as usize]
    }
}
