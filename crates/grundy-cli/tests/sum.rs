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
      heap 3: take 2
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
    assert!(out.contains("heap 1: take 27640714038704561109\n"), "{out}");
    let (text, _) =
        run(&["sum", "all-but:1,2,3,4,5:27640714038704561109", "--json"], 0);
    // Exact digits in the text (serde_json without arbitrary precision
    // would read the number as a float).
    assert!(
        text.contains(
            r#"{"heap":1,"take":27640714038704561109,"leaves":"0","text":"heap 1: take 27640714038704561109"}"#
        ),
        "{text}"
    );
    let v: serde_json::Value = serde_json::from_str(&text).unwrap();
    assert_eq!(v["winning_moves"].as_array().unwrap().len(), 6);
}

/// Issue 34, item 5: the 64 moves of a huge heap of 0.44 were printed
/// with no note (only the JSON said `"moves_complete": false`), and
/// "take 2 -> 22 + 177903471" was missing. Now the splits below the
/// pre-period are listed and the others given as families, in text and
/// JSON alike; a move is written as `grundy heap` writes it (issue 37,
/// section 4).
#[test]
fn issue_34_huge_heap_of_a_split_game() {
    let (out, _) = run(&["sum", "0.44:177903495"], 0);
    assert!(out.contains("\n  heap 1: take 2 -> 22 + 177903471\n"), "{out}");
    assert!(
        out.contains("\n  the winning splits of heap 1 in which a smaller heap is at least the pre-period 143 (where the Grundy values start to repeat with the period 24) are those of its 26 families below:\n    heap 1: take 1 -> a + (177903494 - a) for a = 144 (mod 24), 144 <= a <= 88951728\n"),
        "{out}"
    );
    let v = json(&["sum", "0.44:177903495", "--json"]);
    assert_eq!(v["moves_complete"], false);
    assert_eq!(v["moves_exact"], true);
    assert!(v["moves_note"].as_str().unwrap().contains("26 families"));
    let families = v["winning_families"].as_array().unwrap();
    assert_eq!(families.len(), 26);
    assert_eq!(
        families[0],
        serde_json::json!({
            "heap": 1, "take": 1, "fixed": [], "residues": [144],
            "period": 24, "preperiod": 143, "total": "177903494",
            "last": "88951728", "count": "3706317",
            "text": "heap 1: take 1 -> a + (177903494 - a) for a = 144 (mod 24), 144 <= a <= 88951728"
        })
    );
    let moves = v["winning_moves"].as_array().unwrap();
    assert!(moves.contains(&serde_json::json!({
        "heap": 1, "take": 2, "leaves": "22 + 177903471",
        "text": "heap 1: take 2 -> 22 + 177903471"
    })));
    let small = json(&["sum", "1,2,3:10", "--json"]);
    assert_eq!(small["moves_complete"], true);
    assert_eq!(small["moves_exact"], true);
    assert!(small["moves_note"].is_null());
    assert_eq!(small["winning_families"], serde_json::json!([]));
}

/// Issue 36 §2: a misère sum of one octal game's heaps is answered by its
/// misère quotient (misère Kayles, 0.77: heaps past the exhaustive
/// search's reach), says so in a sentence and under `method`; heaps of
/// two games fall back to the search, and say why.
#[test]
fn issue_36_misere_sums_from_the_quotient() {
    let (out, _) = run(&["sum", "0.75:5", "0.75:9", "--misere"], 0);
    insta::assert_snapshot!(out, @r#"
    heap 1: 0.75:5  g = 1
    heap 2: 0.75:9  g = 1
    nim-sum: 0
    misère play solved by the misère quotient of "0.75" (order 8, proven for the sums of heaps 1..9): a sum is P exactly when the product of its heaps' elements lies in the P-portion {a, b2}
    outcome: P (the player to move loses)
    winning moves: none
    "#);
    let v =
        json(&["sum", "0.77:30", "0.77:41", "0.77:55", "--misere", "--json"]);
    assert_eq!(v["method"], "quotient");
    let note = v["method_note"].as_str().unwrap();
    assert!(note.contains("misère quotient of \"0.77\""), "{note}");
    let v = json(&["sum", "1,2,3:5", "2,3:4", "--misere", "--json"]);
    assert_eq!(v["method"], "search");
    let note = v["method_note"].as_str().unwrap();
    assert!(note.contains("different games"), "{note}");
    let v = json(&["sum", "1,2,3:5", "2,3:4", "--json"]);
    assert!(v["method"].is_null() && v["method_note"].is_null());
}

/// Issue 36 §2: a misère sum of Kayles heaps, one of them huge, lists
/// the families of the huge heap's winning splits; each family's members
/// win, checked by hand from the heap map and product table of `grundy
/// quotient 0.77 --table`.
#[test]
fn issue_36_misere_families_in_sums() {
    let k = crate::heap::Kayles::new();
    let v = json(&["sum", "0.77:100000000", "0.77:3", "--misere", "--json"]);
    assert_eq!(v["method"], "quotient");
    assert_eq!(v["moves_exact"], true);
    assert_eq!(v["moves_complete"], false);
    let note = v["moves_note"].as_str().unwrap();
    assert!(note.contains("of heap 1 in which a smaller heap is at least the pre-period 71 (where the heaps' elements of the misère quotient"), "{note}");
    let families = v["winning_families"].as_array().unwrap();
    assert!(!families.is_empty());
    for f in families {
        assert_eq!(f["heap"], 1);
        let take = u128::from(f["take"].as_u64().unwrap());
        let r = 100_000_000 - take;
        let first = u128::from(f["residues"][0].as_u64().unwrap());
        let last: u128 = f["last"].as_str().unwrap().parse().unwrap();
        for a in [first, first + 12, last] {
            assert!(k.is_p(&[a, r - a, 3]), "{f}");
        }
        assert!(
            !k.is_p(&[first + 1, r - first - 1, 3])
                || families.iter().any(|g| g["take"] == f["take"]
                    && g["residues"][0] == first as u64 + 1)
        );
    }
    let (out, _) = run(&["sum", "0.77:100000000", "0.77:3", "--misere"], 0);
    assert!(out.contains("    heap 1: take "), "{out}");
}
