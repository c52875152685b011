import { execFile } from 'node:child_process';
import { existsSync } from 'node:fs';
import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';

const run = promisify(execFile);
const TOOLS = ['/usr/bin/pdftotext', '/usr/bin/pdftoppm'];

/** Why PDFs cannot be read back on this machine (poppler-utils missing; .ci/run installs it), or null. */
export function pdfToolsUnavailableReason(): string | null {
  const missing = TOOLS.filter((t) => !existsSync(t));
  return missing.length ? `${missing.join(', ')} not found: apt-get install -y poppler-utils` : null;
}

/** `describe`, or `describe.skip` with the reason printed once. */
export function pdfDescribe<D extends { skip: unknown }>(describe: D): D | D['skip'] {
  const reason = pdfToolsUnavailableReason();
  if (!reason) return describe;
  console.warn(`[pdf] Skipping: ${reason}`);
  return describe.skip;
}

async function withFile<T>(pdf: Buffer, work: (file: string, dir: string) => Promise<T>): Promise<T> {
  const dir = await mkdtemp(path.join(os.tmpdir(), 'bb-pdf-'));
  try {
    const file = path.join(dir, 'doc.pdf');
    await writeFile(file, pdf);
    return await work(file, dir);
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
}

/** The PDF's text as poppler extracts it (reading order, pages separated by form feeds). */
export function pdfText(pdf: Buffer): Promise<string> {
  return withFile(pdf, async (file) => (await run('/usr/bin/pdftotext', ['-raw', '-enc', 'UTF-8', file, '-'])).stdout);
}

/** The number of pages poppler finds. */
export async function pdfPages(pdf: Buffer): Promise<number> {
  return withFile(pdf, async (file) => {
    const { stdout } = await run('/usr/bin/pdfinfo', [file]).catch(() => ({ stdout: '' }));
    return Number(/Pages:\s+(\d+)/.exec(stdout)?.[1] ?? 0);
  });
}

/** The first page as a PNG at `dpi`. */
export function pdfFirstPagePng(pdf: Buffer, dpi = 100): Promise<Buffer> {
  return withFile(pdf, async (file, dir) => {
    await run('/usr/bin/pdftoppm', ['-r', String(dpi), '-f', '1', '-l', '1', '-png', '-singlefile', file, path.join(dir, 'page')]);
    return readFile(path.join(dir, 'page.png'));
  });
}
