//! Finding the next significant byte in the states that run over long stretches.
//!
//! One interface, [`Scanner::find`]: given the rest of the input and a state's [`StopSet`], the
//! offset (in bytes, into `haystack`) of the first byte the state must look at itself, or
//! `None` when the whole haystack is ordinary text for that state. Every stop set is ASCII, so
//! a returned offset is always on a `char` boundary of UTF-8 input.
//!
//! Implementations ([`ScanImpl`]):
//!
//! - **Scalar**: one byte at a time through a 256-entry table. The oracle the others are
//!   tested against, and selectable at run time (`TokenizerOptions::scalar`,
//!   `ParseOptions::scalar`) so that whole tokenizations can be compared.
//! - **Memchr**: `memchr`/`memchr2`/`memchr3` for sets of up to three bytes; larger sets fall
//!   back to the best block classifier.
//! - **Sse2** (x86_64 baseline, 16-byte blocks) and **Avx2** (32-byte blocks, chosen by
//!   `is_x86_feature_detected!`), **Neon** (aarch64, 16-byte blocks): classify every byte of a
//!   block at once, build a bitmask of the stop bytes and take its lowest set bit. AVX2 and
//!   NEON use two 16-entry nibble tables (a byte is a stop byte when
//!   `LO[b & 15] & HI[b >> 4] != 0`), which handles any ASCII set, ranges included, in four
//!   instructions; SSE2 has no byte shuffle and compares against each listed byte instead.
//!   Blocks that would run past the end of the haystack are finished by the scalar loop, so
//!   no implementation reads outside the slice.
//!
//! The block loop and both classifiers are written once (`vector.rs`), over a small private
//! vector trait that each instruction set implements (`x86.rs`: SSE2, AVX2; `neon.rs`: NEON),
//! as `memchr` does.
//!
//! The `unsafe` of the whole crate lives in this module's `vector`, `x86` and `neon`
//! submodules; each block says why it is sound.
//!
//! Tag and attribute names are usually a few bytes long: the tag fast path (`tag_states.rs`) looks at
//! their first 16 bytes itself through [`StopSet::contains`] (the scalar twin's table) and only
//! calls [`Scanner::find`] for longer names.

#[cfg(target_arch = "aarch64")]
mod neon;
#[cfg(any(target_arch = "x86_64", target_arch = "aarch64"))]
mod vector;
#[cfg(target_arch = "x86_64")]
mod x86;

/// A set of ASCII stop bytes for one tokenizer state, in the three shapes the implementations
/// need. Build it with [`StopSet::new`] in a `const`.
#[derive(Debug)]
pub(crate) struct StopSet {
    /// `table[b]`: is byte `b` a stop byte (the scalar implementation).
    table: [bool; 256],
    /// The listed stop bytes (without the ASCII upper alpha range), first `len` entries.
    bytes: [u8; 16],
    len: usize,
    /// Whether ASCII upper alpha (`A`–`Z`) are stop bytes too (tag and attribute names, which
    /// must lower-case them).
    upper_alpha: bool,
    /// Nibble tables: bit `h` of `lo[l]` is set when `h << 4 | l` is a stop byte;
    /// `hi[h] = 1 << h` for `h < 8` and 0 for the non-ASCII high nibbles.
    lo: [u8; 16],
    hi: [u8; 16],
}

impl StopSet {
    /// The set of `bytes` (at most 16, all ASCII), plus `A`–`Z` when `upper_alpha`.
    pub(crate) const fn new(bytes: &[u8], upper_alpha: bool) -> StopSet {
        assert!(bytes.len() <= 16, "at most 16 listed stop bytes");
        let mut set = StopSet {
            table: [false; 256],
            bytes: [0; 16],
            len: bytes.len(),
            upper_alpha,
            lo: [0; 16],
            hi: [0; 16],
        };
        let mut h = 0;
        while h < 8 {
            set.hi[h] = 1 << h;
            h += 1;
        }
        let mut i = 0;
        while i < bytes.len() {
            let b = bytes[i];
            assert!(b < 0x80, "stop bytes are ASCII");
            set.bytes[i] = b;
            set.add(b);
            i += 1;
        }
        if upper_alpha {
            let mut b = b'A';
            while b <= b'Z' {
                set.add(b);
                b += 1;
            }
        }
        set
    }

