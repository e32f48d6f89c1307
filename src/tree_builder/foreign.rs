//! Foreign content: the rules for parsing tokens in foreign content (13.2.6.5) and the SVG and
//! MathML name adjustments of 13.2.6.1.

use super::{Step, TreeBuilder, TreeConstructionError, TreeSink, is_ws};
use crate::markup::{Attr, Namespace, Tag};
use crate::tokenizer::{Attribute, Token};

/// "Adjust SVG attributes": lower-case token names to SVG's camel-case names.
static SVG_ATTRIBUTES: &[(&str, &str)] = &[
    ("attributename", "attributeName"),
    ("attributetype", "attributeType"),
    ("basefrequency", "baseFrequency"),
    ("baseprofile", "baseProfile"),
    ("calcmode", "calcMode"),
    ("clippathunits", "clipPathUnits"),
    ("diffuseconstant", "diffuseConstant"),
    ("edgemode", "edgeMode"),
    ("filterunits", "filterUnits"),
    ("glyphref", "glyphRef"),
    ("gradienttransform", "gradientTransform"),
    ("gradientunits", "gradientUnits"),
    ("kernelmatrix", "kernelMatrix"),
    ("kernelunitlength", "kernelUnitLength"),
    ("keypoints", "keyPoints"),
    ("keysplines", "keySplines"),
    ("keytimes", "keyTimes"),
    ("lengthadjust", "lengthAdjust"),
    ("limitingconeangle", "limitingConeAngle"),
    ("markerheight", "markerHeight"),
    ("markerunits", "markerUnits"),
    ("markerwidth", "markerWidth"),
    ("maskcontentunits", "maskContentUnits"),
    ("maskunits", "maskUnits"),
    ("numoctaves", "numOctaves"),
    ("pathlength", "pathLength"),
    ("patterncontentunits", "patternContentUnits"),
    ("patterntransform", "patternTransform"),
    ("patternunits", "patternUnits"),
    ("pointsatx", "pointsAtX"),
    ("pointsaty", "pointsAtY"),
    ("pointsatz", "pointsAtZ"),
    ("preservealpha", "preserveAlpha"),
    ("preserveaspectratio", "preserveAspectRatio"),
    ("primitiveunits", "primitiveUnits"),
    ("refx", "refX"),
    ("refy", "refY"),
    ("repeatcount", "repeatCount"),
    ("repeatdur", "repeatDur"),
    ("requiredextensions", "requiredExtensions"),
    ("requiredfeatures", "requiredFeatures"),
    ("specularconstant", "specularConstant"),
    ("specularexponent", "specularExponent"),
    ("spreadmethod", "spreadMethod"),
    ("startoffset", "startOffset"),
    ("stddeviation", "stdDeviation"),
    ("stitchtiles", "stitchTiles"),
    ("surfacescale", "surfaceScale"),
    ("systemlanguage", "systemLanguage"),
    ("tablevalues", "tableValues"),
    ("targetx", "targetX"),
    ("targety", "targetY"),
    ("textlength", "textLength"),
    ("viewbox", "viewBox"),
    ("viewtarget", "viewTarget"),
    ("xchannelselector", "xChannelSelector"),
    ("ychannelselector", "yChannelSelector"),
    ("zoomandpan", "zoomAndPan"),
];

