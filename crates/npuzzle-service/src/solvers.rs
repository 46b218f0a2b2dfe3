//! Solvers for the boards a front-end meets, with the heuristic `auto`
//! resolved per goal: the strongest pattern databases its
//! [source](crate::source) holds (read as [`HeuristicKind::for_databases`]
//! says: per iteration their least values or their dual lookups on 5×5), else walking distance on 4×4, else
//! linear conflict. A [`Session`](crate::Session) keeps one per set of
//! options.
//!
//! In the multi-tile metric the databases are multi-tile ones: `pdb`, and
//! `auto` when `idastar` searches, read the source's multi-tile database for
//! the board's shape ([`DatabaseSource::multi_tile`]) if the goal's blank is
//! in a corner. Without one `auto` reads walking distance on 4×4 (its
//! multi-tile form), else linear conflict, and `pdb` is an error naming the
//! file looked for.

use std::collections::HashMap;
use std::collections::HashSet;
use std::fmt;
use std::path::{Path, PathBuf};
use std::str::FromStr;
use std::sync::{Arc, Mutex};

use npuzzle::error::{DatabaseError, InputError};
use npuzzle::goal::Goal;
use npuzzle::heuristic::pdb::{self, AdditivePdb, PdbInfo, PdbSet, PdbSpec, TableKind};

use crate::source::{multi_tile_file_name, DatabaseSource, Directory, MultiTile};
use npuzzle::heuristic::HeuristicKind;
use npuzzle::search::{Solver, SolverOptions};
use npuzzle::Error;

/// A heuristic as a user picks it: a named kind, or `auto`.
///
/// ```
/// use npuzzle::{Error, HeuristicKind};
/// use npuzzle_service::HeuristicChoice;
/// assert_eq!("auto".parse::<HeuristicChoice>()?, HeuristicChoice::Auto);
/// assert_eq!("manhattan".parse::<HeuristicChoice>()?, HeuristicChoice::Kind(HeuristicKind::Manhattan));
/// let err = "euclid".parse::<HeuristicChoice>().unwrap_err();
/// assert_eq!(
///     err.to_string(),
///     "unknown heuristic \"euclid\"; choose auto, misplaced, manhattan, linear-conflict, walking-distance, pdb, pdb-dual or pdb-adaptive"
/// );
/// # Ok::<(), npuzzle::Error>(())
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Default)]
pub enum HeuristicChoice {
    /// The strongest available for the board (see the module documentation).
    #[default]
    Auto,
    /// Exactly this one.
    Kind(HeuristicKind),
}

impl HeuristicChoice {
    /// The name of `auto`.
    pub const AUTO: &'static str = "auto";

    /// Every name a user can give: `auto`, then each [`HeuristicKind`].
    pub fn names() -> Vec<&'static str> {
        std::iter::once(HeuristicChoice::AUTO)
            .chain(HeuristicKind::names())
            .collect()
    }
}

impl fmt::Display for HeuristicChoice {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            HeuristicChoice::Auto => f.write_str(HeuristicChoice::AUTO),
            HeuristicChoice::Kind(kind) => kind.fmt(f),
        }
    }
}

impl FromStr for HeuristicChoice {
    type Err = Error;

    fn from_str(s: &str) -> Result<Self, Error> {
        if s == HeuristicChoice::AUTO {
            return Ok(HeuristicChoice::Auto);
        }
        s.parse().map(HeuristicChoice::Kind).map_err(|e| match e {
            Error::Input(InputError::UnknownName { what, given, .. }) => Error::Input(InputError::UnknownName {
                what,
                given,
                choices: HeuristicChoice::names(),
            }),
            other => other,
        })
    }
}

/// What a solver is built from besides the shared options.
type SolverKey = (HeuristicKind, Vec<PathBuf>);

/// The heuristic for a goal and the databases it reads: additive ones, or
/// (in the multi-tile metric) a multi-tile one.
type Resolved = (HeuristicKind, Option<Arc<PdbSet>>, Option<MultiTile>);

/// Called when `auto` finds no pattern databases for a 4×4 or 5×5 goal and
/// falls back to a weaker heuristic, with what a front-end needs to say so.
#[derive(Debug, Clone, PartialEq, Eq)]
#[non_exhaustive]
pub struct Fallback {
    /// The goal without databases.
    pub goal: Goal,
    /// The directory searched, if there was one.
    pub dir: Option<PathBuf>,
    /// The heuristic used instead.
    pub using: HeuristicKind,
    /// Files in the directory that could have held the goal's databases
    /// but cannot be used (each error names its file and what is wrong).
    pub broken: Vec<Error>,
}

/// A callback told about each [`Fallback`].
type OnFallback = Box<dyn Fn(&Fallback) + Send + Sync>;

/// A callback told about each database file that cannot be used.
type OnUnusable = Box<dyn Fn(&Path, &Error) + Send + Sync>;

/// What [`Solvers::strongest`] found: the databases, and the files that
/// could have held some of them but cannot be opened.
struct Found {
    set: Option<Arc<PdbSet>>,
    broken: Vec<(PathBuf, Error)>,
}

