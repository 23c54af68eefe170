//! Sweep rows as CSV or JSON Lines, and back.
//!
//! The columns/keys are a contract (README, issue 4): the parameter names,
//! then [`RESULT_COLUMNS`]. A value that does not exist (no result;
//! `max_value` of an all-but set) is an empty CSV field or JSON `null`.
//! Every row is one line, so whole rows can be appended to a journal and
//! files can be merged line by line. Rows are written and read with the
//! `csv` crate (a row is serialised as its parameters, then [`Columns`])
//! and with `serde_json` (a [`Record`]).

use std::borrow::Cow;

use grundy::ALL_BUT_PREFIX;
use indexmap::IndexMap;
use serde_json::Value;

use crate::error::{Error, ErrorKind, Result};
use crate::row::{Columns, RESULT_COLUMNS, Record, Row};

/// The file format of rows.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Format {
    /// Comma-separated values with a header line.
    Csv,
    /// One JSON object per line.
    Jsonl,
}

impl Format {
    /// `csv` or `jsonl`.
    pub fn name(self) -> &'static str {
        match self {
            Format::Csv => "csv",
            Format::Jsonl => "jsonl",
        }
    }
}

/// How rows of one sweep are written: format and parameter names.
///
/// ```
/// use grundy_sweep::Evaluation;
/// use grundy_sweep::{Format, Layout, Row};
/// let layout = Layout::new(Format::Csv, ["a"]);
/// assert_eq!(
///     layout.header(),
///     "a,set,preperiod,period,saltus,outcome_preperiod,outcome_period,max_value,positions,status\n"
/// );
/// let row = Row {
///     index: 0,
///     params: vec![2],
///     set: "2,0".into(),
///     result: Evaluation::Error("element \"a-2\" is 0".into()),
/// };
/// let line = layout.line(&row);
/// assert_eq!(line, "2,\"2,0\",,,,,,,,error");
/// // What a file keeps of the row (not the error's message).
/// let back = layout.parse(&line)?;
/// assert_eq!((back.params, back.set), (vec![2], "2,0".to_string()));
/// # Ok::<(), grundy_sweep::Error>(())
/// ```
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Layout {
    /// The format.
    pub format: Format,
    /// The parameter names, in the family's order.
    pub params: Vec<String>,
}

impl Layout {
    /// A layout for rows with these parameter names.
    pub fn new(
        format: Format,
        params: impl IntoIterator<Item = impl Into<String>>,
    ) -> Layout {
        Layout { format, params: params.into_iter().map(Into::into).collect() }
    }

    /// The CSV header line (with its newline); nothing for JSON Lines.
    pub fn header(&self) -> String {
        match self.format {
            Format::Csv => {
                let mut w = csv_writer();
                let cols = self.params.iter().map(String::as_str);
                w.write_record(cols.chain(RESULT_COLUMNS))
                    .expect("writing to memory cannot fail");
                let bytes = w.into_inner().expect("writing to memory");
                String::from_utf8(bytes).expect("the names are text")
            }
            Format::Jsonl => String::new(),
        }
    }

    /// One row as a line, without the newline. To write many rows, a
    /// [`Lines`] writer (from [`Layout::lines`]) saves setting up the CSV
    /// writer each time.
    pub fn line(&self, row: &Row) -> String {
        self.lines().line(row)
    }

