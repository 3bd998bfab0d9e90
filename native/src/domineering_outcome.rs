//! Domineering outcomes: does the player to move win a board of at most 64 cells?  A
//! win/loss (alpha-beta on two values) search with a transposition table, in the manner
//! of Breuker, Uiterwijk & van den Herik (2000, "Solving 8×8 Domineering", Theoret.
//! Comput. Sci. 230, §3-4) and Bullock (2002, "Domineering: solving large combinatorial
//! search spaces", ICGA J. 25(2), 67-84, §3), with three kinds of Domineering knowledge:
//!
//! * **component values.**  After each move the empty cells fall apart into regions; a
//!   region of at most `Rules::value_cells` cells is replaced by its canonical value
//!   (the `Domineering` kernel), and the search runs on the big regions plus the sum `G`
//!   of those values.  A player may move in a big region or to one of `G`'s canonical
//!   options; equal games have equal outcomes in every sum, so this decides the board.
//!   With no big region left the outcome is read off `G`.
//! * **safe moves against the most moves.**  A *protected* cell is one the opponent can
//!   never cover (no empty neighbour along the opponent's direction); a *safe move* is
//!   a domino on two protected cells, which the opponent can never take away.  Left's
//!   safe moves (a greedy packing, maximum along each column) are moves Left is sure to
//!   make; Right can make at most the horizontal packing number of the empty cells
//!   (⌊run/2⌋ summed over the rows' runs), and at most half the cells it can still
//!   cover less those Left's moves cover there (below; the two players' dominoes never
//!   overlap).  Playing only safe moves, Left moving first
//!   wins when it has more sure moves than Right has possible ones, and Left moving
//!   second wins with at least as many; symmetrically for Right.  Left's *protective
//!   areas* (Bullock's term): 2×2 blocks of empty cells whose left and right neighbours
//!   are all filled, so that a Right domino on a block lies inside it and breaks it,
//!   while Left's first domino there leaves the other column a safe move: two moves
//!   for Left.  Left's vulnerable
//!   moves (a packing of the cells outside the safe moves and the areas) add what Left
//!   is sure to play of them and of the areas (Left takes one while any is left): a
//!   Right domino breaks one area, or at most two vulnerable moves, and only
//!   one of those with no cell beside another's along a row (Bullock's vulnerable moves
//!   of types 2 and 1), so Left plays a third of the first kind, half of the second and
//!   two moves for every second area (`SURE` solves the little game exactly).  Each
//!   vulnerable move or area move Left plays covers two cells Right could use, or one
//!   for a vulnerable move with a protected cell.  `G` is bounded by integers, `n ≤ G ≤ m`
//!   (⌊x⌋ and ⌈x⌉ for a number x; otherwise below the right stop and above the left
//!   one, since R(G) > n gives G > n), and an integer counts as that many sure moves
//!   of its owner: a bound that wins for a player wins with `G` too.
//! * **move ordering.**  Moves after which the player's safe and possible moves most
//!   exceed the opponent's come first, then those that take away most of the opponent's
//!   moves and fewest of one's own (safe moves, which stay available, last), ties broken
//!   by the history heuristic (moves that won most often so far).  The counts the
//!   ordering computes after each move also decide positions: a move after which the
//!   counting rule shows the opponent lost wins at once, without a search, and one
//!   after which it shows the opponent wins is never tried; a child whose big part is
//!   the one the parent counted (no region split off) skips the rule, which has already
//!   failed there.
//!
//! Each rule can be turned off (`Rules`) so that the tests check it against plain search.
//! The table is keyed by the least of the big part's mirror images (on a square board
//! also its transposes, which exchange the players and negate `G`) and `G`'s id; it has
//! a fixed size (`TABLE_SLOTS`, on 2 MB pages where Linux grants them) and keeps the
//! positions whose search took most work.
//! Time: exponential in the cells.

use crate::budget::{Budget, Stop};
use crate::canonical::{Dyadic, Id, Store};
use crate::domineering::{near, shape, shl, shr, Domineering, Region, MAX_CELLS};
use crate::flat::advise_huge_pages;
use crate::symmetric::Symmetric;

/// The pruning rules a search uses.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Rules {
    /// Regions of at most this many cells are played as their canonical value (0: none).
    pub value_cells: usize,
    /// Decide positions by counting safe moves against the opponent's possible moves.
    pub safe_moves: bool,
}

impl Default for Rules {
    fn default() -> Self {
        Rules {
            value_cells: 12,
            safe_moves: true,
        }
    }
}

/// Table bits: Left to move known, Left to move wins, Right to move known, Right wins.
const LEFT_KNOWN: u8 = 1;
const LEFT_WINS: u8 = 2;
const RIGHT_KNOWN: u8 = 4;
const RIGHT_WINS: u8 = 8;

