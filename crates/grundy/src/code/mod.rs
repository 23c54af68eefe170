//! Octal and hexadecimal codes of take-and-break games, and Grundy's game.
//!
//! A code `d0.d1d2...dt` describes the moves on one heap: removing i
//! tokens (i = 1..t, and i = 0 when d0 is not 0) is allowed leaving
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
//! Sprague-Grundy values of octal games: "the digit d_i contains the
//! power 2^k if and only if the heap may be divided into k non-empty
//! heaps"). Digits above 7 are written 8, 9 and A-F. d0 may only hold the
//! bits 4 and 8 (removing nothing must split the heap), so it is 0 or 4,
//! and in hexadecimal games also 8 or C. Grundy's game (split a heap into
//! two unequal heaps) is not an octal code: octal notation cannot forbid
//! equal parts.
//!
//! This module holds the validated data ([`OctalCode`], [`OctalGame`]) and
//! its canonical spelling (`Display`); `options.rs` lists the moves of a
//! heap ([`HeapGame`](crate::HeapGame)). Parsing is in `rules/notation.rs`
//! with the other spellings. It sits on the layer of `set`: above the
//! leaves, below the engines.

mod options;

use std::fmt;

use crate::error::{Error, ErrorKind, Result};

/// The longest code (digits after the point) the engines accept.
pub const MAX_DIGITS: usize = 4096;

/// Bit of a digit: removing i tokens may leave no heap.
pub(crate) const LEAVE_NONE: u8 = 1;
/// Bit of a digit: removing i tokens may leave one non-empty heap.
pub(crate) const LEAVE_ONE: u8 = 2;
/// Bit of a digit: removing i tokens may leave two non-empty heaps.
pub(crate) const LEAVE_TWO: u8 = 4;
/// Bit of a digit: removing i tokens may leave three non-empty heaps.
pub(crate) const LEAVE_THREE: u8 = 8;

/// A checked, canonical octal or hexadecimal code `d0.d1d2...dt`.
///
/// ```
/// use grundy::OctalCode;
/// let kayles = OctalCode::new(0, &[7, 7, 0])?;
/// assert_eq!((kayles.to_string(), kayles.len()), ("0.77".into(), 2));
/// assert_eq!(OctalCode::from_subtraction_set(&[1, 2, 3])?.to_string(), "0.333");
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
#[derive(Clone, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct OctalCode {
    /// `digits[0]` is d0; no trailing zeros after it.
    digits: Box<[u8]>,
}

impl OctalCode {
    /// The code with `d0` before the point and `digits` = d1, d2, ... after
    /// it (trailing zeros are dropped). Rejects a d0 with the bits 1 or 2,
    /// digits above 15 and codes longer than [`MAX_DIGITS`].
    pub fn new(d0: u8, digits: &[u8]) -> Result<OctalCode> {
        if d0 > 15 || d0 & (LEAVE_NONE | LEAVE_ONE) != 0 {
            return Err(Error::parse(format!(
                "digit {} before the point is not allowed: a move that \
                 removes no tokens must split the heap, so write 0 or 4 \
                 (hexadecimal games also 8 or C)",
                digit_text(d0)
            )));
        }
        if let Some(&d) = digits.iter().find(|&&d| d > 15) {
            return Err(Error::parse(format!(
                "digit {d} is not a hexadecimal digit; digits are 0-9 and \
                 A-F (10-15)"
            )));
        }
        let t = digits.iter().rposition(|&d| d != 0).map_or(0, |i| i + 1);
        if t > MAX_DIGITS {
            return Err(too_long(t, None));
        }
        let mut all = Vec::with_capacity(t + 1);
        all.push(d0);
        all.extend_from_slice(&digits[..t]);
        Ok(OctalCode { digits: all.into_boxed_slice() })
    }