/// The SVG tag name adjustments of 13.2.6.5.
static SVG_TAG_NAMES: &[(&str, &str)] = &[
    ("altglyph", "altGlyph"),
    ("altglyphdef", "altGlyphDef"),
    ("altglyphitem", "altGlyphItem"),
    ("animatecolor", "animateColor"),
    ("animatemotion", "animateMotion"),
    ("animatetransform", "animateTransform"),
    ("clippath", "clipPath"),
    ("feblend", "feBlend"),
    ("fecolormatrix", "feColorMatrix"),
    ("fecomponenttransfer", "feComponentTransfer"),
    ("fecomposite", "feComposite"),
    ("feconvolvematrix", "feConvolveMatrix"),
    ("fediffuselighting", "feDiffuseLighting"),
    ("fedisplacementmap", "feDisplacementMap"),
    ("fedistantlight", "feDistantLight"),
    ("fedropshadow", "feDropShadow"),
    ("feflood", "feFlood"),
    ("fefunca", "feFuncA"),
    ("fefuncb", "feFuncB"),
    ("fefuncg", "feFuncG"),
    ("fefuncr", "feFuncR"),
    ("fegaussianblur", "feGaussianBlur"),
    ("feimage", "feImage"),
    ("femerge", "feMerge"),
    ("femergenode", "feMergeNode"),
    ("femorphology", "feMorphology"),
    ("feoffset", "feOffset"),
    ("fepointlight", "fePointLight"),
    ("fespecularlighting", "feSpecularLighting"),
    ("fespotlight", "feSpotLight"),
    ("fetile", "feTile"),
    ("feturbulence", "feTurbulence"),
    ("foreignobject", "foreignObject"),
    ("glyphref", "glyphRef"),
    ("lineargradient", "linearGradient"),
    ("radialgradient", "radialGradient"),
    ("textpath", "textPath"),
];

/// The SVG element name for a (lower-case) tag name.
pub(crate) fn adjust_svg_tag_name(name: &str) -> Option<&'static str> {
    SVG_TAG_NAMES
        .iter()
        .find(|(k, _)| *k == name)
        .map(|&(_, v)| v)
}

/// Adjusts one attribute of a token for an element in namespace `ns` (SVG or MathML): "adjust
/// SVG attributes" or "adjust MathML attributes", then "adjust foreign attributes".
pub(crate) fn adjust_attribute<'a>(ns: Namespace, a: &Attribute<'a>) -> Attr<'a> {
    let mut name: &'a str = a.name;
    match ns {
        Namespace::Svg => {
            if let Some(&(_, v)) = SVG_ATTRIBUTES.iter().find(|(k, _)| *k == a.name) {
                name = v;
            }
        }
        Namespace::MathMl => {
            if a.name == "definitionurl" {
                name = "definitionURL";
            }
        }
        Namespace::Html => {}
    }
    Attr::namespaced(a.name, a.value).unwrap_or(Attr {
        name,
        value: a.value,
    })
}

