//! `grundy`: exact Grundy values, periods, outcomes and sums for
//! subtraction games.
//!
//! A subtraction game is one heap of n stones from which a move removes s
//! stones for some s in a set S. This crate computes its Grundy sequence
//! g(n) = mex{ g(n - s) }, the least pre-period and period of that sequence
//! and of the P/N (outcome) sequences under normal and misère play, the
//! value of any heap (also with hundreds of digits), and sums of heaps.
//! Definitions and conventions follow `shared/DOMAIN.md`.
//!
//! The crate does no I/O: front ends (the `grundy` command, the web
//! explorer) translate its plain data into text, JSON or pictures.
//!
//! ```
//! use grundy::{FiniteSet, Limit, Sequence, find_period};
//! let set: FiniteSet = "5000,10001,15001".parse()?;
//! # let set: FiniteSet = "2,3,7".parse()?;
//! let p = find_period(&set, Sequence::Grundy, &Limit::default(), &mut |_| {})?;
//! # assert_eq!((p.preperiod, p.period), (0, 5));
//! # Ok::<(), Box<dyn std::error::Error>>(())
//! ```

#![deny(missing_docs)]

pub mod allbut;
pub mod choice;
pub mod engine;
mod error;
pub mod game;
pub mod heap;
mod nimber;
mod notation;
pub mod period;
mod play;
pub mod report;
mod set;
pub mod strategy;
pub mod sum;
pub mod sweep;

pub use allbut::{AllButPeriod, find_allbut_period};
pub use choice::{EngineChoice, EnginePeriod, find_period_with};
pub use error::{Error, ErrorKind, Result};
pub use game::{ImpartialGame, Solver, Subtraction};
pub use nimber::{Nimber, mex};
pub use notation::ALL_BUT_PREFIX;
pub use period::{Limit, NotFound, Period, StopReason};
pub use play::{Outcome, Play};
pub use set::{AllButSet, FiniteSet, MAX_ELEMENT, SubtractionSet};

/// Which sequence of a subtraction game to study.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Sequence {
    /// The Grundy values g(n).
    Grundy,
    /// The P/N outcomes under the given play.
    Outcome(Play),
}

/// Finds the least pre-period and period of one sequence of a finite set.
pub fn find_period(
    set: &FiniteSet,
    sequence: Sequence,
    limit: &Limit,
    progress: &mut dyn FnMut(u64),
) -> std::result::Result<Period, NotFound> {
    let seq = match sequence {
        Sequence::Grundy => None,
        Sequence::Outcome(play) => Some(play),
    };
    with_source!(set, seq, |make| period::detect(make, limit, progress))
}
