//! The x86_64 vectors of the block scan: SSE2 (16 bytes, part of the x86_64 baseline; it has no
//! byte table look-up, so it classifies by comparing against each listed stop byte) and AVX2
//! (32 bytes, detected at run time; nibble tables through `vpshufb`).

use super::vector::{
    NibbleTables, Shuffle, Vector, count_node_marks_blocks, find_blocks, listed_stops,
};
use super::{StopSet, count_node_marks_in, find_scalar};
use std::arch::x86_64::*;

/// 16 bytes in an SSE2 register.
#[derive(Clone, Copy)]
pub(super) struct Sse2(__m128i);

impl Vector for Sse2 {
    const BYTES: usize = 16;
    type Mask = u32;

    #[inline(always)]
    unsafe fn load(ptr: *const u8) -> Self {
        // SAFETY: the caller guarantees 16 readable bytes at `ptr`; the load is unaligned.
        Sse2(unsafe { _mm_loadu_si128(ptr as *const __m128i) })
    }

    #[inline(always)]
    unsafe fn splat(b: u8) -> Self {
        // SAFETY: SSE2 is part of the x86_64 baseline.
        Sse2(unsafe { _mm_set1_epi8(b as i8) })
    }

    #[inline(always)]
    unsafe fn and(self, other: Self) -> Self {
        // SAFETY: SSE2 is part of the x86_64 baseline.
        Sse2(unsafe { _mm_and_si128(self.0, other.0) })
    }

    #[inline(always)]
    unsafe fn or(self, other: Self) -> Self {
        // SAFETY: SSE2 is part of the x86_64 baseline.
        Sse2(unsafe { _mm_or_si128(self.0, other.0) })
    }

    #[inline(always)]
    unsafe fn eq(self, other: Self) -> Self {
        // SAFETY: SSE2 is part of the x86_64 baseline.
        Sse2(unsafe { _mm_cmpeq_epi8(self.0, other.0) })
    }

    #[inline(always)]
    unsafe fn in_range(self, first: u8, count: u8) -> Self {
        // (b - first) ^ 0x80 < count ^ 0x80 (signed) <=> b - first < count (unsigned).
        // SAFETY: SSE2 is part of the x86_64 baseline.
        Sse2(unsafe {
            let shifted = _mm_xor_si128(
                _mm_sub_epi8(self.0, _mm_set1_epi8(first as i8)),
                _mm_set1_epi8(i8::MIN),
            );
            _mm_cmplt_epi8(shifted, _mm_set1_epi8((count ^ 0x80) as i8))
        })
    }

    #[inline(always)]
    unsafe fn movemask(self) -> u32 {
        // SAFETY: SSE2 is part of the x86_64 baseline.
        unsafe { _mm_movemask_epi8(self.0) as u32 }
    }

    #[inline(always)]
    unsafe fn nonzero_mask(self) -> u32 {
        // SAFETY: SSE2 is part of the x86_64 baseline.
        unsafe { !self.eq(Sse2::splat(0)).movemask() & 0xFFFF }
    }
}

/// 32 bytes in an AVX2 register.
#[derive(Clone, Copy)]
pub(super) struct Avx2(__m256i);

impl Vector for Avx2 {
    const BYTES: usize = 32;
    type Mask = u32;

    #[inline(always)]
    unsafe fn load(ptr: *const u8) -> Self {
        // SAFETY: the caller guarantees 32 readable bytes at `ptr` and AVX2; the load is
        // unaligned.
        Avx2(unsafe { _mm256_loadu_si256(ptr as *const __m256i) })
    }

    #[inline(always)]
    unsafe fn splat(b: u8) -> Self {
        // SAFETY: the caller guarantees AVX2.
        Avx2(unsafe { _mm256_set1_epi8(b as i8) })
    }

    #[inline(always)]
    unsafe fn and(self, other: Self) -> Self {
        // SAFETY: the caller guarantees AVX2.
        Avx2(unsafe { _mm256_and_si256(self.0, other.0) })
    }

    #[inline(always)]
    unsafe fn or(self, other: Self) -> Self {
        // SAFETY: the caller guarantees AVX2.
        Avx2(unsafe { _mm256_or_si256(self.0, other.0) })
    }

    #[inline(always)]
    unsafe fn eq(self, other: Self) -> Self {
        // SAFETY: the caller guarantees AVX2.
        Avx2(unsafe { _mm256_cmpeq_epi8(self.0, other.0) })
    }

    #[inline(always)]
    unsafe fn in_range(self, first: u8, count: u8) -> Self {
        // As for SSE2: a signed compare after moving the range to the bottom.
        // SAFETY: the caller guarantees AVX2.
        Avx2(unsafe {
            let shifted = _mm256_xor_si256(
                _mm256_sub_epi8(self.0, _mm256_set1_epi8(first as i8)),
                _mm256_set1_epi8(i8::MIN),
            );
            _mm256_cmpgt_epi8(_mm256_set1_epi8((count ^ 0x80) as i8), shifted)
        })
    }

    #[inline(always)]
    unsafe fn movemask(self) -> u32 {
        // SAFETY: the caller guarantees AVX2.
        unsafe { _mm256_movemask_epi8(self.0) as u32 }
    }

    #[inline(always)]
    unsafe fn nonzero_mask(self) -> u32 {
        // SAFETY: the caller guarantees AVX2.
        unsafe { !self.eq(Avx2::splat(0)).movemask() }
    }
}

impl Shuffle for Avx2 {
    #[inline(always)]
    unsafe fn load_table(table: &[u8; 16]) -> Self {
        // SAFETY: `table` is 16 bytes, the size of the unaligned load; the caller guarantees
        // AVX2.
        Avx2(unsafe { _mm256_broadcastsi128_si256(_mm_loadu_si128(table.as_ptr().cast())) })
    }

