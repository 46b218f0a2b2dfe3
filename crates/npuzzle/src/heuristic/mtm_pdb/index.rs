//! The index of an abstract board: cells labelled by class (0 the blank),
//! ranked among every arrangement of the same labels (a multiset
//! permutation), so `0 ≤ rank < len` and every arrangement has its own rank.
//!
//! The rank walks the cells in order and adds, for the label found, how
//! many arrangements of the labels left put a smaller label in that cell.
//! Those sums are read from a table indexed by the counts still left (a
//! mixed-radix number) and the label, two cells a lookup where that table
//! is small: a rank is an addition and a lookup for every two cells, and
//! nothing is allocated.

/// The largest pair table built (entries): 16 MB of `u32`s at most, and
/// far less for the layouts in use (228 KB for the 4×4 default).
const MAX_PAIRS: usize = 1 << 22;

/// Most classes a layout may have, the blank's included.
pub(crate) const MAX_CLASSES: usize = 16;

/// A rank and how it is made, so that it can follow a board move by move.
/// The board is packed: cell `i`'s label in bits `4i..4i + 4` of a `u64`,
/// so byte `k` holds pair `k` (cells `2k` and `2k + 1`). `rank` is the
/// sum of `parts`, one a pair, each read from the pairs table for the
/// counts left before the pair, `numbers[k]`. A move changes the parts of
/// the pairs from its first cell to its last, and the counts between.
#[derive(Debug, Clone, Copy)]
pub(crate) struct PairRank {
    numbers: [u16; 8],
    parts: [u32; 8],
    /// The arrangement's rank.
    pub(crate) rank: u32,
}

impl PairRank {
    /// Rank 0 with no parts.
    pub(crate) const ZERO: PairRank = PairRank {
        numbers: [0; 8],
        parts: [0; 8],
        rank: 0,
    };
}

/// Labels one a cell, packed four bits a cell (see [`PairRank`]).
pub(crate) fn pack(labels: &[u8; 16]) -> u64 {
    labels
        .iter()
        .rev()
        .fold(0, |packed, &l| (packed << 4) | u64::from(l & 15))
}

/// Packed labels back to one a cell.
#[cfg(test)]
pub(crate) fn unpack(packed: u64) -> [u8; 16] {
    std::array::from_fn(|i| ((packed >> (4 * i)) & 15) as u8)
}

/// Ranks and unranks arrangements of a fixed multiset of labels.
#[derive(Debug, Clone)]
pub(crate) struct MultisetIndex {
    classes: usize,
    cells: usize,
    /// How far one more label `k` moves the mixed-radix number of counts.
    stride: [usize; MAX_CLASSES],
    /// The counts of the whole multiset, as that number.
    full: usize,
    /// `below[number * (classes + 1) + label]`: arrangements of the counts
    /// `number` that start with a smaller label; the last column is all of
    /// them, so label `k`'s arrangements are the ranks from column `k` up
    /// to column `k + 1` (none for a label used up).
    below: Vec<u64>,
    /// The same sums two cells at a time, where that table stays small:
    /// `pairs[(number * classes + first) * classes + second]`.
    pairs: Option<Vec<u32>>,
    /// `stride` times `classes²`: how far one more label moves a pairs
    /// row, so the row is found by subtractions alone (a short chain of
    /// dependent steps from cell to cell).
    pair_stride: [usize; MAX_CLASSES],
    /// For a packed pair of labels (a byte, see [`PairRank`]): its column
    /// in a pairs row, and how far it moves the counts number.
    byte_column: [u16; 256],
    byte_stride: [u16; 256],
    /// Arrangements of each counts number.
    totals: Vec<u64>,
}

