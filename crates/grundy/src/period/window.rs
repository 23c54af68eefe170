//! Exact period detection for self-determined sequences.
//!
//! For a finite set S with m = max(S), the cell at n is a function of the
//! window W(n) = (cells at n - m .. n - 1), with a fixed "absent" cell before
//! 0. So W(i) = W(j) proves that the sequence repeats with period j - i
//! from i - m on (`docs/THEORY.md`, "Periods": the certificate).
//!
//! [`detect`] first keeps the whole sequence (`history.rs`), which finds
//! the period within about 1.3 times the l + p + m positions any proof
//! needs and lets the outcome sequence be read off the same values. A
//! sequence whose search outgrows that memory goes on with the streaming
//! detector below, which keeps two windows only:
//!
//! 1. **Period**: the cells before a first checkpoint c0 = 2m + 65536 are
//!    kept, and W(c0) is compared with every later window W(n). Candidates
//!    are filtered 128 windows at a time by 8 cells of the saved window that
//!    straddle its latest changes of value (so long constant runs do not
//!    pass), in loops the compiler vectorises (an AVX2 build is chosen at
//!    run time on x86-64), and every candidate is compared exactly, in full. The first exact hit is at c0 + p with p the
//!    least period of the windows, which is the least period of the
//!    sequence; the least pre-period (below c0 - m) is then read off by
//!    comparing the kept prefix with the last c0 cells. Cost: c0 + p
//!    positions, memory O(c0).
//! 2. **Long pre-periods**: from 4 c0 on, Brent's cycle detection runs
//!    beside it: checkpoints at c = 4 c0 2^k, each compared with the
//!    windows in (c, 2c]. When one of these hits first, two fresh generators
//!    run p positions apart and the last n with cell(n) != cell(n + p) is
//!    found; the scan stops after m consecutive matches (the certificate),
//!    so the least pre-period is exact and only two windows are stored.
//!
//! References: R. P. Brent, "An improved Monte Carlo factorization
//! algorithm", BIT 20 (1980) (the power-of-two cycle finder); Berlekamp,
//! Conway, Guy, Winning Ways ch. 4 (the window argument).

use crate::budget::{Budget, Meter, Stopped};
use crate::engine::Source;

use super::checkpoint::{Checkpoint, WindowPeriod};
use super::history;

/// Finds the least pre-period and period of the sequence that `make`
/// generates (each call must give a fresh generator from position 0).
///
/// The budget's observer hears the number of positions generated so far,
/// now and then.
#[cfg(test)]
pub(crate) fn detect<S: Source>(
    make: impl Fn() -> S,
    budget: &Budget,
) -> Result<WindowPeriod, Stopped> {
    Ok(detect_then(make, budget, 0, |_, _| ())?.0)
}

/// [`detect`], and `then` applied to the period found and the whole
/// sequence generated, when it was kept (`history.rs`: up to 256 MiB of
/// cells; past that the search streams, as described above, and `then`
/// is not called).
///
/// `spent` is work an earlier engine did on the same search (the
/// run-length engine's segments before it gave way): it counts against
/// the budget from the start, and not in the positions reported.
pub(crate) fn detect_then<S: Source, R>(
    make: impl Fn() -> S,
    budget: &Budget,
    spent: u64,
    then: impl FnOnce(&WindowPeriod, &[S::Cell]) -> R,
) -> Result<(WindowPeriod, Option<R>), Stopped> {
    let mut meter = Meter::new(budget).after(spent);
    let own = |mut found: WindowPeriod| {
        found.positions -= spent;
        found
    };
    if let Some(kept) = history::search(&mut make(), &mut meter)? {
        let derived = then(&kept.found, &kept.cells);
        return Ok((own(kept.found), Some(derived)));
    }
    let found = detect_streaming(make, &mut meter, FIRST_SLACK)?;
    Ok((own(found), None))
}

/// The streaming detector (phases 1 and 2 above) with the first checkpoint
/// at c0 = 2m + `slack`; tests use a small slack so that the Brent path
/// runs on small sets too. Positions count on in `meter`.
fn detect_streaming<S: Source>(
    make: impl Fn() -> S,
    meter: &mut Meter<'_>,
    slack: usize,
) -> Result<WindowPeriod, Stopped> {
    let mut source = make();
    let m = source.window();
    let c0 = 2 * m + slack;
    let found = find_cycle(&mut source, c0, meter)?;
    // Phase 1 generated past l + p, so every value has been seen.
    let max_value = source.max_value();
    drop(source);
    let (preperiod, period, certificate_start) = match found {
        // W(c0) = W(c0 + p): the m cells before c0 certify the period.
        Cycle::FromStart { preperiod, period } => {
            (preperiod, period, (c0 - m) as u64)
        }
        Cycle::Later { period } => {
            let (preperiod, start) = least_preperiod(&make, period, meter)?;
            (preperiod, period, start)
        }
    };
    Ok(WindowPeriod {
        preperiod,
        period,
        certificate_start,
        window: m as u64,
        positions: meter.done,
        max_value,
    })
}