/// The most table slots (16 bytes each): 2^24, 256 MiB.
pub const TABLE_SLOTS: usize = 1 << 24;

/// One table slot: a position (the least image of its big part and the value of its
/// small part), what is known of it (`bits`: 0 for an empty slot) and the work its
/// search took (the bit length of the positions it expanded).
#[derive(Debug, Clone, Copy, Default)]
struct Slot {
    cells: u64,
    small: Id,
    bits: u8,
    work: u8,
}

/// A table of slots in pairs: a position goes to the pair its hash names, into the first
/// slot if it took at least as much work as the position there (which moves to the
/// second), else into the second: a two-level table that keeps the big subtrees, as in
/// the replacement schemes Breuker, Uiterwijk & van den Herik (2000) compare.  It starts
/// small and doubles when it is half full, up to `TABLE_SLOTS`; then it replaces.
struct Table {
    slots: Vec<Slot>,
    used: usize,
}

impl Table {
    fn new() -> Self {
        Table {
            slots: vec![Slot::default(); 1 << 10],
            used: 0,
        }
    }

    fn pair(&self, (cells, small): (u64, Id)) -> usize {
        let hash = (cells ^ u64::from(small).rotate_left(40)).wrapping_mul(0x9E37_79B9_7F4A_7C15);
        (hash >> (65 - self.slots.len().trailing_zeros())) as usize * 2
    }

    /// Twice the slots, every known position put back.
    fn grow(&mut self) {
        let mut doubled = Vec::with_capacity(2 * self.slots.len());
        advise_huge_pages(&mut doubled);
        doubled.resize(2 * self.slots.len(), Slot::default());
        let old = std::mem::replace(&mut self.slots, doubled);
        self.used = 0;
        for slot in old.into_iter().filter(|slot| slot.bits != 0) {
            self.put((slot.cells, slot.small), slot.bits, slot.work);
        }
    }

    /// What is known of `key` (0: nothing).
    fn get(&self, key: (u64, Id)) -> u8 {
        let at = self.pair(key);
        self.slots[at..at + 2]
            .iter()
            .find(|slot| slot.bits != 0 && (slot.cells, slot.small) == key)
            .map_or(0, |slot| slot.bits)
    }

    /// Add `bits` to what is known of `key`, whose search took `work` (the bit length
    /// of the positions it expanded).
    fn put(&mut self, key: (u64, Id), bits: u8, work: u8) {
        if 2 * self.used >= self.slots.len() && self.slots.len() < TABLE_SLOTS {
            self.grow();
        }
        let at = self.pair(key);
        let (cells, small) = key;
        let slot = Slot {
            cells,
            small,
            bits,
            work,
        };
        let pair = &mut self.slots[at..at + 2];
        if let Some(known) = pair
            .iter_mut()
            .find(|slot| slot.bits != 0 && (slot.cells, slot.small) == key)
        {
            known.bits |= bits;
            known.work = known.work.max(work);
            return;
        }
        let before = pair.iter().filter(|slot| slot.bits != 0).count();
        if work >= pair[0].work {
            pair[1] = pair[0];
            pair[0] = slot;
        } else {
            pair[1] = slot;
        }
        self.used = self.used + pair.iter().filter(|slot| slot.bits != 0).count() - before;
    }
}

/// The least of the four mirror images of `region`'s cells; on a board 8 wide, where
/// each row is a byte, by byte operations: reversing the bytes' order flips the rows,
/// reversing the bits in each byte mirrors the columns.
fn least_image(region: Region) -> u64 {
    let cells = region.cells;
    if region.width == 8 {
        let flip = |x: u64| x.swap_bytes() >> (64 - 8 * u32::from(region.height));
        let mirrored = cells.reverse_bits().swap_bytes();
        return cells.min(mirrored).min(flip(cells)).min(flip(mirrored));
    }
    let mirrored = region.mirrored();
    cells
        .min(mirrored.cells)
        .min(region.flipped().cells)
        .min(mirrored.flipped().cells)
}

/// The transpose of an 8×8 board (cell (r, c) to (c, r)): three exchanges of bit blocks
/// across the diagonal, 4×4 blocks, then 2×2, then single cells (the delta swaps of
/// Warren's "Hacker's Delight", §7-3).
fn transpose8(mut x: u64) -> u64 {
    for (shift, mask) in [
        (28, 0x0F0F_0F0F_0000_0000u64),
        (14, 0x3333_0000_3333_0000),
        (7, 0x5500_5500_5500_5500),
    ] {
        let t = mask & (x ^ (x << shift));
        x ^= t ^ (t >> shift);
    }
    x
}

