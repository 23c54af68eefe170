//! The automatic engine choice against every forced engine, on a grid of
//! set families and sizes (issue 34, item 4): two- and three-element
//! families, the stretched families where the run-length engine shines and
//! the ones where its runs turn short ({a, 2a+2, 3a+1}), sets with one far
//! element, intervals and unions of intervals (the sliding engine, which
//! both forced choices use as their position engine), and seeded random
//! sets. For each cell it prints the seconds of `period` (best of two,
//! both sequences of a normal-play report) with `--engine block`, `runs`
//! and `auto`, and auto's ratio to the best forced engine; the target is
//! at most 1.2 everywhere. A run stops after `LIMIT` seconds ("-").
//!
//! Run: `cargo run --release --manifest-path bench/Cargo.toml --bin
//! engine_choice [FAMILY]` (BENCHMARKS.md, "The automatic engine choice
//! on a grid"); FAMILY keeps the families whose names contain it.

use std::time::{Duration, Instant};

use grundy::{Budget, EngineChoice, FiniteSet, PeriodOptions, Play, Rules};

/// Seconds after which a run is abandoned.
const LIMIT: f64 = 4.0;

/// Seconds of the best of two runs, the engine the report names and the
/// period; `None` when a run passed `LIMIT`.
fn seconds(rules: &Rules, engine: EngineChoice) -> Option<(f64, String, u64)> {
    let options = PeriodOptions { engine, ..PeriodOptions::default() };
    let mut best: Option<(f64, String, u64)> = None;
    for _ in 0..2 {
        let budget = Budget {
            deadline: Some(Instant::now() + Duration::from_secs_f64(LIMIT)),
            ..Budget::default()
        };
        let t = Instant::now();
        let r = grundy::period(rules, Play::Normal, &options, &budget).ok()?;
        let s = t.elapsed().as_secs_f64();
        if best.as_ref().is_none_or(|b| s < b.0) {
            best = Some((s, r.engine.to_string(), r.period));
        }
    }
    best
}

/// A family: its name and its set for a size a.
type Family = (&'static str, fn(u64) -> Vec<u64>);

/// A seeded random set of `k` elements in 1..=max (a small LCG: the same
/// sets on every run).
fn random(k: usize, max: u64, seed: u64) -> Vec<u64> {
    let mut x = seed;
    let mut out = std::collections::BTreeSet::new();
    while out.len() < k.min(max as usize) {
        x = x
            .wrapping_mul(6364136223846793005)
            .wrapping_add(1442695040888963407);
        out.insert(1 + (x >> 33) % max);
    }
    out.into_iter().collect()
}

fn main() {
    let families: Vec<Family> = vec![
        ("{a, a+1}", |a| vec![a, a + 1]),
        ("{a, 2a+1}", |a| vec![a, 2 * a + 1]),
        ("{a, 3a}", |a| vec![a, 3 * a]),
        ("{a, 2a+1, 3a+1}", |a| vec![a, 2 * a + 1, 3 * a + 1]),
        ("{a, 2a+2, 3a+1}", |a| vec![a, 2 * a + 2, 3 * a + 1]),
        ("{a, 2a+3, 3a+3}", |a| vec![a, 2 * a + 3, 3 * a + 3]),
        ("{2, 3, a}", |a| vec![2, 3, a.max(4)]),
        ("{7, a}", |a| vec![7, a.max(8)]),
        ("1-a", |a| (1..=a).collect()),
        ("1-a/4, a/2-a", |a| (1..=a / 4).chain(a / 2..=a).collect()),
        ("3 random in 1..a", |a| random(3, a, 3)),
        ("8 random in 1..a", |a| random(8, a, 8)),
        ("100 random in 1..20a", |a| random(100, 20 * a, 100)),
    ];
    // An argument keeps only the families whose names contain it.
    let only = std::env::args().nth(1).unwrap_or_default();
    println!(
        "| family | a | period | block s | runs s | auto s (engine) | auto / best |"
    );
    println!("|---|---|---|---|---|---|---|");
    for (name, make) in families.iter().filter(|f| f.0.contains(&*only)) {
        for a in [10u64, 100, 1_000, 10_000] {
            let set = FiniteSet::new(make(a)).unwrap();
            let rules = Rules::from(set);
            let block = seconds(&rules, EngineChoice::Block);
            let runs = seconds(&rules, EngineChoice::Runs);
            let auto = seconds(&rules, EngineChoice::Auto);
            let show = |r: &Option<(f64, String, u64)>| {
                r.as_ref().map_or("-".to_string(), |r| format!("{:.4}", r.0))
            };
            let period = [&block, &runs, &auto]
                .iter()
                .find_map(|r| r.as_ref().map(|r| r.2.to_string()))
                .unwrap_or_else(|| "-".to_string());
            let best = [&block, &runs]
                .iter()
                .filter_map(|r| r.as_ref().map(|r| r.0))
                .fold(f64::MAX, f64::min);
            let ratio = match &auto {
                Some(r) if best < f64::MAX => format!("{:.2}", r.0 / best),
                Some(_) => "best".to_string(),
                None if best < f64::MAX => "STOPPED".to_string(),
                None => "-".to_string(),
            };
            println!(
                "| {name} | {a} | {period} | {} | {} | {} ({}) | {ratio} |",
                show(&block),
                show(&runs),
                show(&auto),
                auto.as_ref().map_or("-", |r| r.1.as_str()),
            );
        }
    }
}
