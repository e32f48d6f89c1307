//! Page metadata for crawlers ([`meta`], [`Meta`]): what a page says about itself in `<meta>`,
//! `<link rel=canonical>`, `<time>` and JSON-LD, read in one pass over the document.
//!
//! Where each field comes from (the first source that has it, in this order; within one
//! source, the first element in tree order):
//!
//! | field | sources |
//! |---|---|
//! | `description` | `<meta name=description>` |
//! | `canonical` | `<link rel=canonical href>` |
//! | `robots` | every `<meta name=robots>` (directives comma-separated, ASCII case-insensitive; `none` is `noindex, nofollow`) |
//! | `og` | `<meta property=og:title / og:description / og:image (og:image:url, og:image:secure_url) / og:type>` |
//! | `twitter` | `<meta name=twitter:title / twitter:description / twitter:image (twitter:image:src) / twitter:card>` |
//! | `published` | JSON-LD `datePublished`; `<meta>` `article:published_time`, `og:published_time`, `datePublished` (`itemprop`), `pubdate`, `publishdate`, `date`, `DC.date.issued`, `DC.date`; `<time itemprop=datePublished>` or `<time pubdate>`; the first `<time>` inside an `article` |
//! | `modified` | JSON-LD `dateModified`; `<meta>` `article:modified_time`, `og:updated_time`, `dateModified` (`itemprop`), `last-modified`, `DC.date.modified`; `<time itemprop=dateModified>` |
//! | `author` | JSON-LD `author` (a name, or `name` of a person or organisation; several joined with `, `); `<meta>` `author`, `article:author`, `DC.creator`, `twitter:creator` |
//! | `lang` | [`lang`](super::lang) (`<html lang>`), else the first language of `<meta http-equiv=content-language>` |
//! | `refresh` | the first `<meta http-equiv=refresh>` whose `content` parses by the HTML Standard's shared declarative refresh steps (4.2.5.3): a delay in whole seconds and the URL, if one is given |
//!
//! `<meta>` elements are matched by `name`, `property` or `itemprop` (ASCII
//! case-insensitively; many pages write `name="og:title"`), wherever they are in the
//! document. Values are as written, with ASCII white space stripped (and collapsed, for
//! text); dates are not reformatted. Robots directives are those addressed to every crawler
//! (`name=robots`); a crawler-specific `<meta name=googlebot>` and the like are not read (they
//! speak to one crawler, and a crawler that is not it ignores them). URLs are resolved only by
//! `meta_resolved` (with the `links` feature). JSON-LD is read by a small JSON reader of this
//! crate (no optional dependency), nesting bounded; a block that does not parse is skipped.

#[cfg(feature = "links")]
use url::Url;

use super::json::Json;
use super::{capped_text, collapse_ascii_whitespace};
use crate::dom::{Document, NodeData, NodeId};
use crate::markup::{Namespace, Tag, is_ascii_whitespace};

/// A page's metadata (see the module documentation for where each field comes from).
///
/// With the `serde` feature it is `serde::Serialize`, and that is the layout the `simdhtml`
/// command's `batch --fields meta` and the Python package's `Document.meta` write: an object
/// with every field below in this order (`None` as null; `refresh` null without one),
/// `robots` as `{noindex, nofollow, directives}`, `refresh` as `{delay, url}`, and the two
/// cards as `{title, description, image, KIND}` where KIND is `type` for `og` and `card` for
/// `twitter` (the property each comes from: `og:type`, `twitter:card`).
///
/// ```
/// # #[cfg(feature = "serde")] {
/// use simdhtml::{Arena, ParseOptions, extract, parse_document_str};
///
/// let arena = Arena::new();
/// let page = "<meta name=twitter:card content=summary><meta http-equiv=refresh content=5>";
/// let doc = parse_document_str(&arena, page, &ParseOptions::default());
/// let json = serde_json::to_string(&extract::meta(&doc)).unwrap();
/// assert_eq!(
///     json,
///     r#"{"description":null,"canonical":null,"#.to_owned()
///         + r#""robots":{"noindex":false,"nofollow":false,"directives":[]},"#
///         + r#""og":{"title":null,"description":null,"image":null,"type":null},"#
///         + r#""twitter":{"title":null,"description":null,"image":null,"card":"summary"},"#
///         + r#""published":null,"modified":null,"author":null,"lang":null,"#
///         + r#""refresh":{"delay":5,"url":null}}"#
/// );
/// # }
/// ```
#[derive(Debug, Clone, Default, PartialEq, Eq)]
#[cfg_attr(feature = "serde", derive(serde::Serialize))]
#[non_exhaustive]
pub struct Meta {
    /// `<meta name=description>`.
    pub description: Option<String>,
    /// `<link rel=canonical>`'s `href` (resolved by `meta_resolved`).
    pub canonical: Option<String>,
    /// What `<meta name=robots>` asks of crawlers.
    pub robots: Robots,
    /// Open Graph (`og:*`).
    #[cfg_attr(feature = "serde", serde(serialize_with = "Social::serialize_og"))]
    pub og: Social,
    /// Twitter cards (`twitter:*`); `kind` is `twitter:card`.
    #[cfg_attr(feature = "serde", serde(serialize_with = "Social::serialize_twitter"))]
    pub twitter: Social,
    /// When the page says it was first published, as written (usually ISO 8601).
    pub published: Option<String>,
    /// When the page says it was last changed, as written.
    pub modified: Option<String>,
    /// Who the page says wrote it.
    pub author: Option<String>,
    /// The page's language.
    pub lang: Option<String>,
    /// A `<meta http-equiv=refresh>` the page declares.
    pub refresh: Option<Refresh>,
}

