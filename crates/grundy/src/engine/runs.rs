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
//! The state at a run start n is the window W(n) (the values at
//! n - m .. n - 1) written as clipped runs ([`RunEngine::state`]); equal
//! states prove a period exactly as equal windows do, which the detector
//! in `period/runs.rs` uses.

/// The value of positions before 0.
pub(crate) const ABSENT: u32 = u32::MAX;

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
    pub(crate) window: i64,
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

/// Compaction waits for at least this many dead runs.
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
    #[cfg_attr(not(feature = "bench"), allow(dead_code))]
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
        // Amortised O(1): the dead prefix is dropped only once it is at
        // least as long as the live runs moved down with it (a window of
        // millions of short runs made a fixed threshold quadratic).
        if self.head >= COMPACT_AFTER && 2 * self.head >= self.starts.len() {
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
    pub(crate) fn at_run_start(&self, segment: &Run) -> bool {
        self.starts.last() == Some(&segment.start)
    }

    /// The window before `at` (a run start just emitted) as clipped runs:
    /// (offset from the window's start, value). Equal states mean equal
    /// windows.
    pub(crate) fn state(&self, at: i64, out: &mut Vec<(i64, u32)>) {
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

#[cfg(test)]
mod tests {
    use super::*;
    use crate::engine::naive;
    use crate::play::Play;
    use crate::set::FiniteSet;
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

    fn set(moves: &[u64]) -> FiniteSet {
        FiniteSet::new(moves.iter().copied()).unwrap()
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
            for (rule, play) in [(RunRule::Normal, Play::Normal), (RunRule::Misere, Play::Misere)] {
                let want: Vec<u64> = naive::outcomes(&s, 500, play).into_iter().map(|p| u64::from(!p)).collect();
                prop_assert_eq!(expand(&moves, rule, 500), want);
            }
        }
    }
}
