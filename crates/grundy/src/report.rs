//! The results that front ends show, as plain data.
//!
//! The CLI's `--json` output and the web explorer's API serialise these
//! structs, so both speak the same keys (the output contract in the
//! README): `preperiod`, `period`, `saltus`, `outcome`, `values`,
//! `outcomes`. Nothing here formats text.

use std::time::Instant;

use crate::Sequence;
use crate::allbut::{AllButPeriod, PatternCycle, find_allbut_period};
use crate::choice::{EngineChoice, choose, find_period_with};
use crate::engine;
use crate::error::{Error, ErrorKind, Result};
use crate::period::{Limit, NotFound, Period, StopReason};
use crate::play::Play;
use crate::set::{AllButSet, FiniteSet, SubtractionSet};

/// Pre-period and period of one sequence.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
#[cfg_attr(feature = "serde", derive(serde::Serialize))]
pub struct Periodicity {
    /// The least pre-period.
    pub preperiod: u64,
    /// The least period.
    pub period: u64,
}

impl From<&Period> for Periodicity {
    fn from(p: &Period) -> Periodicity {
        Periodicity { preperiod: p.preperiod, period: p.period }
    }
}

/// The certificate behind a reported period.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
#[cfg_attr(feature = "serde", derive(serde::Serialize))]
pub struct Certificate {
    /// Which sequence the certificate is about: "grundy" or "outcome"; for
    /// all-but sets "pattern" (the FES boundary pattern before the step
    /// whose first undetermined position is `start` recurs, see
    /// [`PeriodReport::pattern_cycle`]) or "outcome" (every P-position
    /// lies in [start, start + window]).
    pub sequence: &'static str,
    /// Finite sets: x(n + period) = x(n) was checked for `window`
    /// consecutive n from `start` on, and for every n from the pre-period
    /// to there.
    pub start: u64,
    /// m = max(S); for all-but sets max(X) (of the reduced set for
    /// "pattern").
    pub window: u64,
}

/// The gcd reduction of an all-but set (seed 003, Theorem 6):
/// G_X(n) = d G_X'(floor(n / d)) + (n mod d) with X' = X / d.
#[derive(Clone, Debug, PartialEq, Eq)]
#[cfg_attr(feature = "serde", derive(serde::Serialize))]
pub struct ReductionReport {
    /// d = gcd(X).
    pub by: u64,
    /// X / d, canonical notation (`all-but:1,2,3`).
    pub to: String,
}

/// The result of `grundy period`.
#[derive(Clone, Debug, PartialEq)]
#[cfg_attr(feature = "serde", derive(serde::Serialize))]
pub struct PeriodReport {
    /// The rule set, canonical notation.
    pub set: String,
    /// Normal or misère play.
    pub play: Play,
    /// The engine that generated the sequence.
    pub engine: &'static str,
    /// Normal play: the Grundy sequence's least pre-period. Misère: the
    /// misère outcome sequence's.
    pub preperiod: u64,
    /// Likewise, the least period.
    pub period: u64,
    /// The additive saltus s of g(n + p) = g(n) + s (0 for finite sets).
    pub saltus: u64,
    /// The outcome (P/N) sequence's pre-period and period under `play`.
    pub outcome: Periodicity,
    /// The largest Grundy value (normal play only).
    pub max_value: Option<u64>,
    /// The certificate of the main result.
    pub certificate: Certificate,
    /// All-but sets with gcd(X) = d > 1: the reduction applied (seed 003,
    /// Theorem 6); `None` otherwise.
    pub reduced: Option<ReductionReport>,
    /// All-but sets, normal play: the repeat of FES boundary patterns that
    /// proves the additive period (in the reduced game); `None` otherwise.
    pub pattern_cycle: Option<PatternCycle>,
    /// Positions whose values were determined, all searches together.
    pub positions: u64,
    /// Segments the run-length engine processed (its real work), all
    /// searches together; `None` for the position engines.
    pub segments: Option<u64>,
    /// Wall-clock seconds the computation took.
    pub seconds: f64,
}

/// Finds the periods reported by `grundy period`.
///
/// Normal play: the Grundy sequence and the P/N sequence. Misère: the
/// misère P/N sequence (reported both as the main result and as
/// `outcome`). Running out of budget is an error of kind
/// [`ErrorKind::Budget`].
pub fn period_report(
    set: &SubtractionSet,
    play: Play,
    limit: &Limit,
    progress: &mut dyn FnMut(u64),
) -> Result<PeriodReport> {
    period_report_with(set, play, EngineChoice::Auto, limit, progress)
}

