//! The engine of `grundy.fit`: the law behind one column of a family's
//! sweep, the object `grundy fit --json` prints (as JSON text, which the
//! pure-Python layer reads into a dict).
//!
//! Glue like the command's `fit`: the family's rows come from the same
//! sweep as `grundy.sweep` (`sweep::rows`, GIL released, Ctrl-C, progress),
//! the fitting from `grundy-fit` (a piecewise quasi-polynomial, each
//! piece backed by rows to spare, in the form K. Suetsugu and T. Abuku
//! state the laws of All-but Nim with FES sets of size 4), and
//! `validate` computes the family further and checks each prediction.

use grundy_fit::{FitTable, Key, Options, SweepRow};
use grundy_sweep::Family;
use pyo3::exceptions::PyValueError;
use pyo3::prelude::*;

use crate::errors::from_sweep;
use crate::sweep;

/// A one-line `ValueError` from an error of `grundy-fit`.
fn bad(e: &grundy_fit::Error) -> PyErr {
    PyValueError::new_err(e.to_string())
}

/// Fits `key` over the family and returns `grundy fit --json`'s object
/// as JSON text.
#[pyfunction]
#[pyo3(signature = (template, params, key, degree, validate, max_positions, timeout, jobs, progress))]
#[allow(clippy::too_many_arguments)]
pub(crate) fn fit_report(
    py: Python<'_>,
    template: &str,
    params: Vec<String>,
    key: &str,
    degree: u32,
    validate: Vec<String>,
    max_positions: u64,
    timeout: Option<f64>,
    jobs: usize,
    progress: bool,
) -> PyResult<String> {
    let key: Key = key.parse().map_err(|e| bad(&e))?;
    let options = Options::with_degree(degree).map_err(|e| bad(&e))?;
    let family =
        Family::template(template, &params).map_err(|e| from_sweep(&e))?;
    let names: Vec<String> =
        family.param_names().iter().map(|s| s.to_string()).collect();
    let further = validation_family(template, &params, &names, &validate)?;
    let run = |family: &Family| {
        sweep::rows(py, family, max_positions, timeout, jobs, progress)
    };
    let table = to_table(&names, key, &run(&family)?)?;
    let fit = grundy_fit::fit(&table, &options).map_err(|e| bad(&e))?;
    let mut report = fit.report(template.trim());
    if let Some(further) = further {
        let further = to_table(&names, key, &run(&further)?)?;
        let new = table.rows_beyond(&further);
        let range = validate.join(", ");
        if new.is_empty() {
            return Err(PyValueError::new_err(format!(
                "validate={range} adds no rows beyond the {} fitted; give a range past them",
                table.rows().len()
            )));
        }
        report.validated = Some(fit.validate(&new).report(&range));
    }
    serde_json::to_string(&report).map_err(|e| {
        PyValueError::new_err(format!("cannot write the report: {e}"))
    })
}

/// The family with the `validate` ranges (`NAME=LO..HI`) in place of the
/// fitted ones ([`grundy_fit::validation_ranges`]); each must name a
/// parameter of the family.
fn validation_family(
    template: &str,
    params: &[String],
    names: &[String],
    validate: &[String],
) -> PyResult<Option<Family>> {
    if validate.is_empty() {
        return Ok(None);
    }
    let specs = grundy_fit::validation_ranges(params, names, validate)
        .map_err(|e| match e {
            grundy_fit::Error::ValidationRange { name, params, .. } => {
                PyValueError::new_err(format!(
                    "validate names \"{name}\", not a parameter of the family; its parameters are {}",
                    params.join(", ")
                ))
            }
            e => bad(&e),
        })?;
    Family::template(template, &specs).map(Some).map_err(|e| from_sweep(&e))
}

/// A sweep's rows as the table to fit for `key`
/// ([`FitTable::from_sweep`]); a column no set has (`max_value` of
/// all-but sets) is an error naming the key to use instead.
fn to_table(
    names: &[String],
    key: Key,
    rows: &[grundy_sweep::Row],
) -> PyResult<FitTable> {
    let rows = rows.iter().map(|r| SweepRow {
        params: r.params.clone(),
        found: r.result.found().map(|f| f.get(key.name())),
    });
    FitTable::from_sweep(names.to_vec(), key, rows).map_err(|e| match e {
        grundy_fit::Error::Undefined { .. } => {
            PyValueError::new_err(format!("{e}, e.g. key=\"period\""))
        }
        e => bad(&e),
    })
}
