//! The engine's work counters ([`Work`]), in a file of their own so that
//! the files of the engine import them without importing `mod.rs`, which
//! re-exports theirs.

/// Work counters, for judging how sparse a game is.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Work {
    /// Splits with a rare part evaluated (step 1).
    pub rare_pairs: u64,
    /// Splits scanned to find wanted values (step 3).
    pub scanned_pairs: u64,
    /// Splits into three heaps enumerated.
    pub three_heap_splits: u64,
    /// Splits into two heaps enumerated in full, once per split sum (the
    /// engine's dense mode, for games with no sparse space).
    pub dense_pairs: u64,
}

impl Work {
    /// All splits counted: the engine's unit of cost, which
    /// [`crate::Budget::max_splits`] limits.
    pub fn total(&self) -> u64 {
        self.rare_pairs
            .saturating_add(self.scanned_pairs)
            .saturating_add(self.three_heap_splits)
            .saturating_add(self.dense_pairs)
    }
}