/// The robots directives of a page (serialised as `{noindex, nofollow, directives}` with the
/// `serde` feature).
#[derive(Debug, Clone, Default, PartialEq, Eq)]
#[cfg_attr(feature = "serde", derive(serde::Serialize))]
#[non_exhaustive]
pub struct Robots {
    /// `noindex` or `none`: do not index the page.
    pub noindex: bool,
    /// `nofollow` or `none`: do not follow its links.
    pub nofollow: bool,
    /// Every directive, in ASCII lower case, in order (`noarchive`, `max-snippet:50`, …).
    pub directives: Vec<String>,
}

/// A social card's fields (Open Graph or Twitter). Serialised only as a field of [`Meta`],
/// where `kind` takes the name of the property it comes from (`type`, `card`).
#[derive(Debug, Clone, Default, PartialEq, Eq)]
#[non_exhaustive]
pub struct Social {
    /// `og:title` / `twitter:title`.
    pub title: Option<String>,
    /// `og:description` / `twitter:description`.
    pub description: Option<String>,
    /// `og:image` / `twitter:image` (resolved by `meta_resolved`).
    pub image: Option<String>,
    /// `og:type` / `twitter:card`.
    pub kind: Option<String>,
}

/// A declarative refresh (`<meta http-equiv=refresh content="5; url=/next">`); serialised as
/// `{delay, url}` with the `serde` feature.
#[derive(Debug, Clone, PartialEq, Eq)]
#[cfg_attr(feature = "serde", derive(serde::Serialize))]
pub struct Refresh {
    /// The delay in seconds (the integer part; saturates at `u64::MAX`).
    pub delay: u64,
    /// The URL to go to (resolved by `meta_resolved`); `None` reloads the page itself.
    pub url: Option<String>,
}

#[cfg(feature = "serde")]
impl Social {
    /// [`Meta::og`]'s serialised form: `kind` is `type` (`og:type`).
    fn serialize_og<S: serde::Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        self.serialize_with_kind("type", serializer)
    }

    /// [`Meta::twitter`]'s serialised form: `kind` is `card` (`twitter:card`).
    fn serialize_twitter<S: serde::Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        self.serialize_with_kind("card", serializer)
    }

    /// `{title, description, image, KIND}`, `kind` under the name `kind`.
    fn serialize_with_kind<S: serde::Serializer>(
        &self,
        kind: &'static str,
        serializer: S,
    ) -> Result<S::Ok, S::Error> {
        use serde::ser::SerializeStruct;
        let mut card = serializer.serialize_struct("Social", 4)?;
        card.serialize_field("title", &self.title)?;
        card.serialize_field("description", &self.description)?;
        card.serialize_field("image", &self.image)?;
        card.serialize_field(kind, &self.kind)?;
        card.end()
    }
}

