import { z } from 'zod';
import { textField } from '../shared/text';
import {
  ADDRESS_MAX_LENGTH,
  ADDRESS_MIN_LENGTH,
  EMAIL_MAX_LENGTH,
  EMAIL_PATTERN,
  NAME_MAX_LENGTH,
  NAME_MIN_LENGTH,
  NAME_PATTERN,
  normalizeEmail,
  PASSWORD_MAX_LENGTH,
  PASSWORD_MIN_LENGTH,
  PHONE_PATTERN,
  RESET_PASSWORD_MIN_LENGTH,
  ROLES,
  stripAngleBrackets,
} from './constants';
import { notificationPreferencesSchema } from './events';
import { accountMessages as m } from './messages';

/**
 * HTTP shapes of the accounts context (spec §3, §7), shared by the server and
 * the web app so both apply the same rules (spec §5) with the same texts.
 * Request bodies are strict: an unknown key such as `role` is refused, never
 * assigned (ARCHITECTURE §5). Every text field starts from `textField`: no
 * control character, no ill-formed Unicode (the address alone may span lines).
 */

const text = (required: string) => textField({ required });

const hasUppercase = (value: string) => /\p{Lu}/u.test(value);
const hasDigit = (value: string) => /\d/.test(value);

/** A required e-mail, normalised (angle brackets stripped, trimmed, lower-cased). */
export const emailField = (required: string, invalid: string) =>
  text(required)
    .transform(normalizeEmail)
    .pipe(z.string().min(1, required).max(EMAIL_MAX_LENGTH, invalid).regex(EMAIL_PATTERN, invalid));

export const captchaField = text(m.captchaRequired).trim().min(1, m.captchaRequired);

/** Login (spec §5): each password rule has its own message. */
export const loginPasswordField = text(m.passwordRequired)
  .min(1, m.passwordRequired)
  .min(PASSWORD_MIN_LENGTH, m.passwordMinLength)
  .max(PASSWORD_MAX_LENGTH, m.passwordTooLong)
  .refine(hasUppercase, m.passwordUppercase)
  .refine(hasDigit, m.passwordDigit);

/** Register (spec §5): the length, then uppercase and digit together. */
export const registerPasswordField = text(m.passwordMinLength)
  .min(PASSWORD_MIN_LENGTH, m.passwordMinLength)
  .max(PASSWORD_MAX_LENGTH, m.passwordTooLong)
  .refine((value) => hasUppercase(value) && hasDigit(value), m.passwordUppercaseAndDigit);

/** Reset confirm (spec §5): at least 8, an uppercase letter, a digit. */
export const resetPasswordField = text(m.resetPasswordMinLength)
  .min(RESET_PASSWORD_MIN_LENGTH, m.resetPasswordMinLength)
  .max(PASSWORD_MAX_LENGTH, m.passwordTooLong)
  .refine(hasUppercase, m.passwordUppercase)
  .refine(hasDigit, m.passwordDigit);

export const nameField = text(m.nameMinLength)
  .transform((value) => stripAngleBrackets(value).trim().replace(/\s+/g, ' '))
  .pipe(
    z
      .string()
      .min(NAME_MIN_LENGTH, m.nameMinLength)
      .max(NAME_MAX_LENGTH, m.nameTooLong)
      .regex(NAME_PATTERN, m.nameLetters),
  );

/** Empty clears the phone; otherwise an optional plus and 10 to 15 digits (spaces, dashes, brackets ignored). */
export const phoneField = text(m.phoneInvalid)
  .transform((value) => value.trim().replace(/[\s().-]/g, ''))
  .refine((value) => value === '' || PHONE_PATTERN.test(value), m.phoneInvalid);

/** Empty clears the address; otherwise at least 5 characters. */
export const addressField = textField({ required: m.addressMinLength, multiline: true })
  .trim()
  .refine((value) => value === '' || value.length >= ADDRESS_MIN_LENGTH, m.addressMinLength)
  .refine((value) => value.length <= ADDRESS_MAX_LENGTH, m.addressTooLong);

