//! `grundy serve`: the real binary on an ephemeral port. The API must
//! answer with the very objects `grundy period/values --json` print and
//! with the CLI's error words. See: issue 6.

use std::io::{BufRead, BufReader, Read, Write};
use std::net::TcpStream;
use std::process::{Child, Stdio};

use serde_json::Value;

use crate::util::{json, run};

/// A running `grundy serve`, killed when dropped.
struct Server {
    child: Child,
    addr: String,
    stderr: std::process::ChildStderr,
}

impl Server {
    fn start(args: &[&str]) -> Server {
        let bin = assert_cmd::cargo::cargo_bin("grundy");
        let mut child = std::process::Command::new(bin)
            .arg("serve")
            .args(args)
            .stdout(Stdio::piped())
            .stderr(Stdio::piped())
            .spawn()
            .unwrap();
        let mut line = String::new();
        BufReader::new(child.stdout.take().unwrap())
            .read_line(&mut line)
            .unwrap();
        let url = line
            .trim()
            .strip_prefix("grundy serve: listening on ")
            .unwrap_or_else(|| panic!("unexpected first line {line:?}"));
        let addr = url
            .strip_prefix("http://")
            .and_then(|a| a.strip_suffix('/'))
            .unwrap()
            .to_string();
        let stderr = child.stderr.take().unwrap();
        Server { child, addr, stderr }
    }

    fn get(&self, target: &str) -> (u16, Value) {
        let addr = self.addr.replace("0.0.0.0", "127.0.0.1");
        self.get_as(&addr, target)
    }

    /// A request with `Host: host`.
    fn get_as(&self, host: &str, target: &str) -> (u16, Value) {
        let addr = self.addr.replace("0.0.0.0", "127.0.0.1");
        let mut s = TcpStream::connect(&addr).unwrap();
        write!(
            s,
            "GET {target} HTTP/1.1\r\nHost: {host}\r\nConnection: close\r\n\r\n"
        )
        .unwrap();
        let mut raw = String::new();
        s.read_to_string(&mut raw).unwrap();
        let (head, body) = raw.split_once("\r\n\r\n").unwrap();
        (head[9..12].parse().unwrap(), serde_json::from_str(body).unwrap())
    }
}

impl Drop for Server {
    fn drop(&mut self) {
        let _ = self.child.kill();
        let _ = self.child.wait();
    }
}

fn timeless(mut v: Value) -> Value {
    v.as_object_mut().unwrap().remove("seconds");
    v
}

#[test]
fn api_objects_equal_cli_json() {
    let server = Server::start(&["--port", "0"]);
    assert!(server.addr.starts_with("127.0.0.1:"), "{}", server.addr);
    for set in ["2,3,7", "1..3,7", "3,5"] {
        let cli = json(&["period", set, "--json"]);
        let (status, web) = server.get(&format!("/api/period?set={set}"));
        assert_eq!(status, 200);
        assert_eq!(timeless(web), timeless(cli), "{set}");
        let cli = json(&["period", set, "--json", "--misere"]);
        let (_, web) =
            server.get(&format!("/api/period?set={set}&misere=true"));
        assert_eq!(timeless(web), timeless(cli), "{set} misère");
        let cli = json(&["values", set, "--to", "50", "--json"]);
        let (_, web) = server.get(&format!("/api/values?set={set}&to=50"));
        assert_eq!(web, cli, "{set}");
        let cli = json(&["values", set, "--to", "50", "--json", "--misere"]);
        let (_, web) =
            server.get(&format!("/api/values?set={set}&to=50&misere=true"));
        assert_eq!(web, cli, "{set} misère");
    }
    let cli =
        json(&["heap", "2,3,7", "123456789012345678901234567890", "--json"]);
    let (_, web) =
        server.get("/api/heap?set=2,3,7&n=123456789012345678901234567890");
    assert_eq!(web, cli);
    let cli =
        json(&["sum", "1,2,3:10", "2,3:7", "nim:5", "--json", "--misere"]);
    let (_, web) =
        server.get("/api/sum?heaps=1,2,3:10;2,3:7;nim:5&misere=true");
    assert_eq!(web, cli);
}

