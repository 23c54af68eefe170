//! Sequences of values: the Grundy values and outcomes of single heaps.
//!
//! [`values`] and [`outcomes`] hand out the sequences of any rule set
//! from heap 0 on, by its fastest engine (or the naive engine when it has
//! none); [`outcomes_to`] lists the misère outcomes of a game that splits
//! heaps from its misère quotient when one is found within
//! [`MISERE_QUOTIENT_WORK`] (`misere_answer.rs`), before the exhaustive
//! search; [`ValuesReport`] is the listing `grundy values --json` prints.

use crate::budget::{Budget, StopReason, Stopped, Unit};
use crate::engine::naive::NaiveValues;
use crate::error::{Error, Result};
use crate::game::HeapGame;
use crate::nimber::Nimber;
use crate::play::{Outcome, Play};
use crate::query::misere_answer::{
    Attempt, MISERE_QUOTIENT_WORK, MisereMethod, attempt, method_note,
};
use crate::query::solver::MisereOutcomes;
use crate::rules::Rules;

/// How often (in values) a listing asks the budget's deadline and cancel
/// flag: a value of a game that splits into three heaps costs m^2 / 12
/// splits (0.8F's first 3000 took 8 s), so not much less often than this.
const POLL_EVERY: u64 = 16;

/// The budget of a listing: the values handed out count as positions,
/// the deadline and cancel flag are asked every [`POLL_EVERY`] values
/// (engines that can spend long on one value ask them too, and end their
/// sequence), and the stop is kept to say why the listing ended.
struct Listing {
    budget: Budget,
    count: u64,
    stopped: Option<Stopped>,
}

impl Listing {
    fn new(budget: &Budget) -> Listing {
        Listing { budget: budget.clone(), count: 0, stopped: None }
    }

    /// Whether one more value may be computed.
    fn admit(&mut self) -> bool {
        let reason = if self.count >= self.budget.max_positions {
            Some(StopReason::Positions)
        } else if self.count.is_multiple_of(POLL_EVERY) {
            self.budget.interrupted()
        } else {
            None
        };
        match reason {
            Some(reason) => {
                self.stop(reason);
                false
            }
            None => true,
        }
    }

    /// The engine's sequence ended: the budget stopped it, or the engine
    /// cannot go on (`stopped` stays empty).
    fn ended(&mut self) {
        if let Some(reason) = self.budget.interrupted() {
            self.stop(reason);
        }
    }

    fn stop(&mut self, reason: StopReason) {
        let limit = self.budget.max_positions;
        self.stopped =
            Some(Stopped::new(reason, self.count, limit, Unit::Positions));
    }

    /// Why the listing stopped, when its budget stopped it.
    fn error(&self, rules: &Rules) -> Option<Error> {
        self.stopped.clone().map(|stop| {
            let message = format!("listing the values of \"{rules}\" {stop}");
            Error::budget(stop, message)
        })
    }
}

/// The Grundy sequence g(0), g(1), ... of a rule set, without end unless
/// its budget ([`values_within`]) stops it or its engine cannot go on (a
/// value too big for its width): then it ends, and [`Values::error`] says
/// why.
pub struct Values {
    inner: Box<dyn Iterator<Item = u64> + Send>,
    rules: Rules,
    listing: Listing,
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
        if !self.ended {
            return None;
        }
        let end = || self.rules.values_end(self.listing.count);
        Some(self.listing.error(&self.rules).unwrap_or_else(end))
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
        if !self.listing.admit() {
            self.ended = true;
            return None;
        }
        match self.inner.next() {
            Some(g) => {
                self.listing.count += 1;
                Some(Nimber(g))
            }
            None => {
                self.ended = true;
                self.listing.ended();
                None
            }
        }
    }
}

/// The outcomes of single heaps 0, 1, 2, ... under one play, without end
/// unless a budget (the exhaustive misère search of games that split
/// heaps, or the budget of [`outcomes_within`]) or an engine's value
/// width stops them: then they end, and [`Outcomes::error`] says why.
pub struct Outcomes {
    inner: Inner,
    rules: Rules,
    listing: Listing,
    ended: bool,
    /// How misère outcomes are found, and the sentence that says so.
    method: Option<(MisereMethod, String)>,
}

enum Inner {
    Boxed(Box<dyn Iterator<Item = bool> + Send>),
    Search(Box<MisereOutcomes>),
}

impl Outcomes {
    /// How the misère outcomes are found (`None` in normal play):
    /// [`MisereMethod::Quotient`], [`MisereMethod::Sequence`] (the rule
    /// set's own engine) or [`MisereMethod::Search`].
    pub fn method(&self) -> Option<MisereMethod> {
        self.method.as_ref().map(|(m, _)| *m)
    }

