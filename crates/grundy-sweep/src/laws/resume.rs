//! A search past one process: resumed after an interruption, split into
//! shards (the job array of `docs/SWEEPS.md`), and the shards' records
//! merged into exactly what one process writes.
//!
//! A family is named by its **number**, its place in
//! [`LawSearch::families`] (space after space, from 0). Shard i of N runs
//! the families whose number is i modulo N (round robin, as a sweep's
//! sets: the hard families, which sit together, spread evenly).
//!
//! While a search writes to a file, each family's record is appended to
//! the file's journal (the sweeps' journal, `crate::journal`: lines
//! `NUMBER CRC32 RECORD`, the CRC over the search's fingerprint, a
//! locked file, a torn tail cut off) as soon as it is done, and flushed.
//! A resumed search keeps the records of the journal, after checking
//! each against the search ([`LawJournal::open`]), and searches the
//! rest. Records depend only on the search and the per-set budget (not
//! on the machine, without a per-set timeout), and the file is written
//! from all of them in order, so a resumed run, or the shards merged by
//! [`merge`], write the bytes of an uninterrupted run in one process.

use std::collections::BTreeMap;
use std::path::Path;

use crate::error::{Error, ErrorKind, Result};
use crate::journal::{Journal, fingerprint};
use crate::laws::record::FamilyLaws;
use crate::laws::search::LawSearch;
use crate::run::RunOptions;
use crate::shard::Shard;

/// The journal of a search written to a file.
#[derive(Debug)]
pub struct LawJournal {
    journal: Journal,
}

/// The text that names everything that decides a search's records: the
/// version, the search as given (spaces, ranges, keys, the fitter's
/// options), the shard and the per-set budget. The journal is resumed
/// only by a search with the same text.
fn identity(search: &LawSearch, shard: Shard, options: &RunOptions) -> String {
    format!(
        "grundy-laws {} {:?} shard {}/{} positions {} timeout {:?}",
        env!("CARGO_PKG_VERSION"),
        search.spec(),
        shard.index,
        shard.count,
        options.max_positions,
        options.timeout
    )
}

impl LawJournal {
    /// Opens the journal at `path` for `search` (shard `shard`, per-set
    /// budget `options`): a new one, or with `resume` the records of an
    /// interrupted run of the same search, by family number. Every record
    /// kept must read back as this version writes it, be of a family of
    /// this shard, once, and name that family (space, index, template),
    /// its ranges and the search's keys; else the resume is refused in
    /// one line naming the journal and the record ([`ErrorKind::BadFile`]).
    /// A journal that exists without `resume` is refused
    /// ([`ErrorKind::Unfinished`]), one of another search too
    /// ([`ErrorKind::OtherSweep`]), and one another process writes
    /// ([`ErrorKind::Locked`]).
    pub fn open(
        path: &Path,
        search: &LawSearch,
        shard: Shard,
        options: &RunOptions,
        resume: bool,
    ) -> Result<(LawJournal, BTreeMap<usize, FamilyLaws>)> {
        let id = fingerprint(&identity(search, shard, options));
        let (journal, lines) = Journal::open(path, &id, resume)?;
        let mut records = BTreeMap::new();
        for (number, line) in lines {
            let record = read(search, number, &line).map_err(|what| {
                let message = format!(
                    "\"{}\" {what}; delete it to start over",
                    path.display()
                );
                Error::file(ErrorKind::BadFile, path, message)
            })?;
            let number = number as usize;
            if !shard.contains(number as u64) {
                let message = format!(
                    "\"{}\" holds family {number}, which is not part of shard {}/{}; delete it to start over",
                    path.display(),
                    shard.index,
                    shard.count
                );
                return Err(Error::file(ErrorKind::BadFile, path, message));
            }
            records.insert(number, record);
        }
        Ok((LawJournal { journal }, records))
    }

    /// Appends the record of family `number`, and hands it to the
    /// operating system (a family takes far longer than the write).
    pub fn append(
        &mut self,
        number: usize,
        record: &FamilyLaws,
    ) -> Result<()> {
        let line = line(record)?;
        self.journal.append(number as u64, &line)?;
        self.journal.flush()
    }

    /// Where the journal is.
    pub fn path(&self) -> &Path {
        self.journal.path()
    }

