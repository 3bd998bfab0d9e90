//! Outcomes of a finite loopy game graph by retrograde analysis (Siegel 2013, Ch. VI;
//! `grundy.values.loopy.outcomes` is the Python original and the test oracle).
//!
//! States are (position, mover): `2v` with Left to move, `2v + 1` with Right to move.
//! A mover with no move loses; a state with a move to a state its mover's opponent
//! loses is won; a state all of whose moves reach states won by the opponent is lost;
//! what is never labelled is a draw.  Time and memory linear in the edges.
//!
//! Two tables compare every position of one graph with every position of another on
//! the states of their difference, without building it in Python: `survival_table`
//! (the order of stoppers: Left, moving second in G − H, never runs out of moves; one
//! retrograde analysis, `grundy.values.loopy._order_table` is its oracle) and
//! `side_table` (the onside and offside orders of any games: Büchi games,
//! `grundy.values.loopy._side_wins` is its oracle).

use crate::budget::{Budget, Stop};

/// The winner of a state: Left, Right, or a draw (infinite play).
pub const LEFT: u8 = 0;
pub const RIGHT: u8 = 1;
pub const DRAW: u8 = 2;

/// A graph in compressed rows: the Left options of position `v` are
/// `left_targets[left_offsets[v]..left_offsets[v + 1]]`, and the same on the right.
pub struct Graph<'a> {
    pub left_offsets: &'a [u32],
    pub left_targets: &'a [u32],
    pub right_offsets: &'a [u32],
    pub right_targets: &'a [u32],
}

impl<'a> Graph<'a> {
    /// The graph whose Left and Right options are these rows.
    pub fn of(left: &'a Rows, right: &'a Rows) -> Graph<'a> {
        Graph {
            left_offsets: &left.offsets,
            left_targets: &left.targets,
            right_offsets: &right.offsets,
            right_targets: &right.targets,
        }
    }

    /// The number of positions, or the problem with the arrays (one line).
    pub fn check(&self) -> Result<usize, String> {
        let n = self.left_offsets.len().saturating_sub(1);
        if self.left_offsets.is_empty() || self.right_offsets.len() != n + 1 {
            return Err(
                "the offsets need one entry per position and one more, alike on \
                        both sides"
                    .into(),
            );
        }
        for (offsets, targets) in [
            (self.left_offsets, self.left_targets),
            (self.right_offsets, self.right_targets),
        ] {
            if offsets[0] != 0
                || offsets.windows(2).any(|w| w[0] > w[1])
                || offsets[n] as usize != targets.len()
            {
                return Err("the offsets must rise from 0 to the number of targets".into());
            }
            if targets.iter().any(|&t| t as usize >= n) {
                return Err("an option points outside the graph".into());
            }
        }
        Ok(n)
    }

    /// The options of position `v` for Left (`side` 0) or Right (1).
    fn side(&self, v: usize, side: usize) -> &[u32] {
        let (offsets, targets) = if side == 0 {
            (self.left_offsets, self.left_targets)
        } else {
            (self.right_offsets, self.right_targets)
        };
        &targets[offsets[v] as usize..offsets[v + 1] as usize]
    }

    /// For Left's (index 0) and Right's (1) edges, the positions with an option to each
    /// position, in compressed rows.
    fn reversed(&self) -> [Rows; 2] {
        let n = self.left_offsets.len() - 1;
        [0, 1].map(|side| {
            let mut offsets = vec![0u32; n + 1];
            for v in 0..n {
                for &w in self.side(v, side) {
                    offsets[w as usize + 1] += 1;
                }
            }
            for v in 0..n {
                offsets[v + 1] += offsets[v];
            }
            let mut fill: Vec<usize> = offsets.iter().map(|&o| o as usize).collect();
            let mut targets = vec![0u32; offsets[n] as usize];
            for v in 0..n {
                for &w in self.side(v, side) {
                    targets[fill[w as usize]] = v as u32;
                    fill[w as usize] += 1;
                }
            }
            Rows { offsets, targets }
        })
    }

    fn options(&self, state: usize) -> &[u32] {
        let v = state / 2;
        if state.is_multiple_of(2) {
            &self.left_targets[self.left_offsets[v] as usize..self.left_offsets[v + 1] as usize]
        } else {
            &self.right_targets[self.right_offsets[v] as usize..self.right_offsets[v + 1] as usize]
        }
    }
}

