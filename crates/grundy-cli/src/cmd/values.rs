//! `grundy values SET --to N`: the Grundy sequence as a table, JSON or CSV.

use std::io::Write;
use std::process::ExitCode;

use clap::Args;
use grundy::{Play, ValuesReport};

use crate::args::FormatArgs;
use crate::term::Output;

/// The longest listing: the report is built in memory first.
const MAX_TO: u64 = 100_000_000;

#[derive(Debug, Args)]
pub struct ValuesArgs {
    /// The subtraction set, e.g. `1,2,3`, `2-5,9`, `nim`.
    #[arg(value_name = "SET", allow_hyphen_values = true)]
    pub set: String,
    /// The last heap size to list.
    #[arg(long, value_name = "N", default_value_t = 31)]
    pub to: u64,
    /// List misère outcomes (the last mover loses) instead of Grundy
    /// values.
    #[arg(long)]
    pub misere: bool,
    #[command(flatten)]
    pub format: FormatArgs,
}

pub fn run(args: ValuesArgs) -> anyhow::Result<ExitCode> {
    let set = super::parse_set(&args.set)?;
    let play = if args.misere { Play::Misere } else { Play::Normal };
    if args.to > MAX_TO {
        anyhow::bail!(
            "--to {} is too large for a listing; use at most {MAX_TO}, or `grundy heap` for one large heap",
            args.to
        );
    }
    let report = ValuesReport::new(&set, args.to, play);
    let mut out = Output::open(args.format.output.as_deref())?;
    if args.format.json {
        serde_json::to_writer(&mut out, &report)?;
        writeln!(out)?;
    } else if args.format.csv {
        write_csv(&mut out, &report)?;
    } else {
        write_table(&mut out, &report)?;
    }
    out.finish()?;
    Ok(ExitCode::SUCCESS)
}

fn write_csv(out: &mut Output, report: &ValuesReport) -> anyhow::Result<()> {
    let mut w = csv::Writer::from_writer(out);
    match &report.values {
        Some(values) => {
            w.write_record(["n", "grundy", "outcome"])?;
            for (n, (g, o)) in
                values.iter().zip(report.outcomes.chars()).enumerate()
            {
                w.serialize((n, g, o))?;
            }
        }
        None => {
            w.write_record(["n", "misere_outcome"])?;
            for (n, o) in report.outcomes.chars().enumerate() {
                w.serialize((n, o))?;
            }
        }
    }
    w.flush()?;
    Ok(())
}

/// The readable table: n, g(n), outcome, and a bar of g(n) dots (the
/// seed's ● picture), or the misère outcome.
fn write_table(out: &mut Output, report: &ValuesReport) -> anyhow::Result<()> {
    let width = report.to.to_string().len().max(1);
    match &report.values {
        Some(values) => {
            writeln!(out, "{:>width$}  g(n)  outcome", "n")?;
            for (n, (&g, o)) in
                values.iter().zip(report.outcomes.chars()).enumerate()
            {
                let bar = "●".repeat(g.min(80) as usize);
                writeln!(out, "{n:>width$}  {g:>4}  {o}        {bar}")?;
            }
        }
        None => {
            writeln!(out, "{:>width$}  misère outcome", "n")?;
            for (n, o) in report.outcomes.chars().enumerate() {
                writeln!(out, "{n:>width$}  {o}")?;
            }
        }
    }
    Ok(())
}