    #[inline(always)]
    unsafe fn high_nibbles(self) -> Self {
        // A 16-bit shift, then the low nibble of each byte (no 8-bit shift in AVX2).
        // SAFETY: the caller guarantees AVX2.
        unsafe { Avx2(_mm256_srli_epi16::<4>(self.0)).and(Avx2::splat(0x0F)) }
    }

    #[inline(always)]
    unsafe fn lookup(table: Self, index: Self) -> Self {
        // `vpshufb` looks up within each 128-bit half, which `load_table` filled alike.
        // SAFETY: the caller guarantees AVX2.
        Avx2(unsafe { _mm256_shuffle_epi8(table.0, index.0) })
    }
}

/// The stop-byte mask of the 16 bytes of `haystack` at `at` (bit `k`: byte `at + k` is a stop
/// byte), with SSE2. Always inlined, so that for the tokenizer's constant sets the needles
/// become constants and the loop over them unrolls.
///
/// # Panics
/// If `at + 16 > haystack.len()`.
#[inline(always)]
pub(super) fn block_mask_sse2(haystack: &[u8], at: usize, set: &StopSet) -> u32 {
    let block = &haystack[at..at + 16];
    // SAFETY: `block` is exactly 16 bytes, so the load stays inside it; SSE2 is part of the
    // x86_64 baseline.
    unsafe { listed_stops(Sse2::load(block.as_ptr()), set) }
}

/// The first stop byte of `haystack`, 16 bytes at a time with SSE2, the tail under 16 bytes by
/// the scalar loop.
#[inline(never)]
pub(super) fn find_sse2(haystack: &[u8], set: &StopSet) -> Option<usize> {
    // SAFETY: SSE2 is part of the x86_64 baseline.
    let stops = |v| unsafe { listed_stops::<Sse2>(v, set) };
    // SAFETY: as above; `stops` needs nothing else.
    unsafe { find_blocks(haystack, stops, |tail| find_scalar(tail, set)) }
}

/// The first stop byte of `haystack`, 32 bytes at a time with AVX2 nibble tables, the tail
/// (under 32 bytes) by one SSE2 pass and the scalar loop.
///
/// # Safety
///
/// The CPU must support AVX2 (`is_x86_feature_detected!("avx2")`).
#[target_feature(enable = "avx2")]
pub(super) unsafe fn find_avx2(haystack: &[u8], set: &StopSet) -> Option<usize> {
    // SAFETY: the caller guarantees AVX2.
    let tables = unsafe { NibbleTables::<Avx2>::new(set) };
    // SAFETY: the caller guarantees AVX2.
    let stops = |v| unsafe { tables.stops(v) };
    // SAFETY: the caller guarantees AVX2; `stops` needs nothing else.
    unsafe { find_blocks(haystack, stops, |tail| find_sse2(tail, set)) }
}

/// [`super::count_node_marks`] 16 bytes at a time with SSE2.
#[inline(never)]
pub(super) fn count_node_marks_sse2(haystack: &[u8]) -> usize {
    // SAFETY: SSE2 is part of the x86_64 baseline.
    unsafe { count_node_marks_blocks::<Sse2>(haystack, count_node_marks_in) }
}

/// [`super::count_node_marks`] 32 bytes at a time with AVX2 (and `popcnt` for the masks).
///
/// # Safety
/// The CPU must support AVX2 and `popcnt`.
#[target_feature(enable = "avx2,popcnt")]
pub(super) unsafe fn count_node_marks_avx2(haystack: &[u8]) -> usize {
    // SAFETY: the caller guarantees AVX2 and `popcnt`.
    unsafe { count_node_marks_blocks::<Avx2>(haystack, count_node_marks_in) }
}

#[cfg(test)]
mod tests {
    use super::super::ALL_SETS;
    use super::*;

    /// Both classifiers, in both vectors, against the scalar table on every byte value.
    #[test]
    fn the_classifiers_agree_with_the_table() {
        let avx2 = std::is_x86_feature_detected!("avx2");
        for set in ALL_SETS {
            for start in (0..=255u8).step_by(16) {
                let block: Vec<u8> = (0..32).map(|k| start.wrapping_add(k * 7)).collect();
                let want = block
                    .iter()
                    .enumerate()
                    .filter(|&(_, &b)| set.contains(b))
                    .fold(0u32, |m, (k, _)| m | 1 << k);
                // SAFETY: SSE2 is part of the x86_64 baseline; 16 of the 32 bytes are read.
                let sse2 = unsafe { listed_stops(Sse2::load(block.as_ptr()), set) };
                assert_eq!(sse2, want & 0xFFFF, "SSE2 listed, {block:?}");
                // SAFETY: as above.
                let sse2 = unsafe { Sse2::load(block.as_ptr()).eq(Sse2::splat(0)).nonzero_mask() };
                let zeros = block[..16]
                    .iter()
                    .enumerate()
                    .filter(|&(_, &b)| b == 0)
                    .fold(0u32, |m, (k, _)| m | 1 << k);
                assert_eq!(sse2, zeros, "SSE2 nonzero mask, {block:?}");
                if avx2 {
                    // SAFETY: AVX2 was detected; the 32 bytes of `block` are read.
                    let (listed, nibbles) = unsafe {
                        let v = Avx2::load(block.as_ptr());
                        (
                            listed_stops(v, set),
                            NibbleTables::<Avx2>::new(set).stops(v),
                        )
                    };
                    assert_eq!(listed, want, "AVX2 listed, {block:?}");
                    assert_eq!(nibbles, want, "AVX2 nibbles, {block:?}");
                }
            }
        }
    }
}
