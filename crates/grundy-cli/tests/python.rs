//! The Python package (`crates/grundy-py`) tested against this very
//! binary: `.ci/python-test` makes a fresh virtual environment, installs
//! maturin and the test dependencies from PyPI, builds and installs the
//! package with the README's `pip install ./crates/grundy-py`, and runs
//! its pytest suite (doctests and `docs/python.md` included), which
//! compares every function with this command's `--json` output. The
//! wheel is built with the `dev` profile, which the test profile
//! inherits, so that it reuses the crates this run compiled.
//!
//! It is a test of this crate so that the README's one test command runs
//! it. Without Python 3.9+ (with `venv`) or without the package
//! registries it fails, saying why: it is never skipped.

use std::process::Command;

#[test]
fn the_python_package_passes_its_tests() {
    let root = concat!(env!("CARGO_MANIFEST_DIR"), "/../..");
    let script = format!("{root}/.ci/python-test");
    let output = Command::new("bash")
        .arg(&script)
        .env("GRUNDY_BIN", env!("CARGO_BIN_EXE_grundy"))
        // Build the wheel from the crates this test run compiled.
        .env("GRUNDY_WHEEL_PROFILE", "dev")
        .current_dir(root)
        .output()
        .unwrap_or_else(|e| panic!("cannot run {script}: {e}"));
    let stdout = String::from_utf8_lossy(&output.stdout);
    let stderr = String::from_utf8_lossy(&output.stderr);
    assert!(
        output.status.success(),
        "{script} failed ({}); it needs Python 3.9+ with venv and pip \
         access to PyPI.\n--- stdout\n{stdout}\n--- stderr\n{stderr}",
        output.status
    );
    assert!(stdout.contains("python-test: passed"), "{stdout}");
}
