//! Shards of a table of octal codes that split its cost evenly.
//!
//! Round robin serves families of sets, where the hard sets are many and
//! sit in clusters. The octal tables are different: in the three-digit
//! table (1023 codes) 104 codes hold nearly all the work (values that
//! keep growing, every split of every heap looked at, one to two minutes
//! each to 2^20 heaps on one core), and they are 40 sequences: codes with
//! provably equal values, which a sweep evaluates once (`share.rs`).
//! Round robin would put the codes of one sequence in different shards,
//! each evaluating it again, and deal the costly sequences out by where
//! their codes fall.
//!
//! So a shard of an octal table is a set of whole sequences (the groups
//! of `share.rs`: one key, one most heaps a move leaves), dealt out by
//! estimated cost: the costliest first, each to the shard with the least
//! estimated cost so far, the lowest-numbered on a tie (greedy
//! longest-processing-time scheduling, R. L. Graham, "Bounds on
//! multiprocessing timing anomalies", 1969: within 4/3 of the best split
//! of the estimates).
//!
//! **The estimate.** The cost of a search is the splits it examines (the
//! octal engine's unit of work, about 0.4 ns each in the dense mode). A
//! sequence's search runs first with a budget of [`PROBE_SPLITS`] splits
//! and [`PROBE_HEAPS`] heaps. One that finds its period within it costs
//! little (its heaps are its cost); one that reaches the heaps examines
//! few splits a heap (a sparse space), and is estimated as if every
//! [`PROBE_HEAPS`] heaps took all the splits of the probe. One
//! that runs out of splits after n1 heaps runs again with four times the
//! splits, to n2 heaps (and while n2 / n1 is below 2.5, four times again:
//! some games examine fewer splits a heap further on, or find their
//! period there); from the last two probes on, each time the heaps grow
//! by n2 / n1 the splits grow fourfold (n2 / n1 is held between 2, a
//! quadratic cost, every split of every heap, and 4, a linear one), up to
//! the heap budget. The probes give the same answer in every shard's process:
//! they count splits and heaps, never time, and the split budget stops a
//! search at the same heap however the work falls into chunks. The
//! arithmetic is integer, so no floating-point library can differ
//! between machines.
//!
//! The probes cost a few seconds for the three-digit table (they run on
//! the sweep's worker threads); for tables of five and six digits, where
//! probing every sequence in every shard would cost more than balancing
//! saves, each sequence is estimated by its number of codes instead.
//! Every shard's process must run the same `grundy` (the same engine),
//! or the splits could differ; the rows do not depend on the split, only
//! the shards' times do.

use std::cmp::Reverse;
use std::collections::{BinaryHeap, HashMap};

use grundy::{Budget, PeriodOptions, Play, Rules, StopReason, Stopped};
use rayon::prelude::*;

use crate::error::Result;
use crate::family::Family;
use crate::run::RunOptions;
use crate::shard::{Members, Shard};
use crate::share::place;

/// The split budget of a sequence's first probe: 25 million splits, about
/// 10,000 heaps of a dense game such as 0.76 (0.01 s to 0.03 s).
pub(crate) const PROBE_SPLITS: u64 = 25_000_000;

/// The heap budget of a sequence's first probe: a search that gets this
/// far within [`PROBE_SPLITS`] examines few splits a heap (a sparse space,
/// such as Officers' 0.6) and costs seconds at most to 2^20 heaps.
pub(crate) const PROBE_HEAPS: u64 = 1 << 15;

/// The largest table whose sequences are probed: the four-digit table
/// (8191 codes). Larger ones are balanced by code counts.
const MAX_PROBED: u64 = (2 << (3 * 4)) - 1;

/// The codes of one sequence.
struct Sequence {
    /// Its codes' indices, ascending.
    members: Vec<u64>,
    /// The code a sweep evaluates first: the shortest (first in family
    /// order among those), or none for a code that is no valid set.
    first: Option<(usize, Rules)>,
    /// Its distinct code lengths (each is evaluated itself when the
    /// shortest finds a period).
    lengths: Vec<usize>,
}

/// The indices that shard `shard` of the octal table `family` runs.
pub(crate) fn members(
    family: &Family,
    shard: Shard,
    options: &RunOptions,
) -> Result<Members> {
    let sequences = sequences(family)?;
    let probe = family.count()? <= MAX_PROBED;
    let costs = estimates(&sequences, options, probe);
    let owners = deal(&costs, shard.count);
    let mut list: Vec<u64> = sequences
        .iter()
        .zip(owners)
        .filter(|&(_, owner)| owner == shard.index)
        .flat_map(|(s, _)| s.members.iter().copied())
        .collect();
    list.sort_unstable();
    Ok(Members::Listed(list.into()))
}

