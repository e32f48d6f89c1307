//! The language a text is written in, detected from the text itself (not what the page
//! declares: [`lang`](super::lang) gives that), with the `whatlang` crate: character trigram
//! profiles of 70 languages compiled into the crate (nothing is read or downloaded at run
//! time), found in one pass over the text's first [`LANGUAGE_SAMPLE`] bytes.

/// What [`language`] found.
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct Language {
    /// The language's ISO 639-1 code (`en`, `zh`, `ar`, `fr`, ...; every language detected has
    /// one).
    pub code: &'static str,
    /// How sure the detection is, in 0..=1: 1 when one language is far ahead of the next (or
    /// the script has one language only, as Korean's), near 0 when two are as likely.
    pub score: f64,
}

/// How much of a text [`language`] reads: its first this many bytes (cut at a character
/// boundary). Far more than the detection needs (its accuracy is flat past a few hundred
/// characters, docs/extraction.md), and it keeps the cost of a long page's text bounded.
pub const LANGUAGE_SAMPLE: usize = 4096;

/// The language `text` is written in and how sure that is; `None` when the text has no
/// letters to tell by (empty, digits, punctuation) or its script is not one of the detector's.
///
/// Reads the first [`LANGUAGE_SAMPLE`] bytes of `text` only; linear in them. Short texts (a
/// title, a few words) give low scores and, more often than long ones, wrong languages.
pub fn language(text: &str) -> Option<Language> {
    let mut end = text.len().min(LANGUAGE_SAMPLE);
    while !text.is_char_boundary(end) {
        end -= 1;
    }
    let info = whatlang::detect(&text[..end])?;
    Some(Language {
        code: iso_639_1(info.lang()),
        score: info.confidence().clamp(0.0, 1.0),
    })
}

/// The ISO 639-1 code of one of `whatlang`'s languages (it names them by ISO 639-3).
fn iso_639_1(lang: whatlang::Lang) -> &'static str {
    use whatlang::Lang::*;
    match lang {
        Epo => "eo",
        Eng => "en",
        Rus => "ru",
        Cmn => "zh",
        Spa => "es",
        Por => "pt",
        Ita => "it",
        Ben => "bn",
        Fra => "fr",
        Deu => "de",
        Ukr => "uk",
        Kat => "ka",
        Ara => "ar",
        Hin => "hi",
        Jpn => "ja",
        Heb => "he",
        Yid => "yi",
        Pol => "pl",
        Amh => "am",
        Jav => "jv",
        Kor => "ko",
        Nob => "nb",
        Dan => "da",
        Swe => "sv",
        Fin => "fi",
        Tur => "tr",
        Nld => "nl",
        Hun => "hu",
        Ces => "cs",
        Ell => "el",
        Bul => "bg",
        Bel => "be",
        Mar => "mr",
        Kan => "kn",
        Ron => "ro",
        Slv => "sl",
        Hrv => "hr",
        Srp => "sr",
        Mkd => "mk",
        Lit => "lt",
        Lav => "lv",
        Est => "et",
        Tam => "ta",
        Vie => "vi",
        Urd => "ur",
        Tha => "th",
        Guj => "gu",
        Uzb => "uz",
        Pan => "pa",
        Aze => "az",
        Ind => "id",
        Tel => "te",
        Pes => "fa",
        Mal => "ml",
        Ori => "or",
        Mya => "my",
        Nep => "ne",
        Sin => "si",
        Khm => "km",
        Tuk => "tk",
        Aka => "ak",
        Zul => "zu",
        Sna => "sn",
        Afr => "af",
        Lat => "la",
        Slk => "sk",
        Cat => "ca",
        Tgl => "tl",
        Hye => "hy",
        Cym => "cy",
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn detects_the_language_of_a_sentence() {
        let cases = [
            (
                "The quick brown fox jumps over the lazy dog near the river bank.",
                "en",
            ),
            (
                "Le renard brun saute par-dessus le chien paresseux près de la rivière.",
                "fr",
            ),
            (
                "Der schnelle braune Fuchs springt über den faulen Hund am Flussufer.",
                "de",
            ),
            (
                "El rápido zorro marrón salta sobre el perro perezoso junto al río.",
                "es",
            ),
            (
                "敏捷的棕色狐狸跳过了河边那只懒惰的狗，然后跑进了森林。",
                "zh",
            ),
            (
                "재빠른 갈색 여우가 강가의 게으른 개를 뛰어넘었습니다.",
                "ko",
            ),
            (
                "قفز الثعلب البني السريع فوق الكلب الكسول بجانب النهر.",
                "ar",
            ),
        ];
        for (text, code) in cases {
            let got = language(text).unwrap_or_else(|| panic!("nothing for {text}"));
            assert_eq!(got.code, code, "{text}");
            assert!((0.0..=1.0).contains(&got.score), "{got:?}");
        }
    }

    #[test]
    fn no_letters_no_language() {
        assert_eq!(language(""), None);
        assert_eq!(language("1234 5678 -- !!"), None);
    }

    #[test]
    fn reads_a_bounded_prefix_cut_at_a_character() {
        // A long text whose start is German and whose rest (past the sample) is English: the
        // sample decides, and a multi-byte character across the cut does not panic.
        let de = "Der Hund läuft über die Wiese und sucht seinen Ball im hohen Gras. ";
        let mut text = String::new();
        while text.len() + de.len() < LANGUAGE_SAMPLE {
            text.push_str(de);
        }
        while text.len() < LANGUAGE_SAMPLE - 1 {
            text.push(' ');
        }
        // Its two bytes are the sample's last and the first past it.
        text.push('ü');
        text.push_str(&"The dog runs across the field looking for its ball. ".repeat(500));
        assert_eq!(language(&text).map(|l| l.code), Some("de"));
    }
}
