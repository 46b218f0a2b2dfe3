//! Boards as plain numbers (0 = blank) and a breadth-first search written
//! here: an oracle independent of the library for distances, paths and
//! their counts on small boards.

use std::collections::{HashMap, VecDeque};

/// The board after one blank move, or `None` off the edge (0 = blank).
pub fn step(tiles: &[u8], width: usize, m: char) -> Option<Vec<u8>> {
    let height = tiles.len() / width;
    let b = tiles.iter().position(|&x| x == 0)?;
    let (x, y) = (b % width, b / width);
    let to = match m {
        'u' if y > 0 => b - width,
        'd' if y + 1 < height => b + width,
        'l' if x > 0 => b - 1,
        'r' if x + 1 < width => b + 1,
        _ => return None,
    };
    let mut t = tiles.to_vec();
    t.swap(b, to);
    Some(t)
}

/// Replays blank moves on a board given as numbers (0 = blank).
pub fn replay(tiles: &[u8], width: usize, moves: &str) -> Vec<u8> {
    moves.chars().fold(tiles.to_vec(), |t, m| {
        step(&t, width, m).unwrap_or_else(|| panic!("illegal move {m} in {moves}"))
    })
}

pub fn tiles(text: &str) -> Vec<u8> {
    text.split_whitespace()
        .map(|t| if t == "x" { 0 } else { t.parse().unwrap() })
        .collect()
}

/// Distances from the standard goal of every board of a small shape, by a
/// breadth-first search written here (an oracle independent of the library).
pub fn bfs_distances(width: usize, height: usize) -> HashMap<Vec<u8>, u32> {
    distances(width, height, false)
}

/// Multi-tile distances from the standard goal of every board of a small
/// shape: the same search, whose moves slide the blank any number of cells
/// in one direction (each a run of [`step`]s).
pub fn mtm_bfs_distances(width: usize, height: usize) -> HashMap<Vec<u8>, u32> {
    distances(width, height, true)
}

fn distances(width: usize, height: usize, multi_tile: bool) -> HashMap<Vec<u8>, u32> {
    distances_within(width, height, multi_tile, u32::MAX)
}

/// The same search, only to boards within `depth` moves of the goal (for
/// boards too big to enumerate).
pub fn distances_within(width: usize, height: usize, multi_tile: bool, depth: u32) -> HashMap<Vec<u8>, u32> {
    let n = width * height;
    let goal: Vec<u8> = (1..n as u8).chain([0]).collect();
    let mut seen = HashMap::from([(goal.clone(), 0)]);
    let mut queue = VecDeque::from([goal]);
    while let Some(b) = queue.pop_front() {
        let d = seen[&b];
        if d >= depth {
            continue;
        }
        for m in ['u', 'd', 'l', 'r'] {
            let mut slid = b.clone();
            while let Some(next) = step(&slid, width, m) {
                if !seen.contains_key(&next) {
                    seen.insert(next.clone(), d + 1);
                    queue.push_back(next.clone());
                }
                if !multi_tile {
                    break;
                }
                slid = next;
            }
        }
    }
    seen
}

/// How many shortest paths lead from each board to the goal, by the BFS's
/// layers (a path's count is the sum over the neighbours one layer closer).
pub fn bfs_path_counts(width: usize, height: usize) -> HashMap<Vec<u8>, u64> {
    let distances = bfs_distances(width, height);
    let mut boards: Vec<(&Vec<u8>, u32)> = distances.iter().map(|(b, &d)| (b, d)).collect();
    boards.sort_by_key(|&(_, d)| d);
    let mut counts: HashMap<Vec<u8>, u64> = HashMap::new();
    for (b, d) in boards {
        let n = if d == 0 {
            1
        } else {
            ['u', 'd', 'l', 'r']
                .into_iter()
                .filter_map(|m| step(b, width, m))
                .filter(|next| distances[next] + 1 == d)
                .map(|next| counts[&next])
                .sum()
        };
        counts.insert(b.clone(), n);
    }
    counts
}
