//! `grundy`: exact Grundy values, periods, outcomes, sums and perfect play
//! for impartial heap games: subtraction games (finite and all-but sets)
//! and any rule set that implements [`RuleSet`].
//!
//! A heap game is a heap of n tokens and a rule saying which moves are
//! allowed; the Grundy value g(n) = mex{ values of the options } decides
//! every sum of such heaps (Sprague-Grundy). This crate computes the
//! Grundy sequence, its least pre-period and period with a certificate,
//! the P/N outcome sequences under normal and misère play, the value of
//! any heap (also with hundreds of digits), sums of heaps, and perfect
//! play with remoteness. It does no I/O and knows nothing of its front
//! ends (the `grundy` command, the web explorer): they translate its
//! plain data into text, JSON or pictures.
//!
//! # One entry point per concept
//!
//! Rule sets are written as text and parsed into a [`Rules`] handle:
//! `"1,2,3"`, `"{2, 3, 5}"`, `"1-3,7"`, `"nim"`, `"all-but:2,3,6,8"`.
//!
//! Sequence values, from heap 0 on ([`values`], [`outcomes`]):
//!
//! ```
//! let rules: grundy::Rules = "1,2,3".parse()?;
//! let g: Vec<u64> = grundy::values(&rules).take(8).map(|g| g.value()).collect();
//! assert_eq!(g, [0, 1, 2, 3, 0, 1, 2, 3]);
//! # Ok::<(), Box<dyn std::error::Error>>(())
//! ```
//!
//! The least pre-period and period, with certificate ([`period`]):
//!
//! ```
//! use grundy::{Budget, Play, PeriodOptions};
//! let rules: grundy::Rules = "5000,10001,15001".parse()?;
//! # let rules: grundy::Rules = "2,3,7".parse()?;
//! let p = grundy::period(&rules, Play::Normal, &PeriodOptions::default(), &Budget::default())?;
//! # assert_eq!((p.preperiod, p.period), (0, 5));
//! println!("pre-period {}, period {}", p.preperiod, p.period);
//! # Ok::<(), Box<dyn std::error::Error>>(())
//! ```
//!
//! One heap of any size ([`heap`]):
//!
//! ```
//! let rules = "all-but:2,3,7".parse()?;
//! let n = grundy::parse_heap_size("1000000000000000003")?;
//! let r = grundy::heap(&rules, &n, &grundy::Budget::default())?;
//! assert_eq!(r.grundy, 500000000000000001);
//! # Ok::<(), Box<dyn std::error::Error>>(())
//! ```
//!
//! A sum of heaps, each with its own rule set ([`sum`]):
//!
//! ```
//! use grundy::{Budget, Heap, Play};
//! let heaps: Vec<Heap> = vec!["1,2,3:10".parse()?, "nim:5".parse()?];
//! let r = grundy::sum(&heaps, Play::Misere, &Budget::default())?;
//! println!("{} wins; moves: {:?}", r.outcome, r.winning_moves);
//! # Ok::<(), Box<dyn std::error::Error>>(())
//! ```
//!
//! The best move, with remoteness when the game is solved exactly, else
//! from the theory ([`Strategy`], [`PlayMethod`]):
//!
//! ```
//! use grundy::{Budget, Play, Strategy};
//! let start = [("1,2,3".parse()?, 31)];
//! let mut s = Strategy::new(&start, Play::Normal, Budget::default())?;
//! let best = s.best_moves(&start)?;
//! assert_eq!(best[0].to_string(), "heap 1: take 3");
//! # Ok::<(), Box<dyn std::error::Error>>(())
//! ```
//!
//! Sweeps over families of sets live in the `grundy-sweep` crate, on top
//! of [`period`] with [`PeriodOptions::bulk`].
//!
//! # Budgets and errors
//!
//! Every long computation runs under a [`Budget`] (work, stored states,
//! deadline, cancel flag, progress observer) and stops with an
//! [`Error`] of kind [`ErrorKind::Budget`] whose [`Error::stopped`] says
//! which limit ran out and how far it got. Messages never name a front
//! end's flags; front ends add their own hints.
//!
//! # Layers
//!
//! A module imports only from its own layer and the layers below it, and
//! no file imports one that imports it back. The layers are written once,
//! in the diagram under "Layers" in `docs/DESIGN.md`, which
//! `tests/layers.rs` reads and checks every file of the crate against;
//! that page also explains each layer and how to add a rule set.

#![deny(missing_docs)]

mod budget;
mod code;
#[cfg(feature = "bench")]
pub mod engine;
#[cfg(not(feature = "bench"))]
mod engine;
mod error;
mod game;
mod misere;
mod nimber;
mod notation;
mod period;
mod play;
mod query;
mod rules;
mod set;
mod survey;

pub use budget::{
    Budget, DEFAULT_MAX_MEMORY, DEFAULT_MAX_POSITIONS, DEFAULT_MAX_SPLITS,
    DEFAULT_MAX_STATES, DEFAULT_OCTAL_HEAPS, DEFAULT_QUOTIENT_POSITIONS,
    NotATimeLimit, Observer, StopReason, Stopped, Unit, deadline_after,
    default_threads, time_limit,
};
pub use code::{MAX_DIGITS, OctalCode, OctalGame};
pub use engine::Engine;
pub use engine::octal::{
    CHECKPOINT_FORMAT, Checkpoint, MAX_KEYED_DIGITS, Mask, SameValues,
    checksum,
};
pub use error::{Error, ErrorKind, Result, shorten, shorten_quotes};
pub use game::{HeapGame, HeapOption, MAX_LEAVES};
pub use nimber::{Nimber, mex};
pub use notation::ALL_BUT_PREFIX;
pub use period::{
    Certificate, EngineChoice, GuySmith, PatternCycle, Period, PeriodOptions,
    Periods, Reduction,
};
pub use play::{Outcome, Play, Sequence, TieBreaker};
pub use query::explain::{Explanation, FesStep, explain};
pub use query::heap::{
    GLANCE_CHECKS, GLANCE_POSITIONS, HeapOptions, HeapReport, heap, heap_with,
    parse_heap_size,
};
/// The exhaustive misère search of a sum of heaps (the fallback and
/// test oracle of the quotient's answers), for the benchmark crate (not
/// a stable API).
#[cfg(feature = "bench")]
pub fn misere_search(
    heaps: &[Heap],
    budget: &Budget,
) -> Result<(Outcome, Vec<Move>)> {
    query::sum::misere_search(heaps, budget)
}
pub use query::misere_answer::{
    GLANCE_QUOTIENT_WORK, MISERE_QUOTIENT_WORK, MisereMethod,
};
pub use query::moves::{Move, MoveFamily, move_text};
pub use query::period::{
    CertificateReport, PeriodReport, Periodicity, ReductionReport, period,
};
pub use query::quotient::{
    Expansion, QUOTIENT_MAX_HEAPS, QuotientReport, quotient,
};
pub use query::run::{OctalRun, RunChunk};
pub use query::strategy::{PlayMethod, PositionValue, RatedMove, Strategy};
pub use query::sum::{Heap, HeapValue, SumFamily, SumReport, sum};
pub use query::values::{
    Outcomes, Values, ValuesReport, outcomes, outcomes_to, outcomes_within,
    values, values_within,
};
pub use rules::{BigOption, Goal, RuleSet, Rules, Subtraction, Toward};
pub use set::{AllButSet, FiniteSet, MAX_ELEMENT};
pub use survey::{RareValue, Survey};

pub use num_bigint::BigUint;
