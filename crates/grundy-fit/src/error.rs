//! The one error type of the crate: a one-line message naming the bad input
//! and the fix, as every `grundy` front end prints errors.

use std::fmt;

/// Why a fit could not be started (bad input). A fit that runs but finds no
/// simple law is not an error: see [`crate::Verdict`].
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Error {
    message: String,
}

impl Error {
    pub(crate) fn new(message: impl Into<String>) -> Error {
        Error { message: message.into() }
    }

    /// The message: one line, lower case, no trailing period.
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

/// The crate's result type.
pub type Result<T> = std::result::Result<T, Error>;
