//! Writing records: JSON Lines in the library's `{"type": T, "data": {…}}`
//! envelope (the schema is `npuzzle::record`, shared with the web server and
//! the Python package), and the human text beside them.

use std::io::Write;

use anyhow::Result;

/// Writes `record` as one JSON line.
pub fn write_json_line(out: &mut impl Write, record: &(impl serde::Serialize + ?Sized)) -> Result<()> {
    serde_json::to_writer(&mut *out, record)?;
    out.write_all(b"\n")?;
    Ok(())
}

/// Said once under the first moves a run shows: which way `u d l r` go.
pub const MOVES_LEGEND: &str = "(u d l r move the blank up, down, left, right)";

/// The same, for moves printed in the tiles' notation (`--notation tiles`).
pub const TILE_MOVES_LEGEND: &str = "(U D L R move a tile up, down, left, right; a number after one repeats it)";
