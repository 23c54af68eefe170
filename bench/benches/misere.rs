//! Misère sums from the misère quotient (issue 36 §2): the outcome and
//! every winning move of a sum of 1,000 heaps once the quotient is known,
//! against the exhaustive search on sums small enough for it, in the
//! same run (BENCHMARKS.md records the figures).
//!
//! Run: `cargo bench --manifest-path bench/Cargo.toml --bench misere`.

use std::hint::black_box;

use criterion::{BenchmarkId, Criterion, criterion_group, criterion_main};
use grundy::{BigUint, Budget, Heap, Rules};

/// `count` heap sizes in 1..=`top` from a fixed xorshift (the same sums
/// every run).
fn sizes(count: usize, top: u64) -> Vec<u64> {
    let mut x = 36u64;
    (0..count)
        .map(|_| {
            x ^= x << 13;
            x ^= x >> 7;
            x ^= x << 17;
            1 + x % top
        })
        .collect()
}

fn misere_sums(c: &mut Criterion) {
    let budget = Budget::default();
    let mut group = c.benchmark_group("misere-sum");
    // 0.75 (R8, certified for every heap) and Kayles (order 40, certified
    // at heap 167), heaps up to 500 (Kayles: past its certificate).
    for game in ["0.75", "0.77", "1,2,3"] {
        let rules: Rules = game.parse().unwrap();
        let q = grundy::quotient(&rules, None, &budget).unwrap();
        let heaps: Vec<BigUint> =
            sizes(1000, 500).into_iter().map(BigUint::from).collect();
        group.bench_with_input(
            BenchmarkId::new("quotient-1000-heaps", game),
            &heaps,
            |b, h| b.iter(|| black_box(q.misere_sum(h, &budget).unwrap())),
        );
        // The same question both ways on a sum the search can do: three
        // heaps of at most 12 tokens.
        let small: Vec<u64> = sizes(3, 12);
        let big: Vec<BigUint> =
            small.iter().map(|&n| BigUint::from(n)).collect();
        let as_heaps: Vec<Heap> = small
            .iter()
            .map(|&n| Heap { rules: rules.clone(), size: n.into() })
            .collect();
        assert_eq!(
            q.misere_sum(&big, &budget).unwrap(),
            grundy::misere_search(&as_heaps, &budget).unwrap()
        );
        group.bench_with_input(
            BenchmarkId::new("quotient-3-heaps", game),
            &big,
            |b, h| b.iter(|| black_box(q.misere_sum(h, &budget).unwrap())),
        );
        group.bench_with_input(
            BenchmarkId::new("search-3-heaps", game),
            &as_heaps,
            |b, h| {
                b.iter(|| {
                    black_box(grundy::misere_search(h, &budget).unwrap())
                })
            },
        );
        // The quotient itself, found from nothing (the cost a command
        // pays before its first answer).
        group.bench_function(BenchmarkId::new("find-quotient", game), |b| {
            b.iter(|| black_box(grundy::quotient(&rules, None, &budget)))
        });
    }
    group.finish();
}

criterion_group! {
    name = benches;
    config = Criterion::default().sample_size(20);
    targets = misere_sums
}
criterion_main!(benches);
