//! Dual lookups: the same databases read a second time, on the inverse of
//! the board (Felner, Zahavi, Schaeffer & Holte 2005; Zahavi, Felner,
//! Holte & Schaeffer 2006), as [`DualPdb`] and, for the specialised IDA*,
//! [`FixedDualPdb`].
//!
//! ## The dual of a board
//!
//! Name every tile by its goal cell, so that the goal reads `0 1 2 …` (on
//! the `blank-first` goal the names are the tiles themselves). A board is
//! then a permutation `S` (cell → name) and a move swaps the blank's cell
//! with a neighbouring one. If the moves `o1 … ok` bring `S` home, then
//! `S⁻¹` — in cell `c` the name of the cell where the tile named `c` sits —
//! is brought home by the same swaps in reverse order. Along that path the
//! name that moves every time is not the blank but `b`, the name of the
//! cell where `S`'s blank is (the swaps follow the blank's path, and
//! `S⁻¹` holds `b` wherever `S` held the blank). So `S⁻¹` is a board of a
//! puzzle whose "blank" is the tile named `b`, `k` moves from home, and
//! its real blank is a tile like any other.
//!
//! ## The estimate
//!
//! A pattern's database holds, for each placement of its tiles, the fewest
//! moves of those tiles to bring them home *with the blank ending in the
//! goal's free region around its goal cell* (the builder tracks the
//! blank's region, then keeps the minimum over where it starts). On `S⁻¹`
//! every move swaps `b` with one other tile, so a pattern that does not hold
//! `b` sees a legal path of its abstraction, ending with `b` — the
//! stand-in blank — on cell `b`. When cell `b` lies in the pattern's goal
//! region (the cells its home placement leaves free and joined to the
//! blank's goal cell), that end is one of the database's goals, and the
//! pattern's value for its placement in `S⁻¹` (tile `t` on the cell named
//! by the tile that `S` has on `t`'s goal cell) is a lower bound on the
//! moves of its tiles; those bounds add up over such patterns. Every other
//! pattern — the one holding `b`, and those whose home placement walls the
//! blank's goal cell off from `b` — counts its Manhattan distance only. The
//! tiles outside the counted patterns add their Manhattan distance, which
//! over all names but `b` is the board's own Manhattan distance. So the dual
//! estimate is
//!
//! > Manhattan distance of the board + 2 × Σ values of the dual placements,
//! > over the patterns whose goal region holds the blank's cell,
//!
//! admissible on every board (the tests check it against exhaustive
//! breadth-first search, and that counting every pattern would not be). It
//! has the parity of the distance like the ordinary sum.
//!
//! A zero-aware table is read the same way, for the region of the dual's
//! stand-in blank: `S⁻¹` holds `b` where `S` held the blank, and the blank's
//! name is its goal cell, so `b` is always on the goal's blank cell. The
//! dual path is then a path of the zero-aware abstraction from (dual
//! placement, region of that cell) to (home, `b` on cell `b`), which is
//! one of the database's goals under the same rule, so the value is a
//! lower bound on the pattern's moves. While a pattern counts, neither its
//! dual placement nor that cell changes, so [`FixedDualPdb`] reads a
//! zero-aware table, like a classic one, only when its pattern starts
//! counting again.
//!
//! How much this leaves depends on the partition: Korf & Felner's 6-6-6-6
//! walls the blank's goal cell (the corner) in with its first pattern, which
//! then counts only when the blank is home; a partition that splits the
//! corner's two neighbours between two patterns leaves every pattern's goal
//! region whole, and only the pattern under the blank is left out.
//!
//! The dual estimate is not consistent: it changes by more than one move
//! between neighbours (when the blank crosses from one pattern's goal cells
//! to another's, a pattern comes back with its full value). The
//! specialised IDA* uses that with bidirectional pathmax (BPMX): a child
//! whose estimate exceeds its parent's remaining bound by more than the
//! move proves the parent over the bound, and the parent's remaining
//! children are cut (see [`FixedHeuristic::INCONSISTENT`](crate::heuristic::fixed::FixedHeuristic::INCONSISTENT)).
//!
//! Reflections commute with the dual (the dual of the mirror image is the
//! mirror image of the dual), so with a reflection there are four sums:
//! board, mirror image, and their duals; [`DualPdb`] takes the largest of
//! all of them over every member of a [`PdbSet`].

use super::{AdditivePdb, PdbSet};
use crate::board::Move;
use crate::heuristic::Heuristic;

mod fixed;

pub use fixed::{run_fixed_adaptive, run_fixed_dual, DualState, FixedDualPdb};

