//! Values of board positions kept up to the board's symmetries, some of which exchange
//! the players (then the value is negated): the tables and the look-up shared by the
//! Domineering, Konane and Amazons kernels.

use std::hash::Hash;

use hashbrown::HashMap;

use crate::budget::{Budget, Stop};
use crate::canonical::{Id, Store};

/// A board kernel's two tables.
pub(crate) struct Tables<P> {
    /// least image -> the value of the position that image stands for
    keyed: HashMap<P, Id>,
    /// literal position -> its value, a cheap first look before the images
    seen: HashMap<P, Id>,
}

impl<P> Default for Tables<P> {
    fn default() -> Self {
        Tables {
            keyed: HashMap::new(),
            seen: HashMap::new(),
        }
    }
}

impl<P> Tables<P> {
    /// Positions solved so far, one per key.
    pub fn size(&self) -> usize {
        self.keyed.len()
    }
}

/// A kernel whose positions have a key: the least of their images, and whether reaching
/// it exchanged the players.
pub(crate) trait Symmetric {
    type Position: Copy + Eq + Hash;

    fn tables(&mut self) -> &mut Tables<Self::Position>;
    fn store(&mut self) -> &mut Store;
    fn key(position: &Self::Position) -> (Self::Position, bool);
    /// The value of a key position, from the values of its options.
    fn by_options(&mut self, key: &Self::Position, budget: &mut Budget) -> Result<Id, Stop>;

    /// The value of `position`: from the literal table, else from its key's entry, else
    /// from its key's options (one budget tick per key expanded).
    fn solve(&mut self, position: &Self::Position, budget: &mut Budget) -> Result<Id, Stop> {
        if let Some(&value) = self.tables().seen.get(position) {
            return Ok(value);
        }
        let (key, conjugate) = Self::key(position);
        let known = self.tables().keyed.get(&key).copied();
        let value = match known {
            Some(value) => value,
            None => {
                budget.tick()?;
                let value = self.by_options(&key, budget)?;
                self.tables().keyed.insert(key, value);
                value
            }
        };
        let value = if conjugate {
            self.store().neg(value)
        } else {
            value
        };
        self.tables().seen.insert(*position, value);
        Ok(value)
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
