/** What an input mask does to the text typed or pasted: contracts' maskPhone, maskCpf, maskCep. */
export type Mask = (typed: string) => string;

const isDigit = (char: string) => char >= '0' && char <= '9';

/** Where the caret goes in `masked` to stand after its `count`-th digit (0: before every digit). */
function afterDigit(masked: string, count: number): number {
  if (count === 0) return 0;
  let seen = 0;
  for (let index = 0; index < masked.length; index += 1) {
    if (isDigit(masked.charAt(index))) seen += 1;
    if (seen === count) return index + 1;
  }
  return masked.length;
}

/**
 * The masked text and where its caret goes. The caret keeps the digits it
 * had on its left, so typing or deleting in the middle does not throw it to
 * the end; at the end it stays at the end (a paste, or a number the mask
 * reshaped, e.g. '+55' dropped).
 */
export function maskWithCaret(
  mask: Mask,
  typed: string,
  caret: number,
): { value: string; caret: number } {
  const value = mask(typed);
  if (caret >= typed.length) return { value, caret: value.length };
  const digitsBefore = [...typed.slice(0, caret)].filter(isDigit).length;
  return { value, caret: Math.min(afterDigit(value, digitsBefore), value.length) };
}

/**
 * Masks an input in its change event, before the form reads it: the value is
 * set and the caret placed here, so when the form's state gives React the
 * same text back, React leaves the input (and its caret) as it is.
 */
export function maskInput(input: HTMLInputElement, mask: Mask): void {
  const { value, caret } = maskWithCaret(
    mask,
    input.value,
    input.selectionStart ?? input.value.length,
  );
  if (value === input.value && caret === input.selectionStart) return;
  input.value = value;
  if (input.ownerDocument.activeElement === input) input.setSelectionRange(caret, caret);
}
