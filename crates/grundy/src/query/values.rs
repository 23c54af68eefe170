//! Sequences of values: the Grundy values and outcomes of single heaps.
//!
//! [`values`] and [`outcomes`] hand out the sequences of any rule set
//! from heap 0 on, by its fastest engine (or the naive engine when it has
//! none); [`ValuesReport`] is the listing `grundy values --json` prints.

use crate::budget::Budget;
use crate::engine::naive::NaiveValues;
use crate::error::Error;
use crate::game::HeapGame;
use crate::nimber::Nimber;
use crate::play::{Outcome, Play};
use crate::query::solver::MisereOutcomes;
use crate::rules::Rules;

/// The Grundy sequence g(0), g(1), ... of a rule set, without end unless
/// its engine cannot go on (a value too big for its width): then it ends,
/// and [`Values::error`] says why.
pub struct Values {
    inner: Box<dyn Iterator<Item = u64> + Send>,
    rules: Rules,
    count: u64,
    ended: bool,
}

impl Values {
    /// Why the sequence ended, if it did.
    ///
    /// ```
    /// let mut g = grundy::values(&"0.77".parse()?);
    /// assert_eq!(g.nth(70).map(|g| g.value()), Some(6));
    /// assert!(g.error().is_none());
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn error(&self) -> Option<Error> {
        self.ended.then(|| self.rules.values_end(self.count))
    }
}

impl std::fmt::Debug for Values {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("Values").finish_non_exhaustive()
    }
}

impl Iterator for Values {
    type Item = Nimber;

    fn next(&mut self) -> Option<Nimber> {
        if self.ended {
            return None;
        }
        match self.inner.next() {
            Some(g) => {
                self.count += 1;
                Some(Nimber(g))
            }
            None => {
                self.ended = true;
                None
            }
        }
    }
}

/// The outcomes of single heaps 0, 1, 2, ... under one play, without end
/// unless a budget (the exhaustive misère search of games that split
/// heaps) or an engine's value width stops them: then they end, and
/// [`Outcomes::error`] says why.
pub struct Outcomes {
    inner: Inner,
    rules: Rules,
    count: u64,
    ended: bool,
}

enum Inner {
    Boxed(Box<dyn Iterator<Item = bool> + Send>),
    Search(Box<MisereOutcomes>),
}

impl Outcomes {
    /// Why the outcomes ended, if they did.
    pub fn error(&self) -> Option<Error> {
        if !self.ended {
            return None;
        }
        match &self.inner {
            Inner::Search(search) => search.error().cloned(),
            Inner::Boxed(_) => Some(self.rules.values_end(self.count)),
        }
    }
}

impl std::fmt::Debug for Outcomes {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("Outcomes").finish_non_exhaustive()
    }
}

impl Iterator for Outcomes {
    type Item = Outcome;

    fn next(&mut self) -> Option<Outcome> {
        if self.ended {
            return None;
        }
        let next = match &mut self.inner {
            Inner::Boxed(inner) => inner.next(),
            Inner::Search(search) => search.next(),
        };
        match next {
            Some(p) => {
                self.count += 1;
                Some(Outcome::from_is_p(p))
            }
            None => {
                self.ended = true;
                None
            }
        }
    }
}

/// Lets the naive engine own a rule set behind a shared handle.
struct Shared(Rules);

impl HeapGame for Shared {
    fn options(
        &self,
        heap: u64,
        visit: &mut dyn FnMut(crate::game::HeapOption),
    ) {
        self.0.options(heap, visit);
    }

    fn options_at_most(&self, heap: u64) -> Option<u64> {
        self.0.options_at_most(heap)
    }
}

/// The Grundy values of a rule set from heap 0 on.
///
/// ```
/// let rules = "1,2,3".parse()?;
/// let first: Vec<u64> = grundy::values(&rules).take(6).map(|g| g.value()).collect();
/// assert_eq!(first, [0, 1, 2, 3, 0, 1]);
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
pub fn values(rules: &Rules) -> Values {
    let inner = rules
        .rule_set()
        .values()
        .unwrap_or_else(|| Box::new(NaiveValues::new(Shared(rules.clone()))));
    Values { inner, rules: rules.clone(), count: 0, ended: false }
}

