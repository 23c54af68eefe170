//! Misère play: the outcome of a single heap when the player who makes the
//! last move loses.
//!
//! Misère outcomes do not add like Grundy values (Berlekamp, Conway, Guy,
//! Winning Ways ch. 13; T. Plambeck, A. N. Siegel, Misère quotients for
//! impartial games, 2008): the outcome of one heap depends on the outcomes
//! of the multi-heap positions its moves leave. So this module searches
//! positions (multisets of heaps) exhaustively, with memory, and only
//! simplifies what is exact: heaps without moves are dropped (they never
//! change what either player can do) and heaps are kept sorted. No
//! periodicity theorem exists for misère play, so none is claimed: the
//! report says how far the search got.
//!
//! Convention: a player with no move *wins* (misère play); P means
//! the player to move loses.

use std::collections::HashMap;
use std::hash::{BuildHasherDefault, Hasher};

use crate::code::Rules;
use crate::error::{Error, ErrorKind, Result};
use crate::period::{Budget, StopReason};

/// The outcome of a position for the player to move.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
pub enum Outcome {
    /// The player to move loses (with best play).
    P,
    /// The player to move wins.
    N,
}

/// Misère outcomes of single heaps, as far as the budget allowed.
#[derive(Clone, Debug, PartialEq, Eq)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
pub struct MisereReport {
    /// `outcomes[n]` for heaps n = 0, 1, ... up to where the search got.
    pub outcomes: Vec<Outcome>,
    /// Positions (multisets of heaps) whose outcome was computed.
    pub positions: u64,
    /// Why the search stopped before the last heap asked for, if it did.
    pub stopped: Option<StopReason>,
}

/// The largest heap the misère search takes (heaps are stored as u16, and
/// the number of positions grows like the partitions of n long before).
pub const MAX_MISERE_HEAP: u64 = u16::MAX as u64;

/// Misère outcomes of the heaps 0..`heaps`, within `budget` (whose
/// `max_positions` counts positions searched).
pub fn misere_outcomes(
    rules: &Rules,
    heaps: u64,
    budget: &Budget,
) -> Result<MisereReport> {
    if heaps > MAX_MISERE_HEAP + 1 {
        return Err(Error::new(
            ErrorKind::TooLarge,
            format!(
                "misère outcomes up to heap {} asked for; the exhaustive \
                 search takes heaps up to {MAX_MISERE_HEAP}",
                heaps - 1
            ),
        ));
    }
    let mut search = Search {
        rules,
        moves: Vec::new(),
        memo: Memo::default(),
        budget,
        stopped: None,
    };
    let mut outcomes = Vec::new();
    for n in 0..heaps {
        let n = n as u16;
        search.prepare(n);
        let position: Vec<u16> = if search.moves[usize::from(n)].is_empty() {
            vec![]
        } else {
            vec![n]
        };
        match search.outcome(&position) {
            Some(true) => outcomes.push(Outcome::N),
            Some(false) => outcomes.push(Outcome::P),
            None => break,
        }
    }
    Ok(MisereReport {
        outcomes,
        positions: search.memo.len() as u64,
        stopped: search.stopped,
    })
}

struct Search<'a> {
    rules: &'a Rules,
    /// moves[h]: the live heaps (sorted) each move from heap h leaves.
    moves: Vec<Vec<Vec<u16>>>,
    /// true: the player to move wins.
    memo: Memo,
    budget: &'a Budget,
    stopped: Option<StopReason>,
}

impl Search<'_> {
    /// Lists the moves of every heap up to n.
    fn prepare(&mut self, n: u16) {
        while self.moves.len() <= usize::from(n) {
            let h = self.moves.len() as u64;
            let list = self
                .rules
                .options(h)
                .map(|m| {
                    // Parts are smaller than h, so their moves are known.
                    m.heaps()
                        .iter()
                        .map(|&x| x as u16)
                        .filter(|&x| !self.moves[usize::from(x)].is_empty())
                        .collect()
                })
                .collect();
            self.moves.push(list);
        }
    }

    /// Whether the player to move wins the position (sorted live heaps),
    /// or None when the budget ran out.
    fn outcome(&mut self, position: &[u16]) -> Option<bool> {
        if position.is_empty() {
            // No move: in misère play the player to move wins.
            return Some(true);
        }
        if let Some(&known) = self.memo.get(position) {
            return Some(known);
        }
        let searched = self.memo.len() as u64;
        if searched.is_multiple_of(1024)
            && let Some(reason) = self.budget.stop(searched)
        {
            self.stopped = Some(reason);
            return None;
        }
        let mut rest = Vec::with_capacity(position.len());
        let mut child = Vec::with_capacity(position.len() + 2);
        for j in 0..position.len() {
            let h = position[j];
            if j > 0 && position[j - 1] == h {
                continue;
            }
            rest.clear();
            rest.extend_from_slice(&position[..j]);
            rest.extend_from_slice(&position[j + 1..]);
            for k in 0..self.moves[usize::from(h)].len() {
                merge(&rest, &self.moves[usize::from(h)][k], &mut child);
                let wins = self.outcome(&child)?;
                if !wins {
                    self.memo.insert(position.into(), true);
                    return Some(true);
                }
            }
        }
        self.memo.insert(position.into(), false);
        Some(false)
    }
}

