//! `grundy laws` past one process (issue 38): the LaTeX catalogue, a
//! search resumed after `--max-time` or an interrupt, and shards merged
//! byte for byte into what one process writes (the job array of
//! docs/SWEEPS.md).
//! See: issue 38.

use std::path::Path;

use crate::util::{grundy, run, run_in};

/// The three-element space with coefficients 1..3 and shifts -2..2,
/// fitted on a = 1..30 and validated to 120: 83 families, about a second
/// of work in a debug build.
const MID: [&str; 9] = [
    "linear:3",
    "--coefficients",
    "1..3",
    "--shifts=-2..2",
    "--fit",
    "1..30",
    "--validate",
    "1..120",
    "--for=period",
];

/// `grundy laws MID... EXTRA...` in `dir`, exit code `code`.
fn laws(dir: &Path, extra: &[&str], code: i32) -> (String, String) {
    let mut args = vec!["laws"];
    args.extend(MID);
    args.extend(extra);
    run_in(dir, &args, code)
}

fn read(dir: &Path, name: &str) -> String {
    std::fs::read_to_string(dir.join(name)).unwrap()
}

/// Three shards, merged in any order, give the bytes of one process: its
/// JSON lines, its Markdown catalogue and its LaTeX catalogue. A shard
/// left out is named, exit code 2, and no file is written.
#[test]
fn shards_merge_byte_for_byte() {
    let dir = tempfile::tempdir().unwrap();
    let d = dir.path();
    let (one, _) = laws(d, &[], 0);
    assert_eq!(one.lines().count(), 83);
    for i in 0..3 {
        let shard = format!("{i}/3");
        let file = format!("{i}.jsonl");
        let (out, err) = laws(d, &["--shard", &shard, "-o", &file], 0);
        assert_eq!((out.as_str(), err.as_str()), ("", ""));
        assert!(!d.join(format!("{file}.journal")).exists());
    }
    // Shard 1 of 3 holds families 1, 4, 7, ...
    let shard1 = read(d, "1.jsonl");
    let first: Vec<&str> = shard1.lines().take(2).collect();
    let all: Vec<&str> = one.lines().collect();
    assert_eq!(first, [all[1], all[4]]);
    laws(
        d,
        &["-o", "merged.jsonl", "--merge", "2.jsonl", "0.jsonl", "1.jsonl"],
        0,
    );
    assert_eq!(read(d, "merged.jsonl"), one);
    for format in ["md", "latex"] {
        let (single, _) = laws(d, &["--format", format], 0);
        let (merged, _) = laws(
            d,
            &["--format", format, "--merge", "0.jsonl", "1.jsonl", "2.jsonl"],
            0,
        );
        assert_eq!(merged, single, "{format}");
    }
    let (out, err) =
        laws(d, &["-o", "part.md", "--merge", "0.jsonl", "2.jsonl"], 2);
    assert_eq!(out, "");
    assert!(
        err.starts_with(
            "grundy: 28 of the 83 families are in no file, the first "
        ),
        "{err}"
    );
    assert_eq!(err.lines().count(), 1, "{err}");
    assert!(!d.join("part.md").exists());
    // A shard's file given twice: the family named, with both places.
    let (_, err) =
        laws(d, &["--merge", "0.jsonl", "1.jsonl", "2.jsonl", "0.jsonl"], 2);
    assert!(err.contains("\"0.jsonl\" line 1 holds "), "{err}");
    assert!(err.contains(" again, after \"0.jsonl\" line 1"), "{err}");
    // Shards of another search (other ranges) are refused.
    let mut args = vec!["laws"];
    args.extend(MID);
    args[6] = "1..40";
    args.extend(["--merge", "0.jsonl", "1.jsonl", "2.jsonl"]);
    let out = grundy(&args).current_dir(d).output().unwrap();
    assert_eq!(out.status.code(), Some(2));
    let err = String::from_utf8(out.stderr).unwrap();
    assert!(err.contains("this search fits it on a="), "{err}");
}

