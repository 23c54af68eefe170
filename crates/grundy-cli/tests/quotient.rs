//! `grundy quotient GAME`: misère quotients of octal codes and finite
//! subtraction sets (issue 36 §1).

use crate::util::{json, run};

/// 1,2,3 plays like misère Nim on heaps below 4: its quotient is T2 =
/// <a, b | a2=1, b3=b> with P = {a, b2} and heap map 1 a b ab repeating
/// with period 4 (Plambeck and Siegel, Misère quotients for impartial
/// games, 2008; misere/solver.rs `misere_solver_subtraction_games`,
/// misere/periodic.rs `misere_periodic_subtraction_games`).
#[test]
fn quotient_of_1_2_3_is_tame_of_order_6() {
    let (out, err) = run(&["quotient", "1,2,3"], 0);
    assert_eq!(err, "");
    assert!(out.contains("order:        6\n"), "{out}");
    assert!(out.contains("presentation: <a, b | a2=1, b3=b>\n"), "{out}");
    assert!(out.contains("P-portion:    a, b2\n"), "{out}");
    assert!(out.contains("pre-period 0, period 4"), "{out}");
    assert!(out.contains("kind:         tame"), "{out}");
    assert!(out.contains("every sum of heaps of any size"), "{out}");
    let v = json(&["quotient", "1,2,3", "--json"]);
    assert_eq!(v["order"], 6);
    assert_eq!(v["tame"], true);
    assert_eq!(v["heaps"], serde_json::Value::Null);
    assert_eq!(
        v["periodic"],
        serde_json::json!({"preperiod": 0, "period": 4})
    );
    assert_eq!(v["generators"], serde_json::json!(["a", "b"]));
    assert_eq!(v["relations"], serde_json::json!(["a2=1", "b3=b"]));
    assert_eq!(v["p_portion"], serde_json::json!(["a", "b2"]));
}

/// 0.75 has the wild quotient R8 = <a, b, c | a2=1, b3=b, bc=ab, c2=b2>,
/// its heap map periodic from heap 8 with period 2 (Plambeck and Siegel,
/// 2008; misere/periodic.rs `misere_periodic_0_75_is_r8_for_good`).
#[test]
fn quotient_of_0_75_is_wild_r8() {
    let v = json(&["quotient", "0.75", "--json"]);
    assert_eq!(v["game"], "0.75");
    assert_eq!(v["order"], 8);
    assert_eq!(v["tame"], false);
    assert_eq!(
        v["periodic"],
        serde_json::json!({"preperiod": 8, "period": 2})
    );
    assert_eq!(
        v["relations"],
        serde_json::json!(["a2=1", "b3=b", "bc=ab", "c2=b2"])
    );
    let map = v["heap_map"].as_array().unwrap();
    let first: Vec<&str> =
        map[..6].iter().map(|x| x.as_str().unwrap()).collect();
    assert_eq!(first, ["1", "a", "b", "a", "b", "c"]);
    let (out, _) = run(&["quotient", "0.75"], 0);
    assert!(out.contains("kind:         wild\n"), "{out}");
    assert!(out.contains("pre-period 8, period 2"), "{out}");
}

/// `--heaps N`: the quotient of heaps 1..N only, no periodicity claim
/// (misere/solver.rs `misere_solver_0_75`: Q_5(0.75) has order 8).
#[test]
fn quotient_with_heaps() {
    let v = json(&["quotient", "0.75", "--heaps", "5", "--json"]);
    assert_eq!(v["heaps"], 5);
    assert_eq!(v["order"], 8);
    assert_eq!(v["periodic"], serde_json::Value::Null);
    assert_eq!(v["heap_map"].as_array().unwrap().len(), 6);
    assert!(v["certificate"].as_str().unwrap().contains("heaps 1..5"));
}

