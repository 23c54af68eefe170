//! `grundy fit`: the law behind one column of a family's sweep, as a
//! conjecture with its evidence (issue 17).
//!
//! The fitting is `grundy-fit`'s (a piecewise quasi-polynomial, each piece
//! backed by rows to spare; the All-but Nim paper of K. Suetsugu and
//! T. Abuku states its Lemma 7 and Conjectures 1 and 3 in this form).
//! The rows come from `grundy-sweep`, run here over the same families,
//! parameter syntax and per-set budget as `grundy sweep`, or from a file
//! that `grundy sweep` wrote (`--from`). This file is glue: arguments
//! checked before any work, the sweeps, `--validate` (the family computed
//! further and each new row predicted), and the output as text
//! (`fit/text.rs`), `--json` (the contract of `grundy_fit::Report`) or
//! `--latex`.
//!
//! Exit codes: 0 a law (every `--validate` row predicted), 1 no simple law
//! or a wrong prediction, 2 bad input, 130 interrupted.

mod text;

use std::io::{self, Write};
use std::path::PathBuf;
use std::process::ExitCode;

use anyhow::{Context, bail};
use clap::Args;
use grundy_fit::{
    Fit, FitTable, FitVerdict, Key, Options, SweepRow, Validation,
};
use grundy_sweep::{
    Destination, ErrorRows, Family, Format, Ran, RunOptions, Shard, Sweep,
};

use crate::format::{Format as OutputFormat, FormatFlags};
use crate::term::{Output, Progress};

#[derive(Debug, Args)]
pub struct FitArgs {
    /// The family's template, as for `grundy sweep`: a set whose elements
    /// are expressions of the parameters, e.g. `a,b` or
    /// `all-but:a,b,a+b,a+2*b`. Optional with --from (then needed only by
    /// --validate).
    #[arg(value_name = "TEMPLATE", allow_hyphen_values = true)]
    pub template: Option<String>,
    /// A parameter and its inclusive range, `NAME=LO..HI`; bounds may use
    /// earlier parameters (`b=a+1..a+30`). The first is the outermost loop.
    #[arg(long, value_name = "NAME=LO..HI", allow_hyphen_values = true)]
    pub param: Vec<String>,
    /// The column to explain: period, preperiod, saltus, max_value,
    /// outcome_period or outcome_preperiod.
    #[arg(long = "for", value_name = "KEY")]
    pub key: String,
    /// Read the rows from a file `grundy sweep` wrote (CSV or JSON Lines,
    /// plain, gzip or Zstandard; `-` for stdin) instead of running the
    /// sweep.
    #[arg(long, value_name = "FILE")]
    pub from: Option<PathBuf>,
    /// The highest degree of a formula (0 to 6).
    #[arg(long, value_name = "N", default_value = "3")]
    pub degree: String,
    /// Compute the family further, with this parameter's range replaced
    /// (`a=41..80`; repeat for several parameters), and report how many
    /// new rows each piece predicts correctly.
    #[arg(long, value_name = "NAME=LO..HI", allow_hyphen_values = true)]
    pub validate: Vec<String>,
    #[command(flatten)]
    pub format: FormatFlags,
    /// Print the law as a LaTeX cases environment, with its evidence in
    /// `%` comments; the same as --format latex.
    #[arg(long, conflicts_with_all = ["json", "csv", "format"])]
    pub latex: bool,
    /// Write to FILE instead of stdout; its extension chooses the format
    /// unless one is given (.json, .tex).
    #[arg(long, short, value_name = "FILE")]
    pub output: Option<PathBuf>,
    #[command(flatten)]
    pub sets: crate::args::SweepSetArgs,
}

/// Where the rows to fit come from.
enum Source {
    Sweep(Family),
    File(PathBuf),
}

/// Everything checked, before any work.
struct Plan {
    key: Key,
    options: Options,
    source: Source,
    /// The family's parameter names (from the template), if there is one.
    names: Option<Vec<String>>,
    /// The family of `--validate`, and the ranges as written.
    validate: Option<(Family, String)>,
    /// The `family` of the report: the template, else the file's name.
    label: String,
    /// The ranges, for the text header (`a=1..30, b=a+1..a+40`).
    ranges: String,
    run: RunOptions,
}

/// The fitter's options from `--degree` (`grundy fit` and `grundy
/// laws`).
pub(crate) fn fit_options(degree: &str) -> anyhow::Result<Options> {
    let parsed: u32 = degree.trim().parse().map_err(|_| {
        anyhow::anyhow!(
            "--degree \"{degree}\" is not a degree; use a whole number from 0 to {} (default 3)",
            grundy_fit::MAX_DEGREE
        )
    })?;
    Ok(Options::with_degree(parsed)?)
}

