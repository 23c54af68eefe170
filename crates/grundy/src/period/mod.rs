//! Exact least pre-periods and periods, each with its certificate.
//!
//! Every eventually periodic sequence `grundy` reports is found by one of
//! five detectors, each the right one for a kind of rule set:
//!
//! * `window.rs`: finite subtraction sets, position by position. The
//!   value at n is a function of the window of the m = max(S) values
//!   before it, so two equal windows prove a period (Winning Ways ch. 4).
//! * `runs.rs`: the same certificate over the run-length engine, for
//!   sequences made of long constant runs.
//! * `small.rs`: small finite sets in bulk (sweeps): the whole short
//!   history in memory, Grundy and outcome periods in one pass.
//! * `pattern.rs`: all-but sets, whose values grow without bound: a
//!   repeat of FES boundary patterns proves an additive period.
//! * `octal.rs`: take-and-break games: the agreement the Guy-Smith
//!   periodicity theorem asks for, found with a rolling hash.
//!
//! `choice.rs` picks the block or run-length engine for a finite set.
//! Which detector applies to which rule set is decided one layer up, by
//! each rule set (`rules/`); this layer knows sets and engines only. All
//! detectors stop on a [`Budget`] with [`Stopped`].

mod checkpoint;
pub(crate) mod choice;
mod divisors;
pub(crate) mod found;
mod history;
mod narrow;
pub(crate) mod octal;
mod outcomes;
pub(crate) mod pattern;
pub(crate) mod runs;
pub(crate) mod small;
pub(crate) mod window;

pub use found::{
    Certificate, EngineChoice, GuySmith, Period, PeriodOptions, Periods,
};
pub use pattern::{PatternCycle, Reduction};

use crate::budget::{Budget, Stopped};
use crate::engine::Engine;
use crate::engine::fes::first_p_position;
use crate::play::{Play, Sequence};
use crate::set::{AllButSet, FiniteSet};

/// One sequence of a finite set, with the engine `options` asks for.
pub(crate) fn finite(
    set: &FiniteSet,
    sequence: Sequence,
    options: &PeriodOptions,
    budget: &Budget,
) -> Result<Period, Stopped> {
    choice::find(set, sequence, options.engine, budget)
}

/// The periods a report on a finite set needs under `play`.
pub(crate) fn finite_periods(
    set: &FiniteSet,
    play: Play,
    options: &PeriodOptions,
    budget: &Budget,
) -> Result<Periods, Stopped> {
    if options.bulk && play == Play::Normal {
        return small::periods(set, budget);
    }
    match play {
        Play::Normal => {
            // The outcomes are read off the Grundy values when the search
            // kept them; otherwise they are searched with the engine the
            // Grundy search ended with (a run-length engine chosen by the
            // probe that gave way to the block engine leaves it them too).
            let automatic = options.engine == EngineChoice::Auto;
            let chosen = choice::choose(set, options.engine, budget)?;
            let (main, derived) = choice::find_grundy_and_outcomes(
                set, chosen, automatic, budget,
            )?;
            if let Some(outcome) = derived {
                return Ok(Periods::pair(main, outcome, play));
            }
            let chosen = match main.engine {
                Engine::Runs => chosen,
                _ => EngineChoice::Block,
            };
            let outcome = choice::find_chosen(
                set,
                Sequence::Outcome(play),
                chosen,
                automatic,
                budget,
            )
            .map_err(|e| e.after(main.positions))?;
            Ok(Periods::pair(main, outcome, play))
        }
        Play::Misere => {
            let main = finite(set, Sequence::Outcome(play), options, budget)?;
            Ok(Periods::pair(main.clone(), main, play))
        }
    }
}

/// One sequence of an all-but set: the FES engine.
pub(crate) fn all_but(
    set: &AllButSet,
    sequence: Sequence,
    budget: &Budget,
) -> Result<Period, Stopped> {
    let found = pattern::find_allbut_period(set, sequence, budget)?;
    let certificate = match (sequence, found.cycle) {
        (Sequence::Grundy, Some(cycle)) => Certificate::Pattern {
            game: found.reduced.as_ref().map_or(set, |r| &r.to).clone(),
            cycle,
        },
        (Sequence::Outcome(play), _) => Certificate::PositionsWithin {
            start: first_p_position(set, play),
            window: set.max_excluded(),
            preperiod: found.preperiod,
        },
        (Sequence::Grundy, None) => unreachable!("grundy periods carry it"),
    };
    Ok(Period {
        preperiod: found.preperiod,
        period: found.period,
        saltus: found.saltus,
        certificate,
        max_value: None,
        engine: Engine::Fes,
        positions: found.positions,
        segments: None,
        reduced: found.reduced,
    })
}

/// The periods a report on an all-but set needs under `play`.
pub(crate) fn all_but_periods(
    set: &AllButSet,
    play: Play,
    budget: &Budget,
) -> Result<Periods, Stopped> {
    let outcome = all_but(set, Sequence::Outcome(play), budget)?;
    match play {
        Play::Normal => {
            let main = all_but(set, Sequence::Grundy, budget)
                .map_err(|e| e.after(outcome.positions))?;
            Ok(Periods::pair(main, outcome, play))
        }
        Play::Misere => Ok(Periods::pair(outcome.clone(), outcome, play)),
    }
}
