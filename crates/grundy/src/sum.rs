//! Sums of heaps, each with its own rule set.
//!
//! Normal play follows Sprague-Grundy: the value of a sum is the nim-sum
//! (XOR) of the heaps' values, and a winning move takes a heap of value v
//! to an option of value v XOR t, where t is the total and v XOR t < v.
//! Misère sums do not follow the nim-sum rule: when every heap is Nim,
//! Bouton's rule answers at once; otherwise the sum is solved exactly by
//! memoised search over the sum's positions (heaps with the same rule set
//! are sorted, so equal positions are stored once), within a budget.
//!
//! References: Winning Ways ch. 2 and 13; C. L. Bouton, "Nim, a game with
//! a complete mathematical theory", Annals of Math. 3 (1901).

use std::str::FromStr;

use num_bigint::BigUint;
use num_traits::ToPrimitive;

use crate::error::{Error, ErrorKind, Result};
use crate::game::{ImpartialGame, Solver};
use crate::heap::{HeapModel, parse_heap_size};
use crate::period::Limit;
use crate::play::{Outcome, Play};
use crate::set::SubtractionSet;

/// The default number of positions a misère search may store.
pub const DEFAULT_MAX_STATES: usize = 2_000_000;

/// One heap of a sum: a rule set and a size. Written `SET:SIZE`
/// (`1,2,3:10`, `nim:5`, `all-but:2,3:7`).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Heap {
    /// The heap's rule set.
    pub set: SubtractionSet,
    /// The number of stones.
    pub size: BigUint,
}

impl FromStr for Heap {
    type Err = Error;

    fn from_str(text: &str) -> Result<Heap> {
        let Some((set, size)) = text.rsplit_once(':') else {
            return Err(Error::new(
                ErrorKind::Parse,
                format!(
                    "heap \"{text}\" has no size; write SET:SIZE, e.g. \"1,2,3:10\" or \"nim:5\""
                ),
            ));
        };
        Ok(Heap { set: set.parse()?, size: parse_heap_size(size)? })
    }
}

/// A move in a sum: take `take` stones from heap number `heap` (1-based).
#[derive(Clone, Debug, PartialEq, Eq)]
#[cfg_attr(feature = "serde", derive(serde::Serialize))]
pub struct Move {
    /// The heap, counting from 1 as people do.
    pub heap: usize,
    /// How many stones to take.
    pub take: u64,
    /// The heap's size after the move, in decimal.
    pub leaves: String,
}

/// One heap's part of a sum report.
#[derive(Clone, Debug, PartialEq, Eq)]
#[cfg_attr(feature = "serde", derive(serde::Serialize))]
pub struct HeapValue {
    /// The rule set, canonical notation.
    pub set: String,
    /// The size, decimal.
    pub size: String,
    /// The heap's Grundy value.
    pub grundy: u64,
}

/// The analysis of a sum of heaps.
#[derive(Clone, Debug, PartialEq, Eq)]
#[cfg_attr(feature = "serde", derive(serde::Serialize))]
pub struct SumReport {
    /// Normal or misère play.
    pub play: Play,
    /// Each heap with its Grundy value.
    pub heaps: Vec<HeapValue>,
    /// The XOR of the heaps' values.
    pub nim_sum: u64,
    /// The outcome under `play`: N (player to move wins) or P.
    pub outcome: Outcome,
    /// Every winning move under `play` (empty for a P-position).
    pub winning_moves: Vec<Move>,
    /// How the misère answer was found: "bouton", "search" (None for
    /// normal play).
    pub method: Option<&'static str>,
}

