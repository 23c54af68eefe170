//! All-but (cofinite) sets: the FES engine against the naive O(n^2)
//! reference in the same run (BENCHMARKS.md records the figures).
//!
//! Run: `cargo bench --manifest-path bench/Cargo.toml --bench allbut`.

use std::hint::black_box;

use criterion::{BenchmarkId, Criterion, criterion_group, criterion_main};
use grundy::engine::fes::FesValues;
use grundy::engine::naive;
use grundy::{AllButSet, Budget, PeriodOptions, RuleSet, Sequence};

fn all_but(x: &[u64]) -> AllButSet {
    AllButSet::new(x.iter().copied()).unwrap()
}

fn period(set: &AllButSet) -> (u64, u64, u64) {
    let f = set
        .period(
            Sequence::Grundy,
            &PeriodOptions::default(),
            &Budget::default(),
        )
        .unwrap()
        .unwrap();
    (f.preperiod, f.period, f.positions)
}

/// Every X with max(X) <= 30 and |X| <= 4 (31 931 sets).
fn small_sets() -> Vec<AllButSet> {
    let mut out = vec![all_but(&[])];
    for d in 1..=30u64 {
        out.push(all_but(&[d]));
        for c in 1..d {
            out.push(all_but(&[c, d]));
            for b in 1..c {
                out.push(all_but(&[b, c, d]));
                for a in 1..b {
                    out.push(all_but(&[a, b, c, d]));
                }
            }
        }
    }
    out
}

fn periods(c: &mut Criterion) {
    let mut group = c.benchmark_group("allbut-period");
    for x in [
        &[2u64, 3, 5][..],
        &[2, 3, 6, 8],
        &[100, 150, 250, 400],
        &[100, 151, 251, 402],
    ] {
        let set = all_but(x);
        group.bench_with_input(
            BenchmarkId::new("fes", format!("{x:?}")),
            &set,
            |b, s| b.iter(|| black_box(period(s))),
        );
    }
    // The slowest of the small sets by time: each timed once, then the
    // ten slowest again (best of five) to leave out a noisy single run.
    let sets = small_sets();
    let time = |s: &AllButSet| {
        let start = std::time::Instant::now();
        black_box(period(s));
        start.elapsed()
    };
    let mut once: Vec<_> = sets.iter().map(|s| (time(s), s)).collect();
    once.sort_by_key(|&(t, _)| std::cmp::Reverse(t));
    let slowest = once[..10]
        .iter()
        .map(|&(_, s)| ((0..5).map(|_| time(s)).min().unwrap(), s))
        .max_by_key(|&(t, _)| t)
        .map(|(_, s)| s.clone())
        .unwrap();
    group.bench_with_input(
        BenchmarkId::new("fes-slowest-small", slowest.to_string()),
        &slowest,
        |b, s| b.iter(|| black_box(period(s))),
    );
    group.sample_size(10);
    group.bench_function("fes-all-31931-small-sets", |b| {
        b.iter(|| sets.iter().map(|s| period(s).1).sum::<u64>())
    });
    group.finish();
}

fn values(c: &mut Criterion) {
    let mut group = c.benchmark_group("allbut-values");
    group.sample_size(10);
    for (x, n) in [
        (&[2u64, 3, 5][..], 1_000_000usize),
        (&[100, 150, 250, 400], 1_000_000),
    ] {
        let set = all_but(x);
        group.bench_with_input(
            BenchmarkId::new("fes", format!("{x:?} to {n}")),
            &set,
            |b, s| {
                b.iter(|| FesValues::new(s, &Budget::default()).take(n).last())
            },
        );
    }
    for n in [10_000usize, 1_000_000] {
        let set = all_but(&[2, 3, 5]);
        if n <= 10_000 {
            let whole = set.clone();
            group.bench_with_input(
                BenchmarkId::new("naive", format!("[2, 3, 5] to {n}")),
                &whole,
                |b, s| b.iter(|| naive::grundy_values(s, n).last().copied()),
            );
        }
        group.bench_with_input(
            BenchmarkId::new("fes", format!("[2, 3, 5] to {n} (same run)")),
            &set,
            |b, s| {
                b.iter(|| FesValues::new(s, &Budget::default()).take(n).last())
            },
        );
    }
    group.finish();
}

criterion_group!(benches, periods, values);
criterion_main!(benches);
