//! The search of `grundy laws`: for each family of the spaces, one sweep
//! (the fitting range and the validation range together), a fit of each
//! key on the fitting rows by `grundy-fit` (the code `grundy fit` runs),
//! and each law tested on the held-out rows, the validation rows outside
//! the fitting range.
//!
//! A law counts only when it is right on every held-out row with a value;
//! the count (right/total) and the region are part of the record. The
//! search polls its stop conditions (a deadline for the whole search, the
//! caller's cancel flag) before each family and each key, and a family's
//! sweep is cut short by either; a family cut short is not reported.

use std::sync::Arc;
use std::sync::atomic::{AtomicBool, Ordering};
use std::time::{Duration, Instant};

use grundy_fit::{FitRow, FitTable, FitVerdict, Key, Options, SweepRow};

use crate::error::{Error, Result};
use crate::family::Family;
use crate::laws::record::{FamilyLaws, KeyLaw, LawVerdict};
use crate::laws::space::{Listing, Member, Space, Span};
use crate::row::Row;
use crate::run::{RunOptions, run};

/// What to search, as given.
#[derive(Clone, Debug)]
pub struct LawSpec {
    /// The spaces, in order.
    pub spaces: Vec<Space>,
    /// The coefficients of the elements after `a`.
    pub coefficients: Span,
    /// Their shifts.
    pub shifts: Span,
    /// The values of `a` each law is fitted on.
    pub fit: Span,
    /// The values of `a` it is validated on: those outside `fit` are held
    /// out. It must reach past `fit`.
    pub validate: Span,
    /// The keys to fit, in order.
    pub keys: Vec<Key>,
    /// The fitter's options.
    pub options: Options,
}

/// A checked search: its families, ready to run.
#[derive(Clone, Debug)]
pub struct LawSearch {
    spec: LawSpec,
    listings: Vec<Listing>,
}

/// Why a search stopped.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Stop {
    /// Every family was searched.
    Complete,
    /// The deadline passed first.
    Deadline,
    /// The cancel flag was set first.
    Cancelled,
}

/// How far a search got.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Outcome {
    /// Families searched (and reported).
    pub done: usize,
    /// Why it stopped.
    pub stop: Stop,
}

impl LawSearch {
    /// Checks `spec` and lists the families, before any work: no space,
    /// no key, a validation range that does not reach past the fitting
    /// range, a key all-but sets do not have, or spaces without families
    /// are refused with one line.
    ///
    /// ```
    /// use grundy_fit::{Key, Options};
    /// use grundy_sweep::{LawSearch, LawSpec, Span};
    /// let spec = LawSpec {
    ///     spaces: vec!["linear:2".parse()?],
    ///     coefficients: Span { lo: 1, hi: 2 },
    ///     shifts: Span { lo: 0, hi: 1 },
    ///     fit: Span { lo: 1, hi: 20 },
    ///     validate: Span { lo: 1, hi: 40 },
    ///     keys: vec![Key::Period],
    ///     options: Options::default(),
    /// };
    /// let search = LawSearch::new(spec.clone())?;
    /// assert_eq!(search.families().count(), 3); // {a, a+1}, {a, 2a}, {a, 2a+1}
    /// let inside = LawSpec { validate: Span { lo: 1, hi: 20 }, ..spec };
    /// let e = LawSearch::new(inside).unwrap_err();
    /// assert!(e.message().starts_with("the validation range 1..20"), "{e}");
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn new(spec: LawSpec) -> Result<LawSearch> {
        if spec.spaces.is_empty() {
            return Err(Error::parse(
                "no space to search; name one, e.g. linear:2",
            ));
        }
        if spec.keys.is_empty() {
            return Err(Error::parse("no key to fit; name one, e.g. period"));
        }
        let (f, v) = (spec.fit, spec.validate);
        let max = grundy::MAX_ELEMENT as i64;
        for range in [f, v] {
            if range.hi > max {
                return Err(Error::new(
                    crate::error::ErrorKind::TooLarge,
                    format!(
                        "the range {range} of a reaches past {max}, the largest element of a set; narrow it"
                    ),
                ));
            }
        }
        if v.hi <= f.hi {
            return Err(Error::parse(format!(
                "the validation range {v} does not reach past the fitting range {f}; held-out rows must go further, e.g. {}..{}",
                f.lo.min(v.lo),
                f.hi.saturating_mul(4).max(f.hi.saturating_add(1))
            )));
        }
        if spec.spaces.iter().any(Space::all_but)
            && spec.keys.contains(&Key::MaxValue)
        {
            return Err(Error::parse(
                "max_value is not a key of all-but sets (their values are unbounded); fit another key, e.g. period",
            ));
        }
        let mut listings = Vec::new();
        for space in &spec.spaces {
            listings.push(space.families(
                spec.coefficients,
                spec.shifts,
                f,
            )?);
        }
        if listings.iter().all(|l| l.families.is_empty()) {
            let names: Vec<String> =
                spec.spaces.iter().map(Space::to_string).collect();
            return Err(Error::parse(format!(
                "{} {} no family with a member in the fitting range {f} (an element is not positive, or two are equal, for every a there); raise its upper bound",
                names.join(", "),
                if names.len() == 1 { "has" } else { "have" }
            )));
        }
        Ok(LawSearch { spec, listings })
    }