    /// A writer of lines that keeps its buffers from row to row.
    pub fn lines(&self) -> Lines<'_> {
        Lines { layout: self, csv: csv_writer(), start: 0 }
    }

    /// The row with its parameters named.
    pub fn record(&self, row: &Row) -> Record {
        Record::of(&self.params, row)
    }

    /// Reads a line written by [`Layout::line`] back (index 0; see
    /// [`crate::Columns::evaluation`] for what a file keeps).
    pub fn parse(&self, line: &str) -> Result<Row> {
        let bad = |why: String| Error::new(ErrorKind::BadFile, why);
        let p = self.params.len();
        let fields = p + RESULT_COLUMNS.len();
        let (params, columns): (Vec<Cow<'_, str>>, Columns) = match self.format
        {
            Format::Csv => {
                let mut reader = csv::ReaderBuilder::new()
                    .has_headers(false)
                    .from_reader(line.as_bytes());
                let record = reader
                    .records()
                    .next()
                    .ok_or_else(|| bad("empty line".into()))?
                    .map_err(|e| bad(format!("not a CSV row: {e}")))?;
                if record.len() != fields {
                    return Err(bad(format!(
                        "{} fields, expected {fields}",
                        record.len()
                    )));
                }
                let rest: csv::StringRecord = record.iter().skip(p).collect();
                let columns = rest
                    .deserialize(None)
                    .map_err(|e| bad(describe_csv(&e)))?;
                let params = record
                    .iter()
                    .take(p)
                    .map(|s| Cow::Owned(s.to_string()))
                    .collect();
                (params, columns)
            }
            Format::Jsonl => {
                let map: IndexMap<String, Value> = serde_json::from_str(line)
                    .map_err(|e| bad(format!("not a JSON object: {e}")))?;
                let keys: Vec<&str> = map.keys().map(String::as_str).collect();
                let want: Vec<&str> = self
                    .params
                    .iter()
                    .map(String::as_str)
                    .chain(RESULT_COLUMNS)
                    .collect();
                if keys != want {
                    return Err(bad(format!(
                        "keys {keys:?}, expected {want:?}"
                    )));
                }
                let mut values = map.into_values();
                let params = values
                    .by_ref()
                    .take(p)
                    .map(|v| match v {
                        Value::Null => Cow::Borrowed(""),
                        Value::String(s) => Cow::Owned(s),
                        other => Cow::Owned(other.to_string()),
                    })
                    .collect();
                let rest: serde_json::Map<String, Value> = RESULT_COLUMNS
                    .iter()
                    .map(|k| k.to_string())
                    .zip(values)
                    .collect();
                let columns = serde_json::from_value(Value::Object(rest))
                    .map_err(|e| bad(e.to_string()))?;
                (params, columns)
            }
        };
        let params = params
            .iter()
            .map(|f| {
                if f.is_empty() {
                    return Err(bad("parameter missing".into()));
                }
                f.parse::<i64>()
                    .map_err(|_| bad("parameter is not an integer".into()))
            })
            .collect::<Result<Vec<i64>>>()?;
        let result = columns.evaluation().map_err(bad)?;
        Ok(Row { index: 0, params, set: columns.set, result })
    }
}

fn csv_writer() -> csv::Writer<Vec<u8>> {
    csv::WriterBuilder::new()
        .has_headers(false)
        .terminator(csv::Terminator::Any(b'\n'))
        .from_writer(Vec::new())
}

fn describe_csv(e: &csv::Error) -> String {
    match e.kind() {
        csv::ErrorKind::Deserialize { err, .. } => match err.field() {
            Some(i) => {
                format!("{}: {}", RESULT_COLUMNS[i as usize], err.kind())
            }
            None => err.kind().to_string(),
        },
        _ => e.to_string(),
    }
}

/// Writes rows as lines, keeping its buffers from row to row (see
/// [`Layout::lines`]).
#[derive(Debug)]
pub struct Lines<'a> {
    layout: &'a Layout,
    csv: csv::Writer<Vec<u8>>,
    /// Where the next line starts in the CSV writer's output.
    start: usize,
}

impl Lines<'_> {
    /// One row as a line, without the newline.
    pub fn line(&mut self, row: &Row) -> String {
        match self.layout.format {
            Format::Csv => {
                self.csv
                    .serialize((&row.params, row.columns()))
                    .expect("rows serialise to CSV");
                self.csv.flush().expect("writing to memory cannot fail");
                let out = self.csv.get_ref();
                let end = out.len() - 1; // without the newline
                let line = std::str::from_utf8(&out[self.start..end])
                    .expect("rows are text")
                    .to_string();
                self.start = out.len();
                if self.start >= 1 << 16 {
                    // Start again with the buffer emptied (the writer
                    // has no way to empty it in place).
                    self.csv = csv_writer();
                    self.start = 0;
                }
                line
            }
            Format::Jsonl => serde_json::to_string(&self.layout.record(row))
                .expect("rows serialise to JSON"),
        }
    }
}