impl MultisetIndex {
    /// The index of arrangements with `counts[k]` cells of label `k`, or
    /// `None` when the arrangements would not fit a `u64`, there are no
    /// labels, or more than 16 classes or 2^16 counts numbers.
    pub(crate) fn new(counts: &[u8]) -> Option<MultisetIndex> {
        let classes = counts.len();
        if classes == 0 || classes > MAX_CLASSES {
            return None;
        }
        let mut stride = [0usize; MAX_CLASSES];
        let mut numbers = 1usize;
        for (k, &c) in counts.iter().enumerate() {
            stride[k] = numbers;
            numbers = numbers.checked_mul(usize::from(c) + 1)?;
        }
        // The tables hold a row per counts number: 2^16 at most on 16 cells.
        if numbers > 1 << 16 {
            return None;
        }
        let full = counts
            .iter()
            .enumerate()
            .map(|(k, &c)| stride[k] * usize::from(c))
            .sum();
        let count_of = |number: usize, k: usize| (number / stride[k]) % (usize::from(counts[k]) + 1);
        // Totals by increasing number: a smaller number's totals come first.
        let mut totals = vec![0u64; numbers];
        totals[0] = 1;
        for number in 1..numbers {
            let mut sum = 0u64;
            for k in 0..classes {
                if count_of(number, k) > 0 {
                    sum = sum.checked_add(totals[number - stride[k]])?;
                }
            }
            totals[number] = sum;
        }
        let mut below = vec![0u64; numbers * (classes + 1)];
        for number in 0..numbers {
            let mut sum = 0u64;
            for k in 0..classes {
                below[number * (classes + 1) + k] = sum;
                if count_of(number, k) > 0 {
                    sum += totals[number - stride[k]];
                }
            }
            below[number * (classes + 1) + classes] = sum;
        }
        // Pair sums are ranks, below the total: in 32 bits when it fits.
        let small = totals[full] <= u64::from(u32::MAX);
        let pairs = (small && numbers * classes * classes <= MAX_PAIRS).then(|| {
            let mut pairs = vec![0u32; numbers * classes * classes];
            for number in 0..numbers {
                for first in (0..classes).filter(|&k| count_of(number, k) > 0) {
                    let rest = number - stride[first];
                    for second in (0..classes).filter(|&k| count_of(rest, k) > 0) {
                        let sum = below[number * (classes + 1) + first] + below[rest * (classes + 1) + second];
                        pairs[(number * classes + first) * classes + second] = sum as u32;
                    }
                }
            }
            pairs
        });
        let mut pair_stride = [0usize; MAX_CLASSES];
        for (k, scaled) in pair_stride.iter_mut().enumerate().take(classes) {
            *scaled = stride[k] * classes * classes;
        }
        let (mut byte_column, mut byte_stride) = ([0u16; 256], [0u16; 256]);
        for (byte, (column, moved)) in byte_column.iter_mut().zip(&mut byte_stride).enumerate() {
            let (first, second) = (byte & 15, byte >> 4);
            if first < classes && second < classes {
                *column = (first * classes + second) as u16;
                *moved = (stride[first] + stride[second]) as u16;
            }
        }
        Some(MultisetIndex {
            pairs,
            pair_stride,
            byte_column,
            byte_stride,
            classes,
            cells: counts.iter().map(|&c| usize::from(c)).sum(),
            stride,
            full,
            below,
            totals,
        })
    }

    /// How many arrangements there are: every rank is below it.
    pub(crate) fn len(&self) -> u64 {
        self.totals[self.full]
    }

    /// The rank of packed `labels` as a [`PairRank`], to be kept up to
    /// date by [`update`](Self::update); `None` for an index without a
    /// pair table (one of more than `u32::MAX` arrangements).
    pub(crate) fn pair_rank(&self, labels: u64) -> Option<PairRank> {
        self.pairs.as_ref()?;
        let mut ranked = PairRank::ZERO;
        let mut number = self.full as u16;
        for k in 0..self.cells.div_ceil(2) {
            ranked.numbers[k] = number;
            ranked.parts[k] = self.part(number, labels, k);
            ranked.rank = ranked.rank.wrapping_add(ranked.parts[k]);
            number = number.wrapping_sub(self.byte_stride[((labels >> (8 * k)) & 0xff) as usize]);
        }
        Some(ranked)
    }

    /// Brings `ranked` up to date after cells `a` and `b` of packed
    /// `labels` swapped their labels (the counts between them are what
    /// changed).
    #[inline(always)]
    pub(crate) fn update(&self, ranked: &mut PairRank, labels: u64, a: usize, b: usize) {
        let (first, last) = (a.min(b) / 2, a.max(b) / 2);
        for k in first..=last {
            if k > first {
                let before = ((labels >> (8 * (k - 1))) & 0xff) as usize;
                ranked.numbers[k] = ranked.numbers[k - 1].wrapping_sub(self.byte_stride[before]);
            }
            let part = self.part(ranked.numbers[k], labels, k);
            ranked.rank = ranked.rank.wrapping_sub(ranked.parts[k]).wrapping_add(part);
            ranked.parts[k] = part;
        }
    }

    /// What the cells of pair `k` add to a rank from the counts `number`:
    /// a pair's sum, or the last cell's alone on an odd number of cells.
    #[inline(always)]
    fn part(&self, number: u16, labels: u64, k: usize) -> u32 {
        let (number, byte) = (usize::from(number), ((labels >> (8 * k)) & 0xff) as usize);
        if 2 * k + 1 < self.cells {
            let pairs = self.pairs.as_deref().unwrap_or_default();
            let at = number * self.classes * self.classes + usize::from(self.byte_column[byte]);
            return pairs.get(at).copied().unwrap_or(0);
        }
        self.below
            .get(number * (self.classes + 1) + (byte & 15))
            .map_or(0, |&b| b as u32)
    }

