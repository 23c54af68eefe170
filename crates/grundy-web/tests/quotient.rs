//! `GET /api/quotient`, the quotient view: the object of `grundy quotient
//! GAME [--heaps N] --table --json` (the library's `QuotientReport`), its
//! presentation in the library's notation, budgets that stop a quotient
//! that keeps growing, and bad heaps refused with one line.

use grundy::Budget;
use serde_json::{Value, json};

use super::{get, request, server, start};

/// The library's report for the same question, as the command writes it
/// with `--table`, and the presentation the page shows.
fn library(game: &str, heaps: Option<u64>) -> Value {
    let r =
        grundy::quotient(&game.parse().unwrap(), heaps, &Budget::default())
            .unwrap();
    let mut v = serde_json::to_value(&r).unwrap();
    let o = v.as_object_mut().unwrap();
    o.insert("presentation".into(), r.presentation().into());
    o.insert("table".into(), r.table().into());
    v
}

/// Source: Plambeck and Siegel, "Misère quotients for impartial games"
/// (docs/REFERENCES.md; docs/MISERE.md §3.1): the subtraction game
/// {1,2,3} has the tame quotient T2 = <a, b | a2=1, b3=b>, P-portion
/// {a, b2}, heap map 1, a, b, ab repeating from heap 0; 0.75 has the
/// wild quotient R8 of order 8, heap map periodic from heap 8 with
/// period 2.
#[test]
fn published_quotients_as_the_library_gives_them() {
    let addr = server();
    let (status, body) = get(addr, "/api/quotient?game=1,2,3&table=true");
    assert_eq!(status, 200, "{body}");
    assert_eq!(body, library("1,2,3", None));
    assert_eq!(body["presentation"], "<a, b | a2=1, b3=b>");
    assert_eq!(body["p_portion"], json!(["a", "b2"]));
    assert_eq!(body["tame"], true);
    assert_eq!(body["heaps"], Value::Null);
    assert_eq!(body["periodic"], json!({"preperiod": 0, "period": 4}));
    // The rows: the six elements of T2, identity first.
    let mut elements: Vec<&str> = body["table"][0]
        .as_array()
        .unwrap()
        .iter()
        .map(|x| x.as_str().unwrap())
        .collect();
    assert_eq!(elements[0], "1");
    elements.sort_unstable();
    assert_eq!(elements, ["1", "a", "ab", "ab2", "b", "b2"]);
    let (status, body) = get(addr, "/api/quotient?game=0.75&table=true");
    assert_eq!(status, 200, "{body}");
    assert_eq!(body, library("0.75", None));
    assert_eq!((&body["order"], &body["tame"]), (&json!(8), &json!(false)));
    assert_eq!(body["periodic"], json!({"preperiod": 8, "period": 2}));
    assert_eq!(body["table"].as_array().unwrap().len(), 8);
    assert!(body["certificate"].as_str().unwrap().contains("every sum"));
    // The keys in the contract's order, then the web's two.
    let (_, _, raw) = request(addr, "GET", "/api/quotient?game=0.75&table=1");
    assert!(raw.starts_with(r#"{"game":"0.75","heaps":null,"order":8,"generators":["a","b","c"],"relations":["#), "{raw}");
    assert!(raw.contains(r#""certificate":"#), "{raw}");
    assert!(raw.contains(r#","presentation":"<a, b, c | "#), "{raw}");
    // Without table=true, no table (as without --table).
    let (_, body) = get(addr, "/api/quotient?game=0.75&table=false");
    assert!(body.get("table").is_none(), "{body}");
    assert_eq!(body["order"], 8);
}

/// Source: docs/MISERE.md §3.1 and §3.2 (Plambeck and Siegel; A. N.
/// Siegel, MisereSolver): the heap map of 0.75 starts 1, a, b, a, b, c,
/// and Q_5 is not yet certified for every heap; Dawson's Kayles 0.07
/// grows to order 144 at heap 25 and 176 at heap 27, and Q_30 (order
/// 360, as Siegel reported it) is past the command's default budget.
#[test]
fn heaps_one_to_n() {
    let addr = server();
    let (status, body) = get(addr, "/api/quotient?game=0.75&heaps=5");
    assert_eq!(status, 200, "{body}");
    assert_eq!(body["heap_map"], json!(["1", "a", "b", "a", "b", "c"]));
    assert_eq!((&body["heaps"], &body["periodic"]), (&json!(5), &Value::Null));
    let mut want = library("0.75", Some(5));
    want.as_object_mut().unwrap().remove("table");
    assert_eq!(body, want);
    // A time limit the work limit always meets first, even on a loaded
    // machine (heap 30 takes about 6 s of a debug build).
    let addr = start(grundy_web::ServerLimits {
        timeout: std::time::Duration::from_secs(300),
        ..grundy_web::ServerLimits::default()
    });
    let (status, body) =
        get(addr, "/api/quotient?game=0.07&heaps=29&table=true");
    assert_eq!(status, 200, "{body}");
    assert_eq!(body["order"], 176);
    assert_eq!(
        body["expansions"].as_array().unwrap()[4..],
        [json!({"heap": 25, "order": 144}), json!({"heap": 27, "order": 176})]
    );
    assert_eq!(body["table"].as_array().unwrap().len(), 176);
    const { assert!(176 <= grundy_web::MAX_TABLE_ORDER) };
    let (status, body) = get(addr, "/api/quotient?game=0.07&heaps=30");
    assert_eq!(status, 503, "{body}");
    let message = body["error"].as_str().unwrap();
    assert!(
        message.starts_with(
            "the misère quotient of \"0.07\" was not found finite up to heap 30, stopped after"
        ),
        "{message}"
    );
    assert!(message.ends_with("(the web explorer's budget for a quotient is the command's default; `grundy quotient 0.07 --max-positions N` goes further)"), "{message}");
    // The command stops there too, with the same words.
    let e = grundy::quotient(
        &"0.07".parse().unwrap(),
        Some(30),
        &Budget::quotient(None, false),
    )
    .unwrap_err();
    assert!(message.starts_with(e.message()), "{message}");
}

/// Bad heaps and games: one line, the status of their kind, the field
/// to blame; heaps are checked before any work.
#[test]
fn bad_input_is_one_line() {
    let addr = server();
    for heaps in ["0", "1025", "-3", "x", "", "99999999999999999999999"] {
        let (status, body) =
            get(addr, &format!("/api/quotient?game=0.75&heaps={heaps}"));
        assert_eq!(status, 400, "{heaps}: {body}");
        assert_eq!(body["field"], "heaps");
        let message = body["error"].as_str().unwrap();
        assert!(!message.contains('\n'));
        assert!(message.contains(&format!("heaps \"{heaps}\"")), "{message}");
        assert!(message.contains("from 1 to 1024"), "{message}");
    }
    // A game with no finite code: the library's words, 422.
    let (status, body) = get(addr, "/api/quotient?game=nim");
    assert_eq!(status, 422, "{body}");
    assert_eq!(body["field"], "game");
    let e =
        grundy::quotient(&"nim".parse().unwrap(), None, &Budget::default())
            .unwrap_err();
    assert_eq!(body["error"], e.message());
    // Bad notation: the parser's words, 400.
    let (status, body) = get(addr, "/api/quotient?game=1,,x");
    assert_eq!((status, &body["field"]), (400, &json!("game")), "{body}");
    let (status, body) = get(addr, "/api/quotient");
    assert_eq!((status, &body["field"]), (400, &json!("game")), "{body}");
    assert!(body["error"].as_str().unwrap().contains("/api/quotient?game="));
    let (status, body) = get(addr, "/api/quotient?game=0.75&heap=3");
    assert_eq!(status, 400, "{body}");
    assert!(body["error"].as_str().unwrap().starts_with("unknown parameter"));
}

/// A quotient that keeps growing stops within the server's budget with
/// the library's honest "not found finite up to heap N" and the orders
/// seen (0.3122: infinite for heaps up to 7, Plambeck and Siegel).
#[test]
fn a_growing_quotient_stops_within_the_budget() {
    let addr = start(grundy_web::ServerLimits {
        max_positions: 20_000,
        ..grundy_web::ServerLimits::default()
    });
    let (status, body) = get(addr, "/api/quotient?game=0.3122");
    assert_eq!(status, 503, "{body}");
    let message = body["error"].as_str().unwrap();
    assert!(message.contains("was not found finite up to heap"), "{message}");
    assert!(message.contains("`grundy serve --max-positions`"), "{message}");
    // The request's deadline stops it too.
    let addr = start(grundy_web::ServerLimits {
        timeout: std::time::Duration::from_millis(300),
        ..grundy_web::ServerLimits::default()
    });
    let started = std::time::Instant::now();
    let (status, body) = get(addr, "/api/quotient?game=0.3122");
    assert_eq!(status, 503, "{body}");
    assert!(started.elapsed() < std::time::Duration::from_secs(5));
}
