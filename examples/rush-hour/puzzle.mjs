// Rush Hour: the board, the exact breadth-first solver, the generator and the level
// comparisons. Plain JavaScript, no dependencies, no levelramp code.
//
// A level body is {rows: ["..B...", ...]}: one string per row, all the same length
// (4..8). '.' is empty, 'x' a wall, 'A' the red car (horizontal; it leaves through the
// right edge of its row), any other capital letter a car or truck: a straight line of
// 2 or more cells that slides along its own line. One move slides one vehicle any
// number of free cells; the level is solved when A's right end reaches the exit column.
// A solution is a list of moves "B+2" / "C-1" (the vehicle, then how far: + is right
// for a horizontal vehicle and down for a vertical one).

/** Thrown for a level or settings this game cannot read (JSON-RPC -32602). */
export class BadLevel extends Error {}

const MIN_SIDE = 4;
const MAX_SIDE = 8;

/** Vehicles and walls of a level body: {w, h, vehicles: [{id, horiz, len, line, pos}], walls: [cell]}. */
export function parseLevel(level) {
  if (level === null || typeof level !== 'object' || Array.isArray(level)) {
    throw new BadLevel('level: expected an object {rows}');
  }
  const extra = Object.keys(level).filter((k) => k !== 'rows');
  if (extra.length) throw new BadLevel(`level.${extra[0]}: unknown field (expected rows)`);
  const rows = level.rows;
  if (!Array.isArray(rows) || rows.length < MIN_SIDE || rows.length > MAX_SIDE) {
    throw new BadLevel(`level.rows: expected ${MIN_SIDE}..${MAX_SIDE} strings`);
  }
  const h = rows.length;
  const w = typeof rows[0] === 'string' ? rows[0].length : -1;
  const cells = new Map();
  const walls = [];
  rows.forEach((row, r) => {
    if (typeof row !== 'string' || row.length !== w || w < MIN_SIDE || w > MAX_SIDE || !/^[.xA-Z]*$/.test(row)) {
      throw new BadLevel(`level.rows[${r}]: expected ${w < MIN_SIDE ? `${MIN_SIDE}..${MAX_SIDE}` : w} characters of '.', 'x' or A-Z, got ${JSON.stringify(row)}`);
    }
    [...row].forEach((ch, c) => {
      if (ch === 'x') walls.push(r * w + c);
      else if (ch !== '.') cells.set(ch, [...(cells.get(ch) ?? []), [r, c]]);
    });
  });
  if (!cells.has('A')) throw new BadLevel('level.rows: no red car A');
  const vehicles = [...cells.keys()].sort().map((id) => vehicleOf(id, cells.get(id)));
  if (vehicles.length > MAX_VEHICLES) throw new BadLevel(`level.rows: at most ${MAX_VEHICLES} vehicles, got ${vehicles.length}`);
  if (!vehicles[0].horiz) throw new BadLevel('level.rows: the red car A must lie horizontally');
  return { w, h, vehicles, walls };
}

function vehicleOf(id, cells) {
  const [r0, c0] = cells[0];
  const horiz = cells.every(([r]) => r === r0);
  const vert = cells.every(([, c]) => c === c0);
  const straight = cells.every(([r, c], i) => (horiz ? r === r0 && c === c0 + i : c === c0 && r === r0 + i));
  if (cells.length < 2 || !(horiz || vert) || !straight) {
    throw new BadLevel(`level.rows: vehicle ${id} is not a straight line of 2 or more touching cells`);
  }
  return { id, horiz, len: cells.length, line: horiz ? r0 : c0, pos: horiz ? c0 : r0 };
}

/** The level body of a board with vehicles at `state` (positions, in vehicle order). */
export function makeLevel(board, state = board.vehicles.map((v) => v.pos)) {
  const { w, h, vehicles, walls } = board;
  const grid = Array.from({ length: h }, () => Array(w).fill('.'));
  for (const cell of walls) grid[Math.floor(cell / w)][cell % w] = 'x';
  vehicles.forEach((v, i) => {
    for (let k = 0; k < v.len; k++) {
      if (v.horiz) grid[v.line][state[i] + k] = v.id;
      else grid[state[i] + k][v.line] = v.id;
    }
  });
  return { rows: grid.map((row) => row.join('')) };
}

