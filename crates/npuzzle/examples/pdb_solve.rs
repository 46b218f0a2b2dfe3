//! Solves Korf's first five 15-puzzle instances with IDA* on pattern
//! databases through the generic `Heuristic` trait, and checks the lengths
//! against the published optima: an end-to-end check of admissibility (an
//! estimate too high would make IDA* return a longer path) and a measure of
//! lookups per second. With `6-6-6-6` it solves random 24-puzzle boards and
//! checks the lengths against IDA* with linear conflicts.
//!
//! ```sh
//! cargo run --release -p npuzzle --example pdb_build -- 4x4 blank-first 7-8 /tmp/pdb
//! cargo run --release -p npuzzle --example pdb_solve -- /tmp/pdb [PARTITION]
//! ```

use std::path::PathBuf;
use std::time::Instant;

use npuzzle::heuristic::pdb::{AdditivePdb, PdbSpec};
use npuzzle::heuristic::{Heuristic, LinearConflict};
use npuzzle::{Board, Goal, Move, Shape};

/// Korf (1985), instances 1–5, with their optimal lengths.
const KORF: [(&str, usize); 5] = [
    ("14 13 15 7 11 12 9 5 6 0 2 1 4 8 10 3", 57),
    ("13 5 4 10 9 12 8 14 2 3 7 1 0 15 11 6", 55),
    ("14 7 8 2 13 11 10 4 9 12 5 0 3 6 1 15", 59),
    ("5 12 10 7 15 11 14 0 8 2 1 13 3 4 9 6", 56),
    ("4 7 14 13 10 3 9 12 11 5 6 15 1 2 8 0", 56),
];

struct Ida<'a, H> {
    h: &'a H,
    tiles: Vec<u8>,
    shape: Shape,
    path: Vec<Move>,
    nodes: u64,
}

impl<H: Heuristic> Ida<'_, H> {
    fn dfs(&mut self, g: u32, h: u32, bound: u32, blank: usize, prev: Option<Move>) -> Result<(), u32> {
        let f = g + h;
        if f > bound {
            return Err(f);
        }
        if h == 0 {
            return Ok(());
        }
        self.nodes += 1;
        let mut next = u32::MAX;
        for mv in Move::ALL {
            if prev == Some(mv.opposite()) {
                continue;
            }
            let Some(to) = self.shape.step(blank, mv) else { continue };
            let tile = self.tiles[to];
            self.tiles[blank] = tile;
            self.tiles[to] = 0;
            let nh = self.h.update(&self.tiles, h, tile, to, blank);
            self.path.push(mv);
            match self.dfs(g + 1, nh, bound, to, Some(mv)) {
                Ok(()) => return Ok(()),
                Err(b) => next = next.min(b),
            }
            self.path.pop();
            self.tiles[to] = tile;
            self.tiles[blank] = 0;
        }
        Err(next)
    }
}

fn solve<H: Heuristic>(h: &H, board: &Board) -> (Vec<Move>, u64) {
    let mut ida = Ida {
        h,
        tiles: board.tiles().to_vec(),
        shape: board.shape(),
        path: Vec::new(),
        nodes: 0,
    };
    let h0 = h.estimate(board.tiles());
    let mut bound = h0;
    loop {
        match ida.dfs(0, h0, bound, board.blank(), None) {
            Ok(()) => return (ida.path, ida.nodes),
            Err(next) => bound = next,
        }
    }
}

fn main() -> Result<(), Box<dyn std::error::Error>> {
    let args: Vec<String> = std::env::args().skip(1).collect();
    let dir = PathBuf::from(args.first().ok_or("usage: pdb_solve DIR [PARTITION]")?);
    let partition = args.get(1).map_or("7-8", String::as_str);
    if partition == "6-6-6-6" {
        return twenty_four(&dir);
    }
    let shape = Shape::new(4, 4)?;
    let goal = Goal::blank_first(shape);
    let spec = PdbSpec::parse(&goal, partition)?;
    let pdb = AdditivePdb::load(&dir, &spec)?;
    let lc = LinearConflict::new(&goal);
    println!("{spec}, reflection {}", pdb.reflection().is_some());
    for (i, (text, optimal)) in KORF.iter().enumerate() {
        let board = Board::parse(text, Some(shape))?;
        let start = Instant::now();
        let (moves, nodes) = solve(&pdb, &board);
        let secs = start.elapsed().as_secs_f64();
        let reached = board.replay(&moves)?;
        assert!(
            goal.is_reached_by(&reached),
            "instance {} does not reach the goal",
            i + 1
        );
        assert_eq!(moves.len(), *optimal, "instance {}: not optimal", i + 1);
        println!(
            "korf {}: {} moves (optimal), h0 {} (linear conflict {}), {nodes} nodes, {secs:.2} s, {:.1} M nodes/s",
            i + 1,
            moves.len(),
            pdb.estimate(board.tiles()),
            lc.estimate(board.tiles()),
            nodes as f64 / secs / 1e6
        );
    }
    Ok(())
}

/// Random-walk boards of the 24-puzzle, solved with the 6-6-6-6 databases and
/// with linear conflicts: the lengths must agree.
fn twenty_four(dir: &std::path::Path) -> Result<(), Box<dyn std::error::Error>> {
    let shape = Shape::new(5, 5)?;
    let goal = Goal::blank_first(shape);
    let spec = PdbSpec::parse(&goal, "6-6-6-6")?;
    let pdb = AdditivePdb::load(dir, &spec)?;
    let lc = LinearConflict::new(&goal);
    println!("{spec}, reflection {}", pdb.reflection().is_some());
    let mut seed = 0x2545_f491_4f6c_dd1du64;
    for i in 0..5 {
        let mut board = goal.board().clone();
        for _ in 0..160 {
            // xorshift: the example needs no random-number crate.
            seed ^= seed << 13;
            seed ^= seed >> 7;
            seed ^= seed << 17;
            board.try_apply(Move::ALL[(seed % 4) as usize]);
        }
        let start = Instant::now();
        let (moves, nodes) = solve(&pdb, &board);
        let pdb_secs = start.elapsed().as_secs_f64();
        let start = Instant::now();
        let (lc_moves, lc_nodes) = solve(&lc, &board);
        let lc_secs = start.elapsed().as_secs_f64();
        assert!(goal.is_reached_by(&board.replay(&moves)?));
        assert_eq!(moves.len(), lc_moves.len(), "board {}: {board}", i + 1);
        println!(
            "board {}: {} moves, h0 {} (linear conflict {}), {nodes} nodes in {pdb_secs:.2} s \
             (linear conflict: {lc_nodes} nodes in {lc_secs:.2} s)",
            i + 1,
            moves.len(),
            pdb.estimate(board.tiles()),
            lc.estimate(board.tiles()),
        );
    }
    Ok(())
}