#[test]
fn quotient_json_keys() {
    let v = json(&["quotient", "0.07", "--heaps", "10", "--json"]);
    let mut keys: Vec<&str> =
        v.as_object().unwrap().keys().map(String::as_str).collect();
    keys.sort_unstable();
    let mut want = [
        "game",
        "heaps",
        "order",
        "generators",
        "relations",
        "p_portion",
        "heap_map",
        "tame",
        "periodic",
        "expansions",
        "certificate",
    ];
    want.sort_unstable();
    assert_eq!(keys, want);
    // |Q_10(0.07)| = 12 (misere/solver.rs
    // `misere_solver_dawsons_kayles_and_kayles`)
    assert_eq!(v["order"], 12);
}

#[test]
fn quotient_bad_input_is_one_line() {
    for args in [
        &["quotient", "nim"][..],
        &["quotient", "all-but:2,3"],
        &["quotient", "grundy"],
        &["quotient", "1,x"],
        &["quotient", "0.75", "--heaps", "0"],
        &["quotient", "0.75", "--heaps", "-3"],
        &["quotient", "0.77", "--heaps", "4000000000"],
        &["quotient", "5000"],
        &["quotient", "0.75", "--max-positions", "0"],
        &["quotient", "0.75", "--timeout", "0"],
        &["quotient", "0.75", "--format", "tsv"],
    ] {
        let (out, err) = run(args, 2);
        assert_eq!(out, "");
        assert_eq!(err.lines().count(), 1, "{args:?}: {err}");
        assert!(err.starts_with("grundy: "), "{err}");
    }
}

/// Q(0.07) grows past order 24 by heap 26 (misere/solver.rs
/// `misere_solver_dawsons_kayles_to_30`): a small budget stops the
/// search, which says so and exits 1.
#[test]
fn quotient_budget_stop_is_honest() {
    let (out, err) = run(&["quotient", "0.07", "--max-positions", "200"], 1);
    assert_eq!(out, "");
    assert_eq!(err.lines().count(), 1, "{err}");
    assert!(err.contains("not found finite up to heap"), "{err}");
    assert!(err.contains("orders 2 from heap 2"), "{err}");
}

/// `--table` (issue 36 §1): the multiplication table of 1,2,3's T2 as a
/// grid after the report, as CSV (`--csv`, the table alone) and under the
/// key "table" of `--json`; rows and columns in normal-form order.
#[test]
fn quotient_table() {
    let (out, _) = run(&["quotient", "1,2,3", "--table"], 0);
    assert!(out.contains("multiplication table (row x, column y: x*y):"));
    assert!(out.contains("\n  * |   1   a   b  ab  b2 ab2\n"), "{out}");
    assert!(out.contains("\n ab |  ab   b ab2  b2  ab   b\n"), "{out}");
    let (csv, _) = run(&["quotient", "1,2,3", "--csv"], 0);
    assert_eq!(
        csv,
        "*,1,a,b,ab,b2,ab2\n\
         1,1,a,b,ab,b2,ab2\n\
         a,a,1,ab,b,ab2,b2\n\
         b,b,ab,b2,ab2,b,ab\n\
         ab,ab,b,ab2,b2,ab,b\n\
         b2,b2,ab2,b,ab,b2,ab2\n\
         ab2,ab2,b2,ab,b,ab2,b2\n"
    );
    let v = json(&["quotient", "1,2,3", "--json", "--table"]);
    assert_eq!(
        v["table"][3],
        serde_json::json!(["ab", "b", "ab2", "b2", "ab", "b"])
    );
    assert!(json(&["quotient", "1,2,3", "--json"]).get("table").is_none());
}

/// The time limit holds for the whole search: 0.3122, whose quotient
/// of heaps up to 7 is infinite (Plambeck and Siegel, 2008), stops at
/// --timeout with "not found finite" and the orders seen, exit 1.
#[test]
fn quotient_timeout_is_honoured() {
    let start = std::time::Instant::now();
    let (out, err) = run(&["quotient", "0.3122", "--timeout", "1"], 1);
    assert!(start.elapsed().as_secs_f64() < 5.0, "{:?}", start.elapsed());
    assert_eq!(out, "");
    assert!(err.contains("not found finite up to heap"), "{err}");
    assert!(err.contains("the time limit passed"), "{err}");
    assert!(err.contains("orders 2 from heap 1"), "{err}");
}
