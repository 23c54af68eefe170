//! The sliding-window engine: finite sets made of a few long intervals.
//!
//! Intervals (Bachet's game {1, ..., k}), unions of a few intervals and
//! other sets whose elements come in long runs of consecutive numbers cost
//! O(|S|) a position in the word engines (`block.rs`, `wide.rs`): each
//! position reads every option. Here S is kept as its maximal intervals
//! [lo, hi]; the options of n that one interval gives are the positions
//! n - hi .. n - lo, a window that slides by one position per position: one
//! cell enters (n - lo), one leaves (n - hi - 1). Counts of the values in
//! all windows are kept as cells enter and leave, and the position's cell
//! follows from the counts: the least value with count 0 for Grundy values
//! (`mex_counts.rs`), "no P option" (normal play) or "some option and no
//! P option" (misère) for outcomes. A position costs O(number of
//! intervals), whatever their lengths: `period 1-100000` examines its
//! positions about 10^4 times faster than reading every option.

use super::cells::Cells;
use super::mex_counts::MexCounts;
use super::source::Source;
use crate::play::Play;

/// The cell of a position before 0.
const ABSENT: u32 = u32::MAX;

/// What a position's cell is, from the counts of its options' cells.
pub trait Tally: Clone + std::fmt::Debug + Send {
    /// No option counted, for a set with `moves` elements.
    fn new(moves: usize) -> Self;
    /// One more option holds `cell`.
    fn add(&mut self, cell: u32);
    /// One option fewer holds `cell`.
    fn remove(&mut self, cell: u32);
    /// The cell of a position whose options are those counted.
    fn finish(&self) -> u32;
}

/// Grundy values: the mex of the options' values.
#[derive(Clone, Debug)]
pub struct GrundyTally(MexCounts);

impl Tally for GrundyTally {
    fn new(moves: usize) -> Self {
        // Values are at most |S|: a position has at most |S| options.
        GrundyTally(MexCounts::new(moves + 1))
    }
    #[inline]
    fn add(&mut self, cell: u32) {
        self.0.add(cell);
    }
    #[inline]
    fn remove(&mut self, cell: u32) {
        self.0.remove(cell);
    }
    #[inline]
    fn finish(&self) -> u32 {
        self.0.mex() as u32
    }
}

/// Outcomes: cell 0 for a P-position, 1 for an N-position (as
/// [`Source::value`] reads every outcome source), counted per cell.
#[derive(Clone, Debug)]
pub struct OutcomeTally {
    misere: bool,
    /// How many options are P (`[0]`) and N (`[1]`).
    counts: [u32; 2],
}

impl OutcomeTally {
    /// A tally under `play`.
    pub fn for_play(play: Play, moves: usize) -> Self {
        let mut tally = <OutcomeTally as Tally>::new(moves);
        tally.misere = play == Play::Misere;
        tally
    }
}

impl Tally for OutcomeTally {
    fn new(_moves: usize) -> Self {
        OutcomeTally { misere: false, counts: [0; 2] }
    }
    #[inline]
    fn add(&mut self, cell: u32) {
        self.counts[cell as usize] += 1;
    }
    #[inline]
    fn remove(&mut self, cell: u32) {
        self.counts[cell as usize] -= 1;
    }
    #[inline]
    fn finish(&self) -> u32 {
        // Normal play: P iff no option is P. Misère: P iff some option
        // exists and none is P (a position with no move is won by the
        // player who cannot move).
        let no_p = self.counts[0] == 0;
        let p = if self.misere { no_p && self.counts[1] > 0 } else { no_p };
        u32::from(!p)
    }
}

/// The maximal intervals `(lo, hi)` of consecutive elements of a sorted
/// set.
pub fn intervals(moves: &[u64]) -> Vec<(u64, u64)> {
    let mut runs: Vec<(u64, u64)> = Vec::new();
    for &s in moves {
        match runs.last_mut() {
            Some((_, hi)) if *hi + 1 == s => *hi = s,
            _ => runs.push((s, s)),
        }
    }
    runs
}

/// Estimated nanoseconds a position of the sliding engine with `runs`
/// intervals: two look-ups an interval, then the mex (Grundy values) or
/// two counts (outcomes; small windows branch less predictably, hence the
/// margin). Fitted to the table of `bench/src/bin/interval_engines.rs`
/// (BENCHMARKS.md, "Intervals and unions of intervals").
fn sliding_cost(runs: usize, grundy: bool) -> f64 {
    let runs = runs as f64;
    if grundy { 4.0 + 2.0 * runs } else { 1.5 * (2.0 + 2.0 * runs) }
}

/// ... and of the word engine the set would use otherwise: one-hot cells
/// of the set's width (a few SIMD operations a position) up to |S| = 127,
/// then the wide engine's O(|S|) reads; the one-byte outcome cells cost
/// about 0.42 ns an element.
fn word_cost(elements: usize, grundy: bool) -> f64 {
    if !grundy {
        return 3.0 + 0.42 * elements as f64;
    }
    match elements {
        0..8 => 3.0,
        8..16 => 4.0,
        16..32 => 7.5,
        32..64 => 14.0,
        64..128 => 40.0,
        _ => 0.8 * elements as f64,
    }
}

/// Whether the sliding engine is faster than the word engines for the
/// sorted set `moves`, for its Grundy values (`grundy`) or its outcomes.
pub fn pays(moves: &[u64], grundy: bool) -> bool {
    let runs = 1 + moves.windows(2).filter(|w| w[1] != w[0] + 1).count();
    sliding_cost(runs, grundy) < word_cost(moves.len(), grundy)
}

