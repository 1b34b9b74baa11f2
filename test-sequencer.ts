import path from 'node:path';
import { BaseSequencer, type TestSpecification } from 'vitest/node';

/**
 * Vitest's own order runs the projects one after another (api, contract, device-sim, e2e, web, web-modules), longest
 * file first within each: at every change of project one worker waits for the other's last long file, and the short
 * web files cannot fill the gaps the long API and browser files leave. This order is the same rule over the whole run:
 * files that failed last time, then unknown ones, then the longest first, whatever their project.
 */
export default class LongestFirstSequencer extends BaseSequencer {
  override async sort(files: TestSpecification[]): Promise<TestSpecification[]> {
    const cache = this.ctx.cache;
    const root = this.ctx.config.root;
    const state = (spec: TestSpecification) => {
      const key = `${spec.project.name}:${path.relative(root, spec.moduleId)}`;
      const result = cache.getFileTestResults(key);
      return { failed: result?.failed ?? false, known: result !== undefined, duration: result?.duration ?? 0 };
    };
    const states = new Map(files.map((f) => [f, state(f)]));
    return [...files].sort((a, b) => {
      const groupOrder = a.project.config.sequence.groupOrder - b.project.config.sequence.groupOrder;
      if (groupOrder !== 0) return groupOrder;
      const sa = states.get(a)!;
      const sb = states.get(b)!;
      if (sa.failed !== sb.failed) return sa.failed ? -1 : 1;
      if (sa.known !== sb.known) return sa.known ? 1 : -1;
      return sb.duration - sa.duration;
    });
  }
}
