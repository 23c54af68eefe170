//! Misère analyses printed by T. E. Plambeck, checked against
//! `grundy::quotient` (issue 36 §3; docs/MISERE.md §3.4).
//!
//! Only values read in the printed text are used here; what the tests
//! derive from them (a genus superscript of 0 means a P-position, a sum
//! of misère Nim heaps follows Bouton's rule) is said next to each one.
//! The sources (docs/REFERENCES.md):
//! - T. E. Plambeck, "The game .312" (his misère octal games pages,
//!   quaternary games, 2003): the normal-play values, the misère genus
//!   of single heaps 1..6 and of heap 4 + heap 4, and that heap 2 is the
//!   Nim heap *2 in misère play;
//! - T. E. Plambeck, "Quaternary games" (same pages): every two-
//!   digit quaternary code but .31 (after Winning Ways' table) and every
//!   three-digit one but .121, .123, .131, .201, .211, .312 and .331 has
//!   only misère Nim heaps as heap values, and every subtraction game
//!   reduces to Nim heaps in misère play (after Winning Ways).
//!
//! The tables of Plambeck and Siegel's "Misère quotients for impartial
//! games" and the examples of Plambeck's "Taming the wild in impartial
//! combinatorial games" are not checked here: their text past the first
//! page was not at hand (docs/MISERE.md §3.4).

use std::collections::HashMap;

use grundy::{Budget, Outcome, QuotientReport, Rules};

/// The quotient of every heap, certified by periodicity.
fn solve(game: &str) -> QuotientReport {
    let rules: Rules = game.parse().unwrap();
    let r = grundy::quotient(&rules, None, &Budget::default())
        .unwrap_or_else(|e| panic!("{game}: {e}"));
    assert!(r.periodic.is_some(), "{game}: certified for every heap");
    r
}

/// The Grundy values of heaps 0..=n.
fn grundy_values(game: &str, n: usize) -> Vec<u64> {
    grundy::values(&game.parse().unwrap())
        .take(n + 1)
        .map(|g| g.value())
        .collect()
}

/// Superscript k of a genus, the last two repeating without end (the
/// convention of Winning Ways, ch. 13, which Plambeck's pages follow).
fn superscript(genus: &[u64], k: usize) -> u64 {
    let n = genus.len();
    if k < n { genus[k] } else { genus[n - 2 + (k - n) % 2] }
}

/// The genus g^{s0 s1 s2 ...} of G: s_k is the misère Grundy value of G
/// plus k Nim heaps *2, and a misère Grundy value of 0 is exactly a
/// misère P-position. In .312 heap 2 is *2 (Plambeck), so G + k heaps
/// of 2 must be P exactly when s_k = 0. Checked for k = 0..12.
fn assert_genus(r: &QuotientReport, g: &[u64], genus: &[u64]) {
    for k in 0..12 {
        let mut heaps = g.to_vec();
        heaps.extend(std::iter::repeat_n(2, k));
        let want = Outcome::from_is_p(superscript(genus, k) == 0);
        assert_eq!(r.outcome(&heaps).unwrap(), want, "{g:?} + {k} x [2]");
    }
}

#[test]
fn the_game_312_has_plambecks_genus_sequence() {
    // Plambeck, "The game .312": normal-play values of heaps 1..6 are
    // 1 2 0 2 0 1, and the last two repeat
    let values = grundy_values("0.312", 40);
    assert_eq!(values[1..7], [1, 2, 0, 2, 0, 1]);
    for n in 7..=40 {
        assert_eq!(values[n], values[n - 2], "heap {n}");
    }
    // the single-heap genus sequence, 1^{03131} 2^{20} 0^{02} 2^{1420}
    // 0^{02} 1^{13}, "also periodic of length two"
    let r = solve("0.312");
    let genus: [&[u64]; 6] =
        [&[0, 3, 1, 3, 1], &[2, 0], &[0, 2], &[1, 4, 2, 0], &[0, 2], &[1, 3]];
    for h in 1..=40u64 {
        let at = if h <= 6 { h } else { 5 + (h - 5) % 2 };
        assert_genus(&r, &[h], genus[at as usize - 1]);
    }
    // heap 4 (his A) plus heap 4: genus 0^{1202}
    assert_genus(&r, &[4, 4], &[1, 2, 0, 2]);
    // so 4 + 4 is a misère N-position although its nim-sum is 0: .312
    // is not misère Nim on its Grundy values, and its quotient is wild
    assert_eq!(values[4] ^ values[4], 0);
    assert_eq!(r.outcome(&[4, 4]).unwrap(), Outcome::N);
    assert!(!r.tame, "0.312 is wild");
}

/// Bouton's misère Nim on the heaps' Grundy values: P exactly when
/// every value is at most 1 and an odd number are 1, or some value is
/// at least 2 and the nim-sum is 0.
fn bouton_is_p(g: &[u64]) -> bool {
    if g.iter().all(|&v| v <= 1) {
        g.iter().filter(|&&v| v == 1).count() % 2 == 1
    } else {
        g.iter().fold(0, |x, &v| x ^ v) == 0
    }
}

/// Every sum of one, two or three heaps of sizes 1..=h, fewer heaps
/// first.
fn sums(h: u64) -> Vec<Vec<u64>> {
    let mut all = Vec::new();
    for x in 1..=h {
        all.push(vec![x]);
        for y in x..=h {
            all.push(vec![x, y]);
            for z in y..=h {
                all.push(vec![x, y, z]);
            }
        }
    }
    all.sort_by_key(Vec::len);
    all
}