    /// The code of the finite subtraction game S: d_s = 3 (remove s,
    /// leaving no heap or one heap) for s in S, every other digit 0. {1, 2,
    /// 3} is `0.333` and {2, 5} is `0.03003`.
    pub fn from_subtraction_set(set: &[u64]) -> Result<OctalCode> {
        let mut digits = Vec::new();
        for &s in set {
            if s == 0 {
                return Err(Error::parse(
                    "subtraction set contains \"0\"; a move must take at \
                     least one token, so remove the 0",
                ));
            }
            if s > MAX_DIGITS as u64 {
                return Err(Error::new(
                    ErrorKind::TooLarge,
                    format!(
                        "subtraction {s} needs a code of {s} digits; at most \
                         {MAX_DIGITS} are supported"
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

    /// The subtraction set this code equals: d0 = 0 and every digit 0 or
    /// 3 (and at least one 3).
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
        (!set.is_empty()).then_some(set)
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

/// A take-and-break game: an octal or hexadecimal code, or Grundy's game.
///
/// ```
/// let rules: grundy::Rules = "0.137".parse()?;
/// let game: &grundy::OctalGame = rules.octal_game().unwrap();
/// assert_eq!((game.code_len(), game.max_parts()), (3, 2));
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
#[derive(Clone, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum OctalGame {
    /// The game of an octal or hexadecimal code.
    Code(OctalCode),
    /// Grundy's game: split one heap into two unequal non-empty heaps.
    Grundy,
}

impl OctalGame {
    /// d_i of the code; Grundy's game has d0 = 4 (with unequal parts).
    pub fn digit(&self, i: usize) -> u8 {
        match self {
            OctalGame::Code(code) => code.digit(i),
            OctalGame::Grundy if i == 0 => LEAVE_TWO,
            OctalGame::Grundy => 0,
        }
    }

    /// t, the code length (the most tokens a move removes).
    pub fn code_len(&self) -> usize {
        match self {
            OctalGame::Code(code) => code.len(),
            OctalGame::Grundy => 0,
        }
    }

    /// Whether a split must leave two unequal heaps (Grundy's game).
    pub fn unequal_split(&self) -> bool {
        matches!(self, OctalGame::Grundy)
    }

    /// The most heaps one move can leave: 0 to 3.
    pub fn max_parts(&self) -> u8 {
        let all = (0..=self.code_len()).fold(0, |a, i| a | self.digit(i));
        match all {
            d if d & LEAVE_THREE != 0 => 3,
            d if d & LEAVE_TWO != 0 => 2,
            d if d & LEAVE_ONE != 0 => 1,
            _ => 0,
        }
    }

    /// Whether the Guy-Smith periodicity theorem (and so a certificate)
    /// applies: every code, not Grundy's game.
    pub fn has_periodicity_theorem(&self) -> bool {
        matches!(self, OctalGame::Code(_))
    }
}

impl From<OctalCode> for OctalGame {
    fn from(code: OctalCode) -> OctalGame {
        OctalGame::Code(code)
    }
}

/// A digit as written: 0-9, then A-F.
pub(crate) fn digit_char(d: u8) -> char {
    char::from_digit(u32::from(d), 16)
        .expect("digits are below 16")
        .to_ascii_uppercase()
}

fn digit_text(d: u8) -> String {
    if d < 16 { digit_char(d).to_string() } else { d.to_string() }
}

/// At most this many characters of a bad input are quoted.
const QUOTE: usize = 24;

/// The input as an error message quotes it (long codes shortened).
pub(crate) fn quote(s: &str) -> String {
    if s.chars().count() <= QUOTE {
        s.to_string()
    } else {
        let head: String = s.chars().take(QUOTE).collect();
        format!("{head}...")
    }
}

/// The error for a code of `t` digits (`input` as typed, if any).
pub(crate) fn too_long(t: usize, input: Option<&str>) -> Error {
    let what =
        input.map_or("the code".to_string(), |s| format!("\"{}\"", quote(s)));
    Error::new(
        ErrorKind::TooLarge,
        format!(
            "{what} has {t} digits after the point; the engines take at \
             most {MAX_DIGITS}"
        ),
    )
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

impl fmt::Display for OctalGame {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            OctalGame::Code(code) => code.fmt(f),
            OctalGame::Grundy => f.write_str("grundy"),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn subtraction_sets() {
        let c = OctalCode::from_subtraction_set(&[5, 2]).unwrap();
        assert_eq!(c.to_string(), "0.03003");
        assert_eq!(c.subtraction_set(), Some(vec![2, 5]));
        let kayles = OctalCode::new(0, &[7, 7]).unwrap();
        assert_eq!(kayles.subtraction_set(), None);
        assert!(OctalCode::from_subtraction_set(&[0, 1]).is_err());
        let e = OctalCode::from_subtraction_set(&[5000]).unwrap_err();
        assert_eq!(e.kind(), ErrorKind::TooLarge);
        let none = OctalCode::from_subtraction_set(&[]).unwrap();
        assert_eq!(
            (none.to_string(), none.subtraction_set()),
            ("0.0".into(), None)
        );
    }

    #[test]
    fn constructor_checks() {
        for d0 in [1, 2, 3, 5, 6, 7, 9, 16] {
            let e = OctalCode::new(d0, &[7]).unwrap_err();
            assert_eq!(e.kind(), ErrorKind::Parse, "{d0}");
        }
        assert!(OctalCode::new(12, &[15]).is_ok());
        assert!(OctalCode::new(0, &[16]).is_err());
        assert_eq!(OctalCode::new(4, &[0, 0]).unwrap().to_string(), "4.0");
    }

    #[test]
    fn shapes() {
        let code =
            |d0, d: &[u8]| OctalGame::from(OctalCode::new(d0, d).unwrap());
        assert_eq!(code(0, &[7, 7]).max_parts(), 2);
        assert_eq!(code(0, &[8]).max_parts(), 3);
        assert_eq!(code(0, &[3, 3, 3]).max_parts(), 1);
        assert_eq!(code(0, &[1]).max_parts(), 0);
        assert_eq!(OctalGame::Grundy.max_parts(), 2);
        assert!(!OctalGame::Grundy.has_periodicity_theorem());
        assert!(code(0, &[8]).to_string() == "0.8");
    }
}
