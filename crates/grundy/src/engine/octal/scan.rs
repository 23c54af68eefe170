//! Step 3 of the sparse-space engine: scanning splits for the values
//! still wanted.
//!
//! After steps 1 and 2 a heap n knows its candidate value c and the
//! values below c of the rare parity that no option has shown yet (about
//! 60 for Officers, 0.6). Most splits (a, m - a) are common x common and
//! show a value of that parity, so the scan walks a = 1, 2, ... and
//! crosses off each wanted value it meets, until none is left: about 2700
//! pairs a heap for Officers, about half of the engine's work.
//!
//! [`Wanted`] keeps the wanted values below 1024 as a 1024-bit table. The
//! portable scan looks each pair's value up in it. On x86-64 CPUs with
//! AVX-512 VBMI the same scan runs 32 pairs per step: two loads, a lane
//! reversal, an xor, a byte permute that fetches the table byte of every
//! pair at once (`vpermi2b`: 128 table bytes, 7-bit indices) and a
//! variable shift picks the bit; a step with no hit costs about ten
//! instructions. What costs is the hits: each step with one is a
//! mispredicted branch. So the branch is taken once for two steps, and a
//! hit is crossed off without a branch (in the table in memory, and in
//! the table's registers whichever half holds it). Most hits come in the
//! first few hundred pairs (Officers: 39 of its 64 in the first 256), so
//! where one digit splits, the first 256 pairs go through
//! [`Wanted::not_met`] instead: a byte stored per pair, then the wanted
//! values looked up, no branch a value. Both builds are tested against
//! each other and against a plain set, and the whole step 3 against a
//! plain scan (`heap.rs`).

/// Values at or above this are not kept in the table (callers fall back
/// to the byte flags of `heap.rs` when values can reach it).
pub(crate) const TABLE_VALUES: usize = 1024;

/// The wanted values, all below [`TABLE_VALUES`]: bit v & 7 of byte v >> 3.
#[derive(Clone, Debug)]
pub(crate) struct Wanted {
    table: [u8; TABLE_VALUES / 8],
    left: u32,
}

impl Default for Wanted {
    fn default() -> Wanted {
        Wanted { table: [0; TABLE_VALUES / 8], left: 0 }
    }
}

impl Wanted {
    /// Adds a value (below [`TABLE_VALUES`], not already in).
    #[inline]
    pub(crate) fn insert(&mut self, v: usize) {
        debug_assert!(v < TABLE_VALUES && !self.contains(v));
        self.table[v >> 3] |= 1 << (v & 7);
        self.left += 1;
    }

    /// Whether `v` is still wanted.
    #[inline]
    pub(crate) fn contains(&self, v: usize) -> bool {
        v < TABLE_VALUES && self.table[v >> 3] >> (v & 7) & 1 == 1
    }

    /// How many values are still wanted.
    #[cfg(test)]
    pub(crate) fn left(&self) -> u32 {
        self.left
    }

    /// The least value still wanted, and empties the set.
    pub(crate) fn take_least(&mut self) -> Option<usize> {
        if self.left == 0 {
            // The usual end of a scan: nothing left, the table all clear.
            return None;
        }
        let least = self
            .table
            .iter()
            .position(|&b| b != 0)
            .map(|i| i * 8 + self.table[i].trailing_zeros() as usize);
        self.table = [0; TABLE_VALUES / 8];
        self.left = 0;
        least
    }

    /// The values of `wanted` (each below [`TABLE_VALUES`]) that none of
    /// the splits (a, m - a) for a in 1..=k shows: one store a pair and
    /// none of the branches the scan takes for a value it meets (most
    /// values are met in the first few hundred splits).
    pub(crate) fn not_met(
        g: &[u16],
        m: usize,
        k: usize,
        wanted: &[u16],
    ) -> Wanted {
        const MASK: usize = TABLE_VALUES - 1;
        let mut seen = [0u8; TABLE_VALUES];
        // up[k - 1 - i] = g[m - 1 - i] is the partner of lo[i] = g[1 + i].
        let (lo, up) = (&g[1..=k], &g[m - k..m]);
        for (&a, &b) in lo.iter().zip(up.iter().rev()) {
            debug_assert!(usize::from(a ^ b) < TABLE_VALUES);
            seen[usize::from(a ^ b) & MASK] = 1;
        }
        let mut left = Wanted::default();
        for &w in wanted {
            let w = usize::from(w);
            debug_assert!(w < TABLE_VALUES);
            let missing = u8::from(seen[w & MASK] == 0);
            left.table[(w & MASK) >> 3] |= missing << (w & 7);
            left.left += u32::from(missing);
        }
        left
    }

    /// Whether any value is still wanted.
    #[inline]
    pub(crate) fn any(&self) -> bool {
        self.left > 0
    }

    /// Crosses `v` off if it is wanted; true when none is left.
    #[inline]
    fn cross_off(&mut self, v: usize) -> bool {
        let (_, was) = self.clear(v);
        self.left -= u32::from(was);
        self.left == 0
    }

