//! `grundy-octal`: octal and take-and-break games at the scale of the
//! published records.
//!
//! TODO crate docs
#![deny(missing_docs)]

mod code;
mod error;
pub mod misere;
mod naive;
mod options;
pub mod period;
pub mod sparse;
mod stats;

pub use code::{
    LEAVE_NONE, LEAVE_ONE, LEAVE_THREE, LEAVE_TWO, MAX_DIGITS, OctalCode,
    Rules,
};
pub use error::{Error, ErrorKind, Result};
pub use misere::{MAX_MISERE_HEAP, MisereReport, Outcome, misere_outcomes};
pub use naive::naive_values;
pub use options::{Move, Options};
pub use period::{
    Budget, Certificate, Period, PeriodOutcome, PeriodSearch, StopReason,
    Unresolved, find_period,
};
pub use sparse::checkpoint::{CHECKPOINT_FORMAT, Checkpoint, checksum};
pub use sparse::engine::{Engine, MaskChoice, Work};
pub use sparse::mask::Mask;
pub use stats::{RareValue, Summary};
