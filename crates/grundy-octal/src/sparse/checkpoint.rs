//! The saved state of the sparse engine.
//!
//! A checkpoint is small plain data (serde-serializable with the `serde`
//! feature): the rules, how many values were computed, the rare/common
//! split in use and a checksum of the values. The values themselves are the
//! other half of the state; the caller keeps them (a front end streams them
//! to a file anyway), and [`Engine::resume`](crate::Engine::resume) checks
//! that the two halves belong together before continuing. The library does
//! no I/O.

/// The version of the checkpoint layout.
pub const CHECKPOINT_FORMAT: u32 = 1;

/// The saved state of an [`Engine`](crate::Engine), without the values.
#[derive(Clone, Debug, PartialEq, Eq)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
pub struct Checkpoint {
    /// [`CHECKPOINT_FORMAT`] when written.
    pub format: u32,
    /// The canonical rules (`0.137`, `grundy`).
    pub rules: String,
    /// The number of values computed: g(0) to g(len - 1).
    pub len: u64,
    /// The rare/common split in use.
    pub mask: crate::Mask,
    /// Whether the split was fixed by the caller (else it is reviewed at
    /// powers of two).
    pub fixed_mask: bool,
    /// [`checksum`] of the values.
    pub checksum: u64,
}

/// A 64-bit checksum of a value sequence (multiply-xorshift over groups of
/// four values; it detects changed, missing or foreign values, it is not
/// cryptographic).
pub fn checksum(values: &[u16]) -> u64 {
    const K: u64 = 0x9E37_79B9_7F4A_7C15;
    let mut h: u64 = values.len() as u64 ^ 0x5851_F42D_4C95_7F2D;
    let mut chunks = values.chunks_exact(4);
    for c in &mut chunks {
        let word = u64::from(c[0])
            | u64::from(c[1]) << 16
            | u64::from(c[2]) << 32
            | u64::from(c[3]) << 48;
        h = (h ^ word).wrapping_mul(K);
        h ^= h >> 29;
    }
    for &v in chunks.remainder() {
        h = (h ^ u64::from(v)).wrapping_mul(K);
        h ^= h >> 29;
    }
    h
}
