//! The saved state of the sparse-space engine.
//!
//! A checkpoint is small plain data (serde-serializable with the `serde`
//! feature): the rule set, how many values were computed, the rare/common
//! split in use and a checksum. The values themselves are the other half
//! of the state; the caller keeps them (a front end streams them to a
//! file anyway), and resuming checks that the two halves belong together,
//! and to the game resumed, before continuing. The library does no I/O.
//!
//! The checksum covers everything a resumed engine depends on: the
//! format, the rule set's canonical notation, the count, the split and
//! whether it is fixed, and the values (issue 37: it used to cover the
//! values only, so a checkpoint of 0.07 relabelled "0.137" resumed 0.137
//! from 0.07's values and reported a wrong period). The values do not
//! depend on the split (the engine's mex is exact for every mask, see
//! `sparse.rs`), but a resumed run does: which heaps are rare decides
//! the splits counted (and so where the default split budget stops a
//! search), the survey of a search without a period names the mask, and
//! `fixed_mask` decides whether the split is reviewed at all. A resumed
//! run continues exactly as the run that was never stopped, so an edited
//! split is refused like an edited value. The values are folded into a
//! running 64-bit digest as they arrive (one multiply per four values);
//! the other fields are folded in once, when a checkpoint is taken or
//! checked, so they cost nothing per value. It detects changed, missing
//! or foreign data; it is not cryptographic (anyone can compute it with
//! [`checksum`]).

use super::mask::Mask;
use crate::code::OctalGame;
use crate::error::{Error, ErrorKind, Result};

/// The version of the checkpoint layout. Format 2 (issue 37) has the
/// checksum cover the rule set, count and split as well as the values;
/// format 1 checkpoints cannot be verified and are refused.
pub const CHECKPOINT_FORMAT: u32 = 2;

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
    /// [`checksum`] of the other fields and the values.
    pub checksum: u64,
}

/// The checksum a checkpoint with these fields (its own `checksum` field
/// aside) carries for these values: a 64-bit digest of the format, the
/// rule set's notation, the count, the split, whether it is fixed, and
/// every value (multiply-xorshift; not cryptographic).
///
/// ```
/// use grundy::{CHECKPOINT_FORMAT, Checkpoint, Mask, checksum};
/// let checkpoint = Checkpoint {
///     format: CHECKPOINT_FORMAT,
///     rules: "0.07".into(),
///     len: 3,
///     mask: Mask::NONE,
///     fixed_mask: false,
///     checksum: 0,
/// };
/// let sum = checksum(&checkpoint, &[0, 0, 1]);
/// assert_ne!(sum, checksum(&checkpoint, &[0, 1, 1]));
/// // The same values under another game's name.
/// let other = Checkpoint { rules: "0.137".into(), ..checkpoint.clone() };
/// assert_ne!(sum, checksum(&other, &[0, 0, 1]));
/// ```
pub fn checksum(checkpoint: &Checkpoint, values: &[u16]) -> u64 {
    let mut sum = Checksum::default();
    sum.extend(values);
    seal(checkpoint, &sum)
}

impl Checkpoint {
    /// The checkpoint of an engine of `game` that has computed the values
    /// digested in `values`.
    pub(crate) fn of(
        game: &OctalGame,
        mask: Mask,
        fixed_mask: bool,
        values: &Checksum,
    ) -> Checkpoint {
        let mut checkpoint = Checkpoint {
            format: CHECKPOINT_FORMAT,
            rules: game.to_string(),
            len: values.len,
            mask,
            fixed_mask,
            checksum: 0,
        };
        checkpoint.checksum = seal(&checkpoint, values);
        checkpoint
    }