/// [`period_report`] with the engine chosen by the caller (finite sets;
/// [`EngineChoice::Auto`] probes the set, see `choice.rs`).
pub fn period_report_with(
    set: &SubtractionSet,
    play: Play,
    choice: EngineChoice,
    limit: &Limit,
    progress: &mut dyn FnMut(u64),
) -> Result<PeriodReport> {
    let started = Instant::now();
    if let SubtractionSet::AllBut(x) = set {
        return all_but_period_report(x, play, limit, progress, started);
    }
    let finite = require_finite(set)?;
    let choice = choose(finite, choice);
    let unit = match choice {
        EngineChoice::Runs => "run segments",
        _ => "positions",
    };
    let budget = |e: NotFound| budget_error(set, unit, limit, &e);
    let mut search = |sequence| {
        find_period_with(finite, sequence, choice, limit, progress)
            .map_err(budget)
    };
    let (found, outcome_found, max_value, sequence) = match play {
        Play::Normal => {
            let g = search(Sequence::Grundy)?;
            let o = search(Sequence::Outcome(Play::Normal))?;
            (g, Some(o), Some(g.period.max_value), "grundy")
        }
        Play::Misere => {
            let o = search(Sequence::Outcome(Play::Misere))?;
            (o, None, None, "outcome")
        }
    };
    let main = found.period;
    let outcome = outcome_found.map_or(main, |o| o.period);
    let segments = found
        .segments
        .map(|s| s + outcome_found.and_then(|o| o.segments).unwrap_or(0));
    Ok(PeriodReport {
        set: set.to_string(),
        play,
        engine: found.engine,
        preperiod: main.preperiod,
        period: main.period,
        saltus: 0,
        outcome: (&outcome).into(),
        max_value,
        certificate: Certificate {
            sequence,
            start: main.certificate_start,
            window: main.window,
        },
        reduced: None,
        pattern_cycle: None,
        positions: main.positions
            + if play == Play::Normal { outcome.positions } else { 0 },
        segments,
        seconds: started.elapsed().as_secs_f64(),
    })
}

fn require_finite(set: &SubtractionSet) -> Result<&FiniteSet> {
    match set {
        SubtractionSet::Finite(s) => Ok(s),
        SubtractionSet::AllBut(_) => unreachable!("all-but sets return early"),
    }
}

/// `period_report` for all-but sets: the FES engine (`allbut.rs`).
///
/// Normal play: the Grundy sequence's additive period, certified by a
/// repeat of FES boundary patterns, and the P/N sequence's period. Misère:
/// the misère P/N sequence. Both outcome sequences are N from one more
/// than their last P-position on (period 1); `certificate` then names the
/// first P-position (`start`) and max(X) (`window`): every P-position lies
/// in [start, start + window].
fn all_but_period_report(
    x: &AllButSet,
    play: Play,
    limit: &Limit,
    progress: &mut dyn FnMut(u64),
    started: Instant,
) -> Result<PeriodReport> {
    let set = SubtractionSet::AllBut(x.clone());
    let budget = |e: NotFound| budget_error(&set, "positions", limit, &e);
    let outcome =
        find_allbut_period(x, Sequence::Outcome(play), limit, progress)
            .map_err(budget)?;
    let outcome_certificate = Certificate {
        sequence: "outcome",
        start: crate::allbut::p_positions(x, play)[0],
        window: x.max_excluded(),
    };
    let report = |main: &AllButPeriod, certificate, positions| PeriodReport {
        set: set.to_string(),
        play,
        engine: "fes",
        preperiod: main.preperiod,
        period: main.period,
        saltus: main.saltus,
        outcome: Periodicity {
            preperiod: outcome.preperiod,
            period: outcome.period,
        },
        max_value: None,
        certificate,
        reduced: main
            .reduced
            .as_ref()
            .map(|r| ReductionReport { by: r.by, to: r.to.to_string() }),
        pattern_cycle: main.cycle,
        positions,
        segments: None,
        seconds: started.elapsed().as_secs_f64(),
    };
    Ok(match play {
        Play::Normal => {
            let g = find_allbut_period(x, Sequence::Grundy, limit, progress)
                .map_err(budget)?;
            let cycle = g.cycle.expect("grundy periods carry their cycle");
            let certificate = Certificate {
                sequence: "pattern",
                start: cycle.start,
                window: cycle.window,
            };
            report(&g, certificate, g.positions + outcome.positions)
        }
        Play::Misere => {
            report(&outcome, outcome_certificate, outcome.positions)
        }
    })
}

/// The result of `grundy values`.
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

/// The largest `to` that `values_report` accepts.
pub const MAX_VALUES_TO: u64 = 100_000_000;

/// Computes g(0..=to) and the outcomes under `play`.
pub fn values_report(
    set: &SubtractionSet,
    to: u64,
    play: Play,
) -> Result<ValuesReport> {
    if to > MAX_VALUES_TO {
        return Err(Error::new(
            ErrorKind::TooLarge,
            format!(
                "--to {to} is too large for a listing; use at most {MAX_VALUES_TO}, or `grundy heap` for one large heap"
            ),
        ));
    }
    let count = to as usize + 1;
    let letters = |p: bool| if p { 'P' } else { 'N' };
    let (values, outcomes) = match play {
        Play::Normal => {
            let values: Vec<u64> =
                engine::values(set)?.take(count).map(|g| g.value()).collect();
            let outcomes = values.iter().map(|&g| letters(g == 0)).collect();
            (Some(values), outcomes)
        }
        Play::Misere => (
            None,
            engine::outcomes(set, play)?.take(count).map(letters).collect(),
        ),
    };
    Ok(ValuesReport { set: set.to_string(), play, to, values, outcomes })
}

/// The one-line error for a period search that stopped on its budget;
/// `unit` names what the budget counts (positions or run segments).
fn budget_error(
    set: &SubtractionSet,
    unit: &str,
    limit: &Limit,
    e: &NotFound,
) -> Error {
    let message = match e.reason {
        StopReason::Positions => format!(
            "no period found within {} {unit} for \"{set}\"; raise --max-positions",
            limit.max_positions
        ),
        StopReason::Time => format!(
            "no period found for \"{set}\" before the time limit ({} {unit} examined); raise --timeout",
            e.positions
        ),
        StopReason::Cancelled => format!(
            "search for the period of \"{set}\" cancelled after {} {unit}",
            e.positions
        ),
    };
    Error::new(ErrorKind::Budget, message)
}
