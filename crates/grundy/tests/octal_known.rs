//! Known results on octal games, reproduced from the rules alone.
//!
//! Each table in `tests/octal/` names its sources (author, title, table)
//! in its header; each test below says which table it reads and what it
//! checks. Entries whose computation takes seconds in a release build and
//! minutes in the test profile are `#[ignore]`d with the time they take;
//! run them with `cargo test --release -p grundy --test octal_known --
//! --ignored` (BENCHMARKS.md records the last run).
//!
//! Convention: the literature's "last exceptional value at n = X" is a
//! least pre-period of X + 1.

use std::collections::HashMap;

use grundy::{Budget, Mask, OctalRun, PeriodReport, Rules};

const WINNING_WAYS: &str = include_str!("octal/winning_ways.tsv");
const GANGOLLI_PLAMBECK: &str = include_str!("octal/gangolli_plambeck.tsv");
const THREE_DIGIT: &str = include_str!("octal/three_digit.tsv");
const CZAJKA_STATISTICS: &str = include_str!("octal/czajka_statistics.tsv");
const ROGALSKI_FREQUENCIES: &str =
    include_str!("octal/rogalski_frequencies.tsv");

/// The rows of a table as maps from column name to field.
fn table(text: &str) -> Vec<HashMap<&str, &str>> {
    let mut lines = text.lines().filter(|l| !l.starts_with('#'));
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

fn number(field: &str) -> u64 {
    field.parse().unwrap_or_else(|_| panic!("not a number: {field:?}"))
}

/// The least certified period, with the values it was found from; panics
/// if none is found within `max` values.
fn solve(code: &str, max: u64) -> (PeriodReport, Vec<u16>) {
    let rules: Rules = code.parse().unwrap();
    let mut run = OctalRun::new(&rules).unwrap();
    let report = run
        .period(&Budget::heaps(max), &mut |_| Ok(()))
        .unwrap_or_else(|e| panic!("{code}: {e}"));
    let certificate =
        report.certificate.guy_smith().expect("a Guy-Smith certificate");
    assert!(certificate.verify(run.values()), "{code}");
    (report, run.values().to_vec())
}

/// The values by the definition (the naive engine, over the options).
fn naive(code: &str, count: usize) -> Vec<u16> {
    let rules: Rules = code.parse().unwrap();
    let game = rules.octal_game().unwrap();
    let mut g: Vec<u16> = Vec::with_capacity(count);
    for n in 0..count as u64 {
        let mut seen = Vec::new();
        grundy::HeapGame::options(game, n, &mut |o| {
            seen.push(o.leaves().iter().fold(0, |a, &h| a ^ g[h as usize]));
        });
        g.push((0..).find(|v| !seen.contains(v)).unwrap());
    }
    g
}

fn check_periods(rows: &[HashMap<&str, &str>], max: u64) {
    for row in rows {
        let code = row["code"];
        let (found, _) = solve(code, max);
        assert_eq!(
            (found.preperiod, found.period),
            (number(row["preperiod"]), number(row["period"])),
            "{code}: {}",
            row["source"]
        );
    }
}

/// Source: Berlekamp, Conway, Guy, Winning Ways ch. 4, through the OEIS
/// entries made from its tables (tests/octal/winning_ways.tsv): every
/// game listed there, pre-period and period.
#[test]
fn winning_ways_periods() {
    check_periods(&table(WINNING_WAYS), 1 << 20);
}

/// Source: A. Gangolli, T. Plambeck, A note on periodicity in some octal
/// games, Int. J. Game Theory 18 (1989), tests/octal/gangolli_plambeck.tsv:
/// .127, .16 and .56 (last exceptional values 46577, 105350, 326639).
#[test]
fn gangolli_plambeck_periods() {
    let rows: Vec<_> = table(GANGOLLI_PLAMBECK)
        .into_iter()
        .filter(|r| number(r["preperiod"]) < 1_000_000)
        .collect();
    assert_eq!(rows.len(), 3);
    for row in &rows {
        assert_eq!(
            number(row["last_exception"]) + 1,
            number(row["preperiod"])
        );
    }
    check_periods(&rows, 1 << 21);
}

/// Source: as above: .376, last exceptional value 2268247 (5.5 million
/// values).
#[test]
#[ignore = "about 7 s in release, a minute in the test profile"]
fn gangolli_plambeck_376() {
    let rows: Vec<_> = table(GANGOLLI_PLAMBECK)
        .into_iter()
        .filter(|r| number(r["preperiod"]) >= 1_000_000)
        .collect();
    check_periods(&rows, 1 << 24);
}

/// Digits 0-9, then A = 10, B = 11, ...
fn digit(c: char) -> u16 {
    c.to_digit(36).unwrap() as u16
}

/// The solved three-digit games with a pre-period below 10^6.
fn three_digit_solved() -> Vec<HashMap<&'static str, &'static str>> {
    table(THREE_DIGIT)
        .into_iter()
        .filter(|r| r["status"] == "solved")
        .filter(|r| number(r["preperiod"]) < 1_000_000)
        .collect()
}

/// Source: T. Czajka, octal-games, TrivialGames.md and SolvedGames.md (a
/// re-computation of Winning Ways' and A. Flammenkamp's tables,
/// tests/octal/three_digit.tsv): every solved game with at most three
/// digits and a pre-period below 10^6, and for the short ones every value
/// of the pre-period and the first period.
#[test]
fn three_digit_solved_games() {
    let rows = three_digit_solved();
    assert_eq!(rows.len(), 90);
    for row in &rows {
        let code = row["code"];
        let (found, values) = solve(code, 1 << 21);
        let (l, p) = (number(row["preperiod"]), number(row["period"]));
        assert_eq!((found.preperiod, found.period), (l, p), "{code}");
        if row["values"] != "-" {
            let (prefix, rest) = row["values"].split_once('(').unwrap();
            let period = rest.strip_suffix(')').unwrap();
            assert_eq!(prefix.len() as u64, l, "{code}");
            assert_eq!(period.len() as u64, p, "{code}");
            let expected: Vec<u16> =
                prefix.chars().chain(period.chars()).map(digit).collect();
            assert_eq!(values[..expected.len()], expected[..], "{code}");
        }
    }
}

/// Source: as above, the two long ones: .376 (Gangolli, Plambeck) and
/// .354 (Flammenkamp, 2002: pre-period 10061916, period 1180; 21 million
/// values).
#[test]
#[ignore = "about 15 s in release, minutes in the test profile"]
fn three_digit_solved_long() {
    let rows: Vec<_> = table(THREE_DIGIT)
        .into_iter()
        .filter(|r| r["status"] == "solved")
        .filter(|r| (1_000_000..100_000_000).contains(&number(r["preperiod"])))
        .collect();
    assert_eq!(rows.len(), 2);
    check_periods(&rows, 1 << 26);
}

/// Source: OEIS A071509, after A. Flammenkamp: .454 (like .4RZj) has
/// period 60620715 and last exception 160949018, the longest known period
/// of a three-digit code. The certificate needs 4.4 10^8 values; the
/// search stops at the check after that, 4.8 10^8 values (about 1 GB).
#[test]
#[ignore = "about a minute in release and 1 GB: the frontier record"]
fn three_digit_frontier() {
    let row =
        table(THREE_DIGIT).into_iter().find(|r| r["code"] == "0.454").unwrap();
    check_periods(&[row], 1 << 30);
}

/// Source: T. Czajka, octal-games, UnsolvedGames.md (tests/octal/
/// three_digit.tsv, status "unsolved": not yet solved there). The sparse
/// engine must agree with the definition on the first 1500 values of
/// each, and any period certified within 2^14 values is confirmed on the
/// definition's values (4.344, pre-period 998 and period 51, is
/// certified here; Czajka's list has not reached it).
#[test]
fn three_digit_unsolved() {
    let rows: Vec<_> = table(THREE_DIGIT)
        .into_iter()
        .filter(|r| r["status"] == "unsolved")
        .collect();
    assert_eq!(rows.len(), 81);
    let mut certified = Vec::new();
    for row in &rows {
        let code = row["code"];
        let rules: Rules = code.parse().unwrap();
        let mut run = OctalRun::new(&rules).unwrap();
        let found = run.period(&Budget::heaps(1 << 14), &mut |_| Ok(()));
        let naive_values = naive(code, 1500);
        assert_eq!(run.values()[..1500], naive_values[..], "{code}");
        match found {
            Ok(p) => {
                let end = (p.certificate.guy_smith().unwrap().checked_to
                    + p.period) as usize;
                let g = naive(code, end + 500);
                let (l, q) = (p.preperiod as usize, p.period as usize);
                assert!((l..end + 500 - q).all(|n| g[n] == g[n + q]));
                assert!(l == 0 || g[l - 1] != g[l - 1 + q]);
                certified.push((code, p.preperiod, p.period));
            }
            Err(e) => {
                // No guess: how far, frequencies and rare values.
                let seen = e.stopped().unwrap().seen.clone().unwrap();
                assert_eq!(seen.len, 1 << 14, "{code}");
                assert_eq!(seen.frequencies.iter().sum::<u64>(), 1 << 14);
            }
        }
    }
    assert_eq!(certified, [("4.344", 998, 51)]);
}

/// Source: OEIS A002186 (Kayles, .77; Winning Ways p. 91): "the only
/// exceptions are n=0, 3, 6, 9, 11, 15, 18, 21, 22, 28, 34, 39, 57 and
/// 70"; OEIS A002187 (.137): "exceptions at n=0, 14, 16, 17, 31, 34 and
/// 51"; OEIS A071453 (.117): "the only exceptions are n=2, 6, 7, 12, 16,
/// 22, 26, 36 and 46".
#[test]
fn exceptions() {
    let cases: [(&str, &[usize]); 3] = [
        ("0.77", &[0, 3, 6, 9, 11, 15, 18, 21, 22, 28, 34, 39, 57, 70]),
        ("0.137", &[0, 14, 16, 17, 31, 34, 51]),
        ("0.117", &[2, 6, 7, 12, 16, 22, 26, 36, 46]),
    ];
    for (code, expected) in cases {
        let (p, values) = solve(code, 1 << 16);
        // An exception differs from the periodic value of its residue.
        let (l, q) = (p.preperiod as usize, p.period as usize);
        let periodic = |n: usize| values[n + l.div_ceil(q) * q];
        let found: Vec<usize> =
            (0..l).filter(|&n| values[n] != periodic(n)).collect();
        assert_eq!(found, expected, "{code}");
    }
}

/// Source: A. Flammenkamp, Sprague-Grundy values of Grundy's game ("Known
/// sparse SGV of Grundy's game", mask 0111...1110: rare when the ones
/// above the lowest bit are even in number): the sparse values up to
/// n = 231 with their values.
#[test]
fn grundys_game_sparse_values() {
    let expected: [(usize, u16); 48] = [
        (0, 0),
        (1, 0),
        (2, 0),
        (3, 1),
        (4, 0),
        (6, 1),
        (7, 0),
        (9, 1),
        (10, 0),
        (12, 1),
        (15, 1),
        (20, 0),
        (23, 0),
        (26, 0),
        (28, 1),
        (31, 1),
        (34, 1),
        (37, 1),
        (40, 1),
        (43, 1),
        (46, 1),
        (49, 1),
        (50, 0),
        (52, 1),
        (53, 0),
        (55, 1),
        (58, 1),
        (61, 1),
        (87, 7),
        (90, 7),
        (93, 7),
        (146, 6),
        (149, 6),
        (152, 6),
        (158, 11),
        (161, 11),
        (164, 11),
        (167, 11),
        (176, 7),
        (179, 7),
        (181, 12),
        (182, 7),
        (185, 7),
        (188, 7),
        (190, 12),
        (193, 12),
        (196, 10),
        (231, 10),
    ];
    let values: Vec<u64> = grundy::values(&"grundy".parse().unwrap())
        .take(232)
        .map(|g| g.value())
        .collect();
    let found: Vec<(usize, u16)> = values
        .iter()
        .enumerate()
        .filter(|&(_, &v)| (v & 0xFFFE).count_ones() % 2 == 0)
        .map(|(n, &v)| (n, v as u16))
        .collect();
    assert_eq!(found, expected);
}

/// Source: A. Flammenkamp, Sparse- and common-positions of Sprague-Grundy
/// values of octal games: .051 has pre-period = period = 48, maximal
/// value 5, the values printed there, and with the bit string 111... in
/// the domain (t = 2) its only sparse positions are 0, 3, 7, 13, 17, 27,
/// 37.
#[test]
fn flammenkamp_051_domain_split() {
    let pre = "0 0 1 1 1 0 2 2 1 3 4 0 1 1 1 3 2 2 2 3 4 0 1 5 4 3 2 2 2 3 \
               1 0 1 0 4 3 2 2 2 0 1 0 1 0 4 3 2 5";
    let per = "4 0 1 0 1 0 2 3 2 3 4 0 1 0 1 3 2 3 2 3 4 0 1 0 4 3 2 3 2 3 \
               1 0 1 0 4 3 2 3 2 0 1 0 1 0 4 3 2 3";
    let expected: Vec<u16> = pre
        .split_whitespace()
        .chain(per.split_whitespace())
        .map(|v| v.parse().unwrap())
        .collect();
    let (p, values) = solve("0.051", 1 << 16);
    assert_eq!((p.preperiod, p.period, p.max_value), (48, 48, Some(5)));
    assert_eq!(values[..96], expected[..]);
    let mask = Mask { bits: 0xFFFF, domain: true };
    let t0 = 2 % 2;
    let sparse: Vec<u64> = (0..96u64)
        .filter(|&n| mask.class(n, values[n as usize], t0) == 0)
        .collect();
    assert_eq!(sparse, [0, 3, 7, 13, 17, 27, 37]);
}

/// Rare positions, counted the way Czajka counts them (heap 0 included
/// when it is rare), and the last one.
fn rare_under(values: &[u16], mask: Mask, t0: u64) -> (u64, Option<u64>) {
    let rare = (0..values.len() as u64)
        .filter(|&n| mask.class(n, values[n as usize], t0) == 0);
    rare.fold((0, None), |(count, _), n| (count + 1, Some(n)))
}

fn check_statistics(
    row: &HashMap<&str, &str>,
    values: &[u16],
    engine_mask: Mask,
) {
    let code = row["code"];
    let largest = *values.iter().max().unwrap();
    let first = values.iter().position(|&v| v == largest).unwrap();
    assert_eq!(u64::from(largest), number(row["largest"]), "{code}");
    assert_eq!(first as u64, number(row["largest_idx"]), "{code}");
    if row["mask"] == "-" {
        return;
    }
    let mask = Mask {
        bits: u16::from_str_radix(row["mask"], 16).unwrap(),
        domain: row["domain"] == "yes",
    };
    // The parity of the splitting digit's index (all splitting digits of
    // these games share it): the first digit with the bit 4; Grundy's
    // game splits without taking (index 0).
    let t0 = code.split_once('.').map_or(0, |(_, digits)| {
        digits
            .chars()
            .position(|c| c.to_digit(16).unwrap() & 4 != 0)
            .map(|i| (i as u64 + 1) % 2)
            .unwrap_or(0)
    });
    let (count, last) = rare_under(values, mask, t0);
    assert_eq!(count, number(row["num_rare"]), "{code}");
    assert_eq!(last, Some(number(row["last_rare"])), "{code}");
    if row["n"] == "all" {
        // The engine finds the same split from the data.
        assert_eq!(engine_mask, mask, "{code}");
    }
}

fn survey_mask(run: &OctalRun) -> Mask {
    let survey = run.survey();
    Mask { bits: survey.mask as u16, domain: survey.domain }
}

/// Source: T. Czajka, octal-games, SolvedGames.md (tests/octal/
/// czajka_statistics.tsv): for the solved games up to .56, the largest
/// value and where it first occurs, the rare mask (which the engine finds
/// by itself), the number of rare positions and the last one.
#[test]
fn czajka_solved_statistics() {
    for row in table(CZAJKA_STATISTICS) {
        if row["n"] != "all" || ["0.376", "0.354"].contains(&row["code"]) {
            continue;
        }
        let rules: Rules = row["code"].parse().unwrap();
        let mut run = OctalRun::new(&rules).unwrap();
        run.period(&Budget::heaps(1 << 21), &mut |_| Ok(())).unwrap();
        check_statistics(&row, run.values(), survey_mask(&run));
    }
}

/// Source: as above, .376 and .354.
#[test]
#[ignore = "about 15 s in release, minutes in the test profile"]
fn czajka_solved_statistics_long() {
    for row in table(CZAJKA_STATISTICS) {
        if !["0.376", "0.354"].contains(&row["code"]) {
            continue;
        }
        let rules: Rules = row["code"].parse().unwrap();
        let mut run = OctalRun::new(&rules).unwrap();
        run.period(&Budget::heaps(1 << 26), &mut |_| Ok(())).unwrap();
        check_statistics(&row, run.values(), survey_mask(&run));
    }
}

fn unsolved_statistics(max_n: u64) {
    for row in table(CZAJKA_STATISTICS) {
        if row["n"] == "all" || number(row["n"]) > max_n {
            continue;
        }
        let rules: Rules = row["code"].parse().unwrap();
        let mut run = OctalRun::new(&rules).unwrap();
        run.advance_to(number(row["n"]), &Budget::default(), &mut |_| Ok(()))
            .unwrap();
        check_statistics(&row, run.values(), survey_mask(&run));
    }
}

/// Source: T. Czajka, octal-games, UnsolvedGames.md: .04 and .06 after
/// 2^17 values (largest value and where, the rare positions under the
/// masks 7b8 and 5a0 and the last ones).
#[test]
fn czajka_unsolved_statistics() {
    unsolved_statistics(1 << 17);
}

/// Source: as above, Officers (.6) and Grundy's game after 2^21 values.
#[test]
#[ignore = "about 15 s in release, minutes in the test profile"]
fn czajka_unsolved_statistics_long() {
    unsolved_statistics(1 << 21);
}

/// Source: Rogalski, octal (tests/octal/rogalski_frequencies.tsv): the
/// value frequencies of .161 and .167 of g(1) to g(2^20), from an
/// independent implementation.
#[test]
fn rogalski_frequencies() {
    let rows = table(ROGALSKI_FREQUENCIES);
    for code in ["0.161", "0.167"] {
        let mut expected = Vec::new();
        for row in rows.iter().filter(|r| r["code"] == code) {
            let v = number(row["value"]) as usize;
            if expected.len() <= v {
                expected.resize(v + 1, 0);
            }
            expected[v] = number(row["frequency"]);
        }
        let rules: Rules = code.parse().unwrap();
        let mut run = OctalRun::new(&rules).unwrap();
        run.advance_to((1 << 20) + 1, &Budget::default(), &mut |_| Ok(()))
            .unwrap();
        let mut found = vec![0; expected.len()];
        for &v in &run.values()[1..] {
            found[usize::from(v)] += 1;
        }
        assert_eq!(found, expected, "{code}");
    }
}

/// Every two-digit code 0.d1d2 and every code 4.d1 (the period the
/// search certifies, checked against the definition over ten times the
/// range the certificate names). Source: none needed, the definition;
/// this is the guard for the n0 = 0 case of the Guy-Smith bound (0.04
/// repeats with period 1 on [0, 3) but not at 4).
#[test]
fn small_codes_against_the_definition() {
    let codes = (0..8)
        .flat_map(|a| (0..8).map(move |b| format!("0.{a}{b}")))
        .chain((0..8).map(|a| format!("4.{a}")))
        .filter(|c| c.parse::<Rules>().is_ok());
    let mut checked = 0;
    for code in codes {
        // Codes whose values keep growing (0.04, 0.06, ...) find none.
        let rules: Rules = code.parse().unwrap();
        let mut run = OctalRun::new(&rules).unwrap();
        let Ok(found) = run.period(&Budget::heaps(1 << 14), &mut |_| Ok(()))
        else {
            continue;
        };
        let c = found.certificate.guy_smith().unwrap();
        assert!(c.verify(run.values()), "{code}");
        let (l, p) = (found.preperiod as usize, found.period as usize);
        let g = naive(&code, 10 * (c.checked_to as usize + p) + 64);
        assert!((l..g.len() - p).all(|n| g[n] == g[n + p]), "{code}");
        assert!(l == 0 || g[l - 1] != g[l - 1 + p], "{code}: pre-period");
        let least = (1..p)
            .all(|d| p % d != 0 || (l..g.len() - d).any(|n| g[n] != g[n + d]));
        assert!(least, "{code}: period {p} is not least");
        checked += 1;
    }
    assert!(checked >= 55, "{checked} codes");
}
