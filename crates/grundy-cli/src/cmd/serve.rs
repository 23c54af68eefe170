//! `grundy serve`: the web explorer on this machine (crate `grundy-web`).
//!
//! Binds to 127.0.0.1 unless `--bind` says otherwise (with a warning on
//! stderr, since the API has no authentication), answers only requests
//! addressed to this machine unless told otherwise (`--allow-host`,
//! `--allow-any-host`: the defence against DNS rebinding), prints the URL
//! on stdout, and serves until Ctrl-C.

use std::io::Write;
use std::net::{IpAddr, Ipv4Addr, SocketAddr};
use std::process::ExitCode;
use std::time::Duration;

use anyhow::Context;
use clap::Args;

#[derive(Debug, Args)]
pub struct ServeArgs {
    /// The TCP port (0 picks a free one).
    #[arg(long, value_name = "N", default_value_t = 3131)]
    pub port: u16,
    /// The address to listen on. Anything but a loopback address makes
    /// the explorer reachable from other machines.
    #[arg(long, value_name = "ADDR", default_value_t = IpAddr::V4(Ipv4Addr::LOCALHOST))]
    pub bind: IpAddr,
    /// Positions one request's period search may generate.
    #[arg(long, value_name = "N", default_value_t = grundy_web::DEFAULT_MAX_POSITIONS)]
    pub max_positions: u64,
    /// Seconds one request may take (a huge number means no limit).
    #[arg(long, value_name = "SECONDS", default_value_t = 10.0)]
    pub timeout: f64,
    /// Positions a misère sum search or a game may store, per request.
    #[arg(long, value_name = "N", default_value_t = grundy_web::DEFAULT_MAX_STATES)]
    pub max_states: usize,
    /// Computations that may run at once in the long lane, and a quarter
    /// of the places of the quick lane, where each starts for 25 ms of
    /// work (default and at most: the number of cores).
    #[arg(long, value_name = "N")]
    pub workers: Option<usize>,
    /// Also answer requests for this host name (repeatable). By default
    /// the explorer answers only requests for localhost, loopback
    /// addresses and the --bind address, so that a web page elsewhere
    /// cannot drive it through DNS rebinding.
    #[arg(long, value_name = "NAME")]
    pub allow_host: Vec<String>,
    /// Answer requests for any host name: turns the DNS-rebinding check
    /// off (for a reverse proxy that rewrites nothing, say).
    #[arg(long, conflicts_with = "allow_host")]
    pub allow_any_host: bool,
}

pub fn run(args: ServeArgs) -> anyhow::Result<ExitCode> {
    let timeout = crate::args::seconds(args.timeout, "--timeout")?;
    if args.workers == Some(0) {
        anyhow::bail!("--workers 0 would never compute; use at least 1");
    }
    let defaults = grundy_web::ServerLimits::default();
    let cores = defaults.workers;
    let workers = match args.workers {
        Some(n) if n > cores => {
            report!(
                "grundy: warning: --workers {n} is more than the {cores} cores; using {cores}"
            );
            cores
        }
        Some(n) => n,
        None => cores,
    };
    let budget = grundy_web::ServerLimits {
        max_positions: args.max_positions,
        // Too long to represent: no limit.
        timeout: timeout.unwrap_or(Duration::MAX),
        max_states: args.max_states.max(1),
        workers,
        ..defaults
    };
    let hosts = if args.allow_any_host {
        grundy_web::Hosts::Any
    } else {
        grundy_web::Hosts::Local(args.allow_host)
    };
    if !args.bind.is_loopback() {
        report!(
            "grundy: warning: listening on {}, reachable from other machines; the explorer has no authentication",
            args.bind
        );
    }
    super::serve_memory::return_freed_memory();
    let runtime = tokio::runtime::Builder::new_multi_thread()
        .enable_all()
        .build()
        .context("cannot start the async runtime")?;
    runtime.block_on(async move {
        let addr = SocketAddr::new(args.bind, args.port);
        let listener =
            tokio::net::TcpListener::bind(addr).await.with_context(|| {
                format!(
                    "cannot listen on {addr}; is the port in use? try --port 0"
                )
            })?;
        let local = listener.local_addr()?;
        let mut stdout = std::io::stdout().lock();
        writeln!(stdout, "grundy serve: listening on http://{local}/")?;
        stdout.flush()?;
        drop(stdout);
        let shutdown = async {
            let _ = tokio::signal::ctrl_c().await;
        };
        grundy_web::serve_with(listener, budget, hosts, shutdown)
            .await
            .context("the server stopped")?;
        Ok(ExitCode::SUCCESS)
    })
}
