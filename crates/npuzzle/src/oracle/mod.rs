//! The answers tests check the library against, worked out from the rules of
//! the puzzle alone: breadth-first search over boards held as plain
//! `Vec<u8>` (row-major, 0 the blank) and moved by swapping the blank with a
//! cell beside it, and Korf's published optimal lengths of his 100
//! 15-puzzles. Nothing here uses the library's boards, moves, neighbour
//! tables, ranking, parity or searches, so a bug there cannot pass a test by
//! agreeing with itself. Slow and plain on purpose: for tests, the fuzz
//! checks and the command line's tests (with the `fuzzing` feature), not
//! part of the supported API.

use std::collections::{HashMap, VecDeque};

/// Boards seen before [`distance`] gives up: it is for boards near each
/// other, where both balls stay small.
const MAX_SEEN: usize = 4_000_000;

/// The boards one move from `tiles`, a board `width` cells wide: the blank
/// swapped with the cell above, below, left and right of it, where there is one.
pub fn neighbours(tiles: &[u8], width: usize) -> Vec<Vec<u8>> {
    let blank = tiles.iter().position(|&t| t == 0).expect("a board has a blank");
    let height = tiles.len() / width;
    let (row, col) = (blank / width, blank % width);
    let mut cells = Vec::with_capacity(4);
    if row > 0 {
        cells.push(blank - width);
    }
    if row + 1 < height {
        cells.push(blank + width);
    }
    if col > 0 {
        cells.push(blank - 1);
    }
    if col + 1 < width {
        cells.push(blank + 1);
    }
    cells
        .into_iter()
        .map(|cell| {
            let mut next = tiles.to_vec();
            next.swap(blank, cell);
            next
        })
        .collect()
}

/// The distance to `goal` of every board that reaches it: breadth-first
/// from the goal (moves are reversible), for boards small enough to enumerate.
pub fn distances(goal: &[u8], width: usize) -> HashMap<Vec<u8>, u32> {
    let mut dist = HashMap::from([(goal.to_vec(), 0)]);
    let mut queue = VecDeque::from([goal.to_vec()]);
    while let Some(board) = queue.pop_front() {
        let d = dist[&board];
        for next in neighbours(&board, width) {
            if !dist.contains_key(&next) {
                dist.insert(next.clone(), d + 1);
                queue.push_back(next);
            }
        }
    }
    dist
}

/// The boards one multi-tile move from `tiles`: the blank slid one or
/// more cells up, down, left or right, the tiles it passes each moving one
/// cell the other way.
pub fn multi_tile_neighbours(tiles: &[u8], width: usize) -> Vec<Vec<u8>> {
    let blank = tiles.iter().position(|&t| t == 0).expect("a board has a blank");
    let height = tiles.len() / width;
    let (row, col) = (blank / width, blank % width);
    let mut out = Vec::new();
    // Each direction as a change of row and column.
    for (dr, dc) in [(-1isize, 0isize), (1, 0), (0, -1), (0, 1)] {
        let mut next = tiles.to_vec();
        let (mut r, mut c) = (row as isize, col as isize);
        loop {
            let (nr, nc) = (r + dr, c + dc);
            if nr < 0 || nc < 0 || nr >= height as isize || nc >= width as isize {
                break;
            }
            let (at, to) = ((r as usize) * width + c as usize, (nr as usize) * width + nc as usize);
            next.swap(at, to);
            out.push(next.clone());
            (r, c) = (nr, nc);
        }
    }
    out
}

/// The multi-tile distance to `goal` of every board within `depth`
/// multi-tile moves of it (every board that reaches it, with `None`):
/// breadth-first from the goal (a slide is undone by a slide back).
pub fn multi_tile_distances(goal: &[u8], width: usize, depth: Option<u32>) -> HashMap<Vec<u8>, u32> {
    let mut dist = HashMap::from([(goal.to_vec(), 0)]);
    let mut queue = VecDeque::from([goal.to_vec()]);
    while let Some(board) = queue.pop_front() {
        let d = dist[&board];
        if depth.is_some_and(|max| d >= max) {
            continue;
        }
        for next in multi_tile_neighbours(&board, width) {
            if !dist.contains_key(&next) {
                dist.insert(next.clone(), d + 1);
                queue.push_back(next);
            }
        }
    }
    dist
}