    /// The same in one sentence, for people.
    pub fn method_note(&self) -> Option<&str> {
        self.method.as_ref().map(|(_, note)| &note[..])
    }

    /// Why the outcomes ended, if they did.
    pub fn error(&self) -> Option<Error> {
        if !self.ended {
            return None;
        }
        if let Some(stop) = self.listing.error(&self.rules) {
            return Some(stop);
        }
        match &self.inner {
            Inner::Search(search) => search.error().cloned(),
            Inner::Boxed(_) => Some(self.rules.values_end(self.listing.count)),
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
        if !self.listing.admit() {
            self.ended = true;
            return None;
        }
        let next = match &mut self.inner {
            Inner::Boxed(inner) => inner.next(),
            Inner::Search(search) => search.next(),
        };
        match next {
            Some(p) => {
                self.listing.count += 1;
                Some(Outcome::from_is_p(p))
            }
            None => {
                self.ended = true;
                if matches!(self.inner, Inner::Boxed(_)) {
                    self.listing.ended();
                }
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

/// The Grundy values of a rule set from heap 0 on, within the default
/// budget ([`values_within`] sets another).
///
/// ```
/// let rules = "1,2,3".parse()?;
/// let first: Vec<u64> = grundy::values(&rules).take(6).map(|g| g.value()).collect();
/// assert_eq!(first, [0, 1, 2, 3, 0, 1]);
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
pub fn values(rules: &Rules) -> Values {
    values_within(rules, &Budget::default())
}

/// The Grundy values of a rule set from heap 0 on, within `budget`: the
/// values count as positions against `max_positions`, and the deadline
/// and cancel flag are polled between values (and inside engines that
/// can spend long on one). When the budget stops the sequence it ends,
/// and [`Values::error`] says why.
///
/// ```
/// use grundy::{Budget, StopReason};
/// let mut g = grundy::values_within(&"all-but:1-40000".parse()?, &Budget::positions(10));
/// assert_eq!(g.by_ref().count(), 10);
/// assert_eq!(g.error().unwrap().stopped().unwrap().reason, StopReason::Positions);
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
pub fn values_within(rules: &Rules, budget: &Budget) -> Values {
    let inner = rules
        .rule_set()
        .values(budget)
        .unwrap_or_else(|| Box::new(NaiveValues::new(Shared(rules.clone()))));
    Values {
        inner,
        rules: rules.clone(),
        listing: Listing::new(budget),
        ended: false,
    }
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

/// The outcomes of single heaps from 0 on under `play` within `budget`:
/// the heaps listed count as positions, the deadline and cancel flag are
/// polled as for [`values_within`], and the exhaustive misère search
/// (games that split heaps) stores at most `max_states` positions. When
/// the budget runs out the outcomes end and [`Outcomes::error`] says why.
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
    outcomes_searching(rules, play, budget, budget)
}

/// As [`outcomes_within`], with the exhaustive misère search (games that
/// split heaps) under a budget of its own, `search`: a heap's misère
/// answer that was not asked for glances (`query/heap.rs`) while the
/// outcomes listed still count against `budget`.
pub(crate) fn outcomes_searching(
    rules: &Rules,
    play: Play,
    budget: &Budget,
    search: &Budget,
) -> Outcomes {
    let own = rules.rule_set().outcomes(play, budget);
    let method = match (play, own.is_some()) {
        (Play::Normal, _) => None,
        (Play::Misere, true) => Some(MisereMethod::Sequence),
        (Play::Misere, false) => Some(MisereMethod::Search),
    };
    let inner = match own {
        Some(inner) => Inner::Boxed(inner),
        None => match play {
            Play::Normal => {
                let mut values = values_within(rules, budget);
                Inner::Boxed(Box::new(std::iter::from_fn(move || {
                    values.next().map(Nimber::is_zero)
                })))
            }
            Play::Misere => Inner::Search(Box::new(MisereOutcomes::new(
                rules.clone(),
                search.clone(),
            ))),
        },
    };
    Outcomes {
        inner,
        rules: rules.clone(),
        listing: Listing::new(budget),
        ended: false,
        method: method.map(|m| (m, method_note(m, None, None))),
    }
}

/// The outcomes of single heaps 0..=`to` (and perhaps more) under `play`,
/// as [`outcomes_within`] lists them, except that the misère outcomes of
/// a game without a misère engine of its own (an octal game that splits
/// heaps) come from its misère quotient when one that reaches heap `to`
/// is found within [`MISERE_QUOTIENT_WORK`] positions: heap n is P
/// exactly when its element lies in the P-portion. [`Outcomes::method`]
/// says which answered.
///
/// ```
/// use grundy::{Budget, MisereMethod, Play};
/// // Misère Kayles to heap 100: beyond the exhaustive search's reach.
/// let o = grundy::outcomes_to(&"0.77".parse()?, Play::Misere, 100, &Budget::default());
/// assert_eq!(o.method(), Some(MisereMethod::Quotient));
/// let first: String = o.take(8).map(|o| o.letter()).collect();
/// assert_eq!(first, "NPNNPNNN");
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
pub fn outcomes_to(
    rules: &Rules,
    play: Play,
    to: u64,
    budget: &Budget,
) -> Outcomes {
    let searched = outcomes_within(rules, play, budget);
    if searched.method() != Some(MisereMethod::Search) {
        return searched;
    }
    let q = match attempt(rules, &to.into(), budget, MISERE_QUOTIENT_WORK) {
        Ok(Attempt::Found(q)) => q,
        Ok(Attempt::NotFound(why)) => {
            let note = method_note(MisereMethod::Search, None, Some(&why));
            return Outcomes {
                method: Some((MisereMethod::Search, note)),
                ..searched
            };
        }
        // Cancelled: the listing stops at once and says why.
        Err(_) => return searched,
    };
    let note = method_note(MisereMethod::Quotient, Some(&q), None);
    let mut heap = 0u64;
    let inner = std::iter::from_fn(move || {
        let x = q.big_heap_index(&heap.into())?;
        heap += 1;
        Some(q.is_p_index(x))
    });
    Outcomes {
        inner: Inner::Boxed(Box::new(inner)),
        method: Some((MisereMethod::Quotient, note)),
        ..searched
    }
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
    /// How the misère outcomes were found: `quotient`, `sequence` or
    /// `search`; absent for normal play.
    #[cfg_attr(
        feature = "serde",
        serde(skip_serializing_if = "Option::is_none")
    )]
    pub method: Option<MisereMethod>,
    /// The same in one sentence; absent for normal play.
    #[cfg_attr(
        feature = "serde",
        serde(skip_serializing_if = "Option::is_none")
    )]
    pub method_note: Option<String>,
}

impl ValuesReport {
    /// Computes g(0..=to) and the outcomes under `play` within the
    /// default budget (in memory: about nine bytes per heap; front ends
    /// that list long sequences stream [`values`] instead).
    ///
    /// ```
    /// use grundy::{Play, ValuesReport};
    /// let r = ValuesReport::new(&"2,3".parse()?, 5, Play::Normal)?;
    /// assert_eq!((r.values.unwrap(), r.outcomes.as_str()), (vec![0, 0, 1, 1, 2, 0], "PPNNNP"));
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn new(rules: &Rules, to: u64, play: Play) -> Result<ValuesReport> {
        ValuesReport::within(rules, to, play, &Budget::default())
    }

