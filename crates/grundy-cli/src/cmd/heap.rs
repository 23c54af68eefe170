//! `grundy heap SET N`: one heap of any size.

use std::io::Write;
use std::process::ExitCode;

use clap::Args;
use grundy::{HeapOptions, HeapReport, MoveFamily, Outcome, parse_heap_size};

use crate::args::{BudgetArgs, FormatArgs};
use crate::format::Format;
use crate::term::Output;

#[derive(Debug, Args)]
pub struct HeapArgs {
    /// The subtraction set, e.g. `1,2,3`, or an octal code (`0.07`) or
    /// `grundy`.
    #[arg(value_name = "SET", allow_hyphen_values = true)]
    pub set: String,
    /// The number of stones (any number of digits).
    #[arg(value_name = "N", allow_hyphen_values = true)]
    pub heap: String,
    /// Search the misère answer with the whole budget: the misère
    /// quotient first (octal codes, finite sets), then the exhaustive
    /// search (seconds and gigabytes for games that split heaps, e.g.
    /// `0.6` at 100). Without it a short search answers small heaps and
    /// says "not known" past them, so the normal-play answer comes at
    /// once.
    #[arg(long)]
    pub misere: bool,
    #[command(flatten)]
    pub budget: BudgetArgs,
    #[command(flatten)]
    pub format: FormatArgs,
}

pub fn run(args: HeapArgs) -> anyhow::Result<ExitCode> {
    let set = super::parse_set(&args.set)?;
    let format = args.format.choose(&crate::format::HEAP)?;
    let heap = parse_heap_size(&args.heap)?;
    let options = HeapOptions { misere: args.misere };
    let budget = args.budget.limit_for([&set])?;
    let report = grundy::heap_with(&set, &heap, &options, &budget)?;
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

pub fn describe(outcome: Outcome) -> &'static str {
    match outcome {
        Outcome::P => "P (the player to move loses)",
        Outcome::N => "N (the player to move wins)",
    }
}

/// The moves as the library writes them (`take 3`, `take 2 -> 5 + 6`),
/// after "winning moves:"; nothing when `more` (families) follow.
fn moves(texts: &[String], more: bool) -> String {
    match (texts.is_empty(), more) {
        (true, true) => String::new(),
        (true, false) => " none".to_string(),
        _ => format!(" {}", texts.join(", ")),
    }
}

fn write_text(out: &mut Output, r: &HeapReport) -> anyhow::Result<()> {
    writeln!(out, "set:      {}", r.set)?;
    writeln!(out, "heap:     {}", r.heap)?;
    writeln!(out, "grundy:   {}", r.grundy)?;
    writeln!(
        out,
        "normal:   {}; winning moves:{}",
        describe(r.outcome),
        moves(&r.winning_moves_text, !r.winning_families.is_empty())
    )?;
    write_families(out, r.moves_note.as_deref(), &r.winning_families)?;
    match (r.misere_outcome, &r.misere_note) {
        (Some(outcome), note) => {
            let more = note.is_some() || !r.misere_winning_families.is_empty();
            writeln!(
                out,
                "misère:   {}; winning moves:{}",
                describe(outcome),
                moves(&r.misere_winning_moves_text, more)
            )?;
            if let Some(note) = note {
                writeln!(out, "          {note}")?;
            }
            write_families(
                out,
                r.misere_moves_note.as_deref(),
                &r.misere_winning_families,
            )?;
        }
        (None, note) => writeln!(
            out,
            "misère:   not known: {}",
            note.as_deref().unwrap_or("not computed"),
        )?,
    }
    if let Some(note) = &r.misere_method_note {
        writeln!(out, "          {note}")?;
    }
    Ok(())
}

/// A huge heap of a game that splits heaps: the families of the other
/// winning splits, and what was cut, in the library's words.
fn write_families(
    out: &mut Output,
    note: Option<&str>,
    families: &[MoveFamily],
) -> anyhow::Result<()> {
    if let Some(note) = note {
        let colon = if families.is_empty() { "" } else { ":" };
        writeln!(out, "          {note}{colon}")?;
        for family in families {
            writeln!(out, "            {family}")?;
        }
    }
    Ok(())
}
