//! The fit: try every scheme, keep the simplest exact description, check
//! it once more row by row with the printed formulas, and decide whether
//! it is a law or not.

use std::collections::BTreeMap;

use crate::classfit::{Ctx, Fitted};
use crate::data::FitTable;
use crate::describe;
use crate::error::{Error, Result};
use crate::expr::{Cond, Expr};
use crate::formula::Formula;
use crate::law::{Fit, FitVerdict, Piece};
use crate::options::Options;
use crate::scheme::{Label, Scheme};
use crate::search::SchemeFit;

/// Finds the simplest piecewise quasi-polynomial that gives the table's
/// key on its rows, or says there is none.
///
/// ```
/// use grundy_fit::{FitRow, FitTable, FitVerdict, Key, Options, fit};
/// // Bachet's game {1..k} has period k + 1 (Berlekamp, Conway, Guy,
/// // Winning Ways, ch. 4).
/// let rows = (1..=12).map(|k| FitRow::new(vec![k], k + 1)).collect();
/// let table = FitTable::new(vec!["k".into()], Key::Period, rows)?;
/// let f = fit(&table, &Options::default())?;
/// assert_eq!(f.verdict(), &FitVerdict::Law);
/// assert_eq!(f.pieces()[0].when(), "true");
/// assert_eq!(f.pieces()[0].formula(), "k + 1");
/// assert_eq!(f.pieces()[0].confirming(), 10);
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
pub fn fit(table: &FitTable, options: &Options) -> Result<Fit> {
    options.check()?;
    let usable: Vec<(&[i64], i64)> = table
        .rows()
        .iter()
        .filter_map(|r| Some((r.params.as_slice(), r.value?)))
        .collect();
    if usable.len() < 2 {
        return Err(Error::TooFewValues {
            rows: table.rows().len(),
            with_value: usable.len(),
            key: table.key(),
        });
    }
    let whole = fit_from(table, options, &usable, None);
    if whole.verdict == FitVerdict::Law
        && whole.exceptions.iter().all(|r| r.value.is_none())
    {
        return Ok(whole);
    }
    // A law from a threshold on, for one parameter: the rows below it (at
    // most `max_leading` of the rows) are left to exceptions, and the rest
    // must make a law as above. Only the highest such threshold is tried
    // (one more search, not one per threshold; a law from a lower one
    // usually explains these rows too, and then the rows between count as
    // explained, as every row below it that its pieces explain does). It replaces the
    // whole table's fit if that has no law or more exceptions. (With more
    // parameters the rows of a small first parameter are a band across
    // the others, not the start of the family, and the second search
    // would double the cost of every family without a law.)
    if table.params().len() != 1 {
        return Ok(whole);
    }
    let lead = (options.max_leading * usable.len() as f64) as usize;
    let mut firsts: Vec<i64> = usable.iter().map(|r| r.0[0]).collect();
    firsts.sort_unstable();
    let Some(&t) = firsts.get(lead).filter(|&&t| t > firsts[0]) else {
        return Ok(whole);
    };
    let from = fit_from(table, options, &usable, Some(t));
    Ok(
        if from.verdict == FitVerdict::Law
            && (whole.verdict != FitVerdict::Law
                || from.exceptions.len() < whole.exceptions.len())
        {
            from
        } else {
            whole
        },
    )
}

/// The fit of the rows whose first parameter is at least `from` (all rows
/// without it); rows below it are exceptions unless a piece explains them.
fn fit_from(
    table: &FitTable,
    options: &Options,
    all: &[(&[i64], i64)],
    from: Option<i64>,
) -> Fit {
    let n = table.params().len();
    let usable: Vec<(&[i64], i64)> = all
        .iter()
        .copied()
        .filter(|r| from.is_none_or(|t| r.0[0] >= t))
        .collect();
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
        verdict: FitVerdict::NoSimpleLaw(reason),
        from: None,
    };
    let Some((sf, _)) = best else {
        return no_law(format!(
            "no description with at most {} pieces, each confirmed by at \
             least {} rows beyond those that determine it, and at most \
             {allowed} exceptions, among {} rows with a value",
            options.max_pieces,
            options.min_spare,
            usable.len()
        ));
    };
    let ctx = Ctx::new(
        sf.scheme,
        n,
        &usable,
        options.degree,
        options.min_spare,
        allowed,
    );
    let f = assemble(table, &sf, &ctx, &usable, from);
    // Exceptions below the threshold are allowed; the others count.
    let stray = f
        .exceptions
        .iter()
        .filter(|r| r.value.is_some() && from.is_none_or(|t| r.params[0] >= t))
        .count();
    if f.pieces.len() > options.max_pieces || stray > allowed {
        return no_law(format!(
            "the simplest description found needs {} piece{} and leaves {} \
             of {} rows unexplained (a law may have {} pieces and {} \
             exceptions)",
            f.pieces.len(),
            if f.pieces.len() == 1 { "" } else { "s" },
            stray,
            usable.len(),
            options.max_pieces,
            allowed
        ));
    }
    if f.pieces.is_empty() {
        return no_law(format!(
            "no piece is backed by enough rows among {} rows with a value",
            usable.len()
        ));
    }
    f
}

/// Turns the winning scheme's groups into pieces and re-checks every row
/// with the printed conditions and formulas.
fn assemble(
    table: &FitTable,
    sf: &SchemeFit,
    ctx: &Ctx<'_>,
    usable: &[(&[i64], i64)],
    from: Option<i64>,
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
        // Rows of the fit by their index among `usable`; rows below the
        // threshold that a piece explains are only counted (the evidence
        // is that of the rows the pieces were fitted on).
        let mut explained: Vec<Vec<usize>> = vec![Vec::new(); drafts.len()];
        let mut below: Vec<usize> = vec![0; drafts.len()];
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
            let fitted = from.is_none_or(|t| row.params[0] >= t);
            match (row.value, hit) {
                (Some(v), Some(i))
                    if exprs[i].eval(&row.params) == Some(v) =>
                {
                    if fitted {
                        explained[i].push(u);
                    } else {
                        below[i] += 1;
                    }
                }
                _ => exceptions.push(row.clone()),
            }
            if row.value.is_some() && fitted {
                u += 1;
            }
        }
        debug_assert_eq!(u, usable.len());
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
                        rows: explained[i].len() + below[i],
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
            verdict: FitVerdict::Law,
            from,
        };
    }
}
