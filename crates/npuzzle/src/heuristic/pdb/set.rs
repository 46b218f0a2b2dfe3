//! Several partitions' databases for one goal, read together: the estimate
//! is the largest of their sums (each with its reflection, where it has one).
//!
//! Every sum is a lower bound, so their maximum is one too; it is at least
//! as large as any one of them, at the price of more table reads per node.
//! Which sets pay is a question of measurement (see the README's 24-puzzle
//! section): the specialised IDA* reads the views one after the other and
//! stops as soon as one reaches the cutoff ([`FixedPdb::for_set`](super::FixedPdb::for_set)).

use std::fmt;
use std::sync::Arc;

use super::AdditivePdb;
use crate::error::DatabaseError;
use crate::goal::Goal;
use crate::heuristic::Heuristic;
use crate::Error;

/// The databases of one or more partitions for the same goal, strongest
/// (the one read first) first.
///
/// ```
/// use std::sync::Arc;
/// use npuzzle::heuristic::pdb::{AdditivePdb, PdbSet, PdbSpec};
/// use npuzzle::heuristic::Heuristic;
/// use npuzzle::{Board, Goal};
///
/// let board: Board = "8 6 7 2 5 4 3 x 1".parse()?;
/// let goal = Goal::standard(board.shape());
/// let build = |p: &str| -> Result<Arc<AdditivePdb>, npuzzle::Error> {
///     Ok(Arc::new(AdditivePdb::build(&PdbSpec::parse(&goal, p)?, &Default::default(), &mut |_| {})?))
/// };
/// let (a, b) = (build("1,2,3,4/5,6,7,8")?, build("1,2,5,6/3,4,7,8")?);
/// let set = PdbSet::new(vec![Arc::clone(&a), Arc::clone(&b)])?;
/// assert_eq!(set.estimate(board.tiles()), a.estimate(board.tiles()).max(b.estimate(board.tiles())));
/// assert_eq!(set.label(), "1,2,3,4/5,6,7,8 + 1,2,5,6/3,4,7,8");
/// # Ok::<(), npuzzle::Error>(())
/// ```
#[derive(Clone)]
pub struct PdbSet {
    members: Vec<Arc<AdditivePdb>>,
}

impl fmt::Debug for PdbSet {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_list().entries(&self.members).finish()
    }
}

impl PdbSet {
    /// The set of `members`, read in this order; all must be for the same
    /// goal, and there must be at least one.
    pub fn new(members: Vec<Arc<AdditivePdb>>) -> Result<PdbSet, Error> {
        let Some(first) = members.first() else {
            return Err(Error::Database(DatabaseError::Unsupported {
                reason: "a set of pattern databases needs at least one partition".into(),
            }));
        };
        let goal = first.spec().goal();
        if let Some(other) = members.iter().find(|m| m.spec().goal() != goal) {
            return Err(Error::Database(DatabaseError::Unsupported {
                reason: format!(
                    "databases for different goals cannot be read together: {} and {}",
                    first.spec(),
                    other.spec()
                ),
            }));
        }
        Ok(PdbSet { members })
    }

    /// The members, in the order they are read.
    pub fn members(&self) -> &[Arc<AdditivePdb>] {
        &self.members
    }

    /// The first (strongest) member.
    pub fn first(&self) -> &Arc<AdditivePdb> {
        &self.members[0]
    }

    /// The goal they are for.
    pub fn goal(&self) -> &Goal {
        self.first().spec().goal()
    }

    /// The partitions, as the command line writes them (zero-aware ones
    /// marked so), joined by ` + `.
    pub fn label(&self) -> String {
        let name = |m: &Arc<AdditivePdb>| {
            let partition = m.spec().partition().to_arg();
            if m.spec().zero_aware() {
                format!("{partition} {}", m.spec().kind().label())
            } else {
                partition
            }
        };
        let names: Vec<String> = self.members.iter().map(name).collect();
        names.join(" + ")
    }
}

impl From<Arc<AdditivePdb>> for PdbSet {
    fn from(pdb: Arc<AdditivePdb>) -> PdbSet {
        PdbSet { members: vec![pdb] }
    }
}

impl Heuristic for PdbSet {
    fn estimate(&self, tiles: &[u8]) -> u32 {
        self.members.iter().map(|m| m.estimate(tiles)).max().unwrap_or(0)
    }

    /// One member updates incrementally; the maximum of several is recomputed.
    fn update(&self, tiles: &[u8], h: u32, tile: u8, from: usize, to: usize) -> u32 {
        match self.members.as_slice() {
            [one] => one.update(tiles, h, tile, from, to),
            _ => self.estimate(tiles),
        }
    }
}
