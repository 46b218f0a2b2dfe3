//! Which tiles go in which pattern: `1,2,3/4,5,6` on the command line, or a
//! partition of the literature by name.

use std::fmt;

use crate::board::Shape;
use crate::error::DatabaseError;
use crate::goal::Goal;
use crate::Error;

/// The partition worth building for boards of `shape`, where there is a
/// usual one: `7-8` for the 15-puzzle, `6-6-6-6` for the 24-puzzle (the
/// largest whose build fits a desktop's memory).
///
/// ```
/// use npuzzle::heuristic::pdb::recommended_partition;
/// assert_eq!(recommended_partition("4x4".parse()?), Some("7-8"));
/// assert_eq!(recommended_partition("5x5".parse()?), Some("6-6-6-6"));
/// assert_eq!(recommended_partition("3x3".parse()?), None);
/// # Ok::<(), npuzzle::Error>(())
/// ```
pub fn recommended_partition(shape: Shape) -> Option<&'static str> {
    match (shape.width(), shape.height()) {
        (4, 4) => Some("7-8"),
        (5, 5) => Some("6-6-6-6"),
        _ => None,
    }
}

/// Disjoint groups of tiles ("patterns"), one database each.
///
/// Tiles are kept sorted within a pattern and patterns are sorted by their
/// smallest tile, so `3,1/2` and `2/1,3` are the same partition (and the same
/// file). A partition need not cover every tile: tiles left out simply add
/// nothing to the estimate.
///
/// ```
/// use npuzzle::heuristic::pdb::Partition;
/// use npuzzle::{Goal, Shape};
/// let goal = Goal::blank_first(Shape::new(4, 4)?);
/// let p = Partition::parse("7-8", &goal)?;
/// assert_eq!(p.to_string(), "1,2,3,4,5,6,7/8,9,10,11,12,13,14,15");
/// assert_eq!(p.name(), Some("7-8"));
/// let q = Partition::parse("8,9,10,11,12,13,14,15 / 7,6,5,4,3,2,1", &goal)?;
/// assert_eq!(p, q);
/// # Ok::<(), npuzzle::Error>(())
/// ```
#[derive(Debug, Clone, Eq)]
pub struct Partition {
    patterns: Vec<Vec<u8>>,
    name: Option<&'static str>,
}

/// Equal when the patterns are; the name is only a label.
impl PartialEq for Partition {
    fn eq(&self, other: &Partition) -> bool {
        self.patterns == other.patterns
    }
}

/// A partition of the literature: its name, board and goal cells of each
/// pattern for the blank-first goal (cell `c` holds tile `c`).
struct Named {
    name: &'static str,
    side: usize,
    cells: &'static [&'static [u8]],
}

