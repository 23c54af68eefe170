//! `GET /api/laws`: the committed catalogue of laws (issue 38), to browse
//! and filter on the page's laws view.
//!
//! The catalogue is `assets/laws.jsonl`, the JSON lines [`CATALOGUE_COMMAND`]
//! prints: one `grundy_sweep::FamilyLaws` per family, read back with that
//! very type (never by parsing Markdown). `docs/LAWS.md` is the same
//! search as a Markdown catalogue; a test (`tests/laws.rs`) rebuilds that
//! file from these lines with `grundy_sweep::laws::markdown` and checks
//! that it is the committed one, byte for byte, and re-runs a small part
//! of the search to check the lines themselves. Each law answered is its
//! family's JSON line with `laws` cut to that law, plus its source
//! (`grundy_sweep::laws::source`) and the `grundy sweep --check` command
//! that re-checks it (`grundy_sweep::laws::check_command`), as the
//! catalogue prints them.

use std::sync::LazyLock;

use axum::extract::{RawQuery, State};
use grundy_sweep::FamilyLaws;
use grundy_sweep::laws::{LawVerdict, check_command, source};
use serde::Serialize;

use crate::api::{AppState, params};
use crate::error::ApiError;
use crate::lanes::Answer;
use crate::query::Params;

const EXAMPLE: &str = "/api/laws?key=period&q=3*a";

/// The command that printed `assets/laws.jsonl` (the one of
/// docs/LAWS-GUIDE.md that writes docs/LAWS.md, with JSON lines instead
/// of `--format md`).
pub const CATALOGUE_COMMAND: &str = "grundy laws linear:2 linear:3 --coefficients 1..4 --shifts=-4..4 --fit 1..60 --validate 1..400 -o crates/grundy-web/assets/laws.jsonl";

/// The catalogue's JSON lines, compiled in.
pub const CATALOGUE_JSONL: &str = include_str!("../assets/laws.jsonl");

/// The most laws one answer lists; the filters narrow them.
pub const MAX_SHOWN: usize = 200;

/// The catalogue's records, read once.
static CATALOGUE: LazyLock<Vec<FamilyLaws>> = LazyLock::new(|| {
    catalogue(CATALOGUE_JSONL).expect("assets/laws.jsonl is read by a test")
});

/// The records of `jsonl`, one a line; an error names the line.
pub fn catalogue(jsonl: &str) -> Result<Vec<FamilyLaws>, String> {
    jsonl
        .lines()
        .enumerate()
        .filter(|(_, l)| !l.trim().is_empty())
        .map(|(i, l)| {
            serde_json::from_str(l).map_err(|e| format!("line {}: {e}", i + 1))
        })
        .collect()
}

/// One key's counts of families by verdict, as the catalogue's header
/// for the key gives them.
#[derive(Debug, Serialize)]
struct KeySummary {
    key: String,
    families: usize,
    law: usize,
    refuted: usize,
    unvalidated: usize,
    no_simple_law: usize,
    unfit: usize,
}

/// A shape of law and how many laws of the key have it.
#[derive(Debug, Serialize)]
struct ShapeCount {
    key: String,
    shape: String,
    laws: usize,
}

/// One law found: its family's JSON line with `laws` cut to it.
#[derive(Debug, Serialize)]
struct LawRow {
    #[serde(flatten)]
    record: FamilyLaws,
    source: &'static str,
    command: Option<String>,
}

/// The answer of `/api/laws`.
#[derive(Debug, Serialize)]
struct LawsAnswer {
    command: &'static str,
    families: usize,
    keys: Vec<KeySummary>,
    shapes: Vec<ShapeCount>,
    matched: usize,
    laws: Vec<LawRow>,
}

/// What a request asks for.
struct Filter {
    key: Option<String>,
    shape: Option<String>,
    verdict: Option<LawVerdict>,
    words: String,
}

/// `GET /api/laws?key=K&shape=S&verdict=V&q=TEXT`.
pub async fn laws(
    State(shared): AppState,
    RawQuery(q): RawQuery,
) -> Result<Answer, ApiError> {
    let p = params(&shared, q, &["key", "shape", "verdict", "q"], EXAMPLE)?;
    // In the lanes: the first request reads the catalogue (a megabyte of
    // JSON).
    let answer = shared
        .run(move |_| {
            let records: &'static [FamilyLaws] = &CATALOGUE;
            let filter = Filter::of(&p, records)?;
            let mut matched = 0;
            let mut laws = Vec::new();
            for record in records {
                for law in &record.laws {
                    if !filter.matches(record, law) {
                        continue;
                    }
                    matched += 1;
                    if laws.len() < MAX_SHOWN {
                        laws.push(row(record, law));
                    }
                }
            }
            Ok(LawsAnswer {
                command: CATALOGUE_COMMAND,
                families: records.len(),
                keys: keys_of(records),
                shapes: shapes_of(records),
                matched,
                laws,
            })
        })
        .await?;
    Ok(answer)
}

