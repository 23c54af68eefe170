//! `GET /api/fit`, the sweep tab's "find the formula": the object of
//! `grundy fit --json` (the library's `grundy_fit::Report`), computed from
//! the family's own sweep, and errors that name their field.

use grundy_fit::{FitTable, Key, Options, SweepRow};
use grundy_sweep::Family;
use serde_json::{Value, json};

use super::{get, request, server};

/// The report the library gives for the same family, as JSON.
fn library_report(template: &str, ranges: &[&str], key: Key) -> Value {
    let family = Family::template(template, ranges).unwrap();
    let limit = grundy::Budget::default();
    let rows = family.points().map(|p| {
        let row = family.row(&p.unwrap(), &limit);
        let found = row.result.found().map(|f| f.get(key.name()));
        SweepRow { params: row.params, found }
    });
    let names = family.param_names().iter().map(|s| s.to_string()).collect();
    let table = FitTable::from_sweep(names, key, rows).unwrap();
    let fit = grundy_fit::fit(&table, &Options::default()).unwrap();
    serde_json::to_value(fit.report(template)).unwrap()
}

fn pieces(body: &Value) -> Vec<(&str, &str)> {
    body["pieces"]
        .as_array()
        .unwrap()
        .iter()
        .map(|p| (p["when"].as_str().unwrap(), p["formula"].as_str().unwrap()))
        .collect()
}

/// Source: S = {a, b}, a < b, has period 2a when b is an odd multiple of
/// a and a + b otherwise (Berlekamp, Conway, Guy, Winning Ways, ch. 4).
#[test]
fn two_element_sets() {
    let addr = server();
    let (status, body) =
        get(addr, "/api/fit?family=a,b&a=1..20&b=a%2B1..a%2B30&for=period");
    assert_eq!(status, 200, "{body}");
    // The keys in the contract's order (serde_json's Value sorts them).
    let (_, _, raw) = request(
        addr,
        "GET",
        "/api/fit?family=a,b&a=1..20&b=a%2B1..a%2B30&for=period",
    );
    assert!(
        raw.starts_with(
            r#"{"family":"a,b","key":"period","params":["a","b"],"rows":600,"pieces":[{"when":"#
        ),
        "{raw}"
    );
    assert!(raw.ends_with(r#"}],"exceptions":[],"validated":null}"#), "{raw}");
    assert_eq!(
        (&body["family"], &body["key"], &body["rows"], &body["validated"]),
        (&json!("a,b"), &json!("period"), &json!(600), &Value::Null)
    );
    assert_eq!(
        pieces(&body),
        [("b % (2*a) != a", "a + b"), ("b % (2*a) == a", "2*a")]
    );
    assert_eq!(body["exceptions"], json!([]));
    assert_eq!(
        body,
        library_report("a,b", &["a=1..20", "b=a+1..a+30"], Key::Period)
    );
    // `for` defaults to period.
    let (_, again) = get(addr, "/api/fit?family=a,b&a=1..20&b=a%2B1..a%2B30");
    assert_eq!(again, body);
}

/// Source: K. Suetsugu, T. Abuku, All-but Nim with FES sets of size 4,
/// Lemma 7 (period (2m+3)a + b when 2ma <= b <= (2m+1)a) and Conjecture 3
/// (period f'/gcd(a,b) when (2m+1)a < b < (2m+2)a), X = {a, b, a+b,
/// 2a+b}, over the range the paper checked: 1 <= a <= 30, 2a+1 <= b <=
/// 2a+30. With u = b mod 2a the first is 3a + 2b - u (u <= a), the
/// second a(a + 2b + u)/gcd(a, b).
#[test]
fn all_but_nim_lemma_7_and_conjecture_3() {
    let addr = server();
    let (status, body) = get(
        addr,
        "/api/fit?family=all-but:a,b,a%2Bb,2*a%2Bb&a=1..30&b=2*a%2B1..2*a%2B30&for=period",
    );
    assert_eq!(status, 200, "{body}");
    assert_eq!(
        pieces(&body),
        [
            ("b % (2*a) <= a", "3*a + 2*b - b % (2*a)"),
            ("b % (2*a) > a", "(a*a + 2*a*b + a*(b % (2*a)))/gcd(a, b)"),
        ]
    );
    assert_eq!(body["rows"], 900);
    assert_eq!(body["exceptions"], json!([]));
}

/// Source: all-but sets with |X| <= 3 are purely additively periodic
/// (Siegel; Sleator, Slusky, Subtraction games with FES sets of size 3):
/// the pre-period of X = {a, a+1, a+2} is 0 everywhere.
#[test]
fn other_keys() {
    let addr = server();
    let (status, body) = get(
        addr,
        "/api/fit?family=all-but:a,a%2B1,a%2B2&a=1..20&for=preperiod",
    );
    assert_eq!(status, 200, "{body}");
    assert_eq!(pieces(&body), [("true", "0")]);
    assert_eq!(
        body,
        library_report("all-but:a,a+1,a+2", &["a=1..20"], Key::Preperiod)
    );
}

/// Real data with no known law: the periods of the 3-element sets
/// {a, b, c} of 1..12. No pieces, every row an exception.
#[test]
fn no_simple_law() {
    let addr = server();
    let (status, body) =
        get(addr, "/api/fit?family=a,b,c&a=1..10&b=a%2B1..11&c=b%2B1..12");
    assert_eq!(status, 200, "{body}");
    assert_eq!(body["pieces"], json!([]));
    assert_eq!(body["rows"], 220);
    assert_eq!(body["exceptions"].as_array().unwrap().len(), 220);
    assert_eq!(
        body["exceptions"][0],
        json!({"a": 1, "b": 2, "c": 3, "period": 4})
    );
}

#[test]
fn errors_name_their_field() {
    let addr = server();
    let cases = [
        ("family=a,b&a=1..5&b=a%2B1..9&for=perod", 400, "for"),
        ("family=a,b&a=1..5&b=a%2B1..9&degree=50", 400, "degree"),
        ("family=a,b&a=1..5&b=a%2B1..9&degree=x", 400, "degree"),
        ("family=a,b&a=1..1&b=2..2", 422, "family"),
        ("family=a,b&a=1..100&b=a%2B1..a%2B100", 422, "family"),
        ("family=a,b&a=1..5&b=a%2B1..z", 400, "b"),
        ("family=a,z&a=1..5", 400, "family"),
        // No parameter: the library refuses the family itself (issue 37).
        ("family=1,2", 400, "family"),
        ("a=1..5", 400, "family"),
        ("family=all-but:a,a%2B1&a=1..9&for=max_value", 422, "family"),
    ];
    for (query, want, field) in cases {
        let (status, body) = get(addr, &format!("/api/fit?{query}"));
        assert_eq!(
            (status, &body["field"]),
            (want, &json!(field)),
            "{query}: {body}"
        );
        let message = body["error"].as_str().unwrap();
        assert!(!message.contains('\n') && !message.is_empty(), "{message}");
    }
    let (_, body) =
        get(addr, "/api/fit?family=a,b&a=1..5&b=a%2B1..9&for=perod");
    assert_eq!(
        body["error"],
        "unknown key \"perod\"; use one of preperiod, period, saltus, outcome_preperiod, outcome_period, max_value"
    );
    // The library's message with this route's hint.
    let (_, body) =
        get(addr, "/api/fit?family=all-but:a,a%2B1&a=1..9&for=max_value");
    assert_eq!(
        body["error"],
        "the family's sets have no max_value (all-but sets have unbounded values); fit another key, e.g. for=period"
    );
}
