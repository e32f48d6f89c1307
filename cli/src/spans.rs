//! `simdhtml spans [FILE|-] [--encoding LABEL] [--scripting on|off]`: parse a document's bytes
//! with source spans and print where each node came from, one JSON object per node.

use std::io::{BufWriter, Write};
use std::ops::Range;
use std::process::ExitCode;

use anyhow::{Context, bail};
use clap::Args;
use serde_json::{Map, Value};

use simdhtml::markup::{AttrNamespace, Namespace};
use simdhtml::{Arena, Document, NodeData, NodeId, ParseOptions};

use super::load::{SniffArgs, page_options, parse_bytes, read_input, warn_if_truncated};

/// Arguments of `simdhtml spans`.
#[derive(Debug, Clone, Args)]
pub struct SpansArgs {
    /// The input file, in any encoding (decoded as a browser would: BOM, `--encoding`, `<meta>`
    /// prescan, guess, else windows-1252, and a re-parse if a later `<meta>` changes it); `-` or
    /// nothing reads standard input. A name ending in `.gz` is decompressed; binary data is
    /// refused. Offsets are bytes of the decoded text (UTF-8): for UTF-8 input, the input's
    /// bytes after a BOM.
    pub file: Option<String>,
    #[command(flatten)]
    pub input: SniffArgs,
    /// The scripting flag.
    #[arg(long, value_name = "on|off", default_value = "on", value_parser = ["on", "off"])]
    pub scripting: String,
}

/// Runs `simdhtml spans`: one JSON line per node in tree order (a template's contents and a
/// shadow root's tree right after their element, as the tree dump has them):
/// `{"node": "element"|"text"|"comment"|"doctype"|"pi", "name": ... (elements), "text": ...
/// (text nodes), "start": [s, e] or null, "end": [s, e] or null, "attrs": [{"name", "name_span",
/// "value_span"}, ...]}`, ranges half-open byte ranges of the decoded text.
///
/// # Errors
/// Unreadable, binary or bad gzip input, an unknown `--encoding` label (the message names it),
/// a bad option value, a failure to write; the caller prints them as one line (a closed pipe
/// quietly).
pub fn run(args: &SpansArgs) -> anyhow::Result<ExitCode> {
    let mut out = BufWriter::new(std::io::stdout().lock());
    let code = run_to(args, &mut out)?;
    out.flush().context("cannot write standard output")?;
    Ok(code)
}

/// [`run`] with the lines written to `out`.
///
/// # Errors
/// As [`run`].
pub fn run_to(args: &SpansArgs, out: &mut dyn Write) -> anyhow::Result<ExitCode> {
    let scripting = match args.scripting.as_str() {
        "on" => true,
        "off" => false,
        other => bail!("--scripting must be `on` or `off`, not `{other}`"),
    };
    let options = ParseOptions {
        scripting,
        spans: true,
        ..page_options(&args.input)?
    };
    let path = args.file.as_deref().unwrap_or("-");
    let bytes = read_input(path, options.input.transport_charset)?;
    let arena = Arena::new();
    let (doc, _) = parse_bytes(&arena, &bytes, &options);
    warn_if_truncated(path, &doc);
    for id in tree_order(&doc) {
        let Some(record) = node_record(&doc, id) else {
            continue;
        };
        let line = serde_json::to_vec(&record).context("cannot serialise a node")?;
        out.write_all(&line)
            .and_then(|()| out.write_all(b"\n"))
            .context("cannot write standard output")?;
    }
    Ok(ExitCode::SUCCESS)
}

/// Every node below the Document node in tree order, with each template's contents and each
/// shadow root (and their trees) right after their element, before its children.
fn tree_order(doc: &Document<'_>) -> Vec<NodeId> {
    let mut order = Vec::new();
    let mut stack: Vec<NodeId> = doc.children(doc.root()).collect();
    stack.reverse();
    while let Some(id) = stack.pop() {
        order.push(id);
        let start = stack.len();
        stack.extend(doc.template_contents(id));
        stack.extend(doc.shadow_root(id));
        stack.extend(doc.children(id));
        stack[start..].reverse();
    }
    order
}

/// `[s, e]`, or `null`.
fn range(r: Option<Range<usize>>) -> Value {
    match r {
        Some(r) => Value::from(vec![r.start, r.end]),
        None => Value::Null,
    }
}

/// The JSON object of node `id`; `None` for the nodes that are not written (DocumentFragments
/// and shadow roots: their children are).
fn node_record(doc: &Document<'_>, id: NodeId) -> Option<Value> {
    let span = doc.span(id);
    let mut m = Map::new();
    let mut attrs = Vec::new();
    match doc.data(id) {
        NodeData::Element(e) => {
            m.insert("node".into(), "element".into());
            let prefix = match e.ns {
                Namespace::Html => "",
                Namespace::Svg => "svg ",
                Namespace::MathMl => "math ",
            };
            m.insert("name".into(), format!("{prefix}{}", e.name()).into());
            for (i, a) in e.attrs().iter().enumerate() {
                let prefix = match a.ns() {
                    AttrNamespace::None => "",
                    AttrNamespace::XLink => "xlink ",
                    AttrNamespace::Xml => "xml ",
                    AttrNamespace::Xmlns => "xmlns ",
                };
                let s = span.attrs.get(i);
                let mut attr = Map::new();
                attr.insert("name".into(), format!("{prefix}{}", a.name).into());
                attr.insert("name_span".into(), range(s.map(|s| s.name.clone())));
                attr.insert("value_span".into(), range(s.and_then(|s| s.value.clone())));
                attrs.push(Value::Object(attr));
            }
        }
        NodeData::Text(t) => {
            m.insert("node".into(), "text".into());
            m.insert("text".into(), (*t).into());
        }
        NodeData::Comment(_) => {
            m.insert("node".into(), "comment".into());
        }
        NodeData::Doctype(_) => {
            m.insert("node".into(), "doctype".into());
        }
        NodeData::ProcessingInstruction(_) => {
            m.insert("node".into(), "pi".into());
        }
        NodeData::Document | NodeData::DocumentFragment | NodeData::ShadowRoot(_) => {
            return None;
        }
    }
    m.insert("start".into(), range(span.start));
    m.insert("end".into(), range(span.end));
    m.insert("attrs".into(), Value::Array(attrs));
    Some(Value::Object(m))
}
