//! Boards of up to 16 cells packed into a `u64`, four bits a cell.
//!
//! Searches that keep many states (BFS, A*, tables) store them packed: eight
//! bytes a state, hashed and compared as one integer, moved by swapping two
//! nibbles without unpacking.

/// Most cells that fit.
pub const MAX_PACKED_CELLS: usize = 16;

/// Packs tiles (each < 16) into nibbles, cell 0 in the low bits.
///
/// ```
/// use npuzzle::packed::{pack, unpack};
/// let p = pack(&[1, 2, 3, 0]);
/// let mut t = [9u8; 4];
/// unpack(p, &mut t);
/// assert_eq!(t, [1, 2, 3, 0]);
/// ```
#[inline]
pub fn pack(tiles: &[u8]) -> u64 {
    debug_assert!(tiles.len() <= MAX_PACKED_CELLS);
    tiles
        .iter()
        .enumerate()
        .fold(0u64, |acc, (i, &t)| acc | (u64::from(t) << (4 * i)))
}

/// Unpacks into `out` (one tile a cell).
#[inline]
pub fn unpack(packed: u64, out: &mut [u8]) {
    for (i, slot) in out.iter_mut().enumerate() {
        *slot = ((packed >> (4 * i)) & 0xf) as u8;
    }
}

/// The tile at `cell`.
#[inline]
pub fn get(packed: u64, cell: usize) -> u8 {
    ((packed >> (4 * cell)) & 0xf) as u8
}

/// Moves the tile at `tile_cell` into the blank at `blank_cell`.
#[inline]
pub fn slide(packed: u64, blank_cell: usize, tile_cell: usize) -> u64 {
    let tile = (packed >> (4 * tile_cell)) & 0xf;
    packed & !(0xf << (4 * tile_cell)) | (tile << (4 * blank_cell))
}

/// The cell holding the blank.
#[inline]
pub fn blank_of(packed: u64, cells: usize) -> usize {
    (0..cells).find(|&i| get(packed, i) == 0).unwrap_or(0)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn slide_moves_one_tile_into_the_blank() {
        let p = pack(&[1, 2, 3, 4, 5, 6, 7, 0, 8]);
        let q = slide(p, 7, 8);
        let mut t = [0u8; 9];
        unpack(q, &mut t);
        assert_eq!(t, [1, 2, 3, 4, 5, 6, 7, 8, 0]);
        assert_eq!(blank_of(q, 9), 8);
    }
}
