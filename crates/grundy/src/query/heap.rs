//! One heap of any size: its Grundy value, outcomes and winning moves.
//!
//! [`HeapModel`] answers g(n) and the outcome of n for one rule set and
//! any n, also numbers with hundreds of digits. Small heaps are read off
//! the rule set's sequence directly (the values listed are kept, two
//! bytes each, for the heap's options and a sum's other heaps); for larger
//! ones the period that the rule set's theorem gives is found once: with
//! least pre-period l, period p and saltus s, n >= l reads
//! g(n) = g(r) + q s with n = r + q p and l <= r < l + p (Winning Ways
//! ch. 4 for finite sets, Suetsugu-Abuku for the additive periods of
//! all-but sets). The moves worth looking at from a huge heap come from
//! the rule set
//! ([`RuleSet::options_toward`](crate::RuleSet::options_toward)), except
//! those of a take-and-break game, which are described exactly through
//! the period: the moves listed and families of splits (`moves.rs`).
//!
//! A heap of a take-and-break game within the budget's heap count costs
//! g(0..=n) once: the period search lists the values itself and stops at
//! a proven period or at the heap, and its values are kept either way
//! (a search, then a listing of the same values, took twice the time,
//! and heaps above 2^22 without a known period could not be answered at
//! all). The winning moves of a heap whose values are kept are found by
//! walking its options as plain numbers: only the winning ones become
//! [`BigOption`]s (a sum of a thousand heaps of 0.6 below 10^6 walks
//! 2.5 10^8 splits; one allocation each made malloc half its time).
//!
//! Misère play of an octal game or a finite subtraction set is answered
//! first by its misère quotient (`misere_answer.rs`), looked for within
//! [`MISERE_QUOTIENT_WORK`] positions when the misère answer is asked
//! for and [`GLANCE_QUOTIENT_WORK`] otherwise. Without one, misère play
//! of a game that splits heaps is an exhaustive search whose
//! cost grows exponentially with the heap. Unless the misère answer is
//! asked for ([`HeapOptions::misere`]), it is a glance: a search of at
//! most [`GLANCE_CHECKS`] move checks and as many positions stored
//! (milliseconds), and listings or period searches of the misère
//! outcomes of at most [`GLANCE_POSITIONS`] positions; past that the
//! report says "not known" and why, so that a normal-play answer costs
//! what normal play costs (`heap 0.6 100` took 4.5 s and 266 MB in a
//! search that ended "not known").

use num_bigint::BigUint;
use num_traits::ToPrimitive;

use crate::budget::{Budget, StopReason, Stopped, Unit};
use crate::code::OctalGame;
use crate::engine::octal::SparseEngine;
use crate::engine::octal::moves::options_of_value;
use crate::error::{Error, ErrorKind, Result};
use crate::game::HeapOption;
use crate::period::octal::OctalSearch;
use crate::period::{Period, PeriodOptions};
use crate::play::{Outcome, Play, Sequence};
use crate::query::misere_answer::{
    Attempt, GLANCE_QUOTIENT_WORK, MISERE_QUOTIENT_WORK, MisereMethod, answer,
    attempt, method_note,
};
use crate::query::moves::{
    MoveFamily, SplitMoves, move_text, split_moves, take_and_split,
};
use crate::query::period::budget_error;
use crate::query::solver::Solver;
use crate::query::values::{outcomes_searching, values_within};
use crate::rules::{BigOption, Goal, Rules, Toward};

/// Heaps up to this size are computed directly, without a period.
const DIRECT_LIMIT: u64 = 1 << 22;

/// The most values a model keeps from a listing: g(0..=DIRECT_LIMIT) at
/// two bytes each, 8 MiB. (A take-and-break game's one-pass listing
/// keeps all it lists, as many as the budget's heap count.)
const KEPT_VALUES: usize = DIRECT_LIMIT as usize + 1;

/// A take-and-break game's heaps from this size on are listed by its
/// period search (below, the plain listing is as quick).
const SEARCH_FROM: u64 = 1 << 12;

/// The move checks, and the positions stored, of the exhaustive misère
/// search when the misère answer was not asked for: 5 to 20 ms (misère
/// Kayles, 0.77, reaches heap 32; Officers, 0.6, heap 33).
pub const GLANCE_CHECKS: u64 = 1 << 16;

/// The positions of a misère listing or period search when the misère
/// answer was not asked for: milliseconds for the engines of subtraction
/// games.
pub const GLANCE_POSITIONS: u64 = 1 << 22;

/// How often (in options walked) the walk of a heap's options polls the
/// deadline and cancel flag.
const POLL_OPTIONS: u64 = 1 << 20;

/// Parses a heap size: a non-negative integer of any length.
///
/// ```
/// let n = grundy::parse_heap_size("1000000000000000000000")?;
/// assert_eq!(n.to_string(), "1000000000000000000000");
/// assert!(grundy::parse_heap_size("-3").is_err());
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
pub fn parse_heap_size(text: &str) -> Result<BigUint> {
    let t = text.trim();
    if !t.is_empty() && t.bytes().all(|b| b.is_ascii_digit()) {
        return Ok(t.parse().expect("digits parse"));
    }
    let hint = if t.starts_with('-') {
        "heap sizes cannot be negative"
    } else {
        "write a non-negative integer such as 31"
    };
    Err(Error::new(
        ErrorKind::Parse,
        format!("heap size \"{text}\" is not a number of stones; {hint}"),
    ))
}

/// Values and outcomes of one rule set for any heap size, with the
/// periods found on first need and kept.
#[derive(Clone, Debug)]
pub(crate) struct HeapModel {
    rules: Rules,
    budget: Budget,
    /// The budget of the misère outcomes' listings and period: `budget`,
    /// or a glance's ([`HeapModel::glance_misere`]).
    misere_budget: Budget,
    /// The budget of the exhaustive misère search (games that split
    /// heaps): `budget`, or a glance's.
    search_budget: Budget,
    grundy: Option<Period>,
    misere: Option<Period>,
    /// g(0..kept.len()): the longest listing so far, up to the first
    /// value above 2^16 - 1 and at most [`KEPT_VALUES`] values (a
    /// take-and-break game's one-pass listing: all of them), so that a
    /// heap's options, and the other heaps of a sum with the same rules,
    /// are read off instead of listed again from 0 (for a game without a
    /// sparse space each listing is quadratic in the heap).
    kept: Vec<u16>,
    /// Heaps of a take-and-break game above this size have their
    /// winning moves described through the period
    /// ([`HeapModel::split_moves`]): [`DIRECT_LIMIT`], smaller in tests.
    families_from: u64,
}

impl HeapModel {
    /// A model for `rules`; periods are found lazily within `budget`.
    pub(crate) fn new(rules: Rules, budget: Budget) -> HeapModel {
        HeapModel {
            rules,
            misere_budget: budget.clone(),
            search_budget: budget.clone(),
            budget,
            grundy: None,
            misere: None,
            kept: Vec::new(),
            families_from: DIRECT_LIMIT,
        }
    }

    /// The rule set.
    pub(crate) fn rules(&self) -> &Rules {
        &self.rules
    }

    /// Frees the values kept (a sum keeps them for one rule set at a
    /// time, so that its memory stays that of one).
    pub(crate) fn forget_values(&mut self) {
        self.kept = Vec::new();
    }

