//! The run-length engine: for sets whose sequences are made of long runs.
//!
//! Sets such as {a, 2a+1, 3a+1} have Grundy sequences made of constant runs
//! of length up to min(S), with periods that grow like a^2 (a = 5000 gives
//! 100,015,000). Position by position that is 10^8 steps; run by run it is
//! a few hundred thousand.
//!
//! The value at n only depends on the values at n - s, so it can only change
//! where some n - s crosses a run boundary, or where n - min(S) enters the
//! run being built (which would put that run's own value among the
//! options). So from position n the engine reads the run that holds each
//! n - s, takes the mex (or the outcome rule) once, and jumps to the next
//! such event: O(|S|) work per emitted segment, O(runs in the window)
//! memory.
//!
//! Periods: the state at a run start n is the window W(n) (the values at
//! n - m .. n - 1) written as clipped runs; it is small, it determines the
//! rest of the sequence, and equal states prove a period exactly as equal
//! windows do (DOMAIN.md 2.1). Brent's cycle detection over the states at
//! run starts gives the least period; two engines p apart then give the
//! least pre-period, stopping after m consecutive matching positions (the
//! certificate). Reference for cycle detection: R. P. Brent, BIT 20 (1980).

use std::collections::VecDeque;

use crate::period::{Limit, Meter, NotFound, Period};

/// The value of positions before 0.
const ABSENT: u32 = u32::MAX;

/// Which sequence the engine produces.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum RunRule {
    /// Grundy values (mex of the options).
    Grundy,
    /// Normal-play outcomes: 0 = P (no option is P), 1 = N.
    Normal,
    /// Misère outcomes: 0 = P (some option, none P), 1 = N.
    Misere,
}

/// A run of equal values: positions `start .. start + len`.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Run {
    /// The first position.
    pub start: i64,
    /// How many positions.
    pub len: u64,
    /// The value (see [`RunRule`]).
    pub value: u32,
}

/// Generates a sequence of a finite subtraction game run by run.
#[derive(Clone, Debug)]
pub struct RunEngine {
    moves: Vec<i64>,
    window: i64,
    rule: RunRule,
    /// Maximal runs, oldest first, as parallel arrays (start, value); the
    /// last one is still growing. Runs before `head` ended at or before
    /// the window and are dead; they are compacted away now and then.
    starts: Vec<i64>,
    values: Vec<u32>,
    head: usize,
    /// For each move s, the index of the run holding `position - s`.
    cursor: Vec<usize>,
    /// Scratch bitset for the mex when |S| >= 64 (values up to |S|).
    wide_seen: Vec<u64>,
    position: i64,
    max_value: u32,
}

/// Compaction happens when this many dead runs have piled up.
const COMPACT_AFTER: usize = 1 << 12;

impl RunEngine {
    /// An engine for the sorted, non-empty move sizes `moves`.
    pub fn new(moves: &[u64], rule: RunRule) -> RunEngine {
        let moves: Vec<i64> = moves.iter().map(|&s| s as i64).collect();
        let window = *moves.last().expect("non-empty set");
        RunEngine {
            cursor: vec![0; moves.len()],
            wide_seen: if moves.len() >= 64 {
                vec![0; moves.len() / 64 + 1]
            } else {
                Vec::new()
            },
            moves,
            window,
            rule,
            starts: vec![-window],
            values: vec![ABSENT],
            head: 0,
            position: 0,
            max_value: 0,
        }
    }

    /// m = max(S).
    pub fn window(&self) -> u64 {
        self.window as u64
    }

    /// The next position to compute.
    pub fn position(&self) -> u64 {
        self.position as u64
    }

    /// The largest value produced so far.
    pub fn max_value(&self) -> u64 {
        u64::from(self.max_value)
    }

