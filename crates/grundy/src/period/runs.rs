//! Periods of finite sets, run by run: the detector over the run-length
//! engine (`engine/runs.rs`).
//!
//! The state at a run start n is the window W(n) (the values at
//! n - m .. n - 1) written as clipped runs; it determines the rest of the
//! sequence, and equal states prove a period exactly as equal windows do
//! (Winning Ways ch. 4; `window.rs`). Every run is kept with the
//! fingerprint of the window at its start (`history.rs` does the same with
//! cells): the window at the first run start past 2m is compared with
//! every later one, which finds the period at c0 + p when the pre-period
//! is below m (most are), and at positions growing by a factor 1.3 the
//! latest window is looked for among all earlier ones, which bounds the
//! search by about 1.3 (l + p + m) positions whatever the pre-period. The
//! least pre-period is read off the kept runs, and so are the outcome
//! sequence's periods (`outcomes.rs`). A search whose runs outgrow the
//! memory streams instead: Brent's cycle detection over the states at
//! later run starts, and two engines p apart for the least pre-period,
//! stopping after m consecutive matching positions (the certificate). The
//! budget counts segments, not positions.
//!
//! A window can hold many runs, so states are not built at every run
//! start: [`RunWindow`] keeps a polynomial hash of the window's runs,
//! updated in O(1) as runs enter and leave, and a state is built and
//! compared in full only where the hashes agree. The scan is thus linear
//! in the segments, whatever the window (Karp-Rabin fingerprints, with
//! exact confirmation: a hash collision costs time, never a wrong answer).
//!
//! References: R. P. Brent, "An improved Monte Carlo factorization
//! algorithm", BIT 20 (1980); R. M. Karp, M. O. Rabin, "Efficient
//! randomized pattern-matching algorithms", IBM J. Res. Dev. 31 (1987).

use std::collections::VecDeque;

use super::checkpoint::WindowPeriod;
use crate::budget::{Budget, Meter, Stopped, Unit};
use crate::engine::mersenne::{self, mul, pow};
use crate::engine::runs::{Run, RunEngine, RunRule};

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
    /// |S|: a segment looks at one run per move.
    moves: u64,
}

impl Work<'_> {
    fn add(&mut self, segment: &Run) -> Result<(), Stopped> {
        self.covered += segment.len;
        self.meter.add_costly(1, self.moves)
    }
}

/// The modulus of the fingerprints: the Mersenne prime 2^61 - 1.
const MODULUS: u64 = mersenne::P;

/// The fingerprints' base (any number in 2..MODULUS works; a fixed odd
/// one keeps runs reproducible).
const BASE: u64 = 0x1fd3_a9c4_57b1_6e2b % MODULUS;

/// A run of `len` positions of `value` as a number below the modulus.
fn token(len: i64, value: u32) -> u64 {
    let mut z = (len as u64).wrapping_mul(0x9e37_79b9_7f4a_7c15)
        ^ u64::from(value).wrapping_mul(0xc2b2_ae3d_27d4_eb4f);
    z ^= z >> 31;
    z = z.wrapping_mul(0xbf58_476d_1ce4_e5b9);
    (z ^ (z >> 29)) % MODULUS
}

/// The window before the latest run start, as runs, with a fingerprint.
///
/// The first run is clipped at the window's left end; the runs after it
/// (the "middle", all complete at a run start) are hashed as the sequence
/// of their (length, value) tokens: sum of token_j BASE^j, j counted from
/// the first of them, so removing the first divides by BASE once.
#[derive(Debug)]
struct RunWindow {
    m: i64,
    /// Run starts and values, oldest first; the last may still grow.
    runs: VecDeque<(i64, u32)>,
    /// The fingerprint of the middle runs (`runs[1..len - 1]` while the
    /// last grows, `runs[1..]` once it is complete), how many, and
    /// BASE^count.
    hash: u64,
    count: usize,
    power: u64,
    inverse: u64,
}

/// A window's fingerprint: the first run's clipped length and value, the
/// middle runs' hash and count.
type Fingerprint = (i64, u32, u64, usize);

