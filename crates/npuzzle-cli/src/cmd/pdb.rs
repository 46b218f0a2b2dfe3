//! `npuzzle pdb build|list|verify|compact`: additive pattern database files,
//! and the multi-tile databases of `pdb build --metric mtm`.

use std::io::Write;
use std::path::{Path, PathBuf};
use std::process::ExitCode;
use std::time::Instant;

use anyhow::{Context, Result};
use npuzzle::heuristic::mtm_pdb::{MtmPdb, RegionLayout};
use npuzzle::heuristic::pdb::{self, AdditivePdb, BuildOptions, BuildProgress, PdbSpec, TableKind};
use npuzzle::{Metric, Shape};
use npuzzle_service::record::{DatabaseRecord, HostRecord};
use npuzzle_service::source::{list_multi_tile, multi_tile_file_name, ListedMultiTile, MULTI_TILE_EXTENSION};

use crate::advice::{explain, explain_multi_tile};
use crate::human::{human_bytes, human_duration};
use crate::input::{parse_bytes, BoardOptions};
use crate::pdb_dir::DirArgs;

/// Arguments of `npuzzle pdb`.
#[derive(clap::Args)]
pub struct Args {
    #[command(subcommand)]
    command: PdbCommand,
}

#[derive(clap::Subcommand)]
enum PdbCommand {
    /// Build the databases of a partition and save them in the database directory.
    Build(BuildArgs),
    /// List the database files in the database directory.
    List(ListArgs),
    /// Check every file (or the given ones) in full, checksums included.
    Verify(VerifyArgs),
    /// Convert a zero-aware file into a compact zero-aware one: a byte per placement (the value of
    /// its main region of free cells and the least of the others), a fifth of the size, no rebuild.
    Compact(CompactArgs),
}

#[derive(clap::Args)]
struct CompactArgs {
    /// The zero-aware file (made by `pdb build --zero-aware`).
    file: PathBuf,
    /// Where to write (default: beside FILE, as BOARD-GOAL-PARTITION-zero-compact.pdb).
    #[arg(long, short = 'o')]
    output: Option<PathBuf>,
    /// Threads (default: all cores).
    #[arg(long, short = 'j', default_value_t = 0)]
    threads: usize,
}

#[derive(clap::Args)]
struct BuildArgs {
    #[command(flatten)]
    board: BoardOptions,
    /// Tiles of each pattern, e.g. 1,2,3,4,5/6,7,8,9,10/11,12,13,14,15, or a name: 5-5-5, 6-6-3, 7-8 (4x4), 6-6-6-6, 7-7-7-3, 5-5-5-5-4, 5-5-5-5-4b (5x5).
    /// Default: the recommended set for the board (7-8 on 4x4, compact zero-aware 6-6-6-6 on 5x5, runs of tiles elsewhere).
    #[arg(long, short = 'p')]
    partition: Option<String>,
    /// Build the strongest set whose files together fit in BYTES (e.g. 64M: compact zero-aware
    /// 5-5-5-5-4 and 5-5-5-5-4b on 5x5, read together, 49.2 MiB, built in about 20 s on one core;
    /// 6-6-3 on 4x4), instead of naming one.
    #[arg(long, value_name = "BYTES", value_parser = parse_bytes, conflicts_with_all = ["partition", "zero_aware", "compact"])]
    fit: Option<u64>,
    #[command(flatten)]
    dir: DirArgs,
    /// Build threads (default: all cores).
    #[arg(long, short = 'j', default_value_t = 0)]
    threads: usize,
    /// Refuse to build when the build would need more memory than this (e.g. 4G).
    #[arg(long, value_name = "BYTES", value_parser = parse_bytes)]
    max_memory: Option<u64>,
    /// Zero-aware tables: a value per placement and region of free cells the blank is in
    /// (larger files, larger estimates; saved as BOARD-GOAL-PARTITION-zero.pdb).
    #[arg(long, conflicts_with = "compact")]
    zero_aware: bool,
    /// Compact zero-aware tables: built zero-aware, kept a byte per placement (see `pdb compact`;
    /// saved as BOARD-GOAL-PARTITION-zero-compact.pdb). The default without --partition on 5x5.
    #[arg(long)]
    compact: bool,
    /// `stm` (the default): additive databases, for shortest solutions in single moves. `mtm`: the
    /// multi-tile database of the board shape (4x4, or up to 9 cells), saved as WxH-multi-tile.mtm,
    /// which idastar reads in the multi-tile metric for every goal with the blank in a corner; it
    /// takes no goal, partition or kind (4x4: 908,107,200 entries in 217 MiB, about 5 minutes on 2
    /// cores and 2.5 GB while it builds; with --fit 1G the fine layout, 866 MiB, about four times
    /// faster solves, half an hour on 2 cores and 10 GB while it builds).
    #[arg(long, value_name = "METRIC", default_value_t = Metric::Stm)]
    metric: Metric,
}

