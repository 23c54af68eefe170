//! The Rust side of the Python package's benchmark (`BENCHMARKS.md`,
//! "Python package"): the same calls `bench/python_peers.py` makes from
//! Python, timed in process, so that the two can be compared in one run.
//!
//! Prints, as `name seconds` lines: the time of one
//! `grundy::period("2,3,5")` call, the rules parsed each time as the
//! Python call does (the mean of 200,000 calls, best of five), and the
//! time to collect g(0..=10^8) of {5000, 10001, 15001} into a `Vec<i64>`
//! (the engine alone, the dtype `grundy.values` returns by default; best
//! of three).
//!
//! Run: `cargo run --release --manifest-path bench/Cargo.toml --bin
//! python_peers`.

use std::hint::black_box;
use std::time::Instant;

use grundy::{Budget, PeriodOptions, Play, Rules};

fn best<F: FnMut()>(rounds: usize, mut f: F) -> f64 {
    (0..rounds)
        .map(|_| {
            let t = Instant::now();
            f();
            t.elapsed().as_secs_f64()
        })
        .fold(f64::MAX, f64::min)
}

fn main() {
    let calls = 200_000;
    let options = PeriodOptions::default();
    let total = best(5, || {
        for _ in 0..calls {
            let rules: Rules = black_box("2,3,5").parse().unwrap();
            let report = grundy::period(
                &rules,
                Play::Normal,
                &options,
                &Budget::default(),
            )
            .unwrap();
            black_box(report);
        }
    });
    println!("period_2_3_5_call {:.9}", total / calls as f64);

    let to = 100_000_000usize;
    let rules: Rules = "5000,10001,15001".parse().unwrap();
    let secs = best(3, || {
        let mut out: Vec<i64> = Vec::with_capacity(to + 1);
        out.extend(
            grundy::values(&rules).take(to + 1).map(|g| g.value() as i64),
        );
        black_box(out);
    });
    println!("values_5000_10001_15001_1e8_vec_i64 {secs:.6}");
}
