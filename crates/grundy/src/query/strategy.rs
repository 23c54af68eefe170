//! Perfect play: the computer opponent of `grundy play`.
//!
//! Knowing who wins is not enough for a good opponent. Following the
//! learners' notes on the 31 game (from a position of Grundy value 0,
//! "hold on": make the game last) and Steinhaus' remoteness (Winning Ways
//! ch. 9, "Remoteness"), a perfect player, when it is winning, moves to a
//! losing position for the other side that ends the game soonest; when it
//! is losing, it moves to the winning position for the other side that
//! lasts longest, giving the opponent the most chances to go wrong.
//!
//! [`Strategy`] answers for the positions of a sum of heaps (one heap is
//! the sum of one), normal or misère, with the one exact solver
//! (`solver.rs`) when the game fits its budget (`max_states` bounds the
//! positions stored, `max_positions` the moves examined). When it does
//! not, the strategy plays from the theory, which tells who wins but not
//! in how many moves: under normal play from the heaps' Grundy values
//! (Sprague-Grundy: a move wins exactly when it leaves nim-sum 0), under
//! misère play from Bouton's rule for misère Nim or from the misère
//! quotient of the heaps' game (T. E. Plambeck and A. N. Siegel, Misère
//! quotients for impartial games: a move wins exactly when it leaves a
//! product in the P-portion; `misere_answer.rs`). Values then carry no
//! remoteness, and the best moves are the winning moves, or every move
//! when none wins. [`PlayMethod`] names the method that answered and
//! [`Strategy::method_note`] says it in one sentence, for every front
//! end.
//!
//! Ties between equally good moves are the caller's to break:
//! [`Strategy::pick`] turns one random number into a choice, so a front
//! end that seeds its own generator replays the same game.

use std::fmt;

use num_bigint::BigUint;

use crate::budget::{Budget, StopReason, Stopped, Unit};
use crate::error::{Error, ErrorKind, Result};
use crate::game::HeapOption;
use crate::play::{Outcome, Play};
use crate::query::heap::HeapModel;
use crate::query::misere_answer::{
    Attempt, MISERE_QUOTIENT_WORK, MisereMethod, attempt, bouton_is_p,
    method_note,
};
use crate::query::moves::Move;
use crate::query::quotient::QuotientReport;
use crate::query::solver::{Solved, Solver};
use crate::rules::Rules;

/// Who wins a position with perfect play, and, when the game was solved
/// exactly, how many moves it lasts (not a Grundy value: that is a
/// [`Nimber`](crate::Nimber); nor one heap's row of a sum report, a
/// [`HeapValue`](crate::HeapValue)).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
#[cfg_attr(feature = "serde", derive(serde::Serialize))]
pub struct PositionValue {
    /// The outcome: `N` when the player to move wins.
    pub outcome: Outcome,
    /// The remoteness: moves left when the winner wins as fast as
    /// possible and the loser loses as slowly as possible; `None` when
    /// the position was answered from the theory
    /// ([`Strategy::method`] is not [`PlayMethod::Exact`]).
    pub remoteness: Option<u32>,
}

impl PositionValue {
    /// Whether the player to move wins.
    pub fn wins(self) -> bool {
        self.outcome == Outcome::N
    }

    /// A value from the theory: who wins, no remoteness.
    fn outcome_only(is_p: bool) -> PositionValue {
        PositionValue { outcome: Outcome::from_is_p(is_p), remoteness: None }
    }
}

impl From<Solved> for PositionValue {
    fn from(v: Solved) -> PositionValue {
        PositionValue { outcome: v.outcome, remoteness: Some(v.remoteness) }
    }
}

/// How a [`Strategy`] answers. Serialised as its name (`"exact"`), the
/// key `method` of `/api/play` (docs/JSON.md).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum PlayMethod {
    /// Every position solved exactly, with its remoteness.
    Exact,
    /// Normal play from the heaps' Grundy values (Sprague-Grundy).
    Grundy,
    /// Misère Nim by Bouton's rule.
    Bouton,
    /// Misère play from the misère quotient (Plambeck and Siegel).
    Quotient,
}

