//! The WARC/ARC reader (`simdhtml::warc`) on arbitrary bytes, plain or compressed (the reader
//! tells the compression by content). Input: the archive's bytes.
//!
//! Checks: no panic; the reader ends (at most two events per input byte, plus a few); record
//! offsets never go backwards; a block is never longer than its declared length or the limit;
//! each record's HTTP layer (`capture`, `payload`) runs without panicking and decodes within the
//! limit.

#![no_main]

use std::io::Cursor;

use libfuzzer_sys::fuzz_target;
use simdhtml::warc::{Event, Reader, ReaderOptions, capture};

/// The block limit the target reads with: small, so over-limit records are exercised.
const MAX_BLOCK: u64 = 64 * 1024;

fuzz_target!(|data: &[u8]| {
    let Ok(reader) = Reader::new(
        Cursor::new(data.to_vec()),
        ReaderOptions {
            max_block: MAX_BLOCK,
        },
    ) else {
        return;
    };
    let mut events = 0usize;
    let mut last_offset = 0u64;
    for event in reader {
        events += 1;
        assert!(events <= 2 * data.len() + 8, "the reader does not end");
        match event {
            Event::Record(record) => {
                assert!(record.offset >= last_offset, "record offsets go backwards");
                last_offset = record.offset;
                assert!(
                    record.block.len() as u64 <= record.block_len.max(MAX_BLOCK),
                    "a block longer than declared and than the limit"
                );
                if let Some(c) = capture(&record) {
                    let body = c.payload(&record, MAX_BLOCK);
                    assert!(
                        body.bytes.len() as u64 <= MAX_BLOCK.max(record.block.len() as u64),
                        "a decoded payload over the limit"
                    );
                }
            }
            Event::Error(e) => assert!(!e.message.is_empty(), "an error without a message"),
        }
    }
});
