//! Choosing the engine for a finite set's period search.
//!
//! Two engines generate the sequences of a finite set exactly: the block
//! engine (`engine/block.rs`, position by position, SIMD-friendly) and the
//! run-length engine (`engine/runs.rs`, segment by segment). The block
//! engine's cost is per position; the run-length engine's is per segment
//! (a stretch where no n - s crosses a run boundary), about |S| times the
//! block engine's cost per position. So the run-length engine wins exactly
//! when segments are long, which a cheap probe shows: run it for a few
//! thousand segments past the first window and look at their mean length.
//! `--engine` in the CLI forces either engine.

use std::fmt;
use std::str::FromStr;

use crate::engine::engine_name;
use crate::engine::runs::{self, RunEngine, RunRule};
use crate::error::{Error, ErrorKind};
use crate::period::{Limit, NotFound, Period};
use crate::play::Play;
use crate::set::FiniteSet;
use crate::{Sequence, find_period};

/// Which engine a period search should use.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub enum EngineChoice {
    /// Probe the set and pick (see [`choose`]).
    #[default]
    Auto,
    /// The block engine, position by position.
    Block,
    /// The run-length engine, segment by segment.
    Runs,
}

impl FromStr for EngineChoice {
    type Err = Error;

    fn from_str(text: &str) -> Result<EngineChoice, Error> {
        match text {
            "auto" => Ok(EngineChoice::Auto),
            "block" => Ok(EngineChoice::Block),
            "runs" => Ok(EngineChoice::Runs),
            _ => Err(Error::new(
                ErrorKind::Parse,
                format!("unknown engine \"{text}\"; use auto, block or runs"),
            )),
        }
    }
}

impl fmt::Display for EngineChoice {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(match self {
            EngineChoice::Auto => "auto",
            EngineChoice::Block => "block",
            EngineChoice::Runs => "runs",
        })
    }
}

/// Segments the probe runs past the first window.
const PROBE_SEGMENTS: u64 = 4096;

/// The run-length engine is chosen when the probe's mean segment length is
/// at least this many positions per element of S. Measured (BENCHMARKS.md,
/// "Choosing"): {20,41,61} (mean 6.5) and {29,71,100} (9.8) already run 7-
/// 12 times faster segment by segment, while {2,3,5}-like sets (mean 1.0)
/// and a random 8-element set with max 2000 (mean 1.0-2.1) run 6-180 times
/// slower; both engines are exact, so the choice only costs time.
const RUNS_PER_ELEMENT: f64 = 2.0;

/// The mean length of the run-length engine's segments over the first
/// `PROBE_SEGMENTS` segments after position max(S).
pub fn mean_segment(set: &FiniteSet) -> f64 {
    let mut engine = RunEngine::new(set.elements(), RunRule::Grundy);
    let m = set.max_element();
    while engine.position() < m {
        engine.step();
    }
    let from = engine.position();
    for _ in 0..PROBE_SEGMENTS {
        engine.step();
    }
    (engine.position() - from) as f64 / PROBE_SEGMENTS as f64
}

/// Resolves [`EngineChoice::Auto`] for `set` (cheap: a few thousand
/// segments of the run-length engine).
pub fn choose(set: &FiniteSet, choice: EngineChoice) -> EngineChoice {
    match choice {
        EngineChoice::Auto => {
            let threshold = RUNS_PER_ELEMENT * set.len() as f64;
            if mean_segment(set) >= threshold {
                EngineChoice::Runs
            } else {
                EngineChoice::Block
            }
        }
        forced => forced,
    }
}

/// A period found by a chosen engine.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct EnginePeriod {
    /// The least pre-period and period, certificate and work.
    pub period: Period,
    /// The engine's name as reports show it ("block-u8", ..., "runs").
    pub engine: &'static str,
    /// Segments processed, for the run-length engine.
    pub segments: Option<u64>,
}

