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

/// Issue 34, item 5: `heap 0.44 177903495` listed 64 moves and said every
/// other winning split was one of these raised by multiples of 24, but
/// "take 2 -> 22 + 177903471" (g(22) = 2 = g(177903471)) was neither
/// listed nor derivable. Now the splits whose smaller heap lies below the
/// pre-period 143 are listed, the others given as families (residue
/// classes modulo 24), and `--json` says `moves_complete`.
#[test]
fn issue_34_huge_heap_of_a_split_game() {
    let (out, _) = run(&["heap", "0.44", "177903495"], 0);
    assert!(out.contains(", take 2 -> 22 + 177903471, "), "{out}");
    assert!(!out.contains("some of them"), "{out}");
    assert!(
        out.contains("\n          the winning splits in which a smaller heap is at least the pre-period 143 (where the Grundy values start to repeat with the period 24) are those of these 26 families:\n            take 1 -> a + (177903494 - a) for a = 144 (mod 24), 144 <= a <= 88951728\n"),
        "{out}"
    );
    let v = json(&["heap", "0.44", "177903495", "--json"]);
    assert_eq!(v["split_period"], 24);
    assert_eq!(v["moves_complete"], false);
    assert_eq!(v["moves_exact"], true);
    let moves = v["winning_moves"].as_array().unwrap();
    assert!(moves.contains(&serde_json::json!("2 -> 22 + 177903471")));
    let texts = v["winning_moves_text"].as_array().unwrap();
    assert_eq!(texts.len(), moves.len());
    assert!(texts.contains(&serde_json::json!("take 2 -> 22 + 177903471")));
    let families = v["winning_families"].as_array().unwrap();
    assert_eq!(families.len(), 26);
    assert_eq!(families[10]["take"], 2);
    assert_eq!(families[10]["residues"], serde_json::json!([143]));
    // 0.45 at 9289614929626423628 and 0.647 at 5 10^7, the issue's other
    // heaps: exact descriptions too.
    for (code, n) in [("0.45", "9289614929626423628"), ("0.647", "50000000")] {
        let v = json(&["heap", code, n, "--json"]);
        assert_eq!(v["moves_exact"], true, "{code}");
        assert!(!v["winning_families"].as_array().unwrap().is_empty());
    }
    // A heap whose moves are all listed.
    let v = json(&["heap", "1,2,3", "31", "--json"]);
    assert_eq!(v["moves_complete"], true);
    assert_eq!(v["winning_moves_text"], serde_json::json!(["take 3"]));
    assert_eq!(v["misere_winning_moves_text"], serde_json::json!(["take 2"]));
    assert!(v["moves_note"].is_null() && v["split_period"].is_null());
}
