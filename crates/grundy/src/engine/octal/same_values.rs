//! Codes whose Grundy values are provably equal, so that a table of codes
//! computes each sequence once.
//!
//! Many codes of a table are the same game past its first heaps. In the
//! three-digit table, 0.76, 0.761, 0.762 and 0.763 have one sequence, and
//! so do the eight codes 0.6de with d = 0-3 and e = 6, 7 (0.606, 0.607,
//! 0.616, ...).
//! Those sequences are the costly ones (values that keep growing, no
//! sparse space), so the sweep of `grundy sweep --octal` computes each
//! one once ([`OctalGame::same_values_key`]).
//!
//! **Why the values are equal.** Let t be the code length. A rule of the
//! code is *redundant* when, for every heap n > t, every option it gives
//! has the value of an option another rule gives, knowing only the first
//! values:
//!
//! * bit 1 of d_i (take a whole heap of exactly i <= t tokens) gives no
//!   option at all;
//! * bit 2 of d_i (remove i, leave n - i) is redundant if some i' < i has
//!   bit 4 and g(i - i') = 0: removing i' and leaving the heaps i - i'
//!   and n - i has the value g(n - i) (both parts are non-empty because
//!   i' < i < n); or some i' < i has bit 8 and two heaps x, y >= 1 with x
//!   + y = i - i' have g(x) xor g(y) = 0 (leave x, y and n - i);
//! * bit 4 of d_i (remove i, leave a and n - i - a) is redundant if some
//!   i' < i has bit 8 and g(i - i') = 0 (leave i - i', a and n - i - a).
//!
//! Bit 8 is never dropped, and bit 4 only for a reason that names bit 8,
//! so the value of every dropped option is still the value of a kept one:
//! the reduced rules give each heap n > t the same set of option values
//! as the code. Now take two codes of length at most T =
//! [`MAX_KEYED_DIGITS`] with the same values g(0), ..., g(T) and the same
//! reduced rules (the key, [`SameValues`]). By induction on n > T, if
//! their values agree below n, their options at n have the same set of
//! values (each code's equals that of the reduced rules), so g(n) agrees
//! too.
//!
//! The key says nothing about how a period search runs: that also
//! depends on t and the most heaps a move leaves (the Guy-Smith bound of
//! `period/octal.rs`), which the caller compares itself (0.76 and 0.761
//! have one sequence, but t = 2 and 3). It is a sufficient condition,
//! not a complete one: codes can have equal values for other reasons.
//! The argument is the induction of the periodicity theorem (Berlekamp,
//! Conway, Guy, Winning Ways, ch. 4) between two codes instead of two
//! places of one sequence.

use crate::code::{LEAVE_NONE, LEAVE_ONE, LEAVE_THREE, LEAVE_TWO, OctalGame};
use crate::engine::naive;

/// The longest code that gets a key, T: its values g(0), ..., g(T) are
/// computed by the definition (about T^4 / 36 three-heap options a digit
/// in all, for hexadecimal codes).
pub const MAX_KEYED_DIGITS: usize = 64;

/// What two take-and-break games share when their Grundy sequences are
/// provably equal (see [`OctalGame::same_values_key`]).
#[derive(Clone, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct SameValues {
    /// g(0), ..., g(T), T = [`MAX_KEYED_DIGITS`].
    first: Box<[u64]>,
    /// d0, ..., dt with the redundant rules dropped (and then trailing
    /// zeros).
    rules: Box<[u8]>,
}

