//! The buffer of cells every position engine writes into: the last cells
//! a new one depends on (the window, and as many older ones as a caller
//! asked to keep), room for the new cells after them, and the "absent"
//! cell before position 0. The room is allocated as the cells come (at
//! first [`FIRST_ROOM`] cells, doubling), so a small search touches a few
//! pages, not the whole room (issue 34: a 64 KiB buffer zeroed up front
//! was 16 of the page faults `grundy period 2,3,5` has more than
//! `grundy --version`). When the whole room is full, the kept cells are
//! copied down to the start (compaction), so memory stays O(window +
//! room) however far the engine goes. The block, wide and sliding engines
//! differ only in how they fill new cells; this is the rest, written once.

/// The room a buffer starts with, in cells (see the module comment).
const FIRST_ROOM: usize = 1 << 12;

/// A sliding buffer of cells (see the module comment).
#[derive(Clone, Debug)]
pub(crate) struct Cells<C> {
    buf: Vec<C>,
    /// Cells in use: the kept ones and those generated since.
    len: usize,
    /// How many old cells compaction keeps (at least `least_kept`).
    keep: usize,
    /// The fewest cells an engine needs behind a new one.
    least_kept: usize,
    /// The most new cells between compactions.
    room: usize,
    absent: C,
    position: u64,
}

impl<C: Copy> Cells<C> {
    /// A buffer that keeps `least_kept` cells behind the next one (absent
    /// cells at first), with room for `room` new cells between
    /// compactions.
    pub(crate) fn new(least_kept: usize, room: usize, absent: C) -> Self {
        Cells {
            buf: vec![absent; least_kept + room.min(FIRST_ROOM)],
            len: least_kept,
            keep: least_kept,
            least_kept,
            room,
            absent,
            position: 0,
        }
    }

    /// The next position (how many cells were generated).
    pub(crate) fn position(&self) -> u64 {
        self.position
    }

    /// Keeps at least `cells` old cells from now on (before generating).
    pub(crate) fn retain(&mut self, cells: usize) {
        assert_eq!(self.position, 0, "retain before generating");
        self.keep = cells.max(self.least_kept);
        self.buf = vec![self.absent; self.keep + self.room.min(FIRST_ROOM)];
        self.len = self.keep;
    }

    /// The most cells one call to `open` may ask for.
    pub(crate) fn max_advance(&self) -> usize {
        self.room
    }

    /// Makes room for `count` new cells and returns the buffer with the
    /// index of the first new one: the engine fills `[start, start +
    /// count)` from the cells before, then calls [`Cells::close`].
    pub(crate) fn open(&mut self, count: usize) -> (&mut [C], usize) {
        assert!(count <= self.max_advance(), "advance beyond buffer");
        let full = self.keep + self.room;
        if self.len + count > self.buf.len() && self.buf.len() < full {
            let grown = (self.len + count).max(2 * self.buf.len()).min(full);
            self.buf.resize(grown, self.absent);
        }
        if self.len + count > self.buf.len() {
            let start = self.len - self.keep;
            self.buf.copy_within(start..self.len, 0);
            self.len = self.keep;
        }
        let start = self.len;
        (&mut self.buf[..start + count], start)
    }

    /// Takes the `count` cells filled after [`Cells::open`] and returns the
    /// cells in use.
    pub(crate) fn close(&mut self, count: usize) -> &[C] {
        self.len += count;
        self.position += count as u64;
        &self.buf[..self.len]
    }

    /// The cells in use: at least the kept ones, the newest last.
    pub(crate) fn cells(&self) -> &[C] {
        &self.buf[..self.len]
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn compaction_keeps_the_last_cells() {
        let mut cells = Cells::new(3, 4, u32::MAX);
        let mut next = 0u32;
        for count in [4usize, 3, 4, 1, 4, 2] {
            let (buf, start) = cells.open(count);
            for cell in &mut buf[start..start + count] {
                *cell = next;
                next += 1;
            }
            let all = cells.close(count);
            // The newest cells are the last `count`, in order, after at
            // least three older ones (absent before position 0).
            let n = all.len();
            assert!(n >= 3 + count);
            let want: Vec<u32> = (0..3 + count as i64)
                .map(|k| {
                    let v = i64::from(next) - 3 - count as i64 + k;
                    if v < 0 { u32::MAX } else { v as u32 }
                })
                .collect();
            assert_eq!(&all[n - 3 - count..], want.as_slice());
        }
        assert_eq!(cells.position(), 18);
    }

    #[test]
    fn the_room_grows_to_its_limit_then_compacts() {
        let room = 3 * FIRST_ROOM;
        let mut cells = Cells::new(5, room, u16::MAX);
        assert_eq!(cells.buf.len(), 5 + FIRST_ROOM);
        let mut next = 0u16;
        for count in [FIRST_ROOM, 7, room, 1, room] {
            let (buf, start) = cells.open(count);
            for cell in &mut buf[start..start + count] {
                *cell = next;
                next = next.wrapping_add(1);
            }
            let all = cells.close(count).to_vec();
            assert!(cells.buf.len() <= 5 + room);
            // The window before the new cells is intact.
            let n = all.len();
            let end = cells.position() as i64;
            for (k, &cell) in all[n - count - 5..].iter().enumerate() {
                let at = end - (count + 5 - k) as i64;
                let want = if at < 0 {
                    u16::MAX
                } else {
                    at.rem_euclid(1 << 16) as u16
                };
                assert_eq!(cell, want, "count {count}, cell {k}");
            }
        }
        assert_eq!(cells.buf.len(), 5 + room);
    }
}