/// A search stopped by `--max-time` keeps its families in FILE.journal
/// (and writes those done to FILE, exit code 1); a rerun without
/// `--resume` is refused, one with another search's arguments too, and
/// `--resume` finishes it: FILE is byte for byte the file of one
/// uninterrupted run, and the journal is gone.
#[test]
fn a_search_resumes_where_it_stopped() {
    let dir = tempfile::tempdir().unwrap();
    let d = dir.path();
    let (one, _) = laws(d, &[], 0);
    let (_, err) = laws(d, &["-o", "laws.jsonl", "--max-time", "0.3"], 1);
    assert!(
        err.starts_with("grundy: --max-time ran out after ")
            && err.ends_with(
                " of 83 families; rerun the same command with --resume to go on from \"laws.jsonl.journal\", or narrow the space\n"
            ),
        "{err}"
    );
    let journal = read(d, "laws.jsonl.journal");
    let kept = journal.lines().count() - 1;
    assert!(kept < 83, "{kept} families done within 0.3 s");
    assert_eq!(read(d, "laws.jsonl").lines().count(), kept);
    let (_, err) = laws(d, &["-o", "laws.jsonl"], 2);
    assert_eq!(
        err,
        "grundy: \"laws.jsonl.journal\" holds the families of an interrupted search; add --resume to finish it, or delete it to start over\n"
    );
    let (_, err) =
        laws(d, &["-o", "laws.jsonl", "--resume", "--degree", "2"], 2);
    assert!(err.contains("belongs to a different search"), "{err}");
    laws(d, &["-o", "laws.jsonl", "--resume"], 0);
    assert_eq!(read(d, "laws.jsonl"), one);
    assert!(!d.join("laws.jsonl.journal").exists());
    // The catalogue of a resumed search is that of one run.
    let (md, _) = laws(d, &["--format", "md"], 0);
    laws(d, &["-o", "laws.md", "--max-time", "0.2"], 1);
    laws(d, &["-o", "laws.md", "--resume"], 0);
    assert_eq!(read(d, "laws.md"), md);
}

/// An interrupt keeps the families done in the journal (no FILE is left
/// half written) and says how to go on; `--resume` goes on from there.
#[test]
fn an_interrupted_search_keeps_its_journal() {
    use std::process::{Command, Stdio};
    let dir = tempfile::tempdir().unwrap();
    let d = dir.path();
    let args = [
        "laws",
        "linear:3",
        "--coefficients",
        "1..4",
        "--shifts=-4..4",
        "-o",
        "big.jsonl",
    ];
    let mut child = Command::new(assert_cmd::cargo::cargo_bin("grundy"))
        .args(args)
        .current_dir(d)
        .stdin(Stdio::null())
        .stdout(Stdio::null())
        .stderr(Stdio::piped())
        .spawn()
        .unwrap();
    let journal = d.join("big.jsonl.journal");
    let lines =
        || std::fs::read_to_string(&journal).map_or(0, |t| t.lines().count());
    let started = std::time::Instant::now();
    while lines() < 4 && started.elapsed().as_secs() < 60 {
        std::thread::sleep(std::time::Duration::from_millis(20));
    }
    let code = crate::util::signal_and_wait(&mut child, "INT");
    assert_eq!(code, Some(130));
    let mut err = String::new();
    use std::io::Read;
    child.stderr.as_mut().unwrap().read_to_string(&mut err).unwrap();
    let kept = lines() - 1;
    assert!(kept >= 3, "{kept}");
    assert_eq!(
        err,
        format!(
            "grundy: interrupted; {kept} of 552 families are kept in \"big.jsonl.journal\": rerun the same command with --resume to finish\n"
        )
    );
    assert!(!d.join("big.jsonl").exists());
    // Resumed for a moment: the journal grows from where it was.
    let mut again: Vec<&str> = args.to_vec();
    again.extend(["--resume", "--max-time", "0.5"]);
    let out = grundy(&again).current_dir(d).output().unwrap();
    assert_eq!(out.status.code(), Some(1));
    assert!(lines() > kept);
    assert_eq!(
        read(d, "big.jsonl").lines().count(),
        lines() - 1,
        "the families done, written"
    );
}

/// `--format latex` (or `-o FILE.tex`) writes the catalogue as a LaTeX
/// document: each law the fitter's LaTeX, the re-check commands
/// verbatim, every environment closed.
#[test]
fn the_catalogue_in_latex() {
    let dir = tempfile::tempdir().unwrap();
    let d = dir.path();
    laws(d, &["-o", "laws.tex"], 0);
    let tex = read(d, "laws.tex");
    let (printed, _) = laws(d, &["--format", "latex"], 0);
    assert_eq!(tex, printed);
    assert!(tex.starts_with("% Laws of linear:3 (grundy laws --format latex; compile with pdflatex)\n\\documentclass"), "{tex}");
    assert!(tex.ends_with("\\end{document}\n"));
    // {a, 2a+1, 3a+1}: period 4a^2 + 3a, the fitter's LaTeX.
    assert!(
        tex.contains(
            "\\texttt{a,2*a+1,3*a+1} & $\\mathrm{period} = 4a^{2} + 3a$"
        ),
        "{tex}"
    );
    assert!(tex.contains(
        "grundy sweep 'a,2*a+1,3*a+1' --param a=1..120 --check 'period == 4*a*a + 3*a'"
    ));
    for env in ["document", "longtable", "lstlisting", "itemize"] {
        let open = tex.matches(&format!("\\begin{{{env}}}")).count();
        let close = tex.matches(&format!("\\end{{{env}}}")).count();
        assert_eq!(open, close, "{env}");
    }
    let (_, err) = run(
        &[
            "laws",
            "linear:2",
            "--coefficients",
            "1..2",
            "--shifts",
            "0..1",
            "--shard",
            "0/2",
            "--format",
            "latex",
        ],
        2,
    );
    assert!(
        err.starts_with("grundy: --shard writes JSON lines, not a catalogue"),
        "{err}"
    );
}
