//! The fast engine for finite sets: one-hot cells, block generation.
//!
//! The cells of positions n .. n + min(S) - 1 depend only on cells before
//! n, so they can be computed together: groups of W positions (a power of
//! two up to min(S), at most 128) are filled with one W-wide OR per element
//! of S and one W-wide application of the rule. These loops over fixed-size
//! arrays auto-vectorise (16 u8 cells per SSE2 register), on every target,
//! with no `unsafe` and no CPU-specific build flags.
//!
//! Memory is O(max S): a linear buffer that holds the window (the last
//! max(S) cells) plus room for new cells, compacted to the window when full,
//! rather than a ring with index masking. No allocation per position.

use std::marker::PhantomData;

use super::cell::{Cell, Rule};
use super::cells::Cells;
use super::source::Source;

/// Generates the cells of a finite subtraction game under rule `R`.
#[derive(Clone, Debug)]
pub struct BlockEngine<C: Cell, R: Rule<C>> {
    moves: Vec<usize>,
    window: usize,
    cells: Cells<C>,
    /// The OR of every cell generated: its top bit is the largest value.
    seen: C,
    /// The most positions filled together (1 = the scalar engine).
    max_lanes: usize,
    _rule: PhantomData<R>,
}

impl<C: Cell, R: Rule<C>> BlockEngine<C, R> {
    /// A generator for the move sizes `moves` (sorted, non-empty, no 0).
    pub fn new(moves: &[u64]) -> Self {
        let moves: Vec<usize> = moves.iter().map(|&s| s as usize).collect();
        let window = *moves.last().expect("non-empty set");
        // Room for new cells past the window: compacting (copying the
        // window down) then costs at most 1/16 of the filling, up to
        // windows of 2^16 cells; beyond, room = max(window, 2^20) cells,
        // so memory stays within about twice the window for large sets.
        let room = (16 * window).clamp(1 << 16, 1 << 20).max(window);
        BlockEngine {
            moves,
            window,
            cells: Cells::new(window, room, C::ZERO),
            seen: C::ZERO,
            max_lanes: 128,
            _rule: PhantomData,
        }
    }

    /// The same engine filling one position at a time: the scalar
    /// baseline the benchmarks compare the block filling with.
    #[cfg_attr(not(any(test, feature = "bench")), allow(dead_code))]
    pub fn scalar(moves: &[u64]) -> Self {
        BlockEngine { max_lanes: 1, ..Self::new(moves) }
    }
}

impl<C: Cell, R: Rule<C>> Source for BlockEngine<C, R> {
    type Cell = C;

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

    fn moves(&self) -> usize {
        self.moves.len()
    }

    fn advance(&mut self, count: usize) -> &[C] {
        let (buf, start) = self.cells.open(count);
        self.seen |= fill::<C, R>(buf, start, &self.moves, self.max_lanes);
        self.cells.close(count)
    }

    fn buffer(&self) -> &[C] {
        self.cells.cells()
    }

    fn max_value(&self) -> u64 {
        u64::from(self.seen.highest())
    }

    fn value(cell: C) -> u64 {
        u64::from(cell.value())
    }
}

/// Fills `buf[start..]`, given that `buf[..start]` holds at least max(S)
/// earlier cells, and returns the OR of the new cells (their largest
/// value is its top bit), computed on the way rather than in a second
/// pass over the block.
///
/// Cells are computed in groups of W consecutive positions, W the largest
/// power of two (at most 128) not above min(S): a group depends only on
/// cells before it, so each element s of S is one W-wide load and OR,
/// which the compiler turns into SIMD instructions. `max_lanes` caps W.
///
/// On x86-64 the same code is also compiled for AVX-512 (64-byte
/// registers) and AVX2 (32-byte registers), and the CPU is asked at run
/// time which it has ([`simd_path`]), so the same binary runs on every
/// x86-64 machine; elsewhere the portable build (SSE2 on x86-64, NEON on
/// aarch64) runs.
///
/// A fill of less than [`SIMD_FROM_WORK`] takes the portable build
/// without asking the CPU.
fn fill<C: Cell, R: Rule<C>>(
    buf: &mut [C],
    start: usize,
    moves: &[usize],
    max_lanes: usize,
) -> C {
    if (buf.len() - start).saturating_mul(moves.len()) < SIMD_FROM_WORK {
        return fill_portable::<C, R>(buf, start, moves, max_lanes);
    }
    fill_widest::<C, R>(buf, start, moves, max_lanes)
}