/// A checkpoint: the run start, its window's fingerprint and the window as
/// clipped runs (compared in full when the fingerprints agree).
type Saved = (i64, Fingerprint, Vec<(i64, u32)>);

impl RunWindow {
    fn new(m: i64, absent: u32) -> RunWindow {
        RunWindow {
            m,
            runs: VecDeque::from([(-m, absent)]),
            hash: 0,
            count: 0,
            power: 1,
            inverse: pow(BASE, MODULUS - 2),
        }
    }

    /// A new run of `value` starts at `n`: the last run is complete, the
    /// window moves to [n - m, n). Returns the fingerprint of that window
    /// (before the new run enters).
    fn start_run(&mut self, n: i64, value: u32) -> Fingerprint {
        if self.runs.len() >= 2 {
            // The run that just ended joins the middle.
            let (start, v) = *self.runs.back().expect("a run");
            self.hash =
                (self.hash + mul(token(n - start, v), self.power)) % MODULUS;
            self.power = mul(self.power, BASE);
            self.count += 1;
        }
        let left = n - self.m;
        while self.runs.len() >= 2 && self.runs[1].0 <= left {
            self.runs.pop_front();
            if self.runs.len() >= 2 {
                // Its successor leaves the middle and becomes the first.
                let (start, v) = self.runs[0];
                let len = self.runs[1].0 - start;
                let t = token(len, v);
                self.hash =
                    mul((self.hash + MODULUS - t) % MODULUS, self.inverse);
                self.power = mul(self.power, self.inverse);
                self.count -= 1;
            } else {
                // The last run alone spans the window: no middle.
                self.hash = 0;
                self.power = 1;
                self.count = 0;
            }
        }
        let end = self.runs.get(1).map_or(n, |r| r.0);
        let first = (end - left.max(self.runs[0].0), self.runs[0].1);
        self.runs.push_back((n, value));
        (first.0, first.1, self.hash, self.count)
    }
}

/// [`detect_kept`] to the end, whatever the segments' lengths.
#[cfg(test)]
pub(crate) fn detect(
    moves: &[u64],
    rule: RunRule,
    budget: &Budget,
) -> Result<RunPeriod, Stopped> {
    match detect_kept(moves, rule, budget, 0.0)? {
        RunSearch::Found(found, _) => Ok(found),
        RunSearch::GaveUp { .. } => {
            unreachable!("segments are never shorter than 0 positions")
        }
    }
}

/// How [`detect_kept`] ended.
pub(crate) enum RunSearch {
    /// The period, with the runs of the whole sequence generated (start,
    /// value), from position 0, when they were kept.
    Found(RunPeriod, Option<KeptRuns>),
    /// The segments turned out short; `segments` were processed, which
    /// count against the budget of the engine that takes over.
    GaveUp { segments: u64 },
}

/// Segments between two looks at their mean length in [`detect_kept`].
const MEAN_EVERY: u64 = 1 << 16;

/// Finds the least pre-period and period with the run-length engine,
/// giving up ([`RunSearch::GaveUp`]) as soon as the last [`MEAN_EVERY`]
/// segments past 2 max(S) average fewer than `min_mean` positions. The
/// automatic engine choice probes the first few thousand segments only;
/// some sets ({a, 2a+2, 3a+1}: means above 48 at first, about 2 later)
/// change their run structure further on, and the block engine is then
/// ten times faster. The work thrown away is at most what the block
/// engine would have needed for the same positions, times the cost ratio
/// the threshold stands for.
///
/// The budget's `max_positions` counts segments here (each costs O(|S|)),
/// not positions: a run-length search covers far more positions than a
/// position engine could generate in the same time.
///
pub(crate) fn detect_kept(
    moves: &[u64],
    rule: RunRule,
    budget: &Budget,
    min_mean: f64,
) -> Result<RunSearch, Stopped> {
    // A segment costs about as much as a thousand positions of the block
    // engine, so the limits are checked every 4096 segments.
    let meter = Meter::every(budget, Unit::Segments, 1 << 12);
    let mut work = Work { meter, covered: 0, moves: moves.len() as u64 };
    let found = match search_kept(moves, rule, &mut work, min_mean)? {
        Kept::Found(found, runs) => Some((found, Some(runs))),
        Kept::GaveUp => None,
        Kept::Outgrown => stream(moves, rule, &mut work, min_mean)?
            .map(|found| (found, None)),
    };
    Ok(match found {
        Some((found, runs)) => RunSearch::Found(found, runs),
        None => RunSearch::GaveUp { segments: work.meter.done },
    })
}

