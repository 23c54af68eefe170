//! Two threads for one game: heap n + 1 needs g(n), but only the first two
//! steps of heap n (see the engine's module docs) decide it in practice.
//!
//! Step 3 of a heap scans splits for the wanted values below the candidate
//! c; g(n) = c unless one of them never turns up, and then g(n) is a new
//! rare value. Once a game's rare values have stopped appearing (Officers,
//! 0.6, has had its last one at heap 20627 in every computation published,
//! A. Flammenkamp, Sprague-Grundy values of octal games), that never
//! happens, and step 3 is about half of each heap's work. So the engine
//! runs speculatively: this thread takes g(n) = c after steps 1 and 2 and
//! goes on with the next heaps, one round of heaps at a time, while a
//! helper thread runs step 3 on the round before. When the helper finds a
//! heap whose candidate falls, every guess from that heap on is dropped,
//! the heap gets its true value, and the engine goes on one heap at a time
//! from there, as without the pipeline. The values, the checksum, the rare
//! list and the work counted are those of the one-thread engine, heap by
//! heap, which the tests check (also with rounds of a few heaps, so guesses
//! fall often).
//!
//! The pipeline runs only while every value is below the bit table's
//! limit of `scan.rs` and the game has a real rare/common split (other
//! games have no step 3 to move, or a scan that is not worth it), and never
//! across the heap where the split is reviewed. Each round's values are
//! written beyond those the helper reads, into memory reserved before the
//! round: the one `unsafe` part, argued where it is and run under Miri
//! (`tests::miri_small_pipeline`). Safe alternatives do not fit the hot
//! loops as they are: the SIMD scans read the values as `&[u16]`, which
//! atomics cannot give (viewing a `&mut [u16]` as atomics is unstable),
//! and a view split in two (final values, this round's guesses) would
//! make every read pick a side.

use std::ops::Range;
use std::sync::atomic::{AtomicUsize, Ordering};
use std::thread;

use super::Work;
use super::heap::{self, Sparse};
use super::plan::Plan;
use super::sparse::SparseEngine;

/// The most heaps in a round.
const MAX_ROUND: usize = 8192;

/// One round of guesses: heaps `start..end` after steps 1 and 2.
struct Round {
    start: usize,
    end: usize,
    /// The work of steps 1 and 2, heap by heap.
    work: Vec<Work>,
    /// The heaps whose value waits for step 3, in order.
    deferred: Vec<Deferred>,
    /// Their wanted values, each heap's a range of this.
    wanted: Vec<u16>,
}

/// A heap whose candidate step 3 has to confirm.
struct Deferred {
    n: usize,
    candidate: usize,
    wanted: Range<usize>,
}

/// What step 3 found for some deferred heaps of a round: the pairs each
/// scanned, up to the first heap whose candidate fell (and its value).
#[derive(Default)]
struct Checked {
    scanned: Vec<u64>,
    fell: Option<(usize, usize)>,
}

/// Step 3 for the deferred heaps `which` of `round`; `g` holds at least
/// every value below the last of them.
fn check(
    g: &[u16],
    plan: &Plan,
    round: &Round,
    which: Range<usize>,
) -> Checked {
    let mut checked = Checked::default();
    for d in &round.deferred[which] {
        let wanted = &round.wanted[d.wanted.clone()];
        let (value, scanned) = heap::verify(g, d.n, plan, wanted, d.candidate);
        checked.scanned.push(scanned);
        if value != d.candidate {
            checked.fell = Some((d.n, value));
            break;
        }
    }
    checked
}

/// Deferred heaps a thread takes at a time from a round to check.
const UNIT: usize = 32;

