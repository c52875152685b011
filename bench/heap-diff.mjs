// Compares V8 heap snapshots of one process (`.heapsnapshot`, e.g. from `bench/mixed.mjs --snapshots=DIR`):
// what grew from the first to the last, by constructor (count and self size), and where the objects made
// after the first snapshot and still alive in the last are kept (their shortest retaining path from the
// roots, grouped). Object ids are stable across the snapshots of one process, so "new" means an id the
// first snapshot did not have.
//
//   bash scripts/with-node.sh node --max-old-space-size=6000 bench/heap-diff.mjs a.heapsnapshot [b.heapsnapshot ...] c.heapsnapshot
//
// Options (environment): HEAP_DIFF_TOP (25 rows), HEAP_DIFF_PATHS (15 retaining paths), HEAP_DIFF_DEPTH (12 steps a path),
// HEAP_DIFF_GROUPS (8 groups named under each path), HEAP_DIFF_SHOW=<group> (the full paths of three new objects of that group).
import { readFileSync } from 'node:fs';
import path from 'node:path';

const TOP = Number(process.env.HEAP_DIFF_TOP ?? 25);
const PATHS = Number(process.env.HEAP_DIFF_PATHS ?? 15);
const DEPTH = Number(process.env.HEAP_DIFF_DEPTH ?? 12);
const files = process.argv.slice(2);
if (files.length < 2) {
  console.error('usage: node bench/heap-diff.mjs first.heapsnapshot [...] last.heapsnapshot');
  process.exit(2);
}

/** A snapshot as flat arrays: per node its type, name, id, self size, first edge; per edge its type, name and target. */
function load(file) {
  const raw = JSON.parse(readFileSync(file, 'utf8'));
  const { meta } = raw.snapshot;
  const nf = meta.node_fields;
  const ef = meta.edge_fields;
  const N = nf.length;
  const E = ef.length;
  const nodeTypes = meta.node_types[0];
  const edgeTypes = meta.edge_types[0];
  const { nodes, edges, strings } = raw;
  const count = nodes.length / N;
  const [iType, iName, iId, iSize, iEdges] = ['type', 'name', 'id', 'self_size', 'edge_count'].map((f) => nf.indexOf(f));
  const [eType, eName, eTo] = ['type', 'name_or_index', 'to_node'].map((f) => ef.indexOf(f));
  const firstEdge = new Uint32Array(count + 1);
  for (let i = 0; i < count; i++) firstEdge[i + 1] = firstEdge[i] + nodes[i * N + iEdges];
  const edgeCount = edges.length / E;
  const edgeTo = new Uint32Array(edgeCount);
  const edgeType = new Uint8Array(edgeCount);
  const edgeName = new Array(edgeCount);
  for (let e = 0; e < edgeCount; e++) {
    edgeTo[e] = edges[e * E + eTo] / N;
    edgeType[e] = edges[e * E + eType];
    edgeName[e] = edges[e * E + eName];
  }
  const type = new Array(count);
  const name = new Array(count);
  const id = new Float64Array(count);
  const size = new Float64Array(count);
  for (let i = 0; i < count; i++) {
    type[i] = nodeTypes[nodes[i * N + iType]];
    name[i] = strings[nodes[i * N + iName]];
    id[i] = nodes[i * N + iId];
    size[i] = nodes[i * N + iSize];
  }
  const edgeLabel = (e) => {
    const t = edgeTypes[edgeType[e]];
    return t === 'element' || t === 'hidden' ? `[${edgeName[e]}]` : String(strings[edgeName[e]] ?? edgeName[e]);
  };
  const weak = new Set(['weak', 'shortcut'].map((t) => edgeTypes.indexOf(t)));
  return { count, type, name, id, size, firstEdge, edgeTo, edgeType, edgeLabel, weak, edgeTypes };
}

