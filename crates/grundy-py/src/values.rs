//! `grundy.values` and `grundy.outcomes`: sequences as NumPy arrays.
//!
//! The library's listing within the call's budget
//! ([`grundy::values_within`], [`grundy::outcomes_within`]: it stops at
//! `max_positions=`, `timeout=`, `max_states=` for the misère search, or
//! Ctrl-C's cancel flag) is written into a Rust vector on a worker thread
//! (`call.rs`), and the vector becomes the array's memory without a copy
//! (`PyArray1::from_vec`): no Python object per value, so 10^8 values
//! take one call and the memory of the array itself. A listing that ends
//! before `to` is an error saying why (the library's words), never a
//! shorter array.

use grundy::{DEFAULT_MAX_STATES, Outcome, Play, Rules};
use numpy::{Element, PyArray1};
use pyo3::exceptions::{PyMemoryError, PyValueError};
use pyo3::prelude::*;
use pyo3::types::PyString;

use crate::call::{Progress, Watch, listing_limits};
use crate::errors;

/// Values written between two records of the work done (for the bar).
const CHUNK: usize = 1 << 16;

/// The number of positions 0..=to, as a vector length.
fn count(to: i64) -> PyResult<usize> {
    if to < 0 {
        return Err(PyValueError::new_err(format!(
            "to={to} is negative; write the last heap size to list, e.g. to=31"
        )));
    }
    let to = to as u64;
    to.checked_add(1).and_then(|n| usize::try_from(n).ok()).ok_or_else(|| {
        PyValueError::new_err(format!(
            "to={to} is too large for an array; use a smaller to="
        ))
    })
}

/// A vector with room for `n` items, or `MemoryError`.
fn room<T>(n: usize, to: i64) -> PyResult<Vec<T>> {
    let mut v = Vec::new();
    v.try_reserve_exact(n).map_err(|_| {
        PyMemoryError::new_err(format!(
            "not enough memory for the {n} values up to to={to}"
        ))
    })?;
    Ok(v)
}

/// Fills `out` with the first `n` items of `items`, `CHUNK` at a time,
/// recording the count for the bar; stops early if `items` ends (the
/// listing's budget or cancel flag stopped it, or its engine cannot go
/// on).
fn fill<T, I: Iterator<Item = T>>(
    out: &mut Vec<T>,
    mut items: I,
    n: usize,
    watch: &Watch,
) {
    while out.len() < n {
        let step = CHUNK.min(n - out.len());
        let before = out.len();
        out.extend(items.by_ref().take(step));
        watch.record(out.len() as u64);
        if out.len() - before < step {
            break;
        }
    }
}

/// Why a listing is shorter than asked.
enum Cut {
    /// g(at) = value does not fit in the array's dtype.
    Dtype { at: usize, value: u64 },
    /// The library's listing ended: its error, if it gave one.
    Ended(Option<grundy::Error>),
}

impl Cut {
    /// The Python exception: the library's for its own stop.
    fn into_err(self, rules: &Rules, dtype: &str, to: i64) -> PyErr {
        match self {
            Cut::Dtype { at, value } => errors::error(format!(
                "g({at}) = {value} does not fit in dtype {dtype}; use dtype=\"int64\""
            )),
            Cut::Ended(Some(e)) => errors::from_library(&e),
            Cut::Ended(None) => errors::error(format!(
                "the listing of \"{rules}\" ended before to={to}"
            )),
        }
    }
}

/// The Grundy values g(0), ..., g(n - 1) of `rules` within `budget`, in
/// `out` (reserved for them), as `T`; or why the listing is shorter.
fn grundy_values<T>(
    rules: &Rules,
    budget: &grundy::Budget,
    mut out: Vec<T>,
    n: usize,
    watch: &Watch,
) -> Result<Vec<T>, Cut>
where
    T: TryFrom<u64>,
{
    let mut listing = grundy::values_within(rules, budget);
    let mut bad = None;
    let values = listing.by_ref().enumerate().map_while(|(at, g)| {
        let value = g.value();
        match T::try_from(value) {
            Ok(t) => Some(t),
            Err(_) => {
                bad = Some(Cut::Dtype { at, value });
                None
            }
        }
    });
    fill(&mut out, values, n, watch);
    match bad {
        Some(cut) => Err(cut),
        None if out.len() < n => Err(Cut::Ended(listing.error())),
        None => Ok(out),
    }
}

