//! Output files: `-o` never replaces what is not a regular file, keeps
//! modes and links, leaves no temporary file behind after a signal, and
//! cleans up after `kill -9`; listings of any length stream in constant
//! memory; a closed stdout is an error, a closed pipe is not.
//! See: issue 15 ("files that are never clobbered", "output of any
//! length").

use std::path::{Path, PathBuf};
use std::process::{Command, Stdio};
use std::time::{Duration, Instant};

use crate::util::run;

fn leftovers(dir: &Path) -> Vec<PathBuf> {
    std::fs::read_dir(dir)
        .unwrap()
        .flatten()
        .map(|e| e.path())
        .filter(|p| {
            p.file_name().and_then(|n| n.to_str()).is_some_and(|n| {
                n.starts_with(".grundy-") || n.contains(".tmp")
            })
        })
        .collect()
}

#[test]
fn regular_files_are_replaced_whole_with_their_mode() {
    let dir = tempfile::tempdir().unwrap();
    let out = dir.path().join("out.csv");
    std::fs::write(&out, "old").unwrap();
    #[cfg(unix)]
    {
        use std::os::unix::fs::PermissionsExt;
        std::fs::set_permissions(&out, std::fs::Permissions::from_mode(0o640))
            .unwrap();
    }
    run(
        &[
            "values",
            "1,2,3",
            "--to",
            "3",
            "--csv",
            "-o",
            out.to_str().unwrap(),
        ],
        0,
    );
    assert_eq!(
        std::fs::read_to_string(&out).unwrap(),
        "n,grundy,outcome\n0,0,P\n1,1,N\n2,2,N\n3,3,N\n"
    );
    #[cfg(unix)]
    {
        use std::os::unix::fs::PermissionsExt;
        let mode = std::fs::metadata(&out).unwrap().permissions().mode();
        assert_eq!(mode & 0o777, 0o640);
    }
    assert!(leftovers(dir.path()).is_empty());
}

#[cfg(unix)]
#[test]
fn links_are_followed_and_kept() {
    let dir = tempfile::tempdir().unwrap();
    let target = dir.path().join("target.csv");
    std::fs::write(&target, "old").unwrap();
    // A symbolic link: the file it points to gets the output.
    let link = dir.path().join("link.csv");
    std::os::unix::fs::symlink(&target, &link).unwrap();
    run(
        &["values", "1,2", "--to", "1", "--csv", "-o", link.to_str().unwrap()],
        0,
    );
    assert!(
        std::fs::symlink_metadata(&link).unwrap().file_type().is_symlink()
    );
    assert!(std::fs::read_to_string(&target).unwrap().starts_with("n,grundy"));
    // A hard link: both names see the output.
    let other = dir.path().join("other.csv");
    std::fs::hard_link(&target, &other).unwrap();
    run(
        &[
            "values",
            "2,3",
            "--to",
            "1",
            "--json",
            "-o",
            other.to_str().unwrap(),
        ],
        0,
    );
    let got = std::fs::read_to_string(&target).unwrap();
    assert!(got.starts_with("{\"set\":\"2,3\""), "{got}");
    assert_eq!(got, std::fs::read_to_string(&other).unwrap());
    assert!(leftovers(dir.path()).is_empty());
}

