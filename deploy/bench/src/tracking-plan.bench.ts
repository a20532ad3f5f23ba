/**
 * Benchmark: offline tracking-plan generation for a 20-screen product (each screen with a form, buttons, links,
 * a tab and a checkbox, and two journeys). Prints the first (cold) run and the median and worst of the
 * following runs; the target is under 2 s per plan. Exits 1 when the worst run misses it.
 */
import { generateOfflinePlan, largeAnalysis } from '@tracklens/planning';

const SCREENS = 20;
const RUNS = Number(process.env.BENCH_PLAN_RUNS ?? 50);
const TARGET_MS = 2000;

function timed(run: () => unknown): number {
  const started = process.hrtime.bigint();
  run();
  return Number(process.hrtime.bigint() - started) / 1e6;
}

function main(): void {
  const analysis = largeAnalysis(SCREENS);
  let plan = generateOfflinePlan(analysis);
  const cold = timed(() => (plan = generateOfflinePlan(analysis)));
  const runs = Array.from({ length: RUNS }, () => timed(() => generateOfflinePlan(analysis))).sort((a, b) => a - b);
  const median = runs[Math.floor(runs.length / 2)] ?? 0;
  const worst = Math.max(cold, runs[runs.length - 1] ?? 0);
  const verdict = worst < TARGET_MS ? 'ok' : 'TOO SLOW';
  process.stdout.write(
    [
      '',
      `Offline tracking plan generation, ${SCREENS} screens -> ${plan.events.length} events, ${plan.funnels.length} funnels`,
      `first run ${cold.toFixed(2)} ms, median ${median.toFixed(2)} ms, worst ${worst.toFixed(2)} ms of ${RUNS + 1} runs (target < ${TARGET_MS} ms: ${verdict})`,
      '',
    ].join('\n'),
  );
  if (worst >= TARGET_MS) process.exitCode = 1;
}

main();
