import { describe, expect, it } from 'vitest';
import { operatorProductsMachine, productsMessages } from '../../../machines/operator/products';
import { operatorProduct, productsPlan } from '../../support/operatorPaths';
import { describePaths, doneEvent, errorEvent, pathPlan } from '../../support/paths';
import { run } from '../forms/support';

describePaths('operatorProducts paths', pathPlan(operatorProductsMachine, productsPlan));

describe('operatorProducts', () => {
  it('lists every product, hidden ones too; none is empty; a failure offers RETRY', () => {
    const filled = run(operatorProductsMachine, undefined, [
      doneEvent('fetchProducts', [operatorProduct(1), operatorProduct(2, { active: false })]),
    ]).snapshot;
    expect(filled.value).toBe('filled');
    expect(filled.context.products.map((product) => product.active)).toEqual([true, false]);
    expect(run(operatorProductsMachine, undefined, [doneEvent('fetchProducts', [])]).snapshot.value).toBe(
      'empty',
    );
    const failed = run(operatorProductsMachine, undefined, [
      errorEvent('fetchProducts', new Error('boom')),
    ]).snapshot;
    expect(failed.context.error).toEqual(productsMessages.failed);
    expect(
      run(operatorProductsMachine, undefined, [
        errorEvent('fetchProducts', new Error('boom')),
        { type: 'RETRY' },
      ]).snapshot.value,
    ).toBe('loading');
  });
});