/// The distance from `start` to `goal`, `None` if no sequence of moves joins
/// them, by breadth-first search from both ends; panics past [`MAX_SEEN`]
/// boards (the boards must be near each other, or the board small).
///
/// Each round grows the side with the smaller frontier by a whole layer. Why
/// the first round that meets the other side gives the distance D: before
/// it, this side holds every board within `a` moves of its end and the other
/// every board within `b` of its own, and no board is in both, so D > a + b
/// (on a shorter path some board would be in both). A new board is exactly
/// a + 1 moves from this end; one the other side holds k ≤ b moves from its
/// end makes a path of a + 1 + k ≤ a + b + 1 ≤ D moves, and no path is
/// shorter than D: so the shortest meeting of the round has D moves.
pub fn distance(start: &[u8], goal: &[u8], width: usize) -> Option<u32> {
    if start == goal {
        return Some(0);
    }
    let mut seen = [
        HashMap::from([(start.to_vec(), 0)]),
        HashMap::from([(goal.to_vec(), 0)]),
    ];
    let mut frontier = [vec![start.to_vec()], vec![goal.to_vec()]];
    let mut depth = [0u32; 2];
    loop {
        let grow = usize::from(frontier[1].len() < frontier[0].len());
        if frontier[grow].is_empty() {
            // This side has seen every board it can reach.
            return None;
        }
        let [first, second] = &mut seen;
        let (this, other) = if grow == 0 {
            (first, &*second)
        } else {
            (second, &*first)
        };
        let mut next = Vec::new();
        let mut best: Option<u32> = None;
        for board in &frontier[grow] {
            for child in neighbours(board, width) {
                if this.contains_key(&child) {
                    continue;
                }
                if let Some(&k) = other.get(&child) {
                    let len = depth[grow] + 1 + k;
                    best = Some(best.map_or(len, |b| b.min(len)));
                }
                this.insert(child.clone(), depth[grow] + 1);
                next.push(child);
            }
        }
        if best.is_some() {
            return best;
        }
        assert!(
            this.len() + other.len() <= MAX_SEEN,
            "the oracle's search grew past {MAX_SEEN} boards: the boards are too far apart"
        );
        frontier[grow] = next;
        depth[grow] += 1;
    }
}

