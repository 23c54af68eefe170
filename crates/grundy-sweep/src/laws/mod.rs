//! `grundy laws`: search whole spaces of families for the laws behind
//! their periods (issue 38).
//!
//! A [`Space`] lists families (`linear:3`: every `{a, c1*a + d1, c2*a +
//! d2}` with coefficients and shifts in given ranges, each family once;
//! `linear2:3`: every `{a, b, c1*a + c2*b + d}` over the region `a < b`);
//! a [`LawSearch`] sweeps each family with this crate's sweeps, fits each
//! key with `grundy-fit` (the fitter of `grundy fit`), and tests every
//! law on held-out rows beyond the fitting range; a [`FamilyLaws`] per
//! family is the JSON line, and [`markdown`] and [`latex`] the
//! catalogue. A search to a file is resumable ([`LawJournal`]) and
//! shardable, the shards' records joined by [`merge`].

mod catalogue;
mod latex;
mod plane;
mod record;
mod resume;
mod search;
mod space;

pub use catalogue::{check_command, markdown, source};
pub use latex::latex;
pub use record::{FamilyLaws, KeyLaw, LawVerdict};
pub use resume::{LawJournal, line, merge};
pub use search::{
    LawError, LawInput, LawSearch, LawSpec, MIN_CHECKED, Outcome, RATIO, Stop,
    WRONG_SHOWN,
};
pub use space::{
    LINEAR, LINEAR2, Listing, MAX_TEMPLATES, Member, Space, Span,
};
