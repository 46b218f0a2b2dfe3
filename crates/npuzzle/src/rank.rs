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
fn select(mask: u64, mut k: u32) -> u32 {
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
