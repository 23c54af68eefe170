//! `grundy laws` on two-parameter spaces (issue 38): the families {a, b,
//! c1*a + c2*b + d} and {a, b} over the region a < b, each law fitted
//! on a small triangle of (a, b), validated on one larger in every
//! direction, and re-checked against periods computed afresh at (a, b)
//! outside both; the catalogue's commands re-check the laws; shards
//! merge into what one process writes; bad input in one line.
//! See: issue 38.

use serde_json::Value;

use crate::laws::shell_words;
use crate::util::{grundy, run};

/// {a, b} and the families {a, b, c1*a + c2*b + d} with c1, c2 in 0..2
/// and d in -2..2, fitted on 1 <= a < b <= 12 and validated on 1 <= a <
/// b <= 48.
const SPACE: [&str; 10] = [
    "linear2:2",
    "linear2:3",
    "--coefficients",
    "0..2",
    "--shifts=-2..2",
    "--fit",
    "1..12",
    "--validate",
    "1..48",
    "--for=period",
];

fn records(extra: &[&str]) -> Vec<Value> {
    let mut args = vec!["laws"];
    args.extend(SPACE);
    args.extend(extra);
    let (out, _) = run(&args, 0);
    out.lines().map(|l| serde_json::from_str(l).unwrap()).collect()
}

/// The set of a family at (a, b) from its record, or `None` where its
/// third element is not positive.
fn set_at(record: &Value, a: i64, b: i64) -> Option<String> {
    let c: Vec<i64> = record["coefficients"]
        .as_array()
        .unwrap()
        .iter()
        .map(|c| c.as_i64().unwrap())
        .collect();
    let d: Vec<i64> = record["shifts"]
        .as_array()
        .unwrap()
        .iter()
        .map(|d| d.as_i64().unwrap())
        .collect();
    let mut elements = vec![a, b];
    if let ([c1, c2], [d]) = (c.as_slice(), d.as_slice()) {
        let x = c1 * a + c2 * b + d;
        if x < 1 {
            return None;
        }
        elements.push(x);
    }
    let list: Vec<String> = elements.iter().map(i64::to_string).collect();
    Some(list.join(","))
}

/// Source: S = {a, b}, a < b: period 2a when b is an odd multiple of a,
/// otherwise a + b, and pre-period 0 (B. Benesh et al., INTEGERS 20,
/// 2020; docs/REFERENCES.md). The search finds it for `linear2:2` from
/// the 66 members with b <= 12 and holds it on the 1,062 held out, b/a
/// up to 48. Every law of the space is then re-checked with its own
/// `--check` expressions against periods computed afresh by
/// `grundy::period` at (a, b) with b beyond the validation range (53, 61,
/// 97), never seen by the search.
#[test]
fn two_parameter_laws_hold_beyond_both_regions() {
    let got = records(&[]);
    // 1 + 45 choices of (c1, c2, d), less the 7 whose element is a, b
    // or a constant.
    assert_eq!(got.len(), 39);
    let ab = &got[0];
    assert_eq!(
        (ab["space"].as_str(), ab["family"].as_str()),
        (Some("linear2:2"), Some("a,b"))
    );
    assert_eq!(ab["fit"], "a=1..11, b=a+1..12");
    assert_eq!(ab["validate"], "a=1..47, b=a+1..48");
    let law = &ab["laws"][0];
    assert_eq!(law["verdict"], "law", "{law}");
    assert_eq!(law["params"], serde_json::json!(["a", "b"]));
    let pieces: Vec<(&str, &str)> = law["pieces"]
        .as_array()
        .unwrap()
        .iter()
        .map(|p| (p["when"].as_str().unwrap(), p["formula"].as_str().unwrap()))
        .collect();
    assert_eq!(
        pieces,
        [("b % (2*a) != a", "a + b"), ("b % (2*a) == a", "2*a")]
    );
    let v = &law["validated"];
    assert_eq!(v["range"], "a=1..47, b=13..48, b/a up to 48");
    assert_eq!(
        (v["rows"].as_u64(), v["correct"].as_u64()),
        (Some(1062), Some(1062))
    );
    let mut checked = 0;
    let mut laws = 0;
    for r in &got {
        for law in r["laws"].as_array().unwrap() {
            if law["verdict"] != "law" {
                continue;
            }
            laws += 1;
            let v = &law["validated"];
            assert_eq!(v["rows"], v["correct"], "{law}");
            for b in [53, 61, 97] {
                for a in [1, 2, 3, 5, 8, 13, 26, 52] {
                    let Some(set) = set_at(r, a, b) else { continue };
                    checked += crate::laws::checks_pass(
                        law,
                        &set,
                        &["a", "b"],
                        &[a, b],
                    );
                }
            }
        }
    }
    assert!(laws >= 4, "only {laws} laws");
    assert!(checked >= 100, "only {checked} checks");
}

/// The example: {a, 2a, b}'s pre-period 0 holds on the fitted
/// triangle but not with b/a larger ({2, 4, 13} has pre-period 14): the
/// search reports it refuted, naming that row, not a law.
#[test]
fn a_law_of_the_fitted_ratios_is_refuted_beyond_them() {
    let (out, _) = run(
        &[
            "laws",
            "linear2:3",
            "--coefficients",
            "0..2",
            "--shifts",
            "0..0",
            "--fit",
            "1..12",
            "--validate",
            "1..48",
            "--for",
            "preperiod",
        ],
        0,
    );
    let r: Value = out
        .lines()
        .map(|l| serde_json::from_str::<Value>(l).unwrap())
        .find(|r| r["family"] == "a,b,2*a")
        .expect("{a, b, 2a} is in the space");
    let law = &r["laws"][0];
    assert_eq!(law["verdict"], "refuted", "{law}");
    assert_eq!(law["pieces"][0]["formula"], "0");
    let wrong = &law["validated"]["wrong"][0];
    assert_eq!(
        (wrong["a"].as_i64(), wrong["b"].as_i64()),
        (Some(2), Some(13))
    );
    assert_eq!(wrong["preperiod"].as_i64(), Some(14));
}

