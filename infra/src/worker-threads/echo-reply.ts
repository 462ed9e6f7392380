/** What echo-worker.ts answers (a module of its own, so the build has one to bundle). */
export const echoReply = (text: string): string => `eco: ${text}`;
