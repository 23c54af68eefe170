//! `grundy-sweep`: sweeps over families of subtraction sets, one row per
//! set.
//!
//! Researchers study whole families at once: the MATH POWER 2022 "31
//! game" group (muzudho, notes on the 31 game) looks at every small set;
//! K. Suetsugu, T. Abuku, "All-but Nim with FES sets of size 4" tabulate
//! the periods of `all-but:a,b,a+b,a+2b` for 1 <= a <= 30 and state closed
//! forms for them. This crate is what the `grundy sweep` and `grundy
//! merge` commands and the web explorer's `/api/sweep` share:
//!
//! * [`Family`]: a template with integer parameters
//!   (`all-but:a,b,a+b,a+2b` with `a=1..30`, `b=a+1..a+30`; the
//!   expressions are `evalexpr`'s), all k-element subsets of 1..M or
//!   the table of octal codes, in a fixed order; [`Shard`] splits it
//!   over machines (a table of octal codes by sequences, balanced by
//!   their estimated cost).
//! * [`Row`]: one set's least pre-period, period, saltus, outcome
//!   pre-period and period, largest value and positions, from the one
//!   seam to the engines, [`evaluate`](crate::evaluate()). [`Layout`] writes
//!   rows as CSV or JSON Lines (with the `csv` and `serde_json` crates)
//!   and reads them back; [`Record`] is a row as a JSON object.
//! * [`run`]: the sets of a family on a thread pool (rayon), rows pushed
//!   as they finish; [`Sweep`]: rows in family order to a stream, or to a
//!   file through a journal that survives kill -9 and resumes; [`merge`]:
//!   shard files back into one, byte for byte.
//! * [`Check`], [`Table`], [`Summary`]: the research reports (a conjecture
//!   tested on every row, a period table, the longest periods).
//! * [`laws`]: whole spaces of families searched for laws, each fitted
//!   by `grundy-fit` and validated on held-out rows (`grundy laws`).
//!
//! Nothing here prints or reads arguments; the front ends add progress,
//! Ctrl-C and their own words.
//!
//! ```
//! use grundy_sweep::{Family, RunOptions, Shard, Summary, run};
//! // Suetsugu and Abuku's family, a small corner of it.
//! let f = Family::template("all-but:a,b,a+b,a+2b", &["a=1..3", "b=a+1..a+3"])?;
//! let mut rows = Vec::new();
//! run(&f, &|i| Shard::ALL.contains(i), &RunOptions::default(), &mut |b| {
//!     rows.extend(b)
//! })?;
//! rows.sort_by_key(|r| r.index);
//! assert_eq!(rows[0].set, "all-but:1,2,3,5");
//! assert_eq!(Summary::build(&rows, 3).found, 9);
//! # Ok::<(), grundy_sweep::Error>(())
//! ```

#![deny(missing_docs)]

mod balance;
mod check;
mod compress;
mod error;
mod evaluate;
mod expr;
mod family;
mod file;
mod format;
mod journal;
pub mod laws;
mod merge;
mod order;
mod row;
mod run;
mod shard;
mod share;
mod summary;
mod sweep;
mod table;

pub use check::{Check, CheckOutcome, Verdict};
pub use compress::{
    Compression, MAX_LINE, MAX_RATIO, ZSTD_LEVEL, decode, read_text,
};
pub use error::{Error, ErrorKind, Result};
pub use evaluate::{Evaluation, Found, evaluate};
pub use expr::{FUNCTIONS, MAX_EXPR_CHARS, MAX_EXPR_DEPTH};
pub use family::{Family, MAX_FAMILY, MAX_OCTAL_DIGITS, Point, Points};
pub use file::{OutputFile, remove_temporaries, write_atomically};
pub use format::{Format, Layout, Lines};
pub use journal::journal_path;
pub use laws::{FamilyLaws, LawSearch, LawSpec, Space, Span};
pub use merge::{Merged, merge};
pub use row::{Columns, RESULT_COLUMNS, Record, Row, Status};
pub use run::{DEFAULT_SWEEP_POSITIONS, RunOptions, run};
pub use shard::Shard;
pub use summary::Summary;
pub use sweep::{
    Complete, Destination, ErrorRows, Interrupted, Ran, Started, Sweep,
};
pub use table::{Axis, Cell, Table};
