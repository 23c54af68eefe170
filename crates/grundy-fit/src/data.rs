//! The input of a fit: a family's rows (parameter values and one result
//! column), validated once so the fitter never meets a malformed table.

use std::fmt;
use std::str::FromStr;

use crate::error::{Error, Result};

/// The sweep column a law is sought for.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Key {
    /// Least period (additive period for all-but sets).
    Period,
    /// Least pre-period.
    Preperiod,
    /// g(n+p) - g(n) past the pre-period.
    Saltus,
    /// Largest Grundy value (finite sets).
    MaxValue,
    /// Least period of the P/N sequence.
    OutcomePeriod,
    /// Least pre-period of the P/N sequence.
    OutcomePreperiod,
}

impl Key {
    /// Every key, in the order of the sweep's columns.
    pub const ALL: [Key; 6] = [
        Key::Preperiod,
        Key::Period,
        Key::Saltus,
        Key::OutcomePreperiod,
        Key::OutcomePeriod,
        Key::MaxValue,
    ];

    /// The column name (`period`, `max_value`, ...).
    pub fn name(self) -> &'static str {
        match self {
            Key::Period => "period",
            Key::Preperiod => "preperiod",
            Key::Saltus => "saltus",
            Key::MaxValue => "max_value",
            Key::OutcomePeriod => "outcome_period",
            Key::OutcomePreperiod => "outcome_preperiod",
        }
    }
}

impl fmt::Display for Key {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}

impl FromStr for Key {
    type Err = Error;

    /// ```
    /// use grundy_fit::Key;
    /// assert_eq!("period".parse::<Key>()?, Key::Period);
    /// let e = "perod".parse::<Key>().unwrap_err();
    /// assert!(e.to_string().starts_with("unknown key \"perod\""));
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    fn from_str(s: &str) -> Result<Key> {
        let t = s.trim();
        Key::ALL
            .into_iter()
            .find(|k| k.name() == t)
            .ok_or_else(|| Error::UnknownKey(t.to_string()))
    }
}

/// One member of the family: its parameter values and the key's value
/// (`None` when the sweep found none: `not found` or `error` rows).
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct FitRow {
    /// The parameter values, in the order of [`FitTable::params`].
    pub params: Vec<i64>,
    /// The key's value.
    pub value: Option<i64>,
}

impl FitRow {
    /// A row with a value.
    pub fn new(params: Vec<i64>, value: i64) -> FitRow {
        FitRow { params, value: Some(value) }
    }
}

/// The rows of one family for one key, validated: at least one parameter,
/// names usable in a `--check` formula, every row as wide as the names.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct FitTable {
    params: Vec<String>,
    key: Key,
    rows: Vec<FitRow>,
}

/// Names the `--check` language reserves (functions and literals), and
/// `predicted`, a key of the rows of `validated.wrong`.
const RESERVED: [&str; 14] = [
    "true",
    "false",
    "floor",
    "ceil",
    "round",
    "abs",
    "gcd",
    "lcm",
    "mod",
    "div",
    "min",
    "max",
    "if",
    "predicted",
];

impl FitTable {
    /// Checks and wraps the rows. Errors name the bad parameter or row.
    ///
    /// ```
    /// use grundy_fit::{FitRow, FitTable, Key};
    /// let t = FitTable::new(vec!["k".into()], Key::Period, vec![
    ///     FitRow::new(vec![1], 2),
    ///     FitRow { params: vec![2], value: None },
    /// ])?;
    /// assert_eq!(t.rows().len(), 2);
    /// let e = FitTable::new(vec!["k".into()], Key::Period,
    ///     vec![FitRow::new(vec![1, 2], 3)]).unwrap_err();
    /// assert_eq!(e.to_string(),
    ///     "row 1 has 2 parameter values for 1 parameter (k)");
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn new(
        params: Vec<String>,
        key: Key,
        rows: Vec<FitRow>,
    ) -> Result<FitTable> {
        if params.is_empty() {
            return Err(Error::NoParameters);
        }
        for (i, name) in params.iter().enumerate() {
            let ok = name.starts_with(|c: char| c.is_ascii_alphabetic())
                && name.chars().all(|c| c.is_ascii_alphanumeric() || c == '_');
            if !ok {
                return Err(Error::BadParameterName(name.clone()));
            }
            if RESERVED.contains(&name.as_str())
                || Key::ALL.iter().any(|k| k.name() == name)
            {
                return Err(Error::ReservedParameterName(name.clone()));
            }
            if params[..i].contains(name) {
                return Err(Error::DuplicateParameter(name.clone()));
            }
        }
        for (i, row) in rows.iter().enumerate() {
            if row.params.len() != params.len() {
                return Err(Error::RowWidth {
                    row: i + 1,
                    values: row.params.len(),
                    params,
                });
            }
        }
        Ok(FitTable { params, key, rows })
    }

    /// The parameter names, outermost first.
    pub fn params(&self) -> &[String] {
        &self.params
    }

    /// The key.
    pub fn key(&self) -> Key {
        self.key
    }

    /// The rows, in the family's order.
    pub fn rows(&self) -> &[FitRow] {
        &self.rows
    }
}
