//! `grundy sweep` and `grundy merge` end to end: golden files, resume after
//! kill -9, shard + merge, errors before work. See: issue 4.

use std::path::Path;
use std::process::Stdio;
use std::time::{Duration, Instant};

use crate::util::{grundy, json, run};

const GOLDEN: &str = concat!(env!("CARGO_MANIFEST_DIR"), "/tests/golden");

fn golden(name: &str) -> String {
    std::fs::read_to_string(Path::new(GOLDEN).join(name)).unwrap()
}

const ALLBUT: [&str; 5] =
    ["sweep", "all-but:a,b,a+b,2*a+b", "--param", "a=1..4", "--param"];

#[test]
fn golden_files() {
    let (out, _) =
        run(&["sweep", "--subsets", "3", "--max", "20", "--jobs", "2"], 0);
    assert_eq!(out, golden("subsets-3-max-20.csv"));
    let mut args = ALLBUT.to_vec();
    args.push("b=a+1..a+6");
    let (out, _) = run(&args, 0);
    assert_eq!(out, golden("allbut-a-b-ab-2ab.csv"));
    args.extend(["--format", "jsonl"]);
    let (out, _) = run(&args, 0);
    assert_eq!(out, golden("allbut-a-b-ab-2ab.jsonl"));
}

#[test]
fn golden_rows_agree_with_grundy_period() {
    // The golden files are the sweep's own output: check a sample of rows
    // against the general detector behind `grundy period`.
    for (file, step) in
        [("subsets-3-max-20.csv", 97), ("allbut-a-b-ab-2ab.csv", 5)]
    {
        let text = golden(file);
        let mut reader = csv::Reader::from_reader(text.as_bytes());
        let headers = reader.headers().unwrap().clone();
        let col = |name: &str| headers.iter().position(|h| h == name).unwrap();
        for record in reader.records().step_by(step) {
            let r = record.unwrap();
            let v = json(&["period", &r[col("set")], "--json"]);
            let num = |k: &str| r[col(k)].parse::<u64>().unwrap();
            assert_eq!(v["preperiod"], num("preperiod"), "{r:?}");
            assert_eq!(v["period"], num("period"), "{r:?}");
            assert_eq!(v["saltus"], num("saltus"), "{r:?}");
            assert_eq!(v["outcome"]["preperiod"], num("outcome_preperiod"));
            assert_eq!(v["outcome"]["period"], num("outcome_period"));
        }
    }
}

#[test]
fn issue_spellings_parse() {
    let (out, _) = run(
        &[
            "sweep", "a,b,c", "--param", "c=3..12", "--param", "b=2..c-1",
            "--param", "a=1..b-1",
        ],
        0,
    );
    // Each 3-set of 1..12 once: C(12, 3) rows and a header.
    assert_eq!(out.lines().count(), 221);
    assert!(out.starts_with("c,b,a,set,preperiod,period,saltus,outcome_preperiod,outcome_period,max_value,positions,status\n"));
    let (out, _) = run(
        &[
            "sweep",
            "all-but:a,b,a+b,a+2b",
            "--param",
            "a=1..2",
            "--param",
            "b=a+1..a+2",
        ],
        0,
    );
    assert!(out.contains("1,2,\"all-but:1,2,3,5\","), "{out}");
}

#[test]
fn bad_families_fail_before_any_work() {
    let dir = tempfile::tempdir().unwrap();
    let out = dir.path().join("x.csv");
    let out = out.to_str().unwrap();
    for (args, want) in [
        (vec!["a,b", "--param", "a=1..3", "--param", "b=c..4"], "uses \"c\""),
        (
            vec!["a,(b", "--param", "a=1..3", "--param", "b=1..3"],
            "cannot parse",
        ),
        (
            vec!["a", "--param", "a=1..3", "--check", "period == x"],
            "the check",
        ),
        (vec!["a", "--param", "a=1..3", "--table", "a"], "ROW,COL"),
        (
            vec!["a", "--param", "a=1..3", "--shard", "3/3"],
            "i must be below N",
        ),
    ] {
        let mut full = vec!["sweep"];
        full.extend(args);
        full.extend(["-o", out]);
        let (stdout, stderr) = run(&full, 2);
        assert!(stdout.is_empty());
        assert!(
            stderr.starts_with("grundy: ") && stderr.contains(want),
            "{stderr}"
        );
        assert_eq!(stderr.lines().count(), 1, "{stderr}");
        assert!(
            !Path::new(out).exists()
                && !Path::new(&format!("{out}.journal")).exists()
        );
    }
}

fn sweep_to(file: &Path, extra: &[&str]) -> std::process::Command {
    let mut cmd =
        std::process::Command::new(assert_cmd::cargo::cargo_bin("grundy"));
    cmd.args(["sweep", "--subsets", "3", "--max", "70", "--jobs", "1", "-o"]);
    cmd.arg(file).args(extra);
    cmd
}

