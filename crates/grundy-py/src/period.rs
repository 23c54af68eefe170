//! `grundy.period` and its result, `grundy.PeriodReport`.
//!
//! The result wraps the library's [`PeriodReport`] as it came back: an
//! immutable object whose attributes are the keys of `grundy period
//! --json` (`preperiod`, `period`, `saltus`, `outcome`, ..., `certificate`,
//! `certificate_text`, `seconds`), whose `to_dict()` is exactly that JSON
//! object (the same serde types serialise it), and which shows itself in
//! Jupyter as a table and the plot of `grundy plot` (`display.rs`). The
//! certificate's sentence is the library's ([`grundy::Certificate::explain`]),
//! never worded here.

use std::time::Instant;

use grundy::{
    DEFAULT_MAX_STATES, EngineChoice, PeriodOptions, PeriodReport, Play, Rules,
};
use pyo3::exceptions::{PyKeyboardInterrupt, PyValueError};
use pyo3::prelude::*;
use pyo3::types::PyDict;
use serde::Serialize;

use crate::call::{Limits, Progress, Watch, listing_limits, work_limits};
use crate::display::{self, py_str};
use crate::types;

/// The report and the wall-clock time of the call: the JSON object of
/// `grundy period --json` (its key `seconds` last).
#[derive(Serialize)]
struct Timed<'a> {
    #[serde(flatten)]
    report: &'a PeriodReport,
    seconds: f64,
}

/// The least pre-period and period of a rule set's sequence, with the
/// certificate that proves them (the answer of ``grundy period``).
///
/// Immutable. The attributes are the keys of ``grundy period --json``;
/// ``to_dict()`` gives that object. In Jupyter it shows as a table with
/// the plot of ``grundy plot``.
///
/// >>> import grundy
/// >>> r = grundy.period("2,3,5")
/// >>> (r.preperiod, r.period, r.outcome.period)
/// (0, 7, 7)
/// >>> r.certificate.window
/// 5
/// >>> r.certificate_text
/// 'g(n + 7) = g(n) for every n in [0, 9), all the n the search compared; the last m = 5 of them (m = max S: each value depends only on the m values before it) make a whole window repeat, so it holds for all n >= 0'
#[pyclass(frozen, module = "grundy", name = "PeriodReport")]
pub(crate) struct PyPeriodReport {
    report: PeriodReport,
    rules: Rules,
    seconds: f64,
}

#[pymethods]
impl PyPeriodReport {
    /// The rule set, in canonical notation (``"1,2,3"``, ``"all-but:2,3"``).
    #[getter]
    fn set(&self) -> &str {
        &self.report.set
    }

    /// ``"normal"`` or ``"misere"``.
    #[getter]
    fn play(&self) -> String {
        self.report.play.to_string()
    }

