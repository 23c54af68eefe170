//! The JSON API: one handler per route, each the web twin of a CLI
//! command with the same library call and the same output keys.
//!
//! | route | CLI twin |
//! |---|---|
//! | `GET /api/period?set=S&misere=B&engine=E` | `grundy period S --json [--misere] [--engine E]` |
//! | `GET /api/values?set=S&to=N&misere=B` | `grundy values S --to N --json [--misere]` |
//! | `GET /api/heap?set=S&n=N&misere=B` | `grundy heap S N --json [--misere]` |
//! | `GET /api/sum?heaps=H;H&misere=B` | `grundy sum H H --json [--misere]` |

use std::sync::Arc;

use axum::extract::{RawQuery, State};
use axum::http::StatusCode;
use grundy::{
    EngineChoice, Heap, PeriodOptions, PeriodReport, Play, Rules,
    ValuesReport, parse_heap_size,
};
use serde::Serialize;

use crate::error::{ApiError, lib};
use crate::lanes::Answer;
use crate::lanes::Shared;
use crate::query::Params;

/// The state every handler gets.
pub type AppState = State<Arc<Shared>>;

/// Checks the query's length, then decodes it.
pub fn params(
    shared: &Shared,
    raw: Option<String>,
    allowed: &[&'static str],
    example: &str,
) -> Result<Params, ApiError> {
    let len = raw.as_deref().map_or(0, str::len);
    if len > shared.limits.max_query {
        return Err(ApiError::new(
            StatusCode::URI_TOO_LONG,
            format!(
                "the query is {len} bytes long; the web explorer takes at most {}",
                shared.limits.max_query
            ),
        ));
    }
    Params::parse(raw.as_deref(), allowed, example)
}

/// Parses a `set` parameter with the library's one-line message. Called
/// in the lanes, not on the async runtime: a short range such as
/// `1-10000000` is ten million elements to build.
pub fn parse_set(text: &str) -> Result<Rules, ApiError> {
    text.parse().map_err(lib("set"))
}

/// `misere=true` selects misère play.
pub fn play_param(p: &Params) -> Result<Play, ApiError> {
    Ok(if p.flag("misere")? { Play::Misere } else { Play::Normal })
}

const PERIOD_EXAMPLE: &str = "/api/period?set=1,2,5";

/// The period report with the wall-clock time the server measured.
#[derive(Debug, Serialize)]
pub struct TimedPeriod {
    /// The library's report.
    #[serde(flatten)]
    pub report: PeriodReport,
    /// Seconds the computation took.
    pub seconds: f64,
}

/// `GET /api/period`: the object `grundy period SET --json` prints.
pub async fn period(
    State(shared): AppState,
    RawQuery(q): RawQuery,
) -> Result<Answer, ApiError> {
    let p = params(&shared, q, &["set", "misere", "engine"], PERIOD_EXAMPLE)?;
    let set = p.required("set", PERIOD_EXAMPLE)?.to_string();
    let play = play_param(&p)?;
    let engine: EngineChoice =
        p.get("engine").unwrap_or("auto").parse().map_err(lib("engine"))?;
    let options = PeriodOptions { engine, ..PeriodOptions::default() };
    let report = shared
        .run(move |budget| {
            let started = std::time::Instant::now();
            let set = parse_set(&set)?;
            let report = grundy::period(&set, play, &options, budget)
                .map_err(lib("set"))?;
            let seconds = started.elapsed().as_secs_f64();
            Ok(TimedPeriod { report, seconds })
        })
        .await?;
    Ok(report)
}

const VALUES_EXAMPLE: &str = "/api/values?set=1,2,5&to=31";

/// `GET /api/values`: the object `grundy values SET --to N --json`
/// prints (`to` defaults to 31, as there).
pub async fn values(
    State(shared): AppState,
    RawQuery(q): RawQuery,
) -> Result<Answer, ApiError> {
    let p = params(&shared, q, &["set", "to", "misere"], VALUES_EXAMPLE)?;
    let set = p.required("set", VALUES_EXAMPLE)?.to_string();
    let to = p.number("to", 31, shared.limits.max_to)?;
    let play = play_param(&p)?;
    let report = shared
        .run(move |budget| {
            ValuesReport::within(&parse_set(&set)?, to, play, budget)
                .map_err(lib("set"))
        })
        .await?;
    Ok(report)
}

const HEAP_EXAMPLE: &str = "/api/heap?set=1,2,3&n=1000000000000000000";

/// `GET /api/heap`: the object `grundy heap SET N --json` prints.
pub async fn heap(
    State(shared): AppState,
    RawQuery(q): RawQuery,
) -> Result<Answer, ApiError> {
    let p = params(&shared, q, &["set", "n", "misere"], HEAP_EXAMPLE)?;
    let set = p.required("set", HEAP_EXAMPLE)?.to_string();
    let n =
        parse_heap_size(p.required("n", HEAP_EXAMPLE)?).map_err(lib("n"))?;
    // `misere=true` asks for the misère answer with the whole budget.
    let options = grundy::HeapOptions { misere: p.flag("misere")? };
    let report = shared
        .run(move |budget| {
            grundy::heap_with(&parse_set(&set)?, &n, &options, budget)
                .map_err(lib("set"))
        })
        .await?;
    Ok(report)
}

const SUM_EXAMPLE: &str = "/api/sum?heaps=1,2,3:10;2,3:7;nim:5";

/// The `heaps` parameter, checked before any set is built: `SET:SIZE`
/// items separated by `;` or spaces, at most `max_heaps` of them (each
/// may be a range of millions of elements).
pub fn heaps_param(
    p: &Params,
    shared: &Shared,
    example: &str,
) -> Result<String, ApiError> {
    let text = p.required("heaps", example)?;
    let count = items(text).count();
    let max = shared.limits.max_heaps;
    if count > max {
        return Err(ApiError {
            status: StatusCode::UNPROCESSABLE_ENTITY,
            message: format!(
                "{count} heaps is too many for the web explorer; use at most {max}, or `grundy sum`"
            ),
            field: Some("heaps"),
            heap: None,
            survey: None,
        });
    }
    if count == 0 {
        return Err(ApiError::bad(
            "heaps",
            "no heaps given; write heaps as SET:SIZE, e.g. \"1,2,3:10 nim:5\"",
        ));
    }
    Ok(text.to_string())
}

fn items(text: &str) -> impl Iterator<Item = &str> {
    text.split(|c: char| c == ';' || c.is_whitespace())
        .filter(|h| !h.is_empty())
}

/// Parses the heaps of [`heaps_param`] (in the lanes); an error names
/// the heap (from 1) to blame.
pub fn parse_heaps(text: &str) -> Result<Vec<Heap>, ApiError> {
    items(text)
        .enumerate()
        .map(|(i, h)| {
            h.parse().map_err(|e| ApiError {
                heap: Some(i + 1),
                survey: None,
                ..ApiError::from_library("heaps", e)
            })
        })
        .collect()
}

/// `GET /api/sum`: the object `grundy sum HEAP... --json` prints. The
/// heaps, each `SET:SIZE`, are separated by `;` or spaces.
pub async fn sum(
    State(shared): AppState,
    RawQuery(q): RawQuery,
) -> Result<Answer, ApiError> {
    let p = params(&shared, q, &["heaps", "misere"], SUM_EXAMPLE)?;
    let heaps = heaps_param(&p, &shared, SUM_EXAMPLE)?;
    let play = play_param(&p)?;
    let report = shared
        .run(move |budget| {
            grundy::sum(&parse_heaps(&heaps)?, play, budget)
                .map_err(lib("heaps"))
        })
        .await?;
    Ok(report)
}

/// Any other path: 404 with the list of routes.
pub async fn not_found(uri: axum::http::Uri) -> ApiError {
    ApiError::new(
        StatusCode::NOT_FOUND,
        format!(
            "no such page \"{}\"; the page is / and the API routes are {}",
            uri.path(),
            crate::ROUTES.join(", ")
        ),
    )
}

/// A known path with another method than GET.
pub async fn method_not_allowed(method: axum::http::Method) -> ApiError {
    ApiError::new(
        StatusCode::METHOD_NOT_ALLOWED,
        format!("method {method} is not allowed here; use GET"),
    )
}