/// The page's metadata, values as written (see the module documentation).
///
/// ```
/// use simdhtml::{Arena, ParseOptions, extract, parse_document_str};
///
/// let page = r#"<html lang=en><meta name=description content=" Rain, all day. ">
///     <meta name=ROBOTS content="noindex, noarchive"><meta property=og:title content="Rain">
///     <meta http-equiv=refresh content="30; URL='/latest'">
///     <script type=application/ld+json>{"@type": "NewsArticle",
///       "datePublished": "2024-05-01T08:00:00Z", "author": {"@type": "Person", "name": "A. Writer"}}
///     </script>"#;
/// let arena = Arena::new();
/// let doc = parse_document_str(&arena, page, &ParseOptions::default());
/// let meta = extract::meta(&doc);
/// assert_eq!(meta.description.as_deref(), Some("Rain, all day."));
/// assert!(meta.robots.noindex && !meta.robots.nofollow);
/// assert_eq!(meta.og.title.as_deref(), Some("Rain"));
/// assert_eq!(meta.published.as_deref(), Some("2024-05-01T08:00:00Z"));
/// assert_eq!(meta.author.as_deref(), Some("A. Writer"));
/// assert_eq!(meta.lang.as_deref(), Some("en"));
/// let refresh = meta.refresh.unwrap();
/// assert_eq!((refresh.delay, refresh.url.as_deref()), (30, Some("/latest")));
/// ```
pub fn meta(doc: &Document<'_>) -> Meta {
    Collector::default().run(doc)
}

/// [`meta`] with `canonical`, the images and the refresh URL resolved against the document
/// base URL ([`base_url`](super::base_url), with `page_url` as the page's address); a value
/// that does not resolve stays as written.
#[cfg(feature = "links")]
pub fn meta_resolved(doc: &Document<'_>, page_url: Option<&Url>) -> Meta {
    let mut m = meta(doc);
    if let Some(base) = super::base_url(doc, page_url) {
        let resolve = |v: &mut Option<String>| {
            if let Some(u) = v.as_deref().and_then(|s| base.join(s).ok()) {
                *v = Some(u.into());
            }
        };
        resolve(&mut m.canonical);
        resolve(&mut m.og.image);
        resolve(&mut m.twitter.image);
        if let Some(r) = &mut m.refresh {
            resolve(&mut r.url);
        }
    }
    m
}

/// The value of a field and the rank of the source it came from (lower is better).
#[derive(Default)]
struct Ranked(Option<(u8, String)>);

impl Ranked {
    fn offer(&mut self, rank: u8, value: &str, text: bool) {
        let v = if text {
            collapse_ascii_whitespace(value)
        } else {
            value.trim_matches(is_ascii_whitespace).to_owned()
        };
        if v.is_empty() {
            return;
        }
        if self.0.as_ref().is_none_or(|(r, _)| rank < *r) {
            self.0 = Some((rank, v));
        }
    }

    fn get(self) -> Option<String> {
        self.0.map(|(_, v)| v)
    }
}

#[derive(Default)]
struct Collector {
    description: Ranked,
    canonical: Ranked,
    robots: Robots,
    og: [Ranked; 4],
    twitter: [Ranked; 4],
    published: Ranked,
    modified: Ranked,
    author: Ranked,
    language: Ranked,
    refresh: Option<Refresh>,
}

// Ranks: JSON-LD first, then `<meta>`s in the order of the module table, then `<time>`.
const JSON_LD: u8 = 0;
const TIME: u8 = 100;
const TIME_IN_ARTICLE: u8 = 101;

impl Collector {
    fn run(mut self, doc: &Document<'_>) -> Meta {
        for n in doc.descendants(doc.root()) {
            let Some(e) = doc.element(n) else { continue };
            if e.ns != Namespace::Html {
                continue;
            }
            match e.tag {
                Tag::Meta => self.meta_element(
                    e.attr("name"),
                    e.attr("property"),
                    e.attr("itemprop"),
                    e.attr("http-equiv"),
                    e.attr("content"),
                ),
                Tag::Link => {
                    let canonical = e.attr("rel").is_some_and(|rel| {
                        rel.split(is_ascii_whitespace)
                            .any(|t| t.eq_ignore_ascii_case("canonical"))
                    });
                    if canonical && let Some(href) = e.attr("href") {
                        self.canonical.offer(0, href, false);
                    }
                }
                Tag::Script => {
                    let ld = e.attr("type").is_some_and(|t| {
                        t.trim_matches(is_ascii_whitespace)
                            .eq_ignore_ascii_case("application/ld+json")
                    });
                    if ld && let Some(json) = Json::parse(&doc.text_content(n)) {
                        self.json_ld(&json);
                    }
                }
                Tag::Time => {
                    // A `time` without `datetime` is its text (short: a date, not a story).
                    let Some(value) = e
                        .attr("datetime")
                        .map(str::to_owned)
                        .or_else(|| capped_text(doc, n, 200))
                    else {
                        continue;
                    };
                    let itemprop = e.attr("itemprop").unwrap_or("");
                    if itemprop.eq_ignore_ascii_case("datepublished") || e.attr("pubdate").is_some()
                    {
                        self.published.offer(TIME, &value, false);
                    } else if itemprop.eq_ignore_ascii_case("datemodified") {
                        self.modified.offer(TIME, &value, false);
                    } else if self.published.0.is_none() && in_article(doc, n) {
                        self.published.offer(TIME_IN_ARTICLE, &value, false);
                    }
                }
                _ => {}
            }
        }
        let [og_title, og_description, og_image, og_type] = self.og;
        let [tw_title, tw_description, tw_image, tw_card] = self.twitter;
        let lang = super::lang(doc).or_else(|| {
            self.language.get().and_then(|l| {
                l.split(',')
                    .map(|t| t.trim_matches(is_ascii_whitespace))
                    .find(|t| !t.is_empty())
                    .map(str::to_owned)
            })
        });
        Meta {
            description: self.description.get(),
            canonical: self.canonical.get(),
            robots: self.robots,
            og: Social {
                title: og_title.get(),
                description: og_description.get(),
                image: og_image.get(),
                kind: og_type.get(),
            },
            twitter: Social {
                title: tw_title.get(),
                description: tw_description.get(),
                image: tw_image.get(),
                kind: tw_card.get(),
            },
            published: self.published.get(),
            modified: self.modified.get(),
            author: self.author.get(),
            lang,
            refresh: self.refresh,
        }
    }