/// The winner of every state (`2v`: Left to move at `v`, `2v + 1`: Right to move); one
/// budget tick per state.  `graph` must have passed `check`.
pub fn outcomes(graph: &Graph, budget: &mut Budget) -> Result<Vec<u8>, Stop> {
    let n = graph.left_offsets.len() - 1;
    let states = 2 * n;
    // predecessors in compressed rows: a move from state s to position w reaches the
    // state of w with the other player to move
    let mut count = vec![0u32; states + 1];
    for s in 0..states {
        budget.tick()?;
        for &w in graph.options(s) {
            count[2 * w as usize + (1 - s % 2)] += 1;
        }
    }
    let mut start = vec![0usize; states + 1];
    for s in 0..states {
        start[s + 1] = start[s] + count[s] as usize;
    }
    let mut fill = start.clone();
    let mut preds = vec![0u32; start[states]];
    for s in 0..states {
        for &w in graph.options(s) {
            let t = 2 * w as usize + (1 - s % 2);
            preds[fill[t]] = s as u32;
            fill[t] += 1;
        }
    }
    let mover = |s: usize| if s.is_multiple_of(2) { LEFT } else { RIGHT };
    let mut winner = vec![DRAW; states];
    let mut waiting: Vec<u32> = (0..states).map(|s| graph.options(s).len() as u32).collect();
    let mut queue: Vec<usize> = Vec::new();
    for s in 0..states {
        if waiting[s] == 0 {
            winner[s] = 1 - mover(s);
            queue.push(s);
        }
    }
    let mut head = 0;
    while head < queue.len() {
        let s = queue[head];
        head += 1;
        for &p in &preds[start[s]..start[s + 1]] {
            let p = p as usize;
            if winner[p] != DRAW {
                continue;
            }
            if mover(p) == winner[s] {
                winner[p] = winner[s];
                queue.push(p);
            } else {
                waiting[p] -= 1;
                if waiting[p] == 0 {
                    winner[p] = winner[s];
                    queue.push(p);
                }
            }
        }
    }
    Ok(winner)
}

/// Lists in compressed rows: row `v` is `targets[offsets[v]..offsets[v + 1]]`.
pub struct Rows {
    pub offsets: Vec<u32>,
    pub targets: Vec<u32>,
}

impl Rows {
    /// Rows from lists.
    pub fn of(lists: &[Vec<u32>]) -> Rows {
        let mut offsets = vec![0u32];
        let mut targets = Vec::new();
        for list in lists {
            targets.extend_from_slice(list);
            offsets.push(targets.len() as u32);
        }
        Rows { offsets, targets }
    }

    fn row(&self, v: usize) -> &[u32] {
        &self.targets[self.offsets[v] as usize..self.offsets[v + 1] as usize]
    }
}

