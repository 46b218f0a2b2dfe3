//! Which tiles a multi-tile database tells apart: the goal's cells in
//! classes, the blank's cell alone in class 0. A board is read as the
//! class of each tile's goal cell, and its estimate is the multi-tile
//! distance of that abstract board to the layout itself.
//!
//! Layouts are written with the goal's blank in the bottom-right corner
//! (the canonical frame). A goal with its blank in another corner is read
//! through the reflection that takes that corner there, so one database
//! serves the standard goal and the blank-first one alike.

use crate::board::Shape;
use crate::error::DatabaseError;
use crate::goal::Goal;
use crate::Error;

use super::index::{MultisetIndex, MAX_CLASSES};

/// The class of each cell of the canonical frame: 0 for the bottom-right
/// corner (the blank's) and only there, the others numbered from 1 with
/// none skipped.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct RegionLayout {
    shape: Shape,
    classes: Vec<u8>,
}

impl RegionLayout {
    /// The 4×4 layout a database is built with by default: two tiles of the
    /// top row, the top-right block of four, the left column's block of
    /// five and the bottom-right block of four, a relabelling of the goal
    /// due to Tomas Rokicki: 151,351,200 abstract boards.
    ///
    /// ```
    /// use npuzzle::heuristic::mtm_pdb::RegionLayout;
    /// let layout = RegionLayout::rokicki_4x4();
    /// assert_eq!(layout.classes()[..4], [1, 1, 2, 2]);
    /// assert_eq!(layout.classes()[15], 0);
    /// ```
    pub fn rokicki_4x4() -> RegionLayout {
        #[rustfmt::skip]
        let classes = vec![
            1, 1, 2, 2,
            3, 3, 2, 2,
            3, 3, 4, 4,
            3, 4, 4, 0,
        ];
        RegionLayout::four_by_four(classes)
    }

    /// The layout `pdb build` uses for `shape`: [`split_4x4`](Self::split_4x4)
    /// on 4×4; on boards of up to 9 cells one class a tile (the table is
    /// then exact: at most 9! = 362,880 entries); none on other boards.
    ///
    /// ```
    /// use npuzzle::heuristic::mtm_pdb::RegionLayout;
    /// assert_eq!(RegionLayout::default_for("4x4".parse()?)?, RegionLayout::split_4x4());
    /// assert_eq!(RegionLayout::default_for("3x3".parse()?)?.classes(), [1, 2, 3, 4, 5, 6, 7, 8, 0]);
    /// assert!(RegionLayout::default_for("5x5".parse()?).is_err());
    /// # Ok::<(), npuzzle::Error>(())
    /// ```
    pub fn default_for(shape: Shape) -> Result<RegionLayout, Error> {
        let cells = shape.cells();
        if (shape.width(), shape.height()) == (4, 4) {
            return Ok(RegionLayout::split_4x4());
        }
        if cells <= 9 {
            let classes = (1..cells as u8).chain(std::iter::once(0)).collect();
            return RegionLayout::new(shape, classes);
        }
        Err(DatabaseError::Unsupported {
            reason: format!("multi-tile databases are built for 4x4 boards and boards of up to 9 cells, not {shape}"),
        }
        .into())
    }

    /// [`rokicki_4x4`](Self::rokicki_4x4) with its top-right block of four
    /// split into its two rows: 908,107,200 abstract boards, six times as
    /// many, and on random boards several times fewer nodes searched. The
    /// 4×4 default.
    ///
    /// ```
    /// use npuzzle::heuristic::mtm_pdb::RegionLayout;
    /// assert_eq!(RegionLayout::split_4x4().classes()[..8], [1, 1, 2, 2, 3, 3, 5, 5]);
    /// ```
    pub fn split_4x4() -> RegionLayout {
        #[rustfmt::skip]
        let classes = vec![
            1, 1, 2, 2,
            3, 3, 5, 5,
            3, 3, 4, 4,
            3, 4, 4, 0,
        ];
        RegionLayout::four_by_four(classes)
    }

