//! `grundy fit` end to end (issue 17): laws from the literature found
//! from the sweep alone, re-checked by `grundy sweep --check`, tested on
//! further rows with `--validate`; no law on data without one; the JSON
//! contract; one-line errors with exit code 2.

use serde_json::{Value, json};

use crate::util::{grundy, run};

/// `grundy fit ARGS --json` (exit code `code`), parsed, and the raw line.
fn fit_json(args: &[&str], code: i32) -> (Value, String) {
    let mut all = vec!["fit"];
    all.extend(args);
    all.push("--json");
    let (out, _) = run(&all, code);
    (serde_json::from_str(&out).unwrap(), out)
}

/// The pieces as (when, formula).
fn pieces(v: &Value) -> Vec<(String, String)> {
    v["pieces"]
        .as_array()
        .unwrap()
        .iter()
        .map(|p| {
            let s = |k: &str| p[k].as_str().unwrap().to_string();
            (s("when"), s("formula"))
        })
        .collect()
}

fn owned(v: &[(&str, &str)]) -> Vec<(String, String)> {
    v.iter().map(|(a, b)| (a.to_string(), b.to_string())).collect()
}

/// Feeds each piece back to `grundy sweep FAMILY --check`, as docs/CLI.md
/// says a reader can: `KEY == if(WHEN, FORMULA, KEY)`, or `KEY ==
/// FORMULA` for a single piece. Every row must pass.
fn round_trip(family: &[&str], fit: &Value) {
    let key = fit["key"].as_str().unwrap();
    let list = fit["pieces"].as_array().unwrap();
    assert!(!list.is_empty());
    for p in list {
        let (when, formula) =
            (p["when"].as_str().unwrap(), p["formula"].as_str().unwrap());
        let check = if when == "true" {
            format!("{key} == {formula}")
        } else {
            format!("{key} == if({when}, {formula}, {key})")
        };
        let mut args = vec!["sweep"];
        args.extend(family);
        args.extend(["--check", &check]);
        let (out, _) = run(&args, 0);
        let rows = fit["rows"].as_u64().unwrap();
        assert!(
            out.contains(&format!(
                "check: {rows} passed, 0 counterexamples, 0 errors"
            )),
            "{check}: {out}"
        );
    }
}

/// The template of Bachet's game {1..k} as a family: the elements
/// min(j, k) for j = 2..20 (duplicates merge), so k = 1..20 gives {1..k}.
fn bachet() -> String {
    let mut t = "1".to_string();
    for j in 2..=20 {
        t.push_str(&format!(",min({j},k)"));
    }
    t
}

/// Source: Bachet's game, S = {1..k}: g(n) = n mod (k+1), so the period
/// is k + 1 and the largest value k (Berlekamp, Conway, Guy, Winning
/// Ways, ch. 4).
#[test]
fn bachet_period_is_k_plus_one() {
    let t = bachet();
    let family = [t.as_str(), "--param", "k=1..20"];
    let mut args = family.to_vec();
    args.extend(["--for", "period"]);
    let (v, _) = fit_json(&args, 0);
    assert_eq!(pieces(&v), owned(&[("true", "k + 1")]));
    assert_eq!((&v["rows"], &v["exceptions"]), (&json!(20), &json!([])));
    assert_eq!(v["pieces"][0]["confirming"], 18);
    round_trip(&family, &v);
    let mut args = family.to_vec();
    args.extend(["--for", "max_value"]);
    let (v, _) = fit_json(&args, 0);
    assert_eq!(pieces(&v), owned(&[("true", "k")]));
}

