//! The table's bytes in memory. A lookup lands anywhere in hundreds of
//! megabytes, so where the table is made (built, or read from bytes) it
//! lives, on Linux, in an anonymous mapping advised to use huge pages: with
//! 4 KB pages a lookup usually also misses the address translation cache
//! (huge pages made the 4×4 search about 10% faster). An opened file is
//! mapped instead: instant to open, shared by every process that opens it,
//! with lookups about 8% slower than in huge pages on the 4×4 bench, where
//! filling 866 MiB of fresh huge pages took 0.2 to 2 s on the development
//! machine (its first touch of the memory).

use std::ops::Deref;

/// Tables smaller than one huge page stay on the heap.
#[cfg(target_os = "linux")]
const HUGE_PAGE: usize = 1 << 21;

/// A table's bytes.
#[derive(Debug)]
pub(crate) enum Entries {
    Heap(Vec<u8>),
    #[cfg(target_os = "linux")]
    Mapped(memmap2::MmapMut),
    /// A database file mapped whole; the table starts at `start`.
    File {
        map: memmap2::Mmap,
        start: usize,
    },
}

impl Entries {
    /// `len` bytes filled by `fill` (which gets them zeroed).
    pub(crate) fn filled<E>(len: usize, fill: impl FnOnce(&mut [u8]) -> Result<(), E>) -> Result<Entries, E> {
        #[cfg(target_os = "linux")]
        if len >= HUGE_PAGE {
            if let Ok(mut map) = memmap2::MmapMut::map_anon(len) {
                // Advice only: without huge pages the table is slower, not wrong.
                let _ = map.advise(memmap2::Advice::HugePage);
                fill(&mut map)?;
                return Ok(Entries::Mapped(map));
            }
        }
        let mut bytes = vec![0u8; len];
        fill(&mut bytes)?;
        Ok(Entries::Heap(bytes))
    }

    /// The bytes of `bytes`, moved where lookups are fastest.
    pub(crate) fn from_vec(bytes: Vec<u8>) -> Entries {
        #[cfg(target_os = "linux")]
        if bytes.len() >= HUGE_PAGE {
            return Entries::copy_of(&bytes);
        }
        Entries::Heap(bytes)
    }

    /// A copy of `bytes`, where lookups are fastest.
    pub(crate) fn copy_of(bytes: &[u8]) -> Entries {
        let copied: Result<Entries, std::convert::Infallible> = Entries::filled(bytes.len(), |to| {
            to.copy_from_slice(bytes);
            Ok(())
        });
        copied.unwrap_or_else(|never| match never {})
    }
}

impl Deref for Entries {
    type Target = [u8];

    fn deref(&self) -> &[u8] {
        match self {
            Entries::Heap(bytes) => bytes,
            #[cfg(target_os = "linux")]
            Entries::Mapped(map) => map,
            Entries::File { map, start } => map.get(*start..).unwrap_or_default(),
        }
    }
}

impl Clone for Entries {
    fn clone(&self) -> Entries {
        Entries::copy_of(self)
    }
}
