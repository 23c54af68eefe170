//! The saved state of the sparse-space engine.
//!
//! A checkpoint is small plain data (serde-serializable with the `serde`
//! feature): the rule set, how many values were computed, the rare/common
//! split in use and a checksum of the values. The values themselves are
//! the other half of the state; the caller keeps them (a front end
//! streams them to a file anyway), and resuming checks that the two
//! halves belong together before continuing. The library does no I/O.

use super::mask::Mask;

/// The version of the checkpoint layout.
pub const CHECKPOINT_FORMAT: u32 = 1;

/// The saved state of the octal engine, without the values: with g(0) to
/// g(len - 1) it continues exactly where the engine was.
#[derive(Clone, Debug, PartialEq, Eq)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
pub struct Checkpoint {
    /// [`CHECKPOINT_FORMAT`] when written.
    pub format: u32,
    /// The rule set, canonical notation (`0.137`, `grundy`).
    pub rules: String,
    /// The number of values computed: g(0) to g(len - 1).
    pub len: u64,
    /// The rare/common split in use.
    pub mask: Mask,
    /// Whether the split was fixed by the caller (else it is reviewed at
    /// powers of two).
    pub fixed_mask: bool,
    /// [`checksum`] of the values.
    pub checksum: u64,
}

/// A 64-bit checksum of a value sequence (multiply-xorshift over groups of
/// four values, then the count; it detects changed, missing or foreign
/// values, it is not cryptographic).
///
/// ```
/// assert_ne!(grundy::checksum(&[0, 1, 2]), grundy::checksum(&[0, 1, 3]));
/// assert_ne!(grundy::checksum(&[0]), grundy::checksum(&[0, 0]));
/// ```
pub fn checksum(values: &[u16]) -> u64 {
    let mut sum = Checksum::default();
    sum.extend(values);
    sum.finish()
}

/// The checksum of a sequence kept up to date as values arrive, so that a
/// checkpoint of billions of values costs nothing extra.
#[derive(Clone, Debug, Default)]
pub(crate) struct Checksum {
    state: u64,
    pending: [u16; 4],
    len: u64,
}

const K: u64 = 0x9E37_79B9_7F4A_7C15;

#[inline]
fn mix(h: u64, word: u64) -> u64 {
    let h = (h ^ word).wrapping_mul(K);
    h ^ (h >> 29)
}

impl Checksum {
    #[inline]
    pub(crate) fn push(&mut self, v: u16) {
        let k = (self.len % 4) as usize;
        self.pending[k] = v;
        self.len += 1;
        if k == 3 {
            let p = self.pending;
            let word = u64::from(p[0])
                | u64::from(p[1]) << 16
                | u64::from(p[2]) << 32
                | u64::from(p[3]) << 48;
            self.state = mix(self.state, word);
        }
    }

    pub(crate) fn extend(&mut self, values: &[u16]) {
        for &v in values {
            self.push(v);
        }
    }

    pub(crate) fn finish(&self) -> u64 {
        let mut h = self.state;
        for &v in &self.pending[..(self.len % 4) as usize] {
            h = mix(h, u64::from(v));
        }
        mix(h, self.len ^ 0x5851_F42D_4C95_7F2D)
    }
}