    /// Clears v's bit in the table, without a branch (`left` is the
    /// caller's to count); returns the new table byte and whether v was
    /// wanted.
    #[inline]
    fn clear(&mut self, v: usize) -> (u8, bool) {
        let byte = &mut self.table[(v >> 3) & (TABLE_VALUES / 8 - 1)];
        let old = *byte;
        *byte &= !(1 << (v & 7));
        (*byte, *byte != old)
    }

    /// Scans the splits (a, m - a) of g for a in `from..=to`, crossing
    /// off each wanted value g(a) ^ g(m - a) met; returns whether none is
    /// left and how many pairs were scanned. Every value of g up to m must
    /// be below [`TABLE_VALUES`].
    pub(crate) fn scan(
        &mut self,
        g: &[u16],
        m: usize,
        from: usize,
        to: usize,
    ) -> (bool, u64) {
        if self.left == 0 {
            return (true, 0);
        }
        let lo = &g[from..=to];
        // up[len - 1 - k] = g[m - from - k] is the partner of lo[k].
        let up = &g[m - to..=m - from];
        #[cfg(target_arch = "x86_64")]
        if vbmi() {
            #[allow(unsafe_code)]
            // SAFETY: the CPU has AVX-512 F, BW and VBMI (`vbmi` asked
            // it), all `scan_vbmi` enables.
            return unsafe { self.scan_vbmi(lo, up) };
        }
        self.scan_portable(lo, up)
    }

    /// The scan one pair at a time.
    fn scan_portable(&mut self, lo: &[u16], up: &[u16]) -> (bool, u64) {
        for (k, (&a, &b)) in lo.iter().zip(up.iter().rev()).enumerate() {
            if self.cross_off(usize::from(a ^ b)) {
                return (true, k as u64 + 1);
            }
        }
        (false, lo.len() as u64)
    }

    /// The scan 32 pairs at a time with AVX-512 VBMI.
    #[cfg(target_arch = "x86_64")]
    #[target_feature(enable = "avx512f,avx512bw,avx512vbmi")]
    fn scan_vbmi(&mut self, lo: &[u16], up: &[u16]) -> (bool, u64) {
        use std::arch::x86_64::*;
        const LANES: usize = 32;
        let len = lo.len();
        let reverse = _mm512_set_epi16(
            0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15, 16, 17, 18,
            19, 20, 21, 22, 23, 24, 25, 26, 27, 28, 29, 30, 31,
        );
        let seven = _mm512_set1_epi16(7);
        let one = _mm512_set1_epi16(1);
        let load_table = |t: &[u8; TABLE_VALUES / 8]| {
            #[allow(unsafe_code)]
            // SAFETY: each load reads 64 bytes inside the 128-byte table.
            unsafe {
                (
                    _mm512_loadu_si512(t.as_ptr().cast()),
                    _mm512_loadu_si512(t.as_ptr().add(64).cast()),
                )
            }
        };
        let (mut t0, mut t1) = load_table(&self.table);
        // The lanes of the 32 pairs from k whose value is in the table
        // (t0, t1).
        let hits_at = |k: usize, t0: __m512i, t1: __m512i| -> u32 {
            #[allow(unsafe_code)]
            // SAFETY: lo[k..k + 32] and up[len - k - 32..len - k] are in
            // bounds (callers keep k + 32 <= len = up.len()).
            let (x, y) = unsafe {
                (
                    _mm512_loadu_si512(lo.as_ptr().add(k).cast()),
                    _mm512_loadu_si512(
                        up.as_ptr().add(len - k - LANES).cast(),
                    ),
                )
            };
            // Lane l of y is up[len - k - 32 + l]: reversed, lane l is
            // up[len - 1 - k - l], the partner of lo[k + l].
            let y = _mm512_permutexvar_epi16(reverse, y);
            let v = _mm512_xor_si512(x, y);
            // The table byte of each value in its word's low byte (values
            // below 1024, so v >> 3 is a 7-bit index), then its bit.
            let byte =
                _mm512_permutex2var_epi8(t0, _mm512_srli_epi16(v, 3), t1);
            let bit = _mm512_srlv_epi16(byte, _mm512_and_si512(v, seven));
            _mm512_test_epi16_mask(bit, one)
        };
        let mut left = self.left;
        let mut k = 0;
        // Two steps a branch: a step with a hit costs a mispredicted
        // branch, and hits come in runs.
        while k + 2 * LANES <= len {
            let mut hits = u64::from(hits_at(k, t0, t1))
                | u64::from(hits_at(k + LANES, t0, t1)) << LANES;
            while hits != 0 {
                let at = k + hits.trailing_zeros() as usize;
                hits &= hits - 1;
                // The pair's value again from memory (reading it out of
                // the vector would wait for a store to forward).
                let v = usize::from(lo[at] ^ up[len - 1 - at]);
                // Crossed off in the table in memory, without a branch: a
                // value met twice in the same two steps counts once.
                let (new, was) = self.clear(v);
                left -= u32::from(was);
                if left == 0 {
                    self.left = 0;
                    return (true, (at + 1) as u64);
                }
                // The new byte into the table's registers (a reload of
                // the table just written byte by byte would wait for the
                // stores: a third of the scan's time), into whichever
                // half holds byte b, without a branch.
                let lanes = 1u128 << ((v >> 3) & (TABLE_VALUES / 8 - 1));
                let new = _mm512_set1_epi8(new as i8);
                t0 = _mm512_mask_blend_epi8(lanes as u64, t0, new);
                t1 = _mm512_mask_blend_epi8((lanes >> 64) as u64, t1, new);
            }
            k += 2 * LANES;
        }
        self.left = left;
        if k + LANES <= len {
            let mut hits = hits_at(k, t0, t1);
            while hits != 0 {
                let at = k + hits.trailing_zeros() as usize;
                hits &= hits - 1;
                if self.cross_off(usize::from(lo[at] ^ up[len - 1 - at])) {
                    return (true, (at + 1) as u64);
                }
            }
            k += LANES;
        }
        let (done, scanned) = self.scan_portable(&lo[k..], &up[..len - k]);
        (done, k as u64 + scanned)
    }
}