/// Source: two-element sets {a, a+1} have period 2a + 1 (Berlekamp,
/// Conway, Guy, Winning Ways, ch. 4: period a + b unless b is an odd
/// multiple of a).
#[test]
fn consecutive_pairs() {
    let family = ["a,a+1", "--param", "a=1..40"];
    let mut args = family.to_vec();
    args.extend(["--for", "period"]);
    let (v, _) = fit_json(&args, 0);
    assert_eq!(pieces(&v), owned(&[("true", "2*a + 1")]));
    round_trip(&family, &v);
    // The text says how much evidence there is.
    let mut args = vec!["fit"];
    args.extend(family);
    args.extend(["--for", "period"]);
    let (out, _) = run(&args, 0);
    assert!(out.contains("period = 2*a + 1"), "{out}");
    assert!(
        out.contains(
            "rows used: 40 (2 determine the coefficients, 38 confirming)"
        ),
        "{out}"
    );
    assert!(out.contains("exceptions: none"), "{out}");
    // One row determines a constant (issue 37: "1 determine").
    let args = ["fit", "a", "--param", "a=1..20", "--for", "max_value"];
    let (out, _) = run(&args, 0);
    assert!(
        out.contains(
            "rows used: 20 (1 determines the coefficients, 19 confirming)"
        ),
        "{out}"
    );
}

/// Source: S = {a, b}, a < b: pre-period 0; period 2a when b is an odd
/// multiple of a, else a + b (Berlekamp, Conway, Guy, Winning Ways,
/// ch. 4). This answers the learners' question in muzudho's notes on the
/// 31 game ("31game とは何か"): {1,2}, {2,3}, {3,4} have period a + b, but
/// {1,3}, {2,4}, {3,5} have 2, 6, 8.
#[test]
fn two_element_sets_and_the_learners_question() {
    let family = ["a,b", "--param", "a=1..30", "--param", "b=a+1..a+40"];
    let mut args = family.to_vec();
    args.extend(["--for", "period"]);
    let (v, _) = fit_json(&args, 0);
    assert_eq!(
        pieces(&v),
        owned(&[("b % (2*a) != a", "a + b"), ("b % (2*a) == a", "2*a")])
    );
    assert_eq!((&v["rows"], &v["exceptions"]), (&json!(1200), &json!([])));
    round_trip(&family, &v);
    let mut args = family.to_vec();
    args.extend(["--for", "preperiod"]);
    assert_eq!(pieces(&fit_json(&args, 0).0), owned(&[("true", "0")]));

    // The family {a, a+2} of the question: 2a + 2, except {1, 3}, which
    // is listed, not hidden.
    let (out, _) =
        run(&["fit", "a,a+2", "--param", "a=1..40", "--for", "period"], 0);
    assert!(out.contains("period = 2*a + 2"), "{out}");
    assert!(out.contains("exceptions: 1 row no piece explains:"), "{out}");
    assert!(out.contains("  a=1: period 2\n"), "{out}");
    let (v, _) =
        fit_json(&["a,a+2", "--param", "a=1..40", "--for", "period"], 0);
    assert_eq!(v["exceptions"], json!([{"a": 1, "period": 2}]));
}

const CONJ1: [&str; 5] =
    ["all-but:a,b,a+b,a+2b", "--param", "a=1..30", "--param", "b=a+1..a+30"];

