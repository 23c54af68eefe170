//! `grundy laws`: whole spaces of families searched for the laws behind
//! their periods, each law validated on held-out rows (issue 38).
//!
//! The spaces, the sweeps, the fits (the fitter of `grundy fit`), the
//! validation, the JSON records and the catalogue (Markdown or LaTeX)
//! are `grundy_sweep::laws`'s. This file is glue: the arguments, checked
//! before any work; the progress bar (stderr, on a terminal); Ctrl-C and
//! `--max-time`; and the output, a JSON line per family as each is done,
//! or the catalogue at the end.
//!
//! Exit codes: 0 every family searched, 1 `--max-time` ran out first
//! (the families done are written), 2 bad input, 130 interrupted.

use std::io::Write;
use std::path::PathBuf;
use std::process::ExitCode;

use anyhow::Context;
use clap::Args;
use grundy_fit::Key;
use grundy_sweep::laws::{
    self, LawInput, LawSearch, LawSpec, Space, Span, Stop,
};

use crate::format::{Format, FormatFlags};
use crate::term::{Output, Progress};

// The command's help (what a space is, which families are one) is the
// doc comment of `Command::Laws` in args.rs.
#[derive(Debug, Args)]
pub struct LawsArgs {
    /// The spaces to search: linear:2, linear:3, linear:4, or
    /// all-but:linear:K.
    #[arg(value_name = "SPACE", required = true)]
    pub spaces: Vec<String>,
    /// The range of each coefficient ci, LO..HI (at least 1).
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
    /// the top of --fit.
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
    /// Write to FILE instead of stdout (replaced whole at the end); its
    /// extension chooses the format unless one is given (.jsonl, .md,
    /// .tex).
    #[arg(long, short, value_name = "FILE")]
    pub output: Option<PathBuf>,
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
    let options = args.sets.run_options()?;
    let deadline = match args.max_time {
        Some(t) => crate::args::seconds(t, "--max-time")?
            .and_then(grundy::deadline_after),
        None => None,
    };
    let mut out = Output::open(args.output.as_deref())?;
    let total = search.families().count() as u64;
    let progress = Progress::counting(total, 0, "families");
    crate::signals::graceful(options.cancel.clone());
    // The records are kept only for the catalogue, written at the end;
    // JSON lines are written as each family is done, and a failed write
    // (stdout closed by `head`) stops the search.
    let mut records = Vec::new();
    let mut written: anyhow::Result<()> = Ok(());
    let cancel = options.cancel.clone();
    let outcome = search.run(&options, deadline, &mut |record| {
        progress.inc(1);
        match format {
            Format::Jsonl if written.is_ok() => {
                written = serde_json::to_writer(&mut out, &record)
                    .map_err(anyhow::Error::from)
                    .and_then(|()| Ok(writeln!(out)?))
                    .and_then(|()| Ok(out.flush()?));
                if written.is_err() {
                    cancel.store(true, std::sync::atomic::Ordering::Relaxed);
                }
            }
            Format::Jsonl => {}
            _ => records.push(record),
        }
    });
    let interrupted = crate::signals::abrupt();
    progress.finish();
    let outcome = outcome?;
    written?;
    if interrupted || outcome.stop == Stop::Cancelled {
        report!(
            "grundy: interrupted after {} of {total} families",
            outcome.done
        );
        return Ok(ExitCode::from(crate::signals::INTERRUPTED));
    }
    match format {
        Format::Markdown => {
            write!(out, "{}", laws::markdown(&search, &records, outcome))?;
        }
        Format::Latex => {
            write!(out, "{}", laws::latex(&search, &records, outcome))?;
        }
        _ => {}
    }
    out.finish()?;
    if outcome.stop == Stop::Deadline {
        report!(
            "grundy: --max-time ran out after {} of {total} families; raise it, or narrow the space",
            outcome.done
        );
        return Ok(ExitCode::from(1));
    }
    Ok(ExitCode::SUCCESS)
}