/// A win/loss search over the boards of one shape.
pub struct Outcomes {
    height: usize,
    width: usize,
    /// cells with a left neighbour, every cell
    inner: u64,
    full: u64,
    rules: Rules,
    /// the canonical values of small regions
    values: Domineering,
    /// (least image of the big part, value of the small part) -> table bits
    table: Table,
    /// [Right, Left][first cell of a move] -> how often it won (the history heuristic)
    history: [[u32; MAX_CELLS]; 2],
}

/// The most moves a player is sure to make of its vulnerable moves and protective areas,
/// `SURE[first][double][single][areas]`: `double` vulnerable moves one opponent's domino
/// can break two at a time, `single` ones it breaks only alone, and `areas` protective
/// areas, each worth two moves to the player who takes it (the second then safe) and
/// broken by one opponent's domino.  The player takes one a turn (moving first if
/// `first`), the opponent breaks two doubles, one double, one single or one area a turn
/// (or plays elsewhere), and the table is the value of that game (the player taking the
/// best, the opponent the worst break).
static SURE: [[[[u8; 17]; 33]; 33]; 2] = sure_table();

const fn sure_table() -> [[[[u8; 17]; 33]; 33]; 2] {
    // first[x][y][z]: the player to move; second[x][y][z]: the opponent to move
    let mut first = [[[0u8; 17]; 33]; 33];
    let mut second = [[[0u8; 17]; 33]; 33];
    let mut total = 1;
    while total <= 32 + 32 + 16 {
        // the player takes a double, a single or an area: positions of fewer pieces
        let mut x = 0;
        while x <= 32 {
            let mut y = 0;
            while y <= 32 {
                let z = total as isize - x as isize - y as isize;
                if z >= 0 && z <= 16 {
                    let z = z as usize;
                    let mut best = 0;
                    if x > 0 && 1 + second[x - 1][y][z] > best {
                        best = 1 + second[x - 1][y][z];
                    }
                    if y > 0 && 1 + second[x][y - 1][z] > best {
                        best = 1 + second[x][y - 1][z];
                    }
                    if z > 0 && 2 + second[x][y][z - 1] > best {
                        best = 2 + second[x][y][z - 1];
                    }
                    first[x][y][z] = best;
                }
                y += 1;
            }
            x += 1;
        }
        // the opponent's breaks lead to positions of fewer pieces, or to the same one
        let mut x = 0;
        while x <= 32 {
            let mut y = 0;
            while y <= 32 {
                let z = total as isize - x as isize - y as isize;
                if z >= 0 && z <= 16 {
                    let z = z as usize;
                    let mut worst = first[x][y][z];
                    if x > 0 && first[x - 1][y][z] < worst {
                        worst = first[x - 1][y][z];
                    }
                    if x > 1 && first[x - 2][y][z] < worst {
                        worst = first[x - 2][y][z];
                    }
                    if y > 0 && first[x][y - 1][z] < worst {
                        worst = first[x][y - 1][z];
                    }
                    if z > 0 && first[x][y][z - 1] < worst {
                        worst = first[x][y][z - 1];
                    }
                    second[x][y][z] = worst;
                }
                y += 1;
            }
            x += 1;
        }
        total += 1;
    }
    [second, first]
}

/// One player's counts in the counting rule.
struct Counts {
    /// safe moves (on protected cells)
    safe: i64,
    /// vulnerable moves (a packing of the other cells) that one opponent's domino can
    /// break two at a time, and the others
    double: usize,
    single: usize,
    /// vulnerable moves with a protected cell (the others cover two cells the opponent
    /// could use)
    half_usable: i64,
    /// protective areas (a packing of 2×2 blocks walled along the opponent's direction)
    areas: usize,
    /// the most moves the player can make (the packing number of the empty cells)
    most: i64,
    /// the cells the player can still cover (with an empty neighbour along its direction)
    usable: i64,
}

impl Counts {
    /// Moves the player is sure to make moving first (`first`) or second, with `bonus`
    /// moves in reserve: the vulnerable ones and the protective areas while any is left
    /// (`SURE`), then the safe ones.
    fn sure(&self, first: bool, bonus: i64) -> i64 {
        self.safe + self.sure_vulnerable(first) + bonus
    }

    fn sure_vulnerable(&self, first: bool) -> i64 {
        i64::from(SURE[first as usize][self.double][self.single][self.areas])
    }

    /// The most moves the player can make while the opponent (`other`, moving first if
    /// `first`) plays its vulnerable moves and protective areas: the packing number, and
    /// half the cells the player can use less those the opponent's moves there cover
    /// (the two players' dominoes never overlap; each such move covers two cells the
    /// player could use, a vulnerable move with a protected cell at least one).
    fn most_against(&self, other: &Counts, first: bool) -> i64 {
        let played = other.sure_vulnerable(first);
        let covered = 2 * played - played.min(other.half_usable);
        self.most.min((self.usable - covered) / 2)
    }
}

