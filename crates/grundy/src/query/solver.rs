//! The one exact solver: who wins any sum of heaps, and (for the
//! computer opponent) in how many moves.
//!
//! Misère sums do not follow the nim-sum rule (Winning Ways ch. 13), and a
//! good opponent needs more than who wins: Steinhaus' remoteness, the
//! number of moves left when the winner hurries and the loser stalls
//! (Winning Ways ch. 9, "Remoteness"). [`Solver`] computes both (or, made
//! by [`Solver::outcomes`], who wins only), for
//! normal or misère play, for positions made of heaps of any rule sets
//! (a move may split a heap, as in octal games), by memoised depth-first
//! search with an explicit stack (deep games do not overflow the call
//! stack).
//!
//! A position is stored in canonical form: heaps of 0 dropped (they have
//! no options), the rest sorted by rule set and size, so that permuted
//! positions are one. The budget's `max_states` is the number of
//! positions stored: the one meaning of the state budget for sums, play
//! and the web. The positions on the search path, their heaps and the
//! options listed for them count too (a heap of 10^5 tokens of an octal
//! game has 5 10^4 options at each of 10^5 levels: without them in the
//! count, memory ran to gigabytes before a position was stored). Its `max_positions` bounds the options examined (the
//! work: a heap of Nim with n tokens has n options), and its deadline and
//! cancel flag are checked every few thousand options.
//!
//! Most callers want only who wins (misère listings, sums and heaps):
//! [`Solver::outcomes`] settles a won position at its first option lost
//! for the player moving there and never searches the rest, which only
//! the remoteness needs (the computer opponent of `play`). On misère
//! Kayles (0.77) that halves the time and reaches one heap further
//! within the same state budget (`BENCHMARKS.md`).
//!
//! Terminal positions have remoteness 0 (lost under normal play, won
//! under misère play); otherwise, if some option is lost for the player
//! who moves there, r = 1 + the least r of those options (a win), else
//! r = 1 + the largest r of all options (a loss).

use std::collections::{HashMap, HashSet};

use rustc_hash::FxBuildHasher;

use crate::budget::{Budget, StopReason, Stopped, Unit};
use crate::error::{Error, ErrorKind, Result};
use crate::game::HeapOption;
use crate::play::{Outcome, Play};
use crate::rules::Rules;

/// Who wins a position with perfect play, and how many moves it lasts:
/// the exact solver's answer (the public
/// [`PositionValue`](crate::PositionValue) has its remoteness only when
/// the game was solved exactly).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub(crate) struct Solved {
    /// The outcome: `N` when the player to move wins.
    pub(crate) outcome: Outcome,
    /// The remoteness: moves left when the winner wins as fast as
    /// possible and the loser loses as slowly as possible.
    pub(crate) remoteness: u32,
}

impl Solved {
    /// Whether the player to move wins.
    pub(crate) fn wins(self) -> bool {
        self.outcome == Outcome::N
    }

    fn pack(self) -> u32 {
        (self.remoteness << 1) | u32::from(self.wins())
    }

    fn unpack(cell: u32) -> Solved {
        Solved {
            outcome: Outcome::from_is_p(cell & 1 == 0),
            remoteness: cell >> 1,
        }
    }
}

/// A heap in canonical form: the index of its rule set, its size.
type Part = (u32, u64);

/// Memoised perfect play over sums of heaps.
#[derive(Debug)]
pub(crate) struct Solver {
    play: Play,
    /// Only outcomes are wanted ([`Solver::outcomes`]): a position is
    /// known to be won at its first option lost for the player moving
    /// there, and the rest of its options are never searched.
    outcome_only: bool,
    budget: Budget,
    /// Rule sets seen so far; parts refer to them by index.
    rules: Vec<Rules>,
    memo: HashMap<Box<[Part]>, u32, FxBuildHasher>,
    /// Options examined so far, and when to check the budget next.
    visits: u64,
    next_check: u64,
}

