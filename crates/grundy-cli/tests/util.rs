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
    expect(&mut grundy(args), args, code)
}

/// [`run`] with `dir` as the working directory.
pub fn run_in(
    dir: &std::path::Path,
    args: &[&str],
    code: i32,
) -> (String, String) {
    expect(grundy(args).current_dir(dir), args, code)
}

fn expect(cmd: &mut Command, args: &[&str], code: i32) -> (String, String) {
    let out = cmd.output().unwrap();
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

/// Sends `signal` (`TERM`, `INT`) to `child` and waits for it to end:
/// its exit code, or a panic (the child killed) when it is still running
/// two seconds later.
pub fn signal_and_wait(
    child: &mut std::process::Child,
    signal: &str,
) -> Option<i32> {
    use std::time::{Duration, Instant};
    let killed = std::process::Command::new("kill")
        .args([&format!("-{signal}"), &child.id().to_string()])
        .status()
        .unwrap();
    assert!(killed.success());
    let sent = Instant::now();
    loop {
        if let Some(status) = child.try_wait().unwrap() {
            return status.code();
        }
        if sent.elapsed() > Duration::from_secs(2) {
            child.kill().unwrap();
            child.wait().unwrap();
            panic!("still running 2 s after SIG{signal}");
        }
        std::thread::sleep(Duration::from_millis(10));
    }
}

/// The squares 1, 4, ..., `count`^2 as a set: a wide set with no two
/// consecutive elements, so every engine reads all `count` moves a
/// position. Since intervals slide (`period 1-100000` takes 0.02 s), this
/// is the cheap-to-write input whose values cost seconds.
pub fn squares(count: u64) -> String {
    (1..=count).map(|k| (k * k).to_string()).collect::<Vec<_>>().join(",")
}
