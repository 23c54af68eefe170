//! The outcome (P/N) sequence of normal play, read off the Grundy values.
//!
//! A position is P exactly when its Grundy value is 0 (Sprague-Grundy;
//! Winning Ways ch. 3), so once g is periodic with period p from l, the
//! outcomes o(n) = [g(n) != 0] are too: their least period divides p and
//! their least pre-period is at most l. Searching the outcome sequence a
//! second time would double the positions a period costs; every detector
//! that keeps the values it generated derives it here instead.

use super::divisors::prime_factors;
use super::runs::last_mismatch;

/// The least pre-period and period of the outcomes, given that g is
/// periodic with period `p` from `l` and `zero(n)` says whether g(n) = 0
/// for every n < l + p.
///
/// The least period d is found by dividing p by its prime factors while
/// the quotient is still a period over one period from l (the periods of
/// one cycle are the multiples of the least one, so this greedy descent
/// reaches it); the pre-period is the last n < l with o(n) != o(n + d),
/// plus one.
pub(crate) fn outcome_period(
    zero: impl Fn(u64) -> bool,
    l: u64,
    p: u64,
) -> (u64, u64) {
    let at = |n: u64| if n < l + p { zero(n) } else { zero(l + (n - l) % p) };
    let is_period = |d: u64| (l..l + p).all(|n| at(n) == at(n + d));
    let mut d = p;
    for prime in prime_factors(p) {
        while d.is_multiple_of(prime) && is_period(d / prime) {
            d /= prime;
        }
    }
    let pre = (0..l).rev().find(|&n| at(n) != at(n + d)).map_or(0, |n| n + 1);
    (pre, d)
}

/// [`outcome_period`] for values kept as runs (start, value) from
/// position 0, covering at least [0, l + p): the same descent, each test
/// a walk over the outcome runs of one period instead of its positions.
pub(crate) fn outcome_period_of_runs(
    runs: &[(i64, u32)],
    l: u64,
    p: u64,
) -> (u64, u64) {
    // Outcome runs: 0 where g = 0, 1 elsewhere, neighbours merged.
    let mut o: Vec<(i64, u32)> = Vec::with_capacity(runs.len());
    for &(start, value) in runs {
        let v = u32::from(value != 0);
        if o.last().is_none_or(|r| r.1 != v) {
            o.push((start, v));
        }
    }
    // One period [l, l + p) as runs with offsets from l.
    let (l, p) = (l as i64, p as i64);
    let first = o.partition_point(|r| r.0 <= l) - 1;
    let mut cycle: Vec<(i64, u32)> = vec![(0, o[first].1)];
    cycle.extend(
        o[first + 1..]
            .iter()
            .take_while(|r| r.0 < l + p)
            .map(|r| (r.0 - l, r.1)),
    );
    let end = |i: usize| cycle.get(i + 1).map_or(p, |r| r.0);
    let is_period = |d: i64| {
        let (mut t, mut u) = (0, d % p);
        let (mut i, mut k) = (0, cycle.partition_point(|r| r.0 <= u) - 1);
        while t < p {
            if cycle[i].1 != cycle[k].1 {
                return false;
            }
            let step = (end(i) - t).min(end(k) - u);
            t += step;
            u += step;
            if t == end(i) {
                i += 1;
            }
            if u == end(k) {
                k += 1;
            }
            if u == p {
                (u, k) = (0, 0);
            }
        }
        true
    };
    let mut d = p as u64;
    for prime in prime_factors(p as u64) {
        while d.is_multiple_of(prime) && is_period((d / prime) as i64) {
            d /= prime;
        }
    }
    (last_mismatch(&o, &o, d as i64, l) as u64, d)
}

#[cfg(test)]
mod tests {
    use super::*;
    use proptest::prelude::*;

    /// The least (l, p) of a 0/1 sequence by trying every p and reading
    /// l backwards, over a prefix long enough to show it.
    fn brute_force(o: &[bool], tail: u64) -> (u64, u64) {
        let n = o.len() as u64;
        for p in 1..n {
            let mut l = n - p;
            while l > 0 && o[(l - 1) as usize] == o[(l - 1 + p) as usize] {
                l -= 1;
            }
            if n - p - l >= tail {
                return (l, p);
            }
        }
        unreachable!()
    }

    proptest! {
        #![proptest_config(ProptestConfig::with_cases(500))]

        /// Any eventually periodic sequence of values (a random prefix,
        /// then a random cycle, possibly a power of a shorter one).
        #[test]
        fn agrees_with_brute_force(
            prefix in prop::collection::vec(0u8..3, 0..30),
            unit in prop::collection::vec(0u8..3, 1..8),
            repeats in 1usize..4,
        ) {
            let cycle: Vec<u8> = unit.iter().cycle().take(unit.len() * repeats).copied().collect();
            let (l, p) = (prefix.len() as u64, cycle.len() as u64);
            let g: Vec<u8> = prefix.iter().chain(cycle.iter().cycle().take(cycle.len() * 40)).copied().collect();
            let zero = |n: u64| g[n as usize] == 0;
            let got = outcome_period(zero, l, p);
            let o: Vec<bool> = g.iter().map(|&v| v == 0).collect();
            prop_assert_eq!(got, brute_force(&o, 2 * p + 2));
        }

        /// The run-wise descent agrees with the position-wise one.
        #[test]
        fn runs_agree_with_positions(
            prefix in prop::collection::vec(0u8..3, 0..30),
            unit in prop::collection::vec(0u8..3, 1..8),
            repeats in 1usize..4,
            stretch in 1usize..4,
        ) {
            let cycle: Vec<u8> = unit.iter().cycle().take(unit.len() * repeats).copied().collect();
            let g: Vec<u8> = prefix.iter().chain(cycle.iter().cycle().take(cycle.len() * 6))
                .flat_map(|&v| std::iter::repeat_n(v, stretch)).collect();
            let (l, p) = ((prefix.len() * stretch) as u64, (cycle.len() * stretch) as u64);
            let zero = |n: u64| g[n as usize] == 0;
            let mut runs: Vec<(i64, u32)> = Vec::new();
            for (n, &v) in g.iter().enumerate() {
                if runs.last().is_none_or(|r| r.1 != u32::from(v)) {
                    runs.push((n as i64, u32::from(v)));
                }
            }
            prop_assert_eq!(outcome_period_of_runs(&runs, l, p), outcome_period(zero, l, p));
        }
    }
}
