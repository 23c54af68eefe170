//! The fit: try every scheme, keep the simplest exact description, check
//! it once more row by row with the printed formulas, and decide whether
//! it is a law or not.

use std::collections::BTreeMap;

use crate::data::{Key, Row, Table};
use crate::describe;
use crate::error::{Error, Result};
use crate::expr::{Cond, Expr};
use crate::formula::Formula;
use crate::scheme::{Label, Scheme};
use crate::search::{Ctx, Fitted, SchemeFit};

/// The highest degree a formula may have (`--degree`).
pub const MAX_DEGREE: u32 = 6;

/// How hard to look and how much evidence to ask for.
#[derive(Clone, Debug, PartialEq)]
pub struct Options {
    /// Highest degree of a formula (0..=[`MAX_DEGREE`]; default 3).
    pub degree: u32,
    /// Most pieces a law may have (default 8).
    pub max_pieces: usize,
    /// Rows each piece needs beyond those that determine its coefficients
    /// (default 3). A piece must also have at least as many confirming
    /// rows as needed ones, so a piece is never mostly fitted.
    pub min_spare: usize,
    /// Largest share of the rows with a value that may stay unexplained
    /// (sporadic exceptions) in a law (default 0.05).
    pub max_exceptions: f64,
}

impl Default for Options {
    fn default() -> Options {
        Options {
            degree: 3,
            max_pieces: 8,
            min_spare: 3,
            max_exceptions: 0.05,
        }
    }
}

impl Options {
    /// Options with this degree, or the one-line error for `--degree`.
    ///
    /// ```
    /// use grundy_fit::Options;
    /// assert_eq!(Options::with_degree(2)?.degree, 2);
    /// let e = Options::with_degree(50).unwrap_err();
    /// assert_eq!(e.to_string(),
    ///     "degree 50 is too high; use a degree from 0 to 6 (default 3)");
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn with_degree(degree: u32) -> Result<Options> {
        let o = Options { degree, ..Options::default() };
        o.check()?;
        Ok(o)
    }

    fn check(&self) -> Result<()> {
        if self.degree > MAX_DEGREE {
            return Err(Error::new(format!(
                "degree {} is too high; use a degree from 0 to {MAX_DEGREE} \
                 (default 3)",
                self.degree
            )));
        }
        if self.max_pieces == 0 {
            return Err(Error::new(
                "at most 0 pieces allows no law; use 1 or more (default 8)",
            ));
        }
        if !(0.0..=1.0).contains(&self.max_exceptions) {
            return Err(Error::new(format!(
                "exception share {} is not between 0 and 1 (default 0.05)",
                self.max_exceptions
            )));
        }
        Ok(())
    }
}

/// Whether the fit found a law.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Verdict {
    /// The pieces explain the rows, each with rows to spare.
    Law,
    /// No simple law: the reason (too many pieces or exceptions). The fit
    /// then offers no pieces and lists every row as an exception.
    NoSimpleLaw(String),
}

/// One piece of a law: where it applies and what it gives.
#[derive(Clone, Debug)]
pub struct Piece {
    when: Cond,
    formula: Expr,
    when_text: String,
    formula_text: String,
    when_latex: String,
    formula_latex: String,
    rows: usize,
    needed: usize,
    degree: u32,
    nparams: usize,
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
    pub(crate) exceptions: Vec<Row>,
    pub(crate) verdict: Verdict,
}

impl Fit {
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
    pub fn exceptions(&self) -> &[Row] {
        &self.exceptions
    }

    /// Law or not, and why not.
    pub fn verdict(&self) -> &Verdict {
        &self.verdict
    }

    /// The piece that applies to these parameter values (the first whose
    /// condition holds) and its value there.
    pub fn predict(&self, params: &[i64]) -> Option<(usize, Option<i64>)> {
        let i = self.pieces.iter().position(|p| p.applies(params))?;
        Some((i, self.pieces[i].value(params)))
    }
}

