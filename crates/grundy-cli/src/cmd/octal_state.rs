//! `--checkpoint FILE` and `--resume` of `grundy period` and `grundy
//! values` for take-and-break games: long runs (0.454 needs half a
//! billion values, Officers to 2^32 most of an hour) that survive a kill.
//!
//! The state is two files: `FILE.values`, every value computed so far as
//! two bytes little-endian, appended as the run goes (and made durable
//! before each save), and `FILE`, the engine's [`grundy::Checkpoint`] as
//! JSON (rule set, how many values count, the rare/common split, a
//! checksum of all of these and the values), replaced whole every
//! [`SAVE_EVERY`] and when the run ends, stops or is interrupted. A kill
//! at any moment leaves a checkpoint that names values already on disk;
//! values written after it are ignored (and overwritten) on resume, and
//! the library checks the checksum before continuing: a checkpoint
//! relabelled for another game, edited, of an older format or beside
//! another run's values is refused in one line naming `FILE` (issue 37).

use std::fs::{File, OpenOptions};
use std::io::{BufReader, Read, Seek, SeekFrom, Write};
use std::path::{Path, PathBuf};
use std::sync::Arc;
use std::sync::atomic::AtomicBool;
use std::time::{Duration, Instant};

use anyhow::Context;
use clap::Args;
use grundy::{Checkpoint, OctalRun, Rules, RunChunk};

/// How often a running computation saves its state.
pub const SAVE_EVERY: Duration = Duration::from_secs(30);

/// The flags.
#[derive(Debug, Args)]
pub struct StateArgs {
    /// Octal codes and Grundy's game: keep the run's state in FILE (JSON)
    /// and FILE.values (the values, two bytes each), saved every 30 s and
    /// when the run stops; a killed or interrupted run continues with
    /// --resume.
    #[arg(long, value_name = "FILE")]
    pub checkpoint: Option<PathBuf>,
    /// Continue the run saved by --checkpoint FILE (start it if FILE does
    /// not exist yet).
    #[arg(long, requires = "checkpoint")]
    pub resume: bool,
}

/// The state files of a run, open for saving.
pub struct Saved {
    json: PathBuf,
    values_path: PathBuf,
    values: File,
    /// Values already in `values`.
    written: u64,
    last_save: Instant,
}

/// The run to continue or start, and where to save it (None without
/// `--checkpoint`). Refuses to replace an existing state without
/// `--resume`, and state for a rule set that is not a take-and-break game.
pub fn open(
    args: &StateArgs,
    rules: &Rules,
) -> anyhow::Result<(OctalRun, Option<Saved>)> {
    let Some(json) = &args.checkpoint else {
        return Ok((OctalRun::new(rules)?, None));
    };
    if !rules.checkpoints() {
        anyhow::bail!(
            "--checkpoint applies to octal codes and Grundy's game, not to \"{rules}\"; drop it"
        );
    }
    let values_path = values_path(json);
    // A FIFO (or a device) would wait for a reader or writer for ever,
    // deaf to the first Ctrl-C (issue 37): the values are a file grundy
    // writes.
    if std::fs::metadata(&values_path).is_ok_and(|m| !m.is_file()) {
        anyhow::bail!(
            "\"{}\" is not a regular file, so cannot hold the values of checkpoint \"{}\"; give another --checkpoint",
            values_path.display(),
            json.display()
        );
    }
    let exists = json.exists();
    if exists && !args.resume {
        anyhow::bail!(
            "\"{}\" exists: add --resume to continue that run, or remove it",
            json.display()
        );
    }
    if !exists {
        let values = OpenOptions::new()
            .write(true)
            .create(true)
            .truncate(true)
            .open(&values_path)
            .with_context(|| {
                format!("cannot create \"{}\"", values_path.display())
            })?;
        let saved = Saved {
            json: json.clone(),
            values_path,
            values,
            written: 0,
            last_save: Instant::now(),
        };
        return Ok((OctalRun::new(rules)?, Some(saved)));
    }
    // Resuming: everything is checked before a file is touched. A FIFO
    // (or a device) would wait for a writer for ever, deaf to the first
    // Ctrl-C (issue 37): a checkpoint is a file grundy wrote.
    if std::fs::metadata(json).is_ok_and(|m| !m.is_file()) {
        anyhow::bail!(
            "\"{}\" is not a regular file, so not a checkpoint of grundy; give another --checkpoint",
            json.display()
        );
    }
    let text = std::fs::read_to_string(json)
        .with_context(|| format!("cannot read \"{}\"", json.display()))?;
    let checkpoint: Checkpoint = serde_json::from_str(&text).map_err(|e| {
        anyhow::anyhow!(
            "\"{}\" is not a checkpoint of grundy ({e}); give another --checkpoint",
            json.display()
        )
    })?;
    let values = OpenOptions::new()
        .read(true)
        .write(true)
        .open(&values_path)
        .with_context(|| {
            format!(
                "cannot open \"{}\", the values of checkpoint \"{}\"; the state is damaged: remove \"{}\" and start again",
                values_path.display(),
                json.display(),
                json.display()
            )
        })?;
    let mut saved = Saved {
        json: json.clone(),
        values_path,
        values,
        written: 0,
        last_save: Instant::now(),
    };
    let values = saved.read_values(checkpoint.len)?;
    let run = OctalRun::resume(rules, &checkpoint, values).map_err(|e| {
        if e.kind() != grundy::ErrorKind::Checkpoint {
            return anyhow::Error::from(e);
        }
        anyhow::anyhow!(
            "cannot resume \"{}\": {e}; to start again, remove it or give another --checkpoint",
            json.display()
        )
    })?;
    // Values past the checkpoint (written before a kill) are dropped.
    saved.values.set_len(checkpoint.len * 2)?;
    saved.values.seek(SeekFrom::End(0))?;
    saved.written = checkpoint.len;
    Ok((run, Some(saved)))
}

