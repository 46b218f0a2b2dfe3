//! # npuzzle-server
//!
//! `npuzzle serve`: a local web app to play sliding-tile puzzles, ask for
//! exact hints and watch optimal solutions. One page (HTML, CSS and JS
//! modules embedded in the binary: no build step, nothing fetched at run
//! time) and a JSON API whose answers are the library's typed records
//! ([`npuzzle::record`]), the same `{"type": …, "data": {…}}` lines as the
//! command line's `--json`.
//!
//! | method and path | request | answer |
//! | --- | --- | --- |
//! | `POST /api/board` | `board`, `size`?, `goal`? | `board` (read and written back, or 400) |
//! | `POST /api/solve` | `board`, `size`?, `goal`?, `algorithm`?, `heuristic`?, `timeout_ms`?, `max_nodes`?, `max_memory`?, `count`?, `limit`?, `improve`? | `solution` |
//! | `POST /api/hint` | the same | `hint` |
//! | `POST /api/random` | `size`?, `goal`?, `distance`?, `seed`? | `board` |
//! | `POST /api/compare` | `board`, `size`?, `goal`?, `timeout_ms`?, `max_nodes`? | `compare` |
//! | `GET /api/stats?size=3x3&goal=…` | | `distribution` |
//! | `GET /api/health` | | `{"status":"ok","searches":N}`, and `unusable_databases` when a `.pdb` file met cannot be used |
//! | `GET /api/limits` | | `limits` ([`npuzzle_service::limits::LimitsRecord`]: the board sizes each answer takes, the time budgets) |
//!
//! The fields besides `board` are the service's
//! [`Options`](npuzzle_service::Options), the browser package's too.
//!
//! Bad input answers 400 with an `error` record whose message is the
//! command line's; a body over 64 KiB 413. What the library refuses without
//! searching (a board over the size limit of the algorithm asked, a
//! heuristic that cannot be built for it, databases not loaded, a hint or a
//! count where the algorithm is greedy) is answered 400 before the request
//! is queued, however busy the workers are. The order is the service's
//! ([`npuzzle_service::plan`]): a board of the wrong parity is answered
//! "unsolvable", then a board at its goal 0 moves, by every algorithm and
//! without queueing, before any limit is applied (but databases asked for
//! and missing from `pdb_dir` are reported first: the goal's solver is made
//! before the board is read); a `distance` for
//! `/api/random` past the farthest board is refused naming the farthest,
//! without queueing once the shape's table is built (by `/api/stats` or the
//! first such request). Work that is more than a table
//! lookup runs on the blocking pool under a per-request budget, at most
//! [`Config::workers`] at once, the others waiting in a queue of
//! [`Config::queue`] (past it: 503 with `Retry-After`); a search whose client
//! goes away is cancelled. See [`pool`]. `improve: true` spends what is left
//! of the request's time budget shortening a constructive (`greedy`)
//! solution (the record's `improved_from` and `start` say from what).
//!
//! ```no_run
//! let config = npuzzle_server::Config::default();
//! npuzzle_server::run(config, |url| println!("{url}"))?;
//! # Ok::<(), std::io::Error>(())
//! ```

#![deny(missing_docs)]

use std::net::{Ipv4Addr, SocketAddr};
use std::path::PathBuf;
use std::sync::Arc;
use std::time::Duration;

mod api;
mod assets;
mod error;
pub mod pool;
mod request;

/// How the server runs. Build it from the default and set fields:
/// `let mut c = Config::default(); c.addr = …;`.
#[derive(Debug, Clone)]
#[non_exhaustive]
pub struct Config {
    /// Where to listen: loopback port 8080 by default; port 0 picks a free one.
    pub addr: SocketAddr,
    /// Where pattern databases are looked for (`None`: none are read).
    pub pdb_dir: Option<PathBuf>,
    /// A request's time budget when it names none (10 s).
    pub default_timeout: Duration,
    /// The largest time budget a request may ask for (60 s).
    pub max_timeout: Duration,
    /// Memory one search may hold in its own structures (1 GiB).
    pub max_memory: u64,
    /// Searches running at once (default: one per core).
    pub workers: usize,
    /// Searches waiting for a worker before the server answers 503 (default 32).
    pub queue: usize,
}

impl Default for Config {
    fn default() -> Self {
        Config {
            addr: SocketAddr::from((Ipv4Addr::LOCALHOST, 8080)),
            pdb_dir: None,
            default_timeout: Duration::from_secs(10),
            max_timeout: Duration::from_secs(60),
            max_memory: 1 << 30,
            workers: npuzzle_service::sync::all_cores(),
            queue: 32,
        }
    }
}

/// Largest request body accepted (a bigger one is answered 413).
pub const MAX_BODY: usize = 64 * 1024;

/// A bound listener with the app ready to serve.
pub struct Server {
    listener: tokio::net::TcpListener,
    app: axum::Router,
}

impl Server {
    /// Binds `config.addr` and prepares the app (databases are opened on
    /// first use and then shared by every request).
    pub async fn bind(config: Config) -> std::io::Result<Server> {
        let listener = tokio::net::TcpListener::bind(config.addr).await?;
        let state = Arc::new(api::AppState::new(config));
        Ok(Server {
            listener,
            app: api::router(state),
        })
    }

    /// The address actually bound (the port chosen when 0 was asked for).
    pub fn local_addr(&self) -> std::io::Result<SocketAddr> {
        self.listener.local_addr()
    }

    /// Serves until `shutdown` completes.
    pub async fn serve_until(
        self,
        shutdown: impl std::future::Future<Output = ()> + Send + 'static,
    ) -> std::io::Result<()> {
        axum::serve(self.listener, self.app)
            .with_graceful_shutdown(shutdown)
            .await
    }
}

/// Runs the server on a runtime of its own until Ctrl-C, calling `ready`
/// with the page's URL once it listens.
pub fn run(config: Config, ready: impl FnOnce(&str)) -> std::io::Result<()> {
    let runtime = tokio::runtime::Builder::new_multi_thread().enable_all().build()?;
    runtime.block_on(async move {
        let server = Server::bind(config).await?;
        ready(&url(server.local_addr()?));
        server
            .serve_until(async {
                // If the signal handler cannot be installed, serve until killed.
                if tokio::signal::ctrl_c().await.is_err() {
                    std::future::pending::<()>().await;
                }
            })
            .await
    })
}

/// The page's URL for a bound address (an unspecified address is shown as loopback).
pub fn url(addr: SocketAddr) -> String {
    let host = match addr.ip() {
        ip if ip.is_unspecified() && ip.is_ipv4() => "127.0.0.1".to_string(),
        ip if ip.is_unspecified() => "[::1]".to_string(),
        std::net::IpAddr::V6(ip) => format!("[{ip}]"),
        std::net::IpAddr::V4(ip) => ip.to_string(),
    };
    format!("http://{host}:{}/", addr.port())
}
