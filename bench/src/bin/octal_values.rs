//! The sparse-space engine on one game to n heaps, for long runs that a
//! criterion bench cannot repeat: Officers (0.6) to 2^32, 0.167 at 2^28
//! beside Rogalski's solver. Prints the time, the work counters and the
//! frequencies of g(1) to g(n - 1) (the form Rogalski's result files use:
//! `value frequency` per line, after a `#` header).
//!
//! Run: `cargo run --release --manifest-path bench/Cargo.toml --bin
//! octal_values -- 0.6 4294967296 [THREADS]` (the engine's threads: 1,
//! or 2 for step 3 beside the next heaps; by default as the engine
//! chooses).

use std::time::Instant;

use grundy::OctalGame;
use grundy::engine::octal::SparseEngine;

fn main() {
    let args: Vec<String> = std::env::args().collect();
    let code: OctalGame = args[1].parse().expect("an octal code");
    let n: u64 = args[2].parse().expect("a number of heaps");
    let threads: Option<usize> =
        args.get(3).map(|t| t.parse().expect("a number of threads"));
    let started = Instant::now();
    let mut engine = SparseEngine::new(&code);
    if let Some(threads) = threads {
        engine.set_threads(threads);
    }
    engine.reserve(n).expect("memory for the values");
    let mut last = Instant::now();
    while engine.len() < n {
        let step = (n - engine.len()).min(1 << 22);
        engine.advance(step).expect("values fit 16 bits");
        if last.elapsed().as_secs() >= 60 {
            last = Instant::now();
            eprintln!(
                "# {} heaps, {:.0} s",
                engine.len(),
                started.elapsed().as_secs_f64()
            );
        }
    }
    let seconds = started.elapsed().as_secs_f64();
    let work = engine.work();
    let mut freq = vec![0u64; 1 << 16];
    for &v in &engine.values()[1..] {
        freq[usize::from(v)] += 1;
    }
    println!(
        "# {code} n={n} threads={} seconds={seconds:.2} rare={} mask={:?} max={} rare_pairs={} scanned_pairs={} dense_pairs={}",
        engine.threads(),
        engine.rare_count(),
        engine.mask(),
        engine.max_value(),
        work.rare_pairs,
        work.scanned_pairs,
        work.dense_pairs
    );
    for (v, &c) in freq.iter().enumerate().filter(|&(_, &c)| c > 0) {
        println!("{v} {c}");
    }
}
