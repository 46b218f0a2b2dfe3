//! Perfect hashing of permutations: lexicographic (Lehmer / Cantor) rank and
//! unrank in O(n) with bit masks, and ranks of one parity class (n!/2 values).
//!
//! Rank uses "digit i = perm\[i] minus the smaller values already seen", and a
//! 64-bit mask with `count_ones` gives that count in O(1), so the whole rank is
//! O(n) rather than the textbook O(n²). Unrank selects the k-th unused value
//! with a byte-wise select, also O(1) per digit for n ≤ 64.

/// Largest permutation length whose rank fits in a `u64`.
pub const MAX_RANKED: usize = 20;

/// `n!` for `n ≤ 20`.
///
/// ```
/// assert_eq!(npuzzle::rank::factorial(9), 362_880);
/// ```
pub const fn factorial(n: usize) -> u64 {
    let mut f = 1u64;
    let mut i = 2;
    while i <= n {
        f *= i as u64;
        i += 1;
    }
    f
}

/// Lexicographic rank of a permutation of `0..n` (`n ≤ 20`).
///
/// ```
/// use npuzzle::rank::{rank, unrank};
/// assert_eq!(rank(&[0, 1, 2]), 0);
/// assert_eq!(rank(&[2, 1, 0]), 5);
/// let mut p = [0u8; 4];
/// unrank(rank(&[3, 0, 2, 1]), &mut p);
/// assert_eq!(p, [3, 0, 2, 1]);
/// ```
#[inline]
pub fn rank(perm: &[u8]) -> u64 {
    let n = perm.len();
    debug_assert!(n <= MAX_RANKED);
    let mut seen = 0u64;
    let mut r = 0u64;
    for (i, &v) in perm.iter().enumerate() {
        let below = (seen & ((1u64 << v) - 1)).count_ones() as u64;
        r += (u64::from(v) - below) * FACT[n - 1 - i];
        seen |= 1u64 << v;
    }
    r
}

/// Inverse of [`rank`]: writes the permutation of `0..out.len()` with rank `r`.
#[inline]
pub fn unrank(mut r: u64, out: &mut [u8]) {
    let n = out.len();
    debug_assert!(n <= MAX_RANKED && r < factorial(n));
    let mut unused: u64 = if n == 64 { u64::MAX } else { (1u64 << n) - 1 };
    for (i, slot) in out.iter_mut().enumerate() {
        let f = FACT[n - 1 - i];
        let digit = (r / f) as u32;
        r %= f;
        let v = select(unused, digit);
        *slot = v as u8;
        unused &= !(1u64 << v);
    }
}

/// Rank among the permutations of the same parity: `rank(perm) / 2`, in `0..n!/2`.
///
/// The two permutations with ranks `2k` and `2k+1` differ by swapping the last
/// two values, so they have opposite parities and each class gets every
/// half-rank exactly once.
#[inline]
pub fn rank_half(perm: &[u8]) -> u64 {
    rank(perm) >> 1
}

/// Inverse of [`rank_half`] for the class given by `odd`.
///
/// ```
/// use npuzzle::rank::{is_odd, rank_half, unrank_half};
/// let mut p = [0u8; 5];
/// unrank_half(rank_half(&[4, 2, 0, 1, 3]), is_odd(&[4, 2, 0, 1, 3]), &mut p);
/// assert_eq!(p, [4, 2, 0, 1, 3]);
/// ```
#[inline]
pub fn unrank_half(r: u64, odd: bool, out: &mut [u8]) {
    unrank(r << 1, out);
    let n = out.len();
    if n >= 2 && is_odd(out) != odd {
        out.swap(n - 2, n - 1);
    }
}