    /// As [`ValuesReport::new`], within `budget` (see [`values_within`]
    /// and [`outcomes_within`]). A listing that ends before `to` is an
    /// error saying why, never a shorter report.
    ///
    /// ```
    /// use grundy::{Budget, Play, ValuesReport};
    /// let budget = Budget { max_states: 1000, ..Budget::default() };
    /// let cut = ValuesReport::within(&"0.6".parse()?, 100, Play::Misere, &budget);
    /// assert!(cut.unwrap_err().stopped().is_some());
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn within(
        rules: &Rules,
        to: u64,
        play: Play,
        budget: &Budget,
    ) -> Result<ValuesReport> {
        let count = usize::try_from(to).ok().and_then(|to| to.checked_add(1));
        let count = count.ok_or_else(|| {
            Error::new(
                crate::error::ErrorKind::TooLarge,
                format!("cannot list {to} values in memory"),
            )
        })?;
        let mut method = None;
        let (values, outcomes) = match play {
            Play::Normal => {
                let mut listing = values_within(rules, budget);
                let values: Vec<u64> =
                    listing.by_ref().take(count).map(Nimber::value).collect();
                if values.len() < count {
                    return Err(listing.error().expect("the values ended"));
                }
                let outcomes =
                    values.iter().map(|&g| if g == 0 { 'P' } else { 'N' });
                let outcomes = outcomes.collect();
                (Some(values), outcomes)
            }
            Play::Misere => {
                let mut listing = outcomes_to(rules, play, to, budget);
                method = listing.method.clone();
                let outcomes: String = listing
                    .by_ref()
                    .take(count)
                    .map(Outcome::letter)
                    .collect();
                if outcomes.len() < count {
                    return Err(listing.error().expect("the outcomes ended"));
                }
                (None, outcomes)
            }
        };
        let (method, method_note) = method.unzip();
        Ok(ValuesReport {
            set: rules.to_string(),
            play,
            to,
            values,
            outcomes,
            method,
            method_note,
        })
    }
}
