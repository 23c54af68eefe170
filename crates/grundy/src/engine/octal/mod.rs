//! Engines of take-and-break (octal and hexadecimal) games and Grundy's
//! game.
//!
//! * `sparse.rs`: the sparse-space engine ([`SparseEngine`]): values with
//!   work per heap about (rare positions) x (code length), two bytes per
//!   value, a [`Checkpoint`] to resume after a kill;
//! * `dense.rs`: its mode for games with no sparse space (every split
//!   enumerated, each split sum once for all digits);
//! * `heap.rs`: its per-heap step; `step2.rs`: the candidate and the
//!   wanted values from the marks; `scan.rs`: step 3's scan for the
//!   wanted values; `pipeline.rs`: step 3 on a second thread, beside the
//!   next heaps; `plan.rs`: the digits grouped;
//!   `mask.rs`: the rare/common split and how it is chosen;
//!   `checkpoint.rs`: the saved state;
//! * `moves.rs`: the options of one heap that reach a given value, read
//!   off the values below it (a heap's or a sum's winning moves);
//! * `same_values.rs`: which codes provably have the same values (a
//!   table computes each such sequence once).
//!
//! The naive engine (`engine/naive.rs`, the definition over the game's
//! options) is the oracle every test here compares with. References:
//! Berlekamp, Conway, Guy, Winning Ways ch. 4; A. Gangolli, T. Plambeck,
//! A note on periodicity in some octal games (1989); A. Flammenkamp,
//! Sprague-Grundy values of octal games.

// Mask choices and some engine methods are reached only by the benchmarks
// (the `bench` feature), which compare masks and engines directly.
#![cfg_attr(not(feature = "bench"), allow(dead_code, unused_imports))]

pub mod checkpoint;
pub(crate) mod dense;
pub(crate) mod heap;
pub mod mask;
pub(crate) mod moves;
pub(crate) mod pipeline;
pub(crate) mod plan;
pub mod same_values;
pub(crate) mod scan;
pub mod sparse;
pub(crate) mod step2;

pub use checkpoint::{CHECKPOINT_FORMAT, Checkpoint, checksum};
#[cfg(feature = "bench")]
pub use dense::mark_splits;
pub use mask::Mask;
pub use same_values::{MAX_KEYED_DIGITS, SameValues};
pub use sparse::{MaskChoice, SparseEngine};

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