    /// Computes the next segment of equal values (not necessarily a whole
    /// run) and returns it.
    pub fn step(&mut self) -> Run {
        let n = self.position;
        let mut len = self.moves[0];
        // Values never exceed |S|, so below 64 elements one word holds
        // every value seen; otherwise `wide_seen` does.
        let mut seen: u64 = 0;
        let wide = !self.wide_seen.is_empty();
        self.wide_seen.iter_mut().for_each(|w| *w = 0);
        let mut any_p = false;
        let mut any_option = false;
        let starts = &self.starts[..];
        let last = starts.len() - 1;
        for (cursor, &s) in self.cursor.iter_mut().zip(&self.moves) {
            let x = n - s;
            let mut i = *cursor;
            while i < last && starts[i + 1] <= x {
                i += 1;
            }
            *cursor = i;
            let end = if i < last { starts[i + 1] } else { n };
            len = len.min(end - x);
            let v = self.values[i];
            if v != ABSENT {
                any_option = true;
                any_p |= v == 0;
                if wide {
                    self.wide_seen[v as usize / 64] |= 1 << (v % 64);
                } else {
                    seen |= 1 << v;
                }
            }
        }
        let value = match self.rule {
            RunRule::Grundy if wide => {
                let word = self.wide_seen.iter().position(|&w| w != !0);
                let word = word.expect("|S| + 1 bits hold a free value");
                word as u32 * 64 + (!self.wide_seen[word]).trailing_zeros()
            }
            RunRule::Grundy => (!seen).trailing_zeros(),
            RunRule::Normal => u32::from(any_p),
            RunRule::Misere => u32::from(any_p || !any_option),
        };
        if self.values[last] != value {
            self.starts.push(n);
            self.values.push(value);
        }
        self.position = n + len;
        self.max_value = self.max_value.max(value);
        // Runs that end at or before n - window are dead: the window
        // before this segment's start (see `state`) must stay whole.
        let oldest = n - self.window;
        while self.head + 1 < self.starts.len()
            && self.starts[self.head + 1] <= oldest
        {
            self.head += 1;
        }
        if self.head >= COMPACT_AFTER {
            self.compact();
        }
        Run { start: n, len: len as u64, value }
    }

    fn compact(&mut self) {
        let dead = self.head.min(self.cursor.iter().copied().min().unwrap());
        self.starts.drain(..dead);
        self.values.drain(..dead);
        self.cursor.iter_mut().for_each(|c| *c -= dead);
        self.head -= dead;
    }

    /// Whether the last step began a new maximal run.
    fn at_run_start(&self, segment: &Run) -> bool {
        self.starts.last() == Some(&segment.start)
    }

    /// The window before `at` (a run start just emitted) as clipped runs:
    /// (offset from the window's start, value). Equal states mean equal
    /// windows.
    fn state(&self, at: i64, out: &mut Vec<(i64, u32)>) {
        out.clear();
        let from = at - self.window;
        let live =
            self.starts[self.head..].iter().zip(&self.values[self.head..]);
        for (&start, &value) in live {
            if start >= at {
                break;
            }
            out.push(((start - from).max(0), value));
        }
        // The first live run may start before `from`; it is clipped to
        // offset 0. Keep only the last run at offset 0.
        let zeros = out.iter().take_while(|r| r.0 == 0).count();
        if zeros > 1 {
            out.drain(..zeros - 1);
        }
    }
}

/// What the run-length detector found.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct RunPeriod {
    /// The least pre-period and period, the certificate, and in
    /// `positions` the positions whose values were determined (covered by
    /// segments), all phases together.
    pub period: Period,
    /// Segments processed, all phases together: the engine's real work,
    /// and what the budget's `max_positions` counts for this engine.
    pub segments: u64,
}

/// Counts segments against the budget and the positions they cover.
struct Work<'a> {
    meter: Meter<'a>,
    covered: u64,
}

impl Work<'_> {
    fn add(&mut self, segment: &Run) -> Result<(), NotFound> {
        self.covered += segment.len;
        self.meter.add(1)
    }
}

