//! Exact period detection for self-determined sequences.
//!
//! For a finite set S with m = max(S), the cell at n is a function of the
//! window W(n) = (cells at n - m .. n - 1), with a fixed "absent" cell before
//! 0. So W(i) = W(j) proves that the sequence repeats with period j - i
//! from i - m on (DOMAIN.md 2.1, the certificate). The detector:
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

use std::sync::Arc;
use std::sync::atomic::{AtomicBool, Ordering};
use std::time::Instant;

use crate::engine::Source;

/// The default budget: positions generated before giving up.
pub const DEFAULT_MAX_POSITIONS: u64 = 10_000_000_000;

/// How often (in positions) progress is reported and the limits checked.
const CHECK_EVERY: u64 = 1 << 22;

/// A budget for long computations.
#[derive(Clone, Debug)]
pub struct Limit {
    /// Give up after generating this many positions (all phases together).
    pub max_positions: u64,
    /// Give up at this instant.
    pub deadline: Option<Instant>,
    /// Give up when this flag becomes true (Ctrl-C, a closed connection).
    pub cancel: Option<Arc<AtomicBool>>,
}

impl Default for Limit {
    fn default() -> Limit {
        Limit {
            max_positions: DEFAULT_MAX_POSITIONS,
            deadline: None,
            cancel: None,
        }
    }
}

impl Limit {
    /// A budget of `max_positions` positions and nothing else.
    pub fn positions(max_positions: u64) -> Limit {
        Limit { max_positions, ..Limit::default() }
    }

    fn check(&self, positions: u64) -> Result<(), NotFound> {
        let reason = if positions > self.max_positions {
            StopReason::Positions
        } else if self.deadline.is_some_and(|d| Instant::now() >= d) {
            StopReason::Time
        } else if self
            .cancel
            .as_ref()
            .is_some_and(|c| c.load(Ordering::Relaxed))
        {
            StopReason::Cancelled
        } else {
            return Ok(());
        };
        Err(NotFound { positions, reason })
    }
}

/// Why a search stopped without an answer.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
#[cfg_attr(feature = "serde", derive(serde::Serialize))]
#[cfg_attr(feature = "serde", serde(rename_all = "lowercase"))]
pub enum StopReason {
    /// The position budget ran out.
    Positions,
    /// The deadline passed.
    Time,
    /// The caller cancelled.
    Cancelled,
}

/// No period was found within the budget.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct NotFound {
    /// Positions generated before stopping.
    pub positions: u64,
    /// Which limit stopped the search.
    pub reason: StopReason,
}

impl std::fmt::Display for NotFound {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        let why = match self.reason {
            StopReason::Positions => "the position budget ran out",
            StopReason::Time => "the time limit passed",
            StopReason::Cancelled => "the search was cancelled",
        };
        write!(f, "no period within {} positions ({why})", self.positions)
    }
}

impl std::error::Error for NotFound {}

/// An eventual period, exact and least, with its certificate.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
#[cfg_attr(feature = "serde", derive(serde::Serialize))]
pub struct Period {
    /// The least l with cell(n + p) = cell(n) for all n >= l.
    pub preperiod: u64,
    /// The least p >= 1 for which such an l exists.
    pub period: u64,
    /// The certificate: cell(n + p) = cell(n) was checked for the `window`
    /// consecutive n from `certificate_start` on (and for every n between
    /// `preperiod` and there), which implies it for all later n.
    pub certificate_start: u64,
    /// m, the window the certificate needs.
    pub window: u64,
    /// Positions generated by all phases together.
    pub positions: u64,
    /// The largest value in the sequence (for outcome sequences: 0 if
    /// every position is P, else 1).
    pub max_value: u64,
}

/// Finds the least pre-period and period of the sequence that `make`
/// generates (each call must give a fresh generator from position 0).
///
/// `progress` receives the number of positions generated so far, now and
/// then.
pub fn detect<S: Source>(
    make: impl Fn() -> S,
    limit: &Limit,
    progress: &mut dyn FnMut(u64),
) -> Result<Period, NotFound> {
    detect_with_slack(make, limit, progress, FIRST_SLACK)
}

