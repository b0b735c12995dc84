//! Work on a stream of jobs on several threads, with the results handed back in input order.
//!
//! Memory stays bounded: at most a window of jobs is between being read and being handed back, so
//! a slow job holds back at most that many finished ones, however long the input (and each thread
//! keeps the jobs of its last batch until it reads the next, which recycles them).
//!
//! Jobs travel in batches sized from how long the last batch took: a 17-clue Sudoku takes a few
//! microseconds, about what handing one job to another thread and back costs, while a hard 25x25
//! puzzle takes seconds and must not sit in a batch behind others. A batch also ends when the
//! next job is not at hand: no job waits for input that has not come (a program that writes a
//! puzzle and waits for its answer gets it, and typed puzzles are answered one by one).

use std::collections::BTreeMap;
use std::io;
use std::sync::atomic::AtomicUsize;
use std::sync::atomic::Ordering::Relaxed;
use std::sync::{Condvar, Mutex};
use std::thread;
use std::time::{Duration, Instant};

/// Jobs in flight per thread: enough to keep threads busy past a slow job and a full batch.
pub const WINDOW_PER_THREAD: usize = 1024;

/// The most jobs in one batch.
const MAX_BATCH: usize = 512;

/// About how long a batch should take to work through: long enough that taking the reading and
/// the writing lock once a batch costs nothing to speak of, short enough that at the end of the
/// input one thread does not work on alone for long.
const BATCH_TIME: Duration = Duration::from_millis(2);

/// Jobs read from an input that may keep the reader waiting (a pipe, a terminal).
pub trait Feed: Iterator {
    /// Whether the next job, or the end, can be had without waiting for more input. While it
    /// cannot, jobs read so far are worked on and their results handed over first.
    fn at_hand(&self) -> bool;

    /// Takes back a job that has been worked on, whose memory the next jobs may reuse.
    fn recycle(&mut self, job: Self::Item) {
        drop(job);
    }
}

/// Where results go, in order.
pub trait Sink<R> {
    /// Takes the next result.
    fn emit(&mut self, result: R) -> io::Result<()>;

    /// Called when every result ready so far has been emitted and more are awaited: the moment
    /// to flush buffered output, so that answers do not wait for the end of a slow input.
    fn idle(&mut self) -> io::Result<()>;
}

/// Runs `work` on every job of `jobs` with `threads` threads, each with its own state from `init`,
/// and gives the results to `sink` in the order of the jobs, as soon as they are ready (the sink
/// is told it is idle before anyone waits for input). Jobs worked on go back to `jobs` to be
/// recycled. One thread works in place, with no thread started. Stops reading jobs at the first
/// error of the sink, and returns it.
pub fn run<J, R, S>(
    threads: usize,
    mut jobs: impl Feed<Item = J> + Send,
    init: impl Fn() -> S + Sync,
    work: impl Fn(&mut S, &mut J) -> R + Sync,
    sink: &mut (impl Sink<R> + Send),
) -> io::Result<()>
where
    J: Send,
    R: Send,
{
    if threads <= 1 {
        let mut state = init();
        loop {
            if !jobs.at_hand() {
                sink.idle()?;
            }
            let Some(mut job) = jobs.next() else {
                return Ok(());
            };
            let result = work(&mut state, &mut job);
            jobs.recycle(job);
            sink.emit(result)?;
        }
    }
    // The jobs and the index of the next one. Each thread reads its own batches: reading costs a
    // fraction of answering, so threads seldom wait for the lock, and no thread only reads.
    let feed = Mutex::new((jobs, 0u64));
    // Each thread also writes: the one that finishes the batch next in order writes it and every
    // finished batch after it. A writing thread of its own was a thread more than cores, woken for
    // every batch, and slowed the threads that answer.
    let order = Mutex::new(Order {
        sink,
        finished: BTreeMap::new(),
        next: 0,
        outcome: Ok(()),
    });
    let credit = Credit::new(threads * WINDOW_PER_THREAD);
    let batch_size = AtomicUsize::new(1);
    let worker = || {
        let mut state = init();
        // The jobs of the last batch, recycled when the next is read (so that many jobs in a row
        // reuse memory, which the allocator's per-thread cache cannot do).
        let mut jobs = Vec::new();
        loop {
            let size = batch_size.load(Relaxed);
            if !credit.take(size) {
                break;
            }
            let Some(first) = read_batch(&feed, size, &mut jobs) else {
                break;
            };
            credit.give(size - jobs.len());
            if jobs.is_empty() {
                break;
            }
            let started = Instant::now();
            let results = jobs.iter_mut().map(|job| work(&mut state, job)).collect();
            batch_size.store(fitting_batch(started.elapsed(), jobs.len()), Relaxed);
            let Ok(mut order) = order.lock() else { break };
            if !order.hand_over(first, results, &credit) {
                // After an error every thread stops at its next wait for credit.
                credit.close();
                break;
            }
        }
    };
    // The calling thread is one of the workers: it starts at once, without waiting to be
    // scheduled again after starting the others.
    thread::scope(|scope| {
        for _ in 1..threads {
            scope.spawn(worker);
        }
        worker();
    });
    let read = feed.into_inner().map_or(u64::MAX, |feed| feed.1);
    let order = order.into_inner().map_err(|_| stopped())?;
    match order.outcome {
        Ok(()) if order.next != read => Err(stopped()),
        outcome => outcome,
    }
}

