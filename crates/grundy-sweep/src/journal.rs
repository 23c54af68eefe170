//! The journal that makes a sweep to a file resumable.
//!
//! While a sweep runs, every finished row is appended to `FILE.journal` as
//! one line `INDEX CRC32 ROW` (the row exactly as it will appear in FILE),
//! flushed at least every 100 ms. The first line names the sweep by a
//! fingerprint of everything that decides the rows, so resuming never
//! mixes two sweeps. A kill -9 can at worst leave a torn last line; resume
//! keeps the longest prefix of whole lines whose checksums match, cuts the
//! rest off and carries on, so no row is lost twice or written twice.
//!
//! A line's CRC covers the sweep's fingerprint as well as its index and
//! row, so a line of another sweep's journal does not pass for one of
//! this sweep. A CRC that matches rules out a torn write, not an edit:
//! before resuming, every row is read back and checked against the sweep
//! ([`check_rows`]): it parses as a row of this layout, is written
//! exactly as this version writes it, its index is in the shard and
//! appears once, its parameters and set are those of the family's member
//! at that index, and an invalid member's row has status `error`. A row
//! that fails is refused in one line naming the journal and the row
//! (issue 37: such a line used to be copied into the output as it was,
//! text or another set's row, and the journal removed).
//!
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
use crate::evaluate::Evaluation;
use crate::sweep::Sweep;

/// The first word of the header and the journal's format: 2 since the
/// lines' CRCs cover the fingerprint (issue 37). A journal of format 1
/// has another header, so it is refused as another sweep's.
const MAGIC: &str = "grundy-sweep-journal 2";

/// Rows reach the operating system at least this often.
const FLUSH_EVERY: Duration = Duration::from_millis(100);

/// An open journal, locked for this process.
#[derive(Debug)]
pub(crate) struct Journal {
    path: PathBuf,
    /// The sweep's fingerprint, part of every line's CRC.
    fingerprint: String,
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

/// The CRC-32 of a journal line: of the sweep's fingerprint, the index
/// and the row, separated by spaces.
fn checksum(fingerprint: &str, index: u64, line: &str) -> u32 {
    let mut h = crc32fast::Hasher::new();
    h.update(fingerprint.as_bytes());
    h.update(b" ");
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
            read_rows(path, &bytes, head.len(), fingerprint)?
        };
        // Cut off a torn or corrupt tail; append after the good rows.
        file.set_len(keep).map_err(io)?;
        file.seek(SeekFrom::Start(keep)).map_err(io)?;
        let journal = Journal {
            path: path.to_path_buf(),
            fingerprint: fingerprint.to_string(),
            writer: BufWriter::with_capacity(1 << 16, file),
            last_flush: Instant::now(),
        };
        Ok((journal, rows))
    }

    /// Appends one finished row.
    pub(crate) fn append(&mut self, index: u64, line: &str) -> Result<()> {
        let crc = checksum(&self.fingerprint, index, line);
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
/// good prefix. An index that comes twice with matching CRCs is refused
/// (a sweep writes each row once; the journal was edited).
fn read_rows(
    path: &Path,
    bytes: &[u8],
    start: usize,
    fingerprint: &str,
) -> Result<(BTreeMap<u64, String>, u64)> {
    let mut rows = BTreeMap::new();
    let mut at = start;
    while let Some(len) = bytes[at..].iter().position(|&b| b == b'\n') {
        let Some((index, line)) = std::str::from_utf8(&bytes[at..at + len])
            .ok()
            .and_then(|text| parse_line(text, fingerprint))
        else {
            break;
        };
        if rows.insert(index, line.to_string()).is_some() {
            return Err(bad_row(path, format!("has row {index} twice")));
        }
        at += len + 1;
    }
    Ok((rows, at as u64))
}

fn parse_line<'a>(text: &'a str, fingerprint: &str) -> Option<(u64, &'a str)> {
    let (index, rest) = text.split_once(' ')?;
    let (crc, line) = rest.split_once(' ')?;
    let index: u64 = index.parse().ok()?;
    let crc = u32::from_str_radix(crc, 16).ok()?;
    (crc == checksum(fingerprint, index, line)).then_some((index, line))
}

