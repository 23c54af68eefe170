//! One way to ask for a format (issue 37, section 2; issue 34, item 7):
//! every command that writes results takes `--format` with exactly the
//! formats it writes, its old flags (`--csv`, `--json`, `--latex`,
//! `--svg`, `--png`) mean the same bytes, `-o`'s extension chooses the
//! format unless one is given, and a format a command cannot write is
//! refused in one line naming those it can (exit 2, no output file).

use crate::util::grundy;

/// A command that writes results, as the tests run it.
struct Writer {
    /// The command and its arguments, small enough to run quickly.
    args: &'static [&'static str],
    /// Its formats, the default first, each with the old flag that means
    /// the same (if any) and the extension of `-o` that asks for it.
    formats: &'static [(&'static str, Option<&'static str>, &'static str)],
    /// The formats as its refusal names them.
    list: &'static str,
    /// Its exit code on `args`.
    code: i32,
}

impl Writer {
    fn name(&self) -> &'static str {
        self.args[0]
    }
}

fn writers() -> Vec<Writer> {
    let table = &[
        ("text", None, "txt"),
        ("csv", Some("--csv"), "csv"),
        ("tsv", None, "tsv"),
        ("json", Some("--json"), "json"),
    ];
    let report = &[("text", None, "txt"), ("json", Some("--json"), "json")];
    let mut all = vec![
        Writer {
            args: &["values", "2,3,5", "--to", "12"],
            formats: table,
            list: "text, csv, tsv or json",
            code: 0,
        },
        Writer {
            args: &["period", "2,3,7"],
            formats: table,
            list: "text, csv, tsv or json",
            code: 0,
        },
        Writer {
            args: &["heap", "1,2,3", "31"],
            formats: report,
            list: "text or json",
            code: 0,
        },
        Writer {
            args: &["sum", "1,2,3:10", "2,3:7"],
            formats: report,
            list: "text or json",
            code: 0,
        },
        Writer {
            args: &["quotient", "1,2,3"],
            formats: &[
                ("text", None, "txt"),
                ("json", Some("--json"), "json"),
                ("csv", Some("--csv"), "csv"),
            ],
            list: "text, json or csv",
            code: 0,
        },
        Writer {
            args: &["explain", "all-but:2,3,6,8", "--steps", "5"],
            formats: report,
            list: "text or json",
            code: 0,
        },
        Writer {
            args: &[
                "sweep", "a,b", "--param", "a=1..3", "--param", "b=a+1..5",
            ],
            formats: &[
                ("csv", Some("--csv"), "csv"),
                ("jsonl", None, "jsonl"),
            ],
            list: "csv or jsonl",
            code: 0,
        },
        Writer {
            args: &["fit", "a,a+2", "--param", "a=1..20", "--for", "period"],
            formats: &[
                ("text", None, "txt"),
                ("json", Some("--json"), "json"),
                ("latex", Some("--latex"), "tex"),
            ],
            list: "text, json or latex",
            code: 0,
        },
    ];
    if cfg!(feature = "pictures") {
        all.push(Writer {
            args: &["graph", "1,2", "--heap", "4"],
            formats: &[
                ("dot", None, "dot"),
                ("svg", Some("--svg"), "svg"),
                ("png", Some("--png"), "png"),
            ],
            list: "dot, svg or png",
            code: 0,
        });
        all.push(Writer {
            args: &["plot", "1,2", "--to", "20"],
            formats: &[
                ("svg", Some("--svg"), "svg"),
                ("png", Some("--png"), "png"),
            ],
            list: "svg or png",
            code: 0,
        });
    }
    all
}

/// Runs `grundy` (stdout as bytes: PNG is binary) expecting exit code
/// `code`; returns stdout and stderr.
fn output(args: &[&str], code: i32) -> (Vec<u8>, String) {
    let out = grundy(args).output().unwrap();
    let stderr = String::from_utf8(out.stderr).unwrap();
    assert_eq!(out.status.code(), Some(code), "grundy {args:?}\n{stderr}");
    (out.stdout, stderr)
}

/// What of `command`'s output in `format` is the same from run to run:
/// `period` without the time it took; of the pictures `graph` lays out
/// (the layout differs from run to run), the kind of file.
fn stable(command: &str, format: &str, bytes: Vec<u8>) -> String {
    match (command, format) {
        ("graph", "svg" | "png") => {
            return String::from_utf8_lossy(&bytes[..4]).into_owned();
        }
        ("period", _) => {}
        _ => return String::from_utf8_lossy(&bytes).into_owned(),
    }
    let text = String::from_utf8(bytes).unwrap();
    if let Ok(mut v) = serde_json::from_str::<serde_json::Value>(&text) {
        v.as_object_mut().unwrap().remove("seconds");
        return v.to_string();
    }
    let lines: Vec<&str> =
        text.lines().filter(|l| !l.starts_with("examined:")).collect();
    lines.join("\n")
}

