//! Same-run comparisons of the engines (criterion):
//!
//! - `naive_vs_sparse/*`: the naive engine (the definition) against the
//!   sparse-space engine on 0.16, 0.6 (Officers) and 0.167, the first
//!   10^5 values each (target: the sparse engine at least 100x faster);
//! - `sparse_1e7/*`: the sparse engine alone to n = 10^7 (target: seconds);
//! - `period/*`: the window search of the period finder on 10^6 values.
//!
//! Run with `cargo bench --bench engines`; `-- --test` runs each once.

use criterion::{Criterion, criterion_group, criterion_main};
use grundy_octal::{Engine, Rules, naive_values, period};
use std::hint::black_box;
use std::time::Duration;

const GAMES: [&str; 3] = ["0.16", "0.6", "0.167"];

fn sparse(rules: &Rules, n: u64) -> u16 {
    let mut engine = Engine::new(rules.clone());
    engine.reserve(n).unwrap();
    engine.advance(n).unwrap();
    engine.max_value()
}

fn naive_vs_sparse(c: &mut Criterion) {
    let mut group = c.benchmark_group("naive_vs_sparse");
    group.sample_size(10);
    group.measurement_time(Duration::from_secs(20));
    for code in GAMES {
        let rules: Rules = code.parse().unwrap();
        group.bench_function(format!("naive/{code}/1e5"), |b| {
            b.iter(|| black_box(naive_values(&rules, 100_000)))
        });
        group.bench_function(format!("sparse/{code}/1e5"), |b| {
            b.iter(|| black_box(sparse(&rules, 100_000)))
        });
    }
    group.finish();
}

fn sparse_1e7(c: &mut Criterion) {
    let mut group = c.benchmark_group("sparse_1e7");
    group.sample_size(10);
    group.measurement_time(Duration::from_secs(30));
    for code in GAMES {
        let rules: Rules = code.parse().unwrap();
        group.bench_function(code, |b| {
            b.iter(|| black_box(sparse(&rules, 10_000_000)))
        });
    }
    group.finish();
}

fn period_search(c: &mut Criterion) {
    let mut group = c.benchmark_group("period");
    group.sample_size(10);
    // 0.6 has no period: the search scans all 10^6 values.
    let rules: Rules = "0.6".parse().unwrap();
    let mut engine = Engine::new(rules.clone());
    engine.advance(1_000_000).unwrap();
    let values = engine.values().to_vec();
    group.bench_function("window/0.6/1e6", |b| {
        b.iter(|| black_box(period::find(&values, 1, 2)))
    });
    group.finish();
}

criterion_group!(benches, naive_vs_sparse, sparse_1e7, period_search);
criterion_main!(benches);
