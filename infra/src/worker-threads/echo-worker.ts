import { parentPort } from 'node:worker_threads';
import { echoReply } from './echo-reply';

/** The thread of index.test.ts: answers each message, through a module of its own. */
parentPort?.on('message', (text: string) => parentPort?.postMessage(echoReply(text)));