/// A game whose every heap is a misère Nim heap (*g for its Grundy
/// value g) plays every sum as misère Nim on the values. Checked on
/// every sum of up to three heaps of 1..=24 and on the quotient: with
/// m the largest Grundy value of heaps up to 64 (all these games repeat
/// well before), the values 0..=m all occur (every option of a heap is
/// one smaller heap or none), so the quotient is misère Nim's on heaps
/// up to m, the tame T_n with n the bit length of m (Plambeck and
/// Siegel, 2008).
fn assert_misere_nim_heaps(game: &str) {
    const H: u64 = 24;
    let r = solve(game);
    let g = grundy_values(game, 64);
    for heaps in sums(H) {
        let values: Vec<u64> = heaps.iter().map(|&h| g[h as usize]).collect();
        let want = Outcome::from_is_p(bouton_is_p(&values));
        assert_eq!(
            r.outcome(&heaps).unwrap(),
            want,
            "{game}: {heaps:?} with values {values:?}"
        );
    }
    let m = *g.iter().max().unwrap();
    let n = 64 - m.leading_zeros();
    let tame_order = if n == 1 { 2 } else { (1 << n) + 2 };
    assert!(r.tame, "{game} is tame");
    assert_eq!(r.order, tame_order, "{game}: T_{n}, largest value {m}");
}

/// The two- and three-digit quaternary codes (digits 0 to 3, the last
/// one not 0), except those named.
fn quaternary_codes(except: &[&str]) -> Vec<String> {
    let mut codes = Vec::new();
    for digits in [2, 3] {
        for n in 0..4u32.pow(digits) {
            let code: String = (0..digits)
                .rev()
                .map(|i| char::from(b'0' + (n / 4u32.pow(i) % 4) as u8))
                .collect();
            if !code.ends_with('0') {
                codes.push(format!("0.{code}"));
            }
        }
    }
    codes.retain(|c| !except.contains(&c.as_str()));
    codes
}

#[test]
fn quaternary_codes_with_only_nim_heaps_play_misere_nim() {
    // Plambeck, "Quaternary games": of the two-digit quaternaries only
    // .31 has a heap that is not a misère Nim heap (Winning Ways' table),
    // and of the three-digit ones only the seven "woolly mammoths"
    let codes = quaternary_codes(&[
        "0.31", "0.121", "0.123", "0.131", "0.201", "0.211", "0.312", "0.331",
    ]);
    assert_eq!(codes.len(), 11 + 41);
    for code in &codes {
        assert_misere_nim_heaps(code);
    }
}

/// The misère outcome of a sum of heaps of a quaternary code, by
/// exhaustive search (a move takes i tokens from a heap of h and leaves
/// nothing if h = i and bit 1 of digit i is set, or a heap of h - i if
/// h > i and bit 2 is set; a player with no move wins). Independent of
/// the library, for the witnesses below.
fn search_is_p(
    digits: &[u8],
    heaps: &[u64],
    memo: &mut HashMap<Vec<u64>, bool>,
) -> bool {
    let mut key = heaps.to_vec();
    key.sort_unstable();
    if let Some(&p) = memo.get(&key) {
        return p;
    }
    let mut has_move = false;
    let mut to_p = false;
    for (at, &h) in key.iter().enumerate() {
        for (i, &d) in (1u64..).zip(digits) {
            let leaves = if h == i && d & 1 != 0 {
                Some(None)
            } else if h > i && d & 2 != 0 {
                Some(Some(h - i))
            } else {
                None
            };
            if let Some(left) = leaves {
                has_move = true;
                let mut next = key.clone();
                next.remove(at);
                next.extend(left);
                to_p |= search_is_p(digits, &next, memo);
            }
        }
    }
    let p = has_move && !to_p;
    memo.insert(key, p);
    p
}

#[test]
fn the_eight_exceptions_break_misere_nim() {
    // Plambeck, "Quaternary games": .31 and the seven woolly mammoths have
    // heaps that are not misère Nim heaps. That alone does not force a
    // sum of their own heaps off Bouton's rule, but in each the quotient
    // finds one among sums of up to three heaps of 1..=24, and an
    // exhaustive search confirms its outcome
    for code in
        ["0.31", "0.121", "0.123", "0.131", "0.201", "0.211", "0.312", "0.331"]
    {
        let r = solve(code);
        let g = grundy_values(code, 24);
        let digits: Vec<u8> = code[2..].bytes().map(|b| b - b'0').collect();
        let mut memo = HashMap::new();
        let witness = sums(24)
            .into_iter()
            .find(|heaps| {
                let values: Vec<u64> =
                    heaps.iter().map(|&h| g[h as usize]).collect();
                r.outcome(heaps).unwrap()
                    != Outcome::from_is_p(bouton_is_p(&values))
            })
            .unwrap_or_else(|| panic!("{code}: every sum plays misère Nim"));
        let searched =
            Outcome::from_is_p(search_is_p(&digits, &witness, &mut memo));
        assert_eq!(
            r.outcome(&witness).unwrap(),
            searched,
            "{code}: {witness:?}"
        );
    }
}

#[test]
fn subtraction_games_play_misere_nim() {
    // Plambeck, "Quaternary games", after Winning Ways: subtraction games
    // always reduce to Nim heaps in misère play. Every set in 1..=5.
    for mask in 1..32u32 {
        let set: Vec<String> = (1..=5)
            .filter(|s| mask >> (s - 1) & 1 == 1)
            .map(|s| s.to_string())
            .collect();
        assert_misere_nim_heaps(&set.join(","));
    }
}