/// The counting rule with Left's counts `l`, Right's `r` and a small part between the
/// integers `(floor, ceil)` (an integer n is n moves in reserve for Left when positive,
/// -n for Right when negative): Some(whether the player to move, Left if `left`, wins)
/// when the counts decide it, else None.
fn decide(l: &Counts, r: &Counts, (floor, ceil): (i64, i64), left: bool) -> Option<bool> {
    let (mover, other, low, high) = if left {
        (l, r, floor, ceil)
    } else {
        (r, l, -ceil, -floor)
    };
    // low ≤ the mover's reserve ≤ high, counted as the mover's moves when positive
    if mover.sure(true, low.max(0)) > other.most_against(mover, true) + (-low).max(0) {
        return Some(true);
    }
    if other.sure(false, (-high).max(0)) >= mover.most_against(other, false) + high.max(0) {
        return Some(false);
    }
    None
}

impl Outcomes {
    /// A search over `height` by `width` boards.
    pub fn new(height: usize, width: usize, rules: Rules) -> Self {
        assert!(height * width <= MAX_CELLS, "board too large");
        let (inner, full) = shape(height, width);
        Outcomes {
            height,
            width,
            inner,
            full,
            rules,
            values: Domineering::new(),
            table: Table::new(),
            history: [[0; MAX_CELLS]; 2],
        }
    }

    /// Positions in the table.
    pub fn table_size(&self) -> usize {
        self.table.used
    }

    /// Does the player to move (Left if `left`) win the board whose empty cells are
    /// `empty` (bit r * width + c is cell (r, c))?
    pub fn wins(&mut self, empty: u64, left: bool, budget: &mut Budget) -> Result<bool, Stop> {
        self.position_wins(empty & self.full, Store::ZERO, left, 0, budget)
    }

    /// Cells (r, c) with (r + 1, c) also in `cells`: Left's domino starts.
    fn vertical(&self, cells: u64) -> u64 {
        cells & shr(cells, self.width)
    }

    /// Cells (r, c) with (r, c + 1) also in `cells`: Right's domino starts.
    fn horizontal(&self, cells: u64) -> u64 {
        cells & shr(cells, 1) & shr(self.inner, 1)
    }

    fn pair(&self, left: bool) -> u64 {
        if left {
            1 | shl(1, self.width)
        } else {
            3
        }
    }

    /// The regions of `empty` of at most `value_cells` cells added into `small` by their
    /// values; the other live cells (the big part).
    fn absorb(
        &mut self,
        empty: u64,
        mut small: Id,
        budget: &mut Budget,
    ) -> Result<(u64, Id), Stop> {
        let w = self.width;
        let (inner, full) = (self.inner, self.full);
        let mut live = empty & near(empty, w, inner, full);
        let mut big = 0;
        while live != 0 {
            let mut seen = live & live.wrapping_neg();
            let mut frontier = seen;
            while frontier != 0 {
                frontier = near(frontier, w, inner, full) & live & !seen;
                seen |= frontier;
            }
            live &= !seen;
            if seen.count_ones() as usize <= self.rules.value_cells {
                let value = self.values.solve(&Region::crop(w, seen), budget)?;
                small = self.values.store.add(small, value);
            } else {
                big |= seen;
            }
        }
        Ok((big, small))
    }

    /// The table key of the big part `cells` plus `small` with Left to move if `left`:
    /// the least of the four mirror images of `cells` (mirroring keeps each player's
    /// moves) and, on a square board, of its transposes with `small` negated and the
    /// players exchanged; with the player to move in the keyed position.
    fn key(&mut self, cells: u64, small: Id, left: bool) -> ((u64, Id), bool) {
        let region = Region {
            height: self.height as u8,
            width: self.width as u8,
            cells,
        };
        let straight = ((least_image(region), small), left);
        if self.height != self.width {
            return straight;
        }
        let transposed = if self.width == 8 {
            Region {
                cells: transpose8(cells),
                ..region
            }
        } else {
            region.transposed()
        };
        let conjugate = (
            (least_image(transposed), self.values.store.neg(small)),
            !left,
        );
        straight.min(conjugate)
    }

