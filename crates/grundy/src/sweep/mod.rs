//! The seam between sweeps and engines: one set's row of numbers.
//!
//! Sweeps over families of sets (the `grundy-sweep` crate: families,
//! runner, rows, journals, reports) evaluate every set through
//! [`evaluate`], which gives a [`Found`] (least pre-period, period,
//! saltus, outcome pre-period and period, max value, positions) or says
//! why not. Finite sets take the fast small-set path of [`finite`]; all-but
//! sets the FES engine.

pub mod finite;

use crate::period::{Limit, NotFound, StopReason};
use crate::set::SubtractionSet;

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

/// The result of evaluating one set.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Evaluation {
    /// Everything was found.
    Found(Found),
    /// The budget ran out (or the sweep was cancelled) first.
    NotFound(NotFound),
    /// The set could not be evaluated (invalid, unsupported); the message
    /// says why.
    Error(String),
}

impl Evaluation {
    /// The `status` column: `found`, `not found` or `error`.
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
            Evaluation::NotFound(NotFound {
                reason: StopReason::Cancelled,
                ..
            })
        )
    }
}

/// The one seam between sweeps and engines: evaluates one set.
///
/// Finite sets use the fast small-set path of [`finite`] (falling back to
/// the general detector); all-but sets use the FES engine
/// ([`crate::find_allbut_period`]): the Grundy sequence's least additive
/// pre-period, period and saltus, and the outcome sequence, which is N
/// after the last P-position (period 1). `max_value` is `None` for them:
/// the values are unbounded.
pub fn evaluate(set: &SubtractionSet, limit: &Limit) -> Evaluation {
    match set {
        SubtractionSet::Finite(s) => match finite::evaluate(s, limit) {
            Ok(found) => Evaluation::Found(found),
            Err(e) => Evaluation::NotFound(e),
        },
        SubtractionSet::AllBut(s) => all_but(s, limit),
    }
}

fn all_but(set: &crate::set::AllButSet, limit: &Limit) -> Evaluation {
    use crate::{Sequence, find_allbut_period};
    let g = match find_allbut_period(set, Sequence::Grundy, limit, &mut |_| {})
    {
        Ok(g) => g,
        Err(e) => return Evaluation::NotFound(e),
    };
    let o = match find_allbut_period(
        set,
        Sequence::Outcome(crate::Play::Normal),
        limit,
        &mut |_| {},
    ) {
        Ok(o) => o,
        Err(e) => {
            return Evaluation::NotFound(NotFound {
                positions: e.positions + g.positions,
                ..e
            });
        }
    };
    Evaluation::Found(Found {
        preperiod: g.preperiod,
        period: g.period,
        saltus: g.saltus,
        outcome_preperiod: o.preperiod,
        outcome_period: o.period,
        max_value: None,
        positions: g.positions + o.positions,
    })
}
