//! The aarch64 vector of the block scan: NEON (16 bytes, part of the aarch64 baseline; nibble
//! tables through `tbl`), with masks of four bits per byte (NEON has no `movemask`: a shift
//! right and narrow by 4 packs the 16 byte lanes into 64 bits).

use super::vector::{Mask, NibbleTables, Shuffle, Vector, count_node_marks_blocks, find_blocks};
use super::{StopSet, count_node_marks_in, find_scalar};
use std::arch::aarch64::*;

/// 16 bytes in a NEON register.
#[derive(Clone, Copy)]
pub(super) struct Neon(uint8x16_t);

/// Four bits per lane, lane 0 the lowest.
#[derive(Clone, Copy)]
pub(super) struct NibbleMask(u64);

impl Mask for NibbleMask {
    #[inline(always)]
    fn is_empty(self) -> bool {
        self.0 == 0
    }

    #[inline(always)]
    fn first(self) -> usize {
        (self.0.trailing_zeros() / 4) as usize
    }

    #[inline(always)]
    fn count(self) -> u32 {
        self.0.count_ones() / 4
    }
}

impl Vector for Neon {
    const BYTES: usize = 16;
    type Mask = NibbleMask;

    #[inline(always)]
    unsafe fn load(ptr: *const u8) -> Self {
        // SAFETY: the caller guarantees 16 readable bytes at `ptr`; `vld1q_u8` needs no
        // alignment; NEON is part of the aarch64 baseline.
        Neon(unsafe { vld1q_u8(ptr) })
    }

    #[inline(always)]
    unsafe fn splat(b: u8) -> Self {
        // SAFETY: NEON is part of the aarch64 baseline.
        Neon(unsafe { vdupq_n_u8(b) })
    }

    #[inline(always)]
    unsafe fn and(self, other: Self) -> Self {
        // SAFETY: NEON is part of the aarch64 baseline.
        Neon(unsafe { vandq_u8(self.0, other.0) })
    }

    #[inline(always)]
    unsafe fn or(self, other: Self) -> Self {
        // SAFETY: NEON is part of the aarch64 baseline.
        Neon(unsafe { vorrq_u8(self.0, other.0) })
    }

    #[inline(always)]
    unsafe fn eq(self, other: Self) -> Self {
        // SAFETY: NEON is part of the aarch64 baseline.
        Neon(unsafe { vceqq_u8(self.0, other.0) })
    }

    #[inline(always)]
    unsafe fn in_range(self, first: u8, count: u8) -> Self {
        // An unsigned compare after moving the range to the bottom.
        // SAFETY: NEON is part of the aarch64 baseline.
        Neon(unsafe { vcltq_u8(vsubq_u8(self.0, vdupq_n_u8(first)), vdupq_n_u8(count)) })
    }

    #[inline(always)]
    unsafe fn movemask(self) -> NibbleMask {
        // SAFETY: NEON is part of the aarch64 baseline.
        NibbleMask(unsafe {
            let narrowed = vshrn_n_u16::<4>(vreinterpretq_u16_u8(self.0));
            vget_lane_u64::<0>(vreinterpret_u64_u8(narrowed))
        })
    }

    #[inline(always)]
    unsafe fn nonzero_mask(self) -> NibbleMask {
        // SAFETY: NEON is part of the aarch64 baseline.
        unsafe { Neon(vtstq_u8(self.0, self.0)).movemask() }
    }
}

impl Shuffle for Neon {
    #[inline(always)]
    unsafe fn load_table(table: &[u8; 16]) -> Self {
        // SAFETY: `table` is the 16 bytes `vld1q_u8` reads; NEON is part of the aarch64
        // baseline.
        Neon(unsafe { vld1q_u8(table.as_ptr()) })
    }

    #[inline(always)]
    unsafe fn high_nibbles(self) -> Self {
        // SAFETY: NEON is part of the aarch64 baseline.
        Neon(unsafe { vshrq_n_u8::<4>(self.0) })
    }

    #[inline(always)]
    unsafe fn lookup(table: Self, index: Self) -> Self {
        // SAFETY: NEON is part of the aarch64 baseline.
        Neon(unsafe { vqtbl1q_u8(table.0, index.0) })
    }
}

/// The first stop byte of `haystack`, 16 bytes at a time with NEON nibble tables, the tail
/// under 16 bytes by the scalar loop.
#[inline]
pub(super) fn find_neon(haystack: &[u8], set: &StopSet) -> Option<usize> {
    // SAFETY: NEON is part of the aarch64 baseline.
    let tables = unsafe { NibbleTables::<Neon>::new(set) };
    // SAFETY: as above.
    let stops = |v| unsafe { tables.stops(v) };
    // SAFETY: as above; `stops` needs nothing else.
    unsafe { find_blocks(haystack, stops, |tail| find_scalar(tail, set)) }
}

/// [`super::count_node_marks`] 16 bytes at a time with NEON.
#[inline]
pub(super) fn count_node_marks_neon(haystack: &[u8]) -> usize {
    // SAFETY: NEON is part of the aarch64 baseline.
    unsafe { count_node_marks_blocks::<Neon>(haystack, count_node_marks_in) }
}
