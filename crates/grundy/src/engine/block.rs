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
use super::source::Source;

/// Generates the cells of a finite subtraction game under rule `R`.
#[derive(Clone, Debug)]
pub struct BlockEngine<C: Cell, R: Rule<C>> {
    moves: Vec<usize>,
    window: usize,
    /// How many old cells compaction keeps (at least the window).
    keep: usize,
    buf: Vec<C>,
    len: usize,
    position: u64,
    /// The OR of every cell generated: its top bit is the largest value.
    seen: C,
    _rule: PhantomData<R>,
}

impl<C: Cell, R: Rule<C>> BlockEngine<C, R> {
    /// A generator for the move sizes `moves` (sorted, non-empty, no 0).
    pub fn new(moves: &[u64]) -> Self {
        let moves: Vec<usize> = moves.iter().map(|&s| s as usize).collect();
        let window = *moves.last().expect("non-empty set");
        let room = window.max(1 << 16);
        let mut buf = Vec::with_capacity(window + room);
        buf.resize(window + room, C::ZERO);
        BlockEngine {
            moves,
            window,
            keep: window,
            buf,
            len: window,
            position: 0,
            seen: C::ZERO,
            _rule: PhantomData,
        }
    }

    fn compact(&mut self) {
        let start = self.len - self.keep;
        self.buf.copy_within(start..self.len, 0);
        self.len = self.keep;
    }
}

impl<C: Cell, R: Rule<C>> Source for BlockEngine<C, R> {
    type Cell = C;

    fn window(&self) -> usize {
        self.window
    }

    fn position(&self) -> u64 {
        self.position
    }

    fn retain(&mut self, cells: usize) {
        assert_eq!(self.position, 0, "retain before generating");
        let room = self.buf.len() - self.window;
        self.keep = cells.max(self.window);
        self.buf = vec![C::ZERO; self.keep + room];
        self.len = self.keep;
    }

    fn max_advance(&self) -> usize {
        self.buf.len() - self.keep
    }

    fn advance(&mut self, count: usize) -> &[C] {
        assert!(count <= self.max_advance(), "advance beyond buffer");
        if self.len + count > self.buf.len() {
            self.compact();
        }
        let end = self.len + count;
        fill::<C, R>(&mut self.buf[..end], self.len, &self.moves);
        self.seen =
            self.buf[self.len..end].iter().fold(self.seen, |a, &c| a | c);
        self.len = end;
        self.position += count as u64;
        &self.buf[..end]
    }

    fn buffer(&self) -> &[C] {
        &self.buf[..self.len]
    }

    fn max_value(&self) -> u64 {
        u64::from(self.seen.highest())
    }

    fn value(cell: C) -> u64 {
        u64::from(cell.value())
    }
}

/// Fills `buf[start..]`, given that `buf[..start]` holds at least max(S)
/// earlier cells.
///
/// Cells are computed in groups of W consecutive positions, W the largest
/// power of two (at most 128) not above min(S): a group depends only on
/// cells before it, so each element s of S is one W-wide load and OR,
/// which the compiler turns into SIMD instructions.
fn fill<C: Cell, R: Rule<C>>(buf: &mut [C], start: usize, moves: &[usize]) {
    match moves[0] {
        1 => fill_lanes::<C, R, 1>(buf, start, moves),
        2..4 => fill_lanes::<C, R, 2>(buf, start, moves),
        4..8 => fill_lanes::<C, R, 4>(buf, start, moves),
        8..16 => fill_lanes::<C, R, 8>(buf, start, moves),
        16..32 => fill_lanes::<C, R, 16>(buf, start, moves),
        32..64 => fill_lanes::<C, R, 32>(buf, start, moves),
        64..128 => fill_lanes::<C, R, 64>(buf, start, moves),
        _ => fill_lanes::<C, R, 128>(buf, start, moves),
    }
}

fn fill_lanes<C: Cell, R: Rule<C>, const W: usize>(
    buf: &mut [C],
    start: usize,
    moves: &[usize],
) {
    let end = buf.len();
    let mut i = start;
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
        }
        i += W;
    }
    for i in i..end {
        let mut acc = C::ZERO;
        for &s in moves {
            acc |= buf[i - s];
        }
        buf[i] = R::finish(acc);
    }
}