/// The largest of the ordinary sums and the dual sums (see the module
/// documentation) of every member of a set of databases, and of every
/// member's reflection: a slice-based [`Heuristic`] for any search, and
/// the reference the fixed-size form is tested against.
///
/// Admissible, not consistent: A* reopens states, and the specialised IDA*
/// reads it through [`FixedDualPdb`] with BPMX.
///
/// ```
/// use std::sync::Arc;
/// use npuzzle::heuristic::pdb::{AdditivePdb, DualPdb, PdbSpec};
/// use npuzzle::heuristic::Heuristic;
/// use npuzzle::{Goal, Move};
///
/// let goal = Goal::blank_first("3x3".parse()?);
/// let spec = PdbSpec::parse(&goal, "1,2,3,4/5,6,7,8")?;
/// let pdb = Arc::new(AdditivePdb::build(&spec, &Default::default(), &mut |_| {})?);
/// let dual = DualPdb::new(pdb.clone().into());
/// // Never below the ordinary sums, never above the 12 moves that made the board.
/// let board = goal.board().replay(&Move::parse_list("rdrdlulurrdd")?)?;
/// let h = dual.estimate(board.tiles());
/// assert!(h >= pdb.estimate(board.tiles()) && h <= 12);
/// assert_eq!(dual.estimate(goal.board().tiles()), 0);
/// # Ok::<(), npuzzle::Error>(())
/// ```
#[derive(Debug, Clone)]
pub struct DualPdb {
    set: PdbSet,
    /// [`goal_regions`] of each member.
    regions: Vec<Vec<Vec<bool>>>,
}

impl DualPdb {
    /// Over every member of `set`, with its reflection where it has one.
    pub fn new(set: PdbSet) -> DualPdb {
        let regions = set.members().iter().map(|m| goal_regions(m)).collect();
        DualPdb { set, regions }
    }

    /// The databases read.
    pub fn set(&self) -> &PdbSet {
        &self.set
    }
}

/// For each pattern of `pdb`, whether it counts on the dual while the
/// blank is on each cell: its goal region (see the module documentation).
pub(crate) fn goal_regions(pdb: &AdditivePdb) -> Vec<Vec<bool>> {
    let goal = pdb.spec().goal();
    let shape = goal.shape();
    pdb.patterns()
        .iter()
        .map(|db| {
            let mut wall = vec![false; shape.cells()];
            for &t in db.tiles() {
                wall[goal.position_of(t)] = true;
            }
            let mut region = vec![false; shape.cells()];
            let start = goal.position_of(0);
            region[start] = true;
            let mut stack = vec![start];
            while let Some(c) = stack.pop() {
                for mv in Move::ALL {
                    if let Some(n) = shape.step(c, mv) {
                        if !wall[n] && !region[n] {
                            region[n] = true;
                            stack.push(n);
                        }
                    }
                }
            }
            region
        })
        .collect()
}

/// The dual sum of one partition's databases for the board `tiles` (see
/// the module documentation).
pub(crate) fn dual_sum(pdb: &AdditivePdb, regions: &[Vec<bool>], tiles: &[u8]) -> u32 {
    let goal = pdb.spec().goal();
    let shape = goal.shape();
    let home = |t: u8| goal.position_of(t);
    let blank = tiles.iter().position(|&t| t == 0).unwrap_or(0);
    let mut sum: u32 = tiles
        .iter()
        .enumerate()
        .filter(|&(_, &t)| t != 0)
        .map(|(c, &t)| shape.distance(c, home(t)) as u32)
        .sum();
    let mut placement = Vec::new();
    for (db, region) in pdb.patterns().iter().zip(regions) {
        if !region[blank] {
            continue;
        }
        placement.clear();
        placement.extend(db.tiles().iter().map(|&t| home(tiles[home(t)]) as u8));
        // The stand-in blank `b` sits on the goal's blank cell in the dual.
        sum += 2 * u32::from(db.value_at(db.index(&placement), &placement, home(0) as u8));
    }
    sum
}

impl Heuristic for DualPdb {
    fn estimate(&self, tiles: &[u8]) -> u32 {
        let mut best = 0;
        for (pdb, regions) in self.set.members().iter().zip(&self.regions) {
            best = best.max(pdb.estimate(tiles)).max(dual_sum(pdb, regions, tiles));
            if let Some(r) = pdb.reflection() {
                best = best.max(dual_sum(pdb, regions, &r.reflect(tiles)));
            }
        }
        best
    }

    /// Recomputed: the dual sums change with the blank's cell, not only the moved tile.
    fn update(&self, tiles: &[u8], _h: u32, _tile: u8, _from: usize, _to: usize) -> u32 {
        self.estimate(tiles)
    }
}

#[cfg(test)]
mod tests;