/// The named partitions. For the blank-first goal `0 1 2 … N-1` cell `c` holds
/// tile `c`, so these read as tiles there.
///
/// * `7-8` and `6-6-6-6` are the partitions of Korf & Felner, "Disjoint
///   pattern database heuristics" (Artificial Intelligence 134, 2002): the
///   15-puzzle split into the first seven and the last eight tiles, and the
///   24-puzzle into four groups of six with the top-left group {1,2,5,6,7,12}.
/// * `5-5-5` and `6-6-3` follow the shapes used by Felner, Korf & Hanan,
///   "Additive pattern database heuristics" (JAIR 22, 2004): compact blocks of
///   five (top right, left, bottom right) and two 2×3 blocks under the
///   three-tile top row.
/// * `7-7-7-3` is ours: Korf & Felner's 6-6-6-6 with three of the
///   bottom-right group's tiles given to the other three groups (17 to the
///   top-left one, 19 to the top-right one, 22 to the bottom-left one),
///   leaving 18, 23, 24. It is not symmetric in the main diagonal, so the
///   mirror image gives a second, different sum from the same tables. Its
///   7-tile patterns have 2.4×10⁹ placements each (1.2 GB at 4 bits); the
///   builder's region layout builds one in about 6 GB.
/// * `5-5-5-5-4` is ours too: the 24-puzzle in four compact groups of five
///   (the top-left block {1,2,5,6,7}, the top-right one {3,4,8,9,14}, the
///   bottom-left one {10,11,15,16,20}, the middle-right one
///   {12,13,17,18,19}) and the bottom row's last four tiles. Its 5-tile
///   patterns have 6.4×10⁶ placements each: the whole set is 26 MB a byte a
///   placement, the small set `pdb build --fit` takes for phones and games.
/// * `5-5-5-5-4b` is a second grouping of the same sizes ({1,2,3,6,7},
///   {4,8,9,13,14}, {5,10,11,15,20}, {12,16,17,21,22} and {18,19,23,24}),
///   read beside `5-5-5-5-4` as the larger of the two sums: together 52 MB,
///   what `pdb build --fit 64M` builds. Alone it is weaker than
///   `5-5-5-5-4` (`--within 1.5` on Korf & Felner's 50: 222 ms a board
///   on average against 55); beside it, the two expand half the nodes.
const NAMED: [Named; 7] = [
    Named {
        name: "5-5-5",
        side: 4,
        cells: &[&[1, 2, 3, 6, 7], &[4, 5, 8, 9, 12], &[10, 11, 13, 14, 15]],
    },
    Named {
        name: "6-6-3",
        side: 4,
        cells: &[&[4, 5, 8, 9, 12, 13], &[6, 7, 10, 11, 14, 15], &[1, 2, 3]],
    },
    Named {
        name: "7-8",
        side: 4,
        cells: &[&[1, 2, 3, 4, 5, 6, 7], &[8, 9, 10, 11, 12, 13, 14, 15]],
    },
    Named {
        name: "6-6-6-6",
        side: 5,
        cells: &[
            &[1, 2, 5, 6, 7, 12],
            &[3, 4, 8, 9, 13, 14],
            &[10, 11, 15, 16, 20, 21],
            &[17, 18, 19, 22, 23, 24],
        ],
    },
    Named {
        name: "7-7-7-3",
        side: 5,
        cells: &[
            &[1, 2, 5, 6, 7, 12, 17],
            &[3, 4, 8, 9, 13, 14, 19],
            &[10, 11, 15, 16, 20, 21, 22],
            &[18, 23, 24],
        ],
    },
    Named {
        name: "5-5-5-5-4",
        side: 5,
        cells: &[
            &[1, 2, 5, 6, 7],
            &[3, 4, 8, 9, 14],
            &[10, 11, 15, 16, 20],
            &[12, 13, 17, 18, 19],
            &[21, 22, 23, 24],
        ],
    },
    Named {
        name: "5-5-5-5-4b",
        side: 5,
        cells: &[
            &[1, 2, 3, 6, 7],
            &[4, 8, 9, 13, 14],
            &[5, 10, 11, 15, 20],
            &[12, 16, 17, 21, 22],
            &[18, 19, 23, 24],
        ],
    },
];

impl Partition {
    /// The names [`Partition::named`] knows, with the board each is for.
    ///
    /// ```
    /// let names: Vec<_> = npuzzle::heuristic::pdb::Partition::NAMES.iter().map(|(n, _)| *n).collect();
    /// assert_eq!(names, ["5-5-5", "6-6-3", "7-8", "6-6-6-6", "7-7-7-3", "5-5-5-5-4", "5-5-5-5-4b"]);
    /// ```
    pub const NAMES: [(&'static str, &'static str); 7] = [
        ("5-5-5", "4x4"),
        ("6-6-3", "4x4"),
        ("7-8", "4x4"),
        ("6-6-6-6", "5x5"),
        ("7-7-7-3", "5x5"),
        ("5-5-5-5-4", "5x5"),
        ("5-5-5-5-4b", "5x5"),
    ];

    /// Patterns from lists of tiles, checked against the board of `goal`:
    /// every tile in `1..N`, none twice, no empty pattern.
    ///
    /// ```
    /// use npuzzle::heuristic::pdb::Partition;
    /// use npuzzle::{Goal, Shape};
    /// let goal = Goal::standard(Shape::new(3, 3)?);
    /// let p = Partition::new(vec![vec![5, 1], vec![2, 3]], &goal)?;
    /// assert_eq!(p.patterns(), &[vec![1, 5], vec![2, 3]]);
    /// assert!(Partition::new(vec![vec![1, 2], vec![2]], &goal).is_err());
    /// # Ok::<(), npuzzle::Error>(())
    /// ```
    pub fn new(patterns: Vec<Vec<u8>>, goal: &Goal) -> Result<Partition, Error> {
        let text = patterns
            .iter()
            .map(|p| p.iter().map(u8::to_string).collect::<Vec<_>>().join(","))
            .collect::<Vec<_>>()
            .join("/");
        Partition::checked(patterns, goal.shape(), None, &text)
    }

