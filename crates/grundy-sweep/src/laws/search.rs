//! The search of `grundy laws`: for each family of the spaces, one sweep
//! (the fitting range and the validation range together), a fit of each
//! key on the fitting rows by `grundy-fit` (the code `grundy fit` runs),
//! and each law tested on the held-out rows, the validation rows outside
//! the fitting range.
//!
//! A law counts only when it is right on every held-out row with a value,
//! at least half of the held-out rows have one, and those reach into the
//! top tenth of the held-out range ([`MIN_CHECKED`]); the count
//! (right/total), the rows skipped and the region of the rows checked are
//! part of the record. The
//! search polls its stop conditions (a deadline for the whole search, the
//! caller's cancel flag) before each family and each key, and a family's
//! sweep is cut short by either; a family cut short is not reported.

use std::sync::Arc;
use std::sync::atomic::{AtomicBool, Ordering};
use std::time::{Duration, Instant};

use grundy_fit::{Fit, FitRow, FitTable, FitVerdict, Key, Options, SweepRow};

use crate::error::{Error, ErrorKind, Result};
use crate::family::Family;
use crate::laws::plane::{self, Plane};
use crate::laws::record::{FamilyLaws, KeyLaw, LawVerdict};
use crate::laws::space::{Listing, Member, Space, Span, form as form_text};
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

/// The share of the held-out rows that must have a value (be checked)
/// before a law counts, as a fraction: at least half. The checked rows
/// must also reach the top tenth of the held-out range.
pub const MIN_CHECKED: (usize, usize) = (1, 2);

/// How far the validation of a two-parameter family reaches past its
/// fitting: its range must reach `RATIO` times the top of `--fit`, so
/// that at each fitted `a` the held-out `b/a` reaches `RATIO` times the
/// fitted one (a law fitted with `b <= 20` faces `b` up to 80).
pub const RATIO: i64 = 4;

/// How many wrong held-out rows the record of a family with no simple
/// law keeps (`validated.rows - validated.correct` counts them all).
pub const WRONG_SHOWN: usize = 5;

/// The input of a [`LawSpec`] that an error is about.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum LawInput {
    /// The spaces.
    Spaces,
    /// The coefficients.
    Coefficients,
    /// The shifts.
    Shifts,
    /// The fitting range.
    Fit,
    /// The validation range.
    Validate,
    /// The keys.
    Keys,
}

/// Why a [`LawSpec`] was refused: the error, and the input to fix when
/// it is one (not when the message names several, e.g. coefficients and
/// shifts that give too few elements).
#[derive(Debug)]
pub struct LawError {
    input: Option<LawInput>,
    error: Error,
}

impl LawError {
    pub(crate) fn new(input: Option<LawInput>, error: Error) -> LawError {
        LawError { input, error }
    }

    /// The input to fix, when the error is about one.
    pub fn input(&self) -> Option<LawInput> {
        self.input
    }

    /// The message (one line, naming no flag).
    pub fn message(&self) -> &str {
        self.error.message()
    }

    /// The kind of the error.
    pub fn kind(&self) -> ErrorKind {
        self.error.kind()
    }
}

impl std::fmt::Display for LawError {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        self.error.fmt(f)
    }
}

impl std::error::Error for LawError {
    fn source(&self) -> Option<&(dyn std::error::Error + 'static)> {
        std::error::Error::source(&self.error)
    }
}

