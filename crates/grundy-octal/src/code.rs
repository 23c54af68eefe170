//! Octal (and hexadecimal) codes of take-and-break games, and Grundy's
//! game by name.
//!
//! A code `d0.d1d2...dt` describes the moves on one heap: removing i tokens
//! (i = 1..t, and i = 0 when d0 is not 0) is allowed leaving
//!
//! | bit of d_i | leaves                                   |
//! |-----------:|------------------------------------------|
//! | 1          | no heap (the heap had exactly i tokens)  |
//! | 2          | one non-empty heap                       |
//! | 4          | two non-empty heaps                      |
//! | 8          | three non-empty heaps (hexadecimal only) |
//!
//! so each digit is a sum of 1, 2, 4 and, in hexadecimal games, 8
//! (Berlekamp, Conway, Guy, Winning Ways, ch. 4; A. Flammenkamp,
//! Sprague-Grundy values of octal games: "the digit d_i contains the power
//! 2^k if and only if the heap may be divided into k non-empty heaps").
//!
//! **Notation.** Digits 0-7 are octal; a code is hexadecimal as soon as one
//! digit exceeds 7, and those digits are written 8, 9 and A-F (upper or
//! lower case on input, upper case on output), as Flammenkamp writes his
//! hexadecimal games. The digit before the point, d0, may only contain the
//! bits 4 and 8 (removing no tokens must split the heap; bit 1 would leave
//! no heap from a non-empty one and bit 2 would be a pass): so d0 is 0 or
//! 4, and in hexadecimal games also 8 or C. Winning Ways writes `.07` for
//! `0.07`; both are read. Trailing zeros are dropped: `0.070` is `0.07`,
//! and the game without moves is `0.0` (Display always shows one digit
//! after the point).
//!
//! **Subtraction games** are the codes whose digits are 0 or 3: the finite
//! set S is the code with d_s = 3 for s in S (remove s tokens, leaving no
//! heap or one heap), see [`OctalCode::from_subtraction_set`].
//!
//! **Grundy's game** (split a heap into two unequal non-empty heaps) is not
//! an octal code (octal notation cannot forbid equal parts); it is read by
//! the name `grundy`.

use std::fmt;
use std::str::FromStr;

use crate::error::{Error, ErrorKind, Result};
use crate::options::Options;

/// The longest code (digits after the point) the engines accept.
pub const MAX_DIGITS: usize = 4096;

/// Bit of a digit: removing i tokens may leave no heap.
pub const LEAVE_NONE: u8 = 1;
/// Bit of a digit: removing i tokens may leave one non-empty heap.
pub const LEAVE_ONE: u8 = 2;
/// Bit of a digit: removing i tokens may leave two non-empty heaps.
pub const LEAVE_TWO: u8 = 4;
/// Bit of a digit (hexadecimal games): removing i tokens may leave three
/// non-empty heaps.
pub const LEAVE_THREE: u8 = 8;

/// A checked, canonical octal or hexadecimal code `d0.d1d2...dt`.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct OctalCode {
    /// `digits[0]` is d0; no trailing zeros after it.
    digits: Box<[u8]>,
}

impl OctalCode {
    /// The code with digit `d0` before the point and `digits` = d1, d2, ...
    /// after it (trailing zeros are dropped).
    pub fn new(d0: u8, digits: &[u8]) -> Result<OctalCode> {
        if d0 > 15 || d0 & (LEAVE_NONE | LEAVE_ONE) != 0 {
            return Err(Error::parse(format!(
                "digit {d0} before the point is not allowed: removing no \
                 tokens must split the heap, so d0 is 0 or 4 (hexadecimal \
                 also 8 or 12)"
            )));
        }
        if let Some(&d) = digits.iter().find(|&&d| d > 15) {
            return Err(Error::parse(format!(
                "digit {d} is not a hexadecimal digit: digits are 0 to 15"
            )));
        }
        let t = digits.iter().rposition(|&d| d != 0).map_or(0, |i| i + 1);
        if t > MAX_DIGITS {
            return Err(too_long_error(t, None));
        }
        let mut all = Vec::with_capacity(t + 1);
        all.push(d0);
        all.extend_from_slice(&digits[..t]);
        Ok(OctalCode { digits: all.into_boxed_slice() })
    }

