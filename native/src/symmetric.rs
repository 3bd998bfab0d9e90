//! Values of board positions kept up to the board's symmetries, some of which exchange
//! the players (then the value is negated): the tables and the look-up shared by the
//! Domineering, Konane and Amazons kernels.

use std::hash::Hash;

use crate::budget::{Budget, Stop};
use crate::canonical::{Id, Store};
use crate::flat::{hash_of, Entry, Table};

/// A kernel's position type, with a position no kernel solves (an empty board of no
/// cells) that marks the table's empty slots.
pub(crate) trait Position: Copy + Eq + Hash {
    const NONE: Self;
}

/// A position and its value.
#[derive(Clone, Copy)]
pub(crate) struct Known<P> {
    position: P,
    value: Id,
}

impl<P: Position> Entry for Known<P> {
    type Key = P;
    const VACANT: Self = Known {
        position: P::NONE,
        value: 0,
    };
    fn key(&self) -> P {
        self.position
    }
    fn hash(key: &P) -> u64 {
        hash_of(key)
    }
}

/// A board kernel's table: the values of the positions met (a literal look-up first,
/// which spares computing the images) and of the keys (least images) expanded, in one
/// table, since the value of a key is that of the position it is.
pub(crate) struct Tables<P> {
    values: Table<Known<P>>,
    /// keys expanded so far
    keys: usize,
}

impl<P: Position> Default for Tables<P> {
    fn default() -> Self {
        Tables {
            values: Table::default(),
            keys: 0,
        }
    }
}

impl<P> Tables<P> {
    /// Positions solved so far, one per key.
    pub fn size(&self) -> usize {
        self.keys
    }
}

/// Marks a position not found (no store holds 2^32 − 1 games).
pub(crate) const MISSING: Id = Id::MAX;

impl<P: Position> Tables<P> {
    /// The value of `position` if the table holds it (literally or as a key).
    pub(crate) fn known(&self, position: &P) -> Option<Id> {
        self.values.get(position).map(|known| known.value)
    }

    /// Remember the value of `position`; `key` when it is a key just solved.
    pub(crate) fn remember(&mut self, position: P, value: Id, key: bool) {
        self.values.insert(Known { position, value });
        self.keys += usize::from(key);
    }

    /// The values of `positions` the table holds, `MISSING` for the others, written over
    /// `values` (the slots prefetched first, so that the cache misses of these
    /// independent reads overlap).
    pub(crate) fn look_up_all(&self, positions: &[P], values: &mut Vec<Id>) {
        positions.iter().for_each(|p| self.values.prefetch(p));
        values.clear();
        values.extend(positions.iter().map(|p| self.known(p).unwrap_or(MISSING)));
    }
}

/// A kernel whose positions have a key: the least of their images, and whether reaching
/// it exchanged the players.
pub(crate) trait Symmetric {
    type Position: Position;

    fn tables(&mut self) -> &mut Tables<Self::Position>;
    fn store(&mut self) -> &mut Store;
    fn key(position: &Self::Position) -> (Self::Position, bool);
    /// The value of a key position, from the values of its options.
    fn by_options(&mut self, key: &Self::Position, budget: &mut Budget) -> Result<Id, Stop>;

    /// The value of `position`: from the literal table, else from its key's entry, else
    /// from its key's options (one budget tick per key expanded).
    fn solve(&mut self, position: &Self::Position, budget: &mut Budget) -> Result<Id, Stop> {
        if let Some(value) = self.tables().known(position) {
            return Ok(value);
        }
        let (key, conjugate) = Self::key(position);
        let value = match self.tables().known(&key) {
            Some(value) => value,
            None => {
                budget.tick()?;
                let value = self.by_options(&key, budget)?;
                self.tables().remember(key, value, true);
                value
            }
        };
        let value = if conjugate {
            self.store().neg(value)
        } else {
            value
        };
        self.tables().remember(*position, value, false);
        Ok(value)
    }

    /// The values of `positions`, in order, written over `values`: first a literal
    /// look-up of each (their slots prefetched first, so that the cache misses of these
    /// independent reads overlap), then `solve` for those not found.
    fn solve_all(
        &mut self,
        positions: &[Self::Position],
        values: &mut Vec<Id>,
        budget: &mut Budget,
    ) -> Result<(), Stop> {
        self.tables().look_up_all(positions, values);
        for (value, position) in values.iter_mut().zip(positions) {
            if *value == MISSING {
                *value = self.solve(position, budget)?;
            }
        }
        Ok(())
    }
}

/// `impl Symmetric` for a board kernel with fields `store` and `tables`, whose positions
/// have a `key()` and which values a key position by its own `expand(key, budget)`.
macro_rules! symmetric_kernel {
    ($kernel:ty, $position:ty) => {
        impl $crate::symmetric::Symmetric for $kernel {
            type Position = $position;

            fn tables(&mut self) -> &mut $crate::symmetric::Tables<$position> {
                &mut self.tables
            }

            fn store(&mut self) -> &mut $crate::canonical::Store {
                &mut self.store
            }

            fn key(position: &$position) -> ($position, bool) {
                position.key()
            }

            fn by_options(
                &mut self,
                key: &$position,
                budget: &mut $crate::budget::Budget,
            ) -> Result<$crate::canonical::Id, $crate::budget::Stop> {
                self.expand(key, budget)
            }
        }
    };
}
pub(crate) use symmetric_kernel;