    /// The rank of `labels` (one a cell; the counts must be the index's).
    #[inline(always)]
    pub(crate) fn rank(&self, labels: &[u8]) -> u64 {
        let labels = &labels[..self.cells];
        let (mut number, mut rank) = (self.full, 0u64);
        let Some(pairs) = &self.pairs else {
            return self.rank_from(labels, number, rank);
        };
        let mut row = number * self.classes * self.classes;
        let mut two = labels.chunks_exact(2);
        for pair in &mut two {
            let (first, second) = (usize::from(pair[0]), usize::from(pair[1]));
            rank += u64::from(pairs[row + first * self.classes + second]);
            row -= self.pair_stride[first] + self.pair_stride[second];
            number -= self.stride[first] + self.stride[second];
        }
        self.rank_from(two.remainder(), number, rank)
    }

    /// `rank` plus the rank of the cells `labels`, from the counts `number`.
    #[inline(always)]
    fn rank_from(&self, labels: &[u8], mut number: usize, mut rank: u64) -> u64 {
        for &label in labels {
            let label = usize::from(label);
            rank += self.below[number * (self.classes + 1) + label];
            number -= self.stride[label];
        }
        rank
    }

    /// The arrangement of rank `rank`, into `labels` (one a cell).
    pub(crate) fn unrank(&self, mut rank: u64, labels: &mut [u8]) {
        let mut number = self.full;
        for cell in labels.iter_mut().take(self.cells) {
            let row = &self.below[number * (self.classes + 1)..(number + 1) * (self.classes + 1)];
            // The label whose ranks hold this one: used-up labels hold none.
            let label = (0..self.classes).find(|&k| rank < row[k + 1]).unwrap_or(0);
            rank -= row[label];
            *cell = label as u8;
            number -= self.stride[label];
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Every arrangement of a small multiset in lexicographic order, by brute force.
    fn arrangements(counts: &[u8]) -> Vec<Vec<u8>> {
        let mut labels: Vec<u8> = counts
            .iter()
            .enumerate()
            .flat_map(|(k, &c)| std::iter::repeat_n(k as u8, c.into()))
            .collect();
        let mut all = vec![labels.clone()];
        // Next permutation, lexicographic, duplicates skipped by construction.
        loop {
            let Some(i) = (1..labels.len()).rev().find(|&i| labels[i - 1] < labels[i]) else {
                return all;
            };
            let j = (i..labels.len())
                .rev()
                .find(|&j| labels[j] > labels[i - 1])
                .unwrap_or(i);
            labels.swap(i - 1, j);
            labels[i..].reverse();
            all.push(labels.clone());
        }
    }

    #[test]
    fn ranks_are_the_lexicographic_order_and_unrank_inverts_them() {
        for counts in [&[1u8, 2, 3][..], &[1, 1, 1, 1], &[1, 2, 2, 3], &[1, 4], &[2, 0, 3]] {
            let index = MultisetIndex::new(counts).unwrap();
            let all = arrangements(counts);
            assert_eq!(index.len(), all.len() as u64, "{counts:?}");
            let mut back = vec![0u8; all[0].len()];
            for (rank, labels) in all.iter().enumerate() {
                assert_eq!(index.rank(labels), rank as u64, "{labels:?}");
                index.unrank(rank as u64, &mut back);
                assert_eq!(&back, labels);
            }
        }
    }

    #[test]
    fn a_pair_rank_follows_the_blank_to_the_full_rank() {
        // The blank (label 0) walks rows and columns of 4x4, 3x3 and 5x3
        // arrangements; after every step the kept rank is the full one.
        for (width, counts) in [(4, &[1u8, 2, 2, 5, 4, 2][..]), (3, &[1, 2, 3, 3]), (5, &[1, 4, 5, 5])] {
            let index = MultisetIndex::new(counts).unwrap();
            let cells = index.cells;
            let mut labels = [0u8; 16];
            let mut at = 0;
            for (k, &c) in counts.iter().enumerate() {
                labels[at..at + usize::from(c)].fill(k as u8);
                at += usize::from(c);
            }
            let mut ranked = index.pair_rank(pack(&labels)).unwrap();
            let mut blank = 0;
            let mut state = 12345u64;
            for _ in 0..2000 {
                state = state
                    .wrapping_mul(6364136223846793005)
                    .wrapping_add(1442695040888963407);
                let (row, col) = (blank / width, blank % width);
                let to = match state >> 62 {
                    0 if row > 0 => blank - width,
                    1 if blank + width < cells => blank + width,
                    2 if col > 0 => blank - 1,
                    3 if col + 1 < width && blank + 1 < cells => blank + 1,
                    _ => continue,
                };
                labels.swap(blank, to);
                index.update(&mut ranked, pack(&labels), blank, to);
                assert_eq!(unpack(pack(&labels)), labels);
                blank = to;
                assert_eq!(u64::from(ranked.rank), index.rank(&labels), "{labels:?}");
            }
        }
    }

    #[test]
    fn the_four_by_four_layout_has_its_multinomial_count() {
        // 16! / (1! 2! 4! 5! 4!)
        let index = MultisetIndex::new(&[1, 2, 4, 5, 4]).unwrap();
        assert_eq!(index.len(), 151_351_200);
    }
}
