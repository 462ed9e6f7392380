/** The exhaustiveness check that ends every switch over a union (STYLE rule 5). */
export function assertNever(value: never): never {
  throw new Error(`Unexpected value: ${JSON.stringify(value)}`);
}