    /// How many values are kept.
    #[cfg(test)]
    pub(crate) fn kept(&self) -> usize {
        self.kept.len()
    }

    /// Misère questions from now on glance: at most [`GLANCE_CHECKS`]
    /// move checks and positions stored for the exhaustive search, at
    /// most [`GLANCE_POSITIONS`] positions for listings and period
    /// searches (each no more than the model's budget allows).
    pub(crate) fn glance_misere(&mut self) {
        let b = &self.budget;
        self.misere_budget = Budget {
            max_positions: b.max_positions.min(GLANCE_POSITIONS),
            ..b.clone()
        };
        self.search_budget = Budget {
            max_positions: b.max_positions.min(GLANCE_CHECKS),
            max_states: b.max_states.min(GLANCE_CHECKS),
            ..b.clone()
        };
    }

    /// The Grundy values at the given heap sizes.
    pub(crate) fn grundy_values(
        &mut self,
        heaps: &[BigUint],
    ) -> Result<Vec<u64>> {
        let small: Option<Vec<u64>> =
            heaps.iter().map(ToPrimitive::to_u64).collect();
        if let Some(small) = &small {
            if let Some(read) = self.read_kept(small) {
                return Ok(read);
            }
            let top = small.iter().copied().max().unwrap_or(0);
            if self.grundy.is_none() {
                if self.list_by_search(top)? {
                    if let Some(read) = self.read_kept(small) {
                        return Ok(read);
                    }
                    // A period proven below the top: read through it.
                } else if top <= DIRECT_LIMIT {
                    return self.sample_values(small);
                }
            }
        }
        let period = self.grundy_period()?.clone();
        let (l, p, s) = (period.preperiod, period.period, period.saltus);
        let split: Vec<(u64, BigUint)> =
            heaps.iter().map(|n| reduce(n, l, p)).collect();
        let rs: Vec<u64> = split.iter().map(|(r, _)| *r).collect();
        let base = self.sample_values(&rs)?;
        split
            .iter()
            .zip(base)
            .zip(heaps)
            .map(|(((_, q), g), n)| {
                (BigUint::from(g) + q * s).to_u64().ok_or_else(|| {
                    Error::new(
                        ErrorKind::TooLarge,
                        format!(
                            "the Grundy value of heap \"{n}\" for \"{}\" is above 2^64 - 1, the largest value reported; use a smaller heap",
                            self.rules
                        ),
                    )
                })
            })
            .collect()
    }

    /// The values kept at the given positions, if all are kept.
    fn read_kept(&self, positions: &[u64]) -> Option<Vec<u64>> {
        positions
            .iter()
            .map(|&n| {
                let kept =
                    usize::try_from(n).ok().and_then(|n| self.kept.get(n));
                kept.map(|&g| u64::from(g))
            })
            .collect()
    }

    /// Lists g(0..=top) of a take-and-break game in one pass of its period
    /// search, when `top` is at least [`SEARCH_FROM`] and below the
    /// budget's heap count: the search stops at a proven period (then
    /// kept in `grundy`) or at heap `top`, and its values are kept either
    /// way. Returns whether it ran. (A period search first and a listing
    /// after computed the values twice; the search alone also avoids the
    /// listing's quadratic cost for games without a sparse space, such as
    /// Dawson's Kayles, whose period it proves early.)
    fn list_by_search(&mut self, top: u64) -> Result<bool> {
        let Some(game) = self.rules.octal_game().cloned() else {
            return Ok(false);
        };
        if top < SEARCH_FROM || top >= self.budget.max_positions {
            return Ok(false);
        }
        let budget = Budget { max_positions: top + 1, ..self.budget.clone() };
        let mut search = OctalSearch::new(&game);
        match search.run(&budget, &mut |_| true) {
            Ok(found) => {
                self.grundy = Some(crate::rules::octal::periods(&found).main);
            }
            Err(e) if e.reason == StopReason::Positions => {}
            Err(e) => return Err(budget_error(&self.rules, &e)),
        }
        // The engine's values, moved out (it is dropped with the search).
        let engine =
            std::mem::replace(search.engine_mut(), SparseEngine::new(&game));
        let values = engine.into_values();
        if values.len() > self.kept.len() {
            self.kept = values;
        }
        Ok(true)
    }

    /// The Grundy sequence's period, found once within the budget.
    fn grundy_period(&mut self) -> Result<&Period> {
        if self.grundy.is_none() {
            let found = self
                .rules
                .period(
                    Sequence::Grundy,
                    &PeriodOptions::default(),
                    &self.budget,
                )
                .map_err(|e| budget_error(&self.rules, &e))?;
            self.grundy = Some(found.ok_or_else(|| self.no_theorem())?);
        }
        Ok(self.grundy.as_ref().expect("found above"))
    }

    /// Why a heap too large to list has no value: no theorem.
    fn no_theorem(&self) -> Error {
        // A take-and-break game lists up to the budget's heap count.
        let listed = match self.rules.octal_game() {
            Some(_) => self.budget.max_positions.saturating_sub(1),
            None => 0,
        };
        Error::new(
            ErrorKind::TooLarge,
            format!(
                "no periodicity theorem is known for \"{}\", so heaps above {} cannot be analysed; use a smaller heap",
                self.rules,
                listed.max(DIRECT_LIMIT)
            ),
        )
    }

    /// g at the given positions (all at most the direct limit), read off
    /// the values kept, or listed from 0 within the budget's deadline and
    /// cancel flag (and then kept).
    fn sample_values(&mut self, positions: &[u64]) -> Result<Vec<u64>> {
        if let Some(read) = self.read_kept(positions) {
            return Ok(read);
        }
        let last = positions.iter().copied().max().unwrap_or(0) as usize;
        let mut kept = Vec::with_capacity(last.min(KEPT_VALUES - 1) + 1);
        let mut fits = true;
        let mut g = values_within(&self.rules, &self.budget);
        let sequence = g.by_ref().map(|g| g.value());
        // Kept while every value so far fits in two bytes.
        let sequence = sequence.inspect(|&v| {
            fits &= kept.len() < KEPT_VALUES;
            match u16::try_from(v) {
                Ok(v) if fits => kept.push(v),
                _ => fits = false,
            }
        });
        let found = sample(sequence, positions);
        let found =
            found.ok_or_else(|| g.error().expect("the values ended"))?;
        if kept.len() > self.kept.len() {
            // The room for values that were not kept goes back.
            kept.shrink_to_fit();
            self.kept = kept;
        }
        Ok(found)
    }

    /// The outcomes of the given heap sizes under `play`.
    pub(crate) fn outcomes(
        &mut self,
        heaps: &[BigUint],
        play: Play,
    ) -> Result<Vec<Outcome>> {
        if play == Play::Normal {
            let values = self.grundy_values(heaps)?;
            return Ok(values
                .iter()
                .map(|&g| Outcome::from_is_p(g == 0))
                .collect());
        }
        let indices: Vec<u64> = match self.misere_period(heaps)? {
            None => heaps.iter().map(small).collect(),
            Some(period) => heaps
                .iter()
                .map(|n| reduce(n, period.preperiod, period.period).0)
                .collect(),
        };
        let mut all = outcomes_searching(
            &self.rules,
            play,
            &self.misere_budget,
            &self.search_budget,
        );
        let cells = all.by_ref().map(|o| u64::from(o == Outcome::P));
        let found = sample(cells, &indices)
            .ok_or_else(|| all.error().expect("the outcomes ended"))?;
        Ok(found.into_iter().map(|p| Outcome::from_is_p(p == 1)).collect())
    }

