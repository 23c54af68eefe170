//! What the fitter may use and how much evidence it asks for, checked
//! once before any work (`--degree 50` is a one-line error).

use crate::error::{Error, Result};

/// The highest degree a formula may have (`--degree`).
pub const MAX_DEGREE: u32 = 6;

/// How hard to look and how much evidence to ask for.
#[derive(Clone, Debug, PartialEq)]
pub struct Options {
    /// Highest degree of a formula (0..=[`MAX_DEGREE`]; default 3).
    pub degree: u32,
    /// Most pieces a law may have (default 8).
    pub max_pieces: usize,
    /// Rows each piece needs beyond those that determine its coefficients
    /// (default 3). A piece must also have at least as many confirming
    /// rows as needed ones, so a piece is never mostly fitted.
    pub min_spare: usize,
    /// Largest share of the rows with a value that may stay unexplained
    /// (sporadic exceptions) in a law (default 0.05).
    pub max_exceptions: f64,
    /// Largest share of the rows of a one-parameter table, those with the
    /// smallest values, that a law may leave wholly to exceptions when it
    /// holds from a threshold on (default 1/6, of the rows with a value;
    /// [`Fit::from`](crate::Fit::from) says where); beyond the threshold
    /// `max_exceptions` applies.
    pub max_leading: f64,
}

impl Default for Options {
    fn default() -> Options {
        Options {
            degree: 3,
            max_pieces: 8,
            min_spare: 3,
            max_exceptions: 0.05,
            max_leading: 1.0 / 6.0,
        }
    }
}

impl Options {
    /// Options with this degree, or the one-line error for `--degree`.
    ///
    /// ```
    /// use grundy_fit::Options;
    /// assert_eq!(Options::with_degree(2)?.degree, 2);
    /// let e = Options::with_degree(50).unwrap_err();
    /// assert_eq!(e.to_string(),
    ///     "degree 50 is too high; use a degree from 0 to 6 (default 3)");
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn with_degree(degree: u32) -> Result<Options> {
        let o = Options { degree, ..Options::default() };
        o.check()?;
        Ok(o)
    }

    pub(crate) fn check(&self) -> Result<()> {
        if self.degree > MAX_DEGREE {
            return Err(Error::DegreeTooHigh(self.degree));
        }
        if self.max_pieces == 0 {
            return Err(Error::NoPieces);
        }
        if !(0.0..=1.0).contains(&self.max_exceptions) {
            return Err(Error::ExceptionShare(self.max_exceptions));
        }
        if !(0.0..=1.0).contains(&self.max_leading) {
            return Err(Error::LeadingShare(self.max_leading));
        }
        Ok(())
    }
}
