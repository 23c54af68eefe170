//! The crate's error type for drawing: a kind for programs, a one-line
//! message for people.
//!
//! It follows the library's [`grundy::Error`]: an [`ErrorKind`] to match
//! on and a message in the workspace's style (lower case, no trailing
//! period, a hint at the fix when the fix is in the input), which names
//! no front end's flag. What goes wrong while *computing* what a picture
//! shows (a heap too large to draw, a graph too large to lay out, a
//! listing stopped by its budget) is the library's error, with its
//! [`grundy::Stopped`] data; this type covers drawing and rasterising.

use std::fmt;

/// What went wrong while drawing, for programs that want to react to it.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
#[non_exhaustive]
pub enum ErrorKind {
    /// Nothing to draw: a heat map of an empty table, a picture of no
    /// area.
    Empty,
    /// The picture is too large to rasterise: more than
    /// [`crate::png::MAX_PIXELS`] pixels, or more than memory allows; a
    /// multiplication table above [`crate::product::MAX_ORDER`] elements.
    TooLarge,
    /// The drawing library (plotters) failed while drawing.
    Draw,
    /// The SVG handed to [`crate::png::svg_to_png`] could not be read.
    Svg,
    /// The PNG encoder failed.
    Encode,
}

/// The error type of `grundy-pictures`.
///
/// ```
/// use grundy_pictures::{ErrorKind, png::svg_to_png};
/// let e = svg_to_png("not svg", 1.0).unwrap_err();
/// assert_eq!(e.kind(), ErrorKind::Svg);
/// assert!(e.to_string().starts_with("cannot read the drawing: "));
/// ```
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

    /// What kind of error this is.
    pub fn kind(&self) -> ErrorKind {
        self.kind
    }

    /// The message.
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

/// Shorthand for results of this crate's drawing functions.
pub type Result<T, E = Error> = std::result::Result<T, E>;
