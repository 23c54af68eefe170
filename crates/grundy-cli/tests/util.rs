//! Running the real binary.

use assert_cmd::Command;

/// The `grundy` binary with the given arguments.
pub fn grundy(args: &[&str]) -> Command {
    let mut cmd = Command::cargo_bin("grundy").unwrap();
    cmd.args(args);
    cmd
}

/// Runs, expects exit code `code`, returns (stdout, stderr).
pub fn run(args: &[&str], code: i32) -> (String, String) {
    let out = grundy(args).output().unwrap();
    let stdout = String::from_utf8(out.stdout).unwrap();
    let stderr = String::from_utf8(out.stderr).unwrap();
    assert_eq!(
        out.status.code(),
        Some(code),
        "grundy {args:?}\nstdout: {stdout}\nstderr: {stderr}"
    );
    (stdout, stderr)
}

/// Runs successfully and parses stdout as one JSON object.
pub fn json(args: &[&str]) -> serde_json::Value {
    let (stdout, _) = run(args, 0);
    serde_json::from_str(&stdout).unwrap()
}