/// How often (in options examined) the solver checks its budget.
const CHECK_VISITS: u64 = 1 << 16;

impl Solver {
    /// A solver for `play` that stores at most `budget.max_states`
    /// positions.
    pub(crate) fn new(play: Play, budget: Budget) -> Solver {
        Solver {
            play,
            outcome_only: false,
            budget,
            rules: Vec::new(),
            memo: HashMap::default(),
            visits: 0,
            next_check: CHECK_VISITS,
        }
    }

    /// A solver of outcomes only: [`Solver::wins`] and not
    /// [`Solver::value`]. A won position is settled by its first option
    /// lost for the player moving there, so the search skips the other
    /// options of won positions (and the positions only they lead to),
    /// where remoteness needs them all.
    pub(crate) fn outcomes(play: Play, budget: Budget) -> Solver {
        Solver { outcome_only: true, ..Solver::new(play, budget) }
    }

    /// Whether the player to move wins the sum of `heaps`.
    pub(crate) fn wins(&mut self, heaps: &[(Rules, u64)]) -> Result<bool> {
        self.solve_sum(heaps).map(Solved::wins)
    }

    /// The positions stored so far.
    pub(crate) fn states(&self) -> u64 {
        self.memo.len() as u64
    }

    /// The value of the sum of `heaps` (a solver made by [`Solver::new`]:
    /// one of outcomes knows no remoteness).
    pub(crate) fn value(&mut self, heaps: &[(Rules, u64)]) -> Result<Solved> {
        debug_assert!(
            !self.outcome_only,
            "an outcome solver has no remoteness"
        );
        self.solve_sum(heaps)
    }

    fn solve_sum(&mut self, heaps: &[(Rules, u64)]) -> Result<Solved> {
        let key = self.canonical(heaps);
        self.solve(key).map_err(|e| match e {
            Halt::Stopped(e) => self.budget_error(e),
            Halt::Cycle => Error::new(
                ErrorKind::Cyclic,
                format!(
                    "the options of \"{}\" lead back to the same position; heap games must end",
                    heaps.iter().map(|(r, _)| r.to_string()).collect::<Vec<_>>().join(" + ")
                ),
            ),
        })
    }

    /// The library's message for a search that ran out of budget.
    fn budget_error(&self, e: Stopped) -> Error {
        let message = match e.reason {
            StopReason::States => format!(
                "this game has more than {} positions to solve exactly; use smaller heaps",
                e.limit
            ),
            StopReason::Positions => format!(
                "this game needs more than {} move checks to solve exactly; use smaller heaps",
                e.limit
            ),
            StopReason::Time => format!(
                "the exact search ran out of time after {} positions",
                e.done
            ),
            StopReason::Cancelled => format!(
                "the exact search was cancelled after {} positions",
                e.done
            ),
            StopReason::Width => format!(
                "the exact search stopped after {} positions: a value is too big for the value width",
                e.done
            ),
            StopReason::Splits => format!(
                "the exact search stopped after {} splits of an octal game's values",
                e.done
            ),
        };
        Error::budget(e, message)
    }

    fn intern(&mut self, rules: &Rules) -> u32 {
        match self.rules.iter().position(|r| r == rules) {
            Some(i) => i as u32,
            None => {
                self.rules.push(rules.clone());
                (self.rules.len() - 1) as u32
            }
        }
    }

    fn canonical(&mut self, heaps: &[(Rules, u64)]) -> Box<[Part]> {
        let mut parts: Vec<Part> = heaps
            .iter()
            .filter(|(_, n)| *n > 0)
            .map(|(r, n)| (self.intern(r), *n))
            .collect();
        parts.sort_unstable();
        parts.into_boxed_slice()
    }