/// Analyses a sum of heaps under `play`.
///
/// ```
/// use grundy::sum::{analyse, Heap};
/// let heaps: Vec<Heap> = ["1,2,3:10", "2,3:7", "nim:5"].iter().map(|h| h.parse()).collect::<Result<_, _>>()?;
/// let r = analyse(&heaps, grundy::Play::Normal, &grundy::Limit::default(), 1000)?;
/// assert_eq!(r.nim_sum, 2 ^ 1 ^ 5);
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
pub fn analyse(
    heaps: &[Heap],
    play: Play,
    limit: &Limit,
    max_states: usize,
) -> Result<SumReport> {
    if heaps.is_empty() {
        return Err(Error::new(
            ErrorKind::Parse,
            "no heaps given; write heaps as SET:SIZE, e.g. \"1,2,3:10 nim:5\"",
        ));
    }
    let mut models: Vec<HeapModel> = Vec::new();
    let mut values = Vec::with_capacity(heaps.len());
    for heap in heaps {
        let model = match models.iter_mut().find(|m| *m.set() == heap.set) {
            Some(model) => model,
            None => {
                models.push(HeapModel::new(heap.set.clone(), limit.clone())?);
                models.last_mut().unwrap()
            }
        };
        values.push(model.grundy_values(std::slice::from_ref(&heap.size))?[0]);
    }
    let nim_sum = values.iter().fold(0, |a, &v| a ^ v);
    let report_heaps = heaps
        .iter()
        .zip(&values)
        .map(|(h, &g)| HeapValue {
            set: h.set.to_string(),
            size: h.size.to_string(),
            grundy: g,
        })
        .collect();
    let (outcome, winning_moves, method) = match play {
        Play::Normal => {
            let moves =
                normal_winning_moves(heaps, &values, nim_sum, &mut models)?;
            (Outcome::from_is_p(nim_sum == 0), moves, None)
        }
        Play::Misere
            if heaps.iter().all(|h| h.set == SubtractionSet::nim()) =>
        {
            let (outcome, moves) = bouton(&values);
            (outcome, moves, Some("bouton"))
        }
        Play::Misere => {
            let (outcome, moves) = misere_search(heaps, max_states)?;
            (outcome, moves, Some("search"))
        }
    };
    Ok(SumReport {
        play,
        heaps: report_heaps,
        nim_sum,
        outcome,
        winning_moves,
        method,
    })
}

fn model_for<'a>(
    models: &'a mut [HeapModel],
    set: &SubtractionSet,
) -> &'a mut HeapModel {
    models.iter_mut().find(|m| m.set() == set).expect("model exists")
}

fn normal_winning_moves(
    heaps: &[Heap],
    values: &[u64],
    total: u64,
    models: &mut [HeapModel],
) -> Result<Vec<Move>> {
    let mut moves = Vec::new();
    if total == 0 {
        return Ok(moves);
    }
    for (i, (heap, &v)) in heaps.iter().zip(values).enumerate() {
        // A subtraction game's heap may also move to an option of larger
        // value (g_{1}(2) = 0 has the option g(1) = 1), so every heap is
        // searched, not only those with v XOR t < v (in Nim the filter
        // m < size below does that).
        let target = v ^ total;
        let model = model_for(models, &heap.set);
        let takes: Vec<u64> = match &heap.set {
            SubtractionSet::AllBut(s) => {
                // The heaps with value `target` (finitely many for all-but
                // sets): move to those that a legal move reaches.
                let targets =
                    model.heaps_with_value(target)?.expect("all-but set");
                let mut takes = Vec::new();
                for m in targets.into_iter().filter(|m| *m < heap.size) {
                    let take = (&heap.size - m).to_u64().ok_or_else(|| {
                        Error::new(
                            ErrorKind::TooLarge,
                            format!(
                                "a winning move from heap \"{}\" takes more than 2^64 - 1 stones; use smaller heaps",
                                heap.size
                            ),
                        )
                    })?;
                    if s.contains(take) {
                        takes.push(take);
                    }
                }
                takes.sort_unstable();
                takes
            }
            SubtractionSet::Finite(s) => {
                let takes: Vec<u64> = s
                    .elements()
                    .iter()
                    .copied()
                    .filter(|&a| BigUint::from(a) <= heap.size)
                    .collect();
                let after: Vec<BigUint> = takes
                    .iter()
                    .map(|&a| &heap.size - BigUint::from(a))
                    .collect();
                let got = model.grundy_values(&after)?;
                takes
                    .into_iter()
                    .zip(got)
                    .filter(|&(_, g)| g == target)
                    .map(|(a, _)| a)
                    .collect()
            }
        };
        for take in takes {
            let leaves = (&heap.size - BigUint::from(take)).to_string();
            moves.push(Move { heap: i + 1, take, leaves });
        }
    }
    Ok(moves)
}

