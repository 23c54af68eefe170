//! `grundy.values` and `grundy.outcomes`: sequences as NumPy arrays.
//!
//! The library's sequence ([`grundy::values`], [`grundy::outcomes`]) is
//! written into a Rust vector with the GIL released, a chunk at a time
//! (Ctrl-C is looked for between chunks, see `call.rs`), and the vector
//! becomes the array's memory without a copy (`PyArray1::from_vec`): no
//! Python object per value, so 10^8 values take one call and the memory
//! of the array itself.

use grundy::{Outcome, Play, Rules};
use numpy::{Element, PyArray1};
use pyo3::exceptions::{PyMemoryError, PyValueError};
use pyo3::prelude::*;
use pyo3::types::PyString;

use crate::call::{Progress, Watch};
use crate::errors;

/// Values written between two looks at Ctrl-C and the progress bar.
const CHUNK: usize = 1 << 20;

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
/// ticking `watch` between chunks; stops early if it is cancelled or
/// `items` ends.
fn fill<T, I: Iterator<Item = T>>(
    out: &mut Vec<T>,
    mut items: I,
    n: usize,
    watch: &Watch,
) {
    while out.len() < n && !watch.cancelled() {
        let step = CHUNK.min(n - out.len());
        let before = out.len();
        out.extend(items.by_ref().take(step));
        watch.tick(out.len() as u64);
        if out.len() - before < step {
            break;
        }
    }
}

/// The Grundy values g(0), ..., g(to) in a vector of `T`, or the first
/// value that does not fit in `T`.
fn grundy_values<T>(
    rules: &Rules,
    n: usize,
    to: i64,
    watch: &Watch,
) -> PyResult<Result<Vec<T>, (usize, u64)>>
where
    T: TryFrom<u64> + Send,
{
    let mut out: Vec<T> = room(n, to)?;
    let mut bad = None;
    let values = grundy::values(rules).enumerate().map_while(|(i, g)| {
        let v = g.value();
        match T::try_from(v) {
            Ok(t) => Some(t),
            Err(_) => {
                bad = Some((i, v));
                None
            }
        }
    });
    fill(&mut out, values, n, watch);
    Ok(match bad {
        Some(b) => Err(b),
        None => Ok(out),
    })
}

/// One supported element type of the values array.
fn values_array<'py, T>(
    py: Python<'py>,
    rules: &Rules,
    to: i64,
    dtype: &str,
    progress: bool,
) -> PyResult<Bound<'py, PyAny>>
where
    T: Element + TryFrom<u64> + Send,
{
    let n = count(to)?;
    let watch = Watch::new(progress.then_some(Progress {
        desc: "values",
        unit: "positions",
        total: Some(n as u64),
    }));
    let filled = py.detach(|| grundy_values::<T>(rules, n, to, &watch));
    let filled = watch.finish(py, Ok(filled))??;
    match filled {
        Ok(v) => Ok(PyArray1::from_vec(py, v).into_any()),
        Err((i, v)) => Err(errors::error(format!(
            "g({i}) = {v} does not fit in dtype {dtype}; use dtype=\"int64\""
        ))),
    }
}

/// The Grundy values g(0), g(1), ..., g(to) as a NumPy array.
///
/// ``rules`` is a set as the ``grundy`` command writes it (``"1,2,3"``,
/// ``"1-3,7"``, ``"nim"``, ``"all-but:2,3,6,8"``) or an iterable of ints
/// (``{1, 2, 3}``, ``range(1, 4)``). The array's ``dtype`` is int64 unless
/// another integer type is asked for (``"uint8"`` takes an eighth of the
/// memory; a value that does not fit is an error). The values are
/// computed with the GIL released; Ctrl-C stops the call.
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
#[pyo3(signature = (rules, to, misere = false, *, dtype = None, progress = false))]
pub(crate) fn values<'py>(
    py: Python<'py>,
    rules: &Bound<'py, PyAny>,
    to: i64,
    misere: bool,
    dtype: Option<&Bound<'py, PyAny>>,
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
    let r = &rules;
    match name.as_str() {
        "int64" => values_array::<i64>(py, r, to, &name, progress),
        "uint64" => values_array::<u64>(py, r, to, &name, progress),
        "int32" => values_array::<i32>(py, r, to, &name, progress),
        "uint32" => values_array::<u32>(py, r, to, &name, progress),
        "int16" => values_array::<i16>(py, r, to, &name, progress),
        "uint16" => values_array::<u16>(py, r, to, &name, progress),
        "int8" => values_array::<i8>(py, r, to, &name, progress),
        "uint8" => values_array::<u8>(py, r, to, &name, progress),
        _ => Err(PyValueError::new_err(format!(
            "dtype={} is not an integer type; use \"int64\" (the default), \"uint8\", \"uint16\", \"uint32\" or another NumPy integer type",
            crate::display::py_str(&name)
        ))),
    }
}

/// The outcomes of heaps 0, 1, ..., to: a NumPy bool array, True at the
/// P-positions (the player to move loses), or with ``as_str=True`` the
/// string of letters ``P``/``N`` that ``grundy values --json`` prints.
///
/// Under normal play the P-positions are where g(n) = 0; ``misere=True``
/// gives the misère outcomes (the player who cannot move wins).
///
/// >>> import grundy
/// >>> grundy.outcomes("1,2,3", 8, as_str=True)
/// 'PNNNPNNNP'
/// >>> grundy.outcomes({1, 2, 3}, 5, misere=True)
/// array([False,  True, False, False, False,  True])
#[pyfunction]
#[pyo3(signature = (rules, to, misere = false, *, as_str = false, progress = false))]
pub(crate) fn outcomes<'py>(
    py: Python<'py>,
    rules: &Bound<'py, PyAny>,
    to: i64,
    misere: bool,
    as_str: bool,
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
    if as_str {
        let letters = py.detach(|| -> PyResult<String> {
            let mut out: Vec<u8> = room(n, to)?;
            let letters =
                grundy::outcomes(&rules, play).map(|o| o.letter() as u8);
            fill(&mut out, letters, n, &watch);
            Ok(String::from_utf8(out).expect("ASCII letters"))
        });
        let letters = watch.finish(py, Ok(letters))??;
        return Ok(PyString::new(py, &letters).into_any());
    }
    let cells = py.detach(|| -> PyResult<Vec<bool>> {
        let mut out: Vec<bool> = room(n, to)?;
        let is_p = grundy::outcomes(&rules, play).map(|o| o == Outcome::P);
        fill(&mut out, is_p, n, &watch);
        Ok(out)
    });
    let cells = watch.finish(py, Ok(cells))??;
    Ok(PyArray1::from_vec(py, cells).into_any())
}