fn with<'a>(base: &[&'a str], more: &[&'a str]) -> Vec<&'a str> {
    [base, more].concat()
}

/// Each format by `--format NAME` is the old flag's output byte for
/// byte (the laid-out pictures of `graph` aside: see [`stable`]), and
/// no flag at all is the default format.
#[test]
fn issue_37_every_format_by_name_is_its_old_flag() {
    for w in writers() {
        let by_name = |name: &str| {
            let (out, _) = output(&with(w.args, &["--format", name]), w.code);
            stable(w.name(), name, out)
        };
        let (plain, _) = output(w.args, w.code);
        assert_eq!(
            stable(w.name(), w.formats[0].0, plain),
            by_name(w.formats[0].0),
            "{}: no flag is --format {}",
            w.name(),
            w.formats[0].0
        );
        for &(name, flag, _) in w.formats {
            let Some(flag) = flag else { continue };
            let (old, _) = output(&with(w.args, &[flag]), w.code);
            assert_eq!(
                stable(w.name(), name, old),
                by_name(name),
                "{}: {flag} is --format {name}",
                w.name()
            );
        }
    }
}

/// What each format's bytes look like.
#[test]
fn issue_37_each_format_is_what_it_says() {
    for w in writers() {
        for &(name, _, _) in w.formats {
            let (out, _) = output(&with(w.args, &["--format", name]), w.code);
            let what = format!("{} --format {name}", w.name());
            if name == "png" {
                assert_eq!(&out[1..4], b"PNG", "{what}");
                continue;
            }
            let text = String::from_utf8(out).unwrap();
            let first = text.lines().next().unwrap_or_default();
            match name {
                "csv" => assert!(
                    first.contains(',') && !first.contains('\t'),
                    "{what}: {text}"
                ),
                "tsv" => assert!(
                    first.contains('\t') && !first.contains(','),
                    "{what}: {text}"
                ),
                "json" => {
                    assert_eq!(text.lines().count(), 1, "{what}: {text}");
                    let v: serde_json::Value =
                        serde_json::from_str(&text).unwrap();
                    assert!(v.is_object(), "{what}: {text}");
                }
                "jsonl" => {
                    for line in text.lines() {
                        let v: serde_json::Value =
                            serde_json::from_str(line).unwrap();
                        assert!(v.is_object(), "{what}: {line}");
                    }
                }
                "latex" => {
                    assert!(text.starts_with("\\["), "{what}: {text}")
                }
                "dot" => assert!(text.starts_with("digraph"), "{what}"),
                "svg" => assert!(text.contains("<svg"), "{what}"),
                _ => assert!(
                    !text.starts_with('{') && !first.contains('\t'),
                    "{what}: {text}"
                ),
            }
        }
    }
    // The values of TSV are those of CSV.
    let args = ["values", "0.07", "--to", "40"];
    let (csv, _) = output(&with(&args, &["--csv"]), 0);
    let (tsv, _) = output(&with(&args, &["--format", "tsv"]), 0);
    let csv = String::from_utf8(csv).unwrap();
    assert_eq!(String::from_utf8(tsv).unwrap(), csv.replace(',', "\t"));
    let misere = ["values", "1,2", "--to", "5", "--misere", "--format", "tsv"];
    let (tsv, _) = output(&misere, 0);
    assert_eq!(
        String::from_utf8(tsv).unwrap(),
        "n\tmisere_outcome\n0\tN\n1\tP\n2\tN\n3\tN\n4\tP\n5\tN\n"
    );
}

/// Issue 34: `grundy values 2,3,5 --to 5 -o x.csv` wrote the text table.
/// `-o FILE.ext` writes what `--format` of that extension prints; a
/// name with no format's extension gets the default; `--format` (or an
/// old flag) wins over the extension.
#[test]
fn issue_34_the_extension_of_o_chooses_the_format() {
    let dir = tempfile::tempdir().unwrap();
    for w in writers() {
        for &(name, _, ext) in w.formats {
            let file = dir.path().join(format!("{}-out.{ext}", w.name()));
            let path = file.to_str().unwrap();
            let (out, _) = output(&with(w.args, &["-o", path]), w.code);
            assert!(out.is_empty());
            let (want, _) = output(&with(w.args, &["--format", name]), w.code);
            assert_eq!(
                stable(w.name(), name, std::fs::read(&file).unwrap()),
                stable(w.name(), name, want),
                "{} -o {path}",
                w.name()
            );
        }
    }
    let path = dir.path().join("v.csv");
    let v = path.to_str().unwrap();
    let values = ["values", "2,3,5", "--to", "5"];
    output(&with(&values, &["-o", v]), 0);
    let got = std::fs::read_to_string(&path).unwrap();
    assert_eq!(
        got,
        "n,grundy,outcome\n0,0,P\n1,0,P\n2,1,N\n3,1,N\n4,2,N\n5,2,N\n"
    );
    for given in [&["--format", "json"][..], &["--json"]] {
        output(&[&values[..], given, &["-o", v]].concat(), 0);
        let got = std::fs::read_to_string(&path).unwrap();
        assert!(got.starts_with("{\"set\":\"2,3,5\""), "{got}");
    }
    output(&with(&values, &["--format", "text", "-o", v]), 0);
    let got = std::fs::read_to_string(&path).unwrap();
    assert!(got.starts_with("n  g(n)  outcome"), "{got}");
}

/// `sweep` compresses, as before: `-o FILE.jsonl.gz` is JSON Lines in
/// gzip (read back by `grundy merge`), `FILE.zst` with no format's
/// extension the default CSV.
#[test]
fn issue_34_sweep_compressed_names_keep_their_format() {
    let dir = tempfile::tempdir().unwrap();
    let sweep = ["sweep", "a,b", "--param", "a=1..3", "--param", "b=a+1..5"];
    for (name, format) in [("rows.jsonl.gz", "jsonl"), ("rows.zst", "csv")] {
        let packed = dir.path().join(name);
        output(&with(&sweep, &["-o", packed.to_str().unwrap()]), 0);
        let bytes = std::fs::read(&packed).unwrap();
        assert!(
            bytes.starts_with(&[0x1f, 0x8b])
                || bytes.starts_with(&[0x28, 0xb5, 0x2f, 0xfd])
        );
        let (unpacked, _) = output(&["merge", packed.to_str().unwrap()], 0);
        let (want, _) = output(&with(&sweep, &["--format", format]), 0);
        assert_eq!(unpacked, want, "{name}");
    }
}

/// A format a command cannot write, asked for by `--format`, by an old
/// flag or by `-o`'s extension, or a name that is no format: one line
/// naming the formats it can, exit 2, nothing on stdout, no file.
#[test]
fn issue_37_a_format_a_command_cannot_write_is_refused() {
    let refused: &[(&str, &[&[&str]])] = &[
        (
            "values",
            &[
                &["--format", "xml"],
                &["--format", "jsonl"],
                &["-o", "v.jsonl"],
                &["-o", "v.tex"],
            ],
        ),
        ("period", &[&["--format", "latex"], &["-o", "p.jsonl"]]),
        (
            "heap",
            &[
                &["--csv"],
                &["--format", "csv"],
                &["-o", "h.csv"],
                &["-o", "h.tsv"],
            ],
        ),
        ("sum", &[&["--csv"], &["--format", "tsv"], &["-o", "s.csv"]]),
        ("quotient", &[&["--format", "tsv"], &["-o", "q.tsv"]]),
        ("explain", &[&["--csv"], &["--format", "csv"], &["-o", "e.csv"]]),
        (
            "sweep",
            &[
                &["--json"],
                &["--format", "text"],
                &["-o", "rows.json"],
                &["-o", "rows.tsv.zst"],
            ],
        ),
        ("fit", &[&["--csv"], &["--format", "jsonl"], &["-o", "law.csv"]]),
        ("graph", &[&["--json"], &["--format", "text"], &["-o", "g.json"]]),
        ("plot", &[&["--csv"], &["--format", "dot"], &["-o", "p.dot"]]),
    ];
    let dir = tempfile::tempdir().unwrap();
    for w in writers() {
        let (_, cases) = refused.iter().find(|(c, _)| *c == w.name()).unwrap();
        for &case in *cases {
            // Every case names an output file, which must not appear.
            let mut args = w.args.to_vec();
            let file = match case {
                ["-o", name] => dir.path().join(name),
                _ => dir.path().join("out"),
            };
            let path = file.to_str().unwrap();
            if case[0] != "-o" {
                args.extend(case);
            }
            args.extend(["-o", path]);
            let (out, err) = output(&args, 2);
            assert!(out.is_empty(), "{args:?}");
            assert_eq!(err.lines().count(), 1, "{args:?}: {err}");
            let start = format!(
                "grundy: `grundy {}` writes {}, not ",
                w.name(),
                w.list
            );
            assert!(err.starts_with(&start), "{args:?}: {err}");
            assert_eq!(
                std::fs::read_dir(dir.path()).unwrap().count(),
                0,
                "{args:?} left a file"
            );
        }
    }
    let (_, err) = output(&["explain", "all-but:2,3", "--format", "xml"], 2);
    assert_eq!(
        err,
        "grundy: `grundy explain` writes text or json, not \"xml\"\n"
    );
    let v = dir.path().join("v.csv.gz");
    let (_, err) = output(&["values", "1,2", "-o", v.to_str().unwrap()], 2);
    assert!(err.contains("writes text, csv, tsv or json, not gzip"), "{err}");
    assert!(!v.exists());
}

/// Two formats at once are refused in one line, whichever spellings.
#[test]
fn issue_37_conflicting_format_flags_are_one_line() {
    let mut cases: Vec<Vec<&str>> = vec![
        vec!["values", "1,2", "--csv", "--format", "json"],
        vec!["values", "1,2", "--json", "--format", "csv"],
        vec!["values", "1,2", "--json", "--csv"],
        vec!["heap", "1,2", "5", "--json", "--format", "json"],
        vec![
            "sweep", "a,b", "--param", "a=1..2", "--csv", "--format", "jsonl",
        ],
        vec!["fit", "a,b", "--for", "period", "--latex", "--json"],
        vec!["fit", "a,b", "--for", "period", "--latex", "--format", "text"],
    ];
    if cfg!(feature = "pictures") {
        cases.push(vec!["graph", "1,2", "--svg", "--format", "png"]);
        cases.push(vec!["graph", "1,2", "--svg", "--png"]);
        cases.push(vec!["plot", "1,2", "--png", "--format", "svg"]);
    }
    for args in cases {
        let (out, err) = output(&args, 2);
        assert!(out.is_empty(), "{args:?}");
        assert_eq!(err.lines().count(), 1, "{args:?}: {err}");
        assert!(err.contains("cannot be used with"), "{args:?}: {err}");
    }
}

/// Each command's help lists its formats and says how `-o` chooses
/// one; the old flags a command cannot write are not offered.
#[test]
fn issue_37_help_lists_each_commands_formats() {
    for w in writers() {
        let (out, _) = output(&[w.name(), "--help"], 0);
        let help = String::from_utf8(out).unwrap();
        let help = help.split_whitespace().collect::<Vec<_>>().join(" ");
        let default = w.formats[0].0;
        let want =
            format!("The output format: {} (default {default})", w.list);
        assert!(help.contains(&want), "{}: {help}", w.name());
        assert!(
            help.contains("the extension of -o FILE chooses it"),
            "{help}"
        );
        for flag in ["--csv", "--json"] {
            let offered = w.formats.iter().any(|f| f.1 == Some(flag));
            assert_eq!(
                help.contains(&format!("{flag} ")),
                offered,
                "{} --help and {flag}: {help}",
                w.name()
            );
        }
    }
}

/// `grundy merge` writes its shards' format: `-o` named for another is
/// refused in one line, with no file; a compressed name of the same
/// format is written.
#[test]
fn issue_37_merge_keeps_its_shards_format() {
    let dir = tempfile::tempdir().unwrap();
    let sweep = ["sweep", "a,b", "--param", "a=1..3", "--param", "b=a+1..5"];
    let shard = dir.path().join("s.csv");
    let s = shard.to_str().unwrap();
    output(&with(&sweep, &["--shard", "0/1", "-o", s]), 0);
    let wrong = dir.path().join("all.jsonl");
    let (out, err) = output(&["merge", s, "-o", wrong.to_str().unwrap()], 2);
    assert!(out.is_empty());
    assert_eq!(err.lines().count(), 1, "{err}");
    assert!(
        err.starts_with(
            "grundy: `grundy merge` writes the format of its input, here csv, not jsonl"
        ),
        "{err}"
    );
    assert!(!wrong.exists());
    let packed = dir.path().join("all.csv.gz");
    output(&["merge", s, "-o", packed.to_str().unwrap()], 0);
    let (unpacked, _) = output(&["merge", packed.to_str().unwrap()], 0);
    assert_eq!(unpacked, std::fs::read(&shard).unwrap());
}
