//! Sums of heaps: `grundy.sum` (`grundy.SumReport`, as `grundy sum`),
//! `grundy.best_move` (the move of the perfect computer of `grundy play`)
//! and the `grundy.Move` they return.

use grundy::{
    BigUint, DEFAULT_MAX_STATES, Heap, Move, Play, Rules, Strategy, SumReport,
    TieBreaker,
};
use num_traits::ToPrimitive;
use pyo3::exceptions::PyValueError;
use pyo3::prelude::*;
use pyo3::types::{PyDict, PyTuple};

use crate::call::{Limits, Progress, Watch, work_limits};
use crate::display::{html_table, json_dict, py_str};
use crate::types;

/// One move of a sum: from heap ``heap`` (counting from 1) take ``take``
/// stones, leaving the heaps ``leaves`` (empty when it takes the whole
/// heap). Immutable, comparable and hashable.
///
/// >>> import grundy
/// >>> m = grundy.sum([("1,2,3", 10), ("2,3", 7), ("nim", 5)]).winning_moves[0]
/// >>> m
/// Move(heap=3, take=2, leaves=(3,))
/// >>> print(m)
/// heap 3: take 2
#[pyclass(frozen, eq, hash, module = "grundy", name = "Move")]
#[derive(Clone, PartialEq, Eq, Hash)]
pub(crate) struct PyMove {
    inner: Move,
}

#[pymethods]
impl PyMove {
    /// The heap moved in, counting from 1.
    #[getter]
    fn heap(&self) -> usize {
        self.inner.heap
    }

    /// How many stones the move takes.
    #[getter]
    fn take(&self) -> BigUint {
        self.inner.take.clone()
    }

    /// The non-empty heaps left in place of the heap moved in.
    #[getter]
    fn leaves<'py>(&self, py: Python<'py>) -> PyResult<Bound<'py, PyTuple>> {
        PyTuple::new(py, self.inner.leaves.iter().cloned())
    }

    /// ``{"heap", "take", "leaves", "text"}`` as ``grundy sum --json``
    /// writes a move (``leaves`` as text: ``"3"``, ``"3 + 4"``, ``"0"``;
    /// ``text`` as ``str()`` writes the move).
    fn to_dict<'py>(&self, py: Python<'py>) -> PyResult<Bound<'py, PyDict>> {
        json_dict(py, &self.inner)
    }

    fn __repr__(&self) -> String {
        let leaves: Vec<String> =
            self.inner.leaves.iter().map(|h| h.to_string()).collect();
        let leaves = match leaves.len() {
            1 => format!("({},)", leaves[0]),
            _ => format!("({})", leaves.join(", ")),
        };
        format!(
            "Move(heap={}, take={}, leaves={leaves})",
            self.inner.heap, self.inner.take
        )
    }

    fn __str__(&self) -> String {
        self.inner.to_string()
    }
}

/// The analysis of a sum of heaps: each heap's Grundy value, the nim-sum,
/// who wins and every winning move (the answer of ``grundy sum``).
///
/// Immutable. ``heaps`` holds ``HeapValue(set, size, grundy)`` tuples,
/// ``winning_moves`` ``grundy.Move`` objects; a huge heap of a game that
/// splits heaps lists the splits below the pre-period and gives the
/// others as ``winning_families`` (``moves_complete`` is then False,
/// ``moves_note`` says why). ``to_dict()`` is the object of ``grundy sum
/// --json``.
#[pyclass(frozen, module = "grundy", name = "SumReport")]
pub(crate) struct PySumReport {
    report: SumReport,
}

#[pymethods]
impl PySumReport {
    /// ``"normal"`` or ``"misere"``.
    #[getter]
    fn play(&self) -> String {
        self.report.play.to_string()
    }