function occupancy(board, state) {
  const { w, h, vehicles, walls } = board;
  const grid = new Uint8Array(w * h);
  for (const cell of walls) grid[cell] = 1;
  vehicles.forEach((v, i) => {
    for (let k = 0; k < v.len; k++) grid[v.horiz ? v.line * w + state[i] + k : (state[i] + k) * w + v.line] = 1;
  });
  return grid;
}

/** Every state one move from `state`: [{state, move: "B+2"}], in a fixed order. */
export function movesFrom(board, state) {
  const { w, h, vehicles } = board;
  const grid = occupancy(board, state);
  const out = [];
  vehicles.forEach((v, i) => {
    const at = (p) => (v.horiz ? v.line * w + p : p * w + v.line);
    const side = v.horiz ? w : h;
    for (let p = state[i] - 1; p >= 0 && !grid[at(p)]; p--) out.push(step(state, i, p, v));
    for (let p = state[i] + 1; p + v.len - 1 < side && !grid[at(p + v.len - 1)]; p++) out.push(step(state, i, p, v));
  });
  return out;
}

function step(state, i, p, v) {
  const next = state.slice();
  next[i] = p;
  const by = p - state[i];
  return { state: next, move: `${v.id}${by > 0 ? '+' : ''}${by}` };
}

const isGoal = (board, state) => state[0] === board.w - board.vehicles[0].len;

/** At most this many vehicles (a state packs 3 bits a vehicle into one float, exactly). */
export const MAX_VEHICLES = 17;
const POW8 = Array.from({ length: MAX_VEHICLES }, (_, i) => 8 ** i);
const packState = (state) => state.reduce((key, p, i) => key + p * POW8[i], 0);
const unpackState = (key, n) => Array.from({ length: n }, (_, i) => Math.floor(key / POW8[i]) % 8);

/**
 * Breadth-first search over every state reachable from `start`, at most `limit` states.
 * Returns null past the limit, else {keys, parent, how, adjStart, adj, firstGoal}:
 * packed states in BFS order (keys[0] = start), each one's parent index and the move
 * from it (vehicle * 64 + 32 + distance), the neighbours of state s in
 * adj[adjStart[s] .. adjStart[s + 1]), and the first goal state met (a shortest one), or -1.
 */
export function explore(board, start, limit) {
  const { w, h, vehicles, walls } = board;
  const n = vehicles.length;
  const keys = [packState(start)];
  const index = new StateIndex();
  index.add(keys[0], 0);
  const parent = [-1];
  const how = [0];
  const adjStart = [0];
  const adj = [];
  const goalPos = w - vehicles[0].len;
  let firstGoal = start[0] === goalPos ? 0 : -1;
  const grid = new Uint8Array(w * h);
  const pos = new Int32Array(n);
  for (let s = 0; s < keys.length; s++) {
    const key = keys[s];
    grid.fill(0);
    for (const cell of walls) grid[cell] = 1;
    for (let i = 0; i < n; i++) {
      const v = vehicles[i];
      pos[i] = Math.floor(key / POW8[i]) % 8;
      for (let k = 0; k < v.len; k++) grid[v.horiz ? v.line * w + pos[i] + k : (pos[i] + k) * w + v.line] = 1;
    }
    for (let i = 0; i < n; i++) {
      const v = vehicles[i];
      const stride = v.horiz ? 1 : w;
      const base = v.horiz ? v.line * w : v.line;
      const last = (v.horiz ? w : h) - v.len;
      // slide left/up (dir -1), then right/down (dir +1), cell by cell until blocked
      for (let dir = -1; dir <= 1; dir += 2) {
        for (let p = pos[i] + dir; p >= 0 && p <= last && !grid[base + (dir < 0 ? p : p + v.len - 1) * stride]; p += dir) {
          const next = key + (p - pos[i]) * POW8[i];
          let j = index.get(next);
          if (j < 0) {
            if (keys.length >= limit) return null;
            j = keys.length;
            index.add(next, j);
            keys.push(next);
            parent.push(s);
            how.push(i * 64 + 32 + p - pos[i]);
            if (firstGoal < 0 && i === 0 && p === goalPos) firstGoal = j;
          }
          adj.push(j);
        }
      }
    }
    adjStart.push(adj.length);
  }
  return { keys, parent, how, adjStart, adj, firstGoal };
}

