//! Take-and-break games (octal and hexadecimal codes, Grundy's game) as
//! rule sets: which engine and which theorem apply.
//!
//! * Values: the sparse-space engine (`engine/octal/`), two bytes a
//!   value, work per heap about the number of rare positions.
//! * Periods: the Guy-Smith periodicity theorem (`period/octal.rs`): the
//!   least pre-period n0 and period p with the certificate "g(n + p) =
//!   g(n) for n0 <= n < E" (E = 2 n0 + p + t for octal codes that split,
//!   3 n0 + 2 p + t for three-heap splits, with n0 = 0 counted as 1 in
//!   both, max(n0 + t, t + 1) for codes that never split: the bound of
//!   [`crate::GuySmith`]). The outcome sequence's period is read off the
//!   same values. Grundy's game has no such theorem: no period is
//!   claimed for it.
//! * Misère play: single-heap outcomes by exhaustive search over sums
//!   (the exact solver), marked as such; no period, since misère play of
//!   games that split heaps has no periodicity theorem.
//! * Winning moves from huge heaps: a heap of 10^30 tokens has about 10^30
//!   splits, so not all winning moves can be listed. Past the pre-period
//!   l, g depends only on n mod p, so a split's value depends only on its
//!   smaller parts modulo p: every winning split is one with its smaller
//!   parts below l + p, or such a split with those parts raised by
//!   multiples of p. [`RuleSet::options_toward`] lists the winning moves
//!   that leave one heap and the winning splits with smaller parts below
//!   l + p, at most [`Toward::LIMIT`] in all, and says so
//!   ([`Toward::repeat`]). Misère play of huge heaps is not analysed.

use num_bigint::BigUint;
use num_traits::ToPrimitive;

use crate::budget::{Budget, StopReason, Stopped};
use crate::code::{LEAVE_ONE, LEAVE_THREE, LEAVE_TWO, OctalGame};
use crate::engine::Engine;
use crate::engine::octal::SparseEngine;
use crate::error::{Error, ErrorKind, Result};
use crate::period::octal::{OctalPeriod, OctalSearch};
use crate::period::{Certificate, Period, PeriodOptions, Periods};
use crate::play::{Play, Sequence};

use super::{BigOption, Goal, RuleSet, Toward};

/// Heaps up to this size list all their options (the caller evaluates
/// them one by one).
const DIRECT_LIMIT: u64 = 1 << 22;

/// Three-heap splits examined at most, for the representatives of a huge
/// heap of a hexadecimal game.
const THREE_SPLIT_WORK: u64 = 1 << 27;

impl RuleSet for OctalGame {
    fn notation(&self) -> String {
        self.to_string()
    }

    /// The values in batches of about 10 ms: the caller's polls between
    /// values see a deadline in time.
    fn values(
        &self,
        _budget: &Budget,
    ) -> Option<Box<dyn Iterator<Item = u64> + Send>> {
        Some(Box::new(SparseValues::new(self)))
    }

    fn outcomes(
        &self,
        play: Play,
        _budget: &Budget,
    ) -> Option<Box<dyn Iterator<Item = bool> + Send>> {
        match play {
            Play::Normal => {
                Some(Box::new(SparseValues::new(self).map(|g| g == 0)))
            }
            // The exact solver over sums (the default).
            Play::Misere => None,
        }
    }

    fn period(
        &self,
        sequence: Sequence,
        options: &PeriodOptions,
        budget: &Budget,
    ) -> Result<Option<Period>, Stopped> {
        let Some(found) = self.periods(Play::Normal, options, budget)? else {
            return Ok(None);
        };
        Ok(match sequence {
            Sequence::Grundy => Some(found.main),
            Sequence::Outcome(Play::Normal) => Some(found.outcome),
            Sequence::Outcome(Play::Misere) => None,
        })
    }