/// Finds the simplest piecewise quasi-polynomial that gives the table's
/// key on its rows, or says there is none.
///
/// ```
/// use grundy_fit::{Key, Options, Row, Table, Verdict, fit};
/// // Bachet's game {1..k} has period k + 1 (Berlekamp, Conway, Guy,
/// // Winning Ways, ch. 4).
/// let rows = (1..=12).map(|k| Row::new(vec![k], k + 1)).collect();
/// let table = Table::new(vec!["k".into()], Key::Period, rows)?;
/// let f = fit(&table, &Options::default())?;
/// assert_eq!(f.verdict(), &Verdict::Law);
/// assert_eq!(f.pieces()[0].when(), "true");
/// assert_eq!(f.pieces()[0].formula(), "k + 1");
/// assert_eq!(f.pieces()[0].confirming(), 10);
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
pub fn fit(table: &Table, options: &Options) -> Result<Fit> {
    options.check()?;
    let n = table.params().len();
    let usable: Vec<(&[i64], i64)> = table
        .rows()
        .iter()
        .filter_map(|r| Some((r.params.as_slice(), r.value?)))
        .collect();
    if usable.len() < 2 {
        return Err(Error::new(format!(
            "{} of the {} row{} {} a value for {}; a fit needs at least 2 \
             (widen the parameter ranges or raise the budget)",
            usable.len(),
            table.rows().len(),
            if table.rows().len() == 1 { "" } else { "s" },
            if usable.len() == 1 { "has" } else { "have" },
            table.key()
        )));
    }
    let allowed = (options.max_exceptions * usable.len() as f64) as usize;
    let budget = options.max_pieces + allowed;
    let params: Vec<&[i64]> = usable.iter().map(|r| r.0).collect();

    // Two passes: exact fits only, then (unless the first pass explained
    // every row) fits that may set sporadic exceptions aside, which cost
    // more time.
    let mut best: Option<(SchemeFit, (usize, u32, usize, i64))> = None;
    for aside in [0, allowed] {
        if aside > 0 && best.as_ref().is_some_and(|(b, _)| b.stray.is_empty())
        {
            break;
        }
        for scheme in Scheme::all(n) {
            if !scheme.applies(&params) {
                continue;
            }
            let ctx = Ctx::new(
                scheme,
                n,
                &usable,
                options.degree,
                options.min_spare,
                aside,
            );
            let limit = best.as_ref().map_or(budget, |(b, _)| b.cost());
            let Some(sf) = ctx.run(limit) else { continue };
            let score = (
                sf.cost(),
                sf.groups.iter().map(|g| g.fitted.formula.degree).sum::<u32>(),
                sf.groups
                    .iter()
                    .map(|g| g.fitted.formula.size())
                    .sum::<usize>(),
                scheme.complexity(),
            );
            if best.as_ref().is_none_or(|(_, s)| score < *s) {
                best = Some((sf, score));
            }
            if best.as_ref().is_some_and(|(b, _)| b.cost() == 1) {
                break;
            }
        }
        if allowed == 0 {
            break;
        }
    }
    let no_law = |reason: String| Fit {
        params: table.params().to_vec(),
        key: table.key(),
        rows: table.rows().len(),
        pieces: Vec::new(),
        exceptions: table.rows().to_vec(),
        verdict: Verdict::NoSimpleLaw(reason),
    };
    let Some((sf, _)) = best else {
        return Ok(no_law(format!(
            "no description with at most {} pieces, each confirmed by at \
             least {} rows beyond those that determine it, and at most \
             {allowed} exceptions, among {} rows with a value",
            options.max_pieces,
            options.min_spare,
            usable.len()
        )));
    };
    let ctx = Ctx::new(
        sf.scheme,
        n,
        &usable,
        options.degree,
        options.min_spare,
        allowed,
    );
    let f = assemble(table, &sf, &ctx, &usable);
    let stray = f.exceptions.iter().filter(|r| r.value.is_some()).count();
    if f.pieces.len() > options.max_pieces || stray > allowed {
        return Ok(no_law(format!(
            "the simplest description found needs {} piece{} and leaves {} \
             of {} rows unexplained (a law may have {} pieces and {} \
             exceptions)",
            f.pieces.len(),
            if f.pieces.len() == 1 { "" } else { "s" },
            stray,
            usable.len(),
            options.max_pieces,
            allowed
        )));
    }
    if f.pieces.is_empty() {
        return Ok(no_law(format!(
            "no piece is backed by enough rows among {} rows with a value",
            usable.len()
        )));
    }
    Ok(f)
}

