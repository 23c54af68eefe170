//! Perfect play with remoteness: the computer opponent of `grundy play`.
//!
//! Knowing who wins is not enough for a good opponent. Following the
//! learners' notes on the 31 game (from a position of Grundy value 0,
//! "hold on": make the game last) and Steinhaus' remoteness (Winning Ways
//! ch. 9, "Remoteness"), a perfect player, when it is winning, moves to a
//! losing position for the other side that ends the game soonest; when it
//! is losing, it moves to the winning position for the other side that
//! lasts longest, giving the opponent the most chances to go wrong.
//!
//! [`Strategy`] answers for any position of a sum of heaps (one heap is
//! the sum of one), normal or misère, with the one exact solver
//! (`solver.rs`); its budget's `max_states` bounds the positions stored.
//! Ties between equally good moves are the caller's to break:
//! [`Strategy::pick`] turns one random number into a choice, so a front
//! end that seeds its own generator replays the same game.

use num_bigint::BigUint;

use crate::budget::Budget;
use crate::error::Result;
use crate::play::Play;
use crate::query::moves::Move;
use crate::query::solver::{PositionValue, Solver};
use crate::rules::Rules;

/// A move together with the value of the position it leaves (for the
/// player who moves next).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct RatedMove {
    /// The move.
    pub mv: Move,
    /// The value of the position after the move, for the opponent.
    pub after: PositionValue,
}

/// Perfect play for sums of heaps: values, rated moves, best moves.
///
/// ```
/// use grundy::{Budget, Play, Strategy};
/// let rules: grundy::Rules = "1,2,3".parse()?;
/// let mut s = Strategy::new(Play::Normal, Budget::default());
/// let v = s.value(&[(rules.clone(), 31)])?;
/// assert!(v.wins());
/// assert_eq!(v.remoteness, 15); // 31 -> 28 -> ... -> 0
/// let best = s.best_moves(&[(rules, 31)])?;
/// assert_eq!(best[0].to_string(), "heap 1: take 3");
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
#[derive(Debug)]
pub struct Strategy {
    solver: Solver,
}

impl Strategy {
    /// Perfect play under `play`, storing at most `budget.max_states`
    /// positions (and stopping at its deadline or cancel flag).
    pub fn new(play: Play, budget: Budget) -> Strategy {
        Strategy { solver: Solver::new(play, budget) }
    }

    /// Normal or misère play.
    pub fn play(&self) -> Play {
        self.solver.play()
    }

    /// The value of a position: who wins, and in how many moves.
    pub fn value(&mut self, heaps: &[(Rules, u64)]) -> Result<PositionValue> {
        self.solver.value(heaps)
    }

    /// Every legal move with the value it leaves, by heap then take.
    pub fn moves(&mut self, heaps: &[(Rules, u64)]) -> Result<Vec<RatedMove>> {
        let mut out = Vec::new();
        for (i, (rules, size)) in heaps.iter().enumerate() {
            let mut options = Vec::new();
            rules.options(*size, &mut |o| options.push(o));
            for o in options {
                let mut next = heaps.to_vec();
                next.remove(i);
                next.extend(o.leaves().iter().map(|&h| (rules.clone(), h)));
                out.push(RatedMove {
                    mv: Move {
                        heap: i + 1,
                        take: BigUint::from(o.take()),
                        leaves: o.leaves().iter().map(|&h| h.into()).collect(),
                    },
                    after: self.solver.value(&next)?,
                });
            }
        }
        Ok(out)
    }

    /// The moves that win (leave a position lost for the opponent).
    pub fn winning_moves(
        &mut self,
        heaps: &[(Rules, u64)],
    ) -> Result<Vec<Move>> {
        Ok(self
            .moves(heaps)?
            .into_iter()
            .filter(|m| !m.after.wins())
            .map(|m| m.mv)
            .collect())
    }

