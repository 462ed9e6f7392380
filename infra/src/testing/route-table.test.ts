import express, { Router } from 'express';
import { describe, expect, it } from 'vitest';
import { routeTable } from './route-table';

describe('routeTable', () => {
  it('given an Express 5 app with routes of its own and routers mounted at / and at a prefix, then it lists every route with its full path', () => {
    const nested = Router();
    nested.post('/items', (_req, res) => res.end());
    nested.put('/items/:id', (_req, res) => res.end());
    const atRoot = Router();
    atRoot.patch('/api/things/:id', (_req, res) => res.end());
    const app = express();
    app.get('/health', (_req, res) => res.end());
    app.use(atRoot);
    app.use('/api/admin', nested);

    expect(routeTable(app)).toEqual([
      { method: 'GET', path: '/health' },
      { method: 'PATCH', path: '/api/things/:id' },
      { method: 'POST', path: '/api/admin/items' },
      { method: 'PUT', path: '/api/admin/items/:id' },
    ]);
  });

  it('given a plain function middleware, then nothing behind it is listed (it is not a router)', () => {
    const hidden = Router();
    hidden.post('/hidden', (_req, res) => res.end());
    const app = express();
    app.use((req, res, next) => hidden(req, res, next));

    expect(routeTable(app)).toEqual([]);
  });
});
