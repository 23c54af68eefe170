//! The crate's one error type.
//!
//! Every fallible function returns [`Error`]: an [`ErrorKind`] that programs
//! can match on and a one-line message for people. Messages follow the
//! house style of the `grundy` crate (after ripgrep's globset and jiff):
//! lower case, no trailing period, the offending text quoted, a hint at the
//! fix.

use std::fmt;

/// What went wrong, for programs that want to react to it.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
#[non_exhaustive]
pub enum ErrorKind {
    /// A code or name could not be parsed.
    Parse,
    /// The input is valid but outside what the engines support (code too
    /// long, a value that does not fit the 16-bit value store, a heap too
    /// large for the misère search).
    TooLarge,
    /// Memory for the value store could not be reserved.
    Memory,
    /// A checkpoint does not match the values or the rules it came with.
    Checkpoint,
    /// Inputs that do not go together (a split in the domain for a code
    /// whose splitting digits have both parities).
    Invalid,
}

/// The error type of this crate.
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

/// Shorthand for results of this crate.
pub type Result<T, E = Error> = std::result::Result<T, E>;
