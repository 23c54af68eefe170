//! The rare/common split of the sparse space, and how its mask is found
//! from the data.
//!
//! For a mask m, a position x is *rare* when
//!
//! ```text
//! parity(popcount(g(x) & m)) == domain * ((x + t0) mod 2)
//! ```
//!
//! and *common* otherwise. With `domain = false` this is the split "in the
//! range" of A. Flammenkamp (Sprague-Grundy values of octal games) and of
//! Berlekamp, Conway, Guy, Winning Ways ch. 4, "Sparse space spells speed":
//! rare values have an even number of ones under the mask. With `domain =
//! true` it is Flammenkamp's split "in the domain", where the parity of the
//! position enters too (t0 is the parity of the indices of the splitting
//! digits); it exists only when all digits that split into two heaps sit at
//! indices of one parity.
//!
//! Since parity(popcount(a & m)) is additive under xor, a split into heaps a
//! and b removing i tokens has an option value whose parity is that of a
//! *common* heap n (parity 1 xor domain * ((n + t0) mod 2)) exactly when one
//! of a, b is rare and the other common. The engine enumerates those pairs
//! through the list of rare positions only; that is correct for every mask
//! (a bad mask only costs time), see the engine's module docs.
//!
//! The mask is chosen to make the rare positions as few as possible: the
//! number of rare positions for every mask at once is a Walsh-Hadamard
//! transform of the value frequencies (O(B 2^B) for values below 2^B).

/// A rare/common split: the mask and whether position parity enters.
///
/// ```
/// use grundy::Mask;
/// // Flammenkamp's mask of Grundy's game: rare when the value's bits
/// // above the lowest are even in number.
/// let mask = Mask { bits: 0xFFFE, domain: false };
/// assert!(!mask.is_none());
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Default)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
pub struct Mask {
    /// The bits of a value that count.
    pub bits: u16,
    /// Flammenkamp's split "in the domain": the position parity enters.
    pub domain: bool,
}

impl Mask {
    /// The split in which every position is rare: the engine then
    /// enumerates every option, like the naive engine.
    pub const NONE: Mask = Mask { bits: 0, domain: false };

    /// Whether every position is rare under this split.
    pub fn is_none(self) -> bool {
        self == Mask::NONE
    }

    /// 0 for a rare position x with value g, 1 for a common one (t0: the
    /// parity of the splitting digits' indices).
    #[inline]
    pub fn class(self, x: u64, g: u16, t0: u64) -> u8 {
        let range = (g & self.bits).count_ones() as u8 & 1;
        range ^ (u8::from(self.domain) & ((x + t0) & 1) as u8)
    }

    /// The parity (popcount of the masked bits, mod 2) that option values
    /// of mixed (rare, common) splits of heap n have, which is also the
    /// parity of a common value at n.
    #[inline]
    pub fn common_parity(self, n: u64, t0: u64) -> u8 {
        1 ^ (u8::from(self.domain) & ((n + t0) & 1) as u8)
    }
}

/// The value counts the mask choice needs: for each value, how many
/// positions x >= 1 with (x + t0) even and odd hold it.
#[derive(Clone, Debug, Default)]
pub(crate) struct Frequencies {
    pub(crate) by_parity: Vec<[u64; 2]>,
}

impl Frequencies {
    pub(crate) fn add(&mut self, value: u16, parity: usize) {
        let v = usize::from(value);
        if v >= self.by_parity.len() {
            self.by_parity.resize((v + 1).next_power_of_two(), [0, 0]);
        }
        self.by_parity[v][parity] += 1;
    }

    /// Total count of each value.
    pub(crate) fn totals(&self) -> Vec<u64> {
        let mut all: Vec<u64> =
            self.by_parity.iter().map(|c| c[0] + c[1]).collect();
        while all.last() == Some(&0) {
            all.pop();
        }
        all
    }
}

