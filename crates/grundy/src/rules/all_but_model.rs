//! The heaps of an all-but set with a given Grundy value, for any value.
//!
//! The heaps with value t (at most |X| + 1 of them, within max(X) of each
//! other) are the positions FES step t fills (`engine/fes.rs`). Small t
//! are stepped to directly. For large t the additive period (l, p, s)
//! helps: from the first step T0 whose first undetermined position is at
//! least l + p on, the positions with value t + s are those with value t
//! shifted by p, so t reduces to T0 <= t' < T0 + s (Suetsugu-Abuku;
//! Siegel). `grundy heap` and `grundy sum` use this for winning moves from
//! heaps with any number of digits.

use num_bigint::BigUint;

use crate::budget::{Budget, Meter};
use crate::engine::fes::Fes;
use crate::error::{Error, Result};
use crate::period::{self, Period};
use crate::play::Sequence;
use crate::set::AllButSet;

/// Values up to this are stepped to directly, without a period.
const DIRECT_LIMIT: u64 = 1 << 22;

/// The heaps n with g(n) = `value`, ascending. `grundy` is the Grundy
/// sequence's additive period when the caller has it; it is found within
/// `budget` when needed and not given.
pub(crate) fn heaps_with_value(
    set: &AllButSet,
    value: u64,
    grundy: Option<&Period>,
    budget: &Budget,
) -> Result<Vec<BigUint>> {
    if set.is_nim() {
        return Ok(vec![BigUint::from(value)]);
    }
    let mut meter = Meter::new(budget);
    if value <= DIRECT_LIMIT {
        return at_step(set, value, &mut meter);
    }
    let found;
    let period = match grundy {
        Some(period) => period,
        None => {
            found = period::all_but(set, Sequence::Grundy, budget).map_err(
                |e| {
                    let message =
                        format!("no period found for \"{set}\" ({e})");
                    Error::budget(e, message)
                },
            )?;
            &found
        }
    };
    let (l, p, s) = (period.preperiod, period.period, period.saltus);
    let mut fes = Fes::new(set);
    while fes.base() < l + p {
        step(&mut fes, &mut meter, set)?;
    }
    let first = fes.step_index();
    if value < first + s {
        return at_step(set, value, &mut meter);
    }
    let (q, t) = ((value - first) / s, first + (value - first) % s);
    let heaps = at_step(set, t, &mut meter)?;
    Ok(heaps.into_iter().map(|n| n + BigUint::from(q) * p).collect())
}

/// The positions that FES step `k` fills, ascending.
fn at_step(
    set: &AllButSet,
    k: u64,
    meter: &mut Meter<'_>,
) -> Result<Vec<BigUint>> {
    let mut fes = Fes::new(set);
    while fes.step_index() < k {
        step(&mut fes, meter, set)?;
    }
    let base = fes.base();
    step(&mut fes, meter, set)?;
    Ok(fes.taken().iter().map(|&o| BigUint::from(base + o as u64)).collect())
}

/// One metered step; a stop says which heaps were being looked for.
fn step(fes: &mut Fes, meter: &mut Meter<'_>, set: &AllButSet) -> Result<()> {
    fes.step_metered(meter).map(drop).map_err(|e| {
        let message = format!(
            "the heaps of \"{set}\" with a given value were not found: {e}"
        );
        Error::budget(e, message)
    })
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::engine::fes::FesValues;
    use proptest::prelude::*;

    fn set(x: &[u64]) -> AllButSet {
        AllButSet::new(x.iter().copied()).unwrap()
    }

    #[test]
    fn huge_values_reduce_by_the_period() {
        // all-but:2,3,7 plays like all-but:2 (Suetsugu-Abuku, Lemma 2):
        // g(n) = 2 floor(n / 4) + n mod 2.
        let x = set(&[2, 3, 7]);
        let n: u64 = 1_000_000_000_000_000_003;
        let g = 2 * (n / 4) + n % 2;
        let heaps = heaps_with_value(&x, g, None, &Budget::default()).unwrap();
        assert!(heaps.contains(&BigUint::from(n)), "{heaps:?}");
    }

    proptest! {
        #![proptest_config(ProptestConfig::with_cases(200))]

        #[test]
        fn heaps_with_value_equal_direct(v in prop::collection::btree_set(1u64..16, 1..5), n in 0u64..3000) {
            let x = set(&v.into_iter().collect::<Vec<_>>());
            let direct: Vec<u64> = FesValues::new(&x, &Budget::default()).take(3100).collect();
            let t = direct[n as usize];
            let want: Vec<BigUint> = (0..3100u64).filter(|&i| direct[i as usize] == t).map(BigUint::from).collect();
            prop_assert_eq!(&heaps_with_value(&x, t, None, &Budget::default()).unwrap(), &want);
            // Far past the direct limit: g(n + kp) = g(n) + ks for n >= l,
            // so when every heap of value t is past l + p, the heaps of
            // value t + ks are those shifted by kp.
            let f = period::all_but(&x, Sequence::Grundy, &Budget::default()).unwrap();
            let k = DIRECT_LIMIT / f.saltus + 1;
            let past = |h: &BigUint| *h >= BigUint::from(f.preperiod + f.period);
            if want.iter().all(past) {
                let shifted: Vec<BigUint> = want.iter().map(|h| h + BigUint::from(k) * f.period).collect();
                let big = t + k * f.saltus;
                prop_assert_eq!(heaps_with_value(&x, big, Some(&f), &Budget::default()).unwrap(), shifted);
            }
        }
    }
}