/// Runs (start, value) of a sequence from position 0, in order.
pub(crate) type KeptRuns = Vec<(i64, u32)>;

/// Bytes [`search_kept`] keeps a run (its start, value and the key of the
/// window at its start): the budget's `max_memory` over this is the most
/// runs it keeps before it streams.
const BYTES_PER_RUN: u64 = 24;

/// How [`search_kept`] ended.
enum Kept {
    Found(RunPeriod, KeptRuns),
    GaveUp,
    Outgrown,
}

/// The search with every run kept: the window at the first run start c0
/// past 2m is compared with the window at every later run start (it
/// recurs at c0 + p when c0 >= l + m), and at run starts n past positions
/// that grow by a factor [`GROWTH`], the window W(n) is looked for among the
/// windows at all earlier run starts (a linear scan of their fingerprints,
/// confirmed on the kept runs). Windows at run starts from l + m on repeat
/// with the least period p, and none before l + m equals a later one
/// (`history.rs` has the argument), so the first occurrence of W(n) is
/// some W(j) with j >= l + m and the next one is W(j + p); the first check
/// past l + m + p succeeds, and the least pre-period is read off the kept
/// runs.
fn search_kept(
    moves: &[u64],
    rule: RunRule,
    work: &mut Work<'_>,
    min_mean: f64,
) -> Result<Kept, Stopped> {
    let mut engine = RunEngine::new(moves, rule);
    let m = engine.window;
    let mut window = RunWindow::new(m, crate::engine::runs::ABSENT);
    let mut runs: Vec<(i64, u32)> = Vec::new();
    // The fingerprint of the window at the start of each kept run.
    let mut keys: Vec<u64> = Vec::new();
    let mut next_check = m;
    let mut first: Option<(i64, u64)> = None;
    let kept_runs = work.meter.budget().max_memory / BYTES_PER_RUN;
    let mut look: Option<(u64, u64)> = None;
    loop {
        let seg = engine.step();
        work.add(&seg)?;
        if let Some((done, covered)) = look
            && work.meter.done - done >= MEAN_EVERY
        {
            if ((work.covered - covered) as f64) < min_mean * MEAN_EVERY as f64
            {
                return Ok(Kept::GaveUp);
            }
            look = Some((work.meter.done, work.covered));
        }
        if !engine.at_run_start(&seg) {
            continue;
        }
        let n = seg.start;
        let print = key(window.start_run(n, seg.value));
        if look.is_none() && n >= 2 * m {
            // The mean lengths are those of segments past 2 max(S).
            look = Some((work.meter.done, work.covered));
        }
        // The window at the first run start past 2m, compared with every
        // later one (one comparison of keys a run start): most pre-periods
        // are below m, and then this finds the period at c0 + p, with
        // no overshoot at all.
        let from_first = match first {
            Some((c0, key0))
                if key0 == print && same_windows(&runs, c0, n, m) =>
            {
                Some((c0, n - c0))
            }
            Some(_) => None,
            None => {
                if n >= 2 * m {
                    first = Some((n, print));
                }
                None
            }
        };
        let found = match from_first {
            Some(hit) => Some(hit),
            None if n >= next_check => {
                // The scan reads each key once: effort for the deadline.
                work.meter.add_costly(0, keys.len() as u64 / 8)?;
                // Windows at run starts below m hold absent cells: never
                // equal to a later one.
                let same = |i: &usize| {
                    keys[*i] == print
                        && runs[*i].0 >= m
                        && same_windows(&runs, runs[*i].0, n, m)
                };
                let mut hits = (0..keys.len()).filter(same);
                let hit = hits.next().map(|first| {
                    let j = runs[first].0;
                    (j, hits.next().map_or(n, |i| runs[i].0) - j)
                });
                next_check = ((n as f64 * GROWTH) as i64).max(n + 1);
                hit
            }
            None => None,
        };
        if let Some((j, p)) = found {
            let l = last_mismatch(&runs, &runs, p, j - m);
            let found = RunPeriod {
                period: WindowPeriod {
                    preperiod: l as u64,
                    period: p as u64,
                    certificate_start: (j - m) as u64,
                    window: m as u64,
                    positions: work.covered,
                    max_value: engine.max_value(),
                },
                segments: work.meter.done,
            };
            return Ok(Kept::Found(found, runs));
        }
        if runs.len() as u64 >= kept_runs {
            return Ok(Kept::Outgrown);
        }
        runs.push((n, seg.value));
        keys.push(print);
    }
}