impl OctalGame {
    /// A key such that two games with equal keys have the same Grundy
    /// value at every heap. It holds the first values and the rules that
    /// matter past them; the module documentation has the proof. `None`
    /// for Grundy's game and for codes longer than [`MAX_KEYED_DIGITS`].
    ///
    /// ```
    /// use grundy::Rules;
    /// let key = |code: &str| {
    ///     let rules: Rules = code.parse().unwrap();
    ///     rules.octal_game().unwrap().same_values_key()
    /// };
    /// // Taking a whole heap of 3 changes nothing: 0.76 has g(3) = 2 either way.
    /// assert_eq!(key("0.761"), key("0.76"));
    /// // 0.626 may remove 2 leaving one heap; 0.606 leaves heaps 1 and
    /// // n - 2 instead, and g(1) = 0.
    /// assert_eq!(key("0.626"), key("0.606"));
    /// // 0.762 may also take 3 leaving one heap: g(2) = 0 and 0.76 may
    /// // take 1 leaving 2 and n - 3. A key is about values only: t differs.
    /// assert_eq!(key("0.762"), key("0.76"));
    /// assert_ne!(key("0.77"), key("0.76"));
    /// assert_eq!(key("grundy"), None);
    /// # Ok::<(), grundy::Error>(())
    /// ```
    pub fn same_values_key(&self) -> Option<SameValues> {
        let OctalGame::Code(_) = self else { return None };
        let t = self.code_len();
        if t > MAX_KEYED_DIGITS {
            return None;
        }
        let first = naive::grundy_values(self, MAX_KEYED_DIGITS + 1);
        let digits: Vec<u8> = (0..=t).map(|i| self.digit(i)).collect();
        let mut rules: Vec<u8> =
            (0..=t).map(|i| reduced_digit(&digits, &first, i)).collect();
        while rules.len() > 1 && rules.last() == Some(&0) {
            rules.pop();
        }
        Some(SameValues {
            first: first.into_boxed_slice(),
            rules: rules.into_boxed_slice(),
        })
    }
}