#[derive(clap::Args)]
struct VerifyArgs {
    /// Files to check (default: every .pdb file in the database directory).
    files: Vec<PathBuf>,
    #[command(flatten)]
    dir: DirArgs,
}

/// Runs `npuzzle pdb`.
pub fn run(args: Args) -> Result<ExitCode> {
    match args.command {
        PdbCommand::Build(a) => build(a),
        PdbCommand::List(a) => list(a),
        PdbCommand::Verify(a) => verify(a),
        PdbCommand::Compact(a) => compact(a),
    }
}

fn compact(args: CompactArgs) -> Result<ExitCode> {
    let started = Instant::now();
    let zero = AdditivePdb::open_any(&args.file)?;
    eprintln!("converting {} ({})", args.file.display(), zero.spec());
    let compact = zero.compact(args.threads)?;
    let path = match args.output {
        Some(path) => path,
        None => args
            .file
            .parent()
            .unwrap_or_else(|| std::path::Path::new("."))
            .join(compact.spec().file_name()),
    };
    compact.write(&path)?;
    let bytes = std::fs::metadata(&path).map_or(0, |m| m.len());
    println!(
        "{} ({}) written in {}",
        path.display(),
        human_bytes(bytes),
        human_duration(started.elapsed())
    );
    Ok(ExitCode::SUCCESS)
}

fn build(args: BuildArgs) -> Result<ExitCode> {
    if args.metric == Metric::Mtm {
        return build_multi_tile(args);
    }
    let shape = args.board.size.map_or_else(|| Shape::new(4, 4), Ok)?;
    let goal = args.board.goal(shape)?;
    let specs = match (&args.partition, args.fit) {
        (_, Some(bytes)) => PdbSpec::fitting(&goal, bytes)?,
        (Some(text), None) => vec![PdbSpec::parse(&goal, text)?],
        (None, None) => vec![PdbSpec::recommended(&goal)?],
    };
    let dir = args.dir.dir()?;
    let threads = match args.threads {
        0 => std::thread::available_parallelism().map_or(1, |n| n.get()),
        n => n,
    };
    std::fs::create_dir_all(&dir).with_context(|| format!("creating {}", dir.display()))?;
    // `--fit` may give several partitions, read together: each is built in turn.
    for spec in specs {
        let spec = match (args.zero_aware, args.compact) {
            (true, _) => spec.with_kind(TableKind::ZeroAware),
            (_, true) => spec.with_kind(TableKind::Compact),
            _ => spec,
        };
        build_one(&spec, &dir, &goal, threads, &args)?;
    }
    Ok(ExitCode::SUCCESS)
}

