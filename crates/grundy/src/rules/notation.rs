//! Parsing rule sets: every spelling a front end accepts.
//!
//! * `1,2,3`, `{1, 2, 3}`, ranges (`1-3`, `1..3`), `nim` and `all-but:X`
//!   are subtraction sets (their grammar is in `notation.rs` beside
//!   `set.rs`).
//! * `d0.d1d2...` is an octal or hexadecimal code (`0.137`, `4.3`,
//!   `.07` as Winning Ways writes it, `0.8F`): one digit before the point
//!   (0 or 4; hexadecimal games also 8 or C), then digits 0-7, or 0-9 and
//!   A-F (either case) for hexadecimal games. Trailing zeros are dropped.
//!   A text with one point and no `..`, comma, colon or brace is read as
//!   a code, so that a typo gets the code's message naming the bad digit.
//! * `grundy` is Grundy's game.
//!
//! A new kind of rule set adds its spelling here, and every command and
//! web route accepts it at once.

use std::str::FromStr;

use crate::code::too_long;
use crate::code::{MAX_DIGITS, OctalCode, OctalGame, digit_char, quote};
use crate::error::{Error, Result};
use crate::set::SubtractionSet;

use super::Rules;

impl FromStr for Rules {
    type Err = Error;

    fn from_str(text: &str) -> Result<Rules> {
        if looks_octal(text) {
            return Ok(Rules::new(text.parse::<OctalGame>()?));
        }
        Ok(match text.parse::<SubtractionSet>()? {
            SubtractionSet::Finite(set) => Rules::new(set),
            SubtractionSet::AllBut(set) => Rules::new(set),
        })
    }
}

/// Whether `text` is meant as an octal code or Grundy's game rather than
/// a subtraction set.
fn looks_octal(text: &str) -> bool {
    let t = text.trim();
    t.eq_ignore_ascii_case("grundy")
        || (t.contains('.')
            && !t.contains("..")
            && !t.contains([',', ':', '{', '}']))
}

impl FromStr for OctalGame {
    type Err = Error;

    /// An octal or hexadecimal code, or `grundy`.
    ///
    /// ```
    /// use grundy::OctalGame;
    /// assert_eq!(".070".parse::<OctalGame>()?.to_string(), "0.07");
    /// assert_eq!("Grundy".parse::<OctalGame>()?, OctalGame::Grundy);
    /// let e = "2.6".parse::<OctalGame>().unwrap_err();
    /// assert!(e.to_string().starts_with("digit \"2\" before the point in \"2.6\""));
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    fn from_str(input: &str) -> Result<OctalGame> {
        if input.trim().eq_ignore_ascii_case("grundy") {
            return Ok(OctalGame::Grundy);
        }
        input.parse().map(OctalGame::Code)
    }
}

impl FromStr for OctalCode {
    type Err = Error;

    fn from_str(input: &str) -> Result<OctalCode> {
        let s = input.trim();
        if s.is_empty() {
            return Err(Error::parse(
                "empty rule set; write an octal code such as \"0.77\", a \
                 subtraction set such as \"1,2,3\", or \"grundy\"",
            ));
        }
        let Some((before, after)) = s.split_once('.') else {
            return Err(Error::parse(format!(
                "\"{}\" is not an octal code: it has no point; write \
                 d0.d1d2..., e.g. \"0.77\" (Kayles)",
                quote(s)
            )));
        };
        let d0 = parse_d0(before, s)?;
        if after.contains('.') {
            return Err(Error::parse(format!(
                "\"{}\" has more than one point; an octal code is \
                 d0.d1d2..., e.g. \"0.137\"",
                quote(s)
            )));
        }
        if after.is_empty() {
            return Err(Error::parse(format!(
                "no digits after the point in \"{}\"; write at least one, \
                 e.g. \"{}.7\"",
                quote(s),
                digit_char(d0)
            )));
        }
        let mut digits = Vec::with_capacity(after.len().min(MAX_DIGITS));
        for (k, c) in after.chars().enumerate() {
            let Some(d) = c.to_digit(16) else {
                // Columns count from 1; the point is at before.len() + 1.
                let column = before.chars().count() + 2 + k;
                return Err(Error::parse(format!(
                    "\"{c}\" at position {column} of \"{}\" is not a digit; \
                     octal digits are 0-7, hexadecimal games also use 8, 9 \
                     and A-F",
                    quote(s)
                )));
            };
            digits.push(d as u8);
        }
        let t = digits.iter().rposition(|&d| d != 0).map_or(0, |i| i + 1);
        if t > MAX_DIGITS {
            return Err(too_long(t, Some(s)));
        }
        OctalCode::new(d0, &digits)
    }
}

