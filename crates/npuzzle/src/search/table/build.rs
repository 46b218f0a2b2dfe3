//! The breadth-first build over the whole solvable space: the frontier in
//! recycled chunks, packed states, ranks, and the budget checks.

use super::*;
use crate::error::Refusal;

/// The refusal of a board of `shape`, over [`MAX_TABLE_CELLS`] cells: the
/// build's, and [`Solver::check`](crate::Solver::check)'s before it.
pub(crate) fn too_big(shape: Shape) -> Error {
    Error::Refused(Refusal::Unsupported {
        algorithm: ALGORITHM,
        shape,
        reason: format!(
            "a complete table has {}!/2 states; only boards of at most {MAX_TABLE_CELLS} cells \
             (up to 3x4 and 2x6) fit in memory",
            shape.cells()
        ),
    })
}

/// What the breadth-first search needs to know about a shape.
#[derive(Debug, Clone)]
pub(super) struct Geometry {
    pub(super) shape: Shape,
    pub(super) states: u64,
    /// (N-1)!/2: states per blank cell.
    pub(super) per_blank: u64,
    pub(super) neighbours: Neighbours,
}

impl Geometry {
    pub(super) fn new(shape: Shape) -> Result<Geometry, Error> {
        let n = shape.cells();
        if n > MAX_TABLE_CELLS {
            return Err(too_big(shape));
        }
        let per_blank = FACT[n - 1] / 2;
        Ok(Geometry {
            shape,
            states: per_blank * n as u64,
            per_blank,
            neighbours: Neighbours::new(shape),
        })
    }
}

/// The BFS frontier: packed states in fixed-size chunks.
#[derive(Default)]
pub(super) struct Frontier {
    pub(super) chunks: Vec<Vec<u64>>,
    pub(super) len: u64,
}

impl Frontier {
    pub(super) fn len(&self) -> u64 {
        self.len
    }

    pub(super) fn get(&self, i: u64) -> u64 {
        self.chunks[(i / CHUNK as u64) as usize][(i % CHUNK as u64) as usize]
    }
}

/// Spare chunks and the memory accounting of the frontiers.
pub(super) struct Chunks {
    pub(super) spare: Vec<Vec<u64>>,
    pub(super) allocated: u64,
    pub(super) fixed_bytes: u64,
    pub(super) peak_bytes: u64,
    pub(super) max_memory: Option<u64>,
    pub(super) shape: Shape,
}

impl Chunks {
    #[inline]
    pub(super) fn push(&mut self, frontier: &mut Frontier, state: u64) -> Result<(), Error> {
        match frontier.chunks.last_mut() {
            Some(last) if last.len() < CHUNK => last.push(state),
            _ => {
                let mut chunk = self.take()?;
                chunk.push(state);
                frontier.chunks.push(chunk);
            }
        }
        frontier.len += 1;
        Ok(())
    }

    #[cold]
    pub(super) fn take(&mut self) -> Result<Vec<u64>, Error> {
        if let Some(chunk) = self.spare.pop() {
            return Ok(chunk);
        }
        let bytes = self.fixed_bytes + (self.allocated + 1) * (CHUNK as u64 * 8);
        if let Some(limit) = self.max_memory.filter(|&m| bytes > m) {
            return Err(budget_error(self.shape, BudgetKind::Memory, bytes, limit));
        }
        self.allocated += 1;
        self.peak_bytes = self.peak_bytes.max(bytes);
        Ok(Vec::with_capacity(CHUNK))
    }

    pub(super) fn recycle(&mut self, mut chunk: Vec<u64>) {
        chunk.clear();
        self.spare.push(chunk);
    }
}

pub(super) struct Bfs {
    /// Two states a byte: `VISITED` and the move toward the goal.
    pub(super) marks: Vec<u8>,
    pub(super) layers: Vec<u64>,
}

