// Prints the slowest test files and tests at the end of every run, beside the default reporter,
// so CI's log says where each lane's time went (docs/architecture.md, "Tests"). A file's time is
// from its first hook to its last, so a file whose tests run at once counts once.
import path from 'node:path';
import type { Reporter, TestModule } from 'vitest/node';

const SHOWN = 10;

function seconds(ms: number): string {
  return `${(ms / 1000).toFixed(1).padStart(6)} s`;
}

export default class SlowestReporter implements Reporter {
  onTestRunEnd(testModules: ReadonlyArray<TestModule>): void {
    if (testModules.length === 0) return;
    const root = process.cwd();
    const name = (m: TestModule) => `${m.project.name} ${path.relative(root, m.moduleId)}`;
    const files = testModules.map((m) => ({ name: name(m), ms: m.diagnostic().duration })).sort((a, b) => b.ms - a.ms);
    const tests = testModules
      .flatMap((m) =>
        [...m.children.allTests()].map((t) => ({
          name: `${path.basename(m.moduleId)} › ${t.fullName}`,
          ms: t.diagnostic()?.duration ?? 0,
        })),
      )
      .sort((a, b) => b.ms - a.ms);
    const total = files.reduce((sum, f) => sum + f.ms, 0);
    const lines = [
      '',
      `Slowest test files (${files.length} files, ${seconds(total).trim()} in all, summed over workers):`,
      ...files.slice(0, SHOWN).map((f) => `  ${seconds(f.ms)}  ${f.name}`),
      'Slowest tests:',
      ...tests.slice(0, SHOWN).map((t) => `  ${seconds(t.ms)}  ${t.name}`),
      '',
    ];
    process.stdout.write(`${lines.join('\n')}\n`);
  }
}