    const fn add(&mut self, b: u8) {
        self.table[b as usize] = true;
        self.lo[(b & 15) as usize] |= 1 << (b >> 4);
    }

    /// Is `b` a stop byte?
    #[inline]
    pub(crate) fn contains(&self, b: u8) -> bool {
        self.table[b as usize]
    }

    /// Whether `memchr`'s searches cover this set (up to three listed bytes, no range).
    #[inline]
    fn fits_memchr(&self) -> bool {
        self.len <= 3 && !self.upper_alpha
    }
}

/// Data and RCDATA states (13.2.5.1–2): `<`, `&`, CR, NUL.
pub(crate) const DATA: StopSet = StopSet::new(b"<&\r\0", false);
/// RAWTEXT and script data states (13.2.5.3–4): `<`, CR, NUL.
pub(crate) const RAWTEXT: StopSet = StopSet::new(b"<\r\0", false);
/// PLAINTEXT state (13.2.5.5): CR, NUL.
pub(crate) const PLAINTEXT: StopSet = StopSet::new(b"\r\0", false);
/// Script data escaped and double escaped states (13.2.5.20, 13.2.5.27): `-`, `<`, CR, NUL.
pub(crate) const SCRIPT_ESCAPED: StopSet = StopSet::new(b"-<\r\0", false);
/// CDATA section state (13.2.5.69): `]`, CR (NUL passes through).
pub(crate) const CDATA: StopSet = StopSet::new(b"]\r", false);
/// Comment state (13.2.5.45): `<`, `-`, CR, NUL.
pub(crate) const COMMENT: StopSet = StopSet::new(b"<-\r\0", false);
/// Bogus comment state (13.2.5.41): `>`, CR, NUL.
pub(crate) const BOGUS_COMMENT: StopSet = StopSet::new(b">\r\0", false);
/// Processing instruction data state: `?`, `>`, CR.
pub(crate) const PI_DATA: StopSet = StopSet::new(b"?>\r", false);
/// Bogus DOCTYPE state (13.2.5.68): `>`, NUL.
pub(crate) const BOGUS_DOCTYPE: StopSet = StopSet::new(b">\0", false);
/// Attribute value (double-quoted) state (13.2.5.36): `"`, `&`, CR, NUL.
pub(crate) const ATTR_VALUE_DOUBLE: StopSet = StopSet::new(b"\"&\r\0", false);
/// Attribute value (single-quoted) state (13.2.5.37): `'`, `&`, CR, NUL.
pub(crate) const ATTR_VALUE_SINGLE: StopSet = StopSet::new(b"'&\r\0", false);
/// Attribute value (unquoted) state (13.2.5.38): white space, CR, `&`, `>`, NUL, `"`, `'`,
/// `<`, `=`, `` ` ``.
pub(crate) const ATTR_VALUE_UNQUOTED: StopSet = StopSet::new(b"\t\n\x0C\r &>\0\"'<=`", false);
/// Tag name state (13.2.5.8): white space, CR, `/`, `>`, NUL and ASCII upper alpha.
pub(crate) const TAG_NAME: StopSet = StopSet::new(b"\t\n\x0C\r />\0", true);
/// Attribute name state (13.2.5.33): white space, CR, `/`, `>`, `=`, NUL, `"`, `'`, `<` and
/// ASCII upper alpha.
pub(crate) const ATTR_NAME: StopSet = StopSet::new(b"\t\n\x0C\r />=\0\"'<", true);

/// Every stop set above, for tests.
#[cfg(test)]
pub(crate) const ALL_SETS: [&StopSet; 14] = [
    &DATA,
    &RAWTEXT,
    &PLAINTEXT,
    &SCRIPT_ESCAPED,
    &CDATA,
    &COMMENT,
    &BOGUS_COMMENT,
    &PI_DATA,
    &BOGUS_DOCTYPE,
    &ATTR_VALUE_DOUBLE,
    &ATTR_VALUE_SINGLE,
    &ATTR_VALUE_UNQUOTED,
    &TAG_NAME,
    &ATTR_NAME,
];

