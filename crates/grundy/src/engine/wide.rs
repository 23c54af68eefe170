//! The engine for finite sets too large for one-hot words (|S| >= 128).
//!
//! Values can reach |S|, so they are stored as plain integers and the mex is
//! found with a stamped "seen" table: O(|S|) per position, no allocation per
//! position, O(max S) memory. Every set with |S| in the hundreds (say all
//! odd numbers below 1000) runs here and stays exact.

use super::cells::Cells;
use super::source::Source;

/// The cell of a position before 0.
const ABSENT: u32 = u32::MAX;

/// Generates Grundy values as plain integers.
#[derive(Clone, Debug)]
pub struct WideEngine {
    moves: Vec<usize>,
    window: usize,
    cells: Cells<u32>,
    seen: Vec<u32>,
    stamp: u32,
    max: u32,
}

impl WideEngine {
    /// A generator for the move sizes `moves` (sorted, non-empty, no 0).
    pub fn new(moves: &[u64]) -> WideEngine {
        let moves: Vec<usize> = moves.iter().map(|&s| s as usize).collect();
        let window = *moves.last().expect("non-empty set");
        let room = window.max(1 << 14);
        WideEngine {
            seen: vec![0; moves.len() + 2],
            moves,
            window,
            cells: Cells::new(window, room, ABSENT),
            stamp: 0,
            max: 0,
        }
    }
}

impl Source for WideEngine {
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

    fn moves(&self) -> usize {
        self.moves.len()
    }

    fn advance(&mut self, count: usize) -> &[u32] {
        let (buf, start) = self.cells.open(count);
        for i in start..start + count {
            self.stamp = self.stamp.wrapping_add(1);
            if self.stamp == 0 {
                self.seen.fill(0);
                self.stamp = 1;
            }
            for &s in &self.moves {
                let v = buf[i - s];
                if v != ABSENT {
                    self.seen[v as usize] = self.stamp;
                }
            }
            let stamp = self.stamp;
            let mex = self.seen.iter().position(|&t| t != stamp).unwrap();
            buf[i] = mex as u32;
            self.max = self.max.max(mex as u32);
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