/** The group an object is counted in: its constructor for objects, its type otherwise. */
const groupOf = (s, i) => {
  const t = s.type[i];
  if (t === 'object') return s.name[i] || '(object)';
  if (t === 'closure') return `(closure) ${s.name[i] || 'anonymous'}`;
  if (t === 'native') return `(native) ${String(s.name[i]).slice(0, 40)}`;
  return `(${t})`;
};

function summary(s) {
  const groups = new Map();
  let total = 0;
  for (let i = 0; i < s.count; i++) {
    const g = groupOf(s, i);
    const row = groups.get(g) ?? { count: 0, size: 0 };
    row.count++;
    row.size += s.size[i];
    total += s.size[i];
    groups.set(g, row);
  }
  return { groups, total };
}

const mb = (b) => `${(b / 1048576).toFixed(2)} MB`;
const kb = (b) => `${b >= 0 ? '+' : ''}${(b / 1024).toFixed(0)} KB`;
const signed = (n) => `${n >= 0 ? '+' : ''}${n}`;

const snapshots = [];
const summaries = [];
for (const f of files) {
  const s = load(f);
  snapshots.push(s);
  summaries.push(summary(s));
  console.log(`${path.basename(f)}: ${s.count} objects, ${mb(summaries.at(-1).total)} (self sizes)`);
  // Only the first and the last are needed in full; the ones between give the per-step totals.
  if (snapshots.length > 1 && snapshots.length < files.length) snapshots[snapshots.length - 1] = null;
}

// ------------------------------------------------------------------ growth by group, at each step
const first = summaries[0];
const last = summaries.at(-1);
const names = new Set([...first.groups.keys(), ...last.groups.keys()]);
const growth = [...names]
  .map((g) => ({ g, count: (last.groups.get(g)?.count ?? 0) - (first.groups.get(g)?.count ?? 0), size: (last.groups.get(g)?.size ?? 0) - (first.groups.get(g)?.size ?? 0) }))
  .sort((a, b) => b.size - a.size);
console.log(`\nGrowth first -> last by group (self size; total ${kb(last.total - first.total)}), with the size at each snapshot:`);
for (const r of growth.slice(0, TOP)) {
  const steps = summaries.map((s) => `${((s.groups.get(r.g)?.size ?? 0) / 1024).toFixed(0)}`).join(' / ');
  console.log(`${kb(r.size).padStart(10)}  ${signed(r.count).padStart(8)} objects  ${r.g.slice(0, 60).padEnd(60)}  KB: ${steps}`);
}
console.log('Shrunk most:');
for (const r of growth.slice(-5).reverse()) console.log(`${kb(r.size).padStart(10)}  ${signed(r.count).padStart(8)} objects  ${r.g.slice(0, 60)}`);

// ------------------------------------------------------------------ objects new since the first, by group
const a = snapshots[0];
const z = snapshots.at(-1);
const before = new Set();
for (let i = 0; i < a.count; i++) before.add(a.id[i]);
const isNew = new Uint8Array(z.count);
const fresh = new Map();
for (let i = 0; i < z.count; i++) {
  if (before.has(z.id[i])) continue;
  isNew[i] = 1;
  const g = groupOf(z, i);
  const row = fresh.get(g) ?? { count: 0, size: 0 };
  row.count++;
  row.size += z.size[i];
  fresh.set(g, row);
}
const freshRows = [...fresh].sort((x, y) => y[1].size - x[1].size);
console.log(`\nObjects made after the first snapshot and alive in the last: ${freshRows.reduce((n, [, r]) => n + r.count, 0)}, ${mb(freshRows.reduce((n, [, r]) => n + r.size, 0))}`);
for (const [g, r] of freshRows.slice(0, TOP)) console.log(`${kb(r.size).padStart(10)}  ${String(r.count).padStart(8)} objects  ${g.slice(0, 80)}`);

