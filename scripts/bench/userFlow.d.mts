// Types for scripts/bench/userFlow.mjs, whose judgement tests/unit/benchUserFlow.test.ts imports.
export interface FlowRun {
  hydratedMs: { order: number | null; home: number | null };
  add: { visibleMs: number | null; inpMs: number };
  menu: { visibleMs: number | null; inpMs: number };
  quick: { tapped: number; landed: number };
}
export interface BenchRow {
  measurement: string;
  value: string;
  budget: string;
  pass?: boolean;
}
export const RUNS: number;
export const BUDGET_VISIBLE_RESULT_MS: number;
export const BUDGET_INP_MS: number;
export const EVENT_TIMING_THRESHOLD_MS: number;
export const VISITORS: readonly string[];
export const userFlowConditions: string;
export function median(values: readonly (number | null)[]): number | null;
export function flowRows(visitor: string, runs: readonly FlowRun[]): BenchRow[];
export function measureUserFlow(
  siteUrl: string,
  options: { executablePath: string; log?: (line: string) => void },
): Promise<BenchRow[]>;
