//! The engines: generators of Grundy and outcome sequences.
//!
//! * `naive.rs`: the definition over any [`HeapGame`](crate::HeapGame),
//!   the oracle for everything else.
//! * `block.rs`: finite subtraction sets, one-hot cells, block
//!   (SIMD-friendly) filling; `wide.rs` for |S| >= 128.
//! * `sliding.rs`: finite sets made of a few long intervals, a sliding
//!   window of value counts per interval (`mex_counts.rs`).
//! * `runs.rs`: finite subtraction sets, segment by segment (long runs).
//! * `fes.rs`: all-but (cofinite) sets, the FES algorithm (Sleator-Slusky;
//!   Suetsugu-Abuku).
//! * `octal/`: take-and-break games, the sparse-space engine
//!   (Gangolli-Plambeck; Flammenkamp).
//!
//! * `cells.rs`: the buffer the position engines write into (window,
//!   room, compaction), written once for all three.
//!
//! The layer is private; the `bench` feature makes it public for the
//! benchmark crate, which measures the engines one by one.
//!
//! This layer is a leaf above the data types (`set`, `game`, `play`): it
//! generates, it never searches for periods (`period/`) nor decides which
//! engine a rule set uses (`rules/`). The period detectors drive the
//! position engines through [`Source`] (see `with_source!`).

pub mod block;
pub mod cell;
mod cells;
pub mod fes;
pub(crate) mod mersenne;
mod mex_counts;
pub mod naive;
pub mod octal;
mod pattern_hash;
pub mod runs;
pub mod sliding;
pub mod source;
pub mod wide;

pub use source::Source;

use crate::set::FiniteSet;

/// Runs `$body` with `$make` bound to a closure that builds a fresh
/// [`Source`] for the finite set `$set` under `$play`'s sequence: Grundy
/// values (`None`), or normal/misère outcomes (`Some(Play)`). The cell width
/// is chosen from |S|; the body is compiled once per width.
macro_rules! with_source {
    ($set:expr, $sequence:expr, |$make:ident| $body:expr) => {{
        use $crate::engine::block::BlockEngine;
        use $crate::engine::cell::{MisereOutcomeRule, NormalOutcomeRule};
        use $crate::engine::sliding::SlidingEngine;
        let moves: &[u64] = $set.elements();
        let sequence: Option<$crate::play::Play> = $sequence;
        let slides = $crate::engine::sliding::pays(moves, sequence.is_none());
        match (sequence, moves.len()) {
            (Some(play), _) if slides => {
                let $make = || SlidingEngine::outcomes(moves, play);
                $body
            }
            (None, _) if slides => {
                let $make = || SlidingEngine::new(moves);
                $body
            }
            (Some($crate::play::Play::Normal), _) => {
                let $make =
                    || BlockEngine::<u8, NormalOutcomeRule>::new(moves);
                $body
            }
            (Some($crate::play::Play::Misere), _) => {
                let $make =
                    || BlockEngine::<u8, MisereOutcomeRule>::new(moves);
                $body
            }
            (None, len) => {
                $crate::engine::with_grundy_cells!(
                    $crate::engine::Width::for_moves(len),
                    moves,
                    |$make| $body
                )
            }
        }
    }};
}
pub(crate) use with_source;

/// Runs `$body` with `$make` bound to a closure that builds a fresh
/// Grundy-value [`Source`] over `$moves` with cells of `$width` (the
/// block engine, or the wide engine for [`Width::Wide`]); the body is
/// compiled once per width.
macro_rules! with_grundy_cells {
    ($width:expr, $moves:expr, |$make:ident| $body:expr) => {{
        use $crate::engine::Width;
        use $crate::engine::block::BlockEngine;
        use $crate::engine::cell::{GrundyRule, Words};
        use $crate::engine::wide::WideEngine;
        let moves: &[u64] = $moves;
        match $width {
            Width::U8 => {
                let $make = || BlockEngine::<u8, GrundyRule>::new(moves);
                $body
            }
            Width::U16 => {
                let $make = || BlockEngine::<u16, GrundyRule>::new(moves);
                $body
            }
            Width::U32 => {
                let $make = || BlockEngine::<u32, GrundyRule>::new(moves);
                $body
            }
            Width::U64 => {
                let $make = || BlockEngine::<u64, GrundyRule>::new(moves);
                $body
            }
            Width::Words2 => {
                let $make = || BlockEngine::<Words<2>, GrundyRule>::new(moves);
                $body
            }
            Width::Wide => {
                let $make = || WideEngine::new(moves);
                $body
            }
        }
    }};
}
pub(crate) use with_grundy_cells;