    /// Hands the records appended to the operating system (for a
    /// search that stops: the journal stays for `--resume`).
    pub fn flush(&mut self) -> Result<()> {
        self.journal.flush()
    }

    /// Removes the journal, once the output is safely in place.
    pub fn remove(self) -> Result<()> {
        self.journal.remove()
    }
}

/// A record as one JSON line (without the newline), as every output
/// writes it.
pub fn line(record: &FamilyLaws) -> Result<String> {
    serde_json::to_string(record).map_err(|e| {
        Error::new(ErrorKind::Io, format!("cannot write a record: {e}"))
    })
}

/// The record of family `number` in `text`, checked against the search;
/// the error says what is wrong with it (for a message that names the
/// file).
fn read(
    search: &LawSearch,
    number: u64,
    text: &str,
) -> std::result::Result<FamilyLaws, String> {
    let record: FamilyLaws = serde_json::from_str(text).map_err(|e| {
        format!("has an unreadable record of family {number} ({e})")
    })?;
    if line(&record).ok().as_deref() != Some(text) {
        return Err(format!(
            "has a record of family {number} not written as grundy writes it (edited?)"
        ));
    }
    let expected = usize::try_from(number)
        .ok()
        .and_then(|n| search.families().nth(n))
        .ok_or_else(|| {
            format!(
                "holds family {number}, past the {} families of this search",
                search.families().count()
            )
        })?;
    check(search, expected, &record).map_err(|why| {
        format!(
            "has a record of family {number} for {} (index {} of {}), but {why}",
            record.family, record.index, record.space
        )
    })?;
    Ok(record)
}

/// Whether `record` is the record of `member` in this search: its space,
/// index and template, its ranges, and one law per key of the search, in
/// order.
fn check(
    search: &LawSearch,
    member: &crate::laws::Member,
    record: &FamilyLaws,
) -> std::result::Result<(), String> {
    let space = member.space.to_string();
    let template = member.template();
    if record.space != space
        || record.index != member.index
        || record.family != template
    {
        return Err(format!(
            "that family of this search is {template} (index {} of {space})",
            member.index
        ));
    }
    let (fit, validate) = search.ranges_written(member);
    if record.fit != fit || record.validate != validate {
        return Err(format!(
            "it was fitted on {} and validated on {}, this search fits it on {fit} and validates on {validate}",
            record.fit, record.validate
        ));
    }
    let keys: Vec<&str> =
        search.spec().keys.iter().map(|k| k.name()).collect();
    let found: Vec<&str> =
        record.laws.iter().map(|l| l.fit.key.as_str()).collect();
    if found != keys {
        return Err(format!(
            "it has the keys {}, this search fits {}",
            found.join(", "),
            keys.join(", ")
        ));
    }
    Ok(())
}

/// The records of the shard files `files` (each its path and text, JSON
/// lines of `grundy laws --shard`), in the order of one process's run:
/// every family of `search` exactly once. A line that is not a record of
/// this search (its family, ranges and keys), a family twice, and a
/// family in no file are refused in one line naming the file and line,
/// or the first family missing and how many are.
///
/// The records do not tell the fitter's degree or the per-set budget a
/// shard ran with: every shard must run the same command but for
/// `--shard`.
pub fn merge<'a>(
    search: &LawSearch,
    files: impl IntoIterator<Item = (&'a Path, &'a str)>,
) -> Result<Vec<FamilyLaws>> {
    let numbers: BTreeMap<(String, usize), usize> = search
        .families()
        .enumerate()
        .map(|(n, m)| ((m.space.to_string(), m.index), n))
        .collect();
    let mut records: BTreeMap<usize, (FamilyLaws, String)> = BTreeMap::new();
    for (path, text) in files {
        for (i, text) in text.lines().enumerate() {
            let at = format!("\"{}\" line {}", path.display(), i + 1);
            let bad = |what: String| {
                Error::file(
                    ErrorKind::BadFile,
                    path,
                    format!(
                        "{at} {what}; merge the files of the shards of this search, run with the same arguments"
                    ),
                )
            };
            let record: FamilyLaws =
                serde_json::from_str(text).map_err(|e| {
                    bad(format!("is not a record of grundy laws ({e})"))
                })?;
            let number = numbers
                .get(&(record.space.clone(), record.index))
                .copied()
                .ok_or_else(|| {
                    bad(format!(
                        "holds index {} of {}, not a family of this search",
                        record.index, record.space
                    ))
                })?;
            let again = read(search, number as u64, text).map_err(bad)?;
            if let Some((_, first)) = records.get(&number) {
                return Err(bad(format!(
                    "holds {} (index {} of {}) again, after {first}",
                    again.family, again.index, again.space
                )));
            }
            records.insert(number, (again, at));
        }
    }
    let total = numbers.len();
    if records.len() < total {
        let missing = (0..total).find(|n| !records.contains_key(n));
        if let Some(first) = missing.and_then(|n| search.families().nth(n)) {
            return Err(Error::parse(format!(
                "{} of the {total} families are in no file, the first {} (index {} of {}); merge every shard's file",
                total - records.len(),
                first.template(),
                first.index,
                first.space
            )));
        }
    }
    Ok(records.into_values().map(|(r, _)| r).collect())
}

