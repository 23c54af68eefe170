//! A rolling hash of an FES boundary pattern, so that two patterns of a
//! long window compare in constant time.
//!
//! The period search of an all-but set compares the boundary pattern of
//! one FES step with that of another at every step (Brent's cycle
//! finder, then the pass that finds the pre-period; `period/pattern.rs`).
//! A pattern is max(X) + 1 bits, so comparing words made a search of
//! `all-but:A,2A+1` (about 3.6 A steps, each taking two positions)
//! quadratic in A. The hash is a polynomial in a fixed base R over the
//! determined offsets, H = sum of R^o mod 2^61 - 1 (Karp-Rabin), kept up
//! to date as a step adds its offsets (each 0 or a member x of X, whose
//! R^x is tabled) and moves the pattern down by s determined offsets
//! (subtract 1 + R + ... + R^(s-1), multiply by R^-s). Equal patterns
//! have equal hashes; unequal hashes prove unequal patterns, and equal
//! ones are confirmed word by word, so a collision costs time, never a
//! wrong answer.

use super::mersenne::{P, add, mul, pow, sub};

/// The base: any fixed number in 2..P - 1.
const R: u64 = 0x0a3c_5e71_9b2d_4f86 % P;

/// Shifts up to this many offsets (nearly every step moves its first
/// undetermined position by a few) read their constants from a table.
const SHORT: usize = 64;

/// The constants of [`PatternHash::shift`] for shifts 0..=[`SHORT`],
/// made once.
static SHORT_SHIFTS: std::sync::OnceLock<Vec<(u64, u64)>> =
    std::sync::OnceLock::new();

/// R^x for each x of an ascending list, computed from one to the next
/// (one multiplication apart for consecutive members): what
/// [`PatternHash::add_member`] adds for the members of X.
pub(crate) fn powers(ascending: &[usize]) -> Vec<u64> {
    let mut last = (0, 1);
    ascending
        .iter()
        .map(|&x| {
            let power = mul(last.1, pow(R, (x - last.0) as u64));
            last = (x, power);
            power
        })
        .collect()
}

/// The hash of one pattern, with the constants updating it needs (the
/// powers of X's members are kept with X, shared by every state).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) struct PatternHash {
    value: u64,
    /// R^-1.
    inverse: u64,
    /// (R - 1)^-1, for 1 + R + ... + R^(s-1) = (R^s - 1) / (R - 1).
    geometric: u64,
}

impl PatternHash {
    /// The hash of the empty pattern.
    pub(crate) fn new() -> PatternHash {
        let hash = PatternHash {
            value: 0,
            inverse: pow(R, P - 2),
            geometric: pow(R - 1, P - 2),
        };
        SHORT_SHIFTS.get_or_init(|| {
            (0..=SHORT as u64).map(|by| hash.shift_constants(by)).collect()
        });
        hash
    }

    pub(crate) fn value(&self) -> u64 {
        self.value
    }

    /// Offset 0 became determined.
    pub(crate) fn add_origin(&mut self) {
        self.value = add(self.value, 1);
    }

    /// Offset x became determined, given R^x (from [`powers`]); or
    /// several offsets, given the sum of their powers mod P.
    pub(crate) fn add_member(&mut self, power: u64) {
        self.value = add(self.value, power);
    }

    /// The pattern moved down by `by` offsets, all of them determined.
    pub(crate) fn shift(&mut self, by: usize) {
        let (leading, down) = match SHORT_SHIFTS.get().and_then(|t| t.get(by))
        {
            Some(&pair) => pair,
            None => self.shift_constants(by as u64),
        };
        self.value = mul(sub(self.value, leading), down);
    }

    /// 1 + R + ... + R^(by-1) and R^-by.
    fn shift_constants(&self, by: u64) -> (u64, u64) {
        let leading = mul(sub(pow(R, by), 1), self.geometric);
        (leading, pow(self.inverse, by))
    }