    /// The code of the finite subtraction game S: d_s = 3 (remove s, leave
    /// no heap or one heap) for s in S, all other digits 0. For example
    /// {1, 2, 3} is `0.333` and {2, 5} is `0.03003`.
    pub fn from_subtraction_set(set: &[u64]) -> Result<OctalCode> {
        let mut digits = Vec::new();
        for &s in set {
            if s == 0 {
                return Err(Error::parse(
                    "0 is not a subtraction: a move removes at least one \
                     token",
                ));
            }
            if s > MAX_DIGITS as u64 {
                return Err(Error::new(
                    ErrorKind::TooLarge,
                    format!(
                        "subtraction {s} needs a code of {s} digits; at \
                         most {MAX_DIGITS} are supported"
                    ),
                ));
            }
            let s = s as usize;
            if digits.len() < s {
                digits.resize(s, 0);
            }
            digits[s - 1] = LEAVE_NONE | LEAVE_ONE;
        }
        OctalCode::new(0, &digits)
    }

    /// The subtraction set this code equals, if every digit is 0 or 3 and
    /// d0 is 0.
    pub fn subtraction_set(&self) -> Option<Vec<u64>> {
        if self.d0() != 0 {
            return None;
        }
        let mut set = Vec::new();
        for (i, &d) in self.digits().iter().enumerate() {
            match d {
                0 => {}
                3 => set.push(i as u64 + 1),
                _ => return None,
            }
        }
        Some(set)
    }

    /// d0, the digit before the point.
    pub fn d0(&self) -> u8 {
        self.digits[0]
    }

    /// d_i (0 past the end of the code).
    pub fn digit(&self, i: usize) -> u8 {
        self.digits.get(i).copied().unwrap_or(0)
    }

    /// The digits after the point, d1 to dt.
    pub fn digits(&self) -> &[u8] {
        &self.digits[1..]
    }

    /// t, the index of the last non-zero digit after the point (0 if there
    /// is none): the code length of the periodicity theorem.
    pub fn len(&self) -> usize {
        self.digits.len() - 1
    }

    /// Whether no digit after the point is non-zero.
    pub fn is_empty(&self) -> bool {
        self.len() == 0
    }

    /// Whether some digit exceeds 7 (a move may leave three heaps).
    pub fn is_hexadecimal(&self) -> bool {
        self.digits.iter().any(|&d| d > 7)
    }
}

/// A take-and-break rule set: an octal or hexadecimal code, or Grundy's
/// game.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub enum Rules {
    /// The game of an octal or hexadecimal code.
    Code(OctalCode),
    /// Grundy's game: split one heap into two unequal non-empty heaps.
    Grundy,
}

impl Rules {
    /// d_i of the code; Grundy's game has d0 = 4 (with unequal parts).
    pub fn digit(&self, i: usize) -> u8 {
        match self {
            Rules::Code(code) => code.digit(i),
            Rules::Grundy => {
                if i == 0 {
                    LEAVE_TWO
                } else {
                    0
                }
            }
        }
    }

    /// t, the code length (the largest number of tokens a move removes).
    pub fn code_len(&self) -> usize {
        match self {
            Rules::Code(code) => code.len(),
            Rules::Grundy => 0,
        }
    }

    /// Whether a split must leave two unequal heaps (Grundy's game).
    pub fn unequal_split(&self) -> bool {
        matches!(self, Rules::Grundy)
    }

    /// The most heaps one move can leave: 0 to 3.
    pub fn max_parts(&self) -> u8 {
        let mut all = 0u8;
        for i in 0..=self.code_len() {
            all |= self.digit(i);
        }
        match all {
            d if d & LEAVE_THREE != 0 => 3,
            d if d & LEAVE_TWO != 0 => 2,
            d if d & LEAVE_ONE != 0 => 1,
            _ => 0,
        }
    }

    /// Whether the Guy-Smith periodicity theorem (and so a certificate)
    /// applies: every finite code, not Grundy's game.
    pub fn has_periodicity_theorem(&self) -> bool {
        matches!(self, Rules::Code(_))
    }

    /// The options (moves) of one heap of `n` tokens.
    pub fn options(&self, n: u64) -> Options<'_> {
        Options::new(self, n)
    }
}

impl From<OctalCode> for Rules {
    fn from(code: OctalCode) -> Rules {
        Rules::Code(code)
    }
}

/// The value of one digit character, 0-9 and A-F in either case.
fn digit_value(c: char) -> Option<u8> {
    c.to_digit(16).map(|d| d as u8)
}

fn digit_char(d: u8) -> char {
    char::from_digit(u32::from(d), 16)
        .expect("digits are below 16")
        .to_ascii_uppercase()
}

/// At most this many characters of a bad input are quoted.
const QUOTE: usize = 24;

fn quote(s: &str) -> String {
    if s.chars().count() <= QUOTE {
        s.to_string()
    } else {
        let head: String = s.chars().take(QUOTE).collect();
        format!("{head}...")
    }
}