/// Each look for the last window happens once the position has grown by
/// this factor since the last one (as in `history.rs`).
const GROWTH: f64 = 1.3;

/// A window's fingerprint as one word (equal windows have equal keys;
/// unequal ones with equal keys are told apart on the kept runs).
fn key((first_len, first_value, hash, count): Fingerprint) -> u64 {
    let rest = (first_len as u64)
        .wrapping_mul(0x9e37_79b9_7f4a_7c15)
        .wrapping_add(u64::from(first_value) << 32 | count as u64)
        .wrapping_mul(0xbf58_476d_1ce4_e5b9);
    hash ^ rest ^ (rest >> 29)
}

/// Whether the windows [a - m, a) and [b - m, b) hold the same values,
/// `runs` holding every run (start, value) from position 0 up to b (a < b,
/// both at least m).
fn same_windows(runs: &[(i64, u32)], a: i64, b: i64, m: i64) -> bool {
    // The run holding position x.
    let at = |x: i64| runs.partition_point(|r| r.0 <= x) - 1;
    let end = |i: usize| runs.get(i + 1).map_or(b, |r| r.0);
    let (mut i, mut k) = (at(a - m), at(b - m));
    let mut offset = 0;
    while offset < m {
        if runs[i].1 != runs[k].1 {
            return false;
        }
        let step = (end(i) - (a - m + offset)).min(end(k) - (b - m + offset));
        offset += step;
        if a - m + offset >= end(i) {
            i += 1;
        }
        if b - m + offset >= end(k) {
            k += 1;
        }
    }
    true
}