/// The sorted union of two sorted lists.
fn merge(a: &[u16], b: &[u16], out: &mut Vec<u16>) {
    out.clear();
    let (mut i, mut j) = (0, 0);
    while i < a.len() && j < b.len() {
        if a[i] <= b[j] {
            out.push(a[i]);
            i += 1;
        } else {
            out.push(b[j]);
            j += 1;
        }
    }
    out.extend_from_slice(&a[i..]);
    out.extend_from_slice(&b[j..]);
}

/// A fast hasher for the memo (multiply-rotate over the heap sizes, as in
/// rustc's FxHash); the keys are not adversarial.
#[derive(Default)]
struct FastHasher(u64);

impl Hasher for FastHasher {
    fn finish(&self) -> u64 {
        self.0
    }

    fn write(&mut self, bytes: &[u8]) {
        for &b in bytes {
            self.add(u64::from(b));
        }
    }

    fn write_u16(&mut self, x: u16) {
        self.add(u64::from(x));
    }

    fn write_usize(&mut self, x: usize) {
        self.add(x as u64);
    }
}

impl FastHasher {
    #[inline]
    fn add(&mut self, x: u64) {
        self.0 = (self.0.rotate_left(5) ^ x)
            .wrapping_mul(0x51_7c_c1_b7_27_22_0a_95);
    }
}

type Memo = HashMap<Box<[u16]>, bool, BuildHasherDefault<FastHasher>>;

#[cfg(test)]
mod tests {
    use super::*;
    use crate::OctalCode;
    use proptest::prelude::*;

    fn outcomes(rules: &Rules, heaps: u64) -> Vec<Outcome> {
        let r = misere_outcomes(rules, heaps, &Budget::positions(u64::MAX));
        let r = r.unwrap();
        assert_eq!(r.stopped, None);
        r.outcomes
    }

    /// The same search without any simplification: positions are sorted
    /// heap lists of any size, dead heaps included.
    fn brute(rules: &Rules, heaps: u64) -> Vec<Outcome> {
        fn wins(
            rules: &Rules,
            pos: Vec<u64>,
            memo: &mut HashMap<Vec<u64>, bool>,
        ) -> bool {
            if let Some(&w) = memo.get(&pos) {
                return w;
            }
            let mut any_move = false;
            let mut result = false;
            for (j, &h) in pos.iter().enumerate() {
                for m in rules.options(h) {
                    any_move = true;
                    let mut child = pos.clone();
                    child.remove(j);
                    child.extend_from_slice(m.heaps());
                    child.sort();
                    if !wins(rules, child, memo) {
                        result = true;
                    }
                }
            }
            let w = if any_move { result } else { true };
            memo.insert(pos, w);
            w
        }
        let mut memo = HashMap::new();
        (0..heaps)
            .map(|n| {
                if wins(rules, vec![n], &mut memo) {
                    Outcome::N
                } else {
                    Outcome::P
                }
            })
            .collect()
    }

    /// Games that never split: the outcome of n follows from the outcomes
    /// of the single heaps n - i (taking a whole heap leaves the empty
    /// position, a win for the player to move next).
    fn no_split(rules: &Rules, heaps: u64) -> Vec<Outcome> {
        let mut out: Vec<Outcome> = Vec::new();
        for n in 0..heaps {
            let mut any_move = false;
            let mut to_p = false;
            for m in rules.options(n) {
                any_move = true;
                if let [h] = m.heaps() {
                    to_p |= out[*h as usize] == Outcome::P;
                }
            }
            out.push(if !any_move || to_p { Outcome::N } else { Outcome::P });
        }
        out
    }

    #[test]
    fn misere_nim_heap_is_n_except_one() {
        // A heap of any size from which any number may be taken: in misère
        // Nim a single heap of 1 is lost for the player to move (Bouton).
        let rules: Rules =
            OctalCode::from_subtraction_set(&(1..=40).collect::<Vec<_>>())
                .unwrap()
                .into();
        let o = outcomes(&rules, 30);
        assert_eq!(o[0], Outcome::N);
        assert_eq!(o[1], Outcome::P);
        assert!(o[2..].iter().all(|&x| x == Outcome::N));
    }

    #[test]
    fn kayles_small_heaps_agree_with_brute_force() {
        let rules: Rules = "0.77".parse().unwrap();
        assert_eq!(outcomes(&rules, 14), brute(&rules, 14));
    }

    #[test]
    fn budget_stops_the_search() {
        let rules: Rules = "0.77".parse().unwrap();
        let r = misere_outcomes(&rules, 60, &Budget::positions(2000)).unwrap();
        assert_eq!(r.stopped, Some(StopReason::Positions));
        assert!(r.outcomes.len() < 60);
        assert_eq!(r.outcomes, outcomes(&rules, r.outcomes.len() as u64));
        let e = misere_outcomes(&rules, 1 << 20, &Budget::positions(10));
        assert_eq!(e.unwrap_err().kind(), ErrorKind::TooLarge);
    }

    proptest! {
        #![proptest_config(ProptestConfig::with_cases(60))]

        #[test]
        fn equals_brute_force(
            d0 in prop::sample::select(vec![0u8, 4]),
            digits in prop::collection::vec(0u8..16, 1..4),
        ) {
            let rules: Rules = OctalCode::new(d0, &digits).unwrap().into();
            prop_assert_eq!(outcomes(&rules, 11), brute(&rules, 11));
        }

        #[test]
        fn equals_the_recurrence_without_splits(
            digits in prop::collection::vec(0u8..4, 1..8),
        ) {
            let rules: Rules = OctalCode::new(0, &digits).unwrap().into();
            prop_assert_eq!(outcomes(&rules, 200), no_split(&rules, 200));
        }
    }
}