/// Hands out one shared [`Solver`] per goal, with the heuristic chosen for
/// that goal: a named one, or for [`HeuristicChoice::Auto`] the strongest
/// pattern databases for the goal in the database directory (every
/// partition present, strongest first, as many as the specialised search
/// reads in one pass), else walking distance on 4×4, else linear conflict. Solvers are
/// shared between goals that resolve to the same heuristic and file, so
/// tables and databases are loaded once however many boards and threads use
/// them.
///
/// ```
/// use npuzzle::heuristic::pdb::{AdditivePdb, PdbSpec};
/// use npuzzle_service::{HeuristicChoice, Solvers};
/// use npuzzle::{Goal, HeuristicKind, SolverOptions};
///
/// let dir = tempfile::tempdir().unwrap();
/// let goal = Goal::standard("3x3".parse()?);
/// let solvers = Solvers::new(SolverOptions::default(), HeuristicChoice::Auto).with_pdb_dir(dir.path());
/// assert_eq!(solvers.get(&goal)?.options().heuristic, HeuristicKind::LinearConflict);
///
/// // Databases saved in the directory are found by their goal.
/// let spec = PdbSpec::parse(&goal, "1,2,3,4/5,6,7,8")?;
/// AdditivePdb::build(&spec, &Default::default(), &mut |_| {})?.save(dir.path())?;
/// let solvers = Solvers::new(SolverOptions::default(), HeuristicChoice::Auto).with_pdb_dir(dir.path());
/// let solver = solvers.get(&goal)?;
/// assert_eq!(solver.options().heuristic, HeuristicKind::Pdb);
/// assert_eq!(solver.pdb().unwrap().spec(), &spec);
/// # Ok::<(), npuzzle::Error>(())
/// ```
pub struct Solvers {
    options: SolverOptions,
    choice: HeuristicChoice,
    source: Option<Arc<dyn DatabaseSource>>,
    /// The partition whose databases to read, if not the strongest.
    partition: Option<String>,
    on_fallback: Option<OnFallback>,
    on_unusable: Option<OnUnusable>,
    /// The files already told to `on_unusable`.
    told_unusable: Mutex<HashSet<PathBuf>>,
    by_goal: Mutex<HashMap<Goal, Arc<Solver>>>,
    by_key: Mutex<HashMap<SolverKey, Arc<Solver>>>,
    /// The source's multi-tile database for each shape looked up (or why it
    /// cannot be read): each file is opened once, whatever the goals.
    multi_tile: Mutex<HashMap<npuzzle::Shape, Result<Option<MultiTile>, Error>>>,
}

impl fmt::Debug for Solvers {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_struct("Solvers")
            .field("options", &self.options)
            .field("choice", &self.choice)
            .field("source", &self.source)
            .field("partition", &self.partition)
            .finish_non_exhaustive()
    }
}

impl Solvers {
    /// Solvers with `options`, whose heuristic is replaced by the one
    /// `choice` resolves to for each goal. No database directory: `auto`
    /// never picks pattern databases until one is given.
    pub fn new(options: SolverOptions, choice: HeuristicChoice) -> Solvers {
        Solvers {
            options,
            choice,
            source: None,
            partition: None,
            on_fallback: None,
            on_unusable: None,
            told_unusable: Mutex::default(),
            by_goal: Mutex::default(),
            by_key: Mutex::default(),
            multi_tile: Mutex::default(),
        }
    }

    /// These solvers looking for pattern databases in `dir`.
    pub fn with_pdb_dir(self, dir: impl Into<PathBuf>) -> Solvers {
        self.with_source(Arc::new(Directory(dir.into())))
    }

    /// These solvers reading the databases `source` holds.
    pub fn with_source(mut self, source: Arc<dyn DatabaseSource>) -> Solvers {
        self.source = Some(source);
        self
    }

    /// The directory databases are looked for in, when they come from one.
    fn dir(&self) -> Option<PathBuf> {
        self.source.as_ref().and_then(|s| s.dir()).map(Path::to_path_buf)
    }

    /// These solvers reading the databases of `partition` (tiles like
    /// `1,2,3/4,5,6` or a name like `7-8`, read for each goal) rather than
    /// the strongest present: a file in the directory whose header names the
    /// goal and partition, whatever its name. With [`HeuristicChoice::Auto`]
    /// this picks the pdb heuristic.
    pub fn with_partition(mut self, partition: impl Into<String>) -> Solvers {
        self.partition = Some(partition.into());
        self
    }

    /// These solvers calling `notify` when `auto` finds no databases for a
    /// 4×4 or 5×5 goal (those that have a
    /// [`recommended_partition`](pdb::recommended_partition)), where they
    /// would help most.
    pub fn on_fallback(mut self, notify: impl Fn(&Fallback) + Send + Sync + 'static) -> Solvers {
        self.on_fallback = Some(Box::new(notify));
        self
    }

    /// These solvers calling `notify` once for each `.pdb` file in the
    /// directory that cannot be opened (truncated, corrupt, not a database,
    /// unreadable), with the error naming it, when a look-up for databases
    /// meets it; the look-up goes on with the other files. A front-end
    /// reports it where its user will see it (a warning, a health page).
    ///
    /// ```
    /// use npuzzle::heuristic::pdb::{AdditivePdb, PdbSpec};
    /// use npuzzle::{Goal, SolverOptions};
    /// use npuzzle_service::{HeuristicChoice, Solvers};
    /// use std::sync::{Arc, Mutex};
    ///
    /// let dir = tempfile::tempdir().unwrap();
    /// let goal = Goal::standard("3x3".parse()?);
    /// AdditivePdb::build(&PdbSpec::parse(&goal, "1,2,3,4/5,6,7,8")?, &Default::default(), &mut |_| {})?
    ///     .save(dir.path())?;
    /// std::fs::write(dir.path().join("broken.pdb"), b"junk").unwrap();
    /// let told = Arc::new(Mutex::new(Vec::new()));
    /// let seen = Arc::clone(&told);
    /// let solvers = Solvers::new(SolverOptions::default(), HeuristicChoice::Auto)
    ///     .with_pdb_dir(dir.path())
    ///     .on_unusable(move |path, _| seen.lock().unwrap().push(path.to_path_buf()));
    /// // The good file answers; the broken one is told, not hidden.
    /// assert!(solvers.get(&goal)?.pdb_set().is_some());
    /// assert_eq!(*told.lock().unwrap(), [dir.path().join("broken.pdb")]);
    /// # Ok::<(), npuzzle::Error>(())
    /// ```
    pub fn on_unusable(mut self, notify: impl Fn(&Path, &Error) + Send + Sync + 'static) -> Solvers {
        self.on_unusable = Some(Box::new(notify));
        self
    }