/// Builds the databases of `spec` into `dir`, with a progress bar.
fn build_one(spec: &PdbSpec, dir: &Path, goal: &npuzzle::Goal, threads: usize, args: &BuildArgs) -> Result<()> {
    let shape = goal.shape();
    eprintln!(
        "building {}{} ({}) for {shape}, goal {goal}: {} entries, a {} file; about {} of memory and {} on {threads} idle core(s)",
        match spec.kind() {
            TableKind::Classic => String::new(),
            kind => format!("{} ", kind.label()),
        },
        spec.partition().to_arg(),
        spec.partition(),
        spec.table_entries(),
        human_bytes(spec.table_bytes()),
        // The estimate --max-memory is checked against, so that both say one figure.
        human_bytes(spec.build_memory()),
        human_duration(expected_build_time(spec, threads)),
    );
    let bar = crate::progress::bar(1000, "{bar:40} {percent:>3}%  {msg}  ETA {eta}");
    let started = Instant::now();
    let options = BuildOptions {
        threads: args.threads,
        max_memory: args.max_memory,
    };
    // Each finished pattern is kept on disk: run the same command again
    // after a stop and it goes on from the first pattern not finished.
    let built = AdditivePdb::build_into(dir, spec, &options, &mut |p: &BuildProgress| {
        bar.set_position((p.fraction() * 1000.0) as u64);
        bar.set_message(format!("pattern {}/{}, depth {}", p.pattern + 1, p.patterns, p.depth));
    });
    bar.finish_and_clear();
    let path = built?;
    print_built(&path, started);
    Ok(())
}

/// The line a finished build prints: the file, its size and the time taken.
fn print_built(path: &Path, started: Instant) {
    let bytes = std::fs::metadata(path).map_or(0, |m| m.len());
    println!(
        "{} ({}) built in {}",
        path.display(),
        human_bytes(bytes),
        human_duration(started.elapsed())
    );
}

/// `pdb build --metric mtm`: the default multi-tile layout of the shape,
/// written as [`multi_tile_file_name`] in the database directory.
fn build_multi_tile(args: BuildArgs) -> Result<ExitCode> {
    // What shapes an additive build: none of it applies to the one multi-tile layout of a shape.
    let refused = [
        (
            args.board.goal.is_some(),
            "--goal (one multi-tile database serves every goal with the blank in a corner)",
        ),
        (
            args.partition.is_some(),
            "--partition (its layout is the shape's own; --fit picks a larger one)",
        ),
        (args.zero_aware, "--zero-aware"),
        (args.compact, "--compact"),
    ];
    if let Some((_, option)) = refused.iter().find(|(given, _)| *given) {
        anyhow::bail!("`pdb build --metric mtm` takes no {option}: it builds the multi-tile database of --size");
    }
    let shape = args.board.size.map_or_else(|| Shape::new(4, 4), Ok)?;
    let layout = match args.fit {
        Some(bytes) => RegionLayout::fitting(shape, bytes)?,
        None => RegionLayout::default_for(shape)?,
    };
    if let Some(limit) = args.max_memory {
        if layout.build_bytes() > limit {
            anyhow::bail!(
                "building the multi-tile database for {shape} needs about {} of memory, more than --max-memory {}",
                human_bytes(layout.build_bytes()),
                human_bytes(limit)
            );
        }
    }
    let dir = args.dir.dir()?;
    let threads = match args.threads {
        0 => std::thread::available_parallelism().map_or(1, |n| n.get()),
        n => n,
    };
    let entries = layout.abstract_boards();
    eprintln!(
        "building the multi-tile database for {shape}: {entries} entries, a {} file; about {} of memory and {} on {threads} idle core(s)",
        human_bytes(layout.file_bytes()),
        human_bytes(layout.build_bytes()),
        human_duration(std::time::Duration::from_secs_f64(
            entries as f64 * MULTI_TILE_CPU_PER_ENTRY / threads as f64
        )),
    );
    let bar = crate::progress::bar(0, "{spinner} {elapsed}  {msg}");
    bar.set_message("breadth-first search of the abstract boards");
    bar.enable_steady_tick(std::time::Duration::from_millis(200));
    let started = Instant::now();
    let built = MtmPdb::build(layout, threads);
    bar.finish_and_clear();
    let built = built?;
    std::fs::create_dir_all(&dir).with_context(|| format!("creating {}", dir.display()))?;
    let path = dir.join(multi_tile_file_name(shape));
    built.write(&path)?;
    print_built(&path, started);
    Ok(ExitCode::SUCCESS)
}

