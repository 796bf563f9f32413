/** Fields the store cannot keep, keyed as the contract's field errors (`slug`, `texts.de`). */
export class FieldsRefusedError<P extends string = string> extends Error {
  constructor(readonly problems: Record<string, P>) {
    super(`Refused: ${Object.keys(problems).join(', ')}`);
    this.name = 'FieldsRefusedError';
  }
}

/** Throws FieldsRefusedError when `problems` names any field: nothing is saved. */
export function refuseIfAny<P extends string>(problems: Record<string, P>): void {
  if (Object.keys(problems).length > 0) throw new FieldsRefusedError(problems);
}

/** The update names another version than the stored one: somebody saved in between. */
export class VersionChangedError extends Error {
  constructor(readonly current: number) {
    super(`The record is at version ${current} now`);
    this.name = 'VersionChangedError';
  }
}
