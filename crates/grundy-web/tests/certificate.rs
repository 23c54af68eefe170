//! `GET /api/period`'s `certificate_text`: the library's sentence for each
//! kind of certificate, the one the command prints after `certificate:`
//! and the page shows (issue 35 §1: the page no longer words it).

use grundy::{Budget, PeriodOptions, Play};

use super::{get, server};

/// The sentence the API gives for `set`, checked against the library's.
fn sentence(set: &str, play: Play) -> String {
    let misere = if play == Play::Misere { "&misere=true" } else { "" };
    let (status, body) =
        get(server(), &format!("/api/period?set={set}{misere}"));
    assert_eq!(status, 200, "{body}");
    let report = grundy::period(
        &set.parse().unwrap(),
        play,
        &PeriodOptions::default(),
        &Budget::default(),
    )
    .unwrap();
    let text = body["certificate_text"].as_str().unwrap().to_string();
    assert_eq!(text, report.certificate.explain(), "{set} {play}");
    text
}

#[test]
fn window() {
    assert_eq!(
        sentence("2,3,7", Play::Normal),
        "g(n + 5) = g(n) for every n in [0, 9), all the n the search compared; the last m = 7 of them (m = max S: each value depends only on the m values before it) make a whole window repeat, so it holds for all n >= 0"
    );
    assert_eq!(
        sentence("3,5,9", Play::Misere),
        "o(n + 2) = o(n), where o(n) is 0 at a P-position and 1 at an N-position, for every n in [14, 24), all the n the search compared; the last m = 9 of them (m = max S: each value depends only on the m values before it) make a whole window repeat, so it holds for all n >= 14"
    );
}

#[test]
fn pattern() {
    // Not "consecutive matches" of a window: the FES pattern repeat
    // (Suetsugu-Abuku, section 1.2: pre-period 42, period 9, saltus 3).
    assert_eq!(
        sentence("all-but:2,3,6,8", Play::Normal),
        "for all-but:2,3,6,8, the FES boundary pattern before step 14 (first undetermined position 39, 8 positions) recurs 3 steps later, 9 positions on, so g(n + 9) = g(n) + 3 wherever g(n) >= 14; the positions of each smaller value k were compared with those of value k + 3"
    );
}

#[test]
fn positions_within() {
    assert_eq!(
        sentence("all-but:2,3,6,8", Play::Misere),
        "two P-positions differ by an element of X, so every P-position lies in [1, 9] and every heap from 10 on is N"
    );
}

#[test]
fn guy_smith() {
    // Kayles: pre-period 71, period 12 (Winning Ways ch. 4).
    assert_eq!(
        sentence("0.77", Play::Normal),
        "g(n + 12) = g(n) for every n in [71, 156), the Guy-Smith bound 2 n0 + p + t = 156 (code length t = 2, a move leaves at most 2 heaps), so by the Guy-Smith periodicity theorem it holds for all n >= 71"
    );
}
