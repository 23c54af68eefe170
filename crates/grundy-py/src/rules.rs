//! The `rules` argument and heaps, from Python objects.
//!
//! Rules are what the command accepts, as a string (`"1,2,3"`,
//! `"{1, 2, 3}"`, `"1-3,7"`, `"nim"`, `"all-but:2,3,6,8"`), parsed by the
//! library, or any iterable of ints (`{1, 2, 3}`, `range(1, 4)`, a NumPy
//! array) for a finite subtraction set. Heaps of sums are `(rules, size)`
//! pairs or `"SET:SIZE"` strings; sizes are Python ints of any size.
//! Everything wrong with the rules is `grundy.InvalidRules`, with the
//! library's message or one in the same style (the bad element quoted,
//! the fix suggested).

use grundy::{BigUint, FiniteSet, MAX_ELEMENT, Rules, parse_heap_size};
use pyo3::exceptions::{PyTypeError, PyValueError};
use pyo3::prelude::*;
use pyo3::types::{PyBool, PyInt, PyString, PyTuple};

use crate::errors::{bad_value, invalid_rules};

/// Rules from a string or an iterable of ints.
pub(crate) fn rules(obj: &Bound<'_, PyAny>) -> PyResult<Rules> {
    if let Ok(text) = obj.cast::<PyString>() {
        let text = text.to_cow()?;
        return text.parse().map_err(|e| invalid_rules(message(&e)));
    }
    if obj.is_instance_of::<PyInt>() {
        return Err(invalid_rules(format!(
            "rules {} is a number, not a set; write the set, e.g. {{{}}} or \"{}\"",
            shown(obj),
            shown(obj),
            shown(obj)
        )));
    }
    let Ok(items) = obj.try_iter() else {
        return Err(invalid_rules(format!(
            "rules {} ({}) is not a set; write a string such as \"1,2,3\" or an iterable of ints such as {{1, 2, 3}}",
            shown(obj),
            type_name(obj)
        )));
    };
    // An iterable may be endless (`itertools.count(1)`): an element above
    // MAX_ELEMENT stops the reading at once, and a set has at most
    // MAX_ELEMENT distinct elements, so more items than that are refused
    // rather than read for ever. Ctrl-C is looked for now and then.
    let mut elements = Vec::new();
    for item in items {
        elements.push(element(&item?)?);
        if elements.len() as u64 > MAX_ELEMENT {
            return Err(invalid_rules(format!(
                "rules {} has more than {MAX_ELEMENT} elements, more than any set of move sizes up to {MAX_ELEMENT}; give a finite set such as {{1, 2, 3}}",
                shown(obj)
            )));
        }
        if elements.len() % CHECK_SIGNALS_EVERY == 0 {
            obj.py().check_signals()?;
        }
    }
    FiniteSet::new(elements)
        .map(Rules::from)
        .map_err(|e| invalid_rules(message(&e)))
}

fn message(e: &grundy::Error) -> String {
    e.message().to_string()
}

/// Elements of an iterable read between two looks at Ctrl-C.
const CHECK_SIGNALS_EVERY: usize = 1 << 16;

/// One element of an iterable of ints: a move size, 1 to MAX_ELEMENT
/// (0 is left to the library, whose message names it).
fn element(item: &Bound<'_, PyAny>) -> PyResult<u64> {
    let too_large = |n: &Bound<'_, PyAny>| {
        invalid_rules(format!(
            "element \"{}\" is too large for the engine; elements must be at most {MAX_ELEMENT}",
            shown(n)
        ))
    };
    // Plain ints, the common case, without a method call.
    if item.is_exact_instance_of::<PyInt>()
        && let Ok(n) = item.extract::<u64>()
    {
        return if n > MAX_ELEMENT { Err(too_large(item)) } else { Ok(n) };
    }
    let not_int = || {
        invalid_rules(format!(
            "rules element {} is a {}, not an int; write move sizes as ints, e.g. {{1, 2, 3}}",
            shown(item),
            type_name(item)
        ))
    };
    if item.is_instance_of::<PyBool>() {
        return Err(not_int());
    }
    let Ok(index) = item.call_method0("__index__") else {
        return Err(not_int());
    };
    if index.lt(0)? {
        return Err(invalid_rules(format!(
            "rules element {} is negative; a move takes at least one stone",
            shown(item)
        )));
    }
    match index.extract::<u64>() {
        Ok(n) if n <= MAX_ELEMENT => Ok(n),
        // The number itself, not the repr of a NumPy scalar.
        _ => Err(too_large(&index)),
    }
}

