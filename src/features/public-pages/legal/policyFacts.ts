// Facts the privacy policy and the terms both state (spec section 9).
// pb_hooks/lib/accounts/retention.js applies both (DATA_RETENTION_YEARS, FINANCIAL_RECORD_YEARS);
// tests/server/account-data.test.ts checks the daily job against this figure.
export const DATA_RETENTION_YEARS_AFTER_EVENT = 3;
/** Australian tax law: business records are kept for five years. */
export const FINANCIAL_RECORD_YEARS = 5;
/** Records of failed sign-ins that locked a device out or slowed an account (pb_hooks/lib/accounts/retention.js SECURITY_EVENT_DAYS). */
export const SIGN_IN_LOCKOUT_RETENTION_DAYS = 90;
export const GOVERNING_LAW_JURISDICTION = 'South Australia';