/// Step 3 for units of [`UNIT`] deferred heaps of `round`, taking the
/// next unit from `claims` until none is left; both threads share the
/// counter, so whichever is free takes the next unit.
/// A unit whose heap fell publishes the heap in `fell` (the least
/// so far); no unit after it is taken then, since its heaps are dropped.
fn check_units(
    g: &[u16],
    plan: &Plan,
    round: &Round,
    claims: &AtomicUsize,
    fell: &AtomicUsize,
) -> Vec<(usize, Checked)> {
    let mut units = Vec::new();
    loop {
        let unit = claims.fetch_add(1, Ordering::Relaxed);
        let from = unit.saturating_mul(UNIT);
        if from >= round.deferred.len()
            || round.deferred[from].n > fell.load(Ordering::Relaxed)
        {
            return units;
        }
        let to = (from + UNIT).min(round.deferred.len());
        let checked = check(g, plan, round, from..to);
        if let Some((n, _)) = checked.fell {
            fell.fetch_min(n, Ordering::Relaxed);
        }
        units.push((unit, checked));
    }
}

/// The units' findings in order of the heaps, up to the first heap whose
/// candidate fell (every unit before it was checked whole).
fn merge(mut units: Vec<(usize, Checked)>) -> Checked {
    units.sort_unstable_by_key(|&(unit, _)| unit);
    let mut all = Checked::default();
    for (_, checked) in units {
        all.scanned.extend(checked.scanned);
        if checked.fell.is_some() {
            all.fell = checked.fell;
            break;
        }
    }
    all
}

/// Steps 1 and 2 for heaps `from..to`, each guess stored at `base + n`
/// for the next; stops before a heap whose candidate is `sparse.top` (the
/// engine must grow its tables for it), and as soon as a heap of the
/// round before has fallen (`fell`: every guess here is then dropped).
///
/// # Safety
///
/// `base` points to at least `to` initialised values, 0..from hold the
/// game's values or the guesses of the round before (which the helper is
/// checking), and for the whole call nothing else writes `from..to` or
/// holds a reference to it (the helper reads only below `from`).
#[allow(unsafe_code)]
unsafe fn guess_round(
    base: *mut u16,
    from: usize,
    to: usize,
    sparse: &Sparse,
    scratch: &mut heap::Scratch,
    fell: &AtomicUsize,
) -> Round {
    let mut round = Round {
        start: from,
        end: from,
        work: Vec::with_capacity(to - from),
        deferred: Vec::new(),
        wanted: Vec::new(),
    };
    for n in from..to {
        if fell.load(Ordering::Relaxed) != usize::MAX {
            break;
        }
        // SAFETY: 0..n is initialised and nobody writes it now (the
        // caller's promise for 0..from, this loop's own stores above).
        let g = unsafe { std::slice::from_raw_parts(base, n) };
        let mut work = Work::default();
        let (value, wanted) = heap::guess(g, sparse, scratch, &mut work);
        if value >= sparse.top {
            break;
        }
        if !wanted.is_empty() {
            let at = round.wanted.len();
            round.wanted.extend_from_slice(wanted);
            round.deferred.push(Deferred {
                n,
                candidate: value,
                wanted: at..round.wanted.len(),
            });
        }
        round.work.push(work);
        // SAFETY: n < to is in bounds, and `g` (the only reference this
        // thread made to the values) ends above; the helper reads only
        // below `from`.
        unsafe { base.add(n).write(value as u16) };
        round.end = n + 1;
    }
    round
}

impl SparseEngine {
    /// Whether the heaps from here can go through the pipeline.
    pub(super) fn pipeline_applies(&self) -> bool {
        self.threads > 1
            && self.dense.is_none()
            && !self.mask.is_none()
            && self.top > 64
            && self.top <= self.scratch.table_top
            // Every value it takes is below `top`, so it never needs
            // the width check of the one-heap step.
            && self.top <= self.value_limit
    }

