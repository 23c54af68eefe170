//! `grundy quotient GAME`: the misère quotient of an octal code or a
//! finite subtraction set (Plambeck and Siegel), heap by heap; its
//! multiplication table on request (`--table`, or the CSV format).

use std::io::Write;
use std::path::PathBuf;
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
    /// Also print the multiplication table: row x, column y holds x*y,
    /// the elements in normal-form order (a grid after the report; with
    /// --json the key "table"). `--format csv` writes the table alone,
    /// with or without this flag: a header `*,1,a,...`, then one row per
    /// element.
    #[arg(long)]
    pub table: bool,
    /// Also draw the multiplication table as a coloured grid to FILE
    /// (.svg or .png): one colour an element, the products in the
    /// P-portion outlined; up to order 256.
    #[arg(long, value_name = "FILE")]
    pub heatmap: Option<PathBuf>,
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
    if heaps == Some(0) {
        anyhow::bail!("--heaps \"0\": a quotient needs at least heap 1");
    }
    if args.budget.max_positions == Some(0) {
        anyhow::bail!(
            "--max-positions \"0\": the search needs a budget of at least 1 \
             position"
        );
    }
    if let Some(path) = &args.heatmap {
        crate::features::require("--heatmap")?;
        super::sweep::heatmap::check(path)?;
    }
    let budget = args.budget.limit_quotient()?;
    let report = grundy::quotient(&game, heaps, &budget)?;
    // Drawn before anything is written: a table too large to draw stops
    // the command with no output.
    let picture = match &args.heatmap {
        Some(path) => Some((path, picture(path, &report)?)),
        None => None,
    };
    let mut out = Output::open(args.format.output.as_deref())?;
    match format {
        Format::Json => {
            let mut v = serde_json::to_value(&report)?;
            if args.table
                && let Some(o) = v.as_object_mut()
            {
                o.insert("table".to_string(), report.table().into());
            }
            serde_json::to_writer(&mut out, &v)?;
            writeln!(out)?;
        }
        Format::Csv => write_csv(&mut out, &report)?,
        _ => {
            write_text(&mut out, &report)?;
            if args.table {
                writeln!(out)?;
                write_grid(&mut out, &report)?;
            }
        }
    }
    out.finish()?;
    if let Some((path, drawn)) = picture {
        write_picture(path, drawn)?;
    }
    Ok(ExitCode::SUCCESS)
}

/// The multiplication table drawn for `--heatmap` (PNG or SVG by the
/// extension of `path`), and the kind of file it makes.
#[cfg(feature = "pictures")]
fn picture(
    path: &std::path::Path,
    r: &QuotientReport,
) -> anyhow::Result<(Vec<u8>, &'static str)> {
    use grundy_pictures::product::ProductTable;
    let png = super::sweep::heatmap::check(path)?;
    let index: std::collections::HashMap<&str, usize> = r
        .elements()
        .iter()
        .enumerate()
        .map(|(i, e)| (e.as_str(), i))
        .collect();
    let products = r
        .table()
        .iter()
        .map(|row| row.iter().map(|z| index[z.as_str()]).collect())
        .collect();
    let table = ProductTable {
        title: format!(
            "multiplication table of the misère quotient of {}",
            r.game
        ),
        elements: r.elements().to_vec(),
        products,
        p_portion: r
            .elements()
            .iter()
            .map(|e| r.p_portion.contains(e))
            .collect(),
    };
    let drawn =
        if png { table.png() } else { table.svg().map(String::into_bytes) };
    let bytes = drawn.map_err(|e| anyhow::anyhow!("--heatmap: {e}"))?;
    Ok((bytes, if png { "heatmap png" } else { "heatmap svg" }))
}

/// Writes what [`picture`] drew to `path`, whole or not at all.
#[cfg(feature = "pictures")]
fn write_picture(
    path: &std::path::Path,
    (bytes, kind): (Vec<u8>, &'static str),
) -> anyhow::Result<()> {
    grundy_sweep::write_atomically(path, &bytes)?;
    crate::cmd::graph::report_written(path, kind, bytes.len());
    Ok(())
}

/// Without the feature `pictures`: `run` refuses `--heatmap` before the
/// search, so this is never reached.
#[cfg(not(feature = "pictures"))]
fn write_picture(
    _path: &std::path::Path,
    _drawn: (Vec<u8>, &'static str),
) -> anyhow::Result<()> {
    crate::features::require("--heatmap")
}

/// Without the feature `pictures`: `run` refuses `--heatmap` before the
/// search, so this is never reached.
#[cfg(not(feature = "pictures"))]
fn picture(
    _path: &std::path::Path,
    _r: &QuotientReport,
) -> anyhow::Result<(Vec<u8>, &'static str)> {
    crate::features::require("--heatmap")?;
    anyhow::bail!("--heatmap: this build of grundy draws no pictures")
}

/// The table as CSV: a header `*,1,a,...`, then one row per element.
fn write_csv(out: &mut Output, r: &QuotientReport) -> anyhow::Result<()> {
    writeln!(out, "*,{}", r.elements().join(","))?;
    for (x, row) in r.elements().iter().zip(r.table()) {
        writeln!(out, "{x},{}", row.join(","))?;
    }
    Ok(())
}

/// The table as a text grid, columns as wide as their widest name.
fn write_grid(out: &mut Output, r: &QuotientReport) -> anyhow::Result<()> {
    let names = r.elements();
    let table = r.table();
    let width = names.iter().map(|n| n.chars().count()).max().unwrap_or(1);
    let cell = |s: &str| format!("{s:>width$}");
    writeln!(out, "multiplication table (row x, column y: x*y):")?;
    let head: Vec<String> = names.iter().map(|n| cell(n)).collect();
    writeln!(out, "{} | {}", cell("*"), head.join(" "))?;
    writeln!(
        out,
        "{}-+-{}",
        "-".repeat(width),
        "-".repeat(head.join(" ").len())
    )?;
    for (x, row) in names.iter().zip(&table) {
        let row: Vec<String> = row.iter().map(|n| cell(n)).collect();
        writeln!(out, "{} | {}", cell(x), row.join(" "))?;
    }
    Ok(())
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
