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

/// A one-hot cell of 64 N bits held as N machine words, for the sets the
/// primitive words are too narrow for (64 <= |S| < 128 takes N = 2).
///
/// The block engine's inner loop is an OR of cells across W lanes. With
/// `u128` cells the compiler keeps that loop scalar (two 64-bit ORs a
/// cell); an array of words is OR-ed word by word, which it turns into
/// SIMD instructions like the narrower cells: 1.6-2.3x faster for random
/// sets of 100 and 200 elements (issue 34, BENCHMARKS.md "Sets of 64
/// elements and more"). Only the mex, once a position, needs the carry of
/// `inc`.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
#[repr(C)]
pub struct Words<const N: usize>(pub [u64; N]);

impl<const N: usize> Default for Words<N> {
    fn default() -> Self {
        Words([0; N])
    }
}

impl<const N: usize> BitOr for Words<N> {
    type Output = Self;
    #[inline(always)]
    fn bitor(mut self, other: Self) -> Self {
        self |= other;
        self
    }
}

impl<const N: usize> BitOrAssign for Words<N> {
    #[inline(always)]
    fn bitor_assign(&mut self, other: Self) {
        for (w, o) in self.0.iter_mut().zip(other.0) {
            *w |= o;
        }
    }
}

impl<const N: usize> BitAnd for Words<N> {
    type Output = Self;
    #[inline(always)]
    fn bitand(mut self, other: Self) -> Self {
        for (w, o) in self.0.iter_mut().zip(other.0) {
            *w &= o;
        }
        self
    }
}

impl<const N: usize> Not for Words<N> {
    type Output = Self;
    #[inline(always)]
    fn not(mut self) -> Self {
        for w in &mut self.0 {
            *w = !*w;
        }
        self
    }
}

impl<const N: usize> Cell for Words<N> {
    const ZERO: Self = Words([0; N]);

    /// Adds one to the 64 N-bit number (word 0 the lowest), wrapping.
    #[inline(always)]
    fn inc(mut self) -> Self {
        for w in &mut self.0 {
            let (sum, carry) = w.overflowing_add(1);
            *w = sum;
            if !carry {
                break;
            }
        }
        self
    }

    #[inline(always)]
    fn value(self) -> u32 {
        let mut base = 0;
        for w in self.0 {
            if w != 0 {
                return base + w.trailing_zeros();
            }
            base += u64::BITS;
        }
        base
    }

    #[inline(always)]
    fn highest(self) -> u32 {
        for (i, w) in self.0.iter().enumerate().rev() {
            if *w != 0 {
                return i as u32 * u64::BITS
                    + (u64::BITS - 1 - w.leading_zeros());
            }
        }
        0
    }
}

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

    /// Two words behave as the 128-bit integer they hold, for every
    /// operation the engine uses, at the word boundary and across it.
    #[test]
    fn two_words_are_a_u128() {
        let words = |x: u128| Words::<2>([x as u64, (x >> 64) as u64]);
        let mut samples = vec![0u128, 1, u128::MAX, u64::MAX as u128];
        for bit in 0..128 {
            samples.push(1 << bit);
            samples.push((1u128 << bit) - 1);
            samples.push(!((1u128 << bit) - 1));
        }
        samples.push(0x0123_4567_89ab_cdef_fedc_ba98_7654_3210);
        for &x in &samples {
            assert_eq!(words(x).inc(), words(x.wrapping_add(1)), "{x:#x}");
            assert_eq!(!words(x), words(!x));
            assert_eq!(words(x).highest(), x.highest(), "{x:#x}");
            if x != 0 {
                assert_eq!(words(x).value(), x.value(), "{x:#x}");
            }
            for &y in &samples[..40] {
                assert_eq!(words(x) | words(y), words(x | y));
                assert_eq!(words(x) & words(y), words(x & y));
            }
            assert_eq!(
                <GrundyRule as Rule<Words<2>>>::finish(words(x)),
                words(<GrundyRule as Rule<u128>>::finish(x)),
                "{x:#x}"
            );
        }
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
