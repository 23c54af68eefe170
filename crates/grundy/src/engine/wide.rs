//! The engine for finite sets too large for one-hot words (|S| >= 128).
//!
//! Values can reach |S|, so they are stored as plain integers and the mex is
//! found with a stamped "seen" table: O(|S|) per position, no allocation per
//! position, O(max S) memory. Every set with |S| in the hundreds (say all
//! odd numbers below 1000) runs here and stays exact.

use super::source::Source;

/// The cell of a position before 0.
const ABSENT: u32 = u32::MAX;

/// Generates Grundy values as plain integers.
#[derive(Clone, Debug)]
pub struct WideEngine {
    moves: Vec<usize>,
    window: usize,
    /// How many old cells compaction keeps (at least the window).
    keep: usize,
    buf: Vec<u32>,
    len: usize,
    position: u64,
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
            keep: window,
            buf: vec![ABSENT; window + room],
            len: window,
            position: 0,
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
        self.position
    }

    fn retain(&mut self, cells: usize) {
        assert_eq!(self.position, 0, "retain before generating");
        let room = self.buf.len() - self.window;
        self.keep = cells.max(self.window);
        self.buf = vec![ABSENT; self.keep + room];
        self.len = self.keep;
    }

    fn max_advance(&self) -> usize {
        self.buf.len() - self.keep
    }

    fn moves(&self) -> usize {
        self.moves.len()
    }

    fn advance(&mut self, count: usize) -> &[u32] {
        assert!(count <= self.max_advance(), "advance beyond buffer");
        if self.len + count > self.buf.len() {
            let start = self.len - self.keep;
            self.buf.copy_within(start..self.len, 0);
            self.len = self.keep;
        }
        for i in self.len..self.len + count {
            self.stamp = self.stamp.wrapping_add(1);
            if self.stamp == 0 {
                self.seen.fill(0);
                self.stamp = 1;
            }
            for &s in &self.moves {
                let v = self.buf[i - s];
                if v != ABSENT {
                    self.seen[v as usize] = self.stamp;
                }
            }
            let stamp = self.stamp;
            let mex = self.seen.iter().position(|&t| t != stamp).unwrap();
            self.buf[i] = mex as u32;
            self.max = self.max.max(mex as u32);
        }
        self.len += count;
        self.position += count as u64;
        &self.buf[..self.len]
    }

    fn buffer(&self) -> &[u32] {
        &self.buf[..self.len]
    }

    fn max_value(&self) -> u64 {
        u64::from(self.max)
    }

    fn value(cell: u32) -> u64 {
        u64::from(cell)
    }
}
