//! How results show themselves: `to_dict()` (the command's `--json`
//! object, serialised by the same serde types and read back by Python's
//! `json`), and in Jupyter an HTML table and the plot of `grundy plot`
//! (drawn by `grundy-pictures`, the same SVG the command writes for the
//! same heaps and size).

use std::fmt::Write as _;

use grundy::{PeriodReport, Rules};
use grundy_pictures::plot::{self, SequencePlot};
use pyo3::exceptions::PyValueError;
use pyo3::prelude::*;
use pyo3::types::{PyDict, PyTuple};
use serde::Serialize;

use crate::call::{Limits, Watch};

/// `value` as the command's `--json` prints it, as a Python dict.
pub(crate) fn json_dict<'py>(
    py: Python<'py>,
    value: &impl Serialize,
) -> PyResult<Bound<'py, PyDict>> {
    let json = serde_json::to_string(value)
        .map_err(|e| PyValueError::new_err(e.to_string()))?;
    let loads = py.import("json")?.getattr("loads")?;
    Ok(loads.call1((json,))?.cast_into::<PyDict>()?)
}

/// A tuple of dicts, one per item (the families of winning moves), each
/// as its JSON object.
pub(crate) fn json_dicts<'py, T: Serialize>(
    py: Python<'py>,
    items: &[T],
) -> PyResult<Bound<'py, PyTuple>> {
    let dicts = items
        .iter()
        .map(|x| json_dict(py, x))
        .collect::<PyResult<Vec<_>>>()?;
    PyTuple::new(py, dicts)
}

/// Rows of (label, value) as an HTML table in a `div` of `class`, with
/// `extra` (a picture) after the table.
pub(crate) fn html_table(
    class: &str,
    rows: &[(&str, String)],
    extra: Option<&str>,
) -> String {
    let mut html = format!("<div class=\"{}\"><table>", escape(class));
    for (key, value) in rows {
        let _ = write!(
            html,
            "<tr><th style=\"text-align:left\">{}</th><td style=\"text-align:left\">{}</td></tr>",
            escape(key),
            escape(value)
        );
    }
    html.push_str("</table>");
    if let Some(extra) = extra {
        html.push_str(extra);
    }
    html.push_str("</div>");
    html
}

/// The heaps a report's plot shows when the caller does not say: at
/// least 100 (the command's default), two periods past the pre-period
/// when that is more, and at most 10,000.
pub(crate) fn default_to(r: &PeriodReport) -> u64 {
    let two_periods = r.preperiod.saturating_add(r.period.saturating_mul(2));
    two_periods.clamp(100, 10_000)
}

/// The SVG of `grundy plot` for g(0..=to) with the pre-period and period
/// marked (or not, when `period` is None). The values are listed by
/// `grundy-pictures` (as the command lists them) within `limits`, on a
/// worker thread that Ctrl-C stops ([`Watch`]); a listing cut short
/// raises (`BudgetExceeded` for a limit), and nothing is drawn.
#[allow(clippy::too_many_arguments)]
pub(crate) fn plot_svg(
    py: Python<'_>,
    rules: &Rules,
    to: u64,
    period: Option<(u64, u64)>,
    saltus: u64,
    width: u32,
    height: u32,
    limits: &Limits,
) -> PyResult<String> {
    plot::check_to(to).map_err(|e| crate::errors::bad_value(&e))?;
    if !(100..=8000).contains(&width) || !(100..=8000).contains(&height) {
        return Err(PyValueError::new_err(
            "width= and height= must be between 100 and 8000 pixels",
        ));
    }
    let watch = Watch::new(None);
    let budget = watch.budget(limits)?;
    let r = rules.clone();
    let values = watch.call(py, move || plot::values(&r, to, &budget))?;
    let picture =
        SequencePlot { title: plot::title(rules), values, period, saltus };
    py.detach(move || picture.svg(width, height))
        .map_err(|e| PyValueError::new_err(e.to_string()))
}

/// `text` as Python's `repr` writes a str: in single quotes, unless it
/// holds a single quote and no double quote.
pub(crate) fn py_str(text: &str) -> String {
    let quote =
        if text.contains('\'') && !text.contains('"') { '"' } else { '\'' };
    let mut out = String::with_capacity(text.len() + 2);
    out.push(quote);
    for c in text.chars() {
        if c == quote || c == '\\' {
            out.push('\\');
        }
        out.push(c);
    }
    out.push(quote);
    out
}

/// Text with `&`, `<`, `>` and `"` escaped for HTML.
pub(crate) fn escape(text: &str) -> String {
    let mut out = String::with_capacity(text.len());
    for c in text.chars() {
        match c {
            '&' => out.push_str("&amp;"),
            '<' => out.push_str("&lt;"),
            '>' => out.push_str("&gt;"),
            '"' => out.push_str("&quot;"),
            c => out.push(c),
        }
    }
    out
}

/// The report as an HTML table, followed by `svg` when there is one.
pub(crate) fn period_html(
    r: &PeriodReport,
    seconds: f64,
    svg: Option<&str>,
) -> String {
    let mut rows: Vec<(&str, String)> = vec![
        ("set", r.set.clone()),
        ("play", r.play.to_string()),
        ("pre-period", r.preperiod.to_string()),
        ("period", r.period.to_string()),
    ];
    if r.saltus != 0 {
        rows.push(("saltus", r.saltus.to_string()));
    }
    rows.push((
        "outcome",
        format!(
            "pre-period {}, period {}",
            r.outcome.preperiod, r.outcome.period
        ),
    ));
    if let Some(max) = r.max_value {
        rows.push(("max value", max.to_string()));
    }
    if let Some(red) = &r.reduced {
        rows.push(("gcd", format!("reduced by d = {} to {}", red.by, red.to)));
    }
    rows.push(("certificate", r.certificate.explain()));
    rows.push(("engine", r.engine.name().to_string()));
    rows.push(("examined", r.examined(seconds)));
    html_table("grundy-period", &rows, svg)
}
