//! Generation throughput and period detection, fast engine against the
//! naive one in the same run (BENCHMARKS.md records the figures).
//!
//! Run: `cargo bench --manifest-path bench/Cargo.toml`.

use std::hint::black_box;

use criterion::{
    BenchmarkId, Criterion, Throughput, criterion_group, criterion_main,
};
use grundy::engine::block::BlockEngine;
use grundy::engine::cell::{Cell, GrundyRule, Words};
use grundy::engine::wide::WideEngine;
use grundy::engine::{Source, naive};
use grundy::{
    Budget, EngineChoice, FiniteSet, PeriodOptions, RuleSet, Sequence,
};

/// Generates `count` positions with the block engine, `chunk` at a time.
fn generate<C: Cell>(moves: &[u64], count: usize) -> u64 {
    drive(BlockEngine::<C, GrundyRule>::new(moves), count)
}

/// Generates `count` positions with `engine`, `chunk` at a time; returns
/// the largest value.
fn drive<S: Source>(mut engine: S, count: usize) -> u64 {
    let chunk = engine.max_advance().min(1 << 16);
    let mut done = 0;
    while done < count {
        let buf = engine.advance(chunk);
        black_box(buf.last());
        done += chunk;
    }
    engine.max_value()
}

fn sets() -> Vec<(&'static str, Vec<u64>)> {
    vec![
        ("2,3,5", vec![2, 3, 5]),
        ("k=8 (max<=2000)", vec![17, 130, 377, 602, 911, 1290, 1555, 1999]),
        ("k=32", (0..32).map(|i| 3 + 7 * i).collect()),
        ("1000,1500,2001", vec![1000, 1500, 2001]),
    ]
}

fn generation(c: &mut Criterion) {
    let mut group = c.benchmark_group("generate");
    let count = 1 << 24;
    group.throughput(Throughput::Elements(count as u64));
    group.sample_size(10);
    for (name, moves) in sets() {
        group.bench_with_input(
            BenchmarkId::new("block", name),
            &moves,
            |b, m| {
                b.iter(|| match m.len() {
                    0..8 => generate::<u8>(m, count),
                    8..16 => generate::<u16>(m, count),
                    16..32 => generate::<u32>(m, count),
                    _ => generate::<u64>(m, count),
                })
            },
        );
    }
    group.finish();

    let mut group = c.benchmark_group("generate-naive");
    let count = 1 << 16;
    group.throughput(Throughput::Elements(count as u64));
    group.sample_size(10);
    for (name, moves) in sets() {
        let set = FiniteSet::new(moves.iter().copied()).unwrap();
        group.bench_with_input(
            BenchmarkId::new("naive", name),
            &set,
            |b, s| b.iter(|| naive::grundy_values(s, count)),
        );
    }
    group.finish();
}

/// `len` distinct moves in 1..=`max`, spread by a fixed linear
/// congruential generator (the same set on every run).
fn scattered(len: usize, max: u64) -> Vec<u64> {
    let mut state: u64 = 0x2545_f491_4f6c_dd1d;
    let mut moves = std::collections::BTreeSet::new();
    while moves.len() < len {
        state = state
            .wrapping_mul(6_364_136_223_846_793_005)
            .wrapping_add(1_442_695_040_888_963_407);
        moves.insert(1 + (state >> 33) % max);
    }
    moves.into_iter().collect()
}

/// Sets of 64 moves and more in every cell width that holds their
/// values: `period` searches them first in the narrowest width the
/// values allow (crates/grundy/src/period/narrow.rs) instead of the
/// |S| + 1 bits a set of |S| moves may need.
fn many_moves(c: &mut Criterion) {
    let mut group = c.benchmark_group("generate-many-moves");
    let count = 1 << 20;
    group.throughput(Throughput::Elements(count as u64));
    group.sample_size(10);
    for len in [100, 200] {
        let moves = scattered(len, 2000);
        let top = drive(WideEngine::new(&moves), count);
        let name = format!("{len} moves in 1..2000, values to {top}");
        if top < 63 {
            group.bench_with_input(
                BenchmarkId::new("u64", &name),
                &moves,
                |b, m| b.iter(|| generate::<u64>(m, count)),
            );
        }
        group.bench_with_input(
            BenchmarkId::new("words2", &name),
            &moves,
            |b, m| b.iter(|| generate::<Words<2>>(m, count)),
        );
        group.bench_with_input(
            BenchmarkId::new("u128", &name),
            &moves,
            |b, m| b.iter(|| generate::<u128>(m, count)),
        );
        group.bench_with_input(
            BenchmarkId::new("wide", &name),
            &moves,
            |b, m| b.iter(|| drive(WideEngine::new(m), count)),
        );
    }
    group.finish();
}

fn periods(c: &mut Criterion) {
    let mut group = c.benchmark_group("period");
    group.sample_size(10);
    for text in ["2,3,5", "29,71,100", "299,701,1000", "5000,10001,15001"] {
        let set: FiniteSet = text.parse().unwrap();
        for (name, engine) in
            [("block", EngineChoice::Block), ("runs", EngineChoice::Runs)]
        {
            let options = PeriodOptions { engine, ..PeriodOptions::default() };
            group.bench_with_input(
                BenchmarkId::new(name, text),
                &set,
                |b, s| {
                    b.iter(|| {
                        s.period(
                            Sequence::Grundy,
                            &options,
                            &Budget::default(),
                        )
                        .unwrap()
                    })
                },
            );
        }
    }
    group.finish();
}

criterion_group!(benches, generation, many_moves, periods);
criterion_main!(benches);
