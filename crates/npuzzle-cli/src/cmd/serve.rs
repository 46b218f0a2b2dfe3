//! `npuzzle serve`: the web app (crate `npuzzle-server`) on a local port.
//! The server is the cargo feature `serve` (on by default); a binary built
//! without it keeps the subcommand, which says how to get it.

use std::net::{IpAddr, Ipv4Addr};
use std::process::ExitCode;

use anyhow::Result;

use crate::input::parse_duration;

/// Arguments of `npuzzle serve` (read without the web app too, so that a
/// binary built without it refuses any `serve` command line the same way).
#[derive(clap::Args)]
#[cfg_attr(not(feature = "serve"), allow(dead_code))]
pub struct Args {
    /// Address to listen on (loopback unless you say otherwise, e.g. 0.0.0.0).
    #[arg(long, default_value_t = IpAddr::V4(Ipv4Addr::LOCALHOST))]
    pub bind: IpAddr,
    /// Port (0 picks a free one; the URL is printed either way).
    #[arg(long, default_value_t = 8080)]
    pub port: u16,
    /// Open the page in the default browser once the server listens.
    #[arg(long)]
    pub open: bool,
    /// Time budget of a search whose request names none.
    #[arg(long, value_name = "TIME", value_parser = parse_duration, default_value = "10s")]
    pub timeout: std::time::Duration,
    /// The longest time budget a request may ask for.
    #[arg(long, value_name = "TIME", value_parser = parse_duration, default_value = "60s")]
    pub max_timeout: std::time::Duration,
    /// Searches waiting for a free core before the server answers 503.
    #[arg(long, value_name = "N", default_value_t = 32)]
    pub queue: usize,
    #[command(flatten)]
    pub dir: crate::pdb_dir::DirArgs,
}

/// What a binary built without the web app says when asked to serve.
#[cfg(not(feature = "serve"))]
pub const NOT_BUILT: &str = "this npuzzle was built without the web app (the cargo feature `serve`); \
     reinstall with it: cargo install npuzzle-cli (default features), or build with --features serve";

/// Says that this binary has no web app.
#[cfg(not(feature = "serve"))]
pub fn run(_: Args) -> Result<ExitCode> {
    anyhow::bail!(NOT_BUILT)
}

/// Runs the server until Ctrl-C.
#[cfg(feature = "serve")]
pub fn run(args: Args) -> Result<ExitCode> {
    use anyhow::Context;
    use std::net::SocketAddr;

    let mut config = npuzzle_server::Config::default();
    config.addr = SocketAddr::new(args.bind, args.port);
    config.default_timeout = args.timeout.min(args.max_timeout);
    config.max_timeout = args.max_timeout;
    config.queue = args.queue;
    config.pdb_dir = args.dir.resolve();
    let open = args.open;
    npuzzle_server::run(config, |url| {
        println!("npuzzle: serving {url} (Ctrl-C stops)");
        if open {
            open_browser(url);
        }
    })
    .with_context(|| format!("serving on {}:{}", args.bind, args.port))?;
    Ok(ExitCode::SUCCESS)
}

/// Asks the desktop to open `url`; says so when it cannot.
#[cfg(feature = "serve")]
fn open_browser(url: &str) {
    let opener = if cfg!(target_os = "macos") {
        "open"
    } else if cfg!(windows) {
        "explorer"
    } else {
        "xdg-open"
    };
    if let Err(e) = std::process::Command::new(opener).arg(url).spawn() {
        eprintln!("npuzzle: could not open a browser ({opener}: {e}); open {url} yourself");
    }
}
