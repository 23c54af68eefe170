//! Nimbers: the values of impartial games.
//!
//! A [`Nimber`] is a non-negative integer under nim-addition (`+` is XOR),
//! written `0`, `*`, `*2`, `*3`, ... as in Winning Ways and CGSuite. The
//! [`mex`] function is the minimum excludant that defines Grundy values.
//! Modelled on cgt-tools' `Nimber` newtype.

use std::fmt;
use std::ops::{Add, AddAssign};

/// The value of an impartial game. `+` is the nim-sum (XOR).
#[derive(
    Clone, Copy, Debug, Default, PartialEq, Eq, PartialOrd, Ord, Hash,
)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
#[cfg_attr(feature = "serde", serde(transparent))]
pub struct Nimber(pub u64);

impl Nimber {
    /// The nimber 0: a loss for the player to move (normal play).
    pub const ZERO: Nimber = Nimber(0);

    /// The underlying integer.
    pub fn value(self) -> u64 {
        self.0
    }

    /// Whether this is 0, i.e. a P-position under normal play.
    pub fn is_zero(self) -> bool {
        self.0 == 0
    }
}

impl From<u64> for Nimber {
    fn from(value: u64) -> Nimber {
        Nimber(value)
    }
}

// Nim-addition is XOR: that is the point of the type.
#[allow(clippy::suspicious_arithmetic_impl)]
impl Add for Nimber {
    type Output = Nimber;
    fn add(self, rhs: Nimber) -> Nimber {
        Nimber(self.0 ^ rhs.0)
    }
}

#[allow(clippy::suspicious_op_assign_impl)]
impl AddAssign for Nimber {
    fn add_assign(&mut self, rhs: Nimber) {
        self.0 ^= rhs.0;
    }
}

impl std::iter::Sum for Nimber {
    fn sum<I: Iterator<Item = Nimber>>(iter: I) -> Nimber {
        iter.fold(Nimber::ZERO, |a, b| a + b)
    }
}

impl fmt::Display for Nimber {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self.0 {
            0 => f.write_str("0"),
            1 => f.write_str("*"),
            n => write!(f, "*{n}"),
        }
    }
}

/// The minimum excludant: the least value not in `values`.
///
/// ```
/// use grundy::{mex, Nimber};
/// let m = mex([Nimber(0), Nimber(2)]);
/// assert_eq!(m, Nimber(1));
/// assert_eq!(mex([]), Nimber(0));
/// ```
pub fn mex(values: impl IntoIterator<Item = Nimber>) -> Nimber {
    let mut seen: Vec<bool> = Vec::new();
    for v in values {
        let v = v.0 as usize;
        if v >= seen.len() {
            seen.resize(v + 1, false);
        }
        seen[v] = true;
    }
    Nimber(seen.iter().position(|&s| !s).unwrap_or(seen.len()) as u64)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn display() {
        assert_eq!(Nimber(0).to_string(), "0");
        assert_eq!(Nimber(1).to_string(), "*");
        assert_eq!(Nimber(7).to_string(), "*7");
    }

    #[test]
    fn nim_sum_is_xor() {
        assert_eq!(Nimber(5) + Nimber(3), Nimber(6));
        let total: Nimber = [1, 2, 3].into_iter().map(Nimber).sum();
        assert_eq!(total, Nimber(0));
    }

    #[test]
    fn mex_examples() {
        assert_eq!(mex([Nimber(0), Nimber(1)]), Nimber(2));
        assert_eq!(mex([Nimber(1), Nimber(1)]), Nimber(0));
        assert_eq!(mex([Nimber(3), Nimber(0), Nimber(1)]), Nimber(2));
    }
}