    /// The search as given.
    pub fn spec(&self) -> &LawSpec {
        &self.spec
    }

    /// Each space's listing, in the order of [`LawSpec::spaces`].
    pub fn listings(&self) -> &[Listing] {
        &self.listings
    }

    /// Every family, space after space.
    pub fn families(&self) -> impl Iterator<Item = &Member> {
        self.listings.iter().flat_map(|l| &l.families)
    }

    /// Searches every family in order, pushing each record to `sink` as
    /// it is done. `options` is the per-set budget of the sweeps (and
    /// their workers); its `cancel` flag, and `deadline`, stop the search
    /// (polled before each family and each key, and by the sweep between
    /// sets). Fails only if a family cannot be swept (a bug: every
    /// template here is valid).
    pub fn run(
        &self,
        options: &RunOptions,
        deadline: Option<Instant>,
        sink: &mut dyn FnMut(FamilyLaws),
    ) -> Result<Outcome> {
        let cancel = &options.cancel;
        let stop = || {
            if cancel.load(Ordering::Relaxed) {
                Some(Stop::Cancelled)
            } else if deadline.is_some_and(|d| Instant::now() >= d) {
                Some(Stop::Deadline)
            } else {
                None
            }
        };
        let mut done = 0;
        for member in self.families() {
            if let Some(stop) = stop() {
                return Ok(Outcome { done, stop });
            }
            let Some(rows) = self.sweep(member, options, deadline)? else {
                let stop = stop().unwrap_or(Stop::Cancelled);
                return Ok(Outcome { done, stop });
            };
            let mut laws = Vec::new();
            for &key in &self.spec.keys {
                if let Some(stop) = stop() {
                    return Ok(Outcome { done, stop });
                }
                laws.push(self.key_law(member, key, &rows));
            }
            let (fit, validate) = self.ranges(member);
            sink(FamilyLaws {
                space: member.space.to_string(),
                index: member.index,
                family: member.template(),
                coefficients: member.coefficients(),
                shifts: member.shifts(),
                fit: format!("a={fit}"),
                validate: format!("a={validate}"),
                laws,
            });
            done += 1;
        }
        Ok(Outcome { done, stop: Stop::Complete })
    }

    /// The fitting and validation ranges of a family: from its first
    /// valid member on.
    pub fn ranges(&self, member: &Member) -> (Span, Span) {
        let (f, v) = (self.spec.fit, self.spec.validate);
        let fit = Span { lo: f.lo.max(member.start), hi: f.hi };
        let validate = Span { lo: v.lo.max(member.start), hi: v.hi };
        (fit, validate)
    }

