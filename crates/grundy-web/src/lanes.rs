//! Running each request's work off the async runtime, in two lanes, so
//! that a few expensive requests cannot keep cheap ones waiting.
//!
//! Every computation runs on tokio's blocking pool (`spawn_blocking`), so
//! a long search never stalls the threads that accept and answer other
//! requests. It starts in the *quick* lane (4 places per worker, so that
//! a burst of hostile requests passes through it a few at a time rather
//! than two by two). Most requests of the page end there within
//! milliseconds. One still running after [`ServerLimits::quick`]
//! moves to the *long* lane (`workers` places) if a place is free; if
//! none is, it is cancelled, waits for a long place and starts again
//! there, so the quick lane is held only for a slice of time by any
//! request, however hostile.
//!
//! Each run gets a [`grundy::Budget`] with the position and state limits,
//! the request's deadline and a cancel flag, raised when the client goes
//! away (the handler's future is dropped) or when the run leaves the
//! quick lane, so abandoned work stops at the library's next check. The
//! answer never waits for that check more than [`GRACE`] past the
//! deadline: the place in the lane stays taken until the work really
//! stops, so the lanes never hold more threads than places.

use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::{Arc, Mutex, PoisonError};
use std::time::{Duration, Instant};

use axum::http::{StatusCode, header};
use axum::response::{IntoResponse, Response};
use serde::Serialize;
use tokio::sync::{OwnedSemaphorePermit, Semaphore};
use tokio::task::JoinHandle;

use crate::error::ApiError;
use crate::limits::{MAX_WORKERS, ServerLimits};

/// Bytes one request's period search may keep (`grundy::Budget::max_memory`):
/// 16 MiB, so that a worker a core stays small.
const REQUEST_MAX_MEMORY: u64 = 16 << 20;

/// How long past its deadline a request is answered (503) when its work
/// has not stopped by itself.
pub const GRACE: Duration = Duration::from_millis(250);

/// Places in the quick lane per worker: a burst of hostile requests passes
/// through the quick lane this many at a time.
const QUICK_PLACES: usize = 4;

/// A handler's answer: JSON already written by [`Shared::run`].
#[derive(Debug)]
pub struct Answer(Vec<u8>);

impl IntoResponse for Answer {
    fn into_response(self) -> Response {
        ([(header::CONTENT_TYPE, "application/json")], self.0).into_response()
    }
}

/// What the handlers share: the limits and the two lanes.
#[derive(Debug)]
pub struct Shared {
    /// The limits.
    pub limits: ServerLimits,
    quick: Arc<Semaphore>,
    long: Arc<Semaphore>,
    workers: usize,
}

impl Shared {
    /// Shared state for `limits`.
    pub fn new(limits: ServerLimits) -> Shared {
        let workers = limits.workers.clamp(1, MAX_WORKERS);
        Shared {
            quick: Arc::new(Semaphore::new(QUICK_PLACES * workers)),
            long: Arc::new(Semaphore::new(workers)),
            workers,
            limits,
        }
    }

    /// Runs `work` with this request's [`grundy::Budget`] in the lanes,
    /// and writes its answer as JSON there too: an answer of many
    /// megabytes (the echo of a set of millions of elements) is built on
    /// the lane's thread, never on the threads that serve every other
    /// connection. Gives up with 503 when no place frees up before the
    /// deadline or when the work outlives its deadline; a panic in `work`
    /// becomes a 500 answer. `work` may run twice (a run cancelled in the
    /// quick lane starts again in the long one).
    pub async fn run<T, F>(&self, work: F) -> Result<Answer, ApiError>
    where
        T: Serialize + 'static,
        F: Fn(&grundy::Budget) -> Result<T, ApiError> + Send + Sync + 'static,
    {
        let deadline = grundy::deadline_after(self.limits.timeout);
        let json = move |budget: &grundy::Budget| {
            let answer = work(budget)?;
            // A run cancelled meanwhile (it left the quick lane, or the
            // client left) writes nothing: its place frees up sooner.
            if budget
                .cancel
                .as_ref()
                .is_some_and(|c| c.load(Ordering::Relaxed))
            {
                return Err(ApiError::new(
                    StatusCode::SERVICE_UNAVAILABLE,
                    "cancelled before the answer was written",
                ));
            }
            serde_json::to_vec(&answer).map(Answer).map_err(|e| {
                ApiError::new(
                    StatusCode::INTERNAL_SERVER_ERROR,
                    format!("cannot write the answer: {e}"),
                )
            })
        };
        let lanes = self.lanes(Arc::new(json), deadline);
        let answer = match deadline.and_then(|d| d.checked_add(GRACE)) {
            Some(end) => tokio::time::timeout_at(end.into(), lanes)
                .await
                .unwrap_or_else(|_| {
                    Err(ApiError::new(
                        StatusCode::SERVICE_UNAVAILABLE,
                        "the work did not finish",
                    ))
                }),
            None => lanes.await,
        };
        answer.map_err(|e| self.explain(e, deadline))
    }

