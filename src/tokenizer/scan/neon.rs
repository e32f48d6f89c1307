//! The NEON (16-byte) block classifier for aarch64.

use super::{StopSet, find_scalar};
use std::arch::aarch64::*;

/// The first stop byte of `haystack`, 16 bytes at a time with NEON (part of the aarch64
/// baseline): two nibble-table look-ups (`tbl`) whose AND is non-zero exactly for stop bytes,
/// narrowed to a 64-bit mask of four bits per byte.
#[inline]
pub(super) fn find_neon(haystack: &[u8], set: &StopSet) -> Option<usize> {
    let len = haystack.len();
    let ptr = haystack.as_ptr();
    let mut i = 0;
    // SAFETY: NEON is enabled on every aarch64 target; `vld1q_u8` reads the 16-byte `lo` and
    // `hi` arrays of `set`.
    let (lo_tbl, hi_tbl, nibble) = unsafe {
        (
            vld1q_u8(set.lo.as_ptr()),
            vld1q_u8(set.hi.as_ptr()),
            vdupq_n_u8(0x0F),
        )
    };
    while i + 16 <= len {
        // SAFETY: `i + 16 <= len`, so the 16 bytes at `ptr + i` are inside `haystack`;
        // `vld1q_u8` has no alignment requirement. NEON is baseline on aarch64.
        let mask = unsafe {
            let v = vld1q_u8(ptr.add(i));
            let lo = vandq_u8(v, nibble);
            let hi = vshrq_n_u8::<4>(v);
            let class = vandq_u8(vqtbl1q_u8(lo_tbl, lo), vqtbl1q_u8(hi_tbl, hi));
            // 0xFF for stop bytes, then four bits per byte.
            let stops = vtstq_u8(class, class);
            let narrowed = vshrn_n_u16::<4>(vreinterpretq_u16_u8(stops));
            vget_lane_u64::<0>(vreinterpret_u64_u8(narrowed))
        };
        if mask != 0 {
            return Some(i + (mask.trailing_zeros() / 4) as usize);
        }
        i += 16;
    }
    find_scalar(&haystack[i..], set).map(|j| i + j)
}
