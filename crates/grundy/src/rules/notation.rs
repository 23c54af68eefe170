//! Parsing rule sets: every spelling a front end accepts.
//!
//! `1,2,3`, `{1, 2, 3}`, ranges (`1-3`, `1..3`), `nim` and `all-but:X`
//! are subtraction sets (their grammar is in `notation.rs` beside
//! `set.rs`). A new kind of rule set adds its spelling here, and every
//! command and web route accepts it at once.

use std::str::FromStr;

use crate::error::{Error, Result};
use crate::set::SubtractionSet;

use super::Rules;

impl FromStr for Rules {
    type Err = Error;

    fn from_str(text: &str) -> Result<Rules> {
        Ok(match text.parse::<SubtractionSet>()? {
            SubtractionSet::Finite(set) => Rules::new(set),
            SubtractionSet::AllBut(set) => Rules::new(set),
        })
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use proptest::prelude::*;

    proptest! {
        /// The canonical notation parses back to an equal rule set.
        #[test]
        fn round_trip(text in "[0-9,. a-z:-]{0,16}") {
            if let Ok(rules) = text.parse::<Rules>() {
                let again: Rules = rules.to_string().parse().unwrap();
                prop_assert_eq!(again, rules);
            }
        }
    }
}
