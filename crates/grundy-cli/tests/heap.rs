use crate::util::{json, run};

#[test]
fn huge_heap_of_the_31_game() {
    let (out, _) = run(&["heap", "1,2,3", "1000000000000000000"], 0);
    insta::assert_snapshot!(out, @r"
    set:      1,2,3
    heap:     1000000000000000000
    grundy:   0
    normal:   P (the player to move loses); winning moves: none
    misère:   N (the player to move wins); winning moves: take 3
    ");
}

#[test]
fn hundreds_of_digits() {
    let heap = format!("3{}", "0".repeat(250));
    let v = json(&["heap", "2,3", &heap, "--json"]);
    // 3·10^250 mod 5 = 0, and {2,3} repeats 0,0,1,1,2.
    assert_eq!(v["grundy"], 0);
    assert_eq!(v["outcome"], "P");
    assert_eq!(v["heap"], heap);
}

#[test]
fn thirty_one_stones() {
    let v = json(&["heap", "1,2,3", "31", "--json"]);
    assert_eq!(v["winning_moves"], serde_json::json!(["3"]));
    assert_eq!(v["misere_winning_moves"], serde_json::json!(["2"]));
}