/// Turns the winning scheme's groups into pieces and re-checks every row
/// with the printed conditions and formulas.
fn assemble(
    table: &Table,
    sf: &SchemeFit,
    ctx: &Ctx<'_>,
    usable: &[(&[i64], i64)],
) -> Fit {
    let names = table.params();
    let n = names.len();
    let reps: BTreeMap<Label, Vec<i64>> = sf
        .classes
        .iter()
        .map(|(l, rows)| (*l, usable[rows[0]].0.to_vec()))
        .collect();
    let label_sets: Vec<Vec<Label>> =
        sf.groups.iter().map(|g| g.labels.clone()).collect();
    let conds = describe::conditions(&sf.scheme, &label_sets, &reps);
    let mut drafts: Vec<(Cond, &Formula)> = conds
        .into_iter()
        .zip(&sf.groups)
        .map(|(c, g)| (c, &g.fitted.formula))
        .collect();
    loop {
        // Which rows each draft explains, by evaluating the printed trees.
        let exprs: Vec<Expr> = drafts.iter().map(|(_, f)| f.expr(n)).collect();
        let mut explained: Vec<Vec<usize>> = vec![Vec::new(); drafts.len()];
        let mut first: Vec<usize> = vec![usize::MAX; drafts.len()];
        let mut exceptions = Vec::new();
        let mut u = 0;
        for (ri, row) in table.rows().iter().enumerate() {
            let hit = drafts
                .iter()
                .position(|(c, _)| c.eval(&row.params) == Some(true));
            if let Some(i) = hit {
                first[i] = first[i].min(ri);
            }
            match (row.value, hit) {
                (Some(v), Some(i))
                    if exprs[i].eval(&row.params) == Some(v) =>
                {
                    explained[i].push(u);
                }
                _ => exceptions.push(row.clone()),
            }
            if row.value.is_some() {
                u += 1;
            }
        }
        // Exact evidence; a piece that lacks it is dropped.
        let needed: Vec<usize> = drafts
            .iter()
            .zip(&explained)
            .map(|((_, f), rows)| ctx.rank(rows, f.degree, true))
            .collect();
        let weak = (0..drafts.len()).find(|&i| {
            let fitted =
                Fitted { formula: drafts[i].1.clone(), rank: needed[i] };
            !ctx.backed(&explained[i], &fitted)
        });
        if let Some(i) = weak {
            drafts.remove(i);
            continue;
        }
        let mut pieces: Vec<(usize, Piece)> = drafts
            .iter()
            .enumerate()
            .map(|(i, (c, f))| {
                let when = c.clone();
                (
                    first[i],
                    Piece {
                        when_text: when.text(names),
                        formula_text: exprs[i].text(names),
                        when_latex: when.latex(names),
                        formula_latex: f.latex(names),
                        when,
                        formula: exprs[i].clone(),
                        rows: explained[i].len(),
                        needed: needed[i],
                        degree: f.degree,
                        nparams: n,
                    },
                )
            })
            .collect();
        pieces.sort_by_key(|p| p.0);
        return Fit {
            params: names.to_vec(),
            key: table.key(),
            rows: table.rows().len(),
            pieces: pieces.into_iter().map(|p| p.1).collect(),
            exceptions,
            verdict: Verdict::Law,
        };
    }
}
