//! The journal that makes `grundy sweep --output FILE` resumable.
//!
//! While a sweep runs, every finished row is appended to `FILE.journal` as
//! one line `INDEX CRC32 ROW` (the row exactly as it will appear in FILE),
//! flushed at least every 100 ms. The first line names the sweep by a
//! fingerprint of everything that decides the rows, so `--resume` never
//! mixes two sweeps. A kill -9 can at worst leave a torn last line; resume
//! keeps the longest prefix of whole lines whose checksums match, cuts the
//! rest off and carries on, so no row is lost twice or written twice.
//! At the end the rows are sorted by index, written to a temporary file
//! that is synced and renamed over FILE, and only then is the journal
//! removed: FILE is always either absent (or the old one) or complete.
//! The journal is locked while a sweep writes it, so two runs cannot
//! append to the same one.

use std::collections::BTreeMap;
use std::fs::{File, OpenOptions};
use std::io::{BufWriter, Read, Seek, SeekFrom, Write};
use std::path::{Path, PathBuf};
use std::time::{Duration, Instant};

use anyhow::{Context, bail};

const MAGIC: &str = "grundy-sweep-journal 1";

/// Rows reach the operating system at least this often.
const FLUSH_EVERY: Duration = Duration::from_millis(100);

/// An open journal, locked for this process.
pub struct Journal {
    path: PathBuf,
    writer: BufWriter<File>,
    last_flush: Instant,
}

/// Where the journal of `output` lives.
pub fn path_for(output: &Path) -> PathBuf {
    let mut name = output.as_os_str().to_owned();
    name.push(".journal");
    PathBuf::from(name)
}

fn header(fingerprint: &str) -> String {
    format!("{MAGIC} {fingerprint}\n")
}

fn checksum(index: u64, line: &str) -> u32 {
    let mut h = crc32fast::Hasher::new();
    h.update(index.to_string().as_bytes());
    h.update(b" ");
    h.update(line.as_bytes());
    h.finalize()
}

impl Journal {
    /// Opens the journal at `path`: a new one, or with `resume` the rows of
    /// an interrupted run of the same sweep (index -> row line).
    pub fn open(
        path: &Path,
        fingerprint: &str,
        resume: bool,
    ) -> anyhow::Result<(Journal, BTreeMap<u64, String>)> {
        let exists = path.exists();
        if exists && !resume {
            bail!(
                "\"{}\" holds the rows of an interrupted sweep; add --resume to finish it, or delete it to start over",
                path.display()
            );
        }
        let mut file = OpenOptions::new()
            .read(true)
            .write(true)
            .create(true)
            .truncate(false)
            .open(path)
            .with_context(|| format!("cannot open \"{}\"", path.display()))?;
        if file.try_lock().is_err() {
            bail!(
                "another grundy sweep is writing \"{}\"; wait for it or stop it",
                path.display()
            );
        }
        let head = header(fingerprint);
        let mut bytes = Vec::new();
        file.read_to_end(&mut bytes)?;
        let (rows, keep) = if bytes.len() < head.len()
            && head.as_bytes().starts_with(&bytes)
        {
            // New, or torn while writing the header.
            file.set_len(0)?;
            file.seek(SeekFrom::Start(0))?;
            file.write_all(head.as_bytes())?;
            file.flush()?;
            (BTreeMap::new(), head.len() as u64)
        } else if !bytes.starts_with(head.as_bytes()) {
            bail!(
                "\"{}\" belongs to a different sweep (family, format, shard or budget differ); rerun the original command with --resume, or delete it to start over",
                path.display()
            );
        } else {
            read_rows(&bytes, head.len())
        };
        // Cut off a torn or corrupt tail; append after the good rows.
        file.set_len(keep)?;
        file.seek(SeekFrom::Start(keep))?;
        let journal = Journal {
            path: path.to_path_buf(),
            writer: BufWriter::with_capacity(1 << 16, file),
            last_flush: Instant::now(),
        };
        Ok((journal, rows))
    }

    /// Appends one finished row.
    pub fn append(&mut self, index: u64, line: &str) -> std::io::Result<()> {
        let crc = checksum(index, line);
        writeln!(self.writer, "{index} {crc:08x} {line}")
    }

