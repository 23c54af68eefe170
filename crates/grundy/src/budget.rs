//! The one budget every long computation runs under.
//!
//! A period search can run for minutes, a misère search can fill memory,
//! and a front end may want to stop either (a timeout, Ctrl-C, a client
//! that hung up). [`Budget`] says how far a computation may go: a number
//! of work units (positions, or run segments for the run-length engine),
//! a number of stored states (exact searches over sums), a number of
//! splits (the octal engine's unit of cost), a deadline and a cancel
//! flag; an optional observer hears how far it got. When a budget runs
//! out the computation stops with [`Stopped`]: which limit, in which
//! unit, and how far it got. The library never words a hint such as
//! "raise --max-positions": each front end knows its own flags.
//!
//! A search whose engine keeps statistics (the octal engine) attaches a
//! [`Survey`] of what it had seen when it stopped.
//!
//! This module is a leaf beside `survey.rs` (the one type it names).

use std::fmt;
use std::sync::Arc;
use std::sync::atomic::{AtomicBool, Ordering};
use std::time::{Duration, Instant};

use crate::survey::Survey;

/// The default number of positions (work units) a search may examine.
pub const DEFAULT_MAX_POSITIONS: u64 = 10_000_000_000;

/// The default for octal games, whose work unit is a heap: ten million
/// heaps take seconds to a minute and 20 MB (two bytes a heap), where
/// [`DEFAULT_MAX_POSITIONS`] would be hours and 20 GB.
pub const DEFAULT_OCTAL_HEAPS: u64 = 10_000_000;

/// The default number of splits an octal period search may examine:
/// 25 to 45 seconds (a split costs 0.3 to 1 ns on the machine of
/// `BENCHMARKS.md`). A heap count alone does not bound the time of games
/// whose values keep growing, where a heap of n tokens costs about n
/// splits: 0.06 needs 15 * 10^9 splits for 200,000 heaps and 62 * 10^9 for
/// 400,000. Officers (0.6) to [`DEFAULT_OCTAL_HEAPS`] takes 43 * 10^9, so
/// games that cost little per heap still stop at the heap count.
pub const DEFAULT_MAX_SPLITS: u64 = 50_000_000_000;

/// The default memory a period search may keep to examine fewer positions
/// (the values it generated): 256 MiB.
pub const DEFAULT_MAX_MEMORY: u64 = 1 << 28;

/// The default number of positions an exact search over sums may store.
pub const DEFAULT_MAX_STATES: u64 = 2_000_000;

/// The default work of a misère quotient search (`grundy quotient`,
/// `grundy.quotient`), in positions: the options listed, the games its
/// N-checks examine, the elements of each trial monoid and each
/// recalibration tried. A quotient that keeps growing stops within a
/// few seconds (release build, machine of `BENCHMARKS.md`: Dawson's
/// Kayles 0.07 at heap 31 in 1.7 s, 0.3122 at heap 7 in 2.8 s, 350,000
/// to 600,000 positions a second), while every finite quotient of the
/// tests needs far less (Kayles, certified at heap 167: 0.02 s).
pub const DEFAULT_QUOTIENT_POSITIONS: u64 = 1_000_000;

/// How often (in work units) a position search checks its budget.
pub(crate) const CHECK_EVERY: u64 = 1 << 22;

/// Receives progress: the work units done so far, now and then.
pub type Observer = Arc<dyn Fn(u64) + Send + Sync>;