/// What phase 1 found.
#[derive(Clone, Copy, Debug)]
enum Cycle {
    /// The window at the first checkpoint c0 came back: the pre-period is
    /// below c0 and was read off the stored prefix.
    FromStart { preperiod: u64, period: u64 },
    /// A later (Brent) checkpoint came back; the pre-period needs phase 2.
    Later { period: u64 },
}

/// The first checkpoint is c0 = 2m + this: all cells before it are kept,
/// so any pre-period up to c0 - m = m + 65536 is read off directly (most
/// pre-periods are that short). Only searches that outgrew the memory
/// of `history.rs` stream, so a large slack costs small sets nothing.
const FIRST_SLACK: usize = 65536;

/// Phase 1: the least period. The window at c0 is compared with every
/// later window; from 4 c0 on, Brent's doubling checkpoints run beside it
/// for sequences whose pre-period is longer than c0 - m.
fn find_cycle<S: Source>(
    source: &mut S,
    c0: usize,
    meter: &mut Meter<'_>,
) -> Result<Cycle, Stopped> {
    let m = source.window();
    source.retain(c0);
    let chunk = source.chunk();
    advance_to(source, c0 as u64, chunk, meter)?;
    let buffer = source.buffer();
    let prefix: Vec<S::Cell> = buffer[buffer.len() - c0..].to_vec();
    let mut first = Checkpoint::new(c0 as u64, &prefix[c0 - m..]);
    let mut brent: Option<Checkpoint<S::Cell>> = None;
    let mut brent_end = 4 * c0 as u64;
    loop {
        if source.position() == brent_end {
            let buffer = source.buffer();
            brent =
                Some(Checkpoint::new(brent_end, &buffer[buffer.len() - m..]));
            brent_end *= 2;
        }
        let count = chunk.min((brent_end - source.position()) as usize);
        meter.add_costly(count, count as u64 * source.moves() as u64)?;
        let end_position = source.position() + count as u64;
        let buffer = source.advance(count);
        let start = buffer.len() - count;
        // The window ending at buffer index i is W(position of i + 1).
        let next_position =
            |i: usize| end_position - (buffer.len() - i - 1) as u64;
        if let Some(i) = first.scan(buffer, start) {
            let period = next_position(i) - first.at;
            // Cells [p, p + c0) end at i; compare them with [0, c0).
            let later = &buffer[i + 1 - c0..i + 1 - m];
            let preperiod = prefix[..c0 - m]
                .iter()
                .zip(later)
                .rposition(|(a, b)| a != b)
                .map_or(0, |j| j as u64 + 1);
            return Ok(Cycle::FromStart { preperiod, period });
        }
        if let Some(i) = brent.as_mut().and_then(|b| b.scan(buffer, start)) {
            let at = brent.as_ref().map_or(0, |b| b.at);
            return Ok(Cycle::Later { period: next_position(i) - at });
        }
    }
}

fn advance_to<S: Source>(
    source: &mut S,
    target: u64,
    chunk: usize,
    meter: &mut Meter<'_>,
) -> Result<(), Stopped> {
    while source.position() < target {
        let count = chunk.min((target - source.position()) as usize);
        meter.add_costly(count, count as u64 * source.moves() as u64)?;
        source.advance(count);
    }
    Ok(())
}