    fn checked(
        mut patterns: Vec<Vec<u8>>,
        shape: Shape,
        name: Option<&'static str>,
        text: &str,
    ) -> Result<Partition, Error> {
        let bad = |reason: String| {
            Error::Database(DatabaseError::BadPartition {
                text: text.chars().take(80).collect(),
                reason,
            })
        };
        let n = shape.cells();
        if patterns.is_empty() {
            return Err(bad("no patterns given".into()));
        }
        let mut seen = vec![false; n];
        for pattern in &mut patterns {
            if pattern.is_empty() {
                return Err(bad("a pattern has no tiles".into()));
            }
            for &t in pattern.iter() {
                if t == 0 || usize::from(t) >= n {
                    return Err(bad(format!(
                        "tile {t} is not a tile of a {shape} board (1..={})",
                        n - 1
                    )));
                }
                if std::mem::replace(&mut seen[usize::from(t)], true) {
                    return Err(bad(format!("tile {t} is in two patterns (patterns must be disjoint)")));
                }
            }
            pattern.sort_unstable();
        }
        patterns.sort_unstable_by_key(|p| p[0]);
        Ok(Partition { patterns, name })
    }

    /// Parses `1,2,3/4,5,6` (patterns separated by `/`, tiles by `,` or
    /// spaces) or a name from [`Partition::NAMES`], for the board and goal of `goal`.
    pub fn parse(text: &str, goal: &Goal) -> Result<Partition, Error> {
        let trimmed = text.trim();
        if let Some(named) = NAMED.iter().find(|n| n.name == trimmed) {
            return Partition::named_for(named, goal);
        }
        let bad = |reason: String| {
            Error::Database(DatabaseError::BadPartition {
                text: text.chars().take(80).collect(),
                reason,
            })
        };
        let mut patterns = Vec::new();
        for part in trimmed.split('/') {
            let mut tiles = Vec::new();
            for token in part.split([',', ' ', '\t']).filter(|t| !t.is_empty()) {
                let tile: u8 = token.parse().map_err(|_| {
                    let names: Vec<&str> = NAMED.iter().map(|n| n.name).collect();
                    bad(format!(
                        "{token:?} is not a tile number; write tiles like 1,2,3/4,5,6 or a name ({})",
                        names.join(", ")
                    ))
                })?;
                tiles.push(tile);
            }
            patterns.push(tiles);
        }
        Partition::checked(patterns, goal.shape(), None, text)
    }

    /// A partition of the literature by name (see [`Partition::NAMES`]).
    ///
    /// They are defined for the blank-first goal `0 1 2 … N-1`. For a goal
    /// with the blank in another corner the same goal cells are used, turned
    /// so that the top-left corner lands on the goal's blank (the standard goal
    /// `1 2 … N-1 0` gets them rotated half a turn); a goal with the blank
    /// elsewhere is rejected, since no partition of the literature fits it.
    ///
    /// ```
    /// use npuzzle::heuristic::pdb::Partition;
    /// use npuzzle::{Goal, Shape};
    /// let shape = Shape::new(4, 4)?;
    /// let p = Partition::named("7-8", &Goal::standard(shape))?;
    /// assert_eq!(p.to_string(), "1,2,3,4,5,6,7,8/9,10,11,12,13,14,15");
    /// assert!(Partition::named("6-6-6-6", &Goal::standard(shape)).is_err());
    /// # Ok::<(), npuzzle::Error>(())
    /// ```
    pub fn named(name: &str, goal: &Goal) -> Result<Partition, Error> {
        match NAMED.iter().find(|n| n.name == name.trim()) {
            Some(named) => Partition::named_for(named, goal),
            None => Err(Error::Database(DatabaseError::BadPartition {
                text: name.chars().take(80).collect(),
                reason: format!(
                    "no partition of that name; known: {}",
                    NAMED.iter().map(|n| n.name).collect::<Vec<_>>().join(", ")
                ),
            })),
        }
    }

    fn named_for(named: &Named, goal: &Goal) -> Result<Partition, Error> {
        let shape = goal.shape();
        let bad = |reason: String| {
            Error::Database(DatabaseError::BadPartition {
                text: named.name.into(),
                reason,
            })
        };
        if shape.width() != named.side || shape.height() != named.side {
            return Err(bad(format!(
                "it is for {0}x{0} boards, not {shape}; give the tiles instead, like 1,2,3/4,5,6",
                named.side
            )));
        }
        let side = named.side;
        // The turns and flips of the square that take the top-left corner to the goal's blank.
        let blank = goal.position_of(0);
        let (row, col) = (blank / side, blank % side);
        let last = side - 1;
        if (row != 0 && row != last) || (col != 0 && col != last) {
            return Err(bad(format!(
                "it is defined for a goal with the blank in a corner, and this goal has it at row {}, column {}; \
                 give the tiles instead, like 1,2,3/4,5,6",
                row + 1,
                col + 1
            )));
        }
        let map = |cell: u8| {
            let (r, c) = (usize::from(cell) / side, usize::from(cell) % side);
            let r = if row == 0 { r } else { last - r };
            let c = if col == 0 { c } else { last - c };
            r * side + c
        };
        let tiles = goal.board().tiles();
        let patterns = named
            .cells
            .iter()
            .map(|cells| cells.iter().map(|&c| tiles[map(c)]).collect())
            .collect();
        Partition::checked(patterns, shape, Some(named.name), named.name)
    }

