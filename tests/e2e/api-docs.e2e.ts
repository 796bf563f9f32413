/**
 * The API reference in Chromium (docs/decisions/0011): /api/docs renders every operation of openapi.yaml with
 * no request leaving the server and no CSP violation, and "Try it out" calls the running server.
 */
import { describe, expect, it } from 'vitest';
import { operations } from '../support/openapi';
import { journey } from './support/journey';

const j = journey('api-docs', 1280);

function recordViolations(): void {
  const violations: string[] = [];
  (window as unknown as { cspViolations: string[] }).cspViolations = violations;
  document.addEventListener('securitypolicyviolation', (event) => {
    violations.push(`${event.effectiveDirective}: ${event.sample || event.blockedURI}`);
  });
}

describe('/api/docs', () => {
  it('renders every operation, loading everything from this server', async () => {
    const { page } = j;
    const requests: string[] = [];
    page.on('request', (request) => requests.push(request.url()));
    await page.context().addInitScript(recordViolations);
    await page.goto('/api/docs');
    await page.locator('.opblock').first().waitFor();
    const shown = await page.locator('.opblock').evaluateAll((blocks) =>
      blocks.map((block) => {
        const method = block.querySelector('.opblock-summary-method')?.textContent?.trim().toLowerCase();
        const path = block.querySelector('.opblock-summary-path')?.getAttribute('data-path');
        return `${method} ${path}`;
      }),
    );
    const expected = operations.map((op) => `${op.method} ${op.path}`);
    expect([...new Set(shown)].sort()).toEqual(expected.sort());
    const origin = new URL(page.url()).origin;
    expect(requests.filter((url) => !url.startsWith(origin) && !url.startsWith('data:'))).toEqual([]);
    const violations = await page.evaluate(
      () => (window as unknown as { cspViolations: string[] }).cspViolations,
    );
    expect(violations).toEqual([]);
  });

  it('"Try it out" sends the request to the running server and shows its answer', async () => {
    const { page } = j;
    const block = page.locator('.opblock', { has: page.locator('[data-path="/settings"]') }).first();
    await block.locator('.opblock-summary').click();
    // tryItOutEnabled: an opened operation is ready to execute.
    const answer = page.waitForResponse((response) => new URL(response.url()).pathname === '/api/settings');
    await block.getByRole('button', { name: 'Execute' }).click();
    expect((await answer).status()).toBe(200);
    await expect
      .poll(() => block.locator('.live-responses-table tbody .response-col_status').first().textContent())
      .toContain('200');
  });
});
