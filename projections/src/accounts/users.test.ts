import { describe, expect, it } from 'vitest';
import type { AccountEvent } from '@quitute/contracts';
import type { RecordedEvent } from '@quitute/infra/event-store';
import type { ReadDocument } from '@quitute/infra/read-store';
import { usersProjection } from './users';

const userId = '5b7f2c1e-9a3d-4e8f-b6c2-1d0e9f8a7b6c';

function recorded(event: AccountEvent, position: number): RecordedEvent {
  const occurredAt = `2026-11-22T12:00:0${position}.000Z`;
  return {
    id: `00000000-0000-4000-8000-${String(position).padStart(12, '0')}`,
    type: event.type,
    streamName: `user-${userId}`,
    revision: position - 1,
    position,
    data: event.data,
    metadata: {
      correlationId: 'c',
      causationId: 'c',
      actorId: userId,
      actorRole: 'user',
      occurredAt,
    },
    recordedAt: occurredAt,
  };
}

/** Given these events, then this document. */
function project(events: AccountEvent[]): ReadDocument | null {
  return events.reduce<ReadDocument | null>((document, event, index) => {
    const routed = usersProjection.route(recorded(event, index + 1));
    expect(routed.documentId).toBe(userId);
    return routed.evolve(document);
  }, null);
}

const registered: AccountEvent = {
  type: 'UserRegistered',
  data: {
    userId,
    email: 'ana@example.com',
    name: 'Ana Lima',
    passwordHash: 'scrypt$secret',
    role: 'user',
  },
};

describe('users projection', () => {
  it('given a registration, then a profile with default preferences and no password hash', () => {
    const document = project([registered]);
    expect(document).toEqual({
      _id: userId,
      email: 'ana@example.com',
      name: 'Ana Lima',
      phone: '',
      address: '',
      notifications: { email: true, sms: false },
      role: 'user',
      isDeleted: false,
      createdAt: '2026-11-22T12:00:01.000Z',
      updatedAt: '2026-11-22T12:00:01.000Z',
    });
    expect(JSON.stringify(document)).not.toContain('scrypt');
  });

  it('given profile, preferences, password and role changes, then the document follows, updatedAt last', () => {
    const document = project([
      registered,
      {
        type: 'UserProfileUpdated',
        data: { userId, name: 'Ana L.', phone: '11987654321', address: 'Rua A, 1' },
      },
      {
        type: 'UserPreferencesChanged',
        data: { userId, notifications: { email: false, sms: true } },
      },
      { type: 'UserPasswordChanged', data: { userId, passwordHash: 'scrypt$other' } },
      { type: 'UserRoleChanged', data: { userId, role: 'admin' } },
    ]);
    expect(document).toMatchObject({
      name: 'Ana L.',
      phone: '11987654321',
      address: 'Rua A, 1',
      notifications: { email: false, sms: true },
      role: 'admin',
      updatedAt: '2026-11-22T12:00:05.000Z',
    });
    expect(JSON.stringify(document)).not.toContain('scrypt');
  });

  it('given a deletion, then the document is marked deleted', () => {
    expect(project([registered, { type: 'UserDeleted', data: { userId } }])).toMatchObject({
      isDeleted: true,
    });
  });
});
