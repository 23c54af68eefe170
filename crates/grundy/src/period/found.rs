//! What the detectors return: a least pre-period and period with the
//! certificate that proves it, and how a search may run.
//!
//! Kept apart from `mod.rs` so that the detectors (`window.rs`,
//! `runs.rs`, `small.rs`, `pattern.rs`, `choice.rs`) and the entry points
//! in `mod.rs` import these types from one leaf, never from each other's
//! parents.

use std::fmt;
use std::str::FromStr;

use crate::engine::Engine;
use crate::error::{Error, ErrorKind};
use crate::play::Play;

use super::pattern::{PatternCycle, Reduction};

/// Which engine a period search should use.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub enum EngineChoice {
    /// Probe the set and pick: the run-length engine when its first few
    /// thousand segments are long, else the block engine.
    #[default]
    Auto,
    /// The block engine, position by position.
    Block,
    /// The run-length engine, segment by segment.
    Runs,
}

impl FromStr for EngineChoice {
    type Err = Error;

    fn from_str(text: &str) -> Result<EngineChoice, Error> {
        match text {
            "auto" => Ok(EngineChoice::Auto),
            "block" => Ok(EngineChoice::Block),
            "runs" => Ok(EngineChoice::Runs),
            _ => Err(Error::new(
                ErrorKind::Parse,
                format!("unknown engine \"{text}\"; use auto, block or runs"),
            )),
        }
    }
}

impl fmt::Display for EngineChoice {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(match self {
            EngineChoice::Auto => "auto",
            EngineChoice::Block => "block",
            EngineChoice::Runs => "runs",
        })
    }
}

/// How a period search may run.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct PeriodOptions {
    /// The engine for finite sets (ignored by rule sets with one engine).
    pub engine: EngineChoice,
    /// Sweeps of many small sets: keep each set's whole short history in
    /// memory and find the Grundy and outcome periods in one pass. Same
    /// answers; less set-up cost per set, more memory per position.
    pub bulk: bool,
}

/// What proves a reported period.
#[derive(Clone, Debug, PartialEq, Eq)]
#[non_exhaustive]
pub enum Certificate {
    /// x(n + p) = x(n) was checked for the `window` consecutive n from
    /// `start` on, and for every n from the pre-period to there; since the
    /// value at n depends only on the `window` values before it, that
    /// proves it for all later n.
    Window {
        /// The first of the `window` matching positions.
        start: u64,
        /// m = max(S).
        window: u64,
    },
    /// All-but sets: the FES boundary pattern before one step recurs
    /// later (see [`PatternCycle`]).
    Pattern(PatternCycle),
    /// All-but outcome sequences: two P-positions differ by an element of
    /// X, so every P-position lies in [start, start + window], and every
    /// heap past the last one is N.
    PositionsWithin {
        /// The first P-position.
        start: u64,
        /// max(X).
        window: u64,
    },
    /// Take-and-break games: the agreement the Guy-Smith periodicity
    /// theorem asks for (see [`GuySmith`]).
    GuySmith(GuySmith),
}

/// The certificate of the Guy-Smith periodicity theorem (R. K. Guy, C. A.
/// B. Smith, The G-values of various games, 1956; Winning Ways ch. 4):
/// g(n + p) = g(n) was checked for every n with `preperiod <= n <
/// checked_to`, where `checked_to` is the theorem's bound E for the code
/// length t and the most heaps k one move leaves:
///
/// ```text
/// E = 2 n0 + p + t            octal codes that split (k = 2),
/// E = 3 n0 + 2 p + t          hexadecimal codes that split in three,
/// E = max(n0 + t, t + 1)      codes that never split (k <= 1),
/// ```
///
/// and by the theorem it then holds for every n >= n0.
///
/// ```
/// use grundy::GuySmith;
/// // Kayles (0.77): pre-period 71, period 12, t = 2.
/// assert_eq!(GuySmith::bound(71, 12, 2, 2), 2 * 71 + 12 + 2);
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
#[cfg_attr(feature = "serde", derive(serde::Serialize))]
pub struct GuySmith {
    /// n0, the least pre-period.
    pub preperiod: u64,
    /// p, the least period.
    pub period: u64,
    /// t, the code length.
    pub code_len: u64,
    /// k, the most heaps one move leaves.
    pub parts: u8,
    /// E, the end of the range that was checked.
    pub checked_to: u64,
}

impl GuySmith {
    /// E for (n0, p, t, k), see the type's docs.
    pub fn bound(
        preperiod: u64,
        period: u64,
        code_len: u64,
        parts: u8,
    ) -> u64 {
        let (n0, p, t) = (preperiod, period, code_len);
        match parts {
            0 | 1 => (n0 + t).max(t + 1),
            k => {
                let k = u64::from(k);
                k * n0 + (k - 1) * p + t
            }
        }
    }

    /// Checks the certificate against values g(0), g(1), ...: every
    /// agreement it claims, and that the pre-period cannot start one
    /// earlier.
    pub fn verify(&self, values: &[u16]) -> bool {
        let (n0, p) = (self.preperiod as usize, self.period as usize);
        let end = self.checked_to as usize;
        let bound = GuySmith::bound(
            self.preperiod,
            self.period,
            self.code_len,
            self.parts,
        );
        p >= 1
            && self.checked_to == bound
            && end + p <= values.len()
            && (n0..end).all(|n| values[n] == values[n + p])
            && (n0 == 0 || values[n0 - 1] != values[n0 - 1 + p])
    }
}

/// An eventual period of one sequence, exact and least, with its proof.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Period {
    /// The least l with x(n + p) = x(n) + s for all n >= l.
    pub preperiod: u64,
    /// The least p >= 1 for which such an l exists.
    pub period: u64,
    /// The saltus s (0 for sequences that repeat exactly).
    pub saltus: u64,
    /// What proves it.
    pub certificate: Certificate,
    /// The largest value of the sequence, when it is bounded (for outcome
    /// sequences: 0 if every position is P, else 1).
    pub max_value: Option<u64>,
    /// The engine that generated the sequence.
    pub engine: Engine,
    /// Positions whose values were determined, all phases together.
    pub positions: u64,
    /// Segments the run-length engine processed (its real work).
    pub segments: Option<u64>,
    /// The gcd reduction applied first (all-but sets with gcd(X) > 1).
    pub reduced: Option<Reduction>,
}

/// The periods a report needs under one play: the main sequence (the
/// Grundy sequence under normal play, the misère outcomes under misère
/// play) and the outcome sequence under that play.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Periods {
    /// The main sequence's period.
    pub main: Period,
    /// The outcome sequence's period (equal to `main` under misère play).
    pub outcome: Period,
    /// Positions examined for both together.
    pub positions: u64,
}

impl Periods {
    /// Both periods from separate searches.
    pub(crate) fn pair(main: Period, outcome: Period, play: Play) -> Self {
        let positions = match play {
            Play::Normal => main.positions + outcome.positions,
            Play::Misere => main.positions,
        };
        Periods { main, outcome, positions }
    }
}
