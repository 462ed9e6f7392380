/**
 * A decider (STYLE): pure `decide(command, state) → events` and
 * `evolve(state, event) → state`. No clock, no randomness, no I/O: time and
 * new ids arrive inside the command.
 */
export interface Decider<State, Command, Event> {
  initialState: State;
  evolve(state: State, event: Event): State;
  decide(command: Command, state: State): Event[];
}

export function fold<State, Event>(
  decider: Pick<Decider<State, unknown, Event>, 'initialState' | 'evolve'>,
  // The decider says what its events are; a list of literals is checked against that.
  events: readonly NoInfer<Event>[],
): State {
  return events.reduce(decider.evolve, decider.initialState);
}