/** Packed state -> index: open addressing over typed arrays (a Map of large floats is slow). */
class StateIndex {
  constructor() {
    this.size = 0;
    this.grow(1 << 12);
  }

  grow(capacity) {
    const old = this.keys ? { keys: this.keys, values: this.values } : null;
    this.mask = capacity - 1;
    this.keys = new Float64Array(capacity).fill(-1);
    this.values = new Int32Array(capacity);
    if (old) old.keys.forEach((k, i) => k >= 0 && this.put(k, old.values[i]));
  }

  slot(key) {
    const lo = key % 4294967296;
    const hi = (key - lo) / 4294967296;
    let i = (Math.imul(lo | 0, 0x9e3779b1) ^ Math.imul(hi | 0, 0x85ebca6b)) & this.mask;
    while (this.keys[i] !== -1 && this.keys[i] !== key) i = (i + 1) & this.mask;
    return i;
  }

  get(key) {
    const i = this.slot(key);
    return this.keys[i] === key ? this.values[i] : -1;
  }

  put(key, value) {
    const i = this.slot(key);
    this.keys[i] = key;
    this.values[i] = value;
  }

  add(key, value) {
    if (2 * (this.size + 1) > this.mask) this.grow(2 * (this.mask + 1));
    this.size++;
    this.put(key, value);
  }
}

/** The positions of state number `s` of an exploration. */
export const stateAt = (board, found, s) => unpackState(found.keys[s], board.vehicles.length);

/** The move "B+2" that reached state number `s` of an exploration from its parent. */
function moveAt(board, found, s) {
  const i = Math.floor(found.how[s] / 64);
  const by = (found.how[s] % 64) - 32;
  return `${board.vehicles[i].id}${by > 0 ? '+' : ''}${by}`;
}

/** States a solve explores at most before it answers "unknown". */
export const SOLVE_LIMIT = 2_000_000;

/**
 * The `solve` result of the protocol (SPEC 10): fewest moves by breadth-first search,
 * and the concepts the level needs (SPEC 12, conceptsOf).
 */
export function solveLevel(level) {
  const board = parseLevel(level);
  const start = board.vehicles.map((v) => v.pos);
  const vehicles = board.vehicles.length;
  const blockers = blockersOf(board, start);
  const found = explore(board, start, SOLVE_LIMIT);
  if (found === null) return { status: 'unknown', metrics: { vehicles, blockers } };
  const metrics = { vehicles, blockers, states: found.keys.length };
  if (found.firstGoal < 0) return { status: 'unsolvable', metrics };
  const solution = [];
  for (let s = found.firstGoal; s > 0; s = found.parent[s]) solution.push(moveAt(board, found, s));
  solution.reverse();
  const concepts = conceptsOf(board, start, solution.length);
  if (concepts === null) return { status: 'unknown', metrics };
  return { status: 'solved', solution, metrics: { moves: solution.length, ...metrics }, concepts };
}

/** The concepts of this game, in the order a player meets them. */
export const CONCEPTS = ['truck', 'retreat', 'wall'];

/**
 * The ideas a player must use on a level of `moves` fewest moves (SPEC 12): those no
 * shortest solution can do without.
 *
 *   truck    every shortest solution moves a truck (a vehicle of 3 cells or more)
 *   retreat  every shortest solution backs the red car away from the exit
 *   wall     the walls matter: without them the level takes fewer moves
 *
 * Returns null when a search passes SOLVE_LIMIT states (the solve then says unknown).
 */