#[cfg(unix)]
#[test]
fn a_fifo_and_devices_are_written_directly() {
    let dir = tempfile::tempdir().unwrap();
    let fifo = dir.path().join("pipe");
    let made = Command::new("mkfifo").arg(&fifo).status().unwrap();
    assert!(made.success());
    let reader = {
        let fifo = fifo.clone();
        std::thread::spawn(move || std::fs::read_to_string(fifo).unwrap())
    };
    run(
        &[
            "values",
            "1,2,3",
            "--to",
            "2",
            "--csv",
            "-o",
            fifo.to_str().unwrap(),
        ],
        0,
    );
    assert_eq!(
        reader.join().unwrap(),
        "n,grundy,outcome\n0,0,P\n1,1,N\n2,2,N\n"
    );
    let meta = std::fs::symlink_metadata(&fifo).unwrap();
    assert!(std::os::unix::fs::FileTypeExt::is_fifo(&meta.file_type()));
    // /dev/null stays a device.
    run(&["values", "1,2,3", "--to", "9", "-o", "/dev/null"], 0);
    assert!(!std::fs::metadata("/dev/null").unwrap().is_file());
    // A device node of our own, where we may make one (root).
    let node = dir.path().join("null-node");
    let mknod =
        Command::new("mknod").arg(&node).args(["c", "1", "3"]).status();
    if mknod.is_ok_and(|s| s.success()) {
        run(
            &["values", "1,2,3", "--to", "9", "-o", node.to_str().unwrap()],
            0,
        );
        let meta = std::fs::symlink_metadata(&node).unwrap();
        assert!(std::os::unix::fs::FileTypeExt::is_char_device(
            &meta.file_type()
        ));
    }
    assert!(leftovers(dir.path()).is_empty());
}

/// Starts a long listing into `out`, waits until its temporary file
/// exists, and returns the child.
#[cfg(unix)]
fn long_listing(out: &Path) -> std::process::Child {
    let dir = out.parent().unwrap();
    let child = Command::new(assert_cmd::cargo::cargo_bin("grundy"))
        .args(["values", "1,2,3", "--to", "1000000000", "--csv", "-o"])
        .arg(out)
        .stdout(Stdio::null())
        .stderr(Stdio::piped())
        .spawn()
        .unwrap();
    let start = Instant::now();
    while leftovers(dir).is_empty() {
        assert!(
            start.elapsed() < Duration::from_secs(30),
            "no temporary file"
        );
        std::thread::sleep(Duration::from_millis(20));
    }
    std::thread::sleep(Duration::from_millis(200));
    child
}

#[cfg(unix)]
#[test]
fn signals_leave_no_temporary_file_and_the_target_untouched() {
    for signal in ["INT", "TERM", "HUP"] {
        let dir = tempfile::tempdir().unwrap();
        let out = dir.path().join("out.csv");
        std::fs::write(&out, "before").unwrap();
        let child = long_listing(&out);
        let killed = Command::new("kill")
            .args([&format!("-{signal}"), &child.id().to_string()])
            .status()
            .unwrap();
        assert!(killed.success());
        let done = child.wait_with_output().unwrap();
        assert_eq!(done.status.code(), Some(130), "SIG{signal}");
        assert_eq!(
            String::from_utf8_lossy(&done.stderr),
            "grundy: interrupted\n"
        );
        assert!(leftovers(dir.path()).is_empty(), "SIG{signal}");
        assert_eq!(std::fs::read_to_string(&out).unwrap(), "before");
    }
}

#[cfg(unix)]
#[test]
fn the_next_run_removes_what_kill_9_left() {
    let dir = tempfile::tempdir().unwrap();
    let out = dir.path().join("out.csv");
    let mut child = long_listing(&out);
    child.kill().unwrap(); // SIGKILL: no handler runs
    child.wait().unwrap();
    let left = leftovers(dir.path());
    assert_eq!(left.len(), 1, "{left:?}");
    // Someone else's file that looks alike stays.
    let other = dir.path().join("notes.tmp");
    std::fs::write(&other, "mine").unwrap();
    run(&["values", "1,2", "--to", "3", "-o", out.to_str().unwrap()], 0);
    assert_eq!(leftovers(dir.path()), vec![other]);
}