/// Limits for one computation, and who to tell about its progress.
///
/// ```
/// use grundy::Budget;
/// let budget = Budget { max_positions: 1_000_000, ..Budget::default() };
/// assert_eq!(budget.max_states, grundy::DEFAULT_MAX_STATES);
/// ```
#[derive(Clone)]
pub struct Budget {
    /// Work units (positions, or run segments for the run-length engine)
    /// a search may examine, all its phases together.
    pub max_positions: u64,
    /// Positions an exact search over sums of heaps may store.
    pub max_states: u64,
    /// Splits (the pairs and triples of heaps whose values an octal engine
    /// combines, its unit of cost) a period search of a take-and-break
    /// game may examine, besides `max_positions` heaps: whichever runs out
    /// first stops it. `u64::MAX` lets the heap count alone decide. Only
    /// period searches count splits (also the one the value of a heap
    /// above 4096 tokens starts with); listing the values up to a given
    /// heap does not.
    pub max_splits: u64,
    /// Threads a computation may use: the octal engine of a period
    /// search or of a long listing of values (`grundy period`, `grundy
    /// values`) uses a second one for step 3 where that helps (Officers,
    /// Grundy's game); every other computation, and the short listings
    /// inside other answers, use one or the default. 0, the default,
    /// stands for [`default_threads`], asked of the operating system only
    /// by the engines that can take a second thread ([`Budget::threads`];
    /// a search over a subtraction set never asks). Until November 2026, 0
    /// meant 1. Callers that already run one computation a core (`grundy
    /// sweep`'s workers) give 1. The answers do not depend on it.
    pub max_threads: usize,
    /// Bytes a period search of a finite set may keep (the values or runs
    /// it generated) so that it stops within about 1.3 times the positions
    /// any proof of its period needs; past them it goes on keeping O(max S)
    /// and may examine up to three times more. The default is
    /// [`DEFAULT_MAX_MEMORY`]; callers that run a search a core (`grundy
    /// sweep`'s workers, the web explorer's requests) give less. The
    /// answers do not depend on it.
    pub max_memory: u64,
    /// Give up at this instant.
    pub deadline: Option<Instant>,
    /// Give up when this flag becomes true (Ctrl-C, a closed connection).
    pub cancel: Option<Arc<AtomicBool>>,
    /// Told the work done so far, now and then.
    pub observer: Option<Observer>,
}

impl Default for Budget {
    fn default() -> Budget {
        Budget {
            max_positions: DEFAULT_MAX_POSITIONS,
            max_states: DEFAULT_MAX_STATES,
            max_splits: DEFAULT_MAX_SPLITS,
            max_threads: 0,
            max_memory: DEFAULT_MAX_MEMORY,
            deadline: None,
            cancel: None,
            observer: None,
        }
    }
}

/// The threads a computation uses by default: 2 on a machine with two
/// cores or more (the most any engine uses), else 1. Asked of the
/// operating system once.
pub fn default_threads() -> usize {
    static THREADS: std::sync::OnceLock<usize> = std::sync::OnceLock::new();
    *THREADS.get_or_init(|| {
        std::thread::available_parallelism().map_or(1, |n| n.get().min(2))
    })
}

impl fmt::Debug for Budget {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_struct("Budget")
            .field("max_positions", &self.max_positions)
            .field("max_states", &self.max_states)
            .field("max_splits", &self.max_splits)
            .field("max_threads", &self.max_threads)
            .field("max_memory", &self.max_memory)
            .field("deadline", &self.deadline)
            .field("cancel", &self.cancel)
            .field("observer", &self.observer.as_ref().map(|_| "Fn(u64)"))
            .finish()
    }
}

impl Budget {
    /// A budget of `max_positions` work units and the defaults otherwise
    /// (so an octal search also stops at [`DEFAULT_MAX_SPLITS`] splits;
    /// [`Budget::heaps`] has no split limit).
    ///
    /// ```
    /// assert_eq!(grundy::Budget::positions(5).max_positions, 5);
    /// ```
    pub fn positions(max_positions: u64) -> Budget {
        Budget { max_positions, ..Budget::default() }
    }

    /// The work limits a front end gives a computation whose caller set
    /// `max_positions`, a time limit (`timed`), both or neither: a
    /// take-and-break game (`octal`) gets [`DEFAULT_OCTAL_HEAPS`] heaps
    /// unless `max_positions` is given, and [`DEFAULT_MAX_SPLITS`] splits
    /// unless either is given (the split limit stands in for a time
    /// limit; a heap count or a time limit given replaces it). The
    /// command and the Python package share this one rule.
    ///
    /// ```
    /// use grundy::{Budget, DEFAULT_MAX_SPLITS, DEFAULT_OCTAL_HEAPS};
    /// let b = Budget::defaults(true, None, false);
    /// assert_eq!((b.max_positions, b.max_splits), (DEFAULT_OCTAL_HEAPS, DEFAULT_MAX_SPLITS));
    /// let b = Budget::defaults(true, None, true);
    /// assert_eq!((b.max_positions, b.max_splits), (DEFAULT_OCTAL_HEAPS, u64::MAX));
    /// let b = Budget::defaults(true, Some(400_000), false);
    /// assert_eq!((b.max_positions, b.max_splits), (400_000, u64::MAX));
    /// let b = Budget::defaults(false, None, false);
    /// assert_eq!(b.max_positions, grundy::DEFAULT_MAX_POSITIONS);
    /// ```
    pub fn defaults(
        octal: bool,
        max_positions: Option<u64>,
        timed: bool,
    ) -> Budget {
        let heaps =
            if octal { DEFAULT_OCTAL_HEAPS } else { DEFAULT_MAX_POSITIONS };
        Budget {
            max_positions: max_positions.unwrap_or(heaps),
            max_splits: match (max_positions, timed) {
                (None, false) => DEFAULT_MAX_SPLITS,
                _ => u64::MAX,
            },
            ..Budget::default()
        }
    }