    /// The solver for boards with this goal. Errors when databases were
    /// asked for and are missing or unreadable: when no file in the
    /// directory holds them and one that could is broken, the error is
    /// [`DatabaseError::Unusable`], naming that file and what is wrong with it.
    pub fn get(&self, goal: &Goal) -> Result<Arc<Solver>, Error> {
        if let Some(s) = lock(&self.by_goal).get(goal) {
            return Ok(Arc::clone(s));
        }
        let (kind, set, multi_tile) = self.resolve(goal)?;
        let core = self.core_databases(goal);
        let paths = set
            .iter()
            .chain(&core)
            .flat_map(|s| s.members())
            .filter_map(|m| m.path().map(PathBuf::from))
            .chain(multi_tile.iter().map(|(path, _)| path.clone()));
        let key = (kind, paths.collect());
        let solver = Arc::clone(lock(&self.by_key).entry(key).or_insert_with(|| {
            let solver = (core.into_iter()).fold(Solver::new(self.options.with_heuristic(kind)), |solver, set| {
                solver.with_core_pdb(Some(set))
            });
            let solver = match multi_tile {
                Some((_, pdb)) => solver.with_mtm_pdb(pdb),
                None => solver,
            };
            Arc::new(match set {
                Some(set) => solver.with_pdb_set(set),
                None => solver,
            })
        }));
        lock(&self.by_goal).insert(goal.clone(), Arc::clone(&solver));
        Ok(solver)
    }

    /// The solver for boards with this goal if [`get`](Solvers::get) has
    /// made it already: a map read, no file opened (a server answers from
    /// here on its async workers and calls `get` off them).
    ///
    /// ```
    /// use npuzzle::{Goal, SolverOptions};
    /// use npuzzle_service::{HeuristicChoice, Solvers};
    /// let solvers = Solvers::new(SolverOptions::default(), HeuristicChoice::Auto);
    /// let goal = Goal::standard("3x3".parse()?);
    /// assert!(solvers.cached(&goal).is_none());
    /// let solver = solvers.get(&goal)?;
    /// assert!(std::sync::Arc::ptr_eq(&solvers.cached(&goal).unwrap(), &solver));
    /// # Ok::<(), npuzzle::Error>(())
    /// ```
    pub fn cached(&self, goal: &Goal) -> Option<Arc<Solver>> {
        lock(&self.by_goal).get(goal).cloned()
    }

    /// The 4×4 and 5×5 blank-first databases in the directory, for the
    /// optimal 4×4 and weighted 5×5 finish of staged solutions' core when
    /// `--improve` or `anytime` works on a board of up to 64 cells (see
    /// [`CoreOptions`](npuzzle::search::staged::CoreOptions)). They only
    /// shorten solutions: a directory that cannot be read gives none.
    fn core_databases(&self, goal: &Goal) -> Vec<Arc<PdbSet>> {
        let shape = goal.shape();
        let improves = match self.options.resolve(shape) {
            npuzzle::Algorithm::Greedy => self.options.improve.is_some(),
            // Its start is the constructive solution improved.
            npuzzle::Algorithm::Anytime => true,
            _ => false,
        };
        let staged = improves && shape.cells() <= npuzzle::search::staged::MAX_CELLS;
        let sides = [
            npuzzle::search::staged::SEARCHED_SIDE,
            npuzzle::search::staged::WEIGHTED_SIDE,
        ];
        let sides = if staged { &sides[..] } else { &[] };
        sides
            .iter()
            .filter_map(|&side| {
                let core_goal = Goal::blank_first(npuzzle::Shape::new(side, side).ok()?);
                self.strongest(|spec| spec.goal() == &core_goal).ok()?.set
            })
            .collect()
    }

    /// The heuristic for `goal`, with its databases when it needs them.
    fn resolve(&self, goal: &Goal) -> Result<Resolved, Error> {
        let shape = goal.shape();
        let algorithm = self.options.resolve(shape);
        if self.options.metric == npuzzle::Metric::Mtm {
            if let Some(resolved) = self.resolve_multi_tile(goal, algorithm)? {
                return Ok(resolved);
            }
        }
        // A broken file that could have held them is named, not passed over.
        let not_found = |partition, broken: Vec<(PathBuf, Error)>| {
            let mut broken = broken.into_iter();
            match (broken.next(), self.dir()) {
                (Some((_, problem)), Some(dir)) => Error::Database(DatabaseError::Unusable {
                    goal: Box::new(goal.clone()),
                    partition,
                    dir,
                    problem: Box::new(problem),
                    others: broken.map(|(path, _)| path).collect(),
                }),
                _ => Error::Database(DatabaseError::NotFound {
                    goal: Box::new(goal.clone()),
                    partition,
                    dir: self.dir(),
                }),
            }
        };
        // The kind that reads the databases: the one named, else the one measured fastest.
        let reading = match self.choice {
            HeuristicChoice::Kind(kind) if kind.needs_database() => kind,
            _ => HeuristicKind::for_databases(shape),
        };
        match (self.choice, &self.partition) {
            (HeuristicChoice::Kind(kind), _) if !kind.needs_database() => Ok((kind, None, None)),
            (_, Some(text)) => {
                let spec = PdbSpec::parse(goal, text)?;
                let same = |s: &PdbSpec| s.goal() == spec.goal() && s.partition() == spec.partition();
                match self.strongest(same)? {
                    Found { set: Some(set), .. } => Ok((reading, Some(set), None)),
                    Found { set: None, broken } => Err(not_found(Some(Box::new(spec.partition().clone())), broken)),
                }
            }
            (HeuristicChoice::Kind(kind), None) => match self.strongest(|spec| spec.goal() == goal)? {
                Found { set: Some(set), .. } => Ok((kind, Some(set), None)),
                Found { set: None, broken } => Err(not_found(None, broken)),
            },
            // The heuristic does not matter to the uninformed searches: skip the look-up.
            (HeuristicChoice::Auto, None) if !algorithm.uses_heuristic() => {
                Ok((HeuristicKind::LinearConflict, None, None))
            }
            (HeuristicChoice::Auto, None) => {
                let broken = match self.strongest(|spec| spec.goal() == goal)? {
                    Found { set: Some(set), .. } => return Ok((reading, Some(set), None)),
                    Found { set: None, broken } => broken,
                };
                let using = if HeuristicKind::WalkingDistance.supports(shape) {
                    HeuristicKind::WalkingDistance
                } else {
                    HeuristicKind::LinearConflict
                };
                // Told where databases would help most, or where a broken file was passed over.
                let helps = pdb::recommended_partition(shape).is_some() || !broken.is_empty();
                if let (Some(notify), true) = (&self.on_fallback, helps) {
                    notify(&Fallback {
                        goal: goal.clone(),
                        dir: self.dir(),
                        using,
                        broken: broken.into_iter().map(|(_, e)| e).collect(),
                    });
                }
                Ok((using, None, None))
            }
        }
    }