    /// Checks that this checkpoint was written by this version for `game`
    /// after exactly `values`, unedited; returns the running digest of
    /// the values to continue with. Fails with [`ErrorKind::Checkpoint`],
    /// in one line, naming what does not match.
    pub(crate) fn verify(
        &self,
        game: &OctalGame,
        values: &[u16],
    ) -> Result<Checksum> {
        let refuse =
            |message: String| Err(Error::new(ErrorKind::Checkpoint, message));
        if self.format < CHECKPOINT_FORMAT {
            return refuse(format!(
                "the checkpoint has format {}, written by an older version \
                 whose checksum does not cover the rule set, so it cannot \
                 be verified",
                self.format
            ));
        }
        if self.format > CHECKPOINT_FORMAT {
            return refuse(format!(
                "the checkpoint has format {}, newer than this version's \
                 ({CHECKPOINT_FORMAT}); resume it with the version that \
                 wrote it",
                self.format
            ));
        }
        let game_name = game.to_string();
        if self.rules != game_name {
            return refuse(format!(
                "the checkpoint is for \"{}\", not \"{game}\"; resume it \
                 with the game it was written for",
                self.rules
            ));
        }
        if values.len() as u64 != self.len {
            return refuse(format!(
                "the checkpoint for \"{game}\" records {} values but {} \
                 were given; the value file is incomplete or from another \
                 run",
                self.len,
                values.len()
            ));
        }
        let mut sum = Checksum::default();
        sum.extend(values);
        if seal(self, &sum) != self.checksum {
            return refuse(format!(
                "the checkpoint and its {} values do not belong to \
                 \"{game}\": their checksum does not match (written for \
                 another game, or edited?)",
                values.len()
            ));
        }
        Ok(sum)
    }
}

/// The running digest of a value sequence, kept up to date as values
/// arrive, so that a checkpoint of billions of values costs nothing
/// extra; [`seal`] folds in the rest of a checkpoint.
#[derive(Clone, Debug, Default)]
pub(crate) struct Checksum {
    state: u64,
    pending: [u16; 4],
    len: u64,
}

const K: u64 = 0x9E37_79B9_7F4A_7C15;

/// The start of [`seal`]'s chain ("grundy c" in ASCII).
const SEED: u64 = 0x6772_756E_6479_2063;

#[inline]
fn mix(h: u64, word: u64) -> u64 {
    let h = (h ^ word).wrapping_mul(K);
    h ^ (h >> 29)
}