    /// [`split_4x4`](Self::split_4x4) with the bottom-right block's cell
    /// beside the blank's, in the bottom row, in a class of its own:
    /// 3,632,428,800 abstract boards (866 MiB), four times as many, for
    /// solvers with the memory: on random boards about a fifth of the
    /// default's nodes searched. What `pdb build --fit 1G` builds.
    ///
    /// ```
    /// use npuzzle::heuristic::mtm_pdb::RegionLayout;
    /// assert_eq!(RegionLayout::fine_4x4().classes()[12..], [3, 4, 6, 0]);
    /// assert_eq!(RegionLayout::fine_4x4().abstract_boards(), 3_632_428_800);
    /// ```
    pub fn fine_4x4() -> RegionLayout {
        #[rustfmt::skip]
        let classes = vec![
            1, 1, 2, 2,
            3, 3, 5, 5,
            3, 3, 4, 4,
            3, 4, 6, 0,
        ];
        RegionLayout::four_by_four(classes)
    }

    /// The strongest layout of `shape` whose database file fits in `bytes`:
    /// on 4×4 the finest of [`rokicki_4x4`](Self::rokicki_4x4) (36 MiB),
    /// [`split_4x4`](Self::split_4x4) (217 MiB) and
    /// [`fine_4x4`](Self::fine_4x4) (866 MiB) that fits; elsewhere the
    /// shape's [`default_for`](Self::default_for) if it fits. An error
    /// names the smallest file when none does.
    ///
    /// ```
    /// use npuzzle::heuristic::mtm_pdb::RegionLayout;
    /// let four = "4x4".parse()?;
    /// assert_eq!(RegionLayout::fitting(four, 1 << 30)?, RegionLayout::fine_4x4());
    /// assert_eq!(RegionLayout::fitting(four, 256 << 20)?, RegionLayout::split_4x4());
    /// assert!(RegionLayout::fitting(four, 1 << 20).is_err());
    /// # Ok::<(), npuzzle::Error>(())
    /// ```
    pub fn fitting(shape: Shape, bytes: u64) -> Result<RegionLayout, Error> {
        let candidates = if (shape.width(), shape.height()) == (4, 4) {
            vec![
                RegionLayout::fine_4x4(),
                RegionLayout::split_4x4(),
                RegionLayout::rokicki_4x4(),
            ]
        } else {
            vec![RegionLayout::default_for(shape)?]
        };
        let smallest = candidates.iter().map(RegionLayout::file_bytes).min().unwrap_or(0);
        candidates
            .into_iter()
            .find(|layout| layout.file_bytes() <= bytes)
            .ok_or_else(|| {
                DatabaseError::Unsupported {
                    reason: format!(
                        "no multi-tile database of {shape} fits in {bytes} bytes: the smallest takes {smallest}"
                    ),
                }
                .into()
            })
    }

    /// A 4×4 layout written in this file (and so known to be one).
    fn four_by_four(classes: Vec<u8>) -> RegionLayout {
        RegionLayout {
            shape: Shape::new(4, 4).expect("4x4 is a shape"),
            classes,
        }
    }

    /// A layout of `shape` from one class a cell, row by row in the
    /// canonical frame; an error names what is wrong with it.
    pub fn new(shape: Shape, classes: Vec<u8>) -> Result<RegionLayout, Error> {
        let bad = |reason: String| -> Error { DatabaseError::Unsupported { reason }.into() };
        if classes.len() != shape.cells() {
            return Err(bad(format!(
                "a region layout of a {shape} board needs {} classes, one a cell, not {}",
                shape.cells(),
                classes.len()
            )));
        }
        if shape.cells() > 16 {
            return Err(bad(format!(
                "multi-tile databases are built for boards of up to 16 cells, not {shape}"
            )));
        }
        let last = shape.cells() - 1;
        if classes[last] != 0 || classes[..last].contains(&0) {
            return Err(bad(
                "class 0 is the blank's: the bottom-right cell and only it".to_string()
            ));
        }
        let most = usize::from(classes.iter().copied().max().unwrap_or(0));
        if most >= MAX_CLASSES || (1..=most).any(|k| !classes.contains(&(k as u8))) {
            return Err(bad(format!(
                "the classes must be numbered 1 to at most {} with none skipped",
                MAX_CLASSES - 1
            )));
        }
        Ok(RegionLayout { shape, classes })
    }

