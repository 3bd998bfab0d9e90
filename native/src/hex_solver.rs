//! A Hex solver of the literature's kind: depth-first proof-number search over boards
//! reduced by dead cells and captured pairs (`hex.rs`), with virtual connections found by
//! H-search deciding positions early and restricting the loser's moves to the must-play
//! region.  The methods are those of Anshelevich (2002, "A hierarchical approach to
//! computer Hex": H-search's and-rule and or-rule), Hayward et al. (2005, "Solving 7×7 Hex
//! with domination, fill-in, and virtual connections": fill-in, must-play) and Nagai
//! (2002) with Pawlewicz & Lew's 1+ε thresholds (2007) for the search; the code and the
//! proofs in the comments are ours.
//!
//! Cells are bits r·n + c of a `u128` as in `hex.rs`; red joins top and bottom.
//!
//! **Virtual connections.**  For one player P, an *end* is an empty cell, a group of P's
//! stones, or one of P's two edges (with the stones touching it).  A *full* connection
//! between ends x and y with carrier C (empty cells, not x or y) means P joins x and y
//! however the opponent plays inside C, even moving first; a *semi* connection with key k
//! (k in its carrier) means P joins them by moving first, at k.  An empty end counts as
//! P's stone.  Base: adjacent ends are fully connected with the empty carrier.  And-rule:
//! full x–m (carrier C) and full m–y (carrier D) with C, D disjoint and avoiding x and y
//! give a full x–y with carrier C ∪ D when m is a group (it is P's), and a semi with key m
//! and carrier C ∪ D ∪ {m} when m is an empty cell.  Or-rule: semis x–y whose carriers
//! have no common cell give a full x–y with the union of the carriers (the opponent's
//! move misses one of them, and P plays its key); each new semi is tried in every set
//! of semis that shrinks the common cells step by step to nothing (depth-first, bounded
//! by `OR_STEPS`), not only in pairs: on 6×6 this alone cuts the positions a search
//! expands by up to twenty times.  Connections stay valid when the opponent plays
//! outside their carrier, which is all the search uses.
//!
//! **Deciding a position.**  The player to move wins if they have a full or a semi
//! between their edges.  They lose if the opponent has a full one.  Otherwise every
//! winning move lies in each opponent semi's carrier (else the opponent plays its key
//! and is connected within the rest): the search tries only the intersection of those
//! carriers (the must-play region), and an empty intersection is a loss.  Moves that
//! another move dominates (it gets them for free by fill-in) are skipped
//! (`HexSolver::dominated`).
//!
//! **Search.**  A node's children are all evaluated when it is first expanded, and an
//! undecided position starts with proof number 1 and disproof number the size of its
//! mover's must-play region (the mover must refute each of those moves to lose): the
//! proof-number search then prefers moves that leave the opponent fewest answers, the
//! usual mobility initialisation of proof-number search.  7×7's opening (1, 3), open
//! after a minute of CPU with every number 1, takes 4,698 positions (`docs/benchmarks.md`).

use std::cell::RefCell;
use std::sync::atomic::{AtomicBool, AtomicU8, AtomicUsize, Ordering};

use hashbrown::HashMap;

use crate::budget::{Budget, Stop};
use crate::hex::Hex;

/// A proof or disproof number that means "never" (saturating arithmetic keeps below it).
pub const INFINITE: u32 = u32::MAX / 2;

/// Most full (semi) connections kept between two ends: the usual soft limits of
/// H-search, which keep it polynomial at the price of missing some connections.
const MAX_FULL: usize = 8;
const MAX_SEMI: usize = 16;

/// Which pruning rules the solver uses (all by default; tests switch them off one by one
/// and compare with the plain search).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Rules {
    /// Fill dead cells.
    pub dead: bool,
    /// Fill captured pairs.
    pub captured: bool,
    /// Decide positions and restrict moves by virtual connections.
    pub connections: bool,
    /// Skip moves another move dominates (capture domination).
    pub dominated: bool,
}

impl Default for Rules {
    fn default() -> Self {
        Rules {
            dead: true,
            captured: true,
            connections: true,
            dominated: true,
        }
    }
}

/// A virtual connection between a player's two edges: its carrier (the empty cells it
/// needs, key included) and, for a semi connection, the key.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Connection {
    pub carrier: u128,
    pub key: Option<usize>,
}

/// (red, blue, red to move) of a reduced board or its half turn (`HexSolver::key`).
type Key = (u128, u128, bool);

#[derive(Clone, Copy)]
struct Entry {
    /// Proof number of "the player to move wins", and the disproof number.
    pn: u32,
    dn: u32,
    /// The moves worth trying (the must-play region).
    moves: u128,
}

