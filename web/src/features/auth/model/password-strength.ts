import { PASSWORD_MIN_LENGTH } from '@quitute/contracts';

export type PasswordStrength = 'Fraca' | 'Média' | 'Forte';

/**
 * The strength before the reset rules have loaded (they come with the form's
 * first focus): medium from 6 characters, else weak. 'Forte' needs the rules
 * (auth-validation.ts, passwordStrength).
 */
export function provisionalStrength(password: string): PasswordStrength {
  return password.length >= PASSWORD_MIN_LENGTH ? 'Média' : 'Fraca';
}
