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
use crate::play::{Play, Sequence};
use crate::set::AllButSet;

use super::pattern::{PatternCycle, Reduction};

/// Which engine a period search should use.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub enum EngineChoice {
    /// Probe the set and pick: the run-length engine when its first few
    /// thousand segments are long (giving way to the block engine if its
    /// segments turn short later), else the block engine.
    #[default]
    Auto,
    /// The position engines, position by position: one-hot words (the
    /// block engine, or plain integers from |S| = 128), or the
    /// sliding-window engine for sets made of a few long intervals.
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

/// What proves a reported period: one kind per periodicity theorem, each
/// holding everything its statement needs, so that
/// [`explain`](Certificate::explain) words it alone. Every front end (the
/// command's text, the JSON key `certificate_text`, the web page, Python)
/// prints that sentence and never words a certificate itself.
#[derive(Clone, Debug, PartialEq, Eq)]
#[cfg_attr(feature = "serde", derive(serde::Serialize))]
#[cfg_attr(feature = "serde", serde(tag = "kind", rename_all = "snake_case"))]
#[non_exhaustive]
pub enum Certificate {
    /// Finite sets: x(n + p) = x(n) was checked for the `window`
    /// consecutive n from `start` on, and for every n from the pre-period
    /// to there; since the value at n depends only on the `window` values
    /// before it, that proves it for all later n.
    Window {
        /// The sequence x: Grundy values or outcomes.
        #[cfg_attr(
            feature = "serde",
            serde(serialize_with = "sequence_name")
        )]
        sequence: Sequence,
        /// l, the least pre-period.
        preperiod: u64,
        /// p, the least period.
        period: u64,
        /// The first of the `window` matching positions.
        start: u64,
        /// m = max(S).
        window: u64,
    },
    /// All-but sets: the FES boundary pattern before one step recurs
    /// later (see [`PatternCycle`]), in `game`.
    Pattern {
        /// The set the search ran on: X itself, or X / gcd(X) after the
        /// gcd reduction.
        #[cfg_attr(feature = "serde", serde(serialize_with = "as_text"))]
        game: AllButSet,
        /// Where the patterns repeat.
        cycle: PatternCycle,
    },
    /// All-but outcome sequences: two P-positions differ by an element of
    /// X, so every P-position lies in [start, start + window], and every
    /// heap past the last one is N.
    PositionsWithin {
        /// The first P-position.
        start: u64,
        /// max(X).
        window: u64,
        /// One past the last P-position (the least pre-period): every heap
        /// from here on is N.
        preperiod: u64,
    },
    /// Take-and-break games: the agreement the Guy-Smith periodicity
    /// theorem asks for (see [`GuySmith`]).
    GuySmith(GuySmith),
}

impl Certificate {
    /// What the certificate proves and why, in one sentence (without a
    /// final period): the words every front end prints after
    /// `certificate:`.
    ///
    /// ```
    /// use grundy::{Budget, Play, PeriodOptions};
    /// let rules = "2,3,7".parse()?;
    /// let r = grundy::period(&rules, Play::Normal, &PeriodOptions::default(), &Budget::default())?;
    /// assert_eq!(
    ///     r.certificate.explain(),
    ///     "g(n + 5) = g(n) for every n in [0, 9), all the n the search compared; the last m = 7 of them (m = max S: each value depends only on the m values before it) make a whole window repeat, so it holds for all n >= 0"
    /// );
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn explain(&self) -> String {
        match self {
            Certificate::Window {
                sequence,
                preperiod,
                period,
                start,
                window,
            } => {
                // o is defined where it is used; m is said to be max S
                // and why a window of m values suffices; the range is all
                // the n the search compared (issue 37: "why 78?").
                let (x, defined) = match sequence {
                    Sequence::Grundy => ("g", ""),
                    Sequence::Outcome(_) => (
                        "o",
                        ", where o(n) is 0 at a P-position and 1 at an N-position,",
                    ),
                };
                format!(
                    "{x}(n + {period}) = {x}(n){defined} for every n in [{preperiod}, {end}), all the n the search compared; the last m = {window} of them (m = max S: each value depends only on the m values before it) make a whole window repeat, so it holds for all n >= {preperiod}",
                    end = start + window,
                )
            }
            Certificate::Pattern { game, cycle } => format!(
                "for {game}, the FES boundary pattern before step {mu} (first undetermined position {n}, {m} positions) recurs {q} {steps} later, {p} positions on, so g(n + {p}) = g(n) + {q} wherever g(n) >= {mu}; the positions of each smaller value k were compared with those of value k + {q}",
                mu = cycle.step,
                n = cycle.start,
                m = cycle.window,
                q = cycle.steps,
                p = cycle.shift,
                steps = if cycle.steps == 1 { "step" } else { "steps" },
            ),
            Certificate::PositionsWithin { start, window, preperiod } => {
                format!(
                    "two P-positions differ by an element of X, so every P-position lies in [{start}, {end}] and every heap from {preperiod} on is N",
                    end = start + window,
                )
            }
            Certificate::GuySmith(c) => c.explain(),
        }
    }

