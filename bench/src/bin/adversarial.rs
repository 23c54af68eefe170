//! Period finding on the shapes that used to make it quadratic: one
//! element far from the others, so that the sequence repeats locally with
//! a short period inside a long one. For each family and c = 10^3 .. 10^7
//! it prints the time to find the least period with each engine and with
//! the automatic choice (best of three), and the growth from one c to the
//! next (linear: about 10x per 10x of c).
//!
//! Run: `cargo run --release --manifest-path bench/Cargo.toml --bin
//! adversarial` (BENCHMARKS.md, "Worst cases stay linear").

use std::time::Instant;

use grundy::{Budget, EngineChoice, FiniteSet, PeriodOptions, Play, Rules};

fn seconds(rules: &Rules, engine: EngineChoice) -> (f64, u64, String) {
    let options = PeriodOptions { engine, ..PeriodOptions::default() };
    let mut best = f64::MAX;
    let mut found = (0, String::new());
    for _ in 0..3 {
        let t = Instant::now();
        let r =
            grundy::period(rules, Play::Normal, &options, &Budget::default())
                .unwrap();
        best = best.min(t.elapsed().as_secs_f64());
        found = (r.period, r.engine.to_string());
    }
    (best, found.0, found.1)
}

/// A family: its name and its set for a given c.
type Family = (&'static str, fn(u64) -> Vec<u64>);

fn main() {
    let families: Vec<Family> = vec![
        ("{7, c}", |c| vec![7, c]),
        ("{31, c}", |c| vec![31, c]),
        ("{63, c}", |c| vec![63, c]),
        ("{1, 2, c}", |c| vec![1, 2, c]),
        ("{3, 6, c}", |c| vec![3, 6, c]),
        ("{3, 5, c}", |c| vec![3, 5, c]),
        ("{1..4, c}", |c| vec![1, 2, 3, 4, c]),
        ("{16, 40, c}", |c| vec![16, 40, c]),
    ];
    println!(
        "| family | c | period | block s | runs s | auto s (engine) | auto growth |"
    );
    println!("|---|---|---|---|---|---|---|");
    for (name, make) in &families {
        let mut last: Option<f64> = None;
        for c in [1_000u64, 10_000, 100_000, 1_000_000, 9_999_999] {
            let set = FiniteSet::new(make(c)).unwrap();
            let rules = Rules::from(set);
            let (block, p, _) = seconds(&rules, EngineChoice::Block);
            let (runs, q, _) = seconds(&rules, EngineChoice::Runs);
            assert_eq!(p, q, "engines disagree on {name} c = {c}");
            let (auto, _, engine) = seconds(&rules, EngineChoice::Auto);
            let growth = last.map_or(String::from("-"), |l| {
                format!("{:.1}x", auto / l.max(1e-6))
            });
            last = Some(auto);
            println!(
                "| {name} | {c} | {p} | {block:.4} | {runs:.4} | {auto:.4} ({engine}) | {growth} |"
            );
        }
    }
}
