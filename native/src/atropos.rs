//! Atropos win/loss search on abstract states (Burke 2009, Def 3.2.2-3.2.3; seed
//! `004_d08755248cee49c5.txt` L440, L448).
//!
//! The state is the one of `grundy/rulesets/atropos/search.py`, which documents it and
//! stays the reference: the uncoloured open circles, for each of them the colours that
//! would complete a bad triangle (4 bits per circle, bit `c` for colour `c`), for each
//! smallest triangle with one coloured circle that colour (2 bits per triangle), and the
//! circles the player to move may colour.  Suicidal moves are never searched (they lose
//! at once), so a state is lost exactly when every safe move leads to a won state.
//!
//! The board's geometry (neighbours, triangles through each circle, the 36 symmetries of
//! board and colours) comes from Python, so both engines play on the same tables.

use hashbrown::HashMap;

use crate::budget::{Budget, Stop};

/// Circles up to 64 (boards up to n = 10), triangles up to 128 (n = 9).
pub const MAX_CIRCLES: usize = 64;
pub const MAX_TRIANGLES: usize = 128;

/// An abstract state; `forbidden` holds 4 bits per circle, `single` 2 bits per triangle.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord, Default)]
pub struct State {
    pub uncoloured: u64,
    pub candidates: u64,
    pub forbidden: [u64; 4],
    pub single: [u64; 4],
}

impl State {
    #[inline]
    fn forbidden_of(&self, u: usize) -> u64 {
        (self.forbidden[u / 16] >> (4 * (u % 16))) & 15
    }

    #[inline]
    fn forbid(&mut self, u: usize, colour: u64) {
        self.forbidden[u / 16] |= 1 << (4 * (u % 16) + colour as usize);
    }

    #[inline]
    fn clear_forbidden(&mut self, u: usize) {
        self.forbidden[u / 16] &= !(15 << (4 * (u % 16)));
    }

    #[inline]
    fn single_of(&self, t: usize) -> u64 {
        (self.single[t / 32] >> (2 * (t % 32))) & 3
    }

    #[inline]
    fn set_single(&mut self, t: usize, colour: u64) {
        let (limb, shift) = (t / 32, 2 * (t % 32));
        self.single[limb] = (self.single[limb] & !(3 << shift)) | (colour << shift);
    }
}

/// One symmetry: images of circles and triangles, and a permutation of colours 0..=3.
#[derive(Clone, Debug)]
pub struct Symmetry {
    pub cells: Vec<u8>,
    pub triangles: Vec<u8>,
    pub colours: [u8; 4],
}

/// The fixed tables of one board size.
#[derive(Clone, Debug)]
pub struct Geometry {
    pub neighbours: Vec<u64>,
    /// `at[u]`: (triangle, v, w) for each smallest triangle through circle u, where v and
    /// w are the other two circles' indices or -1 for a border circle.
    pub at: Vec<Vec<(u8, i8, i8)>>,
    pub symmetries: Vec<Symmetry>,
    pub restricted: bool,
}

impl Geometry {
    /// Check the tables' sizes; the error names what is out of range.
    pub fn new(
        neighbours: Vec<u64>,
        at: Vec<Vec<(u8, i8, i8)>>,
        symmetries: Vec<Symmetry>,
        restricted: bool,
    ) -> Result<Self, String> {
        let size = neighbours.len();
        if size > MAX_CIRCLES || at.len() != size {
            return Err(format!(
                "an Atropos board for the native kernel has at most {MAX_CIRCLES} open circles \
                 (n <= 10) and one triangle list per circle; got {size} and {}",
                at.len()
            ));
        }
        let bad_triangle = at.iter().flatten().any(|&(t, v, w)| {
            t as usize >= MAX_TRIANGLES || v as i64 >= size as i64 || w as i64 >= size as i64
        });
        let bad_symmetry = symmetries.iter().any(|s| {
            s.cells.len() != size
                || s.cells.iter().any(|&c| c as usize >= size)
                || s.triangles.iter().any(|&t| t as usize >= MAX_TRIANGLES)
                || s.colours.iter().any(|&c| c > 3)
        });
        if bad_triangle || bad_symmetry {
            return Err("inconsistent Atropos geometry tables".to_string());
        }
        Ok(Geometry {
            neighbours,
            at,
            symmetries,
            restricted,
        })
    }

    fn candidates(&self, uncoloured: u64, last: usize) -> u64 {
        if self.restricted {
            let near = self.neighbours[last] & uncoloured;
            if near != 0 {
                return near;
            }
        }
        uncoloured
    }

    /// The state after safely colouring open circle `u` with colour `x` (1, 2 or 3).
    pub fn play(&self, state: &State, u: usize, x: u64) -> State {
        let mut next = *state;
        next.uncoloured &= !(1 << u);
        let uncoloured = next.uncoloured;
        let open = |c: i8| c >= 0 && uncoloured >> c & 1 == 1;
        for &(t, v, w) in &self.at[u] {
            let t = t as usize;
            let (v_open, w_open) = (open(v), open(w));
            if v_open && w_open {
                next.set_single(t, x);
            } else if v_open || w_open {
                let other = next.single_of(t);
                next.set_single(t, 0);
                if other != x {
                    next.forbid(if v_open { v as usize } else { w as usize }, 6 - x - other);
                }
            }
        }
        next.clear_forbidden(u);
        next.candidates = self.candidates(next.uncoloured, u);
        next
    }

