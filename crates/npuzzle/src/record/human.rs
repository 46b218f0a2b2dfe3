//! Numbers and texts as a person reads them, for the human output beside the records.

use std::time::Duration;

/// A duration in µs, ms or s.
///
/// ```
/// use npuzzle::record::human_duration;
/// use std::time::Duration;
/// assert_eq!(human_duration(Duration::from_micros(420)), "420 µs");
/// assert_eq!(human_duration(Duration::from_micros(3_300)), "3.30 ms");
/// assert_eq!(human_duration(Duration::from_millis(49_300)), "49.30 s");
/// ```
pub fn human_duration(d: Duration) -> String {
    let s = d.as_secs_f64();
    if s < 1e-3 {
        format!("{:.0} µs", s * 1e6)
    } else if s < 1.0 {
        format!("{:.2} ms", s * 1e3)
    } else {
        format!("{s:.2} s")
    }
}

/// A byte count in B, KiB, MiB, GiB or TiB.
///
/// ```
/// use npuzzle::record::human_bytes;
/// assert_eq!(human_bytes(81), "81 B");
/// assert_eq!(human_bytes(45_360), "44.3 KiB");
/// ```
pub fn human_bytes(b: u64) -> String {
    const UNITS: [&str; 5] = ["B", "KiB", "MiB", "GiB", "TiB"];
    let mut v = b as f64;
    let mut unit = 0;
    while v >= 1024.0 && unit + 1 < UNITS.len() {
        v /= 1024.0;
        unit += 1;
    }
    if unit == 0 {
        format!("{b} B")
    } else {
        format!("{v:.1} {}", UNITS[unit])
    }
}

/// `text` on one line of at most `max` characters: white space runs folded to
/// one space, control characters shown as `?`, an ellipsis where it was cut.
pub(crate) fn one_line(text: &str, max: usize) -> String {
    let flat = text.split_whitespace().collect::<Vec<_>>().join(" ");
    let mut shown: String = flat
        .chars()
        .take(max)
        .map(|c| if c.is_control() { '?' } else { c })
        .collect();
    if flat.chars().count() > max {
        shown.push('…');
    }
    shown
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn long_unreadable_input_is_cut_to_one_line() {
        let long = "1 ".repeat(100);
        let shown = one_line(&long, 80);
        assert_eq!(shown.chars().count(), 81);
        assert!(shown.ends_with('…'));
        assert_eq!(one_line("a\tb\n\u{1}", 80), "a b ?");
    }
}