impl<'a, S: TreeSink<'a>> TreeBuilder<'a, S> {
    /// Inserts a foreign element for a start tag in the "in body" `math`/`svg` rules and the
    /// foreign content "any other start tag" rule, and pops it again when self-closing.
    pub(crate) fn insert_foreign_for_tag(
        &mut self,
        tag: &crate::tokenizer::TagToken<'a>,
        ns: Namespace,
    ) {
        let lookup = tag.tag;
        let name = if ns == Namespace::Svg {
            adjust_svg_tag_name(tag.name).unwrap_or(tag.name)
        } else {
            tag.name
        };
        let at = self.adjusted_insertion_location(None);
        let id = self.create_element(ns, name, lookup, tag.attrs, true);
        self.elems[id as usize].lname = tag.name;
        self.source_start_tag(id);
        let h = self.handle(id);
        self.sink.insert(at, h);
        self.push(id);
        if tag.self_closing {
            self.pop();
        }
    }

    /// The rules for parsing tokens in foreign content (13.2.6.5).
    pub(crate) fn foreign_content(&mut self, token: Token<'a>) -> Step<'a> {
        match token {
            Token::Characters(s) => {
                let mut rest = s;
                while !rest.is_empty() {
                    let nul = memchr::memchr(0, rest.as_bytes()).unwrap_or(rest.len());
                    let (run, after) = rest.split_at(nul);
                    if !run.is_empty() {
                        if self.frameset_ok && run.bytes().any(|b| !is_ws(b)) {
                            self.frameset_not_ok();
                        }
                        self.insert_characters(run);
                    }
                    if let Some(after) = after.strip_prefix('\0') {
                        self.error(TreeConstructionError::UnexpectedNullCharacter);
                        self.insert_characters("\u{FFFD}");
                        rest = after;
                    } else {
                        rest = after;
                    }
                }
                None
            }
            Token::Comment(d) => {
                self.insert_comment(d);
                None
            }
            Token::ProcessingInstruction(pi) => {
                self.insert_pi(pi.target, pi.data);
                None
            }
            Token::Doctype(_) => {
                self.error(TreeConstructionError::UnexpectedDoctype);
                None
            }
            Token::StartTag(t) => {
                let breakout = matches!(
                    t.tag,
                    Tag::B
                        | Tag::Big
                        | Tag::Blockquote
                        | Tag::Body
                        | Tag::Br
                        | Tag::Center
                        | Tag::Code
                        | Tag::Dd
                        | Tag::Div
                        | Tag::Dl
                        | Tag::Dt
                        | Tag::Em
                        | Tag::Embed
                        | Tag::H1
                        | Tag::H2
                        | Tag::H3
                        | Tag::H4
                        | Tag::H5
                        | Tag::H6
                        | Tag::Head
                        | Tag::Hr
                        | Tag::I
                        | Tag::Img
                        | Tag::Li
                        | Tag::Listing
                        | Tag::Menu
                        | Tag::Meta
                        | Tag::Nobr
                        | Tag::Ol
                        | Tag::P
                        | Tag::Pre
                        | Tag::Ruby
                        | Tag::S
                        | Tag::Small
                        | Tag::Span
                        | Tag::Strong
                        | Tag::Strike
                        | Tag::Sub
                        | Tag::Sup
                        | Tag::Table
                        | Tag::Tt
                        | Tag::U
                        | Tag::Ul
                        | Tag::Var
                ) || (t.tag == Tag::Font
                    && t.attrs
                        .iter()
                        .any(|a| matches!(a.name, "color" | "face" | "size")));
                if breakout {
                    self.error(TreeConstructionError::HtmlStartTagInForeignContent);
                    self.pop_to_html_or_integration_point();
                    return self.process_in_mode(self.mode, &token);
                }
                let acn = self
                    .adjusted_current()
                    .expect("foreign content has an adjusted current node");
                let ns = self.elem(acn).ns;
                self.insert_foreign_for_tag(&t, ns);
                None
            }
            Token::EndTag(t) if t.tag == Tag::Br || t.tag == Tag::P => {
                self.error(TreeConstructionError::HtmlEndTagInForeignContent);
                self.pop_to_html_or_integration_point();
                self.process_in_mode(self.mode, &token)
            }
            Token::EndTag(t) => {
                let cur = self.current();
                let c = self.elem(cur);
                if t.tag == Tag::Script && c.ns == Namespace::Svg && c.name == "script" {
                    self.pop();
                    return None;
                }
                // Any other end tag.
                let mut i = self.open.len() - 1;
                if !self.elem(self.open[i]).name.eq_ignore_ascii_case(t.name) {
                    self.error(TreeConstructionError::UnexpectedEndTagInForeignContent);
                }
                // No open foreign element has this name: the walk would reach an HTML element
                // (or, with only the root open, the topmost element) without a match.
                if !self.name_may_be_open(t.name) {
                    return if i == 0 {
                        None
                    } else {
                        self.process_in_mode(self.mode, &token)
                    };
                }
                loop {
                    if i == 0 {
                        return None;
                    }
                    let node = self.open[i];
                    if self.elem(node).name.eq_ignore_ascii_case(t.name) {
                        self.pop_until_elem(node);
                        return None;
                    }
                    i -= 1;
                    if self.elem(self.open[i]).ns == Namespace::Html {
                        return self.process_in_mode(self.mode, &token);
                    }
                }
            }
            Token::Eof => self.process_in_mode(self.mode, &token),
        }
    }

    /// Pops until the current node is a MathML text integration point, an HTML integration
    /// point or an HTML element.
    fn pop_to_html_or_integration_point(&mut self) {
        while let Some(&id) = self.open.last() {
            let e = self.elem(id);
            if e.ns == Namespace::Html
                || e.is_mathml_text_integration_point()
                || e.html_integration_point
            {
                break;
            }
            self.pop();
        }
    }
}
