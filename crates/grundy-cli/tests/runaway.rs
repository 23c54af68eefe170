//! Inputs that used to run for minutes past their budget (a referee's and
//! an attacker's findings, reproduced on a release build): each now stops
//! with exit code 1 and names the budget to raise, or is refused at once
//! with exit code 2. The budgets here are small so that the tests are
//! quick; `argv_fuzz.rs` covers the default budgets.

use crate::util::run;

fn stops(args: &[&str], flag: &str) {
    let (out, err) = run(args, 1);
    assert!(out.is_empty(), "grundy {args:?}: {out}");
    assert!(err.trim_end().ends_with(&format!("raise {flag}")), "{err}");
}

#[test]
fn the_engine_probe_counts_against_the_budget() {
    stops(
        &["period", "1-100000", "--max-positions", "1000"],
        "--max-positions",
    );
    stops(&["period", "1-100000", "--timeout", "0.3"], "--timeout");
}

#[test]
fn fes_steps_over_huge_patterns_are_budgeted() {
    let set = "all-but:9999999,10000000";
    stops(&["period", set, "--max-positions", "100000000"], "--max-positions");
    stops(&["period", set, "--timeout", "0.3"], "--timeout");
    stops(
        &["heap", set, "123456789012345678901", "--timeout", "0.3"],
        "--timeout",
    );
    stops(&["explain", set, "--timeout", "0.3"], "--timeout");
}

#[cfg(feature = "pictures")]
#[test]
fn graph_layouts_have_a_deadline() {
    let (_, err) = run(
        // About 4 s of layout in a release build (3,200 layout nodes).
        &["graph", "0.F", "--heap", "36", "--svg", "--timeout", "0.3"],
        1,
    );
    assert!(err.contains("raise --timeout"), "{err}");
}

#[test]
fn the_computer_opponent_has_a_budget() {
    stops(
        &[
            "play",
            "--set",
            "1-100000",
            "--heap",
            "200000",
            "--demo",
            "--max-positions",
            "1000000",
        ],
        "--max-positions",
    );
}

#[test]
fn misere_sum_searches_have_a_budget() {
    stops(
        &[
            "sum",
            "--misere",
            "1,2,3:1000",
            "2,5:1000",
            "3,4:999",
            "--max-states",
            "100",
        ],
        "--max-states",
    );
}

#[test]
fn huge_families_are_refused_before_they_run() {
    let (_, err) = run(
        &[
            "sweep",
            "a,b",
            "--param",
            "a=1..1000000",
            "--param",
            "b=1..1000000",
        ],
        2,
    );
    assert!(err.contains("sets"), "{err}");
}
