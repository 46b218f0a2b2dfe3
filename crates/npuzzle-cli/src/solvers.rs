//! Solvers for the boards a command meets, with `--heuristic auto` resolved
//! per board shape and goal: the strongest pattern database present, else
//! walking distance on 4×4, else linear conflict. `--pdb PARTITION` asks for
//! the databases of one partition instead of the strongest.

use std::collections::HashMap;
use std::path::PathBuf;
use std::str::FromStr;
use std::sync::{Arc, Mutex, Once};

use anyhow::{Context, Result};
use npuzzle::heuristic::pdb::{self, AdditivePdb, PdbSpec};
use npuzzle::{Goal, HeuristicKind, Solver, SolverOptions};

/// `--heuristic`: a named kind, or `auto`.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum HeuristicChoice {
    /// The strongest available for the board (see the module documentation).
    Auto,
    /// Exactly this one.
    Kind(HeuristicKind),
}

impl FromStr for HeuristicChoice {
    type Err = String;

    fn from_str(s: &str) -> Result<Self, String> {
        if s == "auto" {
            Ok(HeuristicChoice::Auto)
        } else {
            s.parse()
                .map(HeuristicChoice::Kind)
                .map_err(|e: String| e.replace("; choose ", "; choose auto, "))
        }
    }
}

/// What a solver is built from besides the shared options.
type SolverKey = (HeuristicKind, Option<PathBuf>);

/// Hands out one shared [`Solver`] per resolved heuristic and database file,
/// so tables and databases are loaded once however many boards and threads
/// use them.
pub struct Solvers {
    options: SolverOptions,
    choice: HeuristicChoice,
    pdb_dir: Option<PathBuf>,
    /// `--pdb`: the partition whose databases to read, if not the strongest.
    partition: Option<String>,
    by_goal: Mutex<HashMap<Goal, Arc<Solver>>>,
    by_key: Mutex<HashMap<SolverKey, Arc<Solver>>>,
    hint: Once,
}

impl Solvers {
    /// Solvers with `options` (its heuristic is replaced by the resolved one).
    pub fn new(
        options: SolverOptions,
        choice: HeuristicChoice,
        pdb_dir: Option<PathBuf>,
        partition: Option<String>,
    ) -> Solvers {
        Solvers {
            options,
            choice,
            pdb_dir,
            partition,
            by_goal: Mutex::default(),
            by_key: Mutex::default(),
            hint: Once::new(),
        }
    }

    /// The solver for boards with this goal.
    pub fn get(&self, goal: &Goal) -> Result<Arc<Solver>> {
        if let Some(s) = lock(&self.by_goal).get(goal) {
            return Ok(Arc::clone(s));
        }
        let (kind, pdb) = self.resolve(goal)?;
        let key = (kind, pdb.as_ref().and_then(|p| p.path().map(PathBuf::from)));
        let solver = Arc::clone(lock(&self.by_key).entry(key).or_insert_with(|| {
            let solver = Solver::new(self.options.with_heuristic(kind));
            Arc::new(match pdb {
                Some(p) => solver.with_pdb(p),
                None => solver,
            })
        }));
        lock(&self.by_goal).insert(goal.clone(), Arc::clone(&solver));
        Ok(solver)
    }