/// In-place Walsh-Hadamard transform: a[m] = sum_v a[v] (-1)^|v & m|.
fn walsh_hadamard(a: &mut [i64]) {
    let mut h = 1;
    while h < a.len() {
        for block in a.chunks_mut(2 * h) {
            let (lo, hi) = block.split_at_mut(h);
            for (x, y) in lo.iter_mut().zip(hi.iter_mut()) {
                let (s, d) = (*x + *y, *x - *y);
                *x = s;
                *y = d;
            }
        }
        h *= 2;
    }
}

/// The split with the fewest rare positions among all masks below `top`
/// (a power of two above every value), with and (if `domain_allowed`)
/// without position parity, and that number. Ties go to the range split,
/// then to the smaller mask. The mask 0 of the range split (every position
/// rare) is never chosen unless nothing else is possible.
pub(crate) fn choose(
    freq: &Frequencies,
    top: usize,
    domain_allowed: bool,
) -> (Mask, u64) {
    let size = top.max(2);
    let mut even = vec![0i64; size];
    let mut odd = vec![0i64; size];
    for (v, c) in freq.by_parity.iter().enumerate().take(size) {
        even[v] = c[0] as i64;
        odd[v] = c[1] as i64;
    }
    let n_even: i64 = even.iter().sum();
    let n_odd: i64 = odd.iter().sum();
    let mut sum: Vec<i64> =
        even.iter().zip(&odd).map(|(a, b)| a + b).collect();
    walsh_hadamard(&mut sum);
    let mut best = (Mask::NONE, (n_even + n_odd) as u64);
    let limit = size.min(1 << 16);
    for (m, &s) in sum.iter().enumerate().take(limit).skip(1) {
        // Rare: even parity under the mask.
        let rare = ((n_even + n_odd + s) / 2) as u64;
        if rare < best.1 {
            best = (Mask { bits: m as u16, domain: false }, rare);
        }
    }
    if domain_allowed {
        walsh_hadamard(&mut even);
        walsh_hadamard(&mut odd);
        for m in 0..limit {
            // Rare: parity equal to the position's parity class.
            let rare = ((n_even + even[m]) / 2 + (n_odd - odd[m]) / 2) as u64;
            if rare < best.1 {
                best = (Mask { bits: m as u16, domain: true }, rare);
            }
        }
    }
    best
}

#[cfg(test)]
mod tests {
    use super::*;

    fn count(freq: &Frequencies, mask: Mask) -> u64 {
        let mut rare = 0;
        for (v, c) in freq.by_parity.iter().enumerate() {
            for (parity, &k) in c.iter().enumerate() {
                if mask.class(parity as u64, v as u16, 0) == 0 {
                    rare += k;
                }
            }
        }
        rare
    }

    /// The transform gives the same counts as counting class by class, for
    /// every mask.
    #[test]
    fn transform_counts_rare_positions() {
        let mut freq = Frequencies::default();
        let mut x: u64 = 12345;
        for _ in 0..2000 {
            x = x.wrapping_mul(6364136223846793005).wrapping_add(1);
            let v = ((x >> 33) % 29) as u16;
            freq.add(v, ((x >> 20) & 1) as usize);
        }
        let (best, rare) = choose(&freq, 32, true);
        assert_eq!(count(&freq, best), rare);
        for bits in 0..32u16 {
            for domain in [false, true] {
                let mask = Mask { bits, domain };
                if mask != Mask::NONE {
                    assert!(count(&freq, mask) >= rare, "{mask:?}");
                }
            }
        }
    }

    #[test]
    fn finds_the_obvious_mask() {
        // Values 1 and 2 common, 0 and 3 rare: mask 0b11.
        let mut freq = Frequencies::default();
        for (v, k) in [(0u16, 2), (1, 500), (2, 400), (3, 3)] {
            for _ in 0..k {
                freq.add(v, 0);
            }
        }
        assert_eq!(
            choose(&freq, 4, false),
            (Mask { bits: 3, domain: false }, 5)
        );
    }
}