    /// The engine that generated the sequence (``"block-u8"``, ``"runs"``,
    /// ``"fes"``, ...).
    #[getter]
    fn engine(&self) -> &'static str {
        self.report.engine.name()
    }

    /// The least pre-period of the Grundy sequence (misère play: of the
    /// misère outcome sequence).
    #[getter]
    fn preperiod(&self) -> u64 {
        self.report.preperiod
    }

    /// The least period.
    #[getter]
    fn period(&self) -> u64 {
        self.report.period
    }

    /// s in g(n + period) = g(n) + s: 0 for finite sets and outcome
    /// sequences.
    #[getter]
    fn saltus(&self) -> u64 {
        self.report.saltus
    }

    /// The pre-period and period of the P/N sequence under this play.
    #[getter]
    fn outcome<'py>(&self, py: Python<'py>) -> PyResult<Bound<'py, PyAny>> {
        let o = &self.report.outcome;
        types::make(py, "Periodicity", (o.preperiod, o.period))
    }

    /// The largest Grundy value (None under misère play and for all-but
    /// sets, whose values are unbounded).
    #[getter]
    fn max_value(&self) -> Option<u64> {
        self.report.max_value
    }

    /// What proves the period: ``sequence``, ``start``, ``window`` (see
    /// the output contract, docs/JSON.md).
    #[getter]
    fn certificate<'py>(
        &self,
        py: Python<'py>,
    ) -> PyResult<Bound<'py, PyAny>> {
        let c = self.report.certificate_summary();
        types::make(py, "Certificate", (c.sequence, c.start, c.window))
    }

    /// What the certificate proves and why, in the words ``grundy
    /// period`` prints after ``certificate:`` (the ``--json`` key
    /// ``certificate_text``).
    #[getter]
    fn certificate_text(&self) -> String {
        self.report.certificate.explain()
    }

    /// All-but sets with d = gcd(X) > 1: ``Reduction(by=d, to=...)``, the
    /// set the search ran on; else None.
    #[getter]
    fn reduced<'py>(
        &self,
        py: Python<'py>,
    ) -> PyResult<Option<Bound<'py, PyAny>>> {
        self.report
            .reduced
            .as_ref()
            .map(|r| types::make(py, "Reduction", (r.by, r.to.as_str())))
            .transpose()
    }

    /// All-but sets, normal play: the repeat of FES boundary patterns
    /// that proves the additive period; else None.
    #[getter]
    fn pattern_cycle<'py>(
        &self,
        py: Python<'py>,
    ) -> PyResult<Option<Bound<'py, PyAny>>> {
        self.report
            .certificate
            .pattern_cycle()
            .map(|c| {
                let fields = (c.step, c.start, c.steps, c.shift, c.window);
                types::make(py, "PatternCycle", fields)
            })
            .transpose()
    }

    /// Positions whose values were determined, all searches together.
    #[getter]
    fn positions(&self) -> u64 {
        self.report.positions
    }

    /// Run segments the run-length engine processed, or None.
    #[getter]
    fn segments(&self) -> Option<u64> {
        self.report.segments
    }

    /// Wall-clock seconds the call took.
    #[getter]
    fn seconds(&self) -> f64 {
        self.seconds
    }

    /// The object ``grundy period --json`` prints, as a dict.
    ///
    /// >>> import grundy
    /// >>> d = grundy.period("all-but:2,3,6,8").to_dict()
    /// >>> d["preperiod"], d["period"], d["saltus"], d["pattern_cycle"]["steps"]
    /// (42, 9, 3, 3)
    fn to_dict<'py>(&self, py: Python<'py>) -> PyResult<Bound<'py, PyDict>> {
        let timed = Timed { report: &self.report, seconds: self.seconds };
        display::json_dict(py, &timed)
    }

    /// The plot of ``grundy plot SET --to TO`` as an SVG document: g(n)
    /// for n = 0..=to, the pre-period shaded, the periods banded, the
    /// P-positions red. ``to`` defaults to the larger of 100 and
    /// preperiod + 2 * period, at most 10,000 (and may be at most
    /// 10,000,000). Normal play only (the plot shows Grundy values).
    ///
    /// The values are listed as ``grundy.values`` lists them: with the GIL
    /// released, Ctrl-C stops the call, and a listing stopped before
    /// ``to`` (by ``max_positions`` values, ``timeout`` seconds, or an
    /// engine that cannot go on) raises ``grundy.Error``
    /// (``grundy.BudgetExceeded`` for a limit), never a plot of fewer
    /// values.
    #[pyo3(signature = (
        to = None,
        width = 1000,
        height = 480,
        *,
        max_positions = None,
        timeout = None,
    ))]
    fn plot(
        &self,
        py: Python<'_>,
        to: Option<u64>,
        width: u32,
        height: u32,
        max_positions: Option<u64>,
        timeout: Option<f64>,
    ) -> PyResult<String> {
        if self.report.play == Play::Misere {
            return Err(PyValueError::new_err(
                "the plot shows Grundy values, which misère play does not have; plot grundy.period(rules) instead",
            ));
        }
        let to = to.unwrap_or_else(|| display::default_to(&self.report));
        let limits =
            listing_limits(max_positions, DEFAULT_MAX_STATES, timeout);
        let r = &self.report;
        let period = Some((r.preperiod, r.period));
        display::plot_svg(
            py,
            &self.rules,
            to,
            period,
            r.saltus,
            width,
            height,
            &limits,
        )
    }

    fn __repr__(&self) -> String {
        let r = &self.report;
        format!(
            "PeriodReport(set={}, play={}, preperiod={}, period={}, saltus={}, outcome=Periodicity(preperiod={}, period={}), engine={})",
            py_str(&r.set),
            py_str(&r.play.to_string()),
            r.preperiod,
            r.period,
            r.saltus,
            r.outcome.preperiod,
            r.outcome.period,
            py_str(r.engine.name())
        )
    }

    fn _repr_html_(&self, py: Python<'_>) -> PyResult<String> {
        let svg = self._repr_svg_(py)?;
        Ok(display::period_html(&self.report, self.seconds, svg.as_deref()))
    }

    /// The default plot, or None (misère play, or a plot that cannot be
    /// drawn). Ctrl-C while it is listed still raises.
    fn _repr_svg_(&self, py: Python<'_>) -> PyResult<Option<String>> {
        if self.report.play == Play::Misere {
            return Ok(None);
        }
        match self.plot(py, None, 1000, 480, None, None) {
            Ok(svg) => Ok(Some(svg)),
            Err(e) if e.is_instance_of::<PyKeyboardInterrupt>(py) => Err(e),
            Err(_) => Ok(None),
        }
    }
}