    /// The FES pattern repeat, for a [`Pattern`](Certificate::Pattern)
    /// certificate.
    pub fn pattern_cycle(&self) -> Option<PatternCycle> {
        match self {
            Certificate::Pattern { cycle, .. } => Some(*cycle),
            _ => None,
        }
    }

    /// The Guy-Smith agreement, for a
    /// [`GuySmith`](Certificate::GuySmith) certificate.
    pub fn guy_smith(&self) -> Option<GuySmith> {
        match self {
            Certificate::GuySmith(c) => Some(*c),
            _ => None,
        }
    }
}

/// `Certificate::Window`'s sequence as the JSON names it.
#[cfg(feature = "serde")]
fn sequence_name<S: serde::Serializer>(
    sequence: &Sequence,
    s: S,
) -> Result<S::Ok, S::Error> {
    s.serialize_str(match sequence {
        Sequence::Grundy => "grundy",
        Sequence::Outcome(Play::Normal) => "outcome",
        Sequence::Outcome(Play::Misere) => "misere_outcome",
    })
}

/// A set in its canonical notation.
#[cfg(feature = "serde")]
fn as_text<S: serde::Serializer>(
    set: &AllButSet,
    s: S,
) -> Result<S::Ok, S::Error> {
    s.collect_str(set)
}

