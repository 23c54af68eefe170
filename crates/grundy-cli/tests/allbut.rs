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