/// d_i with the rules that are redundant for heaps past t dropped (see
/// the module documentation); `g` holds at least g(0), ..., g(t).
fn reduced_digit(digits: &[u8], g: &[u64], i: usize) -> u8 {
    if i == 0 {
        return digits[0];
    }
    let mut d = digits[i] & !LEAVE_NONE;
    // Each earlier digit i' < i, with the gap i - i' >= 1 its extra heaps
    // fill.
    let earlier = || (0..i).map(|j| (digits[j], i - j));
    let two_heaps_of_zero =
        |gap: usize| (1..=gap / 2).any(|x| g[x] ^ g[gap - x] == 0);
    let one_redundant = earlier().any(|(dj, gap)| {
        (dj & LEAVE_TWO != 0 && g[gap] == 0)
            || (dj & LEAVE_THREE != 0 && two_heaps_of_zero(gap))
    });
    if one_redundant {
        d &= !LEAVE_ONE;
    }
    let two_redundant =
        earlier().any(|(dj, gap)| dj & LEAVE_THREE != 0 && g[gap] == 0);
    if two_redundant {
        d &= !LEAVE_TWO;
    }
    d
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::code::OctalCode;
    use crate::game::HeapGame;
    use proptest::prelude::*;
    use std::collections::HashMap;

    fn game(d0: u8, digits: &[u8]) -> OctalGame {
        OctalGame::Code(OctalCode::new(d0, digits).unwrap())
    }

    fn key(code: &str) -> SameValues {
        let game: OctalGame = code.parse().unwrap();
        game.same_values_key().unwrap()
    }

    /// Every pair of codes d0.d1d2 (d0 in 0, 4, 8, C; digits 0-F) with one
    /// key has the same values by the definition, to 120 heaps: past the
    /// key's first 65 values.
    #[test]
    fn equal_keys_mean_equal_values_for_all_two_digit_codes() {
        let mut classes: HashMap<SameValues, Vec<u64>> = HashMap::new();
        let mut games = 0;
        for d0 in [0, 4, 8, 12] {
            for d1 in 0..16 {
                for d2 in 0..16 {
                    let g = game(d0, &[d1, d2]);
                    let values = naive::grundy_values(&g, 120);
                    let key = g.same_values_key().unwrap();
                    let first = classes.entry(key).or_insert(values.clone());
                    assert_eq!(*first, values, "{g:?}");
                    games += 1;
                }
            }
        }
        // The key does merge codes: far fewer classes than codes.
        assert!(classes.len() < games * 3 / 4, "{} classes", classes.len());
    }

    /// Random codes d0.d1...dt, t < 6, octal and hexadecimal: d0 and
    /// the digits after the point.
    fn codes() -> impl Strategy<Value = (u8, Vec<u8>)> {
        (
            prop::sample::select(vec![0u8, 4, 8, 12]),
            prop::collection::vec(0u8..16, 1..6),
        )
    }

    /// The option values of heap `n`, given the values below it.
    fn option_values(game: &OctalGame, n: u64, g: &[u64]) -> Vec<u64> {
        let mut seen = Vec::new();
        game.options(n, &mut |o| {
            seen.push(o.leaves().iter().fold(0, |a, &h| a ^ g[h as usize]));
        });
        seen.sort_unstable();
        seen.dedup();
        seen
    }

    proptest! {
        #![proptest_config(ProptestConfig::with_cases(400))]

        /// Longer random codes: two codes with one key have the same
        /// values. The second code is the first with some digit's bits 1,
        /// 2 or 4 flipped, so that keys often agree.
        #[test]
        fn equal_keys_mean_equal_values(
            (d0, digits) in codes(),
            flips in prop::collection::vec((0usize..6, 0u8..8), 1..4),
        ) {
            let a = game(d0, &digits);
            let mut other = digits.clone();
            for (i, bits) in flips {
                if i < other.len() {
                    other[i] ^= bits;
                }
            }
            let b = game(d0, &other);
            if a.same_values_key() == b.same_values_key() {
                prop_assert_eq!(
                    naive::grundy_values(&a, 90),
                    naive::grundy_values(&b, 90)
                );
            }
        }

        /// The lemma the key rests on, on its own: for every heap n past
        /// t, the reduced rules give the same set of option values as the
        /// code (with the code's values).
        #[test]
        fn reduced_rules_give_the_same_option_values((d0, digits) in codes()) {
            let code = game(d0, &digits);
            let g = naive::grundy_values(&code, 70);
            let all: Vec<u8> = (0..=digits.len()).map(|i| code.digit(i)).collect();
            let reduced: Vec<u8> =
                (0..all.len()).map(|i| reduced_digit(&all, &g, i)).collect();
            let reduced = game(reduced[0], &reduced[1..]);
            for n in digits.len() as u64 + 1..70 {
                prop_assert_eq!(
                    option_values(&code, n, &g),
                    option_values(&reduced, n, &g),
                    "heap {}", n
                );
            }
        }
    }

    /// The classes of the costly codes of the three-digit table (values
    /// that keep growing) are the groups of codes whose values agree to
    /// 30,000 heaps (the engine's values, `grundy values CODE --to
    /// 30000`): a few of them here, all 104 codes in grundy-sweep's
    /// `share::tests`.
    #[test]
    fn classes_of_the_costly_three_digit_codes() {
        let same = |codes: &[&str]| {
            let k = key(codes[0]);
            codes.iter().all(|c| key(c) == k)
        };
        assert!(same(&["0.76", "0.761", "0.762", "0.763"]));
        assert!(same(&["0.04", "0.042"]));
        assert!(same(&["0.764", "0.765", "0.766", "0.767"]));
        assert!(same(&[
            "0.606", "0.607", "0.616", "0.617", "0.626", "0.627", "0.636",
            "0.637"
        ]));
        assert!(same(&[
            "4.004", "4.006", "4.014", "4.016", "4.204", "4.206", "4.214",
            "4.216"
        ]));
        assert!(same(&["0.344", "0.345"]));
        assert_ne!(key("0.76"), key("0.764"));
        assert_ne!(key("0.344"), key("0.346"));
    }

    #[test]
    fn no_key_for_grundy_or_long_codes() {
        assert_eq!(OctalGame::Grundy.same_values_key(), None);
        let long = game(0, &[7; MAX_KEYED_DIGITS + 1]);
        assert_eq!(long.same_values_key(), None);
        assert!(game(0, &[7; MAX_KEYED_DIGITS]).same_values_key().is_some());
    }
}