/// The certificate of the Guy-Smith periodicity theorem (R. K. Guy, C. A.
/// B. Smith, The G-values of various games, 1956; Winning Ways ch. 4):
/// g(n + p) = g(n) was checked for every n with `preperiod <= n <
/// checked_to`, where `checked_to` is the theorem's bound E for the code
/// length t and the most heaps k one move leaves:
///
/// ```text
/// E = 2 n0' + p + t           octal codes that split (k = 2),
/// E = 3 n0' + 2 p + t         hexadecimal codes that split in three,
/// E = max(n0 + t, t + 1)      codes that never split (k <= 1),
/// ```
///
/// with n0' = max(n0, 1), and by the theorem it then holds for every
/// n >= n0. The pairing of moves behind the theorem takes p tokens from
/// the largest part of a split, which must stay non-empty: with n0 = 0
/// the bound 2 n0 + p + t is too short (0.04 has g(n + 1) = g(n) for
/// 0 <= n < 3, yet g(3) = 0 and g(4) = 1).
///
/// ```
/// use grundy::GuySmith;
/// // Kayles (0.77): pre-period 71, period 12, t = 2.
/// assert_eq!(GuySmith::bound(71, 12, 2, 2), 2 * 71 + 12 + 2);
/// // A pre-period of 0 counts as 1 when moves split.
/// assert_eq!(GuySmith::bound(0, 1, 2, 2), 2 + 1 + 2);
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
                k * n0.max(1) + (k - 1) * p + t
            }
        }
    }

    /// What the agreement proves, in words (see
    /// [`Certificate::explain`]).
    fn explain(&self) -> String {
        let (n0, p, t, e) =
            (self.preperiod, self.period, self.code_len, self.checked_to);
        let k = self.parts;
        // With n0 = 0 a split's largest part minus p must still be a heap.
        let n0_term = if n0 == 0 { "" } else { " n0" };
        let bound = match k {
            0 | 1 => format!("max(n0 + t, t + 1) = {e}"),
            2 => format!("2{n0_term} + p + t = {e}"),
            k => format!("{k}{n0_term} + {} p + t = {e}", k - 1),
        };
        let zero = if n0 == 0 && k >= 2 {
            "; n0 = 0 counts as 1, since each part of a split is non-empty"
        } else {
            ""
        };
        format!(
            "g(n + {p}) = g(n) for every n in [{n0}, {e}), the Guy-Smith bound {bound} (code length t = {t}, a move leaves at most {k} heaps{zero}), so by the Guy-Smith periodicity theorem it holds for all n >= {n0}",
        )
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
    /// Segments the run-length engine processed (its real work), also
    /// when it gave way to the block engine, whose budget they then
    /// count against; `None` when no run-length engine ran.
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

#[cfg(test)]
mod tests {
    use super::*;

    fn guy_smith(
        preperiod: u64,
        period: u64,
        code_len: u64,
        parts: u8,
    ) -> Certificate {
        let checked_to = GuySmith::bound(preperiod, period, code_len, parts);
        Certificate::GuySmith(GuySmith {
            preperiod,
            period,
            code_len,
            parts,
            checked_to,
        })
    }

    // One sentence per kind of certificate: the words every front end
    // prints after "certificate:".
    #[test]
    fn window_explains_itself() {
        let grundy = Certificate::Window {
            sequence: Sequence::Grundy,
            preperiod: 0,
            period: 5,
            start: 71,
            window: 7,
        };
        insta::assert_snapshot!(grundy.explain(), @"g(n + 5) = g(n) for every n in [0, 78), all the n the search compared; the last m = 7 of them (m = max S: each value depends only on the m values before it) make a whole window repeat, so it holds for all n >= 0");
        let misere = Certificate::Window {
            sequence: Sequence::Outcome(Play::Misere),
            preperiod: 14,
            period: 2,
            start: 73,
            window: 9,
        };
        insta::assert_snapshot!(misere.explain(), @"o(n + 2) = o(n), where o(n) is 0 at a P-position and 1 at an N-position, for every n in [14, 82), all the n the search compared; the last m = 9 of them (m = max S: each value depends only on the m values before it) make a whole window repeat, so it holds for all n >= 14");
        assert_eq!((grundy.pattern_cycle(), grundy.guy_smith()), (None, None));
    }

    #[test]
    fn pattern_explains_itself() {
        let cycle = PatternCycle {
            step: 14,
            start: 39,
            steps: 3,
            shift: 9,
            window: 8,
        };
        let c = Certificate::Pattern {
            game: AllButSet::new([2, 3, 6, 8]).unwrap(),
            cycle,
        };
        insta::assert_snapshot!(c.explain(), @"for all-but:2,3,6,8, the FES boundary pattern before step 14 (first undetermined position 39, 8 positions) recurs 3 steps later, 9 positions on, so g(n + 9) = g(n) + 3 wherever g(n) >= 14; the positions of each smaller value k were compared with those of value k + 3");
        assert_eq!((c.pattern_cycle(), c.guy_smith()), (Some(cycle), None));
        // One step: singular.
        let one = Certificate::Pattern {
            game: AllButSet::new([1]).unwrap(),
            cycle: PatternCycle {
                step: 0,
                start: 0,
                steps: 1,
                shift: 2,
                window: 1,
            },
        };
        assert!(one.explain().contains(" recurs 1 step later, "));
    }

    #[test]
    fn positions_within_explains_itself() {
        let c = Certificate::PositionsWithin {
            start: 1,
            window: 8,
            preperiod: 10,
        };
        insta::assert_snapshot!(c.explain(), @"two P-positions differ by an element of X, so every P-position lies in [1, 9] and every heap from 10 on is N");
        assert_eq!((c.pattern_cycle(), c.guy_smith()), (None, None));
    }

    #[test]
    fn guy_smith_explains_itself() {
        // Kayles (0.77): pre-period 71, period 12, t = 2.
        let kayles = guy_smith(71, 12, 2, 2);
        insta::assert_snapshot!(kayles.explain(), @"g(n + 12) = g(n) for every n in [71, 156), the Guy-Smith bound 2 n0 + p + t = 156 (code length t = 2, a move leaves at most 2 heaps), so by the Guy-Smith periodicity theorem it holds for all n >= 71");
        assert_eq!(kayles.guy_smith().map(|c| c.checked_to), Some(156));
        assert_eq!(kayles.pattern_cycle(), None);
        // Codes that never split, and hexadecimal codes that split in
        // three, state their own bounds.
        insta::assert_snapshot!(guy_smith(2, 1, 1, 0).explain(), @"g(n + 1) = g(n) for every n in [2, 3), the Guy-Smith bound max(n0 + t, t + 1) = 3 (code length t = 1, a move leaves at most 0 heaps), so by the Guy-Smith periodicity theorem it holds for all n >= 2");
        insta::assert_snapshot!(guy_smith(1, 2, 1, 3).explain(), @"g(n + 2) = g(n) for every n in [1, 8), the Guy-Smith bound 3 n0 + 2 p + t = 8 (code length t = 1, a move leaves at most 3 heaps), so by the Guy-Smith periodicity theorem it holds for all n >= 1");
        // A pre-period of 0 counts as 1 when moves split.
        insta::assert_snapshot!(guy_smith(0, 1, 2, 2).explain(), @"g(n + 1) = g(n) for every n in [0, 5), the Guy-Smith bound 2 + p + t = 5 (code length t = 2, a move leaves at most 2 heaps; n0 = 0 counts as 1, since each part of a split is non-empty), so by the Guy-Smith periodicity theorem it holds for all n >= 0");
    }

    /// 0.04 (take two tokens and split the rest into two non-empty
    /// heaps): g(0..=3) = 0 and g(4) = 1, so g(n + 1) = g(n) on [0, 3),
    /// which the bound 2 n0 + p + t = 3 would wrongly call a proof.
    #[test]
    fn a_split_part_stays_non_empty() {
        let values = [0, 0, 0, 0, 1];
        let short = GuySmith {
            preperiod: 0,
            period: 1,
            code_len: 2,
            parts: 2,
            checked_to: 3,
        };
        assert!(!short.verify(&values));
        assert_eq!(GuySmith::bound(0, 1, 2, 2), 5);
        assert_eq!(GuySmith::bound(1, 1, 2, 2), 5);
        assert_eq!(GuySmith::bound(0, 1, 2, 3), 3 + 2 + 2);
        // Codes that never split already count from t + 1.
        assert_eq!(GuySmith::bound(0, 1, 2, 1), 3);
    }
}