    /// The budget of a misère quotient search whose caller set
    /// `max_positions`, a time limit (`timed`), both or neither:
    /// `max_positions` if given, else no work limit when timed (the time
    /// limit replaces the default, which stands in for one), else
    /// [`DEFAULT_QUOTIENT_POSITIONS`]. The command and the Python package
    /// share this one rule.
    ///
    /// ```
    /// use grundy::{Budget, DEFAULT_QUOTIENT_POSITIONS};
    /// assert_eq!(Budget::quotient(None, false).max_positions, DEFAULT_QUOTIENT_POSITIONS);
    /// assert_eq!(Budget::quotient(None, true).max_positions, u64::MAX);
    /// assert_eq!(Budget::quotient(Some(500), true).max_positions, 500);
    /// ```
    pub fn quotient(max_positions: Option<u64>, timed: bool) -> Budget {
        let max_positions = match (max_positions, timed) {
            (Some(n), _) => n,
            (None, true) => u64::MAX,
            (None, false) => DEFAULT_QUOTIENT_POSITIONS,
        };
        Budget { max_positions, ..Budget::default() }
    }

    /// A budget of `max_heaps` work units with no split limit: an octal
    /// search then computes that many heaps whatever they cost (what the
    /// command's explicit `--max-positions` means).
    ///
    /// ```
    /// let budget = grundy::Budget::heaps(1000);
    /// assert_eq!((budget.max_positions, budget.max_splits), (1000, u64::MAX));
    /// ```
    pub fn heaps(max_heaps: u64) -> Budget {
        Budget {
            max_positions: max_heaps,
            max_splits: u64::MAX,
            ..Budget::default()
        }
    }

    /// Why the computation must stop now, apart from the work count:
    /// the deadline passed or the caller cancelled. For loops of a front
    /// end that run outside the library's own checks.
    ///
    /// ```
    /// use grundy::{Budget, StopReason};
    /// let past = Budget { deadline: Some(std::time::Instant::now()), ..Budget::default() };
    /// assert_eq!(past.interrupted(), Some(StopReason::Time));
    /// assert_eq!(Budget::default().interrupted(), None);
    /// ```
    pub fn interrupted(&self) -> Option<StopReason> {
        if self.deadline.is_some_and(|d| Instant::now() >= d) {
            Some(StopReason::Time)
        } else if self
            .cancel
            .as_ref()
            .is_some_and(|c| c.load(Ordering::Relaxed))
        {
            Some(StopReason::Cancelled)
        } else {
            None
        }
    }

    /// The threads a computation may use: [`Budget::max_threads`], or
    /// [`default_threads`] when that is 0.
    pub fn threads(&self) -> usize {
        match self.max_threads {
            0 => default_threads(),
            n => n,
        }
    }

    /// The limit on work counted in `unit`.
    pub fn limit(&self, unit: Unit) -> u64 {
        match unit {
            Unit::States => self.max_states,
            Unit::Splits => self.max_splits,
            Unit::Positions | Unit::Segments => self.max_positions,
        }
    }

    /// Checks the limits after `done` units of `unit` work.
    pub(crate) fn check(&self, done: u64, unit: Unit) -> Result<(), Stopped> {
        let limit = self.limit(unit);
        let reason = if done > limit {
            match unit {
                Unit::States => StopReason::States,
                Unit::Splits => StopReason::Splits,
                Unit::Positions | Unit::Segments => StopReason::Positions,
            }
        } else if let Some(reason) = self.interrupted() {
            reason
        } else {
            return Ok(());
        };
        Err(Stopped { reason, done, limit, unit, seen: None })
    }