impl FitArgs {
    fn plan(&self) -> anyhow::Result<Plan> {
        let key: Key = self.key.parse()?;
        let options = fit_options(&self.degree)?;
        let family = match (&self.template, &self.from) {
            (Some(t), _) => Some(Family::template(t, &self.param)?),
            (None, Some(_)) if !self.param.is_empty() => bail!(
                "--param \"{}\" needs the family's template; give it before the flags (grundy fit 'a,b' --param ...)",
                self.param[0]
            ),
            (None, Some(_)) => None,
            (None, None) => bail!(
                "describe the family: a template with --param (grundy fit 'a,b' --param a=1..30 --param 'b=a+1..a+40' --for period), or --from FILE (a file grundy sweep wrote)"
            ),
        };
        let names: Option<Vec<String>> = family
            .as_ref()
            .map(|f| f.param_names().iter().map(|s| s.to_string()).collect());
        let validate = if self.validate.is_empty() {
            None
        } else {
            let Some(names) = &names else {
                bail!(
                    "--validate computes the family further, so it needs the family's template and --param ranges as well as --from"
                );
            };
            Some(self.validation_family(names)?)
        };
        let run = self.sets.run_options()?;
        let label = match (&self.template, &self.from) {
            (Some(t), _) => t.trim().to_string(),
            (None, Some(path)) => path.display().to_string(),
            (None, None) => unreachable!("checked above"),
        };
        let source = match (&self.from, family) {
            (Some(path), _) => Source::File(path.clone()),
            (None, Some(f)) => Source::Sweep(f),
            (None, None) => unreachable!("checked above"),
        };
        Ok(Plan {
            key,
            options,
            source,
            names,
            validate,
            label,
            ranges: self.param.join(", "),
            run,
        })
    }

    /// The family with the `--validate` ranges in place of the fitted
    /// ones; each must name a parameter of the family.
    fn validation_family(
        &self,
        names: &[String],
    ) -> anyhow::Result<(Family, String)> {
        let specs =
            grundy_fit::validation_ranges(&self.param, names, &self.validate)
                .map_err(|e| anyhow::anyhow!("--validate {e}"))?;
        let template = self.template.as_deref().unwrap_or_default();
        let family =
            Family::template(template, &specs).with_context(|| {
                format!("--validate {}", self.validate.join(" "))
            })?;
        Ok((family, self.validate.join(", ")))
    }
}

pub fn run(args: FitArgs) -> anyhow::Result<ExitCode> {
    let format = crate::format::FIT.choose(
        &args.format,
        args.latex.then_some(OutputFormat::Latex),
        args.output.as_deref(),
    )?;
    let plan = args.plan()?;

    // The sets of the sweeps that could not be evaluated: a warning once
    // the output is written, or a part of the error when there are too
    // few values to fit (one line, not two).
    let mut errors = ErrorRows::default();
    let table = match &plan.source {
        Source::Sweep(family) => {
            let Some((rows, e)) = sweep(family, &plan.run)? else {
                return Ok(ExitCode::from(130));
            };
            errors = e;
            let names = plan.names.clone().unwrap_or_default();
            to_table(&names, plan.key, &rows)
                .map_err(|e| with_errors(e, &errors))?
        }
        Source::File(path) => {
            let t = grundy_fit::parse_sweep(&read(path)?, plan.key)
                .with_context(|| format!("\"{}\"", path.display()))?;
            if let Some(names) = &plan.names
                && t.params() != names.as_slice()
            {
                bail!(
                    "\"{}\" has the parameters {}, the family {}; give the template and --param ranges the file was made with",
                    path.display(),
                    t.params().join(", "),
                    names.join(", ")
                );
            }
            t
        }
    };
    let fit = grundy_fit::fit(&table, &plan.options)
        .map_err(|e| with_errors(e.into(), &errors))?;

    let mut further = ErrorRows::default();
    let validation = match &plan.validate {
        Some((family, range)) => {
            let Some((rows, e)) = sweep(family, &plan.run)? else {
                return Ok(ExitCode::from(130));
            };
            further = e;
            let new = to_table(table.params(), plan.key, &rows)
                .map_err(|e| with_errors(e, &further))?;
            let new = table.rows_beyond(&new);
            if new.is_empty() {
                bail!(
                    "--validate {range} adds no rows beyond the {} fitted; give a range past them",
                    table.rows().len()
                );
            }
            Some((fit.validate(&new), range.clone()))
        }
        None => None,
    };

    let mut out = Output::open(args.output.as_deref())?;
    if format == OutputFormat::Json {
        let mut report = fit.report(&plan.label);
        report.validated = validation.as_ref().map(|(v, r)| v.report(r));
        serde_json::to_writer(&mut out, &report)?;
        writeln!(out)?;
    } else if format == OutputFormat::Latex {
        write!(out, "{}", fit.latex())?;
        if let Some((v, range)) = &validation {
            writeln!(
                out,
                "% validated on {range}: {} of {} new rows predicted correctly",
                v.correct, v.rows
            )?;
        }
    } else {
        let header = text::Header {
            family: &plan.label,
            ranges: &plan.ranges,
            from_file: matches!(plan.source, Source::File(_)),
        };
        write!(
            out,
            "{}",
            text::render(
                &header,
                &fit,
                validation.as_ref().map(|(v, r)| (v, r.as_str()))
            )
        )?;
    }
    out.finish()?;
    // Last, so that an error before is the only line on stderr.
    super::sweep::warn(&errors);
    super::sweep::warn(&further);
    Ok(exit_code(&fit, validation.as_ref().map(|(v, _)| v)))
}

