// Spec texts that more than one feature shows, word for word.
export const SOLD_OUT_NOTICE = 'Event Sold Out – Registration Now Closed';
export const EMAIL_INVALID = 'Please enter a valid email address';
