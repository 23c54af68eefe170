//! Set notation: parsing and printing subtraction sets.
//!
//! Accepted spellings (whitespace is ignored around tokens):
//!
//! | input | set |
//! |---|---|
//! | `1,2,3` or `{1, 2, 3}` | {1, 2, 3} |
//! | `1-3`, `1..3`, `1..=3` | {1, 2, 3} |
//! | `1..3,7` | {1, 2, 3, 7} (duplicates are merged) |
//! | `all-but:2,3,6,8` | {1, 2, 3, ...} \ {2, 3, 6, 8} |
//! | `nim` or `all-but:` | {1, 2, 3, ...} (Nim) |
//!
//! The sets' `Display` prints the canonical form (`1,2,3`,
//! `all-but:2,3`, `nim`), and parsing that form gives back the same set
//! (tested below, habit 7 of STYLE.md). Errors quote the bad token.

use std::fmt;
use std::str::FromStr;

use crate::error::{Error, ErrorKind, Result};
use crate::set::{AllButSet, FiniteSet, MAX_ELEMENT, SubtractionSet};

/// The prefix that marks an all-but (cofinite) set.
pub const ALL_BUT_PREFIX: &str = "all-but:";

impl FromStr for SubtractionSet {
    type Err = Error;

    fn from_str(input: &str) -> Result<SubtractionSet> {
        let text = input.trim();
        if text.eq_ignore_ascii_case("nim") {
            return Ok(SubtractionSet::AllBut(AllButSet::nim()));
        }
        if let Some(rest) = strip_prefix_ignore_case(text, "all-but") {
            let rest = rest.trim_start();
            let Some(list) = rest.strip_prefix(':') else {
                return Err(Error::parse(format!(
                    "expected ':' after \"all-but\" in \"{input}\"; write \
                     e.g. \"all-but:2,3,6,8\""
                )));
            };
            let excluded = parse_elements(list, input, true)?;
            return Ok(AllButSet::new(excluded)?.into());
        }
        let elements = parse_elements(text, input, false)?;
        Ok(FiniteSet::new(elements)?.into())
    }
}

impl FromStr for FiniteSet {
    type Err = Error;

    fn from_str(input: &str) -> Result<FiniteSet> {
        match input.parse::<SubtractionSet>()? {
            SubtractionSet::Finite(set) => Ok(set),
            SubtractionSet::AllBut(_) => Err(Error::new(
                ErrorKind::Unsupported,
                format!(
                    "\"{input}\" is an all-but set; a finite set is needed here"
                ),
            )),
        }
    }
}

impl FromStr for AllButSet {
    type Err = Error;

    fn from_str(input: &str) -> Result<AllButSet> {
        match input.parse::<SubtractionSet>()? {
            SubtractionSet::AllBut(set) => Ok(set),
            SubtractionSet::Finite(_) => Err(Error::new(
                ErrorKind::Unsupported,
                format!(
                    "\"{input}\" is a finite set; an all-but set such as \"all-but:2,3,6,8\" is needed here"
                ),
            )),
        }
    }
}

fn strip_prefix_ignore_case<'a>(
    text: &'a str,
    prefix: &str,
) -> Option<&'a str> {
    let head = text.get(..prefix.len())?;
    head.eq_ignore_ascii_case(prefix).then(|| &text[prefix.len()..])
}

