//! [`SelectorError`]: why a selector did not parse and where.
//!
//! The `cssparser` version `selectors` 0.42 is built on reports no position with its errors,
//! so the position is found again from the text: the selector is cut into CSS tokens, and the
//! error is at the first token after which no text can make the selector valid (checked by
//! parsing the prefix up to and including it, alone and with short continuations such as
//! `x`, ` x`, `1`, `root`; CSS closes open brackets at the end of the input, so every such
//! prefix is well formed). When every prefix can still be completed, the selector is cut
//! short, and the error is at its end.

use std::fmt;

use cssparser::{BasicParseErrorKind, ParseError, ParseErrorKind as CssErrorKind, Token};
use selectors::parser::SelectorParseErrorKind as K;

use super::types::ParseErrorKind;

/// A selector that did not parse: where ([`offset`](Self::offset), [`line`](Self::line),
/// [`column`](Self::column)), what is there ([`found`](Self::found)) and what was expected or
/// is wrong ([`message`](Self::message)).
///
/// Displayed as `MESSAGE at byte OFFSET (line L, column C), found FOUND`, for example
/// ``unknown pseudo-class `:hovr` (not one that browsers accept: ...) at byte 1 (line 1,
/// column 2), found `:hovr` ``.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct SelectorError {
    offset: usize,
    line: usize,
    column: usize,
    found: Option<String>,
    message: String,
}

impl SelectorError {
    /// The byte offset in the selector text where the error is.
    pub fn offset(&self) -> usize {
        self.offset
    }

    /// The line of [`offset`](Self::offset), from 1 (CSS newlines: LF, CR, CR LF, form feed).
    pub fn line(&self) -> usize {
        self.line
    }

    /// The column of [`offset`](Self::offset) in its line, from 1, in characters.
    pub fn column(&self) -> usize {
        self.column
    }

    /// The text of the CSS token at [`offset`](Self::offset), or `None` at the end of the
    /// selector.
    pub fn found(&self) -> Option<&str> {
        self.found.as_deref()
    }

    /// What is wrong: what was expected there, or which feature is not supported.
    pub fn message(&self) -> &str {
        &self.message
    }
}

impl fmt::Display for SelectorError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(
            f,
            "{} at byte {} (line {}, column {}), found ",
            self.message, self.offset, self.line, self.column
        )?;
        match &self.found {
            Some(t) => write!(f, "`{t}`"),
            None => f.write_str("the end of the selector"),
        }
    }
}

impl std::error::Error for SelectorError {}

/// The error for `source`, which failed to parse with `error`.
pub(crate) fn locate(source: &str, error: &ParseError<ParseErrorKind>) -> SelectorError {
    let tokens = tokens(source);
    // The first token whose prefix is not viable. A prefix that is not viable stays so when it
    // grows, so a binary search finds it: O(n log n) in the selector's length, where trying
    // each prefix in turn was quadratic (a 3 KB selector took a quarter of a second).
    let (mut lo, mut hi) = (0, tokens.len());
    while lo < hi {
        let mid = lo + (hi - lo) / 2;
        if viable(&source[..tokens[mid].end]) {
            lo = mid + 1;
        } else {
            hi = mid;
        }
    }
    let bad = (lo < tokens.len()).then_some(lo);
    let (offset, found) = match bad {
        Some(i) => (
            tokens[i].start,
            Some(source[tokens[i].start..tokens[i].end].to_owned()),
        ),
        None => (source.len(), None),
    };
    let message = describe(error, &Context::of(source, &tokens, bad));
    let (line, column) = line_column(source, offset);
    SelectorError {
        offset,
        line,
        column,
        found,
        message,
    }
}

/// Whether some text after `prefix` makes a valid selector (see the module docs).
fn viable(prefix: &str) -> bool {
    const CONTINUATIONS: [&str; 5] = ["", "x", " x", "1", "root"];
    CONTINUATIONS.iter().any(|c| {
        let mut s = String::with_capacity(prefix.len() + c.len());
        s.push_str(prefix);
        s.push_str(c);
        super::parse_list(&s).is_ok()
    })
}

/// A bracketed block of the selector: what opened it.
#[derive(Debug, Clone, PartialEq, Eq)]
enum Block {
    /// `[`: an attribute selector.
    Attribute,
    /// `name(` or `:name(`, the name ASCII-lowercased.
    Function(String),
    /// `(` or `{`.
    Other,
}

/// One CSS token of the selector (a `:name` pseudo-class is one, see [`tokens`]).
#[derive(Debug, Clone, PartialEq, Eq)]
struct Tok {
    start: usize,
    end: usize,
    /// The index of the token that opened the block this one is in.
    parent: Option<usize>,
    /// The block this token opens.
    opens: Option<Block>,
    /// Whether this is the end of its parent's block (`)`, `]`).
    closes: bool,
}