/// Phase 2: the least l with cell(n + p) = cell(n) for all n >= l, and the
/// start of the m matching positions that certify it.
fn least_preperiod<S: Source>(
    make: &impl Fn() -> S,
    period: u64,
    meter: &mut Meter<'_>,
) -> Result<(u64, u64), Stopped> {
    let mut ahead = make();
    let mut behind = make();
    let m = ahead.window() as u64;
    let chunk = ahead.chunk();
    advance_to(&mut ahead, period, chunk, meter)?;
    let mut matched_from = 0u64;
    loop {
        // Small steps first: most pre-periods are short.
        let count = chunk.min((behind.position() + m).max(64) as usize);
        meter
            .add_costly(2 * count, 2 * count as u64 * ahead.moves() as u64)?;
        let start_position = behind.position();
        let a = behind.advance(count);
        let a = &a[a.len() - count..];
        let b = ahead.advance(count);
        let b = &b[b.len() - count..];
        if a != b {
            let j = a.iter().zip(b).rposition(|(x, y)| x != y).unwrap();
            matched_from = start_position + j as u64 + 1;
        }
        if behind.position() - matched_from >= m {
            return Ok((matched_from, behind.position() - m));
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::budget::StopReason;
    use crate::engine::{naive, with_source};
    use crate::set::FiniteSet;
    use proptest::prelude::*;

    fn grundy_period(elements: &[u64]) -> WindowPeriod {
        let set = FiniteSet::new(elements.iter().copied()).unwrap();
        with_source!(set, None, |make| detect(make, &Budget::default()))
            .unwrap()
    }

    /// The same with the first checkpoint at 2m, so that pre-periods
    /// longer than m take the Brent path and phase 2.
    fn grundy_period_brent(elements: &[u64]) -> WindowPeriod {
        let set = FiniteSet::new(elements.iter().copied()).unwrap();
        let budget = Budget::default();
        with_source!(set, None, |make| detect_streaming(
            make,
            &mut Meter::new(&budget),
            0
        ))
        .unwrap()
    }

    /// The least (l, p) of a sequence, by brute force over a long prefix.
    fn brute_force(values: &[u64], tail: usize) -> (u64, u64) {
        let n = values.len();
        for p in 1..n - tail {
            // The least l for this p: scan back from the end.
            let mut l = n - p;
            while l > 0 && values[l - 1] == values[l - 1 + p] {
                l -= 1;
            }
            if n - p - l >= tail {
                return (l as u64, p as u64);
            }
        }
        panic!("no period in prefix");
    }

    #[test]
    fn known_periods() {
        assert_eq!(
            (
                grundy_period(&[1, 2, 3]).preperiod,
                grundy_period(&[1, 2, 3]).period
            ),
            (0, 4)
        );
        assert_eq!(grundy_period(&[2, 3]).period, 5);
        // {3,6} = 3 * {1,2}: 6 is an even multiple of 3, so a + b = 9.
        assert_eq!(grundy_period(&[3, 6]).period, 9);
        assert_eq!(grundy_period(&[1]).period, 2);
    }

    #[test]
    fn brent_path_finds_long_preperiods() {
        // {2,5,7} etc. have pre-periods longer than 2m - m = m? Find sets
        // whose pre-period exceeds m and check both paths agree.
        let mut long = 0;
        for a in 1..12u64 {
            for b in a + 1..14 {
                for c in b + 1..16 {
                    let fast = grundy_period(&[a, b, c]);
                    let brent = grundy_period_brent(&[a, b, c]);
                    assert_eq!(
                        (fast.preperiod, fast.period),
                        (brent.preperiod, brent.period),
                        "{a},{b},{c}"
                    );
                    if fast.preperiod > c {
                        long += 1;
                    }
                }
            }
        }
        assert!(long > 0, "no set with a pre-period above m was tried");
    }

    #[test]
    fn certificate_is_consistent() {
        let p = grundy_period(&[2, 3, 7]);
        assert_eq!(p.window, 7);
        assert!(p.certificate_start >= p.preperiod);
    }

    #[test]
    fn budget_stops_cleanly() {
        let set = FiniteSet::new([5000, 10001, 15001]).unwrap();
        let got = with_source!(set, None, |make| detect(
            make,
            &Budget::positions(1_000_000)
        ));
        let err = got.unwrap_err();
        assert_eq!(err.reason, StopReason::Positions);
        assert!(err.done > 1_000_000);
    }

    proptest! {
        #![proptest_config(ProptestConfig::with_cases(500))]

        /// The detector agrees with brute force on the naive sequence.
        #[test]
        fn detector_equals_brute_force(v in prop::collection::btree_set(1u64..24, 1..6)) {
            let elements: Vec<u64> = v.into_iter().collect();
            let got = grundy_period(&elements);
            prop_assert_eq!(got, WindowPeriod { positions: got.positions, certificate_start: got.certificate_start, ..grundy_period_brent(&elements) });
            let m = *elements.last().unwrap() as usize;
            let set = FiniteSet::new(elements.iter().copied()).unwrap();
            let len = (got.preperiod + 3 * got.period) as usize + 3 * m + 10;
            let values = naive::grundy_values(&set, len);
            prop_assert_eq!((got.preperiod, got.period), brute_force(&values, m + got.period as usize));
        }
    }
}
