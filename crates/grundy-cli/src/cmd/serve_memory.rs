//! Why `grundy serve` stays small after hostile requests: glibc's malloc
//! raises its mmap threshold each time a large block is freed (up to
//! 32 MiB), so after a request that built a set of millions of elements
//! later large blocks come from the worker threads' arenas, and freed
//! pages stay in the process. Measured (BENCHMARKS.md, "The web server
//! under load"): 142 MB after twelve hostile requests and 212-243 MB after
//! three more rounds, growing; with the threshold fixed at 128 KiB (the
//! environment's `MALLOC_MMAP_THRESHOLD_=131072`, or this module) 8 MB
//! both times. A fixed threshold turns that dynamic adjustment off; this
//! sets it once, before the runtime starts its threads.

/// The threshold glibc starts with; blocks from it up are mapped and
/// unmapped one by one.
#[cfg(all(target_os = "linux", target_env = "gnu"))]
const MMAP_THRESHOLD: libc::c_int = 128 * 1024;

/// Fixes glibc's mmap threshold (nothing elsewhere). Call before any
/// thread starts.
#[cfg(all(target_os = "linux", target_env = "gnu"))]
#[allow(unsafe_code)]
pub fn return_freed_memory() {
    // SAFETY: `mallopt` takes no pointers and only sets an allocator
    // parameter under glibc's own lock (it is MT-safe); it runs before
    // the runtime's threads allocate anything. Its result (1 on success)
    // is ignored: on failure glibc keeps its default, which only costs
    // memory.
    unsafe {
        libc::mallopt(libc::M_MMAP_THRESHOLD, MMAP_THRESHOLD);
    }
}

/// Other allocators need nothing.
#[cfg(not(all(target_os = "linux", target_env = "gnu")))]
pub fn return_freed_memory() {}