impl Filter {
    /// The filters of a query, each checked against the catalogue.
    fn of(p: &Params, records: &[FamilyLaws]) -> Result<Filter, ApiError> {
        let nonempty =
            |name| p.get(name).map(str::trim).filter(|v| !v.is_empty());
        let laws = || records.iter().flat_map(|r| &r.laws);
        let key = match nonempty("key") {
            Some(k) if laws().any(|l| l.fit.key == k) => Some(k.to_string()),
            Some(k) => {
                let known: Vec<String> =
                    keys_of(records).into_iter().map(|s| s.key).collect();
                return Err(ApiError::bad(
                    "key",
                    format!(
                        "key \"{k}\" is not in the catalogue; write one of {}",
                        known.join(", ")
                    ),
                ));
            }
            None => None,
        };
        let shape = match nonempty("shape") {
            Some(s) if laws().any(|l| l.shape.as_deref() == Some(s)) => {
                Some(s.to_string())
            }
            Some(s) => {
                return Err(ApiError::bad(
                    "shape",
                    format!(
                        "no law in the catalogue has the shape \"{s}\"; write one of the \"shape\" values of /api/laws, e.g. one formula, linear"
                    ),
                ));
            }
            None => None,
        };
        let verdict = match nonempty("verdict").unwrap_or("law") {
            "all" => None,
            v => Some(serde_json::from_value(v.into()).map_err(|_| {
                ApiError::bad(
                    "verdict",
                    format!(
                        "verdict \"{v}\" is not one of law, refuted, unvalidated, no_simple_law, unfit, all"
                    ),
                )
            })?),
        };
        Ok(Filter {
            key,
            shape,
            verdict,
            words: squeeze(p.get("q").unwrap_or("")),
        })
    }

    fn matches(
        &self,
        record: &FamilyLaws,
        law: &grundy_sweep::laws::KeyLaw,
    ) -> bool {
        self.key.as_ref().is_none_or(|k| *k == law.fit.key)
            && self.verdict.is_none_or(|v| v == law.verdict)
            && self
                .shape
                .as_ref()
                .is_none_or(|s| law.shape.as_ref() == Some(s))
            && (self.words.is_empty()
                || squeeze(&searched(record, law)).contains(&self.words))
    }
}

/// The text a search looks in: the family, each piece as `key = formula`
/// with its condition, the shape, the source and the reason.
fn searched(record: &FamilyLaws, law: &grundy_sweep::laws::KeyLaw) -> String {
    let mut text = vec![record.family.clone(), record.space.clone()];
    for piece in &law.fit.pieces {
        text.push(format!("{} = {}", law.fit.key, piece.formula));
        text.push(piece.when.clone());
    }
    text.extend(law.shape.clone());
    text.extend(law.reason.clone());
    text.push(source(record, &law.fit.key).to_string());
    text.join("\n")
}

/// Lower case without blanks, so that `3*a+1` finds `3*a + 1`.
fn squeeze(text: &str) -> String {
    text.chars()
        .filter(|c| !c.is_whitespace())
        .flat_map(char::to_lowercase)
        .collect()
}

fn row(record: &FamilyLaws, law: &grundy_sweep::laws::KeyLaw) -> LawRow {
    let record = FamilyLaws { laws: vec![law.clone()], ..record.clone() };
    LawRow {
        source: source(&record, &law.fit.key),
        command: check_command(&record, law),
        record,
    }
}

/// Each key's counts, in the catalogue's order of keys.
fn keys_of(records: &[FamilyLaws]) -> Vec<KeySummary> {
    let mut keys: Vec<KeySummary> = Vec::new();
    for law in records.iter().flat_map(|r| &r.laws) {
        let at = match keys.iter().position(|s| s.key == law.fit.key) {
            Some(i) => i,
            None => {
                keys.push(KeySummary {
                    key: law.fit.key.clone(),
                    families: 0,
                    law: 0,
                    refuted: 0,
                    unvalidated: 0,
                    no_simple_law: 0,
                    unfit: 0,
                });
                keys.len() - 1
            }
        };
        let s = &mut keys[at];
        s.families += 1;
        *match law.verdict {
            LawVerdict::Law => &mut s.law,
            LawVerdict::Refuted => &mut s.refuted,
            LawVerdict::Unvalidated => &mut s.unvalidated,
            LawVerdict::NoSimpleLaw => &mut s.no_simple_law,
            LawVerdict::Unfit => &mut s.unfit,
        } += 1;
    }
    keys
}

/// The shapes of the laws (verdict `law`) of each key, most frequent
/// first, as the catalogue groups them.
fn shapes_of(records: &[FamilyLaws]) -> Vec<ShapeCount> {
    let mut shapes: Vec<ShapeCount> = Vec::new();
    for law in records.iter().flat_map(|r| &r.laws) {
        let (LawVerdict::Law, Some(shape)) = (law.verdict, &law.shape) else {
            continue;
        };
        match shapes
            .iter_mut()
            .find(|c| c.key == law.fit.key && c.shape == *shape)
        {
            Some(c) => c.laws += 1,
            None => shapes.push(ShapeCount {
                key: law.fit.key.clone(),
                shape: shape.clone(),
                laws: 1,
            }),
        }
    }
    // Stable: keys in the catalogue's order.
    let order: Vec<String> =
        keys_of(records).into_iter().map(|k| k.key).collect();
    shapes.sort_by(|x, y| {
        let at = |k: &str| order.iter().position(|o| o == k);
        (at(&x.key), std::cmp::Reverse(x.laws), &x.shape).cmp(&(
            at(&y.key),
            std::cmp::Reverse(y.laws),
            &y.shape,
        ))
    });
    shapes
}
