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

use std::collections::HashSet;

use grundy_fit::{Key, Options, Row, Table};
use grundy_sweep::Family;
use pyo3::exceptions::PyValueError;
use pyo3::prelude::*;

use crate::errors::from_sweep;
use crate::sweep;

/// A one-line `ValueError` from an error of `grundy-fit`.
fn bad(e: &grundy_fit::Error) -> PyErr {
    PyValueError::new_err(e.message().to_string())
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
    let table = table(&names, key, &run(&family)?)?;
    let fit = grundy_fit::fit(&table, &options).map_err(|e| bad(&e))?;
    let mut report = fit.report(template.trim());
    if let Some(further) = further {
        let seen: HashSet<&[i64]> =
            table.rows().iter().map(|r| r.params.as_slice()).collect();
        let new: Vec<Row> = table_rows(key, &run(&further)?)
            .into_iter()
            .filter(|r| !seen.contains(r.params.as_slice()))
            .collect();
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
/// fitted ones; each must name a parameter of the family.
fn validation_family(
    template: &str,
    params: &[String],
    names: &[String],
    validate: &[String],
) -> PyResult<Option<Family>> {
    if validate.is_empty() {
        return Ok(None);
    }
    let mut specs = params.to_vec();
    for v in validate {
        let name = v.split_once('=').map_or("", |(n, _)| n.trim());
        let Some(i) = names.iter().position(|n| n == name) else {
            return Err(PyValueError::new_err(format!(
                "validate names \"{name}\", not a parameter of the family; its parameters are {}",
                names.join(", ")
            )));
        };
        specs[i] = v.trim().to_string();
    }
    Family::template(template, &specs).map(Some).map_err(|e| from_sweep(&e))
}

/// A sweep's rows as the fitter's rows for `key`: a row without the value
/// (not found within the budget, or an invalid set) has none.
fn table_rows(key: Key, rows: &[grundy_sweep::Row]) -> Vec<Row> {
    rows.iter()
        .map(|r| Row {
            params: r.params.clone(),
            value: r
                .result
                .found()
                .and_then(|f| f.get(key.name()))
                .and_then(|v| i64::try_from(v).ok()),
        })
        .collect()
}

/// [`table_rows`] as the table to fit; a column no set has (`max_value`
/// of all-but sets) is an error naming the keys to use instead.
fn table(
    names: &[String],
    key: Key,
    rows: &[grundy_sweep::Row],
) -> PyResult<Table> {
    let fitted = table_rows(key, rows);
    let found = rows.iter().filter(|r| r.result.found().is_some()).count();
    if found > 0 && fitted.iter().all(|r| r.value.is_none()) {
        return Err(PyValueError::new_err(format!(
            "the family's sets have no {key} (all-but sets have unbounded values); fit another key, e.g. key=\"period\""
        )));
    }
    Table::new(names.to_vec(), key, fitted).map_err(|e| bad(&e))
}