    /// The rows of the family on the union of its ranges, in order, or
    /// `None` when the sweep was cut short (cancel flag or deadline).
    fn sweep(
        &self,
        member: &Member,
        options: &RunOptions,
        deadline: Option<Instant>,
    ) -> Result<Option<Vec<Row>>> {
        let (fit, validate) = self.ranges(member);
        let (lo, hi) = (fit.lo.min(validate.lo), fit.hi.max(validate.hi));
        let family =
            Family::template(&member.template(), &[format!("a={lo}..{hi}")])?;
        let mut rows = Vec::new();
        let Some(deadline) = deadline else {
            // The caller's flag stops the sweep's workers directly.
            run(&family, &|_| true, options, &mut |b| rows.extend(b))?;
            if options.cancel.load(Ordering::Relaxed) {
                return Ok(None);
            }
            rows.sort_by_key(|r| r.index);
            return Ok(Some(rows));
        };
        // With a deadline, the sweep has a flag of its own, set by a
        // watchdog when the deadline passes or the caller's flag is set
        // (so that the deadline never sets the caller's flag). The
        // watchdog wakes every 20 ms, and at once when the sweep ends.
        let flag = Arc::new(AtomicBool::new(false));
        let swept = RunOptions { cancel: flag.clone(), ..options.clone() };
        let (done, ended) = std::sync::mpsc::channel::<()>();
        let watched = flag.clone();
        let result = std::thread::scope(|scope| {
            scope.spawn(move || {
                loop {
                    let now = Instant::now();
                    if now >= deadline
                        || options.cancel.load(Ordering::Relaxed)
                    {
                        watched.store(true, Ordering::Relaxed);
                        return;
                    }
                    let wait = (deadline - now).min(Duration::from_millis(20));
                    match ended.recv_timeout(wait) {
                        Err(std::sync::mpsc::RecvTimeoutError::Timeout) => {}
                        _ => return,
                    }
                }
            });
            let r = run(&family, &|_| true, &swept, &mut |b| rows.extend(b));
            drop(done);
            r
        });
        result?;
        if flag.load(Ordering::Relaxed) {
            return Ok(None);
        }
        rows.sort_by_key(|r| r.index);
        Ok(Some(rows))
    }

    /// The fit of `key` on the family's fitting rows, validated on the
    /// others.
    fn key_law(&self, member: &Member, key: Key, rows: &[Row]) -> KeyLaw {
        let (fit_range, _) = self.ranges(member);
        let names = vec!["a".to_string()];
        let template = member.template();
        let value = |r: &Row| r.result.found().map(|f| f.get(key.name()));
        let (fitted, held): (Vec<&Row>, Vec<&Row>) =
            rows.iter().partition(|r| fit_range.contains(r.params[0]));
        let table = FitTable::from_sweep(
            names.clone(),
            key,
            fitted.iter().map(|r| SweepRow {
                params: r.params.clone(),
                found: value(r),
            }),
        );
        let unfit = |reason: String| KeyLaw {
            verdict: LawVerdict::Unfit,
            reason: Some(reason),
            shape: None,
            check: Vec::new(),
            skipped: 0,
            fit: grundy_fit::Report {
                family: template.clone(),
                key: key.name().to_string(),
                params: names.clone(),
                rows: fitted.len(),
                pieces: Vec::new(),
                exceptions: Vec::new(),
                validated: None,
            },
        };
        let fit = match table
            .and_then(|t| grundy_fit::fit(&t, &self.spec.options))
        {
            Ok(fit) => fit,
            Err(e) => return unfit(e.to_string()),
        };
        let held: Vec<FitRow> = held
            .iter()
            .map(|r| FitRow {
                params: r.params.clone(),
                value: value(r).flatten().and_then(|v| v.try_into().ok()),
            })
            .collect();
        let validation = fit.validate(&held);
        let mut report = fit.report(&template);
        report.validated = Some(validation.report(&region(&held)));
        let (verdict, reason) = match fit.verdict() {
            FitVerdict::NoSimpleLaw(why) => {
                (LawVerdict::NoSimpleLaw, Some(why.clone()))
            }
            FitVerdict::Law if validation.rows == 0 => (
                LawVerdict::Unvalidated,
                Some("no held-out row has a value".to_string()),
            ),
            FitVerdict::Law if !validation.wrong.is_empty() => (
                LawVerdict::Refuted,
                Some(format!(
                    "{} of {} held-out rows predicted wrongly",
                    validation.wrong.len(),
                    validation.rows
                )),
            ),
            FitVerdict::Law => (LawVerdict::Law, None),
        };
        KeyLaw {
            verdict,
            reason,
            shape: shape(fit.pieces()),
            check: fit.pieces().iter().map(|p| p.check(key)).collect(),
            skipped: validation.skipped,
            fit: report,
        }
    }
}

