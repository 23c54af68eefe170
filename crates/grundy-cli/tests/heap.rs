use crate::util::{json, run};

#[test]
fn huge_heap_of_the_31_game() {
    let (out, _) = run(&["heap", "1,2,3", "1000000000000000000"], 0);
    insta::assert_snapshot!(out, @r#"
    set:      1,2,3
    heap:     1000000000000000000
    grundy:   0
    normal:   P (the player to move loses); winning moves: none
    misère:   N (the player to move wins); winning moves: take 3
              misère play solved by the misère quotient of "1,2,3" (order 6, proven for heaps of every size by its periodic heap map): a sum is P exactly when the product of its heaps' elements lies in the P-portion {a, b2}
    "#);
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

/// Issue 36 §2: `heap` answers misère play from the quotient when it is
/// found (0.75 is certified for every heap, so a million tokens cost
/// nothing), says which method answered, and keeps the search for the
/// rest (Officers, 0.6, whose quotient keeps growing: "not known" at a
/// glance, with why no quotient answered).
#[test]
fn issue_36_misere_method() {
    let v = json(&["heap", "0.75", "1000000", "--misere", "--json"]);
    assert_eq!(v["misere_method"], "quotient");
    assert!(v["misere_outcome"].is_string());
    assert!(!v["misere_winning_moves"].as_array().unwrap().is_empty());
    let (out, _) = run(&["heap", "0.75", "21"], 0);
    insta::assert_snapshot!(out, @r#"
    set:      0.75
    heap:     21
    grundy:   1
    normal:   N (the player to move wins); winning moves: take 1 -> 1 + 19, take 1 -> 2 + 18, take 1 -> 3 + 17, take 1 -> 4 + 16, take 1 -> 5 + 15, take 1 -> 6 + 14, take 1 -> 7 + 13, take 1 -> 8 + 12, take 1 -> 9 + 11, take 1 -> 10 + 10
    misère:   N (the player to move wins); winning moves: take 1 -> 1 + 19, take 1 -> 2 + 18, take 1 -> 3 + 17, take 1 -> 4 + 16, take 1 -> 5 + 15, take 1 -> 6 + 14, take 1 -> 7 + 13, take 1 -> 8 + 12, take 1 -> 9 + 11, take 1 -> 10 + 10
              misère play solved by the misère quotient of "0.75" (order 8, proven for heaps of every size by its periodic heap map): a sum is P exactly when the product of its heaps' elements lies in the P-portion {a, b2}
    "#);
    let v = json(&["heap", "0.77", "40", "--json"]);
    assert_eq!(v["misere_method"], "quotient");
    assert!(v["misere_method_note"].as_str().unwrap().contains("order"));
    let v = json(&["heap", "0.6", "100", "--json"]);
    assert!(v["misere_outcome"].is_null() && v["misere_method"].is_null());
    let note = v["misere_note"].as_str().unwrap();
    assert!(note.contains("no misère quotient answered either"), "{note}");
    let v = json(&["heap", "nim", "5", "--json"]);
    assert_eq!(v["misere_method"], "sequence");
}

/// Misère play of Kayles (0.77) from its quotient, as `grundy quotient
/// 0.77 --table` prints it (order 40, heap map periodic from heap 71
/// with period 12; Plambeck and Siegel, Misère quotients for impartial
/// games): the element of a heap, and the product of two elements.
pub struct Kayles {
    map: Vec<String>,
    table: Vec<Vec<String>>,
    p_portion: Vec<String>,
    pub preperiod: u64,
    pub period: u64,
}

impl Kayles {
    pub fn new() -> Kayles {
        let q = json(&["quotient", "0.77", "--json", "--table"]);
        let strings = |v: &serde_json::Value| -> Vec<String> {
            v.as_array()
                .unwrap()
                .iter()
                .map(|s| s.as_str().unwrap().to_string())
                .collect()
        };
        Kayles {
            map: strings(&q["heap_map"]),
            table: q["table"]
                .as_array()
                .unwrap()
                .iter()
                .map(strings)
                .collect(),
            p_portion: strings(&q["p_portion"]),
            preperiod: q["periodic"]["preperiod"].as_u64().unwrap(),
            period: q["periodic"]["period"].as_u64().unwrap(),
        }
    }

    /// The element of heap `n`, through the period.
    fn element(&self, n: u128) -> &str {
        let (l, p) = (u128::from(self.preperiod), u128::from(self.period));
        let at = if n < self.map.len() as u128 { n } else { l + (n - l) % p };
        &self.map[at as usize]
    }

    /// Whether the heaps `heaps` are a misère P-position: the product of
    /// their elements lies in the P-portion.
    pub fn is_p(&self, heaps: &[u128]) -> bool {
        let index =
            |x: &str| self.table[0].iter().position(|y| y == x).unwrap();
        let product = heaps.iter().fold("1".to_string(), |x, &h| {
            self.table[index(&x)][index(self.element(h))].clone()
        });
        self.p_portion.contains(&product)
    }
}

/// Issue 36 §2: the misère winning moves of a heap of 10^8 of Kayles
/// are described like the normal-play ones: each split with a heap
/// below the pre-period is listed exactly when it wins, and each residue
/// class of the smaller heap past it is a family exactly when it wins,
/// checked by hand from the heap map and product table.
#[test]
fn issue_36_misere_families_of_a_huge_heap() {
    let k = Kayles::new();
    let (l, p) = (k.preperiod, k.period);
    let n: u128 = 100_000_000;
    let v = json(&["heap", "0.77", "100000000", "--misere", "--json"]);
    assert_eq!(v["misere_method"], "quotient");
    assert_eq!(v["misere_outcome"], if k.is_p(&[n]) { "P" } else { "N" });
    let listed: Vec<&str> = v["misere_winning_moves"]
        .as_array()
        .unwrap()
        .iter()
        .map(|m| m.as_str().unwrap())
        .collect();
    let families = v["misere_winning_families"].as_array().unwrap();
    let mut want_listed = Vec::new();
    let mut want_families = Vec::new();
    for take in 1..=2u128 {
        let r = n - take;
        if k.is_p(&[r]) {
            want_listed.push(take.to_string());
        }
        for a in 1..u128::from(l) {
            if k.is_p(&[a, r - a]) {
                want_listed.push(format!("{take} -> {a} + {}", r - a));
            }
        }
        for a in u128::from(l)..u128::from(l + p) {
            if k.is_p(&[a, r - a]) {
                want_families.push((take as u64, a as u64));
            }
        }
    }
    let mut got_listed = listed.clone();
    got_listed.sort();
    want_listed.sort();
    assert_eq!(got_listed, want_listed);
    let got: Vec<(u64, u64)> = families
        .iter()
        .map(|f| {
            (f["take"].as_u64().unwrap(), f["residues"][0].as_u64().unwrap())
        })
        .collect();
    assert_eq!(got, want_families);
    assert!(!got.is_empty());
    for f in families {
        let take = u128::from(f["take"].as_u64().unwrap());
        let last: u128 = f["last"].as_str().unwrap().parse().unwrap();
        let r = n - take;
        // The last member is the largest of its class with a <= r - a,
        // and it and its neighbours down the class win.
        assert!(
            last <= r - last
                && last + u128::from(p) > r - last - u128::from(p)
        );
        for a in [last, last - u128::from(p), last - 1000 * u128::from(p)] {
            assert!(k.is_p(&[a, r - a]), "{f}");
        }
        assert_eq!(f["period"], p);
        assert_eq!(f["preperiod"], l);
    }
    assert_eq!(v["misere_moves_exact"], true);
    assert_eq!(v["misere_moves_complete"], false);
    assert!(v["misere_note"].is_null());
    let (out, _) = run(&["heap", "0.77", "100000000", "--misere"], 0);
    assert!(out.contains("(where the heaps' elements of the misère quotient start to repeat with the period 12) are those of these"), "{out}");
    assert!(
        out.contains("            take 2 -> a + (99999998 - a) for a = "),
        "{out}"
    );
}

/// A heap past 2^64 of Kayles gets its misère moves as families too,
/// within the default budget.
#[test]
fn issue_36_misere_families_past_64_bits() {
    let heap = format!("1{}", "0".repeat(30));
    let v = json(&["heap", "0.77", &heap, "--misere", "--json"]);
    assert_eq!(v["misere_method"], "quotient");
    assert!(!v["misere_winning_families"].as_array().unwrap().is_empty());
    assert_eq!(v["misere_moves_exact"], true);
}
