//! The value of an `input` element as a number, and the constraints that the markup alone
//! decides for it (HTML 4.10.5.1 and 4.10.5.3): the number, range, date, month, week, time
//! and local date and time states' value sanitisation ("not a valid ... string: the empty
//! string"), their "convert a string to a number" (2.3.4.3, 2.3.5), range limitations
//! (`min`, `max`: range underflow and overflow, 4.10.5.3.7-8) and steps (`step`: step
//! mismatch, 4.10.5.3.9); and the URL state's type mismatch (4.10.5.1.4).
//!
//! Steps are checked in decimal arithmetic, as Chromium and Firefox check them (their
//! `Decimal`), where the standard's text says binary floating point (whatwg/html#5207): a
//! value of `0.3` is a multiple of a `step` of `0.1`.

use std::cmp::Ordering;

use crate::markup::is_ascii_whitespace;

/// The `type` states whose value is a number for range and step.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) enum NumericType {
    Number,
    Range,
    Date,
    Month,
    Week,
    Time,
    DateTimeLocal,
}

impl NumericType {
    /// The state a `type` attribute's value names, if one of these.
    pub(crate) fn of(t: &str) -> Option<NumericType> {
        const NAMES: [(&str, NumericType); 7] = [
            ("number", NumericType::Number),
            ("range", NumericType::Range),
            ("date", NumericType::Date),
            ("month", NumericType::Month),
            ("week", NumericType::Week),
            ("time", NumericType::Time),
            ("datetime-local", NumericType::DateTimeLocal),
        ];
        NAMES
            .iter()
            .find(|(name, _)| t.eq_ignore_ascii_case(name))
            .map(|&(_, ty)| ty)
    }

    /// The value after value sanitisation, as a number: `None` for a value the sanitisation
    /// empties (not a valid string of the state) and for the empty value.
    fn value(self, v: &str) -> Option<Decimal> {
        match self {
            NumericType::Number | NumericType::Range => {
                is_valid_float(v).then(|| parse_float(v)).flatten()
            }
            _ => self.convert(v),
        }
    }

    /// "Convert a string to a number" for `min`, `max` and the step base.
    fn convert(self, s: &str) -> Option<Decimal> {
        let ms = |days: i64| Decimal::int(i128::from(days) * 86_400_000);
        match self {
            NumericType::Number | NumericType::Range => parse_float(s),
            NumericType::Date => {
                let (y, m, d) = parse_date(s)?;
                Some(ms(days_from_civil(y, m, d)))
            }
            NumericType::Month => {
                let (y, m) = parse_month(s)?;
                Some(Decimal::int(i128::from((y - 1970) * 12 + i64::from(m) - 1)))
            }
            NumericType::Week => {
                let (y, w) = parse_week(s)?;
                Some(ms(week_one_monday(y) + 7 * (i64::from(w) - 1)))
            }
            NumericType::Time => parse_time(s).map(|t| Decimal::int(i128::from(t))),
            NumericType::DateTimeLocal => {
                let at = s.find(['T', ' '])?;
                let (y, m, d) = parse_date(&s[..at])?;
                let t = parse_time(&s[at + 1..])?;
                Some(Decimal::int(
                    i128::from(days_from_civil(y, m, d)) * 86_400_000 + i128::from(t),
                ))
            }
        }
    }

    /// The default step, times the step scale factor, and the default step base.
    fn default_step_and_base(self) -> (Decimal, Decimal) {
        let zero = Decimal::int(0);
        match self {
            NumericType::Number | NumericType::Range | NumericType::Month => {
                (Decimal::int(1), zero)
            }
            NumericType::Date => (Decimal::int(86_400_000), zero),
            NumericType::Week => (Decimal::int(604_800_000), Decimal::int(-259_200_000)),
            NumericType::Time | NumericType::DateTimeLocal => (Decimal::int(60_000), zero),
        }
    }

    /// The step scale factor.
    fn scale(self) -> Decimal {
        Decimal::int(match self {
            NumericType::Number | NumericType::Range | NumericType::Month => 1,
            NumericType::Date => 86_400_000,
            NumericType::Week => 604_800_000,
            NumericType::Time | NumericType::DateTimeLocal => 1_000,
        })
    }
}

