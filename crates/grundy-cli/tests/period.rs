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
    assert!(
        out.contains("grundy:       pre-period 0, period 7, saltus 0"),
        "{out}"
    );
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