#[cfg(unix)]
#[test]
fn closed_stdout_is_an_error_and_a_closed_pipe_is_not() {
    // `>&-`: the shell closes stdout before running grundy.
    let bin = assert_cmd::cargo::cargo_bin("grundy");
    let out = Command::new("sh")
        .arg("-c")
        .arg(format!("'{}' values 1,2,3 >&-", bin.display()))
        .output()
        .unwrap();
    assert_eq!(out.status.code(), Some(2));
    let err = String::from_utf8(out.stderr).unwrap();
    assert_eq!(err.lines().count(), 1, "{err}");
    assert!(
        err.starts_with("grundy: cannot write the results: stdout is closed")
    );
    // `> /dev/null` (write-only, the same device): not an error.
    let out = Command::new("sh")
        .arg("-c")
        .arg(format!("'{}' values 1,2,3 > /dev/null", bin.display()))
        .output()
        .unwrap();
    assert!(out.status.success(), "{out:?}");
    assert!(out.stderr.is_empty());
    // `| head`: the reader goes away; not an error.
    let out = Command::new("sh")
        .arg("-c")
        .arg(format!(
            "'{}' values 1,2,3 --to 100000000 --csv | head -n 2",
            bin.display()
        ))
        .output()
        .unwrap();
    assert!(out.status.success());
    assert_eq!(
        String::from_utf8(out.stdout).unwrap(),
        "n,grundy,outcome\n0,0,P\n"
    );
    assert!(out.stderr.is_empty());
}

#[test]
fn a_closed_stderr_is_no_panic() {
    // The reader of stderr is gone before the message is written (as in
    // `2>&1 | head -0`): the message is lost, the exit code still says
    // what happened (it was 101, a panic in `eprintln!` on EPIPE).
    let bin = assert_cmd::cargo::cargo_bin("grundy");
    for (args, expected) in [
        (&["values", "1.07"][..], 2),
        (&["period", "0.6", "--max-positions", "1000"][..], 1),
    ] {
        let mut child = Command::new(&bin)
            .args(args)
            .stdout(std::process::Stdio::null())
            .stderr(std::process::Stdio::piped())
            .spawn()
            .unwrap();
        drop(child.stderr.take());
        let status = child.wait().unwrap();
        assert_eq!(status.code(), Some(expected), "{args:?}");
    }
}

#[test]
fn long_listings_match_the_library_report() {
    // The streamed JSON is the library's report byte for byte.
    for (set, misere) in
        [("2,3,7", false), ("all-but:2,3,6,8", false), ("1-3", true)]
    {
        let mut args = vec!["values", set, "--to", "5000", "--json"];
        if misere {
            args.push("--misere");
        }
        let (out, _) = run(&args, 0);
        let play =
            if misere { grundy::Play::Misere } else { grundy::Play::Normal };
        let report =
            grundy::ValuesReport::new(&set.parse().unwrap(), 5000, play)
                .unwrap();
        assert_eq!(out, serde_json::to_string(&report).unwrap() + "\n");
    }
}

/// Issue 37: `fit --from` read a line without a newline whole (1 GiB of
/// NULs took 4.1 GB of memory); a line past 1 MiB is refused as it is
/// read, in one line naming the file and the line, exit 2.
#[test]
fn issue_37_a_line_past_1_mib_is_refused() {
    let dir = tempfile::tempdir().unwrap();
    let long = dir.path().join("long.csv");
    let mut text = b"a,set,period\n1,1,2\n".to_vec();
    text.extend(std::iter::repeat_n(0u8, 3 << 20));
    std::fs::write(&long, &text).unwrap();
    let long = long.to_str().unwrap();
    for args in [
        vec!["fit", "--from", long, "--for", "period"],
        vec!["merge", long],
        vec!["merge", "-o", "merged.csv", long],
    ] {
        let (out, err) = run(&args, 2);
        assert!(out.is_empty(), "{args:?}: {out}");
        assert_eq!(
            err,
            format!(
                "grundy: \"{long}\" line 3 is longer than 1 MiB, which no row of a sweep file is; give a file that a sweep wrote\n"
            ),
            "{args:?}"
        );
    }
    // From stdin too.
    let out = crate::util::grundy(&["fit", "--from", "-", "--for", "period"])
        .write_stdin(text)
        .output()
        .unwrap();
    assert_eq!(out.status.code(), Some(2));
    assert_eq!(
        String::from_utf8_lossy(&out.stderr),
        "grundy: stdin line 3 is longer than 1 MiB, which no row of a sweep file is; give a file that a sweep wrote\n"
    );
}