    fn periods(
        &self,
        play: Play,
        _options: &PeriodOptions,
        budget: &Budget,
    ) -> Result<Option<Periods>, Stopped> {
        if play == Play::Misere || !self.has_periodicity_theorem() {
            return Ok(None);
        }
        let found = OctalSearch::new(self).run(budget, &mut |_| true)?;
        Ok(Some(periods(&found)))
    }

    fn family(&self) -> &'static str {
        "take-and-break games"
    }

    fn fixed_engine(&self) -> Option<Engine> {
        Some(Engine::Sparse)
    }

    /// Huge heaps, normal play: the winning moves that leave one heap and
    /// representatives of the winning splits (see the module docs).
    fn options_toward(
        &self,
        heap: &BigUint,
        goal: Goal,
        grundy: Option<&Period>,
        budget: &Budget,
    ) -> Result<Option<Toward>> {
        let Goal::Grundy(target) = goal else { return Ok(None) };
        if heap.to_u64().is_some_and(|n| n <= DIRECT_LIMIT) {
            return Ok(None);
        }
        let found;
        let period = match grundy {
            Some(period) => period,
            None => {
                found = self
                    .period(
                        Sequence::Grundy,
                        &PeriodOptions::default(),
                        budget,
                    )
                    .map_err(|e| no_period(self, &e))?
                    .ok_or_else(|| no_theorem(self))?;
                &found
            }
        };
        let (l, p) = (period.preperiod, period.period);
        let mut engine = SparseEngine::new(self);
        engine.advance(l + p).map_err(|e| no_period(self, &e))?;
        let at = Reduced { values: engine.values(), l, p };
        Ok(Some(representatives(self, heap, target, &at, budget)?))
    }

    fn values_end(&self, heap: u64) -> Error {
        width_error(self, heap)
    }

    fn noun(&self) -> &'static str {
        "a take-and-break game"
    }

    fn octal_game(&self) -> Option<&OctalGame> {
        Some(self)
    }

    /// Codes with a digit that leaves two or three heaps, and Grundy's
    /// game.
    fn splits_heaps(&self) -> bool {
        self.max_parts() >= 2
    }

    fn counts_splits(&self) -> bool {
        true
    }

    /// Every code (the Guy-Smith theorem); not Grundy's game.
    fn has_periodicity_theorem(&self) -> bool {
        OctalGame::has_periodicity_theorem(self)
    }
}

/// The report's periods from one search: the Grundy sequence's with the
/// Guy-Smith certificate, and the P/N sequence's.
pub(crate) fn periods(found: &OctalPeriod) -> Periods {
    let c = found.certificate;
    let main = Period {
        preperiod: c.preperiod,
        period: c.period,
        saltus: 0,
        certificate: Certificate::GuySmith(c),
        max_value: Some(found.max_value),
        engine: Engine::Sparse,
        positions: found.positions,
        segments: None,
        reduced: None,
    };
    let outcome = Period {
        preperiod: found.outcome.0,
        period: found.outcome.1,
        // 1 when some position is N (some value is not 0), as outcome
        // sequences report it.
        max_value: Some(u64::from(found.max_value > 0)),
        ..main.clone()
    };
    Periods { main, outcome, positions: found.positions }
}

/// The message for a value too big for the engine's 16-bit store.
pub(crate) fn width_error(game: &OctalGame, heap: u64) -> Error {
    Error::new(
        ErrorKind::TooLarge,
        format!(
            "the Grundy value of heap {heap} of \"{game}\" is too big for the \
             value width: the sparse engine stores values in 16 bits (up to \
             65535); the values below heap {heap} are kept"
        ),
    )
}

fn no_theorem(game: &OctalGame) -> Error {
    Error::new(
        ErrorKind::TooLarge,
        format!(
            "no periodicity theorem is known for \"{game}\", so heaps above \
             {DIRECT_LIMIT} cannot be analysed; use a smaller heap"
        ),
    )
}

fn no_period(game: &OctalGame, e: &Stopped) -> Error {
    if e.reason == StopReason::Width {
        return width_error(game, e.done);
    }
    Error::budget(e.clone(), format!("no period found for \"{game}\" ({e})"))
}

