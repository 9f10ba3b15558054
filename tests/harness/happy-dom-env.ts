/**
 * The DOM of the component and flow tests (vitest.config.ts, projects "dom" and "flows"): happy-dom, as
 * vitest's own "happy-dom" environment sets it up, with two changes.
 *
 * - Node's fetch, Request, Response, Headers, AbortController, AbortSignal, URL and URLSearchParams stay
 *   the globals (vitest's happy-dom environment replaces them by happy-dom's; its jsdom one keeps Node's).
 *   msw intercepts Node's fetch, and the gateway the flows run (hono, undici) builds Node's Requests.
 *   happy-dom's Blob, File and FormData stay: a form's FormData and a download's Blob are the page's.
 * - happy-dom reports what a page does wrong (a script error, a resource it did not load) on the console it
 *   was given when the window was made, once per worker; vitest gives each test file a console of its own.
 *   Reports go to the console of the moment, so the console.error rule (tests/setup-dom.ts) sees them.
 *
 * happy-dom in place of jsdom: the flows' CPU on the main thread 108.8 → 76.9 s (profiled, the same files),
 * the DOM's own share 31 → 14 s (docs/decisions/0005). Real browsers are the e2e tests' (tests/e2e).
 */
import { builtinEnvironments, type Environment } from 'vitest/runtime';

const NODE_GLOBALS = ['fetch', 'Request', 'Response', 'Headers', 'AbortController', 'AbortSignal', 'URL', 'URLSearchParams'] as const;

type Methods = Record<PropertyKey, (...args: unknown[]) => unknown>;
let workerConsole: Methods | undefined;

/** A console whose every method is the current global console's, looked up when called. */
const currentConsole: Methods = new Proxy({} as Methods, {
  get:
    (_, name) =>
    (...args: unknown[]) => {
      const now = globalThis.console as unknown as Methods;
      return (now === currentConsole ? workerConsole : now)?.[name]?.(...args);
    },
});

export default {
  name: 'happy-dom',
  viteEnvironment: 'client',
  async setup(global, options) {
    const g = global as Record<string, unknown>;
    const node = NODE_GLOBALS.map((name) => [name, g[name]] as const);
    // vitest hands happy-dom the global console of this moment.
    workerConsole = g.console as Methods;
    g.console = currentConsole;
    let env: Awaited<ReturnType<Environment['setup']>>;
    try {
      env = await builtinEnvironments['happy-dom'].setup(global, options);
    } finally {
      g.console = workerConsole;
    }
    for (const [name, value] of node) Object.defineProperty(global, name, { value, configurable: true, writable: true });
    return { teardown: (g2) => env.teardown(g2) };
  },
} satisfies Environment;
