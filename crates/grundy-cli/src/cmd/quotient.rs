//! `grundy quotient GAME`: the misère quotient of an octal code or a
//! finite subtraction set (Plambeck and Siegel), heap by heap.

use std::io::Write;
use std::process::ExitCode;

use clap::Args;
use grundy::QuotientReport;

use crate::args::{BudgetArgs, FormatArgs};
use crate::format::Format;
use crate::term::Output;

#[derive(Debug, Args)]
pub struct QuotientArgs {
    /// The octal code, e.g. `0.75`, or the finite subtraction set, e.g.
    /// `1,2,3`.
    #[arg(value_name = "GAME", allow_hyphen_values = true)]
    pub game: String,
    /// Solve the sums of heaps 1..N (N at most 1024). Without it the
    /// search goes heap by heap until the periodicity certificate proves
    /// the quotient for every heap, or the budget (or heap 1024) stops it
    /// (exit 1).
    #[arg(long, value_name = "N", allow_hyphen_values = true)]
    pub heaps: Option<String>,
    #[command(flatten)]
    pub budget: BudgetArgs,
    #[command(flatten)]
    pub format: FormatArgs,
}

pub fn run(args: QuotientArgs) -> anyhow::Result<ExitCode> {
    let game = super::parse_set(&args.game)?;
    let format = args.format.choose(&crate::format::QUOTIENT)?;
    let heaps = match &args.heaps {
        None => None,
        Some(text) => Some(text.trim().parse::<u64>().map_err(|_| {
            anyhow::anyhow!(
                "--heaps \"{text}\" must be a positive number of heaps"
            )
        })?),
    };
    let budget = args.budget.limit_for([&game])?;
    let report = grundy::quotient(&game, heaps, &budget)?;
    let mut out = Output::open(args.format.output.as_deref())?;
    if format == Format::Json {
        serde_json::to_writer(&mut out, &report)?;
        writeln!(out)?;
    } else {
        write_text(&mut out, &report)?;
    }
    out.finish()?;
    Ok(ExitCode::SUCCESS)
}

fn write_text(out: &mut Output, r: &QuotientReport) -> anyhow::Result<()> {
    let n = r.heap_map.len() - 1;
    writeln!(out, "game:         {}", r.game)?;
    match r.heaps {
        Some(n) => writeln!(out, "heaps:        1..{n}")?,
        None => writeln!(out, "heaps:        all (computed to {n})")?,
    }
    writeln!(out, "order:        {}", r.order)?;
    writeln!(out, "presentation: {}", r.presentation())?;
    writeln!(out, "P-portion:    {}", r.p_portion.join(", "))?;
    writeln!(out, "heap map:     {}", r.heap_map.join(" "))?;
    if let Some(p) = r.periodic {
        writeln!(
            out,
            "              pre-period {}, period {}",
            p.preperiod, p.period
        )?;
    }
    let tame =
        if r.tame { "tame (misère Nim's quotient T_n)" } else { "wild" };
    writeln!(out, "kind:         {tame}")?;
    writeln!(out, "certificate:  {}", r.explain())?;
    Ok(())
}
