//! The API's one error type and its wire format.
//!
//! Every failure leaves the server as `{"error": "<message>"}` with a 4xx
//! or 5xx status, plus `"field": "<parameter>"` when one query parameter is
//! to blame, so the page can show the message next to that field (and
//! `"heap": i` when heap i of a sum is the culprit, and `"survey"` when
//! the period search of a take-and-break game ran out of budget: the
//! values' frequencies and rare values, as `grundy period --json` prints
//! them). The
//! messages are the library's, the same words the CLI prints after
//! `grundy: `; where a budget ran out, this module adds the server's own
//! hint (its limits are server settings, not query parameters).

use std::sync::Arc;

use axum::Json;
use axum::http::StatusCode;
use axum::response::{IntoResponse, Response};
use grundy::ErrorKind;
use serde::Serialize;

/// An error answer: status, one-line message, the parameter to blame.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct ApiError {
    /// The HTTP status.
    pub status: StatusCode,
    /// The one-line message.
    pub message: String,
    /// The query parameter the message is about, if any.
    pub field: Option<&'static str>,
    /// For sums: which heap (from 1) the message is about.
    pub heap: Option<usize>,
    /// For a take-and-break game whose period search ran out of budget:
    /// what it had computed (frequencies, rare values), never a guess.
    pub survey: Option<Arc<grundy::Survey>>,
}

#[derive(Serialize)]
struct Body<'a> {
    error: &'a str,
    #[serde(skip_serializing_if = "Option::is_none")]
    field: Option<&'static str>,
    #[serde(skip_serializing_if = "Option::is_none")]
    heap: Option<usize>,
    #[serde(skip_serializing_if = "Option::is_none")]
    survey: Option<&'a grundy::Survey>,
}

impl ApiError {
    /// 400 Bad Request about `field`.
    pub fn bad(field: &'static str, message: impl Into<String>) -> ApiError {
        ApiError {
            status: StatusCode::BAD_REQUEST,
            message: message.into(),
            field: Some(field),
            heap: None,
            survey: None,
        }
    }

    /// An error with a status and no field.
    pub fn new(status: StatusCode, message: impl Into<String>) -> ApiError {
        ApiError {
            status,
            message: message.into(),
            field: None,
            heap: None,
            survey: None,
        }
    }

    /// A library error about the input in `field`, with the status its
    /// kind calls for: bad notation 400, valid but too big or not
    /// supported 422, out of budget 503 (the server is healthy; this
    /// request needs more work than one request may do).
    pub fn from_library(field: &'static str, e: grundy::Error) -> ApiError {
        let (status, field) = match e.kind() {
            ErrorKind::Parse => (StatusCode::BAD_REQUEST, Some(field)),
            ErrorKind::Budget => (StatusCode::SERVICE_UNAVAILABLE, None),
            _ => (StatusCode::UNPROCESSABLE_ENTITY, Some(field)),
        };
        let mut message = e.message().to_string();
        let mut survey = None;
        if let Some(stopped) = e.stopped() {
            message.push_str(hint(stopped.reason));
            survey = stopped.seen.clone();
        }
        ApiError { status, message, field, heap: None, survey }
    }
}

impl IntoResponse for ApiError {
    fn into_response(self) -> Response {
        let body = Body {
            error: &self.message,
            field: self.field,
            heap: self.heap,
            survey: self.survey.as_deref(),
        };
        (self.status, Json(body)).into_response()
    }
}

/// What the server's operator can change when a budget runs out. The
/// time limit's hint is added where the deadline is known (`lanes.rs`).
fn hint(reason: grundy::StopReason) -> &'static str {
    match reason {
        grundy::StopReason::Positions => {
            " (the server's limit per request; `grundy serve --max-positions` raises it)"
        }
        grundy::StopReason::States => {
            " (the server's limit per request; `grundy serve --max-states` raises it)"
        }
        grundy::StopReason::Splits => {
            " (the server's fixed limit per request for octal games)"
        }
        _ => "",
    }
}

/// A closure-friendly conversion: `.map_err(lib("set"))`.
pub fn lib(field: &'static str) -> impl Fn(grundy::Error) -> ApiError {
    move |e| ApiError::from_library(field, e)
}
