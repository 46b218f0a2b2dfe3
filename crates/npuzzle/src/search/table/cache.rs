//! Tables built once and shared: one per blank cell class and shape.

use super::*;

/// Tables kept for reuse, one per board shape and symmetry class of the goal's
/// blank cell, shared safely between threads. [`Solver`](crate::Solver) holds one.
///
/// ```
/// use npuzzle::search::table::TableCache;
/// use npuzzle::{Budget, Goal, Shape};
/// let cache = TableCache::default();
/// let shape = Shape::new(3, 3)?;
/// let a = cache.get(&Goal::standard(shape), Budget::default())?;
/// let b = cache.get(&Goal::blank_first(shape), Budget::default())?; // a corner too
/// assert!(std::sync::Arc::ptr_eq(&a, &b));
/// assert_eq!(cache.len(), 1);
/// # Ok::<(), npuzzle::Error>(())
/// ```
#[derive(Default)]
pub struct TableCache {
    tables: Mutex<HashMap<(Shape, usize), Arc<Table>>>,
    /// Shortest paths found by a search where no table was held (see [`TableCache::count_search`]).
    searched: AtomicU32,
}

impl fmt::Debug for TableCache {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let keys: Vec<String> = self
            .lock()
            .keys()
            .map(|(shape, cell)| format!("{shape}@{cell}"))
            .collect();
        f.debug_struct("TableCache").field("tables", &keys).finish()
    }
}

impl TableCache {
    /// The table that serves `goal`, built now if it is not cached yet.
    pub fn get(&self, goal: &Goal, budget: Budget) -> Result<Arc<Table>, Error> {
        self.get_with_progress(goal, budget, |_| {})
    }

    /// Like [`get`](TableCache::get), reporting the build's progress.
    pub fn get_with_progress(
        &self,
        goal: &Goal,
        budget: Budget,
        progress: impl FnMut(Progress),
    ) -> Result<Arc<Table>, Error> {
        let shape = goal.shape();
        let key = (shape, representative(shape, goal.position_of(0)));
        // The lock is held during a build so that two threads never build the same table.
        let mut tables = self.lock();
        if let Some(table) = tables.get(&key) {
            return Ok(Arc::clone(table));
        }
        let table = Arc::new(Table::build(goal, budget, progress)?);
        tables.insert(key, Arc::clone(&table));
        Ok(table)
    }

    /// The table that serves `goal` if one is held, without building it
    /// and without waiting: `None` also while any table is being built (a
    /// server asks this on an async worker, which must never wait for a
    /// build).
    ///
    /// ```
    /// use npuzzle::search::table::TableCache;
    /// use npuzzle::{Budget, Goal};
    /// let cache = TableCache::default();
    /// let goal = Goal::standard("3x3".parse()?);
    /// assert!(cache.cached(&goal).is_none());
    /// cache.get(&goal, Budget::default())?;
    /// assert_eq!(cache.cached(&goal).map(|t| t.diameter()), Some(31));
    /// # Ok::<(), npuzzle::Error>(())
    /// ```
    pub fn cached(&self, goal: &Goal) -> Option<Arc<Table>> {
        let shape = goal.shape();
        let key = (shape, representative(shape, goal.position_of(0)));
        let tables = match self.tables.try_lock() {
            Ok(tables) => tables,
            Err(std::sync::TryLockError::Poisoned(e)) => e.into_inner(),
            Err(std::sync::TryLockError::WouldBlock) => return None,
        };
        tables.get(&key).cloned()
    }

    /// Counts one shortest path found by a search because the table that
    /// would give it was not held, and returns how many were counted
    /// before: a caller that can do either builds the table once the
    /// searches have cost about what building it would.
    pub(crate) fn count_search(&self) -> u32 {
        self.searched.fetch_add(1, Ordering::Relaxed)
    }

    /// Number of tables held.
    pub fn len(&self) -> usize {
        self.lock().len()
    }

    /// Whether no table is held yet.
    pub fn is_empty(&self) -> bool {
        self.len() == 0
    }

    fn lock(&self) -> std::sync::MutexGuard<'_, HashMap<(Shape, usize), Arc<Table>>> {
        // A panic elsewhere cannot leave a half-inserted table: insertion is one call.
        self.tables.lock().unwrap_or_else(|e| e.into_inner())
    }
}
