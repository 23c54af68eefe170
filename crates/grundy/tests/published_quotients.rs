//! Misère quotients from the literature, reproduced through the public
//! API (`grundy::quotient`; issue 36 §3, docs/MISERE.md §3.3).
//!
//! Each test names its source (docs/REFERENCES.md):
//! - the tame quotients T_n of misère Nim restricted to heaps below 2^n,
//!   and the rule that finite quotients have even order (T. E. Plambeck,
//!   A. N. Siegel, "Misère quotients for impartial games", 2008);
//! - misère Nim's P-positions (C. L. Bouton, "Nim, a game with a complete
//!   mathematical theory", 1902);
//! - R8, the quotient of 0.75 (Plambeck and Siegel, 2008);
//! - `tests/quotient/miseresolver.tsv`: orders, P-portions and heap maps
//!   of A. N. Siegel's MisereSolver (CGSuite) run on the same games, an
//!   independent program rather than a printed table.
//!
//! Misère Nim restricted to heaps 1..N is the octal code `0.33...3` with
//! N digits (remove 1..N tokens, leaving no heap or one smaller heap),
//! solved with `heaps = Some(N)`.

use std::collections::HashMap;

use grundy::{Budget, ErrorKind, Outcome, QuotientReport, Rules};

const MISERESOLVER: &str = include_str!("quotient/miseresolver.tsv");

fn solve(code: &str, heaps: Option<u64>) -> QuotientReport {
    let rules: Rules = code.parse().unwrap();
    grundy::quotient(&rules, heaps, &Budget::default())
        .unwrap_or_else(|e| panic!("{code}: {e}"))
}

/// Nim on heaps 1..n as an octal code: `0.` and n threes.
fn nim_code(n: usize) -> String {
    format!("0.{}", "3".repeat(n))
}

/// x^k in the report's monoid.
fn power(r: &QuotientReport, x: &str, k: u32) -> String {
    (0..k).fold("1".to_string(), |acc, _| r.multiply(&acc, x).unwrap())
}

/// T_1 = <a | a^2 = 1>, P = {a}, of order 2, and for n >= 2
/// T_n = <a, b_1..b_{n-1} | a^2 = 1, b_i^3 = b_i, b_i^2 = b_j^2>,
/// P = {a, b_1^2}, |T_n| = 2^n + 2, with heap 1 -> a, heap 2^i -> b_i
/// and heap m -> the product over the binary digits of m (Plambeck and
/// Siegel, 2008, the tame quotients). Checked on the report's own
/// multiplication, so generator names and normal forms do not matter.
fn assert_tame_quotient(r: &QuotientReport, n: u32) {
    let heaps = (1u64 << n) - 1;
    assert_eq!(r.order, tame_order(n), "|T_{n}|");
    assert!(r.tame, "T_{n} is tame");
    let a = r.heap_element(1).unwrap().to_string();
    assert_eq!(r.multiply(&a, &a).unwrap(), "1", "a^2 = 1 in T_{n}");
    let b: Vec<String> =
        (1..n).map(|i| r.heap_element(1 << i).unwrap().to_string()).collect();
    for bi in &b {
        assert_eq!(power(r, bi, 3), *bi, "b^3 = b in T_{n}");
        assert_eq!(power(r, bi, 2), power(r, &b[0], 2), "b_i^2 = b_j^2");
    }
    let mut p = vec![a.clone()];
    if n >= 2 {
        p.push(power(r, &b[0], 2));
    }
    p.sort();
    let mut got = r.p_portion.clone();
    got.sort();
    assert_eq!(got, p, "P(T_{n}) = {{a, b_1^2}}");
    for m in 1..=heaps {
        let want = (0..n)
            .filter(|i| m >> i & 1 == 1)
            .map(
                |i| if i == 0 { a.clone() } else { b[i as usize - 1].clone() },
            )
            .fold("1".to_string(), |acc, x| r.multiply(&acc, &x).unwrap());
        assert_eq!(r.heap_element(m).unwrap(), want, "heap {m} in T_{n}");
    }
}

