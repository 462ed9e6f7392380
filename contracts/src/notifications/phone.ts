/**
 * A Brazilian mobile number in E.164 (`+5511987654321`), or null when the
 * phone is not one: SMS goes to mobiles only. Digits only are read; 11 digits
 * (DDD, then 9 and eight digits), with or without the country code 55.
 */
export function brazilianMobileE164(phone: string | null | undefined): string | null {
  if (!phone) return null;
  let digits = phone.replace(/\D/g, '');
  if (digits.length === 13 && digits.startsWith('55')) digits = digits.slice(2);
  if (!/^[1-9][1-9]9\d{8}$/.test(digits)) return null;
  return `+55${digits}`;
}