#[test]
fn resume_after_kill_9_equals_a_clean_run() {
    let dir = tempfile::tempdir().unwrap();
    let clean = dir.path().join("clean.csv");
    assert!(sweep_to(&clean, &[]).status().unwrap().success());
    let expected = std::fs::read(&clean).unwrap();
    let mut kills = 0;
    for (round, wait_bytes) in
        [20_000u64, 300_000, 900_000].into_iter().enumerate()
    {
        let out = dir.path().join(format!("out{round}.csv"));
        let journal = dir.path().join(format!("out{round}.csv.journal"));
        let mut child =
            sweep_to(&out, &[]).stderr(Stdio::null()).spawn().unwrap();
        let start = Instant::now();
        let mut killed = false;
        while start.elapsed() < Duration::from_secs(60) {
            let len = std::fs::metadata(&journal).map_or(0, |m| m.len());
            if len >= wait_bytes {
                child.kill().unwrap(); // SIGKILL
                killed = true;
                break;
            }
            if child.try_wait().unwrap().is_some() {
                break;
            }
            std::thread::sleep(Duration::from_millis(2));
        }
        let _ = child.wait();
        if killed {
            kills += 1;
            assert!(!out.exists(), "no output file before the end");
            // Without --resume the journal is refused.
            let o = sweep_to(&out, &[]).output().unwrap();
            assert_eq!(o.status.code(), Some(2));
            // A torn line, as a kill in mid-write leaves it.
            let mut f = std::fs::OpenOptions::new()
                .append(true)
                .open(&journal)
                .unwrap();
            std::io::Write::write_all(&mut f, b"12345 deadbe").unwrap();
        }
        let status = sweep_to(&out, &["--resume"]).status().unwrap();
        assert!(status.success());
        assert_eq!(std::fs::read(&out).unwrap(), expected, "round {round}");
        assert!(!journal.exists());
    }
    assert!(kills >= 1, "the sweep finished before any kill");
}

#[test]
fn shards_merged_equal_one_run() {
    let dir = tempfile::tempdir().unwrap();
    let base = [
        "sweep",
        "all-but:a,b,a+b,a+2*b",
        "--param",
        "a=1..6",
        "--param",
        "b=a+1..a+8",
    ];
    for format in ["csv", "jsonl"] {
        let one = dir.path().join(format!("one.{format}"));
        let mut args = base.to_vec();
        args.extend(["--format", format, "-o", one.to_str().unwrap()]);
        run(&args, 0);
        let mut shards = Vec::new();
        for i in 0..3 {
            let path = dir.path().join(format!("s{i}.{format}"));
            let shard = format!("{i}/3");
            let mut args = base.to_vec();
            args.extend([
                "--format",
                format,
                "--shard",
                &shard,
                "-o",
                path.to_str().unwrap(),
            ]);
            run(&args, 0);
            shards.push(path.to_str().unwrap().to_string());
        }
        // Any order of the files gives the same result.
        let merged = dir.path().join(format!("merged.{format}"));
        let mut args = vec!["merge", "-o", merged.to_str().unwrap()];
        args.extend([&shards[2], &shards[0], &shards[1]].map(String::as_str));
        run(&args, 0);
        assert_eq!(
            std::fs::read(&merged).unwrap(),
            std::fs::read(&one).unwrap(),
            "{format}"
        );
        // A shard given twice is an error.
        let (_, err) = run(&["merge", &shards[0], &shards[0]], 2);
        assert!(err.contains("appears in both"), "{err}");
    }
}

#[test]
fn checks_tables_and_summary() {
    let mut args = ALLBUT.to_vec();
    args.extend(["b=2*a+1..2*a+6", "--check", "m = b/(2*a); !(2*m*a <= b && b <= (2*m+1)*a) || period == (2*m+3)*a + b", "--table", "a,b-a", "--summary"]);
    let (out, _) = run(&args, 0);
    assert!(out.contains("check: 24 passed, 0 counterexamples"), "{out}");
    assert!(out.contains("a \\ b-a"), "{out}");
    assert!(
        out.contains("purely periodic (pre-period 0): 24 of 24 found"),
        "{out}"
    );
    let (out, _) = run(
        &[
            "sweep",
            "a,b",
            "--param",
            "a=1..3",
            "--param",
            "b=a+1..4",
            "--check",
            "period == a+b",
        ],
        1,
    );
    assert!(
        out.contains(
            "counterexample: a=1, b=3 {1,3}: left side 2, right side 4"
        ),
        "{out}"
    );
}

#[cfg(feature = "pictures")]
#[test]
fn heatmaps_are_drawn() {
    let dir = tempfile::tempdir().unwrap();
    for ext in ["png", "svg"] {
        let path = dir.path().join(format!("h.{ext}"));
        run(
            &[
                "sweep",
                "a,b",
                "--param",
                "a=1..4",
                "--param",
                "b=a+1..6",
                "--heatmap",
                path.to_str().unwrap(),
            ],
            0,
        );
        assert!(std::fs::metadata(&path).unwrap().len() > 100);
    }
}

