/** axe-core in the page: the serious and critical violations it finds, and how to print them. */
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import type { Page } from 'playwright-core';

const AXE = readFileSync(createRequire(import.meta.url).resolve('axe-core/axe.min.js'), 'utf8');

interface Violation {
  id: string;
  impact: string | null;
  help: string;
  nodes: Array<{ target: unknown[]; failureSummary?: string }>;
}

export async function violations(page: Page): Promise<Violation[]> {
  // Evaluated through the DevTools protocol: the console's CSP forbids inline scripts.
  if (!(await page.evaluate(() => 'axe' in window))) await page.evaluate(AXE);
  const found = await page.evaluate(async () => {
    const axe = (window as unknown as { axe: { run(): Promise<{ violations: Violation[] }> } }).axe;
    return (await axe.run()).violations;
  });
  return found.filter((v) => v.impact === 'serious' || v.impact === 'critical');
}

export const describeViolations = (where: string, found: Violation[]) =>
  found
    .map(
      (v) =>
        `${where}: [${v.impact}] ${v.id}: ${v.help}\n` +
        v.nodes
          .slice(0, 5)
          .map((n) => `    ${JSON.stringify(n.target)} ${n.failureSummary ?? ''}`)
          .join('\n'),
    )
    .join('\n');
