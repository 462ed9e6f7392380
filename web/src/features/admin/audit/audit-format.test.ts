import { describe, expect, it } from 'vitest';
import { actorLabel, formatMoment, shopInputOf, shopInputToIso } from './audit-format';
import { argsOf, filtersOf, fromOf } from './event-log-filters';

describe('the audit screens’ formats', () => {
  it('given a datetime-local value, then the server is sent that wall-clock time in São Paulo with its offset', () => {
    expect(shopInputToIso('2030-11-20T10:07')).toBe('2030-11-20T10:07:00-03:00');
    expect(shopInputToIso('2030-02-30T10:07')).toBeNull();
    expect(shopInputToIso('')).toBeNull();
  });

  it('given an ISO time or a wall-clock time, then the input shows the shop’s wall clock', () => {
    expect(shopInputOf('2030-11-20T13:07:00.000Z')).toBe('2030-11-20T10:07');
    expect(shopInputOf('2030-11-20T10:07')).toBe('2030-11-20T10:07');
    expect(shopInputOf('ontem')).toBe('');
    expect(shopInputOf(null)).toBe('');
  });

  it('given actors, then Sistema, or the name (else the id) with the role in pt-BR', () => {
    expect(actorLabel({ id: 'system', role: 'system', name: null })).toBe('Sistema');
    expect(actorLabel({ id: 'u1', role: 'user', name: 'Maria' })).toBe('Maria (Cliente)');
    expect(actorLabel({ id: 'u2', role: 'admin', name: null })).toBe('u2 (Administrador)');
  });

  it('given an instant, then dd/MM/yyyy HH:mm:ss in São Paulo', () => {
    expect(formatMoment('2030-11-20T13:10:30.000Z')).toBe('20/11/2030 10:10:30');
  });

  it('given the address of a filtered view, then the request leaves out empty filters and bad positions and sends times with the offset', () => {
    const params = new URLSearchParams(
      'type=%20OrderPlaced%20&stream=&since=2030-11-20T10:00&from=x',
    );
    expect(fromOf(params)).toBeUndefined();
    expect(fromOf(new URLSearchParams('from=50'))).toBe(50);
    expect(argsOf(filtersOf(params), undefined)).toEqual({
      type: 'OrderPlaced',
      since: '2030-11-20T10:00:00-03:00',
    });
  });
});
