// Facts the privacy policy and the terms both state (spec section 9).
export const DATA_RETENTION_YEARS_AFTER_EVENT = 3;
export const GOVERNING_LAW_JURISDICTION = 'South Australia';
