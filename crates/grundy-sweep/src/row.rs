//! The rows of a sweep: what one set's evaluation gives, and the serde
//! types that files and the web explorer write it as.
//!
//! A [`Row`] is the in-memory result (the parameters, the set, the
//! [`Evaluation`]). Its columns are a contract shared by the CSV and JSON
//! Lines files of `grundy sweep`, by `--check` formulas and by the web
//! explorer's `/api/sweep`: the parameter names, then [`RESULT_COLUMNS`].
//! [`Columns`] is those result columns as plain values (a value that does
//! not exist, such as the period of a set whose budget ran out or the
//! largest value of an all-but set, is `None`: an empty CSV field, JSON
//! `null`), and [`Record`] is a whole row with its parameters by name,
//! serialised as one JSON object in the contract's key order. Both front
//! ends serialise these types, so the keys cannot drift apart.

use crate::evaluate::{Evaluation, Found};

use serde::{Deserialize, Serialize, Serializer};

/// The result columns of a row, in output order (after the parameter
/// names). These names are a contract: files, `--check` formulas and other
/// tools use them.
pub const RESULT_COLUMNS: [&str; 9] = [
    "set",
    "preperiod",
    "period",
    "saltus",
    "outcome_preperiod",
    "outcome_period",
    "max_value",
    "positions",
    "status",
];

/// One row of a sweep.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Row {
    /// The set's place in the family's order (0-based, before sharding).
    pub index: u64,
    /// The parameter values, in the family's parameter order.
    pub params: Vec<i64>,
    /// The set in canonical notation (for an invalid set, the elements as
    /// evaluated).
    pub set: String,
    /// What was found.
    pub result: Evaluation,
}

/// The `status` column.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub enum Status {
    /// Everything was found: `found`.
    #[serde(rename = "found")]
    Found,
    /// The budget ran out first: `not found`.
    #[serde(rename = "not found")]
    NotFound,
    /// The set could not be evaluated: `error`.
    #[serde(rename = "error")]
    Error,
}

impl Status {
    /// The status of an evaluation.
    pub fn of(result: &Evaluation) -> Status {
        match result {
            Evaluation::Found(_) => Status::Found,
            Evaluation::NotFound(_) => Status::NotFound,
            Evaluation::Error(_) => Status::Error,
        }
    }

    /// As written in files: `found`, `not found` or `error`.
    pub fn as_str(self) -> &'static str {
        match self {
            Status::Found => "found",
            Status::NotFound => "not found",
            Status::Error => "error",
        }
    }
}

/// The result columns of one row, as written (see [`RESULT_COLUMNS`]).
///
/// ```
/// use grundy_sweep::{Evaluation, Found};
/// use grundy_sweep::{Row, Status};
/// let found = Found {
///     preperiod: 0,
///     period: 3,
///     saltus: 0,
///     outcome_preperiod: 0,
///     outcome_period: 3,
///     max_value: Some(2),
///     positions: 12,
/// };
/// let row = Row {
///     index: 0,
///     params: vec![],
///     set: "1,2".into(),
///     result: Evaluation::Found(found),
/// };
/// let c = row.columns();
/// assert_eq!((c.period, c.status), (Some(3), Status::Found));
/// assert_eq!(c.evaluation(), Ok(row.result.clone()));
/// ```
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Columns {
    /// The set in canonical notation.
    pub set: String,
    /// The least pre-period of the Grundy sequence.
    pub preperiod: Option<u64>,
    /// Its least period.
    pub period: Option<u64>,
    /// g(n + period) - g(n) past the pre-period (0 for finite sets).
    pub saltus: Option<u64>,
    /// The least pre-period of the normal-play P/N sequence.
    pub outcome_preperiod: Option<u64>,
    /// Its least period.
    pub outcome_period: Option<u64>,
    /// The largest Grundy value (none for all-but sets: unbounded).
    pub max_value: Option<u64>,
    /// Positions generated for this row (none for an error).
    pub positions: Option<u64>,
    /// `found`, `not found` or `error`.
    pub status: Status,
}

impl Row {
    /// The row's status.
    pub fn status(&self) -> Status {
        Status::of(&self.result)
    }

    /// The row's result columns.
    pub fn columns(&self) -> Columns {
        let f = match &self.result {
            Evaluation::Found(f) => Some(f),
            _ => None,
        };
        let positions = match &self.result {
            Evaluation::Found(f) => Some(f.positions),
            Evaluation::NotFound(e) => Some(e.done),
            Evaluation::Error(_) => None,
        };
        Columns {
            set: self.set.clone(),
            preperiod: f.map(|f| f.preperiod),
            period: f.map(|f| f.period),
            saltus: f.map(|f| f.saltus),
            outcome_preperiod: f.map(|f| f.outcome_preperiod),
            outcome_period: f.map(|f| f.outcome_period),
            max_value: f.and_then(|f| f.max_value),
            positions,
            status: self.status(),
        }
    }
}

