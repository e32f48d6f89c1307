//! SSE2 (16-byte) and AVX2 (32-byte) block classifiers for x86_64.

use super::{StopSet, find_scalar};
use std::arch::x86_64::*;

/// The first stop byte of `haystack`, 16 bytes at a time with SSE2 (part of the x86_64
/// baseline, so always available). Each block is compared against every listed stop byte and,
/// for sets with `A`–`Z`, range-checked; the OR of those is turned into a 16-bit mask.
#[inline]
pub(super) fn find_sse2(haystack: &[u8], set: &StopSet) -> Option<usize> {
    let len = haystack.len();
    let ptr = haystack.as_ptr();
    let mut i = 0;
    // SAFETY: SSE2 is enabled on every x86_64 target, so these intrinsics are available;
    // `_mm_set1_epi8` and friends touch no memory.
    let (needles, upper_base, upper_limit) = unsafe {
        let mut needles = [_mm_setzero_si128(); 16];
        for (n, &b) in needles.iter_mut().zip(&set.bytes[..set.len]) {
            *n = _mm_set1_epi8(b as i8);
        }
        // (b - 'A') ^ 0x80 < 26 ^ 0x80 (signed) <=> b - 'A' < 26 (unsigned).
        (
            needles,
            _mm_set1_epi8(b'A' as i8),
            _mm_set1_epi8((26u8 ^ 0x80) as i8),
        )
    };
    while i + 16 <= len {
        // SAFETY: `i + 16 <= len`, so the 16 bytes at `ptr + i` are inside `haystack`;
        // `_mm_loadu_si128` has no alignment requirement. SSE2 is baseline on x86_64.
        let mask = unsafe {
            let v = _mm_loadu_si128(ptr.add(i) as *const __m128i);
            let mut hits = _mm_setzero_si128();
            for n in &needles[..set.len] {
                hits = _mm_or_si128(hits, _mm_cmpeq_epi8(v, *n));
            }
            if set.upper_alpha {
                let shifted = _mm_xor_si128(_mm_sub_epi8(v, upper_base), _mm_set1_epi8(-128));
                hits = _mm_or_si128(hits, _mm_cmplt_epi8(shifted, upper_limit));
            }
            _mm_movemask_epi8(hits) as u32
        };
        if mask != 0 {
            return Some(i + mask.trailing_zeros() as usize);
        }
        i += 16;
    }
    find_scalar(&haystack[i..], set).map(|j| i + j)
}

/// The first stop byte of `haystack`, 32 bytes at a time with AVX2: each byte is classified by
/// two nibble-table look-ups (`vpshufb`) whose AND is non-zero exactly for stop bytes.
///
/// # Safety
///
/// The CPU must support AVX2 (`is_x86_feature_detected!("avx2")`).
#[target_feature(enable = "avx2")]
pub(super) unsafe fn find_avx2(haystack: &[u8], set: &StopSet) -> Option<usize> {
    let len = haystack.len();
    let ptr = haystack.as_ptr();
    let mut i = 0;
    // SAFETY: the caller guarantees AVX2; the 16-byte loads read the `lo`/`hi` arrays of
    // `set`, which are exactly 16 bytes each.
    let (lo_tbl, hi_tbl, nibble) = unsafe {
        let lo = _mm_loadu_si128(set.lo.as_ptr() as *const __m128i);
        let hi = _mm_loadu_si128(set.hi.as_ptr() as *const __m128i);
        (
            _mm256_broadcastsi128_si256(lo),
            _mm256_broadcastsi128_si256(hi),
            _mm256_set1_epi8(0x0F),
        )
    };
    while i + 32 <= len {
        // SAFETY: `i + 32 <= len`, so the 32 bytes at `ptr + i` are inside `haystack`;
        // `_mm256_loadu_si256` has no alignment requirement; the caller guarantees AVX2.
        let mask = unsafe {
            let v = _mm256_loadu_si256(ptr.add(i) as *const __m256i);
            let lo = _mm256_and_si256(v, nibble);
            let hi = _mm256_and_si256(_mm256_srli_epi16::<4>(v), nibble);
            let class = _mm256_and_si256(
                _mm256_shuffle_epi8(lo_tbl, lo),
                _mm256_shuffle_epi8(hi_tbl, hi),
            );
            let not_stop = _mm256_cmpeq_epi8(class, _mm256_setzero_si256());
            !(_mm256_movemask_epi8(not_stop) as u32)
        };
        if mask != 0 {
            return Some(i + mask.trailing_zeros() as usize);
        }
        i += 32;
    }
    // The tail (under 32 bytes): one SSE2 pass and the scalar loop.
    find_sse2(&haystack[i..], set).map(|j| i + j)
}
