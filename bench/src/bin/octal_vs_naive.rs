//! The sparse-space engine against the naive engine (the definition,
//! O(n^2)) on the same game and n, in the same run: 0.16, 0.6 (Officers)
//! and 0.167 at n = 10^5, then the sparse engine alone at 10^7. The naive
//! engine is timed once (about ten seconds a game), the sparse one as the
//! best of five; both results are compared value by value.
//!
//! Run: `cargo run --release --manifest-path bench/Cargo.toml --bin
//! octal_vs_naive [N] [BIG]` (defaults 100000 and 10000000).

use std::time::{Duration, Instant};

use grundy::OctalGame;
use grundy::engine::naive;
use grundy::engine::octal::SparseEngine;

fn sparse(game: &OctalGame, n: u64) -> (Duration, Vec<u16>) {
    let started = Instant::now();
    let mut engine = SparseEngine::new(game);
    engine.advance(n).expect("values fit 16 bits");
    (started.elapsed(), engine.values().to_vec())
}

fn main() {
    let args: Vec<u64> = std::env::args()
        .skip(1)
        .map(|a| a.parse().expect("a number"))
        .collect();
    let n = args.first().copied().unwrap_or(100_000);
    let big = args.get(1).copied().unwrap_or(10_000_000);
    println!(
        "| game | naive, n = {n} | sparse, n = {n} | ratio | sparse, n = {big} |"
    );
    println!("|---|---|---|---|---|");
    for code in ["0.16", "0.6", "0.167"] {
        let game: OctalGame = code.parse().expect("an octal code");
        let started = Instant::now();
        let slow = naive::grundy_values(&game, n as usize);
        let naive_time = started.elapsed();
        let best = (0..5)
            .map(|_| {
                let (t, values) = sparse(&game, n);
                assert_eq!(values.len(), slow.len(), "{code}: lengths");
                assert!(
                    values.iter().zip(&slow).all(|(&a, &b)| u64::from(a) == b),
                    "{code}: the engines disagree"
                );
                t
            })
            .min()
            .unwrap();
        let (big_time, _) = sparse(&game, big);
        println!(
            "| {code} | {:.2} s | {:.2} ms | {:.0}x | {:.2} s |",
            naive_time.as_secs_f64(),
            best.as_secs_f64() * 1e3,
            naive_time.as_secs_f64() / best.as_secs_f64(),
            big_time.as_secs_f64()
        );
    }
}
