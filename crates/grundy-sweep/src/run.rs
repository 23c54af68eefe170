//! Running a sweep: every selected set of a family, on all cores.
//!
//! Workers (a rayon pool of `jobs` threads) take the
//! family's sets a small batch at a time from one shared, lazy enumeration,
//! in family order, so finished rows come back close to that order and the
//! hard sets spread over the workers. Rows are pushed to the caller's sink
//! on the calling thread (ripgrep's push model) as they finish, in
//! completion order, each tagged with its index; the caller orders them.
//! Cancellation (Ctrl-C) stops the workers; a set cut short by it is not a
//! result and is never pushed. Codes with one Grundy sequence share one
//! evaluation (`share.rs`).

use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::{Arc, Mutex};
use std::time::{Duration, Instant};

use grundy::Budget as Limit;

use crate::error::{Error, Result};
use crate::evaluate::{Evaluation, evaluate};
use crate::family::{Family, Point, Points};
use crate::row::Row;
use crate::share::{Claim, Pending, Shared};

/// Sets handed to a worker at a time.
const BATCH: usize = 32;

/// Octal codes handed to a worker at a time: one. A code can take minutes
/// (values that keep growing), and the costly codes sit together in the
/// family's order (0.760 to 0.767), so a batch of them would leave the
/// other workers idle at the end of a sweep.
const OCTAL_BATCH: usize = 1;

/// The batch size of a family.
fn batch_of(family: &Family) -> usize {
    if family.is_octal() { OCTAL_BATCH } else { BATCH }
}

/// A worker passes on what it has after this long, even mid-batch, so a
/// slow set does not hold back the rows finished before it.
const SEND_EVERY: Duration = Duration::from_millis(100);

/// How to run a sweep.
#[derive(Clone, Debug)]
pub struct RunOptions {
    /// Worker threads; 0 means one per core. Never more than the cores
    /// nor than the batches of sets there are.
    pub jobs: usize,
    /// The per-set position budget.
    pub max_positions: u64,
    /// The per-set time budget.
    pub timeout: Option<Duration>,
    /// Set to stop the sweep early.
    pub cancel: Arc<AtomicBool>,
}

impl Default for RunOptions {
    fn default() -> RunOptions {
        RunOptions {
            jobs: 0,
            max_positions: DEFAULT_SWEEP_POSITIONS,
            timeout: None,
            cancel: Arc::new(AtomicBool::new(false)),
        }
    }
}

/// The default per-set budget of a sweep: 100 million positions.
pub const DEFAULT_SWEEP_POSITIONS: u64 = 100_000_000;

/// Evaluates the sets of `family` whose index `select` accepts and pushes
/// the rows to `sink` as they finish (in batches, completion order).
///
/// Fails only if the family cannot be enumerated (which
/// [`Family::count`] reports first). [`crate::Sweep`] builds on this with
/// output in family order, a journal and reports.
///
/// ```
/// use grundy_sweep::{Family, RunOptions, run};
/// let f = Family::subsets(3, 12)?;
/// let options = RunOptions { jobs: 2, ..RunOptions::default() };
/// let mut rows = Vec::new();
/// run(&f, &|i| i % 2 == 0, &options, &mut |batch| rows.extend(batch))?;
/// rows.sort_by_key(|r| r.index);
/// assert_eq!(rows.len(), 110); // the even indices of C(12, 3) = 220
/// assert_eq!(rows[0].set, "1,2,3");
/// # Ok::<(), grundy_sweep::Error>(())
/// ```
pub fn run(
    family: &Family,
    select: &(dyn Fn(u64) -> bool + Sync),
    options: &RunOptions,
    sink: &mut dyn FnMut(Vec<Row>),
) -> Result<()> {
    let batch = batch_of(family);
    let queue = Queue { points: Mutex::new(family.points()), select, batch };
    let failed = Mutex::new(None);
    let shared = Shared::default();
    let (tx, rx) = std::sync::mpsc::channel::<Vec<Row>>();
    std::thread::scope(|scope| {
        let (queue, failed, shared) = (&queue, &failed, &shared);
        scope.spawn(move || {
            let work = || {
                worker(family, queue, options, failed, shared, &|rows| {
                    // The receiver outlives the workers.
                    let _ = tx.send(rows);
                })
            };
            let jobs = workers(options.jobs, family.count().ok(), batch);
            spawn_workers(jobs, &work);
            // `tx` is dropped here, which ends the loop below.
        });
        while let Ok(rows) = rx.recv() {
            sink(rows);
        }
    });
    match failed.into_inner().unwrap_or_else(|e| e.into_inner()) {
        Some(e) => Err(e),
        None => Ok(()),
    }
}

