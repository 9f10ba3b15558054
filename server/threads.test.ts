/**
 * The server's threads start whatever options the process was started with: `node --max-old-space-size=4096
 * dist-server/prod.js` (a bigger heap for a big ERP) made Node refuse every thread ("Initiated Worker with invalid
 * execArgv flags"), so the embedded database never opened. A child process started so starts a thread of a built
 * module (as dist-server's are started) and hears from it; the thread gets the options a thread may take.
 */
import { spawnSync } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { join } from 'node:path';
import { writeFileSync } from 'node:fs';
import { testTempDir } from '../tests/harness/temp-dir';

describe('a thread of a built module', () => {
  it('starts in a process given V8 heap options, and gets the options a thread may take', () => {
    const dir = testTempDir('cari-threads-');
    const thread = join(dir, 'thread.mjs');
    writeFileSync(thread, `import { parentPort } from 'node:worker_threads';\nparentPort.postMessage({ hazır: true, execArgv: process.execArgv });\n`);
    const threads = fileURLToPath(new URL('./threads.ts', import.meta.url));
    const script = `const { startThread } = await import(${JSON.stringify(threads)});
      const w = startThread({ file: ${JSON.stringify(thread)}, tsx: false });
      w.once('message', (m) => { console.log(JSON.stringify(m)); void w.terminate(); });
      w.once('error', (e) => { console.log('thread failed: ' + e.message); process.exitCode = 1; });`;
    const child = spawnSync(
      process.execPath,
      ['--max-old-space-size=512', '--expose-gc', '--enable-source-maps', '--import', 'tsx', '--input-type=module', '-e', script],
      { encoding: 'utf8', timeout: 30_000 },
    );
    expect(child.stderr).not.toMatch(/invalid execArgv|Error/);
    const said = JSON.parse(child.stdout.trim()) as { hazır: boolean; execArgv: string[] };
    expect(said.hazır).toBe(true);
    // The heap's and the GC's options stay with the process (Node refuses them for a thread); --input-type is the
    // process's script's (a thread of a file refuses it); the loader and source maps go on.
    expect(said.execArgv).not.toContain('--max-old-space-size=512');
    expect(said.execArgv).not.toContain('--expose-gc');
    expect(said.execArgv.some((a) => a.startsWith('--input-type'))).toBe(false);
    expect(said.execArgv).toEqual(expect.arrayContaining(['--enable-source-maps', '--import', 'tsx']));
    expect(child.status).toBe(0);
  }, 40_000);
});