export const loginBodySchema = z.strictObject({
  email: emailField(m.emailRequired, m.emailFormat),
  password: loginPasswordField,
  recaptchaToken: captchaField,
});
export type LoginBody = z.infer<typeof loginBodySchema>;

export const registerBodySchema = z.strictObject({
  name: nameField,
  email: emailField(m.emailInvalid, m.emailInvalid),
  password: registerPasswordField,
  recaptchaToken: captchaField,
});
export type RegisterBody = z.infer<typeof registerBodySchema>;

export const resetRequestBodySchema = z.strictObject({
  email: emailField(m.resetEmailRequired, m.resetEmailInvalid),
});

export const resetConfirmBodySchema = z.strictObject({
  token: text(m.resetTokenMissing).trim().min(1, m.resetTokenMissing).max(200, m.resetTokenInvalid),
  newPassword: resetPasswordField,
});

export const profileUpdateBodySchema = z.strictObject({
  name: nameField.optional(),
  phone: phoneField.optional(),
  address: addressField.optional(),
});
export type ProfileUpdateBody = z.infer<typeof profileUpdateBodySchema>;

export const preferencesSchema = z.strictObject({
  notifications: notificationPreferencesSchema.strict(),
});
export type Preferences = z.infer<typeof preferencesSchema>;

/** GET /api/users/profile (spec §3). `phone` and `address` are '' when not given. */
export const profileDtoSchema = z.object({
  id: z.string(),
  email: z.string(),
  name: z.string(),
  phone: z.string(),
  address: z.string(),
  preferences: z.object({ notifications: notificationPreferencesSchema }),
  role: z.enum(ROLES),
  /** Issue 41: whether the e-mail is confirmed (non-essential messages wait for it). */
  emailConfirmed: z.boolean(),
});
export type ProfileDto = z.infer<typeof profileDtoSchema>;

/** The profile a user sees, from whichever record holds their account (decider state or read model). */
export function toProfileDto(
  id: string,
  user: Pick<ProfileDto, 'email' | 'name' | 'phone' | 'address' | 'role'> & {
    notifications: ProfileDto['preferences']['notifications'];
    emailConfirmed?: boolean | undefined;
  },
): ProfileDto {
  return {
    id,
    email: user.email,
    name: user.name,
    phone: user.phone,
    address: user.address,
    preferences: { notifications: user.notifications },
    role: user.role,
    emailConfirmed: user.emailConfirmed ?? false,
  };
}

/** POST /api/auth/login (spec §3, §7). */
export const loginResponseSchema = z.object({
  userId: z.string(),
  email: z.string(),
  name: z.string(),
  token: z.string(),
  phone: z.string(),
  address: z.string(),
  preferences: z.object({ notifications: notificationPreferencesSchema }),
  role: z.enum(ROLES),
  /** Issue 41: as in the profile. */
  emailConfirmed: z.boolean(),
  message: z.string(),
  position: z.number(),
});
export type LoginResponse = z.infer<typeof loginResponseSchema>;

/** The signed token's claims (spec §3); `exp` in seconds. */
export const tokenClaimsSchema = z.object({
  userId: z.string().min(1),
  email: z.string(),
  name: z.string(),
  role: z.enum(ROLES),
  /**
   * The user's session version when the token was signed; a password reset, a
   * role change or a deletion raises it and ends older tokens. Tokens signed
   * before the claim existed count as version 0: valid until the first such change.
   */
  sessionVersion: z.number().int().nonnegative().default(0),
  /**
   * The session's id, random at login: 'Sair' ends that session only. Tokens
   * signed before the claim existed have none and stay valid until they expire.
   */
  sid: z.string().min(1).max(64).optional(),
  exp: z.number(),
});
export type TokenClaims = z.infer<typeof tokenClaimsSchema>;

/** GET /api/auth/captcha with reCAPTCHA active; with ALTCHA the body is the challenge itself. */
export const recaptchaConfigSchema = z.object({
  provider: z.literal('recaptcha'),
  siteKey: z.string(),
});
