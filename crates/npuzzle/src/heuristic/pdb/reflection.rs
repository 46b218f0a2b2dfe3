//! The diagonal mirror of a square board: a second, equally valid lookup
//! in the same databases.

use super::Partition;
use crate::goal::Goal;
use crate::Error;

/// The mirror image in the main diagonal, for square boards whose goal has
/// the blank on that diagonal.
///
/// Tile `t` at cell (r, c) becomes tile `tile(t)` at cell (c, r), where
/// `tile(t)` is the tile whose goal cell mirrors that of `t`. The mirrored
/// board of the goal is the goal, and mirrored boards are as far apart as
/// the boards, so an estimate for the mirror image holds for the board.
///
/// ```
/// use npuzzle::heuristic::pdb::Reflection;
/// use npuzzle::{Goal, Shape};
/// let goal = Goal::blank_first(Shape::new(3, 3)?);
/// let r = Reflection::for_goal(&goal).unwrap();
/// assert_eq!(r.tile(1), 3);
/// assert_eq!(r.reflect(goal.board().tiles()), goal.board().tiles());
/// // The blank one step right becomes the blank one step down.
/// assert_eq!(r.reflect(&[1, 0, 2, 3, 4, 5, 6, 7, 8]), [3, 1, 2, 0, 4, 5, 6, 7, 8]);
/// assert!(Reflection::for_goal(&Goal::blank_first(Shape::new(4, 3)?)).is_none());
/// # Ok::<(), npuzzle::Error>(())
/// ```
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Reflection {
    pub(super) cell: Vec<u8>,
    tile: Vec<u8>,
}

impl Reflection {
    /// The reflection for `goal`, if its board is square and its blank on the main diagonal.
    pub fn for_goal(goal: &Goal) -> Option<Reflection> {
        let shape = goal.shape();
        let w = shape.width();
        if w != shape.height() {
            return None;
        }
        let blank = goal.position_of(0);
        if blank / w != blank % w {
            return None;
        }
        let cell: Vec<u8> = (0..shape.cells()).map(|c| ((c % w) * w + c / w) as u8).collect();
        let tiles = goal.board().tiles();
        let tile = (0..shape.cells() as u8)
            .map(|t| tiles[usize::from(cell[goal.position_of(t)])])
            .collect();
        Some(Reflection { cell, tile })
    }

    /// The mirror of `cell`.
    #[inline]
    pub fn cell(&self, cell: usize) -> usize {
        usize::from(self.cell[cell])
    }

    /// The tile that `tile` becomes.
    #[inline]
    pub fn tile(&self, tile: u8) -> u8 {
        self.tile[usize::from(tile)]
    }

    /// The mirrored board.
    pub fn reflect(&self, tiles: &[u8]) -> Vec<u8> {
        let mut out = vec![0u8; tiles.len()];
        for (c, &t) in tiles.iter().enumerate() {
            out[self.cell(c)] = self.tile(t);
        }
        out
    }

    /// The partition whose patterns are the mirror images of `partition`'s.
    pub fn reflect_partition(&self, partition: &Partition, goal: &Goal) -> Result<Partition, Error> {
        let patterns = partition
            .patterns()
            .iter()
            .map(|p| p.iter().map(|&t| self.tile(t)).collect())
            .collect();
        Partition::new(patterns, goal)
    }
}