/// The catalogue groups the two-parameter laws by shape, and each of its
/// `grundy sweep ... --check` commands, run as printed (the members
/// where the third element is a or b skipped by its guard), exits 0.
#[test]
fn catalogue_commands_re_check_two_parameter_laws() {
    let mut args = vec!["laws"];
    args.extend(SPACE);
    args.extend(["--format", "md"]);
    let (md, _) = run(&args, 0);
    assert!(md.starts_with("# Laws of linear2:2, linear2:3\n"), "{md}");
    assert!(
        md.contains(
            "each family fitted on 1<=a<b<=12 and validated on 1<=a<b<=48"
        ),
        "{md}"
    );
    assert!(md.contains("- linear2:2: 1 family, {a, b}\n"), "{md}");
    assert!(
        md.contains(
            "- linear2:3: 38 families (45 choices of c1, c2, d; 7 left out"
        ),
        "{md}"
    );
    assert!(md.contains("### 2 pieces by b % (2*a), linear ("), "{md}");
    assert!(md.contains("| `a,b` | `b % (2*a) != a`: `period = a + b`<br>`b % (2*a) == a`: `period = 2*a` | 66 | 1062/1062 (a=1..47, b=13..48, b/a up to 48) | 0 | none | Benesh et al. (2020) |"), "{md}");
    let mut commands = 0;
    for line in md.lines() {
        let Some(command) = line.strip_prefix("grundy ") else {
            continue;
        };
        commands += 1;
        assert!(
            line.contains(" --param 'a=") && line.contains(" --param 'b="),
            "{line}"
        );
        let argv = shell_words(command);
        let argv: Vec<&str> = argv.iter().map(String::as_str).collect();
        let (out, _) = run(&argv, 0);
        assert!(out.contains(" 0 counterexamples, 0 errors"), "{line}: {out}");
    }
    assert!(commands >= 4, "{md}");
}

/// Two shards, merged, give the bytes of one process, JSON lines and
/// catalogue; a search stopped by --max-time resumes to the same file.
#[test]
fn two_parameter_shards_merge_and_resume() {
    let dir = tempfile::tempdir().unwrap();
    let d = dir.path();
    let laws = |extra: &[&str], code: i32| {
        let mut args = vec!["laws"];
        args.extend(SPACE);
        args.extend(extra);
        let out = grundy(&args).current_dir(d).output().unwrap();
        assert_eq!(out.status.code(), Some(code), "{args:?}: {out:?}");
        String::from_utf8(out.stdout).unwrap()
    };
    let read = |name: &str| std::fs::read_to_string(d.join(name)).unwrap();
    let one = laws(&[], 0);
    let md = laws(&["--format", "md"], 0);
    laws(&["--shard", "0/2", "-o", "0.jsonl"], 0);
    laws(&["--shard", "1/2", "-o", "1.jsonl"], 0);
    assert_eq!(laws(&["--merge", "1.jsonl", "0.jsonl"], 0), one);
    assert_eq!(
        laws(&["--format", "md", "--merge", "0.jsonl", "1.jsonl"], 0),
        md
    );
    laws(&["-o", "r.jsonl", "--max-time", "0.5"], 1);
    let kept = read("r.jsonl.journal").lines().count() - 1;
    assert!(kept < 39, "{kept} families within 0.5 s");
    laws(&["-o", "r.jsonl", "--resume"], 0);
    assert_eq!(read("r.jsonl"), one);
}

/// Bad input: one line naming the flag and the fix, exit code 2, before
/// any work.
#[test]
fn bad_two_parameter_input_is_one_line() {
    let base =
        ["laws", "linear2:3", "--coefficients", "0..2", "--shifts=-2..2"];
    let cases: &[(&[&str], &str)] = &[
        (
            &["--fit", "5..20", "--validate", "6..80"],
            "grundy: --validate: the validation range 6..80 starts above the fitting range 5..20; for two-parameter families the region a < b validated must hold the fitted one and be larger in every direction, e.g. 5..80\n",
        ),
        (
            &["--fit", "1..20", "--validate", "1..60"],
            "grundy: --validate: the validation range 1..60 does not reach 4 times the top of the fitting range 1..20 (b=80); for two-parameter families the ratio b/a held out must reach well beyond the fitted one, e.g. 1..80\n",
        ),
    ];
    for (extra, want) in cases {
        let mut args = base.to_vec();
        args.extend(*extra);
        let (out, err) = run(&args, 2);
        assert_eq!((out.as_str(), err.as_str()), ("", *want), "{args:?}");
    }
    let (_, err) = run(
        &["laws", "linear2:3", "--coefficients=-1..2", "--shifts", "0..0"],
        2,
    );
    assert!(
        err.starts_with(
            "grundy: --coefficients: coefficients -1..2 include -1;"
        ),
        "{err}"
    );
    assert_eq!(err.lines().count(), 1, "{err}");
    let (_, err) = run(
        &["laws", "linear2:4", "--coefficients", "0..2", "--shifts", "0..0"],
        2,
    );
    assert!(err.starts_with("grundy: \"linear2:4\" is not a space;"), "{err}");
    assert_eq!(err.lines().count(), 1, "{err}");
}
