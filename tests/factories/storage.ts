import { readdir } from 'node:fs/promises';
import path from 'node:path';
import type { TestApp } from '../support/app.js';

/** Every file under the app's UPLOAD_DIR (stored files and upload temporaries), relative paths, sorted. */
export async function storedFiles(app: TestApp): Promise<string[]> {
  const root = path.resolve(app.config.UPLOAD_DIR);
  const entries = await readdir(root, { recursive: true, withFileTypes: true }).catch(() => []);
  return entries
    .filter((e) => e.isFile())
    .map((e) => path.relative(root, path.join(e.parentPath, e.name)))
    .sort();
}
