//! The JSON contract of `grundy laws` (one module, so the wire format
//! cannot drift by accident): one [`FamilyLaws`] object per family, one
//! line each.
//!
//! ```text
//! {"space", "index", "family", "coefficients", "shifts", "fit",
//!  "validate", "laws": [{"verdict", "reason", "shape", "check",
//!  "latex", "skipped", <the `grundy fit --json` object>}]}
//! ```
//!
//! Each entry of `laws` is the object `grundy fit --json` prints for the
//! family and one key (`family`, `key`, `params`, `rows`, `pieces`,
//! `exceptions`, `validated`), with `validated.range` the held-out region
//! and six more keys: the verdict and its reason, the law's shape (the
//! catalogue's groups), the `--check` expressions that re-check it, the
//! law in LaTeX, and the held-out rows without a value.

use grundy_fit::Report;
use serde::{Deserialize, Serialize};

/// One family of a space and what was found for each key.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct FamilyLaws {
    /// The space, as written (`linear:3`).
    pub space: String,
    /// The family's place in the space (0-based, in the space's order).
    pub index: usize,
    /// The family as a sweep template (`a,2*a+1,3*a+1`).
    pub family: String,
    /// The coefficients of the elements after `a`.
    pub coefficients: Vec<i64>,
    /// Their shifts.
    pub shifts: Vec<i64>,
    /// The rows fitted: `a=LO..HI` (the fitting range, from the family's
    /// first valid member).
    pub fit: String,
    /// The rows swept for the validation: `a=LO..HI`; those outside
    /// `fit` are held out.
    pub validate: String,
    /// One entry per key, in the order asked.
    pub laws: Vec<KeyLaw>,
}

/// What a key's fit and validation found.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct KeyLaw {
    /// The outcome.
    pub verdict: LawVerdict,
    /// Why there is no law, why it was not validated, or why it was not
    /// fitted (null for a law).
    pub reason: Option<String>,
    /// The law's shape (`one formula, linear`), the catalogue's group;
    /// null without pieces.
    pub shape: Option<String>,
    /// The `grundy sweep --check` expressions that re-check the law: one
    /// per piece, true on the exceptions of the fitting range, and one
    /// for the exceptions' values; together they pass exactly where the
    /// law and its exceptions hold.
    pub check: Vec<String>,
    /// The law in LaTeX (amsmath), as `grundy fit --latex` displays it:
    /// the right-hand side of `period(a) = ...`, a formula or a `cases`
    /// environment with each piece's condition; null without pieces.
    pub latex: Option<String>,
    /// Held-out rows without a value (not found within the per-set
    /// budget), which the validation could not check; they are not in
    /// `validated.range` either.
    pub skipped: usize,
    /// The `grundy fit --json` object; `validated.range` is the held-out
    /// region, `validated.rows` and `validated.correct` the honest count.
    #[serde(flatten)]
    pub fit: Report,
}

/// The outcome of one key's fit and validation.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum LawVerdict {
    /// A law, right on every held-out row with a value; at least half
    /// the held-out rows have one, and they reach the top tenth of the
    /// held-out range.
    Law,
    /// A law on the fitted rows, wrong on some held-out row.
    Refuted,
    /// A law on the fitted rows, right on every held-out row with a
    /// value, but too few of them had one (fewer than half, or none near
    /// the top of the validation range; the reason says which).
    Unvalidated,
    /// The fitter found no simple law.
    NoSimpleLaw,
    /// Nothing to fit (too few rows with a value).
    Unfit,
}

impl LawVerdict {
    /// In words, for the catalogue.
    pub fn words(self) -> &'static str {
        match self {
            LawVerdict::Law => "law",
            LawVerdict::Refuted => "refuted on held-out rows",
            LawVerdict::Unvalidated => {
                "not validated (too few held-out values)"
            }
            LawVerdict::NoSimpleLaw => "no simple law",
            LawVerdict::Unfit => "not fitted",
        }
    }
}