/// |T_n|: 2 for n = 1, 2^n + 2 from n = 2 on.
fn tame_order(n: u32) -> u64 {
    if n == 1 { 2 } else { (1 << n) + 2 }
}

#[test]
fn tame_quotients_of_misere_nim_below_powers_of_two() {
    // Plambeck and Siegel (2008): misère Nim on heaps below 2^n has the
    // tame quotient T_n, of order 2^n + 2 from n = 2 on
    for n in 1..=4u32 {
        let heaps = (1u64 << n) - 1;
        let r = solve(&nim_code(heaps as usize), Some(heaps));
        assert_tame_quotient(&r, n);
    }
    // T_2 exactly as printed: <a, b | a^2 = 1, b^3 = b>, P = {a, b^2}
    let r = solve(&nim_code(3), Some(3));
    assert_eq!(r.presentation(), "<a, b | a2=1, b3=b>");
    assert_eq!(r.p_portion, ["a", "b2"]);
    assert_eq!(r.heap_map, ["1", "a", "b", "ab"]);
}

#[test]
fn misere_nim_to_each_heap_count_is_the_next_tame_quotient() {
    // heaps 1..N with 2^(n-1) <= N < 2^n contain 1, 2, ..., 2^(n-1), whose
    // images generate T_n (Plambeck and Siegel, 2008): |Q_N| = |T_n|
    let r = solve(&nim_code(15), Some(15));
    let orders: Vec<(u64, u64)> =
        r.expansions.iter().map(|e| (e.heap, e.order)).collect();
    assert_eq!(orders, [(1, 2), (2, 6), (4, 10), (8, 18)]);
    for n in 1..=15u64 {
        let r = solve(&nim_code(n as usize), Some(n));
        let bits = 64 - n.leading_zeros();
        assert_eq!(r.order, tame_order(bits), "Q_{n}(Nim)");
        assert!(r.tame, "Q_{n}(Nim) is tame");
    }
}

/// Bouton's misère Nim: P exactly when every heap is at most 1 and their
/// number is odd, or some heap is at least 2 and the nim-sum is 0.
fn bouton_misere_is_p(heaps: &[u64]) -> bool {
    if heaps.iter().all(|&h| h <= 1) {
        heaps.iter().filter(|&&h| h == 1).count() % 2 == 1
    } else {
        heaps.iter().fold(0, |x, &h| x ^ h) == 0
    }
}

#[test]
fn misere_nim_outcomes_are_boutons() {
    // C. L. Bouton (1902): every sum of at most four heaps of at most 15
    // has the outcome the quotient T_4 predicts
    let r = solve(&nim_code(15), Some(15));
    let mut sums = 0;
    let mut heaps = Vec::new();
    fn each(
        from: u64,
        left: usize,
        heaps: &mut Vec<u64>,
        f: &mut dyn FnMut(&[u64]),
    ) {
        f(heaps);
        if left == 0 {
            return;
        }
        for h in from..=15 {
            heaps.push(h);
            each(h, left - 1, heaps, f);
            heaps.pop();
        }
    }
    each(1, 4, &mut heaps, &mut |h| {
        let want = Outcome::from_is_p(bouton_misere_is_p(h));
        assert_eq!(r.outcome(h).unwrap(), want, "misère Nim {h:?}");
        sums += 1;
    });
    assert_eq!(sums, 3876);
}

