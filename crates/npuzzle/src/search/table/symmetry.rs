//! Which table serves a goal: tiles renamed to the canonical goal, and the
//! reflections and rotations that move the blank within its symmetry class.

use super::*;

/// The tile on `cell` of the canonical goal with the blank on `blank`.
pub(super) fn canonical_tile(cell: usize, blank: usize) -> u8 {
    match cell.cmp(&blank) {
        std::cmp::Ordering::Less => cell as u8 + 1,
        std::cmp::Ordering::Equal => 0,
        std::cmp::Ordering::Greater => cell as u8,
    }
}

pub(super) fn canonical_goal(shape: Shape, blank: usize) -> Goal {
    let tiles = (0..shape.cells()).map(|c| canonical_tile(c, blank)).collect();
    Goal::new(Board::new(shape, tiles).expect("the canonical goal is a permutation"))
}

/// A reflection or rotation of the board.
#[derive(Debug, Clone, Copy)]
pub(super) struct Symmetry {
    /// `cell[p]`: where cell `p` goes.
    pub(super) cell: [u8; MAX_TABLE_CELLS],
    /// `back[m]`: the move on the original board that move `m` on the moved board stands for.
    pub(super) back: [Move; 4],
}

/// The symmetries of a shape, identity first: the flips, and on square boards
/// also the transpose of each.
pub(super) fn symmetries(shape: Shape) -> Vec<Symmetry> {
    let (w, h) = (shape.width(), shape.height());
    let transposes: &[bool] = if w == h { &[false, true] } else { &[false] };
    let mut out = Vec::new();
    for &transpose in transposes {
        for flip_rows in [false, true] {
            for flip_cols in [false, true] {
                let map = |r: isize, c: isize, size: (isize, isize)| {
                    let r = if flip_rows { size.0 - r } else { r };
                    let c = if flip_cols { size.1 - c } else { c };
                    if transpose {
                        (c, r)
                    } else {
                        (r, c)
                    }
                };
                let mut cell = [0u8; MAX_TABLE_CELLS];
                for (p, slot) in cell.iter_mut().enumerate().take(shape.cells()) {
                    let (r, c) = map((p / w) as isize, (p % w) as isize, (h as isize - 1, w as isize - 1));
                    *slot = (r as usize * w + c as usize) as u8;
                }
                let mut back = Move::ALL;
                for mv in Move::ALL {
                    // Directions are differences of cells, so they map without the offsets.
                    let (dr, dc) = delta(mv);
                    let moved = map(dr, dc, (0, 0));
                    if let Some(&to) = Move::ALL.iter().find(|&&m| delta(m) == moved) {
                        back[to.index()] = mv;
                    }
                }
                out.push(Symmetry { cell, back });
            }
        }
    }
    out
}

pub(super) fn delta(mv: Move) -> (isize, isize) {
    match mv {
        Move::Up => (-1, 0),
        Move::Down => (1, 0),
        Move::Left => (0, -1),
        Move::Right => (0, 1),
    }
}

/// The cell whose table serves goals with the blank on `cell`: the largest
/// cell of its symmetry class, so the standard goal is its own representative.
pub(super) fn representative(shape: Shape, cell: usize) -> usize {
    if shape.cells() > MAX_TABLE_CELLS {
        return cell;
    }
    symmetries(shape)
        .iter()
        .map(|s| usize::from(s.cell[cell]))
        .max()
        .unwrap_or(cell)
}
