//! Rows in family order, from workers that finish in any order.
//!
//! The runner pushes rows as they finish; a file or a terminal wants them
//! in the family's order. [`InOrder`] holds the lines that arrive early
//! and writes each as soon as every earlier row of the shard is out, so
//! the output streams without waiting for the end and never holds more
//! than the rows that overtook a slow one.

use std::collections::BTreeMap;
use std::io::{self, Write};

use crate::shard::Members;

/// Lines of one shard, written in index order.
pub(crate) struct InOrder<'a> {
    out: &'a mut dyn Write,
    members: Members,
    /// How many of the shard's rows are out.
    written: u64,
    pending: BTreeMap<u64, String>,
}

impl<'a> InOrder<'a> {
    /// Writes `header` and waits for the shard's first row.
    pub(crate) fn new(
        out: &'a mut dyn Write,
        header: &str,
        members: Members,
    ) -> InOrder<'a> {
        // A failed header write shows up again on the first row.
        let _ = out.write_all(header.as_bytes());
        InOrder { out, members, written: 0, pending: BTreeMap::new() }
    }

    /// Takes the line of row `index`; writes it and every waiting line
    /// after it that is now in order.
    pub(crate) fn push(&mut self, index: u64, line: String) -> io::Result<()> {
        self.pending.insert(index, line);
        while let Some(next) = self.members.nth(self.written)
            && let Some(line) = self.pending.remove(&next)
        {
            self.out.write_all(line.as_bytes())?;
            self.out.write_all(b"\n")?;
            self.written += 1;
        }
        Ok(())
    }

    pub(crate) fn flush(&mut self) -> io::Result<()> {
        self.out.flush()
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn early_lines_wait_for_the_ones_before() {
        let mut out = Vec::new();
        let shard = Members::RoundRobin(crate::Shard { index: 1, count: 3 });
        let mut o = InOrder::new(&mut out, "h\n", shard);
        o.push(7, "7".into()).unwrap();
        o.push(4, "4".into()).unwrap();
        o.push(1, "1".into()).unwrap();
        o.push(10, "10".into()).unwrap();
        o.flush().unwrap();
        assert_eq!(String::from_utf8(out).unwrap(), "h\n1\n4\n7\n10\n");
    }

    #[test]
    fn listed_shards_go_in_their_order() {
        let mut out = Vec::new();
        let shard = Members::Listed(vec![0, 5, 6, 9].into());
        let mut o = InOrder::new(&mut out, "h\n", shard);
        o.push(6, "6".into()).unwrap();
        o.push(5, "5".into()).unwrap();
        o.push(0, "0".into()).unwrap();
        o.push(9, "9".into()).unwrap();
        o.flush().unwrap();
        assert_eq!(String::from_utf8(out).unwrap(), "h\n0\n5\n6\n9\n");
    }
}