export function conceptsOf(board, start, moves) {
  const trucks = board.vehicles.map((v) => v.len >= 3);
  const checks = [
    ['truck', () => trucks.some(Boolean) && negate(reachesExit(board, start, moves, (i) => !trucks[i]))],
    ['retreat', () => negate(reachesExit(board, start, moves, (i, from, to) => i !== 0 || to > from))],
    ['wall', () => board.walls.length > 0 && reachesExit({ ...board, walls: [] }, start, moves - 1, () => true)],
  ];
  const out = [];
  for (const [name, needed] of checks) {
    const yes = needed();
    if (yes === null) return null;
    if (yes) out.push(name);
  }
  return out;
}

const negate = (x) => (x === null ? null : !x);

/**
 * Whether the red car can reach the exit in at most `depth` moves when only the moves
 * `allowed(vehicle index, from, to)` admits are made (breadth-first, level by level);
 * null past SOLVE_LIMIT states.
 */
function reachesExit(board, start, depth, allowed) {
  if (isGoal(board, start)) return true;
  const seen = new Set([packState(start)]);
  let frontier = [start];
  for (let d = 0; d < depth && frontier.length > 0; d++) {
    const next = [];
    for (const from of frontier) {
      for (const { state } of movesFrom(board, from)) {
        const i = state.findIndex((p, k) => p !== from[k]);
        if (!allowed(i, from[i], state[i])) continue;
        if (isGoal(board, state)) return true;
        const key = packState(state);
        if (seen.has(key)) continue;
        if (seen.size >= SOLVE_LIMIT) return null;
        seen.add(key);
        next.push(state);
      }
    }
    frontier = next;
  }
  return false;
}

/** Vehicles standing between the red car and the exit at the start. */
function blockersOf(board, state) {
  const { w, vehicles } = board;
  const red = vehicles[0];
  const ahead = new Set();
  for (let c = state[0] + red.len; c < w; c++) {
    vehicles.forEach((v, i) => {
      if (i > 0 && !v.horiz && v.line === c && state[i] <= red.line && red.line < state[i] + v.len) ahead.add(i);
      if (i > 0 && v.horiz && v.line === red.line && state[i] <= c && c < state[i] + v.len) ahead.add(i);
    });
  }
  return ahead.size;
}

/** Every state's fewest moves to a goal, over a fully explored component (-1: none). */
export function distancesToGoal(board, found) {
  const dist = new Int32Array(found.keys.length).fill(-1);
  const queue = [];
  const goalPos = board.w - board.vehicles[0].len;
  found.keys.forEach((key, i) => {
    if (key % 8 === goalPos) {
      dist[i] = 0;
      queue.push(i);
    }
  });
  for (let q = 0; q < queue.length; q++) {
    const s = queue[q];
    for (let e = found.adjStart[s]; e < found.adjStart[s + 1]; e++) {
      const j = found.adj[e];
      if (dist[j] < 0) {
        dist[j] = dist[s] + 1;
        queue.push(j);
      }
    }
  }
  return dist;
}

// ---------------------------------------------------------------- randomness

/** A PRNG seeded by a string: xmur3 string hash into sfc32; returns floats in [0, 1). */
export function seededRandom(seed) {
  let h = 1779033703 ^ seed.length;
  for (let i = 0; i < seed.length; i++) {
    h = Math.imul(h ^ seed.charCodeAt(i), 3432918353);
    h = (h << 13) | (h >>> 19);
  }
  const next32 = () => {
    h = Math.imul(h ^ (h >>> 16), 2246822507);
    h = Math.imul(h ^ (h >>> 13), 3266489909);
    return (h ^= h >>> 16) >>> 0;
  };
  let a = next32(), b = next32(), c = next32(), d = next32();
  return () => {
    a >>>= 0; b >>>= 0; c >>>= 0; d >>>= 0;
    const t = (a + b) | 0;
    a = b ^ (b >>> 9);
    b = (c + (c << 3)) | 0;
    c = (c << 21) | (c >>> 11);
    d = (d + 1) | 0;
    const out = (t + d) | 0;
    c = (c + out) | 0;
    return (out >>> 0) / 4294967296;
  };
}

