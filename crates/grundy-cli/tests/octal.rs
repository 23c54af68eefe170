//! Octal codes and Grundy's game on the command line: every command that
//! takes a subtraction set takes them too, and its answers agree with the
//! definition and with Winning Ways.

use std::collections::HashMap;

use serde_json::Value;

use crate::util::{json, run};

/// Winning Ways' periods, as the library's literature tests hold them:
/// E. R. Berlekamp, J. H. Conway, R. K. Guy, Winning Ways for your
/// Mathematical Plays, ch. 4 (Table 6 and pp. 89-104), through the OEIS
/// entries the table's header names (A002186 Kayles, A002187 Dawson's
/// chess, ...).
const WINNING_WAYS: &str =
    include_str!("../../grundy/tests/octal/winning_ways.tsv");

/// g(0..=n) by the definition, for an octal code written d0.d1d2...
/// (digits 0-7) or `grundy`: digit k's bit 1 allows taking k and leaving
/// nothing, bit 2 leaving one heap, bit 4 leaving two.
fn naive(code: &str, n: usize) -> Vec<u64> {
    let mut g: Vec<u64> = Vec::with_capacity(n + 1);
    let digits: Vec<u32> = if code == "grundy" {
        Vec::new()
    } else {
        let (d0, rest) = code.split_once('.').unwrap();
        std::iter::once(d0)
            .chain(rest.split(""))
            .filter(|d| !d.is_empty())
            .map(|d| d.parse().unwrap())
            .collect()
    };
    for m in 0..=n {
        let mut seen = Vec::new();
        if code == "grundy" {
            // Split one heap into two unequal non-empty heaps.
            for a in 1..m.div_ceil(2) {
                seen.push(g[a] ^ g[m - a]);
            }
        }
        for (k, &d) in digits.iter().enumerate() {
            if k > m {
                break;
            }
            let r = m - k;
            if d & 1 != 0 && r == 0 {
                seen.push(0);
            }
            if d & 2 != 0 && r > 0 {
                seen.push(g[r]);
            }
            if d & 4 != 0 && r >= 2 {
                for a in 1..=r / 2 {
                    seen.push(g[a] ^ g[r - a]);
                }
            }
        }
        g.push((0..).find(|v| !seen.contains(v)).unwrap());
    }
    g
}

fn numbers(v: &serde_json::Value) -> Vec<u64> {
    v.as_array().unwrap().iter().map(|x| x.as_u64().unwrap()).collect()
}

#[test]
fn values_equal_the_definition() {
    // Officers (0.6), Dawson's chess (0.137), Dawson's Kayles (0.07),
    // Kayles (0.77), 4.6 and Grundy's game.
    for code in ["0.6", "0.137", "0.07", "0.77", "4.6", "grundy", "0.156"] {
        let v = json(&["values", code, "--to", "300", "--json"]);
        assert_eq!(v["set"], code);
        assert_eq!(numbers(&v["values"]), naive(code, 300), "{code}");
        let outcomes: String = naive(code, 300)
            .iter()
            .map(|&g| if g == 0 { 'P' } else { 'N' })
            .collect();
        assert_eq!(v["outcomes"], outcomes.as_str(), "{code}");
    }
}

#[test]
fn values_text_and_csv() {
    // Dawson's chess: g = 0, 1, 1, 2, 0, 3 (OEIS A002187).
    let (csv, _) = run(&["values", "0.137", "--to", "5", "--csv"], 0);
    assert_eq!(
        csv,
        "n,grundy,outcome\n0,0,P\n1,1,N\n2,1,N\n3,2,N\n4,0,P\n5,3,N\n"
    );
    let (text, _) = run(&["values", ".137", "--to", "5"], 0);
    let column: Vec<&str> = text
        .lines()
        .skip(1)
        .map(|l| l.split_whitespace().nth(1).unwrap())
        .collect();
    assert_eq!(column, ["0", "1", "1", "2", "0", "3"]);
}

