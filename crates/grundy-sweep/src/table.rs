//! `--table a,b`: rows of a sweep as a matrix, like Tables 1-2 of
//! K. Suetsugu, T. Abuku, "All-but Nim with FES sets of size 4".
//!
//! Those tables give the periods of {a, b, a+b, 2a+b} with a down the side
//! and b (or b - a) across. A [`Table`] is that matrix as plain data: each
//! axis is an expression over the parameters (`a`, `b-a`), the cell value
//! another (by default `period`; any result column or formula). Two rows
//! landing in one cell is an error: the axes must determine the set. The
//! CLI renders tables as text, Markdown or CSV, and as a heatmap.

use std::collections::{BTreeMap, BTreeSet};

use crate::evaluate::Evaluation;

use crate::check::row_vars;
use crate::error::{Error, Result};
use crate::expr::{Expr, Vars, split_top_level};
use crate::family::Family;
use crate::row::{RESULT_COLUMNS, Row};

/// One axis (or the cell value): an expression and its label.
#[derive(Clone, Debug)]
pub struct Axis {
    expr: Expr,
}

impl Axis {
    /// The label: the expression as written.
    pub fn label(&self) -> &str {
        self.expr.text()
    }
}

/// One cell of a table.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Cell {
    /// No set of the family lands here.
    Empty,
    /// The value.
    Value(i64),
    /// The set's period was not found within the budget.
    NotFound,
    /// The set (or the value formula) gave an error.
    Error,
}

/// A matrix of values indexed by two expressions of the parameters.
///
/// ```
/// use grundy_sweep::{Cell, Family, Table};
/// let f = Family::template("a,b", &["a=1..2", "b=a+1..3"])?;
/// let names = f.param_names();
/// let limit = grundy::Budget::default();
/// let rows = f
///     .points()
///     .map(|p| Ok(f.row(&p?, &limit)))
///     .collect::<Result<Vec<_>, grundy_sweep::Error>>()?;
/// let (r, c, v) = Table::parse_spec("a,b", &names)?;
/// let t = Table::build(&names, &rows, &r, &c, &v)?;
/// // {1,2} has period 3, {1,3} period 2, {2,3} period 5.
/// assert_eq!(t.cells[0], [Cell::Value(3), Cell::Value(2)]);
/// assert_eq!(t.cells[1], [Cell::Empty, Cell::Value(5)]);
/// # Ok::<(), grundy_sweep::Error>(())
/// ```
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Table {
    /// The row axis label (`a`).
    pub row_label: String,
    /// The column axis label (`b-a`).
    pub col_label: String,
    /// The value label (`period`).
    pub value_label: String,
    /// Row keys, ascending.
    pub rows: Vec<i64>,
    /// Column keys, ascending.
    pub cols: Vec<i64>,
    /// `cells[i][j]` for `rows[i]`, `cols[j]`.
    pub cells: Vec<Vec<Cell>>,
}

impl Table {
    /// Parses `ROW,COL` or `ROW,COL,VALUE` (expressions over the
    /// parameters; VALUE also over the result columns, default `period`).
    pub fn parse_spec(
        spec: &str,
        params: &[&str],
    ) -> Result<(Axis, Axis, Axis)> {
        let parts = split_top_level(spec);
        if !(2..=3).contains(&parts.len()) {
            return Err(Error::parse(format!(
                "bad table \"{spec}\": write ROW,COL or ROW,COL,VALUE, e.g. \"a,b-a\" or \"a,b,preperiod\""
            )));
        }
        let axis = |text: &str, what: &str, known: &[&str]| {
            Expr::parse(text, what, known, false).map(|expr| Axis { expr })
        };
        let mut with_results: Vec<&str> = params.to_vec();
        with_results.extend(
            RESULT_COLUMNS.iter().filter(|&&c| c != "set" && c != "status"),
        );
        let row = axis(parts[0], "the table's row axis", params)?;
        let col = axis(parts[1], "the table's column axis", params)?;
        let value = axis(
            parts.get(2).copied().unwrap_or("period"),
            "the table's value",
            &with_results,
        )?;
        Ok((row, col, value))
    }

    /// Checks, before a sweep runs, that the axes give every member of
    /// `family` a cell of its own (the error [`Table::build`] would give
    /// after the sweep): the axes depend on the parameters only.
    pub fn check_cells(
        family: &Family,
        row_axis: &Axis,
        col_axis: &Axis,
    ) -> Result<()> {
        let names = family.param_names();
        let mut seen: BTreeMap<(i64, i64), String> = BTreeMap::new();
        for point in family.points() {
            let point = point?;
            let (params, set) = family.set_of(&point);
            let set = match set {
                Ok(rules) => rules.to_string(),
                Err((text, _)) => text,
            };
            let mut vars = Vars::new(&names);
            for (i, &v) in params.iter().enumerate() {
                vars.set(i, v);
            }
            let key = |axis: &Axis| {
                axis.expr.eval_int(&vars).map_err(|msg| {
                    Error::parse(format!(
                        "table axis for set \"{set}\": {msg}"
                    ))
                })
            };
            let (r, c) = (key(row_axis)?, key(col_axis)?);
            if let Some(other) = seen.insert((r, c), set.clone()) {
                return Err(collision(&other, &set, row_axis, col_axis, r, c));
            }
        }
        Ok(())
    }

