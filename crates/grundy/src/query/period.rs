//! The period report: what `grundy period` and `/api/period` show.
//!
//! [`period`] asks the rule set for the periods its theorem gives
//! (`rules/`), and lays them out as [`PeriodReport`], plain data whose
//! keys are the output contract (README, "Output contract"): `preperiod`,
//! `period`, `saltus`, `outcome`, `certificate`, ... Wall-clock time is
//! not part of it: front ends measure it themselves.

use crate::budget::{Budget, StopReason, Stopped};
use crate::engine::Engine;
use crate::error::{Error, ErrorKind, Result};
use crate::period::{self, GuySmith, PatternCycle, PeriodOptions, Periods};
use crate::play::Play;
use crate::rules::Rules;

/// Pre-period and period of one sequence.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
#[cfg_attr(feature = "serde", derive(serde::Serialize))]
pub struct Periodicity {
    /// The least pre-period.
    pub preperiod: u64,
    /// The least period.
    pub period: u64,
}

/// The certificate behind a reported period, as the report shows it.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
#[cfg_attr(feature = "serde", derive(serde::Serialize))]
pub struct CertificateReport {
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

/// The gcd reduction of an all-but set (Suetsugu-Abuku, Theorem 6):
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
    pub engine: Engine,
    /// Normal play: the Grundy sequence's least pre-period. Misère: the
    /// misère outcome sequence's.
    pub preperiod: u64,
    /// Likewise, the least period.
    pub period: u64,
    /// The additive saltus s of g(n + p) = g(n) + s (0 for finite sets).
    pub saltus: u64,
    /// The outcome (P/N) sequence's pre-period and period under `play`.
    pub outcome: Periodicity,
    /// The largest Grundy value (normal play, bounded sequences only).
    pub max_value: Option<u64>,
    /// The certificate of the main result, as the output contract shows
    /// it.
    pub certificate: CertificateReport,
    /// The same certificate as the library states it (not serialised:
    /// `certificate` and `pattern_cycle` carry it on the wire).
    #[cfg_attr(feature = "serde", serde(skip))]
    pub proof: period::Certificate,
    /// All-but sets with gcd(X) = d > 1: the reduction applied
    /// (Suetsugu-Abuku, Theorem 6); `None` otherwise.
    pub reduced: Option<ReductionReport>,
    /// All-but sets, normal play: the repeat of FES boundary patterns that
    /// proves the additive period (in the reduced game); `None` otherwise.
    pub pattern_cycle: Option<PatternCycle>,
    /// Take-and-break games: the agreement the Guy-Smith periodicity
    /// theorem asks for, which proves the period; `None` otherwise.
    pub guy_smith: Option<GuySmith>,
    /// Positions whose values were determined, all searches together.
    pub positions: u64,
    /// Segments the run-length engine processed (its real work), all
    /// searches together; `None` for the position engines.
    pub segments: Option<u64>,
}

/// Finds the least pre-periods and periods `grundy period` reports.
///
/// Normal play: the Grundy sequence and the P/N sequence. Misère: the
/// misère P/N sequence (reported both as the main result and as
/// `outcome`). Running out of budget is an error of kind
/// [`ErrorKind::Budget`] whose [`Error::stopped`] says which limit (and,
/// for take-and-break games, carries a [`Survey`](crate::Survey) of the
/// values computed: frequencies and rare values); a rule set without a
/// periodicity theorem is [`ErrorKind::Unsupported`].
///
/// ```
/// use grundy::{Budget, Play, PeriodOptions};
/// let rules = "2,3,7".parse()?;
/// let r = grundy::period(&rules, Play::Normal, &PeriodOptions::default(), &Budget::default())?;
/// assert_eq!((r.preperiod, r.period), (0, 5));
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
pub fn period(
    rules: &Rules,
    play: Play,
    options: &PeriodOptions,
    budget: &Budget,
) -> Result<PeriodReport> {
    let found = rules
        .periods(play, options, budget)
        .map_err(|e| budget_error(rules, &e))?
        .ok_or_else(|| no_theorem(rules, play))?;
    Ok(report(rules, play, &found))
}

