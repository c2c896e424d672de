// File order of a run. Vitest runs the files it has timings for longest first, and the others
// largest first (by bytes); a fresh CI checkout has no timings, so the browser suite's longest
// files, a11y-*.test.ts (every route and tab x roles x widths x themes, from a short file), ran near
// the end while the other worker sat idle. Browser files whose name starts with "a11y" go first.
import { BaseSequencer, type TestSpecification } from 'vitest/node';

const runsFirst = (spec: TestSpecification) =>
  spec.project.name === 'e2e' && /[\\/]a11y[^\\/]*\.test\.ts$/.test(spec.moduleId);

export class BrowserSuiteSequencer extends BaseSequencer {
  override async sort(files: TestSpecification[]): Promise<TestSpecification[]> {
    const sorted = await super.sort(files);
    return [...sorted.filter(runsFirst), ...sorted.filter((spec) => !runsFirst(spec))];
  }
}
