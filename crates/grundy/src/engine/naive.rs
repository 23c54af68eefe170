//! The reference engine: the definition, computed the obvious way.
//!
//! g(n) = mex{ g(n - s) : s in S, s <= n }, over the whole stored history,
//! for finite and all-but sets alike (O(n) work per position for all-but
//! sets). It is slow on purpose: every faster engine is tested against it.

use crate::nimber::{Nimber, mex};
use crate::set::SubtractionSet;

/// The Grundy values g(0), ..., g(count - 1) by the definition.
pub fn grundy_values(set: &SubtractionSet, count: usize) -> Vec<u64> {
    let mut values: Vec<u64> = Vec::with_capacity(count);
    for n in 0..count as u64 {
        let options =
            set.moves_up_to(n).into_iter().map(|s| values[(n - s) as usize]);
        values.push(mex(options.map(Nimber)).value());
    }
    values
}

/// The outcomes (true = P, the player to move loses) for 0..count.
///
/// Normal play: P iff no option is P. Misère: a position without options
/// is N (the player who cannot move wins); otherwise P iff no option is P.
pub fn outcomes(
    set: &SubtractionSet,
    count: usize,
    misere: bool,
) -> Vec<bool> {
    let mut p: Vec<bool> = Vec::with_capacity(count);
    for n in 0..count as u64 {
        let moves = set.moves_up_to(n);
        let some_p = moves.iter().any(|&s| p[(n - s) as usize]);
        p.push(if misere && moves.is_empty() { false } else { !some_p });
    }
    p
}

#[cfg(test)]
mod tests {
    use super::*;

    fn set(s: &str) -> SubtractionSet {
        s.parse().unwrap()
    }

    /// Source: seed 002 (Grundy sequence notes), tables for {2,3} and {2,3,5}.
    #[test]
    fn seed_tables() {
        assert_eq!(
            grundy_values(&set("2,3"), 11),
            [0, 0, 1, 1, 2, 0, 0, 1, 1, 2, 0]
        );
        assert_eq!(grundy_values(&set("2,3,5"), 7), [0, 0, 1, 1, 2, 2, 3]);
        assert_eq!(grundy_values(&set("1,3"), 6), [0, 1, 0, 1, 0, 1]);
        assert_eq!(grundy_values(&set("2,4"), 8), [0, 0, 1, 1, 2, 2, 0, 0]);
    }

    #[test]
    fn nim_is_identity() {
        assert_eq!(grundy_values(&set("nim"), 6), [0, 1, 2, 3, 4, 5]);
    }

    #[test]
    fn misere_one_two_three() {
        // Misère {1,2,3}: P iff n = 1 mod 4.
        let p = outcomes(&set("1,2,3"), 12, true);
        for (n, &is_p) in p.iter().enumerate() {
            assert_eq!(is_p, n % 4 == 1, "n = {n}");
        }
    }
}
