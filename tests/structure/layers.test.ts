/**
 * The layers hold because the linter refuses a wrong import (eslint.layers.js, eslint.config.js).
 * Each case lints a small snippet as if it were a file at the given path, with the project's own
 * ESLint configuration, and names the rule that must (or must not) complain.
 */
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { join, relative, resolve } from 'node:path';
import { ESLint } from 'eslint';

const ROOT = resolve(import.meta.dirname, '../..');
const eslint = new ESLint({ cwd: ROOT });
// The import probes are new files nothing imports, so they close no cycle: without no-cycle each lint
// resolves the probe's own imports instead of walking the whole import graph behind them (seconds each).
// The cycle rule has its own case below, with the full configuration.
const probes = new ESLint({ cwd: ROOT, ruleFilter: ({ ruleId }) => ruleId !== 'import-x/no-cycle' });

/** The rule ids ESLint reports for `code` placed at `path` (relative to the project). */
async function rulesFor(path: string, code: string): Promise<string[]> {
  const [result] = await probes.lintText(code, { filePath: join(ROOT, path) });
  return result!.messages.map((m) => m.ruleId ?? m.message);
}

const PATHS = 'import-x/no-restricted-paths';

// The first lint loads the whole configuration and resolver: seconds on a loaded 2-core machine.
describe('layers the linter enforces', { timeout: 90_000 }, () => {
  it('a feature importing another feature fails', async () => {
    const code = "import AgingPage from '../aging/aging-page';\nexport const page = AgingPage;\n";
    expect(await rulesFor('src/features/accounts/layer-probe.ts', code)).toContain(PATHS);
  });

  it('a feature importing a component, the API or the domain passes', async () => {
    const code = [
      "import { DataTable } from '../../components/data-table';",
      "import { accountQueries } from '../../api/accounts';",
      'export const used = [DataTable, accountQueries];',
      '',
    ].join('\n');
    expect(await rulesFor('src/features/accounts/layer-probe.ts', code)).toEqual([]);
  });

  it('the server importing a page fails, and so does importing a component', async () => {
    const page = "import OverviewPage from '../src/features/overview/overview-page';\nexport const p = OverviewPage;\n";
    expect(await rulesFor('server/layer-probe.ts', page)).toContain(PATHS);
    const component = "import { DataTable } from '../src/components/data-table';\nexport const d = DataTable;\n";
    expect(await rulesFor('server/layer-probe.ts', component)).toContain(PATHS);
    const app = "import { createRoutes } from '../src/app/routes';\nexport const r = createRoutes;\n";
    expect(await rulesFor('server/layer-probe.ts', app)).toContain(PATHS);
  });

  it('the server importing the contract passes', async () => {
    const code = "import { ERP_OPERATIONS } from '../src/contract/erp';\nexport const c = ERP_OPERATIONS;\n";
    expect(await rulesFor('server/layer-probe.ts', code)).toEqual([]);
  });

  it('a component importing a feature fails', async () => {
    const code = "import AgingPage from '../../features/aging/aging-page';\nexport const p = AgingPage;\n";
    expect(await rulesFor('src/components/feedback/layer-probe.ts', code)).toContain(PATHS);
  });

  it('src/domain importing React, a Node module or a component fails', async () => {
    expect(await rulesFor('src/domain/layer-probe.ts', "import { useState } from 'react';\nexport const u = useState;\n")).toContain('no-restricted-imports');
    expect(await rulesFor('src/domain/layer-probe.ts', "import { readFileSync } from 'node:fs';\nexport const r = readFileSync;\n")).toContain(
      'no-restricted-imports',
    );
    const component = "import { DataTable } from '../components/data-table';\nexport const d = DataTable;\n";
    expect(await rulesFor('src/domain/layer-probe.ts', component)).toContain(PATHS);
  });

  it('an import cycle fails', async () => {
    const dir = mkdtempSync(join(ROOT, 'tests/structure/cycle-probe-'));
    try {
      writeFileSync(join(dir, 'a.ts'), "import { b } from './b';\nexport const a = () => b;\n");
      writeFileSync(join(dir, 'b.ts'), "import { c } from './c';\nexport const b = () => c;\n");
      writeFileSync(join(dir, 'c.ts'), "import { a } from './a';\nexport const c = () => a;\n");
      const results = await eslint.lintFiles([relative(ROOT, dir)]);
      const cycles = results.flatMap((r) => r.messages.filter((m) => m.ruleId === 'import-x/no-cycle'));
      expect(cycles.length).toBe(3);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
});