#[test]
fn r8_is_the_quotient_of_0_75() {
    // Plambeck and Siegel (2008): 0.75 has the wild quotient
    // R8 = <a, b, c | a^2 = 1, b^3 = b, bc = ab, c^2 = b^2>, P = {a, b^2};
    // heaps 1, 2 and 5 generate it
    let r = solve("0.75", None);
    assert_eq!((r.order, r.tame, r.heaps), (8, false, None));
    assert_eq!(r.presentation(), "<a, b, c | a2=1, b3=b, bc=ab, c2=b2>");
    assert_eq!(r.p_portion, ["a", "b2"]);
    assert_eq!(
        [r.heap_element(1).unwrap(), r.heap_element(2).unwrap()],
        ["a", "b"]
    );
    assert_eq!(r.heap_element(5).unwrap(), "c");
    // the relations hold in the multiplication, and nothing else
    // collapses: the eight words are distinct
    assert_eq!(r.multiply("b", "c").unwrap(), r.multiply("a", "b").unwrap());
    assert_eq!(power(&r, "c", 2), power(&r, "b", 2));
    assert_eq!(r.elements().len(), 8);
}

#[test]
fn finite_quotients_have_even_order() {
    // Plambeck and Siegel (2008): a finite misère quotient of impartial
    // games has even order, the trivial one aside; every quotient in
    // the MisereSolver table below is one
    for row in rows() {
        let order: u64 = row["order"].parse().unwrap();
        assert!(order == 1 || order.is_multiple_of(2), "{}", row["game"]);
    }
}

/// The rows of `tests/quotient/miseresolver.tsv`.
fn rows() -> Vec<HashMap<&'static str, &'static str>> {
    let mut lines = MISERESOLVER.lines().filter(|l| !l.starts_with('#'));
    let header: Vec<&str> = lines.next().unwrap().split('\t').collect();
    lines
        .filter(|l| !l.trim().is_empty())
        .map(|l| {
            let fields: Vec<&str> = l.split('\t').collect();
            assert_eq!(fields.len(), header.len(), "row {l:?}");
            header.iter().copied().zip(fields).collect()
        })
        .collect()
}

#[test]
fn quotients_agree_with_miseresolver() {
    // A. N. Siegel's MisereSolver (CGSuite) on the same games and heaps:
    // the order, the size of the P-portion, the heaps where the order
    // changed, and the heap map (MisereSolver names elements by the same
    // rule, generators a, b, ... in heap order, normal forms least in
    // the order of docs/MISERE.md §2.3)
    let rows = rows();
    assert!(rows.len() >= 10, "{} rows", rows.len());
    for row in rows {
        let game = row["game"];
        let heaps: u64 = row["heaps"].parse().unwrap();
        let r = solve(game, Some(heaps));
        assert_eq!(r.order.to_string(), row["order"], "{game}");
        assert_eq!(r.p_portion.len().to_string(), row["p_size"], "{game}");
        let expansions: Vec<String> = r
            .expansions
            .iter()
            .map(|e| format!("{}@{}", e.order, e.heap))
            .collect();
        assert_eq!(expansions.join(","), row["expansions"], "{game}");
        assert_eq!(r.heap_map.join(" "), row["heap_map"], "{game}");
    }
}

#[test]
fn an_infinite_quotient_stops_within_its_budget() {
    // 0.3122: Q_6 has order 52 with 10 P-elements (MisereSolver agrees,
    // tests/quotient/miseresolver.tsv); at heap 7 the quotient is
    // infinite (Plambeck and Siegel, as docs/MISERE.md §3.2 records it),
    // so the search must stop on its budget and say so: no finite
    // quotient up to heap 7, the orders found so far, the stop's count
    let rules: Rules = "0.3122".parse().unwrap();
    let budget = Budget::positions(100_000);
    let e = grundy::quotient(&rules, None, &budget).unwrap_err();
    assert_eq!(e.kind(), ErrorKind::Budget);
    let s = e.stopped().expect("a budget stop says where it stopped");
    assert!(s.done >= 100_000, "{}", s.done);
    let message = e.message();
    assert!(message.contains("not found finite up to heap 7"), "{message}");
    assert!(message.contains("Q_6 has order 52"), "{message}");
    assert!(message.contains("52 from heap 6"), "{message}");
    // the heaps done are exact: Q_6 itself is found
    let r = solve("0.3122", Some(6));
    assert_eq!((r.order, r.p_portion.len()), (52, 10));
}
