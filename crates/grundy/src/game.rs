//! Impartial games in general, and a memoised solver for any of them.
//!
//! [`ImpartialGame`] is the rule R of DOMAIN.md section 1: the options of a
//! position. [`Solver`] computes Grundy values (normal play) and misère
//! outcomes for any such game with an explicit stack (deep games do not
//! overflow the call stack), a memo table, a budget on the number of
//! positions, and a clear error when the game has a cycle. The subtraction
//! game is one ruleset ([`Subtraction`]); sums of heaps are another
//! (`sum.rs`).

use std::collections::{HashMap, HashSet};
use std::hash::Hash;

use crate::error::{Error, ErrorKind, Result};
use crate::nimber::{Nimber, mex};
use crate::set::SubtractionSet;

/// A ruleset of an impartial game: the options of each position.
pub trait ImpartialGame {
    /// A position of the game.
    type Position: Clone + Eq + Hash + std::fmt::Debug;

    /// The positions reachable in one move.
    fn options(&self, position: &Self::Position) -> Vec<Self::Position>;
}

/// The subtraction game: a heap of n stones, remove s for some s in S.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Subtraction {
    set: SubtractionSet,
}

impl Subtraction {
    /// The subtraction game on `set`.
    pub fn new(set: SubtractionSet) -> Subtraction {
        Subtraction { set }
    }

    /// The rule set.
    pub fn set(&self) -> &SubtractionSet {
        &self.set
    }
}

impl ImpartialGame for Subtraction {
    type Position = u64;

    fn options(&self, &heap: &u64) -> Vec<u64> {
        self.set.moves_up_to(heap).into_iter().map(|s| heap - s).collect()
    }
}

/// A memoised solver for an impartial game.
#[derive(Debug)]
pub struct Solver<G: ImpartialGame> {
    game: G,
    max_positions: usize,
    grundy: HashMap<G::Position, Nimber>,
    misere_p: HashMap<G::Position, bool>,
}

impl<G: ImpartialGame> Solver<G> {
    /// A solver that stores at most `max_positions` positions per table.
    pub fn new(game: G, max_positions: usize) -> Solver<G> {
        Solver {
            game,
            max_positions,
            grundy: HashMap::new(),
            misere_p: HashMap::new(),
        }
    }

    /// The game being solved.
    pub fn game(&self) -> &G {
        &self.game
    }

    /// The Grundy value of `position` (normal play).
    ///
    /// ```
    /// use grundy::{Nimber, Solver, Subtraction};
    /// let mut solver = Solver::new(Subtraction::new("2,3".parse()?), 1000);
    /// assert_eq!(solver.grundy_value(&4)?, Nimber(2));
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn grundy_value(&mut self, position: &G::Position) -> Result<Nimber> {
        evaluate(
            &self.game,
            position,
            &mut self.grundy,
            self.max_positions,
            |opts| mex(opts.iter().copied()),
        )
    }

    /// Whether `position` is a misère P-position: it has an option and
    /// every option is an N-position (a player who cannot move wins).
    pub fn is_misere_p(&mut self, position: &G::Position) -> Result<bool> {
        evaluate(
            &self.game,
            position,
            &mut self.misere_p,
            self.max_positions,
            |opts: &[bool]| !opts.is_empty() && opts.iter().all(|&p| !p),
        )
    }
}

/// Post-order evaluation with an explicit stack. `combine` gets the values
/// of a position's options, in the order `options` lists them.
fn evaluate<G: ImpartialGame, V: Copy>(
    game: &G,
    root: &G::Position,
    memo: &mut HashMap<G::Position, V>,
    max_positions: usize,
    combine: impl Fn(&[V]) -> V,
) -> Result<V> {
    if let Some(&v) = memo.get(root) {
        return Ok(v);
    }
    struct Frame<P> {
        position: P,
        options: Vec<P>,
        next: usize,
    }
    let mut on_stack: HashSet<G::Position> = HashSet::new();
    let mut stack = vec![Frame {
        position: root.clone(),
        options: game.options(root),
        next: 0,
    }];
    on_stack.insert(root.clone());
    let mut values = Vec::new();
    while let Some(frame) = stack.last_mut() {
        if frame.next < frame.options.len() {
            let child = frame.options[frame.next].clone();
            frame.next += 1;
            if memo.contains_key(&child) {
                continue;
            }
            if on_stack.contains(&child) {
                return Err(Error::new(
                    ErrorKind::Cyclic,
                    format!(
                        "the game has a cycle through position {child:?}; Grundy values need a game that always ends"
                    ),
                ));
            }
            if memo.len() + stack.len() >= max_positions {
                return Err(Error::new(
                    ErrorKind::Budget,
                    format!(
                        "more than {max_positions} positions to search; use smaller heaps or a larger budget"
                    ),
                ));
            }
            let options = game.options(&child);
            on_stack.insert(child.clone());
            stack.push(Frame { position: child, options, next: 0 });
        } else {
            let frame = stack.pop().unwrap();
            values.clear();
            values.extend(frame.options.iter().map(|o| memo[o]));
            let v = combine(&values);
            on_stack.remove(&frame.position);
            memo.insert(frame.position, v);
        }
    }
    Ok(memo[root])
}

#[cfg(test)]
mod tests {
    use super::*;

    /// A game with a cycle: 0 -> 1 -> 0.
    struct Loop;
    impl ImpartialGame for Loop {
        type Position = u8;
        fn options(&self, p: &u8) -> Vec<u8> {
            vec![1 - *p]
        }
    }

    #[test]
    fn cyclic_games_are_rejected() {
        let err = Solver::new(Loop, 100).grundy_value(&0).unwrap_err();
        assert_eq!(err.kind(), ErrorKind::Cyclic);
        insta::assert_snapshot!(err, @"the game has a cycle through position 0; Grundy values need a game that always ends");
    }

    #[test]
    fn subtraction_matches_naive() {
        let set: SubtractionSet = "2,3,7".parse().unwrap();
        let want = crate::engine::naive::grundy_values(&set, 60);
        let mut solver = Solver::new(Subtraction::new(set), 1000);
        for (n, &g) in want.iter().enumerate() {
            assert_eq!(solver.grundy_value(&(n as u64)).unwrap(), Nimber(g));
        }
    }

    #[test]
    fn deep_games_do_not_overflow_the_stack() {
        let mut solver =
            Solver::new(Subtraction::new("1".parse().unwrap()), 1_000_000);
        assert_eq!(solver.grundy_value(&500_000).unwrap(), Nimber(0));
        assert!(!solver.is_misere_p(&500_000).unwrap());
    }

    #[test]
    fn budget_is_enforced() {
        let mut solver =
            Solver::new(Subtraction::new("1".parse().unwrap()), 10);
        assert_eq!(
            solver.grundy_value(&100).unwrap_err().kind(),
            ErrorKind::Budget
        );
    }
}