fn too_long_error(t: usize, input: Option<&str>) -> Error {
    let what =
        input.map_or("the code".to_string(), |s| format!("'{}'", quote(s)));
    Error::new(
        ErrorKind::TooLarge,
        format!(
            "{what} has {t} digits after the point; at most {MAX_DIGITS} \
             are supported"
        ),
    )
}

impl FromStr for OctalCode {
    type Err = Error;

    fn from_str(input: &str) -> Result<OctalCode> {
        let s = input.trim();
        if s.is_empty() {
            return Err(Error::parse(
                "empty rule set: write an octal code such as 0.77, or the \
                 name grundy",
            ));
        }
        let Some((before, after)) = s.split_once('.') else {
            return Err(Error::parse(format!(
                "'{}' is not an octal code: it has no point; write \
                 d0.d1d2..., for example 0.77 (Kayles), or the name grundy",
                quote(s)
            )));
        };
        let d0 = parse_d0(before, s)?;
        if after.contains('.') {
            return Err(Error::parse(format!(
                "'{}' has more than one point: an octal code is \
                 d0.d1d2..., for example 0.137",
                quote(s)
            )));
        }
        if after.is_empty() {
            return Err(Error::parse(format!(
                "no digits after the point in '{}': write at least one, \
                 for example {}.7",
                quote(s),
                digit_char(d0)
            )));
        }
        let mut digits = Vec::with_capacity(after.len().min(MAX_DIGITS));
        for (k, c) in after.chars().enumerate() {
            let Some(d) = digit_value(c) else {
                // Columns count from 1; the point is at before.len() + 1.
                let column = before.chars().count() + 2 + k;
                return Err(Error::parse(format!(
                    "'{c}' at position {column} of '{}' is not a digit: \
                     octal digits are 0-7, hexadecimal games also use 8, 9 \
                     and A-F",
                    quote(s)
                )));
            };
            digits.push(d);
        }
        let t = digits.iter().rposition(|&d| d != 0).map_or(0, |i| i + 1);
        if t > MAX_DIGITS {
            return Err(too_long_error(t, Some(s)));
        }
        OctalCode::new(d0, &digits)
    }
}

fn parse_d0(before: &str, s: &str) -> Result<u8> {
    let mut chars = before.chars();
    let (Some(c), None) = (chars.next(), chars.next()) else {
        if before.is_empty() {
            // ".07" is Winning Ways' way of writing 0.07.
            return Ok(0);
        }
        return Err(Error::parse(format!(
            "'{}' before the point in '{}' is not one digit: write 0 or 4 \
             (hexadecimal games also 8 or C) before the point",
            quote(before),
            quote(s)
        )));
    };
    let Some(d) = digit_value(c) else {
        return Err(Error::parse(format!(
            "'{c}' before the point in '{}' is not a digit: write 0 or 4 \
             (hexadecimal games also 8 or C) before the point",
            quote(s)
        )));
    };
    if d & (LEAVE_NONE | LEAVE_ONE) != 0 {
        return Err(Error::parse(format!(
            "digit '{c}' before the point in '{}' is not allowed: a move \
             that removes no tokens must split the heap, so d0 is 0 or 4 \
             (hexadecimal games also 8 or C)",
            quote(s)
        )));
    }
    Ok(d)
}

impl fmt::Display for OctalCode {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}.", digit_char(self.d0()))?;
        if self.is_empty() {
            return f.write_str("0");
        }
        for &d in self.digits() {
            write!(f, "{}", digit_char(d))?;
        }
        Ok(())
    }
}

impl FromStr for Rules {
    type Err = Error;

    fn from_str(input: &str) -> Result<Rules> {
        if input.trim().eq_ignore_ascii_case("grundy") {
            return Ok(Rules::Grundy);
        }
        input.parse().map(Rules::Code)
    }
}

impl fmt::Display for Rules {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Rules::Code(code) => code.fmt(f),
            Rules::Grundy => f.write_str("grundy"),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use proptest::prelude::*;

    fn err(s: &str) -> String {
        s.parse::<Rules>().unwrap_err().to_string()
    }

    #[test]
    fn canonical_forms() {
        let cases = [
            ("0.77", "0.77"),
            (".07", "0.07"),
            ("0.070", "0.07"),
            ("0.0", "0.0"),
            ("4.0", "4.0"),
            (" 0.137 ", "0.137"),
            ("0.8f", "0.8F"),
            ("C.1", "C.1"),
            ("grundy", "grundy"),
            ("Grundy", "grundy"),
        ];
        for (input, shown) in cases {
            let rules: Rules = input.parse().unwrap();
            assert_eq!(rules.to_string(), shown, "{input}");
        }
    }

