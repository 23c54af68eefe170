//! `grundy laws`: whole spaces of families searched for the laws behind
//! their periods, each law validated on held-out rows (issue 38).
//!
//! The spaces, the sweeps, the fits (the fitter of `grundy fit`), the
//! validation, the JSON records and the catalogue (Markdown or LaTeX)
//! are `grundy_sweep::laws`'s. This file is glue: the arguments, checked
//! before any work; the progress bar (stderr, on a terminal); Ctrl-C and
//! `--max-time`; the journal of `-o FILE` (`--resume`), `--shard` and
//! `--merge` (the job array of docs/SWEEPS.md); and the output, a JSON
//! line per family as each is done, or the catalogue at the end.
//!
//! Exit codes: 0 every family searched, 1 `--max-time` ran out first
//! (the families done are written), 2 bad input, 130 interrupted.

use std::collections::{BTreeMap, BTreeSet};
use std::io::Write;
use std::path::PathBuf;
use std::process::ExitCode;

use anyhow::Context;
use clap::Args;
use grundy_fit::Key;
use grundy_sweep::laws::{
    self, FamilyLaws, LawInput, LawJournal, LawSearch, LawSpec, Outcome,
    Space, Span, Stop,
};
use grundy_sweep::{ErrorKind, Shard, journal_path};

use crate::format::{Format, FormatFlags};
use crate::term::{Output, Progress};

// The command's help (what a space is, which families are one) is the
// doc comment of `Command::Laws` in args.rs.
#[derive(Debug, Args)]
pub struct LawsArgs {
    /// The spaces to search: linear:2, linear:3, linear:4, linear2:2,
    /// linear2:3, or all-but: before any of them.
    #[arg(value_name = "SPACE", required = true)]
    pub spaces: Vec<String>,
    /// The range of each coefficient ci, LO..HI (at least 1; at least 0
    /// for linear2:3).
    #[arg(
        long,
        value_name = "LO..HI",
        required = true,
        allow_hyphen_values = true
    )]
    pub coefficients: String,
    /// The range of each shift di, LO..HI (e.g. -4..4).
    #[arg(
        long,
        value_name = "LO..HI",
        required = true,
        allow_hyphen_values = true
    )]
    pub shifts: String,
    /// The values of a each law is fitted on (`1..60` or `a=1..60`).
    #[arg(
        long,
        value_name = "RANGE",
        default_value = "1..60",
        allow_hyphen_values = true
    )]
    pub fit: String,
    /// The values of a each law is validated on: the rows outside --fit
    /// are held out, and a law is reported as one only if it is right on
    /// every held-out row with a value, and at least half of them, up to
    /// near the top of the range, have one. It must reach at least twice
    /// the top of --fit; for two-parameter spaces (region a < b of both
    /// ranges) it must start no later than --fit and reach 4 times its
    /// top.
    #[arg(
        long,
        value_name = "RANGE",
        default_value = "1..400",
        allow_hyphen_values = true
    )]
    pub validate: String,
    /// A column to fit: period, preperiod, saltus, max_value,
    /// outcome_period or outcome_preperiod; repeat for several [default:
    /// period and preperiod].
    #[arg(long = "for", value_name = "KEY")]
    pub keys: Vec<String>,
    /// The highest degree of a formula (0 to 6).
    #[arg(long, value_name = "N", default_value = "3")]
    pub degree: String,
    #[command(flatten)]
    pub format: FormatFlags,
    /// Write to FILE instead of stdout (replaced whole at the end;
    /// FILE.journal keeps the families done meanwhile); its extension
    /// chooses the format unless one is given (.jsonl, .md, .tex).
    #[arg(long, short, value_name = "FILE")]
    pub output: Option<PathBuf>,
    /// Continue an interrupted search from FILE.journal.
    #[arg(long, requires = "output")]
    pub resume: bool,
    /// Search only shard I of N (0 <= I < N): the families whose number
    /// (their place in the spaces, from 0) is I modulo N, as JSON lines;
    /// join the shards' files with --merge.
    #[arg(long, value_name = "I/N")]
    pub shard: Option<String>,
    /// Search nothing: join these files of `grundy laws --shard I/N`
    /// (every shard, run with the same arguments) into the JSON lines or
    /// the catalogue one process writes. Give it last.
    #[arg(long, value_name = "FILE", num_args = 1..)]
    pub merge: Vec<PathBuf>,
    #[command(flatten)]
    pub sets: crate::args::SweepSetArgs,
    /// Stop after this many seconds in all: the families done are
    /// written (the catalogue says it is partial), exit code 1.
    #[arg(long, value_name = "SECONDS", allow_hyphen_values = true)]
    pub max_time: Option<f64>,
}