#[test]
fn periods_of_winning_ways() {
    for line in WINNING_WAYS.lines().filter(|l| !l.starts_with('#')).skip(1) {
        let f: Vec<&str> = line.split('\t').collect();
        let (code, preperiod, period) = (f[0], f[1], f[2]);
        let v = json(&["period", code, "--json"]);
        assert_eq!(
            (v["preperiod"].to_string(), v["period"].to_string()),
            (preperiod.to_string(), period.to_string()),
            "{code}: {}",
            f[3]
        );
        let c = &v["guy_smith"];
        assert_eq!(c["preperiod"].to_string(), preperiod, "{code}");
        assert!(c["checked_to"].as_u64().is_some(), "{code}");
    }
}

#[test]
fn period_prints_the_guy_smith_certificate() {
    // Kayles: pre-period 71, period 12 (Winning Ways ch. 4, p. 91); the
    // Guy-Smith bound for t = 2, two heaps: 2 * 71 + 12 + 2 = 156.
    let (text, _) = run(&["period", "0.77"], 0);
    assert!(text.contains("pre-period 71, period 12"), "{text}");
    assert!(
        text.contains(
            "certificate:  g(n + 12) = g(n) for every n in [71, 156), the \
             Guy-Smith bound 2 n0 + p + t = 156"
        ),
        "{text}"
    );
    let v = json(&["period", "0.77", "--json"]);
    assert_eq!(v["guy_smith"]["checked_to"], 156);
    // Kayles has no P-position but 0 (Winning Ways ch. 4).
    assert_eq!(
        (v["outcome"]["preperiod"].as_u64(), v["outcome"]["period"].as_u64()),
        (Some(1), Some(1))
    );
}

#[test]
fn period_without_theorem_or_budget() {
    let (_, err) = run(&["period", "grundy"], 2);
    assert!(err.contains("no periodicity theorem"), "{err}");
    // Officers (0.6) is not known to be periodic: the budget stops it.
    let (_, err) = run(&["period", "0.6", "--max-positions", "20000"], 1);
    assert!(err.contains("raise --max-positions"), "{err}");
}

/// An unsolved game's stop prints what researchers publish: Officers
/// (0.6) to 30,000 heaps has the rare mask 1ee (hex) and 1584 rare
/// positions counting heap 0, the last at 20627 (Czajka's tables, in
/// `crates/grundy/tests/octal/czajka_statistics.tsv`).
#[test]
fn an_unsolved_game_reports_its_survey() {
    let args = ["period", "0.6", "--max-positions", "30000", "--json"];
    let (out, err) = run(&args, 1);
    assert!(err.contains("raise --max-positions"), "{err}");
    assert_eq!(err.lines().count(), 1, "{err}");
    let v: Value = serde_json::from_str(&out).unwrap();
    assert_eq!(v["found"], false);
    assert_eq!(v["stopped"], "positions");
    let s = &v["survey"];
    assert_eq!(s["len"], 30000);
    assert_eq!(s["mask"], 0x1ee);
    assert_eq!(s["rare_positions"], 1583);
    assert_eq!(s["last_rare"], 20627);
    let frequencies = numbers(&s["frequencies"]);
    assert_eq!(frequencies.iter().sum::<u64>(), 30000);
    assert_eq!(frequencies.len() as u64, s["max_value"].as_u64().unwrap() + 1);
    let rare: u64 = s["rare"]
        .as_array()
        .unwrap()
        .iter()
        .map(|r| r["count"].as_u64().unwrap())
        .sum();
    assert_eq!(rare, 1583);
    // Rare values have an even number of 1 bits under the mask (value 0
    // among them), as the text says.
    assert_eq!(s["domain"], false);
    for r in s["rare"].as_array().unwrap() {
        let v = r["value"].as_u64().unwrap();
        assert_eq!((v & 0x1ee).count_ones() % 2, 0, "{r}");
    }
    assert_eq!(s["rare"][0]["value"], 0);
    // The text says the same, never a period.
    let (text, _) = run(&args[..4], 1);
    assert!(text.contains("no period found in g(0) ... g(29999)"), "{text}");
    assert!(text.contains("rare heaps:   1583, the last at 20627"), "{text}");
    assert!(
        text.contains(
            "rare values have an even number of 1 bits in v & 0b111101110"
        ),
        "{text}"
    );
    assert!(!text.contains("pre-period"), "{text}");
    // --csv: the same frequencies and rare values as a table.
    let (csv, _) = run(&[&args[..4], &["--csv"]].concat(), 1);
    let mut lines = csv.lines();
    assert_eq!(
        lines.next(),
        Some("value,count,rare_count,rare_first,rare_last")
    );
    let rows: Vec<Vec<&str>> = lines.map(|l| l.split(',').collect()).collect();
    let counted: u64 = rows.iter().map(|r| r[1].parse::<u64>().unwrap()).sum();
    assert_eq!(counted, 30000);
    let rare: u64 = rows
        .iter()
        .filter(|r| !r[2].is_empty())
        .map(|r| r[2].parse::<u64>().unwrap())
        .sum();
    assert_eq!(rare, 1583);
}