    /// Builds the matrix from rows.
    pub fn build<'a>(
        params: &[&str],
        rows: impl IntoIterator<Item = &'a Row>,
        row_axis: &Axis,
        col_axis: &Axis,
        value: &Axis,
    ) -> Result<Table> {
        let mut cells: BTreeMap<(i64, i64), (Cell, &Row)> = BTreeMap::new();
        let mut row_keys = BTreeSet::new();
        let mut col_keys = BTreeSet::new();
        for row in rows {
            let mut vars = Vars::new(params);
            for (i, &v) in row.params.iter().enumerate() {
                vars.set(i, v);
            }
            let key = |axis: &Axis| {
                axis.expr.eval_int(&vars).map_err(|msg| {
                    Error::parse(format!(
                        "table axis for set \"{}\": {msg}",
                        row.set
                    ))
                })
            };
            let (r, c) = (key(row_axis)?, key(col_axis)?);
            let cell = match &row.result {
                Evaluation::Found(_) => {
                    let vars = row_vars(params, row).expect("found");
                    value.expr.eval_int(&vars).map_or(Cell::Error, Cell::Value)
                }
                Evaluation::NotFound(_) => Cell::NotFound,
                Evaluation::Error(_) => Cell::Error,
            };
            if let Some((_, other)) = cells.insert((r, c), (cell, row)) {
                return Err(collision(
                    &other.set, &row.set, row_axis, col_axis, r, c,
                ));
            }
            row_keys.insert(r);
            col_keys.insert(c);
        }
        let rows: Vec<i64> = row_keys.into_iter().collect();
        let cols: Vec<i64> = col_keys.into_iter().collect();
        let grid = rows
            .iter()
            .map(|&r| {
                cols.iter()
                    .map(|&c| cells.get(&(r, c)).map_or(Cell::Empty, |x| x.0))
                    .collect()
            })
            .collect();
        Ok(Table {
            row_label: row_axis.label().to_string(),
            col_label: col_axis.label().to_string(),
            value_label: value.label().to_string(),
            rows,
            cols,
            cells: grid,
        })
    }
}

/// Two sets in one cell: the axes do not determine the set.
fn collision(
    first: &str,
    second: &str,
    row_axis: &Axis,
    col_axis: &Axis,
    r: i64,
    c: i64,
) -> Error {
    Error::parse(format!(
        "sets \"{first}\" and \"{second}\" both land in table cell ({}={r}, {}={c}); choose axes that determine the set",
        row_axis.label(),
        col_axis.label()
    ))
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::evaluate::Found;

    fn row(a: i64, b: i64, period: u64) -> Row {
        Row {
            index: 0,
            params: vec![a, b],
            set: format!("{a},{b}"),
            result: Evaluation::Found(Found {
                preperiod: 1,
                period,
                saltus: 0,
                outcome_preperiod: 0,
                outcome_period: 1,
                max_value: Some(1),
                positions: 1,
            }),
        }
    }

    #[test]
    fn matrix_by_offset() {
        let p = ["a", "b"];
        let (r, c, v) = Table::parse_spec("a,b-a", &p).unwrap();
        let rows = [row(1, 2, 3), row(1, 3, 4), row(2, 3, 5)];
        let t = Table::build(&p, &rows, &r, &c, &v).unwrap();
        assert_eq!((t.rows.clone(), t.cols.clone()), (vec![1, 2], vec![1, 2]));
        assert_eq!(
            t.cells,
            [[Cell::Value(3), Cell::Value(4)], [Cell::Value(5), Cell::Empty]]
        );
        let (r, c, v) = Table::parse_spec("a,b,preperiod+1", &p).unwrap();
        let t = Table::build(&p, &rows, &r, &c, &v).unwrap();
        assert_eq!(t.cells[0][0], Cell::Value(2));
        assert_eq!(t.value_label, "preperiod+1");
    }

    #[test]
    fn collisions_and_bad_specs() {
        let p = ["a", "b"];
        let (r, c, v) = Table::parse_spec("a,a", &p).unwrap();
        let rows = [row(1, 2, 3), row(1, 3, 4)];
        let e = Table::build(&p, &rows, &r, &c, &v).unwrap_err();
        assert!(e.message().contains("both land"), "{e}");
        assert!(Table::parse_spec("a", &p).is_err());
        assert!(Table::parse_spec("a,c", &p).is_err());
        assert!(Table::parse_spec("a,b,period", &p).is_ok());
    }

    #[test]
    fn cells_are_checked_before_the_sweep() {
        let f = Family::template("a,b", &["a=1..2", "b=a+1..4"]).unwrap();
        let names = f.param_names();
        let (r, c, _) = Table::parse_spec("a,b", &names).unwrap();
        Table::check_cells(&f, &r, &c).unwrap();
        let (r, c, _) = Table::parse_spec("a,b-2*a", &names).unwrap();
        Table::check_cells(&f, &r, &c).unwrap();
        let (r, c, _) = Table::parse_spec("a,a", &names).unwrap();
        let e = Table::check_cells(&f, &r, &c).unwrap_err();
        assert!(e.message().contains("\"1,2\" and \"1,3\" both land"), "{e}");
        let (r, c, _) = Table::parse_spec("a,b/(b-3)", &names).unwrap();
        let e = Table::check_cells(&f, &r, &c).unwrap_err();
        assert!(e.message().contains("table axis for set \"1,3\""), "{e}");
    }
}
