//! A fixed-width bit set over the elements of a finite monoid: the
//! option-image sets of the N-check and the P-portion (docs/MISERE.md
//! §2.2, §2.6). The crate has no dependencies for this.

/// A set of small integers below a width fixed at creation.
#[derive(Clone, PartialEq, Eq, Hash, Debug)]
pub(crate) struct Bits(Vec<u64>);

impl Bits {
    /// The empty set of integers below `width`.
    pub(crate) fn new(width: usize) -> Bits {
        Bits(vec![0; width.div_ceil(64)])
    }

    /// Adds `i`.
    pub(crate) fn insert(&mut self, i: usize) {
        self.0[i / 64] |= 1 << (i % 64);
    }

    /// True when `i` is in the set.
    pub(crate) fn contains(&self, i: usize) -> bool {
        self.0.get(i / 64).is_some_and(|w| w >> (i % 64) & 1 == 1)
    }

    /// True when no integer is in the set.
    pub(crate) fn is_empty(&self) -> bool {
        self.0.iter().all(|&w| w == 0)
    }

    /// True when every member of `self` is in `other` (same width).
    pub(crate) fn is_subset(&self, other: &Bits) -> bool {
        self.0.iter().zip(&other.0).all(|(a, b)| a & !b == 0)
    }

    /// True when the two sets share a member (same width).
    pub(crate) fn meets(&self, other: &Bits) -> bool {
        self.0.iter().zip(&other.0).any(|(a, b)| a & b != 0)
    }

    /// The members, ascending.
    /// (One step per member, not per bit: the word's lowest set bit is
    /// taken off each time.)
    pub(crate) fn iter(&self) -> impl Iterator<Item = usize> + '_ {
        self.0.iter().enumerate().flat_map(|(k, &w)| {
            std::iter::successors((w != 0).then_some(w), |&v| {
                let rest = v & (v - 1);
                (rest != 0).then_some(rest)
            })
            .map(move |v| 64 * k + v.trailing_zeros() as usize)
        })
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn misere_bits_basics() {
        let mut a = Bits::new(130);
        let mut b = Bits::new(130);
        assert!(a.is_empty() && a.is_subset(&b));
        a.insert(3);
        a.insert(129);
        b.insert(3);
        assert!(!a.is_subset(&b) && b.is_subset(&a) && a.meets(&b));
        assert_eq!(a.iter().collect::<Vec<_>>(), [3, 129]);
        assert!(a.contains(129) && !a.contains(128) && !a.contains(500));
    }

    proptest::proptest! {
        /// `iter` lists exactly the members inserted, ascending, over
        /// widths of several words (a word's top bit included).
        #[test]
        fn misere_bits_iter_lists_the_members(
            width in 1usize..300,
            members in proptest::collection::vec(0usize..300, 0..40),
        ) {
            let mut b = Bits::new(width);
            let mut want = std::collections::BTreeSet::new();
            for &i in members.iter().filter(|&&i| i < width) {
                b.insert(i);
                want.insert(i);
            }
            if width > 63 {
                b.insert(63);
                want.insert(63);
            }
            let got: Vec<usize> = b.iter().collect();
            proptest::prop_assert_eq!(got, want.into_iter().collect::<Vec<_>>());
        }
    }
}