    /// Does the player to move (Left if `left`) win the empty cells `empty` plus the
    /// small part `small`?  `counted`: a big part on which the counting rule, with the
    /// same small part and this player to move, has already failed to decide (0: none).
    fn position_wins(
        &mut self,
        empty: u64,
        small: Id,
        left: bool,
        counted: u64,
        budget: &mut Budget,
    ) -> Result<bool, Stop> {
        let (big, small) = self.absorb(empty, small, budget)?;
        if big == 0 {
            let store = &mut self.values.store;
            return Ok(if left {
                !store.le(small, Store::ZERO)
            } else {
                !store.le(Store::ZERO, small)
            });
        }
        let mover = left;
        let (key, left) = self.key(big, small, left);
        let (known, won) = if left {
            (LEFT_KNOWN, LEFT_WINS)
        } else {
            (RIGHT_KNOWN, RIGHT_WINS)
        };
        let bits = self.table.get(key);
        if bits & known != 0 {
            return Ok(bits & won != 0);
        }
        let start = budget.nodes;
        budget.tick()?;
        let result = self.search(big, small, mover, big == counted, budget)?;
        let bits = known | if result { won } else { 0 };
        let work = 64 - (budget.nodes - start).leading_zeros();
        self.table.put(key, bits, work as u8);
        Ok(result)
    }

    /// The win/loss search of one position: the counting rule (unless it has already
    /// failed on this position: `counted`), then each move in the big part (best first)
    /// that the counting rule does not show lost, then each canonical option of the
    /// small part.
    fn search(
        &mut self,
        big: u64,
        small: Id,
        left: bool,
        counted: bool,
        budget: &mut Budget,
    ) -> Result<bool, Stop> {
        let reserve = self.rules.safe_moves.then(|| self.reserve(small));
        if let (Some(reserve), false) = (reserve, counted) {
            if let Some(result) = self.by_counts(big, reserve, left) {
                return Ok(result);
            }
        }
        let moves = match self.ordered_moves(big, reserve, left) {
            Ok(moves) => moves,
            Err(cover) => {
                self.won_with(cover, left);
                return Ok(true);
            }
        };
        let counted = if reserve.is_some() { big } else { 0 };
        for cover in moves {
            if !self.position_wins(big & !cover, small, !left, counted & !cover, budget)? {
                self.won_with(cover, left);
                return Ok(true);
            }
        }
        let store = &self.values.store;
        let options = if left {
            store.left(small)
        } else {
            store.right(small)
        }
        .to_vec();
        for option in options {
            if !self.position_wins(big, option, !left, 0, budget)? {
                return Ok(true);
            }
        }
        Ok(false)
    }

    /// Count a won move for the history heuristic.
    fn won_with(&mut self, cover: u64, left: bool) {
        let count = &mut self.history[left as usize][cover.trailing_zeros() as usize];
        *count = count.saturating_add(1);
    }

    /// The player's dominoes in `cells` greedy from the lowest cell, which packs the
    /// most along each column (Left) or row (Right): in each run of cells along the
    /// player's direction, the dominoes starting at the run's even offsets.  Their first
    /// cells and the cells they cover, in a few word operations: the even offsets
    /// spread from the runs' starts by doubling steps over cells with that many
    /// predecessors in their run.
    fn packing(&self, cells: u64, left: bool) -> (u64, u64) {
        // step: the next cell along the direction; linked: cells whose previous one
        // along the direction is in the same column or row
        let (step, linked, line) = if left {
            (self.width, self.full, self.height)
        } else {
            (1, self.inner, self.width)
        };
        let after = shl(cells, step) & linked & cells;
        let mut even = cells & !after;
        // reach: the cells with `span` predecessors in their run
        let (mut reach, mut span) = (after, 1);
        while 2 * span < line {
            reach &= shl(reach, span * step);
            span *= 2;
            even |= shl(even, span * step) & reach;
        }
        let first = even & shr(after, step);
        (first, first | shl(first, step))
    }

    /// One player's counts on the big part `big`.
    fn counts(&self, big: u64, left: bool) -> Counts {
        let w = self.width;
        let across = (shl(big, 1) & self.inner | shr(big & self.inner, 1)) & big;
        let along = (shl(big, w) | shr(big, w)) & big;
        let (opponent_neighbours, own_neighbours) = if left {
            (across, along)
        } else {
            (along, across)
        };
        let protected = big & !opponent_neighbours;
        let (safe, covered) = self.packing(protected, left);
        let (areas, blocks) = self.areas(big, left);
        let (vulnerable, cells) = self.packing(big & !covered & !blocks, left);
        // cells of a vulnerable move next to another's along the opponent's direction:
        // one opponent's domino on the two breaks both moves
        let (beside, second_cell) = if left {
            (
                cells & (shl(cells, 1) & self.inner | shr(cells & self.inner, 1)),
                w,
            )
        } else {
            (cells & (shl(cells, w) | shr(cells, w)), 1)
        };
        let double = (vulnerable & (beside | shr(beside, second_cell))).count_ones() as usize;
        let half_usable = vulnerable & (protected | shr(protected, second_cell));
        Counts {
            safe: i64::from(safe.count_ones()),
            double,
            single: vulnerable.count_ones() as usize - double,
            half_usable: i64::from(half_usable.count_ones()),
            areas: areas as usize,
            most: i64::from(self.packing(big, left).0.count_ones()),
            usable: i64::from(own_neighbours.count_ones()),
        }
    }

