//! The CPU time a request's thread has used, read from the async side.
//!
//! The quick lane of `lanes.rs` holds a request for a slice of *work*,
//! not of wall time: on a loaded machine a cheap request may take 100 ms
//! of wall time for 5 ms of work, and moving it to a full long lane made
//! it wait there behind expensive requests for seconds. Linux gives every
//! thread a CPU clock (`pthread_getcpuclockid`); elsewhere the lane falls
//! back to wall time.

use std::time::Duration;

/// The CPU clock of one thread, started when it was taken.
#[derive(Clone, Copy, Debug)]
pub struct ThreadClock {
    #[cfg(target_os = "linux")]
    id: libc::clockid_t,
    start: Duration,
}

impl ThreadClock {
    /// The calling thread's clock; `None` where threads have no clock.
    pub fn of_this_thread() -> Option<ThreadClock> {
        let id = this_thread_clock()?;
        #[cfg(target_os = "linux")]
        let mut clock = ThreadClock { id, start: Duration::ZERO };
        #[cfg(not(target_os = "linux"))]
        let mut clock = {
            let () = id;
            ThreadClock { start: Duration::ZERO }
        };
        clock.start = clock.read()?;
        Some(clock)
    }

    /// CPU time the thread has used since [`ThreadClock::of_this_thread`].
    /// Only meaningful while that thread still runs the same work: the
    /// caller makes sure of it (`lanes.rs` drops the clock, under a lock,
    /// when the work returns or panics).
    pub fn used(&self) -> Option<Duration> {
        Some(self.read()?.saturating_sub(self.start))
    }

    #[cfg(target_os = "linux")]
    fn read(&self) -> Option<Duration> {
        let mut now = std::mem::MaybeUninit::<libc::timespec>::uninit();
        // SAFETY: `now` is a live, writable timespec, which the call fills
        // when it returns 0 (read only then). Any clock id is safe to pass:
        // the kernel checks it. Which thread it measures (a thread id may
        // be reused once its thread ends) is the caller's concern: the
        // lanes read a clock only while its thread runs their work.
        #[allow(unsafe_code)]
        let now = unsafe {
            if libc::clock_gettime(self.id, now.as_mut_ptr()) != 0 {
                return None;
            }
            now.assume_init()
        };
        let secs = u64::try_from(now.tv_sec).ok()?;
        let nanos = u32::try_from(now.tv_nsec).ok()?;
        Some(Duration::new(secs, nanos))
    }

    #[cfg(not(target_os = "linux"))]
    fn read(&self) -> Option<Duration> {
        None
    }
}

#[cfg(target_os = "linux")]
fn this_thread_clock() -> Option<libc::clockid_t> {
    let mut id: libc::clockid_t = 0;
    // SAFETY: `pthread_self()` is the calling thread, alive for the call,
    // and `id` is a valid, writable clockid_t.
    #[allow(unsafe_code)]
    let rc = unsafe {
        libc::pthread_getcpuclockid(libc::pthread_self(), &raw mut id)
    };
    (rc == 0).then_some(id)
}

#[cfg(not(target_os = "linux"))]
fn this_thread_clock() -> Option<()> {
    None
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn counts_work_not_sleep() {
        let Some(clock) = ThreadClock::of_this_thread() else {
            return; // no thread clocks on this platform
        };
        std::thread::sleep(Duration::from_millis(30));
        let slept = clock.used().unwrap();
        assert!(slept < Duration::from_millis(15), "{slept:?}");
        let started = std::time::Instant::now();
        let mut x = 0u64;
        while started.elapsed() < Duration::from_millis(30) {
            x = std::hint::black_box(x.wrapping_add(1));
        }
        let worked = clock.used().unwrap();
        assert!(worked > slept, "{worked:?} after {slept:?}");
    }

    #[test]
    fn read_from_another_thread() {
        let (tx, rx) = std::sync::mpsc::channel();
        let (done_tx, done_rx) = std::sync::mpsc::channel::<()>();
        let worker = std::thread::spawn(move || {
            let clock = ThreadClock::of_this_thread();
            let started = std::time::Instant::now();
            let mut x = 0u64;
            while started.elapsed() < Duration::from_millis(20) {
                x = std::hint::black_box(x.wrapping_add(1));
            }
            tx.send(clock).unwrap();
            done_rx.recv().unwrap();
        });
        if let Some(clock) = rx.recv().unwrap() {
            assert!(clock.used().unwrap() > Duration::ZERO);
        }
        done_tx.send(()).unwrap();
        worker.join().unwrap();
    }
}
