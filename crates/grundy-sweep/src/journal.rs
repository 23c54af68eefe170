//! The journal that makes a sweep to a file resumable.
//!
//! While a sweep runs, every finished row is appended to `FILE.journal` as
//! one line `INDEX CRC32 ROW` (the row exactly as it will appear in FILE),
//! flushed at least every 100 ms. The first line names the sweep by a
//! fingerprint of everything that decides the rows, so resuming never
//! mixes two sweeps. A kill -9 can at worst leave a torn last line; resume
//! keeps the longest prefix of whole lines whose checksums match, cuts the
//! rest off and carries on, so no row is lost twice or written twice.
//! At the end the rows are sorted by index, written to a temporary file
//! that is synced and renamed over FILE ([`crate::write_atomically`]), and
//! only then is the journal removed: FILE is always either absent (or the
//! old one) or complete. The journal is locked while a sweep writes it, so
//! two runs cannot append to the same one.

use std::collections::BTreeMap;
use std::fs::{File, OpenOptions};
use std::io::{BufWriter, Read, Seek, SeekFrom, Write};
use std::path::{Path, PathBuf};
use std::time::{Duration, Instant};

use crate::error::{Error, ErrorKind, Result};

const MAGIC: &str = "grundy-sweep-journal 1";

/// Rows reach the operating system at least this often.
const FLUSH_EVERY: Duration = Duration::from_millis(100);

/// An open journal, locked for this process.
#[derive(Debug)]
pub(crate) struct Journal {
    path: PathBuf,
    writer: BufWriter<File>,
    last_flush: Instant,
}

/// Where the journal of `output` lives: `output` with `.journal` added.
///
/// ```
/// use std::path::Path;
/// let j = grundy_sweep::journal_path(Path::new("out/rows.csv"));
/// assert_eq!(j, Path::new("out/rows.csv.journal"));
/// ```
pub fn journal_path(output: &Path) -> PathBuf {
    let mut name = output.as_os_str().to_owned();
    name.push(".journal");
    PathBuf::from(name)
}

/// The fingerprint of a sweep: the CRC-32 of a text that names everything
/// that decides its rows, in hex.
pub(crate) fn fingerprint(identity: &str) -> String {
    format!("{:08x}", crc32fast::hash(identity.as_bytes()))
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
    pub(crate) fn open(
        path: &Path,
        fingerprint: &str,
        resume: bool,
    ) -> Result<(Journal, BTreeMap<u64, String>)> {
        let shown = path.display();
        let io =
            |e| Error::io(Some(path), format!("cannot use \"{shown}\""), e);
        let exists = path.exists();
        if exists && !resume {
            return Err(Error::file(
                ErrorKind::Unfinished,
                path,
                format!(
                    "\"{shown}\" holds the rows of an interrupted sweep; resume the sweep to finish it, or delete it to start over"
                ),
            ));
        }
        let mut file = OpenOptions::new()
            .read(true)
            .write(true)
            .create(true)
            .truncate(false)
            .open(path)
            .map_err(|e| {
                Error::io(Some(path), format!("cannot open \"{shown}\""), e)
            })?;
        if file.try_lock().is_err() {
            return Err(Error::file(
                ErrorKind::Locked,
                path,
                format!(
                    "another grundy sweep is writing \"{shown}\"; wait for it or stop it"
                ),
            ));
        }
        let head = header(fingerprint);
        let mut bytes = Vec::new();
        file.read_to_end(&mut bytes).map_err(io)?;
        let (rows, keep) = if bytes.len() < head.len()
            && head.as_bytes().starts_with(&bytes)
        {
            // New, or torn while writing the header.
            file.set_len(0).map_err(io)?;
            file.seek(SeekFrom::Start(0)).map_err(io)?;
            file.write_all(head.as_bytes()).map_err(io)?;
            file.flush().map_err(io)?;
            (BTreeMap::new(), head.len() as u64)
        } else if !bytes.starts_with(head.as_bytes()) {
            return Err(Error::file(
                ErrorKind::OtherSweep,
                path,
                format!(
                    "\"{shown}\" belongs to a different sweep (family, format, shard or budget differ); resume it with the sweep that wrote it, or delete it to start over"
                ),
            ));
        } else {
            read_rows(&bytes, head.len())
        };
        // Cut off a torn or corrupt tail; append after the good rows.
        file.set_len(keep).map_err(io)?;
        file.seek(SeekFrom::Start(keep)).map_err(io)?;
        let journal = Journal {
            path: path.to_path_buf(),
            writer: BufWriter::with_capacity(1 << 16, file),
            last_flush: Instant::now(),
        };
        Ok((journal, rows))
    }

    /// Appends one finished row.
    pub(crate) fn append(&mut self, index: u64, line: &str) -> Result<()> {
        let crc = checksum(index, line);
        writeln!(self.writer, "{index} {crc:08x} {line}")
            .map_err(|e| self.io_error(e))
    }

    /// Hands buffered rows to the operating system if it is time to.
    pub(crate) fn flush_if_due(&mut self) -> Result<()> {
        if self.last_flush.elapsed() >= FLUSH_EVERY {
            self.flush()?;
        }
        Ok(())
    }

    /// Hands buffered rows to the operating system.
    pub(crate) fn flush(&mut self) -> Result<()> {
        self.last_flush = Instant::now();
        self.writer.flush().map_err(|e| self.io_error(e))
    }

    /// Where the journal is.
    pub(crate) fn path(&self) -> &Path {
        &self.path
    }

    fn io_error(&self, e: std::io::Error) -> Error {
        let msg = format!("cannot write \"{}\"", self.path.display());
        Error::io(Some(&self.path), msg, e)
    }

    /// Removes the journal (after the output is safely in place).
    pub(crate) fn remove(self) -> Result<()> {
        let Journal { path, writer, .. } = self;
        drop(writer);
        std::fs::remove_file(&path).map_err(|e| {
            let msg = format!("cannot remove \"{}\"", path.display());
            Error::io(Some(&path), msg, e)
        })
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
        let e = Journal::open(&path, "f1", false).unwrap_err();
        assert_eq!(e.kind(), ErrorKind::Unfinished, "needs resuming");
        assert_eq!(e.path(), Some(path.as_path()));
        let e = Journal::open(&path, "f2", true).unwrap_err();
        assert_eq!(e.kind(), ErrorKind::OtherSweep);
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
        assert_eq!(e.kind(), ErrorKind::Locked);
        assert!(e.to_string().contains("another grundy sweep"), "{e}");
    }

    #[test]
    fn fingerprints_are_crc32_in_hex() {
        // The CRC-32 check value of "123456789" (ISO-HDLC).
        assert_eq!(fingerprint("123456789"), "cbf43926");
    }
}