/// What the markup's `value`, `min`, `max` and `step` give an `input` of a numeric state.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) struct Constraints {
    /// It has range limitations (a minimum or a maximum): `:in-range` / `:out-of-range`
    /// apply.
    pub(crate) has_range: bool,
    /// Suffering from an underflow or an overflow.
    pub(crate) out_of_range: bool,
    /// Suffering from a step mismatch.
    pub(crate) step_mismatch: bool,
}

/// The constraints of an `input` of state `ty` whose value, as the parser leaves it, is
/// `value`, with the `min`, `max` and `step` attributes given. The range state's value is
/// sanitised into its range and onto its steps (its default value is the middle of the
/// range), so it suffers from neither.
pub(crate) fn constraints(
    ty: NumericType,
    value: &str,
    min: Option<&str>,
    max: Option<&str>,
    step: Option<&str>,
) -> Constraints {
    let min = min.and_then(|m| ty.convert(m));
    let max = max.and_then(|m| ty.convert(m));
    if ty == NumericType::Range {
        return Constraints {
            has_range: true,
            out_of_range: false,
            step_mismatch: false,
        };
    }
    let has_range = min.is_some() || max.is_some();
    let Some(v) = ty.value(value) else {
        // The empty value suffers from nothing.
        return Constraints {
            has_range,
            out_of_range: false,
            step_mismatch: false,
        };
    };
    let below = min.is_some_and(|m| v.cmp(m) == Ordering::Less);
    let above = max.is_some_and(|m| v.cmp(m) == Ordering::Greater);
    // A time range whose maximum is below its minimum is reversed (it wraps past midnight):
    // the value is out of it only between the two.
    let reversed = ty == NumericType::Time
        && matches!((min, max), (Some(lo), Some(hi)) if hi.cmp(lo) == Ordering::Less);
    let out_of_range = if reversed {
        below && above
    } else {
        below || above
    };
    let (default_step, default_base) = ty.default_step_and_base();
    let allowed_step = match step {
        Some(s) if s.eq_ignore_ascii_case("any") => None,
        Some(s) => Some(
            parse_float(s)
                .filter(|d| d.cmp(Decimal::int(0)) == Ordering::Greater)
                .and_then(|d| d.mul(ty.scale()))
                .unwrap_or(default_step),
        ),
        None => Some(default_step),
    };
    // The step base: the minimum, else the value attribute's number (the value itself
    // here), else the default.
    let base = min.or_else(|| ty.convert(value)).unwrap_or(default_base);
    let step_mismatch = allowed_step.is_some_and(|step| {
        v.sub(base)
            .and_then(|d| d.is_multiple_of(step))
            .is_some_and(|multiple| !multiple)
    });
    Constraints {
        has_range,
        out_of_range,
        step_mismatch,
    }
}

/// Whether an `input type=url`'s value suffers from a type mismatch (4.10.5.1.4): after value
/// sanitisation (line breaks removed, leading and trailing ASCII white space stripped) it is
/// neither empty nor an absolute URL. "Absolute URL" is taken as the URL Standard's parser
/// takes it (the `url` crate: the string parses without a base), as browsers check it: the
/// parser accepts a little more than the "valid URL string" syntax (`http://a/b c` parses,
/// the space percent-encoded).
pub(crate) fn url_mismatch(value: &str) -> bool {
    let v = value.trim_matches(is_ascii_whitespace);
    !v.is_empty() && url::Url::parse(v).is_err()
}

/// A decimal number, `m` x 10^`e`.
#[derive(Debug, Clone, Copy)]
struct Decimal {
    m: i128,
    e: i32,
}

impl Decimal {
    fn int(m: i128) -> Decimal {
        Decimal { m, e: 0 }
    }

    fn to_f64(self) -> f64 {
        // Precision is not needed: only for comparing numbers too far apart to align.
        (self.m as f64) * 10f64.powi(self.e)
    }

    /// The two mantissas at the smaller exponent, if they fit.
    fn align(self, other: Decimal) -> Option<(i128, i128, i32)> {
        let e = self.e.min(other.e);
        let up = |d: Decimal| {
            let k = u32::try_from(d.e - e).ok()?;
            10i128.checked_pow(k)?.checked_mul(d.m)
        };
        Some((up(self)?, up(other)?, e))
    }

    fn cmp(self, other: Decimal) -> Ordering {
        match self.align(other) {
            Some((a, b, _)) => a.cmp(&b),
            None => self
                .to_f64()
                .partial_cmp(&other.to_f64())
                .unwrap_or(Ordering::Equal),
        }
    }

