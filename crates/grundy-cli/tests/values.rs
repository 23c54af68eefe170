use crate::util::{json, run};

#[test]
fn table_for_the_31_game() {
    let (out, err) = run(&["values", "1,2,3", "--to", "31"], 0);
    assert!(err.is_empty());
    let lines: Vec<&str> = out.lines().collect();
    assert_eq!(lines.len(), 33);
    assert_eq!(lines[0], " n  g(n)  outcome");
    assert_eq!(lines[1].trim_end(), " 0     0  P");
    assert_eq!(lines[4], " 3     3  N        ●●●");
    assert_eq!(lines[32], "31     3  N        ●●●");
}

#[test]
fn json_contract() {
    let v = json(&["values", "2,3", "--to", "10", "--json"]);
    assert_eq!(
        v["values"],
        serde_json::json!([0, 0, 1, 1, 2, 0, 0, 1, 1, 2, 0])
    );
    assert_eq!(v["outcomes"], "PPNNNPPNNNP");
    assert_eq!(v["set"], "2,3");
}

/// Normal play's `--json` lists the values once: the outcomes are those
/// of the values written (it listed them twice, and a stop's error was
/// the second listing's), and a listing cut short ends the object where
/// it stopped. Values computed with `--checkpoint` give the same bytes.
#[test]
fn json_lists_the_values_once() {
    let args = ["values", "0.07", "--to", "200", "--json"];
    let (out, _) = run(&args, 0);
    let v: serde_json::Value = serde_json::from_str(&out).unwrap();
    let values = v["values"].as_array().unwrap();
    let outcomes = v["outcomes"].as_str().unwrap();
    assert_eq!((values.len(), outcomes.len()), (201, 201));
    for (g, o) in values.iter().zip(outcomes.chars()) {
        assert_eq!(g == 0, o == 'P', "{out}");
    }
    let dir = tempfile::tempdir().unwrap();
    let k = dir.path().join("k.json");
    let saved = [&args[..], &["--checkpoint", k.to_str().unwrap()]].concat();
    assert_eq!(run(&saved, 0).0, out);
    let cut = ["values", "1,2,3", "--to", "100", "--max-positions", "50"];
    let (out, err) = run(&[&cut[..], &["--json"]].concat(), 1);
    assert!(!out.contains("outcomes"), "{out}");
    assert_eq!(
        err,
        "grundy: listing the values of \"1,2,3\" stopped after 50 positions (the budget ran out); raise --max-positions\n"
    );
}

#[test]
fn misere_json_has_outcomes_only() {
    let v = json(&["values", "1,2,3", "--to", "8", "--misere", "--json"]);
    assert!(v.get("values").is_none());
    // Misère {1,2,3}: P iff n = 1 mod 4.
    assert_eq!(v["outcomes"], "NPNNNPNNN");
}

#[test]
fn csv_output() {
    let (out, _) = run(&["values", "{2, 3}", "--to", "4", "--csv"], 0);
    assert_eq!(out, "n,grundy,outcome\n0,0,P\n1,0,P\n2,1,N\n3,1,N\n4,2,N\n");
    let (out, _) = run(&["values", "1", "--to", "2", "--csv", "--misere"], 0);
    assert_eq!(out, "n,misere_outcome\n0,N\n1,P\n2,N\n");
}

#[test]
fn output_file_is_written_whole() {
    let dir = tempfile::tempdir().unwrap();
    let path = dir.path().join("v.json");
    let (out, _) = run(
        &[
            "values",
            "1,2",
            "--to",
            "5",
            "--json",
            "-o",
            path.to_str().unwrap(),
        ],
        0,
    );
    assert!(out.is_empty());
    let v: serde_json::Value =
        serde_json::from_str(&std::fs::read_to_string(&path).unwrap())
            .unwrap();
    assert_eq!(v["values"], serde_json::json!([0, 1, 2, 0, 1, 2]));
    // A failing run leaves no file behind.
    let bad = dir.path().join("bad.json");
    run(&["values", "0,1", "--json", "-o", bad.to_str().unwrap()], 2);
    assert!(!bad.exists());
    assert_eq!(std::fs::read_dir(dir.path()).unwrap().count(), 1);
}

#[test]
fn broken_pipe_is_not_an_error() {
    use std::io::Read;
    use std::process::{Command, Stdio};
    let mut child = Command::new(assert_cmd::cargo::cargo_bin("grundy"))
        .args(["values", "1,2,3", "--to", "2000000"])
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .unwrap();
    let mut first = [0u8; 64];
    child.stdout.as_mut().unwrap().read_exact(&mut first).unwrap();
    drop(child.stdout.take());
    let out = child.wait_with_output().unwrap();
    assert_eq!(out.status.code(), Some(0));
    assert!(out.stderr.is_empty(), "{}", String::from_utf8_lossy(&out.stderr));
}

/// Misère outcomes of a game that splits heaps come from an exhaustive
/// search within `--max-states`; a listing it cuts short is exit 1 with
/// the flag to raise, and no `-o` file. Misère Kayles (0.77) begins
/// N P N N P N N N (Winning Ways, ch. 13).
#[test]
fn misere_listings_keep_their_state_budget() {
    let (out, _) = run(
        &["values", "0.77", "--to", "7", "--misere", "--max-states", "1000"],
        0,
    );
    let letters: String = out
        .lines()
        .skip(1)
        .take(8)
        .map(|l| l.trim_end().chars().last().unwrap())
        .collect();
    assert_eq!(letters, "NPNNPNNN");
    let dir = tempfile::tempdir().unwrap();
    let file = dir.path().join("m.csv");
    let args = [
        "values",
        "0.07",
        "--to",
        "200",
        "--misere",
        "--csv",
        "--max-states",
        "20000",
        "-o",
        file.to_str().unwrap(),
    ];
    let (_, err) = run(&args, 1);
    assert!(err.ends_with("raise --max-states\n"), "{err}");
    assert!(!file.exists());
    let (_, err) = run(&["values", "0.07", "--max-states", "5"], 2);
    assert!(err.contains("--misere"), "{err}");
}

/// Issue 36 §2: `values --misere` of a game that splits heaps lists the
/// outcomes from its misère quotient (Kayles to heap 120, far past the
/// exhaustive search's reach), and says so last; the outcomes equal the
/// search's where it reaches.
#[test]
fn issue_36_misere_values_from_the_quotient() {
    let v = json(&["values", "0.77", "--to", "120", "--misere", "--json"]);
    assert_eq!(v["method"], "quotient");
    let outcomes = v["outcomes"].as_str().unwrap();
    assert_eq!(outcomes.len(), 121);
    let few = grundy::Budget::default();
    let searched: String = grundy::outcomes_within(
        &"0.77".parse().unwrap(),
        grundy::Play::Misere,
        &few,
    )
    .take(25)
    .map(|o| o.letter())
    .collect();
    assert_eq!(&outcomes[..25], searched);
    let (out, _) = run(&["values", "0.75", "--to", "3", "--misere"], 0);
    insta::assert_snapshot!(out, @r#"
    n  misère outcome
    0  N
    1  P
    2  N
    3  P
    misère play solved by the misère quotient of "0.75" (order 6, proven for the sums of heaps 1..3): a sum is P exactly when the product of its heaps' elements lies in the P-portion {a, b2}
    "#);
    let v = json(&["values", "1,2,3", "--to", "8", "--misere", "--json"]);
    assert_eq!(v["method"], "sequence");
    let v = json(&["values", "1,2,3", "--to", "8", "--json"]);
    assert!(v["method"].is_null());
}