    /// The heuristic for `goal` in the multi-tile metric, when the choice is
    /// `auto` or `pdb` (`None` for the others, resolved as in the
    /// single-tile metric). `pdb` reads the multi-tile database for the
    /// board's shape, and it is an error when there is none or it cannot be
    /// read for this goal. `auto` reads it when `idastar` searches and the
    /// goal's blank is in a corner, if the file is there (a broken one is an
    /// error: it would have been read) and holds the board's shape; else
    /// walking distance on 4×4, else Manhattan distance (both in their
    /// multi-tile forms), reading no file.
    fn resolve_multi_tile(&self, goal: &Goal, algorithm: npuzzle::Algorithm) -> Result<Option<Resolved>, Error> {
        let shape = goal.shape();
        match self.choice {
            HeuristicChoice::Kind(HeuristicKind::Pdb) => match self.multi_tile_for(shape)? {
                Some((path, pdb)) => {
                    // Names why the file does not serve this goal (its shape, the blank's cell).
                    pdb.heuristic(goal)?;
                    Ok(Some((HeuristicKind::Pdb, None, Some((path, pdb)))))
                }
                None => Err(Error::Database(DatabaseError::MultiTileNotFound {
                    shape,
                    path: self.dir().map(|dir| dir.join(multi_tile_file_name(shape))),
                })),
            },
            HeuristicChoice::Auto => {
                if algorithm == npuzzle::Algorithm::IdaStar && blank_in_corner(goal) {
                    if let Some((path, pdb)) = self.multi_tile_for(shape)? {
                        if pdb.heuristic(goal).is_ok() {
                            return Ok(Some((HeuristicKind::Pdb, None, Some((path, pdb)))));
                        }
                    }
                }
                let using = if HeuristicKind::WalkingDistance.supports(shape) {
                    HeuristicKind::WalkingDistance
                } else {
                    HeuristicKind::Manhattan
                };
                Ok(Some((using, None, None)))
            }
            HeuristicChoice::Kind(_) => Ok(None),
        }
    }

    /// The source's multi-tile database for boards of `shape`, opened once
    /// and kept (as is an error, named as the database's).
    fn multi_tile_for(&self, shape: npuzzle::Shape) -> Result<Option<MultiTile>, Error> {
        let Some(source) = &self.source else {
            return Ok(None);
        };
        // Held while the file is read, so that threads asking at once read it once.
        let mut cache = lock(&self.multi_tile);
        cache
            .entry(shape)
            .or_insert_with(|| {
                source.multi_tile(shape).map_err(|problem| {
                    Error::Database(DatabaseError::MultiTileUnusable {
                        shape,
                        problem: Box::new(problem),
                    })
                })
            })
            .clone()
    }

