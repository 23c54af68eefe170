//! `grundy merge SHARD...`: joins the files of `grundy sweep --shard I/N`
//! into the file one machine would have written, byte for byte.
//!
//! The merging (family order, header checks, rows given twice) is
//! `grundy_sweep::merge`; this reads the files and writes the result.

use std::path::PathBuf;
use std::process::ExitCode;

use anyhow::Context;
use clap::Args;

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
    let texts = args
        .files
        .iter()
        .map(|f| {
            std::fs::read_to_string(f)
                .with_context(|| format!("cannot read \"{}\"", f.display()))
        })
        .collect::<anyhow::Result<Vec<String>>>()?;
    let files = args.files.iter().map(PathBuf::as_path);
    let merged =
        grundy_sweep::merge(files.zip(texts.iter().map(String::as_str)))?;
    let mut out = Output::open(args.output.as_deref())?;
    merged.write_to(&mut out)?;
    out.finish()?;
    Ok(ExitCode::SUCCESS)
}
