//! Which records hold an HTML page, and the page's bytes and transport charset.

use super::http::{self, Body, MimeType, ResponseHead};
use super::{Format, Record};

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
    let kind = record.record_type();
    if kind != "response" && kind != "resource" {
        return None;
    }
    let head = if kind == "response" {
        http::parse_response_head(&record.block)
    } else {
        None
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
}