    pub(crate) fn report(&self, done: u64) {
        if let Some(observer) = &self.observer {
            observer(done);
        }
    }
}

/// A time limit as every front end reads it (`--timeout`, `timeout=`, the
/// server's `--timeout`): a positive, finite number of seconds, one too
/// long for a `Duration` meaning no limit (`Ok(None)`). Zero, negative,
/// NaN and infinite limits are refused; the front end words the refusal
/// with the name of its own flag.
///
/// ```
/// use std::time::Duration;
/// assert_eq!(grundy::time_limit(1.5), Ok(Some(Duration::from_millis(1500))));
/// assert_eq!(grundy::time_limit(1e30), Ok(None));
/// assert!(grundy::time_limit(0.0).is_err() && grundy::time_limit(f64::NAN).is_err());
/// assert!(grundy::time_limit(f64::INFINITY).is_err());
/// ```
pub fn time_limit(seconds: f64) -> Result<Option<Duration>, NotATimeLimit> {
    if seconds.is_finite() && seconds > 0.0 {
        Ok(Duration::try_from_secs_f64(seconds).ok())
    } else {
        Err(NotATimeLimit)
    }
}

/// Why [`time_limit`] refused a number of seconds.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct NotATimeLimit;

impl fmt::Display for NotATimeLimit {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(
            "a time limit must be a positive, finite number of seconds",
        )
    }
}

impl std::error::Error for NotATimeLimit {}

/// The instant `after` from now, or `None` (no deadline) when it is past
/// what the clock represents: a limit of centuries means none, not a
/// panic.
///
/// ```
/// use std::time::Duration;
/// assert_eq!(grundy::deadline_after(Duration::MAX), None);
/// assert!(grundy::deadline_after(Duration::from_secs(1)).is_some());
/// ```
pub fn deadline_after(after: Duration) -> Option<Instant> {
    Instant::now().checked_add(after)
}

/// Which limit stopped a computation.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
#[cfg_attr(feature = "serde", derive(serde::Serialize))]
#[cfg_attr(feature = "serde", serde(rename_all = "lowercase"))]
pub enum StopReason {
    /// The work budget ([`Budget::max_positions`]) ran out.
    Positions,
    /// The state budget ([`Budget::max_states`]) ran out.
    States,
    /// The split budget of an octal search ([`Budget::max_splits`]) ran
    /// out.
    Splits,
    /// The deadline passed.
    Time,
    /// The caller cancelled.
    Cancelled,
    /// A value does not fit the engine's value width (the octal engine
    /// stores values in 16 bits); `done` is the heap whose value it is.
    Width,
}

/// What a budget counts.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
#[cfg_attr(feature = "serde", derive(serde::Serialize))]
#[cfg_attr(feature = "serde", serde(rename_all = "lowercase"))]
pub enum Unit {
    /// Positions whose values were computed.
    Positions,
    /// Segments of the run-length engine (each stands for many positions).
    Segments,
    /// Positions stored by an exact search over sums.
    States,
    /// Splits examined by an octal engine (see [`Budget::max_splits`]).
    Splits,
}

impl Unit {
    /// The unit's name in plural, as messages use it.
    pub fn plural(self) -> &'static str {
        match self {
            Unit::Positions => "positions",
            Unit::Segments => "run segments",
            Unit::States => "positions",
            Unit::Splits => "splits",
        }
    }

    /// `count` of the unit in words: "1 position", "5 positions".
    ///
    /// ```
    /// use grundy::Unit;
    /// assert_eq!(Unit::Positions.count(1), "1 position");
    /// assert_eq!(Unit::Segments.count(1), "1 run segment");
    /// assert_eq!(Unit::States.count(0), "0 positions");
    /// ```
    pub fn count(self, count: u64) -> String {
        let plural = self.plural();
        match count {
            1 => format!("1 {}", plural.strip_suffix('s').unwrap_or(plural)),
            _ => format!("{count} {plural}"),
        }
    }
}

