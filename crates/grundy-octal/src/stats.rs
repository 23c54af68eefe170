//! What a computation has seen, reported the way researchers publish it:
//! the value frequencies and the rare values with where they occurred
//! (A. Flammenkamp, Sprague-Grundy values of octal games, lists the rare
//! values of each unsolved game with their positions).

use crate::Mask;

/// A rare value: how often it occurred at a rare position, first and last
/// where.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
pub struct RareValue {
    /// The value.
    pub value: u16,
    /// How many rare positions (heaps of at least one token) hold it.
    pub count: u64,
    /// The first such position.
    pub first: u64,
    /// The last such position.
    pub last: u64,
}

/// The state of a computation in numbers.
#[derive(Clone, Debug, PartialEq, Eq)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
pub struct Summary {
    /// Values computed: g(0) to g(len - 1).
    pub len: u64,
    /// The largest value.
    pub max_value: u16,
    /// `frequencies[v]` = how many n below len have g(n) = v.
    pub frequencies: Vec<u64>,
    /// The rare/common split in use.
    pub mask: Mask,
    /// The values at rare positions, by value.
    pub rare: Vec<RareValue>,
    /// The last rare position.
    pub last_rare: Option<u64>,
}
