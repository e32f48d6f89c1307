//! Unit tests of the reader on archives built in memory: offsets, gzip members, lengths that
//! are wrong, cut and corrupt files (every cut length, many corruptions: no panic, and the
//! records before the damage come out whole).

use std::io::{Cursor, Write};

use super::*;

fn warc_record(kind: &str, uri: &str, block: &[u8]) -> Vec<u8> {
    let mut r = format!(
        "WARC/1.0\r\nWARC-Type: {kind}\r\nWARC-Target-URI: {uri}\r\nWARC-Record-ID: <urn:x:{uri}>\r\n\
         Content-Length: {}\r\n\r\n",
        block.len()
    )
    .into_bytes();
    r.extend_from_slice(block);
    r.extend_from_slice(b"\r\n\r\n");
    r
}

fn gzip(data: &[u8]) -> Vec<u8> {
    let mut gz = flate2::write::GzEncoder::new(Vec::new(), flate2::Compression::fast());
    gz.write_all(data).unwrap();
    gz.finish().unwrap()
}

fn three() -> Vec<Vec<u8>> {
    vec![
        warc_record("warcinfo", "a", b"software: test\r\n"),
        warc_record(
            "response",
            "http://example.com/",
            b"HTTP/1.1 200 OK\r\nContent-Type: text/html\r\n\r\n<title>x</title>",
        ),
        warc_record("request", "http://example.com/", b"GET / HTTP/1.1\r\n\r\n"),
    ]
}

fn read(bytes: Vec<u8>, max_block: u64) -> Vec<Event> {
    Reader::new(Cursor::new(bytes), ReaderOptions { max_block })
        .unwrap()
        .collect()
}

fn records(events: &[Event]) -> Vec<&Record> {
    events
        .iter()
        .filter_map(|e| match e {
            Event::Record(r) => Some(r),
            Event::Error(_) => None,
        })
        .collect()
}

fn errors(events: &[Event]) -> Vec<&ReadError> {
    events
        .iter()
        .filter_map(|e| match e {
            Event::Error(e) => Some(e),
            Event::Record(_) => None,
        })
        .collect()
}

#[test]
fn plain_and_per_record_gzip_give_the_same_records_with_their_offsets() {
    let recs = three();
    let plain: Vec<u8> = recs.concat();
    let members: Vec<Vec<u8>> = recs.iter().map(|r| gzip(r)).collect();
    let events = read(plain.clone(), 1 << 20);
    assert!(errors(&events).is_empty());
    let got = records(&events);
    assert_eq!(got.len(), 3);
    let mut at = 0;
    for (r, raw) in got.iter().zip(&recs) {
        assert_eq!((r.offset, r.offset_in_member), (at, None));
        at += raw.len() as u64;
    }
    assert_eq!(got[1].record_type(), RecordType::Response);
    assert_eq!(got[1].target_uri(), Some("http://example.com/"));
    assert!(got[1].block.ends_with(b"<title>x</title>"));
    let events = read(members.concat(), 1 << 20);
    assert!(errors(&events).is_empty());
    let gz = records(&events);
    let mut at = 0;
    for (i, r) in gz.iter().enumerate() {
        assert_eq!((r.offset, r.offset_in_member), (at, None));
        assert_eq!(r.block, got[i].block);
        at += members[i].len() as u64;
    }
    // One member for the whole file: offsets inside it.
    let events = read(gzip(&plain), 1 << 20);
    let whole = records(&events);
    assert_eq!(whole.len(), 3);
    assert_eq!(whole[1].offset, 0);
    assert_eq!(whole[1].offset_in_member, Some(recs[0].len() as u64));
}

#[test]
fn lf_only_headers_and_extra_blank_lines_are_read() {
    let r = b"WARC/0.17\nWARC-Type: resource\nContent-Length: 3\n\nabc\n\n\n\r\n\r\n".to_vec();
    let mut file = r.clone();
    file.extend_from_slice(&r);
    let events = read(file, 1 << 20);
    assert!(errors(&events).is_empty(), "{events:?}");
    let got = records(&events);
    assert_eq!(got.len(), 2);
    assert_eq!(
        (got[0].version.as_str(), &got[0].block[..]),
        ("WARC/0.17", &b"abc"[..])
    );
}