/// Breadth-first search over every board that reaches `goal_tiles`, marking
/// each with the move back toward the goal. `on_layer` sees each complete
/// layer and may stop the search. `extra_bytes` is memory the caller will
/// need beside the marks, counted against the budget up front.
pub(super) fn breadth_first(
    g: &Geometry,
    goal_tiles: &[u8],
    budget: Budget,
    extra_bytes: u64,
    progress: &mut dyn FnMut(Progress),
    mut on_layer: impl FnMut(u32, &Frontier) -> ControlFlow<()>,
) -> Result<Bfs, Error> {
    let started = Instant::now();
    let n = g.shape.cells();
    let marks_bytes = g.states.div_ceil(2);
    let fixed_bytes = marks_bytes + extra_bytes;
    if let Some(limit) = budget.max_memory.filter(|&m| fixed_bytes > m) {
        return Err(budget_error(g.shape, BudgetKind::Memory, fixed_bytes, limit));
    }
    let mut marks = vec![0u8; marks_bytes as usize];
    let mut chunks = Chunks {
        spare: Vec::new(),
        allocated: 0,
        fixed_bytes,
        peak_bytes: fixed_bytes,
        max_memory: budget.max_memory,
        shape: g.shape,
    };
    let goal_packed = crate::packed::pack(goal_tiles);
    let goal_blank = goal_tiles.iter().position(|&t| t == 0).unwrap_or(0);
    let rank =
        with_tile_count!(n - 1, K => rank_and_parity::<K>(goal_packed, goal_blank).0, Err(unsupported_size(g.shape))?);
    let goal_index = goal_blank as u64 * g.per_blank + rank;
    marks[(goal_index >> 1) as usize] |= VISITED << ((goal_index & 1) * 4);
    let mut current = Frontier::default();
    chunks.push(
        &mut current,
        goal_packed | (goal_blank as u64) << BLANK_SHIFT | NO_MOVE << BACK_SHIFT,
    )?;
    let mut layers = vec![1u64];
    let mut expanded = 0u64;
    if on_layer(0, &current).is_break() {
        return Ok(Bfs { marks, layers });
    }
    loop {
        let distance = layers.len() as u32 - 1;
        let mut next = Frontier::default();
        for chunk in std::mem::take(&mut current.chunks) {
            with_tile_count!(
                n - 1,
                K => expand::<K>(g, &chunk, &mut marks, &mut chunks, &mut next)?,
                return Err(unsupported_size(g.shape))
            );
            expanded += chunk.len() as u64;
            chunks.recycle(chunk);
            progress(Progress {
                distance,
                visited: layers.iter().sum::<u64>() + next.len(),
                total: g.states,
            });
            check_time_and_nodes(g.shape, budget, started, expanded)?;
        }
        if next.len() == 0 {
            break;
        }
        layers.push(next.len());
        if on_layer(distance + 1, &next).is_break() {
            break;
        }
        current = next;
    }
    Ok(Bfs { marks, layers })
}

/// Expands packed states: every unvisited child is marked with the move back
/// toward the goal and pushed onto `next`.
///
/// Children are ranked for a batch of states first and looked up after: the
/// lookups then do not wait on each other, so their cache misses overlap
/// (the big tables do not fit in any cache).
#[inline(always)]
pub(super) fn expand<const K: usize>(
    g: &Geometry,
    states: &[u64],
    marks: &mut [u8],
    chunks: &mut Chunks,
    next: &mut Frontier,
) -> Result<(), Error> {
    const BATCH: usize = 64;
    let mut children = [0u64; BATCH * 4];
    let mut indices = [0u64; BATCH * 4];
    for batch in states.chunks(BATCH) {
        let mut count = 0;
        for &state in batch {
            let tiles = state & TILE_BITS;
            let blank = ((state >> BLANK_SHIFT) & 0xf) as usize;
            // The move back leads to the parent, already visited (none at the goal).
            let back = Move::ALL.get((state >> BACK_SHIFT) as usize).copied();
            for (mv, to) in g.neighbours.moves_from(blank).without(back) {
                let m = mv.index();
                let child = crate::packed::slide(tiles, blank, to);
                indices[count] = to as u64 * g.per_blank + half_rank::<K>(child, to);
                children[count] = child | (to as u64) << BLANK_SHIFT | u64::from(OPPOSITE[m]) << BACK_SHIFT;
                count += 1;
            }
        }
        for (&index, &child) in indices[..count].iter().zip(&children[..count]) {
            let byte = &mut marks[(index >> 1) as usize];
            let shift = (index & 1) * 4;
            if (*byte >> shift) & VISITED == 0 {
                *byte |= (VISITED | (child >> BACK_SHIFT) as u8) << shift;
                chunks.push(next, child)?;
            }
        }
    }
    Ok(())
}

pub(super) fn check_time_and_nodes(shape: Shape, budget: Budget, started: Instant, expanded: u64) -> Result<(), Error> {
    if let Some(limit) = budget.max_nodes.filter(|&m| expanded >= m) {
        return Err(budget_error(shape, BudgetKind::Nodes, expanded, limit));
    }
    if let Some(limit) = budget.timeout.filter(|&t| started.elapsed() >= t) {
        let ms = |d: std::time::Duration| d.as_millis().try_into().unwrap_or(u64::MAX);
        return Err(budget_error(shape, BudgetKind::Time, ms(started.elapsed()), ms(limit)));
    }
    Ok(())
}

