//! The block scan written once: a small vector trait ([`Vector`], with [`Shuffle`] for
//! instruction sets that have a 16-entry byte table look-up) implemented by each instruction
//! set (`x86.rs`: SSE2, AVX2; `neon.rs`: NEON), the two ways to classify a block's bytes
//! against a [`StopSet`] ([`listed_stops`], [`NibbleTables`]) and the loop over the blocks of a
//! haystack ([`find_blocks`]), as `memchr` does it.
//!
//! Every function here is generic and `#[inline(always)]`: it is compiled inside the caller's
//! instruction set context (a `#[target_feature]` function for AVX2, the baseline for SSE2 and
//! NEON), so that the intrinsics inline and, for the tokenizer's constant stop sets, the
//! needles become constants.

use super::StopSet;

/// A vector of `BYTES` bytes of one instruction set.
///
/// # Safety
///
/// Every method is `unsafe`: the caller must make sure the CPU supports the instruction set of
/// the implementation (baseline for SSE2 on x86_64 and NEON on aarch64, detected at run time
/// for AVX2), and for [`Vector::load`] that the bytes read are inside one allocation.
pub(super) trait Vector: Copy {
    /// Bytes per vector.
    const BYTES: usize;
    /// The mask of a vector's lanes ([`Vector::movemask`]).
    type Mask: Mask;
    /// `BYTES` bytes from `ptr`, which need not be aligned.
    ///
    /// # Safety
    /// `ptr..ptr + BYTES` must be readable; the CPU must support the instruction set.
    unsafe fn load(ptr: *const u8) -> Self;
    /// Every lane `b`.
    ///
    /// # Safety
    /// The CPU must support the instruction set.
    unsafe fn splat(b: u8) -> Self;
    /// Lane-wise AND.
    ///
    /// # Safety
    /// The CPU must support the instruction set.
    unsafe fn and(self, other: Self) -> Self;
    /// Lane-wise OR.
    ///
    /// # Safety
    /// The CPU must support the instruction set.
    unsafe fn or(self, other: Self) -> Self;
    /// `0xFF` in the lanes where `self` and `other` are equal, else 0.
    ///
    /// # Safety
    /// The CPU must support the instruction set.
    unsafe fn eq(self, other: Self) -> Self;
    /// `0xFF` in the lanes that hold `first..first + count` (unsigned), else 0.
    ///
    /// # Safety
    /// The CPU must support the instruction set.
    unsafe fn in_range(self, first: u8, count: u8) -> Self;
    /// The mask of the lanes that are `0xFF` (every lane must be `0xFF` or 0).
    ///
    /// # Safety
    /// The CPU must support the instruction set.
    unsafe fn movemask(self) -> Self::Mask;
    /// The mask of the lanes that are not 0.
    ///
    /// # Safety
    /// The CPU must support the instruction set.
    unsafe fn nonzero_mask(self) -> Self::Mask;
}

/// A vector with a byte table look-up: each lane of an index vector (0..16) picks a byte of a
/// 16-byte table (the same table for every 16 lanes).
pub(super) trait Shuffle: Vector {
    /// The 16-byte `table`, repeated to fill the vector.
    ///
    /// # Safety
    /// The CPU must support the instruction set.
    unsafe fn load_table(table: &[u8; 16]) -> Self;
    /// Each lane shifted right by 4 (its high nibble).
    ///
    /// # Safety
    /// The CPU must support the instruction set.
    unsafe fn high_nibbles(self) -> Self;
    /// `table[index]` in each lane, for indices below 16.
    ///
    /// # Safety
    /// The CPU must support the instruction set.
    unsafe fn lookup(table: Self, index: Self) -> Self;
}

/// The lanes selected by a comparison, as bits.
pub(super) trait Mask: Copy {
    /// No lane is selected.
    fn is_empty(self) -> bool;
    /// The index of the first selected lane (the mask is not empty).
    fn first(self) -> usize;
    /// How many lanes are selected.
    fn count(self) -> u32;
}

/// One bit per lane, lane 0 the lowest (`movemask` on x86).
impl Mask for u32 {
    #[inline(always)]
    fn is_empty(self) -> bool {
        self == 0
    }

    #[inline(always)]
    fn first(self) -> usize {
        self.trailing_zeros() as usize
    }

    #[inline(always)]
    fn count(self) -> u32 {
        self.count_ones()
    }
}

/// The stop bytes of `v`: a comparison against each listed byte of `set` and, for sets with
/// `A`–`Z`, a range check. For vectors without a table look-up (SSE2), and for the first block
/// of a run, where the tokenizer's constant sets fold into constant needles.
///
/// # Safety
/// The CPU must support `V`'s instruction set.
#[cfg_attr(not(target_arch = "x86_64"), allow(dead_code))]
#[inline(always)]
pub(super) unsafe fn listed_stops<V: Vector>(v: V, set: &StopSet) -> V::Mask {
    // SAFETY: the caller guarantees `V`'s instruction set.
    unsafe {
        let mut hits = V::splat(0);
        for &b in &set.bytes[..set.len] {
            hits = hits.or(v.eq(V::splat(b)));
        }
        if set.upper_alpha {
            hits = hits.or(v.in_range(b'A', 26));
        }
        hits.movemask()
    }
}

