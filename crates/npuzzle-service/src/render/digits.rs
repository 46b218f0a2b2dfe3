//! Tile numbers drawn as strokes, for pictures that are rasterised.
//!
//! A PNG or GIF is drawn from our own SVG by a rasteriser that has no text
//! stack and no fonts: the numbers are then paths, the same on every machine
//! whatever fonts it has installed, and the program carries no font file
//! (resvg's text support would bring a shaper and a font database, and a
//! font to embed). Only the ten digits are needed.
//!
//! Each digit is a stroke in a box [`WIDTH`] × [`HEIGHT`] units, y down,
//! drawn with round caps and joins; a number is its digits side by side,
//! [`ADVANCE`] apart, centred on a point and scaled to fit a tile.

use std::fmt::Write;

/// Width of a digit's box.
const WIDTH: f64 = 6.0;
/// Height of a digit's box.
const HEIGHT: f64 = 10.0;
/// From one digit's left edge to the next one's.
const ADVANCE: f64 = 8.5;
/// Width of the strokes, in the digits' units.
const STROKE: f64 = 1.3;

/// The strokes of 0 to 9 (SVG path data in the digit's box).
const GLYPHS: [&str; 10] = [
    "M3 0Q6 0 6 3V7Q6 10 3 10Q0 10 0 7V3Q0 0 3 0Z",
    "M1.2 2.2L3.5 0V10M1 10H6",
    "M0.3 2.5Q0.5 0 3 0Q6 0 6 2.8Q6 4.8 3.5 6.5L0 10H6",
    "M0.3 1Q1.5 0 3 0Q6 0 6 2.5Q6 5 2.6 5Q6 5 6 7.5Q6 10 3 10Q1.2 10 0 8.8",
    "M4.5 10V0L0 7H6",
    "M5.7 0H0.8L0.4 4.5Q1.5 3.8 3 3.8Q6 3.8 6 6.9Q6 10 3 10Q1 10 0.2 8.8",
    "M5.3 0.6Q4.4 0 3 0Q0 0 0 5V7Q0 10 3 10Q6 10 6 7Q6 4 3 4Q0 4 0 7",
    "M0 0H6L2 10",
    "M3 5Q0.3 5 0.3 2.5Q0.3 0 3 0Q5.7 0 5.7 2.5Q5.7 5 3 5Q0 5 0 7.5Q0 10 3 10Q6 10 6 7.5Q6 5 3 5Z",
    "M0.7 9.4Q1.6 10 3 10Q6 10 6 5V3Q6 0 3 0Q0 0 0 3Q0 6 3 6Q6 6 6 3",
];

/// An SVG group drawing `number` centred on `(x, y)`, its digits `height`
/// tall (narrower when the number would be wider than `max_width`), one
/// `<path>` per digit.
pub fn number_paths(number: usize, x: f64, y: f64, height: f64, max_width: f64, colour: &str) -> String {
    let text = number.to_string();
    let width = ADVANCE * (text.len() as f64 - 1.0) + WIDTH;
    let scale = (height / HEIGHT).min(max_width / width);
    let (left, top) = (x - width * scale / 2.0, y - HEIGHT * scale / 2.0);
    let mut svg = format!(
        r##"<g class="number" transform="translate({left:.2},{top:.2}) scale({scale:.4})" fill="none" stroke="{colour}" stroke-width="{STROKE}" stroke-linecap="round" stroke-linejoin="round">"##
    );
    for (i, digit) in text.bytes().enumerate() {
        // `to_string` of a number writes only ASCII digits.
        let glyph = GLYPHS[usize::from(digit - b'0')];
        let dx = i as f64 * ADVANCE;
        let _ = write!(svg, r#"<path transform="translate({dx},0)" d="{glyph}"/>"#);
    }
    svg.push_str("</g>");
    svg
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_glyph_stays_in_its_box() {
        for glyph in GLYPHS {
            for part in glyph.split(|c: char| c.is_ascii_alphabetic() || c == ' ') {
                if let Ok(value) = part.parse::<f64>() {
                    assert!((0.0..=HEIGHT).contains(&value), "{glyph}: {value}");
                }
            }
        }
    }

    #[test]
    fn a_number_has_a_path_per_digit_and_fits_its_width() {
        let svg = number_paths(1023, 32.0, 32.0, 20.0, 40.0, "#222");
        let doc = roxmltree::Document::parse(&svg).unwrap();
        let paths: Vec<_> = doc.descendants().filter(|n| n.has_tag_name("path")).collect();
        assert_eq!(paths.len(), 4);
        assert_eq!(paths[2].attribute("d"), Some(GLYPHS[2]));
        // Four digits are 31.5 units wide: scaled to 40 wide, not 20 tall.
        let scale = 40.0 / 31.5;
        let group = doc.root_element().attribute("transform").unwrap();
        assert_eq!(group, format!("translate(12.00,25.65) scale({scale:.4})"));
    }
}
