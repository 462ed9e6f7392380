import { expect } from 'vitest';
import { AppError } from '@quitute/infra/errors';
import { fold, type Decider } from './decider';

/**
 * A decider's given/when/then (STYLE rule 9): `given(events).when(command)` is
 * the decision on the state those events fold to, made when called, so that a
 * refusal can be caught (`refusal`, `rejectsWith`).
 */
export function deciderSpec<State, Command, Event>(decider: Decider<State, Command, Event>) {
  return (events: readonly Event[]) => ({
    when: (command: Command) => () => decider.decide(command, fold(decider, events)),
  });
}

/** The AppError the decision refuses with; the test fails when it decides instead. */
export function refusal(decide: () => unknown): AppError {
  try {
    decide();
  } catch (error) {
    if (error instanceof AppError) return error;
    throw error;
  }
  throw new Error('expected the command to be refused');
}

/** Then the command is refused with this code and message. */
export function rejectsWith(decide: () => unknown, code: string, message: string): void {
  expect(refusal(decide)).toMatchObject({ code, message });
}