/// Parses a comma-separated list of numbers and ranges, with optional
/// braces. `allow_empty` is for the excluded list of an all-but set.
fn parse_elements(
    list: &str,
    input: &str,
    allow_empty: bool,
) -> Result<Vec<u64>> {
    let mut body = list.trim();
    if let Some(inner) = body.strip_prefix('{') {
        let Some(inner) = inner.strip_suffix('}') else {
            return Err(Error::parse(format!(
                "unclosed '{{' in \"{input}\"; write e.g. \"{{1, 2, 3}}\""
            )));
        };
        body = inner.trim();
    } else if body.ends_with('}') {
        return Err(Error::parse(format!(
            "unmatched '}}' in \"{input}\"; write e.g. \"{{1, 2, 3}}\""
        )));
    }
    if body.is_empty() {
        if allow_empty {
            return Ok(Vec::new());
        }
        return Err(Error::parse(
            "empty subtraction set; write at least one move size, e.g. \
             \"1,2,3\"",
        ));
    }
    let mut out = Vec::new();
    for token in body.split(',') {
        let token = token.trim();
        if token.is_empty() {
            return Err(Error::parse(format!(
                "empty element between commas in \"{input}\"; write e.g. \
                 \"1,2,3\""
            )));
        }
        parse_token(token, &mut out)?;
    }
    Ok(out)
}

/// One element (`5`) or range (`1-3`, `1..3`, `1..=3`).
fn parse_token(token: &str, out: &mut Vec<u64>) -> Result<()> {
    let range = token
        .split_once("..=")
        .or_else(|| token.split_once(".."))
        .or_else(|| {
            token
                .get(1..)?
                .split_once('-')
                .map(|(a, b)| (&token[..a.len() + 1], b))
        });
    let Some((lo, hi)) = range else {
        out.push(parse_number(token, token)?);
        return Ok(());
    };
    let (lo, hi) = (lo.trim(), hi.trim());
    if lo.is_empty() || hi.is_empty() {
        return Err(malformed_range(token));
    }
    let lo = parse_number(lo, token)?;
    let hi = parse_number(hi, token)?;
    if lo > hi {
        return Err(malformed_range(token));
    }
    if lo == 0 {
        return Err(Error::parse(format!(
            "range \"{token}\" contains 0; a move must take at least one \
             stone, so start the range at 1"
        )));
    }
    out.extend(lo..=hi);
    Ok(())
}

fn malformed_range(token: &str) -> Error {
    Error::parse(format!(
        "malformed range \"{token}\"; write a range as \"1-3\" or \"1..3\", \
         smaller bound first"
    ))
}

fn parse_number(text: &str, token: &str) -> Result<u64> {
    if let Some(rest) = text.strip_prefix('-')
        && !rest.is_empty()
        && rest.bytes().all(|b| b.is_ascii_digit())
    {
        return Err(Error::parse(format!(
            "negative number \"{token}\"; move sizes are positive integers"
        )));
    }
    if text.is_empty() || !text.bytes().all(|b| b.is_ascii_digit()) {
        return Err(Error::parse(format!(
            "\"{token}\" is not a number; write move sizes as positive \
             integers, e.g. \"1,2,3\" or \"1-3\""
        )));
    }
    match text.parse::<u64>() {
        Ok(n) if n <= MAX_ELEMENT => Ok(n),
        _ => Err(Error::new(
            ErrorKind::TooLarge,
            format!(
                "element \"{token}\" is too large for the engine; elements \
                 must be at most {MAX_ELEMENT}"
            ),
        )),
    }
}

impl fmt::Display for FiniteSet {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write_list(f, self.elements())
    }
}

impl fmt::Display for AllButSet {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        if self.is_nim() {
            return f.write_str("nim");
        }
        f.write_str(ALL_BUT_PREFIX)?;
        write_list(f, self.excluded())
    }
}

impl fmt::Display for SubtractionSet {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            SubtractionSet::Finite(s) => s.fmt(f),
            SubtractionSet::AllBut(s) => s.fmt(f),
        }
    }
}

