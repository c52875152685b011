// Import cycles (docs/architecture.md#layers), read from one import graph of the trees built once per lint run:
// - `no-cycle`: an import that closes a cycle of value imports (what import-x/no-cycle reported, without parsing every
//   module again with the ESLint parser and resolving each import through the TypeScript resolver per file);
// - `no-type-cycle`: an import that closes a cycle only with type-only imports in it. Those vanish at run time, but a
//   loop of types through the composition root ties every module to every other: a change anywhere re-checks
//   everything, and no part can be read or tested alone.
// Together they refuse every import that closes a cycle. The graph follows relative imports out of the trees too
// (tests/, scripts/, migrations/), so a cycle through a file outside them is found.
import fs from 'node:fs';
import path from 'node:path';
import ts from 'typescript';

const SOURCE = /\.tsx?$/;
// What a relative import may name and this reads: TypeScript and JavaScript modules (not stylesheets, JSON, assets).
const CODE = /\.(tsx?|mts|cts|jsx?|mjs|cjs)$/;

function listSources(dir, out = []) {
  if (!fs.existsSync(dir)) return out;
  for (const entry of fs.readdirSync(dir, { withFileTypes: true })) {
    if (entry.name === 'node_modules' || entry.name === 'dist') continue;
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) listSources(full, out);
    else if (SOURCE.test(entry.name) && !entry.name.endsWith('.d.ts')) out.push(full);
  }
  return out;
}

const isFile = (file) => fs.statSync(file, { throwIfNoEntry: false })?.isFile() ?? false;

/**
 * The file a relative specifier names (`./x.js` is `./x.ts` when that exists, `./x` may be `./x.tsx` or
 * `./x/index.ts`), or null (a package, or not a module: `./app.css`).
 */