#[cfg(test)]
mod tests {
    use grundy_fit::{Key, Options};

    use super::*;
    use crate::laws::search::{LawSpec, Outcome, Stop};
    use crate::laws::space::Span;

    fn search() -> LawSearch {
        LawSearch::new(LawSpec {
            spaces: vec!["linear:2".parse().unwrap()],
            coefficients: Span { lo: 1, hi: 2 },
            shifts: Span { lo: -1, hi: 1 },
            fit: Span { lo: 1, hi: 10 },
            validate: Span { lo: 1, hi: 20 },
            keys: vec![Key::Period],
            options: Options::default(),
        })
        .unwrap()
    }

    fn options() -> RunOptions {
        RunOptions { jobs: 1, ..RunOptions::default() }
    }

    /// Every family's record, in order, and their JSON lines.
    fn whole(s: &LawSearch) -> (Vec<FamilyLaws>, String) {
        let mut records = Vec::new();
        let outcome =
            s.run(&options(), None, &mut |r| records.push(r)).unwrap();
        assert_eq!(outcome.stop, Stop::Complete);
        let text: String =
            records.iter().map(|r| line(r).unwrap() + "\n").collect();
        (records, text)
    }

    /// The shards' records, merged, are those of one run, in its order,
    /// for any number of shards (more shards than families too).
    #[test]
    fn shards_merge_into_one_run() {
        let s = search();
        let (records, _) = whole(&s);
        assert!(records.len() >= 4, "{}", records.len());
        for count in [1, 2, 3, 7] {
            let mut texts = Vec::new();
            for index in 0..count {
                let shard = Shard { index, count };
                let mut text = String::new();
                s.run_where(
                    &options(),
                    None,
                    &|n| shard.contains(n as u64),
                    &mut |_, r| text += &(line(&r).unwrap() + "\n"),
                )
                .unwrap();
                texts.push((format!("{index}.jsonl"), text));
            }
            // In any order of the files.
            texts.reverse();
            let files: Vec<(&Path, &str)> = texts
                .iter()
                .map(|(p, t)| (Path::new(p.as_str()), t.as_str()))
                .collect();
            assert_eq!(merge(&s, files).unwrap(), records, "{count} shards");
        }
    }

    /// A family twice, a family missing, a line of another search, and a
    /// line edited are refused, each naming the file and line.
    #[test]
    fn merge_refuses_what_one_run_would_not_write() {
        let s = search();
        let (records, text) = whole(&s);
        let merged = |t: &str| merge(&s, [(Path::new("s.jsonl"), t)]);
        assert_eq!(merged(&text).unwrap(), records);

        let twice = format!("{text}{}", text.lines().next().unwrap());
        let e = merged(&twice).unwrap_err();
        let n = records.len() + 1;
        assert!(
            e.message().starts_with(&format!(
                "\"s.jsonl\" line {n} holds a,a+1 (index 0 of linear:2) again, after \"s.jsonl\" line 1"
            )),
            "{e}"
        );
        let short: String =
            text.lines().skip(1).map(|l| format!("{l}\n")).collect();
        let e = merged(&short).unwrap_err();
        assert!(
            e.message().starts_with("1 of the ")
                && e.message()
                    .contains("the first a,a+1 (index 0 of linear:2)"),
            "{e}"
        );
        let edited = text.replacen("\"rows\":", "\"rows\": ", 1);
        let e = merged(&edited).unwrap_err();
        assert!(e.message().contains("line 1 has a record"), "{e}");
        // Fitted on other ranges: the record of another search.
        let other = text.replacen("a=1..10", "a=1..12", 1);
        let e = merged(&other).unwrap_err();
        assert!(
            e.message().contains(
                "it was fitted on a=1..12 and validated on a=1..20, this search fits it on a=1..10"
            ),
            "{e}"
        );
        let e = merged("{}\n").unwrap_err();
        assert!(
            e.message().starts_with(
                "\"s.jsonl\" line 1 is not a record of grundy laws"
            ),
            "{e}"
        );
    }