fn write_list(f: &mut fmt::Formatter<'_>, items: &[u64]) -> fmt::Result {
    for (i, x) in items.iter().enumerate() {
        if i > 0 {
            f.write_str(",")?;
        }
        write!(f, "{x}")?;
    }
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;
    use proptest::prelude::*;

    fn set(text: &str) -> SubtractionSet {
        text.parse().unwrap()
    }

    fn err(text: &str) -> String {
        text.parse::<SubtractionSet>().unwrap_err().to_string()
    }

    #[test]
    fn spellings() {
        let want = set("1,2,3");
        for s in ["{1, 2, 3}", "1-3", "1..3", "1..=3", " 3,2,1,1 ", "1..2,3"] {
            assert_eq!(set(s), want, "{s}");
        }
        assert_eq!(set("1..3,7").to_string(), "1,2,3,7");
        assert_eq!(set("nim"), SubtractionSet::AllBut(AllButSet::nim()));
        assert_eq!(set("all-but:"), SubtractionSet::AllBut(AllButSet::nim()));
        assert_eq!(set("all-but:8,2,3,6").to_string(), "all-but:2,3,6,8");
        assert_eq!(set("ALL-BUT: {2, 3}").to_string(), "all-but:2,3");
    }

    #[test]
    fn error_messages() {
        insta::assert_snapshot!(err(""), @r#"empty subtraction set; write at least one move size, e.g. "1,2,3""#);
        insta::assert_snapshot!(err("{}"), @r#"empty subtraction set; write at least one move size, e.g. "1,2,3""#);
        insta::assert_snapshot!(err("0,1"), @r#"subtraction set contains "0"; a move must take at least one stone, so remove the 0"#);
        insta::assert_snapshot!(err("1,-3"), @r#"negative number "-3"; move sizes are positive integers"#);
        insta::assert_snapshot!(err("1,two"), @r#""two" is not a number; write move sizes as positive integers, e.g. "1,2,3" or "1-3""#);
        insta::assert_snapshot!(err("1,,2"), @r#"empty element between commas in "1,,2"; write e.g. "1,2,3""#);
        insta::assert_snapshot!(err("3-1"), @r#"malformed range "3-1"; write a range as "1-3" or "1..3", smaller bound first"#);
        insta::assert_snapshot!(err("3.."), @r#"malformed range "3.."; write a range as "1-3" or "1..3", smaller bound first"#);
        insta::assert_snapshot!(err("0..3"), @r#"range "0..3" contains 0; a move must take at least one stone, so start the range at 1"#);
        insta::assert_snapshot!(err("99999999999999999999999"), @r#"element "99999999999999999999999" is too large for the engine; elements must be at most 10000000"#);
        insta::assert_snapshot!(err("{1,2"), @r#"unclosed '{' in "{1,2"; write e.g. "{1, 2, 3}""#);
        insta::assert_snapshot!(err("all-but 2,3"), @r#"expected ':' after "all-but" in "all-but 2,3"; write e.g. "all-but:2,3,6,8""#);
        insta::assert_snapshot!(err("all-but:0,2"), @r#"all-but set excludes "0", which is never a move; remove the 0"#);
    }

    proptest! {
        #[test]
        fn finite_round_trip(v in prop::collection::btree_set(1u64..5000, 1..20)) {
            let s = FiniteSet::new(v.iter().copied()).unwrap();
            let back: SubtractionSet = s.to_string().parse().unwrap();
            prop_assert_eq!(back, SubtractionSet::Finite(s));
        }

        #[test]
        fn all_but_round_trip(v in prop::collection::btree_set(1u64..5000, 0..8)) {
            let s = AllButSet::new(v.iter().copied()).unwrap();
            let back: SubtractionSet = s.to_string().parse().unwrap();
            prop_assert_eq!(back, SubtractionSet::AllBut(s));
        }

        #[test]
        fn parser_never_panics(text in "\\PC{0,24}") {
            let _ = text.parse::<SubtractionSet>();
        }

        #[test]
        fn parser_never_panics_on_near_misses(text in "[-0-9,.{} a-z:=]{0,16}") {
            if let Ok(set) = text.parse::<SubtractionSet>() {
                let again: SubtractionSet = set.to_string().parse().unwrap();
                prop_assert_eq!(again, set);
            }
        }
    }
}
