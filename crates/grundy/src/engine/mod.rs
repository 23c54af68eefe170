//! Grundy and outcome sequences: the engines and the choice between them.
//!
//! * `naive.rs`: the definition, the oracle for everything else.
//! * `block.rs`: finite sets, one-hot cells, block (SIMD-friendly) filling.
//! * `wide.rs`: finite sets with |S| >= 128, plain integer cells.
//! * `fes.rs`: all-but (cofinite) sets, the FES algorithm (seed 003).
//!
//! [`values`] and [`outcomes`] pick the engine from the set and hand out
//! plain iterators; the period detector drives the engines directly through
//! [`Source`] (see [`with_source!`](crate::with_source)).

pub mod block;
pub mod cell;
pub mod fes;
pub mod naive;
pub mod runs;
pub mod source;
pub mod wide;

pub use source::Source;

use crate::error::Result;
use crate::nimber::Nimber;
use crate::play::Play;
use crate::set::{FiniteSet, SubtractionSet};

/// Runs `$body` with `$make` bound to a closure that builds a fresh
/// [`Source`] for the finite set `$set` under `$play`'s sequence: Grundy
/// values (`None`), or normal/misère outcomes (`Some(Play)`). The cell width
/// is chosen from |S|; the body is compiled once per width.
#[macro_export]
#[doc(hidden)]
macro_rules! with_source {
    ($set:expr, $sequence:expr, |$make:ident| $body:expr) => {{
        use $crate::engine::block::BlockEngine;
        use $crate::engine::cell::{
            GrundyRule, MisereOutcomeRule, NormalOutcomeRule,
        };
        use $crate::engine::wide::WideEngine;
        let moves: &[u64] = $set.elements();
        match ($sequence, moves.len()) {
            (Some($crate::Play::Normal), _) => {
                let $make =
                    || BlockEngine::<u8, NormalOutcomeRule>::new(moves);
                $body
            }
            (Some($crate::Play::Misere), _) => {
                let $make =
                    || BlockEngine::<u8, MisereOutcomeRule>::new(moves);
                $body
            }
            (None, 0..8) => {
                let $make = || BlockEngine::<u8, GrundyRule>::new(moves);
                $body
            }
            (None, 8..16) => {
                let $make = || BlockEngine::<u16, GrundyRule>::new(moves);
                $body
            }
            (None, 16..32) => {
                let $make = || BlockEngine::<u32, GrundyRule>::new(moves);
                $body
            }
            (None, 32..64) => {
                let $make = || BlockEngine::<u64, GrundyRule>::new(moves);
                $body
            }
            (None, 64..128) => {
                let $make = || BlockEngine::<u128, GrundyRule>::new(moves);
                $body
            }
            (None, _) => {
                let $make = || WideEngine::new(moves);
                $body
            }
        }
    }};
}

/// The name of the engine used for a finite set's Grundy values.
pub fn engine_name(set: &FiniteSet) -> &'static str {
    match set.len() {
        0..8 => "block-u8",
        8..16 => "block-u16",
        16..32 => "block-u32",
        32..64 => "block-u64",
        64..128 => "block-u128",
        _ => "wide",
    }
}

/// An iterator over the values a [`Source`] generates, from position 0.
#[derive(Debug)]
struct SourceValues<S: Source> {
    source: S,
    pending: Vec<u64>,
    next: usize,
}

impl<S: Source> SourceValues<S> {
    fn new(source: S) -> Self {
        SourceValues { source, pending: Vec::new(), next: 0 }
    }
}

impl<S: Source> Iterator for SourceValues<S> {
    type Item = u64;

    fn next(&mut self) -> Option<u64> {
        if self.next == self.pending.len() {
            let count = self.source.max_advance().min(1 << 12);
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

/// The Grundy sequence g(0), g(1), ... of a subtraction game, without end.
pub struct Values {
    inner: Box<dyn Iterator<Item = u64> + Send>,
}

impl std::fmt::Debug for Values {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("Values").finish_non_exhaustive()
    }
}

impl Iterator for Values {
    type Item = Nimber;

    fn next(&mut self) -> Option<Nimber> {
        self.inner.next().map(Nimber)
    }
}

/// The Grundy values of the subtraction game on `set`, from heap 0 on.
///
/// ```
/// let set = "1,2,3".parse()?;
/// let first: Vec<u64> = grundy::engine::values(&set)?.take(6).map(|g| g.value()).collect();
/// assert_eq!(first, [0, 1, 2, 3, 0, 1]);
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
pub fn values(set: &SubtractionSet) -> Result<Values> {
    let inner: Box<dyn Iterator<Item = u64> + Send> = match set {
        SubtractionSet::Finite(set) => {
            with_source!(set, None, |make| Box::new(SourceValues::new(make())))
        }
        SubtractionSet::AllBut(all_but) if all_but.is_nim() => Box::new(0..),
        SubtractionSet::AllBut(all_but) => {
            Box::new(fes::FesValues::new(all_but))
        }
    };
    Ok(Values { inner })
}

/// The outcomes of the subtraction game on `set` from heap 0 on: `true`
/// where the player to move loses (a P-position) under `play`.
pub fn outcomes(
    set: &SubtractionSet,
    play: Play,
) -> Result<Box<dyn Iterator<Item = bool> + Send>> {
    Ok(match (set, play) {
        (SubtractionSet::Finite(set), _) => {
            with_source!(set, Some(play), |make| Box::new(
                SourceValues::new(make()).map(|v| v == 0)
            ))
        }
        (SubtractionSet::AllBut(s), _) => {
            // Finitely many P-positions, all within max(X) of the first.
            let p = crate::allbut::p_positions(s, play);
            Box::new((0u64..).map(move |n| p.binary_search(&n).is_ok()))
        }
    })
}

#[cfg(test)]
mod tests {
    use super::*;
    use proptest::prelude::*;

    fn fast(set: &SubtractionSet, count: usize) -> Vec<u64> {
        values(set).unwrap().take(count).map(Nimber::value).collect()
    }

    fn finite(elements: &[u64]) -> SubtractionSet {
        FiniteSet::new(elements.iter().copied()).unwrap().into()
    }

    #[test]
    fn every_width_matches_naive() {
        // |S| = 3, 12, 20, 40, 100, 200 exercise u8 .. u128 and wide cells.
        for k in [3u64, 12, 20, 40, 100, 200] {
            let odd: Vec<u64> = (0..k).map(|i| 2 * i + 1).collect();
            let dense: Vec<u64> = (1..=k).collect();
            for set in [finite(&odd), finite(&dense)] {
                let n = 3 * set_max(&set) as usize + 50;
                assert_eq!(
                    fast(&set, n),
                    naive::grundy_values(&set, n),
                    "{set}"
                );
            }
        }
    }

    fn set_max(set: &SubtractionSet) -> u64 {
        match set {
            SubtractionSet::Finite(s) => s.max_element(),
            SubtractionSet::AllBut(s) => s.max_excluded(),
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
            let n = 4 * set_max(&set) as usize;
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
            let got: Vec<bool> = outcomes(&set, play).unwrap().take(300).collect();
            prop_assert_eq!(got, naive::outcomes(&set, 300, misere));
        }
    }
}
