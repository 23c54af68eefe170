//! The interface between sequence generators and the period detector.
//!
//! A [`Source`] produces the cells of a self-determined sequence in order:
//! the cell at n is a function of the cells at n - m .. n - 1 only (m is the
//! window), and positions before 0 are a fixed "absent" cell. That is all
//! the detector in `period.rs` needs: the window at n determines everything
//! after n, so two equal windows prove a period.

/// A generator of cells, keeping at least the last `window()` of them.
pub trait Source {
    /// The cell type: compared for equality (as bytes, too), never
    /// interpreted here.
    type Cell: Copy + Eq + std::fmt::Debug;

    /// m: the cell at n depends only on the m cells before it.
    fn window(&self) -> usize;

    /// How many positions have been generated so far (the next position).
    fn position(&self) -> u64;

    /// Generates `count` more cells and returns the buffer: the new cells
    /// are its last `count` entries, preceded by at least `window()` older
    /// ones (absent cells before position 0).
    ///
    /// `count` must be at most [`Source::max_advance`].
    fn advance(&mut self, count: usize) -> &[Self::Cell];

    /// Keeps at least `cells` old cells (not just the window) in the
    /// buffer from now on. Call before generating.
    fn retain(&mut self, cells: usize);

    /// The most cells one call to `advance` may produce.
    fn max_advance(&self) -> usize;

    /// The cells to generate per call so that a call costs about the
    /// same whatever the set: a cell costs O(|S|), and a caller checks its
    /// budget between calls.
    fn chunk(&self) -> usize {
        let per_call = (1usize << 24) / self.moves().max(1);
        self.max_advance().min(1 << 16).min(per_call.max(16))
    }

    /// |S|: the moves each cell looks at.
    fn moves(&self) -> usize;

    /// The current contents of the buffer (the same slice `advance` gave).
    fn buffer(&self) -> &[Self::Cell];

    /// The largest value (as [`Source::value`] reads it) generated so far,
    /// 0 before any.
    fn max_value(&self) -> u64;

    /// The number a cell stands for: the Grundy value, or for outcome
    /// sources 0 for P and 1 for N.
    fn value(cell: Self::Cell) -> u64;
}