    /// This partition, labelled with the name of the named partition it equals for `goal`, if any.
    pub(crate) fn with_known_name(mut self, goal: &Goal) -> Partition {
        if self.name.is_none() {
            self.name = NAMED
                .iter()
                .find(|n| Partition::named_for(n, goal).is_ok_and(|p| p == self))
                .map(|n| n.name);
        }
        self
    }

    /// The patterns, each sorted, sorted by smallest tile.
    pub fn patterns(&self) -> &[Vec<u8>] {
        &self.patterns
    }

    /// The name, if it was given by one.
    pub fn name(&self) -> Option<&'static str> {
        self.name
    }

    /// How to write it on the command line: the name if it has one, else the tiles.
    pub fn to_arg(&self) -> String {
        self.name.map_or_else(|| self.to_string(), str::to_string)
    }

    /// The pattern holding `tile`, if any.
    pub fn pattern_of(&self, tile: u8) -> Option<usize> {
        self.patterns.iter().position(|p| p.contains(&tile))
    }
}

/// Tiles as `1,2,3/4,5,6`.
impl fmt::Display for Partition {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        for (i, pattern) in self.patterns.iter().enumerate() {
            if i > 0 {
                f.write_str("/")?;
            }
            for (j, t) in pattern.iter().enumerate() {
                if j > 0 {
                    f.write_str(",")?;
                }
                write!(f, "{t}")?;
            }
        }
        Ok(())
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn shape(w: usize, h: usize) -> Shape {
        Shape::new(w, h).unwrap()
    }

    #[test]
    fn named_partitions_cover_every_tile_once() {
        for named in &NAMED {
            let s = shape(named.side, named.side);
            for goal in [Goal::blank_first(s), Goal::standard(s)] {
                let p = Partition::named(named.name, &goal).unwrap();
                let mut all: Vec<u8> = p.patterns().concat();
                all.sort_unstable();
                assert_eq!(all, (1..s.cells() as u8).collect::<Vec<_>>(), "{}", named.name);
                // The name is the patterns' sizes, a letter after it for a
                // second grouping of the same sizes.
                let sizes: Vec<String> = named.cells.iter().map(|c| c.len().to_string()).collect();
                assert_eq!(sizes.join("-"), named.name.trim_end_matches(char::is_alphabetic));
            }
        }
    }

    #[test]
    fn korf_felner_24_puzzle_partition() {
        let p = Partition::parse("6-6-6-6", &Goal::blank_first(shape(5, 5))).unwrap();
        assert_eq!(
            p.to_string(),
            "1,2,5,6,7,12/3,4,8,9,13,14/10,11,15,16,20,21/17,18,19,22,23,24"
        );
    }

    #[test]
    fn named_partitions_follow_the_blank_corner() {
        // Blank top right: the 7-8 split mirrored left to right.
        let goal = Goal::new("3 2 1 x 7 6 5 4 11 10 9 8 15 14 13 12".parse().unwrap());
        let p = Partition::named("7-8", &goal).unwrap();
        assert_eq!(p.to_string(), "1,2,3,4,5,6,7/8,9,10,11,12,13,14,15");
        let middle = Goal::new("1 2 3 4 5 x 6 7 8 9 10 11 12 13 14 15".parse().unwrap());
        let err = Partition::named("7-8", &middle).unwrap_err();
        assert!(err.to_string().contains("corner"), "{err}");
    }

    #[test]
    fn bad_text_is_explained() {
        let goal = Goal::standard(shape(3, 3));
        for (text, needle) in [
            ("1,2,9", "not a tile"),
            ("1,0", "not a tile"),
            ("1,2/2", "two patterns"),
            ("1,2//3", "no tiles"),
            ("a,b", "not a tile number"),
            ("7-8", "4x4"),
        ] {
            let err = Partition::parse(text, &goal).unwrap_err();
            assert!(
                matches!(err, Error::Database(DatabaseError::BadPartition { .. })),
                "{text}: {err:?}"
            );
            assert!(err.to_string().contains(needle), "{text}: {err}");
        }
    }

    #[test]
    fn partial_covers_are_allowed() {
        let goal = Goal::standard(shape(3, 3));
        let p = Partition::parse(" 3 2 ", &goal).unwrap();
        assert_eq!(p.patterns(), &[vec![2, 3]]);
        assert_eq!(p.pattern_of(3), Some(0));
        assert_eq!(p.pattern_of(4), None);
        assert_eq!(p.to_arg(), "2,3");
    }
}
