import fs from 'node:fs';
import path from 'node:path';
import { BaseSequencer, type TestSpecification } from 'vitest/node';

/**
 * The order of the whole run's files. Vitest feeds every file of a group (`sequence.groupOrder`) to one queue, and a
 * worker keeps its loaded modules (the product's server, React and Mantine) for the next file only when that next
 * file, the queue's head, is of the same project and environment; otherwise it stops and a new worker imports
 * everything again.
 * Interleaving the projects longest file first spent 138 s of a run importing modules; grouped, 34 s.
 *
 * So the files run project after project (the browser journeys, the API, the components in happy-dom, then in jsdom,
 * then the isolated ones), and within each: files that failed last time, unknown ones, then the longest first (the
 * largest first when no duration is known yet, as on a fresh clone). The short component files come last and fill
 * the end of the run evenly on both workers.
 */
const PROJECT_ORDER = ['e2e', 'api', 'web', 'web-modules', 'contract', 'device-sim'];

export default class ProjectThenLongestSequencer extends BaseSequencer {
  override async sort(files: TestSpecification[]): Promise<TestSpecification[]> {
    const cache = this.ctx.cache;
    const root = this.ctx.config.root;
    const state = (spec: TestSpecification) => {
      const key = `${spec.project.name}:${path.relative(root, spec.moduleId)}`;
      const result = cache.getFileTestResults(key);
      return {
        project: projectRank(spec.project.name),
        environment: environmentOf(spec.moduleId),
        failed: result?.failed ?? false,
        known: result !== undefined,
        duration: result?.duration ?? 0,
        size: cache.getFileStats(key)?.size ?? fileSize(spec.moduleId),
      };
    };
    const states = new Map(files.map((f) => [f, state(f)]));
    return [...files].sort((a, b) => {
      const groupOrder = a.project.config.sequence.groupOrder - b.project.config.sequence.groupOrder;
      if (groupOrder !== 0) return groupOrder;
      const sa = states.get(a)!;
      const sb = states.get(b)!;
      if (sa.project !== sb.project) return sa.project - sb.project;
      if (sa.environment !== sb.environment) return sa.environment < sb.environment ? -1 : 1;
      if (sa.failed !== sb.failed) return sa.failed ? -1 : 1;
      if (sa.known !== sb.known) return sa.known ? 1 : -1;
      if (!sa.known) return sb.size - sa.size;
      return sb.duration - sa.duration;
    });
  }
}

function projectRank(name: string) {
  const rank = PROJECT_ORDER.indexOf(name);
  return rank === -1 ? PROJECT_ORDER.length : rank;
}

/** The environment a file asks for in its docblock (`@vitest-environment jsdom`), '' for its project's default. */
function environmentOf(file: string) {
  try {
    const fd = fs.openSync(file, 'r');
    try {
      const head = Buffer.alloc(512);
      const read = fs.readSync(fd, head, 0, head.length, 0);
      return /@vitest-environment\s+(\S+)/.exec(head.subarray(0, read).toString('utf8'))?.[1] ?? '';
    } finally {
      fs.closeSync(fd);
    }
  } catch {
    return '';
  }
}

function fileSize(file: string) {
  try {
    return fs.statSync(file).size;
  } catch {
    return 0;
  }
}