    /// The strongest databases in the directory that `wanted` accepts, read
    /// together as one [`PdbSet`]: the partitions ranked by their smallest
    /// pattern (one weak pattern drags a whole sum down: on the 24-puzzle
    /// 7-7-7-3 alone expands more nodes than 6-6-6-6), then by size, and
    /// taken in that order while the set stays within the views the
    /// specialised IDA* reads in one pass, and within
    /// [`partitions_read_together`] (on 5×5, two five-pattern sets or the first alone). Of several files for the same
    /// partition the kind measured fastest is read ([`preference`]), else the
    /// largest. Each file is opened once: the databases read are the ones
    /// whose headers were ranked. A file that cannot be opened is told to
    /// [`on_unusable`](Solvers::on_unusable) and returned in
    /// [`Found::broken`] if it could hold what `wanted` accepts (its header
    /// says so, or cannot be read).
    fn strongest(&self, wanted: impl Fn(&PdbSpec) -> bool) -> Result<Found, Error> {
        let Some(source) = &self.source else {
            return Ok(Found {
                set: None,
                broken: Vec::new(),
            });
        };
        let mut found: Vec<(PdbInfo, Arc<AdditivePdb>)> = Vec::new();
        let mut broken = Vec::new();
        for (path, opened) in source.list()? {
            let pdb = match opened {
                Ok(pdb) => pdb,
                Err(e) => {
                    self.tell_unusable(&path, &e);
                    if claimed_spec(&e).is_none_or(&wanted) {
                        broken.push((path, e));
                    }
                    continue;
                }
            };
            let info = pdb.info();
            if !wanted(&info.spec) {
                continue;
            }
            let rank = |i: &PdbInfo| (preference(i.spec.kind()), i.bytes);
            match found
                .iter_mut()
                .find(|(seen, _)| seen.spec.partition() == info.spec.partition())
            {
                Some(same) if rank(&same.0) >= rank(&info) => {}
                Some(same) => *same = (info, pdb),
                None => found.push((info, pdb)),
            }
        }
        let smallest = |info: &PdbInfo| info.tables.iter().map(|(tiles, ..)| tiles.len()).min().unwrap_or(0);
        found.sort_by_key(|(info, _)| std::cmp::Reverse((smallest(info), preference(info.spec.kind()), info.bytes)));
        let mut members: Vec<Arc<AdditivePdb>> = Vec::new();
        let mut views = 0;
        for (info, pdb) in found {
            let strongest = members.first().map_or(pdb.patterns().len(), |m| m.patterns().len());
            if members.len() >= partitions_read_together(info.spec.shape(), strongest) {
                break;
            }
            let more = 1 + usize::from(pdb.reflection().is_some());
            let fits = views + more <= pdb::MAX_FIXED_VIEWS && pdb.patterns().len() <= pdb::MAX_FIXED_PATTERNS;
            if members.is_empty() || (fits && members.iter().all(|m| m.patterns().len() <= pdb::MAX_FIXED_PATTERNS)) {
                views += more;
                members.push(pdb);
            }
        }
        let set = if members.is_empty() {
            None
        } else {
            Some(Arc::new(PdbSet::new(members)?))
        };
        Ok(Found { set, broken })
    }

    /// Tells `on_unusable` about the file at `path`, once.
    fn tell_unusable(&self, path: &Path, error: &Error) {
        if let Some(notify) = &self.on_unusable {
            if lock(&self.told_unusable).insert(path.to_path_buf()) {
                notify(path, error);
            }
        }
    }
}

/// Whether `goal` has its blank in a corner, where a multi-tile database
/// reads it.
fn blank_in_corner(goal: &Goal) -> bool {
    let shape = goal.shape();
    let (w, h) = (shape.width(), shape.height());
    let blank = goal.board().blank();
    let (row, col) = (blank / w, blank % w);
    (row == 0 || row == h - 1) && (col == 0 || col == w - 1)
}

/// How many partitions `auto` reads together on boards of `shape`, the
/// strongest having `patterns` patterns. On 5×5 two when it has five (the
/// small sets `pdb build --fit 64M` makes: `5-5-5-5-4` and `5-5-5-5-4b`,
/// whose sum's maximum answers `anytime --timeout 100ms` 1.10–1.11 times
/// the optimal length against 1.12–1.14 with the first alone,
/// `bench/RESULTS-realtime.md`), else one: a second set beside 6-6-6-6
/// (7-7-7-3 beside the compact 6-6-6-6) saves nodes but costs more per node
/// than it saves — over Korf–Felner #40, #25, #38, #44 and #1 with dual
/// lookups, 69.9 and 79.6 CPU-s against 57.3 and 66.4 for the compact set
/// alone, in two runs (`bench/RESULTS-24.md`). Elsewhere as many as the
/// specialised IDA* reads in one pass.
fn partitions_read_together(shape: npuzzle::Shape, patterns: usize) -> usize {
    match (shape.width(), shape.height(), patterns) {
        (5, 5, 5) => 2,
        (5, 5, _) => 1,
        _ => usize::MAX,
    }
}

/// What a database file that cannot be opened says it holds, when its
/// header could be read that far.
fn claimed_spec(e: &Error) -> Option<&PdbSpec> {
    match e {
        Error::Database(DatabaseError::Magic { spec, .. })
        | Error::Database(DatabaseError::Version { spec, .. })
        | Error::Database(DatabaseError::Mismatch { spec, .. })
        | Error::Database(DatabaseError::Truncated { spec, .. })
        | Error::Database(DatabaseError::Checksum { spec, .. })
        | Error::Database(DatabaseError::Corrupt { spec, .. }) => spec.as_deref(),
        _ => None,
    }
}

/// How much `auto` prefers a kind of table among files of one partition:
/// compact zero-aware tables first (on the five Korf–Felner 24-puzzles of
/// `bench/RESULTS-24.md` they take less CPU time than either of the others,
/// with about the zero-aware node counts), then zero-aware ones (never
/// below the classic values), then classic ones.
fn preference(kind: TableKind) -> u8 {
    match kind {
        TableKind::Compact => 2,
        TableKind::ZeroAware => 1,
        _ => 0,
    }
}

fn lock<T>(m: &Mutex<T>) -> std::sync::MutexGuard<'_, T> {
    // A panic elsewhere cannot leave these maps half-updated: each insert is one call.
    m.lock().unwrap_or_else(std::sync::PoisonError::into_inner)
}

#[cfg(test)]
mod tests {
    use super::*;
    use npuzzle::heuristic::Heuristic;
    use npuzzle::search::SolverOptions;
    use npuzzle::Board;

    fn save(goal: &Goal, partition: &str, dir: &std::path::Path) {
        let spec = PdbSpec::parse(goal, partition).unwrap();
        AdditivePdb::build(&spec, &Default::default(), &mut |_| {})
            .unwrap()
            .save(dir)
            .unwrap();
    }

    /// Cuts the file `saved` to half its length, as a killed copy would.
    fn truncate(saved: &std::path::Path) {
        let bytes = std::fs::read(saved).unwrap();
        std::fs::write(saved, &bytes[..bytes.len() / 2]).unwrap();
    }

