//! Where the sliding-window engine pays: sets made of r intervals of
//! length L each (r = 1 .. 64, L = 2 .. 10^4, |S| up to 20,000), generated position by
//! position with the sliding engine and with the word engine the set
//! would use otherwise (block cells of the set's width, the wide engine
//! from |S| = 128; the one-byte block engine for outcomes). It prints
//! nanoseconds per position (best of three) for Grundy values and for
//! normal-play outcomes, and which engine the automatic rule
//! (`sliding::pays`) takes: the rule must take the faster one on every
//! row.
//!
//! Run: `cargo run --release --manifest-path bench/Cargo.toml --bin
//! interval_engines` (BENCHMARKS.md, "Intervals and unions of
//! intervals").

use std::hint::black_box;
use std::time::Instant;

use grundy::engine::Source;
use grundy::engine::block::BlockEngine;
use grundy::engine::cell::{GrundyRule, NormalOutcomeRule};
use grundy::engine::sliding::SlidingEngine;
use grundy::engine::wide::WideEngine;
use grundy::{FiniteSet, Play};

/// Nanoseconds per position to generate `count` positions (best of 3).
fn per_position<S: Source>(make: impl Fn() -> S, count: usize) -> f64 {
    let mut best = f64::MAX;
    for _ in 0..3 {
        let mut engine = make();
        let t = Instant::now();
        let mut done = 0;
        while done < count {
            let step = engine.max_advance().min(1 << 14).min(count - done);
            let buf = engine.advance(step);
            black_box(buf.last());
            done += step;
        }
        black_box(engine.max_value());
        best = best.min(t.elapsed().as_secs_f64());
    }
    best * 1e9 / count as f64
}

/// The word engine of Grundy values for |S| = `moves.len()`.
fn word_grundy(moves: &[u64], count: usize) -> f64 {
    match moves.len() {
        0..8 => {
            per_position(|| BlockEngine::<u8, GrundyRule>::new(moves), count)
        }
        8..16 => {
            per_position(|| BlockEngine::<u16, GrundyRule>::new(moves), count)
        }
        16..32 => {
            per_position(|| BlockEngine::<u32, GrundyRule>::new(moves), count)
        }
        32..64 => {
            per_position(|| BlockEngine::<u64, GrundyRule>::new(moves), count)
        }
        64..128 => {
            per_position(|| BlockEngine::<u128, GrundyRule>::new(moves), count)
        }
        _ => per_position(|| WideEngine::new(moves), count),
    }
}

fn main() {
    println!(
        "| r | L | abs(S) | Grundy: word | sliding | rule | outcomes: word | sliding | rule |"
    );
    println!("|---|---|---|---|---|---|---|---|---|");
    for r in [1u64, 2, 4, 8, 16, 64] {
        for len in [2u64, 4, 8, 16, 32, 64, 128, 1000, 10_000] {
            if r * len > 20_000 {
                continue;
            }
            // Intervals of length `len`, gaps of `len` between them.
            let moves: Vec<u64> = (0..r)
                .flat_map(|i| {
                    let lo = 1 + 2 * i * len;
                    lo..lo + len
                })
                .collect();
            let set = FiniteSet::new(moves.iter().copied()).unwrap();
            let m = set.max_element() as usize;
            // Enough positions to pass the first window a few times, and
            // enough to time.
            let count = (4 * m).clamp(1 << 18, 1 << 23);
            // The word engines cost |S| a position: time fewer positions
            // (at least the first window's worth) when S is large.
            let word_count = (count.min(1 << 20))
                .min((1 << 28) / set.len())
                .max(m + (1 << 14));
            let word = word_grundy(set.elements(), word_count);
            let sliding =
                per_position(|| SlidingEngine::new(set.elements()), count);
            let outcome_word = per_position(
                || BlockEngine::<u8, NormalOutcomeRule>::new(set.elements()),
                word_count,
            );
            let outcome_sliding = per_position(
                || SlidingEngine::outcomes(set.elements(), Play::Normal),
                count,
            );
            let rule = |grundy| {
                if grundy::engine::sliding::pays(set.elements(), grundy) {
                    "sliding"
                } else {
                    "word"
                }
            };
            println!(
                "| {r} | {len} | {} | {word:.1} | {sliding:.1} | {} | {outcome_word:.1} | {outcome_sliding:.1} | {} |",
                set.len(),
                rule(true),
                rule(false),
            );
        }
    }
}
