//! The API against the real server on an ephemeral port: same JSON as the
//! library's reports, JSON errors with the right status, budgets that
//! answer instead of hanging, and requests that do not block each other.

mod certificate;
mod fit;
mod laws;
mod quotient;

use std::io::{Read, Write};
use std::net::{SocketAddr, TcpStream};
use std::sync::mpsc;
use std::time::{Duration, Instant};

use grundy::Play;
use grundy_web::ServerLimits;
use serde_json::Value;

mod hostile;

/// Starts a server with `limits` on 127.0.0.1:0 in a background thread.
fn start(limits: ServerLimits) -> SocketAddr {
    let (tx, rx) = mpsc::channel();
    std::thread::spawn(move || {
        let rt = tokio::runtime::Builder::new_multi_thread()
            // One async thread: work done on it would block every request.
            .worker_threads(1)
            .enable_all()
            .build()
            .unwrap();
        rt.block_on(async move {
            let listener =
                tokio::net::TcpListener::bind("127.0.0.1:0").await.unwrap();
            tx.send(listener.local_addr().unwrap()).unwrap();
            grundy_web::serve(listener, limits, std::future::pending())
                .await
                .unwrap();
        });
    });
    rx.recv().unwrap()
}

/// One request with a raw HTTP/1.1 client: (status, headers, body).
fn request(
    addr: SocketAddr,
    method: &str,
    target: &str,
) -> (u16, String, String) {
    let mut s = TcpStream::connect(addr).unwrap();
    s.set_read_timeout(Some(Duration::from_secs(60))).unwrap();
    write!(
        s,
        "{method} {target} HTTP/1.1\r\nHost: {addr}\r\nConnection: close\r\n\r\n"
    )
    .unwrap();
    let mut raw = Vec::new();
    s.read_to_end(&mut raw).unwrap();
    let raw = String::from_utf8(raw).unwrap();
    let (head, body) = raw.split_once("\r\n\r\n").unwrap();
    let status = head[9..12].parse().unwrap();
    (status, head.to_ascii_lowercase(), body.to_string())
}

fn get(addr: SocketAddr, target: &str) -> (u16, Value) {
    let (status, head, body) = request(addr, "GET", target);
    assert!(
        head.contains("content-type: application/json"),
        "{target}: {head}"
    );
    (status, serde_json::from_str(&body).unwrap())
}

/// The report as JSON without the wall-clock `seconds`.
fn timeless(mut v: Value) -> Value {
    v.as_object_mut().unwrap().remove("seconds");
    v
}

fn server() -> SocketAddr {
    start(ServerLimits::default())
}

#[test]
fn period_is_the_library_report() {
    let addr = server();
    for (set, play) in [
        ("2,3,7", Play::Normal),
        ("1,2,5", Play::Normal),
        ("1-3", Play::Misere),
        ("3,5,9", Play::Misere),
    ] {
        let misere = if play == Play::Misere { "&misere=true" } else { "" };
        let (status, body) =
            get(addr, &format!("/api/period?set={set}{misere}"));
        assert_eq!(status, 200, "{body}");
        let report = grundy::period(
            &set.parse().unwrap(),
            play,
            &grundy::PeriodOptions::default(),
            &grundy::Budget::default(),
        )
        .unwrap();
        let expected = serde_json::to_value(&report).unwrap();
        assert!(body["seconds"].is_f64());
        assert_eq!(timeless(body), timeless(expected), "{set} {play}");
    }
}