/// The connections H-search found between one player's edges.
struct EdgeConnections {
    full: Vec<u128>,
    semi: Vec<(u128, usize)>,
}

/// At most `N` carriers (and, for semi connections, keys), kept in place.
#[derive(Clone, Copy)]
struct Few<const N: usize> {
    len: usize,
    carriers: [u128; N],
    keys: [u8; N],
}

impl<const N: usize> Few<N> {
    const EMPTY: Self = Few {
        len: 0,
        carriers: [0; N],
        keys: [0; N],
    };

    fn carriers(&self) -> &[u128] {
        &self.carriers[..self.len]
    }

    /// Is some carrier a subset of `carrier`?
    fn has_subset_of(&self, carrier: u128) -> bool {
        self.carriers().iter().any(|&c| c & !carrier == 0)
    }

    /// Drop the carriers that contain `carrier`.
    fn drop_supersets_of(&mut self, carrier: u128) {
        let mut kept = 0;
        for i in 0..self.len {
            if carrier & !self.carriers[i] != 0 {
                self.carriers[kept] = self.carriers[i];
                self.keys[kept] = self.keys[i];
                kept += 1;
            }
        }
        self.len = kept;
    }

    fn push(&mut self, carrier: u128, key: usize) -> bool {
        if self.len == N {
            return false;
        }
        self.carriers[self.len] = carrier;
        self.keys[self.len] = key as u8;
        self.len += 1;
        true
    }
}

/// How far H-search goes: to the first connection between the edges (full or semi), to
/// the first full one, or to the end.
#[derive(Clone, Copy)]
enum Until {
    Connection,
    Full,
    Everything,
}

/// Most sets of semi carriers the or-rule tries for one new semi connection.
const OR_STEPS: usize = 256;

/// The or-rule (Anshelevich 2002): sets of semi carriers, `carriers[start..]` added to
/// one whose cells in common are `common` and union `union`, with no cell in common
/// (the opponent's move misses one of them, whose key the player then plays).  Each
/// carrier added must shrink the common cells; depth-first, at most `MAX_FULL` unions
/// and `steps` sets tried.
fn or_rule(
    carriers: &[u128],
    start: usize,
    common: u128,
    union: u128,
    found: &mut [u128; MAX_FULL],
    count: &mut usize,
    steps: &mut usize,
) {
    for (j, &s) in carriers.iter().enumerate().skip(start) {
        if *count == MAX_FULL || *steps == 0 {
            return;
        }
        *steps -= 1;
        let shared = common & s;
        if shared == common {
            continue;
        }
        if shared == 0 {
            found[*count] = union | s;
            *count += 1;
        } else {
            or_rule(carriers, j + 1, shared, union | s, found, count, steps);
        }
    }
}

/// H-search's working state for one player on one board (kept between boards so its
/// tables are allocated once).
struct HSearch {
    ends: usize,
    /// The empty cell an end is, or None for a group or an edge (ends 0 and 1).
    cell_of: Vec<Option<usize>>,
    full: Vec<Few<MAX_FULL>>,
    semi: Vec<Few<MAX_SEMI>>,
    /// For each end, the ends it has a full connection with.
    partners: Vec<Vec<usize>>,
    queue: Vec<(usize, usize, u128)>,
}

impl HSearch {
    fn new() -> Self {
        HSearch {
            ends: 0,
            cell_of: Vec::new(),
            full: Vec::new(),
            semi: Vec::new(),
            partners: Vec::new(),
            queue: Vec::new(),
        }
    }

    /// Start again with these ends and no connections.
    fn reset(&mut self, cell_of: &[Option<usize>]) {
        self.ends = cell_of.len();
        self.cell_of.clear();
        self.cell_of.extend_from_slice(cell_of);
        let pairs = self.ends * self.ends;
        if self.full.len() < pairs {
            self.full.resize(pairs, Few::EMPTY);
            self.semi.resize(pairs, Few::EMPTY);
        }
        for p in 0..pairs {
            self.full[p].len = 0;
            self.semi[p].len = 0;
        }
        if self.partners.len() < self.ends {
            self.partners.resize(self.ends, Vec::new());
        }
        for partners in &mut self.partners[..self.ends] {
            partners.clear();
        }
        self.queue.clear();
    }

    fn pair(&self, x: usize, y: usize) -> usize {
        if x < y {
            x * self.ends + y
        } else {
            y * self.ends + x
        }
    }

