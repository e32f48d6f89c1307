//! The table insertion modes: "in table", "in table text", "in caption", "in column group", "in
//! table body", "in row" and "in cell" (13.2.6.4.9–15).

use super::open_elements::Scope;
use super::{
    InsertionMode, Step, TreeBuilder, TreeConstructionError, TreeSink, is_ws, split_leading_ws,
};
use crate::markup::{Namespace, TABLE_STRUCTURE, Tag, TagSet};
use crate::tokenizer::Token;

/// The end tags with rules of their own in "in cell" (13.2.6.4.15): td, th; body, caption,
/// col, colgroup, html (ignored); table, tbody, tfoot, thead, tr (close the cell).
const CELL_END_TAGS: TagSet = TagSet::of(&[
    Tag::Td,
    Tag::Th,
    Tag::Body,
    Tag::Caption,
    Tag::Col,
    Tag::Colgroup,
    Tag::Html,
    Tag::Table,
    Tag::Tbody,
    Tag::Tfoot,
    Tag::Thead,
    Tag::Tr,
]);

impl<'a, S: TreeSink<'a>> TreeBuilder<'a, S> {
    /// The "in table" insertion mode (13.2.6.4.9).
    pub(crate) fn in_table(&mut self, token: Token<'a>) -> Step<'a> {
        match token {
            Token::Characters(_) => {
                let cur = self.elem(self.current());
                if cur.ns == Namespace::Html
                    && matches!(
                        cur.tag,
                        Tag::Table | Tag::Tbody | Tag::Template | Tag::Tfoot | Tag::Thead | Tag::Tr
                    )
                {
                    self.pending_table_text.clear();
                    if S::SOURCE_SPANS {
                        self.pending_table_spans.clear();
                    }
                    self.pending_table_text_dirty = false;
                    self.original_mode = self.mode;
                    self.mode = InsertionMode::InTableText;
                    return Some(token);
                }
                self.foster_parent_characters(token)
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
            Token::StartTag(t) => match t.tag {
                Tag::Caption => {
                    self.clear_stack_back_to(&[Tag::Table, Tag::Template, Tag::Html]);
                    self.push_marker();
                    self.insert_html(&t);
                    self.mode = InsertionMode::InCaption;
                    None
                }
                Tag::Colgroup => {
                    self.clear_stack_back_to(&[Tag::Table, Tag::Template, Tag::Html]);
                    self.insert_html(&t);
                    self.mode = InsertionMode::InColumnGroup;
                    None
                }
                Tag::Col => {
                    self.clear_stack_back_to(&[Tag::Table, Tag::Template, Tag::Html]);
                    self.insert_html_named("colgroup");
                    self.mode = InsertionMode::InColumnGroup;
                    Some(token)
                }
                Tag::Tbody | Tag::Tfoot | Tag::Thead => {
                    self.clear_stack_back_to(&[Tag::Table, Tag::Template, Tag::Html]);
                    self.insert_html(&t);
                    self.mode = InsertionMode::InTableBody;
                    None
                }
                Tag::Td | Tag::Th | Tag::Tr => {
                    self.clear_stack_back_to(&[Tag::Table, Tag::Template, Tag::Html]);
                    self.insert_html_named("tbody");
                    self.mode = InsertionMode::InTableBody;
                    Some(token)
                }
                Tag::Table => {
                    self.error(TreeConstructionError::NestedTable);
                    if !self.in_scope(Tag::Table, Scope::Table) {
                        return None;
                    }
                    self.pop_until_tag(Tag::Table);
                    self.reset_insertion_mode();
                    Some(token)
                }
                Tag::Style | Tag::Script | Tag::Template => self.in_head(token),
                Tag::Input
                    if t.attr("type")
                        .is_some_and(|v| v.eq_ignore_ascii_case("hidden")) =>
                {
                    self.error(TreeConstructionError::InputInTable);
                    self.insert_html(&t);
                    self.pop();
                    None
                }
                Tag::Form => {
                    self.error(TreeConstructionError::FormInTable);
                    // Inside template contents the form element pointer is ignored, so the form
                    // is kept (WPT template.dat, 2026-09).
                    let in_template = self.in_template_contents();
                    if self.form.is_some() && !in_template {
                        return None;
                    }
                    let id = self.insert_html(&t);
                    if !in_template {
                        self.form = Some(id);
                    }
                    self.pop();
                    None
                }
                _ => self.in_table_anything_else(token),
            },
            Token::EndTag(t) => match t.tag {
                Tag::Table => {
                    if !self.in_scope(Tag::Table, Scope::Table) {
                        self.error(TreeConstructionError::TableEndTagWithoutOpenTable);
                        return None;
                    }
                    self.pop_until_tag(Tag::Table);
                    self.reset_insertion_mode();
                    None
                }
                Tag::Body
                | Tag::Caption
                | Tag::Col
                | Tag::Colgroup
                | Tag::Html
                | Tag::Tbody
                | Tag::Td
                | Tag::Tfoot
                | Tag::Th
                | Tag::Thead
                | Tag::Tr => {
                    self.error(TreeConstructionError::UnexpectedEndTagInTable);
                    None
                }
                Tag::Template => self.in_head(token),
                _ => self.in_table_anything_else(token),
            },
            Token::Eof => self.in_body(token),
        }
    }

    /// The "anything else" entry of "in table": foster parenting around the "in body" rules.
    fn in_table_anything_else(&mut self, token: Token<'a>) -> Step<'a> {
        self.error(TreeConstructionError::UnexpectedTokenInTable);
        self.foster_parenting = true;
        let r = self.in_body(token);
        self.foster_parenting = false;
        r
    }

    /// The "anything else" entry of "in table" for character tokens: a parse error per
    /// character, then the "in body" rules with foster parenting.
    fn foster_parent_characters(&mut self, token: Token<'a>) -> Step<'a> {
        if let Token::Characters(s) = token {
            self.character_errors(s, s, TreeConstructionError::CharacterInTable);
        }
        self.foster_parenting = true;
        let r = self.in_body(token);
        self.foster_parenting = false;
        r
    }

    /// Clear the stack back to a table / table body / table row context: pop while the current
    /// node is not one of the HTML elements `tags`.
    fn clear_stack_back_to(&mut self, tags: &[Tag]) {
        while let Some(&id) = self.open.last() {
            let e = self.elem(id);
            if e.ns == Namespace::Html && tags.contains(&e.tag) {
                break;
            }
            self.pop();
        }
    }

    /// The "in table text" insertion mode (13.2.6.4.10).
    pub(crate) fn in_table_text(&mut self, token: Token<'a>) -> Step<'a> {
        if let Token::Characters(s) = token {
            let mut rest = s;
            while !rest.is_empty() {
                let nul = memchr::memchr(0, rest.as_bytes()).unwrap_or(rest.len());
                let (run, after) = rest.split_at(nul);
                if !run.is_empty() {
                    if !self.pending_table_text_dirty && run.bytes().any(|b| !is_ws(b)) {
                        self.pending_table_text_dirty = true;
                    }
                    let at = self.offset + (run.as_ptr() as usize - s.as_ptr() as usize);
                    self.pending_table_text.push((run, at));
                    if S::SOURCE_SPANS {
                        let span = self.source_text_span(run);
                        self.pending_table_spans.push(span);
                    }
                }
                if let Some(after) = after.strip_prefix('\0') {
                    self.error(TreeConstructionError::UnexpectedNullCharacter);
                    rest = after;
                } else {
                    rest = after;
                }
            }
            return None;
        }
        let pending = std::mem::take(&mut self.pending_table_text);
        let spans = if S::SOURCE_SPANS {
            std::mem::take(&mut self.pending_table_spans)
        } else {
            Vec::new()
        };
        if self.pending_table_text_dirty {
            self.error(TreeConstructionError::NonSpaceCharactersInTable);
            let offset = self.offset;
            for (i, &(run, at)) in pending.iter().enumerate() {
                self.offset = at;
                if S::SOURCE_SPANS {
                    self.source_pending(Some((run, spans[i].clone())));
                }
                self.foster_parent_characters(Token::Characters(run));
            }
            self.offset = offset;
        } else {
            for (i, &(run, _)) in pending.iter().enumerate() {
                if S::SOURCE_SPANS {
                    self.source_pending(Some((run, spans[i].clone())));
                }
                self.insert_characters(run);
            }
        }
        self.pending_table_text = pending;
        self.pending_table_text.clear();
        if S::SOURCE_SPANS {
            self.source_pending(None);
            self.pending_table_spans = spans;
            self.pending_table_spans.clear();
        }
        self.pending_table_text_dirty = false;
        self.mode = self.original_mode;
        Some(token)
    }

    /// The "in caption" insertion mode (13.2.6.4.11).
    pub(crate) fn in_caption(&mut self, token: Token<'a>) -> Step<'a> {
        let closes_caption = match token {
            Token::EndTag(t) if t.tag == Tag::Caption => Some(false),
            Token::StartTag(t) if t.tag.is_in(TABLE_STRUCTURE) => Some(true),
            Token::EndTag(t) if t.tag == Tag::Table => Some(true),
            Token::EndTag(t)
                if matches!(
                    t.tag,
                    Tag::Body
                        | Tag::Col
                        | Tag::Colgroup
                        | Tag::Html
                        | Tag::Tbody
                        | Tag::Td
                        | Tag::Tfoot
                        | Tag::Th
                        | Tag::Thead
                        | Tag::Tr
                ) =>
            {
                self.error(TreeConstructionError::UnexpectedEndTagInCaption);
                return None;
            }
            _ => None,
        };
        match closes_caption {
            Some(reprocess) => {
                if !self.in_scope(Tag::Caption, Scope::Table) {
                    self.error(TreeConstructionError::CaptionNotOpen);
                    return None;
                }
                self.generate_implied_end_tags(None);
                if !self.current_is(Tag::Caption) {
                    self.error(TreeConstructionError::CaptionEndWithOpenChildren);
                }
                self.pop_until_tag(Tag::Caption);
                self.clear_formatting_to_last_marker();
                self.mode = InsertionMode::InTable;
                if reprocess { Some(token) } else { None }
            }
            None => self.in_body(token),
        }
    }

    /// The "in column group" insertion mode (13.2.6.4.12).
    pub(crate) fn in_column_group(&mut self, token: Token<'a>) -> Step<'a> {
        match token {
            Token::Characters(s) => {
                if !self.current_is(Tag::Colgroup) {
                    // "Anything else" ignores each other character; white space is inserted.
                    self.insert_only_whitespace(s, TreeConstructionError::CharacterInColgroup);
                    return None;
                }
                let (ws, rest) = split_leading_ws(s);
                self.insert_characters(ws);
                if rest.is_empty() {
                    return None;
                }
                self.in_column_group_anything_else(Token::Characters(rest))
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
            Token::StartTag(t) if t.tag == Tag::Html => self.in_body(token),
            Token::StartTag(t) if t.tag == Tag::Col => {
                self.insert_html(&t);
                self.pop();
                None
            }
            Token::EndTag(t) if t.tag == Tag::Colgroup => {
                if !self.current_is(Tag::Colgroup) {
                    self.error(TreeConstructionError::ColgroupEndTagWithoutOpenColgroup);
                    return None;
                }
                self.pop();
                self.mode = InsertionMode::InTable;
                None
            }
            Token::EndTag(t) if t.tag == Tag::Col => {
                self.error(TreeConstructionError::ColEndTag);
                None
            }
            Token::StartTag(t) if t.tag == Tag::Template => self.in_head(token),
            Token::EndTag(t) if t.tag == Tag::Template => self.in_head(token),
            Token::Eof => self.in_body(token),
            _ => self.in_column_group_anything_else(token),
        }
    }

    fn in_column_group_anything_else(&mut self, token: Token<'a>) -> Step<'a> {
        if !self.current_is(Tag::Colgroup) {
            self.error(TreeConstructionError::UnexpectedTokenInColgroup);
            return None;
        }
        self.pop();
        self.mode = InsertionMode::InTable;
        Some(token)
    }

    /// The "in table body" insertion mode (13.2.6.4.13).
    pub(crate) fn in_table_body(&mut self, token: Token<'a>) -> Step<'a> {
        const BODY_CONTEXT: &[Tag] =
            &[Tag::Tbody, Tag::Tfoot, Tag::Thead, Tag::Template, Tag::Html];
        match token {
            Token::StartTag(t) if t.tag == Tag::Tr => {
                self.clear_stack_back_to(BODY_CONTEXT);
                self.insert_html(&t);
                self.mode = InsertionMode::InRow;
                None
            }
            Token::StartTag(t) if matches!(t.tag, Tag::Th | Tag::Td) => {
                self.error(TreeConstructionError::CellOutsideRow);
                self.clear_stack_back_to(BODY_CONTEXT);
                self.insert_html_named("tr");
                self.mode = InsertionMode::InRow;
                Some(token)
            }
            Token::EndTag(t) if matches!(t.tag, Tag::Tbody | Tag::Tfoot | Tag::Thead) => {
                let tag = t.tag;
                if !self.in_scope(tag, Scope::Table) {
                    self.error(TreeConstructionError::TableSectionEndTagWithoutOpenSection);
                    return None;
                }
                self.clear_stack_back_to(BODY_CONTEXT);
                self.pop();
                self.mode = InsertionMode::InTable;
                None
            }
            Token::StartTag(t)
                if matches!(
                    t.tag,
                    Tag::Caption | Tag::Col | Tag::Colgroup | Tag::Tbody | Tag::Tfoot | Tag::Thead
                ) =>
            {
                self.table_body_close_and_reprocess(token)
            }
            Token::EndTag(t) if t.tag == Tag::Table => self.table_body_close_and_reprocess(token),
            Token::EndTag(t)
                if matches!(
                    t.tag,
                    Tag::Body
                        | Tag::Caption
                        | Tag::Col
                        | Tag::Colgroup
                        | Tag::Html
                        | Tag::Td
                        | Tag::Th
                        | Tag::Tr
                ) =>
            {
                self.error(TreeConstructionError::UnexpectedEndTagInTableBody);
                None
            }
            _ => self.in_table(token),
        }
    }

    fn table_body_close_and_reprocess(&mut self, token: Token<'a>) -> Step<'a> {
        if !self.in_scope_any(&[Tag::Tbody, Tag::Thead, Tag::Tfoot], Scope::Table) {
            self.error(TreeConstructionError::NoTableSectionOpen);
            return None;
        }
        self.clear_stack_back_to(&[Tag::Tbody, Tag::Tfoot, Tag::Thead, Tag::Template, Tag::Html]);
        self.pop();
        self.mode = InsertionMode::InTable;
        Some(token)
    }

    /// The "in row" insertion mode (13.2.6.4.14).
    pub(crate) fn in_row(&mut self, token: Token<'a>) -> Step<'a> {
        const ROW_CONTEXT: &[Tag] = &[Tag::Tr, Tag::Template, Tag::Html];
        match token {
            Token::StartTag(t) if matches!(t.tag, Tag::Th | Tag::Td) => {
                self.clear_stack_back_to(ROW_CONTEXT);
                self.insert_html(&t);
                self.mode = InsertionMode::InCell;
                self.push_marker();
                None
            }
            Token::EndTag(t) if t.tag == Tag::Tr => {
                if !self.in_scope(Tag::Tr, Scope::Table) {
                    self.error(TreeConstructionError::TrEndTagWithoutOpenTr);
                    return None;
                }
                self.clear_stack_back_to(ROW_CONTEXT);
                self.pop();
                self.mode = InsertionMode::InTableBody;
                None
            }
            Token::StartTag(t)
                if matches!(
                    t.tag,
                    Tag::Caption
                        | Tag::Col
                        | Tag::Colgroup
                        | Tag::Tbody
                        | Tag::Tfoot
                        | Tag::Thead
                        | Tag::Tr
                ) =>
            {
                self.row_close_and_reprocess(token)
            }
            Token::EndTag(t) if t.tag == Tag::Table => self.row_close_and_reprocess(token),
            Token::EndTag(t) if matches!(t.tag, Tag::Tbody | Tag::Tfoot | Tag::Thead) => {
                if !self.in_scope(t.tag, Scope::Table) {
                    self.error(TreeConstructionError::TableSectionEndTagWithoutOpenSection);
                    return None;
                }
                self.row_close_and_reprocess(token)
            }
            Token::EndTag(t)
                if matches!(
                    t.tag,
                    Tag::Body
                        | Tag::Caption
                        | Tag::Col
                        | Tag::Colgroup
                        | Tag::Html
                        | Tag::Td
                        | Tag::Th
                ) =>
            {
                self.error(TreeConstructionError::UnexpectedEndTagInRow);
                None
            }
            _ => self.in_table(token),
        }
    }

    fn row_close_and_reprocess(&mut self, token: Token<'a>) -> Step<'a> {
        if !self.in_scope(Tag::Tr, Scope::Table) {
            self.error(TreeConstructionError::NoTrOpen);
            return None;
        }
        self.clear_stack_back_to(&[Tag::Tr, Tag::Template, Tag::Html]);
        self.pop();
        self.mode = InsertionMode::InTableBody;
        Some(token)
    }

    /// The "in cell" insertion mode (13.2.6.4.15).
    pub(crate) fn in_cell(&mut self, token: Token<'a>) -> Step<'a> {
        match token {
            Token::EndTag(t) if matches!(t.tag, Tag::Td | Tag::Th) => {
                let tag = t.tag;
                if !self.in_scope(tag, Scope::Table) {
                    self.error(TreeConstructionError::CellEndTagWithoutOpenCell);
                    return None;
                }
                self.generate_implied_end_tags(None);
                if !self.current_is(tag) {
                    self.error(TreeConstructionError::CellEndTagWithOpenChildren);
                }
                self.pop_until_tag(tag);
                self.clear_formatting_to_last_marker();
                self.mode = InsertionMode::InRow;
                None
            }
            Token::StartTag(t) if t.tag.is_in(TABLE_STRUCTURE) => {
                if !self.in_scope_any(&[Tag::Td, Tag::Th], Scope::Table) {
                    self.error(TreeConstructionError::NoCellOpen);
                    return None;
                }
                self.close_cell();
                Some(token)
            }
            Token::EndTag(t)
                if matches!(
                    t.tag,
                    Tag::Body | Tag::Caption | Tag::Col | Tag::Colgroup | Tag::Html
                ) =>
            {
                self.error(TreeConstructionError::UnexpectedEndTagInCell);
                None
            }
            Token::EndTag(t)
                if matches!(
                    t.tag,
                    Tag::Table | Tag::Tbody | Tag::Tfoot | Tag::Thead | Tag::Tr
                ) =>
            {
                if !self.in_scope(t.tag, Scope::Table) {
                    self.error(TreeConstructionError::EndTagWithoutOpenElement);
                    return None;
                }
                self.close_cell();
                Some(token)
            }
            _ => self.in_body(token),
        }
    }

    /// Whether the "in cell" rules hand `token` to the "in body" rules as it is, without a
    /// step of their own (the last entry, "anything else"): every token but the start tags of
    /// [`TABLE_STRUCTURE`] and the end tags `td`, `th`, `body`, `caption`, `col`, `colgroup`,
    /// `html`, `table`, `tbody`, `tfoot`, `thead`, `tr`. The dispatcher's common case takes
    /// such a token to "in body" directly.
    #[inline]
    pub(crate) fn in_cell_uses_in_body(token: &Token<'a>) -> bool {
        match token {
            Token::StartTag(t) => !t.tag.is_in(TABLE_STRUCTURE),
            Token::EndTag(t) => !t.tag.is_in(CELL_END_TAGS),
            _ => true,
        }
    }

    /// "Close the cell" (13.2.6.4.15).
    fn close_cell(&mut self) {
        self.generate_implied_end_tags(None);
        if !self.current_is(Tag::Td) && !self.current_is(Tag::Th) {
            self.error(TreeConstructionError::CellClosedWithOpenChildren);
        }
        self.pop_until_html(|t| matches!(t, Tag::Td | Tag::Th));
        self.clear_formatting_to_last_marker();
        self.mode = InsertionMode::InRow;
    }
}