    /// The period of the misère outcomes when some heap is too large to
    /// compute directly (found once), else `None`. Asked as the period of
    /// misère play's main sequence: a take-and-break game answers at once
    /// that it has none (asked for the outcome sequence's, it searched
    /// the normal-play period first, to the end of the budget).
    fn misere_period(&mut self, heaps: &[BigUint]) -> Result<Option<&Period>> {
        let direct = heaps
            .iter()
            .all(|n| n.to_u64().is_some_and(|n| n <= DIRECT_LIMIT));
        if direct {
            return Ok(None);
        }
        if self.misere.is_none() {
            let found = self
                .rules
                .periods(
                    Play::Misere,
                    &PeriodOptions::default(),
                    &self.misere_budget,
                )
                .map_err(|e| budget_error(&self.rules, &e))?;
            let Some(found) = found else {
                return Err(Error::new(
                    ErrorKind::TooLarge,
                    format!(
                        "no periodicity theorem is known for \"{}\", so heaps above {DIRECT_LIMIT} cannot be analysed; use a smaller heap",
                        self.rules
                    ),
                ));
            };
            self.misere = Some(found.main);
        }
        Ok(self.misere.as_ref())
    }

    /// The options of `heap` among which every one that reaches `goal`
    /// is found (or representatives, see [`Toward::repeat`]).
    pub(crate) fn options_toward(
        &mut self,
        heap: &BigUint,
        goal: Goal,
    ) -> Result<Toward> {
        let budget = match goal {
            Goal::Grundy(_) => &self.budget,
            Goal::MisereP => &self.misere_budget,
        };
        let given = self.rules.options_toward(
            heap,
            goal,
            self.grundy.as_ref(),
            budget,
        )?;
        match given {
            Some(toward) => Ok(toward),
            None => self.all_options(heap),
        }
    }

    /// Every option of `heap` (at most the direct limit).
    fn all_options(&self, heap: &BigUint) -> Result<Toward> {
        let n = heap.to_u64().filter(|&n| n <= DIRECT_LIMIT).ok_or_else(|| {
            Error::new(
                ErrorKind::TooLarge,
                format!(
                    "heap \"{heap}\" is too large to list the moves of \"{}\"; use at most {DIRECT_LIMIT}",
                    self.rules
                ),
            )
        })?;
        let mut options = Vec::new();
        self.rules.options(n, &mut |o| options.push(big_option(&o)));
        Ok(Toward::all(options))
    }

    /// The options of `heap` of Grundy value `target` (the nim-sum of the
    /// values of the heaps each leaves), in the rule set's order: every
    /// one, or for a huge heap of a take-and-break game those that leave
    /// one heap and the splits whose smaller heaps lie below the
    /// pre-period, with the other splits as families
    /// ([`HeapModel::split_moves`]). A heap whose options' values are
    /// kept (`covers`) walks its options as plain numbers; the caller
    /// lists the values first ([`HeapModel::grundy_values`] of the
    /// heap), else each option becomes a [`BigOption`] and is evaluated
    /// as one.
    pub(crate) fn moves_toward(
        &mut self,
        heap: &BigUint,
        target: u64,
    ) -> Result<SplitMoves> {
        let covered = heap.to_u64().filter(|&n| self.covers(n));
        let huge = heap.to_u64().is_none_or(|n| n > self.families_from);
        // A heap listed in one pass with no period proven within it
        // (Officers, 0.6, at 5 10^6) walks its options instead.
        let walk = covered.is_some() && self.grundy.is_none();
        if huge && !walk {
            let game = self.rules.octal_game().cloned();
            if let Some(game) = game.filter(OctalGame::has_periodicity_theorem)
            {
                return self.split_moves(&game, heap, target);
            }
        }
        // Above its own direct limit a rule set reads the moves off the
        // period, which a heap listed in one pass need not have.
        let given = match covered {
            Some(n) if n > DIRECT_LIMIT && self.grundy.is_none() => None,
            _ => self.rules.options_toward(
                heap,
                Goal::Grundy(target),
                self.grundy.as_ref(),
                &self.budget,
            )?,
        };
        let toward = match (given, covered) {
            (Some(toward), _) => toward,
            (None, Some(n)) => {
                self.keep_through_period(n);
                return Ok(SplitMoves::all(
                    self.kept_toward(n, target)?.options,
                ));
            }
            (None, None) => self.all_options(heap)?,
        };
        let values = self.option_values(&toward.options)?;
        let options = toward
            .options
            .into_iter()
            .zip(values)
            .filter(|&(_, v)| v == target)
            .map(|(o, _)| o)
            .collect();
        Ok(SplitMoves {
            representatives: toward.repeat,
            ..SplitMoves::all(options)
        })
    }

    /// The winning moves of a huge heap of a take-and-break game with a
    /// period, described exactly (`query/moves.rs`): read off g(0..l + p).
    fn split_moves(
        &mut self,
        game: &OctalGame,
        heap: &BigUint,
        target: u64,
    ) -> Result<SplitMoves> {
        let period = self.grundy_period()?;
        let (l, p) = (period.preperiod, period.period);
        let need = l + p;
        if (self.kept.len() as u64) < need {
            self.sample_values(&[need - 1])?;
        }
        let listed;
        let g = if self.kept.len() as u64 >= need {
            &self.kept[..need as usize]
        } else {
            // A period too long to keep: listed for this question only.
            let mut all = values_within(&self.rules, &self.budget);
            listed = all
                .by_ref()
                .take(need as usize)
                .map(|v| u16::try_from(v.value()).unwrap_or(u16::MAX))
                .collect::<Vec<u16>>();
            if (listed.len() as u64) < need {
                return Err(all.error().expect("the values ended"));
            }
            &listed[..]
        };
        split_moves(game, heap, target, g, (l, p), &self.budget)
    }

    /// Whether g of every heap up to `n` can be read off the values kept,
    /// directly or through a period that repeats exactly.
    fn covers(&self, n: u64) -> bool {
        let len = self.kept.len() as u64;
        n < len
            || self.grundy.as_ref().is_some_and(|p| {
                p.saltus == 0 && p.preperiod + p.period <= len
            })
    }

    /// Extends the values kept to g(0..n) through the period, when it
    /// repeats exactly and `n` is at most the direct limit (so a heap's
    /// options are read off one slice).
    fn keep_through_period(&mut self, n: u64) {
        let len = self.kept.len() as u64;
        let Some(p) = &self.grundy else { return };
        if n <= len || n > DIRECT_LIMIT || !self.covers(n) {
            return;
        }
        let (l, p) = (p.preperiod, p.period);
        self.kept.reserve_exact((n - len) as usize);
        for x in len..n {
            let v = self.kept[(l + (x - l) % p) as usize];
            self.kept.push(v);
        }
    }

