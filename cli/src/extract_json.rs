//! The extraction fields of `batch` as JSON values (kept out of `batch.rs`, which only names
//! them).

use serde_json::{Value, json};
use simdhtml::Document;
use simdhtml::extract::{self, Social};
use url::Url;

/// The `meta` field: `{"description", "canonical", "robots": {"noindex", "nofollow",
/// "directives"}, "og": {"title", "description", "image", "type"}, "twitter": {"title",
/// "description", "image", "card"}, "published", "modified", "author", "lang", "refresh":
/// {"delay", "url"}}`; every key is always written, `null` where the page says nothing
/// (`refresh` is `null` without a refresh, its `url` `null` for a reload). URLs are resolved
/// against the page's `<base href>` and `base` (`--base`).
pub fn meta(doc: &Document<'_>, base: Option<&Url>) -> Value {
    let m = extract::meta_resolved(doc, base);
    let social = |s: &Social, kind: &str| {
        let mut v = json!({
            "title": s.title,
            "description": s.description,
            "image": s.image,
        });
        v[kind] = s.kind.clone().into();
        v
    };
    json!({
        "description": m.description,
        "canonical": m.canonical,
        "robots": {
            "noindex": m.robots.noindex,
            "nofollow": m.robots.nofollow,
            "directives": m.robots.directives,
        },
        "og": social(&m.og, "type"),
        "twitter": social(&m.twitter, "card"),
        "published": m.published,
        "modified": m.modified,
        "author": m.author,
        "lang": m.lang,
        "refresh": m.refresh.map(|r| json!({"delay": r.delay, "url": r.url})),
    })
}
