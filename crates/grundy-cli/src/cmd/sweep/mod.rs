//! `grundy sweep`: one row per set of a family, plus research reports.
//!
//! The family, its rows, the journal that makes `--output` resumable, the
//! row order and the reports are computed by the `grundy-sweep` crate;
//! this file is the glue: arguments, the progress bar (stderr, only on a
//! terminal), Ctrl-C, the words of warnings and hints, and printing
//! `--table`, `--check`, `--summary` (`report.rs`) and `--heatmap`
//! (`heatmap.rs`).

pub(crate) mod heatmap;
mod report;

use std::io::{self, BufWriter, Write};
use std::path::PathBuf;
use std::process::ExitCode;
use std::sync::Arc;
use std::sync::atomic::AtomicBool;

use anyhow::bail;
use clap::Args;
use grundy_sweep::{
    Axis, Check, Destination, ErrorKind, ErrorRows, Family, Ran, Row,
    RunOptions, Shard, Summary, Sweep, Table, journal_path,
};

use crate::format::FormatFlags;
use crate::term::Progress;

pub use report::TableFormat;

/// The default per-code budget of `--octal`: 2^20 heaps.
const OCTAL_HEAPS: u64 = 1 << 20;

#[derive(Debug, Args)]
pub struct SweepArgs {
    /// The family's template: a set whose elements are expressions of the
    /// parameters, e.g. `a,b,c` or `all-but:a,b,a+b,a+2*b`.
    ///
    /// Expressions use + - * / % (integer `/` rounds toward zero; `2b` is
    /// read as `2*b`) and the functions listed under --check.
    #[arg(
        value_name = "TEMPLATE",
        allow_hyphen_values = true,
        required_unless_present_any = ["subsets", "octal"],
        conflicts_with_all = ["subsets", "octal"]
    )]
    pub template: Option<String>,
    /// A parameter and its inclusive range, `NAME=LO..HI`; bounds may use
    /// earlier parameters (`b=a+1..a+30`). The first is the outermost loop.
    ///
    /// Bounds are expressions, with the functions listed under --check
    /// (`b=a+1..max(a+2,2*a)`).
    #[arg(long, value_name = "NAME=LO..HI", allow_hyphen_values = true)]
    pub param: Vec<String>,
    /// Sweep all K-element subsets of 1..M instead of a template.
    #[arg(long, value_name = "K", requires = "max")]
    pub subsets: Option<usize>,
    /// The largest element M for --subsets.
    #[arg(long, value_name = "M", requires = "subsets")]
    pub max: Option<u64>,
    /// Sweep every octal game with up to D digits after the point
    /// (`0.1` ... `4.777` for D = 3: the 1023 codes of Flammenkamp's
    /// table), each to 2^20 heaps unless --max-positions says otherwise;
    /// the columns d0 ... dD are its digits. Codes with provably equal
    /// values (0.76 and 0.761) share one evaluation where the row is the
    /// one each would get alone.
    #[arg(long, value_name = "D", conflicts_with_all = ["subsets", "param"])]
    pub octal: Option<usize>,
    #[command(flatten)]
    pub format: FormatFlags,
    /// Write the rows to FILE (in family order, replaced whole at the
    /// end; FILE.journal keeps finished rows meanwhile). FILE.csv.gz or
    /// FILE.csv.zst (also .jsonl) is compressed, gzip or Zstandard; the
    /// extension chooses the format unless one is given.
    #[arg(long, short, value_name = "FILE")]
    pub output: Option<PathBuf>,
    /// Continue an interrupted sweep from FILE.journal.
    #[arg(long, requires = "output")]
    pub resume: bool,
    /// Run only shard I of N (0 <= I < N): the sets whose index is I
    /// modulo N, or with --octal whole sequences of codes, dealt out by
    /// estimated cost; join the shard files with `grundy merge`.
    #[arg(long, value_name = "I/N")]
    pub shard: Option<String>,
    /// Worker threads (default: one per core).
    #[arg(long, short, value_name = "N")]
    pub jobs: Option<usize>,
    /// Per set: give up after this many positions (status "not found")
    /// [default: 100000000; for --octal 1048576 heaps].
    #[arg(long, value_name = "N")]
    pub max_positions: Option<u64>,
    /// Per set: give up after this many seconds (status "not found"; makes
    /// results depend on the machine).
    #[arg(long, value_name = "SECONDS", allow_hyphen_values = true)]
    pub timeout: Option<f64>,
    /// Print the results as a matrix: `ROW,COL[,VALUE]`, expressions of the
    /// parameters (VALUE also of the results; default period), e.g. `a,b-a`.
    ///
    /// The expressions may call the functions listed under --check.
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
    ///
    /// A formula reads the parameters and the result columns preperiod,
    /// period, saltus, outcome_preperiod, outcome_period, max_value (finite
    /// sets only) and positions. Functions: floor, ceil, round, abs, gcd,
    /// lcm, mod (non-negative remainder), div (floor division), min, max and
    /// if(c, x, y). Operators: + - * / % (integer `/` rounds toward zero),
    /// == != < <= > >=, && || !. Statements chain with `;` and may name
    /// values: `m = b/(2*a); period == (2*m+3)*a + b`. Rows with no result
    /// are counted as skipped. Repeat --check for several formulas.
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
    sweep: Sweep,
    /// The row format (`--format`, `--csv`, or -o's extension).
    format: grundy_sweep::Format,
    names: Vec<String>,
    checks: Vec<Check>,
    table: Option<(Axis, Axis, Axis)>,
}

