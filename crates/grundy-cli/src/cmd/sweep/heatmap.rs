//! `--heatmap FILE.png|FILE.svg`: the `--table` matrix drawn by
//! `grundy-pictures` (plotters for SVG, resvg for PNG), written to a
//! temporary file and renamed into place like every output file.

use std::path::Path;

use grundy_sweep::Table;

/// Whether `path` is a PNG (else SVG) heatmap file in an existing
/// directory: checked before the sweep, so that a heatmap that cannot be
/// written costs no sweep.
pub fn check(path: &Path) -> anyhow::Result<bool> {
    let ext =
        path.extension().and_then(|e| e.to_str()).map(str::to_ascii_lowercase);
    let png = match ext.as_deref() {
        Some("png") => true,
        Some("svg") => false,
        _ => anyhow::bail!(
            "--heatmap \"{}\": the file name must end in .png or .svg",
            path.display()
        ),
    };
    let dir = match path.parent() {
        Some(dir) if !dir.as_os_str().is_empty() => dir,
        _ => Path::new("."),
    };
    if !dir.is_dir() {
        anyhow::bail!(
            "--heatmap \"{}\": the directory \"{}\" does not exist; create it first",
            path.display(),
            dir.display()
        );
    }
    Ok(png)
}

/// Draws `t` to `path`; the extension picks PNG or SVG.
#[cfg(feature = "pictures")]
pub fn write(path: &Path, t: &Table) -> anyhow::Result<()> {
    let png = check(path)?;
    if t.rows.is_empty() || t.cols.is_empty() {
        anyhow::bail!("--heatmap: the table is empty, nothing to draw");
    }
    use grundy_pictures::heatmap::{HeatMap, Shade};
    use grundy_sweep::Cell;

    let shade = |c: &Cell| match c {
        Cell::Value(v) => Shade::Value(*v),
        Cell::NotFound | Cell::Error => Shade::Missing,
        Cell::Empty => Shade::Empty,
    };
    let map = HeatMap {
        row_label: t.row_label.clone(),
        col_label: t.col_label.clone(),
        value_label: t.value_label.clone(),
        rows: t.rows.clone(),
        cols: t.cols.clone(),
        cells: t.cells.iter().map(|r| r.iter().map(shade).collect()).collect(),
    };
    let bytes =
        if png { map.png() } else { map.svg().map(String::into_bytes) }
            .map_err(|e| anyhow::anyhow!("cannot draw the heatmap: {e}"))?;
    grundy_sweep::write_atomically(path, &bytes)?;
    crate::cmd::graph::report_written(
        path,
        if png { "heatmap png" } else { "heatmap svg" },
        bytes.len(),
    );
    Ok(())
}

/// Without the feature `pictures`: the sweep refuses `--heatmap` before it
/// starts (`Plan`), so this is never reached with rows to lose.
#[cfg(not(feature = "pictures"))]
pub fn write(_path: &Path, _t: &Table) -> anyhow::Result<()> {
    crate::features::require("--heatmap")
}
