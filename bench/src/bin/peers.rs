//! The engines side by side (issue 7, "Peers"): naive, scalar, SIMD
//! (block) and run-length on the same sets in one run, with the ratios.
//!
//! Run: `cargo run --release --manifest-path bench/Cargo.toml --bin peers`.
//! It prints a Markdown table (BENCHMARKS.md keeps a copy) of generation
//! throughput (positions of the Grundy sequence per second, from 0) and of
//! the time to find the least period, best of three runs each.

use std::hint::black_box;
use std::time::Instant;

use grundy::engine::block::BlockEngine;
use grundy::engine::cell::{Cell, GrundyRule};
use grundy::engine::runs::{RunEngine, RunRule};
use grundy::engine::{Source, naive};
use grundy::{
    Budget, EngineChoice, FiniteSet, PeriodOptions, Play, RuleSet, Sequence,
};

/// Positions generated per engine and set.
const FAST_COUNT: usize = 1 << 26;
const NAIVE_COUNT: usize = 1 << 20;

fn best_of_three(mut f: impl FnMut()) -> f64 {
    (0..3)
        .map(|_| {
            let t = Instant::now();
            f();
            t.elapsed().as_secs_f64()
        })
        .fold(f64::INFINITY, f64::min)
}

fn block<C: Cell>(engine: &mut BlockEngine<C, GrundyRule>, count: usize) {
    let chunk = engine.max_advance().min(1 << 16);
    let mut done = 0;
    while done < count {
        black_box(engine.advance(chunk).last());
        done += chunk;
    }
}

/// Generation rate (positions per second) of the block engine filling
/// `lanes`-wide groups (`scalar` = one position at a time).
fn block_rate(moves: &[u64], scalar: bool) -> f64 {
    fn run<C: Cell>(moves: &[u64], scalar: bool) -> f64 {
        let make = || {
            if scalar {
                BlockEngine::<C, GrundyRule>::scalar(moves)
            } else {
                BlockEngine::<C, GrundyRule>::new(moves)
            }
        };
        FAST_COUNT as f64 / best_of_three(|| block(&mut make(), FAST_COUNT))
    }
    match moves.len() {
        0..8 => run::<u8>(moves, scalar),
        8..16 => run::<u16>(moves, scalar),
        16..32 => run::<u32>(moves, scalar),
        _ => run::<u64>(moves, scalar),
    }
}

fn runs_rate(moves: &[u64]) -> f64 {
    let mut covered = 0;
    let t = best_of_three(|| {
        let mut engine = RunEngine::new(moves, RunRule::Grundy);
        while engine.position() < FAST_COUNT as u64 {
            black_box(engine.step());
        }
        covered = engine.position();
    });
    covered as f64 / t
}

fn naive_rate(moves: &[u64]) -> f64 {
    let set = FiniteSet::new(moves.iter().copied()).unwrap();
    NAIVE_COUNT as f64
        / best_of_three(|| {
            black_box(naive::grundy_values(&set, NAIVE_COUNT));
        })
}

fn period_seconds(moves: &[u64], choice: EngineChoice) -> (f64, u64) {
    let set = FiniteSet::new(moves.iter().copied()).unwrap();
    let mut period = 0;
    let t = best_of_three(|| {
        let options =
            PeriodOptions { engine: choice, ..PeriodOptions::default() };
        let found = set
            .period(Sequence::Grundy, &options, &Budget::default())
            .unwrap()
            .unwrap();
        period = found.period;
    });
    (t, period)
}

fn rate(r: f64) -> String {
    format!("{:.2e}", r)
}

fn main() {
    // A fixed "random" 8-element set with max <= 2000 (drawn once), the
    // same with min(S) = 20, and a 32-element set.
    let sets: Vec<(&str, Vec<u64>)> = vec![
        ("{2,3,5}", vec![2, 3, 5]),
        ("{29,71,100}", vec![29, 71, 100]),
        ("{299,701,1000}", vec![299, 701, 1000]),
        ("{2999,7001,10000}", vec![2999, 7001, 10000]),
        ("{5000,10001,15001}", vec![5000, 10001, 15001]),
        ("8 random, max 2000", vec![17, 130, 377, 602, 911, 1290, 1555, 1999]),
        // The target's shape exactly: |S| = 8 with min(S) >= 20.
        ("8, min 20", vec![20, 130, 377, 602, 911, 1290, 1555, 1999]),
        ("32: {3,10,...,220}", (0..32).map(|i| 3 + 7 * i).collect()),
    ];
    // Which machine and which build of the block filling: the figures
    // mean little without them.
    let cpu = std::fs::read_to_string("/proc/cpuinfo")
        .ok()
        .and_then(|info| {
            info.lines()
                .find(|l| l.starts_with("model name"))
                .and_then(|l| l.split(':').nth(1))
                .map(|m| m.trim().to_string())
        })
        .unwrap_or_else(|| std::env::consts::ARCH.to_string());
    println!(
        "CPU: {cpu}; block filling build: {}\n",
        grundy::engine::block::simd_path()
    );
    println!(
        "| set | naive pos/s | scalar pos/s | SIMD pos/s | runs pos/s | SIMD/naive | SIMD/scalar | runs/SIMD | period | period: block s | period: runs s | auto picks |"
    );
    println!("|---|---|---|---|---|---|---|---|---|---|---|---|");
    for (name, moves) in &sets {
        let naive = naive_rate(moves);
        let scalar = block_rate(moves, true);
        let simd = block_rate(moves, false);
        let runs = runs_rate(moves);
        let (block_s, p) = period_seconds(moves, EngineChoice::Block);
        let (runs_s, q) = period_seconds(moves, EngineChoice::Runs);
        assert_eq!(p, q, "engines disagree on {name}");
        let set = FiniteSet::new(moves.iter().copied()).unwrap();
        // The engine the default (auto) choice runs.
        let auto = grundy::period(
            &set.into(),
            Play::Normal,
            &PeriodOptions::default(),
            &Budget::default(),
        )
        .unwrap()
        .engine;
        println!(
            "| {name} | {} | {} | {} | {} | {:.0}x | {:.1}x | {:.2}x | {p} | {block_s:.4} | {runs_s:.4} | {auto} |",
            rate(naive),
            rate(scalar),
            rate(simd),
            rate(runs),
            simd / naive,
            simd / scalar,
            runs / simd,
        );
    }
}
