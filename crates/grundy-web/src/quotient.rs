//! `GET /api/quotient`: the misère quotient of an octal code or a finite
//! subtraction set, for the page's quotient view (issue 36 §2).
//!
//! The web twin of `grundy quotient GAME [--heaps N] [--table] --json`:
//! the same library call (`grundy::quotient`, the heap-by-heap solver of
//! Plambeck and Siegel, "Misère quotients for impartial games", J.
//! Combin. Theory Ser. A 115 (2008)), under the command's default budget
//! ([`grundy::Budget::quotient`], capped by the server's own
//! `--max-positions`) and the request's deadline, and the same object:
//! the library's [`QuotientReport`] serialised, plus `presentation` (the
//! library's notation of it) and `table` (the command's `--table`) when
//! asked for and the quotient has at most [`MAX_TABLE_ORDER`] elements.

use axum::extract::{RawQuery, State};
use grundy::{QUOTIENT_MAX_HEAPS, QuotientReport};
use serde::Serialize;

use crate::api::{AppState, params, parse_set};
use crate::error::{ApiError, lib};
use crate::lanes::Answer;
use crate::limits::ServerLimits;
use crate::query::Params;

const EXAMPLE: &str = "/api/quotient?game=0.75&table=true";

/// The largest quotient whose multiplication table is sent (`order`^2
/// names: 65,536 cells at this order, a grid no screen shows whole).
pub const MAX_TABLE_ORDER: u64 = 256;

/// The answer: the report `grundy quotient --json` prints, its
/// presentation in the library's notation (`<a, b | a2=1, b3=b>`, the
/// line the command's text output shows) and its multiplication table as
/// `--table` adds it.
#[derive(Debug, Serialize)]
struct QuotientAnswer {
    #[serde(flatten)]
    report: QuotientReport,
    presentation: String,
    #[serde(skip_serializing_if = "Option::is_none")]
    table: Option<Vec<Vec<String>>>,
}

/// `GET /api/quotient?game=G&heaps=N&table=B`.
pub async fn quotient(
    State(shared): AppState,
    RawQuery(q): RawQuery,
) -> Result<Answer, ApiError> {
    let p = params(&shared, q, &["game", "heaps", "table"], EXAMPLE)?;
    let game = p.required("game", EXAMPLE)?.to_string();
    let heaps = heaps_param(&p)?;
    let table = p.flag("table")?;
    let max_positions = work_limit(&shared.limits);
    let shared_limit = shared.limits.max_positions;
    let answer = shared
        .run(move |limit| {
            let rules = parse_set(&game)
                .map_err(|e| ApiError { field: Some("game"), ..e })?;
            let budget = grundy::Budget { max_positions, ..limit.clone() };
            let report =
                grundy::quotient(&rules, heaps, &budget).map_err(|e| {
                    stopped(e, max_positions < shared_limit, &rules)
                })?;
            let table = (table && report.order <= MAX_TABLE_ORDER)
                .then(|| report.table());
            let presentation = report.presentation();
            Ok(QuotientAnswer { report, presentation, table })
        })
        .await?;
    Ok(answer)
}

/// The work a quotient may do: the command's default (no
/// `--max-positions`, no `--timeout`), within the server's limit; the
/// request's deadline stops it too.
fn work_limit(limits: &ServerLimits) -> u64 {
    grundy::Budget::quotient(None, false)
        .max_positions
        .min(limits.max_positions)
}

/// A library error about the game; a search stopped by the command's
/// default work limit (`ours`: not the server's `--max-positions`, which
/// is higher) says how to go further: with the command.
fn stopped(e: grundy::Error, ours: bool, rules: &grundy::Rules) -> ApiError {
    match e.stopped() {
        Some(s) if ours && s.reason == grundy::StopReason::Positions => {
            ApiError::new(
                axum::http::StatusCode::SERVICE_UNAVAILABLE,
                format!(
                    "{} (the web explorer's budget for a quotient is the command's default; `grundy quotient {rules} --max-positions N` goes further)",
                    e.message()
                ),
            )
        }
        _ => lib("game")(e),
    }
}

/// The `heaps` parameter: absent (heap by heap until the periodicity
/// certificate holds), or N in 1..=[`QUOTIENT_MAX_HEAPS`]; anything else
/// is a 400 naming the token, checked before any work.
fn heaps_param(p: &Params) -> Result<Option<u64>, ApiError> {
    let Some(text) = p.get("heaps") else { return Ok(None) };
    let t = text.trim();
    let n = (!t.is_empty() && t.bytes().all(|b| b.is_ascii_digit()))
        .then(|| t.parse::<u64>().unwrap_or(u64::MAX));
    match n {
        Some(n @ 1..) if n <= u64::from(QUOTIENT_MAX_HEAPS) => Ok(Some(n)),
        _ => Err(ApiError::bad(
            "heaps",
            format!(
                "heaps \"{text}\" must be a number of heaps from 1 to \
                 {QUOTIENT_MAX_HEAPS} (the options of every heap are \
                 listed); write e.g. heaps=20, or leave it out to search \
                 until the periodicity certificate holds"
            ),
        )),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn heaps(q: &str) -> Result<Option<u64>, ApiError> {
        heaps_param(&Params::parse(Some(q), &["heaps"], EXAMPLE).unwrap())
    }

    #[test]
    fn heap_counts() {
        assert_eq!(heaps(""), Ok(None));
        assert_eq!(heaps("heaps=20"), Ok(Some(20)));
        assert_eq!(heaps("heaps=+1024+"), Ok(Some(1024)));
        for bad in ["0", "1025", "-3", "x", "", "99999999999999999999999"] {
            let e = heaps(&format!("heaps={bad}")).unwrap_err();
            assert_eq!(e.status, axum::http::StatusCode::BAD_REQUEST);
            assert_eq!(e.field, Some("heaps"));
        }
        insta::assert_snapshot!(heaps("heaps=5000").unwrap_err().message, @"heaps \"5000\" must be a number of heaps from 1 to 1024 (the options of every heap are listed); write e.g. heaps=20, or leave it out to search until the periodicity certificate holds");
    }

    #[test]
    fn the_commands_default_budget_within_the_servers() {
        let limits = ServerLimits::default();
        assert_eq!(work_limit(&limits), grundy::DEFAULT_QUOTIENT_POSITIONS);
        let small = ServerLimits { max_positions: 500, ..limits };
        assert_eq!(work_limit(&small), 500);
    }
}