/// Finds the least pre-period and period of one sequence of a finite set
/// with the given engine ([`EngineChoice::Auto`] is resolved first).
pub fn find_period_with(
    set: &FiniteSet,
    sequence: Sequence,
    choice: EngineChoice,
    limit: &Limit,
    progress: &mut dyn FnMut(u64),
) -> Result<EnginePeriod, NotFound> {
    match choose(set, choice) {
        EngineChoice::Runs => {
            let rule = match sequence {
                Sequence::Grundy => RunRule::Grundy,
                Sequence::Outcome(Play::Normal) => RunRule::Normal,
                Sequence::Outcome(Play::Misere) => RunRule::Misere,
            };
            let found = runs::detect(set.elements(), rule, limit, progress)?;
            Ok(EnginePeriod {
                period: found.period,
                engine: "runs",
                segments: Some(found.segments),
            })
        }
        _ => Ok(EnginePeriod {
            period: find_period(set, sequence, limit, progress)?,
            engine: engine_name(set),
            segments: None,
        }),
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use proptest::prelude::*;

    fn set(elements: &[u64]) -> FiniteSet {
        FiniteSet::new(elements.iter().copied()).unwrap()
    }

    #[test]
    fn stretched_sets_choose_runs_and_small_sets_block() {
        let auto = EngineChoice::Auto;
        assert_eq!(
            choose(&set(&[5000, 10001, 15001]), auto),
            EngineChoice::Runs
        );
        assert_eq!(choose(&set(&[2, 3, 5]), auto), EngineChoice::Block);
        assert_eq!(choose(&set(&[1, 4, 9, 16]), auto), EngineChoice::Block);
        assert_eq!(
            choose(&set(&[2, 3, 5]), EngineChoice::Runs),
            EngineChoice::Runs
        );
    }

    #[test]
    fn parses_engine_names() {
        assert_eq!(
            "runs".parse::<EngineChoice>().unwrap(),
            EngineChoice::Runs
        );
        let err = "fast".parse::<EngineChoice>().unwrap_err();
        assert!(err.to_string().contains("\"fast\""), "{err}");
    }

    fn every_engine(
        s: &FiniteSet,
        sequence: Sequence,
    ) -> Vec<(u64, u64, u64)> {
        let limit = Limit { max_positions: 50_000_000, ..Limit::default() };
        [EngineChoice::Block, EngineChoice::Runs, EngineChoice::Auto]
            .into_iter()
            .map(|c| {
                let p = find_period_with(s, sequence, c, &limit, &mut |_| {})
                    .unwrap()
                    .period;
                (p.preperiod, p.period, p.max_value)
            })
            .collect()
    }

    #[test]
    fn engines_agree_on_the_stretched_family() {
        for a in [2u64, 3, 7, 20, 50] {
            let s = set(&[a, 2 * a + 1, 3 * a + 1]);
            for sequence in [
                Sequence::Grundy,
                Sequence::Outcome(Play::Normal),
                Sequence::Outcome(Play::Misere),
            ] {
                let got = every_engine(&s, sequence);
                assert!(got.iter().all(|g| *g == got[0]), "{s}: {got:?}");
            }
        }
    }

    #[test]
    fn engines_agree_on_long_preperiods() {
        // Pre-periods of 67 to 149, past 3 max(S): the run-length engine's
        // Brent phase and two-engine pre-period scan find these.
        for elements in
            [[1, 3, 16, 21], [1, 3, 20, 25], [1, 3, 24, 29], [1, 4, 20, 26]]
        {
            let s = set(&elements);
            for sequence in [
                Sequence::Grundy,
                Sequence::Outcome(Play::Normal),
                Sequence::Outcome(Play::Misere),
            ] {
                let got = every_engine(&s, sequence);
                if sequence == Sequence::Grundy {
                    assert!(got[0].0 > 3 * s.max_element(), "{s}: {got:?}");
                }
                assert!(got.iter().all(|g| *g == got[0]), "{s}: {got:?}");
            }
        }
    }

    proptest! {
        #![proptest_config(ProptestConfig::with_cases(300))]

        #[test]
        fn engines_agree(
            v in prop::collection::btree_set(1u64..120, 1..8),
            which in 0..3u8,
        ) {
            let s = FiniteSet::new(v).unwrap();
            let sequence = match which {
                0 => Sequence::Grundy,
                1 => Sequence::Outcome(Play::Normal),
                _ => Sequence::Outcome(Play::Misere),
            };
            let got = every_engine(&s, sequence);
            prop_assert!(got.iter().all(|g| *g == got[0]), "{:?}", got);
        }
    }
}
