use crate::util::{json, run};

#[test]
fn issue_example() {
    let (out, _) = run(&["sum", "1,2,3:10", "2,3:7", "nim:5"], 0);
    insta::assert_snapshot!(out, @r"
    heap 1: 1,2,3:10  g = 2
    heap 2: 2,3:7  g = 1
    heap 3: nim:5  g = 5
    nim-sum: 6
    outcome: N (the player to move wins)
    winning moves:
      heap 3: take 2 (leaves 3)
    ");
}

#[test]
fn json_moves() {
    let v = json(&["sum", "1-3:4", "1-3:4", "--json"]);
    assert_eq!(v["nim_sum"], 0);
    assert_eq!(v["outcome"], "P");
    assert_eq!(v["winning_moves"], serde_json::json!([]));
}

#[test]
fn misere_bouton_and_search() {
    let v = json(&["sum", "nim:1", "nim:1", "nim:1", "--misere", "--json"]);
    assert_eq!(
        (v["outcome"].as_str(), v["method"].as_str()),
        (Some("P"), Some("bouton"))
    );
    let v = json(&["sum", "1,2,3:5", "2,3:4", "--misere", "--json"]);
    assert_eq!(v["method"], "search");
}

#[test]
fn misere_too_big_for_search() {
    let (_, err) = run(
        &[
            "sum",
            "1,2:100000",
            "2,3:100000",
            "--misere",
            "--max-states",
            "1000",
        ],
        1,
    );
    insta::assert_snapshot!(err, @"grundy: this misère sum has more than 1000 positions to search exactly; use smaller heaps or raise --max-states
");
}

/// A winning move may take more than 2^64 - 1 stones: `sum` answers the
/// position `heap` answers. The values: g(n) = floor(n / 6) for
/// all-but:1,2,3,4,5 (K. Suetsugu, T. Abuku, "All-but Nim with FES sets of
/// size 4", Lemma 3: X = {1..t} gives floor(n / (t + 1))).
#[test]
fn takes_beyond_u64() {
    let (out, _) = run(&["sum", "all-but:1,2,3,4,5:27640714038704561109"], 0);
    assert!(out.contains("g = 4606785673117426851"), "{out}");
    assert!(out.contains("take 27640714038704561109 (leaves 0)"), "{out}");
    let (text, _) =
        run(&["sum", "all-but:1,2,3,4,5:27640714038704561109", "--json"], 0);
    // Exact digits in the text (serde_json without arbitrary precision
    // would read the number as a float).
    assert!(
        text.contains(
            r#"{"heap":1,"take":27640714038704561109,"leaves":"0"}"#
        ),
        "{text}"
    );
    let v: serde_json::Value = serde_json::from_str(&text).unwrap();
    assert_eq!(v["winning_moves"].as_array().unwrap().len(), 6);
}