/// Misère Nim (Bouton): a position is P iff some heap is at least 2 and
/// the nim-sum is 0, or every heap is 0 or 1 and the number of 1s is odd.
fn bouton(sizes: &[u64]) -> (Outcome, Vec<Move>) {
    let is_p = |sizes: &[u64]| {
        let xor = sizes.iter().fold(0, |a, &b| a ^ b);
        if sizes.iter().any(|&s| s >= 2) { xor == 0 } else { xor == 1 }
    };
    let mut moves = Vec::new();
    let mut after = sizes.to_vec();
    for (i, &n) in sizes.iter().enumerate() {
        let others = sizes
            .iter()
            .enumerate()
            .filter(|&(j, _)| j != i)
            .fold(0, |a, (_, &b)| a ^ b);
        let mut targets = vec![others, 0, 1];
        targets.sort_unstable();
        targets.dedup();
        for t in targets.into_iter().filter(|&t| t < n) {
            after[i] = t;
            if is_p(&after) {
                moves.push(Move {
                    heap: i + 1,
                    take: n - t,
                    leaves: t.to_string(),
                });
            }
        }
        after[i] = n;
    }
    moves.sort_by_key(|m| (m.heap, m.take));
    (Outcome::from_is_p(is_p(sizes)), moves)
}

/// A sum as one game: heap sizes, with equal rule sets sorted so that
/// permuted positions are the same position.
struct SumGame {
    sets: Vec<SubtractionSet>,
    /// `group[i]`: the first heap index with the same rule set as heap i.
    group: Vec<usize>,
}

impl SumGame {
    fn canonical(&self, mut sizes: Vec<u64>) -> Vec<u64> {
        let mut start = 0;
        while start < sizes.len() {
            let end = (start..sizes.len())
                .find(|&j| self.group[j] != self.group[start])
                .unwrap_or(sizes.len());
            sizes[start..end].sort_unstable();
            start = end;
        }
        sizes
    }
}

impl ImpartialGame for SumGame {
    type Position = Vec<u64>;

    fn options(&self, sizes: &Vec<u64>) -> Vec<Vec<u64>> {
        let mut out = Vec::new();
        for (i, &n) in sizes.iter().enumerate() {
            for s in self.sets[i].moves_up_to(n) {
                let mut next = sizes.clone();
                next[i] = n - s;
                out.push(self.canonical(next));
            }
        }
        out
    }
}

fn misere_search(
    heaps: &[Heap],
    max_states: usize,
) -> Result<(Outcome, Vec<Move>)> {
    // Keep the user's heap numbering for moves; sort a copy for the game.
    let mut order: Vec<usize> = (0..heaps.len()).collect();
    order.sort_by(|&a, &b| heaps[a].set.cmp(&heaps[b].set));
    let too_big = || {
        Error::new(
            ErrorKind::Budget,
            format!(
                "this misère sum has more than {max_states} positions to search exactly; use smaller heaps or raise --max-states"
            ),
        )
    };
    let mut sizes = Vec::with_capacity(heaps.len());
    let mut states: u128 = 1;
    for &i in &order {
        let n = heaps[i].size.to_u64().ok_or_else(too_big)?;
        states = states.saturating_mul(u128::from(n) + 1);
        sizes.push(n);
    }
    if heaps.len() > 1 && states > max_states as u128 * 64 {
        return Err(too_big());
    }
    let sets: Vec<SubtractionSet> =
        order.iter().map(|&i| heaps[i].set.clone()).collect();
    let group = (0..sets.len())
        .map(|i| (0..=i).find(|&j| sets[j] == sets[i]).unwrap())
        .collect();
    let game = SumGame { sets, group };
    let root = game.canonical(sizes.clone());
    let mut solver = Solver::new(game, max_states);
    let root_p = solver.is_misere_p(&root).map_err(|e| {
        if e.kind() == ErrorKind::Budget { too_big() } else { e }
    })?;
    let mut moves = Vec::new();
    for (k, &i) in order.iter().enumerate() {
        for take in solver.game().sets[k].moves_up_to(sizes[k]) {
            let mut next = sizes.clone();
            next[k] -= take;
            let next = solver.game().canonical(next);
            if solver.is_misere_p(&next).map_err(|_| too_big())? {
                moves.push(Move {
                    heap: i + 1,
                    take,
                    leaves: (sizes[k] - take).to_string(),
                });
            }
        }
    }
    moves.sort_by_key(|m| (m.heap, m.take));
    Ok((Outcome::from_is_p(root_p), moves))
}

#[cfg(test)]
mod tests {
    use super::*;

    fn heaps(spec: &[&str]) -> Vec<Heap> {
        spec.iter().map(|h| h.parse().unwrap()).collect()
    }

    fn run(spec: &[&str], play: Play) -> SumReport {
        analyse(&heaps(spec), play, &Limit::default(), DEFAULT_MAX_STATES)
            .unwrap()
    }