impl LawsArgs {
    /// The search, checked and listed before any work; each error names
    /// the flag or token to fix.
    fn plan(&self) -> anyhow::Result<LawSearch> {
        let spaces = self
            .spaces
            .iter()
            .map(|s| s.parse::<Space>())
            .collect::<Result<Vec<_>, _>>()?;
        let span = |text: &str, flag: &str, name: &str| {
            Span::parse(text, name).with_context(|| flag.to_string())
        };
        let coefficients =
            span(&self.coefficients, "--coefficients", "coefficients")?;
        let shifts = span(&self.shifts, "--shifts", "shifts")?;
        let fit = span(&self.fit, "--fit", "a")?;
        let validate = span(&self.validate, "--validate", "a")?;
        let keys = if self.keys.is_empty() {
            vec![Key::Period, Key::Preperiod]
        } else {
            let mut keys = Vec::new();
            for k in &self.keys {
                let key: Key = k.parse().context("--for")?;
                if !keys.contains(&key) {
                    keys.push(key);
                }
            }
            keys
        };
        let options = super::fit::fit_options(&self.degree)?;
        let spec = LawSpec {
            spaces,
            coefficients,
            shifts,
            fit,
            validate,
            keys,
            options,
        };
        // The library's messages name no flag; its error names the input.
        LawSearch::new(spec).map_err(|e| {
            let flag = match e.input() {
                Some(LawInput::Spaces) => "SPACE",
                Some(LawInput::Coefficients) => "--coefficients",
                Some(LawInput::Shifts) => "--shifts",
                Some(LawInput::Fit) => "--fit",
                Some(LawInput::Validate) => "--validate",
                Some(LawInput::Keys) => "--for",
                None => return anyhow::Error::from(e),
            };
            anyhow::anyhow!("{flag}: {}", e.message())
        })
    }
}

pub fn run(args: LawsArgs) -> anyhow::Result<ExitCode> {
    let format = crate::format::LAWS.choose(
        &args.format,
        None,
        args.output.as_deref(),
    )?;
    let search = args.plan()?;
    if !args.merge.is_empty() {
        return merge(&args, &search, format);
    }
    let shard = match &args.shard {
        Some(s) => Shard::parse(s).context("--shard")?,
        None => Shard::ALL,
    };
    if shard != Shard::ALL && format != Format::Jsonl {
        anyhow::bail!(
            "--shard writes JSON lines, not a catalogue of part of the search; make the catalogue from the shards' files with --merge FILE... --format {}",
            format.name()
        );
    }
    let options = args.sets.run_options()?;
    let deadline = match args.max_time {
        Some(t) => crate::args::seconds(t, "--max-time")?
            .and_then(grundy::deadline_after),
        None => None,
    };
    // With -o FILE, each family's record goes to FILE.journal as it is
    // done, and FILE is written from all of them at the end.
    let (mut journal, resumed) = match &args.output {
        Some(path) => {
            let (j, resumed) = LawJournal::open(
                &journal_path(path),
                &search,
                shard,
                &options,
                args.resume,
            )
            .map_err(with_flags)?;
            (Some(j), resumed)
        }
        None => (None, BTreeMap::new()),
    };
    let mut out = Output::open(args.output.as_deref())?;
    let selected = (0..search.families().count())
        .filter(|&n| shard.contains(n as u64))
        .count();
    let kept: BTreeSet<usize> = resumed.keys().copied().collect();
    let progress =
        Progress::counting(selected as u64, kept.len() as u64, "families");
    crate::signals::graceful(options.cancel.clone());
    // Without -o, JSON lines are written as each family is done, and a
    // failed write (stdout closed by `head`) stops the search; otherwise
    // the records are kept for the file (or the catalogue).
    let mut records = resumed;
    let mut written: anyhow::Result<()> = Ok(());
    let cancel = options.cancel.clone();
    let stream = format == Format::Jsonl && args.output.is_none();
    let outcome = search.run_where(
        &options,
        deadline,
        &|n| shard.contains(n as u64) && !kept.contains(&n),
        &mut |number, record| {
            progress.inc(1);
            if written.is_err() {
                return;
            }
            if let Some(j) = journal.as_mut() {
                written = j.append(number, &record).map_err(Into::into);
            }
            if stream && written.is_ok() {
                written = laws::line(&record)
                    .map_err(anyhow::Error::from)
                    .and_then(|line| Ok(writeln!(out, "{line}")?))
                    .and_then(|()| Ok(out.flush()?));
            } else if !stream {
                records.insert(number, record);
            }
            if written.is_err() {
                cancel.store(true, std::sync::atomic::Ordering::Relaxed);
            }
        },
    );
    let interrupted = crate::signals::abrupt();
    progress.finish();
    if let Some(j) = journal.as_mut() {
        j.flush()?;
    }
    let outcome = outcome?;
    written?;
    let done = records.len() + if stream { outcome.done } else { 0 };
    if interrupted || outcome.stop == Stop::Cancelled {
        match &journal {
            Some(j) => report!(
                "grundy: interrupted; {done} of {selected} families are kept in \"{}\": rerun the same command with --resume to finish",
                j.path().display()
            ),
            None => report!(
                "grundy: interrupted after {done} of {selected} families"
            ),
        }
        return Ok(ExitCode::from(crate::signals::INTERRUPTED));
    }
    let records: Vec<FamilyLaws> = records.into_values().collect();
    let outcome = Outcome { done, stop: outcome.stop };
    write_records(&mut out, &search, &records, outcome, format, stream)?;
    out.finish()?;
    if outcome.stop == Stop::Deadline {
        let fix = match &journal {
            Some(j) => format!(
                "rerun the same command with --resume to go on from \"{}\", or narrow the space",
                j.path().display()
            ),
            None => "raise it, or narrow the space".to_string(),
        };
        report!(
            "grundy: --max-time ran out after {done} of {selected} families; {fix}"
        );
        return Ok(ExitCode::from(1));
    }
    if let Some(j) = journal {
        j.remove()?;
    }
    Ok(ExitCode::SUCCESS)
}

