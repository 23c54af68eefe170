//! `grundy help`: a command's help, and `grundy help json`, the output
//! contracts built into the binary (`docs/JSON.md`, their one home). An
//! installed binary's help must not send its user to a README they may
//! not have; and the contracts must name every key the commands print.
//! See: issue 37 §3.

use std::collections::BTreeSet;

use serde_json::Value;

use crate::util::run;

/// The file `grundy help json` prints.
const JSON_MD: &str = include_str!("../../../docs/JSON.md");

/// Every subcommand of this build, `help` included.
fn commands() -> Vec<&'static str> {
    let mut names = vec![
        "values", "period", "heap", "sum", "play", "quotient", "sweep", "fit",
        "laws", "merge", "explain", "help",
    ];
    if cfg!(feature = "pictures") {
        names.extend(["graph", "plot"]);
    }
    if cfg!(feature = "web") {
        names.push("serve");
    }
    names
}

#[test]
fn help_json_prints_the_contracts() {
    let (stdout, stderr) = run(&["help", "json"], 0);
    assert_eq!(stdout, JSON_MD);
    assert_eq!(stderr, "");
}

/// `grundy help COMMAND` is `grundy COMMAND --help`, as clap's own help
/// subcommand was, and `grundy help` is `grundy --help`.
#[test]
fn help_command_prints_the_commands_help() {
    assert_eq!(run(&["help"], 0).0, run(&["--help"], 0).0);
    for name in commands() {
        let (help, _) = run(&["help", name], 0);
        assert_eq!(help, run(&[name, "--help"], 0).0, "grundy help {name}");
    }
}

#[test]
fn help_of_an_unknown_topic_is_one_line() {
    let (stdout, stderr) = run(&["help", "jsno"], 2);
    assert_eq!(stdout, "");
    assert_eq!(stderr.lines().count(), 1, "{stderr}");
    assert!(stderr.starts_with("grundy: no command or help topic \"jsno\""));
    assert!(stderr.contains("period") && stderr.trim_end().ends_with("json"));
}

/// No help text names the README (an installed binary has none); the
/// help of every `--json` flag, and the top-level help, send the user to
/// `grundy help json` instead.
#[test]
fn help_points_to_help_json_not_the_readme() {
    let (top, _) = run(&["--help"], 0);
    assert!(top.contains("grundy help json"), "{top}");
    for name in commands() {
        for flag in ["--help", "-h"] {
            let (help, _) = run(&[name, flag], 0);
            assert!(!help.contains("README"), "grundy {name} {flag}:\n{help}");
            if let Some(json) = flag_help(&help, "--json") {
                assert!(
                    json.contains("grundy help json"),
                    "grundy {name} {flag}: {json}"
                );
            }
        }
    }
}

/// The help of `flag` in a command's help, its words joined by single
/// spaces (clap wraps lines): from the line that starts with `flag` to
/// the next flag.
fn flag_help(help: &str, flag: &str) -> Option<String> {
    let lines: Vec<&str> = help.lines().map(str::trim).collect();
    let start = lines.iter().position(|l| {
        l.strip_prefix(flag).is_some_and(|rest| {
            rest.is_empty() || rest.starts_with(char::is_whitespace)
        })
    })?;
    let end = lines[start + 1..]
        .iter()
        .position(|l| l.starts_with('-'))
        .map_or(lines.len(), |i| start + 1 + i);
    let words: Vec<&str> =
        lines[start..end].iter().flat_map(|l| l.split_whitespace()).collect();
    Some(words.join(" "))
}

/// Every key of `value`, at any depth, except the names of a family's
/// parameters (they are the user's).
fn keys(value: &Value, into: &mut BTreeSet<String>) {
    match value {
        Value::Object(map) => {
            for (key, v) in map {
                if !["a", "b", "d0", "d1"].contains(&key.as_str()) {
                    into.insert(key.clone());
                }
                keys(v, into);
            }
        }
        Value::Array(items) => items.iter().for_each(|v| keys(v, into)),
        _ => {}
    }
}

