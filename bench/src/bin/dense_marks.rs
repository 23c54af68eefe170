//! What a heap of a game with no sparse space costs at best, and why the
//! three-digit table (`grundy sweep --octal 3`, every code to 2^20 heaps)
//! is bound by it.
//!
//! The dense mode of the octal engine (`engine/octal/dense.rs`) finds
//! S(m) = { g(a) ^ g(m - a) : 1 <= a <= m / 2 } by a store a split at a
//! place given by the split's value. About 40 sequences of the table have
//! no sparse space, and each costs the sum of m / 2 to 2^20, 2.75 10^11
//! splits; ten minutes on two cores for all of them would need about
//! 0.11 ns a split. This program times, on the real values of a game,
//! four ways to find the sets of the heaps from `START` on (each checked
//! against the first: the same least value not in the set):
//!
//! - `stores`: the engine's loop (`mark_splits`: four splits xored in one
//!   64-bit word, a 32-bit stamp stored per split);
//! - `buffered`: the values xored 32 at a time with AVX-512 into a buffer,
//!   then a byte stored per split;
//! - `filtered`: the values xored 32 at a time and looked up in a table of
//!   the values not yet met (AVX-512 VBMI `vpermi2b`, 1024 values a pair
//!   of registers), stores only for a value met for the first time, after
//!   the first 2 x (values' bound) splits stored plainly;
//! - `gathered`: the same filter with the table looked up by `vpgatherdd`.
//!
//! A filter step with no new value costs a few instructions for 32
//! splits, but in these games a value is met for the first time late:
//! the program prints how many steps had one.
//!
//! Run: `cargo run --release --manifest-path bench/Cargo.toml --bin
//! dense_marks -- 0.76 200000 300` (code, START, heaps), on x86-64 with
//! AVX-512 VBMI.

use std::time::Instant;

use grundy::engine::octal::mark_splits;

#[cfg(target_arch = "x86_64")]
use std::arch::x86_64::*;

fn main() {
    let args: Vec<String> = std::env::args().collect();
    let rules: grundy::Rules = args[1].parse().expect("an octal code");
    let start: usize = args[2].parse().expect("the first heap");
    let heaps: usize = args[3].parse().expect("a number of heaps");
    let g: Vec<u16> = grundy::values(&rules)
        .take(start + heaps)
        .map(|v| u16::try_from(v.value()).expect("values below 2^16"))
        .collect();
    let top = (usize::from(*g.iter().max().unwrap()) + 1)
        .next_power_of_two()
        .max(1024);
    let splits: usize = (start..start + heaps).map(|m| m / 2).sum();
    println!(
        "{} heaps {start}..{}: values below {top}, {splits} splits",
        args[1],
        start + heaps
    );
    let mut reference = Vec::new();
    let mut set = vec![0u32; 1 << 16];
    let time = |name: &str, f: &mut dyn FnMut(usize) -> (usize, u64)| {
        let started = Instant::now();
        let (mut least, mut steps) = (Vec::with_capacity(heaps), 0);
        for m in start..start + heaps {
            let (l, s) = f(m);
            least.push(l);
            steps += s;
        }
        let ns = started.elapsed().as_secs_f64() * 1e9 / splits as f64;
        let note = if steps > 0 {
            format!(", {steps} steps of 32 splits met a new value")
        } else {
            String::new()
        };
        println!("{name:>9}: {ns:.3} ns a split{note}");
        least
    };
    reference.extend(time("stores", &mut |m| {
        mark_splits(&g, m, false, &mut set);
        let stamp = m as u32 + 1;
        ((0..top).find(|&v| set[v] != stamp).unwrap_or(top), 0)
    }));
    #[cfg(target_arch = "x86_64")]
    if std::arch::is_x86_feature_detected!("avx512f")
        && std::arch::is_x86_feature_detected!("avx512bw")
        && std::arch::is_x86_feature_detected!("avx512vbmi")
    {
        let mut bytes = vec![0u8; 1 << 16];
        let got = time("buffered", &mut |m| {
            bytes[..top].fill(0);
            // SAFETY: the CPU has AVX-512 F, BW and VBMI.
            unsafe { buffered(&g, m, &mut bytes) };
            ((0..top).find(|&v| bytes[v] == 0).unwrap_or(top), 0)
        });
        assert_eq!(got, reference);
        // Each way starts from an empty set: stamps left by the one
        // before would count as values met.
        set.fill(0);
        let got = time("filtered", &mut |m| {
            // SAFETY: as above.
            let steps = unsafe { filtered(&g, m, top, &mut set) };
            let stamp = m as u32 + 1;
            ((0..top).find(|&v| set[v] != stamp).unwrap_or(top), steps)
        });
        assert_eq!(got, reference);
        set.fill(0);
        let got = time("gathered", &mut |m| {
            // SAFETY: as above.
            let steps = unsafe { gathered(&g, m, top, &mut set) };
            let stamp = m as u32 + 1;
            ((0..top).find(|&v| set[v] != stamp).unwrap_or(top), steps)
        });
        assert_eq!(got, reference);
    }
}