/// A computation stopped by its budget before it had an answer.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Stopped {
    /// Which limit stopped it.
    pub reason: StopReason,
    /// How far it got, in `unit`.
    pub done: u64,
    /// The limit on work of that unit that was in force.
    pub limit: u64,
    /// What `done` and `limit` count.
    pub unit: Unit,
    /// What the computation had seen when it stopped (frequencies, rare
    /// values), when its engine keeps such statistics.
    pub seen: Option<Arc<Survey>>,
}

impl Stopped {
    /// A stop without statistics.
    ///
    /// ```
    /// use grundy::{StopReason, Stopped, Unit};
    /// let s = Stopped::new(StopReason::Time, 10, 100, Unit::Positions);
    /// assert_eq!(s.to_string(), "stopped after 10 positions (the time limit passed)");
    /// ```
    pub fn new(reason: StopReason, done: u64, limit: u64, unit: Unit) -> Self {
        Stopped { reason, done, limit, unit, seen: None }
    }

    /// The same stop with `more` units of earlier work added.
    pub(crate) fn after(self, more: u64) -> Stopped {
        Stopped { done: self.done + more, ..self }
    }

    /// The same stop with what the computation had seen.
    pub(crate) fn with_survey(self, seen: Survey) -> Stopped {
        Stopped { seen: Some(Arc::new(seen)), ..self }
    }
}

impl fmt::Display for Stopped {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let why = match self.reason {
            StopReason::Positions
            | StopReason::States
            | StopReason::Splits => "the budget ran out",
            StopReason::Time => "the time limit passed",
            StopReason::Cancelled => "it was cancelled",
            StopReason::Width => "a value is too big for the value width",
        };
        write!(f, "stopped after {} ({why})", self.unit.count(self.done))
    }
}

impl std::error::Error for Stopped {}

/// Counts work, checks the budget now and then, and reports progress.
pub(crate) struct Meter<'a> {
    budget: &'a Budget,
    unit: Unit,
    /// Work done so far.
    pub(crate) done: u64,
    next_check: u64,
    every: u64,
    /// Effort since the last check, for work whose units cost more than
    /// one step each (see [`Meter::add_costly`]).
    effort: u64,
    /// Pattern words scanned so far, weighted (see
    /// [`Meter::add_scanned`]).
    scanned: u64,
    /// Candidate tests of FES steps so far (see [`Meter::add_tests`]).
    tested: u64,
}

/// What reading or moving one 64-position word of an FES pattern counts
/// for against a positions budget. Measured on the machine of
/// `BENCHMARKS.md`: a word of a pattern that stays in the core's cache (up
/// to [`CACHED_WORDS`]) costs about 0.6 ns, as little as a position of
/// the block engine, and counts as one position; a word of a longer
/// pattern costs about 6.5 ns (memory bound) and counts as eight. A step
/// reads a word or two where its first undetermined position lies and
/// now and then moves the pattern down (the patterns of a cycle search
/// compare by their hash), so these words are a small part of the work.
pub(crate) const POSITIONS_PER_WORD: [u64; 2] = [1, 8];

/// The longest pattern, in words, taken to stay in cache (256 KiB).
pub(crate) const CACHED_WORDS: u64 = 1 << 15;

/// How many candidate tests of an FES step (a bit or a run of X looked
/// up, 1 to 5 ns) count as one position: a step that tests a candidate
/// against many positions it has taken one by one (the taken positions of
/// `all-but:2,4,...,40000,40001` are all apart: 2 * 10^8 tests in its
/// first step) is stopped by a positions budget, not only by a deadline.
pub(crate) const TESTS_PER_POSITION: u64 = 64;

/// Effort (elementary steps) between two checks of the deadline and the
/// cancel flag: about a millisecond.
const EFFORT_EVERY: u64 = 1 << 20;

