//! Validated subtraction sets: the data of the subtraction games.
//!
//! A subtraction game is fixed by the set S of amounts a move may remove:
//! a finite set ([`FiniteSet`]) or an all-but (cofinite) set
//! S = {1, 2, 3, ...} \ X ([`AllButSet`], the All-but Nim of Suetsugu and
//! Abuku). Both constructors validate: sorted, deduplicated, no 0 (a pass
//! would make the game infinite), at most [`MAX_ELEMENT`]. Nim is the
//! all-but set with X empty. The notation lives in `notation.rs`; the fast
//! engines and period theorems for these sets are picked in
//! `rules/subtraction.rs`. This module sits just above the leaves
//! (`error`, `game`).

use crate::error::{Error, ErrorKind, Result};
use crate::game::{HeapGame, HeapOption};

/// The largest element a set may contain (and the largest excluded value of
/// an all-but set). The fast engines keep a window of `max(S)` values.
pub const MAX_ELEMENT: u64 = 10_000_000;

/// A finite, non-empty set of positive integers: the legal move sizes.
#[derive(Clone, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct FiniteSet {
    elements: Vec<u64>,
}

impl FiniteSet {
    /// Builds a set from any elements: sorts them and merges duplicates.
    ///
    /// Rejects an empty set, 0 and elements above [`MAX_ELEMENT`].
    pub fn new(elements: impl IntoIterator<Item = u64>) -> Result<FiniteSet> {
        let mut elements: Vec<u64> = elements.into_iter().collect();
        elements.sort_unstable();
        elements.dedup();
        if elements.is_empty() {
            return Err(Error::parse(
                "empty subtraction set; write at least one move size, \
                 e.g. \"1,2,3\"",
            ));
        }
        if elements[0] == 0 {
            return Err(Error::parse(
                "subtraction set contains \"0\"; a move must take at least \
                 one stone, so remove the 0",
            ));
        }
        check_max(*elements.last().unwrap())?;
        Ok(FiniteSet { elements })
    }

    /// The elements, ascending.
    pub fn elements(&self) -> &[u64] {
        &self.elements
    }

    /// The number of elements, k = |S|. Grundy values never exceed it.
    pub fn len(&self) -> usize {
        self.elements.len()
    }

    /// Always false: a finite set is never empty.
    pub fn is_empty(&self) -> bool {
        false
    }

    /// The least element.
    pub fn min_element(&self) -> u64 {
        self.elements[0]
    }

    /// The largest element, m = max(S): the window the sequence depends on.
    pub fn max_element(&self) -> u64 {
        *self.elements.last().unwrap()
    }

    /// The gcd d of the elements (g_S(n) = g_{S/d}(floor(n/d))).
    pub fn gcd(&self) -> u64 {
        self.elements.iter().fold(0, |a, &b| num_integer::gcd(a, b))
    }

    /// Whether `amount` is a legal move size.
    pub fn contains(&self, amount: u64) -> bool {
        self.elements.binary_search(&amount).is_ok()
    }
}

/// A cofinite set S = {1, 2, 3, ...} \ X with X finite (All-but Nim).
#[derive(Clone, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct AllButSet {
    excluded: Vec<u64>,
}

impl AllButSet {
    /// Builds the set of all positive integers except `excluded`.
    ///
    /// `excluded` may be empty (that is Nim); 0 and values above
    /// [`MAX_ELEMENT`] are rejected.
    pub fn new(excluded: impl IntoIterator<Item = u64>) -> Result<AllButSet> {
        let mut excluded: Vec<u64> = excluded.into_iter().collect();
        excluded.sort_unstable();
        excluded.dedup();
        if excluded.first() == Some(&0) {
            return Err(Error::parse(
                "all-but set excludes \"0\", which is never a move; remove \
                 the 0",
            ));
        }
        if let Some(&max) = excluded.last() {
            check_max(max)?;
        }
        Ok(AllButSet { excluded })
    }

    /// The excluded move sizes X, ascending.
    pub fn excluded(&self) -> &[u64] {
        &self.excluded
    }

    /// max(X), or 0 when X is empty (Nim).
    pub fn max_excluded(&self) -> u64 {
        self.excluded.last().copied().unwrap_or(0)
    }

    /// Whether X is empty, i.e. the game is Nim.
    pub fn is_nim(&self) -> bool {
        self.excluded.is_empty()
    }