/// The default budget bounds the time of a game whose values keep
/// growing (0.06: a heap of n tokens costs about n / 2 splits), where
/// ten million heaps would take days: the period search stops at the
/// first heap past 5 * 10^10 splits (about 21 s), the same heap every run,
/// with the survey, exit code 1 and what to give instead.
#[test]
fn the_default_budget_bounds_growing_games() {
    let (out, err) = run(&["period", "0.06", "--json"], 1);
    let v: Value = serde_json::from_str(&out).unwrap();
    assert_eq!(
        (&v["found"], &v["stopped"]),
        (&Value::from(false), &"splits".into())
    );
    let heaps = v["survey"]["len"].as_u64().unwrap();
    assert_eq!(
        numbers(&v["survey"]["frequencies"]).iter().sum::<u64>(),
        heaps
    );
    assert_eq!(
        err.trim_end(),
        format!(
            "grundy: no period found within 50000000000 splits for \"0.06\", the cost of its first {heaps} heaps; give --max-positions N to compute N heaps whatever they cost, or --timeout SECONDS"
        )
    );
    // The engine's splits (all n / 2 of them a heap in its dense mode,
    // from n = 2048 on) grow about as n^2 / 4 here; the stop does not
    // depend on timing.
    assert_eq!(heaps, 437_286);
}

/// What a stop says is what was done: "1 position", no g(0) ... g(0)
/// before any value, and a resumed run counts the values it holds.
#[test]
fn stops_count_what_was_done() {
    let (text, err) = run(&["period", "0.6", "--max-positions", "0"], 1);
    assert!(text.contains("no period found before any value"), "{text}");
    assert!(err.contains("within 0 positions"), "{err}");
    let (text, err) = run(&["period", "0.6", "--max-positions", "1"], 1);
    assert!(text.contains("no period found in g(0) ("), "{text}");
    assert!(err.contains("within 1 position for"), "{err}");
    let dir = tempfile::tempdir().unwrap();
    let state = dir.path().join("s.json");
    let state = state.to_str().unwrap();
    let first =
        ["period", "0.6", "--max-positions", "1000", "--checkpoint", state];
    run(&first, 1);
    let (_, err) = run(
        &[
            "period",
            "0.6",
            "--max-positions",
            "10",
            "--checkpoint",
            state,
            "--resume",
        ],
        1,
    );
    assert!(err.contains("within 1000 positions"), "{err}");
}