    fn add_full(&mut self, x: usize, y: usize, carrier: u128) {
        if x == y {
            return;
        }
        let p = self.pair(x, y);
        let fulls = &mut self.full[p];
        if fulls.has_subset_of(carrier) {
            return;
        }
        let first = fulls.len == 0;
        fulls.drop_supersets_of(carrier);
        if !fulls.push(carrier, 0) {
            return;
        }
        if first {
            self.partners[x].push(y);
            self.partners[y].push(x);
        }
        self.semi[p].drop_supersets_of(carrier);
        self.queue.push((x, y, carrier));
    }

    fn add_semi(&mut self, x: usize, y: usize, key: usize, carrier: u128) {
        if x == y {
            return;
        }
        let p = self.pair(x, y);
        if self.full[p].has_subset_of(carrier) || self.semi[p].has_subset_of(carrier) {
            return;
        }
        let semis = &mut self.semi[p];
        semis.drop_supersets_of(carrier);
        if semis.len == MAX_SEMI {
            return;
        }
        let mut found = [0u128; MAX_FULL];
        let mut count = 0;
        let mut steps = OR_STEPS;
        or_rule(
            semis.carriers(),
            0,
            carrier,
            carrier,
            &mut found,
            &mut count,
            &mut steps,
        );
        semis.push(carrier, key);
        for &union in &found[..count] {
            self.add_full(x, y, union);
        }
    }

    /// Apply the and-rule to every new full connection until none is left or `until`
    /// is satisfied.
    fn close(&mut self, until: Until) {
        let edges = self.pair(0, 1);
        while let Some((x, y, carrier)) = self.queue.pop() {
            let (fulls, semis) = (self.full[edges].len, self.semi[edges].len);
            if match until {
                Until::Connection => fulls + semis > 0,
                Until::Full => fulls > 0,
                Until::Everything => false,
            } {
                return;
            }
            if !self.full[self.pair(x, y)].carriers().contains(&carrier) {
                continue; // replaced by a smaller carrier meanwhile
            }
            for (middle, end) in [(x, y), (y, x)] {
                if middle < 2 {
                    continue; // not through an edge: never needed between the edges
                }
                let middle_cell = self.cell_of[middle];
                for j in 0..self.partners[middle].len() {
                    let other = self.partners[middle][j];
                    if other == end {
                        continue;
                    }
                    let p = self.pair(middle, other);
                    let mut i = 0;
                    while i < self.full[p].len {
                        let second = self.full[p].carriers[i];
                        i += 1;
                        if second & carrier != 0
                            || self.cell_of[end].is_some_and(|c| second >> c & 1 != 0)
                            || self.cell_of[other].is_some_and(|c| carrier >> c & 1 != 0)
                        {
                            continue;
                        }
                        match middle_cell {
                            None => self.add_full(end, other, carrier | second),
                            Some(cell) => {
                                self.add_semi(end, other, cell, carrier | second | 1u128 << cell)
                            }
                        }
                    }
                }
            }
        }
    }
}

/// The solver of one board side: its geometry, rules and transposition table.
pub struct HexSolver {
    side: usize,
    hex: Hex,
    rules: Rules,
    table: HashMap<Key, Entry>,
    /// H-search's tables, allocated once.
    scratch: RefCell<HSearch>,
}

fn cells(mut mask: u128) -> impl Iterator<Item = usize> {
    std::iter::from_fn(move || {
        (mask != 0).then(|| {
            let cell = mask.trailing_zeros() as usize;
            mask &= mask - 1;
            cell
        })
    })
}

impl HexSolver {
    /// The solver of side `n` (1..=11) with these rules.
    pub fn new(n: usize, rules: Rules) -> Result<Self, String> {
        Ok(HexSolver {
            side: n,
            hex: Hex::new(n)?,
            rules,
            table: HashMap::new(),
            scratch: RefCell::new(HSearch::new()),
        })
    }

    /// Entries in the transposition table.
    pub fn len(&self) -> usize {
        self.table.len()
    }

    /// Is the table empty?
    pub fn is_empty(&self) -> bool {
        self.table.is_empty()
    }

    /// Err (one line) unless `red` and `blue` are disjoint sets of cells of the board.
    pub fn validate(&self, red: u128, blue: u128) -> Result<(), String> {
        if red & blue != 0 {
            return Err(format!(
                "cells {:#x} are both red and blue: give each cell one colour",
                red & blue
            ));
        }
        if (red | blue) & !self.hex.full != 0 {
            return Err("stones off the board: use bits below n * n".to_string());
        }
        Ok(())
    }

    /// The empty cells of the board.
    pub fn empty(&self, red: u128, blue: u128) -> u128 {
        self.hex.full & !(red | blue)
    }

    /// Has someone joined their sides?
    pub fn won(&self, red: u128, blue: u128) -> bool {
        self.hex.winner(red, blue).is_some()
    }

