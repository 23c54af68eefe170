//! One finite set's row, fast: periods of small sets without set-up cost.
//!
//! A sweep evaluates hundreds of thousands of small sets, most with periods
//! of a few hundred, so the fixed cost of the general detector
//! (`period.rs`, whose first checkpoint alone is 65,536 positions) would
//! dominate. Here the whole (short) history is kept in memory instead:
//!
//! 1. Grundy values g(n) = mex{g(n - s)} are generated into a byte vector.
//! 2. Brent's power-of-two checkpoints: the window W(c) (the m = max(S)
//!    values before c) is looked for at every later position up to 2c. A
//!    window determines the whole future, so W(c) = W(c + p) proves
//!    g(n + p) = g(n) for all n >= c - m, and the FIRST such p is the least
//!    period once c - m is past the pre-period (DOMAIN.md 2.1). If W(c)
//!    does not recur by 2c, the checkpoint moves to 2c.
//! 3. The least pre-period is read off backwards from c - m; the outcome
//!    (P/N) sequence's least period is the least divisor d of p with
//!    o(n + d) = o(n) over one period from the pre-period, and its least
//!    pre-period is again read off backwards.
//!
//! Sets with 64 or more elements, and sets whose history outgrows
//! [`HISTORY_CAP`], go to the general detector ([`crate::find_period`]),
//! which needs only O(m) memory. Both paths give the same least values;
//! the tests check this one against that one.
//!
//! References: R. P. Brent, "An improved Monte Carlo factorization
//! algorithm", BIT 20 (1980); Berlekamp, Conway, Guy, Winning Ways ch. 4.

use std::time::Instant;

use crate::period::{Limit, NotFound, StopReason};
use crate::play::Play;
use crate::set::FiniteSet;
use crate::{Sequence, find_period};

use super::Found;

/// The fast path keeps at most this many values (bytes) per set.
pub const HISTORY_CAP: usize = 1 << 22;

/// How often (positions) the fast path checks the budget.
const CHECK_EVERY: usize = 1 << 16;

/// The row of one finite set: least pre-period and period of the Grundy
/// and outcome sequences, the largest value and the positions generated.
pub fn evaluate(set: &FiniteSet, limit: &Limit) -> Result<Found, NotFound> {
    if set.len() < 64 {
        match fast(set, limit) {
            Ok(found) => return Ok(found),
            Err(Stop::Limit(e)) => return Err(e),
            Err(Stop::Cap(spent)) => return general(set, limit, spent),
        }
    }
    general(set, limit, 0)
}

enum Stop {
    Limit(NotFound),
    /// The history cap was reached after this many positions.
    Cap(u64),
}

fn general(
    set: &FiniteSet,
    limit: &Limit,
    spent: u64,
) -> Result<Found, NotFound> {
    let remaining = Limit {
        max_positions: limit.max_positions.saturating_sub(spent),
        ..limit.clone()
    };
    let add = |e: NotFound| NotFound { positions: e.positions + spent, ..e };
    let g = find_period(set, Sequence::Grundy, &remaining, &mut |_| {})
        .map_err(add)?;
    let rest = Limit {
        max_positions: remaining.max_positions.saturating_sub(g.positions),
        ..limit.clone()
    };
    let o =
        find_period(set, Sequence::Outcome(Play::Normal), &rest, &mut |_| {})
            .map_err(|e| {
                add(NotFound { positions: e.positions + g.positions, ..e })
            })?;
    Ok(Found {
        preperiod: g.preperiod,
        period: g.period,
        saltus: 0,
        outcome_preperiod: o.preperiod,
        outcome_period: o.period,
        max_value: Some(g.max_value),
        positions: spent + g.positions + o.positions,
    })
}

fn fast(set: &FiniteSet, limit: &Limit) -> Result<Found, Stop> {
    let moves: Vec<usize> =
        set.elements().iter().map(|&s| s as usize).collect();
    let m = *moves.last().unwrap();
    let mut h: Vec<u8> = Vec::with_capacity(4 * m + 256);
    // Positions below m: only the moves that fit.
    for n in 0..m {
        let mut acc = 0u64;
        for &s in &moves {
            if s > n {
                break;
            }
            acc |= 1 << h[n - s];
        }
        h.push((!acc).trailing_zeros() as u8);
    }
    let mut c = m.max(1);
    let mut next_check = CHECK_EVERY;
    loop {
        // W(c) = h[c - m .. c]; look for it ending at j in (c, 2c].
        let end = 2 * c;
        let mut j = c;
        while j < end {
            if h.len() < j + 1 {
                grow(&mut h, &moves, j + 1);
            }
            j += 1;
            if h[j - 1] == h[c - 1] && h[j - m..j] == h[c - m..c] {
                return Ok(finish(&h, c, m, j - c));
            }
            if j >= next_check {
                next_check = j + CHECK_EVERY;
                check(limit, j as u64).map_err(Stop::Limit)?;
                if j >= HISTORY_CAP {
                    return Err(Stop::Cap(j as u64));
                }
            }
        }
        c = end;
    }
}