/// Issue 37: `grundy merge` of an 18.7 MB gzip bomb took 8.3 GB. Zeros
/// without a newline stop at the first MiB; a bomb of short lines (gzip
/// members of 1 MiB of newlines, 2 GB in all) stops when it has
/// decompressed to 200 times what was read, within a memory limit of
/// 1 GB (`ulimit -v`) that the whole file would break.
#[test]
fn issue_37_gzip_bombs_are_refused_in_bounded_memory() {
    use grundy_sweep::Compression;
    let dir = tempfile::tempdir().unwrap();
    let zeros = dir.path().join("zeros.csv.gz");
    let packed = Compression::Gzip.encode(vec![0u8; 50 << 20]).unwrap();
    assert!(packed.len() < 1 << 20, "{} bytes", packed.len());
    std::fs::write(&zeros, packed).unwrap();
    let member = Compression::Gzip.encode(vec![b'\n'; 1 << 20]).unwrap();
    let lines = dir.path().join("lines.csv.gz");
    std::fs::write(&lines, member.repeat(2048)).unwrap();
    for (bomb, why) in [
        (&zeros, "line 1 is longer than 1 MiB"),
        (&lines, "decompresses to more than 200 times its size"),
    ] {
        let bomb = bomb.to_str().unwrap();
        for args in [
            vec!["merge", bomb],
            vec!["fit", "--from", bomb, "--for", "period"],
        ] {
            let started = Instant::now();
            let out = limited_memory(&args);
            let err = String::from_utf8_lossy(&out.stderr);
            assert_eq!(out.status.code(), Some(2), "{args:?}: {err}");
            assert!(err.starts_with(&format!("grundy: \"{bomb}\" ")), "{err}");
            assert!(err.contains(why), "{args:?}: {err}");
            assert_eq!(err.lines().count(), 1, "{err}");
            assert!(started.elapsed() < Duration::from_secs(20));
        }
    }
}

/// `grundy ARGS` with at most 1 GB of address space where the shell can
/// set it (Linux), else without a limit.
fn limited_memory(args: &[&str]) -> std::process::Output {
    let grundy = assert_cmd::cargo::cargo_bin("grundy");
    let mut cmd = if cfg!(target_os = "linux") {
        let mut sh = Command::new("sh");
        sh.args(["-c", "ulimit -v 1000000 && exec \"$0\" \"$@\""]).arg(grundy);
        sh
    } else {
        Command::new(grundy)
    };
    cmd.args(args).stdin(Stdio::null()).output().unwrap()
}

/// Runs `grundy ARGS` (stdin empty), ending it if it has not finished
/// within `limit`, which fails the test.
#[cfg(unix)]
fn finished_within(args: &[&str], limit: Duration) -> std::process::Output {
    let mut child = Command::new(assert_cmd::cargo::cargo_bin("grundy"))
        .args(args)
        .stdin(Stdio::null())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .unwrap();
    let started = Instant::now();
    while child.try_wait().unwrap().is_none() {
        if started.elapsed() > limit {
            child.kill().unwrap();
            child.wait().unwrap();
            panic!("grundy {args:?} still running after {limit:?}");
        }
        std::thread::sleep(Duration::from_millis(10));
    }
    child.wait_with_output().unwrap()
}