    /// Every safe (circle, colour) for the player to move.
    pub fn safe_moves(&self, state: &State) -> impl Iterator<Item = (usize, u64)> + '_ {
        let state = *state;
        let mut rest = state.candidates;
        std::iter::from_fn(move || {
            if rest == 0 {
                return None;
            }
            let u = rest.trailing_zeros() as usize;
            rest &= rest - 1;
            Some(u)
        })
        .flat_map(move |u| {
            let banned = state.forbidden_of(u);
            (1..=3u64)
                .filter(move |x| banned >> x & 1 == 0)
                .map(move |x| (u, x))
        })
    }

    /// The least image of `state` under the symmetries (board × colours).
    pub fn canonical(&self, state: &State) -> State {
        let mut best = *state;
        for s in &self.symmetries {
            let mut image = State::default();
            let mut rest = state.uncoloured;
            while rest != 0 {
                let u = rest.trailing_zeros() as usize;
                rest &= rest - 1;
                let to = s.cells[u] as usize;
                image.uncoloured |= 1 << to;
                if state.candidates >> u & 1 == 1 {
                    image.candidates |= 1 << to;
                }
                let banned = state.forbidden_of(u);
                for x in 1..=3u64 {
                    if banned >> x & 1 == 1 {
                        image.forbid(to, s.colours[x as usize] as u64);
                    }
                }
            }
            for (t, &to) in s.triangles.iter().enumerate() {
                let colour = state.single_of(t);
                if colour != 0 {
                    image.set_single(to as usize, s.colours[colour as usize] as u64);
                }
            }
            if image < best {
                best = image;
            }
        }
        best
    }
}

/// A transposition table of bounded size: when the current generation is full it becomes
/// the old one (the older one is dropped), so recent results survive and memory is bounded.
pub struct Table {
    current: HashMap<State, bool>,
    old: HashMap<State, bool>,
    capacity: usize,
}

impl Table {
    pub fn new(capacity: usize) -> Self {
        Table {
            current: HashMap::new(),
            old: HashMap::new(),
            capacity: capacity.max(1),
        }
    }

    #[inline]
    fn get(&self, state: &State) -> Option<bool> {
        self.current
            .get(state)
            .or_else(|| self.old.get(state))
            .copied()
    }

    #[inline]
    fn insert(&mut self, state: State, won: bool) {
        if self.current.len() >= self.capacity {
            self.old = std::mem::take(&mut self.current);
        }
        self.current.insert(state, won);
    }

    pub fn len(&self) -> usize {
        self.current.len() + self.old.len()
    }

    pub fn is_empty(&self) -> bool {
        self.len() == 0
    }
}

/// States within this many plies of the search's root are keyed up to symmetry.
pub const SYMMETRY_DEPTH: usize = 3;

