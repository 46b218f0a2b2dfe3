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

/// The largest pair table built (entries): 512 KB of `u64`s at most.
const MAX_PAIRS: usize = 1 << 16;

/// Most classes a layout may have, the blank's included.
pub(crate) const MAX_CLASSES: usize = 16;

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
    pairs: Option<Vec<u64>>,
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
        let pairs = (numbers * classes * classes <= MAX_PAIRS).then(|| {
            let mut pairs = vec![0u64; numbers * classes * classes];
            for number in 0..numbers {
                for first in (0..classes).filter(|&k| count_of(number, k) > 0) {
                    let rest = number - stride[first];
                    for second in (0..classes).filter(|&k| count_of(rest, k) > 0) {
                        pairs[(number * classes + first) * classes + second] =
                            below[number * (classes + 1) + first] + below[rest * (classes + 1) + second];
                    }
                }
            }
            pairs
        });
        Some(MultisetIndex {
            pairs,
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

    /// The rank of `labels` (one a cell; the counts must be the index's).
    #[inline(always)]
    pub(crate) fn rank(&self, labels: &[u8]) -> u64 {
        let labels = &labels[..self.cells];
        let (mut number, mut rank) = (self.full, 0u64);
        let Some(pairs) = &self.pairs else {
            return self.rank_from(labels, number, rank);
        };
        let mut two = labels.chunks_exact(2);
        for pair in &mut two {
            let (first, second) = (usize::from(pair[0]), usize::from(pair[1]));
            rank += pairs[(number * self.classes + first) * self.classes + second];
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
    fn the_four_by_four_layout_has_its_multinomial_count() {
        // 16! / (1! 2! 4! 5! 4!)
        let index = MultisetIndex::new(&[1, 2, 4, 5, 4]).unwrap();
        assert_eq!(index.len(), 151_351_200);
    }
}