/// The digit before the point (none is 0, as in Winning Ways' `.07`).
fn parse_d0(before: &str, s: &str) -> Result<u8> {
    let mut chars = before.chars();
    let (Some(c), None) = (chars.next(), chars.next()) else {
        if before.is_empty() {
            return Ok(0);
        }
        return Err(Error::parse(format!(
            "\"{}\" before the point in \"{}\" is not one digit; write 0 or \
             4 (hexadecimal games also 8 or C) before the point",
            quote(before),
            quote(s)
        )));
    };
    let Some(d) = c.to_digit(16) else {
        return Err(Error::parse(format!(
            "\"{c}\" before the point in \"{}\" is not a digit; write 0 or 4 \
             (hexadecimal games also 8 or C) before the point",
            quote(s)
        )));
    };
    if d & 3 != 0 {
        return Err(Error::parse(format!(
            "digit \"{c}\" before the point in \"{}\" is not allowed: a move \
             that removes no tokens must split the heap, so write 0 or 4 \
             (hexadecimal games also 8 or C)",
            quote(s)
        )));
    }
    Ok(d as u8)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::error::ErrorKind;
    use proptest::prelude::*;

    fn err(s: &str) -> String {
        s.parse::<Rules>().unwrap_err().to_string()
    }

    proptest! {
        /// The canonical notation parses back to an equal rule set.
        #[test]
        fn round_trip(text in "[0-9,. a-z:-]{0,16}") {
            if let Ok(rules) = text.parse::<Rules>() {
                let again: Rules = rules.to_string().parse().unwrap();
                prop_assert_eq!(again, rules);
            }
        }

        #[test]
        fn codes_round_trip(
            d0 in prop::sample::select(vec![0u8, 4, 8, 12]),
            digits in prop::collection::vec(0u8..16, 0..12),
        ) {
            let code = OctalCode::new(d0, &digits).unwrap();
            let shown = code.to_string();
            let back: OctalCode = shown.parse().unwrap();
            prop_assert_eq!(&back, &code);
            prop_assert_eq!(back.to_string(), shown.clone());
            prop_assert_eq!(shown.to_lowercase().parse::<OctalCode>().unwrap(), code);
            let rules: Rules = shown.parse().unwrap();
            prop_assert_eq!(rules.to_string(), shown);
        }

        #[test]
        fn parsing_never_panics(s in "\\PC{0,12}") {
            let _ = s.parse::<Rules>();
        }

        #[test]
        fn near_codes_round_trip(s in "[0-9a-zA-Z.]{0,8}") {
            if let Ok(rules) = s.parse::<Rules>() {
                let again: Rules = rules.to_string().parse().unwrap();
                prop_assert_eq!(again, rules);
            }
        }
    }

    #[test]
    fn canonical_forms() {
        for (input, shown) in [
            ("0.77", "0.77"),
            (".07", "0.07"),
            ("0.070", "0.07"),
            ("0.0", "0.0"),
            ("4.0", "4.0"),
            ("4.3", "4.3"),
            (" 0.137 ", "0.137"),
            ("0.8f", "0.8F"),
            ("C.1", "C.1"),
            ("grundy", "grundy"),
            ("Grundy", "grundy"),
            ("1..3", "1,2,3"),
            ("1,2,3", "1,2,3"),
        ] {
            let rules: Rules = input.parse().unwrap();
            assert_eq!(rules.to_string(), shown, "{input}");
        }
        let kayles: Rules = "0.77".parse().unwrap();
        assert!(kayles.octal_game().is_some());
    }

    #[test]
    fn bad_codes_name_the_bad_digit() {
        insta::assert_snapshot!(err("1.07"), @r#"digit "1" before the point in "1.07" is not allowed: a move that removes no tokens must split the heap, so write 0 or 4 (hexadecimal games also 8 or C)"#);
        insta::assert_snapshot!(err("2.6"), @r#"digit "2" before the point in "2.6" is not allowed: a move that removes no tokens must split the heap, so write 0 or 4 (hexadecimal games also 8 or C)"#);
        insta::assert_snapshot!(err("0."), @r#"no digits after the point in "0."; write at least one, e.g. "0.7""#);
        insta::assert_snapshot!(err("0.7x"), @r#""x" at position 4 of "0.7x" is not a digit; octal digits are 0-7, hexadecimal games also use 8, 9 and A-F"#);
        insta::assert_snapshot!(err("10.7"), @r#""10" before the point in "10.7" is not one digit; write 0 or 4 (hexadecimal games also 8 or C) before the point"#);
        insta::assert_snapshot!(err("x.7"), @r#""x" before the point in "x.7" is not a digit; write 0 or 4 (hexadecimal games also 8 or C) before the point"#);
        assert!(err("3.1").starts_with("digit \"3\" before the point"));
        assert!(err("7.1").starts_with("digit \"7\" before the point"));
        assert!(err("0.g").starts_with("\"g\" at position 3 of \"0.g\""));
        assert!(err("0.1 2").starts_with("\" \" at position 4"));
        assert!(err("4.").starts_with("no digits after the point in \"4.\""));
        let long = format!("0.{}", "7".repeat(MAX_DIGITS + 1));
        let e = long.parse::<Rules>().unwrap_err();
        assert_eq!(e.kind(), ErrorKind::TooLarge);
        assert_eq!(
            e.to_string(),
            format!(
                "\"0.7777777777777777777777...\" has {} digits after the \
                 point; the engines take at most {MAX_DIGITS}",
                MAX_DIGITS + 1
            )
        );
        // Trailing zeros do not count against the limit.
        let padded = format!("0.7{}", "0".repeat(MAX_DIGITS + 10));
        assert_eq!(padded.parse::<Rules>().unwrap().to_string(), "0.7");
        // Sets keep their own messages.
        assert!(err("1,2,x").contains("\"x\""), "{}", err("1,2,x"));
    }
}
