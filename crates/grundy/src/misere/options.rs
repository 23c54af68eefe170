//! The options of heaps 0..=N of a heap game, each as the list of the
//! smaller heaps it leaves: all a misère quotient needs of the rules
//! (docs/MISERE.md §2.2, after Plambeck and Siegel, Misère quotients for
//! impartial games, J. Combin. Theory Ser. A 115 (2008)).

use std::ops::RangeInclusive;

use crate::budget::{Budget, Unit};
use crate::error::{Error, ErrorKind, Result};
use crate::game::HeapGame;

/// `options[h]`: the options of heap h, each the heaps it leaves
/// (possibly none), sizes ascending, duplicates removed.
pub(crate) type HeapOptions = Vec<Vec<Vec<u32>>>;

/// How many options are listed between two polls of the deadline and
/// the cancel flag.
const POLL_EVERY: u64 = 1 << 16;

/// Appends the options of the heaps `heaps` of `game` to `options`,
/// which must list exactly the heaps below them. Each option listed
/// counts one position of `done` against `budget` (a code whose moves
/// leave three heaps has about h^2 / 12 options at heap h), so that the
/// listing stops, with the rest of the search, at the budget.
///
/// Errors: a [`ErrorKind::Budget`] stop; [`ErrorKind::Unsupported`] for
/// an option that leaves a heap not smaller than its own. Every rule set
/// of the crate leaves smaller heaps (a move takes at least one token,
/// or, with d0 = 4 or 8, splits the heap into two or three non-empty
/// ones); the check is for rules added later, whose quotient the
/// heap-by-heap solver could not compute (docs/MISERE.md §2.2).
pub(crate) fn list_options(
    game: &dyn HeapGame,
    heaps: RangeInclusive<u32>,
    options: &mut HeapOptions,
    budget: &Budget,
    done: &mut u64,
) -> Result<()> {
    debug_assert_eq!(options.len() as u64, u64::from(*heaps.start()));
    let mut since_poll = 0;
    for h in heaps {
        let mut list: Vec<Vec<u32>> = Vec::new();
        let mut bad: Option<u64> = None;
        game.options(u64::from(h), &mut |o| {
            let leaves = o.leaves();
            if let Some(&l) = leaves.iter().find(|&&l| l >= u64::from(h)) {
                bad.get_or_insert(l);
                return;
            }
            let mut leaves: Vec<u32> =
                leaves.iter().map(|&l| l as u32).collect();
            leaves.sort_unstable();
            list.push(leaves);
        });
        if let Some(l) = bad {
            return Err(Error::new(
                ErrorKind::Unsupported,
                format!(
                    "heap {h} has an option that leaves a heap of {l}, not \
                     smaller: a misère quotient is computed heap by heap \
                     and needs every move to leave smaller heaps"
                ),
            ));
        }
        list.sort();
        list.dedup();
        *done += list.len() as u64;
        since_poll += list.len() as u64 + 1;
        options.push(list);
        if since_poll >= POLL_EVERY {
            since_poll = 0;
            budget.check(*done, Unit::Positions).map_err(|s| {
                Error::budget(
                    s,
                    format!("the options of heap {h} were not listed"),
                )
            })?;
        }
    }
    Ok(())
}

/// The options of heaps 0..=`max` of `game`, without a budget (tests).
#[cfg(test)]
pub(crate) fn heap_options(game: &dyn HeapGame, max: u32) -> HeapOptions {
    let mut options = HeapOptions::new();
    list_options(game, 0..=max, &mut options, &Budget::default(), &mut 0)
        .unwrap();
    options
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

    /// A broken rule: heap h may become heap h (or larger).
    struct Stays;

    impl HeapGame for Stays {
        fn options(&self, heap: u64, visit: &mut dyn FnMut(HeapOption)) {
            if heap >= 3 {
                visit(HeapOption::new(0, &[heap]));
            }
            if heap >= 1 {
                visit(HeapOption::subtract(heap, 1));
            }
        }
    }

    #[test]
    fn misere_options_refuse_a_leaf_not_smaller() {
        let mut options = HeapOptions::new();
        let e = list_options(
            &Stays,
            0..=5,
            &mut options,
            &Budget::default(),
            &mut 0,
        )
        .unwrap_err();
        assert_eq!(e.kind(), crate::ErrorKind::Unsupported);
        assert!(e.message().starts_with("heap 3 has an option"), "{e}");
        // heaps 0..=2 were listed and stay right
        assert_eq!(options.len(), 3);
    }

    #[test]
    fn misere_options_count_against_the_budget() {
        // 0.77's heaps 0..=400 have about 80,000 options: a budget of
        // 1000 stops the listing, which counted what it listed
        let mut options = HeapOptions::new();
        let mut done = 0;
        let budget = Budget::positions(1000);
        let e = list_options(
            &octal(&[7, 7]),
            0..=400,
            &mut options,
            &budget,
            &mut done,
        )
        .unwrap_err();
        assert_eq!(e.kind(), crate::ErrorKind::Budget);
        let counted: usize = options.iter().map(Vec::len).sum();
        assert_eq!(done, counted as u64);
        assert!(options.len() < 401);
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