    /// The moves a perfect player chooses from: when winning, the winning
    /// moves that end the game soonest; when losing, the moves that make
    /// it last longest. Empty at a terminal position.
    pub fn best_moves(&mut self, heaps: &[(Rules, u64)]) -> Result<Vec<Move>> {
        let moves = self.moves(heaps)?;
        let winning: Vec<&RatedMove> =
            moves.iter().filter(|m| !m.after.wins()).collect();
        let (pool, target) = if winning.is_empty() {
            let longest = moves.iter().map(|m| m.after.remoteness).max();
            (moves.iter().collect::<Vec<_>>(), longest)
        } else {
            let fastest = winning.iter().map(|m| m.after.remoteness).min();
            (winning, fastest)
        };
        Ok(pool
            .into_iter()
            .filter(|m| Some(m.after.remoteness) == target)
            .map(|m| m.mv.clone())
            .collect())
    }

    /// One of `best` chosen by a random 64-bit number (Lemire's
    /// multiply-shift), or `None` when there is none. Front ends draw the
    /// number from a generator seeded for reproducible games.
    ///
    /// ```
    /// use grundy::Strategy;
    /// assert_eq!(Strategy::pick(&[1, 2, 3], u64::MAX), Some(&3));
    /// assert_eq!(Strategy::pick::<u8>(&[], 7), None);
    /// ```
    pub fn pick<T>(best: &[T], random: u64) -> Option<&T> {
        crate::play::pick(best, random)
    }
}

#[cfg(test)]
mod tests {
    use std::collections::HashMap;

    use proptest::prelude::{
        ProptestConfig, any, prop, prop_assert_eq, prop_oneof, proptest,
    };
    use proptest::strategy::Strategy as _;

    use super::*;
    use crate::error::ErrorKind;
    use crate::play::Outcome;
    use crate::query::sum::{self, Heap};

    fn rules(s: &str) -> Rules {
        s.parse().unwrap()
    }

    fn position(sets: &[Rules], sizes: &[u64]) -> Vec<(Rules, u64)> {
        sets.iter().cloned().zip(sizes.iter().copied()).collect()
    }

    fn one(set: &str, n: u64) -> Vec<(Rules, u64)> {
        vec![(rules(set), n)]
    }

    fn take(m: &Move) -> (usize, u64) {
        (m.heap, u64::try_from(&m.take).unwrap())
    }

    /// The definition, by plain recursion with a memo: the oracle.
    fn slow(
        sets: &[Rules],
        sizes: &[u64],
        play: Play,
        memo: &mut HashMap<Vec<u64>, PositionValue>,
    ) -> PositionValue {
        if let Some(&v) = memo.get(sizes) {
            return v;
        }
        let mut options = Vec::new();
        for (i, set) in sets.iter().enumerate() {
            let mut takes = Vec::new();
            set.options(sizes[i], &mut |o| takes.push(o.take()));
            for take in takes {
                let mut next = sizes.to_vec();
                next[i] -= take;
                options.push(slow(sets, &next, play, memo));
            }
        }
        let losing: Vec<u32> = options
            .iter()
            .filter(|v| !v.wins())
            .map(|v| v.remoteness)
            .collect();
        let v = if options.is_empty() {
            let outcome = match play {
                Play::Normal => Outcome::P,
                Play::Misere => Outcome::N,
            };
            PositionValue { outcome, remoteness: 0 }
        } else if let Some(&r) = losing.iter().min() {
            PositionValue { outcome: Outcome::N, remoteness: r + 1 }
        } else {
            let r = options.iter().map(|v| v.remoteness).max().unwrap();
            PositionValue { outcome: Outcome::P, remoteness: r + 1 }
        };
        memo.insert(sizes.to_vec(), v);
        v
    }

    fn strategy(play: Play) -> Strategy {
        Strategy::new(
            play,
            Budget { max_states: 1_000_000, ..Budget::default() },
        )
    }