    #[test]
    fn issue_example() {
        // g_{1,2,3}(10) = 2, g_{2,3}(7) = g(2) = 1 (0,0,1,1,2 repeats),
        // nim 5 = 5.
        let r = run(&["1,2,3:10", "2,3:7", "nim:5"], Play::Normal);
        assert_eq!(
            r.heaps.iter().map(|h| h.grundy).collect::<Vec<_>>(),
            [2, 1, 5]
        );
        assert_eq!(r.nim_sum, 6);
        assert_eq!(r.outcome, Outcome::N);
        // Only nim:5 -> 3 brings the total to 0 (2^6 = 4 > 2, 1^6 = 7 > 1).
        assert_eq!(
            r.winning_moves,
            vec![Move { heap: 3, take: 2, leaves: "3".into() }]
        );
    }

    #[test]
    fn winning_moves_lead_to_p_positions() {
        let r = run(&["2,3:8", "2,3:4", "1,4:9"], Play::Normal);
        for m in &r.winning_moves {
            let mut spec: Vec<String> =
                vec!["2,3:8".into(), "2,3:4".into(), "1,4:9".into()];
            let set = spec[m.heap - 1].rsplit_once(':').unwrap().0.to_string();
            spec[m.heap - 1] = format!("{set}:{}", m.leaves);
            let refs: Vec<&str> = spec.iter().map(String::as_str).collect();
            assert_eq!(run(&refs, Play::Normal).nim_sum, 0);
        }
    }

    #[test]
    fn winning_moves_that_raise_a_heap_value() {
        // {1}:2 has g = 0 and {1}:1 has g = 1: taking 1 from heap 1 moves
        // its value up to 1 and leaves 1 XOR 1 = 0, a winning move too.
        let r = run(&["1:2", "1:1"], Play::Normal);
        let moves: Vec<(usize, u64)> =
            r.winning_moves.iter().map(|m| (m.heap, m.take)).collect();
        assert_eq!(moves, [(1, 1), (2, 1)]);
    }

    #[test]
    fn bouton_misere_nim() {
        // All heaps 1, odd count: P.
        assert_eq!(
            run(&["nim:1", "nim:1", "nim:1"], Play::Misere).outcome,
            Outcome::P
        );
        assert_eq!(run(&["nim:1", "nim:1"], Play::Misere).outcome, Outcome::N);
        let r = run(&["nim:3", "nim:1"], Play::Misere);
        assert_eq!(r.outcome, Outcome::N);
        // 3,1 -> take 3 from heap 1 leaving 0,1? that leaves one 1: P. Also 1,1 is N.
        assert!(r.winning_moves.contains(&Move {
            heap: 1,
            take: 3,
            leaves: "0".into()
        }));
    }

    #[test]
    fn misere_search_agrees_with_bouton() {
        // The search, given nim as the finite set {1..n}, must agree with
        // Bouton on every small position.
        for a in 0..6u64 {
            for b in 0..6u64 {
                for c in 0..4u64 {
                    let nim = run(
                        &[
                            &format!("nim:{a}"),
                            &format!("nim:{b}"),
                            &format!("nim:{c}"),
                        ],
                        Play::Misere,
                    );
                    let fin = run(
                        &[
                            &format!("1-6:{a}"),
                            &format!("1-6:{b}"),
                            &format!("1-6:{c}"),
                        ],
                        Play::Misere,
                    );
                    assert_eq!(nim.outcome, fin.outcome, "{a} {b} {c}");
                    assert_eq!(
                        nim.winning_moves, fin.winning_moves,
                        "{a} {b} {c}"
                    );
                }
            }
        }
    }

    #[test]
    fn misere_budget_error() {
        let err = analyse(
            &heaps(&["1,2:1000000", "2,3:1000000"]),
            Play::Misere,
            &Limit::default(),
            1000,
        )
        .unwrap_err();
        assert_eq!(err.kind(), ErrorKind::Budget);
    }

    #[test]
    fn bad_heaps() {
        insta::assert_snapshot!("1,2,3".parse::<Heap>().unwrap_err(), @r#"heap "1,2,3" has no size; write SET:SIZE, e.g. "1,2,3:10" or "nim:5""#);
        insta::assert_snapshot!("1,2,3:x".parse::<Heap>().unwrap_err(), @r#"heap size "x" is not a number of stones; write a non-negative integer such as 31"#);
    }
}