/// g(n) of any n from values up to l + p.
struct Reduced<'a> {
    values: &'a [u16],
    l: u64,
    p: u64,
}

impl Reduced<'_> {
    fn small(&self, n: u64) -> u16 {
        let i = if n < self.l { n } else { self.l + (n - self.l) % self.p };
        self.values[i as usize]
    }

    /// g(m - a) for a huge m, given r = (m - l) mod p, and a <= m - l.
    fn below_top(&self, r: u64, a: u64) -> u16 {
        let back = a % self.p;
        let i = self.l + (r + self.p - back) % self.p;
        self.values[i as usize]
    }
}

/// The winning moves of a huge heap that leave one heap, and the winning
/// splits whose smaller parts are below l + p, at most [`Toward::LIMIT`].
fn representatives(
    game: &OctalGame,
    heap: &BigUint,
    target: u64,
    at: &Reduced,
    budget: &Budget,
) -> Result<Toward> {
    let mut options = Vec::new();
    let full = |options: &Vec<BigOption>| options.len() >= Toward::LIMIT;
    let reach = at.l + at.p;
    let mut three_work = 0u64;
    for i in 0..=game.code_len() as u64 {
        let d = game.digit(i as usize);
        let m = heap - BigUint::from(i);
        let r = ((&m - BigUint::from(at.l)) % at.p).to_u64().expect("below p");
        if d & LEAVE_ONE != 0
            && i > 0
            && !full(&options)
            && u64::from(at.below_top(r, 0)) == target
        {
            options
                .push(BigOption { take: i.into(), leaves: vec![m.clone()] });
        }
        if d & LEAVE_TWO != 0 {
            for a in 1..reach {
                if full(&options) {
                    break;
                }
                if a % (1 << 20) == 0 {
                    poll(game, budget)?;
                }
                let v = at.small(a) ^ at.below_top(r, a);
                if u64::from(v) == target {
                    let rest = &m - BigUint::from(a);
                    options.push(BigOption {
                        take: i.into(),
                        leaves: vec![a.into(), rest],
                    });
                }
            }
        }
        if d & LEAVE_THREE != 0 {
            'outer: for a in 1..reach {
                for b in a..reach {
                    if full(&options) || three_work >= THREE_SPLIT_WORK {
                        break 'outer;
                    }
                    three_work += 1;
                    if three_work.is_multiple_of(1 << 20) {
                        poll(game, budget)?;
                    }
                    let v = at.small(a) ^ at.small(b) ^ at.below_top(r, a + b);
                    if u64::from(v) == target {
                        let rest = &m - BigUint::from(a + b);
                        options.push(BigOption {
                            take: i.into(),
                            leaves: vec![a.into(), b.into(), rest],
                        });
                    }
                }
            }
        }
    }
    Ok(Toward { options, repeat: Some(at.p) })
}

fn poll(game: &OctalGame, budget: &Budget) -> Result<()> {
    let Some(reason) = budget.interrupted() else { return Ok(()) };
    let stop = Stopped::new(reason, 0, 0, crate::budget::Unit::Positions);
    let message =
        format!("listing the winning moves of \"{game}\" stopped: {stop}");
    Err(Error::budget(stop, message))
}

/// The Grundy values of a game from heap 0 on, by the sparse engine. It
/// ends at a value too big for 16 bits ([`RuleSet::values_end`] says so).
/// At the lengths the period search checks (64, 80, 100, ..., a quarter
/// apart) it looks for the Guy-Smith certificate; once the values are
/// proven periodic the rest are read off the period, not computed (Dawson's
/// Kayles, 0.07, to 10^6 heaps: 190 s computed, as many milliseconds
/// read off: its sparse split is poor).
struct SparseValues {
    engine: SparseEngine,
    next: u64,
    batch: u64,
    ended: bool,
    /// The length of the next certificate check (`u64::MAX`: none, the
    /// game has no periodicity theorem).
    next_check: u64,
    /// (pre-period, period) once proven.
    periodic: Option<(u64, u64)>,
}