/// A scanning implementation.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum ScanImpl {
    /// Byte at a time: the scalar twin, the oracle.
    Scalar,
    /// `memchr` where the set fits it, else the best block classifier.
    Memchr,
    /// 16-byte SSE2 blocks (x86_64 only).
    Sse2,
    /// 32-byte AVX2 blocks (x86_64 with AVX2 only).
    Avx2,
    /// 16-byte NEON blocks (aarch64 only).
    Neon,
}

impl ScanImpl {
    /// The fastest implementation this CPU supports (detected at run time on x86_64).
    pub fn best() -> ScanImpl {
        #[cfg(target_arch = "x86_64")]
        {
            if std::is_x86_feature_detected!("avx2") {
                return ScanImpl::Avx2;
            }
            ScanImpl::Sse2
        }
        #[cfg(target_arch = "aarch64")]
        {
            ScanImpl::Neon
        }
        #[cfg(not(any(target_arch = "x86_64", target_arch = "aarch64")))]
        {
            ScanImpl::Memchr
        }
    }

    /// Every implementation this CPU can run (for tests and benchmarks).
    pub fn available() -> Vec<ScanImpl> {
        let mut all = vec![ScanImpl::Scalar, ScanImpl::Memchr];
        #[cfg(target_arch = "x86_64")]
        {
            all.push(ScanImpl::Sse2);
            if std::is_x86_feature_detected!("avx2") {
                all.push(ScanImpl::Avx2);
            }
        }
        #[cfg(target_arch = "aarch64")]
        all.push(ScanImpl::Neon);
        all
    }
}

/// The scanner a tokenizer uses: a checked [`ScanImpl`] (one the CPU supports), chosen once.
#[derive(Debug, Clone, Copy)]
pub(crate) struct Scanner {
    imp: ScanImpl,
    /// `imp` is `Sse2` or `Avx2` (x86_64 block classifiers): tested first, as one flag.
    #[cfg_attr(not(target_arch = "x86_64"), allow(dead_code))]
    x86_blocks: bool,
}

impl Scanner {
    /// The scalar twin when `scalar`, else [`ScanImpl::best`].
    pub(crate) fn new(scalar: bool) -> Scanner {
        Scanner::checked(if scalar {
            ScanImpl::Scalar
        } else {
            ScanImpl::best()
        })
    }

    /// A scanner for `imp`, which the caller has checked this CPU supports.
    fn checked(imp: ScanImpl) -> Scanner {
        Scanner {
            imp,
            x86_blocks: matches!(imp, ScanImpl::Sse2 | ScanImpl::Avx2),
        }
    }

    /// A scanner using `imp`, or `None` when this CPU cannot run it.
    #[cfg(test)]
    pub(crate) fn with_impl(imp: ScanImpl) -> Option<Scanner> {
        ScanImpl::available()
            .contains(&imp)
            .then(|| Scanner::checked(imp))
    }

    /// The offset of the first byte of `haystack` in `set`, or `None`.
    ///
    /// On x86_64 the first 16 bytes are classified inline with SSE2 (most runs in tags are a
    /// few bytes long, and text runs average a few dozen): only longer runs pay for the call
    /// into the out-of-line block loop.
    #[inline(always)]
    pub(crate) fn find(self, haystack: &[u8], set: &StopSet) -> Option<usize> {
        #[cfg(target_arch = "x86_64")]
        if self.x86_blocks {
            if haystack.len() < 16 {
                return find_scalar(haystack, set);
            }
            let first = x86::block_mask_sse2(haystack, 0, set);
            if first != 0 {
                return Some(first.trailing_zeros() as usize);
            }
            return self.find_x86_long(&haystack[16..], set).map(|j| j + 16);
        }
        match self.imp {
            ScanImpl::Memchr => find_memchr(haystack, set),
            #[cfg(target_arch = "aarch64")]
            ScanImpl::Neon => neon::find_neon(haystack, set),
            _ => find_scalar(haystack, set),
        }
    }

