//! Running each request's work off the async runtime, in two lanes, so
//! that a few expensive requests cannot keep cheap ones waiting.
//!
//! Every computation runs on tokio's blocking pool (`spawn_blocking`), so
//! a long search never stalls the threads that accept and answer other
//! requests. It starts in the *quick* lane (4 places per worker, so that
//! a burst of hostile requests passes through it a few at a time rather
//! than two by two). Most requests of the page end there within
//! milliseconds. One that has worked for [`ServerLimits::quick`] (CPU
//! time of its thread, `cpu_clock.rs`, so that a cheap request on a
//! loaded machine keeps its place) moves to the *long* lane (`workers`
//! places) if a place is free; if none is, it is cancelled, waits for a
//! long place and starts again there, so the quick lane is held only for
//! a slice of time by any request, however hostile. In wall time a
//! request stays at most [`QUICK_WALL_FACTOR`] slices, or one slice
//! while other requests wait for a quick place (a burst: each place then
//! turns over after a slice of wall time, as it did before CPU time was
//! counted).
//!
//! Each run gets a [`grundy::Budget`] with the position and state limits,
//! the request's deadline and a cancel flag, raised when the client goes
//! away (the handler's future is dropped) or when the run leaves the
//! quick lane, so abandoned work stops at the library's next check. The
//! answer never waits for that check more than [`GRACE`] past the
//! deadline: the place in the lane stays taken until the work really
//! stops, so the lanes never hold more threads than places.

use std::sync::atomic::{AtomicBool, AtomicUsize, Ordering};
use std::sync::{Arc, Mutex, PoisonError};
use std::time::{Duration, Instant};

use axum::http::{StatusCode, header};
use axum::response::{IntoResponse, Response};
use serde::Serialize;
use tokio::sync::{OwnedSemaphorePermit, Semaphore};
use tokio::task::JoinHandle;

use crate::cpu_clock::ThreadClock;
use crate::error::ApiError;
use crate::limits::{MAX_WORKERS, ServerLimits};

/// Bytes one request's period search may keep (`grundy::Budget::max_memory`):
/// 16 MiB, so that a worker a core stays small.
const REQUEST_MAX_MEMORY: u64 = 16 << 20;

/// How long past its deadline a request is answered (503) when its work
/// has not stopped by itself.
pub const GRACE: Duration = Duration::from_millis(250);

/// A request leaves the quick lane after [`ServerLimits::quick`] of work
/// or this many times it in wall time, whichever comes first (work spread
/// over other threads, or a thread starved by a loaded machine).
pub const QUICK_WALL_FACTOR: u32 = 10;

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
    /// Requests waiting for a place in the quick lane.
    quick_waiting: AtomicUsize,
    long: Arc<Semaphore>,
    workers: usize,
}

