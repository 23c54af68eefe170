//! Query strings, checked strictly: known keys only, each at most once,
//! and values in the CLI's words when they are wrong.
//!
//! axum's `Query` extractor answers malformed input with a plain-text
//! message; the API promises JSON errors that name the parameter, so the
//! query is parsed here by hand.

use crate::error::ApiError;

/// The decoded parameters of one request.
#[derive(Debug)]
pub struct Params {
    pairs: Vec<(String, String)>,
}

impl Params {
    /// Decodes `raw` and rejects keys outside `allowed` and repeated keys.
    /// `example` is a working query shown in hints.
    pub fn parse(
        raw: Option<&str>,
        allowed: &[&'static str],
        example: &str,
    ) -> Result<Params, ApiError> {
        let raw = raw.unwrap_or("");
        let mut pairs: Vec<(String, String)> = Vec::new();
        for (key, value) in form_urlencoded::parse(raw.as_bytes()) {
            let Some(&known) = allowed.iter().find(|&&k| k == key) else {
                let known = allowed.join(", ");
                return Err(ApiError::bad(
                    "query",
                    format!(
                        "unknown parameter \"{key}\"; this route takes {known}, e.g. {example}"
                    ),
                ));
            };
            if pairs.iter().any(|(k, _)| k == known) {
                return Err(ApiError::bad(
                    known,
                    format!(
                        "parameter \"{known}\" is given twice; give it once"
                    ),
                ));
            }
            pairs.push((known.to_string(), value.into_owned()));
        }
        Ok(Params { pairs })
    }

    /// The value of `key`, if given.
    pub fn get(&self, key: &str) -> Option<&str> {
        self.pairs.iter().find(|(k, _)| k == key).map(|(_, v)| v.as_str())
    }

    /// The value of `key`, which must be given (a blank value is passed
    /// on, so that the library's own message, the CLI's words, explains
    /// what is wrong with it).
    pub fn required(
        &self,
        key: &'static str,
        example: &str,
    ) -> Result<&str, ApiError> {
        match self.get(key) {
            Some(v) => Ok(v),
            None => Err(ApiError::bad(
                key,
                format!("missing parameter \"{key}\"; write e.g. {example}"),
            )),
        }
    }

    /// A yes/no flag such as `misere`: absent, `false`, `0`, `no` or `off`
    /// is false; present alone, `true`, `1`, `yes` or `on` is true.
    pub fn flag(&self, key: &'static str) -> Result<bool, ApiError> {
        let Some(v) = self.get(key) else { return Ok(false) };
        match v.trim().to_ascii_lowercase().as_str() {
            "" | "true" | "1" | "yes" | "on" => Ok(true),
            "false" | "0" | "no" | "off" => Ok(false),
            _ => Err(ApiError::bad(
                key,
                format!(
                    "{key} \"{v}\" is not true or false; write {key}=true"
                ),
            )),
        }
    }

    /// A non-negative integer, `default` when absent, at most `max`.
    pub fn number(
        &self,
        key: &'static str,
        default: u64,
        max: u64,
    ) -> Result<u64, ApiError> {
        let Some(v) = self.get(key) else { return Ok(default) };
        let t = v.trim();
        let n: u64 = if !t.is_empty() && t.bytes().all(|b| b.is_ascii_digit())
        {
            t.parse().map_err(|_| too_large(key, v, max))?
        } else {
            return Err(ApiError::bad(
                key,
                format!(
                    "{key} \"{v}\" is not a number; write a non-negative integer such as 31"
                ),
            ));
        };
        if n > max {
            return Err(too_large(key, v, max));
        }
        Ok(n)
    }
}

fn too_large(key: &'static str, v: &str, max: u64) -> ApiError {
    ApiError {
        status: axum::http::StatusCode::UNPROCESSABLE_ENTITY,
        message: format!(
            "{key} {} is too large for the web explorer; use at most {max}, or the `grundy` command",
            v.trim()
        ),
        field: Some(key),
        heap: None,
        survey: None,
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn parse(q: &str) -> Result<Params, ApiError> {
        Params::parse(Some(q), &["set", "to", "misere"], "?set=1,2,3")
    }

    fn message(r: Result<impl std::fmt::Debug, ApiError>) -> String {
        r.unwrap_err().message
    }

    #[test]
    fn decodes_percent_and_plus() {
        let p = parse("set=1%2C2+..+5&misere").unwrap();
        assert_eq!(p.get("set"), Some("1,2 .. 5"));
        assert!(p.flag("misere").unwrap());
        assert!(!parse("misere=false").unwrap().flag("misere").unwrap());
        assert_eq!(parse("").unwrap().number("to", 31, 100).unwrap(), 31);
    }

    #[test]
    fn messages() {
        insta::assert_snapshot!(message(parse("sett=1")), @"unknown parameter \"sett\"; this route takes set, to, misere, e.g. ?set=1,2,3");
        insta::assert_snapshot!(message(parse("set=1&set=2")), @"parameter \"set\" is given twice; give it once");
        insta::assert_snapshot!(message(parse("to=1").unwrap().required("set", "?set=1,2,3")), @"missing parameter \"set\"; write e.g. ?set=1,2,3");
        insta::assert_snapshot!(message(parse("misere=maybe").unwrap().flag("misere")), @"misere \"maybe\" is not true or false; write misere=true");
        insta::assert_snapshot!(message(parse("to=-3").unwrap().number("to", 31, 100)), @"to \"-3\" is not a number; write a non-negative integer such as 31");
        insta::assert_snapshot!(message(parse("to=101").unwrap().number("to", 31, 100)), @"to 101 is too large for the web explorer; use at most 100, or the `grundy` command");
        insta::assert_snapshot!(message(parse("to=99999999999999999999999").unwrap().number("to", 31, 100)), @"to 99999999999999999999999 is too large for the web explorer; use at most 100, or the `grundy` command");
    }
}