/// A stop set as two nibble tables in vectors: a byte `b` is a stop byte when
/// `lo[b & 15] & hi[b >> 4] != 0` (any ASCII set, ranges included, in a few instructions).
#[derive(Clone, Copy)]
pub(super) struct NibbleTables<V> {
    lo: V,
    hi: V,
    low_nibble: V,
}

impl<V: Shuffle> NibbleTables<V> {
    /// `set`'s tables, loaded once per scan.
    ///
    /// # Safety
    /// The CPU must support `V`'s instruction set.
    #[inline(always)]
    pub(super) unsafe fn new(set: &StopSet) -> Self {
        // SAFETY: the caller guarantees `V`'s instruction set.
        unsafe {
            NibbleTables {
                lo: V::load_table(&set.lo),
                hi: V::load_table(&set.hi),
                low_nibble: V::splat(0x0F),
            }
        }
    }

    /// The stop bytes of `v`.
    ///
    /// # Safety
    /// The CPU must support `V`'s instruction set.
    #[inline(always)]
    pub(super) unsafe fn stops(self, v: V) -> V::Mask {
        // SAFETY: the caller guarantees `V`'s instruction set.
        unsafe {
            let lo = V::lookup(self.lo, v.and(self.low_nibble));
            let hi = V::lookup(self.hi, v.high_nibbles());
            lo.and(hi).nonzero_mask()
        }
    }
}

/// The offset of the first stop byte of `haystack`: each whole block of `V::BYTES` classified
/// by `stops`, the rest (under one block) by `tail`. Never reads outside `haystack`.
///
/// # Safety
/// The CPU must support `V`'s instruction set, and `stops` must be safe to call with it.
#[inline(always)]
pub(super) unsafe fn find_blocks<V: Vector>(
    haystack: &[u8],
    stops: impl Fn(V) -> V::Mask,
    tail: impl FnOnce(&[u8]) -> Option<usize>,
) -> Option<usize> {
    let ptr = haystack.as_ptr();
    let mut i = 0;
    while i + V::BYTES <= haystack.len() {
        // SAFETY: `i + V::BYTES <= haystack.len()`, so the block at `ptr + i` is inside
        // `haystack`; loads need no alignment; the caller guarantees the instruction set.
        let mask = stops(unsafe { V::load(ptr.add(i)) });
        if !mask.is_empty() {
            return Some(i + mask.first());
        }
        i += V::BYTES;
    }
    tail(&haystack[i..]).map(|j| i + j)
}

/// [`super::count_node_marks`] over `haystack`, its inner bytes a block of `V::BYTES` at a time
/// (each block loaded three times: one byte back, in place, one byte on), the first byte and
/// the bytes after the last block by `rest` (the count of the `<` in a range of offsets).
/// Never reads outside `haystack`.
///
/// # Safety
/// The CPU must support `V`'s instruction set.
#[inline(always)]
pub(super) unsafe fn count_node_marks_blocks<V: Vector>(
    haystack: &[u8],
    rest: impl Fn(&[u8], std::ops::Range<usize>) -> usize,
) -> usize {
    let ptr = haystack.as_ptr();
    let mut count = rest(haystack, 0..haystack.len().min(1));
    let mut i = 1;
    // SAFETY (for the whole loop): the caller guarantees the instruction set.
    unsafe {
        let (lt, gt, bang, question, lower) = (
            V::splat(b'<'),
            V::splat(b'>'),
            V::splat(b'!'),
            V::splat(b'?'),
            V::splat(0x20),
        );
        while i + V::BYTES < haystack.len() {
            // SAFETY: `1 <= i` and `i + V::BYTES + 1 <= haystack.len()`, so the blocks at
            // `i - 1`, `i` and `i + 1` are inside `haystack`; loads need no alignment.
            let is_lt = V::load(ptr.add(i)).eq(lt);
            let lts = is_lt.movemask();
            if !lts.is_empty() {
                // SAFETY: as above.
                let (before, after) = (V::load(ptr.add(i - 1)), V::load(ptr.add(i + 1)));
                let opens = after
                    .or(lower)
                    .in_range(b'a', 26)
                    .or(after.eq(bang))
                    .or(after.eq(question));
                let marks = is_lt.and(opens).movemask().count() + lts.count()
                    - is_lt.and(before.eq(gt)).movemask().count();
                count += marks as usize;
            }
            i += V::BYTES;
        }
    }
    count + rest(haystack, i.min(haystack.len())..haystack.len())
}