/// CPU time per entry of a multi-tile build on the development machine (2
/// threads, loaded, 2026-12-06): the 4×4 default layout's 908,107,200
/// entries took 590 CPU-seconds, the fine layout's 3,632,428,800 entries
/// 2,663.
const MULTI_TILE_CPU_PER_ENTRY: f64 = 0.7e-6;

/// CPU time per placement on the development machine: 0.26 µs for
/// patterns built two bits a cell (6-6-6-6: 130 CPU-seconds for 510 M
/// placements, idle machine, 2026-11-29); about 1.1 µs with the region
/// layout of 7-tile patterns — from the first 8% of a 7-tile build only
/// (215 CPU-seconds for 190 M placements, loaded machine, 2026-11-30), not
/// yet from a whole one (larger tables miss the cache more, and each move
/// finds its region by flood fill). Zero-aware tables cost more: a flood
/// fill per region reached and a byte per region written (the 5x5 6-6-6-6
/// set, two bits a cell: 224 CPU-seconds, 0.44 µs a placement, loaded
/// machine, 2026-11-30). Making them compact adds a pass over the
/// zero-aware values (the 6-6-6-6 set: 63 CPU-seconds, 0.12 µs a placement).
fn expected_build_time(spec: &PdbSpec, threads: usize) -> std::time::Duration {
    let cells = spec.shape().cells();
    let cpu: f64 = spec
        .partition()
        .patterns()
        .iter()
        .zip(spec.region_layouts())
        .map(|(p, regions)| {
            let n = npuzzle::heuristic::pdb::placements(cells, p.len()) as f64;
            let compact = if spec.kind() == TableKind::Compact {
                0.12e-6
            } else {
                0.0
            };
            n * match (regions, spec.zero_aware()) {
                (true, _) => 1.1e-6,
                (false, true) => 0.44e-6 + compact,
                (false, false) => 0.26e-6,
            }
        })
        .sum();
    std::time::Duration::from_secs_f64(cpu / threads.max(1) as f64)
}

/// Arguments of `npuzzle pdb list`.
#[derive(clap::Args)]
struct ListArgs {
    #[command(flatten)]
    dir: DirArgs,
    /// Print JSON Lines: {"type":"database","data":{...}} per file.
    #[arg(long)]
    json: bool,
}

fn list(args: ListArgs) -> Result<ExitCode> {
    let dir = args.dir.dir()?;
    let files = pdb::list(&dir)?;
    let multi_tile = list_multi_tile(&dir)?;
    if args.json {
        return list_json(&files, &multi_tile);
    }
    if files.is_empty() && multi_tile.is_empty() {
        println!("no pattern databases in {}; build one with: npuzzle pdb build --size 4x4 --goal blank-first --partition 7-8", dir.display());
        return Ok(ExitCode::SUCCESS);
    }
    let mut broken = false;
    for f in &files {
        match &f.info {
            Ok(info) => println!(
                "{}  {} goal {} partition {}{}{}  {}",
                f.path.display(),
                info.spec.shape(),
                info.spec.goal(),
                info.spec.partition(),
                if info.spec.zero_aware() { " " } else { "" },
                if info.spec.zero_aware() {
                    info.spec.kind().label()
                } else {
                    ""
                },
                human_bytes(info.bytes)
            ),
            Err(e) => {
                broken = true;
                println!("{}  unusable: {}", f.path.display(), explain(e));
            }
        }
    }
    for (path, opened) in &multi_tile {
        match opened {
            Ok(pdb) => println!(
                "{}  {} multi-tile, {} entries  {}",
                path.display(),
                pdb.layout().shape(),
                pdb.entries(),
                human_bytes(file_bytes(path))
            ),
            Err(e) => {
                broken = true;
                println!("{}  unusable: {}", path.display(), explain_multi_tile(path, e));
            }
        }
    }
    Ok(if broken { ExitCode::from(1) } else { ExitCode::SUCCESS })
}