/// [`fill`] in the widest build the CPU has, whatever the work.
fn fill_widest<C: Cell, R: Rule<C>>(
    buf: &mut [C],
    start: usize,
    moves: &[usize],
    max_lanes: usize,
) -> C {
    #[cfg(target_arch = "x86_64")]
    if max_lanes > 1 {
        match simd_path() {
            #[allow(unsafe_code)]
            // SAFETY: `fill_avx512` only requires AVX-512 F and BW, which
            // the CPU has (`simd_path` asked it).
            SimdPath::Avx512 => {
                return unsafe {
                    fill_avx512::<C, R>(buf, start, moves, max_lanes)
                };
            }
            #[allow(unsafe_code)]
            // SAFETY: `fill_avx2` only requires AVX2, which the CPU has
            // (`simd_path` asked it).
            SimdPath::Avx2 => {
                return unsafe {
                    fill_avx2::<C, R>(buf, start, moves, max_lanes)
                };
            }
            SimdPath::Portable => {}
        }
    }
    fill_portable::<C, R>(buf, start, moves, max_lanes)
}

/// The least work (cells times moves) for which [`fill`] asks the CPU for
/// its SIMD features: the first question costs about 30 us (CPUID leaves,
/// each trapping to the hypervisor on a virtual machine), more than the
/// portable build needs for this much work, and most of what a small
/// search like `grundy period 2,3,5` computes (issue 34).
const SIMD_FROM_WORK: usize = 1 << 14;

/// Which build of the block filling this CPU runs.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum SimdPath {
    /// x86-64 with AVX-512 F and BW: 64-byte registers.
    Avx512,
    /// x86-64 with AVX2: 32-byte registers.
    Avx2,
    /// The baseline build: SSE2 on x86-64, NEON on aarch64, scalar code
    /// elsewhere.
    Portable,
}

impl std::fmt::Display for SimdPath {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(match self {
            SimdPath::Avx512 => "avx512",
            SimdPath::Avx2 => "avx2",
            SimdPath::Portable => "portable",
        })
    }
}

/// The build of the block filling this CPU runs (asked at run time; the
/// standard library caches the answer).
pub fn simd_path() -> SimdPath {
    #[cfg(target_arch = "x86_64")]
    {
        if std::arch::is_x86_feature_detected!("avx512f")
            && std::arch::is_x86_feature_detected!("avx512bw")
        {
            return SimdPath::Avx512;
        }
        if std::arch::is_x86_feature_detected!("avx2") {
            return SimdPath::Avx2;
        }
    }
    SimdPath::Portable
}

/// [`fill_portable`] compiled with AVX-512 (F for 64-byte registers, BW
/// for byte and word lanes) enabled.
#[cfg(target_arch = "x86_64")]
#[target_feature(enable = "avx512f,avx512bw")]
fn fill_avx512<C: Cell, R: Rule<C>>(
    buf: &mut [C],
    start: usize,
    moves: &[usize],
    max_lanes: usize,
) -> C {
    fill_portable::<C, R>(buf, start, moves, max_lanes)
}

/// [`fill_portable`] compiled with AVX2 enabled.
#[cfg(target_arch = "x86_64")]
#[target_feature(enable = "avx2")]
fn fill_avx2<C: Cell, R: Rule<C>>(
    buf: &mut [C],
    start: usize,
    moves: &[usize],
    max_lanes: usize,
) -> C {
    fill_portable::<C, R>(buf, start, moves, max_lanes)
}