/// The streaming detector, for searches whose runs outgrow
/// the budget's `max_memory`: a first checkpoint at the first run start past 2m whose
/// earlier runs are kept (the pre-period is read off them), Brent's
/// checkpoints beside it for long pre-periods, and two engines p apart for
/// the least pre-period. Up to about 4 l + 2 p + 2 m positions.
fn stream(
    moves: &[u64],
    rule: RunRule,
    work: &mut Work<'_>,
    min_mean: f64,
) -> Result<Option<RunPeriod>, Stopped> {
    let mut engine = RunEngine::new(moves, rule);
    let m = engine.window;
    let mut window = RunWindow::new(m, crate::engine::runs::ABSENT);
    // Phase 1: the runs before the first checkpoint c0 (the first run
    // start at or after 2m) are kept, and the state at c0 is compared with
    // the state at every later run start. The first hit, at c0 + p, gives
    // the least period; the pre-period (below c0 - m) is read off the kept
    // runs and the runs of the last c0 positions.
    let mut prefix: Vec<(i64, u32)> = Vec::new();
    let mut recent: VecDeque<(i64, u32)> = VecDeque::new();
    let mut first: Option<Saved> = None;
    // Phase 2, beside it from 4 c0 on: Brent's checkpoints at run counts
    // 1, 2, 4, ..., for long pre-periods.
    let mut saved: Option<Saved> = None;
    let mut run_index: u64 = 0;
    let mut next_checkpoint: u64 = 1;
    let mut state = Vec::new();
    let mut look = (work.meter.done, work.covered);
    let (period, preperiod, certificate_start) = loop {
        let seg = engine.step();
        work.add(&seg)?;
        if work.meter.done - look.0 >= MEAN_EVERY && first.is_some() {
            let covered = (work.covered - look.1) as f64;
            if covered < min_mean * MEAN_EVERY as f64 {
                return Ok(None);
            }
            look = (work.meter.done, work.covered);
        }
        if !engine.at_run_start(&seg) {
            continue;
        }
        let n = seg.start;
        let print = window.start_run(n, seg.value);
        let Some((c0, first_print, first_state)) = &first else {
            if n >= 2 * m {
                engine.state(n, &mut state);
                first = Some((n, print, state.clone()));
                // The mean lengths are those of segments past 2 max(S).
                look = (work.meter.done, work.covered);
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
        // Equal windows have equal fingerprints; only then are the states
        // built and compared.
        let same = |at: &Fingerprint,
                    full: &[(i64, u32)],
                    state: &mut Vec<(i64, u32)>| {
            if *at != print {
                return false;
            }
            engine.state(n, state);
            state == full
        };
        if same(first_print, first_state, &mut state) {
            let p = n - c0;
            let l =
                last_mismatch(&prefix, recent.make_contiguous(), p, c0 - m);
            break (p as u64, l as u64, (c0 - m) as u64);
        }
        if n < 4 * c0 {
            continue;
        }
        run_index += 1;
        if let Some((at, print_at, full)) = &saved
            && same(print_at, full, &mut state)
        {
            let p = (n - at) as u64;
            let (l, start) = least_preperiod(moves, rule, p, work)?;
            break (p, l, start);
        }
        if run_index == next_checkpoint {
            engine.state(n, &mut state);
            saved = Some((n, print, state.clone()));
            next_checkpoint *= 2;
        }
    };
    Ok(Some(RunPeriod {
        period: WindowPeriod {
            preperiod,
            period,
            certificate_start,
            window: m as u64,
            positions: work.covered,
            max_value: engine.max_value(),
        },
        segments: work.meter.done,
    }))
}

/// The end of the last stretch of k in [0, to) where x(k) != x(k + shift),
/// or 0: `a` holds the runs (start, value) of x from 0 on, `b` the runs of
/// x from at most `shift` on.
pub(crate) fn last_mismatch(
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

    /// The fingerprint of the window [n - m, n) from scratch.
    fn direct(runs: &[(i64, u32)], n: i64, m: i64) -> Fingerprint {
        let left = n - m;
        let first = runs.iter().rposition(|r| r.0 <= left).unwrap();
        let inside: Vec<(i64, u32)> =
            runs[first..].iter().copied().filter(|r| r.0 < n).collect();
        let end = |j: usize| inside.get(j + 1).map_or(n, |r| r.0);
        let (mut hash, mut power) = (0, 1);
        for (j, run) in inside.iter().enumerate().skip(1) {
            let t = token(end(j) - run.0, run.1);
            hash = (hash + mul(t, power)) % MODULUS;
            power = mul(power, BASE);
        }
        (end(0) - left, inside[0].1, hash, inside.len() - 1)
    }

    proptest! {
        #![proptest_config(ProptestConfig::with_cases(1000))]

        /// The fingerprint kept up to date run by run equals the one
        /// computed from scratch, at every run start.
        #[test]
        fn fingerprints_follow_the_window(
            lengths in prop::collection::vec((1i64..9, 0u32..3), 1..60),
            m in 1i64..30,
        ) {
            let mut window = RunWindow::new(m, u32::MAX);
            let mut runs = vec![(-m, u32::MAX)];
            let mut n = 0;
            for (len, value) in lengths {
                // Neighbouring runs differ in value.
                let value = if runs.last().unwrap().1 == value { value + 3 } else { value };
                let print = window.start_run(n, value);
                prop_assert_eq!(print, direct(&runs, n, m), "n = {}", n);
                runs.push((n, value));
                n += len;
            }
        }

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
