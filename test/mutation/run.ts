/**
 * `npm run mutation [group…]`: runs Stryker once per mutation group (default all four, smallest
 * first), one after the other, then prints each group's mutation score against its break threshold
 * and fails when one is under it (docs/testing.md, "Mutation testing"). Writes the table to
 * reports/mutation/summary.md. Groups and thresholds: test/mutation/groups.json.
 */
import { spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import * as z from 'zod';

const root = fileURLToPath(new URL('../..', import.meta.url));
const groupsSchema = z.record(z.string(), z.object({ mutate: z.array(z.string()), break: z.number() }));
const groups = groupsSchema.parse(JSON.parse(readFileSync(path.join(root, 'test/mutation/groups.json'), 'utf8')));

// Stryker's JSON report (mutation-testing-report-schema), only the part the score needs.
const reportSchema = z.object({
  files: z.record(z.string(), z.object({ mutants: z.array(z.object({ status: z.string() })) })),
});

/** Stryker's definition: detected / (detected + undetected); errors and ignored mutants do not count. */
export function score(statuses: readonly string[]): { score: number; detected: number; valid: number } {
  const detected = statuses.filter((s) => s === 'Killed' || s === 'Timeout').length;
  const undetected = statuses.filter((s) => s === 'Survived' || s === 'NoCoverage').length;
  const valid = detected + undetected;
  return { score: valid === 0 ? 100 : (100 * detected) / valid, detected, valid };
}

function main(): number {
  const asked = process.argv.slice(2);
  const unknown = asked.filter((g) => !Object.hasOwn(groups, g));
  if (unknown.length > 0) {
    console.error(`unknown group(s) ${unknown.join(', ')}; known: ${Object.keys(groups).join(', ')}`);
    return 2;
  }
  const names = asked.length > 0 ? asked : Object.keys(groups);
  let failed = false;
  for (const name of names) {
    const run = spawnSync('npx', ['stryker', 'run', 'stryker.config.mjs'], {
      cwd: root,
      stdio: 'inherit',
      env: { ...process.env, MUTATION_GROUP: name },
    });
    if (run.status !== 0) console.error(`${name}: Stryker exited with ${run.status}`);
  }
  // Every group's last report, run now or before; only the groups run now can fail this run.
  const rows: string[] = [];
  for (const [name, group] of Object.entries(groups)) {
    const file = path.join(root, `reports/mutation/${name}.json`);
    if (!existsSync(file)) {
      failed ||= names.includes(name);
      rows.push(`| ${name} | no report | ${group.break} % | |`);
      continue;
    }
    const report = reportSchema.parse(JSON.parse(readFileSync(file, 'utf8')));
    const s = score(Object.values(report.files).flatMap((f) => f.mutants.map((m) => m.status)));
    const ok = s.score >= group.break;
    failed ||= !ok && names.includes(name);
    rows.push(
      `| ${name} | ${s.score.toFixed(2)} % (${s.detected}/${s.valid}) | ${group.break} % | ${ok ? 'ok' : 'UNDER'} |`,
    );
  }
  const table = ['| group | mutation score | break | |', '|---|---|---|---|', ...rows].join('\n');
  console.log(`\n${table}`);
  mkdirSync(path.join(root, 'reports/mutation'), { recursive: true });
  writeFileSync(path.join(root, 'reports/mutation/summary.md'), `${table}\n`);
  return failed ? 1 : 0;
}

if (process.argv[1] === fileURLToPath(import.meta.url)) process.exitCode = main();