/// Whether the CPU runs the AVX-512 VBMI scan (asked once; the standard
/// library caches the answer).
#[cfg(target_arch = "x86_64")]
pub(crate) fn vbmi() -> bool {
    std::arch::is_x86_feature_detected!("avx512f")
        && std::arch::is_x86_feature_detected!("avx512bw")
        && std::arch::is_x86_feature_detected!("avx512vbmi")
}

#[cfg(test)]
mod tests {
    use super::*;
    use proptest::prelude::*;
    use std::collections::BTreeSet;

    /// The scan by the definition: cross off in order, stop when empty.
    fn plain(
        wanted: &BTreeSet<usize>,
        g: &[u16],
        m: usize,
        from: usize,
        to: usize,
    ) -> (bool, BTreeSet<usize>, u64) {
        let mut left = wanted.clone();
        for a in from..=to {
            left.remove(&usize::from(g[a] ^ g[m - a]));
            if left.is_empty() {
                return (true, left, (a - from + 1) as u64);
            }
        }
        (false, left, (to - from + 1) as u64)
    }

    fn remaining(w: &Wanted) -> BTreeSet<usize> {
        (0..TABLE_VALUES).filter(|&v| w.contains(v)).collect()
    }

    proptest! {
        #![proptest_config(ProptestConfig::with_cases(1000))]

        /// Both builds equal the plain scan: same verdict, and the same
        /// values left when the range runs out.
        #[test]
        fn builds_equal_the_plain_scan(
            g in prop::collection::vec(0u16..1024, 2..400),
            bits in 1u32..11,
            wanted in prop::collection::btree_set(0usize..1024, 0..40),
            from in 1usize..50,
            span in 0usize..300,
        ) {
            // Values below 2^bits: small ranges make hits frequent.
            let g: Vec<u16> = g.iter().map(|&v| v & ((1 << bits) - 1)).collect();
            let wanted: BTreeSet<usize> =
                wanted.iter().map(|&v| v & ((1 << bits) - 1)).collect();
            let m = g.len() - 1;
            let from = from.min(m / 2).max(1);
            prop_assume!(from <= m / 2);
            let to = (from + span).min(m / 2);
            let (done, left, count) = plain(&wanted, &g, m, from, to);
            let fill = || {
                let mut w = Wanted::default();
                for &v in &wanted {
                    w.insert(v);
                }
                w
            };
            let mut portable = fill();
            let lo = &g[from..=to];
            let up = &g[m - to..=m - from];
            let (p_done, p_count) = portable.scan_portable(lo, up);
            prop_assert_eq!(p_done, done || wanted.is_empty());
            prop_assert_eq!(remaining(&portable), left.clone());
            if !wanted.is_empty() {
                prop_assert_eq!(p_count, count);
            }
            let mut any = fill();
            let (a_done, a_count) = any.scan(&g, m, from, to);
            prop_assert_eq!(a_done, done || wanted.is_empty());
            prop_assert_eq!(remaining(&any), left.clone());
            prop_assert_eq!(any.left() as usize, left.len());
            if !wanted.is_empty() {
                // The pairs scanned, up to the one that met the last.
                prop_assert_eq!(a_count, count);
            }
        }
    }

    #[test]
    fn least_and_count() {
        let mut w = Wanted::default();
        for v in [700, 5, 1023, 64] {
            w.insert(v);
        }
        assert_eq!(w.left(), 4);
        assert!(w.contains(64) && !w.contains(63) && !w.contains(5000));
        assert_eq!(w.take_least(), Some(5));
        assert_eq!((w.left(), w.take_least()), (0, None));
    }
}