/// Octal codes and Grundy's game through every route: the same reports
/// as the library (Kayles 0.77: pre-period 71, period 12, Winning Ways
/// ch. 4), the codes' errors, and a stopped search's survey (Officers
/// 0.6: rare mask 1ee, the last rare heap 20627, as in Czajka's tables).
#[test]
fn octal_codes_and_grundys_game() {
    let addr = start(ServerLimits {
        max_positions: 30_000,
        ..ServerLimits::default()
    });
    let (status, body) = get(addr, "/api/period?set=0.77");
    assert_eq!(status, 200, "{body}");
    let report = grundy::period(
        &"0.77".parse().unwrap(),
        Play::Normal,
        &grundy::PeriodOptions::default(),
        &grundy::Budget::default(),
    )
    .unwrap();
    assert_eq!(
        timeless(body.clone()),
        timeless(serde_json::to_value(&report).unwrap())
    );
    assert_eq!(
        (&body["preperiod"], &body["period"]),
        (&71.into(), &12.into())
    );
    assert_eq!(body["guy_smith"]["checked_to"], 2 * 71 + 12 + 2);
    let (status, body) = get(addr, "/api/values?set=grundy&to=10");
    assert_eq!(status, 200);
    assert_eq!(
        body["values"],
        serde_json::json!([0, 0, 0, 1, 0, 2, 1, 0, 2, 1, 0])
    );
    let (status, body) = get(addr, "/api/period?set=grundy");
    assert_eq!((status, &body["field"]), (422, &"set".into()), "{body}");
    let (status, body) = get(addr, "/api/period?set=1.07");
    assert_eq!((status, &body["field"]), (400, &"set".into()), "{body}");
    assert!(body["error"].as_str().unwrap().contains("digit \"1\""));
    // The budget of 30,000 heaps stops Officers with what it computed.
    let (status, body) = get(addr, "/api/period?set=0.6");
    assert_eq!(status, 503, "{body}");
    let survey = &body["survey"];
    assert_eq!(survey["len"], 30_000);
    assert_eq!(
        (&survey["mask"], &survey["last_rare"]),
        (&0x1ee.into(), &20627.into())
    );
    assert!(body.get("field").is_none());
    // A split in a sum and in play: what each move leaves.
    let (status, body) = get(addr, "/api/sum?heaps=0.07:12;1,2,3:5");
    assert_eq!(status, 200, "{body}");
    assert_eq!(body["nim_sum"], 2 ^ 1);
    let (status, body) = get(addr, "/api/play?heaps=0.07:12");
    assert_eq!(status, 200, "{body}");
    let leaves: Vec<&str> = body["moves"]
        .as_array()
        .unwrap()
        .iter()
        .map(|m| m["leaves"].as_str().unwrap())
        .collect();
    assert_eq!(leaves, ["10", "1 + 9", "2 + 8", "3 + 7", "4 + 6", "5 + 5"]);
}

#[test]
fn values_are_the_library_report() {
    let addr = server();
    let (status, body) = get(addr, "/api/values?set=1%2C2%2C3&to=12");
    assert_eq!(status, 200);
    assert_eq!(
        body,
        serde_json::json!({
            "set": "1,2,3", "play": "normal", "to": 12,
            "values": [0, 1, 2, 3, 0, 1, 2, 3, 0, 1, 2, 3, 0],
            "outcomes": "PNNNPNNNPNNNP"
        })
    );
    let (_, body) = get(addr, "/api/values?set=1,2,3&to=8&misere=true");
    assert_eq!(body["outcomes"], "NPNNNPNNN");
    assert!(body.get("values").is_none());
    // `to` defaults to 31 as in the CLI.
    let (_, body) = get(addr, "/api/values?set=2,3,7");
    assert_eq!(body["to"], 31);
    let report =
        grundy::ValuesReport::new(&"2,3,7".parse().unwrap(), 31, Play::Normal)
            .unwrap();
    assert_eq!(body, serde_json::to_value(&report).unwrap());
}

#[test]
fn heap_and_sum() {
    let addr = server();
    let huge = format!("1{}", "0".repeat(200));
    let (status, body) = get(addr, &format!("/api/heap?set=1,2,3&n={huge}"));
    assert_eq!(status, 200);
    assert_eq!(body["heap"], huge.as_str());
    assert_eq!((&body["grundy"], &body["outcome"]), (&0.into(), &"P".into()));
    let (status, body) = get(addr, "/api/sum?heaps=1,2,3:10;2,3:7;nim:5");
    assert_eq!(status, 200);
    assert_eq!(body["nim_sum"], 2 ^ 1 ^ 5);
    assert_eq!(
        body["winning_moves"],
        serde_json::json!([
            {"heap": 3, "take": 2, "leaves": "3", "text": "heap 3: take 2"}
        ])
    );
    assert_eq!(body["moves_complete"], true);
    // Spaces (`+` in a query) separate heaps too; misère is exact.
    let (status, body) = get(addr, "/api/sum?heaps=nim:3+nim:1&misere=true");
    assert_eq!(status, 200);
    assert_eq!(body["method"], "bouton");
}