    /// The heuristic for `goal`, with its databases when it needs them.
    fn resolve(&self, goal: &Goal) -> Result<(HeuristicKind, Option<Arc<AdditivePdb>>)> {
        let shape = goal.shape();
        let algorithm = self.options.algorithm.resolve(shape);
        match self.choice {
            HeuristicChoice::Kind(HeuristicKind::Pdb) if self.partition.is_some() => {
                Ok((HeuristicKind::Pdb, Some(self.chosen(goal)?)))
            }
            HeuristicChoice::Kind(HeuristicKind::Pdb) => match self.strongest(goal)? {
                Some(pdb) => Ok((HeuristicKind::Pdb, Some(pdb))),
                None => anyhow::bail!(
                    "no pattern database for {shape} boards with goal {goal} in {}; {}",
                    self.dir_name(),
                    build_advice(goal)
                ),
            },
            HeuristicChoice::Kind(kind) => Ok((kind, None)),
            // The heuristic does not matter to the uninformed searches: skip the look-up.
            HeuristicChoice::Auto if !algorithm.uses_heuristic() => Ok((HeuristicKind::LinearConflict, None)),
            HeuristicChoice::Auto => {
                if let Some(pdb) = self.strongest(goal)? {
                    return Ok((HeuristicKind::Pdb, Some(pdb)));
                }
                let kind = if HeuristicKind::WalkingDistance.supports(shape) {
                    HeuristicKind::WalkingDistance
                } else {
                    HeuristicKind::LinearConflict
                };
                if matches!((shape.width(), shape.height()), (4, 4) | (5, 5)) {
                    self.hint.call_once(|| {
                        eprintln!(
                            "npuzzle: no pattern database for {shape} goal {goal} in {}, so using {kind}; {}",
                            self.dir_name(),
                            build_advice(goal)
                        )
                    });
                }
                Ok((kind, None))
            }
        }
    }

    fn dir(&self) -> Option<PathBuf> {
        self.pdb_dir.clone().or_else(pdb::default_dir)
    }

    fn dir_name(&self) -> String {
        self.dir()
            .map_or_else(|| "the database directory".to_string(), |d| d.display().to_string())
    }

    /// The databases of the `--pdb` partition for `goal`: a file in the
    /// directory whose header names this goal and partition, whatever its name.
    fn chosen(&self, goal: &Goal) -> Result<Arc<AdditivePdb>> {
        let text = self.partition.as_deref().unwrap_or_default();
        let spec = PdbSpec::parse(goal, text).with_context(|| format!("reading --pdb {text}"))?;
        let dir = self
            .dir()
            .context("no database directory: give one with --pdb-dir or NPUZZLE_PDB_DIR")?;
        let found = pdb::list(&dir)?
            .into_iter()
            .find(|f| f.info.as_ref().is_ok_and(|i| i.spec == spec));
        let Some(file) = found else {
            anyhow::bail!(
                "no {} databases for {} boards with goal {goal} in {}; build them with `{}`",
                spec.partition().to_arg(),
                goal.shape(),
                dir.display(),
                spec.rebuild_command()
            );
        };
        let pdb = AdditivePdb::open(&file.path, &spec).with_context(|| format!("opening {}", file.path.display()))?;
        Ok(Arc::new(pdb))
    }

    /// The largest readable database file for `goal` in the directory.
    fn strongest(&self, goal: &Goal) -> Result<Option<Arc<AdditivePdb>>> {
        let Some(dir) = self.dir() else { return Ok(None) };
        let files = pdb::list(&dir)?;
        let best = files
            .into_iter()
            .filter_map(|f| f.info.ok().filter(|i| i.spec.goal() == goal).map(|i| (i.bytes, f.path)))
            .max_by_key(|(bytes, _)| *bytes);
        match best {
            Some((_, path)) => {
                let pdb = AdditivePdb::open_any(&path).with_context(|| format!("opening {}", path.display()))?;
                Ok(Some(Arc::new(pdb)))
            }
            None => Ok(None),
        }
    }
}

/// The command that builds the usual databases for `goal`'s board, when there is one.
fn build_advice(goal: &Goal) -> String {
    let named = match (goal.shape().width(), goal.shape().height()) {
        (4, 4) => "7-8",
        (5, 5) => "6-6-6-6",
        _ => "",
    };
    match PdbSpec::parse(goal, named) {
        Ok(spec) if !named.is_empty() => format!("build databases with `{}`", spec.rebuild_command()),
        _ => format!(
            "build databases with `npuzzle pdb build --size {} --goal \"{goal}\" --partition TILES`",
            goal.shape()
        ),
    }
}

fn lock<T>(m: &Mutex<T>) -> std::sync::MutexGuard<'_, T> {
    // A panic elsewhere cannot leave these maps half-updated: each insert is one call.
    m.lock().unwrap_or_else(std::sync::PoisonError::into_inner)
}
