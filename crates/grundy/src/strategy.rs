//! Perfect play with remoteness: the computer opponent of `grundy play`.
//!
//! Knowing who wins is not enough for a good opponent. Following seed 000
//! (the 31 game guide: "from a position of Grundy value 0, hold on" —
//! 粘る) and Steinhaus' remoteness (Winning Ways ch. 9, "Remoteness"), the
//! computer, when it is winning, moves to a losing position for the other
//! side that ends the game soonest; when it is losing, it moves to the
//! winning position for the other side that lasts longest, giving the
//! person the most chances to go wrong.
//!
//! [`Solution`] solves every position of a sum of heaps (one heap is the
//! sum of one) at or below the starting sizes, normal or misère, by one
//! bottom-up pass over a dense table: a position is stored at its
//! mixed-radix index, and every move lowers one digit, so options always
//! come earlier in the table. For each position it stores who wins and the
//! remoteness r: the number of moves left when the winner hurries and the
//! loser stalls. Terminal positions have r = 0 (lost under normal play,
//! won under misère play); otherwise, if some option is lost for the
//! player who will move there, r = 1 + the least r of those options (a
//! win), else r = 1 + the largest r of all options (a loss).
//!
//! The search is exact and covers misère sums, whose outcomes the nim-sum
//! does not give (DOMAIN.md section 1). Its size is the product of
//! (size + 1) over the heaps, bounded by `max_states`. Hints also report
//! the Grundy values and nim-sum (Sprague-Grundy), and the tests check the
//! table against them, against `sum::analyse` for misère sums, and
//! against a plain recursive definition.
//!
//! Ties between equally good moves are broken by a seeded ChaCha random
//! number generator ([`Computer`]), so a game is reproducible from its seed.

use rand_chacha::ChaCha8Rng;
use rand_chacha::rand_core::{Rng, SeedableRng};

use crate::engine;
use crate::error::{Error, ErrorKind, Result};
use crate::nimber::Nimber;
use crate::play::{Outcome, Play};
use crate::set::SubtractionSet;

/// A move in a sum: take `take` stones from heap `heap` (0-based).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct Move {
    /// The heap, counting from 0.
    pub heap: usize,
    /// How many stones to take.
    pub take: u64,
}

/// Who wins a position with perfect play, and how many moves it lasts.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Value {
    /// The outcome: `N` when the player to move wins.
    pub outcome: Outcome,
    /// The remoteness: moves left when the winner wins as fast as
    /// possible and the loser loses as slowly as possible.
    pub remoteness: u32,
}

impl Value {
    /// Whether the player to move wins.
    pub fn wins(self) -> bool {
        self.outcome == Outcome::N
    }

    fn pack(self) -> u32 {
        (self.remoteness << 1) | u32::from(self.wins())
    }

    fn unpack(cell: u32) -> Value {
        Value {
            outcome: Outcome::from_is_p(cell & 1 == 0),
            remoteness: cell >> 1,
        }
    }
}

/// A move together with the value of the position it leaves (for the
/// player who moves next).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct RatedMove {
    /// The move.
    pub mv: Move,
    /// The value of the position after the move, for the opponent.
    pub after: Value,
}

/// Every position of a sum of heaps up to its starting sizes, solved.
#[derive(Clone, Debug)]
pub struct Solution {
    sets: Vec<SubtractionSet>,
    play: Play,
    start: Vec<u64>,
    strides: Vec<u64>,
    /// Legal takes of each heap up to its starting size, ascending.
    takes: Vec<Vec<u64>>,
    /// Grundy values g(0..=start) of each heap's set.
    grundy: Vec<Vec<u64>>,
    /// `Value::pack` of every position, at its mixed-radix index.
    table: Vec<u32>,
}