    fn meta_element(
        &mut self,
        name: Option<&str>,
        property: Option<&str>,
        itemprop: Option<&str>,
        http_equiv: Option<&str>,
        content: Option<&str>,
    ) {
        let Some(content) = content else { return };
        if let Some(equiv) = http_equiv {
            if equiv.eq_ignore_ascii_case("refresh") {
                if self.refresh.is_none() {
                    self.refresh = parse_refresh(content);
                }
            } else if equiv.eq_ignore_ascii_case("content-language") {
                self.language.offer(0, content, false);
            }
        }
        for key in [name, property, itemprop].into_iter().flatten() {
            let key = key.trim_matches(is_ascii_whitespace).to_ascii_lowercase();
            self.keyed(&key, content);
        }
    }

    fn keyed(&mut self, key: &str, content: &str) {
        match key {
            "description" => self.description.offer(0, content, true),
            "robots" => {
                for d in content.split(',') {
                    let d = d.trim_matches(is_ascii_whitespace).to_ascii_lowercase();
                    if d.is_empty() {
                        continue;
                    }
                    match d.as_str() {
                        "noindex" => self.robots.noindex = true,
                        "nofollow" => self.robots.nofollow = true,
                        "none" => {
                            self.robots.noindex = true;
                            self.robots.nofollow = true;
                        }
                        _ => {}
                    }
                    self.robots.directives.push(d);
                }
            }
            "og:title" => self.og[0].offer(0, content, true),
            "og:description" => self.og[1].offer(0, content, true),
            "og:image" => self.og[2].offer(0, content, false),
            "og:image:url" => self.og[2].offer(1, content, false),
            "og:image:secure_url" => self.og[2].offer(2, content, false),
            "og:type" => self.og[3].offer(0, content, true),
            "twitter:title" => self.twitter[0].offer(0, content, true),
            "twitter:description" => self.twitter[1].offer(0, content, true),
            "twitter:image" => self.twitter[2].offer(0, content, false),
            "twitter:image:src" => self.twitter[2].offer(1, content, false),
            "twitter:card" => self.twitter[3].offer(0, content, true),
            _ => {}
        }
        const PUBLISHED: &[&str] = &[
            "article:published_time",
            "og:published_time",
            "datepublished",
            "pubdate",
            "publishdate",
            "date",
            "dc.date.issued",
            "dc.date",
        ];
        const MODIFIED: &[&str] = &[
            "article:modified_time",
            "og:updated_time",
            "datemodified",
            "last-modified",
            "dc.date.modified",
        ];
        const AUTHOR: &[&str] = &["author", "article:author", "dc.creator", "twitter:creator"];
        let rank = |list: &[&str]| list.iter().position(|k| *k == key).map(|i| i as u8 + 1);
        if let Some(r) = rank(PUBLISHED) {
            self.published.offer(r, content, false);
        }
        if let Some(r) = rank(MODIFIED) {
            self.modified.offer(r, content, false);
        }
        if let Some(r) = rank(AUTHOR) {
            self.author.offer(r, content, true);
        }
    }

