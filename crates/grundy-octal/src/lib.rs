//! `grundy-octal`: octal and take-and-break games at the scale of the
//! published records.
//!
//! A take-and-break game is played on heaps of tokens; a move removes some
//! tokens from one heap and may leave the rest as 0, 1, 2 (or, in
//! hexadecimal games, 3) non-empty heaps. Its rules are an octal code
//! `d0.d1d2...` (Berlekamp, Conway, Guy, Winning Ways, ch. 4): Kayles is
//! `0.77`, Dawson's Kayles `0.07`, Officers `0.6`; Grundy's game (split a
//! heap into two unequal heaps) is read by the name `grundy`. This crate
//!
//! - parses, checks and prints codes ([`Rules`], [`OctalCode`]; the
//!   notation, hexadecimal digits and subtraction sets are described in
//!   the [`code`] module), and lists the options of a heap
//!   ([`Rules::options`]);
//! - computes Grundy values by the definition ([`naive_values`], the
//!   oracle) and with the sparse space ([`Engine`]: work per heap about the
//!   number of rare positions times the code length, values in 2 bytes
//!   each, streamed chunk by chunk, with a [`Checkpoint`] to resume after a
//!   kill);
//! - finds the least pre-period and period with the certificate of the
//!   Guy-Smith periodicity theorem, within a [`Budget`]
//!   ([`find_period`], [`PeriodSearch`]), and otherwise reports how far it
//!   got and the rare values it saw ([`Unresolved`]), never a guess;
//! - computes single-heap outcomes under misère play by exhaustive search
//!   ([`misere_outcomes`]; no period is claimed there).
//!
//! The crate does no I/O. It stands alone for now and will become a rule
//! set of the `grundy` crate.
//!
//! ```
//! use grundy_octal::{Budget, PeriodOutcome, Rules, find_period};
//! // Kayles: period 12, last exceptional value at n = 70.
//! let kayles: Rules = "0.77".parse()?;
//! let PeriodOutcome::Found(p) = find_period(&kayles, &Budget::positions(1 << 20))?
//! else {
//!     panic!("Kayles is periodic");
//! };
//! assert_eq!((p.preperiod, p.period), (71, 12));
//! // The certificate: g(n + 12) = g(n) was checked for 71 <= n < 2*71 + 12 + 2.
//! assert_eq!(p.certificate.checked_to, 156);
//! # Ok::<(), Box<dyn std::error::Error>>(())
//! ```

#![deny(missing_docs)]

pub mod code;
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
