//! The options of heaps 0..=N of a heap game, each as the list of the
//! smaller heaps it leaves: all a misère quotient needs of the rules
//! (docs/MISERE.md §2.2, after Plambeck and Siegel, Misère quotients for
//! impartial games, J. Combin. Theory Ser. A 115 (2008)).

use crate::game::HeapGame;

/// `options[h]`: the options of heap h, each the heaps it leaves
/// (possibly none), sizes ascending, duplicates removed.
pub(crate) type HeapOptions = Vec<Vec<Vec<u32>>>;

/// The options of heaps 0..=`max` of `game`. Heaps above `u32::MAX` are
/// not asked for; a leaf that is not smaller than its heap is dropped
/// (every rule set of the crate leaves smaller heaps).
pub(crate) fn heap_options(game: &dyn HeapGame, max: u32) -> HeapOptions {
    (0..=max)
        .map(|h| {
            let mut list: Vec<Vec<u32>> = Vec::new();
            game.options(u64::from(h), &mut |o| {
                let mut leaves: Vec<u32> = o
                    .leaves()
                    .iter()
                    .filter(|&&l| l < u64::from(h))
                    .map(|&l| l as u32)
                    .collect();
                leaves.sort_unstable();
                list.push(leaves);
            });
            list.sort();
            list.dedup();
            list
        })
        .collect()
}

#[cfg(test)]
pub(crate) mod tests {
    use super::*;
    use crate::code::{OctalCode, OctalGame};
    use crate::game::HeapOption;

    /// Nim: a heap of n tokens may become any smaller heap.
    pub(crate) struct Nim;

    impl HeapGame for Nim {
        fn options(&self, heap: u64, visit: &mut dyn FnMut(HeapOption)) {
            for take in 1..=heap {
                visit(HeapOption::subtract(heap, take));
            }
        }
    }

    /// The octal game of `digits` after `0.`.
    pub(crate) fn octal(digits: &[u8]) -> OctalGame {
        OctalGame::from(OctalCode::new(0, digits).unwrap())
    }

    /// The subtraction game of `set`.
    pub(crate) fn subtraction(set: &[u64]) -> OctalGame {
        OctalGame::from(OctalCode::from_subtraction_set(set).unwrap())
    }

    #[test]
    fn misere_heap_options() {
        let nim = heap_options(&Nim, 3);
        assert_eq!(nim[3], vec![vec![], vec![1], vec![2]]);
        assert!(nim[0].is_empty());
        // 0.75: take 1 leaving 0, 1 or 2 heaps; take 2 leaving 0 or 2
        let g = heap_options(&octal(&[7, 5]), 5);
        assert_eq!(g[1], vec![Vec::<u32>::new()]);
        assert_eq!(g[2], vec![vec![], vec![1]]);
        assert_eq!(g[5], vec![vec![1, 2], vec![1, 3], vec![2, 2], vec![4]]);
        let s = heap_options(&subtraction(&[2]), 3);
        assert_eq!(s[1], Vec::<Vec<u32>>::new());
        assert_eq!(s[3], vec![vec![1]]);
    }
}