#[inline(always)]
fn fill_portable<C: Cell, R: Rule<C>>(
    buf: &mut [C],
    start: usize,
    moves: &[usize],
    max_lanes: usize,
) -> C {
    match moves[0].min(max_lanes) {
        1 => fill_groups::<C, R, 1>(buf, start, moves),
        2..4 => fill_groups::<C, R, 2>(buf, start, moves),
        4..8 => fill_groups::<C, R, 4>(buf, start, moves),
        8..16 => fill_groups::<C, R, 8>(buf, start, moves),
        16..32 => fill_groups::<C, R, 16>(buf, start, moves),
        32..64 => fill_groups::<C, R, 32>(buf, start, moves),
        64..128 => fill_groups::<C, R, 64>(buf, start, moves),
        _ => fill_groups::<C, R, 128>(buf, start, moves),
    }
}

/// Fills `buf[start..]` in groups of W positions: one position at a time
/// up to a cache-line boundary (so no group store straddles two lines:
/// +20% on {5000, 10001, 15001}), then whole groups, then the last
/// positions one at a time.
#[inline(always)]
fn fill_groups<C: Cell, R: Rule<C>, const W: usize>(
    buf: &mut [C],
    start: usize,
    moves: &[usize],
) -> C {
    const { assert!(std::mem::size_of::<C>() <= CACHE_LINE) };
    let line = CACHE_LINE / std::mem::size_of::<C>();
    let address = buf.as_ptr() as usize / std::mem::size_of::<C>();
    let lead = (line - (address + start) % line) % line;
    let aligned = (start + lead).min(buf.len());
    let lead_seen = fill_one_by_one::<C, R>(&mut buf[..aligned], start, moves);
    // With groups of 16 lanes or more, sets of up to four moves (the
    // stretched sets of issue 7 have three) get a loop unrolled over the
    // moves, with no loop over the set.
    let (stop, groups_seen) = if W >= FUSED_LANES {
        match *moves {
            [a] => fill_fixed::<C, R, W, 1>(buf, aligned, &[a]),
            [a, b] => fill_fixed::<C, R, W, 2>(buf, aligned, &[a, b]),
            [a, b, c] => fill_fixed::<C, R, W, 3>(buf, aligned, &[a, b, c]),
            [a, b, c, d] => {
                fill_fixed::<C, R, W, 4>(buf, aligned, &[a, b, c, d])
            }
            _ => fill_lanes::<C, R, W>(buf, aligned, moves),
        }
    } else {
        fill_lanes::<C, R, W>(buf, aligned, moves)
    };
    lead_seen | groups_seen | fill_one_by_one::<C, R>(buf, stop, moves)
}

/// Fills `buf[start..]` one position at a time; returns the OR of the
/// new cells.
#[inline(always)]
fn fill_one_by_one<C: Cell, R: Rule<C>>(
    buf: &mut [C],
    start: usize,
    moves: &[usize],
) -> C {
    let mut seen = C::ZERO;
    for i in start..buf.len() {
        let mut acc = C::ZERO;
        for &s in moves {
            acc |= buf[i - s];
        }
        buf[i] = R::finish(acc);
        seen |= buf[i];
    }
    seen
}

/// Fills whole groups of W positions from `start` (W <= min(S)), for any
/// number of moves; returns where it stopped and the OR of the new cells.
#[inline(always)]
fn fill_lanes<C: Cell, R: Rule<C>, const W: usize>(
    buf: &mut [C],
    start: usize,
    moves: &[usize],
) -> (usize, C) {
    let end = buf.len();
    let mut i = start;
    let mut seen = [C::ZERO; W];
    while i + W <= end {
        // Two accumulators halve the OR dependency chain for large |S|.
        let mut even = [C::ZERO; W];
        let mut odd = [C::ZERO; W];
        let mut pairs = moves.chunks_exact(2);
        for pair in &mut pairs {
            let a: &[C; W] = buf[i - pair[0]..][..W].try_into().unwrap();
            let b: &[C; W] = buf[i - pair[1]..][..W].try_into().unwrap();
            for l in 0..W {
                even[l] |= a[l];
                odd[l] |= b[l];
            }
        }
        if let [s] = pairs.remainder() {
            let a: &[C; W] = buf[i - s..][..W].try_into().unwrap();
            for l in 0..W {
                even[l] |= a[l];
            }
        }
        let out: &mut [C; W] = (&mut buf[i..i + W]).try_into().unwrap();
        for l in 0..W {
            out[l] = R::finish(even[l] | odd[l]);
            if W >= FUSED_LANES {
                seen[l] |= out[l];
            }
        }
        i += W;
    }
    if W >= FUSED_LANES {
        (i, seen.iter().fold(C::ZERO, |a, &c| a | c))
    } else {
        (i, buf[start..i].iter().fold(C::ZERO, |a, &c| a | c))
    }
}

