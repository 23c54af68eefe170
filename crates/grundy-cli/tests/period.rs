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
    let (out, err) =
        run(&["period", "5000,10001,15001", "--max-positions", "100000"], 1);
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