    /// [`HeapModel::moves_toward`] for a heap `n` that `covers` holds for.
    fn kept_toward(&self, n: u64, target: u64) -> Result<Toward> {
        let kept = &self.kept[..];
        let len = kept.len() as u64;
        let stopped = |reason, walked| {
            let stop = Stopped::new(reason, walked, 0, Unit::Positions);
            let message = format!(
                "listing the winning moves of \"{}\" stopped: {stop}",
                self.rules
            );
            Error::budget(stop, message)
        };
        if let Some(game) = self.rules.octal_game()
            && n <= len
        {
            // The options of a take-and-break game, compared without
            // building one per split (`engine/octal/moves.rs`).
            let mut found = Vec::new();
            if let Ok(target) = u16::try_from(target) {
                options_of_value(game, kept, n, target, &self.budget, |o| {
                    found.push(big_option(&o));
                })
                .map_err(|reason| stopped(reason, 0))?;
            }
            return Ok(Toward::all(found));
        }
        let (l, p) =
            self.grundy.as_ref().map_or((0, 1), |p| (p.preperiod, p.period));
        let value = |x: u64| {
            let i = if x < len { x } else { l + (x - l) % p };
            kept[i as usize]
        };
        let target = u16::try_from(target).ok();
        let mut found = Vec::new();
        let mut walked = 0u64;
        let mut stop = None;
        self.rules.options(n, &mut |o| {
            walked += 1;
            if walked.is_multiple_of(POLL_OPTIONS) && stop.is_none() {
                stop = self.budget.interrupted();
            }
            if stop.is_some() {
                return;
            }
            let v = o.leaves().iter().fold(0, |a, &h| a ^ value(h));
            if Some(v) == target {
                found.push(big_option(&o));
            }
        });
        match stop {
            Some(reason) => Err(stopped(reason, walked)),
            None => Ok(Toward::all(found)),
        }
    }

    /// The nim-sum of the values of the heaps an option leaves, for each.
    pub(crate) fn option_values(
        &mut self,
        options: &[BigOption],
    ) -> Result<Vec<u64>> {
        let all: Vec<BigUint> =
            options.iter().flat_map(|o| o.leaves.iter().cloned()).collect();
        let values = self.grundy_values(&all)?;
        let mut next = values.into_iter();
        Ok(options
            .iter()
            .map(|o| o.leaves.iter().fold(0, |a, _| a ^ next.next().unwrap()))
            .collect())
    }

    /// Whether each option leaves a misère P-position.
    fn misere_p(&mut self, options: &[BigOption]) -> Result<Vec<bool>> {
        let single: Vec<BigUint> = options
            .iter()
            .map(|o| o.leaves.first().cloned().unwrap_or_default())
            .collect();
        let outcomes = self.outcomes(&single, Play::Misere)?;
        let mut solver = None;
        options
            .iter()
            .zip(outcomes)
            .map(|(o, single)| {
                if o.leaves.len() <= 1 {
                    return Ok(single == Outcome::P);
                }
                // A split leaves a sum, whose misère outcome is not a
                // function of the parts' outcomes: solve it exactly.
                let sizes = o
                    .leaves
                    .iter()
                    .map(|h| h.to_u64().filter(|&h| h <= DIRECT_LIMIT))
                    .collect::<Option<Vec<u64>>>()
                    .ok_or_else(|| too_large_to_solve(&self.rules))?;
                let solver = solver.get_or_insert_with(|| {
                    Solver::outcomes(Play::Misere, self.search_budget.clone())
                });
                let heaps: Vec<(Rules, u64)> =
                    sizes.iter().map(|&h| (self.rules.clone(), h)).collect();
                Ok(!solver.wins(&heaps)?)
            })
            .collect()
    }

    /// The note of a misère answer that is not known: the error's
    /// message, and whether a glance cut it short.
    fn misere_note(&self, e: &Error) -> String {
        let glanced = e.stopped().is_some_and(|s| {
            matches!(s.reason, StopReason::Positions | StopReason::States)
                && s.limit < self.budget.limit(s.unit)
        });
        if glanced {
            format!(
                "{} (a short search, as misère play was not asked for: ask for it to search with the whole budget)",
                e.message()
            )
        } else {
            e.message().to_string()
        }
    }
}

/// An option of a heap, written with numbers of any size.
fn big_option(o: &HeapOption) -> BigOption {
    BigOption {
        take: o.take().into(),
        leaves: o.leaves().iter().map(|&h| h.into()).collect(),
    }
}

fn too_large_to_solve(rules: &Rules) -> Error {
    Error::new(
        ErrorKind::TooLarge,
        format!(
            "a move from this heap of \"{rules}\" leaves heaps too large to solve misère play exactly; use a smaller heap"
        ),
    )
}

/// A heap known to be at most [`DIRECT_LIMIT`].
fn small(n: &BigUint) -> u64 {
    n.to_u64().expect("at most the direct limit")
}

/// (r, q) with n = r + q p and r < l + p, l <= r when n >= l.
fn reduce(n: &BigUint, l: u64, p: u64) -> (u64, BigUint) {
    match n.to_u64() {
        Some(n) if n < l + p => (n, BigUint::ZERO),
        _ => {
            let over = n - BigUint::from(l);
            let r = (&over % p).to_u64().expect("below p");
            (l + r, over / p)
        }
    }
}

/// The values of a sequence at the given positions, in the given order
/// (`None` if the sequence ends before the last).
fn sample(
    sequence: impl Iterator<Item = u64>,
    positions: &[u64],
) -> Option<Vec<u64>> {
    let mut order: Vec<usize> = (0..positions.len()).collect();
    order.sort_by_key(|&i| positions[i]);
    let mut out = vec![0; positions.len()];
    let mut sequence = sequence.enumerate();
    let mut last: Option<(usize, u64)> = None;
    for i in order {
        let want = positions[i] as usize;
        while last.is_none_or(|(n, _)| n < want) {
            last = Some(sequence.next()?);
        }
        out[i] = last?.1;
    }
    Some(out)
}