/// Hands the jobs of the last batch back to `feed` (the jobs and the index of the next one) and
/// reads up to `size` jobs into `jobs`, stopping early where the next job is not at hand: the
/// index of the first. `None` if the lock is poisoned.
fn read_batch<F: Feed>(
    feed: &Mutex<(F, u64)>,
    size: usize,
    jobs: &mut Vec<F::Item>,
) -> Option<u64> {
    let mut feed = feed.lock().ok()?;
    let (jobs_left, next) = &mut *feed;
    for job in jobs.drain(..) {
        jobs_left.recycle(job);
    }
    let first = *next;
    while jobs.len() < size && (jobs.is_empty() || jobs_left.at_hand()) {
        let Some(job) = jobs_left.next() else { break };
        jobs.push(job);
    }
    *next += jobs.len() as u64;
    Some(first)
}

/// The results finished and not yet handed over, and where they go.
struct Order<'s, S, R> {
    sink: &'s mut S,
    /// Batches finished out of order, by the index of their first job.
    finished: BTreeMap<u64, Vec<R>>,
    /// The index of the next job whose result is due.
    next: u64,
    /// The sink's first error, after which nothing more is handed over.
    outcome: io::Result<()>,
}

impl<S: Sink<R>, R> Order<'_, S, R> {
    /// Takes the results of the batch from job `first` on and hands over, in order, every
    /// result now due, giving back their credit; tells the sink when nothing more is due. False
    /// once the sink has failed.
    fn hand_over(&mut self, first: u64, results: Vec<R>, credit: &Credit) -> bool {
        if self.outcome.is_err() {
            return false;
        }
        self.finished.insert(first, results);
        while let Some(results) = self.finished.remove(&self.next) {
            self.next += results.len() as u64;
            credit.give(results.len());
            for result in results {
                if let Err(e) = self.sink.emit(result) {
                    self.outcome = Err(e);
                    return false;
                }
            }
        }
        if self.finished.is_empty() {
            if let Err(e) = self.sink.idle() {
                self.outcome = Err(e);
                return false;
            }
        }
        true
    }
}

/// The number of jobs that take about [`BATCH_TIME`], from a batch of `jobs` that took `took`.
fn fitting_batch(took: Duration, jobs: usize) -> usize {
    let per_job = took.as_nanos() / jobs.max(1) as u128;
    let fits = BATCH_TIME.as_nanos() / per_job.max(1);
    usize::try_from(fits).map_or(MAX_BATCH, |n| n.clamp(1, MAX_BATCH))
}

