//! `grundy merge SHARD...`: joins the files of `grundy sweep --shard I/N`
//! into the file one machine would have written, byte for byte.
//!
//! The merging (family order, header checks, rows given twice) is
//! `grundy_sweep::merge`; this reads the files and writes the result.

use std::path::{Path, PathBuf};
use std::process::ExitCode;

use anyhow::Context;
use clap::Args;
use grundy_sweep::Compression;

use crate::format::Format;
use crate::term::Output;

#[derive(Debug, Args)]
pub struct MergeArgs {
    /// The shard files (CSV or JSON Lines, all of one sweep, each plain,
    /// gzip or Zstandard), in any order.
    #[arg(value_name = "FILE", required = true)]
    pub files: Vec<PathBuf>,
    /// Write to FILE instead of stdout (replaced whole, never left half
    /// written); FILE.gz and FILE.zst are compressed (gzip, Zstandard).
    /// The format is the shards' (CSV or JSON Lines): a name whose
    /// extension says otherwise (.jsonl for CSV shards) is refused.
    #[arg(long, short, value_name = "FILE")]
    pub output: Option<PathBuf>,
}

pub fn run(args: MergeArgs) -> anyhow::Result<ExitCode> {
    let texts = args
        .files
        .iter()
        .map(|f| read_shard(f))
        .collect::<anyhow::Result<Vec<String>>>()?;
    let files = args.files.iter().map(PathBuf::as_path);
    let merged =
        grundy_sweep::merge(files.zip(texts.iter().map(String::as_str)))?;
    // The shards' format: CSV has a header, JSON Lines none.
    let format =
        if merged.header.is_some() { Format::Csv } else { Format::Jsonl };
    crate::format::MERGE.agrees(format, args.output.as_deref())?;
    let compression =
        args.output.as_deref().map_or(Compression::None, Compression::of_path);
    if let (Some(path), Compression::Gzip | Compression::Zstd) =
        (&args.output, compression)
    {
        let mut content = Vec::new();
        merged.write_to(&mut content)?;
        let packed = compression.encode(content).with_context(|| {
            format!("cannot compress \"{}\"", path.display())
        })?;
        grundy_sweep::write_atomically(path, &packed)?;
        return Ok(ExitCode::SUCCESS);
    }
    let mut out = Output::open(args.output.as_deref())?;
    merged.write_to(&mut out)?;
    out.finish()?;
    Ok(ExitCode::SUCCESS)
}

/// A shard's rows, whether the file is plain, gzip or Zstandard; a line
/// past 1 MiB or a file that decompresses to hundreds of times its size
/// is refused as it is read (`grundy_sweep::read_text`).
fn read_shard(path: &Path) -> anyhow::Result<String> {
    let file = std::fs::File::open(path)
        .with_context(|| format!("cannot read \"{}\"", path.display()))?;
    Ok(grundy_sweep::read_text(file, path)?)
}