    /// The first `datePublished`, `dateModified` and `author` in a JSON-LD value (objects in
    /// document order, `@graph` and arrays included).
    fn json_ld(&mut self, root: &Json) {
        let mut stack = vec![root];
        while let Some(v) = stack.pop() {
            match v {
                Json::Object(members) => {
                    for (k, val) in members {
                        match (k.as_str(), val) {
                            ("datePublished", Json::String(s)) => {
                                self.published.offer(JSON_LD, s, false)
                            }
                            ("dateModified", Json::String(s)) => {
                                self.modified.offer(JSON_LD, s, false)
                            }
                            ("author" | "creator", a) => {
                                if let Some(names) = author_names(a) {
                                    self.author.offer(JSON_LD, &names, true);
                                }
                            }
                            _ => {}
                        }
                    }
                    stack.extend(members.iter().rev().map(|(_, v)| v));
                }
                Json::Array(items) => stack.extend(items.iter().rev()),
                _ => {}
            }
        }
    }
}

/// JSON-LD `author`: a name, a person or organisation with a `name`, or a list of those.
fn author_names(v: &Json) -> Option<String> {
    let one = |v: &Json| match v {
        Json::String(s) => Some(s.clone()),
        Json::Object(_) => v.get("name").and_then(Json::as_str).map(str::to_owned),
        _ => None,
    };
    let names: Vec<String> = match v {
        Json::Array(items) => items.iter().filter_map(one).collect(),
        v => one(v).into_iter().collect(),
    };
    let names: Vec<String> = names
        .into_iter()
        .map(|n| collapse_ascii_whitespace(&n))
        .filter(|n| !n.is_empty())
        .collect();
    (!names.is_empty()).then(|| names.join(", "))
}

/// Whether an HTML `article` element is among the 64 nearest ancestors of `n` (bounded, so
/// that deeply nested `time` elements cost no more than their number).
fn in_article(doc: &Document<'_>, n: NodeId) -> bool {
    let mut a = doc.parent(n);
    for _ in 0..64 {
        let Some(p) = a else { return false };
        if let NodeData::Element(e) = doc.data(p)
            && e.ns == Namespace::Html
            && e.tag == Tag::Article
        {
            return true;
        }
        a = doc.parent(p);
    }
    false
}

