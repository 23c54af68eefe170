//! Accepting connections and serving HTTP/1.1 on each, with limits that
//! keep slow or idle clients from holding the server.
//!
//! `axum::serve` sets no timer, so hyper's header timeout never runs and
//! a connection may stay open forever; this loop is `axum::serve` with:
//!
//! * hyper's header read timeout ([`ServerLimits::header_timeout`]): it runs
//!   whenever the connection waits for a request head, from the moment it
//!   opens and again after each answer, so it closes both clients that
//!   send their head slowly (slow loris) and idle keep-alive connections;
//! * a write timeout ([`ServerLimits::write_timeout`], `stall.rs`) for clients
//!   that do not read their answer;
//! * limits on the request head (size and number of headers);
//! * at most [`ServerLimits::max_connections`] connections: one more asks the
//!   oldest to close (hyper closes an idle one at once, a busy one after
//!   its answer) until a place frees up, so idle sockets cannot lock new
//!   clients out; running out of file descriptors does the same;
//! * `TCP_NODELAY`, so that answers leave at once.
//!
//! On shutdown it stops accepting, asks every connection to close, and
//! waits for the answers in progress, as `axum::serve` does.

use std::collections::BTreeMap;
use std::future::Future;
use std::io;
use std::sync::{Arc, Mutex, PoisonError};
use std::time::Duration;

use axum::Router;
use hyper::server::conn::http1;
use hyper_util::rt::{TokioIo, TokioTimer};
use hyper_util::service::TowerToHyperService;
use tokio::net::TcpListener;
use tokio::sync::{Notify, OwnedSemaphorePermit, Semaphore, watch};

use crate::limits::ServerLimits;
use crate::stall::Stall;

/// The most bytes of a request head: the query (at most
/// [`ServerLimits::max_query`]) plus a browser's headers and cookies.
const MAX_HEAD: usize = 32 * 1024;

/// The most headers in a request.
const MAX_HEADERS: usize = 64;

/// How long to wait for a connection to close before asking the next
/// oldest, when all places are taken.
const SHED_PAUSE: Duration = Duration::from_millis(20);

/// How long to wait after a failed `accept` (out of file descriptors,
/// say) before trying again.
const ACCEPT_PAUSE: Duration = Duration::from_millis(20);

/// Serves `app` on `listener` with the connection limits of `limits`
/// until `shutdown` completes.
pub async fn run(
    listener: TcpListener,
    app: Router,
    limits: &ServerLimits,
    shutdown: impl Future<Output = ()> + Send + 'static,
) -> io::Result<()> {
    let mut http = http1::Builder::new();
    http.timer(TokioTimer::new())
        .header_read_timeout(limits.header_timeout)
        .max_buf_size(MAX_HEAD.max(8192))
        .max_header_size(MAX_HEAD)
        .max_headers(MAX_HEADERS);
    let http = Arc::new(http);
    let places = limits.max_connections.max(1);
    let slots = Arc::new(Semaphore::new(places));
    let open = Arc::new(Open::default());
    let (stop, mut stopped) = watch::channel(false);
    tokio::spawn(async move {
        shutdown.await;
        let _ = stop.send(true);
    });
    loop {
        let stream = tokio::select! {
            accepted = listener.accept() => match accepted {
                Ok((stream, _)) => stream,
                Err(e) => {
                    if out_of_files(&e) {
                        open.shed_oldest();
                    }
                    tokio::time::sleep(ACCEPT_PAUSE).await;
                    continue;
                }
            },
            _ = stopped.wait_for(|&s| s) => break,
        };
        let slot = loop {
            if let Ok(slot) = slots.clone().try_acquire_owned() {
                break slot;
            }
            open.shed_oldest();
            tokio::select! {
                slot = slots.clone().acquire_owned() => {
                    break slot.expect("the connection places are never closed");
                }
                () = tokio::time::sleep(SHED_PAUSE) => {}
            }
        };
        // Without it a small answer may wait for the client's delayed ACK.
        let _ = stream.set_nodelay(true);
        let (id, shed) = open.add();
        let guard = Registered { open: open.clone(), id, _slot: slot };
        let io = TokioIo::new(Stall::new(stream, limits.write_timeout));
        let service = TowerToHyperService::new(app.clone());
        let http = http.clone();
        tokio::spawn(async move {
            let conn = http.serve_connection(io, service);
            tokio::pin!(conn);
            let mut closing = false;
            loop {
                tokio::select! {
                    _ = conn.as_mut() => break,
                    () = shed.notified(), if !closing => {
                        closing = true;
                        conn.as_mut().graceful_shutdown();
                    }
                }
            }
            drop(guard);
        });
    }
    drop(listener);
    open.shed_all();
    // Every connection holds a place until it ends.
    let _all = slots.acquire_many(places as u32).await;
    Ok(())
}

/// Whether `accept` failed for want of file descriptors.
fn out_of_files(e: &io::Error) -> bool {
    #[cfg(unix)]
    {
        matches!(e.raw_os_error(), Some(libc::EMFILE | libc::ENFILE))
    }
    #[cfg(not(unix))]
    {
        let _ = e;
        false
    }
}

/// The open connections, oldest first, each with the signal that asks it
/// to close.
#[derive(Debug, Default)]
struct Open(Mutex<Connections>);

#[derive(Debug, Default)]
struct Connections {
    next: u64,
    by_age: BTreeMap<u64, Arc<Notify>>,
}

impl Open {
    fn add(&self) -> (u64, Arc<Notify>) {
        let mut c = self.0.lock().unwrap_or_else(PoisonError::into_inner);
        let id = c.next;
        c.next += 1;
        let shed = Arc::new(Notify::new());
        c.by_age.insert(id, shed.clone());
        (id, shed)
    }

    fn remove(&self, id: u64) {
        let mut c = self.0.lock().unwrap_or_else(PoisonError::into_inner);
        c.by_age.remove(&id);
    }

    /// Asks the oldest connection not yet asked to close.
    fn shed_oldest(&self) {
        let mut c = self.0.lock().unwrap_or_else(PoisonError::into_inner);
        if let Some((_, shed)) = c.by_age.pop_first() {
            shed.notify_one();
        }
    }

    fn shed_all(&self) {
        let mut c = self.0.lock().unwrap_or_else(PoisonError::into_inner);
        for (_, shed) in std::mem::take(&mut c.by_age) {
            shed.notify_one();
        }
    }
}

/// A connection's entry and place, given back when its task ends.
struct Registered {
    open: Arc<Open>,
    id: u64,
    _slot: OwnedSemaphorePermit,
}

impl Drop for Registered {
    fn drop(&mut self) {
        self.open.remove(self.id);
    }
}
