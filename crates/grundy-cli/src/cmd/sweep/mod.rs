//! `grundy sweep`: one row per set of a family, plus research reports.
//!
//! The family, its rows and the reports are computed by `grundy::sweep`;
//! this file is the glue: arguments, where rows go (stdout in family
//! order, or `--output FILE` through the resumable journal of
//! `journal.rs`), the progress bar (stderr, only on a terminal), Ctrl-C,
//! and printing `--table`, `--check`, `--summary` (`report.rs`) and
//! `--heatmap` (`heatmap.rs`).

mod heatmap;
mod journal;
mod report;
pub mod rows;

use std::collections::BTreeMap;
use std::io::{self, BufWriter, IsTerminal, Write};
use std::path::PathBuf;
use std::process::ExitCode;
use std::sync::Arc;
use std::sync::atomic::{AtomicBool, Ordering};
use std::time::Duration;

use anyhow::{Context, bail};
use clap::Args;
use grundy::sweep::{
    Check, Evaluation, Family, Row, RunOptions, Shard, Summary, Table,
};
use indicatif::{ProgressBar, ProgressStyle};

use journal::Journal;
pub use report::TableFormat;
pub use rows::{Format, Layout};

#[derive(Debug, Args)]
pub struct SweepArgs {
    /// The family's template: a set whose elements are expressions of the
    /// parameters, e.g. `a,b,c` or `all-but:a,b,a+b,a+2*b`.
    #[arg(
        value_name = "TEMPLATE",
        allow_hyphen_values = true,
        required_unless_present = "subsets",
        conflicts_with = "subsets"
    )]
    pub template: Option<String>,
    /// A parameter and its inclusive range, `NAME=LO..HI`; bounds may use
    /// earlier parameters (`b=a+1..a+30`). The first is the outermost loop.
    #[arg(long, value_name = "NAME=LO..HI", allow_hyphen_values = true)]
    pub param: Vec<String>,
    /// Sweep all K-element subsets of 1..M instead of a template.
    #[arg(long, value_name = "K", requires = "max")]
    pub subsets: Option<usize>,
    /// The largest element M for --subsets.
    #[arg(long, value_name = "M", requires = "subsets")]
    pub max: Option<u64>,
    /// Row format.
    #[arg(long, value_enum, default_value_t = Format::Csv)]
    pub format: Format,
    /// Write the rows to FILE (in family order, replaced whole at the
    /// end; FILE.journal keeps finished rows meanwhile).
    #[arg(long, short, value_name = "FILE")]
    pub output: Option<PathBuf>,
    /// Continue an interrupted sweep from FILE.journal.
    #[arg(long, requires = "output")]
    pub resume: bool,
    /// Run only the sets whose index is I modulo N (0 <= I < N); join the
    /// shard files with `grundy merge`.
    #[arg(long, value_name = "I/N")]
    pub shard: Option<String>,
    /// Worker threads (default: one per core).
    #[arg(long, short, value_name = "N")]
    pub jobs: Option<usize>,
    /// Per set: give up after this many positions (status "not found").
    #[arg(long, value_name = "N", default_value_t = grundy::sweep::DEFAULT_SWEEP_POSITIONS)]
    pub max_positions: u64,
    /// Per set: give up after this many seconds (status "not found"; makes
    /// results depend on the machine).
    #[arg(long, value_name = "SECONDS", allow_hyphen_values = true)]
    pub timeout: Option<f64>,
    /// Print the results as a matrix: `ROW,COL[,VALUE]`, expressions of the
    /// parameters (VALUE also of the results; default period), e.g. `a,b-a`.
    #[arg(long, value_name = "ROW,COL[,VALUE]")]
    pub table: Option<String>,
    /// How to print --table.
    #[arg(long, value_enum, default_value_t = TableFormat::Text)]
    pub table_format: TableFormat,
    /// Draw the --table matrix (default: the first two parameters) to
    /// FILE.png or FILE.svg.
    #[arg(long, value_name = "FILE")]
    pub heatmap: Option<PathBuf>,
    /// Test a formula on every row, e.g. `period == (2*m+3)*a + b`; prints
    /// each counterexample and the pass count (exit code 1 if any fails).
    #[arg(long, value_name = "EXPR")]
    pub check: Vec<String>,
    /// Print the longest periods and pre-periods and the number of purely
    /// periodic sets.
    #[arg(long)]
    pub summary: bool,
    /// How many sets --summary lists of each kind.
    #[arg(long, value_name = "N", default_value_t = 10)]
    pub top: usize,
}

