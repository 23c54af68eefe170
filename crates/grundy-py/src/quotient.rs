//! `grundy.quotient` and its result, `grundy.QuotientReport`: the misère
//! quotient of an octal code or a finite subtraction set, as `grundy
//! quotient` computes it (the library's `grundy::quotient`; this file
//! only translates).

use grundy::{DEFAULT_MAX_STATES, QuotientReport};
use pyo3::prelude::*;
use pyo3::types::{PyDict, PyTuple};

use crate::call::{Limits, Progress, Watch};
use crate::display::py_str;
use crate::errors::bad_value;

/// The misère quotient of the sums of heaps 1..N of a game, or of every
/// heap when ``periodic`` certifies it (the answer of ``grundy
/// quotient``).
///
/// Immutable. Elements are named by their normal-form words over the
/// generators (``"1"`` is the identity, ``"ab2"`` is a·b²):
/// ``elements`` lists them, ``multiply(x, y)`` multiplies two, and
/// ``outcome(heaps)`` is the misère outcome of a sum of heaps, P exactly
/// when the product of their elements lies in ``p_portion``.
/// ``to_dict()`` is the object of ``grundy quotient --json``.
///
/// >>> import grundy
/// >>> q = grundy.quotient("1,2,3")
/// >>> (q.order, q.presentation, q.p_portion)
/// (6, '<a, b | a2=1, b3=b>', ('a', 'b2'))
/// >>> q.outcome([1, 2, 3]), q.outcome([1, 2, 2]), q.multiply("ab", "b")
/// ('P', 'N', 'ab2')
#[pyclass(frozen, module = "grundy", name = "QuotientReport")]
pub(crate) struct PyQuotientReport {
    report: QuotientReport,
}

#[pymethods]
impl PyQuotientReport {
    /// The game, in canonical notation.
    #[getter]
    fn game(&self) -> &str {
        &self.report.game
    }

    /// N, the largest heap of the sums solved; None when ``periodic``
    /// proves the quotient for every heap.
    #[getter]
    fn heaps(&self) -> Option<u64> {
        self.report.heaps
    }

    /// The number of elements.
    #[getter]
    fn order(&self) -> u64 {
        self.report.order
    }

    /// The presentation, ``"<a, b | a2=1, b3=b>"``.
    #[getter]
    fn presentation(&self) -> String {
        self.report.presentation()
    }