const randInt = (rng, lo, hi) => lo + Math.floor(rng() * (hi - lo + 1));

// ---------------------------------------------------------------- the generator

function readRange(settings, name, fallback, lo, hi) {
  const v = settings[name] ?? fallback;
  const ok = Array.isArray(v) && v.length === 2 && v.every(Number.isInteger) && lo <= v[0] && v[0] <= v[1] && v[1] <= hi;
  if (!ok) throw new BadLevel(`settings.${name}: expected [min, max], integers with ${lo} <= min <= max <= ${hi}, got ${JSON.stringify(v)}`);
  return v;
}

const SETTINGS = ['size', 'vehicles', 'walls', 'moves', 'tries', 'states'];

/**
 * A plan part's `generator` settings, with defaults: size 6 (the board's side), vehicles
 * [8, 12] (besides the red car), walls [0, 0], moves [1, 60] (the fewest moves wanted),
 * tries 30 (boards laid out at most), states 10000 (a board whose states outnumber
 * this is skipped: sparse boards have huge, easy state spaces).
 */
export function readSettings(settings) {
  const s = settings ?? {};
  if (typeof s !== 'object' || Array.isArray(s)) throw new BadLevel('settings: expected an object');
  const extra = Object.keys(s).filter((k) => !SETTINGS.includes(k));
  if (extra.length) throw new BadLevel(`settings.${extra[0]}: unknown setting (expected ${SETTINGS.join(', ')})`);
  const size = s.size ?? 6;
  if (!Number.isInteger(size) || size < MIN_SIDE || size > MAX_SIDE) {
    throw new BadLevel(`settings.size: expected an integer ${MIN_SIDE}..${MAX_SIDE}, got ${JSON.stringify(size)}`);
  }
  const tries = s.tries ?? 30;
  if (!Number.isInteger(tries) || tries < 1 || tries > 1000) {
    throw new BadLevel(`settings.tries: expected an integer 1..1000, got ${JSON.stringify(tries)}`);
  }
  const states = s.states ?? 10_000;
  if (!Number.isInteger(states) || states < 100 || states > 1_000_000) {
    throw new BadLevel(`settings.states: expected an integer 100..1000000, got ${JSON.stringify(states)}`);
  }
  return {
    size,
    tries,
    states,
    vehicles: readRange(s, 'vehicles', [8, 12], 0, MAX_VEHICLES - 1),
    walls: readRange(s, 'walls', [0, 0], 0, size),
    moves: readRange(s, 'moves', [1, 60], 1, 200),
  };
}

/** A random board: the red car on the exit row, then cars and trucks where they fit, then walls off the exit row. */
export function randomBoard(rng, s) {
  const w = s.size, h = s.size;
  const exitRow = Math.floor((h - 1) / 2);
  const used = new Uint8Array(w * h);
  const cellsOf = (v) => Array.from({ length: v.len }, (_, k) => (v.horiz ? v.line * w + v.pos + k : (v.pos + k) * w + v.line));
  const vehicles = [{ id: 'A', horiz: true, len: 2, line: exitRow, pos: randInt(rng, 0, w - 3) }];
  cellsOf(vehicles[0]).forEach((c) => (used[c] = 1));
  const want = randInt(rng, s.vehicles[0], s.vehicles[1]);
  for (let tries = 0; vehicles.length - 1 < want && tries < 50 * want; tries++) {
    const horiz = rng() < 0.5;
    const len = rng() < 0.75 ? 2 : 3;
    const v = { id: String.fromCharCode(65 + vehicles.length), horiz, len, line: randInt(rng, 0, (horiz ? h : w) - 1), pos: randInt(rng, 0, (horiz ? w : h) - len) };
    if (horiz && v.line === exitRow) continue; // it could never leave the red car's way
    const at = cellsOf(v);
    if (at.some((c) => used[c])) continue;
    at.forEach((c) => (used[c] = 1));
    vehicles.push(v);
  }
  const walls = [];
  const wallCount = randInt(rng, s.walls[0], s.walls[1]);
  for (let tries = 0; walls.length < wallCount && tries < 50 * (wallCount + 1); tries++) {
    const cell = randInt(rng, 0, w * h - 1);
    if (!used[cell] && Math.floor(cell / w) !== exitRow) {
      used[cell] = 1;
      walls.push(cell);
    }
  }
  return { w, h, vehicles, walls };
}