    /// Each heap as ``HeapValue(set, size, grundy)``.
    #[getter]
    fn heaps<'py>(&self, py: Python<'py>) -> PyResult<Bound<'py, PyTuple>> {
        let items = self
            .report
            .heaps
            .iter()
            .map(|h| {
                let size: BigUint = h.size.parse().unwrap_or_default();
                types::make(py, "HeapValue", (h.set.as_str(), size, h.grundy))
            })
            .collect::<PyResult<Vec<_>>>()?;
        PyTuple::new(py, items)
    }

    /// The XOR of the heaps' Grundy values.
    #[getter]
    fn nim_sum(&self) -> u64 {
        self.report.nim_sum
    }

    /// ``"N"`` (the player to move wins) or ``"P"``, under this play.
    #[getter]
    fn outcome(&self) -> String {
        self.report.outcome.to_string()
    }

    /// The winning moves listed (empty for a P-position): every one when
    /// ``moves_complete``.
    #[getter]
    fn winning_moves<'py>(
        &self,
        py: Python<'py>,
    ) -> PyResult<Bound<'py, PyTuple>> {
        let moves = self.report.winning_moves.iter();
        PyTuple::new(py, moves.map(|m| PyMove { inner: m.clone() }))
    }

    /// How the misère answer was found (``"bouton"``, ``"quotient"``,
    /// ``"search"``); None under normal play.
    #[getter]
    fn method(&self) -> Option<&'static str> {
        self.report.method.map(grundy::MisereMethod::name)
    }

    /// The same in one sentence (the line ``grundy sum`` prints); None
    /// under normal play.
    #[getter]
    fn method_note(&self) -> Option<&str> {
        self.report.method_note.as_deref()
    }

    /// Whether ``winning_moves`` lists every winning move (False when a
    /// huge heap of a game that splits heaps has ``winning_families``).
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

    /// The winning splits of huge heaps not in ``winning_moves``: one dict
    /// per family, as ``grundy sum --json`` writes it (``heap``, ``take``,
    /// ``fixed``, ``residues``, ``period``, ``preperiod``, ``total``,
    /// ``last``, ``count``, ``text``).
    #[getter]
    fn winning_families<'py>(
        &self,
        py: Python<'py>,
    ) -> PyResult<Bound<'py, PyTuple>> {
        crate::display::json_dicts(py, &self.report.winning_families)
    }

    /// When ``winning_moves`` is not every winning move: what the families
    /// are and what was cut, heap by heap, in words; else None.
    #[getter]
    fn moves_note(&self) -> Option<&str> {
        self.report.moves_note.as_deref()
    }

    /// The object ``grundy sum --json`` prints, as a dict.
    fn to_dict<'py>(&self, py: Python<'py>) -> PyResult<Bound<'py, PyDict>> {
        json_dict(py, &self.report)
    }

    fn __repr__(&self) -> String {
        let r = &self.report;
        let moves: Vec<String> = r
            .winning_moves
            .iter()
            .map(|m| PyMove { inner: m.clone() }.__repr__())
            .collect();
        let moves = match moves.len() {
            1 => format!("({},)", moves[0]),
            _ => format!("({})", moves.join(", ")),
        };
        format!(
            "SumReport(play={}, nim_sum={}, outcome={}, winning_moves={moves})",
            py_str(&r.play.to_string()),
            r.nim_sum,
            py_str(&r.outcome.to_string())
        )
    }

    fn _repr_html_(&self) -> String {
        let r = &self.report;
        let mut rows: Vec<(&str, String)> = Vec::new();
        let labels: Vec<String> =
            (1..=r.heaps.len()).map(|i| format!("heap {i}")).collect();
        for (label, h) in labels.iter().zip(&r.heaps) {
            rows.push((
                label,
                format!("{}:{}  g = {}", h.set, h.size, h.grundy),
            ));
        }
        rows.push(("nim-sum", r.nim_sum.to_string()));
        rows.push(("play", r.play.to_string()));
        rows.push(("outcome", r.outcome.to_string()));
        let moves: Vec<String> =
            r.winning_moves.iter().map(ToString::to_string).collect();
        let moves = if moves.is_empty() {
            "none".to_string()
        } else {
            moves.join("; ")
        };
        rows.push(("winning moves", moves));
        // Huge heaps of games that split heaps: the library's note, then
        // the families.
        if let Some(note) = &r.moves_note {
            rows.push(("", note.clone()));
        }
        for family in &r.winning_families {
            rows.push(("", family.to_string()));
        }
        html_table("grundy-sum", &rows, None)
    }
}

