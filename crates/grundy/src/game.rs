//! Heap games: the options of one heap, the rule R of an impartial game.
//!
//! Every rule set `grundy` knows is a heap game: a position is a heap of
//! n tokens (a sum of heaps is a position of several), and a move takes
//! some tokens from one heap and may leave it as zero, one or more
//! non-empty heaps (subtraction games leave one heap; octal and
//! take-and-break games may split it, Winning Ways ch. 4). [`HeapGame`]
//! is that rule and nothing else: the slow engines, the exact solver and
//! the pictures need only it, and the fast engines are chosen by the
//! [`RuleSet`](crate::RuleSet) trait built on it.
//!
//! This module is a leaf above `nimber` only.

use std::fmt;

/// The most heaps one move may leave (hexadecimal games: three).
pub const MAX_LEAVES: usize = 3;

/// One option of a heap: how many tokens the move takes and the
/// non-empty heaps it leaves (none when it takes the whole heap).
#[derive(Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct HeapOption {
    take: u64,
    leaves: [u64; MAX_LEAVES],
    count: u8,
}

impl HeapOption {
    /// A move that takes `take` tokens and leaves the non-empty heaps
    /// `leaves` (zeros are dropped, sizes kept in the order given).
    ///
    /// # Panics
    ///
    /// When more than [`MAX_LEAVES`] heaps are non-empty.
    ///
    /// ```
    /// use grundy::HeapOption;
    /// let o = HeapOption::new(2, &[3, 0]);
    /// assert_eq!((o.take(), o.leaves()), (2, &[3][..]));
    /// assert_eq!(o.to_string(), "take 2, leave 3");
    /// ```
    pub fn new(take: u64, leaves: &[u64]) -> HeapOption {
        let mut out = HeapOption { take, leaves: [0; MAX_LEAVES], count: 0 };
        for &heap in leaves.iter().filter(|&&h| h > 0) {
            assert!(
                (out.count as usize) < MAX_LEAVES,
                "a move leaves at most {MAX_LEAVES} heaps"
            );
            out.leaves[out.count as usize] = heap;
            out.count += 1;
        }
        out
    }

    /// The move of a subtraction game: take `take` of `heap` tokens.
    pub fn subtract(heap: u64, take: u64) -> HeapOption {
        HeapOption::new(take, &[heap - take])
    }

    /// How many tokens the move takes.
    pub fn take(&self) -> u64 {
        self.take
    }

    /// The non-empty heaps left behind.
    pub fn leaves(&self) -> &[u64] {
        &self.leaves[..self.count as usize]
    }
}

impl fmt::Debug for HeapOption {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "HeapOption({self})")
    }
}

impl fmt::Display for HeapOption {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "take {}, leave ", self.take)?;
        write_leaves(f, self.leaves())
    }
}

/// Writes heaps as `3`, `3 + 4`, or `0` for none.
pub(crate) fn write_leaves(
    f: &mut impl fmt::Write,
    leaves: &[u64],
) -> fmt::Result {
    if leaves.is_empty() {
        return f.write_str("0");
    }
    for (i, heap) in leaves.iter().enumerate() {
        if i > 0 {
            f.write_str(" + ")?;
        }
        write!(f, "{heap}")?;
    }
    Ok(())
}

/// The rule of a heap game: the options of one heap.
///
/// Every option must leave fewer tokens in all than the heap had (moves
/// that take nothing may split: then each part is smaller), so that
/// every play ends.
pub trait HeapGame {
    /// Calls `visit` with every option of a heap of `heap` tokens, each
    /// once, in a fixed order (by take, then leaves).
    fn options(&self, heap: u64, visit: &mut dyn FnMut(HeapOption));

    /// At most how many options a heap of `heap` tokens has, if known
    /// without listing them: the exact search refuses a heap whose
    /// options alone would pass its state budget (a heap of 10^12 tokens
    /// of Grundy's game has 5 10^11).
    fn options_at_most(&self, heap: u64) -> Option<u64> {
        let _ = heap;
        None
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn leaves_drop_zeros_and_print() {
        let split = HeapOption::new(1, &[2, 0, 5]);
        assert_eq!(split.leaves(), &[2, 5]);
        assert_eq!(split.to_string(), "take 1, leave 2 + 5");
        assert_eq!(HeapOption::subtract(3, 3).to_string(), "take 3, leave 0");
    }
}