/// One supported element type of the values array.
fn values_array<'py, T>(
    py: Python<'py>,
    rules: &Rules,
    to: i64,
    dtype: &str,
    limits: &crate::call::Limits,
    progress: bool,
) -> PyResult<Bound<'py, PyAny>>
where
    T: Element + TryFrom<u64> + Send + 'static,
{
    let n = count(to)?;
    let watch = Watch::new(progress.then_some(Progress {
        desc: "values",
        unit: "positions",
        total: Some(n as u64),
    }));
    let budget = watch.budget(limits)?;
    let out: Vec<T> = room(n, to)?;
    let (r, w) = (rules.clone(), watch.clone());
    let filled =
        watch.run(py, move || grundy_values::<T>(&r, &budget, out, n, &w))?;
    match filled {
        Ok(v) => Ok(PyArray1::from_vec(py, v).into_any()),
        Err(cut) => Err(cut.into_err(rules, dtype, to)),
    }
}

/// The Grundy values g(0), g(1), ..., g(to) as a NumPy array.
///
/// ``rules`` is a set as the ``grundy`` command writes it (``"1,2,3"``,
/// ``"1-3,7"``, ``"nim"``, ``"all-but:2,3,6,8"``) or an iterable of ints
/// (``{1, 2, 3}``, ``range(1, 4)``). The array's ``dtype`` is int64 unless
/// another integer type is asked for (``"uint8"`` takes an eighth of the
/// memory; a value that does not fit is an error). The values are
/// computed with the GIL released; Ctrl-C stops the call. A listing
/// stopped before ``to`` (by ``max_positions`` values, ``timeout``
/// seconds, or an engine that cannot go on) raises ``grundy.Error``
/// (``grundy.BudgetExceeded`` for a limit), never a shorter array.
///
/// Misère play has no Grundy values here: ``misere=True`` is an error
/// pointing at ``grundy.outcomes(rules, to, misere=True)``.
///
/// >>> import grundy
/// >>> grundy.values("1,2,3", 9)
/// array([0, 1, 2, 3, 0, 1, 2, 3, 0, 1])
/// >>> grundy.values(range(2, 4), 6, dtype="uint8")
/// array([0, 0, 1, 1, 2, 0, 0], dtype=uint8)
/// >>> grundy.values("all-but:2,3,6,8", 10).tolist()
/// [0, 1, 0, 1, 2, 3, 2, 3, 0, 1, 4]
#[pyfunction]
#[pyo3(signature = (
    rules,
    to,
    misere = false,
    *,
    dtype = None,
    max_positions = None,
    timeout = None,
    progress = false,
))]
#[allow(clippy::too_many_arguments)]
pub(crate) fn values<'py>(
    py: Python<'py>,
    rules: &Bound<'py, PyAny>,
    to: i64,
    misere: bool,
    dtype: Option<&Bound<'py, PyAny>>,
    max_positions: Option<u64>,
    timeout: Option<f64>,
    progress: bool,
) -> PyResult<Bound<'py, PyAny>> {
    let rules = crate::rules::rules(rules)?;
    if misere {
        return Err(PyValueError::new_err(
            "misère play has no Grundy values here; use grundy.outcomes(rules, to, misere=True) for its P-positions",
        ));
    }
    let name = match dtype {
        None => "int64".to_string(),
        Some(d) => {
            let numpy = py.import("numpy")?;
            numpy.call_method1("dtype", (d,))?.getattr("name")?.extract()?
        }
    };
    let limits = &listing_limits(max_positions, DEFAULT_MAX_STATES, timeout);
    let (r, p) = (&rules, progress);
    match name.as_str() {
        "int64" => values_array::<i64>(py, r, to, &name, limits, p),
        "uint64" => values_array::<u64>(py, r, to, &name, limits, p),
        "int32" => values_array::<i32>(py, r, to, &name, limits, p),
        "uint32" => values_array::<u32>(py, r, to, &name, limits, p),
        "int16" => values_array::<i16>(py, r, to, &name, limits, p),
        "uint16" => values_array::<u16>(py, r, to, &name, limits, p),
        "int8" => values_array::<i8>(py, r, to, &name, limits, p),
        "uint8" => values_array::<u8>(py, r, to, &name, limits, p),
        _ => Err(PyValueError::new_err(format!(
            "dtype={} is not an integer type; use \"int64\" (the default), \"uint8\", \"uint16\", \"uint32\" or another NumPy integer type",
            crate::display::py_str(&name)
        ))),
    }
}