/// A sum of heaps, each with its own rules: the Grundy values, nim-sum,
/// outcome and every winning move (the answer of ``grundy sum``).
///
/// ``heaps`` is a list of ``(rules, size)`` pairs or ``"SET:SIZE"``
/// strings; sizes are ints of any size. Misère sums are solved exactly
/// (Bouton's rule when every heap is Nim), storing at most ``max_states``
/// positions.
///
/// >>> import grundy
/// >>> r = grundy.sum([("1,2,3", 10), ({2, 3}, 7), "nim:5"])
/// >>> (r.nim_sum, r.outcome, [str(m) for m in r.winning_moves])
/// (6, 'N', ['heap 3: take 2'])
/// >>> grundy.sum([("nim", 1), ("nim", 1), ("nim", 1)], misere=True).outcome
/// 'P'
#[pyfunction]
#[pyo3(signature = (
    heaps,
    misere = false,
    *,
    max_positions = None,
    max_states = DEFAULT_MAX_STATES,
    timeout = None,
    progress = false,
))]
pub(crate) fn sum(
    py: Python<'_>,
    heaps: &Bound<'_, PyAny>,
    misere: bool,
    max_positions: Option<u64>,
    max_states: u64,
    timeout: Option<f64>,
    progress: bool,
) -> PyResult<PySumReport> {
    let heaps: Vec<Heap> = crate::rules::heaps(heaps)?
        .into_iter()
        .map(|(rules, size)| Heap { rules, size })
        .collect();
    let play = if misere { Play::Misere } else { Play::Normal };
    let (max_positions, max_splits) =
        work_limits(max_positions, timeout, heaps.iter().map(|h| &h.rules));
    let limits = Limits { max_positions, max_states, max_splits, timeout };
    let watch = Watch::new(progress.then_some(Progress {
        desc: "sum",
        unit: "positions",
        total: None,
    }));
    let budget = watch.budget(&limits)?;
    let report = watch.call(py, move || grundy::sum(&heaps, play, &budget))?;
    Ok(PySumReport { report })
}

/// The move the perfect computer of ``grundy play`` makes in a sum of
/// heaps, or None when no move is left.
///
/// When the player to move wins, a winning move that ends the game
/// soonest; when it loses, the move that makes the game last longest.
/// Ties are broken by ``seed`` exactly as ``grundy play --seed`` and the
/// web explorer do, so the same seed gives the same move. The game is
/// solved exactly, storing at most ``max_states`` positions; past that,
/// as ``grundy play`` does, the move comes from the theory (the Grundy
/// values; in misère play Bouton's rule or the misère quotient of the
/// heaps' game): a winning move when there is one, else any move.
///
/// >>> import grundy
/// >>> grundy.best_move([("1,2,3", 31)])
/// Move(heap=1, take=3, leaves=(28,))
/// >>> grundy.best_move([("1,2,3", 0)]) is None
/// True
#[pyfunction]
#[pyo3(signature = (
    heaps,
    misere = false,
    *,
    seed = 0,
    max_positions = None,
    max_states = DEFAULT_MAX_STATES,
    timeout = None,
    progress = false,
))]
#[allow(clippy::too_many_arguments)]
pub(crate) fn best_move(
    py: Python<'_>,
    heaps: &Bound<'_, PyAny>,
    misere: bool,
    seed: u64,
    max_positions: Option<u64>,
    max_states: u64,
    timeout: Option<f64>,
    progress: bool,
) -> PyResult<Option<PyMove>> {
    let heaps: Vec<(Rules, u64)> = crate::rules::heaps(heaps)?
        .into_iter()
        .map(|(rules, size)| match size.to_u64() {
            Some(n) => Ok((rules, n)),
            None => Err(PyValueError::new_err(format!(
                "heap size {size} is too large to solve exactly; best_move solves every position, so use grundy.sum for huge heaps"
            ))),
        })
        .collect::<PyResult<_>>()?;
    let play = if misere { Play::Misere } else { Play::Normal };
    let (max_positions, max_splits) =
        work_limits(max_positions, timeout, heaps.iter().map(|(r, _)| r));
    let limits = Limits { max_positions, max_states, max_splits, timeout };
    let watch = Watch::new(progress.then_some(Progress {
        desc: "best_move",
        unit: "positions",
        total: None,
    }));
    let budget = watch.budget(&limits)?;
    let chosen = watch.call(py, move || {
        let best = Strategy::new(&heaps, play, budget)?.best_moves(&heaps)?;
        Ok(TieBreaker::new(seed).choose(&best).cloned())
    })?;
    Ok(chosen.map(|inner| PyMove { inner }))
}
