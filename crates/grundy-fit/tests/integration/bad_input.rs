//! Bad input gets one line naming the problem and the fix (issue 17:
//! "an unknown key, a degree of 50, a family with one row").

use grundy_fit::{FitRow, FitTable, Key, Options, fit, parse_sweep};

fn one_line(e: &grundy_fit::Error) -> String {
    let s = e.to_string();
    assert!(!s.contains('\n') && !s.is_empty(), "{s:?}");
    assert!(!s.ends_with('.'), "{s:?}");
    s
}

#[test]
fn unknown_key() {
    let e = "perod".parse::<Key>().unwrap_err();
    assert_eq!(
        one_line(&e),
        "unknown key \"perod\"; use one of preperiod, period, saltus, \
         outcome_preperiod, outcome_period, max_value"
    );
}

#[test]
fn degree_fifty() {
    let e = Options::with_degree(50).unwrap_err();
    assert_eq!(
        one_line(&e),
        "degree 50 is too high; use a degree from 0 to 6 (default 3)"
    );
    let t = FitTable::new(
        vec!["a".into()],
        Key::Period,
        (1..10).map(|a| FitRow::new(vec![a], a)).collect(),
    )
    .unwrap();
    let opts = Options { degree: 50, ..Options::default() };
    assert_eq!(
        fit(&t, &opts).unwrap_err(),
        Options::with_degree(50).unwrap_err()
    );
}

#[test]
fn a_family_with_one_row() {
    let t = FitTable::new(
        vec!["a".into()],
        Key::Period,
        vec![FitRow::new(vec![1], 3)],
    )
    .unwrap();
    let e = fit(&t, &Options::default()).unwrap_err();
    assert_eq!(
        one_line(&e),
        "1 row, 1 with a value for period; a fit needs at least 2 rows \
         with a value (widen the parameter ranges or raise the budget)"
    );
    // Many rows, but none with a value (every set "not found").
    let rows =
        (1..5).map(|a| FitRow { params: vec![a], value: None }).collect();
    let t = FitTable::new(vec!["a".into()], Key::Period, rows).unwrap();
    let e = fit(&t, &Options::default()).unwrap_err();
    assert!(one_line(&e).starts_with("4 rows, 0 with a value"));
}

#[test]
fn malformed_tables_and_files() {
    let e = FitTable::new(vec!["2a".into()], Key::Period, vec![]).unwrap_err();
    assert!(one_line(&e).starts_with("bad parameter name \"2a\""));
    let e =
        FitTable::new(vec!["gcd".into()], Key::Period, vec![]).unwrap_err();
    assert!(one_line(&e).contains("reserved"));
    let e = FitTable::new(vec![], Key::Period, vec![]).unwrap_err();
    assert!(one_line(&e).starts_with("no parameters"));
    let e = parse_sweep("", Key::Period).unwrap_err();
    one_line(&e);
    let e = parse_sweep("{\"a\": 1}\n", Key::Period).unwrap_err();
    assert!(one_line(&e).starts_with("not a grundy sweep"));
    let e = parse_sweep("a,set,period\n1,\"1\",x\n", Key::Period).unwrap_err();
    assert_eq!(one_line(&e), "line 2: period \"x\" is not an integer");
}
