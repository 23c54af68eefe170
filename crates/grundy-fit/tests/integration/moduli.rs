//! Laws whose modulus is a linear form of the parameters (`2*a + 1`,
//! `a + b`), with breakpoints at the other parameters: the shape issue 38
//! asks the fitter to learn. A made-up law is the oracle in the property
//! test; the periods of the sets {a, b, a + 1} are real data.

use grundy_fit::{FitRow, FitTable, FitVerdict, Key, Options, fit};
use proptest::prelude::*;

use crate::util::{law, pieces, table};

/// The sets {a, b, a + 1}, 1 <= a <= 15, a < b <= 50 (630 rows, fixture
/// `plus_one.csv`): the period is 2a + 1 when b % (2a + 1) is a or a + 1,
/// a + b + 1 when it lies in 1..a-1, and a + b otherwise. No source states
/// this law that we know of; each value is a sum of two of the set's
/// elements, as A. Flammenkamp's conjecture on three-move subtraction
/// games predicts (quoted by Bhagat, Larsson, Manabe and Yamashita,
/// "Additive sink subtraction", 2026; docs/REFERENCES.md). Fitted on the
/// fixture, it predicts all 2,100 rows of a = 16..40, b up to 4a
/// (`plus_one_more.csv`).
#[test]
fn three_element_sets_with_a_and_a_plus_one() {
    let f = law("plus_one.csv", Key::Period);
    let got = pieces(&f);
    assert_eq!(got.len(), 3, "{got:?}");
    let formulas: Vec<&str> = got.iter().map(|p| p.1.as_str()).collect();
    for want in ["2*a + 1", "a + b", "a + b + 1"] {
        assert!(formulas.contains(&want), "{got:?}");
    }
    assert!(got.iter().all(|p| p.0.contains("b % (2*a + 1)")), "{got:?}");
    assert!(f.exceptions().is_empty(), "{:?}", f.exceptions());
    // The law as stated above, on every fitted row.
    for r in table("plus_one.csv", Key::Period).rows() {
        let (a, b) = (r.params[0], r.params[1]);
        let u = b % (2 * a + 1);
        let want = if u == a || u == a + 1 {
            2 * a + 1
        } else if (1..a).contains(&u) {
            a + b + 1
        } else {
            a + b
        };
        assert_eq!(r.value, Some(want), "a={a} b={b}");
        assert_eq!(f.predict(&r.params).unwrap().1, Some(want));
    }
    let more = table("plus_one_more.csv", Key::Period);
    let v = f.validate(more.rows());
    assert_eq!((v.rows, v.correct, v.skipped), (2100, 2100, 0));
}

/// Which residue of the modulus each made-up law singles out.
fn special(kind: u8, a: i64, u: i64) -> bool {
    match kind {
        0 => u == a || u == a + 1,
        1 => u >= 1 && u < a,
        2 => u > a,
        _ => u == 0,
    }
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(24))]

    /// Two linear pieces in (a, b) split by where b % m falls, m one of
    /// the forms 2a + 1, 2a - 1, 3a + 1, a + 1: the fitter finds a law of
    /// at most two pieces, exact on every row.
    #[test]
    fn two_pieces_modulo_a_linear_form(
        form in 0usize..4,
        kind in 0u8..4,
        p in prop::collection::vec(-4i64..=4, 3),
        q in prop::collection::vec(-4i64..=4, 3),
    ) {
        prop_assume!(p != q);
        let (c, d) = [(2, 1), (2, -1), (3, 1), (1, 1)][form];
        let mut rows = Vec::new();
        for a in 2..=14i64 {
            for b in a + 1..=a + 40 {
                let u = b % (c * a + d);
                let k = if special(kind, a, u) { &p } else { &q };
                rows.push(FitRow::new(vec![a, b], k[0] + k[1] * a + k[2] * b));
            }
        }
        let t = FitTable::new(vec!["a".into(), "b".into()], Key::Period, rows)
            .unwrap();
        let f = fit(&t, &Options::default()).unwrap();
        prop_assert_eq!(f.verdict(), &FitVerdict::Law);
        prop_assert!(f.pieces().len() <= 2, "{:?}", pieces(&f));
        prop_assert!(f.exceptions().is_empty(), "{:?}", f.exceptions());
        for r in t.rows() {
            prop_assert_eq!(f.predict(&r.params).and_then(|p| p.1), r.value);
        }
    }
}