/// `FILE.values` beside `FILE`.
fn values_path(json: &Path) -> PathBuf {
    let mut name = json.as_os_str().to_owned();
    name.push(".values");
    PathBuf::from(name)
}

impl Saved {
    /// The first `len` values of the values file.
    fn read_values(&mut self, len: u64) -> anyhow::Result<Vec<u16>> {
        let short = || {
            anyhow::anyhow!(
                "\"{}\" holds fewer values than its checkpoint names ({len}); the state is damaged: remove both files and start again",
                self.values_path.display()
            )
        };
        // A count edited past the values on disk, up to u64::MAX, is
        // refused before anything is reserved or read.
        let bytes = len.checked_mul(2).ok_or_else(short)?;
        if self.values.metadata()?.len() < bytes {
            return Err(short());
        }
        let count = usize::try_from(len).map_err(|_| short())?;
        let mut values = Vec::new();
        values.try_reserve_exact(count).map_err(|_| {
            anyhow::anyhow!(
                "not enough memory for the {len} saved values of \"{}\"",
                self.values_path.display()
            )
        })?;
        self.values.seek(SeekFrom::Start(0))?;
        let mut reader = BufReader::with_capacity(1 << 20, &self.values);
        let mut buf = vec![0u8; 1 << 20];
        while values.len() < count {
            let want = ((count - values.len()) * 2).min(buf.len());
            reader.read_exact(&mut buf[..want]).map_err(|_| short())?;
            values.extend(
                buf[..want]
                    .chunks_exact(2)
                    .map(|b| u16::from_le_bytes([b[0], b[1]])),
            );
        }
        Ok(values)
    }

    /// Saves if the last save is [`SAVE_EVERY`] old.
    pub fn maybe_save(&mut self, chunk: &RunChunk<'_>) -> grundy::Result<()> {
        if self.last_save.elapsed() < SAVE_EVERY {
            return Ok(());
        }
        self.save(chunk.values(), &chunk.checkpoint()).map_err(|e| {
            grundy::Error::new(grundy::ErrorKind::Checkpoint, format!("{e:#}"))
        })
    }

    /// Appends the new values, makes them durable, then replaces the
    /// checkpoint.
    pub fn save(
        &mut self,
        values: &[u16],
        checkpoint: &Checkpoint,
    ) -> anyhow::Result<()> {
        let start = usize::try_from(self.written)?;
        let mut bytes = Vec::with_capacity(1 << 20);
        for block in values[start..].chunks(1 << 19) {
            bytes.clear();
            bytes.extend(block.iter().flat_map(|v| v.to_le_bytes()));
            self.values.write_all(&bytes).with_context(|| {
                format!("cannot write \"{}\"", self.values_path.display())
            })?;
        }
        self.values.sync_data()?;
        self.written = values.len() as u64;
        let json = serde_json::to_vec_pretty(checkpoint)?;
        grundy_sweep::write_atomically(&self.json, &json)?;
        self.last_save = Instant::now();
        Ok(())
    }

    /// Saves the run as it is now, and says so on stderr (with how to
    /// continue when it stopped before its end).
    pub fn save_run(
        &mut self,
        run: &OctalRun,
        stopped: bool,
    ) -> anyhow::Result<()> {
        self.save(run.values(), &run.checkpoint())?;
        report!(
            "grundy: saved g(0) ... g({}) in \"{}\"{}",
            run.len().saturating_sub(1),
            self.json.display(),
            if stopped { " (continue with --resume)" } else { "" }
        );
        Ok(())
    }
}

/// A cancel flag that Ctrl-C, SIGTERM and SIGHUP set instead of ending
/// the process, so that the run can save its state: call it once the
/// state files are open, and [`crate::signals::abrupt`] as soon as the
/// run returns (saving and writing the results then end at the first
/// signal).
pub fn graceful_cancel() -> Arc<AtomicBool> {
    let flag = Arc::new(AtomicBool::new(false));
    crate::signals::graceful(flag.clone());
    flag
}
