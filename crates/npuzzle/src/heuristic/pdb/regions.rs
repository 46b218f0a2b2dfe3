//! Regions of free cells: the cells a pattern's tiles leave free fall into
//! connected regions, numbered from 0 in the order of their lowest cells.
//!
//! The builder tracks the blank by its region, and a zero-aware database
//! keeps one value per placement and region, so the number a lookup gives
//! the blank's region must be the builder's exactly: both go through
//! [`Flood::number_at`] (the builder's scan, which walks the regions in
//! order, is checked against it in the tests). Cells are bits of a `u64`,
//! and a region is found by a flood fill of shifts and masks: no
//! allocation, a few dozen instructions on the 24-puzzle.

use crate::board::Shape;

/// Flood fills over the cells of one board shape, as bit masks.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) struct Flood {
    width: u32,
    /// Every cell of the board.
    pub(crate) all: u64,
    not_first_col: u64,
    not_last_col: u64,
}

impl Flood {
    pub(crate) fn new(shape: Shape) -> Flood {
        let cells = shape.cells();
        let all = if cells == 64 { u64::MAX } else { (1u64 << cells) - 1 };
        let col = |c: usize| {
            (0..cells)
                .filter(|p| p % shape.width() == c)
                .fold(0u64, |m, p| m | 1 << p)
        };
        Flood {
            width: shape.width() as u32,
            all,
            not_first_col: all & !col(0),
            not_last_col: all & !col(shape.width() - 1),
        }
    }

    /// `region` and the cells of `free` next to it.
    #[inline(always)]
    fn grow(&self, region: u64, free: u64) -> u64 {
        (region
            | region << self.width
            | region >> self.width
            | ((region << 1) & self.not_first_col)
            | ((region >> 1) & self.not_last_col))
            & free
    }

    /// The cells of `free` connected to `seed` (a subset of `free`).
    #[inline(always)]
    pub(crate) fn region(&self, seed: u64, free: u64) -> u64 {
        let mut region = seed;
        loop {
            let grown = self.grow(region, free);
            if grown == region {
                return region;
            }
            region = grown;
        }
    }

    /// Whether the cells `a` and `b` of `free` (a bit each) lie in one
    /// region: the fill from `a` stops as soon as it reaches `b`.
    #[inline(always)]
    pub(crate) fn connected(&self, a: u64, b: u64, free: u64) -> bool {
        let mut region = a;
        loop {
            if region & b != 0 {
                return true;
            }
            let grown = self.grow(region, free);
            if grown == region {
                return false;
            }
            region = grown;
        }
    }

    /// How many regions `free` falls into.
    pub(crate) fn count_regions(&self, free: u64) -> u32 {
        self.count_regions_below(free, u64::MAX)
    }

    /// The number of `region` (a region of `free`) when the regions of
    /// `free` are numbered from 0 in the order of their lowest cells: how
    /// many regions have a cell below its lowest one.
    #[inline(always)]
    pub(crate) fn region_number(&self, region: u64, free: u64) -> u32 {
        let lowest = region & region.wrapping_neg();
        self.count_regions_below(free, lowest - 1)
    }

    /// The number of the region of `free` that holds `cell` (a cell of
    /// `free`): the one numbering that builder and lookups share.
    #[inline(always)]
    pub(crate) fn number_at(&self, cell: usize, free: u64) -> u32 {
        debug_assert!(free >> cell & 1 == 1);
        self.region_number(self.region(1 << cell, free), free)
    }

    /// How many regions of `free` have a cell in `below`.
    #[inline(always)]
    fn count_regions_below(&self, free: u64, below: u64) -> u32 {
        let mut rest = free & below;
        let mut n = 0;
        while rest != 0 {
            rest &= !self.region(rest & rest.wrapping_neg(), free);
            n += 1;
        }
        n
    }

