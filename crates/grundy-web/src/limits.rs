//! The limits of the server ([`ServerLimits`]): per request (work, time,
//! sizes) and per connection (how long a client may take to send a
//! request or to read an answer, how many connections may be open).
//!
//! A request's work runs in the lanes of `lanes.rs` under a
//! [`grundy::Budget`] built from these limits; the connection limits are
//! applied by `server.rs`. Every limit has a default fit for one person's
//! explorer on their own machine.

use std::time::Duration;

/// Limits for one request, for one connection, and for the server as a
/// whole (`grundy serve`'s flags). Not the library's [`grundy::Budget`]:
/// each request's computation gets one of those, built from these.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct ServerLimits {
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
    /// Computations that may run at the same time in the long lane; the
    /// quick lane has 4 places per worker (`lanes.rs`). At most
    /// [`MAX_WORKERS`].
    pub workers: usize,
    /// How long a computation may work in the quick lane (CPU time of
    /// its thread; in wall time at most 10 times it, or once while other
    /// requests wait for a quick place); past it, it needs a place in
    /// the long lane. Zero: every computation runs in
    /// the long lane.
    pub quick: Duration,
    /// How long a connection may take to send a whole request head, from
    /// its opening or from its previous answer: slow senders and idle
    /// keep-alive connections are closed after it.
    pub header_timeout: Duration,
    /// How long writing an answer may make no progress (a client that
    /// does not read) before the connection is closed.
    pub write_timeout: Duration,
    /// Connections open at once; when one more arrives, the oldest
    /// connections are asked to close (at once if idle).
    pub max_connections: usize,
}

/// The default of [`ServerLimits::max_positions`] (a constant, so that
/// `grundy serve`'s help can show it without asking for the cores).
pub const DEFAULT_MAX_POSITIONS: u64 = 2_000_000_000;

/// The default of [`ServerLimits::max_states`].
pub const DEFAULT_MAX_STATES: usize = 200_000;

/// The most workers per lane, whatever is asked: more threads than this
/// only share the same cores.
pub const MAX_WORKERS: usize = 256;

impl Default for ServerLimits {
    fn default() -> ServerLimits {
        ServerLimits {
            max_positions: DEFAULT_MAX_POSITIONS,
            timeout: Duration::from_secs(10),
            max_to: 100_000,
            max_states: DEFAULT_MAX_STATES,
            max_heaps: 16,
            max_query: 4096,
            workers: std::thread::available_parallelism()
                .map_or(2, |n| n.get()),
            quick: Duration::from_millis(25),
            header_timeout: Duration::from_secs(10),
            write_timeout: Duration::from_secs(10),
            max_connections: 256,
        }
    }
}