/// A table or heatmap that cannot be made is refused before the sweep:
/// exit 2, and no journal or output file is left.
#[test]
fn bad_tables_are_refused_before_the_sweep() {
    let dir = tempfile::tempdir().unwrap();
    let out = dir.path().join("rows.csv");
    let family = ["sweep", "a,b", "--param", "a=1..3", "--param", "b=4..6"];
    let with = |extra: &[&str]| {
        let mut args = family.to_vec();
        args.extend_from_slice(&["-o", out.to_str().unwrap()]);
        args.extend_from_slice(extra);
        run(&args, 2).1
    };
    let err = with(&["--table", "a,a"]);
    assert!(err.contains("\"1,4\" and \"1,5\" both land"), "{err}");
    if cfg!(feature = "pictures") {
        let missing = dir.path().join("no-such-dir").join("h.svg");
        let err =
            with(&["--table", "a,b", "--heatmap", missing.to_str().unwrap()]);
        assert!(err.contains("does not exist"), "{err}");
    }
    let names: Vec<_> = std::fs::read_dir(dir.path()).unwrap().collect();
    assert!(names.is_empty(), "{names:?}");
}

#[test]
fn budgets_give_not_found_rows() {
    let (out, _) = run(
        &[
            "sweep",
            "a,2*a+1,3*a+1",
            "--param",
            "a=300..300",
            "--max-positions",
            "1000",
        ],
        0,
    );
    assert!(out.lines().nth(1).unwrap().ends_with(",not found"), "{out}");
    let _ = grundy(&["--help"]);
}

/// `-o FILE.csv.gz` and `FILE.csv.zst` (issue 19, the atlas's format):
/// the same rows compressed, after a kill -9 and `--resume` too, and
/// compressed shards merge into the one-process file.
#[test]
fn compressed_files_resume_and_merge() {
    let dir = tempfile::tempdir().unwrap();
    let clean = dir.path().join("clean.csv");
    assert!(sweep_to(&clean, &[]).status().unwrap().success());
    let expected = std::fs::read(&clean).unwrap();
    let decoded = |path: &Path| {
        grundy_sweep::decode(std::fs::read(path).unwrap()).unwrap()
    };
    let mut resumed = 0;
    for ext in ["gz", "zst"] {
        let out = dir.path().join(format!("out.csv.{ext}"));
        let journal = dir.path().join(format!("out.csv.{ext}.journal"));
        let mut child =
            sweep_to(&out, &[]).stderr(Stdio::null()).spawn().unwrap();
        let start = Instant::now();
        while start.elapsed() < Duration::from_secs(60) {
            if std::fs::metadata(&journal).map_or(0, |m| m.len()) >= 300_000 {
                child.kill().unwrap();
                break;
            }
            if child.try_wait().unwrap().is_some() {
                break;
            }
            std::thread::sleep(Duration::from_millis(2));
        }
        let _ = child.wait();
        if journal.exists() {
            resumed += 1;
            let status = sweep_to(&out, &["--resume"]).status().unwrap();
            assert!(status.success());
        }
        assert!(!journal.exists());
        let packed = std::fs::read(&out).unwrap();
        assert!(packed.len() * 3 < expected.len(), "{ext}: not compressed");
        assert_eq!(decoded(&out), expected, "{ext}");
        // Shards, compressed, merged into plain and compressed files.
        let mut shards = Vec::new();
        for i in 0..3 {
            let path = dir.path().join(format!("s{i}.csv.{ext}"));
            let shard = format!("{i}/3");
            let status =
                sweep_to(&path, &["--shard", &shard]).status().unwrap();
            assert!(status.success());
            shards.push(path.to_str().unwrap().to_string());
        }
        for merged in ["m.csv", "m.csv.zst", "m.csv.gz"] {
            let merged = dir.path().join(format!("{ext}-{merged}"));
            let mut args = vec!["merge", "-o", merged.to_str().unwrap()];
            args.extend(
                [&shards[1], &shards[2], &shards[0]].map(String::as_str),
            );
            run(&args, 0);
            assert_eq!(decoded(&merged), expected, "{ext} -> {merged:?}");
        }
    }
    assert!(resumed >= 1, "the sweeps finished before any kill");
    // A damaged compressed shard is one line, exit 2.
    let bad = dir.path().join("bad.csv.zst");
    let packed = std::fs::read(dir.path().join("s0.csv.zst")).unwrap();
    std::fs::write(&bad, &packed[..packed.len() / 2]).unwrap();
    let (_, err) = run(&["merge", bad.to_str().unwrap()], 2);
    assert!(err.contains("does not decompress"), "{err}");
}