/// The cells a Grundy sequence is generated in: one-hot words of 8 to 128
/// bits, or plain integers.
///
/// A set of |S| moves has values up to |S|, so [`Width::for_moves`] is
/// always safe; a narrower width is faster (more cells per SIMD register)
/// and right as long as no value reaches its top bit
/// ([`Width::saturated_at`]), which a period search can watch for
/// (`period/narrow.rs`).
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord)]
pub(crate) enum Width {
    U8,
    U16,
    U32,
    U64,
    Words2,
    Wide,
}

impl Width {
    /// The narrowest width that holds every value of a set of `len`
    /// moves (values 0..=len).
    pub(crate) fn for_moves(len: usize) -> Width {
        match len {
            0..8 => Width::U8,
            8..16 => Width::U16,
            16..32 => Width::U32,
            32..64 => Width::U64,
            64..128 => Width::Words2,
            _ => Width::Wide,
        }
    }

    /// The next narrower width, if any.
    pub(crate) fn narrower(self) -> Option<Width> {
        match self {
            Width::U8 => None,
            Width::U16 => Some(Width::U8),
            Width::U32 => Some(Width::U16),
            Width::U64 => Some(Width::U32),
            Width::Words2 => Some(Width::U64),
            Width::Wide => Some(Width::Words2),
        }
    }

    /// The least largest value at which cells of this width may have
    /// overflowed: a mex computed as the lowest zero bit overflows only
    /// when the options hold every value the width has, so only after its
    /// top value has been generated (`None`: plain integers never do).
    pub(crate) fn saturated_at(self) -> Option<u64> {
        match self {
            Width::U8 => Some(7),
            Width::U16 => Some(15),
            Width::U32 => Some(31),
            Width::U64 => Some(63),
            Width::Words2 => Some(127),
            Width::Wide => None,
        }
    }

    /// The engine reports name.
    pub(crate) fn engine(self) -> Engine {
        match self {
            Width::U8 => Engine::BlockU8,
            Width::U16 => Engine::BlockU16,
            Width::U32 => Engine::BlockU32,
            Width::U64 => Engine::BlockU64,
            Width::Words2 => Engine::BlockU128,
            Width::Wide => Engine::Wide,
        }
    }
}

/// An engine, as reports name it.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
#[non_exhaustive]
pub enum Engine {
    /// Block engine, one-hot u8 cells (values below 8: |S| < 8, or a
    /// larger set whose values stayed there; all outcome sequences).
    BlockU8,
    /// Block engine, u16 cells (values below 16).
    BlockU16,
    /// Block engine, u32 cells (values below 32).
    BlockU32,
    /// Block engine, u64 cells (values below 64).
    BlockU64,
    /// Block engine, 128-bit cells held as two words (values below 128).
    BlockU128,
    /// Plain integer cells (|S| >= 128 and values reaching 127).
    Wide,
    /// A sliding window per interval of S (few long intervals).
    Sliding,
    /// The run-length engine.
    Runs,
    /// The FES engine of all-but sets.
    Fes,
    /// The definition, position by position.
    Naive,
    /// The sparse-space engine of take-and-break games.
    Sparse,
}

impl Engine {
    /// The position engine of a finite set's Grundy values.
    pub(crate) fn for_grundy(set: &FiniteSet) -> Engine {
        if sliding::pays(set.elements(), true) {
            return Engine::Sliding;
        }
        Width::for_moves(set.len()).engine()
    }

    /// The position engine of a finite set's outcome sequences.
    pub(crate) fn for_outcomes(set: &FiniteSet) -> Engine {
        if sliding::pays(set.elements(), false) {
            Engine::Sliding
        } else {
            Engine::BlockU8
        }
    }

    /// The name reports print: `block-u8` ... `block-u128`, `wide`,
    /// `sliding`, `runs`, `fes`, `naive`, `sparse`.
    ///
    /// ```
    /// assert_eq!(grundy::Engine::Runs.name(), "runs");
    /// ```
    pub fn name(self) -> &'static str {
        match self {
            Engine::BlockU8 => "block-u8",
            Engine::BlockU16 => "block-u16",
            Engine::BlockU32 => "block-u32",
            Engine::BlockU64 => "block-u64",
            Engine::BlockU128 => "block-u128",
            Engine::Wide => "wide",
            Engine::Sliding => "sliding",
            Engine::Runs => "runs",
            Engine::Fes => "fes",
            Engine::Naive => "naive",
            Engine::Sparse => "sparse",
        }
    }
}

impl std::fmt::Display for Engine {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(self.name())
    }
}

