//! Periods of finite sets, run by run: the detector over the run-length
//! engine (`engine/runs.rs`).
//!
//! The state at a run start n is the window W(n) (the values at
//! n - m .. n - 1) written as clipped runs; it is small, it determines the
//! rest of the sequence, and equal states prove a period exactly as equal
//! windows do (Winning Ways ch. 4; `window.rs`). A first checkpoint at the
//! first run start past 2m keeps every run before it (the pre-period is
//! read off them); Brent's cycle detection over the states at later run
//! starts covers long pre-periods, and two engines p apart then give the
//! least pre-period, stopping after m consecutive matching positions (the
//! certificate). The budget counts segments, not positions.
//!
//! Reference for cycle detection: R. P. Brent, "An improved Monte Carlo
//! factorization algorithm", BIT 20 (1980).

use std::collections::VecDeque;

use crate::budget::{Budget, Meter, Stopped, Unit};
use crate::engine::runs::{Run, RunEngine, RunRule};
use crate::period::window::WindowPeriod;

/// What the run-length detector found.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) struct RunPeriod {
    /// The least pre-period and period, the certificate, and in
    /// `positions` the positions whose values were determined (covered by
    /// segments), all phases together.
    pub(crate) period: WindowPeriod,
    /// Segments processed, all phases together: the engine's real work,
    /// and what the budget's `max_positions` counts for this engine.
    pub(crate) segments: u64,
}

/// Counts segments against the budget and the positions they cover.
struct Work<'a> {
    meter: Meter<'a>,
    covered: u64,
}

impl Work<'_> {
    fn add(&mut self, segment: &Run) -> Result<(), Stopped> {
        self.covered += segment.len;
        self.meter.add(1)
    }
}

/// Finds the least pre-period and period with the run-length engine.
///
/// The budget's `max_positions` counts segments here (each costs O(|S|)),
/// not positions: a run-length search covers far more positions than a
/// position engine could generate in the same time.
pub(crate) fn detect(
    moves: &[u64],
    rule: RunRule,
    budget: &Budget,
) -> Result<RunPeriod, Stopped> {
    // A segment costs about as much as a thousand positions of the block
    // engine, so the limits are checked every 4096 segments.
    let meter = Meter::every(budget, Unit::Segments, 1 << 12);
    let mut work = Work { meter, covered: 0 };
    let mut engine = RunEngine::new(moves, rule);
    let m = engine.window;
    // Phase 1: the runs before the first checkpoint c0 (the first run
    // start at or after 2m) are kept, and the state at c0 is compared with
    // the state at every later run start. The first hit, at c0 + p, gives
    // the least period; the pre-period (below c0 - m) is read off the kept
    // runs and the runs of the last c0 positions.
    let mut prefix: Vec<(i64, u32)> = Vec::new();
    let mut recent: VecDeque<(i64, u32)> = VecDeque::new();
    let mut first: Option<(i64, Vec<(i64, u32)>)> = None;
    // Phase 2, beside it from 4 c0 on: Brent's checkpoints at run counts
    // 1, 2, 4, ..., for long pre-periods.
    let mut saved: Vec<(i64, u32)> = Vec::new();
    let mut saved_at = i64::MIN;
    let mut run_index: u64 = 0;
    let mut next_checkpoint: u64 = 1;
    let mut state = Vec::new();
    let (period, preperiod, certificate_start) = loop {
        let seg = engine.step();
        work.add(&seg)?;
        if !engine.at_run_start(&seg) {
            continue;
        }
        let n = seg.start;
        let Some((c0, first_state)) = &first else {
            if n >= 2 * m {
                engine.state(n, &mut state);
                first = Some((n, state.clone()));
                recent.extend(prefix.iter().copied());
                recent.push_back((n, seg.value));
            } else {
                prefix.push((n, seg.value));
            }
            continue;
        };
        let c0 = *c0;
        recent.push_back((n, seg.value));
        while recent.len() > 1 && recent[1].0 <= n - c0 {
            recent.pop_front();
        }
        engine.state(n, &mut state);
        if state == *first_state {
            let p = n - c0;
            let l =
                last_mismatch(&prefix, recent.make_contiguous(), p, c0 - m);
            break (p as u64, l as u64, (c0 - m) as u64);
        }
        if n < 4 * c0 {
            continue;
        }
        run_index += 1;
        if saved_at != i64::MIN && state == saved {
            let p = (n - saved_at) as u64;
            let (l, start) = least_preperiod(moves, rule, p, &mut work)?;
            break (p, l, start);
        }
        if run_index == next_checkpoint {
            std::mem::swap(&mut saved, &mut state);
            saved_at = n;
            next_checkpoint *= 2;
        }
    };
    Ok(RunPeriod {
        period: WindowPeriod {
            preperiod,
            period,
            certificate_start,
            window: m as u64,
            positions: work.covered,
            max_value: engine.max_value(),
        },
        segments: work.meter.done,
    })
}

