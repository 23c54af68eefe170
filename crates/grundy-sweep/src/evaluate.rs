//! The seam between sweeps and the library: one set's row of numbers.
//!
//! Every set of a family is evaluated by [`evaluate`], which asks the
//! library for the periods a row needs ([`grundy::period`]'s numbers, in
//! bulk mode: many small sets, each with its whole short history in
//! memory) and gives a [`Found`] (least pre-period, period, saltus,
//! outcome pre-period and period, max value, positions) or says why not.

use grundy::{Budget, PeriodOptions, Play, Rules, StopReason, Stopped};

/// What one set's evaluation found.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Found {
    /// The least pre-period of the Grundy sequence.
    pub preperiod: u64,
    /// Its least (additive) period.
    pub period: u64,
    /// g(n + period) - g(n) for n past the pre-period: 0 for finite sets.
    pub saltus: u64,
    /// The least pre-period of the P/N sequence (P where g = 0).
    pub outcome_preperiod: u64,
    /// Its least period.
    pub outcome_period: u64,
    /// The largest Grundy value; `None` for all-but sets (unbounded).
    pub max_value: Option<u64>,
    /// Positions generated to find all of the above.
    pub positions: u64,
}

impl Found {
    /// A result column by its name in the row contract (`period`,
    /// `max_value`, ...; see [`crate::RESULT_COLUMNS`]): `None` for a
    /// column that is not a number of this set (`max_value` of an all-but
    /// set) or not a result column (`set`, `status`).
    ///
    /// ```
    /// use grundy_sweep::{Evaluation, evaluate};
    /// let e = evaluate(&"2,3".parse()?, &grundy::Budget::default());
    /// let f = e.found().unwrap();
    /// assert_eq!((f.get("period"), f.get("max_value")), (Some(5), Some(2)));
    /// assert_eq!(f.get("status"), None);
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn get(&self, column: &str) -> Option<u64> {
        match column {
            "preperiod" => Some(self.preperiod),
            "period" => Some(self.period),
            "saltus" => Some(self.saltus),
            "outcome_preperiod" => Some(self.outcome_preperiod),
            "outcome_period" => Some(self.outcome_period),
            "max_value" => self.max_value,
            "positions" => Some(self.positions),
            _ => None,
        }
    }
}

/// The result of evaluating one set.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Evaluation {
    /// Everything was found.
    Found(Found),
    /// The budget ran out (or the sweep was cancelled) first.
    NotFound(Stopped),
    /// The set could not be evaluated (invalid, unsupported); the message
    /// says why.
    Error(String),
}

impl Evaluation {
    /// The `status` column: `found`, `not found` or `error`.
    ///
    /// ```
    /// use grundy_sweep::{Evaluation, evaluate};
    /// let e = evaluate(&"1,2,3".parse()?, &grundy::Budget::default());
    /// assert_eq!(e.status(), "found");
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn status(&self) -> &'static str {
        match self {
            Evaluation::Found(_) => "found",
            Evaluation::NotFound(_) => "not found",
            Evaluation::Error(_) => "error",
        }
    }

    /// The result, if found.
    pub fn found(&self) -> Option<&Found> {
        match self {
            Evaluation::Found(f) => Some(f),
            _ => None,
        }
    }

    /// Whether the evaluation was cut short by cancellation (such a row is
    /// not a result and must not be kept).
    pub fn is_cancelled(&self) -> bool {
        matches!(
            self,
            Evaluation::NotFound(Stopped {
                reason: StopReason::Cancelled,
                ..
            })
        )
    }

    /// A row's "not found" as read back from a file: only the positions
    /// examined are known.
    pub(crate) fn not_found(positions: u64) -> Evaluation {
        Evaluation::NotFound(Stopped::new(
            StopReason::Positions,
            positions,
            0,
            grundy::Unit::Positions,
        ))
    }

    /// The positions examined, found or not.
    pub fn positions(&self) -> Option<u64> {
        match self {
            Evaluation::Found(f) => Some(f.positions),
            Evaluation::NotFound(e) => Some(e.done),
            Evaluation::Error(_) => None,
        }
    }
}

/// Evaluates one set: the Grundy sequence's least (additive) pre-period,
/// period and saltus, and the normal-play outcome sequence's, within
/// `budget`. `max_value` is `None` for all-but sets (their values are
/// unbounded).
///
/// ```
/// let e = grundy_sweep::evaluate(&"2,3".parse()?, &grundy::Budget::default());
/// let f = e.found().unwrap();
/// assert_eq!((f.preperiod, f.period, f.max_value), (0, 5, Some(2)));
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
pub fn evaluate(rules: &Rules, budget: &Budget) -> Evaluation {
    let options = PeriodOptions { bulk: true, ..PeriodOptions::default() };
    match rules.periods(Play::Normal, &options, budget) {
        Ok(Some(p)) => Evaluation::Found(Found {
            preperiod: p.main.preperiod,
            period: p.main.period,
            saltus: p.main.saltus,
            outcome_preperiod: p.outcome.preperiod,
            outcome_period: p.outcome.period,
            max_value: p.main.max_value,
            positions: p.positions,
        }),
        Ok(None) => Evaluation::Error(format!(
            "no periodicity theorem is known for \"{rules}\""
        )),
        // A row keeps how far the search got, not its survey.
        Err(e) => Evaluation::NotFound(Stopped { seen: None, ..e }),
    }
}
