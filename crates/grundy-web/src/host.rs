//! Answering only requests addressed to this machine, against DNS
//! rebinding.
//!
//! A page on any web site can make the browser send plain GET requests
//! to a name it controls, and then point that name at 127.0.0.1: the
//! browser treats the answers as the site's own, so the site could drive
//! the explorer. Such requests carry the site's name in their `Host`
//! header. The explorer therefore answers only requests whose host is
//! `localhost`, a loopback address (127.0.0.0/8, `[::1]`), the address it
//! listens on (any IP address when it listens on all of them: an address
//! typed in the browser cannot be rebound), or a name the user allowed;
//! anything else gets 421 with the API's JSON error. The user can turn
//! the check off (`Hosts::Any`, `grundy serve --allow-any-host`).
//!
//! Local development servers defend themselves the same way, for example
//! webpack-dev-server (`allowedHosts`) and the Jupyter notebook server
//! (`allow_remote_access`).

use std::net::IpAddr;
use std::sync::Arc;

use axum::extract::{Request, State};
use axum::http::{StatusCode, Version, header};
use axum::middleware::Next;
use axum::response::{IntoResponse, Response};

use crate::error::ApiError;

/// Which `Host` headers the explorer answers.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Hosts {
    /// `localhost`, loopback addresses, the listening address, and these
    /// names (a port is ignored; compared ignoring case).
    Local(Vec<String>),
    /// Any host: the check is off.
    Any,
}

impl Default for Hosts {
    /// Loopback names and addresses and the listening address only.
    fn default() -> Hosts {
        Hosts::Local(Vec::new())
    }
}

/// The check, with the address the server listens on.
#[derive(Debug)]
pub struct HostCheck {
    names: Vec<String>,
    bound: IpAddr,
}

impl HostCheck {
    /// `None` when `hosts` lets every request through.
    pub fn new(hosts: &Hosts, bound: IpAddr) -> Option<HostCheck> {
        let names = match hosts {
            Hosts::Any => return None,
            Hosts::Local(names) => names,
        };
        let names = names.iter().map(|n| normal(n).to_string()).collect();
        Some(HostCheck { names, bound })
    }

    /// Whether a request for `host` (a `Host` header or the authority of
    /// an absolute URI) may be answered.
    pub fn allows(&self, host: &str) -> bool {
        let name = normal(host);
        if name == "localhost" || self.names.contains(&name) {
            return true;
        }
        let Ok(ip) = name.parse::<IpAddr>() else { return false };
        let ip = ip.to_canonical();
        ip.is_loopback() || ip == self.bound || self.bound.is_unspecified()
    }

    fn refusal(&self, host: &str) -> ApiError {
        let bound = match self.bound {
            ip if ip.is_loopback() || ip.is_unspecified() => String::new(),
            IpAddr::V4(ip) => format!(", {ip}"),
            IpAddr::V6(ip) => format!(", [{ip}]"),
        };
        let name = normal(host);
        ApiError::new(
            StatusCode::MISDIRECTED_REQUEST,
            format!(
                "host \"{name}\" is not this explorer's: it answers only to localhost, 127.0.0.1, [::1]{bound} (so that other web sites cannot reach it through DNS rebinding); `grundy serve --allow-host {name}` allows this name"
            ),
        )
    }
}

/// `host` without its port, trailing dot or case: `LocalHost.:80` is
/// `localhost`, `[::1]:3131` is `::1`.
fn normal(host: &str) -> String {
    let host = host.trim();
    let name = if let Some(rest) = host.strip_prefix('[') {
        rest.split(']').next().unwrap_or(rest)
    } else {
        match host.rsplit_once(':') {
            Some((name, port))
                if !name.contains(':')
                    && port.bytes().all(|b| b.is_ascii_digit()) =>
            {
                name
            }
            _ => host,
        }
    };
    name.trim_end_matches('.').to_ascii_lowercase()
}

/// The middleware: refuses requests for other hosts before any handler.
pub async fn check(
    State(check): State<Arc<HostCheck>>,
    request: Request,
    next: Next,
) -> Response {
    let from_uri = request.uri().authority().map(|a| a.as_str().to_string());
    let header = request.headers().get(header::HOST).map(|h| h.to_str());
    let host = match (from_uri, header) {
        (Some(authority), _) => authority,
        (None, Some(Ok(h))) => h.to_string(),
        (None, Some(Err(_))) => {
            return ApiError::new(
                StatusCode::BAD_REQUEST,
                "the Host header is not text; send the server's name",
            )
            .into_response();
        }
        (None, None) if request.version() <= Version::HTTP_10 => {
            return next.run(request).await;
        }
        (None, None) => {
            return ApiError::new(
                StatusCode::BAD_REQUEST,
                "the request has no Host header; HTTP/1.1 requires one",
            )
            .into_response();
        }
    };
    if check.allows(&host) {
        next.run(request).await
    } else {
        check.refusal(&host).into_response()
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use std::net::{Ipv4Addr, Ipv6Addr};

    fn local(bound: IpAddr) -> HostCheck {
        HostCheck::new(&Hosts::Local(vec!["Explorer.Lan".into()]), bound)
            .unwrap()
    }

    #[test]
    fn loopback_names_and_addresses() {
        let check = local(IpAddr::V4(Ipv4Addr::LOCALHOST));
        for good in [
            "localhost",
            "LOCALHOST:3131",
            "localhost.",
            "127.0.0.1:3131",
            "127.9.8.7",
            "[::1]:3131",
            "[::ffff:127.0.0.1]",
            "explorer.lan:80",
        ] {
            assert!(check.allows(good), "{good}");
        }
        for bad in [
            "evil.example",
            "evil.example:3131",
            "localhost.evil.example",
            "127.0.0.1.evil.example",
            "10.0.0.1",
            "[::2]",
            "",
        ] {
            assert!(!check.allows(bad), "{bad}");
        }
    }

    #[test]
    fn the_listening_address() {
        let lan = IpAddr::V4(Ipv4Addr::new(192, 168, 1, 5));
        let check = local(lan);
        assert!(check.allows("192.168.1.5:3131"));
        assert!(!check.allows("192.168.1.6:3131"));
        // Listening on every address: any address, but still no names.
        let check = local(IpAddr::V6(Ipv6Addr::UNSPECIFIED));
        assert!(check.allows("192.168.1.6:3131"));
        assert!(check.allows("[fe80::1]"));
        assert!(!check.allows("evil.example"));
    }

    #[test]
    fn opting_out() {
        assert!(
            HostCheck::new(&Hosts::Any, IpAddr::V4(Ipv4Addr::LOCALHOST))
                .is_none()
        );
    }

    #[test]
    fn the_refusal_names_the_host_and_the_flag() {
        let check = local(IpAddr::V4(Ipv4Addr::new(192, 168, 1, 5)));
        insta::assert_snapshot!(check.refusal("Evil.Example:3131").message, @r#"host "evil.example" is not this explorer's: it answers only to localhost, 127.0.0.1, [::1], 192.168.1.5 (so that other web sites cannot reach it through DNS rebinding); `grundy serve --allow-host evil.example` allows this name"#);
    }
}
