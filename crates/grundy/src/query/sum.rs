//! Sums of heaps, each with its own rule set.
//!
//! Normal play follows Sprague-Grundy: the value of a sum is the nim-sum
//! (XOR) of the heaps' values, and a winning move takes a heap of value v
//! to an option of value v XOR t, where t is the total. Misère sums do
//! not follow the nim-sum rule: when every heap is Nim, Bouton's rule
//! answers at once; when every heap is of one octal game or finite
//! subtraction set whose misère quotient is found within a small budget,
//! the quotient answers (`misere_answer.rs`); otherwise the sum is solved
//! exactly by the one exact solver (`solver.rs`), within the budget's
//! `max_states`.
//!
//! References: Winning Ways ch. 2 and 13; C. L. Bouton, "Nim, a game with
//! a complete mathematical theory", Annals of Math. 3 (1901); T. E.
//! Plambeck and A. N. Siegel, Misère quotients for impartial games,
//! J. Combin. Theory Ser. A 115 (2008).

use std::fmt;
use std::str::FromStr;

use num_bigint::BigUint;
use num_traits::ToPrimitive;

use crate::budget::{Budget, StopReason};
use crate::error::{Error, ErrorKind, Result};
use crate::play::{Outcome, Play};
use crate::query::heap::{HeapModel, parse_heap_size};
use crate::query::misere_answer::{
    Attempt, MISERE_QUOTIENT_WORK, MisereMethod, answer, attempt, bouton_is_p,
    method_note,
};
use crate::query::moves::{Move, MoveFamily};
use crate::query::solver::Solver;
use crate::rules::Rules;

/// One heap of a sum: a rule set and a size. Written `SET:SIZE`
/// (`1,2,3:10`, `nim:5`, `all-but:2,3:7`).
///
/// ```
/// let h: grundy::Heap = "1,2,3:10".parse()?;
/// assert_eq!((h.rules.to_string(), h.size.to_string()), ("1,2,3".into(), "10".into()));
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Heap {
    /// The heap's rule set.
    pub rules: Rules,
    /// The number of tokens.
    pub size: BigUint,
}

impl FromStr for Heap {
    type Err = Error;

    fn from_str(text: &str) -> Result<Heap> {
        let Some((rules, size)) = text.rsplit_once(':') else {
            return Err(Error::new(
                ErrorKind::Parse,
                format!(
                    "heap \"{text}\" has no size; write SET:SIZE, e.g. \"1,2,3:10\" or \"nim:5\""
                ),
            ));
        };
        let rules = rules.parse().map_err(|e| {
            // "0.07:5:6": one colon too many, not a bad set.
            if rules.contains(':') && !rules.starts_with("all-but") {
                Error::new(
                    ErrorKind::Parse,
                    format!(
                        "heap \"{text}\" has more than one ':'; write SET:SIZE, e.g. \"0.07:12\" or \"all-but:2,3:10\""
                    ),
                )
            } else {
                e
            }
        })?;
        Ok(Heap { rules, size: parse_heap_size(size)? })
    }
}

/// A family of winning splits of one heap of a sum (a huge heap of a
/// game that splits heaps): written `heap 2: ` and the family as
/// [`MoveFamily`] writes it; serialised as the family's object with
/// `heap` (counting from 1) first.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct SumFamily {
    /// The heap, counting from 1.
    pub heap: usize,
    /// The splits.
    pub family: MoveFamily,
}

impl fmt::Display for SumFamily {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "heap {}: {}", self.heap, self.family)
    }
}

