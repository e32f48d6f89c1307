//! Which records hold an HTML page, and the page's bytes and transport charset: the one rule
//! `simdhtml batch` and the Python package's `iter_warc` read archives by.

use std::borrow::Cow;

use super::http::{self, Body, MimeType, ResponseHead};
use super::{Format, Record, RecordType, sniffs_as_html};

/// What a record's declared type says about its payload.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum PayloadKind {
    /// `text/html` or `application/xhtml+xml`.
    Html,
    /// No usable type (none, not a MIME type, or `unknown/unknown`, `application/unknown`,
    /// `*/*`): HTML if [`super::sniffs_as_html`] says so.
    Sniff,
    /// Anything else.
    Other,
}

/// The capture in a `response` or `resource` record: status, type and where its payload is.
#[derive(Debug, Clone)]
pub struct Capture {
    /// The HTTP status code (`None` without an HTTP head, or with a status line without one).
    pub status: Option<u16>,
    /// The payload's `Content-Type` as written: the HTTP response's first `Content-Type`
    /// field, else (a resource record, a response without an HTTP head, an ARC record whose
    /// HTTP head has no usable type) the record's own.
    pub content_type: Option<String>,
    /// The MIME type the payload is taken to be (HTTP's "extract a MIME type" over the
    /// `Content-Type` fields).
    pub mime: Option<MimeType>,
    /// What that type says.
    pub kind: PayloadKind,
    /// The HTTP head, when the block starts with one.
    pub head: Option<ResponseHead>,
}

/// The capture in `record` if it is a `response` or `resource` record (ARC records are
/// responses); `None` for every other type (`request`, `revisit`, `metadata`, `warcinfo`, …).
///
/// A response whose block starts with `HTTP/` has its head read ([`http::parse_response_head`]);
/// the type comes from its `Content-Type` fields, or, for ARC, from the header line when the
/// HTTP head has none that parses. A resource record's type is its own `Content-Type`.
pub fn capture(record: &Record) -> Option<Capture> {
    let head = match record.record_type() {
        RecordType::Response => http::parse_response_head(&record.block),
        RecordType::Resource => None,
        _ => return None,
    };
    let own = record.content_type().map(str::to_owned);
    let own_mime = own
        .as_deref()
        .and_then(http::parse_mime_type)
        .filter(|m| m.essence != "application/http");
    let (content_type, mime) = match &head {
        Some(h) => {
            let ct = h.header("content-type").map(str::to_owned);
            match h.mime_type() {
                Some(m) => (ct, Some(m)),
                None if record.format == Format::Arc && own_mime.is_some() => (own, own_mime),
                None => (ct, None),
            }
        }
        None => (own, own_mime),
    };
    let kind = match &mime {
        Some(m) if m.is_html() => PayloadKind::Html,
        Some(m) if m.is_unknown() => PayloadKind::Sniff,
        Some(_) => PayloadKind::Other,
        None => PayloadKind::Sniff,
    };
    Some(Capture {
        status: head.as_ref().and_then(|h| h.status),
        content_type,
        mime,
        kind,
        head,
    })
}

impl Capture {
    /// The payload of `record` (the record this capture was read from): the HTTP body with
    /// its codings undone ([`http::decode_body`], at most `limit` bytes), or the block of a
    /// record without an HTTP head.
    pub fn payload(&self, record: &Record, limit: u64) -> Body {
        match &self.head {
            Some(h) => http::decode_body(h, &record.block[h.body_start..], limit),
            None => Body {
                bytes: record.block.clone(),
                ..Body::default()
            },
        }
    }

    /// The `charset` of the type, when it is a label of the WHATWG Encoding Standard (the
    /// transport charset of encoding sniffing, step 2); an unknown label is ignored, as a
    /// browser ignores it.
    pub fn charset(&self) -> Option<&str> {
        let label = self.mime.as_ref()?.charset.as_deref()?;
        encoding_rs::Encoding::for_label(label.trim().as_bytes()).map(|_| label)
    }

    /// The HTTP response's `Content-Language`: its fields' values joined by `, ` (HTTP's
    /// rule for a field given more than once), or `None` without one (or without an HTTP
    /// head). What a parse takes as [`ParseOptions::content_language`](crate::ParseOptions::content_language).
    pub fn content_language(&self) -> Option<String> {
        let head = self.head.as_ref()?;
        let values: Vec<&str> = head.all("content-language").collect();
        (!values.is_empty()).then(|| values.join(", "))
    }

    /// The page this capture of `record` holds, whatever its type: the payload
    /// ([`Capture::payload`], at most `limit` bytes after decoding) with its URL, status,
    /// type, transport charset and truncation.
    pub fn page(&self, record: &Record, limit: u64) -> Page {
        self.page_of(record, self.payload(record, limit))
    }

    /// The page of `record` whose payload is `body`.
    fn page_of(&self, record: &Record, body: Body) -> Page {
        Page {
            url: record.target_uri().map(str::to_owned),
            status: self.status,
            content_type: self.content_type.clone(),
            charset: self.charset().map(str::to_owned),
            content_language: self.content_language(),
            truncated: record.truncation(body.cut.as_deref()),
            payload: body.bytes,
            over_limit: body.over_limit,
        }
    }

