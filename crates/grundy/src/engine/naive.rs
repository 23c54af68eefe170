//! The reference engine: the definition, computed the obvious way.
//!
//! g(n) = mex{ g(a) xor g(b) xor ... : (a, b, ...) the heaps an option of n
//! leaves } over the whole stored history, for any [`HeapGame`]: finite
//! and all-but subtraction sets, and any rule set that only knows its
//! options. It is slow on purpose (O(n) work per position for all-but
//! sets, O(n^2) for games that split heaps): every faster engine is
//! tested against it, and rule sets without a fast engine use it.

use crate::game::HeapGame;
use crate::nimber::{Nimber, mex};
use crate::play::Play;

/// The Grundy values g(0), ..., g(count - 1) by the definition.
#[cfg_attr(not(any(test, feature = "bench")), allow(dead_code))]
pub fn grundy_values(game: &impl HeapGame, count: usize) -> Vec<u64> {
    let mut values: Vec<u64> = Vec::with_capacity(count);
    let mut seen = Vec::new();
    for n in 0..count as u64 {
        seen.clear();
        game.options(n, &mut |o| {
            let v = o.leaves().iter().fold(0, |a, &h| a ^ values[h as usize]);
            seen.push(Nimber(v));
        });
        values.push(mex(seen.iter().copied()).value());
    }
    values
}

/// The outcomes (true = P, the player to move loses) of single heaps
/// 0..count.
///
/// Normal play: P iff no option is P. Misère: a position without options
/// is N (the player who cannot move wins); otherwise P iff no option is
/// P. An option that leaves several heaps is a sum, whose misère outcome
/// is not a function of the parts' outcomes: games that split heaps are
/// solved as sums by the exact solver instead, so this function is for
/// games whose options leave at most one heap.
#[cfg_attr(not(any(test, feature = "bench")), allow(dead_code))]
pub fn outcomes(game: &impl HeapGame, count: usize, play: Play) -> Vec<bool> {
    let mut p: Vec<bool> = Vec::with_capacity(count);
    for n in 0..count as u64 {
        let (mut any, mut some_p) = (false, false);
        game.options(n, &mut |o| {
            any = true;
            let leaves = o.leaves();
            debug_assert!(leaves.len() <= 1, "single-heap options only");
            // A heap of 0 is P under normal play and N under misère play.
            let is_p = match leaves.first() {
                Some(&h) => p[h as usize],
                None => play == Play::Normal,
            };
            some_p |= is_p;
        });
        p.push(if play == Play::Misere && !any { false } else { !some_p });
    }
    p
}

/// The Grundy values of a game from heap 0 on, by the definition; the
/// history grows without end (use it where no fast engine exists, for
/// the first few thousand heaps).
#[derive(Debug)]
pub struct NaiveValues<G> {
    game: G,
    values: Vec<u64>,
    seen: Vec<Nimber>,
}

impl<G: HeapGame> NaiveValues<G> {
    /// The values of `game` from heap 0 on.
    pub fn new(game: G) -> Self {
        NaiveValues { game, values: Vec::new(), seen: Vec::new() }
    }
}

impl<G: HeapGame> Iterator for NaiveValues<G> {
    type Item = u64;

    fn next(&mut self) -> Option<u64> {
        let n = self.values.len() as u64;
        self.seen.clear();
        let (values, seen) = (&self.values, &mut self.seen);
        self.game.options(n, &mut |o| {
            let v = o.leaves().iter().fold(0, |a, &h| a ^ values[h as usize]);
            seen.push(Nimber(v));
        });
        let g = mex(self.seen.iter().copied()).value();
        self.values.push(g);
        Some(g)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::set::{AllButSet, FiniteSet};

    fn set(s: &str) -> FiniteSet {
        s.parse().unwrap()
    }

    /// Source: a note on nim sums and Grundy numbers (2024), the tables
    /// of the Grundy sequences of {2,3} and {2,3,5}.
    #[test]
    fn published_tables() {
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
        assert_eq!(grundy_values(&AllButSet::nim(), 6), [0, 1, 2, 3, 4, 5]);
        let streamed: Vec<u64> =
            NaiveValues::new(AllButSet::nim()).take(6).collect();
        assert_eq!(streamed, [0, 1, 2, 3, 4, 5]);
    }

    #[test]
    fn misere_one_two_three() {
        // Misère {1,2,3}: P iff n = 1 mod 4.
        let p = outcomes(&set("1,2,3"), 12, Play::Misere);
        for (n, &is_p) in p.iter().enumerate() {
            assert_eq!(is_p, n % 4 == 1, "n = {n}");
        }
    }
}
