//! SVG to PNG in-process, with resvg and a bundled font.
//!
//! Both kinds of picture are drawn as SVG first (`graph.rs`, `plot.rs`);
//! PNG is the same drawing rasterised by `resvg`, so no external `dot` or
//! system font is needed. Text is set in DejaVu Sans, bundled in
//! `assets/` (Bitstream Vera licence, which allows bundling with software;
//! the licence text is `assets/LICENSE-DejaVu.txt`), and used for every
//! generic family.

use resvg::{tiny_skia, usvg};

use crate::error::{Error, ErrorKind, Result};

/// DejaVu Sans, the font of every picture's text.
pub static FONT: &[u8] = include_bytes!("../assets/DejaVuSans.ttf");

/// The family name of [`FONT`].
pub const FONT_FAMILY: &str = "DejaVu Sans";

/// The most pixels a PNG picture may have: four bytes each while it is
/// drawn (160 MB), and about as much again to encode it. A graph of a
/// hexadecimal game laid out 7812 x 57052 pixels once took 3.5 GB and
/// then aborted.
pub const MAX_PIXELS: u64 = 40_000_000;

/// Rasterises an SVG document at `scale` (1.0 = its own pixel size).
///
/// Fails only if `svg` is not valid SVG ([`ErrorKind::Svg`]), the picture
/// has no area ([`ErrorKind::Empty`]) or is too large to allocate
/// ([`ErrorKind::TooLarge`]), or the encoder fails
/// ([`ErrorKind::Encode`]); the message says which.
pub fn svg_to_png(svg: &str, scale: f32) -> Result<Vec<u8>> {
    let mut options = usvg::Options {
        font_family: FONT_FAMILY.to_string(),
        ..usvg::Options::default()
    };
    let fonts = options.fontdb_mut();
    fonts.load_font_data(FONT.to_vec());
    fonts.set_serif_family(FONT_FAMILY);
    fonts.set_sans_serif_family(FONT_FAMILY);
    fonts.set_monospace_family(FONT_FAMILY);
    let tree = usvg::Tree::from_str(svg, &options).map_err(|e| {
        Error::new(ErrorKind::Svg, format!("cannot read the drawing: {e}"))
    })?;
    let size = tree.size().to_int_size().scale_by(scale).ok_or_else(|| {
        Error::new(
            ErrorKind::Empty,
            "the picture has no area; nothing to draw",
        )
    })?;
    let pixels = u64::from(size.width()) * u64::from(size.height());
    if pixels > MAX_PIXELS {
        return Err(Error::new(
            ErrorKind::TooLarge,
            format!(
                "a {}x{} PNG picture is too large to draw (at most {} \
                 million pixels); lower the scale, draw less, or write SVG",
                size.width(),
                size.height(),
                MAX_PIXELS / 1_000_000
            ),
        ));
    }
    let mut pixmap = tiny_skia::Pixmap::new(size.width(), size.height())
        .ok_or_else(|| {
            Error::new(
                ErrorKind::TooLarge,
                format!(
                    "a {}x{} picture is too large to draw",
                    size.width(),
                    size.height()
                ),
            )
        })?;
    pixmap.fill(tiny_skia::Color::WHITE);
    resvg::render(
        &tree,
        tiny_skia::Transform::from_scale(scale, scale),
        &mut pixmap.as_mut(),
    );
    pixmap.encode_png().map_err(|e| {
        Error::new(ErrorKind::Encode, format!("cannot encode PNG: {e}"))
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn renders_text_with_the_bundled_font() {
        let svg = r#"<svg width="60" height="20" xmlns="http://www.w3.org/2000/svg"><text x="2" y="15" font-family="serif" font-size="14">g=0</text></svg>"#;
        let png = svg_to_png(svg, 1.0).unwrap();
        assert_eq!(&png[1..4], b"PNG");
        // Some pixels are dark: the text was drawn, not dropped for want
        // of a font.
        let blank = r#"<svg width="60" height="20" xmlns="http://www.w3.org/2000/svg"></svg>"#;
        assert_ne!(png, svg_to_png(blank, 1.0).unwrap());
    }

    #[test]
    fn huge_pictures_are_refused_before_drawing() {
        let svg = r#"<svg width="8000" height="6000" xmlns="http://www.w3.org/2000/svg"></svg>"#;
        let e = svg_to_png(svg, 1.0).unwrap_err();
        assert_eq!(e.kind(), ErrorKind::TooLarge);
        assert_eq!(
            e.to_string(),
            "a 8000x6000 PNG picture is too large to draw (at most 40 \
             million pixels); lower the scale, draw less, or write SVG"
        );
        assert!(svg_to_png(svg, 0.5).is_ok());
    }

    #[test]
    fn bad_svg_is_an_error() {
        let e = svg_to_png("not svg", 1.0).unwrap_err();
        assert_eq!(e.kind(), ErrorKind::Svg);
        let empty = r#"<svg width="0" height="10" xmlns="http://www.w3.org/2000/svg"></svg>"#;
        assert!(svg_to_png(empty, 1.0).is_err());
    }
}
