//! Step 2 of the sparse-space engine: from the values step 1 marked, the
//! candidate c (the least unmarked value of the common parity) and the
//! wanted values (unmarked, below c, of the other parity), which step 3
//! looks for.
//!
//! The portable build reads eight marks at a time. On x86-64 CPUs with
//! AVX-512 (BW and VBMI2) the same runs 64 values a step: two byte
//! compares give the free values as a bit mask, and the wanted ones are
//! packed into the list 32 at a time (`vpcompressw`), with no branch a
//! value. With the pipeline of `pipeline.rs`, steps 1 and 2 are the thread
//! that every heap waits for, so their cost is the engine's speed. Both
//! builds are tested against each other and against the definition.

/// Returns c, and leaves the wanted values in `wanted` (in increasing
/// order). `marks` and `parity` are bytes 0 or 1 for the values below
/// `top` (a multiple of 8): value v is marked, and of masked parity 1; `q`
/// is the common parity. c is `top` when every value of parity q is
/// marked.
pub(crate) fn candidate(
    marks: &[u8],
    parity: &[u8],
    top: usize,
    q: u8,
    wanted: &mut Vec<u16>,
) -> usize {
    #[cfg(target_arch = "x86_64")]
    if top.is_multiple_of(64) && avx512() {
        #[allow(unsafe_code)]
        // SAFETY: the CPU has AVX-512 F, BW and VBMI2 (`avx512` asked
        // it), all `candidate_avx512` enables.
        return unsafe { candidate_avx512(marks, parity, top, q, wanted) };
    }
    candidate_portable(marks, parity, top, q, wanted)
}

/// A byte of the result is 1 where the byte of x is 0 (bytes 0 or 1).
fn zero_bytes(x: u64) -> u64 {
    !x & 0x0101_0101_0101_0101
}

/// Step 2 eight values at a time.
fn candidate_portable(
    marks: &[u8],
    parity: &[u8],
    top: usize,
    q: u8,
    wanted: &mut Vec<u16>,
) -> usize {
    // A byte of x is 0 where the value is unmarked and of parity q.
    let q_word = if q == 1 { 0x0101_0101_0101_0101 } else { 0 };
    let mut c = top;
    let words =
        marks[..top].chunks_exact(8).zip(parity[..top].chunks_exact(8));
    for (k, (m8, p8)) in words.enumerate() {
        let m8 = u64::from_le_bytes(m8.try_into().unwrap());
        let p8 = u64::from_le_bytes(p8.try_into().unwrap());
        let free = zero_bytes(m8 | (p8 ^ q_word));
        if free != 0 {
            c = k * 8 + free.trailing_zeros() as usize / 8;
            break;
        }
    }
    wanted.clear();
    let other_word = q_word ^ 0x0101_0101_0101_0101;
    let end = c.div_ceil(8) * 8;
    let words =
        marks[..end].chunks_exact(8).zip(parity[..end].chunks_exact(8));
    for (k, (m8, p8)) in words.enumerate() {
        let m8 = u64::from_le_bytes(m8.try_into().unwrap());
        let p8 = u64::from_le_bytes(p8.try_into().unwrap());
        let mut free = zero_bytes(m8 | (p8 ^ other_word));
        while free != 0 {
            let v = k * 8 + free.trailing_zeros() as usize / 8;
            free &= free - 1;
            if v < c {
                wanted.push(v as u16);
            }
        }
    }
    c
}