/// [`fill_lanes`] for exactly K moves: the reads of a group are sliced
/// from the cells before it (`split_at_mut`), which, with the moves in an
/// array, lets the compiler unroll the moves and drop most bounds checks.
#[inline(always)]
fn fill_fixed<C: Cell, R: Rule<C>, const W: usize, const K: usize>(
    buf: &mut [C],
    start: usize,
    moves: &[usize; K],
) -> (usize, C) {
    let end = buf.len();
    let mut i = start;
    let mut seen = [C::ZERO; W];
    while i + W <= end {
        let (past, rest) = buf.split_at_mut(i);
        let mut acc = [C::ZERO; W];
        for &s in moves {
            let cells: &[C; W] = past[i - s..][..W].try_into().unwrap();
            for l in 0..W {
                acc[l] |= cells[l];
            }
        }
        let out: &mut [C; W] = (&mut rest[..W]).try_into().unwrap();
        for l in 0..W {
            out[l] = R::finish(acc[l]);
            seen[l] |= out[l];
        }
        i += W;
    }
    (i, seen.iter().fold(C::ZERO, |a, &c| a | c))
}

/// From this many lanes on, groups OR the new cells together as they
/// write them (20-30% faster for wide groups); narrower groups are a
/// serial chain where the extra work measured 2x slower ({2, 3, 5}), so
/// there the OR is a second pass over the block.
const FUSED_LANES: usize = 16;

/// Bytes per cache line on the CPUs we measure (x86-64, most aarch64).
const CACHE_LINE: usize = 64;

#[cfg(test)]
mod tests {
    use super::*;
    use crate::engine::cell::GrundyRule;
    use proptest::prelude::*;

    fn cells(engine: BlockEngine<u8, GrundyRule>, count: usize) -> Vec<u8> {
        cells_of(engine, count)
    }

    fn cells_of<C: Cell>(
        mut engine: BlockEngine<C, GrundyRule>,
        count: usize,
    ) -> Vec<C> {
        let mut out = Vec::with_capacity(count);
        while out.len() < count {
            let n = engine.max_advance().min(count - out.len());
            let buf = engine.advance(n);
            out.extend_from_slice(&buf[buf.len() - n..]);
        }
        out
    }

    /// Values above 63 cross the word boundary of `Words<2>`: the even
    /// moves from 4 (127 of them, groups of 4 lanes) reach 64, those from
    /// 2 reach 127, the top bit.
    #[test]
    fn two_word_cells_cross_the_word_boundary() {
        use crate::engine::cell::Words;
        use crate::engine::naive;
        for (first, top) in [(4u64, 64u64), (2, 127)] {
            let moves: Vec<u64> = (0..127).map(|i| first + 2 * i).collect();
            let set =
                crate::set::FiniteSet::new(moves.iter().copied()).unwrap();
            let count = 5000;
            let got: Vec<u64> = cells_of(
                BlockEngine::<Words<2>, GrundyRule>::new(&moves),
                count,
            )
            .into_iter()
            .map(|c| u64::from(c.value()))
            .collect();
            let want = naive::grundy_values(&set, count);
            assert_eq!(want.iter().max(), Some(&top));
            assert_eq!(got, want, "moves from {first}");
        }
    }