/// The family's codes grouped by sequence, in order of their first code.
fn sequences(family: &Family) -> Result<Vec<Sequence>> {
    let mut out: Vec<Sequence> = Vec::new();
    let mut by_group = HashMap::new();
    for point in family.points() {
        let point = point?;
        let (_, rules) = family.set_of(&point);
        let Ok(rules) = rules else {
            out.push(Sequence {
                members: vec![point.index],
                first: None,
                lengths: Vec::new(),
            });
            continue;
        };
        let Some((group, len)) = place(&rules) else {
            let len = rules.octal_game().map_or(0, |g| g.code_len());
            out.push(Sequence {
                members: vec![point.index],
                first: Some((len, rules)),
                lengths: vec![len],
            });
            continue;
        };
        let at = *by_group.entry(group).or_insert_with(|| {
            out.push(Sequence {
                members: Vec::new(),
                first: None,
                lengths: Vec::new(),
            });
            out.len() - 1
        });
        let s = &mut out[at];
        s.members.push(point.index);
        if !s.lengths.contains(&len) {
            s.lengths.push(len);
        }
        if s.first.as_ref().is_none_or(|(t, _)| len < *t) {
            s.first = Some((len, rules));
        }
    }
    Ok(out)
}

/// Each sequence's estimated cost, in splits (or, unprobed, its number
/// of codes), probed on the sweep's worker threads.
fn estimates(
    sequences: &[Sequence],
    options: &RunOptions,
    probe: bool,
) -> Vec<u128> {
    if !probe {
        return sequences.iter().map(|s| s.members.len() as u128).collect();
    }
    let heaps = options.max_positions.max(1);
    let estimate = |s: &Sequence| -> u128 {
        let Some((_, rules)) = &s.first else { return 1 };
        let (cost, found) = cost(rules, heaps);
        if found { cost * s.lengths.len().max(1) as u128 } else { cost }
    };
    let pool =
        rayon::ThreadPoolBuilder::new().num_threads(options.jobs).build();
    match pool {
        Ok(pool) => {
            pool.install(|| sequences.par_iter().map(estimate).collect())
        }
        Err(_) => sequences.iter().map(estimate).collect(),
    }
}

/// What a probe saw.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Probe {
    /// A period proven after this many heaps.
    Found(u64),
    /// The heap budget reached (or a value too wide), after this many
    /// heaps, within the splits.
    Reached(u64),
    /// The splits ran out after this many heaps.
    Splits(u64),
}

/// One search of `rules` with `heaps` heaps and `splits` splits, on one
/// thread, with no time limit: what it saw depends on the code alone.
fn probe(rules: &Rules, heaps: u64, splits: u64) -> Probe {
    let budget = Budget {
        max_positions: heaps,
        max_splits: splits,
        max_threads: 1,
        deadline: None,
        cancel: None,
        observer: None,
        ..Budget::default()
    };
    let options = PeriodOptions { bulk: true, ..PeriodOptions::default() };
    match rules.periods(Play::Normal, &options, &budget) {
        Ok(Some(p)) => Probe::Found(p.positions),
        Ok(None) => Probe::Reached(heaps),
        Err(Stopped {
            reason: StopReason::Splits, seen: Some(seen), ..
        }) => Probe::Splits(seen.len),
        Err(stop) if stop.unit == grundy::Unit::Positions => {
            Probe::Reached(stop.done)
        }
        Err(_) => Probe::Reached(heaps),
    }
}

/// The estimated splits of the search of `rules` to `heaps` heaps, and
/// whether it finds a period (as far as the probes tell).
fn cost(rules: &Rules, heaps: u64) -> (u128, bool) {
    // Small budgets get small probes: at most 1/256 of the splits of a
    // dense search to the budget (heaps^2 / 4), so the probes stay a
    // small part of the sweep.
    let s1 =
        PROBE_SPLITS.min((heaps.saturating_mul(heaps) / 1024).max(10_000));
    let first = heaps.min(PROBE_HEAPS);
    let n1 = match probe(rules, first, s1) {
        Probe::Found(h) => return (u128::from(h.max(1)), true),
        Probe::Reached(h) if h < heaps => {
            // Few splits a heap: at most s1 for every `first` heaps.
            let (s1, h) = (u128::from(s1), u128::from(h.max(1)));
            return (s1 * u128::from(heaps) / h, false);
        }
        Probe::Reached(h) => return (u128::from(h.max(1)), false),
        Probe::Splits(n1) => n1.max(1),
    };
    // Four times the splits, and for a growth that still looks quadratic
    // (less than 2.5 times the heaps), four times again: some of these
    // games examine fewer splits a heap further on (0.264, 0.74), or
    // find their period there (4.364 at 26,127 heaps).
    let (mut s, mut before) = (s1, n1);
    for last in [false, true] {
        match probe(rules, heaps, 4 * s) {
            Probe::Found(h) => return (between(s, before, h), true),
            Probe::Reached(h) => return (between(s, before, h), false),
            Probe::Splits(n) if last || 2 * n >= 5 * before => {
                return (extrapolate(s, before, n, heaps), false);
            }
            Probe::Splits(n) => (s, before) = (4 * s, n.max(1)),
        }
    }
    unreachable!("the last probe returns")
}