/// The end of the last stretch of k in [0, to) where x(k) != x(k + shift),
/// or 0: `a` holds the runs (start, value) of x from 0 on, `b` the runs of
/// x from at most `shift` on.
fn last_mismatch(
    a: &[(i64, u32)],
    b: &[(i64, u32)],
    shift: i64,
    to: i64,
) -> i64 {
    let (mut i, mut j) = (0, 0);
    let mut pos = 0;
    let mut last = 0;
    while pos < to {
        while i + 1 < a.len() && a[i + 1].0 <= pos {
            i += 1;
        }
        while j + 1 < b.len() && b[j + 1].0 - shift <= pos {
            j += 1;
        }
        let end = to
            .min(a.get(i + 1).map_or(to, |r| r.0))
            .min(b.get(j + 1).map_or(to, |r| r.0 - shift));
        if a[i].1 != b[j].1 {
            last = end;
        }
        pos = end;
    }
    last
}

/// The least l with x(n + p) = x(n) for all n >= l: two engines p apart,
/// compared segment by segment until m consecutive positions match.
fn least_preperiod(
    moves: &[u64],
    rule: RunRule,
    period: u64,
    work: &mut Work<'_>,
) -> Result<(u64, u64), Stopped> {
    let mut behind = RunEngine::new(moves, rule);
    let mut ahead = RunEngine::new(moves, rule);
    let m = behind.window;
    let p = period as i64;
    // Segments of `ahead`, shifted back by p, that reach position 0 on.
    let mut b = ahead.step();
    work.add(&b)?;
    while b.start + b.len as i64 <= p {
        b = ahead.step();
        work.add(&b)?;
    }
    let mut a = behind.step();
    work.add(&a)?;
    let mut t: i64 = 0;
    let mut matched_from: i64 = 0;
    loop {
        let a_end = a.start + a.len as i64;
        let b_end = b.start + b.len as i64 - p;
        let end = a_end.min(b_end);
        if a.value != b.value {
            matched_from = end;
        }
        t = t.max(end);
        if t - matched_from >= m {
            return Ok((matched_from as u64, (t - m) as u64));
        }
        if a_end == end {
            a = behind.step();
            work.add(&a)?;
        }
        if b_end == end {
            b = ahead.step();
            work.add(&b)?;
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::engine::with_source;
    use crate::period::window;
    use crate::play::Play;
    use crate::set::FiniteSet;
    use proptest::prelude::*;

    proptest! {
        #![proptest_config(ProptestConfig::with_cases(1000))]

        #[test]
        fn periods_match_block_engine(v in prop::collection::btree_set(1u64..40, 1..6)) {
            let moves: Vec<u64> = v.into_iter().collect();
            let finite = FiniteSet::new(moves.iter().copied()).unwrap();
            let budget = Budget::positions(10_000_000);
            let want = with_source!(finite, None, |make| window::detect(make, &budget)).unwrap();
            let got = detect(&moves, RunRule::Grundy, &budget).unwrap().period;
            prop_assert_eq!((got.preperiod, got.period, got.max_value), (want.preperiod, want.period, want.max_value));
            for (rule, play) in [(RunRule::Normal, Play::Normal), (RunRule::Misere, Play::Misere)] {
                let want = with_source!(finite, Some(play), |make| window::detect(make, &budget)).unwrap();
                let got = detect(&moves, rule, &budget).unwrap().period;
                prop_assert_eq!((got.preperiod, got.period), (want.preperiod, want.period), "{:?}", rule);
            }
        }
    }
}