/// Everything validated, before any work.
struct Plan {
    family: Family,
    names: Vec<String>,
    shard: Shard,
    total: u64,
    checks: Vec<Check>,
    table: Option<(
        grundy::sweep::Axis,
        grundy::sweep::Axis,
        grundy::sweep::Axis,
    )>,
    options: RunOptions,
    layout: Layout,
}

impl SweepArgs {
    fn plan(&self) -> anyhow::Result<Plan> {
        let family = match (&self.template, self.subsets, self.max) {
            (Some(t), None, None) => Family::template(t, &self.param)?,
            (None, Some(k), Some(max)) => {
                if !self.param.is_empty() {
                    bail!(
                        "--param does not apply to --subsets; use a template such as 'a,b,c' instead"
                    );
                }
                Family::subsets(k, max)?
            }
            _ => bail!(
                "describe a family: a template with --param (grundy sweep 'a,b' --param a=1..9 --param 'b=a+1..20'), or --subsets K --max M"
            ),
        };
        let names: Vec<String> =
            family.param_names().iter().map(|s| s.to_string()).collect();
        let refs: Vec<&str> = names.iter().map(String::as_str).collect();
        let checks = self
            .check
            .iter()
            .map(|c| Check::parse(c, &refs))
            .collect::<Result<Vec<_>, _>>()?;
        let spec = match (&self.table, &self.heatmap) {
            (Some(s), _) => Some(s.clone()),
            (None, Some(_)) if names.len() >= 2 => {
                Some(format!("{},{}", names[0], names[1]))
            }
            (None, Some(_)) => bail!(
                "--heatmap needs --table ROW,COL (the family has fewer than two parameters)"
            ),
            (None, None) => None,
        };
        let table = spec.map(|s| Table::parse_spec(&s, &refs)).transpose()?;
        let shard = match &self.shard {
            Some(s) => Shard::parse(s)?,
            None => Shard::ALL,
        };
        let jobs = match self.jobs {
            Some(0) => bail!("--jobs 0: use at least one worker"),
            Some(n) => n,
            None => 0,
        };
        let timeout = match self.timeout {
            Some(t) if !(t.is_finite() && t > 0.0) => {
                bail!("--timeout \"{t}\" must be a positive number of seconds")
            }
            t => t.map(Duration::from_secs_f64),
        };
        // Enumerate once: a bound that cannot be evaluated fails here.
        let total = family.count()?;
        Ok(Plan {
            family,
            shard,
            total,
            checks,
            table,
            options: RunOptions {
                jobs,
                max_positions: self.max_positions,
                timeout,
                cancel: Arc::new(AtomicBool::new(false)),
            },
            layout: Layout { format: self.format, params: names.clone() },
            names,
        })
    }

    /// Everything that decides the rows: a journal is resumed only by the
    /// same sweep.
    fn fingerprint(&self, plan: &Plan) -> String {
        let text = format!(
            "grundy {}\x00{:?}\x00{:?}\x00{:?}\x00{:?}\x00{}\x00{}/{}\x00{}\x00{:?}",
            env!("CARGO_PKG_VERSION"),
            self.template,
            self.param,
            self.subsets,
            self.max,
            self.format.name(),
            plan.shard.index,
            plan.shard.count,
            self.max_positions,
            self.timeout,
        );
        format!("{:08x}", crc32fast::hash(text.as_bytes()))
    }