    /// The HTML page this capture of `record` holds ([`Capture::page`]), or `None` when it
    /// holds none: its type is not HTML ([`PayloadKind::Other`]), or it has no usable type
    /// ([`PayloadKind::Sniff`]) and the payload does not sniff as HTML ([`sniffs_as_html`]).
    /// A payload over `limit` is sniffed on the bytes as far as they were decoded, and a page
    /// is given with [`Page::over_limit`] set.
    pub fn html_page(&self, record: &Record, limit: u64) -> Option<Page> {
        if self.kind == PayloadKind::Other {
            return None;
        }
        let page = self.page(record, limit);
        if self.kind == PayloadKind::Sniff && !sniffs_as_html(&page.payload) {
            return None;
        }
        Some(page)
    }

    /// [`Capture::html_page`] with the payload beside the page, borrowed from the record's
    /// block when it is stored as it is parsed (no transfer or content coding to undo: most
    /// captures), so not copied; decoded otherwise. The page's own [`Page::payload`] is then
    /// empty. What `simdhtml batch` parses.
    pub fn html_page_borrowed<'r>(
        &self,
        record: &'r Record,
        limit: u64,
    ) -> Option<(Page, Cow<'r, [u8]>)> {
        if self.kind == PayloadKind::Other {
            return None;
        }
        let stored = match &self.head {
            Some(h) => http::stored_body(h, &record.block[h.body_start..]),
            None => Some(&record.block[..]),
        };
        let (page, payload) = match stored {
            Some(bytes) => (self.page_of(record, Body::default()), Cow::Borrowed(bytes)),
            None => {
                let mut page = self.page(record, limit);
                let bytes = std::mem::take(&mut page.payload);
                (page, Cow::Owned(bytes))
            }
        };
        if self.kind == PayloadKind::Sniff && !sniffs_as_html(&payload) {
            return None;
        }
        Some((page, payload))
    }
}

/// A record's page: what `simdhtml batch` parses for an archive record, and what the Python
/// package's `iter_warc` gives as a record's `body` and attributes. [`Record::html_page`]
/// gives a record's HTML page; [`Capture::page`] and [`Record::page`] any record's payload.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Page {
    /// The page's URL: the record's target URI ([`Record::target_uri`]); parsed, the base URL
    /// of its links when it is absolute.
    pub url: Option<String>,
    /// The HTTP status code ([`Capture::status`]); `None` without an HTTP head.
    pub status: Option<u16>,
    /// The payload's `Content-Type` as written ([`Capture::content_type`]; for a record that
    /// is not a capture, the record's own).
    pub content_type: Option<String>,
    /// The transport charset to parse the payload with: the type's `charset` when it is a
    /// label of the WHATWG Encoding Standard ([`Capture::charset`]), else `None`.
    pub charset: Option<String>,
    /// The HTTP response's `Content-Language`, as written ([`Capture::content_language`]);
    /// `None` without one. The language `:lang()` falls back to.
    pub content_language: Option<String>,
    /// The payload, bytes: the HTTP body with its transfer and content codings undone, or the
    /// block of a record without an HTTP head. When [`Page::over_limit`], the bytes as far as
    /// they were decoded (not the page).
    pub payload: Vec<u8>,
    /// The payload decodes to more than the limit the page was read with: not a page to parse
    /// (`batch` writes an error record, `iter_warc` raises).
    pub over_limit: bool,
    /// Why the record or its payload is shorter than it says ([`Record::truncation`]), as
    /// `batch` writes it in `truncated_record`; `None` for a whole one.
    pub truncated: Option<String>,
}

impl Record {
    /// The capture of this record when it may hold an HTML page: a `response` or `resource`
    /// record ([`capture`]) whose payload type is HTML ([`PayloadKind::Html`]) or that has no
    /// usable type ([`PayloadKind::Sniff`], an HTML page if its payload sniffs as one). `None`
    /// for every other record. Reading the HTTP head only, it is cheap; its
    /// [`Capture::html_page`] decodes the payload.
    ///
    /// A record over the reader's limit ([`Record::over_limit`]) holds only the start of its
    /// block: `batch` and `iter_warc` report it as an error rather than read its page.
    pub fn html_capture(&self) -> Option<Capture> {
        capture(self).filter(|c| c.kind != PayloadKind::Other)
    }

    /// The record's HTML page, its payload at most `limit` bytes after decoding:
    /// [`Record::html_capture`], then [`Capture::html_page`]. `None` when the record holds no
    /// HTML page.
    pub fn html_page(&self, limit: u64) -> Option<Page> {
        self.html_capture()?.html_page(self, limit)
    }

    /// The record's payload as a page, whatever the record: a capture's ([`Capture::page`]),
    /// else the whole block with the record's own `Content-Type`, no status and no charset.
    pub fn page(&self, limit: u64) -> Page {
        match capture(self) {
            Some(c) => c.page(self, limit),
            None => Page {
                url: self.target_uri().map(str::to_owned),
                status: None,
                content_type: self.content_type().map(str::to_owned),
                charset: None,
                content_language: None,
                payload: self.block.clone(),
                over_limit: false,
                truncated: self.truncation(None),
            },
        }
    }
}
