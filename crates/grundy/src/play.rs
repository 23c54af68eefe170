//! Normal and misère play, outcomes, and which sequence of a game to study.

use std::fmt;
use std::str::FromStr;

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
