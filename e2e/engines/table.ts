/** The outcomes the suite saw, printed as the browser-support table (docs/browser-support.md). */
import { ENGINES, type EngineName } from './driver.js';
import { EXPECTED } from './expected.js';
import type { FlowName } from './flows.js';

const HEADINGS: Record<EngineName, string> = { chromium: 'Chromium', firefox: 'Firefox', webkit: 'Safari (WebKit)' };
const seen = new Map<string, string>();

export function recordOutcome(engine: EngineName, flow: FlowName, outcome: string): void {
  seen.set(`${flow}\u0000${engine}`, outcome);
}

/** A skipped flow's cell: the reason is printed by the test, the table says only that. */
const short = (outcome: string) =>
  outcome.startsWith('skipped: ') ? 'not tested: no virtual authenticator in its driver' : outcome;

/** A Markdown table: one row per flow, one column per engine. */
export function renderTable(cell: (flow: FlowName, engine: EngineName) => string): string {
  const flows = Object.keys(EXPECTED) as FlowName[];
  return [
    `| flow | ${ENGINES.map((e) => HEADINGS[e]).join(' | ')} |`,
    `| --- |${ENGINES.map(() => ' --- |').join('')}`,
    ...flows.map((f) => `| ${f} | ${ENGINES.map((e) => short(cell(f, e))).join(' | ')} |`),
  ].join('\n');
}

/** The table docs/browser-support.md holds: what the suite expects of each engine. */
export const expectedTable = () => renderTable((flow, engine) => EXPECTED[flow][engine]);

/** The table of what this run saw (a flow not run says so). */
export const seenOutcomes = () => renderTable((f, e) => seen.get(`${f}\u0000${e}`) ?? 'not run');

/** What this run saw, with the versions that ran. */
export function seenTable(versions: ReadonlyMap<EngineName, string>): string {
  const ran = ENGINES.map((e) => `${HEADINGS[e]}: ${versions.get(e) ?? 'not run'}`).join('; ');
  return `${ran}\n\n${seenOutcomes()}`;
}