    /// The board shape.
    pub fn shape(&self) -> Shape {
        self.shape
    }

    /// The class of each cell, row by row, in the canonical frame.
    pub fn classes(&self) -> &[u8] {
        &self.classes
    }

    /// How many abstract boards the layout has (`cells! / Π count(class)!`):
    /// its table's entries.
    ///
    /// ```
    /// use npuzzle::heuristic::mtm_pdb::RegionLayout;
    /// assert_eq!(RegionLayout::rokicki_4x4().abstract_boards(), 151_351_200);
    /// assert_eq!(RegionLayout::split_4x4().abstract_boards(), 908_107_200);
    /// ```
    pub fn abstract_boards(&self) -> u64 {
        MultisetIndex::new(&self.counts()).map_or(u64::MAX, |index| index.len())
    }

    /// About how much memory building its database takes: a byte an entry
    /// for the search and its frontiers besides (measured: 2.64 bytes an
    /// entry at the peak of the 4×4 builds).
    pub fn build_bytes(&self) -> u64 {
        self.abstract_boards().saturating_mul(27) / 10
    }

    /// The bytes of its database file: a 64-byte header and four entries a byte.
    pub fn file_bytes(&self) -> u64 {
        64 + self.abstract_boards().div_ceil(4)
    }

    /// How many cells each class has, the blank's class first.
    pub(crate) fn counts(&self) -> Vec<u8> {
        let most = usize::from(self.classes.iter().copied().max().unwrap_or(0));
        let mut counts = vec![0u8; most + 1];
        for &c in &self.classes {
            counts[usize::from(c)] += 1;
        }
        counts
    }
}

/// How a goal's board is read in the canonical frame: where each cell goes,
/// and, on square boards, the reflection along the blank corner's diagonal
/// (which maps the goal to itself, so its abstract board is a second
/// admissible estimate).
#[derive(Debug, Clone)]
pub(crate) struct Frame {
    /// `to_canonical[cell]`: the canonical cell of a goal-frame cell.
    pub to_canonical: Vec<u8>,
    /// `transpose[cell]`: the canonical cell reflected along the diagonal
    /// through the bottom-right corner, on square boards.
    pub transpose: Option<Vec<u8>>,
}

impl Frame {
    /// The frame for `goal`, whose blank must be in a corner.
    pub(crate) fn for_goal(goal: &Goal) -> Result<Frame, Error> {
        let shape = goal.shape();
        let (w, h) = (shape.width(), shape.height());
        let blank = goal.board().blank();
        let (row, col) = (blank / w, blank % w);
        if (row != 0 && row != h - 1) || (col != 0 && col != w - 1) {
            return Err(DatabaseError::Unsupported {
                reason: format!(
                    "a multi-tile database reads goals with the blank in a corner; goal {goal} has it in row {}, column {}",
                    row + 1,
                    col + 1
                ),
            }
            .into());
        }
        let flip_rows = row == 0 && h > 1;
        let flip_cols = col == 0 && w > 1;
        let to_canonical = (0..shape.cells())
            .map(|cell| {
                let (r, c) = (cell / w, cell % w);
                let r = if flip_rows { h - 1 - r } else { r };
                let c = if flip_cols { w - 1 - c } else { c };
                (r * w + c) as u8
            })
            .collect();
        let transpose = (w == h).then(|| {
            (0..shape.cells())
                .map(|cell| ((cell % w) * w + cell / w) as u8)
                .collect()
        });
        Ok(Frame {
            to_canonical,
            transpose,
        })
    }
}
