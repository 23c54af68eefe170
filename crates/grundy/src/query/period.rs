//! The period report: what `grundy period` and `/api/period` show.
//!
//! [`period`] asks the rule set for the periods its theorem gives
//! (`rules/`), and lays them out as [`PeriodReport`], plain data whose
//! keys are the output contract (docs/JSON.md, `grundy help json`): `preperiod`,
//! `period`, `saltus`, `outcome`, `certificate`, ... Wall-clock time is
//! not part of it: front ends measure it themselves.

use crate::budget::{Budget, StopReason, Stopped};
use crate::engine::Engine;
use crate::error::{Error, ErrorKind, Result};
use crate::period::{Certificate, PeriodOptions, Periods};
use crate::play::{Play, Sequence};
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

/// The key `certificate` of the output contract (docs/JSON.md): a
/// summary of the report's [`Certificate`] in the three
/// numbers scripts read. [`PeriodReport::certificate_summary`] computes
/// it; the certificate itself, and [`Certificate::explain`], say the
/// rest.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
#[cfg_attr(feature = "serde", derive(serde::Serialize))]
pub struct CertificateReport {
    /// Which sequence the certificate is about: "grundy" (finite sets and
    /// take-and-break games) or "outcome" (misère play of finite sets,
    /// and all-but sets under either play); "pattern" for the FES pattern
    /// certificate of an all-but set's Grundy values.
    pub sequence: &'static str,
    /// Finite sets: the first of the `window` consecutive matches;
    /// all-but sets: the first undetermined position before the step
    /// whose pattern recurs ("pattern"), or the first P-position
    /// ("outcome"); take-and-break games: the pre-period.
    pub start: u64,
    /// Finite sets: m = max(S); all-but sets: max(X) (of the reduced set
    /// for "pattern"); take-and-break games: the Guy-Smith bound minus
    /// the pre-period.
    pub window: u64,
}

impl CertificateReport {
    /// The summary of `certificate`.
    fn of(certificate: &Certificate) -> CertificateReport {
        let (sequence, start, window) = match certificate {
            Certificate::Window { sequence, start, window, .. } => {
                let sequence = match sequence {
                    Sequence::Grundy => "grundy",
                    Sequence::Outcome(_) => "outcome",
                };
                (sequence, *start, *window)
            }
            Certificate::Pattern { cycle, .. } => {
                ("pattern", cycle.start, cycle.window)
            }
            Certificate::PositionsWithin { start, window, .. } => {
                ("outcome", *start, *window)
            }
            Certificate::GuySmith(c) => {
                ("grundy", c.preperiod, c.checked_to - c.preperiod)
            }
        };
        CertificateReport { sequence, start, window }
    }
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
///
/// Serialised (feature "serde") as the object of `grundy period --json`,
/// whose keys are the output contract: the fields below in order, with
/// the certificate as `certificate` ([`CertificateReport`]),
/// `pattern_cycle` and `guy_smith` (null unless the certificate is of
/// that kind) after `reduced`, and its sentence as `certificate_text`,
/// last.
#[derive(Clone, Debug, PartialEq)]
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
    /// What proves the main result; [`Certificate::explain`] words it.
    pub certificate: Certificate,
    /// All-but sets with gcd(X) = d > 1: the reduction applied
    /// (Suetsugu-Abuku, Theorem 6); `None` otherwise.
    pub reduced: Option<ReductionReport>,
    /// Positions whose values were determined, all searches together.
    pub positions: u64,
    /// Segments the run-length engine processed (its real work), all
    /// searches together, also when it gave way to a position engine;
    /// `None` when no run-length engine ran.
    pub segments: Option<u64>,
}

impl PeriodReport {
    /// The work done, in words, after `seconds`: what every front end
    /// prints after "examined:".
    ///
    /// ```
    /// let rules: grundy::Rules = "2,3,5".parse().unwrap();
    /// let r = grundy::period(&rules, grundy::Play::Normal,
    ///     &Default::default(), &Default::default()).unwrap();
    /// assert_eq!(r.examined(0.0012), format!("{} positions in 0.001 s", r.positions));
    /// ```
    pub fn examined(&self, seconds: f64) -> String {
        let p = self.positions;
        match self.segments {
            Some(s) if self.engine == Engine::Runs => {
                format!("{p} positions in {s} run segments in {seconds:.3} s")
            }
            Some(s) => format!(
                "{p} positions in {seconds:.3} s, after {s} segments of the run-length engine, which gave way"
            ),
            None => format!("{p} positions in {seconds:.3} s"),
        }
    }
    /// The certificate as the output contract's key `certificate` shows
    /// it.
    pub fn certificate_summary(&self) -> CertificateReport {
        CertificateReport::of(&self.certificate)
    }
}

/// The object of `grundy period --json`, key by key in the contract's
/// order (docs/JSON.md, `grundy help json`).
#[cfg(feature = "serde")]
#[derive(serde::Serialize)]
struct Wire<'a> {
    set: &'a str,
    play: Play,
    engine: Engine,
    preperiod: u64,
    period: u64,
    saltus: u64,
    outcome: Periodicity,
    max_value: Option<u64>,
    certificate: CertificateReport,
    reduced: Option<&'a ReductionReport>,
    pattern_cycle: Option<crate::period::PatternCycle>,
    guy_smith: Option<crate::period::GuySmith>,
    positions: u64,
    segments: Option<u64>,
    certificate_text: String,
}