/// Everything about one heap: value, outcomes and winning moves.
#[derive(Clone, Debug, PartialEq, Eq)]
#[cfg_attr(feature = "serde", derive(serde::Serialize))]
pub struct HeapReport {
    /// The rule set, in canonical notation.
    pub set: String,
    /// The heap size, in decimal.
    pub heap: String,
    /// g(n).
    pub grundy: u64,
    /// The normal-play outcome.
    pub outcome: Outcome,
    /// The misère outcome; `None` when it could not be found (misère
    /// play of a game that splits heaps has no periodicity theorem, so a
    /// huge heap is out of reach, and the exhaustive search of a large
    /// one can exceed the budget, or a glance's when the misère answer
    /// was not asked for): `misere_note` says why.
    pub misere_outcome: Option<Outcome>,
    /// The winning moves under normal play (to a P-position) listed: the
    /// number of tokens taken (followed by ` -> ` and the heaps left when
    /// a move splits the heap). Every winning move when `moves_complete`.
    pub winning_moves: Vec<String>,
    /// `None`: the heap's options were walked. `Some(p)`: the heap is too
    /// large for that (a game that splits heaps, a huge heap) and its
    /// winning moves were read off the period p of the Grundy values:
    /// `winning_moves` lists the moves that leave one heap and the
    /// splits whose smaller heaps lie below the pre-period, and
    /// `winning_families` holds the other winning splits.
    pub split_period: Option<u64>,
    /// The winning moves under misère play, written the same way (empty
    /// when the misère outcome is not known).
    pub misere_winning_moves: Vec<String>,
    /// Why the misère outcome is not known, when it is not, or why its
    /// winning moves are not listed (a huge heap of a game that splits
    /// heaps answered by a quotient without a periodic heap map).
    pub misere_note: Option<String>,
    /// How the misère answer was found: `quotient`, `sequence` or
    /// `search`; `None` when it was not found.
    pub misere_method: Option<MisereMethod>,
    /// The same in one sentence, for people.
    pub misere_method_note: Option<String>,
    /// Whether `winning_moves` lists every winning move under normal
    /// play (false when some are in `winning_families`, or cut).
    pub moves_complete: bool,
    /// Whether `winning_moves` and `winning_families` together are
    /// exactly the winning moves under normal play (false only when a
    /// listing limit cut them: `moves_note` says what is missing).
    pub moves_exact: bool,
    /// The winning splits of a huge heap not in `winning_moves`, as
    /// families that repeat with the period (empty unless
    /// `split_period`).
    pub winning_families: Vec<MoveFamily>,
    /// When `winning_moves` is not every winning move: what the families
    /// are and what was cut, in words.
    pub moves_note: Option<String>,
    /// `winning_moves` as [`move_text`] writes them: `take 3`, `take 2 ->
    /// 5 + 6`.
    pub winning_moves_text: Vec<String>,
    /// `misere_winning_moves` as [`move_text`] writes them.
    pub misere_winning_moves_text: Vec<String>,
    /// Whether `misere_winning_moves` lists every winning move under
    /// misère play (false when some are in `misere_winning_families` or
    /// cut, and when `misere_note` says why they are not listed or the
    /// misère outcome is not known).
    pub misere_moves_complete: bool,
    /// Whether `misere_winning_moves` and `misere_winning_families`
    /// together are exactly the winning moves under misère play (false
    /// when a listing limit cut them: `misere_moves_note` says what is
    /// missing).
    pub misere_moves_exact: bool,
    /// When `misere_winning_moves` is not every winning move under
    /// misère play: what the families are and what was cut, in words.
    pub misere_moves_note: Option<String>,
    /// The winning splits of a huge heap under misère play not in
    /// `misere_winning_moves`, as families that repeat with the period
    /// of the heap map of the misère quotient (empty unless the
    /// quotient answered a heap past 2^22 tokens of a game that splits
    /// heaps).
    pub misere_winning_families: Vec<MoveFamily>,
}

/// How `winning_moves` lists a move of one heap: its take, and the heaps
/// left when it leaves more than one.
pub(crate) fn describe(option: &BigOption) -> String {
    take_and_split(&option.take, &option.leaves)
}

/// A move of one heap as [`move_text`] writes it.
fn text(option: &BigOption) -> String {
    move_text(&option.take, &option.leaves)
}

/// What [`heap_with`] is asked besides the normal-play answer.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct HeapOptions {
    /// The misère answer was asked for (`grundy heap --misere`): the
    /// misère quotient is looked for within [`MISERE_QUOTIENT_WORK`]
    /// positions, and without one the exhaustive search (games that
    /// split heaps) may use the whole budget, seconds and gigabytes for
    /// heaps of a few dozen tokens. False (the default): it glances, at
    /// most [`GLANCE_QUOTIENT_WORK`] positions for the quotient, then at
    /// most [`GLANCE_CHECKS`] move checks and positions stored and
    /// [`GLANCE_POSITIONS`] positions listed (each no more than the
    /// budget allows), and past that the report says the misère answer
    /// is not known and why.
    pub misere: bool,
}

/// Analyses one heap: its Grundy value, outcomes under both plays, and
/// the winning moves of each; the misère answer of a game that splits
/// heaps glances (see `HeapOptions`; `heap_with` asks for it).
///
/// ```
/// let rules = "1,2,3".parse()?;
/// let n = grundy::parse_heap_size("1000000000000000000")?;
/// let r = grundy::heap(&rules, &n, &grundy::Budget::default())?;
/// assert_eq!(r.grundy, 0); // 10^18 is a multiple of 4
/// assert!(r.winning_moves.is_empty());
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
pub fn heap(
    rules: &Rules,
    heap: &BigUint,
    budget: &Budget,
) -> Result<HeapReport> {
    heap_with(rules, heap, &HeapOptions::default(), budget)
}

/// Analyses one heap as [`heap`] does, with the misère answer searched
/// within the whole budget when `options` ask for it.
pub fn heap_with(
    rules: &Rules,
    heap: &BigUint,
    options: &HeapOptions,
    budget: &Budget,
) -> Result<HeapReport> {
    let mut model = HeapModel::new(rules.clone(), budget.clone());
    let grundy = model.grundy_values(std::slice::from_ref(heap))?[0];
    let normal = model.moves_toward(heap, 0)?;
    let work = match options.misere {
        true => MISERE_QUOTIENT_WORK,
        false => {
            model.glance_misere();
            GLANCE_QUOTIENT_WORK
        }
    };
    // The misère moves listed go in `split.options`; a huge heap's
    // families and cuts in the rest of `split`.
    let (misere_outcome, split, misere_note, method, method_text) =
        match attempt(rules, heap, budget, work)? {
            Attempt::Found(q) => {
                let a = answer(&q, rules, std::slice::from_ref(heap), budget)?;
                let moves = a
                    .moves
                    .into_iter()
                    .map(|m| BigOption { take: m.take, leaves: m.leaves })
                    .collect();
                let split = match a.described.into_iter().next() {
                    Some((_, split)) => SplitMoves { options: moves, ..split },
                    None => SplitMoves::all(moves),
                };
                let note = (!a.unwalked.is_empty()).then(|| {
                    "the winning moves are not listed: the heap is too \
                     large to walk its splits"
                        .to_string()
                });
                let method = MisereMethod::Quotient;
                let text = method_note(method, Some(&q), None);
                (Some(a.outcome), split, note, Some(method), Some(text))
            }
            Attempt::NotFound(why) => match misere(&mut model, heap) {
                Ok((outcome, moves)) => {
                    let method = fallback_method(rules, budget);
                    // A single heap's own sequence needs no excuse.
                    let why = (method == MisereMethod::Search).then_some(&why);
                    let text = method_note(method, None, why.map(|w| &w[..]));
                    let split = SplitMoves::all(moves);
                    (Some(outcome), split, None, Some(method), Some(text))
                }
                Err(e) if out_of_reach(&e) => {
                    let note = format!(
                        "{}; no misère quotient answered either: {why}",
                        model.misere_note(&e)
                    );
                    let none = SplitMoves::default();
                    (None, none, Some(note), None, None)
                }
                Err(e) => return Err(e),
            },
        };
    let misere_moves = &split.options;
    Ok(HeapReport {
        set: rules.to_string(),
        heap: heap.to_string(),
        grundy,
        outcome: Outcome::from_is_p(grundy == 0),
        misere_outcome,
        winning_moves: normal.options.iter().map(describe).collect(),
        split_period: normal.period.map(|(_, p)| p).or(normal.representatives),
        misere_winning_moves: misere_moves.iter().map(describe).collect(),
        misere_method: method,
        misere_method_note: method_text,
        moves_complete: normal.complete(),
        moves_exact: normal.exact(),
        moves_note: normal.note(None),
        winning_moves_text: normal.options.iter().map(text).collect(),
        misere_winning_moves_text: misere_moves.iter().map(text).collect(),
        winning_families: normal.families,
        misere_moves_complete: split.complete() && misere_note.is_none(),
        misere_moves_exact: split.exact() && misere_note.is_none(),
        misere_moves_note: split.note(None),
        misere_winning_families: split.families,
        misere_note,
    })
}