impl SparseValues {
    fn new(game: &OctalGame) -> SparseValues {
        let theorem = game.has_periodicity_theorem();
        SparseValues {
            engine: SparseEngine::new(game),
            next: 0,
            batch: 16,
            ended: false,
            next_check: if theorem { 64 } else { u64::MAX },
            periodic: None,
        }
    }

    /// Looks for the certificate when the values have reached the next
    /// check's length.
    fn check_period(&mut self) {
        let len = self.engine.len();
        if len < self.next_check {
            return;
        }
        self.next_check = crate::period::octal::next_check_after(len);
        let game = self.engine.game();
        let (t, k) = (game.code_len() as u64, game.max_parts());
        let found = crate::period::octal::find(
            self.engine.values(),
            t,
            k,
            &Budget::default(),
        );
        if let Ok(Some(found)) = found {
            self.periodic = Some((found.preperiod, found.period));
        }
    }
}

impl Iterator for SparseValues {
    type Item = u64;

    fn next(&mut self) -> Option<u64> {
        if let Some((l, p)) = self.periodic {
            let n = self.next;
            self.next += 1;
            let values = self.engine.values();
            return Some(u64::from(crate::period::octal::value_at(
                values, l, p, n,
            )));
        }
        if self.next == self.engine.len() {
            if self.ended {
                return None;
            }
            // Small batches first (a caller may want a few values only),
            // then about 10 ms each (at most doubling, at most 2^16), so a
            // caller polling a deadline between values sees it in time
            // even where values grow dear fast (three-heap splits).
            let batch = self.batch;
            let started = std::time::Instant::now();
            if self.engine.advance(batch).is_err() {
                self.ended = true;
            }
            self.batch = crate::period::octal::next_chunk(
                batch,
                started.elapsed(),
                std::time::Duration::from_millis(10),
            )
            .min(1 << 16);
            if self.next == self.engine.len() {
                return None;
            }
            self.check_period();
        }
        self.next += 1;
        Some(u64::from(self.engine.values()[self.next as usize - 1]))
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::engine::naive::grundy_values;
    use crate::engine::octal::sparse::tests::any_game;
    use proptest::prelude::*;

    /// The values as the engine computes them, every one.
    fn computed(game: &OctalGame, len: u64) -> Vec<u64> {
        let mut engine = SparseEngine::new(game);
        engine.advance(len).unwrap().iter().map(|&v| u64::from(v)).collect()
    }

    #[test]
    fn values_read_off_the_period_equal_the_computed_ones() {
        // Periodic games of Winning Ways ch. 4 (0.07 from 53 with period
        // 34, 0.77 from 71 with 12, 0.137 from 52 with 34), 4.7 (from 1,
        // 2) and 0.16 (Gangolli-Plambeck: from 105351 with period 149459,
        // so its first 40000 values are all computed).
        for code in ["0.07", "0.77", "0.137", "4.7", "0.16"] {
            let game: OctalGame = code.parse().unwrap();
            let len = 40_000;
            let mut values = SparseValues::new(&game);
            let listed: Vec<u64> = values.by_ref().take(len).collect();
            assert_eq!(listed, computed(&game, len as u64), "{code}");
            let proven = values.periodic.is_some();
            assert_eq!(proven, code != "0.16", "{code}");
            // Read off the period, the engine stopped long before.
            if proven {
                assert!(values.engine.len() < 1000, "{code}");
            }
        }
    }

    proptest! {
        #![proptest_config(ProptestConfig::with_cases(200))]

        /// Random codes (Grundy's game, octal and hexadecimal): the
        /// listing equals the definition, period or not.
        #[test]
        fn listed_values_equal_the_definition(g in any_game()) {
            let len = 700;
            let listed: Vec<u64> = SparseValues::new(&g).take(len).collect();
            prop_assert_eq!(listed, grundy_values(&g, len));
        }
    }
}
