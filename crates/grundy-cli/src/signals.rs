//! Interrupts: Ctrl-C (SIGINT), SIGTERM and SIGHUP.
//!
//! Every unfinished output file is removed at once (the results never
//! appear half written, and no temporary file is left behind). A command
//! that can stop in good order (a sweep keeps the rows it has in its
//! journal for `--resume`) hands its flag to [`graceful`]: the signal
//! then sets the flag and the command winds down; a second signal, or any
//! other command, ends the process at once with exit code 130.

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
        let flag = GRACEFUL.lock().ok().and_then(|g| g.clone());
        match flag {
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
