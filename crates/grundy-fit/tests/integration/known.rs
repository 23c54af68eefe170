//! Laws from the literature, rediscovered from sweep output alone. The
//! fitter knows none of these formulas; each test states what it must
//! find and checks it against the source's own closed form.

use grundy_fit::{FitRow, Key};

use crate::util::{law, pieces, table};

fn owned(v: &[(&str, &str)]) -> Vec<(String, String)> {
    v.iter().map(|(a, b)| (a.to_string(), b.to_string())).collect()
}

/// Source: Bachet's game, S = {1..k}: g(n) = n mod (k+1), so the period
/// is k + 1 (Berlekamp, Conway, Guy, Winning Ways, ch. 4).
#[test]
fn bachet_period_is_k_plus_one() {
    let f = law("bachet.csv", Key::Period);
    assert_eq!(pieces(&f), owned(&[("true", "k + 1")]));
    let p = &f.pieces()[0];
    assert_eq!((p.rows(), p.needed(), p.confirming()), (20, 2, 18));
    assert!(f.exceptions().is_empty());
    // g(n) = n mod (k+1) takes every value below k+1: max value k.
    let f = law("bachet.csv", Key::MaxValue);
    assert_eq!(pieces(&f), owned(&[("true", "k")]));
}

/// Source: two-element sets {a, a+1} have period 2a + 1 (Winning Ways,
/// ch. 4: period a + b unless b is an odd multiple of a).
#[test]
fn consecutive_pair_period_is_2a_plus_1() {
    let f = law("consecutive.csv", Key::Period);
    assert_eq!(pieces(&f), owned(&[("true", "2*a + 1")]));
    assert_eq!(f.pieces()[0].confirming(), 38);
}

/// Source: S = {a, b}, a < b: pre-period 0, period 2a when b is an odd
/// multiple of a, else a + b (Winning Ways, ch. 4). The learners' question
/// in muzudho's notes on the 31 game ("31game とは何か"): {1,2}, {2,3},
/// {3,4} have period a + b but {1,3}, {2,4}, {3,5} have 2, 6, 8.
#[test]
fn two_element_sets_and_the_learners_question() {
    let f = law("pairs.csv", Key::Period);
    assert_eq!(
        pieces(&f),
        owned(&[("b % (2*a) != a", "a + b"), ("b % (2*a) == a", "2*a")])
    );
    assert!(f.exceptions().is_empty());
    for p in f.pieces() {
        assert!(p.confirming() >= 60, "{}: {}", p.when(), p.confirming());
    }
    let period = |a, b| f.predict(&[a, b]).unwrap().1.unwrap();
    assert_eq!([period(1, 3), period(2, 4), period(3, 5)], [2, 6, 8]);
    assert_eq!([period(1, 2), period(2, 3), period(3, 4)], [3, 5, 7]);
    // The closed form on every row.
    for r in table("pairs.csv", Key::Period).rows() {
        let (a, b) = (r.params[0], r.params[1]);
        let want = if b % a == 0 && (b / a) % 2 == 1 { 2 * a } else { a + b };
        assert_eq!(r.value, Some(want), "a={a} b={b}");
    }
    let f = law("pairs.csv", Key::Preperiod);
    assert_eq!(pieces(&f), owned(&[("true", "0")]));
}

/// The closed form of Conjecture 1 as the paper prints it (K. Suetsugu,
/// T. Abuku, All-but Nim with FES sets of size 4): i = floor((b-a)/2a),
/// j = floor((b-(2i+1)a)/a), k = b-(2i+j+1)a, f = 4(i+j)(i+1)a^2 +
/// (4i+3)ka + k^2; period f/(b-a) for a < b < 2a, floor((a+b-1)/2a)*a when
/// gcd(a,b) = a, f/gcd(a,b) otherwise. `None` for b = 2a (excluded).
fn conjecture_1(a: i64, b: i64) -> Option<i64> {
    let i = (b - a) / (2 * a);
    let j = (b - (2 * i + 1) * a) / a;
    let k = b - (2 * i + j + 1) * a;
    let f = 4 * (i + j) * (i + 1) * a * a + (4 * i + 3) * k * a + k * k;
    let g = num_integer::gcd(a, b);
    if b == 2 * a {
        None
    } else if b < 2 * a {
        Some(f / (b - a))
    } else if g == a {
        Some((a + b - 1) / (2 * a) * a)
    } else {
        Some(f / g)
    }
}

