//! A whole sweep: every selected row of a family, in family order, to a
//! stream, a resumable file or memory.
//!
//! [`Sweep`] ties the pieces together the way `grundy sweep` uses them:
//! the runner ([`crate::run`]) evaluates the sets on all cores; each row
//! is formatted once ([`crate::Layout`]) and goes to a writer in family
//! order as soon as every earlier row is out, or to the journal of an
//! output file (which is written whole, in family order, at the end), and
//! is kept in memory when reports are wanted. A front end adds only what
//! is its own: a progress bar (the `progress` callback), Ctrl-C (the
//! cancel flag of [`RunOptions`]) and the words it prints.

use std::collections::BTreeMap;
use std::io::Write;
use std::path::{Path, PathBuf};
use std::sync::atomic::Ordering;

use crate::evaluate::Evaluation;

use crate::compress::Compression;
use crate::error::{Error, ErrorKind, Result};
use crate::family::Family;
use crate::file::write_atomically;
use crate::format::{Format, Layout};
use crate::journal::{Journal, check_rows, fingerprint, journal_path};
use crate::order::InOrder;
use crate::row::Row;
use crate::run::{RunOptions, run};
use crate::shard::{Members, Shard};

/// A sweep ready to run: a family, a shard of it, budgets and a format.
///
/// ```
/// use grundy_sweep::{Destination, Family, Format, Ran, RunOptions, Shard, Sweep};
/// let family = Family::template("a,2*a+1", &["a=1..5"])?;
/// let sweep =
///     Sweep::new(family, Shard::ALL, RunOptions::default(), Format::Csv)?;
/// let mut out = Vec::new();
/// let ran = sweep.start(Destination::Stream(&mut out))?.run(&mut |_| {})?;
/// let Ran::Complete(done) = ran else { unreachable!("nothing cancels") };
/// done.finish()?;
/// let text = String::from_utf8(out).unwrap();
/// assert!(text.starts_with("a,set,preperiod,period,"));
/// assert_eq!(text.lines().count(), 6); // the header and five rows
/// // {2,5}: period a + b = 7.
/// assert!(text.contains("\n2,\"2,5\",0,7,0,"));
/// # Ok::<(), grundy_sweep::Error>(())
/// ```
#[derive(Debug)]
pub struct Sweep {
    family: Family,
    shard: Shard,
    /// The indices the shard runs.
    members: Members,
    options: RunOptions,
    layout: Layout,
    total: u64,
    keep_rows: bool,
}

/// Where the rows of a sweep go.
pub enum Destination<'a> {
    /// To a writer in family order (after the CSV header), each as soon
    /// as every earlier row of the shard is out.
    Stream(&'a mut dyn Write),
    /// To the file `path`, written whole in family order at the end; the
    /// rows wait in its journal ([`journal_path`]) meanwhile, so an
    /// interrupted sweep can be resumed.
    File {
        /// The output file.
        path: PathBuf,
        /// Everything that decides the rows, as text (for a command, its
        /// arguments): only a sweep with the same identity resumes the
        /// journal.
        identity: String,
        /// Resume the rows of an interrupted run from the journal (without
        /// it an existing journal is an [`ErrorKind::Unfinished`] error).
        resume: bool,
    },
    /// Nowhere (the rows are only kept, see [`Sweep::keep_rows`]).
    Nowhere,
}

impl std::fmt::Debug for Destination<'_> {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            Destination::Stream(_) => f.write_str("Stream"),
            Destination::File { path, resume, .. } => f
                .debug_struct("File")
                .field("path", path)
                .field("resume", resume)
                .finish_non_exhaustive(),
            Destination::Nowhere => f.write_str("Nowhere"),
        }
    }
}