pub(super) fn unsupported_size(shape: Shape) -> Error {
    Error::Refused(Refusal::Unsupported {
        algorithm: ALGORITHM,
        shape,
        reason: "no table layout for this number of cells".to_string(),
    })
}

pub(super) fn budget_error(shape: Shape, kind: BudgetKind, used: u64, limit: u64) -> Error {
    Error::Refused(Refusal::BuildBudget {
        what: WHAT,
        shape,
        kind,
        used,
        limit,
    })
}

pub(super) fn moves_words(states: u64) -> usize {
    states.div_ceil(32) as usize
}

/// The packed tiles without the blank's nibble: `k` tiles in order.
#[inline(always)]
pub(super) fn without_blank(tiles: u64, blank: usize) -> u64 {
    let low = (1u64 << (4 * blank)) - 1;
    (tiles & low) | ((tiles >> 4) & !low)
}

/// Lehmer rank of the `k` non-blank tiles (labels 1..=k), halved.
///
/// Digit i is "label minus the smaller labels already seen". Instead of a
/// popcount (not in the baseline x86-64 target) `less` keeps, in nibble `v`,
/// how many labels below `v` were seen; seeing `v` adds one to every nibble
/// above it.
#[inline(always)]
pub(super) fn half_rank<const K: usize>(tiles: u64, blank: usize) -> u64 {
    let rest = without_blank(tiles, blank);
    let mut less = 0u64;
    let mut r = 0u64;
    // The last digit is always 0.
    for i in 0..K - 1 {
        let v = ((rest >> (4 * i)) & 0xf) as u32;
        let digit = v - 1 - ((less >> (4 * v)) & 0xf) as u32;
        r += u64::from(digit) * FACT[K - 1 - i];
        less += NIBBLE_ONES << (4 * v + 4);
    }
    r >> 1
}

/// [`half_rank`] and whether the order is odd: the digits sum to the inversions.
#[inline(always)]
pub(super) fn rank_and_parity<const K: usize>(tiles: u64, blank: usize) -> (u64, bool) {
    let rest = without_blank(tiles, blank);
    let mut less = 0u64;
    let mut r = 0u64;
    let mut inversions = 0u32;
    for i in 0..K {
        let v = ((rest >> (4 * i)) & 0xf) as u32;
        let digit = v - 1 - ((less >> (4 * v)) & 0xf) as u32;
        r += u64::from(digit) * FACT[K - 1 - i];
        inversions += digit;
        less += NIBBLE_ONES << (4 * v + 4);
    }
    (r >> 1, inversions % 2 == 1)
}

/// Checks that `tiles` is a board of `shape`, cheaply; the precise error comes
/// from [`Board::new`].
pub(super) fn check_tiles(shape: Shape, tiles: &[u8]) -> Result<(), Error> {
    let n = shape.cells();
    let mut seen = 0u32;
    for &t in tiles {
        seen |= 1u32.checked_shl(u32::from(t)).unwrap_or(0);
    }
    if tiles.len() == n && seen == (1 << n) - 1 {
        Ok(())
    } else {
        Board::new(shape, tiles.to_vec()).map(|_| ())
    }
}

/// The boards exactly `distance` moves from `goal`, from the build's
/// breadth-first search stopped at that layer: `pick` gets the layer's size
/// and returns the indices wanted, whose tiles are returned. Empty if no
/// board is that far.
pub(crate) fn layer_at(
    goal: &Goal,
    distance: u32,
    budget: Budget,
    mut pick: impl FnMut(u64) -> Vec<u64>,
) -> Result<Vec<Vec<u8>>, Error> {
    let shape = goal.shape();
    let geometry = Geometry::new(shape)?;
    let mut picked = Vec::new();
    breadth_first(&geometry, goal.board().tiles(), budget, 0, &mut |_| {}, |d, layer| {
        if d < distance {
            return ControlFlow::Continue(());
        }
        let mut tiles = vec![0u8; shape.cells()];
        for i in pick(layer.len()) {
            crate::packed::unpack(layer.get(i) & TILE_BITS, &mut tiles);
            picked.push(tiles.clone());
        }
        ControlFlow::Break(())
    })?;
    Ok(picked)
}
