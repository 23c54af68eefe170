//! `grundy-py`: the `grundy` Python package over the same library.
//!
//! Most people who explore impartial games do it in Python (notebooks,
//! scripts, SageMath); this crate gives them the library's small API
//! without shelling out to the command: `values` and `outcomes` as NumPy
//! arrays, `period`, `heap`, `sum`, `best_move`, `quotient`, and the engines of
//! `sweep` and `fit`. It is glue, like the command: rules and heaps from Python
//! objects (`rules.rs`), one budget per call with the GIL released,
//! Ctrl-C and progress (`call.rs`), the library's errors as Python
//! exceptions worded for Python (`errors.rs`), and result objects whose
//! `to_dict()` is the command's `--json` object (`period.rs`, `heap.rs`,
//! `sum.rs`, `quotient.rs`, `display.rs`). The pure-Python layer (`python/grundy/`)
//! adds the exception classes, small named tuples, the progress bar and
//! the pandas DataFrame of sweeps.
//!
//! Built by maturin as the extension module `grundy._grundy` (abi3, so one
//! wheel serves CPython 3.9 and later).

mod call;
mod display;
mod errors;
mod fit;
mod heap;
mod laws;
mod period;
mod quotient;
mod rules;
mod sum;
mod sweep;
mod types;
mod values;

use pyo3::prelude::*;

/// The compiled part of the `grundy` package; import `grundy` instead.
#[pymodule]
fn _grundy(m: &Bound<'_, PyModule>) -> PyResult<()> {
    m.add_function(wrap_pyfunction!(values::values, m)?)?;
    m.add_function(wrap_pyfunction!(values::outcomes, m)?)?;
    m.add_function(wrap_pyfunction!(period::period, m)?)?;
    m.add_function(wrap_pyfunction!(heap::heap, m)?)?;
    m.add_function(wrap_pyfunction!(sum::sum, m)?)?;
    m.add_function(wrap_pyfunction!(sum::best_move, m)?)?;
    m.add_function(wrap_pyfunction!(sweep::sweep_columns, m)?)?;
    m.add_function(wrap_pyfunction!(fit::fit_report, m)?)?;
    m.add_function(wrap_pyfunction!(laws::laws_records, m)?)?;
    m.add_class::<period::PyPeriodReport>()?;
    m.add_class::<heap::PyHeapReport>()?;
    m.add_class::<sum::PySumReport>()?;
    m.add_class::<sum::PyMove>()?;
    m.add_function(wrap_pyfunction!(quotient::quotient, m)?)?;
    m.add_class::<quotient::PyQuotientReport>()?;
    m.add("DEFAULT_MAX_POSITIONS", grundy::DEFAULT_MAX_POSITIONS)?;
    m.add("DEFAULT_OCTAL_HEAPS", grundy::DEFAULT_OCTAL_HEAPS)?;
    m.add("DEFAULT_MAX_SPLITS", grundy::DEFAULT_MAX_SPLITS)?;
    m.add("DEFAULT_MAX_STATES", grundy::DEFAULT_MAX_STATES)?;
    m.add("DEFAULT_QUOTIENT_POSITIONS", grundy::DEFAULT_QUOTIENT_POSITIONS)?;
    m.add("DEFAULT_SWEEP_POSITIONS", grundy_sweep::DEFAULT_SWEEP_POSITIONS)?;
    m.add("MAX_ELEMENT", grundy::MAX_ELEMENT)?;
    m.add("__version__", env!("CARGO_PKG_VERSION"))?;
    Ok(())
}