impl Sweep {
    /// Prepares a sweep. The family is enumerated once here, so that a
    /// bound that cannot be evaluated fails before any work or file.
    ///
    /// A shard of a table of octal codes ([`Family::octal`]) is decided
    /// here too: the codes are grouped by sequence and each group's cost
    /// estimated by short probes of its search, seconds in all for the
    /// three-digit table (`balance.rs`; [`Sweep::contains`]).
    pub fn new(
        family: Family,
        shard: Shard,
        options: RunOptions,
        format: Format,
    ) -> Result<Sweep> {
        let total = family.count()?;
        let layout = Layout::new(format, family.param_names());
        let members = if shard.count > 1 && family.is_octal() {
            crate::balance::members(&family, shard, &options)?
        } else {
            Members::RoundRobin(shard)
        };
        Ok(Sweep {
            family,
            shard,
            members,
            options,
            layout,
            total,
            keep_rows: false,
        })
    }

    /// Keeps every row in memory (for reports): [`Complete::finish`]
    /// returns them, the resumed ones included.
    pub fn keep_rows(self, keep: bool) -> Sweep {
        Sweep { keep_rows: keep, ..self }
    }

    /// The family.
    pub fn family(&self) -> &Family {
        &self.family
    }

    /// How rows are written.
    pub fn layout(&self) -> &Layout {
        &self.layout
    }

    /// The runner's options (its cancel flag stops the sweep).
    pub fn options(&self) -> &RunOptions {
        &self.options
    }

    /// The shard that runs.
    pub fn shard(&self) -> Shard {
        self.shard
    }

    /// The number of sets in the family.
    pub fn total(&self) -> u64 {
        self.total
    }

    /// The number of sets in the shard.
    pub fn selected(&self) -> u64 {
        self.members.size(self.total)
    }

    /// Whether the set at `index` belongs to the shard that runs: for a
    /// family of sets, the index is i modulo N ([`Shard::contains`]); for
    /// a table of octal codes, the codes of one sequence are in one
    /// shard, and the sequences are dealt out by their estimated cost,
    /// the costliest first, each to the shard with the least so far
    /// (deterministic: every shard's process finds the same split).
    ///
    /// ```
    /// use grundy_sweep::{Family, Format, RunOptions, Shard, Sweep};
    /// let options = RunOptions { max_positions: 2000, ..RunOptions::default() };
    /// let shards: Vec<Sweep> = (0..3)
    ///     .map(|i| {
    ///         let shard = Shard { index: i, count: 3 };
    ///         Sweep::new(Family::octal(2)?, shard, options.clone(), Format::Csv)
    ///     })
    ///     .collect::<Result<_, _>>()?;
    /// // Every code in exactly one shard.
    /// for code in 0..127 {
    ///     assert_eq!(shards.iter().filter(|s| s.contains(code)).count(), 1);
    /// }
    /// assert_eq!(shards.iter().map(Sweep::selected).sum::<u64>(), 127);
    /// # Ok::<(), grundy_sweep::Error>(())
    /// ```
    pub fn contains(&self, index: u64) -> bool {
        index < self.total && self.members.contains(index)
    }

    /// Opens the destination: writes the CSV header of a stream, or opens
    /// (and with `resume` reads) the journal of a file.
    pub fn start<'a>(&'a self, to: Destination<'a>) -> Result<Started<'a>> {
        let (sink, done) = match to {
            Destination::Stream(out) => {
                let header = self.layout.header();
                let out = InOrder::new(out, &header, self.members.clone());
                (Sink::Stream(out), BTreeMap::new())
            }
            Destination::File { path, identity, resume } => {
                let at = journal_path(&path);
                let (journal, rows) =
                    Journal::open(&at, &fingerprint(&identity), resume)?;
                check_rows(&at, &rows, self)?;
                (Sink::File { journal, output: path }, rows)
            }
            Destination::Nowhere => (Sink::Nowhere, BTreeMap::new()),
        };
        Ok(Started { sweep: self, sink, done })
    }
}

enum Sink<'a> {
    Stream(InOrder<'a>),
    File { journal: Journal, output: PathBuf },
    Nowhere,
}

/// A sweep whose destination is open; see [`Sweep::start`].
pub struct Started<'a> {
    sweep: &'a Sweep,
    sink: Sink<'a>,
    /// Rows resumed from the journal: index -> line.
    done: BTreeMap<u64, String>,
}

impl std::fmt::Debug for Started<'_> {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("Started")
            .field("resumed", &self.done.len())
            .finish_non_exhaustive()
    }
}