    /// Recomputes the value from the pattern's words, offset 0 in bit 0
    /// of the first: Horner's rule over the words from the last down, each
    /// word's polynomial read from [`BYTES`]'s tables a byte at a time (a
    /// pattern starts keeping its hash in the middle of a search, so this
    /// must cost little more than reading the words).
    pub(crate) fn recompute(&mut self, words: &[u64]) {
        let tables = BYTES.get_or_init(byte_tables);
        let mut value = 0;
        for &w in words.iter().rev() {
            let mut word = 0;
            for (b, table) in tables.bytes.iter().enumerate() {
                word = add(word, table[(w >> (8 * b) & 0xff) as usize]);
            }
            value = add(mul(value, tables.word), word);
        }
        self.value = value;
    }
}

/// The sum of R^i over the set bits i of one byte, for each of the eight
/// bytes of a word (R^(8 b) times it for byte b), and R^64.
struct ByteTables {
    bytes: [[u64; 256]; 8],
    word: u64,
}

/// Made once, on the first [`PatternHash::recompute`].
static BYTES: std::sync::OnceLock<Box<ByteTables>> =
    std::sync::OnceLock::new();

fn byte_tables() -> Box<ByteTables> {
    let mut tables = Box::new(ByteTables { bytes: [[0; 256]; 8], word: 0 });
    for (b, table) in tables.bytes.iter_mut().enumerate() {
        let powers: Vec<u64> =
            (0..8).map(|i| pow(R, (8 * b + i) as u64)).collect();
        for (v, entry) in table.iter_mut().enumerate() {
            *entry = (0..8)
                .filter(|i| v >> i & 1 == 1)
                .fold(0, |h, i| add(h, powers[i]));
        }
    }
    tables.word = pow(R, 64);
    tables
}

#[cfg(test)]
mod tests {
    use super::*;
    use proptest::prelude::*;

    /// The hash by its definition: the sum of R^o over the set bits.
    fn direct(bits: &[bool]) -> u64 {
        bits.iter()
            .enumerate()
            .filter(|(_, b)| **b)
            .fold(0, |h, (o, _)| add(h, pow(R, o as u64)))
    }

    #[test]
    fn powers_follow_one_another() {
        let x = [1, 2, 3, 70, 71, 1000];
        let want: Vec<u64> = x.iter().map(|&x| pow(R, x as u64)).collect();
        assert_eq!(powers(&x), want);
    }

    proptest! {
        /// Recomputing from words equals the definition, on words of
        /// every density.
        #[test]
        fn recompute_equals_the_definition(
            words in prop::collection::vec(any::<u64>(), 0..6),
            sparse in any::<bool>(),
        ) {
            let words: Vec<u64> = words
                .into_iter()
                .map(|w| if sparse { w & w >> 7 & w >> 13 } else { w })
                .collect();
            let bits: Vec<bool> = (0..64 * words.len())
                .map(|o| words[o / 64] >> (o % 64) & 1 == 1)
                .collect();
            let mut hash = PatternHash::new();
            hash.recompute(&words);
            prop_assert_eq!(hash.value(), direct(&bits));
        }

        /// Adding offsets and shifting keeps the value equal to the
        /// definition's, and recompute agrees.
        #[test]
        fn updates_equal_the_definition(
            x in prop::collection::btree_set(1usize..150, 1..8),
            steps in prop::collection::vec(any::<prop::sample::Index>(), 1..40),
        ) {
            let x: Vec<usize> = x.into_iter().collect();
            let width = x[x.len() - 1] + 1;
            let mut bits = vec![false; width];
            let mut hash = PatternHash::new();
            let power = powers(&x);
            for pick in steps {
                // As a step does: determine offset 0 (never determined
                // before a step) and maybe a member, then move down past
                // the leading run of determined offsets.
                bits[0] = true;
                hash.add_origin();
                let i = pick.index(x.len());
                if !bits[x[i]] {
                    bits[x[i]] = true;
                    hash.add_member(power[i]);
                }
                prop_assert_eq!(hash.value(), direct(&bits));
                let by = bits.iter().take_while(|b| **b).count();
                bits.drain(..by);
                bits.resize(width, false);
                hash.shift(by);
                prop_assert_eq!(hash.value(), direct(&bits));
                let mut words = vec![0u64; width.div_ceil(64)];
                for (o, _) in bits.iter().enumerate().filter(|(_, b)| **b) {
                    words[o / 64] |= 1 << (o % 64);
                }
                let mut again = hash;
                again.recompute(&words);
                prop_assert_eq!(again.value(), hash.value());
            }
        }
    }
}