    /// The player's protective areas in `big` (Bullock 2002, §3): disjoint 2×2 blocks of
    /// empty cells whose neighbours along the opponent's direction are all filled, so
    /// that an opponent's domino on a block lies inside it and the player's first
    /// domino there leaves the other a safe move.  A greedy packing: how many, and the
    /// cells they cover.
    fn areas(&self, big: u64, left: bool) -> (u32, u64) {
        let w = self.width;
        let across = self.horizontal(big);
        let blocks = across & shr(across, w);
        let walled = if left {
            // no empty cell left of the block's left column or right of its right one
            let no_left = !(shl(big, 1) & self.inner);
            let no_right = !shr(big & self.inner, 1);
            blocks & no_left & shr(no_left, w) & shr(no_right, 1) & shr(no_right, w + 1)
        } else {
            // no empty cell above the block's top row or below its bottom one
            let no_above = !shl(big, w);
            let no_below = !shr(big, w);
            blocks & no_above & shr(no_above, 1) & shr(no_below, w) & shr(no_below, w + 1)
        };
        let (mut open, mut count, mut cells) = (walled, 0, 0);
        while open != 0 {
            let start = open & open.wrapping_neg();
            let block = start | start << 1 | shl(start, w) | shl(start, w + 1);
            count += 1;
            cells |= block;
            open &= !(block | shr(block, 1) | shr(block, w) | shr(block, w + 1));
        }
        (count, cells)
    }

    /// Integers `(n, m)` with n ≤ `small` ≤ m: a number's floor and ceiling; otherwise
    /// below the right stop and above the left one (R(G) > n gives G > n, L(G) < m gives
    /// G < m).
    fn reserve(&self, small: Id) -> (i64, i64) {
        let floor = |x: Dyadic| x.num >> x.exp;
        let ceil = |x: Dyadic| -(x.negated().num >> x.exp);
        let store = &self.values.store;
        match store.number_value(small) {
            Some(x) => (floor(x), ceil(x)),
            None => {
                let (left_stop, right_stop) = store.stops(small);
                (ceil(right_stop) - 1, floor(left_stop) + 1)
            }
        }
    }

    /// The counting rule (module comment) on the big part `big` plus a small part between
    /// the integers `reserve`: Some(whether the player to move wins) when the counts
    /// decide it, else None.
    fn by_counts(&self, big: u64, reserve: (i64, i64), left: bool) -> Option<bool> {
        decide(
            &self.counts(big, true),
            &self.counts(big, false),
            reserve,
            left,
        )
    }

    /// The cells each move of the player covers, best first: by the balance after the
    /// move (the player's safe and possible moves less the opponent's), then most of the
    /// opponent's domino places taken and fewest of one's own (safe moves, which take
    /// none, last), then the moves that won most often so far (the history heuristic).
    /// With a `reserve` (the counting rule on, the small part between those integers),
    /// Err(a move) after which the counting rule decides that the opponent loses, and
    /// without the moves after which it decides that the opponent wins.
    fn ordered_moves(
        &self,
        big: u64,
        reserve: Option<(i64, i64)>,
        left: bool,
    ) -> Result<Vec<u64>, u64> {
        let w = self.width;
        let (mine, theirs) = if left {
            (self.vertical(big), self.horizontal(big))
        } else {
            (self.horizontal(big), self.vertical(big))
        };
        // the starts of dominoes covering any cell of `cover`
        let (my_step, their_step) = if left { (w, 1) } else { (1, w) };
        let pair = self.pair(left);
        let mut moves: Vec<(i32, u32, u64)> = Vec::with_capacity(mine.count_ones() as usize);
        let mut rest = mine;
        while rest != 0 {
            let cover = pair << rest.trailing_zeros();
            rest &= rest - 1;
            let taken = (theirs & (cover | shr(cover, their_step))).count_ones() as i32;
            let lost = (mine & (cover | shr(cover, my_step))).count_ones() as i32 - 1;
            let (me, them) = (
                self.counts(big & !cover, left),
                self.counts(big & !cover, !left),
            );
            if let Some(reserve) = reserve {
                let (l, r) = if left { (&me, &them) } else { (&them, &me) };
                match decide(l, r, reserve, !left) {
                    Some(false) => return Err(cover),
                    Some(true) => continue,
                    None => {}
                }
            }
            let balance = me.safe + me.most - them.safe - them.most;
            let score = 16 * balance as i32 + if taken == 0 { -8 } else { 2 * taken - lost };
            let history = self.history[left as usize][cover.trailing_zeros() as usize];
            moves.push((score, history, cover));
        }
        moves.sort_unstable_by(|a, b| b.0.cmp(&a.0).then(b.1.cmp(&a.1)).then(a.2.cmp(&b.2)));
        Ok(moves.into_iter().map(|(_, _, cover)| cover).collect())
    }
}

