//! The research reports of a sweep as text: `--table` (text, Markdown,
//! CSV; the layout of the period tables of K. Suetsugu, T. Abuku,
//! "All-but Nim with FES sets of size 4"), `--check` and `--summary`. The
//! numbers come from `grundy-sweep`; this only lays them out.

use std::fmt::Write as _;

use grundy_sweep::{
    Cell, CheckOutcome, Evaluation, Row, Summary, Table, Verdict,
};

/// `--table-format`.
#[derive(Clone, Copy, Debug, PartialEq, Eq, clap::ValueEnum)]
pub enum TableFormat {
    /// Aligned columns for the terminal.
    Text,
    /// A GitHub Markdown table.
    Markdown,
    /// CSV: the corner cell, then the column keys; one line per row key.
    Csv,
}

fn cell_text(cell: Cell) -> String {
    match cell {
        Cell::Empty => String::new(),
        Cell::Value(v) => v.to_string(),
        Cell::NotFound => "?".into(),
        Cell::Error => "err".into(),
    }
}

/// Renders a table; `?` marks a period not found within the budget,
/// `err` a set that could not be evaluated, an empty cell no set.
pub fn table(t: &Table, format: TableFormat) -> String {
    let corner = format!("{} \\ {}", t.row_label, t.col_label);
    let head: Vec<String> = t.cols.iter().map(|c| c.to_string()).collect();
    let body: Vec<(String, Vec<String>)> = t
        .rows
        .iter()
        .zip(&t.cells)
        .map(|(r, cells)| {
            (r.to_string(), cells.iter().map(|&c| cell_text(c)).collect())
        })
        .collect();
    let mut out = String::new();
    match format {
        TableFormat::Csv => {
            let corner = format!("{}\\{}", t.row_label, t.col_label);
            let quote = |s: &str| {
                if s.contains([',', '"']) {
                    format!("\"{}\"", s.replace('"', "\"\""))
                } else {
                    s.to_string()
                }
            };
            let mut line = vec![quote(&corner)];
            line.extend(head);
            out += &(line.join(",") + "\n");
            for (r, cells) in body {
                let mut line = vec![r];
                line.extend(cells);
                out += &(line.join(",") + "\n");
            }
        }
        TableFormat::Markdown => {
            let _ = writeln!(out, "{} of {}:\n", t.value_label, corner);
            let mut line =
                vec![format!("{} \\\\ {}", t.row_label, t.col_label)];
            line.extend(head);
            out += &format!("| {} |\n", line.join(" | "));
            out += &format!("|{}\n", "---:|".repeat(line.len()));
            for (r, cells) in body {
                let mut line = vec![format!("**{r}**")];
                line.extend(cells);
                out += &format!("| {} |\n", line.join(" | "));
            }
        }
        TableFormat::Text => {
            let width = body
                .iter()
                .flat_map(|(_, c)| c.iter())
                .chain(&head)
                .map(String::len)
                .max()
                .unwrap_or(1);
            let side = body
                .iter()
                .map(|(r, _)| r.len())
                .chain([corner.len()])
                .max()
                .unwrap_or(1);
            let _ = writeln!(out, "{}", t.value_label);
            let _ = write!(out, "{corner:<side$}");
            for h in &head {
                let _ = write!(out, " {h:>width$}");
            }
            out.push('\n');
            for (r, cells) in body {
                let _ = write!(out, "{r:>side$}");
                for c in cells {
                    let c = if c.is_empty() { ".".to_string() } else { c };
                    let _ = write!(out, " {c:>width$}");
                }
                out.push('\n');
            }
        }
    }
    out
}

/// Names a row: its parameters (or, without any, its set).
pub fn row_name(params: &[&str], row: &Row) -> String {
    if params.is_empty() {
        return format!("{{{}}}", row.set);
    }
    let p: Vec<String> = params
        .iter()
        .zip(&row.params)
        .map(|(n, v)| format!("{n}={v}"))
        .collect();
    format!("{} {{{}}}", p.join(", "), row.set)
}

/// The `--check` report: each counterexample, then the counts.
pub fn check(
    text: &str,
    params: &[&str],
    rows: &[Row],
    outcome: &CheckOutcome,
) -> String {
    let mut out = format!("check: {text}\n");
    for (index, verdict) in &outcome.failures {
        let row = rows
            .binary_search_by_key(index, |r| r.index)
            .map(|i| &rows[i])
            .expect("failures name rows of the sweep");
        let (kind, detail) = match verdict {
            Verdict::Fail(d) => ("counterexample", d.as_str()),
            Verdict::Error(d) => ("error", d.as_str()),
            _ => continue,
        };
        let _ = writeln!(out, "  {kind}: {}: {detail}", row_name(params, row));
    }
    let counterexamples = outcome
        .failures
        .iter()
        .filter(|(_, v)| matches!(v, Verdict::Fail(_)))
        .count();
    let errors = outcome.failures.len() - counterexamples;
    let _ = writeln!(
        out,
        "check: {} passed, {counterexamples} counterexamples, {errors} errors, {} skipped (no result)",
        outcome.passed, outcome.skipped
    );
    out
}

/// The `--summary` report.
pub fn summary(params: &[&str], rows: &[Row], s: &Summary) -> String {
    let mut out = String::new();
    let _ = writeln!(
        out,
        "sets: {} ({} found, {} not found, {} errors)",
        s.rows, s.found, s.not_found, s.errors
    );
    let _ = writeln!(
        out,
        "purely periodic (pre-period 0): {} of {} found",
        s.purely_periodic, s.found
    );
    for (title, list) in [
        ("longest periods", &s.top_period),
        ("longest pre-periods", &s.top_preperiod),
    ] {
        let _ = writeln!(out, "{title}:");
        if list.is_empty() {
            let _ = writeln!(out, "  none");
        }
        for &i in list {
            let row = &rows[i];
            if let Evaluation::Found(f) = &row.result {
                let _ = writeln!(
                    out,
                    "  period {:>8}  pre-period {:>8}  {}",
                    f.period,
                    f.preperiod,
                    row_name(params, row)
                );
            }
        }
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    fn t() -> Table {
        Table {
            row_label: "a".into(),
            col_label: "b-a".into(),
            value_label: "period".into(),
            rows: vec![1, 2],
            cols: vec![1, 2],
            cells: vec![
                vec![Cell::Value(3), Cell::Value(14)],
                vec![Cell::NotFound, Cell::Empty],
            ],
        }
    }

    #[test]
    fn renderings() {
        insta::assert_snapshot!(table(&t(), TableFormat::Text), @r"
        period
        a \ b-a  1  2
              1  3 14
              2  ?  .
        ");
        insta::assert_snapshot!(table(&t(), TableFormat::Csv), @r"
        a\b-a,1,2
        1,3,14
        2,?,
        ");
        insta::assert_snapshot!(table(&t(), TableFormat::Markdown), @r"
        period of a \ b-a:

        | a \\ b-a | 1 | 2 |
        |---:|---:|---:|
        | **1** | 3 | 14 |
        | **2** | ? |  |
        ");
    }
}