/// Issue 34, item 5: a huge heap of a game that splits heaps, as the
/// library reports it: the splits below the pre-period listed, the others
/// as families, `moves_complete` false and the note, for heaps and sums.
#[test]
fn huge_heaps_of_split_games() {
    let addr = server();
    let (status, body) = get(addr, "/api/heap?set=0.44&n=177903495");
    assert_eq!(status, 200);
    let report = grundy::heap(
        &"0.44".parse().unwrap(),
        &grundy::parse_heap_size("177903495").unwrap(),
        &grundy::Budget::default(),
    )
    .unwrap();
    assert_eq!(body, serde_json::to_value(&report).unwrap());
    assert_eq!(
        (&body["moves_complete"], &body["split_period"]),
        (&false.into(), &24.into())
    );
    let texts = body["winning_moves_text"].as_array().unwrap();
    assert!(texts.contains(&"take 2 -> 22 + 177903471".into()));
    assert_eq!(body["winning_families"].as_array().unwrap().len(), 26);
    let (status, body) = get(addr, "/api/sum?heaps=0.44:177903495;nim:3");
    assert_eq!(status, 200);
    assert_eq!(
        (&body["moves_complete"], &body["moves_exact"]),
        (&false.into(), &true.into())
    );
    assert!(body["moves_note"].as_str().unwrap().contains("of heap 1 "));
    let first = &body["winning_families"][0];
    assert_eq!(first["heap"], 1);
    assert!(
        first["text"].as_str().unwrap().starts_with("heap 1: take 1 -> a + ")
    );
}

#[test]
fn errors_are_json_with_status_and_field() {
    let addr = server();
    let cases: &[(&str, u16, Option<&str>)] = &[
        ("/api/period?set=0,3", 400, Some("set")),
        ("/api/period?set=1,x", 400, Some("set")),
        ("/api/period?set=3-1", 400, Some("set")),
        ("/api/period", 400, Some("set")),
        ("/api/period?set=1,2&misere=maybe", 400, Some("misere")),
        ("/api/period?set=1&sett=2", 400, Some("query")),
        ("/api/period?set=1&set=2", 400, Some("set")),
        ("/api/values?set=1,2&to=-1", 400, Some("to")),
        ("/api/values?set=1,2&to=100001", 422, Some("to")),
        ("/api/values?set=1,2&to=1e9", 400, Some("to")),
        ("/api/heap?set=1,2&n=-4", 400, Some("n")),
        ("/api/heap?set=1,2", 400, Some("n")),
        ("/api/sum?heaps=1,2:3;nim", 400, Some("heaps")),
        ("/api/sum?heaps=", 400, Some("heaps")),
        ("/api/nope", 404, None),
        ("/api/period?set=%FF%FE", 400, Some("set")),
    ];
    for &(target, status, field) in cases {
        let (got, body) = get(addr, target);
        assert_eq!(got, status, "{target}: {body}");
        let message = body["error"].as_str().unwrap();
        assert!(!message.is_empty() && !message.contains('\n'), "{message}");
        assert_eq!(body["field"].as_str(), field, "{target}: {body}");
    }
    // The library's words, exactly.
    let (_, body) = get(addr, "/api/period?set=0,3");
    let lib = "0,3".parse::<grundy::Rules>().unwrap_err();
    assert_eq!(body["error"], lib.message());
    // Which heap of a sum is wrong.
    let (_, body) = get(addr, "/api/sum?heaps=1,2:3;nim");
    assert_eq!(body["heap"], 2);
    // Other methods.
    let (status, _, body) = request(addr, "POST", "/api/period?set=1");
    assert_eq!(status, 405);
    assert!(body.contains("use GET"), "{body}");
}