#[cfg(test)]
mod tests {
    use super::{least_image, transpose8, Outcomes, Rules, SURE};
    use crate::budget::unlimited;
    use crate::canonical::Store;
    use crate::domineering::Domineering;
    use crate::domineering::Region;

    /// Who wins moving first, read off the canonical value.
    fn by_value(height: usize, width: usize, empty: u64) -> (bool, bool) {
        let mut game = Domineering::new();
        let g = unlimited(|b| game.value(height, width, empty, b)).expect("unlimited");
        (
            !game.store.le(g, Store::ZERO),
            !game.store.le(Store::ZERO, g),
        )
    }

    fn by_search(height: usize, width: usize, empty: u64, rules: Rules) -> (bool, bool) {
        let mut search = Outcomes::new(height, width, rules);
        unlimited(|b| {
            Ok::<_, crate::budget::Stop>((
                search.wins(empty, true, b)?,
                search.wins(empty, false, b)?,
            ))
        })
        .expect("unlimited")
    }

    const ALL_RULES: [Rules; 4] = [
        Rules {
            value_cells: 0,
            safe_moves: false,
        },
        Rules {
            value_cells: 0,
            safe_moves: true,
        },
        Rules {
            value_cells: 6,
            safe_moves: false,
        },
        Rules {
            value_cells: 6,
            safe_moves: true,
        },
    ];

    /// All doubles: a third of them (rounded up moving first, down moving second); all
    /// singles: half; singles never do worse than doubles.
    #[test]
    fn sure_vulnerable_moves_are_thirds_and_halves() {
        for n in 0..=32usize {
            assert_eq!(usize::from(SURE[1][n][0][0]), n.div_ceil(3));
            assert_eq!(usize::from(SURE[0][n][0][0]), n / 3);
            assert_eq!(usize::from(SURE[1][0][n][0]), n.div_ceil(2));
            assert_eq!(usize::from(SURE[0][0][n][0]), n / 2);
            for table in &SURE {
                for k in 0..=n {
                    assert!(table[n - k][k][0] >= table[n][0][0]);
                    assert!(table[n - k][k][0] <= table[0][n][0]);
                }
            }
        }
    }

    /// Protective areas alone: two moves for each the player takes, the opponent breaking
    /// one a turn.
    #[test]
    fn sure_protective_areas_are_two_moves_a_pair() {
        for (n, (second, first)) in SURE[0][0][0].iter().zip(&SURE[1][0][0]).enumerate() {
            assert_eq!(usize::from(*first), 2 * n.div_ceil(2));
            assert_eq!(usize::from(*second), 2 * (n / 2));
        }
    }

    /// A 2×2 block is Left's protective area when its left and right neighbours are
    /// filled, Right's when those above and below are; a block with an open side is
    /// neither.
    #[test]
    fn protective_areas_are_walled_blocks() {
        let rows = |rows: &[&str]| {
            rows.iter().enumerate().fold(0u64, |cells, (r, row)| {
                row.chars().enumerate().fold(cells, |cells, (c, ch)| {
                    cells | u64::from(ch == '.') << (r * row.len() + c)
                })
            })
        };
        let search = Outcomes::new(4, 4, Rules::default());
        let left = rows(&["#..#", "#..#", "#..#", "####"]);
        assert_eq!(search.areas(left, true).0, 1);
        assert_eq!(search.areas(left, false).0, 0);
        let right = rows(&["####", "....", "....", "####"]);
        assert_eq!(search.areas(right, false), (2, right));
        assert_eq!(search.areas(right, true).0, 0);
        let open = rows(&["#...", "#...", "####", "####"]);
        assert_eq!(search.areas(open, true).0, 0);
        // Left moving first takes its area (two moves, four cells Right could use), and
        // Right has one move left
        let counts = search.counts(left, true);
        assert_eq!(
            (counts.safe, counts.areas, counts.double + counts.single),
            (0, 1, 0)
        );
        let right_counts = search.counts(left, false);
        assert_eq!(right_counts.most_against(&counts, true), 1);
        assert_eq!(
            super::decide(&counts, &right_counts, (0, 0), true),
            Some(true)
        );
    }

