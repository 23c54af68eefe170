//! Sweep rows as CSV or JSON Lines, and back.
//!
//! The columns/keys are a contract (README, issue 4): the parameter names,
//! then `set`, `preperiod`, `period`, `saltus`, `outcome_preperiod`,
//! `outcome_period`, `max_value`, `positions`, `status`. A value that does
//! not exist (no result; `max_value` of an all-but set) is an empty CSV
//! field or JSON `null`. Every row is one line, so whole rows can be
//! appended to a journal and files can be merged line by line. Rows are
//! also read back (resumed journals, `grundy merge`) with the csv and
//! serde_json crates.

use anyhow::{Context, bail};
use grundy::sweep::{Evaluation, Found, RESULT_COLUMNS, Row};
use grundy::{StopReason, Stopped as NotFound};
use indexmap::IndexMap;
use serde_json::Value;

/// `--format`.
#[derive(Clone, Copy, Debug, PartialEq, Eq, clap::ValueEnum)]
pub enum Format {
    /// Comma-separated values with a header line.
    Csv,
    /// One JSON object per line.
    Jsonl,
}

impl Format {
    pub fn name(self) -> &'static str {
        match self {
            Format::Csv => "csv",
            Format::Jsonl => "jsonl",
        }
    }
}

/// How rows of one sweep are written: format and parameter names.
#[derive(Clone, Debug)]
pub struct Layout {
    pub format: Format,
    pub params: Vec<String>,
}

impl Layout {
    /// The CSV header line (with its newline); nothing for JSON Lines.
    pub fn header(&self) -> String {
        match self.format {
            Format::Csv => {
                let mut cols: Vec<&str> =
                    self.params.iter().map(String::as_str).collect();
                cols.extend(RESULT_COLUMNS);
                cols.join(",") + "\n"
            }
            Format::Jsonl => String::new(),
        }
    }

    /// One row as a line, without the newline.
    pub fn format(&self, row: &Row) -> String {
        let found = row.result.found();
        let num = |f: fn(&Found) -> Option<u64>| found.and_then(f);
        let positions = match &row.result {
            Evaluation::Found(f) => Some(f.positions),
            Evaluation::NotFound(e) => Some(e.done),
            Evaluation::Error(_) => None,
        };
        let results: [Option<u64>; 7] = [
            num(|f| Some(f.preperiod)),
            num(|f| Some(f.period)),
            num(|f| Some(f.saltus)),
            num(|f| Some(f.outcome_preperiod)),
            num(|f| Some(f.outcome_period)),
            num(|f| f.max_value),
            positions,
        ];
        let mut line = String::with_capacity(96);
        match self.format {
            Format::Csv => {
                for p in &row.params {
                    line += &p.to_string();
                    line.push(',');
                }
                if row.set.contains([',', '"']) {
                    line.push('"');
                    line += &row.set.replace('"', "\"\"");
                    line.push('"');
                } else {
                    line += &row.set;
                }
                for r in results {
                    line.push(',');
                    if let Some(v) = r {
                        line += &v.to_string();
                    }
                }
                line.push(',');
                line += row.result.status();
            }
            Format::Jsonl => {
                line.push('{');
                for (name, p) in self.params.iter().zip(&row.params) {
                    line += &serde_json::to_string(name).expect("string");
                    line.push(':');
                    line += &p.to_string();
                    line.push(',');
                }
                line += "\"set\":";
                line += &serde_json::to_string(&row.set).expect("string");
                for (name, r) in RESULT_COLUMNS[1..8].iter().zip(results) {
                    line += &format!(",\"{name}\":");
                    match r {
                        Some(v) => line += &v.to_string(),
                        None => line += "null",
                    }
                }
                line += ",\"status\":\"";
                line += row.result.status();
                line += "\"}";
            }
        }
        line
    }