/// The misère outcome of one heap and its winning moves.
fn misere(
    model: &mut HeapModel,
    heap: &BigUint,
) -> Result<(Outcome, Vec<BigOption>)> {
    let outcome = model.outcomes(std::slice::from_ref(heap), Play::Misere)?[0];
    let misere = model.options_toward(heap, Goal::MisereP)?;
    let lost = model.misere_p(&misere.options)?;
    let moves = misere
        .options
        .iter()
        .zip(lost)
        .filter(|&(_, p)| p)
        .map(|(o, _)| o.clone())
        .collect();
    Ok((outcome, moves))
}

/// How a heap's misère answer is found without a quotient: the rule
/// set's own misère outcomes when it has them (moves that leave one
/// heap), else the exhaustive search.
fn fallback_method(rules: &Rules, budget: &Budget) -> MisereMethod {
    match rules.rule_set().outcomes(Play::Misere, budget) {
        Some(_) => MisereMethod::Sequence,
        None => MisereMethod::Search,
    }
}

/// Whether a misère question failed because the heap is out of reach
/// (no theorem for huge heaps, too many positions to search, the time
/// limit passed during its search: the normal-play answer is complete
/// and is kept), rather than because the caller cancelled.
fn out_of_reach(e: &Error) -> bool {
    match e.kind() {
        ErrorKind::TooLarge => true,
        ErrorKind::Budget => e.stopped().is_some_and(|s| {
            matches!(
                s.reason,
                StopReason::States | StopReason::Positions | StopReason::Time
            )
        }),
        _ => false,
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use proptest::prelude::*;

    /// A period search of 0.06 (values that keep growing) stopped by its
    /// split budget says so, and how many heaps it got through; so does
    /// the value of a huge heap, which needs the period.
    #[test]
    fn split_budget_errors_name_splits_and_heaps() {
        let rules: crate::Rules = "0.06".parse().unwrap();
        let budget = Budget { max_splits: 5_000_000, ..Budget::default() };
        let e = crate::period(
            &rules,
            Play::Normal,
            &PeriodOptions::default(),
            &budget,
        )
        .unwrap_err();
        let stop = e.stopped().unwrap();
        assert_eq!((stop.reason, stop.limit), (StopReason::Splits, 5_000_000));
        let heaps = stop.seen.as_ref().unwrap().len;
        assert_eq!(
            e.message(),
            format!(
                "no period found within 5000000 splits for \"0.06\", the cost of its first {heaps} heaps"
            )
        );
        let huge: BigUint = "123456789012345678901234567890".parse().unwrap();
        let e = crate::heap(&rules, &huge, &budget).unwrap_err();
        assert_eq!(e.stopped().unwrap().reason, StopReason::Splits);
    }

    fn analyse_str(set: &str, n: &str) -> HeapReport {
        heap(
            &set.parse().unwrap(),
            &parse_heap_size(n).unwrap(),
            &Budget::default(),
        )
        .unwrap()
    }

    #[test]
    fn thirty_one_game() {
        // The 31 game: take 1-3; 31 = 3 mod 4, so take 3 to leave 28.
        let r = analyse_str("1,2,3", "31");
        assert_eq!((r.grundy, r.outcome), (3, Outcome::N));
        assert_eq!(r.winning_moves, ["3"]);
        // Misère: P iff n = 1 mod 4, so take 2 to leave 29.
        assert_eq!(r.misere_winning_moves, ["2"]);
    }

    #[test]
    fn huge_heaps_use_the_period() {
        let digits = format!("1{}", "0".repeat(300));
        let r = analyse_str("1,2,3", &digits);
        // 10^300 = 0 mod 4.
        assert_eq!((r.grundy, r.outcome), (0, Outcome::P));
        // 10^300 = 0 mod 4: misère P iff n = 1 mod 4, so N; take 3 to 1 mod 4.
        assert_eq!(r.misere_winning_moves, ["3"]);
        let r = analyse_str("2,3,7", "1000000000000000000");
        let set: crate::set::FiniteSet = "2,3,7".parse().unwrap();
        let values = crate::engine::naive::grundy_values(&set, 40);
        // {2,3,7} has period 5 from 0.
        assert_eq!(
            r.grundy,
            values[(1_000_000_000_000_000_000u64 % 5) as usize]
        );
    }

    #[test]
    fn nim_heaps() {
        let r = analyse_str("nim", "5");
        assert_eq!(
            (r.grundy, r.winning_moves.clone()),
            (5, vec!["5".to_string()])
        );
        assert_eq!(r.misere_winning_moves, ["4"]);
    }

    #[test]
    fn huge_all_but_heaps() {
        // all-but:2,3,7 plays like all-but:2: g(n) = 2 floor(n/4) + n mod 2.
        let n: u64 = 1_000_000_000_000_000_003;
        let r = analyse_str("all-but:2,3,7", &n.to_string());
        assert_eq!(r.grundy, 2 * (n / 4) + n % 2);
        // Takes past 2^64 are fine: the P-positions of all-but:1-5 are
        // 0..=5, so every winning move takes almost the whole heap.
        let n = "27640714038704561109";
        let r = analyse_str("all-but:1,2,3,4,5", n);
        assert_eq!(u128::from(r.grundy), 27640714038704561109u128 / 6);
        let want: Vec<String> = (0..6u128)
            .rev()
            .map(|q| (27640714038704561109u128 - q).to_string())
            .collect();
        assert_eq!(r.winning_moves, want);
    }

    #[test]
    fn bad_heap_sizes() {
        insta::assert_snapshot!(parse_heap_size("-3").unwrap_err(), @r#"heap size "-3" is not a number of stones; heap sizes cannot be negative"#);
        insta::assert_snapshot!(parse_heap_size("ten").unwrap_err(), @r#"heap size "ten" is not a number of stones; write a non-negative integer such as 31"#);
    }

    /// g(n) by a model that keeps nothing: a listing from 0 to n.
    fn listed(rules: &Rules, n: u64) -> u64 {
        crate::values(rules).nth(n as usize).unwrap().value()
    }

    proptest! {
        #![proptest_config(ProptestConfig::with_cases(64))]

        /// A model asked again reads the values it kept, and they are the
        /// values of a fresh listing, whatever the order of the questions.
        #[test]
        fn kept_values_equal_a_fresh_listing(
            rules in prop::sample::select(vec!["1,2,3", "2,5,7", "all-but:2,3", "0.07", "0.6", "4.7", "0.8F", "grundy"]),
            first in prop::collection::vec(0u64..600, 1..4),
            then in prop::collection::vec(0u64..900, 1..6),
        ) {
            let rules: Rules = rules.parse().unwrap();
            let mut model = HeapModel::new(rules.clone(), Budget::default());
            for asked in [&first, &then] {
                let sizes: Vec<BigUint> = asked.iter().map(|&n| n.into()).collect();
                let got = model.grundy_values(&sizes).unwrap();
                let want: Vec<u64> = asked.iter().map(|&n| listed(&rules, n)).collect();
                prop_assert_eq!(got, want);
            }
            // The longest listing is kept, to the largest heap asked.
            let most = first.iter().chain(&then).max().unwrap();
            prop_assert_eq!(model.kept() as u64, most + 1);
        }
    }

    #[test]
    fn kept_values_beside_the_periods() {
        // Dawson's Kayles: a huge heap goes by the period (its residue
        // listed and kept), 5000 by the quick period search; the answers
        // equal those of fresh models, asked in any order.
        let rules: Rules = "0.07".parse().unwrap();
        let huge = parse_heap_size(&format!("7{}", "3".repeat(40))).unwrap();
        let asked = [
            vec![huge.clone(), 5000u32.into(), 17u32.into()],
            vec![4999u32.into(), huge, 100u32.into()],
        ];
        let mut model = HeapModel::new(rules.clone(), Budget::default());
        for sizes in &asked {
            let fresh: Vec<u64> = sizes
                .iter()
                .map(|n| {
                    HeapModel::new(rules.clone(), Budget::default())
                        .grundy_values(std::slice::from_ref(n))
                        .unwrap()[0]
                })
                .collect();
            assert_eq!(model.grundy_values(sizes).unwrap(), fresh);
        }
        assert_eq!(
            model.grundy_values(&[4999u32.into()]).unwrap(),
            [listed(&rules, 4999)]
        );
    }

    #[test]
    fn values_above_two_bytes_are_listed_not_kept() {
        // nim: g(n) = n, so the values kept stop before 65536.
        let mut model = HeapModel::new(Rules::nim(), Budget::default());
        let sizes = |s: &[u64]| {
            s.iter().map(|&n| BigUint::from(n)).collect::<Vec<_>>()
        };
        assert_eq!(model.grundy_values(&sizes(&[70_000])).unwrap(), [70_000]);
        assert_eq!(model.kept(), 65_536);
        assert_eq!(
            model.grundy_values(&sizes(&[65_535, 69_999, 3])).unwrap(),
            [65_535, 69_999, 3]
        );
        assert_eq!(model.kept(), 65_536);
        model.forget_values();
        assert_eq!(model.kept(), 0);
    }

    /// g(0..count) by the definition: the mex over every option.
    fn defined(rules: &Rules, count: usize) -> Vec<u64> {
        let mut g: Vec<u64> = Vec::with_capacity(count);
        let mut seen = Vec::new();
        for n in 0..count as u64 {
            seen.clear();
            rules.options(n, &mut |o| {
                let v = o.leaves().iter().fold(0, |a, &h| a ^ g[h as usize]);
                if seen.len() <= v as usize {
                    seen.resize(v as usize + 1, false);
                }
                seen[v as usize] = true;
            });
            g.push(seen.iter().position(|&s| !s).unwrap_or(seen.len()) as u64);
        }
        g
    }

    /// The options of heap n of value `target` by the definition, written
    /// as a report writes them.
    fn defined_moves(
        rules: &Rules,
        g: &[u64],
        n: u64,
        target: u64,
    ) -> Vec<String> {
        let mut out = Vec::new();
        rules.options(n, &mut |o| {
            if o.leaves().iter().fold(0, |a, &h| a ^ g[h as usize]) == target {
                out.push(describe(&big_option(&o)));
            }
        });
        out
    }

    /// Heaps of take-and-break games from the one-pass listing's threshold
    /// on (Officers and Grundy's game: no period within them; Kayles,
    /// Dawson's Kayles, 4.7 and 0.137: a period proven early, its values
    /// read through it), subtraction and all-but sets: the values and the
    /// moves to every value among the options (and one above) equal the
    /// definition's, and those of a model that kept nothing (each option
    /// a `BigOption` and evaluated as one: the way before).
    #[test]
    fn moves_toward_equal_the_definition() {
        let top = SEARCH_FROM as usize + 700;
        for set in [
            "0.6",
            "grundy",
            "0.77",
            "0.07",
            "4.7",
            "0.137",
            "2,5,7",
            "all-but:2,3",
        ] {
            let rules: Rules = set.parse().unwrap();
            let g = defined(&rules, top + 1);
            let mut model = HeapModel::new(rules.clone(), Budget::default());
            let heaps: Vec<u64> = vec![
                top as u64,
                0,
                1,
                2,
                7,
                40,
                301,
                SEARCH_FROM - 1,
                SEARCH_FROM,
                SEARCH_FROM + 1,
                SEARCH_FROM + 255,
            ];
            let sizes: Vec<BigUint> =
                heaps.iter().map(|&n| n.into()).collect();
            let want: Vec<u64> =
                heaps.iter().map(|&n| g[n as usize]).collect();
            assert_eq!(model.grundy_values(&sizes).unwrap(), want, "{set}");
            for &n in &heaps {
                let mut targets = vec![0, g[n as usize] + 1];
                rules.options(n, &mut |o| {
                    targets.push(
                        o.leaves().iter().fold(0, |a, &h| a ^ g[h as usize]),
                    );
                });
                targets.sort_unstable();
                targets.dedup();
                // Every value for the small heaps, a few for the large.
                let step = targets.len().div_ceil(12);
                for &t in targets.iter().step_by(step) {
                    let heap = BigUint::from(n);
                    let got = model.moves_toward(&heap, t).unwrap();
                    assert!(got.complete() && got.period.is_none());
                    let got: Vec<String> =
                        got.options.iter().map(describe).collect();
                    assert_eq!(
                        got,
                        defined_moves(&rules, &g, n, t),
                        "{set} {n} {t}"
                    );
                    if n < 400 {
                        let mut fresh =
                            HeapModel::new(rules.clone(), Budget::default());
                        let all = fresh
                            .options_toward(&heap, Goal::Grundy(t))
                            .unwrap();
                        let values =
                            fresh.option_values(&all.options).unwrap();
                        let before: Vec<String> = all
                            .options
                            .iter()
                            .zip(values)
                            .filter(|&(_, v)| v == t)
                            .map(|(o, _)| describe(o))
                            .collect();
                        assert_eq!(got, before, "{set} {n} {t}");
                    }
                }
            }
        }
    }

    /// The one-pass listing keeps every value of a game with no period
    /// within the heap, and only up to the proven period otherwise; a
    /// heap asked later reads them, also past them through the period.
    #[test]
    fn one_pass_listing_keeps_its_values() {
        let n = SEARCH_FROM + 10;
        let officers: Rules = "0.6".parse().unwrap();
        let mut model = HeapModel::new(officers.clone(), Budget::default());
        let g = defined(&officers, n as usize + 1);
        assert_eq!(model.grundy_values(&[n.into()]).unwrap(), [g[n as usize]]);
        assert_eq!(model.kept() as u64, n + 1);
        assert!(model.grundy.is_none());
        let kayles: Rules = "0.77".parse().unwrap();
        let mut model = HeapModel::new(kayles.clone(), Budget::default());
        let g = defined(&kayles, n as usize + 1);
        assert_eq!(model.grundy_values(&[n.into()]).unwrap(), [g[n as usize]]);
        let period = model.grundy.clone().unwrap();
        // Kayles: last exceptional value at 70, period 12.
        assert_eq!((period.preperiod, period.period), (71, 12));
        assert!(model.kept() < 1000);
        let sizes: Vec<BigUint> = (n - 20..n).map(BigUint::from).collect();
        let want: Vec<u64> = (n - 20..n).map(|k| g[k as usize]).collect();
        assert_eq!(model.grundy_values(&sizes).unwrap(), want);
    }

    /// A one-pass listing honours the budget: a cancel flag or a deadline
    /// stops it with its reason; a heap count below the heap stops the
    /// listing as before.
    #[test]
    fn one_pass_listing_honours_the_budget() {
        let rules: Rules = "0.6".parse().unwrap();
        let n = BigUint::from(SEARCH_FROM * 4);
        let cancel =
            std::sync::Arc::new(std::sync::atomic::AtomicBool::new(true));
        let budget = Budget { cancel: Some(cancel), ..Budget::default() };
        let e = heap(&rules, &n, &budget).unwrap_err();
        assert_eq!(e.stopped().unwrap().reason, StopReason::Cancelled);
        let past = std::time::Instant::now();
        let budget = Budget { deadline: Some(past), ..Budget::default() };
        let e = heap(&rules, &n, &budget).unwrap_err();
        assert_eq!(e.stopped().unwrap().reason, StopReason::Time);
        let e = heap(&rules, &n, &Budget::heaps(SEARCH_FROM)).unwrap_err();
        assert_eq!(e.stopped().unwrap().reason, StopReason::Positions);
    }

    /// The way of huge heaps of take-and-break games (issue 34, item 5),
    /// forced on heaps small enough to walk: the moves listed and the
    /// families' members are exactly the winning moves of the definition.
    #[test]
    fn families_path_equals_the_definition() {
        let cases: [(&str, &[u64]); 5] = [
            ("0.44", &[400, 1001]),
            ("0.45", &[1100]),
            ("0.647", &[7400]),
            ("0.77", &[300, 301]),
            ("4.7", &[151]),
        ];
        for (set, heaps) in cases {
            let rules: Rules = set.parse().unwrap();
            let top = *heaps.iter().max().unwrap();
            let g = defined(&rules, top as usize + 1);
            let mut model = HeapModel::new(rules.clone(), Budget::default());
            model.families_from = 0;
            model.grundy_period().unwrap();
            for &n in heaps {
                let heap = BigUint::from(n);
                let got = model.moves_toward(&heap, 0).unwrap();
                assert!(got.period.is_some() && got.exact(), "{set}");
                assert!(!got.families.is_empty(), "{set} {n}");
                let mut all: Vec<String> =
                    got.options.iter().map(describe).collect();
                for f in &got.families {
                    all.extend(f.members(u64::MAX).iter().map(describe));
                }
                all.sort();
                let mut want = defined_moves(&rules, &g, n, 0);
                want.sort();
                assert_eq!(all, want, "{set} {n}");
            }
        }
    }

    /// A huge heap's report: the splits below the pre-period listed,
    /// the others as families, said in words; the moves written as
    /// every front end writes them.
    #[test]
    fn huge_heap_reports_families() {
        let r = analyse_str("0.44", "177903495");
        assert_eq!(r.split_period, Some(24));
        assert!(!r.moves_complete && r.moves_exact);
        assert!(r.winning_moves.contains(&"2 -> 22 + 177903471".to_string()));
        assert!(
            r.winning_moves_text
                .contains(&"take 2 -> 22 + 177903471".to_string())
        );
        assert_eq!(r.winning_families.len(), 26);
        insta::assert_snapshot!(r.moves_note.unwrap(), @"the winning splits in which a smaller heap is at least the pre-period 143 (where the Grundy values start to repeat with the period 24) are those of these 26 families");
        // A heap whose moves are all listed says nothing more.
        let r = analyse_str("0.44", "1000");
        assert!(r.moves_complete && r.moves_exact && r.moves_note.is_none());
        assert_eq!(r.split_period, None);
        let r = analyse_str("1,2,3", "31");
        assert_eq!(r.winning_moves_text, ["take 3"]);
    }

    /// Misère play not asked for: a glance, which answers small heaps
    /// (misère Kayles to 30) as the whole search does, and larger ones
    /// from the quotient when it is found within the glance's work
    /// (Kayles at 40, past the search's glance); for a game whose
    /// quotient keeps growing (Officers, 0.6, at 100) it says why it
    /// stopped. Normal play is the same either way.
    #[test]
    fn misere_glances_unless_asked() {
        let kayles: Rules = "0.77".parse().unwrap();
        let asked = HeapOptions { misere: true };
        for n in [0u32, 1, 5, 17, 30] {
            let n = BigUint::from(n);
            let glance = heap(&kayles, &n, &Budget::default()).unwrap();
            let full =
                heap_with(&kayles, &n, &asked, &Budget::default()).unwrap();
            assert!(glance.misere_outcome.is_some());
            assert_eq!(glance, full);
        }
        let n = BigUint::from(40u32);
        let glance = heap(&kayles, &n, &Budget::default()).unwrap();
        assert_eq!(glance.misere_method, Some(MisereMethod::Quotient));
        // The outcome the solver finds on its own, and its moves.
        let mut solver = Solver::outcomes(Play::Misere, Budget::default());
        let wins = solver.wins(&[(kayles.clone(), 40)]).unwrap();
        assert_eq!(glance.misere_outcome, Some(Outcome::from_is_p(!wins)));
        let heaps = [crate::Heap { rules: kayles.clone(), size: n.clone() }];
        let (_, moves) =
            crate::query::sum::misere_search(&heaps, &Budget::default())
                .unwrap();
        let texts: Vec<String> =
            moves.iter().map(|m| take_and_split(&m.take, &m.leaves)).collect();
        assert_eq!(glance.misere_winning_moves, texts);
        let officers: Rules = "0.6".parse().unwrap();
        let n = BigUint::from(100u32);
        let glance = heap(&officers, &n, &Budget::default()).unwrap();
        assert_eq!(
            (glance.misere_outcome, glance.misere_method),
            (None, None)
        );
        let note = glance.misere_note.unwrap();
        assert!(note.contains("as misère play was not asked for"), "{note}");
        assert!(note.contains("no misère quotient answered either"), "{note}");
        assert!(note.contains("not found finite up to heap"), "{note}");
        // The caller's own smaller budget is no glance: its note says so
        // as before.
        let small = Budget { max_positions: 1000, ..Budget::default() };
        let r = heap(&officers, &BigUint::from(40u32), &small).unwrap();
        assert!(!r.misere_note.unwrap().contains("not asked"));
        // Subtraction games keep their misère answer, huge heaps too.
        let r = analyse_str("5,9,14", &format!("1{}", "0".repeat(40)));
        assert!(r.misere_outcome.is_some());
    }
}