    /// Regression: a broken file was skipped as if it were not there, so the
    /// user was told "no pattern database" about a directory holding one.
    #[test]
    fn a_broken_file_that_could_hold_the_databases_is_named() {
        let dir = tempfile::tempdir().unwrap();
        let goal = Goal::standard("3x3".parse().unwrap());
        save(&goal, "1,2,3,4/5,6,7,8", dir.path());
        let spec = PdbSpec::parse(&goal, "1,2,3,4/5,6,7,8").unwrap();
        let path = dir.path().join(spec.file_name());
        truncate(&path);
        let told = Arc::new(Mutex::new(Vec::new()));
        let seen = Arc::clone(&told);
        let pdb = SolverOptions::default().with_algorithm(npuzzle::Algorithm::IdaStar);
        let solvers = Solvers::new(pdb, HeuristicChoice::Kind(HeuristicKind::Pdb))
            .with_pdb_dir(dir.path())
            .on_unusable(move |path, e| seen.lock().unwrap().push((path.to_path_buf(), e.clone())));
        let err = solvers.get(&goal).unwrap_err();
        let Error::Database(DatabaseError::Unusable { problem, others, .. }) = &err else {
            panic!("{err:?}")
        };
        assert!(
            matches!(&**problem, Error::Database(DatabaseError::Truncated { path: p, .. }) if *p == path),
            "{problem:?}"
        );
        assert!(others.is_empty());
        let message = err.to_string();
        assert!(
            message.starts_with(&format!(
                "no usable pattern database for 3x3 boards with goal 1 2 3 4 5 6 7 8 x in {}: {} is truncated",
                dir.path().display(),
                path.display()
            )),
            "{message}"
        );
        // A partition named gets the same, and the file is told once.
        let named = Solvers::new(pdb, HeuristicChoice::Auto)
            .with_pdb_dir(dir.path())
            .with_partition("1,2,3,4/5,6,7,8");
        assert!(matches!(
            named.get(&goal),
            Err(Error::Database(DatabaseError::Unusable { .. }))
        ));
        assert!(solvers.get(&goal).is_err());
        assert_eq!(told.lock().unwrap().len(), 1);
        assert_eq!(told.lock().unwrap()[0].0, path);
        // `auto` falls back and says which file it passed over.
        let fallbacks = Arc::new(Mutex::new(Vec::new()));
        let seen = Arc::clone(&fallbacks);
        let auto = Solvers::new(pdb, HeuristicChoice::Auto)
            .with_pdb_dir(dir.path())
            .on_fallback(move |f| seen.lock().unwrap().push(f.clone()));
        assert_eq!(
            auto.get(&goal).unwrap().options().heuristic,
            HeuristicKind::LinearConflict
        );
        let fallbacks = fallbacks.lock().unwrap();
        assert_eq!(fallbacks.len(), 1);
        assert!(
            matches!(
                &fallbacks[0].broken[..],
                [Error::Database(DatabaseError::Truncated { .. })]
            ),
            "{fallbacks:?}"
        );
        // A broken file whose header names another goal is no candidate.
        let other = Goal::blank_first("3x3".parse().unwrap());
        assert!(matches!(
            solvers.get(&other),
            Err(Error::Database(DatabaseError::NotFound { .. }))
        ));
        // With a good file for the goal it answers; the broken one was told.
        save(&goal, "1,2,3/4,5,6,7,8", dir.path());
        let fresh = Solvers::new(pdb, HeuristicChoice::Kind(HeuristicKind::Pdb)).with_pdb_dir(dir.path());
        assert_eq!(fresh.get(&goal).unwrap().pdb_set().unwrap().label(), "1,2,3/4,5,6,7,8");
        // A file whose header cannot be read might hold anything: named too.
        let junk = tempfile::tempdir().unwrap();
        std::fs::write(junk.path().join("a.pdb"), b"junk").unwrap();
        std::fs::write(junk.path().join("b.pdb"), b"more junk").unwrap();
        let solvers = Solvers::new(pdb, HeuristicChoice::Kind(HeuristicKind::Pdb)).with_pdb_dir(junk.path());
        let err = solvers.get(&goal).unwrap_err();
        assert!(
            matches!(&err, Error::Database(DatabaseError::Unusable { problem, others, .. })
                if matches!(**problem, Error::Database(DatabaseError::Magic { .. })) && *others == [junk.path().join("b.pdb")]),
            "{err:?}"
        );
        assert!(err.to_string().ends_with(&format!(
            " (and {} cannot be used either)",
            junk.path().join("b.pdb").display()
        )));
    }

