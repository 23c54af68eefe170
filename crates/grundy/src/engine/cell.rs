//! One-hot cells and the rules that turn the options' cells into a value.
//!
//! The fast engine stores a Grundy value g as the one-hot word `1 << g`, so
//! the set of option values is the OR of the options' cells and the mex is
//! the lowest zero bit: `!acc & (acc + 1)`. Positions before 0 are the empty
//! word 0, which is "no option" for free. The narrowest word that holds
//! |S| + 1 bits is used (u8 for |S| <= 7): more values per SIMD register.
//!
//! The outcome sequences use the same machinery with two-valued cells
//! (`P = 1`, `N = 2`), since "P iff no option is P" (normal play) and
//! "P iff some option exists and no option is P" (misère) are also
//! functions of the OR of the options' cells.

use std::fmt::Debug;
use std::ops::{BitAnd, BitOr, BitOrAssign, Not};

/// A machine word holding one value in one-hot form.
pub trait Cell:
    Copy
    + Eq
    + Debug
    + Default
    + Send
    + Sync
    + BitOr<Output = Self>
    + BitOrAssign
    + BitAnd<Output = Self>
    + Not<Output = Self>
    + 'static
{
    /// The empty word: no value (a position before 0).
    const ZERO: Self;
    /// `self + 1` with wrap-around.
    fn inc(self) -> Self;
    /// The value held: the index of the set bit.
    fn value(self) -> u32;
    /// The index of the highest set bit (0 for the empty word).
    fn highest(self) -> u32;
}

macro_rules! impl_cell {
    ($($t:ty),*) => {$(
        impl Cell for $t {
            const ZERO: Self = 0;
            #[inline(always)]
            fn inc(self) -> Self {
                self.wrapping_add(1)
            }
            #[inline(always)]
            fn value(self) -> u32 {
                self.trailing_zeros()
            }
            #[inline(always)]
            fn highest(self) -> u32 {
                (<$t>::BITS - self.leading_zeros()).saturating_sub(1)
            }
        }
    )*};
}
impl_cell!(u8, u16, u32, u64, u128);

/// How a position's cell follows from the OR of its options' cells.
pub trait Rule<C: Cell>: Copy + Send + Sync + Debug + 'static {
    /// The cell of a position whose options' cells OR to `acc`.
    fn finish(acc: C) -> C;
}

/// Grundy values: the mex, one-hot.
#[derive(Clone, Copy, Debug)]
pub struct GrundyRule;

impl<C: Cell> Rule<C> for GrundyRule {
    #[inline(always)]
    fn finish(acc: C) -> C {
        !acc & acc.inc()
    }
}

/// Normal-play outcomes: P (1) iff no option is P, else N (2).
#[derive(Clone, Copy, Debug)]
pub struct NormalOutcomeRule;

impl Rule<u8> for NormalOutcomeRule {
    #[inline(always)]
    fn finish(acc: u8) -> u8 {
        // bit 0 of acc set: some option is P, so this is N (2).
        (!acc & 1) | ((acc & 1) << 1)
    }
}

/// Misère outcomes: P (1) iff there is an option and none is P, else N (2).
#[derive(Clone, Copy, Debug)]
pub struct MisereOutcomeRule;

impl Rule<u8> for MisereOutcomeRule {
    #[inline(always)]
    fn finish(acc: u8) -> u8 {
        // Options' cells are 1 or 2, so "some option, none P" is acc == 2.
        if acc == 2 { 1 } else { 2 }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn grundy_mex_is_lowest_zero_bit() {
        assert_eq!(<GrundyRule as Rule<u8>>::finish(0b0000), 0b0001);
        assert_eq!(<GrundyRule as Rule<u8>>::finish(0b1011), 0b0100);
        assert_eq!(<GrundyRule as Rule<u8>>::finish(0b0111_1111), 0b1000_0000);
        assert_eq!(<GrundyRule as Rule<u16>>::finish(0b110), 0b001);
    }

    #[test]
    fn outcome_rules() {
        // no option: normal P, misère N
        assert_eq!(NormalOutcomeRule::finish(0), 1);
        assert_eq!(MisereOutcomeRule::finish(0), 2);
        // only N options: P in both
        assert_eq!(NormalOutcomeRule::finish(2), 1);
        assert_eq!(MisereOutcomeRule::finish(2), 1);
        // a P option: N in both
        for acc in [1, 3] {
            assert_eq!(NormalOutcomeRule::finish(acc), 2);
            assert_eq!(MisereOutcomeRule::finish(acc), 2);
        }
    }
}
