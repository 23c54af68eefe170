//! The library's one error type.
//!
//! Every fallible function in `grundy` returns [`Error`]: an [`ErrorKind`]
//! that programs can match on, a one-line message meant for people, and
//! for a budget that ran out the [`Stopped`] data (which limit, how far the
//! work got). The messages follow one style (ripgrep's globset, jiff):
//! lower case, no trailing period, the offending text quoted, and a hint
//! at the fix when the fix is in the input. A hint that names a front
//! end's setting (a command-line flag, a query parameter) is never part
//! of the message: each front end adds its own from [`Error::stopped`].

use std::borrow::Cow;
use std::fmt;

use crate::budget::Stopped;

/// What went wrong, for programs that want to react to it.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
#[non_exhaustive]
pub enum ErrorKind {
    /// A rule set, heap or sum could not be parsed.
    Parse,
    /// A value is syntactically fine but outside what the engines support.
    TooLarge,
    /// The input is valid notation for something not supported here.
    Unsupported,
    /// A rule set's options lead back to the same position (a bug in a
    /// [`RuleSet`](crate::RuleSet): heap games must end).
    Cyclic,
    /// A computation ran out of its budget; see [`Error::stopped`].
    Budget,
    /// Saved state (a checkpoint and the values it goes with) does not
    /// belong together, or to the rule set it is resumed for.
    Checkpoint,
}

/// The error type of the `grundy` library.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Error {
    kind: ErrorKind,
    message: String,
    stopped: Option<Stopped>,
}

impl Error {
    /// A new error of the given kind with a complete one-line message.
    ///
    /// ```
    /// use grundy::{Error, ErrorKind};
    /// let e = Error::new(ErrorKind::Parse, "bad \"x\"");
    /// assert_eq!((e.kind(), e.to_string()), (ErrorKind::Parse, "bad \"x\"".to_string()));
    /// ```
    pub fn new(kind: ErrorKind, message: impl Into<String>) -> Error {
        Error { kind, message: shorten_quotes(&message.into()), stopped: None }
    }

    /// A parse error.
    pub(crate) fn parse(message: impl Into<String>) -> Error {
        Error::new(ErrorKind::Parse, message)
    }

    /// A budget error: `message` says what was not found, `stopped` why.
    pub(crate) fn budget(
        stopped: Stopped,
        message: impl Into<String>,
    ) -> Self {
        Error::stopped_with(ErrorKind::Budget, stopped, message)
    }

    /// An error of `kind` that also says where a computation stopped.
    pub(crate) fn stopped_with(
        kind: ErrorKind,
        stopped: Stopped,
        message: impl Into<String>,
    ) -> Self {
        Error {
            kind,
            message: shorten_quotes(&message.into()),
            stopped: Some(stopped),
        }
    }

    /// What kind of error this is.
    pub fn kind(&self) -> ErrorKind {
        self.kind
    }

    /// The message, without any prefix.
    pub fn message(&self) -> &str {
        &self.message
    }

    /// For [`ErrorKind::Budget`] (and a value too big for an engine's
    /// width): which limit ran out and how far the work got, so that a
    /// front end can say which of its settings to raise, and what the
    /// computation had seen ([`Stopped::seen`]).
    pub fn stopped(&self) -> Option<&Stopped> {
        self.stopped.as_ref()
    }
}

impl fmt::Display for Error {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.message)
    }
}

impl std::error::Error for Error {}

/// The longest text a message shows whole.
const QUOTE_MAX: usize = 60;

/// `text` as a message shows it: whole when it has at most 60
/// characters, else cut to its first 40 and last 12 around `...`. Between
/// `quote`s when one is given, the cut text followed by its length:
/// `"1,2,3,4,5,6,...,99999,100000" (588895 characters)`; without, the cut
/// text alone (for text inside a longer quotation), borrowed exactly
/// when it is whole. A set of a hundred thousand elements makes a
/// one-line message, not a page.
///
/// ```
/// use grundy::shorten;
/// assert_eq!(shorten("1,2,3", Some('"')), "\"1,2,3\"");
/// let long = "9".repeat(100);
/// let cut = format!("{}...{}", "9".repeat(40), "9".repeat(12));
/// assert_eq!(shorten(&long, None), cut);
/// assert_eq!(shorten(&long, Some('\'')), format!("'{cut}' (100 characters)"));
/// ```
pub fn shorten(text: &str, quote: Option<char>) -> Cow<'_, str> {
    let chars = text.chars().count();
    if chars <= QUOTE_MAX {
        return match quote {
            None => Cow::Borrowed(text),
            Some(q) => Cow::Owned(format!("{q}{text}{q}")),
        };
    }
    let head: String = text.chars().take(40).collect();
    let tail: String = text.chars().skip(chars - 12).collect();
    Cow::Owned(match quote {
        None => format!("{head}...{tail}"),
        Some(q) => format!("{q}{head}...{tail}{q} ({chars} characters)"),
    })
}

/// A message with every quoted text longer than 60 characters cut to its
/// start and end by [`shorten`]: `"1,2,3,4,5,6,...,99999,100000" (588895
/// characters)`. Every message of this library is shortened so; front
/// ends may use it on their own messages.
///
/// ```
/// let long = format!("no period for \"{}\"", "1,".repeat(1000) + "2");
/// let short = grundy::shorten_quotes(&long);
/// assert!(short.len() < 120, "{short}");
/// assert!(short.ends_with("(2001 characters)"), "{short}");
/// assert_eq!(grundy::shorten_quotes("bad \"x\""), "bad \"x\"");
/// ```
pub fn shorten_quotes(message: &str) -> String {
    let mut out = String::with_capacity(message.len().min(512));
    let mut rest = message;
    while let Some(open) = rest.find('"') {
        let Some(len) = rest[open + 1..].find('"') else { break };
        let (before, quoted) =
            (&rest[..open], &rest[open + 1..open + 1 + len]);
        out.push_str(before);
        out.push_str(&shorten(quoted, Some('"')));
        rest = &rest[open + len + 2..];
    }
    out.push_str(rest);
    out
}

/// Shorthand for results of this library.
pub type Result<T, E = Error> = std::result::Result<T, E>;

#[cfg(test)]
mod tests {
    use super::*;
    use crate::budget::{StopReason, Unit};

    #[test]
    fn every_constructor_shortens_quotes() {
        let long = "1,".repeat(1000) + "2";
        let message = format!("no period for \"{long}\"");
        let stopped =
            Stopped::new(StopReason::Positions, 10, 10, Unit::Positions);
        let errors = [
            Error::new(ErrorKind::Parse, message.clone()),
            Error::parse(message.clone()),
            Error::budget(stopped.clone(), message.clone()),
            Error::stopped_with(ErrorKind::TooLarge, stopped, message.clone()),
        ];
        for e in errors {
            assert!(e.message().len() < 120, "{e}");
            assert!(e.message().ends_with("(2001 characters)"), "{e}");
        }
    }
}