/// The least pre-period and period of the sequence of ``rules``, with a
/// certificate: the answer of ``grundy period``.
///
/// Under normal play these are the Grundy sequence's (and ``outcome``
/// the P/N sequence's); with ``misere=True`` the misère outcome
/// sequence's. ``engine`` is ``"auto"``, ``"block"`` or ``"runs"`` (finite
/// sets; all-but sets always use the FES engine). The search stops with
/// ``grundy.BudgetExceeded`` after ``max_positions`` positions (run
/// segments for the run-length engine, heaps for octal games; by default
/// ``DEFAULT_MAX_POSITIONS``, and ``DEFAULT_OCTAL_HEAPS`` for octal
/// games, as the command does) or ``timeout`` seconds. An octal game
/// given neither also stops after ``DEFAULT_MAX_SPLITS`` splits (the
/// engine's unit of cost, 25 to 45 seconds), since heaps of games
/// whose values keep growing cost ever more. It runs
/// with the GIL released; Ctrl-C stops it; ``progress=True`` shows a bar
/// (tqdm if installed) for searches longer than a twentieth of a second.
///
/// >>> import grundy
/// >>> grundy.period("1,2,3")
/// PeriodReport(set='1,2,3', play='normal', preperiod=0, period=4, saltus=0, outcome=Periodicity(preperiod=0, period=4), engine='block-u8')
/// >>> grundy.period("all-but:2,3,6,8").saltus
/// 3
/// >>> grundy.period("1-3", misere=True).preperiod
/// 0
#[pyfunction]
#[pyo3(signature = (
    rules,
    misere = false,
    engine = "auto",
    *,
    max_positions = None,
    timeout = None,
    progress = false,
))]
pub(crate) fn period(
    py: Python<'_>,
    rules: &Bound<'_, PyAny>,
    misere: bool,
    engine: &str,
    max_positions: Option<u64>,
    timeout: Option<f64>,
    progress: bool,
) -> PyResult<PyPeriodReport> {
    let rules = crate::rules::rules(rules)?;
    let play = if misere { Play::Misere } else { Play::Normal };
    let engine: EngineChoice =
        engine.parse().map_err(|e: grundy::Error| {
            PyValueError::new_err(e.message().to_string())
        })?;
    if engine != EngineChoice::Auto
        && let Some(fixed) = rules.fixed_engine()
    {
        warn_fixed_engine(py, &rules, engine, fixed)?;
    }
    let (max_positions, max_splits) =
        work_limits(max_positions, timeout, [&rules]);
    let limits = Limits {
        max_positions,
        max_states: DEFAULT_MAX_STATES,
        max_splits,
        timeout,
    };
    let watch = Watch::new(progress.then_some(Progress {
        desc: "period",
        unit: "positions",
        total: None,
    }));
    let budget = watch.budget(&limits)?;
    let options = PeriodOptions { engine, ..PeriodOptions::default() };
    let started = Instant::now();
    let r = rules.clone();
    let found =
        watch.run(py, move || grundy::period(&r, play, &options, &budget))?;
    let seconds = started.elapsed().as_secs_f64();
    let report = found.map_err(|e| crate::errors::from_library(&e))?;
    Ok(PyPeriodReport { report, rules, seconds })
}

/// The command's warning for `--engine` on rules with one engine, as a
/// Python `UserWarning` naming the argument.
fn warn_fixed_engine(
    py: Python<'_>,
    rules: &Rules,
    engine: EngineChoice,
    fixed: grundy::Engine,
) -> PyResult<()> {
    let message = format!(
        "engine={} applies to finite sets; {} always use the {} engine",
        py_str(&engine.to_string()),
        rules.family(),
        fixed.name().to_uppercase()
    );
    let category = py.get_type::<pyo3::exceptions::PyUserWarning>();
    let message = std::ffi::CString::new(message)
        .map_err(|e| PyValueError::new_err(e.to_string()))?;
    PyErr::warn(py, &category, &message, 1)
}