/// The worker threads: as asked (0: one per core), but never more than the
/// cores, nor more than the batches of sets to evaluate: extra threads
/// cost memory and gain nothing.
fn workers(jobs: usize, sets: Option<u64>, batch: usize) -> usize {
    let cores = std::thread::available_parallelism().map_or(1, |n| n.get());
    let asked = if jobs == 0 { cores } else { jobs.min(cores) };
    let batches = sets.map_or(usize::MAX, |n| {
        usize::try_from(n.div_ceil(batch as u64)).unwrap_or(usize::MAX)
    });
    asked.min(batches).max(1)
}

fn spawn_workers(jobs: usize, work: &(dyn Fn() + Sync)) {
    match rayon::ThreadPoolBuilder::new().num_threads(jobs).build() {
        Ok(pool) => {
            pool.broadcast(|_| work());
        }
        // No threads to be had: do the work here.
        Err(_) => work(),
    }
}

struct Queue<'a> {
    points: Mutex<Points<'a>>,
    select: &'a (dyn Fn(u64) -> bool + Sync),
    /// Sets a worker takes at a time.
    batch: usize,
}

impl Queue<'_> {
    /// The next batch of selected points (empty at the end).
    fn take(&self, failed: &Mutex<Option<Error>>) -> Vec<Point> {
        let mut points = self.points.lock().unwrap_or_else(|e| e.into_inner());
        let mut batch = Vec::with_capacity(self.batch);
        while batch.len() < self.batch {
            match points.next_where(self.select) {
                None => break,
                Some(Ok(p)) => batch.push(p),
                Some(Err(e)) => {
                    *failed.lock().unwrap_or_else(|e| e.into_inner()) =
                        Some(e);
                    break;
                }
            }
        }
        batch
    }
}

fn worker(
    family: &Family,
    queue: &Queue<'_>,
    options: &RunOptions,
    failed: &Mutex<Option<Error>>,
    shared: &Shared,
    send: &dyn Fn(Vec<Row>),
) {
    let cancelled = || options.cancel.load(Ordering::Relaxed);
    let mut out = Vec::with_capacity(BATCH);
    let mut last_send = Instant::now();
    while !cancelled() {
        let batch = queue.take(failed);
        if batch.is_empty() {
            break;
        }
        for point in batch {
            if cancelled() {
                break;
            }
            let rows = evaluate_point(family, &point, options, shared);
            out.extend(rows.into_iter().filter(|r| !r.result.is_cancelled()));
            if last_send.elapsed() >= SEND_EVERY && !out.is_empty() {
                send(std::mem::take(&mut out));
                last_send = Instant::now();
            }
        }
        if !out.is_empty() {
            send(std::mem::take(&mut out));
            last_send = Instant::now();
        }
    }
}

/// Evaluates one member of a family, with the per-set budget of `options`
/// (the time budget starts with each evaluation): its row, unless a code
/// with the same values is being evaluated, and the rows of the codes
/// that waited for it.
fn evaluate_point(
    family: &Family,
    point: &Point,
    options: &RunOptions,
    shared: &Shared,
) -> Vec<Row> {
    let (params, set) = family.set_of(point);
    let rules = match set {
        Ok(rules) => rules,
        Err((set, msg)) => {
            let result = Evaluation::Error(msg);
            return vec![Row { index: point.index, params, set, result }];
        }
    };
    let mut rows = Vec::new();
    let mut todo = vec![Pending::new(point.index, params, rules)];
    while let Some(code) = todo.pop() {
        match shared.claim(code) {
            Claim::Done(row) => rows.push(row),
            Claim::Queued => {}
            Claim::Evaluate(code) => {
                let result = evaluate(&code.rules, &limit(options));
                let (done, again) = shared.finish(code, result);
                rows.extend(done);
                todo.extend(again);
            }
        }
    }
    rows
}