/// Source: K. Suetsugu, T. Abuku, All-but Nim with FES sets of size 4,
/// Conjecture 1: X = {a, b, a+b, a+2b}, checked there for 1 <= a <= 30,
/// a+1 <= b <= a+30. The fitter finds four pieces. Three agree with the
/// paper's cases (f/(b-a) simplifies to 2a + b; f/gcd(a,b) splits by b
/// mod 2a). The middle case as printed, floor((a+b-1)/2a)*a for b a
/// multiple of a, has counterexamples (a=1, b=3: X = {1,3,4,7} has period
/// 8, the formula gives 1); the data fit 2b + 2(b mod 2a) there, which is
/// 4a*floor((a+b)/2a) (docs/SWEEPS.md), and hold for b = 2a as well.
#[test]
fn all_but_nim_conjecture_1() {
    let f = law("conj1.csv", Key::Period);
    assert_eq!(
        pieces(&f),
        owned(&[
            ("b % a == 0", "2*b + 2*(b % (2*a))"),
            ("b < 2*a", "2*a + b"),
            (
                "b % (2*a) > 0 && b % (2*a) < a",
                "(b*b - a*(b % (2*a)))/gcd(a, b)"
            ),
            (
                "b >= 2*a && b % (2*a) > a",
                "(b*b + a*(b % (2*a)) - 2*a*a)/gcd(a, b)"
            ),
        ])
    );
    assert!(f.exceptions().is_empty());
    assert_eq!(f.rows(), 900);
    let rows = table("conj1.csv", Key::Period);
    let mut middle_wrong = 0;
    for r in rows.rows() {
        let (a, b) = (r.params[0], r.params[1]);
        let found = f.predict(&r.params).unwrap().1;
        assert_eq!(found, r.value, "a={a} b={b}");
        if b % a == 0 && b >= 3 * a {
            assert_eq!(r.value, Some(4 * a * ((a + b) / (2 * a))));
            middle_wrong += usize::from(conjecture_1(a, b) != r.value);
        } else if let Some(p) = conjecture_1(a, b) {
            assert_eq!(r.value, Some(p), "paper's case, a={a} b={b}");
        }
    }
    assert_eq!(middle_wrong, 81, "docs/SWEEPS.md: 81 counterexamples");
}

/// Source: Suetsugu, Abuku, Lemma 7 (period (2m+3)a + b when 2ma <= b <=
/// (2m+1)a, m >= 1, b != 2a) and Conjecture 3 (period f'/gcd(a,b) with
/// f' = floor((b+2a-1)/2a)*4a^2 + 3a(b mod a) when (2m+1)a < b <
/// (2m+2)a), X = {a, b, a+b, 2a+b}, checked there for 1 <= a <= 30,
/// 2a+1 <= b <= 2a+30. With u = b mod 2a (so m = (b-u)/2a) the first is
/// 3a + 2b - u for u <= a, the second a(a + 2b + u)/gcd(a,b) for u > a.
#[test]
fn all_but_nim_lemma_7_and_conjecture_3() {
    let f = law("lemma7.csv", Key::Period);
    assert_eq!(
        pieces(&f),
        owned(&[
            ("b % (2*a) <= a", "3*a + 2*b - b % (2*a)"),
            ("b % (2*a) > a", "(a*a + 2*a*b + a*(b % (2*a)))/gcd(a, b)"),
        ])
    );
    assert!(f.exceptions().is_empty());
    for r in table("lemma7.csv", Key::Period).rows() {
        let (a, b) = (r.params[0], r.params[1]);
        let m = b / (2 * a);
        let paper = if 2 * m * a <= b && b <= (2 * m + 1) * a {
            Some((2 * m + 3) * a + b)
        } else if (2 * m + 1) * a < b && b < (2 * m + 2) * a {
            let fp = (b + 2 * a - 1) / (2 * a) * 4 * a * a + 3 * a * (b % a);
            Some(fp / num_integer::gcd(a, b))
        } else {
            None
        };
        assert_eq!(paper, r.value, "a={a} b={b}");
        assert_eq!(f.predict(&r.params).unwrap().1, r.value);
    }
}

/// The laws found on the paper's range predict the next fifteen values
/// of a (31..45) without a miss: conjectures with their evidence. (With
/// b <= 2a + 30 and a > 30, the lemma 7 family only meets b mod 2a < a
/// there, so only its first piece is tested.)
#[test]
fn laws_hold_beyond_the_papers_range() {
    for (fitted, more) in
        [("conj1.csv", "conj1_more.csv"), ("lemma7.csv", "lemma7_more.csv")]
    {
        let f = law(fitted, Key::Period);
        let new: Vec<FitRow> = table(more, Key::Period).rows().to_vec();
        let v = f.validate(&new);
        assert_eq!((v.rows, v.correct, v.skipped), (450, 450, 0), "{more}");
        assert!(v.wrong.is_empty());
        assert_eq!(v.per_piece.iter().map(|p| p.correct).sum::<usize>(), 450);
        assert!(v.per_piece.iter().all(|p| p.wrong == 0));
    }
}

/// The all-but pre-periods and saltus of these families are simple too:
/// |X| <= 3 is purely periodic (Siegel; Sleator-Slusky), and these size-4
/// families turn out purely periodic on the checked range as well.
#[test]
fn other_keys_of_the_paper_families() {
    let f = law("conj1.csv", Key::Preperiod);
    assert_eq!(pieces(&f), owned(&[("true", "0")]));
    let f = law("lemma7.csv", Key::Preperiod);
    assert_eq!(pieces(&f), owned(&[("true", "0")]));
}