impl Solution {
    /// Solves every position of the sum of heaps of the given `sets` with
    /// at most `start` stones each, under `play`.
    ///
    /// Fails with [`ErrorKind::Budget`] when there are more than
    /// `max_states` positions, and with the engine's error for sets whose
    /// Grundy values it cannot compute.
    ///
    /// ```
    /// use grundy::strategy::Solution;
    /// let set = "1,2,3".parse()?;
    /// let s = Solution::new(&[set], &[31], grundy::Play::Normal, 1000)?;
    /// let v = s.value(&[31]);
    /// assert!(v.wins());
    /// assert_eq!(v.remoteness, 15); // 31 -> 28 -> ... -> 0
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn new(
        sets: &[SubtractionSet],
        start: &[u64],
        play: Play,
        max_states: usize,
    ) -> Result<Solution> {
        if sets.is_empty() || sets.len() != start.len() {
            return Err(Error::new(
                ErrorKind::Parse,
                "no heaps given; write at least one heap, e.g. \"31\"",
            ));
        }
        let too_big = || {
            Error::new(
                ErrorKind::Budget,
                format!(
                    "this game has more than {max_states} positions to \
                     solve exactly; use smaller heaps or raise --max-states"
                ),
            )
        };
        let mut strides = Vec::with_capacity(start.len());
        let mut total: u64 = 1;
        for &n in start {
            strides.push(total);
            total = n
                .checked_add(1)
                .and_then(|d| total.checked_mul(d))
                .filter(|&t| t <= max_states as u64)
                .ok_or_else(too_big)?;
        }
        let mut grundy = Vec::with_capacity(sets.len());
        for (set, &n) in sets.iter().zip(start) {
            let values: Vec<u64> = engine::values(set)?
                .take(n as usize + 1)
                .map(Nimber::value)
                .collect();
            grundy.push(values);
        }
        let takes: Vec<Vec<u64>> = sets
            .iter()
            .zip(start)
            .map(|(set, &n)| set.moves_up_to(n))
            .collect();
        let mut solution = Solution {
            sets: sets.to_vec(),
            play,
            start: start.to_vec(),
            strides,
            takes,
            grundy,
            table: Vec::with_capacity(total as usize),
        };
        solution.fill(total);
        Ok(solution)
    }

    /// The bottom-up pass: options have smaller indices, so they are
    /// already in the table.
    fn fill(&mut self, total: u64) {
        let mut digits = vec![0u64; self.start.len()];
        for index in 0..total {
            let mut best_win: Option<u32> = None;
            let mut longest_loss: Option<u32> = None;
            for (heap, &size) in digits.iter().enumerate() {
                let stride = self.strides[heap];
                for &take in
                    self.takes[heap].iter().take_while(|&&t| t <= size)
                {
                    let after = Value::unpack(
                        self.table[(index - take * stride) as usize],
                    );
                    if after.wins() {
                        longest_loss =
                            longest_loss.max(Some(after.remoteness));
                    } else {
                        best_win = Some(match best_win {
                            Some(r) => r.min(after.remoteness),
                            None => after.remoteness,
                        });
                    }
                }
            }
            let value = match (best_win, longest_loss) {
                (Some(r), _) => {
                    Value { outcome: Outcome::N, remoteness: r + 1 }
                }
                (None, Some(r)) => {
                    Value { outcome: Outcome::P, remoteness: r + 1 }
                }
                (None, None) => Value {
                    outcome: match self.play {
                        Play::Normal => Outcome::P,
                        Play::Misere => Outcome::N,
                    },
                    remoteness: 0,
                },
            };
            self.table.push(value.pack());
            // Next mixed-radix number.
            for (digit, &max) in digits.iter_mut().zip(&self.start) {
                if *digit < max {
                    *digit += 1;
                    break;
                }
                *digit = 0;
            }
        }
    }

    /// The rule sets of the heaps.
    pub fn sets(&self) -> &[SubtractionSet] {
        &self.sets
    }

    /// Normal or misère play.
    pub fn play(&self) -> Play {
        self.play
    }

    /// The starting sizes: every position at or below them is solved.
    pub fn start(&self) -> &[u64] {
        &self.start
    }