/// Bytes one worker's period search may keep (`grundy::Budget::max_memory`).
const WORKER_MAX_MEMORY: u64 = 16 << 20;

/// The budget of one evaluation.
fn limit(options: &RunOptions) -> Limit {
    Limit {
        max_positions: options.max_positions,
        // A row is defined by its heap count (the octal table's 2^20 heaps
        // a code), not by what the heaps cost; `timeout` bounds the time.
        max_splits: u64::MAX,
        deadline: options.timeout.and_then(|t| Instant::now().checked_add(t)),
        cancel: Some(options.cancel.clone()),
        // The workers already keep every core busy with a set each.
        max_threads: 1,
        // ... and each keeps little memory: a set whose period search
        // outgrows it streams (O(max S)) instead.
        max_memory: WORKER_MAX_MEMORY,
        ..Limit::default()
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::Shard;

    fn collect(family: &Family, shard: Shard, jobs: usize) -> Vec<Row> {
        let options = RunOptions { jobs, ..RunOptions::default() };
        let mut rows = Vec::new();
        run(family, &|i| shard.contains(i), &options, &mut |b| rows.extend(b))
            .unwrap();
        rows.sort_by_key(|r| r.index);
        rows
    }

    #[test]
    fn parallel_equals_serial_and_shards_partition() {
        let f = Family::subsets(3, 15).unwrap();
        let one = collect(&f, Shard::ALL, 1);
        assert_eq!(one.len(), 455);
        assert_eq!(collect(&f, Shard::ALL, 2), one);
        let mut shards: Vec<Row> = (0..3)
            .flat_map(|i| collect(&f, Shard { index: i, count: 3 }, 2))
            .collect();
        shards.sort_by_key(|r| r.index);
        assert_eq!(shards, one);
    }

    #[test]
    fn cancelled_sweeps_push_nothing_more() {
        let f = Family::subsets(3, 30).unwrap();
        let options = RunOptions::default();
        options.cancel.store(true, Ordering::Relaxed);
        let mut n = 0;
        run(&f, &|_| true, &options, &mut |b| n += b.len()).unwrap();
        assert_eq!(n, 0);
    }

    /// Codes with one sequence share their evaluation (`share.rs`), and
    /// each row is still the row its code gets alone, whichever worker
    /// comes first: every code 0.6de and 0.7de (groups such as 0.76,
    /// 0.761, 0.762, 0.763 with two code lengths, and 0.606, 0.607,
    /// 0.616, ...) to 1500 heaps, and again with a budget their search
    /// ends within.
    #[test]
    fn shared_codes_get_the_rows_they_get_alone() {
        let f = Family::octal(3).unwrap();
        let points: Vec<Point> = f
            .points()
            .map(|p| p.unwrap())
            .filter(|p| matches!(p.values[..2], [0, 6 | 7]))
            .collect();
        assert_eq!(points.len(), 128);
        let wanted: std::collections::HashSet<u64> =
            points.iter().map(|p| p.index).collect();
        for max_positions in [1500, 200] {
            for jobs in [1, 2] {
                let options = RunOptions {
                    jobs,
                    max_positions,
                    ..RunOptions::default()
                };
                let mut rows = Vec::new();
                run(&f, &|i| wanted.contains(&i), &options, &mut |b| {
                    rows.extend(b)
                })
                .unwrap();
                rows.sort_by_key(|r| r.index);
                let alone: Vec<Row> = points
                    .iter()
                    .map(|p| f.row(p, &limit(&options)))
                    .collect();
                assert_eq!(rows, alone, "{max_positions} heaps, {jobs} jobs");
            }
        }
    }

    #[test]
    fn budgets_give_not_found_rows() {
        let f = Family::template("a,2*a+1,3*a+1", &["a=300..300"]).unwrap();
        let options =
            RunOptions { max_positions: 1000, ..RunOptions::default() };
        let mut rows = Vec::new();
        run(&f, &|_| true, &options, &mut |b| rows.extend(b)).unwrap();
        assert_eq!(rows[0].result.status(), "not found");
    }
}
