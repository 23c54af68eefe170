//! The window detector with the whole sequence kept: a period is found
//! within a constant factor of the least number of positions that can
//! prove it.
//!
//! A period p from pre-period l is proved by two equal windows
//! W(j) = W(j + p) with j >= l + m (`window.rs`), so no detector can stop
//! before it has generated l + p + m positions. Here every generated cell
//! is kept, and at positions N that grow by a factor [`GROWTH`] the last
//! window W(N) is searched among all earlier ones with the scanner of
//! `window.rs` (a filter and Knuth-Morris-Pratt, linear). The first check
//! with N >= l + p + m succeeds, so a search stops by about
//! 1.3 (l + p + m) positions (a chunk of at most N / 16 past the check),
//! and reads each kept cell about GROWTH / (GROWTH - 1) times in all.
//!
//! What a hit proves, exactly: windows from l + m on repeat with the least
//! period p and no window before l + m equals a later one (two equal
//! windows W(y) = W(y') make the sequence periodic from y - m, so
//! y - m >= l). The first window equal to W(N) is thus W(j) with
//! l + m <= j < l + m + p and the next one is W(j + p): two scans give p,
//! and the cells before j - m, compared with those p later from the end
//! down, give l.
//!
//! Memory is one cell per position, up to the budget's `max_memory`
//! (256 MiB by default); a search that
//! outgrows it returns `None` and the caller falls back to the streaming
//! detector of `window.rs` (two windows in memory, up to about
//! 4 l + 2 p + 2 m positions).

use crate::budget::{Meter, Stopped};
use crate::engine::Source;

use super::checkpoint::{Checkpoint, WindowPeriod};

/// Each check happens once the position has grown by this factor since
/// the last one.
const GROWTH: f64 = 1.3;

/// The first check: small sets (most of them) stop after this many
/// positions plus a window.
const FIRST_CHECK: u64 = 512;

/// The cells generated per call stay below position / CHUNK_SHARE (and
/// at least [`MIN_CHUNK`]), so a hit is seen within 1/16 of the work done.
const CHUNK_SHARE: u64 = 16;
const MIN_CHUNK: u64 = 1024;

/// A period found with the whole sequence kept, and that sequence (its
/// `positions` first cells).
pub(crate) struct Kept<C> {
    pub(crate) found: WindowPeriod,
    pub(crate) cells: Vec<C>,
}

/// Searches `source` (fresh, at position 0) keeping every cell. `None`
/// when the kept cells would pass the budget's `max_memory` first: the
/// positions generated so far stay counted in `meter`.
pub(crate) fn search<S: Source>(
    source: &mut S,
    meter: &mut Meter<'_>,
) -> Result<Option<Kept<S::Cell>>, Stopped> {
    let m = source.window();
    let bytes =
        usize::try_from(meter.budget().max_memory).unwrap_or(usize::MAX);
    let cap = bytes / std::mem::size_of::<S::Cell>().max(1);
    let mut cells: Vec<S::Cell> = Vec::new();
    let mut next_check = FIRST_CHECK + m as u64;
    loop {
        let position = source.position();
        let count = (position / CHUNK_SHARE)
            .max(MIN_CHUNK)
            .min(source.chunk() as u64) as usize;
        if cells.len() + count > cap {
            return Ok(None);
        }
        meter.add_costly(count, count as u64 * source.moves() as u64)?;
        let buffer = source.advance(count);
        cells.extend_from_slice(&buffer[buffer.len() - count..]);
        if (cells.len() as u64) < next_check {
            continue;
        }
        // The scan reads each kept cell about once: its cost counts as
        // effort, so the deadline is asked at least every few checks.
        meter.add_costly(0, cells.len() as u64 / 8)?;
        if let Some((j, period)) = last_window_repeats(&cells, m) {
            let preperiod = least_preperiod(&cells, j - m, period);
            let found = WindowPeriod {
                preperiod,
                period: period as u64,
                certificate_start: (j - m) as u64,
                window: m as u64,
                positions: meter.done,
                max_value: source.max_value(),
            };
            return Ok(Some(Kept { found, cells }));
        }
        next_check = (cells.len() as f64 * GROWTH) as u64;
    }
}

