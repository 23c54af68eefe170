//! One all-but heap of any size: g(n), and the heaps with a given value.
//!
//! Small heaps are computed directly by FES steps (`engine/fes.rs`). For a
//! heap n at or beyond l + p (l, p, s the least additive period, found
//! once with [`find_allbut_period`]), g(n) = g(r) + q s with
//! n = r + q p and l <= r < l + p (DOMAIN.md 2.2). The heaps with value t
//! (at most |X| + 1 of them, within max(X) of each other) are found the
//! same way: from the first step T0 whose first undetermined position is
//! at least l + p on, the positions with value t + s are those with value
//! t shifted by p, so a large t reduces to T0 <= t' < T0 + s.
//! `grundy heap` and `grundy sum` use this for winning moves from heaps
//! with any number of digits.

use num_bigint::BigUint;
use num_traits::ToPrimitive;

use crate::Sequence;
use crate::allbut::{AllButPeriod, find_allbut_period};
use crate::engine::fes::{Fes, FesValues};
use crate::error::{Error, ErrorKind, Result};
use crate::heap::budget_error;
use crate::period::Limit;
use crate::set::AllButSet;

/// Heaps (and values) up to this are computed directly, without a period.
const DIRECT_LIMIT: u64 = 1 << 22;

/// Answers g(n) and "which heaps have value t" for one all-but set.
#[derive(Clone, Debug)]
pub struct AllButModel {
    set: AllButSet,
    limit: Limit,
    period: Option<AllButPeriod>,
}

impl AllButModel {
    /// A model for `set`; the period is found lazily within `limit`.
    pub fn new(set: AllButSet, limit: Limit) -> AllButModel {
        AllButModel { set, limit, period: None }
    }

    /// The additive period, found on first use.
    pub fn period(&mut self) -> Result<&AllButPeriod> {
        if self.period.is_none() {
            let found = find_allbut_period(
                &self.set,
                Sequence::Grundy,
                &self.limit,
                &mut |_| {},
            )
            .map_err(|e| budget_error(&self.set, e))?;
            self.period = Some(found);
        }
        Ok(self.period.as_ref().unwrap())
    }

    /// g(n) for each heap n. Values above 2^64 - 1 are an error of kind
    /// [`ErrorKind::TooLarge`].
    pub fn grundy_values(&mut self, heaps: &[BigUint]) -> Result<Vec<u64>> {
        let small: Option<Vec<u64>> = heaps
            .iter()
            .map(|n| n.to_u64().filter(|&n| n <= DIRECT_LIMIT))
            .collect();
        if let Some(small) = small {
            return Ok(sample(&self.set, &small));
        }
        let (l, p, s) = {
            let f = self.period()?;
            (f.preperiod, f.period, f.saltus)
        };
        // n = r + q p with r < l + p.
        let split: Vec<(u64, BigUint)> = heaps
            .iter()
            .map(|n| match n.to_u64() {
                Some(n) if n < l + p => (n, BigUint::ZERO),
                _ => {
                    let over = n - BigUint::from(l);
                    let r = (&over % p).to_u64().expect("below p");
                    (l + r, over / p)
                }
            })
            .collect();
        let rs: Vec<u64> = split.iter().map(|(r, _)| *r).collect();
        let base = sample(&self.set, &rs);
        split
            .iter()
            .zip(base)
            .zip(heaps)
            .map(|(((_, q), g), n)| {
                (BigUint::from(g) + q * s)
                    .to_u64()
                    .ok_or_else(|| too_large(&self.set, n))
            })
            .collect()
    }

    /// The heaps n with g(n) = `value`, ascending (1 to |X| + 1 of them).
    pub fn heaps_with_value(&mut self, value: u64) -> Result<Vec<BigUint>> {
        if value <= DIRECT_LIMIT {
            return Ok(positions_at_step(&self.set, value)
                .into_iter()
                .map(BigUint::from)
                .collect());
        }
        let (l, p, s) = {
            let f = self.period()?;
            (f.preperiod, f.period, f.saltus)
        };
        let mut fes = Fes::new(&self.set);
        while fes.base() < l + p {
            fes.step();
        }
        let first = fes.step_index();
        if value < first + s {
            return Ok(positions_at_step(&self.set, value)
                .into_iter()
                .map(BigUint::from)
                .collect());
        }
        let (q, t) = ((value - first) / s, first + (value - first) % s);
        let shift = BigUint::from(q) * p;
        Ok(positions_at_step(&self.set, t)
            .into_iter()
            .map(|n| BigUint::from(n) + &shift)
            .collect())
    }
}

