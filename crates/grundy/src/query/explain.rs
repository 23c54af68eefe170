//! The FES steps of an all-but set, as data a reader can follow.
//!
//! `grundy explain all-but:X` prints, for each Grundy value k, the first
//! undetermined position n, the boundary pattern before step k (`*` for a
//! position whose value is already known, `_` for one that is not, the
//! max(X) positions n .. n + max(X) - 1, as in Suetsugu-Abuku,
//! Definition 7) and the positions that get value k. The steps run on X
//! itself (not on the gcd-reduced set), up to the first repeat of a
//! pattern, so a reader can check a proof such as Lemma 7 of K. Suetsugu
//! and T. Abuku, "All-but Nim with FES sets of size 4" by eye.

use crate::budget::{Budget, Meter};
use crate::engine::fes::Fes;
use crate::error::{Error, Result};
use crate::period::PatternCycle;
use crate::period::pattern::pattern_cycle;
use crate::set::AllButSet;

/// One FES step.
#[derive(Clone, Debug, PartialEq, Eq)]
#[cfg_attr(feature = "serde", derive(serde::Serialize))]
pub struct FesStep {
    /// k: the Grundy value this step assigns.
    pub value: u64,
    /// n: the least position whose value was unknown before the step.
    pub first: u64,
    /// The boundary pattern before the step (`*` known, `_` not yet), for
    /// positions n .. n + max(X) - 1.
    pub pattern: String,
    /// The positions that get value k, ascending (n is the first).
    pub positions: Vec<u64>,
}

/// The FES steps of one all-but set up to the first repeated pattern.
#[derive(Clone, Debug, PartialEq, Eq)]
#[cfg_attr(feature = "serde", derive(serde::Serialize))]
pub struct Explanation {
    /// The steps 0, 1, ...: through the first repeat of a pattern (whose
    /// step is listed too), or `max_steps` of them.
    pub steps: Vec<FesStep>,
    /// The pattern repeat on X itself: the pattern before step
    /// `cycle.step + cycle.steps` equals the one before `cycle.step`.
    pub cycle: PatternCycle,
    /// Whether `max_steps` cut the listing short of the repeat.
    pub truncated: bool,
}

/// The FES steps of `set` (on X itself) through the first repeat of a
/// boundary pattern, at most `max_steps` of them.
///
/// ```
/// let x: grundy::AllButSet = "all-but:2,3,6,8".parse()?;
/// let e = grundy::explain(&x, 200, &grundy::Budget::default())?;
/// assert_eq!(e.steps[0].positions, [0, 2, 8]);
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
pub fn explain(
    set: &AllButSet,
    max_steps: u64,
    budget: &Budget,
) -> Result<Explanation> {
    let mut meter = Meter::new(budget);
    let (cycle, _) = pattern_cycle(set, &mut meter).map_err(|e| {
        let message = format!("no repeated pattern for \"{set}\": {e}");
        Error::budget(e, message)
    })?;
    let last = cycle.step + cycle.steps;
    let count = (last + 1).min(max_steps);
    let mut fes = Fes::new(set);
    let mut steps = Vec::with_capacity(count as usize);
    for _ in 0..count {
        let (value, first, pattern) =
            (fes.step_index(), fes.base(), fes.pattern_string());
        fes.step_metered(&mut meter).map_err(|e| {
            let message = format!(
                "the steps of \"{set}\" up to its repeated pattern were not listed: {e}"
            );
            Error::budget(e, message)
        })?;
        let positions =
            fes.taken().iter().map(|&o| first + o as u64).collect();
        steps.push(FesStep { value, first, pattern, positions });
    }
    Ok(Explanation { steps, cycle, truncated: count < last + 1 })
}

#[cfg(test)]
mod tests {
    use super::*;

    fn all_but(x: &[u64]) -> AllButSet {
        AllButSet::new(x.iter().copied()).unwrap()
    }

    #[test]
    fn steps_list_each_value_once() {
        let x = all_but(&[2, 3, 6, 8]);
        let e = explain(&x, 1000, &Budget::default()).unwrap();
        assert!(!e.truncated);
        let last = e.steps.last().unwrap();
        let first = &e.steps[e.cycle.step as usize];
        assert_eq!(last.pattern, first.pattern);
        assert_eq!(last.first - first.first, e.cycle.shift);
        // Every position below the last step's n appears exactly once.
        let values: Vec<u64> =
            crate::engine::fes::FesValues::new(&x, &Budget::default())
                .take(last.first as usize)
                .collect();
        for step in &e.steps {
            for &n in &step.positions {
                if n < last.first {
                    assert_eq!(values[n as usize], step.value);
                }
            }
        }
        let short = explain(&x, 3, &Budget::default()).unwrap();
        assert!(short.truncated && short.steps.len() == 3);
    }

    /// Source: Suetsugu-Abuku, proof of Lemma 7: for {a, b, a+b, 2a+b} the
    /// steps 0 < i < a give value i to i, i + a, i + a + b and i + 2a + b,
    /// and the pattern before step a is * on [0, 2a) and [a+b, 3a+b)
    /// relative to 0, i.e. from n = 2a on: _ up to a+b, then *.
    #[test]
    fn lemma_7_first_steps() {
        let (a, b) = (3u64, 7u64);
        let x = all_but(&[a, b, a + b, 2 * a + b]);
        let e = explain(&x, 100, &Budget::default()).unwrap();
        for i in 0..a {
            assert_eq!(
                e.steps[i as usize].positions,
                [i, i + a, i + a + b, i + 2 * a + b]
            );
        }
        let step = &e.steps[a as usize];
        assert_eq!(step.first, 2 * a);
        let want: String = (2 * a..2 * a + 2 * a + b)
            .map(|n| if (a + b..3 * a + b).contains(&n) { '*' } else { '_' })
            .collect();
        assert_eq!(step.pattern, want);
    }
}