/// Whether a permutation of `0..n` is odd, by counting cycles in O(n).
///
/// ```
/// assert!(!npuzzle::rank::is_odd(&[0, 1, 2]));
/// assert!(npuzzle::rank::is_odd(&[1, 0, 2]));
/// ```
pub fn is_odd(perm: &[u8]) -> bool {
    let mut visited = [false; 256];
    let mut transpositions = 0usize;
    for start in 0..perm.len() {
        if visited[start] {
            continue;
        }
        let mut len = 0usize;
        let mut i = start;
        while !visited[i] {
            visited[i] = true;
            i = usize::from(perm[i]);
            len += 1;
        }
        transpositions += len - 1;
    }
    transpositions % 2 == 1
}

/// A dense index of the boards that can reach one goal: `0..N!/2`.
///
/// Index = blank cell × (N-1)!/2 + [`rank_half`] of the other tiles (tile `t`
/// read as `t-1`) in row-major order. For each blank cell only one parity of
/// that order can reach the goal (see [`crate::parity`]), so the half rank
/// loses nothing, and tables indexed this way need N!/2 entries, not N!.
///
/// ```
/// use npuzzle::{rank::BoardIndexer, Board, Goal};
/// let goal = Goal::standard("3x3".parse()?);
/// let ix = BoardIndexer::new(&goal).unwrap();
/// let b: Board = "8 6 7 2 5 4 3 x 1".parse()?;
/// let i = ix.index(b.tiles());
/// assert!(i < ix.len());
/// let mut tiles = [0u8; 9];
/// ix.unindex(i, &mut tiles);
/// assert_eq!(&tiles, b.tiles());
/// # Ok::<(), npuzzle::Error>(())
/// ```
#[derive(Debug, Clone)]
pub struct BoardIndexer {
    cells: usize,
    per_blank: u64,
    /// For each blank cell, whether the order of the other tiles is odd on reachable boards.
    odd_at: Vec<bool>,
}

impl BoardIndexer {
    /// For the boards that reach `goal`; `None` if N!/2 does not fit (more than 21 cells).
    pub fn new(goal: &crate::Goal) -> Option<BoardIndexer> {
        let shape = goal.shape();
        let cells = shape.cells();
        if cells - 1 > MAX_RANKED {
            return None;
        }
        let rest: Vec<u8> = goal
            .board()
            .tiles()
            .iter()
            .filter(|&&t| t != 0)
            .map(|&t| t - 1)
            .collect();
        let goal_odd = is_odd(&rest);
        let goal_row = goal.position_of(0) / shape.width();
        let odd_at = (0..cells)
            .map(|p| goal_odd ^ (shape.width() % 2 == 0 && (p / shape.width()).abs_diff(goal_row) % 2 == 1))
            .collect();
        Some(BoardIndexer {
            cells,
            per_blank: factorial(cells - 1) / 2,
            odd_at,
        })
    }

    /// Number of indices: N!/2.
    pub fn len(&self) -> u64 {
        self.per_blank * self.cells as u64
    }

    /// Never true: every board has at least 4 cells.
    pub fn is_empty(&self) -> bool {
        false
    }

    /// Index of a board that can reach the goal (anything else gets the index
    /// of its partner with the last two tiles swapped).
    #[inline]
    pub fn index(&self, tiles: &[u8]) -> u64 {
        debug_assert_eq!(tiles.len(), self.cells);
        let mut rest = [0u8; MAX_RANKED];
        let mut blank = 0;
        let mut k = 0;
        for (p, &t) in tiles.iter().enumerate() {
            if t == 0 {
                blank = p;
            } else {
                rest[k] = t - 1;
                k += 1;
            }
        }
        blank as u64 * self.per_blank + rank_half(&rest[..k])
    }

    /// Writes the board with index `index` into `tiles`.
    #[inline]
    pub fn unindex(&self, index: u64, tiles: &mut [u8]) {
        let blank = (index / self.per_blank) as usize;
        let mut rest = [0u8; MAX_RANKED];
        let rest = &mut rest[..self.cells - 1];
        unrank_half(index % self.per_blank, self.odd_at[blank], rest);
        let mut k = 0;
        for (p, slot) in tiles.iter_mut().enumerate() {
            if p == blank {
                *slot = 0;
            } else {
                *slot = rest[k] + 1;
                k += 1;
            }
        }
    }
}

