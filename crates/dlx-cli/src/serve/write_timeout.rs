//! A connection whose writes give up: a client that stops reading its answer would otherwise
//! hold its task and socket for as long as it stays connected, as hyper has no write timeout.

use std::future::Future;
use std::io;
use std::pin::Pin;
use std::task::{Context, Poll};
use std::time::Duration;

use tokio::io::{AsyncRead, AsyncWrite, ReadBuf};
use tokio::time::{sleep, Instant, Sleep};

/// `inner`, whose writes fail with [`io::ErrorKind::TimedOut`] once one of them has made no
/// progress for `limit` (the client has stopped reading); reads pass through.
pub(super) struct WriteTimeout<T> {
    inner: T,
    limit: Duration,
    /// Armed while a write waits: it fires `limit` after the write last made progress.
    timer: Pin<Box<Sleep>>,
    waiting: bool,
}

impl<T> WriteTimeout<T> {
    /// `inner` with writes bounded by `limit`.
    pub(super) fn new(inner: T, limit: Duration) -> WriteTimeout<T> {
        WriteTimeout {
            inner,
            limit,
            timer: Box::pin(sleep(limit)),
            waiting: false,
        }
    }

    /// What a write that `inner` answered with `poll` becomes: the answer, or a time-out once
    /// the write has waited `limit` since it last made progress.
    fn bound<R>(&mut self, poll: Poll<io::Result<R>>, cx: &mut Context<'_>) -> Poll<io::Result<R>> {
        if poll.is_ready() {
            self.waiting = false;
            return poll;
        }
        if !self.waiting {
            self.waiting = true;
            let deadline = Instant::now() + self.limit;
            self.timer.as_mut().reset(deadline);
        }
        match self.timer.as_mut().poll(cx) {
            Poll::Ready(()) => Poll::Ready(Err(io::Error::new(
                io::ErrorKind::TimedOut,
                "the client read nothing of the answer for too long",
            ))),
            Poll::Pending => Poll::Pending,
        }
    }
}

impl<T: AsyncRead + Unpin> AsyncRead for WriteTimeout<T> {
    fn poll_read(
        mut self: Pin<&mut Self>,
        cx: &mut Context<'_>,
        buf: &mut ReadBuf<'_>,
    ) -> Poll<io::Result<()>> {
        Pin::new(&mut self.inner).poll_read(cx, buf)
    }
}

impl<T: AsyncWrite + Unpin> AsyncWrite for WriteTimeout<T> {
    fn poll_write(
        mut self: Pin<&mut Self>,
        cx: &mut Context<'_>,
        buf: &[u8],
    ) -> Poll<io::Result<usize>> {
        let poll = Pin::new(&mut self.inner).poll_write(cx, buf);
        self.bound(poll, cx)
    }

    fn poll_write_vectored(
        mut self: Pin<&mut Self>,
        cx: &mut Context<'_>,
        bufs: &[io::IoSlice<'_>],
    ) -> Poll<io::Result<usize>> {
        let poll = Pin::new(&mut self.inner).poll_write_vectored(cx, bufs);
        self.bound(poll, cx)
    }

    fn is_write_vectored(&self) -> bool {
        self.inner.is_write_vectored()
    }

    fn poll_flush(mut self: Pin<&mut Self>, cx: &mut Context<'_>) -> Poll<io::Result<()>> {
        let poll = Pin::new(&mut self.inner).poll_flush(cx);
        self.bound(poll, cx)
    }

    fn poll_shutdown(mut self: Pin<&mut Self>, cx: &mut Context<'_>) -> Poll<io::Result<()>> {
        let poll = Pin::new(&mut self.inner).poll_shutdown(cx);
        self.bound(poll, cx)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use tokio::io::{duplex, AsyncReadExt, AsyncWriteExt};

    #[tokio::test(start_paused = true)]
    async fn a_write_nobody_reads_times_out_and_one_read_in_time_goes_through() {
        let (near, mut far) = duplex(64);
        let mut near = WriteTimeout::new(near, Duration::from_secs(10));
        // The pipe holds 64 bytes: the rest waits for the far side to read.
        near.write_all(&[1; 64]).await.unwrap();
        let reader = tokio::spawn(async move {
            tokio::time::sleep(Duration::from_secs(5)).await;
            let mut got = vec![0; 128];
            far.read_exact(&mut got).await.unwrap();
            far
        });
        near.write_all(&[2; 64]).await.unwrap();
        let _far = reader.await.unwrap();
        // Nobody reads any more: the next write that waits gives up after the limit.
        near.write_all(&[3; 64]).await.unwrap();
        let waited = tokio::time::timeout(Duration::from_secs(60), near.write_all(&[4; 64]));
        let error = waited
            .await
            .expect("the write gives up by itself")
            .unwrap_err();
        assert_eq!(error.kind(), io::ErrorKind::TimedOut);
    }
}
