//! Reading a sweep's rows from text (`grundy sweep --format csv` or
//! `jsonl`), for `grundy fit --from FILE`. Pure: the caller reads the file.
//!
//! The sweep's row contract (docs/SWEEPS.md) puts the parameter names
//! first, then `set`, then the result columns; so the parameters are the
//! columns before `set`. Empty CSV fields and JSON `null` are missing
//! values (`not found` and `error` rows).

use indexmap::IndexMap;

use crate::data::{FitRow, FitTable, Key};
use crate::error::{Error, Result};

/// Parses a sweep's CSV (with its header) or JSON Lines into a table for
/// `key`. The format is recognised by the first character (`{` for JSON
/// Lines).
///
/// ```
/// use grundy_fit::{Key, parse_sweep};
/// let csv = "a,set,preperiod,period,saltus,outcome_preperiod,\
/// outcome_period,max_value,positions,status\n\
/// 1,\"1,2\",0,3,0,0,3,2,258,found\n\
/// 2,\"2,3\",,,,,,,100,not found\n";
/// let t = parse_sweep(csv, Key::Period)?;
/// assert_eq!(t.params(), ["a"]);
/// assert_eq!(t.rows()[0].value, Some(3));
/// assert_eq!(t.rows()[1].value, None);
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
pub fn parse_sweep(text: &str, key: Key) -> Result<FitTable> {
    if text.trim_start().starts_with('{') {
        parse_jsonl(text, key)
    } else {
        parse_csv(text, key)
    }
}

fn parse_csv(text: &str, key: Key) -> Result<FitTable> {
    let mut reader = csv::ReaderBuilder::new()
        .has_headers(true)
        .from_reader(text.as_bytes());
    let header: Vec<String> = reader
        .headers()
        .map_err(|e| Error::Csv { line: None, message: e.to_string() })?
        .iter()
        .map(|h| h.trim().to_string())
        .collect();
    let nparams =
        header.iter().position(|h| h == "set").ok_or(Error::NotASweep)?;
    let kcol = header
        .iter()
        .position(|h| h == key.name())
        .ok_or_else(|| Error::NoColumn { key, columns: header.clone() })?;
    let mut rows = Vec::new();
    for (i, rec) in reader.records().enumerate() {
        let line = i + 2;
        let rec = rec.map_err(|e| Error::Csv {
            line: Some(line),
            message: e.to_string(),
        })?;
        let field = |c: usize| rec.get(c).unwrap_or("").trim();
        let mut params = Vec::with_capacity(nparams);
        for (c, name) in header.iter().enumerate().take(nparams) {
            params.push(integer(field(c), name, line)?);
        }
        let v = field(kcol);
        let value = if v.is_empty() {
            None
        } else {
            Some(integer(v, key.name(), line)?)
        };
        rows.push(FitRow { params, value });
    }
    FitTable::new(header[..nparams].to_vec(), key, rows)
}

fn integer(text: &str, column: &str, line: usize) -> Result<i64> {
    text.parse().map_err(|_| Error::NotAnInteger {
        line,
        column: column.to_string(),
        value: format!("\"{text}\""),
    })
}

fn parse_jsonl(text: &str, key: Key) -> Result<FitTable> {
    let mut names: Option<Vec<String>> = None;
    let mut rows = Vec::new();
    for (i, line) in text.lines().enumerate() {
        let n = i + 1;
        if line.trim().is_empty() {
            continue;
        }
        // An IndexMap keeps the keys in file order: the parameters are
        // the keys before "set".
        let obj: IndexMap<String, serde_json::Value> =
            serde_json::from_str(line).map_err(|e| Error::NotJson {
                line: n,
                message: e.to_string(),
            })?;
        let params = names.get_or_insert_with(|| {
            obj.keys().take_while(|k| *k != "set").cloned().collect()
        });
        if !obj.contains_key("set") {
            return Err(Error::NotASweep);
        }
        let int = |name: &str| -> Result<Option<i64>> {
            match obj.get(name) {
                None => Err(Error::MissingColumn {
                    line: n,
                    column: name.to_string(),
                    key,
                }),
                Some(serde_json::Value::Null) => Ok(None),
                Some(v) => {
                    v.as_i64().map(Some).ok_or_else(|| Error::NotAnInteger {
                        line: n,
                        column: name.to_string(),
                        value: v.to_string(),
                    })
                }
            }
        };
        let mut values = Vec::with_capacity(params.len());
        for p in params.iter() {
            values.push(int(p)?.ok_or_else(|| Error::NullParameter {
                line: n,
                name: p.clone(),
            })?);
        }
        rows.push(FitRow { params: values, value: int(key.name())? });
    }
    let params = names.ok_or(Error::NoRows)?;
    FitTable::new(params, key, rows)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn jsonl_and_csv_agree() {
        let csv = "a,b,set,period,status\n1,2,\"1,2\",3,found\n1,3,\"1,3\",,not found\n";
        let jsonl = "{\"a\":1,\"b\":2,\"set\":\"1,2\",\"period\":3}\n\
                     {\"a\":1,\"b\":3,\"set\":\"1,3\",\"period\":null}\n";
        let c = parse_sweep(csv, Key::Period).unwrap();
        let j = parse_sweep(jsonl, Key::Period).unwrap();
        assert_eq!(c, j);
        assert_eq!(c.params(), ["a", "b"]);
    }

    #[test]
    fn errors_name_the_problem() {
        let e = parse_sweep("a,b\n1,2\n", Key::Period).unwrap_err();
        assert!(e.to_string().starts_with("not a grundy sweep"), "{e}");
        let e = parse_sweep("a,set,period\nx,1,2\n", Key::Period).unwrap_err();
        assert_eq!(e.to_string(), "line 2: a \"x\" is not an integer");
        let e = parse_sweep("a,set,period\n1,1,2\n", Key::Saltus).unwrap_err();
        assert_eq!(
            e.to_string(),
            "the file has no \"saltus\" column; its columns are a, set, period"
        );
    }
}