/// Generates a sequence of a finite set interval by interval.
#[derive(Clone, Debug)]
pub struct SlidingEngine<T: Tally> {
    /// The intervals as buffer offsets: (lo, hi + 1).
    runs: Vec<(usize, usize)>,
    window: usize,
    /// The window and one cell more behind each new one (the cell that
    /// leaves).
    cells: Cells<u32>,
    tally: T,
    max: u32,
}

impl<T: Tally> SlidingEngine<T> {
    /// A generator for the move sizes `moves` (sorted, non-empty, no 0)
    /// whose cells follow from `tally`.
    pub fn with_tally(moves: &[u64], tally: T) -> Self {
        let runs: Vec<(usize, usize)> = intervals(moves)
            .into_iter()
            .map(|(lo, hi)| (lo as usize, hi as usize + 1))
            .collect();
        let window = *moves.last().expect("non-empty set") as usize;
        let room = window.max(1 << 14);
        SlidingEngine {
            runs,
            window,
            cells: Cells::new(window + 1, room, ABSENT),
            tally,
            max: 0,
        }
    }
}

impl SlidingEngine<GrundyTally> {
    /// The Grundy values of the move sizes `moves`.
    pub fn new(moves: &[u64]) -> Self {
        SlidingEngine::with_tally(moves, GrundyTally::new(moves.len()))
    }
}

impl SlidingEngine<OutcomeTally> {
    /// The outcomes under `play` of the move sizes `moves`.
    pub fn outcomes(moves: &[u64], play: Play) -> Self {
        let tally = OutcomeTally::for_play(play, moves.len());
        SlidingEngine::with_tally(moves, tally)
    }
}

impl<T: Tally> Source for SlidingEngine<T> {
    type Cell = u32;

    fn window(&self) -> usize {
        self.window
    }

    fn position(&self) -> u64 {
        self.cells.position()
    }

    fn retain(&mut self, cells: usize) {
        self.cells.retain(cells);
    }

    fn max_advance(&self) -> usize {
        self.cells.max_advance()
    }

    /// Two look-ups an interval (the cell entering and the one leaving).
    fn moves(&self) -> usize {
        2 * self.runs.len()
    }

    fn advance(&mut self, count: usize) -> &[u32] {
        let (buf, start) = self.cells.open(count);
        for i in start..start + count {
            for &(lo, past) in &self.runs {
                let enter = buf[i - lo];
                if enter != ABSENT {
                    self.tally.add(enter);
                }
                let leave = buf[i - past];
                if leave != ABSENT {
                    self.tally.remove(leave);
                }
            }
            let cell = self.tally.finish();
            buf[i] = cell;
            self.max = self.max.max(cell);
        }
        self.cells.close(count)
    }

    fn buffer(&self) -> &[u32] {
        self.cells.cells()
    }

    fn max_value(&self) -> u64 {
        u64::from(self.max)
    }

    fn value(cell: u32) -> u64 {
        u64::from(cell)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::engine::naive;
    use crate::set::FiniteSet;
    use proptest::prelude::*;

    fn generate<T: Tally>(mut engine: SlidingEngine<T>, n: usize) -> Vec<u64> {
        let mut out = Vec::with_capacity(n);
        while out.len() < n {
            // Uneven steps cross the compaction of the buffer.
            let count = (n - out.len()).min(engine.max_advance()).min(777);
            let buf = engine.advance(count);
            out.extend(buf[buf.len() - count..].iter().map(|&c| u64::from(c)));
        }
        out
    }

    fn set(elements: &[u64]) -> FiniteSet {
        FiniteSet::new(elements.iter().copied()).unwrap()
    }

    #[test]
    fn intervals_are_maximal() {
        assert_eq!(intervals(&[1, 2, 3, 7, 9, 10]), [(1, 3), (7, 7), (9, 10)]);
        assert_eq!(intervals(&[5]), [(5, 5)]);
    }

    #[test]
    fn bachet_interval_is_n_mod_k_plus_one() {
        // {1, ..., k}: g(n) = n mod (k + 1) (Bachet; Berlekamp, Conway
        // and Guy, Winning Ways, chapter 4).
        for k in [1u64, 5, 200, 20_000] {
            let moves: Vec<u64> = (1..=k).collect();
            let n = 3 * k as usize + 40_000;
            let got = generate(SlidingEngine::new(&moves), n);
            assert!(
                got.iter().enumerate().all(|(i, &g)| g == i as u64 % (k + 1)),
                "{k}"
            );
        }
    }

    proptest! {
        #![proptest_config(ProptestConfig::with_cases(400))]

        /// Unions of random intervals (and lone elements) against the
        /// definition, for Grundy values and both outcome sequences, far
        /// past the compaction of the buffer (2^14 cells of room).
        #[test]
        fn equals_naive(
            parts in prop::collection::vec((1u64..300, 0u64..40), 1..6),
            which in 0..3u8,
        ) {
            let s = set(&parts
                .iter()
                .flat_map(|&(lo, len)| lo..=lo + len)
                .collect::<Vec<_>>());
            let n = 20_000;
            match which {
                0 => prop_assert_eq!(
                    generate(SlidingEngine::new(s.elements()), n),
                    naive::grundy_values(&s, n)
                ),
                _ => {
                    let play =
                        if which == 1 { Play::Normal } else { Play::Misere };
                    let got = generate(
                        SlidingEngine::outcomes(s.elements(), play),
                        n,
                    );
                    let want: Vec<u64> = naive::outcomes(&s, n, play)
                        .into_iter()
                        .map(|p| u64::from(!p))
                        .collect();
                    prop_assert_eq!(got, want);
                }
            }
        }
    }
}