impl From<LawError> for Error {
    fn from(e: LawError) -> Error {
        e.error
    }
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
    pub fn new(spec: LawSpec) -> Result<LawSearch, LawError> {
        use LawInput as I;
        let refuse = |input, message: String| {
            Err(LawError::new(Some(input), Error::parse(message)))
        };
        if spec.spaces.is_empty() {
            return refuse(
                I::Spaces,
                "no space to search; name one, e.g. linear:2".into(),
            );
        }
        if spec.keys.is_empty() {
            return refuse(
                I::Keys,
                "no key to fit; name one, e.g. period".into(),
            );
        }
        let (f, v) = (spec.fit, spec.validate);
        let max = grundy::MAX_ELEMENT as i64;
        for (input, range) in [(I::Fit, f), (I::Validate, v)] {
            if range.hi > max {
                return Err(LawError::new(
                    Some(input),
                    Error::new(
                        ErrorKind::TooLarge,
                        format!(
                            "the range {range} of a reaches past {max}, the largest element of a set; narrow it"
                        ),
                    ),
                ));
            }
        }
        // Held-out rows well beyond the fitted ones: to twice the top of
        // the fitting range at least.
        let twice = f.hi.saturating_mul(2).max(f.hi.saturating_add(1));
        if v.hi < twice {
            return refuse(
                I::Validate,
                format!(
                    "the validation range {v} does not reach twice the top of the fitting range {f} (a={twice}); held-out rows must go well beyond it, e.g. {}..{}",
                    f.lo.min(v.lo),
                    f.hi.saturating_mul(4).max(twice)
                ),
            );
        }
        if spec.spaces.iter().any(Space::two_parameters) {
            // The region a < b of two parameters, larger in every
            // direction: lower a, higher b, and at each fitted a the
            // ratio b/a reaching RATIO times the fitted one.
            let ratio = f.hi.saturating_mul(RATIO);
            if v.lo > f.lo {
                return refuse(
                    I::Validate,
                    format!(
                        "the validation range {v} starts above the fitting range {f}; for two-parameter families the region a < b validated must hold the fitted one and be larger in every direction, e.g. {}..{}",
                        f.lo,
                        v.hi.max(ratio)
                    ),
                );
            }
            if v.hi < ratio {
                return refuse(
                    I::Validate,
                    format!(
                        "the validation range {v} does not reach {RATIO} times the top of the fitting range {f} (b={ratio}); for two-parameter families the ratio b/a held out must reach well beyond the fitted one, e.g. {}..{ratio}",
                        v.lo
                    ),
                );
            }
        }
        if spec.spaces.iter().any(Space::all_but)
            && spec.keys.contains(&Key::MaxValue)
        {
            return refuse(
                I::Keys,
                "max_value is not a key of all-but sets (their values are unbounded); fit another key, e.g. period".into(),
            );
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
            return Err(LawError::new(
                None,
                Error::parse(format!(
                    "{} {} no family with a member in the fitting range {f} (an element is not positive, or two are equal, for every a there); raise its upper bound",
                    names.join(", "),
                    if names.len() == 1 { "has" } else { "have" }
                )),
            ));
        }
        // The largest element swept: c*a + d at the top of --validate.
        // (A two-parameter family's third element c1*a + c2*b + d is
        // largest at a = b = the top, where it is (c1 + c2)*a + d.)
        let largest = listings
            .iter()
            .flat_map(|l| &l.families)
            .flat_map(|m| {
                let forms = match m.third {
                    Some((c1, c2, d)) => vec![(1, 0), (c1 + c2, d)],
                    None if m.space.two_parameters() => vec![(1, 0)],
                    None => m.forms.clone(),
                };
                forms.into_iter().map(move |f| (f, m))
            })
            .max_by_key(|((c, d), _)| {
                i128::from(*c) * i128::from(v.hi) + i128::from(*d)
            });
        if let Some(((c, d), m)) = largest {
            let top = i128::from(c) * i128::from(v.hi) + i128::from(d);
            if top > i128::from(max) {
                let lower = (max - d).div_euclid(c);
                let form_text = |c, d| match m.third {
                    Some((c1, c2, d)) => plane::form2(c1, c2, d),
                    None => form_text(c, d),
                };
                return Err(LawError::new(
                    Some(I::Validate),
                    Error::new(
                        ErrorKind::TooLarge,
                        format!(
                            "the element {} of {} is {top} at a={}, past {max}, the largest element of a set; lower the validation range to a={lower} at most, or narrow the coefficients and shifts",
                            form_text(c, d),
                            m.template(),
                            v.hi
                        ),
                    ),
                ));
            }
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
        self.run_where(options, deadline, &|_| true, &mut |_, r| sink(r))
    }

    /// [`LawSearch::run`] for the families whose number (their place in
    /// [`LawSearch::families`], from 0) `keep` accepts: a shard's, or
    /// those a resumed run has not done yet. `sink` gets each record with
    /// its number; [`Outcome::done`] counts those searched here.
    pub fn run_where(
        &self,
        options: &RunOptions,
        deadline: Option<Instant>,
        keep: &dyn Fn(usize) -> bool,
        sink: &mut dyn FnMut(usize, FamilyLaws),
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
        for (number, member) in self.families().enumerate() {
            if !keep(number) {
                continue;
            }
            if let Some(stop) = stop() {
                return Ok(Outcome { done, stop });
            }
            if let Some(why) = member.late(self.spec.fit) {
                sink(number, self.late_record(member, &why));
                done += 1;
                continue;
            }
            let Some(rows) = self.sweep(member, options, deadline)? else {
                let stop = stop().unwrap_or(Stop::Cancelled);
                return Ok(Outcome { done, stop });
            };
            let mut laws = Vec::new();
            for (&key, rows) in self.spec.keys.iter().zip(rows) {
                if let Some(stop) = stop() {
                    return Ok(Outcome { done, stop });
                }
                laws.push(self.key_law(member, key, rows));
            }
            let (fit, validate) = self.ranges_written(member);
            sink(
                number,
                FamilyLaws {
                    space: member.space.to_string(),
                    index: member.index,
                    family: member.template(),
                    coefficients: member.coefficients(),
                    shifts: member.shifts(),
                    fit,
                    validate,
                    laws,
                },
            );
            done += 1;
        }
        Ok(Outcome { done, stop: Stop::Complete })
    }

    /// The record of a family whose elements change order past the
    /// fitting range: every key unfitted, for that reason.
    fn late_record(&self, member: &Member, why: &str) -> FamilyLaws {
        let template = member.template();
        let laws = self
            .spec
            .keys
            .iter()
            .map(|key| unfit(member, *key, 0, why.to_string()))
            .collect();
        let (fit, validate) = self.ranges_written(member);
        FamilyLaws {
            space: member.space.to_string(),
            index: member.index,
            family: template,
            coefficients: member.coefficients(),
            shifts: member.shifts(),
            fit,
            validate,
            laws,
        }
    }

    /// The `fit` and `validate` of a family's record: its ranges
    /// ([`LawSearch::ranges`]), or for a family whose elements change
    /// order past the fitting range the ranges as given.
    pub fn ranges_written(&self, member: &Member) -> (String, String) {
        if member.space.two_parameters() {
            let (f, v) = (self.spec.fit, self.spec.validate);
            return (
                plane::region(member, f).join(", "),
                plane::region(member, v).join(", "),
            );
        }
        let (fit, validate) = if member.late(self.spec.fit).is_some() {
            (self.spec.fit, self.spec.validate)
        } else {
            self.ranges(member)
        };
        (format!("a={fit}"), format!("a={validate}"))
    }

    /// The fitting and validation ranges of a family: from its first
    /// valid member on.
    pub fn ranges(&self, member: &Member) -> (Span, Span) {
        let (f, v) = (self.spec.fit, self.spec.validate);
        let fit = Span { lo: f.lo.max(member.start), hi: f.hi };
        let validate = Span { lo: v.lo.max(member.start), hi: v.hi };
        (fit, validate)
    }

    /// The ranges swept for a family: its fitting and validation ranges,
    /// as one range when they meet, else both (never the rows between).
    fn swept(&self, member: &Member) -> Vec<Span> {
        let (f, v) = self.ranges(member);
        if v.lo <= f.hi.saturating_add(1) && f.lo <= v.hi.saturating_add(1) {
            vec![Span { lo: f.lo.min(v.lo), hi: f.hi.max(v.hi) }]
        } else {
            let mut both = vec![f, v];
            both.sort_by_key(|s| s.lo);
            both
        }
    }

    /// The family's rows on its ranges as the fitter reads them, one list
    /// per key (in the order of the keys), sorted by `a`: each batch of
    /// the sweep is converted as it arrives, so no row's set is kept.
    /// `None` when the sweep was cut short (cancel flag or deadline).
    fn sweep(
        &self,
        member: &Member,
        options: &RunOptions,
        deadline: Option<Instant>,
    ) -> Result<Option<Vec<Vec<SweepRow>>>> {
        let keys = &self.spec.keys;
        let mut rows: Vec<Vec<SweepRow>> = vec![Vec::new(); keys.len()];
        // A two-parameter family: its validation region, which holds the
        // fitting one, without the members that are sets of two elements.
        let plane = Plane::of(member);
        let regions: Vec<Vec<String>> = if member.space.two_parameters() {
            vec![plane::region(member, self.spec.validate)]
        } else {
            self.swept(member).iter().map(|s| vec![format!("a={s}")]).collect()
        };
        for params in regions {
            let family = Family::template(&member.template(), &params)?;
            let mut push = |batch: Vec<Row>| {
                for r in batch {
                    if let (Some(p), [a, b]) = (plane, r.params.as_slice())
                        && p.degenerate(*a, *b)
                    {
                        continue;
                    }
                    for (k, key) in keys.iter().enumerate() {
                        rows[k].push(SweepRow {
                            params: r.params.clone(),
                            found: r.result.found().map(|f| f.get(key.name())),
                        });
                    }
                }
            };
            if !sweep_one(&family, options, deadline, &mut push)? {
                return Ok(None);
            }
        }
        for list in &mut rows {
            list.sort_by(|x, y| x.params.cmp(&y.params));
        }
        Ok(Some(rows))
    }

    /// The fit of `key` on the family's fitting rows, validated on its
    /// held-out rows: the rows of the validation range that were not
    /// fitted (`rows` holds both ranges, sorted).
    fn key_law(
        &self,
        member: &Member,
        key: Key,
        rows: Vec<SweepRow>,
    ) -> KeyLaw {
        let (fit_range, validate_range) = self.ranges(member);
        let names = member.params();
        let template = member.template();
        let two = member.space.two_parameters();
        // One parameter: the rows of the two ranges of a. Two: the rows
        // swept are the validation region; those of the fitting region
        // are fitted.
        let fitted_row = |p: &[i64]| match p {
            [a, b] if two => plane::in_region(member, self.spec.fit, *a, *b),
            _ => fit_range.contains(p[0]),
        };
        let validated_row = |p: &[i64]| two || validate_range.contains(p[0]);
        let (fitted, held): (Vec<SweepRow>, Vec<SweepRow>) =
            rows.into_iter().partition(|r| fitted_row(&r.params));
        let validated: Vec<SweepRow> = fitted
            .iter()
            .filter(|r| validated_row(&r.params))
            .cloned()
            .chain(held.into_iter().filter(|r| validated_row(&r.params)))
            .collect();
        let nfitted = fitted.len();
        let tables = FitTable::from_sweep(names.clone(), key, fitted)
            .and_then(|t| {
                Ok((FitTable::from_sweep(names, key, validated)?, t))
            });
        let (further, table) = match tables {
            Ok(t) => t,
            Err(e) => return unfit(member, key, nfitted, e.to_string()),
        };
        let fit = match grundy_fit::fit(&table, &self.spec.options) {
            Ok(fit) => fit,
            Err(e) => return unfit(member, key, nfitted, e.to_string()),
        };
        let held = table.rows_beyond(&further);
        let validation = fit.validate(&held);
        let checked: Vec<&FitRow> =
            held.iter().filter(|r| r.value.is_some()).collect();
        let mut report = fit.report(&template);
        let mut validated = validation.report(&region(&checked));
        let guard = Plane::of(member)
            .and_then(|p| p.guard(member.start, self.spec.validate));
        let (verdict, reason) = match fit.verdict() {
            FitVerdict::NoSimpleLaw(why) => {
                validated.wrong.truncate(WRONG_SHOWN);
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
            FitVerdict::Law => {
                match thin(held.len(), &checked, fit_range, validate_range) {
                    Some(why) => (LawVerdict::Unvalidated, Some(why)),
                    None => (LawVerdict::Law, None),
                }
            }
        };
        report.validated = Some(validated);
        KeyLaw {
            verdict,
            reason,
            shape: shape(fit.pieces()),
            check: checks(&fit, key, guard.as_deref()),
            latex: fit.latex_formula(),
            skipped: validation.skipped,
            fit: report,
        }
    }
}

/// Sweeps `family`, pushing its batches, stopped by the caller's cancel
/// flag or `deadline`: false when it was cut short.
fn sweep_one(
    family: &Family,
    options: &RunOptions,
    deadline: Option<Instant>,
    push: &mut dyn FnMut(Vec<Row>),
) -> Result<bool> {
    let Some(deadline) = deadline else {
        // The caller's flag stops the sweep's workers directly.
        run(family, &|_| true, options, push)?;
        return Ok(!options.cancel.load(Ordering::Relaxed));
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
                if now >= deadline || options.cancel.load(Ordering::Relaxed) {
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
        let r = run(family, &|_| true, &swept, push);
        drop(done);
        r
    });
    result?;
    Ok(!flag.load(Ordering::Relaxed))
}

/// The record of a key that was not fitted, with the reason.
fn unfit(member: &Member, key: Key, rows: usize, reason: String) -> KeyLaw {
    KeyLaw {
        verdict: LawVerdict::Unfit,
        reason: Some(reason),
        shape: None,
        check: Vec::new(),
        latex: None,
        skipped: 0,
        fit: grundy_fit::Report {
            family: member.template(),
            key: key.name().to_string(),
            params: member.params(),
            rows,
            pieces: Vec::new(),
            exceptions: Vec::new(),
            validated: None,
            from: None,
        },
    }
}

/// Why a law right on every checked held-out row is still not validated:
/// fewer than [`MIN_CHECKED`] of the `held` rows were checked, or the
/// checked rows stop short of the top tenth of the held-out range above
/// `fit` (to the top of `validate`). `None` when neither.
fn thin(
    held: usize,
    checked: &[&FitRow],
    fit: Span,
    validate: Span,
) -> Option<String> {
    let (num, den) = MIN_CHECKED;
    if checked.len() * den < held * num {
        return Some(format!(
            "only {} of {held} held-out rows have a value (not found within the budget: the rest); at least {num} in {den} must",
            checked.len()
        ));
    }
    let reach = validate.hi - (validate.hi - fit.hi.max(validate.lo - 1)) / 10;
    // The last parameter (a, or b of two) is the one that reaches the
    // top of the range.
    let name = if checked.first()?.params.len() == 2 { "b" } else { "a" };
    let top = checked.iter().filter_map(|r| r.params.last().copied()).max()?;
    if top < reach {
        return Some(format!(
            "the held-out rows with a value stop at {name}={top}; they must reach {name}={reach}, near the top of the validation range ({name}={})",
            validate.hi
        ));
    }
    None
}

/// The `grundy sweep --check` expressions that re-check a law on every
/// row of its ranges, exceptions included: one per piece, true on the
/// fitting range's exceptions (`a != 1 && ...` guards the formula), and
/// one that checks the exceptions' own values (`period == if(a == 1, 2,
/// period)`). Each passes exactly where the law and its listed
/// exceptions hold (rows without a value are skipped by `--check`).
///
/// `skip`, the condition that leaves out the members of a two-parameter
/// family that are sets of two elements ([`Plane::guard`]), guards every
/// piece too.
fn checks(fit: &Fit, key: Key, skip: Option<&str>) -> Vec<String> {
    let pieces = fit.pieces();
    let exceptions = fit.exceptions();
    if pieces.is_empty() || (exceptions.is_empty() && skip.is_none()) {
        return pieces.iter().map(|p| p.check(key)).collect();
    }
    let names = fit.params();
    // `a == 3`, or `a == 3 && b == 5`; its negation `a != 3`, or `(a !=
    // 3 || b != 5)`.
    let is = |params: &[i64]| -> String {
        let each: Vec<String> = names
            .iter()
            .zip(params)
            .map(|(n, v)| format!("{n} == {v}"))
            .collect();
        each.join(" && ")
    };
    let is_not = |params: &[i64]| -> String {
        let each: Vec<String> = names
            .iter()
            .zip(params)
            .map(|(n, v)| format!("{n} != {v}"))
            .collect();
        if each.len() == 1 {
            each[0].clone()
        } else {
            format!("({})", each.join(" || "))
        }
    };
    let guard: Vec<String> = skip
        .map(str::to_string)
        .into_iter()
        .chain(exceptions.iter().map(|r| is_not(&r.params)))
        .collect();
    let guard = guard.join(" && ");
    let mut out: Vec<String> = pieces
        .iter()
        .map(|p| {
            let when = if p.when() == "true" {
                guard.clone()
            } else {
                format!("{guard} && ({})", p.when())
            };
            format!("{key} == if({when}, {}, {key})", p.formula())
        })
        .collect();
    let valued: Vec<(&[i64], i64)> = exceptions
        .iter()
        .filter_map(|r| r.value.map(|v| (r.params.as_slice(), v)))
        .collect();
    if !valued.is_empty() {
        let mut e = key.to_string();
        for (params, v) in valued.iter().rev() {
            e = format!("if({}, {v}, {e})", is(params));
        }
        out.push(format!("{key} == {e}"));
    }
    out
}

/// The region of the checked held-out rows (those with a value):
/// `a=61..400`, or runs joined by `, ` (rows on both sides of the
/// fitting range, or rows without a value between them).
///
/// For two parameters, the extent of the rows: `a=1..59, b=21..60, b/a
/// up to 60` (the least and greatest `a` and `b`, and the greatest ratio
/// `b/a`, to two decimals).
fn region(rows: &[&FitRow]) -> String {
    if rows.first().is_some_and(|r| r.params.len() == 2) {
        let (mut a0, mut a1, mut b0, mut b1) =
            (i64::MAX, i64::MIN, i64::MAX, i64::MIN);
        let mut ratio = 0.0_f64;
        for r in rows {
            let (a, b) = (r.params[0], r.params[1]);
            (a0, a1, b0, b1) = (a0.min(a), a1.max(a), b0.min(b), b1.max(b));
            ratio = ratio.max(b as f64 / a as f64);
        }
        let ratio = format!("{ratio:.2}");
        let ratio = ratio.trim_end_matches('0').trim_end_matches('.');
        return format!("a={a0}..{a1}, b={b0}..{b1}, b/a up to {ratio}");
    }
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
/// by a % 4, constant and linear`; `3 pieces by range, linear`; `2
/// pieces by value, linear` (`a == 3`, `a != 3`: not a range).
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
            let whens: Vec<&str> = pieces.iter().map(|p| p.when()).collect();
            let (range, value) = compared(&whens);
            let by = match (residues.is_empty(), range, value) {
                (false, true, _) => format!("{residues} and range"),
                (false, false, true) => format!("{residues} and value"),
                (false, false, false) => residues,
                (true, true, _) => "range".to_string(),
                (true, false, _) => "value".to_string(),
            };
            Some(format!("{} pieces by {by}, {degrees}", pieces.len()))
        }
    }
}