/// A heap size: a non-negative Python int of any size.
pub(crate) fn heap_size(obj: &Bound<'_, PyAny>) -> PyResult<BigUint> {
    if obj.is_instance_of::<PyBool>() {
        return Err(PyTypeError::new_err(format!(
            "heap size {} is a bool; write the number of stones as an int",
            shown(obj)
        )));
    }
    if let Ok(text) = obj.cast::<PyString>() {
        return parse_heap_size(&text.to_cow()?).map_err(|e| bad_value(&e));
    }
    let Ok(index) = obj.call_method0("__index__") else {
        return Err(PyTypeError::new_err(format!(
            "heap size {} is a {}, not an int; write the number of stones as an int",
            shown(obj),
            type_name(obj)
        )));
    };
    // Through the decimal text: the library's parser and its message.
    let text = index.str()?;
    parse_heap_size(&text.to_cow()?).map_err(|e| bad_value(&e))
}

/// One heap of a sum: a `(rules, size)` pair or a `"SET:SIZE"` string.
pub(crate) fn heap(obj: &Bound<'_, PyAny>) -> PyResult<(Rules, BigUint)> {
    if let Ok(text) = obj.cast::<PyString>() {
        let text = text.to_cow()?;
        let Some((set, size)) = text.rsplit_once(':') else {
            // The library's words for a heap without a size.
            let e = text.parse::<grundy::Heap>().expect_err("no size");
            return Err(PyValueError::new_err(message(&e)));
        };
        let rules = set.parse().map_err(|e| invalid_rules(message(&e)))?;
        let size = parse_heap_size(size).map_err(|e| bad_value(&e))?;
        return Ok((rules, size));
    }
    let pair = obj
        .cast::<PyTuple>()
        .ok()
        .filter(|t| t.len() == 2)
        .map(|t| (t.get_item(0), t.get_item(1)));
    let pair = match pair {
        Some((Ok(r), Ok(s))) => Some((r, s)),
        _ => obj.extract::<(Bound<'_, PyAny>, Bound<'_, PyAny>)>().ok(),
    };
    let Some((r, s)) = pair else {
        return Err(PyTypeError::new_err(format!(
            "heap {} is not a (rules, size) pair; write e.g. (\"1,2,3\", 10), ({{1, 2, 3}}, 10) or \"1,2,3:10\"",
            shown(obj)
        )));
    };
    Ok((rules(&r)?, heap_size(&s)?))
}

/// The heaps of a sum: a non-empty iterable of heaps.
pub(crate) fn heaps(
    obj: &Bound<'_, PyAny>,
) -> PyResult<Vec<(Rules, BigUint)>> {
    if obj.is_instance_of::<PyString>() {
        return Err(PyTypeError::new_err(
            "heaps must be a list of heaps, e.g. [(\"1,2,3\", 10), \"nim:5\"], not one string",
        ));
    }
    let Ok(items) = obj.try_iter() else {
        return Err(PyTypeError::new_err(format!(
            "heaps {} is not a list of heaps; write e.g. [(\"1,2,3\", 10), (\"nim\", 5)]",
            shown(obj)
        )));
    };
    let mut out = Vec::new();
    for item in items {
        out.push(heap(&item?)?);
    }
    if out.is_empty() {
        return Err(PyValueError::new_err(
            "no heaps given; write heaps as (rules, size) pairs, e.g. [(\"1,2,3\", 10), (\"nim\", 5)]",
        ));
    }
    Ok(out)
}

/// `repr(obj)`, shortened for a one-line message.
pub(crate) fn shown(obj: &Bound<'_, PyAny>) -> String {
    let text =
        obj.repr().map(|r| r.to_string()).unwrap_or_else(|_| "?".into());
    if text.chars().count() > 40 {
        let head: String = text.chars().take(37).collect();
        format!("{head}...")
    } else {
        text
    }
}

fn type_name(obj: &Bound<'_, PyAny>) -> String {
    obj.get_type().name().map(|n| n.to_string()).unwrap_or_else(|_| "?".into())
}
