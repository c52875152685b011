// The import boundary and cycle rules (eslint.boundaries.js, docs/architecture.md#layers) fail on a
// violation and pass a clean import: ESLint's Node API over the small tree in tests/fixtures/lint.
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { ESLint, type Linter } from 'eslint';
import tseslint from 'typescript-eslint';
import { beforeAll, describe, expect, it } from 'vitest';

type BoundaryException = { file: string; imports: string; reason: string };
type BoundariesModule = {
  importBoundaries(
    root: string,
    options: { exceptions?: BoundaryException[]; tsconfigs?: string[] },
  ): Linter.Config[];
};

const repoRoot = path.resolve(import.meta.dirname, '../..');
const root = path.join(repoRoot, 'tests/fixtures/lint');
let boundaries: BoundariesModule;

beforeAll(async () => {
  boundaries = (await import(pathToFileURL(path.join(repoRoot, 'eslint.boundaries.js')).href)) as BoundariesModule;
});

async function lint(exceptions: BoundaryException[] = []): Promise<Map<string, Linter.LintMessage[]>> {
  const eslint = new ESLint({
    cwd: root,
    overrideConfigFile: true,
    overrideConfig: [
      { files: ['**/*.ts'], languageOptions: { parser: tseslint.parser, sourceType: 'module' } },
      ...boundaries.importBoundaries(root, { exceptions, tsconfigs: ['tsconfig.json'] }),
    ],
  });
  const results = await eslint.lintFiles(['server/src/**/*.ts', 'client/src/**/*.ts']);
  return new Map(results.map((r) => [path.relative(root, r.filePath), r.messages]));
}

const summary = (messages: Linter.LintMessage[] | undefined) =>
  (messages ?? []).map((m) => `${m.ruleId}:${m.line}${m.fatal ? ' FATAL ' + m.message : ''}`);

describe('import boundary lint rules', () => {
  let found: Map<string, Linter.LintMessage[]>;
  beforeAll(async () => {
    found = await lint();
  });

  it('lints every fixture file', () => {
    expect(found.size).toBe(29);
  });

  it.each([
    ['server/src/modules/alpha/bad-http.service.ts', 'a service imports the HTTP layer'],
    ['server/src/modules/alpha/bad-internal.ts', "a module imports another module's internals"],
    ['server/src/adapters/store/bad-store.ts', 'an adapter imports a module'],
    ['server/src/queue/bad-queues.ts', 'a lower layer imports the composition root'],
    ['server/src/modules/alpha/bad-adapter.ts', 'a module imports a concrete adapter instead of its port'],
    ['server/src/app/bad-root.ts', "the composition root imports a module's service instead of its entry"],
    ['client/src/features/shop/bad-shop.ts', "a feature imports another feature's internals"],
    ['client/src/app/routes/bad-route.ts', "a route imports a feature's internals instead of its index"],
  ])('%s fails: %s', (file) => {
    expect(summary(found.get(file))).toEqual(['import-x/no-restricted-paths:1']);
  });

  it('an import cycle fails on both sides', () => {
    expect(summary(found.get('server/src/cycle/bad-one.ts'))).toEqual(['import-cycles/no-cycle:1']);
    expect(summary(found.get('server/src/cycle/bad-two.ts'))).toEqual(['import-cycles/no-cycle:1']);
  });

  it('a cycle closed by a type import fails on both sides (no-cycle reads past type imports)', () => {
    expect(summary(found.get('client/src/features/loop/bad-type-one.ts'))).toEqual(['import-cycles/no-type-cycle:1']);
    expect(summary(found.get('client/src/features/loop/bad-type-two.ts'))).toEqual(['import-cycles/no-type-cycle:1']);
  });

  it('clean imports pass', () => {
    const clean = [...found].filter(([file]) => !path.basename(file).startsWith('bad-'));
    expect(clean.map(([file]) => file).sort()).toEqual([
      'client/src/app/routes/good-route.ts',
      'client/src/features/cart/cart-internal.ts',
      'client/src/features/cart/index.ts',
      'client/src/features/shop/good-shop.ts',
      'server/src/adapters/storage/disk-storage.ts',
      'server/src/adapters/storage/storage.ts',
      'server/src/app/good-root.ts',
      'server/src/app/redis.ts',
      'server/src/http/uploads.ts',
      'server/src/modules/alpha/alpha-helper.ts',
      'server/src/modules/alpha/good-alpha.routes.ts',
      'server/src/modules/alpha/good-alpha.service.ts',
      'server/src/modules/alpha/good-port.ts',
      'server/src/modules/beta/beta-internal.ts',
      'server/src/modules/beta/beta.module.ts',
      'server/src/modules/beta/beta.public.ts',
      'server/src/modules/beta/beta.service.ts',
    ]);
    for (const [file, messages] of clean) expect(summary(messages), file).toEqual([]);
  });

  it('a listed exception lets exactly that import through', async () => {
    const withException = await lint([
      {
        file: 'server/src/modules/alpha/bad-internal.ts',
        imports: 'server/src/modules/beta/beta-internal.ts',
        reason: 'test of the exception list',
      },
    ]);
    expect(summary(withException.get('server/src/modules/alpha/bad-internal.ts'))).toEqual([]);
    expect(summary(withException.get('server/src/modules/alpha/bad-http.service.ts'))).toEqual([
      'import-x/no-restricted-paths:1',
    ]);
  });
});