/// Bounds the jobs in flight: a thread takes credit before reading a batch, the writer gives
/// it back as results are written.
struct Credit {
    /// Credit left, and whether the run is over.
    state: Mutex<(usize, bool)>,
    changed: Condvar,
    window: usize,
}

impl Credit {
    fn new(window: usize) -> Credit {
        Credit {
            state: Mutex::new((window, false)),
            changed: Condvar::new(),
            window,
        }
    }

    /// Waits for credit for `jobs` (a whole window for a larger batch); false when the run is
    /// over.
    fn take(&self, jobs: usize) -> bool {
        let want = jobs.min(self.window);
        let Ok(mut state) = self.state.lock() else {
            return false;
        };
        while state.0 < want && !state.1 {
            match self.changed.wait(state) {
                Ok(next) => state = next,
                Err(_) => return false,
            }
        }
        state.0 -= want.min(state.0);
        !state.1
    }

    /// Gives back credit for `jobs` written.
    fn give(&self, jobs: usize) {
        if let Ok(mut state) = self.state.lock() {
            state.0 = (state.0 + jobs).min(self.window);
            self.changed.notify_all();
        }
    }

    /// Ends the run: the threads stop at their next wait.
    fn close(&self) {
        if let Ok(mut state) = self.state.lock() {
            state.1 = true;
            self.changed.notify_all();
        }
    }
}

/// The error when the workers are gone before handing back every result.
fn stopped() -> io::Error {
    io::Error::other("a worker thread stopped")
}

#[cfg(test)]
mod tests {
    use std::sync::{mpsc, Arc};

    use super::*;

    /// Jobs that never keep the reader waiting.
    struct Ready<I>(I);

    impl<I: Iterator> Iterator for Ready<I> {
        type Item = I::Item;

        fn next(&mut self) -> Option<I::Item> {
            self.0.next()
        }
    }

    impl<I: Iterator> Feed for Ready<I> {
        fn at_hand(&self) -> bool {
            true
        }
    }

    /// Collects results; fails at the value `fail_at`.
    #[derive(Default)]
    struct Collect {
        out: Vec<u64>,
        fail_at: Option<u64>,
    }

    impl Sink<u64> for Collect {
        fn emit(&mut self, result: u64) -> io::Result<()> {
            self.out.push(result);
            if Some(result) == self.fail_at {
                return Err(io::Error::from(io::ErrorKind::BrokenPipe));
            }
            Ok(())
        }

        fn idle(&mut self) -> io::Result<()> {
            Ok(())
        }
    }

    #[test]
    fn results_come_back_in_input_order() {
        for threads in [1, 2, 5] {
            let mut sink = Collect::default();
            run(
                threads,
                Ready(0..5000u64),
                || 0u64,
                |calls, n| {
                    *calls += 1;
                    // Uneven work, so results finish out of order.
                    if *n % 97 == 0 {
                        thread::sleep(std::time::Duration::from_millis(1));
                    }
                    *n * 2
                },
                &mut sink,
            )
            .unwrap();
            assert_eq!(sink.out, (0..5000).map(|n| n * 2).collect::<Vec<_>>());
        }
    }

    /// Jobs that come one at a time, each only once the results of all before it have been
    /// handed over and the sink has been told it is idle, as from a program that writes a
    /// puzzle and waits for its answer before it writes the next. Gives up after a while.
    struct Dialogue {
        jobs: mpsc::Receiver<u64>,
        /// Jobs sent and not taken yet.
        queued: Arc<AtomicUsize>,
    }

    impl Iterator for Dialogue {
        type Item = u64;

        fn next(&mut self) -> Option<u64> {
            let job = self.jobs.recv_timeout(Duration::from_secs(5)).ok()?;
            self.queued.fetch_sub(1, Relaxed);
            Some(job)
        }
    }

    impl Feed for Dialogue {
        fn at_hand(&self) -> bool {
            self.queued.load(Relaxed) > 0
        }
    }

    /// The other side of a [`Dialogue`]: takes the results and, told it is idle with every job
    /// answered, sends the next one, up to `last`, then ends the jobs.
    struct Answers {
        out: Vec<u64>,
        jobs: Option<mpsc::Sender<u64>>,
        queued: Arc<AtomicUsize>,
        sent: u64,
        last: u64,
    }

