//! `GET /api/sweep`: a small sweep of one family, with its period table.
//!
//! The web twin of `grundy sweep TEMPLATE --param a=.. --param b=..
//! --table a,b --format jsonl` (issue 4), for small ranges: the rows carry
//! the same keys as the JSON Lines rows (the parameters, `set`,
//! `preperiod`, `period`, `saltus`, `outcome_preperiod`,
//! `outcome_period`, `max_value`, `positions`, `status`: the same
//! `grundy_sweep::Record` type), and `table` is the `--table` matrix.
//! Every set goes through the sweep's own evaluator
//! (`grundy_sweep::Family::row`, FES for all-but sets).

use axum::extract::{RawQuery, State};
use axum::http::StatusCode;
use grundy::{StopReason, Stopped};
use grundy_sweep::{
    Cell, DEFAULT_SWEEP_POSITIONS, ErrorKind, Evaluation, Family, Record,
    Table,
};
use serde::Serialize;

use crate::api::{AppState, params};
use crate::error::ApiError;
use crate::lanes::Answer;
use crate::query::Params;

const EXAMPLE: &str =
    "/api/sweep?family=all-but:a,b,a%2Bb,2a%2Bb&a=1..6&b=a%2B1..a%2B8";

/// The most sets one request may sweep.
pub const MAX_SETS: u64 = 400;

/// The parameters a family may use, in order.
const PARAMS: [&str; 3] = ["a", "b", "c"];

/// The `--table` matrix: `cells[i][j]` is a number, `null` (no set
/// there), `"not found"` or `"error"`.
#[derive(Debug, Serialize)]
pub struct WebTable {
    row: String,
    col: String,
    value: String,
    rows: Vec<i64>,
    cols: Vec<i64>,
    cells: Vec<Vec<serde_json::Value>>,
}

/// The answer of `/api/sweep`.
#[derive(Debug, Serialize)]
pub struct SweepReport {
    family: String,
    params: Vec<String>,
    count: u64,
    rows: Vec<Record>,
    table: Option<WebTable>,
}

/// `GET /api/sweep?family=T&a=R&b=R&c=R&table=ROW,COL[,VALUE]`.
pub async fn sweep(
    State(shared): AppState,
    RawQuery(q): RawQuery,
) -> Result<Answer, ApiError> {
    let p = params(&shared, q, &["family", "a", "b", "c", "table"], EXAMPLE)?;
    let (family, template, names) = family_of(&p, EXAMPLE)?;
    let table_spec = match p.get("table") {
        Some(t) => Some(t.to_string()),
        None if names.len() >= 2 => Some(format!("{},{}", names[0], names[1])),
        None => None,
    };
    let axes = table_spec
        .as_deref()
        .map(|t| Table::parse_spec(t, &names))
        .transpose()
        .map_err(lib("table"))?;
    let max_positions =
        shared.limits.max_positions.min(DEFAULT_SWEEP_POSITIONS);
    let report = shared
        .run(move |limit| {
            // Counted arithmetically first (grundy-sweep's `Family::count`
            // adds up the innermost ranges), so a family of 10^18 sets is
            // refused at once; then enumerated only as far as the limit.
            let counted = family
                .count_unless(&|| limit.interrupted().is_some())
                .map_err(lib("family"))?
                .ok_or_else(|| stopped("counting the sets"))?;
            let too_many = |count: String| ApiError {
                status: StatusCode::UNPROCESSABLE_ENTITY,
                message: format!(
                    "the family has {count} sets; the web explorer sweeps at most {MAX_SETS}; narrow the ranges or use `grundy sweep`"
                ),
                field: Some("family"),
                heap: None,
                survey: None,
            };
            if counted > MAX_SETS {
                return Err(too_many(counted.to_string()));
            }
            let mut points = Vec::new();
            for point in family.points() {
                if limit.interrupted().is_some() {
                    return Err(stopped("counting the sets"));
                }
                points.push(point.map_err(lib("family"))?);
                if points.len() as u64 > MAX_SETS {
                    return Err(too_many(format!("more than {MAX_SETS}")));
                }
            }
            let count = points.len() as u64;
            // Rows are defined by heap counts, as in `grundy sweep`; the
            // request's deadline bounds them.
            let limit = grundy::Budget {
                max_positions,
                max_splits: u64::MAX,
                ..limit.clone()
            };
            let mut rows = Vec::with_capacity(points.len());
            for (i, point) in points.iter().enumerate() {
                let row = family.row(point, &limit);
                // A set stopped by the clock or a hang-up is no result.
                if let Evaluation::NotFound(Stopped {
                    reason: StopReason::Time | StopReason::Cancelled,
                    ..
                }) = row.result
                {
                    return Err(stopped(&format!("set {} of {count}", i + 1)));
                }
                rows.push(row);
            }
            let table = match &axes {
                Some((r, c, v)) => Some(
                    Table::build(&names, &rows, r, c, v)
                        .map_err(lib("table"))?,
                ),
                None => None,
            };
            Ok(SweepReport {
                family: template.clone(),
                params: names.iter().map(|n| n.to_string()).collect(),
                count,
                rows: rows.iter().map(|r| Record::of(&names, r)).collect(),
                table: table.map(web_table),
            })
        })
        .await?;
    Ok(report)
}

/// The family of a query: the template `family` with the ranges of `a`,
/// `b`, `c` (those given, in that order), each range checked on its own
/// so that an error names its field. Also the template as written and
/// the parameter names.
pub(crate) fn family_of(
    p: &Params,
    example: &str,
) -> Result<(Family, String, Vec<&'static str>), ApiError> {
    let template = p.required("family", example)?.to_string();
    let mut specs: Vec<String> = Vec::new();
    let mut names: Vec<&'static str> = Vec::new();
    for name in PARAMS {
        let Some(range) = p.get(name) else { continue };
        specs.push(format!("{name}={}", range.trim()));
        names.push(name);
        // A constant template checks the ranges so far, so an error is
        // shown next to the parameter it is about.
        Family::template("1", &specs).map_err(lib(name))?;
    }
    let family = Family::template(&template, &specs).map_err(lib("family"))?;
    Ok((family, template, names))
}

/// The sweep stopped (time limit or hang-up) while at `what`.
fn stopped(what: &str) -> ApiError {
    ApiError::new(
        StatusCode::SERVICE_UNAVAILABLE,
        format!("the sweep stopped at {what}"),
    )
}

fn web_table(t: Table) -> WebTable {
    let cell = |c: &Cell| match c {
        Cell::Empty => serde_json::Value::Null,
        Cell::Value(v) => (*v).into(),
        Cell::NotFound => "not found".into(),
        Cell::Error => "error".into(),
    };
    WebTable {
        row: t.row_label,
        col: t.col_label,
        value: t.value_label,
        cells: t.cells.iter().map(|r| r.iter().map(cell).collect()).collect(),
        rows: t.rows,
        cols: t.cols,
    }
}

/// A sweep error about the input in `field`, with the status its kind
/// calls for (as `ApiError::from_library` does for the core's errors): a
/// bad expression 400, a valid family too big to enumerate 422.
pub(crate) fn lib(
    field: &'static str,
) -> impl Fn(grundy_sweep::Error) -> ApiError {
    move |e| ApiError {
        status: match e.kind() {
            ErrorKind::Parse => StatusCode::BAD_REQUEST,
            _ => StatusCode::UNPROCESSABLE_ENTITY,
        },
        message: e.message().to_string(),
        field: Some(field),
        heap: None,
        survey: None,
    }
}