/// Checks the rows resumed from the journal at `path` against the sweep
/// that resumes them (see the module's docs); the first row that is not
/// the sweep's is refused in one line ([`ErrorKind::BadFile`]). It walks
/// the family up to the last row once (as the run does) and builds the
/// set of each resumed row, a small part of evaluating it.
pub(crate) fn check_rows(
    path: &Path,
    rows: &BTreeMap<u64, String>,
    sweep: &Sweep,
) -> Result<()> {
    let (family, layout) = (sweep.family(), sweep.layout());
    if let Some(&bad) = rows.keys().find(|&&i| !sweep.contains(i)) {
        return Err(bad_row(
            path,
            format!("holds row {bad}, which is not part of this sweep"),
        ));
    }
    let mut lines = layout.lines();
    let mut points = family.points();
    for (&index, line) in rows {
        let row = layout.parse(line).map_err(|e| {
            bad_row(path, format!("has an unreadable row {index} ({e})"))
        })?;
        if lines.line(&row) != *line {
            return Err(bad_row(
                path,
                format!(
                    "has a row {index} not written as grundy writes it (edited?)"
                ),
            ));
        }
        let point = match points.next_where(&|i| i == index) {
            Some(point) => point?,
            None => {
                return Err(bad_row(
                    path,
                    format!(
                        "holds row {index}, which is not part of this sweep"
                    ),
                ));
            }
        };
        let (params, set) = family.set_of(&point);
        let (set, valid) = match set {
            Ok(rules) => (rules.to_string(), true),
            Err((raw, _)) => (raw, false),
        };
        if row.params != params || row.set != set {
            return Err(bad_row(
                path,
                format!(
                    "has a row {index} for {}, but member {index} of this sweep is {}",
                    member(&layout.params, &row.params, &row.set),
                    member(&layout.params, &params, &set),
                ),
            ));
        }
        if !valid && !matches!(row.result, Evaluation::Error(_)) {
            return Err(bad_row(
                path,
                format!(
                    "has a row {index} with status \"{}\" for \"{set}\", which is not a valid set",
                    row.result.status()
                ),
            ));
        }
    }
    Ok(())
}

/// A member as a message names it: `a=1, b=3, set "1,3"`, or `set "1,3"`.
fn member(names: &[String], params: &[i64], set: &str) -> String {
    let mut out = String::new();
    for (name, value) in names.iter().zip(params) {
        out += &format!("{name}={value}, ");
    }
    out + &format!("set \"{set}\"")
}