    /// d = gcd(X) and X / d, when d > 1 (Suetsugu-Abuku, Theorem 6:
    /// G_X(n) = d G_{X/d}(floor(n / d)) + (n mod d)).
    ///
    /// ```
    /// let x: grundy::AllButSet = "all-but:3,6,9".parse()?;
    /// let (d, reduced) = x.reduced().unwrap();
    /// assert_eq!((d, reduced.to_string()), (3, "all-but:1,2,3".to_string()));
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn reduced(&self) -> Option<(u64, AllButSet)> {
        let d = self.excluded.iter().fold(0, |a, &b| num_integer::gcd(a, b));
        (d > 1).then(|| {
            (
                d,
                AllButSet {
                    excluded: self.excluded.iter().map(|&x| x / d).collect(),
                },
            )
        })
    }

    /// Nim: X empty.
    pub fn nim() -> AllButSet {
        AllButSet { excluded: Vec::new() }
    }

    /// The least legal move size.
    pub fn min_move(&self) -> u64 {
        (1..).find(|&a| self.contains(a)).expect("X is finite")
    }

    /// Whether `amount` is a legal move size.
    pub fn contains(&self, amount: u64) -> bool {
        amount > 0 && self.excluded.binary_search(&amount).is_err()
    }
}

fn check_max(max: u64) -> Result<()> {
    if max > MAX_ELEMENT {
        return Err(Error::new(
            ErrorKind::TooLarge,
            format!(
                "element \"{max}\" is too large for the engine; elements \
                 must be at most {MAX_ELEMENT}"
            ),
        ));
    }
    Ok(())
}

/// A parsed subtraction set of either kind (the notation's result).
#[derive(Clone, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub(crate) enum SubtractionSet {
    /// A finite set of move sizes.
    Finite(FiniteSet),
    /// All positive move sizes except a finite set.
    AllBut(AllButSet),
}

impl From<FiniteSet> for SubtractionSet {
    fn from(set: FiniteSet) -> SubtractionSet {
        SubtractionSet::Finite(set)
    }
}

impl From<AllButSet> for SubtractionSet {
    fn from(set: AllButSet) -> SubtractionSet {
        SubtractionSet::AllBut(set)
    }
}

impl HeapGame for FiniteSet {
    fn options(&self, heap: u64, visit: &mut dyn FnMut(HeapOption)) {
        for &take in self.elements.iter().take_while(|&&s| s <= heap) {
            visit(HeapOption::subtract(heap, take));
        }
    }

    /// The elements up to the heap (issue 37: counting all of them made
    /// `play --set 1-3000000 --heap 100`, a game of 101 positions, too
    /// big to solve).
    fn options_at_most(&self, heap: u64) -> Option<u64> {
        Some(self.elements.partition_point(|&e| e <= heap) as u64)
    }
}

impl HeapGame for AllButSet {
    fn options(&self, heap: u64, visit: &mut dyn FnMut(HeapOption)) {
        for take in (1..=heap).filter(|&s| self.contains(s)) {
            visit(HeapOption::subtract(heap, take));
        }
    }

    fn options_at_most(&self, heap: u64) -> Option<u64> {
        Some(heap)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn finite_is_sorted_and_deduplicated() {
        let s = FiniteSet::new([5, 2, 3, 2]).unwrap();
        assert_eq!(s.elements(), &[2, 3, 5]);
        assert_eq!((s.min_element(), s.max_element(), s.len()), (2, 5, 3));
    }

    #[test]
    fn finite_rejects_empty_zero_and_huge() {
        assert!(FiniteSet::new([]).is_err());
        assert!(FiniteSet::new([0, 1]).is_err());
        let e = FiniteSet::new([MAX_ELEMENT + 1]).unwrap_err();
        assert_eq!(e.kind(), ErrorKind::TooLarge);
    }

    #[test]
    fn gcd() {
        assert_eq!(FiniteSet::new([4, 6, 10]).unwrap().gcd(), 2);
        assert_eq!(FiniteSet::new([3]).unwrap().gcd(), 3);
    }

    #[test]
    fn all_but_contains() {
        let s = AllButSet::new([2, 3]).unwrap();
        assert!(s.contains(1) && !s.contains(2) && s.contains(4));
        assert!(!s.contains(0));
        let t = AllButSet::new([1, 2]).unwrap();
        let mut takes = Vec::new();
        t.options(5, &mut |o| takes.push(o.take()));
        assert_eq!(takes, vec![3, 4, 5]);
    }
}
