//! Running one library call for Python: its budget from the keyword
//! arguments, the GIL released while it runs, Ctrl-C and progress.
//!
//! Python runs signal handlers (Ctrl-C's `KeyboardInterrupt`) only on the
//! main thread, between bytecodes; a call that computes in Rust for
//! seconds must look for them itself. [`Watch::run`] computes on a worker
//! thread while the calling thread, the GIL released (other Python
//! threads go on), waits for it and takes the GIL back every
//! [`VISIT_EVERY`] to run `check_signals` and move the progress bar. The
//! worker never takes the GIL: the budget's observer, and the loops of
//! the binding itself (values, sweeps), only record the work done
//! ([`Watch::record`]). When a handler raises, the exception is kept, the
//! budget's cancel flag is set, the library stops at its next check, and
//! the kept exception is raised; a worker that has not stopped within
//! [`GRACE`] is left to stop by itself (the flag stays set), so Ctrl-C
//! answers promptly whatever the granularity of the library's checks.
//! A call shorter than [`VISIT_EVERY`] never takes the GIL back; it costs
//! the start of one thread.

use std::sync::atomic::{AtomicBool, AtomicU64, Ordering};
use std::sync::mpsc::{RecvTimeoutError, sync_channel};
use std::sync::{Arc, Mutex};
use std::time::{Duration, Instant};

use grundy::Budget;
use pyo3::exceptions::{PyRuntimeError, PyValueError};
use pyo3::prelude::*;

/// How often, at most, a running call takes the GIL back to run signal
/// handlers and move the progress bar.
pub(crate) const VISIT_EVERY: Duration = Duration::from_millis(50);

/// How long, after a signal handler raised, the calling thread waits for
/// the worker to stop before raising anyway.
const GRACE: Duration = Duration::from_millis(200);

/// The stack of a worker thread: a main thread's (the library's searches
/// keep their own stacks on the heap; this is for safety).
const WORKER_STACK: usize = 8 << 20;

/// The limits a caller gives as keyword arguments.
#[derive(Clone, Copy, Debug)]
pub(crate) struct Limits {
    /// `max_positions=`: work units (positions, or run segments).
    pub(crate) max_positions: u64,
    /// `max_states=`: positions an exact search over sums may store.
    pub(crate) max_states: u64,
    /// Splits an octal period search may examine (see [`work_limits`]).
    pub(crate) max_splits: u64,
    /// `timeout=`: seconds, if any.
    pub(crate) timeout: Option<f64>,
}

/// `max_positions=` and the split limit for `rules`, as the command
/// sets them ([`grundy::Budget::defaults`]): ten million heaps when one
/// of them is an octal game, and a split limit unless `max_positions=` or
/// `timeout=` was given.
pub(crate) fn work_limits<'a>(
    max_positions: Option<u64>,
    timeout: Option<f64>,
    rules: impl IntoIterator<Item = &'a grundy::Rules>,
) -> (u64, u64) {
    let b = grundy::Rules::budget_for(rules, max_positions, timeout.is_some());
    (b.max_positions, b.max_splits)
}

/// The limits of a listing (`values`, `outcomes`), as the command's
/// `grundy values` sets them: `max_positions=` values at most (the
/// library's default for every kind of rule set otherwise: the listing's
/// length is the caller's `to`), `max_states=` for the exhaustive misère
/// search, within `timeout=`. A listing counts no splits.
pub(crate) fn listing_limits(
    max_positions: Option<u64>,
    max_states: u64,
    timeout: Option<f64>,
) -> Limits {
    let b = grundy::Budget::defaults(false, max_positions, timeout.is_some());
    Limits {
        max_positions: b.max_positions,
        max_states,
        max_splits: b.max_splits,
        timeout,
    }
}

/// `timeout=` as a duration: a positive, finite number of seconds, as the
/// command's `--timeout`; one too large to represent is no limit (`None`,
/// as is no `timeout=`). Zero, negative, NaN and infinite timeouts are a
/// `ValueError`.
pub(crate) fn seconds(timeout: Option<f64>) -> PyResult<Option<Duration>> {
    let Some(t) = timeout else { return Ok(None) };
    grundy::time_limit(t).map_err(|_| {
        PyValueError::new_err(if t == f64::INFINITY {
            "timeout=inf must be a finite number of seconds; use timeout=None for no time limit".to_string()
        } else {
            let shown = if t.is_nan() { "nan".to_string() } else { t.to_string() };
            format!("timeout={shown} must be a positive number of seconds")
        })
    })
}