/// A run with --checkpoint stops, continues with --resume, and proves
/// the same period as a run in one go: 0.16, pre-period 105351 and period
/// 149459 (A. Gangolli, T. Plambeck, A note on periodicity in some octal
/// games). Values written after the last checkpoint (a kill between the
/// two writes) are ignored; a damaged state is refused.
#[test]
fn checkpoint_and_resume() {
    let dir = tempfile::tempdir().unwrap();
    let state = dir.path().join("state.json");
    let state = state.to_str().unwrap();
    let once = json(&["period", "0.16", "--json"]);
    assert_eq!(
        (once["preperiod"].as_u64(), once["period"].as_u64()),
        (Some(105351), Some(149459))
    );
    let first = [
        "period",
        "0.16",
        "--json",
        "--checkpoint",
        state,
        "--max-positions",
        "200000",
    ];
    let (out, err) = run(&first, 1);
    assert!(err.contains("saved g(0) ... g(199999)"), "{err}");
    assert!(out.contains("\"found\":false"), "{out}");
    // Not replaced without --resume.
    let (_, err) = run(&first, 2);
    assert!(err.contains("add --resume"), "{err}");
    // A kill after the values but before the checkpoint: extra values.
    let values = format!("{state}.values");
    let mut bytes = std::fs::read(&values).unwrap();
    assert_eq!(bytes.len(), 400000);
    bytes.extend([7u8; 1000]);
    std::fs::write(&values, &bytes).unwrap();
    let resumed =
        json(&["period", "0.16", "--json", "--checkpoint", state, "--resume"]);
    for key in ["preperiod", "period", "max_value", "guy_smith", "certificate"]
    {
        assert_eq!(resumed[key], once[key], "{key}");
    }
    // A different game, a damaged value, a short file: refused.
    let (_, err) =
        run(&["period", "0.6", "--checkpoint", state, "--resume"], 2);
    assert!(err.contains("not \"0.6\""), "{err}");
    let mut bytes = std::fs::read(&values).unwrap();
    bytes[1000] ^= 1;
    std::fs::write(&values, &bytes).unwrap();
    let (_, err) =
        run(&["period", "0.16", "--checkpoint", state, "--resume"], 2);
    assert_eq!(err.lines().count(), 1, "{err}");
    std::fs::write(&values, &bytes[..100]).unwrap();
    let (_, err) =
        run(&["period", "0.16", "--checkpoint", state, "--resume"], 2);
    assert!(err.contains("fewer values"), "{err}");
    // Only take-and-break games keep such a state.
    let (_, err) = run(&["period", "1,2,3", "--checkpoint", state], 2);
    assert!(err.contains("octal codes"), "{err}");
    // `values` keeps the same state: the listing equals the plain one,
    // first part and continued.
    let state = dir.path().join("values.json");
    let state = state.to_str().unwrap();
    for (to, resume) in [("3000", false), ("9000", true), ("5000", true)] {
        let mut args = vec![
            "values",
            "grundy",
            "--to",
            to,
            "--csv",
            "--checkpoint",
            state,
        ];
        if resume {
            args.push("--resume");
        }
        let (kept, _) = run(&args, 0);
        let (plain, _) = run(&["values", "grundy", "--to", to, "--csv"], 0);
        assert_eq!(kept, plain, "--to {to}");
    }
    let (_, err) =
        run(&["values", "0.07", "--misere", "--checkpoint", state], 2);
    assert!(err.contains("drop --misere"), "{err}");
}

#[test]
fn exact_searches_stay_within_their_budget() {
    // Found by an adversarial run: each used gigabytes before a position
    // was stored (the options of every level of the search path were
    // not counted), or listed 5 10^11 options of one heap.
    // Misère Dawson's Kayles has no quotient found within its work, so
    // the exact search's error stands (issue 36 §2).
    for args in [
        &["play", "--set", "grundy", "--heap", "1000000000000"][..],
        &["play", "--set", "0.07", "--heap", "100000", "--misere"][..],
        &["sum", "0.07:100000", "--misere"][..],
    ] {
        let (_, err) = run(args, 1);
        assert!(err.contains("positions to s"), "{args:?}: {err}");
    }
    // Under normal play the exact search stops within its budget and
    // the Grundy values (period 34 from 53) play on.
    let (out, _) = run(&["play", "--set", "0.07", "--heap", "100000"], 0);
    assert!(out.contains("solved by the heaps' Grundy values"), "{out}");
}

#[test]
fn heaps_use_the_period_and_keep_the_normal_answer() {
    // Dawson's Kayles (0.07) has pre-period 53 and period 34: a heap of
    // 10^6 (listed directly it took minutes) has the value of heap
    // 53 + (10^6 - 53) mod 34.
    let values = json(&["values", "0.07", "--to", "100", "--json"]);
    let want = values["values"][53 + (1_000_000 - 53) % 34].clone();
    let report = json(&["heap", "0.07", "1000000", "--json"]);
    assert_eq!(report["grundy"], want);
    // A time limit that only the misère search reaches leaves the
    // normal-play answer standing.
    let report = json(&["heap", "0.07", "200", "--json", "--timeout", "1"]);
    assert_eq!(report["grundy"], 4);
    assert!(report["misere_outcome"].is_null());
}