    fn sub(self, other: Decimal) -> Option<Decimal> {
        let (a, b, e) = self.align(other)?;
        Some(Decimal {
            m: a.checked_sub(b)?,
            e,
        })
    }

    fn mul(self, other: Decimal) -> Option<Decimal> {
        Some(Decimal {
            m: self.m.checked_mul(other.m)?,
            e: self.e.checked_add(other.e)?,
        })
    }

    /// Whether `self` is an integral multiple of `step` (not zero); `None` when the numbers
    /// are too far apart to tell.
    fn is_multiple_of(self, step: Decimal) -> Option<bool> {
        let (a, b, _) = self.align(step)?;
        (b != 0).then(|| a % b == 0)
    }
}

/// Whether `v` is a valid floating-point number (2.3.4.3): `-`? digits (`.` digits)?
/// (`e` `+`/`-`? digits)?, or `-`? `.` digits and the rest.
fn is_valid_float(v: &str) -> bool {
    let b = v.as_bytes();
    let mut i = usize::from(b.first() == Some(&b'-'));
    let digits = |i: &mut usize| {
        let start = *i;
        while b.get(*i).is_some_and(u8::is_ascii_digit) {
            *i += 1;
        }
        *i > start
    };
    let int = digits(&mut i);
    if b.get(i) == Some(&b'.') {
        i += 1;
        if !digits(&mut i) {
            return false;
        }
    } else if !int {
        return false;
    }
    if matches!(b.get(i), Some(b'e' | b'E')) {
        i += 1;
        if matches!(b.get(i), Some(b'+' | b'-')) {
            i += 1;
        }
        if !digits(&mut i) {
            return false;
        }
    }
    i == b.len()
}

/// The rules for parsing floating-point number values (2.3.4.3): leading ASCII white space
/// skipped, then the longest prefix that is a number (`1.5abc` is 1.5; an exponent without
/// digits is left out); `None` for an error (no digits, or a value too large for a double).
/// Kept as a decimal (the first 30 significant digits).
fn parse_float(s: &str) -> Option<Decimal> {
    let b = s.trim_start_matches(is_ascii_whitespace).as_bytes();
    let mut i = 0;
    let negative = match b.first() {
        Some(b'-') => {
            i += 1;
            true
        }
        Some(b'+') => {
            i += 1;
            false
        }
        _ => false,
    };
    let (mut m, mut e, mut significant, mut any) = (0i128, 0i64, 0u32, false);
    let mut push = |d: u8, fraction: bool, e: &mut i64| {
        if significant < 30 {
            m = m * 10 + i128::from(d - b'0');
            if m != 0 {
                significant += 1;
            }
            if fraction {
                *e -= 1;
            }
        } else if !fraction {
            *e += 1;
        }
    };
    while let Some(&d) = b.get(i).filter(|d| d.is_ascii_digit()) {
        push(d, false, &mut e);
        any = true;
        i += 1;
    }
    if b.get(i) == Some(&b'.') && b.get(i + 1).is_some_and(u8::is_ascii_digit) {
        i += 1;
        while let Some(&d) = b.get(i).filter(|d| d.is_ascii_digit()) {
            push(d, true, &mut e);
            any = true;
            i += 1;
        }
    }
    if !any {
        return None;
    }
    if matches!(b.get(i), Some(b'e' | b'E')) {
        let mut j = i + 1;
        let sign = match b.get(j) {
            Some(b'-') => {
                j += 1;
                -1
            }
            Some(b'+') => {
                j += 1;
                1
            }
            _ => 1,
        };
        let start = j;
        let mut exp = 0i64;
        while let Some(&d) = b.get(j).filter(|d| d.is_ascii_digit()) {
            exp = (exp * 10 + i64::from(d - b'0')).min(1_000_000);
            j += 1;
        }
        if j > start {
            e += sign * exp;
        }
    }
    let m = if negative { -m } else { m };
    let d = Decimal {
        m,
        e: i32::try_from(e).ok()?,
    };
    // A number a double cannot hold is an error; one too small for it is zero.
    let f = d.to_f64();
    if !f.is_finite() {
        return None;
    }
    Some(if f == 0.0 { Decimal::int(0) } else { d })
}