#[test]
fn wrong_lengths_resynchronise_at_the_next_record() {
    let recs = three();
    // Too short by 3: the stray bytes are one error, the next record is read.
    let short = String::from_utf8(recs[1].clone()).unwrap().replacen(
        "Content-Length: 60",
        "Content-Length: 57",
        1,
    );
    assert_ne!(short.as_bytes(), &recs[1][..]);
    let file = [recs[0].clone(), short.into_bytes(), recs[2].clone()].concat();
    let events = read(file, 1 << 20);
    assert_eq!(records(&events).len(), 3);
    assert_eq!(errors(&events).len(), 1);
    assert!(
        errors(&events)[0]
            .message
            .contains("3 bytes after a record")
    );
    assert_eq!(errors(&events)[0].kind, ReadErrorKind::NotARecord);
    // Too long by 5: the block ends where the next record starts.
    let long = String::from_utf8(recs[1].clone()).unwrap().replacen(
        "Content-Length: 60",
        "Content-Length: 65",
        1,
    );
    let file = [recs[0].clone(), long.into_bytes(), recs[2].clone()].concat();
    let events = read(file, 1 << 20);
    let got = records(&events);
    assert_eq!(got.len(), 3);
    assert!(
        got[1].block.ends_with(b"<title>x</title>"),
        "{:?}",
        got[1].block
    );
    assert_eq!(got[2].record_type(), RecordType::Request);
    assert!(
        errors(&events)[0]
            .message
            .contains("runs 1 bytes into the next record")
    );
    assert_eq!(errors(&events)[0].kind, ReadErrorKind::WrongLength);
}

#[test]
fn a_block_over_the_limit_is_read_past_not_stored() {
    let big = warc_record("resource", "big", &vec![b'x'; 200_000]);
    let file = [three()[0].clone(), big, three()[2].clone()].concat();
    let events = read(file.clone(), 1000);
    let got = records(&events);
    assert_eq!(got.len(), 3);
    assert!(got[1].over_limit);
    assert_eq!((got[1].block.len(), got[1].block_len), (PEEK, 200_000));
    assert!(errors(&events).is_empty());
    // A block over the limit but shorter than what is kept of one.
    let events = read(file, 100_000);
    assert_eq!(records(&events)[1].block.len(), 100_000.min(PEEK));
    let small = read(three().concat(), 10);
    assert_eq!(records(&small).len(), 3);
    assert!(
        records(&small)
            .iter()
            .all(|r| r.over_limit && r.block.len() as u64 == r.block_len)
    );
}

/// The three records' gzip members (`m`) with junk after the first and the second corrupt.
fn junk_and_a_corrupt_member(m: &[Vec<u8>]) -> Vec<u8> {
    let mut bad = m[1].clone();
    let mid = bad.len() / 2;
    bad[mid] ^= 0xFF;
    bad[mid + 1] ^= 0x55;
    [m[0].clone(), b"junk".to_vec(), bad, m[2].clone()].concat()
}

#[test]
fn garbage_between_gzip_members_and_a_corrupt_member_lose_only_themselves() {
    let m: Vec<Vec<u8>> = three().iter().map(|r| gzip(r)).collect();
    let events = read(junk_and_a_corrupt_member(&m), 1 << 20);
    let got = records(&events);
    assert_eq!(
        got.first().map(|r| r.record_type()),
        Some(RecordType::Warcinfo)
    );
    assert_eq!(
        got.last().map(|r| r.record_type()),
        Some(RecordType::Request)
    );
    let kinds: Vec<ReadErrorKind> = errors(&events).iter().map(|e| e.kind).collect();
    // The junk between the members is not a gzip header: a decompression error too.
    assert_eq!(
        kinds,
        [ReadErrorKind::Decompression, ReadErrorKind::Decompression],
        "{events:?}"
    );
}

/// Each situation of the reader gives its kind of error, and the error's `Display` is its
/// message.
#[test]
fn each_situation_has_its_kind_of_error() {
    let kinds = |file: Vec<u8>| -> Vec<(ReadErrorKind, String)> {
        errors(&read(file, 1 << 20))
            .iter()
            .map(|e| (e.kind, e.to_string()))
            .collect()
    };
    let recs = three();
    let no_length = b"WARC/1.0\r\nWARC-Type: resource\r\n\r\nabc\r\n\r\n".to_vec();
    let got = kinds([no_length, recs[1].clone()].concat());
    assert_eq!(got.len(), 1, "{got:?}");
    assert_eq!(got[0].0, ReadErrorKind::BadHeader);
    assert!(
        got[0]
            .1
            .starts_with("a WARC record without a Content-Length")
    );
    let plain = recs.concat();
    let got = kinds(plain[..plain.len() - 10].to_vec());
    assert_eq!(got.len(), 1, "{got:?}");
    assert_eq!(got[0].0, ReadErrorKind::CutRecord);
    assert!(got[0].1.starts_with("the record is cut"));
    let got = kinds(plain[..recs[0].len() + 20].to_vec());
    assert_eq!(got.len(), 1, "{got:?}");
    assert_eq!(got[0].0, ReadErrorKind::CutRecord);
    assert!(got[0].1.contains("ends inside the WARC header"));
    assert_eq!(ReadErrorKind::NotARecord.to_string(), "not_a_record");
}

