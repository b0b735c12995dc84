//! Work on a stream of jobs on several threads, with the results handed back in input order.
//!
//! Memory stays bounded: at most `window` jobs are between being read and being handed back, so a
//! slow job holds back at most that many finished ones, however long the input.

use std::collections::BTreeMap;
use std::io;
use std::sync::mpsc;
use std::sync::Mutex;
use std::thread;

/// Jobs in flight per thread: enough to keep threads busy past a slow job.
pub const WINDOW_PER_THREAD: usize = 256;

/// Runs `work` on every job of `jobs` with `threads` threads, each with its own state from `init`,
/// and gives the results to `emit` in the order of the jobs. One thread works in place, with no
/// thread started. Stops reading jobs at the first error of `emit`, and returns it.
pub fn run<J, R, S>(
    threads: usize,
    jobs: impl Iterator<Item = J>,
    init: impl Fn() -> S + Sync,
    work: impl Fn(&mut S, J) -> R + Sync,
    mut emit: impl FnMut(R) -> io::Result<()>,
) -> io::Result<()>
where
    J: Send,
    R: Send,
{
    if threads <= 1 {
        let mut state = init();
        for job in jobs {
            emit(work(&mut state, job))?;
        }
        return Ok(());
    }
    let window = threads * WINDOW_PER_THREAD;
    let (job_tx, job_rx) = mpsc::channel::<(u64, J)>();
    let job_rx = Mutex::new(job_rx);
    let (done_tx, done_rx) = mpsc::channel::<(u64, R)>();
    thread::scope(|scope| {
        for _ in 0..threads {
            let done_tx = done_tx.clone();
            let (job_rx, init, work) = (&job_rx, &init, &work);
            scope.spawn(move || {
                let mut state = init();
                loop {
                    // The lock is held only to take one job.
                    let job = job_rx
                        .lock()
                        .map_err(|_| ())
                        .and_then(|rx| rx.recv().map_err(|_| ()));
                    let Ok((index, job)) = job else { break };
                    if done_tx.send((index, work(&mut state, job))).is_err() {
                        break;
                    }
                }
            });
        }
        drop(done_tx);
        let mut finished: BTreeMap<u64, R> = BTreeMap::new();
        let (mut sent, mut next) = (0u64, 0u64);
        // Hands back every result that is next in order.
        let mut flush = |finished: &mut BTreeMap<u64, R>, next: &mut u64| -> io::Result<()> {
            while let Some(result) = finished.remove(next) {
                *next += 1;
                emit(result)?;
            }
            Ok(())
        };
        let mut outcome = Ok(());
        for job in jobs {
            while outcome.is_ok() && sent - next >= window as u64 {
                outcome = match done_rx.recv() {
                    Ok((index, result)) => {
                        finished.insert(index, result);
                        flush(&mut finished, &mut next)
                    }
                    Err(_) => Err(stopped()),
                };
            }
            if outcome.is_err() || job_tx.send((sent, job)).is_err() {
                break;
            }
            sent += 1;
        }
        drop(job_tx);
        while outcome.is_ok() && next < sent {
            outcome = match done_rx.recv() {
                Ok((index, result)) => {
                    finished.insert(index, result);
                    flush(&mut finished, &mut next)
                }
                Err(_) => Err(stopped()),
            };
        }
        // On an error the workers finish their jobs in flight, then find the queue closed.
        drop(done_rx);
        outcome
    })
}

/// The error when the workers are gone before handing back every result.
fn stopped() -> io::Error {
    io::Error::other("a worker thread stopped")
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn results_come_back_in_input_order() {
        for threads in [1, 2, 5] {
            let mut out = Vec::new();
            run(
                threads,
                0..5000u64,
                || 0u64,
                |calls, n| {
                    *calls += 1;
                    // Uneven work, so results finish out of order.
                    if n % 97 == 0 {
                        thread::sleep(std::time::Duration::from_millis(1));
                    }
                    n * 2
                },
                |r| {
                    out.push(r);
                    Ok(())
                },
            )
            .unwrap();
            assert_eq!(out, (0..5000).map(|n| n * 2).collect::<Vec<_>>());
        }
    }

    #[test]
    fn an_emit_error_stops_the_run() {
        let mut seen = 0;
        let result = run(
            3,
            0..1_000_000u64,
            || (),
            |_, n| n,
            |n| {
                seen += 1;
                if n == 10 {
                    Err(io::Error::from(io::ErrorKind::BrokenPipe))
                } else {
                    Ok(())
                }
            },
        );
        assert!(result.is_err());
        assert_eq!(seen, 11);
    }
}