/// `n` ASCII digits at the start of `s` (exactly `n`, or at least `n` when `at_least`), and
/// the rest.
fn digits(s: &str, n: usize, at_least: bool) -> Option<(i64, &str)> {
    let len = s.bytes().take_while(u8::is_ascii_digit).count();
    if len < n || (!at_least && len > n) || len > 9 {
        return None;
    }
    let (d, rest) = s.split_at(len);
    Some((d.parse().ok()?, rest))
}

fn is_leap(y: i64) -> bool {
    (y % 4 == 0 && y % 100 != 0) || y % 400 == 0
}

fn days_in_month(y: i64, m: u32) -> u32 {
    match m {
        2 if is_leap(y) => 29,
        2 => 28,
        4 | 6 | 9 | 11 => 30,
        _ => 31,
    }
}

/// A valid month string's year and month (2.3.5.1, "parse a month component"), then the rest.
fn month_component(s: &str) -> Option<(i64, u32, &str)> {
    let (y, rest) = digits(s, 4, true)?;
    let rest = rest.strip_prefix('-')?;
    let (m, rest) = digits(rest, 2, false)?;
    let m = u32::try_from(m).ok().filter(|m| (1..=12).contains(m))?;
    (y > 0).then_some((y, m, rest))
}

/// A valid month string (2.3.5.1): `YYYY-MM`, the year at least four digits and above 0.
fn parse_month(s: &str) -> Option<(i64, u32)> {
    let (y, m, rest) = month_component(s)?;
    rest.is_empty().then_some((y, m))
}

/// A valid date string (2.3.5.2): `YYYY-MM-DD`, the day within the month.
fn parse_date(s: &str) -> Option<(i64, u32, u32)> {
    let (y, m, rest) = month_component(s)?;
    let (d, rest) = digits(rest.strip_prefix('-')?, 2, false)?;
    let d = u32::try_from(d).ok()?;
    ((1..=days_in_month(y, m)).contains(&d) && rest.is_empty()).then_some((y, m, d))
}

/// A valid time string (2.3.5.4): `HH:MM`, then optionally `:SS` and `.` with one to three
/// digits of fraction; its number of milliseconds since midnight.
fn parse_time(s: &str) -> Option<i64> {
    let (h, rest) = digits(s, 2, false)?;
    let (min, rest) = digits(rest.strip_prefix(':')?, 2, false)?;
    if h > 23 || min > 59 {
        return None;
    }
    let mut ms = (h * 60 + min) * 60_000;
    if let Some(rest) = rest.strip_prefix(':') {
        let (sec, rest) = digits(rest, 2, false)?;
        if sec > 59 {
            return None;
        }
        ms += sec * 1_000;
        if let Some(fraction) = rest.strip_prefix('.') {
            if !(1..=3).contains(&fraction.len()) || !fraction.bytes().all(|b| b.is_ascii_digit()) {
                return None;
            }
            let padded = format!("{fraction:0<3}");
            ms += padded.parse::<i64>().ok()?;
        } else if !rest.is_empty() {
            return None;
        }
    } else if !rest.is_empty() {
        return None;
    }
    Some(ms)
}

/// A valid week string (2.3.5.8): `YYYY-Www`, the week from 1 to the year's number of
/// weeks (53 when the year starts on a Thursday, or on a Wednesday in a leap year).
fn parse_week(s: &str) -> Option<(i64, u32)> {
    let (y, rest) = digits(s, 4, true)?;
    let (w, rest) = digits(rest.strip_prefix("-W")?, 2, false)?;
    let jan1 = weekday(days_from_civil(y, 1, 1));
    let weeks = if jan1 == 3 || (jan1 == 2 && is_leap(y)) {
        53
    } else {
        52
    };
    let w = u32::try_from(w).ok()?;
    (y > 0 && (1..=weeks).contains(&w) && rest.is_empty()).then_some((y, w))
}

/// The days from 1970-01-01 to the given date of the proleptic Gregorian calendar.
fn days_from_civil(y: i64, m: u32, d: u32) -> i64 {
    let y = if m <= 2 { y - 1 } else { y };
    let era = y.div_euclid(400);
    let yoe = y - era * 400;
    let m = i64::from(m);
    let doy = (153 * (if m > 2 { m - 3 } else { m + 9 }) + 2) / 5 + i64::from(d) - 1;
    let doe = yoe * 365 + yoe / 4 - yoe / 100 + doy;
    era * 146_097 + doe - 719_468
}