/// Issue 37 (review): with `FILE.values` a FIFO, `period CODE
/// --checkpoint FILE` opened it to write, waiting for a reader, while
/// the first signal only set the stop flag of the run (`timeout 2` let
/// it wait 5 s). Values that are not a regular file are refused at once,
/// whether the run starts or resumes.
#[cfg(unix)]
#[test]
fn issue_37_checkpoint_values_that_are_a_fifo_are_refused() {
    let dir = tempfile::tempdir().unwrap();
    let k = dir.path().join("k.json");
    let k = k.to_str().unwrap();
    let other = dir.path().join("o.json");
    let other = other.to_str().unwrap();
    run(&["values", "0.07", "--to", "100", "--checkpoint", other], 0);
    let made =
        Command::new("mkfifo").arg(format!("{k}.values")).status().unwrap();
    assert!(made.success());
    let expected = format!(
        "grundy: \"{k}.values\" is not a regular file, so cannot hold the values of checkpoint \"{k}\"; give another --checkpoint\n"
    );
    let period = ["period", "0.07", "--checkpoint", k];
    let values = ["values", "0.07", "--to", "100", "--checkpoint", k];
    for resume in [false, true] {
        if resume {
            std::fs::copy(other, k).unwrap();
        }
        for args in [&period[..], &values[..]] {
            let mut args = args.to_vec();
            if resume {
                args.push("--resume");
            }
            let out = finished_within(&args, Duration::from_secs(20));
            assert_eq!(out.status.code(), Some(2), "{args:?}");
            assert!(out.stdout.is_empty(), "{args:?}");
            assert_eq!(String::from_utf8_lossy(&out.stderr), expected);
        }
    }
}

/// Issue 37 (review): `values CODE --checkpoint FILE` stayed in graceful
/// mode while it wrote its listing, so a SIGTERM while a pipe nobody
/// read blocked the write only set a flag nobody looked at (`values 0.07
/// --to 60000 --checkpoint k.json | sleep 12` outlived it). Graceful
/// mode ends with the run: the signal ends the process (exit 130), the
/// run saved.
#[cfg(unix)]
#[test]
fn issue_37_a_signal_ends_a_listing_blocked_on_a_stalled_pipe() {
    use std::io::BufRead;
    let dir = tempfile::tempdir().unwrap();
    let k = dir.path().join("k.json");
    // 20,001 rows of 20 bytes or more: far past a pipe's 64 KiB.
    let mut child = Command::new(assert_cmd::cargo::cargo_bin("grundy"))
        .args(["values", "0.07", "--to", "20000", "--checkpoint"])
        .arg(&k)
        .stdin(Stdio::null())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .unwrap();
    // The run is saved, then the listing starts (and fills the pipe).
    let mut err = std::io::BufReader::new(child.stderr.take().unwrap());
    let mut line = String::new();
    err.read_line(&mut line).unwrap();
    assert!(line.starts_with("grundy: saved g(0) ... g(20000) in "), "{line}");
    std::thread::sleep(Duration::from_millis(300));
    assert!(child.try_wait().unwrap().is_none(), "the listing ended");
    let code = crate::util::signal_and_wait(&mut child, "TERM");
    assert_eq!(code, Some(130));
    let mut rest = String::new();
    std::io::Read::read_to_string(&mut err, &mut rest).unwrap();
    assert_eq!(rest, "grundy: interrupted\n");
    let resumed = run(
        &[
            "values",
            "0.07",
            "--to",
            "20000",
            "--csv",
            "--checkpoint",
            k.to_str().unwrap(),
            "--resume",
        ],
        0,
    );
    assert_eq!(resumed.0.lines().count(), 20002);
}

/// Issue 37: `--checkpoint FIFO --resume` waited for a writer, deaf to
/// the first signal; a checkpoint that is not a regular file is refused
/// at once.
#[cfg(unix)]
#[test]
fn issue_37_a_checkpoint_that_is_a_fifo_is_refused() {
    let dir = tempfile::tempdir().unwrap();
    let fifo = dir.path().join("state.json");
    let made = Command::new("mkfifo").arg(&fifo).status().unwrap();
    assert!(made.success());
    let fifo = fifo.to_str().unwrap();
    for command in ["period", "values"] {
        let mut args = vec![command, "0.07", "--checkpoint", fifo, "--resume"];
        if command == "values" {
            args.extend(["--to", "100"]);
        }
        let (out, err) = run(&args, 2);
        assert!(out.is_empty(), "{out}");
        assert_eq!(
            err,
            format!(
                "grundy: \"{fifo}\" is not a regular file, so not a checkpoint of grundy; give another --checkpoint\n"
            )
        );
    }
}
