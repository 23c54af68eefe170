//! The engine of `grundy.sweep`: every set of a family, one row each,
//! as columns (the pure-Python layer makes them a pandas DataFrame or a
//! list of dicts).
//!
//! The sets are evaluated by `grundy_sweep::run` on a thread pool, with
//! the per-set budget of `grundy sweep`, on a worker of `call.rs` that
//! counts the rows as they come; the calling thread releases the GIL,
//! looks for Ctrl-C and moves the progress bar; Ctrl-C sets the sweep's
//! cancel flag. The
//! columns are the contract of the command's CSV and JSON Lines files:
//! the parameter names, then `grundy_sweep::RESULT_COLUMNS`.

use grundy_sweep::{Family, RESULT_COLUMNS, Row, RunOptions, run};
use pyo3::exceptions::{PyRuntimeError, PyValueError};
use pyo3::prelude::*;
use pyo3::types::{PyDict, PyList};

use crate::call::{Progress, Watch, seconds};
use crate::errors::from_sweep;

/// The family `sweep` describes: a template with parameters, or subsets.
fn family(
    template: Option<&str>,
    params: &[String],
    subsets: Option<usize>,
    max: Option<u64>,
) -> PyResult<Family> {
    match (template, subsets, max) {
        (Some(t), None, None) => {
            Family::template(t, params).map_err(|e| from_sweep(&e))
        }
        (None, Some(k), Some(max)) if params.is_empty() => {
            Family::subsets(k, max).map_err(|e| from_sweep(&e))
        }
        (None, Some(_), Some(_)) => Err(PyValueError::new_err(
            "parameters do not apply to subsets=; use a template such as \"a,b,c\" instead",
        )),
        (Some(_), _, _) => Err(PyValueError::new_err(
            "give a template or subsets= with max=, not both",
        )),
        _ => Err(PyValueError::new_err(
            "describe a family: a template with its parameters, e.g. grundy.sweep(\"a,b\", a=\"1..9\", b=\"a+1..20\"), or subsets=K with max=M",
        )),
    }
}

/// Runs a sweep and returns its columns, in order, by name.
#[pyfunction]
#[pyo3(signature = (template, params, subsets, max, max_positions, timeout, jobs, progress))]
#[allow(clippy::too_many_arguments)]
pub(crate) fn sweep_columns<'py>(
    py: Python<'py>,
    template: Option<&str>,
    params: Vec<String>,
    subsets: Option<usize>,
    max: Option<u64>,
    max_positions: u64,
    timeout: Option<f64>,
    jobs: usize,
    progress: bool,
) -> PyResult<Bound<'py, PyDict>> {
    let family = family(template, &params, subsets, max)?;
    let rows = rows(py, &family, max_positions, timeout, jobs, progress)?;
    columns(py, &family, &rows)
}

/// Every row of `family`, in family order, each set with the per-set
/// budget; the GIL released meanwhile, Ctrl-C and the progress bar
/// watched (`call.rs`). Shared by `sweep` and `fit`.
pub(crate) fn rows(
    py: Python<'_>,
    family: &Family,
    max_positions: u64,
    timeout: Option<f64>,
    jobs: usize,
    progress: bool,
) -> PyResult<Vec<Row>> {
    let timeout = seconds(timeout)?;
    let total = py.detach(|| family.count()).map_err(|e| from_sweep(&e))?;
    let watch = Watch::new(progress.then_some(Progress {
        desc: "sweep",
        unit: "sets",
        total: Some(total),
    }));
    let options = RunOptions {
        jobs,
        max_positions,
        timeout,
        cancel: watch.cancel_flag(),
    };
    let (family, w) = (family.clone(), watch.clone());
    let (ran, mut rows) = watch.run(py, move || {
        let mut rows = Vec::new();
        let ran = run(&family, &|_| true, &options, &mut |batch| {
            rows.extend(batch);
            w.record(rows.len() as u64);
        });
        (ran, rows)
    })?;
    ran.map_err(|e| from_sweep(&e))?;
    rows.sort_by_key(|r| r.index);
    Ok(rows)
}

/// The rows as columns: the parameters by name, then the result columns.
fn columns<'py>(
    py: Python<'py>,
    family: &Family,
    rows: &[Row],
) -> PyResult<Bound<'py, PyDict>> {
    let out = PyDict::new(py);
    for (i, name) in family.param_names().into_iter().enumerate() {
        let values = rows.iter().map(|r| r.params.get(i).copied());
        out.set_item(name, PyList::new(py, values)?)?;
    }
    let cols: Vec<grundy_sweep::Columns> =
        rows.iter().map(Row::columns).collect();
    for name in RESULT_COLUMNS {
        let list = match name {
            "set" => PyList::new(py, cols.iter().map(|c| c.set.as_str()))?,
            "status" => {
                PyList::new(py, cols.iter().map(|c| c.status.as_str()))?
            }
            _ => {
                let values = cols
                    .iter()
                    .map(|c| number(c, name))
                    .collect::<PyResult<Vec<Option<u64>>>>()?;
                PyList::new(py, values)?
            }
        };
        out.set_item(name, list)?;
    }
    Ok(out)
}

/// A numeric result column of one row (None where it does not exist);
/// a column this binding does not know is an error, not a silent gap.
fn number(c: &grundy_sweep::Columns, name: &str) -> PyResult<Option<u64>> {
    Ok(match name {
        "preperiod" => c.preperiod,
        "period" => c.period,
        "saltus" => c.saltus,
        "outcome_preperiod" => c.outcome_preperiod,
        "outcome_period" => c.outcome_period,
        "max_value" => c.max_value,
        "positions" => c.positions,
        _ => {
            return Err(PyRuntimeError::new_err(format!(
                "the sweep column \"{name}\" is not known to the Python binding"
            )));
        }
    })
}