#[cfg(feature = "serde")]
impl serde::Serialize for PeriodReport {
    fn serialize<S: serde::Serializer>(
        &self,
        serializer: S,
    ) -> std::result::Result<S::Ok, S::Error> {
        let wire = Wire {
            set: &self.set,
            play: self.play,
            engine: self.engine,
            preperiod: self.preperiod,
            period: self.period,
            saltus: self.saltus,
            outcome: self.outcome,
            max_value: self.max_value,
            certificate: self.certificate_summary(),
            reduced: self.reduced.as_ref(),
            pattern_cycle: self.certificate.pattern_cycle(),
            guy_smith: self.certificate.guy_smith(),
            positions: self.positions,
            segments: self.segments,
            certificate_text: self.certificate.explain(),
        };
        serde::Serialize::serialize(&wire, serializer)
    }
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
        certificate: main.certificate.clone(),
        reduced: main
            .reduced
            .as_ref()
            .map(|r| ReductionReport { by: r.by, to: r.to.to_string() }),
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

#[cfg(test)]
mod tests {
    use super::*;

    fn report(rules: &str, play: Play) -> PeriodReport {
        period(
            &rules.parse().unwrap(),
            play,
            &PeriodOptions::default(),
            &Budget::default(),
        )
        .unwrap()
    }

    /// (sequence, start, window) of the contract's key `certificate`.
    fn summary(r: &PeriodReport) -> (&'static str, u64, u64) {
        let c = r.certificate_summary();
        (c.sequence, c.start, c.window)
    }

    // Each kind of certificate: the contract's summary, the parts that
    // are keys of their own (`pattern_cycle`, `guy_smith`), and the
    // sentence, which says what the report found.
    #[test]
    fn window_certificates() {
        let r = report("2,3,7", Play::Normal);
        let (sequence, start, window) = summary(&r);
        assert_eq!((sequence, window), ("grundy", 7));
        assert!(matches!(r.certificate, Certificate::Window { .. }));
        assert_eq!(
            r.certificate.explain(),
            format!(
                "g(n + 5) = g(n) for every n in [0, {}), all the n the search compared; the last m = 7 of them (m = max S: each value depends only on the m values before it) make a whole window repeat, so it holds for all n >= 0",
                start + window
            )
        );
        let m = report("3,5,9", Play::Misere);
        assert_eq!(summary(&m).0, "outcome");
        let sentence = m.certificate.explain();
        assert!(
            sentence.starts_with(
                "o(n + 2) = o(n), where o(n) is 0 at a P-position and 1 at an N-position, for every n in [14, "
            ) && sentence.ends_with(
                "), all the n the search compared; the last m = 9 of them (m = max S: each value depends only on the m values before it) make a whole window repeat, so it holds for all n >= 14"
            ),
            "{sentence}"
        );
        let both = [&r, &m].map(|r| {
            (r.certificate.pattern_cycle(), r.certificate.guy_smith())
        });
        assert_eq!(both, [(None, None); 2]);
    }

    #[test]
    fn pattern_certificates() {
        // Suetsugu-Abuku, section 1.2: X = {2, 3, 6, 8}, pre-period 42,
        // period 9, saltus 3.
        let r = report("all-but:2,3,6,8", Play::Normal);
        assert_eq!(summary(&r), ("pattern", 39, 8));
        let cycle = r.certificate.pattern_cycle().unwrap();
        assert_eq!((cycle.step, cycle.steps, cycle.shift), (14, 3, 9));
        assert_eq!(r.certificate.guy_smith(), None);
        assert!(r.certificate.explain().starts_with(
            "for all-but:2,3,6,8, the FES boundary pattern before step 14 "
        ));
        // With a gcd reduction the sentence names the reduced set.
        let r = report("all-but:4,6", Play::Normal);
        assert_eq!(
            r.reduced.as_ref().map(|d| d.to.as_str()),
            Some("all-but:2,3")
        );
        assert!(r.certificate.explain().starts_with("for all-but:2,3, "));
    }

    #[test]
    fn positions_within_certificates() {
        let r = report("all-but:2,3,6,8", Play::Misere);
        assert_eq!(summary(&r), ("outcome", 1, 8));
        assert_eq!(
            r.certificate.explain(),
            "two P-positions differ by an element of X, so every P-position lies in [1, 9] and every heap from 10 on is N"
        );
        // Normal play's outcome sequence has the same kind of proof, but
        // the report shows the Grundy sequence's.
        assert!(matches!(
            report("all-but:2,3,6,8", Play::Normal).certificate,
            Certificate::Pattern { .. }
        ));
    }

    #[test]
    fn guy_smith_certificates() {
        // Kayles (0.77): pre-period 71, period 12 (Winning Ways ch. 4).
        let r = report("0.77", Play::Normal);
        assert_eq!(summary(&r), ("grundy", 71, 2 * 71 + 12 + 2 - 71));
        assert_eq!(r.certificate.guy_smith().map(|c| c.checked_to), Some(156));
        assert_eq!(r.certificate.pattern_cycle(), None);
        assert!(r.certificate.explain().ends_with(
            "so by the Guy-Smith periodicity theorem it holds for all n >= 71"
        ));
    }
}
