//! Normal and misère play, outcomes, which sequence of a game to study,
//! and the seeded tie-breaker of the perfect computer player.

use std::fmt;
use std::str::FromStr;

use rand_chacha::ChaCha8Rng;
use rand_chacha::rand_core::{Rng, SeedableRng};

use crate::error::{Error, Result};

/// Who wins when a player cannot move.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
#[cfg_attr(feature = "serde", serde(rename_all = "lowercase"))]
pub enum Play {
    /// The player who cannot move loses (the last mover wins).
    #[default]
    Normal,
    /// The player who cannot move wins (the last mover loses).
    Misere,
}

impl fmt::Display for Play {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(match self {
            Play::Normal => "normal",
            Play::Misere => "misere",
        })
    }
}

impl FromStr for Play {
    type Err = Error;

    fn from_str(s: &str) -> Result<Play> {
        match s.to_ascii_lowercase().as_str() {
            "normal" => Ok(Play::Normal),
            "misere" | "misère" => Ok(Play::Misere),
            _ => Err(Error::parse(format!(
                "unknown play \"{s}\"; use \"normal\" or \"misere\""
            ))),
        }
    }
}

/// The outcome class of a position: who wins with perfect play.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
pub enum Outcome {
    /// The previous player (the one who just moved) wins: the player to
    /// move loses.
    P,
    /// The next player (the one to move) wins.
    N,
}

impl Outcome {
    /// `P` when `is_p`, else `N`.
    pub fn from_is_p(is_p: bool) -> Outcome {
        if is_p { Outcome::P } else { Outcome::N }
    }

    /// The letter `P` or `N`.
    pub fn letter(self) -> char {
        match self {
            Outcome::P => 'P',
            Outcome::N => 'N',
        }
    }
}

impl fmt::Display for Outcome {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}", self.letter())
    }
}

/// Which sequence of a heap game to study.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Sequence {
    /// The Grundy values g(n).
    Grundy,
    /// The P/N outcomes under the given play.
    Outcome(Play),
}

/// The perfect computer player's tie-breaker: when several moves are
/// equally good ([`Strategy::best_moves`](crate::Strategy::best_moves)),
/// one is chosen by a random number from a generator seeded with a
/// `u64`, so that the same seed replays the same game. `grundy play
/// --seed N` draws from one generator for the whole game; the web
/// explorer's `/api/play?seed=N` and Python's `best_move(seed=N)` choose
/// each move with a fresh one (the first draw of seed N).
///
/// The generator is `rand_chacha`'s ChaCha8 seeded with `seed_from_u64`,
/// the one the front ends used each on its own before, so a seed gives
/// the games it gave then.
///
/// ```
/// use grundy::TieBreaker;
/// let mut t = TieBreaker::new(7);
/// let first = t.next_u64();
/// assert_eq!(TieBreaker::new(7).next_u64(), first);
/// assert_ne!(t.next_u64(), first);
/// assert_eq!(TieBreaker::new(7).choose(&["a", "b", "c"]), Some(&"a"));
/// assert_eq!(TieBreaker::new(7).choose::<u8>(&[]), None);
/// // The choice is `Strategy::pick`'s with the same number.
/// let best = [10, 20, 30, 40, 50];
/// for seed in 0..100 {
///     let random = TieBreaker::new(seed).next_u64();
///     let picked = grundy::Strategy::pick(&best, random);
///     assert_eq!(TieBreaker::new(seed).choose(&best), picked);
/// }
/// ```
#[derive(Clone, Debug)]
pub struct TieBreaker {
    rng: ChaCha8Rng,
}

impl TieBreaker {
    /// The generator for `seed`.
    pub fn new(seed: u64) -> TieBreaker {
        TieBreaker { rng: ChaCha8Rng::seed_from_u64(seed) }
    }

    /// The next random number.
    pub fn next_u64(&mut self) -> u64 {
        self.rng.next_u64()
    }

    /// One of `best`, chosen by the next random number as
    /// [`Strategy::pick`](crate::Strategy::pick) chooses (Lemire's
    /// multiply-shift), or `None`, drawing nothing, when `best` is empty.
    pub fn choose<'a, T>(&mut self, best: &'a [T]) -> Option<&'a T> {
        if best.is_empty() {
            return None;
        }
        pick(best, self.next_u64())
    }
}

/// One of `best` for the random number `random` (Lemire's multiply-shift:
/// every number below 2^64 maps to one index, evenly), or `None` when
/// `best` is empty.
pub(crate) fn pick<T>(best: &[T], random: u64) -> Option<&T> {
    let i = (u128::from(random) * best.len() as u128) >> 64;
    best.get(i as usize)
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Draws 0, 7, 8 (the second block), 32 and 100 of
    /// `rand_chacha::ChaCha8Rng::seed_from_u64(seed).next_u64()`
    /// (rand_chacha 0.10), which `grundy play --seed`, `/api/play` and
    /// `grundy.best_move` drew from before this generator was theirs.
    const RAND_CHACHA: [(u64, [u64; 5]); 4] = [
        (
            0,
            [
                13080132717333068652,
                17255573299003615418,
                14827154245325219424,
                7402742473146808466,
                8651171086300757834,
            ],
        ),
        (
            1,
            [
                7424550030962593201,
                2815945222763399310,
                16136862674430550035,
                1996776253156376036,
                12239559916884061133,
            ],
        ),
        (
            7,
            [
                2910824217569608635,
                15666632647712377470,
                6723176373152622797,
                10575876539826979758,
                14218258435609270512,
            ],
        ),
        (
            u64::MAX,
            [
                12619125218144107694,
                18104490367216864357,
                6047143795175342451,
                4544198812961211003,
                3480957242003861032,
            ],
        ),
    ];

    #[test]
    fn tie_breaker_draws_what_rand_chacha_drew() {
        for (seed, want) in RAND_CHACHA {
            let mut t = TieBreaker::new(seed);
            let draws: Vec<u64> = (0..=100).map(|_| t.next_u64()).collect();
            let got = [draws[0], draws[7], draws[8], draws[32], draws[100]];
            assert_eq!(got, want, "seed {seed}");
        }
    }

    #[test]
    fn tie_breaker_is_deterministic_and_draws_only_to_choose() {
        let mut a = TieBreaker::new(31);
        let mut b = TieBreaker::new(31);
        // An empty choice draws nothing: both stay in step.
        assert_eq!(a.choose::<u8>(&[]), None);
        let best = [1, 2, 3, 4, 5, 6, 7];
        for _ in 0..50 {
            assert_eq!(a.choose(&best), b.choose(&best));
        }
        // A single move is always it.
        assert_eq!(a.choose(&["only"]), Some(&"only"));
        // Different seeds give different draws.
        assert_ne!(
            TieBreaker::new(1).next_u64(),
            TieBreaker::new(2).next_u64()
        );
    }

    #[test]
    fn every_choice_is_reachable() {
        let best = [0, 1, 2];
        let mut seen = [false; 3];
        for seed in 0..64 {
            seen[*TieBreaker::new(seed).choose(&best).unwrap()] = true;
        }
        assert_eq!(seen, [true; 3]);
    }
}
