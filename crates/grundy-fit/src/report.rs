//! The JSON contract of `grundy fit --json` (one module, so the wire format
//! cannot drift by accident):
//!
//! ```text
//! {"family", "key", "params", "rows",
//!  "pieces": [{"when", "formula", "rows", "confirming"}],
//!  "exceptions": [row...],
//!  "validated": {"range", "rows", "correct", "wrong": [row...]} | null}
//! ```
//!
//! A row is an object of the parameter values (in parameter order) and the
//! key's value, `null` when the sweep found none:
//! `{"a": 3, "b": 9, "period": 6}`. A row in `validated.wrong` adds
//! `"predicted"`: the value the law gives there, or `null` when no piece
//! applies (or its formula cannot be evaluated).

use std::fmt;

use serde::de::{MapAccess, Visitor};
use serde::ser::SerializeMap;
use serde::{Deserialize, Deserializer, Serialize, Serializer};

use crate::data::FitRow;
use crate::law::Fit;
use crate::validate::Validation;

/// The whole report.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Report {
    /// The family as the user wrote it (filled by the front end).
    pub family: String,
    /// The key (`period`, ...).
    pub key: String,
    /// Parameter names, outermost first.
    pub params: Vec<String>,
    /// Rows fitted (with or without a value).
    pub rows: usize,
    /// The law's pieces (empty when there is no simple law).
    pub pieces: Vec<PieceReport>,
    /// Rows no piece explains.
    pub exceptions: Vec<RowRecord>,
    /// The check on further rows, if any.
    pub validated: Option<Validated>,
    /// The threshold of a law of one parameter fitted on the rows from it
    /// on ([`Fit::from`]); absent when every row was fitted.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub from: Option<i64>,
}

/// One piece.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct PieceReport {
    /// Condition in the `--check` language.
    pub when: String,
    /// Formula in the `--check` language.
    pub formula: String,
    /// Rows it explains.
    pub rows: usize,
    /// Rows beyond those that determine its coefficients.
    pub confirming: usize,
}

/// The check on further rows (`--validate RANGE`).
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Validated {
    /// The range as the user wrote it (filled by the front end).
    pub range: String,
    /// New rows with a value.
    pub rows: usize,
    /// Rows the law predicted correctly.
    pub correct: usize,
    /// The others, each with `"predicted"`.
    pub wrong: Vec<RowRecord>,
}

/// A row as a JSON object: ordered `(name, value)` entries.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct RowRecord(pub Vec<(String, Option<i64>)>);

impl RowRecord {
    /// A row of the family: parameters, then the key.
    pub fn new(params: &[String], key: &str, row: &FitRow) -> RowRecord {
        let mut v: Vec<(String, Option<i64>)> = params
            .iter()
            .cloned()
            .zip(row.params.iter().map(|&x| Some(x)))
            .collect();
        v.push((key.to_string(), row.value));
        RowRecord(v)
    }

    /// The value of an entry.
    pub fn get(&self, name: &str) -> Option<Option<i64>> {
        self.0.iter().find(|(n, _)| n == name).map(|(_, v)| *v)
    }
}

impl Serialize for RowRecord {
    fn serialize<S: Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        let mut m = s.serialize_map(Some(self.0.len()))?;
        for (k, v) in &self.0 {
            m.serialize_entry(k, v)?;
        }
        m.end()
    }
}

impl<'de> Deserialize<'de> for RowRecord {
    fn deserialize<D: Deserializer<'de>>(d: D) -> Result<RowRecord, D::Error> {
        struct V;
        impl<'de> Visitor<'de> for V {
            type Value = RowRecord;
            fn expecting(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
                f.write_str("an object of integers or nulls")
            }
            fn visit_map<A: MapAccess<'de>>(
                self,
                mut map: A,
            ) -> Result<RowRecord, A::Error> {
                let mut v = Vec::new();
                while let Some((k, x)) =
                    map.next_entry::<String, Option<i64>>()?
                {
                    v.push((k, x));
                }
                Ok(RowRecord(v))
            }
        }
        d.deserialize_map(V)
    }
}

impl Fit {
    /// The report for `family` (`validated` left `null`; see
    /// [`Validation::report`]).
    ///
    /// ```
    /// use grundy_fit::{FitRow, FitTable, Key, Options, fit};
    /// let rows = (1..=10).map(|a| FitRow::new(vec![a], 2 * a + 1)).collect();
    /// let t = FitTable::new(vec!["a".into()], Key::Period, rows)?;
    /// let r = fit(&t, &Options::default())?.report("a,a+1");
    /// assert_eq!(serde_json::to_string(&r)?,
    ///     r#"{"family":"a,a+1","key":"period","params":["a"],"rows":10,"pieces":[{"when":"true","formula":"2*a + 1","rows":10,"confirming":8}],"exceptions":[],"validated":null}"#);
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn report(&self, family: &str) -> Report {
        let key = self.key.name();
        Report {
            family: family.to_string(),
            key: key.to_string(),
            params: self.params.clone(),
            rows: self.rows,
            pieces: self
                .pieces
                .iter()
                .map(|p| PieceReport {
                    when: p.when().to_string(),
                    formula: p.formula().to_string(),
                    rows: p.rows(),
                    confirming: p.confirming(),
                })
                .collect(),
            exceptions: self
                .exceptions
                .iter()
                .map(|r| RowRecord::new(&self.params, key, r))
                .collect(),
            validated: None,
            from: self.from,
        }
    }
}

impl Validation {
    /// The `validated` object for `range` (as the user wrote it).
    pub fn report(&self, range: &str) -> Validated {
        Validated {
            range: range.to_string(),
            rows: self.rows,
            correct: self.correct,
            wrong: self
                .wrong
                .iter()
                .map(|w| {
                    let mut r =
                        RowRecord::new(&self.params, self.key.name(), &w.row);
                    r.0.push(("predicted".to_string(), w.predicted));
                    r
                })
                .collect(),
        }
    }
}
