/**
 * The notes a test file gives the runner (tests/markers.ts) are read from its first line only: a note
 * on another line, or a word the runner does not know, would be silently ignored (a file meant to share
 * modules running isolated, a long file started last). Every test file's notes are on its first line,
 * in one line, with known words.
 */
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join, relative } from 'node:path';
import { describe, expect, it } from 'vitest';
import { markersOf } from '../markers';

const ROOT = join(import.meta.dirname, '..', '..');
const KNOWN = new Set(['shared-modules', 'waits', 'long']);

function testFiles(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const path = join(dir, name);
    if (name === 'node_modules' || name.startsWith('.')) return [];
    if (statSync(path).isDirectory()) return testFiles(path);
    return /\.test\.tsx?$/.test(name) ? [path] : [];
  });
}

describe('test files’ notes to the runner', () => {
  const files = ['server', 'src', 'tests'].flatMap((d) => testFiles(join(ROOT, d)));

  it('are found (the walk reads the repository’s test files)', () => {
    expect(files.length).toBeGreaterThan(150);
    expect(markersOf(join(ROOT, 'tests/gateway/mutabakat-acting.test.ts'))).toEqual(new Set(['shared-modules', 'long']));
  });

  it('stand on the first line only, with words the runner knows', () => {
    const wrong: string[] = [];
    for (const f of files) {
      const lines = readFileSync(f, 'utf8').split('\n');
      const later = lines.slice(1).findIndex((l) => l.startsWith('// @vitest'));
      if (later >= 0) wrong.push(`${relative(ROOT, f)}:${later + 2} has a note after the first line`);
      for (const word of markersOf(f)) if (!KNOWN.has(word)) wrong.push(`${relative(ROOT, f)}: unknown note “${word}”`);
      if (lines[0]!.startsWith('// @vitest') && markersOf(f).size === 0) wrong.push(`${relative(ROOT, f)}: a first line the runner cannot read`);
    }
    expect(wrong).toEqual([]);
  });
});
