// Import boundary and import cycle rules (docs/architecture.md#layers), as a function of the tree's root so
// the lint test (tests/integration/lint-boundaries.test.ts) can run the same rules over small fixture trees.
import fs from 'node:fs';
import path from 'node:path';
import { createTypeScriptImportResolver } from 'eslint-import-resolver-typescript';
import importX from 'eslint-plugin-import-x';
import { importCyclePlugin } from './eslint.import-cycles.js';

const RULE = 'import-x/no-restricted-paths';

// The trees kept free of import cycles, those closed by type imports too (eslint.import-cycles.js). In server/src that means: a
// module takes the `Orm` type from db/orm.ts (connecting it, db/connect.ts, needs every module's entities), and a
// resolver names what it uses of the services in its own `GqlContext<...>`, never the composition root's `Services`.
const CYCLE_FREE = ['client/src', 'server/src'];

// A server module's public surface: what another module (or the composition root) may import from it.
// `<module>.public.ts` re-exports whatever else the module offers others. Everything else in the module's
// folder is its own business.
const MODULE_PUBLIC = /\.(module|service|types|entity|inputs|public)\.ts$/;
// A client feature's public surface: its index.
const FEATURE_PUBLIC = /^index\.tsx?$/;

function listDirs(dir) {
  if (!fs.existsSync(dir)) return [];
  return fs
    .readdirSync(dir, { withFileTypes: true })
    .filter((d) => d.isDirectory() && !d.name.startsWith('__'))
    .map((d) => d.name);
}

function publicFiles(dir, pattern) {
  return fs
    .readdirSync(dir)
    .filter((name) => pattern.test(name))
    .map((name) => `./${name}`);
}

// The ports of server/src/adapters (relative to it): interfaces and the shared rows they speak in.
const ADAPTER_PORTS = [
  './search/search-engine.ts',
  './search/search-documents-table.ts',
  './search/sql-runner.ts',
  './storage/storage.ts',
  './mail/mail-sender.ts',
  './whatsapp/whatsapp-sender.ts',
  './push/push-sender.ts',
  './llm/question-generator.ts',
  './speech/speech-to-text.ts',
  './translation/translator.ts',
  './delivery-error.ts',
  // The development outbox is a store of its own (GET /dev/outbox), read by the verification module.
  './dev-outbox',
];

const SERVICES_BELOW =
  'Services never import the HTTP or GraphQL layers: the adapter (routes, resolver) calls the service with a typed command.';

