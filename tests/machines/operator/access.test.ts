import { describe, expect, it } from 'vitest';
import { accessMessages, operatorAccessMachine } from '../../../machines/operator/access';
import { failureMessages } from '../../../machines/text';
import { accessPlan, forbidden } from '../../support/operatorPaths';
import { describePaths, doneEvent, errorEvent, pathPlan } from '../../support/paths';
import { apiFailure, cancelled, networkError, run, serverError } from '../forms/support';

describePaths('operatorAccess paths', pathPlan(operatorAccessMachine, accessPlan));

describe('operatorAccess (docs/architecture.md §3b)', () => {
  it('an answer opens the console; a 403 is the customer’s "not for you"', () => {
    expect(run(operatorAccessMachine, undefined, []).snapshot.value).toBe('checking');
    expect(run(operatorAccessMachine, undefined, [doneEvent('checkAccess')]).snapshot.value).toBe('allowed');
    const denied = run(operatorAccessMachine, undefined, [errorEvent('checkAccess', forbidden)]).snapshot;
    expect(denied.value).toBe('forbidden');
    expect(denied.context.error).toBeNull();
  });

  it.each([
    ['5xx', serverError, failureMessages.server],
    ['no response', networkError, failureMessages.network],
    ['no message', apiFailure('bad-request', ''), accessMessages.failed],
  ])('another failure (%s) shows its message; RETRY asks again', (_, error, message) => {
    const failed = run(operatorAccessMachine, undefined, [errorEvent('checkAccess', error)]).snapshot;
    expect(failed.value).toBe('failed');
    expect(failed.context.error).toEqual(message);
    const again = run(operatorAccessMachine, undefined, [
      errorEvent('checkAccess', error),
      { type: 'RETRY' },
    ]);
    expect(again.snapshot.value).toBe('checking');
    expect(again.snapshot.context.error).toBeNull();
  });

  it('a cancelled check shows nothing', () => {
    const { snapshot } = run(operatorAccessMachine, undefined, [errorEvent('checkAccess', cancelled)]);
    expect(snapshot.context.error).toBeNull();
  });
});
