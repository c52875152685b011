// The import cycles import-x/no-cycle leaves out: those closed by type-only imports (docs/architecture.md#layers).
// They vanish at run time, but a loop of types through the composition root ties every module to every other:
// a change anywhere re-checks everything, and no part can be read or tested alone. Value cycles stay
// import-x/no-cycle's to report; this rule reports an import only when the cycle it closes needs a type import.
import fs from 'node:fs';
import path from 'node:path';
import ts from 'typescript';

const SOURCE = /\.tsx?$/;

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

/** The file a relative specifier names (`./x.js` is `./x.ts`, `./x` may be `./x.tsx` or `./x/index.ts`), or null. */
function resolveRelative(from, specifier) {
  if (!specifier.startsWith('.')) return null;
  const base = path.resolve(path.dirname(from), specifier);
  const stem = base.replace(/\.(m?js|jsx)$/, '');
  for (const candidate of [base, `${stem}.ts`, `${stem}.tsx`, path.join(base, 'index.ts'), path.join(base, 'index.tsx')]) {
    if (SOURCE.test(candidate) && fs.existsSync(candidate) && fs.statSync(candidate).isFile()) return candidate;
  }
  return null;
}

const onlyTypes = (elements) => elements.length > 0 && elements.every((e) => e.isTypeOnly);

/** Each import of a file: where it points and whether it brings only types (`import type`, `export type`, `import()` in a type). */
function importsOf(file) {
  const text = fs.readFileSync(file, 'utf8');
  const source = ts.createSourceFile(file, text, ts.ScriptTarget.Latest, true, file.endsWith('.tsx') ? ts.ScriptKind.TSX : ts.ScriptKind.TS);
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

/** The import graphs of a tree, read once per lint run. */
export function analyse(dirs) {
  const edges = new Map();
  const all = new Map();
  const values = new Map();
  for (const file of dirs.flatMap((d) => listSources(d))) {
    const list = [];
    for (const { specifier, typeOnly } of importsOf(file)) {
      const target = resolveRelative(file, specifier);
      if (target) list.push({ specifier, target, typeOnly });
    }
    edges.set(file, list);
    all.set(file, [...new Set(list.map((e) => e.target))]);
    values.set(file, [...new Set(list.filter((e) => !e.typeOnly).map((e) => e.target))]);
  }
  return { edges, all, anyCycle: components(all), valueCycle: components(values) };
}

/** A plugin whose `no-type-cycle` rule reads the trees under `dirs` (relative to `root`). */
export function typeCyclePlugin(root, dirs) {
  const trees = dirs.map((d) => path.join(root, d));
  let graphs = null;
  return {
    rules: {
      'no-type-cycle': {
        meta: {
          type: 'problem',
          docs: { description: 'Forbid import cycles that type-only imports close (import-x/no-cycle reports the others).' },
          schema: [],
          messages: { cycle: 'Import cycle through type imports: {{route}}. Pass what is needed in a signature instead.' },
        },
        create(context) {
          const file = context.physicalFilename;
          if (!trees.some((d) => !path.relative(d, file).startsWith('..'))) return {};
          graphs ??= analyse(trees);
          const { edges, all, anyCycle, valueCycle } = graphs;
          const mine = edges.get(file);
          if (!mine) return {};
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
            const route = [file, ...chain(all, edge.target, file)].map((f) => path.relative(root, f));
            context.report({ node, messageId: 'cycle', data: { route: route.join(' -> ') } });
          };
          return { ImportDeclaration: check, ExportNamedDeclaration: check, ExportAllDeclaration: check, ImportExpression: check };
        },
      },
    },
  };
}