/// Source: K. Suetsugu, T. Abuku, All-but Nim with FES sets of size 4,
/// Conjecture 1: X = {a, b, a+b, a+2b}, over the range the paper checked
/// (1 <= a <= 30, a+1 <= b <= a+30). Its cases f/(b-a) (which is 2a + b)
/// and f/gcd(a,b) (split by b mod 2a) are found as printed; its middle
/// case (b a multiple of a) has 81 counterexamples on this range
/// (docs/SWEEPS.md) and the data give 2b + 2(b mod 2a) there.
#[test]
fn all_but_nim_conjecture_1() {
    let mut args = CONJ1.to_vec();
    args.extend(["--for", "period"]);
    let (v, _) = fit_json(&args, 0);
    assert_eq!(
        pieces(&v),
        owned(&[
            ("b % a == 0", "2*b + 2*(b % (2*a))"),
            ("b < 2*a", "2*a + b"),
            (
                "b % (2*a) > 0 && b % (2*a) < a",
                "(b*b - a*(b % (2*a)))/gcd(a, b)"
            ),
            (
                "b >= 2*a && b % (2*a) > a",
                "(b*b + a*(b % (2*a)) - 2*a*a)/gcd(a, b)"
            ),
        ])
    );
    assert_eq!((&v["rows"], &v["exceptions"]), (&json!(900), &json!([])));
    round_trip(&CONJ1, &v);
    // The paper's own closed form of the second case, on the rows where
    // this law puts it: 2a + b = f/(b-a).
    let (out, _) = run(
        &[
            "sweep",
            CONJ1[0],
            "--param",
            "a=1..30",
            "--param",
            "b=a+1..2*a-1",
            "--check",
            "i = (b-a)/(2*a); j = (b-(2*i+1)*a)/a; k = b-(2*i+j+1)*a; \
             f = 4*(i+j)*(i+1)*a*a + (4*i+3)*k*a + k*k; \
             period*(b-a) == f && period == 2*a + b",
        ],
        0,
    );
    assert!(out.contains(" 0 counterexamples"), "{out}");
}

const LEMMA7: [&str; 5] =
    ["all-but:a,b,a+b,2a+b", "--param", "a=1..30", "--param", "b=2a+1..2a+30"];

/// Source: K. Suetsugu, T. Abuku, All-but Nim with FES sets of size 4,
/// Lemma 7 (period (2m+3)a + b when 2ma <= b <= (2m+1)a) and Conjecture 3
/// (period f'/gcd(a,b), f' = floor((b+2a-1)/2a)*4a^2 + 3a(b mod a), when
/// (2m+1)a < b < (2m+2)a), X = {a, b, a+b, 2a+b}, over the range the
/// paper checked (1 <= a <= 30, 2a+1 <= b <= 2a+30). With u = b mod 2a
/// (m = (b-u)/2a) they read 3a + 2b - u and a(a + 2b + u)/gcd(a, b).
#[test]
fn all_but_nim_lemma_7_and_conjecture_3() {
    let mut args = LEMMA7.to_vec();
    args.extend(["--for", "period"]);
    let (v, _) = fit_json(&args, 0);
    assert_eq!(
        pieces(&v),
        owned(&[
            ("b % (2*a) <= a", "3*a + 2*b - b % (2*a)"),
            ("b % (2*a) > a", "(a*a + 2*a*b + a*(b % (2*a)))/gcd(a, b)"),
        ])
    );
    assert_eq!((&v["rows"], &v["exceptions"]), (&json!(900), &json!([])));
    round_trip(&LEMMA7, &v);
}

/// The laws found on the paper's range, tested beyond it: `--validate`
/// computes a = 31..45 (450 new sets each) and every one is predicted.
/// (K. Suetsugu, T. Abuku, All-but Nim with FES sets of size 4: the
/// families of Conjecture 1 and of Lemma 7 / Conjecture 3.)
#[test]
fn validate_beyond_the_papers_range() {
    for family in [CONJ1, LEMMA7] {
        let mut args = family.to_vec();
        args.extend(["--for", "period", "--validate", "a=31..45"]);
        let (v, _) = fit_json(&args, 0);
        assert_eq!(
            v["validated"],
            json!({"range": "a=31..45", "rows": 450, "correct": 450, "wrong": []}),
            "{}",
            family[0]
        );
    }
    // New values of b for the same a reach every piece of Conjecture 1;
    // the 900 fitted rows are not counted again.
    let mut args = vec!["fit"];
    args.extend(CONJ1);
    args.extend(["--for", "period", "--validate", "b=a+1..a+60"]);
    let (out, _) = run(&args, 0);
    assert!(
        out.contains(
            "validated on b=a+1..a+60: 900 new rows with a value, 900 predicted correctly, 0 wrong\n"
        ),
        "{out}"
    );
    for piece in [
        "  piece 1: 120 correct, 0 wrong\n",
        "  piece 3: 430 correct, 0 wrong\n",
        "  piece 4: 350 correct, 0 wrong\n",
    ] {
        assert!(out.contains(piece), "{piece}: {out}");
    }
}