impl Shared {
    /// Shared state for `limits`.
    pub fn new(limits: ServerLimits) -> Shared {
        let workers = limits.workers.clamp(1, MAX_WORKERS);
        Shared {
            quick: Arc::new(Semaphore::new(QUICK_PLACES * workers)),
            quick_waiting: AtomicUsize::new(0),
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
        let place = {
            let _waiting = Waiting::new(&self.quick_waiting);
            acquire(&self.quick, deadline, busy).await?
        };
        let mut first =
            Attempt::start(work.clone(), self.limit(deadline), place);
        let started = Instant::now();
        while let Some(left) = self.quick_left(&first, started) {
            tokio::select! {
                done = first.finished() => return done,
                () = tokio::time::sleep(left) => {}
            }
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

    /// How much longer `run` may stay in the quick lane: the work it has
    /// left of [`ServerLimits::quick`] (at least 1 ms), or `None` once
    /// that is spent, or its wall time since `started`:
    /// [`QUICK_WALL_FACTOR`] slices, or one while other requests wait for
    /// a quick place.
    fn quick_left<T: Send + 'static>(
        &self,
        run: &Attempt<T>,
        started: Instant,
    ) -> Option<Duration> {
        let wall = if self.quick_waiting.load(Ordering::Relaxed) > 0 {
            self.limits.quick
        } else {
            self.limits.quick.saturating_mul(QUICK_WALL_FACTOR)
        };
        let elapsed = started.elapsed();
        let left = self.limits.quick.checked_sub(run.work_done(elapsed))?;
        let wall_left = wall.checked_sub(elapsed)?;
        (!left.is_zero() && !wall_left.is_zero())
            .then(|| left.min(wall_left).max(Duration::from_millis(1)))
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
    held: Arc<Mutex<Held>>,
    cancel: CancelOnDrop,
}

/// What a run holds while its work runs: its place in a lane, and the CPU
/// clock of the thread doing the work (from when that thread picks it up
/// until it returns, so that the clock is never read for other work).
#[derive(Default)]
struct Held {
    place: Option<OwnedSemaphorePermit>,
    started: bool,
    clock: Option<ThreadClock>,
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
        let held = Arc::new(Mutex::new(Held {
            place: Some(place),
            ..Held::default()
        }));
        let running = held.clone();
        let task = tokio::task::spawn_blocking(move || {
            {
                let mut running = lock(&running);
                running.started = true;
                running.clock = ThreadClock::of_this_thread();
            }
            // The place frees up when the work stops (returns or
            // panics), not when the client is answered.
            let _release = Release(running);
            work(&limit)
        });
        Attempt { task, held, cancel: CancelOnDrop(cancel) }
    }

    /// Trades the place held for `place` (in another lane).
    fn move_to(&self, place: OwnedSemaphorePermit) {
        let mut held = lock(&self.held);
        if held.place.is_some() {
            held.place = Some(place);
        }
    }

    /// The CPU time the work has used so far: none before a thread picks
    /// it up, `wall` where threads have no clock.
    fn work_done(&self, wall: Duration) -> Duration {
        let held = lock(&self.held);
        if !held.started {
            return Duration::ZERO;
        }
        held.clock.and_then(|c| c.used()).unwrap_or(wall)
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

/// Clears a run's place and clock when its work stops, even by a panic:
/// the thread may go on to other work right after.
struct Release(Arc<Mutex<Held>>);

impl Drop for Release {
    fn drop(&mut self) {
        let mut held = lock(&self.0);
        held.place = None;
        held.clock = None;
    }
}

/// Counts a request among those waiting for a quick place while it lives.
struct Waiting<'a>(&'a AtomicUsize);

impl<'a> Waiting<'a> {
    fn new(count: &'a AtomicUsize) -> Waiting<'a> {
        count.fetch_add(1, Ordering::Relaxed);
        Waiting(count)
    }
}

impl Drop for Waiting<'_> {
    fn drop(&mut self) {
        self.0.fetch_sub(1, Ordering::Relaxed);
    }
}

fn lock(held: &Mutex<Held>) -> std::sync::MutexGuard<'_, Held> {
    held.lock().unwrap_or_else(PoisonError::into_inner)
}

/// Raises the cancel flag when dropped: when the handler's future is
/// dropped because the client hung up, the blocking work sees the flag.
struct CancelOnDrop(Arc<AtomicBool>);

impl Drop for CancelOnDrop {
    fn drop(&mut self) {
        self.0.store(true, Ordering::Relaxed);
    }
}

#[cfg(all(test, target_os = "linux"))]
mod tests {
    use super::*;

    fn cancelled(budget: &grundy::Budget) -> bool {
        budget.cancel.as_ref().is_some_and(|c| c.load(Ordering::Relaxed))
    }

    /// A cheap request whose thread gets little CPU (a loaded machine;
    /// here it sleeps) keeps its quick place while the long lane is full.
    /// With a slice of wall time it was cancelled after 25 ms and waited
    /// for the long lane until its deadline (seen in CI: 1.6 s for
    /// `/api/heap?set=2,3,7&n=...` while hostile requests ran).
    #[tokio::test(flavor = "multi_thread", worker_threads = 1)]
    async fn a_request_that_waits_without_working_keeps_its_quick_place() {
        let limits = ServerLimits {
            workers: 1,
            timeout: Duration::from_secs(3),
            ..ServerLimits::default()
        };
        let shared = Arc::new(Shared::new(limits));
        let release = Arc::new(AtomicBool::new(false));
        let holder = {
            let (shared, release) = (shared.clone(), release.clone());
            tokio::spawn(async move {
                shared
                    .run(move |budget| {
                        // Works (spins) until released: it leaves the quick
                        // lane after 25 ms of CPU and holds the long one.
                        while !release.load(Ordering::Relaxed)
                            && !cancelled(budget)
                        {
                            std::hint::spin_loop();
                        }
                        Ok(0u8)
                    })
                    .await
            })
        };
        let waiting = Instant::now();
        while shared.long.available_permits() > 0 {
            assert!(waiting.elapsed() < Duration::from_secs(10), "no holder");
            tokio::time::sleep(Duration::from_millis(5)).await;
        }
        let started = Instant::now();
        let answer = shared
            .run(|_| {
                // Twice the slice of 25 ms, well within the wall cap.
                std::thread::sleep(Duration::from_millis(50));
                Ok(1u8)
            })
            .await;
        let took = started.elapsed();
        release.store(true, Ordering::Relaxed);
        assert_eq!(answer.expect("answered").0, b"1");
        assert!(took < Duration::from_secs(1), "{took:?}");
        holder.await.unwrap().expect("the holder answers");
    }
}