/// The splits to `h` heaps of a search that took `s1` splits to `n1`
/// heaps and at most 4 `s1` to `h`: `s1` (h / n1)^2, within that range.
fn between(s1: u64, n1: u64, h: u64) -> u128 {
    let (s1, n1, h) = (u128::from(s1), u128::from(n1.max(1)), u128::from(h));
    (s1 * h / n1 * h / n1).clamp(s1, 4 * s1)
}

/// The splits to `heaps` heaps of a search that took `s1` splits to `n1`
/// heaps and 4 `s1` to `n2`: fourfold each time the heaps grow by n2 /
/// n1, held between 2 (quadratic) and 4 (linear), linear within a step.
///
/// ```text
/// extrapolate(s, 10_000, 20_000, 80_000) = 4s * 4 * 4 = 64s
/// ```
fn extrapolate(s1: u64, n1: u64, n2: u64, heaps: u64) -> u128 {
    let n1 = u128::from(n1.max(1));
    let grow = u128::from(n2).clamp(2 * n1, 4 * n1);
    let heaps = u128::from(heaps);
    let (mut h, mut c) = (u128::from(n2.max(1)), 4 * u128::from(s1));
    while h < heaps {
        let next = h * grow / n1;
        if next >= heaps {
            let more = c.saturating_mul(3).saturating_mul(heaps - h);
            return c.saturating_add(more / (next - h));
        }
        h = next;
        c = c.saturating_mul(4);
    }
    c
}