/// The values of the 32 splits (a, m - a) for a = k + 1 ..= k + 32.
#[cfg(target_arch = "x86_64")]
#[target_feature(enable = "avx512f,avx512bw")]
fn values32(g: &[u16], m: usize, k: usize) -> __m512i {
    let reverse = _mm512_set_epi16(
        0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15, 16, 17, 18, 19,
        20, 21, 22, 23, 24, 25, 26, 27, 28, 29, 30, 31,
    );
    let lo = &g[k + 1..k + 33];
    let up = &g[m - k - 32..m - k];
    // SAFETY: both slices hold 32 values.
    let (lo, up) = unsafe {
        (
            _mm512_loadu_si512(lo.as_ptr().cast()),
            _mm512_loadu_si512(up.as_ptr().cast()),
        )
    };
    _mm512_xor_si512(lo, _mm512_permutexvar_epi16(reverse, up))
}

/// Byte flags: the values 32 at a time into a buffer, then a byte each.
#[cfg(target_arch = "x86_64")]
#[target_feature(enable = "avx512f,avx512bw")]
fn buffered(g: &[u16], m: usize, flags: &mut [u8]) {
    const CHUNK: usize = 2048;
    let hi = m / 2;
    let mut buffer = [0u16; CHUNK];
    let mut k = 0;
    while k + CHUNK <= hi {
        for (j, out) in buffer.chunks_exact_mut(32).enumerate() {
            let x = values32(g, m, k + 32 * j);
            // SAFETY: `out` holds 32 values.
            unsafe { _mm512_storeu_si512(out.as_mut_ptr().cast(), x) };
        }
        let flags = &mut flags[..1 << 16];
        for &v in &buffer {
            flags[usize::from(v)] = 1;
        }
        k += CHUNK;
    }
    for a in k + 1..=hi {
        flags[usize::from(g[a] ^ g[m - a])] = 1;
    }
}

/// Stamps m + 1 at the values of the splits (a, m - a) for a in `range`;
/// returns the last a.
fn store_splits(
    g: &[u16],
    m: usize,
    range: std::ops::RangeInclusive<usize>,
    set: &mut [u32],
) -> usize {
    let last = *range.end();
    for a in range {
        set[usize::from(g[a] ^ g[m - a])] = m as u32 + 1;
    }
    last
}

/// Stamps the values of the splits (a, m - a) for a = k + 1 + lane, for
/// each lane of `new`, and crosses each off the caller's table.
fn met(
    mut new: u32,
    g: &[u16],
    m: usize,
    k: usize,
    set: &mut [u32],
    mut cross_off: impl FnMut(usize),
) {
    while new != 0 {
        let a = k + 1 + new.trailing_zeros() as usize;
        new &= new - 1;
        let v = usize::from(g[a] ^ g[m - a]);
        set[v] = m as u32 + 1;
        cross_off(v);
    }
}

/// The values not yet met as a bit table (bit v & 7 of byte v >> 3).
fn not_met(set: &[u32], stamp: u32, top: usize) -> Vec<u8> {
    let mut table = vec![0u8; top / 8];
    for (v, &s) in set[..top].iter().enumerate() {
        table[v >> 3] |= u8::from(s != stamp) << (v & 7);
    }
    table
}