impl Limits {
    /// The deadline `timeout=` sets, from now (none when it is beyond
    /// what the clock represents: centuries); see [`seconds`].
    pub(crate) fn deadline(&self) -> PyResult<Option<Instant>> {
        Ok(seconds(self.timeout)?.and_then(grundy::deadline_after))
    }
}

/// What `progress=True` shows: a description and the unit counted.
#[derive(Clone, Copy, Debug)]
pub(crate) struct Progress {
    /// The bar's description, e.g. "period".
    pub(crate) desc: &'static str,
    /// What is counted, e.g. "positions".
    pub(crate) unit: &'static str,
    /// The count at completion, when known.
    pub(crate) total: Option<u64>,
}

/// Watches one call: the cancel flag its budget carries, the exception a
/// signal handler raised, and the progress bar.
#[derive(Clone)]
pub(crate) struct Watch {
    inner: Arc<Inner>,
}

struct Inner {
    cancel: Arc<AtomicBool>,
    /// The work done so far, as the worker last recorded it.
    done: AtomicU64,
    failure: Mutex<Option<PyErr>>,
    progress: Option<Progress>,
    bar: Mutex<Option<Py<PyAny>>>,
}

/// How the wait for a worker ended.
enum Waited<T> {
    /// It returned this.
    Done(T),
    /// A signal handler raised and the worker had not stopped within
    /// [`GRACE`]: it goes on alone until it sees the cancel flag.
    Abandoned,
    /// It panicked, with this payload.
    Panicked(Box<dyn std::any::Any + Send + 'static>),
}

impl Watch {
    /// A watch for a call starting now; `progress` asks for a bar.
    pub(crate) fn new(progress: Option<Progress>) -> Watch {
        Watch {
            inner: Arc::new(Inner {
                cancel: Arc::new(AtomicBool::new(false)),
                done: AtomicU64::new(0),
                failure: Mutex::new(None),
                progress,
                bar: Mutex::new(None),
            }),
        }
    }

    /// The budget of the call: `limits`, this watch's cancel flag, and an
    /// observer that records the work done.
    pub(crate) fn budget(&self, limits: &Limits) -> PyResult<Budget> {
        let watch = self.clone();
        Ok(Budget {
            max_positions: limits.max_positions,
            max_states: limits.max_states,
            max_splits: limits.max_splits,
            max_threads: grundy::default_threads(),
            max_memory: grundy::DEFAULT_MAX_MEMORY,
            deadline: limits.deadline()?,
            cancel: Some(self.cancel_flag()),
            observer: Some(Arc::new(move |done| watch.record(done))),
        })
    }

    /// The flag that stops the call when set.
    pub(crate) fn cancel_flag(&self) -> Arc<AtomicBool> {
        self.inner.cancel.clone()
    }

    /// Records `done` units of work, for the progress bar. Called by the
    /// worker, which never takes the GIL.
    pub(crate) fn record(&self, done: u64) {
        self.inner.done.store(done, Ordering::Relaxed);
    }

