//! One page's bytes parsed into a `batch` record's fields (after `path`/`bytes`), shared by the
//! page and archive pipelines: the one place that turns `--fields` and `--select` into JSON.

use std::cell::RefCell;

use serde_json::{Map, Value, json};
use simdhtml::input::{Encoding, InputOptions};
use simdhtml::select::Selector;
use simdhtml::{Arena, ParseOptions, extract};
use url::Url;

use super::args::{BatchArgs, Field};
use crate::load::parse_bytes;

thread_local! {
    /// Each worker's arena, reset between pages so memory stays flat over a long batch.
    static ARENA: RefCell<Arena> = RefCell::new(Arena::new());
}

/// Parses a page's bytes (`transport`: the transport charset; `content_language`: the HTTP
/// `Content-Language`, which `:lang()` of `--select` falls back to;
/// `guess_utf8`: whether an undeclared page is read in the author's encoding, UTF-8 when it is
/// valid UTF-8 throughout, and the guess may say UTF-8, as for a local file) and gives the
/// record's fields after `path`/`bytes`: `encoding`, `truncated` when the node
/// budget stopped the parse, then the `--fields` in order. Links are resolved against the
/// page's `<base href>` and `base`. Each worker reuses its arena.
pub(crate) fn parse_fields(
    bytes: &[u8],
    transport: Option<&'static Encoding>,
    content_language: Option<&str>,
    guess_utf8: bool,
    base: Option<&Url>,
    args: &BatchArgs,
    selects: &[(String, Selector)],
) -> Map<String, Value> {
    ARENA.with(|arena| {
        let mut arena = arena.borrow_mut();
        arena.reset();
        let max_nodes = args
            .max_nodes
            .map_or_else(|| simdhtml::page_node_budget(bytes.len()), |n| n as usize);
        let options = ParseOptions {
            collect_errors: args.fields.contains(&Field::Errors),
            max_nodes: Some(max_nodes),
            input: InputOptions {
                transport_charset: transport,
                guess_utf8,
                ..InputOptions::default()
            },
            content_language: content_language.map(str::to_owned),
            ..ParseOptions::default()
        };
        let (doc, encoding) = parse_bytes(&arena, bytes, &options);
        let mut m = Map::new();
        m.insert("encoding".into(), encoding.name().into());
        if doc.truncated() {
            m.insert("truncated".into(), true.into());
        }
        // The main content is found once for the fields that read it.
        let wants = |f: Field| args.fields.contains(&f);
        let main = [
            Field::MainText,
            Field::Markdown,
            Field::PageType,
            Field::Language,
        ]
        .into_iter()
        .any(wants)
        .then(|| {
            extract::with_main_content(&doc, bytes, &options, |d, c| {
                let markdown = wants(Field::Markdown)
                    .then(|| c.markdown(d, &extract::MarkdownOptions::new(d.scripting())));
                let text = (wants(Field::MainText) || wants(Field::Language)).then(|| c.text(d));
                let language = wants(Field::Language)
                    .then(|| text.as_deref().and_then(extract::language))
                    .flatten();
                let page_type = wants(Field::PageType).then(|| match &text {
                    Some(t) => c.page_type_with_text(t),
                    None => c.page_type(d),
                });
                (text, markdown, page_type, language)
            })
        });
        for &f in &args.fields {
            let v: Value = match f {
                Field::Title => extract::title(&doc).into(),
                Field::Lang => extract::lang(&doc).into(),
                Field::Text => extract::visible_text(&doc, options.scripting).into(),
                Field::MainText => main.as_ref().and_then(|m| m.0.clone()).into(),
                Field::Markdown => main.as_ref().and_then(|m| m.1.clone()).into(),
                Field::PageType => main.as_ref().and_then(|m| m.2).map(|t| t.as_str()).into(),
                Field::Meta => json!(extract::meta_resolved(&doc, base)),
                Field::Links => extract::link_urls(&doc, base)
                    .into_iter()
                    .map(|l| Value::String(l.into_owned()))
                    .collect::<Vec<_>>()
                    .into(),
                Field::Encoding => encoding.name().into(),
                Field::Errors => doc.errors().len().into(),
                Field::Language => {
                    let found = main.as_ref().and_then(|m| m.3);
                    m.insert(f.key().into(), found.map(|l| l.code).into());
                    // Three decimals: the detection is not finer than that.
                    let score = found.map(|l| (l.score * 1000.0).round() / 1000.0);
                    m.insert("language_score".into(), score.into());
                    continue;
                }
            };
            m.insert(f.key().into(), v);
        }
        crate::select::add_fields(&mut m, &doc, selects);
        m
    })
}
