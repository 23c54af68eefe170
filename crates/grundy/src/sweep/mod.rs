//! Sweeps over families of subtraction sets: one row per set.
//!
//! Researchers study whole families at once (the MATH POWER "31 game"
//! group of seed 000; the period tables and conjectures of seed 003). A
//! [`Family`] describes the sets: a template with integer parameters
//! (`all-but:a,b,a+b,a+2b` with `a=1..30`, `b=a+1..a+30`) or all
//! k-element subsets of 1..M. [`evaluate`] turns one set into a [`Found`]
//! (least pre-period, period, saltus, outcome pre-period and period, max
//! value, positions), [`run`] does that for a whole family on a thread pool
//! and pushes [`Row`]s to the caller as they finish, and [`Check`],
//! [`Table`] and [`Summary`] turn rows into the research reports.
//!
//! Nothing here reads files or prints: the `grundy sweep` command owns the
//! output formats, the journal that makes runs resumable, and progress.

mod check;
mod expr;
mod family;

mod run;
mod summary;
mod table;

pub use check::{Check, CheckOutcome, Verdict};
pub use expr::{Expr, FUNCTIONS, Vars, split_top_level};
pub use family::{Family, Point, Points, Shard, combinations};
pub use run::{DEFAULT_SWEEP_POSITIONS, RunOptions, run};
pub use summary::Summary;
pub use table::{Axis, Cell, Table};

use crate::budget::{Budget, StopReason, Stopped};
use crate::period::PeriodOptions;
use crate::play::Play;
use crate::rules::Rules;

/// The result columns of a row, in output order (after the parameter
/// names). These names are a contract: files, `--check` formulas and other
/// tools use them.
pub const RESULT_COLUMNS: [&str; 9] = [
    "set",
    "preperiod",
    "period",
    "saltus",
    "outcome_preperiod",
    "outcome_period",
    "max_value",
    "positions",
    "status",
];

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
    NotFound(Stopped),
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
            Evaluation::NotFound(Stopped {
                reason: StopReason::Cancelled,
                ..
            })
        )
    }
}

/// One row of a sweep.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Row {
    /// The set's place in the family's order (0-based, before sharding).
    pub index: u64,
    /// The parameter values, in the family's parameter order.
    pub params: Vec<i64>,
    /// The set in canonical notation (for an invalid set, the elements as
    /// evaluated).
    pub set: String,
    /// What was found.
    pub result: Evaluation,
}

/// The one seam between sweeps and engines: evaluates one set.
///
/// Finite sets use the fast small-set path (falling back to
/// the general detector); all-but sets use the FES engine
/// (the FES engine): the Grundy sequence's least additive
/// pre-period, period and saltus, and the outcome sequence, which is N
/// after the last P-position (period 1). `max_value` is `None` for them:
/// the values are unbounded.
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
        Err(e) => Evaluation::NotFound(e),
    }
}