    impl Sink<u64> for Answers {
        fn emit(&mut self, result: u64) -> io::Result<()> {
            self.out.push(result);
            Ok(())
        }

        fn idle(&mut self) -> io::Result<()> {
            if self.out.len() as u64 == self.sent {
                if self.sent > self.last {
                    self.jobs = None;
                } else if let Some(jobs) = &self.jobs {
                    self.queued.fetch_add(1, Relaxed);
                    let _ = jobs.send(self.sent);
                    self.sent += 1;
                }
            }
            Ok(())
        }
    }

    #[test]
    fn no_job_waits_for_input_that_has_not_come() {
        for threads in [1, 2, 3] {
            let (tx, rx) = mpsc::channel();
            // A burst of jobs first, which grows the batches; then one at a time.
            let burst = 1000;
            for n in 0..burst {
                tx.send(n).unwrap();
            }
            let queued = Arc::new(AtomicUsize::new(burst as usize));
            let feed = Dialogue {
                jobs: rx,
                queued: Arc::clone(&queued),
            };
            let mut sink = Answers {
                out: Vec::new(),
                jobs: Some(tx),
                queued,
                sent: burst,
                last: burst + 50,
            };
            run(threads, feed, || (), |_, n| *n, &mut sink).unwrap();
            // Had a batch waited for jobs to come, the feed would have given up early.
            assert_eq!(
                sink.out,
                (0..=burst + 50).collect::<Vec<_>>(),
                "{threads} threads"
            );
        }
    }

    /// Jobs that never keep the reader waiting, and the jobs handed back.
    struct Recycling<'a, I> {
        jobs: I,
        recycled: &'a mut Vec<u64>,
    }

    impl<I: Iterator<Item = u64>> Iterator for Recycling<'_, I> {
        type Item = u64;

        fn next(&mut self) -> Option<u64> {
            self.jobs.next()
        }
    }

    impl<I: Iterator<Item = u64>> Feed for Recycling<'_, I> {
        fn at_hand(&self) -> bool {
            true
        }

        fn recycle(&mut self, job: u64) {
            self.recycled.push(job);
        }
    }

    #[test]
    fn jobs_come_back_worked_on() {
        const JOBS: u64 = 5000;
        for threads in [1, 2, 3] {
            let mut recycled = Vec::new();
            let feed = Recycling {
                jobs: 0..JOBS,
                recycled: &mut recycled,
            };
            let mut sink = Collect::default();
            // Marks each job as worked on.
            let work = |_: &mut (), n: &mut u64| {
                *n += JOBS;
                *n
            };
            run(threads, feed, || (), work, &mut sink).unwrap();
            let count = recycled.len();
            recycled.sort_unstable();
            recycled.dedup();
            assert_eq!(recycled.len(), count, "none twice");
            assert!(recycled.iter().all(|&n| n >= JOBS), "only jobs worked on");
            // Each thread keeps its last batch (at most MAX_BATCH jobs) to the end.
            let kept = (threads as u64 - 1) * MAX_BATCH as u64;
            assert!(recycled.len() as u64 + kept >= JOBS, "{threads} threads");
        }
    }

    #[test]
    fn batches_fit_the_time_per_job() {
        assert_eq!(fitting_batch(Duration::from_millis(50), 1), 1);
        assert_eq!(fitting_batch(Duration::from_micros(10), 1), 200);
        assert_eq!(fitting_batch(Duration::from_micros(10), 10), MAX_BATCH);
        assert_eq!(fitting_batch(Duration::ZERO, 0), MAX_BATCH);
    }

    #[test]
    fn a_sink_error_stops_the_run() {
        let mut sink = Collect {
            fail_at: Some(10),
            ..Collect::default()
        };
        let result = run(3, Ready(0..1_000_000u64), || (), |_, n| *n, &mut sink);
        assert!(result.is_err());
        assert_eq!(sink.out.len(), 11);
    }
}
