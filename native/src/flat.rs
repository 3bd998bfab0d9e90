//! Open-addressing hash tables whose entries hold their key and value side by side:
//! linear probing over one array, so that a look-up mostly reads one cache line
//! (hashbrown's maps read two, the control bytes and then the entry).  The sum cache of
//! the canonical-form store and the tables of the board kernels are this kind; their entries
//! are a few words each and the tables hold millions of them, so the cache misses of
//! the look-ups are most of their cost.

use std::hash::{Hash, Hasher};

/// An entry of a `Table`: a key and what is known of it, or the vacant entry.
pub(crate) trait Entry: Copy {
    type Key: Copy + Eq;
    /// The entry of an empty slot; its key is never stored (a table ignores it).
    const VACANT: Self;
    fn key(&self) -> Self::Key;
    fn hash(key: &Self::Key) -> u64;
}

/// The murmur3 finaliser: every bit of `x` moves every bit of the result, so that the
/// low bits can index the table.
pub(crate) fn mix(mut x: u64) -> u64 {
    x ^= x >> 33;
    x = x.wrapping_mul(0xff51_afd7_ed55_8ccd);
    x ^= x >> 33;
    x = x.wrapping_mul(0xc4ce_b9fe_1a85_ec53);
    x ^ (x >> 33)
}

/// The hash of any hashable key, for entries whose key is not one word: its words and
/// bytes folded in by multiply-rotate, then mixed.
pub(crate) fn hash_of<K: Hash>(key: &K) -> u64 {
    let mut folded = Folded(0);
    key.hash(&mut folded);
    mix(folded.0)
}

struct Folded(u64);

impl Hasher for Folded {
    fn write(&mut self, bytes: &[u8]) {
        bytes.iter().for_each(|&b| self.write_u64(u64::from(b)));
    }
    fn write_u8(&mut self, x: u8) {
        self.write_u64(u64::from(x));
    }
    fn write_u64(&mut self, x: u64) {
        self.0 = (self.0.rotate_left(23) ^ x).wrapping_mul(0x9e37_79b9_7f4a_7c15);
    }
    fn finish(&self) -> u64 {
        self.0
    }
}

/// Ask Linux to back the memory reserved by `slots` with 2 MB pages where it can: a
/// look-up in a table of hundreds of megabytes then seldom misses the address-translation
/// cache (Atropos n = 8 on one core: 33 s of user time instead of 53 s).  Only the
/// 2 MB-aligned part of the reserved (not yet written) memory is advised; if Linux
/// declines, nothing changes.
pub(crate) fn advise_huge_pages<T>(slots: &mut Vec<T>) {
    #[cfg(target_os = "linux")]
    {
        const HUGE: usize = 1 << 21;
        let start = slots.as_mut_ptr() as usize;
        let end = start + slots.capacity() * std::mem::size_of::<T>();
        let aligned = start.next_multiple_of(HUGE);
        if end >= aligned + HUGE {
            let length = (end - aligned) / HUGE * HUGE;
            // SAFETY: [aligned, aligned + length) lies inside the allocation `slots` owns
            // (reserved, not yet initialised, and not referenced elsewhere), and
            // MADV_HUGEPAGE only asks the kernel how to back those pages: it changes no
            // memory contents and no mapping the program sees; its result is ignored.
            unsafe {
                libc::madvise(aligned as *mut libc::c_void, length, libc::MADV_HUGEPAGE);
            }
        }
    }
    #[cfg(not(target_os = "linux"))]
    let _ = slots;
}

/// Ask the processor to start loading `item`'s cache line (callers ask for several
/// before they read any, so that the memory accesses overlap).
#[inline]
pub(crate) fn prefetch<T>(item: &T) {
    #[cfg(target_arch = "x86_64")]
    // SAFETY: `_mm_prefetch` needs SSE, which every x86_64 processor has; a prefetch only
    // hints the cache and never reads or writes memory the program sees, and the pointer
    // comes from a live reference.
    unsafe {
        use std::arch::x86_64::{_mm_prefetch, _MM_HINT_T0};
        _mm_prefetch::<_MM_HINT_T0>(std::ptr::from_ref(item).cast::<i8>());
    }
    #[cfg(not(target_arch = "x86_64"))]
    let _ = item;
}

