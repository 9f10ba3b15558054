/**
 * The order test files start in (vitest.config.ts sequence.sequencer). Vitest runs the longest first
 * when it has timings from an earlier run, and by file size on a clean clone, one project after the
 * other by name (dom, flows, node, unit). On 2 workers that left a tail: a small file that mostly
 * waits on sockets and timers started near the end. Here the node and server projects (the heaviest
 * files) start first, then flows, dom and unit (many small files, which fill the last gaps); within a
 * project the files that wait more than they compute first, beside the CPU-heavy ones, then the longest.
 * One project at a time: a worker does not change project, so the server's waiting files started ahead
 * of the node project cost three more worker processes (hono, the gateway, PGlite each imported again).
 */
import { BaseSequencer, type TestSpecification } from 'vitest/node';

/** Files whose time is mostly waiting (real sockets, a slow reader, timers), longest first, within their project. */
const WAITING_FIRST = [
  'tests/gateway/shared-slow.test.ts',
  'tests/gateway/mutabakat-postgres.test.ts',
  'tests/gateway/erp-check.test.ts',
  'tests/gateway/reliability.test.ts',
  'tests/gateway/prod-server.test.ts',
];
/**
 * Within its project, the files that took longest on a clean-clone CI run (≥ 3 s), longest first. On a
 * clean clone vitest orders a project by file size, and several small files are long (a mutabakat flow
 * starts PGlite and a jobs worker): started last, they left one core idle at the end of the run.
 */
const LONGEST = [
  'tests/flows/mutabakat-campaign.test.tsx', 'tests/flows/accounts.test.tsx', 'tests/gateway/mutabakat-faults.test.ts',
  'tests/flows/statement.test.tsx', 'tests/flows/letters.test.tsx', 'tests/gateway/config-demo.test.ts',
  'tests/flows/babs-campaign.test.tsx', 'tests/flows/mutabakat-outbox.test.tsx', 'tests/gateway/tahsilat-flow.test.ts',
  'tests/gateway/mutabakat-reply-http.test.ts', 'tests/flows/invoices.test.tsx', 'tests/gateway/tahsilat-documents.test.ts',
  'server/mutabakat/pdf-pool.test.ts', 'tests/flows/aging.test.tsx', 'tests/gateway/mutabakat-letter-content.test.ts',
  'tests/gateway/mutabakat-restart.test.ts', 'tests/flows/mutabakat-contacts.test.tsx', 'tests/flows/network.test.tsx',
  'tests/gateway/tahsilat-withdrawn.test.ts', 'tests/flows/tahsilat-account.test.tsx', 'tests/flows/typed-amounts.test.tsx',
  'tests/gateway/login-limits.test.ts', 'tests/gateway/mutabakat-mail.test.ts', 'server/demo-erp/dataset.test.ts',
];
const PROJECTS = ['node', 'server', 'flows', 'dom', 'unit'];

export class WaitingFirstSequencer extends BaseSequencer {
  override async sort(files: TestSpecification[]): Promise<TestSpecification[]> {
    const sorted = await super.sort(files);
    const waiting = (f: TestSpecification) => {
      const i = WAITING_FIRST.findIndex((p) => f.moduleId.endsWith(p));
      return i === -1 ? WAITING_FIRST.length : i;
    };
    const longest = (f: TestSpecification) => {
      const i = LONGEST.findIndex((p) => f.moduleId.endsWith(p));
      return i === -1 ? LONGEST.length : i;
    };
    const project = (f: TestSpecification) => {
      const i = PROJECTS.indexOf(f.project.name);
      return i === -1 ? PROJECTS.length : i;
    };
    // Array.prototype.sort is stable: within a project vitest's own order (timings or size) stays.
    return sorted.map((f, i) => ({ f, i })).sort((a, b) => project(a.f) - project(b.f) || waiting(a.f) - waiting(b.f) || longest(a.f) - longest(b.f) || a.i - b.i).map(({ f }) => f);
  }
}
