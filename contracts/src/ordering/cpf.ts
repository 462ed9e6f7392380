/** Digits only: CPF is sent and stored without punctuation (spec §5). */
export function cpfDigits(text: string): string {
  return text.replace(/\D/g, '');
}

/** spec §5: 11 digits, not all the same, two valid check digits. */
export function isValidCpf(text: string): boolean {
  const cpf = cpfDigits(text);
  if (!/^\d{11}$/.test(cpf) || /^(\d)\1{10}$/.test(cpf)) return false;
  const digits = [...cpf].map(Number);
  const checkDigit = (length: number): number => {
    let sum = 0;
    for (let index = 0; index < length; index += 1)
      sum += (digits[index] ?? 0) * (length + 1 - index);
    const rest = (sum * 10) % 11;
    return rest === 10 ? 0 : rest;
  };
  return checkDigit(9) === digits[9] && checkDigit(10) === digits[10];
}
