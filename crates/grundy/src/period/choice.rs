//! Choosing the engine for a finite set's period search.
//!
//! Two engines generate the sequences of a finite set exactly: the block
//! engine (`engine/block.rs`, position by position, SIMD-friendly) and the
//! run-length engine (`engine/runs.rs`, segment by segment). The block
//! engine's cost is per position; the run-length engine's is per segment
//! (a stretch where no n - s crosses a run boundary), about |S| times the
//! block engine's cost per position. So the run-length engine wins exactly
//! when segments are long, which a cheap probe shows: run it for a few
//! thousand segments past the first window and look at their mean length.
//! `--engine` in the CLI forces either engine.

use crate::budget::{Budget, Stopped, Unit};
use crate::engine::runs::{RunEngine, RunRule};
use crate::engine::{Engine, Source, sliding, with_grundy_cells, with_source};
use crate::play::{Play, Sequence};
use crate::set::FiniteSet;

use super::checkpoint::WindowPeriod;
use super::found::{Certificate, EngineChoice, Period};
use super::narrow;
use super::outcomes::{outcome_period, outcome_period_of_runs};
use super::runs::{self, RunSearch};
use super::window;

/// Segments the probe runs past the first window.
const PROBE_SEGMENTS: u64 = 4096;

/// The run-length engine is chosen when the probe's mean segment length is
/// at least this many positions per element of S, and at least
/// [`RUNS_AT_LEAST`]. Measured (BENCHMARKS.md, "Choosing the engine"):
/// {2,3,5}-like sets (mean 1.0) and a random 8-element set with max 2000
/// (mean 1.0-2.1) run 6-180 times slower segment by segment; both engines
/// are exact, so the choice only costs time.
const RUNS_PER_ELEMENT: f64 = 2.0;

/// ... and the mean segment must be at least this long: sets with one far
/// element ({k, c}, {16, 40, c} with c = 10^7) have segments of k
/// positions, and the block engine stays faster up to k = 31 (3.8 times
/// at k = 7, 2.0 at k = 31) while the run-length engine wins from k = 63
/// (1.7 times at k = 63, 4 times at k = 127); stretched sets
/// {a, 2a+1, 3a+1} with a in the hundreds or more have means far above.
const RUNS_AT_LEAST: f64 = 48.0;

/// The mean length of the run-length engine's segments over the first
/// `PROBE_SEGMENTS` segments after position max(S). The probe counts
/// against the budget: its segments as work, and it checks the deadline
/// and cancel flag every 2^20 move lookups (a segment looks at |S| runs).
pub(crate) fn mean_segment(
    set: &FiniteSet,
    budget: &Budget,
) -> Result<f64, Stopped> {
    let mut engine = RunEngine::new(set.elements(), RunRule::Grundy);
    let m = set.max_element();
    let every = ((1u64 << 20) / set.len() as u64).max(1);
    let mut steps: u64 = 0;
    let mut step = |engine: &mut RunEngine| {
        engine.step();
        steps += 1;
        if steps.is_multiple_of(every) {
            budget.check(steps, Unit::Segments)?;
        }
        Ok(())
    };
    while engine.position() < m {
        step(&mut engine)?;
    }
    let from = engine.position();
    for _ in 0..PROBE_SEGMENTS {
        step(&mut engine)?;
    }
    Ok((engine.position() - from) as f64 / PROBE_SEGMENTS as f64)
}

/// The mean segment length from which the run-length engine beats the
/// block engine on `set`.
fn runs_threshold(set: &FiniteSet) -> f64 {
    (RUNS_PER_ELEMENT * set.len() as f64).max(RUNS_AT_LEAST)
}