/// The output: the JSON lines of `records` (unless they were streamed
/// as they came), or the catalogue.
fn write_records(
    out: &mut Output,
    search: &LawSearch,
    records: &[FamilyLaws],
    outcome: Outcome,
    format: Format,
    streamed: bool,
) -> anyhow::Result<()> {
    match format {
        Format::Markdown => {
            write!(out, "{}", laws::markdown(search, records, outcome))?;
        }
        Format::Latex => {
            write!(out, "{}", laws::latex(search, records, outcome))?;
        }
        _ if streamed => {}
        _ => {
            for record in records {
                writeln!(out, "{}", laws::line(record)?)?;
            }
        }
    }
    Ok(())
}

/// `--merge FILE...`: the shards' JSON lines joined into what one
/// process writes (the JSON lines, or the catalogue).
fn merge(
    args: &LawsArgs,
    search: &LawSearch,
    format: Format,
) -> anyhow::Result<ExitCode> {
    if args.resume || args.shard.is_some() || args.max_time.is_some() {
        anyhow::bail!(
            "--merge searches nothing: leave out --resume, --shard and --max-time (merge the files of every shard)"
        );
    }
    let mut texts = Vec::new();
    for path in &args.merge {
        let file = std::fs::File::open(path)
            .with_context(|| format!("cannot read \"{}\"", path.display()))?;
        texts.push((path.clone(), grundy_sweep::read_text(file, path)?));
    }
    let records = laws::merge(
        search,
        texts.iter().map(|(p, t)| (p.as_path(), t.as_str())),
    )?;
    let mut out = Output::open(args.output.as_deref())?;
    let outcome = Outcome { done: records.len(), stop: Stop::Complete };
    write_records(&mut out, search, &records, outcome, format, false)?;
    out.finish()?;
    Ok(ExitCode::SUCCESS)
}

/// The journal's errors, with this command's flags as the fix.
fn with_flags(e: grundy_sweep::Error) -> anyhow::Error {
    let path = e.path().map(|p| p.display().to_string()).unwrap_or_default();
    match e.kind() {
        ErrorKind::Unfinished => anyhow::anyhow!(
            "\"{path}\" holds the families of an interrupted search; add --resume to finish it, or delete it to start over"
        ),
        ErrorKind::OtherSweep => anyhow::anyhow!(
            "\"{path}\" belongs to a different search (spaces, ranges, keys, degree, shard or budget differ); rerun the original command with --resume, or delete it to start over"
        ),
        ErrorKind::Locked => anyhow::anyhow!(
            "another grundy laws is writing \"{path}\"; wait for it or stop it"
        ),
        _ => e.into(),
    }
}
