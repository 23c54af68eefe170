//! The library's one error type.
//!
//! Every fallible function in `grundy` returns [`Error`]: a [`ErrorKind`]
//! that programs can match on, and a one-line message meant for people. The
//! messages follow one style (ripgrep's globset, jiff): lower case, no
//! trailing period, the offending text quoted, and a hint at the fix.

use std::fmt;

/// What went wrong, for programs that want to react to it.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
#[non_exhaustive]
pub enum ErrorKind {
    /// A set, heap or sum could not be parsed.
    Parse,
    /// A value is syntactically fine but outside what the engine supports.
    TooLarge,
    /// The input is valid notation for something not implemented yet.
    Unsupported,
    /// A game given to the generic solver has a cycle (it is not finite).
    Cyclic,
    /// A computation ran out of its budget (positions, states or time).
    Budget,
}

/// The error type of the `grundy` library.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Error {
    kind: ErrorKind,
    message: String,
}

impl Error {
    /// A new error of the given kind with a complete one-line message.
    pub fn new(kind: ErrorKind, message: impl Into<String>) -> Error {
        Error { kind, message: message.into() }
    }

    /// A parse error.
    pub(crate) fn parse(message: impl Into<String>) -> Error {
        Error::new(ErrorKind::Parse, message)
    }

    /// What kind of error this is.
    pub fn kind(&self) -> ErrorKind {
        self.kind
    }

    /// The message, without any prefix.
    pub fn message(&self) -> &str {
        &self.message
    }
}

impl fmt::Display for Error {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.message)
    }
}

impl std::error::Error for Error {}

/// Shorthand for results of this library.
pub type Result<T, E = Error> = std::result::Result<T, E>;