/// Step 2 with AVX-512, 64 values a step (`top` a multiple of 64).
#[cfg(target_arch = "x86_64")]
#[target_feature(enable = "avx512f,avx512bw,avx512vbmi2")]
fn candidate_avx512(
    marks: &[u8],
    parity: &[u8],
    top: usize,
    q: u8,
    wanted: &mut Vec<u16>,
) -> usize {
    use std::arch::x86_64::*;
    assert!(marks.len() >= top && parity.len() >= top);
    let zero = _mm512_setzero_si512();
    let q = _mm512_set1_epi8(q as i8);
    // The values at and above 64 k, free of marks, of parity q and of the
    // other parity.
    let free = |k: usize| -> (u64, u64) {
        #[allow(unsafe_code)]
        // SAFETY: 64 k + 64 <= top, within both slices (asserted above):
        // both loops take k < top / 64 (the second below c.div_ceil(64),
        // c <= top), and the caller runs this build only when 64
        // divides top.
        let (m, p) = unsafe {
            (
                _mm512_loadu_si512(marks.as_ptr().add(64 * k).cast()),
                _mm512_loadu_si512(parity.as_ptr().add(64 * k).cast()),
            )
        };
        let unmarked = _mm512_cmpeq_epi8_mask(m, zero);
        let same = _mm512_cmpeq_epi8_mask(p, q);
        (unmarked & same, unmarked & !same)
    };
    let mut c = top;
    for k in 0..top / 64 {
        let (common, _) = free(k);
        if common != 0 {
            c = 64 * k + common.trailing_zeros() as usize;
            break;
        }
    }
    wanted.clear();
    let iota = _mm512_set_epi16(
        31, 30, 29, 28, 27, 26, 25, 24, 23, 22, 21, 20, 19, 18, 17, 16, 15,
        14, 13, 12, 11, 10, 9, 8, 7, 6, 5, 4, 3, 2, 1, 0,
    );
    let mut packed = [0u16; 32];
    for k in 0..c.div_ceil(64) {
        let (_, other) = free(k);
        // Only the values below c.
        let below = c - 64 * k;
        let other =
            if below < 64 { other & ((1 << below) - 1) } else { other };
        for half in 0..2 {
            let lanes = (other >> (32 * half)) as u32;
            if lanes == 0 {
                continue;
            }
            let values = _mm512_add_epi16(
                iota,
                _mm512_set1_epi16((64 * k + 32 * half) as i16),
            );
            let values = _mm512_maskz_compress_epi16(lanes, values);
            #[allow(unsafe_code)]
            // SAFETY: stores 64 bytes into the 64-byte array.
            unsafe {
                _mm512_storeu_si512(packed.as_mut_ptr().cast(), values)
            };
            // All 32 (a copy of fixed size, no call), then only those
            // packed kept.
            let len = wanted.len() + lanes.count_ones() as usize;
            wanted.extend_from_slice(&packed);
            wanted.truncate(len);
        }
    }
    c
}

/// Whether the CPU runs the AVX-512 build (asked once; the standard
/// library caches the answer).
#[cfg(target_arch = "x86_64")]
fn avx512() -> bool {
    std::arch::is_x86_feature_detected!("avx512f")
        && std::arch::is_x86_feature_detected!("avx512bw")
        && std::arch::is_x86_feature_detected!("avx512vbmi2")
}

#[cfg(test)]
mod tests {
    use super::*;
    use proptest::prelude::*;

    /// Step 2 by the definition.
    fn plain(
        marks: &[u8],
        parity: &[u8],
        top: usize,
        q: u8,
    ) -> (usize, Vec<u16>) {
        let c =
            (0..top).find(|&v| marks[v] == 0 && parity[v] == q).unwrap_or(top);
        let wanted = (0..c)
            .filter(|&v| marks[v] == 0 && parity[v] != q)
            .map(|v| v as u16)
            .collect();
        (c, wanted)
    }

    proptest! {
        #![proptest_config(ProptestConfig::with_cases(2000))]

        /// Both builds equal the definition, on dense and sparse marks,
        /// tables of 8 to 1024 values, with c anywhere (or none free).
        #[test]
        fn builds_equal_the_definition(
            log_top in 3u32..11,
            density in 0u32..=100,
            seed in any::<u64>(),
            q in 0u8..2,
        ) {
            let top = 1usize << log_top;
            let mut x = seed | 1;
            let mut next = || {
                x ^= x << 13;
                x ^= x >> 7;
                x ^= x << 17;
                x
            };
            let marks: Vec<u8> = (0..top)
                .map(|_| u8::from(next() % 100 < u64::from(density)))
                .collect();
            let parity: Vec<u8> = (0..top).map(|_| (next() & 1) as u8).collect();
            let (c, wanted) = plain(&marks, &parity, top, q);
            let mut list = vec![7; 3];
            prop_assert_eq!(
                candidate_portable(&marks, &parity, top, q, &mut list),
                c
            );
            prop_assert_eq!(&list, &wanted);
            let mut list = vec![7; 3];
            prop_assert_eq!(candidate(&marks, &parity, top, q, &mut list), c);
            prop_assert_eq!(&list, &wanted);
        }
    }
}
