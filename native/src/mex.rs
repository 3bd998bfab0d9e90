//! The minimum excludant of a set of Grundy values.

/// A set of small Grundy values as a bitset, growing past 64 only when needed.
#[derive(Default)]
pub struct ValueSet {
    low: u64,
    high: Vec<u64>,
}

impl ValueSet {
    pub fn new() -> Self {
        Self::default()
    }

    #[inline]
    pub fn insert(&mut self, value: u32) {
        if value < 64 {
            self.low |= 1 << value;
        } else {
            let word = (value / 64 - 1) as usize;
            if self.high.len() <= word {
                self.high.resize(word + 1, 0);
            }
            self.high[word] |= 1 << (value % 64);
        }
    }

    /// The least value not in the set (seed 002, L57-59).
    #[inline]
    pub fn mex(&self) -> u32 {
        if self.low != u64::MAX {
            return self.low.trailing_ones();
        }
        for (i, word) in self.high.iter().enumerate() {
            if *word != u64::MAX {
                return 64 * (i as u32 + 1) + word.trailing_ones();
            }
        }
        64 * (self.high.len() as u32 + 1)
    }
}

#[cfg(test)]
mod tests {
    use super::ValueSet;

    #[test]
    fn mex_of_small_and_large_sets() {
        let mut set = ValueSet::new();
        assert_eq!(set.mex(), 0);
        set.insert(1);
        assert_eq!(set.mex(), 0);
        set.insert(0);
        assert_eq!(set.mex(), 2);
        for v in 0..130 {
            set.insert(v);
        }
        assert_eq!(set.mex(), 130);
        set.insert(131);
        assert_eq!(set.mex(), 130);
    }
}
