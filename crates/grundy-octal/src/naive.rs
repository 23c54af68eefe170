//! The naive engine: the definition of the Grundy value, and the oracle
//! every faster engine is checked against.
//!
//! g(n) = mex{ g(a) xor g(b) xor ... : (a, b, ...) the heaps an option of
//! n leaves }, over exactly the options that [`Rules::options`] lists
//! (Berlekamp, Conway, Guy, Winning Ways, ch. 4). The work for heap n is
//! the number of its options: O(n) for octal codes, so O(n^2) for the
//! first n values, and O(n^2) per heap (O(n^3) in all) for hexadecimal
//! codes that split into three heaps.

use crate::code::Rules;

/// g(0), ..., g(len - 1) by the definition.
pub fn naive_values(rules: &Rules, len: usize) -> Vec<u32> {
    let mut g: Vec<u32> = Vec::with_capacity(len);
    let mut seen: Vec<bool> = Vec::new();
    for n in 0..len {
        seen.clear();
        for option in rules.options(n as u64) {
            let v =
                option.heaps().iter().fold(0, |acc, &h| acc ^ g[h as usize])
                    as usize;
            if v >= seen.len() {
                seen.resize(v + 1, false);
            }
            seen[v] = true;
        }
        let mex = seen.iter().position(|&s| !s).unwrap_or(seen.len());
        g.push(mex as u32);
    }
    g
}

#[cfg(test)]
mod tests {
    use super::*;

    fn values(code: &str, len: usize) -> Vec<u32> {
        naive_values(&code.parse().unwrap(), len)
    }

    /// Source: OEIS A002186, Sprague-Grundy values for Kayles (octal game
    /// .77), after Berlekamp, Conway, Guy, Winning Ways, p. 91.
    #[test]
    fn kayles() {
        assert_eq!(
            values("0.77", 24),
            [
                0, 1, 2, 3, 1, 4, 3, 2, 1, 4, 2, 6, 4, 1, 2, 7, 1, 4, 3, 2, 1,
                4, 6, 7
            ]
        );
    }

    /// Source: OEIS A002187, Sprague-Grundy values for Dawson's Chess
    /// (octal game .137); Winning Ways pp. 89 and 102.
    #[test]
    fn dawsons_chess() {
        assert_eq!(
            values("0.137", 20),
            [0, 1, 1, 2, 0, 3, 1, 1, 0, 3, 3, 2, 2, 4, 0, 5, 2, 2, 3, 3]
        );
    }

    /// A subtraction game: {1, 2} has period 3 (0, 1, 2, 0, 1, 2, ...).
    #[test]
    fn subtraction() {
        assert_eq!(values("0.33", 7), [0, 1, 2, 0, 1, 2, 0]);
    }

    /// Grundy's game: OEIS A002188 begins 0, 0, 0, 1, 0, 2, 1, 0, 2, 1,
    /// 0, 2, 1, 3, 2, 1, 3, 2, 4, 3, 0.
    #[test]
    fn grundys_game() {
        assert_eq!(
            naive_values(&Rules::Grundy, 21),
            [0, 0, 0, 1, 0, 2, 1, 0, 2, 1, 0, 2, 1, 3, 2, 1, 3, 2, 4, 3, 0]
        );
    }
}