/// [`detect`] with the first checkpoint at c0 = 2m + `slack`; tests use a
/// small slack so that the Brent path runs on small sets too.
fn detect_with_slack<S: Source>(
    make: impl Fn() -> S,
    limit: &Limit,
    progress: &mut dyn FnMut(u64),
    slack: usize,
) -> Result<Period, NotFound> {
    let mut source = make();
    let m = source.window();
    let c0 = 2 * m + slack;
    let mut meter = Meter::new(limit, progress);
    let found = find_cycle(&mut source, c0, &mut meter)?;
    // Phase 1 generated past l + p, so every value has been seen.
    let max_value = source.max_value();
    drop(source);
    let (preperiod, period, certificate_start) = match found {
        // W(c0) = W(c0 + p): the m cells before c0 certify the period.
        Cycle::FromStart { preperiod, period } => {
            (preperiod, period, (c0 - m) as u64)
        }
        Cycle::Later { period } => {
            let (preperiod, start) =
                least_preperiod(&make, period, &mut meter)?;
            (preperiod, period, start)
        }
    };
    Ok(Period {
        preperiod,
        period,
        certificate_start,
        window: m as u64,
        positions: meter.positions,
        max_value,
    })
}

/// Counts generated positions, checks the limit and reports progress.
pub(crate) struct Meter<'a> {
    limit: &'a Limit,
    progress: &'a mut dyn FnMut(u64),
    pub(crate) positions: u64,
    next_check: u64,
    every: u64,
}

impl<'a> Meter<'a> {
    pub(crate) fn new(
        limit: &'a Limit,
        progress: &'a mut dyn FnMut(u64),
    ) -> Meter<'a> {
        Meter::every(limit, progress, CHECK_EVERY)
    }

    /// A meter that checks the limits every `every` units of work.
    pub(crate) fn every(
        limit: &'a Limit,
        progress: &'a mut dyn FnMut(u64),
        every: u64,
    ) -> Meter<'a> {
        Meter { limit, progress, positions: 0, next_check: 0, every }
    }

    pub(crate) fn add(&mut self, count: usize) -> Result<(), NotFound> {
        self.positions += count as u64;
        if self.positions >= self.next_check {
            self.next_check = (self.positions + self.every)
                .min(self.limit.max_positions.saturating_add(1));
            (self.progress)(self.positions);
            self.limit.check(self.positions)?;
        }
        Ok(())
    }
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
/// so any pre-period below c0 - m is read off directly. Most pre-periods
/// are that short.
const FIRST_SLACK: usize = 1 << 16;

/// A saved window W(c) and a filter that finds the places where it may
/// occur again.
struct Checkpoint<C> {
    at: u64,
    saved: Vec<C>,
    /// Offsets in the window (0 = its oldest cell) compared first; the
    /// cells there are `saved[offset]`.
    probes: [usize; PROBES],
}

/// Cells of the saved window compared before the whole window.
const PROBES: usize = 8;

/// Candidate windows filtered together by the first four probes.
const BLOCK: usize = 128;

impl<C: bytemuck::Pod + Eq> Checkpoint<C> {
    /// Saves `window` (= W(at)). The probes sit on both sides of the
    /// window's most recent changes of value, so long constant runs
    /// elsewhere in the sequence rarely pass them; a window with fewer
    /// changes fills the rest with its last cells.
    fn new(at: u64, window: &[C]) -> Self {
        let m = window.len();
        let mut probes = [m - 1; PROBES];
        let mut count = 0;
        // Both cells of each change, newest first; neighbouring changes
        // share a cell, which is taken once.
        for t in (1..m).rev() {
            if count + 2 > PROBES {
                break;
            }
            if window[t] != window[t - 1] {
                if count == 0 || probes[count - 1] != t {
                    probes[count] = t;
                    count += 1;
                }
                probes[count] = t - 1;
                count += 1;
            }
        }
        for (k, probe) in probes[count..].iter_mut().enumerate() {
            *probe = m.saturating_sub(1 + k);
        }
        Checkpoint { at, saved: window.to_vec(), probes }
    }

