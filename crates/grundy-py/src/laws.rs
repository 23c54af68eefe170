//! The engine of `grundy.laws`: whole spaces of families searched for
//! the laws behind their periods, one record per family, the JSON line
//! `grundy laws` prints (as JSON text, which the pure-Python layer
//! flattens into a pandas DataFrame, one row per family and key).
//!
//! Glue like the command's `laws`: the spaces, sweeps, fits, held-out
//! validation and records are `grundy_sweep::laws`'s (issue 38); here
//! the keyword arguments are read and checked before any work, the
//! search runs on a worker of `call.rs` (GIL released, Ctrl-C, progress
//! counted in families), and an error names the keyword to fix.

use grundy_fit::{Key, Options};
use grundy_sweep::RunOptions;
use grundy_sweep::laws::{LawInput, LawSearch, LawSpec, Space, Span, Stop};
use pyo3::exceptions::{PyRuntimeError, PyValueError};
use pyo3::prelude::*;

use crate::call::{Progress, Watch, seconds};
use crate::errors::{error, invalid_rules};

/// `NAME: message` as a `ValueError` (`InvalidRules` for a space that
/// does not parse, as for a sweep's template).
fn bad(input: Option<LawInput>, message: &str) -> PyErr {
    let name = match input {
        Some(LawInput::Spaces) => {
            return invalid_rules(format!("spaces: {message}"));
        }
        Some(LawInput::Coefficients) => "coefficients",
        Some(LawInput::Shifts) => "shifts",
        Some(LawInput::Fit) => "fit",
        Some(LawInput::Validate) => "validate",
        Some(LawInput::Keys) => "keys",
        None => return PyValueError::new_err(message.to_string()),
    };
    PyValueError::new_err(format!("{name}: {message}"))
}

/// The search the keyword arguments describe, checked and listed.
#[allow(clippy::too_many_arguments)]
fn plan(
    spaces: &[String],
    coefficients: &str,
    shifts: &str,
    fit: &str,
    validate: &str,
    keys: &[String],
    degree: u32,
) -> PyResult<LawSearch> {
    let spaces = spaces
        .iter()
        .map(|s| s.parse::<Space>())
        .collect::<Result<Vec<_>, _>>()
        .map_err(|e| bad(Some(LawInput::Spaces), e.message()))?;
    let span = |text: &str, input: LawInput, name: &str| {
        Span::parse(text, name).map_err(|e| bad(Some(input), e.message()))
    };
    let coefficients =
        span(coefficients, LawInput::Coefficients, "coefficients")?;
    let shifts = span(shifts, LawInput::Shifts, "shifts")?;
    let fit = span(fit, LawInput::Fit, "a")?;
    let validate = span(validate, LawInput::Validate, "a")?;
    let mut parsed = Vec::new();
    for k in keys {
        let key: Key = k.parse().map_err(|e: grundy_fit::Error| {
            bad(Some(LawInput::Keys), &e.to_string())
        })?;
        if !parsed.contains(&key) {
            parsed.push(key);
        }
    }
    let options = Options::with_degree(degree)
        .map_err(|e| PyValueError::new_err(format!("degree: {e}")))?;
    let spec = LawSpec {
        spaces,
        coefficients,
        shifts,
        fit,
        validate,
        keys: parsed,
        options,
    };
    LawSearch::new(spec).map_err(|e| bad(e.input(), e.message()))
}

/// Searches the spaces and returns one JSON line per family, in the
/// order of the spaces (the lines `grundy laws --format jsonl` prints).
#[pyfunction]
#[pyo3(signature = (spaces, coefficients, shifts, fit, validate, keys, degree, max_positions, timeout, jobs, progress))]
#[allow(clippy::too_many_arguments)]
pub(crate) fn laws_records(
    py: Python<'_>,
    spaces: Vec<String>,
    coefficients: &str,
    shifts: &str,
    fit: &str,
    validate: &str,
    keys: Vec<String>,
    degree: u32,
    max_positions: u64,
    timeout: Option<f64>,
    jobs: usize,
    progress: bool,
) -> PyResult<Vec<String>> {
    let search =
        plan(&spaces, coefficients, shifts, fit, validate, &keys, degree)?;
    let timeout = seconds(timeout)?;
    let total = search.families().count() as u64;
    let watch = Watch::new(progress.then_some(Progress {
        desc: "laws",
        unit: "families",
        total: Some(total),
    }));
    let options = RunOptions {
        jobs,
        max_positions,
        timeout,
        cancel: watch.cancel_flag(),
    };
    let w = watch.clone();
    let (ran, lines) = watch.run(py, move || {
        let mut lines: Vec<Result<String, serde_json::Error>> = Vec::new();
        let ran = search.run(&options, None, &mut |record| {
            lines.push(serde_json::to_string(&record));
            w.record(lines.len() as u64);
        });
        (ran, lines)
    })?;
    let outcome = ran.map_err(|e| error(e.message()))?;
    if outcome.stop != Stop::Complete {
        return Err(PyRuntimeError::new_err(format!(
            "the search stopped after {} of {total} families without a reason",
            outcome.done
        )));
    }
    lines
        .into_iter()
        .map(|l| {
            l.map_err(|e| {
                PyRuntimeError::new_err(format!(
                    "cannot write a family's record: {e}"
                ))
            })
        })
        .collect()
}
