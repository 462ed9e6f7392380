import express from 'express';
import { describe, expect, it } from 'vitest';
import { messages } from '@quitute/contracts';
import { DuplicateEventIdError, WrongExpectedRevisionError } from '../event-store/port';
import { silentLogger } from '../logging';
import { listenOnFreePort } from '../testing';
import { errorHandler } from './error-handler';

async function answerTo(error: unknown) {
  const app = express();
  app.get('/boom', () => {
    throw error;
  });
  app.use(errorHandler(silentLogger));
  const served = await listenOnFreePort(app);
  try {
    const response = await fetch(`${served.url}/boom`);
    return { status: response.status, body: await response.json() };
  } finally {
    await served.close();
  }
}

describe('errorHandler and the event store errors', () => {
  it('given an append that reused an event id with other content, then 409 conflict', async () => {
    const error = new DuplicateEventIdError('order-1', '0f5b7a4e-3c1d-4f51-9a8e-6d2c1b7e9a10');
    expect(await answerTo(error)).toEqual({
      status: 409,
      body: { message: messages.duplicateEvent, code: 'conflict' },
    });
  });

  it('given a revision conflict, then 412 as before', async () => {
    const error = new WrongExpectedRevisionError('order-1', 0, 1);
    expect(await answerTo(error)).toEqual({
      status: 412,
      body: { message: messages.revisionConflict, code: 'revision_conflict' },
    });
  });
});
