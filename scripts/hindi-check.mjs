// The words docs/glossary-hi.md forbids in our Hindi texts, and where they still appear. Imported by the
// client and server tests; run on its own (`node scripts/hindi-check.mjs`, a CI step) it prints every
// finding and exits 1 when there is one.
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

export const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const GLOSSARY = 'docs/glossary-hi.md';
const NUKTA = '\u093C';
const DEVANAGARI = /[\u0900-\u097F]/;

/** The "Never" column of the glossary's table and its "Never (nukta dropped)" spelling line. */
export function forbiddenTerms(glossary = fs.readFileSync(path.join(ROOT, GLOSSARY), 'utf8')) {
  const terms = new Set();
  const add = (list) => {
    for (const term of list.split(',')) {
      const t = term.trim().replace(/\.$/, '');
      if (DEVANAGARI.test(t)) terms.add(t);
    }
  };
  let never = -1;
  for (const line of glossary.split('\n')) {
    if (line.startsWith('|')) {
      const cells = line.split('|').slice(1, -1).map((c) => c.trim());
      const at = cells.indexOf('Never');
      if (at >= 0) never = at;
      else if (never >= 0 && cells[never]) add(cells[never]);
    }
    const spelling = /^- Never \(nukta dropped\):(.*)$/.exec(line);
    if (spelling) add(spelling[1]);
  }
  return [...terms];
}

/**
 * Other words that contain a forbidden term and are not it (the glossary's "Other words that contain
 * one" line: सत्रह, seventeen, contains सत्र; उत्तर प्रदेश is a state, not an answer).
 */
export function allowedWords(glossary = fs.readFileSync(path.join(ROOT, GLOSSARY), 'utf8')) {
  const line = /^- Other words that contain one \(allowed\):(.*)$/m.exec(glossary);
  return line ? line[1].split(',').map((w) => w.trim().replace(/\.$/, '')).filter((w) => DEVANAGARI.test(w)) : [];
}

/**
 * The forbidden terms a text contains (compared decomposed, so ख़ and ख़ are one letter; a term
 * followed by a nukta is another word: सिर्फ़ does not contain सिर्फ), leaving out the `allowed` words.
 */
export function forbiddenIn(text, terms, allowed = []) {
  let haystack = text.normalize('NFD');
  for (const word of allowed) haystack = haystack.split(word.normalize('NFD')).join(' ');
  return terms.filter((term) => {
    const needle = term.normalize('NFD');
    for (let i = haystack.indexOf(needle); i >= 0; i = haystack.indexOf(needle, i + 1)) {
      if (haystack[i + needle.length] !== NUKTA) return true;
    }
    return false;
  });
}

// Words people say or type to us (the search understanding's word lists, demo listings) are input,
// not our texts; tests quote what they check.
const NOT_OUR_TEXTS = [/\/__tests__\//, /^server\/src\/modules\/search\/understanding\//, /^server\/src\/modules\/search\/seed\//];

/** Our files with Hindi in them, relative to the repository: 'client' (client/src) or 'server' (server/src). */
export function hindiFiles(side, root = ROOT) {
  const found = [];
  const walk = (dir) => {
    for (const entry of fs.readdirSync(path.join(root, dir), { withFileTypes: true })) {
      const rel = `${dir}/${entry.name}`;
      if (entry.isDirectory()) walk(rel);
      else if (/\.(ts|tsx|json)$/.test(entry.name) && !NOT_OUR_TEXTS.some((re) => re.test(rel))) {
        if (DEVANAGARI.test(fs.readFileSync(path.join(root, rel), 'utf8'))) found.push(rel);
      }
    }
  };
  walk(`${side}/src`);
  return found.sort();
}

/** Each file of a side with the forbidden terms it contains ("file: term, term"). */
export function findings(side, root = ROOT, terms = forbiddenTerms(), allowed = allowedWords()) {
  return hindiFiles(side, root)
    .map((file) => [file, forbiddenIn(fs.readFileSync(path.join(root, file), 'utf8'), terms, allowed)])
    .filter(([, found]) => found.length)
    .map(([file, found]) => `${file}: ${found.join(', ')}`);
}

if (process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  const all = [...findings('client'), ...findings('server')];
  for (const line of all) console.error(line);
  console.log(all.length ? `Hindi: ${all.length} file(s) use words docs/glossary-hi.md forbids.` : 'Hindi: every text follows docs/glossary-hi.md.');
  process.exit(all.length ? 1 : 0);
}
