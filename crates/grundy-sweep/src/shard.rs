//! Shards: one family split over many machines.
//!
//! Shard i of N of a family of sets takes the sets whose index in the
//! family's order is i modulo N (round robin), so every shard gets a fair
//! share of the hard sets (in a family the hard ones come in clusters:
//! long periods sit next to each other). A table of octal codes is split
//! by sequences instead, balanced by their estimated cost (`balance.rs`):
//! there a few sequences hold nearly all the work, and the codes of one
//! sequence share one evaluation. The shards' files are put back together
//! by [`crate::merge`].

use std::sync::Arc;

use crate::error::{Error, Result};

/// Shard i of N: for a family of sets, the sets whose index is i modulo
/// N; for a table of octal codes, the i-th part of its balanced split
/// (see [`crate::Sweep::contains`]).
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

    /// Whether the set at `index` belongs to this shard, round robin
    /// (index modulo N is i): the rule of every family but the octal
    /// tables, whose split [`crate::Sweep::contains`] answers for.
    pub fn contains(&self, index: u64) -> bool {
        index % self.count == self.index
    }

    /// How many of the indices below `total` belong to this shard, round
    /// robin.
    pub fn size(&self, total: u64) -> u64 {
        if total > self.index {
            (total - self.index).div_ceil(self.count)
        } else {
            0
        }
    }
}

/// The indices of a family that one shard runs.
#[derive(Clone, Debug, PartialEq, Eq)]
pub(crate) enum Members {
    /// Every index that is i modulo N.
    RoundRobin(Shard),
    /// These indices, ascending (a balanced split, `balance.rs`).
    Listed(Arc<[u64]>),
}

impl Members {
    /// Whether the set at `index` is one of them.
    pub(crate) fn contains(&self, index: u64) -> bool {
        match self {
            Members::RoundRobin(shard) => shard.contains(index),
            Members::Listed(list) => list.binary_search(&index).is_ok(),
        }
    }

    /// How many of the indices below `total` are.
    pub(crate) fn size(&self, total: u64) -> u64 {
        match self {
            Members::RoundRobin(shard) => shard.size(total),
            Members::Listed(list) => {
                list.partition_point(|&i| i < total) as u64
            }
        }
    }

    /// The `k`-th of them (from 0) in family order, if there is one.
    pub(crate) fn nth(&self, k: u64) -> Option<u64> {
        match self {
            Members::RoundRobin(shard) => k
                .checked_mul(shard.count)
                .and_then(|i| i.checked_add(shard.index)),
            Members::Listed(list) => {
                usize::try_from(k).ok().and_then(|k| list.get(k).copied())
            }
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
    fn members_list_their_indices_in_order() {
        let round = Members::RoundRobin(Shard { index: 1, count: 3 });
        let listed = Members::Listed(vec![1, 4, 7, 10].into());
        for m in [&round, &listed] {
            assert_eq!(
                (0..4).map(|k| m.nth(k).unwrap()).collect::<Vec<_>>(),
                [1, 4, 7, 10]
            );
            assert!(m.contains(7) && !m.contains(8));
            assert_eq!(m.size(8), 3);
        }
        assert_eq!(listed.nth(4), None);
        assert_eq!(listed.size(100), 4);
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