#[cfg(feature = "serde")]
impl serde::Serialize for SumFamily {
    fn serialize<S: serde::Serializer>(
        &self,
        s: S,
    ) -> Result<S::Ok, S::Error> {
        use serde::ser::SerializeStruct;
        let mut m = s.serialize_struct("SumFamily", 10)?;
        m.serialize_field("heap", &self.heap)?;
        self.family.serialize_fields(&mut m, self.to_string())?;
        m.end()
    }
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
    /// Every winning move under `play` (empty for a P-position), unless
    /// `moves_complete` is false.
    pub winning_moves: Vec<Move>,
    /// False when a heap was too large to list all its winning moves (a
    /// huge heap of a game that splits heaps): the others are then in
    /// `winning_families`, or cut (`moves_note` says which).
    pub moves_complete: bool,
    /// How the misère answer was found: `bouton`, `quotient` or
    /// `search` (None for normal play).
    pub method: Option<MisereMethod>,
    /// The same in one sentence, for people (None for normal play).
    pub method_note: Option<String>,
    /// Whether `winning_moves` and `winning_families` together are
    /// exactly the winning moves (false only when a listing limit cut
    /// them: `moves_note` says what is missing).
    pub moves_exact: bool,
    /// The winning splits of huge heaps not in `winning_moves`, as
    /// families that repeat with the period of their heap's values
    /// (normal play) or of the heap map of the misère quotient (misère
    /// play).
    pub winning_families: Vec<SumFamily>,
    /// When `winning_moves` is not every winning move: what the families
    /// are and what was cut, heap by heap, in words.
    pub moves_note: Option<String>,
}

/// Analyses a sum of heaps under `play`.
///
/// ```
/// use grundy::{Budget, Heap, Play};
/// let heaps: Vec<Heap> = ["1,2,3:10", "2,3:7", "nim:5"].iter().map(|h| h.parse()).collect::<Result<_, _>>()?;
/// let r = grundy::sum(&heaps, Play::Normal, &Budget::default())?;
/// assert_eq!(r.nim_sum, 2 ^ 1 ^ 5);
/// assert_eq!(r.winning_moves[0].to_string(), "heap 3: take 2");
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
pub fn sum(heaps: &[Heap], play: Play, budget: &Budget) -> Result<SumReport> {
    if heaps.is_empty() {
        return Err(Error::new(
            ErrorKind::Parse,
            "no heaps given; write heaps as SET:SIZE, e.g. \"1,2,3:10 nim:5\"",
        ));
    }
    let mut groups = by_rules(heaps, budget);
    let values = group_values(heaps, &mut groups)?;
    let nim_sum = values.iter().fold(0, |a, &v| a ^ v);
    let report_heaps = heaps
        .iter()
        .zip(&values)
        .map(|(h, &g)| HeapValue {
            set: h.rules.to_string(),
            size: h.size.to_string(),
            grundy: g,
        })
        .collect();
    let mut found = Found::default();
    let (outcome, winning_moves, method, method_note) = match play {
        Play::Normal => {
            normal_winning_moves(
                heaps,
                &values,
                nim_sum,
                &mut groups,
                &mut found,
            )?;
            let moves = std::mem::take(&mut found.moves);
            (Outcome::from_is_p(nim_sum == 0), moves, None, None)
        }
        Play::Misere if heaps.iter().all(|h| h.rules == Rules::nim()) => {
            let (outcome, moves) = bouton(heaps)?;
            let note = method_note(MisereMethod::Bouton, None, None);
            (outcome, moves, Some(MisereMethod::Bouton), Some(note))
        }
        Play::Misere => {
            let (outcome, moves, method, note) =
                misere(heaps, budget, &mut found)?;
            (outcome, moves, Some(method), Some(note))
        }
    };
    Ok(SumReport {
        play,
        heaps: report_heaps,
        nim_sum,
        outcome,
        winning_moves,
        moves_complete: found.complete,
        method,
        method_note,
        moves_exact: found.exact,
        moves_note: (!found.notes.is_empty()).then(|| found.notes.join("; ")),
        winning_families: found.families,
    })
}

/// The winning moves of a sum under normal play, heap by heap.
#[derive(Debug)]
struct Found {
    moves: Vec<Move>,
    families: Vec<SumFamily>,
    /// The notes of the heaps whose moves are not all listed.
    notes: Vec<String>,
    complete: bool,
    exact: bool,
}

impl Default for Found {
    fn default() -> Found {
        Found {
            moves: Vec::new(),
            families: Vec::new(),
            notes: Vec::new(),
            complete: true,
            exact: true,
        }
    }
}

/// The heaps of one rule set (their indices, in order) and the model of
/// its values.
struct Group {
    model: HeapModel,
    members: Vec<usize>,
}

/// The heaps grouped by rule set, in order of first appearance.
fn by_rules(heaps: &[Heap], budget: &Budget) -> Vec<Group> {
    let mut groups: Vec<Group> = Vec::new();
    for (i, heap) in heaps.iter().enumerate() {
        match groups.iter_mut().find(|g| *g.model.rules() == heap.rules) {
            Some(group) => group.members.push(i),
            None => groups.push(Group {
                model: HeapModel::new(heap.rules.clone(), budget.clone()),
                members: vec![i],
            }),
        }
    }
    groups
}

