//! A rule set added the way `docs/DESIGN.md` ("Adding a rule set") says:
//! the "subtract a square" game, written in this file with nothing but its
//! options, goes through values, heaps, sums, perfect play and the
//! pictures without any change to the library: every question a front end
//! asks of a rule set has a default that suits it.
//!
//! Subtract a square: from a heap of n tokens, take any positive square
//! number of tokens (1, 4, 9, ...). Its values have no known period; the
//! library computes them by the definition (the naive engine) and answers
//! heaps, sums and play for heaps small enough to list.

use grundy::{
    BigUint, Budget, DEFAULT_MAX_POSITIONS, ErrorKind, Heap, HeapGame,
    HeapOption, OctalRun, Outcome, PeriodOptions, Play, RuleSet, Rules,
    Strategy,
};
use grundy_pictures::graph::GameGraph;

/// The subtraction game whose moves take a positive square.
#[derive(Debug)]
struct SubtractSquare;

impl HeapGame for SubtractSquare {
    fn options(&self, heap: u64, visit: &mut dyn FnMut(HeapOption)) {
        for k in (1u64..).take_while(|k| k * k <= heap) {
            visit(HeapOption::subtract(heap, k * k));
        }
    }
}

impl RuleSet for SubtractSquare {
    fn notation(&self) -> String {
        "squares".to_string()
    }
}

fn squares() -> Rules {
    Rules::new(SubtractSquare)
}

/// g(n) by the definition, written here independently of the library.
fn reference(count: usize) -> Vec<u64> {
    let mut g = Vec::with_capacity(count);
    for n in 0..count {
        let seen: Vec<u64> =
            (1..).take_while(|k| k * k <= n).map(|k| g[n - k * k]).collect();
        g.push((0..).find(|v| !seen.contains(v)).unwrap());
    }
    g
}

/// Source: OEIS A030193, "Positions of zeros in subtract-a-square" (the
/// P-positions of the game), its first twenty terms.
#[test]
fn p_positions_match_the_published_sequence() {
    let p: Vec<u64> = grundy::values(&squares())
        .take(86)
        .enumerate()
        .filter(|(_, g)| g.is_zero())
        .map(|(n, _)| n as u64)
        .collect();
    assert_eq!(
        p,
        [
            0, 2, 5, 7, 10, 12, 15, 17, 20, 22, 34, 39, 44, 52, 57, 62, 65,
            67, 72, 85
        ]
    );
    let got: Vec<u64> =
        grundy::values(&squares()).take(500).map(|g| g.value()).collect();
    assert_eq!(got, reference(500));
}

#[test]
fn heaps_have_values_outcomes_and_winning_moves() {
    let g = reference(200);
    for n in 0..150u64 {
        let r =
            grundy::heap(&squares(), &BigUint::from(n), &Budget::default())
                .unwrap();
        assert_eq!(r.grundy, g[n as usize], "n = {n}");
        let want: Vec<String> = (1u64..)
            .take_while(|k| k * k <= n)
            .filter(|k| g[(n - k * k) as usize] == 0)
            .map(|k| (k * k).to_string())
            .collect();
        assert_eq!(r.winning_moves, want, "n = {n}");
    }
    // No periodicity theorem: huge heaps are refused, and so are periods.
    let huge: BigUint = "1000000000000000000".parse().unwrap();
    let err = grundy::heap(&squares(), &huge, &Budget::default()).unwrap_err();
    assert_eq!(err.kind(), ErrorKind::TooLarge);
    let err = grundy::period(
        &squares(),
        Play::Normal,
        &PeriodOptions::default(),
        &Budget::default(),
    )
    .unwrap_err();
    assert_eq!(err.kind(), ErrorKind::Unsupported);
}

