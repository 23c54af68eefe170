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
/// ``misere_winning_moves`` are the numbers of stones to take, as ints,
/// and ``winning_moves_text`` the moves as every front end writes them
/// (``"take 2 -> 5 + 6"`` when a move splits the heap). A huge heap of a
/// game that splits heaps lists the splits below the pre-period and gives
/// the others as ``winning_families`` (``moves_complete`` is then False,
/// ``moves_note`` says why). ``to_dict()`` is the object of ``grundy heap
/// --json`` (sizes and takes as decimal strings there).
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

    /// How the misère answer was found: ``"quotient"`` (the misère
    /// quotient), ``"sequence"`` (the outcomes of single heaps) or
    /// ``"search"`` (exhaustive search); None when it is not known.
    #[getter]
    fn misere_method(&self) -> Option<&'static str> {
        self.report.misere_method.map(grundy::MisereMethod::name)
    }

    /// The same in one sentence, as ``grundy heap`` prints it.
    #[getter]
    fn misere_method_note(&self) -> Option<&str> {
        self.report.misere_method_note.as_deref()
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

    /// The winning moves under normal play as ``grundy heap`` writes them:
    /// ``"take 3"``, or ``"take 2 -> 5 + 6"`` when a move splits the heap.
    #[getter]
    fn winning_moves_text<'py>(
        &self,
        py: Python<'py>,
    ) -> PyResult<Bound<'py, PyTuple>> {
        PyTuple::new(py, &self.report.winning_moves_text)
    }

    /// The winning moves under misère play, written the same way.
    #[getter]
    fn misere_winning_moves_text<'py>(
        &self,
        py: Python<'py>,
    ) -> PyResult<Bound<'py, PyTuple>> {
        PyTuple::new(py, &self.report.misere_winning_moves_text)
    }

    /// Whether ``winning_moves`` lists every winning move under normal
    /// play (False for a huge heap of a game that splits heaps: the other
    /// splits are in ``winning_families``).
    #[getter]
    fn moves_complete(&self) -> bool {
        self.report.moves_complete
    }

    /// Whether ``winning_moves`` and ``winning_families`` together are
    /// exactly the winning moves (False only when a listing limit cut
    /// them; ``moves_note`` says what is missing).
    #[getter]
    fn moves_exact(&self) -> bool {
        self.report.moves_exact
    }

    /// The winning splits of a huge heap not in ``winning_moves``: one
    /// dict per family, as ``grundy heap --json`` writes it (``take``,
    /// ``fixed``, ``residues``, ``period``, ``preperiod``, ``total``,
    /// ``last``, ``count``, ``text``).
    #[getter]
    fn winning_families<'py>(
        &self,
        py: Python<'py>,
    ) -> PyResult<Bound<'py, PyTuple>> {
        crate::display::json_dicts(py, &self.report.winning_families)
    }

    /// When ``winning_moves`` is not every winning move: what the
    /// families are and what was cut, in words; else None.
    #[getter]
    fn moves_note(&self) -> Option<&str> {
        self.report.moves_note.as_deref()
    }

    /// The period the winning moves of a huge heap of a game that splits
    /// heaps were read off; None when the heap's options were walked.
    #[getter]
    fn split_period(&self) -> Option<u64> {
        self.report.split_period
    }

    /// Why the misère outcome is not known, when it is not; else None.
    #[getter]
    fn misere_note(&self) -> Option<&str> {
        self.report.misere_note.as_deref()
    }

    /// Whether ``misere_winning_moves`` lists every winning move under
    /// misère play (False for a huge heap of a game that splits heaps
    /// answered by the misère quotient: the other splits are in
    /// ``misere_winning_families``).
    #[getter]
    fn misere_moves_complete(&self) -> bool {
        self.report.misere_moves_complete
    }

    /// Whether ``misere_winning_moves`` and ``misere_winning_families``
    /// together are exactly the winning moves under misère play (False
    /// when a listing limit cut them; ``misere_moves_note`` says what is
    /// missing).
    #[getter]
    fn misere_moves_exact(&self) -> bool {
        self.report.misere_moves_exact
    }

    /// The winning splits under misère play of a huge heap not in
    /// ``misere_winning_moves``, read off the periodic heap map of the
    /// misère quotient: one dict per family, as ``winning_families``.
    #[getter]
    fn misere_winning_families<'py>(
        &self,
        py: Python<'py>,
    ) -> PyResult<Bound<'py, PyTuple>> {
        crate::display::json_dicts(py, &self.report.misere_winning_families)
    }

    /// When ``misere_winning_moves`` is not every winning move: what the
    /// families are and what was cut, in words; else None.
    #[getter]
    fn misere_moves_note(&self) -> Option<&str> {
        self.report.misere_moves_note.as_deref()
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
        // Nothing after "winning moves:" when families follow.
        let more = !r.winning_families.is_empty();
        let moves = |m: &[String], more: bool| match (m.is_empty(), more) {
            (true, true) => String::new(),
            (true, false) => " none".to_string(),
            _ => format!(" {}", m.join(", ")),
        };
        let mut rows = vec![
            ("set", r.set.clone()),
            ("heap", r.heap.clone()),
            ("grundy", r.grundy.to_string()),
            (
                "normal",
                format!(
                    "{}; winning moves:{}",
                    letter(r.outcome),
                    moves(&r.winning_moves_text, more)
                ),
            ),
        ];
        // A huge heap of a game that splits heaps: the library's note,
        // then its families.
        if let Some(note) = &r.moves_note {
            rows.push(("", note.clone()));
        }
        for family in &r.winning_families {
            rows.push(("", family.to_string()));
        }
        // As the command: a note with a known outcome (moves not walked)
        // means more than the listed moves.
        let more =
            r.misere_note.is_some() || !r.misere_winning_families.is_empty();
        let misere = match (r.misere_outcome, &r.misere_note) {
            (Some(o), _) => format!(
                "{}; winning moves:{}",
                letter(o),
                moves(&r.misere_winning_moves_text, more)
            ),
            (None, note) => format!(
                "not known: {}",
                note.as_deref().unwrap_or("not computed")
            ),
        };
        rows.push(("misère", misere));
        // The same for misère play: why moves are not listed, then the
        // families read off the quotient's heap map.
        if let (Some(_), Some(note)) = (r.misere_outcome, &r.misere_note) {
            rows.push(("", note.clone()));
        }
        if let Some(note) = &r.misere_moves_note {
            rows.push(("", note.clone()));
        }
        for family in &r.misere_winning_families {
            rows.push(("", family.to_string()));
        }
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