    #[test]
    fn thirty_one_game() {
        // {1,2,3}, normal: P iff n = 0 mod 4; the winner takes n mod 4
        // each turn and the loser can only stall one move per round, so
        // r(n) = 2 floor(n/4) + (1 if n mod 4 != 0).
        let mut s = strategy(Play::Normal);
        for n in 0..=31u64 {
            let v = s.value(&one("1,2,3", n)).unwrap();
            assert_eq!(v.wins(), n % 4 != 0, "n = {n}");
            let want = 2 * (n / 4) as u32 + u32::from(n % 4 != 0);
            assert_eq!(v.remoteness, want, "n = {n}");
        }
        let best = s.best_moves(&one("1,2,3", 31)).unwrap();
        assert_eq!(best.iter().map(take).collect::<Vec<_>>(), [(1, 3)]);
        // From 28 (lost) every move leaves an N-position of remoteness 13.
        assert_eq!(s.best_moves(&one("1,2,3", 28)).unwrap().len(), 3);
    }

    #[test]
    fn misere_thirty_one() {
        // Misère {1,2,3}: P iff n = 1 mod 4 (the last stone loses).
        let mut s = strategy(Play::Misere);
        for n in 0..=31u64 {
            assert_eq!(s.value(&one("1,2,3", n)).unwrap().wins(), n % 4 != 1);
        }
        let best = s.best_moves(&one("1,2,3", 31)).unwrap();
        assert_eq!(best.iter().map(take).collect::<Vec<_>>(), [(1, 2)]);
        // No stones left: the player to move did not take the last one.
        assert_eq!(
            s.value(&one("1,2,3", 0)).unwrap(),
            PositionValue { outcome: Outcome::N, remoteness: 0 }
        );
    }

    #[test]
    fn winner_hurries_loser_stalls() {
        // {1,4}, heap 10: g = 0,1,0,1,2,0,1,0,1,2,0 (period 5).
        let mut s = strategy(Play::Normal);
        assert!(!s.value(&one("1,4", 10)).unwrap().wins());
        // From 9 (N) only taking 4 (to 5, g = 0) wins.
        let best = s.best_moves(&one("1,4", 9)).unwrap();
        assert_eq!(best.iter().map(take).collect::<Vec<_>>(), [(1, 4)]);
        // From 4 (g = 2): 4 -> 0 ends the game now, 4 -> 3 is g = 1.
        let best = s.best_moves(&one("1,4", 4)).unwrap();
        assert_eq!(best.iter().map(take).collect::<Vec<_>>(), [(1, 4)]);
    }

    #[test]
    fn budget() {
        let mut s = strategy(Play::Normal);
        let err = s
            .value(&[(rules("1,2"), 2000), (rules("2,3"), 2000)])
            .unwrap_err();
        assert_eq!(err.kind(), ErrorKind::Budget);
        insta::assert_snapshot!(err, @"this game has more than 1000000 positions to solve exactly; use smaller heaps");
    }

    /// SplitMix64: a tiny seeded generator for the tests.
    fn splitmix(state: &mut u64) -> u64 {
        *state = state.wrapping_add(0x9e37_79b9_7f4a_7c15);
        let mut z = *state;
        z = (z ^ (z >> 30)).wrapping_mul(0xbf58_476d_1ce4_e5b9);
        z = (z ^ (z >> 27)).wrapping_mul(0x94d0_49bb_1331_11eb);
        z ^ (z >> 31)
    }

    #[test]
    fn ties_follow_the_random_numbers() {
        let mut s = strategy(Play::Normal);
        let best = s.best_moves(&one("1,2,3", 40)).unwrap();
        let play = |seed: u64| {
            let mut state = seed;
            (0..20)
                .map(|_| {
                    take(Strategy::pick(&best, splitmix(&mut state)).unwrap())
                        .1
                })
                .collect::<Vec<_>>()
        };
        assert_eq!(play(5), play(5));
        // From 40 (lost) all three stalls are equal: the numbers pick.
        let seen: std::collections::BTreeSet<u64> =
            (0..20).flat_map(play).collect();
        assert_eq!(seen.into_iter().collect::<Vec<_>>(), [1, 2, 3]);
    }