/// A deterministic pseudo-random sequence (xorshift).
fn rng(seed: u64) -> impl FnMut() -> u64 {
    let mut x = seed | 1;
    move || {
        x ^= x << 13;
        x ^= x >> 7;
        x ^= x << 17;
        x
    }
}

/// Every cut of a small archive (plain, per-record gzip, whole gzip): no panic, every record
/// that ends before the cut comes out whole, and a cut inside a record is an error.
#[test]
fn every_cut_keeps_the_records_before_it() {
    let recs = three();
    let plain = recs.concat();
    let per_record: Vec<Vec<u8>> = recs.iter().map(|r| gzip(r)).collect();
    for (name, parts) in [
        ("plain", recs.clone()),
        ("per-record gzip", per_record),
        ("whole gzip", vec![gzip(&plain)]),
    ] {
        let file = parts.concat();
        let whole = read(file.clone(), 1 << 20);
        let whole = records(&whole);
        for cut in 0..file.len() {
            let events = read(file[..cut].to_vec(), 1 << 20);
            let got = records(&events);
            // The parts wholly before the cut.
            let mut end = 0;
            let mut complete = 0;
            for p in &parts {
                end += p.len();
                if end <= cut {
                    complete += 1;
                }
            }
            if parts.len() == 3 {
                assert!(got.len() >= complete, "{name} cut at {cut}");
                for (g, w) in got.iter().zip(&whole).take(complete) {
                    assert_eq!(
                        (g.offset, &g.block),
                        (w.offset, &w.block),
                        "{name} cut at {cut}"
                    );
                    assert!(g.cut.is_none());
                }
                let inside = cut > 0
                    && cut < file.len()
                    && !parts
                        .iter()
                        .scan(0, |s, p| {
                            *s += p.len();
                            Some(*s)
                        })
                        .any(|e| e == cut);
                if inside && name != "plain" {
                    assert!(
                        !errors(&events).is_empty(),
                        "{name} cut at {cut}: {events:?}"
                    );
                }
            }
        }
    }
}

/// Random corruption of bytes of a gzip archive: no panic; the records in the members before
/// the first corrupt byte come out whole.
#[test]
fn corruption_never_panics_and_keeps_what_comes_before() {
    let recs = three();
    let parts: Vec<Vec<u8>> = recs.iter().map(|r| gzip(r)).collect();
    let file = parts.concat();
    let whole = read(file.clone(), 1 << 20);
    let whole = records(&whole);
    let mut next = rng(0x5EED);
    for _ in 0..400 {
        let mut bad = file.clone();
        let n = 1 + next() % 4;
        let mut first = bad.len();
        for _ in 0..n {
            let at = (next() % bad.len() as u64) as usize;
            bad[at] ^= 1 << (next() % 8);
            first = first.min(at);
        }
        // Any limit on blocks: no panic either.
        let _ = read(bad.clone(), next() % 300);
        let events = read(bad.clone(), 1 << 20);
        let got = records(&events);
        let mut end = 0;
        let mut intact = 0;
        for p in &parts {
            end += p.len();
            if end <= first {
                intact += 1;
            }
        }
        for (g, w) in got.iter().zip(&whole).take(intact) {
            assert_eq!(g.block, w.block);
        }
        assert!(got.len() >= intact);
        // Plain too: the same corruption applied to the uncompressed bytes.
        let mut plain = recs.concat();
        let at = first % plain.len();
        plain[at] ^= 0x20;
        let _ = read(plain.clone(), 1 << 20);
        let _ = read(plain, next() % 300);
    }
}

#[test]
fn arc_records_with_spaces_in_urls_and_bad_lengths() {
    let file = b"filedesc://x.arc 0.0.0.0 20080430204825 text/plain 76\n\
1 0 InternetArchive\nURL IP-address Archive-date Content-type Archive-length\n\n\n\
http://example.com/a b.html 1.2.3.4 20080430204826 text/html 5\nhello\n\
http://example.com/ 1.2.3.4 20080430204826 text/html -1\n\n"
        .to_vec();
    let events = read(file, 1 << 20);
    let got = records(&events);
    assert_eq!(got.len(), 3, "{events:?}");
    assert_eq!(got[0].record_type(), RecordType::ArcHeader);
    assert_eq!(got[1].target_uri(), Some("http://example.com/a b.html"));
    assert_eq!(got[1].date().as_deref(), Some("2008-04-30T20:48:26Z"));
    assert_eq!(got[1].block, b"hello");
    assert_eq!(got[2].bad_length.as_deref(), Some("-1"));
}

