//! Merging shards: the files of `--shard I/N` runs put back together into
//! the file one machine would have written, byte for byte.
//!
//! A family lists its sets in increasing order of their parameter tuples
//! (for subsets, of their elements), so the merged order is the sort order
//! of that key ([`crate::format`]), whichever shards the rows came from and
//! in whatever order the files are given. Rows are copied as they are;
//! headers must agree, and a row in two files (a shard given twice) is an
//! error. A missing shard cannot be noticed here: compare the row count
//! with the family's size.

use std::io::{self, Write};
use std::path::Path;

use indexmap::IndexMap;
use serde::de::IgnoredAny;

use crate::error::{Error, ErrorKind, Result};
use crate::format::{Format, Layout, key};

/// Shard files merged: the header (CSV) and the rows in family order.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Merged<'a> {
    /// The CSV header line (without its newline); none for JSON Lines.
    pub header: Option<&'a str>,
    /// The rows, in family order (without newlines).
    pub lines: Vec<&'a str>,
}

impl Merged<'_> {
    /// Writes the merged file: the header, then one row per line.
    pub fn write_to(&self, out: &mut dyn Write) -> io::Result<()> {
        if let Some(h) = self.header {
            writeln!(out, "{h}")?;
        }
        for line in &self.lines {
            writeln!(out, "{line}")?;
        }
        Ok(())
    }
}

