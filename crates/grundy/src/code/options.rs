//! The options (moves) of one heap of a take-and-break game: the game's
//! definition as code.
//!
//! Each option removes i tokens (the digit d_i allows it) and leaves 0,
//! 1, 2 or (hexadecimal games) 3 non-empty heaps, listed once each with
//! the heap sizes ascending, by i, then by the number of heaps, then by
//! the sizes (Berlekamp, Conway, Guy, Winning Ways, ch. 4). The naive
//! engine takes the mex over exactly these options, and the exact solver
//! and perfect play walk them.

use crate::game::{HeapGame, HeapOption};

use super::{LEAVE_NONE, LEAVE_ONE, LEAVE_THREE, LEAVE_TWO, OctalGame};

impl HeapGame for OctalGame {
    fn options(&self, heap: u64, visit: &mut dyn FnMut(HeapOption)) {
        let last = (self.code_len() as u64).min(heap);
        for i in 0..=last {
            let d = self.digit(i as usize);
            let m = heap - i;
            if d & LEAVE_NONE != 0 && m == 0 && i > 0 {
                visit(HeapOption::new(i, &[]));
            }
            if d & LEAVE_ONE != 0 && m >= 1 && i > 0 {
                visit(HeapOption::new(i, &[m]));
            }
            if d & LEAVE_TWO != 0 {
                let hi = if self.unequal_split() {
                    m.saturating_sub(1) / 2
                } else {
                    m / 2
                };
                for a in 1..=hi {
                    visit(HeapOption::new(i, &[a, m - a]));
                }
            }
            if d & LEAVE_THREE != 0 {
                let mut a = 1;
                while 3 * a <= m {
                    let mut b = a;
                    while a + 2 * b <= m {
                        visit(HeapOption::new(i, &[a, b, m - a - b]));
                        b += 1;
                    }
                    a += 1;
                }
            }
        }
    }

    fn options_at_most(&self, heap: u64) -> Option<u64> {
        let last = (self.code_len() as u64).min(heap);
        let mut count = 0u64;
        for i in 0..=last {
            let d = self.digit(i as usize);
            let m = heap - i;
            count = count.saturating_add(2);
            if d & LEAVE_TWO != 0 {
                count = count.saturating_add(m / 2);
            }
            if d & LEAVE_THREE != 0 {
                count = count.saturating_add(m.saturating_mul(m));
            }
        }
        Some(count)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::code::OctalCode;
    use proptest::prelude::*;
    use std::collections::HashSet;

    fn game(d0: u8, digits: &[u8]) -> OctalGame {
        OctalCode::new(d0, digits).unwrap().into()
    }

    fn moves(game: &OctalGame, n: u64) -> Vec<(u64, Vec<u64>)> {
        let mut out = Vec::new();
        game.options(n, &mut |o| out.push((o.take(), o.leaves().to_vec())));
        out
    }

    #[test]
    fn kayles_heap_of_three() {
        let kayles = game(0, &[7, 7]);
        assert_eq!(
            moves(&kayles, 3),
            vec![(1, vec![2]), (1, vec![1, 1]), (2, vec![1])]
        );
        assert_eq!(moves(&kayles, 1), vec![(1, vec![])]);
        assert_eq!(moves(&kayles, 0), vec![]);
    }

    #[test]
    fn splits_without_removing() {
        assert_eq!(
            moves(&game(4, &[]), 4),
            vec![(0, vec![1, 3]), (0, vec![2, 2])]
        );
        let parts: Vec<Vec<u64>> =
            moves(&OctalGame::Grundy, 6).into_iter().map(|m| m.1).collect();
        assert_eq!(parts, vec![vec![1, 5], vec![2, 4]]);
        assert!(moves(&OctalGame::Grundy, 2).is_empty());
    }

    #[test]
    fn three_heaps() {
        assert_eq!(
            moves(&game(0, &[8]), 7),
            vec![(1, vec![1, 1, 4]), (1, vec![1, 2, 3]), (1, vec![2, 2, 2])]
        );
    }

    /// Every way to write n - i as ordered parts, deduplicated: the
    /// options must list each multiset exactly once.
    fn brute(game: &OctalGame, n: u64) -> HashSet<(u64, Vec<u64>)> {
        let mut all = HashSet::new();
        for i in 0..=(game.code_len() as u64).min(n) {
            let d = game.digit(i as usize);
            let m = n - i;
            if d & LEAVE_NONE != 0 && m == 0 && i > 0 {
                all.insert((i, vec![]));
            }
            if d & LEAVE_ONE != 0 && m > 0 && i > 0 {
                all.insert((i, vec![m]));
            }
            for a in 1..m {
                let b = m - a;
                if d & LEAVE_TWO != 0 && (!game.unequal_split() || a != b) {
                    let mut v = vec![a, b];
                    v.sort();
                    all.insert((i, v));
                }
                for c in 1..b {
                    if d & LEAVE_THREE != 0 {
                        let mut v = vec![a, c, b - c];
                        v.sort();
                        all.insert((i, v));
                    }
                }
            }
        }
        all
    }

    proptest! {
        #[test]
        fn options_are_exactly_the_moves(
            d0 in prop::sample::select(vec![0u8, 4, 8, 12]),
            digits in prop::collection::vec(0u8..16, 0..6),
            n in 0u64..24,
            grundy in any::<bool>(),
        ) {
            let g = if grundy { OctalGame::Grundy } else { game(d0, &digits) };
            let listed = moves(&g, n);
            let set: HashSet<_> = listed.iter().cloned().collect();
            prop_assert_eq!(set.len(), listed.len(), "duplicates");
            prop_assert_eq!(set, brute(&g, n));
            for (take, heaps) in &listed {
                prop_assert!(heaps.windows(2).all(|w| w[0] <= w[1]));
                prop_assert_eq!(take + heaps.iter().sum::<u64>(), n);
            }
        }
    }
}