#[test]
fn refused_state_leaves_no_file() {
    // Nothing is created or emptied before the state is known to be good
    // (found by an adversarial run: both used to leave a `.values` file).
    let dir = tempfile::tempdir().unwrap();
    let path = |name: &str| dir.path().join(name);
    let state = path("g.json");
    let (_, err) =
        run(&["period", "grundy", "--checkpoint", state.to_str().unwrap()], 2);
    assert_eq!(err.lines().count(), 1, "{err}");
    assert!(err.contains("no periodicity theorem"), "{err}");
    assert!(!state.exists() && !path("g.json.values").exists());
    // A directory given as the checkpoint.
    std::fs::create_dir(path("d")).unwrap();
    let d = path("d");
    let d = d.to_str().unwrap();
    run(&["period", "0.6", "--checkpoint", d, "--resume"], 2);
    assert!(!path("d.values").exists());
    // A checkpoint whose values file is gone: refused, not recreated.
    let s = path("s.json");
    let s = s.to_str().unwrap();
    let args = ["period", "0.6", "--checkpoint", s, "--max-positions", "3000"];
    run(&args, 1);
    std::fs::remove_file(path("s.json.values")).unwrap();
    let (_, err) = run(&[&args[..], &["--resume"]].concat(), 2);
    assert!(err.contains("the state is damaged"), "{err}");
    assert!(!path("s.json.values").exists());
}

#[test]
fn heap_of_thirty_digits() {
    // Dawson's Kayles: period 34 from 53, so g(n) = g(n mod 34 + 68)
    // for large n.
    let n = "123456789012345678901234567890";
    let reduced = (123_456_789_012_345_678_901_234_567_890u128 % 34) as usize;
    let g = naive("0.07", 200);
    let v = json(&["heap", "0.07", n, "--json"]);
    assert_eq!(v["grundy"].as_u64(), Some(g[reduced + 34 * 3]));
    // A P-position has no winning split to speak of: no note about them.
    let (text, _) = run(&["heap", "0.5", n], 0);
    assert!(text.contains("winning moves: none\n"), "{text}");
    assert!(!text.contains("some of them"), "{text}");
}

#[test]
fn sum_mixes_codes_and_sets() {
    // g(12) = 4 in Kayles (A002186), g(10) = 2 in {1,2,3}, nim 5: 4^2^5 = 3.
    let v = json(&["sum", "0.77:12", "1,2,3:10", "nim:5", "--json"]);
    assert_eq!(v["nim_sum"], 3);
    let (text, _) = run(&["sum", "0.77:12", "1,2,3:10", "nim:5"], 0);
    assert!(text.contains("nim-sum: 3"), "{text}");
}

#[test]
fn play_takes_codes() {
    let out = crate::util::grundy(&["play", "--set", "0.07", "--seed", "1"])
        .write_stdin("hint\nhelp\nquit\n")
        .output()
        .unwrap();
    let text = String::from_utf8(out.stdout).unwrap();
    assert_eq!(out.status.code(), Some(0), "{text}");
    assert!(text.contains("rules 0.07"), "{text}");
    // The help says how to type a split.
    assert!(
        text.contains("N A+B    take N stones and leave heaps A and B"),
        "{text}"
    );
    // Grundy's game: a move splits a heap without taking a token.
    let out = crate::util::grundy(&[
        "play", "--set", "grundy", "--heap", "6", "--seed", "1",
    ])
    .write_stdin("0 2+4\nquit\n")
    .output()
    .unwrap();
    let text = String::from_utf8(out.stdout).unwrap();
    assert!(
        text.contains("you take 0 from heap 1, leaving heaps 2 4"),
        "{text}"
    );
    // Elsewhere taking nothing is still refused.
    let out = crate::util::grundy(&["play", "--set", "0.07", "--heap", "6"])
        .write_stdin("0\nquit\n")
        .output()
        .unwrap();
    let text = String::from_utf8(out.stdout).unwrap();
    assert!(text.contains("you must take at least one stone"), "{text}");
}

#[cfg(feature = "pictures")]
#[test]
fn graph_and_plot_take_codes() {
    let (dot, _) = run(&["graph", "0.07", "--heap", "5"], 0);
    // g(5) = 0 in Dawson's Kayles: a P-position, drawn with two circles.
    assert!(dot.contains("n5 [label=\"5\\ng=0\", shape=doublecircle"));
    let (svg, err) = run(&["plot", "0.07", "--to", "60", "--svg"], 0);
    assert!(svg.starts_with("<?xml") || svg.starts_with("<svg"));
    assert!(err.is_empty(), "{err}");
    let (svg, err) = run(&["plot", "grundy", "--to", "60", "--svg"], 0);
    assert!(svg.starts_with("<?xml") || svg.starts_with("<svg"));
    assert!(err.contains("no periodicity theorem"), "{err}");
}

