//! `grundy graph` and `grundy plot`: pictures written whole, right format.
// See: issue 5 (pictures).

use crate::util::run;

#[test]
fn graph_dot_on_stdout() {
    let (out, _) = run(&["graph", "1,2,3", "--heap", "8"], 0);
    assert!(out.starts_with("digraph game {"));
    assert!(out.contains("n8 [label=\"8\\ng=0\", shape=doublecircle"));
    assert!(out.contains("n8 -> n5 [label=\"-3\"];"));
}

#[test]
fn graph_draws_splitting_moves() {
    // Dawson's Kayles, 0.07: heap 6 moves to 4, 1 + 3 and 2 + 2 (Winning
    // Ways ch. 4), so g(6) = mex{2, 1, 0} = 3.
    let (out, _) = run(&["graph", "0.07", "--heap", "6"], 0);
    assert!(out.contains("n6 -> s1_3 [label=\"-2\"];"), "{out}");
    assert!(out.contains("n6 -> s2_2 [label=\"-2\"];"));
    assert!(out.contains("n6 [label=\"6\\ng=3\""));
}

#[test]
fn graph_svg_png_and_steps() {
    let dir = tempfile::tempdir().unwrap();
    let svg = dir.path().join("g.svg");
    let png = dir.path().join("g.png");
    run(&["graph", "1,2,3", "--heap", "8", "-o", svg.to_str().unwrap()], 0);
    assert!(std::fs::read_to_string(&svg).unwrap().contains("<svg"));
    run(
        &["graph", "2,3", "--heap", "6", "--png", "-o", png.to_str().unwrap()],
        0,
    );
    assert_eq!(&std::fs::read(&png).unwrap()[1..4], b"PNG");
    let steps = dir.path().join("steps");
    let (_, err) = run(
        &[
            "graph",
            "1,2,3",
            "--heap",
            "8",
            "--steps",
            "-o",
            steps.to_str().unwrap(),
        ],
        0,
    );
    // The names reported are the names written.
    assert!(err.contains("step-00.dot .. step-09.dot"), "{err}");
    let mut names: Vec<String> = std::fs::read_dir(&steps)
        .unwrap()
        .map(|e| e.unwrap().file_name().into_string().unwrap())
        .collect();
    names.sort();
    assert_eq!(names.len(), 10);
    assert_eq!(names[0], "step-00.dot");
    let last = std::fs::read_to_string(steps.join("step-09.dot")).unwrap();
    assert!(last.contains("g(8) = mex{3, 2, 1} = 0"));
}

/// `--steps` into a directory replaces the pictures of an earlier run
/// whole, and a run that fails (here the layout's time limit, which is
/// for all the pictures together) leaves the directory as it was.
#[test]
fn steps_replace_whole_or_leave_nothing() {
    let dir = tempfile::tempdir().unwrap();
    let steps = dir.path().join("steps");
    let out = steps.to_str().unwrap();
    let names = || {
        let mut names: Vec<String> = std::fs::read_dir(&steps)
            .unwrap()
            .map(|e| e.unwrap().file_name().into_string().unwrap())
            .collect();
        names.sort();
        names
    };
    run(&["graph", "1,2,3", "--heap", "16", "--steps", "-o", out], 0);
    assert_eq!(names().len(), 18);
    let keep = std::fs::write(steps.join("notes.txt"), "mine");
    keep.unwrap();
    let (_, err) =
        run(&["graph", "1,2,3", "--heap", "4", "--steps", "-o", out], 0);
    assert!(err.contains("wrote 6 pictures"), "{err}");
    let mut want = vec!["notes.txt".to_string()];
    want.extend((0..6).map(|i| format!("step-{i:02}.dot")));
    assert_eq!(names(), want);
    // Each picture of C.F at 16 stones takes the layout most of a second.
    let fresh = dir.path().join("fresh");
    let args = ["graph", "C.F", "--heap", "16", "--steps", "--svg"];
    let (_, err) = run(
        &[&args[..], &["--timeout", "1", "-o", fresh.to_str().unwrap()]]
            .concat(),
        1,
    );
    assert!(err.contains("the limit is for them all"), "{err}");
    assert!(!fresh.exists());
    let (_, err) =
        run(&[&args[..], &["--timeout", "1", "-o", out]].concat(), 1);
    assert!(err.contains("did not finish"), "{err}");
    assert_eq!(names(), want);
}

#[test]
fn plot_png_and_svg() {
    let dir = tempfile::tempdir().unwrap();
    let png = dir.path().join("seq.png");
    run(&["plot", "2,3,7", "--to", "60", "-o", png.to_str().unwrap()], 0);
    assert_eq!(&std::fs::read(&png).unwrap()[1..4], b"PNG");
    let (svg, _) = run(&["plot", "all-but:2,3,6,8", "--to", "200"], 0);
    assert!(svg.contains("pre-period 42, period 9, saltus 3"));
    assert!(svg.contains("trend: slope s/p = 3/9"));
}