/// The heaps' values, one rule set at a time with its heaps together
/// (one listing each). Each model but the last forgets its values when
/// done, so that a sum holds those of one rule set at a time.
fn group_values(heaps: &[Heap], groups: &mut [Group]) -> Result<Vec<u64>> {
    let mut values = vec![0; heaps.len()];
    let last = groups.len().saturating_sub(1);
    for (k, group) in groups.iter_mut().enumerate() {
        let sizes: Vec<BigUint> =
            group.members.iter().map(|&i| heaps[i].size.clone()).collect();
        let got = group.model.grundy_values(&sizes)?;
        for (&i, g) in group.members.iter().zip(got) {
            values[i] = g;
        }
        if k != last {
            group.model.forget_values();
        }
    }
    Ok(values)
}

fn normal_winning_moves(
    heaps: &[Heap],
    values: &[u64],
    total: u64,
    groups: &mut [Group],
    found: &mut Found,
) -> Result<()> {
    if total == 0 {
        return Ok(());
    }
    // A heap may also move to an option of larger value (g_{1}(2) = 0 has
    // the option g(1) = 1), so every heap is searched, not only those
    // with v XOR t < v. One rule set at a time (its values are kept
    // between its heaps, then forgotten), the last one of the values
    // first (its values are still kept), then the moves in heap order.
    let mut notes = Vec::new();
    for group in groups.iter_mut().rev() {
        // The group's values again if they were forgotten (one listing to
        // its largest heap), so that its heaps' options are read off them.
        let sizes: Vec<BigUint> =
            group.members.iter().map(|&i| heaps[i].size.clone()).collect();
        group.model.grundy_values(&sizes)?;
        for &i in &group.members {
            let target = values[i] ^ total;
            let model = &mut group.model;
            if let Some(note) = heap_moves(model, &heaps[i], i, target, found)?
            {
                notes.push((i, note));
            }
        }
        group.model.forget_values();
    }
    // Stable: each heap's moves keep their order.
    found.moves.sort_by_key(|m| m.heap);
    found.families.sort_by_key(|f| f.heap);
    notes.sort_by_key(|&(i, _)| i);
    found.notes = notes.into_iter().map(|(_, note)| note).collect();
    Ok(())
}

/// Adds the moves of heap `i` (model: its rule set's) to an option of
/// value `target`, and the families of the others; returns the note of
/// a heap whose moves are not all listed.
fn heap_moves(
    model: &mut HeapModel,
    heap: &Heap,
    i: usize,
    target: u64,
    found: &mut Found,
) -> Result<Option<String>> {
    let toward = model.moves_toward(&heap.size, target)?;
    found.complete &= toward.complete();
    found.exact &= toward.exact();
    let note = toward.note(Some(i + 1));
    for option in toward.options {
        found.moves.push(Move {
            heap: i + 1,
            take: option.take,
            leaves: option.leaves,
        });
    }
    for family in toward.families {
        found.families.push(SumFamily { heap: i + 1, family });
    }
    Ok(note)
}

/// Misère Nim (Bouton): a position is P iff some heap is at least 2 and
/// the nim-sum is 0, or every heap is 0 or 1 and the number of 1s is odd.
fn bouton(heaps: &[Heap]) -> Result<(Outcome, Vec<Move>)> {
    let sizes: Vec<u64> = heaps
        .iter()
        .map(|h| {
            h.size.to_u64().ok_or_else(|| {
                Error::new(
                    ErrorKind::TooLarge,
                    format!("nim heap \"{}\" is too large; Grundy values are limited to 64 bits", h.size),
                )
            })
        })
        .collect::<Result<_>>()?;
    let is_p = bouton_is_p;
    let mut moves = Vec::new();
    let mut after = sizes.clone();
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
                let leaves = if t == 0 { Vec::new() } else { vec![t.into()] };
                moves.push(Move { heap: i + 1, take: (n - t).into(), leaves });
            }
        }
        after[i] = n;
    }
    moves.sort();
    Ok((Outcome::from_is_p(is_p(&sizes)), moves))
}

