/**
 * epic-stack rule: a test that logs console.error fails. setup-dom.ts installs the spy; a test
 * that deliberately provokes an error log (e.g. a render error caught by the route boundary)
 * allows it explicitly, with the narrowest pattern it can.
 */
import { vi, type MockInstance } from 'vitest';

let spy: MockInstance<typeof console.error> | null = null;
let allowed: RegExp[] = [];
let logged: string[] = [];

function text(args: unknown[]): string {
  return args.map((a) => (a instanceof Error ? `${a.name}: ${a.message}` : typeof a === 'string' ? a : safeJson(a))).join(' ');
}
function safeJson(v: unknown): string {
  try {
    return JSON.stringify(v) ?? String(v);
  } catch {
    return String(v);
  }
}

export function installConsoleGuard(): void {
  allowed = [];
  logged = [];
  const original = console.error.bind(console);
  spy = vi.spyOn(console, 'error').mockImplementation((...args: unknown[]) => {
    const line = text(args);
    if (allowed.some((re) => re.test(line))) return;
    logged.push(line);
    original(...args);
  });
}

/** Console errors matching `pattern` do not fail this test (say in the test why they are expected). */
export function allowConsoleError(pattern: RegExp): void {
  allowed.push(pattern);
}

/** Restores console.error and throws when anything unexpected was logged. */
export function checkConsoleGuard(): void {
  spy?.mockRestore();
  spy = null;
  const found = logged;
  logged = [];
  allowed = [];
  if (found.length) {
    throw new Error(`console.error was called during the test (fix the cause):\n${found.map((l) => `  • ${l.slice(0, 600)}`).join('\n')}`);
  }
}
