//! All-but (cofinite) sets on the command line (issue 3).
// See: issue 3, "All-but (cofinite) subtraction sets".

use crate::util::{json, run};

#[test]
fn issue_3_values_all_but_2_3_7() {
    // Seed 003, Lemma 2: no two elements of {2,3,7} differ by 2, so
    // g(n) = 2 floor(n / 4) + (n mod 2), as for X = {2}.
    let v = json(&["values", "all-but:2,3,7", "--to", "40", "--json"]);
    let want: Vec<u64> = (0..=40).map(|n| 2 * (n / 4) + n % 2).collect();
    assert_eq!(v["values"], serde_json::json!(want));
    assert_eq!(v["set"], "all-but:2,3,7");
    assert_eq!(&v["outcomes"].as_str().unwrap()[..4], "PNPN");
}

#[test]
fn issue_3_period_json_keys() {
    let v = json(&["period", "all-but:2,3,6,8", "--json"]);
    // Siegel's example: not purely periodic.
    assert!(v["preperiod"].as_u64().unwrap() > 0);
    assert_eq!(
        (v["period"].as_u64(), v["saltus"].as_u64()),
        (Some(9), Some(3))
    );
    assert_eq!(v["outcome"]["period"], 1);
    assert_eq!(v["engine"], "fes");
    assert_eq!(v["reduced"], serde_json::Value::Null);
    assert_eq!(v["certificate"]["sequence"], "pattern");
    assert_eq!(v["pattern_cycle"]["steps"], 3);
}

#[test]
fn issue_3_gcd_reduction_is_reported() {
    let (out, _) = run(&["period", "all-but:3,6,9"], 0);
    assert!(out.contains("reduced by d = 3 to all-but:1,2,3"), "{out}");
    assert!(
        out.contains("grundy:       pre-period 0, period 12, saltus 3"),
        "{out}"
    );
    let v = json(&["period", "all-but:3,6,9", "--json"]);
    assert_eq!(
        v["reduced"],
        serde_json::json!({"by": 3, "to": "all-but:1,2,3"})
    );
}

#[test]
fn issue_3_misere_outcome_period() {
    let v = json(&["period", "all-but:2,3,6,8", "--misere", "--json"]);
    assert_eq!(
        (v["period"].as_u64(), v["saltus"].as_u64()),
        (Some(1), Some(0))
    );
    assert_eq!(v["certificate"]["sequence"], "outcome");
    let (out, _) = run(&["period", "all-but:2,3,6,8", "--misere"], 0);
    assert!(out.contains("every heap from"), "{out}");
}

#[test]
fn issue_3_heap_huge_all_but() {
    // g(n) = 2 floor(n / 4) + (n mod 2) for all-but:2,3,7 (Suetsugu-Abuku,
    // Lemma 2); P-positions 0 and 2, misère P-positions 1 and 3.
    let v = json(&["heap", "all-but:2,3,7", "1000000000000000003", "--json"]);
    assert_eq!(v["grundy"].as_u64(), Some(500_000_000_000_000_001));
    assert_eq!(v["outcome"], "N");
    assert_eq!(
        v["winning_moves"],
        serde_json::json!(["1000000000000000001", "1000000000000000003"])
    );
    assert_eq!(
        v["misere_winning_moves"],
        serde_json::json!(["1000000000000000000", "1000000000000000002"])
    );
}

#[test]
fn issue_3_heap_value_above_64_bits_is_an_error() {
    let (out, err) =
        run(&["heap", "all-but:2,3,6,8", "100000000000000000000"], 2);
    assert!(out.is_empty());
    insta::assert_snapshot!(err.trim_end(), @r#"grundy: the Grundy value of heap "100000000000000000000" for "all-but:2,3,6,8" is above 2^64 - 1, the largest value reported; use a smaller heap"#);
}

#[test]
fn issue_3_sum_with_all_but_heaps() {
    let v = json(&[
        "sum",
        "all-but:2,3,6,8:50",
        "nim:7",
        "all-but:2,3,7:1000000000000000003",
        "--json",
    ]);
    // 16 ^ 7 ^ 500000000000000001; the move leaves value 16 ^ 7 = 23 in
    // heap 3: positions 45 and 47.
    assert_eq!(v["nim_sum"].as_u64(), Some(16 ^ 7 ^ 500_000_000_000_000_001));
    let leaves: Vec<&str> = v["winning_moves"]
        .as_array()
        .unwrap()
        .iter()
        .map(|m| m["leaves"].as_str().unwrap())
        .collect();
    assert_eq!(leaves, ["47", "45"]);
    let v = json(&["sum", "all-but:2,3:10", "nim:7", "--misere", "--json"]);
    assert_eq!(v["method"], "search");
    assert_eq!(v["outcome"], "N");
}

#[test]
fn issue_3_explain_shows_steps_and_patterns() {
    let (out, _) = run(&["explain", "all-but:2,3,6,8"], 0);
    let lines: Vec<&str> = out.lines().collect();
    assert!(lines[3].contains("pattern"), "{out}");
    // Step 0 gives value 0 to 0, 2 and 8 (8 - 2 = 6 is in X).
    assert_eq!(
        lines[4].split_whitespace().collect::<Vec<_>>(),
        ["0", "0", "________", "0,", "2,", "8"]
    );
    assert!(out.contains("g(n + 9) = g(n) + 3"), "{out}");
    let v = json(&["explain", "all-but:3,6,9", "--json", "--steps", "2"]);
    assert_eq!(v["truncated"], true);
    assert_eq!(v["steps"][0]["positions"], serde_json::json!([0, 3, 6, 9]));
    assert_eq!(v["steps"][1]["pattern"], "__*__*__*");
}

#[test]
fn issue_3_explain_rejects_finite_sets() {
    let (out, err) = run(&["explain", "1,2"], 2);
    assert!(out.is_empty());
    insta::assert_snapshot!(err.trim_end(), @r#"grundy: "1,2" is a finite set; `grundy explain` shows the FES steps of all-but sets, e.g. "all-but:1,2""#);
}

#[test]
fn issue_3_budget_exhausted_exits_1() {
    // Seed 003, Conjecture 1: period f = 4 003 001 for a = 1000, b = 2001,
    // far beyond this budget (limits are checked every 2^22 positions).
    let (out, err) = run(
        &[
            "period",
            "all-but:1000,2001,3001,5002",
            "--max-positions",
            "100000",
        ],
        1,
    );
    assert!(out.is_empty());
    let err = err.trim_end();
    assert!(err.starts_with("grundy: no period found within "), "{err}");
    assert!(
        err.ends_with(
            r#" positions for "all-but:1000,2001,3001,5002"; raise --max-positions"#
        ),
        "{err}"
    );
}