/// Resolves [`EngineChoice::Auto`] for `set`. A segment of the run-length
/// engine is at most min(S) positions long, so when min(S) is below the
/// threshold the run-length engine cannot win and no probe runs (small
/// sets cost nothing here); otherwise a few thousand segments decide.
pub(crate) fn choose(
    set: &FiniteSet,
    choice: EngineChoice,
    budget: &Budget,
) -> Result<EngineChoice, Stopped> {
    Ok(match choice {
        EngineChoice::Auto => {
            let threshold = runs_threshold(set);
            if (set.min_element() as f64) < threshold {
                EngineChoice::Block
            } else if mean_segment(set, budget)? >= threshold {
                EngineChoice::Runs
            } else {
                EngineChoice::Block
            }
        }
        forced => forced,
    })
}

/// Finds the least pre-period and period of one sequence of a finite set
/// with the given engine ([`EngineChoice::Auto`] is resolved first).
pub(crate) fn find(
    set: &FiniteSet,
    sequence: Sequence,
    choice: EngineChoice,
    budget: &Budget,
) -> Result<Period, Stopped> {
    let automatic = choice == EngineChoice::Auto;
    let chosen = choose(set, choice, budget)?;
    find_chosen(set, sequence, chosen, automatic, budget)
}

/// [`find`] with the engine already chosen (`Block` or `Runs`);
/// `automatic` says the choice was the probe's, not the caller's.
pub(crate) fn find_chosen(
    set: &FiniteSet,
    sequence: Sequence,
    chosen: EngineChoice,
    automatic: bool,
    budget: &Budget,
) -> Result<Period, Stopped> {
    Ok(search(set, sequence, chosen, automatic, budget, false)?.0)
}

/// The Grundy sequence's period with the engine already chosen and, when
/// the search kept the values it generated, the normal-play outcome
/// sequence's, read off them (`outcomes.rs`) instead of searched again.
pub(crate) fn find_grundy_and_outcomes(
    set: &FiniteSet,
    chosen: EngineChoice,
    automatic: bool,
    budget: &Budget,
) -> Result<(Period, Option<Period>), Stopped> {
    search(set, Sequence::Grundy, chosen, automatic, budget, true)
}

fn search(
    set: &FiniteSet,
    sequence: Sequence,
    chosen: EngineChoice,
    automatic: bool,
    budget: &Budget,
    outcomes: bool,
) -> Result<(Period, Option<Period>), Stopped> {
    let play = match sequence {
        Sequence::Grundy => None,
        Sequence::Outcome(play) => Some(play),
    };
    // Chosen automatically, the run-length engine gives way to the block
    // engine when its segments later turn out to be short: below half the
    // length the choice asked for (hysteresis), over 65,536 segments.
    let give_up_below =
        if automatic { runs_threshold(set) / 2.0 } else { 0.0 };
    let by_runs = match chosen {
        EngineChoice::Runs => {
            let rule = match play {
                None => RunRule::Grundy,
                Some(Play::Normal) => RunRule::Normal,
                Some(Play::Misere) => RunRule::Misere,
            };
            runs::detect_kept(set.elements(), rule, budget, give_up_below)?
        }
        _ => RunSearch::GaveUp { segments: 0 },
    };
    let (found, engine, segments, derived) = match by_runs {
        RunSearch::Found(found, kept) => {
            let derived = kept.filter(|_| outcomes).map(|runs| {
                let (l, p) = (found.period.preperiod, found.period.period);
                let (preperiod, period) = outcome_period_of_runs(&runs, l, p);
                let any_n =
                    runs.iter().any(|r| r.1 != 0 && (r.0 as u64) < l + p);
                WindowPeriod {
                    preperiod,
                    period,
                    positions: 0,
                    max_value: u64::from(any_n),
                    ..found.period
                }
            });
            (found.period, Engine::Runs, Some(found.segments), derived)
        }
        // The run-length engine's segments, if it gave way, count
        // against the budget of the block engine that takes over.
        RunSearch::GaveUp { segments } => {
            let moves = set.elements();
            let ((found, derived), engine) = match play {
                None if !sliding::pays(moves, true) => {
                    let (result, width, wasted) = narrow::search_grundy(
                        moves.len(),
                        budget,
                        |width, budget, watch| {
                            with_grundy_cells!(width, moves, |make| {
                                by_window(
                                    || watch.source(make()),
                                    budget,
                                    segments,
                                    outcomes,
                                )
                            })
                        },
                    );
                    let (mut found, derived) = result?;
                    found.positions += wasted;
                    ((found, derived), width.engine())
                }
                None => (
                    with_source!(set, play, |make| {
                        by_window(make, budget, segments, outcomes)
                    })?,
                    Engine::for_grundy(set),
                ),
                Some(_) => (
                    with_source!(set, play, |make| {
                        by_window(make, budget, segments, outcomes)
                    })?,
                    Engine::for_outcomes(set),
                ),
            };
            (found, engine, (segments > 0).then_some(segments), derived)
        }
    };
    let period = |sequence, found: &WindowPeriod, positions| Period {
        preperiod: found.preperiod,
        period: found.period,
        saltus: 0,
        certificate: Certificate::Window {
            sequence,
            preperiod: found.preperiod,
            period: found.period,
            start: found.certificate_start,
            window: found.window,
        },
        max_value: Some(found.max_value),
        engine,
        positions,
        segments,
        reduced: None,
    };
    // Read off the Grundy search's values: no positions or segments of
    // its own.
    let outcome = derived.map(|o: WindowPeriod| Period {
        segments: None,
        ..period(Sequence::Outcome(Play::Normal), &o, 0)
    });
    Ok((period(sequence, &found, found.positions), outcome))
}