/// A misère sum not all Nim: from the quotient when every heap is of one
/// rule set whose quotient is found within [`MISERE_QUOTIENT_WORK`],
/// else by exhaustive search; the outcome, the winning moves, the method
/// and its sentence. The winning splits of a huge heap of a game that
/// splits heaps go by the certified period of the heap map: the families
/// and notes in `found`, as under normal play; a heap too large to walk
/// without one leaves its moves out, and `found` says so.
fn misere(
    heaps: &[Heap],
    budget: &Budget,
    found: &mut Found,
) -> Result<(Outcome, Vec<Move>, MisereMethod, String)> {
    let rules = &heaps[0].rules;
    let why_not = if heaps.iter().all(|h| h.rules == *rules) {
        let largest = heaps.iter().map(|h| &h.size).max().expect("a heap");
        match attempt(rules, largest, budget, MISERE_QUOTIENT_WORK)? {
            Attempt::Found(q) => {
                let sizes: Vec<BigUint> =
                    heaps.iter().map(|h| h.size.clone()).collect();
                let a = answer(&q, rules, &sizes, budget)?;
                for (i, split) in a.described {
                    found.complete &= split.complete();
                    found.exact &= split.exact();
                    found.notes.extend(split.note(Some(i + 1)));
                    found.families.extend(
                        split
                            .families
                            .into_iter()
                            .map(|family| SumFamily { heap: i + 1, family }),
                    );
                }
                if !a.unwalked.is_empty() {
                    found.complete = false;
                    found.exact = false;
                    let which: Vec<String> = a
                        .unwalked
                        .iter()
                        .map(|i| (i + 1).to_string())
                        .collect();
                    found.notes.push(format!(
                        "the winning moves of heap {} are not listed: too \
                         large to walk its splits",
                        which.join(", ")
                    ));
                }
                let method = MisereMethod::Quotient;
                let note = method_note(method, Some(&q), None);
                return Ok((a.outcome, a.moves, method, note));
            }
            Attempt::NotFound(why) => why,
        }
    } else {
        "the heaps are of different games, and a misère quotient answers \
         the sums of one game's heaps"
            .to_string()
    };
    let (outcome, moves) = misere_search(heaps, budget)?;
    let method = MisereMethod::Search;
    Ok((outcome, moves, method, method_note(method, None, Some(&why_not))))
}

pub(crate) fn misere_search(
    heaps: &[Heap],
    budget: &Budget,
) -> Result<(Outcome, Vec<Move>)> {
    let max_states = budget.max_states;
    let too_big = |e: Option<Error>| match e {
        Some(e)
            if e.stopped().is_some_and(|s| s.reason != StopReason::States) =>
        {
            e
        }
        Some(e) if e.kind() != ErrorKind::Budget => e,
        _ => Error::budget(
            e.and_then(|e| e.stopped().cloned()).unwrap_or(
                crate::budget::Stopped::new(
                    StopReason::States,
                    0,
                    max_states,
                    crate::budget::Unit::States,
                ),
            ),
            format!(
                "this misère sum has more than {max_states} positions to search exactly; use smaller heaps"
            ),
        ),
    };
    let mut sizes = Vec::with_capacity(heaps.len());
    let mut states: u128 = 1;
    for heap in heaps {
        let n = heap.size.to_u64().ok_or_else(|| too_big(None))?;
        states = states.saturating_mul(u128::from(n) + 1);
        sizes.push(n);
    }
    // Heaps of distinct rule sets multiply their sizes: refuse at once
    // what cannot fit, before filling memory.
    if heaps.len() > 1 && states > u128::from(max_states) * 64 {
        return Err(too_big(None));
    }
    let mut solver = Solver::outcomes(Play::Misere, budget.clone());
    let position: Vec<(Rules, u64)> =
        heaps.iter().zip(&sizes).map(|(h, &n)| (h.rules.clone(), n)).collect();
    let root_wins = solver.wins(&position).map_err(|e| too_big(Some(e)))?;
    let mut moves = Vec::new();
    for (i, heap) in heaps.iter().enumerate() {
        let mut options = Vec::new();
        heap.rules.options(sizes[i], &mut |o| options.push(o));
        for o in options {
            let mut next = position.clone();
            next.remove(i);
            next.extend(o.leaves().iter().map(|&h| (heap.rules.clone(), h)));
            if !solver.wins(&next).map_err(|e| too_big(Some(e)))? {
                moves.push(Move {
                    heap: i + 1,
                    take: o.take().into(),
                    leaves: o.leaves().iter().map(|&h| h.into()).collect(),
                });
            }
        }
    }
    moves.sort();
    Ok((Outcome::from_is_p(!root_wins), moves))
}