    /// [`count_node_marks`] of `haystack` with this scanner's instruction set (the scalar
    /// twin for `Scalar` and `Memchr`).
    pub(crate) fn count_node_marks(self, haystack: &[u8]) -> usize {
        match self.imp {
            #[cfg(target_arch = "x86_64")]
            ScanImpl::Avx2 if std::is_x86_feature_detected!("popcnt") => {
                // SAFETY: a `Scanner` holds `Avx2` only when `is_x86_feature_detected!("avx2")`
                // said yes (`Scanner::new` via `ScanImpl::best`, or `Scanner::with_impl`), and
                // `popcnt` was detected just now.
                unsafe { x86::count_node_marks_avx2(haystack) }
            }
            #[cfg(target_arch = "x86_64")]
            ScanImpl::Sse2 | ScanImpl::Avx2 => x86::count_node_marks_sse2(haystack),
            #[cfg(target_arch = "aarch64")]
            ScanImpl::Neon => neon::count_node_marks_neon(haystack),
            _ => count_node_marks(haystack),
        }
    }

    /// The x86_64 block loop for the part of a run after its first 16 bytes.
    #[cfg(target_arch = "x86_64")]
    #[inline]
    fn find_x86_long(self, haystack: &[u8], set: &StopSet) -> Option<usize> {
        if self.imp == ScanImpl::Avx2 {
            // SAFETY: a `Scanner` holds `Avx2` only when `is_x86_feature_detected!("avx2")`
            // said yes (`Scanner::new` via `ScanImpl::best`, or `Scanner::with_impl`).
            unsafe { x86::find_avx2(haystack, set) }
        } else {
            x86::find_sse2(haystack, set)
        }
    }
}

/// The scalar twin: the first stop byte, one byte at a time.
#[inline]
pub(crate) fn find_scalar(haystack: &[u8], set: &StopSet) -> Option<usize> {
    haystack.iter().position(|&b| set.contains(b))
}

/// The marks of markup that may make a node, the input of the node table's size estimate
/// (`parser::SizeHint`): each `<` followed by an ASCII letter, `!` or `?` (a start tag, a
/// comment, a DOCTYPE, a processing instruction's bogus comment) counts one, and each `<` that does not follow a `>` one more (the text before it).
/// [`Scanner::count_node_marks`] gives the same count a block at a time.
pub(crate) fn count_node_marks(haystack: &[u8]) -> usize {
    count_node_marks_in(haystack, 0..haystack.len())
}

/// [`count_node_marks`] of the `<` at the offsets `range` of `haystack` (the bytes on either
/// side of the range are still looked at): the scalar twin, and the block loops' ends.
fn count_node_marks_in(haystack: &[u8], range: std::ops::Range<usize>) -> usize {
    let mut count = 0;
    for i in range {
        if haystack[i] == b'<' {
            let next = haystack.get(i + 1).copied().unwrap_or(0);
            count += usize::from(next.is_ascii_alphabetic() || next == b'!' || next == b'?');
            count += usize::from(i == 0 || haystack[i - 1] != b'>');
        }
    }
    count
}