    /// The first buffer index i >= start whose window (the m cells ending
    /// at i) equals the saved one. `buffer[..start]` must hold at least m
    /// cells.
    ///
    /// The first four probes are compared on [`BLOCK`] consecutive windows
    /// at once (a loop the compiler vectorises); a window that passes
    /// them is compared at the other probes and then in full, so a hit is
    /// exact.
    fn scan(&self, buffer: &[C], start: usize) -> Option<usize> {
        #[cfg(target_arch = "x86_64")]
        if std::arch::is_x86_feature_detected!("avx2") {
            #[allow(unsafe_code)]
            // SAFETY: `scan_avx2` only requires AVX2, which the CPU has
            // (checked just above).
            return unsafe { self.scan_avx2(buffer, start) };
        }
        self.scan_portable(buffer, start)
    }

    /// [`Checkpoint::scan_portable`] compiled with AVX2 enabled (32-byte
    /// comparisons).
    #[cfg(target_arch = "x86_64")]
    #[target_feature(enable = "avx2")]
    fn scan_avx2(&self, buffer: &[C], start: usize) -> Option<usize> {
        self.scan_portable(buffer, start)
    }

    #[inline(always)]
    fn scan_portable(&self, buffer: &[C], start: usize) -> Option<usize> {
        let m = self.saved.len();
        let count = buffer.len() - start;
        // The window ending at start + l has its cell t at
        // start + l + 1 - m + t.
        let cells = |t: usize| &buffer[start + 1 - m + t..][..count];
        let value = |k: usize| self.saved[self.probes[k]];
        let [t0, t1, t2, t3, ..] = self.probes;
        let (v0, v1, v2, v3) = (value(0), value(1), value(2), value(3));
        let candidate = |l: usize| {
            let i = start + l;
            let first = i + 1 - m;
            self.probes[4..]
                .iter()
                .all(|&t| buffer[first + t] == self.saved[t])
                && buffer[first..=i] == *self.saved
        };
        let blocks = cells(t0)
            .chunks_exact(BLOCK)
            .zip(cells(t1).chunks_exact(BLOCK))
            .zip(cells(t2).chunks_exact(BLOCK))
            .zip(cells(t3).chunks_exact(BLOCK));
        for (b, (((c0, c1), c2), c3)) in blocks.enumerate() {
            let pass = |l: usize| {
                (c0[l] == v0) & (c1[l] == v1) & (c2[l] == v2) & (c3[l] == v3)
            };
            if (0..BLOCK).fold(false, |any, l| any | pass(l)) {
                let found =
                    (0..BLOCK).find(|&l| pass(l) && candidate(b * BLOCK + l));
                if let Some(l) = found {
                    return Some(start + b * BLOCK + l);
                }
            }
        }
        (count / BLOCK * BLOCK..count)
            .find(|&l| candidate(l))
            .map(|l| start + l)
    }
}

