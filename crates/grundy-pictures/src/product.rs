//! The multiplication table of a finite commutative monoid drawn as a
//! coloured grid: a misère quotient's table (Plambeck and Siegel, "Misère
//! quotients for impartial games", 2008), as `grundy quotient --heatmap`
//! and the web explorer's quotient view show it.
//!
//! Row x, column y is the square of x * y, coloured by that element (one
//! hue per element, spread by the golden angle so that neighbours in the
//! list differ), and outlined in black when x * y lies in the P-portion:
//! a sum whose heaps multiply to it is a misère P-position. The element
//! names label the rows and columns while there is room for them. Drawn
//! with plotters as SVG; [`ProductTable::png`] rasterises it with resvg.

use plotters::coord::Shift;
use plotters::prelude::*;
use plotters::style::text_anchor::{HPos, Pos, VPos};

use crate::error::{Error, ErrorKind, Result};

/// The largest order drawn: a table of n^2 squares, 65,536 at order 256
/// (about 6 MB of SVG). A larger table is refused with
/// [`ErrorKind::TooLarge`]; its CSV has no such limit.
pub const MAX_ORDER: usize = 256;

/// A multiplication table to draw.
///
/// ```
/// use grundy_pictures::product::ProductTable;
/// // Z2 = <a | a2=1>, P-portion {a}: the quotient of 0.1 (misère Nim on
/// // heaps of size 1).
/// let t = ProductTable {
///     title: "misère quotient of 0.1".into(),
///     elements: vec!["1".into(), "a".into()],
///     products: vec![vec![0, 1], vec![1, 0]],
///     p_portion: vec![false, true],
/// };
/// let svg = t.svg()?;
/// assert!(svg.starts_with("<svg") && svg.contains("0.1"));
/// assert!(t.png()?.starts_with(b"\x89PNG"));
/// # Ok::<(), grundy_pictures::Error>(())
/// ```
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct ProductTable {
    /// The line above the grid.
    pub title: String,
    /// The elements' names, in the order of the rows and columns.
    pub elements: Vec<String>,
    /// `products[x][y]`: the index in `elements` of x * y.
    pub products: Vec<Vec<usize>>,
    /// `p_portion[z]`: whether element z lies in the P-portion.
    pub p_portion: Vec<bool>,
}

/// Room left of and above the grid for the element names.
const LABELS: u32 = 56;
/// Margin around the picture, and room for the title and the key.
const MARGIN: u32 = 16;
const TITLE: u32 = 28;
const KEY: u32 = 36;

impl ProductTable {
    /// The drawing as SVG text. Fails on an empty table or one whose rows
    /// or entries do not match `elements` ([`ErrorKind::Empty`],
    /// [`ErrorKind::Draw`]), above [`MAX_ORDER`] elements
    /// ([`ErrorKind::TooLarge`]), or if plotters fails.
    pub fn svg(&self) -> Result<String> {
        let n = self.elements.len();
        if n == 0 {
            return Err(Error::new(
                ErrorKind::Empty,
                "the table is empty, nothing to draw",
            ));
        }
        if n > MAX_ORDER {
            return Err(Error::new(
                ErrorKind::TooLarge,
                format!(
                    "the quotient has order {n}; a picture of its table is drawn up to order {MAX_ORDER} (the CSV format writes any table)"
                ),
            ));
        }
        let well_formed = self.p_portion.len() == n
            && self.products.len() == n
            && self
                .products
                .iter()
                .all(|row| row.len() == n && row.iter().all(|&z| z < n));
        if !well_formed {
            return Err(Error::new(
                ErrorKind::Draw,
                format!(
                    "the table's rows and entries must name its {n} elements"
                ),
            ));
        }
        let cell = (720 / n as u32).clamp(3, 32);
        let side = n as u32 * cell;
        let size = (
            (2 * MARGIN + LABELS + side).max(360),
            2 * MARGIN + TITLE + LABELS + side + KEY,
        );
        let mut svg = String::new();
        {
            let root =
                SVGBackend::with_string(&mut svg, size).into_drawing_area();
            draw(&root, self, cell)
                .and_then(|()| root.present().map_err(|e| e.to_string()))
                .map_err(|e| Error::new(ErrorKind::Draw, e))?;
        }
        Ok(svg)
    }

    /// The drawing as PNG bytes (the SVG rasterised, scale 1).
    pub fn png(&self) -> Result<Vec<u8>> {
        crate::png::svg_to_png(&self.svg()?, 1.0)
    }
}

/// Element `z`'s colour: hues a golden angle apart, light enough for the
/// black outline of the P-portion to show.
fn colour(z: usize) -> HSLColor {
    let hue = (z as f64 * 0.381_966_011_250_105).fract();
    HSLColor(hue, 0.55, if z.is_multiple_of(2) { 0.72 } else { 0.6 })
}