/// `memchr` for sets of up to three bytes, else the best block classifier.
#[inline]
fn find_memchr(haystack: &[u8], set: &StopSet) -> Option<usize> {
    if !set.fits_memchr() {
        return Scanner::new(false).find(haystack, set);
    }
    match set.len {
        0 => None,
        1 => memchr::memchr(set.bytes[0], haystack),
        2 => memchr::memchr2(set.bytes[0], set.bytes[1], haystack),
        _ => memchr::memchr3(set.bytes[0], set.bytes[1], set.bytes[2], haystack),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// A deterministic xorshift generator (no dependency, reproducible failures).
    struct Rng(u64);
    impl Rng {
        fn next(&mut self) -> u64 {
            self.0 ^= self.0 << 13;
            self.0 ^= self.0 >> 7;
            self.0 ^= self.0 << 17;
            self.0
        }
    }

    fn check_all(hay: &[u8], what: &str) {
        let marks = count_node_marks(hay);
        for imp in ScanImpl::available() {
            let scanner = Scanner::with_impl(imp).expect("available");
            assert_eq!(
                scanner.count_node_marks(hay),
                marks,
                "{imp:?} counting marks on {what}: {hay:?}"
            );
        }
        for set in ALL_SETS {
            let expected = find_scalar(hay, set);
            for imp in ScanImpl::available() {
                let scanner = Scanner::with_impl(imp).expect("available");
                assert_eq!(
                    scanner.find(hay, set),
                    expected,
                    "{imp:?} on {what}: {hay:?} with {:?}",
                    &set.bytes[..set.len]
                );
            }
        }
    }

    #[test]
    fn node_marks_are_counted_per_lt() {
        // A start tag, a comment, a DOCTYPE and `<?` open a node; a `<` not after a `>` ends
        // text.
        for (hay, want) in [
            (&b""[..], 0),
            (b"<", 1),
            (b"<a", 2),
            (b"<!", 2),
            (b"x<", 1),
            (b"><", 0),
            (b"<p>x</p>", 3),
            (b"<p><b>", 3),
            (b"a < b", 1),
            (b"<Z><?x", 3),
            (b"<1", 1),
            (b"</", 1),
        ] {
            assert_eq!(count_node_marks(hay), want, "{hay:?}");
        }
    }

    #[test]
    fn stop_sets_agree_with_their_tables() {
        for set in ALL_SETS {
            for b in 0..=255u8 {
                let bit = set.lo[(b & 15) as usize] & set.hi[(b >> 4) as usize] != 0;
                assert_eq!(bit, set.contains(b), "nibble tables for byte {b}");
                let listed = set.bytes[..set.len].contains(&b)
                    || (set.upper_alpha && b.is_ascii_uppercase());
                assert_eq!(listed, set.contains(b), "listed bytes for byte {b}");
            }
        }
    }

    #[test]
    fn every_implementation_matches_scalar_near_block_boundaries() {
        // Every length up to three AVX2 blocks, a few alignments of the slice start, and a
        // single stop byte (each of a few kinds) at every position, or none.
        let backing = [b'x'; 128];
        for align in [0, 1, 7, 15, 16, 31] {
            for len in 0..=96 {
                let base = &backing[align..align + len];
                check_all(base, "no stop");
                for pos in 0..len {
                    for stop in [b'<', b'\0', b'A', b'\r', b'-', b'"', b' ', 0xC3, b'>', b'!'] {
                        let mut hay = base.to_vec();
                        hay[pos] = stop;
                        // Also a second stop later, which must not win.
                        if pos + 5 < len {
                            hay[pos + 5] = b'>';
                        }
                        check_all(&hay, "one stop");
                    }
                    // Pairs around a `<` that the node marks look at, across block edges.
                    for pair in [b"><", b"<!", b"<<", b"<>", b"<9"] {
                        if pos + 1 < len {
                            let mut hay = base.to_vec();
                            hay[pos..pos + 2].copy_from_slice(pair);
                            check_all(&hay, "a pair");
                        }
                    }
                }
            }
        }
    }

    #[test]
    fn every_implementation_matches_scalar_on_random_input() {
        let mut rng = Rng(0x9E37_79B9_7F4A_7C15);
        let alphabet: &[u8] = b"abcXYZ! <>&\"'=`-]?/\r\n\t\x0C\0\x80\xC3\xA9\xFF";
        for _ in 0..4000 {
            let len = (rng.next() % 200) as usize;
            // Sparse stop bytes: mostly `a`, sometimes anything from the alphabet.
            let density = 1 + rng.next() % 40;
            let hay: Vec<u8> = (0..len)
                .map(|_| {
                    if rng.next().is_multiple_of(density) {
                        alphabet[(rng.next() % alphabet.len() as u64) as usize]
                    } else {
                        b'a'
                    }
                })
                .collect();
            let start = (rng.next() % 8) as usize;
            check_all(&hay[start.min(hay.len())..], "random");
        }
    }
}