#[test]
fn sums_mix_it_with_other_rule_sets() {
    let g = reference(100);
    let heaps = vec![
        Heap { rules: squares(), size: 40u32.into() },
        "1,2,3:10".parse().unwrap(),
        "nim:5".parse().unwrap(),
    ];
    let r = grundy::sum(&heaps, Play::Normal, &Budget::default()).unwrap();
    assert_eq!(r.nim_sum, g[40] ^ 2 ^ 5);
    for m in &r.winning_moves {
        // Each winning move leaves nim-sum 0.
        let mut values = [g[40], 2, 5];
        let left: u64 = m.leaves_text().parse().unwrap();
        values[m.heap - 1] = match m.heap {
            1 => g[left as usize],
            2 => left % 4,
            _ => left,
        };
        assert_eq!(values.iter().fold(0, |a, &b| a ^ b), 0, "{m}");
    }
    // Misère: solved exactly by the one solver, and consistent with play.
    let r =
        grundy::sum(&heaps[..2], Play::Misere, &Budget::default()).unwrap();
    let position = [(squares(), 40), ("1,2,3".parse().unwrap(), 10)];
    let mut strategy =
        Strategy::new(&position, Play::Misere, Budget::default()).unwrap();
    let value = strategy.value(&position).unwrap();
    assert_eq!(r.outcome, value.outcome);
    assert_eq!(r.winning_moves, strategy.winning_moves(&position).unwrap());
}

#[test]
fn perfect_play_wins_from_n_positions() {
    for play in [Play::Normal, Play::Misere] {
        let top = [(squares(), 59)];
        let mut strategy =
            Strategy::new(&top, play, Budget::default()).unwrap();
        for start in 0..60u64 {
            let mut n = start;
            let first = strategy.value(&[(squares(), n)]).unwrap();
            let mut moves = 0;
            loop {
                let best = strategy.best_moves(&[(squares(), n)]).unwrap();
                let Some(m) = Strategy::pick(&best, 0) else { break };
                n -= u64::try_from(&m.take).unwrap();
                moves += 1;
            }
            let first_moved_last = moves % 2 == 1;
            let first_won = match play {
                Play::Normal => first_moved_last,
                Play::Misere => !first_moved_last,
            };
            assert_eq!(first_won, first.outcome == Outcome::N, "{start}");
            assert_eq!(Some(moves), first.remoteness, "{start}");
        }
    }
}

/// What the front ends ask of a rule set before they compute (the
/// budget, `grundy play`'s help, `--checkpoint`, `grundy explain`), then
/// the listing a plot draws and the game graph with its caption: each
/// answer follows from the definition, with nothing written for it here
/// but the options.
#[test]
fn front_ends_ask_it_and_draw_it() {
    let rules = squares();
    // Not a subtraction set with a finite or all-but set: described by
    // its notation. Moves never split, its engine counts positions, no
    // periodicity theorem, no resumable run.
    assert!(rules.subtraction().is_none());
    assert!(rules.octal_game().is_none());
    assert!(!rules.splits_heaps());
    assert!(!rules.counts_splits());
    assert!(!rules.has_periodicity_theorem());
    assert!(!rules.checkpoints());
    assert_eq!(rules.noun(), "a rule set of another kind");
    let budget = Budget::defaults(rules.counts_splits(), None, false);
    assert_eq!(budget.max_positions, DEFAULT_MAX_POSITIONS);
    let err = OctalRun::new(&rules).unwrap_err();
    assert_eq!(err.kind(), ErrorKind::Unsupported);

    // The plot: its title and the values it draws.
    let g = reference(301);
    assert_eq!(grundy_pictures::plot::title(&rules), "squares");
    let listed =
        grundy_pictures::plot::values(&rules, 300, &Budget::default())
            .unwrap();
    assert_eq!(listed, g);
    let cut =
        grundy_pictures::plot::values(&rules, 300, &Budget::positions(10));
    assert!(cut.unwrap_err().stopped().is_some());

    // The game graph of a heap of 12: values, moves (a square each), and
    // the caption naming the rule set by its notation.
    let graph = GameGraph::new(&rules, 12).unwrap();
    for n in 0..=12u64 {
        assert_eq!(graph.value(n), g[n as usize], "n = {n}");
        let takes: Vec<u64> =
            graph.moves(n).iter().map(|(take, _)| *take).collect();
        let squares: Vec<u64> =
            (1u64..).map(|k| k * k).take_while(|&s| s <= n).collect();
        assert_eq!(takes, squares, "n = {n}");
    }
    let caption = graph.caption(graph.complete());
    assert!(caption.starts_with("rules squares, 12 stones: "), "{caption}");
    assert!(!caption.contains("a box"), "{caption}");
}