impl Columns {
    /// The evaluation as far as a file keeps it: a `not found` row reads
    /// back as a position budget that ran out, an `error` row without its
    /// message. Fails with the name of a column that a found row lacks.
    pub fn evaluation(&self) -> Result<Evaluation, String> {
        let need = |v: Option<u64>, name: &str| {
            v.ok_or_else(|| format!("{name} is missing"))
        };
        Ok(match self.status {
            Status::Found => Evaluation::Found(Found {
                preperiod: need(self.preperiod, "preperiod")?,
                period: need(self.period, "period")?,
                saltus: need(self.saltus, "saltus")?,
                outcome_preperiod: need(
                    self.outcome_preperiod,
                    "outcome_preperiod",
                )?,
                outcome_period: need(self.outcome_period, "outcome_period")?,
                max_value: self.max_value,
                positions: need(self.positions, "positions")?,
            }),
            Status::NotFound => {
                Evaluation::not_found(need(self.positions, "positions")?)
            }
            Status::Error => Evaluation::Error(String::new()),
        })
    }
}

/// A whole row with its parameters by name: one JSON object whose keys
/// are the parameter names and then [`RESULT_COLUMNS`], in that order
/// (a `grundy sweep --format jsonl` line, an `/api/sweep` row).
///
/// ```
/// use grundy_sweep::Evaluation;
/// use grundy_sweep::{Record, Row};
/// let row = Row {
///     index: 1,
///     params: vec![2],
///     set: "2,0".into(),
///     result: Evaluation::Error("element \"a-2\" is 0".into()),
/// };
/// let json = serde_json::to_string(&Record::of(&["a"], &row))?;
/// assert_eq!(
///     json,
///     r#"{"a":2,"set":"2,0","preperiod":null,"period":null,"saltus":null,"outcome_preperiod":null,"outcome_period":null,"max_value":null,"positions":null,"status":"error"}"#
/// );
/// # Ok::<(), serde_json::Error>(())
/// ```
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct Record {
    /// The parameters by name, in the family's order.
    #[serde(flatten, serialize_with = "named")]
    pub params: Vec<(String, i64)>,
    /// The result columns.
    #[serde(flatten)]
    pub columns: Columns,
}

impl Record {
    /// The record of `row`, whose parameters are named `names` (in order).
    pub fn of(names: &[impl AsRef<str>], row: &Row) -> Record {
        Record {
            params: names
                .iter()
                .zip(&row.params)
                .map(|(n, &v)| (n.as_ref().to_string(), v))
                .collect(),
            columns: row.columns(),
        }
    }
}

/// Parameters as the entries of a map (flattened into the record).
fn named<S: Serializer>(
    params: &[(String, i64)],
    serializer: S,
) -> Result<S::Ok, S::Error> {
    serializer.collect_map(params.iter().map(|(k, v)| (k, v)))
}

#[cfg(test)]
mod tests {
    use super::*;

    fn not_found() -> Row {
        Row {
            index: 3,
            params: vec![5, -6],
            set: "5".into(),
            result: Evaluation::not_found(99),
        }
    }

    #[test]
    fn records_keep_the_contract_order() {
        let json =
            serde_json::to_string(&Record::of(&["b", "a"], &not_found()))
                .unwrap();
        assert_eq!(
            json,
            r#"{"b":5,"a":-6,"set":"5","preperiod":null,"period":null,"saltus":null,"outcome_preperiod":null,"outcome_period":null,"max_value":null,"positions":99,"status":"not found"}"#
        );
        let value: serde_json::Value = serde_json::from_str(&json).unwrap();
        let keys: Vec<&str> = RESULT_COLUMNS.to_vec();
        for k in keys {
            assert!(value.get(k).is_some(), "{k}");
        }
    }

    #[test]
    fn columns_read_back() {
        let row = not_found();
        assert_eq!(row.columns().evaluation(), Ok(row.result.clone()));
        let mut c = row.columns();
        c.status = Status::Found;
        assert_eq!(c.evaluation(), Err("preperiod is missing".into()));
        for s in [Status::Found, Status::NotFound, Status::Error] {
            let json = serde_json::to_string(&s).unwrap();
            assert_eq!(json, format!("\"{}\"", s.as_str()));
        }
    }
}
