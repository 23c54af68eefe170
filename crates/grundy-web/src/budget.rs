//! The work budget of each request, and running the work off the async
//! runtime.
//!
//! Every computation runs on tokio's blocking pool
//! (`spawn_blocking`), so a long search never stalls the threads that
//! accept and answer other requests. At most `workers` computations run
//! at once (a semaphore); each one gets a [`grundy::Budget`] with a
//! position budget, a state budget, a deadline, and a cancel flag that is
//! raised when the client goes away (the handler's future is dropped), so
//! abandoned work stops at the library's next check instead of running
//! on.

use std::sync::Arc;
use std::sync::atomic::{AtomicBool, Ordering};
use std::time::{Duration, Instant};

use axum::http::StatusCode;
use tokio::sync::Semaphore;

use crate::error::ApiError;

/// Limits for one request, and for the server as a whole.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Budget {
    /// Positions a period search may generate, per request.
    pub max_positions: u64,
    /// Wall-clock time per request, waiting for a worker included.
    pub timeout: Duration,
    /// The longest `to` of `/api/values`.
    pub max_to: u64,
    /// Positions a misère sum search may store.
    pub max_states: usize,
    /// The most heaps in one sum.
    pub max_heaps: usize,
    /// The longest query string, in bytes.
    pub max_query: usize,
    /// Computations that may run at the same time.
    pub workers: usize,
}

impl Default for Budget {
    fn default() -> Budget {
        Budget {
            max_positions: 2_000_000_000,
            timeout: Duration::from_secs(10),
            max_to: 100_000,
            max_states: 200_000,
            max_heaps: 16,
            max_query: 4096,
            workers: std::thread::available_parallelism()
                .map_or(2, |n| n.get()),
        }
    }
}

/// What the handlers share: the budget and the worker permits.
#[derive(Debug)]
pub struct Shared {
    /// The limits.
    pub budget: Budget,
    permits: Arc<Semaphore>,
}

impl Shared {
    /// Shared state for `budget`.
    pub fn new(budget: Budget) -> Shared {
        let permits = Arc::new(Semaphore::new(budget.workers.max(1)));
        Shared { budget, permits }
    }

    /// Runs `work` on the blocking pool with this request's
    /// [`grundy::Budget`],
    /// once a worker is free. Gives up with 503 when no worker frees up
    /// before the deadline; a panic in `work` becomes a 500 answer.
    pub async fn run<T, F>(&self, work: F) -> Result<T, ApiError>
    where
        T: Send + 'static,
        F: FnOnce(&grundy::Budget) -> Result<T, ApiError> + Send + 'static,
    {
        let deadline = Instant::now() + self.budget.timeout;
        let cancel = CancelOnDrop(Arc::new(AtomicBool::new(false)));
        let permit = tokio::time::timeout_at(
            deadline.into(),
            self.permits.clone().acquire_owned(),
        )
        .await
        .map_err(|_| {
            ApiError::new(
                StatusCode::SERVICE_UNAVAILABLE,
                "the server is busy with other requests; try again",
            )
        })?
        .expect("the semaphore is never closed");
        let limit = grundy::Budget {
            max_positions: self.budget.max_positions,
            max_states: self.budget.max_states as u64,
            deadline: Some(deadline),
            cancel: Some(cancel.0.clone()),
            observer: None,
        };
        let task = tokio::task::spawn_blocking(move || {
            let _permit = permit;
            work(&limit)
        });
        match task.await {
            Ok(Err(mut e))
                if e.status == StatusCode::SERVICE_UNAVAILABLE
                    && Instant::now() >= deadline =>
            {
                e.message.push_str(&format!(
                    " (the time limit of {} s per request passed; `grundy serve --timeout` raises it)",
                    self.budget.timeout.as_secs_f64()
                ));
                Err(e)
            }
            Ok(result) => result,
            Err(e) => Err(ApiError::new(
                StatusCode::INTERNAL_SERVER_ERROR,
                format!("internal error: {e}; please report this request"),
            )),
        }
    }
}

/// Raises the cancel flag when dropped: when the handler's future is
/// dropped because the client hung up, the blocking work sees the flag.
struct CancelOnDrop(Arc<AtomicBool>);

impl Drop for CancelOnDrop {
    fn drop(&mut self) {
        self.0.store(true, Ordering::Relaxed);
    }
}