    /// Hands buffered rows to the operating system if it is time to.
    pub fn flush_if_due(&mut self) -> std::io::Result<()> {
        if self.last_flush.elapsed() >= FLUSH_EVERY {
            self.flush()?;
        }
        Ok(())
    }

    pub fn flush(&mut self) -> std::io::Result<()> {
        self.last_flush = Instant::now();
        self.writer.flush()
    }

    pub fn path(&self) -> &Path {
        &self.path
    }

    /// Removes the journal (after the output is safely in place).
    pub fn remove(self) -> anyhow::Result<()> {
        let Journal { path, writer, .. } = self;
        drop(writer);
        std::fs::remove_file(&path)
            .with_context(|| format!("cannot remove \"{}\"", path.display()))
    }
}

/// The whole, checksummed rows after the header, and the length of the
/// good prefix.
fn read_rows(bytes: &[u8], start: usize) -> (BTreeMap<u64, String>, u64) {
    let mut rows = BTreeMap::new();
    let mut at = start;
    while let Some(len) = bytes[at..].iter().position(|&b| b == b'\n') {
        let Some((index, line)) = std::str::from_utf8(&bytes[at..at + len])
            .ok()
            .and_then(parse_line)
        else {
            break;
        };
        rows.insert(index, line.to_string());
        at += len + 1;
    }
    (rows, at as u64)
}

fn parse_line(text: &str) -> Option<(u64, &str)> {
    let (index, rest) = text.split_once(' ')?;
    let (crc, line) = rest.split_once(' ')?;
    let index: u64 = index.parse().ok()?;
    let crc = u32::from_str_radix(crc, 16).ok()?;
    (crc == checksum(index, line)).then_some((index, line))
}

/// Writes `content` to `path` atomically: a synced temporary file in the
/// same directory, renamed into place.
pub fn write_atomically(path: &Path, content: &[u8]) -> anyhow::Result<()> {
    let dir = match path.parent() {
        Some(p) if !p.as_os_str().is_empty() => p,
        _ => Path::new("."),
    };
    let mut temp = tempfile::NamedTempFile::new_in(dir)
        .with_context(|| format!("cannot write to \"{}\"", path.display()))?;
    temp.write_all(content)?;
    temp.as_file().sync_all()?;
    crate::term::persist(temp, path)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn torn_tails_are_cut_and_rows_kept() {
        let dir = tempfile::tempdir().unwrap();
        let path = dir.path().join("out.csv.journal");
        let (mut j, rows) = Journal::open(&path, "f1", false).unwrap();
        assert!(rows.is_empty());
        j.append(3, "3,\"1,2\",x").unwrap();
        j.append(1, "1,a").unwrap();
        j.flush().unwrap();
        drop(j);
        // A torn line, as a kill -9 in mid-write leaves it.
        let mut f = OpenOptions::new().append(true).open(&path).unwrap();
        f.write_all(b"7 0000").unwrap();
        drop(f);
        assert!(Journal::open(&path, "f1", false).is_err(), "needs --resume");
        assert!(Journal::open(&path, "f2", true).is_err(), "other sweep");
        let (mut j, rows) = Journal::open(&path, "f1", true).unwrap();
        assert_eq!(
            rows.into_iter().collect::<Vec<_>>(),
            [(1, "1,a".to_string()), (3, "3,\"1,2\",x".to_string())]
        );
        j.append(5, "5,b").unwrap();
        j.flush().unwrap();
        drop(j);
        // A corrupted line (bad checksum) ends the good prefix too.
        let text = std::fs::read_to_string(&path).unwrap();
        assert!(text.ends_with("5,b\n") && !text.contains("7 0000"));
        std::fs::write(&path, text.replace("5,b", "5,c")).unwrap();
        let (j, rows) = Journal::open(&path, "f1", true).unwrap();
        assert_eq!(rows.len(), 2);
        j.remove().unwrap();
        assert!(!path.exists());
    }

    #[test]
    fn a_locked_journal_is_refused() {
        let dir = tempfile::tempdir().unwrap();
        let path = dir.path().join("x.journal");
        let (_j, _) = Journal::open(&path, "f", false).unwrap();
        let e = Journal::open(&path, "f", true).err().unwrap();
        assert!(e.to_string().contains("another grundy sweep"), "{e}");
    }
}
