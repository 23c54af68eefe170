//! The library's errors as Python exceptions, worded for Python.
//!
//! The classes live in the pure-Python layer (`grundy/_errors.py`), where
//! `InvalidRules` can be both a `grundy.Error` and a `ValueError`; this
//! module fetches them once and raises them. The library's messages name
//! no front end's settings (`grundy::Error::stopped` says which limit ran
//! out), so the hint at the argument to raise is added here, with the
//! Python spelling (`max_positions=`), as the command adds
//! `--max-positions`.

use grundy::{ErrorKind, StopReason};
use pyo3::exceptions::PyValueError;
use pyo3::prelude::*;
use pyo3::sync::PyOnceLock;
use pyo3::types::PyType;

/// The exception classes of `grundy._errors`, imported on first use.
struct Classes {
    error: Py<PyType>,
    invalid_rules: Py<PyType>,
    budget_exceeded: Py<PyType>,
}

static CLASSES: PyOnceLock<Classes> = PyOnceLock::new();

fn classes(py: Python<'_>) -> PyResult<&Classes> {
    CLASSES.get_or_try_init(py, || {
        let m = py.import("grundy._errors")?;
        let get = |name: &str| -> PyResult<Py<PyType>> {
            Ok(m.getattr(name)?.cast_into::<PyType>()?.unbind())
        };
        Ok(Classes {
            error: get("Error")?,
            invalid_rules: get("InvalidRules")?,
            budget_exceeded: get("BudgetExceeded")?,
        })
    })
}

/// Builds an exception of `class` with constructor arguments `args`; if
/// the classes cannot be imported, that import error is raised instead.
fn raise<'py, A>(
    py: Python<'py>,
    pick: fn(&Classes) -> &Py<PyType>,
    args: A,
) -> PyErr
where
    A: pyo3::call::PyCallArgs<'py>,
{
    match classes(py) {
        Ok(c) => match pick(c).bind(py).call1(args) {
            Ok(e) => PyErr::from_value(e),
            Err(e) => e,
        },
        Err(e) => e,
    }
}

/// `grundy.InvalidRules(message)`: the rules argument is not understood.
pub(crate) fn invalid_rules(message: impl Into<String>) -> PyErr {
    let message = message.into();
    Python::attach(|py| raise(py, |c| &c.invalid_rules, (message,)))
}

/// `grundy.Error(message)`.
pub(crate) fn error(message: impl Into<String>) -> PyErr {
    let message = message.into();
    Python::attach(|py| raise(py, |c| &c.error, (message,)))
}

/// The argument to raise when a limit ran out, as a Python caller
/// writes it.
pub(crate) fn hint(reason: StopReason) -> &'static str {
    match reason {
        StopReason::Positions => "; raise max_positions=",
        StopReason::Time => "; raise timeout=",
        StopReason::States => " or raise max_states=",
        StopReason::Splits => {
            "; give max_positions= to compute that many heaps whatever they cost, or timeout="
        }
        StopReason::Cancelled | StopReason::Width => "",
    }
}

/// The name of a stop reason, as `BudgetExceeded.reason` gives it.
fn reason_name(reason: StopReason) -> &'static str {
    match reason {
        StopReason::Positions => "positions",
        StopReason::States => "states",
        StopReason::Time => "time",
        StopReason::Cancelled => "cancelled",
        StopReason::Width => "width",
        StopReason::Splits => "splits",
    }
}

/// The Python exception for an error of the library: rules that do not
/// parse are `InvalidRules`, a budget that ran out is `BudgetExceeded`
/// (with the hint), any other bad value a `ValueError`, and the rest
/// `grundy.Error`.
pub(crate) fn from_library(e: &grundy::Error) -> PyErr {
    match e.kind() {
        ErrorKind::Parse => invalid_rules(e.message()),
        ErrorKind::Budget => match e.stopped() {
            Some(s) => {
                let message = format!("{}{}", e.message(), hint(s.reason));
                let unit = s.unit.plural();
                let reason = reason_name(s.reason);
                // The survey of a take-and-break game's values, as the
                // command's JSON writes it (`json.loads` on the Python
                // side).
                let survey = s
                    .seen
                    .as_deref()
                    .and_then(|survey| serde_json::to_string(survey).ok());
                Python::attach(|py| {
                    raise(
                        py,
                        |c| &c.budget_exceeded,
                        (message, reason, s.done, s.limit, unit, survey),
                    )
                })
            }
            None => Python::attach(|py| {
                raise(py, |c| &c.budget_exceeded, (e.message(),))
            }),
        },
        _ => error(e.message()),
    }
}

/// A library error about a value that is not rules (a heap size written
/// as text): `ValueError` with the library's message.
pub(crate) fn bad_value(e: &grundy::Error) -> PyErr {
    PyValueError::new_err(e.message().to_string())
}

/// The Python exception for an error of `grundy-sweep`: a family that
/// does not parse is `InvalidRules`, anything else `grundy.Error`.
pub(crate) fn from_sweep(e: &grundy_sweep::Error) -> PyErr {
    match e.kind() {
        grundy_sweep::ErrorKind::Parse => invalid_rules(e.message()),
        _ => error(e.message()),
    }
}