/// Sets that could not be evaluated (status `error`), for a warning.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct ErrorRows {
    /// How many rows of this run have status `error`.
    pub count: u64,
    /// The first three: the row's `set` and why.
    pub first: Vec<(String, String)>,
}

impl ErrorRows {
    fn note(&mut self, row: &Row) {
        if let Evaluation::Error(msg) = &row.result {
            self.count += 1;
            if self.first.len() < 3 {
                self.first.push((row.set.clone(), msg.clone()));
            }
        }
    }
}

impl<'a> Started<'a> {
    /// The rows resumed from the journal (already done).
    pub fn resumed(&self) -> u64 {
        self.done.len() as u64
    }

    /// Evaluates the rest of the shard, writing rows as they come;
    /// `progress` is told how many more rows are done after each batch.
    ///
    /// Stops early when the cancel flag of [`RunOptions`] is set (a
    /// write that fails sets it too, and is the error returned).
    pub fn run(self, progress: &mut dyn FnMut(u64)) -> Result<Ran<'a>> {
        let Started { sweep, mut sink, done } = self;
        let options = &sweep.options;
        let members = &sweep.members;
        let mut lines = sweep.layout.lines();
        let mut new_lines: Vec<(u64, String)> = Vec::new();
        let mut kept: Vec<Row> = Vec::new();
        let mut errors = ErrorRows::default();
        let mut failure: Option<Error> = None;
        run(
            &sweep.family,
            &|i| members.contains(i) && !done.contains_key(&i),
            options,
            &mut |batch| {
                if failure.is_some() {
                    return;
                }
                let count = batch.len() as u64;
                let result = (|| -> Result<()> {
                    for row in batch {
                        let line = lines.line(&row);
                        errors.note(&row);
                        match &mut sink {
                            Sink::File { journal, .. } => {
                                journal.append(row.index, &line)?;
                                new_lines.push((row.index, line));
                            }
                            Sink::Stream(out) => {
                                out.push(row.index, line).map_err(stream)?;
                            }
                            Sink::Nowhere => {}
                        }
                        if sweep.keep_rows {
                            kept.push(row);
                        }
                    }
                    if let Sink::File { journal, .. } = &mut sink {
                        journal.flush_if_due()?;
                    }
                    Ok(())
                })();
                if let Err(e) = result {
                    failure = Some(e);
                    options.cancel.store(true, Ordering::SeqCst);
                }
                progress(count);
            },
        )?;
        if let Some(e) = failure {
            return Err(e);
        }
        match &mut sink {
            Sink::Stream(out) => out.flush().map_err(stream)?,
            Sink::File { journal, .. }
                if options.cancel.load(Ordering::SeqCst) =>
            {
                journal.flush()?
            }
            _ => {}
        }
        if options.cancel.load(Ordering::SeqCst) {
            let journal = match &sink {
                Sink::File { journal, .. } => Some(journal.path().into()),
                _ => None,
            };
            return Ok(Ran::Interrupted(Interrupted {
                rows_done: (done.len() + new_lines.len()) as u64,
                journal,
                errors,
            }));
        }
        Ok(Ran::Complete(Complete {
            sweep,
            sink,
            done,
            new_lines,
            kept,
            errors,
        }))
    }
}

fn stream(e: std::io::Error) -> Error {
    Error::io(None, "cannot write the rows", e)
}

/// How a run ended; see [`Started::run`].
#[derive(Debug)]
pub enum Ran<'a> {
    /// Every selected set has its row; [`Complete::finish`] writes the
    /// output file.
    Complete(Complete<'a>),
    /// Cancelled first: for a file, the rows done so far are kept in the
    /// journal, to be resumed.
    Interrupted(Interrupted),
}

impl Ran<'_> {
    /// The rows of this run that could not be evaluated.
    pub fn errors(&self) -> &ErrorRows {
        match self {
            Ran::Complete(c) => &c.errors,
            Ran::Interrupted(i) => &i.errors,
        }
    }
}

/// A sweep cut short; see [`Ran::Interrupted`].
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Interrupted {
    /// The rows done, resumed ones included.
    pub rows_done: u64,
    /// The journal that keeps them (with a file destination).
    pub journal: Option<PathBuf>,
    errors: ErrorRows,
}