impl<'a> Meter<'a> {
    /// The budget this meter counts against.
    pub(crate) fn budget(&self) -> &'a Budget {
        self.budget
    }

    /// A meter of positions, checked every [`CHECK_EVERY`].
    pub(crate) fn new(budget: &'a Budget) -> Meter<'a> {
        Meter::every(budget, Unit::Positions, CHECK_EVERY)
    }

    /// The meter with `done` units already counted: work an earlier
    /// engine did on the same search.
    pub(crate) fn after(mut self, done: u64) -> Self {
        self.done = done;
        self
    }

    /// A meter of `unit` work that checks the budget every `every` units.
    pub(crate) fn every(budget: &'a Budget, unit: Unit, every: u64) -> Self {
        Meter {
            budget,
            unit,
            done: 0,
            next_check: 0,
            every,
            effort: 0,
            scanned: 0,
            tested: 0,
        }
    }

    /// Adds `count` units of work that took `effort` elementary steps: the
    /// budget is checked every [`CHECK_EVERY`] units as usual, and also
    /// whenever the effort since the last check passes [`EFFORT_EVERY`],
    /// so that units that each cost much (an FES step over a pattern of
    /// ten million positions) still stop promptly at the deadline.
    #[inline]
    pub(crate) fn add_costly(
        &mut self,
        count: usize,
        effort: u64,
    ) -> Result<(), Stopped> {
        self.done += count as u64;
        self.effort += effort;
        if self.done >= self.next_check || self.effort >= EFFORT_EVERY {
            return self.check_now();
        }
        Ok(())
    }

    /// The check of [`Meter::add_costly`], out of line: the callers are
    /// inner loops (an FES step of a few candidates costs tens of
    /// nanoseconds) that pass here once in thousands.
    #[cold]
    #[inline(never)]
    fn check_now(&mut self) -> Result<(), Stopped> {
        self.effort = 0;
        self.next_check = (self.done + self.every)
            .min(self.budget.limit(self.unit).saturating_add(1));
        self.budget.report(self.done);
        let spent = self.scanned + self.tested / TESTS_PER_POSITION;
        self.budget.check(self.done.max(spent), self.unit)
    }

    /// As [`Meter::add_costly`], for a step that also read or moved
    /// `words` words of a pattern (the FES boundary pattern of an all-but
    /// set is max(X) + 1 positions long, 64 to a word), `wide` when the
    /// pattern is longer than [`CACHED_WORDS`]. The budget counts the
    /// positions made final or [`POSITIONS_PER_WORD`] per word, whichever
    /// is more (with [`Meter::add_tests`]).
    #[inline]
    pub(crate) fn add_scanned(
        &mut self,
        count: usize,
        words: u64,
        wide: bool,
    ) -> Result<(), Stopped> {
        let per_word = POSITIONS_PER_WORD[usize::from(wide)];
        self.scanned += words.saturating_mul(per_word);
        self.add_costly(count, words)
    }

    /// `tests` candidate tests inside an FES step: they count as
    /// positions, [`TESTS_PER_POSITION`] to one, and the deadline and
    /// cancel flag are asked as they pass.
    #[inline]
    pub(crate) fn add_tests(&mut self, tests: u64) -> Result<(), Stopped> {
        self.tested += tests;
        self.add_costly(0, tests)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn work_budget_stops_past_the_limit() {
        let budget = Budget::positions(10);
        let mut meter = Meter::every(&budget, Unit::Positions, 4);
        assert!(meter.add_costly(10, 0).is_ok());
        let stop = meter.add_costly(1, 0).unwrap_err();
        assert_eq!(stop.reason, StopReason::Positions);
        assert_eq!((stop.done, stop.limit), (11, 10));
    }

    #[test]
    fn cancel_and_deadline_stop() {
        let flag = Arc::new(AtomicBool::new(true));
        let budget = Budget { cancel: Some(flag), ..Budget::default() };
        let stop = budget.check(0, Unit::Positions).unwrap_err();
        assert_eq!(stop.reason, StopReason::Cancelled);
        let budget =
            Budget { deadline: Some(Instant::now()), ..Budget::default() };
        let stop = budget.check(0, Unit::States).unwrap_err();
        assert_eq!(stop.reason, StopReason::Time);
    }

    #[test]
    fn observer_hears_progress() {
        let heard = Arc::new(std::sync::Mutex::new(Vec::new()));
        let sink = heard.clone();
        let budget = Budget {
            observer: Some(Arc::new(move |n| sink.lock().unwrap().push(n))),
            ..Budget::default()
        };
        let mut meter = Meter::every(&budget, Unit::Positions, 5);
        for _ in 0..12 {
            meter.add_costly(1, 0).unwrap();
        }
        assert_eq!(*heard.lock().unwrap(), [1, 6, 11]);
    }
}