/// The first 2 top splits stored, the rest looked up in the table of the
/// values not met (`vpermi2b`, a pair of registers for each 1024
/// values); returns the steps that met a new value.
#[cfg(target_arch = "x86_64")]
#[target_feature(enable = "avx512f,avx512bw,avx512vbmi")]
fn filtered(g: &[u16], m: usize, top: usize, set: &mut [u32]) -> u64 {
    let (hi, stamp) = (m / 2, m as u32 + 1);
    let first = store_splits(g, m, 1..=(2 * top).min(hi), set);
    let mut table = not_met(set, stamp, top);
    let load = |table: &[u8]| -> Vec<__m512i> {
        table
            .chunks_exact(64)
            // SAFETY: each chunk holds 64 bytes.
            .map(|c| unsafe { _mm512_loadu_si512(c.as_ptr().cast()) })
            .collect()
    };
    let mut halves = load(&table);
    let (seven, one) = (_mm512_set1_epi16(7), _mm512_set1_epi16(1));
    let mut steps = 0;
    let mut k = first;
    while k + 32 <= hi {
        let x = values32(g, m, k);
        // Table t holds the values 1024 t ..: its byte of each value, in
        // the low byte of the value's lane, then the bit.
        let which = _mm512_srli_epi16::<10>(x);
        let mut y = _mm512_srli_epi16::<3>(x);
        for (t, pair) in halves.chunks_exact(2).enumerate() {
            let lanes = _mm512_cmpeq_epi8_mask(
                which,
                _mm512_set1_epi16((0xFF00 | t as u16) as i16),
            );
            y = _mm512_mask2_permutex2var_epi8(pair[0], y, lanes, pair[1]);
        }
        let bit = _mm512_srlv_epi16(y, _mm512_and_si512(x, seven));
        let new = _mm512_test_epi16_mask(bit, one);
        if new != 0 {
            steps += 1;
            met(new, g, m, k, set, |v| table[v >> 3] &= !(1 << (v & 7)));
            halves = load(&table);
        }
        k += 32;
    }
    store_splits(g, m, k + 1..=hi, set);
    steps
}

/// The same filter with the table looked up by gathers (32-bit words).
#[cfg(target_arch = "x86_64")]
#[target_feature(enable = "avx512f,avx512bw")]
fn gathered(g: &[u16], m: usize, top: usize, set: &mut [u32]) -> u64 {
    let (hi, stamp) = (m / 2, m as u32 + 1);
    let first = store_splits(g, m, 1..=(2 * top).min(hi), set);
    let table = not_met(set, stamp, top);
    let mut words: Vec<u32> = table
        .chunks_exact(4)
        .map(|b| u32::from_le_bytes([b[0], b[1], b[2], b[3]]))
        .collect();
    let (low5, one) = (_mm512_set1_epi32(31), _mm512_set1_epi32(1));
    let mut steps = 0;
    let mut k = first;
    while k + 32 <= hi {
        let x = values32(g, m, k);
        let mut new = 0u32;
        for (half, x) in
            [_mm512_castsi512_si256(x), _mm512_extracti64x4_epi64::<1>(x)]
                .into_iter()
                .enumerate()
        {
            let x = _mm512_cvtepu16_epi32(x);
            // SAFETY: every value is below top, so every word index is
            // inside `words`.
            let w = unsafe {
                _mm512_i32gather_epi32::<4>(
                    _mm512_srli_epi32::<5>(x),
                    words.as_ptr().cast(),
                )
            };
            let bit = _mm512_srlv_epi32(w, _mm512_and_si512(x, low5));
            new |= u32::from(_mm512_test_epi32_mask(bit, one)) << (16 * half);
        }
        if new != 0 {
            steps += 1;
            met(new, g, m, k, set, |v| words[v >> 5] &= !(1 << (v & 31)));
        }
        k += 32;
    }
    store_splits(g, m, k + 1..=hi, set);
    steps
}