/// The held-out region: `a=61..400`, or runs joined by `, ` when the
/// held-out rows lie on both sides of the fitting range.
fn region(rows: &[FitRow]) -> String {
    let mut runs: Vec<(i64, i64)> = Vec::new();
    for r in rows {
        let a = r.params[0];
        match runs.last_mut() {
            Some(last) if last.1 + 1 == a => last.1 = a,
            _ => runs.push((a, a)),
        }
    }
    let runs: Vec<String> =
        runs.iter().map(|(lo, hi)| format!("a={lo}..{hi}")).collect();
    runs.join(", ")
}

/// A law's shape, the group of the catalogue: how many pieces, the
/// residues their conditions and formulas use (`a % 4`), what else the
/// conditions compare (ranges of `a`), and the degrees of the formulas
/// (in `a` and the residue, as the fitter counts them); `None` without
/// pieces.
///
/// `one formula, linear`; `one formula with a % 2, quadratic`; `2 pieces
/// by a % 4, constant and linear`; `3 pieces by range, linear`.
fn shape(pieces: &[grundy_fit::Piece]) -> Option<String> {
    let degree = |d: u32| match d {
        0 => "constant".to_string(),
        1 => "linear".to_string(),
        2 => "quadratic".to_string(),
        3 => "cubic".to_string(),
        d => format!("degree {d}"),
    };
    let mut degrees: Vec<u32> = pieces.iter().map(|p| p.degree()).collect();
    degrees.sort_unstable();
    degrees.dedup();
    let degrees: Vec<String> = degrees.into_iter().map(degree).collect();
    let degrees = degrees.join(" and ");
    let mut residues: Vec<String> = Vec::new();
    for p in pieces {
        for r in
            residues_in(p.when()).into_iter().chain(residues_in(p.formula()))
        {
            if !residues.contains(&r) {
                residues.push(r);
            }
        }
    }
    let residues = residues.join(" and ");
    match pieces {
        [] => None,
        [_] if residues.is_empty() => Some(format!("one formula, {degrees}")),
        [_] => Some(format!("one formula with {residues}, {degrees}")),
        _ => {
            let range = pieces.iter().any(|p| {
                p.when()
                    .split(['&', '|'])
                    .any(|c| !c.contains('%') && c.contains(['<', '>', '=']))
            });
            let by = match (residues.is_empty(), range) {
                (false, true) => format!("{residues} and range"),
                (false, false) => residues,
                _ => "range".to_string(),
            };
            Some(format!("{} pieces by {by}, {degrees}", pieces.len()))
        }
    }
}