/// Korf's 100 random 15-puzzles with their published optimal lengths (see
/// `korf100.txt` for the source), as boards for `goal`: the blank-first goal
/// Korf used, or the standard one, 1 to 15 then the blank. For the standard
/// goal each board is turned half a turn and tile t renamed 16 − t: that maps
/// Korf's goal onto the standard one and keeps every distance.
pub fn korf100(goal: &[u8]) -> Vec<(Vec<u8>, u32)> {
    let blank_first: Vec<u8> = (0..16).collect();
    let standard: Vec<u8> = (1..16).chain([0]).collect();
    let turn = if goal == blank_first {
        false
    } else {
        assert_eq!(
            goal, standard,
            "Korf's instances are for the blank-first or the standard 4x4 goal"
        );
        true
    };
    include_str!("../../data/korf100.txt")
        .lines()
        .filter(|line| !line.starts_with('#'))
        .map(|line| {
            let numbers: Vec<u8> = line.split_whitespace().map(|n| n.parse().unwrap()).collect();
            let (length, mut tiles) = (u32::from(numbers[1]), numbers[2..].to_vec());
            if turn {
                tiles.reverse();
                for t in &mut tiles {
                    *t = if *t == 0 { 0 } else { 16 - *t };
                }
            }
            (tiles, length)
        })
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn neighbours_swap_the_blank_with_each_adjacent_cell() {
        // 1 2 3 / 4 0 5 / 6 7 8: the blank in the middle has four.
        let middle = [1, 2, 3, 4, 0, 5, 6, 7, 8];
        let want: Vec<Vec<u8>> = vec![
            vec![1, 0, 3, 4, 2, 5, 6, 7, 8],
            vec![1, 2, 3, 4, 7, 5, 6, 0, 8],
            vec![1, 2, 3, 0, 4, 5, 6, 7, 8],
            vec![1, 2, 3, 4, 5, 0, 6, 7, 8],
        ];
        assert_eq!(neighbours(&middle, 3), want);
        // A corner of a 3-wide, 2-high board has two; a wide board's edge, three.
        assert_eq!(
            neighbours(&[0, 1, 2, 3, 4, 5], 3),
            [vec![3, 1, 2, 0, 4, 5], vec![1, 0, 2, 3, 4, 5]]
        );
        assert_eq!(neighbours(&[1, 0, 2, 3, 4, 5], 3).len(), 3);
        assert_eq!(neighbours(&[1, 0, 2, 3, 4, 5], 2).len(), 2);
    }

    /// The 8-puzzle's published count of boards at each distance
    /// (`/work/shared/data/8puzzle-depth-distribution.txt`, blank top-left).
    const EIGHT_PUZZLE_LAYERS: [u32; 32] = [
        1, 2, 4, 8, 16, 20, 39, 62, 116, 152, 286, 396, 748, 1024, 1893, 2512, 4485, 5638, 9529, 10878, 16993, 17110,
        23952, 20224, 24047, 15578, 14560, 6274, 3910, 760, 221, 2,
    ];

    #[test]
    fn distances_give_the_published_8_puzzle_layers_and_the_2x4_diameter() {
        let goal: Vec<u8> = (0..9).collect();
        let mut layers = [0u32; 32];
        for &d in distances(&goal, 3).values() {
            layers[d as usize] += 1;
        }
        assert_eq!(layers, EIGHT_PUZZLE_LAYERS);
        // 2x4 (8!/2 boards, diameter 36, /work/shared/data/diameters.txt), either way round.
        for width in [2, 4] {
            let d = distances(&(0..8).collect::<Vec<u8>>(), width);
            assert_eq!((d.len(), d.values().max()), (20_160, Some(&36)), "width {width}");
        }
    }

    #[test]
    fn both_ends_agree_with_the_whole_table() {
        let goal: Vec<u8> = (0..9).collect();
        let table = distances(&goal, 3);
        for (board, &d) in table.iter().step_by(997) {
            assert_eq!(distance(board, &goal, 3), Some(d), "{board:?}");
        }
        // Two tiles swapped: the other half of the boards, never reached.
        assert_eq!(distance(&[0, 2, 1, 3, 4, 5, 6, 7, 8], &goal, 3), None);
        // The two 31-move boards.
        assert_eq!(
            distance(&[8, 6, 7, 2, 5, 4, 3, 0, 1], &[1, 2, 3, 4, 5, 6, 7, 8, 0], 3),
            Some(31)
        );
    }

    #[test]
    fn korf_boards_keep_their_lengths_for_the_standard_goal() {
        let blank_first: Vec<u8> = (0..16).collect();
        let standard: Vec<u8> = (1..16).chain([0]).collect();
        let (korf, turned) = (korf100(&blank_first), korf100(&standard));
        assert_eq!(korf.len(), 100);
        assert_eq!(korf.iter().map(|(_, l)| l).sum::<u32>(), 5305);
        assert_eq!(
            korf[0],
            (vec![14, 13, 15, 7, 11, 12, 9, 5, 6, 0, 2, 1, 4, 8, 10, 3], 57)
        );
        // The map takes each goal to the other and keeps distances: a board
        // a few moves from Korf's goal is as far from the standard one once turned.
        let turn = |tiles: &[u8]| -> Vec<u8> { tiles.iter().rev().map(|&t| if t == 0 { 0 } else { 16 - t }).collect() };
        assert_eq!(turn(&blank_first), standard);
        let mut near = blank_first.clone();
        for pick in [1, 0, 1, 2, 0, 1, 2, 1] {
            let next = neighbours(&near, 4);
            near = next[pick % next.len()].clone();
            assert_eq!(distance(&near, &blank_first, 4), distance(&turn(&near), &standard, 4));
        }
        assert_eq!(turned[0], (turn(&korf[0].0), 57));
    }
}
