//! Exponent vectors: a game as the multiplicity of each heap size, or a
//! word of a commutative monoid as the exponent of each generator.
//!
//! Both are ordered the way MisereSolver orders them (Plambeck and
//! Siegel, Misère quotients for impartial games, J. Combin. Theory Ser. A
//! 115 (2008); docs/MISERE.md §2.3): compare from the highest index down,
//! the first difference decides. The order is compatible with addition
//! and every option of a game is smaller than the game, which is what
//! the verification lemma's induction needs.

use std::cmp::Ordering;
use std::fmt;

/// An exponent vector; trailing zeros are never stored, so equal words
/// compare equal as vectors.
#[derive(Clone, Default, PartialEq, Eq, Hash)]
pub(crate) struct Word(Vec<u32>);

impl Word {
    /// The empty word (the identity, or the empty game).
    pub(crate) fn empty() -> Word {
        Word(Vec::new())
    }

    /// The word with these exponents (trailing zeros dropped).
    pub(crate) fn from_exponents(exponents: &[u32]) -> Word {
        let mut w = Word(exponents.to_vec());
        w.trim();
        w
    }

    /// The word of one letter `i`, `m` times.
    pub(crate) fn letter(i: usize, m: u32) -> Word {
        let mut w = Word::empty();
        w.add(i, m);
        w
    }

    fn trim(&mut self) {
        while self.0.last() == Some(&0) {
            self.0.pop();
        }
    }

    /// The exponent of letter `i`.
    pub(crate) fn get(&self, i: usize) -> u32 {
        self.0.get(i).copied().unwrap_or(0)
    }

    /// The exponents, without trailing zeros.
    pub(crate) fn exponents(&self) -> &[u32] {
        &self.0
    }

    /// Adds `m` copies of letter `i`.
    pub(crate) fn add(&mut self, i: usize, m: u32) {
        if m == 0 {
            return;
        }
        if self.0.len() <= i {
            self.0.resize(i + 1, 0);
        }
        self.0[i] = self.0[i].saturating_add(m);
    }

    /// This word plus `m` copies of letter `i`.
    pub(crate) fn plus(&self, i: usize, m: u32) -> Word {
        let mut w = self.clone();
        w.add(i, m);
        w
    }

    /// Removes one copy of letter `i`; false (and no change) if absent.
    pub(crate) fn remove_one(&mut self, i: usize) -> bool {
        match self.0.get_mut(i) {
            Some(e) if *e > 0 => {
                *e -= 1;
                self.trim();
                true
            }
            _ => false,
        }
    }

    /// True when every exponent of `self` is at most that of `other`.
    pub(crate) fn divides(&self, other: &Word) -> bool {
        self.0.iter().enumerate().all(|(i, &e)| e <= other.get(i))
    }

    /// The total number of letters.
    pub(crate) fn len(&self) -> u64 {
        self.0.iter().map(|&e| u64::from(e)).sum()
    }

    /// True for the empty word.
    pub(crate) fn is_empty(&self) -> bool {
        self.0.is_empty()
    }

    /// The letters with nonzero exponent, lowest first.
    pub(crate) fn support(&self) -> impl Iterator<Item = usize> + '_ {
        self.0.iter().enumerate().filter(|e| *e.1 > 0).map(|e| e.0)
    }

    /// The word with letters written as generator names and exponents:
    /// `a2b`, `1` for the identity (docs/MISERE.md §2.10).
    pub(crate) fn name(&self) -> String {
        if self.0.is_empty() {
            return "1".into();
        }
        let mut s = String::new();
        for (i, &e) in self.0.iter().enumerate() {
            if e == 0 {
                continue;
            }
            s.push_str(&letter_name(i));
            if e > 1 {
                s.push_str(&e.to_string());
            }
        }
        s
    }
}

/// The name of generator `i`: `a`..`z`, `A`..`Z`, then `{52}`, `{53}`...
pub(crate) fn letter_name(i: usize) -> String {
    const LETTERS: &[u8] =
        b"abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ";
    match LETTERS.get(i) {
        Some(&c) => char::from(c).to_string(),
        None => format!("{{{i}}}"),
    }
}

impl Ord for Word {
    fn cmp(&self, other: &Word) -> Ordering {
        // No trailing zeros: a longer word has a higher nonzero letter.
        self.0
            .len()
            .cmp(&other.0.len())
            .then_with(|| self.0.iter().rev().cmp(other.0.iter().rev()))
    }
}

impl PartialOrd for Word {
    fn partial_cmp(&self, other: &Word) -> Option<Ordering> {
        Some(self.cmp(other))
    }
}

impl fmt::Debug for Word {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "Word({:?})", self.0)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn misere_word_order_is_highest_letter_first() {
        let w = |e: &[u32]| Word::from_exponents(e);
        assert!(w(&[5]) < w(&[0, 1]));
        assert!(w(&[0, 1]) < w(&[1, 1]));
        assert!(w(&[9, 9, 0]) < w(&[0, 0, 1]));
        assert_eq!(w(&[1, 0, 0]), w(&[1]));
        assert!(Word::empty() < w(&[1]));
        // compatible with addition
        assert!(w(&[5]).plus(1, 1) < w(&[0, 1]).plus(1, 1));
    }

    #[test]
    fn misere_word_names() {
        assert_eq!(Word::empty().name(), "1");
        assert_eq!(Word::from_exponents(&[2, 1]).name(), "a2b");
        assert_eq!(Word::from_exponents(&[0, 3]).name(), "b3");
        assert_eq!(letter_name(26), "A");
        assert_eq!(letter_name(52), "{52}");
        let mut w = Word::from_exponents(&[0, 1]);
        assert!(w.remove_one(1));
        assert!(w.is_empty());
        assert!(!w.remove_one(1));
    }
}