#[test]
fn size_caps() {
    let addr = start(ServerLimits { max_heaps: 3, ..ServerLimits::default() });
    let long = format!("/api/period?set={}", "1,".repeat(3000));
    let (status, body) = get(addr, &long);
    assert_eq!(status, 414);
    assert!(body["error"].as_str().unwrap().contains("at most 4096"));
    let (status, body) = get(addr, "/api/sum?heaps=nim:1;nim:2;nim:3;nim:4");
    assert_eq!((status, &body["field"]), (422, &"heaps".into()));
}

#[test]
fn budgets_answer_instead_of_hanging() {
    // A budget far below the 2.2 million run segments of
    // {a, 2a+1, 3a+1} with a = 100000.
    let addr = start(ServerLimits {
        max_positions: 1_000_000,
        ..ServerLimits::default()
    });
    let (status, body) = get(addr, "/api/period?set=100000,200001,300001");
    assert_eq!(status, 503, "{body}");
    assert!(body["error"].as_str().unwrap().starts_with("no period found"));
    // A time limit.
    let addr = start(ServerLimits {
        timeout: Duration::from_millis(300),
        ..ServerLimits::default()
    });
    // The block engine would need about 10^13 positions here.
    let (status, body) =
        get(addr, "/api/period?set=3000000,6000001,9000001&engine=block");
    assert_eq!(status, 503, "{body}");
    assert!(body["error"].as_str().unwrap().contains("time limit"), "{body}");
}

#[test]
fn slow_requests_do_not_block_fast_ones() {
    let addr = start(ServerLimits {
        timeout: Duration::from_secs(4),
        workers: 2,
        ..ServerLimits::default()
    });
    let slow = std::thread::spawn(move || {
        let r =
            get(addr, "/api/period?set=3000000,6000001,9000001&engine=block");
        (r, Instant::now())
    });
    std::thread::sleep(Duration::from_millis(200));
    for _ in 0..5 {
        let (status, _) = get(addr, "/api/values?set=1,2,3&to=100");
        assert_eq!(status, 200);
    }
    let fast_done = Instant::now();
    let (_, slow_done) = slow.join().unwrap();
    assert!(fast_done < slow_done, "fast requests waited for the slow one");
}

#[test]
fn a_closed_connection_cancels_its_work() {
    // One worker and a long time limit: the second request can only run
    // if the first one's work stops when its client hangs up. The first
    // asks the block engine for {a, 2a+1, 3a+1} with a = 3000000, whose
    // period (quadratic in a, about 3.6 * 10^13) it would take hours to find.
    let addr = start(ServerLimits {
        timeout: Duration::from_secs(300),
        max_positions: u64::MAX,
        workers: 1,
        ..ServerLimits::default()
    });
    let mut s = TcpStream::connect(addr).unwrap();
    write!(
        s,
        "GET /api/period?set=3000000,6000001,9000001&engine=block HTTP/1.1\r\nHost: x\r\n\r\n"
    )
    .unwrap();
    std::thread::sleep(Duration::from_millis(300));
    drop(s);
    let started = Instant::now();
    let (status, _) = get(addr, "/api/values?set=1,2,3");
    assert_eq!(status, 200);
    assert!(started.elapsed() < Duration::from_secs(60));
}

#[test]
fn the_page_and_its_assets() {
    let addr = server();
    for (path, kind) in [
        ("/", "text/html"),
        ("/app.js", "text/javascript"),
        ("/style.css", "text/css"),
    ] {
        let (status, head, body) = request(addr, "GET", path);
        assert_eq!(status, 200);
        assert!(head.contains(&format!("content-type: {kind}")), "{head}");
        assert!(head.contains("content-security-policy"), "{head}");
        assert!(!body.is_empty());
    }
}