    /// A search stopped part way and resumed from its journal writes the
    /// records of one run; the journal of another search, or without
    /// resume, is refused.
    #[test]
    fn a_resumed_search_ends_as_one_run() {
        let dir = tempfile::tempdir().unwrap();
        let path = dir.path().join("laws.jsonl.journal");
        let s = search();
        let (records, _) = whole(&s);
        // Stopped after two families (the cancel flag, as Ctrl-C sets it).
        let stopping = options();
        {
            let (mut j, resumed) =
                LawJournal::open(&path, &s, Shard::ALL, &stopping, false)
                    .unwrap();
            assert!(resumed.is_empty());
            let flag = stopping.cancel.clone();
            let mut n = 0;
            let outcome = s
                .run_where(&stopping, None, &|_| true, &mut |number, r| {
                    j.append(number, &r).unwrap();
                    n += 1;
                    if n == 2 {
                        flag.store(true, std::sync::atomic::Ordering::Relaxed);
                    }
                })
                .unwrap();
            assert_eq!(outcome, Outcome { done: 2, stop: Stop::Cancelled });
        }
        let e = LawJournal::open(&path, &s, Shard::ALL, &options(), false)
            .unwrap_err();
        assert_eq!(e.kind(), ErrorKind::Unfinished);
        let half = Shard { index: 0, count: 2 };
        let e =
            LawJournal::open(&path, &s, half, &options(), true).unwrap_err();
        assert_eq!(e.kind(), ErrorKind::OtherSweep);
        let (mut j, resumed) =
            LawJournal::open(&path, &s, Shard::ALL, &options(), true).unwrap();
        assert_eq!(resumed.keys().copied().collect::<Vec<_>>(), [0, 1]);
        let kept: Vec<usize> = resumed.keys().copied().collect();
        let mut all = resumed;
        s.run_where(
            &options(),
            None,
            &|n| !kept.contains(&n),
            &mut |number, r| {
                j.append(number, &r).unwrap();
                all.insert(number, r);
            },
        )
        .unwrap();
        assert_eq!(all.into_values().collect::<Vec<_>>(), records);
        j.remove().unwrap();
        assert!(!path.exists());
    }

    /// A record edited in the journal (its CRC made to match) is refused
    /// in one line, never copied into the output.
    #[test]
    fn an_edited_journal_is_refused() {
        let dir = tempfile::tempdir().unwrap();
        let path = dir.path().join("laws.jsonl.journal");
        let s = search();
        let (records, _) = whole(&s);
        let id = fingerprint(&identity(&s, Shard::ALL, &options()));
        {
            let (mut j, _) =
                LawJournal::open(&path, &s, Shard::ALL, &options(), false)
                    .unwrap();
            j.append(0, &records[0]).unwrap();
            drop(j);
            // Family 1's record filed as family 2's.
            let (mut raw, _) =
                crate::journal::Journal::open(&path, &id, true).unwrap();
            raw.append(2, &line(&records[1]).unwrap()).unwrap();
            raw.flush().unwrap();
        }
        let e = LawJournal::open(&path, &s, Shard::ALL, &options(), true)
            .unwrap_err();
        assert_eq!(e.kind(), ErrorKind::BadFile);
        assert!(
            e.message().contains(&format!(
                "has a record of family 2 for {} (index {} of linear:2), but that family of this search is {}",
                records[1].family, records[1].index, records[2].family
            )),
            "{e}"
        );
    }
}
