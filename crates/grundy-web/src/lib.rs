//! `grundy-web`: the local web explorer behind `grundy serve`.
//!
//! One page (`assets/`, compiled in) and a JSON API over the `grundy`
//! library. The API is the web twin of the CLI's `--json` output: the same
//! library calls, the same report structs, the same keys (docs/WEB.md and
//! docs/JSON.md). Errors are `{"error": "..."}` with a 4xx/5xx status
//! (`error.rs`); every computation runs off the async runtime under a
//! per-request budget drawn from the server's limits (`limits.rs`), in a
//! quick and a long lane so that expensive requests do not hold up cheap
//! ones (`lanes.rs`). The server (`server.rs`) closes slow and idle
//! connections and caps their number, and answers only requests
//! addressed to this machine (`host.rs`).
//!
//! The page follows the "Grundy sequence search program" shown at MATH
//! POWER 2022 (issue 6): type a set, see the period and a picture of the
//! first values; this one adds heaps, sums, play, sweeps, misère
//! quotients and the catalogue of laws.
//!
//! ```no_run
//! # async fn demo() -> std::io::Result<()> {
//! let listener = tokio::net::TcpListener::bind("127.0.0.1:0").await?;
//! grundy_web::serve(listener, grundy_web::ServerLimits::default(), std::future::pending()).await
//! # }
//! ```

#![deny(missing_docs)]

mod api;
mod assets;
mod cpu_clock;
mod error;
mod fit;
mod host;
mod lanes;
mod laws;
mod limits;
mod play;
mod query;
mod quotient;
mod server;
mod stall;
mod sweep;

use std::future::Future;
use std::sync::Arc;

use axum::Router;
use axum::http::{HeaderValue, StatusCode, header};
use axum::response::IntoResponse;
use axum::routing::get;
use tower_http::catch_panic::CatchPanicLayer;
use tower_http::set_header::SetResponseHeaderLayer;

pub use error::ApiError;
pub use host::Hosts;
pub use lanes::GRACE;
pub use laws::{CATALOGUE_COMMAND, CATALOGUE_JSONL, MAX_SHOWN, catalogue};
pub use limits::{
    DEFAULT_MAX_POSITIONS, DEFAULT_MAX_STATES, MAX_WORKERS, ServerLimits,
};
pub use quotient::MAX_TABLE_ORDER;

/// The API routes, for messages and docs/WEB.md.
pub const ROUTES: &[&str] = &[
    "/api/period",
    "/api/values",
    "/api/heap",
    "/api/sum",
    "/api/play",
    "/api/sweep",
    "/api/fit",
    "/api/quotient",
    "/api/laws",
];

/// The page's content security policy: everything from this server only.
const CSP: &str = "default-src 'self'; img-src 'self' data:; \
                   style-src 'self'; script-src 'self'; \
                   frame-ancestors 'none'";

/// The application: page, API, fallbacks and panic guard.
pub fn router(limits: ServerLimits) -> Router {
    let shared = Arc::new(lanes::Shared::new(limits));
    Router::new()
        .route("/", get(assets::index))
        .route("/app.js", get(assets::script))
        .route("/style.css", get(assets::style))
        .route("/api/period", get(api::period))
        .route("/api/values", get(api::values))
        .route("/api/heap", get(api::heap))
        .route("/api/sum", get(api::sum))
        .route("/api/play", get(play::play))
        .route("/api/sweep", get(sweep::sweep))
        .route("/api/fit", get(fit::fit))
        .route("/api/quotient", get(quotient::quotient))
        .route("/api/laws", get(laws::laws))
        .fallback(api::not_found)
        .method_not_allowed_fallback(api::method_not_allowed)
        .with_state(shared)
        .layer(CatchPanicLayer::custom(panic_answer))
        .layer(SetResponseHeaderLayer::overriding(
            header::CONTENT_SECURITY_POLICY,
            HeaderValue::from_static(CSP),
        ))
        .layer(SetResponseHeaderLayer::overriding(
            header::X_CONTENT_TYPE_OPTIONS,
            HeaderValue::from_static("nosniff"),
        ))
        .layer(SetResponseHeaderLayer::overriding(
            header::CACHE_CONTROL,
            HeaderValue::from_static("no-cache"),
        ))
}

/// A panic in a handler still answers, in the API's error format.
fn panic_answer(
    _: Box<dyn std::any::Any + Send + 'static>,
) -> axum::response::Response {
    ApiError::new(
        StatusCode::INTERNAL_SERVER_ERROR,
        "internal error; please report this request",
    )
    .into_response()
}

/// Serves the explorer on `listener` until `shutdown` completes,
/// answering only requests for this machine's loopback names and
/// addresses and the listening address ([`Hosts::default`]).
pub async fn serve(
    listener: tokio::net::TcpListener,
    limits: ServerLimits,
    shutdown: impl Future<Output = ()> + Send + 'static,
) -> std::io::Result<()> {
    serve_with(listener, limits, Hosts::default(), shutdown).await
}

/// [`serve`], answering the requests for `hosts`.
///
/// ```no_run
/// # async fn demo() -> std::io::Result<()> {
/// use grundy_web::{Hosts, ServerLimits};
/// let listener = tokio::net::TcpListener::bind("127.0.0.1:3131").await?;
/// let hosts = Hosts::Local(vec!["explorer.lan".into()]);
/// grundy_web::serve_with(listener, ServerLimits::default(), hosts, std::future::pending()).await
/// # }
/// ```
pub async fn serve_with(
    listener: tokio::net::TcpListener,
    limits: ServerLimits,
    hosts: Hosts,
    shutdown: impl Future<Output = ()> + Send + 'static,
) -> std::io::Result<()> {
    let mut app = router(limits.clone());
    let bound = listener.local_addr()?.ip();
    if let Some(check) = host::HostCheck::new(&hosts, bound) {
        app = app.layer(axum::middleware::from_fn_with_state(
            Arc::new(check),
            host::check,
        ));
    }
    server::run(listener, app, &limits, shutdown).await
}