/// The size of the file at `path` (0 if it cannot be read any more).
fn file_bytes(path: &std::path::Path) -> u64 {
    std::fs::metadata(path).map_or(0, |m| m.len())
}

/// `pdb list --json`: one record per file (none for an empty directory),
/// exiting 1 when one cannot be used, as the listing does.
fn list_json(files: &[pdb::ListedFile], multi_tile: &[ListedMultiTile]) -> Result<ExitCode> {
    let mut out = std::io::stdout().lock();
    let mut broken = false;
    for f in files {
        let record = match &f.info {
            Ok(info) => DatabaseRecord::usable(&f.path, info),
            Err(e) => {
                broken = true;
                DatabaseRecord::unusable(&f.path, explain(e))
            }
        };
        crate::output::write_json_line(&mut out, &HostRecord::Database(record))?;
    }
    for (path, opened) in multi_tile {
        let record = match opened {
            Ok(pdb) => DatabaseRecord::multi_tile(path, pdb, file_bytes(path)),
            Err(e) => {
                broken = true;
                DatabaseRecord::unusable(path, explain_multi_tile(path, e))
            }
        };
        crate::output::write_json_line(&mut out, &HostRecord::Database(record))?;
    }
    out.flush()?;
    Ok(if broken { ExitCode::from(1) } else { ExitCode::SUCCESS })
}

fn verify(args: VerifyArgs) -> Result<ExitCode> {
    let files: Vec<PathBuf> = if args.files.is_empty() {
        let dir = args.dir.dir()?;
        let additive = pdb::list(&dir)?.into_iter().map(|f| f.path);
        additive
            .chain(list_multi_tile(&dir)?.into_iter().map(|(path, _)| path))
            .collect()
    } else {
        args.files
    };
    if files.is_empty() {
        println!("no pattern database files to verify");
        return Ok(ExitCode::SUCCESS);
    }
    let mut failed = false;
    for path in files {
        if path.extension().is_some_and(|x| x == MULTI_TILE_EXTENSION) || is_multi_tile_file(&path) {
            match MtmPdb::open(&path) {
                // Opening checks the table's checksum: nothing more to verify.
                Ok(_) => println!("{}: ok ({})", path.display(), DatabaseRecord::MULTI_TILE),
                Err(e) => {
                    failed = true;
                    println!("{}: {}", path.display(), explain_multi_tile(&path, &e));
                }
            }
            continue;
        }
        match AdditivePdb::open_any(&path).and_then(|pdb| pdb.verify().map(|()| pdb)) {
            Ok(pdb) if pdb.spec().zero_aware() => println!("{}: ok ({})", path.display(), pdb.spec().kind().label()),
            Ok(_) => println!("{}: ok", path.display()),
            Err(e) => {
                failed = true;
                println!("{}: {}", path.display(), explain(&e));
            }
        }
    }
    Ok(if failed { ExitCode::from(1) } else { ExitCode::SUCCESS })
}

/// Whether the file at `path` starts like a multi-tile database (one that
/// cannot be read is left to the additive reader, which names the error).
fn is_multi_tile_file(path: &std::path::Path) -> bool {
    use std::io::Read;
    let mut start = [0u8; 8];
    std::fs::File::open(path)
        .and_then(|mut f| f.read_exact(&mut start))
        .is_ok_and(|()| MtmPdb::is_mtm_file(&start))
}
