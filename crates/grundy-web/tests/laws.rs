//! `GET /api/laws`, the laws view: the committed catalogue, read from
//! the JSON lines compiled into the server (`assets/laws.jsonl`), which
//! must be the catalogue of docs/LAWS.md and what the library's search
//! prints; and its filters.

use grundy_fit::{Key, Options};
use grundy_sweep::laws::{
    LawSearch, LawSpec, LawVerdict, Outcome, Stop, check_command, markdown,
};
use grundy_sweep::{FamilyLaws, RunOptions, Span};
use serde_json::{Value, json};

use super::{get, server};

/// The committed catalogue, the Markdown one.
const LAWS_MD: &str = include_str!("../../../docs/LAWS.md");

/// The search of docs/LAWS-GUIDE.md's command (`grundy laws linear:2
/// linear:3 --coefficients 1..4 --shifts=-4..4 --fit 1..60 --validate
/// 1..400`), with a smaller space where asked.
fn search(spaces: &[&str], coefficients: Span, shifts: Span) -> LawSearch {
    LawSearch::new(LawSpec {
        spaces: spaces.iter().map(|s| s.parse().unwrap()).collect(),
        coefficients,
        shifts,
        fit: Span { lo: 1, hi: 60 },
        validate: Span { lo: 1, hi: 400 },
        keys: vec![Key::Period, Key::Preperiod],
        options: Options::with_degree(3).unwrap(),
    })
    .unwrap()
}

fn records() -> Vec<FamilyLaws> {
    grundy_web::catalogue(grundy_web::CATALOGUE_JSONL).unwrap()
}

/// The lines served make docs/LAWS.md again, byte for byte, through the
/// library's own catalogue writer: they are that catalogue, not a copy
/// of its tables.
#[test]
fn the_served_lines_are_the_committed_catalogue() {
    assert!(
        grundy_web::CATALOGUE_COMMAND.starts_with(
            "grundy laws linear:2 linear:3 --coefficients 1..4 --shifts=-4..4 --fit 1..60 --validate 1..400 "
        ),
        "the command of docs/LAWS-GUIDE.md"
    );
    let records = records();
    let s = search(
        &["linear:2", "linear:3"],
        Span { lo: 1, hi: 4 },
        Span { lo: -4, hi: 4 },
    );
    assert_eq!(records.len(), s.families().count());
    let outcome = Outcome { done: records.len(), stop: Stop::Complete };
    let md = markdown(&s, &records, outcome);
    assert!(
        md == LAWS_MD,
        "assets/laws.jsonl does not make docs/LAWS.md; regenerate both with the commands of docs/WEB.md and docs/LAWS-GUIDE.md"
    );
}

/// The library's search on a small part of the space gives the very
/// records of the served lines (each family's place in its space
/// aside, which depends on the space's ranges).
#[test]
fn the_served_lines_are_what_the_search_prints() {
    let records = records();
    let s =
        search(&["linear:2"], Span { lo: 1, hi: 2 }, Span { lo: -1, hi: 1 });
    let mut fresh = Vec::new();
    let outcome =
        s.run(&RunOptions::default(), None, &mut |r| fresh.push(r)).unwrap();
    assert_eq!(outcome.stop, Stop::Complete);
    assert!(fresh.len() >= 4, "{}", fresh.len());
    for mut r in fresh {
        let served = records
            .iter()
            .find(|c| c.space == r.space && c.family == r.family)
            .unwrap_or_else(|| panic!("{} is not served", r.family));
        r.index = served.index;
        assert_eq!(&r, served);
    }
}