    /// Fills `count` cells after `offset` zeros and max(S) empty cells with
    /// the dispatched build and one by one, and compares the cells and the
    /// returned OR of the new cells.
    fn check_fill<C: Cell>(
        moves: &[usize],
        offset: usize,
        count: usize,
    ) -> Result<(), TestCaseError> {
        let m = *moves.last().unwrap();
        let mut a = vec![C::ZERO; offset + m + count];
        let mut b = a.clone();
        let seen_a =
            fill_widest::<C, GrundyRule>(&mut a[offset..], m, moves, 128);
        let seen_b =
            fill_one_by_one::<C, GrundyRule>(&mut b[offset..], m, moves);
        prop_assert_eq!(a, b);
        prop_assert_eq!(seen_a, seen_b);
        Ok(())
    }

    proptest! {
        #![proptest_config(ProptestConfig::with_cases(300))]

        #[test]
        fn portable_equals_dispatched(v in prop::collection::btree_set(1u64..300, 1..8)) {
            // `fill_widest` takes the widest build the CPU has; the
            // portable build must give the same cells.
            let moves: Vec<usize> = v.into_iter().map(|s| s as usize).collect();
            let m = *moves.last().unwrap();
            let count = 3000;
            let mut a = vec![0u8; m + count];
            let mut b = a.clone();
            fill_widest::<u8, GrundyRule>(&mut a, m, &moves, 128);
            fill_portable::<u8, GrundyRule>(&mut b, m, &moves, 128);
            prop_assert_eq!(&a, &b);
            // With AVX-512 `fill_widest` takes that build; check AVX2 as
            // well.
            #[cfg(target_arch = "x86_64")]
            if std::arch::is_x86_feature_detected!("avx2") {
                let mut c = vec![0u8; m + count];
                #[allow(unsafe_code)]
                // SAFETY: the CPU has AVX2 (checked just above).
                unsafe { fill_avx2::<u8, GrundyRule>(&mut c, m, &moves, 128) };
                prop_assert_eq!(&c, &b);
            }
        }

        #[test]
        fn groups_equal_one_by_one_for_wide_cells(
            v in prop::collection::btree_set(1u64..300, 8..32),
        ) {
            // u16 cells for 8 to 15 moves, u32 for 16 to 31 (values up to
            // |S| fit), through the dispatched build.
            let moves: Vec<usize> = v.into_iter().map(|s| s as usize).collect();
            if moves.len() < 16 {
                check_fill::<u16>(&moves, 0, 2000)?;
            } else {
                check_fill::<u32>(&moves, 0, 2000)?;
            }
        }

        #[test]
        fn two_word_cells_equal_naive(
            v in prop::collection::btree_set(1u64..400, 64..128),
        ) {
            // 64 to 127 moves take `Words<2>` cells: the block filling
            // (lanes when min(S) >= 2) against the definition.
            use crate::engine::cell::Words;
            use crate::engine::naive;
            let moves: Vec<u64> = v.into_iter().collect();
            let set = crate::set::FiniteSet::new(moves.iter().copied()).unwrap();
            let count = 1500;
            let got: Vec<u64> = cells_of(BlockEngine::<Words<2>, GrundyRule>::new(&moves), count)
                .into_iter()
                .map(|c| u64::from(c.value()))
                .collect();
            prop_assert_eq!(got, naive::grundy_values(&set, count));
        }

        #[test]
        fn scalar_equals_block(v in prop::collection::btree_set(1u64..300, 1..8)) {
            let moves: Vec<u64> = v.into_iter().collect();
            let count = 5000;
            prop_assert_eq!(
                cells(BlockEngine::scalar(&moves), count),
                cells(BlockEngine::new(&moves), count)
            );
        }

        #[test]
        fn groups_equal_one_by_one_at_any_alignment(
            v in prop::collection::btree_set(1u64..200, 1..7),
            offset in 0usize..64,
            count in 0usize..1500,
        ) {
            // Sets of 1-4 moves take the unrolled loop, others the general
            // one; `offset` moves the buffer against cache lines, so the
            // lead (one by one up to a line boundary) varies, and short
            // counts end before the first whole group.
            let moves: Vec<usize> = v.into_iter().map(|s| s as usize).collect();
            check_fill::<u8>(&moves, offset, count)?;
        }
    }
}
