//! Fitting two-parameter families of 10,000 rows (issue 17: "under 2
//! seconds after the sweep").
//!
//! The rows are generated here from the periods the sweeps give, so the
//! bench needs no 500 KB fixture: for a = 1..100, b = a+1..a+100,
//! `grundy sweep 'a,b' ...` gives period 2a when b % (2a) == a, else a + b
//! (Winning Ways, ch. 4), and `grundy sweep 'all-but:a,b,a+b,a+2b' ...`
//! gives the four-piece law the fitter finds for K. Suetsugu, T. Abuku's
//! Conjecture 1 (checked against both sweeps' CSV: 0 of 10,000 rows
//! differ). The third input is random values on the same grid: no law,
//! so every scheme runs until it exceeds the budget (the slow case).
//!
//! Run: `cargo bench --manifest-path bench/Cargo.toml --bench fit`.

use criterion::{Criterion, criterion_group, criterion_main};
use grundy_fit::{FitRow, FitTable, FitVerdict, Key, Options, fit};

fn grid(mut f: impl FnMut(i64, i64) -> i64) -> FitTable {
    let mut rows = Vec::with_capacity(10_000);
    for a in 1..=100 {
        for b in a + 1..=a + 100 {
            rows.push(FitRow::new(vec![a, b], f(a, b)));
        }
    }
    FitTable::new(vec!["a".into(), "b".into()], Key::Period, rows).unwrap()
}

fn gcd(a: i64, b: i64) -> i64 {
    if b == 0 { a } else { gcd(b, a % b) }
}

fn bench(c: &mut Criterion) {
    let pairs = grid(|a, b| if b % (2 * a) == a { 2 * a } else { a + b });
    let conj1 = grid(|a, b| {
        let (u, g) = (b % (2 * a), gcd(a, b));
        if b < 2 * a {
            2 * a + b
        } else if b % a == 0 {
            2 * b + 2 * u
        } else if u < a {
            (b * b - a * u) / g
        } else {
            (b * b + a * u - 2 * a * a) / g
        }
    });
    let mut state = 1u64;
    let random = grid(|_, _| {
        state = state.wrapping_mul(6364136223846793005).wrapping_add(1);
        1 + (state >> 33) as i64 % 1000
    });
    let opts = Options::default();
    let mut group = c.benchmark_group("fit 10000 rows");
    group.sample_size(10);
    for (name, table, law) in [
        ("two-element sets {a,b}", &pairs, true),
        ("all-but {a,b,a+b,a+2b}", &conj1, true),
        ("random values", &random, false),
    ] {
        let f = fit(table, &opts).unwrap();
        assert_eq!(f.verdict() == &FitVerdict::Law, law, "{name}");
        group.bench_function(name, |b| b.iter(|| fit(table, &opts).unwrap()));
    }
    group.finish();
}

criterion_group!(benches, bench);
criterion_main!(benches);
