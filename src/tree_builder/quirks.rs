//! The DOCTYPE tables of the "initial" insertion mode (13.2.6.4.1) that decide the document's
//! quirks mode.

use crate::markup::QuirksMode;
use crate::tokenizer::Doctype;

static QUIRKS_PUBLIC_PREFIXES: &[&str] = &[
    "+//silmaril//dtd html pro v0r11 19970101//",
    "-//as//dtd html 3.0 aswedit + extensions//",
    "-//advasoft ltd//dtd html 3.0 aswedit + extensions//",
    "-//ietf//dtd html 2.0 level 1//",
    "-//ietf//dtd html 2.0 level 2//",
    "-//ietf//dtd html 2.0 strict level 1//",
    "-//ietf//dtd html 2.0 strict level 2//",
    "-//ietf//dtd html 2.0 strict//",
    "-//ietf//dtd html 2.0//",
    "-//ietf//dtd html 2.1e//",
    "-//ietf//dtd html 3.0//",
    "-//ietf//dtd html 3.2 final//",
    "-//ietf//dtd html 3.2//",
    "-//ietf//dtd html 3//",
    "-//ietf//dtd html level 0//",
    "-//ietf//dtd html level 1//",
    "-//ietf//dtd html level 2//",
    "-//ietf//dtd html level 3//",
    "-//ietf//dtd html strict level 0//",
    "-//ietf//dtd html strict level 1//",
    "-//ietf//dtd html strict level 2//",
    "-//ietf//dtd html strict level 3//",
    "-//ietf//dtd html strict//",
    "-//ietf//dtd html//",
    "-//metrius//dtd metrius presentational//",
    "-//microsoft//dtd internet explorer 2.0 html strict//",
    "-//microsoft//dtd internet explorer 2.0 html//",
    "-//microsoft//dtd internet explorer 2.0 tables//",
    "-//microsoft//dtd internet explorer 3.0 html strict//",
    "-//microsoft//dtd internet explorer 3.0 html//",
    "-//microsoft//dtd internet explorer 3.0 tables//",
    "-//netscape comm. corp.//dtd html//",
    "-//netscape comm. corp.//dtd strict html//",
    "-//o'reilly and associates//dtd html 2.0//",
    "-//o'reilly and associates//dtd html extended 1.0//",
    "-//o'reilly and associates//dtd html extended relaxed 1.0//",
    "-//sq//dtd html 2.0 hotmetal + extensions//",
    "-//softquad software//dtd hotmetal pro 6.0::19990601::extensions to html 4.0//",
    "-//softquad//dtd hotmetal pro 4.0::19971010::extensions to html 4.0//",
    "-//spyglass//dtd html 2.0 extended//",
    "-//sun microsystems corp.//dtd hotjava html//",
    "-//sun microsystems corp.//dtd hotjava strict html//",
    "-//w3c//dtd html 3 1995-03-24//",
    "-//w3c//dtd html 3.2 draft//",
    "-//w3c//dtd html 3.2 final//",
    "-//w3c//dtd html 3.2//",
    "-//w3c//dtd html 3.2s draft//",
    "-//w3c//dtd html 4.0 frameset//",
    "-//w3c//dtd html 4.0 transitional//",
    "-//w3c//dtd html experimental 19960712//",
    "-//w3c//dtd html experimental 970421//",
    "-//w3c//dtd w3 html//",
    "-//w3o//dtd w3 html 3.0//",
    "-//webtechs//dtd mozilla html 2.0//",
    "-//webtechs//dtd mozilla html//",
];

static QUIRKS_PUBLIC_EXACT: &[&str] = &[
    "-//w3o//dtd w3 html strict 3.0//en//",
    "-/w3c/dtd html 4.0 transitional/en",
    "html",
];

fn starts_with_ci(s: &str, prefix: &str) -> bool {
    s.len() >= prefix.len() && s.as_bytes()[..prefix.len()].eq_ignore_ascii_case(prefix.as_bytes())
}

/// The mode a DOCTYPE token sets (13.2.6.4.1). An empty system identifier is not missing.
pub(crate) fn doctype_quirks_mode(d: &Doctype<'_>) -> QuirksMode {
    if d.force_quirks || d.name != Some("html") {
        return QuirksMode::Quirks;
    }
    let system_missing_or_empty = d.system_id.is_none_or(str::is_empty);
    if let Some(sys) = d.system_id
        && sys.eq_ignore_ascii_case("http://www.ibm.com/data/dtd/v11/ibmxhtml1-transitional.dtd")
    {
        return QuirksMode::Quirks;
    }
    let Some(public) = d.public_id else {
        return QuirksMode::NoQuirks;
    };
    if QUIRKS_PUBLIC_EXACT
        .iter()
        .any(|p| public.eq_ignore_ascii_case(p))
        || QUIRKS_PUBLIC_PREFIXES
            .iter()
            .any(|p| starts_with_ci(public, p))
    {
        return QuirksMode::Quirks;
    }
    let html401 = starts_with_ci(public, "-//w3c//dtd html 4.01 frameset//")
        || starts_with_ci(public, "-//w3c//dtd html 4.01 transitional//");
    if html401 && system_missing_or_empty {
        return QuirksMode::Quirks;
    }
    if starts_with_ci(public, "-//w3c//dtd xhtml 1.0 frameset//")
        || starts_with_ci(public, "-//w3c//dtd xhtml 1.0 transitional//")
        || html401
    {
        return QuirksMode::LimitedQuirks;
    }
    QuirksMode::NoQuirks
}

#[cfg(test)]
mod tests {
    use super::*;

    fn d<'a>(
        name: Option<&'a str>,
        public: Option<&'a str>,
        system: Option<&'a str>,
    ) -> Doctype<'a> {
        Doctype {
            name,
            public_id: public,
            system_id: system,
            force_quirks: false,
        }
    }

    #[test]
    fn modes() {
        assert_eq!(
            doctype_quirks_mode(&d(Some("html"), None, None)),
            QuirksMode::NoQuirks
        );
        assert_eq!(
            doctype_quirks_mode(&d(Some("foo"), None, None)),
            QuirksMode::Quirks
        );
        let t = "-//W3C//DTD HTML 4.01 Transitional//EN";
        assert_eq!(
            doctype_quirks_mode(&d(Some("html"), Some(t), None)),
            QuirksMode::Quirks
        );
        assert_eq!(
            doctype_quirks_mode(&d(Some("html"), Some(t), Some(""))),
            QuirksMode::Quirks
        );
        assert_eq!(
            doctype_quirks_mode(&d(Some("html"), Some(t), Some("x"))),
            QuirksMode::LimitedQuirks
        );
        assert_eq!(
            doctype_quirks_mode(&d(Some("html"), Some("HTML"), None)),
            QuirksMode::Quirks
        );
    }
}