    fn check(&self, red: u128, blue: u128) {
        if let Err(problem) = self.validate(red, blue) {
            panic!("{problem}");
        }
    }

    /// `mask` and the cells next to it.
    fn near(&self, mask: u128) -> u128 {
        cells(mask).fold(mask, |around, c| around | self.hex.neighbours[c])
    }

    /// Fill dead cells (red) and captured pairs, as far as the rules allow, on a board
    /// that was reduced before the stones `changed` were put on it (`self.hex.full`:
    /// nothing known).  A cell's deadness depends on its ring alone, and a pair's capture
    /// on the rings of its two cells, so only cells within two steps of a change can
    /// become dead or captured: the others are not looked at.
    pub fn reduce(&self, mut red: u128, mut blue: u128, mut changed: u128) -> (u128, u128) {
        loop {
            let within = self.near(self.near(changed));
            let dead = if self.rules.dead {
                self.hex.dead_cells(red, blue, within)
            } else {
                0
            };
            let (red_gain, blue_gain) = if self.rules.captured {
                self.hex.captured_pairs(red | dead, blue, within)
            } else {
                (0, 0)
            };
            changed = dead | red_gain | blue_gain;
            if changed == 0 {
                return (red, blue);
            }
            red |= dead | red_gain;
            blue |= blue_gain;
        }
    }

    /// H-search for red (or blue) on this board: the connections between their edges,
    /// as many as `until` asks for.
    fn edge_connections(
        &self,
        red: u128,
        blue: u128,
        for_red: bool,
        until: Until,
    ) -> EdgeConnections {
        let hex = &self.hex;
        let (mine, empty) = (if for_red { red } else { blue }, hex.full & !(red | blue));
        let (side_a, side_b) = if for_red {
            (hex.top, hex.bottom)
        } else {
            (hex.left, hex.right)
        };
        let around = |stones: u128| cells(stones).fold(0u128, |m, c| m | hex.neighbours[c]);
        // Ends: the two edges (with the stones joined to them), other groups, empty cells.
        let mut adjacent = Vec::new();
        let mut cell_of = Vec::new();
        let mut rest = mine;
        for side in [side_a, side_b] {
            let group = hex.spread(mine, side);
            rest &= !group;
            adjacent.push((side | around(group)) & empty);
            cell_of.push(None);
        }
        while rest != 0 {
            let group = hex.spread(mine, rest & rest.wrapping_neg());
            rest &= !group;
            adjacent.push(around(group) & empty);
            cell_of.push(None);
        }
        let mut end_of = [usize::MAX; 128];
        for cell in cells(empty) {
            end_of[cell] = cell_of.len();
            adjacent.push(hex.neighbours[cell] & empty);
            cell_of.push(Some(cell));
        }
        let mut search = self.scratch.borrow_mut();
        search.reset(&cell_of);
        for (end, &next) in adjacent.iter().enumerate() {
            for cell in cells(next) {
                if end_of[cell] > end {
                    search.add_full(end, end_of[cell], 0);
                }
            }
        }
        search.close(until);
        let p = search.pair(0, 1);
        let (full, semi) = (&search.full[p], &search.semi[p]);
        EdgeConnections {
            full: full.carriers().to_vec(),
            semi: (0..semi.len)
                .map(|i| (semi.carriers[i], semi.keys[i] as usize))
                .collect(),
        }
    }

    /// A virtual connection of red's (or blue's) edges on this board as it stands (no
    /// cells filled in): the full one of fewest cells H-search finds, else such a semi
    /// one; the empty carrier if they are joined already.
    pub fn connection(&self, red: u128, blue: u128, for_red: bool) -> Option<Connection> {
        self.check(red, blue);
        if let Some(red_won) = self.hex.winner(red, blue) {
            return (red_won == for_red).then_some(Connection {
                carrier: 0,
                key: None,
            });
        }
        let found = self.edge_connections(red, blue, for_red, Until::Everything);
        let fulls = found
            .full
            .iter()
            .map(|&carrier| Connection { carrier, key: None });
        let semis = found.semi.iter().map(|&(carrier, key)| Connection {
            carrier,
            key: Some(key),
        });
        let smallest = |c: &Connection| c.carrier.count_ones();
        fulls
            .min_by_key(smallest)
            .or_else(|| semis.min_by_key(smallest))
    }