/// Where the last window of `cells` first occurs (the j of W(j), at least
/// m, so that windows of absent cells are never compared) and the distance
/// to its next occurrence; `None` if it occurs only at the end.
fn last_window_repeats<C: Copy + Eq>(
    cells: &[C],
    m: usize,
) -> Option<(usize, usize)> {
    let n = cells.len();
    if n <= m {
        return None;
    }
    let mut checkpoint = Checkpoint::new(n as u64, &cells[n - m..]);
    // A window ending at index i is W(i + 1).
    let first = checkpoint.scan(cells, m - 1).expect("W(N) ends the cells");
    if first == n - 1 {
        return None;
    }
    let next = checkpoint.scan(cells, first + 1).expect("W(N) ends them");
    Some((first + 1, next - first))
}

/// The least l with cell(k) = cell(k + p) for every k >= l, knowing it
/// holds from `from` on: the last mismatch below `from`, plus one.
fn least_preperiod<C: Copy + Eq>(cells: &[C], from: usize, p: usize) -> u64 {
    (0..from)
        .rev()
        .find(|&k| cells[k] != cells[k + p])
        .map_or(0, |k| k as u64 + 1)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::budget::Budget;
    use crate::engine::{naive, with_source};
    use crate::set::FiniteSet;
    use proptest::prelude::*;

    fn kept(elements: &[u64]) -> WindowPeriod {
        let set = FiniteSet::new(elements.iter().copied()).unwrap();
        let budget = Budget::default();
        with_source!(set, None, |make| {
            let mut meter = Meter::new(&budget);
            search(&mut make(), &mut meter).unwrap().unwrap().found
        })
    }

    /// The least (l, p) with values[n] = values[n + p] for n >= l, read off
    /// a prefix long enough to hold l + p + a window of m.
    fn brute_force(values: &[u64], m: usize) -> (u64, u64) {
        let n = values.len();
        for p in 1..n {
            let mut l = n - p;
            while l > 0 && values[l - 1] == values[l - 1 + p] {
                l -= 1;
            }
            if n - p - l >= m + p {
                return (l as u64, p as u64);
            }
        }
        panic!("no period in the prefix");
    }

    #[test]
    fn known_periods() {
        // Winning Ways ch. 4: {1, 2, 3} has period 4, {2, 3} period 5.
        assert_eq!(
            (kept(&[1, 2, 3]).preperiod, kept(&[1, 2, 3]).period),
            (0, 4)
        );
        assert_eq!(kept(&[2, 3]).period, 5);
        assert_eq!(kept(&[3, 6]).period, 9);
    }

    #[test]
    fn positions_stay_within_a_third_of_the_least_proof() {
        for elements in [&[300u64, 701, 1000][..], &[1, 20000], &[7, 11, 100]]
        {
            let got = kept(elements);
            let least = got.preperiod + got.period + got.window;
            assert!(
                got.positions as f64 <= 1.4 * least as f64 + 4096.0,
                "{elements:?}: {} positions for l + p + m = {least}",
                got.positions
            );
        }
    }

    proptest! {
        #![proptest_config(ProptestConfig::with_cases(400))]

        /// Exact against brute force on the naive sequence, and the
        /// certificate's windows really are equal.
        #[test]
        fn kept_search_equals_brute_force(v in prop::collection::btree_set(1u64..40, 1..7)) {
            let elements: Vec<u64> = v.into_iter().collect();
            let got = kept(&elements);
            let m = *elements.last().unwrap() as usize;
            let set = FiniteSet::new(elements.iter().copied()).unwrap();
            let len = (got.preperiod + 3 * got.period) as usize + 3 * m + 10;
            let values = naive::grundy_values(&set, len);
            prop_assert_eq!((got.preperiod, got.period), brute_force(&values, m));
            let s = got.certificate_start as usize;
            let p = got.period as usize;
            prop_assert!(s >= got.preperiod as usize);
            prop_assert_eq!(&values[s..s + m], &values[s + p..s + p + m]);
        }
    }
}
