//! The fast engine for finite sets: one-hot cells, block generation.
//!
//! The cells of positions n .. n + min(S) - 1 depend only on cells before
//! n, so they are filled together: one pass per element s of S ORs the
//! shifted history into the block, then one pass applies the rule. These
//! loops over plain slices auto-vectorise (16 u8 cells per SSE2 register).
//! When min(S) is small, a scalar loop is faster and is used instead.
//!
//! Memory is O(max S): a linear buffer that holds the window (the last
//! max(S) cells) plus room for new cells, compacted to the window when full,
//! rather than a ring with index masking. No allocation per position.

use std::marker::PhantomData;

use super::cell::{Cell, Rule};
use super::source::Source;

/// Below this min(S), block passes cost more than they save.
const BLOCK_MIN: usize = 16;
/// Longest block filled in one go: keeps the block in L1 cache.
const BLOCK_MAX: usize = 4096;

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
fn fill<C: Cell, R: Rule<C>>(buf: &mut [C], start: usize, moves: &[usize]) {
    let end = buf.len();
    let min = moves[0];
    if min < BLOCK_MIN {
        for i in start..end {
            let mut acc = C::ZERO;
            for &s in moves {
                acc |= buf[i - s];
            }
            buf[i] = R::finish(acc);
        }
        return;
    }
    let step = min.min(BLOCK_MAX);
    let mut i = start;
    while i < end {
        let len = step.min(end - i);
        let (history, rest) = buf.split_at_mut(i);
        let block = &mut rest[..len];
        block.copy_from_slice(&history[i - min..i - min + len]);
        for &s in &moves[1..] {
            let src = &history[i - s..i - s + len];
            for (cell, &option) in block.iter_mut().zip(src) {
                *cell |= option;
            }
        }
        for cell in block.iter_mut() {
            *cell = R::finish(*cell);
        }
        i += len;
    }
}