/// The shard of each sequence: the costliest first (the earlier on a
/// tie), each to the shard with the least cost so far (the lowest
/// numbered on a tie).
fn deal(costs: &[u128], count: u64) -> Vec<u64> {
    let mut order: Vec<usize> = (0..costs.len()).collect();
    order.sort_by_key(|&i| (Reverse(costs[i]), i));
    // Only as many shards as sequences ever get one.
    let used = count.min(costs.len() as u64);
    let mut loads: BinaryHeap<Reverse<(u128, u64)>> =
        (0..used).map(|s| Reverse((0, s))).collect();
    let mut owners = vec![0; costs.len()];
    for i in order {
        let Some(Reverse((load, shard))) = loads.pop() else { break };
        owners[i] = shard;
        loads.push(Reverse((load.saturating_add(costs[i]), shard)));
    }
    owners
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The split of the three-digit table to 2^20 heaps into 8, 20, 40
    /// and 100 shards: each shard's estimated splits (BENCHMARKS.md, "The
    /// three-digit table as a job array"). `cargo test --release -p
    /// grundy-sweep three_digit_split -- --ignored --nocapture`.
    #[test]
    #[ignore = "seconds of probes in a release build; prints the split"]
    fn three_digit_split() {
        let family = Family::octal(3).unwrap();
        let options =
            RunOptions { max_positions: 1 << 20, ..RunOptions::default() };
        let sequences = sequences(&family).unwrap();
        let started = std::time::Instant::now();
        let costs = estimates(&sequences, &options, true);
        println!(
            "{} codes, {} sequences, estimated in {:.2} s",
            family.count().unwrap(),
            sequences.len(),
            started.elapsed().as_secs_f64()
        );
        let mut order: Vec<usize> = (0..costs.len()).collect();
        order.sort_by_key(|&i| Reverse(costs[i]));
        for &i in order.iter().take(60) {
            let s = &sequences[i];
            let code = s.first.as_ref().map(|(_, r)| r.to_string());
            println!(
                "{:>8} codes {:>2} cost {:.3e}",
                code.unwrap_or_default(),
                s.members.len(),
                costs[i] as f64
            );
        }
        let total: u128 = costs.iter().sum();
        println!("total {:.3e}", total as f64);
        if std::env::var_os("PROBE_TIMES").is_some() {
            let mut times: Vec<(f64, String, u128)> = sequences
                .iter()
                .filter_map(|s| s.first.as_ref())
                .map(|(_, r)| {
                    let t = std::time::Instant::now();
                    let (c, _) = cost(r, 1 << 20);
                    (t.elapsed().as_secs_f64(), r.to_string(), c)
                })
                .collect();
            let sum: f64 = times.iter().map(|t| t.0).sum();
            times.sort_by(|a, b| b.0.total_cmp(&a.0));
            println!("one thread: {sum:.2} s in all");
            for (t, code, c) in times.iter().take(40) {
                println!("{code:>8} {t:.3} s cost {:.2e}", *c as f64);
            }
        }
        for count in [8, 20, 40, 100] {
            let owners = deal(&costs, count);
            let mut loads = vec![0u128; count as usize];
            for (i, &o) in owners.iter().enumerate() {
                loads[o as usize] += costs[i];
            }
            let max = loads.iter().max().unwrap();
            let mut ranked: Vec<(usize, u128)> =
                loads.iter().copied().enumerate().collect();
            ranked.sort_by_key(|&(_, l)| Reverse(l));
            println!(
                "N = {count}: max {:.3e}, mean {:.3e}, max/mean {:.2}; shards by load {:?}",
                *max as f64,
                total as f64 / count as f64,
                *max as f64 * count as f64 / total as f64,
                ranked
                    .iter()
                    .map(|&(s, l)| format!("{s}:{:.2e}", l as f64))
                    .collect::<Vec<_>>()
            );
        }
    }

    #[test]
    fn the_greedy_deal_balances_and_is_deterministic() {
        // Graham's example of the greedy rule: 3 shards.
        let costs = [5, 5, 4, 4, 3, 3, 3];
        let owners = deal(&costs, 3);
        let mut loads = [0; 3];
        for (i, &o) in owners.iter().enumerate() {
            loads[o as usize] += costs[i];
        }
        assert_eq!(owners, [0, 1, 2, 2, 0, 1, 0]);
        assert_eq!(loads, [11, 8, 8]);
        // More shards than sequences: one each, the costliest first.
        assert_eq!(deal(&[1, 9, 4], 10), [2, 0, 1]);
        assert_eq!(deal(&[], 4), Vec::<u64>::new());
    }

    #[test]
    fn extrapolation_is_between_linear_and_quadratic() {
        let s = 1_000_000;
        // Quadratic: doubling the heaps is four times the splits.
        assert_eq!(extrapolate(s, 10_000, 20_000, 80_000), 64 * s as u128);
        // Linear: four times the heaps, four times the splits.
        assert_eq!(extrapolate(s, 10_000, 40_000, 160_000), 16 * s as u128);
        // Held to those bounds, from the second probe on: no worse than
        // quadratic, no better than linear.
        assert_eq!(extrapolate(s, 10_000, 11_000, 88_000), 256 * s as u128);
        assert_eq!(extrapolate(s, 10_000, 90_000, 360_000), 16 * s as u128);
        // Within a step, linear; at the end of the probe, the probe.
        assert_eq!(extrapolate(s, 10_000, 20_000, 30_000), 10 * s as u128);
        assert_eq!(extrapolate(s, 10_000, 20_000, 20_000), 4 * s as u128);
        // No overflow, whatever the budget.
        assert!(extrapolate(s, 1, 2, u64::MAX) > 0);
    }

    /// The costly sequences of the three-digit table, the first 2^14
    /// heaps: every dense one probes as costly, the cheap ones as cheap,
    /// and the probes agree with themselves.
    #[test]
    fn probes_tell_costly_sequences_from_cheap_ones() {
        let heaps = 1 << 14;
        let costly = |code: &str| cost(&code.parse().unwrap(), heaps);
        // 0.76: values that keep growing, no period within the budget.
        let (dense, found) = costly("0.76");
        assert!(!found && dense > 4 * 10_000, "{dense}");
        assert_eq!(costly("0.76"), (dense, found));
        // 0.07, Dawson's Kayles: period 34 after 52 heaps.
        let (cheap, found) = costly("0.07");
        assert!(found && cheap < 10_000, "{cheap}");
    }

    #[test]
    fn shards_hold_whole_sequences_and_every_code_once() {
        let family = Family::octal(2).unwrap();
        let options =
            RunOptions { max_positions: 3000, ..RunOptions::default() };
        let sequences = sequences(&family).unwrap();
        // Some two-digit codes share a sequence.
        assert!(sequences.len() < 127);
        assert_eq!(
            sequences.iter().map(|s| s.members.len()).sum::<usize>(),
            127
        );
        let shards: Vec<Members> = (0..4)
            .map(|i| {
                members(&family, Shard { index: i, count: 4 }, &options)
                    .unwrap()
            })
            .collect();
        for code in 0..127 {
            let holders = shards.iter().filter(|m| m.contains(code)).count();
            assert_eq!(holders, 1, "code {code}");
        }
        for s in &sequences {
            let holder = shards.iter().position(|m| m.contains(s.members[0]));
            for &code in &s.members {
                assert!(shards[holder.unwrap()].contains(code));
            }
        }
        // The same split when asked again, whatever the threads.
        for jobs in [1, 2] {
            let options = RunOptions { jobs, ..options.clone() };
            let again =
                members(&family, Shard { index: 2, count: 4 }, &options);
            assert_eq!(again.unwrap(), shards[2], "{jobs} jobs");
        }
    }
}
