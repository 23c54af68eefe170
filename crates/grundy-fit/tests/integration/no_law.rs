//! Data with no simple law must say so instead of over-fitting (issue 17:
//! "test it on random-looking data").

use grundy_fit::{FitRow, FitTable, FitVerdict, Key, Options, fit};

use crate::util::table;

/// SplitMix64 (Steele, Lea, Flood, Fast splittable pseudorandom number
/// generators, OOPSLA 2014): deterministic, no dependency.
fn splitmix(state: &mut u64) -> u64 {
    *state = state.wrapping_add(0x9E37_79B9_7F4A_7C15);
    let mut z = *state;
    z = (z ^ (z >> 30)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
    z = (z ^ (z >> 27)).wrapping_mul(0x94D0_49BB_1331_11EB);
    z ^ (z >> 31)
}

fn random_table(seed: u64, range: u64) -> FitTable {
    let mut s = seed;
    let mut rows = Vec::new();
    for a in 1..=30 {
        for b in a + 1..=a + 30 {
            let v = 1 + (splitmix(&mut s) % range) as i64;
            rows.push(FitRow::new(vec![a, b], v));
        }
    }
    FitTable::new(vec!["a".into(), "b".into()], Key::Period, rows).unwrap()
}

fn assert_no_law(t: &FitTable) {
    let f = fit(t, &Options::default()).unwrap();
    let FitVerdict::NoSimpleLaw(why) = f.verdict() else {
        panic!("a law on random data: {:?}", f.pieces());
    };
    assert!(!why.is_empty());
    assert!(f.pieces().is_empty());
    assert_eq!(f.exceptions().len(), t.rows().len(), "every row listed");
    assert!(f.latex().starts_with("% no simple law for period"));
}

#[test]
fn random_values_have_no_law() {
    for seed in 0..4 {
        assert_no_law(&random_table(seed, 1000));
    }
}

/// Few distinct values make chance agreements likely: a constant piece
/// over a class of a few rows is easy to hit by luck, so this is the hard
/// case for over-fitting.
#[test]
fn random_small_values_have_no_law() {
    for seed in 10..14 {
        assert_no_law(&random_table(seed, 3));
    }
}

/// Real data with no known law: the periods of all 3-element subtraction
/// sets of 1..16 (see tests/data/README.md).
#[test]
fn three_element_sets_have_no_simple_law() {
    let t = table("triples.csv", Key::Period);
    assert_eq!(t.rows().len(), 560);
    assert_no_law(&t);
}

/// A law with a few corrupted rows keeps its pieces and lists exactly the
/// corrupted rows (and the row without a value) as exceptions.
#[test]
fn sporadic_exceptions_are_listed_not_hidden() {
    let t = table("pairs.csv", Key::Period);
    let mut rows = t.rows().to_vec();
    for i in [49, 399, 776] {
        rows[i].value = rows[i].value.map(|v| v + 1);
    }
    rows[899].value = None;
    let t =
        FitTable::new(t.params().to_vec(), Key::Period, rows.clone()).unwrap();
    let f = fit(&t, &Options::default()).unwrap();
    assert_eq!(f.verdict(), &FitVerdict::Law);
    assert_eq!(f.pieces().len(), 2);
    let mut want: Vec<FitRow> =
        [49, 399, 776, 899].iter().map(|&i| rows[i].clone()).collect();
    want.sort_by(|x, y| x.params.cmp(&y.params));
    assert_eq!(f.exceptions(), want.as_slice());
}