/// For every pair (u, v), u a position of G and v of H (numbered `u * |H| + v`):
/// whether Left, moving second in G_u − H_v, never runs out of moves, which is
/// G_u ≥ H_v when both are stoppers (Siegel 2013, Ch. VI).  One retrograde analysis
/// of the states (u, v, mover) of the difference: Left moves G_u to a Left option or
/// H_v to a Right option, Right the other way round.  Time and memory linear in the
/// difference's edges, O(|G| · |H| · options); one budget tick per state.
pub fn survival_table(g: &Graph, h: &Graph, budget: &mut Budget) -> Result<Vec<bool>, Stop> {
    let (n, m) = (g.left_offsets.len() - 1, h.left_offsets.len() - 1);
    let (g_back, h_back) = (g.reversed(), h.reversed());
    // state 2 (u m + v) + mover, mover 0 for Left; the mover moves in G on its own side
    // and in −H on the other
    let states = 2 * n * m;
    let mut waiting = vec![0u32; states];
    let mut winner = vec![DRAW; states];
    let mut queue: Vec<usize> = Vec::new();
    for u in 0..n {
        for v in 0..m {
            for mover in 0..2 {
                let s = 2 * (u * m + v) + mover;
                let count = g.side(u, mover).len() + h.side(v, 1 - mover).len();
                waiting[s] = count as u32;
                if count == 0 {
                    winner[s] = 1 - mover as u8;
                    queue.push(s);
                }
            }
        }
    }
    let mut head = 0;
    while head < queue.len() {
        budget.tick()?;
        let t = queue[head];
        head += 1;
        let (pair, mover) = (t / 2, t % 2);
        let (u, v) = (pair / m, pair % m);
        let last = 1 - mover; // who moved into t
        let from_g = g_back[last]
            .row(u)
            .iter()
            .map(|&x| 2 * (x as usize * m + v) + last);
        let from_h = h_back[1 - last]
            .row(v)
            .iter()
            .map(|&y| 2 * (u * m + y as usize) + last);
        for p in from_g.chain(from_h) {
            if winner[p] != DRAW {
                continue;
            }
            if last as u8 == winner[t] {
                winner[p] = winner[t];
                queue.push(p);
            } else {
                waiting[p] -= 1;
                if waiting[p] == 0 {
                    winner[p] = winner[t];
                    queue.push(p);
                }
            }
        }
    }
    Ok((0..n * m)
        .map(|pair| winner[2 * pair + 1] != RIGHT)
        .collect())
}

/// The states from which Left (who moves at the `left_moves` states) forces a play
/// through `accepting` states infinitely often, in a game where every state has a
/// move: the classical nested fixed point of Büchi games (take away Right's attractor
/// of the states from which Right avoids the accepting ones for ever, until there are
/// none).  Time O(states · edges) at worst; one budget tick per state an attractor
/// takes in.
pub fn buchi(
    successors: &Rows,
    predecessors: &Rows,
    left_moves: &[bool],
    accepting: &[bool],
    budget: &mut Budget,
) -> Result<Vec<bool>, Stop> {
    let n = left_moves.len();
    let mut alive = vec![true; n];
    loop {
        let reach = attractor(
            successors,
            predecessors,
            &alive,
            accepting,
            true,
            left_moves,
            budget,
        )?;
        let avoid: Vec<bool> = (0..n).map(|s| alive[s] && !reach[s]).collect();
        if !avoid.contains(&true) {
            return Ok(alive);
        }
        let lost = attractor(
            successors,
            predecessors,
            &alive,
            &avoid,
            false,
            left_moves,
            budget,
        )?;
        for s in 0..n {
            alive[s] = alive[s] && !lost[s];
        }
    }
}

/// The states of the subgame `alive` from which Left (`left` true) or Right forces a
/// visit to `target` in zero or more moves.
fn attractor(
    successors: &Rows,
    predecessors: &Rows,
    alive: &[bool],
    target: &[bool],
    left: bool,
    left_moves: &[bool],
    budget: &mut Budget,
) -> Result<Vec<bool>, Stop> {
    let n = alive.len();
    let mut inside: Vec<bool> = (0..n).map(|s| alive[s] && target[s]).collect();
    let mut waiting: Vec<u32> = (0..n)
        .map(|s| {
            successors
                .row(s)
                .iter()
                .filter(|&&t| alive[t as usize])
                .count() as u32
        })
        .collect();
    let mut queue: Vec<usize> = (0..n).filter(|&s| inside[s]).collect();
    while let Some(t) = queue.pop() {
        budget.tick()?;
        for &s in predecessors.row(t) {
            let s = s as usize;
            if !alive[s] || inside[s] {
                continue;
            }
            waiting[s] -= 1;
            if left_moves[s] == left || waiting[s] == 0 {
                inside[s] = true;
                queue.push(s);
            }
        }
    }
    Ok(inside)
}

