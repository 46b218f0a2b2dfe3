//! Builds what cargo alone does not.
//!
//! `cargo xtask web --out DIR` writes
//! - `DIR/npm/`: the npm package `npuzzle` as `npm pack` packs it — the
//!   engine compiled for `wasm32-unknown-unknown`, its JavaScript glue from
//!   `wasm-bindgen` (which must be the version `crates/npuzzle-wasm` pins),
//!   and the hand-written entry points, types and README of
//!   `crates/npuzzle-wasm/npm/`, at the workspace's version;
//! - `DIR/site/`: the page of `crates/npuzzle-server/static/` running on that
//!   package in a Web Worker, with a service worker that keeps every file for
//!   offline use: static files for any static file server.

use std::fs;
use std::path::{Path, PathBuf};
use std::process::Command;

use anyhow::{bail, ensure, Context, Result};

const USAGE: &str = "usage: cargo xtask web --out DIR";

/// The cargo profile the engine is built with for the package (the root
/// manifest's `[profile.wasm]`).
const PROFILE: &str = "wasm";

fn main() -> Result<()> {
    let args: Vec<String> = std::env::args().skip(1).collect();
    match args.iter().map(String::as_str).collect::<Vec<_>>().as_slice() {
        ["web", "--out", out] => web(Path::new(out)),
        _ => bail!("{USAGE}"),
    }
}

/// The workspace's root directory.
fn root() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR"))
        .parent()
        .map_or_else(|| PathBuf::from("."), Path::to_path_buf)
}

