//! Running one library call for Python: its budget from the keyword
//! arguments, the GIL released while it runs, Ctrl-C and progress.
//!
//! Python runs signal handlers (Ctrl-C's `KeyboardInterrupt`) only on the
//! main thread, between bytecodes; a call that computes in Rust for
//! seconds must look for them itself. The computation runs on the
//! calling thread with the GIL released (other Python threads go on), and
//! the budget's observer, which the library calls now and then with the
//! work done so far, takes the GIL back at most every [`VISIT_EVERY`] to
//! run `check_signals` (and to move the progress bar). When a handler
//! raises, the exception is kept, the budget's cancel flag is set, the
//! library stops at its next check and the kept exception is raised.
//! Calls shorter than [`VISIT_EVERY`] never take the GIL back, so they
//! cost nothing extra. Loops of the binding itself (values, sweeps) call
//! [`Watch::tick`] the same way.

use std::sync::atomic::{AtomicBool, AtomicU64, Ordering};
use std::sync::{Arc, Mutex};
use std::time::{Duration, Instant};

use grundy::Budget;
use pyo3::exceptions::PyValueError;
use pyo3::prelude::*;

/// How often, at most, a running call takes the GIL back to run signal
/// handlers and move the progress bar.
pub(crate) const VISIT_EVERY: Duration = Duration::from_millis(50);

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
    let octal = rules
        .into_iter()
        .any(|r| r.downcast_ref::<grundy::OctalGame>().is_some());
    let b = grundy::Budget::defaults(octal, max_positions, timeout.is_some());
    (b.max_positions, b.max_splits)
}

impl Limits {
    /// The deadline `timeout=` sets, from now; a timeout that is not a
    /// positive number of seconds is a `ValueError`.
    pub(crate) fn deadline(&self) -> PyResult<Option<Instant>> {
        match self.timeout {
            None => Ok(None),
            Some(t) if t.is_finite() && t > 0.0 && t < 1e9 => {
                Ok(Some(Instant::now() + Duration::from_secs_f64(t)))
            }
            Some(t) => Err(PyValueError::new_err(format!(
                "timeout={t} must be a positive number of seconds"
            ))),
        }
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
    started: Instant,
    /// Nanoseconds after `started` of the next visit.
    next_visit: AtomicU64,
    /// The work done at the last tick.
    done: AtomicU64,
    failure: Mutex<Option<PyErr>>,
    progress: Option<Progress>,
    bar: Mutex<Option<Py<PyAny>>>,
}

impl Watch {
    /// A watch for a call starting now; `progress` asks for a bar.
    pub(crate) fn new(progress: Option<Progress>) -> Watch {
        Watch {
            inner: Arc::new(Inner {
                cancel: Arc::new(AtomicBool::new(false)),
                started: Instant::now(),
                next_visit: AtomicU64::new(nanos(VISIT_EVERY)),
                done: AtomicU64::new(0),
                failure: Mutex::new(None),
                progress,
                bar: Mutex::new(None),
            }),
        }
    }

    /// The budget of the call: `limits`, this watch's cancel flag, and an
    /// observer that ticks it.
    pub(crate) fn budget(&self, limits: &Limits) -> PyResult<Budget> {
        let watch = self.clone();
        Ok(Budget {
            max_positions: limits.max_positions,
            max_states: limits.max_states,
            max_splits: limits.max_splits,
            max_threads: grundy::default_threads(),
            deadline: limits.deadline()?,
            cancel: Some(self.cancel_flag()),
            observer: Some(Arc::new(move |done| watch.tick(done))),
        })
    }

    /// The flag that stops the call when set.
    pub(crate) fn cancel_flag(&self) -> Arc<AtomicBool> {
        self.inner.cancel.clone()
    }

    /// Whether the call was stopped by a signal handler or the bar.
    pub(crate) fn cancelled(&self) -> bool {
        self.inner.cancel.load(Ordering::Relaxed)
    }

    /// Records `done` units of work; past the next visit time, takes the
    /// GIL to run signal handlers and move the bar. Called without the
    /// GIL, on the thread that made the call.
    pub(crate) fn tick(&self, done: u64) {
        let inner = &*self.inner;
        inner.done.store(done, Ordering::Relaxed);
        let now = nanos(inner.started.elapsed());
        if now < inner.next_visit.load(Ordering::Relaxed) {
            return;
        }
        inner.next_visit.store(now + nanos(VISIT_EVERY), Ordering::Relaxed);
        Python::attach(|py| {
            let visited = py.check_signals().and_then(|()| self.show(py));
            if let Err(e) = visited {
                self.fail(e);
            }
        });
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

    /// Ends the call: closes the bar, and raises the exception a signal
    /// handler (or the bar) raised, whatever the call's result; else maps
    /// a library error to its Python exception.
    pub(crate) fn finish<T>(
        &self,
        py: Python<'_>,
        result: Result<T, grundy::Error>,
    ) -> PyResult<T> {
        let closed = self.close(py);
        let failure = self
            .inner
            .failure
            .lock()
            .unwrap_or_else(|e| e.into_inner())
            .take();
        if let Some(e) = failure {
            return Err(e);
        }
        closed?;
        result.map_err(|e| crate::errors::from_library(&e))
    }

    /// Closes the progress bar, if one was shown, at the final count.
    pub(crate) fn close(&self, py: Python<'_>) -> PyResult<()> {
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
    pub(crate) fn take_failure(&self) -> Option<PyErr> {
        self.inner.failure.lock().unwrap_or_else(|e| e.into_inner()).take()
    }
}

fn nanos(d: Duration) -> u64 {
    u64::try_from(d.as_nanos()).unwrap_or(u64::MAX)
}
