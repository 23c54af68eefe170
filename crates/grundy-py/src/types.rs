//! The small named tuples of results (`Periodicity`, `Certificate`,
//! `Reduction`, `PatternCycle`, `HeapValue`), defined in the pure-Python
//! layer (`grundy/_types.py`) as `typing.NamedTuple`s so that they are
//! immutable, unpack like tuples and have `_asdict()`; built from here.

use pyo3::prelude::*;
use pyo3::sync::PyOnceLock;
use pyo3::types::PyModule;

static TYPES: PyOnceLock<Py<PyModule>> = PyOnceLock::new();

/// `grundy._types.<name>(*fields)`.
pub(crate) fn make<'py, A>(
    py: Python<'py>,
    name: &str,
    fields: A,
) -> PyResult<Bound<'py, PyAny>>
where
    A: pyo3::call::PyCallArgs<'py>,
{
    let module = TYPES.get_or_try_init(py, || {
        Ok::<_, PyErr>(py.import("grundy._types")?.unbind())
    })?;
    module.bind(py).getattr(name)?.call1(fields)
}