function resolveRelative(from, specifier) {
  if (!specifier.startsWith('.')) return null;
  const base = path.resolve(path.dirname(from), specifier.replace(/[?#].*$/, ''));
  const stem = base.replace(/\.(m?js|jsx|cjs)$/, '');
  const candidates = [`${stem}.ts`, `${stem}.tsx`, ...(base.endsWith('.mjs') ? [`${stem}.mts`] : []), base, path.join(base, 'index.ts'), path.join(base, 'index.tsx')];
  for (const candidate of candidates) {
    if (CODE.test(candidate) && !candidate.endsWith('.d.ts') && isFile(candidate)) return candidate;
  }
  return null;
}

const scriptKind = (file) =>
  file.endsWith('.tsx') ? ts.ScriptKind.TSX : /\.[mc]?ts$/.test(file) ? ts.ScriptKind.TS : file.endsWith('.jsx') ? ts.ScriptKind.JSX : ts.ScriptKind.JS;

const onlyTypes = (elements) => elements.length > 0 && elements.every((e) => e.isTypeOnly);

/** Each import of a file: where it points and whether it brings only types (`import type`, `export type`, `import()` in a type). */
function importsOf(file) {
  const text = fs.readFileSync(file, 'utf8');
  const source = ts.createSourceFile(file, text, ts.ScriptTarget.Latest, false, scriptKind(file));
  const found = [];
  const add = (node, typeOnly) => {
    if (node && ts.isStringLiteralLike(node)) found.push({ specifier: node.text, typeOnly });
  };
  const visit = (node) => {
    if (ts.isImportDeclaration(node)) {
      const clause = node.importClause;
      const named = clause?.namedBindings && ts.isNamedImports(clause.namedBindings) ? clause.namedBindings.elements : [];
      const typeOnly = !!clause && (clause.isTypeOnly || (!clause.name && named.length > 0 && onlyTypes(named)));
      add(node.moduleSpecifier, typeOnly);
    } else if (ts.isExportDeclaration(node)) {
      const named = node.exportClause && ts.isNamedExports(node.exportClause) ? node.exportClause.elements : [];
      add(node.moduleSpecifier, node.isTypeOnly || onlyTypes(named));
    } else if (ts.isImportEqualsDeclaration(node) && ts.isExternalModuleReference(node.moduleReference)) {
      add(node.moduleReference.expression, node.isTypeOnly);
    } else if (ts.isImportTypeNode(node) && ts.isLiteralTypeNode(node.argument)) {
      add(node.argument.literal, true);
    } else if (ts.isCallExpression(node) && node.expression.kind === ts.SyntaxKind.ImportKeyword) {
      add(node.arguments[0], false);
    }
    ts.forEachChild(node, visit);
  };
  visit(source);
  return found;
}

/** Strongly connected components (Tarjan): file -> component id. */
function components(graph) {
  const index = new Map();
  const low = new Map();
  const onStack = new Set();
  const stack = [];
  const component = new Map();
  let next = 0;
  let id = 0;
  const connect = (v) => {
    index.set(v, next);
    low.set(v, next);
    next += 1;
    stack.push(v);
    onStack.add(v);
    for (const w of graph.get(v) ?? []) {
      if (!index.has(w)) {
        connect(w);
        low.set(v, Math.min(low.get(v), low.get(w)));
      } else if (onStack.has(w)) low.set(v, Math.min(low.get(v), index.get(w)));
    }
    if (low.get(v) === index.get(v)) {
      let w;
      do {
        w = stack.pop();
        onStack.delete(w);
        component.set(w, id);
      } while (w !== v);
      id += 1;
    }
  };
  for (const v of graph.keys()) if (!index.has(v)) connect(v);
  return component;
}

/** A shortest chain of imports from `from` back to `to` (for the message). */
function chain(graph, from, to) {
  const previous = new Map([[from, null]]);
  const queue = [from];
  while (queue.length) {
    const v = queue.shift();
    if (v === to) break;
    for (const w of graph.get(v) ?? []) {
      if (!previous.has(w)) {
        previous.set(w, v);
        queue.push(w);
      }
    }
  }
  const route = [];
  for (let v = to; v; v = previous.get(v)) route.unshift(v);
  return route;
}

/**
 * The import graphs of the trees and of what they import outside them, read once per lint run: each file's imports,
 * and the strongly connected components of the graph of all imports and of the graph of value imports.
 */
export function analyse(dirs) {
  const edges = new Map();
  const all = new Map();
  const values = new Map();
  const queue = dirs.flatMap((d) => listSources(d));
  const seen = new Set(queue);
  while (queue.length > 0) {
    const file = queue.pop();
    const list = [];
    for (const { specifier, typeOnly } of importsOf(file)) {
      const target = resolveRelative(file, specifier);
      if (!target) continue;
      list.push({ specifier, target, typeOnly });
      if (!seen.has(target) && !target.split(path.sep).includes('node_modules')) {
        seen.add(target);
        queue.push(target);
      }
    }
    edges.set(file, list);
    all.set(file, [...new Set(list.map((e) => e.target))]);
    values.set(file, [...new Set(list.filter((e) => !e.typeOnly).map((e) => e.target))]);
  }
  return { edges, all, values, anyCycle: components(all), valueCycle: components(values) };
}

/** Whether an import or export declaration brings only types (`import type`, `import { type A }`, `export type ... from`). */
function declaresOnlyTypes(node) {
  if (node.type === 'ImportDeclaration') {
    return node.importKind === 'type' || (node.specifiers.length > 0 && node.specifiers.every((s) => s.importKind === 'type'));
  }
  if (node.type === 'ExportNamedDeclaration') {
    return node.exportKind === 'type' || (node.specifiers.length > 0 && node.specifiers.every((s) => s.exportKind === 'type'));
  }
  if (node.type === 'ExportAllDeclaration') return node.exportKind === 'type';
  return false;
}

/** A plugin whose rules read the trees under `dirs` (relative to `root`): `no-cycle` and `no-type-cycle`. */
export function importCyclePlugin(root, dirs) {
  const trees = dirs.map((d) => path.join(root, d));
  let graphs = null;
  /** The graphs, and this file's imports, when the file is in one of the trees. */
  const graphsFor = (file) => {
    if (!trees.some((d) => !path.relative(d, file).startsWith('..'))) return null;
    graphs ??= analyse(trees);
    return graphs.edges.has(file) ? graphs : null;
  };
  const route = (graph, file, target) => [file, ...chain(graph, target, file)].map((f) => path.relative(root, f)).join(' -> ');
  return {
    rules: {
      'no-cycle': {
        meta: {
          type: 'problem',
          docs: { description: 'Forbid an import that closes a cycle of value imports (a module importing one that imports it back).' },
          schema: [],
          messages: { cycle: 'Import cycle: {{route}}.' },
        },
        create(context) {
          const file = context.physicalFilename;
          const found = graphsFor(file);
          if (!found) return {};
          const { values, valueCycle } = found;
          const check = (node) => {
            const specifier = node.source?.value;
            if (typeof specifier !== 'string' || declaresOnlyTypes(node)) return;
            const target = resolveRelative(file, specifier);
            if (!target || target === file || valueCycle.get(target) !== valueCycle.get(file)) return;
            context.report({ node, messageId: 'cycle', data: { route: route(values, file, target) } });
          };
          return { ImportDeclaration: check, ExportNamedDeclaration: check, ExportAllDeclaration: check, ImportExpression: check };
        },
      },
      'no-type-cycle': {
        meta: {
          type: 'problem',
          docs: { description: 'Forbid import cycles that type-only imports close (no-cycle reports the others).' },
          schema: [],
          messages: { cycle: 'Import cycle through type imports: {{route}}. Pass what is needed in a signature instead.' },
        },
        create(context) {
          const file = context.physicalFilename;
          const found = graphsFor(file);
          if (!found) return {};
          const { edges, all, anyCycle, valueCycle } = found;
          const mine = edges.get(file);
          const reported = new Set();
          const check = (node) => {
            const specifier = node.source?.value;
            if (typeof specifier !== 'string') return;
            const edge = mine.find((e) => e.specifier === specifier);
            if (!edge || reported.has(edge.target)) return;
            const sameLoop = anyCycle.get(edge.target) === anyCycle.get(file);
            const valueLoop = valueCycle.get(edge.target) === valueCycle.get(file);
            if (!sameLoop || valueLoop) return;
            reported.add(edge.target);
            context.report({ node, messageId: 'cycle', data: { route: route(all, file, edge.target) } });
          };
          return { ImportDeclaration: check, ExportNamedDeclaration: check, ExportAllDeclaration: check, ImportExpression: check };
        },
      },
    },
  };
}