/// A sweep that ran to the end; see [`Ran::Complete`].
pub struct Complete<'a> {
    sweep: &'a Sweep,
    sink: Sink<'a>,
    done: BTreeMap<u64, String>,
    new_lines: Vec<(u64, String)>,
    kept: Vec<Row>,
    errors: ErrorRows,
}

impl std::fmt::Debug for Complete<'_> {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("Complete")
            .field("resumed", &self.done.len())
            .field("new", &self.new_lines.len())
            .field("errors", &self.errors)
            .finish_non_exhaustive()
    }
}

impl Complete<'_> {
    /// Writes the output file (in family order, atomically) and removes
    /// its journal. Returns every row of the shard in family order if the
    /// sweep keeps rows ([`Sweep::keep_rows`]), or none.
    pub fn finish(self) -> Result<Vec<Row>> {
        let Complete { sweep, sink, done, new_lines, mut kept, .. } = self;
        if let Sink::File { journal, output } = sink {
            write_output(&output, &sweep.layout, &done, &new_lines)?;
            journal.remove()?;
        }
        if !sweep.keep_rows {
            return Ok(Vec::new());
        }
        for (&index, line) in &done {
            let mut row = sweep.layout.parse(line).map_err(|e| {
                Error::new(
                    ErrorKind::BadFile,
                    format!("journal row {index} is unreadable: {e}"),
                )
            })?;
            row.index = index;
            kept.push(row);
        }
        kept.sort_unstable_by_key(|r| r.index);
        Ok(kept)
    }
}

fn write_output(
    output: &Path,
    layout: &Layout,
    done: &BTreeMap<u64, String>,
    new_lines: &[(u64, String)],
) -> Result<()> {
    let mut all: Vec<(u64, &str)> = done
        .iter()
        .map(|(&i, l)| (i, l.as_str()))
        .chain(new_lines.iter().map(|(i, l)| (*i, l.as_str())))
        .collect();
    all.sort_unstable_by_key(|&(i, _)| i);
    let mut content = layout.header().into_bytes();
    for (_, line) in &all {
        content.extend_from_slice(line.as_bytes());
        content.push(b'\n');
    }
    let content =
        Compression::of_path(output).encode(content).map_err(|e| {
            Error::io(
                Some(output),
                format!("cannot compress \"{}\"", output.display()),
                e,
            )
        })?;
    write_atomically(output, &content)
}

#[cfg(test)]
mod tests {
    use super::*;
    use std::sync::Arc;
    use std::sync::atomic::AtomicBool;

    fn sweep(format: Format, keep: bool) -> Sweep {
        let f = Family::template("a,b", &["a=1..6", "b=a+1..9"]).unwrap();
        let options = RunOptions { jobs: 2, ..RunOptions::default() };
        Sweep::new(f, Shard::ALL, options, format).unwrap().keep_rows(keep)
    }