/// A law that fails beyond its rows is caught: {a, a+2} for a >= 2 is
/// 2a + 2 (Winning Ways, ch. 4: b = a + 2 is an odd multiple of a only for
/// a = 1), so a = 1, with period 2a = 2, is a wrong prediction (exit 1).
#[test]
fn validate_reports_wrong_predictions() {
    let args = [
        "a,a+2",
        "--param",
        "a=2..30",
        "--for",
        "period",
        "--validate",
        "a=1..31",
    ];
    let (v, _) = fit_json(&args, 1);
    assert_eq!(pieces(&v), owned(&[("true", "2*a + 2")]));
    assert_eq!(
        v["validated"],
        json!({"range": "a=1..31", "rows": 2, "correct": 1,
               "wrong": [{"a": 1, "period": 2, "predicted": 4}]})
    );
    let mut text = vec!["fit"];
    text.extend(args);
    let (out, _) = run(&text, 1);
    assert!(
        out.contains("validated on a=1..31: 2 new rows with a value, 1 predicted correctly, 1 wrong\n"),
        "{out}"
    );
    assert!(out.contains("  the formula: 1 correct, 1 wrong\n"), "{out}");
    assert!(out.contains("  a=1: period 2; piece 1 predicted 4\n"), "{out}");
}

/// Real data with no known law: the periods of every 3-element set of
/// 1..16. The output says so, offers no formula and exits 1.
#[test]
fn three_element_sets_have_no_simple_law() {
    let family = [
        "a,b,c", "--param", "c=3..16", "--param", "b=2..c-1", "--param",
        "a=1..b-1", "--for", "period",
    ];
    let mut args = vec!["fit"];
    args.extend(family);
    let (out, _) = run(&args, 1);
    assert!(out.contains("560 rows, 560 with a value\n"), "{out}");
    assert!(out.contains("no simple law: "), "{out}");
    assert!(out.contains("No formula is offered"), "{out}");
    assert!(!out.contains("period = "), "{out}");
    let (v, _) = fit_json(&family, 1);
    assert_eq!(v["pieces"], json!([]));
    assert_eq!(v["exceptions"].as_array().unwrap().len(), 560);
    args.push("--latex");
    let (out, _) = run(&args, 1);
    assert!(out.starts_with("% no simple law for period: "), "{out}");
}

