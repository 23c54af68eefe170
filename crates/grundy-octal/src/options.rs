//! The options (moves) of one heap in a take-and-break game.
//!
//! This is the definition of the game as code: the naive engine takes the
//! mex over exactly these options, and a perfect player can pick among
//! them. Each option removes i tokens (the digit d_i allows it) and leaves
//! 0, 1, 2 or (hexadecimal games) 3 non-empty heaps, listed once each with
//! the heap sizes in ascending order (Berlekamp, Conway, Guy, Winning Ways,
//! ch. 4).

use crate::code::{LEAVE_NONE, LEAVE_ONE, LEAVE_THREE, LEAVE_TWO, Rules};

/// One move from a heap: how many tokens it removes and the heaps it
/// leaves.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Move {
    removed: u64,
    parts: u8,
    heaps: [u64; 3],
}

impl Move {
    fn new(removed: u64, heaps: &[u64]) -> Move {
        let mut all = [0; 3];
        all[..heaps.len()].copy_from_slice(heaps);
        Move { removed, parts: heaps.len() as u8, heaps: all }
    }

    /// The number of tokens the move removes (0 for a pure split).
    pub fn removed(&self) -> u64 {
        self.removed
    }

    /// The non-empty heaps left, in ascending order (none, one, two or
    /// three).
    pub fn heaps(&self) -> &[u64] {
        &self.heaps[..usize::from(self.parts)]
    }
}

#[derive(Clone, Copy, Debug)]
enum Stage {
    None,
    One,
    Two,
    Three,
    Next,
}

/// Iterator over the options of one heap, from [`Rules::options`].
#[derive(Clone, Debug)]
pub struct Options<'a> {
    rules: &'a Rules,
    n: u64,
    i: u64,
    last: u64,
    stage: Stage,
    a: u64,
    b: u64,
}

impl<'a> Options<'a> {
    pub(crate) fn new(rules: &'a Rules, n: u64) -> Options<'a> {
        let last = (rules.code_len() as u64).min(n);
        Options { rules, n, i: 0, last, stage: Stage::None, a: 1, b: 1 }
    }
}

impl Iterator for Options<'_> {
    type Item = Move;

    fn next(&mut self) -> Option<Move> {
        loop {
            if self.i > self.last {
                return None;
            }
            let d = self.rules.digit(self.i as usize);
            let i = self.i;
            let m = self.n - i;
            match self.stage {
                Stage::None => {
                    self.stage = Stage::One;
                    if d & LEAVE_NONE != 0 && m == 0 && i > 0 {
                        return Some(Move::new(i, &[]));
                    }
                }
                Stage::One => {
                    self.stage = Stage::Two;
                    self.a = 1;
                    if d & LEAVE_ONE != 0 && m >= 1 && i > 0 {
                        return Some(Move::new(i, &[m]));
                    }
                }
                Stage::Two => {
                    let hi = if self.rules.unequal_split() {
                        m.saturating_sub(1) / 2
                    } else {
                        m / 2
                    };
                    if d & LEAVE_TWO != 0 && self.a <= hi {
                        let a = self.a;
                        self.a += 1;
                        return Some(Move::new(i, &[a, m - a]));
                    }
                    self.stage = Stage::Three;
                    self.a = 1;
                    self.b = 1;
                }
                Stage::Three => {
                    if d & LEAVE_THREE != 0 {
                        while 3 * self.a <= m {
                            let (a, b) = (self.a, self.b.max(self.a));
                            if a + 2 * b <= m {
                                self.b = b + 1;
                                return Some(Move::new(i, &[a, b, m - a - b]));
                            }
                            self.a += 1;
                            self.b = self.a;
                        }
                    }
                    self.stage = Stage::Next;
                }
                Stage::Next => {
                    self.i += 1;
                    self.stage = Stage::None;
                }
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use proptest::prelude::*;
    use std::collections::HashSet;

    fn moves(code: &str, n: u64) -> Vec<(u64, Vec<u64>)> {
        let rules: Rules = code.parse().unwrap();
        rules.options(n).map(|m| (m.removed(), m.heaps().to_vec())).collect()
    }

    #[test]
    fn kayles_heap_of_three() {
        assert_eq!(
            moves("0.77", 3),
            vec![(1, vec![2]), (1, vec![1, 1]), (2, vec![1])]
        );
        assert_eq!(moves("0.77", 1), vec![(1, vec![])]);
        assert_eq!(moves("0.77", 0), vec![]);
    }

    #[test]
    fn splits_without_removing() {
        assert_eq!(moves("4.0", 4), vec![(0, vec![1, 3]), (0, vec![2, 2])]);
        let grundy: Vec<_> =
            Rules::Grundy.options(6).map(|m| m.heaps().to_vec()).collect();
        assert_eq!(grundy, vec![vec![1, 5], vec![2, 4]]);
        assert_eq!(Rules::Grundy.options(2).count(), 0);
    }

    #[test]
    fn three_heaps() {
        assert_eq!(
            moves("0.8", 7),
            vec![(1, vec![1, 1, 4]), (1, vec![1, 2, 3]), (1, vec![2, 2, 2]),]
        );
    }

    /// Brute force over all ways to write n - i as ordered parts, then
    /// deduplicated: the iterator must list each multiset exactly once.
    fn brute(rules: &Rules, n: u64) -> HashSet<(u64, Vec<u64>)> {
        let mut all = HashSet::new();
        for i in 0..=(rules.code_len() as u64).min(n) {
            let d = rules.digit(i as usize);
            let m = n - i;
            if d & LEAVE_NONE != 0 && m == 0 && i > 0 {
                all.insert((i, vec![]));
            }
            if d & LEAVE_ONE != 0 && m > 0 && i > 0 {
                all.insert((i, vec![m]));
            }
            for a in 1..m {
                let b = m - a;
                if d & LEAVE_TWO != 0 && (!rules.unequal_split() || a != b) {
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
            let rules = if grundy {
                Rules::Grundy
            } else {
                crate::OctalCode::new(d0, &digits).unwrap().into()
            };
            let listed: Vec<_> = rules
                .options(n)
                .map(|m| (m.removed(), m.heaps().to_vec()))
                .collect();
            let set: HashSet<_> = listed.iter().cloned().collect();
            prop_assert_eq!(set.len(), listed.len(), "duplicates");
            prop_assert_eq!(set, brute(&rules, n));
            for (removed, heaps) in &listed {
                prop_assert!(heaps.windows(2).all(|w| w[0] <= w[1]));
                prop_assert_eq!(removed + heaps.iter().sum::<u64>(), n);
            }
        }
    }
}