    fn wants_reports(&self) -> bool {
        self.table.is_some()
            || self.heatmap.is_some()
            || !self.check.is_empty()
            || self.summary
    }
}

pub fn run(args: SweepArgs) -> anyhow::Result<ExitCode> {
    let plan = args.plan()?;
    let shard = plan.shard;
    let selected = shard_size(plan.total, shard);
    let reports = args.wants_reports();

    // Rows go to the journal (with --output), to stdout in family order
    // (without --output and reports), and are kept for the reports.
    let mut journal = None;
    let mut done = BTreeMap::new();
    if let Some(output) = &args.output {
        let path = journal::path_for(output);
        let (j, rows) =
            Journal::open(&path, &args.fingerprint(&plan), args.resume)?;
        if let Some(bad) =
            rows.keys().find(|&&i| i >= plan.total || !shard.contains(i))
        {
            bail!(
                "\"{}\" holds row {bad}, which is not part of this sweep; delete it to start over",
                path.display()
            );
        }
        done = rows;
        journal = Some(j);
    }
    let mut stdout = (args.output.is_none() && !reports)
        .then(|| Ordered::new(&plan.layout, shard));

    let cancel = plan.options.cancel.clone();
    // Only one handler per process; a second sweep in-process keeps the
    // first (tests never install one twice).
    let _ = ctrlc::set_handler(move || cancel.store(true, Ordering::SeqCst));

    let progress = progress_bar(selected, done.len() as u64);
    let mut new_lines: Vec<(u64, String)> = Vec::new();
    let mut kept: Vec<Row> = Vec::new();
    let mut failure: Option<anyhow::Error> = None;
    let mut warnings = Warnings::default();
    grundy::sweep::run(
        &plan.family,
        &|i| shard.contains(i) && !done.contains_key(&i),
        &plan.options,
        &mut |batch| {
            if failure.is_some() {
                return;
            }
            let count = batch.len() as u64;
            let result = (|| -> anyhow::Result<()> {
                for row in batch {
                    let line = plan.layout.format(&row);
                    warnings.note(&row);
                    if let Some(j) = &mut journal {
                        j.append(row.index, &line)?;
                        new_lines.push((row.index, line));
                    } else if let Some(out) = &mut stdout {
                        out.push(row.index, line)?;
                    }
                    if reports {
                        kept.push(row);
                    }
                }
                if let Some(j) = &mut journal {
                    j.flush_if_due()?;
                }
                Ok(())
            })();
            if let Err(e) = result {
                failure = Some(e);
                plan.options.cancel.store(true, Ordering::SeqCst);
            }
            if let Some(bar) = &progress {
                bar.inc(count);
            }
        },
    )?;
    if let Some(bar) = &progress {
        bar.finish_and_clear();
    }
    if let Some(e) = failure {
        return Err(e);
    }
    warnings.print();
    if plan.options.cancel.load(Ordering::SeqCst) {
        if let Some(out) = &mut stdout {
            out.flush()?;
        }
        if let Some(mut j) = journal {
            j.flush()?;
            eprintln!(
                "grundy: interrupted; {} of {selected} rows are kept in \"{}\": rerun the same command with --resume to finish",
                done.len() + new_lines.len(),
                j.path().display()
            );
        } else {
            eprintln!("grundy: interrupted");
        }
        return Ok(ExitCode::from(130));
    }
    if let Some(mut out) = stdout {
        out.flush()?;
    }

    if let (Some(output), Some(j)) = (&args.output, journal) {
        let mut all: Vec<(u64, &str)> = done
            .iter()
            .map(|(&i, l)| (i, l.as_str()))
            .chain(new_lines.iter().map(|(i, l)| (*i, l.as_str())))
            .collect();
        all.sort_unstable_by_key(|&(i, _)| i);
        let mut content = plan.layout.header().into_bytes();
        for (_, line) in &all {
            content.extend_from_slice(line.as_bytes());
            content.push(b'\n');
        }
        journal::write_atomically(output, &content)?;
        j.remove()?;
    }

    if !reports {
        return Ok(ExitCode::SUCCESS);
    }
    for (&index, line) in &done {
        let mut row = plan
            .layout
            .parse(line)
            .with_context(|| format!("journal row {index} is unreadable"))?;
        row.index = index;
        kept.push(row);
    }
    kept.sort_unstable_by_key(|r| r.index);
    print_reports(&args, &plan, &kept)
}