/**
 * The `generate` result: a level whose fewest moves lie in settings.moves.
 *
 * A pure function of (seed, settings, aim): seededRandom(seed) picks the fewest moves
 * wanted (aim.target +-1 when the aim is about `moves`, else at random, within
 * settings.moves) and lays out random boards, up to settings.tries of them; for each,
 * breadth-first search explores every state reachable from it and a second search
 * from the solved states gives each state its fewest moves. The level is a state at
 * the wanted distance from the first board that has one, or, after the last try, at
 * the farthest distance met if that is still in range; else {level: null, reason}.
 * (Dense boards have small state spaces with their hard states in them: the plan asks
 * for more vehicles as the chapters climb.)
 */
export function generateLevel(seed, settings, aim) {
  const s = readSettings(settings);
  const rng = seededRandom(seed);
  const [lo, hi] = s.moves;
  const want = aim?.metric === 'moves' && Number.isFinite(aim.target)
    ? Math.min(hi, Math.max(lo, Math.round(aim.target) + randInt(rng, -1, 1)))
    : randInt(rng, lo, hi);
  let best = null;
  for (let t = 0; t < s.tries && !(best && best.far >= want); t++) {
    const board = randomBoard(rng, s);
    const found = explore(board, board.vehicles.map((v) => v.pos), s.states);
    if (found === null) continue;
    const dist = distancesToGoal(board, found);
    const far = dist.reduce((m, d) => Math.max(m, d), -1); // -1: no way out
    if (best === null || far > best.far) best = { board, found, dist, far };
  }
  if (best === null || best.far < lo) {
    // a short reason without numbers: levelramp counts dropped candidates by its text
    return { level: null, reason: 'no board had a state far enough from the exit' };
  }
  // every distance 0..far occurs (breadth-first layers), so the one wanted does too
  const at = Math.min(want, best.far);
  const pick = [];
  best.dist.forEach((d, i) => d === at && pick.push(i));
  const { rows } = makeLevel(best.board, stateAt(best.board, best.found, pick[randInt(rng, 0, pick.length - 1)]));
  return { level: { rows: renamed(rows) } };
}

// ---------------------------------------------------------------- same and near-same

/** The rows with the vehicles other than A renamed B, C, ... in reading order. */
function renamed(rows) {
  const names = new Map([['A', 'A'], ['x', 'x'], ['.', '.']]);
  let next = 66; // 'B'
  return rows.map((row) => [...row].map((ch) => {
    if (!names.has(ch)) names.set(ch, String.fromCharCode(next++));
    return names.get(ch);
  }).join(''));
}

const canonical = (rows) => `${rows[0].length}x${rows.length}:${renamed(rows).join('/')}`;

/** One string for a board, its top-bottom mirror and any naming of its vehicles. */
export function keyOf(level) {
  parseLevel(level);
  return [canonical(level.rows), canonical([...level.rows].reverse())].sort()[0];
}

/** The near-copy test: b is a (or its mirror) or one move away from it. */
export function similarLevels(a, b) {
  const board = parseLevel(a);
  const kb = keyOf(b);
  if (keyOf(a) === kb) return { same: true, why: 'the same board (mirrored or renamed)' };
  const start = board.vehicles.map((v) => v.pos);
  for (const next of movesFrom(board, start)) {
    if (keyOf(makeLevel(board, next.state)) === kb) return { same: true, why: `one move apart (${next.move})` };
  }
  return { same: false };
}
