import { describe, expect, it } from 'vitest';
import { newPasswordProblems, resetEmailProblem, signInProblem, signUpPasswordProblem } from './authValidation';

describe('sign-in and sign-up checks', () => {
  it('needs both email and password to sign in', () => {
    expect(signInProblem('', 'secret-pass')).toBe('Please provide both email and password');
    expect(signInProblem('  ', 'secret-pass')).toBe('Please provide both email and password');
    expect(signInProblem('ana@example.com', '')).toBe('Please provide both email and password');
    expect(signInProblem('ana@example.com', 'x')).toBeNull();
  });

  it('needs a sign-up password of at least 8 characters', () => {
    expect(signUpPasswordProblem('1234567')).toBe('Password should be at least 8 characters long');
    expect(signUpPasswordProblem('12345678')).toBeNull();
  });
});

describe('reset checks', () => {
  it('needs an email address that looks like one', () => {
    expect(resetEmailProblem(' ')).toBe('Please enter your email address');
    expect(resetEmailProblem('ana@')).toBe('Please enter a valid email address');
    expect(resetEmailProblem(' ana@example.com ')).toBeNull();
  });

  it('reports the first problem of the new password: filled, matching, long enough', () => {
    expect(newPasswordProblems('', '')).toEqual({ form: 'Please fill in all fields' });
    expect(newPasswordProblems('abcdefgh', '')).toEqual({ form: 'Please fill in all fields' });
    expect(newPasswordProblems('short', 'other')).toEqual({ confirm: "Passwords Don't Match" });
    expect(newPasswordProblems('short', 'short')).toEqual({ password: 'Password Too Short' });
    expect(newPasswordProblems('long-enough', 'long-enough')).toBeNull();
  });
});