    /// Reads a line written by [`Layout::format`] back (index 0).
    pub fn parse(&self, line: &str) -> anyhow::Result<Row> {
        let fields: Vec<Option<String>> = match self.format {
            Format::Csv => {
                let mut reader = csv::ReaderBuilder::new()
                    .has_headers(false)
                    .from_reader(line.as_bytes());
                let record = reader
                    .records()
                    .next()
                    .context("empty line")?
                    .context("not a CSV row")?;
                record
                    .iter()
                    .map(|f| (!f.is_empty()).then(|| f.to_string()))
                    .collect()
            }
            Format::Jsonl => {
                let map: IndexMap<String, Value> =
                    serde_json::from_str(line).context("not a JSON object")?;
                let keys: Vec<&str> = map.keys().map(String::as_str).collect();
                let want: Vec<&str> = self
                    .params
                    .iter()
                    .map(String::as_str)
                    .chain(RESULT_COLUMNS)
                    .collect();
                if keys != want {
                    bail!("keys {keys:?}, expected {want:?}");
                }
                map.into_values()
                    .map(|v| match v {
                        Value::Null => None,
                        Value::String(s) => Some(s),
                        other => Some(other.to_string()),
                    })
                    .collect()
            }
        };
        let p = self.params.len();
        if fields.len() != p + RESULT_COLUMNS.len() {
            bail!(
                "{} fields, expected {}",
                fields.len(),
                p + RESULT_COLUMNS.len()
            );
        }
        let int = |i: usize| -> anyhow::Result<Option<u64>> {
            fields[i]
                .as_deref()
                .map(|s| s.parse::<u64>().context("not a number"))
                .transpose()
        };
        let need = |i: usize| -> anyhow::Result<u64> {
            int(i)?.with_context(|| {
                format!("{} is missing", RESULT_COLUMNS[i - p])
            })
        };
        let params = fields[..p]
            .iter()
            .map(|f| {
                f.as_deref()
                    .context("parameter missing")?
                    .parse::<i64>()
                    .context("parameter is not an integer")
            })
            .collect::<anyhow::Result<Vec<i64>>>()?;
        let set = fields[p].clone().context("set missing")?;
        let status = fields[p + 8].as_deref().unwrap_or("");
        let result = match status {
            "found" => Evaluation::Found(Found {
                preperiod: need(p + 1)?,
                period: need(p + 2)?,
                saltus: need(p + 3)?,
                outcome_preperiod: need(p + 4)?,
                outcome_period: need(p + 5)?,
                max_value: int(p + 6)?,
                positions: need(p + 7)?,
            }),
            "not found" => Evaluation::NotFound(NotFound {
                done: need(p + 7)?,
                limit: 0,
                unit: grundy::Unit::Positions,
                reason: StopReason::Positions,
            }),
            "error" => Evaluation::Error(String::new()),
            other => bail!("unknown status \"{other}\""),
        };
        Ok(Row { index: 0, params, set, result })
    }
}

/// The merge key of a row: its parameters, then its set's elements. Rows
/// of one family come in increasing key order (see `grundy::sweep`).
pub fn key(row: &Row) -> (Vec<i64>, Vec<u64>) {
    let body =
        row.set.strip_prefix(grundy::ALL_BUT_PREFIX).unwrap_or(&row.set);
    let elements =
        body.split(',').filter_map(|e| e.trim().parse().ok()).collect();
    (row.params.clone(), elements)
}

#[cfg(test)]
mod tests {
    use super::*;

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
                result: Evaluation::NotFound(NotFound {
                    done: 99,
                    limit: 0,
                    unit: grundy::Unit::Positions,
                    reason: StopReason::Positions,
                }),
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
        let l = Layout {
            format: Format::Csv,
            params: vec!["a".into(), "b".into()],
        };
        assert_eq!(
            l.header(),
            "a,b,set,preperiod,period,saltus,outcome_preperiod,outcome_period,max_value,positions,status\n"
        );
        let lines: Vec<String> = rows().iter().map(|r| l.format(r)).collect();
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
        let l = Layout {
            format: Format::Jsonl,
            params: vec!["a".into(), "b".into()],
        };
        assert_eq!(l.header(), "");
        let lines: Vec<String> = rows().iter().map(|r| l.format(r)).collect();
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
    fn keys_order_like_the_family() {
        let mut r = rows()[1].clone();
        assert_eq!(key(&r), (vec![3, 4], vec![2, 3]));
        r.set = "nim".into();
        assert_eq!(key(&r).1, Vec::<u64>::new());
    }
}