/// A checkpoint's checksum: its fields (the `checksum` field aside) and
/// the digest of its values. The notation goes in with its length, eight
/// bytes a word. Each step of the chain is a bijection of the state for a
/// fixed word, so changing one word (one field, or the notation within
/// its length) always changes the result.
fn seal(checkpoint: &Checkpoint, values: &Checksum) -> u64 {
    let mut h = mix(SEED, u64::from(checkpoint.format));
    let rules = checkpoint.rules.as_bytes();
    h = mix(h, rules.len() as u64);
    for chunk in rules.chunks(8) {
        let mut word = [0u8; 8];
        word[..chunk.len()].copy_from_slice(chunk);
        h = mix(h, u64::from_le_bytes(word));
    }
    h = mix(h, checkpoint.len);
    let mask = checkpoint.mask;
    let split = u64::from(mask.bits)
        | u64::from(mask.domain) << 16
        | u64::from(checkpoint.fixed_mask) << 17;
    h = mix(h, split);
    mix(h, values.finish())
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

#[cfg(test)]
mod tests {
    use super::*;
    use crate::engine::octal::SparseEngine;
    use crate::engine::octal::sparse::tests::game;

    fn run(code: &str, len: u64) -> (Checkpoint, Vec<u16>) {
        let mut engine = SparseEngine::new(&game(code));
        engine.advance(len).unwrap();
        (engine.checkpoint(), engine.into_values())
    }

    fn refused(code: &str, checkpoint: &Checkpoint, values: &[u16]) -> Error {
        let e = SparseEngine::resume(&game(code), checkpoint, values.to_vec())
            .unwrap_err();
        assert_eq!(e.kind(), ErrorKind::Checkpoint, "{e}");
        assert_eq!(e.to_string().lines().count(), 1, "{e}");
        e
    }

    /// Issue 37: a checkpoint of 0.07 relabelled "0.137" resumed 0.137
    /// from 0.07's values (the checksum covered the values only), and the
    /// search then reported no period (0.137 has pre-period 52, period
    /// 34).
    #[test]
    fn issue_37_a_relabelled_checkpoint_is_refused() {
        let (mut checkpoint, values) = run("0.07", 2001);
        checkpoint.rules = "0.137".into();
        let e = refused("0.137", &checkpoint, &values);
        insta::assert_snapshot!(e, @r#"the checkpoint and its 2001 values do not belong to "0.137": their checksum does not match (written for another game, or edited?)"#);
        // Another game's values under this game's checkpoint, and the
        // reverse, with the counts equal.
        let (mine, my_values) = run("0.137", 2001);
        refused("0.137", &mine, &values);
        refused("0.137", &checkpoint, &my_values);
        // Unedited, it resumes.
        SparseEngine::resume(&game("0.137"), &mine, my_values).unwrap();
    }

    /// Issue 37: every field of the JSON is covered; an edited one is
    /// refused in one line, never resumed or a panic.
    #[test]
    fn issue_37_edited_fields_are_refused() {
        let (good, values) = run("0.16", 3000);
        assert_eq!(good.format, CHECKPOINT_FORMAT);
        let edits: Vec<(&str, Checkpoint)> = vec![
            (
                "mask bits",
                Checkpoint {
                    mask: Mask { bits: good.mask.bits ^ 1, ..good.mask },
                    ..good.clone()
                },
            ),
            ("no mask", Checkpoint { mask: Mask::NONE, ..good.clone() }),
            (
                "domain",
                Checkpoint {
                    mask: Mask { domain: !good.mask.domain, ..good.mask },
                    ..good.clone()
                },
            ),
            (
                "fixed",
                Checkpoint { fixed_mask: !good.fixed_mask, ..good.clone() },
            ),
            (
                "checksum",
                Checkpoint { checksum: good.checksum ^ 1, ..good.clone() },
            ),
        ];
        for (what, edited) in &edits {
            assert_ne!(edited, &good, "{what}");
            refused("0.16", edited, &values);
        }
        // A shorter count with as many values: the digest of the prefix
        // does not match either.
        let short = Checkpoint { len: 2000, ..good.clone() };
        refused("0.16", &short, &values[..2000]);
        // A count above the values given.
        let long = Checkpoint { len: u64::MAX, ..good.clone() };
        refused("0.16", &long, &values);
        SparseEngine::resume(&game("0.16"), &good, values.clone()).unwrap();
    }

    /// Issue 37: format 1 checked the values only; such a checkpoint
    /// cannot be verified, even with a format 1 checksum that matches.
    #[test]
    fn issue_37_older_and_newer_formats_are_refused() {
        let (good, values) = run("0.07", 500);
        let mut old_sum = Checksum::default();
        old_sum.extend(&values);
        let old = Checkpoint {
            format: 1,
            checksum: old_sum.finish(),
            ..good.clone()
        };
        let e = refused("0.07", &old, &values);
        insta::assert_snapshot!(e, @"the checkpoint has format 1, written by an older version whose checksum does not cover the rule set, so it cannot be verified");
        // Relabelled to the current format: the checksum does not match.
        let relabelled = Checkpoint { format: CHECKPOINT_FORMAT, ..old };
        refused("0.07", &relabelled, &values);
        let newer = Checkpoint { format: CHECKPOINT_FORMAT + 1, ..good };
        let e = refused("0.07", &newer, &values);
        insta::assert_snapshot!(e, @"the checkpoint has format 3, newer than this version's (2); resume it with the version that wrote it");
    }

    #[test]
    fn every_field_changes_the_checksum() {
        let (good, values) = run("grundy", 300);
        assert_eq!(checksum(&good, &values), good.checksum);
        let changed = [
            Checkpoint { format: 1, ..good.clone() },
            Checkpoint { rules: "0.07".into(), ..good.clone() },
            // Same length as "grundy", and longer by a zero byte.
            Checkpoint { rules: "grundz".into(), ..good.clone() },
            Checkpoint { rules: "grundy\0".into(), ..good.clone() },
            Checkpoint { len: good.len + 1, ..good.clone() },
            Checkpoint { fixed_mask: !good.fixed_mask, ..good.clone() },
            Checkpoint {
                mask: Mask { bits: good.mask.bits ^ 0x8000, ..good.mask },
                ..good.clone()
            },
            Checkpoint {
                mask: Mask { domain: !good.mask.domain, ..good.mask },
                ..good.clone()
            },
        ];
        for c in &changed {
            assert_ne!(checksum(c, &values), good.checksum, "{c:?}");
        }
        let mut other = values.clone();
        other[299] ^= 1;
        assert_ne!(checksum(&good, &other), good.checksum);
        // Its own checksum field is not part of it.
        let zero = Checkpoint { checksum: 0, ..good.clone() };
        assert_eq!(checksum(&zero, &values), good.checksum);
    }
}
