import { foldForSearch } from '@quitute/contracts';

/**
 * How the assistant reads words: lower case without accents, plurals made
 * singular, common misspellings forgiven, quantities read from digits and
 * from the number words people type. Small and explicit on purpose: the
 * menu's two dozen names are all it has to recognise.
 */

/** The message's words; "1.000" is one number. */
export function wordsOf(text: string): string[] {
  return foldForSearch(text)
    .replace(/(\d)\.(?=\d{3}(?!\d))/g, '$1')
    .split(/[^a-z0-9]+/)
    .filter((word) => word !== '');
}

/** "coxinhas" → "coxinha", "pães" → "pao", "pastéis" → "pastel"; short words stay. */
export function singular(word: string): string {
  if (word.length <= 3) return word;
  if (/(?:oe|ae)s$/.test(word)) return `${word.slice(0, -3)}ao`;
  if (word.endsWith('eis')) return `${word.slice(0, -3)}el`;
  return word.endsWith('s') ? word.slice(0, -1) : word;
}

/** The sound of a word, as Brazilians misspell it: "cochinha" and "coxinha", "quibe" and "kibe". */
function spellingKey(word: string): string {
  return word
    .replace(/ch/g, 'x')
    .replace(/qu(?=[ei])/g, 'k')
    .replace(/ss/g, 's')
    .replace(/z/g, 's')
    .replace(/y/g, 'i')
    .replace(/(.)\1/g, '$1');
}

/** Whether a and b differ by at most one letter added, removed, changed or two swapped. */
function oneEditApart(a: string, b: string): boolean {
  if (Math.abs(a.length - b.length) > 1) return false;
  let start = 0;
  while (start < a.length && a[start] === b[start]) start += 1;
  let endA = a.length;
  let endB = b.length;
  while (endA > start && endB > start && a[endA - 1] === b[endB - 1]) {
    endA -= 1;
    endB -= 1;
  }
  const restA = a.slice(start, endA);
  const restB = b.slice(start, endB);
  if (restA.length <= 1 && restB.length <= 1) return true;
  // A swap: "brigaderio".
  return restA.length === 2 && restB === `${restA[1] ?? ''}${restA[0] ?? ''}`;
}

/** Words this long may be one typo off ("brigadero"); shorter ones ("bolo", "mini") must be spelled. */
const TYPO_MIN_LENGTH = 5;

/** Whether a message's (singular) word is a name's (singular) word, spelled as people type it. */
export function sameWord(typed: string, name: string): boolean {
  if (typed === name) return true;
  if (/\d/.test(typed) || /\d/.test(name)) return false;
  const typedKey = spellingKey(typed);
  const nameKey = spellingKey(name);
  if (typedKey === nameKey) return true;
  return (
    Math.min(typedKey.length, nameKey.length) >= TYPO_MIN_LENGTH && oneEditApart(typedKey, nameKey)
  );
}

const NUMBER_WORDS: Readonly<Record<string, number>> = {
  um: 1,
  uma: 1,
  dois: 2,
  duas: 2,
  tres: 3,
  quatro: 4,
  cinco: 5,
  seis: 6,
  sete: 7,
  oito: 8,
  nove: 9,
  dez: 10,
  onze: 11,
  doze: 12,
  quinze: 15,
  vinte: 20,
  trinta: 30,
  quarenta: 40,
  cinquenta: 50,
  sessenta: 60,
  setenta: 70,
  oitenta: 80,
  noventa: 90,
  cem: 100,
  duzentos: 200,
  duzentas: 200,
  trezentos: 300,
  trezentas: 300,
  quatrocentos: 400,
  quatrocentas: 400,
  quinhentos: 500,
  quinhentas: 500,
  seiscentos: 600,
  seiscentas: 600,
  setecentos: 700,
  setecentas: 700,
  oitocentos: 800,
  oitocentas: 800,
  novecentos: 900,
  novecentas: 900,
};

/** Words that multiply what comes before them: "um cento", "duas dúzias", "dois mil". */
const MULTIPLIERS: Readonly<Record<string, number>> = { cento: 100, duzia: 12, mil: 1000 };

/** The most units one answer prices; a larger number is not read as a quantity. */
export const MAX_QUANTITY = 100_000;

/** A quantity the message says, and the words (indexes) that say it. */
export interface QuantityMention {
  value: number;
  start: number;
  /** Index after its last word. */
  end: number;
}

const isNumberWord = (word: string) =>
  /^\d+$/.test(word) ||
  Object.hasOwn(NUMBER_WORDS, word) ||
  Object.hasOwn(MULTIPLIERS, singular(word)) ||
  word === 'meio' ||
  word === 'meia';

/** A number word that goes on a run: "cento e cinquenta", "2 mil" (not a second figure: "100 e 50"). */
const isSpelledNumber = (word: string | undefined) =>
  word !== undefined && isNumberWord(word) && !/^\d+$/.test(word);

/** The value of a run of number words ("cento e cinquenta", "meio cento", "2 mil"), or null. */
function valueOf(run: readonly string[]): number | null {
  let total = 0;
  let current = 0;
  let half = false;
  for (const word of run) {
    if (word === 'e') continue;
    if (word === 'meio' || word === 'meia') {
      half = true;
      continue;
    }
    const multiplier = MULTIPLIERS[singular(word)];
    if (multiplier === undefined) {
      current += /^\d+$/.test(word) ? Number(word) : (NUMBER_WORDS[word] ?? 0);
      continue;
    }
    // "cento" alone is one hundred, "meio cento" half of it, "dois mil" twice a thousand.
    const count = half ? 0.5 : current === 0 ? 1 : current;
    half = false;
    if (multiplier === MULTIPLIERS['mil']) {
      total = (total + count) * multiplier;
      current = 0;
    } else {
      current = count * multiplier;
    }
  }
  const value = total + current;
  return Number.isInteger(value) && value > 0 && value <= MAX_QUANTITY ? value : null;
}

/** Every quantity the words say, in order ("100 coxinhas e cinquenta brigadeiros": 100, 50). */
export function quantitiesIn(words: readonly string[]): QuantityMention[] {
  const found: QuantityMention[] = [];
  let index = 0;
  while (index < words.length) {
    if (!isNumberWord(words[index] ?? '')) {
      index += 1;
      continue;
    }
    let end = index + 1;
    // "cento e cinquenta": an 'e' joins two number words; "100 coxinhas e 50" keeps them apart.
    for (;;) {
      if (isSpelledNumber(words[end])) end += 1;
      else if (words[end] === 'e' && isSpelledNumber(words[end + 1])) end += 2;
      else break;
    }
    const value = valueOf(words.slice(index, end));
    if (value !== null) found.push({ value, start: index, end });
    index = end;
  }
  return found;
}