#[test]
fn api_errors_use_the_cli_words() {
    let server = Server::start(&["--port", "0"]);
    for (set, code) in [
        ("0,1", 400),
        ("1,two", 400),
        ("5-2", 400),
        ("-3,1", 400),
        ("1,20000000", 422),
    ] {
        let (_, cli) = run(&["period", set], 2);
        let cli = cli.trim_end().strip_prefix("grundy: ").unwrap().to_string();
        let (status, web) = server.get(&format!("/api/period?set={set}"));
        assert_eq!(status, code, "{set}");
        assert_eq!(web["error"], cli.as_str(), "{set}");
        assert_eq!(web["field"], "set");
    }
}

#[test]
fn other_addresses_warn() {
    let mut server = Server::start(&["--port", "0", "--bind", "0.0.0.0"]);
    assert!(server.addr.starts_with("0.0.0.0:"), "{}", server.addr);
    let (status, _) = server.get("/api/values?set=1");
    assert_eq!(status, 200);
    let _ = server.child.kill();
    let mut err = String::new();
    server.stderr.read_to_string(&mut err).unwrap();
    insta::assert_snapshot!(err.trim_end(), @"grundy: warning: listening on 0.0.0.0, reachable from other machines; the explorer has no authentication");
}

#[test]
fn other_hosts_need_a_flag() {
    // The defence against DNS rebinding (issue 14): a page elsewhere that
    // points its own name at 127.0.0.1 is refused.
    let target = "/api/values?set=1";
    let server = Server::start(&["--port", "0"]);
    assert_eq!(server.get_as("localhost", target).0, 200);
    let (status, body) = server.get_as("rebind.example", target);
    assert_eq!(status, 421);
    insta::assert_snapshot!(body["error"].as_str().unwrap(), @r#"host "rebind.example" is not this explorer's: it answers only to localhost, 127.0.0.1, [::1] (so that other web sites cannot reach it through DNS rebinding); `grundy serve --allow-host rebind.example` allows this name"#);
    let server =
        Server::start(&["--port", "0", "--allow-host", "rebind.example"]);
    assert_eq!(server.get_as("rebind.example", target).0, 200);
    assert_eq!(server.get_as("other.example", target).0, 421);
    let server = Server::start(&["--port", "0", "--allow-any-host"]);
    assert_eq!(server.get_as("other.example", target).0, 200);
}

#[test]
fn bad_flags() {
    let (_, err) = run(&["serve", "--timeout", "0"], 2);
    insta::assert_snapshot!(err.trim_end(), @r#"grundy: --timeout "0" must be a positive number of seconds"#);
    let (_, err) = run(&["serve", "--workers", "0"], 2);
    insta::assert_snapshot!(err.trim_end(), @"grundy: --workers 0 would never compute; use at least 1");
}

/// The server's resident memory, from /proc (Linux).
#[cfg(target_os = "linux")]
fn resident_kib(pid: u32) -> u64 {
    let status =
        std::fs::read_to_string(format!("/proc/{pid}/status")).unwrap();
    let line = status.lines().find(|l| l.starts_with("VmRSS:")).unwrap();
    line.split_whitespace().nth(1).unwrap().parse().unwrap()
}

/// Freed memory goes back to the system (issue 14, "memory grows ...:
/// find out why"): glibc kept the large blocks of requests like these in
/// its arenas: 137 MB after three rounds of these in a release build,
/// 152 MB in a debug one; 7 MB now.
#[cfg(all(target_os = "linux", target_env = "gnu"))]
#[test]
fn large_requests_leave_no_memory_behind() {
    let server = Server::start(&["--port", "0", "--timeout", "1"]);
    for _ in 0..3 {
        for target in [
            "/api/heap?set=1-1000000&n=5",
            "/api/heap?set=1-2000000&n=5",
            "/api/heap?set=1-3000000&n=5",
            "/api/period?set=1-1000000",
        ] {
            let (status, body) = server.get(target);
            assert!([200, 422, 503].contains(&status), "{target}: {body}");
        }
    }
    let kib = resident_kib(server.child.id());
    assert!(kib < 32 * 1024, "{kib} KiB resident after the requests");
}
