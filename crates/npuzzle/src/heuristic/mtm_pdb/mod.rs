//! Multi-tile databases: an admissible bound in the multi-tile metric
//! (a run of tiles along a row or column slides in one move) from a
//! complete table of abstract boards.
//!
//! A [`RegionLayout`] puts the goal's cells in a few classes; a board is
//! read as the class of each tile's goal cell (the blank alone in its
//! class), and the table holds the multi-tile distance of every such
//! abstract board to the layout, found by breadth-first search. Every
//! move of a board is a move of its abstract board, so the distance there
//! is at most the board's own: the bound is admissible. On square boards a
//! second lookup reads the board reflected along the diagonal through the
//! blank's corner, which maps the goal to itself, and the bound is the
//! larger of the two.
//!
//! One database serves every goal with the blank in a corner (the board is
//! read in the frame where that corner is the bottom-right one, see
//! [`RegionLayout`]).
//!
//! ## Two bits an entry
//!
//! An entry holds its distance mod 3. One move changes an abstract board's
//! distance by at most one, so a neighbour's remainder tells whether its
//! distance is one less, the same or one more: a search that knows the
//! exact value at its start follows it move by move, and the exact value
//! of any board is found by stepping to a neighbour one closer until the
//! layout is reached. The default 4×4 database
//! ([`RegionLayout::default_for`]) has 908,107,200 entries in 227 MB.
//!
//! ```
//! use npuzzle::heuristic::mtm_pdb::{MtmPdb, RegionLayout};
//! use npuzzle::heuristic::Heuristic;
//! use npuzzle::{Board, Goal};
//! # fn main() -> Result<(), npuzzle::Error> {
//! // A 3x2 database (60 abstract boards), then the bound for one board.
//! let layout = RegionLayout::new("3x2".parse()?, vec![1, 1, 2, 2, 2, 0])?;
//! let pdb = MtmPdb::build(layout, 1)?;
//! let goal = Goal::standard("3x2".parse()?);
//! let h = pdb.heuristic(&goal)?;
//! let board = Board::parse("1 2 3 4 x 5", Some("3x2".parse()?))?;
//! assert_eq!(h.estimate(board.tiles()), 1);
//! # Ok(()) }
//! ```

mod build;
mod entries;
mod file;
mod index;
mod layout;
#[cfg(test)]
mod tests;

pub use layout::RegionLayout;

use crate::error::DatabaseError;
use crate::goal::Goal;
use crate::heuristic::Heuristic;
use crate::Error;
use entries::Entries;
use index::MultisetIndex;
pub(crate) use index::{pack, PairRank};
use layout::Frame;

/// A complete multi-tile distance table for one [`RegionLayout`].
#[derive(Debug, Clone)]
pub struct MtmPdb {
    layout: RegionLayout,
    index: MultisetIndex,
    table: Entries,
}

impl MtmPdb {
    /// Builds the table of `layout` by breadth-first search with `threads`
    /// threads. The search holds a byte an entry and its frontiers: the
    /// default 4×4 layout takes about 2.5 GB and minutes; small layouts are
    /// instant.
    pub fn build(layout: RegionLayout, threads: usize) -> Result<MtmPdb, Error> {
        let index = Self::index_of(&layout)?;
        let table = Entries::from_vec(build::distances(layout.shape(), &index, layout.classes(), threads)?);
        Ok(MtmPdb { layout, index, table })
    }

    /// The layout's index; tables of more than `u32::MAX` entries are
    /// refused (the search keeps ranks in 32 bits).
    fn index_of(layout: &RegionLayout) -> Result<MultisetIndex, Error> {
        let index = MultisetIndex::new(&layout.counts()).ok_or_else(|| DatabaseError::Unsupported {
            reason: "a multi-tile layout of more than 16 cells cannot be indexed".to_string(),
        })?;
        if index.len() > u64::from(u32::MAX) || index.pair_rank(0).is_none() {
            return Err(DatabaseError::Unsupported {
                reason: format!(
                    "a multi-tile database of {} entries is too big (ranks are 32 bits)",
                    index.len()
                ),
            }
            .into());
        }
        Ok(index)
    }

    /// The layout the table was built for.
    pub fn layout(&self) -> &RegionLayout {
        &self.layout
    }

    /// The table's entries (abstract boards), four to a byte.
    pub fn entries(&self) -> u64 {
        self.index.len()
    }

