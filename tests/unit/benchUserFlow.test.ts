import { describe, expect, it } from 'vitest';
import { BUDGET_INP_MS, BUDGET_VISIBLE_RESULT_MS, flowRows, median, type FlowRun } from '../../scripts/bench/userFlow.mjs';

// The user flow's judgement (`npm run bench -- --only=flow`, docs/benchmarks.md): medians of the runs against issue 31's
// budgets, a lost tap failing whatever the other runs did.

describe('median', () => {
  it('takes the middle of an odd count, whatever the order', () => {
    expect(median([900, 120, 300, 80, 2500])).toBe(300);
  });

  it('takes the mean of the middle two of an even count', () => {
    expect(median([100, 400, 200, 300])).toBe(250);
  });

  it('ranks a run without a figure above every figure, and has none when half the runs or more have none', () => {
    expect(median([null, 40, 70, 60, 50])).toBe(60);
    expect(median([null, 40, null, 60, 50])).toBe(60);
    expect(median([null, 40, null, null, 50])).toBeNull();
    expect(median([40, null])).toBeNull();
    expect(median([])).toBeNull();
  });
});

function run({
  addMs = 120,
  addInp = 40,
  menuMs = 90,
  menuInp = 0,
  landed = 3,
  hydrated = 1400,
}: { addMs?: number | null; addInp?: number; menuMs?: number | null; menuInp?: number; landed?: number; hydrated?: number | null } = {}): FlowRun {
  return {
    hydratedMs: { order: hydrated, home: hydrated },
    add: { visibleMs: addMs, inpMs: addInp },
    menu: { visibleMs: menuMs, inpMs: menuInp },
    quick: { tapped: 3, landed },
  };
}

const fiveRuns = (changes: Parameters<typeof run>[0][] = []) => Array.from({ length: 5 }, (_, index) => run(changes[index]));

function row(rows: ReturnType<typeof flowRows>, containing: string) {
  const found = rows.find((candidate) => candidate.measurement.includes(containing));
  if (!found) throw new Error(`no row for ${containing}: ${rows.map((candidate) => candidate.measurement).join('; ')}`);
  return found;
}

describe('flowRows', () => {
  it('passes every budget when each median is within it and every tap landed once', () => {
    const rows = flowRows('first-time', fiveRuns());
    expect(rows.filter((candidate) => candidate.pass === false)).toEqual([]);
    expect(row(rows, 'Add 1.5 s after load, to the basket bar').value).toBe('120 ms (runs: 120 ms, 120 ms, 120 ms, 120 ms, 120 ms)');
    expect(row(rows, 'menu button on / 1.5 s after load, INP').value).toMatch(/^< 16 ms/);
    expect(row(rows, 'dishes tapped 150 ms apart').value).toBe('15 of 15 (runs: 3, 3, 3, 3, 3)');
  });

  it('judges the visible result on the median, at the budget inclusive', () => {
    const atBudget = flowRows('returning', fiveRuns([{ addMs: 2500 }, { addMs: 2500 }, { addMs: BUDGET_VISIBLE_RESULT_MS }, {}, {}]));
    expect(row(atBudget, 'to the basket bar').pass).toBe(true);
    const over = flowRows('returning', fiveRuns([{ addMs: 2500 }, { addMs: 2500 }, { addMs: BUDGET_VISIBLE_RESULT_MS + 1 }, {}, {}]));
    expect(row(over, 'to the basket bar').pass).toBe(false);
    expect(row(over, 'to the basket bar').value).toMatch(/^301 ms/);
  });

  it('fails a tap lost in one run though the median of the others is fast', () => {
    const rows = flowRows('returning', fiveRuns([{ addMs: null }]));
    const add = row(rows, 'to the basket bar');
    expect(add.pass).toBe(false);
    expect(add.value).toContain('lost in 1 of 5');
  });

  it('says when every run lost the tap', () => {
    const rows = flowRows('returning', fiveRuns(Array.from({ length: 5 }, () => ({ menuMs: null }))));
    expect(row(rows, 'to the menu open')).toMatchObject({ value: 'lost in 5 of 5 runs', pass: false });
  });

  it('judges INP on the median against its budget', () => {
    const slow = { addInp: BUDGET_INP_MS + 1 };
    expect(row(flowRows('first-time', fiveRuns([slow, slow, slow])), 'Add 1.5 s after load, INP').pass).toBe(false);
    expect(row(flowRows('first-time', fiveRuns([slow, slow])), 'Add 1.5 s after load, INP').pass).toBe(true);
  });

  it('fails the quick taps when one went missing or landed twice', () => {
    expect(row(flowRows('first-time', fiveRuns([{ landed: 2 }])), 'dishes tapped').pass).toBe(false);
    expect(row(flowRows('first-time', fiveRuns([{ landed: 4 }])), 'dishes tapped').pass).toBe(false);
  });

  it('reports the time to a hydrated page without judging it, and a page that waits for a tap', () => {
    const hydrated = row(flowRows('returning', fiveRuns()), 'navigation to hydrated /order');
    expect(hydrated).toMatchObject({ value: '1400 ms (runs: 1400 ms, 1400 ms, 1400 ms, 1400 ms, 1400 ms)', budget: '' });
    expect(hydrated.pass).toBeUndefined();
    const waiting = row(flowRows('first-time', fiveRuns(Array.from({ length: 5 }, () => ({ hydrated: null })))), 'navigation to hydrated /');
    expect(waiting.value).toBe('not within 8 s without a tap in 5 of 5 runs');
    const once = row(flowRows('returning', fiveRuns([{ hydrated: null }, { hydrated: 900 }, { hydrated: 1000 }, {}, {}])), 'hydrated /order');
    expect(once.value).toBe('1400 ms (runs: not hydrated, 900 ms, 1000 ms, 1400 ms, 1400 ms), 1 not within 8 s');
  });
});