fn draw<DB: DrawingBackend>(
    root: &DrawingArea<DB, Shift>,
    t: &ProductTable,
    cell: u32,
) -> std::result::Result<(), String> {
    let err = |e: DrawingAreaErrorKind<DB::ErrorType>| e.to_string();
    root.fill(&WHITE).map_err(err)?;
    let n = t.elements.len();
    let (left, top) =
        ((MARGIN + LABELS) as i32, (MARGIN + TITLE + LABELS) as i32);
    let c = cell as i32;
    root.draw(&Text::new(
        t.title.clone(),
        (MARGIN as i32, MARGIN as i32),
        ("sans-serif", 16).into_font(),
    ))
    .map_err(err)?;
    for (x, row) in t.products.iter().enumerate() {
        for (y, &z) in row.iter().enumerate() {
            let (x0, y0) = (left + y as i32 * c, top + x as i32 * c);
            let square = [(x0, y0), (x0 + c, y0 + c)];
            root.draw(&Rectangle::new(square, colour(z).filled()))
                .map_err(err)?;
            if t.p_portion[z] {
                let inner = [(x0 + 1, y0 + 1), (x0 + c - 1, y0 + c - 1)];
                let width = if c >= 12 { 2 } else { 1 };
                root.draw(&Rectangle::new(inner, BLACK.stroke_width(width)))
                    .map_err(err)?;
            }
        }
    }
    // Names every `step`-th row and column, as many as the font allows.
    let font = (c - 2).clamp(6, 13);
    let step = (font as usize + 2).div_ceil(c as usize).max(1);
    let style = TextStyle::from(("sans-serif", font).into_font());
    for i in (0..n).step_by(step) {
        let name = &t.elements[i];
        let middle = i as i32 * c + c / 2;
        let across = style.clone().pos(Pos::new(HPos::Center, VPos::Bottom));
        root.draw(&Text::new(name.clone(), (left + middle, top - 4), across))
            .map_err(err)?;
        let down = style.clone().pos(Pos::new(HPos::Right, VPos::Center));
        root.draw(&Text::new(name.clone(), (left - 4, top + middle), down))
            .map_err(err)?;
    }
    let key_y = top + n as i32 * c + 12;
    let swatch = [(left, key_y), (left + 14, key_y + 14)];
    root.draw(&Rectangle::new(swatch, colour(1).filled())).map_err(err)?;
    root.draw(&Rectangle::new(
        [(left + 1, key_y + 1), (left + 13, key_y + 13)],
        BLACK.stroke_width(2),
    ))
    .map_err(err)?;
    let key = TextStyle::from(("sans-serif", 12).into_font())
        .pos(Pos::new(HPos::Left, VPos::Center));
    root.draw(&Text::new(
        "row x, column y: x*y, one colour an element; outlined: in the P-portion".to_string(),
        (left + 20, key_y + 7),
        key,
    ))
    .map_err(err)?;
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Z2 = <a | a2=1> with P-portion {a}, the quotient of misère Nim on
    /// heaps of size 1 (Plambeck, "Taming the wild in impartial
    /// combinatorial games", 2005), written out by hand.
    fn z2() -> ProductTable {
        ProductTable {
            title: "Z2".into(),
            elements: vec!["1".into(), "a".into()],
            products: vec![vec![0, 1], vec![1, 0]],
            p_portion: vec![false, true],
        }
    }

    #[test]
    fn one_square_a_product_and_an_outline_a_p_product() {
        let svg = z2().svg().unwrap();
        // 4 squares, 2 of them (1*a, a*1) in the P-portion, plus the key's
        // swatch and its outline.
        let filled = svg.matches("<rect").count();
        assert!(filled >= 4 + 2 + 2, "{filled} rects");
        let outlines = svg.matches("stroke=\"#000000\"").count();
        assert_eq!(outlines, 2 + 1, "{svg}");
    }

    #[test]
    fn bad_tables_are_refused_with_their_reason() {
        let mut t = z2();
        t.products[1][1] = 2;
        assert_eq!(t.svg().unwrap_err().kind(), ErrorKind::Draw);
        let big = ProductTable {
            title: String::new(),
            elements: (0..=MAX_ORDER).map(|i| i.to_string()).collect(),
            products: vec![],
            p_portion: vec![],
        };
        let e = big.svg().unwrap_err();
        assert_eq!(e.kind(), ErrorKind::TooLarge);
        assert!(e.to_string().contains("order 257"), "{e}");
        let empty = ProductTable {
            elements: vec![],
            products: vec![],
            p_portion: vec![],
            ..z2()
        };
        assert_eq!(empty.svg().unwrap_err().kind(), ErrorKind::Empty);
    }
}