    /// The bound for boards toward `goal`, which must have the layout's
    /// shape and its blank in a corner.
    pub fn heuristic(&self, goal: &Goal) -> Result<MtmPdbHeuristic<'_>, Error> {
        let shape = self.layout.shape();
        if goal.shape() != shape {
            return Err(DatabaseError::Unsupported {
                reason: format!("the multi-tile database is for {shape} boards, not {}", goal.shape()),
            }
            .into());
        }
        let frame = Frame::for_goal(goal)?;
        let classes = self.layout.classes();
        let cells = shape.cells();
        let mut class_of = [0u8; 16];
        let mut class_of_reflected = [0u8; 16];
        for tile in 1..cells {
            let home = usize::from(frame.to_canonical[goal.home(tile)]);
            class_of[tile] = classes[home];
            if let Some(t) = &frame.transpose {
                class_of_reflected[tile] = classes[usize::from(t[home])];
            }
        }
        let mut to_canonical = [0u8; 16];
        to_canonical[..cells].copy_from_slice(&frame.to_canonical);
        let reflected = frame.transpose.map(|t| {
            let mut cell = [0u8; 16];
            for (p, c) in cell.iter_mut().enumerate().take(cells) {
                *c = t[usize::from(to_canonical[p])];
            }
            (cell, class_of_reflected)
        });
        Ok(MtmPdbHeuristic {
            pdb: self,
            cells,
            to_canonical,
            class_of,
            reflected,
        })
    }

    /// The exact distance of an abstract board (one class a cell, canonical
    /// frame): a walk to the layout through neighbours one closer each.
    pub(crate) fn distance(&self, labels: &[u8; 16]) -> u32 {
        let shape = self.layout.shape();
        let mut goal = [0u8; 16];
        goal[..shape.cells()].copy_from_slice(self.layout.classes());
        let mut at = *labels;
        let mut distance = 0;
        while at != goal {
            let closer = (self.code(self.rank(&at)) + 2) % 3;
            let mut next = None;
            build::for_each_slide(shape, &at, |child| {
                if next.is_none() && self.code(self.rank(child)) == closer {
                    next = Some(*child);
                }
            });
            // Every board but the layout has a neighbour one closer; a
            // board no board reaches has none, and counts what was walked.
            let Some(next) = next else {
                return distance;
            };
            at = next;
            distance += 1;
        }
        distance
    }

    /// The rank of an abstract board: where [`code`](Self::code) reads it.
    #[inline(always)]
    pub(crate) fn rank(&self, labels: &[u8; 16]) -> usize {
        self.index.rank(labels) as usize
    }

    /// The rank of an abstract board, kept up to date by
    /// [`update_rank`](Self::update_rank) as its blank moves.
    #[inline(always)]
    pub(crate) fn pair_rank(&self, labels: u64) -> PairRank {
        // Every table opened or built has a pair table (see `index_of`).
        self.index.pair_rank(labels).unwrap_or(PairRank::ZERO)
    }

    /// Brings `ranked` up to date after cells `a` and `b` of packed
    /// `labels` swapped their labels.
    #[inline(always)]
    pub(crate) fn update_rank(&self, ranked: &mut PairRank, labels: u64, a: usize, b: usize) {
        self.index.update(ranked, labels, a, b);
    }

    /// The table's bytes, four entries each (entry `rank` in byte `rank / 4`).
    #[inline(always)]
    pub(crate) fn bytes(&self) -> &[u8] {
        &self.table
    }

    /// The distance mod 3 at `rank` (3: no board reaches it).
    #[inline(always)]
    pub(crate) fn code(&self, rank: usize) -> u8 {
        (self.table[rank / 4] >> (2 * (rank % 4))) & 3
    }
}

/// The distance of a board one move from a board at distance `h`, whose
/// remainder mod 3 is `code`: one less, the same or one more.
#[inline(always)]
pub(crate) fn step(h: u32, code: u8) -> u32 {
    match (u32::from(code) + 3 - h % 3) % 3 {
        0 => h,
        1 => h + 1,
        _ => h - 1,
    }
}

/// The bound of an [`MtmPdb`] for one goal: the larger of the table's
/// values for the board and for its reflection (on square boards).
#[derive(Debug, Clone)]
pub struct MtmPdbHeuristic<'a> {
    pub(crate) pdb: &'a MtmPdb,
    cells: usize,
    /// The canonical cell of each cell.
    pub(crate) to_canonical: [u8; 16],
    /// The class of each tile.
    pub(crate) class_of: [u8; 16],
    /// For the reflected reading: the canonical cell of each cell and the class of each tile.
    pub(crate) reflected: Option<([u8; 16], [u8; 16])>,
}

impl Heuristic for MtmPdbHeuristic<'_> {
    #[inline]
    fn estimate(&self, tiles: &[u8]) -> u32 {
        let mut labels = [0u8; 16];
        for (p, &tile) in tiles.iter().enumerate().take(self.cells) {
            labels[usize::from(self.to_canonical[p])] = self.class_of[usize::from(tile)];
        }
        let h = self.pdb.distance(&labels);
        let Some((cell, class_of)) = &self.reflected else {
            return h;
        };
        for (p, &tile) in tiles.iter().enumerate().take(self.cells) {
            labels[usize::from(cell[p])] = class_of[usize::from(tile)];
        }
        h.max(self.pdb.distance(&labels))
    }

    #[inline]
    fn update(&self, tiles: &[u8], _h: u32, _tile: u8, _from: usize, _to: usize) -> u32 {
        self.estimate(tiles)
    }
}
