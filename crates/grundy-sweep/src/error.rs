//! The crate's one error type: a kind for programs, a message for people.
//!
//! Messages follow the workspace's style (lower case, the offending text
//! quoted, a hint at the fix) and name no command-line flag or query
//! parameter, since this crate serves the `grundy` command and the web
//! explorer alike. A front end that wants to point at its own spelling of
//! a fix (the command's `--resume`) matches on [`ErrorKind`] and words its
//! own hint, with [`Error::path`] for the file concerned.

use std::fmt;
use std::path::{Path, PathBuf};

/// What went wrong, for programs that want to react to it.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
#[non_exhaustive]
pub enum ErrorKind {
    /// A family, parameter, expression, check, table or shard could not
    /// be parsed, or one of its expressions could not be evaluated; a
    /// template without parameters.
    Parse,
    /// Valid, but more than this crate enumerates: a family of more than
    /// [`crate::MAX_FAMILY`] sets, an element past [`grundy::MAX_ELEMENT`].
    TooLarge,
    /// A journal of an unfinished sweep is in the way and resuming it was
    /// not asked for.
    Unfinished,
    /// A journal belongs to another sweep (family, format, shard or budget
    /// differ).
    OtherSweep,
    /// Another process is writing the journal.
    Locked,
    /// A file (a journal, a shard to merge) holds something that is not a
    /// row of this sweep, or files do not fit together.
    BadFile,
    /// Reading or writing a file failed.
    Io,
}

/// The error type of `grundy-sweep`.
#[derive(Debug)]
pub struct Error {
    kind: ErrorKind,
    message: String,
    path: Option<PathBuf>,
    source: Option<std::io::Error>,
}

impl Error {
    /// A new error of the given kind with a complete one-line message.
    pub(crate) fn new(kind: ErrorKind, message: impl Into<String>) -> Error {
        Error { kind, message: message.into(), path: None, source: None }
    }

    /// A parse error.
    pub(crate) fn parse(message: impl Into<String>) -> Error {
        Error::new(ErrorKind::Parse, message)
    }

    /// An error about the file at `path`.
    pub(crate) fn file(
        kind: ErrorKind,
        path: &Path,
        message: impl Into<String>,
    ) -> Error {
        Error { path: Some(path.to_path_buf()), ..Error::new(kind, message) }
    }

    /// A failed read or write: `context` says what was being done, the
    /// I/O error (the [`std::error::Error::source`]) why it failed.
    pub(crate) fn io(
        path: Option<&Path>,
        context: impl Into<String>,
        source: std::io::Error,
    ) -> Error {
        Error {
            kind: ErrorKind::Io,
            message: context.into(),
            path: path.map(Path::to_path_buf),
            source: Some(source),
        }
    }

    /// What kind of error this is.
    pub fn kind(&self) -> ErrorKind {
        self.kind
    }

    /// The message, without the cause of an I/O error.
    pub fn message(&self) -> &str {
        &self.message
    }

    /// The file the error is about, if it is about one.
    pub fn path(&self) -> Option<&Path> {
        self.path.as_deref()
    }
}

impl fmt::Display for Error {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.message)
    }
}

impl std::error::Error for Error {
    fn source(&self) -> Option<&(dyn std::error::Error + 'static)> {
        self.source.as_ref().map(|e| e as _)
    }
}

/// Shorthand for results of this crate.
pub type Result<T, E = Error> = std::result::Result<T, E>;

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn io_errors_keep_their_cause() {
        let cause = std::io::Error::other("disk full");
        let e = Error::io(Some(Path::new("x.csv")), "cannot write", cause);
        assert_eq!(e.to_string(), "cannot write");
        assert_eq!(e.kind(), ErrorKind::Io);
        assert_eq!(e.path(), Some(Path::new("x.csv")));
        let source = std::error::Error::source(&e).unwrap();
        assert_eq!(source.to_string(), "disk full");
    }
}
