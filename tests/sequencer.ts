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
import { markersOf } from './markers';

/**
 * Within a project: first the files whose first line says `waits` (their time is mostly waiting: real
 * sockets, child processes, a slow reader, timers), then those that say `long` (among the longest on a
 * clean-clone CI run, ≥ 3 s: on a clean clone vitest orders a project by file size, and several small
 * files are long — a mutabakat flow starts PGlite and a jobs worker — which, started last, left one core
 * idle at the end). The notes are on the files themselves (tests/markers.ts): a rename keeps them.
 */
const PROJECTS = ['node', 'server', 'flows', 'dom', 'unit'];

export class WaitingFirstSequencer extends BaseSequencer {
  override async sort(files: TestSpecification[]): Promise<TestSpecification[]> {
    const sorted = await super.sort(files);
    const waiting = (f: TestSpecification) => (markersOf(f.moduleId).has('waits') ? 0 : 1);
    const longest = (f: TestSpecification) => (markersOf(f.moduleId).has('long') ? 0 : 1);
    const project = (f: TestSpecification) => {
      const i = PROJECTS.indexOf(f.project.name);
      return i === -1 ? PROJECTS.length : i;
    };
    // Array.prototype.sort is stable: within a project vitest's own order (timings or size) stays.
    return sorted
      .map((f, i) => ({ f, i }))
      .sort((a, b) => project(a.f) - project(b.f) || waiting(a.f) - waiting(b.f) || longest(a.f) - longest(b.f) || a.i - b.i)
      .map(({ f }) => f);
  }
}
