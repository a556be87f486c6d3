// The rules the server applies too, read from the one file both sides load
// (pb_hooks/shared/shared-rules.json): the page never accepts an email address
// or a name that the server or its database would refuse.
import { z } from 'zod';
import rules from '@shared/shared-rules.json';

const EMAIL_PATTERN = new RegExp(rules.email.pattern);
const NAME_LINK_PATTERN = new RegExp(rules.fullName.linkPattern, 'i');

export const FULL_NAME_MIN = rules.fullName.minLength;
export const FULL_NAME_MAX = rules.fullName.maxLength;
export const EMAIL_MAX = rules.email.maxLength;
export const NAME_LINK_MESSAGE = 'Please enter a name without web addresses, links or special characters such as < > / @';

export function isValidEmail(email: string): boolean {
  const local = email.split('@')[0] ?? '';
  return email.length <= rules.email.maxLength && local.length <= rules.email.maxLocalLength && EMAIL_PATTERN.test(email);
}

/** The registration's refusal of an address that can never receive email (the server's words). */
export const RESERVED_EMAIL_MESSAGE = rules.email.reservedMessage;

/**
 * Whether the address is at a domain that can never receive mail (`.invalid`,
 * `.test`, `.localhost`, … — the shared rule's list): its ticket could never
 * reach it, so registration refuses it, as the server does.
 */
export function isReservedEmailDomain(email: string): boolean {
  const domain = (email.trim().toLowerCase().split('@').pop() ?? '').replace(/\.$/, '');
  const tld = domain.split('.').pop() ?? '';
  if (rules.email.reservedTopLevelDomains.includes(tld)) return true;
  return rules.email.reservedDomains.some((reserved) => domain === reserved || domain.endsWith(`.${reserved}`));
}

export function nameCarriesLink(name: string): boolean {
  return NAME_LINK_PATTERN.test(name);
}

/** A trimmed string that must be a valid email address (an empty one gets `message` too). */
export const emailField = (message: string) => z.string().trim().refine(isValidEmail, { message });
