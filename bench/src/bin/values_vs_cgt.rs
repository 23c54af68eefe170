//! `grundy values` streaming against the `cgt` crate generating the same
//! Grundy values into memory, in the same run.
//!
//! For each set and N, prints the best of three: the time `cgt` takes to
//! collect g(0..N) into a `Vec` (in process), and the time the `grundy`
//! binary takes to write the CSV listing `n,grundy,outcome` of the same
//! values to /dev/null (a whole process, start-up included). The binary is
//! `$GRUNDY_BIN` (default `target/release/grundy` in the main workspace).
//!
//! Run: `cargo build --release -p grundy-cli && cargo run --release
//! --manifest-path bench/Cargo.toml --bin values_vs_cgt`.

use std::process::{Command, Stdio};
use std::time::Instant;

use cgt::short::impartial::games::subtraction::Sub;

fn best_of_three(mut f: impl FnMut()) -> f64 {
    (0..3)
        .map(|_| {
            let t = Instant::now();
            f();
            t.elapsed().as_secs_f64()
        })
        .fold(f64::MAX, f64::min)
}

fn main() {
    let bin = std::env::var("GRUNDY_BIN")
        .unwrap_or_else(|_| "target/release/grundy".to_string());
    println!(
        "| set | N | cgt into a Vec (s) | grundy values --csv to /dev/null (s) | grundy / cgt |"
    );
    println!("|---|---|---|---|---|");
    for (text, set) in [
        ("1,2,3", vec![1u32, 2, 3]),
        ("2,3,5", vec![2, 3, 5]),
        ("5000,10001,15001", vec![5000, 10001, 15001]),
    ] {
        for n in [10_000_000usize, 100_000_000] {
            let cgt = best_of_three(|| {
                let values: Vec<_> =
                    Sub::new(set.clone()).grundy_sequence().take(n).collect();
                std::hint::black_box(values);
            });
            let to = (n - 1).to_string();
            let ours = best_of_three(|| {
                let status = Command::new(&bin)
                    .args(["values", text, "--to", &to, "--csv"])
                    .stdout(Stdio::null())
                    .status()
                    .expect("the grundy binary runs");
                assert!(status.success());
            });
            println!(
                "| {{{text}}} | {n} | {cgt:.3} | {ours:.3} | {:.2} |",
                ours / cgt
            );
        }
    }
}
