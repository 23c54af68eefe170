//! The result of a fit: a law's pieces (condition, formula, evidence), the
//! rows no piece explains, and the verdict.

use crate::data::{FitRow, Key};
use crate::expr::{Cond, Expr};

/// Whether the fit found a law.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum FitVerdict {
    /// The pieces explain the rows, each with rows to spare.
    Law,
    /// No simple law: the reason (too many pieces or exceptions). The fit
    /// then offers no pieces and lists every row as an exception.
    NoSimpleLaw(String),
}

/// One piece of a law: where it applies and what it gives.
#[derive(Clone, Debug)]
pub struct Piece {
    pub(crate) when: Cond,
    pub(crate) formula: Expr,
    pub(crate) when_text: String,
    pub(crate) formula_text: String,
    pub(crate) when_latex: String,
    pub(crate) formula_latex: String,
    pub(crate) rows: usize,
    pub(crate) needed: usize,
    pub(crate) degree: u32,
    pub(crate) nparams: usize,
}

impl Piece {
    /// The condition, in the `--check` language (`true` for a single
    /// piece).
    pub fn when(&self) -> &str {
        &self.when_text
    }

    /// The formula, in the `--check` language.
    pub fn formula(&self) -> &str {
        &self.formula_text
    }

    /// The condition in LaTeX.
    pub fn when_latex(&self) -> &str {
        &self.when_latex
    }

    /// The formula in LaTeX.
    pub fn formula_latex(&self) -> &str {
        &self.formula_latex
    }

    /// Rows the piece explains (its condition holds and its formula gives
    /// the row's value).
    pub fn rows(&self) -> usize {
        self.rows
    }

    /// Rows needed to determine the coefficients: the rank of the
    /// piece's monomials (of its degree) on its rows.
    pub fn needed(&self) -> usize {
        self.needed
    }

    /// Rows beyond the needed ones: `rows - needed`.
    pub fn confirming(&self) -> usize {
        self.rows - self.needed
    }

    /// The formula's degree.
    pub fn degree(&self) -> u32 {
        self.degree
    }

    /// Whether the condition holds for these parameter values (in the
    /// fit's order; `false` where it cannot be evaluated or the number of
    /// values is wrong).
    pub fn applies(&self, params: &[i64]) -> bool {
        params.len() == self.nparams && self.when.eval(params) == Some(true)
    }

    /// The formula's value (`None` where it cannot be evaluated, e.g. on
    /// overflow, or the number of values is wrong).
    pub fn value(&self, params: &[i64]) -> Option<i64> {
        if params.len() != self.nparams {
            return None;
        }
        self.formula.eval(params)
    }

    /// A `grundy sweep --check` expression that re-checks this piece on
    /// every row: `KEY == if(WHEN, FORMULA, KEY)` (rows outside the piece
    /// pass; a failure shows both sides), or `KEY == FORMULA` for a single
    /// piece.
    pub fn check(&self, key: Key) -> String {
        if self.when == Cond::True {
            format!("{key} == {}", self.formula_text)
        } else {
            format!(
                "{key} == if({}, {}, {key})",
                self.when_text, self.formula_text
            )
        }
    }
}

/// The result of a fit.
#[derive(Clone, Debug)]
pub struct Fit {
    pub(crate) params: Vec<String>,
    pub(crate) key: Key,
    pub(crate) rows: usize,
    pub(crate) pieces: Vec<Piece>,
    pub(crate) exceptions: Vec<FitRow>,
    pub(crate) verdict: FitVerdict,
    /// The threshold of a one-parameter law fitted on the rows from it on.
    pub(crate) from: Option<i64>,
}

impl Fit {
    /// The threshold of a law of one parameter fitted on the rows from it
    /// on (those below are exceptions unless a piece explains them), or
    /// `None` when every row was fitted.
    pub fn from(&self) -> Option<i64> {
        self.from
    }

    /// The sentence that says so: "fitted from a = 11 on; the rows below
    /// are exceptions unless a piece explains them".
    pub fn from_note(&self) -> Option<String> {
        let t = self.from?;
        Some(format!(
            "fitted from {} = {t} on; the rows below are exceptions unless a \
             piece explains them",
            self.params[0]
        ))
    }

    /// The parameter names.
    pub fn params(&self) -> &[String] {
        &self.params
    }

    /// The key.
    pub fn key(&self) -> Key {
        self.key
    }

    /// Rows in the input (with or without a value).
    pub fn rows(&self) -> usize {
        self.rows
    }

    /// The pieces, in the order of their first row in the family (empty
    /// when there is no simple law).
    pub fn pieces(&self) -> &[Piece] {
        &self.pieces
    }

    /// Rows no piece explains: rows without a value, sporadic exceptions
    /// (or every row, when there is no simple law). In family order.
    pub fn exceptions(&self) -> &[FitRow] {
        &self.exceptions
    }

    /// Law or not, and why not.
    pub fn verdict(&self) -> &FitVerdict {
        &self.verdict
    }

    /// The piece that applies to these parameter values (the first whose
    /// condition holds) and its value there.
    pub fn predict(&self, params: &[i64]) -> Option<(usize, Option<i64>)> {
        let i = self.pieces.iter().position(|p| p.applies(params))?;
        Some((i, self.pieces[i].value(params)))
    }
}