/// The events of `bytes` with the gzip members inflated by tasks that `run` gets (see
/// [`Reader::inflate_members_with`]), `ahead` of them out at once.
fn read_with_tasks(
    bytes: Vec<u8>,
    max_block: u64,
    ahead: usize,
    run: impl FnMut(InflateTask) + Send + 'static,
) -> Vec<Event> {
    let mut reader = Reader::new(Cursor::new(bytes), ReaderOptions { max_block }).unwrap();
    reader.inflate_members_with(ahead, run);
    reader.collect()
}

/// The same events with the members inflated by tasks (on a thread of their own, run at
/// once, or dropped so that the reader inflates each itself), for any `ahead`.
fn assert_same_with_tasks(name: &str, bytes: &[u8], max_block: u64) {
    let want = read(bytes.to_vec(), max_block);
    let (tx, rx) = std::sync::mpsc::channel::<InflateTask>();
    let worker = std::thread::spawn(move || rx.into_iter().for_each(InflateTask::run));
    for ahead in [1, 3, 64] {
        let tx = tx.clone();
        let threaded = read_with_tasks(bytes.to_vec(), max_block, ahead, move |t| {
            tx.send(t).unwrap();
        });
        assert_eq!(threaded, want, "{name}, ahead {ahead}, on a thread");
        let at_once = read_with_tasks(bytes.to_vec(), max_block, ahead, InflateTask::run);
        assert_eq!(at_once, want, "{name}, ahead {ahead}, run at once");
    }
    let dropped = read_with_tasks(bytes.to_vec(), max_block, 2, drop);
    assert_eq!(dropped, want, "{name}, tasks dropped");
    drop(tx);
    worker.join().unwrap();
}

/// Members inflated by tasks give the same events as members inflated by the reader, on
/// sound files, on every cut of them, and on corrupt ones (a corrupt member, junk between
/// members, bytes after the last one, one member for the whole file).
#[test]
fn members_inflated_by_tasks_give_the_same_events() {
    let recs = three();
    let m: Vec<Vec<u8>> = recs.iter().map(|r| gzip(r)).collect();
    let files = [
        ("per-record gzip", m.concat()),
        ("whole gzip", gzip(&recs.concat())),
        (
            "two records a member",
            [gzip(&recs[..2].concat()), m[2].clone()].concat(),
        ),
        ("junk and a corrupt member", junk_and_a_corrupt_member(&m)),
        (
            "bytes after the last member",
            [m.concat(), b"trailing junk".to_vec()].concat(),
        ),
        (
            "an empty member",
            [m[0].clone(), gzip(b""), m[1].clone()].concat(),
        ),
        ("no member", Vec::new()),
    ];
    for (name, file) in &files {
        assert_same_with_tasks(name, file, 1 << 20);
        assert_same_with_tasks(name, file, 10);
    }
    let file = m.concat();
    for cut in 0..file.len() {
        assert_same_with_tasks(&format!("cut at {cut}"), &file[..cut], 1 << 20);
    }
    let mut next = rng(0xC0FFEE);
    for i in 0..100 {
        let mut bad = file.clone();
        for _ in 0..1 + next() % 3 {
            let at = (next() % bad.len() as u64) as usize;
            bad[at] ^= 1 << (next() % 8);
        }
        assert_same_with_tasks(&format!("corruption {i}"), &bad, 1 << 20);
    }
}

/// A gzip header inside a member's compressed bytes (here a stored block that holds one) cuts
/// the member in two pieces, neither one sound member: the reader inflates that member itself
/// and hands out the members after it again.
#[test]
fn a_header_inside_a_member_is_no_member_start() {
    let recs = three();
    let block = b"\x1f\x8b\x08\x00 looks like a gzip header";
    let fake = warc_record("resource", "x", block);
    let mut stored = flate2::write::GzEncoder::new(Vec::new(), flate2::Compression::none());
    stored.write_all(&fake).unwrap();
    let stored = stored.finish().unwrap();
    assert!(super::source::find_header(&stored[1..]).is_some());
    let parts = [gzip(&recs[0]), stored, gzip(&recs[1]), gzip(&recs[2])];
    let file = parts.concat();
    assert_same_with_tasks("a header inside a member", &file, 1 << 20);
    // One out at a time: the first member; not the first half of the second (the four bytes
    // before the false header, read as the member's inflated size, are over the limit), so the
    // reader inflates the second member and the second half is never cut; then the third and
    // the fourth.
    let tasks = std::sync::Arc::new(std::sync::atomic::AtomicUsize::new(0));
    let count = tasks.clone();
    let events = read_with_tasks(file, 1 << 20, 1, move |t| {
        count.fetch_add(1, std::sync::atomic::Ordering::SeqCst);
        t.run();
    });
    assert!(errors(&events).is_empty(), "{events:?}");
    assert_eq!(records(&events).len(), 4);
    assert_eq!(records(&events)[1].block, block);
    assert_eq!(tasks.load(std::sync::atomic::Ordering::SeqCst), 3);
}