#[test]
fn play_positions() {
    let addr = server();
    let (status, body) = get(addr, "/api/play?heaps=1,2,3:31");
    assert_eq!(status, 200, "{body}");
    // 31 = 3 mod 4: take 3; the game lasts 15 more moves (Winning Ways'
    // remoteness; 31 -> 28 -> ... -> 0).
    assert_eq!(
        body["computer"],
        serde_json::json!({
            "heap": 1, "take": 3, "leaves": "28", "text": "heap 1: take 3"
        })
    );
    assert_eq!(
        (&body["outcome"], &body["remoteness"]),
        (&"N".into(), &15.into())
    );
    assert_eq!(body["moves"].as_array().unwrap().len(), 3);
    let (_, body) = get(addr, "/api/play?heaps=1,2,3:28");
    assert_eq!(body["outcome"], "P");
    assert_eq!(body["winning_moves"], serde_json::json!([]));
    // A lost position: the computer stalls (every move leaves 13 more).
    assert!(body["computer"].is_object());
    let (_, body) = get(addr, "/api/play?heaps=1,2,3:0");
    assert_eq!(
        (&body["over"], &body["computer"]),
        (&true.into(), &Value::Null)
    );
    // Misère: at 1 stone the mover must take it and lose.
    let (_, body) = get(addr, "/api/play?heaps=1,2,3:1&misere=true");
    assert_eq!(body["outcome"], "P");
    // Past the exact budget: normal play from the Grundy values; a
    // heap with more moves than the budget, or a misère sum of two games
    // (no theory), is refused as before.
    let (status, body) = get(addr, "/api/play?heaps=nim:100000");
    assert_eq!((status, &body["method"]), (200, &"grundy".into()));
    let (status, body) = get(addr, "/api/play?heaps=nim:1000000");
    assert_eq!((status, &body["field"]), (422, &"heaps".into()));
    let (status, body) =
        get(addr, "/api/play?heaps=nim:100000;1,2,3:5&misere=true");
    assert_eq!((status, &body["field"]), (422, &"heaps".into()));
    let (status, body) = get(addr, "/api/play?heaps=1,2,3:5;x:3");
    assert_eq!((status, &body["heap"]), (400, &2.into()));
}

/// Issue 36 §2: past the route's state budget the strategy plays from
/// the theory: six heaps of misère Kayles from the misère quotient (T. E.
/// Plambeck and A. N. Siegel, Misère quotients for impartial games), with
/// no remoteness (null), and `method` and `method_note` say so; a small
/// game is solved exactly, as before.
#[test]
fn issue_36_play_past_the_budget_answers_from_the_theory() {
    let addr =
        start(ServerLimits { max_states: 20_000, ..ServerLimits::default() });
    let (status, body) = get(
        addr,
        "/api/play?heaps=0.77:40;0.77:41;0.77:42;0.77:43;0.77:44;0.77:45&misere=true",
    );
    assert_eq!(status, 200, "{body}");
    assert_eq!(
        (&body["method"], &body["outcome"], &body["remoteness"]),
        (&"quotient".into(), &"N".into(), &Value::Null)
    );
    let note = body["method_note"].as_str().unwrap();
    assert!(
        note.starts_with(
            "misère play solved by the misère quotient of \"0.77\" (order 40"
        ),
        "{note}"
    );
    // The computer's move is one of the winning moves, those of
    // `/api/sum` (the quotient's).
    let winning = body["winning_moves"].as_array().unwrap();
    assert!(winning.contains(&body["computer"]), "{body}");
    let (_, sum) = get(
        addr,
        "/api/sum?heaps=0.77:40;0.77:41;0.77:42;0.77:43;0.77:44;0.77:45&misere=true",
    );
    let mut texts: Vec<&Value> = winning.iter().map(|m| &m["text"]).collect();
    let mut want: Vec<&Value> = sum["winning_moves"]
        .as_array()
        .unwrap()
        .iter()
        .map(|m| &m["text"])
        .collect();
    texts.sort_by_key(|v| v.to_string());
    want.sort_by_key(|v| v.to_string());
    assert_eq!(texts, want);
    let moves = body["moves"].as_array().unwrap();
    assert!(moves.iter().all(|m| m["remoteness"].is_null()));
    assert_eq!(
        moves.iter().filter(|m| m["wins"] == true).count(),
        winning.len()
    );
    let (_, body) = get(addr, "/api/play?heaps=1,2,3:31");
    assert_eq!(
        (&body["method"], &body["remoteness"]),
        (&"exact".into(), &15.into())
    );
    assert!(
        body["method_note"].as_str().unwrap().starts_with("solved exactly")
    );
}