/// The residues an expression of the `--check` language takes, as
/// written: `a % 4` in `a % 4 != 2 && ...`.
fn residues_in(text: &str) -> Vec<String> {
    let mut out: Vec<String> = Vec::new();
    let mut rest = text;
    while let Some(i) = rest.find('%') {
        let before = rest[..i].trim_end();
        let name: String = before
            .chars()
            .rev()
            .take_while(|c| c.is_ascii_alphanumeric() || *c == '_')
            .collect::<Vec<char>>()
            .into_iter()
            .rev()
            .collect();
        let after = rest[i + 1..].trim_start();
        let modulus = if after.starts_with('(') {
            after.find(')').map_or(after, |j| &after[..=j])
        } else {
            let end = after
                .find(|c: char| !(c.is_ascii_alphanumeric() || c == '_'))
                .unwrap_or(after.len());
            &after[..end]
        };
        let r = format!("{name} % {modulus}");
        if !name.is_empty() && !modulus.is_empty() && !out.contains(&r) {
            out.push(r);
        }
        rest = &rest[i + 1..];
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::evaluate::{Evaluation, Found};

    /// The search of `{a, 2a+1, 3a+1}` (period 4a^2 + 3a) fitted on a =
    /// 1..12 and validated to 40.
    fn quadratic() -> LawSearch {
        LawSearch::new(LawSpec {
            spaces: vec!["linear:3".parse().unwrap()],
            coefficients: Span { lo: 2, hi: 3 },
            shifts: Span { lo: 1, hi: 1 },
            fit: Span { lo: 1, hi: 12 },
            validate: Span { lo: 1, hi: 40 },
            keys: vec![Key::Period],
            options: Options::default(),
        })
        .unwrap()
    }

    /// Rows with the true period, except `not_found` (no value) and
    /// `wrong` (a value the law does not give).
    fn rows(not_found: &[i64], wrong: &[i64]) -> Vec<Row> {
        (1..=40)
            .map(|a: i64| {
                let period = (4 * a * a + 3 * a) as u64;
                let result = if not_found.contains(&a) {
                    Evaluation::NotFound(grundy::Stopped::new(
                        grundy::StopReason::Positions,
                        10,
                        10,
                        grundy::Unit::Positions,
                    ))
                } else {
                    Evaluation::Found(Found {
                        preperiod: 0,
                        period: period + u64::from(wrong.contains(&a)),
                        saltus: 0,
                        outcome_preperiod: 0,
                        outcome_period: 1,
                        max_value: Some(3),
                        positions: 1,
                    })
                };
                Row {
                    index: a as u64 - 1,
                    params: vec![a],
                    set: String::new(),
                    result,
                }
            })
            .collect()
    }

    fn law(not_found: &[i64], wrong: &[i64]) -> KeyLaw {
        let s = quadratic();
        let member = s.families().next().unwrap().clone();
        assert_eq!(member.template(), "a,2*a+1,3*a+1");
        s.key_law(&member, Key::Period, &rows(not_found, wrong))
    }

    /// Held-out rows without a value are skipped, never counted right;
    /// one wrong held-out row refutes the law; no held-out value leaves
    /// it unvalidated; a fit without enough values is not fitted.
    #[test]
    fn verdicts_count_honestly() {
        let l = law(&[], &[]);
        assert_eq!((l.verdict, l.skipped), (LawVerdict::Law, 0));
        assert_eq!(l.check, ["period == 4*a*a + 3*a"]);
        assert_eq!(l.shape.as_deref(), Some("one formula, quadratic"));
        let v = l.fit.validated.as_ref().unwrap();
        assert_eq!(
            (v.rows, v.correct, v.range.as_str()),
            (28, 28, "a=13..40")
        );

        let late: Vec<i64> = (30..=40).collect();
        let l = law(&late, &[]);
        let v = l.fit.validated.as_ref().unwrap();
        assert_eq!(
            (l.verdict, l.skipped, v.rows, v.correct),
            (LawVerdict::Law, 11, 17, 17)
        );

        let l = law(&[], &[33]);
        let v = l.fit.validated.as_ref().unwrap();
        assert_eq!(
            (l.verdict, v.rows, v.correct),
            (LawVerdict::Refuted, 28, 27)
        );
        assert_eq!(
            l.reason.as_deref(),
            Some("1 of 28 held-out rows predicted wrongly")
        );

        let held: Vec<i64> = (13..=40).collect();
        let l = law(&held, &[]);
        assert_eq!((l.verdict, l.skipped), (LawVerdict::Unvalidated, 28));

        let all: Vec<i64> = (1..=40).collect();
        let l = law(&all, &[]);
        assert_eq!(l.verdict, LawVerdict::Unfit);
        assert!(l.reason.unwrap().contains("0 with a value"), "unfit");
    }

    fn row(a: i64) -> FitRow {
        FitRow::new(vec![a], 0)
    }

    #[test]
    fn residues_as_written() {
        assert_eq!(residues_in("a % 4 != 2 && a % 4 != 0"), ["a % 4"]);
        assert_eq!(residues_in("5*a - 5*a*(a % 2) + a % 2 + 1"), ["a % 2"]);
        assert_eq!(residues_in("b % (2*a) == a"), ["b % (2*a)"]);
        assert!(residues_in("3*a + 1").is_empty());
    }

    #[test]
    fn regions_are_runs_of_held_out_rows() {
        let rows: Vec<FitRow> = (61..=400).map(row).collect();
        assert_eq!(region(&rows), "a=61..400");
        let rows: Vec<FitRow> = (1..=3).chain(11..=20).map(row).collect();
        assert_eq!(region(&rows), "a=1..3, a=11..20");
        assert_eq!(region(&[]), "");
    }
}