    #[test]
    fn staged_improvement_reads_the_4x4_and_5x5_blank_first_databases_for_its_core() {
        let dir = tempfile::tempdir().unwrap();
        save(
            &Goal::blank_first("4x4".parse().unwrap()),
            "1,2,3,4/5,6,7,8/9,10,11,12/13,14,15",
            dir.path(),
        );
        let goal = Goal::standard("6x6".parse().unwrap());
        let greedy = SolverOptions::default().with_algorithm(npuzzle::Algorithm::Greedy);
        let improving = greedy.with_improve(Some(std::time::Duration::from_millis(100)));
        let solvers = Solvers::new(improving, HeuristicChoice::Auto).with_pdb_dir(dir.path());
        let goals = |s: &Solvers| -> Vec<Goal> {
            let solver = s.get(&goal).unwrap();
            solver.core_pdbs().iter().map(|set| set.goal().clone()).collect()
        };
        assert_eq!(goals(&solvers), [Goal::blank_first("4x4".parse().unwrap())]);
        // The 5×5 blank-first databases too, for the weighted 5×5 finish.
        save(
            &Goal::blank_first("5x5".parse().unwrap()),
            "1,2,3/4,5,6/7,8,9/10,11,12/13,14,15/16,17,18/19,20,21/22,23,24",
            dir.path(),
        );
        let both = Solvers::new(improving, HeuristicChoice::Auto).with_pdb_dir(dir.path());
        assert_eq!(
            goals(&both),
            [
                Goal::blank_first("4x4".parse().unwrap()),
                Goal::blank_first("5x5".parse().unwrap())
            ]
        );
        // Not without --improve, nor past 64 cells, nor without the file.
        let plain = Solvers::new(greedy, HeuristicChoice::Auto).with_pdb_dir(dir.path());
        assert!(plain.get(&goal).unwrap().core_pdbs().is_empty());
        assert!(solvers
            .get(&Goal::standard("9x9".parse().unwrap()))
            .unwrap()
            .core_pdbs()
            .is_empty());
        let empty = tempfile::tempdir().unwrap();
        let none = Solvers::new(improving, HeuristicChoice::Auto).with_pdb_dir(empty.path());
        assert!(none.get(&goal).unwrap().core_pdbs().is_empty());
    }

    #[test]
    fn auto_reads_the_strongest_partitions_present_together() {
        let dir = tempfile::tempdir().unwrap();
        let goal = Goal::standard("3x3".parse().unwrap());
        for partition in ["1,2/3,4,5,6,7,8", "1,2,3,4/5,6,7,8", "1,2,3/4,5,6,7,8"] {
            save(&goal, partition, dir.path());
        }
        let solvers = Solvers::new(SolverOptions::default(), HeuristicChoice::Auto).with_pdb_dir(dir.path());
        let solver = solvers.get(&goal).unwrap();
        let set = solver.pdb_set().unwrap();
        // Ranked by the smallest pattern; each has a mirror image, so two
        // partitions fill the four views and the weakest is left out.
        assert_eq!(set.label(), "1,2,3,4/5,6,7,8 + 1,2,3/4,5,6,7,8");
        assert!(set.members().iter().all(|m| m.reflection().is_some()));
        let board: Board = "8 6 7 2 5 4 3 x 1".parse().unwrap();
        let both = set.members().iter().map(|m| m.estimate(board.tiles())).max();
        assert_eq!(Some(set.estimate(board.tiles())), both);
        let report = solver.solve(&board, &goal).unwrap();
        assert!(
            matches!(&report.outcome, npuzzle::Outcome::Solved(s) if s.len() == 31),
            "{report:?}"
        );
        // Named databases read exactly the partition named.
        let named = Solvers::new(SolverOptions::default(), HeuristicChoice::Auto)
            .with_pdb_dir(dir.path())
            .with_partition("1,2/3,4,5,6,7,8");
        assert_eq!(named.get(&goal).unwrap().pdb_set().unwrap().label(), "1,2/3,4,5,6,7,8");
        // A zero-aware file takes the place of the classic one of its partition.
        let spec = PdbSpec::parse(&goal, "1,2,3,4/5,6,7,8").unwrap().with_zero_aware(true);
        AdditivePdb::build(&spec, &Default::default(), &mut |_| {})
            .unwrap()
            .save(dir.path())
            .unwrap();
        let solvers = Solvers::new(SolverOptions::default(), HeuristicChoice::Auto).with_pdb_dir(dir.path());
        let label = solvers.get(&goal).unwrap().pdb_set().unwrap().label();
        assert_eq!(label, "1,2,3,4/5,6,7,8 zero-aware + 1,2,3/4,5,6,7,8");
        let named = Solvers::new(SolverOptions::default(), HeuristicChoice::Auto)
            .with_pdb_dir(dir.path())
            .with_partition("1,2,3,4/5,6,7,8");
        let label = named.get(&goal).unwrap().pdb_set().unwrap().label();
        assert_eq!(label, "1,2,3,4/5,6,7,8 zero-aware");
        // A compact one, measured faster, takes the place of both.
        let zero = AdditivePdb::open(&dir.path().join(spec.file_name()), &spec).unwrap();
        zero.compact(1).unwrap().save(dir.path()).unwrap();
        let solvers = Solvers::new(SolverOptions::default(), HeuristicChoice::Auto).with_pdb_dir(dir.path());
        let solver = solvers.get(&goal).unwrap();
        let label = solver.pdb_set().unwrap().label();
        assert_eq!(label, "1,2,3,4/5,6,7,8 zero-aware compact + 1,2,3/4,5,6,7,8");
        let report = solver.solve(&board, &goal).unwrap();
        assert!(
            matches!(&report.outcome, npuzzle::Outcome::Solved(s) if s.len() == 31),
            "{report:?}"
        );
    }