/// 0 for a law that predicted every new row, 1 otherwise.
fn exit_code(fit: &Fit, validation: Option<&Validation>) -> ExitCode {
    let law = fit.verdict() == &FitVerdict::Law;
    let held = validation.is_none_or(|v| v.wrong.is_empty());
    if law && held { ExitCode::SUCCESS } else { ExitCode::from(1) }
}

/// Runs every set of `family` with the per-set budget; the rows in
/// family order and the sets that could not be evaluated (for a warning
/// once the rows are known to be usable), or `None` when interrupted
/// (Ctrl-C).
///
/// Only the sweep itself stops gracefully: before it (reading `--from`,
/// which may wait on a FIFO forever) and after it (the fit, the output)
/// the first interrupt ends the process (issue 37).
fn sweep(
    family: &Family,
    options: &RunOptions,
) -> anyhow::Result<Option<(Vec<grundy_sweep::Row>, ErrorRows)>> {
    let sweep =
        Sweep::new(family.clone(), Shard::ALL, options.clone(), Format::Csv)?
            .keep_rows(true);
    let started = sweep.start(Destination::Nowhere)?;
    let progress = Progress::sets(sweep.selected(), 0);
    // An interrupt stops the sweep's workers (exit 130); a second one
    // ends the process at once.
    crate::signals::graceful(options.cancel.clone());
    let ran = started.run(&mut |count| progress.inc(count));
    let interrupted = crate::signals::abrupt();
    progress.finish();
    let ran = ran?;
    let errors = ran.errors().clone();
    match ran {
        Ran::Complete(done) if !interrupted => {
            Ok(Some((done.finish()?, errors)))
        }
        _ => {
            super::sweep::warn(&errors);
            report!("grundy: interrupted");
            Ok(None)
        }
    }
}

/// An error about the rows of a sweep, with the sets that could not be
/// evaluated (often why there are too few values): one line, where a
/// warning before it would make two.
fn with_errors(e: anyhow::Error, errors: &ErrorRows) -> anyhow::Error {
    match super::sweep::warning(errors, 1) {
        Some(why) => anyhow::anyhow!("{e:#}; {why}"),
        None => e,
    }
}

/// The rows of a sweep as the fitter's table for `key`
/// ([`FitTable::from_sweep`]), with this command's hint for a key the
/// family's sets do not have.
fn to_table(
    names: &[String],
    key: Key,
    rows: &[grundy_sweep::Row],
) -> anyhow::Result<FitTable> {
    let rows = rows.iter().map(|r| SweepRow {
        params: r.params.clone(),
        found: r.result.found().map(|f| f.get(key.name())),
    });
    FitTable::from_sweep(names.to_vec(), key, rows).map_err(|e| match e {
        grundy_fit::Error::Undefined { .. } => {
            anyhow::anyhow!("{e}, e.g. --for period")
        }
        e => e.into(),
    })
}

/// The text of `path`, or of stdin for `-`: plain, gzip or Zstandard
/// (what `grundy sweep -o FILE.csv.gz` writes), a line past 1 MiB or a
/// file that decompresses to hundreds of times its size refused as it is
/// read (`grundy_sweep::read_text`, issue 37).
fn read(path: &std::path::Path) -> anyhow::Result<String> {
    if path.as_os_str() == "-" {
        return Ok(grundy_sweep::read_text(io::stdin().lock(), path)?);
    }
    let file = std::fs::File::open(path).with_context(|| {
        format!(
            "cannot read \"{}\"; give a file that `grundy sweep ... -o FILE` wrote",
            path.display()
        )
    })?;
    Ok(grundy_sweep::read_text(file, path)?)
}
