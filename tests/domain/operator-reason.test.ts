import { describe, expect, it } from 'vitest';
import { REASON_MAX_LENGTH } from '../../domain/operator-reason';
import { openapi } from '../support/openapi';

type Schema = { properties: { reason: { maxLength: number } } };
const schemas = openapi.components.schemas as Record<string, Schema>;

describe("an operator's reason (openapi.yaml)", () => {
  it.each(['BalanceAdjustmentRequest', 'RefundRequest'])('has the bound %s states', (name) => {
    expect(schemas[name]?.properties.reason.maxLength).toBe(REASON_MAX_LENGTH);
  });
});