    #[test]
    fn the_multi_tile_metric_reads_the_multi_tile_file_and_falls_back_without_it() {
        use npuzzle::heuristic::mtm_pdb::{MtmPdb, RegionLayout};
        use npuzzle::{Algorithm, Metric};
        let dir = tempfile::tempdir().unwrap();
        let shape: npuzzle::Shape = "3x2".parse().unwrap();
        let goal = Goal::standard(shape);
        let ida = SolverOptions::default()
            .with_algorithm(Algorithm::IdaStar)
            .with_metric(Metric::Mtm);
        let solvers = |choice| Solvers::new(ida, choice).with_pdb_dir(dir.path());
        // Without the file: `auto` reads Manhattan distance (multi-tile), `pdb` names the file.
        let auto = solvers(HeuristicChoice::Auto).get(&goal).unwrap();
        assert_eq!(auto.options().heuristic, HeuristicKind::Manhattan);
        assert!(auto.mtm_pdb().is_none());
        let path = dir.path().join("3x2-multi-tile.mtm");
        let err = solvers(HeuristicChoice::Kind(HeuristicKind::Pdb))
            .get(&goal)
            .unwrap_err();
        assert_eq!(
            err,
            Error::Database(DatabaseError::MultiTileNotFound {
                shape,
                path: Some(path.clone())
            })
        );
        // With it, both read it, one database for every goal with the blank in a corner.
        MtmPdb::build(RegionLayout::default_for(shape).unwrap(), 1)
            .unwrap()
            .write(&path)
            .unwrap();
        for choice in [HeuristicChoice::Auto, HeuristicChoice::Kind(HeuristicKind::Pdb)] {
            let solvers = solvers(choice);
            let solver = solvers.get(&goal).unwrap();
            assert_eq!(solver.options().heuristic, HeuristicKind::Pdb);
            let other = solvers.get(&Goal::blank_first(shape)).unwrap();
            assert!(Arc::ptr_eq(solver.mtm_pdb().unwrap(), other.mtm_pdb().unwrap()));
            let board = Board::parse("x 5 4 3 2 1", Some(shape)).unwrap();
            let report = solver.solve(&board, &goal).unwrap();
            let bfs = Solver::new(ida.with_algorithm(Algorithm::Bfs))
                .solve(&board, &goal)
                .unwrap();
            let length = |r: &npuzzle::Report| Metric::Mtm.length(r.outcome.solution().unwrap().moves());
            assert_eq!(length(&report), length(&bfs));
        }
        // `auto` leaves it for a goal it cannot read, and for searches that read no heuristic.
        let middle = Goal::parse("1 x 2 3 4 5", shape).unwrap();
        let auto = solvers(HeuristicChoice::Auto);
        assert_eq!(auto.get(&middle).unwrap().options().heuristic, HeuristicKind::Manhattan);
        let pdb = solvers(HeuristicChoice::Kind(HeuristicKind::Pdb));
        assert!(matches!(
            pdb.get(&middle),
            Err(Error::Database(DatabaseError::Unsupported { .. }))
        ));
        let bfs = Solvers::new(ida.with_algorithm(Algorithm::Bfs), HeuristicChoice::Auto).with_pdb_dir(dir.path());
        assert!(bfs.get(&goal).unwrap().mtm_pdb().is_none());
        // A broken file is named where it would be read, once.
        let bytes = std::fs::read(&path).unwrap();
        std::fs::write(&path, &bytes[..bytes.len() - 1]).unwrap();
        for choice in [HeuristicChoice::Auto, HeuristicChoice::Kind(HeuristicKind::Pdb)] {
            let err = solvers(choice).get(&goal).unwrap_err();
            let Error::Database(DatabaseError::MultiTileUnusable { problem, .. }) = &err else {
                panic!("{err:?}")
            };
            assert!(
                matches!(&**problem, Error::Database(DatabaseError::Truncated { path: p, .. }) if *p == path),
                "{problem:?}"
            );
            assert!(err.to_string().contains(&path.display().to_string()), "{err}");
        }
        // The single-tile metric never looks at it.
        let stm = Solvers::new(
            SolverOptions::default().with_algorithm(Algorithm::IdaStar),
            HeuristicChoice::Auto,
        )
        .with_pdb_dir(dir.path());
        assert!(stm.get(&goal).unwrap().mtm_pdb().is_none());
    }

    /// Issue 28, item 16: with every 5×5 database present, `auto` read the
    /// set that expands fewest nodes (compact 6-6-6-6 + 7-7-7-3), slower
    /// than the compact set alone. Small partitions stand in for them here.
    #[test]
    fn auto_reads_one_partition_on_5x5() {
        let dir = tempfile::tempdir().unwrap();
        let goal = Goal::blank_first("5x5".parse().unwrap());
        for partition in ["1,2/3,4", "1,2,3/4,5"] {
            save(&goal, partition, dir.path());
        }
        let solvers = Solvers::new(SolverOptions::default(), HeuristicChoice::Auto).with_pdb_dir(dir.path());
        let solver = solvers.get(&goal).unwrap();
        let set = solver.pdb_set().unwrap();
        // The first ranked (by its smallest pattern, then size) alone.
        assert_eq!(set.label(), "1,2,3/4,5");
        assert_eq!(set.members().len(), 1);
    }

    /// The two five-pattern sets `pdb build --fit 64M` makes on 5×5
    /// (`5-5-5-5-4` and `5-5-5-5-4b`) are read together, beside nothing
    /// stronger; small partitions of five patterns stand in for them.
    #[test]
    fn auto_reads_two_five_pattern_partitions_together_on_5x5() {
        let dir = tempfile::tempdir().unwrap();
        let goal = Goal::blank_first("5x5".parse().unwrap());
        let (a, b) = ("1,2/3,4/5,6/7,8/9,10", "1,3/2,4/5,7/6,8/9,11");
        for partition in [a, b] {
            save(&goal, partition, dir.path());
        }
        let solvers = Solvers::new(SolverOptions::default(), HeuristicChoice::Auto).with_pdb_dir(dir.path());
        let set = solvers.get(&goal).unwrap().pdb_set().unwrap().clone();
        assert_eq!(set.members().len(), 2, "{}", set.label());
        // Beside a stronger four-pattern set, the first alone.
        save(&goal, "1,2,3/4,5,6/7,8,9/10,11,12", dir.path());
        let solvers = Solvers::new(SolverOptions::default(), HeuristicChoice::Auto).with_pdb_dir(dir.path());
        let set = solvers.get(&goal).unwrap().pdb_set().unwrap().clone();
        assert_eq!(set.label(), "1,2,3/4,5,6/7,8,9/10,11,12");
        assert_eq!(set.members().len(), 1);
    }
}