    /// Evaluate a reduced board nobody has won: decided, or the moves worth trying.
    fn evaluate(&self, red: u128, blue: u128, red_moves: bool) -> Entry {
        let empty = self.hex.full & !(red | blue);
        let won = Entry {
            pn: 0,
            dn: INFINITE,
            moves: 0,
        };
        let lost = Entry {
            pn: INFINITE,
            dn: 0,
            moves: 0,
        };
        let mut moves = empty;
        if self.rules.connections {
            let mine = self.edge_connections(red, blue, red_moves, Until::Connection);
            if !mine.full.is_empty() || !mine.semi.is_empty() {
                return won;
            }
            let theirs = self.edge_connections(red, blue, !red_moves, Until::Full);
            if !theirs.full.is_empty() {
                return lost;
            }
            moves = theirs
                .semi
                .iter()
                .fold(moves, |m, &(carrier, _)| m & carrier);
        }
        if self.rules.dominated && moves != 0 {
            moves &= !self.dominated(red, blue, red_moves, moves);
        }
        if moves == 0 {
            return lost;
        }
        Entry {
            pn: 1,
            dn: moves.count_ones(),
            moves,
        }
    }

    /// The cells the player to move gets for free by playing `cell`: after it, dead
    /// cells and the mover's captured pairs filled with the mover's colour, until none
    /// is left (each fill keeps the value: a dead cell's colour never matters, and a
    /// captured pair is the mover's whoever plays in it first).
    fn filled_after(&self, red: u128, blue: u128, red_moves: bool, cell: usize) -> u128 {
        let bit = 1u128 << cell;
        let (mut r, mut b) = if red_moves {
            (red | bit, blue)
        } else {
            (red, blue | bit)
        };
        let mut changed = bit;
        loop {
            let within = self.near(self.near(changed));
            let dead = self.hex.dead_cells(r, b, within);
            changed = if red_moves {
                dead | self.hex.captured_pairs(r | dead, b, within).0
            } else {
                dead | self.hex.captured_pairs(r, b | dead, within).1
            };
            if changed == 0 {
                return (r | b) & !(red | blue | bit);
            }
            if red_moves {
                r |= changed;
            } else {
                b |= changed;
            }
        }
    }

    /// The moves among `candidates` the player to move may skip (capture domination,
    /// Hayward et al. 2005, §4): a move c is dominated by a move d that gets c for free
    /// (`filled_after`).  The board after d equals in value the board after d with c
    /// and the other free cells the mover's, which is the board after c with extra
    /// stones of the mover's, and extra stones never hurt their owner.  Moves are
    /// skipped in turn, each only for a d not skipped so far, so every skipped move
    /// leads by a chain of later-skipped moves to one that is kept (or to a d outside
    /// the candidates, which then loses too): the best move survives.
    fn dominated(&self, red: u128, blue: u128, red_moves: bool, candidates: u128) -> u128 {
        let empty = self.hex.full & !(red | blue);
        let around = |m: u128| cells(m).fold(m, |a, c| a | self.hex.neighbours[c]);
        let fills: Vec<(usize, u128)> = cells(around(around(candidates)) & empty)
            .map(|d| (d, self.filled_after(red, blue, red_moves, d)))
            .filter(|&(_, free)| free & candidates != 0)
            .collect();
        let mut skipped = 0u128;
        for &c in &self.hex.order {
            if candidates >> c & 1 != 0
                && fills
                    .iter()
                    .any(|&(d, free)| free >> c & 1 != 0 && skipped >> d & 1 == 0)
            {
                skipped |= 1u128 << c;
            }
        }
        skipped
    }

    /// The reduced child after a move, or its value if someone has won.
    fn child(
        &self,
        red: u128,
        blue: u128,
        red_moves: bool,
        cell: usize,
    ) -> Result<Key, (u32, u32)> {
        let bit = 1u128 << cell;
        let (red, blue) = if red_moves {
            self.reduce(red | bit, blue, bit)
        } else {
            self.reduce(red, blue | bit, bit)
        };
        match self.hex.winner(red, blue) {
            // The child's mover is !red_moves: they win iff the winner is theirs.
            Some(red_won) if red_won != red_moves => Err((0, INFINITE)),
            Some(_) => Err((INFINITE, 0)),
            None => Ok(self.key(red, blue, !red_moves)),
        }
    }

    /// The table's key of a board: it or its half turn (which keeps both players'
    /// sides and so the outcome), whichever is less.
    fn key(&self, red: u128, blue: u128, red_moves: bool) -> Key {
        let cells = self.hex.full.count_ones();
        let turn = |mask: u128| mask.reverse_bits() >> (128 - cells);
        let turned = (turn(red), turn(blue));
        let (red, blue) = (red, blue).min(turned);
        (red, blue, red_moves)
    }

    fn numbers(&self, child: &Result<Key, (u32, u32)>) -> (u32, u32) {
        match child {
            Err(value) => *value,
            Ok(key) => self.table.get(key).map_or((1, 1), |e| (e.pn, e.dn)),
        }
    }

