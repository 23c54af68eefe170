//! `grundy.heap` and its result, `grundy.HeapReport`: one heap of any
//! size (a Python int of any number of digits), as `grundy heap`.

use grundy::{BigUint, DEFAULT_MAX_STATES, HeapReport, Outcome};
use pyo3::prelude::*;
use pyo3::types::{PyDict, PyTuple};

use crate::call::{Limits, Progress, Watch, work_limits};
use crate::display::py_str;

/// Everything about one heap: its Grundy value, its outcome under both
/// plays and the winning moves of each (the answer of ``grundy heap``).
///
/// Immutable. ``heap`` is an int; ``winning_moves`` and
/// ``misere_winning_moves`` are the numbers of stones to take, as ints.
/// ``to_dict()`` is the object of ``grundy heap --json`` (sizes and takes
/// as decimal strings there).
///
/// >>> import grundy
/// >>> r = grundy.heap("1,2,3", 31)
/// >>> (r.grundy, r.outcome, r.winning_moves, r.misere_winning_moves)
/// (3, 'N', (3,), (2,))
#[pyclass(frozen, module = "grundy", name = "HeapReport")]
pub(crate) struct PyHeapReport {
    report: HeapReport,
}

/// The number of stones a move of a report takes: its text up to ` -> `
/// (the heaps left, when the move splits the heap).
fn take(text: &str) -> BigUint {
    let digits = text.split(" -> ").next().unwrap_or(text);
    digits.trim().parse().unwrap_or_default()
}

fn takes<'py>(
    py: Python<'py>,
    moves: &[String],
) -> PyResult<Bound<'py, PyTuple>> {
    PyTuple::new(py, moves.iter().map(|m| take(m)))
}

fn letter(o: Outcome) -> String {
    o.letter().to_string()
}

#[pymethods]
impl PyHeapReport {
    /// The rule set, in canonical notation.
    #[getter]
    fn set(&self) -> &str {
        &self.report.set
    }

    /// The number of stones.
    #[getter]
    fn heap(&self) -> BigUint {
        self.report.heap.parse().unwrap_or_default()
    }

    /// g(n), the Grundy value.
    #[getter]
    fn grundy(&self) -> u64 {
        self.report.grundy
    }

    /// ``"P"`` (the player to move loses) or ``"N"``, normal play.
    #[getter]
    fn outcome(&self) -> String {
        letter(self.report.outcome)
    }

    /// ``"P"`` or ``"N"`` under misère play; ``None`` when it is not
    /// known (octal games whose misère outcome the exhaustive search could
    /// not settle within its budget).
    #[getter]
    fn misere_outcome(&self) -> Option<String> {
        self.report.misere_outcome.map(letter)
    }

    /// The numbers of stones to take that win under normal play.
    #[getter]
    fn winning_moves<'py>(
        &self,
        py: Python<'py>,
    ) -> PyResult<Bound<'py, PyTuple>> {
        takes(py, &self.report.winning_moves)
    }

    /// The numbers of stones to take that win under misère play.
    #[getter]
    fn misere_winning_moves<'py>(
        &self,
        py: Python<'py>,
    ) -> PyResult<Bound<'py, PyTuple>> {
        takes(py, &self.report.misere_winning_moves)
    }

    /// The object ``grundy heap --json`` prints, as a dict.
    fn to_dict<'py>(&self, py: Python<'py>) -> PyResult<Bound<'py, PyDict>> {
        crate::display::json_dict(py, &self.report)
    }

    fn __repr__(&self) -> String {
        let r = &self.report;
        let list = |moves: &[String]| {
            let takes: Vec<String> =
                moves.iter().map(|m| take(m).to_string()).collect();
            match takes.len() {
                1 => format!("({},)", takes[0]),
                _ => format!("({})", takes.join(", ")),
            }
        };
        format!(
            "HeapReport(set={}, heap={}, grundy={}, outcome={}, misere_outcome={}, winning_moves={}, misere_winning_moves={})",
            py_str(&r.set),
            r.heap,
            r.grundy,
            py_str(&letter(r.outcome)),
            r.misere_outcome
                .map_or("None".to_string(), |o| py_str(&letter(o))),
            list(&r.winning_moves),
            list(&r.misere_winning_moves)
        )
    }

    fn _repr_html_(&self) -> String {
        let r = &self.report;
        let moves = |m: &[String]| {
            if m.is_empty() { "none".to_string() } else { m.join(", ") }
        };
        let rows = [
            ("set", r.set.clone()),
            ("heap", r.heap.clone()),
            ("grundy", r.grundy.to_string()),
            (
                "normal",
                format!(
                    "{}; winning moves (take): {}",
                    letter(r.outcome),
                    moves(&r.winning_moves)
                ),
            ),
            (
                "misère",
                format!(
                    "{}; winning moves (take): {}",
                    r.misere_outcome.map_or("not known".to_string(), letter),
                    moves(&r.misere_winning_moves)
                ),
            ),
        ];
        crate::display::html_table("grundy-heap", &rows, None)
    }
}

/// One heap of ``n`` stones (any Python int): its Grundy value, its
/// outcome under normal and misère play, and the winning moves of each
/// (the answer of ``grundy heap``).
///
/// Heaps beyond a few million stones are answered through the period of
/// the sequence, found within ``max_positions`` and ``timeout``.
///
/// >>> import grundy
/// >>> grundy.heap("1,2,3", 10**100).grundy   # 10^100 is a multiple of 4
/// 0
/// >>> grundy.heap("all-but:2,3,7", 1000000000000000003).grundy
/// 500000000000000001
#[pyfunction]
#[pyo3(signature = (
    rules,
    n,
    *,
    misere = false,
    max_positions = None,
    max_states = DEFAULT_MAX_STATES,
    timeout = None,
    progress = false,
))]
#[allow(clippy::too_many_arguments)]
pub(crate) fn heap(
    py: Python<'_>,
    rules: &Bound<'_, PyAny>,
    n: &Bound<'_, PyAny>,
    misere: bool,
    max_positions: Option<u64>,
    max_states: u64,
    timeout: Option<f64>,
    progress: bool,
) -> PyResult<PyHeapReport> {
    let rules = crate::rules::rules(rules)?;
    let n = crate::rules::heap_size(n)?;
    let (max_positions, max_splits) =
        work_limits(max_positions, timeout, [&rules]);
    let limits = Limits { max_positions, max_states, max_splits, timeout };
    let watch = Watch::new(progress.then_some(Progress {
        desc: "heap",
        unit: "positions",
        total: None,
    }));
    let budget = watch.budget(&limits)?;
    let options = grundy::HeapOptions { misere };
    let report = watch
        .call(py, move || grundy::heap_with(&rules, &n, &options, &budget))?;
    Ok(PyHeapReport { report })
}