impl PlayMethod {
    /// The name: `exact`, `grundy`, `bouton`, `quotient`.
    pub fn name(self) -> &'static str {
        match self {
            PlayMethod::Exact => "exact",
            PlayMethod::Grundy => "grundy",
            PlayMethod::Bouton => MisereMethod::Bouton.name(),
            PlayMethod::Quotient => MisereMethod::Quotient.name(),
        }
    }

    /// Whether values carry their remoteness (only when solved exactly).
    pub fn has_remoteness(self) -> bool {
        self == PlayMethod::Exact
    }
}

impl fmt::Display for PlayMethod {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}

#[cfg(feature = "serde")]
impl serde::Serialize for PlayMethod {
    fn serialize<S: serde::Serializer>(
        &self,
        s: S,
    ) -> std::result::Result<S::Ok, S::Error> {
        s.serialize_str(self.name())
    }
}

/// The sentence that says how a strategy answers (`quotient`: the one
/// that answers, for [`PlayMethod::Quotient`]).
fn play_note(method: PlayMethod, quotient: Option<&QuotientReport>) -> String {
    let theory = match method {
        PlayMethod::Exact => {
            return "solved exactly: every position searched, with who wins \
                    and in how many moves (the winner hurries, the loser \
                    stalls)"
                .to_string();
        }
        PlayMethod::Grundy => "normal play solved by the heaps' Grundy \
                               values (Sprague-Grundy theorem): a position \
                               is lost for the player to move exactly when \
                               the nim-sum of its heaps' values is 0"
            .to_string(),
        PlayMethod::Bouton => method_note(MisereMethod::Bouton, None, None),
        PlayMethod::Quotient => {
            method_note(MisereMethod::Quotient, quotient, None)
        }
    };
    format!(
        "{theory}; this tells who wins, not in how many moves (the exact \
         search, which counts them, does not fit its budget)"
    )
}

/// A move together with the value of the position it leaves (for the
/// player who moves next).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct RatedMove {
    /// The move.
    pub mv: Move,
    /// The value of the position after the move, for the opponent.
    pub after: PositionValue,
}

/// What answers the questions.
#[derive(Debug)]
enum Judge {
    Exact(Solver),
    Grundy,
    Bouton,
    /// The quotient and its game.
    Quotient(Box<QuotientReport>, Rules),
}

/// Perfect play for sums of heaps: values, rated moves, best moves.
///
/// ```
/// use grundy::{Budget, Play, PlayMethod, Strategy};
/// let start = [("1,2,3".parse::<grundy::Rules>()?, 31)];
/// let mut s = Strategy::new(&start, Play::Normal, Budget::default())?;
/// assert_eq!(s.method(), PlayMethod::Exact);
/// let v = s.value(&start)?;
/// assert!(v.wins());
/// assert_eq!(v.remoteness, Some(15)); // 31 -> 28 -> ... -> 0
/// let best = s.best_moves(&start)?;
/// assert_eq!(best[0].to_string(), "heap 1: take 3");
///
/// // Six heaps of Kayles are too many to solve exactly within 10,000
/// // positions: the misère quotient plays.
/// let kayles: grundy::Rules = "0.77".parse()?;
/// let start: Vec<_> = (40..46).map(|n| (kayles.clone(), n)).collect();
/// let small = Budget { max_states: 10_000, ..Budget::default() };
/// let mut s = Strategy::new(&start, Play::Misere, small)?;
/// assert_eq!(s.method(), PlayMethod::Quotient);
/// assert_eq!(s.value(&start)?.remoteness, None);
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
#[derive(Debug)]
pub struct Strategy {
    play: Play,
    budget: Budget,
    judge: Judge,
    method: PlayMethod,
    note: String,
    /// The Grundy values of each rule set asked about, kept.
    models: Vec<HeapModel>,
}

