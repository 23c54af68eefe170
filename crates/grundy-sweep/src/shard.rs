//! Shards: one family split over many machines, round robin.
//!
//! Shard i of N takes the sets whose index in the family's order is i
//! modulo N, so every shard gets a fair share of the hard sets (in a
//! family the hard ones come in clusters: long periods sit next to each
//! other). The shards' files are put back together by [`crate::merge`].

use crate::error::{Error, Result};

/// The sets whose index is i modulo N.
///
/// ```
/// use grundy_sweep::Shard;
/// let s: Shard = "1/3".parse()?;
/// assert!(s.contains(4) && !s.contains(3));
/// assert_eq!(s.size(10), 3); // indices 1, 4, 7
/// # Ok::<(), grundy_sweep::Error>(())
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Shard {
    /// i, from 0.
    pub index: u64,
    /// N.
    pub count: u64,
}

impl Shard {
    /// The whole family.
    pub const ALL: Shard = Shard { index: 0, count: 1 };

    /// Parses `i/N` with 0 <= i < N.
    pub fn parse(text: &str) -> Result<Shard> {
        let bad = |why: &str| {
            Error::parse(format!(
                "bad shard \"{text}\": {why}; write i/N with 0 <= i < N, e.g. \"0/8\""
            ))
        };
        let (i, n) = text.split_once('/').ok_or_else(|| bad("no \"/\""))?;
        let index: u64 =
            i.trim().parse().map_err(|_| bad("i is not a number"))?;
        let count: u64 =
            n.trim().parse().map_err(|_| bad("N is not a number"))?;
        if count == 0 {
            return Err(bad("N must be at least 1"));
        }
        if index >= count {
            return Err(bad("i must be below N (shards are numbered from 0)"));
        }
        Ok(Shard { index, count })
    }

    /// Whether the set at `index` belongs to this shard.
    pub fn contains(&self, index: u64) -> bool {
        index % self.count == self.index
    }

    /// How many of the indices below `total` belong to this shard.
    pub fn size(&self, total: u64) -> u64 {
        if total > self.index {
            (total - self.index).div_ceil(self.count)
        } else {
            0
        }
    }
}

impl std::str::FromStr for Shard {
    type Err = Error;

    fn from_str(text: &str) -> Result<Shard> {
        Shard::parse(text)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn shards() {
        let s = Shard::parse("1/3").unwrap();
        assert!(s.contains(4) && !s.contains(3));
        assert!(Shard::parse("3/3").is_err());
        assert!(Shard::parse("1").is_err());
        assert!(Shard::parse("0/0").is_err());
    }

    #[test]
    fn sizes_count_the_indices() {
        for count in 1..5 {
            for index in 0..count {
                let s = Shard { index, count };
                for total in 0..12 {
                    let slow = (0..total).filter(|&i| s.contains(i)).count();
                    assert_eq!(s.size(total), slow as u64, "{s:?} {total}");
                }
            }
        }
    }
}