/// Does the player to move win from `state`?  Iterative (an explicit stack), first win
/// cut-off, children already known lost are looked up before any is searched.
pub fn wins(
    geometry: &Geometry,
    table: &mut Table,
    root: State,
    budget: &mut Budget,
) -> Result<bool, Stop> {
    struct Frame {
        key: State,
        children: Vec<State>,
        next: usize,
    }
    let key_of = |state: &State, depth: usize| {
        if depth < SYMMETRY_DEPTH {
            geometry.canonical(state)
        } else {
            *state
        }
    };
    let open = |state: State, depth: usize, table: &Table| -> Result<Frame, bool> {
        let key = key_of(&state, depth);
        if let Some(known) = table.get(&key) {
            return Err(known);
        }
        let mut children: Vec<State> = geometry
            .safe_moves(&state)
            .map(|(u, x)| geometry.play(&state, u, x))
            .collect();
        // Replies that leave the opponent fewest safe moves first: a win found early cuts
        // the rest.
        children.sort_by_cached_key(|child| geometry.safe_moves(child).count());
        if children
            .iter()
            .any(|child| table.get(&key_of(child, depth + 1)) == Some(false))
        {
            return Err(true);
        }
        Ok(Frame {
            key,
            children,
            next: 0,
        })
    };
    let mut stack: Vec<Frame> = Vec::new();
    let mut answer = match open(root, 0, table) {
        Err(known) => return Ok(known),
        Ok(frame) => {
            budget.tick()?;
            stack.push(frame);
            None
        }
    };
    loop {
        let depth = stack.len() - 1;
        let frame = stack
            .last_mut()
            .expect("the stack holds the root until it is solved");
        // `answer` is the value of the child just solved (for its mover).
        let won = match answer.take() {
            Some(false) => Some(true),
            _ if frame.next == frame.children.len() => Some(false),
            _ => None,
        };
        if let Some(won) = won {
            let key = frame.key;
            stack.pop();
            table.insert(key, won);
            if stack.is_empty() {
                return Ok(won);
            }
            answer = Some(won);
            continue;
        }
        let child = frame.children[frame.next];
        frame.next += 1;
        match open(child, depth + 1, table) {
            Err(known) => answer = Some(known),
            Ok(child_frame) => {
                budget.tick()?;
                stack.push(child_frame);
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::budget::unlimited;

    /// The board of size n built here the way `grundy/rulesets/atropos/board.py` builds
    /// it, without symmetries (the search is the same, only slower).
    fn geometry(n: usize, restricted: bool) -> (Geometry, State) {
        let cells: Vec<(usize, usize)> = (1..=n)
            .flat_map(|j| (1..=n - j + 1).map(move |i| (j, i)))
            .collect();
        let index = |c: (usize, usize)| cells.iter().position(|&d| d == c);
        let mut border = std::collections::HashMap::new();
        for i in 1..=n + 1 {
            border.insert((0, i), if i % 2 == 1 { 1 } else { 2 });
        }
        for j in 1..=n + 1 {
            border.insert((j, 0), if j % 2 == 1 { 3 } else { 1 });
            border.insert((j, n + 2 - j), if j % 2 == 1 { 2 } else { 3 });
        }
        let circle = |c: (usize, usize)| index(c).is_some() || border.contains_key(&c);
        let neighbours: Vec<u64> = cells
            .iter()
            .map(|&(j, i)| {
                let around = [
                    (j, i.wrapping_sub(1)),
                    (j, i + 1),
                    (j - 1, i),
                    (j - 1, i + 1),
                    (j + 1, i.wrapping_sub(1)),
                    (j + 1, i),
                ];
                around
                    .iter()
                    .filter_map(|&c| index(c))
                    .fold(0, |m, k| m | 1 << k)
            })
            .collect();
        let mut triangles = Vec::new();
        for j in 0..n + 2 {
            for i in 0..n + 3 {
                for t in [
                    [(j, i), (j, i + 1), (j + 1, i)],
                    [(j, i + 1), (j + 1, i), (j + 1, i + 1)],
                ] {
                    if t.iter().all(|&c| circle(c)) {
                        triangles.push(t);
                    }
                }
            }
        }
        let mut at = vec![Vec::new(); cells.len()];
        let mut start = State {
            uncoloured: (1 << cells.len()) - 1,
            ..State::default()
        };
        for (t, tri) in triangles.iter().enumerate() {
            let slots: Vec<i8> = tri
                .iter()
                .map(|&c| index(c).map_or(-1, |k| k as i8))
                .collect();
            for (k, &s) in slots.iter().enumerate() {
                if s >= 0 {
                    let others: Vec<i8> = (0..3).filter(|&m| m != k).map(|m| slots[m]).collect();
                    at[s as usize].push((t as u8, others[0], others[1]));
                }
            }
            let colours: Vec<u64> = tri.iter().filter_map(|c| border.get(c).copied()).collect();
            let open: Vec<usize> = slots
                .iter()
                .filter(|&&s| s >= 0)
                .map(|&s| s as usize)
                .collect();
            if open.len() == 1 && colours[0] != colours[1] {
                start.forbid(open[0], 6 - colours[0] - colours[1]);
            } else if open.len() == 2 {
                start.set_single(t, colours[0]);
            }
        }
        start.candidates = start.uncoloured;
        (
            Geometry::new(neighbours, at, Vec::new(), restricted).unwrap(),
            start,
        )
    }

    fn first_player_wins(n: usize, restricted: bool) -> bool {
        let (g, start) = geometry(n, restricted);
        let mut table = Table::new(1 << 20);
        unlimited(|b| wins(&g, &mut table, start, b)).unwrap()
    }

    #[test]
    fn outcomes_from_the_start_match_the_python_solver() {
        // As computed by grundy's Python solver (Burke 2009, Conjecture 5.2.1).
        let expected = [false, false, true, true, false];
        for (n, &first) in (1..).zip(&expected) {
            assert_eq!(first_player_wins(n, true), first, "n = {n}");
        }
        for (n, &first) in (1..).zip(&expected[..4]) {
            assert_eq!(first_player_wins(n, false), first, "unrestricted, n = {n}");
        }
    }

    #[test]
    fn a_tiny_table_gives_the_same_answers() {
        let (g, start) = geometry(4, true);
        let mut table = Table::new(8);
        assert_eq!(unlimited(|b| wins(&g, &mut table, start, b)), Ok(true));
        assert!(table.len() <= 16);
    }

    #[test]
    fn the_budget_stops_the_search() {
        let (g, start) = geometry(5, true);
        let mut table = Table::new(1 << 20);
        let mut never = || false;
        let mut budget = Budget::new(Some(10), None, &mut never);
        assert_eq!(wins(&g, &mut table, start, &mut budget), Err(Stop::Nodes));
    }
}
