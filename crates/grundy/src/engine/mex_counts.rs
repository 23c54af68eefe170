//! Counts of values with the least absent one (the mex) at hand.
//!
//! The sliding-window engine (`sliding.rs`) keeps, for every value, how
//! many of a position's options hold it, as options enter and leave the
//! window. The mex is then the least value whose count is 0. A flat scan
//! would cost O(|S|) per position, the very cost the window avoids, so the
//! values with count 0 are kept in a bit set of a few levels (64 bits a
//! word, each level one bit per word of the level below, saying "this word
//! is not empty"): a change costs O(1) (O(levels) when a word empties or
//! fills), the mex costs one count-trailing-zeros per level, about 4 for a
//! million values.

/// Counts of the values `0..len`, and the least value whose count is 0.
#[derive(Clone, Debug)]
pub(crate) struct MexCounts {
    counts: Vec<u32>,
    /// `levels[0]` has bit v set iff `counts[v] == 0`; `levels[k + 1]` has
    /// bit i set iff word i of `levels[k]` is not 0. The last level is one
    /// word.
    levels: Vec<Vec<u64>>,
}

impl MexCounts {
    /// All counts 0 for the values `0..len` (`len >= 1`).
    pub(crate) fn new(len: usize) -> MexCounts {
        let mut levels = Vec::new();
        let mut bits = len.max(1);
        loop {
            let words = bits.div_ceil(64);
            let mut level = vec![u64::MAX; words];
            if !bits.is_multiple_of(64) {
                level[words - 1] = (1u64 << (bits % 64)) - 1;
            }
            levels.push(level);
            if words == 1 {
                break;
            }
            bits = words;
        }
        MexCounts { counts: vec![0; len.max(1)], levels }
    }

    /// One more option holds `value` (below `len`).
    #[inline]
    pub(crate) fn add(&mut self, value: u32) {
        let v = value as usize;
        self.counts[v] += 1;
        if self.counts[v] == 1 {
            let mut index = v;
            for level in &mut self.levels {
                let word = &mut level[index / 64];
                *word &= !(1u64 << (index % 64));
                if *word != 0 {
                    break;
                }
                index /= 64;
            }
        }
    }

    /// One option fewer holds `value` (added before).
    #[inline]
    pub(crate) fn remove(&mut self, value: u32) {
        let v = value as usize;
        self.counts[v] -= 1;
        if self.counts[v] == 0 {
            let mut index = v;
            for level in &mut self.levels {
                let word = &mut level[index / 64];
                let was_empty = *word == 0;
                *word |= 1u64 << (index % 64);
                if !was_empty {
                    break;
                }
                index /= 64;
            }
        }
    }

    /// The least value whose count is 0, or `len` when every count is
    /// positive.
    #[inline]
    pub(crate) fn mex(&self) -> usize {
        let top = self.levels.len() - 1;
        if self.levels[top][0] == 0 {
            return self.counts.len();
        }
        let mut index = 0usize;
        for level in self.levels.iter().rev() {
            index = index * 64 + level[index].trailing_zeros() as usize;
        }
        index
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use proptest::prelude::*;

    /// The definition: the least value with count 0.
    fn flat_mex(counts: &[u32]) -> usize {
        counts.iter().position(|&c| c == 0).unwrap_or(counts.len())
    }

    #[test]
    fn empty_counts_have_mex_zero_and_full_counts_len() {
        for len in [1usize, 63, 64, 65, 4095, 4096, 4097, 300_000] {
            let mut m = MexCounts::new(len);
            assert_eq!(m.mex(), 0, "{len}");
            for v in 0..len as u32 {
                m.add(v);
            }
            assert_eq!(m.mex(), len, "{len}");
            m.remove(len as u32 - 1);
            assert_eq!(m.mex(), len - 1, "{len}");
            if len > 1 {
                m.remove(0);
                assert_eq!(m.mex(), 0, "{len}");
            }
        }
    }

    proptest! {
        #![proptest_config(ProptestConfig::with_cases(300))]

        /// Random adds and removes (a remove only of a value held) keep
        /// the mex equal to the flat scan's, over lengths that cross word
        /// and level boundaries.
        #[test]
        fn mex_equals_flat_scan(
            len in prop_oneof![1usize..200, 4000usize..4200, 262_100usize..262_200],
            ops in prop::collection::vec((any::<bool>(), any::<u32>()), 1..600),
        ) {
            let mut m = MexCounts::new(len);
            let mut counts = vec![0u32; len];
            // Values drawn near the low end and near the word edges too.
            for (add, raw) in ops {
                let v = match raw % 3 {
                    0 => raw as usize % len.min(70),
                    1 => len - 1 - (raw as usize % len.min(70)),
                    _ => raw as usize % len,
                };
                if add || counts[v] == 0 {
                    counts[v] += 1;
                    m.add(v as u32);
                } else {
                    counts[v] -= 1;
                    m.remove(v as u32);
                }
                prop_assert_eq!(m.mex(), flat_mex(&counts));
            }
        }
    }
}