    async fn lanes<T, F>(
        &self,
        work: Arc<F>,
        deadline: Option<Instant>,
    ) -> Result<T, ApiError>
    where
        T: Send + 'static,
        F: Fn(&grundy::Budget) -> Result<T, ApiError> + Send + Sync + 'static,
    {
        let long_busy = || {
            format!(
                "the server is busy with {} long computations; try again",
                self.workers
            )
        };
        if self.limits.quick.is_zero() {
            let place = acquire(&self.long, deadline, &long_busy()).await?;
            let mut run = Attempt::start(work, self.limit(deadline), place);
            return run.finished().await;
        }
        let busy = "the server is busy with other requests; try again";
        let place = acquire(&self.quick, deadline, busy).await?;
        let mut first =
            Attempt::start(work.clone(), self.limit(deadline), place);
        tokio::select! {
            done = first.finished() => return done,
            () = tokio::time::sleep(self.limits.quick) => {}
        }
        if let Ok(place) = self.long.clone().try_acquire_owned() {
            first.move_to(place);
            return first.finished().await;
        }
        first.cancel();
        match first.finished().await {
            Err(e)
                if e.status == StatusCode::SERVICE_UNAVAILABLE
                    && deadline.is_none_or(|d| Instant::now() < d) => {}
            done => return done,
        }
        let place = acquire(&self.long, deadline, &long_busy()).await?;
        Attempt::start(work, self.limit(deadline), place).finished().await
    }

    fn limit(&self, deadline: Option<Instant>) -> grundy::Budget {
        grundy::Budget {
            max_positions: self.limits.max_positions,
            max_states: self.limits.max_states as u64,
            max_splits: grundy::DEFAULT_MAX_SPLITS,
            // Two threads for an octal game where the machine has two
            // cores (at most two per computation in a lane): a lone
            // request gets both cores, and requests side by side share
            // them.
            max_threads: grundy::default_threads(),
            // Requests side by side: each keeps at most this much to
            // shorten a period search (it streams past it).
            max_memory: REQUEST_MAX_MEMORY,
            deadline,
            cancel: None,
            observer: None,
        }
    }

    /// Says which server setting to raise when the deadline stopped the
    /// work.
    fn explain(&self, mut e: ApiError, deadline: Option<Instant>) -> ApiError {
        if e.status == StatusCode::SERVICE_UNAVAILABLE
            && deadline.is_some_and(|d| Instant::now() >= d)
        {
            e.message.push_str(&format!(
                " (the time limit of {} s per request passed; `grundy serve --timeout` raises it)",
                self.limits.timeout.as_secs_f64()
            ));
        }
        e
    }
}

/// A place in `lane`, waiting until `deadline` at most.
async fn acquire(
    lane: &Arc<Semaphore>,
    deadline: Option<Instant>,
    busy: &str,
) -> Result<OwnedSemaphorePermit, ApiError> {
    let wait = lane.clone().acquire_owned();
    let place =
        match deadline {
            Some(d) => tokio::time::timeout_at(d.into(), wait).await.map_err(
                |_| ApiError::new(StatusCode::SERVICE_UNAVAILABLE, busy),
            )?,
            None => wait.await,
        };
    Ok(place.expect("the lanes are never closed"))
}

/// One run of the work on the blocking pool, holding a place in a lane
/// until the work returns.
struct Attempt<T> {
    task: JoinHandle<Result<T, ApiError>>,
    place: Arc<Mutex<Option<OwnedSemaphorePermit>>>,
    cancel: CancelOnDrop,
}

impl<T: Send + 'static> Attempt<T> {
    fn start<F>(
        work: Arc<F>,
        mut limit: grundy::Budget,
        place: OwnedSemaphorePermit,
    ) -> Attempt<T>
    where
        F: Fn(&grundy::Budget) -> Result<T, ApiError> + Send + Sync + 'static,
    {
        let cancel = Arc::new(AtomicBool::new(false));
        limit.cancel = Some(cancel.clone());
        let place = Arc::new(Mutex::new(Some(place)));
        let held = place.clone();
        let task = tokio::task::spawn_blocking(move || {
            let result = work(&limit);
            // The place frees up when the work stops, not when the
            // client is answered.
            held.lock().unwrap_or_else(PoisonError::into_inner).take();
            result
        });
        Attempt { task, place, cancel: CancelOnDrop(cancel) }
    }

    /// Trades the place held for `place` (in another lane).
    fn move_to(&self, place: OwnedSemaphorePermit) {
        let mut held =
            self.place.lock().unwrap_or_else(PoisonError::into_inner);
        if held.is_some() {
            *held = Some(place);
        }
    }

    fn cancel(&self) {
        self.cancel.0.store(true, Ordering::Relaxed);
    }

    async fn finished(&mut self) -> Result<T, ApiError> {
        match (&mut self.task).await {
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
