//! What kind of record a record is: `WARC-Type` (ISO 28500 5.5, 6), and the two kinds of ARC
//! record.

use std::fmt;

/// The type of a [`Record`](super::Record), as [`Record::record_type`](super::Record::record_type)
/// tells it: WARC's `WARC-Type` field (ISO 28500, 6: the eight types of WARC/1.1), ASCII
/// lower-cased, with warcio's names for what WARC does not name (`unknown` for a record with no
/// `WARC-Type`, `arc_header` for ARC's `filedesc://` record; every other ARC record is a
/// `response`).
///
/// [`as_str`](RecordType::as_str) and `Display` give the name in lower case (`response`,
/// `warcinfo`, `arc_header`, …); [`RecordType::from_name`] reads one.
#[derive(Debug, Clone, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum RecordType {
    /// `warcinfo`: describes the records that follow it (6.2).
    Warcinfo,
    /// `response`: a full response as received, the HTTP head and body for HTTP (6.3).
    Response,
    /// `resource`: a resource without its protocol's envelope (6.4).
    Resource,
    /// `request`: the request that was sent (6.5).
    Request,
    /// `metadata`: content about another record (6.6).
    Metadata,
    /// `revisit`: a capture that repeats an earlier one (6.7).
    Revisit,
    /// `conversion`: another record's content in another format (6.8).
    Conversion,
    /// `continuation`: the rest of a record written in segments (6.9).
    Continuation,
    /// `unknown`: a WARC record without a `WARC-Type` field, or with an empty one.
    Unknown,
    /// `arc_header`: an ARC file's `filedesc://` record, the file's version block.
    ArcHeader,
    /// Any other `WARC-Type`, ASCII lower-cased as written (for instance an extension type).
    Other(String),
}

impl RecordType {
    /// The type named `name`, ASCII case-insensitively (`Response` and `RESPONSE` are
    /// [`RecordType::Response`]); an empty name is [`RecordType::Unknown`], a name this
    /// enum does not list is [`RecordType::Other`] holding it lower-cased.
    pub fn from_name(name: &str) -> RecordType {
        let name = name.to_ascii_lowercase();
        match name.as_str() {
            "warcinfo" => RecordType::Warcinfo,
            "response" => RecordType::Response,
            "resource" => RecordType::Resource,
            "request" => RecordType::Request,
            "metadata" => RecordType::Metadata,
            "revisit" => RecordType::Revisit,
            "conversion" => RecordType::Conversion,
            "continuation" => RecordType::Continuation,
            "" | "unknown" => RecordType::Unknown,
            "arc_header" => RecordType::ArcHeader,
            _ => RecordType::Other(name),
        }
    }

    /// The type's name in lower case: `warcinfo`, `response`, `resource`, `request`,
    /// `metadata`, `revisit`, `conversion`, `continuation`, `unknown`, `arc_header`, or the
    /// lower-cased name of an [`Other`](RecordType::Other) type.
    pub fn as_str(&self) -> &str {
        match self {
            RecordType::Warcinfo => "warcinfo",
            RecordType::Response => "response",
            RecordType::Resource => "resource",
            RecordType::Request => "request",
            RecordType::Metadata => "metadata",
            RecordType::Revisit => "revisit",
            RecordType::Conversion => "conversion",
            RecordType::Continuation => "continuation",
            RecordType::Unknown => "unknown",
            RecordType::ArcHeader => "arc_header",
            RecordType::Other(name) => name,
        }
    }
}

impl fmt::Display for RecordType {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.as_str())
    }
}

#[cfg(test)]
mod tests {
    use super::RecordType;

    #[test]
    fn a_name_reads_back_as_itself() {
        for name in [
            "warcinfo",
            "response",
            "resource",
            "request",
            "metadata",
            "revisit",
            "conversion",
            "continuation",
            "unknown",
            "arc_header",
            "x-custom",
        ] {
            assert_eq!(RecordType::from_name(name).as_str(), name);
            assert_eq!(RecordType::from_name(name).to_string(), name);
        }
    }

    #[test]
    fn names_are_read_case_insensitively() {
        assert_eq!(RecordType::from_name("Response"), RecordType::Response);
        assert_eq!(RecordType::from_name("WARCINFO"), RecordType::Warcinfo);
        assert_eq!(
            RecordType::from_name("X-Custom"),
            RecordType::Other("x-custom".to_owned())
        );
        assert_eq!(RecordType::from_name(""), RecordType::Unknown);
    }
}
