//! The one error type of the crate: what can go wrong before a fit runs,
//! each with a one-line message naming the bad input and the fix, as
//! every `grundy` front end prints errors (lower case, no trailing
//! period). A hint that names a front end's setting (`--for`, `for=`,
//! `key=`) is never part of a message: front ends add their own, as for
//! the core library's errors.

use std::fmt;

use crate::data::Key;

/// Why a fit could not be started (bad input). A fit that runs but finds
/// no simple law is not an error: see [`crate::FitVerdict`].
#[derive(Clone, Debug, PartialEq)]
#[non_exhaustive]
pub enum Error {
    /// A key that is not a sweep column (the text given).
    UnknownKey(String),
    /// [`Options::degree`](crate::Options::degree) above
    /// [`MAX_DEGREE`](crate::MAX_DEGREE).
    DegreeTooHigh(u32),
    /// [`Options::max_pieces`](crate::Options::max_pieces) of 0.
    NoPieces,
    /// [`Options::max_exceptions`](crate::Options::max_exceptions) outside
    /// 0 to 1.
    ExceptionShare(f64),
    /// [`Options::max_leading`](crate::Options::max_leading) outside 0 to
    /// 1.
    LeadingShare(f64),
    /// A table without parameters.
    NoParameters,
    /// A parameter name that is not a name of the `--check` language.
    BadParameterName(String),
    /// A parameter name the `--check` language or the report reserves.
    ReservedParameterName(String),
    /// A parameter named twice.
    DuplicateParameter(String),
    /// A row with more or fewer values than there are parameters.
    RowWidth {
        /// The row, from 1.
        row: usize,
        /// Its number of parameter values.
        values: usize,
        /// The table's parameter names.
        params: Vec<String>,
    },
    /// Fewer than two rows with a value.
    TooFewValues {
        /// The rows of the table.
        rows: usize,
        /// Those with a value.
        with_value: usize,
        /// The key.
        key: Key,
    },
    /// Rows of a sweep with results, none with the key's value: the
    /// column is undefined for the family's sets (an all-but set has no
    /// `max_value`: its values are unbounded).
    Undefined {
        /// The key.
        key: Key,
    },
    /// A validation range (`NAME=LO..HI`) that names no parameter of the
    /// family.
    ValidationRange {
        /// The range as given.
        range: String,
        /// The name it gives (empty when there is none).
        name: String,
        /// The family's parameter names.
        params: Vec<String>,
    },
    /// A file without the `set` column that follows a sweep's parameters.
    NotASweep,
    /// A sweep file without the key's column.
    NoColumn {
        /// The key.
        key: Key,
        /// The file's columns.
        columns: Vec<String>,
    },
    /// A CSV header (`line` `None`) or row that cannot be read.
    Csv {
        /// The line of the row, from 1; `None` for the header.
        line: Option<usize>,
        /// The CSV reader's message.
        message: String,
    },
    /// A line of JSON Lines that is not a JSON object.
    NotJson {
        /// The line, from 1.
        line: usize,
        /// The JSON parser's message.
        message: String,
    },
    /// A row of a sweep file without one of the columns a fit needs.
    MissingColumn {
        /// The line, from 1.
        line: usize,
        /// The column.
        column: String,
        /// The key (every row needs it and the parameters).
        key: Key,
    },
    /// A parameter without a value (JSON `null`).
    NullParameter {
        /// The line, from 1.
        line: usize,
        /// The parameter.
        name: String,
    },
    /// A value in a sweep file that is not a 64-bit integer.
    NotAnInteger {
        /// The line, from 1.
        line: usize,
        /// The column.
        column: String,
        /// The value as the message shows it: a CSV field in quotes
        /// (`"x"`), a JSON value as written (`1.5`).
        value: String,
    },
    /// A sweep file without rows.
    NoRows,
}

