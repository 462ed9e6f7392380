/**
 * The Correios' CEP ranges of each state (UF): the first digits of a CEP tell
 * its state, so an address whose UF is not its CEP's is a typo or a way to
 * have another address priced (a delivery's fee is the CEP's zone's). Ranges
 * are [first 5 digits, last 5 digits], both included.
 */
const CEP_RANGES: readonly (readonly [string, string, string])[] = [
  ['SP', '01000', '19999'],
  ['RJ', '20000', '28999'],
  ['ES', '29000', '29999'],
  ['MG', '30000', '39999'],
  ['BA', '40000', '48999'],
  ['SE', '49000', '49999'],
  ['PE', '50000', '56999'],
  ['AL', '57000', '57999'],
  ['PB', '58000', '58999'],
  ['RN', '59000', '59999'],
  ['CE', '60000', '63999'],
  ['PI', '64000', '64999'],
  ['MA', '65000', '65999'],
  ['PA', '66000', '68899'],
  ['AP', '68900', '68999'],
  ['AM', '69000', '69299'],
  ['RR', '69300', '69399'],
  ['AM', '69400', '69899'],
  ['AC', '69900', '69999'],
  ['DF', '70000', '72799'],
  ['GO', '72800', '72999'],
  ['DF', '73000', '73699'],
  ['GO', '73700', '76799'],
  ['RO', '76800', '76999'],
  ['TO', '77000', '77999'],
  ['MT', '78000', '78899'],
  ['MS', '79000', '79999'],
  ['PR', '80000', '87999'],
  ['SC', '88000', '89999'],
  ['RS', '90000', '99999'],
];

/** The state (UF) of an 8-digit CEP; null for one in no state's range (00000-000…00999-999). */
export function stateOfCep(zipCode: string): string | null {
  const prefix = zipCode.slice(0, 5);
  return CEP_RANGES.find(([, from, to]) => from <= prefix && prefix <= to)?.[0] ?? null;
}

/** Whether a UF is the CEP's (a CEP in no state's range matches none). */
export function cepMatchesState(zipCode: string, federalUnit: string): boolean {
  return stateOfCep(zipCode) === federalUnit;
}
