//! Several depth-first searches taking turns on one core.
//!
//! Weighted IDA*'s time to a first path varies by orders of magnitude from
//! one start to another that is as good (the board to the goal, or the goal
//! back to the board): run one after the other, the slow one can take all
//! the time while the other would have answered in milliseconds. Run in
//! turns, each expands [`Turns::slice`] nodes and hands over, so the first
//! to finish does so after about as many nodes times the number of
//! searches, and none is restarted.
//!
//! A search can [`end`](Turns::end) the others (when its answer is all
//! that is wanted): each stops at its next turn.
//!
//! Each search runs on a thread of its own, but only the one whose turn it
//! is runs: the others wait on a condition variable. So searches that take
//! turns use one core, as one search would. Where threads cannot be
//! started (WebAssembly), [`run`] runs the searches one after another.

use std::sync::{Condvar, Mutex, MutexGuard};

/// Whose turn it is among searches `0..count`, and which are still running.
pub(crate) struct Turns {
    state: Mutex<State>,
    turn_changed: Condvar,
    /// Nodes a search expands before handing over.
    slice: u64,
}

struct State {
    current: usize,
    running: Vec<bool>,
    /// Every search is told to stop at its next turn.
    ended: bool,
}

impl Turns {
    fn new(count: usize, slice: u64) -> Turns {
        Turns {
            state: Mutex::new(State {
                current: 0,
                running: vec![true; count],
                ended: false,
            }),
            turn_changed: Condvar::new(),
            slice: slice.max(1),
        }
    }

    /// Nodes a search expands before handing over.
    pub(crate) fn slice(&self) -> u64 {
        self.slice
    }

    fn lock(&self) -> MutexGuard<'_, State> {
        // A search that panicked holding the lock left the state as it was.
        self.state.lock().unwrap_or_else(|poisoned| poisoned.into_inner())
    }

    /// Blocks until it is search `me`'s turn or the searches are ended;
    /// false when they are.
    fn wait(&self, me: usize) -> bool {
        let mut state = self.lock();
        while state.current != me && !state.ended {
            state = self
                .turn_changed
                .wait(state)
                .unwrap_or_else(|poisoned| poisoned.into_inner());
        }
        !state.ended
    }

    /// Hands the turn from `me` to the next search still running (`me`
    /// again when it is the only one), then waits for `me`'s next turn:
    /// false when the searches were ended meanwhile (stop now).
    pub(crate) fn hand_over(&self, me: usize) -> bool {
        {
            let mut state = self.lock();
            state.current = next_running(&state.running, me).unwrap_or(me);
        }
        self.turn_changed.notify_all();
        self.wait(me)
    }

    /// Whether [`end`](Self::end) was called: a search not begun should not begin.
    pub(crate) fn is_ended(&self) -> bool {
        self.lock().ended
    }

    /// Tells every other search to stop at its next turn.
    pub(crate) fn end(&self) {
        self.lock().ended = true;
        self.turn_changed.notify_all();
    }

    /// Search `me` is over: the turn goes to the next still running.
    fn finish(&self, me: usize) {
        {
            let mut state = self.lock();
            state.running[me] = false;
            if let Some(next) = next_running(&state.running, me) {
                state.current = next;
            }
        }
        self.turn_changed.notify_all();
    }
}

/// The first running search after `me`, going round.
fn next_running(running: &[bool], me: usize) -> Option<usize> {
    let count = running.len();
    (1..=count).map(|k| (me + k) % count).find(|&i| running[i])
}

/// Runs `searches` in turns of `slice` nodes and returns what each
/// returned, in order. Each is given the turns and its own number, and
/// must call [`Turns::hand_over`] every [`Turns::slice`] nodes, stopping
/// when it returns false.
pub(crate) fn run<S, T, F>(searches: Vec<S>, slice: u64, search: F) -> Vec<T>
where
    S: Send,
    T: Send,
    F: Fn(S, &Turns, usize) -> T + Sync,
{
    if cfg!(target_arch = "wasm32") || searches.len() < 2 {
        // One after another, each to its end: alone in its turns, a
        // search's `hand_over` returns at once.
        return searches
            .into_iter()
            .map(|s| search(s, &Turns::new(1, slice), 0))
            .collect();
    }
    let turns = Turns::new(searches.len(), slice);
    std::thread::scope(|scope| {
        let (turns, search) = (&turns, &search);
        let handles: Vec<_> = searches
            .into_iter()
            .enumerate()
            .map(|(me, s)| {
                scope.spawn(move || {
                    turns.wait(me);
                    // Finish even when the search panics, so the others go on.
                    let over = Finish { turns, me };
                    let result = search(s, turns, me);
                    drop(over);
                    result
                })
            })
            .collect();
        handles
            .into_iter()
            .map(|h| h.join().unwrap_or_else(|panic| std::panic::resume_unwind(panic)))
            .collect()
    })
}

/// Marks a search over when dropped.
struct Finish<'t> {
    turns: &'t Turns,
    me: usize,
}

impl Drop for Finish<'_> {
    fn drop(&mut self) {
        self.turns.finish(self.me);
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use std::sync::atomic::{AtomicUsize, Ordering};

    #[test]
    fn searches_take_turns_one_at_a_time_and_each_returns_its_own() {
        // Each "search" counts to its length in steps, handing over every
        // slice; the log of who ran shows the turns.
        let log = Mutex::new(Vec::new());
        let running = AtomicUsize::new(0);
        let lengths = vec![5u64, 2, 9];
        let got = run(lengths.clone(), 2, |length, turns, me| {
            for step in 1..=length {
                assert_eq!(running.fetch_add(1, Ordering::SeqCst), 0, "two searches ran at once");
                log.lock().unwrap().push(me);
                running.fetch_sub(1, Ordering::SeqCst);
                if step % turns.slice() == 0 {
                    turns.hand_over(me);
                }
            }
            length * 10
        });
        assert_eq!(got, vec![50, 20, 90]);
        let log = log.into_inner().unwrap();
        assert_eq!(log.len(), 16);
        // Two steps each in turn, the shortest dropping out first.
        assert_eq!(log, [0, 0, 1, 1, 2, 2, 0, 0, 2, 2, 0, 2, 2, 2, 2, 2]);
    }

    #[test]
    fn a_search_that_ends_the_turns_stops_the_others_at_their_next_turn() {
        // The second ends the turns after its first slice; the first stops
        // at its next turn, the third never begins.
        let steps = Mutex::new(vec![0u64; 3]);
        let got = run(vec![0usize, 1, 2], 3, |who, turns, me| {
            if turns.is_ended() {
                return "not begun";
            }
            for step in 1..=100 {
                steps.lock().unwrap()[who] += 1;
                if who == 1 && step == 3 {
                    turns.end();
                    return "ended them";
                }
                if step % turns.slice() == 0 && !turns.hand_over(me) {
                    return "stopped";
                }
            }
            "ran to its end"
        });
        assert_eq!(got, ["stopped", "ended them", "not begun"]);
        assert_eq!(steps.into_inner().unwrap(), [3, 3, 0]);
    }

    #[test]
    fn one_search_runs_to_its_end() {
        let got = run(vec![3u64], 1, |length, turns, me| {
            for _ in 0..length {
                turns.hand_over(me);
            }
            length
        });
        assert_eq!(got, vec![3]);
    }
}