    /// Depth-first proof-number search below a reduced board nobody has won, until its
    /// proof number reaches `limit_pn` or its disproof number `limit_dn`.
    fn mid(
        &mut self,
        key: Key,
        limit_pn: u32,
        limit_dn: u32,
        budget: &mut Budget,
    ) -> Result<(), Stop> {
        let (red, blue, red_moves) = key;
        let entry = match self.table.get(&key) {
            Some(&entry) => entry,
            None => {
                budget.tick_slow()?;
                let entry = self.evaluate(red, blue, red_moves);
                self.table.insert(key, entry);
                entry
            }
        };
        if entry.pn >= limit_pn || entry.dn >= limit_dn {
            return Ok(());
        }
        let empty = entry.moves;
        let children: Vec<Result<Key, (u32, u32)>> = self
            .hex
            .order
            .iter()
            .filter(|&&cell| empty >> cell & 1 != 0)
            .map(|&cell| self.child(red, blue, red_moves, cell))
            .collect();
        for child in &children {
            if let Ok(key) = *child {
                if !self.table.contains_key(&key) {
                    budget.tick_slow()?;
                    let entry = self.evaluate(key.0, key.1, key.2);
                    self.table.insert(key, entry);
                }
            }
        }
        loop {
            let (mut pn, mut dn) = (INFINITE, 0u32);
            let (mut best, mut best_dn, mut second_dn, mut best_pn) = (0, INFINITE, INFINITE, 0);
            for (i, child) in children.iter().enumerate() {
                let (child_pn, child_dn) = self.numbers(child);
                pn = pn.min(child_dn);
                dn = dn.saturating_add(child_pn).min(INFINITE);
                if child_dn < best_dn {
                    (second_dn, best_dn, best, best_pn) = (best_dn, child_dn, i, child_pn);
                } else if child_dn < second_dn {
                    second_dn = child_dn;
                }
            }
            if pn >= limit_pn || dn >= limit_dn || pn == 0 || dn >= INFINITE {
                let entry = self.table.get_mut(&key).expect("the node was stored");
                (entry.pn, entry.dn) = (pn, dn);
                return Ok(());
            }
            let child_pn = limit_dn.saturating_sub(dn - best_pn).min(INFINITE);
            let child_dn = limit_pn.min(second_dn.saturating_add(1 + second_dn / 4));
            let Ok(child) = children[best] else {
                unreachable!("a decided child has a proof or disproof number 0")
            };
            self.mid(child, child_pn, child_dn, budget)?;
        }
    }

    /// Does the player to move win?  Nobody moves once someone has joined their sides.
    pub fn wins(
        &mut self,
        red: u128,
        blue: u128,
        red_moves: bool,
        budget: &mut Budget,
    ) -> Result<bool, Stop> {
        self.check(red, blue);
        if self.hex.winner(red, blue).is_some() {
            return Ok(false);
        }
        let (red, blue) = self.reduce(red, blue, self.hex.full);
        if let Some(red_won) = self.hex.winner(red, blue) {
            return Ok(red_won == red_moves);
        }
        let key = self.key(red, blue, red_moves);
        loop {
            self.mid(key, INFINITE, INFINITE, budget)?;
            let entry = self.table[&key];
            if entry.pn == 0 || entry.dn == 0 {
                return Ok(entry.pn == 0);
            }
        }
    }

    /// A winning move for the player to move (the cell), or None if they lose.
    pub fn winning_move(
        &mut self,
        red: u128,
        blue: u128,
        red_moves: bool,
        budget: &mut Budget,
    ) -> Result<Option<usize>, Stop> {
        if !self.wins(red, blue, red_moves, budget)? {
            return Ok(None);
        }
        let empty = self.hex.full & !(red | blue);
        let order: Vec<usize> = self
            .hex
            .order
            .iter()
            .copied()
            .filter(|&c| empty >> c & 1 != 0)
            .collect();
        for cell in order {
            let bit = 1u128 << cell;
            let (r, b) = if red_moves {
                (red | bit, blue)
            } else {
                (red, blue | bit)
            };
            if self.hex.winner(r, b).is_some() || !self.wins(r, b, !red_moves, budget)? {
                return Ok(Some(cell));
            }
        }
        unreachable!("a won position has a winning move")
    }

    /// Does the player to move win by playing at the empty `cell`?
    pub fn move_wins(
        &mut self,
        red: u128,
        blue: u128,
        red_moves: bool,
        cell: usize,
        budget: &mut Budget,
    ) -> Result<bool, Stop> {
        let bit = 1u128 << cell;
        let (red, blue) = if red_moves {
            (red | bit, blue)
        } else {
            (red, blue | bit)
        };
        Ok(self.hex.winner(red, blue).is_some() || !self.wins(red, blue, !red_moves, budget)?)
    }