#[test]
fn explain_says_a_code_is_not_an_all_but_set() {
    // It once called 0.07 a finite set and suggested "all-but:0.07".
    for code in ["0.07", "grundy"] {
        let (_, err) = run(&["explain", code], 2);
        assert!(err.contains("is a take-and-break game"), "{err}");
        assert!(!err.contains("all-but:0.07"), "{err}");
    }
}

#[test]
fn bad_codes_name_the_digit() {
    for (code, token) in [
        ("1.07", "\"1\""),
        ("2.6", "\"2\""),
        ("3.7", "\"3\""),
        ("0.", "\"0.\""),
        ("0.7x", "\"x\""),
    ] {
        for cmd in [
            vec!["values", code],
            vec!["period", code],
            vec!["heap", code, "10"],
        ] {
            let (out, err) = run(&cmd, 2);
            assert!(out.is_empty(), "{cmd:?}");
            assert_eq!(err.lines().count(), 1, "{cmd:?}: {err}");
            assert!(err.contains(token), "{cmd:?}: {err}");
        }
    }
    let (_, err) = run(&["sum", "0.8x:3"], 2);
    assert_eq!(err.lines().count(), 1, "{err}");
}

/// The three-digit table's source (see the file's header): Czajka's
/// re-computation of A. Flammenkamp's tables and Winning Ways', with the
/// least pre-period and period of every solved representative.
const THREE_DIGIT: &str =
    include_str!("../../grundy/tests/octal/three_digit.tsv");

/// (code, pre-period, period) of the games listed as solved with a
/// pre-period below 10^6.
fn solved_below_a_million() -> Vec<(String, u64, u64)> {
    THREE_DIGIT
        .lines()
        .filter(|l| !l.starts_with('#') && !l.starts_with("code\t"))
        .filter_map(|l| {
            let f: Vec<&str> = l.split('\t').collect();
            let (pre, per) = (f[1].parse().ok()?, f[2].parse().ok()?);
            (f[3] == "solved" && pre < 1_000_000)
                .then(|| (f[0].to_string(), pre, per))
        })
        .collect()
}

/// `grundy sweep --octal D` rows, by code: (status, pre-period, period).
fn octal_rows(digits: &str, extra: &[&str]) -> HashMap<String, Value> {
    let mut args = vec!["sweep", "--octal", digits, "--format", "jsonl"];
    args.extend(extra);
    let (out, _) = run(&args, 0);
    out.lines()
        .map(|l| serde_json::from_str::<Value>(l).unwrap())
        .map(|v| (v["set"].as_str().unwrap().to_string(), v))
        .collect()
}

/// Every solved game of the table with at most `digits` digits whose
/// certificate (2 n0 + p + t heaps) fits in `heaps` agrees with `rows`.
fn check_against_the_table(
    rows: &HashMap<String, Value>,
    digits: usize,
    heaps: u64,
) -> usize {
    let mut compared = 0;
    for (code, pre, per) in solved_below_a_million() {
        if code.len() - 2 > digits || 2 * pre + per + 8 > heaps {
            continue;
        }
        let row =
            rows.get(&code).unwrap_or_else(|| panic!("{code} not swept"));
        assert_eq!(row["status"], "found", "{code}: {row}");
        assert_eq!(row["preperiod"], pre, "{code}: {row}");
        assert_eq!(row["period"], per, "{code}: {row}");
        compared += 1;
    }
    compared
}

#[test]
fn sweep_of_two_digit_codes_matches_the_table() {
    // Every code 0.d1d2 and 4.d1d2 (and 4.0) once, digits as parameters,
    // to 8,000 heaps each: the unsolved ones (Officers 0.6, the
    // quadratic 0.76) end "not found", and every solved one of Czajka's
    // table whose certificate fits agrees.
    let rows = octal_rows("2", &["--max-positions", "8000"]);
    assert_eq!(rows.len(), 127);
    assert_eq!(rows["0.6"]["status"], "not found");
    assert_eq!(rows["0.6"]["positions"], 8000);
    assert_eq!(rows["0.07"]["d2"], 7);
    assert!(check_against_the_table(&rows, 2, 8000) >= 20);
    // A found row is `grundy period`'s answer.
    for code in ["0.07", "0.4", "4.7"] {
        let p = json(&["period", code, "--json"]);
        assert_eq!(rows[code]["preperiod"], p["preperiod"], "{code}");
        assert_eq!(rows[code]["period"], p["period"], "{code}");
        assert_eq!(rows[code]["max_value"], p["max_value"], "{code}");
    }
}