    /// Counts `count` options examined against the work budget.
    fn visit(&mut self, count: usize) -> Result<(), Halt> {
        self.visits += count as u64;
        if self.visits >= self.next_check {
            self.next_check = self.visits + CHECK_VISITS;
            self.budget.report(self.visits);
            self.budget
                .check(self.visits, Unit::Positions)
                .map_err(Halt::Stopped)?;
        }
        Ok(())
    }

    /// The options of part `i` of `position` (the heaps it may leave),
    /// those that take the most first: a subtraction game's search then
    /// reaches small heaps first and stays shallow.
    /// Stops, listing nothing, when the rule set says the heap has more
    /// options than the state budget.
    fn part_options(
        &self,
        position: &[Part],
        i: usize,
        out: &mut Vec<HeapOption>,
    ) -> Result<(), Halt> {
        out.clear();
        let (rule, size) = position[i];
        let rules = &self.rules[rule as usize];
        if let Some(most) = rules.options_at_most(size)
            && most > self.budget.max_states
        {
            self.budget.check(most, Unit::States).map_err(Halt::Stopped)?;
        }
        rules.options(size, &mut |o| out.push(o));
        out.reverse();
        Ok(())
    }

    /// The canonical position after replacing part `i` by `option`'s
    /// leaves, written into `key`.
    fn after(
        position: &[Part],
        i: usize,
        option: &HeapOption,
        key: &mut Vec<Part>,
    ) {
        let rule = position[i].0;
        key.clear();
        key.extend_from_slice(&position[..i]);
        key.extend_from_slice(&position[i + 1..]);
        for &h in option.leaves() {
            let part = (rule, h);
            let at = key.partition_point(|p| *p < part);
            key.insert(at, part);
        }
    }

    fn solve(&mut self, root: Box<[Part]>) -> Result<Solved, Halt> {
        if let Some(&v) = self.memo.get(&root) {
            return Ok(Solved::unpack(v));
        }
        let mut path: HashSet<Box<[Part]>, FxBuildHasher> = HashSet::default();
        let mut stack = vec![self.frame(root.clone())?];
        path.insert(root.clone());
        let mut key: Vec<Part> = Vec::new();
        // Positions, heaps and options held on the search path.
        let mut held = stack[0].weight();
        while let Some(frame) = stack.last_mut() {
            // Walk the options of the current part; stop at the first one
            // not solved yet.
            let mut pending = None;
            while pending.is_none() {
                if self.outcome_only && frame.best_win.is_some() {
                    // Won already: the other options change only the
                    // remoteness.
                    break;
                }
                if frame.next < frame.options.len() {
                    let option = frame.options[frame.next];
                    Self::after(
                        &frame.position,
                        frame.part,
                        &option,
                        &mut key,
                    );
                    match self.memo.get(&key[..]) {
                        Some(&v) => {
                            frame.add(Solved::unpack(v));
                            frame.next += 1;
                        }
                        None => pending = Some(key.clone().into_boxed_slice()),
                    }
                    continue;
                }
                // The next distinct part (an equal heap has the same options).
                let position = &frame.position;
                let mut part = frame.part + 1;
                while part < position.len()
                    && position[part] == position[part - 1]
                {
                    part += 1;
                }
                if part >= position.len() {
                    break;
                }
                frame.part = part;
                frame.next = 0;
                let mut options = std::mem::take(&mut frame.options);
                held -= options.len() as u64;
                self.part_options(&frame.position, part, &mut options)?;
                frame.options = options;
                let count = frame.options.len();
                held += count as u64;
                self.visit(count)?;
                self.hold(held)?;
            }
            if let Some(next) = pending {
                if !path.insert(next.clone()) {
                    return Err(Halt::Cycle);
                }
                let frame = self.frame(next)?;
                self.visit(frame.options.len())?;
                held += frame.weight();
                self.hold(held)?;
                stack.push(frame);
                continue;
            }
            let frame = stack.pop().expect("a frame");
            held -= frame.weight();
            let value = frame.value(self.play);
            path.remove(&frame.position);
            self.memo.insert(frame.position, value.pack());
            let stored = self.states();
            if stored > self.budget.max_states || stored.is_multiple_of(1024) {
                self.budget
                    .check(stored, Unit::States)
                    .map_err(Halt::Stopped)?;
            }
        }
        Ok(Solved::unpack(self.memo[&root]))
    }