fn print_reports(
    args: &SweepArgs,
    plan: &Plan,
    rows: &[Row],
) -> anyhow::Result<ExitCode> {
    let names: Vec<&str> = plan.names.iter().map(String::as_str).collect();
    let mut out = BufWriter::new(io::stdout().lock());
    let mut code = ExitCode::SUCCESS;
    if let Some((r, c, v)) = &plan.table {
        let table = Table::build(&names, rows, r, c, v)?;
        if args.table.is_some() {
            write!(out, "{}", report::table(&table, args.table_format))?;
        }
        if let Some(path) = &args.heatmap {
            heatmap::write(path, &table)?;
        }
    }
    for check in &plan.checks {
        let outcome = check.run(&names, rows);
        if !outcome.failures.is_empty() {
            code = ExitCode::from(1);
        }
        write!(
            out,
            "{}",
            report::check(check.text(), &names, rows, &outcome)
        )?;
    }
    if args.summary {
        let s = Summary::build(rows, args.top);
        write!(out, "{}", report::summary(&names, rows, &s))?;
    }
    out.flush()?;
    Ok(code)
}

/// The number of indices below `total` in `shard`.
fn shard_size(total: u64, shard: Shard) -> u64 {
    if total > shard.index {
        (total - shard.index).div_ceil(shard.count)
    } else {
        0
    }
}

/// Stdout: rows in family order as soon as all earlier ones are done.
struct Ordered {
    out: BufWriter<io::StdoutLock<'static>>,
    next: u64,
    step: u64,
    pending: BTreeMap<u64, String>,
}

impl Ordered {
    fn new(layout: &Layout, shard: Shard) -> Ordered {
        let mut out = BufWriter::new(io::stdout().lock());
        // A failed header write shows up again on the first row.
        let _ = out.write_all(layout.header().as_bytes());
        Ordered {
            out,
            next: shard.index,
            step: shard.count,
            pending: BTreeMap::new(),
        }
    }

    fn push(&mut self, index: u64, line: String) -> io::Result<()> {
        self.pending.insert(index, line);
        while let Some(line) = self.pending.remove(&self.next) {
            self.out.write_all(line.as_bytes())?;
            self.out.write_all(b"\n")?;
            self.next += self.step;
        }
        Ok(())
    }

    fn flush(&mut self) -> io::Result<()> {
        self.out.flush()
    }
}

/// Sets that could not be evaluated, reported once on stderr.
#[derive(Default)]
struct Warnings {
    count: u64,
    first: Vec<String>,
}

impl Warnings {
    fn note(&mut self, row: &Row) {
        if let Evaluation::Error(msg) = &row.result {
            self.count += 1;
            if self.first.len() < 3 {
                self.first.push(format!("\"{}\": {msg}", row.set));
            }
        }
    }

    fn print(&self) {
        if self.count > 0 {
            eprintln!(
                "grundy: warning: {} sets could not be evaluated (status \"error\"), e.g. {}",
                self.count,
                self.first.join("; ")
            );
        }
    }
}

fn progress_bar(total: u64, done: u64) -> Option<ProgressBar> {
    if !io::stderr().is_terminal() {
        return None;
    }
    let bar = ProgressBar::new(total);
    bar.set_style(
        ProgressStyle::with_template(
            "{bar:30} {human_pos}/{human_len} sets ({per_sec}, ETA {eta})",
        )
        .expect("valid template"),
    );
    bar.set_position(done);
    bar.enable_steady_tick(Duration::from_millis(200));
    Some(bar)
}
