//! A socket whose writes fail after a time without progress, so that a
//! client that asks for an answer and never reads it cannot hold its
//! connection (and the answer's memory) forever.
//!
//! hyper's header timeout covers clients that send slowly (`server.rs`);
//! this covers the other direction. A timer starts when a write, flush or
//! shutdown would block and is dropped as soon as one makes progress.

use std::io;
use std::pin::Pin;
use std::task::{Context, Poll};
use std::time::Duration;

use tokio::io::{AsyncRead, AsyncWrite, ReadBuf};
use tokio::time::Sleep;

/// `inner` with a limit on how long writing may block.
#[derive(Debug)]
pub struct Stall<T> {
    inner: T,
    limit: Duration,
    blocked: Option<Pin<Box<Sleep>>>,
}

impl<T> Stall<T> {
    /// Wraps `inner`: a write that cannot progress for `limit` fails with
    /// [`io::ErrorKind::TimedOut`].
    pub fn new(inner: T, limit: Duration) -> Stall<T> {
        Stall { inner, limit, blocked: None }
    }

    /// What to answer for a write-side poll of the inner socket.
    fn watch<R>(
        &mut self,
        cx: &mut Context<'_>,
        poll: Poll<io::Result<R>>,
    ) -> Poll<io::Result<R>> {
        if poll.is_ready() {
            self.blocked = None;
            return poll;
        }
        let limit = self.limit;
        let timer = self
            .blocked
            .get_or_insert_with(|| Box::pin(tokio::time::sleep(limit)));
        match timer.as_mut().poll(cx) {
            Poll::Ready(()) => Poll::Ready(Err(io::Error::new(
                io::ErrorKind::TimedOut,
                "the client read nothing for too long",
            ))),
            Poll::Pending => Poll::Pending,
        }
    }
}

impl<T: AsyncRead + Unpin> AsyncRead for Stall<T> {
    fn poll_read(
        mut self: Pin<&mut Self>,
        cx: &mut Context<'_>,
        buf: &mut ReadBuf<'_>,
    ) -> Poll<io::Result<()>> {
        Pin::new(&mut self.inner).poll_read(cx, buf)
    }
}

impl<T: AsyncWrite + Unpin> AsyncWrite for Stall<T> {
    fn poll_write(
        mut self: Pin<&mut Self>,
        cx: &mut Context<'_>,
        buf: &[u8],
    ) -> Poll<io::Result<usize>> {
        let poll = Pin::new(&mut self.inner).poll_write(cx, buf);
        self.watch(cx, poll)
    }

    fn poll_write_vectored(
        mut self: Pin<&mut Self>,
        cx: &mut Context<'_>,
        bufs: &[io::IoSlice<'_>],
    ) -> Poll<io::Result<usize>> {
        let poll = Pin::new(&mut self.inner).poll_write_vectored(cx, bufs);
        self.watch(cx, poll)
    }

    fn is_write_vectored(&self) -> bool {
        self.inner.is_write_vectored()
    }

    fn poll_flush(
        mut self: Pin<&mut Self>,
        cx: &mut Context<'_>,
    ) -> Poll<io::Result<()>> {
        let poll = Pin::new(&mut self.inner).poll_flush(cx);
        self.watch(cx, poll)
    }

    fn poll_shutdown(
        mut self: Pin<&mut Self>,
        cx: &mut Context<'_>,
    ) -> Poll<io::Result<()>> {
        let poll = Pin::new(&mut self.inner).poll_shutdown(cx);
        self.watch(cx, poll)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use tokio::io::AsyncWriteExt;

    #[tokio::test(start_paused = true)]
    async fn a_reader_that_never_reads_is_cut_off() {
        // A pipe of 64 bytes whose far end is never read.
        let (near, _far) = tokio::io::duplex(64);
        let mut stall = Stall::new(near, Duration::from_secs(10));
        let started = tokio::time::Instant::now();
        let err = stall.write_all(&[0; 1000]).await.unwrap_err();
        assert_eq!(err.kind(), io::ErrorKind::TimedOut);
        assert_eq!(started.elapsed(), Duration::from_secs(10));
    }

    #[tokio::test(start_paused = true)]
    async fn a_slow_reader_is_not() {
        // The far end reads 64 bytes every 5 s: each write waits 5 s, less
        // than the limit, and the whole answer gets through in 75 s.
        let (near, mut far) = tokio::io::duplex(64);
        let reader = tokio::spawn(async move {
            use tokio::io::AsyncReadExt;
            let mut got = Vec::new();
            let mut buf = [0; 64];
            loop {
                tokio::time::sleep(Duration::from_secs(5)).await;
                match far.read(&mut buf).await.unwrap() {
                    0 => return got,
                    n => got.extend_from_slice(&buf[..n]),
                }
            }
        });
        let mut stall = Stall::new(near, Duration::from_secs(10));
        stall.write_all(&[7; 1000]).await.unwrap();
        stall.shutdown().await.unwrap();
        drop(stall);
        assert_eq!(reader.await.unwrap(), vec![7; 1000]);
    }
}