    /// Stops when the positions stored and those `held` on the search
    /// path together pass the state budget.
    fn hold(&self, held: u64) -> Result<(), Halt> {
        let total = self.states() + held;
        if total > self.budget.max_states {
            self.budget.check(total, Unit::States).map_err(Halt::Stopped)?;
        }
        Ok(())
    }

    /// A new frame for `position`, at the options of its first part.
    fn frame(&self, position: Box<[Part]>) -> Result<Frame, Halt> {
        let mut options = Vec::new();
        if !position.is_empty() {
            self.part_options(&position, 0, &mut options)?;
        }
        Ok(Frame {
            position,
            part: 0,
            options,
            next: 0,
            best_win: None,
            longest: None,
        })
    }
}

/// A position being solved: which of its options have been looked at,
/// and what they showed so far.
struct Frame {
    position: Box<[Part]>,
    /// The part whose options are being walked, and those options.
    part: usize,
    options: Vec<HeapOption>,
    next: usize,
    /// The least remoteness of an option lost for the player moving there.
    best_win: Option<u32>,
    /// The largest remoteness of any option.
    longest: Option<u32>,
}

impl Frame {
    /// What the frame holds, in positions: itself and its copy in the
    /// path set (a heap each), and its options.
    fn weight(&self) -> u64 {
        2 * self.position.len() as u64 + self.options.len() as u64 + 1
    }

    fn add(&mut self, after: Solved) {
        if !after.wins() {
            self.best_win = Some(
                self.best_win
                    .map_or(after.remoteness, |r| r.min(after.remoteness)),
            );
        }
        self.longest = self.longest.max(Some(after.remoteness));
    }

    fn value(&self, play: Play) -> Solved {
        match (self.best_win, self.longest) {
            (Some(r), _) => Solved { outcome: Outcome::N, remoteness: r + 1 },
            (None, Some(r)) => {
                Solved { outcome: Outcome::P, remoteness: r + 1 }
            }
            (None, None) => Solved {
                outcome: match play {
                    Play::Normal => Outcome::P,
                    Play::Misere => Outcome::N,
                },
                remoteness: 0,
            },
        }
    }
}

/// Why a search stopped without a value.
enum Halt {
    Stopped(Stopped),
    Cycle,
}

/// Misère outcomes of single heaps 0, 1, 2, ..., by the exact solver:
/// for rule sets without a misère engine of their own. Ends when the
/// budget runs out ([`MisereOutcomes::error`] says why).
pub(crate) struct MisereOutcomes {
    rules: Rules,
    solver: Solver,
    next: u64,
    error: Option<Error>,
}

impl MisereOutcomes {
    pub(crate) fn new(rules: Rules, budget: Budget) -> MisereOutcomes {
        MisereOutcomes {
            rules,
            solver: Solver::outcomes(Play::Misere, budget),
            next: 0,
            error: None,
        }
    }

    /// Why the outcomes ended, if they did.
    pub(crate) fn error(&self) -> Option<&Error> {
        self.error.as_ref()
    }
}

impl Iterator for MisereOutcomes {
    type Item = bool;