    fn index(&self, sizes: &[u64]) -> usize {
        assert_eq!(sizes.len(), self.start.len(), "one size per heap");
        sizes
            .iter()
            .zip(&self.start)
            .zip(&self.strides)
            .map(|((&n, &max), &stride)| {
                assert!(n <= max, "heap size {n} above the solved {max}");
                n * stride
            })
            .sum::<u64>() as usize
    }

    /// The value of a position (sizes at or below the starting sizes).
    pub fn value(&self, sizes: &[u64]) -> Value {
        Value::unpack(self.table[self.index(sizes)])
    }

    /// The Grundy value of heap `heap` with `size` stones.
    pub fn grundy(&self, heap: usize, size: u64) -> u64 {
        self.grundy[heap][size as usize]
    }

    /// The nim-sum (XOR) of the heaps' Grundy values.
    pub fn nim_sum(&self, sizes: &[u64]) -> u64 {
        sizes
            .iter()
            .enumerate()
            .fold(0, |acc, (heap, &n)| acc ^ self.grundy(heap, n))
    }

    /// Whether `mv` is legal in the position `sizes`.
    pub fn is_legal(&self, sizes: &[u64], mv: Move) -> bool {
        mv.heap < sizes.len()
            && mv.take <= sizes[mv.heap]
            && self.sets[mv.heap].contains(mv.take)
    }

    /// Every legal move with the value it leaves, by heap then take.
    pub fn moves(&self, sizes: &[u64]) -> Vec<RatedMove> {
        let mut out = Vec::new();
        let mut after = sizes.to_vec();
        for (heap, &size) in sizes.iter().enumerate() {
            for &take in self.takes[heap].iter().take_while(|&&t| t <= size) {
                after[heap] = size - take;
                out.push(RatedMove {
                    mv: Move { heap, take },
                    after: self.value(&after),
                });
            }
            after[heap] = size;
        }
        out
    }

    /// The moves that win (leave a position lost for the opponent).
    pub fn winning_moves(&self, sizes: &[u64]) -> Vec<RatedMove> {
        self.moves(sizes).into_iter().filter(|m| !m.after.wins()).collect()
    }

    /// The moves a perfect player chooses from: when winning, the winning
    /// moves that end the game soonest; when losing, the moves that make
    /// it last longest. Empty at a terminal position.
    pub fn best_moves(&self, sizes: &[u64]) -> Vec<Move> {
        let moves = self.moves(sizes);
        let winning: Vec<&RatedMove> =
            moves.iter().filter(|m| !m.after.wins()).collect();
        let (pool, target) = if winning.is_empty() {
            let longest = moves.iter().map(|m| m.after.remoteness).max();
            (moves.iter().collect::<Vec<_>>(), longest)
        } else {
            let fastest = winning.iter().map(|m| m.after.remoteness).min();
            (winning, fastest)
        };
        pool.into_iter()
            .filter(|m| Some(m.after.remoteness) == target)
            .map(|m| m.mv)
            .collect()
    }
}

/// A perfect player: a [`Solution`] and a seeded tie-breaker.
#[derive(Clone, Debug)]
pub struct Computer {
    rng: ChaCha8Rng,
}

impl Computer {
    /// A player whose choices between equally good moves follow `seed`.
    pub fn new(seed: u64) -> Computer {
        Computer { rng: ChaCha8Rng::seed_from_u64(seed) }
    }

    /// The move it plays in `sizes`, or `None` at a terminal position.
    ///
    /// ```
    /// use grundy::strategy::{Computer, Move, Solution};
    /// let s = Solution::new(&["1,2,3".parse()?], &[31], grundy::Play::Normal, 100)?;
    /// // 31 = 3 mod 4: take 3 to leave a multiple of 4.
    /// assert_eq!(Computer::new(7).choose(&s, &[31]), Some(Move { heap: 0, take: 3 }));
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn choose(
        &mut self,
        solution: &Solution,
        sizes: &[u64],
    ) -> Option<Move> {
        let best = solution.best_moves(sizes);
        if best.is_empty() {
            return None;
        }
        // Lemire's multiply-shift: an index below len from 64 random bits.
        let pick =
            (u128::from(self.rng.next_u64()) * best.len() as u128) >> 64;
        Some(best[pick as usize])
    }
}