/** The zones of `import-x/no-restricted-paths` for a tree rooted at `root`. */
export function boundaryZones(root) {
  const server = (p) => path.join(root, 'server/src', p);
  const zones = [
    {
      // Services, stores, inputs, entities and jobs are below the transport adapters.
      target: server('modules/**/!(*.resolver|*.routes|*.types|*.live|*.module).ts'),
      from: server('http'),
      message: SERVICES_BELOW,
    },
    {
      target: server('modules/**/!(*.resolver|*.routes|*.types|*.live|*.module).ts'),
      from: server('graphql'),
      message: SERVICES_BELOW,
    },
    {
      target: server('adapters/**'),
      from: server('modules'),
      message: "Adapters never import a module: what an adapter needs comes through its port's own types.",
    },
    {
      // A module talks to infrastructure through ports; the concrete adapter is chosen where infra is built.
      target: server('modules/**/!(*.module).ts'),
      from: server('adapters'),
      except: ADAPTER_PORTS,
      message: 'Modules use an adapter only through its port (the interface file), never a concrete adapter.',
    },
    {
      target: [
        server('outbox/**'),
        server('queue/**'),
        server('pubsub/**'),
        server('redis/**'),
        server('common/**'),
        server('config/**'),
        server('adapters/**'),
        server('http/health.ts'),
      ],
      from: server('app'),
      message: 'Lower layers never import the composition root (app/): it imports them.',
    },
  ];
  const modulesDir = server('modules');
  zones.push({
    target: server('app/**'),
    from: modulesDir,
    except: [
      './index.ts',
      ...listDirs(modulesDir).flatMap((name) =>
        publicFiles(path.join(modulesDir, name), /\.module\.ts$/).map((file) => `./${name}/${file.slice(2)}`),
      ),
    ],
    message: "The composition root uses a module only through its entry (*.module.ts: the module and its services' factory).",
  });
  for (const name of listDirs(modulesDir)) {
    zones.push({
      target: path.join(modulesDir, `!(${name})/**`),
      from: path.join(modulesDir, name),
      except: publicFiles(path.join(modulesDir, name), MODULE_PUBLIC),
      message: 'Another module is used only through its public files (*.module, *.service, *.types, *.entity, *.inputs, *.public).',
    });
  }
  const featuresDir = path.join(root, 'client/src/features');
  for (const name of listDirs(featuresDir)) {
    zones.push({
      // A feature's own tests may use another feature's test fixtures and storage keys.
      target: [path.join(featuresDir, `!(${name})/!(__tests__)/**`), path.join(featuresDir, `!(${name})/*`)],
      from: path.join(featuresDir, name),
      except: publicFiles(path.join(featuresDir, name), FEATURE_PUBLIC),
      message: 'Another feature is used only through what its index exports.',
    });
  }
  const clientApp = path.join(root, 'client/src/app');
  zones.push(
    ...listDirs(featuresDir).map((name) => ({
      // The routes, the frame and the providers compose the features through their indexes (tests may reach further).
      target: [path.join(clientApp, '!(__tests__)/**'), path.join(clientApp, '*')],
      from: path.join(featuresDir, name),
      except: publicFiles(path.join(featuresDir, name), FEATURE_PUBLIC),
      message: "The app uses a feature only through what its index exports (lazy parts as loaders it offers).",
    })),
  );
  return zones;
}

/**
 * Lint config for the boundaries and cycles of the tree at `root`.
 * `exceptions`: `{ file, imports, reason }` with paths relative to root; `file` may import `imports` despite a zone.
 */
export function importBoundaries(root, { exceptions = [], tsconfigs = [] } = {}) {
  const zones = boundaryZones(root);
  const byFile = new Map();
  for (const exception of exceptions) {
    if (!exception.reason) throw new Error(`Boundary exception for ${exception.file} needs a reason`);
    const list = byFile.get(exception.file) ?? [];
    list.push(path.join(root, exception.imports));
    byFile.set(exception.file, list);
  }
  const inside = (dir, file) => !path.relative(dir, file).startsWith('..');
  const withExceptions = (allowed) =>
    zones.map((zone) => {
      const extra = allowed.filter((t) => inside(zone.from, t)).map((t) => `./${path.relative(zone.from, t)}`);
      return extra.length === 0 ? zone : { ...zone, except: [...new Set([...(zone.except ?? []), ...extra])] };
    });
  const files = ['server/src/**/*.ts', 'client/src/**/*.{ts,tsx}'];
  return [
    {
      files,
      plugins: { 'import-x': importX, 'import-cycles': importCyclePlugin(root, CYCLE_FREE) },
      settings: {
        // Read .ts/.tsx dependencies with the TypeScript parser.
        'import-x/extensions': ['.ts', '.tsx', '.js', '.mjs'],
        'import-x/external-module-folders': ['node_modules', 'node_modules/@types'],
        'import-x/parsers': { '@typescript-eslint/parser': ['.ts', '.tsx'] },
        'import-x/resolver-next': [
          createTypeScriptImportResolver({
            alwaysTryTypes: false,
            noWarnOnMultipleProjects: true,
            project: tsconfigs.map((p) => path.join(root, p)),
          }),
        ],
      },
      rules: {
        [RULE]: ['error', { zones, basePath: root }],
        // Cycles through value imports (import-x/no-cycle did this, parsing and resolving every module again:
        // about half of the lint run's rule time) ...
        'import-cycles/no-cycle': 'error',
        // ... and the cycles type-only imports close (a loop of types through the composition root, say).
        'import-cycles/no-type-cycle': 'error',
      },
    },
    ...[...byFile].map(([file, allowed]) => ({
      files: [file],
      rules: { [RULE]: ['error', { zones: withExceptions(allowed), basePath: root }] },
    })),
  ];
}