    /// The cells of the regions of `free` whose numbers are set in `numbers`.
    #[inline(always)]
    pub(crate) fn cells_of_regions(&self, numbers: u64, free: u64) -> u64 {
        let mut cells = 0;
        let mut rest = free;
        let mut n = 0;
        while numbers >> n != 0 && rest != 0 {
            let r = self.region(rest & rest.wrapping_neg(), free);
            if numbers >> n & 1 != 0 {
                cells |= r;
            }
            rest &= !r;
            n += 1;
        }
        cells
    }

    /// The numbers (a bit each) of the regions of `free` that meet `cells`.
    #[inline(always)]
    pub(crate) fn regions_meeting(&self, cells: u64, free: u64) -> u64 {
        let mut numbers = 0;
        let mut rest = free;
        let mut n = 0;
        while rest & cells != 0 {
            let r = self.region(rest & rest.wrapping_neg(), free);
            if r & cells != 0 {
                numbers |= 1 << n;
            }
            rest &= !r;
            n += 1;
        }
        numbers
    }
}

/// The most regions the free cells of `shape` fall into with `k` cells
/// taken, over every set of `k` cells (C(25, 7) = 480,700 sets for a 7-tile
/// pattern on 5×5; a few tens of milliseconds).
pub(crate) fn max_regions(shape: Shape, k: usize) -> u32 {
    let flood = Flood::new(shape);
    let cells = shape.cells();
    if k == 0 || k >= cells {
        return u32::from(k < cells);
    }
    let mut most = 0;
    // Every k-subset of the cells as a mask, in increasing order (Gosper's hack).
    let mut set: u64 = (1u64 << k) - 1;
    while set & !flood.all == 0 {
        most = most.max(flood.count_regions(flood.all & !set));
        let lowest = set & set.wrapping_neg();
        let ripple = set + lowest;
        set = ripple | (((set ^ ripple) >> 2) / lowest);
    }
    most
}

#[cfg(test)]
mod tests {
    use super::*;
    use rand::{Rng, SeedableRng};

    /// Region numbers by a plain flood fill over cells with a stack: an
    /// independent count to check the bit-mask one against.
    fn numbers_by_hand(shape: Shape, free: &[bool]) -> Vec<Option<u32>> {
        let mut number = vec![None; free.len()];
        let mut next = 0;
        for start in 0..free.len() {
            if !free[start] || number[start].is_some() {
                continue;
            }
            number[start] = Some(next);
            let mut stack = vec![start];
            while let Some(c) = stack.pop() {
                for mv in crate::Move::ALL {
                    if let Some(n) = shape.step(c, mv) {
                        if free[n] && number[n].is_none() {
                            number[n] = Some(next);
                            stack.push(n);
                        }
                    }
                }
            }
            next += 1;
        }
        number
    }

    #[test]
    fn region_numbers_follow_the_lowest_cells() {
        let mut rng = rand_chacha::ChaCha8Rng::seed_from_u64(13);
        for (w, h) in [(3, 3), (4, 2), (3, 4), (5, 5), (8, 4)] {
            let shape = Shape::new(w, h).unwrap();
            let flood = Flood::new(shape);
            for _ in 0..500 {
                let k = rng.random_range(1..shape.cells());
                let mut taken = 0u64;
                while taken.count_ones() < k as u32 {
                    taken |= 1 << rng.random_range(0..shape.cells());
                }
                let free = flood.all & !taken;
                let cells: Vec<bool> = (0..shape.cells()).map(|c| free >> c & 1 == 1).collect();
                let want = numbers_by_hand(shape, &cells);
                for (c, n) in want.iter().enumerate() {
                    if let Some(n) = *n {
                        assert_eq!(flood.number_at(c, free), n, "{shape} free {free:b} cell {c}");
                        assert_eq!(flood.regions_meeting(1 << c, free), 1 << n);
                        let region = flood.cells_of_regions(1 << n, free);
                        assert_eq!(region, flood.region(1 << c, free));
                        for (d, m) in want.iter().enumerate().filter(|(_, m)| m.is_some()) {
                            assert_eq!(flood.connected(1 << c, 1 << d, free), *m == Some(n));
                        }
                    }
                }
            }
        }
    }
}
