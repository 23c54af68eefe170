//! Interrupts: Ctrl-C (SIGINT), SIGTERM and SIGHUP.
//!
//! Every unfinished output file is removed at once (the results never
//! appear half written, and no temporary file is left behind). A command
//! that can stop in good order (a sweep keeps the rows it has in its
//! journal for `--resume`) hands its flag to [`graceful`] while it
//! computes: the signal then sets the flag and the command winds down; a
//! second signal, or any other command, ends the process at once with
//! exit code 130.
//!
//! Graceful mode covers the computation that polls the flag and nothing
//! else: a command enters it once its input is read and its files are
//! open, and leaves it with [`abrupt`] as soon as the computation
//! returns, before it writes what remains (a checkpoint, the results);
//! an interrupt that came meanwhile ([`abrupt`] returns true) ends the
//! command with [`INTERRUPTED`] even if the computation had just
//! finished. Opening or reading a FIFO that has no writer (`grundy fit
//! --from FIFO`), or opening or writing one that has no reader (a
//! listing into a stalled pipe), waits for ever and never looks at the
//! flag, so the first signal must end the process there (issue 37: it
//! was ignored, and `timeout 5` did not stop the command).

use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::{Arc, Mutex};

/// The flag of the command that stops gracefully, if any.
static GRACEFUL: Mutex<Option<Arc<AtomicBool>>> = Mutex::new(None);

/// The exit code after an interrupt (128 + SIGINT, as shells report it).
pub const INTERRUPTED: u8 = 130;

/// Installs the handler (once, at start-up).
pub fn install() {
    let _ = ctrlc::set_handler(|| {
        grundy_sweep::remove_temporaries();
        // The lock is held while the flag is set, so that [`abrupt`]
        // sees either the flag set or no graceful mode at all.
        let graceful = match GRACEFUL.lock() {
            Ok(g) => g,
            Err(poisoned) => poisoned.into_inner(),
        };
        match graceful.as_ref() {
            Some(flag) if !flag.swap(true, Ordering::SeqCst) => {}
            _ => {
                report!("grundy: interrupted");
                std::process::exit(i32::from(INTERRUPTED));
            }
        }
    });
}

/// Makes the next interrupt set `flag` instead of ending the process.
pub fn graceful(flag: Arc<AtomicBool>) {
    if let Ok(mut g) = GRACEFUL.lock() {
        *g = Some(flag);
    }
}

/// Ends graceful mode: the next interrupt ends the process at once.
/// Returns whether an interrupt came while it lasted (then the command
/// should stop as interrupted, even if its computation had just ended).
pub fn abrupt() -> bool {
    let flag = match GRACEFUL.lock() {
        Ok(mut g) => g.take(),
        Err(poisoned) => poisoned.into_inner().take(),
    };
    flag.is_some_and(|f| f.load(Ordering::SeqCst))
}

/// Whether `e` is the stop of a computation an interrupt cancelled (in
/// graceful mode): its command exits with [`INTERRUPTED`].
pub fn stopped_by(e: &grundy::Error) -> bool {
    e.stopped().map(|s| s.reason) == Some(grundy::StopReason::Cancelled)
}