/// The merge key of a row: its parameters, then its set's elements. Rows
/// of one family come in increasing key order (see [`crate::Family`]).
pub(crate) fn key(row: &Row) -> (Vec<i64>, Vec<u64>) {
    let body = row.set.strip_prefix(ALL_BUT_PREFIX).unwrap_or(&row.set);
    let elements =
        body.split(',').filter_map(|e| e.trim().parse().ok()).collect();
    (row.params.clone(), elements)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::evaluate::{Evaluation, Found};
    use grundy::{StopReason, Stopped as NotFound};
    use proptest::prelude::*;

    fn rows() -> Vec<Row> {
        let found = Found {
            preperiod: 2,
            period: 7,
            saltus: 0,
            outcome_preperiod: 1,
            outcome_period: 7,
            max_value: Some(3),
            positions: 40,
        };
        vec![
            Row {
                index: 0,
                params: vec![1, -2],
                set: "1,2,5".into(),
                result: Evaluation::Found(found),
            },
            Row {
                index: 0,
                params: vec![3, 4],
                set: "all-but:2,3".into(),
                result: Evaluation::Found(Found {
                    max_value: None,
                    saltus: 2,
                    ..found
                }),
            },
            Row {
                index: 0,
                params: vec![5, 6],
                set: "5".into(),
                result: Evaluation::NotFound(NotFound::new(
                    StopReason::Positions,
                    99,
                    0,
                    grundy::Unit::Positions,
                )),
            },
            Row {
                index: 0,
                params: vec![7, 8],
                set: "0,1".into(),
                result: Evaluation::Error(String::new()),
            },
        ]
    }

    #[test]
    fn csv_lines() {
        let l = Layout::new(Format::Csv, ["a", "b"]);
        assert_eq!(
            l.header(),
            "a,b,set,preperiod,period,saltus,outcome_preperiod,outcome_period,max_value,positions,status\n"
        );
        let mut lines = l.lines();
        let lines: Vec<String> =
            rows().iter().map(|r| lines.line(r)).collect();
        assert_eq!(
            lines,
            [
                "1,-2,\"1,2,5\",2,7,0,1,7,3,40,found",
                "3,4,\"all-but:2,3\",2,7,2,1,7,,40,found",
                "5,6,5,,,,,,,99,not found",
                "7,8,\"0,1\",,,,,,,,error",
            ]
        );
        for (line, row) in lines.iter().zip(rows()) {
            assert_eq!(l.parse(line).unwrap(), row);
        }
    }

    #[test]
    fn jsonl_lines() {
        let l = Layout::new(Format::Jsonl, ["a", "b"]);
        assert_eq!(l.header(), "");
        let lines: Vec<String> = rows().iter().map(|r| l.line(r)).collect();
        assert_eq!(
            lines[0],
            r#"{"a":1,"b":-2,"set":"1,2,5","preperiod":2,"period":7,"saltus":0,"outcome_preperiod":1,"outcome_period":7,"max_value":3,"positions":40,"status":"found"}"#
        );
        for line in &lines {
            let v: Value = serde_json::from_str(line).unwrap();
            assert!(v.is_object());
        }
        for (line, row) in lines.iter().zip(rows()) {
            assert_eq!(l.parse(line).unwrap(), row);
        }
        assert!(l.parse("{\"a\":1}").is_err());
    }

    #[test]
    fn sets_that_need_quotes() {
        // The set of an invalid member is the failing expression as
        // written; quotes inside are doubled.
        let l = Layout::new(Format::Csv, ["a"]);
        let row = Row {
            index: 0,
            params: vec![1],
            set: "if(a==1,\"x\",2)".into(),
            result: Evaluation::Error("no".into()),
        };
        let line = l.line(&row);
        assert_eq!(line, "1,\"if(a==1,\"\"x\"\",2)\",,,,,,,,error");
        assert_eq!(l.parse(&line).unwrap().set, row.set);
    }

    #[test]
    fn a_long_run_of_lines_is_the_same_as_one_at_a_time() {
        // Past the point where the writer starts its buffer again.
        let l = Layout::new(Format::Csv, ["a", "b"]);
        let mut lines = l.lines();
        for i in 0..5000 {
            let mut row = rows()[i % 4].clone();
            row.params[0] = i as i64;
            assert_eq!(lines.line(&row), l.line(&row));
        }
    }

    #[test]
    fn bad_lines_say_why() {
        let l = Layout::new(Format::Csv, ["a"]);
        let e = l.parse("1,2").unwrap_err();
        assert_eq!(e.to_string(), "2 fields, expected 10");
        let e = l.parse("x,5,,,,,,,99,not found").unwrap_err();
        assert_eq!(e.to_string(), "parameter is not an integer");
        let e = l.parse("1,5,,,,,,,99,lost").unwrap_err();
        assert!(e.to_string().contains("unknown variant `lost`"), "{e}");
        let e = l.parse("1,5,,,,,,,,found").unwrap_err();
        assert_eq!(e.to_string(), "preperiod is missing");
        let j = Layout::new(Format::Jsonl, ["a"]);
        let e = j.parse("{\"set\":\"1\"}").unwrap_err();
        assert!(e.to_string().starts_with("keys [\"set\"]"), "{e}");
    }

    /// The hand-made writer these files were first written with: quote
    /// the set if it holds a comma or a quote, doubling quotes; numbers as
    /// Rust prints them; an absent value empty. Files written before the
    /// `csv` crate took over must stay byte for byte the same.
    fn reference_csv(row: &Row) -> String {
        let c = row.columns();
        let mut line = String::new();
        for p in &row.params {
            line += &format!("{p},");
        }
        if row.set.contains([',', '"']) {
            line += &format!("\"{}\"", row.set.replace('"', "\"\""));
        } else {
            line += &row.set;
        }
        for v in [
            c.preperiod,
            c.period,
            c.saltus,
            c.outcome_preperiod,
            c.outcome_period,
            c.max_value,
            c.positions,
        ] {
            line +=
                &format!(",{}", v.map_or(String::new(), |v| v.to_string()));
        }
        line + "," + c.status.as_str()
    }

    fn arb_row() -> impl Strategy<Value = Row> {
        let found = (
            any::<u64>(),
            any::<u64>(),
            any::<u64>(),
            any::<u64>(),
            any::<u64>(),
            proptest::option::of(any::<u64>()),
            any::<u64>(),
        )
            .prop_map(|(l, p, s, ol, op, m, n)| {
                Evaluation::Found(Found {
                    preperiod: l,
                    period: p,
                    saltus: s,
                    outcome_preperiod: ol,
                    outcome_period: op,
                    max_value: m,
                    positions: n,
                })
            });
        let not_found = any::<u64>().prop_map(Evaluation::not_found);
        let result = prop_oneof![
            found,
            not_found,
            Just(Evaluation::Error(String::new()))
        ];
        // Sets as rows hold them: notation, or (invalid members) numbers
        // and expression text, with commas, quotes, spaces and brackets.
        let set = "[0-9a-z,:\" ()+*/=-]{1,24}";
        (prop::collection::vec(any::<i64>(), 0..4), set, result).prop_map(
            |(params, set, result)| Row { index: 0, params, set, result },
        )
    }

    proptest::proptest! {
        #![proptest_config(proptest::prelude::ProptestConfig::with_cases(2000))]

        #[test]
        fn csv_lines_match_the_reference_and_read_back(row in arb_row()) {
            let names: Vec<String> =
                (0..row.params.len()).map(|i| format!("p{i}")).collect();
            let l = Layout::new(Format::Csv, names.clone());
            let line = l.line(&row);
            proptest::prop_assert_eq!(&line, &reference_csv(&row));
            proptest::prop_assert_eq!(l.parse(&line).unwrap(), row.clone());
            let j = Layout::new(Format::Jsonl, names);
            proptest::prop_assert_eq!(j.parse(&j.line(&row)).unwrap(), row);
        }
    }

    #[test]
    fn keys_order_like_the_family() {
        let mut r = rows()[1].clone();
        assert_eq!(key(&r), (vec![3, 4], vec![2, 3]));
        r.set = "nim".into();
        assert_eq!(key(&r).1, Vec::<u64>::new());
    }
}