    fn arb_game()
    -> impl proptest::strategy::Strategy<Value = (Vec<Rules>, Vec<u64>)> {
        let one = (prop::collection::btree_set(1u64..7, 1..4), 0u64..9)
            .prop_map(|(s, n)| {
                (Rules::from(crate::set::FiniteSet::new(s).unwrap()), n)
            });
        let heap = prop_oneof![
            4 => one,
            1 => (0u64..7).prop_map(|n| (Rules::nim(), n)),
            1 => (prop::collection::btree_set(1u64..6, 1..4), 0u64..12)
                .prop_map(|(x, n)| (Rules::from(crate::set::AllButSet::new(x).unwrap()), n)),
        ];
        prop::collection::vec(heap, 1..4).prop_map(|v| v.into_iter().unzip())
    }

    proptest! {
        #![proptest_config(ProptestConfig::with_cases(300))]

        #[test]
        fn solver_equals_definition((sets, sizes) in arb_game(), misere in any::<bool>()) {
            let play = if misere { Play::Misere } else { Play::Normal };
            let mut s = strategy(play);
            let mut memo = HashMap::new();
            // Every position below the start, not only the start.
            let mut pos = vec![0u64; sizes.len()];
            loop {
                prop_assert_eq!(s.value(&position(&sets, &pos)).unwrap(), slow(&sets, &pos, play, &mut memo));
                let Some(i) = (0..pos.len()).find(|&i| pos[i] < sizes[i]) else { break };
                pos[i] += 1;
                for p in &mut pos[..i] { *p = 0; }
            }
        }

        #[test]
        fn outcome_agrees_with_sprague_grundy_and_sum(
            (sets, sizes) in arb_game(),
            misere in any::<bool>(),
        ) {
            let play = if misere { Play::Misere } else { Play::Normal };
            let mut s = strategy(play);
            let start = position(&sets, &sizes);
            let heaps: Vec<Heap> = sets.iter().zip(&sizes)
                .map(|(set, &n)| Heap { rules: set.clone(), size: n.into() })
                .collect();
            let r = sum::sum(&heaps, play, &Budget::default()).unwrap();
            let value = s.value(&start).unwrap();
            prop_assert_eq!(value.outcome, r.outcome);
            if !misere {
                prop_assert_eq!(value.wins(), r.nim_sum != 0);
            }
            prop_assert_eq!(s.winning_moves(&start).unwrap(), r.winning_moves);
        }

        /// Two perfect players: the side that should win always wins.
        #[test]
        fn perfect_play_wins((sets, sizes) in arb_game(), misere in any::<bool>(), seed in any::<u64>()) {
            let play = if misere { Play::Misere } else { Play::Normal };
            let mut s = strategy(play);
            let mut pos = position(&sets, &sizes);
            let start = s.value(&pos).unwrap();
            let mut state = seed;
            let mut moves = 0;
            loop {
                let best = s.best_moves(&pos).unwrap();
                let Some(m) = Strategy::pick(&best, splitmix(&mut state)) else { break };
                let (rules, size) = pos[m.heap - 1].clone();
                pos[m.heap - 1] = (rules, size - u64::try_from(&m.take).unwrap());
                moves += 1;
            }
            // The player to move at the end cannot move: under normal play
            // they lost, under misère they won.
            let first_moved_last = moves % 2 == 1;
            let first_wins = match play {
                Play::Normal => first_moved_last,
                Play::Misere => !first_moved_last,
            };
            prop_assert_eq!(first_wins, start.wins());
            prop_assert_eq!(moves, start.remoteness);
        }
    }
}