    #[test]
    fn bad_codes_name_the_bad_token() {
        assert_eq!(
            err("1.07"),
            "digit '1' before the point in '1.07' is not allowed: a move \
             that removes no tokens must split the heap, so d0 is 0 or 4 \
             (hexadecimal games also 8 or C)"
        );
        assert!(err("2.6").starts_with("digit '2' before the point in '2.6'"));
        assert!(err("3.1").starts_with("digit '3' before the point"));
        assert!(err("7.1").starts_with("digit '7' before the point"));
        assert_eq!(
            err("0."),
            "no digits after the point in '0.': write at least one, for \
             example 0.7"
        );
        assert_eq!(
            err("0.7x"),
            "'x' at position 4 of '0.7x' is not a digit: octal digits are \
             0-7, hexadecimal games also use 8, 9 and A-F"
        );
        assert!(err("0.g").starts_with("'g' at position 3 of '0.g'"));
        assert!(err("0.1 2").starts_with("' ' at position 4"));
        assert!(err("077").contains("has no point"));
        assert!(err("10.7").starts_with("'10' before the point in '10.7'"));
        assert!(err("x.7").starts_with("'x' before the point in 'x.7'"));
        assert!(err("0.1.2").contains("more than one point"));
        assert!(err("").starts_with("empty rule set"));
        assert!(err("4.").starts_with("no digits after the point in '4.'"));
        let long = format!("0.{}", "7".repeat(MAX_DIGITS + 1));
        let e = long.parse::<Rules>().unwrap_err();
        assert_eq!(e.kind(), ErrorKind::TooLarge);
        assert_eq!(
            e.to_string(),
            format!(
                "'0.7777777777777777777777...' has {} digits after the \
                 point; at most {MAX_DIGITS} are supported",
                MAX_DIGITS + 1
            )
        );
        // Trailing zeros do not count against the limit.
        let padded = format!("0.7{}", "0".repeat(MAX_DIGITS + 10));
        assert_eq!(padded.parse::<Rules>().unwrap().to_string(), "0.7");
    }

    #[test]
    fn subtraction_sets() {
        let c = OctalCode::from_subtraction_set(&[1, 2, 3]).unwrap();
        assert_eq!(c.to_string(), "0.333");
        let c = OctalCode::from_subtraction_set(&[5, 2]).unwrap();
        assert_eq!(c.to_string(), "0.03003");
        assert_eq!(c.subtraction_set(), Some(vec![2, 5]));
        assert_eq!(
            "0.77".parse::<OctalCode>().unwrap().subtraction_set(),
            None
        );
        assert!(OctalCode::from_subtraction_set(&[0, 1]).is_err());
        let e = OctalCode::from_subtraction_set(&[5000]).unwrap_err();
        assert_eq!(e.kind(), ErrorKind::TooLarge);
        assert_eq!(
            OctalCode::from_subtraction_set(&[]).unwrap().to_string(),
            "0.0"
        );
    }

    #[test]
    fn shapes() {
        let kayles: Rules = "0.77".parse().unwrap();
        assert_eq!(kayles.max_parts(), 2);
        assert_eq!(kayles.code_len(), 2);
        let hex: Rules = "0.8".parse().unwrap();
        assert_eq!(hex.max_parts(), 3);
        let sub: Rules = "0.333".parse().unwrap();
        assert_eq!(sub.max_parts(), 1);
        assert_eq!(Rules::Grundy.max_parts(), 2);
        assert!(!Rules::Grundy.has_periodicity_theorem());
    }

    fn any_code() -> impl Strategy<Value = OctalCode> {
        (
            prop::sample::select(vec![0u8, 4, 8, 12]),
            prop::collection::vec(0u8..16, 0..12),
        )
            .prop_map(|(d0, digits)| OctalCode::new(d0, &digits).unwrap())
    }

    proptest! {
        #[test]
        fn display_round_trips(code in any_code()) {
            let shown = code.to_string();
            let back: OctalCode = shown.parse().unwrap();
            prop_assert_eq!(&back, &code);
            prop_assert_eq!(back.to_string(), shown);
            let lower = code.to_string().to_lowercase();
            prop_assert_eq!(lower.parse::<OctalCode>().unwrap(), code);
        }

        #[test]
        fn parsing_never_panics(s in "\\PC{0,12}") {
            let _ = s.parse::<Rules>();
        }

        #[test]
        fn parsing_near_codes_never_panics(s in "[0-9a-zA-Z.]{0,8}") {
            if let Ok(rules) = s.parse::<Rules>() {
                let again: Rules = rules.to_string().parse().unwrap();
                prop_assert_eq!(again, rules);
            }
        }
    }
}
