//! What step 1 of the octal engine costs at best: one byte stored per rare
//! pair at a place given by the pair's value. This program times that
//! loop alone (1583 parts, as Officers has, their values below 512, four
//! heaps at once as `engine/octal/heap.rs` marks them) beside the same
//! loop with the stores replaced by a sum, and beside stores to
//! consecutive places, so that `BENCHMARKS.md` can say how close the
//! engine's step 1 is to the machine.
//!
//! Run: `cargo run --release --manifest-path bench/Cargo.toml --bin
//! random_stores`.

use std::hint::black_box;
use std::time::Instant;

const PARTS: usize = 1583;
const ROUNDS: usize = 200_000;

fn main() {
    let mut x = 12345u64;
    let mut random = move || {
        x ^= x << 13;
        x ^= x >> 7;
        x ^= x << 17;
        x
    };
    let g: Vec<u16> = (0..50_000).map(|_| (random() % 512) as u16).collect();
    let mut pos: Vec<usize> =
        (0..PARTS).map(|_| 3 + (random() % 20_000) as usize).collect();
    pos.sort_unstable();
    let val: Vec<u16> = (0..PARTS).map(|_| (random() % 512) as u16).collect();
    let pairs = (ROUNDS * PARTS * 4) as f64;
    let heap = |round: usize| 30_000 + (round % 8000) * 2;

    let mut marks = vec![[0u8; 1 << 16]; 4];
    let started = Instant::now();
    for round in 0..ROUNDS {
        let m = heap(round);
        let [a, b, c, d] = &mut marks[..] else { unreachable!() };
        for (&r, &v) in pos.iter().zip(&val) {
            let p = &g[m - r..m - r + 4];
            a[usize::from(v ^ p[0])] = 1;
            b[usize::from(v ^ p[1])] = 1;
            c[usize::from(v ^ p[2])] = 1;
            d[usize::from(v ^ p[3])] = 1;
        }
        black_box(&mut marks);
    }
    let stores = started.elapsed().as_secs_f64() * 1e9 / pairs;

    let started = Instant::now();
    let mut sum = 0u64;
    for round in 0..ROUNDS {
        let m = heap(round);
        for (&r, &v) in pos.iter().zip(&val) {
            let p = &g[m - r..m - r + 4];
            sum = p.iter().fold(sum, |s, &w| s + u64::from(v ^ w));
        }
        black_box(sum);
    }
    let loads = started.elapsed().as_secs_f64() * 1e9 / pairs;

    let started = Instant::now();
    for _ in 0..ROUNDS {
        let a = &mut marks[0];
        for (k, &v) in val.iter().enumerate() {
            for j in 0..4 {
                a[(4 * k + j) & 511] = v as u8;
            }
        }
        black_box(&mut marks);
    }
    let consecutive = started.elapsed().as_secs_f64() * 1e9 / pairs;

    println!("stores at the pairs' values: {stores:.3} ns a pair");
    println!("the same pairs summed, no store: {loads:.3} ns a pair");
    println!("stores to consecutive bytes: {consecutive:.3} ns a store");
}