/// Whether conditions compare `a` without a residue by range (`a >= 5`,
/// `a < 3`) and, if not, by single values (`a == 3`, `a != 3`).
fn compared(whens: &[&str]) -> (bool, bool) {
    let plain = |ops: &[char]| {
        whens.iter().any(|w| {
            w.split(['&', '|']).any(|c| !c.contains('%') && c.contains(ops))
        })
    };
    let range = plain(&['<', '>']);
    (range, !range && plain(&['=']))
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
        s.key_law(&member, Key::Period, sweep_rows(&rows(not_found, wrong)))
    }

    fn sweep_rows(rows: &[Row]) -> Vec<SweepRow> {
        rows.iter()
            .map(|r| SweepRow {
                params: r.params.clone(),
                found: r.result.found().map(|f| f.get("period")),
            })
            .collect()
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

        // A few held-out rows without a value: skipped, not counted, and
        // left out of the region.
        let l = law(&[20, 21], &[]);
        let v = l.fit.validated.as_ref().unwrap();
        assert_eq!(
            (l.verdict, l.skipped, v.rows, v.correct, v.range.as_str()),
            (LawVerdict::Law, 2, 26, 26, "a=13..19, a=22..40")
        );

        // The checked rows stop short of the top of --validate: not
        // validated, whatever the share (17 of 28 here).
        let late: Vec<i64> = (30..=40).collect();
        let l = law(&late, &[]);
        let v = l.fit.validated.as_ref().unwrap();
        assert_eq!(
            (l.verdict, l.skipped, v.rows, v.correct, v.range.as_str()),
            (LawVerdict::Unvalidated, 11, 17, 17, "a=13..29")
        );
        assert_eq!(
            l.reason.as_deref(),
            Some(
                "the held-out rows with a value stop at a=29; they must reach a=38, near the top of the validation range (a=40)"
            )
        );

        // One held-out row right, the rest without a value: not a law.
        let most: Vec<i64> = (13..=39).collect();
        let l = law(&most, &[]);
        let v = l.fit.validated.as_ref().unwrap();
        assert_eq!(
            (l.verdict, v.rows, v.range.as_str()),
            (LawVerdict::Unvalidated, 1, "a=40..40")
        );
        assert!(
            l.reason
                .as_deref()
                .unwrap()
                .starts_with("only 1 of 28 held-out rows"),
            "{:?}",
            l.reason
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

    /// Finding: `a != 3` is a single value, not a range.
    #[test]
    fn conditions_compare_ranges_or_values() {
        assert_eq!(compared(&["a != 3", "a == 3"]), (false, true));
        assert_eq!(compared(&["a >= 5", "a < 5"]), (true, false));
        assert_eq!(compared(&["a % 2 == 0", "a % 2 != 0"]), (false, false));
        assert_eq!(compared(&["a % 2 == 0 && a != 3", "true"]), (false, true));
        assert_eq!(
            compared(&["a % 2 == 0 || a <= 7", "a == 9"]),
            (true, false)
        );
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
        let refs: Vec<&FitRow> = rows.iter().collect();
        assert_eq!(region(&refs), "a=61..400");
        let rows: Vec<FitRow> = (1..=3).chain(11..=20).map(row).collect();
        let refs: Vec<&FitRow> = rows.iter().collect();
        assert_eq!(region(&refs), "a=1..3, a=11..20");
        assert_eq!(region(&[]), "");
    }

    fn spec(fit: Span, validate: Span) -> LawSpec {
        LawSpec {
            spaces: vec!["linear:3".parse().unwrap()],
            coefficients: Span { lo: 2, hi: 3 },
            shifts: Span { lo: 1, hi: 1 },
            fit,
            validate,
            keys: vec![Key::Period],
            options: Options::default(),
        }
    }

    /// Finding: with --fit 1..20 --validate 60..80 the rows between the
    /// ranges are neither swept nor held out.
    #[test]
    fn only_rows_of_the_two_ranges_are_held_out() {
        let s = LawSearch::new(spec(
            Span { lo: 1, hi: 20 },
            Span { lo: 60, hi: 80 },
        ))
        .unwrap();
        let member = s.families().next().unwrap().clone();
        assert_eq!(
            s.swept(&member),
            [Span { lo: 1, hi: 20 }, Span { lo: 60, hi: 80 }]
        );
        // Rows on 1..80 given: only 60..80 are held out.
        let all: Vec<Row> = rows(&[], &[])
            .into_iter()
            .chain((41..=80).map(|a| {
                let mut r = rows(&[], &[]).remove(0);
                r.params = vec![a];
                if let Evaluation::Found(f) = &mut r.result {
                    f.period = (4 * a * a + 3 * a) as u64;
                }
                r
            }))
            .collect();
        let l = s.key_law(&member, Key::Period, sweep_rows(&all));
        let v = l.fit.validated.as_ref().unwrap();
        assert_eq!((v.rows, v.range.as_str()), (21, "a=60..80"));
        assert_eq!(l.verdict, LawVerdict::Law);
        let options = RunOptions { jobs: 1, ..RunOptions::default() };
        let mut records = Vec::new();
        s.run(&options, None, &mut |r| records.push(r)).unwrap();
        assert_eq!(records[0].validate, "a=60..80");
        let v = records[0].laws[0].fit.validated.as_ref().unwrap();
        assert_eq!(v.range, "a=60..80");
        // The meeting ranges are swept as one.
        let s = LawSearch::new(spec(
            Span { lo: 1, hi: 20 },
            Span { lo: 21, hi: 40 },
        ))
        .unwrap();
        assert_eq!(s.swept(&member), [Span { lo: 1, hi: 40 }]);
    }

    /// Findings: a validation range short of twice the top of --fit, and
    /// elements past the largest element of a set, are refused, each
    /// naming its input.
    #[test]
    fn refusals_name_their_input() {
        let e = LawSearch::new(spec(
            Span { lo: 1, hi: 20 },
            Span { lo: 1, hi: 21 },
        ))
        .unwrap_err();
        assert_eq!(e.input(), Some(LawInput::Validate));
        assert!(
            e.message().starts_with(
                "the validation range 1..21 does not reach twice the top of the fitting range 1..20 (a=40)"
            ),
            "{e}"
        );
        // 3a + 1 at a = 4,000,000 is past 10,000,000.
        let e = LawSearch::new(spec(
            Span { lo: 1, hi: 20 },
            Span { lo: 1, hi: 4_000_000 },
        ))
        .unwrap_err();
        assert_eq!(e.input(), Some(LawInput::Validate));
        assert_eq!(e.kind(), ErrorKind::TooLarge);
        assert!(
            e.message().starts_with(
                "the element 3*a+1 of a,2*a+1,3*a+1 is 12000001 at a=4000000, past 10000000"
            ),
            "{e}"
        );
        assert!(e.message().contains("to a=3333333 at most"), "{e}");
        assert!(
            LawSearch::new(spec(
                Span { lo: 1, hi: 20 },
                Span { lo: 1, hi: 3_333_333 }
            ))
            .is_ok()
        );
        let e = LawSearch::new(LawSpec {
            coefficients: Span { lo: 0, hi: 3 },
            ..spec(Span { lo: 1, hi: 20 }, Span { lo: 1, hi: 40 })
        })
        .unwrap_err();
        assert_eq!(e.input(), Some(LawInput::Coefficients));
        let e = LawSearch::new(LawSpec {
            keys: Vec::new(),
            ..spec(Span { lo: 1, hi: 20 }, Span { lo: 1, hi: 40 })
        })
        .unwrap_err();
        assert_eq!(e.input(), Some(LawInput::Keys));
    }

    /// A two-parameter law with an exception at (a, b) = (3, 5) and the
    /// members of {a, b, 2a} with b = 2a (sets of two elements) left
    /// out: its checks skip those members by the guard, hold on every
    /// other row with the exception's own value, and fail where either
    /// is broken.
    #[test]
    fn two_parameter_checks_guard_the_degenerate_members() {
        let s = LawSearch::new(LawSpec {
            spaces: vec!["linear2:3".parse().unwrap()],
            coefficients: Span { lo: 0, hi: 2 },
            shifts: Span { lo: 0, hi: 0 },
            fit: Span { lo: 1, hi: 12 },
            validate: Span { lo: 1, hi: 48 },
            keys: vec![Key::Period],
            options: Options::default(),
        })
        .unwrap();
        let member =
            s.families().find(|m| m.template() == "a,b,2*a").unwrap().clone();
        assert_eq!(
            s.ranges_written(&member),
            ("a=1..11, b=a+1..12".into(), "a=1..47, b=a+1..48".into())
        );
        let value = |a: i64, b: i64| if (a, b) == (3, 5) { 99 } else { a + b };
        let row = |a: i64, b: i64, v: u64| {
            let mut r = rows(&[], &[]).remove(0);
            r.params = vec![a, b];
            if let Evaluation::Found(f) = &mut r.result {
                f.period = v;
            }
            r
        };
        let all: Vec<Row> = (1..=47)
            .flat_map(|a| (a + 1..=48).map(move |b| (a, b)))
            .filter(|&(a, b)| b != 2 * a)
            .map(|(a, b)| row(a, b, value(a, b) as u64))
            .collect();
        let l = s.key_law(&member, Key::Period, sweep_rows(&all));
        assert_eq!(l.verdict, LawVerdict::Law, "{l:?}");
        assert_eq!(
            l.check,
            [
                "period == if(2*a != b && (a != 3 || b != 5), a + b, period)",
                "period == if(a == 3 && b == 5, 99, period)"
            ]
        );
        let v = l.fit.validated.as_ref().unwrap();
        assert_eq!(v.range, "a=1..47, b=13..48, b/a up to 48");
        let names = ["a", "b"];
        let checks: Vec<crate::Check> = l
            .check
            .iter()
            .map(|c| crate::Check::parse(c, &names).unwrap())
            .collect();
        let passes = |r: &Row| {
            checks.iter().all(|c| c.verdict(&names, r) == crate::Verdict::Pass)
        };
        assert!(all.iter().all(passes));
        // The member {2, 4} (b = 2a) is skipped, whatever its period.
        assert!(passes(&row(2, 4, 1)));
        assert!(!passes(&row(3, 5, 8)));
        assert!(!passes(&row(4, 7, 12)));
    }

    /// Finding: a law with an exception in the fitting range is
    /// re-checked by expressions that pass on the exception (with its
    /// own value) and on every other row, and fail where either is
    /// broken.
    #[test]
    fn checks_hold_exactly_with_the_exceptions() {
        let s = LawSearch::new(spec(
            Span { lo: 1, hi: 30 },
            Span { lo: 1, hi: 60 },
        ))
        .unwrap();
        let member = s.families().next().unwrap().clone();
        let period = |a: i64| (4 * a * a + 3 * a) as u64;
        let row = |a: i64, p: u64| {
            let mut r = rows(&[], &[]).remove(0);
            r.params = vec![a];
            if let Evaluation::Found(f) = &mut r.result {
                f.period = p;
            }
            r
        };
        let all: Vec<Row> = (1..=60)
            .map(|a| row(a, if a == 7 { 5 } else { period(a) }))
            .collect();
        let l = s.key_law(&member, Key::Period, sweep_rows(&all));
        assert_eq!(l.verdict, LawVerdict::Law, "{l:?}");
        assert_eq!(
            l.check,
            [
                "period == if(a != 7, 4*a*a + 3*a, period)",
                "period == if(a == 7, 5, period)"
            ]
        );
        let checks: Vec<crate::Check> = l
            .check
            .iter()
            .map(|c| crate::Check::parse(c, &["a"]).unwrap())
            .collect();
        let passes = |r: &Row| {
            checks.iter().all(|c| c.verdict(&["a"], r) == crate::Verdict::Pass)
        };
        assert!(all.iter().all(passes));
        assert!(!passes(&row(7, period(7))));
        assert!(!passes(&row(8, 5)));
    }
}
