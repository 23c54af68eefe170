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
//!   `checkpoint.rs`: the saved state; `work.rs`: the work counters;
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
mod work;

pub use checkpoint::{CHECKPOINT_FORMAT, Checkpoint, checksum};
#[cfg(feature = "bench")]
pub use dense::mark_splits;
pub use mask::Mask;
pub use same_values::{MAX_KEYED_DIGITS, SameValues};
pub use sparse::SparseEngine;
pub use work::Work;
