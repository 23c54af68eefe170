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

/// A one-parameter family: its name and its excluded set at A.
type Family = (&'static str, fn(u64) -> Vec<u64>);

/// Issue 34 item 3: the one-parameter families {a, 2a+1}, {a, a+1},
/// {a, 3a} for A up to 10^6, and the {a, b, a+b} kind {a, 2a+3, 3a+3}.
/// The last has period 2A^2 + 3A when 3 divides A (the set is then 3
/// times {b, 2b+1, 3b+1}, b = A/3; A >= 30 in the measured range) and
/// about 3 A^3 otherwise (3,045,900 at A = 100), so it is measured where
/// a listing can reach its period at all.
fn families(c: &mut Criterion) {
    let mut group = c.benchmark_group("allbut-families");
    group.sample_size(10);
    let linear: [Family; 3] = [
        ("{a,2a+1}", |a| vec![a, 2 * a + 1]),
        ("{a,a+1}", |a| vec![a, a + 1]),
        ("{a,3a}", |a| vec![a, 3 * a]),
    ];
    for (name, members) in linear {
        for a in [1_000u64, 10_000, 100_000, 1_000_000] {
            let set = all_but(&members(a));
            group.bench_with_input(BenchmarkId::new(name, a), &set, |b, s| {
                b.iter(|| black_box(period(s)))
            });
        }
    }
    for a in [30u64, 100, 150, 300] {
        let set = all_but(&[a, 2 * a + 3, 3 * a + 3]);
        group.bench_with_input(
            BenchmarkId::new("{a,2a+3,3a+3}", a),
            &set,
            |b, s| b.iter(|| black_box(period(s))),
        );
    }
    group.finish();
}

criterion_group!(benches, periods, values, families);
criterion_main!(benches);