/// The block engine's window search over the sources `make` builds,
/// after `segments` of the run-length engine's work, and, when `outcomes`
/// asks and the search kept its values, the normal-play outcome
/// sequence's period read off them.
fn by_window<S: Source>(
    make: impl Fn() -> S,
    budget: &Budget,
    segments: u64,
    outcomes: bool,
) -> Result<(WindowPeriod, Option<WindowPeriod>), Stopped> {
    let (found, derived) =
        window::detect_then(make, budget, segments, |found, cells| {
            outcomes.then(|| outcomes_of(found, cells, S::value))
        })?;
    Ok((found, derived.flatten()))
}

/// The normal-play outcome sequence's period, read off the Grundy values
/// `cells` (the whole sequence the search generated) and their period.
/// The Grundy certificate's windows certify it too: o(n + q) = o(n) holds
/// from its pre-period on, so over those m positions.
fn outcomes_of<C: Copy>(
    found: &WindowPeriod,
    cells: &[C],
    value: impl Fn(C) -> u64,
) -> WindowPeriod {
    let (l, p) = (found.preperiod, found.period);
    let zero = |n: u64| value(cells[n as usize]) == 0;
    let (preperiod, period) = outcome_period(zero, l, p);
    WindowPeriod {
        preperiod,
        period,
        certificate_start: found.certificate_start,
        window: found.window,
        positions: 0,
        max_value: u64::from((0..l + p).any(|n| !zero(n))),
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use proptest::prelude::*;

    fn set(elements: &[u64]) -> FiniteSet {
        FiniteSet::new(elements.iter().copied()).unwrap()
    }

    #[test]
    fn stretched_sets_choose_runs_and_small_sets_block() {
        let auto = EngineChoice::Auto;
        let choose =
            |s: &FiniteSet, c| choose(s, c, &Budget::default()).unwrap();
        assert_eq!(
            choose(&set(&[5000, 10001, 15001]), auto),
            EngineChoice::Runs
        );
        assert_eq!(choose(&set(&[2, 3, 5]), auto), EngineChoice::Block);
        assert_eq!(choose(&set(&[1, 4, 9, 16]), auto), EngineChoice::Block);
        assert_eq!(
            choose(&set(&[2, 3, 5]), EngineChoice::Runs),
            EngineChoice::Runs
        );
    }

    #[test]
    fn parses_engine_names() {
        assert_eq!(
            "runs".parse::<EngineChoice>().unwrap(),
            EngineChoice::Runs
        );
        let err = "fast".parse::<EngineChoice>().unwrap_err();
        assert!(err.to_string().contains("\"fast\""), "{err}");
    }

    fn every_engine(
        s: &FiniteSet,
        sequence: Sequence,
    ) -> Vec<(u64, u64, u64)> {
        within_budget(s, sequence).expect("every engine finds the period")
    }

    /// The answer of every engine, or None when one of them stops at the
    /// test's budget (random sets may have long periods: {4, 25, 59, 80,
    /// 84} needs 3.7 10^8 positions).
    fn within_budget(
        s: &FiniteSet,
        sequence: Sequence,
    ) -> Option<Vec<(u64, u64, u64)>> {
        let budget = Budget::positions(50_000_000);
        [EngineChoice::Block, EngineChoice::Runs, EngineChoice::Auto]
            .into_iter()
            .map(|c| match find(s, sequence, c, &budget) {
                Ok(p) => Some((p.preperiod, p.period, p.max_value.unwrap())),
                Err(e) => {
                    assert_eq!(e.reason, crate::budget::StopReason::Positions);
                    None
                }
            })
            .collect()
    }

    #[test]
    fn engines_agree_on_the_stretched_family() {
        for a in [2u64, 3, 7, 20, 50] {
            let s = set(&[a, 2 * a + 1, 3 * a + 1]);
            for sequence in [
                Sequence::Grundy,
                Sequence::Outcome(Play::Normal),
                Sequence::Outcome(Play::Misere),
            ] {
                let got = every_engine(&s, sequence);
                assert!(got.iter().all(|g| *g == got[0]), "{s}: {got:?}");
            }
        }
    }

    #[test]
    fn engines_agree_on_long_preperiods() {
        // Pre-periods of 67 to 149, past 3 max(S): the run-length engine's
        // Brent phase and two-engine pre-period scan find these.
        for elements in
            [[1, 3, 16, 21], [1, 3, 20, 25], [1, 3, 24, 29], [1, 4, 20, 26]]
        {
            let s = set(&elements);
            for sequence in [
                Sequence::Grundy,
                Sequence::Outcome(Play::Normal),
                Sequence::Outcome(Play::Misere),
            ] {
                let got = every_engine(&s, sequence);
                if sequence == Sequence::Grundy {
                    assert!(got[0].0 > 3 * s.max_element(), "{s}: {got:?}");
                }
                assert!(got.iter().all(|g| *g == got[0]), "{s}: {got:?}");
            }
        }
    }

    /// The shapes that made period detection quadratic: one element far
    /// from the others ({k, c}, {1, 2, c}, {3, 6, c}, {3, 5, c}, 1-k with
    /// c), so the sequence repeats locally with a short period inside a
    /// long one. Every engine agrees with brute force on the naive values.
    #[test]
    fn adversarial_families_agree_with_brute_force() {
        let mut sets: Vec<Vec<u64>> = Vec::new();
        for c in [40u64, 97, 150, 301] {
            sets.push(vec![7, c]);
            sets.push(vec![1, 2, c]);
            sets.push(vec![3, 6, c]);
            sets.push(vec![3, 5, c]);
            sets.push((1..=4).chain([c]).collect());
        }
        // Unions of long intervals take the sliding-window engine (Grundy
        // values and outcomes): Bachet's {1, ..., k} and kin.
        sets.push((1..=40).collect());
        sets.push((1..=20).chain(40..=60).collect());
        sets.push((5..=30).chain([97]).collect());
        sets.push((10..=140).collect());
        sets.push((3..=50).chain(70..=90).chain(200..=260).collect());
        for elements in sets {
            let s = set(&elements);
            let got = every_engine(&s, Sequence::Grundy);
            assert!(got.iter().all(|g| *g == got[0]), "{s}: {got:?}");
            let (l, p, _) = got[0];
            let m = s.max_element();
            let len = (l + 3 * p + 3 * m + 10) as usize;
            let v = crate::engine::naive::grundy_values(&s, len);
            // Period p from l holds on the whole prefix; l - 1 fails.
            assert!(
                (l as usize..len - p as usize)
                    .all(|n| v[n] == v[n + p as usize]),
                "{s}"
            );
            if l > 0 {
                assert_ne!(v[l as usize - 1], v[(l + p) as usize - 1], "{s}");
            }
            // No proper divisor of p is a period past l + m.
            for d in (1..p).filter(|d| p.is_multiple_of(*d)) {
                let from = (l + m) as usize;
                assert!(
                    (from..len - d as usize)
                        .any(|n| v[n] != v[n + d as usize]),
                    "{s}: {d}"
                );
            }
        }
    }

    /// Issue 34, item 4: {a, 2a+2, 3a+1} passes the probe (long segments
    /// at first) but its segments turn short (about 2 positions) later;
    /// the automatic choice then gives way to the block engine, with the
    /// same answer as either forced engine.
    #[test]
    fn automatic_runs_give_way_when_segments_turn_short() {
        let s = set(&[2000, 4002, 6001]);
        let budget = Budget::default();
        let chosen = choose(&s, EngineChoice::Auto, &budget).unwrap();
        assert_eq!(chosen, EngineChoice::Runs);
        let auto =
            find(&s, Sequence::Grundy, EngineChoice::Auto, &budget).unwrap();
        assert_eq!(auto.engine, Engine::BlockU8);
        // The run-length engine's answer to the end (`--engine runs`).
        assert_eq!((auto.preperiod, auto.period), (5_348_670, 8001));
        // The segments it processed before giving way are reported and
        // count against the same budget: the block engine's positions
        // alone are no longer enough (issue 34: the fallback's work was
        // free, so a search could do about twice its --max-positions).
        let spent = auto.segments.expect("the run-length engine's work");
        assert!(spent >= 1 << 16, "{spent}");
        let tight =
            Budget { max_positions: auto.positions, ..Budget::default() };
        let stopped = find(&s, Sequence::Grundy, EngineChoice::Auto, &tight);
        assert!(stopped.is_err(), "{stopped:?}");
        // A stretched set keeps the run-length engine to the end.
        let s = set(&[2000, 4001, 6001]);
        let auto =
            find(&s, Sequence::Grundy, EngineChoice::Auto, &budget).unwrap();
        assert_eq!(auto.engine, Engine::Runs);
    }

    /// Interval unions: the sliding engine (chosen for them) and the
    /// run-length engine agree on all three sequences, and the engine
    /// reported is the sliding one.
    #[test]
    fn sliding_engine_agrees_on_interval_unions() {
        for elements in [
            (1..=40).collect::<Vec<u64>>(),
            (2..=30).chain(50..=90).collect(),
            (7..=200).chain([333]).collect(),
        ] {
            let s = set(&elements);
            assert!(crate::engine::sliding::pays(s.elements(), true), "{s}");
            for sequence in [
                Sequence::Grundy,
                Sequence::Outcome(Play::Normal),
                Sequence::Outcome(Play::Misere),
            ] {
                let got = every_engine(&s, sequence);
                assert!(got.iter().all(|g| *g == got[0]), "{s}: {got:?}");
                let found = find(
                    &s,
                    sequence,
                    EngineChoice::Block,
                    &Budget::default(),
                )
                .unwrap();
                assert_eq!(found.engine, Engine::Sliding, "{s}");
            }
        }
    }

    /// The normal-play report of `s` (Grundy and outcome periods), with
    /// the default options.
    fn normal_play(s: &FiniteSet, budget: &Budget) -> super::super::Periods {
        let options = super::super::PeriodOptions::default();
        super::super::finite_periods(s, Play::Normal, &options, budget)
            .unwrap()
    }

    /// A budget with little memory streams (window.rs, the streaming
    /// run-length detector, outcomes searched again) and finds the same
    /// periods; the report says no more than it did.
    #[test]
    fn streaming_past_max_memory_gives_the_same_periods() {
        for elements in [
            &[2u64, 3, 5][..],
            &[300, 701, 1000],
            &[1000, 2001, 3001],
            &[7, 11, 100],
            &[1, 20000],
        ] {
            let s = set(elements);
            let find = |max_memory| {
                let budget = Budget { max_memory, ..Budget::default() };
                let got = normal_play(&s, &budget);
                let key = |p: &Period| (p.preperiod, p.period, p.max_value);
                (key(&got.main), key(&got.outcome))
            };
            assert_eq!(find(0), find(Budget::default().max_memory), "{s}");
        }
    }

    /// Issue 34's bound on the work of a normal-play report (both
    /// sequences): no proof of a period can stop before l + p + m
    /// positions (two equal windows past the pre-period), and the search
    /// stops by 1.5 (l + p + m) + 4096. Long pre-periods, periods far
    /// above m, m far above the period, and the run-length engine.
    #[test]
    fn positions_stay_within_half_again_the_least_proof() {
        for elements in [
            &[2u64, 3, 5][..],
            &[300, 701, 1000],
            &[1000, 2002, 3001],
            &[2500, 5002, 7501],
            &[5000, 10001, 15001],
            &[200, 403, 603],
            &[1, 100_000],
            &[100, 200, 1_000_000],
            &[7, 11, 100],
        ] {
            let s = set(elements);
            let got = normal_play(&s, &Budget::default());
            let (l, p) = (got.main.preperiod, got.main.period);
            let bound = 1.5 * (l + p + s.max_element()) as f64 + 4096.0;
            assert!(
                got.positions as f64 <= bound,
                "{s}: {} positions, bound {bound}",
                got.positions
            );
        }
    }

    proptest! {
        #![proptest_config(ProptestConfig::with_cases(300))]

        /// A few small elements and one far one, all three sequences.
        #[test]
        fn engines_agree_with_one_far_element(
            v in prop::collection::btree_set(1u64..9, 1..4),
            far in 40u64..400,
            which in 0..3u8,
        ) {
            let s = FiniteSet::new(v.into_iter().chain([far])).unwrap();
            let sequence = match which {
                0 => Sequence::Grundy,
                1 => Sequence::Outcome(Play::Normal),
                _ => Sequence::Outcome(Play::Misere),
            };
            let got = every_engine(&s, sequence);
            prop_assert!(got.iter().all(|g| *g == got[0]), "{}: {:?}", s, got);
        }

        #[test]
        fn engines_agree(
            v in prop::collection::btree_set(1u64..120, 1..8),
            which in 0..3u8,
        ) {
            let s = FiniteSet::new(v).unwrap();
            let sequence = match which {
                0 => Sequence::Grundy,
                1 => Sequence::Outcome(Play::Normal),
                _ => Sequence::Outcome(Play::Misere),
            };
            let got = within_budget(&s, sequence);
            prop_assume!(got.is_some());
            let got = got.unwrap();
            prop_assert!(got.iter().all(|g| *g == got[0]), "{:?}", got);
        }

        /// The outcome period read off the kept Grundy values (block and
        /// run-length engines) is the one a search of the outcome
        /// sequence itself finds, certificate included.
        #[test]
        fn outcomes_read_off_equal_outcomes_searched(
            v in prop::collection::btree_set(1u64..120, 1..7),
            far in prop::option::of(200u64..2000),
        ) {
            let s = FiniteSet::new(v.into_iter().chain(far)).unwrap();
            let budget = Budget::positions(20_000_000);
            for chosen in [EngineChoice::Block, EngineChoice::Runs] {
                let searched = find(&s, Sequence::Outcome(Play::Normal), chosen, &budget);
                let read = find_grundy_and_outcomes(&s, chosen, false, &budget);
                let (Ok(searched), Ok((_, Some(read)))) = (searched, read) else {
                    continue;
                };
                prop_assert_eq!(
                    (read.preperiod, read.period, read.max_value),
                    (searched.preperiod, searched.period, searched.max_value),
                    "{} {:?}", s, chosen
                );
                let Certificate::Window { start, window, .. } = read.certificate else {
                    panic!("a window certificate");
                };
                prop_assert!(start >= read.preperiod && window == s.max_element());
            }
        }
    }
}