fn web(out: &Path) -> Result<()> {
    let root = root();
    let version = workspace_version(&root)?;
    let bindgen = pinned_bindgen(&root)?;
    check_bindgen(&bindgen)?;

    let cargo = std::env::var("CARGO").unwrap_or_else(|_| "cargo".into());
    let target = "wasm32-unknown-unknown";
    // The workspace's `wasm` profile: what a page downloads, so optimised for size.
    run(Command::new(&cargo)
        .args([
            "build",
            "--profile",
            PROFILE,
            "--package",
            "npuzzle-wasm",
            "--target",
            target,
        ])
        .current_dir(&root))?;
    let target_dir = std::env::var_os("CARGO_TARGET_DIR").map_or_else(|| root.join("target"), PathBuf::from);
    let wasm = target_dir.join(target).join(PROFILE).join("npuzzle_wasm.wasm");

    // The package.
    let npm = out.join("npm");
    fresh(&npm)?;
    let source = root.join("crates/npuzzle-wasm/npm");
    for file in package_files(&source)? {
        if file.starts_with("wasm/") {
            continue; // generated below
        }
        copy(&source.join(&file), &npm.join(&file))?;
    }
    let manifest = read(&source.join("package.json"))?;
    let manifest = set_version(&manifest, &version)?;
    fs::write(npm.join("package.json"), manifest)?;
    run(Command::new("wasm-bindgen")
        .args([
            "--target",
            "web",
            "--no-typescript",
            "--out-name",
            "npuzzle_wasm",
            "--out-dir",
        ])
        .arg(npm.join("wasm"))
        .arg(&wasm))?;

    // The site.
    let site = out.join("site");
    fresh(&site)?;
    let page = root.join("crates/npuzzle-server/static");
    for entry in fs::read_dir(&page).with_context(|| format!("listing {}", page.display()))? {
        let path = entry?.path();
        let name = path.file_name().map(PathBuf::from).unwrap_or_default();
        copy(&path, &site.join(name))?;
    }
    let index = read(&site.join("index.html"))?;
    let marker = r#"<meta name="npuzzle-engine" content="server">"#;
    ensure!(
        index.contains(marker),
        "index.html has no {marker} to switch to the browser's engine"
    );
    fs::write(
        site.join("index.html"),
        index.replace(marker, r#"<meta name="npuzzle-engine" content="wasm">"#),
    )?;
    for file in [
        "index.js",
        "api.js",
        "worker.js",
        "worker-main.js",
        "wasm/npuzzle_wasm.js",
        "wasm/npuzzle_wasm_bg.wasm",
    ] {
        copy(&npm.join(file), &site.join("npuzzle").join(file))?;
    }
    service_worker(&root, &site)?;
    println!("wrote {} and {}", npm.display(), site.display());
    Ok(())
}

/// `sw.js`: the template with the site's files and a version that changes
/// whenever one of them does (so an updated site replaces the old cache).
fn service_worker(root: &Path, site: &Path) -> Result<()> {
    let mut files = Vec::new();
    list(site, site, &mut files)?;
    files.sort();
    let mut hash = 0xcbf2_9ce4_8422_2325_u64; // FNV-1a over names and bytes
    for file in &files {
        for byte in file.bytes().chain(fs::read(site.join(file))?) {
            hash = (hash ^ u64::from(byte)).wrapping_mul(0x100_0000_01b3);
        }
    }
    let mut urls = vec!["./".to_string()];
    urls.extend(files.iter().map(|f| format!("./{f}")));
    let quoted: Vec<String> = urls.iter().map(|u| format!("'{u}'")).collect();
    let template = read(&root.join("crates/npuzzle-wasm/site/sw.js"))?;
    ensure!(
        template.contains("__FILES__") && template.contains("__VERSION__"),
        "sw.js template lost its placeholders"
    );
    let script = template
        .replace("__FILES__", &format!("[{}]", quoted.join(", ")))
        .replace("__VERSION__", &format!("{hash:016x}"));
    fs::write(site.join("sw.js"), script)?;
    Ok(())
}

/// Every file under `dir`, relative to `base`, with `/` separators.
fn list(base: &Path, dir: &Path, files: &mut Vec<String>) -> Result<()> {
    for entry in fs::read_dir(dir)? {
        let path = entry?.path();
        if path.is_dir() {
            list(base, &path, files)?;
        } else if let Ok(relative) = path.strip_prefix(base) {
            let parts: Vec<String> = relative.iter().map(|p| p.to_string_lossy().into_owned()).collect();
            files.push(parts.join("/"));
        }
    }
    Ok(())
}

/// The `files` of the package's manifest.
fn package_files(source: &Path) -> Result<Vec<String>> {
    let manifest = read(&source.join("package.json"))?;
    let start = manifest.find("\"files\"").context("package.json has no \"files\"")?;
    let open = start + manifest[start..].find('[').context("\"files\" is not a list")?;
    let close = open + manifest[open..].find(']').context("\"files\" is not closed")?;
    Ok(manifest[open + 1..close]
        .split(',')
        .map(|f| f.trim().trim_matches('"').to_string())
        .filter(|f| !f.is_empty())
        .collect())
}

/// The manifest with its `"version"` set to `version`.
fn set_version(manifest: &str, version: &str) -> Result<String> {
    let key = "\"version\": \"";
    let start = manifest.find(key).context("package.json has no \"version\"")? + key.len();
    let end = start
        + manifest[start..]
            .find('"')
            .context("package.json's version is not closed")?;
    Ok(format!("{}{version}{}", &manifest[..start], &manifest[end..]))
}

/// `[workspace.package] version` of the root manifest.
fn workspace_version(root: &Path) -> Result<String> {
    let manifest = read(&root.join("Cargo.toml"))?;
    let section = manifest
        .split("[workspace.package]")
        .nth(1)
        .context("Cargo.toml has no [workspace.package]")?;
    quoted_value(section, "version").context("[workspace.package] has no version")
}

/// The exact wasm-bindgen version `crates/npuzzle-wasm` depends on (`=X.Y.Z`).
fn pinned_bindgen(root: &Path) -> Result<String> {
    let manifest = read(&root.join("crates/npuzzle-wasm/Cargo.toml"))?;
    let pinned =
        quoted_value(&manifest, "wasm-bindgen").context("crates/npuzzle-wasm does not depend on wasm-bindgen")?;
    pinned
        .strip_prefix('=')
        .map(str::to_string)
        .context("crates/npuzzle-wasm must pin wasm-bindgen exactly (\"=X.Y.Z\")")
}

/// The glue generator on PATH is the version the crate was built with: the
/// two must agree byte for byte on the interface between them.
fn check_bindgen(pinned: &str) -> Result<()> {
    let output = Command::new("wasm-bindgen")
        .arg("--version")
        .output()
        .with_context(|| {
            format!("running wasm-bindgen: install it with `cargo install wasm-bindgen-cli --version {pinned}`")
        })?;
    let found = String::from_utf8_lossy(&output.stdout);
    let found = found.split_whitespace().nth(1).unwrap_or("?");
    ensure!(
        found == pinned,
        "wasm-bindgen {found} is on PATH but crates/npuzzle-wasm uses {pinned}: `cargo install wasm-bindgen-cli --version {pinned}`"
    );
    Ok(())
}

/// The value of the first line `key = "value"` in `text`.
fn quoted_value(text: &str, key: &str) -> Option<String> {
    text.lines().find_map(|line| {
        let rest = line.trim().strip_prefix(key)?.trim_start().strip_prefix('=')?.trim();
        Some(rest.strip_prefix('"')?.split('"').next()?.to_string())
    })
}

fn run(command: &mut Command) -> Result<()> {
    let status = command.status().with_context(|| format!("running {command:?}"))?;
    ensure!(status.success(), "{command:?} failed: {status}");
    Ok(())
}

fn fresh(dir: &Path) -> Result<()> {
    if dir.exists() {
        fs::remove_dir_all(dir).with_context(|| format!("removing {}", dir.display()))?;
    }
    fs::create_dir_all(dir).with_context(|| format!("creating {}", dir.display()))
}

fn copy(from: &Path, to: &Path) -> Result<()> {
    if let Some(parent) = to.parent() {
        fs::create_dir_all(parent)?;
    }
    fs::copy(from, to).with_context(|| format!("copying {} to {}", from.display(), to.display()))?;
    Ok(())
}

fn read(path: &Path) -> Result<String> {
    fs::read_to_string(path).with_context(|| format!("reading {}", path.display()))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_version_is_replaced_and_nothing_else() {
        let manifest = "{\n  \"name\": \"npuzzle\",\n  \"version\": \"0.0.0\",\n  \"x\": 1\n}";
        assert_eq!(
            set_version(manifest, "1.2.3").unwrap(),
            "{\n  \"name\": \"npuzzle\",\n  \"version\": \"1.2.3\",\n  \"x\": 1\n}"
        );
    }

    #[test]
    fn the_pin_and_the_workspace_version_are_read() {
        let root = root();
        assert!(pinned_bindgen(&root).unwrap().starts_with("0."));
        assert!(!workspace_version(&root).unwrap().is_empty());
        let files = package_files(&root.join("crates/npuzzle-wasm/npm")).unwrap();
        assert!(files.contains(&"node.js".to_string()) && files.contains(&"wasm/npuzzle_wasm_bg.wasm".to_string()));
    }
}