#[cfg(test)]
mod tests {
    use std::collections::HashMap;

    use proptest::prelude::*;

    use super::*;
    use crate::period::Limit;
    use crate::sum::{self, Heap};

    fn set(s: &str) -> SubtractionSet {
        s.parse().unwrap()
    }

    fn solve(sets: &[&str], start: &[u64], play: Play) -> Solution {
        let sets: Vec<SubtractionSet> = sets.iter().map(|s| set(s)).collect();
        Solution::new(&sets, start, play, 1_000_000).unwrap()
    }

    /// The definition, by plain recursion with a memo: the oracle.
    fn slow(
        sets: &[SubtractionSet],
        sizes: &[u64],
        play: Play,
        memo: &mut HashMap<Vec<u64>, Value>,
    ) -> Value {
        if let Some(&v) = memo.get(sizes) {
            return v;
        }
        let mut options = Vec::new();
        for (i, set) in sets.iter().enumerate() {
            for take in set.moves_up_to(sizes[i]) {
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
            Value { outcome, remoteness: 0 }
        } else if let Some(&r) = losing.iter().min() {
            Value { outcome: Outcome::N, remoteness: r + 1 }
        } else {
            let r = options.iter().map(|v| v.remoteness).max().unwrap();
            Value { outcome: Outcome::P, remoteness: r + 1 }
        };
        memo.insert(sizes.to_vec(), v);
        v
    }

    #[test]
    fn thirty_one_game() {
        // {1,2,3}, normal: P iff n = 0 mod 4; the winner takes n mod 4
        // each turn and the loser can only stall one move per round, so
        // r(n) = 2 floor(n/4) + (1 if n mod 4 != 0).
        let s = solve(&["1,2,3"], &[31], Play::Normal);
        for n in 0..=31u64 {
            let v = s.value(&[n]);
            assert_eq!(v.wins(), n % 4 != 0, "n = {n}");
            let want = 2 * (n / 4) as u32 + u32::from(n % 4 != 0);
            assert_eq!(v.remoteness, want, "n = {n}");
        }
        assert_eq!(s.best_moves(&[31]), [Move { heap: 0, take: 3 }]);
        // From 28 (lost) every move leaves an N-position of remoteness 13.
        assert_eq!(s.best_moves(&[28]).len(), 3);
    }

    #[test]
    fn misere_thirty_one() {
        // Misère {1,2,3}: P iff n = 1 mod 4 (the last stone loses).
        let s = solve(&["1,2,3"], &[31], Play::Misere);
        for n in 0..=31u64 {
            assert_eq!(s.value(&[n]).wins(), n % 4 != 1, "n = {n}");
        }
        assert_eq!(s.best_moves(&[31]), [Move { heap: 0, take: 2 }]);
        // No stones left: the player to move did not take the last one.
        assert_eq!(
            s.value(&[0]),
            Value { outcome: Outcome::N, remoteness: 0 }
        );
    }

    #[test]
    fn winner_hurries_loser_stalls() {
        // {1,4}, heap 10: g = 0,1,0,1,2,0,1,0,1,2,0 (period 5).
        let s = solve(&["1,4"], &[10], Play::Normal);
        assert!(!s.value(&[10]).wins());
        // From 9 (N) the winning moves are 9 -> 5 and 9 -> 8? g(8) = 1,
        // so only taking 4 (to 5, g = 0) wins.
        assert_eq!(s.best_moves(&[9]), [Move { heap: 0, take: 4 }]);
        // From 4 (g = 2): 4 -> 0 ends the game now, 4 -> 3 is g = 1.
        assert_eq!(s.best_moves(&[4]), [Move { heap: 0, take: 4 }]);
    }

    #[test]
    fn budget() {
        let err = Solution::new(
            &[set("1,2"), set("1,2")],
            &[2000, 2000],
            Play::Normal,
            1_000_000,
        )
        .unwrap_err();
        assert_eq!(err.kind(), ErrorKind::Budget);
        insta::assert_snapshot!(err, @"this game has more than 1000000 positions to solve exactly; use smaller heaps or raise --max-states");
    }

    #[test]
    fn computer_is_reproducible() {
        let s = solve(&["1,2,3"], &[40], Play::Normal);
        let play = |seed| {
            let mut c = Computer::new(seed);
            (0..20)
                .map(|_| c.choose(&s, &[40]).unwrap().take)
                .collect::<Vec<_>>()
        };
        assert_eq!(play(5), play(5));
        // From 40 (lost) all three stalls are equal: the seed picks.
        let seen: std::collections::BTreeSet<u64> =
            (0..20).flat_map(play).collect();
        assert_eq!(seen.into_iter().collect::<Vec<_>>(), [1, 2, 3]);
    }

    fn arb_game() -> impl Strategy<Value = (Vec<SubtractionSet>, Vec<u64>)> {
        let one = (prop::collection::btree_set(1u64..7, 1..4), 0u64..9)
            .prop_map(|(s, n)| {
                (SubtractionSet::Finite(crate::FiniteSet::new(s).unwrap()), n)
            });
        let heap = prop_oneof![
            4 => one,
            1 => (0u64..7).prop_map(|n| (SubtractionSet::nim(), n)),
            1 => (prop::collection::btree_set(1u64..6, 1..4), 0u64..12)
                .prop_map(|(x, n)| (SubtractionSet::AllBut(
                    crate::AllButSet::new(x).unwrap(),
                ), n)),
        ];
        prop::collection::vec(heap, 1..4).prop_map(|v| v.into_iter().unzip())
    }

    proptest! {
        #![proptest_config(ProptestConfig::with_cases(300))]

        #[test]
        fn table_equals_definition((sets, sizes) in arb_game(), misere in any::<bool>()) {
            let play = if misere { Play::Misere } else { Play::Normal };
            let s = Solution::new(&sets, &sizes, play, 1_000_000).unwrap();
            let mut memo = HashMap::new();
            // Every position below the start, not only the start.
            let mut pos = vec![0u64; sizes.len()];
            loop {
                prop_assert_eq!(s.value(&pos), slow(&sets, &pos, play, &mut memo));
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
            let s = Solution::new(&sets, &sizes, play, 1_000_000).unwrap();
            let heaps: Vec<Heap> = sets.iter().zip(&sizes)
                .map(|(set, &n)| Heap { set: set.clone(), size: n.into() })
                .collect();
            let r = sum::analyse(&heaps, play, &Limit::default(), 1_000_000).unwrap();
            prop_assert_eq!(s.value(&sizes).outcome, r.outcome);
            if !misere {
                prop_assert_eq!(s.nim_sum(&sizes), r.nim_sum);
                prop_assert_eq!(s.value(&sizes).wins(), r.nim_sum != 0);
            }
            let mine: Vec<(usize, u64)> = s.winning_moves(&sizes)
                .iter().map(|m| (m.mv.heap + 1, m.mv.take)).collect();
            let theirs: Vec<(usize, u64)> = r.winning_moves
                .iter().map(|m| (m.heap, m.take)).collect();
            prop_assert_eq!(mine, theirs);
        }

        /// Two perfect computers: the side that should win always wins.
        #[test]
        fn perfect_play_wins((sets, sizes) in arb_game(), misere in any::<bool>(), seed in any::<u64>()) {
            let play = if misere { Play::Misere } else { Play::Normal };
            let s = Solution::new(&sets, &sizes, play, 1_000_000).unwrap();
            let start = s.value(&sizes);
            let mut pos = sizes.clone();
            let mut c = Computer::new(seed);
            let mut moves = 0;
            while let Some(m) = c.choose(&s, &pos) {
                pos[m.heap] -= m.take;
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
