import { Router } from 'express';
import { z } from 'zod';
import {
  EVENT_STREAM_PAGE_SIZE,
  eventLogQuerySchema,
  eventStreamQuerySchema,
  orderHistoryQuerySchema,
  orderMessages,
  readOrderHistory,
  type EventStreamPage,
} from '@quitute/contracts';
import { AppError } from '@quitute/infra/errors';
import { parseWith } from '@quitute/infra/http';
import { sendAdminAnswer } from '../admin/reads';
import { readLogPage, toLogEntry, type EventLog } from './event-log';
import { auditMessages } from './messages';

export type { EventLog };

/**
 * A stream name as the shop writes them: no control character (PostgreSQL
 * refuses a NUL in text), and never one of EventStoreDB's own `$` streams
 * (system events without the shop's envelope).
 */
const streamNameSchema = z
  .string()
  .trim()
  .min(1)
  .max(200)
  .regex(/^(?!\$)\P{Cc}+$/u);

/**
 * The auditors' reads (issue 13), served from the event store, never from a
 * read model, behind the admin guard (app.ts):
 * GET /api/admin/orders/{id or number}/history, GET /api/admin/events and
 * GET /api/admin/events/streams/{stream}?from=<revision> (a page at a time). Each answer carries the log's head
 * position it was read at (X-Position and `position`).
 */
export function auditRoutes(deps: { eventLog: EventLog }): Router {
  const { eventLog } = deps;
  const router = Router();

  router.get('/api/admin/orders/:id/history', async (req, res) => {
    const query = parseWith(orderHistoryQuerySchema, req.query);
    const cut =
      query.asOf !== undefined
        ? { asOf: query.asOf }
        : query.position !== undefined
          ? { position: query.position }
          : null;
    const history = await readOrderHistory(eventLog, req.params['id'] ?? '', cut);
    if (!history) throw new AppError('not_found', orderMessages.notFound);
    sendAdminAnswer(res, history.position, history);
  });

  router.get('/api/admin/events', async (req, res) => {
    const page = await readLogPage(eventLog, parseWith(eventLogQuerySchema, req.query));
    sendAdminAnswer(res, page.position, page);
  });

  router.get('/api/admin/events/streams/:stream', async (req, res) => {
    const notFound = new AppError('not_found', auditMessages.streamNotFound);
    const stream = streamNameSchema.safeParse(req.params['stream']);
    if (!stream.success) throw notFound;
    const { from } = parseWith(eventStreamQuerySchema, req.query);
    // One event more than a page tells whether the stream goes on.
    const read = await eventLog.readStream(stream.data, {
      fromRevision: from,
      maxCount: EVENT_STREAM_PAGE_SIZE + 1,
    });
    const exists =
      read.length > 0 ||
      (from > 0 && (await eventLog.readStream(stream.data, { maxCount: 1 })).length > 0);
    if (!exists) throw notFound;
    const events = read.slice(0, EVENT_STREAM_PAGE_SIZE);
    const position = await eventLog.headPosition();
    sendAdminAnswer(res, position, {
      stream: stream.data,
      events: events.map(toLogEntry),
      next: read.length > EVENT_STREAM_PAGE_SIZE ? from + EVENT_STREAM_PAGE_SIZE : null,
      position,
    } satisfies EventStreamPage);
  });

  return router;
}
