//! Every bad input: one line on stderr naming the bad token, exit code 2,
//! nothing on stdout.

use crate::util::run;

fn error(args: &[&str]) -> String {
    let (out, err) = run(args, 2);
    assert!(out.is_empty(), "stdout not empty: {out}");
    assert_eq!(err.lines().count(), 1, "not one line: {err}");
    err.trim_end().to_string()
}

#[test]
fn bad_sets() {
    insta::assert_snapshot!(error(&["period", ""]), @r#"grundy: empty subtraction set; write at least one move size, e.g. "1,2,3""#);
    insta::assert_snapshot!(error(&["period", "0,1"]), @r#"grundy: subtraction set contains "0"; a move must take at least one stone, so remove the 0"#);
    insta::assert_snapshot!(error(&["values", "-3,1"]), @r#"grundy: negative number "-3"; move sizes are positive integers"#);
    insta::assert_snapshot!(error(&["values", "1,two"]), @r#"grundy: "two" is not a number; write move sizes as positive integers, e.g. "1,2,3" or "1-3""#);
    insta::assert_snapshot!(error(&["period", "1,20000000"]), @r#"grundy: element "20000000" is too large for the engine; elements must be at most 10000000"#);
    insta::assert_snapshot!(error(&["period", "5-2"]), @r#"grundy: malformed range "5-2"; write a range as "1-3" or "1..3", smaller bound first"#);
    insta::assert_snapshot!(error(&["period", "1..,2"]), @r#"grundy: malformed range "1.."; write a range as "1-3" or "1..3", smaller bound first"#);
}

#[test]
fn bad_heaps_and_sums() {
    insta::assert_snapshot!(error(&["heap", "1,2,3", "-5"]), @r#"grundy: heap size "-5" is not a number of stones; heap sizes cannot be negative"#);
    insta::assert_snapshot!(error(&["heap", "1,2,3", "lots"]), @r#"grundy: heap size "lots" is not a number of stones; write a non-negative integer such as 31"#);
    insta::assert_snapshot!(error(&["sum", "1,2,3"]), @r#"grundy: heap "1,2,3" has no size; write SET:SIZE, e.g. "1,2,3:10" or "nim:5""#);
    insta::assert_snapshot!(error(&["sum", "1,x:3"]), @r#"grundy: "x" is not a number; write move sizes as positive integers, e.g. "1,2,3" or "1-3""#);
}

#[test]
fn bad_options() {
    insta::assert_snapshot!(error(&["period", "1,2", "--timeout", "-1"]), @r#"grundy: --timeout "-1" must be a positive number of seconds"#);
}

#[test]
fn usage_errors_are_one_line_with_a_hint_to_help() {
    insta::assert_snapshot!(error(&["play", "--heaps", "5"]), @"grundy: unexpected argument '--heaps' found (a similar argument exists: '--heap'); see 'grundy play --help'");
    insta::assert_snapshot!(error(&["period"]), @"grundy: the following required arguments were not provided: <SET>; see 'grundy period --help'");
    insta::assert_snapshot!(error(&["values", "1,2", "--json", "--csv"]), @"grundy: the argument '--json' cannot be used with '--csv'; see 'grundy values --help'");
    insta::assert_snapshot!(error(&["period", "1,2", "--timeout"]), @"grundy: a value is required for '--timeout <SECONDS>' but none was supplied; see 'grundy period --help'");
    insta::assert_snapshot!(error(&["frob"]), @"grundy: unrecognized subcommand 'frob'; see 'grundy --help'");
}

/// A build without `pictures` or `web` names the missing feature in one
/// line (exit 2) instead of clap's "unrecognized subcommand".
#[cfg(not(all(feature = "pictures", feature = "web")))]
#[test]
fn parts_left_out_of_the_build_say_so() {
    let mut parts = Vec::new();
    if !cfg!(feature = "pictures") {
        parts.push(vec!["plot", "1,2,3", "--svg"]);
        parts.push(vec!["graph", "1,2,3", "--heap", "5"]);
        parts.push(vec![
            "sweep",
            "a,b",
            "--param",
            "a=1..2",
            "--param",
            "b=3..4",
            "--heatmap",
            "h.png",
        ]);
    }
    if !cfg!(feature = "web") {
        parts.push(vec!["serve"]);
    }
    for args in parts {
        let message = error(&args);
        assert!(message.contains("is not in this build"), "{message}");
        assert!(message.contains("cargo install"), "{message}");
    }
}

/// Issue 37: a family template without a parameter panicked (exit 101,
/// a backtrace); it is one line, exit 2, saying how to add one. The
/// library words it once, for `sweep` and `fit` alike.
#[test]
fn issue_37_a_family_without_parameters() {
    insta::assert_snapshot!(error(&["sweep", "1,2,3"]), @r#"grundy: the family "1,2,3" has no parameters; give one with its range, e.g. "a=1..10", and use it in the template, e.g. "1,a,a+1""#);
    let message = error(&["sweep", "all-but:2,3", "--format", "jsonl"]);
    assert!(message.contains("has no parameters"), "{message}");
    insta::assert_snapshot!(error(&["fit", "1,2,3", "--for", "period"]), @r#"grundy: the family "1,2,3" has no parameters; give one with its range, e.g. "a=1..10", and use it in the template, e.g. "1,a,a+1""#);
}

/// Issue 37: clap echoed a rejected value whole (a line of 100,108
/// bytes for a `--to` of 100,000 digits); it is cut to its first 40 and
/// last 12 characters, as the library cuts quoted input.
#[test]
fn issue_37_long_rejected_values_are_cut() {
    let digits = "9".repeat(100_000);
    let message = error(&["values", "1,2", "--to", &digits]);
    assert!(message.len() < 250, "{} bytes: {message}", message.len());
    insta::assert_snapshot!(message, @"grundy: invalid value '9999999999999999999999999999999999999999...999999999999' (100000 characters) for '--to <N>': number too large to fit in target type; see 'grundy values --help'");
    let flag = format!("--to={digits}");
    let message = error(&["values", "1,2", &flag]);
    assert!(message.contains("(100000 characters)"), "{message}");
    let unknown = format!("--{}", "x".repeat(5000));
    let message = error(&["values", "1,2", &unknown]);
    // Echoed three times (the argument and clap's tip), each cut.
    assert!(message.len() < 400, "{} bytes: {message}", message.len());
}

/// Issue 37: a warning about sets that could not be evaluated, then the
/// error those sets caused, made two lines; the error names them.
#[test]
fn issue_37_a_warning_and_an_error_are_one_line() {
    let message =
        error(&["fit", "a,0", "--param", "a=1..3", "--for", "period"]);
    insta::assert_snapshot!(message, @r#"grundy: 3 rows, 0 with a value for period; a fit needs at least 2 rows with a value (widen the parameter ranges or raise the budget); 3 sets could not be evaluated (status "error"), e.g. "1,0": element "0" is 0; elements must be positive"#);
}
