//! The transposition table of the impartial kernels: Grundy values by key, which can
//! hand its new entries out in batches (grundy's persistent store writes them) and take
//! stored batches back in, so that a stopped search resumes where it was.
//!
//! A batch is bytes: per entry, the number of 64-bit words in its key (u32), the words,
//! then the value (one byte); integers little-endian.

use hashbrown::{Equivalent, HashMap};
use std::hash::Hash;

/// A table key as 64-bit words (the batch format).
pub trait Words: Sized {
    fn words(&self) -> Vec<u64>;
    /// None: these words are not a key of this table.
    fn from_words(words: &[u64]) -> Option<Self>;
}

impl Words for u64 {
    fn words(&self) -> Vec<u64> {
        vec![*self]
    }
    fn from_words(words: &[u64]) -> Option<Self> {
        match words {
            [word] => Some(*word),
            _ => None,
        }
    }
}

impl Words for (u8, u64) {
    fn words(&self) -> Vec<u64> {
        vec![u64::from(self.0), self.1]
    }
    fn from_words(words: &[u64]) -> Option<Self> {
        match words {
            [small, word] => Some((u8::try_from(*small).ok()?, *word)),
            _ => None,
        }
    }
}

impl Words for Box<[u64]> {
    fn words(&self) -> Vec<u64> {
        self.to_vec()
    }
    fn from_words(words: &[u64]) -> Option<Self> {
        (!words.is_empty()).then(|| words.into())
    }
}

/// Solved positions by key, and a journal of those solved since the last `take_new`.
pub struct Memo<K> {
    table: HashMap<K, u8>,
    /// None until `record` is called: a kernel without a store keeps no journal.
    journal: Option<Vec<(K, u8)>>,
}

impl<K> Default for Memo<K> {
    fn default() -> Self {
        Memo {
            table: HashMap::new(),
            journal: None,
        }
    }
}

impl<K: Hash + Eq + Clone + Words> Memo<K> {
    #[inline]
    pub fn get<Q: Hash + Equivalent<K> + ?Sized>(&self, key: &Q) -> Option<u8> {
        self.table.get(key).copied()
    }

    #[inline]
    pub fn insert(&mut self, key: K, value: u8) {
        if let Some(journal) = &mut self.journal {
            journal.push((key.clone(), value));
        }
        self.table.insert(key, value);
    }

    /// Entries in the table.
    pub fn size(&self) -> usize {
        self.table.len()
    }

    /// From now on, keep each newly solved entry for `take_new`.
    pub fn record(&mut self) {
        self.journal.get_or_insert_with(Vec::new);
    }

    /// The entries solved since the last call as a batch (empty unless recording).
    pub fn take_new(&mut self) -> Vec<u8> {
        let mut batch = Vec::new();
        for (key, value) in self
            .journal
            .as_mut()
            .map(std::mem::take)
            .unwrap_or_default()
        {
            let words = key.words();
            let count = u32::try_from(words.len()).expect("a key of fewer than 2^32 words");
            batch.extend_from_slice(&count.to_le_bytes());
            for word in words {
                batch.extend_from_slice(&word.to_le_bytes());
            }
            batch.push(value);
        }
        batch
    }

    /// Add a batch solved earlier (by a stopped run); it is not journaled again.
    pub fn learn(&mut self, mut batch: &[u8]) -> Result<(), String> {
        let mut entries = Vec::new();
        const CUT: &str = "a table batch ends inside an entry";
        while !batch.is_empty() {
            let (count, rest) = batch.split_at_checked(4).ok_or(CUT)?;
            let count = u32::from_le_bytes(count.try_into().expect("4 bytes"));
            let size = usize::try_from(count)
                .ok()
                .and_then(|c| c.checked_mul(8))
                .ok_or(CUT)?;
            let entry = rest.get(..=size).ok_or(CUT)?;
            let words: Vec<u64> = entry[..size]
                .chunks_exact(8)
                .map(|bytes| u64::from_le_bytes(bytes.try_into().expect("8 bytes")))
                .collect();
            let key = K::from_words(&words).ok_or("a table batch holds a key of another table")?;
            entries.push((key, entry[size]));
            batch = &rest[size + 1..];
        }
        self.table.extend(entries);
        Ok(())
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn journals_only_while_recording_and_not_what_it_learns() {
        let mut memo: Memo<u64> = Memo::default();
        memo.insert(1, 3);
        assert!(memo.take_new().is_empty());
        memo.record();
        memo.insert(2, 0);
        memo.insert(u64::MAX, 7);
        let batch = memo.take_new();
        assert!(memo.take_new().is_empty());
        let mut other: Memo<u64> = Memo::default();
        other.record();
        other.learn(&batch).unwrap();
        assert!(other.take_new().is_empty());
        assert_eq!(
            (
                other.get(&2),
                other.get(&u64::MAX),
                other.get(&1),
                other.size()
            ),
            (Some(0), Some(7), None, 2)
        );
    }

    #[test]
    fn variable_keys_round_trip_and_bad_batches_are_refused() {
        let mut memo: Memo<Box<[u64]>> = Memo::default();
        memo.record();
        memo.insert(vec![7, 1, 2].into(), 4);
        let batch = memo.take_new();
        let mut grids: Memo<Box<[u64]>> = Memo::default();
        grids.learn(&batch).unwrap();
        assert_eq!(grids.get([7u64, 1, 2].as_slice()), Some(4));
        assert!(grids.learn(&batch[..batch.len() - 1]).is_err());
        let mut graphs: Memo<(u8, u64)> = Memo::default();
        assert!(graphs.learn(&batch).is_err()); // three words: not a (token, mask) key
        assert!(graphs.learn(&[2, 0, 0, 0, 1, 0, 0, 0, 0, 0, 0, 0]).is_err()); // cut short
        assert!(graphs.learn(&[255, 255, 255, 255, 0]).is_err()); // a count past the end
    }
}
