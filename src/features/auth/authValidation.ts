// The auth forms' checks before anything is sent (spec section 5, DESIGN decision 2).
import { FieldMessages, PASSWORD_MIN_LENGTH } from './authMessages';

const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

export function signInProblem(email: string, password: string): string | null {
  return email.trim() && password ? null : FieldMessages.signInMissing;
}

export function signUpPasswordProblem(password: string): string | null {
  return password.length >= PASSWORD_MIN_LENGTH ? null : FieldMessages.passwordTooShort;
}

export function resetEmailProblem(email: string): string | null {
  const trimmed = email.trim();
  if (!trimmed) return FieldMessages.resetEmailRequired;
  return EMAIL.test(trimmed) ? null : FieldMessages.emailInvalid;
}

export interface NewPasswordProblems {
  form?: string;
  password?: string;
  confirm?: string;
}

/** Both filled, then equal, then long enough: the first problem only. */
export function newPasswordProblems(password: string, confirm: string): NewPasswordProblems | null {
  if (!password || !confirm) return { form: FieldMessages.fillAllFields };
  if (password !== confirm) return { confirm: FieldMessages.passwordsDontMatch };
  if (password.length < PASSWORD_MIN_LENGTH) return { password: FieldMessages.resetPasswordTooShort };
  return null;
}
