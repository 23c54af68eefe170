use crate::util::{json, run};

#[test]
fn json_contract() {
    let v = json(&["period", "2,3,7", "--json"]);
    // CGSuite: {2,3,7} has period 5 from the start.
    assert_eq!(
        (v["preperiod"].as_u64(), v["period"].as_u64()),
        (Some(0), Some(5))
    );
    assert_eq!(v["saltus"], 0);
    assert!(
        v["outcome"]["preperiod"].is_u64() && v["outcome"]["period"].is_u64()
    );
    assert!(v["positions"].as_u64().unwrap() > 0);
    assert_eq!(v["certificate"]["window"], 7);
}

#[test]
fn two_element_sets() {
    // Source: Benesh et al., INTEGERS 20 (2020): {a,b} has pre-period 0 and
    // period 2a when b is an odd multiple of a, else a + b.
    for (set, period) in
        [("3,5", 8), ("3,9", 6), ("4,8", 12), ("5,15", 10), ("7,10", 17)]
    {
        let v = json(&["period", set, "--json"]);
        assert_eq!(
            (v["preperiod"].as_u64(), v["period"].as_u64()),
            (Some(0), Some(period)),
            "{set}"
        );
    }
}

#[test]
fn misere_periods() {
    // Misère {1,2,3}: P iff n = 1 mod 4: pre-period 0, period 4.
    let v = json(&["period", "1-3", "--misere", "--json"]);
    assert_eq!(
        (v["preperiod"].as_u64(), v["period"].as_u64()),
        (Some(0), Some(4))
    );
    assert_eq!(v["play"], "misere");
}

#[test]
fn text_shows_certificate_and_work() {
    let (out, _) = run(&["period", "2,3,5"], 0);
    assert!(out.contains("grundy:       pre-period 0, period 7\n"), "{out}");
    assert!(out.contains("certificate:"), "{out}");
    assert!(out.contains("positions in"), "{out}");
}

#[test]
fn budget_exhausted_exits_1() {
    let (out, err) = run(
        &[
            "period",
            "5000,10001,15001",
            "--max-positions",
            "100000",
            "--engine",
            "block",
        ],
        1,
    );
    assert!(out.is_empty());
    let err = err.trim_end();
    assert!(err.starts_with("grundy: no period found within "), "{err}");
    assert!(
        err.ends_with(
            r#" positions for "5000,10001,15001"; raise --max-positions"#
        ),
        "{err}"
    );
}

#[test]
fn run_length_budget_counts_segments() {
    let (out, err) =
        run(&["period", "5000,10001,15001", "--max-positions", "1000"], 1);
    assert!(out.is_empty());
    assert!(
        err.trim_end().starts_with(
            "grundy: no period found within 1000 run segments for"
        ),
        "{err}"
    );
}

#[test]
fn engines_are_chosen_and_forced() {
    // {a, 2a+1, 3a+1}: long runs, so `auto` takes the run-length engine;
    // the period is 4a^2 + 3a (a = 500: 1,001,500).
    let auto = json(&["period", "500,1001,1501", "--json"]);
    assert_eq!(auto["engine"], "runs");
    assert!(auto["segments"].as_u64().unwrap() > 0);
    let block =
        json(&["period", "500,1001,1501", "--json", "--engine", "block"]);
    assert_eq!(block["engine"], "block-u8");
    assert!(block["segments"].is_null());
    for key in ["preperiod", "period", "outcome", "max_value"] {
        assert_eq!(auto[key], block[key], "{key}");
    }
    assert_eq!(auto["period"], 1_001_500);
    let small = json(&["period", "2,3,5", "--json"]);
    assert_eq!(small["engine"], "block-u8");
    let forced = json(&["period", "2,3,5", "--json", "--engine", "runs"]);
    assert_eq!(
        (forced["engine"].as_str(), forced["period"].as_u64()),
        (Some("runs"), Some(7))
    );
}

#[test]
fn unknown_engine_is_a_usage_error() {
    let (out, err) = run(&["period", "2,3,5", "--engine", "simd"], 2);
    assert!(out.is_empty());
    assert_eq!(
        err.trim_end(),
        r#"grundy: unknown engine "simd"; use auto, block or runs"#
    );
}