/// The positions that FES step `k` gives value k.
fn positions_at_step(set: &AllButSet, k: u64) -> Vec<u64> {
    let mut fes = Fes::new(set);
    while fes.step_index() < k {
        fes.step();
    }
    let base = fes.base();
    fes.step();
    fes.taken().iter().map(|&o| base + o as u64).collect()
}

/// g at the given positions, in the given order, by one pass of FES.
fn sample(set: &AllButSet, positions: &[u64]) -> Vec<u64> {
    let mut order: Vec<usize> = (0..positions.len()).collect();
    order.sort_by_key(|&i| positions[i]);
    let mut out = vec![0; positions.len()];
    let mut values = FesValues::new(set);
    let mut last = None;
    for i in order {
        let want = positions[i];
        if values.position() <= want {
            values.skip_positions(want - values.position());
            last = values.next();
        }
        out[i] = last.expect("a value was read");
    }
    out
}

fn too_large(set: &AllButSet, n: &BigUint) -> Error {
    Error::new(
        ErrorKind::TooLarge,
        format!(
            "the Grundy value of heap \"{n}\" for \"{set}\" is above 2^64 - 1, the largest value reported; use a smaller heap"
        ),
    )
}

#[cfg(test)]
mod tests {
    use super::*;
    use proptest::prelude::*;

    fn model(x: &[u64]) -> AllButModel {
        AllButModel::new(
            AllButSet::new(x.iter().copied()).unwrap(),
            Limit::default(),
        )
    }

    #[test]
    fn huge_heaps_follow_the_closed_form() {
        // Seed 003, Lemma 2 (Siegel): X = {2, 3, 7} plays like X = {2}:
        // g(n) = 2 floor(n / 4) + (n mod 2).
        let mut m = model(&[2, 3, 7]);
        let n: u64 = 1_000_000_000_000_000_003;
        let got = m.grundy_values(&[BigUint::from(n)]).unwrap();
        assert_eq!(got, [2 * (n / 4) + n % 2]);
        let back = m.heaps_with_value(got[0]).unwrap();
        assert!(back.contains(&BigUint::from(n)), "{back:?}");
        let huge: BigUint = format!("1{}", "0".repeat(30)).parse().unwrap();
        let err = m.grundy_values(&[huge]).unwrap_err();
        assert_eq!(err.kind(), ErrorKind::TooLarge);
    }

    proptest! {
        #![proptest_config(ProptestConfig::with_cases(200))]

        /// Large heaps through the period agree with direct FES, and the
        /// heaps with a value are exactly those FES gives it.
        #[test]
        fn period_path_equals_direct(v in prop::collection::btree_set(1u64..16, 1..5), n in 0u64..3000) {
            let x: Vec<u64> = v.into_iter().collect();
            let set = AllButSet::new(x.iter().copied()).unwrap();
            let direct: Vec<u64> = FesValues::new(&set).take(3100).collect();
            let mut m = model(&x);
            let f = m.period().unwrap().clone();
            // Shift n by a huge multiple of p: g moves by the same multiple
            // of s.
            let k = 1u64 << 40;
            let big = BigUint::from(n.max(f.preperiod)) + BigUint::from(k) * f.period;
            let g = m.grundy_values(std::slice::from_ref(&big)).unwrap()[0];
            prop_assert_eq!(g, direct[n.max(f.preperiod) as usize] + k * f.saltus);
            let heaps = m.heaps_with_value(g).unwrap();
            prop_assert!(heaps.contains(&big));
            let t = direct[n as usize];
            let want: Vec<BigUint> = (0..3100u64).filter(|&i| direct[i as usize] == t).map(BigUint::from).collect();
            prop_assert_eq!(m.heaps_with_value(t).unwrap(), want);
        }
    }
}