/// The CSS tokens of `source`, in order, descending into blocks (a function's name and `(`,
/// its arguments, its `)` are separate entries). `:name`, `::name` and `:name(` are one
/// token, so that an error in the name points at its colon.
fn tokens(source: &str) -> Vec<Tok> {
    fn walk(input: &mut cssparser::Parser<'_>, out: &mut Vec<Tok>, parent: Option<usize>) {
        loop {
            let start = input.position().byte_index();
            let (mut opens, colon) = match input.next_including_whitespace_and_comments() {
                Ok(t) => (opener(t), matches!(t, Token::Colon)),
                Err(_) => break,
            };
            if colon {
                loop {
                    let state = input.state();
                    match input.next_including_whitespace() {
                        Ok(Token::Colon) => continue,
                        Ok(Token::Ident(_)) => {}
                        Ok(t) if matches!(t, Token::Function(_)) => opens = opener(t),
                        _ => input.reset(&state),
                    }
                    break;
                }
            }
            let end = input.position().byte_index();
            let index = out.len();
            let block = opens.is_some();
            out.push(Tok {
                start,
                end,
                parent,
                opens,
                closes: false,
            });
            if block {
                let _ = input.parse_nested_block(|inner| {
                    walk(inner, out, Some(index));
                    Ok::<(), ParseError<()>>(())
                });
                let close = input.position().byte_index();
                let last = out.last().map_or(end, |t| t.end);
                if close > last {
                    out.push(Tok {
                        start: last,
                        end: close,
                        parent: Some(index),
                        opens: None,
                        closes: true,
                    });
                }
            }
        }
    }
    fn opener(t: &Token<'_>) -> Option<Block> {
        match t {
            Token::Function(name) => Some(Block::Function(name.to_ascii_lowercase())),
            Token::SquareBracketBlock => Some(Block::Attribute),
            Token::ParenthesisBlock | Token::CurlyBracketBlock => Some(Block::Other),
            _ => None,
        }
    }
    let mut out = Vec::new();
    walk(&mut cssparser::Parser::new(source), &mut out, None);
    out
}

/// Where in the selector's structure the error is: the block it is in and how many tokens
/// other than white space and comments come before it in that block.
struct Context {
    block: Option<Block>,
    before: usize,
    /// The error is at a `:` or `::` or just after one.
    colon: bool,
}

impl Context {
    /// The context of token `bad` of `tokens`, or of the end of the selector for `None`.
    fn of(source: &str, tokens: &[Tok], bad: Option<usize>) -> Context {
        let (block, upto) = match bad {
            Some(i) => (tokens[i].parent, i),
            None => {
                let block = tokens.last().and_then(|last| {
                    if last.opens.is_some() {
                        Some(tokens.len() - 1)
                    } else if last.closes {
                        last.parent.and_then(|p| tokens[p].parent)
                    } else {
                        last.parent
                    }
                });
                (block, tokens.len())
            }
        };
        let before = tokens[..upto]
            .iter()
            .enumerate()
            .filter(|(j, t)| {
                Some(*j) != block && t.parent == block && !t.closes && {
                    let text = source[t.start..t.end].trim_start();
                    !text.is_empty() && !text.starts_with("/*")
                }
            })
            .count();
        let colon = match bad {
            Some(i) => source[tokens[i].start..].starts_with(':'),
            None => source.ends_with(':'),
        };
        Context {
            block: block.and_then(|b| tokens[b].opens.clone()),
            before,
            colon,
        }
    }
}

/// The line and column (both from 1, the column in characters) of byte `offset` of `source`.
fn line_column(source: &str, offset: usize) -> (usize, usize) {
    let before = &source[..offset];
    let mut line = 1;
    let mut line_start = 0;
    let bytes = before.as_bytes();
    let mut i = 0;
    while i < bytes.len() {
        match bytes[i] {
            b'\r' if bytes.get(i + 1) == Some(&b'\n') => {
                i += 1;
                line += 1;
                line_start = i + 1;
            }
            b'\n' | b'\r' | b'\x0C' => {
                line += 1;
                line_start = i + 1;
            }
            _ => {}
        }
        i += 1;
    }
    (line, before[line_start..].chars().count() + 1)
}

