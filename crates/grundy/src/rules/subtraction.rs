//! Subtraction games as rule sets: which engine and which theorem apply.
//!
//! * Finite sets S: the block or run-length engine (`period/choice.rs`
//!   picks), and the window certificate: the value at n depends only on
//!   the max(S) values before it (Winning Ways ch. 4).
//! * All-but sets N \ X: the FES engine and the additive period certified
//!   by a repeat of boundary patterns (Sleator-Slusky; Suetsugu-Abuku);
//!   their P-positions all lie within max(X) of the first, so the moves
//!   that can matter from a heap of any size are few.

use num_bigint::BigUint;
use num_traits::ToPrimitive;

use crate::budget::{Budget, Stopped};
use crate::engine::fes::{FesValues, p_positions_within};
use crate::engine::{Engine, finite_outcomes, finite_values};
use crate::error::Result;
use crate::period::{self, Period, PeriodOptions, Periods};
use crate::play::{Play, Sequence};
use crate::set::{AllButSet, FiniteSet};

use super::all_but_model;
use super::{BigOption, Goal, RuleSet, Subtraction, Toward};

impl RuleSet for FiniteSet {
    fn notation(&self) -> String {
        self.to_string()
    }

    fn values(
        &self,
        _budget: &Budget,
    ) -> Option<Box<dyn Iterator<Item = u64> + Send>> {
        Some(finite_values(self))
    }

    fn outcomes(
        &self,
        play: Play,
        _budget: &Budget,
    ) -> Option<Box<dyn Iterator<Item = bool> + Send>> {
        Some(finite_outcomes(self, play))
    }

    fn period(
        &self,
        sequence: Sequence,
        options: &PeriodOptions,
        budget: &Budget,
    ) -> Result<Option<Period>, Stopped> {
        period::finite(self, sequence, options, budget).map(Some)
    }

    fn periods(
        &self,
        play: Play,
        options: &PeriodOptions,
        budget: &Budget,
    ) -> Result<Option<Periods>, Stopped> {
        period::finite_periods(self, play, options, budget).map(Some)
    }

    fn family(&self) -> &'static str {
        "finite sets"
    }

    fn fixed_engine(&self) -> Option<Engine> {
        None
    }

    /// Every move: there are |S| of them whatever the heap.
    fn options_toward(
        &self,
        heap: &BigUint,
        _goal: Goal,
        _grundy: Option<&Period>,
        _budget: &Budget,
    ) -> Result<Option<Toward>> {
        Ok(Some(Toward::all(
            self.elements()
                .iter()
                .map(|&s| BigUint::from(s))
                .filter(|s| s <= heap)
                .map(|s| BigOption::subtract(heap, s))
                .collect(),
        )))
    }

    fn noun(&self) -> &'static str {
        "a finite set"
    }

    fn subtraction(&self) -> Option<Subtraction<'_>> {
        Some(Subtraction::Finite(self))
    }

    fn has_periodicity_theorem(&self) -> bool {
        true
    }
}

impl RuleSet for AllButSet {
    fn notation(&self) -> String {
        self.to_string()
    }

    fn values(
        &self,
        budget: &Budget,
    ) -> Option<Box<dyn Iterator<Item = u64> + Send>> {
        Some(if self.is_nim() {
            Box::new(0..)
        } else {
            Box::new(FesValues::new(self, budget))
        })
    }

    fn outcomes(
        &self,
        play: Play,
        budget: &Budget,
    ) -> Option<Box<dyn Iterator<Item = bool> + Send>> {
        // Finitely many P-positions, all within max(X) of the first;
        // found when the first outcome is asked for (an empty sequence
        // when the budget stops that).
        let (set, budget) = (self.clone(), budget.clone());
        let mut p: Option<Vec<u64>> = None;
        Some(Box::new((0u64..).map_while(move |n| {
            if p.is_none() {
                p = Some(p_positions_within(&set, play, &budget).ok()?);
            }
            p.as_ref().map(|p| p.binary_search(&n).is_ok())
        })))
    }

    fn period(
        &self,
        sequence: Sequence,
        _options: &PeriodOptions,
        budget: &Budget,
    ) -> Result<Option<Period>, Stopped> {
        period::all_but(self, sequence, budget).map(Some)
    }

    fn periods(
        &self,
        play: Play,
        _options: &PeriodOptions,
        budget: &Budget,
    ) -> Result<Option<Periods>, Stopped> {
        period::all_but_periods(self, play, budget).map(Some)
    }

    fn family(&self) -> &'static str {
        "all-but sets"
    }

    fn fixed_engine(&self) -> Option<Engine> {
        Some(Engine::Fes)
    }

    /// Only the moves that can matter: to a heap of the wanted Grundy
    /// value (at most |X| + 1 heaps, within max(X) of each other), or to
    /// a misère P-position (all within max(X) of the first).
    fn options_toward(
        &self,
        heap: &BigUint,
        goal: Goal,
        grundy: Option<&Period>,
        budget: &Budget,
    ) -> Result<Option<Toward>> {
        let targets: Vec<BigUint> = match goal {
            Goal::Grundy(value) => {
                all_but_model::heaps_with_value(self, value, grundy, budget)?
            }
            Goal::MisereP => p_positions_within(self, Play::Misere, budget)
                .map_err(|e| {
                    let message = format!(
                        "the misère P-positions of \"{self}\" were not found: {e}"
                    );
                    crate::error::Error::budget(e, message)
                })?
                .into_iter()
                .map(BigUint::from)
                .collect(),
        };
        let mut moves: Vec<BigOption> = targets
            .into_iter()
            .filter(|t| t < heap)
            .map(|t| heap - t)
            .filter(|take| take.to_u64().is_none_or(|s| self.contains(s)))
            .map(|take| BigOption::subtract(heap, take))
            .collect();
        moves.sort();
        Ok(Some(Toward::all(moves)))
    }

    fn noun(&self) -> &'static str {
        "an all-but set"
    }

    fn subtraction(&self) -> Option<Subtraction<'_>> {
        Some(Subtraction::AllBut(self))
    }

    fn has_periodicity_theorem(&self) -> bool {
        true
    }
}