const FACT: [u64; MAX_RANKED + 1] = {
    let mut t = [1u64; MAX_RANKED + 1];
    let mut i = 1;
    while i <= MAX_RANKED {
        t[i] = t[i - 1] * i as u64;
        i += 1;
    }
    t
};

/// Position of the `k`-th (0-based) set bit of `mask`.
#[inline]
pub(crate) fn select(mask: u64, mut k: u32) -> u32 {
    let mut base = 0u32;
    let mut m = mask;
    // Skip whole bytes, then bits: at most 8 + 8 steps for any n ≤ 64.
    loop {
        let ones = (m & 0xff).count_ones();
        if k < ones {
            break;
        }
        k -= ones;
        m >>= 8;
        base += 8;
    }
    loop {
        if m & 1 == 1 {
            if k == 0 {
                return base;
            }
            k -= 1;
        }
        m >>= 1;
        base += 1;
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use proptest::prelude::*;

    fn textbook_rank(p: &[u8]) -> u64 {
        let n = p.len();
        (0..n)
            .map(|i| p[i + 1..].iter().filter(|&&q| q < p[i]).count() as u64 * factorial(n - 1 - i))
            .sum()
    }

    #[test]
    fn every_rank_of_six_round_trips_in_order() {
        let mut p = [0u8; 6];
        for r in 0..factorial(6) {
            unrank(r, &mut p);
            assert_eq!(rank(&p), r);
            assert_eq!(textbook_rank(&p), r);
        }
    }

    #[test]
    fn half_ranks_cover_each_class_once() {
        let n = 5;
        let mut seen = [
            vec![false; (factorial(n) / 2) as usize],
            vec![false; (factorial(n) / 2) as usize],
        ];
        let mut p = [0u8; 5];
        for r in 0..factorial(n) {
            unrank(r, &mut p);
            let class = usize::from(is_odd(&p));
            let h = rank_half(&p) as usize;
            assert!(!seen[class][h]);
            seen[class][h] = true;
        }
        assert!(seen.iter().all(|s| s.iter().all(|&b| b)));
    }

    fn permutation(max: usize) -> impl Strategy<Value = Vec<u8>> {
        (1..=max).prop_flat_map(|n| Just((0..n as u8).collect::<Vec<u8>>()).prop_shuffle())
    }

    #[test]
    fn board_index_is_a_bijection_on_reachable_boards() {
        for goal in crate::heuristic::tests::small_goals() {
            let ix = BoardIndexer::new(&goal).unwrap();
            let mut seen = vec![false; ix.len() as usize];
            let mut tiles = vec![0u8; goal.shape().cells()];
            for i in 0..ix.len() {
                ix.unindex(i, &mut tiles);
                let b = crate::Board::new(goal.shape(), tiles.clone()).unwrap();
                assert!(crate::parity::is_solvable(&b, &goal), "{b}");
                assert_eq!(ix.index(&tiles), i);
                assert!(!seen[i as usize]);
                seen[i as usize] = true;
            }
        }
    }

    proptest! {
        #[test]
        fn rank_unrank_round_trip(p in permutation(MAX_RANKED)) {
            let mut q = vec![0u8; p.len()];
            unrank(rank(&p), &mut q);
            prop_assert_eq!(&q, &p);
            prop_assert_eq!(rank(&p), textbook_rank(&p));
            let mut h = vec![0u8; p.len()];
            unrank_half(rank_half(&p), is_odd(&p), &mut h);
            prop_assert_eq!(h, p);
        }

        #[test]
        fn parity_matches_inversions(p in permutation(30)) {
            let inversions = (0..p.len()).flat_map(|i| (i + 1..p.len()).map(move |j| (i, j)))
                .filter(|&(i, j)| p[i] > p[j]).count();
            prop_assert_eq!(is_odd(&p), inversions % 2 == 1);
        }
    }
}
