import { chmodSync, mkdirSync, mkdtempSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { makePrivateDirectory } from '.';

const modeOf = (target: string) => statSync(target).mode & 0o777;

let root: string | undefined;
afterEach(() => {
  if (root) rmSync(root, { recursive: true, force: true });
  root = undefined;
});

describe('makePrivateDirectory', () => {
  it('given a folder left open to others (0777) by an earlier version, then it is the owner’s only', () => {
    root = mkdtempSync(path.join(tmpdir(), 'quitute-private-'));
    const folder = path.join(root, 'eventstore');
    mkdirSync(folder);
    chmodSync(folder, 0o777);

    makePrivateDirectory(folder);

    expect(modeOf(folder)).toBe(0o700);
  });

  it('given a path whose parents do not exist, then each folder made on the way is the owner’s only', () => {
    root = mkdtempSync(path.join(tmpdir(), 'quitute-private-'));
    const dataDir = path.join(root, 'data');

    makePrivateDirectory(path.join(dataDir, 'outbox'));

    expect([modeOf(dataDir), modeOf(path.join(dataDir, 'outbox'))]).toEqual([0o700, 0o700]);
  });
});