/// Extends the history to `len` values (a block at a time).
fn grow(h: &mut Vec<u8>, moves: &[usize], len: usize) {
    let target = len.max(h.len() + 256);
    for n in h.len()..target {
        let mut acc = 0u64;
        for &s in moves {
            acc |= 1 << h[n - s];
        }
        h.push((!acc).trailing_zeros() as u8);
    }
}

fn check(limit: &Limit, positions: u64) -> Result<(), NotFound> {
    let reason = if positions > limit.max_positions {
        StopReason::Positions
    } else if limit.deadline.is_some_and(|d| Instant::now() >= d) {
        StopReason::Time
    } else if limit
        .cancel
        .as_ref()
        .is_some_and(|c| c.load(std::sync::atomic::Ordering::Relaxed))
    {
        StopReason::Cancelled
    } else {
        return Ok(());
    };
    Err(NotFound { positions, reason })
}

/// g(n + p) = g(n) for all n >= c - m, and p is the least period.
fn finish(h: &[u8], c: usize, m: usize, p: usize) -> Found {
    let positions = h.len() as u64;
    // Least pre-period: one past the last n < c - m that breaks the period.
    let l = (0..c - m).rev().find(|&n| h[n] != h[n + p]).map_or(0, |n| n + 1);
    let max_value = h[..l + p].iter().copied().max().unwrap_or(0) as u64;
    // Values past the history follow from the period.
    let at = |i: usize| if i < l + p { h[i] } else { h[l + (i - l) % p] };
    let zero = |i: usize| at(i) == 0;
    let q = (1..=p)
        .filter(|d| p.is_multiple_of(*d))
        .find(|&d| (l..l + p).all(|n| zero(n) == zero(n + d)))
        .expect("p itself is a period of the outcomes");
    let lo =
        (0..l).rev().find(|&n| zero(n) != zero(n + q)).map_or(0, |n| n + 1);
    Found {
        preperiod: l as u64,
        period: p as u64,
        saltus: 0,
        outcome_preperiod: lo as u64,
        outcome_period: q as u64,
        max_value: Some(max_value),
        positions,
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use proptest::prelude::*;

    fn set(v: &[u64]) -> FiniteSet {
        FiniteSet::new(v.iter().copied()).unwrap()
    }

    /// The general detector's answer, the reference.
    fn reference(s: &FiniteSet) -> Found {
        general(s, &Limit::default(), 0).unwrap()
    }

    fn same(a: &Found, b: &Found) -> bool {
        (a.preperiod, a.period, a.outcome_preperiod, a.outcome_period)
            == (b.preperiod, b.period, b.outcome_preperiod, b.outcome_period)
            && a.max_value == b.max_value
    }

    #[test]
    fn known_sets() {
        // {1,2,3}: n mod 4. {a,b}, b odd multiple of a: period 2a.
        let f = evaluate(&set(&[1, 2, 3]), &Limit::default()).unwrap();
        assert_eq!((f.preperiod, f.period, f.max_value), (0, 4, Some(3)));
        assert_eq!((f.outcome_preperiod, f.outcome_period), (0, 4));
        let f = evaluate(&set(&[2, 6]), &Limit::default()).unwrap();
        assert_eq!((f.preperiod, f.period), (0, 4));
        let f = evaluate(&set(&[3, 5]), &Limit::default()).unwrap();
        assert_eq!((f.preperiod, f.period), (0, 8));
        // {a, 2a+1, 3a+1}: quadratic periods, same as the general path.
        let s = set(&[20, 41, 61]);
        assert!(same(
            &evaluate(&s, &Limit::default()).unwrap(),
            &reference(&s)
        ));
    }

    #[test]
    fn budget_stops_with_not_found() {
        let s = set(&[200, 401, 601]);
        let e = evaluate(&s, &Limit::positions(1000)).unwrap_err();
        assert_eq!(e.reason, StopReason::Positions);
    }

    #[test]
    fn past_the_cap_the_general_path_takes_over() {
        // Period above 2^22 / 2 so the fast path gives up at the cap.
        let s = set(&[1500, 3001, 4501]);
        let f = evaluate(&s, &Limit::default()).unwrap();
        assert!(f.positions > HISTORY_CAP as u64);
        assert!(same(&f, &reference(&s)));
    }

    proptest! {
        #![proptest_config(ProptestConfig::with_cases(3000))]

        #[test]
        fn fast_equals_general(v in prop::collection::btree_set(1u64..80, 1..7)) {
            let s = set(&v.into_iter().collect::<Vec<_>>());
            let f = evaluate(&s, &Limit::default()).unwrap();
            let r = reference(&s);
            prop_assert!(same(&f, &r), "{s}: {f:?} vs {r:?}");
        }
    }
}
