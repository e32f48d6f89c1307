//! A proptest generator of HTML-like inputs for the fast-path and streaming properties: tags
//! with attributes in every quoting style, character references, comments, doctypes,
//! processing instructions, raw-text contents with near-miss end tags and `<!--`, tables,
//! SVG/MathML, declarative shadow roots (`shadowrootmode=open`), CR/LF/NUL, non-ASCII text and runs long enough to cross SIMD blocks; plus
//! arbitrary bytes (lossily decoded).

use proptest::prelude::*;

const NAMES: &[&str] = &[
    "div",
    "p",
    "a",
    "b",
    "i",
    "table",
    "tr",
    "td",
    "th",
    "tbody",
    "svg",
    "math",
    "mi",
    "path",
    "foreignObject",
    "desc",
    "script",
    "style",
    "textarea",
    "title",
    "xmp",
    "iframe",
    "noscript",
    "select",
    "option",
    "template",
    "li",
    "ul",
    "html",
    "head",
    "body",
    "br",
    "img",
    "DIV",
    "ScRiPt",
    "x-y",
    "annotation-xml",
    "frameset",
    "plaintext",
];

const ATTR_NAMES: &[&str] = &[
    "href",
    "class",
    "id",
    "x",
    "CLASS",
    "data-é",
    "a:b",
    "xlink:href",
    "encoding",
    "on",
    "shadowrootmode",
];

const ATTR_VALUES: &[&str] = &[
    "",
    "v",
    "a b",
    "&amp;",
    "&amp",
    "x&y;",
    "\"",
    "'",
    "é漢",
    "\r\n",
    "\0",
    "text/html",
    "a=b",
    "`",
    "&#x41;",
    "&#233;",
    "open",
    "CLOSED",
];

const SNIPPETS: &[&str] = &[
    "&amp;",
    "&amp",
    "&ampx",
    "&notin;",
    "&notit;",
    "&#65;",
    "&#x41;",
    "&#X41",
    "&#xD800;",
    "&#0;",
    "&#1114112;",
    "&#x80;",
    "&#x1F600;",
    "&#13;",
    "&#xFFFE;",
    "&#0000065;",
    "&#65x",
    "&bogus;",
    "&",
    "&#",
    "&#x",
    "&;",
    "&lt",
    "&AElig",
    "&Aacute;",
    "<!-- c -->",
    "<!-->",
    "<!--->",
    "<!-- <!-- -->",
    "<!-- --!>",
    "<!--",
    "-->",
    "--!",
    "<!-",
    "<!DOCTYPE html>",
    "<!doctype html PUBLIC \"-//W3C//DTD HTML 4.01//EN\" \"http://x\">",
    "<!DOCTYPE html SYSTEM 'about:legacy-compat'>",
    "<!DOCTYPE>",
    "<!DOCTYPEhtml>",
    "<!DOCTYPE html PUBLIC",
    "<?xml version=\"1.0\"?>",
    "<?php echo 1 ?>",
    "<?",
    "?>",
    "<![CDATA[x]]>",
    "<![CDATA[",
    "]]>",
    "]",
    "</script>",
    "</scrip",
    "</script ",
    "</SCRIPT>",
    "<!--<script>",
    "</script-->",
    "-->",
    "<!--",
    "</style>",
    "</textarea>",
    "</title>",
    "</tITle >",
    "</",
    "</>",
    "<",
    ">",
    "< a>",
    "<3",
    "<table><tr><td>",
    "</td></tr></table>",
    "<svg><path/></svg>",
    "<math><mi>x</mi></math>",
    "<svg><foreignObject><p>",
    "<svg><![CDATA[a<b]]></svg>",
    "<select><option>",
    "\r\n",
    "\r",
    "\n",
    "\0",
    "\t",
    "\x0C",
    " ",
    "é",
    "漢字",
    "😀",
    "\u{FFFD}",
    "\u{FFFF}",
    "\u{80}",
    "\u{1}",
    "=",
    "\"",
    "'",
    "`",
    "/",
    "/>",
];

fn tag() -> impl Strategy<Value = String> {
    let attr = (
        prop::sample::select(ATTR_NAMES),
        prop::sample::select(ATTR_VALUES),
        0..4u8,
    )
        .prop_map(|(n, v, q)| match q {
            0 => format!(" {n}=\"{v}\""),
            1 => format!(" {n}='{v}'"),
            2 => format!(" {n}={v}"),
            _ => format!(" {n}"),
        });
    (
        any::<bool>(),
        prop::sample::select(NAMES),
        prop::collection::vec(attr, 0..4),
        0..3u8,
    )
        .prop_map(|(end, name, attrs, close)| {
            let slash = if end { "/" } else { "" };
            let close = match close {
                0 => ">",
                1 => "/>",
                _ => "",
            };
            format!("<{slash}{name}{}{close}", attrs.concat())
        })
}

fn text() -> impl Strategy<Value = String> {
    prop_oneof![
        "[a-z ]{0,12}",
        (0usize..100).prop_map(|n| "a".repeat(n)),
        (0usize..70, prop::sample::select(SNIPPETS))
            .prop_map(|(n, s)| format!("{}{s}", "x".repeat(n))),
    ]
}

fn piece() -> impl Strategy<Value = String> {
    prop_oneof![
        3 => tag(),
        3 => prop::sample::select(SNIPPETS).prop_map(str::to_string),
        2 => text(),
        1 => any::<char>().prop_map(|c| c.to_string()),
    ]
}

/// HTML-like text, or (one case in six) arbitrary bytes decoded lossily.
pub fn html_like() -> impl Strategy<Value = String> {
    prop_oneof![
        5 => prop::collection::vec(piece(), 0..40).prop_map(|v| v.concat()),
        1 => prop::collection::vec(any::<u8>(), 0..400)
            .prop_map(|b| String::from_utf8_lossy(&b).into_owned()),
    ]
}

/// Number of cases per property: `PROPTEST_CASES` if set (for a longer run, e.g.
/// `PROPTEST_CASES=20000 cargo test --release --test properties -- fast_path::`), else `default`.
pub fn cases(default: u32) -> u32 {
    std::env::var("PROPTEST_CASES")
        .ok()
        .and_then(|v| v.parse().ok())
        .unwrap_or(default)
}
