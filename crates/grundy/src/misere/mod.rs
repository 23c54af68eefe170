//! Misère quotients of heap games: the commutative monoid that solves
//! every sum of heaps 1..N under misère play, with its P-portion and the
//! map from heaps to elements (the pretending function).
//!
//! Under misère play the Sprague-Grundy value no longer decides sums;
//! the quotient of a closed set of games by misère indistinguishability
//! does, and for many wild octal games it is small. This module follows
//! T. E. Plambeck and A. N. Siegel, Misère quotients for impartial games,
//! J. Combin. Theory Ser. A 115 (2008), and A. N. Siegel, Misère games
//! and misère quotients (Games of No Chance 5); the algorithm is
//! MisereSolver's, as docs/MISERE.md describes it in prose in its §2 (no
//! code copied; the § numbers in these files refer to that page).
//!
//! Files, one purpose each:
//!
//! * `word.rs`: exponent vectors (a game as heap multiplicities, or a
//!   monoid word over generators) and their order (highest index first).
//! * `bits.rs`: a small fixed-width bit set (option-image sets).
//! * `monoid.rs`: explicit finite commutative monoids by generator
//!   actions; products, submonoids, normal forms, presentations, direct
//!   products with cyclic monoids.
//! * `reduce.rs`: the bipartite reduction (coarsest congruence that
//!   respects P) by partition refinement.
//! * `options.rs`: the options of heaps 0..=N as lists of smaller heaps.
//! * `verify.rs`: the verification lemma (P- and N-conditions, with
//!   domination antichains) that proves a candidate quotient.
//! * `solver.rs`: the quotient of heaps 1..N, one heap at a time
//!   (conservative extension, else expansion and recalibration).
//! * `periodic.rs`: the Guy-Smith certificate that Q_N is the quotient
//!   of the whole game when the heap map repeats long enough.
//! * `tame.rs`: whether a quotient is T_n (misère Nim's), by structure.
//! * `oracle.rs` (tests only): misère outcomes by exhaustive search.
//!
//! `query/quotient.rs` is the one user: `grundy::quotient` and the
//! `grundy quotient` command.

#![allow(dead_code)]
#![forbid(unsafe_code)]

pub(crate) mod bits;
pub(crate) mod monoid;
pub(crate) mod options;
#[cfg(test)]
pub(crate) mod oracle;
pub(crate) mod periodic;
pub(crate) mod reduce;
pub(crate) mod solver;
pub(crate) mod tame;
pub(crate) mod verify;
pub(crate) mod word;

/// An element of a finite monoid: 0 is the identity.
pub(crate) type Elem = u32;

/// Elementary steps (products, table entries) between two polls of the
/// deadline and the cancel flag in loops whose work is not counted in
/// positions: a reduction's rounds, a presentation, a product's tables.
pub(crate) const POLL_EVERY: usize = 1 << 16;

/// A stop when `budget`'s deadline passed or its cancel flag is set, for
/// loops whose work is not counted in positions; `done` and `limit` are
/// 0, and the solver puts in how far its search got
/// ([`solver::MisereSolver`]).
pub(crate) fn interrupted(
    budget: &crate::budget::Budget,
) -> Result<(), crate::budget::Stopped> {
    use crate::budget::{Stopped, Unit};
    match budget.interrupted() {
        Some(reason) => Err(Stopped::new(reason, 0, 0, Unit::Positions)),
        None => Ok(()),
    }
}