/// Phase 1: the least period. The window at c0 is compared with every
/// later window; from 4 c0 on, Brent's doubling checkpoints run beside it
/// for sequences whose pre-period is longer than c0 - m.
fn find_cycle<S: Source>(
    source: &mut S,
    c0: usize,
    meter: &mut Meter<'_>,
) -> Result<Cycle, NotFound> {
    let m = source.window();
    source.retain(c0);
    let chunk = source.max_advance().min(1 << 16);
    advance_to(source, c0 as u64, chunk, meter)?;
    let buffer = source.buffer();
    let prefix: Vec<S::Cell> = buffer[buffer.len() - c0..].to_vec();
    let first = Checkpoint::new(c0 as u64, &prefix[c0 - m..]);
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
        meter.add(count)?;
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
        if let Some(i) = brent.as_ref().and_then(|b| b.scan(buffer, start)) {
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
) -> Result<(), NotFound> {
    while source.position() < target {
        let count = chunk.min((target - source.position()) as usize);
        meter.add(count)?;
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
) -> Result<(u64, u64), NotFound> {
    let mut ahead = make();
    let mut behind = make();
    let m = ahead.window() as u64;
    let chunk = ahead.max_advance().min(1 << 16);
    advance_to(&mut ahead, period, chunk, meter)?;
    let mut matched_from = 0u64;
    loop {
        // Small steps first: most pre-periods are short.
        let count = chunk.min((behind.position() + m).max(64) as usize);
        meter.add(2 * count)?;
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
    use crate::engine::naive;
    use crate::set::{FiniteSet, SubtractionSet};
    use crate::with_source;
    use proptest::prelude::*;

    fn grundy_period(elements: &[u64]) -> Period {
        let set = FiniteSet::new(elements.iter().copied()).unwrap();
        with_source!(set, None, |make| detect(
            make,
            &Limit::default(),
            &mut |_| {}
        ))
        .unwrap()
    }

    /// The same with the first checkpoint at 2m, so that pre-periods
    /// longer than m take the Brent path and phase 2.
    fn grundy_period_brent(elements: &[u64]) -> Period {
        let set = FiniteSet::new(elements.iter().copied()).unwrap();
        with_source!(set, None, |make| detect_with_slack(
            make,
            &Limit::default(),
            &mut |_| {},
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
            &Limit::positions(1_000_000),
            &mut |_| {}
        ));
        let err = got.unwrap_err();
        assert_eq!(err.reason, StopReason::Positions);
        assert!(err.positions > 1_000_000);
    }

    proptest! {
        #![proptest_config(ProptestConfig::with_cases(500))]

        /// The detector agrees with brute force on the naive sequence.
        #[test]
        fn detector_equals_brute_force(v in prop::collection::btree_set(1u64..24, 1..6)) {
            let elements: Vec<u64> = v.into_iter().collect();
            let got = grundy_period(&elements);
            prop_assert_eq!(got, Period { positions: got.positions, certificate_start: got.certificate_start, ..grundy_period_brent(&elements) });
            let m = *elements.last().unwrap() as usize;
            let set: SubtractionSet = FiniteSet::new(elements.iter().copied()).unwrap().into();
            let len = (got.preperiod + 3 * got.period) as usize + 3 * m + 10;
            let values = naive::grundy_values(&set, len);
            prop_assert_eq!((got.preperiod, got.period), brute_force(&values, m + got.period as usize));
        }

        /// The probe filter finds exactly the first window equal to the
        /// saved one, on low-entropy cells (two or three values, runs)
        /// where probes pass often.
        #[test]
        fn scan_finds_the_first_equal_window(
            cells in prop::collection::vec(prop::sample::select(vec![1u8, 2, 4]), 1..1200),
            runs in 1usize..6,
            m in 1usize..40,
            at in 0usize..1200,
            start in 0usize..1200,
        ) {
            // Stretch the cells into runs, so that windows repeat often.
            let buffer: Vec<u8> = cells.iter().flat_map(|&c| std::iter::repeat_n(c, runs)).collect();
            prop_assume!(buffer.len() > m);
            let at = m - 1 + at % (buffer.len() - m + 1);
            let start = m + start % (buffer.len() - m + 1);
            let checkpoint = Checkpoint::new(0, &buffer[at + 1 - m..=at]);
            let expected = (start..buffer.len()).find(|&i| buffer[i + 1 - m..=i] == checkpoint.saved[..]);
            prop_assert_eq!(checkpoint.scan(&buffer, start), expected);
            prop_assert_eq!(checkpoint.scan_portable(&buffer, start), expected);
        }
    }
}
