//! The duplicate filter's automaton, made from a list of cut sequences.
//!
//! Shared by the library, which makes the shorter filters when first asked
//! for them, and the crate's build script, which makes the longest one
//! ahead of time (`build.rs` includes this file by its path): so it uses
//! nothing but `std`.

use std::collections::VecDeque;

/// A state of the automaton that has rejected a move.
pub const DEAD: u32 = u32::MAX;

/// An Aho–Corasick automaton over move indices that reaches `DEAD` when
/// the moves so far end with one of `patterns`: `next[state][move index]`,
/// the start state 0. Also returns the number of patterns.
pub fn matcher<P: IntoIterator<Item = u8>>(patterns: impl IntoIterator<Item = P>) -> (Vec<[u32; 4]>, usize) {
    const NONE: u32 = u32::MAX - 1;
    let mut next: Vec<[u32; 4]> = vec![[NONE; 4]];
    let mut terminal = vec![false];
    let mut count = 0;
    for p in patterns {
        count += 1;
        let mut s = 0usize;
        for m in p {
            let m = usize::from(m);
            if next[s][m] == NONE {
                next.push([NONE; 4]);
                terminal.push(false);
                next[s][m] = (next.len() - 1) as u32;
            }
            s = next[s][m] as usize;
        }
        terminal[s] = true;
    }
    // Breadth-first, in place: a state's missing moves go where its
    // failure state's go (a shallower state, already complete), and a
    // state is dead when its longest proper suffix in the trie is.
    let mut fail = vec![0u32; next.len()];
    let mut queue = VecDeque::with_capacity(next.len());
    for t in next[0].iter_mut() {
        match *t {
            NONE => *t = 0,
            child => queue.push_back(child as usize),
        }
    }
    while let Some(s) = queue.pop_front() {
        let f = fail[s] as usize;
        if terminal[f] {
            terminal[s] = true;
        }
        let via = next[f];
        for (t, v) in next[s].iter_mut().zip(via) {
            match *t {
                NONE => *t = v,
                child => {
                    fail[child as usize] = v;
                    queue.push_back(child as usize);
                }
            }
        }
    }
    for row in &mut next {
        for t in row.iter_mut() {
            if terminal[*t as usize] {
                *t = DEAD;
            }
        }
    }
    (next, count)
}