    /// `move_wins` for each of `moves` (empty cells of a board nobody has won), on
    /// `threads` threads that take the moves in turn, those farthest from the centre
    /// first (on an empty board they are the hardest: a thread that takes them last
    /// would run alone at the end): this solver (its table kept) and `threads - 1`
    /// fresh ones.  The calling thread watches `budget`'s clock and
    /// interrupt hook; each worker may expand what is left of its node budget, and the
    /// positions all expanded are charged to it.
    pub fn move_values(
        &mut self,
        red: u128,
        blue: u128,
        red_moves: bool,
        moves: &[usize],
        threads: usize,
        budget: &mut Budget,
    ) -> Result<Vec<bool>, Stop> {
        const UNKNOWN: u8 = 2;
        let next = AtomicUsize::new(0);
        let stop = AtomicBool::new(false);
        let found: Vec<AtomicU8> = moves.iter().map(|_| AtomicU8::new(UNKNOWN)).collect();
        let mut rank = [0usize; 128];
        for (i, &cell) in self.hex.order.iter().enumerate() {
            rank[cell] = i;
        }
        let mut turns: Vec<usize> = (0..moves.len()).collect();
        turns.sort_by_key(|&i| std::cmp::Reverse(rank[moves[i]]));
        let (n, rules, allowed) = (self.side, self.rules, budget.nodes_left());
        let work = |solver: &mut HexSolver| {
            let mut halted = || stop.load(Ordering::Relaxed);
            let mut own = Budget::new(Some(allowed), None, &mut halted);
            let outcome = loop {
                let Some(&i) = turns.get(next.fetch_add(1, Ordering::Relaxed)) else {
                    break Ok(());
                };
                let cell = moves[i];
                match solver.move_wins(red, blue, red_moves, cell, &mut own) {
                    Ok(won) => found[i].store(u8::from(won), Ordering::Relaxed),
                    Err(why) => {
                        stop.store(true, Ordering::Relaxed);
                        break Err(why);
                    }
                }
            };
            (own.nodes, outcome)
        };
        let (watched, outcomes) = std::thread::scope(|scope| {
            let mut workers = vec![scope.spawn(|| work(self))];
            for _ in 1..threads.max(1) {
                workers.push(scope.spawn(|| {
                    let mut solver = HexSolver::new(n, rules).expect("the side was checked");
                    work(&mut solver)
                }));
            }
            let mut watched = Ok(());
            while !workers.iter().all(|w| w.is_finished()) {
                if let Err(why) = budget.poll() {
                    stop.store(true, Ordering::Relaxed);
                    watched = Err(why);
                    break;
                }
                std::thread::sleep(std::time::Duration::from_millis(10));
            }
            let outcomes: Vec<_> = workers
                .into_iter()
                .map(|w| {
                    w.join()
                        .unwrap_or_else(|panic| std::panic::resume_unwind(panic))
                })
                .collect();
            (watched, outcomes)
        });
        watched?;
        let mut reasons = Vec::new();
        for (nodes, outcome) in outcomes {
            reasons.extend(budget.charge(nodes).err());
            reasons.extend(outcome.err());
        }
        // Workers halted by another's stop report Interrupted: report the other reason.
        let first = reasons.first().copied();
        if let Some(why) = reasons
            .into_iter()
            .find(|&w| w != Stop::Interrupted)
            .or(first)
        {
            return Err(why);
        }
        Ok(found
            .iter()
            .map(|f| f.load(Ordering::Relaxed) == 1)
            .collect())
    }
}

#[cfg(test)]
mod tests {
    use super::{or_rule, HexSolver, Rules, MAX_FULL, OR_STEPS};
    use crate::budget::unlimited;
    use crate::hex::Hex;

    fn xorshift(state: &mut u64) -> u64 {
        *state ^= *state << 13;
        *state ^= *state >> 7;
        *state ^= *state << 17;
        *state
    }

    #[test]
    fn every_rule_set_agrees_with_the_plain_kernel_on_random_boards() {
        let mut state = 0x9e37_79b9_7f4a_7c15u64;
        for round in 0..300 {
            let n = 2 + (round % 3);
            let mut plain = Hex::new(n).unwrap();
            let (mut red, mut blue) = (0u128, 0u128);
            for cell in 0..n * n {
                match xorshift(&mut state) % 5 {
                    0 => red |= 1 << cell,
                    1 => blue |= 1 << cell,
                    _ => {}
                }
            }
            let red_moves = xorshift(&mut state).is_multiple_of(2);
            let expected = unlimited(|b| plain.wins(red, blue, red_moves, b)).unwrap();
            for mask in 0..16 {
                let rules = Rules {
                    dead: mask & 1 != 0,
                    captured: mask & 2 != 0,
                    connections: mask & 4 != 0,
                    dominated: mask & 8 != 0,
                };
                let mut solver = HexSolver::new(n, rules).unwrap();
                let won = unlimited(|b| solver.wins(red, blue, red_moves, b)).unwrap();
                assert_eq!(won, expected, "n {n} red {red:#x} blue {blue:#x} {rules:?}");
            }
        }
    }