/// What an error at `context` says, in words.
fn describe(error: &ParseError<ParseErrorKind>, context: &Context) -> String {
    let s: &str = match &error.kind {
        CssErrorKind::Basic(BasicParseErrorKind::TooManyNestedBlocks) => {
            "too deeply nested brackets"
        }
        // cssparser's own errors say only "unexpected token" or "unexpected end": the
        // place tells what was expected.
        CssErrorKind::Basic(_) if context.colon => "expected a pseudo-class name after `:`",
        CssErrorKind::Basic(_) => match (&context.block, context.before) {
            (Some(Block::Attribute), 0) => "expected an attribute name",
            (Some(Block::Attribute), 1) => {
                "expected `]` or an operator (`=`, `~=`, `|=`, `^=`, `$=`, `*=`) in the \
                 attribute selector"
            }
            (Some(Block::Attribute), 2) => {
                "expected an attribute value (a name or a quoted string)"
            }
            (Some(Block::Attribute), _) => {
                "expected `]` or a flag (`i`, `s`) in the attribute selector"
            }
            (Some(Block::Function(f)), _) if f.starts_with("nth-") => {
                "expected An+B (`3`, `2n+1`, `-n+3`, `odd`, `even`), then optionally `of` \
                 and selectors"
            }
            (None, 0) => "expected a selector",
            (None, _) => "expected a simple selector, a combinator or `,`",
            (Some(_), _) => "expected a selector",
        },
        CssErrorKind::Custom(ParseErrorKind::UnsupportedPseudoClass(name)) => {
            return format!(
                "unknown pseudo-class `{name}` (not one that browsers accept: the structural \
                 ones, :not, :is, :where, :has, :scope, the HTML Standard's, :lang, :dir, and \
                 the interaction states such as :hover, which match nothing here)"
            );
        }
        CssErrorKind::Custom(ParseErrorKind::UnsupportedPseudoElement(name)) => {
            return format!(
                "unknown pseudo-element `{name}` (not one that browsers accept, or not \
                 allowed here, as in :has())"
            );
        }
        CssErrorKind::Custom(ParseErrorKind::Selectors(kind)) => match kind {
            K::NoQualifiedNameInAttributeSelector | K::InvalidQualNameInAttr => {
                "expected an attribute name"
            }
            K::EmptySelector => "expected a selector",
            K::DanglingCombinator => "expected a selector after the combinator",
            K::NonCompoundSelector => {
                "expected a compound selector (no combinator) inside this pseudo-class"
            }
            K::NonPseudoElementAfterSlotted
            | K::InvalidPseudoElementAfterSlotted
            | K::InvalidPseudoElementInsideWhere => "a pseudo-element is not allowed here",
            K::InvalidState => "this simple selector is not allowed here",
            K::UnexpectedTokenInAttributeSelector => {
                "expected `]`, an operator (`=`, `~=`, `|=`, `^=`, `$=`, `*=`) or a flag \
                 (`i`, `s`) in the attribute selector"
            }
            K::PseudoElementExpectedColon => "expected `:`",
            K::PseudoElementExpectedIdent | K::NoIdentForPseudo => {
                "expected a pseudo-class name after `:`"
            }
            K::UnsupportedPseudoClassOrElement => "unsupported pseudo-class or pseudo-element",
            K::UnexpectedIdent => "unexpected name",
            K::ExpectedNamespace => {
                "undeclared namespace prefix (a selector string declares none: only `*|` \
                 and `|` can be used)"
            }
            K::ExpectedBarInAttr => "expected `|` in the attribute name",
            K::BadValueInAttr => "expected an attribute value (a name or a quoted string)",
            K::ExplicitNamespaceUnexpectedToken => "expected a name or `*` after `|`",
            K::ClassNeedsIdent => "expected a class name after `.`",
        },
    };
    s.to_owned()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn line_and_column() {
        assert_eq!(line_column("abc", 0), (1, 1));
        assert_eq!(line_column("abc", 2), (1, 3));
        assert_eq!(line_column("a\nb", 2), (2, 1));
        assert_eq!(line_column("a\r\nbc", 4), (2, 2));
        assert_eq!(line_column("é:x", 2), (1, 2));
    }

    fn ranges(source: &str) -> Vec<(usize, usize)> {
        tokens(source).iter().map(|t| (t.start, t.end)).collect()
    }

    #[test]
    fn token_ranges() {
        assert_eq!(ranges("a:not(b)"), [(0, 1), (1, 6), (6, 7), (7, 8)]);
        assert_eq!(ranges("a::x y"), [(0, 1), (1, 4), (4, 5), (5, 6)]);
        assert_eq!(ranges("a: b"), [(0, 1), (1, 2), (2, 3), (3, 4)]);
        assert_eq!(ranges("[x"), [(0, 1), (1, 2)]);
        let t = tokens("a[b]");
        assert_eq!((t[2].parent, t[3].closes), (Some(1), true));
        assert_eq!(t[1].opens, Some(Block::Attribute));
    }
}
