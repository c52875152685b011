import { createHash, randomBytes } from 'node:crypto';
import { existsSync, mkdirSync, readdirSync, readFileSync, renameSync, rmSync, statSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { createResolve, load } from '@oxc-node/core';

const root = path.resolve(import.meta.dirname, '../..');
/** Inside server/ so that a copied module finds the packages the server itself finds (server/node_modules first). */
const cacheDir = path.join(root, 'server', 'node_modules', '.cache', 'bb-test-server');
const SOURCES = ['server/src', 'migrations'];

function sources(): string[] {
  const files: string[] = [];
  const walk = (dir: string) => {
    for (const e of readdirSync(path.join(root, dir), { withFileTypes: true })) {
      const rel = `${dir}/${e.name}`;
      if (e.isDirectory()) {
        if (e.name !== '__tests__') walk(rel);
      } else if (e.name.endsWith('.ts') && !e.name.endsWith('.d.ts') && !e.name.endsWith('.test.ts')) files.push(rel);
    }
  };
  for (const dir of SOURCES) walk(dir);
  return files.sort();
}

function transform(file: string, source: Buffer): string | Uint8Array {
  const url = pathToFileURL(path.join(root, file)).href;
  const context = { conditions: ['node', 'import'], importAttributes: {} };
  // Sets up oxc-node's resolver and tsconfig for the file, as its loader's resolve hook does before a load.
  createResolve({ getCurrentDirectory: () => root }, url, context, (specifier) => ({ url: specifier, format: 'module' }));
  const out = load(url, { ...context, format: 'module' }, () => ({ format: 'module', source }), '@oxc-node/core');
  if ('then' in out) throw new Error(`oxc-node transformed ${file} asynchronously`);
  if (out.source == null) throw new Error(`oxc-node gave no source for ${file}`);
  return out.source;
}

/**
 * The server's entry (`server/src/main.ts`) for a child process, as JavaScript: the server's sources and
 * migrations transformed once by oxc-node's own loader code (the transform `--import @oxc-node/core/register`
 * does in each child process), kept under a hash of the sources. A child then loads plain JavaScript: about
 * 1.9 s of CPU to load the app instead of 3.5 s with the loader thread transforming every file.
 */
export function serverMain(): string {
  // Hashed at each call (about 20 ms): a source changed between two runs of a watching vitest gets a new copy.
  const files = sources();
  const hash = createHash('sha256');
  const contents = files.map((f) => {
    const c = readFileSync(path.join(root, f));
    hash.update(f).update('\0').update(c).update('\0');
    return c;
  });
  hash.update(readFileSync(path.join(root, 'tsconfig.json'))).update(readFileSync(path.join(root, 'node_modules/@oxc-node/core/package.json')));
  const dir = path.join(cacheDir, hash.digest('hex').slice(0, 16));
  const main = path.join(dir, 'server/src/main.js');
  if (!existsSync(main)) {
    // Written aside and renamed: another worker of the run may build the same copy at the same time.
    const tmp = `${dir}.tmp-${process.pid}-${randomBytes(4).toString('hex')}`;
    files.forEach((f, i) => {
      const dest = path.join(tmp, f.replace(/\.ts$/, '.js'));
      mkdirSync(path.dirname(dest), { recursive: true });
      writeFileSync(dest, transform(f, contents[i]));
    });
    // Outside the server's package.json (a node_modules folder ends its scope): ES modules, as there.
    writeFileSync(path.join(tmp, 'package.json'), '{ "type": "module" }\n');
    try {
      renameSync(tmp, dir);
    } catch (err) {
      rmSync(tmp, { recursive: true, force: true });
      // The other one was first; any other failure is this one's.
      if (!existsSync(main)) throw err;
    }
    // Copies of older sources (and any left half-written) made over a day ago.
    for (const old of readdirSync(cacheDir)) {
      const p = path.join(cacheDir, old);
      const made = statSync(p, { throwIfNoEntry: false })?.mtimeMs ?? Date.now();
      if (p !== dir && Date.now() - made > 86_400_000) rmSync(p, { recursive: true, force: true });
    }
  }
  return main;
}