/// The error for a rule set (and play) without a periodicity theorem.
fn no_theorem(rules: &Rules, play: Play) -> Error {
    let message = match play {
        Play::Misere => format!(
            "no periodicity theorem is known for misère play of \"{rules}\"; its misère outcomes of single heaps can still be listed (by exhaustive search)"
        ),
        _ => format!(
            "no periodicity theorem is known for \"{rules}\"; its values can still be listed"
        ),
    };
    Error::new(ErrorKind::Unsupported, message)
}

/// Lays out the periods a rule set found as the report.
pub(crate) fn report(
    rules: &Rules,
    play: Play,
    found: &Periods,
) -> PeriodReport {
    let (main, outcome) = (&found.main, &found.outcome);
    let (sequence, start, window, cycle) = match &main.certificate {
        period::Certificate::Window { start, window } => {
            let sequence = match play {
                Play::Normal => "grundy",
                Play::Misere => "outcome",
            };
            (sequence, *start, *window, None)
        }
        period::Certificate::Pattern(cycle) => {
            ("pattern", cycle.start, cycle.window, Some(*cycle))
        }
        period::Certificate::PositionsWithin { start, window } => {
            ("outcome", *start, *window, None)
        }
        period::Certificate::GuySmith(c) => {
            ("grundy", c.preperiod, c.checked_to - c.preperiod, None)
        }
    };
    let guy_smith = match &main.certificate {
        period::Certificate::GuySmith(c) => Some(*c),
        _ => None,
    };
    let segments = main.segments.map(|s| {
        s + match play {
            Play::Normal => outcome.segments.unwrap_or(0),
            Play::Misere => 0,
        }
    });
    PeriodReport {
        set: rules.to_string(),
        play,
        engine: main.engine,
        preperiod: main.preperiod,
        period: main.period,
        saltus: main.saltus,
        outcome: Periodicity {
            preperiod: outcome.preperiod,
            period: outcome.period,
        },
        max_value: match play {
            Play::Normal => main.max_value,
            Play::Misere => None,
        },
        certificate: CertificateReport { sequence, start, window },
        proof: main.certificate.clone(),
        reduced: main
            .reduced
            .as_ref()
            .map(|r| ReductionReport { by: r.by, to: r.to.to_string() }),
        pattern_cycle: cycle,
        guy_smith,
        positions: found.positions,
        segments,
    }
}

/// The one-line error for a period search that stopped on its budget,
/// without a hint at which setting to raise (front ends add their own
/// from [`Error::stopped`]). A value too big for the engine's width is
/// [`ErrorKind::TooLarge`], with its own message.
pub(crate) fn budget_error(rules: &Rules, e: &Stopped) -> Error {
    if e.reason == StopReason::Width {
        let message = rules.values_end(e.done).message().to_string();
        return Error::stopped_with(ErrorKind::TooLarge, e.clone(), message);
    }
    let message = match e.reason {
        StopReason::Positions | StopReason::States => format!(
            "no period found within {} for \"{rules}\"",
            e.unit.count(e.limit)
        ),
        StopReason::Time => format!(
            "no period found for \"{rules}\" before the time limit ({} examined)",
            e.unit.count(e.done)
        ),
        StopReason::Cancelled => format!(
            "search for the period of \"{rules}\" cancelled after {}",
            e.unit.count(e.done)
        ),
        StopReason::Splits => {
            let heaps = e.seen.as_ref().map_or(0, |s| s.len);
            format!(
                "no period found within {} for \"{rules}\", the cost of its first {heaps} heaps",
                e.unit.count(e.limit)
            )
        }
        StopReason::Width => unreachable!("handled above"),
    };
    Error::budget(e.clone(), message)
}
