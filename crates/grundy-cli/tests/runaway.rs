//! Inputs that used to run for minutes past their budget (a referee's and
//! an attacker's findings, reproduced on a release build): each now stops
//! with exit code 1 and names the budget to raise, or is refused at once
//! with exit code 2. The budgets here are small so that the tests are
//! quick; `argv_fuzz.rs` covers the default budgets.

use crate::util::{run, squares};

fn stops(args: &[&str], flag: &str) {
    let (out, err) = run(args, 1);
    assert!(out.is_empty(), "grundy {args:?}: {out}");
    assert!(err.trim_end().ends_with(&format!("raise {flag}")), "{err}");
}

#[test]
fn the_engine_probe_counts_against_the_budget() {
    // 2,000 squares: every position reads 2,000 moves, and the period is
    // far beyond reach.
    let wide = squares(2000);
    stops(&["period", &wide, "--max-positions", "1000"], "--max-positions");
    stops(&["period", &wide, "--timeout", "0.3"], "--timeout");
}

#[test]
fn fes_steps_over_huge_patterns_are_budgeted() {
    // Its period (19999998, saltus 9999999) takes 7.7 * 10^7 positions
    // since patterns compare by their hash (1.3 s in a release build).
    let set = "all-but:9999999,10000000";
    stops(&["period", set, "--max-positions", "1000000"], "--max-positions");
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
    // A misère game of two games: past the exact budget no theory
    // answers it (issue 36 §2), so the budget's stop stands.
    stops(
        &[
            "play",
            "--heap",
            "1-100000:200000",
            "nim:3",
            "--misere",
            "--demo",
            "--max-positions",
            "1000000",
        ],
        "--max-positions",
    );
    // One game under normal play: the exact search stops at the same
    // budget and the Grundy values play the game to its end.
    let (out, _) = run(
        &[
            "play",
            "--set",
            "1-100000",
            "--heap",
            "200000",
            "--demo",
            "--seed",
            "1",
            "--max-positions",
            "1000000",
        ],
        0,
    );
    assert!(out.contains("solved by the heaps' Grundy values"), "{out}");
    // g(n) = n mod 100001 for {1..100000}: g(200000) = 99999, not 0, so
    // the first player (you) wins.
    assert!(out.ends_with("winner: you\n"), "{out}");
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

/// Issue 37: all-but sets with a large excluded set ignored every budget
/// (one FES step tested each candidate against every position it had
/// taken, and nothing polled the deadline inside a step): `period
/// all-but:1-40000 --max-positions 10` ran 50 s, `--timeout 2` too. A
/// step now tests runs of taken positions at once (those sets answer in
/// milliseconds), counts its candidate tests against the budget and polls
/// the deadline as it goes; a set whose taken positions are all apart,
/// {2, 4, ..., 40000, 40001}, still costs a step 2 * 10^8 tests (about
/// half a second in a release build), and stops within its budget.
#[test]
fn issue_37_all_but_sets_with_large_excluded_sets_are_budgeted() {
    stops(
        &["period", "all-but:1-40000", "--max-positions", "10"],
        "--max-positions",
    );
    let far = "all-but:1-99999,10000000";
    stops(&["period", far, "--max-positions", "1"], "--max-positions");
    let (out, _) = run(&["period", far], 0);
    assert!(out.contains("pre-period 0, period 100000, saltus 1"), "{out}");
    let apart: Vec<String> =
        (1..=20_000).map(|i| (2 * i).to_string()).collect();
    let apart = format!("all-but:{},40001", apart.join(","));
    stops(&["period", &apart, "--max-positions", "10"], "--max-positions");
    stops(&["heap", &apart, "5", "--timeout", "0.05"], "--timeout");
    let values = ["values", &apart, "--to", "3", "--timeout", "0.05"];
    listing_stops(&values, "--timeout");
}

/// A listing that its budget stops: exit 1, the flag to raise on the
/// last line, and with `-o` no file.
fn listing_stops(args: &[&str], flag: &str) {
    let (_, err) = run(args, 1);
    assert!(err.trim_end().ends_with(&format!("raise {flag}")), "{err}");
    let dir = tempfile::tempdir().unwrap();
    let file = dir.path().join("cut.txt");
    let mut with_file = args.to_vec();
    with_file.extend(["-o", file.to_str().unwrap()]);
    run(&with_file, 1);
    assert!(!file.exists(), "grundy {with_file:?} wrote a file");
}

/// Issue 37: `values` and `plot` had no budget (`values 1-300000 --to
/// 300000` and `plot 0.76 --to 10000000` ran for minutes); both take
/// `--timeout` and `--max-positions` like the other commands.
#[test]
fn issue_37_listings_have_a_budget() {
    // The issue's 1-300000 slides now (0.1 s); 2,000 squares to 5 * 10^6
    // cost seconds.
    let wide = squares(2000);
    let listing = ["values", &wide, "--to", "5000000"];
    listing_stops(
        &[&listing[..], &["--timeout", "0.3"]].concat(),
        "--timeout",
    );
    listing_stops(
        &["values", "0.76", "--to", "100000", "--max-positions", "500"],
        "--max-positions",
    );
    listing_stops(
        &["values", "1,2,3", "--to", "100", "--max-positions", "50", "--csv"],
        "--max-positions",
    );
    #[cfg(feature = "pictures")]
    listing_stops(
        &["plot", "0.76", "--to", "10000000", "--timeout", "0.3"],
        "--timeout",
    );
}