/// A member that inflates to more than 16 MiB is inflated by the reader, as a stream; the
/// members after it go out as tasks again.
#[test]
fn a_member_over_the_limit_is_inflated_by_the_reader() {
    let recs = three();
    let big = warc_record("resource", "big", &vec![b'a'; (16 << 20) + 1]);
    let file = [gzip(&recs[0]), gzip(&big), gzip(&recs[1])].concat();
    let tasks = std::sync::Arc::new(std::sync::atomic::AtomicUsize::new(0));
    let count = tasks.clone();
    let events = read_with_tasks(file.clone(), 1 << 10, 4, move |t| {
        count.fetch_add(1, std::sync::atomic::Ordering::SeqCst);
        t.run();
    });
    assert!(events == read(file, 1 << 10));
    assert_eq!(records(&events).len(), 3);
    assert!(records(&events)[1].over_limit);
    assert_eq!(tasks.load(std::sync::atomic::Ordering::SeqCst), 2);
}

/// A member whose CRC is wrong: its task fails, the reader inflates it (and, resynchronising,
/// the member after it) itself, and the task already out for the member after those is kept,
/// not handed out again.
#[test]
fn tasks_out_past_a_member_the_reader_inflated_are_kept() {
    let m: Vec<Vec<u8>> = three().iter().chain(&three()).map(|r| gzip(r)).collect();
    let mut bad = m.clone();
    let crc = bad[1].len() - 8;
    bad[1][crc] ^= 0x01;
    let file = bad.concat();
    let tasks = std::sync::Arc::new(std::sync::atomic::AtomicUsize::new(0));
    let count = tasks.clone();
    let events = read_with_tasks(file.clone(), 1 << 20, 8, move |t| {
        count.fetch_add(1, std::sync::atomic::Ordering::SeqCst);
        t.run();
    });
    assert!(events == read(file, 1 << 20));
    assert_eq!(errors(&events).len(), 1, "{events:?}");
    assert_eq!(records(&events).len(), 6);
    // Six members, six tasks: none handed out twice.
    assert_eq!(tasks.load(std::sync::atomic::Ordering::SeqCst), 6);
}

/// Blocks filled into buffers given back ([`Reader::recycle_blocks`]) are the same records:
/// each block given back as soon as it is read, with buffers of other sizes given too (too
/// small, too large for the blocks, too large to keep, dirty), on plain and per-record gzip
/// files, whole and cut, each block limit.
#[test]
fn recycled_blocks_give_the_same_events() {
    let mut recs = three();
    recs.push(warc_record("resource", "big", &vec![b'x'; 300_000]));
    recs.push(warc_record("metadata", "small", b"k: v\r\n"));
    recs.extend(three());
    let gz: Vec<u8> = recs.iter().flat_map(|r| gzip(r)).collect();
    let plain = recs.concat();
    for (name, file) in [("plain", plain), ("per-record gzip", gz)] {
        for cut in [file.len(), file.len() / 2, file.len() / 3] {
            for max_block in [10, 1 << 20] {
                let want = read(file[..cut].to_vec(), max_block);
                let opts = ReaderOptions { max_block };
                let mut reader = Reader::new(Cursor::new(file[..cut].to_vec()), opts).unwrap();
                let back = reader.recycle_blocks();
                back.give(vec![0xAA; 3]);
                back.give(Vec::with_capacity(5 << 20));
                back.give(Vec::with_capacity(2 << 20));
                let mut got = Vec::new();
                for event in reader {
                    if let Event::Record(r) = &event {
                        let mut dirty = r.block.clone();
                        dirty.extend_from_slice(b"left over");
                        back.give(dirty);
                    }
                    got.push(event);
                }
                assert_eq!(got, want, "{name}, cut at {cut}, max_block {max_block}");
            }
        }
    }
}