/// The default answer lists the laws (verdict `law`), with the counts of
/// docs/LAWS.md's headers, the source and re-check command of each as
/// docs/LAWS.md prints them.
#[test]
fn laws_with_their_counts_sources_and_commands() {
    let addr = server();
    let (status, body) = get(addr, "/api/laws");
    assert_eq!(status, 200, "{body}");
    let records = records();
    assert_eq!(body["families"], records.len());
    for k in body["keys"].as_array().unwrap() {
        // "583 families: 313 with a law, 0 refuted on held-out rows, ..."
        let header = format!(
            "\n## {}\n\n{} families: {} with a law, {} refuted on held-out rows, {} not validated, {} with no simple law, {} not fitted.\n",
            k["key"].as_str().unwrap(),
            k["families"],
            k["law"],
            k["refuted"],
            k["unvalidated"],
            k["no_simple_law"],
            k["unfit"]
        );
        assert!(LAWS_MD.contains(&header), "{header}");
    }
    let laws: u64 = body["keys"]
        .as_array()
        .unwrap()
        .iter()
        .map(|k| k["law"].as_u64().unwrap())
        .sum();
    assert_eq!(body["matched"], laws);
    let rows = body["laws"].as_array().unwrap();
    assert_eq!(rows.len() as u64, laws.min(grundy_web::MAX_SHOWN as u64));
    for row in rows {
        let law = &row["laws"].as_array().unwrap()[0];
        assert_eq!(row["laws"].as_array().unwrap().len(), 1);
        assert_eq!(law["verdict"], "law");
        // The row is the family's JSON line, cut to the law.
        let record: FamilyLaws = serde_json::from_value(row.clone()).unwrap();
        let served =
            records.iter().find(|r| r.family == record.family).unwrap();
        assert!(served.laws.contains(&record.laws[0]));
        let command = check_command(&record, &record.laws[0]).unwrap();
        assert_eq!(row["command"], command.as_str());
        assert!(LAWS_MD.lines().any(|l| l == command), "{command}");
        let source = if record.space == "linear:2" {
            "Benesh et al. (2020)"
        } else {
            "this search"
        };
        assert_eq!(row["source"], source);
    }
}

/// Filters: key and shape give the catalogue's groups (docs/LAWS.md:
/// "### one formula, linear (284 families)" under period), text finds
/// formulas whatever their spacing, the verdict lists the others.
#[test]
fn filters() {
    let addr = server();
    let (status, body) =
        get(addr, "/api/laws?key=period&shape=one+formula,+linear");
    assert_eq!(status, 200, "{body}");
    let n = body["matched"].as_u64().unwrap();
    let period = LAWS_MD.split("\n## preperiod\n").next().unwrap();
    assert!(
        period
            .contains(&format!("\n### one formula, linear ({n} families)\n")),
        "{n}"
    );
    for row in body["laws"].as_array().unwrap() {
        assert_eq!(row["laws"][0]["key"], "period");
        assert_eq!(row["laws"][0]["shape"], "one formula, linear");
    }
    let shapes = body["shapes"].as_array().unwrap();
    assert!(shapes.contains(
        &json!({"key": "period", "shape": "one formula, linear", "laws": n})
    ));
    // {a, 2a+1}: period 3a + 1 (Benesh et al.), found as "3*a+1".
    let (status, body) = get(addr, "/api/laws?key=period&q=3*a%2B1");
    assert_eq!(status, 200, "{body}");
    let rows = body["laws"].as_array().unwrap();
    assert!(rows.iter().any(|r| r["family"] == "a,2*a+1"), "{body}");
    for r in rows {
        let text = r.to_string().replace(' ', "");
        assert!(text.contains("3*a+1"), "{r}");
    }
    // Sources are searched too: the two-element laws of Benesh et al.
    let (_, body) = get(addr, "/api/laws?q=benesh");
    let want = records()
        .iter()
        .filter(|r| r.space == "linear:2")
        .flat_map(|r| &r.laws)
        .filter(|l| l.verdict == LawVerdict::Law)
        .count();
    assert_eq!(body["matched"], want);
    assert!(want > 0);
    // Families with no simple law are listed on request.
    let (_, body) = get(addr, "/api/laws?key=period&verdict=no_simple_law");
    for r in body["laws"].as_array().unwrap() {
        assert_eq!(r["laws"][0]["verdict"], "no_simple_law");
        assert_eq!(r["command"], Value::Null);
    }
    let n = body["matched"].as_u64().unwrap();
    assert!(period.contains(&format!("\n### no simple law ({n} families)\n")));
    let (_, all) = get(addr, "/api/laws?verdict=all&q=zzz-nothing");
    assert_eq!((&all["matched"], &all["laws"]), (&json!(0), &json!([])));
}

#[test]
fn bad_filters_are_one_line() {
    let addr = server();
    for (query, field, words) in [
        (
            "key=perod",
            "key",
            "key \"perod\" is not in the catalogue; write one of period, preperiod",
        ),
        (
            "shape=round",
            "shape",
            "no law in the catalogue has the shape \"round\"",
        ),
        (
            "verdict=maybe",
            "verdict",
            "verdict \"maybe\" is not one of law, refuted, unvalidated, no_simple_law, unfit, all",
        ),
        ("keys=period", "query", "unknown parameter \"keys\""),
    ] {
        let (status, body) = get(addr, &format!("/api/laws?{query}"));
        assert_eq!(status, 400, "{query}: {body}");
        assert_eq!(body["field"], field);
        assert!(body["error"].as_str().unwrap().starts_with(words), "{body}");
    }
}
