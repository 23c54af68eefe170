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