    /// The generators' names, ``("a", "b", ...)``.
    #[getter]
    fn generators<'py>(
        &self,
        py: Python<'py>,
    ) -> PyResult<Bound<'py, PyTuple>> {
        PyTuple::new(py, &self.report.generators)
    }

    /// The relations of the presentation, ``("a2=1", "b3=b")``.
    #[getter]
    fn relations<'py>(
        &self,
        py: Python<'py>,
    ) -> PyResult<Bound<'py, PyTuple>> {
        PyTuple::new(py, &self.report.relations)
    }

    /// The elements whose sums are misère P-positions.
    #[getter]
    fn p_portion<'py>(
        &self,
        py: Python<'py>,
    ) -> PyResult<Bound<'py, PyTuple>> {
        PyTuple::new(py, &self.report.p_portion)
    }

    /// The element of each heap 0..=N.
    #[getter]
    fn heap_map<'py>(&self, py: Python<'py>) -> PyResult<Bound<'py, PyTuple>> {
        PyTuple::new(py, &self.report.heap_map)
    }

    /// Every element, identity first, in normal-form order (the rows and
    /// columns of ``table()``).
    #[getter]
    fn elements<'py>(&self, py: Python<'py>) -> PyResult<Bound<'py, PyTuple>> {
        PyTuple::new(py, self.report.elements())
    }

    /// Whether the quotient is misère Nim's (T_n); False: wild.
    #[getter]
    fn tame(&self) -> bool {
        self.report.tame
    }

    /// ``(preperiod, period)`` of the heap map when certified, else None.
    #[getter]
    fn periodic(&self) -> Option<(u64, u64)> {
        self.report.periodic.map(|p| (p.preperiod, p.period))
    }

    /// One sentence saying what was proven.
    #[getter]
    fn certificate(&self) -> &str {
        &self.report.certificate
    }

    /// The product of two elements named as in ``elements``; ValueError
    /// for a name that is not one.
    fn multiply(&self, x: &str, y: &str) -> PyResult<String> {
        self.report.multiply(x, y).map_err(|e| bad_value(&e))
    }

    /// The misère outcome, ``"P"`` or ``"N"``, of the sum of ``heaps``
    /// (an iterable of ints; heaps past N need the periodicity
    /// certificate, else ValueError).
    fn outcome(&self, heaps: Vec<u64>) -> PyResult<String> {
        let o = self.report.outcome(&heaps).map_err(|e| bad_value(&e))?;
        Ok(o.letter().to_string())
    }

    /// The element of heap ``n``.
    fn heap_element(&self, n: u64) -> PyResult<String> {
        let e = self.report.heap_element(n).map_err(|e| bad_value(&e))?;
        Ok(e.to_string())
    }

    /// The multiplication table: row x, column y holds x * y, in the
    /// order of ``elements``, as a tuple of tuples.
    fn table<'py>(&self, py: Python<'py>) -> PyResult<Bound<'py, PyTuple>> {
        let rows = self
            .report
            .table()
            .into_iter()
            .map(|row| PyTuple::new(py, row))
            .collect::<PyResult<Vec<_>>>()?;
        PyTuple::new(py, rows)
    }

    /// The object ``grundy quotient --json`` prints, as a dict.
    fn to_dict<'py>(&self, py: Python<'py>) -> PyResult<Bound<'py, PyDict>> {
        crate::display::json_dict(py, &self.report)
    }

    fn __repr__(&self) -> String {
        let r = &self.report;
        format!(
            "QuotientReport(game={}, heaps={}, order={}, presentation={}, tame={})",
            py_str(&r.game),
            r.heaps.map_or("None".to_string(), |n| n.to_string()),
            r.order,
            py_str(&r.presentation()),
            if r.tame { "True" } else { "False" },
        )
    }

    fn _repr_html_(&self) -> String {
        let r = &self.report;
        let heaps = match r.heaps {
            Some(n) => format!("1..{n}"),
            None => format!("all (computed to {})", r.heap_map.len() - 1),
        };
        let mut rows = vec![
            ("game", r.game.clone()),
            ("heaps", heaps),
            ("order", r.order.to_string()),
            ("presentation", r.presentation()),
            ("P-portion", r.p_portion.join(", ")),
            ("heap map", r.heap_map.join(" ")),
        ];
        if let Some(p) = r.periodic {
            rows.push((
                "",
                format!("pre-period {}, period {}", p.preperiod, p.period),
            ));
        }
        let kind = if r.tame { "tame (misère Nim's T_n)" } else { "wild" };
        rows.push(("kind", kind.to_string()));
        rows.push(("certificate", r.certificate.clone()));
        crate::display::html_table("grundy-quotient", &rows, None)
    }
}

/// The misère quotient of ``game`` (an octal code such as ``"0.75"`` or
/// a finite subtraction set) for the sums of heaps 1..``heaps``, or,
/// with ``heaps=None``, heap by heap until the periodicity certificate
/// proves it for every heap (the answer of ``grundy quotient``).
///
/// The search stops with ``BudgetExceeded`` ("not found finite up to
/// heap N", with the orders seen) past ``max_positions`` (the command's
/// default, ``DEFAULT_QUOTIENT_POSITIONS``, unless ``timeout`` is given)
/// or ``timeout`` seconds.
///
/// >>> import grundy
/// >>> grundy.quotient("0.75").order
/// 8
#[pyfunction]
#[pyo3(signature = (
    game,
    heaps = None,
    *,
    max_positions = None,
    max_states = DEFAULT_MAX_STATES,
    timeout = None,
    progress = false,
))]
pub(crate) fn quotient(
    py: Python<'_>,
    game: &Bound<'_, PyAny>,
    heaps: Option<u64>,
    max_positions: Option<u64>,
    max_states: u64,
    timeout: Option<f64>,
    progress: bool,
) -> PyResult<PyQuotientReport> {
    let rules = crate::rules::rules(game)?;
    let b = grundy::Budget::quotient(max_positions, timeout.is_some());
    let limits = Limits {
        max_positions: b.max_positions,
        max_states,
        max_splits: b.max_splits,
        timeout,
    };
    let watch = Watch::new(progress.then_some(Progress {
        desc: "quotient",
        unit: "positions",
        total: None,
    }));
    let budget = watch.budget(&limits)?;
    let report =
        watch.call(py, move || grundy::quotient(&rules, heaps, &budget))?;
    Ok(PyQuotientReport { report })
}