impl fmt::Display for Error {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Error::UnknownKey(key) => {
                let names: Vec<&str> =
                    Key::ALL.iter().map(|k| k.name()).collect();
                let names = names.join(", ");
                write!(f, "unknown key \"{key}\"; use one of {names}")
            }
            Error::DegreeTooHigh(degree) => write!(
                f,
                "degree {degree} is too high; use a degree from 0 to {} \
                 (default 3)",
                crate::MAX_DEGREE
            ),
            Error::NoPieces => f.write_str(
                "at most 0 pieces allows no law; use 1 or more (default 8)",
            ),
            Error::ExceptionShare(share) => write!(
                f,
                "exception share {share} is not between 0 and 1 (default 0.05)"
            ),
            Error::LeadingShare(share) => write!(
                f,
                "leading share {share} is not between 0 and 1 (default 1/6)"
            ),
            Error::NoParameters => f.write_str(
                "no parameters; a family needs at least one, e.g. \"a=1..30\"",
            ),
            Error::BadParameterName(name) => write!(
                f,
                "bad parameter name \"{name}\"; use letters, digits and \
                 \"_\", starting with a letter"
            ),
            Error::ReservedParameterName(name) => write!(
                f,
                "parameter name \"{name}\" is reserved in formulas; rename it"
            ),
            Error::DuplicateParameter(name) => {
                write!(f, "parameter \"{name}\" is given twice")
            }
            Error::RowWidth { row, values, params } => write!(
                f,
                "row {row} has {values} parameter values for {} \
                 parameter{} ({})",
                params.len(),
                if params.len() == 1 { "" } else { "s" },
                params.join(", ")
            ),
            Error::TooFewValues { rows, with_value, key } => write!(
                f,
                "{rows} row{}, {with_value} with a value for {key}; a fit \
                 needs at least 2 rows with a value (widen the parameter \
                 ranges or raise the budget)",
                if *rows == 1 { "" } else { "s" },
            ),
            Error::Undefined { key } => write!(
                f,
                "the family's sets have no {key} (all-but sets have \
                 unbounded values); fit another key"
            ),
            Error::ValidationRange { range, name, params } => {
                if name.is_empty() {
                    write!(
                        f,
                        "\"{range}\": write NAME=LO..HI with a parameter \
                         of the family ({}), e.g. {}=31..60",
                        params.join(", "),
                        params.first().map_or("a", String::as_str)
                    )
                } else {
                    write!(
                        f,
                        "\"{range}\" names no parameter of the family; its \
                         parameters are {}",
                        params.join(", ")
                    )
                }
            }
            Error::NotASweep => f.write_str(
                "not a grundy sweep: no \"set\" column after the \
                 parameters; write the file with `grundy sweep ... --format \
                 csv` (or jsonl)",
            ),
            Error::NoColumn { key, columns } => write!(
                f,
                "the file has no \"{key}\" column; its columns are {}",
                columns.join(", ")
            ),
            Error::Csv { line: None, message } => {
                write!(f, "cannot read the CSV header: {message}")
            }
            Error::Csv { line: Some(line), message } => {
                write!(f, "line {line}: cannot read the CSV row: {message}")
            }
            Error::NotJson { line, message } => {
                write!(f, "line {line}: not a JSON object: {message}")
            }
            Error::MissingColumn { line, column, key } => write!(
                f,
                "line {line}: no \"{column}\"; every row needs the \
                 parameters and \"{key}\""
            ),
            Error::NullParameter { line, name } => {
                write!(f, "line {line}: parameter {name} is null")
            }
            Error::NotAnInteger { line, column, value } => {
                write!(f, "line {line}: {column} {value} is not an integer")
            }
            Error::NoRows => f.write_str("the file has no rows"),
        }
    }
}

impl std::error::Error for Error {}

/// The crate's result type.
pub type Result<T> = std::result::Result<T, Error>;

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn messages_are_one_line() {
        let params = vec!["a".to_string(), "b".to_string()];
        let all = [
            Error::UnknownKey("perod".into()),
            Error::DegreeTooHigh(9),
            Error::NoPieces,
            Error::ExceptionShare(2.0),
            Error::LeadingShare(-1.0),
            Error::NoParameters,
            Error::BadParameterName("2a".into()),
            Error::ReservedParameterName("gcd".into()),
            Error::DuplicateParameter("a".into()),
            Error::RowWidth { row: 1, values: 1, params: params.clone() },
            Error::TooFewValues { rows: 1, with_value: 1, key: Key::Period },
            Error::Undefined { key: Key::MaxValue },
            Error::ValidationRange {
                range: "=3".into(),
                name: String::new(),
                params: params.clone(),
            },
            Error::ValidationRange {
                range: "c=1..3".into(),
                name: "c".into(),
                params: params.clone(),
            },
            Error::NotASweep,
            Error::NoColumn { key: Key::Saltus, columns: params.clone() },
            Error::Csv { line: None, message: "bad".into() },
            Error::Csv { line: Some(2), message: "bad".into() },
            Error::NotJson { line: 1, message: "bad".into() },
            Error::MissingColumn {
                line: 1,
                column: "a".into(),
                key: Key::Period,
            },
            Error::NullParameter { line: 1, name: "a".into() },
            Error::NotAnInteger {
                line: 2,
                column: "a".into(),
                value: "\"x\"".into(),
            },
            Error::NoRows,
        ];
        for e in all {
            let s = e.to_string();
            assert!(!s.is_empty() && !s.contains('\n'), "{s:?}");
            assert!(!s.ends_with('.'), "{s:?}");
            assert!(s.starts_with(|c: char| !c.is_uppercase()), "{s:?}");
        }
    }

    #[test]
    fn validation_ranges_say_what_is_wrong() {
        let params = vec!["a".to_string(), "b".to_string()];
        let e = Error::ValidationRange {
            range: "=3".into(),
            name: String::new(),
            params: params.clone(),
        };
        assert_eq!(
            e.to_string(),
            "\"=3\": write NAME=LO..HI with a parameter of the family (a, b), e.g. a=31..60"
        );
        let e = Error::ValidationRange {
            range: "c=7..9".into(),
            name: "c".into(),
            params,
        };
        assert_eq!(
            e.to_string(),
            "\"c=7..9\" names no parameter of the family; its parameters are a, b"
        );
    }
}
