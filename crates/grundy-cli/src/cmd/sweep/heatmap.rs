//! `--heatmap FILE.png|FILE.svg`: a `--table` matrix drawn with plotters
//! (SVG), rasterised for PNG by `grundy-pictures` (resvg).
//!
//! Each cell is a square coloured from blue (the smallest value) to red
//! (the largest); grey marks a set not found within the budget or an
//! error, white no set. Written to a temporary file and renamed into
//! place, like every output file.

use std::path::Path;

use anyhow::bail;
use grundy::sweep::{Cell, Table};
use plotters::coord::Shift;
use plotters::prelude::*;

/// Draws `t` to `path`; the extension picks PNG or SVG.
pub fn write(path: &Path, t: &Table) -> anyhow::Result<()> {
    let ext =
        path.extension().and_then(|e| e.to_str()).map(str::to_ascii_lowercase);
    let ext = match ext.as_deref() {
        Some(e @ ("png" | "svg")) => e.to_string(),
        _ => bail!(
            "--heatmap \"{}\": the file name must end in .png or .svg",
            path.display()
        ),
    };
    if t.rows.is_empty() || t.cols.is_empty() {
        bail!("--heatmap: the table is empty, nothing to draw");
    }
    let cell = (900 / t.cols.len().max(t.rows.len())).clamp(4, 24) as u32;
    let size = (
        (t.cols.len() as u32 * cell + 140).max(420),
        (t.rows.len() as u32 * cell + 120).max(320),
    );
    // Drawn as SVG in memory; PNG is that SVG rasterised by resvg with
    // the bundled font (as for `grundy plot`), so no system font library
    // is needed.
    let mut svg = String::new();
    {
        let root = SVGBackend::with_string(&mut svg, size).into_drawing_area();
        draw(&root, t)
            .and_then(|()| root.present().map_err(|e| e.to_string()))
            .map_err(|e| anyhow::anyhow!("cannot draw the heatmap: {e}"))?;
    }
    let bytes = if ext == "png" {
        grundy_pictures::png::svg_to_png(&svg, 1.0)
            .map_err(|e| anyhow::anyhow!("cannot draw the heatmap: {e}"))?
    } else {
        svg.into_bytes()
    };
    super::journal::write_atomically(path, &bytes)
}

fn draw<DB: DrawingBackend>(
    root: &DrawingArea<DB, Shift>,
    t: &Table,
) -> Result<(), String> {
    let err = |e: DrawingAreaErrorKind<DB::ErrorType>| e.to_string();
    root.fill(&WHITE).map_err(err)?;
    let values: Vec<i64> = t
        .cells
        .iter()
        .flatten()
        .filter_map(|c| match c {
            Cell::Value(v) => Some(*v),
            _ => None,
        })
        .collect();
    let lo = values.iter().copied().min().unwrap_or(0);
    let hi = values.iter().copied().max().unwrap_or(0);
    let x = (t.cols[0] as f64 - 0.5)..(*t.cols.last().unwrap() as f64 + 0.5);
    let y = (t.rows[0] as f64 - 0.5)..(*t.rows.last().unwrap() as f64 + 0.5);
    let mut chart = ChartBuilder::on(root)
        .caption(
            format!(
                "{} by {} (down) and {} (across): {lo} (blue) .. {hi} (red)",
                t.value_label, t.row_label, t.col_label
            ),
            ("sans-serif", 16),
        )
        .margin(12)
        .x_label_area_size(36)
        .y_label_area_size(44)
        .build_cartesian_2d(x, y)
        .map_err(err)?;
    chart
        .configure_mesh()
        .disable_mesh()
        .x_desc(&t.col_label)
        .y_desc(&t.row_label)
        .draw()
        .map_err(err)?;
    let colour = |c: Cell| -> RGBColor {
        match c {
            Cell::Value(v) => {
                let f = if hi > lo {
                    (v - lo) as f64 / (hi - lo) as f64
                } else {
                    0.5
                };
                let HSLColor(h, s, l) = HSLColor((1.0 - f) * 0.66, 0.85, 0.5);
                hsl_to_rgb(h, s, l)
            }
            Cell::NotFound | Cell::Error => RGBColor(150, 150, 150),
            Cell::Empty => WHITE,
        }
    };
    let squares = t.rows.iter().zip(&t.cells).flat_map(|(&r, cells)| {
        t.cols.iter().zip(cells).map(move |(&c, &cell)| {
            let (r, c) = (r as f64, c as f64);
            Rectangle::new(
                [(c - 0.5, r - 0.5), (c + 0.5, r + 0.5)],
                colour(cell).filled(),
            )
        })
    });
    chart.draw_series(squares).map_err(err)?;
    Ok(())
}

fn hsl_to_rgb(h: f64, s: f64, l: f64) -> RGBColor {
    let (r, g, b) = HSLColor(h, s, l).rgb();
    RGBColor(r, g, b)
}
