//! `--check`: a conjectured closed form, tested on every row.
//!
//! The formula is an `evalexpr` expression over the parameters and the
//! result columns (`period == (2*m+3)*a + b`), with the integer functions
//! of `expr.rs`. Statements may be chained with `;` and name intermediate
//! values (`i = (b-a)/(2*a); ...; period == f/(b-a)`), which is how
//! Conjecture 1 of K. Suetsugu, T. Abuku, "All-but Nim with FES sets of
//! size 4" reads. A row passes when the formula is true, is a
//! counterexample when it is false, and is skipped when the set has no
//! result (not found, error). For a failed comparison both sides are shown.

use crate::evaluate::Evaluation;
use evalexpr::Value;

use crate::error::Result;
use crate::expr::{Expr, Vars};
use crate::row::{RESULT_COLUMNS, Row};

/// A compiled check.
///
/// ```
/// use grundy_sweep::{Check, Family, Verdict};
/// // {a, b} with b an odd multiple of a has period 2a.
/// let f = Family::template("a,b", &["a=1..4", "b=3*a"])?;
/// let check = Check::parse("period == 2*a", &f.param_names())?;
/// let limit = grundy::Budget::default();
/// for point in f.points() {
///     let row = f.row(&point?, &limit);
///     assert_eq!(check.verdict(&f.param_names(), &row), Verdict::Pass);
/// }
/// # Ok::<(), grundy_sweep::Error>(())
/// ```
#[derive(Clone, Debug)]
pub struct Check {
    expr: Expr,
}

/// What a check says about one row.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Verdict {
    /// The formula holds.
    Pass,
    /// The formula is false; the detail shows the compared values.
    Fail(String),
    /// The row has no result to check.
    Skip,
    /// The formula could not be evaluated on this row (or is not a
    /// true/false value).
    Error(String),
}

/// The verdicts of a check over many rows.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct CheckOutcome {
    /// Rows where the formula holds.
    pub passed: u64,
    /// Rows skipped (no result).
    pub skipped: u64,
    /// Counterexamples and evaluation errors, with the row index.
    pub failures: Vec<(u64, Verdict)>,
}

impl Check {
    /// Compiles a check for a family with these parameter names.
    pub fn parse(text: &str, params: &[&str]) -> Result<Check> {
        let mut known: Vec<&str> = params.to_vec();
        known.extend(
            RESULT_COLUMNS.iter().filter(|&&c| c != "set" && c != "status"),
        );
        let expr = Expr::parse(text, "the check", &known, true)?;
        Ok(Check { expr })
    }

    /// The formula as given.
    pub fn text(&self) -> &str {
        self.expr.text()
    }

    /// Tests one row.
    pub fn verdict(&self, params: &[&str], row: &Row) -> Verdict {
        let Some(mut vars) = row_vars(params, row) else {
            return Verdict::Skip;
        };
        match self.expr.eval_mut(&mut vars) {
            Ok(Value::Boolean(true)) => Verdict::Pass,
            Ok(Value::Boolean(false)) => {
                let detail = match self.expr.final_comparison() {
                    Some((l, r)) => {
                        let show = |n: &evalexpr::Node| {
                            n.eval_with_context(&vars)
                                .map_or("?".to_string(), |v| v.to_string())
                        };
                        format!(
                            "left side {}, right side {}",
                            show(l),
                            show(r)
                        )
                    }
                    None => "the formula is false".to_string(),
                };
                Verdict::Fail(detail)
            }
            Ok(other) => Verdict::Error(format!(
                "the check gives {other}, not true or false"
            )),
            Err(msg) => Verdict::Error(msg),
        }
    }

    /// Tests every row.
    pub fn run<'a>(
        &self,
        params: &[&str],
        rows: impl IntoIterator<Item = &'a Row>,
    ) -> CheckOutcome {
        let mut out = CheckOutcome::default();
        for row in rows {
            match self.verdict(params, row) {
                Verdict::Pass => out.passed += 1,
                Verdict::Skip => out.skipped += 1,
                v => out.failures.push((row.index, v)),
            }
        }
        out
    }
}

/// The parameters and results of a found row as named integers
/// (`max_value` is left out when the sequence is unbounded).
pub(crate) fn row_vars(params: &[&str], row: &Row) -> Option<Vars> {
    let Evaluation::Found(f) = &row.result else {
        return None;
    };
    let mut vars = Vars::new(params);
    for (i, &v) in row.params.iter().enumerate() {
        vars.set(i, v);
    }
    let int = |v: u64| Value::Int(v as i64);
    vars.set_named("preperiod", int(f.preperiod));
    vars.set_named("period", int(f.period));
    vars.set_named("saltus", int(f.saltus));
    vars.set_named("outcome_preperiod", int(f.outcome_preperiod));
    vars.set_named("outcome_period", int(f.outcome_period));
    if let Some(m) = f.max_value {
        vars.set_named("max_value", int(m));
    }
    vars.set_named("positions", int(f.positions));
    Some(vars)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::evaluate::Found;

    fn row(a: i64, period: u64) -> Row {
        Row {
            index: a as u64,
            params: vec![a],
            set: String::new(),
            result: Evaluation::Found(Found {
                preperiod: 0,
                period,
                saltus: 0,
                outcome_preperiod: 0,
                outcome_period: period,
                max_value: Some(2),
                positions: 10,
            }),
        }
    }

    #[test]
    fn pass_fail_skip() {
        let c = Check::parse("period == 2*a", &["a"]).unwrap();
        let skip = Row { result: Evaluation::Error("x".into()), ..row(9, 0) };
        let rows = [row(1, 2), row(2, 5), skip];
        let out = c.run(&["a"], &rows);
        assert_eq!((out.passed, out.skipped), (1, 1));
        assert_eq!(
            out.failures,
            [(2, Verdict::Fail("left side 5, right side 4".into()))]
        );
    }

    #[test]
    fn chained_statements() {
        let c = Check::parse("m = a + 1; period == m * 2", &["a"]).unwrap();
        assert_eq!(c.verdict(&["a"], &row(1, 4)), Verdict::Pass);
        let c = Check::parse("period + 1", &["a"]).unwrap();
        assert!(matches!(c.verdict(&["a"], &row(1, 4)), Verdict::Error(_)));
    }

    #[test]
    fn unknown_names_are_rejected() {
        let e = Check::parse("period == x", &["a"]).unwrap_err();
        assert!(e.message().contains("uses \"x\""), "{e}");
    }
}