/// The outcomes of single heaps from 0 on under `play`. Misère play of
/// rule sets without a misère engine of their own (games that split
/// heaps) is an exhaustive search over sums of heaps within the default
/// budget (its memory grows exponentially with the heap: without a limit
/// it ran out of memory); [`outcomes_within`] sets another.
///
/// ```
/// use grundy::{Outcome, Play};
/// let rules = "1,2,3".parse()?;
/// let misere: Vec<Outcome> = grundy::outcomes(&rules, Play::Misere).take(6).collect();
/// // Misère {1, 2, 3}: P exactly at 1 and 5 (n = 1 mod 4).
/// assert_eq!(misere, [Outcome::N, Outcome::P, Outcome::N, Outcome::N, Outcome::N, Outcome::P]);
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
pub fn outcomes(rules: &Rules, play: Play) -> Outcomes {
    outcomes_within(rules, play, &Budget::default())
}

/// The outcomes of single heaps from 0 on under `play`, the exhaustive
/// misère search (games that split heaps) within `budget` (its
/// `max_states` counts the positions stored): when it runs out the
/// outcomes end and [`Outcomes::error`] says why.
///
/// ```
/// use grundy::{Budget, Play};
/// // Misère Kayles: single heaps by exhaustive search over sums.
/// let budget = Budget { max_states: 100_000, ..Budget::default() };
/// let mut o = grundy::outcomes_within(&"0.77".parse()?, Play::Misere, &budget);
/// let first: String = o.by_ref().take(8).map(|o| o.letter()).collect();
/// assert_eq!(first, "NPNNPNNN");
/// assert_eq!(o.by_ref().take(1000).count() < 1000, o.error().is_some());
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
pub fn outcomes_within(
    rules: &Rules,
    play: Play,
    budget: &Budget,
) -> Outcomes {
    let inner = match rules.rule_set().outcomes(play) {
        Some(inner) => Inner::Boxed(inner),
        None => match play {
            Play::Normal => {
                let mut values = values(rules);
                Inner::Boxed(Box::new(std::iter::from_fn(move || {
                    values.next().map(Nimber::is_zero)
                })))
            }
            Play::Misere => Inner::Search(Box::new(MisereOutcomes::new(
                rules.clone(),
                budget.clone(),
            ))),
        },
    };
    Outcomes { inner, rules: rules.clone(), count: 0, ended: false }
}

/// The result of `grundy values`: a listing of g(0..=to) and outcomes.
#[derive(Clone, Debug, PartialEq, Eq)]
#[cfg_attr(feature = "serde", derive(serde::Serialize))]
pub struct ValuesReport {
    /// The rule set, canonical notation.
    pub set: String,
    /// Normal or misère play.
    pub play: Play,
    /// The last heap size listed.
    pub to: u64,
    /// g(0..=to); absent for misère play.
    #[cfg_attr(
        feature = "serde",
        serde(skip_serializing_if = "Option::is_none")
    )]
    pub values: Option<Vec<u64>>,
    /// One letter per heap size 0..=to: `P` (player to move loses) or `N`.
    pub outcomes: String,
}

impl ValuesReport {
    /// Computes g(0..=to) and the outcomes under `play` (in memory: about
    /// nine bytes per heap; front ends that list long sequences stream
    /// [`values`] instead).
    ///
    /// ```
    /// use grundy::{Play, ValuesReport};
    /// let r = ValuesReport::new(&"2,3".parse()?, 5, Play::Normal);
    /// assert_eq!((r.values.unwrap(), r.outcomes.as_str()), (vec![0, 0, 1, 1, 2, 0], "PPNNNP"));
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn new(rules: &Rules, to: u64, play: Play) -> ValuesReport {
        let count = to as usize + 1;
        let (values, outcomes) = match play {
            Play::Normal => {
                let values: Vec<u64> = self::values(rules)
                    .take(count)
                    .map(Nimber::value)
                    .collect();
                let outcomes =
                    values.iter().map(|&g| if g == 0 { 'P' } else { 'N' });
                let outcomes = outcomes.collect();
                (Some(values), outcomes)
            }
            Play::Misere => (
                None,
                self::outcomes(rules, play)
                    .take(count)
                    .map(Outcome::letter)
                    .collect(),
            ),
        };
        ValuesReport { set: rules.to_string(), play, to, values, outcomes }
    }
}