#[test]
fn picture_errors_are_one_line_and_leave_no_file() {
    let dir = tempfile::tempdir().unwrap();
    let out = dir.path().join("g.png");
    let (_, err) = run(
        &["graph", "1,2", "--heap", "1000", "-o", out.to_str().unwrap()],
        2,
    );
    assert_eq!(err.lines().count(), 1, "{err}");
    assert!(err.contains("too large to draw"));
    // 1,830 moves, 74,000 layout nodes: refused before any layout, even
    // without a time limit.
    let (_, err) = run(
        &[
            "graph",
            "1-60",
            "--heap",
            "60",
            "--timeout",
            "1e30",
            "-o",
            out.to_str().unwrap(),
        ],
        2,
    );
    assert_eq!(err.lines().count(), 1, "{err}");
    assert!(err.contains("too large to lay out"), "{err}");
    let (_, err) =
        run(&["plot", "1,0", "--to", "10", "-o", out.to_str().unwrap()], 2);
    assert_eq!(err.lines().count(), 1, "{err}");
    assert!(!out.exists());
    assert_eq!(std::fs::read_dir(dir.path()).unwrap().count(), 0);
}

/// Every flag is checked before the values are listed: a bad
/// `--period-timeout` used to be refused only after the listing (minutes
/// for 0.76 to ten million; here it would stop at `--timeout`, exit 1).
/// `--to` past the library's limit is refused in the library's words.
#[test]
fn plot_flags_are_checked_before_the_listing() {
    let (out, err) = run(
        &[
            "plot",
            "0.76",
            "--to",
            "10000000",
            "--timeout",
            "3",
            "--period-timeout",
            "nan",
        ],
        2,
    );
    assert!(out.is_empty());
    insta::assert_snapshot!(err.trim_end(), @r#"grundy: --period-timeout "NaN" must be a number of seconds, 0 or more"#);
    let (_, err) = run(&["plot", "1,2", "--to", "10000001"], 2);
    insta::assert_snapshot!(err.trim_end(), @r#"grundy: heap "10000001" is too large to plot; a plot ends at heap 10000000 at most"#);
}

/// clap drops the doc comment of a flattened field: that `--timeout`
/// leaves out the period search is said by `--period-timeout` itself.
#[test]
fn plot_help_says_what_timeout_covers() {
    let (help, _) = run(&["plot", "--help"], 0);
    let help = help.split_whitespace().collect::<Vec<_>>().join(" ");
    assert!(
        help.contains("is not part of --timeout, which limits computing them"),
        "{help}"
    );
}

/// `quotient --heatmap`: R8, the quotient of 0.75 (Plambeck and Siegel,
/// "Misère quotients for impartial games", 2008), as a grid of 8 x 8
/// squares, and exactly the products that `--table` puts in the
/// P-portion outlined (plus the key's swatch).
#[test]
fn quotient_heatmap_outlines_the_p_portion() {
    let dir = tempfile::tempdir().unwrap();
    let svg = dir.path().join("r8.svg");
    let (out, err) =
        run(&["quotient", "0.75", "--heatmap", svg.to_str().unwrap()], 0);
    assert!(out.contains("order:        8\n"), "{out}");
    assert!(err.contains("wrote") && err.contains("HEATMAP SVG"), "{err}");
    let drawn = std::fs::read_to_string(&svg).unwrap();
    let v = crate::util::json(&["quotient", "0.75", "--table", "--json"]);
    let p: Vec<&str> = v["p_portion"]
        .as_array()
        .unwrap()
        .iter()
        .map(|e| e.as_str().unwrap())
        .collect();
    let in_p = v["table"]
        .as_array()
        .unwrap()
        .iter()
        .flat_map(|row| row.as_array().unwrap())
        .filter(|z| p.contains(&z.as_str().unwrap()))
        .count();
    assert!(in_p > 0 && in_p < 64, "{in_p}");
    assert_eq!(
        drawn.matches("stroke=\"#000000\"").count(),
        in_p + 1,
        "{drawn}"
    );
    for name in ["b2", "ab", "c"] {
        assert_eq!(
            drawn.matches(&format!(">\n{name}\n</text>")).count(),
            2,
            "{name}"
        );
    }
    let png = dir.path().join("r8.png");
    run(&["quotient", "0.75", "--heatmap", png.to_str().unwrap()], 0);
    assert_eq!(&std::fs::read(&png).unwrap()[1..4], b"PNG");
}

/// A bad file name is refused before the search; a table too large to
/// draw (Q_11 of 0.35 has order 426) stops the command with one line, no
/// report on stdout and no file.
#[test]
fn quotient_heatmap_errors_leave_no_output() {
    let dir = tempfile::tempdir().unwrap();
    let txt = dir.path().join("t.txt");
    let (out, err) =
        run(&["quotient", "0.75", "--heatmap", txt.to_str().unwrap()], 2);
    assert_eq!((out.as_str(), err.lines().count()), ("", 1), "{err}");
    assert!(err.contains("must end in .png or .svg"), "{err}");
    let big = dir.path().join("big.svg");
    let (out, err) = run(
        &[
            "quotient",
            "0.35",
            "--heaps",
            "11",
            "--heatmap",
            big.to_str().unwrap(),
        ],
        2,
    );
    assert_eq!((out.as_str(), err.lines().count()), ("", 1), "{err}");
    assert!(
        err.contains("order 426") && err.contains("up to order 256"),
        "{err}"
    );
    assert_eq!(std::fs::read_dir(dir.path()).unwrap().count(), 0);
}