#[test]
fn a_forced_engine_on_an_all_but_set_is_a_warning() {
    let (out, err) =
        run(&["period", "all-but:2,3,6,8", "--engine", "runs", "--json"], 0);
    let report: serde_json::Value = serde_json::from_str(&out).unwrap();
    assert_eq!(
        (&report["engine"], &report["period"]),
        (&"fes".into(), &9.into())
    );
    assert_eq!(
        err.trim_end(),
        "grundy: warning: --engine runs applies to finite sets; all-but sets always use the FES engine"
    );
}

/// The certificate line of `grundy period ARGS` (without its label), after
/// checking that `--json` carries the same sentence as
/// `certificate_text`: the library words it once for every front end.
fn certificate_line(args: &[&str]) -> String {
    let (text, _) = run(args, 0);
    let line = text
        .lines()
        .find_map(|l| l.strip_prefix("certificate:  "))
        .unwrap_or_else(|| panic!("no certificate line: {text}"));
    let json_args = [args, &["--json"]].concat();
    let v = json(&json_args);
    assert_eq!(v["certificate_text"], line, "{args:?}");
    line.to_string()
}

// issue 35 §1: one sentence per kind of certificate, the same in the text
// and the JSON. See: issues show 35.
#[test]
fn issue_35_window_certificate() {
    assert_eq!(
        certificate_line(&["period", "2,3,7", "--engine", "block"]),
        "g(n + 5) = g(n) for every n in [0, 9), all the n the search compared; the last m = 7 of them (m = max S: each value depends only on the m values before it) make a whole window repeat, so it holds for all n >= 0"
    );
    assert_eq!(
        certificate_line(&["period", "3,5,9", "--misere"]),
        "o(n + 2) = o(n), where o(n) is 0 at a P-position and 1 at an N-position, for every n in [14, 24), all the n the search compared; the last m = 9 of them (m = max S: each value depends only on the m values before it) make a whole window repeat, so it holds for all n >= 14"
    );
    let runs = certificate_line(&["period", "5,11,16", "--engine", "runs"]);
    assert!(
        runs.contains(
            "make a whole window repeat, so it holds for all n >= 0"
        )
    );
}

#[test]
fn issue_35_pattern_certificate() {
    // Suetsugu-Abuku, section 1.2: X = {2, 3, 6, 8}, pre-period 42,
    // period 9, saltus 3.
    assert_eq!(
        certificate_line(&["period", "all-but:2,3,6,8"]),
        "for all-but:2,3,6,8, the FES boundary pattern before step 14 (first undetermined position 39, 8 positions) recurs 3 steps later, 9 positions on, so g(n + 9) = g(n) + 3 wherever g(n) >= 14; the positions of each smaller value k were compared with those of value k + 3"
    );
    // After the gcd reduction (Theorem 6), of the reduced set, whose line
    // comes first.
    let (text, _) = run(&["period", "all-but:3"], 0);
    assert!(
        text.contains(
            "gcd:          reduced by d = 3 to all-but:1\ncertificate:  for all-but:1, the FES boundary pattern before step 0 (first undetermined position 0, 1 positions) recurs 1 step later, 2 positions on, "
        ),
        "{text}"
    );
}

#[test]
fn issue_35_positions_within_certificate() {
    assert_eq!(
        certificate_line(&["period", "all-but:2,3,6,8", "--misere"]),
        "two P-positions differ by an element of X, so every P-position lies in [1, 9] and every heap from 10 on is N"
    );
}

#[test]
fn issue_35_guy_smith_certificate() {
    // Kayles: pre-period 71, period 12 (Winning Ways ch. 4).
    assert_eq!(
        certificate_line(&["period", "0.77"]),
        "g(n + 12) = g(n) for every n in [71, 156), the Guy-Smith bound 2 n0 + p + t = 156 (code length t = 2, a move leaves at most 2 heaps), so by the Guy-Smith periodicity theorem it holds for all n >= 71"
    );
    // A code that never splits, and a hexadecimal one that splits in
    // three: their own bounds.
    assert_eq!(
        certificate_line(&["period", "0.1"]),
        "g(n + 1) = g(n) for every n in [2, 3), the Guy-Smith bound max(n0 + t, t + 1) = 3 (code length t = 1, a move leaves at most 0 heaps), so by the Guy-Smith periodicity theorem it holds for all n >= 2"
    );
    assert!(
        certificate_line(&["period", "4.f"])
            .contains("the Guy-Smith bound 3 n0 + 2 p + t = 8 (code length t = 1, a move leaves at most 3 heaps)")
    );
}
