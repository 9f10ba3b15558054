/**
 * The order test files start in (vitest.config.ts sequence.sequencer). Vitest runs the longest first
 * when it has timings from an earlier run, and by file size on a clean clone, one project after the
 * other by name (dom, flows, node, unit). On 2 workers that left a tail: a small file that mostly
 * waits on sockets and timers started near the end. Here the files that wait more than they compute
 * start first, beside the CPU-heavy ones; then the node and server projects (the heaviest files), flows,
 * dom and unit (many small files, which fill the last gaps).
 */
import { BaseSequencer, type TestSpecification } from 'vitest/node';

/** Files whose time is mostly waiting (real sockets, a slow reader, timers), longest first. */
const WAITING_FIRST = [
  'tests/gateway/shared-slow.test.ts',
  'tests/gateway/mutabakat-postgres.test.ts',
  'tests/gateway/erp-check.test.ts',
  'tests/gateway/reliability.test.ts',
  'tests/gateway/prod-server.test.ts',
];
const PROJECTS = ['node', 'server', 'flows', 'dom', 'unit'];

export class WaitingFirstSequencer extends BaseSequencer {
  override async sort(files: TestSpecification[]): Promise<TestSpecification[]> {
    const sorted = await super.sort(files);
    const waiting = (f: TestSpecification) => {
      const i = WAITING_FIRST.findIndex((p) => f.moduleId.endsWith(p));
      return i === -1 ? WAITING_FIRST.length : i;
    };
    const project = (f: TestSpecification) => {
      const i = PROJECTS.indexOf(f.project.name);
      return i === -1 ? PROJECTS.length : i;
    };
    // Array.prototype.sort is stable: within a project vitest's own order (timings or size) stays.
    return sorted.map((f, i) => ({ f, i })).sort((a, b) => waiting(a.f) - waiting(b.f) || project(a.f) - project(b.f) || a.i - b.i).map(({ f }) => f);
  }
}