    fn complete(ran: Ran<'_>) -> Complete<'_> {
        match ran {
            Ran::Complete(c) => c,
            Ran::Interrupted(i) => panic!("interrupted: {i:?}"),
        }
    }

    #[test]
    fn streams_files_and_kept_rows_agree() {
        for format in [Format::Csv, Format::Jsonl] {
            let s = sweep(format, true);
            let mut out = Vec::new();
            let ran = s.start(Destination::Stream(&mut out)).unwrap();
            let rows = complete(ran.run(&mut |_| {}).unwrap()).finish();
            let rows = rows.unwrap();
            assert_eq!(rows.len() as u64, s.total());
            assert!(rows.windows(2).all(|w| w[0].index < w[1].index));
            let mut want = s.layout().header();
            for r in &rows {
                want += &s.layout().line(r);
                want.push('\n');
            }
            assert_eq!(String::from_utf8(out).unwrap(), want);
            let dir = tempfile::tempdir().unwrap();
            let path = dir.path().join("rows");
            let to = Destination::File {
                path: path.clone(),
                identity: "t".into(),
                resume: false,
            };
            let ran = s.start(to).unwrap().run(&mut |_| {}).unwrap();
            assert_eq!(complete(ran).finish().unwrap(), rows);
            assert_eq!(std::fs::read_to_string(&path).unwrap(), want);
            assert!(!journal_path(&path).exists());
        }
    }

    #[test]
    fn interrupted_files_resume_to_the_same_bytes() {
        let dir = tempfile::tempdir().unwrap();
        let path = dir.path().join("rows.csv");
        let to = |resume| Destination::File {
            path: path.clone(),
            identity: "same".into(),
            resume,
        };
        // A sweep cancelled from the start keeps nothing and says so.
        let cancel = Arc::new(AtomicBool::new(true));
        let f = Family::subsets(3, 12).unwrap();
        let options = RunOptions { cancel, ..RunOptions::default() };
        let s = Sweep::new(f.clone(), Shard::ALL, options, Format::Csv)
            .unwrap()
            .keep_rows(true);
        let Ran::Interrupted(i) =
            s.start(to(false)).unwrap().run(&mut |_| {}).unwrap()
        else {
            panic!("not interrupted")
        };
        assert_eq!(i.rows_done, 0);
        assert_eq!(i.journal, Some(journal_path(&path)));
        assert!(!path.exists());
        // The journal is in the way until the sweep is resumed.
        let e = s.start(to(false)).unwrap_err();
        assert_eq!(e.kind(), ErrorKind::Unfinished);
        // Half the rows done by a run of the even shard's worth of rows,
        // written to the journal by hand as a killed run leaves them.
        let clean = Sweep::new(
            f.clone(),
            Shard::ALL,
            RunOptions::default(),
            Format::Csv,
        )
        .unwrap()
        .keep_rows(true);
        let mut out = Vec::new();
        let ran = clean.start(Destination::Stream(&mut out)).unwrap();
        let rows = complete(ran.run(&mut |_| {}).unwrap()).finish().unwrap();
        let (mut journal, _) =
            Journal::open(&journal_path(&path), &fingerprint("same"), true)
                .unwrap();
        for r in rows.iter().filter(|r| r.index % 2 == 0) {
            journal.append(r.index, &clean.layout().line(r)).unwrap();
        }
        journal.flush().unwrap();
        drop(journal);
        let again =
            Sweep::new(f, Shard::ALL, RunOptions::default(), Format::Csv)
                .unwrap()
                .keep_rows(true);
        let started = again.start(to(true)).unwrap();
        assert_eq!(started.resumed(), 110);
        let mut progressed = 0;
        let ran = started.run(&mut |n| progressed += n).unwrap();
        assert_eq!(progressed, 110);
        assert_eq!(complete(ran).finish().unwrap(), rows);
        assert_eq!(std::fs::read(&path).unwrap(), out);
    }

    #[test]
    fn journals_of_other_shards_are_refused() {
        let dir = tempfile::tempdir().unwrap();
        let path = dir.path().join("rows.csv");
        let (mut j, _) =
            Journal::open(&journal_path(&path), &fingerprint("x"), false)
                .unwrap();
        j.append(1, "row").unwrap();
        j.flush().unwrap();
        drop(j);
        let f = Family::subsets(2, 5).unwrap();
        let shard = Shard { index: 0, count: 2 };
        let s =
            Sweep::new(f, shard, RunOptions::default(), Format::Csv).unwrap();
        let to =
            Destination::File { path, identity: "x".into(), resume: true };
        let e = s.start(to).unwrap_err();
        assert!(e.to_string().contains("holds row 1, which is not part"));
    }

    #[test]
    fn error_rows_are_counted() {
        let f = Family::template("a,b-a", &["a=1..3", "b=2..3"]).unwrap();
        let s = Sweep::new(f, Shard::ALL, RunOptions::default(), Format::Csv)
            .unwrap();
        let ran = s.start(Destination::Nowhere).unwrap();
        let ran = ran.run(&mut |_| {}).unwrap();
        let errors = ran.errors();
        // {2,0}, {3,-1}, {3,0}.
        assert_eq!(errors.count, 3);
        assert_eq!(errors.first[0].0, "2,0");
        assert!(complete(ran).finish().unwrap().is_empty());
    }
}