    /// Computes heaps up to `end` (at most the next review) with two
    /// threads, as far as it can: it hands back to the one-heap step at a
    /// heap whose guess fell (computing that heap), at a value that needs
    /// larger tables, or at the heap where the splits counted pass
    /// `work_limit` (then it returns true, like the one-heap loop).
    pub(super) fn advance_pipelined(
        &mut self,
        end: usize,
        work_limit: u64,
    ) -> bool {
        let start = self.values.len();
        if (start as u64) < self.pipeline_from {
            return false;
        }
        if !self.pipeline_applies() {
            // The one-heap loop asks again a while later (the values may
            // outgrow 64 or the table by then), or after the next review
            // of the split.
            self.pipeline_from =
                ((start + 16 * self.min_round) as u64).min(self.next_review);
            return false;
        }
        // Worth it for four rounds or more.
        if end < start + 4 * self.min_round {
            return false;
        }
        // Rounds double from the smallest (this thread guesses the first
        // alone) up to an eighth of the heaps (both threads check the last).
        let round_len = ((end - start) / 8).clamp(self.min_round, MAX_ROUND);
        let mut this_round = self.min_round;
        self.values.resize(end, 0);
        let mut next = start;
        let mut pending: Option<Round> = None;
        let mut guesses_end = false;
        let mut passed = false;
        let mut verified = start;
        loop {
            if pending.is_none() && (next >= end || guesses_end) {
                break;
            }
            let guess_to =
                if guesses_end { next } else { (next + this_round).min(end) };
            this_round = (this_round * 2).min(round_len);
            let base = self.values.as_mut_ptr();
            let plan = &self.plan;
            let sparse = Sparse {
                plan,
                mask: self.mask,
                rare_pos: &self.rare_pos,
                rare_val: &self.rare_val,
                top: self.top,
            };
            let scratch = &mut self.scratch;
            let claims = &AtomicUsize::new(0);
            let fell = &AtomicUsize::new(usize::MAX);
            let (guessed, checked) = thread::scope(|s| {
                #[allow(unsafe_code)]
                // SAFETY: values 0..round.end are initialised and final
                // for this scope: this thread writes only next..guess_to,
                // at or above round.end, and only before it checks.
                let checking = pending.as_ref().map(|round| {
                    let g = unsafe {
                        std::slice::from_raw_parts(
                            base.cast_const(),
                            round.end,
                        )
                    };
                    (round, g)
                });
                // The helper checks the round guessed before, a unit at a
                // time; this thread guesses the next round, then helps.
                let helper = checking.map(|(round, g)| {
                    s.spawn(move || check_units(g, plan, round, claims, fell))
                });
                let guessed = (guess_to > next).then(|| {
                    #[allow(unsafe_code)]
                    // SAFETY: the values are resized to `end` >= guess_to,
                    // 0..next hold the game's values (verified or guessed
                    // before), and the helper reads only below
                    // round.end <= next.
                    unsafe {
                        guess_round(
                            base, next, guess_to, &sparse, scratch, fell,
                        )
                    }
                });
                let mut units = checking
                    .map_or_else(Vec::new, |(round, g)| {
                        check_units(g, plan, round, claims, fell)
                    });
                if let Some(helper) = helper {
                    units.extend(
                        helper.join().expect("the step-3 helper panicked"),
                    );
                }
                (guessed, merge(units))
            });
            if let Some(round) = pending.take() {
                let (done, stop) = self.settle(&round, &checked, work_limit);
                verified = done;
                if stop {
                    passed = true;
                }
                if stop {
                    self.piped.work_stops += 1;
                }
                if let Some((fell, _)) = checked.fell {
                    // Not again right away: a game still finding rare
                    // values would make the next guesses fall too.
                    self.pipeline_from = (fell + 16 * self.min_round) as u64;
                    self.piped.falls += 1;
                }
                if stop || checked.fell.is_some() {
                    break;
                }
            }
            if let Some(round) = guessed {
                guesses_end = round.end < guess_to;
                if guesses_end {
                    self.piped.top_stops += 1;
                }
                next = round.end;
                if round.end > round.start {
                    pending = Some(round);
                }
            }
        }
        if verified < end {
            // Guesses past `verified` were dropped (or never made); the
            // marks made ahead for the next heaps may rest on them (the
            // last batch heap may lie in the round guessed beside).
            self.scratch.forget_ahead();
        }
        self.values.truncate(verified);
        passed
    }