    fn next(&mut self) -> Option<bool> {
        if self.error.is_some() {
            return None;
        }
        let heap = [(self.rules.clone(), self.next)];
        match self.solver.wins(&heap) {
            Ok(wins) => {
                self.next += 1;
                Some(!wins)
            }
            Err(e) => {
                // The heaps are searched from 0 up: say where this stopped,
                // which can be far below the heap a caller asked about.
                let message = match self.next {
                    0 => format!(
                        "the exhaustive search for the misère outcomes of \"{}\" found none: {e}",
                        self.rules
                    ),
                    next => format!(
                        "the exhaustive search for the misère outcomes of \"{}\" reached heap {} only: {e}",
                        self.rules,
                        next - 1
                    ),
                };
                self.error = Some(match e.stopped() {
                    Some(s) => {
                        Error::stopped_with(e.kind(), s.clone(), message)
                    }
                    None => Error::new(e.kind(), message),
                });
                None
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use proptest::prelude::*;

    const RULES: [&str; 10] = [
        "0.77",
        "0.07",
        "0.137",
        "4.7",
        "0.8F",
        "grundy",
        "1,2,3",
        "2,5",
        "nim",
        "all-but:1",
    ];

    fn sum_of(heaps: &[(usize, u64)]) -> Vec<(Rules, u64)> {
        heaps.iter().map(|&(i, n)| (RULES[i].parse().unwrap(), n)).collect()
    }

    /// The nim-sum of the heaps' Grundy values (normal play: the first
    /// player wins exactly when it is not 0; Sprague-Grundy theorem).
    fn nim_sum(heaps: &[(Rules, u64)]) -> u64 {
        heaps.iter().fold(0, |x, (r, n)| {
            x ^ crate::values(r).nth(*n as usize).unwrap().value()
        })
    }

    proptest! {
        #![proptest_config(ProptestConfig::with_cases(300))]

        /// The outcome solver skips the options of won positions: it
        /// agrees with the full solver (every option searched) on random
        /// sums of octal, hexadecimal, subtraction and all-but games, in
        /// both plays, stores no more positions, and under normal play
        /// agrees with the nim-sum of the Grundy values.
        #[test]
        fn outcomes_equal_the_full_search(
            heaps in prop::collection::vec((0..RULES.len(), 0u64..13), 1..4),
            misere in any::<bool>(),
        ) {
            let play = if misere { Play::Misere } else { Play::Normal };
            let heaps = sum_of(&heaps);
            let mut full = Solver::new(play, Budget::default());
            let mut quick = Solver::outcomes(play, Budget::default());
            let wins = quick.wins(&heaps).unwrap();
            prop_assert_eq!(wins, full.value(&heaps).unwrap().wins());
            prop_assert!(quick.states() <= full.states());
            if !misere {
                prop_assert_eq!(wins, nim_sum(&heaps) != 0);
            }
        }

        /// Misère Nim (C. L. Bouton, Nim, a game with a complete
        /// mathematical theory, 1902): the player to move loses exactly
        /// when every heap has at most one token and their number of
        /// tokens is odd, or some heap has more and the nim-sum is 0.
        #[test]
        fn misere_nim(sizes in prop::collection::vec(0u64..9, 1..5)) {
            let heaps: Vec<(Rules, u64)> =
                sizes.iter().map(|&n| ("nim".parse().unwrap(), n)).collect();
            let x = sizes.iter().fold(0, |x, n| x ^ n);
            let small = sizes.iter().all(|&n| n <= 1);
            let loses = if small { x == 1 } else { x == 0 };
            let mut quick = Solver::outcomes(Play::Misere, Budget::default());
            prop_assert_eq!(quick.wins(&heaps).unwrap(), !loses);
        }
    }

    /// The outcome solver does skip options: misère Kayles (0.77) at 30
    /// tokens is settled storing fewer positions than the full search,
    /// with the same outcome.
    #[test]
    fn outcomes_skip_the_options_of_won_positions() {
        let heap = [("0.77".parse::<Rules>().unwrap(), 30)];
        let mut full = Solver::new(Play::Misere, Budget::default());
        let mut quick = Solver::outcomes(Play::Misere, Budget::default());
        assert_eq!(
            quick.wins(&heap).unwrap(),
            full.value(&heap).unwrap().wins()
        );
        assert!(
            quick.states() < full.states(),
            "{} {}",
            quick.states(),
            full.states()
        );
    }
}