impl Strategy {
    /// Perfect play under `play` from `start` (and the positions below
    /// it): solved exactly when the exact solver stores at most
    /// `budget.max_states` positions and examines at most
    /// `budget.max_positions` moves, else from the theory (the Grundy
    /// values, Bouton's rule or the misère quotient) when it answers
    /// `start`; the theory is asked first when the product of (size + 1)
    /// over the heaps passes `max_states`. Errors with the exact solver's error when neither does,
    /// and at the budget's deadline or cancel flag.
    pub fn new(
        start: &[(Rules, u64)],
        play: Play,
        budget: Budget,
    ) -> Result<Strategy> {
        // A start whose heaps alone make more positions than the exact
        // solver may store (the product of (size + 1)) would fill it
        // first and give up seconds later: the theory goes first there.
        let product = start
            .iter()
            .fold(1u64, |p, &(_, n)| p.saturating_mul(n.saturating_add(1)));
        if product > budget.max_states {
            match Strategy::from_theory(start, play, budget.clone()) {
                Ok(Some(strategy)) => return Ok(strategy),
                Err(e) if interrupted(&e) => return Err(e),
                // The exact solver may still fit: not every product of
                // heap sizes is reached.
                Ok(None) | Err(_) => {}
            }
        }
        let mut solver = Solver::new(play, budget.clone());
        let exact = match solver.value(start) {
            Ok(_) => {
                return Ok(Strategy {
                    play,
                    budget,
                    judge: Judge::Exact(solver),
                    method: PlayMethod::Exact,
                    note: play_note(PlayMethod::Exact, None),
                    models: Vec::new(),
                });
            }
            Err(e) if out_of_room(&e) => e,
            Err(e) => return Err(e),
        };
        // The positions stored go before the theory's work begins.
        drop(solver);
        match Strategy::from_theory(start, play, budget) {
            Ok(Some(strategy)) => Ok(strategy),
            Err(e) if interrupted(&e) => Err(e),
            // What the theory cannot answer (no quotient, values past
            // its budget, heaps with too many moves to list) leaves the
            // exact solver's error.
            Ok(None) | Err(_) => Err(exact),
        }
    }

    /// The strategy of the theory for `start` (no exact search), or
    /// `None` when no theory applies (misère play of heaps of several
    /// games, or no misère quotient found within
    /// [`MISERE_QUOTIENT_WORK`]). The start and its moves are answered
    /// once, so that errors show here.
    pub(crate) fn from_theory(
        start: &[(Rules, u64)],
        play: Play,
        budget: Budget,
    ) -> Result<Option<Strategy>> {
        let (judge, method) = match play {
            Play::Normal => (Judge::Grundy, PlayMethod::Grundy),
            Play::Misere if start.iter().all(|(r, _)| *r == Rules::nim()) => {
                (Judge::Bouton, PlayMethod::Bouton)
            }
            Play::Misere => {
                let Some((rules, _)) = start.first() else {
                    return Ok(None);
                };
                if start.iter().any(|(r, _)| r != rules) {
                    return Ok(None);
                }
                let largest = start.iter().map(|&(_, n)| n).max();
                let largest = BigUint::from(largest.unwrap_or(0));
                match attempt(rules, &largest, &budget, MISERE_QUOTIENT_WORK)?
                {
                    Attempt::Found(q) => (
                        Judge::Quotient(q, rules.clone()),
                        PlayMethod::Quotient,
                    ),
                    Attempt::NotFound(_) => return Ok(None),
                }
            }
        };
        let quotient = match &judge {
            Judge::Quotient(q, _) => Some(&**q),
            _ => None,
        };
        let note = play_note(method, quotient);
        let mut strategy =
            Strategy { play, budget, judge, method, note, models: Vec::new() };
        strategy.moves(start)?;
        Ok(Some(strategy))
    }

    /// Normal or misère play.
    pub fn play(&self) -> Play {
        self.play
    }

    /// How the strategy answers: [`PlayMethod::Exact`], or the theory.
    pub fn method(&self) -> PlayMethod {
        self.method
    }

    /// The method in one sentence, for people: front ends print it once.
    pub fn method_note(&self) -> &str {
        &self.note
    }

    /// The value of a position: who wins, and (solved exactly) in how
    /// many moves.
    pub fn value(&mut self, heaps: &[(Rules, u64)]) -> Result<PositionValue> {
        if let Judge::Exact(solver) = &mut self.judge {
            return solver.value(heaps).map(PositionValue::from);
        }
        if let Judge::Bouton = self.judge {
            let sizes = nim_sizes(heaps)?;
            return Ok(PositionValue::outcome_only(bouton_is_p(&sizes)));
        }
        let x = self.elements(heaps)?;
        let product = x.iter().fold(0, |a, &e| self.mul(a, e));
        Ok(PositionValue::outcome_only(self.is_p(product)))
    }