    #[test]
    fn fill_in_near_the_new_stone_equals_fill_in_everywhere() {
        let mut state = 0x2545_f491_4f6c_dd1du64;
        for round in 0..2000 {
            let n = 3 + round % 5;
            let solver = HexSolver::new(n, Rules::default()).unwrap();
            let (mut red, mut blue) = (0u128, 0u128);
            for cell in 0..n * n {
                match xorshift(&mut state) % 6 {
                    0 => red |= 1 << cell,
                    1 => blue |= 1 << cell,
                    _ => {}
                }
            }
            let full = solver.hex.full;
            let (red, blue) = solver.reduce(red, blue, full);
            let empty: Vec<usize> = super::cells(solver.empty(red, blue)).collect();
            if empty.is_empty() {
                continue;
            }
            let bit = 1u128 << empty[xorshift(&mut state) as usize % empty.len()];
            let (r, b) = if xorshift(&mut state).is_multiple_of(2) {
                (red | bit, blue)
            } else {
                (red, blue | bit)
            };
            assert_eq!(solver.reduce(r, b, bit), solver.reduce(r, b, full));
        }
    }

    #[test]
    fn the_cells_a_move_gets_for_free_keep_the_value() {
        let mut state = 0x1405_7b7e_f767_814fu64;
        for round in 0..300 {
            let n = 2 + round % 3;
            let mut plain = Hex::new(n).unwrap();
            let solver = HexSolver::new(n, Rules::default()).unwrap();
            let (mut red, mut blue) = (0u128, 0u128);
            for cell in 0..n * n {
                match xorshift(&mut state) % 5 {
                    0 => red |= 1 << cell,
                    1 => blue |= 1 << cell,
                    _ => {}
                }
            }
            let (red, blue) = solver.reduce(red, blue, solver.hex.full);
            if solver.won(red, blue) {
                continue;
            }
            for red_moves in [true, false] {
                for cell in super::cells(solver.empty(red, blue)) {
                    let free = solver.filled_after(red, blue, red_moves, cell);
                    let stone = 1u128 << cell;
                    let mut value = |extra: u128| {
                        let (r, b) = if red_moves {
                            (red | stone | extra, blue)
                        } else {
                            (red, blue | stone | extra)
                        };
                        plain.winner(r, b).is_some()
                            || !unlimited(|b2| plain.wins(r, b, !red_moves, b2)).unwrap()
                    };
                    assert_eq!(value(0), value(free), "n {n} {red:#x} {blue:#x} {cell}");
                }
            }
        }
    }

    #[test]
    fn the_or_rule_finds_sets_of_semis_with_no_common_cell() {
        // Pairwise they share a cell; the three share none.
        let (mut found, mut count, mut steps) = ([0u128; MAX_FULL], 0, OR_STEPS);
        or_rule(
            &[0b011, 0b110],
            0,
            0b101,
            0b101,
            &mut found,
            &mut count,
            &mut steps,
        );
        assert_eq!(&found[..count], &[0b111]);
        // A carrier that does not shrink the common cells is never added.
        let (mut found, mut count) = ([0u128; MAX_FULL], 0);
        or_rule(
            &[0b0111, 0b1000],
            0,
            0b0011,
            0b0011,
            &mut found,
            &mut count,
            &mut steps,
        );
        assert_eq!(&found[..count], &[0b1011]);
    }

    #[test]
    fn the_first_player_wins_empty_boards_and_a_bridge_is_a_connection() {
        for n in 1..=5 {
            let mut solver = HexSolver::new(n, Rules::default()).unwrap();
            assert!(unlimited(|b| solver.wins(0, 0, true, b)).unwrap());
            let cell = unlimited(|b| solver.winning_move(0, 0, true, b))
                .unwrap()
                .unwrap();
            let bit = 1u128 << cell;
            assert!(!unlimited(|b| solver.wins(bit, 0, false, b)).unwrap());
        }
        // A red stone in the middle of the 3x3 board: two bridges to the edges.
        let solver = HexSolver::new(3, Rules::default()).unwrap();
        let found = solver.connection(1 << 4, 0, true).unwrap();
        assert!(found.key.is_none() && found.carrier.count_ones() == 4);
    }
}