/// Entries by key, at most half of the slots filled (so that a probe for an absent key
/// stops after two or three slots on average).
pub(crate) struct Table<E> {
    slots: Vec<E>,
    /// entries stored
    len: usize,
}

impl<E: Entry> Default for Table<E> {
    fn default() -> Self {
        Table {
            slots: vec![E::VACANT; 16],
            len: 0,
        }
    }
}

impl<E: Entry> Table<E> {
    /// The slot holding `key`, or the vacant slot where it would go.
    fn slot(&self, key: &E::Key) -> usize {
        let mask = self.slots.len() - 1;
        let mut i = E::hash(key) as usize & mask;
        let vacant = E::VACANT.key();
        loop {
            let here = self.slots[i].key();
            if here == *key || here == vacant {
                return i;
            }
            i = (i + 1) & mask;
        }
    }

    /// Ask the processor to start loading the slot where `key`'s probe begins (a caller
    /// about to look up several keys prefetches them all first, so that their cache
    /// misses overlap).
    pub(crate) fn prefetch(&self, key: &E::Key) {
        prefetch(&self.slots[E::hash(key) as usize & (self.slots.len() - 1)]);
    }

    /// The entry stored under `key`.
    pub(crate) fn get(&self, key: &E::Key) -> Option<&E> {
        let entry = &self.slots[self.slot(key)];
        (entry.key() == *key && *key != E::VACANT.key()).then_some(entry)
    }

    /// Store `entry`, replacing the one with its key (an entry with the vacant key is
    /// not stored).
    pub(crate) fn insert(&mut self, entry: E) {
        if entry.key() == E::VACANT.key() {
            return;
        }
        if 2 * (self.len + 1) > self.slots.len() {
            let mut doubled = Vec::with_capacity(2 * self.slots.len());
            advise_huge_pages(&mut doubled);
            doubled.resize(2 * self.slots.len(), E::VACANT);
            let old = std::mem::replace(&mut self.slots, doubled);
            let vacant = E::VACANT.key();
            for e in old.into_iter().filter(|e| e.key() != vacant) {
                let i = self.slot(&e.key());
                self.slots[i] = e;
            }
        }
        let i = self.slot(&entry.key());
        if self.slots[i].key() != entry.key() {
            self.len += 1;
        }
        self.slots[i] = entry;
    }
}

#[cfg(test)]
mod tests {
    use super::{mix, Entry, Table};
    use std::collections::HashMap;

    #[derive(Clone, Copy, Debug, PartialEq)]
    struct Pair(u64, u32);

    impl Entry for Pair {
        type Key = u64;
        const VACANT: Self = Pair(u64::MAX, 0);
        fn key(&self) -> u64 {
            self.0
        }
        fn hash(key: &u64) -> u64 {
            mix(*key)
        }
    }

    #[test]
    fn a_table_agrees_with_a_hash_map() {
        // keys drawn from a small range, so that most inserts replace an entry and the
        // probes run through long clusters
        let (mut table, mut map) = (Table::<Pair>::default(), HashMap::new());
        let mut x: u64 = 1;
        for step in 0..200_000u32 {
            x = x.wrapping_mul(6_364_136_223_846_793_005).wrapping_add(1);
            let key = (x >> 40) % 50_000;
            if (x >> 20) & 1 == 0 {
                table.insert(Pair(key, step));
                map.insert(key, step);
            }
            assert_eq!(table.get(&key).map(|e| e.1), map.get(&key).copied());
            assert_eq!(table.len, map.len());
        }
        assert!(table.get(&(1 << 40)).is_none());
        table.insert(Pair::VACANT);
        assert!(table.get(&u64::MAX).is_none());
    }
}