/// The HTML Standard's shared declarative refresh steps (4.2.5.3, "Refresh state"), up to the
/// URL parse: the delay, and the URL string when there is one. `None` when `input` does not
/// parse.
pub fn parse_refresh(input: &str) -> Option<Refresh> {
    let s = input.as_bytes();
    let mut i = 0;
    let skip_ws = |i: &mut usize| {
        while *i < s.len() && s[*i].is_ascii_whitespace() {
            *i += 1;
        }
    };
    if s.is_empty() {
        return None;
    }
    skip_ws(&mut i);
    let start = i;
    while i < s.len() && s[i].is_ascii_digit() {
        i += 1;
    }
    let delay = if i == start {
        // No digits: only a "." may start the time.
        if s.get(i) != Some(&b'.') {
            return None;
        }
        0
    } else {
        input[start..i].bytes().fold(0u64, |t, d| {
            t.saturating_mul(10).saturating_add(u64::from(d - b'0'))
        })
    };
    while i < s.len() && (s[i].is_ascii_digit() || s[i] == b'.') {
        i += 1;
    }
    if i < s.len() {
        if !(s[i] == b';' || s[i] == b',' || s[i].is_ascii_whitespace()) {
            return None;
        }
        skip_ws(&mut i);
        if i < s.len() && (s[i] == b';' || s[i] == b',') {
            i += 1;
        }
        skip_ws(&mut i);
    }
    if i >= s.len() {
        return Some(Refresh { delay, url: None });
    }
    // The URL string is the rest, unless `url=` (with optional quotes) introduces it.
    let mut url_start = i;
    let mut quote = None;
    'parse: {
        if !s[i].eq_ignore_ascii_case(&b'u') {
            // Skip quotes.
            if matches!(s[i], b'"' | b'\'') {
                quote = Some(s[i]);
                url_start = i + 1;
            }
            break 'parse;
        }
        i += 1;
        if !s.get(i).is_some_and(|b| b.eq_ignore_ascii_case(&b'r')) {
            break 'parse;
        }
        i += 1;
        if !s.get(i).is_some_and(|b| b.eq_ignore_ascii_case(&b'l')) {
            break 'parse;
        }
        i += 1;
        skip_ws(&mut i);
        if s.get(i) != Some(&b'=') {
            break 'parse;
        }
        i += 1;
        skip_ws(&mut i);
        url_start = i;
        if i < s.len() && matches!(s[i], b'"' | b'\'') {
            quote = Some(s[i]);
            url_start = i + 1;
        }
    }
    let mut url = &input[url_start..];
    if let Some(q) = quote
        && let Some(end) = url.bytes().position(|b| b == q)
    {
        url = &url[..end];
    }
    Some(Refresh {
        delay,
        url: Some(url.to_owned()),
    })
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::{Arena, ParseOptions, parse_document_str};

    fn refresh(s: &str) -> Option<(u64, Option<String>)> {
        parse_refresh(s).map(|r| (r.delay, r.url))
    }

    #[test]
    fn declarative_refresh_parses_as_the_standard_says() {
        assert_eq!(refresh("5"), Some((5, None)));
        assert_eq!(refresh(" 0; url=/next "), Some((0, Some("/next ".into()))));
        assert_eq!(
            refresh("3.9,URL = 'a b.html' x"),
            Some((3, Some("a b.html".into())))
        );
        assert_eq!(refresh(".5; /x"), Some((0, Some("/x".into()))));
        assert_eq!(refresh("1 \"q.html\""), Some((1, Some("q.html".into()))));
        assert_eq!(refresh("2; Up.html"), Some((2, Some("Up.html".into()))));
        assert_eq!(refresh("2;urlx"), Some((2, Some("urlx".into()))));
        assert_eq!(refresh("x; url=/a"), None);
        assert_eq!(refresh("5x"), None);
        assert_eq!(refresh(""), None);
        assert_eq!(
            refresh("99999999999999999999999"),
            Some((u64::MAX, None)),
            "saturates"
        );
    }

    #[test]
    fn sources_in_order_of_preference() {
        let page = r#"<meta name=author content="Meta Author">
            <meta property="article:published_time" content="2020-01-01">
            <meta name=robots content=NONE><meta name=googlebot content=noindex>
            <link rel="alternate canonical" href="/c"><link rel=canonical href=/second>
            <meta name=twitter:card content=summary><meta name=og:image content=/i.png>
            <meta http-equiv=content-language content="de-AT, en">
            <article><time datetime="2019-05-05">May 5</time><time itemprop=dateModified
            datetime=2021-02-02>Feb</time></article>
            <script type="application/ld+json">[{"@graph": [{"@type": "WebPage"},
              {"@type": "Article", "author": [{"name": "Ann"}, "Bob"]}]}]</script>
            <script type="application/ld+json">{ broken</script>"#;
        let arena = Arena::new();
        let doc = parse_document_str(&arena, page, &ParseOptions::default());
        let m = meta(&doc);
        assert_eq!(m.author.as_deref(), Some("Ann, Bob"), "JSON-LD first");
        assert_eq!(
            m.published.as_deref(),
            Some("2020-01-01"),
            "meta before <time>"
        );
        assert_eq!(m.modified.as_deref(), Some("2021-02-02"));
        assert!(m.robots.noindex && m.robots.nofollow);
        assert_eq!(m.robots.directives, ["none"]);
        assert_eq!(m.canonical.as_deref(), Some("/c"));
        assert_eq!(m.twitter.kind.as_deref(), Some("summary"));
        assert_eq!(m.og.image.as_deref(), Some("/i.png"));
        assert_eq!(m.lang.as_deref(), Some("de-AT"));
        assert_eq!(m.refresh, None);
        assert_eq!(m.description, None);
    }

    #[test]
    #[cfg(feature = "links")]
    fn resolved_urls() {
        let page = "<base href=/base/><link rel=canonical href=page.html>\
            <meta property=og:image content=//cdn.example/i.png>\
            <meta http-equiv=refresh content='0;url=next'>";
        let arena = Arena::new();
        let doc = parse_document_str(&arena, page, &ParseOptions::default());
        let url = Url::parse("https://example.org/a/b").unwrap();
        let m = meta_resolved(&doc, Some(&url));
        assert_eq!(
            m.canonical.as_deref(),
            Some("https://example.org/base/page.html")
        );
        assert_eq!(m.og.image.as_deref(), Some("https://cdn.example/i.png"));
        assert_eq!(
            m.refresh.and_then(|r| r.url).as_deref(),
            Some("https://example.org/base/next")
        );
        // Without a page URL the relative values stay as written.
        assert_eq!(
            meta_resolved(&doc, None).canonical.as_deref(),
            Some("page.html")
        );
    }
}
