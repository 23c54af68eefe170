//! `grundy merge SHARD...`: joins the files of `grundy sweep --shard I/N`
//! into the file one machine would have written, byte for byte.
//!
//! A family lists its sets in increasing order of their parameter tuples
//! (for `--subsets`, of their elements), so the merged order is the sort
//! order of that key, whichever shards the rows came from and in whatever
//! order the files are given. Rows are copied as they are; headers must
//! agree, and a row in two files (a shard given twice) is an error.

use std::io::Write;
use std::path::PathBuf;
use std::process::ExitCode;

use anyhow::{Context, bail};
use clap::Args;

use crate::cmd::sweep::rows::{Format, Layout, key};
use crate::term::Output;

#[derive(Debug, Args)]
pub struct MergeArgs {
    /// The shard files (CSV or JSON Lines, all of one sweep), in any order.
    #[arg(value_name = "FILE", required = true)]
    pub files: Vec<PathBuf>,
    /// Write to FILE instead of stdout (replaced whole, never left half
    /// written).
    #[arg(long, short, value_name = "FILE")]
    pub output: Option<PathBuf>,
}

pub fn run(args: MergeArgs) -> anyhow::Result<ExitCode> {
    let mut header: Option<(String, &PathBuf)> = None;
    let mut layout: Option<Layout> = None;
    let mut rows = Vec::new();
    let texts = args
        .files
        .iter()
        .map(|f| {
            std::fs::read_to_string(f)
                .with_context(|| format!("cannot read \"{}\"", f.display()))
        })
        .collect::<anyhow::Result<Vec<String>>>()?;
    for (file, text) in args.files.iter().zip(&texts) {
        if text.is_empty() {
            continue;
        }
        let mut lines = text.lines();
        let this = if text.starts_with('{') {
            let first = text.lines().next().unwrap_or("");
            let map: indexmap::IndexMap<String, serde_json::Value> =
                serde_json::from_str(first).with_context(|| {
                    format!(
                        "\"{}\" is not a sweep file (JSON Lines)",
                        file.display()
                    )
                })?;
            let params: Vec<String> =
                map.keys().take_while(|k| *k != "set").cloned().collect();
            Layout { format: Format::Jsonl, params }
        } else {
            let head = lines.next().unwrap_or("");
            let cols: Vec<&str> = head.split(',').collect();
            let Some(at) = cols.iter().position(|&c| c == "set") else {
                bail!(
                    "\"{}\" is not a sweep file: its first line has no \"set\" column",
                    file.display()
                );
            };
            match &header {
                Some((h, other)) if h != head => bail!(
                    "\"{}\" and \"{}\" have different headers; merge only shards of one sweep",
                    other.display(),
                    file.display()
                ),
                _ => header = Some((head.to_string(), file)),
            }
            let params = cols[..at].iter().map(|s| s.to_string()).collect();
            Layout { format: Format::Csv, params }
        };
        match &layout {
            Some(l) if l.format != this.format || l.params != this.params => {
                bail!(
                    "\"{}\" is not from the same sweep as the files before it (format or parameters differ)",
                    file.display()
                )
            }
            _ => layout = Some(this.clone()),
        }
        for (n, line) in lines.enumerate() {
            let row = this.parse(line).with_context(|| {
                format!(
                    "\"{}\" line {}: not a sweep row",
                    file.display(),
                    n + 2
                )
            })?;
            rows.push((key(&row), line, file));
        }
    }
    rows.sort_by(|a, b| a.0.cmp(&b.0));
    if let Some(w) = rows.windows(2).find(|w| w[0].0 == w[1].0) {
        bail!(
            "row \"{}\" appears in both \"{}\" and \"{}\"; give each shard once",
            w[1].1,
            w[0].2.display(),
            w[1].2.display()
        );
    }
    let mut out = Output::open(args.output.as_deref())?;
    if let Some((h, _)) = &header {
        writeln!(out, "{h}")?;
    }
    for (_, line, _) in &rows {
        writeln!(out, "{line}")?;
    }
    out.finish()?;
    Ok(ExitCode::SUCCESS)
}