/// The keys each command prints, as real output shows them, all appear
/// in `docs/JSON.md` (as `` `key` `` or inside a `{"key", ...}` list).
#[test]
fn contracts_name_every_key_the_commands_print() {
    let outputs: &[(&[&str], i32)] = &[
        (&["values", "1,2,3", "--to", "8", "--json"], 0),
        (&["values", "0.07", "--to", "8", "--json", "--misere"], 0),
        (&["period", "2,3,7", "--json"], 0),
        (&["period", "1-3", "--json", "--misere"], 0),
        (&["period", "all-but:3,6,9", "--json"], 0),
        (&["period", "all-but:2,3,6,8", "--json", "--misere"], 0),
        (&["period", "0.07", "--json"], 0),
        (&["period", "5000,10001,15001", "--json"], 0),
        (&["period", "0.6", "--json", "--max-positions", "3000"], 1),
        (&["heap", "1,2,3", "1000", "--json"], 0),
        (&["heap", "0.44", "177903495", "--json"], 0),
        (&["sum", "1,2,3:10", "2,3:7", "nim:5", "--json"], 0),
        (&["sum", "nim:3", "nim:1", "1,2:4", "--json", "--misere"], 0),
        (&["sum", "0.44:177903495", "nim:3", "--json"], 0),
        (&["explain", "all-but:2,3,6,8", "--json", "--steps", "2"], 0),
        (&["quotient", "0.75", "--json"], 0),
        (&["quotient", "0.07", "--heaps", "10", "--json"], 0),
        (&["quotient", "1,2,3", "--json", "--table"], 0),
        (
            &[
                "fit", "a,2*a+1", "--param", "a=1..24", "--for", "period",
                "--json",
            ],
            0,
        ),
        (
            &[
                "fit",
                "a,b",
                "--param",
                "a=1..5",
                "--param",
                "b=a+1..a+5",
                "--for",
                "period",
                "--validate",
                "a=6..7",
                "--json",
            ],
            1,
        ),
    ];
    let mut seen = BTreeSet::new();
    for (args, code) in outputs {
        let (stdout, _) = run(args, *code);
        let value: Value = serde_json::from_str(&stdout).unwrap();
        keys(&value, &mut seen);
    }
    for args in [
        &["sweep", "a,b", "--param", "a=1..2", "--param", "b=a..a+1"][..],
        &["sweep", "--octal", "1", "--max-positions", "2000"],
        &[
            "laws",
            "linear:2",
            "--coefficients",
            "1..2",
            "--shifts",
            "0..1",
            "--fit",
            "1..3",
            "--validate",
            "1..9",
        ],
    ] {
        let args: Vec<&str> =
            args.iter().copied().chain(["--format", "jsonl"]).collect();
        let (stdout, _) = run(&args, 0);
        for line in stdout.lines() {
            keys(&serde_json::from_str(line).unwrap(), &mut seen);
        }
    }
    let missing = undocumented(&seen);
    assert!(missing.is_empty(), "not in docs/JSON.md: {missing:?}");
    // The keys the issue named, in case an output above stops showing
    // them.
    for key in [
        "moves_complete",
        "moves_exact",
        "winning_families",
        "moves_note",
        "split_period",
        "misere_note",
        "certificate_text",
    ] {
        assert!(seen.contains(key), "{key} not printed");
    }
}

/// The web explorer's own objects (`/api/play`, `/api/sweep`, errors)
/// are in `docs/JSON.md` too.
#[cfg(feature = "web")]
#[test]
fn contracts_name_every_key_of_the_web_api() {
    use std::io::{BufRead, BufReader, Read, Write};

    let mut child =
        std::process::Command::new(assert_cmd::cargo::cargo_bin("grundy"))
            .args(["serve", "--port", "0"])
            .stdout(std::process::Stdio::piped())
            .stderr(std::process::Stdio::null())
            .spawn()
            .unwrap();
    let mut line = String::new();
    BufReader::new(child.stdout.take().unwrap()).read_line(&mut line).unwrap();
    let addr = line
        .trim()
        .trim_start_matches("grundy serve: listening on http://")
        .trim_end_matches('/')
        .to_string();
    let get = |target: &str| -> Value {
        let mut s = std::net::TcpStream::connect(&addr).unwrap();
        write!(
            s,
            "GET {target} HTTP/1.1\r\nHost: 127.0.0.1\r\nConnection: close\r\n\r\n"
        )
        .unwrap();
        let mut raw = String::new();
        s.read_to_string(&mut raw).unwrap();
        serde_json::from_str(raw.split_once("\r\n\r\n").unwrap().1).unwrap()
    };
    let mut seen = BTreeSet::new();
    for target in [
        "/api/play?heaps=1,2,3:5;nim:2",
        "/api/sweep?family=a,b&a=1..2&b=a%2B1..a%2B2",
        "/api/sum?heaps=1,2,3:10;x:5",
    ] {
        keys(&get(target), &mut seen);
    }
    let _ = child.kill();
    let _ = child.wait();
    let missing = undocumented(&seen);
    assert!(missing.is_empty(), "not in docs/JSON.md: {missing:?}");
    assert!(seen.contains("computer") && seen.contains("cells"));
}

/// The keys of `seen` that docs/JSON.md never names (as `key` or "key").
fn undocumented(seen: &BTreeSet<String>) -> Vec<&String> {
    seen.iter()
        .filter(|k| {
            !JSON_MD.contains(&format!("`{k}`"))
                && !JSON_MD.contains(&format!("\"{k}\""))
        })
        .collect()
}
