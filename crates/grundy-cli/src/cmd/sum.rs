//! `grundy sum HEAP...`: a sum of heaps, each `SET:SIZE`.

use std::io::Write;
use std::process::ExitCode;

use clap::Args;
use grundy::{DEFAULT_MAX_STATES, Heap, Play, SumReport};

use crate::args::{BudgetArgs, FormatArgs};
use crate::cmd::heap::describe;
use crate::format::Format;
use crate::term::Output;

#[derive(Debug, Args)]
pub struct SumArgs {
    /// The heaps, each SET:SIZE, e.g. `1,2,3:10 2,3:7 nim:5`.
    #[arg(value_name = "HEAP", required = true)]
    pub heaps: Vec<String>,
    /// Misère play: the last mover loses.
    #[arg(long)]
    pub misere: bool,
    /// For misère sums that are not all Nim: the most positions the exact
    /// search may store (exit code 1 beyond).
    #[arg(long, value_name = "N", default_value_t = DEFAULT_MAX_STATES, value_parser = clap::value_parser!(u64).range(1..))]
    pub max_states: u64,
    #[command(flatten)]
    pub budget: BudgetArgs,
    #[command(flatten)]
    pub format: FormatArgs,
}

pub fn run(args: SumArgs) -> anyhow::Result<ExitCode> {
    let format = args.format.choose(&crate::format::SUM)?;
    let heaps: Vec<Heap> =
        args.heaps.iter().map(|h| h.parse()).collect::<Result<_, _>>()?;
    let play = if args.misere { Play::Misere } else { Play::Normal };
    let budget = grundy::Budget {
        max_states: args.max_states,
        ..args.budget.limit_for(heaps.iter().map(|h| &h.rules))?
    };
    let report = grundy::sum(&heaps, play, &budget)?;
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

fn write_text(out: &mut Output, r: &SumReport) -> anyhow::Result<()> {
    for (i, h) in r.heaps.iter().enumerate() {
        writeln!(
            out,
            "heap {}: {}:{}  g = {}",
            i + 1,
            h.set,
            h.size,
            h.grundy
        )?;
    }
    writeln!(out, "nim-sum: {}", r.nim_sum)?;
    if let Some(note) = &r.method_note {
        writeln!(out, "{note}")?;
    }
    writeln!(out, "outcome: {}", describe(r.outcome))?;
    if r.winning_moves.is_empty() && r.winning_families.is_empty() {
        writeln!(out, "winning moves: none")?;
    } else {
        writeln!(out, "winning moves:")?;
        for m in &r.winning_moves {
            writeln!(out, "  {m}")?;
        }
    }
    // Huge heaps of games that split heaps: the families of the other
    // winning splits, and what was cut, in the library's words.
    if let Some(note) = &r.moves_note {
        let colon = if r.winning_families.is_empty() { "" } else { ":" };
        writeln!(out, "  {note}{colon}")?;
        for family in &r.winning_families {
            writeln!(out, "    {family}")?;
        }
    }
    Ok(())
}
