/**
 * The little the SQL event store needs from a driver, so that one implementation
 * (and one set of SQL statements) serves both a PostgreSQL server through `pg`
 * and embedded PGlite.
 */
export interface SqlClient {
  /** `name` asks the driver to keep the statement prepared (per connection) where it can. */
  query(
    text: string,
    params?: readonly unknown[],
    options?: { name?: string },
  ): Promise<Record<string, unknown>[]>;
  /** Runs a multi-statement script in one transaction. */
  script(text: string): Promise<void>;
  /**
   * Resolves once listening; the returned function stops listening. `onLost` is
   * called (once) if the listening connection drops afterwards: notifications are
   * lost from then on, and listening again is the caller's choice.
   */
  listen(
    channel: string,
    onNotify: () => void,
    onLost: (error: unknown) => void,
  ): Promise<() => Promise<void>>;
  /**
   * Where the driver keeps memory its past queries grew and never gives it back, starts
   * afresh: embedded PGlite replaces its thread (see openPgliteClient). Queries asked
   * meanwhile wait; listeners keep listening. Absent where there is nothing to give back.
   */
  renew?(): Promise<void>;
  close(): Promise<void>;
}

export interface DatabaseError {
  code: string;
  constraint?: string | undefined;
}

/** Both drivers surface server errors as objects with the SQLSTATE in `code`. */
export function isDatabaseError(error: unknown): error is DatabaseError {
  return (
    typeof error === 'object' &&
    error !== null &&
    'code' in error &&
    typeof error.code === 'string' &&
    (!('constraint' in error) ||
      error.constraint === undefined ||
      typeof error.constraint === 'string')
  );
}