    /// The word-parallel packing against the greedy loop it replaces: take the lowest
    /// domino start, remove its cells, repeat.
    #[test]
    fn packings_are_the_greedy_ones() {
        let mut seed = 0x2545_F491_4F6C_DD1Du64;
        let mut random = move || {
            seed ^= seed << 13;
            seed ^= seed >> 7;
            seed ^= seed << 17;
            seed
        };
        for (height, width) in [
            (1, 9),
            (2, 5),
            (5, 3),
            (8, 8),
            (7, 9),
            (4, 16),
            (32, 2),
            (1, 64),
        ] {
            let search = Outcomes::new(height, width, Rules::default());
            for _ in 0..300 {
                let cells = (random() | random()) & search.full;
                for left in [true, false] {
                    let (mut rest, mut first, mut covered) = (cells, 0, 0);
                    loop {
                        let open = if left {
                            search.vertical(rest)
                        } else {
                            search.horizontal(rest)
                        };
                        if open == 0 {
                            break;
                        }
                        let start = open & open.wrapping_neg();
                        let domino = search.pair(left) << start.trailing_zeros();
                        (first, covered, rest) = (first | start, covered | domino, rest & !domino);
                    }
                    assert_eq!(search.packing(cells, left), (first, covered));
                }
            }
        }
    }

    /// The byte-wise mirror images and the 8×8 transpose against the region's own
    /// cell-by-cell ones.
    #[test]
    fn fast_images_are_the_regions_images() {
        let mut seed = 0x0123_4567_89AB_CDEFu64;
        for height in 1..=8u8 {
            for _ in 0..500 {
                seed ^= seed << 13;
                seed ^= seed >> 7;
                seed ^= seed << 17;
                let cells = seed >> (64 - 8 * u32::from(height));
                let region = Region {
                    height,
                    width: 8,
                    cells,
                };
                let mirrored = region.mirrored();
                let slow = cells
                    .min(mirrored.cells)
                    .min(region.flipped().cells)
                    .min(mirrored.flipped().cells);
                assert_eq!(least_image(region), slow);
                if height == 8 {
                    let transposed = region.transposed().cells;
                    assert_eq!(transpose8(cells), transposed);
                }
            }
        }
    }

    /// What the move ordering relies on: after each move on a random board, when the
    /// counting rule decides the position (the opponent to move), plain search agrees.
    /// A move it shows lost is never tried, one it shows won wins at once.
    #[test]
    fn the_counts_after_each_move_agree_with_plain_search() {
        let mut seed = 0x5DEE_CE66_D1CE_4E5Bu64;
        let mut random = move || {
            seed ^= seed << 13;
            seed ^= seed >> 7;
            seed ^= seed << 17;
            seed
        };
        let plain = Rules {
            value_cells: 0,
            safe_moves: false,
        };
        let mut decided = 0;
        for _ in 0..150 {
            let (height, width) = (2 + random() as usize % 4, 2 + random() as usize % 4);
            let mut search = Outcomes::new(height, width, plain);
            let empty = (random() | random()) & search.full;
            for left in [true, false] {
                let starts = if left {
                    search.vertical(empty)
                } else {
                    search.horizontal(empty)
                };
                for start in (0..64).filter(|&bit| starts >> bit & 1 == 1) {
                    let child = empty & !(search.pair(left) << start);
                    let (l, r) = (search.counts(child, true), search.counts(child, false));
                    if let Some(wins) = super::decide(&l, &r, (0, 0), !left) {
                        decided += 1;
                        let searched = unlimited(|b| search.wins(child, !left, b));
                        assert_eq!(Ok(wins), searched, "{height}x{width} {child:#x}");
                    }
                }
            }
        }
        assert!(decided > 100, "only {decided} positions decided");
    }

    #[test]
    fn rectangles_agree_with_values() {
        for height in 1..=4 {
            for width in 1..=5 {
                let empty = (1u64 << (height * width)) - 1;
                let expected = by_value(height, width, empty);
                for rules in ALL_RULES {
                    assert_eq!(
                        by_search(height, width, empty, rules),
                        expected,
                        "{height}x{width} {rules:?}"
                    );
                }
            }
        }
    }

    #[test]
    fn random_boards_agree_with_values() {
        let mut seed = 0x9E37_79B9_7F4A_7C15u64;
        let mut random = move || {
            seed ^= seed << 13;
            seed ^= seed >> 7;
            seed ^= seed << 17;
            seed
        };
        for _ in 0..200 {
            let (height, width) = (2 + random() as usize % 3, 2 + random() as usize % 4);
            let empty = random() & random() | random() & random();
            let empty = empty & ((1u64 << (height * width)) - 1);
            let expected = by_value(height, width, empty);
            for rules in ALL_RULES {
                assert_eq!(by_search(height, width, empty, rules), expected);
            }
        }
    }
}