    /// Takes a checked round's heaps into the engine in order (work,
    /// checksum, frequencies, rare list), the fallen heap with its true
    /// value; returns the heaps now final (the next heap) and whether the
    /// work limit was passed at the last of them.
    fn settle(
        &mut self,
        round: &Round,
        checked: &Checked,
        work_limit: u64,
    ) -> (usize, bool) {
        let last = checked.fell.map_or(round.end, |(n, _)| n + 1);
        let mut deferred =
            round.deferred.iter().zip(&checked.scanned).peekable();
        for n in round.start..last {
            let mut work = round.work[n - round.start];
            if let Some(&(d, &scanned)) = deferred.peek()
                && d.n == n
            {
                work.scanned_pairs += scanned;
                deferred.next();
            }
            if let Some((fell, value)) = checked.fell
                && fell == n
            {
                self.values[n] = value as u16;
            }
            self.work.rare_pairs += work.rare_pairs;
            self.work.scanned_pairs += work.scanned_pairs;
            self.work.three_heap_splits += work.three_heap_splits;
            self.account(n as u64, self.values[n]);
            self.piped.heaps += 1;
            if self.work.total() > work_limit {
                return (n + 1, true);
            }
        }
        (last, false)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::code::OctalGame;
    use crate::engine::naive::grundy_values;
    use crate::engine::octal::Mask;
    use crate::engine::octal::sparse::MaskChoice;
    use crate::engine::octal::sparse::tests::{any_game, any_mask, game};
    use proptest::prelude::*;

    /// An engine with `threads` threads, rounds of `round` heaps, and the
    /// wide build with bit-table scans from the first heap (the pipeline
    /// otherwise starts once a value reaches 64).
    fn engine(
        g: &OctalGame,
        choice: MaskChoice,
        threads: usize,
        round: usize,
    ) -> SparseEngine {
        let mut engine = SparseEngine::with_mask_choice(g, choice).unwrap();
        engine.set_threads(threads);
        engine.min_round = round;
        engine.top = 1024;
        engine
    }

    /// Everything the engine keeps equals between the two.
    fn assert_same(one: &SparseEngine, two: &SparseEngine) {
        assert_eq!(one.values(), two.values());
        assert_eq!(one.work(), two.work());
        assert_eq!(one.checkpoint(), two.checkpoint());
        assert_eq!(one.survey(), two.survey());
    }

    fn valid(g: &OctalGame, choice: MaskChoice) -> MaskChoice {
        match choice {
            MaskChoice::Fixed(m)
                if m.domain && !SparseEngine::domain_split_allowed(g) =>
            {
                MaskChoice::Fixed(Mask { domain: false, ..m })
            }
            c => c,
        }
    }

    proptest! {
        #![proptest_config(ProptestConfig::with_cases(200))]

        /// With rounds of a few heaps guesses fall often (every new rare
        /// value); the values, the work counted and the rare list still
        /// equal the one-thread engine's and the definition's.
        #[test]
        fn two_threads_equal_one(
            g in any_game(),
            choice in any_mask(),
            round in 1usize..40,
            cuts in prop::collection::vec(1u64..400, 1..4),
        ) {
            let choice = valid(&g, choice);
            let n = if g.max_parts() == 3 { 150 } else { 900 };
            let mut one = engine(&g, choice, 1, round);
            one.advance(n).unwrap();
            let mut two = engine(&g, choice, 2, round);
            let mut done = 0;
            for cut in cuts.into_iter().chain([n]) {
                let cut = cut.min(n - done);
                two.advance(cut).unwrap();
                done += cut;
            }
            assert_same(&one, &two);
            let values: Vec<u64> =
                two.values().iter().map(|&v| u64::from(v)).collect();
            prop_assert_eq!(values, grundy_values(&g, n as usize));
        }

        /// A split budget stops both at the same heap with the same count.
        #[test]
        fn work_limit_stops_at_the_same_heap(
            g in any_game(),
            limit in 1000u64..200_000,
            round in 1usize..40,
        ) {
            let n = if g.max_parts() == 3 { 150 } else { 900 };
            let mut one = engine(&g, MaskChoice::Auto, 1, round);
            one.advance_within(n, limit).unwrap();
            let mut two = engine(&g, MaskChoice::Auto, 2, round);
            two.advance_within(n, limit).unwrap();
            assert_same(&one, &two);
        }
    }

    /// Officers and Grundy's game with the engine's own settings, far
    /// enough for the pipeline to run in full rounds (and for Officers to
    /// find rare values while it runs: its last is at 20627).
    #[test]
    fn long_runs_equal_one_thread() {
        for code in ["0.6", "grundy"] {
            let g = game(code);
            let mut one = SparseEngine::new(&g);
            one.set_threads(1);
            one.advance(60_000).unwrap();
            let mut two = SparseEngine::new(&g);
            two.set_threads(2);
            for count in [3000, 40_000, 17_000] {
                two.advance(count).unwrap();
            }
            assert_same(&one, &two);
            let piped = two.piped;
            assert!(piped.heaps > 20_000, "{code}: {piped:?}");
        }
    }

    /// A split budget that runs out while the pipeline runs (Officers
    /// past its last rare value, at 20627) stops at the same heap as one
    /// thread, and both go on alike after it.
    #[test]
    fn work_limit_stops_inside_the_pipeline() {
        let g = game("0.6");
        let mut probe = SparseEngine::new(&g);
        probe.set_threads(1);
        probe.advance(30_000).unwrap();
        let limit = probe.work().total();
        let run = |threads| {
            let mut engine = SparseEngine::new(&g);
            engine.set_threads(threads);
            engine.advance_within(50_000, limit).unwrap();
            let stopped = engine.len();
            engine.advance_within(3_000, u64::MAX).unwrap();
            (engine, stopped)
        };
        let (one, one_stopped) = run(1);
        let (two, two_stopped) = run(2);
        // Heap 30000 is the first whose splits pass the limit.
        assert_eq!((one_stopped, two_stopped), (30_001, 30_001));
        // The stop came from the pipeline, not the one-heap loop.
        assert_eq!(two.piped.work_stops, 1, "{:?}", two.piped);
        assert_eq!(one.piped.heaps, 0);
        assert_same(&one, &two);
    }

    /// A value that reaches the tables' size ends a round; the engine
    /// grows them and goes on: Officers from a size of 128, which its
    /// values reach at heap 4178 and pass (256) at 10344.
    #[test]
    fn values_outgrow_the_tables_in_a_round() {
        let g = game("0.6");
        let run = |threads| {
            let mut engine = engine(&g, MaskChoice::Auto, threads, 8);
            engine.top = 128;
            engine.advance(12_000).unwrap();
            engine
        };
        let (one, two) = (run(1), run(2));
        assert!(two.piped.top_stops > 0, "{:?}", two.piped);
        assert_eq!(two.top, 512);
        assert_same(&one, &two);
    }

    /// The pipeline's `unsafe` (the raw pointer shared by the two
    /// threads) small enough for Miri, which CI runs as `cargo +nightly
    /// miri test -p grundy --lib -- engine::octal::pipeline::tests::miri`:
    /// 0.16 to heap 250 with a mask forced (rare values have an even
    /// number of ones above the lowest bit: 23 rare positions), so that
    /// the pipeline runs from the first heaps, in rounds of 4 heaps on two
    /// threads, guesses falling at the early rare values (99 heaps go
    /// through it, 3 guesses fall). The values, the work counted and the
    /// rare list equal one thread's.
    #[test]
    fn miri_small_pipeline() {
        let g = game("0.16");
        let choice = MaskChoice::Fixed(Mask { bits: 0xFFFE, domain: false });
        let mut one = engine(&g, choice, 1, 4);
        one.advance(250).unwrap();
        let mut two = engine(&g, choice, 2, 4);
        two.advance(250).unwrap();
        assert!(two.piped.heaps > 50, "{:?}", two.piped);
        assert!(two.piped.falls > 0, "{:?}", two.piped);
        assert_same(&one, &two);
    }

    /// The pipeline ran, and guesses fell and were taken back: Officers
    /// from heap 0 in rounds of 4 heaps.
    #[test]
    fn guesses_fall_and_are_replaced() {
        let g = game("0.6");
        let mut one = engine(&g, MaskChoice::Auto, 1, 4);
        one.advance(5000).unwrap();
        let mut two = engine(&g, MaskChoice::Auto, 2, 4);
        two.advance(5000).unwrap();
        assert!(two.piped.falls > 0, "no guess fell");
        assert_same(&one, &two);
    }
}