/// `--octal` in shards (the job array of docs/SWEEPS.md): the shards
/// hold every code once, the codes of one sequence in one shard (they
/// share one evaluation), and `grundy merge` of the shard files, in any
/// order, is byte for byte the file one process writes. A shard written
/// to stdout is its file.
#[test]
fn octal_shards_merge_into_the_one_process_table() {
    let dir = tempfile::tempdir().unwrap();
    let path =
        |name: &str| dir.path().join(name).to_str().unwrap().to_string();
    let base = ["sweep", "--octal", "2", "--max-positions", "8000"];
    let one = path("one.csv");
    run(&[&base[..], &["-o", &one]].concat(), 0);
    let mut shards = Vec::new();
    for i in 0..4 {
        let file = path(&format!("{i}.csv"));
        let shard = format!("{i}/4");
        run(&[&base[..], &["--shard", &shard, "-o", &file]].concat(), 0);
        let (out, _) = run(&[&base[..], &["--shard", &shard]].concat(), 0);
        assert_eq!(out, std::fs::read_to_string(&file).unwrap(), "{shard}");
        shards.push(file);
    }
    let merged = path("merged.csv");
    let mut args = vec!["merge", "-o", &merged];
    args.extend(
        [&shards[3], &shards[1], &shards[0], &shards[2]].map(String::as_str),
    );
    run(&args, 0);
    assert_eq!(std::fs::read(&merged).unwrap(), std::fs::read(&one).unwrap());
    // The shard of each code.
    let mut shard_of = HashMap::new();
    for (i, file) in shards.iter().enumerate() {
        let text = std::fs::read_to_string(file).unwrap();
        for line in text.lines().skip(1) {
            let code = line.split(',').nth(3).unwrap().to_string();
            assert_eq!(shard_of.insert(code.clone(), i), None, "{code} twice");
        }
    }
    assert_eq!(shard_of.len(), 127);
    // Officers (0.6) and the codes with its values, which round robin
    // would put in four shards (they are neighbours in family order).
    for code in ["0.61", "0.62", "0.63"] {
        assert_eq!(shard_of[code], shard_of["0.6"], "{code}");
    }
}

/// The whole three-digit table, 1023 codes, each to 2^20 heaps but at
/// most 5 s (games whose values grow, such as 0.76, cost O(n) a heap:
/// 2^20 heaps would take most of an hour each). Every solved game of the
/// table with a pre-period below 10^6 agrees (all 90 certify within 2^20
/// heaps). Run with `cargo test --release -p grundy-cli --test cli
/// octal::sweep_of_three -- --ignored`.
#[test]
#[ignore = "minutes: the whole three-digit table"]
fn sweep_of_three_digit_codes_matches_the_table() {
    let rows = octal_rows("3", &["--timeout", "5"]);
    assert_eq!(rows.len(), 1023);
    assert_eq!(check_against_the_table(&rows, 3, 1 << 20), 90);
}