    /// Runs `work` on a worker thread while this thread, the GIL
    /// released, runs signal handlers and moves the bar every
    /// [`VISIT_EVERY`]; then closes the bar. The exception a handler
    /// raised is raised whatever `work` returned; a panic of `work` goes
    /// on here (PyO3 makes it a `PanicException`).
    pub(crate) fn run<T, F>(&self, py: Python<'_>, work: F) -> PyResult<T>
    where
        T: Send + 'static,
        F: FnOnce() -> T + Send + 'static,
    {
        let (tx, rx) = sync_channel::<T>(1);
        let worker = std::thread::Builder::new()
            .name("grundy".into())
            .stack_size(WORKER_STACK)
            .spawn(move || {
                // The receiver may have given up (after Ctrl-C).
                let _ = tx.send(work());
            })
            .map_err(|e| {
                PyRuntimeError::new_err(format!(
                    "cannot start a thread for the computation: {e}"
                ))
            })?;
        let watch = self;
        let waited = py.detach(move || {
            let mut cancelled: Option<Instant> = None;
            loop {
                match rx.recv_timeout(VISIT_EVERY) {
                    Ok(value) => {
                        // It has returned; its end is moments away.
                        let _ = worker.join();
                        return Waited::Done(value);
                    }
                    Err(RecvTimeoutError::Disconnected) => {
                        return match worker.join() {
                            Err(payload) => Waited::Panicked(payload),
                            Ok(()) => Waited::Abandoned,
                        };
                    }
                    Err(RecvTimeoutError::Timeout) => {}
                }
                match cancelled {
                    Some(at) if at.elapsed() >= GRACE => {
                        return Waited::Abandoned;
                    }
                    Some(_) => {}
                    None => {
                        Python::attach(|py| watch.visit(py));
                        if watch.cancelled() {
                            cancelled = Some(Instant::now());
                        }
                    }
                }
            }
        });
        let closed = self.close(py);
        if let Some(e) = self.take_failure() {
            return Err(e);
        }
        closed?;
        match waited {
            Waited::Done(value) => Ok(value),
            Waited::Panicked(payload) => std::panic::resume_unwind(payload),
            Waited::Abandoned => Err(PyRuntimeError::new_err(
                "the computation was abandoned without a reason",
            )),
        }
    }

    /// [`Watch::run`] for a call of the library: its error becomes the
    /// Python exception for it (`errors::from_library`).
    pub(crate) fn call<T, F>(&self, py: Python<'_>, work: F) -> PyResult<T>
    where
        T: Send + 'static,
        F: FnOnce() -> Result<T, grundy::Error> + Send + 'static,
    {
        self.run(py, work)?.map_err(|e| crate::errors::from_library(&e))
    }

    /// Whether the call was stopped by a signal handler or the bar.
    pub(crate) fn cancelled(&self) -> bool {
        self.inner.cancel.load(Ordering::Relaxed)
    }

    /// Runs signal handlers and moves the bar; an exception either
    /// raises is kept and stops the call.
    fn visit(&self, py: Python<'_>) {
        let visited = py.check_signals().and_then(|()| self.show(py));
        if let Err(e) = visited {
            self.fail(e);
        }
    }

    /// Keeps `e` to raise at the end, and stops the call.
    fn fail(&self, e: PyErr) {
        let mut failure =
            self.inner.failure.lock().unwrap_or_else(|e| e.into_inner());
        failure.get_or_insert(e);
        self.inner.cancel.store(true, Ordering::Relaxed);
    }

    /// Moves the progress bar to the work done, creating it on the first
    /// visit (so calls shorter than [`VISIT_EVERY`] show nothing).
    fn show(&self, py: Python<'_>) -> PyResult<()> {
        let Some(progress) = self.inner.progress else {
            return Ok(());
        };
        let mut bar = self.inner.bar.lock().unwrap_or_else(|e| e.into_inner());
        if bar.is_none() {
            let start = py.import("grundy._progress")?.getattr("start")?;
            let made =
                start.call1((progress.desc, progress.unit, progress.total))?;
            *bar = Some(made.unbind());
        }
        let done = self.inner.done.load(Ordering::Relaxed);
        if let Some(bar) = bar.as_ref() {
            bar.bind(py).call_method1("update_to", (done,))?;
        }
        Ok(())
    }

    /// Closes the progress bar, if one was shown, at the final count.
    fn close(&self, py: Python<'_>) -> PyResult<()> {
        let bar =
            self.inner.bar.lock().unwrap_or_else(|e| e.into_inner()).take();
        if let Some(bar) = bar {
            let done = self.inner.done.load(Ordering::Relaxed);
            bar.bind(py).call_method1("update_to", (done,))?;
            bar.bind(py).call_method0("close")?;
        }
        Ok(())
    }

    /// The exception kept from a signal handler, if any (taken).
    fn take_failure(&self) -> Option<PyErr> {
        self.inner.failure.lock().unwrap_or_else(|e| e.into_inner()).take()
    }
}
