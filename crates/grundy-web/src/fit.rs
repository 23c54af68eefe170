//! `GET /api/fit`: the law behind one column of a family's sweep, for the
//! sweep tab's "find the formula" (issue 17).
//!
//! The web twin of `grundy fit TEMPLATE --param a=.. --param b=.. --for
//! KEY [--degree N] --json`: the same family syntax as `/api/sweep`, every
//! set through the sweep's own evaluator (`grundy_sweep::Family::row`),
//! the same fitter (`grundy_fit::fit`) and the same answer, the
//! `grundy_fit::Report` object (`family`, `key`, `params`, `rows`,
//! `pieces`, `exceptions`, `validated`, always null here). A family may
//! have up to [`MAX_SETS`] sets, enough for the ranges the All-but Nim
//! paper of K. Suetsugu and T. Abuku checked (900 sets).

use axum::extract::{RawQuery, State};
use axum::http::StatusCode;
use grundy::StopReason;
use grundy_fit::{FitTable, Key, Options, SweepRow};
use grundy_sweep::{DEFAULT_SWEEP_POSITIONS, Evaluation};

use crate::api::{AppState, params};
use crate::error::ApiError;
use crate::lanes::Answer;
use crate::sweep::{family_of, lib};

const EXAMPLE: &str = "/api/fit?family=a,b&a=1..20&b=a%2B1..a%2B30&for=period";

/// The most sets one request may sweep for a fit.
pub const MAX_SETS: u64 = 2000;

/// `GET /api/fit?family=T&a=R&b=R&c=R&for=KEY&degree=N`.
pub async fn fit(
    State(shared): AppState,
    RawQuery(q): RawQuery,
) -> Result<Answer, ApiError> {
    let p = params(
        &shared,
        q,
        &["family", "a", "b", "c", "for", "degree"],
        EXAMPLE,
    )?;
    let (family, template, names) = family_of(&p, EXAMPLE)?;
    let key: Key =
        p.get("for").unwrap_or("period").parse().map_err(
            |e: grundy_fit::Error| ApiError::bad("for", e.to_string()),
        )?;
    let degree = p.number("degree", 3, u64::from(u32::MAX))? as u32;
    let options = Options::with_degree(degree)
        .map_err(|e| ApiError::bad("degree", e.to_string()))?;
    let max_positions =
        shared.limits.max_positions.min(DEFAULT_SWEEP_POSITIONS);
    let report = shared
        .run(move |limit| {
            let count = family
                .count_unless(&|| limit.interrupted().is_some())
                .map_err(lib("family"))?
                .ok_or_else(|| {
                    ApiError::new(
                        StatusCode::SERVICE_UNAVAILABLE,
                        "the fit stopped while counting the sets",
                    )
                })?;
            if count > MAX_SETS {
                return Err(unprocessable(format!(
                    "the family has {count} sets; the web explorer fits at most {MAX_SETS}; narrow the ranges or use `grundy fit`"
                )));
            }
            // Rows are defined by heap counts, as in `grundy sweep`; the
            // request's deadline bounds them.
            let limit = grundy::Budget {
                max_positions,
                max_splits: u64::MAX,
                ..limit.clone()
            };
            let mut rows = Vec::with_capacity(count as usize);
            for point in family.points() {
                let point = point.map_err(lib("family"))?;
                let row = family.row(&point, &limit);
                if let Evaluation::NotFound(s) = &row.result
                    && matches!(
                        s.reason,
                        StopReason::Time | StopReason::Cancelled
                    )
                {
                    return Err(ApiError::new(
                        StatusCode::SERVICE_UNAVAILABLE,
                        format!(
                            "the sweep stopped after {} of {count} sets",
                            point.index
                        ),
                    ));
                }
                let found = row.result.found().map(|f| f.get(key.name()));
                rows.push(SweepRow { params: row.params, found });
            }
            let names: Vec<String> =
                names.iter().map(|n| n.to_string()).collect();
            let table =
                FitTable::from_sweep(names, key, rows).map_err(|e| match e {
                    grundy_fit::Error::Undefined { .. } => {
                        unprocessable(format!("{e}, e.g. for=period"))
                    }
                    e => unprocessable(e.to_string()),
                })?;
            let fit = grundy_fit::fit(&table, &options)
                .map_err(|e| unprocessable(e.to_string()))?;
            Ok(fit.report(&template))
        })
        .await?;
    Ok(report)
}

/// 422 about the family: valid, but nothing to fit (one row, no values).
fn unprocessable(message: String) -> ApiError {
    ApiError {
        status: StatusCode::UNPROCESSABLE_ENTITY,
        message,
        field: Some("family"),
        heap: None,
        survey: None,
    }
}