/// For every pair (u, v), u a position of G and v of H (numbered `u * |H| + v`): G_u ≥
/// H_v on the onside (`onside` true) or the offside, the orders of Siegel 2013, Ch. VI
/// in which a game equals its onside (offside): Left, moving second in G_u − H_v, wins
/// every play that ends with Right unable to move, and every infinite play with
/// infinitely many moves in G (on the offside: in −H).  A Büchi game (`buchi`) on the
/// states (u, v, mover, whether the last move was in the counted component); a player
/// who cannot move loses (a state without moves loops to itself, accepting when Right
/// is the one stuck).  4 |G| |H| states.
pub fn side_table(
    g: &Graph,
    h: &Graph,
    onside: bool,
    budget: &mut Budget,
) -> Result<Vec<bool>, Stop> {
    let (n, m) = (g.left_offsets.len() - 1, h.left_offsets.len() - 1);
    let (mine, theirs) = if onside { (1, 0) } else { (0, 1) };
    let state =
        |u: usize, v: usize, mover: usize, flag: usize| 2 * (2 * (u * m + v) + mover) + flag;
    let states = 4 * n * m;
    let mut left_moves = Vec::with_capacity(states);
    let mut accepting = Vec::with_capacity(states);
    let mut offsets = Vec::with_capacity(states + 1);
    offsets.push(0u32);
    let mut targets: Vec<u32> = Vec::new();
    for u in 0..n {
        budget.tick()?;
        for v in 0..m {
            for mover in 0..2 {
                let (ours, other) = (g.side(u, mover), h.side(v, 1 - mover));
                for flag in 0..2 {
                    if ours.is_empty() && other.is_empty() {
                        accepting.push(mover == 1);
                        targets.push(state(u, v, mover, flag) as u32);
                    } else {
                        accepting.push(flag == 1);
                        let next = 1 - mover;
                        targets.extend(
                            ours.iter()
                                .map(|&x| state(x as usize, v, next, mine) as u32),
                        );
                        targets.extend(
                            other
                                .iter()
                                .map(|&y| state(u, y as usize, next, theirs) as u32),
                        );
                    }
                    offsets.push(targets.len() as u32);
                    left_moves.push(mover == 0);
                }
            }
        }
    }
    let successors = Rows { offsets, targets };
    let mut counts = vec![0u32; states + 1];
    for &t in &successors.targets {
        counts[t as usize + 1] += 1;
    }
    for s in 0..states {
        counts[s + 1] += counts[s];
    }
    let mut fill: Vec<usize> = counts.iter().map(|&c| c as usize).collect();
    let mut back = vec![0u32; counts[states] as usize];
    for s in 0..states {
        for &t in successors.row(s) {
            back[fill[t as usize]] = s as u32;
            fill[t as usize] += 1;
        }
    }
    let predecessors = Rows {
        offsets: counts,
        targets: back,
    };
    let wins = buchi(&successors, &predecessors, &left_moves, &accepting, budget)?;
    Ok((0..n * m)
        .map(|pair| wins[state(pair / m, pair % m, 1, 0)])
        .collect())
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::budget::unlimited;

    /// The definition iterated to a fixed point: the oracle.
    fn naive(left: &[Vec<u32>], right: &[Vec<u32>]) -> Vec<u8> {
        let n = left.len();
        let mut winner = vec![DRAW; 2 * n];
        for _ in 0..2 * n + 2 {
            for s in 0..2 * n {
                if winner[s] != DRAW {
                    continue;
                }
                let (me, options) = if s % 2 == 0 {
                    (LEFT, &left[s / 2])
                } else {
                    (RIGHT, &right[s / 2])
                };
                let answers: Vec<u8> = options
                    .iter()
                    .map(|&w| winner[2 * w as usize + (1 - s % 2)])
                    .collect();
                if answers.contains(&me) {
                    winner[s] = me;
                } else if answers.iter().all(|&a| a == 1 - me) {
                    winner[s] = 1 - me;
                }
            }
        }
        winner
    }

    fn compress(rows: &[Vec<u32>]) -> (Vec<u32>, Vec<u32>) {
        let mut offsets = vec![0u32];
        let mut targets = Vec::new();
        for row in rows {
            targets.extend_from_slice(row);
            offsets.push(targets.len() as u32);
        }
        (offsets, targets)
    }

    #[test]
    fn matches_the_definition_on_random_graphs() {
        let mut state = 2026u64;
        let mut next = move || {
            state = state
                .wrapping_mul(6364136223846793005)
                .wrapping_add(1442695040888963407);
            state >> 33
        };
        for _ in 0..500 {
            let n = 1 + (next() % 8) as usize;
            let mut row = || -> Vec<u32> {
                (0..next() % 3)
                    .map(|_| (next() % n as u64) as u32)
                    .collect()
            };
            let left: Vec<Vec<u32>> = (0..n).map(|_| row()).collect();
            let right: Vec<Vec<u32>> = (0..n).map(|_| row()).collect();
            let (lo, lt) = compress(&left);
            let (ro, rt) = compress(&right);
            let graph = Graph {
                left_offsets: &lo,
                left_targets: &lt,
                right_offsets: &ro,
                right_targets: &rt,
            };
            assert_eq!(graph.check(), Ok(n));
            let found = unlimited(|b| outcomes(&graph, b)).unwrap();
            assert_eq!(found, naive(&left, &right));
        }
    }

    /// A pseudo-random generator for the property tests.
    fn generator(seed: u64) -> impl FnMut() -> u64 {
        let mut state = seed;
        move || {
            state = state
                .wrapping_mul(6364136223846793005)
                .wrapping_add(1442695040888963407);
            state >> 33
        }
    }

    fn random_graph(next: &mut impl FnMut() -> u64, n: usize) -> (Vec<Vec<u32>>, Vec<Vec<u32>>) {
        let mut row = || -> Vec<u32> {
            let mut options: Vec<u32> = (0..next() % 3)
                .map(|_| (next() % n as u64) as u32)
                .collect();
            options.sort_unstable();
            options.dedup();
            options
        };
        let left = (0..n).map(|_| row()).collect();
        let right = (0..n).map(|_| row()).collect();
        (left, right)
    }

    /// No cycle of (position, mover) states, each move handing the turn over.
    fn is_stopper(left: &[Vec<u32>], right: &[Vec<u32>]) -> bool {
        let n = left.len();
        let next = |s: usize| -> Vec<usize> {
            let options = if s.is_multiple_of(2) {
                &left[s / 2]
            } else {
                &right[s / 2]
            };
            options
                .iter()
                .map(|&w| 2 * w as usize + (1 - s % 2))
                .collect()
        };
        let mut indegree = vec![0usize; 2 * n];
        for s in 0..2 * n {
            for t in next(s) {
                indegree[t] += 1;
            }
        }
        let mut queue: Vec<usize> = (0..2 * n).filter(|&s| indegree[s] == 0).collect();
        let mut seen = 0;
        while let Some(s) = queue.pop() {
            seen += 1;
            for t in next(s) {
                indegree[t] -= 1;
                if indegree[t] == 0 {
                    queue.push(t);
                }
            }
        }
        seen == 2 * n
    }

    #[test]
    fn survival_is_the_outcome_of_the_difference() {
        let mut next = generator(7);
        for _ in 0..300 {
            let (n, m) = (1 + (next() % 6) as usize, 1 + (next() % 6) as usize);
            let (gl, gr) = random_graph(&mut next, n);
            let (hl, hr) = random_graph(&mut next, m);
            // the difference G - H as a graph: position u m + v
            let mut dl = Vec::new();
            let mut dr = Vec::new();
            for u in 0..n {
                for v in 0..m {
                    let moves = |gs: &[u32], hs: &[u32]| -> Vec<u32> {
                        gs.iter()
                            .map(|&x| (x as usize * m + v) as u32)
                            .chain(hs.iter().map(|&y| (u * m + y as usize) as u32))
                            .collect()
                    };
                    dl.push(moves(&gl[u], &hr[v]));
                    dr.push(moves(&gr[u], &hl[v]));
                }
            }
            let (dl, dr) = (Rows::of(&dl), Rows::of(&dr));
            let winners = unlimited(|b| outcomes(&Graph::of(&dl, &dr), b)).unwrap();
            let (gl, gr, hl, hr) = (Rows::of(&gl), Rows::of(&gr), Rows::of(&hl), Rows::of(&hr));
            let found =
                unlimited(|b| survival_table(&Graph::of(&gl, &gr), &Graph::of(&hl, &hr), b))
                    .unwrap();
            let expected: Vec<bool> = (0..n * m).map(|p| winners[2 * p + 1] != RIGHT).collect();
            assert_eq!(found, expected);
        }
    }

    /// The Büchi winning region by its definition as nested fixed points:
    /// νZ. μY. (accepting ∧ pre(Z)) ∨ pre(Y), pre(X) the states whose mover can (Left)
    /// or must (Right) move into X.
    fn naive_buchi(successors: &[Vec<u32>], left_moves: &[bool], accepting: &[bool]) -> Vec<bool> {
        let n = successors.len();
        let pre = |x: &[bool], s: usize| {
            let mut into = successors[s].iter().map(|&t| x[t as usize]);
            if left_moves[s] {
                into.any(|b| b)
            } else {
                into.all(|b| b)
            }
        };
        let mut z = vec![true; n];
        loop {
            let mut y = vec![false; n];
            loop {
                let grown: Vec<bool> = (0..n)
                    .map(|s| (accepting[s] && pre(&z, s)) || pre(&y, s))
                    .collect();
                if grown == y {
                    break;
                }
                y = grown;
            }
            if y == z {
                return z;
            }
            z = y;
        }
    }

    #[test]
    fn buchi_matches_the_nested_fixed_points() {
        let mut next = generator(11);
        for _ in 0..500 {
            let n = 1 + (next() % 9) as usize;
            let successors: Vec<Vec<u32>> = (0..n)
                .map(|_| {
                    (0..1 + next() % 3)
                        .map(|_| (next() % n as u64) as u32)
                        .collect()
                })
                .collect();
            let left_moves: Vec<bool> = (0..n).map(|_| next().is_multiple_of(2)).collect();
            let accepting: Vec<bool> = (0..n).map(|_| next().is_multiple_of(3)).collect();
            let mut back = vec![Vec::new(); n];
            for (s, targets) in successors.iter().enumerate() {
                for &t in targets {
                    back[t as usize].push(s as u32);
                }
            }
            let found = unlimited(|b| {
                buchi(
                    &Rows::of(&successors),
                    &Rows::of(&back),
                    &left_moves,
                    &accepting,
                    b,
                )
            })
            .unwrap();
            assert_eq!(found, naive_buchi(&successors, &left_moves, &accepting));
        }
    }

    #[test]
    fn both_side_orders_are_survival_on_stoppers() {
        let mut next = generator(13);
        let mut checked = 0;
        while checked < 200 {
            let (n, m) = (1 + (next() % 6) as usize, 1 + (next() % 6) as usize);
            let (gl, gr) = random_graph(&mut next, n);
            let (hl, hr) = random_graph(&mut next, m);
            if !is_stopper(&gl, &gr) || !is_stopper(&hl, &hr) {
                continue;
            }
            checked += 1;
            let (gl, gr, hl, hr) = (Rows::of(&gl), Rows::of(&gr), Rows::of(&hl), Rows::of(&hr));
            let (g, h) = (Graph::of(&gl, &gr), Graph::of(&hl, &hr));
            let survival = unlimited(|b| survival_table(&g, &h, b)).unwrap();
            for onside in [true, false] {
                assert_eq!(
                    unlimited(|b| side_table(&g, &h, onside, b)).unwrap(),
                    survival
                );
            }
        }
    }

    #[test]
    fn bad_arrays_are_refused() {
        let graph = Graph {
            left_offsets: &[0, 1],
            left_targets: &[3],
            right_offsets: &[0, 0],
            right_targets: &[],
        };
        assert!(graph.check().is_err());
        let graph = Graph {
            left_offsets: &[0, 2],
            left_targets: &[0],
            right_offsets: &[0, 0],
            right_targets: &[],
        };
        assert!(graph.check().is_err());
    }
}