/// Merges the contents of shard files (each named by its path, for
/// messages), given in any order.
///
/// ```
/// use std::path::Path;
/// let head = "a,set,preperiod,period,saltus,outcome_preperiod,outcome_period,max_value,positions,status";
/// let s0 = format!("{head}\n1,1,0,2,0,0,2,1,2,found\n3,3,0,6,0,0,6,1,6,found\n");
/// let s1 = format!("{head}\n2,2,0,4,0,0,4,1,4,found\n");
/// let files = [(Path::new("s1.csv"), s1.as_str()), (Path::new("s0.csv"), s0.as_str())];
/// let merged = grundy_sweep::merge(files)?;
/// assert_eq!(merged.lines[0], "1,1,0,2,0,0,2,1,2,found");
/// assert_eq!(merged.lines[1], "2,2,0,4,0,0,4,1,4,found");
/// assert_eq!(merged.lines.len(), 3);
/// # Ok::<(), grundy_sweep::Error>(())
/// ```
pub fn merge<'a>(
    files: impl IntoIterator<Item = (&'a Path, &'a str)>,
) -> Result<Merged<'a>> {
    let mut header: Option<(&str, &Path)> = None;
    let mut layout: Option<Layout> = None;
    let mut rows = Vec::new();
    for (file, text) in files {
        let shown = file.display();
        let bad = |msg: String| Error::file(ErrorKind::BadFile, file, msg);
        if text.is_empty() {
            continue;
        }
        let mut lines = text.lines();
        let (this, first_line) = if text.starts_with('{') {
            let first = text.lines().next().unwrap_or("");
            let map: IndexMap<String, IgnoredAny> =
                serde_json::from_str(first).map_err(|e| {
                    bad(format!(
                        "\"{shown}\" is not a sweep file (JSON Lines): {e}"
                    ))
                })?;
            let params: Vec<String> =
                map.keys().take_while(|k| *k != "set").cloned().collect();
            (Layout::new(Format::Jsonl, params), 1)
        } else {
            let head = lines.next().unwrap_or("");
            let cols: Vec<&str> = head.split(',').collect();
            let Some(at) = cols.iter().position(|&c| c == "set") else {
                return Err(bad(format!(
                    "\"{shown}\" is not a sweep file: its first line has no \"set\" column"
                )));
            };
            match &header {
                Some((h, other)) if *h != head => {
                    return Err(bad(format!(
                        "\"{}\" and \"{shown}\" have different headers; merge only shards of one sweep",
                        other.display()
                    )));
                }
                _ => header = Some((head, file)),
            }
            (Layout::new(Format::Csv, cols[..at].iter().copied()), 2)
        };
        match &layout {
            Some(l) if *l != this => {
                return Err(bad(format!(
                    "\"{shown}\" is not from the same sweep as the files before it (format or parameters differ)"
                )));
            }
            _ => layout = Some(this.clone()),
        }
        for (n, line) in lines.enumerate() {
            let row = this.parse(line).map_err(|e| {
                bad(format!(
                    "\"{shown}\" line {}: not a sweep row: {e}",
                    n + first_line
                ))
            })?;
            rows.push((key(&row), line, file));
        }
    }
    rows.sort_by(|a, b| a.0.cmp(&b.0));
    if let Some(w) = rows.windows(2).find(|w| w[0].0 == w[1].0) {
        return Err(Error::file(
            ErrorKind::BadFile,
            w[1].2,
            format!(
                "row \"{}\" appears in both \"{}\" and \"{}\"; give each shard once",
                w[1].1,
                w[0].2.display(),
                w[1].2.display()
            ),
        ));
    }
    Ok(Merged {
        header: header.map(|(h, _)| h),
        lines: rows.into_iter().map(|(_, line, _)| line).collect(),
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    const HEAD: &str = "a,set,preperiod,period,saltus,outcome_preperiod,outcome_period,max_value,positions,status";

    fn csv(rows: &[&str]) -> String {
        let mut s = format!("{HEAD}\n");
        for r in rows {
            s += r;
            s.push('\n');
        }
        s
    }

    #[test]
    fn rows_in_family_order_and_duplicates_refused() {
        let a =
            csv(&["2,2,0,4,0,0,4,1,4,found", "10,10,0,20,0,0,20,1,20,found"]);
        let b = csv(&["1,1,0,2,0,0,2,1,2,found"]);
        let files =
            [(Path::new("a"), a.as_str()), (Path::new("b"), b.as_str())];
        let m = merge(files).unwrap();
        assert_eq!(m.header, Some(HEAD));
        let firsts: Vec<&str> =
            m.lines.iter().map(|l| l.split(',').next().unwrap()).collect();
        assert_eq!(firsts, ["1", "2", "10"], "numeric, not text, order");
        let mut out = Vec::new();
        m.write_to(&mut out).unwrap();
        assert_eq!(out.iter().filter(|&&c| c == b'\n').count(), 4);
        let files =
            [(Path::new("b"), b.as_str()), (Path::new("c"), b.as_str())];
        let e = merge(files).unwrap_err();
        assert!(e.to_string().contains("appears in both \"b\" and \"c\""));
    }

    #[test]
    fn files_of_other_sweeps_are_refused() {
        let a = csv(&["1,1,0,2,0,0,2,1,2,found"]);
        let b = "b,set,preperiod,period,saltus,outcome_preperiod,outcome_period,max_value,positions,status\n";
        let files = [(Path::new("a"), a.as_str()), (Path::new("b"), b)];
        let e = merge(files).unwrap_err();
        assert!(e.to_string().contains("different headers"), "{e}");
        let j = r#"{"a":1,"set":"1","preperiod":0,"period":2,"saltus":0,"outcome_preperiod":0,"outcome_period":2,"max_value":1,"positions":2,"status":"found"}"#;
        let files = [(Path::new("a"), a.as_str()), (Path::new("j"), j)];
        let e = merge(files).unwrap_err();
        assert!(e.to_string().contains("not from the same sweep"), "{e}");
        let broken = format!("{j}\n{{\"a\":2}}\n");
        let e = merge([(Path::new("j"), broken.as_str())]).unwrap_err();
        assert!(
            e.to_string().starts_with("\"j\" line 2: not a sweep row: keys"),
            "{e}"
        );
        let e = merge([(Path::new("x"), "hello\n")]).unwrap_err();
        assert!(e.to_string().contains("no \"set\" column"), "{e}");
        assert_eq!(e.path(), Some(Path::new("x")));
    }
}