// ------------------------------------------------------------------ where the new objects are kept
// Shortest paths from the root (node 0) over strong edges; each new object's path, cut where it leaves the
// old objects (the old object that holds the new ones is the interesting end), grouped by its text.
const dist = new Int32Array(z.count).fill(-1);
const parentEdge = new Int32Array(z.count).fill(-1);
const parentNode = new Int32Array(z.count).fill(-1);
const queue = new Uint32Array(z.count);
let head = 0;
let tail = 0;
dist[0] = 0;
queue[tail++] = 0;
while (head < tail) {
  const n = queue[head++];
  for (let e = z.firstEdge[n]; e < z.firstEdge[n + 1]; e++) {
    if (z.weak.has(z.edgeType[e])) continue;
    const t = z.edgeTo[e];
    if (dist[t] !== -1) continue;
    dist[t] = dist[n] + 1;
    parentEdge[t] = e;
    parentNode[t] = n;
    queue[tail++] = t;
  }
}
const label = (i) => `${groupOf(z, i)}${z.type[i] === 'object' || z.type[i] === 'closure' ? '' : ` ${String(z.name[i]).slice(0, 30).replace(/\s+/g, ' ')}`}`;
const paths = new Map();
for (let i = 0; i < z.count; i++) {
  if (!isNew[i] || dist[i] < 0) continue;
  // Walk up to the first old object: the path from it down to the topmost new one.
  let n = i;
  while (parentNode[n] >= 0 && isNew[parentNode[n]]) n = parentNode[n];
  const holder = parentNode[n];
  if (holder < 0) continue;
  const key = `${chain(holder)} -${z.edgeLabel(parentEdge[n])}-> (new) ${groupOf(z, n)}`;
  const row = paths.get(key) ?? { count: 0, size: 0, groups: new Map() };
  row.count++;
  row.size += z.size[i];
  const g = groupOf(z, i);
  row.groups.set(g, (row.groups.get(g) ?? 0) + z.size[i]);
  paths.set(key, row);
}
/** The retaining chain of an old object, root side first, DEPTH steps at most. */
function chain(n) {
  const parts = [];
  let m = n;
  for (let k = 0; k < DEPTH && parentNode[m] >= 0; k++) {
    parts.unshift(`-${z.edgeLabel(parentEdge[m])}-> ${label(m)}`);
    m = parentNode[m];
  }
  if (parentNode[m] >= 0) parts.unshift('...');
  return parts.join(' ');
}
console.log('\nWhere the new objects are kept (the old object holding them, its shortest path from the roots; the new objects\' self sizes under it):');
for (const [p, r] of [...paths].sort((x, y) => y[1].size - x[1].size).slice(0, PATHS)) {
  console.log(`${kb(r.size).padStart(10)}  ${String(r.count).padStart(7)} objects  ${p}`);
  const top = [...r.groups].sort((x, y) => y[1] - x[1]).slice(0, Number(process.env.HEAP_DIFF_GROUPS ?? 8));
  console.log(`            of which: ${top.map(([g, b]) => `${g} ${kb(b)}`).join(', ')}`);
}

// ------------------------------------------------------------------ HEAP_DIFF_SHOW=<group>: full paths of a few new objects of it
if (process.env.HEAP_DIFF_SHOW) {
  const shown = [];
  for (let i = 0; i < z.count && shown.length < 3; i++) if (isNew[i] && dist[i] > 0 && groupOf(z, i) === process.env.HEAP_DIFF_SHOW) shown.push(i);
  for (const i of shown) {
    const parts = [label(i)];
    for (let m = i; parentNode[m] > 0; m = parentNode[m]) parts.unshift(`${isNew[parentNode[m]] ? '(new) ' : ''}${label(parentNode[m])} -${z.edgeLabel(parentEdge[m])}->`);
    console.log(`\n${process.env.HEAP_DIFF_SHOW} (new), its shortest path from the roots:\n  ${parts.join('\n  ')}`);
  }
}