/// A checkpoint relabelled for another game, edited, of an older format
/// or beside another game's values is refused in one line naming the
/// file (exit 2), and both files are left as they were. It used to
/// resume: 0.07's values relabelled "0.137" gave "no period found" for
/// 0.137 (pre-period 52, period 34) and `values` listed 0.07's values.
// See: issue 37.
#[test]
fn issue_37_a_foreign_or_edited_checkpoint_is_refused() {
    let dir = tempfile::tempdir().unwrap();
    let path = |name: &str| dir.path().join(name);
    let k = path("k.json");
    let k = k.to_str().unwrap();
    run(&["values", "0.07", "--to", "2000", "--checkpoint", k], 0);
    let good: Value =
        serde_json::from_str(&std::fs::read_to_string(k).unwrap()).unwrap();
    assert_eq!(good["rules"], "0.07");
    let values = std::fs::read(format!("{k}.values")).unwrap();
    let edit = |key: &str, value: Value| {
        let mut edited = good.clone();
        edited[key] = value;
        std::fs::write(k, edited.to_string()).unwrap();
    };
    let refused = |args: &[&str]| {
        let (out, err) = run(args, 2);
        assert!(out.is_empty(), "{args:?}: {out}");
        assert_eq!(err.lines().count(), 1, "{args:?}: {err}");
        assert!(err.contains("k.json"), "{args:?}: {err}");
        assert_eq!(std::fs::read(format!("{k}.values")).unwrap(), values);
        err
    };
    let period = ["period", "0.137", "--checkpoint", k, "--resume"];
    let list =
        ["values", "0.137", "--resume", "--checkpoint", k, "--to", "2000"];
    edit("rules", "0.137".into());
    let err = refused(&period);
    assert!(err.contains("do not belong to \"0.137\""), "{err}");
    assert!(err.contains("remove it or give another --checkpoint"), "{err}");
    refused(&list);
    // Each field edited; an older format; a count past the values on
    // disk (up to u64::MAX: no overflow, no allocation) or beyond u64.
    let resume_07 = ["period", "0.07", "--checkpoint", k, "--resume"];
    let mask = &good["mask"];
    let edits = [
        ("mask", serde_json::json!({"bits": 0, "domain": false})),
        ("mask", serde_json::json!({"bits": mask["bits"], "domain": false})),
        ("fixed_mask", Value::from(true)),
        ("checksum", Value::from(good["checksum"].as_u64().unwrap() ^ 1)),
        ("len", Value::from(1000)),
    ];
    for (key, value) in edits {
        edit(key, value);
        refused(&resume_07);
    }
    edit("format", 1.into());
    let err = refused(&resume_07);
    assert!(err.contains("format 1, written by an older version"), "{err}");
    edit("len", u64::MAX.into());
    let err = refused(&resume_07);
    assert!(err.contains("fewer values than its checkpoint names"), "{err}");
    std::fs::write(
        k,
        good.to_string().replace("2001", "18446744073709551616"),
    )
    .unwrap();
    let err = refused(&resume_07);
    assert!(err.contains("is not a checkpoint of grundy"), "{err}");
    // Another game's values, as many, beside the unedited checkpoint.
    std::fs::write(k, good.to_string()).unwrap();
    let other = path("o.json");
    let other = other.to_str().unwrap();
    run(&["values", "0.137", "--to", "2000", "--checkpoint", other], 0);
    std::fs::copy(format!("{other}.values"), format!("{k}.values")).unwrap();
    let (_, err) = run(&resume_07, 2);
    assert!(err.contains("do not belong to \"0.07\""), "{err}");
    // Put back, it resumes: 0.07 (Dawson's Kayles) has pre-period 53 and
    // period 34.
    std::fs::write(format!("{k}.values"), &values).unwrap();
    let report =
        json(&["period", "0.07", "--json", "--checkpoint", k, "--resume"]);
    assert_eq!(
        (report["preperiod"].as_u64(), report["period"].as_u64()),
        (Some(53), Some(34))
    );
}

/// Issue 37, section 4: an unsolved game's text is a summary (0.6 printed
/// about 390 lines, the whole frequency table); the CSV keeps every value
/// that occurs.
#[test]
fn unsolved_games_print_a_summary() {
    let args = ["period", "0.6", "--max-positions", "3000"];
    let (text, err) = run(&args, 1);
    assert!(err.contains("raise --max-positions"), "{err}");
    assert!(text.lines().count() <= 16, "{text}");
    assert!(text.contains("values:       "), "{text}");
    assert!(
        text.ends_with(
            "every value's count and every rare value: --format csv or --json\n"
        ),
        "{text}"
    );
    let (csv, _) = run(&[&args[..], &["--format", "csv"]].concat(), 1);
    let distinct: usize = text
        .lines()
        .find_map(|l| l.strip_prefix("values:       "))
        .and_then(|l| l.split(' ').next())
        .and_then(|n| n.parse().ok())
        .expect("a count of distinct values");
    assert_eq!(csv.lines().count(), distinct + 1, "{csv}");
}