/// A journal that holds what this sweep did not write, and the fix (the
/// set of a crafted row may be long: quoted texts are shortened, the
/// path is not).
fn bad_row(path: &Path, what: String) -> Error {
    let what = grundy::shorten_quotes(&what);
    let message =
        format!("\"{}\" {what}; delete it to start over", path.display());
    Error::file(ErrorKind::BadFile, path, message)
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

    /// The sweep of the tests below: nine members (1,2) ... (3,5).
    fn small_sweep(keep: bool) -> Sweep {
        let f =
            crate::Family::template("a,b", &["a=1..3", "b=a+1..5"]).unwrap();
        let options = crate::RunOptions { jobs: 1, ..Default::default() };
        Sweep::new(f, crate::Shard::ALL, options, crate::Format::Csv)
            .unwrap()
            .keep_rows(keep)
    }

    /// A journal line as a hand, another version or another sweep could
    /// write it, with a CRC that matches: computed here with crc32fast
    /// over the fingerprint, the index and the row.
    fn crafted(fingerprint: &str, index: u64, row: &str) -> String {
        let crc =
            crc32fast::hash(format!("{fingerprint} {index} {row}").as_bytes());
        format!("{index} {crc:08x} {row}\n")
    }

    /// Resumes `sweep` from a journal holding `lines` (after the header)
    /// to `out`: the output file's text, or the error of the start.
    fn resume_from(
        sweep: &Sweep,
        out: &Path,
        lines: &[String],
    ) -> Result<String> {
        let journal = journal_path(out);
        let mut text = header(&fingerprint("id"));
        text.extend(lines.iter().map(String::as_str));
        std::fs::write(&journal, text).unwrap();
        let _ = std::fs::remove_file(out);
        let to = crate::Destination::File {
            path: out.to_path_buf(),
            identity: "id".into(),
            resume: true,
        };
        let crate::Ran::Complete(done) = sweep.start(to)?.run(&mut |_| {})?
        else {
            panic!("nothing cancels")
        };
        done.finish()?;
        assert!(!journal.exists());
        Ok(std::fs::read_to_string(out).unwrap())
    }

    /// A journal line whose CRC matches but whose row is not the
    /// sweep's (text, another member's row, a row not written as grundy
    /// writes it, an index twice or out of range) is refused in one line
    /// naming the journal and the row, and the journal is kept. Such a
    /// line used to be copied into the output as it was ("hello" as a row,
    /// another set's row at this member's place) and the journal removed;
    /// with reports, the output was written before the row was found
    /// unreadable.
    // See: issue 37.
    #[test]
    fn issue_37_rows_with_matching_crcs_are_checked() {
        let dir = tempfile::tempdir().unwrap();
        let out = dir.path().join("out.csv");
        let sweep = small_sweep(true);
        let fp = fingerprint("id");
        let want = resume_from(&sweep, &out, &[]).unwrap();
        let rows: Vec<&str> = want.lines().skip(1).collect();
        assert_eq!(rows.len(), 9);
        assert_eq!(rows[0], "1,2,\"1,2\",0,3,0,0,3,2,258,found");
        // Good rows resume, and the output is byte for byte the same.
        let good: Vec<String> = [3, 0, 7]
            .iter()
            .map(|&i| crafted(&fp, i, rows[i as usize]))
            .collect();
        assert_eq!(resume_from(&sweep, &out, &good).unwrap(), want);
        let json = crate::Layout::new(crate::Format::Jsonl, ["a", "b"])
            .line(&sweep.layout().parse(rows[0]).unwrap());
        let cases = [
            (
                crafted(&fp, 0, "hello"),
                "has an unreadable row 0 (1 fields, expected 11)",
            ),
            (
                crafted(&fp, 0, &json),
                "has an unreadable row 0 (12 fields, expected 11)",
            ),
            (
                crafted(&fp, 0, rows[5]),
                "has a row 0 for a=2, b=4, set \"2,4\", but member 0 of this sweep is a=1, b=2, set \"1,2\"",
            ),
            (
                crafted(&fp, 0, &rows[0].replace("\"1,2\"", "\"9,9\"")),
                "has a row 0 for a=1, b=2, set \"9,9\", but member 0 of this sweep is a=1, b=2, set \"1,2\"",
            ),
            (
                crafted(&fp, 0, &format!("{}\r", rows[0])),
                "has a row 0 not written as grundy writes it (edited?)",
            ),
            (
                crafted(&fp, 0, &rows[0].replace(",258,", ",0258,")),
                "has a row 0 not written as grundy writes it (edited?)",
            ),
            (
                crafted(&fp, 9, rows[0]),
                "holds row 9, which is not part of this sweep",
            ),
            (
                crafted(&fp, u64::MAX, rows[0]),
                "holds row 18446744073709551615, which is not part of this sweep",
            ),
        ];
        let journal = journal_path(&out);
        for (line, what) in cases {
            let lines = [good[0].clone(), line.clone(), good[2].clone()];
            let e = resume_from(&sweep, &out, &lines).unwrap_err();
            assert_eq!(e.kind(), ErrorKind::BadFile, "{line}");
            assert_eq!(e.path(), Some(journal.as_path()));
            let shown = journal.display();
            assert_eq!(
                e.to_string(),
                format!("\"{shown}\" {what}; delete it to start over"),
                "{line}"
            );
            assert!(journal.exists() && !out.exists(), "{line}");
        }
        // The same index twice, even with the same row.
        let twice = [good[1].clone(), good[1].clone()];
        let e = resume_from(&sweep, &out, &twice).unwrap_err();
        assert!(
            e.to_string()
                .ends_with("has row 0 twice; delete it to start over"),
            "{e}"
        );
        // A line of another sweep's journal (its CRC covers the other
        // fingerprint) ends the good prefix like a torn line: the rows
        // from there are computed again.
        let foreign = crafted(&fingerprint("other"), 1, "hello");
        let lines = [good[1].clone(), foreign, good[0].clone()];
        assert_eq!(resume_from(&sweep, &out, &lines).unwrap(), want);
        // A journal of format 1 (its CRCs without the fingerprint) is
        // another sweep's; a format 1 line in this one ends the prefix.
        let journal = journal_path(&out);
        std::fs::write(&journal, format!("grundy-sweep-journal 1 {fp}\n"))
            .unwrap();
        let to = crate::Destination::File {
            path: out.clone(),
            identity: "id".into(),
            resume: true,
        };
        let e = sweep.start(to).unwrap_err();
        assert_eq!(e.kind(), ErrorKind::OtherSweep);
        std::fs::remove_file(&journal).unwrap();
        let crc = crc32fast::hash(format!("1 {}", rows[1]).as_bytes());
        let old = format!("1 {crc:08x} {}\n", rows[1]);
        assert_eq!(resume_from(&sweep, &out, &[old]).unwrap(), want);
    }

    /// A member that is not a valid set has status `error`; a journal row
    /// that gives it a period is refused.
    // See: issue 37.
    #[test]
    fn issue_37_an_invalid_members_row_must_be_an_error() {
        let dir = tempfile::tempdir().unwrap();
        let out = dir.path().join("out.csv");
        let f = crate::Family::template("a,b-2", &["a=1", "b=1..4"]).unwrap();
        let options = crate::RunOptions { jobs: 1, ..Default::default() };
        let sweep =
            Sweep::new(f, crate::Shard::ALL, options, crate::Format::Csv)
                .unwrap();
        let want = resume_from(&sweep, &out, &[]).unwrap();
        let first = want.lines().nth(1).unwrap();
        assert_eq!(first, "1,1,\"1,-1\",,,,,,,,error");
        let mut row = sweep.layout().parse(first).unwrap();
        row.result = crate::Evaluation::Found(crate::Found {
            preperiod: 0,
            period: 2,
            saltus: 0,
            outcome_preperiod: 0,
            outcome_period: 2,
            max_value: Some(1),
            positions: 10,
        });
        let line = crafted(&fingerprint("id"), 0, &sweep.layout().line(&row));
        let e = resume_from(&sweep, &out, &[line]).unwrap_err();
        assert!(
            e.to_string().ends_with(
                "has a row 0 with status \"found\" for \"1,-1\", which is not a valid set; delete it to start over"
            ),
            "{e}"
        );
        let line = crafted(&fingerprint("id"), 0, first);
        assert_eq!(resume_from(&sweep, &out, &[line]).unwrap(), want);
    }
}