#[cfg(test)]
mod tests {
    use super::*;

    fn heaps(spec: &[&str]) -> Vec<Heap> {
        spec.iter().map(|h| h.parse().unwrap()).collect()
    }

    fn run(spec: &[&str], play: Play) -> SumReport {
        sum(&heaps(spec), play, &Budget::default()).unwrap()
    }

    #[test]
    fn moves_are_written_once() {
        let m = Move {
            heap: 2,
            take: 1u32.into(),
            leaves: vec![3u32.into(), 4u32.into()],
        };
        assert_eq!(m.to_string(), "heap 2: take 1 -> 3 + 4");
        let m = Move { heap: 1, take: 5u32.into(), leaves: vec![] };
        assert_eq!(m.to_string(), "heap 1: take 5");
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
            vec![Move {
                heap: 3,
                take: 2u32.into(),
                leaves: vec![3u32.into()]
            }]
        );
    }

    #[test]
    fn winning_moves_lead_to_p_positions() {
        let r = run(&["2,3:8", "2,3:4", "1,4:9"], Play::Normal);
        for m in &r.winning_moves {
            let mut spec: Vec<String> =
                vec!["2,3:8".into(), "2,3:4".into(), "1,4:9".into()];
            let set = spec[m.heap - 1].rsplit_once(':').unwrap().0.to_string();
            spec[m.heap - 1] = format!("{set}:{}", m.leaves_text());
            let refs: Vec<&str> = spec.iter().map(String::as_str).collect();
            assert_eq!(run(&refs, Play::Normal).nim_sum, 0);
        }
    }

    #[test]
    fn winning_moves_that_raise_a_heap_value() {
        // {1}:2 has g = 0 and {1}:1 has g = 1: taking 1 from heap 1 moves
        // its value up to 1 and leaves 1 XOR 1 = 0, a winning move too.
        let r = run(&["1:2", "1:1"], Play::Normal);
        let moves: Vec<(usize, String)> = r
            .winning_moves
            .iter()
            .map(|m| (m.heap, m.take.to_string()))
            .collect();
        assert_eq!(moves, [(1, "1".into()), (2, "1".into())]);
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
            take: 3u32.into(),
            leaves: vec![]
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
        let budget = Budget { max_states: 1000, ..Budget::default() };
        let err = sum(
            &heaps(&["1,2:1000000", "2,3:1000000"]),
            Play::Misere,
            &budget,
        )
        .unwrap_err();
        assert_eq!(err.kind(), ErrorKind::Budget);
        assert_eq!(err.stopped().unwrap().reason, StopReason::States);
        // One heap of a game whose quotient keeps growing (Officers): no
        // product bound, the solver itself stops.
        let err =
            sum(&heaps(&["0.6:5000"]), Play::Misere, &budget).unwrap_err();
        insta::assert_snapshot!(err, @"this misère sum has more than 1000 positions to search exactly; use smaller heaps");
    }

    /// Issue 36: misère sums of one octal game or finite set are
    /// answered by the quotient, heaps of any number and size; sums of
    /// several games by the search; each says so in the library's
    /// sentence.
    #[test]
    fn misere_sums_say_their_method() {
        let r = run(&["0.75:5", "0.75:9"], Play::Misere);
        assert_eq!(r.method, Some(MisereMethod::Quotient));
        let note = r.method_note.unwrap();
        assert!(note.starts_with("misère play solved by the misère quotient of \"0.75\" (order 8"), "{note}");
        // The search agrees (`misere_answer.rs` checks every small sum).
        let (outcome, moves) =
            misere_search(&heaps(&["0.75:5", "0.75:9"]), &Budget::default())
                .unwrap();
        assert_eq!((r.outcome, r.winning_moves), (outcome, moves));
        // A thousand heaps, one of 10^30 tokens (through the period).
        let mut many: Vec<String> =
            (0..999).map(|i| format!("1,2,3:{}", 1 + i % 40)).collect();
        many.push(format!("1,2,3:1{}", "0".repeat(30)));
        let refs: Vec<&str> = many.iter().map(String::as_str).collect();
        let r = run(&refs, Play::Misere);
        assert_eq!(r.method, Some(MisereMethod::Quotient));
        assert!(r.moves_complete && r.moves_exact);
        // 1,2,3 is tame (its quotient is T2, misère Nim's): Bouton's rule
        // on the Grundy values decides its sums (Plambeck and Siegel,
        // Misère quotients for impartial games, §3 on tame games).
        let g: Vec<u64> = r.heaps.iter().map(|h| h.grundy).collect();
        let big = g.iter().any(|&v| v >= 2);
        let xor = g.iter().fold(0, |a, &v| a ^ v);
        let p = if big { xor == 0 } else { xor == 1 };
        assert_eq!(r.outcome, Outcome::from_is_p(p));
        // Two games: the search, and why.
        let r = run(&["0.75:5", "1,2,3:4"], Play::Misere);
        assert_eq!(r.method, Some(MisereMethod::Search));
        insta::assert_snapshot!(r.method_note.unwrap(), @"misère play solved by exhaustive search of the positions below the sum (the heaps are of different games, and a misère quotient answers the sums of one game's heaps)");
        let r = run(&["nim:2", "nim:3"], Play::Misere);
        assert_eq!(r.method, Some(MisereMethod::Bouton));
        assert_eq!(run(&["nim:2"], Play::Normal).method_note, None);
    }

    #[test]
    fn huge_takes_in_sums() {
        // The P-positions of all-but:1-5 are 0..=5: the winning moves
        // take more than 2^64 - 1 stones, and are reported exactly.
        let r = run(&["all-but:1,2,3,4,5:27640714038704561109"], Play::Normal);
        assert_eq!(r.winning_moves.len(), 6);
        assert_eq!(
            r.winning_moves[0].take.to_string(),
            "27640714038704561104"
        );
    }

    /// Issue 34, item 5: a huge heap of a game that splits heaps lists
    /// its moves below the pre-period, gives the others as families of
    /// its heap, and says so; another heap's moves are listed as before.
    #[test]
    fn huge_split_heaps_in_sums() {
        let r = run(&["0.44:177903495"], Play::Normal);
        assert!(!r.moves_complete && r.moves_exact);
        let texts: Vec<String> =
            r.winning_moves.iter().map(ToString::to_string).collect();
        assert!(texts.contains(&"heap 1: take 2 -> 22 + 177903471".into()));
        assert_eq!(r.winning_families.len(), 26);
        insta::assert_snapshot!(r.winning_families[0], @"heap 1: take 1 -> a + (177903494 - a) for a = 144 (mod 24), 144 <= a <= 88951728");
        insta::assert_snapshot!(r.moves_note.as_deref().unwrap(), @"the winning splits of heap 1 in which a smaller heap is at least the pre-period 143 (where the Grundy values start to repeat with the period 24) are those of its 26 families below");
        // With a Nim heap: its moves listed, the families stay heap 1's.
        let r = run(&["0.44:177903495", "nim:3"], Play::Normal);
        assert!(r.winning_families.iter().all(|f| f.heap == 1));
        assert!(r.winning_moves.iter().any(|m| m.heap == 2));
        let r = run(&["0.44:1000", "nim:3"], Play::Normal);
        assert!(r.moves_complete && r.moves_exact && r.moves_note.is_none());
    }

    #[test]
    fn bad_heaps() {
        insta::assert_snapshot!("1,2,3".parse::<Heap>().unwrap_err(), @r#"heap "1,2,3" has no size; write SET:SIZE, e.g. "1,2,3:10" or "nim:5""#);
        insta::assert_snapshot!("1,2,3:x".parse::<Heap>().unwrap_err(), @r#"heap size "x" is not a number of stones; write a non-negative integer such as 31"#);
        insta::assert_snapshot!("0.07:5:6".parse::<Heap>().unwrap_err(), @r#"heap "0.07:5:6" has more than one ':'; write SET:SIZE, e.g. "0.07:12" or "all-but:2,3:10""#);
        let h: Heap = "all-but:2,3:10".parse().unwrap();
        assert_eq!(h.size, BigUint::from(10u32));
    }

    /// The winning moves heap by heap with a fresh model each (nothing
    /// kept), as the sum found them before it grouped heaps by rule set.
    fn moves_one_by_one(heaps: &[Heap], values: &[u64]) -> Vec<Move> {
        let total = values.iter().fold(0, |a, &v| a ^ v);
        let mut moves = Vec::new();
        if total == 0 {
            return moves;
        }
        let mut found = Found::default();
        for (i, (heap, &v)) in heaps.iter().zip(values).enumerate() {
            let mut model =
                HeapModel::new(heap.rules.clone(), Budget::default());
            heap_moves(&mut model, heap, i, v ^ total, &mut found).unwrap();
        }
        moves.append(&mut found.moves);
        moves
    }

    proptest::proptest! {
        #![proptest_config(proptest::prelude::ProptestConfig::with_cases(64))]

        /// Heaps of rule sets interleaved in any order: the same values
        /// and the same moves, in heap order, as heap by heap.
        #[test]
        fn interleaved_rule_sets_answer_heap_by_heap(
            spec in proptest::collection::vec(
                (proptest::sample::select(vec!["1,2,3", "2,3", "0.07", "0.6", "4.7", "nim"]), 0u64..300),
                1..6,
            ),
        ) {
            let heaps: Vec<Heap> = spec
                .iter()
                .map(|(r, n)| format!("{r}:{n}").parse().unwrap())
                .collect();
            let r = sum(&heaps, Play::Normal, &Budget::default()).unwrap();
            let values: Vec<u64> = heaps
                .iter()
                .map(|h| {
                    HeapModel::new(h.rules.clone(), Budget::default())
                        .grundy_values(std::slice::from_ref(&h.size))
                        .unwrap()[0]
                })
                .collect();
            proptest::prop_assert_eq!(
                r.heaps.iter().map(|h| h.grundy).collect::<Vec<_>>(),
                values.clone()
            );
            proptest::prop_assert_eq!(r.winning_moves, moves_one_by_one(&heaps, &values));
        }
    }

    #[test]
    fn a_sum_keeps_the_values_of_one_rule_set() {
        let heaps = heaps(&["0.07:500", "1,2,3:40", "0.07:499"]);
        let mut groups = by_rules(&heaps, &Budget::default());
        let members: Vec<&[usize]> =
            groups.iter().map(|g| &g.members[..]).collect();
        assert_eq!(members, [&[0, 2][..], &[1][..]]);
        group_values(&heaps, &mut groups).unwrap();
        let kept: Vec<usize> = groups.iter().map(|g| g.model.kept()).collect();
        assert_eq!(kept, [0, 41]);
    }

    /// The shape of a sum of many big heaps of take-and-break games, at a
    /// small size: heaps of Officers (0.6), Kayles (0.77) and Grundy's
    /// game around the one-pass listing's threshold, fixed random sizes,
    /// their rule sets interleaved. The values equal the nim-sums of a
    /// plain listing, and the winning moves those found heap by heap by
    /// a model that keeps nothing (every option a `BigOption`, evaluated
    /// as one: the way before).
    #[test]
    fn many_big_heaps_answer_heap_by_heap() {
        let mut x = 34u64;
        let mut next = |below: u64| {
            x ^= x << 13;
            x ^= x >> 7;
            x ^= x << 17;
            x % below
        };
        let mut heaps = Vec::new();
        for k in 0..24 {
            let set = ["0.6", "0.77", "0.6", "grundy"][k % 4];
            let size = 3000 + next(2500);
            heaps.push(format!("{set}:{size}").parse::<Heap>().unwrap());
        }
        let mut moves = 0;
        for count in [24, 23, 7] {
            let heaps = &heaps[..count];
            let r = sum(heaps, Play::Normal, &Budget::default()).unwrap();
            let values: Vec<u64> = heaps
                .iter()
                .map(|h| {
                    let n = h.size.to_usize().unwrap();
                    crate::values(&h.rules).nth(n).unwrap().value()
                })
                .collect();
            let got: Vec<u64> = r.heaps.iter().map(|h| h.grundy).collect();
            assert_eq!(got, values);
            assert!(r.moves_complete);
            assert_eq!(r.winning_moves, moves_one_by_one(heaps, &values));
            moves += r.winning_moves.len();
        }
        assert!(moves > 0);
    }
}