    /// Every legal move with the value it leaves, by heap then take.
    pub fn moves(&mut self, heaps: &[(Rules, u64)]) -> Result<Vec<RatedMove>> {
        let mut listed = Vec::new();
        for (i, (rules, size)) in heaps.iter().enumerate() {
            if !matches!(self.judge, Judge::Exact(_)) {
                self.check_options(i, rules, *size)?;
            }
            let mut options = Vec::new();
            rules.options(*size, &mut |o| options.push(o));
            listed.push(options);
        }
        let afters = match &mut self.judge {
            Judge::Exact(solver) => {
                let mut afters = Vec::new();
                for (i, options) in listed.iter().enumerate() {
                    for o in options {
                        let next = after(heaps, i, o);
                        afters.push(solver.value(&next)?.into());
                    }
                }
                afters
            }
            Judge::Bouton => {
                let sizes = nim_sizes(heaps)?;
                let mut afters = Vec::new();
                for (i, options) in listed.iter().enumerate() {
                    for o in options {
                        let mut next = sizes.clone();
                        next[i] = o.leaves().iter().sum();
                        afters.push(PositionValue::outcome_only(bouton_is_p(
                            &next,
                        )));
                    }
                }
                afters
            }
            Judge::Grundy | Judge::Quotient(..) => {
                self.theory_afters(heaps, &listed)?
            }
        };
        let mut afters = afters.into_iter();
        let mut out = Vec::new();
        for (i, options) in listed.iter().enumerate() {
            for o in options {
                out.push(RatedMove {
                    mv: Move {
                        heap: i + 1,
                        take: BigUint::from(o.take()),
                        leaves: o.leaves().iter().map(|&h| h.into()).collect(),
                    },
                    after: afters.next().expect("one value per option"),
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
    /// it last longest. Without remoteness (the theory answered): the
    /// winning moves, or every move when none wins. Empty at a terminal
    /// position.
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

    /// The Grundy value of each heap (for the hints of a front end, in
    /// every method), kept between calls for each rule set.
    pub fn grundy_values(
        &mut self,
        heaps: &[(Rules, u64)],
    ) -> Result<Vec<u64>> {
        let mut out = vec![0; heaps.len()];
        let mut done = vec![false; heaps.len()];
        for i in 0..heaps.len() {
            if done[i] {
                continue;
            }
            let rules = &heaps[i].0;
            let members: Vec<usize> =
                (i..heaps.len()).filter(|&j| heaps[j].0 == *rules).collect();
            let sizes: Vec<BigUint> =
                members.iter().map(|&j| heaps[j].1.into()).collect();
            let model = self.model(rules);
            let values = model.grundy_values(&sizes)?;
            for (&j, v) in members.iter().zip(values) {
                out[j] = v;
                done[j] = true;
            }
        }
        Ok(out)
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

    /// The model of `rules`' Grundy values, made on first need.
    fn model(&mut self, rules: &Rules) -> &mut HeapModel {
        let at = match self.models.iter().position(|m| m.rules() == rules) {
            Some(at) => at,
            None => {
                let model = HeapModel::new(rules.clone(), self.budget.clone());
                self.models.push(model);
                self.models.len() - 1
            }
        };
        &mut self.models[at]
    }

    /// Refuses a heap with more moves than the state budget: the theory
    /// lists every move of a position.
    fn check_options(&self, i: usize, rules: &Rules, size: u64) -> Result<()> {
        let limit = self.budget.max_states;
        match rules.options_at_most(size) {
            Some(most) if most > limit => Err(Error::budget(
                Stopped::new(StopReason::States, most, limit, Unit::States),
                format!(
                    "heap {} has more than {limit} moves to list; use smaller heaps",
                    i + 1
                ),
            )),
            _ => Ok(()),
        }
    }

    /// The element of each heap in the theory's monoid: its Grundy value
    /// (nim-sum) or its element of the misère quotient.
    fn elements(&mut self, heaps: &[(Rules, u64)]) -> Result<Vec<u64>> {
        let Judge::Quotient(q, game) = &self.judge else {
            return self.grundy_values(heaps);
        };
        heaps
            .iter()
            .map(|(rules, n)| {
                if rules != game {
                    return Err(Error::new(
                        ErrorKind::Unsupported,
                        format!(
                            "the misère quotient of \"{game}\" answers its own heaps, not those of \"{rules}\""
                        ),
                    ));
                }
                let big = BigUint::from(*n);
                q.big_heap_index(&big).map(u64::from).ok_or_else(|| {
                    Error::new(
                        ErrorKind::TooLarge,
                        format!(
                            "heap {n} is past the heaps the misère quotient of \"{game}\" answers; use smaller heaps"
                        ),
                    )
                })
            })
            .collect()
    }

    /// The product of two elements ([`Strategy::elements`]).
    fn mul(&self, x: u64, y: u64) -> u64 {
        match &self.judge {
            Judge::Quotient(q, _) => {
                u64::from(q.mul_index(x as u32, y as u32))
            }
            _ => x ^ y,
        }
    }

    /// Whether a product is that of a P-position.
    fn is_p(&self, x: u64) -> bool {
        match &self.judge {
            Judge::Quotient(q, _) => q.is_p_index(x as u32),
            _ => x == 0,
        }
    }

    /// The values the options `listed` (heap by heap) leave, from the
    /// theory's monoid: the product of the other heaps' elements and the
    /// elements of the heaps each option leaves.
    fn theory_afters(
        &mut self,
        heaps: &[(Rules, u64)],
        listed: &[Vec<HeapOption>],
    ) -> Result<Vec<PositionValue>> {
        // Every heap and every heap an option leaves, in one batch (one
        // listing of values per rule set).
        let mut wanted: Vec<(Rules, u64)> = heaps.to_vec();
        for (i, options) in listed.iter().enumerate() {
            for o in options {
                wanted.extend(
                    o.leaves().iter().map(|&h| (heaps[i].0.clone(), h)),
                );
            }
        }
        let x = self.elements(&wanted)?;
        let (own, mut leaves) = (&x[..heaps.len()], x[heaps.len()..].iter());
        // prefix[i]: the product of heaps 0..i; suffix[i]: of heaps i..
        let mut prefix = vec![0];
        for &e in own {
            prefix.push(self.mul(*prefix.last().expect("pushed"), e));
        }
        let mut suffix = vec![0; own.len() + 1];
        for i in (0..own.len()).rev() {
            suffix[i] = self.mul(own[i], suffix[i + 1]);
        }
        let mut out = Vec::new();
        for (i, options) in listed.iter().enumerate() {
            let rest = self.mul(prefix[i], suffix[i + 1]);
            for o in options {
                let product = o.leaves().iter().fold(rest, |a, _| {
                    self.mul(a, *leaves.next().expect("one per leaf"))
                });
                out.push(PositionValue::outcome_only(self.is_p(product)));
            }
        }
        Ok(out)
    }
}

/// Whether a search was stopped by the clock or the caller.
fn interrupted(e: &Error) -> bool {
    e.stopped().is_some_and(|s| {
        matches!(s.reason, StopReason::Time | StopReason::Cancelled)
    })
}

/// Whether the exact search stopped for want of room (positions stored
/// or moves examined), not for the clock or the caller.
fn out_of_room(e: &Error) -> bool {
    e.stopped().is_some_and(|s| {
        matches!(s.reason, StopReason::States | StopReason::Positions)
    })
}

/// The position after replacing heap `i` by what `option` leaves.
fn after(
    heaps: &[(Rules, u64)],
    i: usize,
    option: &HeapOption,
) -> Vec<(Rules, u64)> {
    let mut next = heaps.to_vec();
    let rules = next.remove(i).0;
    next.extend(option.leaves().iter().map(|&h| (rules.clone(), h)));
    next
}

/// The sizes of heaps that are all Nim's (Bouton's rule answers only
/// those).
fn nim_sizes(heaps: &[(Rules, u64)]) -> Result<Vec<u64>> {
    heaps
        .iter()
        .map(|(rules, n)| {
            if *rules == Rules::nim() {
                Ok(*n)
            } else {
                Err(Error::new(
                    ErrorKind::Unsupported,
                    format!(
                        "Bouton's rule answers heaps of Nim, not those of \"{rules}\""
                    ),
                ))
            }
        })
        .collect()
}

#[cfg(test)]
mod tests {
    use std::collections::HashMap;

    use proptest::prelude::{
        ProptestConfig, any, prop, prop_assert, prop_assert_eq, prop_oneof,
        proptest,
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
        memo: &mut HashMap<Vec<u64>, Solved>,
    ) -> Solved {
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
            Solved { outcome, remoteness: 0 }
        } else if let Some(&r) = losing.iter().min() {
            Solved { outcome: Outcome::N, remoteness: r + 1 }
        } else {
            let r = options.iter().map(|v| v.remoteness).max().unwrap();
            Solved { outcome: Outcome::P, remoteness: r + 1 }
        };
        memo.insert(sizes.to_vec(), v);
        v
    }

    /// An exact strategy (from the empty position: the others are
    /// solved on first need).
    fn strategy(play: Play) -> Strategy {
        let budget = Budget { max_states: 1_000_000, ..Budget::default() };
        let s = Strategy::new(&[], play, budget).unwrap();
        assert_eq!(s.method(), PlayMethod::Exact);
        s
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
            assert_eq!(v.remoteness, Some(want), "n = {n}");
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
            PositionValue { outcome: Outcome::N, remoteness: Some(0) }
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
        // A misère sum of two games: no quotient answers it, so past the
        // exact solver's budget the solver's error stays.
        let start = [(rules("1,2"), 2000), (rules("2,3"), 2000)];
        let small = Budget { max_states: 10_000, ..Budget::default() };
        let err =
            Strategy::new(&start, Play::Misere, small.clone()).unwrap_err();
        assert_eq!(err.kind(), ErrorKind::Budget);
        insta::assert_snapshot!(err, @"this game has more than 10000 positions to solve exactly; use smaller heaps");
        // Normal play: the Grundy values answer, without remoteness.
        // g(n) = n mod 3 for {1,2}; for {2,3} (period 5) g(2000) = g(0)
        // = 0: nim-sum 2, a win.
        let mut s = Strategy::new(&start, Play::Normal, small).unwrap();
        assert_eq!(s.method(), PlayMethod::Grundy);
        let v = s.value(&start).unwrap();
        assert_eq!((v.wins(), v.remoteness), (true, None));
        assert_eq!(s.grundy_values(&start).unwrap(), [2, 0]);
        let best: Vec<(usize, u64)> =
            s.best_moves(&start).unwrap().iter().map(take).collect();
        assert_eq!(best, [(1, 2)]);
        insta::assert_snapshot!(s.method_note(), @"normal play solved by the heaps' Grundy values (Sprague-Grundy theorem): a position is lost for the player to move exactly when the nim-sum of its heaps' values is 0; this tells who wins, not in how many moves (the exact search, which counts them, does not fit its budget)");
    }

    /// Kayles (0.77) is answered by its misère quotient (Plambeck and
    /// Siegel, Misère quotients for impartial games: order 40), and
    /// misère Nim by Bouton's rule, once the exact search is too small.
    #[test]
    fn misere_theory_plays_past_the_exact_budget() {
        let small = Budget { max_states: 10_000, ..Budget::default() };
        let kayles = rules("0.77");
        let start: Vec<(Rules, u64)> =
            (40..46).map(|n| (kayles.clone(), n)).collect();
        let mut s =
            Strategy::new(&start, Play::Misere, small.clone()).unwrap();
        assert_eq!(s.method(), PlayMethod::Quotient);
        assert!(s.method_note().starts_with(
            "misère play solved by the misère quotient of \"0.77\" (order 40"
        ));
        // The quotient's winning moves are `grundy sum`'s.
        let heaps: Vec<Heap> = start
            .iter()
            .map(|(r, n)| Heap { rules: r.clone(), size: (*n).into() })
            .collect();
        let r = sum::sum(&heaps, Play::Misere, &Budget::default()).unwrap();
        assert_eq!(r.method, Some(MisereMethod::Quotient));
        assert_eq!(s.value(&start).unwrap().outcome, r.outcome);
        let mut moves = s.winning_moves(&start).unwrap();
        moves.sort();
        assert_eq!(moves, r.winning_moves);
        let nim = [(Rules::nim(), 3000), (Rules::nim(), 3000)];
        let s = Strategy::new(&nim, Play::Misere, small).unwrap();
        assert_eq!(s.method(), PlayMethod::Bouton);
        // Too many moves to list within the state budget: the exact
        // solver's error.
        let tiny = Budget { max_states: 100, ..Budget::default() };
        let e = Strategy::new(&[(Rules::nim(), 1000)], Play::Normal, tiny)
            .unwrap_err();
        assert_eq!(e.kind(), ErrorKind::Budget);
        assert!(e.message().contains("to solve exactly"), "{e}");
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

    fn arb_one_game()
    -> impl proptest::strategy::Strategy<Value = (Rules, Vec<u64>)> {
        let set = prop::collection::btree_set(1u64..7, 1..4)
            .prop_map(|s| Rules::from(crate::set::FiniteSet::new(s).unwrap()));
        let octal = prop::collection::vec(0u8..8, 1..4).prop_filter_map(
            "a code with moves",
            |digits| {
                let code: String =
                    digits.iter().map(|d| d.to_string()).collect();
                format!("0.{code}").parse::<Rules>().ok()
            },
        );
        let game = prop_oneof![set, octal];
        (game, prop::collection::vec(0u64..9, 1..4))
    }

    /// Along a line of play from `sizes` (moves picked by `seed`), the
    /// theory's strategy and the exact one give every position the same
    /// outcome and every move the same rating; the theory's best moves
    /// are the winning moves, or every move when none wins.
    fn agree_along_a_line(
        sets: &[Rules],
        sizes: &[u64],
        play: Play,
        seed: u64,
    ) -> Result<(), proptest::test_runner::TestCaseError> {
        let mut pos = position(sets, sizes);
        let Some(mut theory) =
            Strategy::from_theory(&pos, play, Budget::default()).unwrap()
        else {
            // No quotient found: nothing to compare.
            return Ok(());
        };
        prop_assert!(!theory.method().has_remoteness());
        let mut exact = strategy(play);
        let mut state = seed;
        loop {
            let t = theory.value(&pos).unwrap();
            prop_assert_eq!(t.outcome, exact.value(&pos).unwrap().outcome);
            prop_assert_eq!(t.remoteness, None);
            let tm = theory.moves(&pos).unwrap();
            let em = exact.moves(&pos).unwrap();
            prop_assert_eq!(tm.len(), em.len());
            for (a, b) in tm.iter().zip(&em) {
                prop_assert_eq!(&a.mv, &b.mv);
                prop_assert_eq!(a.after.outcome, b.after.outcome, "{}", a.mv);
            }
            let winning: Vec<Move> = em
                .iter()
                .filter(|m| !m.after.wins())
                .map(|m| m.mv.clone())
                .collect();
            let best = theory.best_moves(&pos).unwrap();
            if winning.is_empty() {
                let all: Vec<Move> = em.iter().map(|m| m.mv.clone()).collect();
                prop_assert_eq!(&best, &all);
            } else {
                prop_assert_eq!(&best, &winning);
            }
            let Some(m) = Strategy::pick(&best, splitmix(&mut state)) else {
                break;
            };
            let (rules, _) = pos.remove(m.heap - 1);
            let leaves: Vec<u64> =
                m.leaves.iter().map(|h| u64::try_from(h).unwrap()).collect();
            pos.extend(leaves.into_iter().map(|h| (rules.clone(), h)));
        }
        Ok(())
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
                prop_assert_eq!(s.value(&position(&sets, &pos)).unwrap(), slow(&sets, &pos, play, &mut memo).into());
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
            prop_assert_eq!(Some(moves), start.remoteness);
        }

        /// The theory rates every move as the exact solver does (win or
        /// lose), along a random line of play: random finite subtraction
        /// sets and octal codes of up to three digits, sums of up to
        /// three heaps, normal play (Grundy values) and misère play (the
        /// misère quotient, when found).
        #[test]
        fn theory_rates_moves_as_the_exact_solver(
            (game, sizes) in arb_one_game(),
            misere in any::<bool>(),
            seed in any::<u64>(),
        ) {
            let play = if misere { Play::Misere } else { Play::Normal };
            let sets = vec![game; sizes.len()];
            agree_along_a_line(&sets, &sizes, play, seed)?;
        }

        /// The same for sums of Nim, all-but and subtraction heaps under
        /// normal play (Grundy values), and misère Nim (Bouton's rule).
        #[test]
        fn theory_rates_mixed_sums_as_the_exact_solver(
            (sets, sizes) in arb_game(),
            nim in prop::collection::vec(0u64..7, 1..4),
            seed in any::<u64>(),
        ) {
            agree_along_a_line(&sets, &sizes, Play::Normal, seed)?;
            let nims = vec![Rules::nim(); nim.len()];
            agree_along_a_line(&nims, &nim, Play::Misere, seed)?;
        }
    }
}
