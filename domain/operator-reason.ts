/**
 * An operator's reason for a change of money (a balance adjustment, a refund): required, and at most
 * this many characters, as openapi.yaml's `BalanceAdjustmentRequest` and `RefundRequest` bound it.
 */
export const REASON_MAX_LENGTH = 500;