/// The day of the week of a day from 1970-01-01: 0 for Monday to 6 for Sunday.
fn weekday(days: i64) -> i64 {
    // 1970-01-01 was a Thursday.
    (days + 3).rem_euclid(7)
}

/// The day (from 1970-01-01) of the Monday of week 1 of year `y`: the week with the year's
/// first Thursday.
fn week_one_monday(y: i64) -> i64 {
    let jan4 = days_from_civil(y, 1, 4);
    jan4 - weekday(jan4)
}

#[cfg(test)]
mod tests {
    use super::*;

    fn check(
        ty: &str,
        v: &str,
        min: Option<&str>,
        max: Option<&str>,
        step: Option<&str>,
    ) -> (bool, bool) {
        let c = constraints(NumericType::of(ty).unwrap(), v, min, max, step);
        (c.out_of_range, c.step_mismatch)
    }

    #[test]
    fn numbers_steps_in_decimal() {
        assert_eq!(
            check("number", "0.3", Some("0"), None, Some("0.1")),
            (false, false)
        );
        assert_eq!(
            check("number", "0.35", Some("0"), None, Some("0.1")),
            (false, true)
        );
        assert_eq!(check("number", "5", Some("1"), None, None), (false, false));
        assert_eq!(check("number", "1.5", Some("1"), None, None), (false, true));
        assert_eq!(
            check("number", "1.5", Some("1"), None, Some("any")),
            (false, false)
        );
        assert_eq!(
            check("number", "1.5", Some("1"), None, Some("0")),
            (false, true)
        );
        // Without a minimum the step base is the value attribute: no mismatch.
        assert_eq!(check("number", "1.5", None, None, None), (false, false));
        assert_eq!(
            check("number", "11", None, Some("10abc"), None),
            (true, false)
        );
        assert_eq!(
            check("number", " 11", None, Some("10"), None),
            (false, false)
        );
        assert_eq!(
            check("number", "1e400", None, Some("10"), None),
            (false, false)
        );
    }

    #[test]
    fn dates_and_times() {
        assert_eq!(parse_date("2024-02-29"), Some((2024, 2, 29)));
        assert_eq!(parse_date("2023-02-29"), None);
        assert_eq!(parse_date("0000-01-01"), None);
        assert_eq!(parse_date("12345-01-01"), Some((12345, 1, 1)));
        assert_eq!(parse_time("23:59:59.5"), Some(86_399_500));
        assert_eq!(parse_time("24:00"), None);
        assert_eq!(parse_time("12:00:00.1234"), None);
        assert_eq!(parse_week("2020-W53"), Some((2020, 53)));
        assert_eq!(parse_week("2021-W53"), None);
        assert_eq!(days_from_civil(1970, 1, 1), 0);
        assert_eq!(week_one_monday(1970), -3);
        assert_eq!(
            check("date", "2024-01-01", Some("2024-01-02"), None, None),
            (true, false)
        );
        assert_eq!(
            check("date", "2024-01-04", Some("2024-01-01"), None, Some("2")),
            (false, true)
        );
        assert_eq!(
            check("month", "2024-03", Some("2024-01"), None, Some("2")),
            (false, false)
        );
        assert_eq!(
            check("week", "2024-W03", None, Some("2024-W02"), None),
            (true, false)
        );
        assert_eq!(check("time", "12:00:30", None, None, None), (false, false));
        assert_eq!(
            check("time", "12:00:30", Some("12:00"), None, None),
            (false, true)
        );
        // A reversed time range: out of it only between max and min.
        assert_eq!(
            check("time", "23:00", Some("22:00"), Some("02:00"), None),
            (false, false)
        );
        assert_eq!(
            check("time", "12:00", Some("22:00"), Some("02:00"), None),
            (true, false)
        );
        assert_eq!(
            check(
                "datetime-local",
                "2024-01-01T10:00",
                Some("2024-01-01 11:00"),
                None,
                None
            ),
            (true, false)
        );
        assert_eq!(
            check("date", "2024-1-01", Some("2024-01-02"), None, None),
            (false, false)
        );
    }

    #[test]
    fn urls() {
        assert!(!url_mismatch(""));
        assert!(!url_mismatch(" https://example.com/ "));
        assert!(url_mismatch("/relative"));
        assert!(url_mismatch("example.com"));
        assert!(!url_mismatch("mailto:a@b"));
    }
}
