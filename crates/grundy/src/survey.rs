//! What a computation that found no period had seen, as researchers
//! publish it.
//!
//! A period search that runs out of budget must not guess. For octal
//! games the literature reports instead how far the computation got, how
//! often each value occurred and the rare values with where they occurred
//! (A. Flammenkamp, Sprague-Grundy values of octal games, lists the rare
//! values of each unsolved game with their positions; Czajka's tables give
//! the number of rare positions and the last one). [`Survey`] is that
//! record; a [`Stopped`](crate::Stopped) search carries it when its engine
//! keeps one.
//!
//! This module is a leaf: it imports nothing else from the crate.

/// A value that occurred at rare positions: how often, first and last.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
pub struct RareValue {
    /// The value.
    pub value: u64,
    /// How many rare positions (heaps of at least one token) hold it.
    pub count: u64,
    /// The first such position.
    pub first: u64,
    /// The last such position.
    pub last: u64,
}

/// The state of a computation of a sequence, in numbers.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
pub struct Survey {
    /// Values computed: g(0) to g(len - 1).
    pub len: u64,
    /// The largest value.
    pub max_value: u64,
    /// `frequencies[v]`: how many n below `len` have g(n) = v.
    pub frequencies: Vec<u64>,
    /// The rare/common split in use: the mask of value bits whose parity
    /// decides, as a number.
    pub mask: u64,
    /// Whether the split is in the domain (the position's parity enters,
    /// Flammenkamp's "split in the domain").
    pub domain: bool,
    /// The values at rare positions, by value.
    pub rare: Vec<RareValue>,
    /// The number of rare positions (heaps of at least one token).
    pub rare_positions: u64,
    /// The last rare position.
    pub last_rare: Option<u64>,
}