#[cfg(feature = "serde")]
impl serde::Serialize for Engine {
    fn serialize<S: serde::Serializer>(
        &self,
        s: S,
    ) -> Result<S::Ok, S::Error> {
        s.serialize_str(self.name())
    }
}

/// The Grundy values of a finite set from heap 0 on, by the block
/// engine of its width.
pub(crate) fn finite_values(
    set: &FiniteSet,
) -> Box<dyn Iterator<Item = u64> + Send> {
    with_source!(set, None, |make| Box::new(SourceValues::new(make())))
}

/// The outcomes of a finite set from heap 0 on: `true` at P-positions.
pub(crate) fn finite_outcomes(
    set: &FiniteSet,
    play: crate::play::Play,
) -> Box<dyn Iterator<Item = bool> + Send> {
    with_source!(set, Some(play), |make| Box::new(
        SourceValues::new(make()).map(|v| v == 0)
    ))
}

/// An iterator over the values a [`Source`] generates, from position 0.
#[derive(Debug)]
pub(crate) struct SourceValues<S: Source> {
    source: S,
    pending: Vec<u64>,
    next: usize,
    /// Cells generated by the next call: small at first (a caller may want
    /// only a few values of a set with a million moves), doubling.
    batch: usize,
}

impl<S: Source> SourceValues<S> {
    pub(crate) fn new(source: S) -> Self {
        SourceValues { source, pending: Vec::new(), next: 0, batch: 16 }
    }
}

impl<S: Source> Iterator for SourceValues<S> {
    type Item = u64;

    fn next(&mut self) -> Option<u64> {
        if self.next == self.pending.len() {
            let count = self.batch.min(self.source.chunk()).min(1 << 12);
            self.batch = (2 * self.batch).min(1 << 12);
            let buf = self.source.advance(count);
            self.pending.clear();
            self.pending
                .extend(buf[buf.len() - count..].iter().map(|&c| S::value(c)));
            self.next = 0;
        }
        self.next += 1;
        Some(self.pending[self.next - 1])
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::play::Play;
    use proptest::prelude::*;

    fn fast(set: &FiniteSet, count: usize) -> Vec<u64> {
        finite_values(set).take(count).collect()
    }

    fn finite(elements: &[u64]) -> FiniteSet {
        FiniteSet::new(elements.iter().copied()).unwrap()
    }

    #[test]
    fn every_width_matches_naive() {
        // |S| = 3, 12, 20, 40, 100, 200 exercise u8 .. u128 and wide cells.
        for k in [3u64, 12, 20, 40, 100, 200] {
            let odd: Vec<u64> = (0..k).map(|i| 2 * i + 1).collect();
            let dense: Vec<u64> = (1..=k).collect();
            for set in [finite(&odd), finite(&dense)] {
                let n = 3 * set.max_element() as usize + 50;
                assert_eq!(
                    fast(&set, n),
                    naive::grundy_values(&set, n),
                    "{set}"
                );
            }
        }
    }

    #[test]
    fn dense_sets_reach_large_values() {
        // {1..200}: g(n) = n mod 201, values far above 63.
        let set = finite(&(1..=200).collect::<Vec<_>>());
        let v = fast(&set, 1000);
        assert!(v.iter().enumerate().all(|(n, &g)| g == n as u64 % 201));
    }

    #[test]
    fn block_path_matches_naive() {
        // min(S) >= 16 takes the block path; several block lengths.
        for set in [
            finite(&[16, 40, 41]),
            finite(&[5000, 10001, 15001]),
            finite(&[20, 21, 22, 23, 24, 25, 26, 27, 90]),
        ] {
            let n = 4 * set.max_element() as usize;
            assert_eq!(fast(&set, n), naive::grundy_values(&set, n), "{set}");
        }
    }

    proptest! {
        #![proptest_config(ProptestConfig::with_cases(2000))]

        #[test]
        fn fast_equals_naive(v in prop::collection::btree_set(1u64..60, 1..10)) {
            let set = finite(&v.into_iter().collect::<Vec<_>>());
            let n = 400;
            prop_assert_eq!(fast(&set, n), naive::grundy_values(&set, n));
        }

        #[test]
        fn outcomes_equal_naive(
            v in prop::collection::btree_set(1u64..40, 1..8),
            misere in any::<bool>(),
        ) {
            let set = finite(&v.into_iter().collect::<Vec<_>>());
            let play = if misere { Play::Misere } else { Play::Normal };
            let got: Vec<bool> = finite_outcomes(&set, play).take(300).collect();
            prop_assert_eq!(got, naive::outcomes(&set, 300, play));
        }
    }
}