impl SweepArgs {
    fn plan(&self) -> anyhow::Result<Plan> {
        let format = match crate::format::SWEEP.choose(
            &self.format,
            None,
            self.output.as_deref(),
        )? {
            crate::format::Format::Jsonl => grundy_sweep::Format::Jsonl,
            _ => grundy_sweep::Format::Csv,
        };
        let family = match (&self.template, self.subsets, self.max) {
            _ if let Some(digits) = self.octal => Family::octal(digits)?,
            (Some(t), None, None) => Family::template(t, &self.param)?,
            (None, Some(k), Some(max)) => {
                if !self.param.is_empty() {
                    bail!(
                        "--param does not apply to --subsets; use a template such as 'a,b,c' instead"
                    );
                }
                Family::subsets(k, max).map_err(|e| match e.kind() {
                    ErrorKind::Parse => anyhow::anyhow!(
                        "--subsets {k} --max {max} describes no sets; use 1 <= k <= max"
                    ),
                    ErrorKind::TooLarge => anyhow::anyhow!(
                        "--max {max} is too large; use at most {}",
                        grundy::MAX_ELEMENT
                    ),
                    _ => e.into(),
                })?
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
        if let Some(path) = &self.heatmap {
            crate::features::require("--heatmap")?;
            heatmap::check(path)?;
        }
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
        let options = run_options(self.jobs, self.positions(), self.timeout)?;
        // Enumerates once: a bound that cannot be evaluated fails here.
        let sweep = Sweep::new(family, shard, options, format)?
            .keep_rows(self.wants_reports());
        // The axes depend on the parameters only: a table that cannot be
        // drawn is refused before the sweep writes anything.
        if let Some((r, c, _)) = &table {
            Table::check_cells(sweep.family(), r, c)?;
        }
        Ok(Plan { sweep, format, names, checks, table })
    }

    /// Everything that decides the rows: a journal is resumed only by the
    /// same sweep.
    fn identity(&self, plan: &Plan) -> String {
        let shard = plan.sweep.shard();
        format!(
            "grundy {}\x00{:?}\x00{:?}\x00{:?}\x00{:?}\x00{}\x00{}/{}\x00{}\x00{:?}",
            env!("CARGO_PKG_VERSION"),
            self.template,
            self.param,
            self.subsets,
            self.max,
            plan.format.name(),
            shard.index,
            shard.count,
            self.positions(),
            self.timeout,
        ) + &self.octal.map_or(String::new(), |d| format!("\x00octal {d}"))
    }

    /// `--max-positions`, or its default: 2^20 heaps for octal games (the
    /// depth of Flammenkamp's tables), else the sweep default.
    fn positions(&self) -> u64 {
        self.max_positions.unwrap_or(if self.octal.is_some() {
            OCTAL_HEAPS
        } else {
            grundy_sweep::DEFAULT_SWEEP_POSITIONS
        })
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
    let sweep = &plan.sweep;
    let selected = sweep.selected();
    let reports = args.wants_reports();

    // Rows go to the journal (with --output), to stdout in family order
    // (without --output and reports), and are kept for the reports.
    let mut stdout;
    let to = match &args.output {
        Some(path) => Destination::File {
            path: path.clone(),
            identity: args.identity(&plan),
            resume: args.resume,
        },
        None if !reports => {
            stdout = BufWriter::new(io::stdout().lock());
            Destination::Stream(&mut stdout)
        }
        None => Destination::Nowhere,
    };
    let started = sweep.start(to).map_err(with_flags)?;

    // An interrupt stops the workers; the rows done so far stay in the
    // journal for --resume.
    crate::signals::graceful(sweep.options().cancel.clone());

    let progress = Progress::sets(selected, started.resumed());
    let ran = started.run(&mut |count| progress.inc(count));
    // Writing the output file (perhaps a FIFO that waits for a reader)
    // and the reports do not look at the flag: the next interrupt ends
    // the process (issue 37).
    let late = crate::signals::abrupt();
    progress.finish();
    let ran = ran?;
    let errors = ran.errors().clone();
    let (rows_done, journal) = match ran {
        Ran::Complete(done) if !late => {
            let rows = done.finish()?;
            let code = if reports {
                print_reports(&args, &plan, &rows)?
            } else {
                ExitCode::SUCCESS
            };
            // After the output, so that an error is the only line.
            warn(&errors);
            return Ok(code);
        }
        // Every row done, but an interrupt came as the last one was: the
        // journal keeps them all.
        Ran::Complete(_) => {
            (selected, args.output.as_deref().map(journal_path))
        }
        Ran::Interrupted(i) => (i.rows_done, i.journal),
    };
    warn(&errors);
    match journal {
        Some(path) => report!(
            "grundy: interrupted; {rows_done} of {selected} rows are kept in \"{}\": rerun the same command with --resume to finish",
            path.display()
        ),
        None => report!("grundy: interrupted"),
    }
    Ok(ExitCode::from(130))
}

/// The library's journal errors, with this command's flags as the fix.
fn with_flags(e: grundy_sweep::Error) -> anyhow::Error {
    let path = e.path().map(|p| p.display().to_string()).unwrap_or_default();
    match e.kind() {
        ErrorKind::Unfinished => anyhow::anyhow!(
            "\"{path}\" holds the rows of an interrupted sweep; add --resume to finish it, or delete it to start over"
        ),
        ErrorKind::OtherSweep => anyhow::anyhow!(
            "\"{path}\" belongs to a different sweep (family, format, shard or budget differ); rerun the original command with --resume, or delete it to start over"
        ),
        _ => e.into(),
    }
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

/// Sets that could not be evaluated, reported once on stderr.
pub(crate) fn warn(errors: &ErrorRows) {
    if let Some(warning) = warning(errors, 3) {
        report!("grundy: warning: {warning}");
    }
}

/// Sets that could not be evaluated, in words, with up to `examples` of
/// them; none when every set was.
pub(crate) fn warning(errors: &ErrorRows, examples: usize) -> Option<String> {
    if errors.count == 0 {
        return None;
    }
    let first: Vec<String> = errors
        .first
        .iter()
        .take(examples)
        .map(|(set, msg)| format!("\"{set}\": {msg}"))
        .collect();
    Some(format!(
        "{} sets could not be evaluated (status \"error\"), e.g. {}",
        errors.count,
        first.join("; ")
    ))
}

/// The runner's options from `--jobs`, `--max-positions` and `--timeout`,
/// as `grundy sweep`, `grundy fit` and `grundy laws` take them (no
/// `--jobs`: all cores).
pub(crate) fn run_options(
    jobs: Option<usize>,
    max_positions: u64,
    timeout: Option<f64>,
) -> anyhow::Result<RunOptions> {
    let jobs = match jobs {
        Some(0) => bail!("--jobs 0: use at least one worker"),
        Some(n) => n,
        None => 0,
    };
    let timeout = match timeout {
        Some(t) => crate::args::seconds(t, "--timeout")?,
        None => None,
    };
    Ok(RunOptions {
        jobs,
        max_positions,
        timeout,
        cancel: Arc::new(AtomicBool::new(false)),
    })
}