#[test]
fn the_seed_breaks_ties_as_grundy_play_does() {
    // At 28 stones every move loses as slowly: the seed chooses, with the
    // first draw of `grundy::TieBreaker` (rand_chacha's ChaCha8 before
    // it), so `seed=S` plays what `grundy play --first computer --seed S
    // --heap 28` plays first.
    let addr = server();
    for (seed, take) in [(0, 3), (1, 2), (7, 1)] {
        let (status, body) =
            get(addr, &format!("/api/play?heaps=1,2,3:28&seed={seed}"));
        assert_eq!(status, 200, "{body}");
        assert_eq!(body["computer"]["take"], take, "seed {seed}");
    }
}

#[test]
fn sweeps() {
    let addr = server();
    let (status, body) = get(addr, "/api/sweep?family=a,b&a=1..3&b=a%2B1..4");
    assert_eq!(status, 200, "{body}");
    assert_eq!(body["count"], 6);
    // {a, b} has period a + b unless b is an odd multiple of a (2a).
    let row = &body["rows"][0];
    assert_eq!(
        (&row["a"], &row["b"], &row["set"]),
        (&1.into(), &2.into(), &"1,2".into())
    );
    assert_eq!(row["period"], 3);
    assert_eq!(row["status"], "found");
    let t = &body["table"];
    assert_eq!(
        (&t["row"], &t["col"], &t["value"]),
        (&"a".into(), &"b".into(), &"period".into())
    );
    assert_eq!(t["cells"][0], serde_json::json!([3, 2, 5]));
    assert_eq!(t["cells"][2], serde_json::json!([null, null, 7]));
    let (status, body) =
        get(addr, "/api/sweep?family=a,b&a=1..100&b=a%2B1..a%2B100");
    assert_eq!((status, &body["field"]), (422, &"family".into()));
    let (status, body) = get(addr, "/api/sweep?family=a,b&a=1..2&b=1..z");
    assert_eq!((status, &body["field"]), (400, &"b".into()));
}

#[test]
fn the_engine_can_be_forced() {
    let addr = server();
    for engine in ["block", "runs"] {
        let (status, body) =
            get(addr, &format!("/api/period?set=50,101,151&engine={engine}"));
        assert_eq!(status, 200, "{body}");
        // The block engine names its value width: "block-u8".
        assert!(body["engine"].as_str().unwrap().starts_with(engine));
        assert_eq!(body["period"], 10150);
    }
    let (status, body) = get(addr, "/api/period?set=1,2&engine=simd");
    assert_eq!((status, &body["field"]), (400, &"engine".into()));
    assert_eq!(
        body["error"],
        "unknown engine \"simd\"; use auto, block or runs"
    );
}

/// Issue 37: a family without parameters (`1,2,3`) panicked while its
/// sets were counted (a 500); it is a 400 naming the family, one line,
/// the library's one message for a sweep and a fit alike.
#[test]
fn issue_37_a_family_without_parameters_is_a_bad_request() {
    let addr = server();
    for api in ["sweep", "fit"] {
        for family in ["1,2,3", "all-but:2,3"] {
            let (status, body) =
                get(addr, &format!("/api/{api}?family={family}"));
            assert_eq!(
                (status, &body["field"]),
                (400, &"family".into()),
                "{body}"
            );
            let message = body["error"].as_str().unwrap();
            assert_eq!(
                message,
                format!(
                    "the family \"{family}\" has no parameters; give one with its range, e.g. \"a=1..10\", and use it in the template, e.g. \"1,a,a+1\""
                ),
                "/api/{api}"
            );
        }
    }
}