/// Finds the least pre-period and period with the run-length engine.
///
/// The budget's `max_positions` counts segments here (each costs O(|S|)),
/// not positions: a run-length search covers far more positions than a
/// position engine could generate in the same time.
pub fn detect(
    moves: &[u64],
    rule: RunRule,
    limit: &Limit,
    progress: &mut dyn FnMut(u64),
) -> Result<RunPeriod, NotFound> {
    // A segment costs about as much as a thousand positions of the block
    // engine, so the limits are checked every 4096 segments.
    let meter = Meter::every(limit, progress, 1 << 12);
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
        period: Period {
            preperiod,
            period,
            certificate_start,
            window: m as u64,
            positions: work.covered,
            max_value: engine.max_value(),
        },
        segments: work.meter.positions,
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
) -> Result<(u64, u64), NotFound> {
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
    use crate::engine::naive;
    use crate::set::{FiniteSet, SubtractionSet};
    use proptest::prelude::*;

    fn expand(moves: &[u64], rule: RunRule, count: usize) -> Vec<u64> {
        let mut engine = RunEngine::new(moves, rule);
        let mut out = Vec::with_capacity(count);
        while out.len() < count {
            let seg = engine.step();
            out.extend(std::iter::repeat_n(
                u64::from(seg.value),
                seg.len as usize,
            ));
        }
        out.truncate(count);
        out
    }

    fn set(moves: &[u64]) -> SubtractionSet {
        FiniteSet::new(moves.iter().copied()).unwrap().into()
    }

    #[test]
    fn stretched_family_matches_naive() {
        for a in [3u64, 10, 40] {
            let moves = [a, 2 * a + 1, 3 * a + 1];
            let n = 20 * a as usize * a as usize;
            assert_eq!(
                expand(&moves, RunRule::Grundy, n),
                naive::grundy_values(&set(&moves), n),
                "a = {a}"
            );
        }
    }

    #[test]
    fn large_sets_match_naive() {
        // |S| = 70 and 150: values above 63 and above 127.
        for k in [70u64, 150] {
            let moves: Vec<u64> = (1..=k).collect();
            let n = 5 * k as usize;
            assert_eq!(
                expand(&moves, RunRule::Grundy, n),
                naive::grundy_values(&set(&moves), n),
                "k = {k}"
            );
            let odd: Vec<u64> = (0..k).map(|i| 2 * i + 1).collect();
            assert_eq!(
                expand(&odd, RunRule::Grundy, n),
                naive::grundy_values(&set(&odd), n),
                "odd, k = {k}"
            );
        }
    }

    proptest! {
        #![proptest_config(ProptestConfig::with_cases(1000))]

        #[test]
        fn values_match_naive(v in prop::collection::btree_set(1u64..50, 1..7)) {
            let moves: Vec<u64> = v.into_iter().collect();
            let s = set(&moves);
            prop_assert_eq!(expand(&moves, RunRule::Grundy, 500), naive::grundy_values(&s, 500));
            for (rule, misere) in [(RunRule::Normal, false), (RunRule::Misere, true)] {
                let want: Vec<u64> = naive::outcomes(&s, 500, misere).into_iter().map(|p| u64::from(!p)).collect();
                prop_assert_eq!(expand(&moves, rule, 500), want);
            }
        }

        #[test]
        fn periods_match_block_engine(v in prop::collection::btree_set(1u64..40, 1..6)) {
            let moves: Vec<u64> = v.into_iter().collect();
            let finite = FiniteSet::new(moves.iter().copied()).unwrap();
            let limit = Limit { max_positions: 10_000_000, ..Limit::default() };
            let want = crate::find_period(&finite, crate::Sequence::Grundy, &limit, &mut |_| {}).unwrap();
            let got = detect(&moves, RunRule::Grundy, &limit, &mut |_| {}).unwrap().period;
            prop_assert_eq!((got.preperiod, got.period, got.max_value), (want.preperiod, want.period, want.max_value));
            for (rule, play) in [(RunRule::Normal, crate::Play::Normal), (RunRule::Misere, crate::Play::Misere)] {
                let want = crate::find_period(&finite, crate::Sequence::Outcome(play), &limit, &mut |_| {}).unwrap();
                let got = detect(&moves, rule, &limit, &mut |_| {}).unwrap().period;
                prop_assert_eq!((got.preperiod, got.period), (want.preperiod, want.period), "{:?}", rule);
            }
        }
    }
}