/// The outcomes of heaps 0..`n - 1` of `rules` under `play` within
/// `budget`, each as `cell` makes it, in `out` (reserved for them); or
/// why the listing is shorter.
fn outcome_cells<T>(
    rules: &Rules,
    play: Play,
    budget: &grundy::Budget,
    mut out: Vec<T>,
    n: usize,
    watch: &Watch,
    cell: fn(Outcome) -> T,
) -> Result<Vec<T>, Cut> {
    let mut listing = grundy::outcomes_within(rules, play, budget);
    fill(&mut out, listing.by_ref().map(cell), n, watch);
    if out.len() < n {
        return Err(Cut::Ended(listing.error()));
    }
    Ok(out)
}

/// The outcomes of heaps 0, 1, ..., to: a NumPy bool array, True at the
/// P-positions (the player to move loses), or with ``as_str=True`` the
/// string of letters ``P``/``N`` that ``grundy values --json`` prints.
///
/// Under normal play the P-positions are where g(n) = 0; ``misere=True``
/// gives the misère outcomes (the player who cannot move wins), found by
/// an exhaustive search storing at most ``max_states`` positions for
/// games that split heaps. A listing stopped before ``to`` (that limit,
/// ``max_positions`` heaps or ``timeout`` seconds) raises
/// ``grundy.BudgetExceeded``, never a shorter result.
///
/// >>> import grundy
/// >>> grundy.outcomes("1,2,3", 8, as_str=True)
/// 'PNNNPNNNP'
/// >>> grundy.outcomes({1, 2, 3}, 5, misere=True)
/// array([False,  True, False, False, False,  True])
#[pyfunction]
#[pyo3(signature = (
    rules,
    to,
    misere = false,
    *,
    as_str = false,
    max_positions = None,
    max_states = DEFAULT_MAX_STATES,
    timeout = None,
    progress = false,
))]
#[allow(clippy::too_many_arguments)]
pub(crate) fn outcomes<'py>(
    py: Python<'py>,
    rules: &Bound<'py, PyAny>,
    to: i64,
    misere: bool,
    as_str: bool,
    max_positions: Option<u64>,
    max_states: u64,
    timeout: Option<f64>,
    progress: bool,
) -> PyResult<Bound<'py, PyAny>> {
    let rules = crate::rules::rules(rules)?;
    let play = if misere { Play::Misere } else { Play::Normal };
    let n = count(to)?;
    let watch = Watch::new(progress.then_some(Progress {
        desc: "outcomes",
        unit: "positions",
        total: Some(n as u64),
    }));
    let limits = listing_limits(max_positions, max_states, timeout);
    let budget = watch.budget(&limits)?;
    let (r, w) = (rules.clone(), watch.clone());
    if as_str {
        let out: Vec<u8> = room(n, to)?;
        let letter = |o: Outcome| o.letter() as u8;
        let letters = watch.run(py, move || {
            outcome_cells(&r, play, &budget, out, n, &w, letter)
        })?;
        let letters = letters.map_err(|cut| cut.into_err(&rules, "", to))?;
        let letters = String::from_utf8(letters).expect("ASCII letters");
        return Ok(PyString::new(py, &letters).into_any());
    }
    let out: Vec<bool> = room(n, to)?;
    let is_p = |o: Outcome| o == Outcome::P;
    let cells = watch
        .run(py, move || outcome_cells(&r, play, &budget, out, n, &w, is_p))?;
    let cells = cells.map_err(|cut| cut.into_err(&rules, "", to))?;
    Ok(PyArray1::from_vec(py, cells).into_any())
}
