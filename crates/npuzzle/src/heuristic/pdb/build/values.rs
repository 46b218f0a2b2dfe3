//! Where the builder writes the values it finds: one per placement
//! (classic), packed at the end or as they come, or one per placement and
//! region of the blank (zero-aware).

use std::sync::atomic::{AtomicU8, Ordering::Relaxed};

use super::max_regions;
use crate::board::Shape;

/// A built table: bits per entry (4 or 8), entries per placement (1, or
/// for a zero-aware table one per region of free cells:
/// [`max_regions`]), and the packed entries.
#[derive(Debug)]
pub(crate) struct Built {
    pub bits: u8,
    pub regions: u32,
    pub table: Vec<u8>,
}

impl Built {
    /// One byte a value, packed two to a byte when all fit in 4 bits.
    fn packed(values: Vec<u8>, regions: u32) -> Built {
        let (bits, table) = if values.iter().all(|&v| v <= 15) {
            (4, super::super::pattern::pack_nibbles(&values))
        } else {
            (8, values)
        };
        Built { bits, regions, table }
    }
}

/// Where the builder writes the value of each placement (once, by the
/// thread whose chunk holds it).
pub(super) trait Values: Sync {
    /// One value per region of free cells (zero-aware), written by
    /// [`Values::store_regions`], rather than one per placement.
    const PER_REGION: bool = false;
    /// For `len` placements of a pattern of `k` tiles on `shape`.
    fn with_len(len: usize, shape: Shape, k: usize) -> Self;
    fn store(&self, i: usize, value: u8);
    /// The value of the regions whose numbers are set in `numbers`, for
    /// [`Values::PER_REGION`] tables.
    fn store_regions(&self, _i: usize, _numbers: u64, _value: u8) {}
    fn finish(self) -> Built;
}

/// One byte a value, packed at the end when all fit in 4 bits.
pub(super) struct Bytes(Vec<AtomicU8>);

impl Values for Bytes {
    fn with_len(len: usize, _: Shape, _: usize) -> Self {
        Bytes((0..len).map(|_| AtomicU8::new(0)).collect())
    }

    #[inline(always)]
    fn store(&self, i: usize, value: u8) {
        self.0[i].store(value, Relaxed);
    }

    fn finish(self) -> Built {
        // Same size and alignment: the standard library reuses the allocation.
        Built::packed(self.0.into_iter().map(AtomicU8::into_inner).collect(), 1)
    }
}

/// Two values a byte, low nibble first, each at most 15. Both nibbles of a
/// byte belong to the same chunk ([`CHUNK`](super::CHUNK) is even), so to one thread.
pub(super) struct Nibbles(Vec<AtomicU8>);

impl Values for Nibbles {
    fn with_len(len: usize, _: Shape, _: usize) -> Self {
        Nibbles((0..len.div_ceil(2)).map(|_| AtomicU8::new(0)).collect())
    }

    #[inline(always)]
    fn store(&self, i: usize, value: u8) {
        self.0[i >> 1].fetch_or(value.min(15) << ((i & 1) * 4), Relaxed);
    }

    fn finish(self) -> Built {
        Built {
            bits: 4,
            regions: 1,
            table: self.0.into_iter().map(AtomicU8::into_inner).collect(),
        }
    }
}

/// Zero-aware values: a byte for each placement and region number
/// (`regions` of them, the most any placement leaves), [`UNSET`] until the
/// region is reached. Each (placement, region) state is reached in exactly
/// one layer, the one of its distance, so each byte is written once.
pub(super) struct PerRegion {
    values: Vec<AtomicU8>,
    regions: usize,
}

/// A (placement, region) state not reached, or a region number the
/// placement does not have.
const UNSET: u8 = u8::MAX;

impl Values for PerRegion {
    const PER_REGION: bool = true;

    fn with_len(len: usize, shape: Shape, k: usize) -> Self {
        let regions = max_regions(shape, k) as usize;
        PerRegion {
            values: (0..len * regions).map(|_| AtomicU8::new(UNSET)).collect(),
            regions,
        }
    }

    fn store(&self, _: usize, _: u8) {}

    #[inline(always)]
    fn store_regions(&self, i: usize, mut numbers: u64, value: u8) {
        while numbers != 0 {
            let n = numbers.trailing_zeros() as usize;
            numbers &= numbers - 1;
            self.values[i * self.regions + n].store(value.min(UNSET - 1), Relaxed);
        }
    }

    /// Slots never written (a region number the placement does not have,
    /// or a state no board reaches) get the placement's smallest value,
    /// its classic one, which is a lower bound wherever the blank is.
    fn finish(self) -> Built {
        let regions = self.regions;
        let mut values: Vec<u8> = self.values.into_iter().map(AtomicU8::into_inner).collect();
        for slots in values.chunks_mut(regions) {
            let least = slots.iter().copied().min().filter(|&v| v != UNSET).unwrap_or(0);
            for v in slots.iter_mut().filter(|v| **v == UNSET) {
                *v = least;
            }
        }
        Built::packed(values, regions as u32)
    }
}