/// SplitMix64 (Steele, Lea, Flood, Fast splittable pseudorandom number
/// generators, OOPSLA 2014), for random-looking rows.
fn splitmix(state: &mut u64) -> u64 {
    *state = state.wrapping_add(0x9E37_79B9_7F4A_7C15);
    let mut z = *state;
    z = (z ^ (z >> 30)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
    z = (z ^ (z >> 27)).wrapping_mul(0x94D0_49BB_1331_11EB);
    z ^ (z >> 31)
}

/// Random values in a sweep file: no simple law, whatever their range
/// (few distinct values make chance agreements likely).
#[test]
fn random_rows_have_no_simple_law() {
    let dir = tempfile::tempdir().unwrap();
    for (seed, range) in [(1, 1000), (2, 3)] {
        let mut s = seed;
        let mut csv = String::from(
            "a,b,set,preperiod,period,saltus,outcome_preperiod,outcome_period,max_value,positions,status\n",
        );
        for a in 1..=30 {
            for b in a + 1..=a + 30 {
                let p = 1 + splitmix(&mut s) % range;
                csv.push_str(&format!(
                    "{a},{b},\"{a},{b}\",0,{p},0,0,{p},1,100,found\n"
                ));
            }
        }
        let path = dir.path().join(format!("random-{seed}.csv"));
        std::fs::write(&path, csv).unwrap();
        let path = path.to_str().unwrap();
        let (out, _) = run(&["fit", "--from", path, "--for", "period"], 1);
        assert!(out.contains("no simple law: "), "{out}");
        let (v, _) = fit_json(&["--from", path, "--for", "period"], 1);
        assert_eq!(v["pieces"], json!([]));
        assert_eq!(v["family"], path);
        assert_eq!(v["exceptions"].as_array().unwrap().len(), 900);
    }
}

/// `--from` reads what `grundy sweep` wrote, CSV or JSON Lines, from a
/// file or stdin, and finds what the sweep run in-process finds.
#[test]
fn from_files_and_stdin() {
    let family = ["a,b", "--param", "a=1..30", "--param", "b=a+1..a+40"];
    let mut direct = family.to_vec();
    direct.extend(["--for", "period"]);
    let (want, _) = fit_json(&direct, 0);
    let dir = tempfile::tempdir().unwrap();
    for format in ["csv", "jsonl"] {
        let path = dir.path().join(format!("rows.{format}"));
        let path = path.to_str().unwrap();
        let mut sweep = vec!["sweep"];
        sweep.extend(family);
        sweep.extend(["--format", format, "-o", path]);
        run(&sweep, 0);
        let (v, _) = fit_json(&["--from", path, "--for", "period"], 0);
        assert_eq!(v["family"], path);
        assert_eq!(
            (&v["pieces"], &v["rows"], &v["exceptions"]),
            (&want["pieces"], &want["rows"], &want["exceptions"])
        );
        // With the template too, the report names the family, and
        // --validate can compute more of it.
        let mut args = family.to_vec();
        args.extend([
            "--from",
            path,
            "--for",
            "period",
            "--validate",
            "a=31..35",
        ]);
        let (v, _) = fit_json(&args, 0);
        assert_eq!(v["family"], "a,b");
        assert_eq!(v["validated"]["correct"], 200);
        let text = std::fs::read_to_string(path).unwrap();
        let out = grundy(&["fit", "--from", "-", "--for", "period", "--json"])
            .write_stdin(text)
            .output()
            .unwrap();
        assert_eq!(out.status.code(), Some(0));
        let v: Value = serde_json::from_slice(&out.stdout).unwrap();
        assert_eq!(
            (&v["family"], &v["pieces"]),
            (&json!("-"), &want["pieces"])
        );
    }
}

/// The JSON contract (docs/JSON.md, "grundy fit ... --json"): these keys, in this
/// order; rows as objects of the parameters and the key.
#[test]
fn json_contract() {
    let (_, raw) =
        fit_json(&["a,a+2", "--param", "a=1..40", "--for", "period"], 0);
    assert_eq!(
        raw,
        "{\"family\":\"a,a+2\",\"key\":\"period\",\"params\":[\"a\"],\"rows\":40,\
         \"pieces\":[{\"when\":\"true\",\"formula\":\"2*a + 2\",\"rows\":39,\"confirming\":37}],\
         \"exceptions\":[{\"a\":1,\"period\":2}],\"validated\":null}\n"
    );
    let (_, raw) = fit_json(
        &[
            "a,a+2",
            "--param",
            "a=2..12",
            "--for",
            "period",
            "--validate",
            "a=1..13",
        ],
        1,
    );
    assert!(
        raw.ends_with(
            ",\"validated\":{\"range\":\"a=1..13\",\"rows\":2,\"correct\":1,\
             \"wrong\":[{\"a\":1,\"period\":2,\"predicted\":4}]}}\n"
        ),
        "{raw}"
    );
}

/// `--latex`: a cases environment with the evidence in comments.
#[test]
fn latex() {
    let (out, _) = run(
        &[
            "fit",
            LEMMA7[0],
            "--param",
            "a=1..30",
            "--param",
            "b=2a+1..2a+30",
            "--for",
            "period",
            "--latex",
        ],
        0,
    );
    assert!(out.starts_with("\\[\n"), "{out}");
    assert!(out.contains("\\mathrm{period}(a, b) = \\begin{cases}"), "{out}");
    assert!(out.contains("\\end{cases}\n\\]\n"), "{out}");
    assert!(out.contains("% piece 1: 640 rows, 636 confirming"), "{out}");
}

/// Bad input: one line on stderr, `grundy: ...`, and exit code 2.
#[test]
fn bad_input() {
    let dir = tempfile::tempdir().unwrap();
    let not_sweep = dir.path().join("not-a-sweep.csv");
    std::fs::write(&not_sweep, "x,y\n1,2\n").unwrap();
    let bad_value = dir.path().join("bad-value.csv");
    std::fs::write(&bad_value, "a,set,period\n1,\"1,2\",three\n").unwrap();
    let missing = dir.path().join("missing.csv");
    let (not_sweep, bad_value, missing) = (
        not_sweep.to_str().unwrap(),
        bad_value.to_str().unwrap(),
        missing.to_str().unwrap(),
    );
    let ab = ["fit", "a,b", "--param", "a=1..5", "--param", "b=a+1..9"];
    let with = |extra: &[&'static str]| {
        let mut v = ab.to_vec();
        v.extend(extra);
        v
    };
    let cases: Vec<(Vec<&str>, &str)> = vec![
        (
            with(&["--for", "perod"]),
            "grundy: unknown key \"perod\"; use one of preperiod, period, saltus, outcome_preperiod, outcome_period, max_value",
        ),
        (
            with(&["--for", "period", "--degree", "50"]),
            "grundy: degree 50 is too high; use a degree from 0 to 6 (default 3)",
        ),
        (
            with(&["--for", "period", "--degree", "x"]),
            "grundy: --degree \"x\" is not a degree; use a whole number from 0 to 6 (default 3)",
        ),
        (
            vec![
                "fit", "a,b", "--param", "a=1..1", "--param", "b=2..2",
                "--for", "period",
            ],
            "grundy: 1 row, 1 with a value for period; a fit needs at least 2 rows with a value (widen the parameter ranges or raise the budget)",
        ),
        (
            with(&["--for", "period", "--validate", "z=1..5"]),
            "grundy: --validate \"z=1..5\" names no parameter of the family; its parameters are a, b",
        ),
        (
            with(&["--for", "period", "--validate", "=1..2"]),
            "grundy: --validate \"=1..2\": write NAME=LO..HI with a parameter of the family (a, b), e.g. a=31..60",
        ),
        (
            with(&["--for", "period", "--validate", "a=1..2"]),
            "grundy: --validate a=1..2 adds no rows beyond the 30 fitted; give a range past them",
        ),
        (
            vec![
                "fit",
                "all-but:a,a+1",
                "--param",
                "a=1..9",
                "--for",
                "max_value",
            ],
            "grundy: the family's sets have no max_value (all-but sets have unbounded values); fit another key, e.g. --for period",
        ),
        (
            vec!["fit", "--from", not_sweep, "--for", "period"],
            "not a grundy sweep: no \"set\" column after the parameters",
        ),
        (
            vec!["fit", "--from", bad_value, "--for", "period"],
            "line 2: period \"three\" is not an integer",
        ),
        (vec!["fit", "--from", missing, "--for", "period"], "cannot read"),
        (
            vec![
                "fit",
                "--from",
                bad_value,
                "--for",
                "period",
                "--validate",
                "a=2..3",
            ],
            "grundy: --validate computes the family further",
        ),
        (
            vec![
                "fit", "--from", bad_value, "--param", "a=1..3", "--for",
                "period",
            ],
            "grundy: --param \"a=1..3\" needs the family's template",
        ),
        (vec!["fit", "--for", "period"], "grundy: describe the family"),
        (
            vec![
                "fit",
                "all-but:a,a+1",
                "--param",
                "a=1..5",
                "--for",
                "max_value",
            ],
            "grundy: the family's sets have no max_value",
        ),
        (
            with(&["--for", "period", "--timeout", "0"]),
            "grundy: --timeout \"0\" must be a positive number of seconds",
        ),
    ];
    for (args, want) in cases {
        let (out, err) = run(&args, 2);
        assert!(out.is_empty(), "{args:?}: {out}");
        assert!(err.contains(want), "{args:?}: {err}");
        assert!(err.starts_with("grundy: "), "{args:?}: {err}");
        assert_eq!(err.lines().count(), 1, "{args:?}: {err}");
    }
}

/// Issue 37: `fit --from` could not read what `sweep -o` writes
/// compressed ("stream did not contain valid UTF-8"); `.csv.gz` and
/// `.csv.zst` (also from stdin) give the fit of the plain file.
#[test]
fn issue_37_fit_reads_compressed_sweeps() {
    let dir = tempfile::tempdir().unwrap();
    let family = ["a,b", "--param", "a=1..12", "--param", "b=a+1..a+12"];
    let fit_of = |path: &str| {
        let (v, _) = fit_json(&["--from", path, "--for", "period"], 0);
        (v["pieces"].clone(), v["rows"].clone(), v["exceptions"].clone())
    };
    let mut want = None;
    for name in ["rows.csv", "rows.csv.gz", "rows.csv.zst", "rows.jsonl.zst"] {
        let path = dir.path().join(name);
        let path = path.to_str().unwrap();
        let mut sweep = vec!["sweep"];
        sweep.extend(family);
        if name.contains("jsonl") {
            sweep.extend(["--format", "jsonl"]);
        }
        sweep.extend(["-o", path]);
        run(&sweep, 0);
        let got = fit_of(path);
        assert_eq!(got.1, 144, "{name}");
        assert_eq!(&got, want.get_or_insert_with(|| got.clone()), "{name}");
        let bytes = std::fs::read(path).unwrap();
        let out = grundy(&["fit", "--from", "-", "--for", "period", "--json"])
            .write_stdin(bytes)
            .output()
            .unwrap();
        assert_eq!(out.status.code(), Some(0), "{name} on stdin");
        let v: Value = serde_json::from_slice(&out.stdout).unwrap();
        assert_eq!(v["pieces"], got.0, "{name} on stdin");
    }
}

/// Issue 37: the first SIGINT/SIGTERM only set the stop flag of `fit`'s
/// sweep, but `fit --from FIFO` waiting for a writer never looked at it
/// (it ran ten minutes under `timeout 5`). The wait now ends at once.
#[cfg(unix)]
#[test]
fn issue_37_the_first_signal_ends_a_wait_on_a_fifo() {
    use std::process::{Command, Stdio};
    use std::time::Duration;
    let dir = tempfile::tempdir().unwrap();
    let fifo = dir.path().join("rows.csv");
    let made = Command::new("mkfifo").arg(&fifo).status().unwrap();
    assert!(made.success());
    let fifo = fifo.to_str().unwrap();
    let cases: [&[&str]; 2] = [
        &["fit", "--from", fifo, "--for", "period"],
        // With a family too (the sweep of --validate stops gracefully).
        &[
            "fit",
            "a,b",
            "--param",
            "a=1..3",
            "--param",
            "b=a+1..4",
            "--from",
            fifo,
            "--for",
            "period",
            "--validate",
            "a=4..5",
        ],
    ];
    for (args, signal) in cases.iter().zip(["TERM", "INT"]) {
        let mut child = Command::new(assert_cmd::cargo::cargo_bin("grundy"))
            .args(*args)
            .stdin(Stdio::null())
            .stdout(Stdio::null())
            .stderr(Stdio::piped())
            .spawn()
            .unwrap();
        std::thread::sleep(Duration::from_millis(500));
        let code = crate::util::signal_and_wait(&mut child, signal);
        assert_eq!(code, Some(130), "{args:?}");
        let mut err = String::new();
        std::io::Read::read_to_string(
            child.stderr.as_mut().unwrap(),
            &mut err,
        )
        .unwrap();
        assert_eq!(err, "grundy: interrupted\n", "{args:?}");
    }
}
