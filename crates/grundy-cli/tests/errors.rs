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
